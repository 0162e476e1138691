//! CR-CHECK, CR-CRIT, CR-RETRY: test resolution, tiers, crits and dooms, the audit record.

use crate::common::pure::{resolve, src};

use crows::edges::NetEdge;
use crows::test_roll::decision::{DecisionAnswer, DecisionKind, certain_death_prompt};
use crows::test_roll::retry::{RetryLedger, RetryStatus};
use crows::test_roll::{
    self, Characteristic, Modifier, ModifierEffect, Natural, RefereeOption, ShiftCause, TestError,
    TestKind, TestRules, TestSpec, Tier, TierTable,
};

#[test]
fn cr_check_04_total_is_dice_plus_characteristic_plus_bonuses_plus_edge() {
    let spec = TestSpec::new(Characteristic::Strength, 2)
        .with_modifier(Modifier::bonus(src("tools"), 3))
        .with_modifier(Modifier::bonus(src("wet"), -1))
        .with_modifier(Modifier::edge(src("ledge")));
    let r = resolve(&spec, [4, 3]);
    assert_eq!(r.rolled.natural, 7);
    assert_eq!(r.rolled.bonus_total, 2);
    assert_eq!(r.rolled.edge_modifier, 2);
    assert_eq!(r.rolled.total, 7 + 2 + 2 + 2);
    assert_eq!(r.final_tier, Tier::Two);
}

#[test]
fn cr_check_04_characteristic_range_is_enforced() {
    for v in [-6i8, 6, 100] {
        let e = test_roll::roll_test(
            &TestSpec::new(Characteristic::Mind, v),
            [5, 5],
            TestRules::standard(),
        );
        assert_eq!(e, Err(TestError::CharacteristicOutOfRange(v)));
    }
    for v in -5..=5 {
        assert!(
            test_roll::roll_test(
                &TestSpec::new(Characteristic::Mind, v),
                [5, 5],
                TestRules::standard()
            )
            .is_ok()
        );
    }
    for bad in [[0, 5], [5, 11]] {
        assert!(matches!(
            test_roll::roll_test(
                &TestSpec::new(Characteristic::Mind, 0),
                bad,
                TestRules::standard()
            ),
            Err(TestError::FaceOutOfRange(_))
        ));
    }
}

#[test]
fn cr_check_05_roller_chooses_among_offered_characteristics() {
    let offered = [Characteristic::Agility, Characteristic::Strength];
    assert_eq!(
        test_roll::choose_characteristic(&offered, Characteristic::Strength),
        Ok(Characteristic::Strength)
    );
    assert_eq!(
        test_roll::choose_characteristic(&offered, Characteristic::Mind),
        Err(TestError::CharacteristicNotOffered {
            chosen: Characteristic::Mind,
            offered: offered.to_vec()
        })
    );
}

#[test]
fn cr_check_06_tier_bands_every_row() {
    // The checklist's examples, then every total from −10 to 40.
    for (total, tier) in [(11, 1), (12, 2), (16, 2), (17, 3), (-3, 1), (25, 3)] {
        assert_eq!(Tier::from_total(total).number(), tier, "total {total}");
    }
    for total in -10..=40 {
        let want = if total <= 11 {
            1
        } else if total <= 16 {
            2
        } else {
            3
        };
        assert_eq!(Tier::from_total(total).number(), want);
    }
    // Through a real test: natural 9 + Agility 2 = 11 → tier 1; + 3 = 12 → tier 2.
    assert_eq!(
        resolve(&TestSpec::new(Characteristic::Agility, 2), [4, 5]).final_tier,
        Tier::One
    );
    assert_eq!(
        resolve(&TestSpec::new(Characteristic::Agility, 3), [4, 5]).final_tier,
        Tier::Two
    );
    assert_eq!(
        resolve(&TestSpec::new(Characteristic::Agility, 3), [9, 5]).final_tier,
        Tier::Three
    );
}

#[test]
// Covers CR-CHECK-07.
fn cr_check_07_tier_1_asks_the_referee_about_a_setback() {
    let r = resolve(&TestSpec::new(Characteristic::Mind, 0), [3, 4]);
    assert_eq!(r.final_tier, Tier::One);
    let d = r.decisions();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].kind, DecisionKind::Tier1Setback);
    assert_eq!(d[0].rule, "CR-REF-04");
    assert_eq!(
        d[0].options,
        vec![RefereeOption::NoSetback, RefereeOption::Setback]
    );
}

#[test]
// Covers CR-CHECK-08.
fn cr_check_08_tier_2_asks_partial_or_success_at_cost() {
    let r = resolve(&TestSpec::new(Characteristic::Mind, 0), [6, 7]);
    assert_eq!(r.final_tier, Tier::Two);
    let d = r.decisions();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].kind, DecisionKind::Tier2Outcome);
    assert_eq!(d[0].rule, "CR-REF-05");
    assert_eq!(
        d[0].options,
        vec![RefereeOption::PartialSuccess, RefereeOption::SuccessAtCost]
    );
    let ok = d[0].answer(DecisionAnswer {
        option: RefereeOption::SuccessAtCost,
        note: Some("drops the knife from the belt".into()),
    });
    assert!(ok.is_ok());
    assert!(
        d[0].answer(DecisionAnswer {
            option: RefereeOption::Setback,
            note: None
        })
        .is_err()
    );
}

#[test]
// Covers CR-CHECK-09.
fn cr_check_09_tier_3_needs_no_decision() {
    let r = resolve(&TestSpec::new(Characteristic::Mind, 1), [8, 8]);
    assert_eq!(r.final_tier, Tier::Three);
    assert!(!r.crit);
    assert!(r.decisions().is_empty());
}

#[test]
fn cr_check_03_certain_death_prompt_goes_to_the_player() {
    let p = certain_death_prompt();
    assert_eq!(p.kind, DecisionKind::CertainDeath);
    assert_eq!(p.decider, test_roll::decision::Decider::Player);
    assert_eq!(
        p.options,
        vec![RefereeOption::ProceedAnyway, RefereeOption::Abandon]
    );
}

#[test]
fn cr_check_10_audit_record_has_every_part() {
    let spec = TestSpec::new(Characteristic::Agility, 1)
        .with_modifier(Modifier::edge(src("high_ground")))
        .with_modifier(Modifier::edge(src("flanking")))
        .with_modifier(Modifier::bonus(src("surprised"), 1));
    let rolled = test_roll::roll_test(&spec, [5, 4], TestRules::standard()).unwrap();
    let r = rolled.commit(Some(crows::expertise::ExpertiseName::Slashing));
    // Base: 9 + 1 + 1 = 11 → tier 1; double edge → 2; expertise → 3.
    let r = r.unwrap();
    assert_eq!(r.rolled.faces, [5, 4]);
    assert_eq!(r.rolled.natural, 9);
    assert_eq!(r.rolled.spec.characteristic, Characteristic::Agility);
    assert_eq!(r.rolled.spec.characteristic_value, 1);
    assert_eq!(r.rolled.spec.modifiers.len(), 3);
    assert_eq!((r.rolled.edges, r.rolled.banes), (2, 0));
    assert_eq!(r.rolled.net, NetEdge::DoubleEdge);
    assert_eq!(r.rolled.edge_modifier, 0);
    assert_eq!(r.rolled.total, 11);
    assert_eq!(r.rolled.base_tier, Tier::One);
    assert_eq!(r.steps.len(), 2);
    assert_eq!(r.steps[0].cause, ShiftCause::DoubleEdge);
    assert_eq!((r.steps[0].from, r.steps[0].to), (Tier::One, Tier::Two));
    assert!(matches!(r.steps[1].cause, ShiftCause::Expertise { .. }));
    assert_eq!((r.steps[1].from, r.steps[1].to), (Tier::Two, Tier::Three));
    assert_eq!(r.expertise, Some(crows::expertise::ExpertiseName::Slashing));
    assert_eq!(r.final_tier, Tier::Three);
    assert!(!r.crit && !r.doom);
    // The record survives a JSON round trip (it goes into the event log).
    let json = serde_json::to_string(&r).unwrap();
    let back: test_roll::ResolvedTest = serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);
    assert!(json.contains("\"faces\":[5,4]"));
    assert!(json.contains("\"final_tier\":3"));
}

#[test]
fn cr_check_11_tier_table_has_one_outcome_per_tier() {
    let t = TierTable {
        tier_1: "miss",
        tier_2: "2 damage",
        tier_3: "5 damage",
    };
    assert_eq!(*t.get(Tier::One), "miss");
    assert_eq!(*t.get(Tier::Two), "2 damage");
    assert_eq!(*t.get(Tier::Three), "5 damage");
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(
        json,
        r#"{"tier_1":"miss","tier_2":"2 damage","tier_3":"5 damage"}"#
    );
}

#[test]
// Covers CR-CRIT-01.
fn cr_crit_01_natural_19_or_20_is_tier_3_whatever_the_penalties() {
    for faces in [[9, 10], [10, 9], [10, 10]] {
        let spec = TestSpec::new(Characteristic::Strength, -5)
            .with_modifier(Modifier::bonus(src("curse"), -10))
            .with_modifier(Modifier::new(src("darkness"), ModifierEffect::DoubleBane));
        let r = resolve(&spec, faces);
        assert!(r.crit, "{faces:?}");
        assert_eq!(r.final_tier, Tier::Three);
        assert_eq!(r.steps.last().unwrap().cause, ShiftCause::Crit);
    }
    // 18 is not a crit.
    assert!(!resolve(&TestSpec::new(Characteristic::Strength, 0), [9, 9]).crit);
}

#[test]
// Covers CR-CRIT-02.
fn cr_crit_02_natural_2_or_3_is_tier_1_whatever_the_bonuses() {
    for faces in [[1, 1], [1, 2], [2, 1]] {
        let spec = TestSpec::new(Characteristic::Mind, 5)
            .with_modifier(Modifier::bonus(src("blessing"), 20))
            .with_modifier(Modifier::new(src("miasma"), ModifierEffect::DoubleEdge));
        let rolled = test_roll::roll_test(&spec, faces, TestRules::standard()).unwrap();
        assert_eq!(rolled.natural_kind, Natural::Doom);
        assert!(!rolled.expertise_would_help());
        assert_eq!(
            rolled
                .clone()
                .commit(Some(crows::expertise::ExpertiseName::Search)),
            Err(TestError::ExpertiseOnDoom)
        );
        let r = rolled.commit(None).unwrap();
        assert!(r.doom);
        assert_eq!(r.final_tier, Tier::One);
    }
    assert!(!resolve(&TestSpec::new(Characteristic::Mind, 0), [2, 2]).doom);
}

#[test]
fn cr_crit_03_referee_decides_crit_and_doom_unless_a_rule_does() {
    let crit = resolve(&TestSpec::new(Characteristic::Mind, 0), [10, 10]);
    let d = crit.decisions();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].kind, DecisionKind::CritBenefit);
    assert_eq!(d[0].rule, "CR-REF-06");
    let doom = resolve(&TestSpec::new(Characteristic::Mind, 0), [1, 1]);
    let d = doom.decisions();
    assert_eq!(d.len(), 1, "the doom setback replaces the tier-1 question");
    assert_eq!(d[0].kind, DecisionKind::DoomSetback);
    // A rule (e.g. an attack) that defines its crit and doom: nothing to ask on a crit.
    let mut spec = TestSpec::new(Characteristic::Strength, 0).with_kind(TestKind::Attack {
        range: test_roll::AttackRange::Melee,
        weapon: None,
    });
    spec.crit_defined_by_rule = true;
    spec.doom_defined_by_rule = true;
    assert!(resolve(&spec, [10, 9]).decisions().is_empty());
    assert!(resolve(&spec, [1, 2]).decisions().is_empty());
}

#[test]
fn cr_crit_04_crit_and_doom_come_from_the_natural_sum_only() {
    for a in 1..=10u8 {
        for b in 1..=10u8 {
            let n = a + b;
            let want = match n {
                19 | 20 => Natural::Crit,
                2 | 3 => Natural::Doom,
                _ => Natural::Plain,
            };
            assert_eq!(Natural::of_sum(n), want);
        }
    }
    // A total of 25 from natural 18 is not a crit; a total of 1 from natural 6 is not a doom.
    let hi = resolve(
        &TestSpec::new(Characteristic::Mind, 5).with_modifier(Modifier::bonus(src("x"), 2)),
        [9, 9],
    );
    assert_eq!(hi.rolled.total, 25);
    assert!(!hi.crit);
    let lo = resolve(&TestSpec::new(Characteristic::Mind, -5), [3, 3]);
    assert_eq!(lo.rolled.total, 1);
    assert!(!lo.doom);
    // Every kind of test.
    for kind in [
        TestKind::Ordinary,
        TestKind::Assist,
        TestKind::ResistanceRoll,
        TestKind::Attack {
            range: test_roll::AttackRange::Ranged,
            weapon: None,
        },
        TestKind::Casting {
            discipline: crows::expertise::Discipline::Elemental,
            attack: None,
        },
    ] {
        let spec = TestSpec::new(Characteristic::Mind, 0).with_kind(kind);
        assert!(resolve(&spec, [10, 10]).crit);
        assert!(resolve(&spec, [1, 1]).doom);
    }
}

#[test]
fn cr_retry_01_same_test_waits_for_changed_circumstances() {
    let mut ledger = RetryLedger::default();
    assert_eq!(
        ledger.status("anna", "lock-north-door"),
        RetryStatus::Allowed
    );
    ledger.record("anna", "lock-north-door", Tier::One);
    assert_eq!(
        ledger.status("anna", "lock-north-door"),
        RetryStatus::NeedsChangedCircumstances {
            previous: Tier::One,
            rule: "CR-RETRY-01".into()
        }
    );
    // Other actors and other tasks are unaffected.
    assert_eq!(
        ledger.status("boris", "lock-north-door"),
        RetryStatus::Allowed
    );
    assert_eq!(
        ledger.status("anna", "lock-south-door"),
        RetryStatus::Allowed
    );
    // The Referee marks the lock oiled.
    assert!(ledger.mark_changed("anna", "lock-north-door"));
    assert_eq!(
        ledger.status("anna", "lock-north-door"),
        RetryStatus::Allowed
    );
    ledger.record("anna", "lock-north-door", Tier::Two);
    assert!(matches!(
        ledger.status("anna", "lock-north-door"),
        RetryStatus::NeedsChangedCircumstances {
            previous: Tier::Two,
            ..
        }
    ));
    assert!(!ledger.mark_changed("anna", "never-tried"));
}

#[test]
fn cr_dice_01_roll_with_uses_the_callers_roller() {
    use rand::SeedableRng;
    let spec = TestSpec::new(Characteristic::Mind, 0);
    let mut a = crows::dice::DiceRng::seed_from_u64(9);
    let mut b = crows::dice::DiceRng::seed_from_u64(9);
    let ra = test_roll::roll_with(&spec, &mut a, TestRules::standard()).unwrap();
    let faces = crows::dice::roll_2d10(&mut b);
    assert_eq!(ra.faces, faces);
    assert_eq!(ra.natural, faces[0] + faces[1]);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn tier_of(stat: i8, bonus: i32, e: u32, b: u32, faces: [u8; 2]) -> test_roll::RolledTest {
        let mut s = TestSpec::new(Characteristic::Agility, stat)
            .with_modifier(Modifier::bonus(src("b"), bonus));
        for i in 0..e {
            s = s.with_modifier(Modifier::edge(src(&format!("e{i}"))));
        }
        for i in 0..b {
            s = s.with_modifier(Modifier::bane(src(&format!("b{i}"))));
        }
        test_roll::roll_test(&s, faces, TestRules::standard()).unwrap()
    }

    proptest! {
        #[test]
        // Covers CR-CRIT-01, CR-CRIT-02.
        fn cr_crit_01_02_crit_and_doom_override_everything(
            stat in -5i8..=5, bonus in -30i32..=30, e in 0u32..4, b in 0u32..4,
            f1 in 1u8..=10, f2 in 1u8..=10,
        ) {
            let r = tier_of(stat, bonus, e, b, [f1, f2]);
            let n = f1 + f2;
            let fin = r.final_tier_without_expertise();
            if n >= 19 { prop_assert_eq!(fin, Tier::Three); }
            if n <= 3 {
                prop_assert_eq!(fin, Tier::One);
                prop_assert_eq!(r.final_tier_with_expertise(), Tier::One);
            }
        }

        #[test]
        fn cr_bonus_01_more_bonus_never_lowers_the_tier(
            stat in -5i8..=5, bonus in -30i32..=30, extra in 0i32..10, e in 0u32..4, b in 0u32..4,
            f1 in 1u8..=10, f2 in 1u8..=10,
        ) {
            let lo = tier_of(stat, bonus, e, b, [f1, f2]).final_tier_without_expertise();
            let hi = tier_of(stat, bonus + extra, e, b, [f1, f2]).final_tier_without_expertise();
            prop_assert!(hi >= lo);
        }

        #[test]
        fn cr_exp_01_expertise_raises_at_most_one_tier(
            stat in -5i8..=5, bonus in -30i32..=30, e in 0u32..4, b in 0u32..4,
            f1 in 1u8..=10, f2 in 1u8..=10,
        ) {
            let r = tier_of(stat, bonus, e, b, [f1, f2]);
            let without = r.final_tier_without_expertise().number();
            let with = r.final_tier_with_expertise().number();
            prop_assert!(with == without || with == without + 1);
        }
    }
}
