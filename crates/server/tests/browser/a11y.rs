//! Accessibility (issue 23): axe-core run in the page on the lobby, the Referee's and a
//! player's Crows screens, and the Referee's in a fight (battle grid and combat controls) —
//! both themes, both languages, desktop and phone widths (on a phone every tab) — failing on
//! any serious or critical violation; and the keyboard: the
//! print view keeps Tab inside and gives the focus back, answering a decision leaves the focus
//! on the next one (never the page body), news are spoken once in the status line, a refusal's
//! alert is not put in again by an unrelated event.
//!
//! axe-core is a test asset only (`vendor/axe.min.js`, see `vendor/README.md`), injected with
//! WebDriver's execute_script; the product never serves it.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use fantoccini::key::Key;
use serde_json::{Value, json};

/// A Chrome DevTools command through chromedriver (the page's colour scheme here).
async fn cdp(driver: &Driver, c: &Client, cmd: &str, params: Value) {
    let session = c
        .session_id()
        .await
        .expect("session")
        .expect("a session id");
    let r = reqwest::Client::new()
        .post(format!("{}/session/{session}/goog/cdp/execute", driver.url))
        .json(&json!({"cmd": cmd, "params": params}))
        .send()
        .await
        .expect("cdp");
    assert!(r.status().is_success(), "{cmd}: {}", r.status());
}

async fn theme(driver: &Driver, c: &Client, scheme: &str) {
    cdp(
        driver,
        c,
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-color-scheme", "value": scheme}]}),
    )
    .await;
    wait_js(
        c,
        "colour scheme applied",
        &format!("return matchMedia('(prefers-color-scheme: {scheme})').matches"),
    )
    .await;
}

/// The serious and critical violations axe finds on the page as it is now, as lines
/// (`id [impact] help — target: summary`); `context` is axe's (the whole document: null).
async fn axe_violations(c: &Client, context: Value) -> Vec<String> {
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
            r#"const [context, done] = arguments;
               axe.run(context || document, {resultTypes: ['violations']})
                 .then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                   .map(v => ({id: v.id, impact: v.impact, help: v.help,
                     nodes: v.nodes.slice(0, 6).map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}))))
                 .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));"#,
            vec![context],
        )
        .await
        .expect("axe.run");
    let mut out = Vec::new();
    for v in found.as_array().cloned().unwrap_or_default() {
        let nodes: Vec<String> = v["nodes"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|n| {
                format!(
                    "{}: {}",
                    n["target"].as_str().unwrap_or(""),
                    n["summary"].as_str().unwrap_or("").replace('\n', " ")
                )
            })
            .collect();
        out.push(format!(
            "{} [{}] {} — {}",
            v["id"].as_str().unwrap_or("?"),
            v["impact"].as_str().unwrap_or("?"),
            v["help"].as_str().unwrap_or(""),
            nodes.join(" | ")
        ));
    }
    out
}

/// Runs axe on `c` in both themes and both languages (on a phone, on every tab of a table
/// screen); adds what it finds to `problems` under `what`, and the battle grid's to `grid`.
async fn check_page(
    driver: &Driver,
    c: &Client,
    what: &str,
    problems: &mut Vec<String>,
    grid: &mut Vec<String>,
) {
    for scheme in ["dark", "light"] {
        theme(driver, c, scheme).await;
        for lang in ["en", "ru"] {
            language(c, lang).await;
            let tabs = c
                .execute(
                    "const bar = document.querySelector('.tab-bar'); return bar && getComputedStyle(bar).display !== 'none' ? [...bar.querySelectorAll('[role=tab]')].map(b => b.id) : [null]",
                    vec![],
                )
                .await
                .expect("tabs");
            for tab in tabs.as_array().cloned().unwrap_or_default() {
                let mut place = format!("{what}, {scheme}, {lang}");
                if let Some(tab) = tab.as_str() {
                    click(c, &format!("#{tab}")).await;
                    wait_js(
                        c,
                        "tab shown",
                        &format!(
                            "return document.querySelector('#{tab}').getAttribute('aria-selected') === 'true'"
                        ),
                    )
                    .await;
                    place = format!("{place}, {tab}");
                }
                let has_grid = c
                    .execute("return !!document.querySelector('#battle-grid')", vec![])
                    .await
                    .expect("grid?");
                let context = if has_grid == json!(true) {
                    for v in axe_violations(c, json!({"include": [["#battle-grid"]]})).await {
                        grid.push(format!("{place}: {v}"));
                    }
                    json!({"exclude": [["#battle-grid"]]})
                } else {
                    Value::Null
                };
                for v in axe_violations(c, context).await {
                    problems.push(format!("{place}: {v}"));
                }
            }
        }
    }
    theme(driver, c, "dark").await;
    language(c, "en").await;
}

/// A Crows table with a crow (its items), a monster, a player seated for the crow, a dungeon
/// entered and a test called for the player: returns the player's link.
async fn busy_table(c: &Client, base: &str) -> String {
    referee_table(c, base, "Axe Crypt").await;
    setup(
        c,
        &[
            crow("vera", "Vera"),
            monster("rat", "Rat"),
            json!({"rules": {"place_item": {"creature": "vera", "custom": {"name": "Torch", "slots": 1},
                "slots": [{"kind": "hand", "number": 1}]}}}),
        ],
    )
    .await;
    let joined = join_player(c, "vera", "Bo").await;
    let link = joined["link"].as_str().expect("player link").to_string();
    setup(
        c,
        &[
            json!({"rules": {"enter_dungeon": {"dungeon": "Crypt", "length": {"minutes": 20}}}}),
            json!({"rules": {"call_test": {"creature": "vera", "characteristic": "agility", "task": "jump the pit"}}}),
        ],
    )
    .await;
    wait_js(
        c,
        "the table set",
        "return document.querySelector('#dungeon-status') && document.querySelector('#party [data-creature=vera]')",
    )
    .await;
    link
}

/// Issue 23: no serious or critical axe-core violation on the lobby, the Referee's and the
/// player's screens, in both themes and languages, at desktop and phone widths.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_nothing_serious_on_the_lobby_and_the_table_screens() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let mut problems = Vec::new();
    let mut grid = Vec::new();
    let desk = browser(&driver, &profiles.path().join("desk"), 1280, 900).await;
    desk.goto(&srv.base).await.expect("open");
    wait_js(
        &desk,
        "lobby",
        "return document.querySelector('#create-table')",
    )
    .await;
    check_page(&driver, &desk, "lobby, desktop", &mut problems, &mut grid).await;
    let link = busy_table(&desk, &srv.base).await;
    let referee_url = desk.current_url().await.expect("url").to_string();
    check_page(&driver, &desk, "Referee, desktop", &mut problems, &mut grid).await;

    let phone = phone_browser(&driver, &profiles.path().join("phone")).await;
    phone.goto(&srv.base).await.expect("open");
    wait_js(
        &phone,
        "lobby",
        "return document.querySelector('#create-table')",
    )
    .await;
    check_page(&driver, &phone, "lobby, phone", &mut problems, &mut grid).await;
    phone
        .goto(&referee_url)
        .await
        .expect("referee on the phone");
    wait_js(
        &phone,
        "Referee's phone screen",
        "return document.querySelector('.table-screen.referee.tabbed #dungeon-status')",
    )
    .await;
    check_page(&driver, &phone, "Referee, phone", &mut problems, &mut grid).await;

    phone.goto(&link).await.expect("player link");
    wait_js(
        &phone,
        "player's phone screen",
        "return document.querySelector('.table-screen.player [data-creature=vera]')",
    )
    .await;
    check_page(&driver, &phone, "player, phone", &mut problems, &mut grid).await;
    let player_url = phone.current_url().await.expect("url").to_string();
    desk.goto(&player_url).await.expect("player on the desktop");
    wait_js(
        &desk,
        "player's desktop screen",
        "return document.querySelector('.table-screen.player [data-creature=vera]')",
    )
    .await;
    check_page(&driver, &desk, "player, desktop", &mut problems, &mut grid).await;
    shot(&desk, "a11y-player-desktop").await;
    shot(&phone, "a11y-player-phone").await;

    // A fight under way: the Referee's screen with the battle grid and the combat controls.
    desk.goto(&referee_url).await.expect("back to the Referee");
    wait_js(
        &desk,
        "Referee screen",
        "return document.querySelector('.table-screen.referee #combat-start')",
    )
    .await;
    answer_pending(&desk).await;
    setup(
        &desk,
        &[
            json!({"rules": {"place": {"creature": "vera", "at": {"x": 1, "y": 1}, "side": "crows"}}}),
            json!({"rules": {"place": {"creature": "rat", "at": {"x": 2, "y": 1}, "side": "enemies"}}}),
        ],
    )
    .await;
    click(&desk, "#combat-start").await;
    until_turn_of(&desk, "Vera").await;
    check_page(
        &driver,
        &desk,
        "Referee in a fight, desktop",
        &mut problems,
        &mut grid,
    )
    .await;
    phone
        .goto(&referee_url)
        .await
        .expect("Referee on the phone");
    wait_js(
        &phone,
        "the fight on the phone",
        "return document.querySelector('.table-screen.referee.tabbed #battle-grid')",
    )
    .await;
    check_page(
        &driver,
        &phone,
        "Referee in a fight, phone",
        &mut problems,
        &mut grid,
    )
    .await;
    // A refusal's alert stays the same element across an unrelated live event (a screen
    // reader says an alert each time one is put in the page).
    click(&desk, "#combat-mode-attack").await;
    click(&desk, "#sq-2-1").await;
    select(&desk, "#combat-weapon", "unarmed").await;
    click(&desk, "#combat-guess-pick").await;
    click(&desk, "#sq-5-4").await;
    click(&desk, "#combat-send-attack").await;
    wait_js(
        &desk,
        "the guess refused",
        "const r = document.querySelector('#combat-refusal'); return r && r.getAttribute('role') === 'alert' && (r.probe = 'same')",
    )
    .await;
    setup(
        &desk,
        &[json!({"set_option": {"players_physical_dice": true}})],
    )
    .await;
    wait_js(
        &desk,
        "the option in the log",
        "return [...document.querySelectorAll('#log-list li')].some(l => /own dice/.test(l.textContent))",
    )
    .await;
    assert_eq!(
        js(
            &desk,
            "return document.querySelector('#combat-refusal')?.probe || null"
        )
        .await,
        json!("same"),
        "the refusal's alert was put in again"
    );

    // The battle grid's findings apart (combat.js's, with its keyboard work), asserted too.
    assert!(
        grid.is_empty(),
        "{} serious/critical axe finding(s) in the battle grid:\n{}",
        grid.len(),
        grid.join("\n")
    );

    assert!(
        problems.is_empty(),
        "{} serious/critical axe finding(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
    phone.close().await.expect("close");
    desk.close().await.expect("close");
    srv.stop().await;
}

/// The focused element: its id, and whether it is the page body.
async fn focused(c: &Client) -> Value {
    c.execute(
        "const a = document.activeElement; return {id: a ? a.id : null, body: a === document.body, inPrint: !!a?.closest('#print-view')}",
        vec![],
    )
    .await
    .expect("focus")
}

async fn press(c: &Client, key: Key) {
    let el = c.active_element().await.expect("active element");
    el.send_keys(&String::from(char::from(key)))
        .await
        .expect("key");
}

/// CR-INV-08's print view is a modal dialog: Tab and Shift+Tab stay inside it, the page behind
/// is inert, Escape closes it and the focus goes back to "print cards".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_inv_08_print_view_keeps_the_focus_inside_and_gives_it_back() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("print"), 1280, 900).await;
    referee_table(&c, &srv.base, "Print").await;
    setup(
        &c,
        &[
            crow("vera", "Vera"),
            json!({"rules": {"place_item": {"creature": "vera", "custom": {"name": "Torch", "slots": 1},
                "slots": [{"kind": "hand", "number": 1}]}}}),
        ],
    )
    .await;
    click(&c, "#select-vera").await;
    wait_js(
        &c,
        "print button",
        "return document.querySelector('#print-cards')",
    )
    .await;
    click(&c, "#print-cards").await;
    wait_js(
        &c,
        "print view",
        "return document.querySelector('#print-view') && document.activeElement.closest('#print-view') && document.querySelector('main').inert",
    )
    .await;
    for _ in 0..5 {
        press(&c, Key::Tab).await;
        let f = focused(&c).await;
        assert_eq!(f["inPrint"], json!(true), "Tab left the print view: {f}");
    }
    // Shift+Tab from the first control goes round to the last one.
    c.execute(
        "document.querySelector('#print-now').focus(); return true",
        vec![],
    )
    .await
    .expect("focus");
    let el = c.active_element().await.expect("active");
    el.send_keys(&format!(
        "{}{}",
        char::from(Key::Shift),
        char::from(Key::Tab)
    ))
    .await
    .expect("shift tab");
    let f = focused(&c).await;
    assert_eq!(
        f["inPrint"],
        json!(true),
        "Shift+Tab left the print view: {f}"
    );
    press(&c, Key::Escape).await;
    wait_js(
        &c,
        "print view closed",
        "return !document.querySelector('#print-view') && !document.querySelector('main').inert",
    )
    .await;
    let f = focused(&c).await;
    assert_eq!(
        f["id"],
        json!("print-cards"),
        "the focus returns to the button that opened it: {f}"
    );
    c.close().await.expect("close");
    srv.stop().await;
}

/// After answering a decision the focus lands on the next decision's first option, and after
/// the last one on the decisions heading — never the page body. Each new decision is said
/// once in the status line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answering_a_decision_leaves_the_focus_on_the_next_one() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("referee"), 1280, 900).await;
    referee_table(&c, &srv.base, "Focus").await;
    setup(&c, &[crow("vera", "Vera")]).await;
    let link = join_player(&c, "vera", "Bo").await["link"]
        .as_str()
        .expect("link")
        .to_string();
    let p = browser(&driver, &profiles.path().join("player"), 1280, 900).await;
    p.goto(&link).await.expect("player");
    wait_js(
        &p,
        "player screen",
        "return document.querySelector('.table-screen.player [data-creature=vera]')",
    )
    .await;
    // Two tests called while the player's screen is open: each is news, said once.
    for task in ["jump the pit", "climb the rope"] {
        setup(
            &c,
            &[json!({"rules": {"call_test": {"creature": "vera", "characteristic": "agility", "task": task}}})],
        )
        .await;
    }
    wait_js(
        &p,
        "two decisions",
        "return document.querySelectorAll('#decisions .decision').length === 2",
    )
    .await;
    let said = wait_js(
        &p,
        "the news said",
        "const s = document.querySelector('#sr-status').textContent; return /New decision/.test(s) && s",
    )
    .await;
    assert!(
        said.as_str().unwrap_or("").contains("New decision"),
        "{said}"
    );
    for left in [1, 0] {
        p.execute(
            "const b = document.querySelector('#decisions .decision button[data-option=cancel]'); b.focus(); b.click(); return true",
            vec![],
        )
        .await
        .expect("answer");
        wait_js(
            &p,
            "decision answered",
            &format!("return document.querySelectorAll('#decisions .decision').length === {left}"),
        )
        .await;
        let f = wait_js(
            &p,
            "focus placed",
            "const a = document.activeElement; return a && a !== document.body && {id: a.id, option: a.dataset.option || null, decision: !!a.closest('.decision')}",
        )
        .await;
        if left == 1 {
            assert_eq!(
                f["decision"],
                json!(true),
                "focus on the next decision: {f}"
            );
        } else {
            assert_eq!(f["id"], json!("decisions-h"), "focus on the heading: {f}");
        }
    }
    // An unrelated live event later does not say the answered decisions again.
    js(
        &p,
        "document.querySelector('#sr-status').textContent = ''; return true",
    )
    .await;
    setup(
        &c,
        &[json!({"set_option": {"players_physical_dice": true}})],
    )
    .await;
    wait_js(
        &p,
        "the option in the log",
        "return [...document.querySelectorAll('#log-list li')].some(l => /own dice/.test(l.textContent))",
    )
    .await;
    assert_eq!(
        js(
            &p,
            "return document.querySelector('#sr-status').textContent"
        )
        .await,
        json!(""),
        "nothing said again"
    );
    p.close().await.expect("close");
    c.close().await.expect("close");
    srv.stop().await;
}
