//! Table set-up and steps shared by the Crows screen tests (browser_screens.rs,
//! browser_controls.rs): a Referee table made in the lobby, commands sent through the page's
//! API, players seated through invites, the log and the pending decisions read off the screen,
//! the fight driven to a creature's turn. Included with `#[path]` next to the browser harness.
#![allow(dead_code)]

use super::browser_harness::*;
use fantoccini::Client;
use serde_json::{Value, json};

pub const ITEMS: &str = include_str!("../../../../content/crows-sample/items.json");

/// A fresh table created in the lobby; returns once the Referee screen shows.
pub async fn referee_table(c: &Client, base: &str, name: &str) {
    c.goto(base).await.expect("open");
    fill(c, "#new-name", name).await;
    fill(c, "#new-referee", "Ann").await;
    click(c, "#create-table").await;
    wait_js(
        c,
        "referee screen",
        "return document.querySelector('.table-screen.referee #dungeon')",
    )
    .await;
}

/// Set-up commands through the page's token (what the screens under test do not cover).
pub async fn setup(c: &Client, cmds: &[Value]) {
    for cmd in cmds {
        let r = api_command(c, cmd.clone()).await;
        assert_eq!(r["status"], 200, "{cmd}: {r}");
    }
}

pub fn crow(id: &str, name: &str) -> Value {
    json!({"rules": {"create_creature": {"id": id, "name": name, "kind": "crow",
        "characteristics": {"agility": 1, "mind": 0, "strength": 2}, "stamina": 6,
        "speed": {"walk": 6}}}})
}

pub fn monster(id: &str, name: &str) -> Value {
    json!({"rules": {"create_creature": {"id": id, "name": name, "kind": "monster",
        "characteristics": {"agility": 0, "mind": -2, "strength": 0}, "stamina": 6,
        "speed": {"walk": 4}, "revealed": true}}})
}

/// Seats a player for `character` through an invite (the API a second device would use);
/// returns the join answer (`player_token`, `link`).
pub async fn join_player(c: &Client, character: &str, name: &str) -> Value {
    c.execute_async(
        r#"const [character, name, done] = arguments;
           const p = new URLSearchParams(location.hash.slice(1));
           fetch(`/api/tables/${p.get("table")}/invites`, {method: "POST",
             headers: {"Content-Type": "application/json", Authorization: `Bearer ${p.get("token")}`},
             body: JSON.stringify({character})})
             .then(r => r.json())
             .then(inv => fetch("/api/join", {method: "POST", headers: {"Content-Type": "application/json"},
               body: JSON.stringify({invite: inv.invite, name})}))
             .then(r => r.json()).then(done);"#,
        vec![json!(character), json!(name)],
    )
    .await
    .expect("join")
}

/// The number of lines in the screen's log.
pub async fn log_len(c: &Client) -> u64 {
    c.execute(
        "return document.querySelectorAll('#log-list li').length",
        vec![],
    )
    .await
    .expect("log")
    .as_u64()
    .unwrap_or(0)
}

/// Waits until the log has more than `before` lines; returns the newest lines' text.
pub async fn log_grew(c: &Client, what: &str, before: u64) -> String {
    let v = wait_js(
        c,
        what,
        &format!(
            "const l = [...document.querySelectorAll('#log-list li')]; \
             return l.length > {before} && l.slice(0, l.length - {before}).map(e => e.textContent).join(' | ')"
        ),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

/// Waits until the log has grown past `before` lines with a new line matching the regular
/// expression `re` (the events of one command may reach the screen in more than one update);
/// returns the new lines.
pub async fn log_grew_with(c: &Client, what: &str, before: u64, re: &str) -> String {
    let v = wait_js(
        c,
        what,
        &format!(
            "const l = [...document.querySelectorAll('#log-list li')]; \
             const fresh = l.slice(0, Math.max(0, l.length - {before})).map(e => e.textContent); \
             return fresh.some(t => new RegExp({re:?}).test(t)) && fresh.join(' | ')"
        ),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

/// Answers, on the Referee's screen, every decision waiting (a pass, "later" or the first
/// option; free text gets a short note), so a test runs whatever the dice said. The server's
/// view says which decisions wait; each is answered with its button on the screen.
pub async fn answer_pending(c: &Client) {
    for _ in 0..12 {
        let view = api_view(c).await;
        let Some(id) = view["decisions"]
            .as_array()
            .and_then(|d| d.first())
            .and_then(|d| d["id"].as_str())
            .map(str::to_string)
        else {
            return;
        };
        let sel = format!("#decisions [data-decision=\"{id}\"]");
        wait_js(
            c,
            "decision shown",
            &format!("return document.querySelector('{sel}')"),
        )
        .await;
        c.execute(
            r#"const d = document.querySelector(arguments[0]);
               const t = d.querySelector('input.free-text');
               if (t) t.value = 'a distant noise';
               const bs = [...d.querySelectorAll('button[data-option]')].filter(b => !b.disabled);
               const pref = ['pass', 'roll', 'later', 'first', 'ignore', 'go_around', 'stay', 'leave', 'approve', 'explore'];
               const b = pref.map(p => bs.find(x => x.dataset.option === p)).find(Boolean) || bs[0];
               b.click();"#,
            vec![json!(sel)],
        )
        .await
        .expect("answer");
        wait_js(
            c,
            "decision answered",
            &format!("return !document.querySelector('{sel}')"),
        )
        .await;
    }
}

/// The Referee drives the fight until `who` acts: initiative between rounds (the Referee
/// answers the roll on the player's behalf), every other creature's turn ended.
pub async fn until_turn_of(c: &Client, who: &str) {
    for _ in 0..16 {
        let state = wait_js(
            c,
            "combat state",
            "if (document.querySelector('#combat-initiative')) return 'between'; \
             const a = document.querySelector('#combat .order li.acting'); return a ? a.textContent : ''",
        )
        .await;
        match state.as_str() {
            Some("between") => {
                click(c, "#combat-initiative").await;
                let roll = "#decisions .decision button[data-option=roll]";
                wait_js(
                    c,
                    "initiative decision",
                    &format!("return document.querySelector('{roll}')"),
                )
                .await;
                click(c, roll).await;
                wait_js(
                    c,
                    "round running",
                    "return !document.querySelector('#combat-initiative') && document.querySelector('#combat .order li.acting')",
                )
                .await;
            }
            Some(name) if name == who => return,
            Some(name) => {
                click(c, "#combat-end-turn").await;
                wait_js(
                    c,
                    "turn over",
                    &format!(
                        "const a = document.querySelector('#combat .order li.acting'); return !a || a.textContent !== '{name}'"
                    ),
                )
                .await;
            }
            None => panic!("unexpected combat state {state}"),
        }
    }
    panic!("{who}'s turn never came");
}

/// Picks a "more actions" command in the combat panel (opening it first).
pub async fn pick_act(c: &Client, kind: &str) {
    let open = c
        .execute(
            "const d = document.querySelector('#combat-more'); return !!(d && d.open)",
            vec![],
        )
        .await
        .expect("more");
    if open != json!(true) {
        click(c, "#combat-more > summary").await;
    }
    select(c, "#combat-act-kind", kind).await;
    wait_js(
        c,
        "act form",
        &format!("return document.querySelector('#combat-act-kind').value === '{kind}' && document.querySelector('#combat-act-send')"),
    )
    .await;
}

/// The page's own view (for assertions on what the screen was built from).
pub async fn api_view(c: &Client) -> Value {
    c.execute_async(
        r#"const [done] = arguments;
           const p = new URLSearchParams(location.hash.slice(1));
           fetch(`/api/tables/${p.get("table")}/view`, {headers: {Authorization: `Bearer ${p.get("token")}`}})
             .then(r => r.json()).then(v => done(v.view));"#,
        vec![],
    )
    .await
    .expect("view")
}

pub fn load_items() -> Value {
    json!({"rules": {"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}})
}

pub fn give(creature: &str, card: &str, kind: &str) -> Value {
    json!({"rules": {"place_item": {"creature": creature, "card": card,
        "slots": [{"kind": kind, "number": 1}]}}})
}

/// Waits until some log line matches the regular expression `re`; returns that line.
pub async fn log_line(c: &Client, what: &str, re: &str) -> String {
    let v = wait_js(
        c,
        what,
        &format!(
            "const re = new RegExp({}); const l = [...document.querySelectorAll('#log-list li')].find(e => re.test(e.textContent)); return l && l.textContent",
            json!(re)
        ),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

pub async fn js(c: &Client, body: &str) -> Value {
    c.execute(body, vec![]).await.expect("execute")
}
