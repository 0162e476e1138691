//! Sneaking (CR-HIDE-02) and the cost of an assist in combat (CR-ASSIST-03), driven through
//! the engine.

use crate::common::*;
use crows::ruleset::{AssistCost, CrowsState, assist_charges};

fn sneak(moved: u32) -> Value {
    json!({"rules": {"sneak": {"creature": "vera", "past": ["ghoul"], "squares_moved": moved}}})
}

fn with_ghoul() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "ghoul", "kind": "monster",
            "characteristics": {"agility": 1, "mind": -1, "strength": 2}, "stamina": 6}}),
        &[],
    );
    t
}

#[test]
// Covers CR-HIDE-02, CR-CORE-04, CR-MOD-01.
fn cr_hide_02_sneaking_faster_than_half_speed_takes_a_bane() {
    let mut t = with_ghoul();
    // Only the Referee calls a test (CR-CHECK-01).
    let e = t.run(&player("alice"), sneak(2), &[5, 5]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    // Speed 6: 3 squares is half, no bane. Raw 15 + Agility 1 = 16, tier 2; Vera's
    // Gymnastics is not Stealth, so no commit point.
    t.ok(&referee(), sneak(3), &[8, 7]);
    let last = t.state()["last_tests"]["vera"].clone();
    assert_eq!(last["banes"], 0);
    assert_eq!(last["spec"]["characteristic"], "agility");
    assert_eq!(last["total"], 16);
    // 4 squares: the bane, −2 (CR-HIDE-02).
    t.ok(&referee(), sneak(4), &[8, 7]);
    let last = t.state()["last_tests"]["vera"].clone();
    assert_eq!(last["banes"], 1);
    assert_eq!(last["total"], 14);
    let m = &last["spec"]["modifiers"][0];
    assert_eq!(m["source"]["rule"], "CR-HIDE-02", "{m}");
    // Farther than its speed is refused, naming the rule; nothing changes.
    let before = t.table.state_json();
    let (msg, rule) = rule_of(t.run(&referee(), sneak(7), &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-HIDE-02"), "{msg}");
    assert_eq!(t.table.state_json(), before);
    // Half of an odd speed rounds down (CR-CORE-04): speed 5 → 2 is fine, 3 is not.
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "speed": {"walk": 5}}}),
        &[],
    );
    t.ok(&referee(), sneak(2), &[8, 7]);
    assert_eq!(t.state()["last_tests"]["vera"]["banes"], 0);
    t.ok(&referee(), sneak(3), &[8, 7]);
    assert_eq!(t.state()["last_tests"]["vera"]["banes"], 1);
}

#[test]
// Covers CR-HIDE-02, CR-EXP-05.
fn cr_hide_02_stealth_is_offered_when_sneaking() {
    let mut t = with_ghoul();
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "expertises": {"stealth": 1}}}),
        &[],
    );
    t.referee_rules(
        json!({"sneak": {"creature": "bram", "past": ["ghoul"], "squares_moved": 1}}),
        &[5, 5],
    );
    let d = t.decision_for("crows.expertise", "bram");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["commit", "stealth"]);
    t.answer(&player("bob"), &d.id, "stealth", None).unwrap();
    assert_eq!(t.state()["last_tests"]["bram"]["final_tier"], 2);
    // A group sneak (CR-GROUP-01/02): Vera assists first (raw 17: +2), then Bram leads.
    t.ok(
        &referee(),
        json!({"rules": {"assist": {"creature": "vera", "assisted": "bram",
            "characteristic": "agility"}}}),
        &[9, 8],
    );
    t.referee_rules(
        json!({"sneak": {"creature": "bram", "past": ["ghoul"], "squares_moved": 1,
            "group": true}}),
        &[3, 4],
    );
    let last = t.state()["last_tests"]["bram"].clone();
    assert_eq!(last["bonus_total"], 2);
    assert_eq!(last["total"], 9);
    // Sneaking past nobody or past oneself is refused.
    let none = json!({"rules": {"sneak": {"creature": "bram", "past": [], "squares_moved": 1}}});
    assert!(t.run(&referee(), none, &[]).is_err());
    let me = json!({"rules": {"sneak": {"creature": "bram", "past": ["bram"],
        "squares_moved": 1}}});
    assert!(t.run(&referee(), me, &[]).is_err());
}

#[test]
// Covers CR-ASSIST-03, CR-ASSIST-01.
fn cr_assist_03_an_assist_in_combat_costs_a_maneuver_or_an_action() {
    let mut t = party();
    let assist = |needs: Option<&str>| {
        let mut a = json!({"creature": "bram", "assisted": "vera", "characteristic": "mind"});
        if let Some(n) = needs {
            a["needs"] = json!(n);
        }
        json!({"rules": {"assist": a}})
    };
    // Outside combat an assist costs nothing and needs no `needs`.
    t.ok(&referee(), assist(None), &[6, 6]);
    let s: CrowsState = serde_json::from_value(t.state()).unwrap();
    assert!(s.assist_charges.is_empty());
    assert_eq!(s.pending_assists["vera"].len(), 1);
    // +1 for Vera's next test (14 → tier 2).
    assert_eq!(
        s.pending_assists["vera"][0].pending.modifier.effect,
        crows::test_roll::ModifierEffect::Bonus(1)
    );

    t.ok(
        &referee(),
        json!({"clock": {"start_combat": {"order": ["vera", "bram"]}}}),
        &[],
    );
    // In combat the cost must be known…
    let (msg, rule) = rule_of(t.run(&referee(), assist(None), &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-ASSIST-03"), "{msg}");
    // …and it is spent on the helper's own combat turn (Vera acts first).
    let before = t.table.state_json();
    let (msg, rule) = rule_of(t.run(&referee(), assist(Some("action")), &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-ASSIST-03"), "{msg}");
    assert_eq!(t.table.state_json(), before);
    t.ok(&referee(), json!({"clock": "end_turn"}), &[]);
    // A test needing a reaction costs an action; one needing a maneuver, a maneuver.
    t.ok(&referee(), assist(Some("reaction")), &[6, 6]);
    t.ok(&referee(), assist(Some("maneuver")), &[6, 6]);
    let s: CrowsState = serde_json::from_value(t.state()).unwrap();
    assert_eq!(
        assist_charges(&s, "bram", 1),
        vec![AssistCost::Action, AssistCost::Maneuver]
    );
    assert!(assist_charges(&s, "vera", 1).is_empty());
    // An unconscious helper takes no actions (CR-COND-07).
    t.referee_rules(
        json!({"add_condition": {"creature": "bram", "condition": "unconscious"}}),
        &[],
    );
    let (_, rule) = rule_of(
        t.run(&referee(), assist(Some("maneuver")), &[])
            .unwrap_err(),
    );
    assert_eq!(rule.as_deref(), Some("CR-COND-07"));
    t.assert_replays();
}

#[test]
// Covers CR-INV-03: a refusal names the slot in words, never as Rust debug text.
fn cr_inv_03_a_taken_slot_is_refused_in_words() {
    let mut t = party();
    goblin(&mut t);
    let before = t.table.state_json();
    let e = t
        .run(
            &referee(),
            json!({"rules": {"place_item": {"creature": "goblin", "custom": {"name": "Bone",
                "slots": 1}, "slots": [{"kind": "Backpack", "number": 1}]}}}),
            &[],
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("backpack slot 1 is already taken"), "{e}");
    assert!(!e.contains("SlotRef") && !e.contains("kind:"), "{e}");
    let e = t
        .run(
            &referee(),
            json!({"rules": {"place_item": {"creature": "goblin", "custom": {"name": "Bone",
                "slots": 1}, "slots": [{"kind": "Belt", "number": 9}]}}}),
            &[],
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("there is no belt slot 9"), "{e}");
    assert_eq!(t.table.state_json(), before, "a refusal changes nothing");
}

#[test]
// Covers CR-INV-03: moving onto a taken slot names the item in the way, so the
// fix can be offered; swapping the two in one move is allowed.
fn cr_inv_03_a_move_onto_a_taken_slot_names_the_item_in_the_way_and_a_swap_works() {
    let mut t = party();
    goblin(&mut t);
    t.referee_rules(
        json!({"place_item": {"creature": "goblin", "custom": {"name": "Bone", "slots": 1},
            "slots": [{"kind": "Backpack", "number": 2}]}}),
        &[],
    );
    let item = |t: &T, name: &str| {
        t.creature("goblin")["inventory"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["item"]["name"] == name)
            .cloned()
            .unwrap()
    };
    let knife = item(&t, "Rusty knife")["item"]["id"].clone();
    let bone = item(&t, "Bone")["item"]["id"].clone();
    let before = t.table.state_json();
    let e = t
        .run(
            &referee(),
            json!({"rules": {"move_items": {"creature": "goblin", "moves": [{"item": knife,
                "to": [{"kind": "backpack", "number": 2}]}]}}}),
            &[],
        )
        .unwrap_err();
    let EngineError::Rule(r) = &e else {
        panic!("{e}")
    };
    assert_eq!(r.code, "slot_taken");
    assert_eq!(r.rule.as_deref(), Some("CR-INV-03"));
    assert_eq!(r.args["number"], 2);
    assert_eq!(r.args["occupant"]["item"], bone);
    assert_eq!(r.args["occupant"]["item_name"], "Bone");
    assert_eq!(t.table.state_json(), before, "a refusal changes nothing");
    // The offered fix: both move at once.
    t.referee_rules(
        json!({"move_items": {"creature": "goblin", "moves": [
            {"item": knife, "to": [{"kind": "backpack", "number": 2}]},
            {"item": bone, "to": [{"kind": "backpack", "number": 1}]}]}}),
        &[],
    );
    assert_eq!(item(&t, "Rusty knife")["at"]["first"], 2);
    assert_eq!(item(&t, "Bone")["at"]["first"], 1);
    t.assert_replays();
}

#[test]
// Covers CR-HIDE-05: a creature that hides from a player's characters leaves that
// player's screen at once: exactly the players who lose sight of it are told, by name; a
// player whose character still sees it, or who never saw it, hears nothing.
fn cr_hide_05_players_who_lose_sight_of_a_hiding_creature_are_told_at_once() {
    let mut t = party();
    goblin(&mut t);
    t.referee_rules(
        json!({"create_creature": {"id": "lurker", "name": "Lurker", "kind": "monster",
            "characteristics": {"agility": 1, "mind": 0, "strength": 0}, "stamina": 2}}),
        &[],
    );
    let alice = Viewer::Player("alice".into());
    let bob = Viewer::Player("bob".into());
    assert!(
        t.table.view(&alice)["rules"]["creatures"]
            .get("goblin")
            .is_some()
    );
    t.referee_rules(
        json!({"hide": {"creature": "goblin", "from": ["vera"]}}),
        &[],
    );
    assert!(
        t.table.view(&alice)["rules"]["creatures"]
            .get("goblin")
            .is_none()
    );
    let told = |t: &T, v: &Viewer| {
        project_log(&t.log, v)
            .iter()
            .filter(|e| {
                serde_json::to_string(e)
                    .unwrap()
                    .contains("creature_unseen")
            })
            .count()
    };
    assert_eq!(told(&t, &alice), 1, "alice's vera lost sight of the goblin");
    assert!(log_of(&t, &alice).contains("\"name\":\"Goblin\""));
    assert_eq!(told(&t, &bob), 0, "bob's bram still sees it");
    // The unrevealed lurker, never seen by the players, hides: nobody is told of it.
    t.referee_rules(
        json!({"hide": {"creature": "lurker", "from": ["vera", "bram"]}}),
        &[],
    );
    assert_eq!(told(&t, &alice), 1);
    assert_eq!(told(&t, &bob), 0);
    assert!(!log_of(&t, &alice).contains("lurker") && !log_of(&t, &bob).contains("lurker"));
    t.assert_replays();
}

#[test]
// Covers CR-COND-09, CR-COND-05, CR-LIGHT-03: the Referee's view derives the speed
// after conditions, the light at the creature and the edges and banes of its next test, with
// the functions the game plays — the next real test carries exactly those modifiers.
fn cr_cond_09_the_view_derives_speed_light_and_next_test_modifiers() {
    let mut t = party();
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "speed": {"walk": 6}}}),
        &[],
    );
    let derived =
        |t: &T| t.table.view(&Viewer::Referee)["rules"]["creatures"]["vera"]["derived"].clone();
    assert_eq!(derived(&t)["speed"], 6);
    assert_eq!(derived(&t)["light"], "bright");
    assert_eq!(derived(&t)["next_test"]["agility"]["net"], "none");
    for condition in ["weakened", "prone"] {
        t.referee_rules(
            json!({"add_condition": {"creature": "vera", "condition": condition}}),
            &[],
        );
    }
    t.referee_rules(
        json!({"set_light_level": {"creature": "vera", "level": "dim"}}),
        &[],
    );
    let d = derived(&t);
    assert_eq!(d["speed"], 3, "prone halves 6");
    assert_eq!(d["light"], "dim");
    for ch in ["agility", "mind", "strength"] {
        assert_eq!(d["next_test"][ch]["banes"], 1, "weakened: {ch}");
        assert_eq!(d["next_test"][ch]["edges"], 0);
        assert_eq!(d["next_test"][ch]["net"], "bane");
    }
    // The test the game rolls has exactly the modifiers the view announced.
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "mind"}}),
        &[5, 5],
    );
    assert_eq!(
        t.state()["last_tests"]["vera"]["spec"]["modifiers"],
        d["next_test"]["mind"]["modifiers"]
    );
    // Players see no derived values (the Referee's view only).
    let alice_view = t.table.view(&Viewer::Player("alice".into()));
    assert!(
        alice_view["rules"]["creatures"]["vera"]
            .get("derived")
            .is_none()
    );
}
