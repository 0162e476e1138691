//! A dice expression as monster entries, ship artillery and Judge-entered rows write it:
//! `NdS`, `NdS+B` or `NdS-B` (e.g. `1d8`, `2d4+1`, `3d6`). The faces are rolled by the caller
//! (the engine records them); this checks them and sums, or gives the exact distribution.
use crate::AcksError;
use crate::damage::Dice;
use crate::odds::sum_of_dice;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Most dice in one expression.
pub const MAX_DICE: u32 = 20;
/// Most sides on one die.
pub const MAX_SIDES: u32 = 100;
/// Largest absolute flat bonus.
pub const MAX_BONUS: i32 = 100;
/// Most outcomes (sides^count) for an exact distribution with 64-bit fractions: every weight
/// times a d20 throw's twentieths and a damage total stays below `i64::MAX` (1e14 × 20 ×
/// 2,100 = 4.2e18 < 9.2e18). 8d6, 12d10, 7d100 and 20d5 fit; 20d6 and 20d100 are refused.
pub const MAX_OUTCOMES: u64 = 100_000_000_000_000;

/// `count`d`sides` + `bonus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct DiceSpec {
    pub count: u32,
    pub sides: u32,
    pub bonus: i32,
}

impl DiceSpec {
    /// Checked constructor: 1…[`MAX_DICE`] dice of 1…[`MAX_SIDES`] sides, bonus within
    /// ±[`MAX_BONUS`].
    pub fn new(count: u32, sides: u32, bonus: i32) -> Result<DiceSpec, AcksError> {
        if !(1..=MAX_DICE).contains(&count)
            || !(1..=MAX_SIDES).contains(&sides)
            || bonus.abs() > MAX_BONUS
        {
            return Err(AcksError::range(
                "dice",
                format!(
                    "dice are 1–{MAX_DICE} dice of 1–{MAX_SIDES} sides with a bonus within ±{MAX_BONUS}, got {count}d{sides}{bonus:+}"
                ),
            ));
        }
        Ok(DiceSpec {
            count,
            sides,
            bonus,
        })
    }

    /// A weapon's damage dice (AC-DMG-01/02) with no flat bonus.
    pub fn from_dice(d: Dice) -> Result<DiceSpec, AcksError> {
        DiceSpec::new(d.count, d.sides, 0)
    }

    /// Checks the rolled faces (one per die, each 1…sides) and returns their sum plus the
    /// bonus. `rule` names the rule the roll serves, for the refusal.
    pub fn total(&self, faces: &[u32], rule: &'static str) -> Result<i32, AcksError> {
        if faces.len() != self.count as usize || faces.iter().any(|f| !(1..=self.sides).contains(f))
        {
            return Err(AcksError::range(
                rule,
                format!(
                    "{self} needs {} faces of 1–{}, got {faces:?}",
                    self.count, self.sides
                ),
            ));
        }
        // At most MAX_DICE faces of at most MAX_SIDES each: the sum fits easily in i32.
        Ok(faces.iter().sum::<u32>() as i32 + self.bonus)
    }

    /// Exact distribution of the total (dice plus bonus) as (total, weight) pairs and the
    /// total weight. Refused when the outcomes (sides to the power count) exceed
    /// [`MAX_OUTCOMES`], so exact fractions stay within 64 bits.
    pub fn distribution(&self) -> Result<(Vec<(i64, i64)>, i64), AcksError> {
        let outcomes = u64::from(self.sides).checked_pow(self.count);
        if outcomes.is_none_or(|o| o > MAX_OUTCOMES) {
            return Err(AcksError::range(
                "dice",
                format!("{self} has too many outcomes for exact odds (at most {MAX_OUTCOMES})"),
            ));
        }
        let (dist, total) = sum_of_dice(&[(self.count, self.sides)]);
        Ok((
            dist.into_iter()
                .map(|(v, w)| (v + i64::from(self.bonus), w))
                .collect(),
            total,
        ))
    }
}

impl fmt::Display for DiceSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        if self.bonus != 0 {
            write!(f, "{:+}", self.bonus)?;
        }
        Ok(())
    }
}

impl FromStr for DiceSpec {
    type Err = AcksError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            AcksError::range(
                "dice",
                format!("`{s}` is not a dice expression: write NdS, NdS+B or NdS-B (e.g. 2d4+1)"),
            )
        };
        let t = s.trim();
        if t.len() > 16 {
            return Err(bad());
        }
        let (count, rest) = t.split_once(['d', 'D']).ok_or_else(bad)?;
        let (sides, bonus) = match rest.find(['+', '-']) {
            Some(i) => (&rest[..i], rest[i..].parse::<i32>().map_err(|_| bad())?),
            None => (rest, 0),
        };
        let count = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| bad())?
        };
        let sides = sides.parse().map_err(|_| bad())?;
        DiceSpec::new(count, sides, bonus)
    }
}

impl From<DiceSpec> for String {
    fn from(d: DiceSpec) -> String {
        d.to_string()
    }
}

impl TryFrom<String> for DiceSpec {
    type Error = AcksError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}
