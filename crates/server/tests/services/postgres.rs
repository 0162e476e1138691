//! Two server instances on one PostgreSQL database (`DELVE_TEST_PG`, default
//! `postgres://postgres@127.0.0.1:5432/test`): each test creates a fresh database and drops it
//! at the end, so runs never collide. Commands on both, live clients on both, identical logs,
//! nothing lost or doubled; a timer fires once across the instances.

use crate::common::{Running, Ws, events_until, of_kind, start};
use engine::{FakeClock, WallClock};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::postgres::PgConnectOptions;
use sqlx::{Connection, Executor};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

const DEFAULT_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

fn admin() -> (String, PgConnectOptions) {
    let url = std::env::var("DELVE_TEST_PG").unwrap_or_else(|_| DEFAULT_URL.to_string());
    let options = PgConnectOptions::from_str(&url)
        .unwrap_or_else(|e| panic!("DELVE_TEST_PG `{url}` is not a PostgreSQL URL: {e}"));
    (url, options)
}

/// A fresh database, dropped with its connections at the end of the test.
struct TestDb {
    name: String,
    url: String,
}

impl TestDb {
    /// `None` (after the one-line skip notice) when PostgreSQL is unreachable.
    async fn new() -> Option<TestDb> {
        let (url, options) = admin();
        let mut conn = match sqlx::PgConnection::connect_with(&options).await {
            Ok(conn) => conn,
            Err(e) => {
                testkit::service_absent(
                    "PostgreSQL",
                    &format!("not reachable at {url}: {e}"),
                    "start PostgreSQL or set DELVE_TEST_PG (.ci/run starts one)",
                );
                return None;
            }
        };
        let name = format!("delve_srv_{:016x}", rand::random::<u64>());
        conn.execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .unwrap_or_else(|e| panic!("cannot create database {name}: {e}"));
        conn.close().await.ok();
        // The same server and user, the new database.
        let base = url.rsplit_once('/').map_or(url.as_str(), |(b, _)| b);
        Some(TestDb {
            url: format!("{base}/{name}"),
            name,
        })
    }

    /// One instance: its own pools and listener on the shared database.
    async fn instance(&self, clock: Option<FakeClock>) -> Running {
        let (store, tokens) = server::open_database(&self.url)
            .await
            .expect("open PostgreSQL");
        let clock = clock.map(|c| Arc::new(c) as Arc<dyn WallClock>);
        start(store, tokens, engine::builtin_registry(), clock).await
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let name = self.name.clone();
        let _ = std::thread::spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(async move {
                let (_, options) = admin();
                if let Ok(mut conn) = sqlx::PgConnection::connect_with(&options).await {
                    let _ = conn
                        .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
                        .await;
                }
            });
        })
        .join();
    }
}

/// The texts of the demo notes in a list of events, in order.
fn notes(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["body"]["type"] == "rules")
        .filter_map(|e| e["body"]["event"]["noted"]["note"]["text"].as_str())
        .map(str::to_string)
        .collect()
}

async fn live_notes(ws: &mut Ws, count: usize) -> Vec<Value> {
    events_until(ws, |evs| notes(evs).len() >= count).await
}

/// Covers the "two instances on one PostgreSQL database": tokens made on one work on
/// the other; concurrent commands on both are all stored once, in one order; live clients on
/// both receive every event once, in that order; the paged logs read on both are identical.
#[tokio::test]
async fn two_instances_share_tables_with_nothing_lost_or_doubled() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let a = db.instance(None).await;
    let b = db.instance(None).await;
    let (id, referee) = a.table("demo").await;
    for c in ["c1", "c2"] {
        let (s, v) = a
            .command(
                &id,
                &referee,
                json!({"rules": {"create": {"character": c}}}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    // An invite made on A is exchanged on B; the player's token works on both.
    let player = b.player(&id, &referee, "pat", "c1").await;
    let mut live_a = a.live(&id, &referee, 0).await;
    let mut live_b = b.live(&id, &referee, 0).await;
    let mut live_pat = b.live(&id, &player, 0).await;

    // Commands on both instances at once (the Referee on both, the player on A).
    const EACH: usize = 25;
    let mut tasks = Vec::new();
    for (who, srv, token) in [
        ("a", &a, referee.clone()),
        ("b", &b, referee.clone()),
        ("p", &a, player.clone()),
    ] {
        let http = srv.http.clone();
        let url = format!("{}/api/tables/{id}/commands", srv.base);
        tasks.push(tokio::spawn(async move {
            for i in 0..EACH {
                let resp = http
                    .post(&url)
                    .bearer_auth(&token)
                    .json(
                        &json!({"rules": {"note": {"text": format!("{who}{i}"), "secret": false}}}),
                    )
                    .send()
                    .await
                    .expect("send");
                let status = resp.status();
                let body = resp.text().await.unwrap_or_default();
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        }));
    }
    for t in tasks {
        t.await.expect("writer");
    }
    let total = 3 * EACH;

    let from_a = live_notes(&mut live_a, total).await;
    let from_b = live_notes(&mut live_b, total).await;
    let from_pat = live_notes(&mut live_pat, total).await;
    let order = notes(&from_a);
    assert_eq!(order.len(), total, "every note once on A's stream");
    assert_eq!(notes(&from_b), order, "B's stream: same events, same order");
    assert_eq!(notes(&from_pat), order, "the player's stream on B too");
    let mut sorted = order.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), total, "no note doubled");
    // Dense numbering, no gap, no duplicate, on every stream.
    for stream in [&from_a, &from_b, &from_pat] {
        let ns: Vec<u64> = stream.iter().map(|e| e["n"].as_u64().expect("n")).collect();
        assert_eq!(ns, (1..=ns.len() as u64).collect::<Vec<_>>());
    }

    // The paged logs are identical on both instances, for the Referee and the player.
    let log_a = a.full_log(&id, &referee).await;
    let log_b = b.full_log(&id, &referee).await;
    assert_eq!(log_a, log_b);
    assert_eq!(notes(&log_a), order);
    assert_eq!(
        a.full_log(&id, &player).await,
        b.full_log(&id, &player).await
    );
    // The stored log is dense: the Referee's n is the seq.
    let last = log_a.last().expect("events")["n"].as_u64().expect("n");
    assert_eq!(last as usize, log_a.len());
    a.stop().await;
    b.stop().await;
}

/// Covers the scheduler across instances: both instances see the deadline and both try to
/// fire it; exactly one `timer_ended` lands, and both instances' live clients get it once.
#[tokio::test]
async fn timer_fires_once_across_two_instances() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let t0 = 1_800_000_000_000;
    let clock = FakeClock::new(t0);
    let a = db.instance(Some(clock.clone())).await;
    let b = db.instance(Some(clock.clone())).await;
    let (id, referee) = a.table("demo").await;
    let (s, v) = a
        .command(
            &id,
            &referee,
            json!({"clock": {"start_timer": {"id": "bell", "label": "bell", "ms": 1000}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let mut live_a = a.live(&id, &referee, 0).await;
    let mut live_b = b.live(&id, &referee, 0).await;
    for round in 0..5 {
        clock.set_ms(t0 + 1_000 + round);
        // Both look at once.
        a.wake.wake();
        b.wake.wake();
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let fired = |evs: &[Value]| {
        of_kind(evs, "timer_ended")
            .iter()
            .filter(|e| e["body"]["fired"] == true)
            .count()
    };
    let seen_a = events_until(&mut live_a, |evs| fired(evs) >= 1).await;
    let seen_b = events_until(&mut live_b, |evs| fired(evs) >= 1).await;
    assert_eq!(fired(&seen_a), 1);
    assert_eq!(fired(&seen_b), 1);
    let log = b.full_log(&id, &referee).await;
    assert_eq!(fired(&log), 1, "one timer_ended stored");
    assert_eq!(a.full_log(&id, &referee).await, log);
    // Nothing more arrives on either stream.
    for ws in [&mut live_a, &mut live_b] {
        let more = crate::common::next_message(ws, Duration::from_millis(300)).await;
        assert!(more.is_none(), "unexpected {more:?}");
    }
    a.stop().await;
    b.stop().await;
}

/// Issue 18 items 4 and 5 on PostgreSQL, across two instances: a seat's token dies with the
/// seat on both, a revoked invite and a rotated Referee link are refused by the other instance,
/// and a database from before seats (columns dropped, migration forgotten) is upgraded.
#[tokio::test]
async fn sec_18_4_5_seats_and_revocation_across_two_instances() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let a = db.instance(None).await;
    let b = db.instance(None).await;
    let (id, referee) = a.table("demo").await;
    for c in ["c1", "c2"] {
        let (s, v) = a
            .command(
                &id,
                &referee,
                json!({"rules": {"create": {"character": c}}}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let old = a.player(&id, &referee, "bob", "c1").await;
    let (s, v) = b
        .command(&id, &referee, json!({"leave": {"name": "bob"}}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // Timestamps are in ms: the new seat is taken strictly after the old token was minted.
    tokio::time::sleep(Duration::from_millis(5)).await;
    let new = b.player(&id, &referee, "bob", "c2").await;
    for srv in [&a, &b] {
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &old).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &new).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, invite) = a
        .post(
            &format!("/api/tables/{id}/invites"),
            Some(&referee),
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{invite}");
    let path = format!(
        "/api/tables/{id}/invites/{}/revoke",
        invite["invite_id"].as_str().expect("id")
    );
    let (s, v) = b.post(&path, Some(&referee), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = a
        .post(
            "/api/join",
            None,
            json!({"invite": invite["invite"], "name": "eve"}),
        )
        .await;
    assert_eq!(s, StatusCode::GONE, "{v}");
    let (s, v) = a
        .post(
            &format!("/api/tables/{id}/referee/rotate"),
            Some(&referee),
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let rotated = v["referee_token"].as_str().expect("token").to_string();
    let (s, _) = b.get(&format!("/api/tables/{id}/view"), &referee).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let log = b.full_log(&id, &rotated).await;
    assert_eq!(of_kind(&log, "access_changed").len(), 2);
    a.stop().await;
    b.stop().await;

    // Back to the layout before seats, then start again: the migration upgrades it, and bob's
    // token (seat forgotten) is pinned to his seat again.
    {
        let mut conn = sqlx::PgConnection::connect(&db.url).await.expect("connect");
        for sql in [
            "ALTER TABLE server_tokens DROP COLUMN seat, DROP COLUMN invite_id, DROP COLUMN revoked",
            "DROP INDEX server_tokens_by_table",
            "DELETE FROM _sqlx_migrations WHERE version = 20261201000418",
        ] {
            conn.execute(sql).await.expect(sql);
        }
        conn.close().await.ok();
    }
    let a = db.instance(None).await;
    let (s, v) = a.get(&format!("/api/tables/{id}/view"), &new).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = a.get(&format!("/api/tables/{id}/view"), &old).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    // The rotation was forgotten with the column; the new link works either way.
    let (s, v) = a.get(&format!("/api/tables/{id}/view"), &rotated).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    a.stop().await;
}
