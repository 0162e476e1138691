use delve_dnd2024::Interpretations;
use delve_dnd2024::damage::*;

fn opts() -> Interpretations {
    Interpretations::default()
}

#[test]
fn dd_dmg_03_a_thirteen_types() {
    assert_eq!(DamageType::ALL.len(), 13);
    assert_eq!(DamageType::parse("Fire").unwrap(), DamageType::Fire);
    let err = DamageType::parse("holy").unwrap_err().to_string();
    assert!(
        err.contains("DD-DMG-03.a") && err.contains("radiant"),
        "{err}"
    );
}

#[test]
fn dd_dmg_04_a_resistance_halves_round_down() {
    let d = Defences {
        resistance: true,
        ..Default::default()
    };
    assert_eq!(adjust_damage(7, &d, &opts()), 3);
}

#[test]
fn dd_dmg_05_a_vulnerability_doubles() {
    let d = Defences {
        vulnerability: true,
        ..Default::default()
    };
    assert_eq!(adjust_damage(7, &d, &opts()), 14);
}

#[test]
fn dd_dmg_06_a_immunity_zero() {
    let d = Defences {
        immunity: true,
        vulnerability: true,
        ..Default::default()
    };
    assert_eq!(adjust_damage(50, &d, &opts()), 0);
}

#[test]
fn dd_dmg_07_a_order_28_fire() {
    // Resistance to all, Vulnerability to Fire, aura −5: 28 → 23 → 11 → 22.
    let d = Defences {
        resistance: true,
        vulnerability: true,
        flat: -5,
        ..Default::default()
    };
    assert_eq!(adjust_damage(28, &d, &opts()), 22);
}

#[test]
fn dd_dmg_02_b_penalty_never_below_zero() {
    let d = Defences {
        flat: -10,
        vulnerability: true,
        ..Default::default()
    };
    assert_eq!(adjust_damage(4, &d, &opts()), 0);
}

#[test]
fn dd_dmg_08_a_threshold() {
    let d = Defences {
        threshold: 10,
        ..Default::default()
    };
    assert_eq!(adjust_damage(9, &d, &opts()), 0);
    assert_eq!(adjust_damage(10, &d, &opts()), 10);
    assert_eq!(adjust_damage(11, &d, &opts()), 11);
}

#[test]
fn dd_dmg_08_b_threshold_after_adjustments_option() {
    let d = Defences {
        threshold: 10,
        resistance: true,
        ..Default::default()
    };
    assert_eq!(adjust_damage(16, &d, &opts()), 0);
    let before = Interpretations {
        threshold_after_adjustments: false,
        ..opts()
    };
    assert_eq!(adjust_damage(16, &d, &before), 8);
}

#[test]
fn dd_dmg_04_b_resistance_once() {
    // Two sources are one flag: halved once.
    let d = Defences {
        resistance: true,
        ..Default::default()
    };
    assert_eq!(adjust_damage(20, &d, &opts()), 10);
}

#[test]
fn dd_dmg_09_a_healing_capped() {
    let mut hp = HitPoints {
        current: 14,
        max: 20,
        temp: 0,
    };
    assert_eq!(hp.heal(8), 6);
    assert_eq!(hp.current, 20);
}

#[test]
fn dd_dmg_10_a_temp_hp_first() {
    let mut hp = HitPoints {
        current: 10,
        max: 10,
        temp: 5,
    };
    let r = hp.take_damage(7, false, ZeroHpRule::Character, &opts());
    assert_eq!(
        (hp.temp, hp.current, r.absorbed_by_temp, r.hp_lost),
        (0, 8, 5, 2)
    );
}

#[test]
fn dd_dmg_10_c_temp_hp_never_stack() {
    let mut hp = HitPoints {
        current: 10,
        max: 10,
        temp: 10,
    };
    hp.grant_temp(12, false);
    assert_eq!(hp.temp, 10);
    hp.grant_temp(12, true);
    assert_eq!(hp.temp, 12);
}

#[test]
fn dd_dmg_10_b_d_temp_hp_end_on_long_rest_and_are_not_healing() {
    let mut hp = HitPoints {
        current: 3,
        max: 10,
        temp: 4,
    };
    hp.heal(2);
    assert_eq!(hp.temp, 4);
    hp.finish_long_rest();
    assert_eq!(hp.temp, 0);
    let mut full = HitPoints::new(10);
    full.grant_temp(5, true);
    assert_eq!(full.temp, 5);
}

#[test]
fn dd_dmg_11_a_bloodied() {
    let mut hp = HitPoints::new(15);
    hp.current = 8;
    assert!(!hp.bloodied());
    hp.current = 7;
    assert!(hp.bloodied());
}

#[test]
fn dd_dmg_12_a_monster_dies_at_zero() {
    let mut hp = HitPoints::new(10);
    assert!(hp.take_damage(10, false, ZeroHpRule::Monster, &opts()).dies);
    let mut hp = HitPoints::new(10);
    let r = hp.take_damage(10, false, ZeroHpRule::Character, &opts());
    assert!(r.dropped_to_zero && !r.dies);
}

#[test]
fn dd_dmg_12_b_max_zero_dies() {
    let mut hp = HitPoints::new(5);
    assert!(!hp.reduce_max(4));
    assert!(hp.reduce_max(1));
}

#[test]
fn dd_dmg_13_a_massive_damage() {
    let mut hp = HitPoints {
        current: 6,
        max: 12,
        temp: 0,
    };
    let r = hp.take_damage(18, false, ZeroHpRule::Character, &opts());
    assert_eq!(r.overflow, 12);
    assert!(r.dies);
    let mut hp = HitPoints {
        current: 6,
        max: 12,
        temp: 0,
    };
    let r = hp.take_damage(17, false, ZeroHpRule::Character, &opts());
    assert_eq!(r.overflow, 11);
    assert!(!r.dies && r.dropped_to_zero);
}

#[test]
fn dd_dmg_14_a_b_death_saves() {
    let mut s = DeathSaves::default();
    assert_eq!(s.roll(10, 0, &opts()).unwrap(), DeathSaveResult::Continue);
    assert_eq!(s.roll(9, 0, &opts()).unwrap(), DeathSaveResult::Continue);
    assert_eq!(s.roll(15, 0, &opts()).unwrap(), DeathSaveResult::Continue);
    assert_eq!(s.roll(12, 0, &opts()).unwrap(), DeathSaveResult::Stable);
    assert_eq!(s, DeathSaves::default());
    let mut s = DeathSaves::default();
    s.roll(2, 0, &opts()).unwrap();
    s.roll(15, 0, &opts()).unwrap();
    s.roll(3, 0, &opts()).unwrap();
    assert_eq!(s.roll(5, 0, &opts()).unwrap(), DeathSaveResult::Dead);
    assert!(s.roll(0, 0, &opts()).is_err());
}

#[test]
fn dd_dmg_14_c_natural_1_and_20() {
    let mut s = DeathSaves::default();
    s.roll(1, 0, &opts()).unwrap();
    assert_eq!(s.failures, 2);
    assert_eq!(
        s.roll(20, 0, &opts()).unwrap(),
        DeathSaveResult::RegainOneHp
    );
    assert_eq!(s, DeathSaves::default());
}

#[test]
fn dd_dmg_14_e_exhaustion_applies_to_total() {
    let mut s = DeathSaves::default();
    assert_eq!(s.roll(11, -4, &opts()).unwrap(), DeathSaveResult::Continue);
    assert_eq!(s.failures, 1);
    let plain = Interpretations {
        death_save_is_d20_test: false,
        ..opts()
    };
    let mut s = DeathSaves::default();
    s.roll(11, -4, &plain).unwrap();
    assert_eq!(s.successes, 1);
}

#[test]
fn dd_dmg_15_a_b_damage_at_zero() {
    let mut hp = HitPoints {
        current: 0,
        max: 12,
        temp: 0,
    };
    assert_eq!(
        hp.take_damage(3, false, ZeroHpRule::Character, &opts())
            .death_save_failures,
        1
    );
    assert_eq!(
        hp.take_damage(3, true, ZeroHpRule::Character, &opts())
            .death_save_failures,
        2
    );
    assert!(
        hp.take_damage(12, false, ZeroHpRule::Character, &opts())
            .dies
    );
}

#[test]
fn dd_dmg_15_a_temp_hp_absorbed_option() {
    let mut hp = HitPoints {
        current: 0,
        max: 12,
        temp: 5,
    };
    assert_eq!(
        hp.take_damage(3, false, ZeroHpRule::Character, &opts())
            .death_save_failures,
        0
    );
    let strict = Interpretations {
        temp_hp_absorbed_damage_at_zero_no_failure: false,
        ..opts()
    };
    let mut hp = HitPoints {
        current: 0,
        max: 12,
        temp: 5,
    };
    assert_eq!(
        hp.take_damage(3, false, ZeroHpRule::Character, &strict)
            .death_save_failures,
        1
    );
}

#[test]
fn dd_dmg_17_a_knock_out_melee_only() {
    let mut hp = HitPoints::new(10);
    assert!(knock_out(&mut hp, 12, false).is_err());
    assert!(knock_out(&mut hp, 5, true).is_err());
    assert_eq!(hp.current, 10);
    assert_eq!(knock_out(&mut hp, 12, true).unwrap(), 1);
    assert_eq!(hp.current, 1);
}

#[test]
fn dd_dmg_01_a_hp_stays_in_range() {
    let mut hp = HitPoints::new(10);
    hp.take_damage(25, false, ZeroHpRule::Character, &opts());
    assert_eq!(hp.current, 0);
    hp.heal(40);
    assert_eq!(hp.current, 10);
}

#[test]
fn dd_dmg_16_a_stable_three_successes_resets() {
    let mut s = DeathSaves::default();
    for _ in 0..3 {
        s.roll(15, 0, &opts()).unwrap();
    }
    assert_eq!(s, DeathSaves::default(), "Stable resets the counters");
    assert_eq!(STABILIZE_DC, 10);
    // c) a Stable creature taking damage resumes death saves: the damage adds a failure.
    let mut hp = HitPoints {
        current: 0,
        max: 10,
        temp: 0,
    };
    assert_eq!(
        hp.take_damage(2, false, ZeroHpRule::Character, &opts())
            .death_save_failures,
        1
    );
}

#[test]
fn dd_dmg_18_c_d_revival_and_attunement() {
    use delve_dnd2024::conditions::{Exhaustion, ExhaustionSource};
    use delve_dnd2024::magic::Attunement;
    let mut e = Exhaustion::with_levels(vec![ExhaustionSource::Other; 2]).unwrap();
    e.revived();
    assert_eq!(e.level(), 1);
    let mut a = Attunement::default();
    a.attune("ring").unwrap();
    a.on_death();
    assert!(a.items.is_empty());
}

fn dying_pc() -> (HitPoints, delve_dnd2024::conditions::Conditions, Dying) {
    let mut hp = HitPoints::new(12);
    let mut c = delve_dnd2024::conditions::Conditions::default();
    let r = hp.take_damage(12, false, ZeroHpRule::Character, &opts());
    assert!(r.dropped_to_zero && !r.dies);
    let d = Dying::drop_to_zero(&mut c).unwrap();
    (hp, c, d)
}

#[test]
fn dd_dmg_01_b_losing_hp_changes_nothing_until_zero() {
    let mut hp = HitPoints::new(12);
    let r = hp.take_damage(11, false, ZeroHpRule::Character, &opts());
    assert_eq!(hp.current, 1);
    assert!(!r.dropped_to_zero && !r.dies && r.death_save_failures == 0);
    // Nothing else follows from the loss: a turn at 1 HP is a whole turn.
    let t = delve_dnd2024::actions::Turn::start(30, false);
    assert!(t.end().action_unused && t.reaction_available);
}

#[test]
fn dd_dmg_02_a_roll_the_dice_add_the_modifiers() {
    use delve_dnd2024::core::DamageDice;
    let d = DamageDice::parse("2d6+3").unwrap();
    assert_eq!(d.total(&[4, 5]).unwrap(), 12);
    assert!(d.total(&[4]).is_err());
    assert!(d.total(&[4, 7]).is_err());
    let weak = DamageDice::parse("1d4-3").unwrap();
    assert_eq!(weak.total(&[1]).unwrap(), 0, "DD-DMG-02.b: never below 0");
}

#[test]
fn dd_dmg_02_c_fixed_damage_gets_no_modifier() {
    assert_eq!(fixed_damage(1, None), 1);
    assert_eq!(fixed_damage(1, Some(3)), 4);
    assert_eq!(fixed_damage(1, Some(-3)), 0);
}

#[test]
fn dd_dmg_03_b_types_key_the_defences_gm_names_a_new_one() {
    // The GM gives a new effect a type by name; the defences key on it.
    let t = DamageType::parse("thunder").unwrap();
    let vs = |resist: DamageType| Defences {
        resistance: t == resist,
        ..Defences::default()
    };
    assert_eq!(adjust_damage(9, &vs(DamageType::Thunder), &opts()), 4);
    assert_eq!(adjust_damage(9, &vs(DamageType::Fire), &opts()), 9);
}

#[test]
fn dd_dmg_09_b_14_d_healing_at_zero_wakes_and_resets() {
    use delve_dnd2024::conditions::Condition;
    let (mut hp, mut c, mut d) = dying_pc();
    assert!(c.has(Condition::Unconscious));
    d.roll(5, 0, &opts()).unwrap();
    d.roll(15, 0, &opts()).unwrap();
    assert_eq!((d.saves.successes, d.saves.failures), (1, 1));
    assert_eq!(d.heal(&mut hp, &mut c, 3), DyingOutcome::Conscious(3));
    assert!(!c.has(Condition::Unconscious));
    assert!(c.has(Condition::Prone), "still Prone on waking");
    assert_eq!(d.saves, DeathSaves::default());
}

#[test]
fn dd_dmg_12_c_character_at_zero_is_unconscious_and_rolls() {
    use delve_dnd2024::conditions::Condition;
    let (_, c, mut d) = dying_pc();
    assert!(c.has(Condition::Unconscious));
    assert!(d.must_roll());
    assert_eq!(d.roll(9, 0, &opts()).unwrap(), DeathSaveResult::Continue);
    assert_eq!(d.saves.failures, 1);
}

#[test]
fn dd_dmg_14_d_stable_resets_counters() {
    let (_, _, mut d) = dying_pc();
    d.roll(2, 0, &opts()).unwrap();
    for _ in 0..3 {
        d.roll(12, 0, &opts()).unwrap();
    }
    assert!(d.stable);
    assert_eq!(d.saves, DeathSaves::default());
}

#[test]
fn dd_dmg_15_c_16_c_damage_ends_stable() {
    let (mut hp, _, mut d) = dying_pc();
    d.stabilize();
    assert!(!d.must_roll());
    assert!(d.roll(10, 0, &opts()).is_err());
    let r = hp.take_damage(2, false, ZeroHpRule::Character, &opts());
    assert_eq!(d.damaged(&r), DyingOutcome::StillDying);
    assert!(!d.stable && d.must_roll());
    assert_eq!(d.saves.failures, 1);
}

#[test]
fn dd_dmg_16_a_stable_still_unconscious_no_saves() {
    use delve_dnd2024::conditions::Condition;
    let (hp, c, mut d) = dying_pc();
    d.stabilize();
    assert_eq!(hp.current, 0);
    assert!(c.has(Condition::Unconscious));
    assert!(!d.must_roll());
}

#[test]
fn dd_dmg_16_b_help_and_medicine_stabilize() {
    use delve_dnd2024::actions::Turn;
    let (_, _, mut d) = dying_pc();
    let mut helper = Turn::start(30, false);
    if helper.help_medicine(STABILIZE_DC).unwrap() {
        d.stabilize();
    }
    assert!(d.stable && helper.action_used);
    let (_, _, mut d) = dying_pc();
    let mut helper = Turn::start(30, false);
    if helper.help_medicine(STABILIZE_DC - 1).unwrap() {
        d.stabilize();
    }
    assert!(!d.stable);
}

#[test]
fn dd_dmg_16_d_stable_regains_1_hp_after_1d4_hours() {
    use delve_dnd2024::conditions::Condition;
    let (mut hp, mut c, mut d) = dying_pc();
    d.stabilize();
    assert_eq!(
        d.hours_pass(2, 3, &mut hp, &mut c).unwrap(),
        DyingOutcome::Stable
    );
    assert_eq!(hp.current, 0);
    assert_eq!(
        d.hours_pass(1, 3, &mut hp, &mut c).unwrap(),
        DyingOutcome::Conscious(1)
    );
    assert!(!c.has(Condition::Unconscious));
    assert!(d.hours_pass(1, 5, &mut hp, &mut c).is_err());
}

#[test]
fn dd_dmg_17_b_knocked_out_wakes() {
    assert!(!knocked_out_wakes(false, None, false));
    assert!(knocked_out_wakes(true, None, false));
    assert!(knocked_out_wakes(false, Some(FIRST_AID_DC), false));
    assert!(!knocked_out_wakes(false, Some(FIRST_AID_DC - 1), false));
    assert!(knocked_out_wakes(false, None, true));
}

#[test]
fn dd_dmg_16_c_damage_while_stable_resumes_saves() {
    let (mut hp, _, mut d) = dying_pc();
    d.stabilize();
    let r = hp.take_damage(1, true, ZeroHpRule::Character, &opts());
    assert_eq!(d.damaged(&r), DyingOutcome::StillDying);
    assert!(!d.stable);
    assert_eq!(d.saves.failures, 2, "a Critical Hit counts twice");
}
