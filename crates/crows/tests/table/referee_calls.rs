//! House-ruled numbers (CR-CORE-02), dice secrecy and physical dice (CR-DICE-04), and the
//! Referee decisions, errata and outside references of the core sections, driven through the
//! engine.

use crate::common::*;
use engine::FacesRoller;

fn holy_shit_corpse(t: &mut T) {
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "wyrm", "name": "Wyrm", "kind": "monster",
            "size": "holy_shit", "characteristics": {"agility": 0, "mind": 0, "strength": 5},
            "stamina": 1, "hidden": false}}),
        &[],
    );
    t.referee_rules(json!({"damage": {"creature": "wyrm", "amount": 3}}), &[]);
}

#[test]
// Covers CR-CORE-02, CR-SIZE-03, CR-REF-16, CR-CORPSE-01.
fn cr_core_02_the_referee_raises_holy_shit_corpse_slots_as_a_logged_house_rule() {
    let mut t = party();
    holy_shit_corpse(&mut t);
    let corpse = |t: &T| t.table.view(&Viewer::Referee)["rules"]["corpses"]["wyrm"].clone();
    assert_eq!(corpse(&t)["slots"], 32);
    // Below the book's 32 is refused, naming the setting; nothing changes.
    let before = t.table.state_json();
    let low = json!({"rules": {"set_house_rules": {"options": {"holy_shit_corpse_slots": 31}}}});
    let (msg, rule) = rule_of(t.run(&referee(), low, &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-CORE-02"));
    assert!(msg.contains("holy_shit_corpse_slots"), "{msg}");
    assert_eq!(t.table.state_json(), before);
    // Only the Referee changes rules.
    let high = json!({"rules": {"set_house_rules": {"options": {"holy_shit_corpse_slots": 48}}}});
    let e = t.run(&player("alice"), high.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    let events = t.ok(&referee(), high, &[]);
    let logged = serde_json::to_string(&events).unwrap();
    assert!(
        logged.contains("options.holy_shit_corpse_slots"),
        "{logged}"
    );
    assert_eq!(corpse(&t)["slots"], 48);
    assert_eq!(
        t.table.view(&Viewer::Player("alice".into()))["rules"]["corpses"]["wyrm"]["slots"],
        48
    );
    t.assert_replays();
}

#[test]
// Covers CR-CORE-02, CR-HAZ-04.
fn cr_core_02_the_held_breath_base_is_a_house_rule() {
    // Set at creation, like every setting.
    let mut t = party_with(json!({"options": {"breath_rounds_base": 1}}));
    // Vera (Strength 2): 1 + 2 = 3 rounds, the 4th hurts.
    for _ in 0..3 {
        t.referee_rules(json!({"suffocate": {"creature": "vera"}}), &[]);
    }
    t.referee_rules(json!({"suffocate": {"creature": "vera"}}), &[2]);
    assert_eq!(t.creature("vera")["stamina"], 1);
    let bad = json!({"rules": {"set_house_rules": {"options": {"breath_rounds_base": 99}}}});
    let (msg, _) = rule_of(t.run(&referee(), bad, &[]).unwrap_err());
    assert!(msg.contains("breath_rounds_base"), "{msg}");
}

#[test]
// Covers CR-DICE-04, CR-DICE-01.
fn cr_dice_04_public_rolls_secret_rolls_and_physical_dice() {
    let mut t = party();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "ghoul", "kind": "monster",
            "characteristics": {"agility": 1, "mind": -1, "strength": 2}, "stamina": 6}}),
        &[],
    );
    // A crow's test is rolled in the open; a hidden monster's is the Referee's secret.
    t.referee_rules(
        json!({"test": {"creature": "bram", "characteristic": "mind"}}),
        &[7, 7],
    );
    t.referee_rules(
        json!({"test": {"creature": "ghoul", "characteristic": "strength"}}),
        &[4, 4],
    );
    let rolls = |viewer: &Viewer| {
        project_log(&t.log, viewer)
            .iter()
            .filter(|e| {
                serde_json::to_string(e)
                    .unwrap()
                    .contains("\"type\":\"rolled\"")
            })
            .count()
    };
    assert_eq!(rolls(&Viewer::Referee), 4);
    assert_eq!(rolls(&Viewer::Player("alice".into())), 2);
    // Physical dice entered by hand: the faces given are the faces recorded…
    let cmd = json!({"rules": {"test": {"creature": "bram", "characteristic": "mind"}}});
    let mut roller = FacesRoller::new(vec![10, 9]);
    let prepared = t
        .table
        .prepare_json(&referee(), &cmd, 1000, &mut roller)
        .unwrap();
    t.table.commit(prepared).unwrap();
    let last = t.state()["last_tests"]["bram"].clone();
    assert_eq!(last["faces"], json!([10, 9]));
    assert_eq!(last["crit"], true);
    // …and a face no d10 has is refused.
    let mut roller = FacesRoller::new(vec![11, 3]);
    assert!(
        t.table
            .prepare_json(&referee(), &cmd, 1000, &mut roller)
            .is_err()
    );
}

#[test]
// Covers CR-ERR-03, CR-COND-03, CR-COND-04.
fn cr_err_03_a_grab_by_an_effect_is_the_grabbed_condition() {
    let mut t = party();
    // There is no "grappled" condition: the word is refused when parsed.
    let grappled = json!({"rules": {"add_condition": {"creature": "vera",
        "condition": "grappled"}}});
    assert!(t.run(&referee(), grappled, &[]).is_err());
    // Quicksand holds Vera: grabbed, with the quicksand (an effect, not a creature) as the
    // grabber; her speed is 0.
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "grabbed",
            "grabbed_by": "quicksand", "range": 0}}),
        &[],
    );
    let c = t.creature("vera")["conditions"]["active"][0].clone();
    assert_eq!(c["kind"], "grabbed");
    assert_eq!(c["detail"]["by"], "quicksand", "{c}");
    let s: crows::ruleset::CrowsState = serde_json::from_value(t.state()).unwrap();
    let vera = &s.creatures["vera"].creature;
    assert_eq!(vera.speed(0, 0, &s.options), 0);
    // A creature's death does not free her from an effect's grab.
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "rat", "kind": "monster",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 1}}),
        &[],
    );
    t.referee_rules(json!({"damage": {"creature": "rat", "amount": 2}}), &[]);
    assert_eq!(
        t.creature("vera")["conditions"]["active"][0]["kind"],
        "grabbed"
    );
}

#[test]
// Covers CR-REF-02, CR-CHECK-01, CR-CHECK-02.
fn cr_ref_02_cr_check_01_cr_check_02_only_the_referee_calls_for_a_test() {
    let mut t = party();
    let test = json!({"rules": {"test": {"creature": "vera", "characteristic": "agility"}}});
    // A player cannot make a test happen: whether one is needed is the Referee's call.
    for p in ["alice", "bob"] {
        let e = t.run(&player(p), test.clone(), &[5, 5]).unwrap_err();
        assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    }
    // Free-form actions (moving items) never roll anything by themselves.
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "rope", "slots": 1},
            "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    let id = t.creature("vera")["inventory"]["items"][0]["item"]["id"].clone();
    let events = t.ok(
        &player("alice"),
        json!({"rules": {"move_items": {"creature": "vera", "moves": [{"item": id,
            "to": [{"kind": "Hand", "number": 1}]}]}}}),
        &[],
    );
    assert_eq!(rolled_count(&events), 0);
    assert!(t.state()["last_tests"].get("vera").is_none());
    // When the Referee does call one, it is rolled and recorded.
    t.ok(&referee(), test, &[5, 5]);
    assert!(t.state()["last_tests"].get("vera").is_some());
}

#[test]
// Covers CR-REF-12, CR-CORE-10, CR-REF-03.
fn cr_ref_12_social_outcomes_are_a_mind_test_the_referee_calls() {
    let mut t = party();
    // No social characteristic exists to roll.
    for stat in ["charisma", "presence", "social"] {
        let c = json!({"rules": {"test": {"creature": "bram", "characteristic": stat}}});
        assert!(t.run(&referee(), c, &[]).is_err(), "{stat}");
    }
    // The Referee may let dice decide a bluff: a Mind test (Bram, Mind 2: 6 + 6 + 2 = 14).
    t.referee_rules(
        json!({"test": {"creature": "bram", "characteristic": "mind",
            "task": "bluff the gate guard"}}),
        &[6, 6],
    );
    assert_eq!(t.state()["last_tests"]["bram"]["total"], 14);
    // Tier 2: whether the lie works, and at what cost, is the Referee's (CR-REF-05).
    let d = t.decision("crows.tier_2_outcome");
    assert_eq!(d.answerer, engine::Answerer::Referee);
}

#[test]
// Covers CR-REF-13, CR-CORE-13.
fn cr_ref_13_a_cosmetic_ancestry_needs_the_referee_and_changes_nothing() {
    let mut t = party();
    let set = json!({"rules": {"set_ancestry": {"creature": "vera", "ancestry": "dwarf"}}});
    let e = t.run(&player("alice"), set.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    let before = t.creature("vera");
    t.ok(&referee(), set, &[]);
    let after = t.creature("vera");
    assert_eq!(after["ancestry"], "dwarf");
    // Purely cosmetic: everything else is as it was.
    let mut without = after.clone();
    without["ancestry"] = Value::Null;
    assert_eq!(without, before);
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "strength"}}),
        &[5, 5],
    );
    assert_eq!(t.state()["last_tests"]["vera"]["total"], 12);
}

#[test]
// Covers CR-CORE-13: the Referee's label and a player's request count an ancestry alike, in
// characters (64), so a long Cyrillic label fits both or neither.
fn cr_core_13_an_ancestry_is_counted_in_characters() {
    let mut t = party();
    let cyrillic = "ж".repeat(64); // 128 bytes
    t.ok(
        &referee(),
        json!({"rules": {"set_ancestry": {"creature": "vera", "ancestry": cyrillic}}}),
        &[],
    );
    assert_eq!(t.creature("vera")["ancestry"], cyrillic.as_str());
    let too_long = "ж".repeat(65);
    let e = t
        .run(
            &referee(),
            json!({"rules": {"set_ancestry": {"creature": "vera", "ancestry": too_long}}}),
            &[],
        )
        .unwrap_err();
    assert!(
        format!("{e:?}").contains("bad_ancestry") && e.to_string().contains("CR-CORE-13"),
        "{e}"
    );
    assert_eq!(t.creature("vera")["ancestry"], cyrillic.as_str());
}

#[test]
// Covers CR-EXT-01, CR-EXP-02.
fn cr_ext_01_expertise_uses_come_from_the_characters_book_so_the_referee_enters_them() {
    let mut t = party();
    // The Characters book is not in this book: the Referee enters each expertise's uses.
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "expertises": {"historical_lore": 3}}}),
        &[],
    );
    assert_eq!(
        t.creature("bram")["expertises"]["uses"]["historical_lore"]["left"],
        3
    );
    // A name from no list (the book has no Climb expertise, CR-ERR-05) is refused.
    let climb = json!({"rules": {"edit_creature": {"id": "bram", "expertises": {"climb": 1}}}});
    assert!(t.run(&referee(), climb, &[]).is_err());
    // Players cannot grant themselves uses.
    let mine = json!({"rules": {"edit_creature": {"id": "bram",
        "expertises": {"search": 5}}}});
    let e = t.run(&player("bob"), mine, &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
}

#[test]
// Covers CR-EXT-13, CR-ERR-10, CR-EXT-08.
fn cr_ext_13_hirelings_are_entered_by_the_referee_and_take_wounds() {
    let mut t = party();
    // Hirelings' stat blocks live in other books: the Referee enters one.
    t.referee_rules(
        json!({"create_creature": {"id": "jory", "kind": "hireling",
            "characteristics": {"agility": 0, "mind": 0, "strength": 1}, "stamina": 2}}),
        &[],
    );
    // On the crows' side it takes wounds at 0 Stamina (CR-ERR-10) rather than dying.
    t.referee_rules(json!({"damage": {"creature": "jory", "amount": 3}}), &[]);
    assert_eq!(t.creature("jory")["alive"], true);
    let d = t.decision_for("crows.wound_slot", "jory");
    assert_eq!(d.options.len(), 10);
    // A magic item's card (CR-EXT-08) must name the slot it needs: a custom magic item
    // without one is worn in any slot, one with a slot only there.
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Odd ring", "slots": 1,
            "magic": true, "magic_slot": "Finger"},
            "slots": [{"kind": "Backpack", "number": 2}]}}),
        &[],
    );
    let id = t.creature("vera")["inventory"]["items"][0]["item"]["id"].clone();
    let head = json!({"rules": {"wear_magic_item": {"creature": "vera", "item": id,
        "slot": "Head"}}});
    let (msg, _) = rule_of(t.run(&player("alice"), head, &[]).unwrap_err());
    assert!(msg.contains("CR-INV-06"), "{msg}");
}

#[test]
// Covers CR-CHECK-03.
fn cr_check_03_the_referee_warns_of_certain_death_and_the_player_answers() {
    let mut t = party();
    let warn = json!({"rules": {"warn_certain_death": {"creature": "vera",
        "task": "leap the chasm"}}});
    // The warning is the Referee's to give.
    let e = t.run(&player("alice"), warn.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&referee(), warn, &[]);
    let d = t.decision("crows.certain_death");
    assert_eq!(d.answerer, engine::Answerer::Controller("vera".into()));
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["proceed_anyway", "abandon"]);
    assert_eq!(d.context["task"], "leap the chasm");
    // Not Bob's character: not Bob's answer.
    let e = t
        .answer(&player("bob"), &d.id, "proceed_anyway", None)
        .unwrap_err();
    assert!(matches!(e, EngineError::WrongAnswerer { .. }), "{e}");
    // Nothing is rolled: the answer is the record.
    t.answer(&player("alice"), &d.id, "abandon", None).unwrap();
    assert!(t.state()["last_tests"].get("vera").is_none());
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.certain_death")
    );
    // A warning names its task.
    let e = t
        .run(
            &referee(),
            json!({"rules": {"warn_certain_death": {"creature": "vera", "task": " "}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CHECK-03"));
}

#[test]
// Covers CR-EXP-11.
fn cr_exp_11_the_referee_waives_a_test_for_an_expert_through_the_ruleset() {
    let mut t = party();
    // Vera knows Gymnastics (2 uses); Bram knows none.
    let waive = json!({"rules": {"waive_test": {"creature": "vera",
        "expertise": "gymnastics", "task": "a forward roll on the flagstones"}}});
    // The call is the Referee's.
    let e = t.run(&player("alice"), waive.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    let uses_before = t.creature("vera")["expertises"].clone();
    // No dice are offered: a waived test rolls nothing.
    let events = t.ok(&referee(), waive, &[]);
    assert_eq!(rolled_count(&events), 0);
    let waived = rules_events(&events, "test_waived");
    assert_eq!(waived.len(), 1, "{events:?}");
    assert_eq!(waived[0]["expertise"], "gymnastics");
    assert_eq!(waived[0]["task"], "a forward roll on the flagstones");
    // No use is spent, and no test result is recorded.
    assert_eq!(t.creature("vera")["expertises"], uses_before);
    assert!(t.state()["last_tests"].get("vera").is_none());
    // Bram has no Gymnastics: refused, naming the rule, and nothing is stored.
    let head = t.table.head();
    let e = t
        .run(
            &referee(),
            json!({"rules": {"waive_test": {"creature": "bram", "expertise": "gymnastics",
                "task": "a forward roll"}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-EXP-11"));
    assert_eq!(t.table.head(), head);
    // An empty task is refused too.
    let e = t
        .run(
            &referee(),
            json!({"rules": {"waive_test": {"creature": "vera", "expertise": "gymnastics",
                "task": "  "}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-EXP-11"));
    t.assert_replays();
}

#[test]
// Covers CR-DMG-09, CR-CORE-07.
fn cr_dmg_09_an_object_in_play_loses_stamina_is_destroyed_at_zero_and_takes_no_condition() {
    let mut t = party();
    let place = json!({"rules": {"place_object": {"id": "door-1", "name": "oak door",
        "size": "large", "stamina": 5}}});
    // Objects are the Referee's to put into play.
    let e = t.run(&player("alice"), place.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&referee(), place, &[]);
    let alice = Viewer::Player("alice".into());
    let seen = |t: &T| t.table.view(&alice)["rules"]["objects"]["door-1"].clone();
    assert_eq!(seen(&t)["object"]["stamina"], 5);
    // Damage takes Stamina away; no dice, no wounds.
    let hit =
        |amount: u64| json!({"rules": {"damage_object": {"object": "door-1", "amount": amount}}});
    let events = t.ok(&referee(), hit(3), &[]);
    assert_eq!(rolled_count(&events), 0);
    let damaged = rules_events(&events, "object_damaged");
    assert_eq!(damaged[0]["stamina"], 2);
    assert_eq!(damaged[0]["destroyed"], false);
    // An object takes no condition: refused, naming the rule.
    let e = t
        .run(
            &referee(),
            json!({"rules": {"add_condition": {"creature": "door-1", "condition": "prone"}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-DMG-09"));
    // At 0 it is destroyed (overkill stops at 0), and then it takes nothing more.
    t.ok(&referee(), hit(4), &[]);
    assert_eq!(seen(&t)["object"]["stamina"], 0);
    assert_eq!(seen(&t)["object"]["destroyed"], true);
    let e = t.run(&referee(), hit(1), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-DMG-09"));
    // A structure entered without Stamina takes no damage (CR-CORE-07).
    t.referee_rules(
        json!({"place_object": {"id": "wall", "name": "crypt wall", "size": "huge"}}),
        &[],
    );
    let head = t.table.head();
    let e = t
        .run(
            &referee(),
            json!({"rules": {"damage_object": {"object": "wall", "amount": 9}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CORE-07"));
    assert_eq!(t.table.head(), head);
    // An id a creature has is refused; so is Stamina 0 at placing.
    for bad in [
        json!({"place_object": {"id": "vera", "name": "statue", "stamina": 3}}),
        json!({"place_object": {"id": "urn", "name": "urn", "stamina": 0}}),
    ] {
        let e = t.run(&referee(), json!({"rules": bad}), &[]).unwrap_err();
        assert_eq!(rule_of(e).1.as_deref(), Some("CR-DMG-09"));
    }
    // A hidden object is the Referee's alone: its events and its place in the view.
    let events = t.ok(
        &referee(),
        json!({"rules": {"place_object": {"id": "trapdoor", "name": "trapdoor",
            "stamina": 4, "hidden": true}}}),
        &[],
    );
    assert_eq!(events[0].visibility, engine::Visibility::Referee);
    t.referee_rules(
        json!({"damage_object": {"object": "trapdoor", "amount": 1}}),
        &[],
    );
    let log = serde_json::to_string(&project_log(&t.log, &alice)).unwrap();
    assert!(!log.contains("trapdoor"), "{log}");
    assert!(
        t.table.view(&alice)["rules"]["objects"]
            .get("trapdoor")
            .is_none()
    );
    assert_eq!(
        t.table.view(&Viewer::Referee)["rules"]["objects"]["trapdoor"]["object"]["stamina"],
        3
    );
    t.assert_replays();
}
