//! Exact probabilities over the chapter's dice: 1d20 throws, 1d6, 2d6 and 1d20 + 1d6.
use num_rational::Ratio;
use num_traits::{CheckedMul, ToPrimitive, Zero};
use serde::Serialize;

/// An exact probability.
pub type Fraction = Ratio<i64>;

/// A probability as both an exact fraction ("1/2") and a float, for output.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Probability {
    pub probability: f64,
    pub exact: String,
}

impl From<Fraction> for Probability {
    fn from(f: Fraction) -> Self {
        Probability {
            probability: to_f64(f),
            exact: exact_string(f),
        }
    }
}

/// The float value of a fraction (denominators here are small, so this is exact to f64).
pub fn to_f64(f: Fraction) -> f64 {
    f.to_f64().unwrap_or(0.0)
}

/// "1/2", "0", "1".
pub fn exact_string(f: Fraction) -> String {
    if f.is_integer() {
        f.to_integer().to_string()
    } else {
        format!("{}/{}", f.numer(), f.denom())
    }
}

/// P(1dN + modifier ≥ target), no natural-roll rules.
pub fn die_at_least(sides: i64, modifier: i64, target: i64) -> Fraction {
    let hits = (1..=sides).filter(|f| f + modifier >= target).count() as i64;
    Fraction::new(hits, sides)
}

/// P(1d20 + modifier ≥ target), no natural-roll rules.
pub fn d20_at_least(modifier: i64, target: i64) -> Fraction {
    die_at_least(20, modifier, target)
}

/// Every total of 2d6 with its count out of 36.
pub fn two_d6() -> impl Iterator<Item = (i64, i64)> {
    (2..=12i64).map(|t| (t, 6 - (t - 7).abs()))
}

/// The distribution of a sum of dice given as (count, sides), as (total, weight) pairs with
/// the total weight. Used for the small sums of this chapter only (at most a few dice).
pub fn sum_of_dice(dice: &[(u32, u32)]) -> (Vec<(i64, i64)>, i64) {
    let mut dist: Vec<(i64, i64)> = vec![(0, 1)];
    for &(count, sides) in dice {
        for _ in 0..count {
            let mut next: std::collections::BTreeMap<i64, i64> = Default::default();
            for &(v, w) in &dist {
                for f in 1..=i64::from(sides) {
                    *next.entry(v + f).or_default() += w;
                }
            }
            dist = next.into_iter().collect();
        }
    }
    let total = dist.iter().map(|(_, w)| w).sum();
    (dist, total)
}

/// Sum of fractions (1 for a complete distribution).
pub fn total<'a>(fs: impl IntoIterator<Item = &'a Fraction>) -> Fraction {
    fs.into_iter().fold(Fraction::zero(), |a, b| a + b)
}

/// `f` to the power `n`, or `None` when the exact fraction no longer fits in 64 bits.
pub fn checked_pow(f: Fraction, n: u32) -> Option<Fraction> {
    let mut acc = Fraction::from_integer(1);
    for _ in 0..n {
        acc = acc.checked_mul(&f)?;
    }
    Some(acc)
}
