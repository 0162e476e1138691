//! Smaller rules across sections: attacks per round, bonuses, frontage, surprise rounds,
//! stealth, environments and units, bed rest, heirs, natural-roll scope.
use delve_acks::Tables;
use delve_acks::attack;
use delve_acks::dungeon;
use delve_acks::experience as xp;
use delve_acks::initiative::{self, Declaration};
use delve_acks::missile::{self, FlaskOutcome, RangeBand};
use delve_acks::odds::Fraction;
use delve_acks::saves;
use delve_acks::sea;
use delve_acks::surprise::{self, Watch};
use delve_acks::swimming::{self, Water};
use delve_acks::tables::{Recovery, Unit, Waters};
use delve_acks::wilderness::{self, Environment, Measure};
use delve_acks::wounds;

fn f(n: i64, d: i64) -> Fraction {
    Fraction::new(n, d)
}

#[test]
fn ac_atk_02_one_attack_for_characters_routine_for_monsters() {
    assert_eq!(attack::attacks_per_round(None), 1);
    assert_eq!(attack::attacks_per_round(Some(3)), 3);
}

#[test]
fn ac_melee_01_str_and_magic_to_melee() {
    assert_eq!(attack::melee_bonuses(2, 1), (3, 3));
}

#[test]
fn ac_ranged_03_dex_and_launcher_to_hit_ammo_to_damage() {
    assert_eq!(attack::missile_bonuses(1, 2, 1), (3, 1));
}

#[test]
fn ac_melee_06_frontage_in_a_10_ft_corridor() {
    assert_eq!(attack::frontage(10, true), 2);
    assert_eq!(attack::frontage(10, false), 3);
    assert_eq!(attack::frontage(20, false), 6);
}

#[test]
fn ac_melee_07_spears_and_polearms_from_the_second_rank() {
    assert!(attack::may_attack_from_rank(2, true));
    assert!(!attack::may_attack_from_rank(2, false));
    assert!(!attack::may_attack_from_rank(3, true));
}

#[test]
fn ac_surp_03_surprised_lose_the_first_round() {
    assert!(!surprise::acts_in_round(1, true));
    assert!(surprise::acts_in_round(2, true));
    assert!(surprise::acts_in_round(1, false));
}

#[test]
fn ac_stealth_01_three_watch_states() {
    let names: Vec<String> = [Watch::Active, Watch::Passive, Watch::Distracted]
        .iter()
        .map(|x| serde_json::to_string(x).unwrap())
        .collect();
    assert_eq!(names, ["\"active\"", "\"passive\"", "\"distracted\""]);
}

#[test]
fn ac_stealth_05_repeats_every_round() {
    let t = Tables::acks_1e();
    let one = surprise::sneak_past_odds(&t, Watch::Passive, 1, false).unwrap();
    assert_eq!(surprise::sneak_rounds_odds(one, 3).unwrap(), f(1, 27));
    // Far too many rounds for a 64-bit exact fraction: refused, not overflowed.
    let twelve = surprise::sneak_past_odds(&t, Watch::Distracted, 12, true).unwrap();
    assert!(
        surprise::sneak_rounds_odds(twelve, 50)
            .unwrap_err()
            .to_string()
            .contains("AC-STEALTH-05")
    );
    assert!(surprise::sneak_past_odds(&t, Watch::Distracted, 13, false).is_err());
}

#[test]
fn ac_stealth_07_hide_in_shadows_and_move_silently() {
    let t = Tables::acks_1e();
    // Hidden: an active watcher counts as distracted (9/10 for one normal monster).
    assert_eq!(
        surprise::thief_sneak_odds(&t, Watch::Active, 1, false, true, false).unwrap(),
        f(9, 10)
    );
    // Hidden and silent: unheard, so unnoticed.
    assert_eq!(
        surprise::thief_sneak_odds(&t, Watch::Active, 1, false, true, true).unwrap(),
        f(1, 1)
    );
    // Silent but not hidden from an active watcher: seen.
    assert_eq!(
        surprise::thief_sneak_odds(&t, Watch::Active, 1, false, false, true).unwrap(),
        f(0, 1)
    );
}

#[test]
fn ac_gen_01_three_environments() {
    let e: Vec<String> = [
        Environment::Dungeon,
        Environment::Wilderness,
        Environment::Sea,
    ]
    .iter()
    .map(|x| serde_json::to_string(x).unwrap())
    .collect();
    assert_eq!(e.len(), 3);
    assert_eq!(
        wilderness::unit(Environment::Sea, Measure::Distance),
        Unit::Yards
    );
}

#[test]
fn ac_gen_05_units_switch_with_environment() {
    assert_eq!(
        wilderness::unit(Environment::Dungeon, Measure::Distance),
        Unit::Feet
    );
    assert_eq!(
        wilderness::unit(Environment::Wilderness, Measure::Distance),
        Unit::Yards
    );
    assert_eq!(
        wilderness::unit(Environment::Wilderness, Measure::Area),
        Unit::Feet
    );
}

#[test]
fn ac_wild_02_feet_per_turn_become_yards_outdoors() {
    // 120 ft per turn in the dungeon = 120 yards per turn outdoors: the number stays.
    assert_eq!(
        wilderness::unit(Environment::Wilderness, Measure::Distance),
        Unit::Yards
    );
    assert_eq!(dungeon::DEFAULT_EXPLORATION_FT, 120);
}

#[test]
fn ac_sea_01_rivers_follow_sea_rules() {
    let t = Tables::acks_1e();
    assert_eq!(
        sea::sea_course_odds(&t, Waters::RiverOrLake, false).unwrap(),
        f(17, 20)
    );
    assert_eq!(
        wilderness::unit(Environment::Sea, Measure::Distance),
        Unit::Yards
    );
}

#[test]
fn ac_sea_14_rowers_need_three_stone_of_supplies() {
    assert_eq!(wilderness::daily_supplies_stone(true), 3);
}

#[test]
fn ac_gen_06_natural_rolls_only_where_stated() {
    // Attack: natural 20 hits, natural 1 misses.
    assert!(attack::resolve_attack(10, 20, 0, 20).unwrap().hit);
    // Saves: no natural rule — a 20 does not beat a 25.
    assert!(!saves::resolve_save(25, 0, 20).unwrap());
    assert!(saves::resolve_save(0, 0, 1).unwrap());
    // Doors: natural 1 fails; oil: natural 1 ignites the thrower.
    assert!(!dungeon::force_door(-5, 1).unwrap());
    assert_eq!(
        missile::throw_flask(1, 30, 5, 1, 1, &[1], RangeBand::Short).unwrap(),
        FlaskOutcome::ThrowerAlight { rounds: 2, die: 8 }
    );
}

#[test]
fn ac_heal_05_bed_rest_shortened_only_where_the_result_says() {
    assert_eq!(
        wounds::bed_rest_days(&Recovery::MagicAndNightOrWeek, true),
        Some(1)
    );
    assert_eq!(
        wounds::bed_rest_days(&Recovery::MagicAndNightOrWeek, false),
        Some(7)
    );
    assert_eq!(
        wounds::bed_rest_days(&Recovery::MagicOrNight, true),
        Some(0)
    );
    let r = Recovery::HealWithin {
        deadline: delve_acks::tables::Deadline::Day,
        bed_rest_days: 7,
    };
    assert_eq!(wounds::bed_rest_days(&r, true), Some(7));
    assert_eq!(wounds::bed_rest_days(&Recovery::None, true), None);
}

#[test]
fn ac_heal_04_killed_during_bed_rest_needs_ritual_magic() {
    assert!(!wounds::restorable(true, false));
    assert!(wounds::restorable(true, true));
    assert!(wounds::restorable(false, false));
}

#[test]
fn ac_heir_03_heir_at_first_level_inheritance_once() {
    assert_eq!(xp::heir_level(None), 1);
    assert_eq!(xp::heir_level(Some(3)), 3);
    assert!(xp::leave_inheritance(false).is_ok());
    assert!(
        xp::leave_inheritance(true)
            .unwrap_err()
            .to_string()
            .contains("AC-HEIR-03")
    );
}

#[test]
fn ac_spell_01_spell_declared_before_initiative() {
    let d = Declaration::Spell("sleep".into());
    assert!(matches!(d, Declaration::Spell(ref s) if s == "sleep"));
    assert!(initiative::change_declaration(true).is_err());
}

#[test]
fn ac_swim_03_failed_swim_starts_drowning() {
    assert!(!swimming::swim(2, 5, Water::Calm).unwrap());
    assert_eq!(swimming::drowning(5, 0), (50, false));
}

#[test]
fn ac_evade_05_chase_obstacle_save_with_dex() {
    assert!(delve_acks::evasion::chase_obstacle(14, 2, 12).unwrap());
    assert!(!delve_acks::evasion::chase_obstacle(14, 0, 12).unwrap());
}

#[test]
fn ac_evade_04_no_mapping_while_fleeing() {
    assert!(!delve_acks::evasion::mapping_possible(true));
    assert!(delve_acks::evasion::mapping_possible(false));
}

#[test]
fn ac_evade_06_pursuers_within_5_ft_may_engage() {
    assert!(delve_acks::evasion::pursuer_may_engage(5));
    assert!(!delve_acks::evasion::pursuer_may_engage(10));
}

#[test]
fn ac_evade_01_monsters_flee_after_failed_morale() {
    use delve_acks::tables::MoraleResult::*;
    assert!(delve_acks::evasion::monsters_flee(Retreat));
    assert!(delve_acks::evasion::monsters_flee(FightingWithdrawal));
    assert!(!delve_acks::evasion::monsters_flee(FightOn));
}

#[test]
fn ac_react_01_roll_only_when_attitude_unclear() {
    assert!(!delve_acks::encounters::reaction_roll_needed(true));
    assert!(delve_acks::encounters::reaction_roll_needed(false));
}

#[test]
fn ac_react_03_result_meanings() {
    use delve_acks::encounters::reaction_conduct;
    use delve_acks::tables::Reaction::*;
    assert!(reaction_conduct(Hostile).attacks_at_once);
    let u = reaction_conduct(Unfriendly);
    assert!(u.may_attack && !u.attacks_at_once);
    assert!(reaction_conduct(Neutral).open_to_parley);
    assert!(reaction_conduct(Indifferent).avoids_contact);
    let fr = reaction_conduct(Friendly);
    assert!(fr.helpful && !fr.may_attack);
}

#[test]
fn ac_react_05_judge_may_replace_the_result() {
    use delve_acks::tables::Reaction::*;
    let j = delve_acks::encounters::judge_reaction(Hostile, Some(Neutral));
    assert_eq!((j.rolled, j.result, j.replaced), (Hostile, Neutral, true));
    assert!(!delve_acks::encounters::judge_reaction(Hostile, None).replaced);
}

#[test]
fn ac_enc_04_encounter_sequence() {
    use delve_acks::encounters::{EncounterStep::*, next_step};
    assert_eq!(next_step(Distance, false, false), Surprise);
    assert_eq!(next_step(Surprise, false, false), Reaction);
    assert_eq!(next_step(Reaction, false, false), Decisions);
    assert_eq!(next_step(Decisions, true, false), Combat);
    assert_eq!(next_step(Decisions, false, false), Over);
    assert_eq!(next_step(Combat, true, false), Combat);
    assert_eq!(next_step(Combat, true, true), Over);
}

#[test]
fn ac_xp_01_and_ac_xp_09_only_those_alive_at_the_return_share() {
    use delve_acks::experience::{Member, award};
    let m = |alive, henchman| Member {
        alive_at_return: alive,
        henchman,
    };
    // Two living characters, one dead, one henchman: 5 half shares of 950.
    assert_eq!(
        award(
            950,
            &[
                m(true, false),
                m(false, false),
                m(true, false),
                m(true, true)
            ]
        )
        .unwrap(),
        vec![380, 0, 380, 190]
    );
    assert!(award(100, &[m(false, false)]).is_err());
}

#[test]
fn ac_heal_02_magic_adds_to_natural_healing_up_to_max() {
    assert_eq!(wounds::heal(3, 20, 2, 8), 13);
    assert_eq!(wounds::heal(18, 20, 2, 8), 20);
}

#[test]
fn ac_mount_03_casting_rider_keeps_the_mount_still() {
    assert!(!delve_acks::mounted::mount_may_move(true, false));
    assert!(!delve_acks::mounted::mount_may_move(false, true));
    assert!(delve_acks::mounted::mount_may_move(false, false));
}

#[test]
fn ac_maneuver_16_mounted_size_uses_the_mount() {
    assert_eq!(delve_acks::mounted::maneuver_size(6, Some(10)), 10);
    assert_eq!(delve_acks::mounted::maneuver_size(6, None), 6);
}

#[test]
fn ac_ranged_02_one_missile_attack_plus_cleaves() {
    use delve_acks::damage::{MissileCleave, missile_attacks_per_round};
    assert_eq!(missile_attacks_per_round(MissileCleave::Longbow, 10, 0), 1);
    assert_eq!(missile_attacks_per_round(MissileCleave::Longbow, 10, 5), 4);
    assert_eq!(missile_attacks_per_round(MissileCleave::Other, 2, 5), 3);
}

#[test]
fn ac_xp_05_no_xp_for_wages_income_or_monster_parts() {
    use delve_acks::experience::{Income::*, earns_xp};
    assert!(earns_xp(Treasure) && earns_xp(EquipmentSoldAtOnce) && earns_xp(UnusedMagicSold));
    assert!(
        !earns_xp(UsedMagicSold)
            && !earns_xp(Wages)
            && !earns_xp(BusinessIncome)
            && !earns_xp(MonsterParts)
    );
}

#[test]
fn ac_zero_04_zero_level_advance_only_as_fighters() {
    assert_eq!(xp::zero_level_class(), delve_acks::tables::XpClass::Fighter);
}

#[test]
fn ac_wild_01_hex_scales() {
    assert_eq!(
        (
            wilderness::WILDERNESS_HEX_MILES,
            wilderness::REGIONAL_HEX_MILES
        ),
        (6, 24)
    );
    assert_eq!(
        wilderness::REGIONAL_HEX_MILES % wilderness::WILDERNESS_HEX_MILES,
        0
    );
}

#[test]
fn ac_wild_09_outdoor_time_in_days_and_rounds() {
    use delve_acks::wilderness::OutdoorTime;
    assert_eq!(wilderness::outdoor_time(false), OutdoorTime::Day);
    assert_eq!(wilderness::outdoor_time(true), OutdoorTime::Round);
}
