//! The glossary's actions on the D&D 2024 battle panel (issue 22): a player shoves the goblin
//! next to her with the Unarmed Strike choice, and on her next turn takes the Dodge action
//! with its button; the log words both in English and Russian. Screenshot `d-acts.png`.

use crate::browser_harness::*;
use crate::crows_screens::{join_player, setup};
use crate::dnd::{dnd_table, log_has};
use serde_json::json;

const KES: &str = "pc-kes-a7c";
const GOB: &str = "npc-gob-a7c";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dnd_shove_and_dodge_from_the_battle_panel() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let dm = browser(&driver, &profiles.path().join("dm"), 1280, 900).await;
    dnd_table(&dm, &srv.base).await;
    let sheet = |id: &str, name: &str, kind: &str| {
        json!({"rules": {"add_creature": {"creature": {"id": id, "name": name, "kind": kind,
            "abilities": {"strength": 12, "dexterity": 14, "constitution": 12,
              "intelligence": 10, "wisdom": 10, "charisma": 10},
            "armor_class": 13, "hit_points": 40, "speed": {"walk": 30},
            "attacks": [{"name": "Club", "bonus": 3, "reach_ft": 5,
              "damage": [{"dice": "1d4+1", "damage_type": "bludgeoning"}]}]}}}})
    };
    setup(
        &dm,
        &[
            sheet(KES, "Kes", "character"),
            sheet(GOB, "Goblin", "monster"),
            json!({"rules": {"place": {"creature": KES, "x": 1, "y": 1}}}),
            json!({"rules": {"place": {"creature": GOB, "x": 2, "y": 1}}}),
            json!({"rules": {"reveal_creature": {"creature": GOB}}}),
        ],
    )
    .await;
    let rolled = api_with_faces(
        &dm,
        json!({"rules": {"roll_initiative": {"creatures": [KES, GOB]}}}),
        "15,5",
    )
    .await;
    assert_eq!(rolled["status"], 200, "{rolled}");
    setup(
        &dm,
        &[json!({"rules": {"start_combat": {"combatants": [KES, GOB]}}})],
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
        "the battle panel",
        "return document.querySelector('#dnd-battle #dnd-mode-attack')",
    )
    .await;
    click(&kes, "#dnd-mode-attack").await;
    click(&kes, "#dbq-2-1").await;
    wait_js(
        &kes,
        "the goblin picked",
        &format!("return document.querySelector('#dnd-attack-target')?.value === '{GOB}'"),
    )
    .await;
    select(&kes, "#dnd-unarmed", "shove-prone").await;
    click(&kes, "#dnd-unarmed-send").await;
    log_has(
        &kes,
        "the shove in the log",
        r"^Kes tries Shove: knock Prone on Goblin: Goblin (resists|fails)",
    )
    .await;
    // The goblin's turn, then Kes's again: the Dodge button.
    setup(
        &dm,
        &[json!({"clock": "end_turn"}), json!({"clock": "end_turn"})],
    )
    .await;
    wait_js(
        &kes,
        "Kes's turn again",
        "return document.querySelector('#dnd-battle-turn')?.textContent.includes('Kes')",
    )
    .await;
    click(&kes, "#dnd-dodge").await;
    log_has(
        &kes,
        "the Dodge in the log",
        r"^Kes takes the Dodge action$",
    )
    .await;
    // A new turn clears the target: picked again, the Help button names it.
    click(&kes, "#dbq-2-1").await;
    wait_js(
        &kes,
        "the Help button names the target",
        "return document.querySelector('#dnd-help')?.textContent === 'Help against Goblin'",
    )
    .await;
    shot(&kes, "d-acts").await;
    language(&kes, "ru").await;
    log_has(
        &kes,
        "the Dodge in Russian",
        r"^Kes совершает действие Уклонение$",
    )
    .await;
    log_has(
        &kes,
        "the shove in Russian",
        r"^Kes — Толчок: опрокинуть против Goblin",
    )
    .await;
}
