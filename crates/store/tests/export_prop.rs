//! Property: random command sequences stored, exported, imported and exported again give the
//! identical bytes and the identical table.

use dice::{DiceRng, RollResult};
use engine::demo::Demo;
use engine::{
    Actor, Command, FakeClock, NewTable, Registry, Role, Roller, RuleError, Table, total_only,
};
use proptest::prelude::*;
use rand::Rng;
use serde_json::{Value, json};
use std::sync::Arc;
use store::{EventStore, MemoryStore, Tables, export};

struct D6;
impl Roller for D6 {
    fn roll(&mut self, _expr: &str, rng: &mut DiceRng) -> Result<RollResult, RuleError> {
        Ok(total_only(rng.random_range(1..=6)))
    }
}

fn command(op: u8, arg: i64, table: &Table) -> Value {
    let c = if arg % 2 == 0 { "c1" } else { "c2" };
    match op % 9 {
        0 => json!({"rules": {"add": {"character": c, "amount": arg}}}),
        1 => json!({"rules": {"roll": {"character": c, "dice": "1d6"}}}),
        2 => {
            json!({"rules": {"note": {"text": format!("note {arg} \"q\" é"), "secret": arg % 3 == 0}}})
        }
        3 => json!({"rules": {"secret_roll": {"character": c, "dice": "1d6"}}}),
        4 => json!({"rules": {"gamble": {"character": c}}}),
        5 => match table.core().decisions.first() {
            Some(d) => json!({"answer": {"decision": d.id, "option": d.options[0].id}}),
            None => json!({"undo": {}}),
        },
        6 => json!({"rules": {"bless": {"character": c, "rounds": 1 + arg.rem_euclid(2)}}}),
        7 => json!({"clock": {"start_combat": {"order": ["c1", "c2"]}}}),
        _ => json!({"clock": "end_turn"}),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn export_import_roundtrip_of_random_tables(
        ops in prop::collection::vec((any::<u8>(), -9i64..9), 1..40)
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        rt.block_on(async {
            let mut registry = Registry::new();
            registry.register(Demo);
            let registry = Arc::new(registry);
            let mut tables = Tables::new(Arc::new(MemoryStore::new()), registry.clone());
            tables.snapshot_every = 7;
            let new = NewTable { id: "x".into(), name: "x".into(), ruleset: "demo".into(), seed: Some(9), referee: "R".into(), config: Value::Null };
            tables.create(new, 0).await.unwrap();
            let clock = FakeClock::new(0);
            for c in [
                json!({"join": {"name": "alice", "role": Role::Player}}),
                json!({"rules": {"create": {"character": "c1"}}}),
                json!({"rules": {"create": {"character": "c2"}}}),
            ] {
                let c: Command = serde_json::from_value(c).unwrap();
                tables.execute("x", &Actor::Referee, &c, &clock, &mut D6).await.unwrap();
            }
            let mut table = tables.load("x").await.unwrap();
            for (op, arg) in &ops {
                let c: Command = serde_json::from_value(command(*op, *arg, &table)).unwrap();
                let _ = tables.execute_on(&mut table, &Actor::Referee, &c, &clock, &mut D6).await;
            }
            let text = export::export(&*tables.store, "x").await.unwrap();
            let other: Arc<dyn EventStore> = Arc::new(MemoryStore::new());
            export::import(&*other, &registry, &text, &export::Trust { key: None, accept_unsigned: true }).await.unwrap();
            let again = export::export(&*other, "x").await.unwrap();
            prop_assert_eq!(&text, &again);
            let imported = Tables::new(other, registry.clone()).load("x").await.unwrap();
            prop_assert_eq!(imported.snapshot(), table.snapshot());
            // Loading through snapshots gives the same table as the live one.
            prop_assert_eq!(tables.load("x").await.unwrap().snapshot(), table.snapshot());
            Ok(())
        })?;
    }
}
