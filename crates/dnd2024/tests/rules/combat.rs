use delve_dnd2024::combat::*;
use delve_dnd2024::core::RollMode;
use delve_dnd2024::movement::Size;

#[test]
fn dd_cbt_01_c_test_static_initiative() {
    assert_eq!(initiative_score(3, RollMode::Normal), 13);
    assert_eq!(initiative_score(3, RollMode::Advantage), 18);
    assert_eq!(initiative_score(3, RollMode::Disadvantage), 8);
}

#[test]
fn dd_cbt_01_b_turn_order_highest_first_ties_by_choice() {
    assert_eq!(
        turn_order(&[12, 18, 12, 5], &[2, 0]).unwrap(),
        vec![1, 2, 0, 3]
    );
    assert!(turn_order(&[1], &[4]).is_err());
}

#[test]
fn dd_cbt_02_a_b_surprise_and_combinations() {
    assert_eq!(
        initiative_mode(true, false, false, 0, 0),
        RollMode::Disadvantage
    );
    assert_eq!(initiative_mode(true, false, true, 0, 0), RollMode::Normal);
    assert_eq!(
        initiative_mode(false, false, true, 0, 0),
        RollMode::Advantage
    );
    assert_eq!(
        initiative_mode(false, true, false, 0, 0),
        RollMode::Disadvantage
    );
}

#[test]
fn dd_cbt_05_a_b_c_ranged_ranges() {
    assert_eq!(ranged_attack(80, 80, Some(320), false).unwrap(), 0);
    assert_eq!(ranged_attack(100, 80, Some(320), false).unwrap(), 1);
    assert!(ranged_attack(321, 80, Some(320), false).is_err());
    assert!(ranged_attack(31, 30, None, false).is_err());
    assert_eq!(ranged_attack(30, 80, Some(320), true).unwrap(), 1);
}

#[test]
fn dd_cbt_06_a_melee_reach() {
    assert!(melee_in_reach(5, 5).is_ok());
    assert!(melee_in_reach(10, 5).is_err());
    assert!(melee_in_reach(10, 10).is_ok());
}

#[test]
fn dd_cbt_07_b_c_d_test_unarmed_strike() {
    let u = unarmed_strike(3, 2);
    assert_eq!((u.attack_bonus, u.damage, u.grapple_shove_dc), (5, 4, 13));
    assert_eq!(unarmed_strike(-3, 2).damage, 0);
    assert!(check_grapple_or_shove(Size::Medium, Size::Huge, true, true).is_err());
    assert!(check_grapple_or_shove(Size::Medium, Size::Large, true, true).is_ok());
    assert!(check_grapple_or_shove(Size::Medium, Size::Large, true, false).is_err());
    assert!(check_grapple_or_shove(Size::Medium, Size::Large, false, false).is_ok());
}

#[test]
fn dd_cbt_08_d_grapple_ends() {
    assert!(!grapple_ends(false, false, 5, 5, false));
    assert!(grapple_ends(true, false, 5, 5, false));
    assert!(grapple_ends(false, true, 5, 5, false));
    assert!(grapple_ends(false, false, 10, 5, false));
    assert!(grapple_ends(false, false, 5, 5, true));
}

#[test]
fn dd_cond_07_c_drag_cost() {
    assert_eq!(drag_cost_per_foot(Size::Medium, Size::Medium), 2);
    assert_eq!(drag_cost_per_foot(Size::Medium, Size::Tiny), 1);
    assert_eq!(drag_cost_per_foot(Size::Huge, Size::Medium), 1);
}

#[test]
fn dd_cbt_09_b_d_improvised_no_pb_thrown_20_60() {
    assert_eq!(improvised_attack_bonus(3, 2), 3);
    assert_eq!(IMPROVISED_DAMAGE.to_string(), "1d4");
    assert_eq!(IMPROVISED_THROWN_RANGE, (20, 60));
}

#[test]
fn dd_cbt_11_a_b_armor_training() {
    assert_eq!(
        armor_training_effects(ArmorCategory::Heavy, false),
        (true, false, true)
    );
    assert_eq!(
        armor_training_effects(ArmorCategory::Shield, false),
        (false, true, false)
    );
    assert_eq!(
        armor_training_effects(ArmorCategory::Light, true),
        (false, true, true)
    );
}

#[test]
fn dd_cbt_12_a_mounting() {
    assert_eq!(mount_cost(Size::Medium, Size::Large, 30, true).unwrap(), 15);
    assert!(mount_cost(Size::Medium, Size::Medium, 30, true).is_err());
    assert!(mount_cost(Size::Medium, Size::Large, 30, false).is_err());
}

#[test]
fn dd_cbt_13_a_b_underwater_attacks() {
    assert_eq!(underwater_attack(false, false, false, 5, 5).unwrap(), 1);
    assert_eq!(underwater_attack(false, true, false, 5, 5).unwrap(), 0);
    assert_eq!(underwater_attack(false, false, true, 5, 5).unwrap(), 0);
    assert!(underwater_attack(true, true, false, 90, 80).is_err());
    assert_eq!(underwater_attack(true, true, false, 30, 80).unwrap(), 1);
}

#[test]
fn dd_cbt_10_b_weapon_damage_uses_attack_ability() {
    use delve_dnd2024::core::DamageDice;
    let rapier = DamageDice {
        count: 1,
        sides: 8,
        modifier: 0,
    };
    let (bonus, dmg) = weapon_attack(1, 4, false, true, 2, true, rapier);
    assert_eq!((bonus, dmg.to_string()), (6, "1d8 + 4".to_string()));
    let (bonus, dmg) = weapon_attack(3, 1, false, false, 2, false, rapier);
    assert_eq!((bonus, dmg.modifier), (3, 3));
    let (bonus, _) = weapon_attack(3, 1, true, false, 2, true, rapier);
    assert_eq!(bonus, 3);
}

#[test]
fn dd_cbt_03_a_one_turn_each_per_six_second_round() {
    let mut c = Combat::new(3).unwrap();
    c.positions_set().unwrap();
    // Initiatives 10, 20, 15 → order 1, 2, 0.
    let first = c.roll_initiative(&[10, 20, 15], &[]).unwrap();
    assert_eq!(
        first,
        TurnStart {
            round: 1,
            participant: 1
        }
    );
    assert_eq!(c.order(), &[1, 2, 0]);
    let mut seen = vec![first.participant];
    let mut now = first;
    for _ in 0..5 {
        now = c.end_turn(now.participant).unwrap();
        seen.push(now.participant);
    }
    assert_eq!(
        seen,
        vec![1, 2, 0, 1, 2, 0],
        "each once per round, same order"
    );
    assert_eq!(now.round, 2);
    assert_eq!(c.elapsed_seconds(), 6);
    let next = c.end_turn(0).unwrap();
    assert_eq!(
        next,
        TurnStart {
            round: 3,
            participant: 1
        }
    );
    assert_eq!(c.elapsed_seconds(), 12);
    // Only the creature whose turn it is ends it: no one takes two turns in a round.
    assert!(c.end_turn(2).is_err());
    assert_eq!(c.current_turn().unwrap(), next);
}

#[test]
fn dd_cbt_03_b_sequence_positions_initiative_turns_until_ended() {
    let mut c = Combat::new(2).unwrap();
    assert_eq!(c.phase(), CombatPhase::Positions);
    assert!(c.roll_initiative(&[5, 6], &[]).is_err(), "positions first");
    assert!(c.current_turn().is_err());
    c.positions_set().unwrap();
    assert!(c.positions_set().is_err());
    assert!(c.roll_initiative(&[5], &[]).is_err(), "one per participant");
    assert_eq!(c.phase(), CombatPhase::Initiative);
    let t = c.roll_initiative(&[5, 6], &[]).unwrap();
    assert_eq!(t.participant, 1);
    assert!(c.roll_initiative(&[5, 6], &[]).is_err(), "rolled once");
    // A participant out of the fight is skipped.
    let mut c3 = Combat::new(3).unwrap();
    c3.positions_set().unwrap();
    c3.roll_initiative(&[3, 2, 1], &[]).unwrap();
    c3.remove(1).unwrap();
    assert_eq!(c3.end_turn(0).unwrap().participant, 2);
    assert_eq!(
        c3.end_turn(2).unwrap(),
        TurnStart {
            round: 2,
            participant: 0
        }
    );
    // The GM ends it (one side defeated, fled, surrendered, or both agree).
    assert_eq!(c.end(CombatEnd::Surrendered).unwrap(), 6);
    assert_eq!(c.phase(), CombatPhase::Ended(CombatEnd::Surrendered));
    assert!(c.end_turn(1).is_err());
    assert!(c.end(CombatEnd::Fled).is_err());
    assert!(Combat::new(0).is_err());
}

fn melee_request<'a>(
    target: AttackTarget<'a>,
    attacker: &'a delve_dnd2024::conditions::Conditions,
) -> AttackRequest<'a> {
    AttackRequest {
        bonus: 5,
        reach: AttackReach::Melee { reach_ft: 5 },
        distance_ft: 5,
        target,
        cover: delve_dnd2024::cover::Cover::None,
        attacker,
        attacker_sees_target: true,
        target_sees_attacker: true,
        target_is_grappler: false,
        fear_source_in_sight: false,
        enemy_within_5ft: false,
        other_advantage: 0,
        other_disadvantage: 0,
        damage: Some(delve_dnd2024::core::DamageDice {
            count: 1,
            sides: 8,
            modifier: 3,
        }),
    }
}

#[test]
fn dd_cbt_04_a_target_in_range_then_modifiers_roll_damage() {
    use delve_dnd2024::conditions::{Condition, Conditions};
    use delve_dnd2024::cover::Cover;
    use delve_dnd2024::exceptions::Exceptions;
    let ex = Exceptions::general();
    let none = Conditions::default();
    let target = AttackTarget::Creature {
        armor_class: 15,
        conditions: &none,
    };
    // 1) Target within range: melee reach, ranged long range; Total Cover refused.
    let mut far = melee_request(target, &none);
    far.distance_ft = 10;
    assert!(plan_attack(&far).is_err());
    let mut ranged = melee_request(target, &none);
    ranged.reach = AttackReach::Ranged {
        normal_ft: 80,
        long_ft: Some(320),
    };
    ranged.distance_ft = 100;
    assert_eq!(
        plan_attack(&ranged).unwrap().test.mode,
        RollMode::Disadvantage
    );
    ranged.distance_ft = 330;
    assert!(plan_attack(&ranged).is_err());
    let mut walled = melee_request(target, &none);
    walled.cover = Cover::Total;
    assert!(plan_attack(&walled).is_err());
    // 2) Modifiers: Half Cover +2 AC; a Prone target within 5 ft gives Advantage, the
    // attacker's Poisoned gives Disadvantage, and they cancel.
    let mut covered = melee_request(target, &none);
    covered.cover = Cover::Half;
    let p = plan_attack(&covered).unwrap();
    assert_eq!(p.test.target, 17);
    assert_eq!(p.test.mode, RollMode::Normal);
    let mut prone = Conditions::default();
    prone.apply(Condition::Prone, "shove").unwrap();
    let mut poisoned = Conditions::default();
    poisoned.apply(Condition::Poisoned, "venom").unwrap();
    let vs_prone = AttackTarget::Creature {
        armor_class: 15,
        conditions: &prone,
    };
    let p = plan_attack(&melee_request(vs_prone, &none)).unwrap();
    assert_eq!(p.test.mode, RollMode::Advantage);
    let p = plan_attack(&melee_request(vs_prone, &poisoned)).unwrap();
    assert_eq!(p.test.mode, RollMode::Normal);
    assert_eq!((p.advantage_sources, p.disadvantage_sources), (1, 1));
    // 3) Roll: 10 + 5 = 15 ≥ AC 15 hits; 9 + 5 misses; the number of faces follows the mode.
    let plain = plan_attack(&melee_request(target, &none)).unwrap();
    let hit = plain.roll(&[10], &ex).unwrap();
    assert!(hit.hit && !hit.critical);
    // 4) Damage on a hit; doubled dice on a Critical Hit; none on a miss.
    assert_eq!(hit.damage.unwrap().to_string(), "1d8 + 3");
    let miss = plain.roll(&[9], &ex).unwrap();
    assert!(!miss.hit && miss.damage.is_none());
    let crit = plain.roll(&[20], &ex).unwrap();
    assert!(crit.critical);
    assert_eq!(crit.damage.unwrap().to_string(), "2d8 + 3");
    assert!(
        plan_attack(&melee_request(vs_prone, &none))
            .unwrap()
            .roll(&[10], &ex)
            .is_err()
    );
    // An attack that says it deals no damage rolls none.
    let mut no_damage = melee_request(target, &none);
    no_damage.damage = None;
    assert_eq!(
        plan_attack(&no_damage)
            .unwrap()
            .roll(&[15], &ex)
            .unwrap()
            .damage,
        None
    );
}

#[test]
fn dd_cbt_04_a_objects_locations_and_automatic_criticals() {
    use delve_dnd2024::conditions::{Condition, Conditions};
    use delve_dnd2024::exceptions::Exceptions;
    use delve_dnd2024::objects::Material;
    let ex = Exceptions::general();
    let none = Conditions::default();
    // An object: its material's AC.
    let door = AttackTarget::Object {
        armor_class: Material::Wood.armor_class(),
    };
    let p = plan_attack(&melee_request(door, &none)).unwrap();
    assert_eq!(p.test.target, 15);
    assert!(p.roll(&[10], &ex).unwrap().hit);
    // A guessed location the GM says is empty: no hit whatever the roll.
    let empty = AttackTarget::Location { occupant: None };
    let mut guess = melee_request(empty, &none);
    guess.attacker_sees_target = false;
    let p = plan_attack(&guess).unwrap();
    assert_eq!(p.test.mode, RollMode::Disadvantage);
    assert!(!p.roll(&[20, 20], &ex).unwrap().hit);
    // Unconscious within 5 ft: any hit is a Critical Hit.
    let mut out = Conditions::default();
    out.apply(Condition::Unconscious, "sleep").unwrap();
    let sleeper = AttackTarget::Creature {
        armor_class: 12,
        conditions: &out,
    };
    let p = plan_attack(&melee_request(sleeper, &none)).unwrap();
    let o = p.roll(&[8, 3], &ex).unwrap();
    assert!(o.hit && o.critical);
    assert_eq!(o.damage.unwrap().to_string(), "2d8 + 3");
    // The attacker's Exhaustion lowers the roll: level 2 → −4.
    let mut tired = Conditions::default();
    tired
        .exhaustion
        .gain(delve_dnd2024::conditions::ExhaustionSource::Other);
    tired
        .exhaustion
        .gain(delve_dnd2024::conditions::ExhaustionSource::Other);
    let target = AttackTarget::Creature {
        armor_class: 15,
        conditions: &none,
    };
    let p = plan_attack(&melee_request(target, &tired)).unwrap();
    assert!(!p.roll(&[10], &ex).unwrap().hit);
    assert!(p.roll(&[14], &ex).unwrap().hit);
}

#[test]
fn dd_cbt_01_a_initiative_is_a_dex_check_shared_by_groups() {
    use delve_dnd2024::core::D20TestKind;
    let t = initiative_test(3, RollMode::Normal, 0);
    assert_eq!(t.kind, D20TestKind::AbilityCheck);
    assert_eq!(t.resolve(&[12]).unwrap().total, 15);
    // Three goblins (group 0) share one roll; the ogre (group 1) has its own.
    assert_eq!(
        shared_initiatives(&[0, 0, 1, 0], &[14, 9]).unwrap(),
        vec![14, 14, 9, 14]
    );
    assert!(shared_initiatives(&[2], &[14, 9]).is_err());
}

#[test]
fn dd_cbt_01_d_stat_block_initiative_modifier_and_score() {
    use delve_dnd2024::monsters::Initiative;
    let i = Initiative::from_modifier(2);
    assert_eq!((i.modifier, i.score), (2, 12));
    assert_eq!(i.score, initiative_score(2, RollMode::Normal));
}

#[test]
fn dd_cbt_07_a_e_one_option_per_strike_within_5_ft() {
    use delve_dnd2024::actions::{LeaveReach, Turn, opportunity_attack};
    use delve_dnd2024::exceptions::Exceptions;
    assert!(
        unarmed_strike_use(
            UnarmedOption::Damage,
            3,
            2,
            10,
            Size::Medium,
            Size::Medium,
            true
        )
        .is_err()
    );
    assert_eq!(
        unarmed_strike_use(
            UnarmedOption::Damage,
            3,
            2,
            5,
            Size::Medium,
            Size::Medium,
            false
        )
        .unwrap(),
        UnarmedResolution::AttackRoll {
            bonus: 5,
            damage: 4
        }
    );
    // As one attack of the Attack action: a Shove.
    let mut t = Turn::start(30, false);
    t.attack(&Exceptions::general()).unwrap();
    assert_eq!(
        unarmed_strike_use(
            UnarmedOption::Shove,
            3,
            2,
            5,
            Size::Medium,
            Size::Large,
            false
        )
        .unwrap(),
        UnarmedResolution::TargetSaves { dc: 13 }
    );
    // As an Opportunity Attack: a Grapple at the distance the target leaves from.
    let mut r = Turn::start(30, false);
    let at = opportunity_attack(&mut r, LeaveReach::OwnMovement, 5, 10, 5, true, false).unwrap();
    assert!(
        unarmed_strike_use(
            UnarmedOption::Grapple,
            3,
            2,
            at,
            Size::Medium,
            Size::Medium,
            true
        )
        .is_ok()
    );
}

#[test]
fn dd_cbt_08_a_b_grapple_gives_grappled_one_creature_per_hand() {
    use delve_dnd2024::conditions::{Condition, Conditions};
    let mut goblin = Conditions::default();
    assert!(!grapple_lands(&mut goblin, "kraken", true).unwrap());
    assert!(!goblin.has(Condition::Grappled));
    assert!(grapple_lands(&mut goblin, "kraken", false).unwrap());
    assert!(goblin.has(Condition::Grappled));
    let mut grips = Grips::new(&["tentacle 1", "tentacle 2"]);
    grips.grab("tentacle 1", "goblin").unwrap();
    assert!(grips.grab("tentacle 1", "orc").is_err());
    assert!(grips.grab("maw", "orc").is_err());
    grips.grab("tentacle 2", "orc").unwrap();
    assert!(!grips.free());
    grips.release("goblin");
    assert!(grips.free());
    grips.grab("tentacle 1", "elf").unwrap();
}

#[test]
fn dd_cbt_08_c_escape_check_against_the_escape_dc() {
    use delve_dnd2024::actions::Turn;
    let dc = unarmed_strike(3, 2).grapple_shove_dc;
    assert_eq!(dc, 13);
    let mut t = Turn::start(0, false);
    assert!(escape_grapple(&mut t, 13, dc).unwrap());
    assert!(
        escape_grapple(&mut t, 20, dc).is_err(),
        "it takes the action"
    );
    let mut t = Turn::start(0, true);
    assert!(
        escape_grapple(&mut t, 20, dc).is_err(),
        "Incapacitated: no action"
    );
}

#[test]
fn dd_cbt_09_a_c_e_improvised_weapons() {
    use delve_dnd2024::core::DamageDice;
    use delve_dnd2024::damage::DamageType;
    assert!(WeaponUse::Object.improvised());
    assert!(WeaponUse::RangedWeaponInMelee.improvised());
    assert!(WeaponUse::ThrownWithoutThrownProperty.improvised());
    assert!(!WeaponUse::AsDesigned.improvised());
    let (bonus, dice, t) = improvised_weapon(3, 2, DamageType::Slashing, None);
    assert_eq!(
        (bonus, dice.to_string(), t),
        (3, "1d4".into(), DamageType::Slashing)
    );
    // The GM rules a table leg works like a Club (1d4 Bludgeoning); proficient with clubs.
    let club = DamageDice {
        count: 1,
        sides: 4,
        modifier: 0,
    };
    let (bonus, _, t) = improvised_weapon(
        3,
        2,
        DamageType::Slashing,
        Some((club, DamageType::Bludgeoning, true)),
    );
    assert_eq!((bonus, t), (5, DamageType::Bludgeoning));
}

#[test]
fn dd_cbt_10_a_weapon_attack_is_an_attack_roll_with_a_weapon() {
    use delve_dnd2024::core::{D20TestKind, DamageDice};
    let longsword = DamageDice {
        count: 1,
        sides: 8,
        modifier: 0,
    };
    let (bonus, dmg) = weapon_attack(3, 0, false, false, 2, true, longsword);
    let none = delve_dnd2024::conditions::Conditions::default();
    let mut req = melee_request(
        AttackTarget::Creature {
            armor_class: 14,
            conditions: &none,
        },
        &none,
    );
    req.bonus = bonus;
    req.damage = Some(dmg);
    let plan = plan_attack(&req).unwrap();
    assert_eq!(plan.test.kind, D20TestKind::AttackRoll);
    assert_eq!(plan.test.bonus, 5);
    assert_eq!(plan.damage.unwrap().to_string(), "1d8 + 3");
}

#[test]
fn dd_cbt_12_b_c_controlled_mounts_and_falling_off() {
    use delve_dnd2024::actions::ActionKind;
    assert!(mount_action(MountControl::Controlled, ActionKind::Dodge).is_ok());
    assert!(mount_action(MountControl::Controlled, ActionKind::Attack).is_err());
    assert!(mount_action(MountControl::Independent, ActionKind::Attack).is_ok());
    assert_eq!(mount_initiative(MountControl::Controlled, 17, 4), 17);
    assert_eq!(mount_initiative(MountControl::Independent, 17, 4), 4);
    assert!(rider_falls(9));
    assert!(!rider_falls(10));
}

#[test]
fn dd_cbt_13_c_underwater_fire_resistance() {
    use delve_dnd2024::Interpretations;
    use delve_dnd2024::damage::{DamageType, Defences, adjust_damage};
    let o = Interpretations::default();
    let wet = Defences::default().underwater(true, DamageType::Fire);
    assert_eq!(adjust_damage(15, &wet, &o), 7);
    let cold = Defences::default().underwater(true, DamageType::Cold);
    assert_eq!(adjust_damage(15, &cold, &o), 15);
    let dry = Defences::default().underwater(false, DamageType::Fire);
    assert_eq!(adjust_damage(15, &dry, &o), 15);
}

#[test]
fn dd_core_08_a_attack_sources_are_named_and_counted_as_plan_attack_counts_them() {
    use delve_dnd2024::conditions::{Condition, Conditions};
    let mut prone = Conditions::default();
    prone.apply(Condition::Prone, "shove").unwrap();
    let mut attacker = Conditions::default();
    attacker.apply(Condition::Poisoned, "venom").unwrap();
    attacker.apply(Condition::Invisible, "spell").unwrap();
    let target = AttackTarget::Creature {
        armor_class: 12,
        conditions: &prone,
    };
    let mut req = melee_request(target, &attacker);
    req.target_sees_attacker = false;
    req.attacker_sees_target = false;
    req.reach = AttackReach::Ranged {
        normal_ft: 30,
        long_ft: Some(120),
    };
    req.distance_ft = 40;
    req.enemy_within_5ft = true;
    let (adv, dis) = attack_sources(&req).unwrap();
    assert_eq!(
        adv,
        vec![
            AttackSource::OwnCondition(Condition::Invisible),
            AttackSource::AttackerUnseen
        ]
    );
    assert_eq!(
        dis,
        vec![
            AttackSource::LongRange,
            AttackSource::EnemyWithin5Ft,
            AttackSource::TargetCondition(Condition::Prone),
            AttackSource::OwnCondition(Condition::Poisoned),
            AttackSource::TargetUnseen,
        ]
    );
    let plan = plan_attack(&req).unwrap();
    assert_eq!((plan.advantage_sources, plan.disadvantage_sources), (2, 5));
    assert_eq!(plan.test.mode, RollMode::Normal);
    // Out of range is refused by the named list as by the plan.
    req.distance_ft = 130;
    assert!(attack_sources(&req).is_err());
}
