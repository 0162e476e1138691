//! Issue 18 (hardening): what a table stores and how it rolls. Each test fails on the engine
//! from before the fix.

use engine::demo::Demo;
use engine::limits::{
    GROWTH_WINDOW_MS, MAX_ACTOR_BYTES_PER_HOUR, MAX_COMMAND_BYTES, MAX_EVENT_BYTES, MAX_JSON_DEPTH,
    READER_JSON_DEPTH,
};
use engine::{
    Acting, Actor, Command, Ctx, DiceRoller, EngineError, Envelope, EventBody, NewTable, Registry,
    RuleError, Ruleset, Table, TableState, Viewer, project_log,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A ruleset that stores whatever it is told to: `n` events of `size` bytes, or one event
/// nested `depth` levels.
struct Bulk;

#[derive(Debug, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
enum BulkCmd {
    Emit { count: usize, size: usize },
    Deep { depth: usize },
}

impl Ruleset for Bulk {
    type State = u64;
    type Command = BulkCmd;
    type Event = Value;
    fn name(&self) -> &'static str {
        "bulk"
    }
    fn init(&self, _config: &Value) -> Result<u64, RuleError> {
        Ok(0)
    }
    fn acting(&self, _s: &TableState<u64>, _c: &BulkCmd) -> Acting {
        Acting::AnyParticipant
    }
    fn decide(&self, c: &BulkCmd, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        match c {
            BulkCmd::Emit { count, size } => {
                for _ in 0..*count {
                    ctx.emit(json!({ "blob": "x".repeat(*size) }))?;
                }
            }
            BulkCmd::Deep { depth } => {
                let mut v = json!(1);
                for _ in 0..*depth {
                    v = json!([v]);
                }
                ctx.emit(v)?;
            }
        }
        Ok(())
    }
    fn apply(&self, s: &mut u64, _e: &Value) {
        *s += 1;
    }
    fn project(&self, s: &TableState<u64>, _v: &Viewer) -> Value {
        json!(s.rules)
    }
}

fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Demo);
    r.register(Bulk);
    r
}

fn new_table(ruleset: &str, seed: Option<u64>, config: Value) -> NewTable {
    NewTable {
        id: "h".into(),
        name: "Hardening".into(),
        ruleset: ruleset.into(),
        seed,
        referee: "Rita".into(),
        config,
    }
}

const T0: i64 = 1_000_000;

/// A demo table with player alice controlling c1.
fn demo(seed: Option<u64>) -> (Registry, Table, Vec<Envelope>) {
    let registry = registry();
    let (mut table, genesis) =
        Table::create(&registry, new_table("demo", seed, Value::Null), T0).expect("create");
    let mut log = vec![genesis];
    for cmd in [
        json!({"join": {"name": "alice", "role": "player"}}),
        json!({"rules": {"create": {"character": "c1"}}}),
        json!({"bind": {"player": "alice", "character": "c1"}}),
    ] {
        let command: Command = serde_json::from_value(cmd).expect("command");
        log.extend(
            table
                .execute(&Actor::Referee, &command, T0, &mut DiceRoller)
                .expect("set-up"),
        );
    }
    (registry, table, log)
}

fn rules(v: Value) -> Command {
    Command::Rules(v)
}

fn alice() -> Actor {
    Actor::Player("alice".into())
}

fn rolled_total(events: &[Envelope]) -> i64 {
    events
        .iter()
        .find_map(|e| match &e.body {
            EventBody::Rolled { result, .. } => Some(result.total),
            _ => None,
        })
        .expect("a rolled event")
}

#[test]
fn hardening_18_1_a_roll_too_deep_to_store_is_refused_and_changes_nothing() {
    let (_, table, _) = demo(Some(7));
    let before = table.state_json();
    let deep = format!("1d6{}", "+1".repeat(400));
    let err = table
        .prepare(
            &alice(),
            &rules(json!({"roll": {"character": "c1", "dice": deep}})),
            T0,
            &mut DiceRoller,
        )
        .expect_err("400 levels");
    assert!(err.to_string().contains("MAX_DEPTH"), "{err}");
    assert_eq!(table.state_json(), before);
    // The deepest expression that parses is stored within the JSON limit.
    let at = format!("1d6{}", "+1".repeat(dice::limits::MAX_DEPTH as usize));
    let events = table
        .prepare(
            &alice(),
            &rules(json!({"roll": {"character": "c1", "dice": at}})),
            T0,
            &mut DiceRoller,
        )
        .expect("at the limit")
        .events;
    for e in &events {
        let text = e.to_json().expect("json");
        assert!(engine::limits::JsonMeter::of_text(&text).max_depth <= MAX_JSON_DEPTH);
        Envelope::from_json(&text).expect("reads back");
    }
}

#[test]
fn hardening_18_1_any_event_deeper_than_the_reader_takes_is_refused() {
    const { assert!(MAX_JSON_DEPTH < READER_JSON_DEPTH) };
    let registry = registry();
    let (table, _) =
        Table::create(&registry, new_table("bulk", Some(1), Value::Null), T0).expect("create");
    let err = table
        .prepare(
            &Actor::Referee,
            &rules(json!({"deep": {"depth": 300}})),
            T0,
            &mut DiceRoller,
        )
        .expect_err("300 levels");
    assert!(err.to_string().contains("MAX_JSON_DEPTH"), "{err}");
    assert_eq!(table.head(), 1);
    // Just inside the limit is stored, and reads back.
    let events = table
        .prepare(
            &Actor::Referee,
            &rules(json!({"deep": {"depth": MAX_JSON_DEPTH - 5}})),
            T0,
            &mut DiceRoller,
        )
        .expect("inside the limit")
        .events;
    Envelope::from_json(&events[0].to_json().expect("json")).expect("reads back");
}

#[test]
fn hardening_18_1_a_deeply_nested_config_is_refused_at_creation() {
    let registry = registry();
    let mut config = json!({});
    for _ in 0..200 {
        config = json!({ "a": config });
    }
    let err = Table::create(&registry, new_table("demo", None, config), T0).expect_err("deep");
    assert!(err.to_string().contains("MAX_JSON_DEPTH"), "{err}");
    let big = json!({ "blob": "x".repeat(100_000) });
    let err = Table::create(&registry, new_table("demo", None, big), T0).expect_err("big");
    assert!(err.to_string().contains("MAX_CONFIG_BYTES"), "{err}");
    let mut long = new_table("demo", None, Value::Null);
    long.name = "n".repeat(101);
    let err = Table::create(&registry, long, T0).expect_err("long name");
    assert!(err.to_string().contains("MAX_NAME_CHARS"), "{err}");
    // A participant's name and a timer's label are bounded the same way.
    let (_, table, _) = demo(None);
    for cmd in [
        json!({"join": {"name": "p".repeat(60_000), "role": "player"}}),
        json!({"clock": {"start_timer": {"id": "t", "label": "l".repeat(60_000), "ms": 1000}}}),
    ] {
        let command: Command = serde_json::from_value(cmd).expect("command");
        let err = table
            .prepare(&Actor::Referee, &command, T0, &mut DiceRoller)
            .expect_err("long name");
        assert!(err.to_string().contains("MAX_NAME_CHARS"), "{err}");
    }
}

/// An event written by a version that accepted it, now unreadable: the table still loads,
/// the Referee sees it set aside and can undo it, players see nothing of it.
#[test]
fn hardening_18_1_one_unreadable_event_does_not_kill_the_table() {
    let (registry, mut table, mut log) = demo(Some(7));
    let events = table
        .execute(
            &alice(),
            &rules(json!({"roll": {"character": "c1", "dice": "1d6"}})),
            T0,
            &mut DiceRoller,
        )
        .expect("roll");
    let seq = events[0].seq;
    log.extend(events);
    // Store-level text of that event, replaced by 400 levels of nesting (what main stored).
    let mut texts: Vec<String> = log.iter().map(|e| e.to_json().expect("json")).collect();
    let deep = format!(
        "{{\"seq\":{seq},\"batch\":{seq},\"at_ms\":{T0},\"actor\":{{\"player\":\"alice\"}},\"visibility\":\"public\",\"body\":{{\"type\":\"rules\",\"event\":{}1{}}}}}",
        "[".repeat(400),
        "]".repeat(400)
    );
    assert!(Envelope::from_json(&deep).is_err(), "the reader refuses it");
    texts[seq as usize - 1] = deep;
    let envs: Vec<Envelope> = texts
        .iter()
        .zip(1..)
        .map(|(t, s)| Envelope::from_stored(s, t).expect("set aside, not refused"))
        .collect();
    assert!(matches!(
        envs[seq as usize - 1].body,
        EventBody::Unreadable { .. }
    ));
    let mut replayed = Table::replay(&registry, &envs).expect("the table loads");
    assert_eq!(replayed.head(), texts.len() as u64);
    // Players see nothing of it; the Referee does.
    let alice_log = project_log(&envs, &Viewer::Player("alice".into()));
    assert!(
        !serde_json::to_string(&alice_log)
            .expect("json")
            .contains("unreadable")
    );
    let referee_log = project_log(&envs, &Viewer::Referee);
    assert!(
        serde_json::to_string(&referee_log)
            .expect("json")
            .contains("unreadable")
    );
    // The Referee undoes it and play goes on.
    let undone = replayed
        .execute(
            &Actor::Referee,
            &Command::Undo { count: 1 },
            T0,
            &mut DiceRoller,
        )
        .expect("undo");
    // The whole batch of the set-aside event is reverted (its batch was read from the text).
    assert!(
        matches!(&undone[0].body, EventBody::Reverted { seqs } if seqs.contains(&seq)),
        "{undone:?}"
    );
    replayed
        .execute(
            &alice(),
            &rules(json!({"roll": {"character": "c1", "dice": "1d6"}})),
            T0,
            &mut DiceRoller,
        )
        .expect("play goes on");
    // table_created itself is never replaced (no ruleset without it).
    assert!(Envelope::from_stored(1, "{").is_err());
}

/// Probing with attempts that are not accepted must not predict the next roll: without an
/// explicit seed, each attempt draws fresh entropy.
#[test]
fn hardening_18_3_dice_are_fresh_for_every_attempt() {
    let (_, table, _) = demo(None);
    let roll = rules(json!({"roll": {"character": "c1", "dice": "1d1000000"}}));
    let totals: std::collections::BTreeSet<i64> = (0..8)
        .map(|_| {
            rolled_total(
                &table
                    .prepare(&alice(), &roll, T0, &mut DiceRoller)
                    .expect("roll")
                    .events,
            )
        })
        .collect();
    assert!(totals.len() > 1, "8 attempts at one head gave {totals:?}");
    let referee = table.view(&Viewer::Referee);
    assert_eq!(referee["dice"], "fresh");
    assert_eq!(referee["seed"], Value::Null);
    // An explicit seed stays deterministic (offline CLI, tests).
    let (_, seeded, _) = demo(Some(7));
    let a = rolled_total(
        &seeded
            .prepare(&alice(), &roll, T0, &mut DiceRoller)
            .expect("a")
            .events,
    );
    let b = rolled_total(
        &seeded
            .prepare(&alice(), &roll, T0, &mut DiceRoller)
            .expect("b")
            .events,
    );
    assert_eq!(a, b);
    assert_eq!(seeded.view(&Viewer::Referee)["dice"], "seeded");
}

/// A log from before the flag (a seed, no `seeded_dice`) rolls fresh dice from now on.
#[test]
fn hardening_18_3_an_old_table_with_a_stored_seed_rolls_fresh() {
    let (registry, _, log) = demo(Some(7));
    let mut texts: Vec<String> = log.iter().map(|e| e.to_json().expect("json")).collect();
    assert!(texts[0].contains("\"seeded_dice\":true"));
    texts[0] = texts[0].replace(",\"seeded_dice\":true", "");
    let envs: Vec<Envelope> = texts
        .iter()
        .map(|t| Envelope::from_json(t).expect("json"))
        .collect();
    let table = Table::replay(&registry, &envs).expect("replay");
    assert_eq!(table.core().fixed_seed, None);
}

#[test]
fn hardening_18_6_event_and_command_byte_budgets() {
    let registry = registry();
    let (mut table, _) =
        Table::create(&registry, new_table("bulk", Some(1), Value::Null), T0).expect("create");
    let one = |count: usize, size: usize| rules(json!({"emit": {"count": count, "size": size}}));
    let err = table
        .prepare(
            &Actor::Referee,
            &one(1, MAX_EVENT_BYTES + 1),
            T0,
            &mut DiceRoller,
        )
        .expect_err("one event too big");
    assert!(err.to_string().contains("MAX_EVENT_BYTES"), "{err}");
    let err = table
        .prepare(
            &Actor::Referee,
            &one(3, MAX_COMMAND_BYTES / 3 + 10),
            T0,
            &mut DiceRoller,
        )
        .expect_err("command too big");
    assert!(err.to_string().contains("MAX_COMMAND_BYTES"), "{err}");
    assert_eq!(table.head(), 1);
    // The log's growth per actor and hour: 1 MiB commands until the window is full.
    let mib = 1024 * 1024;
    let fits = (MAX_ACTOR_BYTES_PER_HOUR / mib as u64) as usize - 1;
    for _ in 0..fits {
        table
            .execute(&Actor::Referee, &one(1, mib - 100), T0, &mut DiceRoller)
            .expect("within the hour's budget");
    }
    let head = table.head();
    let err = table
        .execute(
            &Actor::Referee,
            &one(2, mib - 100),
            T0 + 1000,
            &mut DiceRoller,
        )
        .expect_err("over the hour's budget");
    assert!(
        err.to_string().contains("MAX_ACTOR_BYTES_PER_HOUR"),
        "{err}"
    );
    assert!(matches!(err, EngineError::Rule(_)));
    assert_eq!(table.head(), head);
    // An hour later the window has moved on.
    table
        .execute(
            &Actor::Referee,
            &one(2, mib - 100),
            T0 + GROWTH_WINDOW_MS + 1,
            &mut DiceRoller,
        )
        .expect("a new hour");
}
