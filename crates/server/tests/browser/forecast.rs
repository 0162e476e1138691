//! The Referee's forecast on the Crows combat panel (issue 24) in a real headless Chromium:
//! two crows and two monsters placed, Forecast pressed, the chart drawn and the chances given
//! as figures in both languages, the log unchanged; a player's screen has no Forecast button.
//! The same for the expedition forecast on the dungeon panel (a lit torch, 3 turns).
//! The same fight forecast on the D&D 2024 and ACKS screens (js/forecast.js's `FightForecast`;
//! ACKS with its combatants and weapons). Screenshots go to `target/screenshots/f-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::*;
use serde_json::{Value, json};

/// The ACKS sample pack (the gloom rat's card, the sellsword class).
const ACKS_SAMPLE: &str = include_str!("../../../acks/packs/sample.json");

/// The Referee's `last_n` (the table's log length as the Referee sees it), from the API.
async fn last_n(c: &fantoccini::Client) -> Value {
    c.execute_async(
        r#"const [done] = arguments;
           const p = new URLSearchParams(location.hash.slice(1));
           fetch(`/api/tables/${p.get("table")}/view`, {headers: {Authorization: `Bearer ${p.get("token")}`}})
             .then(r => r.json()).then(v => done(v.last_n));"#,
        vec![],
    )
    .await
    .expect("view")
}

fn place(id: &str, x: i32, y: i32, side: &str) -> Value {
    json!({"rules": {"place": {"creature": id, "at": {"x": x, "y": y}, "side": side}}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_forecast_the_referee_sees_the_chart_and_chances_a_player_has_no_button() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("referee"), 1440, 1100).await;
    referee_table(&c, &srv.base, "Forecast").await;
    setup(
        &c,
        &[
            crow("vera", "Vera"),
            crow("bram", "Bram"),
            monster("rat", "Rat"),
            monster("bat", "Bat"),
            place("vera", 1, 1, "crows"),
            place("bram", 1, 2, "crows"),
            place("rat", 2, 1, "enemies"),
            place("bat", 2, 2, "enemies"),
        ],
    )
    .await;
    let joined = join_player(&c, "vera", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    wait_js(
        &c,
        "forecast button",
        "const b = document.querySelector('#combat-forecast'); return b && !b.disabled",
    )
    .await;
    let before = last_n(&c).await;
    for (lang, crows, enemies) in [("en", "Crows", "Enemies"), ("ru", "Вороны", "Враги")]
    {
        select(&c, "#lang-select", lang).await;
        wait_js(
            &c,
            "language applied",
            &format!("return document.documentElement.lang === '{lang}'"),
        )
        .await;
        // The chart module is not part of the page until the first forecast.
        if lang == "en" {
            let loaded = js(
                &c,
                "return performance.getEntriesByType('resource').some(e => e.name.includes('/js/forecast.js'))",
            )
            .await;
            assert_eq!(loaded, false, "forecast.js loads only when asked for");
        }
        fill(&c, "#combat-forecast-runs", "400").await;
        click(&c, "#combat-forecast").await;
        let out = wait_js(
            &c,
            "forecast chart",
            "const f = document.querySelector('#combat-forecast-report');
             const svg = f && f.querySelector('svg.forecast-chart');
             const rows = f && [...f.querySelectorAll('#combat-forecast-report-chances tbody tr')];
             const busy = document.querySelector('#combat-forecast').getAttribute('aria-busy');
             if (!svg || busy || !rows || rows.length !== 3 || !document.querySelector('#combat-forecast-report-chances caption').textContent.trim()) return null;
             return {rows: rows.map(r => [r.dataset.key, r.querySelector('th').textContent, r.querySelector('td').textContent]),
                     bars: svg.querySelectorAll('.forecast-bar rect').length,
                     whiskers: svg.querySelectorAll('.forecast-bar line').length,
                     items: [...f.querySelectorAll('#combat-forecast-report-items tbody tr')].map(r => r.dataset.key),
                     rounds: f.querySelectorAll('#combat-forecast-report-histogram tbody tr').length,
                     note: f.querySelector('figcaption').textContent};",
        )
        .await;
        let rows = out["rows"].as_array().expect("rows");
        assert_eq!(rows[0][0], "crows", "{out}");
        assert_eq!(rows[0][1], crows, "{out}");
        assert_eq!(rows[1][1], enemies, "{out}");
        // Every chance is a percentage with its interval, and the three add up to 100 %.
        let mut total = 0.0;
        for row in rows {
            let text = row[2].as_str().expect("text");
            assert!(text.contains('%') && text.contains('–'), "{out}");
            let first: String = text
                .chars()
                .take_while(|ch| ch.is_ascii_digit() || *ch == '.' || *ch == ',')
                .collect();
            total += first
                .replace(',', ".")
                .parse::<f64>()
                .expect("a percentage");
        }
        assert!((total - 100.0).abs() < 0.5, "{total}: {out}");
        assert_eq!(out["bars"], 3, "{out}");
        assert_eq!(
            out["whiskers"], 9,
            "a whisker (and two caps) per side: {out}"
        );
        let mut items: Vec<String> = out["items"]
            .as_array()
            .expect("items")
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect();
        items.sort();
        assert_eq!(items, ["bat", "bram", "rat", "vera"], "{out}");
        assert!(out["rounds"].as_u64().unwrap_or(0) >= 1, "{out}");
        let runs_word = if lang == "en" {
            "400 runs"
        } else {
            "400 прогонов"
        };
        assert!(
            out["note"].as_str().unwrap_or("").contains(runs_word),
            "{out}"
        );
        shot_at(
            &c,
            &format!("f-forecast-{lang}"),
            Some("#combat-forecast-out"),
        )
        .await;
    }
    // A forecast is no command: the log has no new line.
    assert_eq!(last_n(&c).await, before);

    // The player's screen: the combat panel, no Forecast.
    let p = browser(&driver, &profiles.path().join("player"), 1280, 900).await;
    p.goto(&link).await.expect("open");
    wait_js(
        &p,
        "player screen",
        "return document.querySelector('.table-screen #combat') && document.querySelector('#sq-1-1')",
    )
    .await;
    let has = js(
        &p,
        "return !!(document.querySelector('#combat-forecast') || document.querySelector('#combat-forecast-runs'))",
    )
    .await;
    assert_eq!(has, false, "a player has no Forecast button");
    p.close().await.expect("close");
    c.close().await.expect("close");
    srv.stop().await;
}

/// The Referee's expedition forecast on the dungeon panel (issue 24): Vera's torch lit in a
/// dungeon with manual turns, 3 turns asked for; the chance that the light runs out, that
/// someone is left without a ration (nobody carries one: certain), an encounter per turn, the
/// means and the turn the light went out, in both languages, the log unchanged; a player's
/// dungeon panel has no Forecast form.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_forecast_expedition_the_referee_sees_the_light_run_out_a_player_has_no_form() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("referee"), 1440, 1100).await;
    referee_table(&c, &srv.base, "Expedition").await;
    setup(
        &c,
        &[
            json!({"rules": {"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}}),
            crow("vera", "Vera"),
            crow("bram", "Bram"),
            json!({"rules": {"place_item": {"creature": "vera", "card": "torch",
                "slots": [{"kind": "Hand", "number": 1}]}}}),
            json!({"rules": {"light": {"creature": "vera", "item": 1}}}),
            json!({"rules": {"enter_dungeon": {"dungeon": "crypt", "length": "manual"}}}),
        ],
    )
    .await;
    let joined = join_player(&c, "vera", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    wait_js(
        &c,
        "expedition forecast form",
        "const b = document.querySelector('#dungeon-forecast'); return b && !b.disabled && document.querySelector('#dungeon-forecast-turns').value === '6'",
    )
    .await;
    let before = last_n(&c).await;
    let loaded = js(
        &c,
        "return performance.getEntriesByType('resource').some(e => e.name.includes('/js/forecast.js'))",
    )
    .await;
    assert_eq!(loaded, false, "forecast.js loads only when asked for");
    for (lang, light, ration, note) in [
        (
            "en",
            "The light runs out",
            "Someone is left without a ration",
            "400 runs of 3 dungeon turns",
        ),
        (
            "ru",
            "Свет кончается",
            "Кто-то остаётся без пайка",
            "400 прогонов по 3 хода подземелья",
        ),
    ] {
        select(&c, "#lang-select", lang).await;
        wait_js(
            &c,
            "language applied",
            &format!("return document.documentElement.lang === '{lang}'"),
        )
        .await;
        // A former report goes, so the wait below sees the new one.
        js(
            &c,
            "document.querySelector('#dungeon-forecast-close')?.click(); return true",
        )
        .await;
        fill(&c, "#dungeon-forecast-turns", "3").await;
        fill(&c, "#dungeon-forecast-runs", "400").await;
        click(&c, "#dungeon-forecast").await;
        let out = wait_js(
            &c,
            "expedition forecast chart",
            "const f = document.querySelector('#dungeon-forecast-report');
             const svg = f && f.querySelector('svg.forecast-chart');
             const rows = f && [...f.querySelectorAll('#dungeon-forecast-report-chances tbody tr')];
             const busy = document.querySelector('#dungeon-forecast').getAttribute('aria-busy');
             if (!svg || busy || !rows || rows.length !== 3) return null;
             const nums = (s) => (s.match(/\\d+(?:[.,]\\d+)?/g) || []).map(x => Number(x.replace(',', '.')));
             return {rows: rows.map(r => [r.dataset.key, r.querySelector('th').textContent, nums(r.querySelector('td').textContent)]),
                     means: [...f.querySelectorAll('#dungeon-forecast-report-means tbody tr')].map(r => [r.dataset.key, nums(r.querySelector('td').textContent)]),
                     bars: svg.querySelectorAll('.forecast-bar rect').length,
                     hist: [...f.querySelectorAll('#dungeon-forecast-report-histogram tbody th')].map(th => Number(th.textContent)),
                     columns: svg.querySelectorAll('.forecast-hist').length,
                     note: f.querySelector('figcaption').textContent};",
        )
        .await;
        let rows = out["rows"].as_array().expect("rows");
        let keys: Vec<&str> = rows.iter().filter_map(|r| r[0].as_str()).collect();
        assert_eq!(
            keys,
            ["light-out", "rations-out", "encounter-per-turn"],
            "{out}"
        );
        assert_eq!(rows[0][1], light, "{out}");
        assert_eq!(rows[1][1], ration, "{out}");
        // The torch's 3 usage dice all gone within 3 turns: (1 - (2/3)^3)^3 ≈ 34.8 %; 400
        // runs put the estimate within a few points of it, its interval around it.
        let fig = |i: usize, j: usize| rows[i][2][j].as_f64().expect("a figure");
        assert!((20.0..50.0).contains(&fig(0, 0)), "{out}");
        assert!(fig(0, 1) <= fig(0, 0) && fig(0, 0) <= fig(0, 2), "{out}");
        // Nobody carries a ration.
        assert_eq!(fig(1, 0), 100.0, "{out}");
        // Three turn ends, three encounter checks in every run.
        let means = out["means"].as_array().expect("means");
        assert_eq!(means[0][0], "encounters", "{out}");
        assert_eq!(means[1][0], "checks", "{out}");
        assert_eq!(means[1][1][0], 3.0, "{out}");
        assert_eq!(out["bars"], 3, "{out}");
        // The light went out after turn 1, 2 or 3 of the forecast, and the chart has a column
        // per turn in the table.
        let hist: Vec<f64> = out["hist"]
            .as_array()
            .expect("hist")
            .iter()
            .filter_map(Value::as_f64)
            .collect();
        assert!(
            !hist.is_empty() && hist.iter().all(|t| (1.0..=3.0).contains(t)),
            "{out}"
        );
        assert_eq!(out["columns"], hist.len(), "{out}");
        assert!(out["note"].as_str().unwrap_or("").contains(note), "{out}");
        shot_at(
            &c,
            &format!("f-expedition-{lang}"),
            Some("#dungeon-forecast-out"),
        )
        .await;
    }
    // A forecast is no command: the log has no new line.
    assert_eq!(last_n(&c).await, before);

    // The player's screen: the dungeon panel (a visit is under way), no Forecast.
    let p = browser(&driver, &profiles.path().join("player"), 1280, 900).await;
    p.goto(&link).await.expect("open");
    wait_js(
        &p,
        "player dungeon panel",
        "return document.querySelector('.table-screen #dungeon #dungeon-status')",
    )
    .await;
    let has = js(
        &p,
        "return !!(document.querySelector('#dungeon-forecast') || document.querySelector('#dungeon-forecast-turns'))",
    )
    .await;
    assert_eq!(has, false, "a player has no expedition forecast");
    p.close().await.expect("close");
    c.close().await.expect("close");
    srv.stop().await;
}

// ---------- D&D 2024 and ACKS: the same panel from js/forecast.js (issue 24) ----------

/// The player's link as an address to open.
fn link_of(joined: &Value, base: &str) -> String {
    let link = joined["link"].as_str().expect("link").to_string();
    if link.starts_with("http") {
        link
    } else {
        format!("{}{}", base.trim_end_matches('/'), link)
    }
}

/// Asks for a fight forecast of 400 runs on the panel `pre` (`dnd-forecast`, …) in `lang`
/// and checks the report: the chart with a bar and a whisker per outcome; the sides' chances
/// named in the language, each with its interval, adding up to 100 %; a row per creature
/// (`items`); the rounds; the runs in the note. Returns the report's figures.
async fn fight_report(
    c: &fantoccini::Client,
    pre: &str,
    lang: &str,
    sides: [&str; 2],
    items: &[&str],
) -> Value {
    select(c, "#lang-select", lang).await;
    wait_js(
        c,
        "language applied",
        &format!("return document.documentElement.lang === '{lang}'"),
    )
    .await;
    fill(c, &format!("#{pre}-runs"), "400").await;
    click(c, &format!("#{pre}")).await;
    let out = wait_js(
        c,
        "forecast chart",
        &format!(
            "const f = document.querySelector('#{pre}-report');
             const svg = f && f.querySelector('svg.forecast-chart');
             const rows = f && [...f.querySelectorAll('#{pre}-report-chances tbody tr')];
             const busy = document.querySelector('#{pre}').getAttribute('aria-busy');
             if (!svg || busy || !rows || rows.length !== 3) return null;
             return {{rows: rows.map(r => [r.dataset.key, r.querySelector('th').textContent, r.querySelector('td').textContent]),
                     bars: svg.querySelectorAll('.forecast-bar rect').length,
                     whiskers: svg.querySelectorAll('.forecast-bar line').length,
                     items: [...f.querySelectorAll('#{pre}-report-items tbody tr')].map(r => r.dataset.key),
                     item_bars: svg.querySelectorAll('.forecast-item rect').length,
                     means: f.querySelectorAll('#{pre}-report-means tbody tr').length,
                     rounds: f.querySelectorAll('#{pre}-report-histogram tbody tr').length,
                     note: f.querySelector('figcaption').textContent}};"
        ),
    )
    .await;
    let rows = out["rows"].as_array().expect("rows");
    assert_eq!(rows[0][0], "characters", "{out}");
    assert_eq!(rows[1][0], "monsters", "{out}");
    assert_eq!(rows[2][0], "draw", "{out}");
    assert_eq!(rows[0][1], sides[0], "{out}");
    assert_eq!(rows[1][1], sides[1], "{out}");
    let mut total = 0.0;
    for row in rows {
        let text = row[2].as_str().expect("text");
        assert!(text.contains('%') && text.contains('–'), "{out}");
        let first: String = text
            .chars()
            .take_while(|ch| ch.is_ascii_digit() || *ch == '.' || *ch == ',')
            .collect();
        total += first
            .replace(',', ".")
            .parse::<f64>()
            .expect("a percentage");
    }
    assert!((total - 100.0).abs() < 0.5, "{total}: {out}");
    assert_eq!(out["bars"], 3, "{out}");
    assert_eq!(
        out["whiskers"], 9,
        "a whisker and two caps per outcome: {out}"
    );
    let mut got: Vec<String> = out["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect();
    got.sort();
    assert_eq!(got, items, "{out}");
    assert_eq!(
        out["means"],
        items.len(),
        "hit points left per creature: {out}"
    );
    assert!(out["rounds"].as_u64().unwrap_or(0) >= 1, "{out}");
    let runs_word = if lang == "en" {
        "400 runs"
    } else {
        "400 прогонов"
    };
    assert!(
        out["note"].as_str().unwrap_or("").contains(runs_word),
        "{out}"
    );
    out
}

/// A player's screen at `link`, once `ready` shows: no forecast panel, and js/forecast.js
/// never loaded.
async fn player_has_no_forecast(c: &fantoccini::Client, link: &str, pre: &str, ready: &str) {
    c.goto(link).await.expect("open player link");
    wait_js(
        c,
        "player screen",
        &format!("return document.querySelector('.table-screen.player {ready}')"),
    )
    .await;
    let has = js(
        c,
        &format!(
            "return {{panel: !!(document.querySelector('#{pre}') || document.querySelector('#{pre}-panel') || document.querySelector('#{pre}-runs')),
                     loaded: performance.getEntriesByType('resource').some(e => e.name.includes('/js/forecast.js'))}}"
        ),
    )
    .await;
    assert_eq!(
        has,
        json!({"panel": false, "loaded": false}),
        "a player has no forecast"
    );
}

/// Issue 24 on a D&D 2024 table: Vera and a goblin on the grid, the Referee's fight forecast
/// in English and Russian (the chart, the sides' chances, each creature's row), the log
/// unchanged; Vera's player has no forecast panel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_forecast_dnd_the_referee_sees_the_fight_chart_a_player_has_no_button() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("referee"), 1440, 1100).await;
    table_from_lobby(&c, Some(&srv.base), "dnd2024", "Forecast", "#dnd-no-sheet").await;
    setup(
        &c,
        &[
            json!({"rules": {"add_creature": {"creature": {"id": "vera", "name": "Vera", "kind": "character",
                "abilities": {"strength": 10, "dexterity": 14, "constitution": 12, "intelligence": 10,
                  "wisdom": 13, "charisma": 8},
                "proficiency_bonus": 2, "armor_class": 14, "hit_points": 12,
                "hit_dice": {"count": 2, "sides": 8}, "speed": {"walk": 30},
                "attacks": [{"name": "Rapier", "bonus": 4, "reach_ft": 5,
                  "damage": [{"dice": "1d8+2", "damage_type": "piercing"}]}]}}}}),
            json!({"rules": {"add_pack_creature": {"id": "gob1", "creature": {"id": "goblin-minion",
                "name": "Goblin Minion", "size": "small", "creature_type": "fey", "armor_class": 12,
                "hit_points": 5, "hit_dice": "2d6-2", "speed": {"walk": 30},
                "abilities": {"strength": 8, "dexterity": 15, "constitution": 8, "intelligence": 10,
                  "wisdom": 8, "charisma": 8},
                "challenge_rating": "1/8", "xp": 25, "proficiency_bonus": 2,
                "actions": [{"name": "Dagger", "kind": "action", "attacks": [{"bonus": 4, "reach_ft": 5}],
                  "damage": [{"dice": "1d4+2", "damage_type": "piercing"}]}]}}}}),
            json!({"rules": {"place": {"creature": "vera", "x": 2, "y": 0}}}),
            json!({"rules": {"place": {"creature": "gob1", "x": 3, "y": 0}}}),
        ],
    )
    .await;
    let link = link_of(&join_player(&c, "vera", "Bo").await, &srv.base);
    wait_js(
        &c,
        "forecast button",
        "const b = document.querySelector('#dnd-forecast'); return b && !b.disabled",
    )
    .await;
    let before = last_n(&c).await;
    for (lang, sides) in [
        ("en", ["Characters", "Monsters"]),
        ("ru", ["Персонажи", "Монстры"]),
    ] {
        fight_report(&c, "dnd-forecast", lang, sides, &["gob1", "vera"]).await;
        shot_at(
            &c,
            &format!("f-dnd-forecast-{lang}"),
            Some("#dnd-forecast-out"),
        )
        .await;
    }
    assert_eq!(last_n(&c).await, before, "a forecast is no command");
    let p = browser(&driver, &profiles.path().join("player"), 1280, 900).await;
    player_has_no_forecast(&p, &link, "dnd-forecast", "#dnd-battle").await;
    p.close().await.expect("close");
    c.close().await.expect("close");
    srv.stop().await;
}

/// Issue 24 on an ACKS table: Brena and two revealed rats; the Judge's fight forecast in
/// English and Russian with one rat left out of the fight and Brena's weapon typed (the
/// report's rows and weapons follow), a malformed weapon refused in words, the log unchanged;
/// Brena's player has no forecast panel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_forecast_acks_the_judge_picks_combatants_and_weapons_a_player_has_no_button() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("judge"), 1440, 1100).await;
    table_from_lobby(&c, Some(&srv.base), "acks", "Forecast", "#acks-party").await;
    let abilities = json!({"strength": 16, "intelligence": 9, "wisdom": 10, "dexterity": 12,
        "constitution": 13, "charisma": 11});
    setup(
        &c,
        &[
            json!({"rules": {"load_pack": {"files": [{"name": "sample.json", "text": ACKS_SAMPLE}]}}}),
            json!({"rules": {"add_character": {"id": "brena", "name": "Brena", "class": "sellsword",
                "level": 2, "abilities": abilities, "hp": 12, "armour_class": 4}}}),
            json!({"rules": {"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 5}}}),
            json!({"rules": {"add_monster": {"id": "rat2", "card": "gloom_rat", "hp": 5}}}),
            json!({"rules": {"reveal": {"creature": "rat1"}}}),
            json!({"rules": {"reveal": {"creature": "rat2"}}}),
        ],
    )
    .await;
    let link = link_of(&join_player(&c, "brena", "Bob").await, &srv.base);
    wait_js(
        &c,
        "forecast panel with its choices",
        "const b = document.querySelector('#acks-forecast');
         return b && !b.disabled && document.querySelector('#acks-forecast-pick-rat2') && document.querySelector('#acks-forecast-weapon-brena')",
    )
    .await;
    let before = last_n(&c).await;
    // A weapon that is no damage dice: refused, in words, with no report.
    fill(&c, "#acks-forecast-weapon-brena", "club").await;
    click(&c, "#acks-forecast").await;
    let refusal = wait_js(
        &c,
        "the refusal",
        "const r = document.querySelector('#acks-forecast-refusal'); return r && !document.querySelector('#acks-forecast').getAttribute('aria-busy') && r.textContent",
    )
    .await;
    let refusal = refusal.as_str().unwrap_or_default().to_string();
    assert!(
        refusal.contains("Refused") && !refusal.contains("forecast_args"),
        "{refusal}"
    );
    // rat2 stays out; Brena fights with 2d4+1.
    click(&c, "#acks-forecast-pick-rat2").await;
    fill(&c, "#acks-forecast-weapon-brena", "2d4+1").await;
    for (lang, sides) in [
        ("en", ["Characters", "Monsters"]),
        ("ru", ["Персонажи", "Монстры"]),
    ] {
        fight_report(&c, "acks-forecast", lang, sides, &["brena", "rat1"]).await;
        let flees = js(
            &c,
            "return document.querySelectorAll('#acks-forecast-report-items thead th').length",
        )
        .await;
        assert_eq!(flees, 5, "dies, down, 0 hp, flees (and the name column)");
        shot_at(
            &c,
            &format!("f-acks-forecast-{lang}"),
            Some("#acks-forecast-out"),
        )
        .await;
    }
    assert!(
        js(
            &c,
            "return !!document.querySelector('#acks-forecast-refusal')"
        )
        .await
            == json!(false),
        "the refusal is gone with the report"
    );
    assert_eq!(last_n(&c).await, before, "a forecast is no command");
    let p = browser(&driver, &profiles.path().join("player"), 1280, 900).await;
    player_has_no_forecast(&p, &link, "acks-forecast", "#acks-sheet-brena").await;
    p.close().await.expect("close");
    c.close().await.expect("close");
    srv.stop().await;
}
