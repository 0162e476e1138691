//! Issue 17's turn structure through the `demo` ruleset and the table's commands: the game
//! clock in seconds and a ruleset's round length, named rests, tie groups with delay, insert
//! and remove mid-round, interrupt windows, and effects with a source and a group.

use crate::core::{Actor, Role, Viewer};
use crate::demo::Demo;
use crate::event::{Command, Envelope, EventBody};
use crate::registry::Registry;
use crate::ruleset::ScriptedRoller;
use crate::table::{EngineError, NewTable, Table};
use crate::time::{Boundary, Effect, GameClock};
use serde_json::{Value, json};

struct Fixture {
    registry: Registry,
    table: Table,
    log: Vec<Envelope>,
    now: i64,
}

impl Fixture {
    fn new(config: Value) -> Self {
        let mut registry = Registry::new();
        registry.register(Demo);
        let new = NewTable {
            id: "t17".into(),
            name: "Turns".into(),
            ruleset: "demo".into(),
            seed: Some(17),
            referee: "Rita".into(),
            config,
        };
        let (table, genesis) = Table::create(&registry, new, 0).unwrap();
        let mut f = Fixture {
            registry,
            table,
            log: vec![genesis],
            now: 0,
        };
        f.ok(json!({"join": {"name": "bob", "role": Role::Player}}));
        for c in ["c1", "c2", "c3", "c4"] {
            f.ok(json!({"rules": {"create": {"character": c}}}));
        }
        f.ok(json!({"bind": {"player": "bob", "character": "c2"}}));
        f
    }

    fn run_as(&mut self, actor: Actor, cmd: Value) -> Result<Vec<Envelope>, EngineError> {
        let command: Command =
            serde_json::from_value(cmd).map_err(|e| EngineError::BadCommand(e.to_string()))?;
        let events =
            self.table
                .execute(&actor, &command, self.now, &mut ScriptedRoller::default())?;
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    fn run(&mut self, cmd: Value) -> Result<Vec<Envelope>, EngineError> {
        self.run_as(Actor::Referee, cmd)
    }

    fn ok(&mut self, cmd: Value) -> Vec<Envelope> {
        let shown = cmd.to_string();
        self.run(cmd)
            .unwrap_or_else(|e| panic!("{shown} refused: {e}"))
    }

    fn clock(&mut self, cmd: Value) -> Vec<Envelope> {
        self.ok(json!({ "clock": cmd }))
    }

    fn rules(&mut self, cmd: Value) -> Vec<Envelope> {
        self.ok(json!({ "rules": cmd }))
    }

    /// A refused command names its rule and changes nothing.
    fn refused(&mut self, cmd: Value, code: &str) {
        let before = self.table.state_json();
        let shown = cmd.to_string();
        match self.run(cmd) {
            Err(EngineError::Rule(e)) => assert_eq!(e.code, code, "{shown}: {e}"),
            other => panic!("{shown}: expected refusal `{code}`, got {other:?}"),
        }
        assert_eq!(self.table.state_json(), before, "{shown} changed the table");
    }

    fn game_clock(&self) -> GameClock {
        self.table.core().clock.clone()
    }

    fn acting(&self) -> Option<String> {
        self.table.core().clock.acting().map(str::to_string)
    }

    fn order(&self) -> Vec<String> {
        self.table.core().clock.combat.clone().unwrap().order
    }

    fn counter(&self, c: &str) -> i64 {
        self.table.state_json()["rules"]["counters"][c]
            .as_i64()
            .unwrap()
    }

    fn effects(&self, kind: &str) -> Vec<Effect> {
        self.table
            .core()
            .effects
            .iter()
            .filter(|e| e.kind == kind)
            .cloned()
            .collect()
    }

    fn dead(&self) -> Vec<String> {
        let dead = &self.table.state_json()["rules"]["dead"];
        serde_json::from_value(dead.clone()).unwrap_or_default()
    }

    /// The log rebuilt from its stored JSON text gives the same table.
    fn assert_replays(&self) {
        let parsed: Vec<Envelope> = self
            .log
            .iter()
            .map(|e| Envelope::from_json(&e.to_json().unwrap()).unwrap())
            .collect();
        let rebuilt = Table::replay(&self.registry, &parsed).unwrap();
        assert_eq!(rebuilt.state_json(), self.table.state_json());
        assert_eq!(rebuilt.snapshot(), self.table.snapshot());
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
                Boundary::GroupEnd => "group end".to_string(),
                Boundary::RestEnd => "rest end".to_string(),
                Boundary::NamedRestEnd { rest } => format!("{rest} rest end"),
                other => format!("{other:?}"),
            }),
            _ => None,
        })
        .collect()
}

/// The event types (engine) and demo event names (rules), in order.
fn kinds(events: &[Envelope]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            let body = serde_json::to_value(&e.body).unwrap();
            match &e.body {
                EventBody::Rules { event } => event
                    .as_object()
                    .and_then(|o| o.keys().next().cloned())
                    .unwrap_or_default(),
                _ => body["type"].as_str().unwrap_or_default().to_string(),
            }
        })
        .collect()
}

// --- The game clock in seconds and the round length -------------------------------------

#[test]
fn an_hour_long_effect_runs_through_a_20_round_fight() {
    let mut f = Fixture::new(json!({"round_seconds": 6}));
    f.rules(json!({"ward": {"character": "c1", "seconds": 3600}}));
    f.rules(json!({"ward": {"character": "c2", "seconds": 60}})); // "1 minute"
    f.clock(json!({"start_combat": {"order": ["c1", "c2"]}}));
    for round in 1..=20 {
        f.clock(json!("end_turn"));
        f.clock(json!("end_turn"));
        let wards: Vec<_> = f
            .effects("ward")
            .into_iter()
            .filter_map(|e| e.target)
            .collect();
        if round < 10 {
            assert_eq!(wards, ["c1", "c2"], "round {round}");
        } else {
            assert_eq!(
                wards,
                ["c1"],
                "the minute is 10 rounds of 6 s (round {round})"
            );
        }
    }
    let clock = f.game_clock();
    assert_eq!(clock.game_seconds(), 120, "20 rounds of 6 s");
    assert_eq!((clock.game_minutes, clock.second), (2, 0));
    assert_eq!(clock.combat.as_ref().unwrap().round, 21);
    f.clock(json!("end_combat"));
    f.clock(json!({"advance_seconds": {"seconds": 3479}}));
    assert_eq!(f.effects("ward").len(), 1, "one second of the hour is left");
    let events = f.clock(json!({"advance_seconds": {"seconds": 1}}));
    assert!(
        f.effects("ward").is_empty(),
        "the hour ran out to the second"
    );
    assert!(kinds(&events).contains(&"effect_ended".to_string()));
    assert_eq!(f.game_clock().game_minutes, 60);
    f.assert_replays();
}

#[test]
fn rounds_take_no_clock_time_unless_the_ruleset_declares_a_length() {
    let mut f = Fixture::new(Value::Null);
    f.clock(json!({"start_combat": {"order": ["c1", "c2"]}}));
    let mut events = Vec::new();
    for _ in 0..6 {
        events.extend(f.clock(json!("end_turn")));
    }
    assert_eq!(f.game_clock().game_seconds(), 0);
    assert!(
        !kinds(&events).contains(&"game_seconds_advanced".to_string()),
        "a game without a round length logs what it logged before"
    );
    // Minutes and seconds add up in one clock; a minute advance keeps the seconds.
    f.clock(json!({"advance_seconds": {"seconds": 90}}));
    f.clock(json!({"advance": {"minutes": 2}}));
    let clock = f.game_clock();
    assert_eq!(
        (clock.game_minutes, clock.second, clock.game_seconds()),
        (3, 30, 210)
    );
    assert_eq!(f.table.view(&Viewer::Referee)["clock"]["game_seconds"], 210);
    f.assert_replays();
}

#[test]
fn clock_effect_and_decision_json_from_before_issue_17_reads_and_writes_unchanged() {
    let old_clock = json!({"game_minutes": 5, "combat": null, "exploration": null,
        "resting": false, "rests_completed": 2, "timers": {}});
    let clock: GameClock = serde_json::from_value(old_clock.clone()).unwrap();
    assert_eq!((clock.game_seconds(), clock.rest_kind.clone()), (300, None));
    assert_eq!(serde_json::to_value(&clock).unwrap(), old_clock);
    let old_effect = json!({"id": "e", "kind": "bless", "target": "c1",
        "expiry": {"kind": "after", "on": {"kind": "round_end"}, "remaining": 2},
        "visibility": "public", "data": null});
    let effect: Effect = serde_json::from_value(old_effect.clone()).unwrap();
    assert_eq!(serde_json::to_value(&effect).unwrap(), old_effect);
    let old_decision = json!({"type": "decision_opened", "decision": {"id": "d", "kind": "k",
        "prompt": "p", "options": [], "answerer": {"kind": "referee"}, "free_text": true,
        "visibility": "referee", "context": null}});
    let body: EventBody = serde_json::from_value(old_decision.clone()).unwrap();
    assert_eq!(serde_json::to_value(&body).unwrap(), old_decision);
}

// --- Named rests -------------------------------------------------------------------------

#[test]
fn named_rests_count_by_kind_move_the_clock_and_pass_their_own_boundary() {
    let mut f = Fixture::new(Value::Null);
    f.refused(
        json!({"clock": {"start_named_rest": {"kind": "nap"}}}),
        "unknown_rest_kind",
    );
    f.clock(json!({"start_named_rest": {"kind": "short"}}));
    assert_eq!(f.game_clock().rest_kind.as_deref(), Some("short"));
    assert!(f.game_clock().resting, "a named rest is a rest");
    f.refused(
        json!({"clock": {"start_named_rest": {"kind": "long"}}}),
        "resting",
    );
    let events = f.clock(json!({"end_rest": {"completed": true}}));
    assert_eq!(boundaries(&events), ["rest end", "short rest end"]);
    let clock = f.game_clock();
    assert_eq!(clock.game_seconds(), 3600, "a short rest is an hour");
    assert_eq!(
        (clock.rests_completed, clock.rests_by_kind["short"]),
        (1, 1)
    );
    assert_eq!(clock.rest_kind, None);
    // An interrupted long rest counts nothing and takes no time by itself.
    f.clock(json!({"start_named_rest": {"kind": "long"}}));
    let events = f.clock(json!({"end_rest": {"completed": false}}));
    assert!(boundaries(&events).is_empty());
    f.clock(json!("start_rest"));
    f.clock(json!({"end_rest": {"completed": true}}));
    let clock = f.game_clock();
    assert_eq!(clock.rests_completed, 2, "a plain rest still counts");
    assert!(!clock.rests_by_kind.contains_key("long"));
    f.clock(json!({"start_named_rest": {"kind": "long"}}));
    f.clock(json!({"end_rest": {"completed": true}}));
    assert_eq!(f.game_clock().game_seconds(), 9 * 3600);
    assert_eq!(f.game_clock().rests_by_kind["long"], 1);
    f.assert_replays();
}

// --- Tie groups, delay, insert and remove ------------------------------------------------

#[test]
fn a_tie_group_where_both_die_resolves_together() {
    let mut f = Fixture::new(Value::Null);
    for c in ["c1", "c2", "c3"] {
        f.rules(json!({"add": {"character": c, "amount": 3}}));
    }
    let events = f.clock(json!({"start_grouped_combat": {"groups": [["c1", "c2"], ["c3"]]}}));
    assert_eq!(boundaries(&events), ["start c1"]);
    f.rules(json!({"strike": {"character": "c1", "target": "c2", "amount": 5}}));
    assert!(
        f.dead().is_empty(),
        "c2 is down but its count has not finished"
    );
    let events = f.clock(json!("end_turn"));
    assert_eq!(
        boundaries(&events),
        ["end c1", "start c2"],
        "no boundary inside a group"
    );
    // c2 acts on the same count: it strikes back.
    f.rules(json!({"strike": {"character": "c2", "target": "c1", "amount": 5}}));
    let events = f.clock(json!("end_turn"));
    assert_eq!(boundaries(&events), ["end c2", "group end", "start c3"]);
    assert_eq!(
        f.dead(),
        ["c1", "c2"],
        "both die together at the end of their count"
    );
    assert_eq!(f.order(), ["c3"]);
    assert_eq!(f.acting().as_deref(), Some("c3"));
    f.refused(
        json!({"rules": {"strike": {"character": "c1", "target": "c3", "amount": 1}}}),
        "dead",
    );
    let events = f.clock(json!("end_turn"));
    assert_eq!(
        boundaries(&events),
        ["end c3", "group end", "round end", "start c3"]
    );
    f.assert_replays();
}

#[test]
fn outside_tie_groups_a_combatant_down_dies_at_once_and_leaves_the_order() {
    let mut f = Fixture::new(Value::Null);
    f.clock(json!({"start_combat": {"order": ["c1", "c2", "c3"]}}));
    f.rules(json!({"strike": {"character": "c1", "target": "c2", "amount": 1}}));
    assert_eq!(f.dead(), ["c2"]);
    assert_eq!(f.order(), ["c1", "c3"]);
    let events = f.clock(json!("end_turn"));
    assert_eq!(
        boundaries(&events),
        ["end c1", "start c3"],
        "no group end in a plain combat"
    );
    f.assert_replays();
}

#[test]
fn a_turn_delayed_a_combatant_inserted_and_two_removed_mid_round() {
    let mut f = Fixture::new(Value::Null);
    f.clock(json!({"start_combat": {"order": ["c1", "c2", "c3"]}}));
    f.refused(
        json!({"clock": {"delay_turn": {"place": {"before": "c2"}}}}),
        "delay_not_later",
    );
    f.refused(
        json!({"clock": {"delay_turn": {"place": {"with": "c2"}}}}),
        "bad_place",
    );
    let events = f.clock(json!({"delay_turn": {"place": {"after": "c2"}}}));
    assert_eq!(
        boundaries(&events),
        ["start c2"],
        "c1 has not acted: no end of its turn"
    );
    assert_eq!(f.order(), ["c2", "c1", "c3"]);
    // A summoned creature acts right after the acting one.
    let events = f.clock(json!({"insert_combatant": {"who": "c4", "place": "next"}}));
    assert!(boundaries(&events).is_empty());
    assert_eq!(f.order(), ["c2", "c4", "c1", "c3"]);
    f.refused(
        json!({"clock": {"insert_combatant": {"who": "c4", "place": "last"}}}),
        "in_combat",
    );
    let events = f.clock(json!("end_turn"));
    assert_eq!(boundaries(&events), ["end c2", "start c4"]);
    // Removing someone who waits changes nothing else; removing the acting one moves on.
    f.clock(json!({"remove_combatant": {"who": "c3"}}));
    assert_eq!(f.acting().as_deref(), Some("c4"));
    let events = f.clock(json!({"remove_combatant": {"who": "c4"}}));
    assert_eq!(boundaries(&events), ["start c1"]);
    assert_eq!(f.order(), ["c2", "c1"]);
    let events = f.clock(json!("end_turn"));
    assert_eq!(boundaries(&events), ["end c1", "round end", "start c2"]);
    assert_eq!(f.table.core().clock.combat.as_ref().unwrap().round, 2);
    f.refused(
        json!({"clock": {"remove_combatant": {"who": "c3"}}}),
        "not_in_combat",
    );
    f.assert_replays();
}

#[test]
fn tie_groups_take_insertions_delays_and_a_new_grouped_order_each_round() {
    let mut f = Fixture::new(Value::Null);
    f.clock(
        json!({"start_grouped_combat": {"groups": [["c1"], ["c2", "c3"]],
        "waits_for_order": true}}),
    );
    // c4 joins c2's count; c1 delays to act with them.
    f.clock(json!({"insert_combatant": {"who": "c4", "place": {"with": "c2"}}}));
    let events = f.clock(json!({"delay_turn": {"place": {"with": "c3"}}}));
    assert_eq!(
        boundaries(&events),
        ["group end", "start c2"],
        "c1's count is over"
    );
    let groups = f.table.core().clock.combat.clone().unwrap().tie_groups();
    assert_eq!(groups, [vec!["c2", "c3", "c4", "c1"]]);
    let mut passed = Vec::new();
    for _ in 0..4 {
        passed.extend(boundaries(&f.clock(json!("end_turn"))));
    }
    assert_eq!(
        passed,
        [
            "end c2",
            "start c3",
            "end c3",
            "start c4",
            "end c4",
            "start c1",
            "end c1",
            "group end",
            "round end"
        ]
    );
    assert_eq!(f.acting(), None, "the clock waits for round 2's counts");
    f.refused(
        json!({"clock": {"reorder_grouped_combat": {"groups": [["c1"], []]}}}),
        "empty_group",
    );
    f.clock(json!({"reorder_grouped_combat": {"groups": [["c3", "c1"], ["c2"]]}}));
    let groups = f.table.core().clock.combat.clone().unwrap().tie_groups();
    assert_eq!(groups, [vec!["c3", "c1"], vec!["c2"]]);
    assert_eq!(f.acting().as_deref(), Some("c3"));
    f.assert_replays();
}

// --- Interrupt windows -------------------------------------------------------------------

#[test]
fn a_reaction_is_offered_and_taken_before_the_triggering_move_resolves() {
    let mut f = Fixture::new(Value::Null);
    f.clock(json!({"start_combat": {"order": ["c1", "c2"]}}));
    let events = f.rules(json!({"move": {"character": "c1", "to": 3}}));
    assert_eq!(kinds(&events), ["window_opened", "decision_opened"]);
    assert!(
        f.table.state_json()["rules"]["positions"]
            .get("c1")
            .is_none(),
        "the move waits"
    );
    let decision = f.table.core().decisions[0].clone();
    assert_eq!(
        decision.window.as_deref(),
        Some(f.table.core().windows[0].id.as_str())
    );
    // Bob controls c2: he sees the offer and takes it.
    let bob = Viewer::Player("bob".into());
    assert_eq!(
        f.table.view(&bob)["decisions"][0]["id"],
        decision.id.as_str()
    );
    let events = f
        .run_as(
            Actor::Player("bob".into()),
            json!({"answer": {"decision": decision.id, "option": "strike"}}),
        )
        .unwrap();
    assert_eq!(
        kinds(&events),
        ["decision_answered", "window_closed", "added", "moved"],
        "the strike lands before the move resolves"
    );
    assert_eq!(f.counter("c1"), -1);
    assert_eq!(f.table.state_json()["rules"]["positions"]["c1"], 3);
    assert!(f.table.core().windows.is_empty());
    assert_eq!(
        f.acting().as_deref(),
        Some("c1"),
        "a move does not end the turn"
    );
    f.assert_replays();
}

#[test]
fn a_window_holding_the_turn_change_waits_then_times_out_to_each_default() {
    let mut f = Fixture::new(Value::Null);
    f.refused(
        json!({"clock": {"set_window_timeout": {"ms": 0}}}),
        "bad_timeout",
    );
    f.clock(json!({"set_window_timeout": {"ms": 30_000}}));
    f.clock(json!({"start_combat": {"order": ["c1", "c2", "c3"]}}));
    f.rules(json!({"done": {"character": "c1"}}));
    let window = f.table.core().windows[0].clone();
    assert_eq!(window.holds_turn_of.as_deref(), Some("c1"));
    f.refused(
        json!({"clock": {"delay_turn": {"place": "last"}}}),
        "window_open",
    );
    assert_eq!(window.pending.len(), 2, "c2 and c3 are asked");
    f.refused(json!({"clock": "end_turn"}), "window_open");
    // c2 acts on its readied action; c3's player never answers.
    let c2 = f
        .table
        .core()
        .decisions
        .iter()
        .find(|d| d.context["by"] == "c2")
        .unwrap()
        .id
        .clone();
    let events = f.ok(json!({"answer": {"decision": c2, "option": "act"}}));
    assert_eq!(
        kinds(&events),
        ["decision_answered"],
        "c3 has not answered yet"
    );
    assert_eq!(f.acting().as_deref(), Some("c1"));
    f.now = 29_999;
    assert!(f.table.due_timers(f.now).is_empty());
    f.now = 30_000;
    let timer = f.table.due_timers(f.now).remove(0);
    let events = f
        .run_as(
            Actor::System,
            json!({"clock": {"timer_due": {"id": timer}}}),
        )
        .unwrap();
    assert_eq!(
        kinds(&events)[..4],
        ["timer_ended", "decision_answered", "window_closed", "added"]
    );
    assert_eq!(
        boundaries(&events),
        ["end c1", "start c2"],
        "then the turn changes"
    );
    assert_eq!(f.counter("c2"), 1);
    assert!(f.table.core().windows.is_empty() && f.table.core().decisions.is_empty());
    f.assert_replays();
}

#[test]
fn the_referee_closes_a_window_early_and_every_party_takes_its_default() {
    let mut f = Fixture::new(Value::Null);
    f.clock(json!({"start_combat": {"order": ["c1", "c2", "c3"]}}));
    f.rules(json!({"move": {"character": "c1", "to": 2}}));
    let id = f.table.core().windows[0].id.clone();
    f.refused(
        json!({"clock": {"close_window": {"id": "nope"}}}),
        "unknown_window",
    );
    let events = f.clock(json!({"close_window": {"id": id}}));
    assert_eq!(
        kinds(&events),
        [
            "decision_answered",
            "decision_answered",
            "window_closed",
            "moved"
        ],
        "both decline by default: the move resolves untouched"
    );
    assert_eq!(f.counter("c1"), 0);
    f.assert_replays();
}

#[test]
fn before_turn_end_holds_the_clocks_end_turn_with_a_window_asked_once() {
    let mut f = Fixture::new(json!({"readied_at_turn_end": true}));
    f.clock(json!({"start_combat": {"order": ["c1", "c2", "c3"]}}));
    // The clock's own end_turn: the ruleset's hook opens a window first, and the turn waits.
    let events = f.clock(json!("end_turn"));
    assert_eq!(
        kinds(&events),
        ["window_opened", "decision_opened", "decision_opened"]
    );
    assert!(boundaries(&events).is_empty(), "no TurnEnd yet");
    let window = f.table.core().windows[0].clone();
    assert_eq!(
        window.holds_turn_of.as_deref(),
        Some("c1"),
        "a window opened in the hook holds the turn change without asking to"
    );
    f.refused(json!({"clock": "end_turn"}), "window_open");
    let c2 = f
        .table
        .core()
        .decisions
        .iter()
        .find(|d| d.context["by"] == "c2")
        .unwrap()
        .id
        .clone();
    f.run_as(
        Actor::Player("bob".into()),
        json!({"answer": {"decision": c2, "option": "act"}}),
    )
    .unwrap();
    // Closing it ends the turn, without asking the hook again (no second window).
    let events = f.clock(json!({"close_window": {"id": window.id}}));
    assert_eq!(boundaries(&events), ["end c1", "start c2"]);
    assert!(f.table.core().windows.is_empty());
    assert_eq!(f.counter("c2"), 1, "c2 acted before the turn changed");
    // Without the config the hook does nothing: the turn ends at once.
    let mut g = Fixture::new(Value::Null);
    g.clock(json!({"start_combat": {"order": ["c1", "c2"]}}));
    assert_eq!(
        boundaries(&g.clock(json!("end_turn"))),
        ["end c1", "start c2"]
    );
    f.assert_replays();
}

// --- Effects with a source and a group ----------------------------------------------------

#[test]
fn concentration_ends_its_whole_group_by_removal_or_expiry() {
    let mut f = Fixture::new(Value::Null);
    f.rules(json!({"concentrate": {"character": "c1", "targets": ["c2", "c3"]}}));
    assert_eq!(f.effects("held").len(), 2);
    let link = |f: &Fixture, e: &Effect| f.table.core().effect_link(&e.id).unwrap().clone();
    let concentration = link(&f, &f.effects("concentration")[0]);
    assert_eq!(concentration.source.as_deref(), Some("c1"));
    assert_eq!(link(&f, &f.effects("held")[1]), concentration);
    let events = f.rules(json!({"break": {"character": "c1"}}));
    assert_eq!(kinds(&events), ["effect_ended"; 3]);
    assert!(f.effects("held").is_empty());
    f.refused(
        json!({"rules": {"break": {"character": "c1"}}}),
        "not_concentrating",
    );
    // A minute later, the whole group expires with its first member.
    f.rules(json!({"concentrate": {"character": "c1", "targets": ["c2"]}}));
    f.clock(json!({"advance_seconds": {"seconds": 60}}));
    assert!(f.table.core().effects.is_empty());
    f.assert_replays();
}

#[test]
fn a_grapple_ends_when_the_grappler_is_down() {
    let mut f = Fixture::new(Value::Null);
    f.rules(json!({"grapple": {"character": "c1", "target": "c2"}}));
    f.rules(json!({"grapple": {"character": "c3", "target": "c4"}}));
    let grapple = f.effects("grappled")[0].id.clone();
    let link = f.table.core().effect_link(&grapple).unwrap();
    assert_eq!(link.source.as_deref(), Some("c1"));
    f.rules(json!({"strike": {"character": "c4", "target": "c1", "amount": 1}}));
    let held: Vec<_> = f
        .effects("grappled")
        .into_iter()
        .filter_map(|e| e.target)
        .collect();
    assert_eq!(held, ["c4"], "only c1's grapple ended");
    assert!(f.table.core().effect_link(&grapple).is_none());
    f.assert_replays();
}
