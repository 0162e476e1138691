//! The D&D 2024 screens (issue 22, "Web screens"): a Referee and a player at a `dnd2024`
//! table. The player's character sheet (abilities, saves, skills, AC, Hit Points, Hit Point
//! Dice, Exhaustion, spell slots, Concentration, a condition whose unseen source stays
//! unnamed), the Referee's monster stat block that the player never gets, the d20 panel's
//! exact odds from the server before the roll, the turn budget in a fight and the urgent
//! Opportunity Attack prompt with its default and timeout, a Short Rest and a Hit Point Die
//! spent after it, an area of effect previewed on the grid and placed — in English and Russian, at
//! desktop and phone widths, with no serious axe-core finding. Screenshots `d-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::{api_view, join_player, js, setup};
use fantoccini::Client;
use serde_json::{Value, json};

/// A dnd2024 table made in the lobby; returns once the Referee's screen shows.
async fn dnd_table(c: &Client, base: &str) {
    c.goto(base).await.expect("open");
    wait_js(c, "lobby", "return document.querySelector('#create-table')").await;
    fill(c, "#new-name", "Keep").await;
    fill(c, "#new-referee", "Ann").await;
    select(c, "#new-ruleset", "dnd2024").await;
    click(c, "#create-table").await;
    wait_js(
        c,
        "dnd2024 screen",
        "return document.querySelector('.table-screen.referee[data-ruleset=dnd2024] #dnd-no-sheet')",
    )
    .await;
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

fn vera() -> Value {
    json!({"rules": {"add_creature": {"creature": {"id": "vera", "name": "Vera", "kind": "character",
        "abilities": {"strength": 10, "dexterity": 14, "constitution": 12, "intelligence": 10,
          "wisdom": 13, "charisma": 8},
        "proficiency_bonus": 2, "saving_throws": ["dexterity"], "skills": ["stealth"],
        "armor_class": 14, "hit_points": 12, "hit_dice": {"count": 2, "sides": 8},
        "speed": {"walk": 30}, "spell_slots": [2, 1],
        "attacks": [{"name": "Rapier", "bonus": 4, "reach_ft": 5,
          "damage": [{"dice": "1d8+2", "damage_type": "piercing"}]}]}}}})
}

fn goblin() -> Value {
    json!({"rules": {"add_pack_creature": {"id": "gob1", "creature": {"id": "goblin-minion",
        "name": "Goblin Minion", "size": "small", "creature_type": "fey", "armor_class": 12,
        "hit_points": 5, "hit_dice": "2d6-2", "speed": {"walk": 30},
        "abilities": {"strength": 8, "dexterity": 15, "constitution": 8, "intelligence": 10,
          "wisdom": 8, "charisma": 8},
        "challenge_rating": "1/8", "xp": 25, "proficiency_bonus": 2,
        "actions": [{"name": "Dagger", "kind": "action", "attacks": [{"bonus": 4, "reach_ft": 5}],
          "damage": [{"dice": "1d4+2", "damage_type": "piercing"}]}]}}}})
}

/// axe-core (a test asset, see `vendor/README.md`), injected into the page and never served.
const AXE: &str = include_str!("vendor/axe.min.js");

/// The serious and critical axe-core violations on the page as it is now (ids and targets).
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
                   .map(v => v.id + ': ' + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(', '))))
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
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}

/// The page's text of `css`, trimmed (empty when absent).
async fn text(c: &Client, css: &str) -> String {
    js(
        c,
        &format!("return document.querySelector({css:?})?.textContent.trim() ?? ''"),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Issue 22: the player's sheet from their projection, the d20 panel's odds before the roll,
/// the Referee's stat block the player does not get; in both languages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dnd_player_sheet_d20_odds_and_the_dms_stat_block() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let dm = browser(&driver, &profiles.path().join("dm"), 1280, 900).await;
    dnd_table(&dm, &srv.base).await;
    // The first load (lobby + the table, a fresh profile): under the web README's 200 KB,
    // with the screen's own files and no other ruleset's.
    let first = js(
        &dm,
        "const all = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]; \
         return {files: all.map(e => e.name), transfer: all.reduce((a, e) => a + e.transferSize, 0)}",
    )
    .await;
    let transfer = first["transfer"].as_f64().unwrap_or(f64::NAN);
    let files = first["files"].to_string();
    println!("first load (lobby + a dnd2024 table): {transfer} bytes transferred");
    assert!(transfer < 200_000.0, "{transfer} bytes: {files}");
    assert!(files.contains("/rulesets/dnd2024/index.js"), "{files}");
    assert!(!files.contains("/rulesets/crows/"), "{files}");
    setup(&dm, &[vera(), goblin()]).await;
    let link = join_player(&dm, "vera", "Bo").await["link"]
        .as_str()
        .expect("link")
        .to_string();
    setup(
        &dm,
        &[
            // Grappled by the goblin the player cannot see yet; one Exhaustion level; Bless
            // cast with a level 1 slot, held with Concentration.
            json!({"rules": {"apply_condition": {"creature": "vera", "condition": "grappled", "source": "gob1", "rounds": 10}}}),
            json!({"rules": {"gain_exhaustion": {"creature": "vera", "source": "suffocation"}}}),
            json!({"rules": {"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1,
                "slot_level": 1, "casting_time": "action", "concentration": true}}}),
        ],
    )
    .await;

    // The Referee: Vera's sheet and the goblin's stat block (hidden from the players).
    wait_js(
        &dm,
        "the DM's stat block",
        "return document.querySelector('#dnd-statblock-gob1') && document.querySelector('#dnd-sheet-vera')",
    )
    .await;
    let block = text(&dm, "#dnd-statblock-gob1").await;
    assert!(block.contains("Goblin Minion"), "{block}");
    assert!(block.contains("Dagger: +4"), "{block}");
    assert!(block.contains("hidden from the players"), "{block}");
    assert_eq!(text(&dm, "#dnd-statblock-gob1 .dnd-ac").await, "12");
    // The Referee's sheet of Vera names the goblin as the grapple's source.
    assert!(
        text(&dm, "#dnd-sheet-vera .dnd-held")
            .await
            .contains("from Goblin Minion")
    );
    shot(&dm, "d-referee").await;

    // The player: their sheet, no stat block, the unseen source unnamed.
    let pl = browser(&driver, &profiles.path().join("player"), 1280, 900).await;
    pl.goto(&link).await.expect("player link");
    wait_js(
        &pl,
        "the player's sheet",
        "return document.querySelector('.table-screen.player #dnd-sheet-vera')",
    )
    .await;
    assert_eq!(text(&pl, "#dnd-sheet-vera .dnd-hp").await, "12 / 12");
    assert_eq!(text(&pl, "#dnd-sheet-vera .dnd-ac").await, "14");
    assert_eq!(text(&pl, "#dnd-sheet-vera .dnd-temp-hp").await, "0");
    assert_eq!(
        text(&pl, "#dnd-sheet-vera .dnd-hit-dice").await,
        "2 of 2 (d8)"
    );
    assert_eq!(text(&pl, "#dnd-sheet-vera .dnd-exhaustion").await, "1");
    assert_eq!(
        text(&pl, "#dnd-sheet-vera .dnd-concentration").await,
        "Bless"
    );
    assert_eq!(
        text(&pl, "#dnd-sheet-vera .dnd-slots [data-level='1']").await,
        "level 1: 1 of 2"
    );
    // Dexterity 14: +2; its save proficient: +4; Stealth proficient: +4.
    assert_eq!(
        text(&pl, "#dnd-sheet-vera [data-ability=dexterity] .dnd-mod").await,
        "+2"
    );
    assert!(
        text(&pl, "#dnd-sheet-vera [data-ability=dexterity] .dnd-save")
            .await
            .starts_with("+4")
    );
    assert!(
        text(&pl, "#dnd-sheet-vera [data-skill=stealth]")
            .await
            .contains("+4")
    );
    let held = text(&pl, "#dnd-sheet-vera .dnd-held").await;
    assert!(held.contains("Grappled"), "{held}");
    assert!(held.contains("a source you cannot see"), "{held}");
    assert!(!held.contains("Goblin"), "the hidden source leaked: {held}");
    assert_eq!(
        js(
            &pl,
            "return !document.querySelector('.dnd-statblock') && !document.body.textContent.includes('Goblin')"
        )
        .await,
        json!(true),
        "a player sees a hidden monster"
    );

    // The d20 panel: Stealth against DC 15 with Help. +4, −2 for Exhaustion: 13 or more on
    // the higher of two d20s, 1 − (12/20)² = 16/25.
    wait_js(
        &pl,
        "the first odds",
        "return document.querySelector('#dnd-d20-chance')",
    )
    .await;
    fill(&pl, "#dnd-d20-advantage", "Help").await;
    let chance = wait_js(
        &pl,
        "the odds with Help",
        "const a = document.querySelector('#dnd-d20-adv')?.textContent || ''; \
         const c = document.querySelector('#dnd-d20-chance')?.textContent || ''; \
         return a.includes('Help') && c.includes('16/25') && c",
    )
    .await;
    assert!(chance.as_str().unwrap_or("").contains("64.00"), "{chance}");
    assert!(text(&pl, "#dnd-d20-odds").await.contains("Exhaustion −2"));
    shot(&pl, "d-player-odds").await;
    click(&pl, "#dnd-d20-roll").await;
    let result = wait_js(
        &pl,
        "the roll",
        "return document.querySelector('#dnd-d20-result')?.textContent",
    )
    .await;
    assert!(result.as_str().unwrap_or("").contains("total"), "{result}");
    // The log words the roll (not the event's raw fields).
    wait_js(
        &pl,
        "the roll's log line",
        "return [...document.querySelectorAll('#log-list li')].some(l => /Vera rolls a D20 Test: \\d+/.test(l.textContent))",
    )
    .await;

    // Russian: the glossary's words.
    language(&pl, "ru").await;
    assert_eq!(text(&pl, "#dnd-d20-h").await, "Тест к20");
    let ru = text(&pl, "#dnd-sheet-vera").await;
    for w in [
        "Класс Защиты",
        "Хиты",
        "Кости хитов",
        "Истощение",
        "Ловкость",
        "Схваченный",
        "Концентрация",
    ] {
        assert!(ru.contains(w), "{w} not in {ru}");
    }
    assert!(text(&pl, "#dnd-d20-adv").await.starts_with("Преимущество"));
    assert!(text(&pl, "#dnd-d20-dis").await.starts_with("Помеха"));
    shot(&pl, "d-player-ru").await;
    let mut problems = axe_serious(&pl).await;
    language(&pl, "en").await;
    problems.extend(axe_serious(&pl).await);
    problems.extend(axe_serious(&dm).await);

    // Revealed, the goblin shows in the player's list of others: still no stat block.
    click(&dm, "#dnd-reveal-gob1").await;
    wait_js(
        &pl,
        "the goblin revealed",
        "return document.querySelector('#dnd-others [data-creature=gob1]')",
    )
    .await;
    assert_eq!(
        js(
            &pl,
            "return document.querySelectorAll('.dnd-statblock').length"
        )
        .await,
        json!(0)
    );

    // A Short Rest from the Referee's rest panel; the player spends a Hit Point Die; the
    // Referee ends the rest.
    setup(
        &dm,
        &[json!({"rules": {"damage": {"creature": "vera", "instances": [{"amount": 6, "damage_type": "fire"}]}}})],
    )
    .await;
    assert_eq!(
        js(&dm, "return !document.querySelector('#clock #start-rest')").await,
        json!(true),
        "the shell's own rest button is replaced by the rest panel"
    );
    click(&dm, "#dnd-rest-start-short").await;
    let status = wait_js(
        &pl,
        "the rest shown to the player",
        "return document.querySelector('#dnd-rest-status')?.textContent",
    )
    .await;
    assert!(
        status
            .as_str()
            .unwrap_or("")
            .starts_with("Short Rest: Vera"),
        "{status}"
    );
    click(&dm, "#dnd-rest-finish").await;
    wait_js(
        &dm,
        "the rest over",
        "return document.querySelector('#dnd-rest-start-long') && !document.querySelector('#dnd-rest-status')",
    )
    .await;
    // After the Short Rest, Vera's player spends a Hit Point Die.
    wait_js(
        &pl,
        "the player's Hit Point Die button",
        "return document.querySelector('#dnd-hit-die-vera:not([disabled])')",
    )
    .await;
    click(&pl, "#dnd-hit-die-vera").await;
    wait_js(
        &pl,
        "a Hit Point Die spent",
        "return document.querySelector('#dnd-sheet-vera .dnd-hit-dice')?.textContent === '1 of 2 (d8)'",
    )
    .await;
    let hp = text(&pl, "#dnd-sheet-vera .dnd-hp").await;
    assert_ne!(hp, "6 / 12", "the die healed nothing: {hp}");
    shot(&pl, "d-rest").await;

    // A phone: the sheet and the d20 panel in tabs, nothing wider than the screen.
    let phone = phone_browser(&driver, &profiles.path().join("phone")).await;
    phone.goto(&link).await.expect("phone");
    wait_js(
        &phone,
        "phone sheet",
        "return document.querySelector('#dnd-sheet-vera') && document.querySelector('.tab-bar [role=tab]')",
    )
    .await;
    for lang in ["en", "ru"] {
        language(&phone, lang).await;
        let wide = js(
            &phone,
            "return document.documentElement.scrollWidth <= window.innerWidth + 1",
        )
        .await;
        assert_eq!(
            wide,
            json!(true),
            "the phone page scrolls sideways ({lang})"
        );
        let tabs = js(
            &phone,
            "return [...document.querySelectorAll('.tab-bar [role=tab]')].map(b => b.id)",
        )
        .await;
        let tabs: Vec<String> = tabs
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        assert_eq!(tabs.len(), 3, "{tabs:?}");
        click(&phone, &format!("#{}", tabs[0])).await;
        wait_js(
            &phone,
            "the d20 panel on its tab",
            "const p = document.querySelector('#dnd-d20'); return p && p.offsetParent !== null",
        )
        .await;
        shot(&phone, &format!("d-phone-play-{lang}")).await;
        problems.extend(axe_serious(&phone).await);
        click(&phone, &format!("#{}", tabs[1])).await;
        wait_js(
            &phone,
            "the sheet on its tab",
            "const p = document.querySelector('#dnd-sheet-vera'); return p && p.offsetParent !== null",
        )
        .await;
        problems.extend(axe_serious(&phone).await);
    }
    assert!(
        problems.is_empty(),
        "axe-core finds serious problems:\n{}",
        problems.join("\n")
    );
    srv.stop().await;
}

/// Issue 22: in a fight, the turn budget of the player's creature, and the urgent prompt of an
/// Opportunity Attack window with its default and its timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dnd_turn_budget_and_the_urgent_reaction_prompt() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let dm = browser(&driver, &profiles.path().join("dm"), 1280, 900).await;
    dnd_table(&dm, &srv.base).await;
    setup(&dm, &[vera(), goblin()]).await;
    let link = join_player(&dm, "vera", "Bo").await["link"]
        .as_str()
        .expect("link")
        .to_string();
    setup(
        &dm,
        &[
            json!({"rules": {"roll_initiative": {"creatures": ["vera", "gob1"]}}}),
            json!({"rules": {"start_combat": {"combatants": ["vera", "gob1"], "tie_order": ["vera", "gob1"]}}}),
            json!({"rules": {"place": {"creature": "vera", "x": 2, "y": 0}}}),
            json!({"rules": {"place": {"creature": "gob1", "x": 3, "y": 0}}}),
            json!({"clock": {"set_window_timeout": {"ms": 600000}}}),
        ],
    )
    .await;
    let pl = browser(&driver, &profiles.path().join("player"), 1280, 900).await;
    pl.goto(&link).await.expect("player link");
    let budget = wait_js(
        &pl,
        "the turn budget",
        "return document.querySelector('#dnd-budget [data-creature=vera]')?.textContent",
    )
    .await;
    let budget = budget.as_str().unwrap_or_default();
    for w in [
        "Action ready",
        "Bonus Action ready",
        "Reaction ready",
        "30 feet of movement left",
    ] {
        assert!(budget.contains(w), "{w} not in {budget}");
    }

    // Whoever acts walks away from the other: the other may react. The prompt goes to the
    // goblin's Referee or to Vera's player.
    let view = api_view(&dm).await;
    let c = &view["clock"]["combat"];
    let acting = c["order"][c["current"].as_u64().unwrap_or(0) as usize]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let (path, asked) = if acting == "vera" {
        (json!([[1, 0], [0, 0]]), &dm)
    } else {
        (json!([[4, 0], [5, 0]]), &pl)
    };
    let moved = api_command(
        &dm,
        json!({"rules": {"move_path": {"creature": acting, "path": path}}}),
    )
    .await;
    assert_eq!(moved["status"], 200, "{moved}");
    let prompt = wait_js(
        asked,
        "the urgent reaction prompt",
        "return document.querySelector('#decisions .decision.urgent .dnd-window')?.closest('.decision').textContent",
    )
    .await;
    let prompt = prompt.as_str().unwrap_or_default();
    assert!(prompt.contains("Opportunity Attack"), "{prompt}");
    assert!(prompt.contains("Without an answer: Let it go."), "{prompt}");
    assert!(prompt.contains("Closes in"), "{prompt}");
    shot(asked, "d-reaction").await;
    language(asked, "ru").await;
    let ru = text(asked, "#decisions .decision.urgent").await;
    assert!(ru.contains("Провоцированная атака"), "{ru}");
    assert!(ru.contains("Без ответа: Пропустить."), "{ru}");
    assert!(ru.contains("Закроется через"), "{ru}");
    language(asked, "en").await;
    // The budget after the move: the mover's walk spent 10 feet (the player's own, or the
    // goblin's, which the player does not see).
    if acting == "vera" {
        click(
            asked,
            "#decisions .decision.urgent button[data-option=decline]",
        )
        .await;
        wait_js(
            &pl,
            "movement spent",
            "return document.querySelector('#dnd-budget [data-creature=vera]')?.textContent.includes('20 feet of movement left')",
        )
        .await;
    } else {
        click(
            asked,
            "#decisions .decision.urgent button[data-option=decline]",
        )
        .await;
        wait_js(
            &pl,
            "the prompt answered",
            "return !document.querySelector('#decisions .decision.urgent')",
        )
        .await;
    }

    // The area-of-effect picker on the Referee's screen: a 20-ft Sphere from the corner of
    // square (3, 0), its squares and the creatures inside asked of `area_preview` before the
    // acting creature places it.
    select(&dm, "#dnd-area-caster", &acting).await;
    fill(&dm, "#dnd-area-name", "Fireball").await;
    click(&dm, "#dsq-3-0").await;
    let inside = wait_js(
        &dm,
        "the area's preview",
        "return document.querySelector('#dnd-area-targets')?.textContent",
    )
    .await;
    let inside = inside.as_str().unwrap_or_default();
    assert!(
        inside.starts_with("2 creatures inside")
            && inside.contains("Vera")
            && inside.contains("Goblin Minion"),
        "{inside}"
    );
    assert!(
        text(&dm, "#dnd-area-grid-area")
            .await
            .contains("Goblin Minion"),
        "the grid names the tokens inside"
    );
    shot(&dm, "d-area").await;
    click(&dm, "#dnd-area-place").await;
    wait_js(
        &dm,
        "the fire burnt the goblin",
        "return document.querySelector('#dnd-statblock-gob1 .dnd-hp')?.textContent !== '5 / 5'",
    )
    .await;
    srv.stop().await;
}
