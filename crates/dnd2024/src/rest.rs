//! Rests (checklist §11, DD-REST) and Hit Point Dice.

use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// HP restored by one spent Hit Point Die: the roll + Con modifier, at least 1
/// (DD-REST-01.b).
pub fn hit_die_heal(roll: u32, con_modifier: i32) -> u32 {
    u32::try_from((i64::from(roll) + i64::from(con_modifier)).max(1)).unwrap_or(1)
}

/// Why a rest was interrupted (DD-REST-01.d, DD-REST-04.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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

/// Length of a Short Rest in minutes (DD-REST-01.a).
pub const SHORT_REST_MINUTES: u32 = 60;

/// A Short Rest in progress (DD-REST-01): an hour of light activity; an interruption
/// (`Interruption::interrupts(false)`) ends it with no benefit; when it ends the creature may
/// spend Hit Point Dice one at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ShortRest {
    pub minutes_rested: u32,
    pub interrupted: bool,
}

impl ShortRest {
    /// Starts one: the creature needs at least 1 HP (DD-REST-01.a).
    pub fn start(current_hp: u32) -> Result<ShortRest, RulesError> {
        may_start_rest(current_hp, false, None)?;
        Ok(ShortRest::default())
    }

    /// Rests; returns whether the hour is complete.
    pub fn rest_minutes(&mut self, minutes: u32) -> bool {
        if !self.interrupted {
            self.minutes_rested = self.minutes_rested.saturating_add(minutes);
        }
        self.finished()
    }

    pub fn finished(&self) -> bool {
        !self.interrupted && self.minutes_rested >= SHORT_REST_MINUTES
    }

    /// An event during the rest; one that interrupts a Short Rest voids it (DD-REST-01.d).
    pub fn interrupt(&mut self, why: Interruption) -> bool {
        if why.interrupts(false) {
            self.interrupted = true;
        }
        self.interrupted
    }

    /// Spends one Hit Point Die after the rest (DD-REST-01.b): the roll + Con modifier (at
    /// least 1) is healed. One die per call, so the creature decides after each roll whether
    /// to spend another. Refused before the hour is done or when no die is left; nothing changes
    /// then. Returns the HP regained.
    pub fn spend_hit_die(
        &self,
        dice: &mut HitPointDice,
        hp: &mut crate::damage::HitPoints,
        roll: u32,
        con_modifier: i32,
    ) -> Result<u32, RulesError> {
        if !self.finished() {
            return Err(RulesError::Forbidden {
                rule: "DD-REST-01.b",
                reason: "Hit Point Dice are spent when a full Short Rest ends".into(),
            });
        }
        in_range(
            "hit die roll",
            i64::from(roll),
            1,
            i64::from(dice.sides),
            "DD-REST-01.b",
        )?;
        dice.spend()?;
        Ok(hp.heal(hit_die_heal(roll, con_modifier)))
    }
}

/// When a feature's uses come back (DD-REST-01.c, DD-REST-03.c, DD-MON-04.a/b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RechargeOn {
    ShortOrLongRest,
    LongRest,
}

/// A feature with limited uses and the rest that restores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatureUses {
    pub max: u32,
    pub used: u32,
    pub recharge: RechargeOn,
}

impl FeatureUses {
    pub fn spend(&mut self) -> Result<(), RulesError> {
        if self.used >= self.max {
            return Err(RulesError::Forbidden {
                rule: "DD-REST-01.c",
                reason: "no uses left until the feature recharges".into(),
            });
        }
        self.used += 1;
        Ok(())
    }

    /// A finished Short Rest restores the uses of features that recharge on one.
    pub fn finish_short_rest(&mut self) {
        if self.recharge == RechargeOn::ShortOrLongRest {
            self.used = 0;
        }
    }

    /// A finished Long Rest restores every feature's uses.
    pub fn finish_long_rest(&mut self) {
        self.used = 0;
    }
}

/// Hours of a Long Rest (DD-REST-03.a).
pub const LONG_REST_HOURS: u32 = 8;

/// Checks a Long Rest's hours (DD-REST-03.a): at least 8 in all, at least 6 of them asleep and
/// at most 2 of light activity.
pub fn check_long_rest_hours(
    sleep_hours: u32,
    light_activity_hours: u32,
) -> Result<(), RulesError> {
    if sleep_hours < 6 {
        return Err(RulesError::Forbidden {
            rule: "DD-REST-03.a",
            reason: format!("a Long Rest needs at least 6 hours of sleep, got {sleep_hours}"),
        });
    }
    if light_activity_hours > 2 {
        return Err(RulesError::Forbidden {
            rule: "DD-REST-03.a",
            reason: format!("at most 2 hours of light activity, got {light_activity_hours}"),
        });
    }
    if sleep_hours + light_activity_hours < LONG_REST_HOURS {
        return Err(RulesError::Forbidden {
            rule: "DD-REST-03.a",
            reason: "a Long Rest lasts at least 8 hours".into(),
        });
    }
    Ok(())
}

/// Sleeping during a Long Rest gives the Unconscious condition (DD-REST-03.a); waking ends it
/// (the sleeper is left Prone, DD-COND-16.a).
pub fn fall_asleep(c: &mut crate::conditions::Conditions) -> Result<bool, RulesError> {
    c.apply(crate::conditions::Condition::Unconscious, "sleep")
}

pub fn wake(c: &mut crate::conditions::Conditions) {
    c.end(crate::conditions::Condition::Unconscious, "sleep");
}

/// Everything a finished rest restores on one creature (DD-REST-01.c, DD-REST-03.c).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resting {
    pub hp: crate::damage::HitPoints,
    /// The HP maximum without reductions.
    pub normal_max_hp: u32,
    pub dice: HitPointDice,
    pub conditions: crate::conditions::Conditions,
    pub slots: crate::magic::SpellSlots,
    pub per_day: Vec<crate::core::PerDayUse>,
    pub features: Vec<FeatureUses>,
    /// Scores in the order of `Ability::ALL`, and the scores without reductions.
    pub scores: [i32; 6],
    pub normal_scores: [i32; 6],
}

impl Resting {
    /// A finished Short Rest: features that recharge on it recharge (DD-REST-01.c). Hit Point
    /// Dice are spent separately (`ShortRest::spend_hit_die`).
    pub fn finish_short_rest(&mut self) {
        for f in &mut self.features {
            f.finish_short_rest();
        }
    }

    /// A finished Long Rest (DD-REST-03.c): a reduced HP maximum and reduced scores return to
    /// normal; all lost HP and all spent Hit Point Dice come back; Exhaustion drops one level
    /// (unless its sources forbid, DD-HAZ-02.c, 03.d); features, spell slots and per-day uses
    /// come back; Temporary HP end. Returns whether an Exhaustion level was removed.
    pub fn finish_long_rest(&mut self, drank_full: bool, ate_full: bool) -> bool {
        self.hp.max = self.normal_max_hp;
        self.hp.finish_long_rest();
        self.dice.finish_long_rest();
        for (s, n) in self.scores.iter_mut().zip(self.normal_scores) {
            *s = (*s).max(n);
        }
        for f in &mut self.features {
            f.finish_long_rest();
        }
        for u in &mut self.per_day {
            u.finish_long_rest();
        }
        self.slots.finish_long_rest();
        self.conditions
            .exhaustion
            .finish_long_rest(drank_full, ate_full)
    }
}
