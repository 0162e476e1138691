//! Monster Hit Dice as written in stat blocks: `5`, `5+1`, `1-1`, `<1` (less than one).
//! Attack throws (T-14) and monster XP (T-21) read "N+" — N Hit Dice plus a hit-point bonus —
//! as a step above N.
use crate::AcksError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Largest Hit Dice accepted (the tables end at "21+" and "22+"; this bounds arithmetic).
pub const MAX_HIT_DICE: u32 = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HitDice {
    /// Whole Hit Dice; 0 means "less than 1".
    pub dice: u32,
    /// Hit-point bonus (+) or penalty (−) after the dice.
    pub bonus: i32,
}

impl HitDice {
    pub fn new(dice: u32, bonus: i32) -> Result<Self, AcksError> {
        if dice > MAX_HIT_DICE {
            return Err(AcksError::range(
                "T-14/T-21",
                format!("Hit Dice must be at most {MAX_HIT_DICE}, got {dice}"),
            ));
        }
        if dice == 0 && bonus != 0 {
            return Err(AcksError::BadHitDice(format!("0{bonus:+}")));
        }
        Ok(HitDice { dice, bonus })
    }

    /// Less than one Hit Die.
    pub const fn less_than_one() -> Self {
        HitDice { dice: 0, bonus: 0 }
    }

    /// "N+": whole dice with a positive hit-point bonus.
    pub fn is_plus(self) -> bool {
        self.bonus > 0
    }

    /// Order of the tables' HD steps: `<1` = 0, N (or N−B) = 2N, N+ = 2N+1.
    pub fn rank(self) -> u32 {
        2 * self.dice + u32::from(self.is_plus())
    }
}

impl fmt::Display for HitDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.dice, self.bonus) {
            (0, _) => write!(f, "<1"),
            (d, 0) => write!(f, "{d}"),
            (d, b) => write!(f, "{d}{b:+}"),
        }
    }
}

impl FromStr for HitDice {
    type Err = AcksError;
    fn from_str(s: &str) -> Result<Self, AcksError> {
        let t = s.trim();
        let bad = || AcksError::BadHitDice(s.to_string());
        if t == "<1" || t == "1/2" || t == "0" {
            return Ok(HitDice::less_than_one());
        }
        let split = t.find(['+', '-']);
        let (d, b) = match split {
            Some(i) => (&t[..i], Some(&t[i..])),
            None => (t, None),
        };
        let dice: u32 = d.parse().map_err(|_| bad())?;
        if dice == 0 {
            return Err(bad());
        }
        let bonus: i32 = match b {
            None => 0,
            Some(b) => {
                // "5+" alone is read as "5 plus some hit points".
                let n: i32 = if b[1..].is_empty() && b.starts_with('+') {
                    1
                } else {
                    b[1..].parse().map_err(|_| bad())?
                };
                if b.starts_with('-') { -n } else { n }
            }
        };
        HitDice::new(dice, bonus)
    }
}
