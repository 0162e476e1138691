//! A Crows session run from the screens alone (issue 23): the Referee loads the sample packs
//! from files, creates a crow by name and a monster from a bestiary card, puts a pack's torch
//! into the crow's hand, and calls for a test that the crow's player rolls on their own
//! screen (its exact odds shown with it, its words in Russian), with no raw command. Puts the
//! screenshots in `target/screenshots/session-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Locator;

// Covers CR-REF-03 (the Referee calls the test, the player rolls it), CR-INV-03 (items placed
// from the pack's cards), CR-EXT-05 (a creature made from a bestiary card), CR-CBT-09 (each
// creature placed on its side).
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
    referee
        .execute(
            "document.querySelector('#create-creature').open = true",
            vec![],
        )
        .await
        .expect("the form stays open");
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
    referee
        .execute(
            "document.querySelector('#combat-place').open = true",
            vec![],
        )
        .await
        .expect("open the place form");
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
    referee
        .execute(
            "document.querySelector('#test-char-strength').click()",
            vec![],
        )
        .await
        .expect("strength");
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
}
