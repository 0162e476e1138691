//! Travel (checklist §16, DD-TRV): pace, terrain limits, extended travel.

use crate::core::RollMode;
use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// Travel pace (DD-TRV-01, T-S7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    Slow,
    Normal,
    Fast,
}

impl Pace {
    pub fn parse(name: &str) -> Result<Pace, RulesError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "slow" => Ok(Pace::Slow),
            "normal" => Ok(Pace::Normal),
            "fast" => Ok(Pace::Fast),
            _ => Err(RulesError::Unknown {
                what: "pace",
                got: name.to_string(),
                expected: "fast, normal, slow".into(),
                rule: "DD-TRV-01.a",
            }),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
        }
    }

    /// Feet per minute (T-S7).
    pub fn feet_per_minute(self) -> u32 {
        match self {
            Pace::Fast => 400,
            Pace::Normal => 300,
            Pace::Slow => 200,
        }
    }

    /// Miles per hour (T-S7).
    pub fn miles_per_hour(self) -> u32 {
        match self {
            Pace::Fast => 4,
            Pace::Normal => 3,
            Pace::Slow => 2,
        }
    }

    /// Miles per day (T-S7).
    pub fn miles_per_day(self) -> u32 {
        match self {
            Pace::Fast => 30,
            Pace::Normal => 24,
            Pace::Slow => 18,
        }
    }

    /// The pace's effect on Perception, Survival and Stealth checks (DD-TRV-01.b), as
    /// (check, Advantage or Disadvantage).
    pub fn check_effects(self) -> Vec<(&'static str, RollMode)> {
        match self {
            Pace::Fast => vec![
                ("wisdom_perception", RollMode::Disadvantage),
                ("wisdom_survival", RollMode::Disadvantage),
                ("dexterity_stealth", RollMode::Disadvantage),
            ],
            Pace::Normal => vec![("dexterity_stealth", RollMode::Disadvantage)],
            Pace::Slow => vec![
                ("wisdom_perception", RollMode::Advantage),
                ("wisdom_survival", RollMode::Advantage),
            ],
        }
    }

    /// One step faster (a good road, DD-TRV-02.a).
    pub fn faster(self) -> Pace {
        match self {
            Pace::Slow => Pace::Normal,
            _ => Pace::Fast,
        }
    }
}

/// Largest number of travel hours accepted in one day.
pub const MAX_HOURS: u32 = 24;
/// Hours of travel after which Constitution saves begin (DD-TRV-03.a).
pub const NORMAL_TRAVEL_HOURS: u32 = 8;

/// A day's travel at a pace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TravelDay {
    pub pace: Pace,
    pub hours: u32,
    pub miles: u32,
    /// Constitution save DCs at the end of each hour beyond 8 (DD-TRV-03.a).
    pub extended_travel_dcs: Vec<u32>,
}

/// Distance travelled in `hours` at `pace` (miles per hour × hours, DD-TRV-01.a), and the
/// extended-travel saves (DD-TRV-03.a). `mounted_gallop_hours` (0 or 1) doubles the distance
/// of that one hour (DD-TRV-01.c).
pub fn travel(pace: Pace, hours: u32, mounted_gallop_hours: u32) -> Result<TravelDay, RulesError> {
    in_range(
        "hours",
        i64::from(hours),
        0,
        i64::from(MAX_HOURS),
        "input limit",
    )?;
    in_range(
        "mounted gallop hours",
        i64::from(mounted_gallop_hours),
        0,
        i64::from(hours.min(1)),
        "DD-TRV-01.c",
    )?;
    let miles = pace.miles_per_hour() * (hours + mounted_gallop_hours);
    let extended_travel_dcs = (NORMAL_TRAVEL_HOURS + 1..=hours)
        .map(|h| 10 + (h - NORMAL_TRAVEL_HOURS))
        .collect();
    Ok(TravelDay {
        pace,
        hours,
        miles,
        extended_travel_dcs,
    })
}

/// Main terrain of a journey stage (T-S11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Arctic,
    Coastal,
    Desert,
    Forest,
    Grassland,
    Hill,
    Mountain,
    Swamp,
    Underdark,
    Urban,
}

/// The fastest pace a terrain allows (DD-TRV-02.a, T-S11): one step faster on a good road;
/// Fast anywhere when flying or ignoring Difficult Terrain; Slow when a member's Speed is
/// halved or worse (DD-TRV-02.b).
pub fn max_pace(terrain: Terrain, road: bool, flying: bool, member_slowed: bool) -> Pace {
    if member_slowed {
        return Pace::Slow;
    }
    if flying {
        return Pace::Fast;
    }
    let base = match terrain {
        Terrain::Arctic | Terrain::Grassland => Pace::Fast,
        Terrain::Mountain | Terrain::Swamp => Pace::Slow,
        _ => Pace::Normal,
    };
    if road { base.faster() } else { base }
}

/// Special-speed travel (DD-TRV-04.a): mph = Speed / 10; a Normal day = mph × hours; Fast =
/// day × 4/3 and Slow = day × 2/3, rounded down. Returns (mph, miles per day).
pub fn special_speed_day(speed_ft: u32, hours: u32, pace: Pace) -> (u32, u32) {
    let mph = speed_ft / 10;
    let day = mph * hours;
    let miles = match pace {
        Pace::Normal => day,
        Pace::Fast => day * 4 / 3,
        Pace::Slow => day * 2 / 3,
    };
    (mph, miles)
}

/// A waterborne vessel's day (DD-TRV-01.d): it moves at its own speed, with no pace to choose.
/// Land vehicles use `travel` with a pace like walkers. Returns miles.
pub fn vessel_day(vessel_mph: u32, hours: u32) -> Result<u32, RulesError> {
    in_range(
        "hours",
        i64::from(hours),
        0,
        i64::from(MAX_HOURS),
        "input limit",
    )?;
    Ok(vessel_mph * hours)
}
