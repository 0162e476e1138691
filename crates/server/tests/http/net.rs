//! Issue 23 (items 10 and 12): the log read backwards by pages (newest first) with each
//! viewer's secrecy, gzip of API answers, and the content-versioned asset prefix.

use super::*;
use std::io::Read;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Reads `token`'s whole log backwards: `newest=true`, then `before=` each page's `before`.
/// Returns the pages (each oldest first, as served).
async fn backwards(srv: &Running, id: &str, token: &str, limit: usize) -> Vec<Vec<Value>> {
    let mut pages = Vec::new();
    let mut path = format!("/api/tables/{id}/log?newest=true&limit={limit}");
    loop {
        let (s, page) = srv.get(&path, token).await;
        assert_eq!(s, StatusCode::OK, "{path}: {page}");
        let events = page["events"].as_array().expect("events").clone();
        let before = page["before"].as_u64().expect("before");
        if let Some(first) = events.first() {
            assert_eq!(
                first["n"].as_u64(),
                Some(before),
                "`before` is the page's first n"
            );
        }
        pages.push(events);
        if !page["older"].as_bool().expect("older") {
            return pages;
        }
        path = format!("/api/tables/{id}/log?before={before}&limit={limit}");
    }
}

/// Backwards pages of a player hold only that player's events, numbered densely: reading
/// them newest first gives exactly the forward log, every page but the oldest is full, and
/// nothing in the numbers, the page sizes or `older` tells where the others' events were.
#[tokio::test]
async fn log_pages_backwards_per_viewer() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("d.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
    let bob = srv.player(&id, &referee, "bob", Some("c2")).await;
    for i in 0..12 {
        for (token, cmd) in [
            (
                &referee,
                json!({"rules": {"note": {"text": format!("REFEREE-ONLY-{i}"), "secret": true}}}),
            ),
            (
                &alice,
                json!({"rules": {"note": {"text": format!("ALICE-ONLY-{i}"), "secret": true}}}),
            ),
            (
                &bob,
                json!({"rules": {"note": {"text": format!("BOB-ONLY-{i}"), "secret": true}}}),
            ),
            (
                &referee,
                json!({"rules": {"note": {"text": format!("everyone-{i}"), "secret": false}}}),
            ),
        ] {
            let (s, v) = srv.command(&id, token, cmd).await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
    }
    for (name, token, foreign) in [
        ("referee", &referee, &[][..]),
        ("alice", &alice, &["BOB-ONLY", "REFEREE-ONLY"][..]),
        ("bob", &bob, &["ALICE-ONLY", "REFEREE-ONLY"][..]),
    ] {
        let forward = srv.full_log(&id, token).await;
        let last_n = srv.last_n(&id, token).await;
        assert_eq!(forward.len() as u64, last_n, "{name}");
        let pages = backwards(&srv, &id, token, 7).await;
        let mut joined: Vec<Value> = Vec::new();
        for page in pages.iter().rev() {
            joined.extend(page.iter().cloned());
        }
        assert_eq!(joined, forward, "{name}: backwards pages = the forward log");
        let ns: Vec<u64> = joined.iter().map(|e| e["n"].as_u64().expect("n")).collect();
        assert_eq!(
            ns,
            (1..=last_n).collect::<Vec<_>>(),
            "{name}: dense numbering"
        );
        for (i, page) in pages.iter().enumerate() {
            if i + 1 < pages.len() {
                assert_eq!(page.len(), 7, "{name}: page {i} is full");
            }
        }
        let text = serde_json::to_string(&joined).expect("json");
        for secret in foreign {
            assert!(!text.contains(secret), "{name} sees {secret}");
        }
    }
    // Alice's newest page: her own last note and the public one, nothing between.
    let (_, page) = srv
        .get(&format!("/api/tables/{id}/log?newest=true&limit=2"), &alice)
        .await;
    let text = page["events"].to_string();
    assert!(
        text.contains("ALICE-ONLY-11") && text.contains("everyone-11"),
        "{text}"
    );
    // `before` past the end is the newest page; `before=1` is empty with nothing older.
    let (_, far) = srv
        .get(
            &format!("/api/tables/{id}/log?before=99999&limit=2"),
            &alice,
        )
        .await;
    assert_eq!(far["events"], page["events"]);
    let (_, none) = srv
        .get(&format!("/api/tables/{id}/log?before=1&limit=5"), &alice)
        .await;
    assert_eq!(none["events"], json!([]));
    assert_eq!(none["older"], json!(false));
    srv.stop().await;
}

/// Contradicting page parameters are refused naming them; the limit is checked as before.
#[tokio::test]
async fn log_page_parameters_exclude_each_other() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("d.db")).await;
    let (id, referee) = srv.demo_table().await;
    for (query, code, says) in [
        ("after=1&before=3", "bad_page", "`after` and `before`"),
        ("after=0&newest=true", "bad_page", "`after` and `newest`"),
        ("before=3&newest=true", "bad_page", "`before` and `newest"),
        ("before=0", "bad_page", "at least 1"),
        ("newest=true&limit=0", "bad_limit", "limit must be 1…"),
        ("before=2&limit=100000", "bad_limit", "limit must be 1…"),
    ] {
        let (s, v) = srv
            .get(&format!("/api/tables/{id}/log?{query}"), &referee)
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{query}: {v}");
        assert_eq!(v["code"], code, "{query}: {v}");
        assert!(
            v["message"].as_str().expect("message").contains(says),
            "{query}: {v}"
        );
    }
    srv.stop().await;
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("valid gzip");
    out
}

/// `/api` answers are gzipped for a client that accepts it (decoding to the plain answer)
/// and plain otherwise, still `no-store`.
#[tokio::test]
async fn api_answers_are_gzipped_when_accepted() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("d.db")).await;
    let (id, referee) = srv.demo_table().await;
    for i in 0..30 {
        let (s, _) = srv
            .command(
                &id,
                &referee,
                json!({"rules": {"note": {"text": format!("note number {i}"), "secret": false}}}),
            )
            .await;
        assert_eq!(s, StatusCode::OK);
    }
    for path in [
        format!("/api/tables/{id}/log?after=0&limit=100"),
        format!("/api/tables/{id}/view"),
        "/api/openapi.json".to_string(),
    ] {
        let get = |gzip: bool| {
            let mut req = srv
                .http
                .get(format!("{}{path}", srv.base))
                .bearer_auth(&referee);
            if gzip {
                req = req.header("Accept-Encoding", "br;q=1.0, gzip;q=0.8");
            }
            req.send()
        };
        let plain = get(false).await.expect("send");
        assert_eq!(plain.status(), StatusCode::OK);
        assert!(plain.headers().get("content-encoding").is_none(), "{path}");
        assert_eq!(plain.headers()["cache-control"], "no-store");
        let plain = plain.bytes().await.expect("body");
        let zipped = get(true).await.expect("send");
        assert_eq!(zipped.status(), StatusCode::OK);
        assert_eq!(zipped.headers()["content-encoding"], "gzip", "{path}");
        assert_eq!(zipped.headers()["cache-control"], "no-store");
        assert!(
            zipped.headers()["vary"]
                .to_str()
                .expect("vary")
                .eq_ignore_ascii_case("accept-encoding")
        );
        let zipped = zipped.bytes().await.expect("body");
        assert!(
            zipped.len() < plain.len(),
            "{path}: {} ≥ {}",
            zipped.len(),
            plain.len()
        );
        // The view carries the server's clock; compare the log and the document exactly.
        if !path.ends_with("/view") {
            assert_eq!(gunzip(&zipped), plain.to_vec(), "{path}");
        } else {
            let strip = |bytes: &[u8]| {
                let mut v: Value = serde_json::from_slice(bytes).expect("json");
                v["now_ms"] = Value::Null;
                v
            };
            assert_eq!(strip(&gunzip(&zipped)), strip(&plain), "{path}");
        }
    }
    // Errors too are JSON and may be compressed; a tiny answer is left plain.
    let resp = srv
        .http
        .get(format!("{}/api/health", srv.base))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .expect("send");
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(
        resp.headers().get("content-encoding").is_none(),
        "small: plain"
    );
    // The live stream is a WebSocket upgrade, untouched with gzip accepted.
    let mut req = srv
        .ws_url(&id, &referee, 0)
        .into_client_request()
        .expect("request");
    req.headers_mut()
        .insert("accept-encoding", "gzip".parse().expect("header"));
    let (mut ws, resp) = tokio_tungstenite::connect_async(req).await.expect("ws");
    assert!(resp.headers().get("content-encoding").is_none());
    let msgs = read_until(&mut ws, |v| v["type"] == "live").await;
    assert_eq!(
        event_ns(&msgs).len(),
        srv.last_n(&id, &referee).await as usize
    );
    srv.stop().await;
}

/// The page names its files under the content-versioned prefix, which is cached for good;
/// the unversioned paths still work and are revalidated; another version's path (a page from
/// before an upgrade) gets the current file, revalidated; a missing file is a 404.
#[tokio::test]
async fn assets_under_a_versioned_prefix_are_immutable() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("d.db")).await;
    let get = |path: &str| srv.http.get(format!("{}{path}", srv.base)).send();
    let page = get("/").await.expect("page");
    assert_eq!(page.headers()["cache-control"], "no-cache");
    let html = page.text().await.expect("html");
    let at = html.find("/assets/").expect("an asset URL") + "/assets/".len();
    let version = &html[at..at + 16];
    assert!(version.bytes().all(|b| b.is_ascii_hexdigit()), "{html}");
    let prefix = format!("/assets/{version}/");
    assert!(html.contains(&format!(
        "<script type=\"module\" src=\"{prefix}js/app.js\">"
    )));
    assert!(html.contains(&format!(
        "<link rel=\"modulepreload\" href=\"{prefix}js/i18n.js\">"
    )));
    assert!(html.contains(&format!("href=\"{prefix}app.css\"")));
    assert!(!html.contains("\"/assets/js/"), "every URL is versioned");

    let versioned = get(&format!("{prefix}js/app.js")).await.expect("asset");
    assert_eq!(versioned.status(), StatusCode::OK);
    assert_eq!(
        versioned.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        versioned.headers()["content-type"]
            .to_str()
            .expect("type")
            .starts_with("text/javascript")
    );
    let body = versioned.text().await.expect("js");
    let plain = get("/assets/js/app.js").await.expect("asset");
    assert_eq!(plain.headers()["cache-control"], "no-cache");
    assert_eq!(plain.text().await.expect("js"), body, "the same file");
    let stale = get("/assets/0123456789abcdef/js/app.js")
        .await
        .expect("asset");
    assert_eq!(stale.status(), StatusCode::OK);
    assert_eq!(stale.headers()["cache-control"], "no-cache");
    assert_eq!(stale.text().await.expect("js"), body, "the current file");
    for missing in [
        format!("{prefix}js/nope.js"),
        prefix.clone(),
        "/assets/nope".into(),
    ] {
        let r = get(&missing).await.expect("asset");
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{missing}");
    }
    // Gzipped like before under the prefix.
    let zipped = srv
        .http
        .get(format!("{}{prefix}js/table.js", srv.base))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .expect("asset");
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    srv.stop().await;
}
