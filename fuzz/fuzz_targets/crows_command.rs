//! The Crows command decoder and `decide` on any JSON a client could send, as the Referee and
//! as a player, on a table with a crow, a revealed monster and a seated player: every command
//! is prepared or refused, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use serde_json::json;
use std::sync::OnceLock;

fn table() -> &'static engine::Table {
    static TABLE: OnceLock<engine::Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut registry = engine::builtin_registry();
        registry.register(crows::ruleset::Crows);
        let new = engine::NewTable {
            id: "fuzz".into(),
            name: "fuzz".into(),
            ruleset: "crows".into(),
            seed: Some(1),
            referee: "referee".into(),
            config: json!({}),
        };
        let (mut table, _) = engine::Table::create(&registry, new, 0).expect("create");
        let mut roller = engine::DiceRoller;
        for cmd in [
            json!({"join": {"name": "ann", "role": "player"}}),
            json!({"rules": {"create_creature": {"id": "vera", "kind": "crow",
                "characteristics": {"agility": 1, "mind": 0, "strength": 0}, "stamina": 4}}}),
            json!({"rules": {"create_creature": {"id": "ghoul", "kind": "monster",
                "characteristics": {"agility": 0, "mind": -1, "strength": 1}, "stamina": 5,
                "revealed": true}}}),
            json!({"bind": {"player": "ann", "character": "vera"}}),
        ] {
            let prepared = table
                .prepare_json(&engine::Actor::Referee, &cmd, 0, &mut roller)
                .expect("set-up command");
            table.commit(prepared).expect("commit");
        }
        table
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(cmd) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let table = table();
    let mut roller = engine::DiceRoller;
    for actor in [engine::Actor::Referee, engine::Actor::Player("ann".into())] {
        let _ = table.prepare_json(&actor, &cmd, 1_000, &mut roller);
    }
});
