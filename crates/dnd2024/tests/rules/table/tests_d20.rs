//! D20 Tests at the table, with their sources and exact odds (DD-CORE-01..08).

use super::*;

fn stealth(dc: i32) -> Value {
    json!({"creature": "vera", "test": {"ability_check": {"ability": "dexterity",
        "skill": "stealth"}}, "dc": dc})
}

#[test]
fn dd_core_03_b_a_player_starts_a_check_with_every_modifier_listed() {
    let mut t = party();
    let mut cmd = stealth(15);
    cmd["modifiers"] = json!([{"name": "Guidance", "value": 2}]);
    // Dex +2, PB +2 (Stealth), Guidance +2: 9 + 6 = 15 meets DC 15.
    let ev = t.act(&player("alice"), json!({"d20_test": cmd}), &[9]);
    let roll = &rules_events(&ev, "test_rolled")[0];
    assert_eq!(roll["plan"]["base_bonus"], 4);
    assert_eq!(roll["plan"]["modifiers"][0]["name"], "Guidance");
    assert_eq!(roll["outcome"]["total"], 15);
    assert_eq!(roll["success"], true);
}

#[test]
fn dd_core_08_a_advantage_and_disadvantage_cancel_whatever_their_number() {
    let mut t = party();
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "poisoned", "source": "trap"}}),
        &[],
    );
    let mut cmd = stealth(15);
    cmd["advantage"] = json!(["Help", "Pass without Trace"]);
    // Two Advantage sources and Poisoned: one d20.
    let ev = t.dm(json!({"d20_test": cmd}), &[11]);
    let roll = &rules_events(&ev, "test_rolled")[0];
    assert_eq!(roll["plan"]["test"]["mode"], "normal");
    assert_eq!(roll["plan"]["disadvantage"], json!(["poisoned"]));
}

#[test]
fn dd_core_06_advantage_keeps_the_higher_die_and_the_odds_are_exact() {
    let mut t = party();
    let mut cmd = stealth(15);
    cmd["advantage"] = json!(["Help"]);
    // Needs 11+ on either die: 1 − (10/20)² = 3/4.
    let odds = t
        .table
        .query(&Viewer::Player("alice".into()), "d20_odds", &cmd)
        .unwrap();
    assert_eq!(odds["success"], "3/4");
    assert_eq!(odds["plan"]["advantage"], json!(["Help"]));
    let ev = t.act(&player("alice"), json!({"d20_test": cmd}), &[3, 12]);
    assert_eq!(rules_events(&ev, "test_rolled")[0]["outcome"]["kept"], 12);
}

#[test]
fn dd_cond_10_c_a_paralyzed_creature_fails_dexterity_saves_without_rolling() {
    let mut t = party();
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "paralyzed",
            "source": "Hold Person"}}),
        &[],
    );
    let ev = t.dm(
        json!({"d20_test": {"creature": "vera", "test": {"saving_throw": {"ability": "dexterity"}},
            "dc": 5}}),
        &[],
    );
    let roll = &rules_events(&ev, "test_rolled")[0];
    assert_eq!(roll["success"], false);
    assert_eq!(roll["plan"]["auto_fail"], true);
}

#[test]
fn dd_core_04_d_a_proficient_save_adds_pb() {
    let t = party();
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "d20_odds",
            &json!({"creature": "vera", "test": {"saving_throw": {"ability": "constitution"}},
                "dc": 14}),
        )
        .unwrap();
    // Con +2, PB +2: 10+ on the die, 11/20.
    assert_eq!(odds["plan"]["test"]["bonus"], 4);
    assert_eq!(odds["success"], "11/20");
}
