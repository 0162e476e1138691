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
pub(crate) async fn dnd_table(c: &Client, base: &str) {
    table_from_lobby(c, Some(base), "dnd2024", "Keep", "#dnd-no-sheet").await;
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
            // The Referee asks to be prompted for the goblin (by default it would not be).
            json!({"rules": {"standing_orders": {"creature": "gob1", "opportunity_attacks": "ask"}}}),
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

// ---------- the full fight (issue 22, "Browser tests") ----------

/// Creature ids unlike their names, so a log line that shows an id is caught.
const VERA: &str = "pc-vera-3f1";
const BRAM: &str = "pc-bram-8a2";
const CULTIST: &str = "npc-fanatic-5d7";

fn character(id: &str, name: &str, dex: i32, hp: u32, ac: i32, attack: Value) -> Value {
    json!({"rules": {"add_creature": {"creature": {"id": id, "name": name, "kind": "character",
        "abilities": {"strength": 16, "dexterity": dex, "constitution": 12, "intelligence": 10,
          "wisdom": 10, "charisma": 10},
        "proficiency_bonus": 2, "saving_throws": ["dexterity"], "skills": [],
        "armor_class": ac, "hit_points": hp, "hit_dice": {"count": 2, "sides": 8},
        "speed": {"walk": 30}, "attacks": [attack]}}}})
}

/// A monster that holds a Concentration spell and resists fire.
fn fanatic() -> Value {
    json!({"rules": {"add_creature": {"creature": {"id": CULTIST, "name": "Cult Fanatic",
        "kind": "monster", "abilities": {"strength": 11, "dexterity": 14, "constitution": 12,
          "intelligence": 10, "wisdom": 13, "charisma": 14},
        "proficiency_bonus": 2, "armor_class": 13, "hit_points": 33, "speed": {"walk": 30},
        "resistances": ["fire"], "spell_slots": [4, 3],
        "attacks": [{"name": "Pact Blade", "bonus": 5, "reach_ft": 5,
          "damage": [{"dice": "2d6+3", "damage_type": "slashing"}]}]}}}})
}

/// Asks the ruleset's query `name` through the page's own token, as the page does; the
/// answer's status and body.
async fn query_as(c: &Client, name: &str, args: Value) -> Value {
    c.execute_async(
        r#"const [name, args, done] = arguments;
           const p = new URLSearchParams(location.hash.slice(1));
           fetch(`/api/tables/${p.get("table")}/queries/${name}`, {method: "POST",
             headers: {"Content-Type": "application/json", Authorization: `Bearer ${p.get("token")}`},
             body: JSON.stringify(args)}).then(async r => done({status: r.status, body: await r.json()}));"#,
        vec![json!(name), args],
    )
    .await
    .expect("fetch")
}

/// Waits until a line of the seat's log matches `re`; returns it.
pub(crate) async fn log_has(c: &Client, what: &str, re: &str) -> String {
    let v = wait_js(
        c,
        what,
        &format!(
            "const re = new RegExp({}); const l = [...document.querySelectorAll('#log-list li .log-text')].find(e => re.test(e.textContent)); return l && l.textContent",
            json!(re)
        ),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

/// Every log line of the seat, once it shows in `lang`.
async fn log_lines(c: &Client, lang: &str) -> Vec<String> {
    let v = wait_js(
        c,
        &format!("{lang} log"),
        &format!(
            "const l = [...document.querySelectorAll('#log-list li .log-text')].map(e => e.textContent); \
             if (document.documentElement.lang !== {lang:?} || !l.length) return null; \
             if ({lang:?} === 'ru' && !l.some(t => /[а-яё]/i.test(t))) return null; \
             return l"
        ),
    )
    .await;
    v.as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|x| x.as_str().unwrap_or_default().to_string())
        .collect()
}

/// What a log line must not show a player or the Referee: the generic fallback of an event
/// without words (`name — field: value`), JSON, a message id, a missing argument, an id.
fn unworded(line: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    if let Some((head, rest)) = line.split_once(" — ") {
        let words = |s: &str| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == ' ')
        };
        if words(head) && words(rest.split_once(": ").map(|(k, _)| k).unwrap_or("")) {
            out.push("raw fields");
        }
    }
    if line.contains('{') || line.contains("\": ") || line.contains("[object") {
        out.push("JSON or a missing argument");
    }
    if line.contains("ev-rules-") || line.contains("dnd-") || line.starts_with("ev-") {
        out.push("a message id");
    }
    if line.contains("undefined") || line.contains("NaN") || line.contains("null") {
        out.push("undefined");
    }
    if [VERA, BRAM, CULTIST].iter().any(|id| line.contains(id)) {
        out.push("a creature id");
    }
    out
}

/// Checks every line of the seat's log in English and in Russian; leaves the seat in `back`.
async fn log_worded(c: &Client, who: &str, back: &str) {
    for lang in ["en", "ru"] {
        language(c, lang).await;
        let lines = log_lines(c, lang).await;
        let bad: Vec<String> = lines
            .iter()
            .filter_map(|l| {
                let d = unworded(l);
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
    language(c, back).await;
}

/// Issue 22's browser scenario: a Referee (desktop, English) and two players — Vera's on a
/// desktop in English, Bram's on a phone in Russian — run a fight with physical dice: Bram
/// moves through Difficult Terrain and attacks from the battle grid, Vera places a cone on
/// the grid that burns the Cult Fanatic (fire resisted, its Concentration save lost), the
/// Fanatic walks out of Bram's reach — the Opportunity Attack prompt reaches Bram's phone —
/// and drops Vera, who rolls a Death Saving Throw on her turn; then a Short Rest and a Hit
/// Point Die. Every log line of the three seats is worded in both languages. Screenshots
/// `d-fight-*.png`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dnd_full_fight_with_an_opportunity_attack_a_cone_and_a_death_save() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let dm = browser(&driver, &profiles.path().join("dm"), 1280, 900).await;
    dnd_table(&dm, &srv.base).await;
    setup(
        &dm,
        &[
            character(
                VERA,
                "Vera",
                14,
                12,
                14,
                json!({"name": "Rapier", "bonus": 4,
                "reach_ft": 5, "damage": [{"dice": "1d8+2", "damage_type": "piercing"}]}),
            ),
            character(
                BRAM,
                "Bram",
                10,
                14,
                16,
                json!({"name": "Longsword", "bonus": 5,
                "reach_ft": 5, "damage": [{"dice": "1d8+3", "damage_type": "slashing"}]}),
            ),
            fanatic(),
            // The Fanatic holds Hold Person with Concentration.
            json!({"rules": {"cast_spell": {"creature": CULTIST, "spell": "Hold Person",
                "level": 2, "slot_level": 2, "casting_time": "action", "concentration": true}}}),
            // Difficult Terrain at (2, 0); the three on the grid.
            json!({"rules": {"set_map": {"cells": [{"x": 2, "y": 0, "difficult": true}]}}}),
            json!({"rules": {"place": {"creature": VERA, "x": 1, "y": 2}}}),
            json!({"rules": {"place": {"creature": BRAM, "x": 1, "y": 0}}}),
            json!({"rules": {"place": {"creature": CULTIST, "x": 4, "y": 2}}}),
            // Players bring their own dice; reactions wait ten minutes.
            json!({"set_option": {"players_physical_dice": true}}),
            json!({"clock": {"set_window_timeout": {"ms": 600000}}}),
        ],
    )
    .await;
    let bo = join_player(&dm, VERA, "Bo").await["link"]
        .as_str()
        .expect("link")
        .to_string();
    let cy = join_player(&dm, BRAM, "Cy").await["link"]
        .as_str()
        .expect("link")
        .to_string();
    // Initiative with physical dice: Vera 15 + 2, Bram 10 + 0, the Fanatic 5 + 2.
    let rolled = api_with_faces(
        &dm,
        json!({"rules": {"roll_initiative": {"creatures": [VERA, BRAM, CULTIST]}}}),
        "15,10,5",
    )
    .await;
    assert_eq!(rolled["status"], 200, "{rolled}");
    setup(
        &dm,
        &[json!({"rules": {"start_combat": {"combatants": [VERA, BRAM, CULTIST]}}})],
    )
    .await;

    let vera = browser(&driver, &profiles.path().join("bo"), 1280, 900).await;
    vera.goto(&bo).await.expect("Bo's link");
    let bram = phone_browser(&driver, &profiles.path().join("cy")).await;
    bram.goto(&cy).await.expect("Cy's link");
    language(&bram, "ru").await;
    wait_js(
        &vera,
        "Vera's battle grid",
        "return document.querySelector('#dnd-battle #dnd-battle-grid') && document.querySelector('#dnd-area')",
    )
    .await;

    // Vera's turn: Burning Hands, a 15-ft cone from the corner (2, 2) toward (4, 2). The
    // preview names the Fanatic alone before anything is rolled.
    fill(&vera, "#dnd-area-name", "Burning Hands").await;
    select(&vera, "#dnd-area-shape", "cone").await;
    fill(&vera, "#dnd-area-size", "15").await;
    fill(&vera, "#dnd-area-dice", "3d6").await;
    click(&vera, "#dsq-2-2").await;
    click(&vera, "#dsq-4-2").await;
    let inside = wait_js(
        &vera,
        "the cone's preview",
        "return document.querySelector('#dnd-area-targets')?.textContent",
    )
    .await;
    assert_eq!(
        inside.as_str().unwrap_or_default(),
        "1 creature inside: Cult Fanatic"
    );
    shot(&vera, "d-fight-cone").await;
    // 3d6 = 4 + 4 + 4 fire; the Fanatic's Dexterity save 5 + 2 fails DC 13; it resists fire
    // (6 damage), then its Concentration save 6 + 1 fails DC 10.
    fill(&vera, "#dnd-area-faces", "4,4,4,5,6").await;
    click(&vera, "#dnd-area-place").await;
    let placed = log_has(
        &vera,
        "the cone in Vera's log",
        "^Vera places Burning Hands",
    )
    .await;
    assert!(
        placed.contains("1 creature inside: Cult Fanatic"),
        "{placed}"
    );
    // The player sees the save's outcome and the damage's type, not the monster's numbers.
    log_has(
        &vera,
        "the Fanatic's save, masked",
        "^Cult Fanatic rolls a D20 Test — Dexterity saving throw: failure$",
    )
    .await;
    log_has(
        &vera,
        "the damage, masked",
        "^Cult Fanatic takes fire damage$",
    )
    .await;
    log_has(
        &vera,
        "the Concentration lost, masked",
        "^Cult Fanatic loses Concentration$",
    )
    .await;
    // The Referee's log has the numbers: Resistance, the save against DC 10.
    log_has(
        &dm,
        "the resisted damage",
        "^Cult Fanatic takes 6 fire damage \\(Resistance halves 12\\)$",
    )
    .await;
    log_has(
        &dm,
        "the Concentration save",
        "^Cult Fanatic saves to keep Concentration against DC 10: 7 \\(d20: 6\\) — lost$",
    )
    .await;
    click(&vera, "#dnd-finish-turn").await;

    // Bram's turn on the phone, in Russian: the fight tab is shown; a path through the
    // Difficult Terrain at (2, 0) to (3, 1), then the Longsword against the Fanatic.
    wait_js(
        &bram,
        "Bram's turn on the phone",
        "const b = document.querySelector('#dnd-battle-turn'); return b && b.offsetParent !== null && b.textContent.includes('Bram')",
    )
    .await;
    click(&bram, "#dbq-2-0").await;
    click(&bram, "#dbq-3-1").await;
    let cost = text(&bram, "#dnd-move-cost").await;
    assert!(cost.starts_with("2 клетки"), "{cost}");
    assert!(
        cost.contains("из них 1 в Труднопроходимой местности"),
        "{cost}"
    );
    assert!(cost.contains("осталось 30 футов перемещения"), "{cost}");
    // The server's count of the same path before the move (`move_preview`): 10 ft into the
    // Difficult Terrain, 5 ft more, 15 ft of the turn's 30 left after it.
    let left = wait_js(
        &bram,
        "the path's cost from the server",
        "return document.querySelector('#dnd-move-preview-left')?.textContent",
    )
    .await;
    assert_eq!(
        left.as_str().unwrap_or_default(),
        "после него останется 15 фт"
    );
    assert_eq!(
        text(&bram, "#dnd-move-preview-cost").await,
        "Этот путь стоит 15 фт перемещения"
    );
    let asked = query_as(
        &bram,
        "move_preview",
        json!({"creature": BRAM, "path": [[2, 0], [3, 1]]}),
    )
    .await;
    assert_eq!(asked["status"], 200, "{asked}");
    assert_eq!(asked["body"]["answer"]["cost_ft"], 15, "{asked}");
    assert_eq!(asked["body"]["answer"]["left_after"], 15, "{asked}");
    // Swum instead (DD-MOVE-05.a): the server prices the same squares a foot more per foot
    // (15 ft into the Difficult Terrain, 10 ft more); back to walking for the move.
    select(&bram, "#dnd-move-how", "swim").await;
    wait_js(
        &bram,
        "the swum path's cost",
        "return document.querySelector('#dnd-move-preview-cost')?.textContent === 'Этот путь стоит 25 фт перемещения'",
    )
    .await;
    select(&bram, "#dnd-move-how", "walk").await;
    wait_js(
        &bram,
        "the walked path's cost again",
        "return document.querySelector('#dnd-move-preview-cost')?.textContent === 'Этот путь стоит 15 фт перемещения'",
    )
    .await;
    shot(&bram, "d-fight-phone-path").await;
    click(&bram, "#dnd-move-send").await;
    wait_js(
        &bram,
        "Bram's movement spent",
        "return document.querySelector('#dnd-move-left')?.textContent === 'осталось 15 футов перемещения'",
    )
    .await;
    assert_eq!(
        text(&bram, "#dnd-move-last").await,
        "Последнее перемещение: Bram перемещается на (3, 1): 2 клетки, 15 фт перемещения"
    );
    log_has(
        &bram,
        "Bram's move in Russian",
        "^Bram перемещается на \\(3, 1\\): 2 клетки, 15 фт перемещения$",
    )
    .await;
    click(&bram, "#dnd-mode-attack").await;
    click(&bram, "#dbq-4-2").await;
    wait_js(
        &bram,
        "the Fanatic picked",
        "return document.querySelector('#dnd-attack-target')?.value === 'npc-fanatic-5d7'",
    )
    .await;
    let plan = text(&bram, "#dnd-attack-plan").await;
    assert_eq!(
        plan,
        "Longsword: +5 к попаданию, досягаемость 5 фт.; 1d8+3 рубящий"
    );
    // The odds before the roll: the Fanatic's Armor Class is the Referee's, so the phone gets
    // them for each Armor Class. At 13 (its own, which the phone is not told) +5 hits on 8 or
    // more, 13/20; a 20 is a Critical Hit; 1d8+3 averages 7.5 and 2d8+3 12: 12/20 + 12/20 ×
    // 7.5 = 5.1.
    let band = wait_js(
        &bram,
        "the odds for each Armor Class",
        "const r = document.querySelector('#dnd-attack-odds-bands tr[data-ac=\"13\"]'); return r && [r.dataset.hit, ...[...r.children].map(e => e.textContent)]",
    )
    .await;
    assert_eq!(band, json!(["13/20", "13", "65.0 %", "5.0 %", "5.10"]));
    // The table fits the phone's width (a wider page would be zoomed out).
    assert_eq!(
        js(
            &bram,
            "return document.documentElement.scrollWidth <= innerWidth"
        )
        .await,
        json!(true)
    );
    shot_at(&bram, "d-fight-phone-odds", Some("#dnd-attack-odds")).await;
    let asked = query_as(
        &bram,
        "attack_odds",
        json!({"attacker": BRAM, "attack": "Longsword", "target": CULTIST}),
    )
    .await;
    assert_eq!(asked["status"], 200, "{asked}");
    let answer = &asked["body"]["answer"];
    assert!(answer.get("armor_class").is_none(), "{asked}");
    let thirteen = answer["by_armor_class"]
        .as_array()
        .and_then(|b| b.iter().find(|r| r["armor_class"] == 13))
        .cloned()
        .unwrap_or_default();
    assert_eq!(thirteen["hit"], "13/20", "{asked}");
    assert_eq!(thirteen["expected_damage"], "51/10", "{asked}");
    // 16 + 5 hits Armor Class 13; 1d8 = 5, + 3 slashing.
    fill(&bram, "#dnd-attack-faces", "16,5").await;
    click(&bram, "#dnd-attack-send").await;
    let hit = wait_js(
        &bram,
        "Bram's hit",
        "return document.querySelector('#dnd-attack-result')?.textContent",
    )
    .await;
    let hit = hit.as_str().unwrap_or_default();
    assert!(
        hit.contains("Bram атакует Cult Fanatic (Longsword): 21 (к20: 16) — попадание"),
        "{hit}"
    );
    assert!(
        hit.contains("Cult Fanatic получает урон (рубящий)"),
        "{hit}"
    );
    shot(&bram, "d-fight-phone-attack").await;
    log_has(
        &dm,
        "the hit's damage for the Referee",
        "^Cult Fanatic takes 8 slashing damage$",
    )
    .await;
    click(&bram, "#dnd-finish-turn").await;

    // The Fanatic's turn: the Referee walks it out of Bram's reach toward Vera on the grid.
    wait_js(
        &dm,
        "the Fanatic's turn",
        "return document.querySelector('#dnd-battle-who')?.value === 'npc-fanatic-5d7' && document.querySelector('#dnd-finish-turn')",
    )
    .await;
    click(&dm, "#dnd-mode-move").await;
    for sq in ["#dbq-4-3", "#dbq-3-3", "#dbq-2-3"] {
        click(&dm, sq).await;
    }
    assert_eq!(
        text(&dm, "#dnd-move-path").await,
        "Path: (4, 3) → (3, 3) → (2, 3)"
    );
    click(&dm, "#dnd-move-send").await;
    // Bram's phone: the urgent Opportunity Attack prompt, in Russian, with its default and
    // its timeout; Bram lets it go.
    let prompt = wait_js(
        &bram,
        "the Opportunity Attack prompt on the phone",
        "return document.querySelector('#decisions .decision.urgent .dnd-window')?.closest('.decision').textContent",
    )
    .await;
    let prompt = prompt.as_str().unwrap_or_default();
    assert!(
        prompt.contains(
            "Cult Fanatic выходит из досягаемости Bram: Провоцированная атака (Longsword) Реакцией?"
        ),
        "{prompt}"
    );
    assert!(prompt.contains("Без ответа: Пропустить."), "{prompt}");
    assert!(prompt.contains("Закроется через"), "{prompt}");
    shot(&bram, "d-fight-phone-reaction").await;
    click(
        &bram,
        "#decisions .decision.urgent button[data-option=decline]",
    )
    .await;
    log_has(
        &dm,
        "the rest of the move",
        "^Cult Fanatic moves to \\(2, 3\\): 3 squares, 15 ft of movement$",
    )
    .await;
    // The Pact Blade against Vera: 14 + 5 hits Armor Class 14; 2d6 = 6 + 5, + 3: 14 slashing
    // drops her from 12 to 0 (not massive damage).
    click(&dm, "#dnd-mode-attack").await;
    click(&dm, "#dbq-1-2").await;
    // The Referee knows Vera's Armor Class: one answer. +5 against 14 hits on 9 or more,
    // 3/5; 2d6+3 averages 10 and 4d6+3 17: 17/20 + (3/5 − 1/20) × 10 = 127/20.
    let odds = wait_js(
        &dm,
        "the Referee's odds",
        "const l = document.querySelector('#dnd-attack-odds-line[data-hit]'); return l && [l.dataset.hit, l.dataset.damage, l.textContent]",
    )
    .await;
    assert_eq!(
        odds,
        json!([
            "3/5",
            "127/20",
            "Hit 60.0 % · Critical Hit 5.0 % · expected damage 6.35"
        ])
    );
    let asked = query_as(
        &dm,
        "attack_odds",
        json!({"attacker": CULTIST, "attack": "Pact Blade", "target": VERA}),
    )
    .await;
    assert_eq!(asked["body"]["answer"]["hit"], "3/5", "{asked}");
    assert_eq!(asked["body"]["answer"]["armor_class"], 14, "{asked}");
    fill(&dm, "#dnd-attack-faces", "14,6,5").await;
    click(&dm, "#dnd-attack-send").await;
    let struck = wait_js(
        &dm,
        "the Fanatic's hit",
        "return document.querySelector('#dnd-attack-result')?.textContent",
    )
    .await;
    let struck = struck.as_str().unwrap_or_default();
    assert!(
        struck.contains(
            "Cult Fanatic attacks Vera with Pact Blade: 19 (d20: 14) against Armor Class 14 — a hit"
        ),
        "{struck}"
    );
    assert!(
        struck.contains("Vera takes 14 slashing damage · down to 0 Hit Points"),
        "{struck}"
    );
    shot(&dm, "d-fight-referee").await;
    // Vera's player sees the attack without the monster's roll.
    log_has(
        &vera,
        "the hit, masked",
        "^Cult Fanatic attacks Vera with Pact Blade — a hit$",
    )
    .await;
    click(&dm, "#dnd-finish-turn").await;

    // Round 2, Vera's turn: dying, her player rolls a Death Saving Throw with a 20.
    wait_js(
        &vera,
        "Vera's death save button",
        "return document.querySelector('#dnd-death-save-pc-vera-3f1')",
    )
    .await;
    fill(&vera, "#dnd-death-faces-pc-vera-3f1", "20").await;
    click(&vera, "#dnd-death-save-pc-vera-3f1").await;
    log_has(
        &vera,
        "the death save",
        "^Vera rolls a Death Saving Throw: 20 — regains 1 Hit Point and wakes$",
    )
    .await;
    wait_js(
        &vera,
        "Vera back on 1 Hit Point",
        "return document.querySelector('#dnd-sheet-pc-vera-3f1 .dnd-hp')?.textContent === '1 / 12'",
    )
    .await;
    shot(&vera, "d-fight-death-save").await;
    // Awake, Vera readies her Rapier; the Referee calls the trigger: Bo's urgent prompt says
    // whose readied response it is, its trigger and target, its default. Bo ignores it.
    let readied = api_command(
        &vera,
        json!({"rules": {"ready": {"creature": VERA, "trigger": "the Fanatic raises its blade",
            "response": {"attack": {"attack": "Rapier"}}}}}),
    )
    .await;
    assert_eq!(readied["status"], 200, "{readied}");
    setup(
        &dm,
        &[json!({"rules": {"trigger_ready": {"creature": VERA, "target": CULTIST}}})],
    )
    .await;
    let asked = wait_js(
        &vera,
        "the readied trigger's prompt",
        "return document.querySelector('#decisions .decision.urgent .dnd-window')?.closest('.decision').textContent",
    )
    .await;
    let asked = asked.as_str().unwrap_or_default();
    for w in [
        "A readied trigger happened: respond with the Reaction?",
        "Vera readied: “the Fanatic raises its blade”, at Cult Fanatic.",
        "Without an answer: Ignore.",
    ] {
        assert!(asked.contains(w), "{w} not in {asked}");
    }
    click(
        &vera,
        "#decisions .decision.urgent button[data-option=ignore]",
    )
    .await;
    wait_js(
        &vera,
        "the readied prompt answered",
        "return !document.querySelector('#decisions .decision.urgent')",
    )
    .await;
    let mut problems = axe_serious(&vera).await;
    problems.extend(axe_serious(&bram).await);
    problems.extend(axe_serious(&dm).await);

    // The Referee ends the fight and starts a Short Rest; after it, Vera's player spends a
    // Hit Point Die with a 6 (+1 Constitution).
    click(&dm, "#dnd-end-combat").await;
    wait_js(
        &dm,
        "the combat over",
        "return !document.querySelector('#dnd-end-combat') && document.querySelector('#dnd-rest-start-short')",
    )
    .await;
    click(&dm, "#dnd-rest-start-short").await;
    log_has(
        &vera,
        "the rest in Vera's log",
        "^Short Rest begins: (Vera, Bram|Bram, Vera)$",
    )
    .await;
    click(&dm, "#dnd-rest-finish").await;
    log_has(
        &vera,
        "the rest over",
        "^Short Rest finished after \\d+ min$",
    )
    .await;
    fill(&vera, "#dnd-hit-die-faces", "6").await;
    click(&vera, "#dnd-hit-die-pc-vera-3f1").await;
    wait_js(
        &vera,
        "Vera healed by the die",
        "return document.querySelector('#dnd-sheet-pc-vera-3f1 .dnd-hp')?.textContent === '8 / 12'",
    )
    .await;
    log_has(
        &bram,
        "the rest in Russian",
        "^Короткий отдых окончен, прошло \\d+ мин$",
    )
    .await;

    // Nothing on the phone wider than the screen; every log line worded, both languages.
    assert_eq!(
        js(
            &bram,
            "return document.documentElement.scrollWidth <= window.innerWidth + 1"
        )
        .await,
        json!(true),
        "the phone page scrolls sideways"
    );
    log_worded(&dm, "the Referee", "en").await;
    log_worded(&vera, "Vera's player", "en").await;
    log_worded(&bram, "Bram's player", "ru").await;
    assert!(
        problems.is_empty(),
        "axe-core finds serious problems:\n{}",
        problems.join("\n")
    );
    srv.stop().await;
}

/// The ruleset's events (`DndEvent` in crates/dnd2024/src/ruleset/mod.rs), read from the source
/// as the names the wire carries (snake_case).
fn dnd_event_names() -> Vec<String> {
    let src = include_str!("../../../dnd2024/src/ruleset/mod.rs");
    let body = src
        .split("pub enum DndEvent {")
        .nth(1)
        .and_then(|rest| rest.split("\n}").next())
        .expect("the DndEvent enum");
    body.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("///") && !l.starts_with("#["))
        .filter_map(|l| {
            let name: String = l
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            name.starts_with(|c: char| c.is_ascii_uppercase())
                .then_some(name)
        })
        .map(|n| {
            let mut snake = String::new();
            for (i, c) in n.chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    snake.push('_');
                }
                snake.push(c.to_ascii_lowercase());
            }
            snake
        })
        .collect()
}

/// Issue 22 (log words): every event of the dnd2024 ruleset has a log line in both languages
/// (`ev-rules-<name>` in the screen's en.ftl and ru.ftl) and is worded by the screen's
/// `words` (a `case` of its own), so a player never gets the generic `name — field: value`.
#[test]
fn dnd_every_event_has_log_words_in_both_languages() {
    let web = concat!(env!("CARGO_MANIFEST_DIR"), "/web/rulesets/dnd2024/");
    let read = |f: &str| std::fs::read_to_string(format!("{web}{f}")).expect("a screen file");
    let (en, ru, script) = (read("en.ftl"), read("ru.ftl"), read("index.js"));
    let names = dnd_event_names();
    assert!(names.len() >= 20, "{names:?}");
    let mut missing = Vec::new();
    for name in &names {
        for (lang, text) in [("en", &en), ("ru", &ru)] {
            if !text.contains(&format!("\nev-rules-{name} =")) {
                missing.push(format!("{lang}: ev-rules-{name}"));
            }
        }
        if !script.contains(&format!("case \"{name}\"")) {
            missing.push(format!("index.js words(): case \"{name}\""));
        }
    }
    assert!(missing.is_empty(), "events without words: {missing:?}");
}

/// Light and Search on the battle grid (issue 22: light and vision, hiding): the Referee
/// (desktop, English) darkens the map and places a torch at (0, 0) with the Light tools; Vera's player
/// (a phone, then Russian) sees the squares shaded as she may know them, searches a square
/// from her grid, and reads the search and the light in her log in both languages.
/// Screenshots `d-light-*.png`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dnd_light_on_the_grid_and_a_search() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let dm = browser(&driver, &profiles.path().join("dm"), 1280, 900).await;
    dnd_table(&dm, &srv.base).await;
    setup(
        &dm,
        &[
            character(
                VERA,
                "Vera",
                14,
                12,
                14,
                json!({"name": "Rapier", "bonus": 4,
                "reach_ft": 5, "damage": [{"dice": "1d8+2", "damage_type": "piercing"}]}),
            ),
            json!({"rules": {"place": {"creature": VERA, "x": 1, "y": 1}}}),
        ],
    )
    .await;
    // The Referee's Light mode: Darkness everywhere, then a torch painted at (1, 1).
    wait_js(
        &dm,
        "the Referee's battle grid",
        "return document.querySelector('#dnd-battle #dnd-mode-light')",
    )
    .await;
    click(&dm, "#dnd-mode-light").await;
    wait_js(
        &dm,
        "light tools",
        "return document.querySelector('#dnd-light-ambient')",
    )
    .await;
    select(&dm, "#dnd-light-ambient", "darkness").await;
    wait_js(
        &dm,
        "a dark square",
        "return document.querySelector('#dbq-8-5')?.getAttribute('data-light') === 'darkness'",
    )
    .await;
    select(&dm, "#dnd-light-brush", "torch").await;
    click(&dm, "#dbq-0-0").await;
    wait_js(
        &dm,
        "the torch's light",
        "const q = (x, y) => document.querySelector(`#dbq-${x}-${y}`)?.getAttribute('data-light'); \
         return q(1, 1) === null && q(6, 0) === 'dim' && q(9, 0) === 'darkness'",
    )
    .await;
    shot(&dm, "d-light-referee").await;

    let bo = join_player(&dm, VERA, "Bo").await["link"]
        .as_str()
        .expect("link")
        .to_string();
    let vera = phone_browser(&driver, &profiles.path().join("bo")).await;
    vera.goto(&bo).await.expect("Bo's link");
    // Her grid is shaded as the Referee's: bright by her torch, dim beyond, dark further.
    wait_js(
        &vera,
        "Vera's shaded grid",
        "const q = (x, y) => document.querySelector(`#dbq-${x}-${y}`); \
         return q(9, 0) && q(1, 1).getAttribute('data-light') === null && q(6, 0).getAttribute('data-light') === 'dim' \
           && q(9, 0).getAttribute('data-light') === 'darkness' && /dark|темн/i.test(q(9, 0).getAttribute('aria-label'))",
    )
    .await;
    assert!(
        text(&vera, "#dnd-battle").await.contains("Search")
            || text(&vera, "#dnd-battle").await.contains("Поиск")
    );
    // She searches (3, 1), inside the torch's light: the roll and its square in the log.
    click(&vera, "#tab-fight").await;
    click(&vera, "#dnd-mode-search").await;
    wait_js(
        &vera,
        "the search hint",
        "return document.querySelector('#dnd-search-hint')",
    )
    .await;
    click(&vera, "#dbq-3-1").await;
    let said = wait_js(
        &vera,
        "the search's result",
        "return document.querySelector('#dnd-search-last')?.textContent",
    )
    .await;
    let said = said.as_str().unwrap_or_default().to_string();
    assert!(
        said.contains("(3, 1)") && said.contains("nothing"),
        "{said}"
    );
    log_has(&vera, "the search in the log", r"Vera searches \(3, 1\)").await;
    log_has(&vera, "the light in the log", r"The light changes").await;
    shot(&vera, "d-light-phone").await;
    click(&vera, "#tab-log").await;
    log_worded(&vera, "Vera", "ru").await;
    log_has(&vera, "the search in Russian", r"ищет на клетке \(3, 1\)").await;
    log_worded(&dm, "the Referee", "en").await;
}
