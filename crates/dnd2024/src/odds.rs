//! Exact odds of a D20 Test (DD-CORE-01, -05, -06..08, -18, -19, DD-COND-05.c), as fractions.
//!
//! Every combination of faces is enumerated (at most 20 × 20 × 20 with a reroll), so the
//! results are exact. Heroic Inspiration is assumed spent exactly when the test would fail,
//! on the lower d20 (the one that decides with Disadvantage; either is equivalent with
//! Advantage): success is monotone in the kept face, so that is the best single reroll.

use crate::core::{D20Test, D20TestKind, RollMode};
use crate::exceptions::{Exceptions, RuleKey};
use crate::{RulesError, in_range};
use num_rational::Ratio;
use num_traits::{ToPrimitive, Zero};

/// Largest absolute bonus accepted (the rules have no cap; this keeps input sane).
pub const MAX_BONUS: i32 = 100;
/// Largest DC or AC accepted.
pub const MAX_TARGET: i32 = 100;

/// Exact odds of one D20 Test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct D20Odds {
    pub success: Ratio<u64>,
    pub failure: Ratio<u64>,
    /// A Critical Hit face kept on an attack roll (natural 20 by the general rule,
    /// DD-CORE-19.a); 0 for checks and saves.
    pub critical: Ratio<u64>,
}

impl D20Odds {
    pub fn success_f64(&self) -> f64 {
        self.success.to_f64().unwrap_or(0.0)
    }
    pub fn critical_f64(&self) -> f64 {
        self.critical.to_f64().unwrap_or(0.0)
    }
}

/// Exact odds of `test`, optionally spending Heroic Inspiration on a failure, under the
/// general rules.
pub fn d20_odds(test: &D20Test, heroic_inspiration: bool) -> Result<D20Odds, RulesError> {
    d20_odds_with(test, heroic_inspiration, &Exceptions::general())
}

/// Exact odds with the overrides in force (DD-CORE-20.a): on an attack roll every kept face at
/// or above `RuleKey::CriticalHitFace` is a Critical Hit and hits (DD-CORE-19.a).
pub fn d20_odds_with(
    test: &D20Test,
    heroic_inspiration: bool,
    ex: &Exceptions,
) -> Result<D20Odds, RulesError> {
    let crit_face = ex.number(RuleKey::CriticalHitFace)?;
    in_range(
        "bonus",
        i64::from(test.bonus),
        -i64::from(MAX_BONUS),
        i64::from(MAX_BONUS),
        "odds limit",
    )?;
    in_range(
        "DC/AC",
        i64::from(test.target),
        0,
        i64::from(MAX_TARGET),
        "odds limit",
    )?;
    in_range(
        "exhaustion level",
        i64::from(test.exhaustion),
        0,
        5,
        "DD-COND-05.b",
    )?;
    let mut success = 0u64;
    let mut critical = 0u64;
    let mut total = 0u64;
    let is_attack = test.kind == D20TestKind::AttackRoll;
    let is_critical = |kept: u8| is_attack && i64::from(kept) >= crit_face;
    let succeeds = |kept: u8| is_critical(kept) || test.succeeds_on(kept);
    let mut tally = |kept: u8, weight: u64| {
        total += weight;
        if succeeds(kept) {
            success += weight;
        }
        if is_critical(kept) {
            critical += weight;
        }
    };
    // Each unrerolled outcome weighs 20, so that the 20 rerolled faces weigh 1 each.
    let faces = 1..=20u8;
    match test.mode {
        RollMode::Normal => {
            for a in faces.clone() {
                if heroic_inspiration && !succeeds(a) {
                    for c in faces.clone() {
                        tally(c, 1);
                    }
                } else {
                    tally(a, 20);
                }
            }
        }
        RollMode::Advantage | RollMode::Disadvantage => {
            for a in faces.clone() {
                for b in faces.clone() {
                    let kept = test.mode.keep(&[a, b]);
                    if heroic_inspiration && !succeeds(kept) {
                        let hi = a.max(b);
                        for c in faces.clone() {
                            tally(test.mode.keep(&[hi, c]), 1);
                        }
                    } else {
                        tally(kept, 20);
                    }
                }
            }
        }
    }
    if total.is_zero() {
        // Unreachable: every branch tallies at least 20 outcomes.
        total = 1;
    }
    Ok(D20Odds {
        success: Ratio::new(success, total),
        failure: Ratio::new(total - success, total),
        critical: Ratio::new(critical, total),
    })
}
