//! The Miasma at the table: the rest in the open, the Mind resistance roll after it, cruelty,
//! every row of the effects table and what each enforces.

use crate::common::*;

fn miasma(t: &T, who: &str) -> Value {
    travel(t)["miasma"][who].clone()
}

/// Vera (Mind 0, Alice) and Bram (Mind 2, Bob) at (0, 0) in the Miasma; (0, 1) is a walled
/// farmstead free of it.
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

/// A travel day without roles and a rest in the open, everyone asleep its 4 hours; `dice` are
/// the rest's end (Miasma rolls
/// in party order, then any effects-table d10). Returns the rest's end events.
fn night(t: &mut T, dice: &[i64]) -> Vec<Value> {
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    sleep_party(t);
    let ev = t.referee_rules(json!({"travel_rest_end": {}}), dice);
    all_rules_events(&ev)
}

/// Moves the party to the farmstead (no Miasma) on a new day and rests there, asleep 4 hours.
fn night_outside(t: &mut T) -> Vec<Value> {
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_move": {"toward": "south"}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    sleep_party(t);
    let ev = t.referee_rules(json!({"travel_rest_end": {}}), &[]);
    all_rules_events(&ev)
}

const VERA_T1: [i64; 2] = [3, 3];
const VERA_T2: [i64; 2] = [6, 7];
/// Tier 3 for Vera with one cruelty level (natural 18 − 1).
const VERA_T3_C1: [i64; 2] = [9, 9];
const BRAM_T1: [i64; 2] = [3, 3];
const BRAM_T2: [i64; 2] = [6, 6];

fn dice(parts: &[&[i64]]) -> Vec<i64> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

/// Three nights of tier 1 for Vera: cruelty 3, with Ravenous and Liar in force.
fn cruel_vera(t: &mut T) {
    // Night 1: the new level counts (CR-ERR-61): d10 2 + cruelty 1 = 3, Ravenous (2 alone
    // would be Despondent).
    let ev = night(t, &dice(&[&VERA_T1, &BRAM_T2, &[2]]));
    let set = named(&ev, "miasma_set")
        .into_iter()
        .find(|m| m["creature"] == "vera")
        .unwrap()
        .clone();
    assert_eq!(set["state"]["cruelty"], 1);
    assert_eq!(set["rows_rolled"], json!(["ravenous"]));
    end_day(t);
    // Night 2: 1 + 2 = 3 is Ravenous again, already in force: roll again (CR-MIASMA-06);
    // 3 + 2 = 5, Rage (instantaneous: nothing to destroy, Stamina full, no wound).
    let ev = night(t, &dice(&[&VERA_T1, &BRAM_T2, &[1, 3]]));
    let set = named(&ev, "miasma_set")
        .into_iter()
        .find(|m| m["creature"] == "vera")
        .unwrap()
        .clone();
    assert_eq!(set["rows_rolled"], json!(["ravenous", "rage"]));
    assert_eq!(set["state"]["rows"], json!(["ravenous"]));
    end_day(t);
    // Night 3: 4 + 3 = 7, Liar: Alice picks an expertise Vera lacks.
    night(t, &dice(&[&VERA_T1, &BRAM_T2, &[4]]));
    assert_eq!(miasma(t, "vera")["cruelty"], 3);
    assert_eq!(miasma(t, "vera")["rows"], json!(["ravenous", "liar"]));
    end_day(t);
}

#[test]
// Covers CR-MIASMA-01, CR-ERR-79.
fn cr_miasma_01_places_carry_the_miasma_flag() {
    let mut t = setup();
    // Open ground: the rest is in the Miasma and the humans roll.
    let ev = night(&mut t, &dice(&[&VERA_T2, &BRAM_T2]));
    assert_eq!(named(&ev, "miasma_round_started").len(), 1);
    end_day(&mut t);
    // The walled farmstead is free of it: no roll.
    let ev = night_outside(&mut t);
    assert!(named(&ev, "miasma_round_started").is_empty());
    let begun = t
        .log
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            EventBody::Rules { event } => event.get("rest_begun").cloned(),
            _ => None,
        })
        .unwrap();
    assert_eq!(begun["in_miasma"], false);
    // A site can be free of it too: entering ends the rows lasting until the Miasma is left.
    end_day(&mut t);
    t.referee_rules(
        json!({"set_site": {"id": "vault", "name": "Stone vault", "kind": "dungeon",
            "q": 0, "r": 1, "in_miasma": false}}),
        &[],
    );
    t.referee_rules(json!({"place_party": {"q": 0, "r": 0}}), &[]);
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[1]]));
    assert_eq!(miasma(&t, "vera")["rows"], json!(["despondent"]));
    end_day(&mut t);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_move": {"toward": "south"}}), &[]);
    let d = t.decision("crows.travel.site_reached");
    t.answer(&referee(), &d.id, "explore", None).unwrap();
    assert_eq!(miasma(&t, "vera")["rows"], json!([]));
    assert_eq!(
        miasma(&t, "vera")["cruelty"],
        1,
        "cruelty stays until a rest outside"
    );
}

#[test]
// Covers CR-MIASMA-02, CR-EXP-03, CR-REST-02.
fn cr_miasma_02_rest_in_the_miasma_restores_no_expertise() {
    let mut t = setup();
    // Vera spends a Gymnastics use.
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "agility",
            "approved_expertises": ["gymnastics"]}}),
        &[5, 5],
    );
    let d = t.decision("crows.expertise");
    t.answer(&player("alice"), &d.id, "gymnastics", None)
        .unwrap();
    let uses = |t: &T| t.creature("vera")["expertises"]["uses"]["gymnastics"]["left"].clone();
    assert_eq!(uses(&t), 1);
    night(&mut t, &dice(&[&VERA_T2, &BRAM_T2]));
    assert_eq!(uses(&t), 1, "a rest in the Miasma gives no uses back");
    end_day(&mut t);
    night_outside(&mut t);
    assert_eq!(uses(&t), 2, "a rest outside it does");
    t.assert_replays();
}

#[test]
fn cr_miasma_03_every_tier_of_the_roll() {
    // Tier 1: a cruelty level and a roll on the table; tier 2: nothing.
    let mut t = setup();
    let ev = night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[6]]));
    assert_eq!(miasma(&t, "vera")["cruelty"], 1);
    assert_eq!(miasma(&t, "vera")["rows"], json!(["liar"]));
    assert_eq!(miasma(&t, "bram")["cruelty"], 0);
    assert_eq!(miasma(&t, "bram")["rows"], json!([]));
    assert_eq!(named(&ev, "miasma_rolled").len(), 2);
    end_day(&mut t);
    // Tier 3: Vera raises Bram's tier 1 to tier 2 (no cruelty for him)…
    let ev = night(&mut t, &dice(&[&VERA_T3_C1, &BRAM_T1]));
    assert!(
        named(&ev, "miasma_round_done").is_empty(),
        "waits for Vera's choice"
    );
    let d = t.decision("crows.travel.miasma_choice");
    assert_eq!(d.answerer, engine::Answerer::Controller("vera".into()));
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["clear_cruelty", "raise:bram"]);
    t.answer(&player("alice"), &d.id, "raise:bram", None)
        .unwrap();
    assert_eq!(miasma(&t, "bram")["cruelty"], 0);
    assert_eq!(
        miasma(&t, "vera")["cruelty"],
        1,
        "raising another keeps her own cruelty"
    );
    end_day(&mut t);
    // …or clears her own cruelty (and Bram's tier 1 stands: cruelty and a table roll).
    night(&mut t, &dice(&[&VERA_T3_C1, &BRAM_T1]));
    let d = t.decision("crows.travel.miasma_choice");
    let a = json!({"answer": {"decision": d.id, "option": "clear_cruelty"}});
    t.run(&player("alice"), a, &[1]).unwrap();
    assert_eq!(miasma(&t, "vera")["cruelty"], 0);
    assert_eq!(miasma(&t, "bram")["cruelty"], 1);
    assert_eq!(miasma(&t, "bram")["rows"], json!(["despondent"]));
    t.assert_replays();
}

#[test]
// Covers CR-MIASMA-04, CR-MIASMA-09.
fn cr_miasma_04_cruelty_penalty_worked_example() {
    let mut t = setup();
    cruel_vera(&mut t);
    t.referee_rules(
        json!({"edit_creature": {"id": "vera",
            "characteristics": {"agility": 1, "mind": 1, "strength": 2}}}),
        &[],
    );
    // Cruelty 3, Mind 1, natural 14 → 12 → tier 2.
    let ev = night(&mut t, &dice(&[&[7, 7], &BRAM_T2]));
    let rolled = named(&ev, "test_rolled")
        .into_iter()
        .find(|r| r["creature"] == "vera")
        .unwrap()
        .clone();
    let mods = rolled["rolled"]["spec"]["modifiers"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(mods[0]["effect"], json!({"type": "bonus", "value": -3}));
    assert_eq!(mods[0]["source"]["rule"], "CR-MIASMA-04");
    let tier = named(&ev, "miasma_rolled")
        .into_iter()
        .find(|r| r["creature"] == "vera")
        .unwrap()["tier"]
        .clone();
    assert_eq!(tier, 2);
    assert_eq!(miasma(&t, "vera")["cruelty"], 3);
}

#[test]
fn cr_miasma_05_a_rest_outside_clears_cruelty() {
    let mut t = setup();
    cruel_vera(&mut t);
    // Liar's expertise came with the row.
    let d = t.decision("crows.travel.miasma_expertise");
    t.answer(&player("alice"), &d.id, "endurance", None)
        .unwrap();
    assert_eq!(
        t.creature("vera")["expertises"]["uses"]["endurance"]["max"],
        1
    );
    night_outside(&mut t);
    assert_eq!(miasma(&t, "vera")["cruelty"], 0);
    assert_eq!(miasma(&t, "vera")["rows"], json!([]));
    // The Liar's expertise is gone with its row.
    assert!(
        t.creature("vera")["expertises"]["uses"]
            .get("endurance")
            .is_none()
    );
    assert!(travel(&t)["granted"].get("vera").is_none());
}

#[test]
// Covers CR-MIASMA-06, CR-ERR-61.
fn cr_miasma_06_table_counts_the_new_level_and_rerolls_pairs_in_force() {
    let mut t = setup();
    cruel_vera(&mut t);
    // Every d10 was recorded publicly.
    let labels = t
        .log
        .iter()
        .filter(
            |e| matches!(&e.body, EventBody::Rolled { label, .. } if label == "Miasma effects d10"),
        )
        .count();
    assert_eq!(labels, 4);
}

#[test]
// Covers CR-MIASMA-07, CR-ROLE-15, CR-ERR-17, CR-ERR-62, CR-REST-06.
fn cr_miasma_07_every_row_of_the_effects_table() {
    // 1–2 Despondent: shown (the sneak/hide edge) for the owner only.
    let mut t = setup();
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[1]]));
    assert_eq!(miasma(&t, "vera")["rows"], json!(["despondent"]));
    let alice_view = t.table.view(&alice());
    assert_eq!(
        alice_view["rules"]["travel"]["miasma"]["vera"]["rows"],
        json!(["despondent"])
    );
    let bob_view = t.table.view(&Viewer::Player("bob".into()));
    assert!(bob_view["rules"]["travel"]["miasma"].get("vera").is_none());
    // The edge reaches Vera's sneak test through core (and not a plain test).
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "agility",
            "activities": ["sneak"]}}),
        &[5, 5],
    );
    let sneak = t.state()["last_tests"]["vera"].to_string();
    assert!(sneak.contains("CR-MIASMA-07"), "{sneak}");
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "agility"}}),
        &[5, 6],
    );
    let plain = t.state()["last_tests"]["vera"].to_string();
    assert!(!plain.contains("CR-MIASMA-07"), "{plain}");

    // 3–4 Ravenous: +2 on Forage; a rest without two rations gives no benefits.
    let mut t = setup();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[2]]));
    assert_eq!(miasma(&t, "vera")["rows"], json!(["ravenous"]));
    end_day(&mut t);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(
        json!({"declare_role": {"creature": "vera", "task": "forage"}}),
        &[],
    );
    let ev = t.referee_rules(json!({"travel_role_tests": {}}), &[5, 5]);
    let ev = all_rules_events(&ev);
    let mods = named(&ev, "test_rolled")[0]["rolled"]["spec"]["modifiers"].clone();
    assert_eq!(mods[0]["effect"], json!({"type": "bonus", "value": 2}));
    assert_eq!(mods[0]["source"]["rule"], "CR-MIASMA-07");
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    for slot in [1, 2] {
        t.referee_rules(
            json!({"place_item": {"creature": "vera", "card": "ration",
                "slots": [{"kind": "Backpack", "number": slot}]}}),
            &[],
        );
    }
    let ids: Vec<Value> = t.creature("vera")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["item"]["id"].clone())
        .collect();
    // One ration only: the rest is denied.
    let ev = t.referee_rules(
        json!({"travel_rest_end": {"meals": {"vera": [ids[0]]}}}),
        &dice(&[&VERA_T2, &BRAM_T2]),
    );
    let denied = named(&all_rules_events(&ev), "rest_denied")
        .into_iter()
        .map(|d| d["creature"].clone())
        .collect::<Vec<_>>();
    assert_eq!(denied, [json!("vera")]);
    end_day(&mut t);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "ration",
            "slots": [{"kind": "Backpack", "number": 3}]}}),
        &[],
    );
    let ids: Vec<Value> = t.creature("vera")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["item"]["id"].clone())
        .collect();
    assert_eq!(ids.len(), 2);
    let ev = t.referee_rules(
        json!({"travel_rest_end": {"meals": {"vera": ids}}}),
        &dice(&[&VERA_T2, &BRAM_T2]),
    );
    assert!(named(&all_rules_events(&ev), "rest_denied").is_empty());

    // 5–6 Rage: a random mundane backpack item is destroyed, 3 Stamina back.
    let mut t = setup();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Rope", "slots": 1},
            "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Lute", "slots": 1},
            "slots": [{"kind": "Backpack", "number": 2}]}}),
        &[],
    );
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "max_stamina": 6, "stamina": 1}}),
        &[],
    );
    // Vera keeps watch all night (no sleep, so the rest itself gives her no Stamina,
    // CR-REST-01): the 3 Stamina seen are the Rage's.
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    t.referee_rules(json!({"rest_sleep": {"creatures": ["bram"]}}), &[]);
    t.referee_rules(
        json!({"travel_rest_end": {}}),
        &dice(&[&VERA_T1, &BRAM_T2, &[4], &[2]]),
    );
    let names: Vec<String> = t.creature("vera")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["item"]["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["Rope"], "the d2 picked the lute");
    assert_eq!(t.creature("vera")["stamina"], 4);
    assert_eq!(miasma(&t, "vera")["rows"], json!([]), "instantaneous");

    // 7–8 Liar: an expertise Vera lacks, one use (CR-ERR-62).
    let mut t = setup();
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[6]]));
    let d = t.decision("crows.travel.miasma_expertise");
    assert!(d.options.iter().all(|o| o.id != "gymnastics"), "she has it");
    t.answer(&player("alice"), &d.id, "navigate", None).unwrap();
    assert_eq!(
        t.creature("vera")["expertises"]["uses"]["navigate"],
        json!({"max": 1, "left": 1})
    );

    // 9–10 Lazy: no travel role.
    let mut t = setup();
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[8]]));
    assert_eq!(miasma(&t, "vera")["rows"], json!(["lazy"]));
    end_day(&mut t);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    let rule = refused_rule(
        &mut t,
        &player("alice"),
        json!({"declare_role": {"creature": "vera", "task": "forage"}}),
        &[],
    );
    assert_eq!(rule, "CR-ROLE-15");

    // 11–12 Violent: lasts until the cruelty is gone.
    let mut t = setup();
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[10]]));
    assert_eq!(miasma(&t, "vera")["rows"], json!(["violent"]));
    end_day(&mut t);
    night(&mut t, &dice(&[&VERA_T3_C1, &BRAM_T2]));
    let d = t.decision("crows.travel.miasma_choice");
    t.answer(&player("alice"), &d.id, "clear_cruelty", None)
        .unwrap();
    assert_eq!(miasma(&t, "vera")["rows"], json!([]));

    // 13+ Turned: see cr_miasma_08.
}

#[test]
// Covers CR-MIASMA-08, CR-MIASMA-02.
fn cr_miasma_08_turned_crow_goes_to_the_referee() {
    let mut t = setup();
    cruel_vera(&mut t);
    let d = t.decision("crows.travel.miasma_expertise");
    t.answer(&player("alice"), &d.id, "stealth", None).unwrap();
    // Tier 1 again: cruelty 4, 9 + 4 = 13.
    night(&mut t, &dice(&[&VERA_T1, &BRAM_T2, &[9]]));
    let m = miasma(&t, "vera");
    assert_eq!(m["turned"], true);
    assert_eq!(m["cruelty"], 0);
    assert_eq!(m["rows"], json!(["turned"]));
    assert_eq!(t.creature("vera")["kind"], "npc");
    // Every other effect ended: the Liar's expertise is gone.
    assert!(
        t.creature("vera")["expertises"]["uses"]
            .get("stealth")
            .is_none()
    );
    end_day(&mut t);
    // Alice no longer declares Vera's roles; no more Miasma rolls for her; and a rest in the
    // Miasma now restores her expertise uses.
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    let rule = refused_rule(
        &mut t,
        &player("alice"),
        json!({"declare_role": {"creature": "vera", "task": "forage"}}),
        &[],
    );
    assert_eq!(rule, "CR-MIASMA-08");
    // Nor any other command for Vera (core's included); the Referee still may.
    let rule = refused_rule(
        &mut t,
        &player("alice"),
        json!({"take_off_armor": {"creature": "vera"}}),
        &[],
    );
    assert_eq!(rule, "CR-MIASMA-08");
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "agility",
            "approved_expertises": ["gymnastics"]}}),
        &[5, 5],
    );
    let d = t.decision("crows.expertise");
    t.answer(&referee(), &d.id, "gymnastics", None).unwrap();
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    sleep_party(&mut t);
    let ev = t.referee_rules(json!({"travel_rest_end": {}}), &BRAM_T2);
    let ev = all_rules_events(&ev);
    assert_eq!(
        named(&ev, "miasma_round_started")[0]["rollers"],
        json!(["bram"])
    );
    assert_eq!(
        t.creature("vera")["expertises"]["uses"]["gymnastics"]["left"],
        2
    );
}

#[test]
// Covers CR-MIASMA-09, CR-ERR-63, CR-ERR-59, CR-RR-02.
fn cr_miasma_09_humans_roll_with_their_usual_expertise() {
    let mut t = setup();
    t.referee_rules(
        json!({"create_creature": {"id": "dog", "kind": "animal",
            "characteristics": {"agility": 2, "mind": -2, "strength": 0}, "stamina": 4}}),
        &[],
    );
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "expertises": {"endurance": 1}}}),
        &[],
    );
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "dog"]}}),
        &[],
    );
    // Vera 5 + 6 = 11: tier 1, Endurance would make it tier 2; offered without approval.
    let ev = night(&mut t, &[5, 6]);
    assert_eq!(
        named(&ev, "miasma_round_started")[0]["rollers"],
        json!(["vera", "bram"]),
        "the dog does not roll"
    );
    let d = t.decision("crows.expertise");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["commit", "endurance"]);
    let a = json!({"answer": {"decision": d.id, "option": "endurance"}});
    t.run(&player("alice"), a, &BRAM_T2).unwrap();
    assert_eq!(miasma(&t, "vera")["cruelty"], 0, "tier 2 after Endurance");
    // The Referee may name other humans.
    end_day(&mut t);
    t.referee_rules(
        json!({"set_party": {"members": ["vera", "bram", "dog"], "humans": ["bram"]}}),
        &[],
    );
    let ev = night(&mut t, &BRAM_T2);
    assert_eq!(
        named(&ev, "miasma_round_started")[0]["rollers"],
        json!(["bram"])
    );
}

/// Vera hits a ghoul once with a sword at tier 2 (fixed dice); returns the ghoul's Stamina lost.
fn sword_hit(t: &mut T) -> i64 {
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "ghoul", "name": "Ghoul", "kind": "monster",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 20}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "sword",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    let sword = t.creature("vera")["inventory"]["items"]
        .as_array()
        .and_then(|items| items.iter().find(|i| i["item"]["card"] == "sword"))
        .map(|i| i["item"]["id"].clone())
        .unwrap_or_else(|| panic!("no sword: {}", t.creature("vera")));
    for (id, x, side) in [("vera", 0, "crows"), ("ghoul", 1, "enemies")] {
        t.referee_rules(
            json!({"place": {"creature": id, "at": {"x": x, "y": 0}, "side": side}}),
            &[],
        );
    }
    t.referee_rules(json!({"start_combat": {}}), &[]);
    t.referee_rules(
        json!({"order_side": {"side": "crows", "order": ["vera"]}}),
        &[],
    );
    t.referee_rules(json!({"roll_initiative": {"roller": "alice"}}), &[]);
    let d = t.decision("crows.combat.initiative");
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[9],
    )
    .unwrap();
    let before = t.creature("ghoul")["stamina"].as_i64().unwrap();
    // 6 + 7 = 13 (+ Agility 0): tier 2, 1d6 + 1 with a 3.
    t.ok(
        &player("alice"),
        json!({"rules": {"attack": {"creature": "vera", "target": "ghoul", "weapon": sword}}}),
        &[6, 7, 3],
    );
    before - t.creature("ghoul")["stamina"].as_i64().unwrap()
}

#[test]
// Covers CR-MIASMA-07.
fn cr_miasma_07_violent_adds_one_to_weapon_damage() {
    let mut calm = setup();
    let calm_loss = sword_hit(&mut calm);
    let mut violent = setup();
    night(&mut violent, &dice(&[&VERA_T1, &BRAM_T2, &[10]]));
    assert_eq!(miasma(&violent, "vera")["rows"], json!(["violent"]));
    let violent_loss = sword_hit(&mut violent);
    assert!(calm_loss > 0, "the hit does damage");
    assert_eq!(violent_loss, calm_loss + 1);
}

#[test]
// Covers CR-TRAVEL-02, CR-REST-02: a rest in the open begun by a version whose
// `travel_rest` opened no rest record (an old log: the same events without explore's
// `rest_started`) can still be ended, and ends like any rest nobody slept in.
fn cr_travel_02_a_rest_in_the_open_from_an_old_log_can_be_ended() {
    let mut t = setup();
    wound(&mut t, "vera", 5, &[5, 6]);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    // The old log: explore's record of the rest was never written (later seqs close up).
    let gone: Vec<u64> = t
        .log
        .iter()
        .filter(|e| matches!(&e.body, EventBody::Rules { event } if event.get("rest_started").is_some()))
        .map(|e| e.seq)
        .collect();
    assert_eq!(gone.len(), 1);
    let old: Vec<Envelope> = t
        .log
        .iter()
        .filter(|e| e.seq != gone[0])
        .cloned()
        .map(|mut e| {
            if e.seq > gone[0] {
                e.seq -= 1;
            }
            if e.batch > gone[0] {
                e.batch -= 1;
            }
            e
        })
        .collect();
    let table = Table::replay(&t.registry, &old).unwrap();
    let mut t = T {
        registry: registry(),
        table,
        log: old,
    };
    assert!(explore_view(&t, &Viewer::Referee)["rest"].is_null());
    assert_eq!(travel(&t)["day"]["step"], "rest");
    // It ends: the Miasma round follows (Vera and Bram at tier 2), nothing is restored.
    t.referee_rules(
        json!({"travel_rest_end": {"completed": true}}),
        &dice(&[&VERA_T2, &BRAM_T2]),
    );
    assert!(!t.table.core().clock.resting, "the rest is over");
    assert!(explore_view(&t, &Viewer::Referee)["rest"].is_null());
    assert_eq!(t.creature("vera")["stamina"], 0);
    assert_eq!(wounds(&t, "vera"), 2);
    t.assert_replays();
}

#[test]
// Covers CR-REST-02, CR-TRAVEL-02, CR-REST-01, CR-REST-07.
fn cr_rest_02_cr_travel_02_a_rest_in_the_open_restores_stamina_and_a_wound() {
    let mut t = setup();
    wound(&mut t, "vera", 5, &[5, 6]);
    wound(&mut t, "bram", 7, &[5, 6]);
    assert_eq!(t.creature("vera")["stamina"], 0);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    // The rest in the open is the rest procedure: the travelling party rests in the wilderness,
    // and sleep is recorded as in any rest. Bram keeps watch all night and never sleeps.
    let rest = explore_view(&t, &Viewer::Referee)["rest"].clone();
    assert_eq!(rest["party"], json!(["vera", "bram"]));
    assert_eq!(rest["place"], "wilderness");
    t.referee_rules(json!({"rest_sleep": {"creatures": ["vera"]}}), &[]);
    assert!(
        t.creature("vera")["conditions"]
            .to_string()
            .contains("unconscious")
    );
    // The rest in the open ends through travel_rest_end only, which keeps the day's steps.
    for cmd in [
        json!({"finish_rest": {}}),
        json!({"interrupt_rest": {}}),
        json!({"rest_encounter_check": {"threshold": 7}}),
    ] {
        assert_eq!(refused_rule(&mut t, &referee(), cmd, &[]), "CR-TRAVEL-02");
    }
    t.referee_rules(json!({"travel_rest_end": {"completed": true}}), &[]);
    // Nothing is restored before Vera's choice, and the Miasma waits for the rest's end.
    assert_eq!(t.creature("vera")["stamina"], 0);
    assert_eq!(travel(&t)["day"]["step"], "rest");
    let d = t.decision_for("crows.explore.remove_wound", "vera");
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.explore.remove_wound" || d.context["creature"] == "vera"),
        "Bram slept no hours: no wound for him to choose"
    );
    // A second end while the choice is open is refused and changes nothing.
    assert_eq!(
        refused_rule(
            &mut t,
            &referee(),
            json!({"travel_rest_end": {"completed": true}}),
            &[]
        ),
        "CR-REST-02"
    );
    // Vera's choice ends the rest: full Stamina, one wound fewer; then the Miasma rolls
    // (CR-TRAVEL-02 step 6), Vera and Bram at tier 2.
    let a = json!({"answer": {"decision": d.id, "option": "slot_6"}});
    let ev = t
        .run(&player("alice"), a, &dice(&[&VERA_T2, &BRAM_T2]))
        .unwrap();
    let ev = all_rules_events(&ev);
    assert_eq!(t.creature("vera")["stamina"], 3);
    assert_eq!(wounds(&t, "vera"), 1);
    assert!(t.creature("vera")["inventory"]["wounds"][5].is_null());
    assert!(
        !t.creature("vera")["conditions"]
            .to_string()
            .contains("unconscious"),
        "the sleeper woke at the rest's end"
    );
    // Bram did not sleep his 4 hours: the rest gives him nothing (CR-REST-01).
    assert_eq!(t.creature("bram")["stamina"], 0);
    assert_eq!(wounds(&t, "bram"), 2);
    assert_eq!(
        named(&ev, "miasma_round_started")[0]["rollers"],
        json!(["vera", "bram"])
    );
    assert_eq!(travel(&t)["day"]["step"], "next_day");
    assert_eq!(t.table.core().clock.rests_completed, 1);
    t.assert_replays();
}

#[test]
// Covers CR-REST-09, CR-TRAVEL-02.
fn cr_rest_09_an_interrupted_rest_in_the_open_wakes_the_sleepers_and_gives_nothing() {
    let mut t = setup();
    wound(&mut t, "vera", 5, &[5, 6]);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    sleep_party(&mut t);
    t.referee_rules(json!({"travel_rest_end": {"completed": false}}), &[]);
    assert_eq!(t.creature("vera")["stamina"], 0);
    assert_eq!(wounds(&t, "vera"), 2);
    assert!(
        !t.creature("vera")["conditions"]
            .to_string()
            .contains("unconscious")
    );
    assert!(explore_view(&t, &Viewer::Referee)["rest"].is_null());
    assert_eq!(t.table.core().clock.rests_completed, 0);
    // Sleep is refused once the rest is over, naming why.
    let rule = refused_rule(
        &mut t,
        &referee(),
        json!({"rest_sleep": {"creatures": ["vera"]}}),
        &[],
    );
    assert_eq!(rule, "CR-REST-09");
}
