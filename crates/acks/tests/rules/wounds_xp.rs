//! Mortal wounds, nonlethal damage, healing, tampering, experience.
use delve_acks::odds::{Fraction, total};
use delve_acks::options::AfterFight;
use delve_acks::tables::{Condition, TamperingRow, XpClass, XpRow};
use delve_acks::wounds::{self, Nonlethal, Tampering, Timing, Treatment};
use delve_acks::{AcksError, HitDice, Options, Tables, experience as xp};
use proptest::prelude::*;

fn t() -> Tables {
    Tables::acks_1e()
}

fn f(n: i64, d: i64) -> Fraction {
    Fraction::new(n, d)
}

fn marcus() -> Treatment {
    Treatment {
        max_hp: 36,
        hp: -12,
        con_modifier: 3,
        healing_spell_level: 4,
        healer: false,
        timing: Timing::Round,
        nonlethal: 0,
        untreated: false,
    }
}

#[test]
fn ac_ex_09_marcus_cure_serious_wounds_within_a_round() {
    let t = t();
    let m = wounds::wound_modifier(&t, &Options::default(), &marcus()).unwrap();
    assert_eq!(m, 7);
    let r = wounds::resolve_wound(&t, m, 13, 3).unwrap();
    assert_eq!(r.total, 20);
    assert_eq!(r.condition, Condition::InShock);
    assert_eq!(r.recovers_at_hp, Some(1));
    assert!(r.recovery_text.contains("magical healing and a night"));
    assert!(r.wound.contains("notable scar"));
}

#[test]
fn ac_wound_04_hp_healing_timing_and_con_modifiers() {
    let t = t();
    let o = Options::default();
    assert_eq!(wounds::hp_modifier(&t, 36, 0).unwrap(), 5);
    assert_eq!(wounds::hp_modifier(&t, 36, -8).unwrap(), 0);
    assert_eq!(wounds::hp_modifier(&t, 36, -9).unwrap(), -2);
    assert_eq!(wounds::hp_modifier(&t, 36, -17).unwrap(), -2);
    assert_eq!(wounds::hp_modifier(&t, 36, -18).unwrap(), -5);
    let base = Treatment {
        hp: 0,
        con_modifier: 0,
        healing_spell_level: 0,
        ..marcus()
    };
    let m = |tr: Treatment| wounds::wound_modifier(&t, &o, &tr).unwrap();
    assert_eq!(m(base), 5 + 2);
    assert_eq!(
        m(Treatment {
            healer: true,
            ..base
        }),
        9
    );
    assert_eq!(
        m(Treatment {
            healing_spell_level: 2,
            ..base
        }),
        9
    );
    assert_eq!(
        m(Treatment {
            timing: Timing::Turn,
            ..base
        }),
        2
    );
    assert_eq!(
        m(Treatment {
            timing: Timing::Hour,
            ..base
        }),
        0
    );
    assert_eq!(
        m(Treatment {
            timing: Timing::Day,
            ..base
        }),
        -3
    );
    assert_eq!(
        m(Treatment {
            timing: Timing::Later,
            ..base
        }),
        -5
    );
    assert_eq!(
        m(Treatment {
            con_modifier: -2,
            ..base
        }),
        5
    );
}

#[test]
fn ac_wound_01_only_creatures_at_0_or_less_roll() {
    let e = wounds::hp_modifier(&t(), 36, 3).unwrap_err();
    assert!(e.to_string().contains("AC-WOUND-01"));
}

#[test]
fn ac_wound_02_d20_gives_condition_d6_gives_wound() {
    let t = t();
    let r = wounds::resolve_wound(&t, 0, 12, 6).unwrap();
    assert_eq!(r.condition, Condition::CriticallyWounded);
    assert!(r.wound.contains("teeth"));
    assert!(wounds::resolve_wound(&t, 0, 12, 7).is_err());
}

#[test]
fn ac_wound_03_untreated_for_a_day_no_bonuses_minus_10() {
    let t = t();
    let tr = Treatment {
        untreated: true,
        healer: true,
        ..marcus()
    };
    // −2 (hp) + 3 (CON) − 10; the spell and the healer do not count.
    assert_eq!(
        wounds::wound_modifier(&t, &Options::default(), &tr).unwrap(),
        -9
    );
}

#[test]
fn ac_wound_05_bed_rest_recorded_per_band() {
    let t = t();
    let r = wounds::resolve_wound(&t, 0, 3, 1).unwrap();
    assert_eq!(r.condition, Condition::MortallyWounded);
    assert!(r.recovery_text.contains("30 days"));
    let r = wounds::resolve_wound(&t, 10, 16, 1).unwrap();
    assert_eq!(r.condition, Condition::Dazed);
    assert!(r.recovery_text.contains("no bed rest"));
    let r = wounds::resolve_wound(&t, -10, 5, 6).unwrap();
    assert_eq!(r.condition, Condition::Killed);
    assert_eq!(r.recovers_at_hp, None);
    assert!(r.wound.contains("largely intact"));
}

#[test]
fn ac_nonlethal_02_each_point_before_falling_adds_1() {
    let mut n = Nonlethal::default();
    n.take(8, false, 18);
    n.take(6, true, 12);
    n.take(9, true, 3);
    n.take(7, false, -4);
    n.take(5, true, -9); // after falling: does not count
    assert_eq!(n.before_falling, 15);
    assert_eq!(n.tally, 20);
}

#[test]
fn ac_nonlethal_01_nonlethal_also_reduces_hp_and_is_tallied() {
    let mut n = Nonlethal::default();
    n.take(4, true, 0);
    assert!(n.fallen);
    assert_eq!(n.tally, 4);
}

#[test]
fn ac_nonlethal_03_heals_1_per_hour_or_clears() {
    let mut n = Nonlethal {
        tally: 5,
        before_falling: 5,
        fallen: true,
    };
    n.heal_hours(3);
    assert_eq!(n.tally, 2);
    n.clear();
    assert_eq!(n, Nonlethal::default());
}

#[test]
fn ac_ex_10_ogre_nonlethal_lands_in_knocked_out_band_either_option() {
    let t = t();
    // 8 lethal, 6 + 9 nonlethal, 7 lethal: 26 → −4 hp, 15 nonlethal before falling.
    let mut n = Nonlethal::default();
    let mut hp = 26;
    for (dmg, nl) in [(8, false), (6, true), (9, true), (7, false)] {
        hp -= dmg as i32;
        n.take(dmg, nl, hp);
    }
    assert_eq!((hp, n.before_falling), (-4, 15));
    let tr = Treatment {
        max_hp: 26,
        hp,
        con_modifier: 0,
        healing_spell_level: 0,
        healer: false,
        timing: Timing::Turn,
        nonlethal: n.before_falling,
        untreated: false,
    };
    // Default (AC-OPEN-01): −3 → +12; the example's −2 → +13.
    let m_default = wounds::wound_modifier(&t, &Options::default(), &tr).unwrap();
    let ex = Options {
        after_fight: AfterFight::WorkedExample,
        ..Options::default()
    };
    let m_example = wounds::wound_modifier(&t, &ex, &tr).unwrap();
    assert_eq!((m_default, m_example), (12, 13));
    for m in [m_default, m_example] {
        let r = wounds::resolve_wound(&t, m, 9, 3).unwrap();
        assert_eq!(r.condition, Condition::KnockedOut, "band 21–25 with {m}");
        assert_eq!(r.recovers_at_hp, Some(1));
    }
}

#[test]
fn ac_open_02_ogre_wound_cell_is_the_recovered_1e_cell_and_judge_editable() {
    let mut t = t();
    let r = wounds::resolve_wound(&t, 13, 9, 3).unwrap();
    assert!(r.wound.contains("1d3 fingers"));
    assert!(r.recovery_text.contains("night"));
    let mut row = t.t16_mortal_wounds.rows[6].clone();
    row.wounds[2] = "concussed: 1d6 teeth lost".into();
    let ov = t.t16_mortal_wounds.replace_row(6, row).unwrap();
    assert!(ov.old.wounds[2].contains("fingers"));
    assert!(
        wounds::resolve_wound(&t, 13, 9, 3)
            .unwrap()
            .wound
            .contains("teeth")
    );
}

#[test]
fn ac_open_01_after_fight_default_minus_3_option_minus_2() {
    assert_eq!(Options::default().after_fight, AfterFight::ModifierList);
    let t = t();
    let tr = Treatment {
        hp: 0,
        con_modifier: 0,
        healing_spell_level: 0,
        timing: Timing::Turn,
        ..marcus()
    };
    assert_eq!(
        wounds::wound_modifier(&t, &Options::default(), &tr).unwrap(),
        2
    );
    let ex = Options {
        after_fight: AfterFight::WorkedExample,
        ..Options::default()
    };
    assert_eq!(wounds::wound_modifier(&t, &ex, &tr).unwrap(), 3);
}

proptest! {
    #[test]
    fn wound_odds_sum_to_one_and_improve_with_modifier(m in -30i32..30) {
        let t = t();
        let a = wounds::wound_odds(&t, m).unwrap();
        let b = wounds::wound_odds(&t, m + 1).unwrap();
        prop_assert_eq!(total(a.iter().map(|(_, p)| p)), f(1, 1));
        prop_assert!(b[0].1 <= a[0].1); // killed never more likely
        prop_assert!(b[6].1 >= a[6].1); // dazed never less likely
    }
}

#[test]
fn ac_heal_01_natural_healing_needs_full_day_of_rest() {
    assert_eq!(wounds::natural_healing(2, true, false, false).unwrap(), 2);
    assert_eq!(wounds::natural_healing(2, false, false, false).unwrap(), 0);
    assert!(wounds::natural_healing(4, true, false, false).is_err());
}

#[test]
fn ac_heal_03_no_healing_during_bed_rest() {
    assert_eq!(wounds::natural_healing(3, true, true, false).unwrap(), 0);
    assert_eq!(wounds::magical_healing(8, true), 0);
    assert_eq!(wounds::magical_healing(8, false), 8);
}

#[test]
fn ac_wound_09_tampering_modifiers() {
    let t = Tampering {
        wis_modifier: 1,
        days_dead: 2,
        existing_side_effects: 1,
        killed_outright: true,
        severed_spine: false,
        limbs_destroyed: 1,
        small_parts_destroyed: 1,
        caster_level: 7,
        outside_temple: true,
    };
    // 1 − 2 − 1 − 10 − 2 − 1 + 4 − 2 = −13.
    assert_eq!(wounds::tampering_modifier(&t).unwrap(), -13);
    assert_eq!(
        wounds::tampering_modifier(&Tampering {
            caster_level: 7,
            ..Default::default()
        })
        .unwrap(),
        4
    );
    assert_eq!(
        wounds::tampering_modifier(&Tampering {
            severed_spine: true,
            ..Default::default()
        })
        .unwrap(),
        -5
    );
    assert!(
        wounds::tampering_modifier(&Tampering {
            limbs_destroyed: 5,
            ..Default::default()
        })
        .is_err()
    );
}

#[test]
fn ac_wound_08_tampering_refuses_until_judge_enters_side_effects() {
    let mut t = t();
    let e = wounds::resolve_tampering(&t, 0, 12, 2).unwrap_err();
    assert!(matches!(e, AcksError::MissingTable { .. }));
    assert!(e.to_string().contains("T-18"), "{e}");
    let mut row: TamperingRow = t.t18_tampering.rows[4].clone();
    row.side_effects[1] = Some("hair turns white".into());
    row.placeholder = false;
    t.t18_tampering.replace_row(4, row).unwrap();
    let r = wounds::resolve_tampering(&t, 0, 12, 2).unwrap();
    assert!(r.restored && r.side_effect == "hair turns white" && r.bed_rest_days == Some(14));
}

fn hd(s: &str) -> HitDice {
    s.parse().unwrap()
}

#[test]
fn ac_xp_06_monster_xp_base_plus_bonus_per_asterisk() {
    let t = t();
    // Stat-block XP from ACKS 1e sources (TABLES.md T-21).
    let cases = [
        ("1", 1, 13),
        ("1+1", 0, 15),
        ("2", 1, 29),
        ("2", 2, 38),
        ("3", 2, 80),
        ("3+1", 0, 65),
        ("3+1", 2, 135),
        ("4", 1, 135),
        ("4+2", 1, 215),
        ("5", 0, 200),
        ("5", 1, 350),
        ("5+5", 2, 660),
        ("6+3", 1, 680),
        ("8", 0, 600),
        ("9", 0, 700),
        ("9", 1, 1300),
        ("10", 0, 850),
        ("10", 2, 2250),
        ("11", 0, 1000),
        ("12", 0, 1200),
        ("13", 0, 1400),
        ("15", 0, 1800),
        ("15", 2, 4200),
        ("<1", 0, 5),
    ];
    for (h, a, want) in cases {
        assert_eq!(xp::monster_xp(&t, hd(h), a).unwrap(), want, "{h} HD {a}*");
    }
    assert!(
        xp::monster_xp(&t, hd("5"), 21)
            .unwrap_err()
            .to_string()
            .contains("AC-XP-06")
    );
}

#[test]
fn ac_xp_07_above_21_hd_adds_250_per_hd() {
    let t = t();
    assert_eq!(xp::monster_xp(&t, hd("22"), 0).unwrap(), 3250);
    assert_eq!(xp::monster_xp(&t, hd("22"), 1).unwrap(), 3250 + 2250);
    assert_eq!(xp::monster_xp(&t, hd("24"), 0).unwrap(), 3750);
}

#[test]
fn ac_ex_11_lamia_with_explicit_row_override_ac_open_04() {
    let mut t = t();
    // Shipped row: 9 HD = 700/600 → 2,500.
    assert_eq!(xp::monster_xp(&t, hd("9"), 3).unwrap(), 2500);
    let i = t
        .t21_monster_xp
        .rows
        .iter()
        .position(|r| r.hit_dice == "9")
        .unwrap();
    t.t21_monster_xp
        .replace_row(
            i,
            XpRow {
                hit_dice: "9".into(),
                base: 1000,
                bonus: 700,
            },
        )
        .unwrap();
    assert_eq!(xp::monster_xp(&t, hd("9"), 3).unwrap(), 3100);
}

#[test]
fn ac_ex_12_five_hd_monster_and_treasure_950() {
    let t = t();
    let haul = xp::Haul {
        treasure_gp: 500 + 250,
        monster_xp: xp::monster_xp(&t, hd("5"), 0).unwrap(),
        ..Default::default()
    };
    assert_eq!(xp::adventure_xp(&haul, true), 950);
}

#[test]
fn ac_xp_02_treasure_counts_only_in_civilization() {
    let haul = xp::Haul {
        treasure_gp: 750,
        monster_xp: 200,
        ..Default::default()
    };
    assert_eq!(xp::adventure_xp(&haul, false), 200);
}

#[test]
fn ac_xp_03_and_ac_xp_04_sold_equipment_and_unused_magic_count() {
    let haul = xp::Haul {
        equipment_sold_gp: 40,
        unused_magic_sold_gp: 1000,
        ..Default::default()
    };
    assert_eq!(xp::adventure_xp(&haul, true), 1040);
}

#[test]
fn ac_xp_08_henchmen_take_half_shares() {
    // 950 among 3 characters and 1 henchman: 7 half shares of 135 (rounded down).
    assert_eq!(xp::shares(950, 3, 1).unwrap(), (271, 135));
    assert_eq!(xp::shares(1000, 2, 0).unwrap(), (500, 250));
    assert!(xp::shares(1000, 0, 0).is_err());
}

#[test]
fn ac_xp_10_prime_requisite_adjustment() {
    let t = t();
    assert_eq!(xp::prime_requisite_percent(&t, 16).unwrap(), 10);
    assert_eq!(xp::prime_requisite_percent(&t, 13).unwrap(), 5);
    assert_eq!(xp::prime_requisite_percent(&t, 9).unwrap(), 0);
    assert!(
        xp::prime_requisite_percent(&t, 8)
            .unwrap_err()
            .to_string()
            .contains("T-25")
    );
}

#[test]
fn ac_ex_13_1200_plus_10_percent_is_1320() {
    assert_eq!(xp::adjust(1200, 10), 1320);
}

#[test]
fn ac_adv_02_cap_one_level_per_adventure() {
    let t = t();
    let (_, l3) = xp::thresholds(&t, XpClass::Fighter).unwrap();
    assert_eq!(xp::cap_award(0, 10_000, l3.into()), 3999);
    assert_eq!(xp::cap_award(0, 1000, l3.into()), 1000);
}

#[test]
fn ac_ex_14_elven_spellsword_max_7999() {
    let t = t();
    let (_, l3) = xp::thresholds(&t, XpClass::ElvenSpellsword).unwrap();
    assert_eq!(xp::cap_award(0, 20_000, l3.into()), 7999);
}

#[test]
fn ac_adv_01_level_hp_at_least_1() {
    assert_eq!(xp::level_hp_gain(1, -2), 1);
    assert_eq!(xp::level_hp_gain(6, 1), 7);
}

#[test]
fn ac_heir_02_bank_fee_10_percent() {
    assert_eq!(xp::inheritance_after_fee(5000), 4500);
    // No overflow at the extremes.
    assert_eq!(
        xp::inheritance_after_fee(u64::MAX),
        u64::MAX - u64::MAX / 10
    );
    assert_eq!(xp::adjust(u64::MAX, 10), u64::MAX);
    assert_eq!(xp::shares(u64::MAX, 1, 0).unwrap().0, u64::MAX);
}

#[test]
fn ac_heir_04_and_ac_ex_15_reserve_xp_90_percent() {
    assert_eq!(xp::reserve_xp(3400), 3060);
}

#[test]
fn ac_zero_01_100_xp_makes_a_fighter() {
    assert!(!xp::zero_level_advances(99));
    assert!(xp::zero_level_advances(100));
}

#[test]
fn ac_zero_02_reroll_hp_keep_higher() {
    assert_eq!(xp::zero_level_hp(5, 3).unwrap(), 5);
    assert_eq!(xp::zero_level_hp(2, 7).unwrap(), 7);
    assert!(xp::zero_level_hp(2, 9).is_err());
}

#[test]
fn ac_zero_03_lose_one_old_proficiency_at_2_3_and_4() {
    assert_eq!(xp::zero_level_proficiencies_kept(4, 1), 4);
    assert_eq!(xp::zero_level_proficiencies_kept(4, 2), 3);
    assert_eq!(xp::zero_level_proficiencies_kept(4, 4), 1);
    assert_eq!(xp::zero_level_proficiencies_kept(4, 9), 1);
}
