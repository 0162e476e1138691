//! The wilderness at the table: the hex map, travel days by terrain, forced march and rest,
//! getting lost with the true hex the Judge's alone, foraging, hunting, food and water, and
//! the Judge's wandering checks by days.

use super::*;

/// A 5 × 7 block of hexes around the origin, all of `terrain`, `road` along `q = 0`.
fn map(terrain: &str, road: bool) -> Value {
    let mut hexes = Vec::new();
    for q in -2..=2 {
        for r in -6..=2 {
            hexes.push(json!({"q": q, "r": r, "terrain": terrain, "road": road && q == 0}));
        }
    }
    json!({"set_hexes": {"hexes": hexes}})
}

/// The sample party on a map of `terrain`, placed at the origin.
fn out(terrain: &str, road: bool) -> T {
    let mut t = T::new();
    t.judge(map(terrain, road), &[]);
    t.judge(json!({"place_party": {"q": 0, "r": 0}}), &[]);
    t
}

fn day_of(events: &[Value], name: &str) -> Value {
    events
        .iter()
        .find_map(|e| e.get(name).cloned())
        .unwrap_or_else(|| panic!("no {name} in {events:?}"))
}

fn travel(t: &mut T, cmd: Value, dice: &[i64]) -> Value {
    let ev = t.judge(json!({ "travel_day": cmd }), dice);
    day_of(&T::rules_events(&ev), "day_travelled")
}

fn wild(t: &T) -> Value {
    t.state()["wilderness"].clone()
}

#[test]
fn ac_wild_03_and_05_a_day_in_the_woods_is_16_miles_two_hexes_and_four_miles() {
    let mut t = out("woods", false);
    // 120 ft per turn: 24 miles in the open (T-01), × 2/3 in woods (T-02). The navigation
    // throw (7+ in woods) is made: face 15.
    let d = travel(&mut t, json!({"toward": "north"}), &[15]);
    assert_eq!(d["miles"], 16);
    assert_eq!(d["path"], json!([{"q": 0, "r": -1}, {"q": 0, "r": -2}]));
    let p = &wild(&t)["party"];
    assert_eq!(p["believed_hex"], json!({"q": 0, "r": -2}));
    assert_eq!(p["true_hex"], json!({"q": 0, "r": -2}));
    // The second day starts 4 miles into the hex: 2 more to cross it, then 14 → 2 hexes, 2.
    let d = travel(&mut t, json!({"toward": "north"}), &[15]);
    assert_eq!(d["miles"], 16);
    assert_eq!(
        d["path"],
        json!([{"q": 0, "r": -3}, {"q": 0, "r": -4}, {"q": 0, "r": -5}])
    );
    t.assert_replays();
}

#[test]
fn ac_ex_01_and_ac_wild_10_a_road_36_miles_and_no_navigation_throw() {
    let mut t = out("clear", true);
    // No dice at all: following a road needs no throw.
    let d = travel(&mut t, json!({"toward": "north", "following": true}), &[]);
    assert_eq!(d["miles"], 36);
    assert_eq!(d["path"].as_array().unwrap().len(), 6);
    // Swamp: 12 miles, two hexes.
    let mut t = out("swamp", false);
    let d = travel(&mut t, json!({"toward": "south"}), &[20]);
    assert_eq!(d["miles"], 12);
    assert_eq!(d["path"], json!([{"q": 0, "r": 1}, {"q": 0, "r": 2}]));
}

#[test]
fn ac_wild_04_the_party_moves_at_its_slowest_members_speed() {
    let mut t = out("clear", false);
    t.judge(
        json!({"add_character": {"id": "mule", "name": "Mule", "class": "sellsword",
            "level": 1, "abilities": {"strength": 10, "intelligence": 10, "wisdom": 10,
            "dexterity": 10, "constitution": 10, "charisma": 10}, "hp": 5, "speed_ft": 90}}),
        &[],
    );
    let d = travel(&mut t, json!({"toward": "north"}), &[20]);
    assert_eq!(d["miles"], 18);
}

#[test]
fn ac_wild_19_and_ac_ex_02_flying_doubles_and_ignores_the_terrain() {
    let mut t = out("mountains", false);
    let d = travel(&mut t, json!({"toward": "north", "flying": true}), &[20]);
    assert_eq!(d["miles"], 48);
    assert_eq!(d["path"].as_array().unwrap().len(), 8);
}

#[test]
fn ac_wild_06_a_forced_march_half_again_then_a_day_of_rest() {
    let mut t = out("clear", false);
    t.judge(
        json!({"set_wild_wandering": {"every_days": 6, "die": 6, "on_or_below": 1}}),
        &[],
    );
    let d = travel(
        &mut t,
        json!({"toward": "north", "forced_march": true}),
        &[20],
    );
    assert_eq!(d["miles"], 36);
    assert_eq!(wild(&t)["rest_owed"], true);
    for cmd in [
        json!({"travel_day": {"toward": "north"}}),
        json!({"hunt": {"characters": ["sefa"]}}),
    ] {
        let code = t.refused(&judge(), cmd);
        assert!(code.starts_with("rest_owed"), "{code}");
    }
    t.judge(json!({"rest_day": {}}), &[]);
    assert_eq!(wild(&t)["rest_owed"], false);
    travel(&mut t, json!({"toward": "north"}), &[20]);
    t.assert_replays();
}

#[test]
fn ac_wild_07_and_08_a_rest_day_in_six_or_minus_one_per_day_past() {
    let mut t = out("clear", true);
    for _ in 0..6 {
        travel(&mut t, json!({"toward": "north", "following": true}), &[]);
    }
    assert_eq!(
        t.player_view("ann")["rules"]["wilderness"]["missed_rest_penalty"],
        0
    );
    travel(&mut t, json!({"toward": "south", "following": true}), &[]);
    travel(&mut t, json!({"toward": "south", "following": true}), &[]);
    let w = &t.player_view("ann")["rules"]["wilderness"];
    assert_eq!(
        (w["travel_days"].clone(), w["missed_rest_penalty"].clone()),
        (json!(8), json!(-2))
    );
    t.judge(json!({"rest_day": {}}), &[]);
    assert_eq!(
        t.player_view("ann")["rules"]["wilderness"]["missed_rest_penalty"],
        0
    );
}

#[test]
fn ac_wild_09_time_outdoors_runs_in_days() {
    let mut t = out("clear", true);
    // Dungeon turns counting on the same clock do not stop a day outdoors.
    t.explore();
    let before = t.table.state_json()["core"]["clock"]["game_minutes"].clone();
    travel(&mut t, json!({"toward": "north", "following": true}), &[]);
    // The day under way ends when the next begins (or with end_day): midnight passes.
    travel(&mut t, json!({"toward": "north", "following": true}), &[]);
    t.judge(json!({"end_day": {}}), &[]);
    let after = t.table.state_json()["core"]["clock"]["game_minutes"].clone();
    assert_eq!(
        after.as_u64().unwrap() - before.as_u64().unwrap_or(0),
        2 * 24 * 60,
        "{before} → {after}"
    );
    let code = t.refused(&judge(), json!({"end_day": {}}));
    assert!(code.starts_with("no_day"), "{code}");
}

#[test]
fn ac_wild_11_the_navigation_throw_by_terrain_with_navigation_plus_4() {
    // Woods: 7+. Face 3 loses a party without a navigator …
    let mut t = out("woods", false);
    let ev = t.judge(json!({"travel_day": {"toward": "north"}}), &[3, 2]);
    let n = day_of(&T::rules_events(&ev), "navigated");
    assert_eq!(
        (n["throw"].clone(), n["bonus"].clone(), n["lost"].clone()),
        (json!(7), json!(0), json!(true))
    );
    // … and keeps one with Navigation on course (3 + 4 = 7).
    let mut t = out("woods", false);
    t.judge(
        json!({"set_outdoors": {"character": "sefa", "navigation": true}}),
        &[],
    );
    let ev = t.judge(json!({"travel_day": {"toward": "north"}}), &[3]);
    let n = day_of(&T::rules_events(&ev), "navigated");
    assert_eq!(
        (n["bonus"].clone(), n["on_course"].clone()),
        (json!(4), json!(true))
    );
    // Plains: 4+; desert 11+.
    let mut t = out("clear", false);
    let ev = t.judge(json!({"travel_day": {"toward": "north"}}), &[4]);
    assert_eq!(
        day_of(&T::rules_events(&ev), "navigated")["on_course"],
        true
    );
    let mut t = out("desert", false);
    let ev = t.judge(json!({"travel_day": {"toward": "north"}}), &[10, 6]);
    let n = day_of(&T::rules_events(&ev), "navigated");
    assert_eq!(
        (n["throw"].clone(), n["on_course"].clone()),
        (json!(11), json!(false))
    );
}

#[test]
fn ac_wild_12_a_lost_party_drifts_by_the_judges_d6_and_believes_it_is_on_course() {
    let mut t = out("clear", false);
    // Face 1 on the navigation throw (plains 4+): lost; the d6 shows 2: two sides clockwise.
    let d = travel(&mut t, json!({"toward": "north"}), &[1, 2]);
    // Believed: 24 miles due north, 4 hexes. True: south-east, 4 hexes.
    assert_eq!(
        d["path"].as_array().unwrap().last(),
        Some(&json!({"q": 0, "r": -4}))
    );
    assert_eq!(
        d["true_path"].as_array().unwrap().last(),
        Some(&json!({"q": 4, "r": 0}))
    );
    let p = &wild(&t)["party"];
    assert_eq!(
        (p["lost"].clone(), p["drift"].clone()),
        (json!(true), json!(2))
    );
    // Still lost the next day: no new d6, the same stray; the throw is still made.
    let d = travel(&mut t, json!({"toward": "north"}), &[20]);
    assert_eq!(
        d["true_path"].as_array().unwrap().last(),
        Some(&json!({"q": 8, "r": 0}))
    );
    assert_eq!(wild(&t)["party"]["believed_hex"], json!({"q": 0, "r": -8}));
    // The Judge may set a small deviation instead (one side) and the true hex.
    t.judge(
        json!({"set_true_course": {"q": 1, "r": -8, "drift": 1}}),
        &[],
    );
    let d = travel(&mut t, json!({"toward": "north"}), &[20]);
    assert_eq!(d["true_path"][0], json!({"q": 2, "r": -9}));
    // Found: the party knows its true hex again, and everyone sees it.
    let ev = t.judge(json!({"found_way": {}}), &[]);
    let placed = day_of(&T::rules_events(&ev), "party_placed");
    let shown = t.player_view("ann")["rules"]["wilderness"]["party"]["believed_hex"].clone();
    assert_eq!(shown, json!({"q": placed["q"], "r": placed["r"]}));
    assert_eq!(wild(&t)["party"]["lost"], false);
    let code = t.refused(
        &judge(),
        json!({"set_true_course": {"q": 0, "r": 0, "drift": 6}}),
    );
    assert!(code.starts_with("bad_drift"), "{code}");
    t.assert_replays();
}

/// Two parties on the same map, the same commands: one keeps its course, the other is lost
/// (and the Judge moves its true hex). The players' logs, views and refusals are the same.
#[test]
fn ac_wild_12_and_ac_gen_04_the_player_projection_of_a_lost_party_never_holds_the_true_hex() {
    let play = |lost: bool| {
        let mut t = out("woods", false);
        t.judge(
            json!({"set_wild_wandering": {"every_days": 1, "die": 6, "on_or_below": 1}}),
            &[],
        );
        t.judge(
            json!({"set_supplies": {"character": "brena", "food_days": 3, "water_days": 3}}),
            &[],
        );
        let dice: &[i64] = if lost { &[2, 4, 5] } else { &[19, 5] };
        t.judge(json!({"travel_day": {"toward": "north"}}), dice);
        t.as_player("ann", json!({"forage": {"character": "sefa"}}), &[10]);
        if lost {
            t.judge(
                json!({"set_true_course": {"q": -2, "r": 1, "drift": 4}}),
                &[],
            );
        }
        t.judge(json!({"travel_day": {"toward": "north_east"}}), &[12, 6]);
        t.as_player("ann", json!({"forage": {"character": "sefa"}}), &[5]);
        t
    };
    let a = play(false);
    let mut b = play(true);
    same_for_everyone_but_the_judge(&a, &b);
    let judge_b = wild(&b)["party"].clone();
    assert_eq!(judge_b["lost"], true);
    let true_hex = judge_b["true_hex"].clone();
    assert_ne!(true_hex, judge_b["believed_hex"]);
    for v in [
        Viewer::Player("ann".into()),
        Viewer::Player("bob".into()),
        Viewer::Spectator("sam".into()),
    ] {
        let view = b.view(&v);
        let party = &view["rules"]["wilderness"]["party"];
        assert_eq!(
            *party,
            json!({"believed_hex": judge_b["believed_hex"]}),
            "{v:?}"
        );
        let text = format!("{} {}", view, b.log_of(&v));
        for word in [
            "true_hex",
            "true_path",
            "\"lost\"",
            "drift",
            "navigated",
            "lost heading",
        ] {
            assert!(!text.contains(word), "{v:?} sees {word}");
        }
    }
    // A player's refusal reads the same lost or not.
    let mut a = a;
    let ra = a.refused(&player("ann"), json!({"forage": {"character": "sefa"}}));
    let rb = b.refused(&player("ann"), json!({"forage": {"character": "sefa"}}));
    assert_eq!(ra, rb);
    // Players cannot move the party or ask where it truly is.
    let code = b.refused(&player("ann"), json!({"found_way": {}}));
    assert!(!code.is_empty());
    b.assert_replays();
}

#[test]
fn ac_wild_01_players_see_only_the_shown_hexes() {
    let mut t = T::new();
    t.judge(
        json!({"set_hexes": {"hexes": [
            {"q": 0, "r": 0, "terrain": "clear"},
            {"q": 1, "r": 0, "terrain": "mountains", "shown": false}]}}),
        &[],
    );
    let hexes = t.player_view("ann")["rules"]["wilderness"]["hexes"].clone();
    assert_eq!(hexes.as_object().unwrap().len(), 1, "{hexes}");
    assert!(hexes.get("0,0").is_some());
    assert!(
        !t.log_of(&Viewer::Player("ann".into()))
            .to_string()
            .contains("mountains")
    );
    assert_eq!(wild(&t)["hexes"].as_object().unwrap().len(), 2);
    let code = t.refused(
        &judge(),
        json!({"set_hexes": {"hexes": [{"q": 20000, "r": 0, "terrain": "clear"}]}}),
    );
    assert!(code.starts_with("bad_hex"), "{code}");
    let code = t.refused(&judge(), json!({"travel_day": {"toward": "north"}}));
    assert!(code.starts_with("no_party_placed"), "{code}");
}

#[test]
fn ac_wild_16_and_18_foraging_18_plus_feeds_1d6_once_a_day_survival_plus_4() {
    let mut t = out("clear", true);
    let code = t.refused(&player("ann"), json!({"forage": {"character": "sefa"}}));
    assert!(code.starts_with("not_travelling"), "{code}");
    travel(&mut t, json!({"toward": "north", "following": true}), &[]);
    let ev = t.as_player("ann", json!({"forage": {"character": "sefa"}}), &[18, 4]);
    let f = day_of(&T::rules_events(&ev), "foraged");
    assert_eq!(
        (f["found"].clone(), f["fed"].clone()),
        (json!(true), json!(4))
    );
    let code = t.refused(&player("ann"), json!({"forage": {"character": "sefa"}}));
    assert!(code.starts_with("already_foraged"), "{code}");
    // Another player's character is not ann's to send.
    assert!(
        !t.refused(&player("ann"), json!({"forage": {"character": "odo"}}))
            .is_empty()
    );
    // 17 fails; with Survival 14 + 4 succeeds.
    let ev = t.as_player("bob", json!({"forage": {"character": "odo"}}), &[17]);
    assert_eq!(day_of(&T::rules_events(&ev), "foraged")["found"], false);
    t.judge(
        json!({"set_outdoors": {"character": "brena", "survival": true}}),
        &[],
    );
    let ev = t.as_player("ann", json!({"forage": {"character": "brena"}}), &[14, 2]);
    let f = day_of(&T::rules_events(&ev), "foraged");
    assert_eq!(
        (f["total"].clone(), f["fed"].clone()),
        (json!(18), json!(2))
    );
    assert_eq!(wild(&t)["fresh_food"], 6);
}

#[test]
fn ac_wild_17_hunting_takes_the_day_feeds_2d6_and_calls_a_wandering_check() {
    let mut t = out("woods", false);
    let code = t.refused(&player("ann"), json!({"hunt": {"characters": ["sefa"]}}));
    assert!(code.starts_with("no_schedule"), "{code}");
    t.judge(
        json!({"set_wild_wandering": {"every_days": 6, "die": 6, "on_or_below": 1}}),
        &[],
    );
    // Two hunters: 14 feeds 2d6 = 7; 13 fails; then the Judge's secret check (face 1: monsters).
    let ev = t.as_player(
        "ann",
        json!({"hunt": {"characters": ["sefa", "brena"]}}),
        &[14, 7, 13, 1],
    );
    let evs = T::rules_events(&ev);
    let hunts: Vec<&Value> = evs.iter().filter_map(|e| e.get("hunted")).collect();
    assert_eq!(hunts.len(), 2);
    assert_eq!(
        (hunts[0]["fed"].clone(), hunts[1]["found"].clone()),
        (json!(7), json!(false))
    );
    assert_eq!(
        day_of(&evs, "wild_wandering_checked")["monsters_come"],
        true
    );
    assert_eq!(wild(&t)["today"], "hunt");
    // No travel that day: the party's hex is unchanged, and foraging is for travel days.
    assert_eq!(wild(&t)["party"]["true_hex"], json!({"q": 0, "r": 0}));
    let code = t.refused(&player("ann"), json!({"forage": {"character": "sefa"}}));
    assert!(code.starts_with("not_travelling"), "{code}");
    // The player's log shows the check only as a secret roll.
    let log = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(log.contains("wilderness wandering monsters") && !log.contains("monsters_come"));
}

#[test]
fn ac_enc_01_wilderness_checks_fall_on_the_judges_schedule_of_days() {
    let mut t = out("clear", true);
    t.judge(
        json!({"set_wild_wandering": {"every_days": 2, "die": 6, "on_or_below": 1}}),
        &[],
    );
    t.judge(
        json!({"travel_day": {"toward": "north", "following": true}}),
        &[],
    );
    let ev = t.judge(
        json!({"travel_day": {"toward": "north", "following": true}}),
        &[6],
    );
    assert_eq!(
        day_of(&T::rules_events(&ev), "wild_wandering_checked")["day"],
        2
    );
    t.judge(json!({"rest_day": {}}), &[]);
    let ev = t.judge(json!({"rest_day": {}}), &[3]);
    assert_eq!(
        day_of(&T::rules_events(&ev), "wild_wandering_checked")["day"],
        4
    );
}

#[test]
fn ac_wild_13_to_15_a_ration_a_day_hunger_after_two_days_thirst_at_once() {
    let mut t = out("clear", true);
    t.judge(
        json!({"set_supplies": {"character": "brena", "food_days": 0, "water_days": 1}}),
        &[],
    );
    t.judge(
        json!({"set_supplies": {"character": "odo", "food_days": 2, "water_days": 9}}),
        &[],
    );
    let hp = |t: &T, id: &str| t.state()["creatures"][id]["hp"].as_i64().unwrap();
    let go = |t: &mut T, dice: &[i64]| {
        t.judge(
            json!({"travel_day": {"toward": "north", "following": true}}),
            &[],
        );
        t.judge(json!({"end_day": {}}), dice);
    };
    // Day 1: Brena has no food (no harm yet) and drinks her last water.
    go(&mut t, &[]);
    assert_eq!(hp(&t, "brena"), 10);
    // Day 2: no food (second day, still no harm); no water: 1d4 = 3 at once.
    go(&mut t, &[3]);
    assert_eq!(hp(&t, "brena"), 7);
    let s = &wild(&t)["supplies"]["brena"];
    assert_eq!(
        (
            s["days_without_water"].clone(),
            s["heals_naturally"].clone()
        ),
        (json!(1), json!(false))
    );
    // Day 3: hunger bites (1 hp) and thirst again (1d4 = 2); Odo has eaten his last.
    go(&mut t, &[2]);
    assert_eq!(hp(&t, "brena"), 4);
    assert_eq!(wild(&t)["supplies"]["odo"]["food_days"], 0);
    // Foraged food is eaten first: Sefa forages 4 rations; Brena eats and has water again.
    t.judge(
        json!({"set_supplies": {"character": "brena", "food_days": 0, "water_days": 5}}),
        &[],
    );
    t.judge(
        json!({"travel_day": {"toward": "north", "following": true}}),
        &[],
    );
    t.as_player("ann", json!({"forage": {"character": "sefa"}}), &[19, 4]);
    // Odo has no food either, but the fresh food feeds both.
    t.judge(json!({"end_day": {}}), &[]);
    assert_eq!(hp(&t, "brena"), 4);
    let w = wild(&t);
    assert_eq!(w["fresh_food"], 2);
    assert_eq!(w["supplies"]["brena"]["days_without_food"], 0);
    assert_eq!(w["supplies"]["brena"]["heals_naturally"], true);
    // Supplies are public: a player sees them.
    assert_eq!(
        t.player_view("bob")["rules"]["wilderness"]["supplies"]["odo"]["water_days"],
        5
    );
    t.assert_replays();
}

#[test]
fn ac_wild_refusals_name_the_rule_and_change_nothing() {
    let mut t = out("clear", false);
    // Players do not run the day.
    assert!(
        !t.refused(&player("ann"), json!({"travel_day": {"toward": "north"}}))
            .is_empty()
    );
    let code = t.refused(
        &judge(),
        json!({"set_supplies": {"character": "brena", "food_days": 5000, "water_days": 1}}),
    );
    assert!(code.starts_with("bad_supplies"), "{code}");
    let code = t.refused(
        &judge(),
        json!({"set_wild_wandering": {"every_days": 1, "die": 6, "on_or_below": 6}}),
    );
    assert!(code.starts_with("bad_schedule"), "{code}");
    let code = t.refused(&judge(), json!({"hunt": {"characters": ["sefa", "sefa"]}}));
    assert!(code.starts_with("bad_hunters"), "{code}");
    let code = t.refused(&judge(), json!({"set_outdoors": {"character": "nobody"}}));
    assert!(code.starts_with("not_a_character"), "{code}");
}

fn attack_odds(t: &T, viewer: &Viewer) -> Value {
    t.table
        .query(
            viewer,
            "attack_odds",
            &json!({"attacker": "brena", "target": "odo", "weapon": "1d4"}),
        )
        .unwrap()
}

#[test]
fn ac_wild_08_missed_rest_days_cost_attack_throws_and_damage_by_name() {
    let mut t = out("clear", true);
    for _ in 0..8 {
        travel(&mut t, json!({"toward": "north", "following": true}), &[]);
    }
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "odo"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[4, 2]);
    let ann = Viewer::Player("ann".into());
    let odds = attack_odds(&t, &ann);
    // Throw 9 vs AC 0: STR +2 and two travel days past the sixth, −2 → 9+ on the d20.
    assert_eq!(odds["bonus"], 0);
    assert_eq!(odds["damage_bonus"], 0);
    assert_eq!(odds["hit"], "3/5");
    let names: Vec<Value> = odds["modifiers"].as_array().unwrap().clone();
    assert!(names.contains(&json!({"name": "missed_rest_days", "attack": -2, "damage": -2})));
    assert!(names.contains(&json!({"name": "strength", "attack": 2, "damage": 2})));
    // The attack itself: 1d4 = 4, +2 STR −2 missed rest → 4 damage, the breakdown logged.
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d4"}}),
        &[9, 4],
    );
    let attacked = day_of(&T::rules_events(&ev), "attacked");
    assert_eq!(attacked["hit"], true);
    assert_eq!(attacked["damage"], 4);
    assert!(
        attacked["modifiers"]
            .as_array()
            .unwrap()
            .contains(&json!({"name": "missed_rest_days", "attack": -2, "damage": -2}))
    );
    // A rest day clears it.
    t.judge(json!({"rest_day": {}}), &[]);
    let odds = attack_odds(&t, &ann);
    assert_eq!(odds["bonus"], 2);
    assert!(
        !odds["modifiers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["name"] == "missed_rest_days")
    );
    t.assert_replays();
}

/// AC-WILD-05: the Judge draws a canyon or a broad river with a further slowing; the day's
/// pace across that hex is cut to it, the day shows which hexes slowed it, and a flying party
/// passes over.
#[test]
fn ac_wild_05_canyons_and_broad_rivers_slow_the_day_by_the_judges_pace() {
    let mut t = out("clear", false);
    t.judge(
        json!({"set_hexes": {"hexes": [{"q": 0, "r": -1, "terrain": "clear",
            "feature": {"kind": "canyon", "pace_percent": 50}}]}}),
        &[],
    );
    // 24 miles a day: 6 across the home hex (¼ day), 6 across the canyon at 12 a day (½ day),
    // 6 more in the last ¼: 18 miles, three hexes instead of four.
    let ev = t.judge(json!({"travel_day": {"toward": "north"}}), &[20]);
    let d = day_of(&T::rules_events(&ev), "day_travelled");
    assert_eq!(d["miles"], 18);
    assert_eq!(d["path"].as_array().unwrap().len(), 3);
    let slowed = json!([{"q": 0, "r": -1, "kind": "canyon", "pace_percent": 50}]);
    assert_eq!(d["slowed"], slowed);
    // The players' own record of the day shows the slowing too (the hex is shown).
    let log = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(
        log.contains("travel_slowed") && log.contains("canyon"),
        "{log}"
    );
    assert_eq!(
        t.player_view("ann")["rules"]["wilderness"]["hexes"]["0,-1"]["feature"]["kind"],
        "canyon"
    );
    t.assert_replays();

    // A broad river at 100 % is drawn but slows nothing.
    let mut t = out("clear", false);
    t.judge(
        json!({"set_hexes": {"hexes": [{"q": 0, "r": -1, "terrain": "clear",
            "feature": {"kind": "broad_river", "pace_percent": 100}}]}}),
        &[],
    );
    let d = travel(&mut t, json!({"toward": "north"}), &[20]);
    assert_eq!(d["miles"], 24);
    assert_eq!(d.get("slowed"), None);

    // Flying over a broad river at 25 %: 48 miles as ever.
    let mut t = out("clear", false);
    t.judge(
        json!({"set_hexes": {"hexes": [{"q": 0, "r": -1, "terrain": "clear",
            "feature": {"kind": "broad_river", "pace_percent": 25}}]}}),
        &[],
    );
    let d = travel(&mut t, json!({"toward": "north", "flying": true}), &[20]);
    assert_eq!(d["miles"], 48);

    // The pace is 1–100 %.
    for pace in [0, 101] {
        let code = t.refused(
            &judge(),
            json!({"set_hexes": {"hexes": [{"q": 1, "r": 1, "terrain": "clear",
                "feature": {"kind": "canyon", "pace_percent": pace}}]}}),
        );
        assert!(code.starts_with("bad_feature"), "{code}");
    }
}

/// AC-WILD-05 with AC-GEN-04: an obstacle on a hex hidden from the players slows the lost
/// party's true day (the Judge's record) but never shows to them — not in their view, not in
/// their log, not in the miles they believe they made.
#[test]
fn ac_wild_05_a_hidden_obstacle_slows_only_the_judges_true_day() {
    let mut t = out("clear", false);
    t.judge(
        json!({"set_hexes": {"hexes": [{"q": 0, "r": -1, "terrain": "clear", "shown": false,
            "feature": {"kind": "broad_river", "pace_percent": 50}}]}}),
        &[],
    );
    // Lost in place, heading as meant (drift 0): the true walk crosses the river.
    t.judge(
        json!({"set_true_course": {"q": 0, "r": 0, "drift": 0}}),
        &[],
    );
    let ev = t.judge(json!({"travel_day": {"toward": "north"}}), &[20]);
    let d = day_of(&T::rules_events(&ev), "day_travelled");
    assert_eq!(d["miles"], 24);
    assert_eq!(d["true_miles"], 18);
    assert_eq!(d["true_slowed"][0]["kind"], "broad_river");
    assert_eq!(d.get("slowed"), None);
    for p in ["ann", "bob"] {
        let seen = format!(
            "{} {}",
            t.player_view(p),
            t.log_of(&Viewer::Player(p.into()))
        );
        assert!(
            !seen.contains("broad_river") && !seen.contains("travel_slowed"),
            "{seen}"
        );
    }
    t.assert_replays();
}
