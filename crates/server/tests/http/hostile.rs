//! Issue 18 items 6 (HTTP side) and 9: the server under hostile traffic.

use super::*;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Limits with every rate limit off, for tests that are not about them.
fn no_rate_limits() -> Limits {
    Limits {
        requests_per_second: 0.0,
        commands_per_second: 0.0,
        tables_per_minute: 0.0,
        ..Limits::default()
    }
}

/// Sends a raw HTTP/1.1 request; returns the status code and the whole answer.
async fn raw(base: &str, request: &str) -> (u16, String) {
    let addr = base.trim_start_matches("http://");
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(request.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .expect("answer in time")
        .expect("read");
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

fn create_request(host: &str, extra: &str, content_type: &str, body: &str) -> String {
    format!(
        "POST /api/tables HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Type: {content_type}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

const CREATE: &str = r#"{"ruleset":"demo","name":"x"}"#;

/// A page on any site can POST `text/plain` or a form without asking first: such bodies are
/// refused (on main they created tables).
#[tokio::test]
async fn sec_xsite_09_only_json_bodies_are_accepted() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start_with(&dir.path().join("d.db"), no_rate_limits()).await;
    let host = srv.base.trim_start_matches("http://").to_string();
    for ty in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let (status, text) = raw(&srv.base, &create_request(&host, "", ty, CREATE)).await;
        assert_eq!(status, 415, "{ty}: {text}");
        assert!(text.contains("unsupported_media_type"), "{text}");
    }
    let (id, referee) = srv.demo_table().await;
    let before = srv.full_log(&id, &referee).await;
    let resp = srv
        .http
        .post(format!("{}/api/tables/{id}/commands", srv.base))
        .bearer_auth(&referee)
        .header("content-type", "text/plain")
        .body(r#"{"rules":{"add":{"character":"c1","amount":1}}}"#)
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let v: Value = resp.json().await.expect("json");
    assert_eq!(v["rule"], "api.content_type");
    assert_eq!(srv.full_log(&id, &referee).await, before, "nothing changed");
    let (status, text) = raw(
        &srv.base,
        &create_request(&host, "", "application/json; charset=utf-8", CREATE),
    )
    .await;
    assert_eq!(status, 201, "{text}");
    srv.stop().await;
}

/// DNS rebinding and cross-site calls: a foreign Host or Origin is refused; the server's own
/// names and origin work.
#[tokio::test]
async fn sec_host_09_foreign_host_and_origin_are_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start_with(&dir.path().join("d.db"), no_rate_limits()).await;
    let host = srv.base.trim_start_matches("http://").to_string();
    let port = host.rsplit(':').next().expect("port");
    let json = "application/json";
    let (status, text) = raw(
        &srv.base,
        &create_request(&format!("rebind.attacker.example:{port}"), "", json, CREATE),
    )
    .await;
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("bad_host"), "{text}");
    let (status, text) = raw(
        &srv.base,
        &create_request(&host, "Origin: http://attacker.example\r\n", json, CREATE),
    )
    .await;
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("bad_origin"), "{text}");
    let (status, text) = raw(
        &srv.base,
        &create_request(&host, "Origin: http://127.0.0.1:1\r\n", json, CREATE),
    )
    .await;
    assert_eq!(status, 403, "another local origin: {text}");
    let own = format!("Origin: {}\r\n", srv.base);
    let (status, text) = raw(&srv.base, &create_request(&host, &own, json, CREATE)).await;
    assert_eq!(status, 201, "{text}");
    let (status, text) = raw(
        &srv.base,
        &create_request(&format!("localhost:{port}"), "", json, CREATE),
    )
    .await;
    assert_eq!(status, 201, "{text}");
    // The UI itself is not served under a foreign name either.
    let (status, _) = raw(
        &srv.base,
        "GET / HTTP/1.1\r\nHost: rebind.attacker.example\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(status, 403);
    srv.stop().await;
}

/// Every answer that carries a token (and every other API answer) says `no-store`.
#[tokio::test]
async fn sec_nostore_09_token_answers_are_not_cached() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start_with(&dir.path().join("d.db"), no_rate_limits()).await;
    let (id, referee) = srv.demo_table().await;
    let created = srv
        .http
        .post(format!("{}/api/tables", srv.base))
        .json(&json!({"ruleset": "demo", "name": "t"}))
        .send()
        .await
        .expect("send");
    assert_eq!(created.headers()["cache-control"], "no-store");
    let invite = srv
        .http
        .post(format!("{}/api/tables/{id}/invites", srv.base))
        .bearer_auth(&referee)
        .json(&json!({}))
        .send()
        .await
        .expect("send");
    assert_eq!(invite.headers()["cache-control"], "no-store");
    let invite: Value = invite.json().await.expect("json");
    let joined = srv
        .http
        .post(format!("{}/api/join", srv.base))
        .json(&json!({"invite": invite["invite"], "name": "ann"}))
        .send()
        .await
        .expect("send");
    assert_eq!(joined.status(), StatusCode::CREATED);
    assert_eq!(joined.headers()["cache-control"], "no-store");
    let refused = srv
        .http
        .get(format!("{}/api/tables/{id}/view", srv.base))
        .send()
        .await
        .expect("send");
    assert_eq!(refused.headers()["cache-control"], "no-store");
    srv.stop().await;
}

async fn ws_connect(
    url: &str,
    protocols: Option<&str>,
) -> (
    Ws,
    tokio_tungstenite::tungstenite::handshake::client::Response,
) {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = url.into_client_request().expect("request");
    if let Some(p) = protocols {
        req.headers_mut()
            .insert("sec-websocket-protocol", p.parse().expect("header"));
    }
    tokio_tungstenite::connect_async(req)
        .await
        .expect("connect")
}

/// The live stream takes its token in the first message or in `Sec-WebSocket-Protocol`, so
/// it never needs to be in the URL; a bad first message is refused with a JSON error and
/// close code 4001.
#[tokio::test]
async fn sec_ws_09_token_in_first_message_or_protocol_header() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start_with(&dir.path().join("d.db"), no_rate_limits()).await;
    let (id, referee) = srv.demo_table().await;
    let base = srv.base.replacen("http", "ws", 1);
    let url = format!("{base}/api/tables/{id}/live?after=0");
    let caught_up = |v: &Value| v["type"] == "live";

    let (mut ws, resp) = ws_connect(&url, Some("delve")).await;
    assert_eq!(resp.headers()["sec-websocket-protocol"], "delve");
    let auth = json!({"type": "auth", "token": referee}).to_string();
    ws.send(Message::Text(auth.into())).await.expect("send");
    let got = read_until(&mut ws, caught_up).await;
    assert!(
        got.last().is_some_and(|m| m.contains("\"live\"")),
        "{got:?}"
    );
    assert!(got.len() > 1, "the backlog came first: {got:?}");

    let offered = format!("delve, delve.token.{referee}");
    let (mut ws, resp) = ws_connect(&url, Some(&offered)).await;
    // The token is never echoed back.
    assert_eq!(resp.headers()["sec-websocket-protocol"], "delve");
    let got = read_until(&mut ws, caught_up).await;
    assert!(
        got.last().is_some_and(|m| m.contains("\"live\"")),
        "{got:?}"
    );

    let (mut ws, _) = ws_connect(&url, None).await;
    let bad = json!({"type": "auth", "token": "00"}).to_string();
    ws.send(Message::Text(bad.into())).await.expect("send");
    let mut error = None;
    let mut code = None;
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        match msg {
            Message::Text(t) => error = Some(serde_json::from_str::<Value>(&t).expect("json")),
            Message::Close(f) => {
                code = f.map(|f| u16::from(f.code));
                break;
            }
            _ => {}
        }
    }
    let error = error.expect("an error message");
    assert_eq!(error["type"], "error");
    assert_eq!(error["code"], "unauthorized");
    assert_eq!(code, Some(server::live::CLOSE_REFUSED));
    srv.stop().await;
}

/// With a creation key, creating and importing tables needs it.
#[tokio::test]
async fn sec_create_key_06_creation_needs_the_key() {
    let dir = tempfile::tempdir().expect("tmp");
    let (store, tokens) = server::open_sqlite(&dir.path().join("d.db"))
        .await
        .expect("db");
    let mut srv = Server::new(store, tokens, engine::builtin_registry());
    srv.create_key = Some("sesame".into());
    let srv = start_server(srv, no_rate_limits()).await;
    let url = format!("{}/api/tables", srv.base);
    let body = json!({"ruleset": "demo", "name": "t"});
    let resp = srv.http.post(&url).json(&body).send().await.expect("send");
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    let v: Value = resp.json().await.expect("json");
    assert_eq!(v["code"], "create_key_required");
    let resp = srv
        .http
        .post(&url)
        .header("x-create-key", "open")
        .json(&body)
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let resp = srv
        .http
        .post(format!("{}/api/tables/import", srv.base))
        .header("content-type", "application/x-ndjson")
        .body("{}")
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    let resp = srv
        .http
        .post(&url)
        .header("x-create-key", "sesame")
        .json(&body)
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::CREATED);
    lobby_carries_the_key_field(&srv, true).await;
    srv.stop().await;
}

/// The lobby's create and import forms carry a creation-key field, sent as `X-Create-Key`;
/// the server says whether it needs one (the field is shown then, or after a 401/403 naming
/// the key), and both refusals have their own message.
async fn lobby_carries_the_key_field(srv: &Running, needed: bool) {
    let (s, listed) = srv.get("/api/rulesets", "").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(listed["create_key_required"], needed, "{listed}");
    let (s, lobby) = srv.get_text("/assets/js/lobby.js", "").await;
    assert_eq!(s, StatusCode::OK);
    for needle in [
        "createKeyField(\"create-key\"",
        "createKeyField(\"import-key\"",
        "create_key_required",
        "bad_create_key",
        "createKey.box",
        "importKey.box",
        "api.importTable(",
        "id: \"import-table\"",
    ] {
        assert!(lobby.contains(needle), "lobby.js lacks {needle}");
    }
    let (s, client) = srv.get_text("/assets/js/api.js", "").await;
    assert_eq!(s, StatusCode::OK);
    assert!(client.contains("headers[\"X-Create-Key\"] = createKey"));
    for lang in ["en", "ru"] {
        let (s, ftl) = srv.get_text(&format!("/assets/i18n/{lang}.ftl"), "").await;
        assert_eq!(s, StatusCode::OK);
        for key in [
            "create-key =",
            "create-key-needed =",
            "create-key-wrong =",
            "import-table =",
        ] {
            assert!(ftl.contains(key), "{lang}.ftl lacks {key}");
        }
    }
}

/// Without a creation key the server says so (the lobby hides the field).
#[tokio::test]
async fn sec_create_key_06_lobby_field_hidden_without_a_key() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start_with(&dir.path().join("d.db"), no_rate_limits()).await;
    lobby_carries_the_key_field(&srv, false).await;
    srv.stop().await;
}

/// Table creation and API requests are limited per client address: new connections do not
/// get a new allowance (on main 300 tables were created in 1.3 s).
#[tokio::test]
async fn sec_rate_06_creation_and_requests_limited_per_address() {
    let dir = tempfile::tempdir().expect("tmp");
    let limits = Limits {
        tables_per_minute: 0.01,
        table_burst: 2.0,
        requests_per_second: 0.01,
        request_burst: 6.0,
        ..Limits::default()
    };
    let srv = start_with(&dir.path().join("d.db"), limits).await;
    let body = json!({"ruleset": "demo", "name": "t"});
    let mut statuses = Vec::new();
    for _ in 0..3 {
        // A new client (a new connection) each time.
        let resp = reqwest::Client::new()
            .post(format!("{}/api/tables", srv.base))
            .json(&body)
            .send()
            .await
            .expect("send");
        statuses.push(resp.status().as_u16());
        if resp.status() == StatusCode::TOO_MANY_REQUESTS {
            let v: Value = resp.json().await.expect("json");
            assert_eq!(v["rule"], "limits.tables_per_minute");
        }
    }
    assert_eq!(statuses, [201, 201, 429]);
    // 3 requests so far; the next 3 pass, then the address is out of requests.
    let mut statuses = Vec::new();
    for _ in 0..4 {
        let resp = reqwest::Client::new()
            .get(format!("{}/api/health", srv.base))
            .send()
            .await
            .expect("send");
        statuses.push(resp.status().as_u16());
    }
    assert_eq!(statuses, [200, 200, 200, 429]);
    srv.stop().await;
}

/// Slowloris: sockets that never finish their headers (or sit idle) are closed after the
/// header timeout, and real requests are answered meanwhile (on main they stayed open forever).
#[tokio::test]
async fn sec_slowloris_06_idle_and_slow_sockets_are_closed() {
    let dir = tempfile::tempdir().expect("tmp");
    let limits = Limits {
        header_timeout: Duration::from_millis(400),
        ..no_rate_limits()
    };
    let srv = start_with(&dir.path().join("d.db"), limits).await;
    let addr = srv.base.trim_start_matches("http://").to_string();
    let mut sockets = Vec::new();
    for i in 0..200 {
        let mut s = TcpStream::connect(&addr).await.expect("connect");
        if i % 2 == 0 {
            s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                .await
                .expect("write");
        }
        sockets.push(s);
    }
    let (s, v) = srv.get("/api/health", "unused").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    tokio::time::sleep(Duration::from_millis(900)).await;
    for mut s in sockets {
        let mut buf = [0u8; 512];
        let read = tokio::time::timeout(Duration::from_secs(3), s.read(&mut buf)).await;
        // Closed by the server: end of stream, a reset, or a 408 answer then the end.
        assert!(read.is_ok(), "a slow socket is still open");
    }
    srv.stop().await;
}

/// A table nobody touches leaves memory and comes back intact from the store.
#[tokio::test]
async fn sec_cache_06_idle_table_unloads_and_reloads() {
    let dir = tempfile::tempdir().expect("tmp");
    let limits = Limits {
        table_idle: Duration::from_millis(50),
        ..no_rate_limits()
    };
    let srv = start_with(&dir.path().join("d.db"), limits).await;
    let (id, referee) = srv.demo_table().await;
    let before = srv.full_log(&id, &referee).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(srv.full_log(&id, &referee).await, before);
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"rules": {"add": {"character": "c1", "amount": 2}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(srv.full_log(&id, &referee).await.len(), before.len() + 1);
    srv.stop().await;
}

/// Sends `count` health requests claiming `X-Forwarded-For: <forwarded>`; returns the statuses.
async fn health_as(srv: &Running, forwarded: &str, count: usize) -> Vec<u16> {
    let mut statuses = Vec::new();
    for _ in 0..count {
        let resp = reqwest::Client::new()
            .get(format!("{}/api/health", srv.base))
            .header("x-forwarded-for", forwarded)
            .send()
            .await
            .expect("send");
        statuses.push(resp.status().as_u16());
    }
    statuses
}

fn strict_requests() -> Limits {
    Limits {
        requests_per_second: 0.01,
        request_burst: 2.0,
        tables_per_minute: 0.01,
        table_burst: 1.0,
        ..Limits::default()
    }
}

/// `--trusted-proxy`: behind a trusted proxy each forwarded client has its own allowance
/// (keyed by the right-most untrusted hop, so a client prepending addresses gains nothing);
/// without it, a forged `X-Forwarded-For` changes nothing (the peer's address is the key).
#[tokio::test]
async fn sec_proxy_06_forwarded_for_keys_limits_only_behind_a_trusted_proxy() {
    // Untrusted peer (no --trusted-proxy): forged headers share the peer's allowance.
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start_with(&dir.path().join("d.db"), strict_requests()).await;
    assert_eq!(health_as(&srv, "203.0.113.1", 2).await, [200, 200]);
    assert_eq!(health_as(&srv, "203.0.113.2", 1).await, [429]);
    assert_eq!(health_as(&srv, "203.0.113.3, 127.0.0.1", 1).await, [429]);
    srv.stop().await;

    // Loopback is a trusted proxy: each forwarded client is limited on its own.
    let dir = tempfile::tempdir().expect("tmp");
    let (store, tokens) = server::open_sqlite(&dir.path().join("d.db"))
        .await
        .expect("db");
    let mut behind = Server::new(store, tokens, engine::builtin_registry());
    behind.trusted_proxies = vec!["127.0.0.0/8".parse().expect("proxy")];
    let srv = start_server(behind, strict_requests()).await;
    assert_eq!(health_as(&srv, "203.0.113.1", 3).await, [200, 200, 429]);
    assert_eq!(health_as(&srv, "203.0.113.2", 2).await, [200, 200]);
    // A client behind the proxy that forges a hop left of its own address stays itself.
    assert_eq!(
        health_as(&srv, "198.51.100.50, 203.0.113.1", 1).await,
        [429]
    );
    // Table creation is keyed the same way.
    let create = |who: &'static str| {
        let url = format!("{}/api/tables", srv.base);
        async move {
            reqwest::Client::new()
                .post(url)
                .header("x-forwarded-for", who)
                .json(&json!({"ruleset": "demo", "name": "t"}))
                .send()
                .await
                .expect("send")
                .status()
                .as_u16()
        }
    };
    assert_eq!(create("192.0.2.10").await, 201);
    assert_eq!(create("192.0.2.11").await, 201);
    let again = create("192.0.2.10").await;
    assert_eq!(again, 429);
    srv.stop().await;
}
