//! The ACKS Sea tab (issue 20, sea and naval play): a Judge (desktop, English) and two players —
//! Bob on a phone in Russian for Brena, Cara at a desktop in English for Odo. A day's voyage on
//! an average wind (the players see the masked day only), a gale the galley cannot beach from
//! (a navigation throw of 9) and an hour of storm with its save, then an open coast where it
//! beaches and the storm is refused; then a naval fight: the ships' order by initiative count,
//! Bob's move refused off his captain's count, the ballista at the creatures the Judge ticks,
//! Bob's move on Brena's count, a grapple and boarders. axe-core clean on every seat.
//! Physical dice (`?faces=`) wherever the script needs an outcome. Screenshots `acks-sea-*.png`.

use crate::acks::seat;
use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use serde_json::json;

const SAMPLE: &str = include_str!("../../../acks/packs/sample.json");

/// The text of the newest line with this event in a results list of the Sea tab.
async fn result(c: &Client, list: &str, event: &str) -> String {
    wait_js(
        c,
        &format!("a {event} line in {list}"),
        &format!(
            "const l = document.querySelector('#{list} li[data-event={event}]'); return l && l.textContent"
        ),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

async fn toast(c: &Client, words: &str) {
    wait_js(
        c,
        &format!("a toast saying {words}"),
        &format!(
            "return [...document.querySelectorAll('.toast, [role=alert], #sr-status')].some(e => e.textContent.includes({}))",
            json!(words)
        ),
    )
    .await;
}

async fn axe_clean(c: &Client, who: &str) {
    let found = axe_serious(c).await;
    assert!(found.is_empty(), "{who}: {found:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acks_sea_voyage_storm_beach_and_naval_fight_judge_and_two_players() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let judge = browser(&driver, &profiles.path().join("judge"), 1280, 900).await;
    table_from_lobby(
        &judge,
        Some(&srv.base),
        "acks",
        "The Grey Gull",
        "#acks-party",
    )
    .await;
    let abilities = json!({"strength": 13, "intelligence": 10, "wisdom": 10, "dexterity": 10,
        "constitution": 12, "charisma": 10});
    let mut cmds = vec![rules(
        json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE}]}}),
    )];
    for (id, name, class) in [
        ("brena", "Brena", "sellsword"),
        ("odo", "Odo", "lockbreaker"),
        ("dain", "Dain", "deep_delver"),
    ] {
        cmds.push(rules(
            json!({"add_character": {"id": id, "name": name, "class": class,
            "level": 2, "abilities": abilities, "hp": 12, "armour_class": 4}}),
        ));
    }
    for id in ["rat1", "rat2"] {
        cmds.push(rules(
            json!({"add_monster": {"id": id, "card": "gloom_rat", "hp": 20}}),
        ));
        cmds.push(rules(json!({"reveal": {"creature": id}})));
    }
    cmds.push(rules(json!({"place_party": {"q": 0, "r": 0}})));
    cmds.push(rules(
        json!({"set_ship": {"vessel": "small_galley", "shp": 80}}),
    ));
    setup(&judge, &cmds).await;
    let bob = seat(
        &driver,
        &profiles.path().join("bob"),
        &judge,
        &srv.base,
        "brena",
        "Bob",
        None,
    )
    .await;
    let cara = seat(
        &driver,
        &profiles.path().join("cara"),
        &judge,
        &srv.base,
        "odo",
        "Cara",
        Some((1280, 900)),
    )
    .await;
    language(&bob, "ru").await;
    for c in [&judge, &bob, &cara] {
        tab(c, "sea").await;
    }

    // --- a day at sea: average winds (10), the Judge sails north ---
    wait_js(
        &bob,
        "the vessel on Bob's phone",
        "const d = document.querySelector('#acks-voyage-vessel'); return d && d.textContent.includes('галера')",
    )
    .await;
    api_with_faces(&judge, rules(json!({"roll_wind": {}})), "10").await;
    wait_js(
        &judge,
        "the wind",
        "const d = document.querySelector('#acks-voyage-wind'); return d && d.textContent.includes('average')",
    )
    .await;
    click(&judge, "#acks-voyage-sail").await;
    // 90 sail miles × 1 beat 60 oar miles; the players see the day as the masked event says it.
    for (c, words) in [(&bob, "миль — 90"), (&cara, "90 miles")] {
        wait_js(
            c,
            "the day's distance",
            &format!(
                "const d = document.querySelector('#acks-voyage-day'); return d && d.textContent.includes({})",
                json!(words)
            ),
        )
        .await;
        let seen = js(
            c,
            "return [!!document.querySelector('#acks-voyage-results li[data-event=sailed_seen]'), !!document.querySelector('#acks-voyage-results li[data-event=sailed]')]",
        )
        .await;
        assert_eq!(
            seen,
            json!([true, false]),
            "a player sees only the masked day"
        );
    }
    result(&judge, "acks-voyage-results", "sailed").await;

    // --- a gale: no beach found (9 < 14), an hour of storm: save 19, 2d8 3 + 4 doubled ---
    api_with_faces(&judge, rules(json!({"roll_wind": {}})), "20").await;
    api_with_faces(&judge, rules(json!({"beach": {"open_coast": false}})), "9").await;
    let line = result(&cara, "acks-voyage-results", "beached").await;
    assert!(line.contains("beached: no"), "{line}");
    api_with_faces(&judge, rules(json!({"storm_hour": {}})), "19,3,4").await;
    wait_js(
        &bob,
        "the storm's damage on Bob's phone",
        "const d = document.querySelector('#acks-voyage-shp'); return d && d.textContent.includes('66 из 80')",
    )
    .await;
    // --- the next gale finds the galley by an open coast: it beaches, the storm spares it ---
    api_with_faces(&judge, rules(json!({"roll_wind": {}})), "20").await;
    click(&judge, "#acks-voyage-open-coast").await;
    click(&judge, "#acks-voyage-beach").await;
    wait_js(
        &bob,
        "beached on Bob's phone",
        "return document.querySelector('#acks-voyage-beached')",
    )
    .await;
    click(&judge, "#acks-voyage-storm-hour").await;
    toast(&judge, "lies beached").await;
    assert!(
        text_of(&cara, "#acks-voyage-shp")
            .await
            .contains("66 of 80")
    );
    shot(&bob, "acks-sea-voyage-phone-ru").await;

    // --- the naval fight ---
    setup(
        &judge,
        &[
            rules(
                json!({"join_ship": {"ship": "gull", "name": "Grey Gull", "ac": 1, "shp": 66,
                "speed": 150, "rowers": 60, "pieces": [{"name": "bow", "kind": "ballista"}]}}),
            ),
            rules(
                json!({"join_ship": {"ship": "wolf", "name": "Sea Wolf", "ac": 1, "shp": 70,
                "speed": 120}}),
            ),
            rules(
                json!({"begin_combat": {"combatants": ["brena", "dain", "odo", "rat1", "rat2"],
                "groups": [["rat1", "rat2"]]}}),
            ),
            rules(
                json!({"assign_crew": {"ship": "gull", "captain": "brena", "gunners": {"bow": "odo"}}}),
            ),
            rules(
                json!({"assign_crew": {"ship": "wolf", "captain": "dain", "marines": ["rat1", "rat2"]}}),
            ),
        ],
    )
    .await;
    for c in [&judge, &bob, &cara] {
        tab(c, "sea").await;
    }
    // Initiative, rolled for brena, dain, odo and the rats' group: 4, 1, 5, 3.
    api_with_faces(&judge, rules(json!({"roll_initiative": {}})), "4,1,5,3").await;
    for c in [&bob, &cara] {
        wait_js(
            c,
            "the ships' order",
            "const o = document.querySelector('#acks-naval-order'); return o && o.querySelector('li[data-count=\"5\"] [data-act=bow]') && o.querySelector('li[data-count=\"4\"] [data-act=gull]') && o.querySelector('li[data-count=\"1\"] [data-act=wolf]')",
        )
        .await;
    }
    // Odo's count: Bob's move of the Gull is refused (Brena's count moves it), in Russian.
    fill(&bob, "#acks-naval-feet", "100").await;
    click(&bob, "#acks-naval-move").await;
    toast(&bob, "счёте").await;
    // The bow shoots on Odo's count: the Judge ticks the rats standing in its line.
    click(&judge, "#acks-naval-hit-rat1").await;
    click(&judge, "#acks-naval-hit-rat2").await;
    click(&judge, "#acks-naval-fire-creatures").await;
    for c in [&bob, &cara] {
        let line = result(c, "acks-naval-results", "shot_at_creatures").await;
        assert!(line.contains("3d6"), "{line}");
    }
    // Brena's count: Bob moves the Gull.
    let r = api_command(&judge, json!({"clock": "end_turn"})).await;
    assert_eq!(r["status"], 200, "{r}");
    click(&bob, "#acks-naval-move").await;
    let line = result(&cara, "acks-naval-results", "ship_moved").await;
    assert!(line.contains("100"), "{line}");
    // A grapple both crews want, and Brena boards.
    click(&judge, "#acks-naval-both").await;
    click(&judge, "#acks-naval-grapple").await;
    let line = result(&bob, "acks-naval-results", "grapple_tried").await;
    assert!(line.contains("сцепились: да"), "{line}");
    click(&judge, "#acks-naval-boarders-brena").await;
    click(&judge, "#acks-naval-board").await;
    result(&cara, "acks-naval-results", "boarded").await;
    // AC-NAVAL-10: the Hawk's heavy catapult throws burning pitch on Odo; the area shows on
    // every seat until the Judge puts it out.
    setup(
        &judge,
        &[rules(
            json!({"join_ship": {"ship": "hawk", "name": "Hawk", "ac": 3, "shp": 25,
            "speed": 120, "pieces": [{"name": "heavy", "kind": "heavy_catapult"}]}}),
        )],
    )
    .await;
    select(&judge, "#acks-naval-ship", "hawk").await;
    select(&judge, "#acks-naval-ammo", "pitch").await;
    click(&judge, "#acks-naval-hit-rat1").await;
    click(&judge, "#acks-naval-hit-rat2").await;
    click(&judge, "#acks-naval-hit-odo").await;
    click(&judge, "#acks-naval-fire-creatures").await;
    let pitch = wait_js(
        &bob,
        "the burning pitch on Bob's phone",
        "return document.querySelector('#acks-naval-pitch [data-pitch=pitch1]')?.textContent",
    )
    .await;
    assert!(pitch.as_str().unwrap_or("").contains("2d6"), "{pitch}");
    click(&judge, "#acks-naval-pitch-out-pitch1").await;
    wait_js(
        &cara,
        "the pitch out on Cara's page",
        "return !document.querySelector('#acks-naval-pitch')",
    )
    .await;
    shot(&judge, "acks-sea-naval-judge").await;
    shot(&bob, "acks-sea-naval-phone-ru").await;
    for (c, who) in [(&judge, "judge"), (&bob, "bob"), (&cara, "cara")] {
        axe_clean(c, who).await;
    }
    srv.stop().await;
}
