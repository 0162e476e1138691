//! Hazards (checklist §12, DD-HAZ): burning, dehydration, malnutrition, suffocation, falling.

use crate::core::DamageDice;
use crate::movement::Size;
use crate::options::Interpretations;
use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// Most fall damage dice (DD-HAZ-05.a).
pub const MAX_FALL_DICE: u32 = 20;
/// Largest fall height accepted on input (feet).
pub const MAX_FALL_FEET: u64 = 1_000_000;

/// Fall damage: 1d6 Bludgeoning per full 10 ft, at most 20d6 (DD-HAZ-05.a). Zero dice means
/// no damage, and then no Prone on landing (DD-HAZ-05.b).
pub fn fall_damage(feet: u64) -> Result<DamageDice, RulesError> {
    in_range(
        "fall height in feet",
        i64::try_from(feet).unwrap_or(i64::MAX),
        0,
        i64::try_from(MAX_FALL_FEET).unwrap_or(i64::MAX),
        "input limit",
    )?;
    let count = u32::try_from((feet / 10).min(u64::from(MAX_FALL_DICE))).unwrap_or(MAX_FALL_DICE);
    Ok(DamageDice {
        count,
        sides: 6,
        modifier: 0,
    })
}

/// Lands Prone unless the fall did no damage at all (DD-HAZ-05.b).
pub fn lands_prone(damage_taken: u32) -> bool {
    damage_taken > 0
}

/// DC of the check to enter water head- or feet-first (DD-HAZ-05.c).
pub const WATER_DIVE_DC: i32 = 15;

/// Fall damage into water after the DC 15 check: halved (round down) on success
/// (DD-HAZ-05.c).
pub fn water_fall_damage(rolled: u32, check_succeeded: bool) -> u32 {
    if check_succeeded { rolled / 2 } else { rolled }
}

/// Burning: 1d4 Fire at the start of each of its turns (DD-HAZ-01.a).
pub const BURNING_DAMAGE: DamageDice = DamageDice {
    count: 1,
    sides: 4,
    modifier: 0,
};

/// How long a creature can hold its breath, in rounds: (1 + Con modifier) minutes, at least
/// 30 seconds (5 rounds) (DD-HAZ-04.a).
pub fn breath_rounds(con_modifier: i32) -> u32 {
    let minutes = (1 + con_modifier).max(0);
    (u32::try_from(minutes).unwrap_or(0) * 10).max(5)
}

/// Daily food in quarter pounds (T-05) and water in quarter gallons (T-06), by size.
pub fn daily_need_quarters(size: Size) -> u32 {
    match size {
        Size::Tiny => 1,
        Size::Small | Size::Medium => 4,
        Size::Large => 16,
        Size::Huge => 64,
        Size::Gargantuan => 256,
    }
}

/// What a day of eating leads to (DD-HAZ-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DayOutcome {
    /// Nothing happens.
    Fine,
    /// A Constitution save at this DC; failure adds one Exhaustion level.
    Save { dc: i32 },
    /// One Exhaustion level without a save.
    Exhaustion,
}

/// Malnutrition at the end of a day (DD-HAZ-03.b/c): `eaten_quarters` in quarter pounds;
/// `days_without_food` counts this day when nothing was eaten. Exactly half is enough by
/// default (Appendix C.8).
pub fn malnutrition(
    size: Size,
    eaten_quarters: u32,
    days_without_food: u32,
    opts: &Interpretations,
) -> DayOutcome {
    if eaten_quarters == 0 {
        return if days_without_food >= 5 {
            DayOutcome::Exhaustion
        } else {
            DayOutcome::Fine
        };
    }
    let need = daily_need_quarters(size);
    let short = if opts.malnutrition_exactly_half_is_enough {
        eaten_quarters * 2 < need
    } else {
        eaten_quarters * 2 <= need
    };
    if short {
        DayOutcome::Save { dc: 10 }
    } else {
        DayOutcome::Fine
    }
}

/// Malnutrition with fractional pounds as input (e.g. 0.4 lb): refuses negative or absurd
/// amounts; rounds down to whole quarter pounds except that any food at all counts as some.
pub fn malnutrition_lb(
    size: Size,
    eaten_lb: f64,
    days_without_food: u32,
    opts: &Interpretations,
) -> Result<DayOutcome, RulesError> {
    if !(0.0..=10_000.0).contains(&eaten_lb) {
        return Err(RulesError::OutOfRange {
            what: "food eaten (lb)",
            min: 0,
            max: 10_000,
            got: eaten_lb as i64,
            rule: "DD-HAZ-03",
        });
    }
    // Compare eaten × 2 with the need exactly in hundredths of a pound.
    let eaten_hundredths = (eaten_lb * 100.0).round() as u64;
    let need_hundredths = u64::from(daily_need_quarters(size)) * 25;
    if eaten_hundredths == 0 {
        return Ok(malnutrition(size, 0, days_without_food, opts));
    }
    let short = if opts.malnutrition_exactly_half_is_enough {
        eaten_hundredths * 2 < need_hundredths
    } else {
        eaten_hundredths * 2 <= need_hundredths
    };
    Ok(if short {
        DayOutcome::Save { dc: 10 }
    } else {
        DayOutcome::Fine
    })
}

/// Dehydration at the end of a day (DD-HAZ-02.b): less than half the water → one Exhaustion
/// level, no save. `drunk_quarters` in quarter gallons.
pub fn dehydration(size: Size, drunk_quarters: u32) -> DayOutcome {
    if drunk_quarters * 2 < daily_need_quarters(size) {
        DayOutcome::Exhaustion
    } else {
        DayOutcome::Fine
    }
}

/// A burning creature or object (DD-HAZ-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Burning {
    pub burning: bool,
}

/// What puts a fire out besides rolling on the ground (DD-HAZ-01.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Extinguish {
    Doused,
    Submerged,
    Smothered,
}

impl Burning {
    /// Damage at the start of its turn: 1d4 Fire while burning (DD-HAZ-01.a).
    pub fn start_of_turn(&self) -> Option<DamageDice> {
        self.burning.then_some(BURNING_DAMAGE)
    }

    /// The creature puts itself out with its action by dropping Prone and rolling
    /// (DD-HAZ-01.b): takes the action and gives Prone.
    pub fn roll_out(
        &mut self,
        turn: &mut crate::actions::Turn,
        c: &mut crate::conditions::Conditions,
    ) -> Result<(), RulesError> {
        if !self.burning {
            return Err(RulesError::Forbidden {
                rule: "DD-HAZ-01.b",
                reason: "not burning".into(),
            });
        }
        turn.take_other_action()?;
        c.apply(crate::conditions::Condition::Prone, "rolling out a fire")?;
        self.burning = false;
        Ok(())
    }

    /// Doused, submerged or smothered: the fire ends (DD-HAZ-01.c).
    pub fn put_out(&mut self, _how: Extinguish) {
        self.burning = false;
    }
}

/// Holding breath (DD-HAZ-04): the rounds left before the creature runs out of breath.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldBreath {
    pub rounds_left: u32,
}

impl HeldBreath {
    /// Starts holding its breath (DD-HAZ-04.a).
    pub fn start(con_modifier: i32) -> HeldBreath {
        HeldBreath {
            rounds_left: breath_rounds(con_modifier),
        }
    }

    /// The end of one of its turns without air (DD-HAZ-04.b): a round of breath is used; once
    /// out of breath, or while choking, it gains one Exhaustion level from suffocation.
    /// Returns whether it died of it.
    pub fn end_of_turn(
        &mut self,
        exhaustion: &mut crate::conditions::Exhaustion,
        choking: bool,
    ) -> Option<bool> {
        if self.rounds_left > 0 && !choking {
            self.rounds_left -= 1;
            return None;
        }
        Some(exhaustion.gain(crate::conditions::ExhaustionSource::Suffocation))
    }
}
