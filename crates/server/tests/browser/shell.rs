//! The game-free shell with two rulesets registered (`demo` and `crows`): the lobby loads no
//! ruleset code, each table loads its own ruleset's screen and messages (a demo table no
//! Crows module), a ruleset without a screen gets the generic view, the demo screen asks the
//! server for its preview, and a live update from another seat patches the page without
//! touching the focused field, its text or its caret.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use serde_json::{Value, json};

/// Every file the page fetched so far (paths, the asset version taken out of them), and the
/// bytes the network moved for them.
const RESOURCES: &str = r#"const nav = performance.getEntriesByType('navigation')[0];
    const all = [nav, ...performance.getEntriesByType('resource')];
    return {files: all.map(e => e.name.replace(location.origin, '').replace(/^\/assets\/[0-9a-f]{16}\//, '/assets/')),
            transfer: all.reduce((a, e) => a + e.transferSize, 0)};"#;

/// The page's own `js/table.js` (under the asset version, the module instance the page uses).
const TABLE_JS: &str =
    "JSON.parse(document.getElementById('delve-assets').textContent).base + 'js/table.js'";

async fn resources(c: &Client) -> (Vec<String>, f64) {
    let v = js(c, RESOURCES).await;
    let files = v["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f.as_str().unwrap_or("").to_string())
        .collect();
    (files, v["transfer"].as_f64().unwrap_or(f64::NAN))
}

/// A command sent with another seat's token (a second device), as the live stream brings it.
async fn command_as(c: &Client, token: &str, cmd: Value) -> Value {
    c.execute_async(
        r#"const [token, cmd, done] = arguments;
           const p = new URLSearchParams(location.hash.slice(1));
           fetch(`/api/tables/${p.get("table")}/commands`, {method: "POST",
             headers: {"Content-Type": "application/json", Authorization: `Bearer ${token}`},
             body: JSON.stringify(cmd)}).then(async r => done({status: r.status, body: await r.json()}));"#,
        vec![json!(token), cmd],
    )
    .await
    .expect("fetch")
}

/// Issue 17: two rulesets on one server, each table with its own screens; the lobby none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shell_loads_each_rulesets_own_screens() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("shell"), 1280, 900).await;

    // The lobby: no ruleset's code or messages.
    c.goto(&srv.base).await.expect("open");
    wait_js(
        &c,
        "lobby",
        "return document.querySelector('#create-table') && document.readyState === 'complete'",
    )
    .await;
    let (lobby_files, _) = resources(&c).await;
    assert!(
        lobby_files.iter().all(|f| !f.contains("/rulesets/")),
        "the lobby loaded ruleset files: {lobby_files:?}"
    );
    let offered = js(
        &c,
        "return [...document.querySelectorAll('#new-ruleset option')].map(o => o.value).sort()",
    )
    .await;
    assert_eq!(offered, json!(["acks", "crows", "demo", "dnd2024"]));

    // A demo table: the demo screen and its messages; no Crows module.
    // The page's first load continues: these are cold figures (a fresh profile).
    table_from_lobby(&c, None, "demo", "Counters", "#demo-counters").await;
    let demo_hash = js(&c, "return location.hash").await;
    let (files, transfer) = resources(&c).await;
    println!("first load (lobby + a demo table): {transfer} bytes transferred: {files:?}");
    assert!(transfer < 200_000.0, "{transfer} bytes");
    for want in [
        "/assets/rulesets/demo/index.js",
        "/assets/rulesets/demo/en.ftl",
    ] {
        assert!(
            files.iter().any(|f| f == want),
            "{want} not loaded: {files:?}"
        );
    }
    assert!(
        files.iter().all(|f| !f.contains("/rulesets/crows/")),
        "a demo table loaded Crows files: {files:?}"
    );
    assert!(
        js(
            &c,
            "return !document.querySelector('#dungeon, #party, #create-creature')"
        )
        .await
            == json!(true)
    );
    // Its own controls: a counter created, an `add` previewed by the server's query (nothing
    // changes), then added.
    fill(&c, "#demo-new", "c1").await;
    click(&c, "#demo-create").await;
    wait_js(
        &c,
        "counter c1",
        "return document.querySelector('#demo-counters [data-character=c1] .demo-value')?.textContent === '0'",
    )
    .await;
    fill(&c, "#demo-amount", "3").await;
    click(&c, "#demo-preview").await;
    let preview = wait_js(
        &c,
        "preview",
        "return document.querySelector('#demo-preview-result')?.textContent",
    )
    .await;
    assert!(
        preview.as_str().unwrap_or("").contains("0 → 3"),
        "{preview}"
    );
    assert_eq!(
        text_of(&c, "#demo-counters [data-character=c1] .demo-value").await,
        "0",
        "a preview changes nothing"
    );
    click(&c, "#demo-add").await;
    wait_js(
        &c,
        "counter at 3",
        "return document.querySelector('#demo-counters [data-character=c1] .demo-value')?.textContent === '3'",
    )
    .await;
    // The demo's log lines come from its own messages (with the plural form).
    log_line(&c, "added", "c1 gains 3 points").await;
    shot(&c, "shell-demo").await;

    // A Crows table in the same browser: now the Crows screens load.
    table_from_lobby(&c, Some(&srv.base), "crows", "Crypt", "#dungeon").await;
    let (files, _) = resources(&c).await;
    for want in [
        "/assets/rulesets/crows/index.js",
        "/assets/rulesets/crows/combat.js",
        "/assets/rulesets/crows/en.ftl",
    ] {
        assert!(
            files.iter().any(|f| f == want),
            "{want} not loaded: {files:?}"
        );
    }

    // A ruleset without a screen of its own: the generic view (its state as data, the
    // decisions, the log and the raw command form), not an error. Staged by taking `demo` off
    // the shell's list of screens in this page.
    js(
        &c,
        &format!("import({TABLE_JS}).then(m => m.SCREENS.splice(m.SCREENS.indexOf('demo'), 1)); return true"),
    )
    .await;
    wait_js(
        &c,
        "demo taken off the list",
        &format!("return import({TABLE_JS}).then(m => !m.SCREENS.includes('demo'))"),
    )
    .await;
    let hash = demo_hash.as_str().expect("hash").to_string();
    js(&c, &format!("location.hash = {}; return true", json!(hash))).await;
    wait_js(
        &c,
        "generic view",
        "return document.querySelector('.table-screen[data-ruleset=demo] #state pre')",
    )
    .await;
    let generic = js(
        &c,
        r#"return {state: document.querySelector('#state pre').textContent,
                   counters: !!document.querySelector('#demo-counters'),
                   command: !!document.querySelector('#commands #raw-command'),
                   decisions: !!document.querySelector('#decisions'),
                   log: document.querySelectorAll('#log-list li').length};"#,
    )
    .await;
    assert!(
        generic["state"]
            .as_str()
            .unwrap_or("")
            .contains("\"c1\": 3"),
        "{generic}"
    );
    assert_eq!(generic["counters"], false, "{generic}");
    assert_eq!(generic["command"], true, "{generic}");
    assert_eq!(generic["decisions"], true, "{generic}");
    assert!(generic["log"].as_u64().unwrap_or(0) > 2, "{generic}");
    // The raw form sends any command.
    click(&c, "#commands > summary").await;
    fill(
        &c,
        "#raw-command",
        r#"{"rules": {"add": {"character": "c1", "amount": 2}}}"#,
    )
    .await;
    click(&c, "#send-command").await;
    wait_js(
        &c,
        "state after the raw command",
        "return document.querySelector('#state pre').textContent.includes('\"c1\": 5')",
    )
    .await;
    shot(&c, "shell-generic").await;
    c.close().await.expect("close");
    srv.stop().await;
}

/// Issue 17: a live update (another seat's command) patches the page: the field being typed
/// in keeps its element, its half-typed text and its caret, and stays focused — in the
/// shell's raw command form and in a ruleset's Preact screen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_update_keeps_focus_caret_and_half_typed_text() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("focus"), 1280, 900).await;
    table_from_lobby(&c, Some(&srv.base), "demo", "Focus", "#demo-counters").await;
    setup(&c, &[json!({"rules": {"create": {"character": "c1"}}})]).await;
    let joined = join_player(&c, "c1", "bob").await;
    let bob = joined["player_token"].as_str().expect("token").to_string();
    wait_js(
        &c,
        "c1 shown",
        "return document.querySelector('#demo-counters [data-character=c1]')",
    )
    .await;
    click(&c, "#commands > summary").await;

    for (field, typed, caret, amount, value) in [
        ("#raw-command", r#"{"rules": {"no"#, 5, 2, "2"),
        ("#demo-note", "half a no", 4, 3, "5"),
    ] {
        fill(&c, field, typed).await;
        // The caret in the middle, and a mark on the element itself.
        js(
            &c,
            &format!(
                "const el = document.querySelector('{field}'); el.focus(); el.setSelectionRange({caret}, {caret}); el.probe = 'same'; return true"
            ),
        )
        .await;
        let r = command_as(
            &c,
            &bob,
            json!({"rules": {"add": {"character": "c1", "amount": amount}}}),
        )
        .await;
        assert_eq!(r["status"], 200, "{r}");
        // The update reached the screen (the counter and the log changed)…
        wait_js(
            &c,
            "bob's command on screen",
            &format!("return document.querySelector('#demo-counters [data-character=c1] .demo-value')?.textContent === '{value}'"),
        )
        .await;
        // …and the field is untouched.
        let after = js(
            &c,
            r#"const el = document.activeElement;
               return {id: el.id, probe: el.probe || null, value: el.value,
                       start: el.selectionStart, end: el.selectionEnd};"#,
        )
        .await;
        assert_eq!(
            after,
            json!({"id": field.trim_start_matches('#'), "probe": "same", "value": typed,
                   "start": caret, "end": caret}),
            "{field} after another seat's command"
        );
    }
    c.close().await.expect("close");
    srv.stop().await;
}

/// Issue 17: counts agree with their words through Fluent's plural selectors, in the page's
/// own bundle (shell and Crows messages): 1 минута, 2 минуты, 5 минут, 21 минута, 1,5 минуты.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counts_agree_with_their_words_in_both_languages() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("plurals"), 800, 600).await;
    c.goto(&srv.base).await.expect("open");
    wait_js(
        &c,
        "lobby",
        "return document.querySelector('#create-table')",
    )
    .await;
    let said = c
        .execute_async(
            r#"const done = arguments[0];
               (async () => {
                 const i = await import("/assets/js/i18n.js");
                 await i.addRulesetMessages("crows");
                 const out = {};
                 for (const lang of ["ru", "en"]) {
                   await i.setLang(lang);
                   out[lang] = {
                     minutes: [1, 2, 5, 21, 1.5].map((count) => i.t("minutes-n", { count })),
                     hexes: [1, 3, 11].map((count) => i.t("hex-send", { count })),
                     turn: i.t("turn-game-minutes", { minutes: 22 }),
                   };
                 }
                 return out;
               })().then(done, (e) => done(String(e)));"#,
            vec![],
        )
        .await
        .expect("messages");
    assert_eq!(
        said["ru"]["minutes"],
        json!(["1 минута", "2 минуты", "5 минут", "21 минута", "1,5 минуты"]),
        "{said}"
    );
    assert_eq!(
        said["ru"]["hexes"],
        json!([
            "Отправить карту (1 гекс)",
            "Отправить карту (3 гекса)",
            "Отправить карту (11 гексов)"
        ]),
        "{said}"
    );
    assert_eq!(
        said["ru"]["turn"], "22 игровые минуты на ход подземелья",
        "{said}"
    );
    assert_eq!(
        said["en"]["minutes"],
        json!([
            "1 minute",
            "2 minutes",
            "5 minutes",
            "21 minutes",
            "1.5 minutes"
        ]),
        "{said}"
    );
    assert_eq!(said["en"]["hexes"][0], "Send the map (1 hex)", "{said}");
    c.close().await.expect("close");
    srv.stop().await;
}

/// The same on a Crows screen: the Referee is half way through a card note when the player
/// writes on another card of the same crow; the note, its caret and the focus stay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_update_keeps_a_half_typed_card_note() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("note"), 1440, 1000).await;
    referee_table(&c, &srv.base, "Notes").await;
    setup(&c, &[crow("vera", "Vera")]).await;
    for (name, kind) in [("Torch", "hand"), ("Rope", "belt")] {
        setup(
            &c,
            &[json!({"rules": {"place_item": {"creature": "vera", "custom": {"name": name, "slots": 1},
                "slots": [{"kind": kind, "number": 1}]}}})],
        )
        .await;
    }
    let bob = join_player(&c, "vera", "bob").await["player_token"]
        .as_str()
        .expect("token")
        .to_string();
    click(&c, "#select-vera").await;
    let id_of = |name: &str| {
        format!(
            "const b = [...document.querySelectorAll('.inventory[data-creature=vera] button.item')].find(b => b.querySelector('.item-name').textContent === '{name}'); return b && Number(b.dataset.item)"
        )
    };
    let torch = wait_js(&c, "torch", &id_of("Torch")).await;
    let rope = wait_js(&c, "rope", &id_of("Rope")).await;
    click(&c, &format!("#item-vera-{torch}")).await;
    fill(&c, "#card-notes", "soaked in o").await;
    js(
        &c,
        "const el = document.querySelector('#card-notes'); el.focus(); el.setSelectionRange(4, 4); el.probe = 'same'; return true",
    )
    .await;
    let r = command_as(
        &c,
        &bob,
        json!({"rules": {"edit_item": {"creature": "vera", "item": rope, "notes": "frayed"}}}),
    )
    .await;
    assert_eq!(r["status"], 200, "{r}");
    wait_js(
        &c,
        "bob's note on the rope",
        &format!(
            "return document.querySelector('#item-vera-{rope} .tag.note')?.title === 'frayed'"
        ),
    )
    .await;
    let after = js(
        &c,
        r#"const el = document.activeElement;
           return {id: el.id, probe: el.probe || null, value: el.value,
                   start: el.selectionStart, end: el.selectionEnd};"#,
    )
    .await;
    assert_eq!(
        after,
        json!({"id": "card-notes", "probe": "same", "value": "soaked in o", "start": 4, "end": 4}),
        "the card note after the player's command"
    );
    c.close().await.expect("close");
    srv.stop().await;
}

/// Issue 23: on a phone the Referee's Crows screen is four tabs (party, dungeon, combat, log)
/// instead of one long page; each tab shows its own panels, arrow keys move between tabs, a
/// waiting decision shows on every tab, and a desktop shows every panel with no tab bar.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn phone_referee_screen_is_in_tabs() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let desk = browser(&driver, &profiles.path().join("desk"), 1280, 900).await;
    referee_table(&desk, &srv.base, "Tabs").await;
    setup(
        &desk,
        &[
            crow("vera", "Vera"),
            monster("rat", "Rat"),
            json!({"rules": {"enter_dungeon": {"dungeon": "Crypt", "length": {"minutes": 20}}}}),
        ],
    )
    .await;
    let url = desk.current_url().await.expect("url").to_string();
    // A desktop: no tab bar, every panel.
    let shown = wait_js(
        &desk,
        "every panel on the desktop",
        "const v = s => { const e = document.querySelector(s); return !!e && e.getClientRects().length > 0; };
         return v('#dungeon-status') && [v('.tab-bar'), v('#party'), v('#dungeon'), v('#combat'), v('#log-list'), v('#clock'), v('#chat')]",
    )
    .await;
    assert_eq!(shown, json!([false, true, true, true, true, true, true]));

    let phone = phone_browser(&driver, &profiles.path().join("phone")).await;
    phone.goto(&url).await.expect("open on the phone");
    wait_js(
        &phone,
        "tabbed phone screen",
        "return document.querySelector('.table-screen.tabbed #dungeon-status')",
    )
    .await;
    // What each tab shows (visible = laid out), and the page's height with it.
    const SEEN: &str = r#"const v = s => { const e = document.querySelector(s); return !!e && e.getClientRects().length > 0; };
        return {tab: document.querySelector('[role=tab][aria-selected=true]').id,
                party: v('#party'), dungeon: v('#dungeon'), clock: v('#clock'), combat: v('#combat'),
                log: v('#log-list'), chat: v('#chat'), invites: v('#invites'),
                height: document.documentElement.scrollHeight};"#;
    // The whole page as one column (tabs off), for the figure.
    let long = js(
        &phone,
        "const s = document.querySelector('.table-screen'); s.classList.remove('tabbed'); const h = document.documentElement.scrollHeight; s.classList.add('tabbed'); return h",
    )
    .await;
    let mut heights = Vec::new();
    for (tab, want) in [
        (
            "tab-party",
            json!({"party": true, "invites": true, "dungeon": false, "clock": false, "combat": false, "log": false, "chat": false}),
        ),
        (
            "tab-dungeon",
            json!({"party": false, "invites": false, "dungeon": true, "clock": true, "combat": false, "log": false, "chat": false}),
        ),
        (
            "tab-combat",
            json!({"party": false, "invites": false, "dungeon": false, "clock": false, "combat": true, "log": false, "chat": false}),
        ),
        (
            "tab-log",
            json!({"party": false, "invites": false, "dungeon": false, "clock": false, "combat": false, "log": true, "chat": true}),
        ),
    ] {
        click(&phone, &format!("#{tab}")).await;
        let seen = js(&phone, SEEN).await;
        assert_eq!(seen["tab"], json!(tab));
        for (k, v) in want.as_object().expect("map") {
            assert_eq!(&seen[k], v, "{tab}: {k} shown? {seen}");
        }
        heights.push(seen["height"].as_i64().unwrap_or(0));
        shot(&phone, &format!("phone-{tab}")).await;
    }
    eprintln!(
        "MEASURE phone Referee screen: {long} px as one page; tabs party/dungeon/combat/log: {heights:?} px"
    );
    let long = long.as_i64().unwrap_or(0);
    assert!(
        heights.iter().all(|h| *h < long),
        "every tab is shorter than the whole page ({long} px): {heights:?}"
    );
    // Arrow keys move between tabs (the log is the last: Right goes round to the party).
    js(
        &phone,
        "document.querySelector('#tab-log').focus(); return true",
    )
    .await;
    let tab = phone.active_element().await.expect("tab");
    tab.send_keys(&String::from(char::from(fantoccini::key::Key::Right)))
        .await
        .expect("right");
    wait_js(
        &phone,
        "party tab by the arrow key",
        "return document.activeElement.id === 'tab-party' && document.querySelector('#tab-party').getAttribute('aria-selected') === 'true'",
    )
    .await;
    // A waiting decision shows on every tab.
    setup(
        &desk,
        &[json!({"rules": {"call_test": {"creature": "vera", "characteristic": "mind", "task": "read the runes"}}})],
    )
    .await;
    click(&phone, "#tab-combat").await;
    wait_js(
        &phone,
        "the decision on the combat tab",
        "const d = document.querySelector('#decisions .decision'); return d && d.getClientRects().length > 0",
    )
    .await;
    // Said once in the status line, with the log's lines (the log tab is hidden).
    wait_js(
        &phone,
        "the decision said",
        "return /New decision/.test(document.querySelector('#sr-status').textContent)",
    )
    .await;
    js(
        &phone,
        "document.querySelector('#sr-status').textContent = ''; return true",
    )
    .await;
    setup(
        &desk,
        &[json!({"set_option": {"players_physical_dice": true}})],
    )
    .await;
    let said = wait_js(
        &phone,
        "the log line said",
        "const s = document.querySelector('#sr-status').textContent; return /own dice/.test(s) && s",
    )
    .await;
    assert!(
        !said.as_str().unwrap_or("").contains("New decision"),
        "the decision is not said again: {said}"
    );
    phone.close().await.expect("close");
    desk.close().await.expect("close");
    srv.stop().await;
}
