//! Refusals read as sentences in the UI language (issue 23): a refusal other than a taken
//! slot, provoked through the combat screen in Russian, shows the Russian words of its
//! reason with its rule named once, and no English or Rust debug text.
//!
//! Needs Debian's `chromium` and `chromium-driver`; `DELVE_CHROMEDRIVER` / `DELVE_CHROMIUM`
//! override the paths.

use crate::browser_harness::*;
use crate::crows_screens::*;
use serde_json::json;

/// The Referee, reading Russian, has Vera guess the square of a rat in plain sight: the
/// refusal under the grid is the Russian sentence for the reason (`err-combat-no_guess_needed`)
/// with "(CR-LOE-08)" once at its end.
// Covers CR-LOE-08.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_loe_08_a_refused_guess_reads_in_russian_with_its_rule_once() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("ru"), 1440, 1100).await;
    referee_table(&c, &srv.base, "Refusals").await;
    setup(
        &c,
        &[
            crow("vera", "Vera"),
            monster("rat", "Rat"),
            json!({"rules": {"place": {"creature": "vera", "at": {"x": 1, "y": 1}, "side": "crows"}}}),
            json!({"rules": {"place": {"creature": "rat", "at": {"x": 2, "y": 1}, "side": "enemies"}}}),
        ],
    )
    .await;
    join_player(&c, "vera", "Bob").await;
    select(&c, "#lang-select", "ru").await;
    wait_js(
        &c,
        "Russian page",
        "return document.documentElement.lang === 'ru'",
    )
    .await;
    click(&c, "#combat-start").await;
    until_turn_of(&c, "Vera").await;

    click(&c, "#combat-mode-attack").await;
    click(&c, "#sq-2-1").await;
    let target = wait_js(
        &c,
        "rat targeted",
        "const s = document.querySelector('#combat-target'); return s && s.value",
    )
    .await;
    assert_eq!(target, "rat");
    select(&c, "#combat-weapon", "unarmed").await;
    click(&c, "#combat-guess-pick").await;
    click(&c, "#sq-5-4").await;
    click(&c, "#combat-send-attack").await;
    let why = wait_js(
        &c,
        "guess refused",
        "const r = document.querySelector('#combat-refusal'); return r && r.textContent",
    )
    .await;
    let why = why.as_str().unwrap_or_default().to_string();
    assert!(
        why.starts_with("Отказано: Угадывать клетку незачем"),
        "the Russian words of the reason: {why}"
    );
    assert!(why.ends_with(" (CR-LOE-08)"), "{why}");
    assert_eq!(why.matches("CR-").count(), 1, "the rule once: {why}");
    let words = why.replace("CR-LOE-08", "");
    assert!(
        !words.chars().any(|c| c.is_ascii_alphabetic()),
        "no English words: {why}"
    );
    for debug in ["{", "}", "::", "$"] {
        assert!(!why.contains(debug), "no debug text: {why}");
    }
    shot_at(&c, "r-combat-refusal-ru", Some("#combat")).await;
    c.close().await.expect("close");
    srv.stop().await;
}
