//! Combatants the players do not know about (`Ruleset::combatant_visibility`, `crate::unseen`),
//! through the `demo` ruleset's `lurk`: a table with a lurking combatant gives the players the
//! same log and the same combat view as a table without it.

use crate::core::{Actor, Role, Viewer};
use crate::demo::Demo;
use crate::event::{Command, Envelope, EventBody};
use crate::projection::project_log;
use crate::registry::Registry;
use crate::ruleset::ScriptedRoller;
use crate::table::{NewTable, Table};
use crate::time::Boundary;
use serde_json::{Value, json};

struct Fixture {
    table: Table,
    log: Vec<Envelope>,
}

impl Fixture {
    fn new(characters: &[&str]) -> Self {
        let mut registry = Registry::new();
        registry.register(Demo);
        let new = NewTable {
            id: "t1".into(),
            name: "Unseen".into(),
            ruleset: "demo".into(),
            seed: Some(5),
            referee: "Rita".into(),
            config: Value::Null,
        };
        let (table, genesis) = Table::create(&registry, new, 0).unwrap();
        let mut f = Fixture {
            table,
            log: vec![genesis],
        };
        f.ok(json!({"join": {"name": "bob", "role": Role::Player}}));
        f.ok(json!({"join": {"name": "eve", "role": Role::Player}}));
        for c in characters {
            f.ok(json!({"rules": {"create": {"character": c}}}));
        }
        f.ok(json!({"bind": {"player": "bob", "character": "c1"}}));
        f
    }

    fn ok(&mut self, cmd: Value) -> Vec<Envelope> {
        let shown = cmd.to_string();
        let command: Command = serde_json::from_value(cmd).unwrap();
        let events = self
            .table
            .execute(&Actor::Referee, &command, 0, &mut ScriptedRoller::default())
            .unwrap_or_else(|e| panic!("{shown} refused: {e}"));
        self.log.extend(events.iter().cloned());
        events
    }

    fn clock(&mut self, cmd: Value) -> Vec<Envelope> {
        self.ok(json!({ "clock": cmd }))
    }

    /// The combat-order and boundary events of `viewer`'s log, in order.
    fn combat_log(&self, viewer: &Viewer) -> Vec<EventBody> {
        project_log(&self.log, viewer)
            .into_iter()
            .map(|e| e.body)
            .filter(|b| {
                matches!(
                    b,
                    EventBody::BoundaryPassed { .. }
                        | EventBody::CombatStarted { .. }
                        | EventBody::CombatTurn { .. }
                        | EventBody::CombatantInserted { .. }
                        | EventBody::CombatantRemoved { .. }
                        | EventBody::CombatantDelayed { .. }
                        | EventBody::CombatReordered { .. }
                        | EventBody::CombatRoundOver { .. }
                        | EventBody::CombatEnded
                )
            })
            .collect()
    }

    fn combat_view(&self, viewer: &Viewer) -> Value {
        self.table.view(viewer)["clock"]["combat"].clone()
    }

    /// What `viewer` gets of the combat: its combat log and its view of the clock (the demo's
    /// own counters name every character to everyone).
    fn everything(&self, viewer: &Viewer) -> String {
        let log: Vec<String> = self
            .combat_log(viewer)
            .iter()
            .map(|b| serde_json::to_string(b).unwrap())
            .collect();
        format!("{} {}", log.join(" "), self.table.view(viewer)["clock"])
    }
}

fn player(name: &str) -> Viewer {
    Viewer::Player(name.into())
}

/// A combatant inserted mid-combat while lurking: the players' combat log and view match a
/// table without it at every step; the lurker's turn passes silently; the Referee sees it all.
#[test]
fn a_lurking_combatant_inserted_mid_combat_leaves_the_players_combat_as_without_it() {
    let mut plain = Fixture::new(&["c1", "c2", "c3"]);
    let mut lurk = Fixture::new(&["c1", "c2", "c3", "c9"]);
    lurk.ok(json!({"rules": {"lurk": {"character": "c9", "lurking": true}}}));
    for f in [&mut plain, &mut lurk] {
        f.clock(json!({"start_combat": {"order": ["c1", "c2", "c3"]}}));
    }
    // The lurker joins right after c1 (acts next), then c1 ends its turn.
    lurk.clock(json!({"insert_combatant": {"who": "c9", "place": "next"}}));
    let same = |plain: &Fixture, lurk: &Fixture, step: &str| {
        for v in [
            player("bob"),
            player("eve"),
            Viewer::Spectator("sam".into()),
        ] {
            assert_eq!(
                plain.combat_log(&v),
                lurk.combat_log(&v),
                "{step}: {v:?}'s log"
            );
            assert_eq!(
                plain.combat_view(&v),
                lurk.combat_view(&v),
                "{step}: {v:?}'s view"
            );
            assert!(
                !lurk.everything(&v).contains("c9"),
                "{step}: {v:?} learns of c9"
            );
        }
    };
    same(&plain, &lurk, "inserted");
    let views_before: Vec<Value> = [player("bob"), player("eve")]
        .iter()
        .map(|v| plain.combat_view(v))
        .collect();
    plain.clock(json!("end_turn"));
    lurk.clock(json!("end_turn"));
    // The lurker acts now, silently: the players' log has c1's turn end and nothing more yet
    // (c2's turn comes when the lurker's ends: the time the Referee takes), and their view
    // still shows c1's turn.
    assert_eq!(lurk.table.core().clock.acting(), Some("c9"));
    for (v, before) in [player("bob"), player("eve")].into_iter().zip(views_before) {
        let mut early = plain.combat_log(&v);
        assert_eq!(
            early.pop(),
            Some(EventBody::BoundaryPassed {
                boundary: Boundary::TurnStart { who: "c2".into() }
            })
        );
        assert!(matches!(early.pop(), Some(EventBody::CombatTurn { .. })));
        assert_eq!(early, lurk.combat_log(&v), "the lurker's turn: {v:?}'s log");
        assert_eq!(before, lurk.combat_view(&v));
        assert!(!lurk.everything(&v).contains("c9"));
    }
    let referee = lurk.combat_view(&Viewer::Referee);
    assert_eq!(referee["order"], json!(["c1", "c9", "c2", "c3"]));
    lurk.clock(json!("end_turn"));
    same(&plain, &lurk, "c2's turn");
    assert_eq!(lurk.combat_view(&player("bob"))["current"], json!(1));
    // A whole round on: the lurker acts again, silently; then it is revealed.
    for _ in 0..2 {
        plain.clock(json!("end_turn"));
        lurk.clock(json!("end_turn"));
    }
    same(&plain, &lurk, "round 2");
    assert_eq!(lurk.combat_view(&player("bob"))["round"], json!(2));
    lurk.clock(json!("end_turn"));
    assert_eq!(lurk.table.core().clock.acting(), Some("c9"));
    lurk.ok(json!({"rules": {"lurk": {"character": "c9", "lurking": false}}}));
    assert_eq!(
        lurk.combat_view(&player("eve"))["order"],
        json!(["c1", "c9", "c2", "c3"]),
        "revealed, it takes its place in every view"
    );
    assert_eq!(lurk.combat_view(&player("eve"))["current"], json!(1));
    assert_eq!(
        lurk.combat_view(&player("bob"))["current"],
        json!(1),
        "bob sees it too now"
    );
    // The Referee's log has the lurker's turns.
    let turns = lurk
        .combat_log(&Viewer::Referee)
        .into_iter()
        .filter(|b| matches!(b, EventBody::BoundaryPassed { boundary: Boundary::TurnStart { who } } if who == "c9"))
        .count();
    assert_eq!(turns, 2);
}

/// A lurker in the starting order, first and last: the players' combat starts without it,
/// its turns and the round's end read as at a table without it; its controller sees its turns.
#[test]
fn a_lurking_combatant_in_the_starting_order_is_out_of_the_players_order_and_turns() {
    let mut plain = Fixture::new(&["c2", "c3"]);
    let mut lurk = Fixture::new(&["c1", "c2", "c3", "c9"]);
    // bob controls c1, which lurks: bob knows of it, eve does not.
    lurk.ok(json!({"rules": {"lurk": {"character": "c1", "lurking": true}}}));
    lurk.ok(json!({"rules": {"lurk": {"character": "c9", "lurking": true}}}));
    plain.clock(json!({"start_combat": {"order": ["c2", "c3"]}}));
    lurk.clock(json!({"start_combat": {"order": ["c1", "c2", "c3", "c9"]}}));
    let eve = player("eve");
    // The lurking table runs on; whenever a combatant eve knows acts there, the plain table
    // is at the same place and eve's log and view are the same.
    for step in 0..12 {
        let acting = lurk.table.core().clock.acting().map(str::to_string);
        if matches!(acting.as_deref(), Some("c2" | "c3")) {
            assert_eq!(plain.combat_log(&eve), lurk.combat_log(&eve), "step {step}");
            assert_eq!(
                plain.combat_view(&eve),
                lurk.combat_view(&eve),
                "step {step}"
            );
            assert_eq!(plain.table.core().clock.acting(), acting.as_deref());
            plain.clock(json!("end_turn"));
        }
        assert!(!lurk.everything(&eve).contains("c9"), "step {step}");
        assert!(!lurk.everything(&eve).contains("c1"), "step {step}");
        lurk.clock(json!("end_turn"));
    }
    // bob, c1's controller, sees c1's place and turns (not c9's).
    let bob = lurk.combat_view(&player("bob"));
    assert_eq!(bob["order"], json!(["c1", "c2", "c3"]));
    let bob_turns = lurk
        .combat_log(&player("bob"))
        .into_iter()
        .filter(|b| matches!(b, EventBody::BoundaryPassed { boundary: Boundary::TurnStart { who } } if who == "c1"))
        .count();
    assert_eq!(bob_turns, 4, "c1's turns of rounds 1 to 4");
    assert!(!lurk.everything(&player("bob")).contains("c9"));
}
