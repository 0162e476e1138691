//! A Crows session run from the screens alone (issue 23): the Referee loads the sample packs
//! from files, creates a crow by name and a monster from a bestiary card, puts a pack's torch
//! into the crow's hand, and calls for a test that the crow's player rolls on their own
//! screen (its exact odds shown with it, its words in Russian), with no raw command. Then a
//! second crow's player joins on a phone-width window in English; the players chat and Bob
//! whispers to the Referee (never on Cleo's screen); a called test where Bob takes the
//! expertise offer; lockpicks used (their usage dice) and the torch lit; a dungeon turn whose
//! secret encounter check each player's log words plainly, the Referee's panel listing it; a
//! rest on rations; a fight where the spider bites with its card's attack. Puts the
//! screenshots in `target/screenshots/session-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Locator;

// Covers CR-REF-03 (the Referee calls the test, the player rolls it), CR-INV-03 (items placed
// from the pack's cards), CR-EXT-05 (a creature made from a bestiary card), CR-CBT-09 (each
// creature placed on its side), CR-EXP-09 (an approved expertise offered and spent),
// CR-UD-05 (an Activate item's usage dice on "Use"), CR-ENC-01 (the end-of-turn encounter
// check), CR-REST-01 (a rest on rations, after sleep).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_ref_03_a_session_from_the_screens_alone() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1440, 1100).await;
    referee_table(&referee, &srv.base, "Cellar").await;

    // --- the sample packs, uploaded as files ---
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/crows-sample");
    let files = ["items.json", "bestiary.json"]
        .map(|f| {
            dir.join(f)
                .canonicalize()
                .expect("pack file")
                .display()
                .to_string()
        })
        .join("\n");
    click(&referee, "#packs > summary").await;
    referee
        .find(Locator::Css("#pack-files"))
        .await
        .expect("file input")
        .send_keys(&files)
        .await
        .expect("choose files");
    click(&referee, "#packs button").await;
    wait_js(
        &referee,
        "cards loaded",
        "return [...document.querySelectorAll('#packs .hint')].some(h => /item cards/.test(h.textContent) && /creature card/.test(h.textContent))",
    )
    .await;

    // --- a crow by name (the id is made from it), with an expertise ---
    click(&referee, "#open-create-creature").await;
    fill(&referee, "#cc-name", "Vera Ash").await;
    fill(&referee, "#cc-strength", "2").await;
    fill(&referee, "#cc-ancestry", "Marsh folk").await;
    select(&referee, "#cc-exp-pick", "athletics").await;
    click(&referee, "#cc-exp-add").await;
    click(&referee, "#cc-submit").await;
    wait_js(
        &referee,
        "vera's card",
        "return document.querySelector('#party [data-creature=vera-ash]')",
    )
    .await;

    // --- a monster from its bestiary card (the sample's `cave-spider` is a Ceiling spider) ---
    js(
        &referee,
        "document.querySelector('#create-creature').open = true",
    )
    .await;
    select(&referee, "#cc-card", "cave-spider").await;
    wait_js(
        &referee,
        "the card's facts",
        "const p = document.querySelector('#cc-card-facts'); return p && /Stamina/.test(p.textContent)",
    )
    .await;
    click(&referee, "#cc-submit").await;
    let spider = wait_js(
        &referee,
        "the spider",
        "const c = document.querySelector('#monsters [data-creature^=ceiling-spider]'); return c && c.dataset.creature",
    )
    .await;
    assert_eq!(
        spider, "ceiling-spider",
        "the id is made from the card's name"
    );

    // --- placing on the grid: the side follows the creature until the Referee picks one ---
    wait_js(
        &referee,
        "the place form",
        "return document.querySelector('#combat-place')",
    )
    .await;
    js(
        &referee,
        "document.querySelector('#combat-place').open = true",
    )
    .await;
    for (creature, side) in [("ceiling-spider", "enemies"), ("vera-ash", "crows")] {
        select(&referee, "#place-creature", creature).await;
        let shown = wait_js(
            &referee,
            "the side for the creature",
            &format!("const s = document.querySelector('#place-side'); return s && s.value === '{side}' && s.value"),
        )
        .await;
        assert_eq!(shown, side);
    }

    // --- a torch from the pack's cards into Vera's hand ---
    click(&referee, "#select-vera-ash").await;
    wait_js(
        &referee,
        "vera selected",
        "return /Vera Ash/.test(document.querySelector('#inventory-h')?.textContent)",
    )
    .await;
    click(&referee, "#place-item > summary").await;
    select(&referee, "#pi-card", "torch").await;
    select(&referee, "#pi-kind", "hand").await;
    click(&referee, "#pi-submit").await;
    wait_js(
        &referee,
        "the torch in hand",
        "return [...document.querySelectorAll('.inventory .item-name')].some(e => e.textContent === 'Torch')",
    )
    .await;
    shot(&referee, "session-01-referee").await;

    // --- the player joins and rolls the test the Referee calls ---
    let joined = join_player(&referee, "vera-ash", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    let player = browser(&driver, &profiles.path().join("player"), 1280, 1000).await;
    player.goto(&link).await.expect("open the invite");
    wait_js(
        &player,
        "the player's screen",
        "return document.querySelector('.table-screen.player')",
    )
    .await;
    wait_js(
        &referee,
        "vera has a player",
        "return document.querySelector('#call-test')",
    )
    .await;
    js(
        &referee,
        "document.querySelector('#test-char-strength').click()",
    )
    .await;
    fill(&referee, "#test-task", "lift the grate").await;
    click(&referee, "#call-test").await;
    // The player sees the call with its odds, in Russian.
    select(&player, "#lang-select", "ru").await;
    let prompt = wait_js(
        &player,
        "the called test",
        // Waits for the Russian words too: the language loads after the switch.
        "const d = document.querySelector('.decision.kind-crows-called_test'); const s = d && d.querySelector('.decision-head strong'); return d && d.querySelector('#odds-box .odds-bar') && s && /Рефери/.test(s.textContent) && s.textContent",
    )
    .await;
    let prompt = prompt.as_str().unwrap_or_default().to_string();
    assert!(prompt.contains("Рефери просит проверку"), "{prompt}");
    assert!(
        prompt.contains("Vera Ash") && prompt.contains("Сила"),
        "{prompt}"
    );
    assert!(!prompt.contains("vera-ash"), "a name, not an id: {prompt}");
    shot(&player, "session-02-player-called-test").await;
    click(
        &player,
        ".decision.kind-crows-called_test button[data-option=roll]",
    )
    .await;
    let line = log_line(&player, "the rolled test", "Vera Ash.*(ступень|tier)").await;
    assert!(!line.contains("vera-ash"), "{line}");
    // The Referee's log says who rolled, and no decision is left open.
    log_line(
        &referee,
        "the test on the Referee's screen",
        "Vera Ash.*tier",
    )
    .await;
    wait_js(
        &referee,
        "the call answered",
        "return !document.querySelector('.decision.kind-crows-called_test')",
    )
    .await;
    shot(&referee, "session-03-after-the-roll").await;

    // --- a second crow, made by hand, and its player on a phone-width window in English ---
    js(
        &referee,
        "document.querySelector('#create-creature').open = true",
    )
    .await;
    select(&referee, "#cc-card", "").await;
    wait_js(
        &referee,
        "the by-hand fields",
        "return document.querySelector('#cc-kind')",
    )
    .await;
    select(&referee, "#cc-kind", "crow").await;
    fill(&referee, "#cc-name", "Wren Hale").await;
    fill(&referee, "#cc-agility", "1").await;
    click(&referee, "#cc-submit").await;
    wait_js(
        &referee,
        "wren's card",
        "return document.querySelector('#party [data-creature=wren-hale]')",
    )
    .await;
    let cleo_seat = join_player(&referee, "wren-hale", "Cleo").await;
    let phone = browser(&driver, &profiles.path().join("phone"), 412, 915).await;
    phone
        .goto(cleo_seat["link"].as_str().expect("link"))
        .await
        .expect("open the second invite");
    wait_js(
        &phone,
        "the phone player's screen",
        "return document.querySelector('.table-screen.player') && document.documentElement.lang === 'en' && document.querySelector('#chat-text')",
    )
    .await;
    shot(&phone, "session-04-phone-joined").await;

    // --- chat to the table, and a whisper from Bob to the Referee alone ---
    let chat_of = |who: &'static str| {
        format!(
            "const l = document.querySelector('#chat-lines'); return l && l.textContent.includes({})",
            serde_json::json!(who)
        )
    };
    // The phone shows the chat on one of its tabs.
    let chat_tab = js(
        &phone,
        "const p = document.querySelector('#chat-text').closest('.pane[data-tab]'); return p ? p.dataset.tab : ''",
    )
    .await;
    if let Some(tab) = chat_tab.as_str().filter(|t| !t.is_empty()) {
        click(&phone, &format!("#tab-{tab}")).await;
    }
    fill(&phone, "#chat-text", "WREN-HELLO lanterns up\n").await;
    wait_js(&player, "bob reads cleo", &chat_of("WREN-HELLO")).await;
    wait_js(&referee, "the referee reads cleo", &chat_of("WREN-HELLO")).await;
    wait_js(
        &player,
        "the referee in bob's picker",
        "return document.querySelector('#chat-to input[data-to=Ann]')",
    )
    .await;
    click(&player, "#chat-to input[data-to=Ann]").await;
    fill(&player, "#chat-text", "BOB-WHISPER the spider is mine").await;
    click(&player, "#chat-send").await;
    wait_js(
        &referee,
        "the referee reads the whisper",
        &chat_of("BOB-WHISPER"),
    )
    .await;
    wait_js(&player, "bob sees his whisper", &chat_of("BOB-WHISPER")).await;
    // The phone never receives it: wait for a later public line, then look.
    click(&player, "#chat-to input[data-to=Ann]").await;
    fill(&player, "#chat-text", "BOB-PUBLIC ready\n").await;
    wait_js(
        &phone,
        "cleo reads bob's public line",
        &chat_of("BOB-PUBLIC"),
    )
    .await;
    let leaked = js(
        &phone,
        "return document.body.textContent.includes('BOB-WHISPER') || [...document.querySelectorAll('#log-list li')].some(l => l.textContent.includes('BOB-WHISPER'))",
    )
    .await;
    assert_eq!(leaked, serde_json::json!(false), "the whisper reached Cleo");
    shot(&phone, "session-05-phone-chat").await;
    shot(&player, "session-06-player-whisper").await;

    // --- a called test where the player takes the expertise offer (athletics approved) ---
    answer_pending(&referee).await;
    click(&referee, "#select-vera-ash").await;
    wait_js(
        &referee,
        "vera's test panel",
        "return document.querySelector('#approve-athletics') && document.querySelector('#call-test')",
    )
    .await;
    click(&referee, "#approve-athletics").await;
    let mut offered = false;
    for n in 1..=20 {
        js(
            &referee,
            "document.querySelector('#test-char-strength').click()",
        )
        .await;
        wait_js(
            &referee,
            "athletics approved",
            "return document.querySelector('#approve-athletics').checked",
        )
        .await;
        fill(&referee, "#test-task", &format!("climb the shaft, try {n}")).await;
        let before = js(
            &player,
            "return document.querySelector('#test-result')?.dataset.n ?? ''",
        )
        .await;
        click(&referee, "#call-test").await;
        let roll = ".decision.kind-crows-called_test button[data-option=roll]";
        wait_js(
            &player,
            "the call on bob's screen",
            &format!("return document.querySelector('{roll}')"),
        )
        .await;
        click(&player, roll).await;
        // The roll either waits on the expertise offer or is settled.
        let state = wait_js(
            &player,
            "the roll settled or offered",
            &format!("if (document.querySelector('.decision.kind-crows-called_test')) return ''; \
             const r = document.querySelector('#test-result'); if (!r || (r.dataset.n ?? '') === {before}) return ''; \
             const b = document.querySelector('#test-result button[data-option=athletics]'); \
             if (b && !b.disabled) return 'offer'; \
             return !r.querySelector('.offer') && r.textContent && 'settled'"),
        )
        .await;
        if state == serde_json::json!("offer") {
            click(&player, "#test-result button[data-option=athletics]").await;
            offered = true;
            break;
        }
        answer_pending(&referee).await;
    }
    assert!(offered, "no expertise offer in 20 called tests");
    let spent = wait_js(
        &referee,
        "the expertise spent",
        "const r = document.querySelector('#test-result'); return r && /expertise spent/.test(r.textContent) && r.textContent",
    )
    .await;
    assert!(
        spent.as_str().unwrap_or_default().contains("Athletics"),
        "{spent}"
    );
    shot(&player, "session-07-player-expertise").await;
    answer_pending(&referee).await;

    // --- items for the road: lockpicks (their usage dice roll on "Use") and rations ---
    click(&referee, "#select-vera-ash").await;
    for (card, kind, number) in [("lockpicks", "backpack", "1"), ("ration", "backpack", "2")] {
        give_card(&referee, card, kind, number).await;
    }
    click(&referee, "#select-wren-hale").await;
    wait_js(
        &referee,
        "wren selected",
        "return /Wren Hale/.test(document.querySelector('#inventory-h')?.textContent)",
    )
    .await;
    give_card(&referee, "ration", "backpack", "1").await;

    // Bob uses the lockpicks on his own screen: their usage dice roll.
    let picks = wait_js(
        &player,
        "the lockpicks on bob's sheet",
        "const e = [...document.querySelectorAll('.inventory .item')].find(e => e.querySelector('.item-name')?.textContent === 'Set of lockpicks'); return e && e.id",
    )
    .await;
    click(&player, &format!("#{}", picks.as_str().expect("id"))).await;
    click(&player, "#act-use").await;
    let used = log_line(&player, "the lockpicks' usage dice", "Кости износа").await;
    assert!(!used.contains('{'), "{used}");
    // And lights the torch: its usage dice roll at the end of the dungeon turn.
    let torch = wait_js(
        &player,
        "the torch on bob's sheet",
        "const e = [...document.querySelectorAll('.inventory .item')].find(e => e.querySelector('.item-name')?.textContent === 'Torch'); return e && e.id",
    )
    .await;
    click(&player, &format!("#{}", torch.as_str().expect("id"))).await;
    click(&player, "#act-light-item").await;
    wait_js(
        &player,
        "the torch lit",
        "return document.querySelector('.inventory .tag.lit')",
    )
    .await;
    shot(&player, "session-08-player-items").await;

    // --- a dungeon turn and its secret encounter check ---
    fill(&referee, "#dungeon-name", "Cellar").await;
    select(&referee, "#dungeon-length", "manual").await;
    click(&referee, "#enter-dungeon").await;
    wait_js(
        &referee,
        "in the dungeon",
        "const s = document.querySelector('#dungeon-status'); return s && /dungeon turn 1/.test(s.textContent)",
    )
    .await;
    click(&referee, "#end-turn").await;
    let check = wait_js(
        &referee,
        "the check listed",
        "const l = [...document.querySelectorAll('#encounter-checks li')].find(l => /^Turn 1: rolled/.test(l.textContent)); return l && l.textContent",
    )
    .await;
    assert!(
        check.as_str().unwrap_or_default().contains("against EN"),
        "{check}"
    );
    for (c, who, re) in [
        (&player, "bob", "тайный бросок.*Проверка встречи"),
        (&phone, "cleo", "in secret.*Encounter check"),
    ] {
        let line = log_line(c, &format!("the secret check in {who}'s log"), re).await;
        assert!(
            !line.contains('{') && !line.contains("0: ") && !line.contains("; 1:"),
            "{who}: {line}"
        );
    }
    log_line(&player, "the torch's usage dice", "Кости износа: Torch").await;
    shot(&referee, "session-09-referee-dungeon-turn").await;
    shot(&phone, "session-10-phone-dungeon-turn").await;
    answer_pending(&referee).await;

    // --- a rest: both crows rest on their rations, sleep, and the rest is finished ---
    for id in ["vera-ash", "wren-hale"] {
        let sel = format!("#rest-member-{id}");
        wait_js(
            &referee,
            "the rest list",
            &format!("return document.querySelector('{sel}')"),
        )
        .await;
        if js(
            &referee,
            &format!("return document.querySelector('{sel}').checked"),
        )
        .await
            != serde_json::json!(true)
        {
            click(&referee, &sel).await;
        }
    }
    click(&referee, "#start-rest-party").await;
    wait_js(
        &referee,
        "resting",
        "return document.querySelector('#finish-rest') && !document.querySelector('#dungeon-refusal')",
    )
    .await;
    click(&referee, "#rest-sleep-all").await;
    wait_js(
        &referee,
        "sleep recorded",
        "return document.querySelector('#rest-sleep-all')?.disabled",
    )
    .await;
    shot(&referee, "session-11-referee-resting").await;
    click(&referee, "#finish-rest").await;
    answer_pending(&referee).await;
    log_line(&referee, "the rest over", "The rest is over").await;
    log_line(&phone, "the rest over on the phone", "The rest is over").await;

    // --- a fight: placed from the combat panel, the spider bites with its card's attack ---
    js(
        &referee,
        "document.querySelector('#combat-place').open = true",
    )
    .await;
    for (creature, x, y) in [("vera-ash", "1", "1"), ("ceiling-spider", "2", "1")] {
        select(&referee, "#place-creature", creature).await;
        fill(&referee, "#place-x", x).await;
        fill(&referee, "#place-y", y).await;
        click(&referee, "#place-submit").await;
        wait_js(
            &referee,
            "the token placed",
            &format!("return document.querySelector('#battle-grid [data-token={creature}]')"),
        )
        .await;
    }
    click(&referee, "#combat-start").await;
    until_turn_of(&referee, "Ceiling spider").await;
    click(&referee, "#combat-mode-attack").await;
    select(&referee, "#combat-target", "vera-ash").await;
    let weapon = wait_js(
        &referee,
        "the card's attack offered",
        "const o = [...document.querySelectorAll('#combat-weapon option')].find(o => o.value.startsWith('natural:')); return o && o.value",
    )
    .await;
    let weapon = weapon.as_str().unwrap_or_default().to_string();
    assert_eq!(weapon, "natural:Venom fang", "the bestiary card's attack");
    select(&referee, "#combat-weapon", &weapon).await;
    click(&referee, "#combat-send-attack").await;
    let line = log_line(
        &referee,
        "the spider's attack",
        "Ceiling spider attacks Vera Ash",
    )
    .await;
    assert!(line.contains("Venom fang"), "{line}");
    shot(&referee, "session-12-referee-fight").await;
    answer_pending(&referee).await;
    shot(&phone, "session-13-phone-fight").await;
}

/// The Referee puts a card's item into the selected creature's slot with the place-item form.
async fn give_card(c: &fantoccini::Client, card: &str, kind: &str, number: &str) {
    let before = js(
        c,
        "return document.querySelectorAll('.inventory .item').length",
    )
    .await;
    let open = js(c, "return !!document.querySelector('#place-item')?.open").await;
    if open != serde_json::json!(true) {
        click(c, "#place-item > summary").await;
    }
    select(c, "#pi-card", card).await;
    select(c, "#pi-kind", kind).await;
    fill(c, "#pi-number", number).await;
    click(c, "#pi-submit").await;
    wait_js(
        c,
        &format!("{card} placed"),
        &format!("return document.querySelectorAll('.inventory .item').length > {before}"),
    )
    .await;
}
