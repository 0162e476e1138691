//! The web UI's screens in a real headless Chromium (chromedriver), against an in-process
//! server with the Crows ruleset: the dungeon controls, the town screen, the travel day and its
//! map editor, the combat grid editor and the rarer combat controls. Screenshots go to
//! `target/screenshots/s-*.png` (desktop and a 390-pixel phone).
//!
//! Needs Debian's `chromium` and `chromium-driver`; `DELVE_CHROMEDRIVER` / `DELVE_CHROMIUM`
//! override the paths.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Locator;
use serde_json::json;
use std::time::Duration;

// ---------- the tests ----------

/// The dungeon controls: the Referee enters a dungeon with 20-minute turns, pauses and resumes
/// the turn, and starts a rest: refused with its rule while Vera has no ration (the reason
/// stays under the controls), started once she has one.
// Covers CR-DT-01, CR-DT-03, CR-DT-05, CR-REST-01.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_dt_03_dungeon_turn_pause_resume_and_rest_through_the_ui() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("dungeon"), 1440, 1000).await;
    referee_table(&c, &srv.base, "Crypt night").await;
    setup(&c, &[crow("vera", "Vera")]).await;

    fill(&c, "#dungeon-name", "Crypt").await;
    select(&c, "#dungeon-length", "20").await;
    click(&c, "#enter-dungeon").await;
    let status = wait_js(
        &c,
        "in the dungeon",
        "const s = document.querySelector('#dungeon-status'); return s && s.textContent",
    )
    .await;
    assert!(
        status
            .as_str()
            .unwrap_or("")
            .contains("Crypt: dungeon turn 1"),
        "{status}"
    );
    // A 20-minute turn runs on the engine's timer.
    let length = api_view(&c).await["rules"]["explore"]["visit"].clone();
    assert_eq!(length["length"], json!({"minutes": 20}), "{length}");
    assert!(length["deadline_ms"].is_number(), "{length}");

    click(&c, "#dungeon-pause").await;
    wait_js(
        &c,
        "paused",
        "return document.querySelector('#dungeon-resume') && /paused/i.test(document.querySelector('#dungeon-status').textContent)",
    )
    .await;
    let paused = api_view(&c).await["rules"]["explore"]["visit"].clone();
    assert_eq!(paused["paused"], true, "{paused}");
    assert!(paused["remaining_ms"].is_number(), "{paused}");
    click(&c, "#dungeon-resume").await;
    wait_js(
        &c,
        "running again",
        "return document.querySelector('#dungeon-pause') && !/paused/i.test(document.querySelector('#dungeon-status').textContent)",
    )
    .await;

    // The rest: Vera is ticked (no player yet: every party creature); no ration, refused.
    wait_js(
        &c,
        "rest party",
        "const b = document.querySelector('#rest-member-vera'); return b && b.checked",
    )
    .await;
    click(&c, "#start-rest-party").await;
    let why = wait_js(
        &c,
        "rest refused",
        "const r = document.querySelector('#dungeon-refusal'); return r && r.textContent",
    )
    .await;
    assert!(
        why.as_str().unwrap_or("").contains("CR-REST-01"),
        "the refusal names its rule: {why}"
    );
    shot_at(&c, "s-dungeon-rest-refused", Some("#dungeon")).await;
    setup(
        &c,
        &[
            json!({"rules": {"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}}),
            json!({"rules": {"place_item": {"creature": "vera", "card": "ration",
                "slots": [{"kind": "backpack", "number": 1}]}}}),
        ],
    )
    .await;
    let before = log_len(&c).await;
    click(&c, "#start-rest-party").await;
    wait_js(
        &c,
        "resting",
        "return document.querySelector('#finish-rest') && !document.querySelector('#dungeon-refusal')",
    )
    .await;
    log_grew_with(&c, "rest in the log", before, "[Rr][Ee][Ss][Tt]").await;
    let rest = api_view(&c).await["rules"]["explore"]["rest"].clone();
    assert!(rest.to_string().contains("vera"), "Vera rests: {rest}");
    // The rest counts only after 4 hours asleep (CR-REST-01): "everyone sleeps" records them.
    click(&c, "#rest-sleep-all").await;
    wait_js(
        &c,
        "sleep recorded",
        "return document.querySelector('#rest-sleep-all')?.disabled",
    )
    .await;
    let slept = api_view(&c).await["rules"]["explore"]["rest"]["slept"].clone();
    assert_eq!(slept["vera"], json!(4), "Vera slept 4 hours: {slept}");
    shot_at(&c, "s-dungeon-resting", Some("#dungeon")).await;
    c.close().await.expect("close");
    srv.stop().await;
}

/// The town screen: the Referee enters a town; Vera's activities start one at a time and
/// finish when two hours pass (`pass_time`); after four the day's limit holds (the start
/// button is disabled and the command is refused with its rule); sleep is recorded; the
/// Referee leaves the town.
// Covers CR-TOWN-01, CR-TOWN-03.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_town_03_four_town_activities_a_day_through_the_ui() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("town"), 1440, 1000).await;
    referee_table(&c, &srv.base, "Market day").await;
    setup(&c, &[crow("vera", "Vera")]).await;
    wait_js(
        &c,
        "town panel",
        "return document.querySelector('#town #enter-town')",
    )
    .await;
    click(&c, "#enter-town").await;
    wait_js(
        &c,
        "in town",
        "return /In town, day/.test(document.querySelector('#town-status').textContent) && document.querySelector('#town-start-vera')",
    )
    .await;
    for n in 1..=4 {
        select(&c, "#town-kind-vera", "other").await;
        fill(&c, "#town-value-vera", &format!("errand {n}")).await;
        click(&c, "#town-start-vera").await;
        let doing = wait_js(
            &c,
            "activity running",
            "const d = document.querySelector('#town-doing-vera'); return d && d.textContent",
        )
        .await;
        assert!(doing.as_str().unwrap_or("").contains("0 of 120"), "{doing}");
        if n == 1 {
            shot_at(&c, "s-town-activity", Some("#town")).await;
        }
        select(&c, "#pass-minutes", "120").await;
        let before = log_len(&c).await;
        click(&c, "#pass-time").await;
        wait_js(
            &c,
            "activity done",
            &format!(
                "return !document.querySelector('#town-doing-vera') && document.querySelector('#town-count-vera').textContent.includes('{n} of 4')"
            ),
        )
        .await;
        log_grew_with(&c, "time in the log", before, "finishes the town activity").await;
    }
    let disabled = c
        .execute(
            "return document.querySelector('#town-start-vera').disabled",
            vec![],
        )
        .await
        .expect("button");
    assert_eq!(disabled, json!(true), "a fifth activity cannot be started");
    let r = api_command(
        &c,
        json!({"rules": {"start_town_activity": {"creature": "vera", "activity": {"kind": "other", "name": "a fifth"}}}}),
    )
    .await;
    assert_ne!(r["status"], 200, "{r}");
    assert!(
        r["body"]["rule"]
            .as_str()
            .unwrap_or("")
            .starts_with("CR-TOWN")
            || r["body"]["message"]
                .as_str()
                .unwrap_or("")
                .contains("CR-TOWN"),
        "{r}"
    );
    fill(&c, "#town-sleep-hours", "8").await;
    click(&c, "#town-sleep").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        c.find(Locator::Css("#town-refusal")).await.is_err(),
        "sleep is recorded"
    );
    click(&c, "#leave-town").await;
    wait_js(
        &c,
        "out of town",
        "return /not in a town/.test(document.querySelector('#town-status').textContent)",
    )
    .await;
    c.close().await.expect("close");
    srv.stop().await;
}

/// The travel map editor and the day's procedure, all through the Referee's screen: hexes
/// painted (forest, one hex with a road) and sent, a site set on a clicked hex, the party
/// placed by clicking and chosen, then a day: pace, Vera's role, the role tests, the encounter
/// check, a move by clicking a neighbouring hex, the end of the day.
// Covers CR-TRAVEL-01, CR-TRAVEL-02, CR-POI-03.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_travel_02_travel_day_through_the_ui() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("travel"), 1440, 1100).await;
    referee_table(&c, &srv.base, "The long road").await;
    setup(&c, &[crow("vera", "Vera")]).await;

    // The map: three forest hexes, the middle one on a road.
    click(&c, "#hex-edit").await;
    fill(&c, "#hex-terrain", "forest").await;
    click(&c, "#hexed-0-0").await;
    click(&c, "#hexed-1--1").await;
    click(&c, "#hex-road").await;
    click(&c, "#hexed-1-0").await;
    let pending = text_of(&c, "#hex-send").await;
    assert!(pending.contains('3'), "{pending}");
    shot_at(&c, "s-travel-editor", Some("#travel")).await;
    click(&c, "#hex-send").await;
    wait_js(
        &c,
        "hexes stored",
        "return document.querySelectorAll('#hex-editor-map .hex.terrain-set:not(.draft)').length === 3",
    )
    .await;
    let map = api_view(&c).await["rules"]["travel"]["map"]["hexes"].clone();
    assert_eq!(map.as_array().map_or(0, Vec::len), 3, "{map}");
    assert!(
        map.as_array()
            .into_iter()
            .flatten()
            .any(|e| e["hex"] == json!({"q": 1, "r": 0})
                && e["info"]["road"] == true
                && e["info"]["terrain"] == "forest"),
        "{map}"
    );

    // A site on a clicked hex.
    click(&c, "#hex-tool-site").await;
    click(&c, "#hexed-1-0").await;
    fill(&c, "#site-name", "Old mill").await;
    click(&c, "#site-known").await;
    click(&c, "#site-submit").await;
    wait_js(
        &c,
        "site stored",
        "return [...document.querySelectorAll('#site-editor .sites li')].some(l => l.textContent.includes('Old mill'))",
    )
    .await;
    // The party: placed by clicking, Vera travels.
    click(&c, "#hex-tool-party").await;
    click(&c, "#hexed-0-0").await;
    wait_js(
        &c,
        "party placed",
        "const p = document.querySelector('#travel-position'); return p && p.textContent.includes('(0, 0)')",
    )
    .await;
    click(&c, "#party-editor > summary").await;
    click(&c, "#party-submit").await;
    wait_js(
        &c,
        "party set",
        "return [...document.querySelectorAll('#log-list li')].some(l => /party/i.test(l.textContent))",
    )
    .await;
    let party = api_view(&c).await["rules"]["travel"]["party"]["members"].clone();
    assert_eq!(party, json!(["vera"]));
    click(&c, "#hex-edit-done").await;

    // The day.
    select(&c, "#travel-pace", "normal").await;
    click(&c, "#begin-travel-day").await;
    wait_js(
        &c,
        "day begun",
        "const d = document.querySelector('#travel-day'); return d && /Day 1/.test(d.textContent)",
    )
    .await;
    select(&c, "#role-vera", "normal_route").await;
    click(&c, "#role-vera-submit").await;
    wait_js(
        &c,
        "role declared",
        "return [...document.querySelectorAll('.travel-roles li')].some(l => l.textContent.includes('Normal Route'))",
    )
    .await;
    let before = log_len(&c).await;
    click(&c, "#travel-role-tests").await;
    log_grew(&c, "role tests in the log", before).await;
    answer_pending(&c).await;
    wait_js(
        &c,
        "encounter step",
        "return /encounter/.test(document.querySelector('#travel-day').textContent)",
    )
    .await;
    let before = log_len(&c).await;
    click(&c, "#travel-encounter-check").await;
    log_grew(&c, "road check in the log", before).await;
    answer_pending(&c).await;
    shot_at(&c, "s-travel-day", Some("#travel")).await;
    // Move north-east by clicking the neighbouring hex: (0, 0) → (1, -1).
    click(&c, "#hex-go-north_east").await;
    answer_pending(&c).await;
    wait_js(
        &c,
        "moved",
        "const p = document.querySelector('#travel-position'); return p && p.textContent.includes('(1, -1)')",
    )
    .await;
    let moved = api_view(&c).await["rules"]["travel"]["day"]["hexes_moved"].clone();
    assert_eq!(moved, 1, "one hex moved");
    click(&c, "#end-travel-day").await;
    answer_pending(&c).await;
    wait_js(
        &c,
        "day over",
        "return document.querySelector('#begin-travel-day') && /No travel day/.test(document.querySelector('#travel').textContent)",
    )
    .await;
    c.close().await.expect("close");
    srv.stop().await;
}

/// The battle-map editor and the rarer combat controls. The Referee paints a solid wall
/// (three squares) between Vera and the bat (and water elsewhere) and sends the map; on Vera's turn her taunt
/// at the bat through the wall is refused, the reason and rule shown under the grid; the wall
/// is erased. Vera grabs the rat (picked by clicking it on the grid) and knocks it back along
/// a clicked square: each rolls its Strength test (the log grows) and spends a maneuver. The
/// player's phone screen (390 px) shows the same controls for Vera.
// Covers CR-LOE-01, CR-ACT-01, CR-MAN-09, CR-MAN-10.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_man_09_grid_editor_and_rare_combat_controls_through_the_ui() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("combat"), 1440, 1100).await;
    referee_table(&c, &srv.base, "Wall and rat").await;
    setup(
        &c,
        &[
            crow("vera", "Vera"),
            monster("rat", "Rat"),
            monster("bat", "Bat"),
            json!({"rules": {"place": {"creature": "vera", "at": {"x": 1, "y": 1}, "side": "crows"}}}),
            json!({"rules": {"place": {"creature": "rat", "at": {"x": 2, "y": 1}, "side": "enemies"}}}),
            json!({"rules": {"place": {"creature": "bat", "at": {"x": 5, "y": 1}, "side": "enemies"}}}),
        ],
    )
    .await;
    let joined = join_player(&c, "vera", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();

    // The editor: a wall from (3, 0) to (3, 2), water at (4, 3).
    click(&c, "#grid-edit").await;
    click(&c, "#brush-solid").await;
    for y in 0..3 {
        click(&c, &format!("#sq-3-{y}")).await;
    }
    click(&c, "#brush-water").await;
    click(&c, "#sq-4-3").await;
    shot_at(&c, "s-grid-editor", Some("#combat")).await;
    click(&c, "#grid-send").await;
    wait_js(
        &c,
        "map stored",
        "return !document.querySelector('#grid-editor') && document.querySelector('#sq-3-1.obstacle.obstacle-solid') && document.querySelector('#sq-4-3.water')",
    )
    .await;
    let grid = api_view(&c).await["rules"]["combat"]["grid"].clone();
    assert!(
        grid.as_array()
            .into_iter()
            .flatten()
            .any(|g| g["at"] == json!({"x": 3, "y": 1}) && g["obstacle"] == "solid"),
        "{grid}"
    );

    click(&c, "#combat-start").await;
    until_turn_of(&c, "Vera").await;

    // Taunt through the wall: refused, the reason under the grid.
    pick_act(&c, "taunt").await;
    click(&c, "#sq-5-1").await;
    let target = wait_js(
        &c,
        "taunt target",
        "const s = document.querySelector('#act-target'); return s && s.value",
    )
    .await;
    assert_eq!(target, "bat");
    click(&c, "#combat-act-send").await;
    let why = wait_js(
        &c,
        "taunt refused",
        "const r = document.querySelector('#combat-refusal'); return r && r.textContent",
    )
    .await;
    let why = why.as_str().unwrap_or_default().to_string();
    assert!(why.contains("(CR-"), "the refusal names its rule: {why}");
    assert!(why.to_lowercase().contains("line of effect"), "{why}");
    shot_at(&c, "s-combat-refused", Some("#combat")).await;

    // Erase the wall again (open ground).
    click(&c, "#grid-edit").await;
    click(&c, "#brush-open").await;
    for y in 0..3 {
        click(&c, &format!("#sq-3-{y}")).await;
    }
    click(&c, "#grid-send").await;
    wait_js(
        &c,
        "wall gone",
        "return !document.querySelector('#grid-editor') && !document.querySelector('#battle-grid .obstacle')",
    )
    .await;

    // Grab the rat: pick it on the grid, send; the Strength test shows in the log.
    pick_act(&c, "grab").await;
    click(&c, "#sq-2-1").await;
    let target = wait_js(
        &c,
        "grab target",
        "const s = document.querySelector('#act-target'); return s && s.value",
    )
    .await;
    assert_eq!(target, "rat");
    let before = log_len(&c).await;
    click(&c, "#combat-act-send").await;
    // The Strength test shows among the command's new lines.
    log_grew_with(&c, "grab rolled", before, "[Ss]trength").await;
    answer_pending(&c).await;
    assert!(
        c.find(Locator::Css("#combat-refusal")).await.is_err(),
        "the grab was taken"
    );
    let budget = text_of(&c, "#combat-budget").await;
    assert!(
        budget.contains("1 maneuver left"),
        "the grab spent one: {budget}"
    );

    // Knockback: the rat, then the square straight away from Vera it is pushed to (the
    // grab's second tier may have moved one of them).
    let at = api_view(&c).await["rules"]["combat"]["creatures"].clone();
    let (vx, vy) = (
        at["vera"]["at"]["x"].as_i64().unwrap_or(0),
        at["vera"]["at"]["y"].as_i64().unwrap_or(0),
    );
    let (rx, ry) = (
        at["rat"]["at"]["x"].as_i64().unwrap_or(0),
        at["rat"]["at"]["y"].as_i64().unwrap_or(0),
    );
    let (px, py) = (rx + (rx - vx).signum(), ry + (ry - vy).signum());
    pick_act(&c, "knockback").await;
    click(&c, &format!("#sq-{rx}-{ry}")).await;
    click(&c, &format!("#sq-{px}-{py}")).await;
    let push = text_of(&c, "#act-push").await;
    assert!(push.contains(&format!("({px}, {py})")), "{push}");
    let before = log_len(&c).await;
    click(&c, "#combat-act-send").await;
    // The Strength test shows among the command's new lines.
    log_grew_with(&c, "knockback rolled", before, "[Ss]trength").await;
    answer_pending(&c).await;
    assert!(
        c.find(Locator::Css("#combat-refusal")).await.is_err(),
        "the knockback was taken"
    );
    let budget = text_of(&c, "#combat-budget").await;
    assert!(
        budget.contains("0 maneuvers left"),
        "two maneuvers spent: {budget}"
    );
    shot_at(&c, "s-combat-after-knockback", Some("#combat")).await;

    // The player's phone shows Vera's controls.
    let phone = phone_browser(&driver, &profiles.path().join("phone")).await;
    phone.goto(&link).await.expect("open player link");
    wait_js(
        &phone,
        "player grid",
        "return document.querySelector('.table-screen.player #battle-grid [data-token=vera]')",
    )
    .await;
    pick_act(&phone, "jump").await;
    let actors = phone
        .execute(
            "return [...document.querySelectorAll('#combat-act-creature option')].map(o => o.value)",
            vec![],
        )
        .await
        .expect("actors");
    assert_eq!(
        actors,
        json!(["vera"]),
        "a player acts for their own crow only"
    );
    let referee_only = phone
        .execute(
            "return [...document.querySelectorAll('#combat-act-kind option')].some(o => o.value === 'force_move')",
            vec![],
        )
        .await
        .expect("kinds");
    assert_eq!(referee_only, json!(false));
    let overflow = phone
        .execute(
            "return document.documentElement.scrollWidth - window.innerWidth",
            vec![],
        )
        .await
        .expect("width");
    assert!(
        overflow.as_i64().unwrap_or(0) <= 0,
        "the phone page scrolls sideways by {overflow}px"
    );
    shot_at(&phone, "s-phone-combat-more", Some("#combat-more")).await;
    shot_at(&phone, "s-phone-combat-grid", Some("#combat")).await;
    phone.close().await.expect("close");
    c.close().await.expect("close");
    srv.stop().await;
}
