//! Initiative, the turn budget and attacks at the table (DD-CBT, DD-ACT, DD-MAG-04).

use super::*;

#[test]
fn dd_cbt_01_b_turn_order_by_initiative_and_round_of_6_seconds() {
    let mut t = fight();
    let combat = &t.table.core().clock.combat.clone().unwrap();
    assert_eq!(combat.order, ["vera", "gob", "bram"]);
    assert_eq!(t.state()["initiative"]["vera"], 17);
    let before = t.table.core().clock.game_seconds();
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    // A round lasts 6 seconds (DD-CBT-03).
    assert_eq!(t.table.core().clock.game_seconds(), before + 6);
    t.assert_replays();
}

#[test]
fn dd_cbt_02_a_surprise_gives_disadvantage_on_initiative() {
    let mut t = party();
    // Surprised: two d20, the lower (4) kept.
    let ev = t.dm(
        json!({"roll_initiative": {"creatures": ["gob"], "surprised": ["gob"]}}),
        &[18, 4],
    );
    let roll = &rules_events(&ev, "initiative_rolled")[0];
    assert_eq!(roll["mode"], "disadvantage");
    assert_eq!(roll["disadvantage"], json!(["surprised"]));
    assert_eq!(roll["total"], 4 + 2);
}

#[test]
fn dd_cbt_01_b_ties_are_ordered_by_the_referee_never_silently() {
    let mut t = party();
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "bram"]}}),
        &[12, 12],
    );
    let code = t.refused(
        &referee(),
        json!({"start_combat": {"combatants": ["vera", "bram"]}}),
        &[],
    );
    assert_eq!(code, "initiative_tie");
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "bram"], "tie_order": ["bram", "vera"]}}),
        &[],
    );
    assert_eq!(
        t.table.core().clock.combat.as_ref().unwrap().order,
        ["bram", "vera"]
    );
}

#[test]
fn dd_act_01_the_turn_budget_names_the_spent_resource() {
    let mut t = fight();
    let alice = player("alice");
    // Movement splits around the action: 10 ft, Dash (+30), then 50 ft more.
    t.act(
        &alice,
        json!({"move": {"creature": "vera", "feet": 10}}),
        &[],
    );
    t.act(
        &alice,
        json!({"take_action": {"creature": "vera", "action": "dash"}}),
        &[],
    );
    t.act(
        &alice,
        json!({"move": {"creature": "vera", "feet": 50}}),
        &[],
    );
    assert_eq!(
        t.refused(
            &alice,
            json!({"move": {"creature": "vera", "feet": 5}}),
            &[]
        ),
        "movement_spent"
    );
    assert_eq!(
        t.refused(
            &alice,
            json!({"take_action": {"creature": "vera", "action": "dodge"}}),
            &[]
        ),
        "action_spent"
    );
    t.act(
        &alice,
        json!({"take_bonus_action": {"creature": "vera"}}),
        &[],
    );
    assert_eq!(
        t.refused(
            &alice,
            json!({"take_bonus_action": {"creature": "vera"}}),
            &[]
        ),
        "bonus_action_spent"
    );
    // Bram is not acting: no action, but a Reaction, once per round.
    let bob = player("bob");
    assert_eq!(
        t.refused(
            &bob,
            json!({"take_action": {"creature": "bram", "action": "dodge"}}),
            &[]
        ),
        "not_your_turn"
    );
    t.act(&bob, json!({"take_reaction": {"creature": "bram"}}), &[]);
    assert_eq!(
        t.refused(&bob, json!({"take_reaction": {"creature": "bram"}}), &[]),
        "reaction_spent"
    );
    // A player cannot act for another player's character (the engine's authorisation).
    assert!(
        t.run(
            &bob,
            json!({"rules": {"move": {"creature": "vera", "feet": 5}}}),
            &[]
        )
        .is_err()
    );
    // Vera's next turn gives everything back.
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    t.act(
        &alice,
        json!({"take_action": {"creature": "vera", "action": "dodge"}}),
        &[],
    );
    t.assert_replays();
}

#[test]
fn dd_mag_04_a_one_spell_slot_per_turn() {
    let mut t = fight();
    let alice = player("alice");
    t.act(
        &alice,
        json!({"cast_spell": {"creature": "vera", "spell": "Healing Word", "level": 1,
            "slot_level": 1, "casting_time": "bonus_action"}}),
        &[],
    );
    let code = t.refused(
        &alice,
        json!({"cast_spell": {"creature": "vera", "spell": "Shield of Faith", "level": 1,
            "slot_level": 1, "casting_time": "action"}}),
        &[],
    );
    assert_eq!(code, "slot_spent_this_turn");
    // A cantrip spends no slot and is still allowed with the action.
    t.act(
        &alice,
        json!({"cast_spell": {"creature": "vera", "spell": "Light", "level": 0,
            "casting_time": "action"}}),
        &[],
    );
    assert_eq!(t.creature("vera")["slots"]["spent"][0], 1);
}

#[test]
fn dd_cbt_04_a_attack_against_ac_and_dd_core_19_critical_doubles_the_dice() {
    let mut t = fight();
    let alice = player("alice");
    // Joining the combat revealed the goblin; it is not revealed twice.
    assert_eq!(
        t.refused(
            &referee(),
            json!({"reveal_creature": {"creature": "gob"}}),
            &[]
        ),
        "already_revealed"
    );
    // 10 + 4 = 14 misses AC 15.
    let ev = t.act(
        &alice,
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
        &[10],
    );
    assert_eq!(rules_events(&ev, "attack_rolled")[0]["hit"], false);
    assert_eq!(t.hp("gob"), 7);
    // The Attack action gives one attack.
    assert_eq!(
        t.refused(
            &alice,
            json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
            &[20]
        ),
        "attacks_spent"
    );
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    // A natural 20: two d8 + 2 (1 + 1 + 2 = 4).
    let ev = t.act(
        &alice,
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
        &[20, 1, 1],
    );
    let roll = &rules_events(&ev, "attack_rolled")[0];
    assert_eq!(roll["critical"], true);
    assert_eq!(t.hp("gob"), 3);
    t.assert_replays();
}

#[test]
fn dd_core_08_a_attack_sources_are_listed_and_cancel() {
    let mut t = fight();
    t.dm(
        json!({"apply_condition": {"creature": "gob", "condition": "prone", "source": "shove"}}),
        &[],
    );
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "poisoned", "source": "trap"}}),
        &[],
    );
    // Prone target within 5 ft (Advantage) and Poisoned attacker (Disadvantage): one d20.
    let ev = t.act(
        &player("alice"),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier",
            "advantage": ["Help"]}}),
        &[2],
    );
    let roll = &rules_events(&ev, "attack_rolled")[0];
    assert_eq!(roll["mode"], "normal");
    assert_eq!(
        roll["advantage"],
        json!([{"rule": {"target_condition": "prone"}}, {"named": "Help"}])
    );
    assert_eq!(
        roll["disadvantage"],
        json!([{"rule": {"own_condition": "poisoned"}}])
    );
}

#[test]
fn dd_cbt_05_b_long_range_gives_disadvantage_and_beyond_it_is_refused() {
    let mut t = fight();
    let alice = player("alice");
    let ev = t.act(
        &alice,
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Shortbow",
            "distance_ft": 100}}),
        &[19, 3],
    );
    let roll = &rules_events(&ev, "attack_rolled")[0];
    assert_eq!(roll["mode"], "disadvantage");
    assert_eq!(roll["hit"], false);
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    assert_eq!(
        t.refused(
            &alice,
            json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Shortbow",
                "distance_ft": 400}}),
            &[10]
        ),
        "out_of_reach"
    );
}

#[test]
fn dd_dmg_12_a_a_monster_dies_at_0_hp_and_leaves_the_order() {
    let mut t = fight();
    // 15 + 4 hits; 6 + 2 = 8 ≥ 7 HP.
    t.act(
        &player("alice"),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
        &[15, 6],
    );
    assert_eq!(t.creature("gob")["dead"], true);
    assert_eq!(
        t.table.core().clock.combat.as_ref().unwrap().order,
        ["vera", "bram"]
    );
    t.assert_replays();
}

#[test]
fn dd_dmg_17_a_a_melee_attacker_knocks_out_instead_of_killing() {
    let mut t = fight();
    t.act(
        &player("alice"),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier",
            "knock_out": true}}),
        &[15, 6],
    );
    let gob = t.creature("gob");
    assert_eq!(gob["dead"], false);
    assert_eq!(gob["hp"]["current"], 1);
    assert_eq!(gob["knocked_out"], true);
    assert!(
        gob["conditions"]["held"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h[0] == "unconscious")
    );
}

#[test]
fn seeded_dice_fight_replays() {
    let mut t = party();
    t.run_seeded(
        &referee(),
        json!({"rules": {"roll_initiative": {"creatures": ["vera", "gob", "bram"]}}}),
    );
    for id in ["vera", "gob", "bram"] {
        let init = t.state()["initiative"][id].as_i64().unwrap();
        assert!((3..=22).contains(&init), "{id}: {init}");
    }
    let inits = t.state()["initiative"].clone();
    let mut ids = vec!["vera", "gob", "bram"];
    ids.sort_by_key(|id| -inits[id].as_i64().unwrap());
    t.run_seeded(
        &referee(),
        json!({"rules": {"start_combat": {"combatants": ["vera", "gob", "bram"],
            "tie_order": ids}}}),
    );
    let first = t.table.core().clock.acting().unwrap().to_string();
    assert_eq!(first, ids[0]);
    t.assert_replays();
}
