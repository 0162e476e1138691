//! The web UI in a real headless Chromium, driven over WebDriver (chromedriver) against an
//! in-process server with the Crows ruleset. Screenshots of each screen go to
//! `target/screenshots/*.png`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them). Without
//! chromedriver the tests say "skipped" in one line (and fail under `DELVE_E2E=require`).
//! `DELVE_CHROMEDRIVER` / `DELVE_CHROMIUM` override the paths.

use crate::browser_harness::*;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

// ---------- the tests ----------

/// The whole evening: the Referee creates a table and a crow in the lobby and the Referee
/// screen, invites a player (link + QR), the player joins in a second browser (phone-sized),
/// a test is rolled and shows on both screens, items move by keyboard and by drag and drop,
/// an illegal move is refused with its reason, the dungeon-turn clock counts down, pauses,
/// and the Referee ends the turn (no server scheduler yet) and both see the results; the
/// language switches to Russian.
// Covers CR-INV-01, CR-CHECK-06, CR-EXT-15.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_ui_referee_and_player_evening() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1440, 1000).await;

    // --- lobby: create a table ---
    let t0 = Instant::now();
    referee.goto(&srv.base).await.expect("open");
    wait_js(
        &referee,
        "lobby",
        "return document.querySelector('#create-table')",
    )
    .await;
    let load = referee
        .execute(
            r#"const n = performance.getEntriesByType("navigation")[0];
               const r = performance.getEntriesByType("resource");
               return {nav: n.transferSize, res: r.reduce((a, e) => a + e.transferSize, 0),
                       body: n.decodedBodySize + r.reduce((a, e) => a + e.decodedBodySize, 0),
                       files: r.length + 1, ms: performance.now()};"#,
            vec![],
        )
        .await
        .expect("perf");
    let transferred = load["nav"].as_f64().unwrap_or(0.0) + load["res"].as_f64().unwrap_or(0.0);
    eprintln!(
        "MEASURE first load: {transferred} bytes transferred ({} decoded) in {} files, lobby ready after {:.0} ms (page) / {:?} (driver)",
        load["body"],
        load["files"],
        load["ms"].as_f64().unwrap_or(0.0),
        t0.elapsed()
    );
    shot(&referee, "01-lobby").await;
    fill(&referee, "#new-name", "Sunken Crypt").await;
    fill(&referee, "#new-referee", "Ann").await;
    fill(&referee, "#new-turn", "30").await;
    click(&referee, "#create-table").await;
    wait_js(
        &referee,
        "referee screen",
        "return document.querySelector('.table-screen.referee')",
    )
    .await;
    assert!(text_of(&referee, "#where").await.contains("Sunken Crypt"));

    // --- the Referee creates a crow through the form ---
    // The empty party points at the form: its button opens it with the caret in the name.
    click(&referee, "#open-create-creature").await;
    wait_js(
        &referee,
        "the creature form open",
        "return document.querySelector('#create-creature').open && document.activeElement?.id === 'cc-name'",
    )
    .await;
    // The id is made from the name.
    fill(&referee, "#cc-name", "Vera").await;
    fill(&referee, "#cc-agility", "2").await;
    fill(&referee, "#cc-mind", "0").await;
    fill(&referee, "#cc-strength", "-1").await;
    click(&referee, "#cc-submit").await;
    wait_js(
        &referee,
        "vera's card",
        "return document.querySelector('#party [data-creature=vera]')",
    )
    .await;
    // Items and a wound through the API (the page's token), then through the place form.
    for (name, slots, kind, number) in [
        ("Torch", 1, "hand", 1),
        ("Rope", 1, "backpack", 1),
        ("Tent", 2, "backpack", 3),
    ] {
        let to: Vec<Value> = (0..slots)
            .map(|i| json!({"kind": kind, "number": number + i}))
            .collect();
        let r = api_command(&referee, json!({"rules": {"place_item": {"creature": "vera", "custom": {"name": name, "slots": slots}, "slots": to}}})).await;
        assert_eq!(r["status"], 200, "{r}");
    }
    wait_js(&referee, "tent spans two slots", "return [...document.querySelectorAll('.inventory .item-name')].some(e => e.textContent === 'Tent' && e.closest('.slot').style.gridColumn.includes('span 2'))").await;

    // --- invite the player for vera: link and QR ---
    select(&referee, "#invite-character", "vera").await;
    click(&referee, "#make-invite").await;
    let link = wait_js(
        &referee,
        "invite link",
        "const i = document.querySelector('.invite-link'); return i && i.value",
    )
    .await;
    let link = link.as_str().expect("link").to_string();
    assert!(link.contains("#join="), "{link}");
    wait_js(&referee, "QR code", "const i = document.querySelector('.qr img'); return i && i.complete && i.naturalWidth > 50").await;
    shot_at(&referee, "02-referee-invite", Some("#invites")).await;

    // --- the player joins in a second, phone-sized browser ---
    let player = browser(&driver, &profiles.path().join("player"), 412, 915).await;
    player.goto(&link).await.expect("open invite");
    fill(&player, "#join-name", "Bob").await;
    click(&player, "#join-button").await;
    wait_js(
        &player,
        "player screen",
        "return document.querySelector('.table-screen.player [data-creature=vera]')",
    )
    .await;
    // The player sees no Referee tool and no seed.
    let secrets = player
        .execute("return [!!document.querySelector('#invites, #create-creature, #undo'), document.body.innerText.includes('seed')]", vec![])
        .await
        .expect("js");
    assert_eq!(
        secrets,
        json!([false, false]),
        "player screen shows Referee-only parts"
    );
    shot(&player, "03-player-joined").await;

    // --- a test: odds before the roll, the roll on both screens ---
    wait_js(
        &referee,
        "bob bound on the Referee screen",
        "return document.querySelector('#invites').innerText.includes('Bob')",
    )
    .await;
    click(&referee, "#select-vera").await;
    click(&referee, "#test-char-agility").await;
    // The odds come from the server's `odds` query: wait for its answer on screen.
    const ODDS_SHOWN: &str = "return !document.querySelector('#odds-box[aria-busy]') && document.querySelector('#odds-table tr.plain')";
    wait_js(&referee, "odds shown", ODDS_SHOWN).await;
    // Agility +2, no edge: P(tier 3) = P(natural ≥ 15) + crits… exact: 21 outcomes of 100 ≥ 15.
    let odds_plain = text_of(&referee, "#odds-table tr.plain").await;
    assert!(
        odds_plain.contains("21%"),
        "agility +2 gives tier 3 on 21/100: {odds_plain}"
    );
    click(&referee, "#test-edges ~ button").await;
    wait_js(&referee, "odds with an edge shown", ODDS_SHOWN).await;
    let odds_edge = text_of(&referee, "#odds-table tr.plain").await;
    assert_ne!(
        odds_plain, odds_edge,
        "odds update live when an edge is added"
    );
    let t_roll = Instant::now();
    click(&referee, "#roll-test").await;
    let faces = wait_js(&referee, "test result", "const f1 = document.querySelector('#face-1'), f2 = document.querySelector('#face-2'); return f1 && f2 && [f1.textContent, f2.textContent, document.querySelector('#test-tier').textContent]").await;
    eprintln!(
        "MEASURE roll click → result on the Referee screen: {:?} (WebDriver round trips included)",
        t_roll.elapsed()
    );
    // The same roll reaches the player (live): same faces.
    let player_faces = wait_js(&player, "test on the player screen", "const f1 = document.querySelector('#face-1'), f2 = document.querySelector('#face-2'); return f1 && f2 && [f1.textContent, f2.textContent, document.querySelector('#test-tier').textContent]").await;
    assert_eq!(faces[0], player_faces[0]);
    assert_eq!(faces[1], player_faces[1]);
    wait_js(&player, "test in the player's log", "return [...document.querySelectorAll('#log-list .log-text')].some(e => e.textContent.includes('Vera'))").await;
    shot_at(&referee, "04-referee-test", Some("#test")).await;
    shot_at(&player, "05-player-test", Some("#test")).await;
    // In-browser latency of a command: click → response → view refreshed → DOM updated.
    let latency = referee
        .execute_async(
            r#"const done = arguments[0];
               const before = document.querySelector('#test-result').dataset.n;
               const t = performance.now();
               const obs = new MutationObserver(() => {
                 const r = document.querySelector('#test-result');
                 if (r && r.dataset.n !== before) { obs.disconnect(); done(performance.now() - t); }
               });
               obs.observe(document.body, {subtree: true, childList: true});
               document.querySelector('#roll-test').click();"#,
            vec![],
        )
        .await
        .expect("latency");
    eprintln!("MEASURE interaction → screen update (roll, in page): {latency} ms");
    // Answer whatever the rolls left open (expertise offers, outcome rulings), as the Referee.
    for _ in 0..6 {
        let open = referee
            .execute("const b = document.querySelector('#decisions li.decision button:not([disabled])'); if (b) { b.click(); return true } return false", vec![])
            .await
            .expect("js");
        if open != json!(true) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }

    // --- the expertise offer at the commit point, answered on the player's phone ---
    let r = api_command(
        &referee,
        json!({"rules": {"edit_creature": {"id": "vera", "expertises": {"stealth": 2}}}}),
    )
    .await;
    assert_eq!(r["status"], 200, "{r}");
    click(&referee, "#approve-stealth").await;
    let mut offered = false;
    for _ in 0..20 {
        let before = referee
            .execute(
                "return document.querySelector('#test-result').dataset.n",
                vec![],
            )
            .await
            .expect("js");
        click(&referee, "#roll-test").await;
        wait_js(
            &referee,
            "a new roll",
            &format!("return document.querySelector('#test-result').dataset.n !== {before}"),
        )
        .await;
        // The offer reaches the player when the expertise would raise the result.
        tokio::time::sleep(Duration::from_millis(600)).await;
        let offer = player
            .execute(
                "const b = document.querySelector('#test-result button[data-option=stealth]'); if (b && !b.disabled) { b.click(); return true } return false",
                vec![],
            )
            .await
            .expect("js");
        if offer == json!(true) {
            offered = true;
            break;
        }
        // No offer (tier 3 or a doom): clear the Referee's outcome rulings and roll again.
        for _ in 0..4 {
            let open = referee
                .execute("const b = document.querySelector('#decisions li.decision:not(.kind-crows-expertise) button:not([disabled])'); if (b) { b.click(); return true } return false", vec![])
                .await
                .expect("js");
            if open != json!(true) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    }
    assert!(offered, "no expertise offer in 20 rolls");
    let spent = wait_js(&player, "expertise spent on the player screen", "const r = document.querySelector('#test-result'); return r && !r.querySelector('.offer') && r.textContent.includes('Stealth') && r.textContent").await;
    eprintln!("after the expertise: {spent}");
    wait_js(&referee, "expertise spent on the Referee screen", "const r = document.querySelector('#test-result'); return r && r.textContent.includes('expertise spent')").await;
    shot_at(&player, "05b-player-expertise-spent", Some("#test")).await;
    for _ in 0..6 {
        let open = referee
            .execute("const b = document.querySelector('#decisions li.decision button:not([disabled])'); if (b) { b.click(); return true } return false", vec![])
            .await
            .expect("js");
        if open != json!(true) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }

    // --- inventory on the phone: keyboard move, refused move, drag and drop ---
    // Keyboard: Rope (backpack 1) → belt 1.
    let rope = player
        .execute("return [...document.querySelectorAll('.inventory .item')].find(e => e.querySelector('.item-name').textContent === 'Rope').id", vec![])
        .await
        .expect("rope id");
    let rope = format!("#{}", rope.as_str().expect("id"));
    player
        .find(Locator::Css(&rope))
        .await
        .expect("rope")
        .send_keys(ENTER)
        .await
        .expect("pick up");
    wait_js(
        &player,
        "slots armed",
        "return !document.querySelector('#slot-vera-belt-1').disabled",
    )
    .await;
    player
        .find(Locator::Css("#slot-vera-belt-1"))
        .await
        .expect("belt 1")
        .send_keys(ENTER)
        .await
        .expect("put");
    wait_js(&player, "rope on the belt", "const s = document.querySelector('.slot[data-kind=belt][data-number=\"1\"]'); return s && s.innerText.includes('Rope')").await;
    // The focus stays in the inventory after the move (never the page body).
    wait_js(
        &player,
        "focus in the inventory after the move",
        "const a = document.activeElement; return a && a !== document.body && !!a.closest('#inventory')",
    )
    .await;
    // Refused: the two-slot tent into belt 4 would need a fifth belt slot.
    let tent = player
        .execute("return [...document.querySelectorAll('.inventory .item')].find(e => e.querySelector('.item-name').textContent === 'Tent').id", vec![])
        .await
        .expect("tent id");
    let tent = format!("#{}", tent.as_str().expect("id"));
    player
        .find(Locator::Css(&tent))
        .await
        .expect("tent")
        .send_keys(ENTER)
        .await
        .expect("pick up");
    wait_js(
        &player,
        "slots armed",
        "return !document.querySelector('#slot-vera-belt-4').disabled",
    )
    .await;
    player
        .find(Locator::Css("#slot-vera-belt-4"))
        .await
        .expect("belt 4")
        .send_keys(ENTER)
        .await
        .expect("put");
    let reason = wait_js(
        &player,
        "refusal shown",
        "const e = document.querySelector('#inv-error'); return e && !e.hidden && e.textContent",
    )
    .await;
    let reason = reason.as_str().unwrap_or_default().to_string();
    eprintln!("refusal shown: {reason}");
    // Belt slots are 1–4 (CR-INV-01): the server names the missing slot and the rule.
    assert!(
        reason.contains("CR-INV-01") && reason.contains("5"),
        "the refusal carries its reason and rule: {reason}"
    );
    let tent_still = player
        .execute("const s = document.querySelector('.slot[data-kind=backpack][data-number=\"3\"]'); return s && s.innerText.includes('Tent')", vec![])
        .await
        .expect("js");
    assert_eq!(tent_still, json!(true), "a refused move changes nothing");
    shot_at(&player, "06-player-move-refused", Some("#inventory")).await;
    // Drag and drop (HTML5 events, as a mouse would fire them): Torch hand 1 → belt 2.
    player
        .execute(
            r#"const item = [...document.querySelectorAll('.inventory .item')].find(e => e.querySelector('.item-name').textContent === 'Torch');
               const slot = document.querySelector('#slot-vera-belt-2');
               const dt = new DataTransfer();
               item.dispatchEvent(new DragEvent('dragstart', {dataTransfer: dt, bubbles: true}));
               slot.dispatchEvent(new DragEvent('dragover', {dataTransfer: dt, bubbles: true, cancelable: true}));
               slot.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));"#,
            vec![],
        )
        .await
        .expect("drag");
    wait_js(&player, "torch on the belt", "const s = document.querySelector('.slot[data-kind=belt][data-number=\"2\"]'); return s && s.innerText.includes('Torch')").await;
    // The Referee's screen follows.
    wait_js(&referee, "Referee sees the moves", "const s = document.querySelector('.slot[data-kind=belt][data-number=\"2\"]'); return s && s.innerText.includes('Torch')").await;

    // --- damage: the player answers where the wound goes; the wound fills a backpack slot ---
    fill(&referee, "#act-amount", "8").await;
    click(&referee, "#act-damage").await;
    let deadline = Instant::now() + Duration::from_secs(40);
    let mut answered = 0;
    loop {
        let state = player
            .execute(
                "if (document.querySelector('.slot.wound')) return 'wound'; \
                 const b = document.querySelector('#decisions li.decision button:not([disabled])'); \
                 if (b) { b.click(); return 'answered' } return ''",
                vec![],
            )
            .await
            .expect("js");
        if state == json!("wound") {
            break;
        }
        if state == json!("answered") {
            answered += 1;
        }
        assert!(
            Instant::now() < deadline,
            "no wound slot after damage ({answered} decisions answered)"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    eprintln!("damage: the player answered {answered} decision(s) before the wound showed");
    wait_js(
        &referee,
        "the Referee sees the wound",
        "return document.querySelector('.slot.wound')",
    )
    .await;
    shot_at(&player, "06b-player-wound", Some("#inventory")).await;

    // --- campaign data (CR-EXT-15): the Referee writes Vera's personal enemies and rivals in
    // the edit form; her player's sheet shows them ---
    click(&referee, "#edit-creature summary").await;
    fill(&referee, "#ec-rivals", "Captain Orsk\n\nthe Ashen Widow").await;
    click(&referee, "#ec-save").await;
    wait_js(
        &player,
        "rivals on Vera's sheet",
        "const l = document.querySelector('.card[data-creature=vera] .rivals'); \
         return l && l.textContent.includes('Captain Orsk, the Ashen Widow')",
    )
    .await;

    // --- the dungeon-turn clock: a 20-minute turn from the dungeon panel (the shell shows no
    // start, pause or rest controls of its own beside a Crows screen's), counting down on both
    // screens ---
    wait_js(
        &referee,
        "only the dungeon panel starts dungeon turns",
        "return !document.querySelector('#start-exploration, #turn-minutes, #pause-clock, #start-rest, #end-exploration') && document.querySelector('#clock [data-go-to=enter-dungeon]')",
    )
    .await;
    select(&referee, "#dungeon-length", "20").await;
    click(&referee, "#enter-dungeon").await;
    // The player's phone shows the clock on its dungeon tab.
    click(&player, "#tab-dungeon").await;
    wait_js(&player, "countdown on the player screen", "const c = document.querySelector('#countdown'); return c && /^(19|20):[0-5][0-9]$/.test(c.textContent)").await;
    let first = text_of(&player, "#countdown").await;
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let later = text_of(&player, "#countdown").await;
    assert!(later < first, "the countdown runs: {first} then {later}");
    assert_eq!(text_of(&player, "#turn-number").await, "1");
    shot(&referee, "07-referee-clock").await;
    // Pause and resume (one Pause on the Referee's screen: the dungeon panel's).
    assert_eq!(
        referee
            .execute(
                "return document.querySelectorAll('#dungeon-pause, #pause-clock').length",
                vec![]
            )
            .await
            .expect("js"),
        json!(1),
        "one pause control"
    );
    click(&referee, "#dungeon-pause").await;
    wait_js(
        &player,
        "paused on the player screen",
        "return document.querySelector('#countdown.paused')",
    )
    .await;
    let frozen = text_of(&player, "#countdown").await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(
        frozen,
        text_of(&player, "#countdown").await,
        "a paused clock stands still"
    );
    click(&referee, "#dungeon-resume").await;
    wait_js(
        &player,
        "running again",
        "return document.querySelector('#countdown:not(.paused)')",
    )
    .await;
    // No scheduler fires the deadline yet: the Referee ends the turn, both see turn 2 and
    // the end-of-turn results.
    click(&referee, "#end-turn").await;
    wait_js(
        &player,
        "turn 2 on the player screen",
        "return document.querySelector('#turn-number').textContent === '2'",
    )
    .await;
    wait_js(&player, "end-of-turn results", "const r = document.querySelector('#turn-results'); return r && r.querySelectorAll('li').length > 0").await;
    wait_js(
        &referee,
        "turn 2 on the Referee screen",
        "return document.querySelector('#turn-number').textContent === '2'",
    )
    .await;
    shot(&referee, "08-referee-turn-ended").await;
    shot(&player, "09-player-turn-ended").await;

    // --- any command from the Referee's command box: combat starts, both see the order ---
    click(&referee, "#commands > summary").await;
    fill(
        &referee,
        "#raw-command",
        r#"{"clock": {"start_combat": {"order": ["vera"]}}}"#,
    )
    .await;
    click(&referee, "#send-command").await;
    wait_js(&player, "combat on the player screen", "const c = document.querySelector('#combat'); return c && c.querySelector('.order li.acting')").await;
    click(&player, "#tab-combat").await;
    shot_at(&player, "09b-player-combat", Some("#combat")).await;
    // Undo takes it back.
    click(&referee, "#undo").await;
    wait_js(
        &player,
        "combat undone",
        "return !document.querySelector('#combat')",
    )
    .await;

    // --- language: Russian, remembered for this browser ---
    select(&player, "#lang-select", "ru").await;
    wait_js(
        &player,
        "Russian labels",
        "return document.querySelector('#clock-h').textContent === 'Часы хода подземелья'",
    )
    .await;
    let ru = player.execute("return [document.documentElement.lang, localStorage.getItem('delve.lang'), document.body.textContent.includes('Рюкзак'), document.body.textContent.includes('Ловкость')]", vec![]).await.expect("js");
    assert_eq!(ru, json!(["ru", "ru", true, true]));
    player.refresh().await.expect("reload");
    wait_js(&player, "still Russian after reload", "const h = document.querySelector('#clock-h'); return h && h.textContent === 'Часы хода подземелья'").await;
    shot(&player, "10-player-russian").await;
    select(&referee, "#lang-select", "ru").await;
    wait_js(
        &referee,
        "Russian Referee screen",
        "return document.querySelector('#party-h').textContent === 'Отряд'",
    )
    .await;
    shot(&referee, "11-referee-russian").await;

    player.close().await.expect("close player");
    referee.close().await.expect("close referee");
    srv.stop().await;
}

/// The odds the page shows before a roll are exactly the Crows rules': the page's
/// `testOdds` (rulesets/crows/odds.js, which asks the table's `odds` query) against
/// `crows::odds::odds_with_expertise` (what `delve crows odds --json` prints) for every
/// characteristic −5…5, 0–3 edges, 0–3 banes, bonuses −3…3, with and without an expertise.
// Covers CR-CHECK-06, CR-CRIT-01, CR-CRIT-02, CR-EDGE-05, CR-EXP-01.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_check_06_page_odds_match_the_rules() {
    use crows::test_roll::{
        Characteristic, Modifier, ModifierSource, SourceKind, TestRules, TestSpec,
    };
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("odds"), 800, 600).await;
    c.goto(&srv.base).await.expect("open");
    let page: Value = c
        .execute_async(
            r#"const done = arguments[0];
               (async () => {
                 const api = await import("/assets/js/api.js");
                 const m = await import("/assets/rulesets/crows/odds.js");
                 const made = await api.createTable({ruleset: "crows", name: "Odds", referee: "Ann"});
                 const seat = new api.Seat(made.id, made.referee_token);
                 const specs = [];
                 for (let stat = -5; stat <= 5; stat++)
                   for (let edges = 0; edges <= 3; edges++)
                     for (let banes = 0; banes <= 3; banes++)
                       for (let bonus = -3; bonus <= 3; bonus++) specs.push([stat, edges, banes, bonus]);
                 const out = [];
                 // A few questions at a time (each is one request).
                 for (let i = 0; i < specs.length; i += 16) {
                   const part = specs.slice(i, i + 16);
                   const odds = await Promise.all(part.map(([value, edges, banes, bonus]) => m.testOdds(seat, {value, edges, banes, bonus})));
                   part.forEach((s, j) => out.push([...s, odds[j]]));
                 }
                 return out;
               })().then(done, (e) => done(String(e)));"#,
            vec![],
        )
        .await
        .expect("odds in the page");
    let rows = page.as_array().expect("rows");
    assert_eq!(rows.len(), 11 * 4 * 4 * 7);
    let count = |f: crows::odds::Fraction| f.numerator * (100 / f.denominator);
    for row in rows {
        let n = |i: usize| row[i].as_i64().expect("int");
        let (stat, edges, banes, bonus) = (n(0), n(1), n(2), n(3));
        let mut spec = TestSpec::new(Characteristic::Agility, stat as i8);
        for _ in 0..edges {
            spec = spec.with_modifier(Modifier::edge(ModifierSource::new(
                SourceKind::Referee,
                "page edge",
            )));
        }
        for _ in 0..banes {
            spec = spec.with_modifier(Modifier::bane(ModifierSource::new(
                SourceKind::Referee,
                "page bane",
            )));
        }
        if bonus != 0 {
            spec = spec.with_modifier(Modifier::bonus(
                ModifierSource::new(SourceKind::Referee, "page bonus"),
                bonus as i32,
            ));
        }
        let rules = crows::odds::odds_with_expertise(&spec, TestRules::standard()).expect("odds");
        for (side, o) in [
            ("without", rules.without),
            ("withExpertise", rules.with_expertise),
        ] {
            let js = &row[4][side];
            let want = json!({
                "tier1": count(o.tier_1), "tier2": count(o.tier_2), "tier3": count(o.tier_3),
                "crit": count(o.crit), "doom": count(o.doom),
            });
            assert_eq!(
                js, &want,
                "stat {stat}, {edges} edges, {banes} banes, bonus {bonus}, {side}"
            );
        }
    }
    c.close().await.expect("close");
    srv.stop().await;
}

/// The assets are embedded and served with their types, validators and compression.
#[tokio::test]
async fn web_assets_are_served_with_types_caching_and_gzip() {
    let srv = start_server().await;
    let http = reqwest::Client::new();
    for (path, ty) in [
        ("/", "text/html; charset=utf-8"),
        ("/assets/app.css", "text/css; charset=utf-8"),
        ("/assets/js/app.js", "text/javascript; charset=utf-8"),
        (
            "/assets/vendor/fluent/index.js",
            "text/javascript; charset=utf-8",
        ),
        ("/assets/i18n/ru.ftl", "text/plain; charset=utf-8"),
        ("/assets/favicon.svg", "image/svg+xml"),
    ] {
        let r = http
            .get(format!("{}{path}", srv.base))
            .send()
            .await
            .expect("get");
        assert_eq!(r.status(), 200, "{path}");
        let h = r.headers();
        assert_eq!(h["content-type"], ty, "{path}");
        assert_eq!(h["cache-control"], "no-cache", "{path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        let etag = h["etag"].to_str().expect("etag").to_string();
        // Revalidation: the same ETag gives 304 with no body.
        let again = http
            .get(format!("{}{path}", srv.base))
            .header("If-None-Match", &etag)
            .send()
            .await
            .expect("get");
        assert_eq!(again.status(), 304, "{path}");
    }
    // Gzip when asked (reqwest here has no decompression: the raw bytes are gzip).
    let r = http
        .get(format!("{}/assets/js/table.js", srv.base))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .expect("get");
    assert_eq!(r.headers()["content-encoding"], "gzip");
    let gz = r.bytes().await.expect("body");
    assert_eq!(&gz[..2], &[0x1f, 0x8b], "gzip magic");
    let plain = http
        .get(format!("{}/assets/js/table.js", srv.base))
        .send()
        .await
        .expect("get");
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = plain.bytes().await.expect("body");
    assert!(
        gz.len() * 2 < plain.len(),
        "gzip pays: {} vs {}",
        gz.len(),
        plain.len()
    );
    // An unknown asset is a JSON 404 like the API's.
    let missing = http
        .get(format!("{}/assets/nope.js", srv.base))
        .send()
        .await
        .expect("get");
    assert_eq!(missing.status(), 404);
    let body: Value = missing.json().await.expect("json");
    assert_eq!(body["code"], "not_found");
    srv.stop().await;
}

/// The combat and travel screens draw the view's `rules.combat` (grid cells, creatures with
/// their square and side, the fight's order and budgets) and `rules.travel` (hexes, believed
/// and true position) parts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_maps_draw_grid_and_hex_from_view_data() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("maps"), 900, 900).await;
    c.goto(&srv.base).await.expect("open");
    wait_js(
        &c,
        "lobby",
        "return document.querySelector('#create-table')",
    )
    .await;
    let drawn = c
        .execute_async(
            r##"const done = arguments[0];
               // The page's own modules (under the asset version: the instances it set up).
               const base = JSON.parse(document.getElementById("delve-assets").textContent).base;
               Promise.all([import(base + "rulesets/crows/maps.js"), import(base + "vendor/preact/preact.module.js"), import(base + "js/i18n.js").then((i) => i.addRulesetMessages("crows"))]).then(([m, P]) => {
                 const screen = {
                   isReferee: true,
                   creatures: {vera: {id: "vera", creature: {name: "Vera", kind: "crow"}}, rat: {id: "rat", name: "Rat", kind: "monster"}},
                   view: {clock: {}, participants: {players: {bob: ["vera"]}}, decisions: []},
                   events: [],
                   mine() { return ["vera", "rat"]; },
                   canAnswer() { return true; },
                   controllersOf(id) { return id === "vera" ? ["bob"] : []; },
                   render() {},
                   rules: {
                     combat: {
                       grid: [{at: {x: 2, y: 2}, obstacle: "solid"}, {at: {x: 2, y: 3}, obstacle: "flimsy"}],
                       creatures: {vera: {at: {x: 1, y: 2}, side: "crows", space: 1}, rat: {at: {x: 4, y: 2}, side: "enemies", space: 1}},
                       fight: {round: 2, order: ["vera", "rat"], current: "rat", budgets: {rat: {maneuvers: 1, actions: 1, extra_actions: 0, move_left: 3}}},
                     },
                     travel: {
                       map: [{hex: {q: 0, r: 0}, info: {terrain: "forest"}}, {hex: {q: 1, r: 0}, info: {terrain: "hills"}}],
                       position: {believed_hex: {q: 0, r: 0}, true_hex: {q: 1, r: 0}, lost: true},
                       day: {number: 1, step: "move", pace: "normal", hexes: 2, hexes_moved: 0, roles: {}},
                     },
                   },
                 };
                 const out = m.mapsPanel(screen);
                 const main = document.querySelector("#main");
                 // The panels are Preact elements (drawn by the shell's grid and hex map).
                 main.replaceChildren();
                 P.render(P.h(P.Fragment, null, out), main);
                 done({
                   tokens: main.querySelectorAll(".grid-map .token").length,
                   foes: main.querySelectorAll(".grid-map .token.side-enemies").length,
                   acting: main.querySelector(".grid-map .token.acting").dataset.token,
                   obstacles: main.querySelectorAll(".grid-map rect.obstacle").length,
                   budget: main.querySelector("#combat-budget").textContent,
                   end_turn: !!main.querySelector("#combat-end-turn"),
                   hexes: main.querySelectorAll(".hex-map polygon.hex:not(.unknown):not(.neighbour)").length,
                   moves: main.querySelectorAll(".hex-map .neighbour[role=button]").length,
                   north: main.querySelector("#hex-go-north")?.getAttribute("aria-label"),
                   believed: !!main.querySelector("#party-believed"),
                   truth: !!main.querySelector("#party-true"),
                   order: main.querySelector(".order li.acting").textContent,
                 });
               });"##,
            vec![],
        )
        .await
        .expect("maps");
    assert_eq!(drawn["tokens"], 2, "{drawn}");
    assert_eq!(drawn["foes"], 1, "{drawn}");
    assert_eq!(drawn["acting"], "rat", "{drawn}");
    assert_eq!(drawn["obstacles"], 2, "{drawn}");
    assert!(
        drawn["budget"].as_str().unwrap_or("").contains("3"),
        "{drawn}"
    );
    assert_eq!(drawn["end_turn"], true, "{drawn}");
    assert_eq!(drawn["hexes"], 2, "{drawn}");
    assert_eq!(drawn["moves"], 6, "{drawn}");
    assert!(
        drawn["north"].as_str().unwrap_or("").contains("(0, -1)"),
        "{drawn}"
    );
    assert_eq!(drawn["believed"], true, "{drawn}");
    assert_eq!(drawn["truth"], true, "{drawn}");
    assert_eq!(drawn["order"], "Rat", "{drawn}");
    shot(&c, "12-maps").await;
    c.close().await.expect("close");
    srv.stop().await;
}

/// Drives the fight to Vera's turn through the combat controls: the Referee rolls initiative
/// (Bob answers the decision on his screen) between rounds and ends the rat's turns.
async fn until_veras_turn(referee: &Client, player: &Client) {
    for _ in 0..12 {
        let state = wait_js(
            referee,
            "combat state",
            "if (document.querySelector('#combat-initiative')) return 'between'; \
             const a = document.querySelector('#combat .order li.acting'); return a ? a.textContent : ''",
        )
        .await;
        match state.as_str() {
            Some("between") => {
                click(referee, "#combat-initiative").await;
                let option = "#decisions .decision.urgent button[data-option=roll]";
                wait_js(
                    player,
                    "initiative decision",
                    &format!("return document.querySelector('{option}')"),
                )
                .await;
                click(player, option).await;
                wait_js(
                    referee,
                    "round running",
                    "return !document.querySelector('#combat-initiative') && document.querySelector('#combat .order li.acting')",
                )
                .await;
            }
            Some("Rat") => {
                click(referee, "#combat-end-turn").await;
                wait_js(
                    referee,
                    "rat's turn over",
                    "const a = document.querySelector('#combat .order li.acting'); return !a || a.textContent !== 'Rat'",
                )
                .await;
            }
            Some("Vera") => {
                wait_js(
                    player,
                    "Vera's turn on the player screen",
                    "return document.querySelector('#combat-mode-move')",
                )
                .await;
                return;
            }
            other => panic!("unexpected combat state {other:?}"),
        }
    }
    panic!("Vera's turn never came");
}

/// The `attack_resolved` lines in a screen's log, newest first.
const ATTACK_LINES: &str = "return [...document.querySelectorAll('#log-list li')].map(l => l.textContent).filter(t => /vera (hits|misses) rat: tier/i.test(t))";

/// A combat round through the combat screen's controls: the Referee starts combat and picks
/// the player who rolls initiative, the player answers the initiative decision, moves Vera by
/// clicking squares on the grid and attacks the rat by clicking it; the damage shows on both
/// screens (the Referee's card of the rat loses Stamina; both logs show the hit and its
/// damage). The rat is unconscious and cannot fight back; a missed attack is tried again in
/// the next round, so the test does not depend on the dice.
// Covers CR-CBT-09, CR-MAN-01, CR-CBT-10.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_combat_round_through_the_controls() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1440, 1100).await;
    referee.goto(&srv.base).await.expect("open");
    fill(&referee, "#new-name", "Rat Hole").await;
    fill(&referee, "#new-referee", "Ann").await;
    click(&referee, "#create-table").await;
    wait_js(
        &referee,
        "referee screen",
        "return document.querySelector('.table-screen.referee #combat')",
    )
    .await;
    for cmd in [
        json!({"rules": {"create_creature": {"id": "vera", "name": "Vera", "kind": "crow", "characteristics": {"agility": 1, "mind": 0, "strength": 2}, "stamina": 6, "speed": {"walk": 6}}}}),
        json!({"rules": {"create_creature": {"id": "rat", "name": "Rat", "kind": "monster", "characteristics": {"agility": 0, "mind": -2, "strength": 0}, "stamina": 6, "speed": {"walk": 4}, "revealed": true}}}),
        json!({"rules": {"add_condition": {"creature": "rat", "condition": "unconscious"}}}),
        json!({"rules": {"place": {"creature": "vera", "at": {"x": 1, "y": 1}, "side": "crows"}}}),
        json!({"rules": {"place": {"creature": "rat", "at": {"x": 4, "y": 1}, "side": "enemies"}}}),
    ] {
        let r = api_command(&referee, cmd.clone()).await;
        assert_eq!(r["status"], 200, "{cmd}: {r}");
    }
    // The player joins for Vera.
    select(&referee, "#invite-character", "vera").await;
    click(&referee, "#make-invite").await;
    let link = wait_js(
        &referee,
        "invite link",
        "const i = document.querySelector('.invite-link'); return i && i.value",
    )
    .await;
    let player = browser(&driver, &profiles.path().join("player"), 800, 1000).await;
    player
        .goto(link.as_str().expect("link"))
        .await
        .expect("open invite");
    fill(&player, "#join-name", "Bob").await;
    click(&player, "#join-button").await;
    wait_js(
        &player,
        "player grid",
        "return document.querySelector('.table-screen.player #battle-grid [data-token=vera]')",
    )
    .await;
    wait_js(
        &referee,
        "Bob at the table",
        "return [...document.querySelectorAll('#initiative-roller option, #invites')].some(e => e.textContent.includes('Bob'))",
    )
    .await;

    // The Referee starts combat; Bob rolls initiative (the Referee picks him).
    click(&referee, "#combat-start").await;
    let roller = wait_js(
        &referee,
        "roller",
        "const r = document.querySelector('#initiative-roller'); return r && r.value",
    )
    .await;
    assert_eq!(roller, "Bob", "the only player rolls");
    until_veras_turn(&referee, &player).await;
    let budget = text_of(&player, "#combat-budget").await;
    assert!(budget.contains("1 action left"), "a fresh turn: {budget}");
    shot_at(&player, "13-player-combat-turn", Some("#combat")).await;

    // Move: two squares clicked on the grid, then sent.
    click(&player, "#combat-mode-move").await;
    click(&player, "#sq-2-1").await;
    click(&player, "#sq-3-1").await;
    let path = text_of(&player, "#combat .combat-actor").await;
    assert!(path.contains("(2, 1)") && path.contains("(3, 1)"), "{path}");
    click(&player, "#combat-send-move").await;
    for c in [&referee, &player] {
        wait_js(
            c,
            "vera moved",
            "return document.querySelector('#sq-3-1[data-creature=vera]')",
        )
        .await;
    }

    let budget = text_of(&player, "#combat-budget").await;
    assert!(
        budget.contains("1 action left"),
        "moving spends a maneuver: {budget}"
    );

    // Attack: click the rat on the grid, unarmed, send; a miss waits for the next round.
    let mut hit = false;
    for round in 0..6 {
        if round > 0 {
            click(&player, "#combat-end-turn").await;
            wait_js(
                &player,
                "Vera's turn over",
                "return !document.querySelector('#combat-mode-move')",
            )
            .await;
            until_veras_turn(&referee, &player).await;
        }
        let before = player.execute(ATTACK_LINES, vec![]).await.expect("lines");
        let before = before.as_array().map_or(0, Vec::len);
        click(&player, "#combat-mode-attack").await;
        click(&player, "#sq-4-1").await;
        let target = wait_js(
            &player,
            "target picked",
            "return document.querySelector('#combat-target').value",
        )
        .await;
        assert_eq!(target, "rat");
        click(&player, "#combat-send-attack").await;
        let lines = wait_js(
            &player,
            "attack resolved",
            &format!("const l = (() => {{ {ATTACK_LINES} }})(); return l.length > {before} && l"),
        )
        .await;
        let last = lines[0].as_str().unwrap_or_default().to_string();
        eprintln!("attack {round}: {last}");
        if last.to_lowercase().contains("vera hits rat") {
            hit = true;
            break;
        }
    }
    assert!(hit, "six attacks missed");
    // The damage: the rat's Stamina on the Referee's card, the hit and its damage in both logs.
    wait_js(
        &referee,
        "rat hurt",
        "const s = document.querySelector('[data-creature=rat] .stamina'); return s && !s.textContent.includes('6/6')",
    )
    .await;
    for c in [&referee, &player] {
        wait_js(
            c,
            "hit in the log",
            "return [...document.querySelectorAll('#log-list li')].some(l => /vera hits rat: tier \\d, [1-9]\\d* damage/i.test(l.textContent))",
        )
        .await;
    }
    shot_at(&referee, "14-referee-combat-after-attack", Some("#combat")).await;
    shot_at(&player, "15-player-combat-after-attack", Some("#combat")).await;

    // End the turn; the Referee ends combat.
    click(&player, "#combat-end-turn").await;
    click(&referee, "#combat-end").await;
    wait_js(
        &player,
        "combat over",
        "return !document.querySelector('#combat .order')",
    )
    .await;
    referee.close().await.expect("close");
    player.close().await.expect("close");
    srv.stop().await;
}

// ---------- the log by pages; page weight (issue 23, items 10 and 12) ----------

/// A Crows table with a long log (`events` option toggles after the creation), made through
/// the API; returns (table id, Referee token).
async fn long_table(base: &str, events: usize) -> (String, String) {
    let http = reqwest::Client::new();
    let made: Value = http
        .post(format!("{base}/api/tables"))
        .json(&json!({"ruleset": "crows", "name": "Long Crypt", "referee": "Ann"}))
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("json");
    let id = made["id"].as_str().expect("id").to_string();
    let token = made["referee_token"].as_str().expect("token").to_string();
    let mut i = 0;
    while i < events {
        let cmd = json!({"set_option": {"players_physical_dice": i % 2 == 0}});
        let r = http
            .post(format!("{base}/api/tables/{id}/commands"))
            .bearer_auth(&token)
            .json(&cmd)
            .send()
            .await
            .expect("command");
        // The per-token command rate (20/s): wait for it, as a client would.
        if r.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
            tokio::time::sleep(Duration::from_millis(250)).await;
            continue;
        }
        assert!(r.status().is_success(), "{cmd}: {}", r.status());
        i += 1;
    }
    (id, token)
}

/// Lines in the log list, and the `/log` requests the page made.
const LOG_STATE: &str = r#"return {lines: document.querySelectorAll('#log-list li').length,
    older: !!document.querySelector('#log-older'),
    requests: performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/log?'))
      .map(n => n.slice(n.indexOf('/log?')))};"#;

async fn log_state(c: &Client) -> Value {
    c.execute(LOG_STATE, vec![]).await.expect("log state")
}

/// Issue 23 item 12: a table with 300+ events opens with only the newest page of its log
/// (one `newest=true` request), older pages load on "show older" (by keyboard) and when the
/// log is scrolled to its end, and a live event still lands on top.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_log_opens_with_the_newest_page_and_loads_older_on_request() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let (id, token) = long_table(&srv.base, 320).await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("long"), 1280, 900).await;
    c.goto(&format!("{}/#table={id}&token={token}", srv.base))
        .await
        .expect("open");
    wait_js(
        &c,
        "the newest page",
        "return document.querySelectorAll('#log-list li').length > 0 && document.querySelector('#log-older')",
    )
    .await;
    let opened = log_state(&c).await;
    assert_eq!(opened["lines"], 50, "only the newest page: {opened}");
    assert_eq!(
        opened["requests"],
        json!(["/log?newest=true&limit=50"]),
        "one request for the log: {opened}"
    );
    let newest = text_of(&c, "#log-list li:first-child").await;
    // "Show older" by keyboard: focus and Enter.
    c.execute(
        "document.querySelector('#log-older').focus(); return true",
        vec![],
    )
    .await
    .expect("focus");
    c.active_element()
        .await
        .expect("focused")
        .send_keys(ENTER)
        .await
        .expect("enter");
    wait_js(
        &c,
        "the second page",
        "return document.querySelectorAll('#log-list li').length === 100",
    )
    .await;
    // Scrolled to its end: the next page.
    c.execute(
        "const l = document.querySelector('#log-list'); l.scrollTop = l.scrollHeight; return true",
        vec![],
    )
    .await
    .expect("scroll");
    wait_js(
        &c,
        "the third page",
        "return document.querySelectorAll('#log-list li').length === 150",
    )
    .await;
    assert_eq!(text_of(&c, "#log-list li:first-child").await, newest);
    // Every older page asked by `before`, none twice.
    let state = log_state(&c).await;
    let requests: Vec<&str> = state["requests"]
        .as_array()
        .expect("requests")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(requests.len(), 3, "{state}");
    assert!(
        requests[1..].iter().all(|r| r.contains("before=")),
        "{state}"
    );
    // A live event lands on top of the loaded pages.
    let http = reqwest::Client::new();
    let r = http
        .post(format!("{}/api/tables/{id}/commands", srv.base))
        .bearer_auth(&token)
        .json(&json!({"set_option": {"players_physical_dice": true}}))
        .send()
        .await
        .expect("command");
    assert!(r.status().is_success());
    wait_js(
        &c,
        "the live event",
        "return document.querySelectorAll('#log-list li').length === 151",
    )
    .await;
    shot(&c, "long-log-paged").await;
    c.close().await.expect("close");
    srv.stop().await;
}

/// Issue 23 item 12's figures (printed as `MEASURE`; `bench/page-weight.sh` runs this): a
/// Crows table with a long log opened in a fresh browser — bytes transferred (asserted within
/// the 150 KB budget: bytes do not depend on the machine), the requests of a repeat visit, and
/// the time from another seat's command to its line on the screen with the CPU slowed 4×
/// (printed only, never asserted).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn page_weight_of_a_long_table() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let events: usize = std::env::var("DELVE_BENCH_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let (id, token) = long_table(&srv.base, events).await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("weight"), 1280, 900).await;
    let url = format!("{}/#table={id}&token={token}", srv.base);
    let ready = "return document.querySelectorAll('#log-list li').length >= 50 && document.readyState === 'complete'";
    const WEIGHT: &str = r#"const n = performance.getEntriesByType('navigation')[0];
        const r = performance.getEntriesByType('resource');
        return {transfer: n.transferSize + r.reduce((a, e) => a + e.transferSize, 0),
                decoded: n.decodedBodySize + r.reduce((a, e) => a + e.decodedBodySize, 0),
                requests: r.length + 1,
                network: [n, ...r].filter(e => e.transferSize > 0).length,
                ms: performance.now(),
                files: r.map(e => e.name.replace(location.origin, '') + ' ' + e.transferSize)};"#;
    c.goto(&url).await.expect("open");
    wait_js(&c, "the table", ready).await;
    // Let late fetches (QR code, messages) settle.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let first = c.execute(WEIGHT, vec![]).await.expect("perf");
    let transfer = first["transfer"].as_f64().unwrap_or(f64::NAN);
    eprintln!(
        "MEASURE table first load ({events} events): {transfer} bytes transferred ({} decoded) in {} requests, ready after {:.0} ms",
        first["decoded"],
        first["requests"],
        first["ms"].as_f64().unwrap_or(0.0)
    );
    eprintln!("MEASURE files: {}", first["files"]);
    assert!(
        transfer <= 150_000.0,
        "a table's first load transfers {transfer} bytes (budget 150 KB): {first}"
    );
    // A repeat visit (a new page load in the same profile): only what is not cached for good.
    c.goto(&format!("{}/", srv.base)).await.expect("away");
    c.goto(&url).await.expect("again");
    c.refresh().await.expect("reload");
    wait_js(&c, "the table again", ready).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let again = c.execute(WEIGHT, vec![]).await.expect("perf");
    eprintln!(
        "MEASURE repeat visit (reload): {} requests reached the network of {} ({} bytes transferred)",
        again["network"], again["requests"], again["transfer"]
    );
    eprintln!("MEASURE repeat files: {}", again["files"]);
    // One live event with the CPU slowed 4× (Chrome DevTools through chromedriver).
    let throttled = match c.session_id().await {
        Ok(Some(session)) => reqwest::Client::new()
            .post(format!("{}/session/{session}/goog/cdp/execute", driver.url))
            .json(&json!({"cmd": "Emulation.setCPUThrottlingRate", "params": {"rate": 4}}))
            .send()
            .await
            .is_ok_and(|r| r.status().is_success()),
        _ => false,
    };
    // The shell's render timed in the page (the whole patch, and the ruleset's layout in it).
    c.execute_async(
        r#"const done = arguments[arguments.length - 1];
           const base = JSON.parse(document.getElementById('delve-assets').textContent).base;
           import(base + 'js/table.js').then(m => {
             const P = m.TableScreen.prototype, render = P.render;
             window.renders = [];
             P.render = function () {
               const lay = this.ruleset && this.ruleset.layout;
               if (lay && !lay.timed) {
                 const timed = function (s) { const t = performance.now(); try { return lay.call(this, s); } finally { window.layoutMs += performance.now() - t; } };
                 timed.timed = true;
                 this.ruleset.layout = timed;
               }
               window.layoutMs = 0;
               const t0 = performance.now();
               render.call(this);
               window.renders.push({ms: performance.now() - t0, layout: window.layoutMs});
             };
             done(true);
           });"#,
        vec![],
    )
    .await
    .expect("time renders");
    let mut times = Vec::new();
    for i in 0..9 {
        let timing = c
            .execute_async(
                r#"const [table, token, value, done] = arguments;
                   const list = document.querySelector('#log-list');
                   const before = list.querySelectorAll('li').length;
                   const t0 = performance.now();
                   // The view re-read the event starts (if any): when it began and ended.
                   let view = null;
                   const res = new PerformanceObserver((l) => {
                     for (const e of l.getEntries())
                       if (e.name.endsWith('/view') && e.startTime > t0 && !view) view = [Math.round(e.startTime - t0), Math.round(e.responseEnd - t0)];
                   });
                   res.observe({type: 'resource'});
                   const seen = new MutationObserver(() => {
                     if (document.querySelectorAll('#log-list li').length > before) {
                       seen.disconnect();
                       const ms = Math.round(performance.now() - t0);
                       setTimeout(() => { res.disconnect(); done({ms, view}); }, 50);
                     }
                   });
                   seen.observe(document.querySelector('#log'), {childList: true, subtree: true});
                   fetch(`/api/tables/${table}/commands`, {method: 'POST',
                     headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
                     body: JSON.stringify({set_option: {players_physical_dice: value}})});"#,
                vec![json!(id), json!(token), json!(i % 2 == 0)],
            )
            .await
            .expect("live event");
        times.push(timing);
    }
    let cpu = if throttled {
        "4× slower"
    } else {
        "not throttled (CDP unavailable)"
    };
    let mut medians = times
        .iter()
        .filter_map(|t| t["ms"].as_f64())
        .collect::<Vec<_>>();
    medians.sort_by(f64::total_cmp);
    eprintln!(
        "MEASURE live event to its log line (ms from sending the command in the page; `view`: \
         the view re-read's start and end, if one ran before the line showed), CPU {cpu}: {} \
         (median {:?} ms)",
        Value::Array(times),
        medians.get(medians.len() / 2)
    );
    let renders = c
        .execute(
            "return (window.renders || []).map(r => [Math.round(r.ms * 10) / 10, Math.round(r.layout * 10) / 10])",
            vec![],
        )
        .await
        .expect("renders");
    eprintln!(
        "MEASURE the shell's render per live event ([whole render, the ruleset's layout in it] ms, CPU {cpu}): {renders}"
    );
    c.close().await.expect("close");
    srv.stop().await;
}
