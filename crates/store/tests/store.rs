//! Event stores: append with expected seq, conflicts, snapshots, concurrent writers, a writer
//! killed with SIGKILL, and export/import.

use engine::{Actor, FakeClock, ScriptedRoller, Table};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::Arc;
use store::{EventStore, MemoryStore, SqliteStore, StoreError, StoredEvent, Tables, export};

mod common;
use common::*;

async fn check_store_contract(store: Arc<dyn EventStore>) {
    let tables = Tables::new(store.clone(), registry());
    seated(&tables, "t").await;
    assert_eq!(store.meta("t").await.unwrap().head, 4);
    // A stale writer (expected 2 while the head is 4) gets a conflict and writes nothing.
    let table = tables.load("t").await.unwrap();
    let prepared = table
        .prepare(&Actor::Referee, &add(1), 0, &mut ScriptedRoller::default())
        .unwrap();
    let mut stale: Vec<StoredEvent> = prepared
        .events
        .iter()
        .map(|e| StoredEvent::from_envelope(e).unwrap())
        .collect();
    stale[0].seq = 3;
    match store.append("t", 2, &stale).await {
        Err(StoreError::Conflict {
            expected: 2,
            actual: 4,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    // Gaps in numbering are refused.
    assert!(matches!(
        store.append("t", 4, &stale).await,
        Err(StoreError::BadNumbering { .. })
    ));
    assert!(matches!(
        store.append("nope", 0, &[]).await,
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(
        tables.create(new_table("t"), 0).await,
        Err(StoreError::Exists(_))
    ));
    // Read from a sequence.
    let tail = store.read("t", 2, 100).await.unwrap();
    assert_eq!(tail.iter().map(|e| e.seq).collect::<Vec<_>>(), vec![3, 4]);
    assert_eq!(store.read("t", 0, 1).await.unwrap().len(), 1);
    assert_eq!(store.list().await.unwrap()[0].id, "t");
}

#[tokio::test]
async fn memory_store_append_conflict_read() {
    check_store_contract(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn sqlite_store_append_conflict_read() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("t.db")).await.unwrap();
    check_store_contract(Arc::new(store)).await;
}

#[tokio::test]
async fn memory_store_batched_appends_each_get_their_own_outcome() {
    check_batched_appends(Arc::new(MemoryStore::new())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_store_batched_appends_each_get_their_own_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("g.db")).await.unwrap();
    check_batched_appends(Arc::new(store)).await;
}

#[tokio::test]
async fn memory_store_keeps_the_deadline_index() {
    check_deadline_index(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn sqlite_store_keeps_the_deadline_index() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("d.db")).await.unwrap();
    check_deadline_index(Arc::new(store)).await;
}

#[tokio::test]
async fn snapshots_every_k_events_load_to_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn EventStore> =
        Arc::new(SqliteStore::open(&dir.path().join("s.db")).await.unwrap());
    let mut tables = Tables::new(store.clone(), registry());
    tables.snapshot_every = 5;
    seated(&tables, "s").await;
    let clock = FakeClock::new(0);
    let mut roller = ScriptedRoller::default();
    for i in 0..23 {
        tables
            .execute(
                "s",
                &Actor::Player("alice".into()),
                &add(i),
                &clock,
                &mut roller,
            )
            .await
            .unwrap();
    }
    tables
        .execute(
            "s",
            &Actor::Referee,
            &cmd(json!({"undo": {"count": 2}})),
            &clock,
            &mut roller,
        )
        .await
        .unwrap();
    let (snap_seq, _) = store.latest_snapshot("s").await.unwrap().unwrap();
    assert_eq!(snap_seq % 5, 0);
    assert!(snap_seq >= 25);
    let loaded = tables.load("s").await.unwrap();
    let replayed = Table::replay(&tables.registry, &tables.log("s").await.unwrap()).unwrap();
    assert_eq!(loaded.snapshot(), replayed.snapshot());
    assert_eq!(
        loaded.state_json()["rules"]["counters"]["c1"],
        json!((0..21).sum::<i64>())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_concurrent_writers_one_wins_other_conflicts_nothing_lost_or_doubled() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.db");
    // Two separate pools on one file: two server processes.
    let a: Arc<dyn EventStore> = Arc::new(SqliteStore::open(&path).await.unwrap());
    let b: Arc<dyn EventStore> = Arc::new(SqliteStore::open(&path).await.unwrap());
    let (ta, tb) = (Tables::new(a, registry()), Tables::new(b, registry()));
    seated(&ta, "c").await;

    // Both load the same head and prepare; both append expecting it.
    let (la, lb) = (ta.load("c").await.unwrap(), tb.load("c").await.unwrap());
    let head = la.head();
    let pa = la
        .prepare(&Actor::Referee, &add(10), 0, &mut ScriptedRoller::default())
        .unwrap();
    let pb = lb
        .prepare(&Actor::Referee, &add(20), 0, &mut ScriptedRoller::default())
        .unwrap();
    let ea: Vec<_> = pa
        .events
        .iter()
        .map(|e| StoredEvent::from_envelope(e).unwrap())
        .collect();
    let eb: Vec<_> = pb
        .events
        .iter()
        .map(|e| StoredEvent::from_envelope(e).unwrap())
        .collect();
    let (sa, sb) = (ta.store.clone(), tb.store.clone());
    let ja = tokio::spawn(async move { sa.append("c", head, &ea).await });
    let jb = tokio::spawn(async move { sb.append("c", head, &eb).await });
    let (ra, rb) = (ja.await.unwrap(), jb.await.unwrap());
    let conflicts = [&ra, &rb]
        .iter()
        .filter(|r| matches!(r, Err(StoreError::Conflict { .. })))
        .count();
    assert_eq!(conflicts, 1, "{ra:?} {rb:?}");
    assert!(ra.is_ok() != rb.is_ok());
    let loaded = ta.load("c").await.unwrap();
    let winner = if ra.is_ok() { 10 } else { 20 };
    assert_eq!(
        loaded.state_json()["rules"]["counters"]["c1"],
        json!(winner)
    );

    // Many commands through both services at once: every success is stored exactly once.
    let mut jobs = Vec::new();
    for (i, t) in [ta.clone(), tb.clone()]
        .into_iter()
        .cycle()
        .take(16)
        .enumerate()
    {
        jobs.push(tokio::spawn(async move {
            let clock = FakeClock::new(0);
            t.execute(
                "c",
                &Actor::Referee,
                &add(100 + i as i64),
                &clock,
                &mut ScriptedRoller::default(),
            )
            .await
            .map(|_| 100 + i as i64)
        }));
    }
    let mut expected = winner;
    for j in jobs {
        match j.await.unwrap() {
            Ok(amount) => expected += amount,
            Err(StoreError::Conflict { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    let log = ta.log("c").await.unwrap();
    assert!(log.iter().enumerate().all(|(i, e)| e.seq == i as u64 + 1));
    let table = Table::replay(&ta.registry, &log).unwrap();
    assert_eq!(
        table.state_json()["rules"]["counters"]["c1"],
        json!(expected)
    );
}

const CHILD_ENV: &str = "DELVE_STORE_KILL_CHILD_DB";

/// Not a test on its own: the child process of `sigkill_during_appends_…`. It appends events
/// to the table in the database named by the environment and prints `ack N` after each
/// acknowledged append, until killed.
#[tokio::test]
#[ignore = "child process of the SIGKILL test"]
async fn child_process_appending_until_killed() {
    let Ok(path) = std::env::var(CHILD_ENV) else {
        return;
    };
    let store: Arc<dyn EventStore> = Arc::new(SqliteStore::open(Path::new(&path)).await.unwrap());
    let tables = Tables::new(store, registry());
    let mut table = tables.load("k").await.unwrap();
    let clock = FakeClock::new(0);
    let mut roller = ScriptedRoller::default();
    for i in 0.. {
        tables
            .execute_on(
                &mut table,
                &Actor::Referee,
                &add(i % 7),
                &clock,
                &mut roller,
            )
            .await
            .unwrap();
        println!("ack {}", table.head());
    }
}

#[tokio::test]
async fn sigkill_during_appends_keeps_every_acknowledged_event() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.db");
    {
        let store = SqliteStore::open(&path).await.unwrap();
        let tables = Tables::new(Arc::new(store.clone()), registry());
        seated(&tables, "k").await;
        store.close().await;
    }
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "child_process_appending_until_killed",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, &path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut last_ack = 0;
    let mut acks = 0;
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        if let Some(n) = line.strip_prefix("ack ") {
            last_ack = n.trim().parse::<u64>().unwrap();
            acks += 1;
            if acks == 40 {
                child.kill().unwrap(); // SIGKILL on Unix
                break;
            }
        }
    }
    child.wait().unwrap();
    assert_eq!(acks, 40, "the child stopped before 40 acknowledged appends");
    let store: Arc<dyn EventStore> = Arc::new(SqliteStore::open(&path).await.unwrap());
    let tables = Tables::new(store, registry());
    let log = tables.log("k").await.unwrap();
    assert!(
        log.len() as u64 >= last_ack,
        "acknowledged {last_ack}, found {}",
        log.len()
    );
    assert!(log.iter().enumerate().all(|(i, e)| e.seq == i as u64 + 1));
    let table = Table::replay(&tables.registry, &log).unwrap();
    assert_eq!(table.head(), log.len() as u64);
    assert_eq!(tables.store.meta("k").await.unwrap().head, log.len() as u64);
}

async fn played_table(store: Arc<dyn EventStore>) -> Tables {
    let tables = Tables::new(store, registry());
    seated(&tables, "e").await;
    let clock = FakeClock::new(5);
    let mut roller = ScriptedRoller::totals([3]);
    for c in [
        json!({"rules": {"note": {"text": "secret ünïcode \"quoted\"", "secret": true}}}),
        json!({"rules": {"gamble": {"character": "c1"}}}),
        json!({"rules": {"secret_roll": {"character": "c1", "dice": "1d6"}}}),
        json!({"undo": {}}),
    ] {
        tables
            .execute("e", &Actor::Referee, &cmd(c), &clock, &mut roller)
            .await
            .unwrap();
    }
    tables
}

#[tokio::test]
async fn export_import_export_is_byte_identical() {
    let tables = played_table(Arc::new(MemoryStore::new())).await;
    let first = export::export(&*tables.store, "e").await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let other: Arc<dyn EventStore> =
        Arc::new(SqliteStore::open(&dir.path().join("i.db")).await.unwrap());
    let meta = export::import(&*other, &tables.registry, &first, &UNSIGNED_OK)
        .await
        .unwrap();
    assert_eq!(meta.id, "e");
    let second = export::export(&*other, "e").await.unwrap();
    assert_eq!(first, second);
    // And the imported table is the same table.
    let again = Tables::new(other, tables.registry.clone());
    assert_eq!(
        again.load("e").await.unwrap().snapshot(),
        tables.load("e").await.unwrap().snapshot()
    );
    // Importing twice is refused.
    assert!(matches!(
        export::import(&*again.store, &again.registry, &first, &UNSIGNED_OK).await,
        Err(StoreError::Exists(_))
    ));
}

fn line_of(err: StoreError) -> usize {
    match err {
        StoreError::Import { line, .. } => line,
        other => panic!("{other}"),
    }
}

#[tokio::test]
async fn import_refuses_a_damaged_file_naming_the_line() {
    let tables = played_table(Arc::new(MemoryStore::new())).await;
    let text = export::export(&*tables.store, "e").await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let join = |ls: Vec<String>| ls.join("\n") + "\n";
    let owned = || lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    let reg = &tables.registry;

    // An edited event (a note's text changed) breaks the hash chain at its line.
    let mut edited = owned();
    edited[5] = edited[5].replace("secret", "public");
    assert_ne!(edited[5], lines[5]);
    assert_eq!(line_of(export::verify(reg, &join(edited)).unwrap_err()), 6);
    // A missing line.
    let mut missing = owned();
    missing.remove(3);
    assert_eq!(line_of(export::verify(reg, &join(missing)).unwrap_err()), 4);
    // A doubled line.
    let mut doubled = owned();
    doubled.insert(3, lines[3].to_string());
    assert_eq!(line_of(export::verify(reg, &join(doubled)).unwrap_err()), 5);
    // A truncated file (the count in the header no longer matches).
    let truncated = owned()[..lines.len() - 1].to_vec();
    assert_eq!(
        line_of(export::verify(reg, &join(truncated)).unwrap_err()),
        lines.len()
    );
    // A future version.
    let mut future = owned();
    future[0] = future[0].replace("\"version\":1", "\"version\":2");
    assert_eq!(line_of(export::verify(reg, &join(future)).unwrap_err()), 1);
    // Garbage.
    let mut garbage = owned();
    garbage[2] = "{not json".into();
    assert_eq!(line_of(export::verify(reg, &join(garbage)).unwrap_err()), 3);
    // The intact file passes.
    assert!(export::verify(reg, &text).is_ok());
}

#[path = "store_hardening/mod.rs"]
mod hardening;
