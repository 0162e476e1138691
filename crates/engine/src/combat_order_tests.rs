//! The combat clock across a change of turn order (`Ctx::reorder_combat`), through the `demo`
//! ruleset and the table's commands: round count, boundaries, refusals, replay and undo.

use crate::core::{Actor, Role};
use crate::demo::Demo;
use crate::event::{Command, Envelope, EventBody};
use crate::registry::Registry;
use crate::ruleset::ScriptedRoller;
use crate::table::{EngineError, NewTable, Table};
use crate::time::Boundary;
use serde_json::{Value, json};

struct Fixture {
    registry: Registry,
    table: Table,
    log: Vec<Envelope>,
}

impl Fixture {
    fn new() -> Self {
        let mut registry = Registry::new();
        registry.register(Demo);
        let new = NewTable {
            id: "t1".into(),
            name: "Order".into(),
            ruleset: "demo".into(),
            seed: Some(11),
            referee: "Rita".into(),
            config: Value::Null,
        };
        let (table, genesis) = Table::create(&registry, new, 0).unwrap();
        let mut f = Fixture {
            registry,
            table,
            log: vec![genesis],
        };
        f.ok(json!({"join": {"name": "bob", "role": Role::Player}}));
        for c in ["c1", "c2", "c3"] {
            f.ok(json!({"rules": {"create": {"character": c}}}));
        }
        f
    }

    fn run(&mut self, cmd: Value) -> Result<Vec<Envelope>, EngineError> {
        let command: Command =
            serde_json::from_value(cmd).map_err(|e| EngineError::BadCommand(e.to_string()))?;
        let events =
            self.table
                .execute(&Actor::Referee, &command, 0, &mut ScriptedRoller::default())?;
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    fn ok(&mut self, cmd: Value) -> Vec<Envelope> {
        let shown = cmd.to_string();
        self.run(cmd)
            .unwrap_or_else(|e| panic!("{shown} refused: {e}"))
    }

    fn clock(&mut self, cmd: Value) -> Vec<Envelope> {
        self.ok(json!({ "clock": cmd }))
    }

    /// (round, acting, order) of the engine's combat.
    fn combat(&self) -> (u32, Option<String>, Vec<String>) {
        let clock = &self.table.core().clock;
        let c = clock.combat.clone().unwrap();
        (c.round, clock.acting().map(str::to_string), c.order)
    }

    fn counter(&self, c: &str) -> i64 {
        self.table.state_json()["rules"]["counters"][c]
            .as_i64()
            .unwrap()
    }

    /// The log rebuilt from its stored JSON text gives the same table.
    fn assert_replays(&self) {
        let text: Vec<String> = self.log.iter().map(|e| e.to_json().unwrap()).collect();
        let parsed: Vec<Envelope> = text
            .iter()
            .map(|t| Envelope::from_json(t).unwrap())
            .collect();
        let rebuilt = Table::replay(&self.registry, &parsed).unwrap();
        assert_eq!(rebuilt.state_json(), self.table.state_json());
        assert_eq!(rebuilt.snapshot(), self.table.snapshot());
        let restored = Table::restore(&self.registry, &self.table.snapshot()).unwrap();
        assert_eq!(restored.state_json(), self.table.state_json());
    }
}

/// The boundaries passed in these events, in order, as short names.
fn boundaries(events: &[Envelope]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::BoundaryPassed { boundary } => Some(match boundary {
                Boundary::TurnStart { who } => format!("start {who}"),
                Boundary::TurnEnd { who } => format!("end {who}"),
                Boundary::RoundEnd => "round end".to_string(),
                other => format!("{other:?}"),
            }),
            _ => None,
        })
        .collect()
}

#[test]
fn a_new_order_given_mid_round_takes_over_at_the_next_round_and_the_count_runs_on() {
    let mut f = Fixture::new();
    f.clock(json!({"start_combat": {"order": ["c1", "c2"]}}));
    // A blessing of 2 rounds ticks at each round's end: it shows the round count.
    f.ok(json!({"rules": {"bless": {"character": "c3", "rounds": 2}}}));
    let events = f.clock(json!({"reorder_combat": {"order": ["c3", "c2", "c1"]}}));
    assert!(boundaries(&events).is_empty(), "nothing passes mid-round");
    assert_eq!(
        f.combat(),
        (1, Some("c1".into()), vec!["c1".into(), "c2".into()]),
        "round 1 finishes in its own order"
    );
    let events = f.clock(json!("end_turn"));
    assert_eq!(boundaries(&events), ["end c1", "start c2"]);
    let events = f.clock(json!("end_turn"));
    assert_eq!(boundaries(&events), ["end c2", "round end", "start c3"]);
    assert_eq!(
        f.combat(),
        (
            2,
            Some("c3".into()),
            vec!["c3".into(), "c2".into(), "c1".into()]
        )
    );
    assert_eq!(f.counter("c3"), 1, "one round ended");
    assert!(
        f.table
            .core()
            .clock
            .combat
            .clone()
            .unwrap()
            .next_order
            .is_none()
    );
    for _ in 0..3 {
        f.clock(json!("end_turn"));
    }
    // Round 2 ended: the blessing ticked again and ran out; round 3 keeps the new order.
    assert_eq!(f.counter("c3"), 2);
    assert!(f.table.core().effects.is_empty());
    assert_eq!(f.combat().0, 3);
    assert_eq!(f.combat().1.as_deref(), Some("c3"));
    f.assert_replays();
}

#[test]
fn a_combat_waiting_for_each_rounds_order_stops_between_rounds_until_reordered() {
    let mut f = Fixture::new();
    let events = f.clock(json!({"start_combat": {"order": ["c1", "c2"], "waits_for_order": true}}));
    assert_eq!(boundaries(&events), ["start c1"]);
    f.clock(json!("end_turn"));
    let events = f.clock(json!("end_turn"));
    assert_eq!(boundaries(&events), ["end c2", "round end"]);
    assert!(
        events
            .iter()
            .any(|e| e.body == EventBody::CombatRoundOver { round: 1 })
    );
    // Between rounds no one acts and the round is still 1.
    assert_eq!(f.combat().0, 1);
    assert_eq!(f.combat().1, None);
    // Ending a turn now is refused and changes nothing.
    let before = f.table.state_json();
    let err = f.run(json!({"clock": "end_turn"})).unwrap_err();
    assert!(
        matches!(&err, EngineError::Rule(r) if r.code == "round_over"),
        "{err}"
    );
    assert_eq!(f.table.state_json(), before);
    // The next order starts round 2 at once with its first combatant's turn.
    let events = f.clock(json!({"reorder_combat": {"order": ["c2", "c1"]}}));
    assert_eq!(boundaries(&events), ["start c2"]);
    assert_eq!(
        f.combat(),
        (2, Some("c2".into()), vec!["c2".into(), "c1".into()])
    );
    f.clock(json!("end_turn"));
    let events = f.clock(json!("end_turn"));
    assert_eq!(boundaries(&events), ["end c1", "round end"]);
    assert_eq!((f.combat().0, f.combat().1), (2, None));
    // An order given before the round's end is used without waiting.
    f.clock(json!({"reorder_combat": {"order": ["c3"]}}));
    f.clock(json!({"reorder_combat": {"order": ["c1", "c3"]}}));
    assert_eq!(f.combat().0, 3, "round 3 started with c3 alone");
    let events = f.clock(json!("end_turn"));
    assert_eq!(boundaries(&events), ["end c3", "round end", "start c1"]);
    assert_eq!(
        f.combat(),
        (4, Some("c1".into()), vec!["c1".into(), "c3".into()])
    );
    f.assert_replays();
}

#[test]
fn reordering_is_refused_without_combat_or_combatants_and_undone_with_its_command() {
    let mut f = Fixture::new();
    let err = f
        .run(json!({"clock": {"reorder_combat": {"order": ["c1"]}}}))
        .unwrap_err();
    assert!(
        matches!(&err, EngineError::Rule(r) if r.code == "no_combat"),
        "{err}"
    );
    f.clock(json!({"start_combat": {"order": ["c1", "c2"]}}));
    let before = f.table.state_json();
    let err = f
        .run(json!({"clock": {"reorder_combat": {"order": []}}}))
        .unwrap_err();
    assert!(
        matches!(&err, EngineError::Rule(r) if r.code == "empty_order"),
        "{err}"
    );
    assert_eq!(f.table.state_json(), before);
    // Undo takes a given order back: the next round keeps the old one.
    f.clock(json!({"reorder_combat": {"order": ["c2"]}}));
    assert!(
        f.table
            .core()
            .clock
            .combat
            .clone()
            .unwrap()
            .next_order
            .is_some()
    );
    f.ok(json!({"undo": {}}));
    assert_eq!(
        f.table.state_json()["core"]["clock"],
        before["core"]["clock"]
    );
    f.clock(json!("end_turn"));
    f.clock(json!("end_turn"));
    assert_eq!(
        f.combat(),
        (2, Some("c1".into()), vec!["c1".into(), "c2".into()])
    );
    f.assert_replays();
}

#[test]
fn a_combat_started_event_stored_before_waiting_existed_still_reads() {
    let old: EventBody =
        serde_json::from_value(json!({"type": "combat_started", "order": ["c1"]})).unwrap();
    assert_eq!(
        old,
        EventBody::CombatStarted {
            order: vec!["c1".into()],
            waits_for_order: false
        }
    );
    // And a combat that does not wait is written as before.
    assert_eq!(
        serde_json::to_value(&old).unwrap(),
        json!({"type": "combat_started", "order": ["c1"]})
    );
}
