//! Combat errata played through the engine: a ranged doom next to allies, a smaller toppled
//! object, the jump's tier-3 distance, the taunt's line of effect, the counter's tier row.

use super::common::*;

// The ghoul fights as the sample cave spider.
use super::common::place_ghoul_as_spider as place;

/// Drops the Referee's open outcome decisions core asks after tests (not part of combat).
fn rule_outcomes(t: &mut T) {
    let open: Vec<engine::Decision> = t
        .table
        .core()
        .decisions
        .iter()
        .filter(|d| {
            matches!(
                d.kind.as_str(),
                "crows.tier_1_setback" | "crows.tier_2_outcome" | "crows.doom_setback"
            )
        })
        .cloned()
        .collect();
    for d in open {
        let option = d.options[0].id.clone();
        t.answer(&referee(), &d.id, &option, None).unwrap();
    }
}

#[test]
fn cr_err_49_a_ranged_doom_hits_an_adjacent_ally_at_tier_3_without_the_parity_die() {
    let mut t = sword_and_ghoul(20);
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "short-bow",
            "slots": [{"kind": "Hand", "number": 1}, {"kind": "Hand", "number": 2}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "arrows",
            "slots": [{"kind": "Belt", "number": 1}]}}),
        &[],
    );
    place(&mut t, "vera", 2, 0, "crows");
    place(&mut t, "bram", 0, 2, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["bram", "vera"]);
    // A doom (1, 1): exactly the two d10 are rolled, no parity d6 (the scripted roller
    // refuses a die it was not given and checks every given one is used).
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2}})),
        &[1, 1],
    );
    let d = t.decision("crows.combat.stray_shot");
    assert_eq!(d.answerer, engine::Answerer::Referee, "CR-REF-22");
    // The short bow's tier-3 row, 1d6 + 3 (1 + 3 = 4), not tier 2's 1d6 (1).
    t.run(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "vera"}}),
        &[1],
    )
    .unwrap();
    assert_eq!(stamina(&t, "vera"), 0, "4 damage against Stamina 3");
    let w = t.decision_for("crows.wound_slot", "vera");
    assert_eq!(w.context["remaining"], 1);
}

#[test]
fn cr_err_53_a_smaller_toppled_object_deals_no_damage_by_default() {
    let mut t = sword_and_ghoul(30);
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    // A Small object onto a Medium ghoul: a maneuver, no test and no damage die.
    let ev = t.referee_rules(
        json!({"topple": {"creature": "vera", "object": "small", "onto": ["ghoul"]}}),
        &[],
    );
    assert_eq!(rolled_count(&ev), 0);
    assert_eq!(rules_events(&ev, "toppled").len(), 1);
    assert_eq!(stamina(&t, "ghoul"), 30);
    // A larger one does deal damage (a Large bookcase: 17 on the banned test, then its dice).
    t.referee_rules(
        json!({"topple": {"creature": "vera", "object": "large", "onto": ["ghoul"]}}),
        &[9, 8, 3, 4, 5],
    );
    assert!(stamina(&t, "ghoul") < 30);
}

#[test]
fn cr_err_82_the_tier_3_jump_uses_the_tested_characteristic() {
    // Vera: Agility 1, Strength 2. Tier 3 reaches 2 + the characteristic chosen for the test
    // (at least 3): 4 squares with Strength, only 3 with Agility.
    let mut t = sword_and_ghoul(30);
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 9, 9, "enemies");
    start(&mut t, &["vera"]);
    let to = json!({"x": 4, "y": 0});
    let (msg, rule) = rule_of(
        t.run(
            &player("alice"),
            r(json!({"jump": {"creature": "vera", "to": to, "characteristic": "agility"}})),
            &[],
        )
        .unwrap_err(),
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-07"));
    assert!(msg.contains("3 long"), "{msg}");
    t.ok(
        &player("alice"),
        r(json!({"jump": {"creature": "vera", "to": to, "characteristic": "strength"}})),
        &[8, 8],
    );
    assert_eq!(t.state()["last_tests"]["vera"]["final_tier"], 3);
    assert_eq!(at(&t, "vera"), to);
}

#[test]
fn cr_err_83_a_taunt_needs_line_of_effect() {
    let mut t = sword_and_ghoul(30);
    let wall: Vec<Value> = (-3..=3)
        .map(|y| json!({"at": {"x": 2, "y": y}, "obstacle": "solid"}))
        .collect();
    t.referee_rules(json!({"set_grid": {"cells": wall}}), &[]);
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 4, 0, "enemies");
    start(&mut t, &["vera"]);
    let before = fight(&t);
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"taunt": {"creature": "vera", "target": "ghoul"}})),
        &[],
    );
    assert!(rule.is_some(), "behind a wall: refused");
    assert_eq!(fight(&t), before, "nothing spent");
    assert!(fight(&t)["taunts"].as_array().is_none_or(|a| a.is_empty()));
}

#[test]
fn cr_err_84_the_counter_deals_the_tier_2_row_and_tier_3_after_a_doom() {
    for (bite, dice, lost) in [([4, 3], vec![4], 5), ([1, 1], vec![4, 5], 9)] {
        let mut t = sword_and_ghoul(30);
        place(&mut t, "vera", 0, 0, "crows");
        place(&mut t, "ghoul", 1, 0, "enemies");
        start_with_initiative(&mut t, &["vera"], 3);
        t.referee_rules(
            json!({"attack": {"creature": "ghoul", "target": "vera", "natural": "Venom fang"}}),
            &bite,
        );
        let d = t.decision("crows.combat.counter");
        // Tier 2: the sword's 1d6 + 1 (4 + 1); tier 3 after a doom: 2d6 (4 + 5).
        t.run(
            &player("alice"),
            json!({"answer": {"decision": d.id, "option": "weapon_1"}}),
            &dice,
        )
        .unwrap();
        assert_eq!(stamina(&t, "ghoul"), 30 - lost, "{bite:?}");
        rule_outcomes(&mut t);
    }
}

#[test]
fn cr_err_14_a_creatures_actions_come_from_its_own_equipment_and_traits() {
    let mut t = sword_and_ghoul(30);
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "bram", 1, 1, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start_with_initiative(&mut t, &["vera", "bram"], 3);
    // The ghoul's card gives it the Venom fang; Vera has no such trait.
    let vera_bites = r(json!({"attack": {"creature": "vera", "target": "ghoul",
        "natural": "Venom fang"}}));
    assert!(t.run(&referee(), vera_bites, &[]).is_err());
    t.referee_rules(
        json!({"attack": {"creature": "ghoul", "target": "vera", "natural": "Venom fang"}}),
        &[4, 3],
    );
    rule_outcomes(&mut t);
    let counter: Vec<String> = t
        .table
        .core()
        .decisions
        .iter()
        .filter(|d| d.kind == "crows.combat.counter")
        .flat_map(|d| d.options.iter().map(|o| o.id.clone()))
        .collect();
    // Vera's counter offers the sword she holds (item 1), nothing else.
    assert_eq!(counter, ["weapon_1", "pass"]);
}

#[test]
fn cr_ref_19_the_referee_places_a_squeezing_creature() {
    let mut t = sword_and_ghoul(30);
    let squeeze = r(json!({"place": {"creature": "vera", "at": {"x": 0, "y": 0},
        "side": "crows", "squeezing": true}}));
    let e = t.run(&player("alice"), squeeze.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&referee(), squeeze, &[]);
    place(&mut t, "ghoul", 1, 0, "enemies");
    start_with_initiative(&mut t, &["vera"], 3);
    assert_eq!(t.state()["combat"]["placements"]["vera"]["squeezing"], true);
    // Attacks against a squeezing creature get +1 (CR-CBT-06).
    t.referee_rules(
        json!({"attack": {"creature": "ghoul", "target": "vera", "natural": "Venom fang"}}),
        &[4, 3],
    );
    let m = t.state()["last_tests"]["ghoul"]["spec"]["modifiers"].to_string();
    assert!(m.contains("squeez"), "{m}");
}

#[test]
fn cr_ref_23_the_referee_marks_a_flimsy_barrier_that_lets_effects_through() {
    let mut t = sword_and_ghoul(30);
    let wall: Vec<Value> = (-3..=3)
        .map(|y| json!({"at": {"x": 2, "y": y}, "obstacle": "flimsy"}))
        .collect();
    let grid = r(json!({"set_grid": {"cells": wall}}));
    let e = t.run(&player("alice"), grid.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&referee(), grid, &[]);
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 4, 0, "enemies");
    start(&mut t, &["vera"]);
    // A curtain: the taunt (which needs line of effect) goes through it.
    t.ok(
        &player("alice"),
        r(json!({"taunt": {"creature": "vera", "target": "ghoul"}})),
        &[],
    );
}

#[test]
fn cr_ref_21_the_referee_says_which_weapon_an_object_strikes_like() {
    let mut t = sword_and_ghoul(30);
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 2}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    let swing = r(
        json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 2,
        "characteristic": "strength", "like": "sword"}}),
    );
    let before = t.table.state_json();
    assert!(t.run(&player("alice"), swing.clone(), &[]).is_err());
    assert_eq!(t.table.state_json(), before);
    // 7 + 6 + Strength 2 = 15 (13 with an improvised bane): tier 2, the sword's 1d6 (3) + 1.
    t.ok(&referee(), swing, &[7, 6, 3]);
    assert_eq!(stamina(&t, "ghoul"), 26);
}

#[test]
fn cr_ref_27_toppling_is_the_referees_call_and_so_is_a_small_objects_damage() {
    let mut t = sword_and_ghoul(30);
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    let topple = r(json!({"topple": {"creature": "vera", "object": "small", "onto": ["ghoul"]}}));
    let e = t.run(&player("alice"), topple.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&referee(), topple, &[]);
    assert_eq!(
        stamina(&t, "ghoul"),
        30,
        "no formula: none by default (CR-ERR-53)"
    );
    // The Referee may still rule that the urn hurt: damage by the Referee's word.
    t.referee_rules(json!({"damage": {"creature": "ghoul", "amount": 2}}), &[]);
    assert_eq!(stamina(&t, "ghoul"), 28);
}
