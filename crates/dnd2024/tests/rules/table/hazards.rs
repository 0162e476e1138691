//! Burning and a day's food and water at the table (DD-HAZ-01…03).

use super::*;

fn levels(t: &T, id: &str) -> Vec<Value> {
    t.creature(id)["conditions"]["exhaustion"]["levels"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn burning(t: &T, id: &str) -> bool {
    t.table
        .core()
        .effects
        .iter()
        .any(|e| e.kind == "burning" && e.target.as_deref() == Some(id))
}

#[test]
fn dd_haz_01_a_burning_deals_1d4_fire_at_the_start_of_each_turn_and_b_rolling_puts_it_out() {
    let mut t = fight();
    let ev = t.dm(
        json!({"set_burning": {"creature": "bram", "burning": true}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "fire")[0]["burning"], true);
    assert!(burning(&t, "bram"));
    let code = t.refused(
        &referee(),
        json!({"set_burning": {"creature": "bram", "burning": true}}),
        &[],
    );
    assert!(code.starts_with("already_burning"), "{code}");
    // Vera → goblin → Bram: his turn starts with 1d4 Fire (a 3).
    t.clock(json!("end_turn"));
    t.ok(&referee(), json!({"clock": "end_turn"}), &[3]);
    assert_eq!(t.hp("bram"), 17);
    // Only on his turn: Vera's player cannot roll Bram out, nor Bram out of turn.
    let code = t.refused(
        &player("alice"),
        json!({"roll_out_fire": {"creature": "bram"}}),
        &[],
    );
    assert!(!code.is_empty());
    // Bram's action: Prone, rolling, the fire out.
    let ev = t.act(
        &player("bob"),
        json!({"roll_out_fire": {"creature": "bram"}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "fire")[0]["how"], "rolled");
    assert!(!burning(&t, "bram"));
    let prone = t.creature("bram")["conditions"].to_string();
    assert!(prone.contains("prone"), "{prone}");
    // The action is spent.
    let code = t.refused(
        &player("bob"),
        json!({"take_action": {"creature": "bram", "action": "dash"}}),
        &[],
    );
    assert!(code.starts_with("action_spent"), "{code}");
    let code = t.refused(
        &player("bob"),
        json!({"roll_out_fire": {"creature": "bram"}}),
        &[],
    );
    assert!(code.starts_with("not_burning"), "{code}");
    // The next round: no fire damage at Bram's turn.
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    assert_eq!(t.hp("bram"), 17);
    t.assert_replays();
}

#[test]
fn dd_haz_01_c_the_referee_douses_a_fire_and_resistance_halves_the_burn() {
    let mut t = fight();
    // The goblin resists fire: a 4 on the d4 does 2.
    t.dm(
        json!({"set_burning": {"creature": "gob", "burning": true}}),
        &[],
    );
    t.ok(&referee(), json!({"clock": "end_turn"}), &[4]);
    assert_eq!(t.hp("gob"), 5);
    let ev = t.dm(
        json!({"set_burning": {"creature": "gob", "burning": false, "how": "doused"}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "fire")[0]["how"], "doused");
    assert!(!burning(&t, "gob"));
    let code = t.refused(
        &referee(),
        json!({"set_burning": {"creature": "gob", "burning": false}}),
        &[],
    );
    assert!(code.starts_with("not_burning"), "{code}");
    t.assert_replays();
}

#[test]
fn dd_haz_01_a_hidden_burning_monster_is_the_referees_alone() {
    // The goblin is hidden (not revealed): its fire, effect and end reach the Referee only.
    let mut t = party();
    let before = t.log_for(&Viewer::Player("alice".into()));
    t.dm(
        json!({"set_burning": {"creature": "gob", "burning": true}}),
        &[],
    );
    assert!(burning(&t, "gob"));
    t.dm(
        json!({"set_burning": {"creature": "gob", "burning": false, "how": "submerged"}}),
        &[],
    );
    assert_eq!(t.log_for(&Viewer::Player("alice".into())), before);
    t.assert_replays();
}

#[test]
fn dd_haz_02_b_less_than_half_the_water_is_a_level_without_a_save() {
    let mut t = party();
    // Medium: 1 gallon a day. A quarter gallon is less than half: a level, no die.
    let ev = t.dm(
        json!({"end_of_day": {"creatures": [
            {"creature": "vera", "food_lb": 1, "water_gal": 0.25},
            {"creature": "bram", "food_lb": 1, "water_gal": 0.5}]}}),
        &[],
    );
    let days = rules_events(&ev, "day_ended");
    assert_eq!(days[0]["dehydrated"], true);
    assert_eq!(days[1]["dehydrated"], false);
    assert_eq!(levels(&t, "vera"), vec![json!("dehydration")]);
    assert!(levels(&t, "bram").is_empty());
    // Bad days change nothing.
    for cmd in [
        json!({"end_of_day": {"creatures": []}}),
        json!({"end_of_day": {"creatures": [{"creature": "vera", "food_lb": -1, "water_gal": 1}]}}),
        json!({"end_of_day": {"creatures": [
            {"creature": "vera", "food_lb": 1, "water_gal": 1},
            {"creature": "vera", "food_lb": 1, "water_gal": 1}]}}),
    ] {
        let code = t.refused(&referee(), cmd, &[]);
        assert!(code.starts_with("bad_day"), "{code}");
    }
    assert_eq!(levels(&t, "vera").len(), 1);
    t.assert_replays();
}

#[test]
fn dd_haz_03_b_some_food_but_less_than_half_calls_for_a_dc_10_constitution_save() {
    let mut t = party();
    // Vera: Con 14 (+2), proficient (+2). A 5 makes 9: failed, a level from malnutrition.
    let ev = t.dm(
        json!({"end_of_day": {"creatures": [{"creature": "vera", "food_lb": 0.25, "water_gal": 1}]}}),
        &[5],
    );
    let d = &rules_events(&ev, "day_ended")[0];
    assert_eq!(
        (d["hunger"].clone(), d["saved"].clone()),
        (json!("save"), json!(false))
    );
    assert_eq!(levels(&t, "vera"), vec![json!("malnutrition")]);
    // Now with Exhaustion 1 (−2): an 8 makes 10, saved.
    t.dm(
        json!({"end_of_day": {"creatures": [{"creature": "vera", "food_lb": 0.25, "water_gal": 1}]}}),
        &[8],
    );
    assert_eq!(levels(&t, "vera").len(), 1);
    t.assert_replays();
}

#[test]
fn dd_haz_03_c_five_days_without_food_a_level_then_one_a_day() {
    let mut t = party();
    let day = |t: &mut T, food: f64| {
        t.dm(
            json!({"end_of_day": {"creatures": [{"creature": "bram", "food_lb": food, "water_gal": 1}]}}),
            &[],
        )
    };
    for n in 1..=4 {
        let ev = day(&mut t, 0.0);
        assert_eq!(rules_events(&ev, "day_ended")[0]["days_without_food"], n);
        assert!(levels(&t, "bram").is_empty(), "day {n}");
    }
    day(&mut t, 0.0);
    assert_eq!(levels(&t, "bram"), vec![json!("malnutrition")]);
    day(&mut t, 0.0);
    assert_eq!(levels(&t, "bram").len(), 2);
    // A day with its food resets the count (the levels stay until a full day's fill).
    let ev = day(&mut t, 1.0);
    assert_eq!(rules_events(&ev, "day_ended")[0]["days_without_food"], 0);
    assert_eq!(levels(&t, "bram").len(), 2);
    t.assert_replays();
}
