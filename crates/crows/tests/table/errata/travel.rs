//! Travel errata played through the engine: the day's role order, hex orientation and drift,
//! the hex floor, distinct tasks, Back on Track.

use super::common::*;

/// Two d10 faces giving `tier` for a creature with `stat` and no modifier (never a crit or
/// doom natural).
pub fn faces(stat: i64, tier: u8) -> [i64; 2] {
    let n = match tier {
        1 => 6,
        2 => 14 - stat,
        _ => 17 - stat,
    };
    [n / 2 + n % 2, n / 2]
}

/// Vera (Alice) and Bram (Bob) on a plains map around (0, 0), placed at its centre.
pub fn setup() -> T {
    let mut t = party();
    let mut hexes = Vec::new();
    for q in -4..=4 {
        for r in -4..=4 {
            hexes.push(json!({"q": q, "r": r, "terrain": "plains"}));
        }
    }
    t.referee_rules(json!({"set_hexes": {"hexes": hexes}}), &[]);
    t.referee_rules(json!({"set_party": {"members": ["vera", "bram"]}}), &[]);
    t.referee_rules(json!({"place_party": {"q": 0, "r": 0}}), &[]);
    t
}

pub fn hireling(t: &mut T, id: &str, mind: i64) {
    t.referee_rules(
        json!({"create_creature": {"id": id, "kind": "hireling",
            "characteristics": {"agility": 0, "mind": mind, "strength": 0}, "stamina": 4}}),
        &[],
    );
}

pub fn begin(t: &mut T, pace: &str) {
    t.referee_rules(json!({"begin_travel_day": {"pace": pace}}), &[]);
}

pub fn declare(t: &mut T, creature: &str, task: &str) {
    t.referee_rules(
        json!({"declare_role": {"creature": creature, "task": task}}),
        &[],
    );
}

/// The day's hexes as the players see them.
fn hexes(t: &T) -> i64 {
    t.table.view(&alice())["rules"]["travel"]["day"]["hexes"]
        .as_i64()
        .unwrap()
}

/// Vera and Bram on a map column; Bram's Shortcut fails (tier 1): the party is lost today.
fn lost_party() -> T {
    let mut t = party();
    let column: Vec<Value> = (-21..=-13)
        .map(|r| json!({"q": 40, "r": r, "terrain": "moor"}))
        .collect();
    t.referee_rules(json!({"set_hexes": {"hexes": column}}), &[]);
    t.referee_rules(json!({"set_party": {"members": ["vera", "bram"]}}), &[]);
    t.referee_rules(json!({"place_party": {"q": 40, "r": -17}}), &[]);
    begin(&mut t, "normal");
    declare(&mut t, "bram", "shortcut");
    t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, 1));
    t
}

#[test]
fn cr_err_16_role_tests_run_supporters_guide_scouts_trackers() {
    let mut t = setup();
    hireling(&mut t, "hugo", 0);
    hireling(&mut t, "tess", 0);
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "hugo", "tess"]}}),
        &[],
    );
    begin(&mut t, "normal");
    // Declared tracker first, supporter last.
    declare(&mut t, "tess", "forage");
    declare(&mut t, "vera", "scout_for_danger");
    declare(&mut t, "bram", "normal_route");
    declare(&mut t, "hugo", "make_camp");
    // Hugo's camp test and Bram's route test (tier 1: Bram picks a setback, the day waits).
    let mut ev = t.referee_rules(json!({"travel_role_tests": {}}), &[3, 3, 3, 3]);
    let d = t.decision("crows.travel.choice");
    ev.extend(
        t.run(
            &player("bob"),
            json!({"answer": {"decision": d.id, "option": "second"}}),
            &[3, 3, 3, 3],
        )
        .unwrap(),
    );
    let ev = all_rules_events(&ev);
    let order: Vec<&str> = named(&ev, "test_resolved")
        .iter()
        .map(|e| e["creature"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["hugo", "bram", "vera", "tess"]);
}

#[test]
// Covers CR-ERR-55 and the default of CR-ERR-54.
fn cr_err_55_flat_topped_hexes_and_drift_clockwise_from_north() {
    // Flat-topped neighbours: N (0,−1), NE (+1,−1), SE (+1,0), S (0,+1), SW (−1,+1), NW (−1,0).
    for (toward, hex) in [
        ("north", json!({"q": 0, "r": -1})),
        ("north_east", json!({"q": 1, "r": -1})),
        ("south_east", json!({"q": 1, "r": 0})),
        ("south", json!({"q": 0, "r": 1})),
        ("south_west", json!({"q": -1, "r": 1})),
        ("north_west", json!({"q": -1, "r": 0})),
    ] {
        let mut t = setup();
        begin(&mut t, "normal");
        t.referee_rules(json!({"travel_role_tests": {}}), &[]);
        t.referee_rules(json!({"travel_move": {"toward": toward}}), &[]);
        assert_eq!(travel(&t)["position"]["true_hex"], hex, "{toward}");
    }
    // Drift: the secret d6 counts 1…6 clockwise from due north.
    let mut t = lost_party();
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[1]);
    assert_eq!(
        travel(&t)["position"]["true_hex"],
        json!({"q": 40, "r": -18})
    );
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[2]);
    assert_eq!(
        travel(&t)["position"]["true_hex"],
        json!({"q": 41, "r": -19})
    );
}

#[test]
fn cr_err_54_every_hex_left_on_the_lost_day_drifts_from_the_first() {
    let mut t = lost_party();
    // The very first hex left that day drifts (d6 4: south) and so does the second (5: SW).
    let ev = t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[4]);
    assert_eq!(rolled_count(&ev), 1, "the first move rolls the drift die");
    assert_eq!(
        travel(&t)["position"]["true_hex"],
        json!({"q": 40, "r": -16})
    );
    let ev = t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[5]);
    assert_eq!(rolled_count(&ev), 1);
    let p = travel(&t)["position"].clone();
    assert_eq!(p["true_hex"], json!({"q": 39, "r": -15}));
    assert_eq!(p["believed_hex"], json!({"q": 40, "r": -19}));
}

#[test]
fn cr_err_56_the_days_hexes_never_go_below_zero() {
    let mut t = setup();
    // Slow pace (1), speed 3 (−1), crossing water (−1): 0, not −1.
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "speed": {"walk": 3}}}),
        &[],
    );
    t.referee_rules(
        json!({"begin_travel_day": {"pace": "slow", "crosses_water_without_vehicle": true}}),
        &[],
    );
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    assert_eq!(hexes(&t), 0);
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_move": {"toward": "north"}}),
        &[],
    );
    assert_eq!(rule, "CR-TRAVEL-07");
    assert_eq!(travel(&t)["position"]["true_hex"], json!({"q": 0, "r": 0}));
}

#[test]
fn cr_err_57_one_role_takes_different_tasks_unless_the_referee_allows() {
    let mut t = setup();
    for h in ["h1", "h2"] {
        hireling(&mut t, h, 0);
    }
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "h1", "h2"]}}),
        &[],
    );
    begin(&mut t, "normal");
    declare(&mut t, "h1", "forage");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "h2", "task": "forage"}}),
        &[],
    );
    assert_eq!(rule, "CR-ERR-57");
    assert!(travel(&t)["day"].to_string().contains("h1"));
    assert!(
        !travel(&t)["day"].to_string().contains("h2"),
        "nothing changed"
    );
    // The option off: two foragers.
    end_day(&mut t);
    t.referee_rules(json!({"travel_options": {"distinct_tasks": false}}), &[]);
    begin(&mut t, "normal");
    declare(&mut t, "h1", "forage");
    declare(&mut t, "h2", "forage");
}

#[test]
fn cr_err_58_back_on_track_replaces_the_guides_route_task() {
    let mut t = lost_party();
    end_day(&mut t);
    begin(&mut t, "normal");
    for task in ["normal_route", "safe_route", "shortcut"] {
        let rule = refused_rule(
            &mut t,
            &referee(),
            json!({"declare_role": {"creature": "bram", "task": task}}),
            &[],
        );
        assert_eq!(rule, "CR-ERR-58", "{task}");
    }
    declare(&mut t, "bram", "back_on_track");
    t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, 2));
    assert_eq!(travel(&t)["position"]["lost"], false);
}

#[test]
fn cr_err_35_the_referees_travel_hours_count_two_hours_a_dungeon_turn() {
    let mut t = setup();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Torch", "slots": 1,
            "usage_dice": {"dice": 1, "keywords": ["dungeon_turn"]}, "light_source": true},
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": 1}}}),
        &[],
    );
    // Eight travel hours: four turn ends, one usage die each.
    let ev = t.referee_rules(json!({"travel_hours": {"hours": 8}}), &[6, 6, 6, 6]);
    assert_eq!(rolled_count(&ev), 4);
    assert_eq!(t.table.core().clock.game_minutes, 8 * 60);
    // Three more hours: one turn end, and the odd hour is carried.
    let ev = t.referee_rules(json!({"travel_hours": {"hours": 3}}), &[6]);
    assert_eq!(rolled_count(&ev), 1);
    let ev = t.referee_rules(json!({"travel_hours": {"hours": 1}}), &[6]);
    assert_eq!(rolled_count(&ev), 1);
}

#[test]
fn cr_err_76_support_everyone_comes_first_and_reaches_a_fellow_supporter() {
    let mut t = setup();
    hireling(&mut t, "hugo", 0);
    hireling(&mut t, "tess", 0);
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "hugo", "tess"]}}),
        &[],
    );
    begin(&mut t, "normal");
    // Tess (a supporter too) is declared before Hugo's Support Everyone names her.
    declare(&mut t, "tess", "make_camp");
    t.referee_rules(
        json!({"declare_role": {"creature": "hugo", "task": "support_everyone",
            "characteristic": "strength", "picks": ["tess"]}}),
        &[],
    );
    // Hugo tier 3 (+2 to his picks), then Tess's camp test with it.
    let mut dice = faces(0, 3).to_vec();
    dice.extend([5, 6]);
    let ev = all_rules_events(&t.referee_rules(json!({"travel_role_tests": {}}), &dice));
    let order: Vec<&str> = named(&ev, "test_rolled")
        .iter()
        .map(|e| e["creature"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["hugo", "tess"]);
    let tess = named(&ev, "test_rolled")[1]["rolled"]["spec"]["modifiers"].clone();
    assert_eq!(tess[0]["effect"], json!({"type": "bonus", "value": 2}));
    assert_eq!(tess[0]["source"]["rule"], "CR-ROLE-05");
}
