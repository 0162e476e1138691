//! The demo-ruleset table the store tests share: a registry, a seated table, commands.
// Each test binary uses a different part of this.
#![allow(dead_code)]

use engine::demo::Demo;
use engine::{Actor, Command, FakeClock, NewTable, Registry, Role, ScriptedRoller};
use serde_json::{Value, json};
use std::sync::Arc;
use store::Tables;

pub fn registry() -> Arc<Registry> {
    let mut r = Registry::new();
    r.register(Demo);
    Arc::new(r)
}

pub fn new_table(id: &str) -> NewTable {
    NewTable {
        id: id.into(),
        name: format!("table {id}"),
        ruleset: "demo".into(),
        seed: Some(42),
        referee: "R".into(),
        config: Value::Null,
    }
}

pub fn cmd(v: Value) -> Command {
    serde_json::from_value(v).unwrap()
}

pub async fn seated(tables: &Tables, id: &str) {
    tables.create(new_table(id), 0).await.unwrap();
    let clock = FakeClock::new(0);
    let mut roller = ScriptedRoller::default();
    for c in [
        json!({"join": {"name": "alice", "role": Role::Player}}),
        json!({"rules": {"create": {"character": "c1"}}}),
        json!({"bind": {"player": "alice", "character": "c1"}}),
    ] {
        tables
            .execute(id, &Actor::Referee, &cmd(c), &clock, &mut roller)
            .await
            .unwrap();
    }
}

pub fn add(amount: i64) -> Command {
    cmd(json!({"rules": {"add": {"character": "c1", "amount": amount}}}))
}

/// The deadline index contract every store keeps (memory, SQLite, PostgreSQL): a new table
/// has no deadline; a command that starts a timer records its deadline with the append; a
/// plain append makes it unknown; `set_deadline` records only for the current head; the
/// index lists unknown entries first, then deadlines earliest first, and leaves out tables
/// without a running timer.
pub async fn check_deadline_index(store: Arc<dyn store::EventStore>) {
    use store::Deadline;
    let tables = Tables::new(store.clone(), registry());
    let index = |store: Arc<dyn store::EventStore>| async move {
        store
            .deadlines(100)
            .await
            .unwrap()
            .into_iter()
            .map(|d| (d.table, d.head, d.deadline))
            .collect::<Vec<_>>()
    };
    tables.create(new_table("late"), 0).await.unwrap();
    tables.create(new_table("early"), 0).await.unwrap();
    tables.create(new_table("idle"), 0).await.unwrap();
    assert_eq!(
        index(store.clone()).await,
        vec![],
        "new tables run no timer"
    );
    let mut roller = ScriptedRoller::default();
    let start =
        |ms: i64| cmd(json!({"clock": {"start_timer": {"id": "t", "label": "t", "ms": ms}}}));
    for (id, ms) in [("late", 9_000), ("early", 1_000)] {
        tables
            .execute(
                id,
                &Actor::Referee,
                &start(ms),
                &FakeClock::new(100),
                &mut roller,
            )
            .await
            .unwrap();
    }
    assert_eq!(
        index(store.clone()).await,
        vec![
            ("early".to_string(), 2, Deadline::At(1_100)),
            ("late".to_string(), 2, Deadline::At(9_100)),
        ]
    );
    // A plain append (no deadline given) makes the entry unknown, listed first.
    let table = tables.load("idle").await.unwrap();
    let prepared = table
        .prepare(&Actor::Referee, &start(500), 200, &mut roller)
        .unwrap();
    assert_eq!(prepared.next_deadline_ms(), Some(700));
    let events: Vec<store::StoredEvent> = prepared
        .events
        .iter()
        .map(|e| store::StoredEvent::from_envelope(e).unwrap())
        .collect();
    store.append("idle", 1, &events).await.unwrap();
    assert_eq!(
        index(store.clone()).await[0],
        ("idle".to_string(), 2, Deadline::Unknown)
    );
    // Recorded only for the current head.
    assert!(!store.set_deadline("idle", 1, Some(700)).await.unwrap());
    assert!(store.set_deadline("idle", 2, Some(700)).await.unwrap());
    assert_eq!(
        index(store.clone()).await[0],
        ("idle".to_string(), 2, Deadline::At(700))
    );
    // Cancelling the timer leaves the table out of the index.
    tables
        .execute(
            "early",
            &Actor::Referee,
            &cmd(json!({"clock": {"cancel_timer": {"id": "t"}}})),
            &FakeClock::new(300),
            &mut roller,
        )
        .await
        .unwrap();
    let left: Vec<String> = index(store.clone())
        .await
        .into_iter()
        .map(|e| e.0)
        .collect();
    assert_eq!(left, vec!["idle".to_string(), "late".to_string()]);
}

/// Group commit: appends queued at the same moment — on several tables, two writers racing on
/// each with the same expected head, one on a table that does not exist — each get their own
/// outcome (one winner per table and round, the loser a conflict naming the new head, the
/// missing table `NotFound`), and the refused ones store nothing.
pub async fn check_batched_appends(store: Arc<dyn store::EventStore>) {
    use store::{StoreError, StoredEvent};
    let tables = Tables::new(store.clone(), registry());
    let ids = ["b0", "b1", "b2"];
    for id in ids {
        tables.create(new_table(id), 0).await.unwrap();
    }
    let rounds = 5u64;
    for round in 1..=rounds {
        let mut set = tokio::task::JoinSet::new();
        for id in ids {
            for writer in 0..2 {
                let store = store.clone();
                set.spawn(async move {
                    let events = vec![StoredEvent {
                        seq: round + 1,
                        json: format!("{{\"round\":{round},\"writer\":{writer}}}"),
                    }];
                    (id, store.append(id, round, &events).await)
                });
            }
        }
        let other = store.clone();
        set.spawn(async move {
            let events = vec![StoredEvent {
                seq: 1,
                json: "{}".to_string(),
            }];
            ("missing", other.append("missing", 0, &events).await)
        });
        let mut won = std::collections::HashMap::new();
        while let Some(done) = set.join_next().await {
            let (id, outcome) = done.unwrap();
            match outcome {
                Ok(head) => {
                    assert_eq!(head, round + 1);
                    *won.entry(id).or_insert(0) += 1;
                }
                Err(StoreError::Conflict {
                    expected, actual, ..
                }) => assert_eq!((expected, actual), (round, round + 1), "{id}"),
                Err(StoreError::NotFound(t)) => assert_eq!(t, "missing"),
                other => panic!("{id}: {other:?}"),
            }
        }
        for id in ids {
            assert_eq!(won.get(id), Some(&1), "round {round}, table {id}");
        }
    }
    for id in ids {
        assert_eq!(store.meta(id).await.unwrap().head, rounds + 1);
        let log = store.read(id, 0, 100).await.unwrap();
        let seqs: Vec<u64> = log.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, (1..=rounds + 1).collect::<Vec<_>>());
        for (e, round) in log[1..].iter().zip(1..) {
            assert!(
                e.json.starts_with(&format!("{{\"round\":{round},")),
                "{}",
                e.json
            );
        }
    }
    assert!(matches!(
        store.meta("missing").await,
        Err(StoreError::NotFound(_))
    ));
}

/// Import policy of tests that move exports between stores without a server key.
pub const UNSIGNED_OK: store::export::Trust<'static> = store::export::Trust {
    key: None,
    accept_unsigned: true,
};
