//! Rests (checklist §11, DD-REST) and Hit Point Dice.

use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// HP restored by one spent Hit Point Die: the roll + Con modifier, at least 1
/// (DD-REST-01.b).
pub fn hit_die_heal(roll: u32, con_modifier: i32) -> u32 {
    u32::try_from((i64::from(roll) + i64::from(con_modifier)).max(1)).unwrap_or(1)
}

/// Why a rest was interrupted (DD-REST-01.d, DD-REST-04.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Interruption {
    RolledInitiative,
    /// Casting a spell; cantrips do not interrupt (DD-MAG-02.a).
    CastSpell {
        level: u8,
    },
    TookDamage,
    /// An hour of walking or other exertion (Long Rest only).
    HourOfExertion,
}

impl Interruption {
    /// Whether this interrupts a rest of the given kind.
    pub fn interrupts(self, long: bool) -> bool {
        match self {
            Interruption::CastSpell { level } => level > 0,
            Interruption::HourOfExertion => long,
            _ => true,
        }
    }
}

/// Whether a rest may start: at least 1 HP (DD-REST-01.a, 03.b), and for a Long Rest at least
/// 16 hours since the last one ended.
pub fn may_start_rest(
    current_hp: u32,
    long: bool,
    hours_since_last_long: Option<u32>,
) -> Result<(), RulesError> {
    if current_hp == 0 {
        return Err(RulesError::Forbidden {
            rule: if long { "DD-REST-03.b" } else { "DD-REST-01.a" },
            reason: "a rest needs at least 1 Hit Point to start".into(),
        });
    }
    if long && hours_since_last_long.is_some_and(|h| h < 16) {
        return Err(RulesError::Forbidden {
            rule: "DD-REST-03.b",
            reason: "a new Long Rest starts at least 16 hours after the last one ended".into(),
        });
    }
    Ok(())
}

/// A Long Rest in progress, with its interruptions (DD-REST-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LongRest {
    pub hours_rested: u32,
    pub interruptions: u32,
}

/// What an interrupted Long Rest gives (DD-REST-04.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InterruptedRest {
    /// At least an hour rested: the benefits of a Short Rest.
    ShortRestBenefits,
    Nothing,
}

impl LongRest {
    /// Hours the rest needs: 8, plus 1 per interruption when resumed (DD-REST-04.c).
    pub fn hours_needed(&self) -> u32 {
        8 + self.interruptions
    }

    pub fn rest_hours(&mut self, hours: u32) -> bool {
        self.hours_rested += hours;
        self.hours_rested >= self.hours_needed()
    }

    /// Records an interruption; returns what it gives if the rest is abandoned here.
    pub fn interrupt(&mut self, why: Interruption) -> Option<InterruptedRest> {
        if !why.interrupts(true) {
            return None;
        }
        self.interruptions += 1;
        Some(if self.hours_rested >= 1 {
            InterruptedRest::ShortRestBenefits
        } else {
            InterruptedRest::Nothing
        })
    }
}

/// Hit Point Dice: one per level, spent on Short Rests, all back on a Long Rest
/// (DD-REST-02.b/c, DD-REST-03.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitPointDice {
    pub total: u32,
    pub spent: u32,
    pub sides: u32,
}

impl HitPointDice {
    pub fn spend(&mut self) -> Result<(), RulesError> {
        if self.spent >= self.total {
            return Err(RulesError::Forbidden {
                rule: "DD-REST-01.b",
                reason: "no Hit Point Dice left".into(),
            });
        }
        self.spent += 1;
        Ok(())
    }

    pub fn finish_long_rest(&mut self) {
        self.spent = 0;
    }
}

/// Monster hit points from its dice: number × average die + Con modifier × number, rounded
/// down (DD-REST-02.c, T-S12). `sides` must be a die size of T-S12.
pub fn monster_average_hp(dice: u32, sides: u32, con_modifier: i32) -> Result<u32, RulesError> {
    in_range("hit die size", i64::from(sides), 4, 20, "DD-REST-02.c")?;
    let avg2 = i64::from(dice) * i64::from(sides + 1);
    let total = avg2 / 2 + i64::from(con_modifier) * i64::from(dice);
    Ok(u32::try_from(total.max(1)).unwrap_or(1))
}
