//! Mounted combat at the table (AC-MOUNT-01…08): a rider on a mount creature of the fight.
use super::*;

/// A test-only war horse (made-up values): 240 ft → 80 ft of combat movement.
fn horse_pack(t: &mut T) {
    let pack = json!({"monsters": [{"id": "test_war_horse", "name": "War horse (test)",
        "hit_dice": "2", "armour_class": 2, "speed_ft": 240,
        "attacks": [{"name": "hoof", "damage": "1d6"}],
        "morale": 0, "save_as": {"class": "fighter", "level": 1},
        "number_appearing": {"dungeon_wandering": "1d1", "wilderness_wandering": "1d1"}}]});
    t.judge(
        json!({"load_pack": {"files": [{"name": "horse.json", "text": pack.to_string()}]}}),
        &[],
    );
}

fn monster(t: &mut T, id: &str, card: &str, hp: i32) {
    t.judge(
        json!({"add_monster": {"id": id, "card": card, "hp": hp}}),
        &[],
    );
    t.judge(json!({"reveal": {"creature": id}}), &[]);
}

fn hp(t: &T, id: &str) -> i64 {
    t.state()["creatures"][id]["hp"].as_i64().unwrap()
}

fn acting(t: &T) -> Option<String> {
    let c = &t.table.state_json()["core"]["clock"]["combat"];
    let i = c["current"].as_u64()? as usize;
    c["order"][i].as_str().map(str::to_string)
}

fn event(ev: &[Envelope], name: &str) -> Option<Value> {
    T::rules_events(ev)
        .into_iter()
        .find_map(|e| e.get(name).cloned())
}

/// Brena on a war horse (10 hp) against a gloom rat (20 hp); initiative brena 4, rat 2. The
/// horse rolls no initiative of its own.
fn mounted_fight(war_mount: bool, war_saddle: bool, riding: bool, horse_hp: i32) -> T {
    mounted_fight_with("brena", war_mount, war_saddle, riding, horse_hp, [4, 2])
}

/// The same with another rider and other initiative faces (rider, rat).
fn mounted_fight_with(
    rider: &str,
    war_mount: bool,
    war_saddle: bool,
    riding: bool,
    horse_hp: i32,
    init: [i64; 2],
) -> T {
    let mut t = T::new();
    horse_pack(&mut t);
    monster(&mut t, "horse", "test_war_horse", horse_hp);
    monster(&mut t, "rat1", "gloom_rat", 20);
    if rider != "brena" {
        t.judge(
            json!({"add_character": {"id": rider, "name": rider, "class": "sellsword",
                "level": 1, "abilities": {"strength": 10, "intelligence": 10, "wisdom": 10,
                "dexterity": 10, "constitution": 10, "charisma": 10}, "hp": 2,
                "armour_class": 0}}),
            &[],
        );
    }
    t.judge(
        json!({"begin_combat": {"combatants": [rider, "horse", "rat1"]}}),
        &[],
    );
    t.judge(
        json!({"mount": {"rider": rider, "mount": "horse", "war_mount": war_mount,
            "war_saddle": war_saddle, "riding": riding}}),
        &[],
    );
    // Two dice only: the rider's and the rat's (the ids sort the rider first).
    t.judge(json!({"roll_initiative": {}}), &init);
    t
}

#[test]
fn ac_mount_01_pair_acts_on_the_riders_count_at_the_mounts_speed() {
    let mut t = mounted_fight(true, true, true, 10);
    let combatants = &t.state()["combat"]["combatants"];
    assert_eq!(combatants["horse"]["count"], 4);
    assert_eq!(combatants["brena"]["count"], 4);
    assert_eq!(
        t.player_view("bob")["rules"]["combat"]["combatants"]["brena"]["mount"],
        "horse"
    );
    // The mount moves only with its rider.
    let code = t.refused(
        &judge(),
        json!({"move": {"creature": "horse", "kind": "advance", "feet": 10}}),
    );
    assert!(code.starts_with("mount_follows_rider"), "{code}");
    // 70 ft: beyond Brena's own 40 ft, within the horse's 80 ft.
    t.as_player(
        "ann",
        json!({"move": {"creature": "brena", "kind": "advance", "feet": 70}}),
        &[],
    );
    let code = t.refused(
        &player("ann"),
        json!({"move": {"creature": "brena", "kind": "advance", "feet": 20}}),
    );
    assert!(code.starts_with("too_far"), "{code}");
    // After moving, the rider or the mount attacks, not both.
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d6"}}),
        &[2],
    );
    let code = t.refused(
        &judge(),
        json!({"attack": {"attacker": "horse", "target": "rat1"}}),
    );
    assert!(code.starts_with("one_attacks"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_mount_02_after_a_run_neither_attacks() {
    let mut t = mounted_fight(true, true, true, 10);
    t.as_player(
        "ann",
        json!({"move": {"creature": "brena", "kind": "run", "feet": 200}}),
        &[],
    );
    let code = t.refused(
        &judge(),
        json!({"attack": {"attacker": "horse", "target": "rat1"}}),
    );
    assert!(code.starts_with("ran"), "{code}");
    let code = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d6"}}),
    );
    assert!(code.starts_with("ran"), "{code}");
}

#[test]
fn ac_mount_04_standing_still_both_attack_and_riding_is_needed() {
    let mut t = mounted_fight(true, true, true, 10);
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d6"}}),
        &[2],
    );
    // The mount strikes on its rider's turn with its own hoof.
    let ev = t.judge(
        json!({"attack": {"attacker": "horse", "target": "rat1"}}),
        &[2],
    );
    assert!(event(&ev, "attacked").is_some());
    t.assert_replays();

    let mut t = mounted_fight(true, true, false, 10);
    let code = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d6"}}),
    );
    assert!(code.starts_with("no_riding"), "{code}");
    assert!(code.contains("AC-MOUNT-04"), "{code}");
    // The mount itself needs no Riding of its rider's.
    t.judge(
        json!({"attack": {"attacker": "horse", "target": "rat1"}}),
        &[2],
    );
}

#[test]
fn ac_mount_05_mounted_charge_on_a_war_mount_for_both() {
    let mut t = mounted_fight(false, true, true, 10);
    let code = t.refused(
        &player("ann"),
        json!({"move": {"creature": "brena", "kind": "charge", "feet": 30, "weapon": "lance"}}),
    );
    assert!(code.starts_with("cannot_charge"), "{code}");
    assert!(code.contains("AC-MOUNT-05"), "{code}");

    let mut t = mounted_fight(true, true, true, 10);
    t.as_player(
        "ann",
        json!({"move": {"creature": "brena", "kind": "charge", "feet": 60, "weapon": "lance"}}),
        &[],
    );
    // +2 STR, +2 charge: 7 + 4 = 11; 1d6 3 doubled by the lance + 2 = 8.
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d6"}}),
        &[7, 3],
    );
    let a = event(&ev, "attacked").unwrap();
    assert_eq!(a["total"], 11);
    assert_eq!(a["damage"], 8);
    // The horse charged too: +2 to its throw, named in the breakdown and the odds.
    let odds = t
        .table
        .query(
            &engine::Viewer::Referee,
            "attack_odds",
            &json!({"attacker": "horse", "target": "rat1"}),
        )
        .unwrap();
    assert!(odds.to_string().contains("charging"), "{odds}");
    let ev = t.judge(
        json!({"attack": {"attacker": "horse", "target": "rat1"}}),
        &[5],
    );
    let h = event(&ev, "attacked").unwrap();
    assert_eq!(
        (h["total"].clone(), h["hit"].clone()),
        (json!(7), json!(false))
    );
    while acting(&t).as_deref() != Some("rat1") {
        t.ok(&judge(), json!({"clock": "end_turn"}), &[]);
    }
    // The rat against the charging horse: AC 2 − 2.
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "horse"}}),
        &[1],
    );
    assert_eq!(event(&ev, "attacked").unwrap()["needed"], 9);
    t.assert_replays();
}

#[test]
fn ac_mount_03_dismounting_replaces_movement_or_attack() {
    let mut t = mounted_fight(true, true, true, 10);
    // Seating a rider is the Judge's.
    t.refused(
        &player("ann"),
        json!({"mount": {"rider": "brena", "mount": "horse"}}),
    );
    t.as_player("ann", json!({"dismount": {"rider": "brena"}}), &[]);
    assert_eq!(
        t.state()["combat"]["combatants"]["brena"]["dismount"],
        "movement"
    );
    let code = t.refused(
        &player("ann"),
        json!({"move": {"creature": "brena", "kind": "advance", "feet": 5}}),
    );
    assert!(code.starts_with("cannot_move: dismounting"), "{code}");
    let code = t.refused(&player("ann"), json!({"dismount": {"rider": "brena"}}));
    assert!(code.starts_with("not_mounted"), "{code}");
    // On foot she still attacks, Riding or not.
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d6"}}),
        &[2],
    );
    t.assert_replays();

    // Having moved, dismounting takes the attack.
    let mut t = mounted_fight(true, true, true, 10);
    t.as_player(
        "ann",
        json!({"move": {"creature": "brena", "kind": "advance", "feet": 10}}),
        &[],
    );
    t.as_player("ann", json!({"dismount": {"rider": "brena"}}), &[]);
    let code = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d6"}}),
    );
    assert!(code.starts_with("no_attacks_left: dismounting"), "{code}");
}

#[test]
fn ac_mount_06_rider_without_a_war_saddle_saves_or_is_unhorsed() {
    // The rat acts first (rat 4, brena 2) and bites Brena for 3.
    let mut t = mounted_fight_with("brena", true, false, true, 10, [2, 4]);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "brena"}}),
        &[15, 3, 1],
    );
    let save = event(&ev, "saddle_save").expect("saddle save");
    assert_eq!(save["saved"], false);
    let u = event(&ev, "unhorsed").expect("unhorsed");
    assert_eq!(u["cause"], "saddle_save_failed");
    assert_eq!(u["fall_damage"], Value::Null);
    assert_eq!(hp(&t, "brena"), 7);
    assert_eq!(
        t.state()["combat"]["combatants"]["brena"]["mount"],
        Value::Null
    );
    t.assert_replays();

    // A good save keeps the saddle.
    let mut t = mounted_fight_with("brena", true, false, true, 10, [2, 4]);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "brena"}}),
        &[15, 3, 20],
    );
    assert_eq!(event(&ev, "saddle_save").unwrap()["saved"], true);
    assert!(event(&ev, "unhorsed").is_none());

    // A war saddle needs no save: no third die is rolled.
    let mut t = mounted_fight_with("brena", true, true, true, 10, [2, 4]);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "brena"}}),
        &[15, 3],
    );
    assert!(event(&ev, "saddle_save").is_none());
    assert_eq!(
        t.state()["combat"]["combatants"]["brena"]["mount"]["mount"],
        "horse"
    );
}

#[test]
fn ac_mount_07_mount_at_half_hp_owes_the_judge_a_morale_roll() {
    let mut t = mounted_fight_with("brena", true, true, true, 8, [2, 4]);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "horse"}}),
        &[15, 4],
    );
    let due = event(&ev, "mount_morale_due").expect("morale due");
    assert_eq!(due["rider"], "brena");
    assert_eq!(due["rider_may_calm"], true);
    let ann = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(!ann.contains("mount_morale_due"), "{ann}");
    t.assert_replays();

    // Above half: nothing due.
    let mut t = mounted_fight_with("brena", true, true, true, 8, [2, 4]);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "horse"}}),
        &[15, 3],
    );
    assert!(event(&ev, "mount_morale_due").is_none());
}

#[test]
fn ac_mount_08_a_downed_mount_or_rider_falls_for_1d6() {
    let mut t = mounted_fight_with("brena", true, true, true, 2, [2, 4]);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "horse"}}),
        &[15, 3, 4],
    );
    let u = event(&ev, "unhorsed").expect("unhorsed");
    assert_eq!(u["cause"], "mount_down");
    assert_eq!(u["fall_damage"], 4);
    assert_eq!(hp(&t, "brena"), 6);
    t.assert_replays();

    // The rider dropped: the fall adds 1d6 (2 hp − 3 − 2).
    let mut t = mounted_fight_with("cai", true, true, true, 10, [2, 4]);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "cai"}}),
        &[15, 3, 2],
    );
    assert_eq!(event(&ev, "unhorsed").unwrap()["cause"], "rider_down");
    assert_eq!(hp(&t, "cai"), -3);
    t.assert_replays();
}

/// The Judge sets the flying mount's height; a downed mount at 30 ft throws its rider for 3d6,
/// entered as physical dice (AC-MOUNT-08).
#[test]
fn ac_mount_08_a_fall_from_a_flying_mount_is_1d6_per_10_ft() {
    let mut t = mounted_fight_with("brena", true, true, true, 2, [2, 4]);
    t.judge(
        json!({"set_flying_height": {"creature": "horse", "height_ft": 30}}),
        &[],
    );
    assert_eq!(
        t.player_view("bob")["rules"]["combat"]["combatants"]["horse"]["flying_ft"],
        30
    );
    // The rat's d20 and bite, then the fall's three d6.
    let ev = t.faces(
        &judge(),
        json!({"rules": {"attack": {"attacker": "rat1", "target": "horse"}}}),
        &[15, 3, 2, 5, 6],
    );
    let u = event(&ev, "unhorsed").expect("unhorsed");
    assert_eq!(u["cause"], "mount_down");
    assert_eq!(u["height_ft"], 30);
    assert_eq!(u["fall_damage"], 13);
    assert_eq!(hp(&t, "brena"), -3);
    t.assert_replays();

    // Landed (height 0) the fall is the ground's 1d6 again.
    let mut t = mounted_fight_with("brena", true, true, true, 2, [2, 4]);
    t.judge(
        json!({"set_flying_height": {"creature": "horse", "height_ft": 30}}),
        &[],
    );
    t.judge(
        json!({"set_flying_height": {"creature": "horse", "height_ft": 0}}),
        &[],
    );
    let ev = t.faces(
        &judge(),
        json!({"rules": {"attack": {"attacker": "rat1", "target": "horse"}}}),
        &[15, 3, 4],
    );
    let u = event(&ev, "unhorsed").expect("unhorsed");
    assert_eq!(u["fall_damage"], 4);
    assert_eq!(u.get("height_ft"), None);

    // Below 10 ft a fall is still at least the 1d6 of a mount on the ground.
    let mut t = mounted_fight_with("brena", true, true, true, 2, [2, 4]);
    t.judge(
        json!({"set_flying_height": {"creature": "horse", "height_ft": 5}}),
        &[],
    );
    let ev = t.faces(
        &judge(),
        json!({"rules": {"attack": {"attacker": "rat1", "target": "horse"}}}),
        &[15, 3, 6],
    );
    assert_eq!(event(&ev, "unhorsed").unwrap()["fall_damage"], 6);
}

/// A failed saddle save in the air is a fall from a flying mount: 1d6 per 10 ft (AC-MOUNT-06,
/// AC-MOUNT-08).
#[test]
fn ac_mount_08_a_failed_saddle_save_in_the_air_falls_by_height() {
    let mut t = mounted_fight_with("brena", true, false, true, 10, [2, 4]);
    t.judge(
        json!({"set_flying_height": {"creature": "horse", "height_ft": 20}}),
        &[],
    );
    // Bite for 3 (10 → 7), the save fails on a 1, the fall is 2d6: 1 + 2.
    let ev = t.faces(
        &judge(),
        json!({"rules": {"attack": {"attacker": "rat1", "target": "brena"}}}),
        &[15, 3, 1, 1, 2],
    );
    let u = event(&ev, "unhorsed").expect("unhorsed");
    assert_eq!(u["cause"], "saddle_save_failed");
    assert_eq!(u["fall_damage"], 3);
    assert_eq!(hp(&t, "brena"), 4);
    t.assert_replays();
}

#[test]
fn ac_mount_08_the_flying_height_is_the_judges_and_bounded() {
    let mut t = mounted_fight(true, true, true, 10);
    let code = t.refused(
        &judge(),
        json!({"set_flying_height": {"creature": "horse", "height_ft": 1001}}),
    );
    assert!(code.starts_with("bad_height"), "{code}");
    let code = t.refused(
        &judge(),
        json!({"set_flying_height": {"creature": "nobody", "height_ft": 10}}),
    );
    assert!(code.starts_with("not_in_fight"), "{code}");
    let code = t.refused(
        &player("ann"),
        json!({"set_flying_height": {"creature": "horse", "height_ft": 10}}),
    );
    assert!(!code.is_empty());
}
