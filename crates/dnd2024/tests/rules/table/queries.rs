//! The questions asked before a command: `attack_odds` (DD-CBT-04.a with DD-CORE-06..08,
//! DD-CORE-19, DD-CBT-05.b) checked against hand-computed fractions and against the `attack`
//! command's own result, and `move_preview` (DD-MOVE-03, -04, -06, -19, DD-COND-13.a,
//! DD-ACT-02.a) checked against what `move_path` then spends. Secrecy: a hidden target reads
//! as a missing one, a secret AC changes nothing a player gets, a hidden creature on a path
//! costs what an empty square costs.

use super::*;
use engine::Viewer;

fn alice() -> Actor {
    player("alice")
}
fn alice_v() -> Viewer {
    Viewer::Player("alice".into())
}

fn odds(t: &T, viewer: &Viewer, args: Value) -> Value {
    t.table
        .query(viewer, "attack_odds", &args)
        .unwrap_or_else(|e| panic!("attack_odds {args} refused: {e}"))
}

fn preview(t: &T, viewer: &Viewer, args: Value) -> Value {
    t.table
        .query(viewer, "move_preview", &args)
        .unwrap_or_else(|e| panic!("move_preview {args} refused: {e}"))
}

/// Vera (Rapier +4, 1d8+2; Shortbow +4, 80/320 ft, 1d6+2) at (0,0) and the goblin (AC 15) at
/// (1,0), out of combat; the goblin still hidden from the players.
fn duel() -> T {
    let mut t = party();
    for (id, x, y) in [("vera", 0, 0), ("gob", 1, 0), ("bram", 5, 5)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

fn rapier() -> Value {
    json!({"attacker": "vera", "attack": "Rapier", "target": "gob"})
}

#[test]
fn dd_cbt_04_a_attack_odds_exact_against_the_targets_ac() {
    let t = duel();
    let a = odds(&t, &Viewer::Referee, rapier());
    // +4 against AC 15: 11 or more on the d20, 10 faces of 20; a 20 is the Critical Hit.
    assert_eq!(a["armor_class"], 15);
    assert_eq!(a["hit"], "1/2");
    assert_eq!(a["critical"], "1/20");
    assert_eq!(a["miss"], "1/2");
    assert_eq!(a["mode"], "normal");
    // 1d8+2 averages 13/2; a Critical Hit's 2d8+2 averages 11:
    // 1/20 × 11 + (1/2 − 1/20) × 13/2 = 22/40 + 117/40 = 139/40.
    assert_eq!(a["damage_mean"], "13/2");
    assert_eq!(a["critical_damage_mean"], "11/1");
    assert_eq!(a["expected_damage"], "139/40");
    assert!((a["hit_percent"].as_f64().unwrap() - 50.0).abs() < 1e-9);
    assert!((a["expected_damage_value"].as_f64().unwrap() - 3.475).abs() < 1e-9);
}

#[test]
fn dd_core_06_attack_odds_advantage_and_its_cancelling() {
    let t = duel();
    let mut help = rapier();
    help["advantage_sources"] = json!(["Help"]);
    let a = odds(&t, &Viewer::Referee, help.clone());
    // Two d20, the higher kept: miss only if both miss, (1/2)²; a 20 on either, 1 − (19/20)².
    assert_eq!(a["mode"], "advantage");
    assert_eq!(a["hit"], "3/4");
    assert_eq!(a["critical"], "39/400");
    assert_eq!(a["advantage"], json!([{"named": "Help"}]));
    // Any Disadvantage cancels any number of Advantage sources (DD-CORE-08).
    help["disadvantage_sources"] = json!(["Bane-ish"]);
    help["advantage_sources"] = json!(["Help", "Guiding Bolt"]);
    let c = odds(&t, &Viewer::Referee, help);
    assert_eq!(c["mode"], "normal");
    assert_eq!(c["hit"], "1/2");
}

#[test]
fn dd_cbt_05_b_attack_odds_long_range_measured_on_the_grid() {
    let mut t = duel();
    // 100 ft away: beyond the Shortbow's 80 ft, inside 320: Disadvantage (DD-CBT-05.b).
    t.dm(json!({"place": {"creature": "gob", "x": 20, "y": 0}}), &[]);
    let a = odds(
        &t,
        &Viewer::Referee,
        json!({"attacker": "vera", "attack": "Shortbow", "target": "gob"}),
    );
    assert_eq!(a["distance_ft"], 100);
    assert_eq!(a["mode"], "disadvantage");
    assert_eq!(a["disadvantage"], json!([{"rule": "long_range"}]));
    assert_eq!(a["hit"], "1/4");
    assert_eq!(a["critical"], "1/400");
    // The Rapier does not reach: refused as the attack would be.
    let err = t
        .table
        .query(&Viewer::Referee, "attack_odds", &rapier())
        .unwrap_err();
    assert_eq!(err.code, "out_of_reach");
}

#[test]
fn dd_cbt_04_a_attack_odds_match_the_attack_command() {
    // The query says 11 or more hits AC 15 with +4: a 10 misses, an 11 hits.
    let mut t = duel();
    assert_eq!(odds(&t, &Viewer::Referee, rapier())["hit"], "1/2");
    let ev = t.dm(json!({"attack": rapier()}), &[10]);
    assert_eq!(rules_events(&ev, "attack_rolled")[0]["hit"], false);
    let ev = t.dm(json!({"attack": rapier()}), &[11, 1]);
    assert_eq!(rules_events(&ev, "attack_rolled")[0]["hit"], true);
    assert_eq!(t.hp("gob"), 4, "1 + 2 damage");
    // A Prone target within 5 ft: Advantage found by the rules, in the query as in the attack.
    t.dm(
        json!({"apply_condition": {"creature": "gob", "condition": "prone", "source": "vera"}}),
        &[],
    );
    let a = odds(&t, &Viewer::Referee, rapier());
    assert_eq!(a["mode"], "advantage");
    assert_eq!(
        a["advantage"],
        json!([{"rule": {"target_condition": "prone"}}])
    );
    let ev = t.dm(json!({"attack": rapier()}), &[3, 12, 1]);
    assert_eq!(rules_events(&ev, "attack_rolled")[0]["mode"], a["mode"]);
}

#[test]
fn dd_cbt_04_a_attack_odds_every_hit_critical_on_an_unconscious_target() {
    let mut t = duel();
    t.dm(
        json!({"apply_condition": {"creature": "gob", "condition": "unconscious", "source": "sleep"}}),
        &[],
    );
    let a = odds(&t, &Viewer::Referee, rapier());
    // Unconscious: Advantage (and Prone's, one mode), every hit within 5 ft a Critical Hit:
    // hit 3/4, critical 3/4, expected 3/4 × 11 = 33/4.
    assert_eq!(a["every_hit_critical"], true);
    assert_eq!(a["hit"], "3/4");
    assert_eq!(a["critical"], "3/4");
    assert_eq!(a["expected_damage"], "33/4");
}

#[test]
fn dd_dmg_02_a_attack_odds_damage_never_below_zero() {
    // 1d4−2: faces 1 and 2 deal 0, 3 deals 1, 4 deals 2: mean 3/4 (not 1/2).
    let d = delve_dnd2024::core::DamageDice::parse("1d4-2").unwrap();
    let m = delve_dnd2024::ruleset::queries::attack_odds::mean_damage(d).unwrap();
    assert_eq!(m.to_string(), "3/4");
    let d = delve_dnd2024::core::DamageDice::parse("2d6+3").unwrap();
    let m = delve_dnd2024::ruleset::queries::attack_odds::mean_damage(d).unwrap();
    assert_eq!(m.to_string(), "10");
}

#[test]
fn dd_vis_secrecy_attack_odds_hidden_target_reads_as_a_missing_one() {
    let hidden = duel();
    // The same table without any goblin.
    let mut missing = T::new();
    for p in ["alice", "bob"] {
        missing.ok(
            &referee(),
            json!({"join": {"name": p, "role": "player"}}),
            &[],
        );
    }
    missing.dm(
        json!({"add_creature": {"creature": character("vera", 24), "player": "alice"}}),
        &[],
    );
    missing.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
    let a = hidden
        .table
        .query(&alice_v(), "attack_odds", &rapier())
        .unwrap_err();
    let b = missing
        .table
        .query(&alice_v(), "attack_odds", &rapier())
        .unwrap_err();
    assert_eq!(a.code, "unknown_creature");
    assert_eq!(
        serde_json::to_value(&a).unwrap(),
        serde_json::to_value(&b).unwrap()
    );
    // Bob may not ask about Vera's attack (her sheet is Alice's).
    let mut seen = duel();
    seen.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    let err = seen
        .table
        .query(&Viewer::Player("bob".into()), "attack_odds", &rapier())
        .unwrap_err();
    assert_eq!(err.code, "unknown_creature");
}

#[test]
fn dd_vis_secrecy_attack_odds_secret_ac_gives_bands_not_the_ac() {
    let mut t = duel();
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    let a = odds(&t, &alice_v(), rapier());
    assert_eq!(a["armor_class_known"], false);
    assert!(a.get("armor_class").is_none() && a.get("hit").is_none());
    let bands = a["by_armor_class"].as_array().unwrap();
    assert_eq!(bands.len(), 21);
    let at = |ac: i64| {
        bands
            .iter()
            .find(|b| b["armor_class"] == ac)
            .unwrap()
            .clone()
    };
    // +4: AC 15 needs 11 (1/2), AC 10 needs 6 (3/4), AC 25 only a 20 (1/20).
    assert_eq!(at(15)["hit"], "1/2");
    assert_eq!(at(15)["expected_damage"], "139/40");
    assert_eq!(at(10)["hit"], "3/4");
    assert_eq!(at(25)["hit"], "1/20");
    // The same question on a table where the goblin has another AC and a Shield's +5: the
    // player's answer is the same, so it tells nothing of either.
    let mut gob = monster("gob");
    gob["armor_class"] = json!(12);
    let mut other = T::new();
    for p in ["alice", "bob"] {
        other.ok(
            &referee(),
            json!({"join": {"name": p, "role": "player"}}),
            &[],
        );
    }
    other.dm(
        json!({"add_creature": {"creature": character("vera", 24), "player": "alice"}}),
        &[],
    );
    other.dm(json!({"add_creature": {"creature": gob}}), &[]);
    for (id, x, y) in [("vera", 0, 0), ("gob", 1, 0)] {
        other.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    other.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    assert_eq!(odds(&other, &alice_v(), rapier()), a);
    // The Referee gets the real AC.
    assert_eq!(odds(&other, &Viewer::Referee, rapier())["hit"], "13/20");
}

/// The fight on a grid with Difficult Terrain at (1,1); Vera acts first, at (0,0).
fn move_fight() -> T {
    let mut t = fight();
    t.dm(
        json!({"set_map": {"cells": [{"x": 1, "y": 1, "difficult": true}]}}),
        &[],
    );
    for (id, x, y) in [("vera", 0, 0), ("gob", 6, 6), ("bram", 0, 5)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

#[test]
fn dd_move_03_a_move_preview_difficult_terrain_matches_the_move() {
    let mut t = move_fight();
    let args = json!({"creature": "vera", "path": [[1, 0], [1, 1]]});
    let p = preview(&t, &alice_v(), args.clone());
    assert_eq!(p["legal"], true);
    assert_eq!(p["cost_ft"], 15, "5 ft, then 10 ft into Difficult Terrain");
    assert_eq!(p["steps"][1]["difficult"], true);
    assert_eq!(p["movement_left"], 30);
    assert_eq!(p["left_after"], 15);
    let ev = t.act(&alice(), json!({"move_path": args}), &[]);
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], p["cost_ft"]);
    let p2 = preview(
        &t,
        &alice_v(),
        json!({"creature": "vera", "path": [[2, 1]]}),
    );
    assert_eq!(p2["movement_left"], 15, "what the move left");
}

#[test]
fn dd_move_06_a_move_preview_crawling_and_standing_up() {
    let mut t = move_fight();
    t.act(&alice(), json!({"drop_prone": {"creature": "vera"}}), &[]);
    let crawl = json!({"creature": "vera", "path": [[1, 0], [2, 0]]});
    let p = preview(&t, &alice_v(), crawl.clone());
    assert_eq!(p["mode"], "crawl");
    assert_eq!(p["cost_ft"], 20, "a foot more per foot crawled");
    // Standing first: half of 30 ft, then walking: 15 + 10.
    let mut stand = crawl.clone();
    stand["stand_up"] = json!(true);
    let s = preview(&t, &alice_v(), stand);
    assert_eq!(s["stand_up_ft"], 15);
    assert_eq!(s["cost_ft"], 25);
    assert_eq!(s["left_after"], 5);
    let ev = t.act(&alice(), json!({"move_path": crawl}), &[]);
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], 20);
}

#[test]
fn dd_move_04_a_move_preview_climbing_without_a_climb_speed() {
    let t = move_fight();
    let p = preview(
        &t,
        &alice_v(),
        json!({"creature": "vera", "path": [[0, 1], [1, 1]], "how": "climb"}),
    );
    // 10 ft a square climbed; in Difficult Terrain 3 ft a foot, 15 (the default Appendix C.2
    // reading).
    assert_eq!(p["steps"][0]["cost_ft"], 10);
    assert_eq!(p["steps"][1]["cost_ft"], 15);
    assert_eq!(p["cost_ft"], 25);
}

#[test]
fn dd_act_02_a_move_preview_over_the_turns_movement_is_not_legal() {
    let t = move_fight();
    let p = preview(
        &t,
        &alice_v(),
        json!({"creature": "vera", "path": [[0, 1], [0, 2], [0, 3], [0, 4], [1, 4], [2, 4], [3, 4]]}),
    );
    assert_eq!(p["cost_ft"], 35);
    assert_eq!(p["legal"], false);
    assert_eq!(p["refusal"]["code"], "movement_spent");
    assert_eq!(p["refusal"]["rule"], "DD-ACT-02.a");
    // Bram's preview on Vera's turn: not his turn.
    let b = preview(
        &t,
        &Viewer::Player("bob".into()),
        json!({"creature": "bram", "path": [[1, 5]]}),
    );
    assert_eq!(b["refusal"]["code"], "not_your_turn");
}

#[test]
fn dd_move_19_a_move_preview_hidden_creature_costs_an_empty_square() {
    // Out of combat, the goblin hidden at (2,0) on Vera's way east.
    let mut t = duel();
    t.dm(json!({"place": {"creature": "gob", "x": 2, "y": 0}}), &[]);
    let path = json!({"creature": "vera", "path": [[1, 0], [2, 0], [3, 0]]});
    let hidden = preview(&t, &alice_v(), path.clone());
    assert_eq!(hidden["legal"], true);
    assert_eq!(hidden["cost_ft"], 15);
    // Identical to the same table with the goblin nowhere on the grid.
    let mut empty = duel();
    empty.dm(json!({"place": {"creature": "gob", "x": 9, "y": 9}}), &[]);
    assert_eq!(preview(&empty, &alice_v(), path.clone()), hidden);
    // The Referee sees it: a hostile Medium creature's space cannot be passed.
    let r = preview(&t, &Viewer::Referee, path.clone());
    assert_eq!(r["legal"], false);
    assert_eq!(r["refusal"]["rule"], "DD-MOVE-19.a");
    // Revealed, the players see it too.
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    let seen = preview(&t, &alice_v(), path);
    assert_eq!(seen["refusal"]["rule"], "DD-MOVE-19.a");
    // A hidden creature's square asked about by a player who may not see it reads as missing.
    let err = t
        .table
        .query(
            &Viewer::Player("bob".into()),
            "move_preview",
            &json!({"creature": "vera", "path": [[1, 0]]}),
        )
        .unwrap_err();
    assert_eq!(err.code, "unknown_creature");
}

#[test]
fn dd_move_19_b_move_preview_an_allys_space_is_difficult() {
    let mut t = duel();
    t.dm(json!({"place": {"creature": "bram", "x": 1, "y": 1}}), &[]);
    let p = preview(
        &t,
        &alice_v(),
        json!({"creature": "vera", "path": [[1, 1], [2, 2]]}),
    );
    // An ally's space may be passed but is not Difficult Terrain (DD-MOVE-19.b); out of a
    // fight there is no budget.
    assert_eq!(p["legal"], true);
    assert_eq!(p["cost_ft"], 10);
    assert_eq!(p["movement_left"], Value::Null);
}

#[test]
fn dd_move_03_c_move_preview_squeezing_matches_the_move() {
    let mut t = party();
    let mut ogre = monster("ogre");
    ogre["size"] = json!("large");
    t.dm(json!({"add_creature": {"creature": ogre}}), &[]);
    t.dm(
        json!({"set_map": {"cells": [{"x": 2, "y": 1, "obstacle": "wall"}]}}),
        &[],
    );
    t.dm(json!({"place": {"creature": "ogre", "x": 0, "y": 0}}), &[]);
    // One square east: its 2×2 space would hold the wall at (2,1); one size smaller fits, so
    // it squeezes, each foot costing one more (DD-MOVE-03.c).
    let args = json!({"creature": "ogre", "path": [[1, 0]]});
    let p = preview(&t, &Viewer::Referee, args.clone());
    assert_eq!(p["steps"][0]["squeezing"], true);
    assert_eq!(p["cost_ft"], 10);
    let ev = t.dm(json!({"move_path": args}), &[]);
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], 10);
    // Alice may not ask about the Referee's hidden ogre: the words of a missing creature.
    let err = t
        .table
        .query(
            &alice_v(),
            "move_preview",
            &json!({"creature": "ogre", "path": [[2, 0]]}),
        )
        .unwrap_err();
    assert_eq!(err.code, "unknown_creature");
}

#[test]
fn dd_cond_13_a_move_preview_standing_up_needs_prone_and_a_fight() {
    let t = move_fight();
    let p = preview(
        &t,
        &alice_v(),
        json!({"creature": "vera", "path": [[1, 0]], "stand_up": true}),
    );
    assert_eq!(p["legal"], false);
    assert_eq!(p["refusal"]["rule"], "DD-COND-13.a");
    let out = duel();
    let q = preview(
        &out,
        &alice_v(),
        json!({"creature": "vera", "path": [[0, 1]], "stand_up": true}),
    );
    assert_eq!(q["refusal"]["code"], "no_combat");
}
