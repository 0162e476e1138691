//! Initiative, movement, damage, cleave, maneuvers, mounted combat, swimming, spellcasting.
use delve_acks::attack::AttackProgression as P;
use delve_acks::damage::{self, MissileCleave, WeaponCategory as W};
use delve_acks::initiative::{self, Initiative};
use delve_acks::maneuvers::{self, *};
use delve_acks::mounted::{self, MountMove, MountedAttackers};
use delve_acks::movement::{self, Charge, ChargeWeapon, SimpleAction, Withdrawal};
use delve_acks::options::WithdrawalAttackTiming;
use delve_acks::spells::{self, Casting};
use delve_acks::swimming::{self, Water};
use delve_acks::{HitDice, Options};

fn ini(n: &str, c: i32) -> Initiative {
    Initiative {
        combatant: n.into(),
        count: c,
    }
}

#[test]
fn ac_init_01_d6_plus_dex() {
    assert_eq!(initiative::count(4, 1, false).unwrap(), 5);
    assert!(initiative::count(7, 0, false).is_err());
}

#[test]
fn ac_init_07_two_handed_minus_1() {
    assert_eq!(initiative::count(4, 0, true).unwrap(), 3);
    assert_eq!(damage::weapon_damage(W::TwoHanded, true).2, -1);
}

#[test]
fn ac_init_02_highest_first_ties_simultaneous() {
    let o = initiative::order(vec![ini("a", 3), ini("b", 5), ini("c", 3)]);
    assert_eq!(o, vec![vec!["b".to_string()], vec!["a".into(), "c".into()]]);
}

#[test]
fn ac_init_03_declarations_before_the_roll() {
    assert!(initiative::change_declaration(false).is_ok());
    assert!(initiative::change_declaration(true).is_err());
}

#[test]
fn ac_move_10_defensive_movement_fixed_for_the_round() {
    let e = initiative::change_declaration(true).unwrap_err();
    assert!(e.to_string().contains("AC-MOVE-10"));
}

#[test]
fn ac_init_04_delay_to_a_later_count() {
    assert_eq!(initiative::delay(5, 2).unwrap(), 2);
    assert!(initiative::delay(2, 5).is_err());
}

#[test]
fn ac_init_05_long_weapon_strikes_first() {
    assert!(initiative::may_interrupt(true, false, true));
}

#[test]
fn ac_init_06_ready_missile_not_engaged() {
    assert!(initiative::may_interrupt(false, true, false));
    assert!(!initiative::may_interrupt(false, true, true));
    assert!(!initiative::may_interrupt(false, false, false));
}

#[test]
fn ac_move_02_engaged_within_5_ft() {
    assert!(movement::engaged(5));
    assert!(!movement::engaged(10));
}

#[test]
fn ac_move_01_and_ac_atk_01_no_movement_after_attacking() {
    assert!(movement::may_move(false, false));
    assert!(!movement::may_move(true, false));
}

#[test]
fn ac_move_03_and_ac_spell_03_no_movement_while_casting() {
    assert!(!movement::may_move(false, true));
}

#[test]
fn ac_move_04_running_three_times_combat() {
    assert_eq!(movement::running_ft(40), 120);
}

#[test]
fn ac_move_05_run_for_twice_con_rounds() {
    assert_eq!(movement::running_rounds(Some(13)), 26);
    assert_eq!(movement::running_rounds(None), 24);
}

#[test]
fn ac_move_06_and_ac_move_07_charge_requirements_and_effects() {
    let ok = Charge {
        distance_ft: 30,
        combat_ft: 40,
        straight_and_clear: true,
        target_visible: true,
        engaged: false,
    };
    assert_eq!(movement::charge(ok).unwrap(), (2, -2));
    assert!(
        movement::charge(Charge {
            distance_ft: 15,
            ..ok
        })
        .is_err()
    );
    assert!(
        movement::charge(Charge {
            distance_ft: 130,
            ..ok
        })
        .is_err()
    );
    assert!(
        movement::charge(Charge {
            straight_and_clear: false,
            ..ok
        })
        .is_err()
    );
    assert!(
        movement::charge(Charge {
            engaged: true,
            ..ok
        })
        .is_err()
    );
}

#[test]
fn ac_move_08_spears_lances_double_on_charge() {
    assert!(movement::charge_doubles(ChargeWeapon::Lance));
    assert!(movement::charge_doubles(ChargeWeapon::SuitableNatural));
    assert!(!movement::charge_doubles(ChargeWeapon::Other));
}

#[test]
fn ac_move_09_set_vs_charge_needs_initiative_and_weapon() {
    assert!(movement::set_vs_charge(ChargeWeapon::Spear, 4, 4).is_ok());
    assert!(movement::set_vs_charge(ChargeWeapon::Spear, 3, 4).is_err());
    assert!(movement::set_vs_charge(ChargeWeapon::Other, 6, 1).is_err());
}

#[test]
fn ac_move_11_fighting_withdrawal_half_movement_clear_path() {
    assert_eq!(
        movement::withdrawal(20, 40, true).unwrap(),
        Withdrawal::FightingWithdrawal
    );
    assert!(movement::withdrawal(20, 40, false).is_err());
}

#[test]
fn ac_move_12_full_retreat_beyond_half() {
    assert_eq!(
        movement::withdrawal(30, 40, false).unwrap(),
        Withdrawal::FullRetreat
    );
    assert!(movement::withdrawal(50, 40, true).is_err());
}

#[test]
fn ac_open_07_withdrawal_attack_timing_option() {
    assert_eq!(
        movement::withdrawal_attack_count(&Options::default(), 4),
        None
    );
    let o = Options {
        withdrawal_attack: WithdrawalAttackTiming::OnWithdrawersCount,
        ..Options::default()
    };
    assert_eq!(movement::withdrawal_attack_count(&o, 4), Some(4));
}

#[test]
fn ac_move_13_simple_actions_and_free_drop_and_draw() {
    assert!(SimpleAction::StandUp.costs_action());
    assert!(!SimpleAction::DropAndDraw.costs_action());
}

#[test]
fn ac_action_01_few_second_actions() {
    for a in [
        SimpleAction::LightTorch,
        SimpleAction::DrinkPotion,
        SimpleAction::UseWandOrRing,
        SimpleAction::TurnUndead,
    ] {
        assert!(a.costs_action());
    }
}

#[test]
fn ac_action_02_drop_bow_draw_sword_attack() {
    assert!(!SimpleAction::DropAndDraw.costs_action());
}

#[test]
fn ac_dmg_01_weapon_categories() {
    let d = |c, two| {
        let (x, _, _) = damage::weapon_damage(c, two);
        (x.count, x.sides)
    };
    assert_eq!(d(W::Whip, false), (1, 2));
    assert_eq!(d(W::Unarmed, false), (1, 3));
    assert!(damage::weapon_damage(W::Unarmed, false).1);
    assert_eq!(d(W::Small, false), (1, 4));
    assert_eq!(d(W::Staff, false), (1, 4));
    assert_eq!(d(W::Staff, true), (1, 6));
    assert_eq!(d(W::OneHanded, false), (1, 6));
    assert_eq!(d(W::HandAndAHalf, false), (1, 6));
    assert_eq!(d(W::HandAndAHalf, true), (1, 8));
    assert_eq!(d(W::TwoHanded, true), (1, 10));
}

#[test]
fn ac_dmg_02_thrown_and_sling_1d4_arrows_1d6() {
    assert_eq!(damage::weapon_damage(W::ThrownOrSling, false).0.sides, 4);
    assert_eq!(damage::weapon_damage(W::ArrowOrBolt, false).0.sides, 6);
}

#[test]
fn ac_dmg_03_two_weapon_damage() {
    assert_eq!(damage::two_weapon_damage(W::HandAndAHalf).unwrap().sides, 6);
    assert_eq!(damage::two_weapon_damage(W::Small).unwrap().sides, 4);
    assert!(damage::two_weapon_damage(W::TwoHanded).is_err());
}

#[test]
fn ac_dmg_04_bonuses_added() {
    assert_eq!(damage::total_damage(5, false, 3), 8);
    assert_eq!(damage::total_damage(1, false, -3), 0);
}

#[test]
fn ac_dmg_06_double_damage_doubles_the_roll_only() {
    assert_eq!(damage::total_damage(5, true, 3), 13);
}

#[test]
fn ac_dmg_07_invulnerable_monsters() {
    let hd = |s: &str| Some(s.parse::<HitDice>().unwrap());
    assert!(damage::can_harm_invulnerable(true, None, false));
    assert!(damage::can_harm_invulnerable(false, hd("5"), false));
    assert!(!damage::can_harm_invulnerable(false, hd("4+1"), false));
    assert!(damage::can_harm_invulnerable(false, hd("2"), true));
    assert!(!damage::can_harm_invulnerable(false, None, false));
}

#[test]
fn ac_cleave_04_cleaves_by_progression() {
    assert_eq!(damage::cleaves_per_round(Some(P::Fighter), 7), 7);
    assert_eq!(damage::cleaves_per_round(None, 4), 4);
    assert_eq!(damage::cleaves_per_round(Some(P::Thief), 5), 2);
    assert_eq!(damage::cleaves_per_round(Some(P::Mage), 14), 0);
}

#[test]
fn ac_cleave_05_missile_caps() {
    assert_eq!(
        damage::missile_cleaves(MissileCleave::CrossbowOrArbalest, 10),
        2
    );
    assert_eq!(damage::missile_cleaves(MissileCleave::Longbow, 10), 3);
    assert_eq!(damage::missile_cleaves(MissileCleave::Other, 10), 4);
    assert_eq!(damage::missile_cleaves(MissileCleave::Other, 1), 1);
}

#[test]
fn ac_cleave_01_next_foe_within_5_ft() {
    assert!(damage::may_cleave(0, 3, true, 0, 40, false).is_ok());
    assert!(damage::may_cleave(0, 3, false, 0, 40, false).is_err());
    assert!(damage::may_cleave(3, 3, true, 0, 40, false).is_err());
}

#[test]
fn ac_cleave_02_one_5_ft_step_within_movement() {
    assert!(damage::may_cleave(0, 3, true, 5, 40, false).is_ok());
    assert!(damage::may_cleave(0, 3, true, 10, 40, false).is_err());
    assert!(damage::may_cleave(0, 3, true, 5, 0, false).is_err());
}

#[test]
fn ac_cleave_03_no_maneuvers_while_cleaving() {
    let e = damage::may_cleave(0, 3, true, 0, 40, true).unwrap_err();
    assert!(e.to_string().contains("AC-CLEAVE-03"));
}

#[test]
fn ac_maneuver_04_disarm_minus_4_save() {
    assert_eq!(Maneuver::Disarm.attack_modifier(), -4);
    assert!(Maneuver::Disarm.target_saves());
}

#[test]
fn ac_maneuver_05_force_back_distance_and_size() {
    assert_eq!(maneuvers::force_back_feet(7), 7);
    assert_eq!(
        maneuvers::save_modifier(Maneuver::ForceBack, SizeGap::AttackerMuchLarger).unwrap(),
        -4
    );
    assert_eq!(
        maneuvers::save_modifier(Maneuver::Disarm, SizeGap::AttackerMuchLarger).unwrap(),
        0
    );
}

#[test]
fn ac_maneuver_06_forced_into_another_creature() {
    assert_eq!(maneuvers::forced_into(true), Collision::TargetFalls);
    assert_eq!(maneuvers::forced_into(false), Collision::OtherFalls);
}

#[test]
fn ac_maneuver_07_knock_out_nonlethal_no_save() {
    assert_eq!(Maneuver::KnockOut.attack_modifier(), -4);
    assert!(!Maneuver::KnockOut.target_saves());
}

#[test]
fn ac_maneuver_08_knock_down_save() {
    assert!(Maneuver::KnockDown.target_saves());
    assert!(!Maneuver::KnockDown.size_matters());
}

#[test]
fn ac_maneuver_10_overrun() {
    assert_eq!(
        maneuvers::overrun(true, true),
        OverrunOutcome::BlockedAndDamaged
    );
    assert_eq!(maneuvers::overrun(true, false), OverrunOutcome::Passed);
    assert_eq!(maneuvers::overrun(false, true), OverrunOutcome::Passed);
    assert!(Maneuver::Overrun.size_matters());
}

#[test]
fn ac_maneuver_12_sunder_save_modifiers() {
    assert_eq!(
        maneuvers::sunder_save_modifier(2, 0, true, false).unwrap(),
        2
    );
    assert_eq!(
        maneuvers::sunder_save_modifier(0, 0, false, true).unwrap(),
        -4
    );
    assert!(maneuvers::sunder_save_modifier(1, 2, false, false).is_err());
}

#[test]
fn ac_maneuver_13_wrestle_save_with_size() {
    assert_eq!(
        maneuvers::save_modifier(Maneuver::Wrestle, SizeGap::AttackerMuchLarger).unwrap(),
        -4
    );
}

#[test]
fn ac_maneuver_14_hold_actions_end_the_hold() {
    assert!(maneuvers::hold_ends(HoldAction::KnockDown, false));
    assert!(!maneuvers::hold_ends(HoldAction::ForceBack, true));
    assert!(!maneuvers::hold_ends(HoldAction::Disarm, false));
}

#[test]
fn ac_maneuver_15_size_gaps() {
    assert_eq!(
        maneuvers::save_modifier(Maneuver::Disarm, SizeGap::TargetMuchLarger).unwrap(),
        4
    );
    assert_eq!(
        maneuvers::save_modifier(Maneuver::Disarm, SizeGap::AttackerHuge(-8)).unwrap(),
        -8
    );
    assert!(maneuvers::save_modifier(Maneuver::Disarm, SizeGap::AttackerHuge(-2)).is_err());
}

#[test]
fn ac_maneuver_02_punch_and_kick() {
    assert_eq!(maneuvers::brawl(Brawl::Punch), (3, 0));
    assert_eq!(maneuvers::brawl(Brawl::Kick), (4, -2));
}

#[test]
fn ac_maneuver_03_brawling_metal_armour_and_monsters() {
    assert_eq!(
        maneuvers::brawl_damage_to(true, true, false).unwrap(),
        BrawlDamageTo::Attacker
    );
    assert_eq!(
        maneuvers::brawl_damage_to(false, true, false).unwrap(),
        BrawlDamageTo::Target
    );
    assert!(maneuvers::brawl_damage_to(true, false, true).is_err());
}

#[test]
fn ac_maneuver_01_monster_routines_spend_attacks_on_maneuvers() {
    assert_eq!(maneuvers::split_routine(8, 2).unwrap(), 6);
    assert!(maneuvers::split_routine(2, 3).is_err());
}

#[test]
fn ac_mount_01_move_then_rider_or_mount_attacks() {
    assert_eq!(
        mounted::mounted_attackers(MountMove::Move, true).unwrap(),
        MountedAttackers::RiderOrMount
    );
}

#[test]
fn ac_mount_02_running_mount_no_attacks() {
    assert_eq!(
        mounted::mounted_attackers(MountMove::Run, false).unwrap(),
        MountedAttackers::Neither
    );
}

#[test]
fn ac_mount_04_standing_both_attack_riding_needed() {
    assert_eq!(
        mounted::mounted_attackers(MountMove::StandStill, true).unwrap(),
        MountedAttackers::RiderAndMount
    );
    assert!(mounted::mounted_attackers(MountMove::StandStill, false).is_err());
}

#[test]
fn ac_ex_17_and_ac_mount_05_marcus_lance_charge_on_warhorse() {
    // Medium warhorse, combat 60 ft, ogre 90 ft away: within running (180 ft), ≥ 20 ft.
    assert!(90 <= movement::running_ft(60));
    assert_eq!(
        mounted::mounted_charge(true, false, true, 90).unwrap(),
        (2, -2)
    );
    assert_eq!(
        mounted::mounted_attackers(MountMove::Charge, true).unwrap(),
        MountedAttackers::RiderAndMount
    );
    assert!(movement::charge_doubles(ChargeWeapon::Lance));
    assert!(mounted::mounted_charge(false, false, true, 90).is_err());
    assert!(mounted::mounted_charge(true, false, true, 15).is_err());
}

#[test]
fn ac_mount_06_no_war_saddle_save() {
    assert!(mounted::saddle_save_needed(false, true));
    assert!(!mounted::saddle_save_needed(true, true));
}

#[test]
fn ac_mount_07_mount_at_half_hp_checks_morale() {
    assert!(mounted::mount_checks_morale(10, 20));
    assert!(!mounted::mount_checks_morale(11, 20));
}

#[test]
fn ac_mount_08_falls() {
    assert_eq!(mounted::fall_dice(None), 1);
    assert_eq!(mounted::fall_dice(Some(60)), 6);
}

#[test]
fn ac_swim_01_throw_against_encumbrance() {
    assert!(swimming::swim(5, 5, Water::Calm).unwrap());
    assert!(!swimming::swim(6, 5, Water::Rough).unwrap());
    assert!(!swimming::swim(8, 5, Water::Severe(-4)).unwrap());
    assert!(swimming::swim(8, 5, Water::Severe(-1)).is_err());
}

#[test]
fn ac_swim_02_quarter_speed() {
    assert_eq!(swimming::swim_speed(40), 10);
    assert_eq!(swimming::swim_speed(120), 30);
}

#[test]
fn ac_swim_04_drowning() {
    assert_eq!(swimming::drowning(3, 9), (30, false));
    assert_eq!(swimming::drowning(3, 10), (30, true));
}

#[test]
fn ac_spell_02_disrupted_by_damage_or_failed_save() {
    assert_eq!(spells::cast(false, false), Casting::Cast);
    assert_eq!(spells::cast(true, false), Casting::Disrupted);
    assert_eq!(spells::cast(false, true), Casting::Disrupted);
}

#[test]
fn ac_spell_04_line_of_sight() {
    assert!(spells::spell_reaches(true, true));
    assert!(!spells::spell_reaches(false, true));
}

#[test]
fn ac_spell_05_concentration() {
    assert_eq!(spells::concentration_speed(120, false), 60);
    assert_eq!(spells::concentration_speed(120, true), 0);
    assert!(!spells::concentration_holds(true, false));
}
