//! The glossary's actions at the table: Dodge (DD-ACT-08), Help (DD-ACT-09), and the Grapple
//! and Shove options of an Unarmed Strike (DD-CBT-07, DD-CBT-08), with physical dice.

use super::*;
use engine::Viewer;

fn alice() -> Actor {
    player("alice")
}
fn bob() -> Actor {
    player("bob")
}

/// The fight (Vera, goblin, Bram in that order), Vera at (0,0), the goblin at (1,0), Bram at
/// (0,1): all within 5 ft of the goblin.
fn melee() -> T {
    let mut t = fight();
    for (id, x, y) in [("vera", 0, 0), ("gob", 1, 0), ("bram", 0, 1)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

fn gob_attacks_vera(extra: Value) -> Value {
    let mut a = json!({"attacker": "gob", "target": "vera", "attack": "Scimitar"});
    if let (Some(o), Some(e)) = (a.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    json!({ "attack": a })
}

#[test]
fn dd_act_08_dodge_gives_disadvantage_to_a_seen_attacker() {
    let mut t = fight();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "dodge"}}),
        &[],
    );
    assert_eq!(t.creature("vera")["dodging"], true);
    t.clock(json!("end_turn"));
    // Two d20s, the lower counts: 3 + 4 = 7 misses AC 14 (one die would leave a face unused).
    let ev = t.dm(gob_attacks_vera(json!({})), &[15, 3]);
    let roll = &rules_events(&ev, "attack_rolled")[0];
    assert_eq!(roll["mode"], "disadvantage");
    assert_eq!(roll["disadvantage"], json!([{"rule": "dodging"}]));
    assert_eq!(roll["hit"], false);
    // The players see the Dodge in plain view too.
    let view = t.table.view(&Viewer::Player("bob".into()));
    assert_eq!(view["rules"]["creatures"]["vera"]["dodging"], true);
    t.assert_replays();
}

#[test]
fn dd_act_08_dodge_gives_nothing_against_an_unseen_attacker() {
    let mut t = fight();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "dodge"}}),
        &[],
    );
    t.clock(json!("end_turn"));
    // Vera cannot see the goblin: no Dodge, and the unseen attacker has Advantage (higher of
    // two: 5 + 4 = 9 misses).
    let ev = t.dm(
        gob_attacks_vera(json!({"target_sees_attacker": false})),
        &[3, 5],
    );
    let roll = &rules_events(&ev, "attack_rolled")[0];
    assert_eq!(roll["mode"], "advantage");
    assert_eq!(roll["disadvantage"], json!([]));
}

#[test]
fn dd_act_08_b_dodge_lapses_at_its_turn_and_when_incapacitated() {
    let mut t = fight();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "dodge"}}),
        &[],
    );
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    // Vera's next turn: the Dodge is over.
    assert_eq!(t.creature("vera").get("dodging"), None);
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "dodge"}}),
        &[],
    );
    assert_eq!(t.creature("vera")["dodging"], true);
    // Incapacitated: it ends at once, and does not come back with the condition's end.
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "incapacitated",
            "source": "gob"}}),
        &[],
    );
    assert_eq!(t.creature("vera").get("dodging"), None);
    t.dm(
        json!({"end_condition": {"creature": "vera", "condition": "incapacitated",
            "source": "gob"}}),
        &[],
    );
    assert_eq!(t.creature("vera").get("dodging"), None);
    t.clock(json!("end_turn"));
    let ev = t.dm(gob_attacks_vera(json!({})), &[3]);
    assert_eq!(
        rules_events(&ev, "attack_rolled")[0]["disadvantage"],
        json!([])
    );
    t.assert_replays();
}

#[test]
fn dd_act_08_b_dodge_ends_when_speed_drops_to_zero() {
    let mut t = fight();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "dodge"}}),
        &[],
    );
    // Grappled: Speed 0.
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "grappled",
            "source": "gob"}}),
        &[],
    );
    assert_eq!(t.creature("vera").get("dodging"), None);
}

#[test]
fn dd_act_08_a_dodge_advantage_on_a_dexterity_save_in_an_area() {
    let mut t = fight();
    for (id, x, y) in [("vera", 10, 10), ("gob", 0, 0), ("bram", 20, 20)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "dodge"}}),
        &[],
    );
    // 1d6 of damage (a 4), then Vera's save with two dice: the higher 15 + 2 = 17 makes DC 13.
    let ev = t.dm(
        json!({"area_effect": {"caster": "gob", "name": "Flame Burst", "shape": "sphere",
            "size_ft": 5, "origin": {"x2": 20, "y2": 20},
            "save": {"ability": "dexterity", "dc": 13},
            "damage": [{"dice": "1d6", "damage_type": "fire"}], "half_on_success": true}}),
        &[4, 3, 15],
    );
    let save = &rules_events(&ev, "test_rolled")[0];
    assert_eq!(save["creature"], "vera");
    assert_eq!(save["plan"]["advantage"], json!(["Dodge"]));
    assert_eq!(save["success"], true);
    assert_eq!(t.hp("vera"), 22);
    // The odds of that save name it too.
    let odds = t
        .table
        .query(
            &Viewer::Player("alice".into()),
            "d20_odds",
            &json!({"creature": "vera", "test": {"saving_throw": {"ability": "dexterity"}},
                "dc": 13}),
        )
        .unwrap();
    assert_eq!(odds["plan"]["advantage"], json!(["Dodge"]));
}

#[test]
fn dd_act_08_attack_odds_show_dodge() {
    let mut t = melee();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "dodge"}}),
        &[],
    );
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "attack_odds",
            &json!({"attacker": "gob", "attack": "Scimitar", "target": "vera"}),
        )
        .unwrap();
    assert_eq!(odds["mode"], "disadvantage");
    assert_eq!(odds["disadvantage"], json!([{"rule": "dodging"}]));
    // +4 against AC 14: 10 or more on both dice, (11/20)^2.
    assert_eq!(odds["hit"], "121/400");
}

#[test]
fn dd_act_09_b_help_on_an_attack_is_used_once() {
    let mut t = melee();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "help", "against": "gob"}}),
        &[],
    );
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    // Bram's turn: the odds show the Help without using it.
    let odds = t
        .table
        .query(
            &Viewer::Player("bob".into()),
            "attack_odds",
            &json!({"attacker": "bram", "attack": "Rapier", "target": "gob"}),
        )
        .unwrap();
    assert_eq!(odds["advantage"], json!([{"rule": "helped"}]));
    assert_eq!(odds["mode"], "advantage");
    // Two dice, the higher 12 + 4 = 16 hits AC 15; 1d8+2 (a 4) = 6 leaves the goblin at 1 HP.
    let ev = t.act(
        &bob(),
        json!({"attack": {"attacker": "bram", "target": "gob", "attack": "Rapier"}}),
        &[3, 12, 4],
    );
    let roll = &rules_events(&ev, "attack_rolled")[0];
    assert_eq!(roll["advantage"], json!([{"rule": "helped"}]));
    assert_eq!(roll["hit"], true);
    assert_eq!(t.creature("vera").get("helping"), None);
    // Used: the next roll against the goblin has none.
    let odds = t
        .table
        .query(
            &Viewer::Player("bob".into()),
            "attack_odds",
            &json!({"attacker": "bram", "attack": "Rapier", "target": "gob"}),
        )
        .unwrap();
    assert_eq!(odds["advantage"], json!([]));
    t.assert_replays();
}

#[test]
fn dd_act_09_help_lapses_at_the_helpers_next_turn() {
    let mut t = melee();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "help", "against": "gob"}}),
        &[],
    );
    assert!(t.creature("vera")["helping"].is_object());
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    assert_eq!(t.creature("vera").get("helping"), None);
    let odds = t
        .table
        .query(
            &Viewer::Player("bob".into()),
            "attack_odds",
            &json!({"attacker": "bram", "attack": "Rapier", "target": "gob"}),
        )
        .unwrap();
    assert_eq!(odds["advantage"], json!([]));
}

#[test]
fn dd_act_09_b_help_needs_an_enemy_within_5_ft() {
    let mut t = fight();
    for (id, x, y) in [("vera", 0, 0), ("gob", 3, 0), ("bram", 0, 1)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    assert_eq!(
        t.refused(
            &alice(),
            json!({"take_action": {"creature": "vera", "action": "help", "against": "gob"}}),
            &[]
        ),
        "forbidden"
    );
    // An ally is no enemy; a bare Help names nothing.
    assert_eq!(
        t.refused(
            &alice(),
            json!({"take_action": {"creature": "vera", "action": "help", "against": "bram"}}),
            &[]
        ),
        "bad_help"
    );
    assert_eq!(
        t.refused(
            &alice(),
            json!({"take_action": {"creature": "vera", "action": "help"}}),
            &[]
        ),
        "bad_help"
    );
}

#[test]
fn dd_act_09_a_help_on_a_check() {
    let mut t = fight();
    // Vera is not proficient in Arcana: no help with it.
    assert_eq!(
        t.refused(
            &alice(),
            json!({"take_action": {"creature": "vera", "action": "help", "ally": "bram",
                "skill": "arcana"}}),
            &[]
        ),
        "forbidden"
    );
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "help", "ally": "bram",
            "skill": "stealth"}}),
        &[],
    );
    let check = json!({"creature": "bram",
        "test": {"ability_check": {"ability": "dexterity", "skill": "stealth"}}, "dc": 15});
    let odds = t
        .table
        .query(&Viewer::Player("bob".into()), "d20_odds", &check)
        .unwrap();
    assert_eq!(odds["plan"]["advantage"], json!(["Help"]));
    // Another check (Perception) does not use it.
    t.act(
        &bob(),
        json!({"d20_test": {"creature": "bram",
            "test": {"ability_check": {"ability": "wisdom", "skill": "perception"}}, "dc": 10}}),
        &[10],
    );
    // Two dice: the higher 14 + 4 (Dex +2, proficient +2) = 18.
    let ev = t.act(&bob(), json!({ "d20_test": check.clone() }), &[2, 14]);
    let roll = &rules_events(&ev, "test_rolled")[0];
    assert_eq!(roll["plan"]["advantage"], json!(["Help"]));
    assert_eq!(roll["success"], true);
    // Used.
    t.act(&bob(), json!({ "d20_test": check }), &[14]);
    t.assert_replays();
}

#[test]
fn dd_cbt_08_a_grapple_with_physical_dice() {
    let mut t = melee();
    // DC 8 + 0 + 2 = 10; the goblin saves with Dexterity (+2 beats Strength's −1): 5 + 2 = 7.
    let ev = t.act(
        &alice(),
        json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "grapple"}}),
        &[5],
    );
    let save = &rules_events(&ev, "test_rolled")[0];
    assert_eq!(
        save["test"],
        json!({"saving_throw": {"ability": "dexterity"}})
    );
    let done = &rules_events(&ev, "unarmed_strike_resolved")[0];
    assert_eq!(done["saved"], false);
    assert_eq!(done["dc"], 10);
    assert!(
        t.creature("gob")["conditions"]
            .to_string()
            .contains("grappled")
    );
    // It was one attack of the Attack action: the budget is spent.
    assert_eq!(
        t.refused(
            &alice(),
            json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "grapple"}}),
            &[5]
        ),
        "attacks_spent"
    );
    // The goblin's escape uses Vera's DC.
    t.clock(json!("end_turn"));
    let ev = t.dm(
        json!({"escape_grapple": {"creature": "gob", "grappler": "vera", "ability": "dexterity"}}),
        &[12],
    );
    assert_eq!(rules_events(&ev, "test_rolled")[0]["dc"], 10);
    t.assert_replays();
}

#[test]
fn dd_cbt_08_a_grapple_resisted() {
    let mut t = melee();
    // 8 + 2 = 10 meets DC 10: the goblin stays free.
    let ev = t.act(
        &alice(),
        json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "grapple"}}),
        &[8],
    );
    assert_eq!(
        rules_events(&ev, "unarmed_strike_resolved")[0]["saved"],
        true
    );
    assert!(
        !t.creature("gob")["conditions"]
            .to_string()
            .contains("grappled")
    );
}

#[test]
fn dd_cbt_07_c_grapple_refused_against_a_much_larger_target() {
    let mut t = fight();
    let mut ogre = monster("ogre");
    ogre["size"] = json!("huge");
    t.dm(json!({"add_creature": {"creature": ogre}}), &[]);
    t.dm(json!({"reveal_creature": {"creature": "ogre"}}), &[]);
    assert_eq!(
        t.refused(
            &alice(),
            json!({"unarmed_strike": {"attacker": "vera", "target": "ogre", "option": "grapple"}}),
            &[5]
        ),
        "forbidden"
    );
    // Out of reach too.
    assert_eq!(
        t.refused(
            &alice(),
            json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "shove",
                "shove": "prone", "distance_ft": 10}}),
            &[5]
        ),
        "out_of_reach"
    );
    // No free hand, no grapple.
    assert_eq!(
        t.refused(
            &alice(),
            json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "grapple",
                "free_hand": false}}),
            &[5]
        ),
        "forbidden"
    );
}

#[test]
fn dd_cbt_07_d_shove_prone() {
    let mut t = melee();
    let ev = t.act(
        &alice(),
        json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "shove",
            "shove": "prone"}}),
        &[3],
    );
    assert_eq!(
        rules_events(&ev, "unarmed_strike_resolved")[0]["saved"],
        false
    );
    assert!(
        t.creature("gob")["conditions"]
            .to_string()
            .contains("prone")
    );
    t.assert_replays();
}

#[test]
fn dd_cbt_07_d_shove_push_on_the_grid() {
    let mut t = melee();
    let ev = t.act(
        &alice(),
        json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "shove",
            "shove": "push"}}),
        &[3],
    );
    assert_eq!(
        rules_events(&ev, "unarmed_strike_resolved")[0]["pushed_to"],
        json!({"x": 2, "y": 0})
    );
    assert_eq!(t.state()["positions"]["gob"], json!({"x": 2, "y": 0}));
    t.assert_replays();
}

#[test]
fn dd_cbt_07_d_push_into_a_wall_is_refused() {
    let mut t = melee();
    t.dm(
        json!({"set_map": {"cells": [{"x": 2, "y": 0, "obstacle": "wall"}]}}),
        &[],
    );
    assert_eq!(
        t.refused(
            &alice(),
            json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "shove",
                "shove": "push"}}),
            &[3]
        ),
        "bad_move"
    );
    // A character target picks its save: Bram, pushed by the goblin, chooses Strength.
    t.clock(json!("end_turn"));
    let ev = t.dm(
        json!({"unarmed_strike": {"attacker": "gob", "target": "bram", "option": "shove",
            "shove": "prone", "target_save": "strength"}}),
        &[15],
    );
    assert_eq!(
        rules_events(&ev, "test_rolled")[0]["test"],
        json!({"saving_throw": {"ability": "strength"}})
    );
    // Players do not see the goblin's DC.
    let bob_log = t.log_for(&Viewer::Player("bob".into())).to_string();
    assert!(bob_log.contains("unarmed_strike_resolved"));
    let done = rules_events(&ev, "unarmed_strike_resolved");
    assert_eq!(done[0]["dc"], 8 - 1 + 2);
}

#[test]
fn dd_cbt_08_a_an_unseen_grappler_stays_unnamed() {
    // The goblin, never revealed, grapples Vera out of combat: Vera's save is hers to see,
    // the grappler is `unseen` to the players, and its DC stays the Referee's.
    let mut t = party();
    let ev = t.dm(
        json!({"unarmed_strike": {"attacker": "gob", "target": "vera", "option": "grapple",
            "target_save": "strength"}}),
        &[2],
    );
    assert_eq!(
        rules_events(&ev, "unarmed_strike_resolved")[0]["saved"],
        false
    );
    let alice_log = t.log_for(&Viewer::Player("alice".into()));
    let seen: Vec<&Value> = alice_log
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["event"].get("unarmed_strike_resolved"))
        .collect();
    assert_eq!(seen.len(), 1, "{alice_log}");
    assert_eq!(seen[0]["attacker"], "unseen");
    assert!(seen[0].get("dc").is_none());
    assert!(!alice_log.to_string().contains("\"gob\""), "{alice_log}");
    // Vera holds a Grappled whose source is a stand-in.
    assert!(
        t.creature("vera")["conditions"]
            .to_string()
            .contains("unseen-")
    );
}

/// DD-CBT-08.d: the grapple ends once the two are farther apart than the grapple's range
/// (here Vera's 5-ft reach): the Referee moves the goblin 10 ft off, and Grappled is gone;
/// a move that stays within reach keeps it.
#[test]
fn dd_cbt_08_d_a_grapple_ends_when_they_are_moved_apart() {
    let mut t = melee();
    t.act(
        &alice(),
        json!({"unarmed_strike": {"attacker": "vera", "target": "gob", "option": "grapple"}}),
        &[5],
    );
    let grappled = |t: &T| {
        t.creature("gob")["conditions"]
            .to_string()
            .contains("grappled")
    };
    assert!(grappled(&t));
    // Diagonal, still 5 ft from Vera: held.
    t.dm(json!({"place": {"creature": "gob", "x": 1, "y": 1}}), &[]);
    assert!(grappled(&t));
    // 10 ft away: the grapple ends.
    t.dm(json!({"place": {"creature": "gob", "x": 2, "y": 0}}), &[]);
    assert!(!grappled(&t));
    t.assert_replays();
}
