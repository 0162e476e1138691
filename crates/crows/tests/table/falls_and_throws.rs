//! Falls and throws in a fight, driven through the engine: flyers fall by themselves
//! (CR-MOVE-05), one roll against several targets reads hiding and light per target
//! (CR-ATK-14), the engine's round is the fight's round (CR-CBT-01), and the Referee says where
//! a thrown weapon lands (CR-ATK-11).

use crate::common::*;

/// Vera (sword, Strength 2) at (0, 0), Bram (knife) at (0, 6), a ghoul at (1, 0) and a rat at
/// (0, 1) (cave-spider bites, Stamina 20), and a bat (fly 6, Stamina 20) not yet placed.
fn arena() -> T {
    let mut t = ghoul_and_rat();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "bat", "name": "Bat", "kind": "monster",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 20,
            "speed": {"walk": 1, "fly": 6}}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "sword",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "knife",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    place_vera_between_ghoul_and_rat(&mut t);
    t
}

fn placement(t: &T, id: &str) -> Value {
    t.state()["combat"]["placements"][id].clone()
}

/// The bat, flying at `altitude` squares over (4, 4).
fn bat_aloft(t: &mut T, altitude: u32) {
    t.referee_rules(
        json!({"place": {"creature": "bat", "at": {"x": 4, "y": 4}, "side": "enemies",
            "flying": true, "altitude": altitude}}),
        &[],
    );
}

// ---- CR-MOVE-05: a flyer that can no longer stay aloft falls by itself ----

#[test]
// Covers CR-MOVE-05, CR-HAZ-01, CR-HAZ-02.
fn cr_move_05_a_flyer_knocked_prone_falls_at_once_from_its_height() {
    let mut t = arena();
    bat_aloft(&mut t, 4);
    assert_eq!(
        t.table.view(&Viewer::Player("alice".into()))["rules"]["combat"]["creatures"]["bat"]["altitude"],
        4
    );
    // A command that leaves it able to fly changes nothing about its flight.
    t.referee_rules(
        json!({"add_condition": {"creature": "bat", "condition": "vulnerable"}}),
        &[],
    );
    assert_eq!(placement(&t, "bat")["flying"], true);
    // Knocked prone by a plain core command, 4 squares up (20 feet): it falls at once, 2d6
    // (3 + 4 = 7); the resistance roll 1 + 1 + Agility 0 is tier 1, nothing taken off; being
    // vulnerable adds a d6 (2) (CR-HAZ-01/02).
    let events = t.referee_rules(
        json!({"add_condition": {"creature": "bat", "condition": "prone"}}),
        &[3, 4, 1, 1, 2],
    );
    let fell = rules_events(&events, "flyer_fell");
    assert_eq!(
        fell,
        [json!({"creature": "bat", "feet": 20, "why": "prone"})]
    );
    assert_eq!(stamina(&t, "bat"), 11);
    let p = placement(&t, "bat");
    assert_eq!(p["flying"], false, "it has landed");
    assert!(p.get("altitude").is_none(), "on the ground: {p}");
    assert_eq!(p["at"], json!({"x": 4, "y": 4}), "on the square under it");
    // Landed, it does not fall again, and the Referee's ruling is refused for it.
    t.referee_rules(
        json!({"remove_condition": {"creature": "bat", "condition": "prone"}}),
        &[],
    );
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"flyer_falls": {"creature": "bat"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-05"));
    t.assert_replays();
}

#[test]
// Covers CR-MOVE-05, CR-MAN-09, CR-COND-03, CR-FORCE-09, CR-HAZ-01.
fn cr_move_05_a_flyer_grabbed_to_speed_0_falls_into_the_drop_under_it() {
    let mut t = arena();
    // A chasm 30 feet deep under (1, 1); the bat hovers over it at no height, next to Vera.
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 1, "y": 1}, "drop_feet": 30}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place": {"creature": "bat", "at": {"x": 1, "y": 1}, "side": "enemies",
            "flying": true}}),
        &[],
    );
    start_with_initiative(&mut t, &["vera", "bram"], 9);
    // Vera grabs it: 9 + 7 + Strength 2 = 18, tier 3 (CR-MAN-09). Grabbed, its speed is 0
    // (CR-COND-03): it drops 30 feet into the chasm: 3d6 (1 + 2 + 3), the resistance roll
    // 1 + 1 is tier 1.
    let events = t.ok(
        &player("alice"),
        r(json!({"grab": {"creature": "vera", "target": "bat"}})),
        &[9, 7, 1, 2, 3, 1, 1],
    );
    assert!(
        t.creature("bat")["conditions"]
            .to_string()
            .contains("grabbed"),
        "{}",
        t.creature("bat")
    );
    assert_eq!(
        rules_events(&events, "flyer_fell"),
        [json!({"creature": "bat", "feet": 30, "why": "speed_0"})]
    );
    assert_eq!(stamina(&t, "bat"), 14);
    assert_eq!(placement(&t, "bat")["flying"], false);
    t.assert_replays();
}

#[test]
// Covers CR-MOVE-05.
fn cr_move_05_only_flyers_fly_high_and_the_referee_may_rule_a_fall() {
    let mut t = arena();
    // A walker is not placed above the ground (CR-MOVE-05).
    let rule = refusal(
        &mut t,
        &referee(),
        r(
            json!({"place": {"creature": "rat", "at": {"x": 0, "y": 1}, "side": "enemies",
            "altitude": 3}}),
        ),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-05"));
    // A walker knocked prone does not "fall": it is where it was.
    t.referee_rules(
        json!({"add_condition": {"creature": "rat", "condition": "prone"}}),
        &[],
    );
    assert_eq!(stamina(&t, "rat"), 20);
    // A flyer still able to fly falls only when the Referee rules it: by default from its
    // height, 6 squares (30 feet): 3d6 (2 + 2 + 2), the resistance roll 1 + 1 tier 1.
    bat_aloft(&mut t, 6);
    assert!(
        t.run(
            &player("alice"),
            r(json!({"flyer_falls": {"creature": "bat"}})),
            &[],
        )
        .is_err(),
        "only the Referee rules it"
    );
    let events = t.referee_rules(
        json!({"flyer_falls": {"creature": "bat"}}),
        &[2, 2, 2, 1, 1],
    );
    assert_eq!(
        rules_events(&events, "flyer_fell"),
        [json!({"creature": "bat", "feet": 30, "why": "referee"})]
    );
    assert_eq!(stamina(&t, "bat"), 14);
    t.assert_replays();
}

// ---- CR-ATK-14: hiding and light read at each target of one roll ----

/// Vera attacks the ghoul and, with the same roll, the rat (the Referee's ruling).
fn sweep(t: &mut T, dice: &[i64]) -> Vec<Envelope> {
    t.ok(
        &referee(),
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "targets": ["rat"],
            "weapon": 1, "characteristic": "strength"}}),
        ),
        dice,
    )
}

#[test]
// Covers CR-ATK-14, CR-HIDE-03, CR-HIDE-04, CR-EDGE-07.
fn cr_atk_14_the_hiding_edge_is_read_for_each_target_of_one_roll() {
    // Hidden from the second target only: the edge is its own.
    let mut t = arena();
    start_with_initiative(&mut t, &["vera", "bram"], 7);
    t.referee_rules(json!({"hide": {"creature": "vera", "from": ["rat"]}}), &[]);
    // 5 + 4 + Strength 2 = 11: tier 1 against the ghoul; the rat, which did not see her
    // coming, takes it with an edge (+2): 13, tier 2: the sword's 1d6 (3) + 1.
    sweep(&mut t, &[5, 4, 3]);
    assert_eq!(stamina(&t, "ghoul"), 20, "missed");
    assert_eq!(stamina(&t, "rat"), 16, "hit with the edge");
    // The attack gave her away to the rat (CR-HIDE-04).
    assert!(
        !t.state()["hiding"].to_string().contains("rat"),
        "{}",
        t.state()["hiding"]
    );
    t.assert_replays();

    // Hidden from the first target only: its edge does not carry over to the rat.
    let mut t = arena();
    start_with_initiative(&mut t, &["vera", "bram"], 7);
    t.referee_rules(
        json!({"hide": {"creature": "vera", "from": ["ghoul"]}}),
        &[],
    );
    // 11 + the edge = 13 against the ghoul: tier 2, 1d6 (3) + 1; 11 against the rat: a miss.
    sweep(&mut t, &[5, 4, 3]);
    assert_eq!(stamina(&t, "ghoul"), 16, "hit with the edge");
    assert_eq!(stamina(&t, "rat"), 20, "no edge: missed");
    let d = t.decision("crows.combat.counter");
    assert_eq!(d.answerer, engine::Answerer::Controller("rat".into()));
    t.assert_replays();
}

#[test]
// Covers CR-ATK-14, CR-LIGHT-04.
fn cr_atk_14_the_light_is_read_at_each_targets_square() {
    let mut t = arena();
    start_with_initiative(&mut t, &["vera", "bram"], 7);
    // Dim light around the ghoul only: a bane on attacks at it (CR-LIGHT-04).
    t.referee_rules(
        json!({"set_light_level": {"creature": "ghoul", "level": "dim"}}),
        &[],
    );
    // 6 + 5 + 2 = 13: with the bane 11 against the ghoul, tier 1; 13 against the rat in
    // bright light, tier 2: 1d6 (4) + 1.
    sweep(&mut t, &[6, 5, 4]);
    let spec = t.state()["last_tests"]["vera"]["spec"]["modifiers"].to_string();
    assert!(spec.contains("CR-LIGHT"), "the ghoul's reading: {spec}");
    assert_eq!(stamina(&t, "ghoul"), 20, "missed in the dim light");
    assert_eq!(stamina(&t, "rat"), 15, "hit in the bright light");
    t.assert_replays();
}

// ---- CR-CBT-01: the engine's round is the fight's round ----

#[test]
// Covers CR-CBT-01, CR-CBT-09.
fn cr_cbt_01_the_engine_round_is_the_fight_round_across_new_orders() {
    let mut t = arena();
    start_with_initiative(&mut t, &["vera", "bram"], 7);
    let clock = |t: &T| t.table.core().clock.combat.clone().unwrap();
    assert_eq!(clock(&t).round, 1);
    assert_eq!(clock(&t).order, ["vera", "bram", "ghoul", "rat"]);
    for id in ["vera", "bram", "ghoul", "rat"] {
        t.referee_rules(json!({"end_turn": {"creature": id}}), &[]);
    }
    // The round is over: the engine passed its end once and waits, no one acting.
    let round_ends = t
        .log
        .iter()
        .filter(|e| {
            matches!(&e.body, EventBody::BoundaryPassed { boundary }
                if *boundary == engine::Boundary::RoundEnd)
        })
        .count();
    assert_eq!(round_ends, 1);
    assert_eq!(t.table.core().clock.acting(), None);
    assert_eq!(clock(&t).round, 1);
    // Round 2: the enemies first (d10 3) in a new order; the crows reordered themselves.
    t.referee_rules(
        json!({"order_side": {"side": "crows", "order": ["bram", "vera"]}}),
        &[],
    );
    initiative(&mut t, "alice", 3);
    assert_eq!(fight(&t)["round"], 2);
    assert_eq!(clock(&t).round, 2, "the engine's round runs on");
    assert_eq!(clock(&t).order, ["ghoul", "rat", "bram", "vera"]);
    assert_eq!(t.table.core().clock.acting(), Some("ghoul"));
    // Round 3 after round 2's turns.
    for id in ["ghoul", "rat", "bram", "vera"] {
        t.referee_rules(json!({"end_turn": {"creature": id}}), &[]);
    }
    initiative(&mut t, "alice", 8);
    assert_eq!(fight(&t)["round"], 3);
    assert_eq!(clock(&t).round, 3);
    assert_eq!(t.table.core().clock.acting(), Some("bram"));
    t.assert_replays();
}

#[test]
// Covers CR-CBT-01, CR-DMG-13.
fn cr_cbt_01_a_creature_dead_before_its_turn_ends_the_engine_round_with_the_fight() {
    let mut t = arena();
    start_with_initiative(&mut t, &["vera", "bram"], 7);
    // The rat, last in the round, dies before its turn.
    t.referee_rules(json!({"damage": {"creature": "rat", "amount": 100}}), &[]);
    assert_eq!(t.creature("rat")["alive"], false);
    for id in ["vera", "bram", "ghoul"] {
        t.referee_rules(json!({"end_turn": {"creature": id}}), &[]);
    }
    assert_eq!(fight(&t)["current"], Value::Null, "round 1 is over");
    assert_eq!(t.table.core().clock.acting(), None, "so is the engine's");
    initiative(&mut t, "alice", 7);
    let clock = t.table.core().clock.combat.clone().unwrap();
    assert_eq!((clock.round, clock.order.len()), (2, 3), "the rat is gone");
    t.assert_replays();
}

// ---- CR-ATK-11: where a thrown weapon lands is the Referee's call ----

#[test]
// Covers CR-ATK-11, CR-ATK-04.
fn cr_atk_11_the_referee_says_where_a_thrown_knife_lands() {
    let mut t = arena();
    t.referee_rules(
        json!({"place": {"creature": "ghoul", "at": {"x": 3, "y": 6}, "side": "enemies",
            "card": "cave-spider"}}),
        &[],
    );
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 4, "y": 6}, "obstacle": "solid"}]}}),
        &[],
    );
    start_with_initiative(&mut t, &["bram", "vera"], 7);
    // Bram throws his knife (item 2) at the ghoul 3 squares off.
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2, "ranged": true}})),
        &[9, 8, 2],
    );
    let ground = t.state()["ground"].as_array().unwrap().clone();
    assert_eq!(ground.len(), 1, "the knife left his hand");
    let gid = ground[0]["id"].to_string();
    // It lies at the target's square until the Referee says otherwise.
    assert_eq!(
        t.state()["combat"]["ground_at"][&gid],
        json!({"x": 3, "y": 6})
    );
    let d = t.decision("crows.combat.thrown_lands");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    assert_eq!(d.default.as_deref(), Some("target_square"));
    assert!(
        t.table.view(&Viewer::Player("bob".into()))["decisions"]
            .to_string()
            .find("thrown_lands")
            .is_none(),
        "the Referee's question"
    );
    // Only the Referee answers; a square must read `x,y` and not be solid.
    assert!(
        t.answer(&player("bob"), &d.id, "square", Some("2,6"))
            .is_err()
    );
    let before = t.table.state_json();
    assert!(t.answer(&referee(), &d.id, "square", Some("two")).is_err());
    assert!(t.answer(&referee(), &d.id, "square", Some("4,6")).is_err());
    assert_eq!(t.table.state_json(), before, "refusals change nothing");
    // It bounced back towards Bram: next to him, within his reach now.
    t.answer(&referee(), &d.id, "square", Some("1, 6")).unwrap();
    assert_eq!(
        t.state()["combat"]["ground_at"][&gid],
        json!({"x": 1, "y": 6})
    );
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.combat.thrown_lands")
    );
    t.assert_replays();
}
