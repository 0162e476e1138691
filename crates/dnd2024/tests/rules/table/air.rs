//! Off the ground at the table: jumping (DD-MOVE-07..09), flying at a height and falling out
//! of the air (DD-MOVE-10..12), falls (DD-HAZ-05) and breath (DD-HAZ-04).

use super::*;
use engine::Viewer;

fn alice() -> Actor {
    player("alice")
}

/// The fight (Vera, goblin, Bram; Vera acts) with Vera far from the goblin.
fn open_field() -> T {
    let mut t = fight();
    for (id, x, y) in [("vera", 0, 5), ("gob", 9, 0), ("bram", 9, 9)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

fn pos(t: &T, id: &str) -> Value {
    t.state()["positions"][id].clone()
}

fn conditions(t: &T, id: &str) -> Value {
    t.creature(id)["conditions"]["held"].clone()
}

fn prone(t: &T, id: &str) -> bool {
    conditions(t, id).to_string().contains("prone")
}

/// A character of Alice's with a Fly Speed (and, `hover`, the power to hover).
fn flyer(t: &mut T, id: &str, hover: bool) {
    let mut c = character(id, 24);
    c["speed"] = json!({"walk": 30, "fly": 30, "hover": hover});
    t.dm(
        json!({"add_creature": {"creature": c, "player": "alice"}}),
        &[],
    );
    t.dm(json!({"place": {"creature": id, "x": 3, "y": 3}}), &[]);
}

#[test]
fn dd_move_08_a_running_long_jump_goes_twice_as_far_as_a_standing_one() {
    let mut t = open_field();
    // Strength 10: 10 ft with a run-up, 5 ft standing.
    let code = t.refused(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [2, 5]}}}),
        &[],
    );
    assert_eq!(code, "bad_move");
    let ev = t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [1, 5]}}}),
        &[],
    );
    let j = &rules_events(&ev, "jumped")[0];
    assert_eq!(
        (j["feet"].clone(), j["running"].clone()),
        (json!(5), json!(false))
    );
    // DD-MOVE-08.b: the 5 ft jumped is 5 ft of movement.
    assert_eq!(t.creature("vera")["turn"]["moved"], 5);
    // A 10-ft run, then the running jump of 10 ft.
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[2, 5], [3, 5]]}}),
        &[],
    );
    let ev = t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [5, 5]}}}),
        &[],
    );
    let j = &rules_events(&ev, "jumped")[0];
    assert_eq!(
        (j["feet"].clone(), j["running"].clone()),
        (json!(10), json!(true))
    );
    assert_eq!(pos(&t, "vera"), json!({"x": 5, "y": 5}));
    assert_eq!(t.creature("vera")["turn"]["moved"], 25);
    // The run-up is used: the next jump stands, and 10 ft is too far again.
    let code = t.refused(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [7, 5]}}}),
        &[],
    );
    assert_eq!(code, "bad_move");
    t.assert_replays();
}

#[test]
fn dd_move_09_a_high_jump_height_and_reach() {
    let mut t = open_field();
    // Strength 10 (+0): 3 ft running, 1 ft standing (half of 3, rounded down).
    let code = t.refused(
        &alice(),
        json!({"jump": {"creature": "vera", "high": {"height_ft": 2}}}),
        &[],
    );
    assert_eq!(code, "bad_move");
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[1, 5], [2, 5]]}}),
        &[],
    );
    let ev = t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "high": {"height_ft": 3, "own_height_ft": 6}}}),
        &[],
    );
    let j = &rules_events(&ev, "jumped")[0];
    // DD-MOVE-09.c: 3 + 1.5 × 6 = 12 ft of reach.
    assert_eq!(
        (j["running"].clone(), j["reach_ft"].clone()),
        (json!(true), json!(12))
    );
    assert_eq!(t.creature("vera")["turn"]["moved"], 13);
}

#[test]
fn dd_move_08_c_long_jump_into_difficult_terrain_failing_acrobatics_lands_prone() {
    let mut t = open_field();
    t.dm(
        json!({"set_map": {"cells": [{"x": 4, "y": 5, "difficult": true},
            {"x": 4, "y": 6, "difficult": true}]}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[1, 5], [2, 5]]}}),
        &[],
    );
    // Dexterity (Acrobatics): 3 + 2 = 5 against DC 10 — she lands Prone.
    let ev = t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [4, 5]}}}),
        &[3],
    );
    let test = &rules_events(&ev, "test_rolled")[0];
    assert_eq!(test["success"], json!(false));
    assert_eq!(pos(&t, "vera"), json!({"x": 4, "y": 5}));
    assert!(prone(&t, "vera"), "{}", conditions(&t, "vera"));
    t.assert_replays();
}

#[test]
fn dd_move_08_c_a_good_landing_stays_standing() {
    let mut t = open_field();
    t.dm(
        json!({"set_map": {"cells": [{"x": 4, "y": 5, "difficult": true}]}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[1, 5], [2, 5]]}}),
        &[],
    );
    // 8 + 2 = 10 meets DC 10.
    t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [4, 5]}}}),
        &[8],
    );
    assert!(!prone(&t, "vera"));
}

#[test]
fn dd_move_08_d_an_obstacle_over_a_quarter_of_the_jump_is_refused_a_failed_check_hits_it() {
    let mut t = open_field();
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[1, 5], [2, 5]]}}),
        &[],
    );
    // A 10-ft jump clears at most 2½ ft: a 3-ft obstacle is no low one.
    let code = t.refused(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [4, 5], "obstacle_ft": 3}}}),
        &[],
    );
    assert_eq!(code, "bad_move");
    // A 2-ft one with the Athletics check: 4 + 0 misses DC 10, she stays, the feet spent.
    let ev = t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [4, 5], "obstacle_ft": 2,
            "athletics": true}}}),
        &[4],
    );
    assert_eq!(rules_events(&ev, "jumped")[0]["hit_obstacle"], json!(true));
    assert_eq!(pos(&t, "vera"), json!({"x": 2, "y": 5}));
    assert_eq!(t.creature("vera")["turn"]["moved"], 20);
}

#[test]
fn dd_move_10_a_a_flyer_knocked_prone_falls_and_takes_the_dice() {
    let mut t = party();
    flyer(&mut t, "kes", false);
    let ev = t.act(
        &alice(),
        json!({"fly": {"creature": "kes", "height_ft": 30}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "flew")[0]["height_ft"], 30);
    assert_eq!(t.state()["heights"]["kes"], 30);
    // Everyone's view of the table shows the height.
    assert_eq!(
        t.table.view(&Viewer::Player("bob".into()))["rules"]["heights"]["kes"],
        30
    );
    // Knocked Prone: it falls 30 ft, 3d6 (2, 3, 4) = 9 Bludgeoning.
    let ev = t.dm(
        json!({"apply_condition": {"creature": "kes", "condition": "prone", "source": "gob"}}),
        &[2, 3, 4],
    );
    let fell = &rules_events(&ev, "fell")[0];
    assert_eq!(
        (fell["feet"].clone(), fell["dice"].clone()),
        (json!(30), json!(3))
    );
    let dmg = &rules_events(&ev, "damage_taken")[0];
    assert_eq!(dmg["damage_type"], "bludgeoning");
    assert_eq!(t.hp("kes"), 15);
    assert!(t.state()["heights"].get("kes").is_none());
    t.assert_replays();
}

#[test]
fn dd_move_12_a_a_hovering_flyer_knocked_prone_stays_up() {
    let mut t = party();
    flyer(&mut t, "kes", true);
    t.act(
        &alice(),
        json!({"fly": {"creature": "kes", "height_ft": 30}}),
        &[],
    );
    let ev = t.dm(
        json!({"apply_condition": {"creature": "kes", "condition": "prone", "source": "gob"}}),
        &[],
    );
    assert!(rules_events(&ev, "fell").is_empty());
    assert_eq!(t.state()["heights"]["kes"], 30);
    assert_eq!(t.hp("kes"), 24);
}

#[test]
fn dd_move_10_a_a_flyer_grappled_to_speed_0_falls_too() {
    let mut t = party();
    flyer(&mut t, "kes", false);
    t.act(
        &alice(),
        json!({"fly": {"creature": "kes", "height_ft": 10}}),
        &[],
    );
    // Grappled: Speed 0, the Fly Speed too (DD-MOVE-01.c); 10 ft is 1d6.
    let ev = t.dm(
        json!({"apply_condition": {"creature": "kes", "condition": "grappled", "source": "gob"}}),
        &[5],
    );
    assert_eq!(rules_events(&ev, "fell")[0]["dice"], 1);
    assert_eq!(t.hp("kes"), 19);
    assert!(prone(&t, "kes"));
}

#[test]
fn dd_move_11_a_fly_needs_a_fly_speed_and_spends_movement() {
    let mut t = open_field();
    let code = t.refused(
        &alice(),
        json!({"fly": {"creature": "vera", "height_ft": 10}}),
        &[],
    );
    assert_eq!(code, "bad_move");
}

#[test]
fn dd_move_10_height_counts_in_reach_a_flyer_30_ft_up_is_out_of_a_rapier_s_reach() {
    let mut t = party();
    flyer(&mut t, "kes", false);
    t.dm(json!({"place": {"creature": "vera", "x": 4, "y": 3}}), &[]);
    t.act(
        &alice(),
        json!({"fly": {"creature": "kes", "height_ft": 30}}),
        &[],
    );
    let code = t.refused(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "kes", "attack": "Rapier",
            "distance_ft": 5}}),
        &[],
    );
    assert_eq!(code, "out_of_reach");
    // 5 ft up it is adjacent again.
    t.act(
        &alice(),
        json!({"fly": {"creature": "kes", "height_ft": 5}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "kes", "attack": "Rapier",
            "distance_ft": 5}}),
        &[2],
    );
}

#[test]
fn dd_haz_05_a_a_250_ft_fall_is_capped_at_20d6() {
    let mut t = party();
    t.dm(
        json!({"add_creature": {"creature": character("tank", 300), "player": "bob"}}),
        &[],
    );
    let ev = t.dm(json!({"fall": {"creature": "tank", "feet": 250}}), &[1; 20]);
    assert_eq!(rules_events(&ev, "fell")[0]["dice"], 20);
    assert_eq!(t.hp("tank"), 280);
    assert!(prone(&t, "tank"));
    t.assert_replays();
}

#[test]
fn dd_haz_05_b_a_short_fall_does_no_damage_and_leaves_it_standing() {
    let mut t = party();
    let ev = t.dm(json!({"fall": {"creature": "vera", "feet": 9}}), &[]);
    assert_eq!(rules_events(&ev, "fell")[0]["dice"], 0);
    assert!(!prone(&t, "vera"));
}

#[test]
fn dd_haz_05_a_fall_damage_calls_for_a_concentration_save() {
    let mut t = party();
    t.act(
        &alice(),
        json!({"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1, "slot_level": 1,
            "casting_time": "action", "concentration": true}}),
        &[],
    );
    // 20 ft: 2d6 (3, 4) = 7; the DC 10 save: 5 + Con 2 + PB 2 = 9 loses Bless.
    let ev = t.dm(
        json!({"fall": {"creature": "vera", "feet": 20}}),
        &[3, 4, 5],
    );
    let save = &rules_events(&ev, "concentration_save")[0];
    assert_eq!(
        (save["dc"].clone(), save["kept"].clone()),
        (json!(10), json!(false))
    );
    assert_eq!(t.hp("vera"), 17);
    assert_eq!(t.creature("vera")["concentration"]["effect"], Value::Null);
    assert!(prone(&t, "vera"));
}

#[test]
fn dd_haz_05_c_into_water_a_good_check_halves_the_damage() {
    let mut t = party();
    // Dexterity (Acrobatics) 13 + 2 = 15 meets DC 15: 4d6 of 6 each, 24, halved to 12.
    let ev = t.dm(
        json!({"fall": {"creature": "vera", "feet": 40, "into_water": true,
            "water_check": "dexterity"}}),
        &[13, 6, 6, 6, 6],
    );
    assert_eq!(rules_events(&ev, "test_rolled")[0]["success"], json!(true));
    assert_eq!(t.hp("vera"), 12);
    // Only into water.
    let code = t.refused(
        &referee(),
        json!({"fall": {"creature": "vera", "feet": 40, "water_check": "dexterity"}}),
        &[],
    );
    assert_eq!(code, "bad_move");
}

#[test]
fn dd_haz_05_a_hidden_monster_s_flight_and_fall_stay_the_referee_s() {
    let mut t = party();
    let mut imp = monster("imp");
    imp["speed"] = json!({"walk": 20, "fly": 40});
    imp["hit_points"] = json!(40);
    t.dm(json!({"add_creature": {"creature": imp}}), &[]);
    t.dm(json!({"place": {"creature": "imp", "x": 8, "y": 8}}), &[]);
    t.dm(json!({"fly": {"creature": "imp", "height_ft": 20}}), &[]);
    t.dm(
        json!({"apply_condition": {"creature": "imp", "condition": "prone", "source": "trap"}}),
        &[1, 1],
    );
    assert_eq!(t.hp("imp"), 38);
    let seen = t.log_for(&Viewer::Player("alice".into())).to_string();
    assert!(!seen.contains("imp"), "{seen}");
    assert!(!seen.contains("fell") && !seen.contains("flew"));
    assert!(
        t.table.view(&Viewer::Player("alice".into()))["rules"]["heights"]
            .as_object()
            .is_none_or(|h| h.is_empty())
    );
}

#[test]
fn dd_haz_04_breath_runs_out_gives_exhaustion_and_breathing_again_removes_it() {
    let mut t = fight();
    // Con 14 (+2): 3 minutes, 30 rounds.
    let ev = t.dm(json!({"hold_breath": {"creature": "vera"}}), &[]);
    assert_eq!(rules_events(&ev, "breath_held")[0]["rounds"], 30);
    let levels = |t: &T| {
        t.creature("vera")["conditions"]["exhaustion"]["levels"]
            .as_array()
            .map_or(0, Vec::len)
    };
    // Round 1 is Vera's turn now; every end of turn moves the fight on.
    let mut rounds_with_air = 0;
    let mut out = false;
    for _ in 0..200 {
        let acting = t.table.core().clock.acting().map(str::to_string);
        let ev = t.clock(json!("end_turn"));
        if !rules_events(&ev, "out_of_breath").is_empty() {
            out = true;
            break;
        }
        if acting.as_deref() == Some("vera") {
            rounds_with_air += 1;
        }
        assert_eq!(levels(&t), 0, "no Exhaustion while the breath lasts");
    }
    assert!(out, "the breath ran out");
    assert_eq!(rounds_with_air, 30);
    // Out of breath: one level at the end of each of her turns (DD-HAZ-04.b).
    while t.table.core().clock.acting() != Some("vera") {
        t.clock(json!("end_turn"));
    }
    t.clock(json!("end_turn"));
    assert_eq!(levels(&t), 1);
    assert_eq!(
        t.creature("vera")["conditions"]["exhaustion"]["levels"][0],
        "suffocation"
    );
    // Breathing again (DD-HAZ-04.c) takes it away and stops the clock.
    t.dm(json!({"breathe_again": {"creature": "vera"}}), &[]);
    assert_eq!(levels(&t), 0);
    assert!(
        t.table
            .core()
            .effects
            .iter()
            .all(|e| e.kind != "held_breath" && e.kind != "suffocating")
    );
    t.assert_replays();
}

#[test]
fn dd_haz_04_b_choking_gains_a_level_at_the_end_of_the_turn() {
    let mut t = fight();
    t.dm(
        json!({"hold_breath": {"creature": "vera", "choking": true}}),
        &[],
    );
    t.clock(json!("end_turn"));
    assert_eq!(
        t.creature("vera")["conditions"]["exhaustion"]["levels"],
        json!(["suffocation"])
    );
    let code = t.refused(
        &referee(),
        json!({"hold_breath": {"creature": "vera"}}),
        &[],
    );
    assert_eq!(code, "bad_breath");
}
