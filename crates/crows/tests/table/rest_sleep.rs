//! Rest through the engine, continued: the 4 hours asleep, the Ravenous second ration, lights
//! burning through a rest and harvested parts as items.

use crate::common::*;

fn all_events(t: &T, name: &str) -> Vec<Value> {
    rules_events(&t.log, name)
}

fn sleep(t: &mut T, who: &[&str], hours: Option<u32>) -> Result<(), Option<String>> {
    let mut cmd = json!({"rest_sleep": {"creatures": who}});
    if let Some(h) = hours {
        cmd["rest_sleep"]["hours"] = json!(h);
    }
    t.run(&referee(), json!({ "rules": cmd }), &[])
        .map(|_| ())
        .map_err(|e| rule_of(e).1)
}

#[test]
// Covers CR-REST-01, CR-REST-07, CR-RACT-02, CR-RACT-09: the 4 hours asleep.
fn cr_rest_01_a_creature_that_did_not_sleep_four_hours_gains_nothing_from_the_rest() {
    let mut t = party();
    items_json(&mut t);
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    // Vera spends a Gymnastics use; both are wounded at 0 Stamina.
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
    wound(&mut t, "vera", 5, &[5, 6]);
    wound(&mut t, "bram", 7, &[5, 6]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    // Vera keeps watch and tends Bram's two wounds; Bram sings by the fire.
    t.ok(
        &player("alice"),
        json!({"rules": {"choose_rest_activity": {"creature": "vera",
            "activity": {"kind": "tend_wounds", "target": "bram"}}}}),
        &[],
    );
    t.ok(
        &player("bob"),
        json!({"rules": {"choose_rest_activity": {"creature": "bram",
            "activity": {"kind": "other", "name": "sing by the fire"}}}}),
        &[],
    );
    // Bram sleeps his 4 hours; Vera only 3.
    sleep(&mut t, &["bram"], None).unwrap();
    sleep(&mut t, &["vera"], Some(3)).unwrap();
    assert_eq!(
        explore_view(&t, &Viewer::Referee)["rest"]["slept"],
        json!({"bram": 4, "vera": 3})
    );
    let events = t.referee_rules(json!({"finish_rest": {}}), &[]);
    let finishing = &rules_events(&events, "rest_finishing")[0];
    assert_eq!(finishing["unrested"], json!({"vera": "CR-REST-01"}));
    // Only Bram chooses, one wound: his tender did not finish the rest (CR-RACT-09).
    assert_eq!(finishing["picks"], json!({"bram": 1}));
    let d = t.decision_for("crows.explore.remove_wound", "bram");
    t.answer(&player("bob"), &d.id, "slot_6", None).unwrap();
    assert_eq!(t.creature("bram")["stamina"], 5);
    assert_eq!(wounds(&t, "bram"), 1);
    // Vera: no Stamina, no wound removed, no expertise use back, no activity.
    assert_eq!(t.creature("vera")["stamina"], 0);
    assert_eq!(wounds(&t, "vera"), 2);
    assert_eq!(uses(&t), 1);
    let resolved: Vec<String> = all_events(&t, "activity_resolved")
        .iter()
        .map(|a| a["creature"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        resolved,
        ["bram"],
        "Vera's activity needs the rest completed"
    );
    assert_eq!(t.table.core().clock.rests_completed, 1);

    // The next rest, Vera sleeps her 4 hours and it works for her too.
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    sleep(&mut t, &["vera", "bram"], None).unwrap();
    t.referee_rules(json!({"finish_rest": {}}), &[]);
    let d = t.decision_for("crows.explore.remove_wound", "vera");
    t.answer(&player("alice"), &d.id, "slot_5", None).unwrap();
    let d = t.decision_for("crows.explore.remove_wound", "bram");
    t.answer(&player("bob"), &d.id, "slot_5", None).unwrap();
    assert_eq!(t.creature("vera")["stamina"], 3);
    assert_eq!(wounds(&t, "vera"), 1);
    assert_eq!(uses(&t), 2);
    t.assert_replays();
}

#[test]
// Covers CR-REST-01, CR-REST-07: sleep is recorded in hours, up to the rest's 6.
fn cr_rest_01_sleep_is_recorded_in_stretches_up_to_the_rests_six_hours() {
    let mut t = party();
    items_json(&mut t);
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    // Not outside a rest.
    assert_eq!(
        sleep(&mut t, &["vera"], None).unwrap_err().as_deref(),
        Some("CR-REST-01")
    );
    t.referee_rules(json!({"start_rest": {}}), &[]);
    for bad in [
        json!({"rest_sleep": {"creatures": ["vera"], "hours": 0}}),
        json!({"rest_sleep": {"creatures": ["vera"], "hours": 7}}),
        json!({"rest_sleep": {"creatures": ["vera", "vera"]}}),
    ] {
        assert!(refusal(&mut t, &referee(), r(bad), &[]).is_some());
    }
    // Vera sleeps 2 hours, a noise wakes her, she sleeps again: by default what she still
    // needs (2 more), then she may not sleep past the rest's 6 hours.
    sleep(&mut t, &["vera"], Some(2)).unwrap();
    t.referee_rules(
        json!({"rest_noise": {"creatures": ["vera"], "distance": 3}}),
        &[],
    );
    sleep(&mut t, &["vera"], None).unwrap();
    assert_eq!(
        explore_view(&t, &Viewer::Referee)["rest"]["slept"]["vera"],
        4
    );
    t.referee_rules(
        json!({"rest_noise": {"creatures": ["vera"], "distance": 3}}),
        &[],
    );
    assert_eq!(
        refusal(
            &mut t,
            &referee(),
            r(json!({"rest_sleep": {"creatures": ["vera"], "hours": 3}})),
            &[]
        )
        .as_deref(),
        Some("CR-REST-01")
    );
    // Bram never sleeps: the rest is finished for the group, but not complete for him.
    let events = t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert_eq!(
        rules_events(&events, "rest_finishing")[0]["unrested"],
        json!({"bram": "CR-REST-01"})
    );
    t.assert_replays();
}

#[test]
// Covers CR-MIASMA-07, CR-REST-06, CR-REST-01: the Ravenous second ration in a rest started
// with `start_rest`.
fn cr_rest_06_a_ravenous_character_eats_two_rations_or_the_rest_gives_it_nothing() {
    let mut t = ravenous_vera();
    wound(&mut t, "vera", 5, &[5, 6]);
    wound(&mut t, "bram", 6, &[6]);
    // One ration each: Bram needs one, Vera two. Vera eats hers, the rest gives her nothing.
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    let events = t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(
        rules_events(&events, "rest_started")[0]["hungry"],
        json!(["vera"])
    );
    assert_eq!(rations(&t, "vera"), 0);
    assert_eq!(rations(&t, "bram"), 0);
    t.referee_rules(json!({"rest_sleep": {"creatures": ["vera", "bram"]}}), &[]);
    let events = t.referee_rules(json!({"finish_rest": {}}), &[]);
    assert_eq!(
        rules_events(&events, "rest_finishing")[0]["unrested"],
        json!({"vera": "CR-MIASMA-07"})
    );
    let d = t.decision_for("crows.explore.remove_wound", "bram");
    t.ok(
        &player("bob"),
        json!({"answer": {"decision": d.id, "option": "slot_6"}}),
        &MIASMA_TIER_2,
    );
    assert_eq!(t.creature("vera")["stamina"], 0);
    assert_eq!(wounds(&t, "vera"), 2);
    assert_eq!(t.creature("bram")["stamina"], 5);
    assert_eq!(wounds(&t, "bram"), 0);

    // With three rations she eats two (one stays) and rests like anyone else.
    give_rations(&mut t, "vera", [1, 2, 3]);
    give_rations(&mut t, "bram", [1]);
    let events = t.referee_rules(json!({"start_rest": {}}), &[]);
    assert_eq!(
        rules_events(&events, "rest_started")[0]["hungry"],
        json!([])
    );
    assert_eq!(rations(&t, "vera"), 1);
    t.referee_rules(json!({"rest_sleep": {"creatures": ["vera", "bram"]}}), &[]);
    t.referee_rules(json!({"finish_rest": {}}), &[]);
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
// Covers CR-ERR-34, CR-UD-06, CR-UD-07, CR-REST-04: lights burning through a rest.
fn cr_err_34_a_light_kept_burning_rolls_its_usage_dice_every_two_hours_of_the_rest() {
    let mut t = party();
    items_json(&mut t);
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    for (who, card) in [("vera", "torch"), ("bram", "lantern")] {
        t.referee_rules(
            json!({"place_item": {"creature": who, "card": card,
                "slots": [{"kind": "Hand", "number": 1}]}}),
            &[],
        );
    }
    let torch = item_named(&t, "vera", "Torch")["id"].clone();
    let lantern = item_named(&t, "bram", "Hooded lantern")["id"].clone();
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": torch}}}),
        &[],
    );
    t.ok(
        &player("bob"),
        json!({"rules": {"light": {"creature": "bram", "item": lantern}}}),
        &[],
    );
    // Bram douses his lantern as the rest begins: its dice roll now (CR-UD-06), never again.
    t.ok(
        &player("bob"),
        json!({"rules": {"douse": {"creature": "bram", "item": lantern}}}),
        &[6, 6],
    );
    t.referee_rules(json!({"start_rest": {}}), &[]);
    t.referee_rules(json!({"rest_sleep": {"creatures": ["vera", "bram"]}}), &[]);
    let pool = |t: &T| item_named(t, "vera", "Torch")["usage"].clone();
    // The middle of the rest (3 hours): the first 2-hour mark, one roll of the torch's 3 dice.
    let events = t.referee_rules(json!({"rest_halfway": {}}), &[1, 6, 6]);
    assert_eq!(rolled_count(&events), 3);
    assert_eq!(pool(&t)["pool"]["current"], 2);
    assert_eq!(pool(&t)["lit"], true);
    // The end (6 hours): the marks at 4 and 6 hours, two more rolls; the second burns it out.
    let events = t.referee_rules(json!({"finish_rest": {}}), &[6, 6, 2, 1]);
    assert_eq!(rolled_count(&events), 4);
    assert_eq!(pool(&t)["pool"]["current"], 0);
    assert_eq!(pool(&t)["useless"], true);
    let rest_rolls = all_events(&t, "creature_changed")
        .into_iter()
        .filter(|e| e["what"] == "two hours of the rest (usage dice)")
        .map(|e| e["id"].as_str().unwrap().to_string())
        .collect::<Vec<_>>();
    assert_eq!(
        rest_rolls,
        ["vera", "vera", "vera"],
        "three marks, no lantern"
    );
    assert_eq!(
        item_named(&t, "bram", "Hooded lantern")["usage"]["pool"]["current"],
        2
    );

    // Without the middle passed first, `finish_rest` rolls all three marks.
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 2}]}}),
        &[],
    );
    let fresh = t.creature("vera")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["item"]["name"] == "Torch" && i["item"]["usage"]["useless"] == false)
        .unwrap()["item"]["id"]
        .clone();
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": fresh}}}),
        &[],
    );
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    let events = t.referee_rules(json!({"finish_rest": {}}), &[6; 9]);
    assert_eq!(rolled_count(&events), 9);
    t.assert_replays();
}

/// A dead Medium "Ghoul" at the table, a knife in its pack.
fn ghoul_corpse(t: &mut T) {
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "ghoul", "name": "Ghoul", "kind": "monster",
            "size": "medium", "characteristics": {"agility": 0, "mind": 0, "strength": 0},
            "stamina": 1, "backpack_slots": 1}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "ghoul", "card": "knife",
            "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"damage": {"creature": "ghoul", "amount": 30, "piercing": true}}),
        &[],
    );
    assert!(t.state()["corpses"].get("ghoul").is_some());
}

fn ground_named(t: &T, name: &str) -> Vec<Value> {
    t.state()["ground"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["item"]["name"] == name)
        .cloned()
        .collect()
}

fn pick_up(t: &mut T, ground: &Value, slot: u8) -> Result<(), Option<String>> {
    t.run(
        &player("bob"),
        json!({"rules": {"pick_up": {"creature": "bram", "ground": ground["id"],
            "slots": [{"kind": "Backpack", "number": slot}]}}}),
        &[],
    )
    .map(|_| ())
    .map_err(|e| rule_of(e).1)
}

/// Bram harvests the ghoul in a rest; the harvest d6 shows `face`.
fn harvest(t: &mut T, face: i64) {
    give_rations(t, "vera", [1]);
    give_rations(t, "bram", [1]);
    t.referee_rules(json!({"start_rest": {}}), &[]);
    t.ok(
        &player("bob"),
        json!({"rules": {"choose_rest_activity": {"creature": "bram",
            "activity": {"kind": "harvest", "corpse": "ghoul"}}}}),
        &[],
    );
    t.referee_rules(json!({"rest_sleep": {"creatures": ["vera", "bram"]}}), &[]);
    t.referee_rules(json!({"finish_rest": {}}), &[face]);
}

#[test]
// Covers CR-CRAFT-04, CR-RACT-04, CR-CRAFT-02, CR-CRAFT-11, CR-INV-04: parts are items that
// crafting consumes.
fn cr_craft_04_harvested_parts_are_items_that_crafting_uses_up() {
    let mut t = party();
    items_json(&mut t);
    ghoul_corpse(&mut t);
    harvest(&mut t, 3);
    // Three "Ghoul part" items at Bram's feet, from Bram; the corpse is gone, its knife stays.
    let parts = ground_named(&t, "Ghoul part");
    assert_eq!(parts.len(), 3);
    assert!(parts.iter().all(|p| p["from"] == "bram"));
    assert!(t.state()["corpses"].get("ghoul").is_none());
    assert_eq!(ground_named(&t, "Knife").len(), 1);
    // No card says parts stack (CR-INV-04): the slot is taken (CR-INV-03), one per slot.
    pick_up(&mut t, &parts[0], 3).unwrap();
    assert_eq!(
        pick_up(&mut t, &parts[1], 3).unwrap_err().as_deref(),
        Some("CR-INV-03")
    );
    pick_up(&mut t, &parts[1], 4).unwrap();
    assert_eq!(ground_named(&t, "Ghoul part").len(), 1);
    // A recipe naming two ghoul parts: Bram's carried parts are its materials.
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "expertises": {"alchemy": 1}}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "custom": {"name": "Alchemist's tools",
            "slots": 1}, "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    let recipe = json!({"item": "Ghoul salve", "expertise": "alchemy", "uses_required": 1,
        "materials": {"ghoul part": 2}, "goal": 5});
    t.ok(
        &player("bob"),
        json!({"rules": {"start_craft": {"creature": "bram", "recipe": recipe}}}),
        &[],
    );
    // Two hours of town work: 5 + 5 + Mind 2 = 12 points, one salve; both parts are used up.
    t.referee_rules(json!({"enter_town": {}}), &[]);
    t.referee_rules(
        json!({"craft": {"creature": "bram", "project": 1, "town": true}}),
        &[5, 5],
    );
    let carried = serde_json::to_string(&t.creature("bram")["inventory"]).unwrap();
    assert!(!carried.contains("Ghoul part"), "{carried}");
    assert_eq!(ground_named(&t, "Ghoul salve").len(), 1);
    assert_eq!(
        ground_named(&t, "Ghoul part").len(),
        1,
        "the third still lies there"
    );
    t.assert_replays();
}

#[test]
// Covers CR-CRAFT-04, CR-EXT-06: a loaded `part` card gives the parts its slots and stacking.
fn cr_craft_04_a_part_card_gives_parts_its_stacking() {
    let mut t = party();
    items_json(&mut t);
    let pack = json!({
        "format": "delve-crows-pack", "version": 1,
        "pack": {"id": "parts", "name": "Parts"},
        "items": [{"id": "part", "name": "Part", "slots": 1,
            "stack": {"kind": "part", "limit": 3}}]
    });
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "parts.json", "text": pack.to_string()}]}}),
        &[],
    );
    ghoul_corpse(&mut t);
    harvest(&mut t, 4);
    let parts = ground_named(&t, "Ghoul part");
    assert_eq!(parts.len(), 4);
    assert!(parts.iter().all(|p| p["item"]["card"] == "part"));
    for p in &parts[..3] {
        pick_up(&mut t, p, 3).unwrap();
    }
    assert_eq!(
        pick_up(&mut t, &parts[3], 3).unwrap_err().as_deref(),
        Some("CR-INV-04")
    );
    t.assert_replays();
}

#[test]
// Covers CR-REST-01, CR-RACT-02, CR-RACT-05: magic's rest end (identification learned at the
// end of the rest) skips a creature that did not sleep its 4 hours; the next full rest counts.
fn cr_rest_01_an_unslept_creature_learns_nothing_from_its_identify_activity() {
    let mut t = party();
    items_json(&mut t);
    give_rations(&mut t, "vera", [1, 2]);
    give_rations(&mut t, "bram", [1, 2]);
    let ring = t.state()["next_item"].as_u64().unwrap().max(1);
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "ring-of-warmth",
            "slots": [{"kind": "Backpack", "number": 3}]}}),
        &[],
    );
    t.referee_rules(
        json!({"set_magic_item": {"creature": "vera", "item": ring,
            "properties": ["keeps the wearer warm"]}}),
        &[],
    );
    let identified = |t: &T| all_events(t, "identified").len();
    let rest_with_vera_sleeping = |t: &mut T, hours: u32| {
        t.referee_rules(json!({"start_rest": {}}), &[]);
        t.ok(
            &player("alice"),
            json!({"rules": {"identify_rest": {"creature": "vera", "item": ring}}}),
            &[],
        );
        sleep(t, &["bram"], None).unwrap();
        sleep(t, &["vera"], Some(hours)).unwrap();
        t.referee_rules(json!({"finish_rest": {}}), &[]);
    };
    rest_with_vera_sleeping(&mut t, 3);
    assert_eq!(
        identified(&t),
        0,
        "a rest without 4 hours of sleep teaches nothing"
    );
    assert_eq!(t.state()["magic"]["rest_not_counted"], json!([]));
    assert_eq!(t.state()["magic"]["queued_identify"], json!([]));
    rest_with_vera_sleeping(&mut t, 4);
    assert_eq!(
        identified(&t),
        1,
        "a full rest teaches the ring's properties"
    );
    t.assert_replays();
}

#[test]
// Covers CR-ERR-34, CR-UD-06: a rest in the open (the travel day's rest) rolls a lit torch's
// usage dice at each of its three 2-hour marks, as a rest started with `start_rest` does.
fn cr_err_34_a_torch_burning_through_a_rest_in_the_open_rolls_three_times() {
    let mut t = ravenous_vera();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    let torch = item_named(&t, "vera", "Torch")["id"].clone();
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": torch}}}),
        &[],
    );
    give_rations(&mut t, "vera", [1, 2]);
    give_rations(&mut t, "bram", [1]);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    let rations: Vec<Value> = t.creature("vera")["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["item"]["card"] == "ration")
        .map(|i| i["item"]["id"].clone())
        .collect();
    let meals = json!({"vera": rations,
        "bram": [item_named(&t, "bram", "Trail ration")["id"].clone()]});
    // Three marks of the torch's 3 dice (a single 1 at the last), then the Miasma roll.
    let mut dice = vec![6, 6, 6, 6, 6, 6, 1, 6, 6];
    dice.extend(MIASMA_TIER_2);
    t.referee_rules(json!({"travel_rest_end": {"meals": meals}}), &dice);
    let marks = all_events(&t, "creature_changed")
        .into_iter()
        .filter(|e| e["what"] == "two hours of the rest (usage dice)")
        .count();
    assert_eq!(marks, 3, "one usage-dice roll per 2-hour mark");
    let torch = item_named(&t, "vera", "Torch");
    assert_eq!(torch["usage"]["pool"]["current"], 2);
    assert_eq!(torch["usage"]["lit"], true);
    t.assert_replays();
}
