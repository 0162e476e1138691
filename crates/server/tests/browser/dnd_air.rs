//! Off the ground on the D&D 2024 battle panel (issue 22: jumping, flying and falling): a
//! player with a winged character jumps from the grid with the Jump control, flies up with the
//! Fly height field (the token reads the height), and the Referee's trapdoor drops her; the
//! log words the jump, the flight and the fall in English and Russian. Screenshots
//! `d-air-*.png`.

use crate::browser_harness::*;
use crate::crows_screens::{join_player, setup};
use crate::dnd::{dnd_table, log_has};
use serde_json::json;

const KES: &str = "pc-kes-3f1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dnd_jump_fly_and_fall_from_the_battle_panel() {
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
            json!({"rules": {"add_creature": {"creature": {"id": KES, "name": "Kes",
                "kind": "character", "abilities": {"strength": 12, "dexterity": 14,
                  "constitution": 12, "intelligence": 10, "wisdom": 10, "charisma": 10},
                "armor_class": 13, "hit_points": 40, "speed": {"walk": 30, "fly": 30},
                "attacks": [{"name": "Talons", "bonus": 4, "reach_ft": 5,
                  "damage": [{"dice": "1d6+2", "damage_type": "slashing"}]}]}}}}),
            json!({"rules": {"place": {"creature": KES, "x": 1, "y": 1}}}),
        ],
    )
    .await;
    let link = join_player(&dm, KES, "Bo").await["link"]
        .as_str()
        .expect("link")
        .to_string();
    let kes = browser(&driver, &profiles.path().join("bo"), 1280, 900).await;
    kes.goto(&link).await.expect("Bo's link");
    wait_js(
        &kes,
        "the Jump control",
        "return document.querySelector('#dnd-battle #dnd-jump-long')",
    )
    .await;
    // Strength 12 standing: a 6-ft long jump, so one square. Pick (2, 1) and jump there.
    click(&kes, "#dbq-2-1").await;
    wait_js(
        &kes,
        "the jump's landing",
        "const b = document.querySelector('#dnd-jump-long'); return b && !b.disabled && /\\(2, 1\\)/.test(b.textContent)",
    )
    .await;
    click(&kes, "#dnd-jump-long").await;
    log_has(
        &kes,
        "the jump in the log",
        r"Kes takes a standing long jump of 5 ft to \(2, 1\)",
    )
    .await;
    // Up 30 ft with the Fly height field: the token says so.
    fill(&kes, "#dnd-fly-height", "30").await;
    click(&kes, "#dnd-fly-send").await;
    wait_js(
        &kes,
        "the height on the token",
        &format!("return document.querySelector('[data-token={KES}]')?.getAttribute('aria-label')?.includes('30 ft up')"),
    )
    .await;
    log_has(&kes, "the flight in the log", r"Kes flies to 30 ft up").await;
    // And its square shows the height in a corner.
    wait_js(
        &kes,
        "the height mark on the grid",
        "return [...document.querySelectorAll('#dnd-battle-grid text.elev')].some(e => e.textContent === '↑30')",
    )
    .await;
    shot(&kes, "d-air-flying").await;
    // The Referee's own screen shows the height too.
    wait_js(
        &dm,
        "the height on the Referee's token",
        &format!("return document.querySelector('[data-token={KES}]')?.getAttribute('aria-label')?.includes('30 ft up')"),
    )
    .await;
    // Knocked Prone in the air, she falls: 3d6 Bludgeoning, and the token is back down.
    setup(
        &dm,
        &[
            json!({"rules": {"apply_condition": {"creature": KES, "condition": "prone",
            "source": "net"}}}),
        ],
    )
    .await;
    log_has(
        &kes,
        "the fall in the log",
        r"Kes falls 30 ft: 3d6 Bludgeoning",
    )
    .await;
    wait_js(
        &kes,
        "the token on the ground",
        &format!("const l = document.querySelector('[data-token={KES}]')?.getAttribute('aria-label'); return l && !l.includes('ft up')"),
    )
    .await;
    language(&kes, "ru").await;
    log_has(
        &kes,
        "the fall in Russian",
        r"Kes падает с высоты 30 фт\.: 3к6 дробящего урона",
    )
    .await;
    log_has(
        &kes,
        "the jump in Russian",
        r"Kes прыгает в длину с места на 5 фт\.",
    )
    .await;
    shot(&kes, "d-air-ru").await;

    // DD-HAZ-01: in a fight the Referee sets Kes on fire; on her turn her player rolls it out
    // (Prone, the action spent), worded in Russian on her page.
    setup(
        &dm,
        &[
            json!({"rules": {"roll_initiative": {"creatures": [KES]}}}),
            json!({"rules": {"start_combat": {"combatants": [KES]}}}),
        ],
    )
    .await;
    click(&dm, "#dnd-set-burning").await;
    log_has(&kes, "the fire in the log", r"Kes загорается").await;
    click(&kes, "#dnd-roll-out-fire").await;
    log_has(&kes, "the fire out", r"Kes: огонь гаснет \(сбит").await;
    wait_js(
        &dm,
        "the Referee's fire button back",
        "return document.querySelector('#dnd-set-burning')",
    )
    .await;
}
