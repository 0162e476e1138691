//! The log's words (issue 23): after a short, varied Crows session (a test, damage, conditions,
//! lights, a dungeon turn with its encounter check, a loud noise, a rest, a combat round with an
//! attack, the travel map), every line of the Referee's log and of a player's log is a sentence in the UI
//! language: no event's raw fields (`name — field: value`, JSON), no message id, no creature
//! id where its name belongs. Checked in English and again after switching to Russian.
//!
//! The session is driven through the page's API with raw commands (the screens have their own
//! tests); what is tested here is only how the log words what happened.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use serde_json::{Value, json};

/// Creature ids unlike their names, so a line that shows an id is caught.
const CORVIN: &str = "corvin-ash-8d5e0e";
const VERA: &str = "vera-quill-2b7c1a";
const GHOUL: &str = "ghoul-rot-5f3a9c";

/// Sends a command that must be accepted, then answers whatever it asks the Referee.
async fn must(c: &Client, cmd: Value) {
    let r = api_command(c, cmd.clone()).await;
    assert_eq!(r["status"], 200, "{cmd}: {r}");
    answer_pending(c).await;
}

/// Every log line's text on this screen, once the log holds at least `at_least` lines and,
/// for Russian, the page has switched language.
async fn log_texts(c: &Client, lang: &str, at_least: u64) -> Vec<String> {
    let v = wait_js(
        c,
        &format!("{lang} log"),
        &format!(
            "const l = [...document.querySelectorAll('#log-list li .log-text')].map(e => e.textContent); \
             if (document.documentElement.lang !== {lang:?} || l.length < {at_least}) return null; \
             if ({lang:?} === 'ru' && !l.some(t => /[а-яё]/i.test(t))) return null; \
             return l"
        ),
    )
    .await;
    v.as_array()
        .expect("lines")
        .iter()
        .map(|x| x.as_str().unwrap_or_default().to_string())
        .collect()
}

/// The defects issue 23 names, in one line: the raw fallback (`name — field: value`), JSON,
/// a message id or a missing argument, a creature id.
fn defects(line: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    // The fallback: the event's name in lower-case words, a dash, then `field: value`.
    let raw = regex_lite_fallback(line);
    if raw {
        out.push("raw fields");
    }
    if line.contains('{') || line.contains("\": ") || line.contains("[object") {
        out.push("JSON or a missing argument");
    }
    if line.contains("ev-rules-") || line.starts_with("ev-") {
        out.push("a message id");
    }
    if line.contains("undefined") || line.contains("NaN") {
        out.push("undefined");
    }
    // An argument left empty: `Now: ` with nothing after it, `()`, `’s turn` without a name.
    if line.trim_end().ends_with(':') || line.contains("()") || line.contains(" ’s") {
        out.push("an empty argument");
    }
    for id in [CORVIN, VERA, GHOUL] {
        if line.contains(id) {
            out.push("a creature id");
        }
    }
    out
}

/// `humanize(name) — key: value`: lower-case words (the event's name), " — ", then a field
/// name of lower-case words and a colon.
fn regex_lite_fallback(line: &str) -> bool {
    let Some((head, rest)) = line.split_once(" — ") else {
        return false;
    };
    let words = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == ' ')
    };
    let field = rest.split_once(": ").map(|(k, _)| k).unwrap_or("");
    words(head) && words(field)
}

fn check(who: &str, lang: &str, lines: &[String]) {
    let bad: Vec<String> = lines
        .iter()
        .filter_map(|l| {
            let d = defects(l);
            (!d.is_empty()).then(|| format!("{d:?}: {l}"))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{who}'s log in {lang}: {} of {} lines are not worded:\n{}",
        bad.len(),
        lines.len(),
        bad.join("\n")
    );
}

// Covers issue 23 (item 6): the log words every event.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_words_every_line_of_a_played_session_in_both_languages() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("referee"), 1280, 900).await;
    referee_table(&c, &srv.base, "Words").await;
    setup(
        &c,
        &[
            crow(CORVIN, "Corvin Ash"),
            crow(VERA, "Vera Quill"),
            monster(GHOUL, "Rotting Ghoul"),
            load_items(),
            give(CORVIN, "sword", "hand"),
            give(CORVIN, "ration", "backpack"),
            give(VERA, "ration", "backpack"),
            give(VERA, "torch", "hand"),
        ],
    )
    .await;
    let joined = join_player(&c, CORVIN, "Pat").await;
    let link = joined["link"].as_str().expect("invite link").to_string();

    // A test and what may follow it; damage; a condition on and off; lights.
    must(&c, rules(json!({"test": {"creature": VERA, "characteristic": "agility", "task": "climb the wall"}}))).await;
    must(
        &c,
        rules(json!({"damage": {"creature": VERA, "amount": 2}})),
    )
    .await;
    must(
        &c,
        rules(json!({"add_condition": {"creature": VERA, "condition": "prone"}})),
    )
    .await;
    must(
        &c,
        rules(json!({"remove_condition": {"creature": VERA, "condition": "prone"}})),
    )
    .await;
    must(
        &c,
        rules(json!({"set_position": {"creature": VERA, "at": [2, 3]}})),
    )
    .await;
    must(
        &c,
        rules(json!({"place_light": {"id": "brazier", "at": [1, 1], "light": "2/2"}})),
    )
    .await;
    must(&c, rules(json!({"set_ambient_light": {"level": "dim"}}))).await;
    must(&c, rules(json!({"remove_light": {"id": "brazier"}}))).await;

    // A dungeon turn ends with its encounter check; a loud noise makes another.
    must(&c, rules(json!({"enter_dungeon": {"dungeon": "Crypt", "length": "manual", "party": [CORVIN, VERA]}}))).await;
    must(&c, json!({"clock": "end_exploration_turn"})).await;
    must(
        &c,
        rules(json!({"loud_noise": {"what": "smashed the door"}})),
    )
    .await;

    // A rest: a rest activity, sleep, the end with its choices.
    must(
        &c,
        rules(json!({"start_rest": {"party": [CORVIN, VERA], "place": "dungeon"}})),
    )
    .await;
    must(&c, rules(json!({"choose_rest_activity": {"creature": VERA, "activity": {"kind": "seclude_camp"}}}))).await;
    must(&c, rules(json!({"rest_encounter_check": {"threshold": 8}}))).await;
    must(
        &c,
        rules(json!({"rest_sleep": {"creatures": [CORVIN, VERA], "hours": 4}})),
    )
    .await;
    must(&c, rules(json!({"finish_rest": {}}))).await;

    // A combat round with an attack.
    must(
        &c,
        rules(json!({"place": {"creature": CORVIN, "at": {"x": 0, "y": 0}, "side": "crows"}})),
    )
    .await;
    must(
        &c,
        rules(json!({"place": {"creature": VERA, "at": {"x": 0, "y": 1}, "side": "crows"}})),
    )
    .await;
    must(
        &c,
        rules(json!({"place": {"creature": GHOUL, "at": {"x": 1, "y": 0}, "side": "enemies"}})),
    )
    .await;
    must(&c, rules(json!({"start_combat": {}}))).await;
    until_turn_of(&c, "Corvin Ash").await;
    must(&c, rules(json!({"attack": {"creature": CORVIN, "target": GHOUL, "weapon": null, "natural": null, "characteristic": "strength", "ranged": false}}))).await;
    must(&c, rules(json!({"end_turn": {"creature": CORVIN}}))).await;
    must(&c, rules(json!({"end_combat": {}}))).await;
    must(&c, rules(json!({"leave_dungeon": {}}))).await;

    // (No spell here: a casting may roll a backlash whose decision prompts are still the
    // server's English, naming the caster by id; issue 23 tracks them under decisions.)

    // The travel map: hexes, a known place, the party placed.
    must(&c, rules(json!({"set_hexes": {"hexes": [{"q": 0, "r": 0, "terrain": "forest"}, {"q": 1, "r": 0, "terrain": "hills"}]}}))).await;
    must(&c, rules(json!({"set_site": {"id": "old-mill", "name": "The old mill", "kind": "landmark", "q": 1, "r": 0, "known": true}}))).await;
    must(&c, rules(json!({"set_party": {"members": [CORVIN, VERA]}}))).await;
    must(&c, rules(json!({"place_party": {"q": 0, "r": 0}}))).await;

    let n = log_len(&c).await;
    assert!(n > 40, "a varied session: {n} lines");
    let referee_en = log_texts(&c, "en", n).await;
    check("the Referee", "en", &referee_en);

    // The player's screen, seated for Corvin.
    let p = browser(&driver, &profiles.path().join("player"), 1280, 900).await;
    p.goto(&link).await.expect("open invite");
    wait_js(
        &p,
        "player log",
        "return document.querySelectorAll('#log-list li').length > 10",
    )
    .await;
    let player_en = log_texts(&p, "en", 10).await;
    check("the player", "en", &player_en);

    // Russian, both screens.
    select(&c, "#lang-select", "ru").await;
    select(&p, "#lang-select", "ru").await;
    let referee_ru = log_texts(&c, "ru", n).await;
    check("the Referee", "ru", &referee_ru);
    let player_ru = log_texts(&p, "ru", 10).await;
    check("the player", "ru", &player_ru);
    // Names, not ids, and the facts issue 23 missed: how much damage.
    let all = referee_en.join("\n");
    assert!(
        all.contains("Vera Quill") && all.contains("Rotting Ghoul"),
        "{all}"
    );
    assert!(all.contains("Vera Quill: takes 2 damage"), "{all}");

    p.close().await.expect("close player");
    c.close().await.expect("close");
    srv.stop().await;
}

/// The checks above catch what they are for (no browser needed).
#[test]
fn log_words_defects_are_caught() {
    assert!(!defects("dungeon turn paused — reason: none").is_empty());
    assert!(!defects(r#"encounter checked — check: {"face":3}"#).is_empty());
    assert!(!defects("ev-rules-toppled").is_empty());
    assert!(!defects("corvin-ash-8d5e0e attacks Rotting Ghoul").is_empty());
    assert!(!defects("Now: the start of ’s turn").is_empty());
    assert!(!defects("Сейчас: ").is_empty());
    for fine in [
        "Encounter check at the end of dungeon turn 1: rolled 10 against EN 9 — an encounter right now",
        "Corvin Ash hits Rotting Ghoul: tier 2, 3 damage — crit!",
        "Vera Quill: урон 2, потеря Выносливости 2",
    ] {
        assert!(defects(fine).is_empty(), "{fine}: {:?}", defects(fine));
    }
}
