//! Engine behaviour through the `demo` ruleset (which proves the engine knows no game).

use engine::demo::Demo;
use engine::{
    Actor, Command, EngineError, Envelope, EventBody, FakeClock, NewTable, Registry, Role,
    ScriptedRoller, Table, TurnLength, Viewer, WallClock, project_log,
};
use serde_json::{Value, json};

fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Demo);
    r
}

struct Fixture {
    registry: Registry,
    table: Table,
    log: Vec<Envelope>,
    clock: FakeClock,
    roller: ScriptedRoller,
}

impl Fixture {
    fn new() -> Self {
        let registry = registry();
        let clock = FakeClock::new(1_000_000);
        let new = NewTable {
            id: "t1".into(),
            name: "Test table".into(),
            ruleset: "demo".into(),
            seed: Some(0x5EED_5EC2E7),
            referee: "Rita".into(),
            config: Value::Null,
        };
        let (table, genesis) = Table::create(&registry, new, clock.now_ms()).unwrap();
        let mut f = Fixture {
            registry,
            table,
            log: vec![genesis],
            clock,
            roller: ScriptedRoller::default(),
        };
        for (name, role) in [
            ("alice", Role::Player),
            ("bob", Role::Player),
            ("sam", Role::Spectator),
        ] {
            f.ok(
                Actor::Referee,
                json!({"join": {"name": name, "role": role}}),
            );
        }
        for c in ["c1", "c2"] {
            f.ok(
                Actor::Referee,
                json!({"rules": {"create": {"character": c}}}),
            );
        }
        f.ok(
            Actor::Referee,
            json!({"bind": {"player": "alice", "character": "c1"}}),
        );
        f.ok(
            Actor::Referee,
            json!({"bind": {"player": "bob", "character": "c2"}}),
        );
        f
    }

    fn run(&mut self, actor: Actor, cmd: Value) -> Result<Vec<Envelope>, EngineError> {
        let command: Command =
            serde_json::from_value(cmd).map_err(|e| EngineError::BadCommand(e.to_string()))?;
        let events = self
            .table
            .execute(&actor, &command, self.clock.now_ms(), &mut self.roller)?;
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    fn ok(&mut self, actor: Actor, cmd: Value) -> Vec<Envelope> {
        let shown = cmd.to_string();
        self.run(actor, cmd)
            .unwrap_or_else(|e| panic!("{shown} refused: {e}"))
    }

    fn counter(&self, c: &str) -> i64 {
        self.table.state_json()["rules"]["counters"][c]
            .as_i64()
            .unwrap()
    }

    fn assert_replays(&self) {
        let rebuilt = Table::replay(&self.registry, &self.log).unwrap();
        assert_eq!(rebuilt.state_json(), self.table.state_json());
        assert_eq!(rebuilt.snapshot(), self.table.snapshot());
    }
}

fn alice() -> Actor {
    Actor::Player("alice".into())
}
fn bob() -> Actor {
    Actor::Player("bob".into())
}

#[test]
fn players_act_only_for_their_characters_referee_for_anyone_spectators_never() {
    let mut f = Fixture::new();
    f.ok(
        alice(),
        json!({"rules": {"add": {"character": "c1", "amount": 2}}}),
    );
    let err = f
        .run(
            alice(),
            json!({"rules": {"add": {"character": "c2", "amount": 2}}}),
        )
        .unwrap_err();
    assert!(
        matches!(err, EngineError::NotAllowed(ref m) if m.contains("c2")),
        "{err}"
    );
    f.ok(
        Actor::Referee,
        json!({"rules": {"add": {"character": "c2", "amount": 5}}}),
    );
    let spectator = Actor::Spectator("sam".into());
    assert!(matches!(
        f.run(
            spectator,
            json!({"rules": {"note": {"text": "hi", "secret": false}}})
        ),
        Err(EngineError::NotAllowed(_))
    ));
    assert!(matches!(
        f.run(alice(), json!({"rules": {"create": {"character": "c9"}}})),
        Err(EngineError::NotAllowed(_))
    ));
    assert!(matches!(
        f.run(
            Actor::System,
            json!({"rules": {"add": {"character": "c1", "amount": 1}}})
        ),
        Err(EngineError::NotAllowed(_))
    ));
    assert!(matches!(
        f.run(
            Actor::Player("mallory".into()),
            json!({"rules": {"add": {"character": "c1", "amount": 1}}})
        ),
        Err(EngineError::NotAllowed(_))
    ));
    assert!(matches!(
        f.run(
            alice(),
            json!({"bind": {"player": "alice", "character": "c2"}})
        ),
        Err(EngineError::NotAllowed(_))
    ));
    assert_eq!((f.counter("c1"), f.counter("c2")), (2, 5));
    f.assert_replays();
}

#[test]
fn bad_commands_leave_the_table_unchanged_with_a_clear_error() {
    let mut f = Fixture::new();
    let before = (f.table.state_json(), f.table.head());
    let err = f
        .run(
            Actor::Referee,
            json!({"rules": {"add": {"character": "c1", "amount": 5000}}}),
        )
        .unwrap_err();
    assert!(err.to_string().contains("demo::MAX_ADD"), "{err}");
    let err = f
        .run(Actor::Referee, json!({"rules": {"fly": {}}}))
        .unwrap_err();
    assert!(
        matches!(err, EngineError::BadCommand(ref m) if m.contains("demo")),
        "{err}"
    );
    let err = f
        .run(
            Actor::Referee,
            json!({"rules": {"add": {"character": "zz", "amount": 1}}}),
        )
        .unwrap_err();
    assert!(err.to_string().contains("zz"), "{err}");
    // A roll that cannot be made (no scripted result) refuses the whole command.
    let err = f
        .run(
            Actor::Referee,
            json!({"rules": {"roll": {"character": "c1", "dice": "1d6"}}}),
        )
        .unwrap_err();
    assert!(matches!(err, EngineError::Rule(_)), "{err}");
    assert_eq!((f.table.state_json(), f.table.head()), before);
}

#[test]
fn dice_are_recorded_and_replay_never_rolls_again() {
    let mut f = Fixture::new();
    f.roller = ScriptedRoller::totals([4, 6]);
    let events = f.ok(
        alice(),
        json!({"rules": {"roll": {"character": "c1", "dice": "1d6"}}}),
    );
    assert!(
        matches!(&events[0].body, EventBody::Rolled { result, expr, .. } if result.total == 4 && expr == "1d6")
    );
    f.ok(
        alice(),
        json!({"rules": {"roll": {"character": "c1", "dice": "1d6"}}}),
    );
    assert_eq!(f.counter("c1"), 10);
    assert_eq!(f.roller.remaining(), 0);
    // Replay takes no roller at all: the results come from the events.
    f.assert_replays();
}

#[test]
fn decisions_several_open_wrong_answerer_refused_ruleset_resumes() {
    let mut f = Fixture::new();
    f.ok(
        Actor::Referee,
        json!({"rules": {"add": {"character": "c1", "amount": 6}}}),
    );
    let gamble = f.ok(alice(), json!({"rules": {"gamble": {"character": "c1"}}}));
    let choose = f.ok(alice(), json!({"rules": {"choose": {"character": "c1"}}}));
    let id_of = |events: &[Envelope]| match &events[0].body {
        EventBody::DecisionOpened { decision } => decision.clone(),
        other => panic!("{other:?}"),
    };
    let (gamble, choose) = (id_of(&gamble), id_of(&choose));
    assert_eq!(gamble.default.as_deref(), Some("keep"));
    assert_eq!(f.table.core().decisions.len(), 2);
    // Alice may not answer the Referee's decision (she cannot even see it).
    let err = f
        .run(
            alice(),
            json!({"answer": {"decision": gamble.id, "option": "double"}}),
        )
        .unwrap_err();
    assert!(matches!(err, EngineError::UnknownDecision(_)), "{err}");
    // Bob sees the public choice but may not answer for Alice's character.
    let err = f
        .run(
            bob(),
            json!({"answer": {"decision": choose.id, "option": "up"}}),
        )
        .unwrap_err();
    assert!(matches!(err, EngineError::WrongAnswerer { .. }), "{err}");
    let err = f
        .run(
            Actor::Referee,
            json!({"answer": {"decision": gamble.id, "option": "triple"}}),
        )
        .unwrap_err();
    assert!(matches!(err, EngineError::BadOption { .. }), "{err}");
    f.ok(
        alice(),
        json!({"answer": {"decision": choose.id, "option": "up"}}),
    );
    assert_eq!(f.counter("c1"), 7);
    f.ok(
        Actor::Referee,
        json!({"answer": {"decision": gamble.id, "option": "double"}}),
    );
    assert_eq!(f.counter("c1"), 14);
    assert!(f.table.core().decisions.is_empty());
    let err = f
        .run(
            Actor::Referee,
            json!({"answer": {"decision": gamble.id, "option": "keep"}}),
        )
        .unwrap_err();
    assert!(matches!(err, EngineError::UnknownDecision(_)));
    f.assert_replays();
}

#[test]
fn effects_expire_by_rounds_and_at_the_end_of_the_next_turn() {
    let mut f = Fixture::new();
    f.ok(
        Actor::Referee,
        json!({"clock": {"start_combat": {"order": ["c1", "c2"]}}}),
    );
    // c1 is acting: "until the end of your next turn" survives this turn's end.
    f.ok(
        Actor::Referee,
        json!({"rules": {"curse": {"character": "c1"}}}),
    );
    f.ok(
        bob(),
        json!({"rules": {"bless": {"character": "c2", "rounds": 2}}}),
    );
    assert_eq!(f.table.core().effects.len(), 2);
    f.ok(Actor::Referee, json!({"clock": "end_turn"})); // c1's turn ends (curse 2 → 1)
    assert_eq!(f.counter("c1"), 0);
    let events = f.ok(Actor::Referee, json!({"clock": "end_turn"})); // c2 ends, round 1 ends
    assert!(events.iter().any(|e| matches!(&e.body, EventBody::BoundaryPassed { boundary } if *boundary == engine::Boundary::RoundEnd)));
    assert_eq!(f.counter("c2"), 1, "bless ticked once");
    let events = f.ok(Actor::Referee, json!({"clock": "end_turn"})); // c1's next turn ends
    assert!(events.iter().any(|e| matches!(
        &e.body,
        EventBody::EffectEnded {
            reason: engine::EndReason::Expired,
            ..
        }
    )));
    assert_eq!(f.counter("c1"), -1, "curse expired");
    f.ok(Actor::Referee, json!({"clock": "end_turn"})); // round 2 ends: bless ticks and expires
    assert_eq!(f.counter("c2"), 2);
    assert!(f.table.core().effects.is_empty());
    let combat = f.table.core().clock.combat.clone().unwrap();
    assert_eq!((combat.round, combat.current), (3, 0));
    f.assert_replays();
}

#[test]
fn real_time_exploration_turns_pause_resume_and_fire_exactly_once() {
    let mut f = Fixture::new();
    let length = TurnLength::RealTime { ms: 30 * 60_000 };
    f.ok(
        Actor::Referee,
        json!({"clock": {"start_exploration": {"length": length}}}),
    );
    f.clock.advance_ms(10 * 60_000);
    let err = f
        .run(
            Actor::System,
            json!({"clock": {"timer_due": {"id": "exploration_turn"}}}),
        )
        .unwrap_err();
    assert!(err.to_string().contains("not due"), "{err}");
    f.ok(
        Actor::Referee,
        json!({"clock": {"pause_timer": {"id": "exploration_turn"}}}),
    );
    f.clock.advance_ms(60 * 60_000); // a long break does not count
    assert!(f.table.due_timers(f.clock.now_ms()).is_empty());
    f.ok(
        Actor::Referee,
        json!({"clock": {"resume_timer": {"id": "exploration_turn"}}}),
    );
    let (_, deadline) = f.table.next_deadline().unwrap();
    assert_eq!(deadline, f.clock.now_ms() + 20 * 60_000);
    f.clock.advance_ms(20 * 60_000);
    assert_eq!(
        f.table.due_timers(f.clock.now_ms()),
        vec!["exploration_turn".to_string()]
    );
    f.ok(
        Actor::System,
        json!({"clock": {"timer_due": {"id": "exploration_turn"}}}),
    );
    assert_eq!(f.table.core().clock.exploration.as_ref().unwrap().turn, 2);
    // The second delivery of the same deadline is refused: the new turn's timer is not due.
    assert!(
        f.run(
            Actor::System,
            json!({"clock": {"timer_due": {"id": "exploration_turn"}}})
        )
        .is_err()
    );
    assert!(
        f.run(
            alice(),
            json!({"clock": {"pause_timer": {"id": "exploration_turn"}}})
        )
        .is_err()
    );
    f.assert_replays();
}

#[test]
fn game_minute_turns_days_and_rests_expire_effects() {
    let mut f = Fixture::new();
    f.ok(Actor::Referee, json!({"clock": {"start_exploration": {"length": {"kind": "game_minutes", "minutes": 10}}}}));
    for _ in 0..3 {
        f.ok(Actor::Referee, json!({"clock": "end_exploration_turn"}));
    }
    assert_eq!(f.table.core().clock.game_minutes, 30);
    assert_eq!(f.table.core().clock.exploration.as_ref().unwrap().turn, 4);
    let events = f.ok(
        Actor::Referee,
        json!({"clock": {"advance": {"minutes": 2 * 1440}}}),
    );
    let days = events.iter().filter(|e| matches!(&e.body, EventBody::BoundaryPassed { boundary } if *boundary == engine::Boundary::DayEnd)).count();
    assert_eq!(days, 2);
    f.ok(Actor::Referee, json!({"clock": "start_rest"}));
    f.ok(
        Actor::Referee,
        json!({"clock": {"end_rest": {"completed": true}}}),
    );
    assert_eq!(f.table.core().clock.rests_completed, 1);
    f.assert_replays();
}

#[test]
fn referee_undo_appends_a_revert_players_cannot() {
    let mut f = Fixture::new();
    f.ok(
        alice(),
        json!({"rules": {"add": {"character": "c1", "amount": 3}}}),
    );
    let before = f.table.state_json();
    f.ok(
        alice(),
        json!({"rules": {"add": {"character": "c1", "amount": 100}}}),
    );
    let head = f.table.head();
    assert!(matches!(
        f.run(alice(), json!({"undo": {}})),
        Err(EngineError::NotAllowed(_))
    ));
    let events = f.ok(Actor::Referee, json!({"undo": {"count": 1}}));
    assert!(matches!(&events[0].body, EventBody::Reverted { seqs } if seqs == &vec![head]));
    assert_eq!(f.table.head(), head + 1, "the log only grows");
    let mut now = f.table.state_json();
    now["core"]["head"] = before["core"]["head"].clone();
    assert_eq!(now, before);
    assert!(matches!(
        f.run(Actor::Referee, json!({"undo": {"count": 99}})),
        Err(EngineError::UndoTooDeep { .. })
    ));
    f.assert_replays();
}

#[test]
fn snapshot_restores_the_same_table() {
    let mut f = Fixture::new();
    f.ok(alice(), json!({"rules": {"gamble": {"character": "c1"}}}));
    let snapshot = f.table.snapshot();
    let mid = f.log.len();
    f.ok(
        alice(),
        json!({"rules": {"add": {"character": "c1", "amount": 3}}}),
    );
    f.ok(Actor::Referee, json!({"undo": {}}));
    f.ok(Actor::Referee, json!({"undo": {}}));
    let mut restored = Table::restore(&f.registry, &snapshot).unwrap();
    for e in &f.log[mid..] {
        restored.apply(e).unwrap();
    }
    assert_eq!(restored.snapshot(), f.table.snapshot());
    f.assert_replays();
}

#[test]
fn projection_no_player_sees_a_secret_event_or_field() {
    let mut f = Fixture::new();
    f.roller = ScriptedRoller::totals([3, 5]);
    f.ok(
        alice(),
        json!({"rules": {"note": {"text": "ALICE-SECRET-1", "secret": true}}}),
    );
    f.ok(
        Actor::Referee,
        json!({"rules": {"note": {"text": "REF-SECRET-2", "secret": true}}}),
    );
    f.ok(
        bob(),
        json!({"rules": {"note": {"text": "public hello", "secret": false}}}),
    );
    f.ok(
        Actor::Referee,
        json!({"rules": {"secret_roll": {"character": "c2", "dice": "1d100"}}}),
    );
    f.ok(
        Actor::Referee,
        json!({"rules": {"curse": {"character": "c1"}}}),
    );
    f.ok(alice(), json!({"rules": {"gamble": {"character": "c1"}}}));
    f.ok(
        alice(),
        json!({"rules": {"roll": {"character": "c1", "dice": "1d6"}}}),
    );
    f.ok(
        Actor::Referee,
        json!({"rules": {"note": {"text": "REF-SECRET-3", "secret": true}}}),
    );
    f.ok(Actor::Referee, json!({"undo": {}})); // reverts a secret note: invisible to players
    let seed = f.table.core().fixed_seed.expect("seeded").to_string();
    let gamble_id = f
        .table
        .core()
        .decisions
        .iter()
        .find(|d| d.kind == "gamble")
        .unwrap()
        .id
        .clone();
    let curse_id = f.table.core().effects[0].id.clone();

    let referee_log = project_log(&f.log, &Viewer::Referee);
    assert_eq!(referee_log.len(), f.log.len());
    assert!(referee_log.iter().zip(&f.log).all(|(v, e)| v.n == e.seq));

    for (viewer, own) in [
        (Viewer::Player("alice".into()), Some("ALICE-SECRET-1")),
        (Viewer::Player("bob".into()), None),
        (Viewer::Spectator("sam".into()), None),
    ] {
        let log = project_log(&f.log, &viewer);
        let bytes = serde_json::to_string(&log).unwrap() + &f.table.view(&viewer).to_string();
        for secret in [
            "REF-SECRET-2",
            "REF-SECRET-3",
            "1d100",
            "\"hidden\"",
            &gamble_id,
            &curse_id,
            "\"seed\"",
            &seed,
            "\"batch\"",
            "\"seq\"",
        ] {
            assert!(!bytes.contains(secret), "{viewer:?} sees {secret}");
        }
        match own {
            Some(own) => assert!(bytes.contains(own)),
            None => assert!(
                !bytes.contains("ALICE-SECRET-1"),
                "{viewer:?} sees Alice's note"
            ),
        }
        // Dense numbering: no gaps betray hidden events.
        assert!(log.iter().enumerate().all(|(i, e)| e.n == i as u64 + 1));
        // The secret roll shows as a notice only.
        assert!(bytes.contains("secret_roll"));
        assert!(
            !log.iter()
                .any(|e| matches!(e.body, EventBody::Reverted { .. }))
        );
    }
}

#[test]
fn real_dice_are_seeded_per_table_and_batch_and_physical_dice_can_be_entered() {
    let roll_once = || {
        let mut f = Fixture::new();
        let cmd: Command = serde_json::from_value(
            json!({"rules": {"roll": {"character": "c1", "dice": "3d6+1"}}}),
        )
        .unwrap();
        let events = f
            .table
            .execute(&Actor::Referee, &cmd, 0, &mut engine::DiceRoller)
            .unwrap();
        f.log.extend(events.iter().cloned());
        f.assert_replays();
        events
    };
    let (a, b) = (roll_once(), roll_once());
    assert_eq!(a, b, "same seed, same batch: same dice");
    let EventBody::Rolled { result, .. } = &a[0].body else {
        panic!("{:?}", a[0].body)
    };
    assert!((4..=19).contains(&result.total));

    let mut f = Fixture::new();
    let roll = |dice: &str| -> Command {
        serde_json::from_value(json!({"rules": {"roll": {"character": "c1", "dice": dice}}}))
            .unwrap()
    };
    let mut faces = engine::FacesRoller::new(vec![6, 6, 5]);
    f.table
        .execute(&Actor::Referee, &roll("3d6"), 0, &mut faces)
        .unwrap();
    assert_eq!(f.counter("c1"), 17);
    let mut bad = engine::FacesRoller::new(vec![7]);
    assert!(
        f.table
            .execute(&Actor::Referee, &roll("1d6"), 0, &mut bad)
            .is_err()
    );
    assert_eq!(f.counter("c1"), 17);
}

/// Issue 18 item 4: a seat is the seq of the event that seated the player, never reused; the
/// committed state, a replay and a snapshot agree on it; undoing a leave gives the seat back.
#[test]
fn sec_18_4_seats_are_never_reused_and_replay_agrees() {
    let mut f = Fixture::new();
    let seat = |f: &Fixture| f.table.core().participants.seat("bob");
    let first = seat(&f).expect("bob is seated");
    assert_eq!(first, f.log[2].seq, "bob joined in event {}", f.log[2].seq);
    assert!(matches!(&f.log[2].body, EventBody::ParticipantJoined { name, .. } if name == "bob"));
    f.ok(Actor::Referee, json!({"leave": {"name": "bob"}}));
    assert_eq!(seat(&f), None);
    f.ok(Actor::Referee, json!({"undo": {}}));
    assert_eq!(seat(&f), Some(first), "an undone leave keeps the same seat");
    f.assert_replays();
    f.ok(Actor::Referee, json!({"leave": {"name": "bob"}}));
    f.ok(
        Actor::Referee,
        json!({"join": {"name": "bob", "role": "player"}}),
    );
    let second = seat(&f).expect("bob is seated again");
    assert!(second > first);
    assert_eq!(second, f.log.last().expect("events").seq);
    f.assert_replays();
    let restored = Table::restore(&f.registry, &f.table.snapshot()).unwrap();
    assert_eq!(restored.core().participants.seat("bob"), Some(second));
    // Seats stay out of views.
    assert!(
        f.table.view(&Viewer::Referee)["participants"]
            .get("seats")
            .is_none()
    );
}

/// Issue 18 item 8: the engine's `join` refuses names not in normal form and look-alikes.
#[test]
fn sec_18_8_join_refuses_look_alike_and_unnormalised_names() {
    let mut f = Fixture::new();
    for name in [
        "Alice",
        "\u{430}lice",
        "rita",
        "alice ",
        "al\u{200b}ice",
        "Sam",
    ] {
        let err = f
            .run(
                Actor::Referee,
                json!({"join": {"name": name, "role": "player"}}),
            )
            .unwrap_err();
        assert!(err.to_string().contains("names."), "{name:?}: {err}");
    }
    f.ok(
        Actor::Referee,
        json!({"join": {"name": "Alina", "role": "spectator"}}),
    );
}

#[path = "engine_hardening/mod.rs"]
mod hardening;

/// Table options (issue 17, players' physical dice): only the Referee sets one; it is an
/// event (`option_set`, public), so it replays and undoes; the state carries it.
#[test]
fn table_options_are_referee_only_events_that_replay_and_undo() {
    let mut f = Fixture::new();
    assert!(!f.table.core().options.players_physical_dice);
    let on = json!({"set_option": {"players_physical_dice": true}});
    let head = f.table.head();
    assert!(matches!(
        f.run(alice(), on.clone()),
        Err(EngineError::NotAllowed(_))
    ));
    assert_eq!(f.table.head(), head, "a refused option changes nothing");
    let events = f.ok(Actor::Referee, on);
    assert!(matches!(
        &events[0].body,
        EventBody::OptionSet {
            option: engine::TableOption::PlayersPhysicalDice(true)
        }
    ));
    assert_eq!(events[0].visibility, engine::Visibility::Public);
    assert!(f.table.core().options.players_physical_dice);
    assert_eq!(
        f.table.state_json()["core"]["options"]["players_physical_dice"],
        true
    );
    f.assert_replays();
    f.ok(Actor::Referee, json!({"undo": {}}));
    assert!(!f.table.core().options.players_physical_dice);
    f.ok(
        Actor::Referee,
        json!({"set_option": {"players_physical_dice": true}}),
    );
    f.ok(
        Actor::Referee,
        json!({"set_option": {"players_physical_dice": false}}),
    );
    assert!(!f.table.core().options.players_physical_dice);
    assert!(
        f.run(
            Actor::Referee,
            json!({"set_option": {"no_such_option": true}})
        )
        .is_err()
    );
    f.assert_replays();
}
