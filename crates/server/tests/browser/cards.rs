//! Item cards (CR-INV-08) and crows that players ask for, in a real headless Chromium: the
//! Referee writes a card and opens the print view (cards at card size, a print stylesheet);
//! a player with an open invite asks for a crow, the Referee approves it and the player sees
//! its sheet; the dungeon-turn timer's log line is Russian in Russian. Screenshots go to
//! `target/screenshots/cards-*.png`. Needs chromium and chromedriver (see `browser.rs`).

use crate::browser_harness::*;
use fantoccini::Client;
use serde_json::{Value, json};

/// The page's id of the item called `name` in `creature`'s inventory.
async fn item_id(c: &Client, creature: &str, name: &str) -> u64 {
    let v = wait_js(
        c,
        &format!("item {name}"),
        &format!(
            "const b = [...document.querySelectorAll('.inventory[data-creature={creature}] button.item')].find(b => b.querySelector('.item-name').textContent === {name:?}); return b && Number(b.dataset.item)"
        ),
    )
    .await;
    v.as_u64().expect("item id")
}

// Covers CR-INV-08, CR-CORE-09, CR-CORE-13.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cr_inv_08_cards_print_and_a_player_asks_for_a_crow() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1440, 1000).await;

    // --- a table with a crow and three items ---
    referee.goto(&srv.base).await.expect("open");
    fill(&referee, "#new-name", "Card Night").await;
    fill(&referee, "#new-referee", "Ann").await;
    fill(&referee, "#new-turn", "30").await;
    click(&referee, "#create-table").await;
    wait_js(
        &referee,
        "referee screen",
        "return document.querySelector('.table-screen.referee')",
    )
    .await;
    let r = api_command(&referee, json!({"rules": {"create_creature": {"id": "vera", "name": "Vera", "kind": "crow", "characteristics": {"agility": 1, "mind": 0, "strength": 0}, "stamina": 6}}})).await;
    assert_eq!(r["status"], 200, "{r}");
    for (name, slots, kind, number) in [
        ("Torch", 1, "hand", 1),
        ("Rope", 1, "belt", 1),
        ("Tent", 2, "backpack", 3),
    ] {
        let to: Vec<Value> = (0..slots)
            .map(|i| json!({"kind": kind, "number": number + i}))
            .collect();
        let r = api_command(&referee, json!({"rules": {"place_item": {"creature": "vera", "custom": {"name": name, "slots": slots}, "slots": to}}})).await;
        assert_eq!(r["status"], 200, "{r}");
    }
    click(&referee, "#select-vera").await;
    let torch = item_id(&referee, "vera", "Torch").await;

    // --- CR-INV-08: the Referee writes the torch's card ---
    click(&referee, &format!("#item-vera-{torch}")).await;
    fill(
        &referee,
        "#card-notes",
        "soaked in oil: burns twice as long",
    )
    .await;
    fill(&referee, "#card-name", "Oiled torch").await;
    click(&referee, "#card-save").await;
    wait_js(&referee, "the card's notes on the item", &format!("const b = document.querySelector('#item-vera-{torch}'); return b && b.querySelector('.item-name').textContent === 'Oiled torch' && b.querySelector('.tag.note')?.title === 'soaked in oil: burns twice as long'")).await;
    shot_at(&referee, "cards-01-card-written", Some("#inventory")).await;

    // --- the print view: sheet and cards at card size ---
    click(&referee, "#print-cards").await;
    let cards = wait_js(
        &referee,
        "print view",
        r#"const v = document.querySelector('#print-view'); if (!v) return null;
           const mm = (px) => Math.round(px * 25.4 / 96 * 10) / 10;
           return [...v.querySelectorAll('.print-card')].map(c => {
             const r = c.getBoundingClientRect();
             return {name: c.querySelector('.pc-name').textContent, w: mm(r.width), h: mm(r.height),
                     notes: c.querySelector('.pc-notes-text').textContent};
           });"#,
    )
    .await;
    let cards = cards.as_array().expect("cards").clone();
    assert_eq!(cards.len(), 3, "{cards:?}");
    let card = |name: &str| {
        cards
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("no card {name}: {cards:?}"))
            .clone()
    };
    let (torch_card, tent_card) = (card("Oiled torch"), card("Tent"));
    // A 1-slot card stands (63.5 × 88.9 mm), a 2-slot card lies on its side.
    assert_eq!(
        (torch_card["w"].as_f64(), torch_card["h"].as_f64()),
        (Some(63.5), Some(88.9))
    );
    assert_eq!(
        (tent_card["w"].as_f64(), tent_card["h"].as_f64()),
        (Some(88.9), Some(63.5))
    );
    assert_eq!(torch_card["notes"], "soaked in oil: burns twice as long");
    // The sheet: hands, belt, backpack 1–5 and 6–10; the tent in backpack slots 3 and 4.
    let sheet = referee
        .execute(
            "return [...document.querySelectorAll('#print-view .print-sheet tr')].map(r => [...r.querySelectorAll('td .ps-item')].map(c => c.textContent))",
            vec![],
        )
        .await
        .expect("sheet");
    assert_eq!(
        sheet,
        json!([
            ["Oiled torch", ""],
            ["Rope", "", "", ""],
            ["", "", "Tent", "Tent", ""],
            ["", "", "", "", ""]
        ])
    );
    // Printing shows only the print view (the stylesheet's print rules).
    let print_rule = referee
        .execute(
            r#"for (const s of document.styleSheets) for (const r of s.cssRules)
                 if (r instanceof CSSMediaRule && r.conditionText === 'print')
                   return [...r.cssRules].map(x => x.cssText).join(' ');
               return '';"#,
            vec![],
        )
        .await
        .expect("rules");
    let print_rule = print_rule.as_str().unwrap_or_default();
    assert!(
        print_rule.contains("body.printing > :not(#print-view)")
            && print_rule.contains("display: none"),
        "{print_rule}"
    );
    shot(&referee, "cards-02-print-view").await;
    click(&referee, "#print-close").await;
    wait_js(
        &referee,
        "print view closed",
        "return !document.querySelector('#print-view') && !document.body.classList.contains('printing')",
    )
    .await;

    // --- an open invite: a player joins without a character and asks for a crow ---
    // The invite's character select starts on "open invite" (no character).
    click(&referee, "#make-invite").await;
    let link = wait_js(
        &referee,
        "invite link",
        "const i = document.querySelector('.invite-link'); return i && i.value",
    )
    .await;
    let link = link.as_str().expect("link").to_string();
    let player = browser(&driver, &profiles.path().join("player"), 412, 915).await;
    player.goto(&link).await.expect("open invite");
    fill(&player, "#join-name", "Cara").await;
    click(&player, "#join-button").await;
    wait_js(
        &player,
        "the request form",
        "return document.querySelector('.table-screen.player #request-form')",
    )
    .await;
    fill(&player, "#rq-name", "Corvin").await;
    fill(&player, "#rq-ancestry", "dwarf").await;
    select(&player, "#rq-agility", "2").await;
    select(&player, "#rq-strength", "-1").await;
    fill(&player, "#rq-stamina", "5").await;
    shot(&player, "cards-03-player-request-form").await;
    click(&player, "#rq-submit").await;
    let pending = wait_js(
        &player,
        "request pending",
        "const p = document.querySelector('#request-pending'); return p && p.textContent",
    )
    .await;
    assert!(
        pending.as_str().unwrap_or_default().contains("Corvin"),
        "{pending}"
    );

    // --- the Referee sees the request and approves it ---
    let details = wait_js(
        &referee,
        "the request decision",
        "const d = document.querySelector('.decision.kind-crows-core-character_request .request-details'); return d && d.innerText",
    )
    .await;
    let details = details.as_str().unwrap_or_default().to_string();
    for part in ["Cara", "Corvin", "dwarf", "+2", "−1", "5"] {
        assert!(details.contains(part), "{part} in {details}");
    }
    shot_at(&referee, "cards-04-referee-request", Some("#decisions")).await;
    // A refusal first, with the Referee's reason: the player's screen says so (from the
    // view, not from the loaded log), and the same form asks again.
    fill(
        &referee,
        ".decision.kind-crows-core-character_request input.free-text",
        "one crow per table tonight",
    )
    .await;
    click(
        &referee,
        ".decision.kind-crows-core-character_request button[data-option=refuse]",
    )
    .await;
    let refused = wait_js(
        &player,
        "the refusal",
        "const p = document.querySelector('#request-refused'); return p && p.textContent",
    )
    .await;
    let refused = refused.as_str().unwrap_or_default().to_string();
    assert!(
        refused.contains("Corvin") && refused.contains("one crow per table tonight"),
        "{refused}"
    );
    click(&player, "#rq-submit").await;
    wait_js(
        &referee,
        "the request again",
        "return document.querySelector('.decision.kind-crows-core-character_request button[data-option=approve]')",
    )
    .await;
    click(
        &referee,
        ".decision.kind-crows-core-character_request button[data-option=approve]",
    )
    .await;

    // --- the player now sees their crow's sheet ---
    wait_js(
        &player,
        "corvin's sheet",
        "return document.querySelector('.table-screen.player [data-creature^=corvin-]') && !document.querySelector('#request-form')",
    )
    .await;
    let sheet = text_of(&player, "[data-creature^=corvin-]").await;
    assert!(sheet.contains("Corvin"), "{sheet}");
    // Its inventory and test panels too, with no "Select" first.
    wait_js(
        &player,
        "corvin's panels",
        "return /Corvin/.test(document.querySelector('#inventory-h')?.textContent) && document.querySelector('#test')",
    )
    .await;
    shot(&player, "cards-05-player-sheet").await;
    wait_js(
        &referee,
        "corvin bound to Cara",
        "return document.querySelector('#party [data-creature^=corvin-]') && document.querySelector('#invites').innerText.includes('Cara')",
    )
    .await;

    // --- the dungeon-turn timer speaks Russian ---
    click(&referee, "#enter-dungeon").await;
    wait_js(
        &referee,
        "timer line",
        "return [...document.querySelectorAll('#log-list li')].some(l => l.textContent.includes('dungeon turn'))",
    )
    .await;
    select(&referee, "#lang-select", "ru").await;
    let line = wait_js(
        &referee,
        "Russian timer line",
        "const l = [...document.querySelectorAll('#log-list li')].find(l => l.textContent.includes('Таймер')); return l && l.textContent",
    )
    .await;
    let line = line.as_str().unwrap_or_default().to_string();
    assert!(
        line.contains("«ход подземелья»") && !line.contains("exploration"),
        "{line}"
    );
    shot(&referee, "cards-06-referee-russian").await;

    player.close().await.expect("close player");
    referee.close().await.expect("close referee");
    srv.stop().await;
}
