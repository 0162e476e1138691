//! Damage, death saves and Concentration at the table (DD-DMG, DD-MAG-09).

use super::*;

fn damage(t: &mut T, id: &str, instances: Value, faces: &[i64]) -> Vec<Envelope> {
    t.dm(
        json!({"damage": {"creature": id, "instances": instances}}),
        faces,
    )
}

#[test]
fn dd_mag_09_c_concentration_kept_then_lost_across_two_damage_instances() {
    let mut t = party();
    t.act(
        &player("alice"),
        json!({"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1, "slot_level": 1,
            "casting_time": "action", "concentration": true}}),
        &[],
    );
    assert_eq!(t.creature("vera")["concentration"]["effect"], "Bless");
    assert_eq!(t.table.core().effects.len(), 1);
    // Two instances, two saves against DC 10 each: 8 + Con 2 + PB 2 = 12 keeps it, then
    // 5 + 4 = 9 loses it.
    let ev = damage(
        &mut t,
        "vera",
        json!([{"amount": 7, "damage_type": "fire"}, {"amount": 16, "damage_type": "cold"}]),
        &[8, 5],
    );
    let saves = rules_events(&ev, "concentration_save");
    assert_eq!(saves.len(), 2);
    assert_eq!(
        (saves[0]["dc"].clone(), saves[0]["kept"].clone()),
        (json!(10), json!(true))
    );
    assert_eq!(
        (saves[1]["dc"].clone(), saves[1]["kept"].clone()),
        (json!(10), json!(false))
    );
    assert_eq!(t.hp("vera"), 1);
    assert_eq!(t.creature("vera")["concentration"]["effect"], Value::Null);
    assert!(t.table.core().effects.is_empty());
    t.assert_replays();
}

#[test]
fn dd_mag_09_b_a_new_concentration_spell_ends_the_old_one() {
    let mut t = party();
    let alice = player("alice");
    for spell in ["Bless", "Bane"] {
        t.act(
            &alice,
            json!({"cast_spell": {"creature": "vera", "spell": spell, "level": 1,
                "slot_level": 1, "casting_time": "action", "concentration": true}}),
            &[],
        );
    }
    assert_eq!(t.creature("vera")["concentration"]["effect"], "Bane");
    assert_eq!(t.table.core().effects.len(), 1);
    // Both slots spent: a third level-1 spell has no slot.
    assert_eq!(
        t.refused(
            &alice,
            json!({"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1,
                "slot_level": 1, "casting_time": "action"}}),
            &[]
        ),
        "no_slot"
    );
}

#[test]
fn dd_dmg_13_a_massive_damage_kills_outright() {
    let mut t = party();
    // 23 leaves 23 − 20 = 3 over, less than the maximum of 20: dying.
    damage(
        &mut t,
        "bram",
        json!([{"amount": 23, "damage_type": "slashing"}]),
        &[],
    );
    assert_eq!(t.creature("bram")["dead"], false);
    assert!(t.creature("bram")["dying"].is_object());
    let mut t = party();
    // 40 leaves 20 over, the maximum: dead at once.
    let ev = damage(
        &mut t,
        "bram",
        json!([{"amount": 40, "damage_type": "slashing"}]),
        &[],
    );
    assert_eq!(rules_events(&ev, "died")[0]["cause"], "massive damage");
    assert_eq!(t.creature("bram")["dead"], true);
    t.assert_replays();
}

#[test]
fn dd_dmg_14_b_death_saves_to_stable() {
    let mut t = party();
    let bob = player("bob");
    damage(
        &mut t,
        "bram",
        json!([{"amount": 20, "damage_type": "slashing"}]),
        &[],
    );
    for face in [10, 3, 14, 19] {
        t.act(&bob, json!({"death_save": {"creature": "bram"}}), &[face]);
    }
    let bram = t.creature("bram");
    assert_eq!(bram["dying"]["stable"], true);
    assert_eq!(bram["hp"]["current"], 0);
    assert_eq!(
        t.refused(&bob, json!({"death_save": {"creature": "bram"}}), &[10]),
        "stable"
    );
    // Damage at 0 HP: a Stable creature starts dying again with a failure (DD-DMG-15.c).
    damage(
        &mut t,
        "bram",
        json!([{"amount": 1, "damage_type": "fire"}]),
        &[],
    );
    let bram = t.creature("bram");
    assert_eq!(bram["dying"]["stable"], false);
    assert_eq!(bram["dying"]["saves"]["failures"], 1);
    t.assert_replays();
}

#[test]
fn dd_dmg_14_c_natural_1_counts_twice_and_the_third_failure_kills() {
    let mut t = party();
    let bob = player("bob");
    damage(
        &mut t,
        "bram",
        json!([{"amount": 20, "damage_type": "slashing"}]),
        &[],
    );
    t.act(&bob, json!({"death_save": {"creature": "bram"}}), &[1]);
    assert_eq!(t.creature("bram")["dying"]["saves"]["failures"], 2);
    let ev = t.act(&bob, json!({"death_save": {"creature": "bram"}}), &[9]);
    assert_eq!(rules_events(&ev, "died")[0]["cause"], "death saving throws");
    assert_eq!(t.creature("bram")["dead"], true);
    assert_eq!(
        t.refused(&bob, json!({"death_save": {"creature": "bram"}}), &[10]),
        "dead"
    );
}

#[test]
fn dd_dmg_14_c_natural_20_regains_1_hp() {
    let mut t = party();
    damage(
        &mut t,
        "bram",
        json!([{"amount": 20, "damage_type": "slashing"}]),
        &[],
    );
    t.act(
        &player("bob"),
        json!({"death_save": {"creature": "bram"}}),
        &[20],
    );
    let bram = t.creature("bram");
    assert_eq!(bram["hp"]["current"], 1);
    assert_eq!(bram["dying"], Value::Null);
    assert!(
        !bram["conditions"]["held"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h[0] == "unconscious")
    );
}

#[test]
fn dd_dmg_14_a_one_death_save_per_turn_on_its_own_turn() {
    let mut t = fight();
    damage(
        &mut t,
        "bram",
        json!([{"amount": 20, "damage_type": "slashing"}]),
        &[],
    );
    let bob = player("bob");
    assert_eq!(
        t.refused(&bob, json!({"death_save": {"creature": "bram"}}), &[10]),
        "not_your_turn"
    );
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    t.act(&bob, json!({"death_save": {"creature": "bram"}}), &[10]);
    assert_eq!(
        t.refused(&bob, json!({"death_save": {"creature": "bram"}}), &[10]),
        "death_save_rolled"
    );
}

#[test]
fn dd_dmg_15_b_a_critical_hit_at_0_hp_is_two_failures() {
    let mut t = party();
    damage(
        &mut t,
        "bram",
        json!([{"amount": 20, "damage_type": "slashing"}]),
        &[],
    );
    t.dm(
        json!({"damage": {"creature": "bram", "critical": true,
            "instances": [{"amount": 3, "damage_type": "piercing"}]}}),
        &[],
    );
    assert_eq!(t.creature("bram")["dying"]["saves"]["failures"], 2);
}

#[test]
fn dd_dmg_16_b_stabilised_by_a_medicine_check() {
    let mut t = party();
    damage(
        &mut t,
        "bram",
        json!([{"amount": 20, "damage_type": "slashing"}]),
        &[],
    );
    // Wis 12 (+1) + PB 2 (Medicine): 7 + 3 = 10 meets DC 10.
    t.act(
        &player("alice"),
        json!({"stabilize": {"creature": "bram", "helper": "vera"}}),
        &[7],
    );
    assert_eq!(t.creature("bram")["dying"]["stable"], true);
}

#[test]
fn dd_dmg_04_05_06_resistance_vulnerability_and_immunity() {
    let mut t = party();
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    // Fire resisted: 5 → 2.
    damage(
        &mut t,
        "gob",
        json!([{"amount": 5, "damage_type": "fire"}]),
        &[],
    );
    assert_eq!(t.hp("gob"), 5);
    // Poison: immune.
    damage(
        &mut t,
        "gob",
        json!([{"amount": 50, "damage_type": "poison"}]),
        &[],
    );
    assert_eq!(t.hp("gob"), 5);
    // Radiant doubled: 2 → 4.
    damage(
        &mut t,
        "gob",
        json!([{"amount": 2, "damage_type": "radiant"}]),
        &[],
    );
    assert_eq!(t.hp("gob"), 1);
}

#[test]
fn dd_dmg_10_temporary_hp_absorb_first_and_never_stack() {
    let mut t = party();
    t.dm(
        json!({"grant_temp_hp": {"creature": "vera", "amount": 5}}),
        &[],
    );
    t.dm(
        json!({"grant_temp_hp": {"creature": "vera", "amount": 3}}),
        &[],
    );
    assert_eq!(t.creature("vera")["hp"]["temp"], 5);
    damage(
        &mut t,
        "vera",
        json!([{"amount": 8, "damage_type": "cold"}]),
        &[],
    );
    assert_eq!(t.creature("vera")["hp"]["temp"], 0);
    assert_eq!(t.hp("vera"), 21);
    t.dm(json!({"heal": {"creature": "vera", "amount": 10}}), &[]);
    assert_eq!(t.hp("vera"), 24);
}
