use delve_dnd2024::core::{D20Test, D20TestKind, RollMode};
use delve_dnd2024::odds::d20_odds;
use num_rational::Ratio;
use proptest::prelude::*;

fn odds(
    kind: D20TestKind,
    bonus: i32,
    dc: i32,
    mode: RollMode,
    exh: u8,
    hi: bool,
) -> delve_dnd2024::odds::D20Odds {
    d20_odds(
        &D20Test {
            kind,
            bonus,
            target: dc,
            mode,
            exhaustion: exh,
        },
        hi,
    )
    .unwrap()
}

#[test]
fn dd_core_01_c_plain_check_exact() {
    let o = odds(D20TestKind::AbilityCheck, 5, 15, RollMode::Normal, 0, false);
    assert_eq!(o.success, Ratio::new(11, 20));
    assert_eq!(o.critical, Ratio::new(0, 1));
}

#[test]
fn dd_core_05_e_attack_nat20_and_nat1() {
    // Bonus 0 vs AC 25: only a natural 20 hits.
    let o = odds(D20TestKind::AttackRoll, 0, 25, RollMode::Normal, 0, false);
    assert_eq!(o.success, Ratio::new(1, 20));
    assert_eq!(o.critical, Ratio::new(1, 20));
    // Bonus 30 vs AC 5: a natural 1 still misses.
    let o = odds(D20TestKind::AttackRoll, 30, 5, RollMode::Normal, 0, false);
    assert_eq!(o.success, Ratio::new(19, 20));
    // A check with the same numbers has no automatic results.
    let o = odds(D20TestKind::AbilityCheck, 0, 25, RollMode::Normal, 0, false);
    assert_eq!(o.success, Ratio::new(0, 1));
}

#[test]
fn dd_core_06_a_advantage_exact() {
    // Need 11+: fail both 10/20 each → 1 − 1/4.
    let o = odds(
        D20TestKind::AbilityCheck,
        0,
        11,
        RollMode::Advantage,
        0,
        false,
    );
    assert_eq!(o.success, Ratio::new(3, 4));
    let o = odds(
        D20TestKind::AttackRoll,
        0,
        11,
        RollMode::Advantage,
        0,
        false,
    );
    assert_eq!(o.critical, Ratio::new(39, 400));
}

#[test]
fn dd_core_07_a_disadvantage_exact() {
    let o = odds(
        D20TestKind::AbilityCheck,
        0,
        11,
        RollMode::Disadvantage,
        0,
        false,
    );
    assert_eq!(o.success, Ratio::new(1, 4));
}

#[test]
fn dd_cond_05_c_exhaustion_odds() {
    // Exhaustion 2 = −4: bonus 5 vs DC 15 behaves as bonus 1.
    let a = odds(D20TestKind::SavingThrow, 5, 15, RollMode::Normal, 2, false);
    let b = odds(D20TestKind::SavingThrow, 1, 15, RollMode::Normal, 0, false);
    assert_eq!(a, b);
}

#[test]
fn dd_core_18_a_heroic_inspiration_rerolls_failure() {
    // Need 11+: p = 1/2; with one reroll on failure: 1 − 1/4.
    let o = odds(D20TestKind::AbilityCheck, 0, 11, RollMode::Normal, 0, true);
    assert_eq!(o.success, Ratio::new(3, 4));
    // With Disadvantage only one die is rerolled (DD-CORE-08.b): success needs the other die
    // to succeed and the reroll too, or both to succeed at once.
    let o = odds(
        D20TestKind::AbilityCheck,
        0,
        11,
        RollMode::Disadvantage,
        0,
        true,
    );
    // P(both) = 1/4; P(exactly one succeeds) = 1/2, then the reroll succeeds 1/2 → 1/4.
    assert_eq!(o.success, Ratio::new(1, 2));
}

#[test]
fn dd_core_odds_limits_refused() {
    let t = D20Test {
        kind: D20TestKind::AbilityCheck,
        bonus: 1000,
        target: 10,
        mode: RollMode::Normal,
        exhaustion: 0,
    };
    assert!(d20_odds(&t, false).is_err());
    let t = D20Test {
        exhaustion: 6,
        bonus: 0,
        ..t
    };
    assert!(d20_odds(&t, false).is_err());
}

fn kind_strategy() -> impl Strategy<Value = D20TestKind> {
    prop_oneof![
        Just(D20TestKind::AbilityCheck),
        Just(D20TestKind::SavingThrow),
        Just(D20TestKind::AttackRoll)
    ]
}
fn mode_strategy() -> impl Strategy<Value = RollMode> {
    prop_oneof![
        Just(RollMode::Normal),
        Just(RollMode::Advantage),
        Just(RollMode::Disadvantage)
    ]
}

proptest! {
    #[test]
    fn dd_core_08_odds_sum_to_one(kind in kind_strategy(), mode in mode_strategy(), bonus in -30i32..30, dc in 0i32..40, exh in 0u8..6, hi: bool) {
        let o = odds(kind, bonus, dc, mode, exh, hi);
        prop_assert_eq!(o.success + o.failure, Ratio::new(1, 1));
        prop_assert!(o.critical <= o.success);
    }

    #[test]
    fn dd_core_01_odds_monotone_in_bonus_and_dc(kind in kind_strategy(), mode in mode_strategy(), bonus in -30i32..30, dc in 1i32..40, hi: bool) {
        let base = odds(kind, bonus, dc, mode, 0, hi).success;
        prop_assert!(odds(kind, bonus + 1, dc, mode, 0, hi).success >= base);
        prop_assert!(odds(kind, bonus, dc + 1, mode, 0, hi).success <= base);
        prop_assert!(odds(kind, bonus, dc, mode, 1, hi).success <= base);
    }

    #[test]
    fn dd_core_08_advantage_ge_plain_ge_disadvantage(kind in kind_strategy(), bonus in -30i32..30, dc in 0i32..40, hi: bool) {
        let a = odds(kind, bonus, dc, RollMode::Advantage, 0, hi);
        let p = odds(kind, bonus, dc, RollMode::Normal, 0, hi);
        let d = odds(kind, bonus, dc, RollMode::Disadvantage, 0, hi);
        prop_assert!(a.success >= p.success && p.success >= d.success);
        prop_assert!(a.critical >= p.critical && p.critical >= d.critical);
        prop_assert!(odds(kind, bonus, dc, RollMode::Normal, 0, true).success >= odds(kind, bonus, dc, RollMode::Normal, 0, false).success);
    }
}
