//! The deadline scheduler over real HTTP and WebSocket against SQLite: an injected clock, real
//! short timers, and a restart with a deadline that passed while the server was down.

use crate::common::{Running, events_until, next_message, of_kind, start};
use engine::{FakeClock, WallClock};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

const T0: i64 = 1_800_000_000_000;

async fn sqlite_server(db: &Path, clock: Option<FakeClock>) -> Running {
    let (store, tokens) = server::open_sqlite(db).await.expect("open db");
    let clock = clock.map(|c| Arc::new(c) as Arc<dyn WallClock>);
    start(store, tokens, engine::builtin_registry(), clock).await
}

fn start_timer(id: &str, ms: i64) -> Value {
    json!({"clock": {"start_timer": {"id": id, "label": "test", "ms": ms}}})
}

/// The fired `timer_ended` events of a log.
fn fired(log: &[Value]) -> Vec<&Value> {
    of_kind(log, "timer_ended")
        .into_iter()
        .filter(|e| e["body"]["fired"] == true)
        .collect()
}

/// With an injected clock, a timer fires when the clock reaches its deadline — not a
/// millisecond before — exactly once, as the system actor, and reaches the live stream.
#[tokio::test]
async fn timer_fires_once_at_its_deadline_with_an_injected_clock() {
    let dir = tempfile::tempdir().expect("tmp");
    let clock = FakeClock::new(T0);
    let srv = sqlite_server(&dir.path().join("delve.db"), Some(clock.clone())).await;
    let (id, referee) = srv.table("demo").await;
    let (s, v) = srv
        .command(&id, &referee, start_timer("bell", 60_000))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let mut ws = srv.live(&id, &referee, 0).await;
    let caught_up = events_until(&mut ws, |evs| {
        evs.iter().any(|e| e["body"]["type"] == "timer_started")
    })
    .await;
    assert!(fired(&caught_up).is_empty());
    // Read the "live" marker.
    let live = next_message(&mut ws, Duration::from_secs(10)).await;
    assert_eq!(live.expect("live marker")["type"], "live");

    // One millisecond early: nothing fires, however often the scheduler looks.
    clock.set_ms(T0 + 59_999);
    for _ in 0..3 {
        srv.wake.wake();
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        next_message(&mut ws, Duration::from_millis(300))
            .await
            .is_none(),
        "nothing is due yet"
    );

    // At the deadline it fires once.
    clock.set_ms(T0 + 60_000);
    srv.wake.wake();
    let msg = next_message(&mut ws, Duration::from_secs(10))
        .await
        .expect("the timer fires");
    assert_eq!(msg["type"], "event");
    assert_eq!(msg["event"]["body"]["type"], "timer_ended");
    assert_eq!(msg["event"]["body"]["id"], "bell");
    assert_eq!(msg["event"]["body"]["fired"], true);
    assert_eq!(msg["event"]["actor"], json!({"role": "system"}));
    // Waking again and moving the clock on fires nothing more.
    clock.set_ms(T0 + 120_000);
    for _ in 0..3 {
        srv.wake.wake();
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        next_message(&mut ws, Duration::from_millis(300))
            .await
            .is_none(),
        "a fired timer is gone"
    );
    let log = srv.full_log(&id, &referee).await;
    assert_eq!(fired(&log).len(), 1);
    srv.stop().await;
}

/// A paused timer does not fire; resumed, it fires after the running time it had left.
#[tokio::test]
async fn paused_timer_waits_and_fires_after_its_remaining_time() {
    let dir = tempfile::tempdir().expect("tmp");
    let clock = FakeClock::new(T0);
    let srv = sqlite_server(&dir.path().join("delve.db"), Some(clock.clone())).await;
    let (id, referee) = srv.table("demo").await;
    srv.command(&id, &referee, start_timer("t", 10_000)).await;
    clock.set_ms(T0 + 4_000);
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"clock": {"pause_timer": {"id": "t"}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    clock.set_ms(T0 + 100_000);
    srv.wake.wake();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(fired(&srv.full_log(&id, &referee).await).is_empty());
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"clock": {"resume_timer": {"id": "t"}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    clock.set_ms(T0 + 100_000 + 5_999);
    srv.wake.wake();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(fired(&srv.full_log(&id, &referee).await).is_empty());
    clock.set_ms(T0 + 100_000 + 6_000);
    srv.wake.wake();
    let mut log = Vec::new();
    for _ in 0..100 {
        log = srv.full_log(&id, &referee).await;
        if !fired(&log).is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(fired(&log).len(), 1);
    srv.stop().await;
}

/// Real time, real HTTP: a real-time exploration turn of 300 ms ends by itself; each end
/// of turn arrives on the WebSocket once and starts the next turn; the turns count up by one.
#[tokio::test]
async fn real_time_exploration_turns_end_by_themselves_once_each() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = sqlite_server(&dir.path().join("delve.db"), None).await;
    let (id, referee) = srv.table("demo").await;
    let mut ws = srv.live(&id, &referee, 0).await;
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"clock": {"start_exploration": {"length": {"kind": "real_time", "ms": 300}}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let events = events_until(&mut ws, |evs| {
        of_kind(evs, "exploration_turn_started").len() >= 3
    })
    .await;
    let turns: Vec<u64> = of_kind(&events, "exploration_turn_started")
        .iter()
        .map(|e| e["body"]["turn"].as_u64().expect("turn"))
        .collect();
    assert_eq!(turns, vec![1, 2, 3]);
    // Two turns ended by the clock, each fired once, by the system actor.
    let fired_now = fired(&events);
    assert_eq!(fired_now.len(), 2, "{events:?}");
    assert!(
        fired_now
            .iter()
            .all(|e| e["actor"] == json!({"role": "system"}))
    );
    let (s, v) = srv
        .command(&id, &referee, json!({"clock": "end_exploration"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // After the end, no timer runs and nothing more fires.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let log = srv.full_log(&id, &referee).await;
    assert_eq!(
        of_kind(&log, "exploration_turn_started").len(),
        3,
        "no turn after the end"
    );
    assert_eq!(fired(&log).len(), 2);
    // The live stream carried every event exactly once, in order.
    let ns: Vec<u64> = events.iter().map(|e| e["n"].as_u64().expect("n")).collect();
    assert_eq!(ns, (1..=ns.len() as u64).collect::<Vec<_>>());
    srv.stop().await;
}

/// A deadline that passed while the server was down fires at start-up, once; a second restart
/// fires nothing more.
#[tokio::test]
async fn deadline_missed_while_down_fires_once_at_start_up() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("delve.db");
    let clock = FakeClock::new(T0);
    let srv = sqlite_server(&db, Some(clock.clone())).await;
    let (id, referee) = srv.table("demo").await;
    let (s, v) = srv
        .command(&id, &referee, start_timer("late", 10_000))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    srv.stop().await;

    // Down while the deadline passes; the new server is not woken by anyone.
    let later = FakeClock::new(T0 + 3_600_000);
    let srv = sqlite_server(&db, Some(later.clone())).await;
    let mut log = Vec::new();
    for _ in 0..200 {
        log = srv.full_log(&id, &referee).await;
        if !fired(&log).is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(fired(&log).len(), 1, "fired at start-up");
    let at = fired(&log)[0]["at_ms"].as_i64().expect("at_ms");
    assert_eq!(at, T0 + 3_600_000, "fired by the injected clock");
    srv.stop().await;

    let srv = sqlite_server(&db, Some(later)).await;
    srv.wake.wake();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(fired(&srv.full_log(&id, &referee).await).len(), 1);
    srv.stop().await;
}

/// A table imported with a running timer has no known deadline; the scheduler loads it once,
/// records its deadline and fires it when due.
#[tokio::test]
async fn imported_table_with_a_running_timer_fires_when_due() {
    let dir = tempfile::tempdir().expect("tmp");
    let clock = FakeClock::new(T0);
    let srv = sqlite_server(&dir.path().join("a.db"), Some(clock.clone())).await;
    let (id, referee) = srv.table("demo").await;
    srv.command(&id, &referee, start_timer("carried", 5_000))
        .await;
    let export = srv
        .http
        .get(format!("{}/api/tables/{id}/export", srv.base))
        .bearer_auth(&referee)
        .send()
        .await
        .expect("export")
        .text()
        .await
        .expect("text");
    srv.stop().await;

    let other = sqlite_server(&dir.path().join("b.db"), Some(clock.clone())).await;
    let imported: Value = other
        .http
        .post(format!(
            "{}/api/tables/import?accept_unsigned=true",
            other.base
        ))
        .header("content-type", "application/x-ndjson")
        .body(export)
        .send()
        .await
        .expect("import")
        .json()
        .await
        .expect("json");
    let token = imported["referee_token"].as_str().expect("token");
    other.wake.wake();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(fired(&other.full_log(&id, token).await).is_empty());
    clock.set_ms(T0 + 5_000);
    other.wake.wake();
    let mut log = Vec::new();
    for _ in 0..200 {
        log = other.full_log(&id, token).await;
        if !fired(&log).is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(fired(&log).len(), 1);
    other.stop().await;
}
