//! Casting a spell from the Crows screens (`rulesets/crows/cast.js`): a player casts from a
//! spellbook in hand outside a fight (the table's measurements in `aim`) and the log shows
//! the casting; in a fight the Referee places a cube on the combat panel's grid, the server's
//! `spell_area` answer is drawn (the covered squares highlighted, the creatures inside named)
//! before anything is sent, and the cast goes through. Screenshots `cast-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::key::Key;
use serde_json::{Value, json};

const PACK: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": {"id": "cast-panel", "name": "Cast panel", "sample": true, "notes": "test values"},
  "items": [
    {"id": "mend", "name": "Mending book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 2, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Mend", "rank": 0, "discipline": "benefaction", "casting_time": "action",
       "target": "1 creature", "range": "6 squares", "duration": "instant",
       "tiers": {"tier_1": {"effect": "nothing"}, "tier_2": {"effect": "a little"}, "tier_3": {"effect": "a lot"}}}},
    {"id": "fireball", "name": "Fire book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 2, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Fireball", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "target": "All creatures", "range": "6 squares", "area": "Cube 2", "duration": "instant",
       "tiers": {"tier_1": {"effect": "smoke"}, "tier_2": {"effect": "singe"}, "tier_3": {"effect": "burn"}}}}
  ]
}"#;

fn pack() -> Value {
    json!({"rules": {"load_pack": {"files": [{"name": "spells.json", "text": PACK}]}}})
}

fn in_hand(creature: &str, card: &str) -> Value {
    json!({"rules": {"place_item": {"creature": creature, "card": card,
        "slots": [{"kind": "hand", "number": 1}]}}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_a_player_casts_from_a_spellbook_in_hand_outside_a_fight() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1280, 1000).await;
    referee_table(&referee, &srv.base, "Casting").await;
    setup(
        &referee,
        &[
            crow("vera", "Vera"),
            monster("rat", "Rat"),
            pack(),
            in_hand("vera", "mend"),
        ],
    )
    .await;
    let joined = join_player(&referee, "vera", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    let player = browser(&driver, &profiles.path().join("player"), 1280, 1200).await;
    player.goto(&link).await.expect("open player link");
    let spell = wait_js(
        &player,
        "the cast panel",
        "const s = document.querySelector('.table-screen.player #cast #cast-spell'); return s && s.textContent",
    )
    .await;
    assert!(
        spell.as_str().unwrap_or_default().contains("Mend"),
        "{spell}"
    );
    let facts = text_of(&player, "#cast-facts").await;
    assert!(
        facts.contains("1 creature") && facts.contains("6 squares") && facts.contains("an action"),
        "{facts}"
    );
    // The exact odds of the Mind test, from the server, before anything is rolled.
    let odds = wait_js(
        &player,
        "the odds",
        "const o = document.querySelector('#cast-odds'); return o && o.textContent.includes('%') && o.textContent",
    )
    .await;
    assert!(
        odds.as_str().unwrap_or_default().contains("Tier 1"),
        "{odds}"
    );
    click(&player, "#cast-target-rat").await;
    wait_js(
        &player,
        "the aim form",
        "return document.querySelector('#cast-aim-distance-rat')",
    )
    .await;
    fill(&player, "#cast-aim-distance-rat", "3").await;
    shot_at(&player, "cast-player-out-of-fight", Some("#cast")).await;
    let before = log_len(&player).await;
    click(&player, "#cast-send").await;
    let line = log_grew_with(&player, "the casting in the log", before, "Mend").await;
    assert!(line.contains("Vera") && line.contains("Rat"), "{line}");
    assert!(
        js(&player, "return !document.querySelector('#cast-refusal')").await == json!(true),
        "no refusal"
    );
    referee.close().await.ok();
    player.close().await.ok();
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_the_referee_places_a_cube_and_sees_who_is_inside_before_casting() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("referee"), 1280, 1200).await;
    referee_table(&c, &srv.base, "Fire").await;
    setup(
        &c,
        &[
            crow("vera", "Vera"),
            monster("rat", "Rat"),
            monster("bat", "Bat"),
            pack(),
            in_hand("vera", "fireball"),
            json!({"rules": {"place": {"creature": "vera", "at": {"x": 1, "y": 1}, "side": "crows"}}}),
            json!({"rules": {"place": {"creature": "rat", "at": {"x": 4, "y": 1}, "side": "enemies"}}}),
            json!({"rules": {"place": {"creature": "bat", "at": {"x": 5, "y": 2}, "side": "enemies"}}}),
        ],
    )
    .await;
    // A player rolls the crows' initiative (the Referee answers for them on this screen).
    join_player(&c, "vera", "Bob").await;
    click(&c, "#combat-start").await;
    until_turn_of(&c, "Vera").await;
    // The cube is placed on the combat panel's grid, not on one of the cast panel's own.
    click(&c, "#cast #cast-aim-grid").await;
    wait_js(
        &c,
        "placing on the combat grid",
        "return document.querySelector('#combat #cast-aim-bar') && document.querySelector('#combat #battle-grid #sq-4-1')",
    )
    .await;
    assert_eq!(
        js(&c, "return !document.querySelector('#cast .grid-map')").await,
        json!(true),
        "no second grid in the cast panel"
    );
    // Nothing is highlighted until the origin and the direction are picked.
    assert_eq!(
        js(
            &c,
            "return document.querySelectorAll('#battle-grid .sq.in-area').length"
        )
        .await,
        json!(0)
    );
    assert_eq!(
        js(&c, "return document.querySelector('#cast-send').disabled").await,
        json!(true)
    );
    click(&c, "#battle-grid #sq-4-1").await;
    click(&c, "#battle-grid #sq-5-2").await;
    let inside = wait_js(
        &c,
        "the area drawn",
        "const p = document.querySelector('#cast-inside'); return p && p.textContent",
    )
    .await;
    let inside = inside.as_str().unwrap_or_default().to_string();
    assert!(
        inside.contains("4 squares")
            && inside.contains("Rat")
            && inside.contains("Bat")
            && !inside.contains("Vera"),
        "{inside}"
    );
    let covered = js(
        &c,
        "return [...document.querySelectorAll('#battle-grid .sq.in-area')].map(e => e.id).sort()",
    )
    .await;
    assert_eq!(
        covered,
        json!(["sq-4-1", "sq-4-2", "sq-5-1", "sq-5-2"]),
        "the server's squares"
    );
    let summary = text_of(&c, "#battle-grid-area").await;
    assert!(
        summary.contains("Rat") && summary.contains("Bat"),
        "{summary}"
    );
    shot_at(&c, "cast-referee-cube", Some("#combat")).await;
    let before = log_len(&c).await;
    click(&c, "#cast-send").await;
    let line = log_grew_with(&c, "the casting in the log", before, "Fireball").await;
    assert!(line.contains("Rat") && line.contains("Bat"), "{line}");
    // Cast: the combat grid is the fight's again (no overlay, no placing bar).
    wait_js(
        &c,
        "placing over",
        "return !document.querySelector('#cast-aim-bar') && !document.querySelector('#battle-grid-area') && document.querySelectorAll('#battle-grid .sq.in-area').length === 0",
    )
    .await;
    c.close().await.ok();
    srv.stop().await;
}

/// On a phone the cast panel is on the party tab and the combat grid on the combat tab:
/// "place the area on the combat grid" shows the combat tab with the grid's cursor square
/// focused; the keyboard places the cube (arrows, Enter) and Escape stops placing, leaving
/// the grid the fight's again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_on_a_phone_the_area_is_placed_on_the_combat_tab_and_escape_stops() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = phone_browser(&driver, &profiles.path().join("phone")).await;
    referee_table(&c, &srv.base, "Fire on a phone").await;
    setup(
        &c,
        &[
            crow("vera", "Vera"),
            monster("rat", "Rat"),
            pack(),
            in_hand("vera", "fireball"),
            json!({"rules": {"place": {"creature": "vera", "at": {"x": 1, "y": 1}, "side": "crows"}}}),
            json!({"rules": {"place": {"creature": "rat", "at": {"x": 4, "y": 1}, "side": "enemies"}}}),
        ],
    )
    .await;
    join_player(&c, "vera", "Bob").await;
    click(&c, "#tab-combat").await;
    click(&c, "#combat-start").await;
    until_turn_of(&c, "Vera").await;
    click(&c, "#tab-party").await;
    wait_js(
        &c,
        "the cast panel on the party tab",
        "const b = document.querySelector('#cast-aim-grid'); return b && b.offsetParent !== null",
    )
    .await;
    click(&c, "#cast-aim-grid").await;
    let shown = wait_js(
        &c,
        "the combat tab with the grid focused",
        "const s = document.querySelector('#screen'); const a = document.activeElement; return s.dataset.tab === 'combat' && !!a?.closest('#battle-grid') && !!document.querySelector('#cast-aim-bar') && a.id",
    )
    .await;
    // The cursor starts on the acting creature (Vera at 1, 1).
    assert_eq!(shown, json!("sq-1-1"));
    // Origin three squares east (4, 1), direction one south-east (5, 2), by the keyboard.
    for key in [
        Key::Right,
        Key::Right,
        Key::Right,
        Key::Enter,
        Key::Right,
        Key::Down,
        Key::Enter,
    ] {
        press(&c, key).await;
    }
    let covered = wait_js(
        &c,
        "the area drawn",
        "const s = [...document.querySelectorAll('#battle-grid .sq.in-area')].map(e => e.id).sort(); return s.length && s",
    )
    .await;
    assert_eq!(
        covered,
        json!(["sq-4-1", "sq-4-2", "sq-5-1", "sq-5-2"]),
        "the server's squares"
    );
    let summary = text_of(&c, "#battle-grid-area").await;
    assert!(
        summary.contains("Rat") && !summary.contains("Vera"),
        "{summary}"
    );
    press(&c, Key::Escape).await;
    wait_js(
        &c,
        "placing stopped",
        "return !document.querySelector('#cast-aim-bar') && !document.querySelector('#battle-grid-area') && document.activeElement?.closest('#battle-grid') && true",
    )
    .await;
    c.close().await.ok();
    srv.stop().await;
}

async fn press(c: &fantoccini::Client, key: Key) {
    let el = c.active_element().await.expect("active element");
    el.send_keys(&String::from(char::from(key)))
        .await
        .expect("key");
}
