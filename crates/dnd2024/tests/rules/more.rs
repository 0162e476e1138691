use delve_dnd2024::core::RollMode;
use delve_dnd2024::environment::*;
use delve_dnd2024::monsters::*;
use delve_dnd2024::movement::Size;
use delve_dnd2024::objects::*;
use delve_dnd2024::rest::*;
use delve_dnd2024::social::*;

#[test]
fn dd_soc_01_a_b_c_attitudes_per_pair() {
    let mut a = Attitudes::default();
    assert_eq!(a.get("ogre", "vera"), Attitude::Indifferent);
    a.set("ogre", "vera", Attitude::Hostile);
    assert_eq!(a.get("ogre", "vera"), Attitude::Hostile);
    assert_eq!(a.get("ogre", "tom"), Attitude::Indifferent);
    assert_eq!(Attitude::Friendly.influence_mode(), RollMode::Advantage);
    assert_eq!(Attitude::Hostile.influence_mode(), RollMode::Disadvantage);
    assert_eq!(Attitude::Indifferent.influence_mode(), RollMode::Normal);
}

#[test]
fn dd_act_11_b_d_e_test_influence_dc() {
    assert_eq!(influence_dc(18), 18);
    assert_eq!(influence_dc(6), 15);
    assert_eq!(
        influence(Willingness::Willing, Attitude::Hostile, 10),
        InfluenceStep::Complies
    );
    assert_eq!(
        influence(Willingness::Unwilling, Attitude::Friendly, 10),
        InfluenceStep::Refuses
    );
    assert_eq!(
        influence(Willingness::Hesitant, Attitude::Friendly, 18),
        InfluenceStep::Check {
            dc: 18,
            mode: RollMode::Advantage
        }
    );
}

#[test]
fn dd_rest_01_b_test_hit_die_minimum_1() {
    assert_eq!(hit_die_heal(1, -2), 1);
    assert_eq!(hit_die_heal(6, 2), 8);
}

#[test]
fn dd_rest_01_d_interruptions() {
    assert!(Interruption::RolledInitiative.interrupts(false));
    assert!(!Interruption::CastSpell { level: 0 }.interrupts(false));
    assert!(Interruption::CastSpell { level: 1 }.interrupts(false));
    assert!(!Interruption::HourOfExertion.interrupts(false));
    assert!(Interruption::HourOfExertion.interrupts(true));
}

#[test]
fn dd_rest_03_b_needs_hp_and_16_hours() {
    assert!(may_start_rest(0, false, None).is_err());
    assert!(may_start_rest(1, true, Some(10)).is_err());
    assert!(may_start_rest(1, true, Some(16)).is_ok());
}

#[test]
fn dd_rest_04_b_c_test_two_interruptions_ten_hours() {
    let mut r = LongRest::default();
    assert!(!r.rest_hours(3));
    assert_eq!(
        r.interrupt(Interruption::TookDamage),
        Some(InterruptedRest::ShortRestBenefits)
    );
    assert!(!r.rest_hours(3));
    r.interrupt(Interruption::RolledInitiative);
    assert!(!r.rest_hours(3));
    assert!(r.rest_hours(1));
    assert_eq!(r.hours_rested, 10);
    let mut early = LongRest::default();
    assert_eq!(
        early.interrupt(Interruption::TookDamage),
        Some(InterruptedRest::Nothing)
    );
}

#[test]
fn dd_rest_02_b_hit_dice_back_on_long_rest() {
    let mut d = HitPointDice {
        total: 2,
        spent: 0,
        sides: 8,
    };
    d.spend().unwrap();
    d.spend().unwrap();
    assert!(d.spend().is_err());
    d.finish_long_rest();
    assert_eq!(d.spent, 0);
}

#[test]
fn dd_rest_02_c_monster_hp() {
    // 2d6 + 2×2 = 7 + 4.
    assert_eq!(monster_average_hp(2, 6, 2).unwrap(), 11);
    assert!(monster_average_hp(2, 7, 0).is_ok());
    assert!(monster_average_hp(2, 3, 0).is_err());
}

#[test]
fn dd_mon_02_b_xp_and_pb_by_cr() {
    let cr = |s: &str| ChallengeRating::parse(s).unwrap();
    assert_eq!(cr("0").xp(false), 0);
    assert_eq!(cr("0").xp(true), 10);
    assert_eq!(cr("1/8").xp(false), 25);
    assert_eq!(cr("1/4").xp(false), 50);
    assert_eq!(cr("1/2").xp(false), 100);
    assert_eq!(cr("5").xp(false), 1_800);
    assert_eq!(cr("30").xp(false), 155_000);
    assert_eq!(cr("4").proficiency_bonus(), 2);
    assert_eq!(cr("5").proficiency_bonus(), 3);
    assert_eq!(cr("17").proficiency_bonus(), 6);
    assert_eq!(cr("30").proficiency_bonus(), 9);
    assert_eq!(cr("0.125").to_string(), "1/8");
    assert_eq!(cr("10.000").to_string(), "10");
    assert!(ChallengeRating::parse("31").is_err());
    assert!(ChallengeRating::parse("0.3").is_err());
    assert!(ChallengeRating::from_f64(0.3).is_err());
    assert_eq!(ChallengeRating::from_f64(0.5).unwrap().to_string(), "1/2");
}

#[test]
fn dd_mon_03_a_levels_by_xp() {
    assert_eq!(level_for_xp(0), 1);
    assert_eq!(level_for_xp(299), 1);
    assert_eq!(level_for_xp(300), 2);
    assert_eq!(level_for_xp(355_000), 20);
}

#[test]
fn dd_mon_01_e_test_fixed_or_dice() {
    let d = StatBlockDamage::parse("4 (1d4 + 2)").unwrap();
    assert_eq!((d.fixed, d.dice.as_str()), (4, "1d4 + 2"));
    assert_eq!(d.resolve(DamageForm::Fixed, None).unwrap(), 4);
    assert_eq!(d.resolve(DamageForm::Rolled, Some(6)).unwrap(), 6);
    assert!(d.resolve(DamageForm::Fixed, Some(6)).is_err());
    assert!(StatBlockDamage::parse("4").is_err());
}

#[test]
fn dd_mon_04_b_c_recharge_and_legendary() {
    assert!(recharges(5, 5).unwrap());
    assert!(!recharges(5, 4).unwrap());
    assert!(recharges(5, 7).is_err());
    let mut l = LegendaryActions { max: 3, left: 3 };
    assert!(l.spend(1, false, false).is_err());
    assert!(l.spend(1, true, true).is_err());
    l.spend(2, true, false).unwrap();
    assert!(l.spend(2, true, false).is_err());
    l.start_turn();
    assert_eq!(l.left, 3);
}

#[test]
fn dd_obj_02_a_b_ac_and_hp() {
    assert_eq!(Material::Paper.armor_class(), 11);
    assert_eq!(Material::Adamantine.armor_class(), 23);
    assert_eq!(Material::Wood.armor_class(), 15);
    let (fixed, dice) = object_hit_points(Size::Medium, true).unwrap();
    assert_eq!((fixed, dice.to_string()), (18, "4d8".to_string()));
    assert!(object_hit_points(Size::Huge, false).is_err());
}

#[test]
fn dd_obj_03_a_04_a_objects() {
    use delve_dnd2024::damage::DamageType;
    assert!(object_immune(DamageType::Poison) && object_immune(DamageType::Psychic));
    assert!(!object_immune(DamageType::Fire));
    assert!(!object_save());
}

#[test]
fn dd_env_01_deep_water() {
    assert_eq!(deep_water(true), Exposure::AutoSuccess);
    assert_eq!(
        deep_water(false),
        Exposure::Save {
            dc: 10,
            disadvantage: false
        }
    );
}

#[test]
fn dd_env_02_extreme_cold() {
    assert_eq!(extreme_cold(true), Exposure::AutoSuccess);
    assert_eq!(
        extreme_cold(false),
        Exposure::Save {
            dc: 10,
            disadvantage: false
        }
    );
}

#[test]
fn dd_env_03_extreme_heat() {
    assert_eq!(
        extreme_heat(1, false, false),
        Exposure::Save {
            dc: 5,
            disadvantage: false
        }
    );
    assert_eq!(
        extreme_heat(3, true, false),
        Exposure::Save {
            dc: 7,
            disadvantage: true
        }
    );
    assert_eq!(extreme_heat(3, true, true), Exposure::AutoSuccess);
}

#[test]
fn dd_env_04_frigid_water() {
    assert_eq!(frigid_water(12, 12, false), None);
    assert_eq!(
        frigid_water(13, 12, false),
        Some(Exposure::Save {
            dc: 10,
            disadvantage: false
        })
    );
    assert_eq!(frigid_water(13, 12, true), Some(Exposure::AutoSuccess));
}

#[test]
fn dd_env_06_high_altitude() {
    assert_eq!(altitude_travel_hours(3, 12_000, false), 6);
    assert_eq!(altitude_travel_hours(3, 12_000, true), 3);
    assert_eq!(altitude_travel_hours(3, 9_000, false), 3);
}

#[test]
fn dd_env_09_thin_ice() {
    assert!(thin_ice_breaks(200, 15));
    assert!(!thin_ice_breaks(150, 15));
}

#[test]
fn dd_env_05_heavy_precipitation() {
    assert_eq!(heavy_precipitation(true), (true, true, true));
    assert_eq!(heavy_precipitation(false), (true, true, false));
}

#[test]
fn dd_env_07_slippery_ice() {
    assert_eq!(SLIPPERY_ICE_DC, 10);
    assert!(slippery_ice_save_due(false, false));
    assert!(!slippery_ice_save_due(true, false));
    assert!(slippery_ice_save_due(true, true));
}

#[test]
fn dd_env_08_strong_wind() {
    assert_eq!(strong_wind(false), (true, true, false));
    assert_eq!(strong_wind(true), (true, true, true));
}

#[test]
fn dd_obj_04_a_objects_fail_saves() {
    assert!(!object_save());
    let t = delve_dnd2024::core::D20Test {
        kind: delve_dnd2024::core::D20TestKind::SavingThrow,
        bonus: 30,
        target: 5,
        mode: RollMode::Normal,
        exhaustion: 0,
    };
    assert!(!delve_dnd2024::core::saving_throw(&t, &[20], false, false).unwrap());
}

#[test]
fn dd_obj_01_a_attacks_and_object_spells_damage_objects() {
    use delve_dnd2024::damage::DamageType;
    let opts = delve_dnd2024::Interpretations::default();
    let mut door = ObjectState::new(Material::Wood, 18);
    assert_eq!(door.armor_class, 15);
    assert_eq!(
        door.take_damage(7, DamageType::Slashing, ObjectDamageSource::Attack, &opts)
            .unwrap(),
        7
    );
    assert_eq!(door.hit_points, 11);
    // A spell damages it only if the spell says it affects objects.
    assert!(
        door.take_damage(
            20,
            DamageType::Fire,
            ObjectDamageSource::Spell {
                affects_objects: false
            },
            &opts
        )
        .is_err()
    );
    assert_eq!(door.hit_points, 11, "a refusal changes nothing");
    // Immune to Poison and Psychic (DD-OBJ-03.a).
    assert_eq!(
        door.take_damage(9, DamageType::Psychic, ObjectDamageSource::Attack, &opts)
            .unwrap(),
        0
    );
    // The GM rules the door weak against fire (DD-OBJ-03.b): doubled.
    door.gm_vulnerable_to.push(DamageType::Fire);
    assert_eq!(
        door.take_damage(
            4,
            DamageType::Fire,
            ObjectDamageSource::Spell {
                affects_objects: true
            },
            &opts
        )
        .unwrap(),
        8
    );
    assert_eq!(door.hit_points, 3);
    assert!(!door.destroyed);
    door.take_damage(
        10,
        DamageType::Bludgeoning,
        ObjectDamageSource::Attack,
        &opts,
    )
    .unwrap();
    assert!(door.destroyed && door.hit_points == 0, "0 HP: destroyed");
    assert!(
        door.take_damage(
            1,
            DamageType::Bludgeoning,
            ObjectDamageSource::Attack,
            &opts
        )
        .is_err()
    );
    // A wall's damage threshold ignores small blows (DD-OBJ-03.c).
    let mut wall = ObjectState::new(Material::Stone, 27);
    wall.threshold = 10;
    assert_eq!(
        wall.take_damage(
            9,
            DamageType::Bludgeoning,
            ObjectDamageSource::Attack,
            &opts
        )
        .unwrap(),
        0
    );
    assert_eq!(
        wall.take_damage(
            12,
            DamageType::Bludgeoning,
            ObjectDamageSource::Attack,
            &opts
        )
        .unwrap(),
        12
    );
}

#[test]
fn dd_obj_01_b_fragile_objects_break_outright_if_the_gm_allows() {
    use delve_dnd2024::actions::{ActionKind, Turn};
    let mut vial = ObjectState::new(Material::Glass, 2);
    let mut t = Turn::start(30, false);
    // Not with another action, not a sturdy object, not without the GM's leave.
    assert!(break_fragile(&mut t, ActionKind::Dash, &mut vial, true, GmAllows::Yes).is_err());
    assert!(break_fragile(&mut t, ActionKind::Utilize, &mut vial, false, GmAllows::Yes).is_err());
    assert!(break_fragile(&mut t, ActionKind::Attack, &mut vial, true, GmAllows::No).is_err());
    assert!(!t.action_used && !vial.destroyed, "refusals spend nothing");
    break_fragile(&mut t, ActionKind::Utilize, &mut vial, true, GmAllows::Yes).unwrap();
    assert!(vial.destroyed && t.action_used);
    // The action is spent: a second vial needs another turn.
    let mut other = ObjectState::new(Material::Glass, 2);
    assert!(break_fragile(&mut t, ActionKind::Attack, &mut other, true, GmAllows::Yes).is_err());
    assert!(!other.destroyed);
}

#[test]
fn dd_act_11_a_c_the_approach_picks_the_check_from_t02() {
    use delve_dnd2024::actions::CreatureType;
    use delve_dnd2024::core::Skill;
    assert_eq!(
        InfluenceCheck::for_approach(Approach::Amuse).skill(),
        Skill::Performance
    );
    assert_eq!(
        InfluenceCheck::for_approach(Approach::Deceive).skill(),
        Skill::Deception
    );
    assert_eq!(
        InfluenceCheck::for_approach(Approach::Coax).skill(),
        Skill::AnimalHandling
    );
    assert!(!InfluenceCheck::Persuasion.usable(false, CreatureType::Humanoid));
    assert!(InfluenceCheck::Intimidation.usable(false, CreatureType::Humanoid));
    assert!(!InfluenceCheck::AnimalHandling.usable(true, CreatureType::Humanoid));
    assert!(InfluenceCheck::AnimalHandling.usable(false, CreatureType::Beast));
}

#[test]
fn dd_act_11_f_failed_urging_waits_24_hours_or_the_gms_period() {
    let mut f = FailedInfluence::default();
    assert!(f.may_try("ogre", "open the gate", 0, None).is_ok());
    f.failed("ogre", "open the gate", 10);
    assert!(f.may_try("ogre", "open the gate", 33, None).is_err());
    assert!(f.may_try("ogre", "open the gate", 34, None).is_ok());
    assert!(f.may_try("ogre", "share the loot", 11, None).is_ok());
    assert!(f.may_try("troll", "open the gate", 11, None).is_ok());
    assert!(f.may_try("ogre", "open the gate", 12, Some(2)).is_ok());
    assert!(f.may_try("ogre", "open the gate", 11, Some(2)).is_err());
}

fn hp(max: u32) -> delve_dnd2024::damage::HitPoints {
    delve_dnd2024::damage::HitPoints::new(max)
}

#[test]
fn dd_rest_01_a_short_rest_is_an_hour_and_needs_hp() {
    assert!(ShortRest::start(0).is_err());
    let mut r = ShortRest::start(1).unwrap();
    assert!(!r.rest_minutes(59));
    assert!(r.rest_minutes(1));
    assert_eq!(SHORT_REST_MINUTES, 60);
}

#[test]
fn dd_rest_01_b_spend_hit_dice_one_at_a_time_after_the_hour() {
    let mut dice = HitPointDice {
        total: 2,
        spent: 0,
        sides: 8,
    };
    let mut h = hp(20);
    h.current = 5;
    let mut r = ShortRest::start(5).unwrap();
    assert!(r.spend_hit_die(&mut dice, &mut h, 6, 2).is_err(), "not yet");
    r.rest_minutes(60);
    assert_eq!(r.spend_hit_die(&mut dice, &mut h, 6, 2).unwrap(), 8);
    // Decided after the first roll to spend another: Con −2 and a 1 still heals 1.
    assert_eq!(r.spend_hit_die(&mut dice, &mut h, 1, -4).unwrap(), 1);
    assert_eq!(h.current, 14);
    assert!(
        r.spend_hit_die(&mut dice, &mut h, 5, 0).is_err(),
        "no dice left"
    );
    assert!(
        r.spend_hit_die(
            &mut HitPointDice {
                total: 1,
                spent: 0,
                sides: 8
            },
            &mut h,
            9,
            0
        )
        .is_err()
    );
}

#[test]
fn dd_rest_01_c_short_rest_recharges_what_says_so() {
    let mut r = Resting {
        hp: hp(10),
        normal_max_hp: 10,
        dice: HitPointDice {
            total: 1,
            spent: 0,
            sides: 8,
        },
        conditions: Default::default(),
        slots: Default::default(),
        per_day: vec![],
        features: vec![
            FeatureUses {
                max: 1,
                used: 1,
                recharge: RechargeOn::ShortOrLongRest,
            },
            FeatureUses {
                max: 1,
                used: 1,
                recharge: RechargeOn::LongRest,
            },
        ],
        scores: [10; 6],
        normal_scores: [10; 6],
    };
    r.finish_short_rest();
    assert_eq!((r.features[0].used, r.features[1].used), (0, 1));
    // An interrupted Short Rest gives nothing (DD-REST-01.d).
    let mut s = ShortRest::start(10).unwrap();
    s.rest_minutes(30);
    assert!(s.interrupt(Interruption::TookDamage));
    assert!(!s.rest_minutes(30));
}

#[test]
fn dd_rest_02_a_hit_dice_make_up_monster_hp() {
    let mut ogre = ogre();
    // 8d10 (average 44) + Con +3 × 8 = 68.
    ogre.validate().unwrap();
    ogre.hit_points = 60;
    assert!(ogre.validate().is_err());
}

fn ogre() -> StatBlock {
    use delve_dnd2024::actions::CreatureType;
    StatBlock {
        name: "Ogre".into(),
        size: Size::Large,
        creature_type: CreatureType::Giant,
        tags: vec![],
        alignment: "chaotic evil".into(),
        armor_class: 11,
        initiative: Some(Initiative::from_modifier(-1)),
        hit_points: 68,
        hit_dice: Some((8, 10)),
        speeds: Default::default(),
        abilities: [19, 8, 16, 5, 7, 7],
        saves: [4, -1, 3, -3, -2, -2],
        skills: vec![],
        resistances: vec![],
        vulnerabilities: vec![],
        damage_immunities: vec![],
        condition_immunities: vec![],
        gear: vec![],
        senses: Default::default(),
        passive_perception: 8,
        languages: vec![],
        challenge: Some(ChallengeRating::parse("2").unwrap()),
        traits: vec![],
        actions: vec!["Greatclub".into()],
        bonus_actions: vec![],
        reactions: vec![],
    }
}

#[test]
fn dd_rest_03_a_eight_hours_six_asleep_unconscious() {
    use delve_dnd2024::conditions::{Condition, Conditions};
    assert!(check_long_rest_hours(6, 2).is_ok());
    assert!(check_long_rest_hours(8, 0).is_ok());
    assert!(check_long_rest_hours(5, 3).is_err());
    assert!(check_long_rest_hours(6, 1).is_err());
    let mut c = Conditions::default();
    fall_asleep(&mut c).unwrap();
    assert!(c.has(Condition::Unconscious));
    wake(&mut c);
    assert!(!c.has(Condition::Unconscious));
}

#[test]
fn dd_rest_03_c_long_rest_restores_everything_listed() {
    use delve_dnd2024::conditions::ExhaustionSource;
    use delve_dnd2024::core::PerDayUse;
    let mut h = hp(30);
    h.reduce_max(10);
    h.current = 4;
    h.temp = 5;
    let mut r = Resting {
        hp: h,
        normal_max_hp: 30,
        dice: HitPointDice {
            total: 5,
            spent: 5,
            sides: 8,
        },
        conditions: Default::default(),
        slots: delve_dnd2024::magic::SpellSlots {
            max: [2, 0, 0, 0, 0, 0, 0, 0, 0],
            spent: [2, 0, 0, 0, 0, 0, 0, 0, 0],
            spent_this_turn: false,
        },
        per_day: vec![PerDayUse { max: 1, used: 1 }],
        features: vec![FeatureUses {
            max: 2,
            used: 2,
            recharge: RechargeOn::LongRest,
        }],
        scores: [10, 8, 10, 10, 10, 10],
        normal_scores: [10, 14, 10, 10, 10, 10],
    };
    r.conditions.exhaustion.gain(ExhaustionSource::Other);
    r.conditions.exhaustion.gain(ExhaustionSource::Other);
    assert!(r.finish_long_rest(true, true));
    assert_eq!((r.hp.max, r.hp.current, r.hp.temp), (30, 30, 0));
    assert_eq!(r.dice.spent, 0, "all spent dice");
    assert_eq!(r.scores[1], 14);
    assert_eq!(r.conditions.exhaustion.level(), 1);
    assert_eq!(r.slots.spent, [0; 9]);
    assert_eq!((r.per_day[0].used, r.features[0].used), (0, 0));
}

#[test]
fn dd_rest_04_a_what_interrupts_a_long_rest() {
    for why in [
        Interruption::RolledInitiative,
        Interruption::CastSpell { level: 1 },
        Interruption::TookDamage,
        Interruption::HourOfExertion,
    ] {
        let mut r = LongRest::default();
        r.rest_hours(2);
        assert!(r.interrupt(why).is_some(), "{why:?}");
    }
    let mut r = LongRest::default();
    assert_eq!(r.interrupt(Interruption::CastSpell { level: 0 }), None);
    assert_eq!(r.hours_needed(), 8);
}

#[test]
fn dd_mon_01_a_stat_block_fields_checked() {
    let mut o = ogre();
    o.validate().unwrap();
    assert_eq!(o.proficiency_bonus(), Some(2));
    o.initiative = Some(Initiative {
        modifier: -1,
        score: 10,
    });
    assert!(o.validate().is_err());
    // A magically created creature: no Hit Dice, Initiative or CR.
    let mut conjured = ogre();
    conjured.hit_dice = None;
    conjured.initiative = None;
    conjured.challenge = None;
    conjured.hit_points = 30;
    conjured.validate().unwrap();
    assert_eq!(conjured.proficiency_bonus(), None);
    conjured.abilities[0] = 31;
    assert!(conjured.validate().is_err());
}

#[test]
fn dd_mon_01_b_stat_block_actions_on_top_of_the_glossary_ones() {
    use delve_dnd2024::actions::{ActionKind, Turn};
    let o = ogre();
    let mut t = Turn::start(40, false);
    assert!(o.take_action(&mut t, "Breath Weapon").is_err());
    assert!(!t.action_used);
    o.take_action(&mut t, "Greatclub").unwrap();
    assert!(t.action_used);
    let mut t = Turn::start(40, false);
    t.take_action(ActionKind::Dash).unwrap();
    assert!(
        o.take_action(&mut t, "Greatclub").is_err(),
        "still one action"
    );
}

#[test]
fn dd_mon_01_c_d_attack_and_save_notation() {
    use delve_dnd2024::combat::AttackReach;
    use delve_dnd2024::core::Ability;
    let club = AttackNotation::new(
        AttackKind::Melee { reach_ft: 5 },
        6,
        StatBlockDamage::parse("13 (2d8 + 4)").unwrap(),
    );
    assert_eq!(club.targets, 1);
    assert_eq!(club.reach(), AttackReach::Melee { reach_ft: 5 });
    let jav = AttackNotation::new(
        AttackKind::Ranged {
            normal_ft: 30,
            long_ft: Some(120),
        },
        6,
        StatBlockDamage::parse("11 (2d6 + 4)").unwrap(),
    );
    assert_eq!(
        jav.reach(),
        AttackReach::Ranged {
            normal_ft: 30,
            long_ft: Some(120)
        }
    );
    let breath = SaveNotation {
        ability: Ability::Dexterity,
        dc: 13,
        who: "each creature in a 15-foot Cone".into(),
        on_failure: "22 (4d10) Fire damage".into(),
        on_success: "half damage".into(),
    };
    assert_eq!(breath.outcome(13), "half damage");
    assert_eq!(breath.outcome(12), "22 (4d10) Fire damage");
}

#[test]
fn dd_mon_02_a_cr_against_party_level_is_a_hint() {
    let cr = |s: &str| ChallengeRating::parse(s).unwrap();
    assert_eq!(cr("5").threat_for_party(3), ThreatHint::Dangerous);
    assert_eq!(cr("3").threat_for_party(3), ThreatHint::Even);
    assert_eq!(cr("1/2").threat_for_party(1), ThreatHint::Little);
}

#[test]
fn dd_mon_04_a_x_per_day_back_on_a_long_rest() {
    use delve_dnd2024::core::PerDayUse;
    let mut breath = PerDayUse { max: 3, used: 0 };
    for _ in 0..3 {
        breath.spend().unwrap();
    }
    assert!(breath.spend().is_err());
    breath.day_passes();
    assert!(breath.spend().is_err());
    breath.finish_long_rest();
    breath.spend().unwrap();
}

#[test]
fn dd_obj_02_c_huge_objects_in_sections_gm_decides_the_fall() {
    let wall = |hp| ObjectState::new(Material::Stone, hp);
    assert!(SectionedObject::new(Size::Large, vec![wall(27)], false).is_err());
    let mut tower = SectionedObject::new(Size::Huge, vec![wall(27), wall(27)], false).unwrap();
    tower.sections[0].destroyed = true;
    assert!(!tower.destroyed());
    tower.gm_one_section_fells_all = true;
    assert!(tower.destroyed());
}

#[test]
fn dd_obj_03_b_c_gm_effective_types_and_structure_threshold() {
    use delve_dnd2024::damage::DamageType;
    let opts = delve_dnd2024::Interpretations::default();
    let mut scroll = ObjectState::new(Material::Paper, 10);
    scroll.gm_vulnerable_to.push(DamageType::Fire);
    assert_eq!(
        scroll
            .take_damage(3, DamageType::Fire, ObjectDamageSource::Attack, &opts)
            .unwrap(),
        6
    );
    let mut rope = ObjectState::new(Material::Rope, 10);
    rope.gm_resistant_to.push(DamageType::Bludgeoning);
    assert_eq!(
        rope.take_damage(
            5,
            DamageType::Bludgeoning,
            ObjectDamageSource::Attack,
            &opts
        )
        .unwrap(),
        2
    );
    let mut castle = ObjectState::new(Material::Stone, 200);
    castle.threshold = 15;
    assert_eq!(
        castle
            .take_damage(
                14,
                DamageType::Bludgeoning,
                ObjectDamageSource::Attack,
                &opts
            )
            .unwrap(),
        0
    );
    assert_eq!(
        castle
            .take_damage(
                15,
                DamageType::Bludgeoning,
                ObjectDamageSource::Attack,
                &opts
            )
            .unwrap(),
        15
    );
}
