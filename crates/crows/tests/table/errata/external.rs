//! External references (CR-EXT) the Referee enters as content: each card or table loaded from
//! a pack is what play then uses. References no play reaches are named where they would live
//! in the code (crates/crows/src/content.rs), with the reason.

use super::common::*;
use super::travel::{begin, setup as travel_setup};

const ENCOUNTERS: &str = r#"{"format": "delve-crows-pack", "version": 1,
    "pack": {"id": "enc", "name": "Encounters"},
    "tables": [{"id": "encounters-plains", "name": "Plains encounters",
    "die": "1d6", "rows": [{"roll": "1-3", "result": "Bandits"}, {"roll": "4-6", "result": "A merchant"}]}]}"#;

#[test]
fn cr_ext_02_an_entered_encounter_table_is_rolled_for_the_terrain() {
    let mut t = travel_setup();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "enc.json", "text": ENCOUNTERS}]}}),
        &[],
    );
    begin(&mut t, "normal");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_encounter_check": {}}), &[10, 5]);
    let d = t.decision("crows.travel.encounter");
    assert_eq!(d.context["table_roll"]["result"], "A merchant");
    let log = serde_json::to_string(&project_log(&t.log, &alice())).unwrap();
    assert!(!log.contains("merchant"), "the table stays the Referee's");
}

#[test]
fn cr_ext_05_a_monster_card_gives_the_creature_its_attacks_and_defense() {
    let mut t = sword_and_ghoul(30);
    place(&mut t, "vera", 0, 0, "crows");
    // Without a card the ghoul has no "Venom fang"; placed from the cave spider's card it has.
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    let bite = json!({"attack": {"creature": "ghoul", "target": "vera", "natural": "Venom fang"}});
    assert!(t.run(&referee(), r(bite.clone()), &[4, 3]).is_err());
    let mut t = sword_and_ghoul(30);
    place(&mut t, "vera", 0, 0, "crows");
    place_ghoul_as_spider(&mut t, "ghoul", 1, 0, "enemies");
    start_with_initiative(&mut t, &["vera"], 3);
    // 8 + 5 + the card's Agility 3 = 16: tier 2, the card's 1d6 (1).
    t.referee_rules(bite, &[8, 5, 1]);
    assert_eq!(stamina(&t, "vera"), 2);
}

#[test]
fn cr_ext_06_an_item_card_sets_slots_hands_and_weapon_damage() {
    let mut t = sword_and_ghoul(30);
    // The short bow's card: two slots, two hands.
    let one_hand = r(
        json!({"place_item": {"creature": "bram", "card": "short-bow",
        "slots": [{"kind": "Hand", "number": 1}]}}),
    );
    assert!(t.run(&referee(), one_hand, &[]).is_err());
    // The sword's card: tier 2 is 1d6 + 1.
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    // 6 + 4 + Strength 2 = 12: tier 2, 1d6 (3) + 1.
    t.ok(
        &player("alice"),
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1,
            "characteristic": "strength"}}),
        ),
        &[6, 4, 3],
    );
    assert_eq!(stamina(&t, "ghoul"), 26);
}

const BOOKS: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": {"id": "errata-books", "name": "Errata books", "sample": true, "notes": "test values"},
  "items": [
    {"id": "ember", "name": "Ember book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 3, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Ember", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "duration": "instant",
       "tiers": {"tier_1": {"effect": "fizzle"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "2d6"}}}},
    {"id": "rope", "name": "Rope", "sample": true, "slots": 1},
    {"id": "amulet", "name": "Odd amulet", "sample": true, "slots": 1, "magic": true}
  ]
}"#;

fn books() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "books.json", "text": BOOKS}]}}),
        &[],
    );
    t
}

fn give(t: &mut T, card: &str, kind: &str) -> u64 {
    let id = t.state()["next_item"].as_u64().unwrap().max(1);
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": card,
            "slots": [{"kind": kind, "number": 1}]}}),
        &[],
    );
    id
}

#[test]
fn cr_ext_07_a_spellbook_card_gives_the_spell_and_the_books_dice() {
    let mut t = books();
    let book = give(&mut t, "ember", "Hand");
    // 6 + 6 + Mind 2 = 14: tier 2; the card's three usage dice are rolled (4, 4, 4).
    let ev = t.ok(
        &player("bob"),
        json!({"rules": {"cast": {"creature": "bram", "item": book}}}),
        &[6, 6, 4, 4, 4],
    );
    let r = &rules_events(&ev, "cast_resolved")[0];
    assert_eq!(r["report"]["counted_tier"], 2, "{r}");
    assert_eq!(
        r["report"]["book_roll"]["faces"].as_array().map(Vec::len),
        Some(3)
    );
}

#[test]
fn cr_ext_08_a_magic_item_card_makes_the_item_identifiable() {
    let mut t = books();
    let rope = give(&mut t, "rope", "Hand");
    let e = t
        .run(
            &referee(),
            r(json!({"set_magic_item": {"creature": "bram", "item": rope}})),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-ID-01"));
    let amulet = give(&mut t, "amulet", "Belt");
    t.referee_rules(
        json!({"set_magic_item": {"creature": "bram", "item": amulet,
            "properties": ["wards off ghosts"]}}),
        &[],
    );
    let bob = t.table.view(&Viewer::Player("bob".into()));
    assert_eq!(
        bob["rules"]["magic"]["items"][amulet.to_string()]["magic"],
        true
    );
    assert!(
        !bob.to_string().contains("wards off ghosts"),
        "hidden until identified"
    );
}
