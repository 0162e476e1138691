use delve_dnd2024::conditions::*;

#[test]
fn dd_cond_01_b_no_stacking() {
    let mut c = Conditions::default();
    assert!(c.apply(Condition::Poisoned, "spider").unwrap());
    assert!(!c.apply(Condition::Poisoned, "spider").unwrap());
    assert!(!c.apply(Condition::Poisoned, "trap").unwrap());
    assert_eq!(c.list(), vec![Condition::Poisoned]);
    // Per-source durations (C.9): ends only when every source ends.
    c.end(Condition::Poisoned, "spider");
    assert!(c.has(Condition::Poisoned));
    c.end(Condition::Poisoned, "trap");
    assert!(!c.has(Condition::Poisoned));
}

#[test]
fn dd_cond_01_d_immunity_refuses() {
    let mut c = Conditions::default();
    c.immune.push(Condition::Charmed);
    let err = c.apply(Condition::Charmed, "x").unwrap_err().to_string();
    assert!(err.contains("DD-COND-01.d"));
    assert!(!c.has(Condition::Charmed));
}

#[test]
fn dd_cond_01_e_included_conditions() {
    let mut c = Conditions::default();
    c.apply(Condition::Unconscious, "sleep").unwrap();
    assert!(c.has(Condition::Incapacitated) && c.has(Condition::Prone));
    c.end(Condition::Unconscious, "sleep");
    assert!(!c.has(Condition::Incapacitated));
    assert!(
        c.has(Condition::Prone),
        "DD-COND-16.a: still Prone after waking"
    );
    let mut c = Conditions::default();
    c.apply(Condition::Stunned, "s").unwrap();
    assert!(c.incapacitated());
    c.end(Condition::Stunned, "s");
    assert!(!c.incapacitated());
}

#[test]
fn dd_cond_05_test_exhaustion_levels() {
    let mut e = Exhaustion::default();
    for _ in 0..3 {
        assert!(!e.gain(ExhaustionSource::Other));
    }
    assert_eq!(e.d20_penalty(), -6);
    assert_eq!(e.speed(30), 15);
    e.gain(ExhaustionSource::Other);
    e.gain(ExhaustionSource::Other);
    assert!(e.gain(ExhaustionSource::Other), "level 6 → dead");
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Other);
    assert!(e.finish_long_rest(true, true));
    assert_eq!(e.level(), 0);
}

#[test]
fn dd_cond_05_d_speed_floor_zero() {
    let e = Exhaustion::with_levels(vec![ExhaustionSource::Other; 5]).unwrap();
    assert_eq!(e.speed(20), 0);
    assert!(Exhaustion::with_levels(vec![ExhaustionSource::Other; 7]).is_err());
}

#[test]
fn dd_cond_05_f_sources_kept() {
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Dehydration);
    e.gain(ExhaustionSource::Malnutrition);
    assert!(!e.finish_long_rest(false, false));
    assert_eq!(e.level(), 2);
    assert!(e.finish_long_rest(false, true));
    assert_eq!(e.sources(), &[ExhaustionSource::Dehydration]);
}

#[test]
fn dd_cond_05_g_revived_one_level_fewer() {
    let mut e = Exhaustion::with_levels(vec![ExhaustionSource::Other; 3]).unwrap();
    e.revived();
    assert_eq!(e.level(), 2);
}

#[test]
fn dd_cond_07_a_grappled_speed_zero() {
    let mut c = Conditions::default();
    c.apply(Condition::Grappled, "ogre").unwrap();
    assert_eq!(c.speed(30), 0);
}

#[test]
fn dd_cond_08_e_incapacitated_can_move() {
    let mut c = Conditions::default();
    c.apply(Condition::Incapacitated, "x").unwrap();
    assert_eq!(c.speed(30), 30);
}

#[test]
fn dd_cond_10_d_e_paralyzed_advantage_and_crit_within_5() {
    let mut c = Conditions::default();
    c.apply(Condition::Paralyzed, "hold").unwrap();
    assert_eq!(attack_sources_against(&c, 30, true), (1, 0));
    assert!(hit_is_critical(&c, 5));
    assert!(!hit_is_critical(&c, 10));
    assert!(c.auto_fails_str_dex_saves());
    assert_eq!(c.speed(30), 0);
}

#[test]
fn dd_cond_11_f_petrified_immune_poisoned_via_immunity() {
    // Petrified includes Incapacitated and zero Speed.
    let mut c = Conditions::default();
    c.apply(Condition::Petrified, "gaze").unwrap();
    assert!(c.incapacitated() && c.auto_fails_str_dex_saves());
    assert_eq!(c.speed(30), 0);
}

#[test]
fn dd_cond_13_a_stand_up_half_speed() {
    let mut c = Conditions::default();
    c.apply(Condition::Prone, "shove").unwrap();
    assert_eq!(c.stand_up_cost(30).unwrap(), 15);
    assert_eq!(c.stand_up_cost(25).unwrap(), 12);
    c.apply(Condition::Restrained, "net").unwrap();
    assert!(c.stand_up_cost(30).is_err());
}

#[test]
fn dd_cond_13_c_prone_adv_near_dis_far() {
    let mut c = Conditions::default();
    c.apply(Condition::Prone, "x").unwrap();
    assert_eq!(attack_sources_against(&c, 5, true), (1, 0));
    assert_eq!(attack_sources_against(&c, 10, true), (0, 1));
}

#[test]
fn dd_cond_09_c_invisible_per_attacker() {
    let mut c = Conditions::default();
    c.apply(Condition::Invisible, "spell").unwrap();
    assert_eq!(attack_sources_against(&c, 5, false), (0, 1));
    assert_eq!(attack_sources_against(&c, 5, true), (0, 0));
}

#[test]
fn dd_cond_15_a_stunned_keeps_speed() {
    let mut c = Conditions::default();
    c.apply(Condition::Stunned, "x").unwrap();
    assert_eq!(c.speed(30), 30);
    assert!(c.auto_fails_str_dex_saves());
}

#[test]
fn dd_cond_16_e_unconscious_crit_within_5() {
    let mut c = Conditions::default();
    c.apply(Condition::Unconscious, "x").unwrap();
    assert!(hit_is_critical(&c, 5));
    assert_eq!(c.speed(30), 0);
}

#[test]
fn dd_cond_descriptions_name_every_condition_with_ids() {
    for c in Condition::ALL {
        let d = c.description();
        assert!(!d.is_empty());
        for (id, text) in d {
            assert!(id.starts_with(c.id()), "{id} under {}", c.id());
            assert!(!text.is_empty());
        }
        assert_eq!(Condition::parse(c.name()).unwrap(), c);
    }
    assert!(Condition::parse("sleepy").is_err());
}

#[test]
fn dd_cond_02_blinded() {
    let mut c = Conditions::default();
    c.apply(Condition::Blinded, "dust").unwrap();
    assert!(check_auto_fails(&c, true, false));
    assert!(!check_auto_fails(&c, false, true));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
    assert_eq!(attack_sources_against(&c, 30, true), (1, 0));
}

#[test]
fn dd_cond_03_charmed() {
    let mut c = Conditions::default();
    c.apply(Condition::Charmed, "vampire").unwrap();
    assert!(!c.may_harm("vampire"));
    assert!(c.may_harm("goblin"));
    assert!(c.charmer_social_advantage("vampire"));
    assert!(!c.charmer_social_advantage("goblin"));
}

#[test]
fn dd_cond_04_a_deafened() {
    let mut c = Conditions::default();
    c.apply(Condition::Deafened, "bell").unwrap();
    assert!(check_auto_fails(&c, false, true));
    assert!(!check_auto_fails(&c, true, false));
}

#[test]
fn dd_cond_06_frightened() {
    let mut c = Conditions::default();
    c.apply(Condition::Frightened, "dragon").unwrap();
    assert_eq!(ability_check_disadvantage(&c, true), 1);
    assert_eq!(ability_check_disadvantage(&c, false), 0);
    assert_eq!(own_attack_sources(&c, false, true, true), (0, 1));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 0));
    assert!(!c.may_approach("dragon"));
    assert!(c.may_approach("goblin"));
}

#[test]
fn dd_cond_07_b_grappled_attacks_others_with_disadvantage() {
    let mut c = Conditions::default();
    c.apply(Condition::Grappled, "ogre").unwrap();
    assert_eq!(own_attack_sources(&c, true, false, true), (0, 0));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
}

#[test]
fn dd_cond_09_c_invisible_attacks_with_advantage() {
    let mut c = Conditions::default();
    c.apply(Condition::Invisible, "spell").unwrap();
    assert_eq!(own_attack_sources(&c, false, false, false), (1, 0));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 0));
}

#[test]
fn dd_cond_12_a_poisoned() {
    let mut c = Conditions::default();
    c.apply(Condition::Poisoned, "venom").unwrap();
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
    assert_eq!(ability_check_disadvantage(&c, false), 1);
}

#[test]
fn dd_cond_14_restrained() {
    let mut c = Conditions::default();
    c.apply(Condition::Restrained, "web").unwrap();
    assert_eq!(c.speed(30), 0);
    assert_eq!(attack_sources_against(&c, 30, true), (1, 0));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
    assert!(dex_save_disadvantage(&c));
}
