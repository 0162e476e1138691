//! Rest through the engine, the food rules: a creature that needs no food rests without a
//! ration, and a Ravenous creature short of rations in the rest in the open gets what it gets
//! from a dungeon rest (nothing).

use crate::common::*;

fn needs_no_food(t: &mut T, who: &str) {
    t.referee_rules(
        json!({"set_rule_overrides": {"creature": who, "add": [{"rule": "needs_no_food"}]}}),
        &[],
    );
}

/// Starts the next travel day and a rest in the open; everyone sleeps its 4 hours.
fn rest_in_the_open(t: &mut T) {
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    sleep_party(t);
}

/// Gives `who` the Ember Primer (3 usage dice, Activate and Rest) and spends one of its dice
/// (a 1 among the three rolled). Returns its item id.
fn spent_primer(t: &mut T, who: &str, slot: u8) -> Value {
    t.referee_rules(
        json!({"place_item": {"creature": who, "card": "ember-primer",
            "slots": [{"kind": "Backpack", "number": slot}]}}),
        &[],
    );
    let id = item_named(t, who, "The Ember Primer")["id"].clone();
    t.referee_rules(
        json!({"use_item": {"creature": who, "item": id.clone()}}),
        &[1, 6, 6],
    );
    assert_eq!(primer_dice(t, who), 2, "the 1 cost the primer a die");
    id
}

fn primer_dice(t: &T, who: &str) -> i64 {
    item_named(t, who, "The Ember Primer")["usage"]["pool"]["current"]
        .as_i64()
        .unwrap()
}

#[test]
// Covers CR-REST-01, CR-REST-02, CR-HAZ-03: a creature that needs no food needs no ration to
// rest, eats none, and gains the rest's benefits.
fn cr_rest_01_a_creature_that_needs_no_food_rests_without_a_ration() {
    let mut t = party();
    items_json(&mut t);
    needs_no_food(&mut t, "vera");
    wound(&mut t, "vera", 5, &[5, 6]);
    give_rations(&mut t, "bram", [1]);
    assert_eq!(rations(&t, "vera"), 0);
    let events = t.referee_rules(json!({"start_rest": {}}), &[]);
    let started = rules_events(&events, "rest_started");
    assert_eq!(started[0]["party"], json!(["bram", "vera"]));
    assert_eq!(started[0]["hungry"], json!([]));
    assert_eq!(rations(&t, "bram"), 0, "Bram eats his ration");
    t.referee_rules(json!({"rest_sleep": {"creatures": ["vera", "bram"]}}), &[]);
    let events = t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert_eq!(
        rules_events(&events, "rest_finishing")[0]["unrested"],
        json!({})
    );
    let d = t.decision_for("crows.explore.remove_wound", "vera");
    t.ok(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "slot_5"}}),
        &[],
    );
    assert_eq!(t.creature("vera")["stamina"], 3);
    assert_eq!(wounds(&t, "vera"), 1);

    // Carrying a ration, she still eats none.
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(
        rations(&t, "vera"),
        1,
        "a creature that needs no food keeps its ration"
    );
    assert_eq!(rations(&t, "bram"), 0);
    t.assert_replays();
}

#[test]
// Covers CR-MIASMA-07, CR-REST-01: a Ravenous creature that needs no food cannot be short of
// its second ration at a rest started with `start_rest`.
fn cr_miasma_07_a_ravenous_creature_that_needs_no_food_is_not_hungry_at_a_rest() {
    let mut t = ravenous_vera();
    needs_no_food(&mut t, "vera");
    wound(&mut t, "vera", 5, &[5, 6]);
    give_rations(&mut t, "bram", [1]);
    let events = t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(
        rules_events(&events, "rest_started")[0]["hungry"],
        json!([])
    );
    assert_eq!(rations(&t, "vera"), 0);
    t.referee_rules(json!({"rest_sleep": {"creatures": ["vera", "bram"]}}), &[]);
    let events = t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert_eq!(
        rules_events(&events, "rest_finishing")[0]["unrested"],
        json!({})
    );
    let d = t.decision_for("crows.explore.remove_wound", "vera");
    t.ok(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "slot_5"}}),
        &MIASMA_TIER_2,
    );
    assert_eq!(t.creature("vera")["stamina"], 3);
    assert_eq!(wounds(&t, "vera"), 1);
    t.assert_replays();
}

#[test]
// Covers CR-MIASMA-07, CR-REST-01, CR-UD-05: in the rest in the open a Ravenous creature that
// needs no food eats nothing and is not denied the rest (its "Rest" usage dice come back).
fn cr_miasma_07_a_ravenous_creature_that_needs_no_food_is_not_denied_a_rest_in_the_open() {
    let mut t = ravenous_vera();
    needs_no_food(&mut t, "vera");
    spent_primer(&mut t, "vera", 1);
    rest_in_the_open(&mut t);
    let ev = t.referee_rules(json!({"travel_rest_end": {}}), &MIASMA_TIER_2);
    let ev = all_rules_events(&ev);
    assert!(named(&ev, "rest_denied").is_empty(), "{ev:?}");
    assert!(named(&ev, "rest_not_counted").is_empty(), "{ev:?}");
    assert_eq!(
        primer_dice(&t, "vera"),
        3,
        "the rest restores the Rest line"
    );
    t.assert_replays();
}

#[test]
// Covers CR-MIASMA-07, CR-REST-02, CR-UD-05: a Ravenous character who eats one ration in the
// rest in the open gets nothing from it, as from a dungeon rest: its "Rest" usage dice stay
// spent and the rest does not count for its rest activities; Bram's come back.
fn cr_miasma_07_ravenous_short_of_rations_in_the_open_gets_no_rest_usage_dice_back() {
    let mut t = ravenous_vera();
    spent_primer(&mut t, "vera", 2);
    spent_primer(&mut t, "bram", 2);
    rest_in_the_open(&mut t);
    give_rations(&mut t, "vera", [1]);
    let meals = json!({"vera": ration_ids(&t, "vera")});
    let ev = t.referee_rules(json!({"travel_rest_end": {"meals": meals}}), &MIASMA_TIER_2);
    assert_eq!(rations(&t, "vera"), 0, "she ate her one ration");
    assert_eq!(primer_dice(&t, "vera"), 2, "no Rest usage dice back");
    assert_eq!(primer_dice(&t, "bram"), 3, "Bram's come back");
    let ev = all_rules_events(&ev);
    let denied: Vec<Value> = named(&ev, "rest_denied")
        .into_iter()
        .map(|d| d["creature"].clone())
        .collect();
    assert_eq!(denied, [json!("vera")]);
    let not_counted: Vec<Value> = named(&ev, "rest_not_counted")
        .into_iter()
        .map(|d| d["creatures"].clone())
        .collect();
    assert_eq!(not_counted, [json!(["vera"])]);
    t.assert_replays();
}

#[test]
// Covers CR-ERR-79, CR-MIASMA-07, CR-MIASMA-05: a rest in the open outside the Miasma ends the
// rows lasting until the Miasma is left before the rest is judged, so a Ravenous crow who eats
// one ration there is not denied it.
fn cr_err_79_a_ravenous_crow_resting_outside_the_miasma_needs_one_ration() {
    let mut t = ravenous_vera();
    spent_primer(&mut t, "vera", 2);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {"in_miasma": false}}), &[1]);
    sleep_party(&mut t);
    assert_eq!(
        t.state()["travel"]["miasma"]["vera"]["rows"],
        json!([]),
        "Ravenous ended on leaving the Miasma"
    );
    give_rations(&mut t, "vera", [1]);
    let meals = json!({"vera": ration_ids(&t, "vera")});
    let ev = t.referee_rules(json!({"travel_rest_end": {"meals": meals}}), &[]);
    let ev = all_rules_events(&ev);
    assert!(named(&ev, "rest_denied").is_empty(), "{ev:?}");
    assert_eq!(
        primer_dice(&t, "vera"),
        3,
        "the rest restores the Rest line"
    );
    assert_eq!(t.state()["travel"]["miasma"]["vera"]["cruelty"], 0);
    t.assert_replays();
}
