//! The combat family driven through the engine as a server drives it: grid, placing,
//! surprise and side initiative on the engine's combat clock, turns, movement, attacks with
//! damage through the core pipeline, misses, reactions and the end of combat.

use crate::common::*;

/// Vera (sword) and Bram (short bow, one arrow) against a ghoul that bites like the sample
/// ceiling spider, on a small map.
fn arena() -> T {
    let mut t = sword_and_ghoul(20);
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "short-bow",
            "slots": [{"kind": "Hand", "number": 1}, {"kind": "Hand", "number": 2}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "arrows",
            "slots": [{"kind": "Belt", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"set_grid": {"cells": [
            {"at": {"x": 5, "y": 5}, "obstacle": "solid"},
            {"at": {"x": 1, "y": 1}, "difficult": true}]}}),
        &[],
    );
    for (id, x, y, side) in [
        ("vera", 0, 0, "crows"),
        ("bram", 0, 2, "crows"),
        ("ghoul", 3, 0, "enemies"),
    ] {
        place_ghoul_as_spider(&mut t, id, x, y, side);
    }
    t
}

fn combat(t: &T) -> Value {
    t.state()["combat"].clone()
}

fn clock_order(t: &T) -> Vec<String> {
    t.table
        .core()
        .clock
        .combat
        .as_ref()
        .map(|c| c.order.clone())
        .unwrap_or_default()
}

/// Drops the Referee's open outcome decisions core asks after tests (not part of combat).
fn rule_outcomes(t: &mut T) {
    let open: Vec<engine::Decision> = t
        .table
        .core()
        .decisions
        .iter()
        .filter(|d| {
            matches!(
                d.kind.as_str(),
                "crows.tier_1_setback" | "crows.tier_2_outcome" | "crows.doom_setback"
            )
        })
        .cloned()
        .collect();
    for d in open {
        let option = d.options[0].id.clone();
        t.answer(&referee(), &d.id, &option, None).unwrap();
    }
}

#[test]
// Covers CR-CBT-01, CR-CBT-08, CR-CBT-09, CR-CBT-10, CR-CBT-11, CR-MAN-01, CR-ATK-01,
// CR-ATK-03, CR-ATK-05, CR-ATK-08, CR-ATK-11, CR-REACT-01, CR-REACT-02, CR-REACT-03,
// CR-REACT-05, CR-REACT-07, CR-MOVE-01, CR-MOVE-08.
fn cr_cbt_01_a_whole_scripted_fight_through_the_engine() {
    let mut t = arena();
    // Round 1: the ghoul is surprised and sits out (CR-CBT-08).
    t.referee_rules(json!({"start_combat": {"surprised": ["ghoul"]}}), &[]);
    // The players order their side; only the Referee orders the enemies' (CR-CBT-09).
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"order_side": {"side": "enemies", "order": []}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-09"));
    t.ok(
        &player("alice"),
        r(json!({"order_side": {"side": "crows", "order": ["vera", "bram"]}})),
        &[],
    );
    // Only the chosen player rolls the side initiative (CR-CBT-09).
    t.referee_rules(json!({"roll_initiative": {"roller": "alice"}}), &[]);
    let d = t.decision("crows.combat.initiative");
    assert_eq!(d.answerer, engine::Answerer::Player("alice".into()));
    let e = t.answer(&player("bob"), &d.id, "roll", None).unwrap_err();
    assert!(matches!(e, EngineError::WrongAnswerer { .. }), "{e}");
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[7],
    )
    .unwrap();
    let f = fight(&t);
    assert_eq!(f["round"], 1);
    assert_eq!(f["order"], json!(["vera", "bram"]), "6+: the crows first");
    assert_eq!(
        clock_order(&t),
        ["vera", "bram"],
        "the engine's clock runs the round"
    );
    assert_eq!(
        t.table.view(&Viewer::Referee)["rules"]["combat"]["fight"]["current"],
        "vera"
    );

    // Bram cannot act in Vera's turn (CR-CBT-11).
    let rule = refusal(
        &mut t,
        &player("bob"),
        r(json!({"end_turn": {"creature": "bram"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-11"));

    // Vera moves two squares (a Move: 6 squares, CR-MAN-01) and attacks the surprised ghoul.
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 1, "y": 0}, {"x": 2, "y": 0}]}})),
        &[],
    );
    assert_eq!(at(&t, "vera"), json!({"x": 2, "y": 0}));
    assert_eq!(fight(&t)["budgets"]["vera"]["move_left"], 4);
    assert_eq!(fight(&t)["budgets"]["vera"]["maneuvers"], 1);
    // 6 + 5 + Strength 2 + 1 (surprised) = 14: tier 2, sword 1d6 + 1.
    t.ok(
        &player("alice"),
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1,
            "characteristic": "strength"}}),
        ),
        &[6, 5, 3],
    );
    let test = &t.state()["last_tests"]["vera"];
    assert_eq!(test["final_tier"], 2);
    assert!(
        test["spec"]["modifiers"]
            .to_string()
            .contains("surprised_target"),
        "{test}"
    );
    assert_eq!(
        stamina(&t, "ghoul"),
        16,
        "1d6 (3) + 1 through core's damage"
    );
    rule_outcomes(&mut t);
    // A third act is refused (CR-CBT-10), yet the rest of the Move may still be walked
    // (CR-MAN-01).
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"shift": {"creature": "vera", "to": {"x": 2, "y": 1}}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    assert_eq!(fight(&t)["current"], "bram");

    // Bram shoots and misses (2 + 4 + 0 + 1 = 7); Vera stands next to the ghoul: an odd d6
    // sends the arrow into her at tier 2 (CR-ATK-08). The arrow is spent (CR-ATK-11).
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2}})),
        &[2, 4, 5],
    );
    assert_eq!(t.state()["last_tests"]["bram"]["final_tier"], 1);
    let items = t.table.view(&Viewer::Referee)["rules"]["creatures"]["bram"]["items"].to_string();
    assert!(items.starts_with('['), "{items}");
    assert!(!items.contains("Arrow"), "the arrow is used up: {items}");
    let d = t.decision("crows.combat.stray_shot");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    let ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["vera"]);
    // 1d6 = 5 against Stamina 3: two wounds for Alice to place (CR-DMG-10/11).
    t.run(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "vera"}}),
        &[5],
    )
    .unwrap();
    assert_eq!(stamina(&t, "vera"), 0);
    for slot in ["slot_1", "slot_2"] {
        let d = t.decision_for("crows.wound_slot", "vera");
        t.answer(&player("alice"), &d.id, slot, None).unwrap();
    }
    let bob = t.table.view(&Viewer::Player("bob".into()));
    assert_eq!(bob["rules"]["creatures"]["vera"]["wounds"], 2);
    rule_outcomes(&mut t);
    t.ok(
        &player("bob"),
        r(json!({"end_turn": {"creature": "bram"}})),
        &[],
    );
    assert_eq!(
        fight(&t)["current"],
        Value::Null,
        "the round is over (CR-CBT-01)"
    );

    // Round 2: 3 on the d10, the enemies first (CR-CBT-09), and the ghoul takes its turn now.
    initiative(&mut t, "bob", 3);
    let f = fight(&t);
    assert_eq!(f["round"], 2);
    assert_eq!(f["order"], json!(["ghoul", "vera", "bram"]));
    assert_eq!(clock_order(&t), ["ghoul", "vera", "bram"]);
    // The ghoul bites and misses (4 + 3 + 1 = 8): Vera may counter (CR-ATK-05, CR-REACT-03).
    t.referee_rules(
        json!({"attack": {"creature": "ghoul", "target": "vera", "natural": "Venom fang"}}),
        &[4, 3],
    );
    let d = t.decision("crows.combat.counter");
    assert_eq!(d.answerer, engine::Answerer::Controller("vera".into()));
    let ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["weapon_1", "pass"]);
    // The counter deals the sword's tier 2 result, no roll for the hit: 1d6 (4) + 1.
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "weapon_1"}}),
        &[4],
    )
    .unwrap();
    assert_eq!(stamina(&t, "ghoul"), 11);
    let f = fight(&t);
    let spent: Vec<&Value> = f["participants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["reaction_spent"] == true)
        .collect();
    assert_eq!(
        spent.len(),
        1,
        "Vera's reaction of round 2 is gone (CR-REACT-01)"
    );
    rule_outcomes(&mut t);
    t.referee_rules(json!({"end_turn": {"creature": "ghoul"}}), &[]);
    // Seven squares are more than one Move of speed 6 (CR-MOVE-01).
    let path: Vec<Value> = (1..=7).map(|y| json!({"x": 2, "y": y})).collect();
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": path}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-01"));
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

    // Round 3: the reaction is back (CR-REACT-07). The ghoul walks away from Vera: leaving her
    // reach stops the move before it leaves and offers her an opportunity attack (CR-REACT-05).
    initiative(&mut t, "alice", 2);
    assert_eq!(fight(&t)["current"], "ghoul");
    let away =
        json!({"combat_move": {"creature": "ghoul", "path": [{"x": 4, "y": 0}, {"x": 5, "y": 0}]}});
    t.referee_rules(away.clone(), &[]);
    assert_eq!(
        at(&t, "ghoul"),
        json!({"x": 3, "y": 0}),
        "still in reach (CR-ERR-41)"
    );
    let d = t.decision("crows.combat.opportunity_attack");
    assert_eq!(d.answerer, engine::Answerer::Controller("vera".into()));
    let rule = refusal(&mut t, &referee(), r(away.clone()), &[]);
    assert_eq!(rule.as_deref(), Some("CR-ERR-41"));
    // 6 + 5 + 2 = 13: tier 2, 1d6 (2) + 1.
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "weapon_1"}}),
        &[6, 5, 2],
    )
    .unwrap();
    assert_eq!(stamina(&t, "ghoul"), 8);
    rule_outcomes(&mut t);
    // Vera's reaction is spent, so the rest of the move goes through.
    t.referee_rules(away, &[]);
    assert_eq!(at(&t, "ghoul"), json!({"x": 5, "y": 0}));
    assert_eq!(
        fight(&t)["budgets"]["ghoul"]["maneuvers"],
        1,
        "one Move for both pieces"
    );

    t.referee_rules(json!({"end_combat": {}}), &[]);
    assert_eq!(combat(&t)["fight"], Value::Null);
    assert!(t.table.core().clock.combat.is_none());
    t.assert_replays();
}

#[test]
// Covers CR-ASSIST-02, CR-CBT-11.
fn cr_cbt_11_ending_turns_passes_the_engines_turn_end_so_combat_assists_lapse() {
    let mut t = arena();
    t.referee_rules(json!({"start_combat": {}}), &[]);
    t.referee_rules(
        json!({"order_side": {"side": "crows", "order": ["bram", "vera"]}}),
        &[],
    );
    initiative(&mut t, "alice", 6);
    assert_eq!(fight(&t)["current"], "bram");
    // Bram helps Vera in his turn: 6 + 5 + Mind 2 = 13, tier 2: +1 to her next test.
    t.referee_rules(
        json!({"test": {"creature": "bram", "characteristic": "mind", "assist_for": "vera"}}),
        &[6, 5],
    );
    assert!(t.state()["pending_assists"].get("vera").is_some());
    t.ok(
        &player("bob"),
        r(json!({"end_turn": {"creature": "bram"}})),
        &[],
    );
    assert!(
        t.state()["pending_assists"].get("vera").is_some(),
        "it waits through the next turn"
    );
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    assert!(
        t.state()["pending_assists"].get("vera").is_none(),
        "two turn ends later the bonus has lapsed (CR-ASSIST-02)"
    );
    let ends = t
        .log
        .iter()
        .filter(|e| format!("{:?}", e.body).contains("TurnEnd"))
        .count();
    assert!(ends >= 2, "the engine passed its TurnEnd boundaries");
}

#[test]
// Covers CR-CBT-09, CR-REF-18: with no player seated the Referee rolls the side
// initiative and runs the fight alone; with players seated a player rolls.
fn cr_cbt_09_the_referee_rolls_initiative_when_no_player_is_seated() {
    let mut t = T::new();
    for (id, kind) in [("vera", "crow"), ("ghoul", "monster")] {
        t.referee_rules(
            json!({"create_creature": {"id": id, "kind": kind,
                "characteristics": {"agility": 1, "mind": 0, "strength": 1}, "stamina": 4}}),
            &[],
        );
    }
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    t.referee_rules(json!({"start_combat": {}}), &[]);
    let e = t
        .run(
            &referee(),
            r(json!({"roll_initiative": {"roller": "alice"}})),
            &[],
        )
        .unwrap_err();
    assert!(e.to_string().contains("name `referee`"), "{e}");
    t.referee_rules(json!({"roll_initiative": {"roller": "referee"}}), &[]);
    let d = t.decision("crows.combat.initiative");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    t.run(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[3],
    )
    .unwrap();
    let f = t.table.view(&Viewer::Referee)["rules"]["combat"]["fight"].clone();
    assert_eq!(f["round"], 1);
    assert_eq!(f["current"], "ghoul", "a 3: the enemies act first");
    t.assert_replays();

    // With players seated the Referee picks one of them (CR-REF-18).
    let mut seated = party();
    place(&mut seated, "vera", 0, 0, "crows");
    place(&mut seated, "bram", 1, 0, "crows");
    seated.referee_rules(
        json!({"create_creature": {"id": "ghoul", "kind": "monster",
            "characteristics": {"agility": 1, "mind": 0, "strength": 1}, "stamina": 4}}),
        &[],
    );
    place(&mut seated, "ghoul", 4, 0, "enemies");
    seated.referee_rules(json!({"start_combat": {}}), &[]);
    let e = seated
        .run(
            &referee(),
            r(json!({"roll_initiative": {"roller": "referee"}})),
            &[],
        )
        .unwrap_err();
    assert!(e.to_string().contains("CR-CBT-09"), "{e}");
}

#[test]
// Covers CR-INV-01, CR-EXT-05: an NPC whose card gives it hands and a belt carries
// like a person; placed without naming its card again, it fights as that card.
fn cr_inv_01_a_person_npc_from_its_card_has_hands_and_belt_and_keeps_its_card() {
    let mut t = sample_party();
    t.referee_rules(
        json!({"create_creature": {"id": "bandit", "card": "road-bandit"}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "bandit", "card": "sword",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "bandit", "custom": {"name": "Rope", "slots": 1},
            "slots": [{"kind": "Belt", "number": 4}]}}),
        &[],
    );
    let items = &t.table.view(&Viewer::Referee)["rules"]["creatures"]["bandit"]["items"];
    assert_eq!(items[0]["at"]["kind"], "hand", "{items}");
    assert_eq!(items[1]["at"]["kind"], "belt", "{items}");
    // A fifth belt slot does not exist (CR-INV-01).
    let e = t
        .run(
            &referee(),
            r(
                json!({"place_item": {"creature": "bandit", "custom": {"name": "Bag", "slots": 1},
                "slots": [{"kind": "Belt", "number": 5}]}}),
            ),
            &[],
        )
        .unwrap_err();
    assert!(e.to_string().contains("no belt slot 5"), "{e}");
    // A monster card without them still has none.
    t.referee_rules(
        json!({"create_creature": {"id": "spider", "card": "cave-spider"}}),
        &[],
    );
    assert!(
        t.run(
            &referee(),
            r(
                json!({"place_item": {"creature": "spider", "custom": {"name": "Web", "slots": 1},
                "slots": [{"kind": "Hand", "number": 1}]}})
            ),
            &[],
        )
        .is_err()
    );
    // Placed without `card`: it fights as the card it was made from.
    place(&mut t, "spider", 3, 3, "enemies");
    assert_eq!(
        t.state()["combat"]["placements"]["spider"]["card"],
        "cave-spider"
    );
    place_as(&mut t, "bandit", 5, 5, "enemies", Some("cave-spider"));
    assert_eq!(
        t.state()["combat"]["placements"]["bandit"]["card"],
        "cave-spider"
    );
    t.assert_replays();
}

#[test]
// Covers CR-CBT-12, CR-ERR-14.
fn cr_cbt_12_a_creatures_attacks_come_from_what_it_holds_and_its_card() {
    let mut t = arena();
    place_ghoul_as_spider(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera", "bram"]);
    // Bram's bow (item 2) is not in Vera's hands: not one of her actions.
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 2}})),
        &[],
    );
    assert!(rule.is_some());
    // Nor is a fang: her card gives her no natural attack.
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "natural": "Venom fang"}})),
        &[],
    );
    assert!(rule.is_some());
    // The sword in her hand is (6 + 6 + 1 = 13: tier 2).
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[6, 6, 3],
    );
    assert_eq!(t.state()["last_tests"]["vera"]["final_tier"], 2);
    // The combat view lists a card's natural attacks for whoever controls the creature (the
    // attack form offers them); a player does not see a monster's.
    let attacks =
        |v: &Viewer| t.table.view(v)["rules"]["combat"]["creatures"]["ghoul"]["attacks"].clone();
    let names: Vec<Value> = attacks(&Viewer::Referee)
        .as_array()
        .expect("the Referee sees the ghoul's attacks")
        .iter()
        .map(|a| a["name"].clone())
        .collect();
    assert!(names.contains(&json!("Venom fang")), "{names:?}");
    assert!(attacks(&Viewer::Player("alice".into())).is_null());
    let vera =
        &t.table.view(&Viewer::Player("alice".into()))["rules"]["combat"]["creatures"]["vera"];
    assert!(
        vera["attacks"].is_null(),
        "a crow without a card has none listed: {vera}"
    );
}
