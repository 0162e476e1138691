//! The Referee's forecast on the Crows combat panel (issue 24) in a real headless Chromium:
//! two crows and two monsters placed, Forecast pressed, the chart drawn and the chances given
//! as figures in both languages, the log unchanged; a player's screen has no Forecast button.
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
