//! The PostgreSQL event store against the real server (`DELVE_TEST_PG`, default
//! `postgres://postgres@127.0.0.1:5432/test`). Each test creates its own database with a random
//! name and drops it at the end, so parallel runs and re-runs never collide (NOTIFY channels are
//! per database too). If the server is unreachable the tests say "skipped" in one line, or fail
//! naming the URL under `DELVE_E2E=require` (`.ci/run`), through `testkit::service_absent`.

use engine::{Actor, FakeClock, Role, ScriptedRoller, Table};
use serde_json::json;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, Executor};
use std::io::{BufRead, BufReader};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use store::{
    EventStore, MemoryStore, Notice, PostgresStore, StoreError, StoredEvent, Subscription, Tables,
    export,
};

const DEFAULT_URL: &str = "postgres://postgres@127.0.0.1:5432/test";
/// How long a test waits for a notice before it declares it lost.
const NOTICE_WAIT: Duration = Duration::from_secs(30);

fn admin_options() -> (String, PgConnectOptions) {
    let url = std::env::var("DELVE_TEST_PG").unwrap_or_else(|_| DEFAULT_URL.to_string());
    let options = PgConnectOptions::from_str(&url)
        .unwrap_or_else(|e| panic!("DELVE_TEST_PG `{url}` is not a PostgreSQL URL: {e}"));
    (url, options)
}

/// A fresh database for one test, dropped (with its connections) when this is dropped.
struct TestDb {
    name: String,
    options: PgConnectOptions,
}

impl TestDb {
    /// `None` (after the one-line skip notice) when PostgreSQL is unreachable.
    async fn new() -> Option<TestDb> {
        let (url, admin) = admin_options();
        let mut conn = match sqlx::PgConnection::connect_with(&admin).await {
            Ok(conn) => conn,
            Err(e) => {
                testkit::service_absent(
                    "PostgreSQL",
                    &format!("not reachable at {url}: {e}"),
                    "start PostgreSQL or set DELVE_TEST_PG to a server where the user may create \
                     databases (.ci/run starts one)",
                );
                return None;
            }
        };
        let name = format!("delve_test_{:016x}", rand::random::<u64>());
        conn.execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .unwrap_or_else(|e| panic!("cannot create database {name} at {url}: {e}"));
        conn.close().await.ok();
        Some(TestDb {
            options: admin.database(&name),
            name,
        })
    }

    /// One "server instance": its own pool on the test database.
    async fn store(&self) -> PostgresStore {
        PostgresStore::connect_with(
            self.options.clone(),
            PgPoolOptions::new().max_connections(4),
        )
        .await
        .unwrap()
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let name = self.name.clone();
        // Drop runs outside any async context we could await in: use a small runtime of its own.
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            rt.block_on(async move {
                let (_, admin) = admin_options();
                let mut conn = sqlx::PgConnection::connect_with(&admin)
                    .await
                    .map_err(|e| e.to_string())?;
                conn.execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
                    .await
                    .map_err(|e| e.to_string())?;
                Ok::<(), String>(())
            })
        })
        .join();
        if let Ok(Err(e)) = dropped {
            eprintln!("could not drop test database {}: {e}", self.name);
        }
    }
}

mod common;
use common::*;

/// Events of `amount` added to c1, prepared on `table` as loaded (not stored).
fn prepared(table: &Table, amount: i64) -> Vec<StoredEvent> {
    table
        .prepare(
            &Actor::Referee,
            &add(amount),
            0,
            &mut ScriptedRoller::default(),
        )
        .unwrap()
        .events
        .iter()
        .map(|e| StoredEvent::from_envelope(e).unwrap())
        .collect()
}

async fn next_notice(sub: &mut Subscription) -> Notice {
    tokio::time::timeout(NOTICE_WAIT, sub.recv())
        .await
        .unwrap_or_else(|_| panic!("no notice within {NOTICE_WAIT:?}"))
}

/// Receives notices of `table` until its head reaches `head`; they only ever grow (undelivered
/// ones merge). Returns the heads seen.
async fn until_head(sub: &mut Subscription, table: &str, head: u64) -> Vec<u64> {
    let mut seen: Vec<u64> = Vec::new();
    while seen.last() != Some(&head) {
        match next_notice(sub).await {
            Notice::Appended { table: t, head: h } if t == table => {
                assert!(seen.last().is_none_or(|&l| l < h), "{seen:?} then {h}");
                assert!(h <= head, "head {h} beyond {head}");
                seen.push(h);
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    seen
}

/// The same contract as the SQLite and memory stores (tests/store.rs).
#[tokio::test]
async fn pg_store_append_conflict_read() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let store: Arc<dyn EventStore> = Arc::new(db.store().await);
    let tables = Tables::new(store.clone(), registry());
    seated(&tables, "t").await;
    assert_eq!(store.meta("t").await.unwrap().head, 4);
    // A stale writer (expected 2 while the head is 4) gets a conflict and writes nothing.
    let table = tables.load("t").await.unwrap();
    let mut stale = prepared(&table, 1);
    stale[0].seq = 3;
    match store.append("t", 2, &stale).await {
        Err(StoreError::Conflict {
            expected: 2,
            actual: 4,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(store.read("t", 0, 100).await.unwrap().len(), 4);
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
        store.read("nope", 0, 10).await,
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(
        store.meta("nope").await,
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
    // The stored bytes are the bytes given.
    let all = store.read("t", 0, 100).await.unwrap();
    let log = tables.log("t").await.unwrap();
    for (s, e) in all.iter().zip(&log) {
        assert_eq!(s, &StoredEvent::from_envelope(e).unwrap());
    }
    // Listing, oldest first, with heads and names.
    tables.create(new_table("u"), 5).await.unwrap();
    let list = store.list().await.unwrap();
    assert_eq!(
        list.iter()
            .map(|m| (m.id.as_str(), m.head))
            .collect::<Vec<_>>(),
        vec![("t", 4), ("u", 1)]
    );
    assert_eq!(list[1].name, "table u");
    assert_eq!(list[1].ruleset, "demo");
    assert_eq!(list[1].created_at_ms, 5);
    // Snapshots: the highest seq wins, and a repeat of one seq keeps the first.
    assert_eq!(store.latest_snapshot("t").await.unwrap(), None);
    store.put_snapshot("t", 2, "two").await.unwrap();
    store.put_snapshot("t", 4, "four").await.unwrap();
    store.put_snapshot("t", 4, "again").await.unwrap();
    store.put_snapshot("t", 3, "three").await.unwrap();
    assert_eq!(
        store.latest_snapshot("t").await.unwrap(),
        Some((4, "four".to_string()))
    );
}

#[tokio::test]
async fn pg_store_keeps_the_deadline_index() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    check_deadline_index(Arc::new(db.store().await)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_store_batched_appends_each_get_their_own_outcome() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    check_batched_appends(Arc::new(db.store().await)).await;
}

#[tokio::test]
async fn pg_snapshots_every_k_events_load_to_the_same_table() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let store: Arc<dyn EventStore> = Arc::new(db.store().await);
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
    let (snap_seq, _) = store.latest_snapshot("s").await.unwrap().unwrap();
    assert_eq!(snap_seq % 5, 0);
    assert!(snap_seq >= 25);
    let loaded = tables.load("s").await.unwrap();
    let replayed = Table::replay(&tables.registry, &tables.log("s").await.unwrap()).unwrap();
    assert_eq!(loaded.snapshot(), replayed.snapshot());
    assert_eq!(
        loaded.state_json()["rules"]["counters"]["c1"],
        json!((0..23).sum::<i64>())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_two_instances_concurrent_writers_one_wins_nothing_lost_or_doubled() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    // Two separate pools on one database: two server instances.
    let a: Arc<dyn EventStore> = Arc::new(db.store().await);
    let b: Arc<dyn EventStore> = Arc::new(db.store().await);
    let (ta, tb) = (Tables::new(a, registry()), Tables::new(b, registry()));
    seated(&ta, "c").await;

    // Both load the same head and prepare; both append expecting it.
    let (la, lb) = (ta.load("c").await.unwrap(), tb.load("c").await.unwrap());
    let head = la.head();
    let (ea, eb) = (prepared(&la, 10), prepared(&lb, 20));
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
    let winner = if ra.is_ok() { 10 } else { 20 };
    let loaded = tb.load("c").await.unwrap();
    assert_eq!(
        loaded.state_json()["rules"]["counters"]["c1"],
        json!(winner)
    );

    // Many commands through both instances at once, each retried until it is stored: every
    // one is stored exactly once and the log has no gap.
    let mut jobs = Vec::new();
    for (i, t) in [ta.clone(), tb.clone()]
        .into_iter()
        .cycle()
        .take(40)
        .enumerate()
    {
        jobs.push(tokio::spawn(async move {
            let amount = 100 + i as i64;
            let mut conflicts = 0;
            loop {
                let r = t
                    .execute(
                        "c",
                        &Actor::Referee,
                        &add(amount),
                        &FakeClock::new(0),
                        &mut ScriptedRoller::default(),
                    )
                    .await;
                match r {
                    Ok(_) => return (amount, conflicts),
                    Err(StoreError::Conflict { .. }) => conflicts += 1,
                    Err(e) => panic!("{e}"),
                }
            }
        }));
    }
    let mut expected = winner;
    let mut conflicts = 0;
    for j in jobs {
        let (amount, c) = j.await.unwrap();
        expected += amount;
        conflicts += c;
    }
    eprintln!("40 concurrent commands, {conflicts} conflicts retried");
    for t in [&ta, &tb] {
        let log = t.log("c").await.unwrap();
        assert!(log.iter().enumerate().all(|(i, e)| e.seq == i as u64 + 1));
        assert_eq!(t.store.meta("c").await.unwrap().head, log.len() as u64);
        let table = Table::replay(&t.registry, &log).unwrap();
        assert_eq!(
            table.state_json()["rules"]["counters"]["c1"],
            json!(expected)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_notify_reaches_the_other_instance() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let a = db.store().await;
    let b = db.store().await;
    // Through the trait, as the server holds it.
    let b_dyn: Arc<dyn EventStore> = Arc::new(b);
    let mut sub = b_dyn
        .subscribe()
        .await
        .unwrap()
        .expect("PostgreSQL notifies");
    let ta = Tables::new(Arc::new(a), registry());

    ta.create(new_table("n"), 0).await.unwrap();
    assert_eq!(
        next_notice(&mut sub).await,
        Notice::Appended {
            table: "n".into(),
            head: 1
        }
    );
    // Seat a character (three commands); the notices end at head 4.
    let clock = FakeClock::new(0);
    for c in [
        json!({"join": {"name": "alice", "role": Role::Player}}),
        json!({"rules": {"create": {"character": "c1"}}}),
        json!({"bind": {"player": "alice", "character": "c1"}}),
    ] {
        ta.execute(
            "n",
            &Actor::Referee,
            &cmd(c),
            &clock,
            &mut ScriptedRoller::default(),
        )
        .await
        .unwrap();
    }
    until_head(&mut sub, "n", 4).await;
    let table = ta.load("n").await.unwrap();
    let events = prepared(&table, 1);
    // A conflicting append is rolled back and announces nothing; the next notice is the
    // successful one.
    let mut stale = events.clone();
    stale[0].seq = 3;
    assert!(matches!(
        ta.store.append("n", 2, &stale).await,
        Err(StoreError::Conflict { .. })
    ));
    let head = ta.store.append("n", 4, &events).await.unwrap();
    assert_eq!(head, 4 + events.len() as u64);
    assert_eq!(
        next_notice(&mut sub).await,
        Notice::Appended {
            table: "n".into(),
            head
        }
    );
    // The notice leads to the events: the other instance reads exactly the new ones.
    let new = b_dyn.read("n", 4, 100).await.unwrap();
    assert_eq!(new, events);

    // Undelivered notices of one table merge into the newest head.
    let mut table = ta.load("n").await.unwrap();
    let clock = FakeClock::new(0);
    for i in 0..5 {
        ta.execute_on(
            &mut table,
            &Actor::Referee,
            &add(i),
            &clock,
            &mut ScriptedRoller::default(),
        )
        .await
        .unwrap();
    }
    let seen = until_head(&mut sub, "n", table.head()).await;
    assert!(seen.len() <= 5, "{seen:?}");

    // A table id too long for a notification payload still appends; it is announced as a
    // resync.
    let long = "x".repeat(9_000);
    // (The id is long; the name stays within the engine's name limit.)
    let mut long_table = new_table(&long);
    long_table.name = "a table with a long id".into();
    ta.create(long_table, 0).await.unwrap();
    assert_eq!(next_notice(&mut sub).await, Notice::Resync);
    assert_eq!(b_dyn.meta(&long).await.unwrap().head, 1);

    // Stores without a cross-instance channel say so.
    assert!(MemoryStore::new().subscribe().await.unwrap().is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_lost_listener_connection_announces_resync_and_listens_again() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let a = db.store().await;
    let b = db.store().await;
    let mut sub = b.listen().await.unwrap();
    // Kill the listening connection from the server side.
    let killed: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND query LIKE 'LISTEN%') k",
    )
    .fetch_one(a.pool())
    .await
    .unwrap();
    assert_eq!(killed, 1);
    assert_eq!(next_notice(&mut sub).await, Notice::Resync);
    // Listening again: the next append is announced.
    let ta = Tables::new(Arc::new(a), registry());
    ta.create(new_table("r"), 0).await.unwrap();
    assert_eq!(
        next_notice(&mut sub).await,
        Notice::Appended {
            table: "r".into(),
            head: 1
        }
    );
}

#[tokio::test]
async fn pg_export_import_export_is_byte_identical() {
    let tables = Tables::new(Arc::new(MemoryStore::new()), registry());
    seated(&tables, "e").await;
    let clock = FakeClock::new(5);
    let mut roller = ScriptedRoller::totals([3]);
    for c in [
        json!({"rules": {"note": {"text": "secret ünïcode \"quoted\"", "secret": true}}}),
        json!({"rules": {"secret_roll": {"character": "c1", "dice": "1d6"}}}),
    ] {
        tables
            .execute("e", &Actor::Referee, &cmd(c), &clock, &mut roller)
            .await
            .unwrap();
    }
    let first = export::export(&*tables.store, "e").await.unwrap();
    let Some(db) = TestDb::new().await else {
        return;
    };
    let pg: Arc<dyn EventStore> = Arc::new(db.store().await);
    export::import(&*pg, &tables.registry, &first, &UNSIGNED_OK)
        .await
        .unwrap();
    assert_eq!(export::export(&*pg, "e").await.unwrap(), first);
    assert!(matches!(
        export::import(&*pg, &tables.registry, &first, &UNSIGNED_OK).await,
        Err(StoreError::Exists(_))
    ));
}

#[tokio::test]
async fn pg_unreachable_server_is_a_clear_error() {
    match PostgresStore::connect("postgres://postgres@127.0.0.1:1/none").await {
        Err(StoreError::Db(msg)) => assert!(msg.contains("cannot connect"), "{msg}"),
        other => panic!("{other:?}"),
    }
    match PostgresStore::connect("mysql://root@127.0.0.1/x").await {
        Err(StoreError::Db(msg)) => assert!(msg.contains("URL"), "{msg}"),
        other => panic!("{other:?}"),
    }
}

const CHILD_ENV: &str = "DELVE_STORE_PG_KILL_CHILD_DB";

/// Not a test on its own: the child process of `pg_sigkill_during_appends_…`. It appends to
/// the table in the database named by the environment and prints `ack N` after each
/// acknowledged append, until killed.
#[tokio::test]
#[ignore = "child process of the SIGKILL test"]
async fn pg_child_process_appending_until_killed() {
    let Ok(name) = std::env::var(CHILD_ENV) else {
        return;
    };
    let (_, admin) = admin_options();
    let store = PostgresStore::connect_with(admin.database(&name), PgPoolOptions::new())
        .await
        .unwrap();
    let store: Arc<dyn EventStore> = Arc::new(store);
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
async fn pg_sigkill_during_appends_keeps_every_acknowledged_event() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    {
        let store = db.store().await;
        seated(&Tables::new(Arc::new(store.clone()), registry()), "k").await;
        store.close().await;
    }
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "pg_child_process_appending_until_killed",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, &db.name)
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
    let store: Arc<dyn EventStore> = Arc::new(db.store().await);
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

/// Runs `store::postgres::APPEND_MANY` for `(table, expected head, events)` appends with no
/// deadline; returns the ids of the tables whose head moved.
async fn append_many(
    pool: &sqlx::PgPool,
    appends: &[(&str, u64, Vec<StoredEvent>)],
) -> Result<Vec<String>, sqlx::Error> {
    use sqlx::Row;
    let mut ids: Vec<&str> = Vec::new();
    let mut expected_heads: Vec<i64> = Vec::new();
    let mut heads: Vec<i64> = Vec::new();
    let mut deadlines: Vec<Option<i64>> = Vec::new();
    let mut known: Vec<bool> = Vec::new();
    let mut payloads: Vec<String> = Vec::new();
    let mut ev: (Vec<&str>, Vec<i64>, Vec<&str>) = Default::default();
    for (table, expected, events) in appends {
        let head = *expected + events.len() as u64;
        ids.push(table);
        expected_heads.push(*expected as i64);
        heads.push(head as i64);
        deadlines.push(None);
        known.push(false);
        payloads.push(format!("{{\"table\":\"{table}\",\"head\":{head}}}"));
        for e in events {
            ev.0.push(table);
            ev.1.push(e.seq as i64);
            ev.2.push(&e.json);
        }
    }
    let rows = sqlx::query(store::postgres::APPEND_MANY)
        .bind(&ids)
        .bind(&expected_heads)
        .bind(&heads)
        .bind(&deadlines)
        .bind(&known)
        .bind(&payloads)
        .bind(&ev.0)
        .bind(&ev.1)
        .bind(&ev.2)
        .bind(store::postgres::NOTIFY_CHANNEL)
        .fetch_all(pool)
        .await?;
    let mut moved: Vec<String> = rows.iter().map(|r| r.get(0)).collect();
    moved.sort();
    Ok(moved)
}

fn events_from(after: u64, n: u64, tag: &str) -> Vec<StoredEvent> {
    (after + 1..=after + n)
        .map(|seq| StoredEvent {
            seq,
            json: format!("{{\"tag\":\"{tag}\",\"seq\":{seq}}}"),
        })
        .collect()
}

/// The one-statement batch of appends (the writer's common batch): each table's head moves
/// only from its expected head, a stale or missing table changes nothing and does not stop
/// the others, only moved tables are announced, and two such statements naming the same
/// tables in opposite orders never deadlock (the head rows are locked in id order).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_append_many_moves_each_head_alone_and_never_deadlocks() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let a = db.store().await;
    let b = db.store().await;
    let mut sub = b.listen().await.unwrap();
    let tables = Tables::new(Arc::new(a), registry());
    for id in ["m1", "m2", "m3"] {
        tables.create(new_table(id), 0).await.unwrap();
    }
    let pool = tables_pool(&db).await;
    // m1 right, m2 stale (expects 0, is at 1), "gone" missing, m3 right.
    let moved = append_many(
        &pool,
        &[
            ("m1", 1, events_from(1, 2, "one")),
            ("m2", 0, events_from(0, 1, "stale")),
            ("gone", 0, events_from(0, 1, "gone")),
            ("m3", 1, events_from(1, 1, "three")),
        ],
    )
    .await
    .unwrap();
    assert_eq!(moved, ["m1", "m3"]);
    assert_eq!(tables.store.meta("m1").await.unwrap().head, 3);
    assert_eq!(tables.store.meta("m2").await.unwrap().head, 1);
    assert_eq!(tables.store.meta("m3").await.unwrap().head, 2);
    assert!(tables.store.meta("gone").await.is_err());
    let m1 = tables.store.read("m1", 1, 10).await.unwrap();
    assert_eq!(m1, events_from(1, 2, "one"));
    assert_eq!(tables.store.read("m2", 1, 10).await.unwrap(), []);
    // Notices: the three creations, then m1 and m3 only.
    let mut seen = std::collections::BTreeMap::new();
    while seen.get("m1") != Some(&3) || seen.get("m3") != Some(&2) {
        match next_notice(&mut sub).await {
            Notice::Appended { table, head } => {
                if table == "m2" {
                    assert_eq!(head, 1, "m2 did not move");
                }
                seen.insert(table, head);
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(seen.get("m2"), Some(&1));

    // Opposite orders while a third session holds m2: each batch locks what it can and waits
    // for m2. Locking in the order of the statement would leave the forward batch holding m1
    // and the backward one m3, each then waiting for the other's row: a deadlock (PostgreSQL
    // aborts one after deadlock_timeout). In id order both take m1 first, so one waits behind
    // the other and both finish.
    let mut heads = [3u64, 1, 2];
    for round in 0..5u64 {
        let forward: Vec<(&str, u64, Vec<StoredEvent>)> = ["m1", "m2", "m3"]
            .iter()
            .zip(heads)
            .map(|(t, h)| (*t, h, events_from(h, 1, "f")))
            .collect();
        let mut backward = forward.clone();
        backward.reverse();
        for b in &mut backward {
            b.2[0].json = format!("{{\"tag\":\"b{round}\"}}");
        }
        let mut holder = pool.begin().await.unwrap();
        sqlx::query("SELECT head FROM tables WHERE id = 'm2' FOR UPDATE")
            .execute(&mut *holder)
            .await
            .unwrap();
        let f = tokio::spawn({
            let (pool, forward) = (pool.clone(), forward.clone());
            async move { append_many(&pool, &forward).await }
        });
        let r = tokio::spawn({
            let (pool, backward) = (pool.clone(), backward.clone());
            async move { append_many(&pool, &backward).await }
        });
        tokio::time::sleep(Duration::from_millis(200)).await;
        holder.rollback().await.unwrap();
        let f = f.await.unwrap().expect("no deadlock");
        let r = r.await.unwrap().expect("no deadlock");
        // Per table exactly one of the two won.
        for (i, t) in ["m1", "m2", "m3"].iter().enumerate() {
            let won = f.iter().any(|m| m == t) as u32 + r.iter().any(|m| m == t) as u32;
            assert_eq!(won, 1, "round {round}, {t}");
            heads[i] += 1;
        }
    }
    for (t, h) in ["m1", "m2", "m3"].iter().zip(heads) {
        let log = tables.store.read(t, 0, 1000).await.unwrap();
        assert_eq!(log.len() as u64, h, "{t}");
        assert!(log.iter().zip(1..).all(|(e, n)| e.seq == n), "{t}");
    }
}

/// A pool on the test database for raw statements. Its planner may not scan `tables` whole or
/// hash it, so the update would visit the head rows in the order the statement lists them
/// (as it may on a big table): only the statement's own `ORDER BY … FOR UPDATE` keeps two
/// opposite batches from deadlocking.
async fn tables_pool(db: &TestDb) -> sqlx::PgPool {
    let options = db.options.clone().options([
        ("enable_seqscan", "off"),
        ("enable_hashjoin", "off"),
        ("enable_mergejoin", "off"),
        ("deadlock_timeout", "100ms"),
    ]);
    PgPoolOptions::new()
        .max_connections(3)
        .connect_with(options)
        .await
        .unwrap()
}

/// A server's subscription (`EventStore::subscribe`) leaves out its own store's appends, which
/// the server already knows, and still hears every other store's; `listen` hears both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_subscribe_leaves_out_the_stores_own_appends() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let a: Arc<dyn EventStore> = Arc::new(db.store().await);
    let b = db.store().await;
    let mut others = a.subscribe().await.unwrap().expect("PostgreSQL notifies");
    let mut all = b.listen().await.unwrap();
    let ta = Tables::new(a.clone(), registry());
    let tb = Tables::new(Arc::new(b), registry());
    ta.create(new_table("own"), 0).await.unwrap();
    tb.create(new_table("theirs"), 0).await.unwrap();
    // `b` hears both creations (its own included), in order.
    assert_eq!(
        next_notice(&mut all).await,
        Notice::Appended {
            table: "own".into(),
            head: 1
        }
    );
    assert_eq!(
        next_notice(&mut all).await,
        Notice::Appended {
            table: "theirs".into(),
            head: 1
        }
    );
    // `a`'s subscription: only b's table; a's own creation was never queued.
    assert_eq!(
        next_notice(&mut others).await,
        Notice::Appended {
            table: "theirs".into(),
            head: 1
        }
    );
    let own = ta
        .store
        .append("own", 1, &events_from(1, 1, "x"))
        .await
        .unwrap();
    assert_eq!(own, 2);
    tb.store
        .append("theirs", 1, &events_from(1, 1, "y"))
        .await
        .unwrap();
    assert_eq!(
        next_notice(&mut others).await,
        Notice::Appended {
            table: "theirs".into(),
            head: 2
        }
    );
    assert_eq!(
        others.try_recv(),
        None,
        "a's own append is not announced to a"
    );
}
