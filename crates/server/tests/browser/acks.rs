//! The ACKS screens (issue 20, "Web screens"): a Judge at a desktop and a player on a phone.
//! The sheet from each seat's projection (the Judge sees the monster's card, the player not
//! the hidden monster), a dungeon turn with a listen whose roll the player sees only as
//! "heard / heard nothing" while the Judge sees the face, the turn ended with the light burning
//! down, and a fight: the tracker by initiative count, the Judge's odds from `attack_odds`
//! before the throw, the throw itself, and a player's odds question about a monster refused in
//! words. English and Russian. Screenshots `acks-*.png`. Then the lost wilderness day, and the
//! whole session of issue 20 with a Judge and two players (`acks_full_session_…`).

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use serde_json::json;

const SAMPLE: &str = include_str!("../../../acks/packs/sample.json");

/// The text of the newest line of the dungeon panel's results.
async fn newest_result(c: &Client, event: &str) -> String {
    wait_js(
        c,
        &format!("a {event} result"),
        &format!(
            "const l = document.querySelector('#acks-results li[data-event={event}]'); return l && l.textContent"
        ),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acks_sheet_dungeon_turn_and_attack_odds() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let judge = browser(&driver, &profiles.path().join("judge"), 1280, 900).await;
    table_from_lobby(&judge, Some(&srv.base), "acks", "Barrow", "#acks-party").await;
    // The first load of an acks table: under the README's 200 KB, and no Crows file.
    let loaded = js(
        &judge,
        r#"const nav = performance.getEntriesByType('navigation')[0];
           const all = [nav, ...performance.getEntriesByType('resource')];
           return {files: all.map(e => e.name), transfer: all.reduce((a, e) => a + e.transferSize, 0)};"#,
    )
    .await;
    let transfer = loaded["transfer"].as_f64().unwrap_or(f64::NAN);
    println!("first load (lobby + an acks table): {transfer} bytes transferred");
    assert!(transfer < 200_000.0, "{transfer} bytes");
    let files = loaded["files"].to_string();
    assert!(files.contains("rulesets/acks/index.js"), "{files}");
    assert!(!files.contains("rulesets/crows/"), "{files}");
    let abilities = json!({"strength": 16, "intelligence": 9, "wisdom": 10, "dexterity": 12,
        "constitution": 13, "charisma": 11});
    setup(
        &judge,
        &[
            rules(json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE}]}})),
            rules(
                json!({"add_character": {"id": "brena", "name": "Brena", "class": "sellsword",
                "level": 2, "abilities": abilities, "hp": 12, "armour_class": 4}}),
            ),
            rules(json!({"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 5}})),
            rules(
                json!({"place_door": {"door": "d1", "area": "hall", "material": "wood",
                "state": "stuck", "penalty": 0, "evil": false, "secret": false}}),
            ),
            rules(json!({"place_beyond": {"at": "d1", "creatures": ["rat1"]}})),
            rules(json!({"place_trap": {"trap": "t1", "area": "hall", "pit_ft": 10}})),
        ],
    )
    .await;

    // --- the sheet: the Judge sees both, with the monster's card ---
    wait_js(
        &judge,
        "the sheets",
        "return document.querySelector('#acks-sheet-brena') && document.querySelector('#acks-sheet-rat1 dl')",
    )
    .await;
    let sheet = text_of(&judge, "#acks-sheet-brena").await;
    // The throws come from the server's `sheet`: T-13's 9+ for a level-2 fighter, STR 16's +2,
    // T-19's fighter saves for levels 2–3.
    for want in [
        "Sellsword (sample), level 2",
        "12 of 12",
        "Strength",
        "16",
        "Attack throw",
        "9+ (melee +2, missile 0)",
        "Petrification & Paralysis",
        "14+",
        "Spells",
        "16+",
        "12 of 12 (nonlethal: 0)",
    ] {
        assert!(sheet.contains(want), "{want} in {sheet}");
    }
    assert!(!sheet.contains("Thief skills"), "{sheet}");
    let rat = text_of(&judge, "#acks-sheet-rat1").await;
    assert!(
        rat.contains("1+1*") && rat.contains("hidden from the players"),
        "{rat}"
    );
    shot(&judge, "acks-01-judge-sheet").await;

    // --- a player on a phone: Brena's sheet, no hidden monster ---
    let joined = join_player(&judge, "brena", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    let link = if link.starts_with("http") {
        link
    } else {
        format!("{}{}", srv.base.trim_end_matches('/'), link)
    };
    let player = phone_browser(&driver, &profiles.path().join("player")).await;
    player.goto(&link).await.expect("open player link");
    wait_js(
        &player,
        "the player's acks screen",
        "return document.querySelector('.table-screen.player[data-ruleset=acks] #acks-sheet-brena')",
    )
    .await;
    assert_eq!(
        js(
            &player,
            "return !!document.querySelector('#acks-sheet-rat1')"
        )
        .await,
        json!(false),
        "a hidden monster shows on the player's screen"
    );
    let sheet = text_of(&player, "#acks-sheet-brena").await;
    assert!(sheet.contains("Sellsword (sample), level 2"), "{sheet}");
    shot(&player, "acks-02-player-sheet").await;

    // --- the dungeon turn: the player lights a torch and listens at d1 ---
    click(&player, "#tab-dungeon").await;
    wait_js(
        &player,
        "dungeon tab",
        "return document.querySelector('#acks-listen')",
    )
    .await;
    click(&player, "#acks-light").await;
    wait_js(
        &player,
        "the torch burns",
        "return /torch/.test(document.querySelector('#acks-lights')?.textContent || '')",
    )
    .await;
    fill(&player, "#acks-at", "d1").await;
    click(&player, "#acks-listen").await;
    let heard = newest_result(&player, "listen_result").await;
    assert!(heard.contains("Brena listened at d1"), "{heard}");
    assert!(
        !heard.contains("face") && !heard.contains("is there"),
        "the player's line tells the roll: {heard}"
    );
    // The Judge sees the roll's face and what was there.
    let judged = newest_result(&judge, "listened").await;
    assert!(
        judged.contains("face") && judged.contains("something is there"),
        "{judged}"
    );
    // The log says it in words too, the player's line without the face.
    let line = wait_js(
        &player,
        "the listen's log line",
        "return [...document.querySelectorAll('#log-list li')].map(l => l.textContent).find(t => /listens at d1/.test(t))",
    )
    .await;
    let line = line.as_str().unwrap_or_default();
    assert!(
        line.contains("heard anything") && !line.contains("face"),
        "{line}"
    );
    shot(&player, "acks-03-player-listened").await;

    // A second try at the same door is refused in words (one try per door).
    click(&player, "#acks-listen").await;
    wait_js(
        &player,
        "the refusal",
        "return [...document.querySelectorAll('.toast, [role=alert], #sr-status')].some(e => /one try at listening/i.test(e.textContent))",
    )
    .await;

    // In Russian the same line, still without the face.
    language(&player, "ru").await;
    let heard = newest_result(&player, "listen_result").await;
    assert!(heard.contains("слушает у d1"), "{heard}");
    assert!(!heard.contains("выпало"), "{heard}");
    shot(&player, "acks-04-player-listened-ru").await;

    // The Judge's secret trap check: the player learns of it only if it springs.
    fill(&judge, "#acks-trap", "t1").await;
    click(&judge, "#acks-trap-check").await;
    let checked = wait_js(
        &judge,
        "the trap check's log line",
        "return [...document.querySelectorAll('#log-list li')].map(l => l.textContent).find(t => /Trap t1 checked/.test(t))",
    )
    .await;
    if checked.as_str().unwrap_or_default().contains("springs: no") {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        assert_eq!(
            js(
                &player,
                "return /t1/.test(document.querySelector('main').textContent)"
            )
            .await,
            json!(false),
            "the player learns of a trap that did not spring"
        );
    }

    // The Judge ends the turn: the turn count moves, the torch burns down.
    let before = text_of(&judge, "#acks-lights").await;
    click(&judge, "#acks-start-turns").await;
    wait_js(
        &judge,
        "turns counted",
        "return document.querySelector('#acks-end-turn')",
    )
    .await;
    click(&judge, "#acks-end-turn").await;
    wait_js(
        &judge,
        "turn 1",
        "return /Turns ended: 1/.test(document.querySelector('#acks-turn')?.textContent || '')",
    )
    .await;
    let after = text_of(&judge, "#acks-lights").await;
    assert_ne!(before, after, "the light burns down");
    wait_js(
        &player,
        "ход 1 for the player",
        "return /Ходов прошло: 1/.test(document.querySelector('#acks-turn')?.textContent || '')",
    )
    .await;

    // --- combat: the Judge reveals the rat and begins; initiative by count ---
    click(&judge, "#acks-reveal-rat1").await;
    wait_js(
        &player,
        "the rat shown to the player",
        "return document.querySelector('#acks-sheet-rat1')",
    )
    .await;
    click(&judge, "#acks-begin").await;
    wait_js(
        &judge,
        "declarations",
        "return document.querySelector('#acks-initiative')",
    )
    .await;
    click(&judge, "#acks-initiative").await;
    wait_js(
        &judge,
        "the attack form",
        "return document.querySelector('#acks-tracker tr.acting') && document.querySelector('#acks-odds')",
    )
    .await;
    let tracker = text_of(&judge, "#acks-tracker").await;
    assert!(
        tracker.contains("Brena") && tracker.contains("rat1"),
        "{tracker}"
    );
    // The Judge asks the odds for whoever acts now, then throws.
    click(&judge, "#acks-odds").await;
    let odds = wait_js(
        &judge,
        "the odds",
        "const o = document.querySelector('#acks-odds-out'); return o && o.textContent",
    )
    .await;
    let odds = odds.as_str().unwrap_or_default().to_string();
    assert!(
        odds.contains("Throw needed on 1d20") && odds.contains("chance to hit"),
        "{odds}"
    );
    shot(&judge, "acks-05-judge-odds").await;
    click(&judge, "#acks-attack").await;
    let attacked = wait_js(
        &judge,
        "the attack's line",
        "const l = document.querySelector('#acks-attacks li'); return l && l.textContent",
    )
    .await;
    assert!(
        attacked.as_str().unwrap_or_default().contains("needed"),
        "{attacked}"
    );

    // The player's odds question about a monster is the Judge's: refused, in Russian words.
    click(&player, "#tab-combat").await;
    let acting = wait_js(
        &player,
        "the player's tracker",
        "return document.querySelector('#acks-tracker') && true",
    )
    .await;
    assert_eq!(acting, json!(true));
    select(&player, "#acks-target", "rat1").await;
    click(&player, "#acks-odds").await;
    let refused = wait_js(
        &player,
        "the refused odds",
        "const o = document.querySelector('#acks-odds-out'); return o && o.textContent",
    )
    .await;
    assert!(
        refused.as_str().unwrap_or_default().contains("Судья"),
        "{refused}"
    );
    shot(&player, "acks-06-player-combat-ru").await;
    // No serious or critical accessibility violation on either screen (the player's combat
    // and party tabs on the phone, in Russian; the Judge's desktop page, in English).
    let mut problems = axe_serious(&player).await;
    click(&player, "#tab-party").await;
    // The sheet in Russian: бросок атаки, спасброски.
    let sheet = text_of(&player, "#acks-sheet-brena").await;
    for want in [
        "Бросок атаки",
        "9+",
        "Спасброски",
        "Окаменение и паралич",
        "14+",
    ] {
        assert!(sheet.contains(want), "{want} in {sheet}");
    }
    problems.extend(axe_serious(&player).await);
    problems.extend(axe_serious(&judge).await);
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    // The Judge's morale check for the rat and a mortal-wound roll with its breakdown.
    click(&judge, "#acks-morale").await;
    wait_js(
        &judge,
        "the morale result",
        "return document.querySelector('#acks-morale-out')",
    )
    .await;
    // Brena stands at full hit points: the treatment is refused, in the Judge's words.
    select(&judge, "#acks-wounded", "brena").await;
    click(&judge, "#acks-treat").await;
    wait_js(
        &judge,
        "the refused treatment",
        "return [...document.querySelectorAll('.toast, [role=alert], #sr-status')].some(e => /no mortal wound/i.test(e.textContent))",
    )
    .await;
    shot(&judge, "acks-07-judge-combat").await;
}

/// The wilderness day (issue 20, "then a wilderness day that gets lost"): the Judge moves the
/// party a day along a road, then makes it lost by setting its true hex; the player's phone
/// shows only the hex the party believes it is in, in both languages, while the Judge's page
/// shows both. The sheet shows XP and this adventure's cap. Screenshots `acks-wild-*.png`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acks_wilderness_day_lost_party_player_sees_the_believed_hex_only() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let judge = browser(&driver, &profiles.path().join("judge"), 1280, 900).await;
    table_from_lobby(&judge, Some(&srv.base), "acks", "Marches", "#acks-party").await;
    let abilities = json!({"strength": 12, "intelligence": 9, "wisdom": 10, "dexterity": 12,
        "constitution": 13, "charisma": 11});
    // A road runs north from the origin through woods; hills to the east.
    let mut hexes = Vec::new();
    for r in -8..=0 {
        hexes.push(json!({"q": 0, "r": r, "terrain": "woods", "road": true}));
        hexes.push(json!({"q": 1, "r": r, "terrain": "hills"}));
    }
    // A swamp the players' map does not show.
    hexes.push(json!({"q": 2, "r": -5, "terrain": "swamp", "shown": false}));
    setup(
        &judge,
        &[
            rules(json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE}]}})),
            rules(
                json!({"add_character": {"id": "brena", "name": "Brena", "class": "sellsword",
                "level": 1, "abilities": abilities, "hp": 8}}),
            ),
            rules(json!({"set_xp": {"character": "brena", "xp": 1500}})),
            rules(json!({"set_hexes": {"hexes": hexes}})),
            rules(json!({"place_party": {"q": 0, "r": 0}})),
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
    let player = phone_browser(&driver, &profiles.path().join("player")).await;
    player.goto(&link).await.expect("open player link");
    wait_js(
        &player,
        "the player's sheet",
        "return document.querySelector('.table-screen.player[data-ruleset=acks] #acks-sheet-brena .acks-xp-cap')",
    )
    .await;
    // XP on the sheet: 1,500 of the 2,000 for level 2, at most 3,999 after this adventure.
    let xp = text_of(&player, "#acks-sheet-brena .acks-xp").await;
    for want in ["500", "000", "999"] {
        assert!(xp.contains(want), "{want} in {xp}");
    }

    // --- the Judge: a day along the road (36 miles in 6-mile hexes: 6 hexes north) ---
    wait_js(
        &judge,
        "the wilderness panel",
        "return document.querySelector('#acks-travel')",
    )
    .await;
    click(&judge, "#acks-following").await;
    click(&judge, "#acks-travel").await;
    wait_js(
        &judge,
        "the party moved",
        "return /0, -6/.test(document.querySelector('#acks-wild-believed')?.textContent || '')",
    )
    .await;
    // --- the Judge makes the party lost: truly in the hidden swamp, straying one side ---
    fill(&judge, "#acks-q", "2").await;
    fill(&judge, "#acks-r", "-5").await;
    fill(&judge, "#acks-drift", "1").await;
    click(&judge, "#acks-true-course").await;
    let truth = wait_js(
        &judge,
        "the true hex on the Judge's page",
        "const e = document.querySelector('#acks-wild-true'); return e && /2, -5/.test(e.textContent) && e.textContent",
    )
    .await;
    assert!(
        truth.as_str().unwrap_or_default().contains("lost"),
        "{truth}"
    );
    let marked = text_of(&judge, "#acks-hexes li[data-hex='2,-5']").await;
    assert!(marked.contains("truly here"), "{marked}");
    shot(&judge, "acks-wild-01-judge-lost").await;

    // --- the player: only the believed hex, nowhere the true one ---
    click(&player, "#tab-wilderness").await;
    let believed = wait_js(
        &player,
        "the believed hex",
        "const e = document.querySelector('#acks-wild-believed'); return e && /0, -6/.test(e.textContent) && e.textContent",
    )
    .await;
    assert!(
        believed.as_str().unwrap_or_default().contains("believes"),
        "{believed}"
    );
    // Give the live update time to arrive, then look everywhere on the page.
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    let page = js(&player, "return document.body.textContent").await;
    let page = page.as_str().unwrap_or_default();
    for leak in ["2, -5", "truly here", "swamp", "true hex"] {
        assert!(!page.contains(leak), "the player's page shows `{leak}`");
    }
    let panel = text_of(&player, "#acks-wilderness").await;
    assert!(!panel.contains("lost"), "{panel}");
    assert_eq!(
        js(
            &player,
            "return !!document.querySelector('#acks-wild-true, #acks-true-course')"
        )
        .await,
        json!(false)
    );
    let party_hex = text_of(&player, "#acks-hexes li.party").await;
    assert!(party_hex.starts_with("0, -6"), "{party_hex}");
    shot(&player, "acks-wild-02-player-believed").await;
    language(&player, "ru").await;
    let believed = wait_js(
        &player,
        "the believed hex in Russian",
        "const e = document.querySelector('#acks-wild-believed'); return e && /Где отряд считает себя/.test(e.textContent) && e.textContent",
    )
    .await;
    assert!(
        believed.as_str().unwrap_or_default().contains("0, -6"),
        "{believed}"
    );
    let page = js(&player, "return document.body.textContent").await;
    assert!(!page.as_str().unwrap_or_default().contains("2, -5"));
    shot(&player, "acks-wild-03-player-believed-ru").await;

    // The Judge lets the party find its way: now the player sees where it truly is.
    click(&judge, "#acks-found-way").await;
    wait_js(
        &player,
        "the found way",
        "return /2, -5/.test(document.querySelector('#acks-wild-believed')?.textContent || '')",
    )
    .await;

    // Aboard a small galley: the Judge rolls the day's wind; the player sees ship and wind.
    setup(
        &judge,
        &[rules(
            json!({"set_ship": {"vessel": "small_galley", "shp": 80}}),
        )],
    )
    .await;
    tab(&judge, "sea").await;
    click(&judge, "#acks-voyage-roll-wind").await;
    tab(&player, "sea").await;
    wait_js(
        &player,
        "the wind on the player's page",
        "const w = document.querySelector('#acks-voyage-wind'); return !!w && w.textContent.trim() !== '' && !w.textContent.includes('не брошен')",
    )
    .await;
    let ship = text_of(&player, "#acks-voyage-ship").await;
    assert!(
        ship.contains("малая галера") && ship.contains("80"),
        "{ship}"
    );
}

/// The page's whole text (hidden tabs included), for what must not be anywhere on it.
async fn page_text(c: &Client) -> String {
    js(c, "return document.body.textContent")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Opens a seat's invite link in a new browser of the given size (`None`: a phone).
pub(crate) async fn seat(
    driver: &Driver,
    dir: &std::path::Path,
    judge: &Client,
    base: &str,
    character: &str,
    name: &str,
    size: Option<(u32, u32)>,
) -> Client {
    let joined = join_player(judge, character, name).await;
    let link = joined["link"].as_str().expect("link").to_string();
    let link = if link.starts_with("http") {
        link
    } else {
        format!("{}{}", base.trim_end_matches('/'), link)
    };
    let c = match size {
        Some((w, h)) => browser(driver, dir, w, h).await,
        None => phone_browser(driver, dir).await,
    };
    c.goto(&link).await.expect("open player link");
    wait_js(
        &c,
        "the player's acks screen",
        &format!(
            "return document.querySelector('.table-screen.player[data-ruleset=acks] #acks-sheet-{character}')"
        ),
    )
    .await;
    c
}

/// Issue 20's whole session: a Judge (desktop, English) and two players — Bob on a phone in
/// Russian for Brena, Cara at a desktop in English for Odo — play a dungeon turn (a stuck door
/// forced, a pit trap sprung by the Judge's secret die), an encounter the Judge starts from
/// the encounter panel (the players see nothing of it until its open surprise roll; the
/// reaction stays the Judge's), a fight with declarations, initiative by count, a kill that
/// earns a cleave and the cleave itself, the monsters' morale check, a mortal wound treated
/// with its breakdown, and then a wilderness day that gets the party lost (the players see
/// only the hex they believe in). Physical dice (`?faces=`) wherever the script needs an
/// outcome. Screenshots `acks-full-*.png`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acks_full_session_judge_and_two_players_dungeon_encounter_fight_and_lost_day() {
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
        "Barrow of the full session",
        "#acks-party",
    )
    .await;
    let strong = json!({"strength": 16, "intelligence": 9, "wisdom": 10, "dexterity": 10,
        "constitution": 13, "charisma": 13});
    let nimble = json!({"strength": 10, "intelligence": 12, "wisdom": 10, "dexterity": 10,
        "constitution": 10, "charisma": 10});
    let mut hexes = Vec::new();
    for q in -3..=3 {
        for r in -6..=2 {
            hexes.push(json!({"q": q, "r": r, "terrain": "woods"}));
        }
    }
    setup(
        &judge,
        &[
            rules(json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE}]}})),
            rules(
                json!({"add_character": {"id": "brena", "name": "Brena", "class": "sellsword",
                "level": 2, "abilities": strong, "hp": 12, "armour_class": 4}}),
            ),
            rules(
                json!({"add_character": {"id": "odo", "name": "Odo", "class": "lockbreaker",
                "level": 3, "abilities": nimble, "hp": 3, "armour_class": 2}}),
            ),
            rules(json!({"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 3}})),
            rules(json!({"add_monster": {"id": "rat2", "card": "gloom_rat", "hp": 3}})),
            rules(
                json!({"place_door": {"door": "d1", "area": "hall", "material": "wood",
                "state": "stuck", "penalty": 0, "evil": false, "secret": false}}),
            ),
            rules(json!({"place_trap": {"trap": "t1", "area": "hall", "pit_ft": 10}})),
            rules(json!({"set_hexes": {"hexes": hexes}})),
            rules(json!({"place_party": {"q": 0, "r": 0}})),
            // The players bring their own dice too (the table's option).
            json!({"set_option": {"players_physical_dice": true}}),
        ],
    )
    .await;
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
    // Odo's sheet on Cara's desktop: a thief's skills from T-22, level 3.
    let sheet = text_of(&cara, "#acks-sheet-odo").await;
    for want in ["Thief skills", "Open Locks", "16+", "Hear Noise", "12+"] {
        assert!(sheet.contains(want), "{want} in {sheet}");
    }

    // --- the dungeon turn: Brena forces the stuck door (a 20), the pit springs (1, then 3) ---
    tab(&judge, "dungeon").await;
    tab(&bob, "dungeon").await;
    tab(&cara, "dungeon").await;
    click(&judge, "#acks-start-turns").await;
    wait_js(
        &judge,
        "turns counted",
        "return document.querySelector('#acks-end-turn')",
    )
    .await;
    api_with_faces(
        &bob,
        rules(json!({"force_door": {"characters": ["brena"], "door": "d1"}})),
        "20",
    )
    .await;
    let forced = newest_result(&bob, "door_forced").await;
    assert!(forced.contains("d1"), "{forced}");
    let forced = newest_result(&cara, "door_forced").await;
    assert!(forced.contains("d1"), "{forced}");
    api_with_faces(
        &judge,
        rules(json!({"trap_check": {"trap": "t1", "character": "brena"}})),
        "1,3",
    )
    .await;
    let sprung = newest_result(&cara, "trap_sprung").await;
    assert!(
        sprung.contains("Brena") && sprung.contains("t1"),
        "{sprung}"
    );
    wait_js(
        &cara,
        "Brena's fall on her sheet",
        "return /9 of 12/.test(document.querySelector('#acks-sheet-brena')?.textContent || '')",
    )
    .await;
    click(&judge, "#acks-end-turn").await;
    wait_js(
        &bob,
        "turn 1 on Bob's phone",
        "return /Ходов прошло: 1/.test(document.querySelector('#acks-turn')?.textContent || '')",
    )
    .await;
    shot(&bob, "acks-full-01-dungeon-ru").await;

    // --- the encounter: the Judge starts it from the panel; the players learn nothing yet ---
    wait_js(
        &judge,
        "the encounter panel",
        "return document.querySelector('#acks-enc-m-rat1')",
    )
    .await;
    click(&judge, "#acks-enc-m-rat1").await;
    click(&judge, "#acks-enc-m-rat2").await;
    fill(&judge, "#acks-enc-distance-ft", "40").await;
    click(&judge, "#acks-enc-start").await;
    let distance = wait_js(
        &judge,
        "the encounter's distance",
        "const e = document.querySelector('#acks-enc-distance'); return e && e.textContent",
    )
    .await;
    assert!(
        distance.as_str().unwrap_or_default().contains("40"),
        "{distance}"
    );
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    for p in [&bob, &cara] {
        assert_eq!(
            js(p, "return !!document.querySelector('#acks-encounter-none')").await,
            json!(true),
            "a player learns of an encounter the Judge has only begun"
        );
        let page = page_text(p).await;
        assert!(
            !page.contains("Gloom rat"),
            "a hidden monster on a player's page"
        );
    }
    // Surprise: the party's die in the open (6: nobody), the monsters' secret (6: neither).
    api_with_faces(&judge, rules(json!({"roll_surprise": {}})), "6,6").await;
    let seen = wait_js(
        &cara,
        "the open surprise roll",
        "const e = document.querySelector('#acks-enc-party-surprised'); return e && e.textContent",
    )
    .await;
    assert_eq!(seen, json!("—"));
    // The reaction: the Judge's secret 2d6 from the panel, then settled as hostile.
    select(&judge, "#acks-enc-leader", "brena").await;
    click(&judge, "#acks-enc-reaction-roll").await;
    wait_js(
        &judge,
        "the Judge's reaction",
        "return document.querySelector('#acks-enc-judged')",
    )
    .await;
    select(&judge, "#acks-enc-judged", "hostile").await;
    click(&judge, "#acks-enc-judge").await;
    wait_js(
        &judge,
        "the settled reaction",
        "return /hostile, attacks/.test(document.querySelector('#acks-enc-reaction')?.textContent || '')",
    )
    .await;
    shot_at(
        &judge,
        "acks-full-02-judge-encounter",
        Some("#acks-encounter"),
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    for p in [&bob, &cara] {
        assert_eq!(
            js(
                p,
                "return !!document.querySelector('#acks-enc-reaction, #acks-enc-distance, #acks-enc-start')"
            )
            .await,
            json!(false),
            "the Judge's encounter figures on a player's page"
        );
        let page = page_text(p).await;
        for leak in ["hostile", "враждебн", "40 feet", "40 фут"] {
            assert!(!page.contains(leak), "`{leak}` on a player's page");
        }
    }
    let enc = text_of(&bob, "#acks-encounter").await;
    assert!(enc.contains("Столкновение"), "{enc}");
    shot_at(
        &bob,
        "acks-full-03-player-encounter-ru",
        Some("#acks-encounter"),
    )
    .await;

    // --- the fight: the rats shown, declarations, then initiative by count ---
    click(&judge, "#acks-reveal-rat1").await;
    click(&judge, "#acks-reveal-rat2").await;
    setup(
        &judge,
        &[rules(
            json!({"begin_combat": {"combatants": ["brena", "odo", "rat1", "rat2"]}}),
        )],
    )
    .await;
    tab(&cara, "combat").await;
    wait_js(
        &cara,
        "Cara's declaration form",
        "return document.querySelector('#acks-declaration')",
    )
    .await;
    select(&cara, "#acks-declaration", "fighting_withdrawal").await;
    click(&cara, "#acks-declare").await;
    wait_js(
        &judge,
        "Odo's declaration in the Judge's tracker",
        "return /Fighting withdrawal|fighting withdrawal/i.test(document.querySelector('#acks-tracker tr[data-creature=odo]')?.textContent || '')",
    )
    .await;
    // Initiative: Brena 6, Odo 2, rat1 4, rat2 1.
    api_with_faces(&judge, rules(json!({"roll_initiative": {}})), "6,2,4,1").await;
    tab(&judge, "combat").await;
    let order = wait_js(
        &judge,
        "the tracker by count",
        "const rows = [...document.querySelectorAll('#acks-tracker tbody tr')]; return rows.length === 4 && rows[0].textContent.startsWith('6') && rows.map(r => r.dataset.creature)",
    )
    .await;
    assert_eq!(order, json!(["brena", "rat1", "odo", "rat2"]));
    // Brena fells rat1 (a natural 20, 8 + STR 2) and earns a cleave; she cleaves at rat2 (2: a
    // miss).
    api_with_faces(
        &bob,
        rules(json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8"}})),
        "20,8",
    )
    .await;
    api_with_faces(
        &bob,
        rules(json!({"attack": {"attacker": "brena", "target": "rat2", "weapon": "1d8"}})),
        "2",
    )
    .await;
    let cleave = wait_js(
        &judge,
        "the cleave on the Judge's page",
        "const l = [...document.querySelectorAll('#acks-attacks li')]; return l.length >= 2 && l.some(x => /earns a cleave/.test(x.textContent)) && l.some(x => x.querySelector('.acks-cleave')) && l.map(x => x.textContent)",
    )
    .await;
    assert!(cleave.to_string().contains("Strength"), "{cleave}");
    tab(&bob, "combat").await;
    wait_js(
        &bob,
        "the attacks on Bob's phone",
        "return document.querySelectorAll('#acks-attacks li').length >= 2",
    )
    .await;
    shot_at(&bob, "acks-full-04-player-cleave-ru", Some("#acks-attacks")).await;
    // Brena's count ends: rat1 falls, the monsters' first death calls for morale.
    setup(&judge, &[json!({"clock": "end_turn"})]).await;
    setup(&judge, &[json!({"clock": "end_turn"})]).await;
    // rat2's count: its bite drops Odo (a natural 20, 4).
    api_with_faces(
        &judge,
        rules(json!({"attack": {"attacker": "rat2", "target": "odo"}})),
        "20,4",
    )
    .await;
    wait_js(
        &cara,
        "Odo down on Cara's sheet",
        "return /-1 of 3/.test(document.querySelector('#acks-sheet-odo')?.textContent || '') || /−1 of 3/.test(document.querySelector('#acks-sheet-odo')?.textContent || '')",
    )
    .await;
    // The Judge's morale check for rat2 and Odo's mortal-wound treatment with its breakdown.
    select(&judge, "#acks-morale-who", "rat2").await;
    click(&judge, "#acks-morale").await;
    wait_js(
        &judge,
        "the morale result",
        "return document.querySelector('#acks-morale-out')",
    )
    .await;
    select(&judge, "#acks-wounded", "odo").await;
    click(&judge, "#acks-treat").await;
    let breakdown = wait_js(
        &judge,
        "the mortal wound's breakdown",
        "const e = document.querySelector('#acks-breakdown'); return e && e.textContent",
    )
    .await;
    assert!(
        breakdown.as_str().unwrap_or_default().contains("Odo"),
        "{breakdown}"
    );
    shot_at(&judge, "acks-full-05-judge-fight", Some("#acks-combat")).await;
    click(&judge, "#acks-end-fight").await;
    wait_js(
        &judge,
        "the fight over",
        "return document.querySelector('#acks-begin') || /No fight/i.test(document.querySelector('#acks-combat')?.textContent || '')",
    )
    .await;
    tab(&judge, "dungeon").await;
    fill(&judge, "#acks-enc-rounds", "3").await;
    click(&judge, "#acks-enc-end").await;
    wait_js(
        &cara,
        "the encounter over for Cara",
        "return !!document.querySelector('#acks-encounter-none')",
    )
    .await;

    // --- a wilderness day that gets lost: the navigation throw 2 (woods: 7+), the d6 4 ---
    api_with_faces(
        &judge,
        rules(json!({"travel_day": {"toward": "north"}})),
        "2,4",
    )
    .await;
    tab(&judge, "wilderness").await;
    let truth = wait_js(
        &judge,
        "the Judge's true hex",
        "const e = document.querySelector('#acks-wild-true'); return e && /lost/.test(e.textContent) && e.textContent",
    )
    .await;
    let truth = truth.as_str().unwrap_or_default().to_string();
    tab(&bob, "wilderness").await;
    tab(&cara, "wilderness").await;
    for p in [&bob, &cara] {
        wait_js(
            p,
            "the believed hex",
            "return /0, -2/.test(document.querySelector('#acks-wild-believed')?.textContent || '')",
        )
        .await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    assert!(!truth.contains("0, -2"), "{truth}");
    for p in [&bob, &cara] {
        assert_eq!(
            js(p, "return !!document.querySelector('#acks-wild-true')").await,
            json!(false)
        );
        let panel = text_of(p, "#acks-wilderness").await;
        for leak in ["lost", "заблуд", "truly here", "на самом деле"] {
            assert!(!panel.contains(leak), "`{leak}` in {panel}");
        }
        let party = text_of(p, "#acks-hexes li.party").await;
        assert!(party.starts_with("0, -2"), "{party}");
    }
    shot_at(
        &bob,
        "acks-full-06-player-lost-day-ru",
        Some("#acks-wilderness"),
    )
    .await;
    shot_at(
        &cara,
        "acks-full-07-player-lost-day",
        Some("#acks-wilderness"),
    )
    .await;
    let mut problems = axe_serious(&bob).await;
    problems.extend(axe_serious(&judge).await);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// AC-GEN-02/03 in the browser: the Judge's Tables panel lists the campaign's tables, replaces
/// a row of T-09 from its JSON (refusing text that is not JSON in words), and enters a class's
/// XP table past T-25, which the player's sheet then reads. The player, on a phone in Russian,
/// has no Tables panel and never downloads it. axe-core on the Judge's panel.
#[tokio::test(flavor = "multi_thread")]
async fn ac_gen_02_the_judge_replaces_a_table_row_and_enters_an_xp_table_in_the_browser() {
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
        "House rules",
        "#acks-party",
    )
    .await;
    let abilities = json!({"strength": 10, "intelligence": 12, "wisdom": 10, "dexterity": 13,
        "constitution": 11, "charisma": 10});
    setup(
        &judge,
        &[
            rules(json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE}]}})),
            rules(
                json!({"add_character": {"id": "sefa", "name": "Sefa", "class": "wood_warden",
                "level": 1, "abilities": abilities, "hp": 6}}),
            ),
        ],
    )
    .await;

    // --- the Judge's tables ---
    click(&judge, "#acks-tables-load").await;
    wait_js(
        &judge,
        "the list of tables",
        "return document.querySelector('#acks-table-pick option[value=t24_ram]')",
    )
    .await;
    let ram = text_of(&judge, "#acks-table-pick option[value=t24_ram]").await;
    assert!(
        ram.contains("T-24") && ram.contains("not in the book"),
        "{ram}"
    );
    select(&judge, "#acks-table-pick", "t09_surprise").await;
    wait_js(
        &judge,
        "T-09's rows",
        "return document.querySelector('#acks-table-rows caption')?.textContent.includes('T-09')",
    )
    .await;
    let rows = text_of(&judge, "#acks-table-rows").await;
    assert!(rows.contains("..=2") && rows.contains("yes"), "{rows}");
    click(
        &judge,
        "#acks-table-rows tbody tr:first-child .acks-row-edit",
    )
    .await;
    // Not JSON: refused in words before anything is sent.
    fill(
        &judge,
        "#acks-row-json",
        "{\"total\": \"..=3\", surprised: true",
    )
    .await;
    click(&judge, "#acks-row-replace").await;
    let note = wait_js(
        &judge,
        "the JSON error",
        "return document.querySelector('#acks-tables-note.inv-error')?.textContent",
    )
    .await;
    assert!(note.as_str().unwrap_or("").contains("not JSON"), "{note}");
    // A row that does not fit the columns: the server's refusal, in words.
    fill(&judge, "#acks-row-json", "{\"total\": 3}").await;
    click(&judge, "#acks-row-replace").await;
    wait_js(
        &judge,
        "the refusal",
        "return document.querySelector('#acks-tables-note.inv-error')?.textContent.includes('row')",
    )
    .await;
    fill(
        &judge,
        "#acks-row-json",
        "{\"total\": \"..=3\", \"surprised\": true}",
    )
    .await;
    click(&judge, "#acks-row-replace").await;
    wait_js(
        &judge,
        "the row replaced",
        "return document.querySelector('#acks-table-rows tbody tr.acks-row-changed')?.textContent.includes('..=3')",
    )
    .await;
    let note = text_of(&judge, "#acks-tables-note").await;
    assert!(note.contains("T-09") && note.contains("row 1"), "{note}");

    // --- a class's XP table past T-25 ---
    select(&judge, "#acks-xp-class", "wood_warden").await;
    fill(&judge, "#acks-xp-thresholds", "4000, 8000, 16000").await;
    click(&judge, "#acks-xp-save").await;
    wait_js(
        &judge,
        "the XP table entered",
        "return document.querySelector('#acks-xp-entered')?.textContent.includes('4000, 8000, 16000')",
    )
    .await;
    let found = axe_serious(&judge).await;
    assert!(found.is_empty(), "axe on the Judge's tables: {found:?}");
    shot_at(&judge, "acks-tables-judge", Some("#acks-tables")).await;

    // --- the player: the sheet reads the Judge's XP table; no Tables panel ---
    let player = seat(
        &driver,
        &profiles.path().join("player"),
        &judge,
        &srv.base,
        "sefa",
        "Bob",
        None,
    )
    .await;
    language(&player, "ru").await;
    let xp = wait_js(
        &player,
        "the next level's XP on the sheet",
        "const x = document.querySelector('#acks-sheet-sefa .acks-xp'); return x && x.textContent.replace(/\\D/g, '').includes('4000') && x.textContent",
    )
    .await;
    println!("player's XP line: {xp}");
    let none = js(
        &player,
        r#"return {panel: !!document.querySelector('#acks-tables'),
                   loaded: performance.getEntriesByType('resource').some(e => e.name.includes('rulesets/acks/tables.js'))}"#,
    )
    .await;
    assert_eq!(none, json!({"panel": false, "loaded": false}));
    player.close().await.ok();
    judge.close().await.ok();
}

/// AC-EX-03 and AC-EX-06 from the Judge's encounter panel: an outdoors encounter in light
/// woods with a 12-ft ettin (the rolled yards doubled, the Judge's alone), then the party's
/// evasion rolled by the Judge (outdoors the player has no Flee button); the player sees only
/// whether the party got away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ac_ex_03_and_06_an_ettin_in_light_woods_and_the_judges_evasion_roll() {
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
        "Light woods",
        "#acks-party",
    )
    .await;
    let ettin = json!({"monsters": [{"id": "ettin", "name": "Ettin (test)", "hit_dice": "10",
        "armour_class": 3, "speed_ft": 120, "attacks": [{"name": "club", "damage": "2d6"}],
        "morale": 1, "save_as": {"class": "fighter", "level": 10},
        "number_appearing": {"dungeon_wandering": "1d1", "wilderness_wandering": "1d2"}}]});
    let abilities = json!({"strength": 10, "intelligence": 10, "wisdom": 10, "dexterity": 10,
        "constitution": 10, "charisma": 10});
    setup(
        &judge,
        &[
            rules(
                json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE},
                {"name": "ettin.json", "text": ettin.to_string()}]}}),
            ),
            rules(
                json!({"add_character": {"id": "brena", "name": "Brena", "class": "sellsword",
                "level": 2, "abilities": abilities, "hp": 12}}),
            ),
            rules(json!({"add_monster": {"id": "ettin", "card": "ettin", "hp": 50}})),
        ],
    )
    .await;
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
    tab(&judge, "dungeon").await;
    tab(&bob, "dungeon").await;
    wait_js(
        &judge,
        "the encounter panel",
        "return document.querySelector('#acks-enc-m-ettin')",
    )
    .await;
    click(&judge, "#acks-enc-m-ettin").await;
    select(&judge, "#acks-enc-terrain", "light_forest").await;
    wait_js(
        &judge,
        "the height field",
        "return document.querySelector('#acks-enc-height')",
    )
    .await;
    fill(&judge, "#acks-enc-height", "12").await;
    click(&judge, "#acks-enc-start").await;
    let distance = wait_js(
        &judge,
        "the encounter's distance in yards",
        "const e = document.querySelector('#acks-enc-distance'); return e && /yards/.test(e.textContent) && e.textContent",
    )
    .await;
    let text = distance.as_str().unwrap_or_default().to_string();
    let numbers: Vec<u32> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    // 5d8 rolled (5–40), doubled for the ettin twice a man's height.
    assert_eq!(numbers.len(), 2, "{text}");
    assert_eq!(numbers[0], numbers[1] * 2, "{text}");
    assert!((5..=40).contains(&numbers[1]), "{text}");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(
        js(
            &bob,
            "return !!document.querySelector('#acks-encounter-none')"
        )
        .await,
        json!(true),
        "a player learns of an encounter the Judge has only begun"
    );
    // The ettin steps out; the Judge rolls the evasion (a physical natural 20 always escapes).
    api_command(&judge, rules(json!({"reveal": {"creature": "ettin"}}))).await;
    wait_js(
        &bob,
        "the encounter on the player's phone",
        "return document.querySelector('#acks-encounter-state')",
    )
    .await;
    assert_eq!(
        js(&bob, "return !!document.querySelector('#acks-enc-flee')").await,
        json!(false),
        "outdoors the player's Flee button is gone"
    );
    wait_js(
        &judge,
        "the Judge's evasion button",
        "return document.querySelector('#acks-enc-evade')",
    )
    .await;
    api_with_faces(
        &judge,
        rules(json!({"evade_in_wilderness": {"characters": ["brena"]}})),
        "20",
    )
    .await;
    let fled = wait_js(
        &bob,
        "the flight on the player's phone",
        "const e = document.querySelector('#acks-encounter-state'); return e && /Fleeing/.test(e.textContent) && e.textContent",
    )
    .await;
    assert!(fled.as_str().unwrap_or_default().contains("true"), "{fled}");
    let page = page_text(&bob).await;
    for leak in ["yards", "needing"] {
        assert!(!page.contains(leak), "`{leak}` on a player's page");
    }
    shot_at(&judge, "acks-ex-03-06-judge", Some("#acks-encounter")).await;
    bob.close().await.ok();
    judge.close().await.ok();
}
