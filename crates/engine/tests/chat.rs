//! Table chat, whispers and the free dice roller (`say`, `roll`): who sees what, the limits,
//! and that a viewer outside a whisper or a secret roll learns nothing — no entry, no number,
//! no count, no change in its view.

use engine::demo::Demo;
use engine::{
    Actor, Command, DiceRoller, EngineError, Envelope, EventBody, FakeClock, NewTable, Registry,
    Role, Table, Viewer, Visibility, WallClock, project_log,
};
use serde_json::{Value, json};

struct Fixture {
    registry: Registry,
    table: Table,
    log: Vec<Envelope>,
    clock: FakeClock,
}

impl Fixture {
    fn new() -> Self {
        let mut registry = Registry::new();
        registry.register(Demo);
        let clock = FakeClock::new(1_000_000);
        let new = NewTable {
            id: "t1".into(),
            name: "Chat table".into(),
            ruleset: "demo".into(),
            seed: Some(0xC4A7),
            referee: "Rita".into(),
            config: Value::Null,
        };
        let (table, genesis) = Table::create(&registry, new, clock.now_ms()).unwrap();
        let mut f = Fixture {
            registry,
            table,
            log: vec![genesis],
            clock,
        };
        for (name, role) in [
            ("alice", Role::Player),
            ("bob", Role::Player),
            ("cara", Role::Player),
            ("sam", Role::Spectator),
        ] {
            f.ok(
                Actor::Referee,
                json!({"join": {"name": name, "role": role}}),
            );
        }
        f
    }

    fn run(&mut self, actor: Actor, cmd: Value) -> Result<Vec<Envelope>, EngineError> {
        let command: Command =
            serde_json::from_value(cmd).map_err(|e| EngineError::BadCommand(e.to_string()))?;
        let events = self
            .table
            .execute(&actor, &command, self.clock.now_ms(), &mut DiceRoller)?;
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    fn ok(&mut self, actor: Actor, cmd: Value) -> Vec<Envelope> {
        let shown = cmd.to_string();
        self.run(actor, cmd)
            .unwrap_or_else(|e| panic!("{shown} refused: {e}"))
    }

    /// Refused, and nothing changed.
    fn refused(&mut self, actor: Actor, cmd: Value) -> EngineError {
        let before = (self.table.snapshot(), self.log.len());
        let shown = cmd.to_string();
        let err = match self.run(actor, cmd) {
            Ok(events) => panic!("{shown} accepted: {events:?}"),
            Err(e) => e,
        };
        assert_eq!((self.table.snapshot(), self.log.len()), before, "{shown}");
        err
    }

    fn seen(&self, viewer: &Viewer) -> String {
        serde_json::to_string(&project_log(&self.log, viewer)).unwrap()
    }
}

fn player(name: &str) -> Actor {
    Actor::Player(name.into())
}
fn viewer(name: &str) -> Viewer {
    Viewer::Player(name.into())
}

fn rule_of(e: &EngineError) -> Option<String> {
    match e {
        EngineError::Rule(r) => r.rule.clone(),
        _ => None,
    }
}

#[test]
fn table_chat_is_seen_by_everyone_and_names_its_sender() {
    let mut f = Fixture::new();
    let events = f.ok(
        player("alice"),
        json!({"say": {"text": "  Hello, table!  "}}),
    );
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].visibility, Visibility::Public);
    assert_eq!(events[0].actor, player("alice"));
    assert_eq!(
        events[0].body,
        EventBody::Said {
            text: "Hello, table!".into(),
            to: vec![],
            to_referee: false
        }
    );
    for v in [
        Viewer::Referee,
        viewer("bob"),
        viewer("cara"),
        Viewer::Spectator("sam".into()),
    ] {
        assert!(f.seen(&v).contains("Hello, table!"), "{v:?}");
    }
    // The wire form of the event: type `said`, no empty fields.
    let wire = serde_json::to_value(&events[0].body).unwrap();
    assert_eq!(wire, json!({"type": "said", "text": "Hello, table!"}));
    f.ok(
        Actor::Referee,
        json!({"say": {"text": "Welcome.", "to": []}}),
    );
    let replayed = Table::replay(&f.registry, &f.log).unwrap();
    assert_eq!(replayed.snapshot(), f.table.snapshot());
}

#[test]
fn a_whisper_between_two_players_leaves_no_trace_for_a_third() {
    let mut f = Fixture::new();
    f.ok(player("alice"), json!({"say": {"text": "before"}}));
    let cara_before = project_log(&f.log, &viewer("cara"));
    let cara_view = f.table.view(&viewer("cara"));
    let sam_before = project_log(&f.log, &Viewer::Spectator("sam".into()));

    let events = f.ok(
        player("alice"),
        json!({"say": {"text": "WHISPER-A-TO-B meet at the gate", "to": ["bob"]}}),
    );
    assert_eq!(
        events[0].visibility,
        Visibility::Players(["alice".to_string(), "bob".to_string()].into())
    );
    assert!(f.seen(&viewer("alice")).contains("WHISPER-A-TO-B"));
    assert!(f.seen(&viewer("bob")).contains("WHISPER-A-TO-B"));
    // The Referee sees every event (see the `chat` module doc).
    assert!(f.seen(&Viewer::Referee).contains("WHISPER-A-TO-B"));

    // Cara and the spectator: not one entry more, not one byte of their view different.
    assert_eq!(project_log(&f.log, &viewer("cara")), cara_before);
    assert_eq!(f.table.view(&viewer("cara")), cara_view);
    assert_eq!(
        project_log(&f.log, &Viewer::Spectator("sam".into())),
        sam_before
    );

    // The next public line is the next number for everyone: no gap where the whisper was.
    f.ok(player("bob"), json!({"say": {"text": "after"}}));
    let cara = project_log(&f.log, &viewer("cara"));
    assert_eq!(cara.len(), cara_before.len() + 1);
    assert!(cara.iter().enumerate().all(|(i, e)| e.n == i as u64 + 1));
    let bob = project_log(&f.log, &viewer("bob"));
    let whisper = bob
        .iter()
        .find(|e| matches!(&e.body, EventBody::Said { to, .. } if !to.is_empty()))
        .unwrap();
    assert!(whisper.private);
    assert_eq!(whisper.actor, player("alice"));

    // Undoing the whisper: the revert is hidden from Cara as the whisper was.
    f.ok(Actor::Referee, json!({"undo": {}})); // "after"
    f.ok(Actor::Referee, json!({"undo": {}})); // the whisper
    let cara_after = f.seen(&viewer("cara"));
    assert!(!cara_after.contains("WHISPER"));
    assert_eq!(
        project_log(&f.log, &viewer("cara")).len(),
        cara_before.len() + 2,
        "`after` and its revert only"
    );
    let replayed = Table::replay(&f.registry, &f.log).unwrap();
    assert_eq!(replayed.snapshot(), f.table.snapshot());
}

#[test]
fn whispers_to_and_from_the_referee() {
    let mut f = Fixture::new();
    let to_ref = f.ok(
        player("bob"),
        json!({"say": {"text": "BOB-TO-REF", "to": ["Rita"]}}),
    );
    assert_eq!(to_ref[0].visibility, Visibility::player("bob"));
    assert_eq!(
        to_ref[0].body,
        EventBody::Said {
            text: "BOB-TO-REF".into(),
            to: vec![],
            to_referee: true
        }
    );
    let from_ref = f.ok(
        Actor::Referee,
        json!({"say": {"text": "REF-TO-CARA-AND-ALICE", "to": ["cara", "alice", "cara"]}}),
    );
    assert_eq!(
        from_ref[0].visibility,
        Visibility::Players(["alice".to_string(), "cara".to_string()].into())
    );
    let mixed = f.ok(
        player("alice"),
        json!({"say": {"text": "ALICE-TO-REF-AND-CARA", "to": ["Rita", "cara"]}}),
    );
    assert_eq!(
        mixed[0].visibility,
        Visibility::Players(["alice".to_string(), "cara".to_string()].into())
    );
    let bob = f.seen(&viewer("bob"));
    assert!(bob.contains("BOB-TO-REF"));
    assert!(!bob.contains("REF-TO-CARA") && !bob.contains("ALICE-TO-REF"));
    let cara = f.seen(&viewer("cara"));
    assert!(!cara.contains("BOB-TO-REF"));
    assert!(cara.contains("REF-TO-CARA-AND-ALICE") && cara.contains("ALICE-TO-REF-AND-CARA"));
    let sam = f.seen(&Viewer::Spectator("sam".into()));
    assert!(!sam.contains("TO-"), "spectators never see whispers: {sam}");
}

#[test]
fn chat_refusals_name_the_limit_and_change_nothing() {
    let mut f = Fixture::new();
    let cases = [
        (json!({"say": {"text": "   "}}), "chat.text"),
        (json!({"say": {"text": "x".repeat(1001)}}), "chat.text"),
        (json!({"say": {"text": "bell\u{7}"}}), "chat.text"),
        (
            json!({"say": {"text": "hi", "to": ["nobody"]}}),
            "chat.recipients",
        ),
        (
            json!({"say": {"text": "hi", "to": ["sam"]}}),
            "chat.recipients",
        ),
        (
            json!({"say": {"text": "hi", "to": ["alice"]}}),
            "chat.recipients",
        ),
        (
            json!({"say": {"text": "hi", "to": ["bob", "bob", "bob", "bob", "bob", "bob", "bob", "bob", "bob"]}}),
            "chat.recipients",
        ),
        (
            json!({"roll": {"expr": "1d6", "label": "y".repeat(81)}}),
            "roll.label",
        ),
        (
            json!({"roll": {"expr": "1d6", "label": "a\nb"}}),
            "roll.label",
        ),
    ];
    for (cmd, rule) in cases {
        let e = f.refused(player("alice"), cmd.clone());
        assert_eq!(rule_of(&e).as_deref(), Some(rule), "{cmd}: {e}");
    }
    // The Referee cannot whisper to the Referee.
    let e = f.refused(
        Actor::Referee,
        json!({"say": {"text": "hi", "to": ["Rita"]}}),
    );
    assert_eq!(rule_of(&e).as_deref(), Some("chat.recipients"));
    // Bad dice: the dice crate's parser and limits, named in the message.
    for expr in ["", "2d", "10001d6", "1d1000001", "d20+"] {
        let e = f.refused(player("alice"), json!({"roll": {"expr": expr}}));
        assert!(
            matches!(&e, EngineError::Rule(r) if r.code == "bad_dice"),
            "{expr}: {e}"
        );
    }
    let e = f.refused(player("alice"), json!({"roll": {"expr": "10001d6"}}));
    assert!(e.to_string().contains("10000"), "{e}");
    // Unknown fields and shapes are malformed.
    assert!(matches!(
        f.refused(
            player("alice"),
            json!({"say": {"text": "hi", "loud": true}})
        ),
        EngineError::BadCommand(_)
    ));
    // Spectators and strangers never speak or roll.
    for actor in [
        Actor::Spectator("sam".into()),
        player("mallory"),
        Actor::System,
    ] {
        for cmd in [
            json!({"say": {"text": "hi"}}),
            json!({"roll": {"expr": "1d6"}}),
        ] {
            assert!(matches!(
                f.refused(actor.clone(), cmd),
                EngineError::NotAllowed(_)
            ));
        }
    }
}

#[test]
fn free_rolls_public_and_secret() {
    let mut f = Fixture::new();
    let public = f.ok(
        player("alice"),
        json!({"roll": {"expr": " 2d10+1 ", "label": " to the door "}}),
    );
    assert_eq!(public.len(), 1);
    assert_eq!(public[0].visibility, Visibility::Public);
    let EventBody::Rolled {
        label,
        expr,
        result,
        free,
    } = &public[0].body
    else {
        panic!("{:?}", public[0].body)
    };
    assert_eq!(
        (label.as_str(), expr.as_str(), *free),
        ("to the door", "2d10+1", true)
    );
    assert!((3..=21).contains(&result.total));
    let wire = serde_json::to_value(&public[0].body).unwrap();
    assert_eq!(wire["free"], json!(true));
    for v in [viewer("bob"), Viewer::Spectator("sam".into())] {
        assert!(f.seen(&v).contains("to the door"));
    }

    // A player's secret roll: the player and the Referee; nobody else gets an entry.
    let bob_before = project_log(&f.log, &viewer("bob"));
    let secret = f.ok(
        player("alice"),
        json!({"roll": {"expr": "1d20", "label": "ALICE-SECRET-ROLL", "secret": true}}),
    );
    assert_eq!(secret[0].visibility, Visibility::player("alice"));
    assert!(secret[0].masked.is_none());
    assert!(f.seen(&viewer("alice")).contains("ALICE-SECRET-ROLL"));
    assert!(f.seen(&Viewer::Referee).contains("ALICE-SECRET-ROLL"));
    assert_eq!(project_log(&f.log, &viewer("bob")), bob_before);

    // The Referee's secret roll: the Referee alone, not even a notice for anyone else.
    let others: Vec<_> = [
        viewer("alice"),
        viewer("bob"),
        viewer("cara"),
        Viewer::Spectator("sam".into()),
    ]
    .into_iter()
    .map(|v| (project_log(&f.log, &v), f.table.view(&v), v))
    .collect();
    let ref_secret = f.ok(
        Actor::Referee,
        json!({"roll": {"expr": "1d100", "label": "REF-SECRET-ROLL", "secret": true}}),
    );
    assert_eq!(ref_secret[0].visibility, Visibility::Referee);
    assert!(ref_secret[0].masked.is_none());
    for (log, view, v) in others {
        assert_eq!(project_log(&f.log, &v), log, "{v:?}");
        assert_eq!(f.table.view(&v), view, "{v:?}");
    }
    let replayed = Table::replay(&f.registry, &f.log).unwrap();
    assert_eq!(replayed.snapshot(), f.table.snapshot());
}

#[test]
fn free_rolls_take_physical_dice_and_replay_never_rolls() {
    let mut f = Fixture::new();
    let cmd: Command = serde_json::from_value(json!({"roll": {"expr": "2d6"}})).unwrap();
    let mut faces = engine::FacesRoller::new(vec![6, 3]);
    let events = f
        .table
        .execute(&player("bob"), &cmd, f.clock.now_ms(), &mut faces)
        .unwrap();
    let EventBody::Rolled { result, .. } = &events[0].body else {
        panic!()
    };
    assert_eq!(result.total, 9);
    f.log.extend(events);
    let replayed = Table::replay(&f.registry, &f.log).unwrap();
    assert_eq!(replayed.snapshot(), f.table.snapshot());
    // A rule's roll is written without `free`, as before, and reads back as not free.
    let mut rule_roll = serde_json::to_value(&f.log.last().unwrap().body).unwrap();
    rule_roll.as_object_mut().unwrap().remove("free");
    let EventBody::Rolled { free, .. } = serde_json::from_value(rule_roll).unwrap() else {
        panic!()
    };
    assert!(!free);
}
