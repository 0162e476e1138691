//! The Crows battle grid's light and sight and its keyboard use, in a real headless Chromium:
//! dim and dark squares shaded from the view's light map, a creature hidden from a player
//! absent from that player's grid and marked on the Referee's, the grid one tab stop with a
//! cursor moved by the arrow keys (Enter picks, Escape cancels), tokens named with their side
//! and whose turn it is, in English and Russian; and the Referee's "pick on the grid" with
//! nothing placed yet. Screenshots go to `target/screenshots/g-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use serde_json::json;

const TAB: char = '\u{e004}';
const ESCAPE: char = '\u{e00c}';
const RIGHT: char = '\u{e014}';
const DOWN: char = '\u{e015}';
const ENTER_KEY: char = '\u{e007}';

/// Presses one key on whatever has the focus (a real key press, not a synthetic event).
async fn press(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(keys).await.expect("key press");
}

/// The focused element's id.
async fn focused(c: &Client) -> String {
    js(
        c,
        "return document.activeElement && document.activeElement.id || ''",
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Focuses the last tab stop before the battle grid (so the next Tab must land on it).
async fn focus_before_grid(c: &Client) {
    let found = js(
        c,
        "const grid = document.querySelector('#battle-grid'); \
         const stops = [...document.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, summary, [tabindex]')] \
           .filter(e => e.tabIndex >= 0 && e.getClientRects().length && !grid.contains(e) \
             && (e.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING)); \
         const last = stops[stops.length - 1]; if (!last) return false; last.focus(); return document.activeElement === last",
    )
    .await;
    assert_eq!(found, json!(true), "a tab stop before the grid");
}

/// Light and sight on both screens, the keyboard on the grid, both languages.
// Covers CR-LIGHT-01, CR-LIGHT-02, CR-LIGHT-04, CR-LIGHT-05, CR-MAN-01.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_grid_light_sight_and_keyboard() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1440, 1100).await;
    referee_table(&referee, &srv.base, "Dark Hall").await;
    setup(
        &referee,
        &[
            crow("vera", "Vera"),
            monster("rat", "Rat"),
            monster("lurker-7q3x", "Lurker"),
            json!({"rules": {"add_condition": {"creature": "rat", "condition": "unconscious"}}}),
            json!({"rules": {"hide": {"creature": "lurker-7q3x", "from": ["vera"]}}}),
            json!({"rules": {"set_ambient_light": {"level": "darkness"}}}),
            // 2/3 at (1, 1): bright out to 2 squares, dim 3 more, dark beyond.
            json!({"rules": {"place_light": {"id": "lamp", "at": [1, 1], "light": "2/3"}}}),
        ],
    )
    .await;

    // Nothing is placed: no grid yet, but "pick on the grid" brings one up, and the keyboard
    // picks the square (the cursor starts at (0, 0)).
    let none = js(&referee, "return !document.querySelector('#battle-grid')").await;
    assert_eq!(none, json!(true), "no grid before anything is placed");
    click(&referee, "#combat-place > summary").await;
    select(&referee, "#place-creature", "vera").await;
    click(&referee, "#place-pick").await;
    wait_js(
        &referee,
        "empty grid to pick on",
        "return document.querySelector('#battle-grid #sq-0-0[tabindex=\"0\"]')",
    )
    .await;
    js(
        &referee,
        "document.querySelector('#battle-grid [tabindex=\"0\"]').focus(); return true",
    )
    .await;
    press(&referee, RIGHT).await;
    press(&referee, DOWN).await;
    assert_eq!(focused(&referee).await, "sq-1-1");
    press(&referee, ENTER_KEY).await;
    let picked = wait_js(
        &referee,
        "square picked",
        "const x = document.querySelector('#place-x'), y = document.querySelector('#place-y'); \
         return x && x.value === '1' && y.value === '1' && document.querySelector('#place-pick').getAttribute('aria-pressed') === 'false'",
    )
    .await;
    assert_eq!(picked, json!(true));
    click(&referee, "#place-submit").await;
    wait_js(
        &referee,
        "vera placed",
        "return document.querySelector('#battle-grid [data-token=vera]')",
    )
    .await;
    // Escape cancels a pick.
    click(&referee, "#place-pick").await;
    js(
        &referee,
        "document.querySelector('#battle-grid [tabindex=\"0\"]').focus(); return true",
    )
    .await;
    press(&referee, ESCAPE).await;
    wait_js(
        &referee,
        "pick cancelled",
        "return document.querySelector('#place-pick').getAttribute('aria-pressed') === 'false'",
    )
    .await;
    setup(
        &referee,
        &[
            json!({"rules": {"place": {"creature": "rat", "at": {"x": 4, "y": 1}, "side": "enemies"}}}),
            json!({"rules": {"place": {"creature": "lurker-7q3x", "at": {"x": 8, "y": 5}, "side": "enemies"}}}),
        ],
    )
    .await;

    let joined = join_player(&referee, "vera", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    let player = browser(&driver, &profiles.path().join("player"), 1000, 1100).await;
    player.goto(&link).await.expect("open player link");
    wait_js(
        &player,
        "player grid",
        "return document.querySelector('.table-screen.player #battle-grid [data-token=vera]')",
    )
    .await;

    // The light: (4, 1) is 3 squares from the lamp (dim), (7, 1) 6 (dark), (2, 2) bright.
    let light = js(
        &player,
        "const q = (s) => document.querySelector(s); \
         return {dim: q('#sq-4-1').dataset.light, dark: q('#sq-7-1').dataset.light, bright: q('#sq-2-2').dataset.light || null, \
           dims: document.querySelectorAll('#battle-grid .lit-dim').length, darks: document.querySelectorAll('#battle-grid .lit-darkness').length, \
           dark_label: q('#sq-7-1').getAttribute('aria-label'), \
           dark_fill: getComputedStyle(document.querySelector('#battle-grid .lit-darkness')).fill}",
    )
    .await;
    assert_eq!(light["dim"], "dim", "{light}");
    assert_eq!(light["dark"], "darkness", "{light}");
    assert_eq!(light["bright"], json!(null), "{light}");
    assert!(light["dims"].as_u64().unwrap_or(0) > 0, "{light}");
    assert!(light["darks"].as_u64().unwrap_or(0) > 0, "{light}");
    assert!(
        light["dark_label"]
            .as_str()
            .unwrap_or_default()
            .contains("Darkness"),
        "{light}"
    );
    assert!(
        light["dark_fill"]
            .as_str()
            .unwrap_or_default()
            .contains("grid-dark"),
        "the darkness pattern is drawn: {light}"
    );

    // Sight: the lurker is not on Bob's grid nor anywhere in his view; the Referee's grid
    // shows it, marked as unseen by Bob.
    let absent = js(
        &player,
        "return !document.querySelector('#battle-grid [data-token=\"lurker-7q3x\"]') && !document.querySelector('#sq-8-5[data-creature]')",
    )
    .await;
    assert_eq!(absent, json!(true), "the hidden lurker is off Bob's grid");
    let view = api_view(&player).await.to_string();
    for secret in ["lurker", "Lurker", "hidden_from"] {
        assert!(!view.contains(secret), "{secret} in Bob's view");
    }
    let marked = wait_js(
        &referee,
        "lurker marked",
        "const g = document.querySelector('#battle-grid [data-token=\"lurker-7q3x\"].unseen'); \
         return g && g.getAttribute('aria-label')",
    )
    .await;
    let marked = marked.as_str().unwrap_or_default();
    assert!(
        marked.contains("Lurker") && marked.contains("Enemies") && marked.contains("unseen by Bob"),
        "{marked}"
    );
    shot_at(&referee, "g-referee-grid-hidden-marked", Some("#combat")).await;
    shot_at(&player, "g-player-grid-light", Some("#combat")).await;

    // The fight, to Vera's turn (the Referee answers the initiative roll).
    click(&referee, "#combat-start").await;
    wait_js(
        &referee,
        "fight started",
        "return document.querySelector('#combat-initiative')",
    )
    .await;
    until_turn_of(&referee, "Vera").await;
    wait_js(
        &player,
        "Vera's controls",
        "return document.querySelector('#combat-mode-move')",
    )
    .await;

    // Tokens are named with name, side and turn.
    let token = wait_js(
        &player,
        "token label",
        "const g = document.querySelector('#battle-grid [data-token=vera]'); const l = g && g.getAttribute('aria-label'); return l && l.includes('acting now') && l",
    )
    .await;
    let token = token.as_str().unwrap_or_default();
    assert!(token.contains("Vera") && token.contains("Crows"), "{token}");
    let rat = js(
        &player,
        "return document.querySelector('#sq-4-1').getAttribute('aria-label')",
    )
    .await;
    let rat = rat.as_str().unwrap_or_default();
    assert!(
        rat.contains("Rat") && rat.contains("Enemies") && !rat.contains("acting now"),
        "{rat}"
    );

    // Move mode: Tab reaches the grid once, at Vera's square; a second Tab leaves it.
    click(&player, "#combat-mode-move").await;
    let stops = js(
        &player,
        "return document.querySelectorAll('#battle-grid [tabindex=\"0\"]').length",
    )
    .await;
    assert_eq!(stops, json!(1), "the grid is one tab stop");
    focus_before_grid(&player).await;
    press(&player, TAB).await;
    assert_eq!(focused(&player).await, "sq-1-1", "Tab lands on the cursor");
    press(&player, TAB).await;
    let left = js(
        &player,
        "return !document.querySelector('#battle-grid').contains(document.activeElement)",
    )
    .await;
    assert_eq!(left, json!(true), "the next Tab leaves the grid");
    js(
        &player,
        "document.querySelector('#battle-grid [tabindex=\"0\"]').focus(); return true",
    )
    .await;
    // Arrow right, Enter: (2, 1); again: (3, 1); then send the Move.
    for x in [2, 3] {
        press(&player, RIGHT).await;
        assert_eq!(focused(&player).await, format!("sq-{x}-1"));
        press(&player, ENTER_KEY).await;
        wait_js(
            &player,
            "path step",
            &format!("return document.querySelector('#sq-{x}-1.path')"),
        )
        .await;
        assert_eq!(focused(&player).await, format!("sq-{x}-1"), "focus stays");
    }
    let path = text_of(&player, "#combat .combat-actor").await;
    assert!(path.contains("(2, 1)") && path.contains("(3, 1)"), "{path}");
    click(&player, "#combat-send-move").await;
    for c in [&referee, &player] {
        wait_js(
            c,
            "vera moved",
            "return document.querySelector('#sq-3-1[data-creature=vera]')",
        )
        .await;
    }
    shot_at(&player, "g-player-grid-moved-by-keyboard", Some("#combat")).await;

    // In Russian: the words of the token and of a dark square.
    select(&player, "#lang-select", "ru").await;
    let ru = wait_js(
        &player,
        "Russian grid",
        "const g = document.querySelector('#battle-grid [data-token=vera]'); const l = g && g.getAttribute('aria-label'); \
         return document.documentElement.lang === 'ru' && l && l.includes('Вороны') && \
           {token: l, dark: document.querySelector('#sq-7-1').getAttribute('aria-label'), keys: document.querySelector('#grid-keys').textContent}",
    )
    .await;
    assert!(
        ru["token"]
            .as_str()
            .unwrap_or_default()
            .contains("сейчас действует"),
        "{ru}"
    );
    assert!(
        ru["dark"].as_str().unwrap_or_default().contains("Темнота"),
        "{ru}"
    );
    assert!(
        ru["keys"].as_str().unwrap_or_default().contains("стрелки"),
        "{ru}"
    );
    shot_at(&player, "g-player-grid-ru", Some("#combat")).await;

    referee.close().await.ok();
    player.close().await.ok();
    srv.stop().await;
}
