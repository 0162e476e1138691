//! Overland travel driven through the engine (Registry → Table → command JSON → events): the
//! hex map, the daily procedure, pace, roles and every task table, getting lost (and keeping the
//! true hex from the players), road encounters and points of interest.

use crate::common::*;

/// Two d10 faces giving `tier` for a creature with `stat` and no modifier (never a crit or
/// doom natural).
fn faces(stat: i64, tier: u8) -> [i64; 2] {
    let n = match tier {
        1 => 6,
        2 => 14 - stat,
        _ => 17 - stat,
    };
    [n / 2 + n % 2, n / 2]
}

fn player_day(t: &T) -> Value {
    t.table.view(&alice())["rules"]["travel"]["day"].clone()
}

fn hexes_around(q0: i32, r0: i32, radius: i32, terrain: &str) -> Vec<Value> {
    let mut v = Vec::new();
    for q in -radius..=radius {
        for r in -radius..=radius {
            v.push(json!({"q": q0 + q, "r": r0 + r, "terrain": terrain}));
        }
    }
    v
}

/// Vera (Alice) and Bram (Bob) on a plains map around (0, 0), placed at its centre.
fn setup() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"set_hexes": {"hexes": hexes_around(0, 0, 4, "plains")}}),
        &[],
    );
    t.referee_rules(json!({"set_party": {"members": ["vera", "bram"]}}), &[]);
    t.referee_rules(json!({"place_party": {"q": 0, "r": 0}}), &[]);
    t
}

fn hireling(t: &mut T, id: &str, mind: i64) {
    t.referee_rules(
        json!({"create_creature": {"id": id, "kind": "hireling",
            "characteristics": {"agility": 0, "mind": mind, "strength": 0}, "stamina": 4}}),
        &[],
    );
}

fn begin(t: &mut T, pace: &str) {
    t.referee_rules(json!({"begin_travel_day": {"pace": pace}}), &[]);
}

fn declare(t: &mut T, creature: &str, task: &str) {
    t.referee_rules(
        json!({"declare_role": {"creature": creature, "task": task}}),
        &[],
    );
}

/// One day with one role: `creature` (whose tested characteristic is `stat`) does `task` and
/// reaches `tier`; `extra` are the dice after the test (rations).
fn one_task(
    t: &mut T,
    creature: &str,
    task: &str,
    stat: i64,
    tier: u8,
    extra: &[i64],
) -> Vec<Value> {
    begin(t, "normal");
    declare(t, creature, task);
    let mut dice = faces(stat, tier).to_vec();
    dice.extend(extra);
    let ev = t.referee_rules(json!({"travel_role_tests": {}}), &dice);
    all_rules_events(&ev)
}

/// Answers a decision with these dice for what it sets off.
fn answer_with(t: &mut T, actor: &Actor, id: &str, option: &str, dice: &[i64]) -> Vec<Envelope> {
    let a = json!({"answer": {"decision": id, "option": option}});
    t.run(actor, a, dice).unwrap()
}

/// No `crows.travel.*` decision is open (core's tier-outcome questions may be).
fn no_travel_decision(t: &T) -> bool {
    t.table
        .core()
        .decisions
        .iter()
        .all(|d| !d.kind.starts_with("crows.travel."))
}

fn answer_choice(t: &mut T, option: &str) {
    let d = t.decision("crows.travel.choice");
    t.answer(&referee(), &d.id, option, None).unwrap();
}

/// (hexes, travel threshold, rest threshold) as the players see them (and the Referee too).
fn numbers(t: &T) -> (i64, i64, i64) {
    let d = player_day(t);
    let r = t.table.view(&Viewer::Referee)["rules"]["travel"]["day"].clone();
    for key in ["hexes", "travel_threshold", "rest_threshold"] {
        assert_eq!(
            d[key], r[key],
            "{key}: the Referee's view has the same total"
        );
    }
    (
        d["hexes"].as_i64().unwrap(),
        d["travel_threshold"].as_i64().unwrap(),
        d["rest_threshold"].as_i64().unwrap(),
    )
}

#[test]
// Covers CR-TRAVEL-01, CR-ERR-55, CR-MIASMA-01.
fn cr_travel_01_referee_draws_the_hex_map_and_players_see_the_shown_part() {
    let mut t = party();
    t.referee_rules(
        json!({"set_hexes": {"hexes": [
            {"q": 0, "r": 0, "terrain": "forest", "road": true},
            {"q": 0, "r": -1, "terrain": "mountains", "river": true},
            {"q": 5, "r": 5, "terrain": "swamp", "shown": false},
            {"q": 1, "r": 0, "terrain": "crypt", "in_miasma": false}
        ]}}),
        &[],
    );
    let map = &travel(&t)["map"]["hexes"];
    assert_eq!(map.as_array().unwrap().len(), 4);
    let forest = map
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["hex"] == json!({"q": 0, "r": 0}))
        .unwrap();
    assert_eq!(forest["info"]["terrain"], "forest");
    assert_eq!(forest["info"]["road"], true);
    assert_eq!(
        forest["info"]["in_miasma"], true,
        "open ground is in the Miasma"
    );
    let crypt = map
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["hex"] == json!({"q": 1, "r": 0}))
        .unwrap();
    assert_eq!(crypt["info"]["in_miasma"], false);
    // The players' map leaves out the hidden hex, in the view and in the log.
    let view = t.table.view(&alice());
    let pm = view["rules"]["travel"]["map"].as_array().unwrap().clone();
    assert_eq!(pm.len(), 3);
    assert!(!view.to_string().contains("swamp"));
    let log = project_log(&t.log, &alice());
    assert!(!serde_json::to_string(&log).unwrap().contains("swamp"));
    // A hex needs a terrain (it decides which encounters happen there).
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"set_hexes": {"hexes": [{"q": 2, "r": 2, "terrain": " "}]}}),
        &[],
    );
    assert_eq!(rule, "CR-TRAVEL-01");
    // Players cannot draw the map.
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"set_hexes": {"hexes": [{"q": 2, "r": 2, "terrain": "x"}]}}}),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    // Flat-topped hexes: the northern neighbour of (0, 0) is (0, −1).
    t.referee_rules(json!({"set_party": {"members": ["vera", "bram"]}}), &[]);
    t.referee_rules(json!({"place_party": {"q": 0, "r": 0}}), &[]);
    begin(&mut t, "normal");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[]);
    assert_eq!(travel(&t)["position"]["true_hex"], json!({"q": 0, "r": -1}));
    // Removing a hidden hex tells the players nothing.
    t.referee_rules(json!({"remove_hexes": {"hexes": [{"q": 5, "r": 5}]}}), &[]);
    assert_eq!(travel(&t)["map"]["hexes"].as_array().unwrap().len(), 3);
    t.assert_replays();
}

#[test]
// Covers CR-TRAVEL-02, CR-ERR-16, CR-ROLE-01.
fn cr_travel_02_the_day_runs_its_steps_in_order() {
    let mut t = setup();
    hireling(&mut t, "hugo", 0);
    hireling(&mut t, "tess", 0);
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "hugo", "tess"]}}),
        &[],
    );
    // Step 1: pace.
    begin(&mut t, "normal");
    assert_eq!(travel(&t)["day"]["step"], "roles");
    // Step 2: roles, declared in any order, tested supporters → guide → scouts → trackers.
    declare(&mut t, "tess", "forage");
    t.ok(
        &player("alice"),
        json!({"rules": {"declare_role": {"creature": "vera", "task": "scout_for_danger"}}}),
        &[],
    );
    t.ok(
        &player("bob"),
        json!({"rules": {"declare_role": {"creature": "bram", "task": "normal_route"}}}),
        &[],
    );
    declare(&mut t, "hugo", "make_camp");
    // Alice may not declare Bram's role.
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"declare_role": {"creature": "bram", "task": "safe_route"}}}),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    // Step 3 comes after the role tests (CR-ROAD-01).
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_encounter_check": {}}),
        &[5],
    );
    assert_eq!(rule, "CR-ROAD-01");
    let mut ev = t.referee_rules(json!({"travel_role_tests": {}}), &[3, 3, 3, 3]);
    // Normal Route tier 1: Bram chooses one of the two setbacks; the day waits for him.
    assert_eq!(travel(&t)["day"]["step"], "roles");
    let d = t.decision("crows.travel.choice");
    assert_eq!(d.answerer, engine::Answerer::Controller("bram".into()));
    // The two options' facts as arguments, for screens that word them in their language.
    assert_eq!(d.args["choice"], "hex_or_travel_threshold");
    assert_eq!(
        (&d.args["first"], &d.args["second"]),
        (&json!("-1"), &json!("-1"))
    );
    ev.extend(answer_with(
        &mut t,
        &player("bob"),
        &d.id,
        "second",
        &[3, 3, 3, 3],
    ));
    let ev = all_rules_events(&ev);
    let order: Vec<&str> = named(&ev, "test_resolved")
        .iter()
        .map(|e| e["creature"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["hugo", "bram", "vera", "tess"]);
    assert_eq!(travel(&t)["day"]["step"], "encounter_check");
    assert_eq!(numbers(&t), (2, 6, 7));
    // Step 3: the encounter check.
    t.referee_rules(json!({"travel_encounter_check": {}}), &[2]);
    // Moving is part of the day's travel.
    t.referee_rules(json!({"travel_move": {"toward": "south"}}), &[]);
    // Step 5: rest in the open, with its own encounter check; step 6: the Miasma roll.
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    assert_eq!(travel(&t)["day"]["step"], "rest");
    let rule = refused_rule(&mut t, &referee(), json!({"end_travel_day": {}}), &[]);
    assert_eq!(rule, "CR-TRAVEL-02");
    t.referee_rules(json!({"travel_rest_end": {}}), &[6, 7, 6, 7, 6, 7, 6, 7]);
    // Vera (Mind 0) and Bram (Mind 2), Hugo and Tess: the humans rolled, tier 2 all.
    assert!(travel(&t)["round"].is_null());
    assert_eq!(travel(&t)["day"]["step"], "next_day");
    // Step 7: the next day.
    end_day(&mut t);
    assert!(travel(&t)["day"].is_null());
    assert_eq!(t.table.core().clock.game_minutes, 24 * 60);
    begin(&mut t, "slow");
    assert_eq!(travel(&t)["day"]["number"], 2);
    t.assert_replays();
}

#[test]
// Covers CR-TRAVEL-03, CR-ROLE-15.
fn cr_travel_03_pace_sets_hexes_thresholds_and_role_test_edge() {
    for (pace, hexes, threshold, effect) in [
        ("slow", 1, 8, Some("edge")),
        ("normal", 2, 7, None),
        ("fast", 3, 6, Some("bane")),
    ] {
        let mut t = setup();
        begin(&mut t, pace);
        declare(&mut t, "bram", "scout_for_shelter");
        // Natural 4: tier 1 whatever the pace, so only the pace shows in the numbers.
        let ev = t.referee_rules(json!({"travel_role_tests": {}}), &[2, 2]);
        let ev = all_rules_events(&ev);
        let rolled = named(&ev, "test_rolled")[0];
        let mods = rolled["rolled"]["spec"]["modifiers"].as_array().unwrap();
        match effect {
            Some(e) => {
                assert_eq!(mods.len(), 1, "{pace}");
                assert_eq!(mods[0]["effect"]["type"], e);
                assert_eq!(mods[0]["source"]["kind"], "travel");
                assert_eq!(mods[0]["source"]["rule"], "CR-TRAVEL-03");
            }
            None => assert!(mods.is_empty(), "{pace}"),
        }
        assert_eq!(numbers(&t), (hexes, threshold, threshold), "{pace}");
    }
}

#[test]
// Covers CR-TRAVEL-04, CR-PET-04.
fn cr_travel_04_slowest_speed_with_mounts() {
    let mut t = setup();
    t.referee_rules(
        json!({"create_creature": {"id": "horse", "kind": "animal", "size": "large",
            "characteristics": {"agility": 1, "mind": -3, "strength": 3}, "stamina": 10,
            "speed": {"walk": 10}}}),
        &[],
    );
    // Both ride: the horse's 10 counts for them… but only Vera rides; Bram walks at 6.
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "horse"], "mounts": {"vera": "horse"}}}),
        &[],
    );
    begin(&mut t, "normal");
    assert_eq!(travel(&t)["day"]["tally"]["slowest_speed"], 6);
    end_day(&mut t);
    // With Bram left behind, the slowest mover is the horse (Vera counts its speed): +2.
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "horse"], "mounts": {"vera": "horse"}}}),
        &[],
    );
    begin(&mut t, "normal");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    assert_eq!(numbers(&t).0, 4);
    end_day(&mut t);
    // Every band: ≤3 −1, 4–6 0, 7–9 +1, 10+ +2.
    for (walk, hexes) in [(3, 1), (4, 2), (6, 2), (7, 3), (9, 3), (10, 4)] {
        t.referee_rules(
            json!({"edit_creature": {"id": "horse", "speed": {"walk": walk}}}),
            &[],
        );
        begin(&mut t, "normal");
        t.referee_rules(json!({"travel_role_tests": {}}), &[]);
        assert_eq!(numbers(&t).0, hexes, "speed {walk}");
        end_day(&mut t);
    }
    // A rider's mount must travel with the party.
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"set_party": {"members": ["vera"], "mounts": {"vera": "horse"}}}),
        &[],
    );
    assert_eq!(rule, "CR-TRAVEL-04");
}

#[test]
// Covers CR-PET-04.
fn cr_pet_04_a_mount_must_be_a_size_larger_than_its_rider() {
    let mut t = setup();
    t.referee_rules(
        json!({"create_creature": {"id": "dog", "kind": "animal", "size": "medium",
            "characteristics": {"agility": 1, "mind": -3, "strength": 1}, "stamina": 6,
            "speed": {"walk": 10}}}),
        &[],
    );
    // A Medium crow on a Medium dog: refused, nothing changes.
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"set_party": {"members": ["vera", "dog"], "mounts": {"vera": "dog"}}}),
        &[],
    );
    assert_eq!(rule, "CR-PET-04");
    // One size larger is enough.
    t.referee_rules(
        json!({"edit_creature": {"id": "dog", "size": "large"}}),
        &[],
    );
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "dog"], "mounts": {"vera": "dog"}}}),
        &[],
    );
    assert_eq!(travel(&t)["party"]["mounts"]["vera"], "dog");
}

#[test]
// Covers CR-TRAVEL-05, CR-ERR-56.
fn cr_travel_05_roads_and_rivers() {
    let mut t = setup();
    for (route, expect) in [
        (json!({"road_all_day": true}), (3, 6, 6)),
        (json!({"crosses_water_without_vehicle": true}), (1, 7, 7)),
        (json!({"upstream": true}), (1, 7, 7)),
        (json!({"downstream": true}), (3, 7, 7)),
        (
            json!({"crosses_water_without_vehicle": true, "upstream": true}),
            (1, 7, 7),
        ),
    ] {
        let mut cmd = route.clone();
        cmd["pace"] = json!("normal");
        t.referee_rules(json!({ "begin_travel_day": cmd }), &[]);
        t.referee_rules(json!({"travel_role_tests": {}}), &[]);
        assert_eq!(numbers(&t), expect, "{route}");
        end_day(&mut t);
    }
    // Never below 0 hexes (CR-ERR-56): slow, speed 3, crossing water.
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "speed": {"walk": 3}}}),
        &[],
    );
    t.referee_rules(
        json!({"begin_travel_day": {"pace": "slow", "crosses_water_without_vehicle": true}}),
        &[],
    );
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    assert_eq!(numbers(&t).0, 0);
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_move": {"toward": "north"}}),
        &[],
    );
    assert_eq!(rule, "CR-TRAVEL-07");
}

#[test]
// Covers CR-TRAVEL-06, CR-ROAD-01, CR-ENC-07, CR-ERR-47.
fn cr_travel_06_two_thresholds_apart_and_capped() {
    let mut t = setup();
    hireling(&mut t, "hugo", 2);
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "hugo"]}}),
        &[],
    );
    // Slow (8) + Safe Route tier 3 (+2) + Scout for Danger tier 3 (+2) = 12 → 10;
    // Scout for Shelter is not there: the rest threshold stays 8.
    begin(&mut t, "slow");
    declare(&mut t, "bram", "safe_route");
    declare(&mut t, "hugo", "scout_for_danger");
    // Hugo scouts with Agility 0; the slow pace's edge adds 2 to every role test.
    t.referee_rules(json!({"travel_role_tests": {}}), &[8, 8, 8, 8]);
    assert_eq!(numbers(&t), (1, 10, 8));
    // A 10 always meets something, even at the cap.
    let ev = t.referee_rules(json!({"travel_encounter_check": {}}), &[10]);
    let ev = all_rules_events(&ev);
    let check = named(&ev, "road_checked")[0];
    assert_eq!(check["threshold"], 10);
    assert_eq!(check["encounter"], true);
    t.decision("crows.travel.encounter");
}

#[test]
// Covers CR-TRAVEL-07, CR-ROLE-08.
fn cr_travel_07_worked_example_through_the_engine() {
    let mut t = setup();
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "speed": {"walk": 8}}}),
        &[],
    );
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "speed": {"walk": 8}}}),
        &[],
    );
    t.referee_rules(
        json!({"begin_travel_day": {"pace": "normal", "road_all_day": true}}),
        &[],
    );
    declare(&mut t, "bram", "shortcut");
    t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, 3));
    assert_eq!(numbers(&t), (6, 6, 6));
    for _ in 0..6 {
        t.referee_rules(json!({"travel_move": {"toward": "south_east"}}), &[]);
    }
    assert_eq!(travel(&t)["position"]["true_hex"], json!({"q": 6, "r": 0}));
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_move": {"toward": "south_east"}}),
        &[],
    );
    assert_eq!(rule, "CR-TRAVEL-07");
}

#[test]
// Covers CR-ROLE-01, CR-ERR-57.
fn cr_role_01_role_capacities_and_one_role_per_creature() {
    let mut t = setup();
    for h in ["h1", "h2", "h3", "h4"] {
        hireling(&mut t, h, 0);
    }
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "h1", "h2", "h3", "h4"]}}),
        &[],
    );
    begin(&mut t, "normal");
    declare(&mut t, "bram", "normal_route");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "vera", "task": "safe_route"}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-01", "one guide");
    declare(&mut t, "h1", "scout_for_danger");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "h2", "task": "scout_for_danger"}}),
        &[],
    );
    assert_eq!(rule, "CR-ERR-57", "different tasks in one role");
    declare(&mut t, "h2", "scout_for_shelter");
    declare(&mut t, "h3", "treasure_hunt");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "h4", "task": "scout_for_shelter"}}),
        &[],
    );
    assert!(rule == "CR-ROLE-01" || rule == "CR-ERR-57", "{rule}");
    // The Referee may allow repeated tasks (CR-ERR-57 is a setting); three is still the cap.
    end_day(&mut t);
    t.referee_rules(json!({"travel_options": {"distinct_tasks": false}}), &[]);
    begin(&mut t, "normal");
    for h in ["h1", "h2", "h3"] {
        declare(&mut t, h, "forage");
    }
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "h4", "task": "hunt"}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-01", "three trackers at most");
    // One role per creature: declaring again replaces the earlier role.
    declare(&mut t, "h1", "make_camp");
    let roles = travel(&t)["day"]["roles"].as_array().unwrap().clone();
    assert_eq!(roles.iter().filter(|r| r["creature"] == "h1").count(), 1);
    // A creature outside the party holds no role.
    t.referee_rules(
        json!({"create_creature": {"id": "stranger", "kind": "hireling",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 4}}),
        &[],
    );
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "stranger", "task": "hunt"}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-01");
}

#[test]
// Covers CR-ROLE-02, CR-ASSIST-01.
fn cr_role_02_empty_roles_and_assisting_a_role_holder() {
    // No roles: the pace alone sets the day, nothing is rolled.
    let mut t = setup();
    begin(&mut t, "fast");
    let ev = t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    assert_eq!(rolled_count(&ev), 0);
    assert_eq!(numbers(&t), (3, 6, 6));
    let p = &travel(&t)["position"];
    assert_eq!(p["lost"], false, "no guide: no risk of getting lost");
    end_day(&mut t);
    // Bram assists Vera instead of holding a role: his assist is rolled right before her test
    // and its +2 (tier 3) is in her test.
    begin(&mut t, "normal");
    declare(&mut t, "vera", "scout_for_shelter");
    t.ok(
        &player("bob"),
        json!({"rules": {"travel_assist": {"helper": "bram", "holder": "vera",
            "characteristic": "mind"}}}),
        &[],
    );
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "bram", "task": "normal_route"}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-02");
    let ev = t.referee_rules(json!({"travel_role_tests": {}}), &[8, 7, 6, 6]);
    let ev = all_rules_events(&ev);
    let tests = named(&ev, "test_resolved");
    assert_eq!(tests[0]["creature"], "bram");
    assert_eq!(tests[1]["creature"], "vera");
    // Vera: 12 + Mind 0 + assist +2 = 14, tier 2 → rest threshold +1.
    assert_eq!(tests[1]["resolved"]["final_tier"], 2);
    assert_eq!(numbers(&t), (2, 7, 8));
    // Assisting someone without a role is refused.
    end_day(&mut t);
    begin(&mut t, "normal");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_assist": {"helper": "bram", "holder": "vera", "characteristic": "mind"}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-02");
}

#[test]
// Covers CR-ROLE-03, CR-MIASMA-09.
fn cr_role_03_fight_the_miasma_every_row() {
    for (tier, edge) in [(1, None), (2, Some("edge")), (3, Some("double_edge"))] {
        let mut t = setup();
        t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
        t.referee_rules(
            json!({"declare_role": {"creature": "bram", "task": "fight_the_miasma",
                "picks": ["bram", "vera"]}}),
            &[],
        );
        t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, tier));
        let edges = &travel(&t)["day"]["miasma_edges"];
        match edge {
            None => assert_eq!(edges, &json!({}), "tier 1 gives nothing"),
            Some(e) => {
                assert_eq!(edges["vera"], e);
                assert_eq!(edges["bram"], e);
            }
        }
        // Tonight's Miasma roll carries the edge.
        t.referee_rules(json!({"travel_rest": {}}), &[1]);
        let ev = t.referee_rules(json!({"travel_rest_end": {}}), &[6, 7, 6, 7]);
        let ev = all_rules_events(&ev);
        let vera = named(&ev, "test_rolled")
            .into_iter()
            .find(|r| r["creature"] == "vera")
            .unwrap()
            .clone();
        let mods = vera["rolled"]["spec"]["modifiers"]
            .as_array()
            .unwrap()
            .clone();
        match edge {
            None => assert!(mods.is_empty()),
            Some(e) => {
                assert_eq!(mods[0]["effect"]["type"], e);
                assert_eq!(mods[0]["source"]["rule"], "CR-ROLE-03");
            }
        }
    }
    // At most four picks.
    let mut t = setup();
    for h in ["h1", "h2", "h3"] {
        hireling(&mut t, h, 0);
    }
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "h1", "h2", "h3"]}}),
        &[],
    );
    begin(&mut t, "normal");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "bram", "task": "fight_the_miasma",
            "picks": ["bram", "vera", "h1", "h2", "h3"]}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-03");
}

#[test]
// Covers CR-ROLE-04, CR-CRAFT-14.
fn cr_role_04_make_camp_every_row_and_its_choice() {
    // Vera makes camp with Strength 2.
    let mut t = setup();
    one_task(&mut t, "vera", "make_camp", 2, 1, &[]);
    assert!(no_travel_decision(&t));
    assert_eq!(numbers(&t), (2, 7, 7));
    for (tier, option, expect, crafting) in [
        (2, "first", (2, 7, 8), 0),
        (2, "second", (2, 7, 7), 2),
        (3, "first", (2, 7, 9), 0),
        (3, "second", (2, 7, 7), 4),
    ] {
        let mut t = setup();
        one_task(&mut t, "vera", "make_camp", 2, tier, &[]);
        assert_eq!(travel(&t)["day"]["step"], "roles", "waits for the choice");
        t.answer(
            &player("alice"),
            &t.decision("crows.travel.choice").id,
            option,
            None,
        )
        .unwrap();
        assert_eq!(numbers(&t), expect, "tier {tier} {option}");
        assert_eq!(player_day(&t)["crafting_bonus"], crafting);
    }
}

#[test]
fn cr_role_05_support_everyone_every_row() {
    for (tier, bonus) in [(1, -1), (2, 1), (3, 2)] {
        let mut t = setup();
        hireling(&mut t, "hugo", 0);
        t.referee_rules(
            json!({"set_party": {"members": ["vera", "bram", "hugo"]}}),
            &[],
        );
        begin(&mut t, "normal");
        declare(&mut t, "bram", "scout_for_shelter");
        t.referee_rules(
            json!({"declare_role": {"creature": "hugo", "task": "support_everyone",
                "characteristic": "strength", "picks": ["bram"]}}),
            &[],
        );
        // Hugo (Strength 0) first, then Bram's test with the bonus.
        let mut dice = faces(0, tier).to_vec();
        dice.extend([5, 5]);
        let ev = t.referee_rules(json!({"travel_role_tests": {}}), &dice);
        let ev = all_rules_events(&ev);
        let bram = named(&ev, "test_rolled")
            .into_iter()
            .find(|r| r["creature"] == "bram")
            .unwrap()
            .clone();
        let mods = bram["rolled"]["spec"]["modifiers"]
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(mods.len(), 1);
        assert_eq!(mods[0]["effect"], json!({"type": "bonus", "value": bonus}));
        assert_eq!(mods[0]["source"]["rule"], "CR-ROLE-05");
        assert_eq!(travel(&t)["day"]["support"]["bram"], bonus);
    }
    // Picks must hold roles today.
    let mut t = setup();
    begin(&mut t, "normal");
    t.referee_rules(
        json!({"declare_role": {"creature": "bram", "task": "support_everyone",
            "picks": ["vera"]}}),
        &[],
    );
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_role_tests": {}}),
        &[5, 5],
    );
    assert_eq!(rule, "CR-ROLE-05");
}

#[test]
// Covers CR-ROLE-06, CR-LOST-01.
fn cr_role_06_normal_route_every_row_and_never_lost() {
    for (tier, option, expect) in [
        (1, "first", (1, 7, 7)),
        (1, "second", (2, 6, 7)),
        (3, "first", (3, 7, 7)),
        (3, "second", (2, 8, 7)),
    ] {
        let mut t = setup();
        one_task(&mut t, "bram", "normal_route", 2, tier, &[]);
        answer_choice(&mut t, option);
        assert_eq!(numbers(&t), expect, "tier {tier} {option}");
        assert_eq!(travel(&t)["position"]["lost"], false);
    }
    let mut t = setup();
    one_task(&mut t, "bram", "normal_route", 2, 2, &[]);
    assert!(no_travel_decision(&t));
    assert_eq!(numbers(&t), (2, 7, 7));
}

#[test]
fn cr_role_07_safe_route_every_row() {
    let mut t = setup();
    one_task(&mut t, "bram", "safe_route", 2, 1, &[]);
    assert_eq!(travel(&t)["position"]["lost"], true);
    assert_eq!(numbers(&t), (2, 7, 7));
    let mut t = setup();
    one_task(&mut t, "bram", "safe_route", 2, 2, &[]);
    assert_eq!(numbers(&t), (1, 8, 7));
    let mut t = setup();
    one_task(&mut t, "bram", "safe_route", 2, 3, &[]);
    assert_eq!(numbers(&t), (2, 9, 7));
    assert_eq!(travel(&t)["position"]["lost"], false);
}

#[test]
fn cr_role_08_shortcut_every_row() {
    let mut t = setup();
    one_task(&mut t, "bram", "shortcut", 2, 1, &[]);
    assert_eq!(travel(&t)["position"]["lost"], true);
    let mut t = setup();
    one_task(&mut t, "bram", "shortcut", 2, 2, &[]);
    assert_eq!(numbers(&t), (3, 6, 7));
    let mut t = setup();
    one_task(&mut t, "bram", "shortcut", 2, 3, &[]);
    assert_eq!(numbers(&t), (4, 7, 7));
}

#[test]
fn cr_role_09_scout_for_danger_every_row() {
    for (tier, travel_en) in [(1, 7), (2, 8), (3, 9)] {
        let mut t = setup();
        // Bram scouts with Mind 2 (the task allows Agility or Mind).
        begin(&mut t, "normal");
        t.referee_rules(
            json!({"declare_role": {"creature": "bram", "task": "scout_for_danger",
                "characteristic": "mind"}}),
            &[],
        );
        t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, tier));
        assert_eq!(numbers(&t), (2, travel_en, 7));
    }
    let mut t = setup();
    begin(&mut t, "normal");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "bram", "task": "scout_for_danger",
            "characteristic": "strength"}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-09");
}

#[test]
fn cr_role_10_scout_for_shelter_every_row() {
    for (tier, rest_en) in [(1, 7), (2, 8), (3, 9)] {
        let mut t = setup();
        one_task(&mut t, "bram", "scout_for_shelter", 2, tier, &[]);
        assert_eq!(numbers(&t), (2, 7, rest_en));
    }
}

#[test]
fn cr_role_11_treasure_hunt_every_row() {
    let mut t = setup();
    one_task(&mut t, "vera", "treasure_hunt", 2, 1, &[]);
    assert!(no_travel_decision(&t));
    for (tier, finds) in [(2, "minor"), (3, "major")] {
        let mut t = setup();
        one_task(&mut t, "vera", "treasure_hunt", 2, tier, &[]);
        let d = t.decision("crows.travel.finds");
        assert_eq!(d.answerer, engine::Answerer::Referee);
        assert_eq!(d.context["finds"], finds);
        assert!(d.free_text);
        t.answer(&referee(), &d.id, "noted", Some("a silver locket"))
            .unwrap();
        let rewards = &travel(&t)["day"]["rewards"];
        assert_eq!(rewards[0]["effect"]["referee_rolls_finds"], finds);
    }
}

#[test]
// Covers CR-EXT-03, CR-REF-37: with the interesting-finds tables entered as pack tables
// (`finds-minor`, `finds-major`), the Treasure Hunt's find is rolled for the Referee, who
// tells the players; without them the Referee rolls by hand (above).
fn cr_ext_03_treasure_hunt_rolls_the_loaded_finds_table() {
    let pack = json!({"format": "delve-crows-pack", "version": 1,
        "pack": {"id": "finds", "name": "Finds", "sample": true},
        "tables": [
            {"id": "finds-major", "name": "Major finds", "sample": true, "die": "1d6",
             "rows": [{"roll": "1-3", "result": "a gilded reliquary"},
                      {"roll": "4-6", "result": "a sealed map case"}]}]});
    let mut t = setup();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "finds.json", "text": pack.to_string()}]}}),
        &[],
    );
    let ev = one_task(&mut t, "vera", "treasure_hunt", 2, 3, &[2]);
    let rolled = ev
        .iter()
        .find(|e| e.get("finds_rolled").is_some())
        .map(|e| e["finds_rolled"].clone())
        .expect("the find is rolled");
    assert_eq!(rolled["table"], "finds-major");
    assert_eq!(rolled["roll"], 2);
    assert_eq!(rolled["result"], "a gilded reliquary");
    let d = t.decision("crows.travel.finds");
    assert_eq!(d.args["roll"], 2);
    assert_eq!(d.args["result"], "a gilded reliquary");
    assert!(d.prompt.contains("a gilded reliquary"), "{}", d.prompt);
    // The roll and the find are the Referee's until told: a player sees neither.
    let seen = t.table.view(&Viewer::Player("alice".into())).to_string();
    assert!(!seen.contains("reliquary"), "{seen}");
    // The minor table is not loaded: rolled by hand.
    let mut t = setup();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "finds.json", "text": pack.to_string()}]}}),
        &[],
    );
    one_task(&mut t, "vera", "treasure_hunt", 2, 2, &[]);
    assert_eq!(t.decision("crows.travel.finds").args["roll"], "none");
    t.assert_replays();
}

#[test]
// Covers CR-ROLE-12, CR-ERR-17.
fn cr_role_12_forage_every_row() {
    let mut t = setup();
    one_task(&mut t, "bram", "forage", 2, 1, &[]);
    assert_eq!(travel(&t)["day"]["rewards"], json!([]));
    let mut t = setup();
    one_task(&mut t, "bram", "forage", 2, 2, &[]);
    assert_eq!(travel(&t)["day"]["rewards"][0]["rations"], 1);
    let mut t = setup();
    let ev = one_task(&mut t, "bram", "forage", 2, 3, &[4]);
    assert_eq!(travel(&t)["day"]["rewards"][0]["rations"], 5, "1d6 + 1");
    assert!(!named(&ev, "rewarded").is_empty());
}

#[test]
fn cr_role_13_hunt_every_row() {
    // Vera hunts with Agility 1.
    let mut t = setup();
    one_task(&mut t, "vera", "hunt", 1, 1, &[]);
    assert_eq!(numbers(&t), (2, 6, 7));
    let mut t = setup();
    one_task(&mut t, "vera", "hunt", 1, 2, &[]);
    assert_eq!(numbers(&t), (2, 7, 7));
    assert_eq!(travel(&t)["day"]["rewards"], json!([]));
    let mut t = setup();
    one_task(&mut t, "vera", "hunt", 1, 3, &[2, 3, 4]);
    let rewards = travel(&t)["day"]["rewards"].clone();
    assert_eq!(rewards[0]["rations"], 9, "3d6");
    assert_eq!(rewards[1]["effect"], "large_animal_hide");
}

#[test]
fn cr_role_14_track_specific_creature_every_row() {
    // The Referee must agree the quarry could be on the route.
    let mut t = setup();
    begin(&mut t, "normal");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "bram", "task": "track_creature"}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-14");
    t.referee_rules(
        json!({"declare_role": {"creature": "bram", "task": "track_creature",
            "quarry": "the white stag"}}),
        &[],
    );
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_role_tests": {}}),
        &[5, 5],
    );
    assert_eq!(rule, "CR-ROLE-14");
    let d = t.decision("crows.travel.track_allowed");
    t.answer(&referee(), &d.id, "refuse", None).unwrap();
    assert_eq!(
        travel(&t)["day"]["roles"],
        json!([]),
        "no: choose another task"
    );
    for (tier, travel_en, meet) in [(1, 6, false), (2, 7, false), (3, 7, true)] {
        let mut t = setup();
        begin(&mut t, "normal");
        t.referee_rules(
            json!({"declare_role": {"creature": "bram", "task": "track_creature",
                "quarry": "the white stag"}}),
            &[],
        );
        let d = t.decision("crows.travel.track_allowed");
        t.answer(&referee(), &d.id, "allow", None).unwrap();
        t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, tier));
        assert_eq!(numbers(&t), (2, travel_en, 7));
        let open = t
            .table
            .core()
            .decisions
            .iter()
            .any(|d| d.kind == "crows.travel.meet_creature");
        assert_eq!(open, meet, "tier {tier}");
    }
}

#[test]
fn cr_role_15_fast_pace_bane_on_role_tests() {
    let mut t = setup();
    begin(&mut t, "fast");
    declare(&mut t, "bram", "scout_for_shelter");
    // Mind 2 + 12 − 2 (bane) = 12: tier 2.
    let ev = t.referee_rules(json!({"travel_role_tests": {}}), &[6, 6]);
    let ev = all_rules_events(&ev);
    assert_eq!(named(&ev, "test_resolved")[0]["resolved"]["final_tier"], 2);
    assert_eq!(numbers(&t), (3, 6, 7));
}

/// A day that gets the party lost (Shortcut tier 1), at the start of a distinctive map.
fn lost_party() -> T {
    let mut t = party();
    // The map is the column the party believes it walks (so the true hexes it drifts into
    // appear nowhere a player could read them).
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
// Covers CR-LOST-01, CR-LOST-02, CR-DICE-04.
fn cr_lost_01_02_players_never_see_the_true_hex_while_lost() {
    let mut t = lost_party();
    assert_eq!(travel(&t)["position"]["lost"], true);
    // Two hexes north; the secret d6 shows 3 each time: the party drifts south-east.
    let ev = t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[3]);
    assert_eq!(rolled_count(&ev), 1);
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[3]);
    let p = travel(&t)["position"].clone();
    assert_eq!(p["true_hex"], json!({"q": 42, "r": -17}));
    assert_eq!(p["believed_hex"], json!({"q": 40, "r": -19}));
    // The Referee sees where they are.
    let rv = t.table.view(&Viewer::Referee);
    assert_eq!(
        rv["rules"]["travel"]["position"]["true_hex"],
        json!({"q": 42, "r": -17})
    );
    let secret = ["\"q\":41,\"r\":-17", "\"q\":42,\"r\":-17"];
    for viewer in [
        alice(),
        Viewer::Player("bob".into()),
        Viewer::Spectator("sam".into()),
    ] {
        // Their log (events and masked events)…
        let log = project_log(&t.log, &viewer);
        for e in &log {
            let s = serde_json::to_string(e).unwrap();
            for x in secret {
                assert!(!s.contains(x), "{viewer:?} sees {x} in {s}");
            }
        }
        // …their view, and so their export (the log plus the view).
        let view = t.table.view(&viewer).to_string();
        for x in secret {
            assert!(!view.contains(x), "{viewer:?} sees {x} in the view");
        }
        assert!(
            view.contains("\"q\":40,\"r\":-19"),
            "the believed hex is shown"
        );
        // The drift die is a secret roll: players see that it was rolled, not its face.
        assert!(
            log.iter()
                .any(|e| serde_json::to_string(e).unwrap().contains("secret_roll"))
        );
        let drift_faces = log
            .iter()
            .any(|e| matches!(&e.body, EventBody::Rolled { label, .. } if label.contains("drift")));
        assert!(!drift_faces);
    }
    // The day's number of hexes is unchanged by drifting (2 at normal pace).
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_move": {"toward": "north"}}),
        &[3],
    );
    assert_eq!(rule, "CR-TRAVEL-07");
    t.assert_replays();
}

#[test]
fn cr_lost_02_every_drift_face() {
    for (d6, true_hex) in [
        (1, (40, -18)),
        (2, (41, -18)),
        (3, (41, -17)),
        (4, (40, -16)),
        (5, (39, -16)),
        (6, (39, -17)),
    ] {
        let mut t = lost_party();
        t.referee_rules(json!({"travel_move": {"toward": "south"}}), &[d6]);
        let p = travel(&t)["position"].clone();
        assert_eq!(
            p["true_hex"],
            json!({"q": true_hex.0, "r": true_hex.1}),
            "d6 {d6}"
        );
        assert_eq!(p["believed_hex"], json!({"q": 40, "r": -16}));
    }
}

#[test]
// Covers CR-LOST-03, CR-ERR-58.
fn cr_lost_03_back_on_track_every_row() {
    for tier in [1u8, 2, 3] {
        let mut t = lost_party();
        end_day(&mut t);
        begin(&mut t, "normal");
        // While lost the guide's route tasks give way to Back on Track.
        let rule = refused_rule(
            &mut t,
            &referee(),
            json!({"declare_role": {"creature": "bram", "task": "normal_route"}}),
            &[],
        );
        assert_eq!(rule, "CR-ERR-58");
        declare(&mut t, "bram", "back_on_track");
        t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, tier));
        let lost = travel(&t)["position"]["lost"].as_bool().unwrap();
        assert_eq!(lost, tier == 1, "tier {tier}");
        if tier == 3 {
            answer_choice(&mut t, "first");
            assert_eq!(numbers(&t), (3, 7, 7));
        }
        if tier >= 2 {
            // Found: the players now see where they are.
            let v = t.table.view(&alice());
            assert_eq!(v["rules"]["travel"]["position"]["lost"], false);
        }
    }
    // Not lost: no Back on Track.
    let mut t = setup();
    begin(&mut t, "normal");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"declare_role": {"creature": "bram", "task": "back_on_track"}}),
        &[],
    );
    assert_eq!(rule, "CR-LOST-03");
}

#[test]
fn cr_lost_04_referee_ends_being_lost_by_map_landmark_or_directions() {
    for how in ["map", "landmark", "directions"] {
        let mut t = lost_party();
        t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[2]);
        let ev = t.referee_rules(json!({"travel_found": {"how": how}}), &[]);
        assert_eq!(ev[0].visibility, engine::Visibility::Public);
        let v = t.table.view(&alice());
        assert_eq!(v["rules"]["travel"]["position"]["lost"], false);
        assert_eq!(
            v["rules"]["travel"]["position"]["believed_hex"],
            json!({"q": 41, "r": -18})
        );
        let rule = refused_rule(
            &mut t,
            &referee(),
            json!({"travel_found": {"how": how}}),
            &[],
        );
        assert_eq!(rule, "CR-LOST-04");
    }
    // Only the Referee says so.
    let mut t = lost_party();
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"travel_found": {"how": "map"}}}),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
}

#[test]
// Covers CR-ROAD-01, CR-ENC-02.
fn cr_road_01_encounter_check_after_roles_at_the_travel_threshold() {
    for (d10, encounter) in [(6, false), (7, true)] {
        let mut t = setup();
        begin(&mut t, "normal");
        t.referee_rules(json!({"travel_role_tests": {}}), &[]);
        let ev = t.referee_rules(json!({"travel_encounter_check": {}}), &[d10]);
        let ev = all_rules_events(&ev);
        let c = named(&ev, "road_checked")[0];
        assert_eq!(c["threshold"], 7);
        assert_eq!(c["encounter"], encounter);
        assert_eq!(c["during_rest"], false);
    }
}

const ENCOUNTERS: &str = r#"{"format": "delve-crows-pack", "version": 1,
    "pack": {"id": "enc", "name": "Encounters"},
    "tables": [{"id": "encounters-plains", "name": "Plains encounters",
    "die": "1d6", "rows": [{"roll": "1-3", "result": "Bandits"}, {"roll": "4-6", "result": "A merchant"}]}]}"#;

#[test]
// Covers CR-ROAD-02, CR-ERR-46.
fn cr_road_02_referee_rolls_the_terrain_table_and_picks_the_moment() {
    let mut t = setup();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "enc.json", "text": ENCOUNTERS}]}}),
        &[],
    );
    begin(&mut t, "normal");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    // A 10: it happens at once; the terrain's table is rolled in secret.
    t.referee_rules(json!({"travel_encounter_check": {}}), &[10, 2]);
    let d = t.decision("crows.travel.encounter");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    assert_eq!(d.visibility, engine::Visibility::Referee);
    assert_eq!(d.context["terrain"], "plains");
    assert_eq!(d.context["table_roll"]["result"], "Bandits");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["now"]);
    t.answer(&referee(), &d.id, "now", Some("bandits on the road"))
        .unwrap();
    // Any other success: later today, with or without a sign.
    t.referee_rules(json!({"travel_encounter_check": {}}), &[8, 5]);
    let d = t.decision("crows.travel.encounter");
    assert_eq!(d.context["table_roll"]["result"], "A merchant");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["later", "later_with_sign"]);
    // Players do not see the Referee's table or ruling.
    let log = serde_json::to_string(&project_log(&t.log, &alice())).unwrap();
    assert!(!log.contains("Bandits") && !log.contains("merchant"));
}

#[test]
fn cr_road_03_more_than_one_check_or_encounter_a_day() {
    let mut t = setup();
    begin(&mut t, "normal");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_encounter_check": {}}), &[2]);
    t.referee_rules(json!({"travel_encounter_check": {}}), &[3]);
    t.referee_rules(json!({"travel_encounter_check": {}}), &[9]);
    assert_eq!(travel(&t)["day"]["encounter_checks"], 3);
    assert_eq!(travel(&t)["day"]["encounters"], 1);
    let d = t.decision("crows.travel.encounter");
    t.answer(&referee(), &d.id, "later", None).unwrap();
    // An encounter the Referee adds without a check.
    t.referee_rules(json!({"road_encounter": {}}), &[]);
    let d = t.decision("crows.travel.encounter");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["now", "later", "later_with_sign"]);
}

#[test]
fn cr_road_04_rest_check_uses_the_rest_threshold() {
    let mut t = setup();
    begin(&mut t, "normal");
    declare(&mut t, "bram", "scout_for_shelter");
    t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, 3));
    assert_eq!(numbers(&t), (2, 7, 9));
    let ev = t.referee_rules(json!({"travel_rest": {}}), &[8]);
    let ev = all_rules_events(&ev);
    let c = named(&ev, "road_checked")[0];
    assert_eq!(c["threshold"], 9);
    assert_eq!(c["encounter"], false);
    assert_eq!(c["during_rest"], true);
    assert!(t.table.core().clock.resting);
}

/// A map with a landmark two hexes north, an obstacle one hex south-east and a dungeon at the
/// start.
fn sites() -> T {
    let mut t = setup();
    t.referee_rules(
        json!({"set_site": {"id": "stones", "name": "Standing stones", "kind": "landmark",
            "q": 0, "r": -2, "known": true, "notes": "the third stone hums"}}),
        &[],
    );
    t.referee_rules(
        json!({"set_site": {"id": "chasm", "name": "Chasm", "kind": "obstacle", "q": 1, "r": 0}}),
        &[],
    );
    t.referee_rules(
        json!({"set_site": {"id": "crypt", "name": "Old crypt", "kind": "dungeon", "q": 0,
            "r": 0, "in_miasma": false}}),
        &[],
    );
    t
}

#[test]
fn cr_poi_01_play_zooms_in_on_encounters_and_points_of_interest() {
    let mut t = sites();
    begin(&mut t, "fast");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    // An encounter stops the montage until the Referee plays it out.
    t.referee_rules(json!({"travel_encounter_check": {}}), &[6]);
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_move": {"toward": "north"}}),
        &[],
    );
    assert_eq!(rule, "CR-POI-01");
    let d = t.decision("crows.travel.encounter");
    t.answer(&referee(), &d.id, "later", None).unwrap();
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[]);
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[]);
    // So does a point of interest.
    let d = t.decision("crows.travel.site_reached");
    assert_eq!(d.context["site"], "stones");
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_move": {"toward": "north"}}),
        &[],
    );
    assert_eq!(rule, "CR-POI-01");
    t.answer(&referee(), &d.id, "ignore", None).unwrap();
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[]);
}

#[test]
// Covers CR-ERR-22, CR-POI-02.
fn cr_err_22_the_referee_plays_an_encounter_as_a_site_in_dungeon_turns() {
    // The broken-off sentence adds no mechanic: an encounter the Referee wants to play as a
    // point of interest is a site placed where the party is and explored in dungeon turns.
    let mut t = setup();
    begin(&mut t, "fast");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_encounter_check": {}}), &[6]);
    let d = t.decision("crows.travel.encounter");
    t.answer(&referee(), &d.id, "later", Some("bandits in a ruined mill"))
        .unwrap();
    t.referee_rules(
        json!({"set_site": {"id": "mill", "name": "Ruined mill", "kind": "dungeon", "q": 0,
            "r": 0, "in_miasma": false}}),
        &[],
    );
    t.referee_rules(json!({"arrive_at_site": {"site": "mill"}}), &[]);
    assert_eq!(travel(&t)["exploring"], "mill");
    assert!(t.table.core().clock.exploration.is_some(), "dungeon turns");
    t.assert_replays();
}

#[test]
// Covers CR-POI-02, CR-DT-01.
fn cr_poi_02_a_site_is_explored_in_dungeon_turns_at_the_days_threshold() {
    let mut t = sites();
    begin(&mut t, "slow");
    declare(&mut t, "bram", "scout_for_danger");
    t.referee_rules(
        json!({"travel_role_tests": {}}),
        &faces(0, 3), // Bram scouts with Agility 0 (+2 more for the slow pace's edge)
    );
    assert_eq!(numbers(&t).1, 10);
    // Only after the role tests, and only where the party is.
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"arrive_at_site": {"site": "stones"}}),
        &[],
    );
    assert_eq!(rule, "CR-POI-03");
    t.referee_rules(json!({"arrive_at_site": {"site": "crypt"}}), &[]);
    assert!(t.table.core().clock.exploration.is_some(), "dungeon turns");
    assert_eq!(travel(&t)["dungeon_encounter_threshold"], 10);
    assert_eq!(
        t.table.view(&alice())["rules"]["travel"]["dungeon_encounter_threshold"],
        10
    );
    assert_eq!(travel(&t)["day"]["step"], "explore");
    // The travel check is not made at a site; the dungeon turn's is.
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"travel_encounter_check": {}}),
        &[5],
    );
    assert_eq!(rule, "CR-POI-02");
    t.referee_rules(json!({"leave_site": {}}), &[]);
    assert!(t.table.core().clock.exploration.is_none());
    assert!(travel(&t)["dungeon_encounter_threshold"].is_null());
    t.assert_replays();
}

#[test]
fn cr_poi_03_obstacles_go_around_landmarks_ignored_sites_explored() {
    let mut t = sites();
    // Players see known sites without the Referee's notes; unknown sites not at all.
    let v = t.table.view(&alice()).to_string();
    assert!(v.contains("Standing stones"));
    assert!(!v.contains("hums") && !v.contains("Chasm") && !v.contains("crypt"));
    begin(&mut t, "normal");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_move": {"toward": "south_east"}}), &[]);
    let d = t.decision("crows.travel.site_reached");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["explore", "go_around"]);
    t.answer(&referee(), &d.id, "go_around", None).unwrap();
    assert!(t.table.core().clock.exploration.is_none());
    t.referee_rules(json!({"travel_move": {"toward": "north_west"}}), &[]);
    let d = t.decision("crows.travel.site_reached");
    assert_eq!(d.context["site"], "crypt");
    t.answer(&referee(), &d.id, "explore", None).unwrap();
    assert_eq!(travel(&t)["exploring"], "crypt");
    assert!(t.table.core().clock.exploration.is_some());
    // An unknown site shows by name only while it is explored.
    let v = t.table.view(&alice());
    assert_eq!(v["rules"]["travel"]["exploring"]["name"], "Old crypt");
    assert!(v["rules"]["travel"]["exploring"].get("hex").is_none());
}

#[test]
// Covers CR-UD-07, CR-ROAD-04.
fn cr_ud_07_two_hours_outside_are_one_usage_dice_turn_through_engine() {
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
    // One hour: no turn yet; the second hour completes one (one usage die rolled).
    let ev = t.referee_rules(json!({"travel_hours": {"hours": 1}}), &[]);
    assert_eq!(rolled_count(&ev), 0);
    let ev = t.referee_rules(json!({"travel_hours": {"hours": 1}}), &[6]);
    assert_eq!(rolled_count(&ev), 1);
    assert_eq!(t.table.core().clock.game_minutes, 120);
}

#[test]
// Covers CR-ROLE-15, CR-EXP-01, CR-ROLE-07.
fn cr_role_15_role_test_stops_for_an_expertise_and_the_day_goes_on() {
    let mut t = setup();
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "expertises": {"navigate": 1}}}),
        &[],
    );
    begin(&mut t, "normal");
    declare(&mut t, "bram", "safe_route");
    declare(&mut t, "vera", "scout_for_shelter");
    // Bram: 12 + Mind 2 = 14, tier 2; Navigate (approved by the Referee) would make it 3.
    t.referee_rules(
        json!({"travel_role_tests": {"approved_expertises": {"bram": ["navigate"]}}}),
        &[6, 6],
    );
    let d = t.decision("crows.expertise");
    assert_eq!(d.answerer, engine::Answerer::Controller("bram".into()));
    assert_eq!(travel(&t)["day"]["step"], "roles", "the next test waits");
    // Bob spends it; Vera's test follows in the same batch.
    let ev = answer_with(&mut t, &player("bob"), &d.id, "navigate", &[3, 3]);
    let ev = all_rules_events(&ev);
    let tests = named(&ev, "test_resolved");
    assert_eq!(tests[0]["creature"], "bram");
    assert_eq!(tests[0]["resolved"]["final_tier"], 3);
    assert_eq!(tests[1]["creature"], "vera");
    assert_eq!(
        t.creature("bram")["expertises"]["uses"]["navigate"]["left"],
        0
    );
    assert_eq!(numbers(&t), (2, 9, 7));
    assert_eq!(travel(&t)["day"]["step"], "encounter_check");
    t.assert_replays();
}

#[test]
// Covers CR-TRAVEL-02, CR-TRAVEL-07, CR-ROAD-01, CR-ROAD-04.
fn cr_travel_02_a_week_of_travel_replays() {
    let mut t = setup();
    for day in 1..=7 {
        begin(&mut t, "normal");
        declare(&mut t, "bram", "normal_route");
        // 12 + Mind 2 = 14: tier 2, nothing to choose.
        t.referee_rules(json!({"travel_role_tests": {}}), &[6, 6]);
        t.referee_rules(json!({"travel_encounter_check": {}}), &[3]);
        for _ in 0..2 {
            t.referee_rules(json!({"travel_move": {"toward": "north_east"}}), &[]);
        }
        t.referee_rules(json!({"travel_rest": {}}), &[2]);
        // Vera 13, Bram 14: tier 2, the Miasma does nothing.
        t.referee_rules(json!({"travel_rest_end": {}}), &[6, 7, 6, 6]);
        end_day(&mut t);
        assert_eq!(travel(&t)["days"], day);
    }
    assert_eq!(
        travel(&t)["position"]["true_hex"],
        json!({"q": 14, "r": -14})
    );
    assert_eq!(t.table.core().clock.game_minutes, 7 * 24 * 60);
    t.assert_replays();
}

#[test]
// Covers CR-TRAVEL-01, CR-LOST-01.
fn cr_travel_01_hidden_hexes_leave_no_trace_for_players() {
    let mut t = party();
    let before = project_log(&t.log, &alice()).len();
    t.referee_rules(
        json!({"set_hexes": {"hexes": [{"q": 9, "r": 9, "terrain": "lair", "shown": false}]}}),
        &[],
    );
    t.referee_rules(json!({"remove_hexes": {"hexes": [{"q": 9, "r": 9}]}}), &[]);
    assert_eq!(
        project_log(&t.log, &alice()).len(),
        before,
        "not even a notice"
    );
    assert_eq!(
        project_log(&t.log, &Viewer::Referee).len(),
        t.log.len(),
        "the Referee sees both"
    );
}
