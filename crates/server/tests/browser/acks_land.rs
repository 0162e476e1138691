//! The ACKS land-side panels (issue 20, `rulesets/acks/land.js`): the Judge (desktop, English)
//! draws hexes with the map form — one hidden, one with a canyon at half pace — and places the
//! party; a player (phone, Russian) sees only the shown hexes, and the day's travel slowed by
//! the canyon. A 0-level character earns 100 XP and becomes a fighter with its hit points
//! rerolled (physical dice). A rider on a flying mount set at 30 ft falls when the mount drops
//! and takes 3d6 (physical dice). axe-core finds nothing serious on either screen.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use serde_json::json;

const SAMPLE: &str = include_str!("../../../acks/packs/sample.json");

/// The text of the newest line with this event in the list `list`.
async fn line_in(c: &Client, list: &str, event: &str) -> String {
    wait_js(
        c,
        &format!("a {event} line in {list}"),
        &format!(
            "const l = document.querySelector('{list} li[data-event={event}]'); return l && l.textContent"
        ),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acks_land_map_drawing_zero_level_and_a_fall_from_a_flying_mount() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let judge = browser(&driver, &profiles.path().join("judge"), 1280, 900).await;
    table_from_lobby(&judge, Some(&srv.base), "acks", "Marches", "#acks-party").await;
    let abilities = json!({"strength": 10, "intelligence": 10, "wisdom": 10, "dexterity": 10,
        "constitution": 10, "charisma": 10});
    // A made-up flying mount for the test: 2 hit points.
    let griffon = json!({"monsters": [{"id": "test_griffon", "name": "Griffon (test)",
        "hit_dice": "2", "armour_class": 2, "speed_ft": 120,
        "attacks": [{"name": "claw", "damage": "1d4"}], "morale": 0,
        "save_as": {"class": "fighter", "level": 1},
        "number_appearing": {"dungeon_wandering": "1d1", "wilderness_wandering": "1d1"}}]});
    setup(
        &judge,
        &[
            rules(
                json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE},
                {"name": "griffon.json", "text": griffon.to_string()}]}}),
            ),
            rules(
                json!({"add_character": {"id": "brena", "name": "Brena", "class": "sellsword",
                "level": 2, "abilities": abilities, "hp": 12, "armour_class": 4}}),
            ),
            rules(
                json!({"add_character": {"id": "tam", "name": "Tam", "level": 0,
                "abilities": abilities, "hp": 3, "proficiencies": ["farming", "mining"]}}),
            ),
        ],
    )
    .await;
    let joined = join_player(&judge, "brena", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    let link = if link.starts_with("http") {
        link
    } else {
        format!("{}{}", srv.base.trim_end_matches('/'), link)
    };
    let bob = phone_browser(&driver, &profiles.path().join("bob")).await;
    bob.goto(&link).await.expect("open player link");
    wait_js(
        &bob,
        "the player's acks screen",
        "return document.querySelector('.table-screen.player[data-ruleset=acks] #acks-sheet-brena')",
    )
    .await;
    select(&bob, "#lang-select", "ru").await;
    wait_js(
        &bob,
        "Russian",
        "return document.documentElement.lang === 'ru'",
    )
    .await;

    // --- the Judge draws three hexes with the form: woods, hidden hills, a canyon at 50 % ---
    tab(&judge, "wilderness").await;
    select(&judge, "#acks-land-terrain", "woods").await;
    click(&judge, "#acks-land-q0-r0").await;
    select(&judge, "#acks-land-terrain", "hills").await;
    click(&judge, "#acks-land-shown").await;
    click(&judge, "#acks-land-q1-r0").await;
    click(&judge, "#acks-land-shown").await;
    select(&judge, "#acks-land-terrain", "clear").await;
    select(&judge, "#acks-land-feature", "canyon").await;
    fill(&judge, "#acks-land-pace", "50").await;
    click(&judge, "#acks-land-q0-r-1").await;
    let send = text_of(&judge, "#acks-land-send").await;
    assert!(send.contains('3'), "{send}");
    click(&judge, "#acks-land-send").await;
    wait_js(
        &judge,
        "three hexes drawn",
        "return document.querySelectorAll('#acks-land-map polygon').length === 3",
    )
    .await;
    // The party, placed with the map's party tool.
    select(&judge, "#acks-land-tool", "party").await;
    click(&judge, "#acks-land-q0-r0").await;
    wait_js(
        &judge,
        "the party on the map",
        "return document.querySelector('#acks-land-map #party-believed')",
    )
    .await;
    let hidden = js(
        &judge,
        "return document.querySelector('#acks-land-q1-r0').getAttribute('aria-label')",
    )
    .await;
    assert!(
        hidden
            .as_str()
            .unwrap_or_default()
            .contains("hidden from the players"),
        "{hidden}"
    );
    shot_at(&judge, "acks-land-01-judge-map", Some("#acks-land")).await;

    // --- the player sees only the two shown hexes, the canyon among them ---
    tab(&bob, "wilderness").await;
    wait_js(
        &bob,
        "the player's map",
        "return document.querySelectorAll('#acks-land-map polygon').length === 2",
    )
    .await;
    let seen = js(
        &bob,
        r#"return {hidden: !!document.querySelector('#acks-land-map polygon[data-q="1"][data-r="0"]'),
                   canyon: !!document.querySelector('#acks-land-map polygon.feature-canyon'),
                   editor: !!document.querySelector('#acks-land-canvas, #acks-land-send'),
                   text: document.body.textContent}"#,
    )
    .await;
    assert_eq!(
        seen["hidden"], false,
        "the hidden hex is on the player's map"
    );
    assert_eq!(seen["canyon"], true);
    assert_eq!(
        seen["editor"], false,
        "the Judge's tools on a player's screen"
    );
    let text = seen["text"].as_str().unwrap_or_default();
    assert!(!text.contains("холмы"), "the hidden hills show: {text}");

    // A day north (the navigation die a 20): the canyon halves the pace across its hex, shown
    // to both in words.
    api_with_faces(
        &judge,
        rules(json!({"travel_day": {"toward": "north"}})),
        "20",
    )
    .await;
    let slowed = line_in(&bob, "#acks-land-slowed", "travel_slowed").await;
    assert!(
        slowed.contains("каньон") && slowed.contains("50"),
        "{slowed}"
    );
    let slowed = line_in(&judge, "#acks-land-slowed", "travel_slowed").await;
    assert!(slowed.contains("a canyon at 0, -1"), "{slowed}");
    shot_at(&bob, "acks-land-02-player-map-ru", Some("#acks-land")).await;
    let mut problems = axe_serious(&bob).await;
    problems.extend(axe_serious(&judge).await);

    // --- Tam, 0-level, shares 200 XP with Brena: 100 each, and becomes a fighter ---
    tab(&judge, "party").await;
    let zero = text_of(&judge, "#acks-zero-list").await;
    assert!(zero.contains("Tam: 0-level, 0 of 100 XP"), "{zero}");
    let class = text_of(&judge, "#acks-sheet-tam .acks-class").await;
    assert_eq!(class, "0-level, no class yet");
    setup(
        &judge,
        &[
            // Brena's cap (level 2) reads the sellsword table up to level 4.
            rules(
                json!({"set_xp_table": {"class": "sellsword", "thresholds": [2000, 4000, 8000, 16000]}}),
            ),
            rules(json!({"treasure": {"gp": 200, "kind": "treasure"}})),
        ],
    )
    .await;
    // The d8 for Tam's new hit points: a 7 beats the old 3.
    api_with_faces(&judge, rules(json!({"return_to_civilization": {}})), "7").await;
    wait_js(
        &judge,
        "Tam a fighter",
        "return /Sellsword \\(sample\\), level 1/.test(document.querySelector('#acks-sheet-tam')?.textContent || '')",
    )
    .await;
    let sheet = text_of(&judge, "#acks-sheet-tam").await;
    assert!(sheet.contains("7 of 7"), "{sheet}");
    // AC-ZERO-02: the sellsword card's power comes with the class, and the Judge picks Tam's
    // class proficiency from the card's list.
    assert!(sheet.contains("shield-wall drill (sample)"), "{sheet}");
    select(&judge, "#acks-pick-which-tam", "riding").await;
    click(&judge, "#acks-pick-go-tam").await;
    wait_js(
        &judge,
        "the class proficiency taken",
        "return !document.querySelector('#acks-pick-tam')",
    )
    .await;
    log_line(&judge, "the pick", "takes the class proficiency riding").await;
    let line = log_line(&judge, "the conversion", "becomes a 1st-level fighter").await;
    assert!(
        line.contains("rolled 7") && line.contains("keeps 7"),
        "{line}"
    );
    let line = log_line(
        &bob,
        "the conversion in Russian",
        "становится воином 1-го уровня",
    )
    .await;
    assert!(line.contains("Tam"), "{line}");

    // --- a fight: Brena on the griffon, 30 ft up; the rat drops the griffon; Brena falls ---
    setup(
        &judge,
        &[
            rules(json!({"add_monster": {"id": "griffon", "card": "test_griffon", "hp": 2}})),
            rules(json!({"reveal": {"creature": "griffon"}})),
            rules(json!({"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 20}})),
            rules(json!({"reveal": {"creature": "rat1"}})),
            rules(json!({"begin_combat": {"combatants": ["brena", "griffon", "rat1"]}})),
        ],
    )
    .await;
    tab(&judge, "combat").await;
    select(&judge, "#acks-mount-rider", "brena").await;
    select(&judge, "#acks-mount-mount", "griffon").await;
    click(&judge, "#acks-war-saddle").await;
    click(&judge, "#acks-mount").await;
    wait_js(
        &judge,
        "the pair",
        "return document.querySelector('#acks-pairs li[data-rider=brena]')",
    )
    .await;
    select(&judge, "#acks-fly-who", "griffon").await;
    fill(&judge, "#acks-fly-ft", "30").await;
    click(&judge, "#acks-fly").await;
    tab(&bob, "combat").await;
    let pair = wait_js(
        &bob,
        "the player sees Brena in the air",
        "const l = document.querySelector('#acks-pairs li[data-rider=brena]'); return l && /30/.test(l.textContent) && l.textContent",
    )
    .await;
    assert!(
        pair.as_str().unwrap_or_default().contains("30 фт"),
        "{pair}"
    );
    // Initiative: Brena 2, the rat 4 (the griffon takes its rider's count).
    api_with_faces(&judge, rules(json!({"roll_initiative": {}})), "2,4").await;
    // The rat bites the griffon (d20 15, bite 3): it drops and Brena falls 3d6: 2 + 5 + 6.
    api_with_faces(
        &judge,
        rules(json!({"attack": {"attacker": "rat1", "target": "griffon"}})),
        "15,3,2,5,6",
    )
    .await;
    let fell = line_in(&judge, "#acks-mount-results", "unhorsed").await;
    assert!(
        fell.contains("Brena") && fell.contains("fall damage: 13"),
        "{fell}"
    );
    let fell = line_in(&bob, "#acks-mount-results", "unhorsed").await;
    assert!(fell.contains("13"), "{fell}");
    tab(&bob, "party").await;
    let sheet = text_of(&bob, "#acks-sheet-brena").await;
    assert!(sheet.contains("-1"), "{sheet}");
    tab(&bob, "combat").await;
    shot_at(&judge, "acks-land-03-judge-fall", Some("#acks-mounting")).await;
    shot_at(&bob, "acks-land-04-player-fall-ru", Some("#acks-mounting")).await;
    problems.extend(axe_serious(&bob).await);
    problems.extend(axe_serious(&judge).await);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
