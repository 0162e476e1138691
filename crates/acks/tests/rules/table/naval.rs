//! Naval combat at the table (AC-NAVAL-*): ships, structural hit points, speed, repairs,
//! ramming, ship weapons and grappling. T-23 and T-24 were lost: the rows entered here are the
//! Judge's test values, not the book's.
use super::*;

fn event(ev: &[Envelope], name: &str) -> Option<Value> {
    T::rules_events(ev)
        .into_iter()
        .find_map(|e| e.get(name).cloned())
}

fn ship(t: &T, id: &str) -> Value {
    t.player_view("ann")["rules"]["naval"]["ships"][id].clone()
}

/// Two ships: the Gull (AC 2, 20 shp, 150 ft, 40 rowers, a bow ballista) and the Wolf (AC 4,
/// 30 shp, 120 ft).
fn ships() -> T {
    let mut t = T::new();
    t.judge(
        json!({"join_ship": {"ship": "gull", "name": "Grey Gull", "ac": 2, "shp": 20,
            "speed": 150, "rowers": 40, "pieces": [{"name": "bow", "kind": "ballista"}]}}),
        &[],
    );
    t.judge(
        json!({"join_ship": {"ship": "wolf", "name": "Sea Wolf", "ac": 4, "shp": 30,
            "speed": 120}}),
        &[],
    );
    t
}

#[test]
fn ac_naval_02_a_ship_at_0_shp_sinks_in_1d10_rounds_and_cannot_act() {
    let mut t = ships();
    let ev = t.judge(json!({"damage_ship": {"ship": "gull", "shp": 25}}), &[2]);
    assert_eq!(event(&ev, "ship_sinking").unwrap()["rounds"], 2);
    assert_eq!(ship(&t, "gull")["speed"], 0);
    // Disabled: no ram, no ship weapon (checked before T-24/T-23 and before any die).
    let code = t.refused(
        &judge(),
        json!({"ram": {"ship": "gull", "target": "wolf", "size": "small", "attack_throw": 10}}),
    );
    assert!(
        code.starts_with("cannot_ram") && code.contains("0 shp"),
        "{code}"
    );
    t.judge(json!({"end_naval_round": {}}), &[]);
    assert_eq!(ship(&t, "gull")["sunk"], false);
    let ev = t.judge(json!({"end_naval_round": {}}), &[]);
    assert_eq!(
        event(&ev, "naval_round_ended").unwrap()["sank"],
        json!(["gull"])
    );
    assert_eq!(ship(&t, "gull")["sunk"], true);
    t.assert_replays();
}

#[test]
fn ac_naval_03_speed_falls_with_shp_and_rowers_lost() {
    let mut t = ships();
    // 5 of 20 shp lost: 25 %, to the nearest 10 % 30 %: 150 → 105.
    t.judge(json!({"damage_ship": {"ship": "gull", "shp": 5}}), &[]);
    assert_eq!(ship(&t, "gull")["speed"], 105);
    // 4 of 40 rowers (10 %) at other work: 105 → 94.
    let ev = t.judge(json!({"lose_rowers": {"ship": "gull", "lost": 4}}), &[]);
    assert_eq!(event(&ev, "rowers_lost").unwrap()["speed_after"], 94);
    assert_eq!(ship(&t, "gull")["speed"], 94);
    let code = t.refused(
        &judge(),
        json!({"lose_rowers": {"ship": "gull", "lost": 37}}),
    );
    assert!(code.starts_with("bad_rowers"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_naval_04_repairs_at_sea_mend_half_the_damage() {
    let mut t = ships();
    t.judge(json!({"damage_ship": {"ship": "wolf", "shp": 8}}), &[]);
    // 10 crew × 5 turns could mend 10, but at sea only half of 8.
    let ev = t.judge(
        json!({"repair_ship": {"ship": "wolf", "crew": 10, "turns": 5, "at_sea": true}}),
        &[],
    );
    assert_eq!(event(&ev, "ship_repaired").unwrap()["shp"], 4);
    assert_eq!(ship(&t, "wolf")["shp"], 26);
    let code = t.refused(
        &judge(),
        json!({"repair_ship": {"ship": "wolf", "crew": 10, "turns": 1, "at_sea": true}}),
    );
    assert!(code.starts_with("nothing_to_repair"), "{code}");
    // At a dock the rest: a team of 5 for 3 turns mends 3.
    let ev = t.judge(
        json!({"repair_ship": {"ship": "wolf", "crew": 5, "turns": 3}}),
        &[],
    );
    assert_eq!(event(&ev, "ship_repaired").unwrap()["shp"], 3);
    assert_eq!(ship(&t, "wolf")["shp"], 29);
    t.assert_replays();
}

#[test]
fn ac_naval_05_monsters_and_magic_deal_1_shp_per_5() {
    let mut t = ships();
    let ev = t.judge(
        json!({"damage_ship": {"ship": "wolf", "hp_damage": 23}}),
        &[],
    );
    let d = event(&ev, "ship_damaged").unwrap();
    assert_eq!(
        (d["shp"].clone(), d["shp_after"].clone()),
        (json!(4), json!(26))
    );
}

#[test]
fn ac_naval_13_ramming_needs_t24_then_hits_the_ships_ac() {
    let mut t = ships();
    let ram = json!({"ram": {"ship": "gull", "target": "wolf", "size": "small",
        "attack_throw": 10}});
    let code = t.refused(&judge(), ram.clone());
    assert!(
        code.starts_with("cannot_ram") && code.contains("T-24"),
        "{code}"
    );
    t.judge(
        json!({"override_row": {"table": "t24_ram", "index": 0,
            "row": {"size": "small", "vs_ship_shp": "1d6", "vs_monster_hp": "2d8"}}}),
        &[],
    );
    let code = t.refused(
        &judge(),
        json!({"ram": {"ship": "gull", "target": "wolf", "size": "small", "distance": 30,
            "attack_throw": 10}}),
    );
    assert!(
        code.starts_with("cannot_ram") && code.contains("0 ft"),
        "{code}"
    );
    // Throw 10 against AC 4 needs 14: 15 hits, 1d6 4 shp.
    let ev = t.judge(ram.clone(), &[15, 4]);
    let r = event(&ev, "rammed").unwrap();
    assert_eq!(
        (r["needed"].clone(), r["hit"].clone(), r["damage"].clone()),
        (json!(14), json!(true), json!(4))
    );
    assert_eq!(ship(&t, "wolf")["shp"], 26);
    // A miss rolls no damage.
    let ev = t.judge(ram, &[3]);
    assert_eq!(event(&ev, "rammed").unwrap()["hit"], false);
    t.assert_replays();
}

#[test]
fn ac_naval_13_ramming_a_sea_monster_is_the_judges() {
    let mut t = ships();
    t.judge(
        json!({"override_row": {"table": "t24_ram", "index": 0,
            "row": {"size": "small", "vs_ship_shp": "1d6", "vs_monster_hp": "2d8"}}}),
        &[],
    );
    t.judge(
        json!({"add_monster": {"id": "eel", "card": "gloom_rat", "hp": 30}}),
        &[],
    );
    // Hidden, the monster is no one's target yet.
    let code = t.refused(
        &judge(),
        json!({"ram": {"ship": "gull", "monster": "eel", "size": "small", "attack_throw": 10}}),
    );
    assert!(
        code.starts_with("no_creature") || code.contains("eel"),
        "{code}"
    );
    t.judge(json!({"reveal": {"creature": "eel"}}), &[]);
    let ev = t.judge(
        json!({"ram": {"ship": "gull", "monster": "eel", "size": "small", "attack_throw": 10}}),
        &[18, 5, 6],
    );
    assert_eq!(event(&ev, "rammed").unwrap()["damage"], 11);
    assert_eq!(t.state()["creatures"]["eel"]["hp"], 19);
    let ann = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(
        !ann.contains("rammed") && ann.contains("attack_seen"),
        "{ann}"
    );
    t.assert_replays();
}

/// The Judge's T-23 ballista row (test values): 4 crew, throw 10, a shot every 2 rounds,
/// 0–300.
fn ballista_row(t: &mut T) {
    t.judge(
        json!({"override_row": {"table": "t23_artillery", "index": 0, "row": {
            "weapon": "ballista", "damage_shp": "3d6", "damage_creatures": "3d6",
            "area": "5-ft-wide line", "crew_full": 4, "attack_throw": 10, "rounds_per_shot": 2,
            "range_min": 0, "range_short": 100, "range_medium": 200, "range_long": 300}}}),
        &[],
    );
}

#[test]
fn ac_naval_07_08_ship_weapons_need_t23_then_shoot_and_reload() {
    let mut t = ships();
    let shot = json!({"fire": {"ship": "gull", "piece": "bow", "target": "wolf",
        "ammunition": "shot", "distance": 150, "crew": 4}});
    let code = t.refused(&judge(), shot.clone());
    assert!(
        code.starts_with("cannot_fire") && code.contains("T-23"),
        "{code}"
    );
    ballista_row(&mut t);
    let code = t.refused(
        &judge(),
        json!({"fire": {"ship": "gull", "piece": "bow", "target": "wolf",
            "ammunition": "shot", "distance": 400, "crew": 4}}),
    );
    assert!(code.starts_with("cannot_fire"), "{code}");
    // 16 against AC 4 (needs 14) hits: 3d6 = 2 + 3 + 4 = 9 shp.
    let ev = t.judge(shot.clone(), &[16, 2, 3, 4]);
    let f = event(&ev, "shot_fired").unwrap();
    assert_eq!(
        (f["hit"].clone(), f["shp_damage"].clone()),
        (json!(true), json!(9))
    );
    assert_eq!(ship(&t, "wolf")["shp"], 21);
    // Reloading for a round.
    let code = t.refused(&judge(), shot.clone());
    assert!(
        code.starts_with("cannot_fire") && code.contains("reloading"),
        "{code}"
    );
    t.judge(json!({"end_naval_round": {}}), &[]);
    t.judge(shot, &[2]);
    t.assert_replays();
}

#[test]
fn ac_naval_14_grappling_13_plus_unless_both_crews_want_it() {
    let mut t = ships();
    let code = t.refused(
        &judge(),
        json!({"grapple": {"ship": "gull", "target": "wolf", "distance": 10}}),
    );
    assert!(code.starts_with("cannot_grapple"), "{code}");
    let ev = t.judge(
        json!({"grapple": {"ship": "gull", "target": "wolf"}}),
        &[12],
    );
    assert_eq!(event(&ev, "grapple_tried").unwrap()["grappled"], false);
    let ev = t.judge(
        json!({"grapple": {"ship": "gull", "target": "wolf", "judge_modifier": 1}}),
        &[12],
    );
    assert_eq!(event(&ev, "grapple_tried").unwrap()["grappled"], true);
    assert_eq!(ship(&t, "wolf")["grappled"], json!(["gull"]));
    // Both crews willing: no roll.
    let mut t = ships();
    let ev = t.judge(
        json!({"grapple": {"ship": "gull", "target": "wolf", "both_want": true}}),
        &[],
    );
    assert_eq!(event(&ev, "grapple_tried").unwrap()["face"], Value::Null);
    t.assert_replays();
}

#[test]
fn ac_naval_15_boarders_take_minus_2_to_attack_and_ac_that_round() {
    let mut t = ships();
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "odo"]}}),
        &[],
    );
    let board = json!({"board": {"creatures": ["brena"], "from": "gull", "onto": "wolf"}});
    let code = t.refused(&judge(), board.clone());
    assert!(code.starts_with("not_grappled"), "{code}");
    t.judge(
        json!({"grapple": {"ship": "gull", "target": "wolf", "both_want": true}}),
        &[],
    );
    let odds = |t: &T| {
        t.table
            .query(
                &Viewer::Referee,
                "attack_odds",
                &json!({"attacker": "odo", "target": "brena", "weapon": "1d6"}),
            )
            .unwrap()["needed"]
            .as_i64()
            .unwrap()
    };
    let before = odds(&t);
    t.judge(board, &[]);
    assert_eq!(odds(&t), before - 2);
    t.judge(json!({"roll_initiative": {}}), &[4, 2]);
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d6"}}),
        &[2],
    );
    let a = event(&ev, "attacked").unwrap();
    assert!(
        a["modifiers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["name"] == "boarding" && m["attack"] == -2),
        "{a}"
    );
    t.assert_replays();
}

#[test]
fn ac_naval_10_11_12_pitch_burns_every_turn_until_the_crew_put_it_out() {
    let mut t = ships();
    t.judge(
        json!({"join_ship": {"ship": "hawk", "name": "Hawk", "ac": 3, "shp": 25,
            "speed": 120, "pieces": [{"name": "mangonel", "kind": "light_catapult"}]}}),
        &[],
    );
    t.judge(
        json!({"override_row": {"table": "t23_artillery", "index": 1, "row": {
            "weapon": "light_catapult", "damage_shp": "3d6", "damage_creatures": "3d6",
            "area": "5 ft", "crew_full": 4, "attack_throw": 10, "rounds_per_shot": 2,
            "range_min": 50, "range_short": 100, "range_medium": 200, "range_long": 300}}}),
        &[],
    );
    // AC-NAVAL-12: inside the minimum range.
    let code = t.refused(
        &judge(),
        json!({"fire": {"ship": "hawk", "piece": "mangonel", "target": "wolf",
            "ammunition": "pitch", "distance": 30, "crew": 4}}),
    );
    assert!(
        code.starts_with("cannot_fire") && code.contains("minimum"),
        "{code}"
    );
    let code = t.refused(&judge(), json!({"burn_turn": {"ship": "wolf"}}));
    assert!(code.starts_with("no_fire"), "{code}");
    // Pitch hits: no shp at once, a fire of 1d6 a turn.
    let ev = t.judge(
        json!({"fire": {"ship": "hawk", "piece": "mangonel", "target": "wolf",
            "ammunition": "pitch", "distance": 100, "crew": 4}}),
        &[16],
    );
    assert_eq!(event(&ev, "shot_fired").unwrap()["set_afire"], true);
    assert_eq!(ship(&t, "wolf")["fires"], 1);
    t.judge(json!({"burn_turn": {"ship": "wolf"}}), &[3]);
    assert_eq!(ship(&t, "wolf")["shp"], 27);
    // AC-NAVAL-11: 4 crew are too few; 10 put it out in 2 turns.
    let code = t.refused(&judge(), json!({"fight_fire": {"ship": "wolf", "crew": 4}}));
    assert!(code.starts_with("bad_crew"), "{code}");
    let ev = t.judge(json!({"fight_fire": {"ship": "wolf", "crew": 10}}), &[]);
    assert_eq!(event(&ev, "fire_fought").unwrap()["turns"], 2);
    let ev = t.judge(json!({"burn_turn": {"ship": "wolf"}}), &[2]);
    assert_eq!(event(&ev, "ship_burned").unwrap()["fires_out"], false);
    let ev = t.judge(json!({"burn_turn": {"ship": "wolf"}}), &[1]);
    assert_eq!(event(&ev, "ship_burned").unwrap()["fires_out"], true);
    assert_eq!(ship(&t, "wolf")["fires"], 0);
    assert_eq!(ship(&t, "wolf")["shp"], 24);
    t.assert_replays();
}

fn end_turn(t: &mut T) -> Vec<Envelope> {
    t.ok(&judge(), json!({"clock": "end_turn"}), &[])
}

fn acting(t: &T) -> Option<String> {
    t.table.state_json()["core"]["clock"]["combat"]["order"]
        .as_array()
        .and_then(|o| {
            let i = t.table.state_json()["core"]["clock"]["combat"]["current"].as_u64()?;
            o.get(i as usize)?.as_str().map(str::to_string)
        })
}

/// The naval order as a player sees it: (actor, name, count) by group.
fn order(t: &T) -> Vec<Vec<(String, String, i64)>> {
    t.player_view("bob")["rules"]["naval"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            g.as_array()
                .unwrap()
                .iter()
                .map(|x| {
                    (
                        x["actor"].as_str().unwrap().to_string(),
                        x["name"].as_str().unwrap().to_string(),
                        x["count"].as_i64().unwrap(),
                    )
                })
                .collect()
        })
        .collect()
}

/// The Gull captained by Brena (ann's), its bow ballista served by Odo (bob's), Dain aboard as
/// a marine; the Wolf captained by Sefa. Initiative: Odo 5, Brena 4, Dain 2, Sefa 1.
fn manned_fight() -> T {
    let mut t = ships();
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "dain", "odo", "sefa"]}}),
        &[],
    );
    t.judge(
        json!({"assign_crew": {"ship": "gull", "captain": "brena", "gunners": {"bow": "odo"},
            "marines": ["dain"]}}),
        &[],
    );
    t.judge(
        json!({"assign_crew": {"ship": "wolf", "captain": "sefa"}}),
        &[],
    );
    // Before initiative a manned ship waits for its counts.
    let code = t.refused(&judge(), json!({"move_ship": {"ship": "gull", "feet": 10}}));
    assert!(
        code.starts_with("not_your_count") && code.contains("AC-NAVAL-01"),
        "{code}"
    );
    // Rolled in combatant order: brena, dain, odo, sefa.
    t.judge(json!({"roll_initiative": {}}), &[4, 2, 5, 1]);
    t
}

#[test]
fn ac_naval_01_a_ship_moves_on_its_captains_count_its_weapons_and_crew_on_their_own() {
    let mut t = manned_fight();
    let s = |a: &str, n: &str, c: i64| (a.to_string(), n.to_string(), c);
    // The order shown to the table: the bow on Odo's 5, the Gull on Brena's 4, Dain on his 2,
    // the Wolf on Sefa's 1.
    assert_eq!(
        order(&t),
        vec![
            vec![s("crew_or_weapon", "bow", 5)],
            vec![s("ship_movement", "gull", 4)],
            vec![s("crew_or_weapon", "dain", 2)],
            vec![s("ship_movement", "wolf", 1)],
        ]
    );
    assert_eq!(acting(&t).as_deref(), Some("odo"));
    // Odo's count: the Gull neither moves nor rams on it.
    let code = t.refused(
        &judge(),
        json!({"move_ship": {"ship": "gull", "feet": 100}}),
    );
    assert!(
        code.starts_with("not_your_count")
            && code.contains("AC-NAVAL-01")
            && code.contains("brena"),
        "{code}"
    );
    let code = t.refused(
        &judge(),
        json!({"ram": {"ship": "gull", "target": "wolf", "size": "small", "attack_throw": 10}}),
    );
    assert!(code.starts_with("not_your_count"), "{code}");
    // The bow is Odo's: on his count it gets past the count (to T-23's missing row).
    let code = t.refused(
        &judge(),
        json!({"fire": {"ship": "gull", "piece": "bow", "target": "wolf",
            "ammunition": "shot", "distance": 150, "crew": 4}}),
    );
    assert!(code.contains("T-23"), "{code}");
    end_turn(&mut t);
    assert_eq!(acting(&t).as_deref(), Some("brena"));
    // Brena's count: her player moves the Gull, up to its 150 ft, once.
    let code = t.refused(
        &player("ann"),
        json!({"move_ship": {"ship": "gull", "feet": 160}}),
    );
    assert!(
        code.starts_with("too_far") && code.contains("150"),
        "{code}"
    );
    // Bob does not command the Gull.
    assert!(
        t.run(
            &player("bob"),
            json!({"rules": {"move_ship": {"ship": "gull", "feet": 100}}}),
            &[]
        )
        .is_err()
    );
    let ev = t.as_player(
        "ann",
        json!({"move_ship": {"ship": "gull", "feet": 150}}),
        &[],
    );
    assert_eq!(event(&ev, "ship_moved").unwrap()["feet"], 150);
    assert_eq!(ship(&t, "gull")["moved_ft"], 150);
    let code = t.refused(
        &player("ann"),
        json!({"move_ship": {"ship": "gull", "feet": 10}}),
    );
    assert!(code.starts_with("cannot_move"), "{code}");
    // The bow waits for Odo's count.
    let code = t.refused(
        &judge(),
        json!({"fire_at_creatures": {"ship": "gull", "piece": "bow", "targets": ["sefa"]}}),
    );
    assert!(code.starts_with("not_your_count"), "{code}");
    end_turn(&mut t);
    end_turn(&mut t);
    assert_eq!(acting(&t).as_deref(), Some("sefa"));
    t.judge(json!({"move_ship": {"ship": "wolf", "feet": 120}}), &[]);
    // The round's end ends the naval round: reloads and moves clear.
    let ev = end_turn(&mut t);
    assert!(event(&ev, "naval_round_ended").is_some());
    assert_eq!(ship(&t, "gull")["moved_ft"], Value::Null);
    let code = t.refused(&judge(), json!({"end_naval_round": {}}));
    assert!(code.starts_with("round_running"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_naval_01_a_piece_without_a_gunner_in_the_fight_does_not_shoot() {
    let mut t = ships();
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "odo"]}}),
        &[],
    );
    t.judge(
        json!({"assign_crew": {"ship": "gull", "captain": "brena"}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[4, 2]);
    let code = t.refused(
        &judge(),
        json!({"fire_at_creatures": {"ship": "gull", "piece": "bow", "targets": ["odo"]}}),
    );
    assert!(
        code.starts_with("no_station") && code.contains("AC-NAVAL-01"),
        "{code}"
    );
    // A ship with no captain in the fight (the Wolf) is the Judge's to run as before.
    t.judge(
        json!({"grapple": {"ship": "wolf", "target": "gull", "both_want": true}}),
        &[],
    );
}

#[test]
fn ac_naval_01_02_a_disabled_ship_drops_out_of_the_order_its_crew_fight_on() {
    let mut t = manned_fight();
    // The Gull at 0 shp: sinks in 1d10 (5).
    t.judge(json!({"damage_ship": {"ship": "gull", "shp": 20}}), &[5]);
    let o = order(&t);
    let names: Vec<&str> = o.iter().flatten().map(|x| x.1.as_str()).collect();
    assert_eq!(names, vec!["dain", "wolf"]);
    end_turn(&mut t);
    let code = t.refused(
        &player("ann"),
        json!({"move_ship": {"ship": "gull", "feet": 10}}),
    );
    assert!(
        code.starts_with("cannot_move") && code.contains("AC-NAVAL-02"),
        "{code}"
    );
    t.assert_replays();
}

#[test]
fn ac_naval_01_crew_are_visible_creatures_one_post_each() {
    let mut t = ships();
    t.judge(
        json!({"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 5}}),
        &[],
    );
    let code = t.refused(
        &judge(),
        json!({"assign_crew": {"ship": "gull", "captain": "rat1"}}),
    );
    assert!(
        code.starts_with("no_creature") || code.contains("rat1"),
        "{code}"
    );
    let code = t.refused(
        &judge(),
        json!({"assign_crew": {"ship": "gull", "captain": "brena", "marines": ["brena"]}}),
    );
    assert!(code.starts_with("bad_post"), "{code}");
    let code = t.refused(
        &judge(),
        json!({"assign_crew": {"ship": "gull", "gunners": {"stern": "odo"}}}),
    );
    assert!(code.starts_with("no_such_piece"), "{code}");
    t.judge(
        json!({"assign_crew": {"ship": "gull", "captain": "brena"}}),
        &[],
    );
    let code = t.refused(
        &judge(),
        json!({"assign_crew": {"ship": "wolf", "captain": "brena"}}),
    );
    assert!(code.starts_with("bad_post"), "{code}");
    // Outside a fight a ship does not move by the round.
    let code = t.refused(&judge(), json!({"move_ship": {"ship": "gull", "feet": 10}}));
    assert!(code.starts_with("no_fight"), "{code}");
}

/// Two revealed gloom rats (5 and 12 hp) and Brena in a fight; the Judge runs the Gull (no
/// captain named), so its bow shoots when the Judge says.
fn rats_at_sea() -> T {
    let mut t = ships();
    for (id, hp) in [("rat1", 5), ("rat2", 12)] {
        t.judge(
            json!({"add_monster": {"id": id, "card": "gloom_rat", "hp": hp}}),
            &[],
        );
    }
    t
}

#[test]
fn ac_naval_08_a_ballista_deals_3d6_to_every_creature_the_judge_names_in_its_line() {
    let mut t = rats_at_sea();
    let shot = json!({"fire_at_creatures": {"ship": "gull", "piece": "bow",
        "targets": ["rat1", "rat2"]}});
    // Hidden monsters are no one's target yet.
    let code = t.refused(&judge(), shot.clone());
    assert!(
        code.starts_with("no_creature") || code.contains("rat1"),
        "{code}"
    );
    for id in ["rat1", "rat2"] {
        t.judge(json!({"reveal": {"creature": id}}), &[]);
    }
    let code = t.refused(
        &judge(),
        json!({"fire_at_creatures": {"ship": "gull", "piece": "bow", "targets": ["rat1", "rat1"]}}),
    );
    assert!(code.starts_with("bad_targets"), "{code}");
    let code = t.refused(
        &judge(),
        json!({"fire_at_creatures": {"ship": "gull", "piece": "bow", "targets": []}}),
    );
    assert!(code.starts_with("bad_targets"), "{code}");
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "rat1", "rat2"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[4, 3, 2]);
    // No T-23 row needed: physical dice 2, 3, 4 — one roll of 9 for both rats.
    let ev = t.faces(&judge(), json!({ "rules": shot }), &[2, 3, 4]);
    let s = event(&ev, "shot_at_creatures").unwrap();
    assert_eq!(
        (s["damage"].clone(), s["dice"].clone(), s["area"].clone()),
        (json!(9), json!("3d6"), json!("5-ft-wide line"))
    );
    assert_eq!(t.state()["creatures"]["rat1"]["hp"], -4);
    assert_eq!(t.state()["creatures"]["rat2"]["hp"], 3);
    // The fight's damage path: the first rat drops on the count …
    assert!(event(&ev, "downed").is_some());
    // … and falls at its end, the monsters' morale then due (the Judge's).
    let ev = end_turn(&mut t);
    assert!(event(&ev, "fell").is_some() && event(&ev, "morale_due").is_some());
    // The players see the shot and its damage, never a monster's hit points.
    let ann = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(ann.contains("shot_at_creatures"), "{ann}");
    assert!(!ann.contains("hp_changed"), "{ann}");
    assert!(!ann.contains("morale_due"), "{ann}");
    t.assert_replays();
}

#[test]
fn ac_naval_08_with_the_judges_t23_row_the_ballista_reloads() {
    let mut t = rats_at_sea();
    t.judge(json!({"reveal": {"creature": "rat2"}}), &[]);
    ballista_row(&mut t);
    let shot = json!({"fire_at_creatures": {"ship": "gull", "piece": "bow",
        "targets": ["rat2"], "distance": 150}});
    let code = t.refused(
        &judge(),
        json!({"fire_at_creatures": {"ship": "gull", "piece": "bow",
            "targets": ["rat2"], "distance": 400}}),
    );
    assert!(
        code.starts_with("cannot_fire") && code.contains("300"),
        "{code}"
    );
    t.judge(shot.clone(), &[1, 1, 1]);
    assert_eq!(t.state()["creatures"]["rat2"]["hp"], 9);
    let code = t.refused(&judge(), shot.clone());
    assert!(code.contains("reloading"), "{code}");
    t.judge(json!({"end_naval_round": {}}), &[]);
    t.judge(shot, &[1, 1, 1]);
    assert_eq!(t.state()["creatures"]["rat2"]["hp"], 6);
}

#[test]
fn ac_naval_09_catapult_stones_light_3d6_heavy_4d6_at_creatures() {
    let mut t = ships();
    t.judge(
        json!({"join_ship": {"ship": "hawk", "name": "Hawk", "ac": 3, "shp": 25,
            "speed": 120, "pieces": [{"name": "light", "kind": "light_catapult"},
            {"name": "heavy", "kind": "heavy_catapult"}]}}),
        &[],
    );
    // Out of a fight the characters just lose the hit points (10 each).
    let ev = t.faces(
        &judge(),
        json!({"rules": {"fire_at_creatures": {"ship": "hawk", "piece": "light",
            "targets": ["brena"]}}}),
        &[1, 1, 1],
    );
    assert_eq!(event(&ev, "shot_at_creatures").unwrap()["area"], "5 ft");
    assert_eq!(t.state()["creatures"]["brena"]["hp"], 7);
    let ev = t.faces(
        &judge(),
        json!({"rules": {"fire_at_creatures": {"ship": "hawk", "piece": "heavy",
            "targets": ["odo", "dain"]}}}),
        &[1, 2, 3, 4],
    );
    let s = event(&ev, "shot_at_creatures").unwrap();
    assert_eq!(
        (s["dice"].clone(), s["area"].clone(), s["damage"].clone()),
        (json!("4d6"), json!("10 ft"), json!(10))
    );
    assert_eq!(t.state()["creatures"]["odo"]["hp"], 0);
    assert_eq!(t.state()["creatures"]["dain"]["hp"], 0);
    // AC-NAVAL-12 with the Judge's row: not inside the catapult's minimum range.
    t.judge(
        json!({"override_row": {"table": "t23_artillery", "index": 1, "row": {
            "weapon": "light_catapult", "damage_shp": "3d6", "damage_creatures": "3d6",
            "area": "5 ft", "crew_full": 4, "attack_throw": 10, "rounds_per_shot": 1,
            "range_min": 50, "range_short": 100, "range_medium": 200, "range_long": 300}}}),
        &[],
    );
    let code = t.refused(
        &judge(),
        json!({"fire_at_creatures": {"ship": "hawk", "piece": "light", "targets": ["sefa"],
            "distance": 30}}),
    );
    assert!(
        code.starts_with("cannot_fire") && code.contains("minimum"),
        "{code}"
    );
    // AC-NAVAL-02: a ship at 0 shp fires no ship weapon.
    t.judge(json!({"damage_ship": {"ship": "hawk", "shp": 30}}), &[3]);
    let code = t.refused(
        &judge(),
        json!({"fire_at_creatures": {"ship": "hawk", "piece": "heavy", "targets": ["sefa"]}}),
    );
    assert!(
        code.starts_with("cannot_fire") && code.contains("AC-NAVAL-02"),
        "{code}"
    );
    t.assert_replays();
}

/// A fight ended in the middle of a round leaves no ship "moved this round" for the next
/// fight's round 1 (AC-NAVAL-01: once a round, on the captain's count).
#[test]
fn ac_naval_01_a_new_fight_starts_with_no_ship_moved() {
    let mut t = manned_fight();
    end_turn(&mut t);
    t.as_player(
        "ann",
        json!({"move_ship": {"ship": "gull", "feet": 150}}),
        &[],
    );
    assert_eq!(ship(&t, "gull")["moved_ft"], 150);
    // The Judge ends the fight on Brena's count, round 1 not finished.
    t.judge(json!({"end_fight": {}}), &[]);
    assert_eq!(ship(&t, "gull")["moved_ft"], Value::Null);
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "dain", "odo", "sefa"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[4, 2, 5, 1]);
    end_turn(&mut t);
    assert_eq!(acting(&t).as_deref(), Some("brena"));
    let ev = t.as_player(
        "ann",
        json!({"move_ship": {"ship": "gull", "feet": 100}}),
        &[],
    );
    assert_eq!(event(&ev, "ship_moved").unwrap()["feet"], 100);
    t.assert_replays();
}

/// AC-NAVAL-10 against creatures: a catapult's burning pitch deals its 1d6 (light) or 2d6
/// (heavy) fire at once and again every later round to each creature still in its area; the
/// Judge says who stays in it, and it burns out when the Judge says or the fight ends. A
/// ballista throws no pitch.
#[test]
fn ac_naval_10_burning_pitch_burns_the_creatures_in_its_area_every_round() {
    let mut t = ships();
    t.judge(
        json!({"join_ship": {"ship": "hawk", "name": "Hawk", "ac": 3, "shp": 25,
            "speed": 120, "pieces": [{"name": "heavy", "kind": "heavy_catapult"}]}}),
        &[],
    );
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "dain", "odo", "sefa"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[4, 2, 5, 1]);
    let code = t.refused(
        &judge(),
        json!({"fire_at_creatures": {"ship": "gull", "piece": "bow", "targets": ["odo"],
            "pitch": true}}),
    );
    assert!(code.starts_with("cannot_fire"), "{code}");
    let ev = t.faces(
        &judge(),
        json!({"rules": {"fire_at_creatures": {"ship": "hawk", "piece": "heavy",
            "targets": ["odo", "dain"], "pitch": true}}}),
        &[1, 2],
    );
    let s = event(&ev, "shot_at_creatures").unwrap();
    assert_eq!(
        (s["dice"].clone(), s["damage"].clone()),
        (json!("2d6"), json!(3))
    );
    let b = event(&ev, "pitch_burning").unwrap();
    assert_eq!(b["area"], "pitch1");
    assert_eq!(b["area_ft"], 10);
    assert_eq!(t.state()["creatures"]["odo"]["hp"], 7);
    // Everyone sees the burning area.
    assert_eq!(
        t.player_view("bob")["rules"]["naval"]["burning"]["pitch1"]["creatures"],
        json!(["odo", "dain"])
    );
    // The round it landed in: no second burn at its end.
    for _ in 0..4 {
        let ev = end_turn(&mut t);
        assert!(event(&ev, "pitch_burned").is_none());
    }
    // Dain gets out; Odo stays. The next round's end burns Odo alone, one roll.
    t.judge(
        json!({"pitch_area": {"area": "pitch1", "creatures": ["odo"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[4, 2, 5, 1]);
    for _ in 0..3 {
        end_turn(&mut t);
    }
    let ev = t.faces(&judge(), json!({"clock": "end_turn"}), &[2, 2]);
    let burned = event(&ev, "pitch_burned").expect("burned");
    assert_eq!(
        (burned["damage"].clone(), burned["creatures"].clone()),
        (json!(4), json!(["odo"]))
    );
    assert_eq!(t.state()["creatures"]["odo"]["hp"], 3);
    assert_eq!(t.state()["creatures"]["dain"]["hp"], 7);
    // Bad areas and names are refused; a hidden monster is no one's to name.
    let code = t.refused(
        &judge(),
        json!({"pitch_area": {"area": "pitch9", "creatures": []}}),
    );
    assert!(code.starts_with("no_such_area"), "{code}");
    let code = t.refused(
        &judge(),
        json!({"pitch_area": {"area": "pitch1", "creatures": ["odo", "odo"]}}),
    );
    assert!(code.starts_with("bad_targets"), "{code}");
    t.judge(json!({"pitch_out": {"area": "pitch1"}}), &[]);
    assert_eq!(t.state()["naval"]["burning"], Value::Null);
    t.judge(json!({"roll_initiative": {}}), &[4, 2, 5, 1]);
    for _ in 0..4 {
        let ev = end_turn(&mut t);
        assert!(event(&ev, "pitch_burned").is_none());
    }
    t.assert_replays();
}
