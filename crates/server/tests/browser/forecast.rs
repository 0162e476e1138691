//! The Referee's forecast on the Crows combat panel (issue 24) in a real headless Chromium:
//! two crows and two monsters placed, Forecast pressed, the chart drawn and the chances given
//! as figures in both languages, the log unchanged; a player's screen has no Forecast button.
//! The same for the expedition forecast on the dungeon panel (a lit torch, 3 turns).
//! Screenshots go to `target/screenshots/f-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::*;
use serde_json::{Value, json};

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
