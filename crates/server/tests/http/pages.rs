//! Issue 18, second round: a viewer's log read by pages with bounded per-viewer memory, and
//! the seat checked again under the table's lock. These drive the server's state directly
//! (the same `AppState` the HTTP handlers use), so a race can be staged step by step.

use super::*;
use engine::{AccessChange, Actor, Command, Viewer, project_log};
use server::api::{authorize, new_table};
use server::hub::ViewCache;
use server::runner::{self, SeatCheck};
use server::tokens::hash_token;
use server::{AppState, Grant, TokenRecord};
use std::sync::Arc;

/// A server's state over SQLite at `db` (no HTTP listener), as `Server::serve` builds it.
pub(super) async fn app_state(db: &Path) -> Arc<AppState> {
    let (store, tokens) = server::open_sqlite(db).await.expect("db");
    let limits = Limits::default();
    let (_stop, shutdown) = tokio::sync::watch::channel(false);
    Arc::new(AppState {
        tables: store::Tables::new(store, Arc::new(engine::builtin_registry())),
        tokens,
        hub: server::hub::Hub::new(limits.live_buffer, limits.max_tables),
        guard: server::guard::Guard::new(
            &limits,
            server::guard::Hosts::new("http://127.0.0.1", &[]),
            None,
        ),
        limits,
        public_url: "http://127.0.0.1".into(),
        shutdown,
        clock: Arc::new(engine::SystemClock),
        scheduler: server::scheduler::Wake::new(),
        shared: false,
        queues: runner::Queues::default(),
        signing_key: store::ServerKey::generate(),
        openapi: std::sync::OnceLock::new(),
        forecasts: server::forecasts::Forecasts::default(),
    })
}

fn cmd(v: Value) -> Command {
    serde_json::from_value(v).expect("command")
}

async fn as_referee(state: &Arc<AppState>, id: &str, c: Value) {
    runner::run_command(state, id, &Actor::Referee, &Viewer::Referee, &cmd(c))
        .await
        .expect("referee command");
}

/// A demo table with players alice (c1), bob (c2) and carol; returns its id.
async fn seated_table(state: &Arc<AppState>) -> String {
    let (id, _) = new_table(
        state,
        "demo".into(),
        "t".into(),
        "Referee".into(),
        Value::Null,
    )
    .await
    .expect("table");
    for c in [
        json!({"rules": {"create": {"character": "c1"}}}),
        json!({"rules": {"create": {"character": "c2"}}}),
        json!({"join": {"name": "alice", "role": "player"}}),
        json!({"join": {"name": "bob", "role": "player"}}),
        json!({"join": {"name": "carol", "role": "player"}}),
        json!({"bind": {"player": "alice", "character": "c1"}}),
        json!({"bind": {"player": "bob", "character": "c2"}}),
    ] {
        as_referee(state, &id, c).await;
    }
    id
}

async fn seat_of(state: &Arc<AppState>, id: &str, name: &str) -> Option<u64> {
    let hub = state.hub.get(id);
    let locked = runner::lock(state, &hub, id).await;
    let mut locked = locked.expect("lock");
    locked.loaded().table.core().participants.seat(name)
}

/// A player token for `name`'s current seat.
async fn player_token(state: &Arc<AppState>, id: &str, name: &str) -> String {
    let token = format!("test-token-{name}-{}", uuid_like());
    let seat = seat_of(state, id, name).await;
    let record = TokenRecord::new(
        id,
        Grant::Player {
            name: name.into(),
            seat,
        },
    );
    state
        .tokens
        .insert(&hash_token(&token), &record, 0)
        .await
        .expect("token");
    token
}

fn uuid_like() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

async fn head(state: &AppState, id: &str) -> u64 {
    state.tables.store.meta(id).await.expect("meta").head
}

async fn command_after_auth(
    state: &Arc<AppState>,
    id: &str,
    who: &server::api::Principal,
    check: Option<SeatCheck>,
) -> Result<Vec<Arc<str>>, server::ApiError> {
    let note = cmd(json!({"rules": {"note": {"text": "still here?", "secret": false}}}));
    runner::run_checked(state, id, &who.actor(), &who.viewer(), &note, check).await
}

/// A player authenticated, then revoked before the command reached the table's lock: the
/// command is refused (`403 not_seated`, as at authentication) and nothing is stored — for
/// revoked tokens (the engine alone would accept it: the seat is still there), for a leave
/// followed by a new `alice` joining (a new seat), and after the table was unloaded in between
/// (the check then reads the log). On main the seat was checked only at authentication.
#[tokio::test]
async fn sec_seat_18_revoked_between_auth_and_apply_is_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let state = app_state(&dir.path().join("d.db")).await;
    let id = seated_table(&state).await;

    // Tokens revoked between authentication and the command.
    let token = player_token(&state, &id, "alice").await;
    let (who, check) = authorize(&state, &token, &id).await.expect("authorised");
    assert!(check.is_some());
    // A command with a fresh check goes through.
    let (_, fresh) = authorize(&state, &token, &id).await.expect("authorised");
    command_after_auth(&state, &id, &who, fresh)
        .await
        .expect("seated");
    let revoked = state
        .tokens
        .revoke_player(&id, "alice")
        .await
        .expect("revoke");
    assert_eq!(revoked, 1);
    as_referee(
        &state,
        &id,
        serde_json::to_value(Command::Access(AccessChange::PlayerTokensRevoked {
            player: "alice".into(),
            tokens: 1,
            reissued: false,
        }))
        .expect("json"),
    )
    .await;
    let before = head(&state, &id).await;
    let err = command_after_auth(&state, &id, &who, check.clone())
        .await
        .expect_err("revoked in between");
    assert_eq!(
        (err.status, err.code.as_str()),
        (403, "not_seated"),
        "{err:?}"
    );
    assert_eq!(head(&state, &id).await, before, "nothing stored");
    // The same after the table left memory and came back (the check reads the log).
    assert!(state.hub.evict(std::time::Duration::ZERO, 0) >= 1);
    let err = command_after_auth(&state, &id, &who, check)
        .await
        .expect_err("revoked in between, table reloaded");
    assert_eq!(err.code, "not_seated");
    assert_eq!(head(&state, &id).await, before, "nothing stored");

    // Bob leaves and a new bob joins (a new seat) between authentication and the command.
    let token = player_token(&state, &id, "bob").await;
    let (who, check) = authorize(&state, &token, &id).await.expect("authorised");
    as_referee(&state, &id, json!({"leave": {"name": "bob"}})).await;
    as_referee(
        &state,
        &id,
        json!({"join": {"name": "bob", "role": "player"}}),
    )
    .await;
    let before = head(&state, &id).await;
    let err = command_after_auth(&state, &id, &who, check)
        .await
        .expect_err("a new seat in between");
    assert_eq!(err.code, "not_seated");
    assert_eq!(head(&state, &id).await, before, "nothing stored");
}

/// The Referee authenticated, then the Referee's link was rotated before the command reached
/// the table's lock: the command is refused (`401 token_revoked`, as at authentication) and
/// nothing is stored, with the table in memory and after it was unloaded. Before, only a
/// player's seat was checked again under the lock.
#[tokio::test]
async fn sec_seat_18_referee_rotated_between_auth_and_apply_is_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let state = app_state(&dir.path().join("d.db")).await;
    let id = seated_table(&state).await;
    let token = "test-token-referee-old";
    state
        .tokens
        .insert(
            &hash_token(token),
            &TokenRecord::new(&id, Grant::Referee),
            0,
        )
        .await
        .expect("token");
    let (who, check) = authorize(&state, token, &id).await.expect("authorised");
    assert_eq!(who, server::api::Principal::Referee);
    let (_, fresh) = authorize(&state, token, &id).await.expect("authorised");
    command_after_auth(&state, &id, &who, fresh)
        .await
        .expect("the Referee's token is good");
    // The rotation: the tokens are revoked, then the event is logged.
    assert!(state.tokens.revoke_referee(&id).await.expect("revoke") >= 1);
    as_referee(
        &state,
        &id,
        serde_json::to_value(Command::Access(AccessChange::RefereeLinkRotated {
            tokens: 1,
        }))
        .expect("json"),
    )
    .await;
    let before = head(&state, &id).await;
    let err = command_after_auth(&state, &id, &who, check.clone())
        .await
        .expect_err("rotated in between");
    assert_eq!(
        (err.status, err.code.as_str()),
        (401, "token_revoked"),
        "{err:?}"
    );
    assert_eq!(head(&state, &id).await, before, "nothing stored");
    assert!(state.hub.evict(std::time::Duration::ZERO, 0) >= 1);
    let err = command_after_auth(&state, &id, &who, check)
        .await
        .expect_err("rotated in between, table reloaded");
    assert_eq!(err.code, "token_revoked");
    assert_eq!(head(&state, &id).await, before, "nothing stored");
    // And the old token itself is refused at authentication.
    let err = authorize(&state, token, &id).await.expect_err("rotated");
    assert_eq!(err.code, "token_revoked");
}

/// One command per step of a secret-heavy script: public, masked (the Referee's secret
/// rolls), private to one player, Referee-only, and undos (reverts naming earlier events).
fn script(i: usize) -> (Actor, Value) {
    let referee = Actor::Referee;
    let player = |p: &str| Actor::Player(p.into());
    match i % 9 {
        0 => (
            referee,
            json!({"rules": {"secret_roll": {"character": "c1", "dice": "1d6"}}}),
        ),
        1 => (
            player("alice"),
            json!({"rules": {"note": {"text": format!("alice secret {i}"), "secret": true}}}),
        ),
        2 => (
            player("bob"),
            json!({"rules": {"note": {"text": format!("bob secret {i}"), "secret": true}}}),
        ),
        3 => (
            player("alice"),
            json!({"rules": {"add": {"character": "c1", "amount": 1}}}),
        ),
        4 => (
            referee,
            json!({"rules": {"note": {"text": format!("referee secret {i}"), "secret": true}}}),
        ),
        5 => (
            player("carol"),
            json!({"rules": {"note": {"text": format!("public {i}"), "secret": false}}}),
        ),
        6 => (
            player("bob"),
            json!({"rules": {"add": {"character": "c2", "amount": 2}}}),
        ),
        7 if i % 2 == 1 => (referee, json!({"undo": {"count": 2}})),
        _ => (referee, json!({"undo": {}})),
    }
}

fn viewers() -> Vec<Viewer> {
    vec![
        Viewer::Referee,
        Viewer::Player("alice".into()),
        Viewer::Player("bob".into()),
        Viewer::Player("carol".into()),
    ]
}

/// Every page of every viewer's log through the server's page reader, against the engine's
/// projection of the whole stored log (the numbering `n` the server gave before this change).
async fn check_pages(state: &Arc<AppState>, id: &str, page_sizes: &[usize]) {
    let log = state.tables.log(id).await.expect("log");
    for viewer in viewers() {
        let expected: Vec<Value> = project_log(&log, &viewer)
            .iter()
            .map(|e| serde_json::to_value(e).expect("json"))
            .collect();
        let hub = state.hub.get(id);
        let who = match &viewer {
            Viewer::Player(p) => server::api::Principal::Player(p.clone()),
            _ => server::api::Principal::Referee,
        };
        let mut locked = runner::lock_for_read(state, &hub, id, &who)
            .await
            .expect("lock");
        let reader = runner::reader(&mut locked, &viewer).expect("reader");
        drop(locked);
        assert_eq!(reader.last_n(), expected.len() as u64, "{viewer:?}");
        for &size in page_sizes {
            let mut got = Vec::new();
            let mut after = 0;
            loop {
                let (page, _) = reader
                    .page(&*state.tables.store, after, size, None)
                    .await
                    .expect("page");
                if page.is_empty() {
                    break;
                }
                for (n, json) in page {
                    assert_eq!(n, after + 1, "dense numbering for {viewer:?}");
                    after = n;
                    got.push(serde_json::from_str::<Value>(&json).expect("json"));
                }
            }
            assert_eq!(got.len(), expected.len(), "{viewer:?} pages of {size}");
            for (g, e) in got.iter().zip(&expected) {
                assert_eq!(g, e, "{viewer:?} pages of {size}");
            }
        }
        // A page from the middle, without reading what comes before it.
        let mid = expected.len() as u64 / 2;
        let (page, _) = reader
            .page(&*state.tables.store, mid, 7, None)
            .await
            .expect("page");
        let page: Vec<Value> = page
            .iter()
            .map(|(_, j)| serde_json::from_str(j).expect("json"))
            .collect();
        assert_eq!(page, expected[mid as usize..mid as usize + 7], "{viewer:?}");
        if let Viewer::Player(name) = &viewer {
            let text = serde_json::to_string(&got_all(&reader, state).await).expect("json");
            assert!(
                !text.contains("referee secret"),
                "{name} sees a Referee note"
            );
            assert!(
                !text.contains("\"rolled\""),
                "{name} sees a secret roll's result"
            );
            assert!(text.contains("secret_roll"), "{name} sees the masked roll");
            for other in ["alice", "bob"] {
                if other != name {
                    assert!(!text.contains(&format!("{other} secret")), "{name}");
                }
            }
        }
    }
}

async fn got_all(reader: &server::pages::Reader, state: &AppState) -> Vec<Value> {
    reader
        .all(&*state.tables.store)
        .await
        .expect("all")
        .iter()
        .map(|j| serde_json::from_str(j).expect("json"))
        .collect()
}

/// The structures a viewer costs stay bounded on a long log: the index's marks (never more
/// than `MAX_LOG_MARKS` + 1) and the numbering the live projector remembers (only what an
/// undo could still revert).
async fn check_footprints(state: &Arc<AppState>, id: &str) -> Vec<server::hub::Footprint> {
    let hub = state.hub.get(id);
    let mut locked = runner::lock(state, &hub, id).await.expect("lock");
    let loaded = locked.loaded();
    let head = loaded.table.head();
    let undoable = head + 1 - loaded.table.undo_floor();
    let mut out = Vec::new();
    for viewer in viewers() {
        let cache: &ViewCache = loaded.view(&viewer).expect("cache built");
        let size = cache.footprint();
        assert!(
            size.marks <= engine::projection::MAX_LOG_MARKS + 1,
            "{viewer:?}: {size:?}"
        );
        assert!(
            size.marks as u64 <= head / engine::projection::FIRST_MARK_SPACING + 1,
            "{viewer:?}: {size:?}"
        );
        assert!(
            size.remembered as u64 <= undoable,
            "{viewer:?}: {size:?}, {undoable} undoable events"
        );
        out.push(size);
    }
    out
}

/// Issue 18 item 6 (second round): a log of thousands of events read by four viewers, page by
/// page, gives the same events with the same numbering as projecting the whole log — masked
/// rolls masked, private notes private, reverts renumbered — whether the viewer's index was
/// built from the store (cold) or fed live as commands committed; the per-viewer structures
/// stay within fixed bounds while the log grows (on main each viewer kept its whole log).
#[tokio::test]
async fn sec_pages_18_long_log_pages_match_the_whole_projection_with_bounded_caches() {
    let dir = tempfile::tempdir().expect("tmp");
    let state = app_state(&dir.path().join("d.db")).await;
    let id = seated_table(&state).await;
    // Half the log written straight to the store: the caches are built cold from it.
    for i in 0..1500 {
        let (actor, c) = script(i);
        state
            .tables
            .execute(
                &id,
                &actor,
                &cmd(c),
                &engine::SystemClock,
                &mut engine::DiceRoller,
            )
            .await
            .expect("command");
    }
    // The table was loaded by `seated_table`: unload it so the hub reads the new events.
    assert!(state.hub.evict(std::time::Duration::ZERO, 0) >= 1);
    check_pages(&state, &id, &[1000, 33]).await;
    let early = check_footprints(&state, &id).await;
    // The other half through the server's command path: every cache is fed live.
    for i in 1500..3000 {
        let (actor, c) = script(i);
        let viewer = match &actor {
            Actor::Player(p) => Viewer::Player(p.clone()),
            _ => Viewer::Referee,
        };
        runner::run_command(&state, &id, &actor, &viewer, &cmd(c))
            .await
            .expect("command");
    }
    let head = head(&state, &id).await;
    assert!(head > 3000, "a long log: {head} events");
    check_pages(&state, &id, &[1000, 64, 5]).await;
    let late = check_footprints(&state, &id).await;
    for (e, l) in early.iter().zip(&late) {
        // The log doubled; what each viewer costs did not grow with it (the index gains a
        // mark per 64 events until its cap, the projector only what an undo may revert).
        assert!(l.remembered <= 64, "{l:?}");
        assert!(e.remembered <= 64, "{e:?}");
    }
}
