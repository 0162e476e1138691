//! Miasma errata played through the engine: the rest's resistance roll, who makes it, the
//! table's cruelty level, the rows' Forage bonus and expertise, helpers, leaving the Miasma.

use super::common::*;

fn miasma(t: &T, who: &str) -> Value {
    travel(t)["miasma"][who].clone()
}

/// Vera (Mind 0, Alice) and Bram (Mind 2, Bob) at (0, 0) in the Miasma; (0, 1) is free of it.
fn setup() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"set_hexes": {"hexes": [
            {"q": 0, "r": 0, "terrain": "plains"},
            {"q": 0, "r": 1, "terrain": "farmstead", "in_miasma": false}
        ]}}),
        &[],
    );
    t.referee_rules(json!({"set_party": {"members": ["vera", "bram"]}}), &[]);
    t.referee_rules(json!({"place_party": {"q": 0, "r": 0}}), &[]);
    t
}

/// A travel day without roles and a rest in the open; `dice` are the rest's end.
fn night(t: &mut T, dice: &[i64]) -> Vec<Value> {
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    let ev = t.referee_rules(json!({"travel_rest_end": {}}), dice);
    all_rules_events(&ev)
}

const VERA_T1: [i64; 2] = [3, 3];
const VERA_T2: [i64; 2] = [6, 7];
const VERA_T3: [i64; 2] = [9, 8];
const BRAM_T1: [i64; 2] = [3, 3];
const BRAM_T2: [i64; 2] = [6, 6];

fn dice(parts: &[&[i64]]) -> Vec<i64> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

#[test]
fn cr_err_17_ravenous_adds_two_to_forage_only() {
    let mut t = setup();
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[2]]));
    assert_eq!(miasma(&t, "vera")["rows"], json!(["ravenous"]));
    end_day(&mut t);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(
        json!({"declare_role": {"creature": "vera", "task": "forage"}}),
        &[],
    );
    t.referee_rules(
        json!({"declare_role": {"creature": "bram", "task": "scout_for_danger"}}),
        &[],
    );
    let ev = all_rules_events(&t.referee_rules(json!({"travel_role_tests": {}}), &[5, 5, 5, 5]));
    let rolled = named(&ev, "test_rolled");
    let forage = rolled
        .iter()
        .find(|r| r["creature"] == "vera")
        .unwrap()
        .to_string();
    assert!(forage.contains("CR-MIASMA-07"), "{forage}");
    assert!(forage.contains(r#"{"type":"bonus","value":2}"#), "{forage}");
    // Vera's other tests get nothing from it.
    end_day(&mut t);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(
        json!({"declare_role": {"creature": "vera", "task": "scout_for_danger"}}),
        &[],
    );
    let ev = all_rules_events(&t.referee_rules(json!({"travel_role_tests": {}}), &[5, 5]));
    let scout = named(&ev, "test_rolled")[0].to_string();
    assert!(!scout.contains("CR-MIASMA-07"), "{scout}");
}

#[test]
fn cr_err_59_one_mind_resistance_roll_at_the_end_of_each_rest_in_the_miasma() {
    let mut t = setup();
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    let ev = t.referee_rules(json!({"travel_rest": {}}), &[1]);
    assert!(
        named(&all_rules_events(&ev), "miasma_rolled").is_empty(),
        "not before"
    );
    let ev = all_rules_events(
        &t.referee_rules(json!({"travel_rest_end": {}}), &dice(&[&VERA_T2, &BRAM_T2])),
    );
    assert_eq!(named(&ev, "miasma_rolled").len(), 2, "once per human");
    for who in ["vera", "bram"] {
        let spec = t.state()["last_tests"][who]["spec"].clone();
        assert_eq!(spec["characteristic"], "mind", "{who}");
        assert!(
            spec.to_string().to_lowercase().contains("resistance"),
            "a resistance roll: {spec}"
        );
    }
    // A rest outside the Miasma rolls nothing.
    end_day(&mut t);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_move": {"toward": "south"}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    let ev = all_rules_events(&t.referee_rules(json!({"travel_rest_end": {}}), &[]));
    assert!(named(&ev, "miasma_rolled").is_empty());
}

#[test]
fn cr_err_61_the_table_counts_the_level_just_gained() {
    let mut t = setup();
    // d10 2 + the new cruelty 1 = 3: Ravenous (2 alone would be Despondent).
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[2]]));
    assert_eq!(miasma(&t, "vera")["cruelty"], 1);
    assert_eq!(miasma(&t, "vera")["rows"], json!(["ravenous"]));
}

#[test]
fn cr_err_62_the_liars_expertise_has_one_use() {
    let mut t = setup();
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[6]]));
    let d = t.decision("crows.travel.miasma_expertise");
    t.answer(&player("alice"), &d.id, "navigate", None).unwrap();
    assert_eq!(
        t.creature("vera")["expertises"]["uses"]["navigate"],
        json!({"max": 1, "left": 1})
    );
}

#[test]
fn cr_err_63_only_humans_roll_unless_the_referee_names_others() {
    let mut t = setup();
    t.referee_rules(
        json!({"create_creature": {"id": "dog", "kind": "animal",
            "characteristics": {"agility": 2, "mind": -2, "strength": 0}, "stamina": 4}}),
        &[],
    );
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "dog"]}}),
        &[],
    );
    let ev = night(&mut t, &dice(&[&VERA_T2, &BRAM_T2]));
    assert_eq!(
        named(&ev, "miasma_round_started")[0]["rollers"],
        json!(["vera", "bram"])
    );
    // The Referee may name who counts as human (a talking beast, or not Vera).
    let mut t = setup();
    t.referee_rules(
        json!({"create_creature": {"id": "dog", "kind": "animal",
            "characteristics": {"agility": 2, "mind": -2, "strength": 0}, "stamina": 4}}),
        &[],
    );
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "dog"], "humans": ["bram", "dog"]}}),
        &[],
    );
    let ev = night(&mut t, &dice(&[&BRAM_T2, &[6, 8]]));
    assert_eq!(
        named(&ev, "miasma_round_started")[0]["rollers"],
        json!(["bram", "dog"])
    );
}

#[test]
// Covers CR-HAZ-03, CR-ERR-10: the party's dog (no backpack slots of its own, so
// no ration to eat and no slot for a wound) no longer starves to death after its first
// night; the crows who ate nothing still gain their starvation wound.
fn cr_haz_03_a_party_animal_does_not_die_of_the_first_nights_hunger() {
    let mut t = setup();
    t.referee_rules(
        json!({"create_creature": {"id": "dog", "kind": "animal",
            "characteristics": {"agility": 2, "mind": -2, "strength": 0}, "stamina": 4}}),
        &[],
    );
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "dog"]}}),
        &[],
    );
    // The night's rest passes midnight with nothing eaten: the day's hunger check.
    night(&mut t, &dice(&[&VERA_T2, &BRAM_T2]));
    end_day(&mut t);
    assert_eq!(t.creature("dog")["alive"], true);
    assert!(t.state()["corpses"].get("dog").is_none());
    let starving: Vec<String> = t
        .table
        .core()
        .decisions
        .iter()
        .filter(|d| d.kind == "crows.wound_slot" && d.context["kind"] == "Starvation")
        .map(|d| d.context["creature"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(starving, ["bram", "vera"], "the crows still starve");
    t.assert_replays();
}

#[test]
fn cr_err_78_everyone_rolls_then_helpers_choose_and_several_may_help_one() {
    let mut t = setup();
    t.referee_rules(
        json!({"create_creature": {"id": "hugo", "kind": "hireling",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 4}}),
        &[],
    );
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "hugo"]}}),
        &[],
    );
    // Vera and Hugo at tier 3, Bram at tier 1: all three roll before anyone chooses.
    let ev = night(&mut t, &dice(&[&VERA_T3, &BRAM_T1, &VERA_T3]));
    assert_eq!(named(&ev, "miasma_rolled").len(), 3);
    assert!(named(&ev, "miasma_round_done").is_empty());
    let dv = t.decision_for("crows.travel.miasma_choice", "vera");
    let dh = t.decision_for("crows.travel.miasma_choice", "hugo");
    t.answer(&player("alice"), &dv.id, "raise:bram", None)
        .unwrap();
    assert!(
        t.table.core().decisions.iter().any(|d| d.id == dh.id),
        "the round waits for every helper"
    );
    t.answer(&referee(), &dh.id, "raise:bram", None).unwrap();
    // Both helpers count; Bram's tier 1 becomes tier 3 and he gains no cruelty.
    assert_eq!(miasma(&t, "bram")["cruelty"], 0);
    assert_eq!(miasma(&t, "bram")["rows"], json!([]));
    t.assert_replays();
}

#[test]
fn cr_err_79_rows_end_when_the_party_is_somewhere_without_miasma() {
    let mut t = setup();
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[1]]));
    assert_eq!(miasma(&t, "vera")["rows"], json!(["despondent"]));
    end_day(&mut t);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    assert_eq!(
        miasma(&t, "vera")["rows"],
        json!(["despondent"]),
        "still in the Miasma"
    );
    // The walled farmstead has no Miasma: the row ends there, the cruelty level stays.
    t.referee_rules(json!({"travel_move": {"toward": "south"}}), &[]);
    assert_eq!(miasma(&t, "vera")["rows"], json!([]));
    assert_eq!(miasma(&t, "vera")["cruelty"], 1);
}

#[test]
fn cr_ref_41_rage_picks_its_item_by_a_recorded_die_and_the_turned_go_to_the_referee() {
    // 5–6 Rage: which mundane backpack item is destroyed is a recorded d2, not a silent pick.
    let mut t = setup();
    for (slot, name) in [(1, "Rope"), (2, "Lute")] {
        t.referee_rules(
            json!({"place_item": {"creature": "vera", "custom": {"name": name, "slots": 1},
                "slots": [{"kind": "Backpack", "number": slot}]}}),
            &[],
        );
    }
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[4], &[2]]));
    let pick = t
        .log
        .iter()
        .filter(|e| {
            matches!(&e.body, EventBody::Rolled { label, .. }
                if label.starts_with("Miasma rage: which mundane item"))
        })
        .count();
    assert_eq!(pick, 1, "the pick is a recorded roll");
    let names = t.creature("vera")["inventory"].to_string();
    assert!(names.contains("Rope") && !names.contains("Lute"), "{names}");

    // 13+: the character becomes the Referee's.
    let mut t = setup();
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[2]]));
    end_day(&mut t);
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[1, 3]]));
    end_day(&mut t);
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[4]]));
    let d = t.decision("crows.travel.miasma_expertise");
    t.answer(&player("alice"), &d.id, "stealth", None).unwrap();
    end_day(&mut t);
    // Cruelty 4: 9 + 4 = 13.
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[9]]));
    assert_eq!(miasma(&t, "vera")["turned"], true);
    assert_eq!(t.creature("vera")["kind"], "npc");
    let rule = refused_rule(
        &mut t,
        &player("alice"),
        json!({"take_off_armor": {"creature": "vera"}}),
        &[],
    );
    assert_eq!(rule, "CR-MIASMA-08");
}
