//! Backlash rows that leave something standing, driven through the engine: the rest of the
//! rules respect it while it lasts (core's slots and damage), the triggers the engine can see
//! fire on their own, and a caster killed by any rule loses its spells at once.

use crate::common::*;

const PACK: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": {"id": "standing-test", "name": "Standing test", "sample": true, "notes": "test values"},
  "items": [
    {"id": "ember", "name": "Ember book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 2, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Ember", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "duration": "instant",
       "tiers": {"tier_1": {"effect": "fizzle"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "2d6"}}}},
    {"id": "doom", "name": "Doom book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Doom", "rank": 5, "discipline": "necromancy", "casting_time": "action",
       "duration": "instant",
       "tiers": {"tier_1": {"effect": "a"}, "tier_2": {"effect": "b"}, "tier_3": {"effect": "c"}}}},
    {"id": "ward", "name": "Ward book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Ward", "rank": 1, "discipline": "benefaction", "casting_time": "action",
       "duration": "usage_dice", "duration_usage_dice": 1,
       "tiers": {"tier_1": {"effect": "thin"}, "tier_2": {"effect": "ward"}, "tier_3": {"effect": "strong"}}}},
    {"id": "cord", "name": "Cord", "sample": true, "slots": 1}
  ]
}"#;

/// Vera and Bram (see `party`) with the test pack and the sample items loaded, in a dungeon
/// turn.
fn table() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "standing.json", "text": PACK},
            {"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    t
}

/// Places a card (or a custom item) in a slot of `who` and returns the new item's id.
fn place(t: &mut T, who: &str, item: Value, kind: &str, number: u8) -> u64 {
    let id = t.state()["next_item"].as_u64().unwrap().max(1);
    let mut cmd = json!({"place_item": {"creature": who,
        "slots": [{"kind": kind, "number": number}]}});
    match item {
        Value::String(card) => cmd["place_item"]["card"] = json!(card),
        custom => cmd["place_item"]["custom"] = custom,
    }
    t.referee_rules(cmd, &[]);
    id
}

fn placing(who: &str, card: &str, kind: &str, number: u8) -> Value {
    r(json!({"place_item": {"creature": who, "card": card,
        "slots": [{"kind": kind, "number": number}]}}))
}

/// Bram casts a doomed spell from a fresh book in hand 1 whose backlash total is `total`.
fn backlash(t: &mut T, total: u8) -> Vec<Envelope> {
    let (card, rank, book_dice) = if total > 100 {
        ("doom", 5, 1)
    } else {
        ("ember", 1, 2)
    };
    let book = place(t, "bram", json!(card), "Hand", 1);
    // A doom (1, 1), the book's usage dice, then the backlash d100.
    let mut dice = vec![1, 1];
    dice.extend(std::iter::repeat_n(4, book_dice));
    dice.push(i64::from(total) - rank);
    t.ok(
        &player("bob"),
        r(json!({"cast": {"creature": "bram", "item": book}})),
        &dice,
    )
}

fn on_ground(t: &T, name: &str) -> bool {
    t.state()["ground"].to_string().contains(name)
}

fn running(t: &T, who: &str, row: u8) -> bool {
    t.state()["magic"]["backlashes"][who]
        .as_array()
        .is_some_and(|a| a.iter().any(|b| b["active"]["id"] == json!(row)))
}

#[test]
// Covers CR-BL-10, CR-BL-56.
fn cr_bl_10_the_numb_hand_drops_its_item_and_holds_nothing_until_the_turn_ends() {
    let mut t = table();
    place(&mut t, "bram", json!("cord"), "Hand", 2);
    backlash(&mut t, 20);
    let d = t.decision("crows.magic.backlash_call");
    t.answer(&referee(), &d.id, "hand_2", None).unwrap();
    assert!(on_ground(&t, "Cord"), "the numb hand drops what it held");
    // Nothing goes into hand 2: placed, picked up or moved there.
    let refused = refusal(&mut t, &referee(), placing("bram", "cord", "Hand", 2), &[]);
    assert_eq!(refused.as_deref(), Some("CR-BL-10"));
    let e = t
        .run(&referee(), placing("bram", "cord", "Hand", 2), &[])
        .unwrap_err();
    let (message, _) = rule_of(e);
    assert!(
        message.contains("hand slot 2") && message.contains("CR-BL-10"),
        "{message}"
    );
    let ground = t.state()["ground"][0]["id"].as_u64().unwrap();
    let pick_up = r(json!({"pick_up": {"creature": "bram", "ground": ground,
        "slots": [{"kind": "Hand", "number": 2}]}}));
    assert_eq!(
        refusal(&mut t, &player("bob"), pick_up, &[]).as_deref(),
        Some("CR-BL-10")
    );
    let rope = place(&mut t, "bram", json!("cord"), "Backpack", 1);
    let to_hand_2 = r(json!({"move_items": {"creature": "bram",
        "moves": [{"item": rope, "to": [{"kind": "Hand", "number": 2}]}]}}));
    assert_eq!(
        refusal(&mut t, &player("bob"), to_hand_2, &[]).as_deref(),
        Some("CR-BL-10")
    );
    // Other slots still take things.
    let to_belt = r(json!({"pick_up": {"creature": "bram", "ground": ground,
        "slots": [{"kind": "Belt", "number": 1}]}}));
    t.ok(&player("bob"), to_belt, &[]);
    assert!(!on_ground(&t, "Cord"));
    // At the end of the dungeon turn the hand works again.
    t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[]);
    assert!(!running(&t, "bram", 10));
    t.ok(&referee(), placing("bram", "cord", "Hand", 2), &[]);
    t.assert_replays();
}

#[test]
// Covers CR-BL-31, CR-ERR-68.
fn cr_bl_31_hands_turned_to_feet_hold_nothing() {
    let mut t = table();
    backlash(&mut t, 61);
    assert!(on_ground(&t, "Ember book"), "the held book falls");
    for hand in [1, 2] {
        assert_eq!(
            refusal(
                &mut t,
                &referee(),
                placing("bram", "cord", "Hand", hand),
                &[]
            )
            .as_deref(),
            Some("CR-BL-31")
        );
    }
    // The belt still takes things.
    t.ok(&referee(), placing("bram", "cord", "Belt", 1), &[]);
    t.assert_replays();
}

#[test]
// Covers CR-BL-53, CR-EXT-15: without a mundane one-handed weapon card loaded, the Referee
// names the weapon.
fn cr_bl_53_the_weapon_hand_holds_only_the_weapon_for_good() {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "standing.json", "text": PACK}]}}),
        &[],
    );
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    backlash(&mut t, 103);
    let d = t.decision("crows.magic.backlash_call");
    t.answer(&referee(), &d.id, "weapon", Some("Hand axe"))
        .unwrap();
    assert!(on_ground(&t, "Doom book"), "what hand 1 held falls");
    let axe = t.creature("bram")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["item"]["name"] == json!("Hand axe (hand)"))
        .map(|s| s["item"]["id"].as_u64().unwrap())
        .expect("the weapon hand");
    let to_pack = r(json!({"move_items": {"creature": "bram",
        "moves": [{"item": axe, "to": [{"kind": "Backpack", "number": 1}]}]}}));
    assert_eq!(
        refusal(&mut t, &player("bob"), to_pack, &[]).as_deref(),
        Some("CR-BL-53"),
        "the hand stays where it is"
    );
    let drop_hand = r(json!({"move_items": {"creature": "bram", "drops": [axe]}}));
    assert_eq!(
        refusal(&mut t, &player("bob"), drop_hand, &[]).as_deref(),
        Some("CR-BL-53"),
        "a hand cannot be dropped"
    );
    t.ok(&referee(), placing("bram", "cord", "Hand", 2), &[]);
    t.assert_replays();
}

/// Backlash `total` on Bram, then `more` dice for what it rolls next.
fn backlash_then(t: &mut T, total: u8, more: &[i64]) {
    let book = place(t, "bram", json!("doom"), "Hand", 1);
    let mut dice = vec![1, 1, 4, i64::from(total) - 5];
    dice.extend(more);
    t.ok(
        &player("bob"),
        r(json!({"cast": {"creature": "bram", "item": book}})),
        &dice,
    );
}

/// The weapon hand's item (or the whole inventory, to show what is there instead).
fn weapon_hand(t: &T, who: &str) -> Value {
    t.creature(who)["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| {
            s["item"]["name"]
                .as_str()
                .is_some_and(|n| n.ends_with("(hand)"))
        })
        .map(|s| s["item"].clone())
        .unwrap_or_else(|| t.creature(who)["inventory"].clone())
}

#[test]
// Covers CR-EXT-15, CR-BL-53: the sample items hold three mundane one-handed weapons
// (crowbar, knife, sword, in id order; the spear and the bow take two hands); backlash 103
// rolls among them and the hand becomes the card, weapon and all.
fn cr_ext_15_backlash_103_rolls_among_the_mundane_one_handed_weapon_cards() {
    let mut t = table();
    backlash_then(&mut t, 103, &[2]);
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.magic.backlash_call"),
        "nothing left for the Referee to name"
    );
    let hand = weapon_hand(&t, "bram");
    assert_eq!(hand["name"], json!("Knife (hand)"), "{hand}");
    assert_eq!(hand["card"], json!("knife"));
    assert!(on_ground(&t, "Doom book"), "what hand 1 held falls");
    let id = hand["id"].as_u64().unwrap();
    let to_pack = r(json!({"move_items": {"creature": "bram",
        "moves": [{"item": id, "to": [{"kind": "Backpack", "number": 1}]}]}}));
    assert_eq!(
        refusal(&mut t, &player("bob"), to_pack, &[]).as_deref(),
        Some("CR-BL-53"),
        "the weapon hand stays for good"
    );
    // Another face, another weapon: the roll picks (3 → the sword).
    let mut t = table();
    backlash_then(&mut t, 103, &[3]);
    assert_eq!(weapon_hand(&t, "bram")["card"], json!("sword"));
    t.assert_replays();
}

#[test]
// Covers CR-EXT-15, CR-BL-33: a character's rivals are set by its player or the Referee and
// offered when the viewing portal opens; bad lists are refused whole.
fn cr_ext_15_rivals_are_the_portal_choices() {
    let mut t = table();
    let set = |rivals: Value| r(json!({"set_rivals": {"creature": "bram", "rivals": rivals}}));
    t.ok(
        &player("bob"),
        set(json!(["Captain Orsk", "the Ashen Widow"])),
        &[],
    );
    assert_eq!(
        t.creature("bram")["rivals"],
        json!(["Captain Orsk", "the Ashen Widow"])
    );
    assert!(
        t.run(&player("alice"), set(json!(["nobody"])), &[])
            .is_err(),
        "another player cannot write Bram's rivals"
    );
    for bad in [json!([""]), json!(["x".repeat(81)]), json!(vec!["r"; 17])] {
        assert_eq!(
            refusal(&mut t, &referee(), set(bad), &[]).as_deref(),
            Some("CR-EXT-15")
        );
    }
    backlash_then(&mut t, 65, &[]);
    let d = t.decision("crows.magic.backlash_call");
    let options: Vec<(String, String)> = d
        .options
        .iter()
        .map(|o| (o.id.clone(), o.label.clone()))
        .collect();
    assert_eq!(
        options[..2],
        [
            ("rival_1".to_string(), "Captain Orsk".to_string()),
            ("rival_2".to_string(), "the Ashen Widow".to_string())
        ]
    );
    assert_eq!(options.len(), 3, "and someone else: {options:?}");
    t.answer(&referee(), &d.id, "rival_2", None).unwrap();
    t.assert_replays();
}

#[test]
// Covers CR-EXT-15, CR-EXT-11, CR-BL-40: the dungeons on the travel map are the Referee's
// choices when a card vanishes to a dungeon.
fn cr_ext_15_the_maps_dungeons_are_offered_when_an_item_vanishes() {
    let mut t = table();
    for (id, name, kind) in [
        ("old-mill", "The old mill", "dungeon"),
        ("well", "The dry well", "landmark"),
        ("crypt", "The sunken crypt", "dungeon"),
    ] {
        t.referee_rules(
            json!({"set_site": {"id": id, "name": name, "kind": kind, "q": 0, "r": 0}}),
            &[],
        );
    }
    // The card draw: d10, then the shuffle over Bram's one card.
    backlash_then(&mut t, 79, &[5]);
    let d = t.decision("crows.magic.backlash_call");
    let ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["site_crypt", "site_old-mill", "done"], "{ids:?}");
    assert_eq!(d.options[0].label, "The sunken crypt");
    t.answer(&referee(), &d.id, "site_crypt", None).unwrap();
    t.assert_replays();
}

#[test]
// Covers CR-BL-51, CR-INV-06.
fn cr_bl_51_antlers_push_off_the_head_item_and_refuse_headgear() {
    let mut t = table();
    let circlet = json!({"name": "Circlet", "slots": 1, "magic": true, "magic_slot": "Head"});
    let worn = place(&mut t, "bram", circlet.clone(), "Backpack", 1);
    t.ok(
        &player("bob"),
        r(json!({"wear_magic_item": {"creature": "bram", "item": worn, "slot": "Head"}})),
        &[],
    );
    backlash(&mut t, 101);
    assert!(running(&t, "bram", 51));
    assert!(
        on_ground(&t, "Circlet"),
        "the antlers push the head item off"
    );
    let other = place(&mut t, "bram", circlet, "Backpack", 1);
    let wear = r(json!({"wear_magic_item": {"creature": "bram", "item": other, "slot": "Head"}}));
    assert_eq!(
        refusal(&mut t, &player("bob"), wear, &[]).as_deref(),
        Some("CR-BL-51")
    );
    // Another magic-item slot is free as ever.
    let amulet = json!({"name": "Amulet", "slots": 1, "magic": true, "magic_slot": "Neck"});
    let neck = place(&mut t, "bram", amulet, "Backpack", 2);
    t.ok(
        &player("bob"),
        r(json!({"wear_magic_item": {"creature": "bram", "item": neck, "slot": "Neck"}})),
        &[],
    );
    t.assert_replays();
}

#[test]
// Covers CR-BL-08, CR-HAZ-01.
fn cr_bl_08_a_fall_is_the_next_damage_and_is_doubled_once() {
    let mut t = table();
    backlash(&mut t, 16);
    assert!(running(&t, "bram", 8));
    // A 10-foot fall: 1d6 (2), doubled to 4.
    let e = t.referee_rules(json!({"fall": {"creature": "bram", "feet": 10}}), &[2]);
    assert_eq!(stamina(&t, "bram"), 1);
    assert!(!running(&t, "bram", 8), "used up by the fall");
    assert!(
        !t.table
            .core()
            .effects
            .iter()
            .any(|e| e.kind == "crows.backlash")
    );
    let damaged: Vec<Value> = e
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::Rules { event } => event.get("creature_changed").cloned(),
            _ => None,
        })
        .filter(|c| c["what"] == json!("damaged"))
        .collect();
    assert_eq!(damaged[0]["report"]["doubled_by"], json!(["CR-BL-08"]));
    // The next damage is not doubled.
    t.referee_rules(json!({"damage": {"creature": "bram", "amount": 1}}), &[]);
    assert_eq!(stamina(&t, "bram"), 0);
    t.assert_replays();
}

#[test]
// Covers CR-BL-29.
fn cr_bl_29_porcelain_doubles_every_non_piercing_damage() {
    let mut t = table();
    backlash(&mut t, 58);
    t.referee_rules(json!({"damage": {"creature": "bram", "amount": 1}}), &[]);
    assert_eq!(stamina(&t, "bram"), 3, "1 non-piercing, doubled");
    t.referee_rules(json!({"damage": {"creature": "bram", "amount": 1}}), &[]);
    assert_eq!(stamina(&t, "bram"), 1, "and again: it is not used up");
    t.referee_rules(
        json!({"damage": {"creature": "bram", "amount": 1, "piercing": true}}),
        &[],
    );
    assert_eq!(stamina(&t, "bram"), 0, "piercing damage is not doubled");
    assert!(running(&t, "bram", 29));
    t.assert_replays();
}

#[test]
// Covers CR-BL-06.
fn cr_bl_06_a_chilled_caster_starting_its_turn_in_water_is_hurt() {
    let mut t = table();
    backlash(&mut t, 12);
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 0, "y": 0}, "water": true}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place": {"creature": "bram", "at": {"x": 0, "y": 0}, "side": "crows"}}),
        &[],
    );
    t.referee_rules(
        json!({"place": {"creature": "vera", "at": {"x": 3, "y": 0}, "side": "crows"}}),
        &[],
    );
    // Bram's turn starts in the water: 1d6 (3) piercing.
    t.ok(
        &referee(),
        json!({"clock": {"start_combat": {"order": ["bram", "vera"]}}}),
        &[3],
    );
    assert_eq!(stamina(&t, "bram"), 2);
    t.assert_replays();
}

#[test]
// Covers CR-BL-06.
fn cr_bl_06_a_chilled_caster_on_dry_ground_is_not_hurt() {
    let mut t = table();
    backlash(&mut t, 12);
    t.referee_rules(
        json!({"place": {"creature": "bram", "at": {"x": 0, "y": 0}, "side": "crows"}}),
        &[],
    );
    t.ok(
        &referee(),
        json!({"clock": {"start_combat": {"order": ["bram"]}}}),
        &[],
    );
    assert_eq!(stamina(&t, "bram"), 5);
}

#[test]
// Covers CR-BL-49.
fn cr_bl_49_someone_casting_within_10_squares_stings_the_allergic_caster() {
    let mut t = table();
    backlash(&mut t, 98);
    assert!(running(&t, "bram", 49));
    for (who, x) in [("bram", 0), ("vera", 10)] {
        t.referee_rules(
            json!({"set_position": {"creature": who, "at": [x, 0]}}),
            &[],
        );
    }
    let book = place(&mut t, "vera", json!("ember"), "Hand", 1);
    let cast = r(json!({"cast": {"creature": "vera", "item": book}}));
    // The sting (1d6: 2 piercing), then Vera's test (8, 8) and her book's dice.
    t.ok(&player("alice"), cast.clone(), &[2, 8, 8, 4, 4]);
    assert_eq!(stamina(&t, "bram"), 3);
    // Eleven squares away: no sting.
    t.referee_rules(
        json!({"set_position": {"creature": "vera", "at": [11, 0]}}),
        &[],
    );
    t.ok(&player("alice"), cast, &[8, 8, 4, 4]);
    assert_eq!(stamina(&t, "bram"), 3);
    t.assert_replays();
}

#[test]
// Covers CR-SPELL-09, CR-DMG-15.
fn cr_spell_09_a_caster_killed_by_core_damage_loses_its_spell_at_once() {
    let mut t = table();
    let ward = place(&mut t, "bram", json!("ward"), "Hand", 1);
    t.ok(
        &player("bob"),
        r(json!({"cast": {"creature": "bram", "item": ward}})),
        &[9, 9, 4],
    );
    assert_eq!(t.state()["magic"]["spells"].as_array().unwrap().len(), 1);
    // Core's damage kills him (more wounds than slots): the spell ends in the same command,
    // record and effect.
    t.referee_rules(json!({"damage": {"creature": "bram", "amount": 50}}), &[]);
    assert_eq!(t.creature("bram")["alive"], json!(false));
    assert!(t.state()["magic"]["spells"].as_array().unwrap().is_empty());
    assert!(
        !t.table
            .core()
            .effects
            .iter()
            .any(|e| e.kind == "crows.spell")
    );
    t.assert_replays();
}

#[test]
// Covers CR-BL-29, CR-ATK-01.
fn cr_bl_29_a_sword_blow_in_combat_is_doubled_on_porcelain() {
    let mut t = table();
    backlash(&mut t, 58);
    let sword = place(&mut t, "vera", json!("sword"), "Hand", 1);
    for (id, x, side) in [("vera", 0, "crows"), ("bram", 1, "enemies")] {
        t.referee_rules(
            json!({"place": {"creature": id, "at": {"x": x, "y": 0}, "side": side}}),
            &[],
        );
    }
    t.referee_rules(json!({"start_combat": {}}), &[]);
    t.referee_rules(json!({"roll_initiative": {"roller": "alice"}}), &[]);
    let d = t.decision("crows.combat.initiative");
    // 7 on the d10: the crows' side first.
    t.ok(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[7],
    );
    assert_eq!(fight(&t)["current"], json!("vera"), "{}", fight(&t));
    // 6 + 5 + Strength 2 = 13: tier 2, the sword's 1d6 (1) + 1 = 2, doubled to 4.
    t.ok(
        &player("alice"),
        r(
            json!({"attack": {"creature": "vera", "target": "bram", "weapon": sword,
            "characteristic": "strength"}}),
        ),
        &[6, 5, 1],
    );
    assert_eq!(stamina(&t, "bram"), 1);
    t.assert_replays();
}
