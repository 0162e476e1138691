//! Opportunity Attacks off the ground (DD-ACT-17 with DD-MOVE-08..11): a jump or a flight that
//! leaves a hostile creature's reach provokes as a walk does, through the same check; a flyer
//! moving at a height passes over the ground's Difficult Terrain and measures reach with the
//! height (DD-MOVE-03, DD-MOVE-10).

use super::grid::{decisions, grid_fight, pos, windows};
use super::*;

fn alice() -> Actor {
    player("alice")
}

fn always(t: &mut T, id: &str) {
    t.dm(
        json!({"standing_orders": {"creature": id, "opportunity_attacks": "always"}}),
        &[],
    );
}

/// Where among `events` the first ruleset event `name` is.
fn index_of(events: &[Envelope], name: &str) -> usize {
    events
        .iter()
        .position(|e| match &e.body {
            EventBody::Rules { event } => event.get(name).is_some(),
            _ => false,
        })
        .unwrap_or_else(|| panic!("no `{name}` event"))
}

fn height(t: &T, id: &str) -> Value {
    t.state()["heights"][id].clone()
}

/// Alice's Wren (Fly Speed `fly`, no hover) and the goblin in combat, Wren first: Wren at
/// (0, 0), the goblin next to her at (1, 0).
fn wren_and_goblin(fly: u32) -> T {
    let mut t = party();
    let mut c = character("wren", 24);
    c["speed"] = json!({"walk": 30, "fly": fly});
    t.dm(
        json!({"add_creature": {"creature": c, "player": "alice"}}),
        &[],
    );
    t.dm(
        json!({"roll_initiative": {"creatures": ["wren", "gob"]}}),
        &[15, 10],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["wren", "gob"]}}),
        &[],
    );
    for (id, x, y) in [("wren", 0, 0), ("gob", 1, 0)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

#[test]
fn dd_act_17_a_a_long_jump_out_of_reach_provokes_and_the_attack_lands_before_the_jump() {
    let mut t = grid_fight();
    always(&mut t, "gob");
    // A standing long jump (Strength 10: 5 ft) from beside the goblin to 10 ft from it.
    // The goblin's order strikes at once: 15 + 4 = 19 hits AC 14, 1d6+2 with a 4 deals 6.
    let ev = t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [-1, 0]}}}),
        &[15, 4],
    );
    assert!(windows(&t, &Viewer::Referee).is_empty());
    assert!(index_of(&ev, "attack_rolled") < index_of(&ev, "jumped"));
    assert_eq!(t.hp("vera"), 18);
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(5));
    assert_eq!(
        t.creature("gob")["turn"]["reaction_available"],
        json!(false)
    );
    t.assert_replays();
}

#[test]
fn dd_act_17_c_a_long_jump_after_disengage_provokes_nothing() {
    let mut t = grid_fight();
    always(&mut t, "gob");
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "disengage"}}),
        &[],
    );
    // No dice: nobody attacks.
    let ev = t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [-1, 0]}}}),
        &[],
    );
    assert!(rules_events(&ev, "attack_rolled").is_empty());
    assert_eq!(rules_events(&ev, "jumped").len(), 1);
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
    assert_eq!(t.hp("vera"), 24);
    assert_eq!(t.creature("gob")["turn"]["reaction_available"], json!(true));
    t.assert_replays();
}

#[test]
fn dd_act_17_a_a_jump_that_stays_in_reach_provokes_nothing() {
    let mut t = grid_fight();
    always(&mut t, "gob");
    // From (0, 0) to (0, 1): still beside the goblin at (1, 0).
    let ev = t.act(
        &alice(),
        json!({"jump": {"creature": "vera", "long": {"to": [0, 1]}}}),
        &[],
    );
    assert!(rules_events(&ev, "attack_rolled").is_empty());
    assert_eq!(pos(&t, "vera"), json!({"x": 0, "y": 1}));
    assert_eq!(t.creature("gob")["turn"]["reaction_available"], json!(true));
}

#[test]
fn dd_act_17_a_flying_straight_up_out_of_reach_provokes() {
    let mut t = wren_and_goblin(30);
    always(&mut t, "gob");
    // 10 ft up, 10 ft from the goblin's 5-ft reach: 15 + 4 hits, a 4 deals 6 — then she rises.
    let ev = t.act(
        &alice(),
        json!({"fly": {"creature": "wren", "height_ft": 10}}),
        &[15, 4],
    );
    assert!(index_of(&ev, "attack_rolled") < index_of(&ev, "flew"));
    assert_eq!(t.hp("wren"), 18);
    assert_eq!(height(&t, "wren"), json!(10));
    assert_eq!(t.creature("wren")["turn"]["moved"], json!(10));
    assert_eq!(
        t.creature("gob")["turn"]["reaction_available"],
        json!(false)
    );
    t.assert_replays();
}

#[test]
fn dd_act_17_a_flying_up_but_within_reach_provokes_nothing() {
    let mut t = wren_and_goblin(30);
    always(&mut t, "gob");
    // 5 ft up her feet are at the goblin's head: still 5 ft away.
    let ev = t.act(
        &alice(),
        json!({"fly": {"creature": "wren", "height_ft": 5}}),
        &[],
    );
    assert!(rules_events(&ev, "attack_rolled").is_empty());
    assert_eq!(height(&t, "wren"), json!(5));
    assert_eq!(t.creature("gob")["turn"]["reaction_available"], json!(true));
}

#[test]
fn dd_act_17_a_an_asked_flight_waits_for_the_window_and_goes_on_when_it_closes() {
    let mut t = wren_and_goblin(30);
    // The Referee asked to be prompted for the goblin (`ask`).
    t.ask_all("gob");
    let ev = t.act(
        &alice(),
        json!({"fly": {"creature": "wren", "height_ft": 10}}),
        &[],
    );
    assert!(rules_events(&ev, "flew").is_empty(), "the flight waits");
    assert_eq!(height(&t, "wren"), Value::Null);
    assert_eq!(t.creature("wren")["turn"]["moved"], json!(0));
    let asks = decisions(&t, &Viewer::Referee, "opportunity_attack");
    assert_eq!(asks.len(), 1);
    // The Referee closes it: the default declines, and the flight goes on.
    let w = windows(&t, &Viewer::Referee);
    let id = w[0]["id"].as_str().unwrap().to_string();
    t.clock(json!({"close_window": {"id": id}}));
    assert_eq!(height(&t, "wren"), json!(10));
    assert_eq!(t.creature("wren")["turn"]["moved"], json!(10));
    assert_eq!(t.hp("wren"), 24);
    assert_eq!(t.creature("gob")["turn"]["reaction_available"], json!(true));
    t.assert_replays();
}

/// Vera, a brute (Strength 16: an 8-ft standing long jump) and Bram in combat, the brute
/// acting second: Bram (Bob's) at (0, 0) beside the brute at (1, 0), Vera far off.
fn brute_beside_bram() -> T {
    let mut t = party();
    let mut brute = monster("brute");
    brute["abilities"]["strength"] = json!(16);
    t.dm(json!({"add_creature": {"creature": brute}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "brute", "bram"]}}),
        &[15, 10, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "brute", "bram"]}}),
        &[],
    );
    for (id, x, y) in [("vera", 9, 9), ("brute", 1, 0), ("bram", 0, 0)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t.clock(json!("end_turn"));
    t
}

#[test]
fn dd_act_17_a_a_player_is_asked_when_a_monster_jumps_out_of_reach_as_when_it_walks() {
    let mut t = brute_beside_bram();
    let ev = t.dm(
        json!({"jump": {"creature": "brute", "long": {"to": [2, 0]}}}),
        &[],
    );
    assert!(rules_events(&ev, "jumped").is_empty(), "the jump waits");
    assert_eq!(pos(&t, "brute"), json!({"x": 1, "y": 0}));
    let bob = Viewer::Player("bob".into());
    let asks = decisions(&t, &bob, "opportunity_attack");
    assert_eq!(asks.len(), 1);
    assert_eq!(asks[0]["default"], json!("decline"));
    assert!(decisions(&t, &Viewer::Player("alice".into()), "opportunity_attack").is_empty());
    let id = asks[0]["id"].as_str().unwrap().to_string();
    // Bob takes it: 15 + 4 = 19 hits AC 15, 1d8+2 with a 3 deals 5; then the brute lands.
    let ev = t.ok(
        &player("bob"),
        json!({"answer": {"decision": id, "option": "attack"}}),
        &[15, 3],
    );
    assert!(index_of(&ev, "attack_rolled") < index_of(&ev, "jumped"));
    assert_eq!(t.hp("brute"), 2);
    assert_eq!(pos(&t, "brute"), json!({"x": 2, "y": 0}));
    assert_eq!(t.creature("brute")["turn"]["moved"], json!(5));
    assert_eq!(
        t.creature("bram")["turn"]["reaction_available"],
        json!(false)
    );
    assert!(windows(&t, &Viewer::Referee).is_empty());
    t.assert_replays();
}

#[test]
fn dd_act_17_b_an_attack_that_drops_the_jumper_ends_the_jump_where_it_stood() {
    let mut t = brute_beside_bram();
    let ev = t.dm(
        json!({"jump": {"creature": "brute", "long": {"to": [2, 0]}}}),
        &[],
    );
    assert!(rules_events(&ev, "jumped").is_empty());
    let id = decisions(&t, &Viewer::Player("bob".into()), "opportunity_attack")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    // A natural 20: 2d8+2 with 8 and 8 deals 18, the brute (7 HP) dies before it jumps.
    t.ok(
        &player("bob"),
        json!({"answer": {"decision": id, "option": "attack"}}),
        &[20, 8, 8],
    );
    assert_eq!(pos(&t, "brute"), json!({"x": 1, "y": 0}));
    assert_eq!(t.creature("brute")["turn"]["moved"], json!(0));
    t.assert_replays();
}

#[test]
fn dd_move_03_a_a_flyer_30_ft_up_pays_no_more_over_difficult_terrain() {
    let mut t = wren_and_goblin(60);
    t.dm(
        json!({"set_map": {"cells": [{"x": 0, "y": 1, "difficult": true},
            {"x": 0, "y": 2, "difficult": true}]}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"fly": {"creature": "wren", "height_ft": 30}}),
        &[],
    );
    assert_eq!(t.creature("wren")["turn"]["moved"], json!(30));
    // The preview prices it as the move will: 5 ft a square, none difficult.
    let p = t
        .table
        .query(
            &Viewer::Player("alice".into()),
            "move_preview",
            &json!({"creature": "wren", "path": [[0, 1], [0, 2]]}),
        )
        .unwrap();
    let costs: Vec<Value> = p["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| json!([s["cost_ft"], s["difficult"]]))
        .collect();
    assert_eq!(costs, vec![json!([5, false]), json!([5, false])], "{p}");
    // Two squares of difficult ground below: 10 ft, not 20.
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "wren", "path": [[0, 1], [0, 2]]}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], json!(10));
    assert_eq!(t.creature("wren")["turn"]["moved"], json!(40));
    // Over the goblin's square at 30 ft: neither a space she may not pass nor difficult.
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "wren", "path": [[1, 1], [1, 0], [2, 0]]}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], json!(15));
    assert_eq!(pos(&t, "wren"), json!({"x": 2, "y": 0}));
    t.assert_replays();
}

#[test]
fn dd_move_03_a_on_the_ground_the_same_squares_cost_double() {
    let mut t = wren_and_goblin(60);
    t.dm(
        json!({"set_map": {"cells": [{"x": 0, "y": 1, "difficult": true},
            {"x": 0, "y": 2, "difficult": true}]}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"take_action": {"creature": "wren", "action": "disengage"}}),
        &[],
    );
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "wren", "path": [[0, 1], [0, 2]]}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], json!(20));
}

#[test]
fn dd_move_10_reach_on_a_flyer_s_move_counts_its_height() {
    // 10 ft up beside the goblin she is out of its reach: moving away provokes nothing,
    // even from a goblin ordered to strike (the order is given once she is up).
    let mut t = wren_and_goblin(60);
    t.act(
        &alice(),
        json!({"fly": {"creature": "wren", "height_ft": 10}}),
        &[],
    );
    always(&mut t, "gob");
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "wren", "path": [[-1, 0], [-2, 0]]}}),
        &[],
    );
    assert!(rules_events(&ev, "attack_rolled").is_empty());
    assert_eq!(pos(&t, "wren"), json!({"x": -2, "y": 0}));
}

#[test]
fn dd_move_10_a_flyer_5_ft_up_is_still_in_reach_and_flying_off_provokes() {
    let mut t = wren_and_goblin(60);
    always(&mut t, "gob");
    t.act(
        &alice(),
        json!({"fly": {"creature": "wren", "height_ft": 5}}),
        &[],
    );
    // 5 ft up beside it, she is 5 ft away: flying off sideways leaves its reach.
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "wren", "path": [[-1, 0], [-2, 0]]}}),
        &[15, 4],
    );
    assert!(index_of(&ev, "attack_rolled") < index_of(&ev, "moved"));
    assert_eq!(t.hp("wren"), 18);
    assert_eq!(pos(&t, "wren"), json!({"x": -2, "y": 0}));
    t.assert_replays();
}

#[test]
fn dd_move_16_a_being_put_elsewhere_provokes_nothing() {
    // The table's teleport is the Referee's `place`: it leaves reach without a walk, a jump
    // or a flight, and nobody may react (DD-ACT-17.c).
    let mut t = grid_fight();
    always(&mut t, "gob");
    let ev = t.dm(json!({"place": {"creature": "vera", "x": -3, "y": 0}}), &[]);
    assert!(rules_events(&ev, "attack_rolled").is_empty());
    assert_eq!(pos(&t, "vera"), json!({"x": -3, "y": 0}));
    assert_eq!(t.creature("gob")["turn"]["reaction_available"], json!(true));
}

#[test]
fn dd_move_10_the_fight_forecast_measures_a_flyer_s_height() {
    // A 1-HP hovering bat 30 ft above the square beside Vera: her Rapier cannot reach it, her
    // Shortbow can (+4 against AC 5 hits on anything but a natural 1). Measured flat, the
    // forecast would swing the Rapier, be refused, and never win in one round.
    let mut t = party();
    let bat = json!({
        "id": "bat", "name": "Bat",
        "abilities": {"strength": 2, "dexterity": 10, "constitution": 8, "intelligence": 2,
            "wisdom": 10, "charisma": 4},
        "armor_class": 5, "hit_points": 1,
        "speed": {"walk": 5, "fly": 30, "hover": true},
        "attacks": [{"name": "Bite", "bonus": 2, "reach_ft": 5,
            "damage": [{"dice": "1d4", "damage_type": "piercing"}]}]
    });
    t.dm(json!({"add_creature": {"creature": bat}}), &[]);
    for (id, x, y) in [("vera", 0, 0), ("bat", 1, 0)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t.dm(json!({"fly": {"creature": "bat", "height_ft": 30}}), &[]);
    let options = engine::forecast::ForecastOptions {
        runs: 200,
        seed: 3,
        threads: 1,
        policy: Some("defaults".into()),
    };
    let report = t
        .table
        .forecast(
            &Viewer::Referee,
            "fight",
            &json!({"max_rounds": 1}),
            &options,
            0,
            &|_| {},
        )
        .unwrap();
    let win = report["sides"]["characters"]["win"].as_f64().unwrap();
    assert!(win > 0.85, "{report}");
    assert_eq!(report["stuck"], 0, "{report}");
}

#[test]
fn dd_move_09_a_a_high_jump_over_a_reach_provokes_at_its_top() {
    // The brute runs 10 ft up to Bram, then jumps 6 ft high (running, Strength 16: 3 + 3):
    // at the top its feet are 6 ft above his head's level, out of his 5-ft reach.
    let mut t = brute_beside_bram();
    t.dm(json!({"place": {"creature": "brute", "x": 3, "y": 0}}), &[]);
    t.dm(
        json!({"move_path": {"creature": "brute", "path": [[2, 0], [1, 0]]}}),
        &[],
    );
    let ev = t.dm(
        json!({"jump": {"creature": "brute", "high": {"height_ft": 6}}}),
        &[],
    );
    assert!(rules_events(&ev, "jumped").is_empty(), "the jump waits");
    let bob = Viewer::Player("bob".into());
    let id = decisions(&t, &bob, "opportunity_attack")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    // Bob lets it go: the jump is made, 6 ft of movement after the 10 ft run.
    let ev = t.ok(
        &player("bob"),
        json!({"answer": {"decision": id, "option": "decline"}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "jumped")[0]["running"], json!(true));
    assert_eq!(t.creature("brute")["turn"]["moved"], json!(16));
    assert_eq!(
        t.creature("bram")["turn"]["reaction_available"],
        json!(true)
    );
    t.assert_replays();
}
