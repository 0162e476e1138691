//! The Crows ruleset driven through the engine exactly as a server does: Registry → Table →
//! command JSON → events, with scripted dice (each die is rolled as its own `1dN`).

use crate::common::*;

#[test]
// Covers CR-EXP-01, CR-REF-05.
fn cr_exp_01_cr_ref_05_expertise_commit_point_and_tier_2_ruling_through_engine() {
    let mut t = party();
    let test = json!({"rules": {"test": {"creature": "vera", "characteristic": "agility",
        "approved_expertises": ["gymnastics"]}}});
    // Only the Referee (or a rule) calls for a test (CR-CHECK-01).
    let e = t.run(&player("alice"), test.clone(), &[5, 5]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");

    // 5 + 5 + Agility 1 = 11: tier 1; Gymnastics would make it tier 2.
    let events = t.ok(&referee(), test, &[5, 5]);
    assert_eq!(rolled_count(&events), 2, "both d10 are recorded");
    let d = t.decision("crows.expertise");
    assert_eq!(d.answerer, engine::Answerer::Controller("vera".into()));
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["commit", "gymnastics"]);
    assert!(
        t.state()["last_tests"].get("vera").is_none(),
        "not resolved yet"
    );

    // Bob does not control Vera: refused, nothing changes.
    let before = t.table.state_json();
    let e = t
        .answer(&player("bob"), &d.id, "gymnastics", None)
        .unwrap_err();
    assert!(matches!(e, EngineError::WrongAnswerer { .. }), "{e}");
    assert_eq!(t.table.state_json(), before);

    t.answer(&player("alice"), &d.id, "gymnastics", None)
        .unwrap();
    assert_eq!(
        t.creature("vera")["expertises"]["uses"]["gymnastics"]["left"],
        1
    );
    let last = &t.state()["last_tests"]["vera"];
    assert_eq!(last["final_tier"], json!(2));
    assert_eq!(last["expertise"], json!("gymnastics"));

    // Tier 2: the Referee decides partial success or success at a cost (CR-REF-05).
    let d = t.decision("crows.tier_2_outcome");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["partial_success", "success_at_cost"]);
    assert!(d.free_text);
    let e = t
        .answer(&player("alice"), &d.id, "partial_success", None)
        .unwrap_err();
    assert!(matches!(e, EngineError::WrongAnswerer { .. }), "{e}");
    t.answer(
        &referee(),
        &d.id,
        "success_at_cost",
        Some("the ledge crumbles behind you"),
    )
    .unwrap();
    assert!(t.table.core().decisions.is_empty());
    assert_eq!(
        t.state()["rulings"][0],
        json!({"creature": "vera", "kind": "tier_2_outcome", "option": "success_at_cost",
               "text": "the ledge crumbles behind you"})
    );
    t.assert_replays();
}

#[test]
fn cr_crit_01_crit_opens_the_referee_benefit_decision_through_engine() {
    let mut t = party();
    // Raw 19 with a double bane: still tier 3, and the Referee names the benefit.
    t.referee_rules(
        json!({"test": {"creature": "bram", "characteristic": "strength", "banes": 2}}),
        &[10, 9],
    );
    assert_eq!(t.state()["last_tests"]["bram"]["final_tier"], json!(3));
    let d = t.decision("crows.crit_benefit");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    // A doom: tier 1 whatever the bonus; no expertise is offered (Vera has one).
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "agility", "bonus": 20,
            "approved_expertises": ["gymnastics"]}}),
        &[1, 1],
    );
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.expertise"),
        "no expertise on a doom"
    );
    t.decision("crows.doom_setback");
    assert_eq!(t.state()["last_tests"]["vera"]["final_tier"], json!(1));
}

#[test]
// Covers CR-REF-05, CR-CRIT-01: the rulings a test opens lapse, recorded as "no
// ruling", when the scene moves on; until then they stay open.
fn cr_ref_05_open_test_rulings_lapse_as_no_ruling_when_the_scene_moves_on() {
    let mut t = party();
    t.referee_rules(
        json!({"test": {"creature": "bram", "characteristic": "strength", "banes": 2}}),
        &[10, 9],
    );
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "agility", "bonus": 20}}),
        &[1, 1],
    );
    let kinds = |t: &T| -> Vec<String> {
        t.table
            .core()
            .decisions
            .iter()
            .map(|d| d.kind.clone())
            .collect()
    };
    assert_eq!(kinds(&t), ["crows.crit_benefit", "crows.doom_setback"]);
    // Two game hours pass: a turn end for durations — the scene has moved on.
    let events = t.ok(
        &referee(),
        json!({"rules": {"pass_time": {"minutes": 120}}}),
        &[],
    );
    assert!(kinds(&t).is_empty(), "{:?}", kinds(&t));
    let lapsed: Vec<&engine::Envelope> = events
        .iter()
        .filter(|e| {
            matches!(&e.body, engine::EventBody::DecisionAnswered { answer, by }
                if answer.option == "no_ruling" && *by == engine::Actor::System)
        })
        .collect();
    assert_eq!(lapsed.len(), 2);
    assert_eq!(
        t.state()["rulings"],
        json!([
            {"creature": "bram", "kind": "crit_benefit", "option": "no_ruling", "text": null},
            {"creature": "vera", "kind": "doom_setback", "option": "no_ruling", "text": null}
        ])
    );
    t.assert_replays();
}

#[test]
fn cr_core_09_new_crow_characteristics_limited_through_engine() {
    let mut t = T::new();
    let e = t
        .run(
            &referee(),
            json!({"rules": {"create_creature": {"id": "x", "kind": "crow",
                "characteristics": {"agility": 3, "mind": 0, "strength": 0}, "stamina": 4}}}),
            &[],
        )
        .unwrap_err();
    let (msg, rule) = rule_of(e);
    assert_eq!(rule.as_deref(), Some("CR-CORE-09"), "{msg}");
    assert!(t.state()["creatures"].as_object().unwrap().is_empty());
    // A monster may have 3; editing a crow above 4 without magic is refused.
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "m", "kind": "monster",
            "characteristics": {"agility": 3, "mind": -4, "strength": 5}, "stamina": 9}}),
        &[],
    );
    t.referee_rules(
        json!({"create_creature": {"id": "c", "kind": "crow",
            "characteristics": {"agility": 2, "mind": 0, "strength": 0}, "stamina": 4}}),
        &[],
    );
    let e = t
        .run(
            &referee(),
            json!({"rules": {"edit_creature": {"id": "c",
                "characteristics": {"agility": 5, "mind": 0, "strength": 0}}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CORE-09"));
    t.referee_rules(
        json!({"edit_creature": {"id": "c", "magic": true,
            "characteristics": {"agility": 5, "mind": 0, "strength": 0}}}),
        &[],
    );
    assert_eq!(t.creature("c")["characteristics"]["agility"], 5);
}

#[test]
fn cr_inv_03_impossible_move_refused_with_rule_and_table_unchanged_through_engine() {
    let mut t = party();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Long pole", "slots": 2},
            "slots": [{"kind": "Backpack", "number": 1}, {"kind": "Backpack", "number": 2}]}}),
        &[],
    );
    let item = t.state()["creatures"]["vera"]["creature"]["inventory"]["items"][0]["item"]["id"]
        .as_u64()
        .unwrap();
    let before = t.table.state_json();
    let head = t.table.head();
    // Across two kinds of slot.
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"move_items": {"creature": "vera", "moves": [{"item": item,
                "to": [{"kind": "Belt", "number": 1}, {"kind": "Backpack", "number": 3}]}]}}}),
            &[],
        )
        .unwrap_err();
    let (msg, rule) = rule_of(e);
    assert_eq!(rule.as_deref(), Some("CR-INV-03"), "{msg}");
    // Not consecutive.
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"move_items": {"creature": "vera", "moves": [{"item": item,
                "to": [{"kind": "Belt", "number": 1}, {"kind": "Belt", "number": 3}]}]}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-INV-03"));
    // Bob may not rearrange Vera's pack.
    let e = t
        .run(
            &player("bob"),
            json!({"rules": {"move_items": {"creature": "vera", "moves": [{"item": item,
                "to": [{"kind": "Hand", "number": 1}, {"kind": "Hand", "number": 2}]}]}}}),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)));
    assert_eq!(t.table.state_json(), before);
    assert_eq!(t.table.head(), head);
    // The legal move works and is free outside combat.
    t.ok(
        &player("alice"),
        json!({"rules": {"move_items": {"creature": "vera", "moves": [{"item": item,
            "to": [{"kind": "Hand", "number": 1}, {"kind": "Hand", "number": 2}]}]}}}),
        &[],
    );
    let inv = &t.creature("vera")["inventory"]["items"][0]["at"];
    assert_eq!(inv, &json!({"kind": "hand", "first": 1, "len": 2}));
    t.assert_replays();
}

#[test]
fn cr_inv_13_backpack_draw_rolls_a_recorded_d10_through_engine() {
    let mut t = party();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Rope", "slots": 1},
            "slots": [{"kind": "Backpack", "number": 4}]}}),
        &[],
    );
    let draw = json!({"rules": {"draw_from_backpack": {"creature": "vera", "item": 1,
        "hands": [{"kind": "Hand", "number": 1}]}}});
    // Outside combat the free rearrangement applies instead.
    let e = t.run(&player("alice"), draw.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-INV-11"));
    t.ok(
        &referee(),
        json!({"clock": {"start_combat": {"order": ["vera", "bram"]}}}),
        &[],
    );
    // A 3 is below slot 4: the draw fails, the rope stays.
    let events = t.ok(&player("alice"), draw.clone(), &[3]);
    assert_eq!(rolled_count(&events), 1);
    assert_eq!(
        t.creature("vera")["inventory"]["items"][0]["at"]["kind"],
        "backpack"
    );
    // A 4 reaches it.
    t.ok(&player("alice"), draw, &[4]);
    assert_eq!(
        t.creature("vera")["inventory"]["items"][0]["at"]["kind"],
        "hand"
    );
    // Dumping in combat is a maneuver; the dumped items lie on the ground.
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Pot", "slots": 1},
            "slots": [{"kind": "Backpack", "number": 9}]}}),
        &[],
    );
    let events = t.ok(
        &player("alice"),
        json!({"rules": {"dump_backpack": {"creature": "vera", "items": [2]}}}),
        &[],
    );
    let text = serde_json::to_string(&events).unwrap();
    assert!(text.contains("DumpBackpack"), "{text}");
    assert_eq!(t.state()["ground"][0]["item"]["name"], "Pot");
    t.assert_replays();
}

#[test]
// Covers CR-DMG-03, CR-DMG-11, CR-DMG-13.
fn cr_dmg_03_cr_dmg_11_cr_dmg_13_armor_choice_wound_slots_then_death_through_engine() {
    let mut t = party();
    // Worn armor (AD 2) in the backpack and a shield (AD 1) in hand.
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Gambeson", "slots": 1,
            "armor": {"kind": "Armor", "defense": 2}}, "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Buckler", "slots": 1,
            "armor": {"kind": "Shield", "defense": 1}}, "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"declare_worn_armor": {"creature": "vera", "item": 1}}}),
        &[],
    );
    // 10 damage: two AD items, so Vera's player picks which loses AD first (CR-DMG-03).
    t.referee_rules(json!({"damage": {"creature": "vera", "amount": 10}}), &[]);
    assert_eq!(
        t.creature("vera")["stamina"],
        3,
        "nothing applied before the choice"
    );
    let d = t.decision("crows.armor_order");
    assert_eq!(d.options.len(), 2);
    let shield_first = d
        .options
        .iter()
        .find(|o| o.data == json!([2, 1]))
        .unwrap()
        .id
        .clone();
    let e = t
        .answer(&player("bob"), &d.id, &shield_first, None)
        .unwrap_err();
    assert!(matches!(e, EngineError::WrongAnswerer { .. }));
    t.answer(&player("alice"), &d.id, &shield_first, None)
        .unwrap();
    // 10 − 1 (shield) − 2 (armor) − 3 Stamina = 4 wounds to place, one choice each.
    let v = t.creature("vera");
    assert_eq!(v["stamina"], 0);
    let items = v["inventory"]["items"].as_array().unwrap();
    assert!(items.iter().all(|i| i["item"]["armor"]["current"] == 0));
    for (n, slot) in [3, 4, 5, 6].iter().enumerate() {
        let d = t.decision("crows.wound_slot");
        assert_eq!(d.options.len(), 10 - n, "free slots left");
        let e = t
            .answer(&player("bob"), &d.id, &format!("slot_{slot}"), None)
            .unwrap_err();
        assert!(matches!(e, EngineError::WrongAnswerer { .. }));
        t.answer(&player("alice"), &d.id, &format!("slot_{slot}"), None)
            .unwrap();
        assert_eq!(wounds(&t, "vera"), n + 1);
    }
    assert!(t.table.core().decisions.is_empty());
    // Four wounds, six unwounded backpack slots: still alive.
    assert_eq!(t.creature("vera")["alive"], true);
    // 5 more wounds: chosen one by one; then one more fills the backpack: death.
    t.referee_rules(
        json!({"damage": {"creature": "vera", "amount": 5, "piercing": true}}),
        &[],
    );
    for slot in [1, 2, 7, 8, 9] {
        let d = t.decision("crows.wound_slot");
        t.answer(&player("alice"), &d.id, &format!("slot_{slot}"), None)
            .unwrap();
    }
    assert_eq!(wounds(&t, "vera"), 9);
    let events = t.referee_rules(
        json!({"damage": {"creature": "vera", "amount": 1, "piercing": true}}),
        &[],
    );
    assert_eq!(wounds(&t, "vera"), 10);
    assert_eq!(t.creature("vera")["alive"], false);
    assert!(serde_json::to_string(&events).unwrap().contains("\"died\""));
    // The dead make no tests (CR-CORE-05).
    let e = t
        .run(
            &referee(),
            json!({"rules": {"test": {"creature": "vera", "characteristic": "mind"}}}),
            &[5, 5],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CORE-05"));
    t.assert_replays();
}

#[test]
fn cr_dmg_08_referee_decides_knock_out_instead_of_kill_through_engine() {
    let mut t = party();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "ghoul", "kind": "monster",
            "characteristics": {"agility": 1, "mind": -2, "strength": 2}, "stamina": 4}}),
        &[],
    );
    t.referee_rules(
        json!({"damage": {"creature": "ghoul", "amount": 6, "by_player": true}}),
        &[],
    );
    let d = t.decision("crows.knock_out");
    let e = t
        .answer(&player("alice"), &d.id, "knock_out", None)
        .unwrap_err();
    assert!(matches!(e, EngineError::WrongAnswerer { .. }));
    t.answer(&referee(), &d.id, "knock_out", None).unwrap();
    let g = t.creature("ghoul");
    assert_eq!(g["stamina"], 1);
    assert_eq!(g["alive"], true);
    // It comes to at the end of the dungeon turn.
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[]);
    let conditions = serde_json::to_string(&t.creature("ghoul")["conditions"]).unwrap();
    assert!(!conditions.contains("unconscious"), "{conditions}");
    t.assert_replays();
}

#[test]
// Covers CR-UD-04, CR-COND-10.
fn cr_ud_04_cr_cond_10_end_of_dungeon_turn_rolls_usage_dice_and_expires_conditions_through_engine()
{
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": 1}}}),
        &[],
    );
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "weakened"}}),
        &[],
    );
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "prone"}}),
        &[],
    );
    // A second instance is refused (CR-COND-01).
    let e = t
        .run(
            &referee(),
            json!({"rules": {"add_condition": {"creature": "vera", "condition": "weakened"}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-COND-01"));
    t.referee_rules(
        json!({"add_effect": {"creature": "bram", "effect": "Ward", "dice": 1}}),
        &[],
    );

    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    // The end of the turn: Bram's effect (1d6: a 2 ends it), then Vera's torch (3d6: 1, 2, 5).
    let events = t.ok(
        &referee(),
        json!({"clock": "end_exploration_turn"}),
        &[2, 1, 2, 5],
    );
    assert_eq!(rolled_count(&events), 4);
    let torch = &t.creature("vera")["inventory"]["items"][0]["item"]["usage"];
    assert_eq!(torch["pool"], json!({"current": 1, "max": 3}));
    assert_eq!(t.creature("bram")["effects"], json!([]));
    let conditions = serde_json::to_string(&t.creature("vera")["conditions"]).unwrap();
    assert!(
        !conditions.contains("weakened"),
        "weakened ends with the turn"
    );
    assert!(
        conditions.contains("prone"),
        "prone lasts until standing up"
    );
    // Next turn: the last die shows 1 and the torch is useless for good.
    t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[1]);
    let torch = &t.creature("vera")["inventory"]["items"][0]["item"]["usage"];
    assert_eq!(torch["useless"], true);
    // A useless torch rolls nothing and cannot be lit again.
    let events = t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[]);
    assert_eq!(rolled_count(&events), 0);
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"light": {"creature": "vera", "item": 1}}}),
            &[],
        )
        .unwrap_err();
    assert!(rule_of(e).1.unwrap().starts_with("CR-UD"));
    t.referee_rules(
        json!({"remove_condition": {"creature": "vera", "condition": "prone"}}),
        &[],
    );
    assert_eq!(t.creature("vera")["conditions"]["active"], json!([]));
    t.assert_replays();
}

#[test]
fn cr_light_07_dousing_rolls_usage_dice_and_rations_cure_hunger_through_engine() {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "torch",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("bob"),
        json!({"rules": {"light": {"creature": "bram", "item": 1}}}),
        &[],
    );
    let events = t.ok(
        &player("bob"),
        json!({"rules": {"douse": {"creature": "bram", "item": 1}}}),
        &[6, 6, 1],
    );
    assert_eq!(rolled_count(&events), 3);
    let torch = &t.creature("bram")["inventory"]["items"][0]["item"]["usage"];
    assert_eq!(torch["pool"]["current"], 2);
    assert_eq!(torch["lit"], false);
    // A day without food: a starvation wound where Bob chooses; a ration removes it.
    t.ok(
        &referee(),
        json!({"clock": {"advance": {"minutes": 1440}}}),
        &[],
    );
    let d = t.decision_for("crows.wound_slot", "bram");
    assert_eq!(d.context["kind"], "Starvation");
    t.answer(&player("bob"), &d.id, "slot_10", None).unwrap();
    assert_eq!(wounds(&t, "bram"), 1);
    // Vera went hungry too: her player places hers.
    let d = t.decision_for("crows.wound_slot", "vera");
    t.answer(&player("alice"), &d.id, "slot_1", None).unwrap();
    assert_eq!(wounds(&t, "vera"), 1);
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "ration",
            "slots": [{"kind": "Belt", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("bob"),
        json!({"rules": {"eat_ration": {"creature": "bram", "item": 2}}}),
        &[],
    );
    assert_eq!(wounds(&t, "bram"), 0);
    t.assert_replays();
}

#[test]
// Covers CR-HAZ-01, CR-HAZ-02.
fn cr_haz_01_cr_haz_02_fall_with_resistance_roll_through_engine() {
    let mut t = party();
    // 30 ft: 3d6 (6, 6, 6); the Agility resistance roll 8 + 8 + 0 = 16 → tier 2 → 1d6 (4) off.
    t.referee_rules(
        json!({"fall": {"creature": "bram", "feet": 30, "resist": true}}),
        &[6, 6, 6, 8, 8, 4],
    );
    // 14 piercing: 5 Stamina, 9 wounds to place.
    assert_eq!(t.creature("bram")["stamina"], 0);
    let d = t.decision("crows.wound_slot");
    assert!(d.prompt.contains("9 to place"), "{}", d.prompt);
}

#[test]
// Covers CR-HAZ-02, CR-COND-09, CR-RR-02, CR-CHECK-10.
fn cr_haz_02_the_falls_resistance_roll_is_cores_test() {
    let mut t = party();
    // Weakened Bram: 6 + 6 + Agility 0 − 2 (the bane) = 10, tier 1: no reduction die. 30 ft:
    // 3d6 (3, 3, 3) = 9 piercing.
    t.referee_rules(
        json!({"add_condition": {"creature": "bram", "condition": "weakened"}}),
        &[],
    );
    t.referee_rules(
        json!({"fall": {"creature": "bram", "feet": 30, "resist": true}}),
        &[3, 3, 3, 6, 6],
    );
    let test = &t.state()["last_tests"]["bram"];
    assert_eq!(test["final_tier"], 1, "{test}");
    assert_eq!(test["banes"], 1, "{test}");
    assert_eq!(test["spec"]["kind"]["kind"], "resistance_roll", "{test}");
    assert_eq!(t.creature("bram")["stamina"], 0);
    let d = t.decision("crows.wound_slot");
    assert!(d.prompt.contains("4 to place"), "{}", d.prompt);
    // Vera: 20 ft, 2d6 (2, 2); 5 + 5 + Agility 1 = 11, tier 1. Gymnastics is offered at the
    // commit point (CR-RR-02) without a separate approval; spending it makes tier 2: 1d6 (3)
    // off the 4.
    t.referee_rules(
        json!({"fall": {"creature": "vera", "feet": 20, "resist": true}}),
        &[2, 2, 5, 5],
    );
    assert_eq!(t.creature("vera")["stamina"], 3, "nothing yet");
    let d = t.decision_for("crows.expertise", "vera");
    assert!(d.options.iter().any(|o| o.id == "gymnastics"), "{d:?}");
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "gymnastics"}}),
        &[3],
    )
    .unwrap();
    assert_eq!(t.state()["last_tests"]["vera"]["final_tier"], 2);
    assert_eq!(t.creature("vera")["stamina"], 2, "4 − 3 = 1 taken");
    t.assert_replays();
}

#[test]
fn cr_haz_04_suffocation_after_three_plus_strength_rounds_through_engine() {
    let mut t = party();
    // Strength 2: 5 rounds without harm, then 1d6 a round (not piercing by default).
    for _ in 0..5 {
        let events = t.referee_rules(json!({"suffocate": {"creature": "vera"}}), &[]);
        assert_eq!(rolled_count(&events), 0);
    }
    t.referee_rules(json!({"suffocate": {"creature": "vera"}}), &[4]);
    assert_eq!(t.creature("vera")["stamina"], 0);
    t.decision_for("crows.wound_slot", "vera");
    t.referee_rules(json!({"breathe": {"creature": "vera"}}), &[]);
    assert_eq!(
        t.state()["creatures"]["vera"]["suffocation"]["rounds_without_air"],
        0
    );
    t.assert_replays();
}

#[test]
fn content_pack_errors_name_file_line_and_field_through_engine() {
    let mut t = T::new();
    let bad = ITEMS.replacen("\"slots\": 1,", "\"slots\": 0,", 1);
    let e = t
        .run(
            &referee(),
            json!({"rules": {"load_pack": {"files": [{"name": "mine.json", "text": bad}]}}}),
            &[],
        )
        .unwrap_err();
    let (msg, _) = rule_of(e);
    assert!(msg.starts_with("mine.json:"), "{msg}");
    assert!(msg.contains("items[0].slots"), "{msg}");
    assert!(
        t.state()["content"]["items"]
            .as_object()
            .unwrap()
            .is_empty()
    );
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    assert!(t.state()["content"]["items"].get("lantern").is_some());
    // Loading it twice clashes with itself.
    let e = t
        .run(
            &referee(),
            json!({"rules": {"load_pack": {"files": [{"name": "again.json", "text": ITEMS}]}}}),
            &[],
        )
        .unwrap_err();
    assert!(rule_of(e).0.contains("already defined"));
}

#[test]
fn projection_hides_monster_stats_from_players_through_engine() {
    let mut t = party();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "ghoul", "name": "Pale ghoul", "kind": "monster",
            "characteristics": {"agility": 3, "mind": -3, "strength": 4}, "stamina": 13,
            "expertises": {"stealth": 3}}}),
        &[],
    );
    t.referee_rules(
        json!({"test": {"creature": "ghoul", "characteristic": "agility"}}),
        &[7, 6],
    );
    let alice = Viewer::Player("alice".into());
    let view = t.table.view(&alice);
    let ghoul = &view["rules"]["creatures"]["ghoul"];
    assert_eq!(ghoul["name"], "Pale ghoul");
    for hidden in [
        "creature",
        "stamina",
        "characteristics",
        "expertises",
        "wounds",
    ] {
        assert!(ghoul.get(hidden).is_none(), "{hidden} leaked: {ghoul}");
    }
    assert!(view["rules"]["last_tests"].get("ghoul").is_none());
    // Alice sees her own crow in full, Bob's only in part.
    assert_eq!(view["rules"]["creatures"]["vera"]["creature"]["stamina"], 3);
    assert!(view["rules"]["creatures"]["bram"].get("creature").is_none());
    assert_eq!(view["rules"]["creatures"]["bram"]["wounds"], 0);
    // The Referee sees everything.
    let full = t.table.view(&Viewer::Referee);
    assert_eq!(
        full["rules"]["creatures"]["ghoul"]["creature"]["stamina"],
        13
    );
    // Neither does the log as Alice sees it carry the ghoul's numbers or its test.
    let log = serde_json::to_string(&project_log(&t.log, &alice)).unwrap();
    assert!(log.contains("Pale ghoul"));
    assert!(!log.contains("\"max_stamina\":13"), "{log}");
    assert!(!log.contains("test_rolled"), "{log}");
    let referee_log = serde_json::to_string(&project_log(&t.log, &Viewer::Referee)).unwrap();
    assert!(referee_log.contains("\"max_stamina\":13") && referee_log.contains("test_rolled"));
}

#[test]
fn replay_of_a_crows_table_rebuilds_identical_state() {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "lantern",
            "slots": [{"kind": "Belt", "number": 2}]}}),
        &[],
    );
    t.referee_rules(
        json!({"test": {"creature": "bram", "characteristic": "mind", "edges": 1}}),
        &[9, 8],
    );
    t.referee_rules(json!({"damage": {"creature": "bram", "amount": 2}}), &[]);
    t.referee_rules(
        json!({"add_condition": {"creature": "bram", "condition": "vulnerable"}}),
        &[],
    );
    t.referee_rules(json!({"damage": {"creature": "bram", "amount": 1}}), &[3]);
    assert_eq!(t.creature("bram")["stamina"], 0);
    let d = t.decision("crows.wound_slot");
    t.answer(&player("bob"), &d.id, "slot_2", None).unwrap();
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[]);
    t.ok(&referee(), json!({"clock": "start_rest"}), &[]);
    t.referee_rules(json!({"rest_halfway": {}}), &[]);
    t.ok(
        &referee(),
        json!({"clock": {"end_rest": {"completed": true}}}),
        &[],
    );
    // Undo is the engine's; the log stays append-only and still replays.
    t.ok(&referee(), json!({"undo": {}}), &[]);
    t.assert_replays();
    // And the stored form (JSON lines) replays too.
    let lines: Vec<Envelope> = t
        .log
        .iter()
        .map(|e| Envelope::from_json(&e.to_json().unwrap()).unwrap())
        .collect();
    let rebuilt = Table::replay(&t.registry, &lines).unwrap();
    assert_eq!(rebuilt.state_json(), t.table.state_json());
}

#[test]
// Covers CR-CORE-01, CR-REF-03.
fn cr_core_01_referee_and_player_permissions_through_engine() {
    let mut t = party();
    // The engine has exactly one Referee: the only roles a participant can join with are
    // player and spectator.
    let e = t
        .run(
            &referee(),
            json!({"join": {"name": "carol", "role": "referee"}}),
            &[],
        )
        .unwrap_err();
    assert!(!matches!(e, EngineError::Rule(_)), "{e}");
    t.ok(
        &referee(),
        json!({"join": {"name": "sam", "role": "spectator"}}),
        &[],
    );

    let before = t.table.state_json();
    // Monsters and NPCs are the Referee's: a player cannot create or edit creatures.
    let ghoul = json!({"rules": {"create_creature": {"revealed": true, "id": "ghoul", "kind": "monster",
        "characteristics": {"agility": 1, "mind": -2, "strength": 2}, "stamina": 6}}});
    for who in [player("alice"), Actor::Spectator("sam".into())] {
        let e = t.run(&who, ghoul.clone(), &[]).unwrap_err();
        assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    }
    // The Referee picks the characteristic of a test (CR-REF-03): players cannot call one.
    let test = json!({"rules": {"test": {"creature": "vera", "characteristic": "mind"}}});
    let e = t.run(&player("alice"), test, &[4, 4]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    // A player acts only for the crow bound to them; a spectator for nobody.
    let bram = json!({"rules": {"take_off_armor": {"creature": "bram"}}});
    for who in [player("alice"), Actor::Spectator("sam".into())] {
        let e = t.run(&who, bram.clone(), &[]).unwrap_err();
        assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    }
    assert_eq!(t.table.state_json(), before, "refusals change nothing");

    // Bob may act for Bram, and the Referee for anyone: these reach the rules (Bram wears no
    // armor, so the rules refuse), they are not refused for lack of permission.
    for who in [player("bob"), referee()] {
        match t.run(&who, bram.clone(), &[]) {
            Err(EngineError::NotAllowed(m)) => panic!("{who:?} was not allowed: {m}"),
            Err(EngineError::Rule(_)) | Ok(_) => {}
            Err(other) => panic!("unexpected: {other}"),
        }
    }
    t.ok(&referee(), ghoul, &[]);
    assert!(t.state()["creatures"]["ghoul"].is_object());
}

#[test]
// Covers CR-CORE-02, CR-REF-01.
fn cr_core_02_house_rules_are_the_referees_and_logged() {
    let mut t = party();
    let change = json!({"rules": {"set_house_rules": {
        "options": {"wound_placement": "empty_slot_only"},
        "assist_lapse": "any_modifier",
        "dungeon_turn_minutes": 20}}});
    // Only the Referee changes the rules of the table.
    let e = t.run(&player("alice"), change.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");

    // An unknown setting or a bad value is refused, naming it, and nothing changes.
    let before = t.table.state_json();
    for bad in [
        json!({"options": {"no_such_rule": true}}),
        json!({"options": {"wound_placement": "anywhere"}}),
        json!({"dungeon_turn_minutes": 100000}),
        json!({"options": {"wound_placement": "any_slot"}}),
    ] {
        let e = t
            .run(&referee(), json!({"rules": {"set_house_rules": bad}}), &[])
            .unwrap_err();
        let (message, rule) = rule_of(e);
        assert_eq!(rule.as_deref(), Some("CR-CORE-02"), "{message}");
    }
    assert_eq!(t.table.state_json(), before);

    // The change is an event in the log, with what changed.
    let events = t.ok(&referee(), change, &[]);
    let logged = serde_json::to_value(&events).unwrap().to_string();
    assert!(logged.contains("house_rules_set"), "{logged}");
    assert!(logged.contains("options.wound_placement"), "{logged}");
    assert!(logged.contains("assist_lapse"), "{logged}");
    assert!(logged.contains("dungeon_turn_minutes"), "{logged}");
    let state = t.state();
    assert_eq!(
        state["options"]["wound_placement"],
        json!("empty_slot_only")
    );
    assert_eq!(state["assist_lapse"], json!("any_modifier"));
    assert_eq!(state["dungeon_turn_minutes"], json!(20));
    // Other settings stay as they were.
    assert_eq!(
        before["rules"]["options"]["backpack_rows"],
        state["options"]["backpack_rows"]
    );
    t.assert_replays();
}

#[test]
// Covers CR-DMG-03, CR-ERR-20: with more AD items than every order can be
// offered for, the hit asks which goes first (the rest as listed) instead of refusing — a
// refusal there would follow the damage dice an attack rolled before it.
fn cr_dmg_03_many_armor_items_ask_which_goes_first_instead_of_refusing() {
    let mut t = party_with(json!({"options": {"armor_defense_sources": "any_carried"}}));
    for n in 1..=5 {
        t.referee_rules(
            json!({"place_item": {"creature": "vera", "custom": {"name": format!("Plate {n}"),
                "slots": 1, "armor": {"kind": "Shield", "defense": 1}},
                "slots": [{"kind": "Backpack", "number": n}]}}),
            &[],
        );
    }
    t.referee_rules(json!({"damage": {"creature": "vera", "amount": 6}}), &[]);
    let d = t.decision("crows.armor_order");
    assert_eq!(d.options.len(), 5);
    let firsts: Vec<Value> = d.options.iter().map(|o| o.data[0].clone()).collect();
    assert_eq!(firsts, [json!(1), json!(2), json!(3), json!(4), json!(5)]);
    let third_first = d.options[2].id.clone();
    t.answer(&player("alice"), &d.id, &third_first, None)
        .unwrap();
    // 6 damage: five AD 1 items absorb 5, Stamina takes 1.
    let v = t.creature("vera");
    assert_eq!(v["stamina"], 2);
    let items = v["inventory"]["items"].as_array().unwrap();
    assert!(items.iter().all(|i| i["item"]["armor"]["current"] == 0));
    t.assert_replays();
}
