//! The combat family's maneuvers and actions at the table: movement and its terrain, standing
//! up, grab, escape, knockback, taunt, readying, free acts, pets, inventory maneuvers, forced
//! movement and toppling, driven through the engine.

use crate::common::*;
// Here the ghoul fights as the sample cave spider wherever it is placed.
use crate::common::place_ghoul_as_spider as place;

/// Vera holds a sword (item 1); a ghoul (Stamina 30, the sample spider's bite); nobody placed.
fn table() -> T {
    sword_and_ghoul(30)
}

fn conditions(t: &T, id: &str) -> String {
    t.creature(id)["conditions"].to_string()
}

#[test]
// Covers CR-MOVE-02, CR-MAN-02, CR-MAN-01.
fn cr_move_02_difficult_terrain_costs_double_and_shifts_stay_out_of_it() {
    let mut t = table();
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 1, "y": 0}, "difficult": true},
            {"at": {"x": 2, "y": 0}, "difficult": true}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    start(&mut t, &["vera"]);
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"shift": {"creature": "vera", "to": {"x": 1, "y": 0}}})),
        &[],
    );
    assert!(
        matches!(rule.as_deref(), Some("CR-MOVE-02") | Some("CR-MAN-02")),
        "{rule:?}"
    );
    // Two difficult squares and one normal: 2 + 2 + 1 = 5 of the Move's 6.
    t.ok(
        &player("alice"),
        r(
            json!({"combat_move": {"creature": "vera", "path": [{"x": 1, "y": 0}, {"x": 2, "y": 0},
            {"x": 3, "y": 0}]}}),
        ),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["move_left"], 1);
    // The rest of the Move is walked later in the turn (CR-MAN-01).
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 4, "y": 0}]}})),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 1);
    assert_eq!(at(&t, "vera"), json!({"x": 4, "y": 0}));
}

#[test]
// Covers CR-MOVE-08, CR-MAN-08, CR-COND-05.
fn cr_move_08_cr_man_08_prone_halves_the_speed_and_stand_up_ends_it() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    start(&mut t, &["vera"]);
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"stand_up": {"creature": "vera"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MAN-08"));
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "prone"}}),
        &[],
    );
    // Prone: speed 6 halved to 3; four squares are too many for one Move.
    let path: Vec<Value> = (1..=4).map(|x| json!({"x": x, "y": 0})).collect();
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": path}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-01"));
    t.ok(
        &player("alice"),
        r(json!({"stand_up": {"creature": "vera"}})),
        &[],
    );
    assert!(!conditions(&t, "vera").contains("prone"));
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": path}})),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 2);
}

#[test]
// Covers CR-MAN-09, CR-MAN-10, CR-COND-03.
fn cr_man_09_grab_holds_the_target_and_escape_frees_it() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    // 9 + 8 + Strength 2 = 19? No: 9 + 7 + 2 = 18: tier 3, the ghoul is grabbed.
    t.ok(
        &player("alice"),
        r(json!({"grab": {"creature": "vera", "target": "ghoul"}})),
        &[9, 7],
    );
    assert!(
        conditions(&t, "ghoul").contains("grabbed"),
        "{}",
        conditions(&t, "ghoul")
    );
    // Only one creature held at a time (CR-MAN-09).
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"grab": {"creature": "vera", "target": "ghoul"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MAN-09"));
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    // Grabbed: speed 0.
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"combat_move": {"creature": "ghoul", "path": [{"x": 2, "y": 0}]}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-08"));
    // Escape: 9 + 8 + Agility 1 = 18: free (CR-MAN-10).
    t.referee_rules(
        json!({"escape_grab": {"creature": "ghoul", "characteristic": "agility"}}),
        &[9, 8],
    );
    assert!(!conditions(&t, "ghoul").contains("grabbed"));
    // Bram is not grabbed: escaping is refused.
}

#[test]
// Covers CR-MAN-09, CR-REACT-03.
fn cr_man_09_a_failed_grab_opens_the_targets_counter_and_tier_2_offers_push_or_shift() {
    let mut t = table();
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "knife",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "vera", 1, 0, "enemies");
    start(&mut t, &["bram"]);
    // Bram (Strength −1): 4 + 5 − 1 = 8, tier 1: Vera, holding a sword, may counter.
    t.ok(
        &player("bob"),
        r(json!({"grab": {"creature": "bram", "target": "vera"}})),
        &[4, 5],
    );
    let d = t.decision("crows.combat.counter");
    assert_eq!(d.answerer, engine::Answerer::Controller("vera".into()));
    t.answer(&player("alice"), &d.id, "pass", None).unwrap();
    t.ok(
        &player("bob"),
        r(json!({"end_turn": {"creature": "bram"}})),
        &[],
    );
    // Vera's turn (she is on the enemies' side here): 6 + 5 + 2 = 13: push 1 or a free Shift.
    t.ok(
        &player("alice"),
        r(json!({"grab": {"creature": "vera", "target": "bram"}})),
        &[6, 5],
    );
    let d = t.decision("crows.combat.grab_choice");
    let ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert!(
        ids.contains(&"push_-1_0") && ids.iter().any(|i| i.starts_with("shift_")),
        "{ids:?}"
    );
    t.answer(&player("alice"), &d.id, "push_-1_0", None)
        .unwrap();
    assert_eq!(at(&t, "bram"), json!({"x": -1, "y": 0}));
}

#[test]
// Covers CR-MAN-11, CR-FORCE-01, CR-FORCE-03.
fn cr_man_11_knockback_pushes_one_or_two_squares_along_the_path() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    // A path that bends is no push (CR-FORCE-01): refused before the roll.
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"knockback": {"creature": "vera", "target": "ghoul",
            "push": [{"x": 2, "y": 0}, {"x": 3, "y": 1}]}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-FORCE-01"));
    // 6 + 5 + 2 = 13: tier 2, push 1.
    t.ok(
        &player("alice"),
        r(json!({"knockback": {"creature": "vera", "target": "ghoul",
            "push": [{"x": 2, "y": 0}, {"x": 3, "y": 0}]}})),
        &[6, 5],
    );
    assert_eq!(at(&t, "ghoul"), json!({"x": 2, "y": 0}));
}

#[test]
// Covers CR-ACT-01.
fn cr_act_01_taunt_banes_attacks_that_leave_the_taunter_out_until_its_next_turn() {
    let mut t = table();
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "knife",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "bram", 0, 2, "crows");
    place(&mut t, "ghoul", 1, 1, "enemies");
    start(&mut t, &["vera", "bram"]);
    t.ok(
        &player("alice"),
        r(json!({"taunt": {"creature": "vera", "target": "ghoul"}})),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    t.ok(
        &player("bob"),
        r(json!({"end_turn": {"creature": "bram"}})),
        &[],
    );
    // The ghoul's turn: biting Bram has a bane, biting Vera has not.
    t.referee_rules(
        json!({"attack": {"creature": "ghoul", "target": "bram", "natural": "Venom fang"}}),
        &[8, 5, 1],
    );
    let m = t.state()["last_tests"]["ghoul"]["spec"]["modifiers"].to_string();
    assert!(m.contains("taunted") && m.contains("CR-ACT-01"), "{m}");
    // Far away (more than 10 squares) nobody can be taunted.
}

#[test]
// Covers CR-ACT-02, CR-REACT-01.
fn cr_act_02_a_readied_act_fires_with_the_reaction_or_lapses_at_the_next_turn() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["vera"]);
    t.ok(
        &player("alice"),
        r(
            json!({"ready": {"creature": "vera", "act": {"kind": "action", "name": "attack"},
            "trigger": "the ghoul comes next to me"}}),
        ),
        &[],
    );
    // Bob does not learn what Vera readied.
    let bob = t.table.view(&Viewer::Player("bob".into()));
    assert!(
        bob["rules"]["combat"]["fight"]["readied"]
            .get("vera")
            .is_none()
    );
    assert_eq!(
        fight(&t)["readied"]["vera"]["trigger"],
        "the ghoul comes next to me"
    );
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    t.referee_rules(
        json!({"combat_move": {"creature": "ghoul", "path": [{"x": 2, "y": 0}, {"x": 1, "y": 0}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"fire_readied": {"creature": "vera"}})),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[6, 5, 3],
    );
    assert_eq!(stamina(&t, "ghoul"), 26);
    // The reaction is spent: it cannot fire again this round.
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"fire_readied": {"creature": "vera"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-ACT-02"));
}

#[test]
// Covers CR-ACT-03, CR-ACT-04.
fn cr_act_03_cr_act_04_the_referee_rules_what_a_trivial_or_free_form_act_costs() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    start(&mut t, &["vera"]);
    t.referee_rules(
        json!({"free_act": {"creature": "vera", "cost": "free", "what": "nocks an arrow"}}),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 0);
    t.referee_rules(json!({"free_act": {"creature": "vera", "cost": "action", "what": "swings on the chandelier"}}), &[]);
    assert_eq!(fight(&t)["budgets"]["vera"]["actions"], 1);
    // Players cannot set the cost themselves.
    let e = t
        .run(
            &player("alice"),
            r(json!({"free_act": {"creature": "vera", "cost": "free"}})),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
}

#[test]
// Covers CR-MAN-03, CR-PET-01, CR-PET-02, CR-PET-05, CR-ERR-15.
fn cr_pet_01_a_commanded_pet_acts_in_its_owners_turn() {
    let mut t = table();
    t.referee_rules(
        json!({"create_creature": {"id": "dog", "kind": "animal", "size": "small",
            "characteristics": {"agility": 2, "mind": -2, "strength": 0}, "stamina": 4,
            "backpack_slots": 2}}),
        &[],
    );
    t.ok(
        &referee(),
        json!({"bind": {"player": "alice", "character": "dog"}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    t.referee_rules(
        json!({"place": {"creature": "dog", "at": {"x": 0, "y": 1}, "side": "crows", "owner": "vera"}}),
        &[],
    );
    place(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["vera"]);
    // Pets take no turns of their own.
    assert_eq!(fight(&t)["order"], json!(["vera", "ghoul"]));
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"combat_move": {"creature": "dog", "path": [{"x": 1, "y": 1}]}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-11"));
    t.ok(
        &player("alice"),
        r(json!({"command_pet": {"creature": "vera", "pet": "dog"}})),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 1);
    // What the pet can do is the Referee's call (CR-REF-26): an ordinary order, no test.
    let d = t.decision("crows.combat.pet_command");
    t.answer(&referee(), &d.id, "ordinary", None).unwrap();
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "dog", "path": [{"x": 1, "y": 1}, {"x": 2, "y": 1}]}})),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "dog", "target": "ghoul", "characteristic": "agility"}})),
        &[6, 5],
    );
    // Unarmed (CR-ATK-06): 6 + 5 + 2 = 13: 1 + Agility 2 = 3.
    assert_eq!(stamina(&t, "ghoul"), 27);
    // The same pet once per round (CR-ERR-15 default).
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"command_pet": {"creature": "vera", "pet": "dog"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-ERR-15"));
}

#[test]
// Covers CR-PET-02, CR-PET-05, CR-SPELL-13.
fn cr_pet_02_a_dangerous_command_needs_the_owners_mind_test_unless_summoned() {
    let mut t = table();
    for id in ["dog", "imp"] {
        t.referee_rules(
            json!({"create_creature": {"id": id, "kind": "animal", "size": "small",
                "characteristics": {"agility": 2, "mind": -2, "strength": 0}, "stamina": 4,
                "backpack_slots": 2}}),
            &[],
        );
    }
    place(&mut t, "vera", 0, 0, "crows");
    t.referee_rules(json!({"place": {"creature": "dog", "at": {"x": 0, "y": 1}, "side": "crows", "owner": "vera"}}), &[]);
    t.referee_rules(json!({"place": {"creature": "imp", "at": {"x": 0, "y": 2}, "side": "crows", "owner": "vera", "summoned": true}}), &[]);
    start(&mut t, &["vera"]);
    // The Referee rules the order dangerous (CR-REF-26); Mind 0: 6 + 7 = 13, tier 2: it
    // obeys and is weakened.
    t.ok(
        &player("alice"),
        r(json!({"command_pet": {"creature": "vera", "pet": "dog", "dangerous": true}})),
        &[],
    );
    let d = t.decision("crows.combat.pet_command");
    t.ok(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "complex_or_dangerous"}}),
        &[6, 7],
    );
    assert!(fight(&t)["budgets"].get("dog").is_some());
    assert!(conditions(&t, "dog").contains("weakened"));
    // A summoned creature never rolls.
    t.ok(
        &player("alice"),
        r(json!({"command_pet": {"creature": "vera", "pet": "imp", "dangerous": true}})),
        &[],
    );
    assert!(fight(&t)["budgets"].get("imp").is_some());
}

/// Vera with her dog (bound to Alice) on the grid, the fight started and Vera's turn begun.
fn vera_and_dog() -> T {
    let mut t = table();
    t.referee_rules(
        json!({"create_creature": {"id": "dog", "kind": "animal", "size": "small",
            "characteristics": {"agility": 2, "mind": -2, "strength": 0}, "stamina": 4,
            "backpack_slots": 2}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    t.referee_rules(
        json!({"place": {"creature": "dog", "at": {"x": 0, "y": 1}, "side": "crows", "owner": "vera"}}),
        &[],
    );
    start(&mut t, &["vera"]);
    t
}

#[test]
// Covers CR-REF-26, CR-PET-03.
fn cr_ref_26_the_referee_rules_what_a_pet_can_do_and_whether_the_order_needs_the_test() {
    let mut t = vera_and_dog();
    // A player's order, however the player calls it, waits for the Referee: no roll, no budget.
    t.ok(
        &player("alice"),
        r(
            json!({"command_pet": {"creature": "vera", "pet": "dog", "dangerous": false,
            "what": "open the lock"}}),
        ),
        &[],
    );
    let d = t.decision("crows.combat.pet_command");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    assert_eq!(d.context["order"], "open the lock");
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(
        options,
        [
            "ordinary",
            "attack_monster",
            "complex_or_dangerous",
            "cannot"
        ]
    );
    assert!(fight(&t)["budgets"].get("dog").is_none());
    assert_eq!(
        fight(&t)["budgets"]["vera"]["maneuvers"],
        1,
        "the Command is spent"
    );
    // Not the player's call (a Referee-only decision is no decision at all to a player), and
    // not a second order meanwhile.
    let e = t
        .answer(&player("alice"), &d.id, "ordinary", None)
        .unwrap_err();
    assert!(matches!(e, EngineError::UnknownDecision(_)), "{e}");
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"command_pet": {"creature": "vera", "pet": "dog"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-ERR-15"));
    // A dog cannot pick a lock: it does nothing.
    t.answer(&referee(), &d.id, "cannot", None).unwrap();
    assert!(fight(&t)["budgets"].get("dog").is_none());
    assert!(!conditions(&t, "dog").contains("weakened"));
    // Next round the player calls an attack dangerous; the Referee rules it an attack on a
    // monster: it obeys without the test (CR-PET-03), no die rolled.
    t.referee_rules(json!({"end_turn": {"creature": "vera"}}), &[]);
    initiative(&mut t, "alice", 9);
    t.ok(
        &player("alice"),
        r(json!({"command_pet": {"creature": "vera", "pet": "dog", "dangerous": true}})),
        &[],
    );
    let d = t.decision("crows.combat.pet_command");
    assert_eq!(d.context["dangerous"], true);
    t.answer(&referee(), &d.id, "attack_monster", None).unwrap();
    assert!(fight(&t)["budgets"].get("dog").is_some());
    assert!(!conditions(&t, "dog").contains("weakened"));
    // The Referee's own command is the ruling: `dangerous` calls the owner's Mind test at
    // once (6 + 7 = 13, tier 2: obeys, weakened).
    t.referee_rules(json!({"end_turn": {"creature": "vera"}}), &[]);
    initiative(&mut t, "alice", 9);
    t.ok(
        &referee(),
        r(json!({"command_pet": {"creature": "vera", "pet": "dog", "dangerous": true}})),
        &[6, 7],
    );
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.combat.pet_command")
    );
    assert!(conditions(&t, "dog").contains("weakened"));
    // An order too long to be an order is refused.
    let long = "x".repeat(201);
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"command_pet": {"creature": "vera", "pet": "dog", "what": long}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("MAX_ORDER_TEXT"));
    t.assert_replays();
}

#[test]
fn cr_ref_26_a_ruling_after_the_round_moved_on_lapses() {
    let mut t = vera_and_dog();
    t.ok(
        &player("alice"),
        r(json!({"command_pet": {"creature": "vera", "pet": "dog"}})),
        &[],
    );
    let d = t.decision("crows.combat.pet_command");
    t.referee_rules(json!({"end_turn": {"creature": "vera"}}), &[]);
    initiative(&mut t, "alice", 9);
    t.answer(&referee(), &d.id, "ordinary", None).unwrap();
    assert!(fight(&t)["budgets"].get("dog").is_none());
}

#[test]
// Covers CR-MAN-04, CR-MAN-05, CR-MAN-06, CR-MAN-07, CR-CBT-13.
fn cr_man_04_inventory_maneuvers_spend_a_maneuver_and_run_the_inventory_rules() {
    let mut t = table();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "rope",
            "slots": [{"kind": "Backpack", "number": 2}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    start(&mut t, &["vera"]);
    // Draw From Pack: the recorded d10 against the torch's slot 1 (CR-INV-13).
    t.ok(
        &player("alice"),
        r(json!({"draw_from_pack": {"creature": "vera", "item": 2,
            "hands": [{"kind": "Hand", "number": 2}]}})),
        &[5],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 1);
    t.ok(
        &player("alice"),
        r(json!({"dump_pack": {"creature": "vera", "items": [3]}})),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 2);
    assert_eq!(t.state()["ground"].as_array().unwrap().len(), 1);
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"pick_up_item": {"creature": "vera", "ground": 1,
            "slots": [{"kind": "Hand", "number": 2}]}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
    // Next round: the torch goes to the belt (Draw From Belt's rearranging) and the rope is
    // picked up from the ground into the free hand.
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    t.referee_rules(json!({"roll_initiative": {"roller": "alice"}}), &[]);
    let d = t.decision("crows.combat.initiative");
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[8],
    )
    .unwrap();
    t.ok(
        &player("alice"),
        r(json!({"draw_from_belt": {"creature": "vera",
            "moves": [{"item": 2, "to": [{"kind": "Belt", "number": 1}]}]}})),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"pick_up_item": {"creature": "vera", "ground": 1,
            "slots": [{"kind": "Hand", "number": 2}]}})),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 2);
    let items = t.table.view(&Viewer::Referee)["rules"]["creatures"]["vera"]["items"].to_string();
    assert!(items.starts_with('['), "{items}");
    assert!(items.contains("rope") && items.contains("belt"), "{items}");
    assert!(t.state()["ground"].as_array().unwrap().is_empty());
}

#[test]
// Covers CR-FORCE-01, CR-FORCE-05, CR-REACT-06, CR-FORCE-09.
fn cr_force_05_forced_movement_never_enters_occupied_squares_and_provokes_nothing() {
    let mut t = table();
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 4, "y": 0}, "drop_feet": 20}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    place(&mut t, "bram", 3, 0, "crows");
    start(&mut t, &["vera", "bram"]);
    let rule = refusal(
        &mut t,
        &referee(),
        r(
            json!({"force_move": {"creature": "ghoul", "by": "vera", "kind": "push", "distance": 2,
            "path": [{"x": 2, "y": 0}, {"x": 3, "y": 0}]}}),
        ),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-FORCE-05"));
    // Pushed away from Vera's reach: no opportunity attack.
    t.referee_rules(
        json!({"force_move": {"creature": "ghoul", "by": "vera", "kind": "push", "distance": 2,
            "path": [{"x": 2, "y": 0}]}}),
        &[],
    );
    assert_eq!(
        t.state()["combat"]["placements"]["ghoul"]["at"],
        json!({"x": 2, "y": 0})
    );
    assert!(t.table.core().decisions.is_empty());
    // Bram slid over the drop falls 20 feet: core's fall (2d6, resistance roll).
    t.referee_rules(
        json!({"force_move": {"creature": "bram", "by": "vera", "kind": "slide", "distance": 1,
            "path": [{"x": 4, "y": 0}]}}),
        &[1, 1, 4, 5],
    );
    assert_eq!(
        stamina(&t, "bram"),
        3,
        "2d6 = 2 and a failed resistance roll"
    );
}

#[test]
// Covers CR-TOPPLE-01, CR-TOPPLE-02, CR-TOPPLE-03, CR-TOPPLE-04.
fn cr_topple_03_toppling_a_larger_object_takes_an_action_and_a_banned_test() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    let e = t
        .run(
            &player("alice"),
            r(json!({"topple": {"creature": "vera", "object": "large", "onto": ["ghoul"]}})),
            &[],
        )
        .unwrap_err();
    assert!(
        matches!(e, EngineError::NotAllowed(_)),
        "the topple is the Referee's command"
    );
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"topple": {"creature": "vera", "object": "holy_shit", "onto": ["ghoul"]}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-TOPPLE-04"));
    // A Large bookcase (one size larger): a bane; 9 + 8 + 2 − 2 = 17: it topples on the
    // ghoul for 1d10 + 2d10.
    t.referee_rules(
        json!({"topple": {"creature": "vera", "object": "large", "onto": ["ghoul"]}}),
        &[9, 8, 3, 4, 5],
    );
    let m = t.state()["last_tests"]["vera"]["spec"]["modifiers"].to_string();
    assert!(m.contains("CR-TOPPLE-03"), "{m}");
    assert_eq!(stamina(&t, "ghoul"), 18);
    assert_eq!(fight(&t)["budgets"]["vera"]["actions"], 1);
}

#[test]
// Covers CR-MOVE-06, CR-REACT-06.
fn cr_move_06_teleport_ignores_walls_needs_line_of_effect_and_ends_grabs() {
    let mut t = table();
    let wall: Vec<Value> = (-3..=3)
        .map(|y| json!({"at": {"x": 2, "y": y}, "obstacle": "solid"}))
        .collect();
    t.referee_rules(json!({"set_grid": {"cells": wall}}), &[]);
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "grabbed",
            "grabbed_by": "ghoul", "range": 1}}),
        &[],
    );
    // Behind the wall: no line of effect to the destination.
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"teleport": {"creature": "vera", "to": {"x": 3, "y": 0}, "distance": 6}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-06"));
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"teleport": {"creature": "vera", "to": {"x": 0, "y": 5}, "distance": 3}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-06"));
    // Out of the ghoul's reach with no opportunity attack, and no longer grabbed.
    t.referee_rules(
        json!({"teleport": {"creature": "vera", "to": {"x": 0, "y": 4}, "distance": 4}}),
        &[],
    );
    assert_eq!(at(&t, "vera"), json!({"x": 0, "y": 4}));
    assert!(t.table.core().decisions.is_empty());
    assert!(!conditions(&t, "vera").contains("grabbed"));
}

#[test]
// Covers CR-ACT-02, CR-REACT-05.
fn cr_act_02_a_readied_move_is_one_move_outside_the_turn() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 5, 0, "enemies");
    start(&mut t, &["vera"]);
    t.ok(
        &player("alice"),
        r(
            json!({"ready": {"creature": "vera", "act": {"kind": "maneuver", "name": "move"},
            "trigger": "the ghoul moves"}}),
        ),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"fire_readied": {"creature": "vera"}})),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 0, "y": 1}, {"x": 0, "y": 2}]}})),
        &[],
    );
    assert_eq!(at(&t, "vera"), json!({"x": 0, "y": 2}));
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 0, "y": 3}]}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-11"));
}

#[test]
// Covers CR-CBT-01, CR-DMG-08.
fn cr_cbt_01_the_dead_leave_the_fight_and_lose_their_turn() {
    let mut t = table();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "rat", "kind": "monster",
            "characteristics": {"agility": 0, "mind": -3, "strength": -2}, "stamina": 1}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "rat", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    assert_eq!(fight(&t)["order"], json!(["vera", "rat"]));
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "rat", "weapon": 1}})),
        &[6, 5, 3],
    );
    // A player's creature brought it to 0: the Referee may knock it out; it dies.
    let d = t.decision_for("crows.knock_out", "rat");
    t.answer(&referee(), &d.id, "kill", None).unwrap();
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    assert_eq!(
        fight(&t)["current"],
        Value::Null,
        "the rat's turn is gone, the round over"
    );
    assert!(!fight(&t)["order"].to_string().contains("rat"));
    t.assert_replays();
}

#[test]
// Covers CR-ACT-02.
fn cr_act_02_an_unfired_readied_act_lapses_when_the_readiers_turn_comes_again() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 5, 0, "enemies");
    start(&mut t, &["vera"]);
    t.ok(
        &player("alice"),
        r(
            json!({"ready": {"creature": "vera", "act": {"kind": "action", "name": "attack"},
            "trigger": "the ghoul comes close"}}),
        ),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    t.referee_rules(json!({"end_turn": {"creature": "ghoul"}}), &[]);
    t.referee_rules(json!({"roll_initiative": {"roller": "alice"}}), &[]);
    let d = t.decision("crows.combat.initiative");
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[8],
    )
    .unwrap();
    assert_eq!(fight(&t)["current"], "vera");
    assert!(fight(&t)["readied"].get("vera").is_none());
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"fire_readied": {"creature": "vera"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-ACT-02"));
}

#[test]
// Covers CR-REF-25, CR-MOVE-03.
fn cr_ref_25_the_referee_rules_whether_a_swim_or_climb_needs_a_test() {
    let mut t = table();
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 1, "y": 0}, "water": true},
            {"at": {"x": 1, "y": 1}, "climb": "ceiling"}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    start(&mut t, &["vera"]);
    // An open square asks nothing.
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 0, "y": 1}]}})),
        &[],
    );
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.combat.movement_test")
    );
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 0, "y": 0}, {"x": 1, "y": 0}]}})),
        &[],
    );
    // Swimming without a swim speed: the Referee's call, no test by default.
    let d = t.decision("crows.combat.movement_test");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    assert_eq!(d.context["squares"], json!([{"x": 1, "y": 0}]));
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["no_test", "agility", "strength"]);
    assert_eq!(d.default.as_deref(), Some("no_test"));
    assert!(
        !t.table
            .view(&Viewer::Player("alice".into()))
            .to_string()
            .contains("movement_test"),
        "the Referee's question is the Referee's"
    );
    // To a player the Referee's question does not exist.
    assert!(t.answer(&player("alice"), &d.id, "no_test", None).is_err());
    // The Referee calls for a Strength test: core's test of the swimmer.
    t.ok(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "strength"}}),
        &[6, 5],
    );
    assert_eq!(
        t.state()["last_tests"]["vera"]["spec"]["characteristic"],
        "strength"
    );
    // A ceiling climbed without a "(U)" climb speed always needs a test.
    t.referee_rules(json!({"end_turn": {"creature": "vera"}}), &[]);
    initiative(&mut t, "alice", 9);
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 1, "y": 1}]}})),
        &[],
    );
    let d = t.decision("crows.combat.movement_test");
    assert_eq!(d.context["ceiling"], true);
    let options: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(options, ["agility", "strength"]);
    t.ok(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "agility"}}),
        &[2, 2],
    );
    assert_eq!(
        t.state()["last_tests"]["vera"]["spec"]["characteristic"],
        "agility"
    );
    t.assert_replays();
}

#[test]
// Covers CR-MOVE-07, CR-MOVE-02.
fn cr_move_07_a_jump_after_a_run_up_has_an_edge_and_lands_within_its_tier() {
    let mut t = table();
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 3, "y": 0}, "drop_feet": 30},
            {"at": {"x": 0, "y": 5}, "difficult": true}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "bram", 0, 5, "crows");
    start(&mut t, &["vera", "bram"]);
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 1, "y": 0}, {"x": 2, "y": 0}]}})),
        &[],
    );
    // Agility 1: at most 3 squares even at tier 3; 6 squares is refused before any roll.
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(
            json!({"jump": {"creature": "vera", "to": {"x": 8, "y": 0}, "characteristic": "agility"}}),
        ),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-07"));
    // 6 + 5 + 1 + 2 (run-up edge) = 14: tier 2, 2 squares long: over the drop.
    t.ok(
        &player("alice"),
        r(json!({"jump": {"creature": "vera", "to": {"x": 4, "y": 0}, "characteristic": "agility"}})),
        &[6, 5],
    );
    let m = t.state()["last_tests"]["vera"]["spec"]["modifiers"].to_string();
    assert!(m.contains("run_up"), "{m}");
    assert_eq!(at(&t, "vera"), json!({"x": 4, "y": 0}));
    assert_eq!(fight(&t)["budgets"]["vera"]["move_left"], 2);
    assert_eq!(
        stamina(&t, "vera"),
        3,
        "no fall: it did not end over the drop"
    );
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    // No jumping out of difficult terrain (CR-MOVE-02).
    let rule = refusal(
        &mut t,
        &player("bob"),
        r(
            json!({"jump": {"creature": "bram", "to": {"x": 0, "y": 7}, "characteristic": "agility"}}),
        ),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-02"));
}

#[test]
// Covers CR-MAN-04, CR-MAN-05, CR-MAN-06, CR-MAN-07.
fn cr_man_04_cr_man_06_a_player_cannot_skip_the_maneuver_with_a_core_inventory_command() {
    let mut t = table();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    start(&mut t, &["vera"]);
    for (cmd, rule) in [
        (
            json!({"move_items": {"creature": "vera", "moves": [{"item": 1,
                "to": [{"kind": "Belt", "number": 1}]}]}}),
            "CR-MAN-05",
        ),
        (
            json!({"pick_up": {"creature": "vera", "ground": 0,
                "slots": [{"kind": "Hand", "number": 2}]}}),
            "CR-MAN-06",
        ),
    ] {
        assert_eq!(
            refusal(&mut t, &player("alice"), r(cmd), &[5]).as_deref(),
            Some(rule)
        );
    }
    // Dumping the backpack is one command (the old `dump_pack` reads as `dump_backpack`):
    // in a fight it spends the maneuver (no near-twin commands).
    t.ok(
        &player("alice"),
        r(json!({"dump_backpack": {"creature": "vera", "items": [2]}})),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 1);
    // The Referee may still correct an inventory mid-fight.
    t.referee_rules(
        json!({"move_items": {"creature": "vera", "moves": [{"item": 1,
            "to": [{"kind": "Belt", "number": 1}]}]}}),
        &[],
    );
}

#[test]
// Covers CR-MOVE-04.
fn cr_move_04_fully_submerged_without_a_swim_speed_banes_agility_and_strength_tests() {
    let mut t = table();
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 0, "y": 0}, "submerging": true}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "bram", 3, 3, "crows");
    let test = |t: &mut T, who: &str, ch: &str| {
        t.referee_rules(
            json!({"test": {"creature": who, "characteristic": ch}}),
            &[6, 5],
        );
        t.state()["last_tests"][who].clone()
    };
    // Vera under water: 6 + 5 + Strength 2 − 2 = 11, tier 1.
    let s = test(&mut t, "vera", "strength");
    assert!(
        s["spec"]["modifiers"]
            .to_string()
            .contains("submerged_without_swim_speed"),
        "{s}"
    );
    assert_eq!(s["final_tier"], 1);
    let a = test(&mut t, "vera", "agility");
    assert!(a["spec"]["modifiers"].to_string().contains("CR-MOVE-04"));
    // Not on a Mind test, not for Bram on dry land.
    let m = test(&mut t, "vera", "mind");
    assert!(!m["spec"]["modifiers"].to_string().contains("CR-MOVE-04"));
    let b = test(&mut t, "bram", "strength");
    assert!(!b["spec"]["modifiers"].to_string().contains("CR-MOVE-04"));
    // A swimmer has no bane.
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "speed": {"walk": 6, "swim": 6}}}),
        &[],
    );
    let s = test(&mut t, "vera", "strength");
    assert!(!s["spec"]["modifiers"].to_string().contains("CR-MOVE-04"));
    t.assert_replays();
}

#[test]
// Covers CR-COND-04.
fn cr_cond_04_a_prone_or_unconscious_grabber_loses_its_hold() {
    for (condition, why) in [
        ("prone", "grabber_prone"),
        ("unconscious", "grabber_unconscious"),
    ] {
        let mut t = table();
        place(&mut t, "vera", 0, 0, "crows");
        place(&mut t, "ghoul", 1, 0, "enemies");
        start(&mut t, &["vera"]);
        // 9 + 7 + Strength 2 = 18: tier 3, the ghoul is grabbed.
        t.ok(
            &player("alice"),
            r(json!({"grab": {"creature": "vera", "target": "ghoul"}})),
            &[9, 7],
        );
        assert!(conditions(&t, "ghoul").contains("grabbed"));
        let events = t.referee_rules(
            json!({"add_condition": {"creature": "vera", "condition": condition}}),
            &[],
        );
        assert!(
            !conditions(&t, "ghoul").contains("grabbed"),
            "{condition}: {}",
            conditions(&t, "ghoul")
        );
        let log: String = events.iter().map(|e| e.to_json().unwrap()).collect();
        assert!(log.contains(why), "{log}");
        t.assert_replays();
    }
}

#[test]
// Covers CR-COND-03.
fn cr_cond_03_the_held_creature_moves_with_its_grabber_and_can_be_repositioned() {
    let grabbed = |t: &mut T| {
        place(t, "vera", 0, 0, "crows");
        place(t, "ghoul", 1, 0, "enemies");
        start(t, &["vera"]);
        // 9 + 7 + Strength 2 = 18: tier 3, the ghoul is grabbed.
        t.ok(
            &player("alice"),
            r(json!({"grab": {"creature": "vera", "target": "ghoul"}})),
            &[9, 7],
        );
        assert!(conditions(t, "ghoul").contains("grabbed"));
    };
    // Vera walks three squares south (her speed halved to 3 while she holds a creature of her
    // size): the ghoul comes along, still beside her and still held.
    let mut t = table();
    grabbed(&mut t);
    let path: Vec<Value> = (1..=3).map(|y| json!({"x": 0, "y": y})).collect();
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": path}})),
        &[],
    );
    assert_eq!(at(&t, "vera"), json!({"x": 0, "y": 3}));
    assert_eq!(at(&t, "ghoul"), json!({"x": 1, "y": 3}));
    assert!(conditions(&t, "ghoul").contains("grabbed"));
    t.assert_replays();

    // The other maneuver: she puts the ghoul on another square within the grab's reach.
    let mut t = table();
    grabbed(&mut t);
    let reposition = |to: Value| r(json!({"reposition_grabbed": {"creature": "vera", "to": to}}));
    let rule = refusal(
        &mut t,
        &player("alice"),
        reposition(json!({"x": 3, "y": 0})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-COND-03"), "out of reach");
    let rule = refusal(
        &mut t,
        &player("alice"),
        reposition(json!({"x": 0, "y": 0})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-COND-03"), "Vera stands there");
    t.ok(&player("alice"), reposition(json!({"x": 0, "y": 1})), &[]);
    assert_eq!(at(&t, "ghoul"), json!({"x": 0, "y": 1}));
    assert!(conditions(&t, "ghoul").contains("grabbed"));
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 2);
    // Only the grabber does it.
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"reposition_grabbed": {"creature": "ghoul", "to": {"x": 1, "y": 1}}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-COND-03"));
    t.assert_replays();
}
