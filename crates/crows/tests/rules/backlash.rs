//! The backlash table (CR-BL-01…56) and the backlash rules of CR-SPELL-16…19.

use crows::backlash::{
    ActiveBacklash, Affected, BacklashDuration as D, BacklashEffect as E, BacklashError,
    BacklashRow, BaneScope, CasterSituation, EndCondition, ItemFate, Lookup, OverlapRule,
    RefereeCall, RerollReason, Resolution, SpellTargetKind, Stacking, TABLE, Trigger, damage_dice,
    lookup, resolve, row_by_id, speed_change, table_total,
};
use crows::conditions::ConditionKind;
use crows::test_roll::Characteristic;

fn row_at(total: u8) -> &'static BacklashRow {
    match lookup(total, OverlapRule::PairedRows) {
        Ok(Lookup::Row(r)) => r,
        other => panic!("{total}: {other:?}"),
    }
}

/// Checks a row's range (both ends select it) and returns it.
fn check(id: u8, low: u8, high: u8) -> &'static BacklashRow {
    let r = row_by_id(id).unwrap();
    assert_eq!((r.low, r.high), (low, high), "CR-BL-{id:02}");
    assert_eq!(row_at(low).id, id);
    assert_eq!(row_at(high).id, id);
    r
}

fn has(r: &BacklashRow, e: E) -> bool {
    r.effects.contains(&e)
}

const GROUND: CasterSituation = CasterSituation {
    touching_ground: true,
    spell_target: SpellTargetKind::Creature,
};

#[test]
fn cr_bl_table_walk_every_total_has_exactly_one_row() {
    assert_eq!(TABLE.len(), 55);
    for (i, r) in TABLE.iter().enumerate() {
        assert_eq!(usize::from(r.id), i + 1, "ids in book order");
        assert!(!r.effects.is_empty(), "CR-BL-{:02} has mechanics", r.id);
        assert!(!r.note.is_empty());
    }
    let mut expected_low = 1;
    for r in &TABLE {
        assert_eq!(
            r.low, expected_low,
            "no gap or overlap before CR-BL-{:02}",
            r.id
        );
        expected_low = r.high + 1;
    }
    assert_eq!(expected_low, 106);
    for total in 1..=105u8 {
        let n = TABLE
            .iter()
            .filter(|r| (r.low..=r.high).contains(&total))
            .count();
        assert_eq!(n, 1, "total {total}");
        assert!(row_at(total).low <= total);
    }
    assert_eq!(
        lookup(0, OverlapRule::PairedRows),
        Err(BacklashError::OutOfTable(0))
    );
    assert_eq!(
        lookup(106, OverlapRule::PairedRows),
        Err(BacklashError::OutOfTable(106))
    );
}

#[test]
fn cr_spell_16_table_total_is_d100_plus_rank() {
    assert_eq!(table_total(1, 0), Ok(1));
    assert_eq!(table_total(100, 5), Ok(105));
    assert_eq!(table_total(58, 3), Ok(61));
    assert_eq!(table_total(0, 0), Err(BacklashError::BadD100(0)));
    assert_eq!(table_total(101, 0), Err(BacklashError::BadD100(101)));
    assert_eq!(table_total(50, 6), Err(BacklashError::BadRank(6)));
}

#[test]
// Covers CR-ERR-01.
fn cr_err_01_overlap_62_is_hands_become_feet_by_default() {
    assert_eq!(row_at(62).id, 31);
    assert_eq!(row_at(63).id, 32);
    assert_eq!(row_at(64).id, 32);
    match lookup(62, OverlapRule::RefereePicks).unwrap() {
        Lookup::RefereePicks(rows) => {
            assert_eq!(rows.iter().map(|r| r.id).collect::<Vec<_>>(), vec![31, 32])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        lookup(61, OverlapRule::RefereePicks),
        Ok(Lookup::Row(row_by_id(31).unwrap()))
    );
    assert_eq!(
        lookup(63, OverlapRule::RefereePicks),
        Ok(Lookup::Row(row_by_id(32).unwrap()))
    );
}

#[test]
fn cr_bl_01_donkey_head() {
    let r = check(1, 1, 2);
    assert!(has(r, E::CannotSpeak) && r.narrative);
    assert_eq!(r.duration, D::UsageDice(1));
}

#[test]
fn cr_bl_02_dancing() {
    let r = check(2, 3, 4);
    assert!(has(r, E::Speed(-2)) && has(r, E::Bane(BaneScope::ClimbHideSneakSwim)));
    assert_eq!(r.duration, D::UsageDice(1));
}

#[test]
fn cr_bl_03_accordion() {
    let r = check(3, 5, 6);
    assert!(has(r, E::StealthAutoFails));
    assert_eq!(r.duration, D::EndOfDungeonTurn);
}

#[test]
// Covers CR-BL-04.
fn cr_bl_04_thunder_speech_stacks_1d6() {
    let r = check(4, 7, 8);
    assert_eq!(r.stacking, Stacking::ExtraD6(1));
    assert!(
        matches!(r.effects[0], E::Triggered { trigger: Trigger::Speaking { d10_face: 10 }, then } if then == [E::Damage { to: Affected::Within(3), d6: 1, piercing: false }])
    );
    assert_eq!(damage_dice(r, 1), 1);
    assert_eq!(damage_dice(r, 3), 3);
    let active = [ActiveBacklash::start(r)];
    assert!(matches!(
        resolve(r, &active, GROUND),
        Resolution::Apply { stacks: 2, .. }
    ));
}

#[test]
fn cr_bl_05_irritable_stacks() {
    let r = check(5, 9, 10);
    assert!(
        matches!(r.effects[0], E::Triggered { trigger: Trigger::EndOfTurnWithoutHarmingOthers, then } if then == [E::Damage { to: Affected::Caster, d6: 1, piercing: true }])
    );
    assert_eq!(damage_dice(r, 2), 2);
    assert_eq!(r.duration, D::EndOfDungeonTurn);
}

#[test]
fn cr_bl_06_chilled_slows_more_on_repeat() {
    let r = check(6, 11, 12);
    assert_eq!(speed_change(r, 1), -1);
    assert_eq!(speed_change(r, 2), -2);
    assert!(matches!(
        r.effects[1],
        E::Triggered {
            trigger: Trigger::TurnStartWetOrUnderwater,
            ..
        }
    ));
}

#[test]
fn cr_bl_07_weakened() {
    let r = check(7, 13, 14);
    assert!(has(
        r,
        E::Condition {
            to: Affected::Caster,
            kind: ConditionKind::Weakened
        }
    ));
    // A condition keeps its own duration: rolling it again is no "roll another".
    let active = [ActiveBacklash::start(r)];
    assert!(matches!(
        resolve(r, &active, GROUND),
        Resolution::Apply { .. }
    ));
}

#[test]
fn cr_bl_08_next_damage_doubled() {
    let r = check(8, 15, 16);
    assert!(has(
        r,
        E::DamageTakenMultiplier {
            factor: 2,
            next_only: true,
            non_piercing_only: false
        }
    ));
    assert_eq!(r.duration, D::EndOfDungeonTurn);
}

#[test]
fn cr_bl_09_vulnerable() {
    let r = check(9, 17, 18);
    assert!(has(
        r,
        E::Condition {
            to: Affected::Caster,
            kind: ConditionKind::Vulnerable
        }
    ));
}

#[test]
fn cr_bl_10_numb_hand() {
    let r = check(10, 19, 20);
    assert!(has(r, E::DropOneHandSlot) && r.referee.contains(&RefereeCall::PickHandSlot));
    assert_eq!(r.duration, D::EndOfDungeonTurn);
}

#[test]
fn cr_bl_11_rations() {
    assert!(has(check(11, 21, 22), E::DestroyNearestRations { d6: 1 }));
}

#[test]
fn cr_bl_12_thunderclap() {
    let r = check(12, 23, 24);
    assert!(
        has(r, E::Noise { heard_within: 100 })
            && r.referee.contains(&RefereeCall::MayPlaceEncounter)
    );
}

#[test]
fn cr_bl_13_gust() {
    let r = check(13, 25, 26);
    assert!(
        has(
            r,
            E::Push {
                to: Affected::Within(10),
                d6: 1
            }
        ) && r.referee.contains(&RefereeCall::RandomDirection)
    );
}

#[test]
fn cr_bl_14_self_damage() {
    assert!(has(
        check(14, 27, 28),
        E::Damage {
            to: Affected::Caster,
            d6: 1,
            piercing: false
        }
    ));
}

#[test]
fn cr_bl_15_short_teleport() {
    let r = check(15, 29, 30);
    assert!(
        has(r, E::Teleport { d6: 1, up_to: 0 })
            && r.referee.contains(&RefereeCall::TeleportDirection)
    );
}

#[test]
fn cr_bl_16_goat() {
    let r = check(16, 31, 32);
    assert!(has(r, E::CardDraw(ItemFate::Goat)));
    assert_eq!(r.duration, D::UntilCondition(EndCondition::GoatDies));
}

#[test]
fn cr_bl_17_item_to_creature() {
    let r = check(17, 33, 34);
    assert!(
        has(r, E::CardDraw(ItemFate::ToCreatureWithin(20)))
            && r.referee.contains(&RefereeCall::RandomRecipient)
    );
}

#[test]
fn cr_bl_18_feather_duster() {
    let r = check(18, 35, 36);
    assert!(has(r, E::CardDraw(ItemFate::FeatherDuster)));
    assert_eq!(r.duration, D::EndOfDungeonTurn);
}

#[test]
// Covers CR-BL-19.
fn cr_bl_19_goo_stacks_minus_2() {
    let r = check(19, 37, 38);
    assert_eq!(speed_change(r, 1), -2);
    assert_eq!(speed_change(r, 3), -6);
}

#[test]
fn cr_bl_20_gas_bane_all() {
    let r = check(20, 39, 40);
    assert!(has(r, E::Bane(BaneScope::AllTests)));
    assert_eq!(r.duration, D::UsageDice(1));
}

#[test]
// Covers CR-BL-21, CR-SPELL-17.
fn cr_bl_21_fears_and_cr_spell_17_object_target_substitution() {
    let r = check(21, 41, 42);
    assert!(has(
        r,
        E::Damage {
            to: Affected::AlliesNearTarget(10),
            d6: 1,
            piercing: true
        }
    ));
    let on_object = CasterSituation {
        touching_ground: true,
        spell_target: SpellTargetKind::Object,
    };
    assert!(matches!(
        resolve(r, &[], on_object),
        Resolution::Apply {
            caster_is_target: true,
            ..
        }
    ));
    assert!(matches!(
        resolve(r, &[], GROUND),
        Resolution::Apply {
            caster_is_target: false,
            ..
        }
    ));
}

#[test]
fn cr_bl_22_rhymes() {
    let r = check(22, 43, 44);
    assert!(matches!(
        r.effects[0],
        E::Triggered {
            trigger: Trigger::FailedRhyme,
            ..
        }
    ));
    assert_eq!(r.duration, D::UsageDice(1));
}

#[test]
// Covers CR-BL-23, CR-ERR-67.
fn cr_bl_23_blood_creatures_cr_err_67_translation_order() {
    let r = check(23, 45, 46);
    assert!(has(
        r,
        E::SummonHostile {
            d6: 1,
            creature: "blood creature A",
            within: 5
        }
    ));
    assert!(matches!(
        check(29, 57, 58).effects[0],
        E::DamageTakenMultiplier { .. }
    ));
}

#[test]
fn cr_bl_24_glow() {
    let r = check(24, 47, 48);
    assert!(has(r, E::CannotHide) && has(r, E::AttacksAgainstBonus(2)));
    assert_eq!(r.duration, D::UsageDice(1));
}

#[test]
fn cr_bl_25_fire() {
    assert!(has(
        check(25, 49, 50),
        E::Damage {
            to: Affected::CasterAndWithin(2),
            d6: 1,
            piercing: false
        }
    ));
}

#[test]
// Covers CR-BL-26, CR-ERR-02.
fn cr_bl_26_bees_strength_rr_cr_err_02() {
    let r = check(26, 51, 52);
    match r.effects[0] {
        E::ResistanceRoll {
            to,
            characteristic,
            tier1,
            tier2,
            tier3,
        } => {
            assert_eq!(to, Affected::CasterAndWithin(3));
            assert_eq!(characteristic, Characteristic::Strength);
            assert!(tier1.contains(&E::FixedDamage {
                to: Affected::Roller,
                amount: 6
            }));
            assert!(tier1.contains(&E::Condition {
                to: Affected::Roller,
                kind: ConditionKind::Weakened
            }));
            assert_eq!(
                tier2,
                [E::FixedDamage {
                    to: Affected::Roller,
                    amount: 3
                }]
            );
            assert!(tier3.is_empty());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cr_bl_27_tentacles() {
    let r = check(27, 53, 54);
    assert!(
        has(r, E::SpecialWounds(3))
            && has(
                r,
                E::Damage {
                    to: Affected::CasterAndWithin(3),
                    d6: 1,
                    piercing: false
                }
            )
    );
    assert_eq!(
        r.duration,
        D::UntilCondition(EndCondition::SpecialWoundsRemoved)
    );
}

#[test]
fn cr_bl_28_falling_earth() {
    match check(28, 55, 56).effects[0] {
        E::ResistanceRoll {
            characteristic,
            tier1,
            tier2,
            ..
        } => {
            assert_eq!(characteristic, Characteristic::Agility);
            assert!(tier1.contains(&E::Condition {
                to: Affected::Roller,
                kind: ConditionKind::Prone
            }));
            assert_eq!(
                tier2,
                [E::FixedDamage {
                    to: Affected::Roller,
                    amount: 3
                }]
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cr_bl_29_porcelain() {
    let r = check(29, 57, 58);
    assert!(has(
        r,
        E::DamageTakenMultiplier {
            factor: 2,
            next_only: false,
            non_piercing_only: true
        }
    ));
    assert_eq!(r.duration, D::UsageDice(1));
}

#[test]
fn cr_bl_30_overwhelmed() {
    let r = check(30, 59, 60);
    assert!(
        has(
            r,
            E::Condition {
                to: Affected::Caster,
                kind: ConditionKind::Prone
            }
        ) && has(r, E::CannotStand)
    );
}

#[test]
// Covers CR-BL-31, CR-ERR-68.
fn cr_bl_31_hands_feet_cr_err_68() {
    let r = check(31, 61, 62);
    assert!(has(r, E::Speed(2)) && has(r, E::HandsUnusable));
    assert_eq!(r.duration, D::EndOfDungeonTurn);
}

#[test]
fn cr_bl_32_quicksand_off_ground_rolls_another() {
    let r = check(32, 63, 64);
    let air = CasterSituation {
        touching_ground: false,
        spell_target: SpellTargetKind::Creature,
    };
    assert_eq!(
        resolve(r, &[], air),
        Resolution::RollAnother {
            row: r,
            reason: RerollReason::NotTouchingGround
        }
    );
    assert!(matches!(resolve(r, &[], GROUND), Resolution::Apply { .. }));
    match r.effects[0] {
        E::ResistanceRoll {
            characteristic,
            tier1,
            tier2,
            tier3,
            ..
        } => {
            assert_eq!(characteristic, Characteristic::Agility);
            assert!(tier1.contains(&E::Condition {
                to: Affected::Roller,
                kind: ConditionKind::Grabbed
            }));
            assert_eq!(tier2, [E::GrabbedUntilNextTurnEnd]);
            assert_eq!(tier3, [E::MayMove(2)]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cr_bl_33_spy_portal() {
    let r = check(33, 65, 66);
    assert!(
        has(r, E::ViewingPortal)
            && r.narrative
            && r.referee.contains(&RefereeCall::ChooseFoeOrRival)
    );
}

#[test]
fn cr_bl_34_long_teleport() {
    assert!(has(check(34, 67, 68), E::Teleport { d6: 0, up_to: 50 }));
}

#[test]
fn cr_bl_35_buried() {
    let r = check(35, 69, 70);
    assert!(
        has(
            r,
            E::Condition {
                to: Affected::Caster,
                kind: ConditionKind::Grabbed
            }
        ) && has(r, E::FreedByAnothersAction)
    );
    assert_eq!(r.duration, D::UntilCondition(EndCondition::Freed));
}

#[test]
fn cr_bl_36_misdirected_spell() {
    let r = check(36, 71, 72);
    assert!(
        has(r, E::MisdirectedSpell) && r.referee.contains(&RefereeCall::BeneficialOrHarmfulAndTier)
    );
}

#[test]
fn cr_bl_37_slugs() {
    let r = check(37, 73, 74);
    assert!(matches!(
        r.effects[0],
        E::Triggered {
            trigger: Trigger::CombatTurnStartOddDie,
            ..
        }
    ));
    assert_eq!(r.duration, D::UsageDice(1));
}

#[test]
fn cr_bl_38_treasure_melts() {
    assert!(has(
        check(38, 75, 76),
        E::MeltTreasure { coins_per_pip: 100 }
    ));
}

#[test]
fn cr_bl_39_frog() {
    let r = check(39, 77, 78);
    assert!(has(r, E::Frog));
    assert_eq!(r.duration, D::UsageDice(1));
}

#[test]
fn cr_bl_40_item_to_dungeon() {
    assert!(has(check(40, 79, 80), E::CardDraw(ItemFate::ToDungeon)));
}

#[test]
fn cr_bl_41_sealed_until_rest() {
    let r = check(41, 81, 82);
    assert!(has(r, E::CannotSpeak) && has(r, E::CannotHear));
    assert!(ActiveBacklash::start(r).ends_at_rest());
}

#[test]
// Covers CR-BL-42.
fn cr_bl_42_light_sensitive_2ud() {
    let r = check(42, 83, 84);
    assert!(has(r, E::BrightLightIsDarkness));
    assert_eq!(r.duration, D::UsageDice(2));
}

#[test]
fn cr_bl_43_insects() {
    let r = check(43, 85, 86);
    assert!(has(r, E::RestBlockedUntilFed { pounds: 1000 }));
    assert_eq!(r.duration, D::UntilCondition(EndCondition::InsectsFed));
}

#[test]
fn cr_bl_44_strength_loss_cumulative() {
    let r = check(44, 87, 88);
    assert!(has(r, E::CharacteristicLoss(Characteristic::Strength)));
    let active = [ActiveBacklash {
        id: 44,
        stacks: 2,
        usage_dice: None,
    }];
    assert!(matches!(
        resolve(r, &active, GROUND),
        Resolution::Apply { stacks: 3, .. }
    ));
    assert_eq!(after_losses(2, 3), -1);
}

#[test]
fn cr_bl_45_agility_loss() {
    assert!(has(
        check(45, 89, 90),
        E::CharacteristicLoss(Characteristic::Agility)
    ));
}

#[test]
// Covers CR-BL-46, CR-ERR-44.
fn cr_bl_46_mind_loss_clamped_cr_err_44() {
    let r = check(46, 91, 92);
    assert!(has(r, E::CharacteristicLoss(Characteristic::Mind)));
    assert_eq!(after_losses(-4, 3), -5);
    assert!(ActiveBacklash::start(r).ends_at_rest());
}

#[test]
fn cr_bl_47_wounds() {
    assert!(has(check(47, 93, 94), E::Wounds { d6: 1 }));
}

#[test]
fn cr_bl_48_lightning() {
    assert!(has(
        check(48, 95, 96),
        E::Damage {
            to: Affected::CasterAndWithin(5),
            d6: 3,
            piercing: false
        }
    ));
}

#[test]
fn cr_bl_49_allergy() {
    let r = check(49, 97, 98);
    assert!(
        matches!(r.effects[0], E::Triggered { trigger: Trigger::MagicUsedWithin(10), then } if then == [E::Damage { to: Affected::Caster, d6: 1, piercing: true }])
    );
    assert_eq!(r.duration, D::UsageDice(2));
}

#[test]
fn cr_bl_50_tier_penalty() {
    let r = check(50, 99, 100);
    assert!(has(r, E::CastingTierPenalty));
    assert_eq!(r.duration, D::UsageDice(2));
}

#[test]
fn cr_bl_51_antlers() {
    let r = check(51, 101, 101);
    assert!(has(r, E::HeadgearBlocked));
    assert_eq!(r.duration, D::Permanent);
}

#[test]
fn cr_bl_52_expertise_swap() {
    let r = check(52, 102, 102);
    assert!(has(r, E::SwapExpertise) && r.referee.contains(&RefereeCall::RandomExpertises));
}

#[test]
fn cr_bl_53_weapon_hand() {
    let r = check(53, 103, 103);
    assert!(has(r, E::HandBecomesWeapon));
    assert_eq!(r.duration, D::Permanent);
}

#[test]
// Covers CR-BL-54.
fn cr_bl_54_stamina_zero_2d6_wounds() {
    let r = check(54, 104, 104);
    assert!(has(r, E::StaminaToZero) && has(r, E::Wounds { d6: 2 }));
}

#[test]
fn cr_bl_55_hell() {
    let r = check(55, 105, 105);
    assert!(has(r, E::LostForever));
    assert_eq!(r.duration, D::Permanent);
}

#[test]
fn cr_bl_56_durations_match_the_derived_list() {
    let by = |ids: &[u8], d: D| {
        for id in ids {
            assert_eq!(row_by_id(*id).unwrap().duration, d, "CR-BL-{id:02}");
        }
    };
    by(&[3, 4, 5, 6, 8, 10, 18, 19, 31, 33], D::EndOfDungeonTurn);
    by(&[1, 2, 20, 22, 24, 29, 30, 37, 39], D::UsageDice(1));
    by(&[42, 49, 50], D::UsageDice(2));
    by(&[41, 44, 45, 46], D::UntilRest);
    by(&[51, 52, 53, 55], D::Permanent);
    let conds = [16, 27, 35, 43];
    for id in conds {
        assert!(matches!(
            row_by_id(id).unwrap().duration,
            D::UntilCondition(_)
        ));
    }
    // Quicksand lasts until the end of the DT (CR-ERR-69); every other row is instant.
    by(&[32], D::EndOfDungeonTurn);
    let listed: Vec<u8> = [
        3, 4, 5, 6, 8, 10, 18, 19, 31, 33, 1, 2, 20, 22, 24, 29, 30, 37, 39, 42, 49, 50, 41, 44,
        45, 46, 51, 52, 53, 55, 16, 27, 35, 43, 32,
    ]
    .to_vec();
    for r in &TABLE {
        if !listed.contains(&r.id) {
            assert_eq!(r.duration, D::Instant, "CR-BL-{:02}", r.id);
        }
    }
}

#[test]
fn cr_spell_18_same_backlash_again_rolls_another_unless_it_stacks() {
    let glow = row_by_id(24).unwrap();
    let active = [ActiveBacklash::start(glow)];
    assert_eq!(
        resolve(glow, &active, GROUND),
        Resolution::RollAnother {
            row: glow,
            reason: RerollReason::AlreadyActive
        }
    );
    for id in [4, 5, 6, 19, 44, 45, 46] {
        let r = row_by_id(id).unwrap();
        let active = [ActiveBacklash::start(r)];
        assert!(
            matches!(
                resolve(r, &active, GROUND),
                Resolution::Apply { stacks: 2, .. }
            ),
            "CR-BL-{id:02} stacks"
        );
    }
    // Not active → applies once.
    assert!(matches!(
        resolve(glow, &[], GROUND),
        Resolution::Apply { stacks: 1, .. }
    ));
}

#[test]
fn cr_spell_19_backlash_usage_dice_roll_at_end_of_each_turn() {
    let r = row_by_id(42).unwrap();
    let mut a = ActiveBacklash::start(r);
    assert_eq!(a.usage_dice, Some(2));
    assert_eq!(a.end_of_dungeon_turn(&[1, 5]), Ok(false));
    assert_eq!(a.usage_dice, Some(1));
    assert!(
        a.end_of_dungeon_turn(&[3, 4]).is_err(),
        "one face per remaining die"
    );
    assert_eq!(a.end_of_dungeon_turn(&[2]), Ok(true));
    let mut dt = ActiveBacklash::start(row_by_id(19).unwrap());
    assert_eq!(dt.end_of_dungeon_turn(&[]), Ok(true));
    let mut rest = ActiveBacklash::start(row_by_id(44).unwrap());
    assert_eq!(rest.end_of_dungeon_turn(&[]), Ok(false));
}

#[test]
fn cr_bl_39_frog_form_numbers() {
    use crows::backlash::FROG;
    use crows::creature::Size;
    assert_eq!(FROG.size, Size::Tiny);
    assert_eq!((FROG.max_stamina, FROG.slots, FROG.jump_bonus), (1, 0, 2));
    assert_eq!(
        (
            FROG.keeps_expertises,
            FROG.climb_swim_as_walk,
            FROG.drops_all_items
        ),
        (false, true, true)
    );
}

#[test]
fn cr_bl_27_tentacles_cut_one_wound_per_action() {
    use crows::backlash::Tentacles;
    let mut t = Tentacles::new();
    assert!(!t.cut(false), "no blade, nothing cut");
    assert!(!t.cut(true));
    assert!(!t.cut(true));
    assert_eq!(t.special_wounds, 1);
    assert!(t.cut(true));
}

#[test]
// Covers CR-ERR-70.
fn cr_err_70_misdirected_spell_default_tier_2() {
    assert_eq!(
        crows::backlash::MISDIRECTED_DEFAULT_TIER,
        crows::test_roll::Tier::Two
    );
}

#[test]
fn cr_spell_16_full_backlash_procedure() {
    use crows::backlash::{BacklashStep, roll_backlash};
    // d100 58 + rank 4 = 62 → hands become feet by default.
    match roll_backlash(58, 4, OverlapRule::PairedRows, &[], GROUND).unwrap() {
        BacklashStep::Resolved(Resolution::Apply { row, .. }) => assert_eq!(row.id, 31),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        roll_backlash(58, 4, OverlapRule::RefereePicks, &[], GROUND),
        Ok(BacklashStep::RefereePicks(_))
    ));
    // d100 100 + rank 5 = 105: Hell.
    match roll_backlash(100, 5, OverlapRule::PairedRows, &[], GROUND).unwrap() {
        BacklashStep::Resolved(Resolution::Apply { row, .. }) => assert_eq!(row.id, 55),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        roll_backlash(100, 6, OverlapRule::PairedRows, &[], GROUND),
        Err(BacklashError::BadRank(6))
    );
}

/// A characteristic after `losses` backlash losses, as the table applies each one
/// (`Characteristics::adjust_clamped`, clamped to −5…5, CR-ERR-44).
fn after_losses(base: i8, losses: i8) -> i8 {
    let mut c = crows::creature::Characteristics::new(base, 0, 0).unwrap();
    let mut v = base;
    for _ in 0..losses {
        v = c.adjust_clamped(Characteristic::Agility, -1);
    }
    v
}

#[test]
fn cr_bl_27_a_tentacle_is_cut_only_from_its_row_and_only_with_a_blade() {
    use crows::backlash::{TENTACLES_ROW, may_cut_tentacle};
    assert_eq!(
        may_cut_tentacle("vera", &[3], true),
        Err(BacklashError::NoTentacles {
            caster: "vera".into()
        })
    );
    assert_eq!(
        may_cut_tentacle("vera", &[TENTACLES_ROW], false),
        Err(BacklashError::NotBladed)
    );
    assert_eq!(may_cut_tentacle("vera", &[3, TENTACLES_ROW], true), Ok(()));
}

#[test]
fn cr_bl_31_feet_hold_no_spellbook() {
    use crows::backlash::{FEET_ROW, may_hold_spellbook};
    assert!(may_hold_spellbook("vera", &[FEET_ROW]).is_err());
    assert_eq!(may_hold_spellbook("vera", &[27]), Ok(()));
}

#[test]
fn cr_bl_56_the_referee_ends_only_a_running_row_bound_to_a_condition() {
    use crows::backlash::may_end_by_condition;
    let bound = TABLE
        .iter()
        .find(|r| matches!(r.duration, D::UntilCondition(_)))
        .expect("a row ends by a condition");
    let timed = TABLE
        .iter()
        .find(|r| !matches!(r.duration, D::UntilCondition(_)))
        .expect("a row ends by its duration");
    assert!(matches!(
        may_end_by_condition("vera", bound, &[]),
        Err(BacklashError::NotUnder { ref rule, .. }) if *rule == bound.rule()
    ));
    assert_eq!(may_end_by_condition("vera", bound, &[bound.id]), Ok(()));
    assert_eq!(
        may_end_by_condition("vera", timed, &[timed.id]),
        Err(BacklashError::EndsByDuration {
            low: timed.low,
            high: timed.high
        })
    );
}

#[test]
fn cr_bl_17_the_card_goes_to_the_first_creature_written() {
    use crows::backlash::recipient;
    assert_eq!(recipient(&[]), Err(BacklashError::NoRecipient));
    assert_eq!(recipient(&["bob".into(), "kate".into()]), Ok("bob"));
}
