use delve_dnd2024::RulesError;
use delve_dnd2024::core::*;

fn test(kind: D20TestKind, bonus: i32, target: i32, mode: RollMode) -> D20Test {
    D20Test {
        kind,
        bonus,
        target,
        mode,
        exhaustion: 0,
    }
}

#[test]
fn dd_core_01_c_total_meets_dc_succeeds() {
    let t = test(D20TestKind::AbilityCheck, 3, 15, RollMode::Normal);
    assert!(t.resolve(&[12]).unwrap().success);
    let t = test(D20TestKind::AbilityCheck, 3, 16, RollMode::Normal);
    let o = t.resolve(&[12]).unwrap();
    assert!(!o.success);
    assert_eq!(o.total, 15);
}

#[test]
fn dd_core_01_c_bad_faces_refused() {
    let t = test(D20TestKind::SavingThrow, 0, 10, RollMode::Normal);
    assert!(matches!(
        t.resolve(&[0]),
        Err(RulesError::OutOfRange { .. })
    ));
    assert!(matches!(
        t.resolve(&[21]),
        Err(RulesError::OutOfRange { .. })
    ));
    assert!(t.resolve(&[5, 6]).is_err());
}

#[test]
fn dd_core_01_a_exhaustion_applies_to_all_three_kinds() {
    for kind in [
        D20TestKind::AbilityCheck,
        D20TestKind::SavingThrow,
        D20TestKind::AttackRoll,
    ] {
        let mut t = test(kind, 0, 10, RollMode::Normal);
        t.exhaustion = 2;
        assert_eq!(t.resolve(&[12]).unwrap().total, 8, "{kind:?}");
    }
}

#[test]
fn dd_core_02_b_modifier_table() {
    let expect = [
        (1, -5),
        (2, -4),
        (3, -4),
        (9, -1),
        (10, 0),
        (11, 0),
        (12, 1),
        (15, 2),
        (20, 5),
        (29, 9),
        (30, 10),
    ];
    for (s, m) in expect {
        assert_eq!(ability_modifier(s).unwrap(), m, "score {s}");
    }
}

#[test]
fn dd_core_02_d_score_limits() {
    assert!(ability_modifier(0).is_err());
    assert!(ability_modifier(31).is_err());
    assert!(check_pc_score(20, None).is_ok());
    assert!(check_pc_score(21, None).is_err());
    assert!(check_pc_score(24, Some(24)).is_ok());
    assert!(check_pc_score(31, Some(40)).is_err());
}

#[test]
fn dd_core_02_a_six_abilities() {
    assert_eq!(Ability::ALL.len(), 6);
}

#[test]
fn dd_core_03_b_two_skills_add_pb_once() {
    let mut t = SkillTraining::default();
    t.add_proficiency(Skill::Athletics);
    t.add_proficiency(Skill::Acrobatics);
    let (bonus, adv) = t.check_bonus(1, 2, &[Skill::Athletics, Skill::Acrobatics], false);
    assert_eq!((bonus, adv), (3, false));
    let (bonus, _) = SkillTraining::default().check_bonus(1, 2, &[Skill::Athletics], false);
    assert_eq!(bonus, 1);
}

#[test]
fn dd_core_03_c_tool_and_skill_pb_once_and_advantage() {
    let mut t = SkillTraining::default();
    t.add_proficiency(Skill::SleightOfHand);
    assert_eq!(
        t.check_bonus(2, 3, &[Skill::SleightOfHand], true),
        (5, true)
    );
    assert_eq!(
        t.check_bonus(2, 3, &[Skill::SleightOfHand], false),
        (5, false)
    );
}

#[test]
fn dd_core_04_b_c_choose_to_fail_and_no_ability() {
    let t = test(D20TestKind::SavingThrow, 10, 5, RollMode::Normal);
    assert!(saving_throw(&t, &[20], true, false).unwrap());
    assert!(!saving_throw(&t, &[20], true, true).unwrap());
    assert!(!saving_throw(&t, &[20], false, false).unwrap());
}

#[test]
fn dd_core_05_e_natural_20_hits_natural_1_misses() {
    let t = test(D20TestKind::AttackRoll, -10, 30, RollMode::Normal);
    let o = t.resolve(&[20]).unwrap();
    assert!(o.success && o.critical);
    let t = test(D20TestKind::AttackRoll, 40, 10, RollMode::Normal);
    assert!(!t.resolve(&[1]).unwrap().success);
    // Checks and saves have no automatic results.
    let t = test(D20TestKind::AbilityCheck, -10, 30, RollMode::Normal);
    let o = t.resolve(&[20]).unwrap();
    assert!(!o.success && !o.critical);
}

#[test]
fn dd_core_06_a_advantage_keeps_higher() {
    let t = test(D20TestKind::AbilityCheck, 0, 15, RollMode::Advantage);
    assert_eq!(t.resolve(&[3, 17]).unwrap().kept, 17);
}

#[test]
fn dd_core_07_a_disadvantage_keeps_lower() {
    let t = test(D20TestKind::AbilityCheck, 0, 15, RollMode::Disadvantage);
    assert_eq!(t.resolve(&[3, 17]).unwrap().kept, 3);
}

#[test]
fn dd_core_06_b_07_b_many_sources_still_two_dice() {
    assert_eq!(RollMode::from_sources(5, 0), RollMode::Advantage);
    assert_eq!(RollMode::from_sources(0, 4), RollMode::Disadvantage);
    assert_eq!(RollMode::Advantage.dice(), 2);
}

#[test]
fn dd_core_08_a_three_advantage_one_disadvantage_single_d20() {
    let mode = RollMode::from_sources(3, 1);
    assert_eq!(mode, RollMode::Normal);
    assert_eq!(mode.dice(), 1);
}

#[test]
fn dd_core_08_b_reroll_only_one_of_two() {
    let t = test(D20TestKind::AbilityCheck, 0, 15, RollMode::Disadvantage);
    let o = t.resolve(&[3, 17]).unwrap();
    let r = t.reroll_one(&o, 0, 16).unwrap();
    assert_eq!((r.faces.clone(), r.kept), (vec![16, 17], 16));
    assert!(t.reroll_one(&o, 2, 16).is_err());
}

#[test]
fn dd_core_09_b_pb_by_level() {
    let expect = [
        (1, 2),
        (4, 2),
        (5, 3),
        (8, 3),
        (9, 4),
        (13, 5),
        (17, 6),
        (20, 6),
    ];
    for (l, pb) in expect {
        assert_eq!(proficiency_bonus(l).unwrap(), pb);
    }
    assert!(proficiency_bonus(0).is_err());
    assert!(proficiency_bonus(21).is_err());
}

#[test]
fn dd_core_09_c_pb_once_d_never_quadrupled() {
    assert_eq!(
        proficiency_added(
            3,
            &[Proficiency::Proficient, Proficiency::Proficient],
            false
        ),
        3
    );
    assert_eq!(proficiency_added(3, &[Proficiency::Expertise], true), 6);
    assert_eq!(proficiency_added(3, &[Proficiency::None], false), 0);
}

#[test]
fn dd_core_10_a_default_abilities() {
    assert_eq!(Skill::Stealth.default_ability(), Ability::Dexterity);
    assert_eq!(Skill::Athletics.default_ability(), Ability::Strength);
    assert_eq!(Skill::Perception.default_ability(), Ability::Wisdom);
    assert_eq!(Skill::Arcana.default_ability(), Ability::Intelligence);
    assert_eq!(Skill::Persuasion.default_ability(), Ability::Charisma);
}

#[test]
fn dd_core_11_a_expertise_stealth_plus_8() {
    let mut t = SkillTraining::default();
    t.add_proficiency(Skill::Stealth);
    t.add_expertise(Skill::Stealth).unwrap();
    assert_eq!(t.check_bonus(2, 3, &[Skill::Stealth], false).0, 8);
}

#[test]
fn dd_core_11_b_expertise_needs_proficiency_and_once() {
    let mut t = SkillTraining::default();
    let before = t.clone();
    assert!(t.add_expertise(Skill::Arcana).is_err());
    assert_eq!(t, before);
    t.add_proficiency(Skill::Arcana);
    t.add_expertise(Skill::Arcana).unwrap();
    let before = t.clone();
    assert!(t.add_expertise(Skill::Arcana).is_err());
    assert_eq!(t, before);
}

#[test]
fn dd_core_12_b_dc_ladder_reachable() {
    let t = test(D20TestKind::AbilityCheck, 0, 30, RollMode::Normal);
    assert!(!t.resolve(&[20]).unwrap().success);
}

#[test]
fn dd_core_13_b_c_ac_unarmored_and_half_cover() {
    // Clause b: 10 + Dex. The checklist's Test line ("Dex +2 → 13; Half Cover → 15") does not
    // add up with clause b; it holds for Dex +3, which is what is checked here.
    assert_eq!(armor_class(2, &[], None, &[]).unwrap(), 12);
    assert_eq!(armor_class(3, &[], None, &[]).unwrap(), 13);
    assert_eq!(armor_class(3, &[], None, &[2]).unwrap(), 15);
    // Only one base formula: picking one ignores 10 + Dex.
    assert_eq!(armor_class(2, &[16, 13], Some(0), &[2]).unwrap(), 18);
    assert!(armor_class(2, &[16], Some(3), &[]).is_err());
}

#[test]
fn dd_core_14_passive_perception() {
    // Level 1 (PB 2), Wis 15 (+2), proficient → 14; with Advantage 19.
    let bonus = ability_modifier(15).unwrap() + proficiency_bonus(1).unwrap();
    assert_eq!(passive_score(bonus, RollMode::Normal), 14);
    assert_eq!(passive_score(bonus, RollMode::Advantage), 19);
    assert_eq!(passive_score(bonus, RollMode::Disadvantage), 9);
    assert_eq!(passive_score(bonus, RollMode::from_sources(1, 1)), 14);
}

#[test]
fn dd_core_15_a_b_round_down_is_floor() {
    assert_eq!(delve_dnd2024::div_floor(7, 2), 3);
    assert_eq!(delve_dnd2024::div_floor(-9, 2), -5);
    let o = delve_dnd2024::Interpretations {
        round_down_is_floor: false,
        ..Default::default()
    };
    assert_eq!(o.divide(-9, 2), -4);
    assert_eq!(delve_dnd2024::Interpretations::default().divide(-9, 2), -5);
}

#[test]
fn dd_core_16_a_turn_owner_orders_simultaneous_effects() {
    assert_eq!(
        order_simultaneous(TurnOwner::Player, 2),
        Some(TurnOwner::Player)
    );
    assert_eq!(
        order_simultaneous(TurnOwner::GameMaster, 3),
        Some(TurnOwner::GameMaster)
    );
    assert_eq!(order_simultaneous(TurnOwner::Player, 1), None);
}

#[test]
fn dd_core_17_a_per_day_only_long_rest() {
    let mut u = PerDayUse { max: 1, used: 0 };
    u.spend().unwrap();
    assert!(u.spend().is_err());
    u.day_passes();
    assert!(u.spend().is_err());
    u.finish_long_rest();
    u.spend().unwrap();
}

#[test]
fn dd_core_18_a_b_heroic_inspiration() {
    let mut h = HeroicInspiration::default();
    assert!(h.grant(false).is_err());
    assert_eq!(h.grant(true).unwrap(), InspirationGrant::Gained);
    assert_eq!(h.grant(true).unwrap(), InspirationGrant::MayPassOn);
    let mut other = HeroicInspiration::default();
    h.pass_to(&mut other).unwrap();
    assert!(other.held);
    assert!(h.pass_to(&mut other).is_err());
    h.spend().unwrap();
    assert!(h.spend().is_err());
}

#[test]
fn dd_core_18_c_reroll_one_die_with_advantage() {
    let t = test(D20TestKind::AttackRoll, 0, 15, RollMode::Advantage);
    let o = t.resolve(&[4, 9]).unwrap();
    assert!(!o.success);
    let r = t.reroll_one(&o, 0, 18).unwrap();
    assert!(r.success);
    assert_eq!(r.faces, vec![18, 9]);
}

#[test]
fn dd_core_19_b_dagger_crit_2d4_plus_3() {
    let dagger = DamageDice {
        count: 1,
        sides: 4,
        modifier: 3,
    };
    assert_eq!(dagger.critical().to_string(), "2d4 + 3");
    let sneak = DamageDice {
        count: 3,
        sides: 6,
        modifier: 0,
    };
    assert_eq!(sneak.critical().count, 6);
}

#[test]
fn dd_core_19_a_natural_20_is_critical() {
    let t = test(D20TestKind::AttackRoll, 5, 15, RollMode::Disadvantage);
    assert!(t.resolve(&[20, 20]).unwrap().critical);
    assert!(!t.resolve(&[20, 19]).unwrap().critical);
}
