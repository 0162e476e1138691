//! Wilderness adventures («Время и движение в дикой местности», «Риск заблудиться», «Припасы и
//! промысел», «Воздушные путешествия»): daily distance by speed (T-01) and terrain (T-02),
//! forced march, flying, rest days, getting lost (T-03), food and water, foraging and hunting.
use crate::odds::{Fraction, d20_at_least};
use crate::tables::{NavigationTerrain, Terrain};
use crate::{AcksError, Tables};
use serde::Serialize;

/// Navigation proficiency bonus (AC-WILD-11, AC-SEA-13).
pub const NAVIGATION_BONUS: i32 = 4;
/// Survival proficiency bonus to foraging, hunting and fishing (AC-WILD-18).
pub const SURVIVAL_BONUS: i32 = 4;
/// Foraging and hunting throws (AC-WILD-16/17).
pub const FORAGE_THROW: i32 = 18;
pub const HUNT_THROW: i32 = 14;
/// Travel days before a rest day is due (AC-WILD-07).
pub const TRAVEL_DAYS_PER_REST: u32 = 6;
/// Days without food before damage starts (AC-WILD-14).
pub const FOOD_GRACE_DAYS: u32 = 2;

/// How a day's travel is made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct TravelMode {
    /// 12 hours, +50 % distance; 24 hours of rest after (AC-WILD-06).
    pub forced_march: bool,
    /// Flying: twice the overland distance; terrain does not slow it (AC-WILD-19).
    pub flying: bool,
}

/// A day's travel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DailyTravel {
    /// Whole miles travelled (rounded down).
    pub miles_per_day: u32,
    /// The exact figure.
    pub exact: Fraction,
    /// Hours of rest the day forces afterwards.
    pub rest_hours_after: u32,
}

/// T-01: overland miles per day for an exploration speed (feet per turn), open terrain.
pub fn base_miles_per_day(tables: &Tables, speed_ft: u32) -> Result<u32, AcksError> {
    tables
        .t01_wilderness_movement
        .find(format!("{speed_ft} ft per turn"), |r| {
            r.speed_ft == speed_ft
        })
        .map(|r| r.miles_per_day)
}

/// T-02: the terrain multiplier.
pub fn terrain_multiplier(tables: &Tables, terrain: Terrain) -> Result<Fraction, AcksError> {
    tables
        .t02_terrain
        .find(format!("{terrain:?}"), |r| r.terrain == terrain)
        .map(|r| r.multiplier.0)
}

/// AC-WILD-03…06, AC-WILD-19: miles per day for a speed, terrain and mode. The party's speed is
/// its slowest member's (see [`party_speed`]).
pub fn daily_travel(
    tables: &Tables,
    speed_ft: u32,
    terrain: Terrain,
    mode: TravelMode,
) -> Result<DailyTravel, AcksError> {
    let base = Fraction::from_integer(base_miles_per_day(tables, speed_ft)?.into());
    let mut miles = if mode.flying {
        base * 2
    } else {
        base * terrain_multiplier(tables, terrain)?
    };
    if mode.forced_march {
        miles *= Fraction::new(3, 2);
    }
    Ok(DailyTravel {
        miles_per_day: miles.floor().to_integer() as u32,
        exact: miles,
        rest_hours_after: if mode.forced_march { 24 } else { 0 },
    })
}

/// AC-WILD-05: the Judge's further slowing for a canyon, a broad river or a like obstacle in
/// a hex: the day's pace across it is `pace_percent` % of the terrain's (1–100). The text leaves
/// the amount to the Judge; a flying party passes over it unslowed.
pub fn feature_pace(
    miles: Fraction,
    pace_percent: u32,
    flying: bool,
) -> Result<Fraction, AcksError> {
    if !(1..=100).contains(&pace_percent) {
        return Err(AcksError::range(
            "AC-WILD-05",
            format!("a feature's pace is 1–100 % of the terrain's, got {pace_percent}"),
        ));
    }
    if flying {
        return Ok(miles);
    }
    Ok(miles * Fraction::new(i64::from(pace_percent), 100))
}

/// AC-WILD-04: a party moves at its slowest member's speed.
pub fn party_speed(speeds: &[u32]) -> Result<u32, AcksError> {
    speeds
        .iter()
        .copied()
        .min()
        .ok_or_else(|| AcksError::range("AC-WILD-04", "a party needs at least one member"))
}

/// AC-WILD-07/08: rest-day bookkeeping. Returns the attack and damage penalty after
/// `travel_days` consecutive days of travel without a rest day: −1 per day past the sixth.
pub fn missed_rest_penalty(travel_days: u32) -> i32 {
    -(travel_days.saturating_sub(TRAVEL_DAYS_PER_REST) as i32)
}

/// AC-WILD-10/11: the navigation throw for a day's travel, or `None` when following a road,
/// trail or clear landmark (no throw, cannot get lost).
pub fn navigation_throw(
    tables: &Tables,
    terrain: NavigationTerrain,
    following_road_or_landmark: bool,
) -> Result<Option<i32>, AcksError> {
    if following_road_or_landmark {
        return Ok(None);
    }
    tables
        .t03_wilderness_navigation
        .find(format!("{terrain:?}"), |r| r.terrain == terrain)
        .map(|r| Some(r.throw))
}

/// Exact P(staying on course) for a day (AC-WILD-11); 1 when no throw is needed.
pub fn stay_on_course_odds(
    tables: &Tables,
    terrain: NavigationTerrain,
    following_road_or_landmark: bool,
    navigator: bool,
) -> Result<Fraction, AcksError> {
    Ok(
        match navigation_throw(tables, terrain, following_road_or_landmark)? {
            None => Fraction::from_integer(1),
            Some(t) => d20_at_least(
                if navigator {
                    NAVIGATION_BONUS.into()
                } else {
                    0
                },
                t.into(),
            ),
        },
    )
}

/// AC-WILD-12: a lost party drifts by one hex side chosen on 1d6 (1 = the intended heading's
/// clockwise neighbour, …); returned as the number of hex sides turned clockwise.
pub fn lost_heading(face: i32) -> Result<u32, AcksError> {
    if !(1..=6).contains(&face) {
        return Err(AcksError::range(
            "AC-WILD-12",
            format!("a d6 face is 1–6, got {face}"),
        ));
    }
    Ok(face as u32 % 6)
}

/// AC-WILD-13, AC-SEA-14: stone of food and water per day (rowers need 3).
pub fn daily_supplies_stone(rower: bool) -> u32 {
    if rower { 3 } else { 1 }
}

/// AC-WILD-14: hit points lost on a day without food (the days counted from the first), and
/// whether natural healing still works.
pub fn starvation(days_without_food: u32) -> (u32, bool) {
    if days_without_food > FOOD_GRACE_DAYS {
        (1, false)
    } else {
        (0, true)
    }
}

/// AC-WILD-15: days without water lose 1d4 hp each from the first day; the caller gives the
/// d4 face. Natural healing stops from the first loss.
pub fn thirst_damage(days_without_water: u32, d4_face: u32) -> Result<(u32, bool), AcksError> {
    if !(1..=4).contains(&d4_face) {
        return Err(AcksError::range(
            "AC-WILD-15",
            format!("a d4 face is 1–4, got {d4_face}"),
        ));
    }
    Ok(if days_without_water >= 1 {
        (d4_face, false)
    } else {
        (0, true)
    })
}

/// Foraging and hunting (AC-WILD-16…18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FoodSearch {
    /// While travelling: 18+, feeds 1d6.
    Forage,
    /// A whole day, no travel, one wandering-monster check: 14+, feeds 2d6.
    Hunt,
    /// Only when becalmed or at anchor: 14+, feeds 2d6 (AC-SEA-17).
    Fish,
}

impl FoodSearch {
    pub fn throw(self) -> i32 {
        match self {
            FoodSearch::Forage => FORAGE_THROW,
            FoodSearch::Hunt | FoodSearch::Fish => HUNT_THROW,
        }
    }
    /// Dice of man-sized creatures fed on success: (count, sides).
    pub fn feeds(self) -> (u32, u32) {
        match self {
            FoodSearch::Forage => (1, 6),
            FoodSearch::Hunt | FoodSearch::Fish => (2, 6),
        }
    }
    /// Hunting takes the whole day and triggers a wandering-monster check.
    pub fn takes_the_day(self) -> bool {
        self == FoodSearch::Hunt
    }
}

/// Exact P(success) of a food search.
pub fn food_search_odds(search: FoodSearch, survival: bool) -> Fraction {
    d20_at_least(
        if survival { SURVIVAL_BONUS.into() } else { 0 },
        search.throw().into(),
    )
}

/// AC-WILD-20: what a flying mount of `hd` Hit Dice can carry (steps at 3, 6, 12, 24 HD;
/// intermediate HD use the lower step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FlyingLoad {
    Nothing,
    DwarfOrChild,
    AdultHumanOrTwoDwarves,
    HorseOrFourMen,
    FourHorsesOrEightMen,
}

pub fn flying_load(hd: u32) -> FlyingLoad {
    match hd {
        0..=2 => FlyingLoad::Nothing,
        3..=5 => FlyingLoad::DwarfOrChild,
        6..=11 => FlyingLoad::AdultHumanOrTwoDwarves,
        12..=23 => FlyingLoad::HorseOrFourMen,
        _ => FlyingLoad::FourHorsesOrEightMen,
    }
}

/// The three environments with their own rules (AC-GEN-01; sea rules cover rivers, AC-SEA-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Environment {
    Dungeon,
    Wilderness,
    /// Sea, also rivers and lakes.
    Sea,
}

/// What a distance measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// Movement, encounter distance, weapon and spell ranges.
    Distance,
    /// Spell and effect areas.
    Area,
}

/// AC-GEN-05, AC-WILD-02: feet in the dungeon; yards outdoors for distances; areas always in
/// feet. A dungeon speed of N feet per turn reads as N yards per turn outdoors.
pub fn unit(env: Environment, m: Measure) -> crate::tables::Unit {
    match (env, m) {
        (Environment::Dungeon, _) | (_, Measure::Area) => crate::tables::Unit::Feet,
        _ => crate::tables::Unit::Yards,
    }
}

/// AC-WILD-01: wilderness maps use 6-mile hexes, regional maps 24-mile hexes.
pub const WILDERNESS_HEX_MILES: u32 = 6;
pub const REGIONAL_HEX_MILES: u32 = 24;

/// How outdoor time is counted (AC-WILD-09): days, and rounds in encounters; never turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OutdoorTime {
    Day,
    Round,
}

pub fn outdoor_time(in_encounter: bool) -> OutdoorTime {
    if in_encounter {
        OutdoorTime::Round
    } else {
        OutdoorTime::Day
    }
}
