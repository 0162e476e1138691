//! The server over real HTTP and WebSocket, against SQLite in a temporary directory.

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use server::{Limits, Server};
use std::path::Path;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

// The secrecy sweep, one script per ruleset (issue 18).
#[path = "http/batch.rs"]
mod batch;
#[path = "http/chat.rs"]
mod chat;
#[path = "http/forecasts.rs"]
mod forecasts;
#[path = "http/hostile.rs"]
mod hostile;
#[path = "http/net.rs"]
mod net;
#[path = "http/openapi.rs"]
mod openapi;
#[path = "http/pack_issues.rs"]
mod pack_issues;
#[path = "http/pages.rs"]
mod pages;
#[path = "http/physical_dice.rs"]
mod physical_dice;
#[path = "http/queries.rs"]
mod queries;
mod secrecy_sweep;

struct Running {
    base: String,
    http: reqwest::Client,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

async fn start_with(db: &Path, limits: Limits) -> Running {
    start_registry(db, limits, engine::builtin_registry()).await
}

async fn start_registry(db: &Path, limits: Limits, registry: engine::Registry) -> Running {
    let (store, tokens) = server::open_sqlite(db).await.expect("open db");
    start_server(Server::new(store, tokens, registry), limits).await
}

/// Serves over any store (tests wrap SQLite to slow it down).
async fn start_store(
    store: std::sync::Arc<dyn store::EventStore>,
    tokens: std::sync::Arc<dyn server::TokenStore>,
    limits: Limits,
) -> Running {
    start_server(
        Server::new(store, tokens, engine::builtin_registry()),
        limits,
    )
    .await
}

async fn start_server(mut srv: Server, limits: Limits) -> Running {
    srv.limits = limits;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        srv.serve(listener, async move {
            let _ = rx.await;
        })
        .await
        .expect("serve");
    });
    Running {
        base: format!("http://{addr}"),
        http: reqwest::Client::new(),
        stop: Some(tx),
        task,
    }
}

/// Default limits but the per-address ones: every test client shares loopback (those limits
/// have their own tests, module `hostile`).
async fn start(db: &Path) -> Running {
    let limits = Limits {
        requests_per_second: 0.0,
        tables_per_minute: 0.0,
        ..Limits::default()
    };
    start_with(db, limits).await
}

impl Running {
    async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        let _ = self.task.await;
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        let mut req = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.expect("send");
        let status = resp.status();
        (status, resp.json().await.expect("json body"))
    }

    async fn get_text(&self, path: &str, token: &str) -> (StatusCode, String) {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(token)
            .send()
            .await
            .expect("send");
        let status = resp.status();
        (status, resp.text().await.expect("text"))
    }

    async fn get(&self, path: &str, token: &str) -> (StatusCode, Value) {
        let (status, text) = self.get_text(path, token).await;
        (status, serde_json::from_str(&text).expect("json"))
    }

    async fn command(&self, table: &str, token: &str, cmd: Value) -> (StatusCode, Value) {
        self.post(&format!("/api/tables/{table}/commands"), Some(token), cmd)
            .await
    }

    /// Creates a demo table with characters c1, c2; returns (id, referee token).
    async fn demo_table(&self) -> (String, String) {
        let (status, created) = self
            .post(
                "/api/tables",
                None,
                json!({"ruleset": "demo", "name": "Crypt"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().expect("id").to_string();
        let referee = created["referee_token"]
            .as_str()
            .expect("token")
            .to_string();
        assert!(
            created["referee_link"]
                .as_str()
                .expect("link")
                .contains(&referee)
        );
        for c in ["c1", "c2"] {
            let (s, v) = self
                .command(
                    &id,
                    &referee,
                    json!({"rules": {"create": {"character": c}}}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        (id, referee)
    }

    /// Invites (bound to `character` or open) and joins as `name`; returns the player token.
    async fn player(&self, id: &str, referee: &str, name: &str, character: Option<&str>) -> String {
        let body = match character {
            Some(c) => json!({"character": c}),
            None => json!({}),
        };
        let (s, invite) = self
            .post(&format!("/api/tables/{id}/invites"), Some(referee), body)
            .await;
        assert_eq!(s, StatusCode::CREATED, "{invite}");
        let (s, joined) = self
            .post(
                "/api/join",
                None,
                json!({"invite": invite["invite"], "name": name}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{joined}");
        joined["player_token"].as_str().expect("token").to_string()
    }

    async fn last_n(&self, id: &str, token: &str) -> u64 {
        let (s, v) = self.get(&format!("/api/tables/{id}/view"), token).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["last_n"].as_u64().expect("last_n")
    }

    /// The whole log as `token` sees it, through the paged endpoint.
    async fn full_log(&self, id: &str, token: &str) -> Vec<Value> {
        let mut out = Vec::new();
        let mut after = 0;
        loop {
            let (s, page) = self
                .get(
                    &format!("/api/tables/{id}/log?after={after}&limit=3"),
                    token,
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{page}");
            out.extend(page["events"].as_array().expect("events").iter().cloned());
            after = page["next_after"].as_u64().expect("next_after");
            if !page["more"].as_bool().expect("more") {
                return out;
            }
        }
    }

    fn ws_url(&self, id: &str, token: &str, after: u64) -> String {
        format!(
            "{}/api/tables/{id}/live?token={token}&after={after}",
            self.base.replacen("http", "ws", 1)
        )
    }
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads text messages until `stop` says so; returns them (raw text) and how it ended.
async fn read_until(ws: &mut Ws, mut stop: impl FnMut(&Value) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("live message in time")
            .expect("stream open")
            .expect("ws ok");
        match msg {
            Message::Text(t) => {
                let v: Value = serde_json::from_str(&t).expect("json message");
                out.push(t.to_string());
                if stop(&v) {
                    return out;
                }
            }
            Message::Close(_) => return out,
            _ => {}
        }
    }
}

fn event_ns(msgs: &[String]) -> Vec<u64> {
    msgs.iter()
        .filter_map(|t| {
            let v: Value = serde_json::from_str(t).ok()?;
            (v["type"] == "event").then(|| v["event"]["n"].as_u64().expect("n"))
        })
        .collect()
}

#[tokio::test]
async fn table_invite_join_and_commands_by_referee_and_player() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;

    // The player acts for her own character; the response carries her events.
    let (s, v) = srv
        .command(
            &id,
            &alice,
            json!({"rules": {"add": {"character": "c1", "amount": 3}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let events = v["events"].as_array().expect("events");
    assert_eq!(events.len(), 1);
    assert_eq!(events[0]["body"]["event"]["added"]["amount"], 3);

    // …but never for another's character: refused, and the table is unchanged.
    let before = srv.last_n(&id, &referee).await;
    let (s, v) = srv
        .command(
            &id,
            &alice,
            json!({"rules": {"add": {"character": "c2", "amount": 3}}}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "not_allowed");
    // Nor a Referee-only command, nor an invite of her own.
    let (s, _) = srv
        .command(
            &id,
            &alice,
            json!({"rules": {"create": {"character": "c9"}}}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, v) = srv
        .post(
            &format!("/api/tables/{id}/invites"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(srv.last_n(&id, &referee).await, before);

    // The Referee acts for anyone.
    let (s, _) = srv
        .command(
            &id,
            &referee,
            json!({"rules": {"add": {"character": "c2", "amount": -2}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, view) = srv.get(&format!("/api/tables/{id}/view"), &referee).await;
    assert_eq!(view["view"]["rules"]["counters"]["c1"], 3, "{view}");
    assert!(view["now_ms"].as_i64().is_some_and(|ms| ms > 0), "{view}");
    assert_eq!(view["view"]["rules"]["counters"]["c2"], -2, "{view}");

    // An invite is single use, and a token is only good at its own table.
    let (_, invite) = srv
        .post(
            &format!("/api/tables/{id}/invites"),
            Some(&referee),
            json!({}),
        )
        .await;
    let (s, _) = srv
        .post(
            "/api/join",
            None,
            json!({"invite": invite["invite"], "name": "bob"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, v) = srv
        .post(
            "/api/join",
            None,
            json!({"invite": invite["invite"], "name": "carl"}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(v["code"], "invite_used");
    // A player who left keeps no access, over HTTP or WebSocket.
    let bob = srv.player(&id, &referee, "bob2", None).await;
    let (s, _) = srv.get(&format!("/api/tables/{id}/view"), &bob).await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = srv
        .command(&id, &referee, json!({"leave": {"name": "bob2"}}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = srv.get(&format!("/api/tables/{id}/log"), &bob).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "not_seated");
    match tokio_tungstenite::connect_async(srv.ws_url(&id, &bob, 0)).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
            assert_eq!(resp.status(), 403);
        }
        other => panic!("expected a 403, got {:?}", other.map(|r| r.1)),
    }
    let (other, _) = srv.demo_table().await;
    let (s, v) = srv.get(&format!("/api/tables/{other}/view"), &alice).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    let (s, v) = srv.get(&format!("/api/tables/{id}/view"), "0000").await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    srv.stop().await;
}

#[tokio::test]
async fn bad_input_gets_a_json_error_and_leaves_the_table_unchanged() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let before = srv.full_log(&id, &referee).await;
    let url = format!("{}/api/tables/{id}/commands", srv.base);

    let resp = srv
        .http
        .post(&url)
        .bearer_auth(&referee)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let v: Value = resp.json().await.expect("json");
    assert_eq!(v["code"], "bad_json");

    let (s, v) = srv.command(&id, &referee, json!({"fly": {}})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(v["code"], "bad_command");

    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"rules": {"add": {"character": "c1", "amount": 5000}}}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "amount_too_large");
    assert_eq!(v["rule"], "demo::MAX_ADD");

    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"rules": {"roll": {"character": "c1", "dice": "1000000000d6"}}}),
        )
        .await;
    assert!(s.is_client_error(), "{s} {v}");
    assert!(v["code"].is_string() && v["message"].is_string(), "{v}");

    let huge = "x".repeat(Limits::default().body_bytes + 1);
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"rules": {"note": {"text": huge, "secret": false}}}),
        )
        .await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(v["rule"], "limits.body_bytes");

    let (s, v) = srv
        .get(&format!("/api/tables/{id}/log?after=0&limit=0"), &referee)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(v["rule"], "limits.log_page");
    let (s, v) = srv
        .get(&format!("/api/tables/{id}/log?after=minus"), &referee)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let (s, v) = srv
        .post(
            "/api/tables",
            None,
            json!({"ruleset": "chess", "name": "x"}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(v["code"], "unknown_ruleset");
    let (s, v) = srv.get("/api/nowhere", &referee).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(v["code"], "not_found");

    let resp = srv
        .http
        .put(format!("{}/api/tables", srv.base))
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
    let v: Value = resp.json().await.expect("json error");
    assert_eq!(v["code"], "method_not_allowed");

    assert_eq!(srv.full_log(&id, &referee).await, before);
    srv.stop().await;
}

#[tokio::test]
async fn sec_rate_06_commands_limited_per_token_across_connections() {
    let dir = tempfile::tempdir().expect("tmp");
    let limits = Limits {
        commands_per_second: 0.01,
        command_burst: 3.0,
        ..Limits::default()
    };
    let srv = start_with(&dir.path().join("delve.db"), limits).await;
    let (created_status, created) = srv
        .post("/api/tables", None, json!({"ruleset": "demo", "name": "t"}))
        .await;
    assert_eq!(created_status, StatusCode::CREATED);
    let id = created["id"].as_str().expect("id");
    let referee = created["referee_token"].as_str().expect("token");
    let note = json!({"rules": {"note": {"text": "hi", "secret": false}}});
    for _ in 0..3 {
        let (s, v) = srv.command(id, referee, note.clone()).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, v) = srv.command(id, referee, note.clone()).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(v["rule"], "limits.commands_per_second");
    // A new connection does not reset the token's allowance (on main it had its own bucket).
    let fresh = reqwest::Client::new();
    let resp = fresh
        .post(format!("{}/api/tables/{id}/commands", srv.base))
        .bearer_auth(referee)
        .json(&note)
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(resp.headers().contains_key("retry-after"));
    srv.stop().await;
}

/// A scripted game with secret events; every byte a player receives (responses, log, view,
/// export, live stream) is scanned for them.
#[tokio::test]
async fn secrets_never_reach_a_player() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
    let bob = srv.player(&id, &referee, "bob", Some("c2")).await;

    let mut ws = tokio_tungstenite::connect_async(srv.ws_url(&id, &alice, 0))
        .await
        .expect("ws")
        .0;
    let mut alice_bytes: Vec<String> = read_until(&mut ws, |v| v["type"] == "live").await;

    let script: Vec<(&str, Value)> = vec![
        (
            "r",
            json!({"rules": {"note": {"text": "REFEREE-SECRET-7731", "secret": true}}}),
        ),
        (
            "a",
            json!({"rules": {"note": {"text": "public hello", "secret": false}}}),
        ),
        (
            "r",
            json!({"rules": {"secret_roll": {"character": "c1", "dice": "3d6"}}}),
        ),
        (
            "b",
            json!({"rules": {"note": {"text": "BOB-PRIVATE-4402", "secret": true}}}),
        ),
        (
            "a",
            json!({"rules": {"roll": {"character": "c1", "dice": "1d6"}}}),
        ),
        ("r", json!({"rules": {"curse": {"character": "c1"}}})),
        (
            "a",
            json!({"rules": {"note": {"text": "alice own secret", "secret": true}}}),
        ),
        (
            "r",
            json!({"rules": {"add": {"character": "c2", "amount": 1}}}),
        ),
    ];
    for (who, cmd) in &script {
        let token = match *who {
            "r" => &referee,
            "a" => &alice,
            _ => &bob,
        };
        let (s, v) = srv.command(&id, token, cmd.clone()).await;
        assert_eq!(s, StatusCode::OK, "{cmd} → {v}");
        if *who == "a" {
            alice_bytes.push(v.to_string());
        }
    }
    let referee_n = srv.last_n(&id, &referee).await;
    let alice_n = srv.last_n(&id, &alice).await;
    alice_bytes.extend(read_until(&mut ws, |v| v["event"]["n"].as_u64() == Some(alice_n)).await);
    for path in ["view", "log?limit=1000", "export"] {
        let (s, text) = srv
            .get_text(&format!("/api/tables/{id}/{path}"), &alice)
            .await;
        assert_eq!(s, StatusCode::OK, "{path}: {text}");
        alice_bytes.push(text);
    }
    let all = alice_bytes.join("\n");

    // The Referee's export has the secrets (so the scan below would catch a leak).
    let (_, export) = srv
        .get_text(&format!("/api/tables/{id}/export"), &referee)
        .await;
    let seed = export
        .lines()
        .nth(1)
        .and_then(|l| serde_json::from_str::<Value>(l).ok())
        .and_then(|v| v["event"]["body"]["seed"].as_u64());
    // A server table draws fresh dice: it stores no seed that could leak (issue 18 item 3).
    assert_eq!(seed, None, "no dice seed in a server table");
    let secrets = [
        "REFEREE-SECRET-7731".to_string(),
        "BOB-PRIVATE-4402".to_string(),
        "hidden_added".to_string(),
    ];
    for secret in &secrets {
        assert!(
            export.contains(secret.as_str()),
            "{secret} not in the Referee export"
        );
        assert!(
            !all.contains(secret.as_str()),
            "a player received `{secret}`"
        );
    }
    // She does get what is hers or public, and fewer events than the Referee.
    assert!(all.contains("alice own secret") && all.contains("public hello"));
    assert!(alice_n < referee_n);
    srv.stop().await;
}

#[tokio::test]
async fn live_reconnect_resumes_with_no_gap_and_no_duplicate() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
    let add = |n: i64| json!({"rules": {"add": {"character": "c1", "amount": n}}});
    let secret = json!({"rules": {"note": {"text": "shh", "secret": true}}});

    let mut ws = tokio_tungstenite::connect_async(srv.ws_url(&id, &alice, 0))
        .await
        .expect("ws")
        .0;
    let mut got = event_ns(&read_until(&mut ws, |v| v["type"] == "live").await);
    for i in 1..=4 {
        srv.command(&id, &referee, add(i)).await;
        srv.command(&id, &referee, secret.clone()).await;
    }
    let target = srv.last_n(&id, &alice).await;
    got.extend(event_ns(
        &read_until(&mut ws, |v| v["event"]["n"].as_u64() == Some(target)).await,
    ));
    ws.close(None).await.expect("close");

    // Offline: more events, then resume from the last n received.
    for i in 5..=7 {
        srv.command(&id, &referee, add(i)).await;
        srv.command(&id, &referee, secret.clone()).await;
    }
    let last = *got.last().expect("some events");
    let mut ws = tokio_tungstenite::connect_async(srv.ws_url(&id, &alice, last))
        .await
        .expect("ws")
        .0;
    got.extend(event_ns(
        &read_until(&mut ws, |v| v["type"] == "live").await,
    ));
    srv.command(&id, &alice, add(100)).await;
    let target = srv.last_n(&id, &alice).await;
    got.extend(event_ns(
        &read_until(&mut ws, |v| v["event"]["n"].as_u64() == Some(target)).await,
    ));

    let expected: Vec<u64> = (1..=target).collect();
    assert_eq!(got, expected, "gap or duplicate in the live stream");
    let log: Vec<u64> = srv
        .full_log(&id, &alice)
        .await
        .iter()
        .map(|e| e["n"].as_u64().expect("n"))
        .collect();
    assert_eq!(log, expected);

    // Shutdown tells the live client where to resume (close code 1001) and completes.
    let stopping = tokio::spawn(srv.stop());
    let msgs = read_until(&mut ws, |v| v["type"] == "resume").await;
    let resume: Value = serde_json::from_str(msgs.last().expect("resume")).expect("json");
    assert_eq!(resume["after"].as_u64(), Some(target), "{msgs:?}");
    match ws.next().await {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 1001),
        other => panic!("expected a close frame, got {other:?}"),
    }
    stopping.await.expect("server stopped");
}

/// A client that falls behind is told to resume instead of stalling the others; resuming
/// loses nothing. (The test runtime is single-threaded, so a command's two events are
/// broadcast before the live task runs: with a buffer of one it is certain to lag.)
#[tokio::test]
async fn slow_live_client_is_told_to_resume_and_loses_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let limits = Limits {
        live_buffer: 1,
        ..Limits::default()
    };
    let srv = start_with(&dir.path().join("delve.db"), limits).await;
    let (id, referee) = srv.demo_table().await;
    let mut ws = tokio_tungstenite::connect_async(srv.ws_url(&id, &referee, 0))
        .await
        .expect("ws")
        .0;
    let mut msgs = read_until(&mut ws, |v| v["type"] == "live").await;
    // `roll` emits two events (the recorded roll and the addition).
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"rules": {"roll": {"character": "c1", "dice": "1d6"}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    msgs.extend(read_until(&mut ws, |v| v["type"] == "resume").await);
    let resume: Value = serde_json::from_str(msgs.last().expect("resume")).expect("json");
    assert_eq!(resume["type"], "resume", "{msgs:?}");
    let after = resume["after"].as_u64().expect("after");
    let mut got = event_ns(&msgs);
    assert_eq!(got.last().copied().unwrap_or(0), after);
    // The close frame says where to resume.
    let close = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
        .await
        .expect("close in time");
    if let Some(Ok(Message::Close(Some(frame)))) = close {
        assert_eq!(u16::from(frame.code), 4000);
        assert_eq!(frame.reason.as_str(), format!("resume from {after}"));
    } else {
        panic!("expected a close frame, got {close:?}");
    }
    let mut ws = tokio_tungstenite::connect_async(srv.ws_url(&id, &referee, after))
        .await
        .expect("ws")
        .0;
    got.extend(event_ns(
        &read_until(&mut ws, |v| v["type"] == "live").await,
    ));
    let head = srv.last_n(&id, &referee).await;
    assert_eq!(got, (1..=head).collect::<Vec<_>>());
    srv.stop().await;
}

#[tokio::test]
async fn live_refuses_bad_tokens_with_json_errors() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    match tokio_tungstenite::connect_async(srv.ws_url(&id, "nope", 0)).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
            assert_eq!(resp.status(), 401);
        }
        other => panic!("expected a 401, got {:?}", other.map(|r| r.1)),
    }
    // A plain GET of the WebSocket route gets the API's JSON error.
    let (status, body) = srv
        .get(&format!("/api/tables/{id}/live?token={referee}"), &referee)
        .await;
    assert_eq!(status, StatusCode::UPGRADE_REQUIRED);
    assert_eq!(body["code"], "websocket_required", "{body}");
    srv.stop().await;
}

#[tokio::test]
async fn export_then_import_gives_the_same_log_and_a_new_referee_token() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let (_, export) = srv
        .get_text(&format!("/api/tables/{id}/export"), &referee)
        .await;

    // The same id exists: refused.
    let resp = srv
        .http
        .post(format!("{}/api/tables/import", srv.base))
        .header("content-type", "application/x-ndjson")
        .body(export.clone())
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::CONFLICT);

    // Into a fresh database: accepted, with the same log. The second server has its own key,
    // so the first one's export is foreign there: refused unless accepted as unsigned.
    let dir2 = tempfile::tempdir().expect("tmp");
    let srv2 = start(&dir2.path().join("delve.db")).await;
    let resp = srv2
        .http
        .post(format!("{}/api/tables/import", srv2.base))
        .header("content-type", "application/x-ndjson")
        .body(export.clone())
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let v: Value = resp.json().await.expect("json");
    assert!(
        v["message"]
            .as_str()
            .unwrap_or("")
            .contains("another server's key"),
        "{v}"
    );
    let resp = srv2
        .http
        .post(format!(
            "{}/api/tables/import?accept_unsigned=true",
            srv2.base
        ))
        .header("content-type", "application/x-ndjson")
        .body(export.clone())
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::CREATED);
    let v: Value = resp.json().await.expect("json");
    let token = v["referee_token"].as_str().expect("token");
    assert_ne!(token, referee);
    let (_, again) = srv2
        .get_text(&format!("/api/tables/{id}/export"), token)
        .await;
    // The same header and events; the signature line is the second server's own.
    let unsigned = |t: &str| t.split("{\"signature\"").next().unwrap_or("").to_string();
    assert_eq!(unsigned(&again), unsigned(&export));

    // A tampered export is refused with the line named.
    let tampered = export.replacen("c1", "cX", 1);
    let resp = srv2
        .http
        .post(format!(
            "{}/api/tables/import?accept_unsigned=true",
            srv2.base
        ))
        .header("content-type", "application/x-ndjson")
        .body(tampered)
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let v: Value = resp.json().await.expect("json");
    assert_eq!(v["code"], "bad_import");
    srv.stop().await;
    srv2.stop().await;
}

#[tokio::test]
async fn health_index_and_openapi_cover_every_route() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (s, health) = srv.get("/api/health", "").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["rulesets"], json!(["demo"]));
    let (s, page) = srv.get_text("/", "").await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("<title>Delve</title>"), "{page}");
    let (s, doc) = srv.get("/api/openapi.json", "").await;
    assert_eq!(s, StatusCode::OK);
    assert!(doc["openapi"].as_str().expect("version").starts_with("3."));
    let paths = doc["paths"].as_object().expect("paths");
    for (path, method) in [
        ("/", "get"),
        ("/api/health", "get"),
        ("/api/rulesets", "get"),
        ("/api/openapi.json", "get"),
        ("/api/tables", "post"),
        ("/api/tables/import", "post"),
        ("/api/tables/{id}/invites", "post"),
        ("/api/join", "post"),
        ("/api/tables/{id}/commands", "post"),
        ("/api/tables/{id}/log", "get"),
        ("/api/tables/{id}/view", "get"),
        ("/api/tables/{id}/export", "get"),
        ("/api/tables/{id}/live", "get"),
        ("/api/tables/{id}/packs", "post"),
        ("/api/tables/{id}/invites", "get"),
        ("/api/tables/{id}/invites/{invite}/revoke", "post"),
        ("/api/tables/{id}/players/revoke", "post"),
        ("/api/tables/{id}/referee/rotate", "post"),
        ("/api/tables/{id}/queries/{name}", "post"),
        ("/api/tables/{id}/forecasts/{kind}", "post"),
    ] {
        assert!(paths[path][method].is_object(), "{method} {path} missing");
    }
    assert_eq!(paths.len(), 19);
    srv.stop().await;
}

/// Entry point of the child server process used by the kill -9 test (not a test itself).
#[test]
#[ignore = "child process of kill_9_keeps_an_acknowledged_command"]
fn child_server_process() {
    let (Ok(db), Ok(addr_file)) = (
        std::env::var("DELVE_TEST_CHILD_DB"),
        std::env::var("DELVE_TEST_CHILD_ADDR"),
    ) else {
        return;
    };
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async move {
        let (store, tokens) = server::open_sqlite(Path::new(&db)).await.expect("db");
        let srv = Server::new(store, tokens, engine::builtin_registry());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        std::fs::write(&addr_file, addr.to_string()).expect("write addr");
        srv.serve(listener, std::future::pending())
            .await
            .expect("serve");
    });
}

#[tokio::test]
async fn kill_9_keeps_an_acknowledged_command() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("delve.db");
    let addr_file = dir.path().join("addr");
    let mut child = std::process::Command::new(std::env::current_exe().expect("exe"))
        .args([
            "--ignored",
            "--exact",
            "child_server_process",
            "--nocapture",
        ])
        .env("DELVE_TEST_CHILD_DB", &db)
        .env("DELVE_TEST_CHILD_ADDR", &addr_file)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("spawn child server");
    let mut addr = String::new();
    for _ in 0..200 {
        if let Ok(a) = std::fs::read_to_string(&addr_file)
            && !a.is_empty()
        {
            addr = a;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(!addr.is_empty(), "the child server did not start");
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("http://{addr}/api/tables"))
        .json(&json!({"ruleset": "demo", "name": "k9"}))
        .send()
        .await
        .expect("send")
        .json()
        .await
        .expect("json");
    let id = created["id"].as_str().expect("id").to_string();
    let token = created["referee_token"]
        .as_str()
        .expect("token")
        .to_string();
    let resp = http
        .post(format!("http://{addr}/api/tables/{id}/commands"))
        .bearer_auth(&token)
        .json(&json!({"rules": {"note": {"text": "ACKED-BEFORE-KILL", "secret": false}}}))
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::OK);
    child.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix
    child.wait().expect("reaped");

    // A new server on the same file has the acknowledged event, and the token still works.
    let srv = start(&db).await;
    let (s, export) = srv
        .get_text(&format!("/api/tables/{id}/export"), &token)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(export.contains("ACKED-BEFORE-KILL"));
    srv.stop().await;
}

#[tokio::test]
async fn live_sends_heartbeat_pings() {
    let dir = tempfile::tempdir().expect("tmp");
    let limits = Limits {
        heartbeat: std::time::Duration::from_millis(50),
        ..Limits::default()
    };
    let srv = start_with(&dir.path().join("delve.db"), limits).await;
    let (id, referee) = srv.demo_table().await;
    let mut ws = tokio_tungstenite::connect_async(srv.ws_url(&id, &referee, 0))
        .await
        .expect("ws")
        .0;
    let mut pings = 0;
    while pings < 2 {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a message in time")
            .expect("open")
            .expect("ok");
        if matches!(msg, Message::Ping(_)) {
            pings += 1;
        }
    }
    srv.stop().await;
}

/// Reads a live connection until its viewer's event `n` = `last` has arrived; returns the
/// events (parsed) and the raw texts.
async fn live_events(ws: &mut Ws, last: u64) -> (Vec<Value>, Vec<String>) {
    let raw = read_until(ws, |v| v["event"]["n"].as_u64() == Some(last)).await;
    let events = raw
        .iter()
        .filter_map(|t| {
            let v: Value = serde_json::from_str(t).expect("json");
            (v["type"] == "event").then(|| v["event"].clone())
        })
        .collect();
    (events, raw)
}

/// Issue 8 fan-out: each new event is projected and serialised once per viewer and that one
/// frame goes to every connection of the viewer. Two players (two connections each) and the
/// Referee watch live while secret and public events are made: every connection receives
/// exactly its viewer's log (the same events as its paged log, in order, no gap, no
/// duplicate), the two connections of a player receive byte-identical messages, and no
/// secret of the Referee or of the other player reaches a player.
#[tokio::test]
async fn fanout_once_per_viewer_each_connection_gets_its_own_projection() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
    let bob = srv.player(&id, &referee, "bob", Some("c2")).await;
    let viewers = [("referee", &referee), ("alice", &alice), ("bob", &bob)];
    let mut conns = Vec::new();
    for (name, token) in viewers {
        for _ in 0..2 {
            let start = srv.last_n(&id, token).await;
            let mut ws = tokio_tungstenite::connect_async(srv.ws_url(&id, token, start))
                .await
                .expect("ws")
                .0;
            read_until(&mut ws, |v| v["type"] == "live").await;
            conns.push((name, token, start, ws));
        }
    }
    let script: Vec<(&str, Value)> = vec![
        (
            "r",
            json!({"rules": {"note": {"text": "REFEREE-ONLY-5510", "secret": true}}}),
        ),
        (
            "a",
            json!({"rules": {"note": {"text": "ALICE-ONLY-6620", "secret": true}}}),
        ),
        (
            "b",
            json!({"rules": {"note": {"text": "BOB-ONLY-7730", "secret": true}}}),
        ),
        (
            "r",
            json!({"rules": {"note": {"text": "everyone-hello", "secret": false}}}),
        ),
        (
            "r",
            json!({"rules": {"secret_roll": {"character": "c2", "dice": "2d6"}}}),
        ),
        (
            "a",
            json!({"rules": {"add": {"character": "c1", "amount": 3}}}),
        ),
        (
            "b",
            json!({"rules": {"roll": {"character": "c2", "dice": "1d4"}}}),
        ),
    ];
    for (who, cmd) in &script {
        let token = match *who {
            "r" => &referee,
            "a" => &alice,
            _ => &bob,
        };
        let (s, v) = srv.command(&id, token, cmd.clone()).await;
        assert_eq!(s, StatusCode::OK, "{cmd} → {v}");
    }
    let mut texts: std::collections::HashMap<&str, Vec<Vec<String>>> = Default::default();
    for (name, token, start, ws) in &mut conns {
        let last = srv.last_n(&id, token).await;
        assert!(last > *start, "{name} saw nothing new");
        let (events, raw) = live_events(ws, last).await;
        // Exactly the viewer's own log from where the connection started.
        let log = srv.full_log(&id, token).await;
        assert_eq!(
            events,
            log[*start as usize..].to_vec(),
            "{name}'s live stream"
        );
        texts.entry(*name).or_default().push(raw);
    }
    for (name, streams) in &texts {
        assert_eq!(streams[0], streams[1], "{name}'s two connections differ");
    }
    let joined = |name: &str| texts[name][0].join("\n");
    let (referee_text, alice_text, bob_text) = (joined("referee"), joined("alice"), joined("bob"));
    for secret in [
        "REFEREE-ONLY-5510",
        "ALICE-ONLY-6620",
        "BOB-ONLY-7730",
        "hidden_added",
    ] {
        assert!(referee_text.contains(secret), "the Referee misses {secret}");
    }
    assert!(alice_text.contains("ALICE-ONLY-6620") && alice_text.contains("everyone-hello"));
    assert!(bob_text.contains("BOB-ONLY-7730") && bob_text.contains("everyone-hello"));
    for secret in ["REFEREE-ONLY-5510", "BOB-ONLY-7730", "hidden_added"] {
        assert!(!alice_text.contains(secret), "alice received {secret}");
    }
    for secret in ["REFEREE-ONLY-5510", "ALICE-ONLY-6620", "hidden_added"] {
        assert!(!bob_text.contains(secret), "bob received {secret}");
    }
    srv.stop().await;
}

/// The OpenAPI document is built from the server's registry: the ruleset names are an enum of
/// every registered ruleset (no more, no less), and the command body lists the engine's
/// commands, each an object with one key.
#[tokio::test]
async fn openapi_ruleset_enum_is_the_registry_and_commands_have_a_schema() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    let srv = start_registry(&dir.path().join("delve.db"), Limits::default(), registry).await;
    let (_, listed) = srv.get("/api/rulesets", "").await;
    assert_eq!(
        listed["rulesets"],
        json!(["acks", "crows", "demo", "dnd2024"])
    );
    let (s, doc) = srv.get("/api/openapi.json", "").await;
    assert_eq!(s, StatusCode::OK);
    let create = &doc["paths"]["/api/tables"]["post"]["requestBody"]["content"]["application/json"]
        ["schema"];
    assert_eq!(create["properties"]["ruleset"]["enum"], listed["rulesets"]);
    for path in ["/api/rulesets", "/api/health"] {
        let items = &doc["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
            ["properties"]["rulesets"]["items"];
        assert_eq!(items["enum"], listed["rulesets"], "{path}");
    }
    let command = &doc["paths"]["/api/tables/{id}/commands"]["post"]["requestBody"]["content"]["application/json"]
        ["schema"];
    let keys: Vec<&str> = command["oneOf"]
        .as_array()
        .expect("oneOf")
        .iter()
        .map(|alt| {
            assert_eq!(alt["additionalProperties"], false, "{alt}");
            let required = alt["required"].as_array().expect("required");
            assert_eq!(required.len(), 1, "{alt}");
            required[0].as_str().expect("key")
        })
        .collect();
    assert_eq!(
        keys,
        [
            "rules",
            "answer",
            "undo",
            "join",
            "leave",
            "bind",
            "unbind",
            "clock",
            "set_option",
            "roll",
            "say"
        ]
    );
    let rules = &command["oneOf"][0]["properties"]["rules"];
    assert_eq!(
        (
            rules["minProperties"].as_u64(),
            rules["maxProperties"].as_u64()
        ),
        (Some(1), Some(1))
    );
    srv.stop().await;
}

/// A command body that does not match the documented schema gets 400 `bad_command` with a
/// message saying what was expected, and changes nothing; bodies of every documented shape get
/// past the shape check (a ruleset or engine answer, never 400).
/// Every other JSON body of the API is an object: an array, a string or a number is refused
/// with 400 `bad_json` before anything happens (serde alone would read `[]` as an invite with
/// no character and create it; schemathesis found that).
#[tokio::test]
async fn non_object_bodies_are_refused_and_create_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let before = srv.full_log(&id, &referee).await;
    let invites = format!("/api/tables/{id}/invites");
    for (path, token, body) in [
        (invites.as_str(), Some(referee.as_str()), json!([])),
        (invites.as_str(), Some(referee.as_str()), json!("c1")),
        ("/api/join", None, json!([])),
        ("/api/tables", None, json!(["demo", "t"])),
        ("/api/tables", None, json!(7)),
    ] {
        let (s, v) = srv.post(path, token, body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{path} {body} → {v}");
        assert_eq!(v["code"], "bad_json", "{path} {body} → {v}");
        assert!(
            v["message"]
                .as_str()
                .is_some_and(|m| m.contains("JSON object")),
            "{v}"
        );
    }
    assert_eq!(srv.full_log(&id, &referee).await, before);
    // An object still works.
    let (s, v) = srv.post(&invites, Some(&referee), json!({})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
}

#[tokio::test]
async fn commands_outside_the_schema_get_a_clear_400_and_change_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let before = srv.full_log(&id, &referee).await;
    for (body, says) in [
        (json!([]), "got an array"),
        (json!("undo"), "got a string"),
        (json!({}), "got 0 keys"),
        (json!({"undo": {}, "leave": {"name": "x"}}), "got 2 keys"),
        (
            json!({"fly": {}}),
            "unknown command `fly`: expected one of rules, answer",
        ),
        (
            json!({"rules": 5}),
            "a ruleset command is a JSON object with one key",
        ),
        (json!({"rules": {}}), "got 0 keys"),
        (json!({"rules": {"note": {}, "add": {}}}), "got 2 keys"),
        (
            json!({"join": {"name": "zed"}}),
            "malformed `join` command: missing field `role`",
        ),
        (json!({"undo": {"count": -1}}), "malformed `undo` command"),
        (json!({"clock": "fly"}), "malformed `clock` command"),
    ] {
        let (s, v) = srv.command(&id, &referee, body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body} → {v}");
        assert_eq!(v["code"], "bad_command", "{body} → {v}");
        let message = v["message"].as_str().expect("message");
        assert!(message.contains(says), "{body}: `{message}` lacks `{says}`");
    }
    assert_eq!(srv.full_log(&id, &referee).await, before);
    for body in [
        json!({"rules": {"note": {"text": "hi", "secret": false}}}),
        json!({"answer": {"decision": "nope", "option": "x"}}),
        json!({"undo": {}}),
        json!({"join": {"name": "zed", "role": "spectator"}}),
        json!({"leave": {"name": "zed"}}),
        json!({"bind": {"player": "nobody", "character": "c1"}}),
        json!({"unbind": {"player": "nobody", "character": "c1"}}),
        json!({"clock": "end_turn"}),
        json!({"clock": {"advance": {"minutes": 10}}}),
        json!({"clock": {"start_exploration": {"length": {"kind": "manual"}}}}),
        json!({"clock": {"start_timer": {"id": "t", "label": "T", "ms": 1000, "visibility": {"players": ["zed"]}}}}),
    ] {
        let (s, v) = srv.command(&id, &referee, body.clone()).await;
        let message = v["message"].as_str().unwrap_or("");
        let shape_refusal = [
            "a command",
            "unknown command",
            "a ruleset command",
            "malformed",
        ]
        .iter()
        .any(|p| message.starts_with(p));
        assert!(
            (s.is_success() || s.is_client_error()) && !shape_refusal,
            "{body} → {s} {v}"
        );
    }
    srv.stop().await;
}

/// Issue 18, items 4, 5 and 8: seats, revocation and look-alike names.
mod identity {
    use super::*;

    async fn invite(srv: &Running, id: &str, referee: &str, body: Value) -> Value {
        let (s, v) = srv
            .post(&format!("/api/tables/{id}/invites"), Some(referee), body)
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        v
    }

    async fn join(srv: &Running, invite: &Value, name: &str) -> (StatusCode, Value) {
        srv.post(
            "/api/join",
            None,
            json!({"invite": invite["invite"], "name": name}),
        )
        .await
    }

    async fn players(srv: &Running, id: &str, referee: &str) -> Value {
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), referee).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["view"]["participants"]["players"].clone()
    }

    #[tokio::test]
    async fn sec_18_4_a_left_seats_token_stays_dead_when_the_name_is_taken_again() {
        let dir = tempfile::tempdir().expect("tmp");
        let srv = start(&dir.path().join("delve.db")).await;
        let (id, referee) = srv.demo_table().await;
        let old = srv.player(&id, &referee, "bob", Some("c1")).await;
        let (s, v) = srv
            .command(&id, &referee, json!({"leave": {"name": "bob"}}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let new = srv.player(&id, &referee, "bob", Some("c2")).await;
        // The new bob's token works…
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &new).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        // …the old one does not: not for reads, commands or the live stream.
        let before = srv.last_n(&id, &referee).await;
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &old).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        assert_eq!(v["code"], "not_seated");
        let (s, v) = srv
            .command(
                &id,
                &old,
                json!({"rules": {"add": {"character": "c2", "amount": 1}}}),
            )
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        match tokio_tungstenite::connect_async(srv.ws_url(&id, &old, 0)).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
                assert_eq!(resp.status(), 403);
            }
            other => panic!("expected a 403, got {:?}", other.map(|r| r.1)),
        }
        assert_eq!(srv.last_n(&id, &referee).await, before);
        // A seat is never reused, also after a restart.
        srv.stop().await;
        let srv = start(&dir.path().join("delve.db")).await;
        let (s, _) = srv.get(&format!("/api/tables/{id}/view"), &old).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, _) = srv.get(&format!("/api/tables/{id}/view"), &new).await;
        assert_eq!(s, StatusCode::OK);
        srv.stop().await;
    }

    /// A database from before seats: the grants table as the server used to create it (no
    /// seat, invite id or revoked column) is upgraded by the migration, and its player tokens
    /// keep working for the seat they were minted for, and only for it.
    #[tokio::test]
    async fn sec_18_4_tokens_from_before_seats_keep_their_seat_only() {
        let dir = tempfile::tempdir().expect("tmp");
        let db = dir.path().join("delve.db");
        let srv = start(&db).await;
        let (id, referee) = srv.demo_table().await;
        let kept = srv.player(&id, &referee, "alice", Some("c1")).await;
        let stale = srv.player(&id, &referee, "bob", None).await;
        let open = invite(&srv, &id, &referee, json!({})).await;
        srv.stop().await;
        // Turn the file back into the old layout.
        {
            use sqlx::Connection;
            let url = format!("sqlite://{}", db.display());
            let mut conn = sqlx::SqliteConnection::connect(&url).await.expect("open");
            for sql in [
                "CREATE TABLE old_tokens AS SELECT hash, table_id, kind, player, character, \
                 used, created_at_ms FROM server_tokens",
                "DROP TABLE server_tokens",
                "CREATE TABLE server_tokens (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL, \
                 kind TEXT NOT NULL, player TEXT, character TEXT, used INTEGER NOT NULL \
                 DEFAULT 0, created_at_ms BIGINT NOT NULL)",
                "INSERT INTO server_tokens SELECT * FROM old_tokens",
                "DROP TABLE old_tokens",
                "DELETE FROM _sqlx_migrations WHERE version = 20261201000418",
            ] {
                sqlx::query(sql).execute(&mut conn).await.expect(sql);
            }
            conn.close().await.expect("close");
        }
        let srv = start(&db).await;
        // bob leaves and someone joins as bob after his (old-layout) token was minted.
        let (s, v) = srv
            .command(&id, &referee, json!({"leave": {"name": "bob"}}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        let (s, v) = join(&srv, &open, "bob").await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &kept).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &stale).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        // alice's token is now pinned to her seat: gone with it.
        let (s, _) = srv
            .command(&id, &referee, json!({"leave": {"name": "alice"}}))
            .await;
        assert_eq!(s, StatusCode::OK);
        let _ = srv.player(&id, &referee, "alice", None).await;
        let (s, _) = srv.get(&format!("/api/tables/{id}/view"), &kept).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        srv.stop().await;
    }

    #[tokio::test]
    async fn sec_18_5_a_revoked_invite_cannot_be_used_and_the_referee_log_says_so() {
        let dir = tempfile::tempdir().expect("tmp");
        let srv = start(&dir.path().join("delve.db")).await;
        let (id, referee) = srv.demo_table().await;
        let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
        let leaked = invite(&srv, &id, &referee, json!({"character": "c2"})).await;
        let invite_id = leaked["invite_id"].as_str().expect("invite id").to_string();
        // Only the Referee lists and revokes invites.
        let path = format!("/api/tables/{id}/invites/{invite_id}/revoke");
        let (s, v) = srv.post(&path, Some(&alice), json!({})).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let (s, v) = srv.get(&format!("/api/tables/{id}/invites"), &alice).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let (s, v) = srv.post(&path, Some(&referee), json!({})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["revoked"]["invite"], invite_id.as_str());
        let (s, v) = join(&srv, &leaked, "mallory").await;
        assert_eq!(s, StatusCode::GONE, "{v}");
        assert_eq!(v["code"], "invite_revoked");
        assert!(players(&srv, &id, &referee).await.get("mallory").is_none());
        let (s, v) = srv.post(&path, Some(&referee), json!({})).await;
        assert_eq!(s, StatusCode::CONFLICT, "{v}");
        let (s, v) = srv
            .post(
                &format!("/api/tables/{id}/invites/0123456789abcdef/revoke"),
                Some(&referee),
                json!({}),
            )
            .await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
        let (s, list) = srv
            .get(&format!("/api/tables/{id}/invites"), &referee)
            .await;
        assert_eq!(s, StatusCode::OK, "{list}");
        let listed = list["invites"].as_array().expect("invites");
        assert_eq!(listed.len(), 2, "{list}");
        assert!(
            listed
                .iter()
                .any(|i| i["id"] == invite_id.as_str() && i["revoked"] == true)
        );
        assert!(
            !list
                .to_string()
                .contains(leaked["invite"].as_str().expect("token"))
        );
        // Logged for the Referee, without the token or its hash; players see nothing of it.
        let log = srv.full_log(&id, &referee).await;
        let text = serde_json::to_string(&log).expect("json");
        assert!(text.contains("invite_revoked"), "{text}");
        assert!(!text.contains(leaked["invite"].as_str().expect("token")));
        let alice_log = serde_json::to_string(&srv.full_log(&id, &alice).await).expect("json");
        assert!(!alice_log.contains("access_changed"), "{alice_log}");
        assert!(!alice_log.contains(&invite_id), "{alice_log}");
        // The engine command behind the log entry is not open to clients.
        let (s, v) = srv
            .command(
                &id,
                &referee,
                json!({"access": {"kind": "referee_link_rotated", "tokens": 1}}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        srv.stop().await;
    }

    #[tokio::test]
    async fn sec_18_5_revoking_a_players_tokens_and_reissuing_one() {
        let dir = tempfile::tempdir().expect("tmp");
        let srv = start(&dir.path().join("delve.db")).await;
        let (id, referee) = srv.demo_table().await;
        let bob = srv.player(&id, &referee, "bob", Some("c1")).await;
        let path = format!("/api/tables/{id}/players/revoke");
        let (s, v) = srv.post(&path, Some(&bob), json!({"player": "bob"})).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let (s, v) = srv
            .post(&path, Some(&referee), json!({"player": "bob"}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["revoked"], 1);
        assert!(v.get("player_token").is_none());
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &bob).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        assert_eq!(v["code"], "token_revoked");
        // Still seated: the Referee hands the seat a fresh token (once).
        let (s, v) = srv
            .post(
                &path,
                Some(&referee),
                json!({"player": "bob", "reissue": true}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["revoked"], 0);
        let fresh = v["player_token"].as_str().expect("token").to_string();
        let (s, v) = srv
            .command(
                &id,
                &fresh,
                json!({"rules": {"add": {"character": "c1", "amount": 1}}}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, _) = srv.get(&format!("/api/tables/{id}/view"), &bob).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        let (s, v) = srv
            .post(&path, Some(&referee), json!({"player": "nobody"}))
            .await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
        let log = serde_json::to_string(&srv.full_log(&id, &referee).await).expect("json");
        assert_eq!(log.matches("player_tokens_revoked").count(), 2, "{log}");
        assert!(!log.contains(&fresh) && !log.contains(&bob));
        let bob_log = serde_json::to_string(&srv.full_log(&id, &fresh).await).expect("json");
        assert!(!bob_log.contains("access_changed"), "{bob_log}");
        srv.stop().await;
    }

    #[tokio::test]
    async fn sec_18_5_rotating_the_referee_link_kills_the_old_one() {
        let dir = tempfile::tempdir().expect("tmp");
        let srv = start(&dir.path().join("delve.db")).await;
        let (id, old) = srv.demo_table().await;
        let alice = srv.player(&id, &old, "alice", Some("c1")).await;
        let path = format!("/api/tables/{id}/referee/rotate");
        let (s, v) = srv.post(&path, Some(&alice), json!({})).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let resp = srv
            .http
            .post(format!("{}{path}", srv.base))
            .bearer_auth(&old)
            .json(&json!({}))
            .send()
            .await
            .expect("send");
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers()["cache-control"], "no-store");
        let v: Value = resp.json().await.expect("json");
        assert_eq!(v["revoked"], 1);
        let new = v["referee_token"].as_str().expect("token").to_string();
        assert!(v["referee_link"].as_str().expect("link").contains(&new));
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &old).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        let (s, v) = srv
            .post(&format!("/api/tables/{id}/invites"), Some(&old), json!({}))
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        let (s, v) = srv.get(&format!("/api/tables/{id}/view"), &new).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        // Players keep their seats.
        let (s, _) = srv.get(&format!("/api/tables/{id}/view"), &alice).await;
        assert_eq!(s, StatusCode::OK);
        let log = serde_json::to_string(&srv.full_log(&id, &new).await).expect("json");
        assert!(log.contains("referee_link_rotated"), "{log}");
        assert!(!log.contains(&new) && !log.contains(&old));
        srv.stop().await;
    }

    #[tokio::test]
    async fn sec_18_8_look_alike_and_invisible_names_are_refused() {
        let dir = tempfile::tempdir().expect("tmp");
        let srv = start(&dir.path().join("delve.db")).await;
        let (id, referee) = srv.demo_table().await;
        let (s, v) = srv
            .post(
                "/api/tables",
                None,
                json!({"ruleset": "demo", "name": "Crypt\u{202e}"}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        assert_eq!(v["rule"], "names.characters");
        // Trimmed and normalised on the way in.
        let open = invite(&srv, &id, &referee, json!({})).await;
        let (s, v) = join(&srv, &open, "  alice ").await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(v["player"], "alice");
        for (name, rule) in [
            ("Alice", "names.look_alike"),
            ("ALICE", "names.look_alike"),
            ("\u{430}lice", "names.look_alike"),
            ("alice\u{200b}", "names.characters"),
            ("Referee\u{200b}", "names.characters"),
            ("Refere\u{435}", "names.look_alike"),
            ("\u{202e}ecila", "names.characters"),
            ("bob\u{7}", "names.characters"),
        ] {
            let open = invite(&srv, &id, &referee, json!({})).await;
            let (s, v) = join(&srv, &open, name).await;
            assert!(s.is_client_error(), "{name:?}: {s} {v}");
            assert_eq!(v["code"], "bad_name", "{name:?}: {v}");
            assert_eq!(v["rule"], rule, "{name:?}: {v}");
            // The invite was not spent on a refused name.
            let (s, v) = join(&srv, &open, &format!("p{}", name.len())).await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
            let (s, _) = srv
                .command(
                    &id,
                    &referee,
                    json!({"leave": {"name": format!("p{}", name.len())}}),
                )
                .await;
            assert_eq!(s, StatusCode::OK);
        }
        // The Referee's own commands go through the same rule.
        let (s, v) = srv
            .command(
                &id,
                &referee,
                json!({"join": {"name": "\u{430}lice", "role": "player"}}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(v["rule"], "names.look_alike");
        assert_eq!(players(&srv, &id, &referee).await, json!({"alice": []}));
        srv.stop().await;
    }
}

/// Physical dice over the API (issue 17): the Referee's `?faces=4,6` are the command's dice in
/// order (2d6 rolled 4 and 6: the character gains 10); a player may not bring faces (403);
/// too few faces, faces left over, a face no d6 has, or text that is no list are refused and
/// nothing is stored.
#[tokio::test]
async fn physical_dice_the_referees_faces_are_the_commands_dice() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
    let roll = json!({"rules": {"roll": {"character": "c1", "dice": "2d6"}}});
    let with_faces = |token: &str, faces: &str| {
        let url = format!("{}/api/tables/{id}/commands?faces={faces}", srv.base);
        let token = token.to_string();
        let roll = roll.clone();
        async move {
            let r = reqwest::Client::new()
                .post(url)
                .bearer_auth(token)
                .json(&roll)
                .send()
                .await
                .expect("send");
            let status = r.status();
            (status, r.json::<Value>().await.expect("json"))
        }
    };
    let before = srv.last_n(&id, &referee).await;
    let (s, v) = with_faces(&alice, "6,6").await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "physical_dice_referee_only");
    for faces in ["4", "4,6,1", "4,7", "four"] {
        let (s, v) = with_faces(&referee, faces).await;
        assert!(s.is_client_error(), "{faces}: {s} {v}");
        assert_eq!(
            srv.last_n(&id, &referee).await,
            before,
            "{faces}: nothing stored"
        );
    }
    let (s, v) = with_faces(&referee, "4,6").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, view) = srv.get(&format!("/api/tables/{id}/view"), &referee).await;
    assert_eq!(view["view"]["rules"]["counters"]["c1"], 10, "{view}");
    let log = srv.full_log(&id, &referee).await;
    let rolled = log
        .iter()
        .rev()
        .find(|e| e["body"]["type"] == "rolled")
        .expect("a roll");
    assert_eq!(rolled["body"]["result"]["total"], 10, "{rolled}");
}
