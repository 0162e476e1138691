//! What the scheduler, PostgreSQL and pack tests share: an in-process server on a real port and
//! a small HTTP/WebSocket client.
#![allow(dead_code)] // each test file uses a part

use engine::{Registry, WallClock};
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use server::{Server, TokenStore, scheduler::Wake};
use std::sync::Arc;
use std::time::Duration;
use store::EventStore;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

pub struct Running {
    pub base: String,
    pub http: reqwest::Client,
    pub wake: Wake,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

/// Starts a server on 127.0.0.1:0 over the given store, grants, rulesets and clock.
pub async fn start(
    store: Arc<dyn EventStore>,
    tokens: Arc<dyn TokenStore>,
    registry: Registry,
    clock: Option<Arc<dyn WallClock>>,
) -> Running {
    let mut srv = Server::new(store, tokens, registry);
    // These tests send bursts from loopback (one address); the rate limits have their own
    // tests (http.rs, module hostile).
    srv.limits.commands_per_second = 10_000.0;
    srv.limits.command_burst = 10_000.0;
    srv.limits.requests_per_second = 0.0;
    srv.limits.tables_per_minute = 0.0;
    if let Some(clock) = clock {
        srv.clock = clock;
    }
    let wake = srv.scheduler.clone();
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
        wake,
        stop: Some(tx),
        task,
    }
}

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

impl Running {
    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        let _ = self.task.await;
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        let mut req = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.expect("send");
        let status = resp.status();
        (status, resp.json().await.expect("json body"))
    }

    pub async fn get(&self, path: &str, token: &str) -> (StatusCode, Value) {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(token)
            .send()
            .await
            .expect("send");
        let status = resp.status();
        (status, resp.json().await.expect("json"))
    }

    pub async fn command(&self, table: &str, token: &str, cmd: Value) -> (StatusCode, Value) {
        self.post(&format!("/api/tables/{table}/commands"), Some(token), cmd)
            .await
    }

    /// Creates a table; returns (id, referee token).
    pub async fn table(&self, ruleset: &str) -> (String, String) {
        let (status, created) = self
            .post(
                "/api/tables",
                None,
                json!({"ruleset": ruleset, "name": "Test table"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        (
            created["id"].as_str().expect("id").to_string(),
            created["referee_token"]
                .as_str()
                .expect("token")
                .to_string(),
        )
    }

    /// Invites and joins as `name` (bound to `character`); returns the player token.
    pub async fn player(&self, id: &str, referee: &str, name: &str, character: &str) -> String {
        let (s, invite) = self
            .post(
                &format!("/api/tables/{id}/invites"),
                Some(referee),
                json!({"character": character}),
            )
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

    /// The whole log as `token` sees it, through the paged endpoint.
    pub async fn full_log(&self, id: &str, token: &str) -> Vec<Value> {
        let mut out = Vec::new();
        let mut after = 0;
        loop {
            let (s, page) = self
                .get(
                    &format!("/api/tables/{id}/log?after={after}&limit=7"),
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

    pub async fn live(&self, id: &str, token: &str, after: u64) -> Ws {
        let url = format!(
            "{}/api/tables/{id}/live?token={token}&after={after}",
            self.base.replacen("http", "ws", 1)
        );
        tokio_tungstenite::connect_async(url).await.expect("ws").0
    }
}

/// The next text message as JSON, or `None` if none comes within `wait`.
pub async fn next_message(ws: &mut Ws, wait: Duration) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let msg = tokio::time::timeout_at(deadline, ws.next()).await.ok()??;
        match msg.expect("ws ok") {
            Message::Text(t) => return Some(serde_json::from_str(&t).expect("json message")),
            Message::Close(_) => return None,
            _ => {}
        }
    }
}

/// Reads live messages until `stop` says so; returns the events (the `event` objects).
pub async fn events_until(ws: &mut Ws, mut stop: impl FnMut(&[Value]) -> bool) -> Vec<Value> {
    let mut out = Vec::new();
    while !stop(&out) {
        let msg = next_message(ws, Duration::from_secs(20))
            .await
            .expect("a live message in time");
        if msg["type"] == "event" {
            out.push(msg["event"].clone());
        }
    }
    out
}

/// Events with the body type `kind` (e.g. `timer_ended`).
pub fn of_kind<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events
        .iter()
        .filter(|e| e["body"]["type"] == kind)
        .collect()
}
