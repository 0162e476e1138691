//! Exact odds of a test before it is rolled.
//!
//! The two d10 have 100 equally likely outcomes; each is resolved with the real rules
//! ([`crate::test_roll`]) and counted, so every probability is an exact fraction with a
//! denominator dividing 100. `tier_1 + tier_2 + tier_3 = 1` exactly; they are the final tiers
//! after the double edge/bane, the expertise (when asked), and the crit/doom overrides.
//! `crit` and `doom` are the chances of a natural 19–20 and 2–3 (or of an automatic doom).

use serde::{Deserialize, Serialize};

use crate::test_roll::{TestError, TestRules, TestSpec, Tier, roll_test};

/// An exact probability `numerator / denominator`, always in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fraction {
    pub numerator: u32,
    pub denominator: u32,
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Fraction {
    /// `numerator / denominator` in lowest terms. `denominator` must not be 0 (callers pass
    /// the 100 outcomes of 2d10).
    pub fn new(numerator: u32, denominator: u32) -> Fraction {
        let g = gcd(numerator, denominator).max(1);
        Fraction {
            numerator: numerator / g,
            denominator: (denominator / g).max(1),
        }
    }

    pub fn to_f64(self) -> f64 {
        f64::from(self.numerator) / f64::from(self.denominator)
    }
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// The exact odds of one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestOdds {
    pub tier_1: Fraction,
    pub tier_2: Fraction,
    pub tier_3: Fraction,
    pub crit: Fraction,
    pub doom: Fraction,
}

impl TestOdds {
    pub fn tier(&self, tier: Tier) -> Fraction {
        match tier {
            Tier::One => self.tier_1,
            Tier::Two => self.tier_2,
            Tier::Three => self.tier_3,
        }
    }
}

/// The odds without and with an expertise spent on the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OddsWithExpertise {
    pub without: TestOdds,
    /// An expertise spent whenever it can change the result (never on a doom).
    pub with_expertise: TestOdds,
}

/// The 100 outcomes of 2d10.
pub const OUTCOMES: u32 = 100;

/// Exact odds of `spec` under `rules`; `expertise` = an expertise will be spent on the result.
pub fn test_odds(
    spec: &TestSpec,
    rules: TestRules,
    expertise: bool,
) -> Result<TestOdds, TestError> {
    let mut tiers = [0u32; 3];
    let (mut crit, mut doom) = (0u32, 0u32);
    for a in 1..=10u8 {
        for b in 1..=10u8 {
            let rolled = roll_test(spec, [a, b], rules)?;
            // An expertise is spent only where it helps; elsewhere the result is the same.
            let outcome = rolled.outcome(expertise && rolled.expertise_would_help());
            tiers[usize::from(outcome.final_tier.number() - 1)] += 1;
            crit += u32::from(outcome.crit);
            doom += u32::from(outcome.doom);
        }
    }
    Ok(TestOdds {
        tier_1: Fraction::new(tiers[0], OUTCOMES),
        tier_2: Fraction::new(tiers[1], OUTCOMES),
        tier_3: Fraction::new(tiers[2], OUTCOMES),
        crit: Fraction::new(crit, OUTCOMES),
        doom: Fraction::new(doom, OUTCOMES),
    })
}

/// Both: what the test gives as it is and what an expertise would add.
pub fn odds_with_expertise(
    spec: &TestSpec,
    rules: TestRules,
) -> Result<OddsWithExpertise, TestError> {
    Ok(OddsWithExpertise {
        without: test_odds(spec, rules, false)?,
        with_expertise: test_odds(spec, rules, true)?,
    })
}
