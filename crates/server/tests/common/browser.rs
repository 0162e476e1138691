//! The harness of the browser tests (`tests/browser/`, one binary; its `main.rs` includes this
//! file as `mod browser_harness`): an in-process server with every ruleset, chromedriver,
//! headless Chromium sessions, screenshots and the page helpers the test files share (clicks,
//! fields, commands with physical dice, the language switch, axe-core).
#![allow(dead_code)] // each test file uses a part

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use server::Server;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

pub const ENTER: &str = "\u{E007}";

// ---------- the server ----------

pub struct Running {
    pub base: String,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
    _dir: tempfile::TempDir,
}

pub async fn start_server() -> Running {
    let dir = tempfile::tempdir().expect("tempdir");
    let (store, tokens) = server::open_sqlite(&dir.path().join("t.db"))
        .await
        .expect("open db");
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    let mut srv = Server::new(store, tokens, registry);
    // The browser and the test's own calls share loopback (one address): the per-address
    // limits have their own tests (http.rs, module hostile).
    srv.limits.requests_per_second = 0.0;
    srv.limits.tables_per_minute = 0.0;
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
        stop: Some(tx),
        task,
        _dir: dir,
    }
}

impl Running {
    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        // Live sockets close on shutdown; do not wait forever for a browser that lingers.
        let _ = tokio::time::timeout(Duration::from_secs(5), &mut self.task).await;
    }
}

// ---------- chromedriver and browsers ----------

/// A chromedriver process, killed on drop.
pub struct Driver {
    child: Child,
    pub url: String,
    /// This test's turn with the browser (see [`start_driver`]).
    _turn: tokio::sync::OwnedMutexGuard<()>,
}

/// One browser test at a time in a test binary: the turn is taken when the driver starts and
/// given back when it is dropped (at the end of the test, or when it panics).
fn turns() -> std::sync::Arc<tokio::sync::Mutex<()>> {
    static TURNS: std::sync::OnceLock<std::sync::Arc<tokio::sync::Mutex<()>>> =
        std::sync::OnceLock::new();
    TURNS
        .get_or_init(|| std::sync::Arc::new(tokio::sync::Mutex::new(())))
        .clone()
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn chromedriver_path() -> PathBuf {
    std::env::var_os("DELVE_CHROMEDRIVER")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromedriver"))
}

pub fn chromium_path() -> String {
    std::env::var("DELVE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
}

pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    l.local_addr().expect("addr").port()
}

/// A running chromedriver, or `None` after the one-line skip notice when chromedriver or
/// Chromium is missing (a failure instead under `DELVE_E2E=require`, see `testkit`).
pub async fn start_driver() -> Option<Driver> {
    let path = chromedriver_path();
    let chromium = chromium_path();
    for (what, file) in [
        ("chromedriver", path.as_path()),
        ("chromium", Path::new(&chromium)),
    ] {
        if !file.exists() {
            testkit::service_absent(
                "Chromium",
                &format!("{what} not found at {}", file.display()),
                "install them with `apt-get install -y chromium chromium-driver` (Debian; .ci/run \
                 does this) or set DELVE_CHROMEDRIVER and DELVE_CHROMIUM",
            );
            return None;
        }
    }
    let turn = turns().lock_owned().await;
    let port = free_port();
    let child = Command::new(&path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", path.display()));
    let url = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(r) = http.get(format!("{url}/status")).send().await
            && r.status().is_success()
        {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "chromedriver did not start on {url}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Some(Driver {
        child,
        url,
        _turn: turn,
    })
}

/// A fresh headless Chromium session (own profile directory) of the given window size.
pub async fn browser(driver: &Driver, profile: &Path, width: u32, height: u32) -> Client {
    session(driver, profile, width, height, None).await
}

/// A phone: Chromium's mobile emulation at 390 × 844 CSS pixels (a desktop window cannot be
/// narrower than about 500 pixels in headless Chromium).
pub async fn phone_browser(driver: &Driver, profile: &Path) -> Client {
    let metrics =
        json!({"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1.0, "touch": true}});
    session(driver, profile, 390, 844, Some(metrics)).await
}

async fn session(
    driver: &Driver,
    profile: &Path,
    width: u32,
    height: u32,
    mobile: Option<Value>,
) -> Client {
    let binary = chromium_path();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": binary,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--hide-scrollbars",
                format!("--user-data-dir={}", profile.display()),
                format!("--window-size={width},{height}"),
                "--lang=en-US",
            ],
        }),
    );
    if let (Some(m), Some(Value::Object(o))) = (mobile, caps.get_mut("goog:chromeOptions")) {
        o.insert("mobileEmulation".into(), m);
    }
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a WebDriver session in headless Chromium")
}

// ---------- helpers ----------

pub fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let dir = target.join("screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    dir
}

/// Saves a screenshot of the viewport, scrolled to the top (or to `at`, a CSS selector).
pub async fn shot(c: &Client, name: &str) {
    shot_at(c, name, None).await
}

pub async fn shot_at(c: &Client, name: &str, at: Option<&str>) {
    let _ = c
        .execute(
            "const s = arguments[0]; const e = s && document.querySelector(s); if (e) e.scrollIntoView({block: 'start'}); else window.scrollTo(0, 0);",
            vec![json!(at)],
        )
        .await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    let png = c.screenshot().await.expect("screenshot");
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).expect("write png");
}

/// Runs `body` (a JS function body returning a value) until it returns something truthy.
pub async fn wait_js(c: &Client, what: &str, body: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        let v = c.execute(body, vec![]).await.expect("execute");
        let truthy = match &v {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::String(s) => !s.is_empty(),
            Value::Number(n) => n.as_f64() != Some(0.0),
            _ => true,
        };
        if truthy {
            return v;
        }
        if Instant::now() > deadline {
            shot(c, &format!("failed-{}", what.replace(' ', "-"))).await;
            panic!("timed out waiting for: {what}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub async fn text_of(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no element {css}: {e}"))
        .text()
        .await
        .expect("text")
}

pub async fn click(c: &Client, css: &str) {
    // The screens re-render on live events: an element found a moment ago may be replaced
    // before the click lands, so a stale element is looked up again.
    for attempt in 0..5 {
        center(c, css).await;
        let el = c
            .wait()
            .at_most(Duration::from_secs(40))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        match el.click().await {
            Ok(()) => return,
            Err(e) if attempt < 4 && e.to_string().contains("stale") => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot click {css}: {e}"),
        }
    }
}

/// Scrolls an element to the middle of the window (clear of the sticky top bar).
pub async fn center(c: &Client, css: &str) {
    let _ = c
        .wait()
        .at_most(Duration::from_secs(40))
        .for_element(Locator::Css(css))
        .await;
    let _ = c
        .execute(
            "const e = document.querySelector(arguments[0]); if (e) e.scrollIntoView({block: 'center'});",
            vec![json!(css)],
        )
        .await;
}

pub async fn fill(c: &Client, css: &str, text: &str) {
    // Like `click`: a re-render on a live event may replace the field while typing.
    for attempt in 0..5 {
        center(c, css).await;
        let el = c
            .wait()
            .at_most(Duration::from_secs(40))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        let typed = match el.clear().await {
            Ok(()) => el.send_keys(text).await,
            Err(e) => Err(e),
        };
        match typed {
            Ok(()) => return,
            Err(e) if attempt < 4 && e.to_string().contains("stale") => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot type into {css}: {e}"),
        }
    }
}

/// Chooses `value` in the select `css`, looking the element up again if a live re-render
/// replaced it first (like `click`).
pub async fn select(c: &Client, css: &str, value: &str) {
    for attempt in 0..5 {
        center(c, css).await;
        let el = c
            .wait()
            .at_most(Duration::from_secs(40))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no select {css}: {e}"));
        match el.select_by_value(value).await {
            Ok(()) => return,
            Err(e) if attempt < 4 && e.to_string().contains("stale") => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot select {value} in {css}: {e}"),
        }
    }
}

/// Sends a command through the page's own token (what a second tab would do), for setup.
pub async fn api_command(c: &Client, cmd: Value) -> Value {
    c.execute_async(
        r#"const [cmd, done] = arguments;
           const p = new URLSearchParams(location.hash.slice(1));
           fetch(`/api/tables/${p.get("table")}/commands`, {method: "POST",
             headers: {"Content-Type": "application/json", Authorization: `Bearer ${p.get("token")}`},
             body: JSON.stringify(cmd)}).then(async r => done({status: r.status, body: await r.json()}));"#,
        vec![cmd],
    )
    .await
    .expect("fetch")
}

// ---------- shared page helpers of the ruleset screens ----------

/// axe-core (a test asset, see `browser/vendor/README.md`), injected into the page and never
/// served.
pub const AXE: &str = include_str!("../browser/vendor/axe.min.js");

/// The serious and critical axe-core violations on the page as it is now (ids and up to six
/// targets each).
pub async fn axe_serious(c: &Client) -> Vec<String> {
    let loaded = c
        .execute("return typeof window.axe === 'object'", vec![])
        .await
        .expect("axe?");
    if loaded != json!(true) {
        c.execute(&format!("{AXE}\n;return true"), vec![])
            .await
            .expect("inject axe");
    }
    let found = c
        .execute_async(
            r#"const [done] = arguments;
               axe.run(document, {resultTypes: ['violations']})
                 .then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                   .map(v => v.id + ': ' + v.nodes.slice(0, 6).map(n => n.target.join(' ')).join(', '))))
                 .catch(e => done(['axe-error: ' + e]));"#,
            vec![],
        )
        .await
        .expect("axe.run");
    found
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|v| v.as_str().unwrap_or("?").to_string())
        .collect()
}

/// Switches the page's language with the shell's selector and waits until it is applied.
pub async fn language(c: &Client, lang: &str) {
    select(c, "#lang-select", lang).await;
    wait_js(
        c,
        "language applied",
        &format!("return document.documentElement.lang === '{lang}'"),
    )
    .await;
}

/// Sends a command with physical dice `faces` (`?faces=`) through the page's own token and
/// asserts it was accepted; the answer is `{status, body}`.
pub async fn api_with_faces(c: &Client, cmd: Value, faces: &str) -> Value {
    let r = c
        .execute_async(
            r#"const [cmd, faces, done] = arguments;
           const p = new URLSearchParams(location.hash.slice(1));
           fetch(`/api/tables/${p.get("table")}/commands?faces=${faces}`, {method: "POST",
             headers: {"Content-Type": "application/json", Authorization: `Bearer ${p.get("token")}`},
             body: JSON.stringify(cmd)}).then(async r => done({status: r.status, body: await r.json()}));"#,
            vec![cmd.clone(), json!(faces)],
        )
        .await
        .expect("fetch");
    assert_eq!(r["status"], 200, "{cmd} with faces {faces}: {r}");
    r
}

/// A ruleset command in the wire's wrapper.
pub fn rules(cmd: Value) -> Value {
    json!({ "rules": cmd })
}

/// Shows a tab where the layout has them (a phone); a desktop shows every panel at once.
pub async fn tab(c: &Client, name: &str) {
    c.execute(
        &format!(
            "const b = document.querySelector('#tab-{name}'); if (b && b.offsetParent !== null) b.click(); return true"
        ),
        vec![],
    )
    .await
    .expect("tab");
}

/// A table of `ruleset` made in the lobby (opened first unless `base` is `None`: the page is
/// on it already); returns once its screen shows `ready`.
pub async fn table_from_lobby(
    c: &Client,
    base: Option<&str>,
    ruleset: &str,
    name: &str,
    ready: &str,
) {
    if let Some(base) = base {
        c.goto(base).await.expect("open");
    }
    wait_js(c, "lobby", "return document.querySelector('#create-table')").await;
    fill(c, "#new-name", name).await;
    fill(c, "#new-referee", "Ann").await;
    select(c, "#new-ruleset", ruleset).await;
    click(c, "#create-table").await;
    wait_js(
        c,
        &format!("{ruleset} screen"),
        &format!(
            "return document.querySelector('.table-screen.referee[data-ruleset={ruleset}] {ready}')"
        ),
    )
    .await;
}
