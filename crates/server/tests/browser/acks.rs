//! The ACKS screens (issue 20, "Web screens"): a Judge at a desktop and a player on a phone.
//! The sheet from each seat's projection (the Judge sees the monster's card, the player not
//! the hidden monster), a dungeon turn with a listen whose roll the player sees only as
//! "heard / heard nothing" while the Judge sees the face, the turn ended with the light burning
//! down, and a fight: the tracker by initiative count, the Judge's odds from `attack_odds`
//! before the throw, the throw itself, and a player's odds question about a monster refused in
//! words. English and Russian. Screenshots `acks-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use serde_json::{Value, json};

const SAMPLE: &str = include_str!("../../../acks/packs/sample.json");
/// axe-core, the test asset `a11y.rs` uses (never served).
const AXE: &str = include_str!("vendor/axe.min.js");

/// axe's serious and critical violations on the page as it is now (`id: targets`).
async fn axe_serious(c: &Client) -> Vec<String> {
    if js(c, "return typeof window.axe === 'object'").await != json!(true) {
        c.execute(&format!("{AXE}\n;return true"), vec![])
            .await
            .expect("inject axe");
    }
    let found = c
        .execute_async(
            r#"const [done] = arguments;
               axe.run(document, {resultTypes: ['violations']})
                 .then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                   .map(v => v.id + ': ' + v.nodes.slice(0, 6).map(n => n.target.join(' ')).join(', '))))
                 .catch(e => done(['axe-error: ' + e]));"#,
            vec![],
        )
        .await
        .expect("axe.run");
    found
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|v| v.as_str().unwrap_or("?").to_string())
        .collect()
}

fn rules(cmd: Value) -> Value {
    json!({ "rules": cmd })
}

async fn language(c: &Client, lang: &str) {
    select(c, "#lang-select", lang).await;
    wait_js(
        c,
        "language applied",
        &format!("return document.documentElement.lang === '{lang}'"),
    )
    .await;
}

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
    judge.goto(&srv.base).await.expect("open");
    wait_js(
        &judge,
        "lobby",
        "return document.querySelector('#create-table')",
    )
    .await;
    fill(&judge, "#new-name", "Barrow").await;
    fill(&judge, "#new-referee", "Ann").await;
    select(&judge, "#new-ruleset", "acks").await;
    click(&judge, "#create-table").await;
    wait_js(
        &judge,
        "the Judge's acks screen",
        "return document.querySelector('.table-screen.referee[data-ruleset=acks] #acks-party')",
    )
    .await;
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
    for want in ["Sellsword (sample), level 2", "12 of 12", "Strength", "16"] {
        assert!(sheet.contains(want), "{want} in {sheet}");
    }
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
    judge.goto(&srv.base).await.expect("open");
    wait_js(
        &judge,
        "lobby",
        "return document.querySelector('#create-table')",
    )
    .await;
    fill(&judge, "#new-name", "Marches").await;
    fill(&judge, "#new-referee", "Ann").await;
    select(&judge, "#new-ruleset", "acks").await;
    click(&judge, "#create-table").await;
    wait_js(
        &judge,
        "the Judge's acks screen",
        "return document.querySelector('.table-screen.referee[data-ruleset=acks] #acks-party')",
    )
    .await;
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
    click(&judge, "#acks-roll-wind").await;
    wait_js(
        &player,
        "the wind on the player's page",
        "return /Ветер дня/.test(document.querySelector('#acks-wind')?.textContent || '')",
    )
    .await;
    let ship = text_of(&player, "#acks-ship").await;
    assert!(
        ship.contains("малая галера") && ship.contains("80"),
        "{ship}"
    );
}
