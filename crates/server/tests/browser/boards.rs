//! The shell's shared grid and hex map (`js/grid.js`, `js/hexmap.js`) and the players'-dice
//! option, in a real headless Chromium: an area overlay shows the squares it covers and names
//! the tokens inside before anything is confirmed; the hex map shows the party (believed and
//! true hexes) and its hexes act; the Crows battle-map editor, now on the shared grid, paints
//! a wall that reaches the server and the travel map shows the party on a player's screen;
//! the Referee's toggle for players' own dice, and a player's faces used for a free roll from
//! the dice roller and for a called test from the test panel. Screenshots `b-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::*;
use serde_json::json;

/// The renderers alone, mounted by the page's own modules (game-free: no ruleset loaded).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_shared_grid_area_overlay_and_hex_map() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let c = browser(&driver, &profiles.path().join("boards"), 1000, 900).await;
    c.goto(&srv.base).await.expect("open");
    wait_js(
        &c,
        "lobby",
        "return document.querySelector('#create-table')",
    )
    .await;
    let out = c
        .execute_async(
            r##"const done = arguments[0];
               const base = JSON.parse(document.getElementById("delve-assets").textContent).base;
               Promise.all([import(base + "js/grid.js"), import(base + "js/hexmap.js"), import(base + "vendor/preact/preact.module.js")]).then(([g, x, P]) => {
                 const main = document.querySelector("#main");
                 main.replaceChildren();
                 const box = document.createElement("div");
                 main.append(box);
                 const tokens = [
                   {id: "vera", at: {x: 2, y: 2}, side: "crows", name: "Vera", sideLabel: "Crows", acting: true},
                   {id: "ogre", at: {x: 3, y: 3}, space: 2, side: "enemies", name: "Ogre", sideLabel: "Enemies"},
                   {id: "rat", at: {x: 8, y: 5}, side: "enemies", name: "Rat", sideLabel: "Enemies"},
                 ];
                 // A 3 × 3 block: Vera inside, one square of the ogre's 2 × 2 space inside, the rat out.
                 const squares = [];
                 for (let y = 1; y <= 3; y++) for (let xx = 1; xx <= 3; xx++) squares.push([xx, y]);
                 const picked = [];
                 P.render(P.h("div", null,
                   P.h(g.Grid, {id: "g", cells: [{at: {x: 5, y: 1}, obstacle: true}, {at: {x: 6, y: 1}, difficult: true}], tokens,
                     area: {squares}, interactive: (x, y, who) => !!who, onPick: (x, y, who) => picked.push(who)}),
                   P.h(x.HexMap, {id: "hx", label: "Map", hexes: [
                       {q: 0, r: 0, text: "forest", title: "forest (0, 0)"},
                       {q: 1, r: 0, cls: "neighbour", id: "go-east", label: "Go south-east", onPick: () => picked.push("hex")},
                     ], party: {believed: {q: 0, r: 0}, truth: {q: 1, r: 0}, believedLabel: "believed", trueLabel: "true"}})), box);
                 const q = (s) => document.querySelector(s);
                 q("#sq-8-5").dispatchEvent(new MouseEvent("click", {bubbles: true}));
                 q("#sq-0-0").dispatchEvent(new MouseEvent("click", {bubbles: true}));
                 q("#go-east").dispatchEvent(new MouseEvent("click", {bubbles: true}));
                 done({
                   covered: document.querySelectorAll("#g .sq.in-area").length,
                   drawn: document.querySelectorAll("#g rect.area").length,
                   summary: q("#g-area").textContent,
                   inside: [...document.querySelectorAll("#g .token.in-area")].map((e) => e.dataset.token),
                   label: q("#sq-2-3").getAttribute("aria-label"),
                   wall: q("#sq-5-1").getAttribute("aria-label"),
                   difficult: q("#sq-6-1.difficult") !== null,
                   token: q("#g [data-token=vera]").getAttribute("aria-label"),
                   stops: document.querySelectorAll("#g [tabindex='0']").length,
                   picked,
                   believed: !!q("#hx #party-believed"),
                   truth: !!q("#hx #party-true"),
                   hexes: document.querySelectorAll("#hx polygon.hex").length,
                   ring: x.hexRange([{q: 0, r: 0}], 1).length,
                 });
               });"##,
            vec![],
        )
        .await
        .expect("boards");
    assert_eq!(out["covered"], 9, "{out}");
    assert_eq!(out["drawn"], 9, "{out}");
    let summary = out["summary"].as_str().unwrap_or_default();
    assert!(
        summary.contains("9 squares")
            && summary.contains("Vera")
            && summary.contains("Ogre")
            && !summary.contains("Rat"),
        "{summary}"
    );
    assert_eq!(out["inside"], json!(["vera", "ogre"]), "{out}");
    assert!(
        out["label"]
            .as_str()
            .unwrap_or_default()
            .contains("in the area"),
        "{out}"
    );
    assert!(
        out["wall"].as_str().unwrap_or_default().contains("wall"),
        "{out}"
    );
    assert_eq!(out["difficult"], true, "{out}");
    assert!(
        out["token"]
            .as_str()
            .unwrap_or_default()
            .contains("Vera, Crows, acting now"),
        "{out}"
    );
    assert_eq!(out["stops"], 1, "one tab stop: {out}");
    // A token's square picks it; an empty square only moves the cursor; the hex acts.
    assert_eq!(out["picked"], json!(["rat", "hex"]), "{out}");
    assert_eq!(out["believed"], true, "{out}");
    assert_eq!(out["truth"], true, "{out}");
    assert_eq!(out["hexes"], 2, "{out}");
    assert_eq!(out["ring"], 7, "a hex and its six neighbours: {out}");
    shot(&c, "b-grid-area-overlay").await;
    c.close().await.expect("close");
    srv.stop().await;
}

/// The Crows battle-map editor on the shared grid paints a wall (and difficult terrain) that
/// the server stores; the player's travel map shows the party where the Referee put it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_grid_editor_paints_a_wall_and_the_hex_map_shows_the_party() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1440, 1100).await;
    referee_table(&referee, &srv.base, "Walls").await;
    setup(
        &referee,
        &[
            crow("vera", "Vera"),
            json!({"rules": {"set_hexes": {"hexes": [{"q": 0, "r": 0, "terrain": "forest"}, {"q": 1, "r": 0, "terrain": "hills"}]}}}),
            json!({"rules": {"place_party": {"q": 1, "r": 0}}}),
        ],
    )
    .await;
    click(&referee, "#grid-edit").await;
    click(&referee, "#brush-solid").await;
    click(&referee, "#sq-2-2").await;
    click(&referee, "#sq-3-2").await;
    click(&referee, "#brush-difficult").await;
    click(&referee, "#sq-4-4").await;
    let pending = text_of(&referee, "#grid-send").await;
    assert!(pending.contains('3'), "{pending}");
    click(&referee, "#grid-send").await;
    wait_js(
        &referee,
        "the wall stored",
        "return !document.querySelector('#grid-editor') && document.querySelector('#sq-2-2.obstacle.obstacle-solid') && document.querySelector('#sq-4-4.difficult')",
    )
    .await;
    let grid = api_view(&referee).await["rules"]["combat"]["grid"].clone();
    let cells = grid.as_array().cloned().unwrap_or_default();
    for (x, y) in [(2, 2), (3, 2)] {
        assert!(
            cells
                .iter()
                .any(|c| c["at"] == json!({"x": x, "y": y}) && c["obstacle"] == "solid"),
            "({x}, {y}): {grid}"
        );
    }
    assert!(
        cells
            .iter()
            .any(|c| c["at"] == json!({"x": 4, "y": 4}) && c["difficult"] == true),
        "{grid}"
    );
    shot_at(&referee, "b-grid-editor-wall", Some("#combat")).await;

    let joined = join_player(&referee, "vera", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    let player = browser(&driver, &profiles.path().join("player"), 1000, 1100).await;
    player.goto(&link).await.expect("open player link");
    let party = wait_js(
        &player,
        "the party on the player's map",
        "const m = document.querySelector('.table-screen.player #hex-map #party-believed'); return m && m.textContent",
    )
    .await;
    assert!(
        party.as_str().unwrap_or_default().contains("(1, 0)"),
        "{party}"
    );
    let truth = js(&player, "return !document.querySelector('#party-true')").await;
    assert_eq!(truth, json!(true), "no true hex on a player's map");
    shot_at(&player, "b-player-hex-party", Some("#travel")).await;
    referee.close().await.ok();
    player.close().await.ok();
    srv.stop().await;
}

/// The Referee turns players' own dice on from the shell; a player then enters faces for a
/// free roll (the dice roller) and for a called test (the Crows test panel), and the
/// server uses them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_players_dice_toggle_and_a_players_faces() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1440, 1100).await;
    referee_table(&referee, &srv.base, "Own dice").await;
    setup(&referee, &[crow("vera", "Vera")]).await;
    let joined = join_player(&referee, "vera", "Bob").await;
    let link = joined["link"].as_str().expect("link").to_string();
    let player = browser(&driver, &profiles.path().join("player"), 1000, 1100).await;
    player.goto(&link).await.expect("open player link");
    wait_js(
        &player,
        "player screen",
        "return document.querySelector('.table-screen.player #roll-expr')",
    )
    .await;
    let none = js(
        &player,
        "return !document.querySelector('#roll-faces') && !document.querySelector('#test-faces')",
    )
    .await;
    assert_eq!(none, json!(true), "no faces before the Referee allows them");

    // The Referee's toggle.
    let off = js(
        &referee,
        "const b = document.querySelector('#players-dice'); return b && b.checked",
    )
    .await;
    assert_eq!(off, json!(false));
    // In the shell's table settings panel, the Referee's alone.
    let in_settings = js(
        &referee,
        "return !!document.querySelector('#table-settings #players-dice') && !document.querySelector('#commands #players-dice')",
    )
    .await;
    assert_eq!(in_settings, json!(true), "the toggle is a table setting");
    let player_sees = js(
        &player,
        "return !!document.querySelector('#table-settings') || !!document.querySelector('#players-dice')",
    )
    .await;
    assert_eq!(player_sees, json!(false), "no table settings for a player");
    click(&referee, "#table-settings > summary").await;
    click(&referee, "#players-dice").await;
    wait_js(
        &referee,
        "option on",
        "return document.querySelector('#players-dice').checked && [...document.querySelectorAll('#log-list li')].some(l => /own dice/.test(l.textContent))",
    )
    .await;
    assert_eq!(
        api_view(&referee).await["options"]["players_physical_dice"],
        true
    );

    // The dice roller: a free d20 with the face 13.
    wait_js(
        &player,
        "faces offered",
        "return document.querySelector('#roll-faces')",
    )
    .await;
    fill(&player, "#roll-expr", "1d20").await;
    fill(&player, "#roll-label", "table dice").await;
    fill(&player, "#roll-faces", "13").await;
    click(&player, "#roll-button").await;
    let line = log_line(&player, "the free roll", "table dice.*13").await;
    assert!(line.contains("13"), "{line}");
    let cleared = wait_js(
        &player,
        "faces cleared",
        "return document.querySelector('#roll-faces').value === ''",
    )
    .await;
    assert_eq!(cleared, json!(true));

    // The test panel: the Referee calls for a test, Bob rolls it with 7 and 4.
    setup(
        &referee,
        &[json!({"rules": {"call_test": {"creature": "vera", "characteristic": "strength"}}})],
    )
    .await;
    wait_js(
        &player,
        "called test in the panel",
        "return document.querySelector('#test #roll-called-test') && document.querySelector('#test-faces')",
    )
    .await;
    fill(&player, "#test-faces", "7,4").await;
    shot_at(&player, "b-player-faces", Some("#test")).await;
    click(&player, "#roll-called-test").await;
    let faces = wait_js(
        &player,
        "the test's faces",
        "const a = document.querySelector('#face-1'), b = document.querySelector('#face-2'); return a && b && [a.textContent, b.textContent]",
    )
    .await;
    assert_eq!(faces, json!(["7", "4"]));
    referee.close().await.ok();
    player.close().await.ok();
    srv.stop().await;
}
