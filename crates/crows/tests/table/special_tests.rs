//! Retry, assists, group tests, resistance rolls and hiding of the Crows ruleset driven
//! through the engine (scripted dice, each die rolled as its own `1dN`).

use crate::common::*;

fn test(creature: &str, extra: Value) -> Value {
    let mut t = json!({"creature": creature, "characteristic": "agility"});
    if let (Some(o), Some(e)) = (t.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            o.insert(k.clone(), v.clone());
        }
    }
    json!({"rules": {"test": t}})
}

#[test]
fn cr_retry_01_same_task_refused_until_circumstances_changed_through_engine() {
    let mut t = party();
    let pick = test("bram", json!({"task": "pick the lock"}));
    // 3 + 4 + Agility 0 = 7: tier 1, the Referee rules the setback.
    t.ok(&referee(), pick.clone(), &[3, 4]);
    assert_eq!(t.state()["last_tests"]["bram"]["final_tier"], json!(1));
    let before = t.table.state_json();
    let (message, rule) = rule_of(t.run(&referee(), pick.clone(), &[9, 9]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-RETRY-01"), "{message}");
    assert!(message.contains("pick the lock"), "{message}");
    assert_eq!(
        t.table.state_json(),
        before,
        "a refused retry changes nothing"
    );
    // Another task, or another creature on the same task, is not a retry.
    t.ok(&referee(), test("bram", json!({"task": "climb"})), &[9, 9]);
    t.ok(
        &referee(),
        test("vera", json!({"task": "pick the lock"})),
        &[9, 9],
    );
    // Only the Referee rules that the circumstances changed; an unknown attempt is refused.
    let changed = json!({"rules": {"circumstances_changed": {"creature": "bram",
        "task": "pick the lock"}}});
    let e = t.run(&player("bob"), changed.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    let (_, rule) = rule_of(
        t.run(
            &referee(),
            json!({"rules": {"circumstances_changed": {"creature": "bram", "task": "swim"}}}),
            &[],
        )
        .unwrap_err(),
    );
    assert_eq!(rule.as_deref(), Some("CR-RETRY-01"));
    t.ok(&referee(), changed, &[]);
    let events = t.ok(&referee(), pick.clone(), &[9, 9]);
    assert_eq!(rolled_count(&events), 2);
    assert_eq!(t.state()["last_tests"]["bram"]["final_tier"], json!(3));
    // And once more blocked after the new attempt.
    let (_, rule) = rule_of(t.run(&referee(), pick, &[9, 9]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-RETRY-01"));
    t.assert_replays();
}

/// Bram's assist of this faces for Vera, then Vera's test at 5 + 5 + Agility 1 = 11.
fn assisted_total(assist_faces: [i64; 2]) -> (i64, Value) {
    let mut t = party();
    t.ok(
        &referee(),
        json!({"rules": {"test": {"creature": "bram", "characteristic": "mind",
            "assist_for": "vera"}}}),
        &assist_faces,
    );
    assert_eq!(t.state()["pending_assists"]["vera"][0]["helper"], "bram");
    t.ok(&referee(), test("vera", json!({})), &[5, 5]);
    assert!(
        t.state()["pending_assists"].get("vera").is_none(),
        "used by the test"
    );
    let last = t.state()["last_tests"]["vera"].clone();
    (last["total"].as_i64().unwrap(), last)
}

#[test]
// Covers CR-ASSIST-01, CR-SPEC-01.
fn cr_assist_01_assist_tier_gives_minus_1_plus_1_plus_2_through_engine() {
    // Bram's Mind 2: 3+4+2 = 9 tier 1; 6+6+2 = 14 tier 2; 9+9+2 = 20 tier 3.
    for (faces, modifier) in [([3, 4], -1), ([6, 6], 1), ([9, 9], 2)] {
        let (total, last) = assisted_total(faces);
        assert_eq!(total, 11 + modifier, "{faces:?}: {last}");
    }
    // Nobody assists themselves.
    let mut t = party();
    let (_, rule) = rule_of(
        t.run(
            &referee(),
            test("vera", json!({"assist_for": "vera"})),
            &[5, 5],
        )
        .unwrap_err(),
    );
    assert_eq!(rule.as_deref(), Some("CR-ASSIST-01"));
}

#[test]
fn cr_assist_02_assist_bonus_lapses_after_one_combat_turn_through_engine() {
    let mut t = party();
    t.ok(
        &referee(),
        json!({"clock": {"start_combat": {"order": ["bram", "vera"]}}}),
        &[],
    );
    let assist = json!({"rules": {"test": {"creature": "bram", "characteristic": "mind",
        "assist_for": "vera"}}});
    // Made on Bram's turn: still there through Vera's next turn …
    t.ok(&referee(), assist.clone(), &[6, 6]);
    t.ok(&referee(), json!({"clock": "end_turn"}), &[]);
    assert_eq!(t.state()["pending_assists"]["vera"][0]["turns_passed"], 1);
    t.ok(&referee(), test("vera", json!({})), &[5, 5]);
    assert_eq!(t.state()["last_tests"]["vera"]["total"], json!(12));
    // … but gone when the turn after ends without the test.
    t.ok(&referee(), assist, &[6, 6]);
    t.ok(&referee(), json!({"clock": "end_turn"}), &[]);
    assert!(t.state()["pending_assists"].get("vera").is_some());
    t.ok(&referee(), json!({"clock": "end_turn"}), &[]);
    assert!(t.state()["pending_assists"].get("vera").is_none());
    t.ok(&referee(), test("vera", json!({})), &[5, 5]);
    assert_eq!(t.state()["last_tests"]["vera"]["total"], json!(11));
    t.assert_replays();
}

#[test]
fn cr_assist_02_penalty_stays_by_default_and_lapses_with_the_checklist_option() {
    for (config, total) in [
        (json!({}), 10),
        (json!({"assist_lapse": "any_modifier"}), 11),
    ] {
        let mut t = party_with(config);
        t.ok(
            &referee(),
            json!({"clock": {"start_combat": {"order": ["bram", "vera"]}}}),
            &[],
        );
        t.ok(
            &referee(),
            json!({"rules": {"test": {"creature": "bram", "characteristic": "mind",
                "assist_for": "vera"}}}),
            &[3, 4],
        );
        t.ok(&referee(), json!({"clock": "end_turn"}), &[]);
        t.ok(&referee(), json!({"clock": "end_turn"}), &[]);
        t.ok(&referee(), test("vera", json!({})), &[5, 5]);
        assert_eq!(t.state()["last_tests"]["vera"]["total"], json!(total));
    }
}

#[test]
// Covers CR-GROUP-01, CR-GROUP-02, CR-GROUP-03, CR-ASSIST-04.
fn cr_group_03_group_test_cost_falls_on_leader_and_penalising_helpers_through_engine() {
    let mut t = party();
    t.referee_rules(
        json!({"create_creature": {"id": "otto", "kind": "hireling",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 4}}),
        &[],
    );
    // A group test needs at least one helper (CR-GROUP-01).
    let lead = test("vera", json!({"group": true}));
    let (_, rule) = rule_of(t.run(&referee(), lead.clone(), &[5, 5]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-GROUP-01"));
    // Helpers first: Bram tier 3 (+2), Otto tier 1 (−1).
    t.ok(
        &referee(),
        json!({"rules": {"test": {"creature": "bram", "characteristic": "mind",
            "assist_for": "vera"}}}),
        &[9, 9],
    );
    t.ok(
        &referee(),
        test("otto", json!({"assist_for": "vera"})),
        &[2, 4],
    );
    assert_eq!(
        t.state()["pending_assists"]["vera"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    // The leader: 5 + 6 + 1 + 2 − 1 = 13, tier 2; the assists add up (CR-ASSIST-04).
    t.ok(&referee(), lead, &[5, 6]);
    assert_eq!(t.state()["last_tests"]["vera"]["total"], json!(13));
    let d = t.decision_for("crows.tier_2_outcome", "vera");
    t.answer(&referee(), &d.id, "success_at_cost", Some("the rope frays"))
        .unwrap();
    let ruling = t.state()["rulings"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(ruling["payers"], json!(["vera", "otto"]));
    t.assert_replays();
}

#[test]
// Covers CR-RR-01, CR-RR-02.
fn cr_rr_02_resistance_roll_offers_its_typical_expertise_through_engine() {
    let mut t = party();
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "expertises": {"endurance": 1}}}),
        &[],
    );
    // A Strength RR: 4 + 5 + 2 = 11, tier 1; Endurance is offered without approval.
    t.ok(
        &referee(),
        json!({"rules": {"test": {"creature": "vera", "characteristic": "strength",
            "kind": {"kind": "resistance_roll"}}}}),
        &[4, 5],
    );
    let d = t.decision("crows.expertise");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["commit", "endurance"]);
    t.answer(&player("alice"), &d.id, "endurance", None)
        .unwrap();
    let last = &t.state()["last_tests"]["vera"];
    assert_eq!(last["final_tier"], json!(2));
    assert_eq!(last["spec"]["kind"]["kind"], "resistance_roll");
    // An ordinary Strength test does not offer it unapproved.
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "expertises": {"endurance": 1}}}),
        &[],
    );
    t.ok(
        &referee(),
        json!({"rules": {"test": {"creature": "vera", "characteristic": "strength"}}}),
        &[4, 5],
    );
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.expertise")
    );
}

/// The party plus a ghoul whose stats are shown (so only hiding hides it).
fn with_ghoul() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "ghoul", "name": "Pale ghoul", "kind": "monster",
            "characteristics": {"agility": 1, "mind": -3, "strength": 3}, "stamina": 9,
            "hidden": false}}),
        &[],
    );
    t
}

fn sees_ghoul(t: &T, p: &str) -> bool {
    t.table.view(&Viewer::Player(p.into()))["rules"]["creatures"]
        .get("ghoul")
        .is_some()
}

fn log_len(t: &T, p: &str) -> usize {
    project_log(&t.log, &Viewer::Player(p.into())).len()
}

#[test]
// Covers CR-HIDE-01, CR-HIDE-05.
fn cr_hide_05_hidden_creature_is_absent_from_the_views_and_logs_of_those_it_hides_from() {
    let mut t = with_ghoul();
    assert!(sees_ghoul(&t, "alice") && sees_ghoul(&t, "bob"));
    // Not while Vera watches it (CR-HIDE-01); nothing changes.
    let before = t.table.state_json();
    let (message, rule) = rule_of(
        t.run(
            &referee(),
            json!({"rules": {"hide": {"creature": "ghoul", "from": ["vera"],
                "watching": ["vera"]}}}),
            &[],
        )
        .unwrap_err(),
    );
    assert_eq!(rule.as_deref(), Some("CR-HIDE-01"), "{message}");
    assert_eq!(t.table.state_json(), before);
    // Hidden from Vera only: a relation, so Bob (Bram) still sees it, Alice does not. Alice
    // is told once that it is out of sight (her screen drops it at once); Bob is not.
    let (alice_before, bob_before) = (log_len(&t, "alice"), log_len(&t, "bob"));
    t.referee_rules(
        json!({"hide": {"creature": "ghoul", "from": ["vera"]}}),
        &[],
    );
    assert!(!sees_ghoul(&t, "alice"));
    assert!(sees_ghoul(&t, "bob"));
    assert_eq!(log_len(&t, "alice"), alice_before + 1);
    let told = serde_json::to_string(&project_log(
        &t.log[t.log.len() - 2..],
        &Viewer::Player("alice".into()),
    ))
    .unwrap();
    assert!(told.contains("creature_unseen"), "{told}");
    let (alice_before, hidden_at) = (log_len(&t, "alice"), t.log.len());
    // Its test and its damage reach Bob's log, not Alice's: no ids, no counts.
    t.ok(&referee(), test("ghoul", json!({})), &[9, 9]);
    t.referee_rules(json!({"damage": {"creature": "ghoul", "amount": 1}}), &[]);
    assert_eq!(log_len(&t, "alice"), alice_before);
    assert!(log_len(&t, "bob") > bob_before + 3);
    let alice_log = serde_json::to_string(&project_log(
        &t.log[hidden_at..],
        &Viewer::Player("alice".into()),
    ))
    .unwrap();
    assert!(!alice_log.contains("ghoul"), "{alice_log}");
    let view = t.table.view(&Viewer::Player("alice".into()));
    assert!(view["rules"]["last_tests"].get("ghoul").is_none());
    assert!(!view.to_string().contains("Pale ghoul"), "{view}");
    // Hidden from both: Bob loses it too; revealed to Vera: Alice sees it again.
    t.referee_rules(
        json!({"hide": {"creature": "ghoul", "from": ["bram"]}}),
        &[],
    );
    assert!(!sees_ghoul(&t, "bob"));
    t.referee_rules(
        json!({"reveal": {"creature": "ghoul", "to": ["vera"]}}),
        &[],
    );
    assert!(sees_ghoul(&t, "alice") && !sees_ghoul(&t, "bob"));
    assert_eq!(
        t.table.view(&Viewer::Player("alice".into()))["rules"]["creatures"]["ghoul"]["name"],
        "Pale ghoul"
    );
    // The Referee always sees it, and the whole thing replays.
    assert!(
        t.table.view(&Viewer::Referee)["rules"]["creatures"]
            .get("ghoul")
            .is_some()
    );
    t.assert_replays();
}

#[test]
// Covers CR-HIDE-03, CR-HIDE-04, CR-HIDE-05.
fn cr_hide_03_edge_from_hiding_bane_on_forced_rr_and_attack_reveals_through_engine() {
    let mut t = with_ghoul();
    t.referee_rules(
        json!({"hide": {"creature": "ghoul", "from": ["vera", "bram"]}}),
        &[],
    );
    // A resistance roll Bram makes, forced by the hidden ghoul: a bane (5 + 5 + 0 − 2 = 8).
    t.ok(
        &referee(),
        test(
            "bram",
            json!({"kind": {"kind": "resistance_roll"}, "forced_by": "ghoul"}),
        ),
        &[5, 5],
    );
    assert_eq!(t.state()["last_tests"]["bram"]["total"], json!(8));
    // Its attack on Vera from hiding: an edge (5 + 5 + 1 + 2 = 13) …
    t.ok(
        &referee(),
        test(
            "ghoul",
            json!({"kind": {"kind": "attack", "range": "melee"}, "target": "vera"}),
        ),
        &[5, 5],
    );
    assert_eq!(t.state()["last_tests"]["ghoul"]["total"], json!(13));
    // … and Vera notices it (CR-HIDE-04); Bram does not.
    assert!(sees_ghoul(&t, "alice"));
    assert!(!sees_ghoul(&t, "bob"));
    let seen = t.table.view(&Viewer::Player("alice".into()));
    assert_eq!(seen["rules"]["last_tests"]["ghoul"]["total"], json!(13));
    // No longer hidden from Vera: the next attack has no edge; still hidden from Bram, whose
    // RR keeps the bane (a relation per observer, CR-HIDE-05).
    t.ok(
        &referee(),
        test(
            "ghoul",
            json!({"kind": {"kind": "attack", "range": "melee"}, "target": "vera"}),
        ),
        &[5, 5],
    );
    assert_eq!(t.state()["last_tests"]["ghoul"]["total"], json!(11));
    t.ok(
        &referee(),
        test(
            "bram",
            json!({"kind": {"kind": "resistance_roll"}, "forced_by": "ghoul"}),
        ),
        &[5, 5],
    );
    assert_eq!(t.state()["last_tests"]["bram"]["total"], json!(8));
    // Revealing what is not hidden is refused with the rule named.
    let (_, rule) = rule_of(
        t.run(
            &referee(),
            json!({"rules": {"reveal": {"creature": "ghoul", "to": ["vera"]}}}),
            &[],
        )
        .unwrap_err(),
    );
    assert_eq!(rule.as_deref(), Some("CR-HIDE-05"));
    t.assert_replays();
}

fn backpack(numbers: std::ops::RangeInclusive<u8>) -> Value {
    json!(
        numbers
            .map(|n| json!({"kind": "Backpack", "number": n}))
            .collect::<Vec<_>>()
    )
}

#[test]
// Covers CR-CORE-05, CR-CORPSE-01, CR-CORPSE-02.
fn cr_core_05_a_dead_creature_becomes_a_corpse_with_its_gear_through_engine() {
    let mut t = party();
    goblin(&mut t);
    assert!(t.state()["corpses"].as_object().unwrap().is_empty());
    t.referee_rules(json!({"damage": {"creature": "goblin", "amount": 5}}), &[]);
    // The body is an object now, its gear still on it: Small 2 + 1 slot of gear = 3.
    let corpse = &t.table.view(&Viewer::Player("alice".into()))["rules"]["corpses"]["goblin"];
    assert_eq!(corpse["name"], "corpse of Goblin");
    assert_eq!(corpse["slots"], json!(3));
    assert_eq!(corpse["gear"], json!(["Rusty knife"]));
    // Its test is refused: it is no creature any more.
    let e = t.run(&referee(), test("goblin", json!({})), &[5, 5]);
    assert!(e.is_err());
    // Three slots of one kind, consecutive: two hands are not enough (CR-CORPSE-02).
    let carry = |slots: Value| {
        json!({"rules": {"carry_corpse": {"creature": "vera", "corpse": "goblin",
            "slots": slots}}})
    };
    let before = t.table.state_json();
    let hands = json!([{"kind": "Hand", "number": 1}, {"kind": "Hand", "number": 2}]);
    assert!(t.run(&player("alice"), carry(hands), &[]).is_err());
    assert_eq!(t.table.state_json(), before);
    // Bob may not move Vera's things.
    let e = t
        .run(&player("bob"), carry(backpack(1..=3)), &[])
        .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&player("alice"), carry(backpack(1..=3)), &[]);
    let items = t.state()["creatures"]["vera"]["creature"]["inventory"]["items"].clone();
    let carried: Vec<&Value> = items
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["item"]["corpse"] == true)
        .collect();
    assert_eq!(carried.len(), 1);
    assert_eq!(carried[0]["item"]["slots"], json!(3));
    assert!(t.state()["corpses"].get("goblin").is_none());
    let id = carried[0]["item"]["id"].to_string();
    assert_eq!(
        t.state()["carried_corpses"][&id]["corpse"]["of"],
        json!("Goblin")
    );

    // A Huge body (16 slots) fits no slot kind of a crow: refused with the rule named.
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "troll", "kind": "monster", "size": "huge",
            "characteristics": {"agility": 0, "mind": 0, "strength": 4}, "stamina": 1,
            "hidden": false}}),
        &[],
    );
    t.referee_rules(json!({"damage": {"creature": "troll", "amount": 3}}), &[]);
    let (message, rule) = rule_of(
        t.run(
            &player("bob"),
            json!({"rules": {"carry_corpse": {"creature": "bram", "corpse": "troll",
                "slots": backpack(1..=10)}}}),
            &[],
        )
        .unwrap_err(),
    );
    assert_eq!(rule.as_deref(), Some("CR-CORPSE-02"), "{message}");
    t.assert_replays();
}

#[test]
// Covers CR-LIGHT-03, CR-LIGHT-04, CR-LIGHT-05.
fn cr_light_04_dim_light_and_darkness_on_attacks_and_perception_through_engine() {
    let mut t = with_ghoul();
    let attack = test(
        "bram",
        json!({"kind": {"kind": "attack", "range": "melee"}, "target": "ghoul"}),
    );
    let look = test("vera", json!({"perception": true}));
    // Unset light is bright: no modifier (CR-LIGHT-03).
    t.ok(&referee(), attack.clone(), &[5, 5]);
    assert_eq!(t.state()["last_tests"]["bram"]["total"], json!(10));
    t.ok(&referee(), look.clone(), &[5, 5]);
    assert_eq!(t.state()["last_tests"]["vera"]["total"], json!(11));
    // Players may not set the light.
    let set = |who: &str, level: &str| json!({"rules": {"set_light_level": {"creature": who, "level": level}}});
    let e = t
        .run(&player("alice"), set("vera", "dim"), &[])
        .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    // Dim light: a bane on the attack against a target there and on the search (CR-LIGHT-04).
    t.ok(&referee(), set("ghoul", "dim"), &[]);
    t.ok(&referee(), set("vera", "dim"), &[]);
    t.ok(&referee(), attack.clone(), &[5, 5]);
    assert_eq!(t.state()["last_tests"]["bram"]["total"], json!(8));
    t.ok(&referee(), look.clone(), &[5, 5]);
    assert_eq!(t.state()["last_tests"]["vera"]["total"], json!(9));
    // An ordinary test in the dark is untouched.
    t.ok(&referee(), test("vera", json!({})), &[5, 5]);
    assert_eq!(t.state()["last_tests"]["vera"]["total"], json!(11));
    // Darkness: a double bane, one tier down (9 + 9 = 18 would be tier 3) (CR-LIGHT-05).
    t.ok(&referee(), set("ghoul", "darkness"), &[]);
    t.ok(&referee(), attack, &[9, 9]);
    assert_eq!(t.state()["last_tests"]["bram"]["total"], json!(18));
    assert_eq!(t.state()["last_tests"]["bram"]["final_tier"], json!(2));
    t.assert_replays();
}

#[test]
// Covers CR-REF-02/03 (the Referee calls the test and picks its characteristic), CR-CHECK-04
// (the player rolls it), CR-RETRY-01 (a blocked retry refuses the call too).
fn cr_ref_03_the_referee_calls_a_test_and_its_player_rolls_it() {
    let mut t = party();
    let call = json!({"rules": {"call_test": {"creature": "vera", "characteristic": "strength",
        "edges": 1, "task": "lift the portcullis"}}});
    // Only the Referee calls a test.
    let e = t.run(&player("alice"), call.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    // The call rolls nothing: the decision waits for vera's player, words and numbers given.
    let events = t.ok(&referee(), call.clone(), &[]);
    assert!(
        !serde_json::to_string(&events)
            .unwrap()
            .contains("\"rolled\""),
        "no roll before the player answers"
    );
    let d = t.decision("crows.called_test");
    assert_eq!(d.args["creature"], "vera");
    assert_eq!(d.args["characteristic"], "strength");
    assert_eq!(d.args["edges"], 1);
    assert_eq!(d.default.as_deref(), Some("roll"));
    // Bob does not control vera: his answer is refused.
    let answer = |id: &str, option: &str| json!({"answer": {"decision": id, "option": option}});
    assert!(t.run(&player("bob"), answer(&d.id, "roll"), &[]).is_err());
    // Alice rolls: 9 + 7 + Strength 2 + the edge's 2 = 20: tier 3.
    t.ok(&player("alice"), answer(&d.id, "roll"), &[9, 7]);
    let last = &t.state()["last_tests"]["vera"];
    assert_eq!(last["final_tier"], json!(3), "{last}");
    assert_eq!(last["total"], json!(20), "{last}");
    // The same task again: the call is refused until the circumstances change.
    let (msg, rule) = rule_of(t.run(&referee(), call.clone(), &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-RETRY-01"), "{msg}");
    // A cancelled call rolls nothing.
    let other = json!({"rules": {"call_test": {"creature": "vera", "characteristic": "agility"}}});
    t.ok(&referee(), other, &[]);
    let d = t.decision("crows.called_test");
    let before = t.state()["last_tests"].clone();
    t.ok(&player("alice"), answer(&d.id, "cancel"), &[]);
    assert_eq!(t.state()["last_tests"], before);
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.called_test")
    );
    // The same task tested meanwhile: the player's roll is refused before any die, whatever
    // the dice would show (CR-RETRY-01; a refusal follows no face), and the call can be dropped.
    let runes = json!({"rules": {"call_test": {"creature": "bram", "characteristic": "mind",
        "task": "read the runes"}}});
    t.ok(&referee(), runes, &[]);
    let d = t.decision("crows.called_test");
    t.ok(
        &referee(),
        test(
            "bram",
            json!({"characteristic": "mind", "task": "read the runes"}),
        ),
        &[5, 6],
    );
    let refusal = face_free_answer(&t, &player("bob"), &answer(&d.id, "roll"));
    assert!(
        refusal
            .as_deref()
            .is_some_and(|r| r.contains("CR-RETRY-01")),
        "{refusal:?}"
    );
    t.ok(&player("bob"), answer(&d.id, "cancel"), &[]);
    t.assert_replays();
}
