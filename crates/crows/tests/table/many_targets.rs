//! The combat rules wired last, driven through the engine: one attack roll against several
//! targets with per-target modifiers (CR-ATK-14), a Referee's ruling that a flyer falls
//! (CR-MOVE-05), improvised weapons (CR-ATK-12). See also `falls_and_throws.rs`.

use crate::common::*;

/// Vera (sword, Strength 2) next to a ghoul (east) and a rat (south); Bram far off.
fn arena() -> T {
    let mut t = ghoul_and_rat();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "sword",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    place_vera_between_ghoul_and_rat(&mut t);
    t
}

#[test]
// Covers CR-ATK-14, CR-EDGE-07.
fn cr_atk_14_one_roll_against_several_targets_reads_each_targets_modifiers() {
    let mut t = arena();
    // The rat is surprised: +1 to attacks against it only (CR-CBT-08).
    t.referee_rules(json!({"start_combat": {"surprised": ["rat"]}}), &[]);
    t.referee_rules(
        json!({"order_side": {"side": "crows", "order": ["vera", "bram"]}}),
        &[],
    );
    initiative(&mut t, "alice", 7);
    assert_eq!(
        t.table.view(&Viewer::Referee)["rules"]["combat"]["fight"]["current"],
        "vera"
    );
    // A player's attack has one target: several are the Referee's ruling (CR-ATK-14).
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "targets": ["rat"],
            "weapon": 1, "characteristic": "strength"}}),
        ),
        &[5, 4, 3],
    );
    assert_eq!(rule.as_deref(), Some("CR-ATK-14"));
    // The same creature twice is refused (CR-ATK-14).
    let rule = refusal(
        &mut t,
        &referee(),
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "targets": ["rat", "ghoul"],
            "weapon": 1, "characteristic": "strength"}}),
        ),
        &[5, 4, 3],
    );
    assert_eq!(rule.as_deref(), Some("CR-ATK-14"));
    // One roll: 5 + 4 + Strength 2 = 11, tier 1 against the ghoul; the surprised rat's +1
    // makes it 12, tier 2: the sword's 1d6 (3) + 1 to the rat alone.
    let events = t.ok(
        &referee(),
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "targets": ["rat"],
            "weapon": 1, "characteristic": "strength"}}),
        ),
        &[5, 4, 3],
    );
    // The three scripted dice are all there is: one attack roll (2d10) and one damage die,
    // not a roll per target.
    assert_eq!(stamina(&t, "ghoul"), 20, "missed");
    assert_eq!(stamina(&t, "rat"), 16, "hit: 1d6 (3) + 1");
    let log: String = events.iter().map(|e| e.to_json().unwrap()).collect();
    assert!(log.contains(r#""also":["rat"]"#), "{log}");
    assert_eq!(log.matches("attack_resolved").count(), 2, "{log}");
    // The ghoul's miss is a melee miss: the ghoul may counter (CR-ATK-05, CR-REACT-03); the
    // rat, hit, may not.
    let d = t.decision("crows.combat.counter");
    assert_eq!(d.answerer, engine::Answerer::Controller("ghoul".into()));
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .filter(|d| d.kind == "crows.combat.counter")
            .count()
            == 1
    );
    // The action is spent once (CR-CBT-10).
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[5, 4],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
    t.assert_replays();
}

#[test]
// Covers CR-MOVE-05, CR-HAZ-01.
fn cr_move_05_the_referee_rules_a_flyer_falls_with_falling_damage() {
    let mut t = arena();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "bat", "name": "Bat", "kind": "monster",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 20,
            "speed": {"walk": 1, "fly": 6}}}),
        &[],
    );
    t.referee_rules(
        json!({"place": {"creature": "bat", "at": {"x": 4, "y": 4}, "side": "enemies",
            "flying": true, "altitude": 2}}),
        &[],
    );
    // Only a flyer falls this way.
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"flyer_falls": {"creature": "rat", "feet": 30}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-05"));
    // Only the Referee sends it.
    assert!(
        t.run(
            &player("alice"),
            r(json!({"flyer_falls": {"creature": "bat", "feet": 30}})),
            &[],
        )
        .is_err()
    );
    // The Referee rules a 30-foot fall (more than its height: say it was swept higher):
    // 3d6 (2 + 3 + 4 = 9); the resistance roll 1 + 1 + Agility 0 is tier 1, nothing taken
    // off (CR-HAZ-01/02).
    t.referee_rules(
        json!({"flyer_falls": {"creature": "bat", "feet": 30}}),
        &[2, 3, 4, 1, 1],
    );
    assert_eq!(stamina(&t, "bat"), 11);
    let combat = t.state()["combat"].clone();
    assert_eq!(
        combat["placements"]["bat"]["flying"], false,
        "it has landed"
    );
    assert_eq!(combat["placements"]["bat"]["at"], json!({"x": 4, "y": 4}));
    // Landed, it does not fall again.
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"flyer_falls": {"creature": "bat", "feet": 30}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-MOVE-05"));
    t.assert_replays();
}

#[test]
// Covers CR-ATK-12.
fn cr_atk_12_a_weapon_like_object_hits_like_the_weapon_with_a_bane() {
    let mut t = arena();
    // A torch (no weapon card) in Vera's other hand: item 2 (the sword is item 1).
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 2}]}}),
        &[],
    );
    t.referee_rules(json!({"start_combat": {}}), &[]);
    t.referee_rules(
        json!({"order_side": {"side": "crows", "order": ["vera", "bram"]}}),
        &[],
    );
    initiative(&mut t, "alice", 7);
    let like = |weapon: u32| {
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": weapon,
            "like": "sword", "characteristic": "strength"}}),
        )
    };
    // Whether it hits like a weapon is the Referee's call (CR-ATK-12).
    let rule = refusal(&mut t, &player("alice"), like(2), &[8, 7, 4]);
    assert_eq!(rule.as_deref(), Some("CR-ATK-12"));
    // A real weapon is no improvised one.
    let rule = refusal(&mut t, &referee(), like(1), &[8, 7, 4]);
    assert_eq!(rule.as_deref(), Some("CR-ATK-12"));
    // 8 + 7 + Strength 2 = 17 would be tier 3; the bane's −2 makes it 15, tier 2: the
    // sword's 1d6 (4) + 1.
    t.ok(&referee(), like(2), &[8, 7, 4]);
    let test = &t.state()["last_tests"]["vera"];
    assert_eq!(test["final_tier"], 2, "{test}");
    assert!(
        test["spec"]["modifiers"]
            .to_string()
            .contains("improvised_weapon_like"),
        "{test}"
    );
    assert_eq!(stamina(&t, "ghoul"), 15);
    let items = t.table.view(&Viewer::Referee)["rules"]["creatures"]["vera"]["items"].to_string();
    assert!(items.contains("Torch"), "the torch stays in hand: {items}");
    t.assert_replays();
}

#[test]
// Covers CR-COND-02.
fn cr_cond_02_a_blessed_attacker_adds_the_attack_characteristic_to_the_damage() {
    let mut t = arena();
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "blessed"}}),
        &[],
    );
    t.referee_rules(json!({"start_combat": {}}), &[]);
    t.referee_rules(
        json!({"order_side": {"side": "crows", "order": ["vera", "bram"]}}),
        &[],
    );
    initiative(&mut t, "alice", 7);
    // 5 + 4 + Strength 2 + the blessing's edge 2 = 13: tier 2. The sword's 1d6 (3) + 1, and
    // the blessing's + Strength 2: 6.
    t.ok(
        &player("alice"),
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1,
            "characteristic": "strength"}}),
        ),
        &[5, 4, 3],
    );
    assert_eq!(t.state()["last_tests"]["vera"]["final_tier"], 2);
    assert_eq!(stamina(&t, "ghoul"), 14, "3 + 1 + Strength 2");
    t.assert_replays();
}
