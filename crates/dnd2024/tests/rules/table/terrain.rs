//! Climbing and swimming on the grid (DD-MOVE-04, DD-MOVE-05): `move_path` with `how` spends
//! what `move_preview` with the same `how` prices, and refuses what it refuses.

use super::grid::{decisions, grid_fight, pos};
use super::*;

fn alice() -> Actor {
    Actor::Player("alice".into())
}

fn preview(t: &T, args: Value) -> Value {
    t.table
        .query(&Viewer::Player("alice".into()), "move_preview", &args)
        .unwrap()
}

/// Vera's path east of Bram's corner, away from the goblin: (0,1) → (0,2) → (0,3).
fn path() -> Value {
    json!([[0, 1], [0, 2], [0, 3]])
}

#[test]
fn dd_move_04_a_a_climbed_path_costs_a_foot_more_per_foot_as_its_preview_says() {
    let mut t = grid_fight();
    t.dm(
        json!({"standing_orders": {"creature": "gob", "opportunity_attacks": "never"}}),
        &[],
    );
    let p = preview(
        &t,
        json!({"creature": "vera", "path": path(), "how": "climb"}),
    );
    assert_eq!(p["cost_ft"], json!(30));
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": path(), "how": ["climb"]}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], json!(30));
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(30));
    assert_eq!(pos(&t, "vera"), json!({"x": 0, "y": 3}));
    t.assert_replays();
}

#[test]
fn dd_move_05_a_swum_and_walked_steps_and_difficult_water() {
    let mut t = grid_fight();
    t.dm(
        json!({"standing_orders": {"creature": "gob", "opportunity_attacks": "never"}}),
        &[],
    );
    // The last square is Difficult Terrain: swum there, 3 ft a foot (DD-MOVE-05.a, INTERP).
    t.dm(
        json!({"set_map": {"cells": [{"x": 0, "y": 3, "difficult": true}]}}),
        &[],
    );
    let how = json!(["walk", "swim", "swim"]);
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": path(), "how": how}}),
        &[],
    );
    assert_eq!(
        rules_events(&ev, "moved")[0]["spent_ft"],
        json!(5 + 10 + 15)
    );
    // A count of modes that fits neither all steps nor each is refused, changing nothing.
    let mut t = grid_fight();
    let code = t.refused(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": path(), "how": ["walk", "swim"]}}),
        &[],
    );
    assert_eq!(code, "bad_move");
}

#[test]
fn dd_move_04_b_a_climb_or_swim_speed_costs_nothing_extra_and_prone_crawls() {
    let mut t = party();
    let mut frog = monster("frog");
    frog["speed"] = json!({"walk": 20, "swim": 40, "climb": 10});
    t.dm(json!({"add_creature": {"creature": frog}}), &[]);
    t.dm(json!({"place": {"creature": "frog", "x": 0, "y": 0}}), &[]);
    let ev = t.dm(
        json!({"move_path": {"creature": "frog", "path": [[1, 0], [2, 0]], "how": ["swim", "climb"]}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], json!(10));
    // Prone, the same climb is a crawl for a creature without a Climb Speed… and with one.
    t.dm(
        json!({"apply_condition": {"creature": "frog", "condition": "prone", "source": "shove"}}),
        &[],
    );
    let ev = t.dm(
        json!({"move_path": {"creature": "frog", "path": [[3, 0]], "how": ["climb"]}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], json!(10));
}

#[test]
fn dd_move_04_a_a_climb_beyond_the_turns_movement_is_refused_as_its_preview_says() {
    let mut t = grid_fight();
    let long = json!([[0, 1], [0, 2], [0, 3], [0, 4]]);
    let p = preview(
        &t,
        json!({"creature": "vera", "path": long, "how": "climb"}),
    );
    assert_eq!(p["legal"], json!(false));
    let code = t.refused(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": long, "how": ["climb"]}}),
        &[],
    );
    assert_eq!(p["refusal"]["code"], json!(code));
}

#[test]
fn dd_move_04_a_a_climb_held_by_an_opportunity_attack_goes_on_climbing() {
    let mut t = grid_fight();
    t.ask_all("gob");
    // Vera climbs away west from the goblin: the window holds the climb.
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0], [-2, 0]], "how": ["climb"]}}),
        &[],
    );
    let id = decisions(&t, &Viewer::Referee, "opportunity_attack")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "decline"}}),
        &[],
    );
    assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(20));
    t.assert_replays();
}
