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
fn dd_core_09_c_d_pb_once_never_quadrupled() {
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
fn dd_core_12_a_b_dc_ladder_reachable() {
    let t = test(D20TestKind::AbilityCheck, 0, 30, RollMode::Normal);
    assert!(!t.resolve(&[20]).unwrap().success);
    let ladder: Vec<i32> = [
        Difficulty::VeryEasy,
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::VeryHard,
        Difficulty::NearlyImpossible,
    ]
    .map(Difficulty::dc)
    .to_vec();
    assert_eq!(ladder, vec![5, 10, 15, 20, 25, 30]);
    // The DC is the target of checks and saves alike.
    let save = test(
        D20TestKind::SavingThrow,
        2,
        Difficulty::Medium.dc(),
        RollMode::Normal,
    );
    assert!(save.resolve(&[13]).unwrap().success);
    assert!(!save.resolve(&[12]).unwrap().success);
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
fn dd_core_14_a_b_passive_perception() {
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

#[test]
fn dd_core_01_b_the_gm_decides_whether_to_roll() {
    let t = test(D20TestKind::AbilityCheck, 0, 25, RollMode::Normal);
    assert!(t.resolve_call(TestCall::Succeeds, &[]).unwrap());
    assert!(!t.resolve_call(TestCall::Fails, &[]).unwrap());
    assert!(!t.resolve_call(TestCall::Roll, &[20]).unwrap());
    assert!(
        t.resolve_call(TestCall::Roll, &[]).is_err(),
        "a roll needs its die"
    );
}

#[test]
fn dd_core_02_c_modifier_added_to_tests_of_that_ability() {
    for kind in [
        D20TestKind::AbilityCheck,
        D20TestKind::SavingThrow,
        D20TestKind::AttackRoll,
    ] {
        let t = ability_test(kind, 16, 0, 0, 15, RollMode::Normal).unwrap();
        assert_eq!(t.bonus, 3);
        assert!(t.resolve(&[12]).unwrap().success);
    }
    assert_eq!(
        ability_test(D20TestKind::AbilityCheck, 8, 2, 1, 10, RollMode::Normal)
            .unwrap()
            .bonus,
        2
    );
}

#[test]
fn dd_core_03_a_d_ability_and_skill_names_dc_from_rule_or_gm() {
    let stealth = AbilityCheck {
        ability: Ability::Dexterity,
        skill: Some(Skill::Stealth),
    };
    assert_eq!(stealth.to_string(), "Dexterity (Stealth)");
    let plain = AbilityCheck {
        ability: Ability::Strength,
        skill: None,
    };
    assert_eq!(plain.to_string(), "Strength");
    let mut tr = SkillTraining::default();
    tr.add_proficiency(Skill::Stealth);
    assert_eq!(stealth.bonus(14, 2, &tr).unwrap(), 4);
    assert_eq!(plain.bonus(14, 2, &tr).unwrap(), 2);
    // The GM picks the DC: a Hard one.
    let t = test(
        D20TestKind::AbilityCheck,
        4,
        Difficulty::Hard.dc(),
        RollMode::Normal,
    );
    assert!(!t.resolve(&[15]).unwrap().success);
}

#[test]
fn dd_core_04_a_the_effect_defines_success_and_failure() {
    use delve_dnd2024::core::Ability;
    use delve_dnd2024::monsters::SaveNotation;
    let web = SaveNotation {
        ability: Ability::Dexterity,
        dc: 12,
        who: "each creature in the area".into(),
        on_failure: "Restrained".into(),
        on_success: "no effect".into(),
    };
    let t = test(D20TestKind::SavingThrow, 1, web.dc, RollMode::Normal);
    let ok = saving_throw(&t, &[11], true, false).unwrap();
    assert_eq!(web.outcome(t.resolve(&[11]).unwrap().total), "no effect");
    assert!(ok);
    assert!(!saving_throw(&t, &[10], true, false).unwrap());
}

#[test]
fn dd_core_04_d_e_save_proficiency_and_spell_dc() {
    use delve_dnd2024::magic::spell_save_dc;
    assert_eq!(save_bonus(14, 3, true).unwrap(), 5);
    assert_eq!(save_bonus(14, 3, false).unwrap(), 2);
    // Spell DC: 8 + Wis +3 + PB +2 = 13.
    let dc = spell_save_dc(ability_modifier(16).unwrap(), 2);
    assert_eq!(dc, 13);
    let t = test(
        D20TestKind::SavingThrow,
        save_bonus(12, 2, true).unwrap(),
        dc,
        RollMode::Normal,
    );
    assert!(t.resolve(&[10]).unwrap().success);
    assert!(!t.resolve(&[9]).unwrap().success);
}

#[test]
fn dd_core_05_a_b_c_d_attack_rolls_weapon_unarmed_spell() {
    use delve_dnd2024::combat::{unarmed_strike, weapon_attack};
    use delve_dnd2024::magic::spell_attack_bonus;
    let d6 = DamageDice {
        count: 1,
        sides: 6,
        modifier: 0,
    };
    // c) Strength for melee, Dexterity for ranged, the better for Finesse; d) PB if proficient.
    assert_eq!(weapon_attack(3, 1, false, false, 2, true, d6).0, 5);
    assert_eq!(weapon_attack(3, 1, true, false, 2, true, d6).0, 3);
    assert_eq!(weapon_attack(1, 4, false, true, 2, false, d6).0, 4);
    assert_eq!(unarmed_strike(3, 2).attack_bonus, 5);
    // Spell attacks always add PB.
    assert_eq!(spell_attack_bonus(3, 2), 5);
    // a/b) Each is an attack roll: hit when the total reaches AC.
    let t = test(D20TestKind::AttackRoll, 5, 15, RollMode::Normal);
    assert!(t.resolve(&[10]).unwrap().success);
    assert!(!t.resolve(&[9]).unwrap().success);
}

#[test]
fn dd_core_07_b_many_disadvantages_still_two_dice() {
    assert_eq!(RollMode::from_sources(0, 4), RollMode::Disadvantage);
    assert_eq!(RollMode::from_sources(0, 4).dice(), 2);
    let t = test(
        D20TestKind::AbilityCheck,
        0,
        10,
        RollMode::from_sources(0, 3),
    );
    assert!(
        t.resolve(&[12, 15, 9]).is_err(),
        "three faces for three sources: refused"
    );
    assert_eq!(t.resolve(&[12, 9]).unwrap().kept, 9);
}

#[test]
fn dd_core_09_a_e_proficiency_in_skill_save_weapon_tool_and_spells() {
    use delve_dnd2024::combat::weapon_attack;
    use delve_dnd2024::magic::{spell_attack_bonus, spell_save_dc};
    let pb = proficiency_bonus(5).unwrap();
    let mut tr = SkillTraining::default();
    tr.add_proficiency(Skill::Athletics);
    assert_eq!(tr.check_bonus(0, pb, &[Skill::Athletics], false).0, 3);
    assert_eq!(tr.check_bonus(0, pb, &[Skill::Arcana], true).0, 3, "a tool");
    assert_eq!(save_bonus(10, pb, true).unwrap(), 3);
    let d8 = DamageDice {
        count: 1,
        sides: 8,
        modifier: 0,
    };
    assert_eq!(weapon_attack(0, 0, false, false, pb, true, d8).0, 3);
    // e) PB in spell attacks and DCs.
    assert_eq!(spell_attack_bonus(0, pb), 3);
    assert_eq!(spell_save_dc(0, pb), 11);
}

#[test]
fn dd_core_10_b_unproficient_skill_check_without_pb() {
    let tr = SkillTraining::default();
    assert_eq!(tr.check_bonus(2, 3, &[Skill::Stealth], false), (2, false));
    let mut tr = SkillTraining::default();
    tr.add_proficiency(Skill::Stealth);
    assert_eq!(tr.check_bonus(2, 3, &[Skill::Stealth], false), (5, false));
}

#[test]
fn dd_core_13_a_ac_is_the_attack_target() {
    use delve_dnd2024::combat::{AttackReach, AttackRequest, AttackTarget, plan_attack};
    use delve_dnd2024::conditions::Conditions;
    use delve_dnd2024::cover::Cover;
    let none = Conditions::default();
    let ac = armor_class(2, &[], None, &[]).unwrap();
    let p = plan_attack(&AttackRequest {
        bonus: 4,
        reach: AttackReach::Melee { reach_ft: 5 },
        distance_ft: 5,
        target: AttackTarget::Creature {
            armor_class: ac,
            conditions: &none,
        },
        cover: Cover::None,
        attacker: &none,
        attacker_sees_target: true,
        target_sees_attacker: true,
        target_is_grappler: false,
        fear_source_in_sight: false,
        enemy_within_5ft: false,
        other_advantage: 0,
        other_disadvantage: 0,
        damage: None,
    })
    .unwrap();
    assert_eq!(p.test.target, 12);
}

#[test]
fn dd_core_14_c_passive_when_not_looking_rolled_when_searching() {
    assert_eq!(
        perception_total(PerceptionCall::Passive, 4, RollMode::Normal).unwrap(),
        14
    );
    assert_eq!(
        perception_total(PerceptionCall::Rolled { kept_face: 3 }, 4, RollMode::Normal).unwrap(),
        7
    );
    assert!(
        perception_total(PerceptionCall::Rolled { kept_face: 0 }, 4, RollMode::Normal).is_err()
    );
}

#[test]
fn dd_core_18_d_gm_reward_and_daily_feature() {
    let mut h = HeroicInspiration::default();
    assert_eq!(h.start_of_day(false, true).unwrap(), None);
    assert!(!h.held);
    assert_eq!(
        h.start_of_day(true, true).unwrap(),
        Some(InspirationGrant::Gained)
    );
    assert!(h.held);
    // The GM's reward while holding one: may pass it on.
    assert_eq!(h.grant(true).unwrap(), InspirationGrant::MayPassOn);
    assert!(
        HeroicInspiration::default()
            .start_of_day(true, false)
            .is_err()
    );
}

#[test]
fn dd_core_19_c_conditions_make_hits_critical() {
    use delve_dnd2024::conditions::{Condition, Conditions, hit_is_critical};
    let mut c = Conditions::default();
    c.apply(Condition::Paralyzed, "hold").unwrap();
    assert!(hit_is_critical(&c, 5));
    assert!(!hit_is_critical(&c, 10));
    let mut c = Conditions::default();
    c.apply(Condition::Unconscious, "sleep").unwrap();
    assert!(hit_is_critical(&c, 5));
    assert!(!hit_is_critical(&Conditions::default(), 5));
}
