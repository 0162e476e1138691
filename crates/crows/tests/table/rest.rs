//! Rest, rest activities and town days through the engine.

use crate::common::*;
use engine::{FakeClock, WallClock};

const MIN: i64 = 60_000;

/// The party with the sample items and `n` rations each (backpack slots 1…n).
fn fed_party(n: u8) -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    for id in ["vera", "bram"] {
        give_rations(&mut t, id, 1..=n);
    }
    t
}

fn last_event(t: &T, name: &str) -> Value {
    t.log
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            EventBody::Rules { event } => event.get(name).cloned(),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no {name} event"))
}

/// Everyone resting sleeps the rest's 4 hours (CR-REST-01), as the Referee records it.
fn sleep_all(t: &mut T) {
    let party = explore_view(t, &Viewer::Referee)["rest"]["party"].clone();
    t.referee_rules(json!({"rest_sleep": {"creatures": party}}), &[]);
}

fn choose(t: &mut T, who: &str, player_name: &str, activity: Value) -> Result<(), Option<String>> {
    t.run(
        &player(player_name),
        json!({"rules": {"choose_rest_activity": {"creature": who, "activity": activity}}}),
        &[],
    )
    .map(|_| ())
    .map_err(|e| rule_of(e).1)
}

#[test]
// Covers CR-REST-01.
fn cr_rest_01_a_rest_needs_a_ration_per_creature_and_no_combat() {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    give_rations(&mut t, "vera", [1]);
    // Bram has no food: refused, and Vera's ration is not eaten either.
    assert_eq!(
        refused(&mut t, &referee(), json!({"start_rest": {}}), &[]).as_deref(),
        Some("CR-REST-01")
    );
    assert_eq!(rations(&t, "vera"), 1);
    give_rations(&mut t, "bram", [1]);
    // No rest during combat.
    t.ok(
        &referee(),
        json!({"clock": {"start_combat": {"order": ["vera"]}}}),
        &[],
    );
    assert_eq!(
        refused(&mut t, &referee(), json!({"start_rest": {}}), &[]).as_deref(),
        Some("CR-REST-01")
    );
    t.ok(&referee(), json!({"clock": "end_combat"}), &[]);
    // Players cannot start a rest for the table.
    assert!(
        t.run(&player("alice"), json!({"rules": {"start_rest": {}}}), &[])
            .is_err()
    );
    t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(rations(&t, "vera"), 0);
    assert_eq!(rations(&t, "bram"), 0);
    assert!(t.table.core().clock.resting);
    assert_eq!(
        refused(&mut t, &referee(), json!({"start_rest": {}}), &[]).as_deref(),
        Some("CR-REST-01")
    );
    // The rest takes six game hours.
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert_eq!(t.table.core().clock.game_minutes, 360);
    assert_eq!(t.table.core().clock.rests_completed, 1);
    t.assert_replays();
}

#[test]
// Covers CR-REST-02.
fn cr_rest_02_full_stamina_and_one_wound_of_the_characters_choice() {
    let mut t = fed_party(1);
    wound(&mut t, "vera", 5, &[5, 6]);
    assert_eq!(t.creature("vera")["stamina"], 0);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    // Nothing is restored before the choice.
    assert_eq!(t.creature("vera")["stamina"], 0);
    let d = t.decision_for("crows.explore.remove_wound", "vera");
    assert_eq!(d.options.len(), 2);
    // Bob does not even see it.
    assert!(matches!(
        t.answer(&player("bob"), &d.id, "slot_6", None).unwrap_err(),
        EngineError::UnknownDecision(_)
    ));
    t.answer(&player("alice"), &d.id, "slot_6", None).unwrap();
    let v = t.creature("vera");
    assert_eq!(v["stamina"], 3);
    assert_eq!(wounds(&t, "vera"), 1);
    assert!(v["inventory"]["wounds"][4].is_string() || !v["inventory"]["wounds"][4].is_null());
    assert!(
        v["inventory"]["wounds"][5].is_null(),
        "the chosen wound went"
    );
    assert_eq!(t.table.core().clock.rests_completed, 1);
    assert!(!t.table.core().clock.resting);
    t.assert_replays();
}

#[test]
// Covers CR-DT-10, CR-REST-03, CR-REST-05.
fn cr_dt_10_cr_rest_03_cr_rest_05_a_rest_ends_the_turn_without_a_check_and_a_new_one_follows() {
    let clock = FakeClock::new(1_000);
    let mut t = fed_party(1);
    run_at(
        &mut t,
        &clock,
        &referee(),
        json!({"rules": {"enter_dungeon": {"dungeon": "crypt", "length": {"minutes": 30}}}}),
        &[],
    )
    .unwrap();
    clock.advance_ms(10 * MIN);
    // No dice: no usage dice here and no encounter check for the ended turn.
    let events = run_at(
        &mut t,
        &clock,
        &referee(),
        json!({"rules": {"start_rest": {}}}),
        &[],
    )
    .unwrap();
    assert_eq!(rolled_count(&events), 0);
    assert!(
        !serde_json::to_string(&events)
            .unwrap()
            .contains("encounter")
    );
    assert_eq!(turn(&t), 2);
    let v = explore_view(&t, &Viewer::Player("alice".into()));
    assert_eq!(v["visit"]["resting"], true);
    assert_eq!(v["visit"]["remaining_ms"], 30 * MIN);
    // Hours of play pass: the next turn has not started its clock.
    clock.advance_ms(120 * MIN);
    assert!(
        run_at(
            &mut t,
            &clock,
            &Actor::System,
            json!({"clock": {"timer_due": {"id": "exploration_turn"}}}),
            &[]
        )
        .is_err()
    );
    run_at(
        &mut t,
        &clock,
        &referee(),
        json!({"rules": {"finish_rest": {}}}),
        &[],
    )
    .unwrap();
    // The new turn runs its full 30 minutes from the end of the rest.
    let v = explore_view(&t, &Viewer::Player("alice".into()));
    assert_eq!(v["visit"]["resting"], false);
    assert_eq!(v["visit"]["deadline_ms"], clock.now_ms() + 30 * MIN);
    assert_eq!(turn(&t), 2);
    t.assert_replays();
}

#[test]
// Covers CR-REST-04, CR-ERR-34.
fn cr_rest_04_cr_err_34_the_middle_of_a_rest_ends_turn_effects_not_a_burning_torch() {
    let mut t = fed_party(1);
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": 3}}}),
        &[],
    );
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "weakened"}}),
        &[],
    );
    t.referee_rules(
        json!({"add_effect": {"creature": "bram", "effect": "Ward", "dice": 2}}),
        &[],
    );
    t.referee_rules(json!({"start_rest": {}}), &[]);
    // The burning torch rolls its 3 dice for the first 2 hours (CR-ERR-34): all 6s, kept.
    t.referee_rules(json!({"rest_halfway": {}}), &[6, 6, 6]);
    assert_eq!(t.creature("bram")["effects"], json!([]));
    let conditions = serde_json::to_string(&t.creature("vera")["conditions"]).unwrap();
    assert!(!conditions.contains("weakened"));
    let torch = t.creature("vera")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["item"]["card"] == "torch")
        .unwrap()["item"]["usage"]
        .clone();
    assert_eq!(torch["lit"], true, "items are not effects (CR-ERR-34)");
    assert_eq!(explore_view(&t, &Viewer::Referee)["rest"]["halfway"], true);
    // The middle comes once.
    assert_eq!(
        refused(&mut t, &referee(), json!({"rest_halfway": {}}), &[]).as_deref(),
        Some("CR-REST-04")
    );
    // Finishing does not pass it again; the torch rolls for the last two 2-hour marks.
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[6, 6, 6, 6, 6, 6]);
    t.assert_replays();
}

/// Vera wears two magic rings on her fingers: one magic-item slot overloaded (CR-INV-07).
fn two_rings(t: &mut T) {
    for (name, kind) in [("Ring A", "Belt"), ("Ring B", "Hand")] {
        t.referee_rules(
            json!({"place_item": {"creature": "vera", "custom": {"name": name, "slots": 1,
                "magic": true}, "slots": [{"kind": kind, "number": 1}]}}),
            &[],
        );
    }
    let rings: Vec<u64> = t.creature("vera")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["item"]["name"].as_str().unwrap().starts_with("Ring"))
        .map(|i| i["item"]["id"].as_u64().unwrap())
        .collect();
    for r in rings {
        t.ok(
            &player("alice"),
            json!({"rules": {"wear_magic_item": {"creature": "vera", "item": r,
                "slot": "Finger"}}}),
            &[],
        );
    }
}

#[test]
// Covers CR-REST-06.
fn cr_rest_06_an_overloaded_magic_slot_forbids_the_rest() {
    let mut t = fed_party(1);
    two_rings(&mut t);
    assert_eq!(
        refused(&mut t, &referee(), json!({"start_rest": {}}), &[]).as_deref(),
        Some("CR-REST-06")
    );
    assert_eq!(rations(&t, "vera"), 1, "nothing eaten");
    // Without Vera the others may rest.
    t.referee_rules(json!({"start_rest": {"party": ["bram"]}}), &[]);
}

#[test]
// Covers CR-INV-06, CR-INV-07, CR-REST-06.
fn cr_inv_07_taking_a_ring_off_ends_the_overload() {
    let mut t = fed_party(1);
    two_rings(&mut t);
    let ring = t.creature("vera")["inventory"]["magic_worn"][0][1]["id"].clone();
    // Only into inventory slots that exist.
    let rule = refused_rule(
        &mut t,
        &player("alice"),
        json!({"take_off_magic_item": {"creature": "vera", "item": ring,
            "slots": [{"kind": "Hand", "number": 9}]}}),
        &[],
    );
    assert_eq!(rule, "CR-INV-01");
    let free = json!([{"kind": "Backpack", "number": 4}]);
    t.ok(
        &player("alice"),
        json!({"rules": {"take_off_magic_item": {"creature": "vera", "item": ring,
            "slots": free}}}),
        &[],
    );
    assert_eq!(
        t.creature("vera")["inventory"]["magic_worn"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // One ring in the finger slot: Vera may rest again.
    t.referee_rules(json!({"start_rest": {}}), &[]);
}

#[test]
// Covers CR-REST-08, CR-ERR-46, CR-REF-32.
fn cr_rest_08_cr_err_46_the_rest_check_follows_the_place() {
    // In a dungeon: the dungeon EN and the sign rules; once per rest; secret.
    let mut t = fed_party(3);
    t.referee_rules(json!({"enter_dungeon": {"dungeon": "crypt"}}), &[]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    t.referee_rules(json!({"rest_encounter_check": {}}), &[9]);
    let check = last_event(&t, "rest_encounter_checked");
    assert_eq!(check["result"]["check"]["threshold"], 9);
    assert_eq!(check["due_turn"], 2, "due in the turn after the rest");
    t.decision("crows.explore.sign");
    assert!(!log_of(&t, &Viewer::Player("alice".into())).contains("rest_encounter_checked"));
    assert_eq!(
        refused(&mut t, &referee(), json!({"rest_encounter_check": {}}), &[]).as_deref(),
        Some("CR-REST-08")
    );
    t.referee_rules(json!({"interrupt_rest": {"reason": "ghouls"}}), &[]);
    t.referee_rules(json!({"leave_dungeon": {}}), &[]);
    // In the wilderness: the day's rest EN; a 10 is now, another success is scheduled by the
    // Referee without the dungeon's sign (CR-ERR-46).
    t.referee_rules(json!({"start_rest": {"place": "wilderness"}}), &[]);
    assert_eq!(
        refused(&mut t, &referee(), json!({"rest_encounter_check": {}}), &[]).as_deref(),
        Some("CR-REST-08")
    );
    t.referee_rules(json!({"rest_encounter_check": {"threshold": 6}}), &[7]);
    let check = last_event(&t, "rest_encounter_checked");
    assert_eq!(check["result"]["outcome"], "referee_schedules");
    assert_eq!(
        t.table
            .core()
            .decisions
            .iter()
            .filter(|d| d.kind == "crows.explore.sign")
            .count(),
        1,
        "only the dungeon's sign is open"
    );
    t.referee_rules(json!({"interrupt_rest": {}}), &[]);
    // In a safe place (the Referee's call): no check at all.
    t.referee_rules(json!({"start_rest": {"place": "safe"}}), &[]);
    assert_eq!(
        refused(
            &mut t,
            &referee(),
            json!({"rest_encounter_check": {"threshold": 6}}),
            &[]
        )
        .as_deref(),
        Some("CR-REST-08")
    );
    t.assert_replays();
}

#[test]
// Covers CR-REST-09, CR-REST-05, CR-REF-32, CR-RACT-02.
fn cr_rest_09_an_interrupted_rest_gives_nothing_and_must_start_over() {
    let mut t = fed_party(2);
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "caves", "length": "rooms"}}),
        &[3],
    );
    wound(&mut t, "vera", 4, &[6]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    choose(
        &mut t,
        "bram",
        "bob",
        json!({"kind": "other", "name": "sing"}),
    )
    .unwrap();
    // Interrupted: the new turn begins with its own rooms (CR-REST-05).
    t.referee_rules(json!({"interrupt_rest": {"reason": "combat"}}), &[4]);
    assert_eq!(turn(&t), 2);
    let v = explore_view(&t, &Viewer::Player("alice".into()));
    assert_eq!(v["visit"]["rooms_left"], 4);
    assert_eq!(v["last_rest_interrupted"], true);
    assert_eq!(
        refused(&mut t, &referee(), json!({"finish_rest": {}}), &[]).as_deref(),
        Some("CR-REST-09")
    );
    // No benefits, no activity effect.
    assert_eq!(t.creature("vera")["stamina"], 0);
    assert!(!log_of(&t, &Viewer::Referee).contains("activity_resolved"));
    assert_eq!(t.table.core().clock.rests_completed, 0);
    // Started over, it completes.
    t.referee_rules(json!({"start_rest": {}}), &[]);
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    let d = t.decision_for("crows.explore.remove_wound", "vera");
    // The last pick ends the rest, and the new turn rolls its rooms.
    t.ok(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "slot_6"}}),
        &[5],
    );
    assert_eq!(explore_view(&t, &Viewer::Referee)["visit"]["rooms_left"], 5);
    assert_eq!(t.creature("vera")["stamina"], 3);
    assert_eq!(t.table.core().clock.rests_completed, 1);
    t.assert_replays();
}

#[test]
// Covers CR-RACT-01, CR-RACT-02, CR-RACT-03, CR-RACT-05.
fn cr_ract_01_02_03_05_one_activity_per_rest_and_its_effect_at_the_end() {
    let mut t = fed_party(1);
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "custom": {"name": "Odd amulet", "slots": 1,
            "magic": true}, "slots": [{"kind": "Belt", "number": 1}]}}),
        &[],
    );
    let amulet = t.creature("bram")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["item"]["name"] == "Odd amulet")
        .unwrap()["item"]["id"]
        .as_u64()
        .unwrap();
    // Outside a rest there is nothing to choose.
    assert_eq!(
        choose(
            &mut t,
            "vera",
            "alice",
            json!({"kind": "craft", "item": "rope"})
        )
        .unwrap_err(),
        Some("CR-REST-01".into())
    );
    t.referee_rules(json!({"start_rest": {}}), &[]);
    // Only the controller chooses for a character.
    assert!(
        t.run(
            &player("bob"),
            json!({"rules": {"choose_rest_activity": {"creature": "vera",
                "activity": {"kind": "craft", "item": "rope"}}}}),
            &[]
        )
        .is_err()
    );
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "craft", "item": "rope"}),
    )
    .unwrap();
    assert_eq!(
        choose(&mut t, "vera", "alice", json!({"kind": "seclude_camp"})).unwrap_err(),
        Some("CR-RACT-02".into())
    );
    // Identify needs one's own magic item.
    assert_eq!(
        choose(
            &mut t,
            "bram",
            "bob",
            json!({"kind": "identify", "item": 999})
        )
        .unwrap_err(),
        Some("CR-RACT-05".into())
    );
    choose(
        &mut t,
        "bram",
        "bob",
        json!({"kind": "identify", "item": amulet}),
    )
    .unwrap();
    // Effects only at the end.
    assert!(!log_of(&t, &Viewer::Referee).contains("activity_resolved"));
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    let log = log_of(&t, &Viewer::Player("alice".into()));
    assert!(log.contains("crafting_roll_due"), "{log}");
    assert!(log.contains("properties_learned"));
    // The list is open to activities from traits and other rules.
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "other", "name": "brew tea (trait)"}),
    )
    .unwrap();
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert!(log_of(&t, &Viewer::Referee).contains("brew tea (trait)"));
    t.assert_replays();
}

/// The id of `who`'s carried item called `name`.
fn item_id(t: &T, who: &str, name: &str) -> u64 {
    t.creature(who)["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["item"]["name"] == name)
        .unwrap()["item"]["id"]
        .as_u64()
        .unwrap()
}

#[test]
// Covers CR-RACT-02.
fn cr_ract_02_one_activity_per_rest_and_nothing_from_an_interrupted_one() {
    let mut t = fed_party(2);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "craft", "item": "rope"}),
    )
    .unwrap();
    // One per rest.
    assert_eq!(
        choose(&mut t, "vera", "alice", json!({"kind": "seclude_camp"})).unwrap_err(),
        Some("CR-RACT-02".into())
    );
    // An interrupted rest gives nothing: the craft never comes due.
    t.referee_rules(json!({"interrupt_rest": {"reason": "ghouls"}}), &[]);
    assert!(!log_of(&t, &Viewer::Referee).contains("crafting_roll_due"));
    // The next rest takes a new choice, and its end gives the effect.
    t.referee_rules(json!({"start_rest": {}}), &[]);
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "craft", "item": "rope"}),
    )
    .unwrap();
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert!(log_of(&t, &Viewer::Referee).contains("crafting_roll_due"));
    t.assert_replays();
}

#[test]
// Covers CR-RACT-03.
fn cr_ract_03_crafting_is_a_hook_the_rest_end_hands_on() {
    let mut t = fed_party(1);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "craft", "item": "rope"}),
    )
    .unwrap();
    assert!(!log_of(&t, &Viewer::Referee).contains("crafting_roll_due"));
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    let due = last_event(&t, "activity_resolved");
    assert!(due.to_string().contains("crafting_roll_due"), "{due}");
    assert!(due.to_string().contains("rope"), "{due}");
}

#[test]
// Covers CR-RACT-05.
fn cr_ract_05_identify_takes_a_magic_item_the_creature_carries() {
    let mut t = fed_party(1);
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "custom": {"name": "Odd amulet", "slots": 1,
            "magic": true}, "slots": [{"kind": "belt", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Plain cup", "slots": 1},
            "slots": [{"kind": "belt", "number": 1}]}}),
        &[],
    );
    let (amulet, cup) = (
        item_id(&t, "bram", "Odd amulet"),
        item_id(&t, "vera", "Plain cup"),
    );
    t.referee_rules(json!({"start_rest": {}}), &[]);
    // A mundane item, and a magic item someone else carries, are refused.
    for item in [cup, amulet] {
        assert_eq!(
            choose(
                &mut t,
                "vera",
                "alice",
                json!({"kind": "identify", "item": item})
            )
            .unwrap_err(),
            Some("CR-RACT-05".into()),
            "item {item}"
        );
    }
    choose(
        &mut t,
        "bram",
        "bob",
        json!({"kind": "identify", "item": amulet}),
    )
    .unwrap();
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert!(log_of(&t, &Viewer::Player("bob".into())).contains("properties_learned"));
}

#[test]
// Covers CR-RACT-04.
fn cr_ract_04_harvest_rolls_parts_by_corpse_size_and_destroys_it() {
    let mut t = fed_party(4);
    let sizes = [
        ("tiny", 1),
        ("small", 1),
        ("medium", 1),
        ("large", 2),
        ("huge", 3),
        ("holy_shit", 4),
    ];
    for (size, _) in sizes {
        t.referee_rules(
            json!({"create_creature": {"revealed": true, "id": size, "kind": "monster", "size": size,
                "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 1}}),
            &[],
        );
        t.referee_rules(
            json!({"damage": {"creature": size, "amount": 30, "piercing": true}}),
            &[],
        );
        assert_eq!(t.creature(size)["alive"], false);
        assert!(t.state()["corpses"].get(size).is_some());
    }
    let mut total = [0u64, 0];
    for pair in sizes.chunks(2) {
        t.referee_rules(json!({"start_rest": {}}), &[]);
        // Bram takes the first corpse, Vera the second; Bram resolves first (by id).
        choose(
            &mut t,
            "bram",
            "bob",
            json!({"kind": "harvest", "corpse": pair[0].0}),
        )
        .unwrap();
        // One corpse, one harvester.
        assert_eq!(
            choose(
                &mut t,
                "vera",
                "alice",
                json!({"kind": "harvest", "corpse": pair[0].0})
            )
            .unwrap_err(),
            Some("CR-RACT-04".into())
        );
        choose(
            &mut t,
            "vera",
            "alice",
            json!({"kind": "harvest", "corpse": pair[1].0}),
        )
        .unwrap();
        let dice: Vec<i64> = std::iter::repeat_n(2, pair[0].1)
            .chain(std::iter::repeat_n(3, pair[1].1))
            .collect();
        sleep_all(&mut t);
        let events = t.referee_rules(json!({"finish_rest": {}}), &dice);
        assert_eq!(rolled_count(&events), pair[0].1 + pair[1].1);
        total[0] += 2 * pair[0].1 as u64;
        total[1] += 3 * pair[1].1 as u64;
        let v = explore_view(&t, &Viewer::Player("alice".into()));
        assert_eq!(v["parts"]["bram"], total[0]);
        assert_eq!(v["parts"]["vera"], total[1]);
    }
    // Every corpse is destroyed.
    for (size, _) in sizes {
        assert!(
            t.state()["corpses"].get(size).is_none(),
            "{size} corpse remains"
        );
    }
    t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(
        choose(
            &mut t,
            "vera",
            "alice",
            json!({"kind": "harvest", "corpse": "tiny"})
        )
        .unwrap_err(),
        Some("CR-RACT-04".into())
    );
    t.assert_replays();
}

#[test]
// Covers CR-RACT-06, CR-REF-33.
fn cr_ract_06_cr_ref_33_prepare_for_task_needs_the_referees_approval_and_lasts_one_rest() {
    let mut t = fed_party(3);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(
        choose(
            &mut t,
            "vera",
            "alice",
            json!({"kind": "prepare", "task": " "})
        )
        .unwrap_err(),
        Some("CR-RACT-06".into())
    );
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "prepare", "task": "dance on the bar"}),
    )
    .unwrap();
    assert_eq!(
        refused(&mut t, &referee(), json!({"finish_rest": {}}), &[]).as_deref(),
        Some("CR-RACT-06")
    );
    // The Referee says no: Vera picks another task.
    let d = t.decision("crows.explore.task");
    assert!(t.answer(&player("alice"), &d.id, "approve", None).is_err());
    t.answer(&referee(), &d.id, "refuse", None).unwrap();
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "prepare", "task": "pick the lock of the north hall door"}),
    )
    .unwrap();
    let d = t.decision("crows.explore.task");
    t.answer(&referee(), &d.id, "approve", None).unwrap();
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    let prep = &explore_view(&t, &Viewer::Player("alice".into()))["preparations"]["vera"];
    assert_eq!(prep["task"], "pick the lock of the north hall door");
    assert_eq!(prep["bonus"], 2);
    // The bonus rides on the test for that task by itself (however the Referee types its
    // name), not on another task's.
    let test = |t: &mut T, task: &str| {
        t.referee_rules(
            json!({"test": {"creature": "vera", "characteristic": "agility", "task": task}}),
            &[5, 5],
        );
        t.state()["last_tests"]["vera"].clone()
    };
    let other = test(&mut t, "climb the well");
    assert!(
        !other["spec"]["modifiers"]
            .to_string()
            .contains("CR-RACT-06")
    );
    assert_eq!(other["total"], 11);
    let picked = test(&mut t, "Pick the lock of the  north hall door");
    assert!(
        picked["spec"]["modifiers"]
            .to_string()
            .contains("CR-RACT-06"),
        "{picked}"
    );
    assert_eq!(picked["total"], 13, "5 + 5 + Agility 1 + 2");
    // It lasts until the end of Vera's next rest.
    t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(
        explore_view(&t, &Viewer::Referee)["preparations"]["vera"]["bonus"],
        2
    );
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert!(explore_view(&t, &Viewer::Referee)["preparations"]["vera"].is_null());
    t.assert_replays();
}

#[test]
// Covers CR-RACT-07.
fn cr_ract_07_repair_armor_restores_its_defense_at_the_end() {
    let mut t = fed_party(1);
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "leather-armor",
            "slots": [{"kind": "Backpack", "number": 4}]}}),
        &[],
    );
    let armor = |t: &T| {
        t.creature("vera")["inventory"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["item"]["card"] == "leather-armor")
            .unwrap()["item"]
            .clone()
    };
    let id = armor(&t)["id"].as_u64().unwrap();
    t.ok(
        &player("alice"),
        json!({"rules": {"declare_worn_armor": {"creature": "vera", "item": id}}}),
        &[],
    );
    t.referee_rules(json!({"damage": {"creature": "vera", "amount": 1}}), &[]);
    assert_eq!(armor(&t)["armor"]["current"], 1);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(
        choose(
            &mut t,
            "vera",
            "alice",
            json!({"kind": "repair_armor", "item": 1})
        )
        .unwrap_err(),
        Some("CR-RACT-07".into()),
        "a ration is not armor"
    );
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "repair_armor", "item": id}),
    )
    .unwrap();
    assert_eq!(armor(&t)["armor"]["current"], 1, "not before the end");
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert_eq!(armor(&t)["armor"]["current"], 2);
    t.assert_replays();
}

#[test]
// Covers CR-RACT-08, CR-ERR-45, CR-RACT-02.
fn cr_ract_08_cr_err_45_seclude_camp_raises_the_en_at_once_one_per_group() {
    let mut t = fed_party(2);
    t.referee_rules(json!({"enter_dungeon": {"dungeon": "crypt"}}), &[]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    choose(&mut t, "bram", "bob", json!({"kind": "seclude_camp"})).unwrap();
    assert_eq!(
        choose(&mut t, "vera", "alice", json!({"kind": "seclude_camp"})).unwrap_err(),
        Some("CR-RACT-08".into())
    );
    // EN 9 + 1: a 9 brings nothing, before the rest is over.
    t.referee_rules(json!({"rest_encounter_check": {}}), &[9]);
    let check = last_event(&t, "rest_encounter_checked");
    assert_eq!(check["result"]["check"]["threshold"], 10);
    assert_eq!(check["result"]["check"]["outcome"]["outcome"], "nothing");
    // Interrupted: the camp already helped; the next rest must hide it again.
    t.referee_rules(json!({"interrupt_rest": {}}), &[]);
    // The other reading of the sign lowers the EN.
    t.referee_rules(
        json!({"set_encounter_rules": {"seclude_camp": "lower"}}),
        &[],
    );
    t.referee_rules(json!({"start_rest": {}}), &[]);
    choose(&mut t, "vera", "alice", json!({"kind": "seclude_camp"})).unwrap();
    t.referee_rules(json!({"rest_encounter_check": {}}), &[8]);
    let check = last_event(&t, "rest_encounter_checked");
    assert_eq!(check["result"]["check"]["threshold"], 8);
    assert_eq!(check["result"]["check"]["outcome"]["outcome"], "sign");
    t.assert_replays();
}

#[test]
// Covers CR-RACT-09.
fn cr_ract_09_tend_wounds_removes_two_once_per_rest_never_oneself() {
    let mut t = fed_party(1);
    t.referee_rules(
        json!({"create_creature": {"id": "hob", "kind": "hireling",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 3}}),
        &[],
    );
    give_rations(&mut t, "hob", [1]);
    wound(&mut t, "vera", 5, &[5, 6]);
    wound(&mut t, "bram", 6, &[6]);
    t.referee_rules(
        json!({"start_rest": {"party": ["vera", "bram", "hob"]}}),
        &[],
    );
    // Not oneself; not a creature with a single wound.
    assert_eq!(
        choose(
            &mut t,
            "vera",
            "alice",
            json!({"kind": "tend_wounds", "target": "vera"})
        )
        .unwrap_err(),
        Some("CR-RACT-09".into())
    );
    assert_eq!(
        choose(
            &mut t,
            "vera",
            "alice",
            json!({"kind": "tend_wounds", "target": "bram"})
        )
        .unwrap_err(),
        Some("CR-RACT-09".into())
    );
    choose(
        &mut t,
        "bram",
        "bob",
        json!({"kind": "tend_wounds", "target": "vera"}),
    )
    .unwrap();
    // A second tender for Vera is refused.
    let e = t
        .run(
            &referee(),
            json!({"rules": {"choose_rest_activity": {"creature": "hob",
                "activity": {"kind": "tend_wounds", "target": "vera"}}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-RACT-09"));
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    // Vera picks two wounds, one at a time; Bram one.
    let d = t.decision_for("crows.explore.remove_wound", "vera");
    assert_eq!(d.context["remaining"], 2);
    t.answer(&player("alice"), &d.id, "slot_5", None).unwrap();
    let d = t.decision_for("crows.explore.remove_wound", "vera");
    assert_eq!(d.options.len(), 1);
    t.answer(&player("alice"), &d.id, "slot_6", None).unwrap();
    let d = t.decision_for("crows.explore.remove_wound", "bram");
    t.answer(&player("bob"), &d.id, "slot_6", None).unwrap();
    assert_eq!(wounds(&t, "vera"), 0);
    assert_eq!(wounds(&t, "bram"), 0);
    assert_eq!(t.table.core().clock.rests_completed, 1);
    t.assert_replays();
}

#[test]
// Covers CR-TOWN-01, CR-TOWN-03, CR-REF-32.
fn cr_town_01_cr_town_03_four_two_hour_activities_a_day_and_no_rest() {
    let mut t = fed_party(0);
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "leather-armor",
            "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"declare_worn_armor": {"creature": "vera", "item": 1}}}),
        &[],
    );
    t.referee_rules(json!({"damage": {"creature": "vera", "amount": 3}}), &[]);
    assert_eq!(t.creature("vera")["stamina"], 2);
    // Not before the Referee says this is a safe place.
    assert_eq!(
        refused(
            &mut t,
            &player("alice"),
            json!({"start_town_activity": {"creature": "vera",
                "activity": {"kind": "repair_armor", "item": 1}}}),
            &[]
        )
        .as_deref(),
        Some("CR-TOWN-01")
    );
    t.referee_rules(json!({"enter_town": {}}), &[]);
    let start = |t: &mut T, activity: Value| {
        t.run(
            &player("alice"),
            json!({"rules": {"start_town_activity": {"creature": "vera", "activity": activity}}}),
            &[],
        )
        .map(|_| ())
        .map_err(|e| rule_of(e).1)
    };
    start(&mut t, json!({"kind": "repair_armor", "item": 1})).unwrap();
    assert_eq!(
        start(&mut t, json!({"kind": "other", "name": "shop"})).unwrap_err(),
        Some("CR-TOWN-01".into()),
        "one at a time"
    );
    let armor =
        |t: &T| t.creature("vera")["inventory"]["items"][0]["item"]["armor"]["current"].clone();
    t.referee_rules(json!({"pass_time": {"minutes": 60}}), &[]);
    assert_eq!(armor(&t), 0, "not before two hours");
    t.referee_rules(json!({"pass_time": {"minutes": 60}}), &[]);
    assert_eq!(armor(&t), 2, "after two hours of work");
    for n in 2..=4 {
        start(&mut t, json!({"kind": "other", "name": format!("job {n}")})).unwrap();
        t.referee_rules(json!({"pass_time": {"minutes": 120}}), &[]);
    }
    assert_eq!(
        start(&mut t, json!({"kind": "other", "name": "job 5"})).unwrap_err(),
        Some("CR-TOWN-01".into())
    );
    // Not a rest: Stamina, wounds and rests stay as they were (CR-TOWN-03).
    assert_eq!(t.creature("vera")["stamina"], 2);
    assert_eq!(t.table.core().clock.rests_completed, 0);
    let town = &explore_view(&t, &Viewer::Player("alice".into()))["town"];
    assert_eq!(town["started"]["vera"], 4);
    // A new day resets the count.
    t.referee_rules(json!({"pass_time": {"minutes": 960}}), &[]);
    start(&mut t, json!({"kind": "other", "name": "job 5"})).unwrap();
    // No seclude camp in town, and no town activities in a dungeon.
    t.referee_rules(json!({"leave_town": {}}), &[]);
    t.referee_rules(json!({"enter_dungeon": {"dungeon": "crypt"}}), &[]);
    assert_eq!(
        refused(&mut t, &referee(), json!({"enter_town": {}}), &[]).as_deref(),
        Some("CR-TOWN-01")
    );
    t.assert_replays();
}

#[test]
// Covers CR-TOWN-02.
fn cr_town_02_tended_wounds_heal_after_four_hours_of_sleep_once_a_day() {
    let mut t = fed_party(0);
    wound(&mut t, "vera", 5, &[5, 6]);
    t.referee_rules(json!({"enter_town": {}}), &[]);
    t.ok(
        &player("bob"),
        json!({"rules": {"start_town_activity": {"creature": "bram",
            "activity": {"kind": "tend_wounds", "target": "vera"}}}}),
        &[],
    );
    t.referee_rules(json!({"pass_time": {"minutes": 120}}), &[]);
    assert_eq!(wounds(&t, "vera"), 2, "nothing before sleep");
    let sleep = |t: &mut T, hours: u32| {
        t.ok(
            &player("alice"),
            json!({"rules": {"town_sleep": {"creatures": ["vera"], "hours": hours}}}),
            &[],
        );
    };
    sleep(&mut t, 3);
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.explore.remove_wound")
    );
    sleep(&mut t, 1);
    for slot in [5, 6] {
        let d = t.decision_for("crows.explore.remove_wound", "vera");
        t.answer(&player("alice"), &d.id, &format!("slot_{slot}"), None)
            .unwrap();
    }
    assert_eq!(wounds(&t, "vera"), 0);
    // Wounded again and tended again the same day: no second benefit today.
    wound(&mut t, "vera", 2, &[4, 5]);
    t.ok(
        &player("bob"),
        json!({"rules": {"start_town_activity": {"creature": "bram",
            "activity": {"kind": "tend_wounds", "target": "vera"}}}}),
        &[],
    );
    t.referee_rules(json!({"pass_time": {"minutes": 120}}), &[]);
    sleep(&mut t, 8);
    assert_eq!(wounds(&t, "vera"), 2);
    // The next day it helps.
    t.referee_rules(json!({"pass_time": {"minutes": 1200}}), &[]);
    sleep(&mut t, 4);
    for slot in [4, 5] {
        let d = t.decision_for("crows.explore.remove_wound", "vera");
        t.answer(&player("alice"), &d.id, &format!("slot_{slot}"), None)
            .unwrap();
    }
    assert_eq!(wounds(&t, "vera"), 0);
    t.assert_replays();
}

#[test]
// Covers CR-REST-07.
fn cr_rest_07_sleepers_are_unconscious_and_wake_on_noise_or_damage() {
    let mut t = fed_party(1);
    let asleep = |t: &T, id: &str| {
        serde_json::to_string(&t.creature(id)["conditions"])
            .unwrap()
            .contains("unconscious")
    };
    t.referee_rules(json!({"start_rest": {}}), &[]);
    // Each player puts only their own character to sleep.
    assert!(
        t.run(
            &player("alice"),
            json!({"rules": {"rest_sleep": {"creatures": ["bram"]}}}),
            &[]
        )
        .is_err()
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"rest_sleep": {"creatures": ["vera"]}}}),
        &[],
    );
    t.ok(
        &player("bob"),
        json!({"rules": {"rest_sleep": {"creatures": ["bram"]}}}),
        &[],
    );
    assert!(asleep(&t, "vera") && asleep(&t, "bram"));
    // A noise 11 squares away: they sleep on; 10 squares: Vera wakes.
    t.referee_rules(
        json!({"rest_noise": {"creatures": ["vera"], "distance": 11}}),
        &[],
    );
    assert!(asleep(&t, "vera"));
    t.referee_rules(
        json!({"rest_noise": {"creatures": ["vera"], "distance": 10}}),
        &[],
    );
    assert!(!asleep(&t, "vera"));
    // Any damage wakes Bram.
    t.referee_rules(json!({"damage": {"creature": "bram", "amount": 1}}), &[]);
    assert!(!asleep(&t, "bram"));
    t.ok(
        &player("alice"),
        json!({"rules": {"rest_sleep": {"creatures": ["vera"]}}}),
        &[],
    );
    // The end of the rest wakes everyone.
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert!(!asleep(&t, "vera"));
    t.assert_replays();
}

#[test]
// Covers CR-RACT-01, CR-RACT-05, CR-ID-01.
fn cr_ract_01_one_activity_per_rest_across_explore_and_magic() {
    let mut t = fed_party(1);
    for who in ["vera", "bram"] {
        t.referee_rules(
            json!({"place_item": {"creature": who, "custom": {"name": "Odd amulet", "slots": 1,
                "magic": true}, "slots": [{"kind": "Belt", "number": 1}]}}),
            &[],
        );
    }
    let amulet = |t: &T, who: &str| {
        t.creature(who)["inventory"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["item"]["name"] == "Odd amulet")
            .unwrap()["item"]["id"]
            .as_u64()
            .unwrap()
    };
    let (vera_amulet, bram_amulet) = (amulet(&t, "vera"), amulet(&t, "bram"));
    for (who, item) in [("vera", vera_amulet), ("bram", bram_amulet)] {
        t.referee_rules(
            json!({"set_magic_item": {"creature": who, "item": item,
                "properties": ["glows near water"]}}),
            &[],
        );
    }
    t.referee_rules(json!({"start_rest": {}}), &[]);
    // Vera's activity is explore's; magic's identify_rest is then a second one.
    choose(
        &mut t,
        "vera",
        "alice",
        json!({"kind": "identify", "item": vera_amulet}),
    )
    .unwrap();
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"identify_rest": {"creature": "vera", "item": vera_amulet}}}),
            &[],
        )
        .unwrap_err();
    assert!(format!("{e:?}").contains("activity_taken"), "{e:?}");
    // Bram's is magic's; explore's choice is then a second one.
    t.run(
        &player("bob"),
        json!({"rules": {"identify_rest": {"creature": "bram", "item": bram_amulet}}}),
        &[],
    )
    .unwrap();
    let e = choose(&mut t, "bram", "bob", json!({"kind": "seclude_camp"})).unwrap_err();
    assert_eq!(e.as_deref(), Some("CR-RACT-02"));
    // At the end, explore's Identify teaches Vera's players the described property.
    sleep_all(&mut t);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    let alice = log_of(&t, &Viewer::Player("alice".into()));
    assert!(alice.contains("glows near water"), "{alice}");
}

#[test]
// Covers CR-INV-07.
fn cr_inv_07_an_overloaded_magic_slot_brings_1d6_wounds_at_the_dungeon_turn_end() {
    let mut t = fed_party(1);
    two_rings(&mut t);
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": "manual"}}),
        &[],
    );
    assert_eq!(wounds(&t, "vera"), 0);
    // The turn ends: the overload d6 (2), then the encounter check (1): two wounds for Vera,
    // although nothing else about her changed at that moment.
    t.ok(
        &referee(),
        json!({"clock": "end_exploration_turn"}),
        &[2, 1],
    );
    let d = t.decision_for("crows.wound_slot", "vera");
    assert_eq!(d.context["remaining"], 2, "{d:?}");
    for _ in 0..2 {
        let d = t.decision_for("crows.wound_slot", "vera");
        let option = d.options[0].id.clone();
        t.answer(&referee(), &d.id, &option, None).unwrap();
    }
    assert_eq!(wounds(&t, "vera"), 2);
    t.assert_replays();
}
