//! Environmental effects (checklist §17, DD-ENV): the hourly Constitution saves and the
//! conditions they impose.

use serde::{Deserialize, Serialize};

/// The result of an exposure check: a Constitution save at a DC, or automatic success.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exposure {
    AutoSuccess,
    /// Save at this DC (with Disadvantage when `disadvantage`); failure gives one Exhaustion
    /// level.
    Save {
        dc: i32,
        disadvantage: bool,
    },
}

/// Extreme cold (DD-ENV-02): DC 10 each exposed hour; Cold Resistance or Immunity succeeds.
pub fn extreme_cold(cold_resistant_or_immune: bool) -> Exposure {
    if cold_resistant_or_immune {
        Exposure::AutoSuccess
    } else {
        Exposure::Save {
            dc: 10,
            disadvantage: false,
        }
    }
}

/// Extreme heat (DD-ENV-03): DC 5 the first hour, +1 each further hour; Disadvantage in
/// Medium or Heavy armor; Fire Resistance or Immunity succeeds. `hour` counts from 1.
pub fn extreme_heat(
    hour: u32,
    medium_or_heavy_armor: bool,
    fire_resistant_or_immune: bool,
) -> Exposure {
    if fire_resistant_or_immune {
        return Exposure::AutoSuccess;
    }
    Exposure::Save {
        dc: 5 + i32::try_from(hour.saturating_sub(1)).unwrap_or(i32::MAX - 5),
        disadvantage: medium_or_heavy_armor,
    }
}

/// Frigid water (DD-ENV-04): safe for as many minutes as the Constitution score; each
/// further minute DC 10; Cold Resistance/Immunity or adaptation succeeds. `minute` counts
/// from 1.
pub fn frigid_water(minute: u32, con_score: u32, protected: bool) -> Option<Exposure> {
    if minute <= con_score {
        return None;
    }
    Some(if protected {
        Exposure::AutoSuccess
    } else {
        Exposure::Save {
            dc: 10,
            disadvantage: false,
        }
    })
}

/// Deep water (DD-ENV-01): DC 10 each hour of swimming, unless the creature has a Swim Speed.
pub fn deep_water(has_swim_speed: bool) -> Exposure {
    if has_swim_speed {
        Exposure::AutoSuccess
    } else {
        Exposure::Save {
            dc: 10,
            disadvantage: false,
        }
    }
}

/// High altitude (DD-ENV-06): each hour of travel counts as 2 for travel limits.
pub fn altitude_travel_hours(hours: u32, altitude_ft: u32, acclimatized: bool) -> u32 {
    if altitude_ft >= 10_000 && !acclimatized {
        hours * 2
    } else {
        hours
    }
}

/// Slippery ice (DD-ENV-07): DC 10 Dexterity save or Prone.
pub const SLIPPERY_ICE_DC: i32 = 10;

/// Thin ice (DD-ENV-09): breaks when the weight on a 10-ft square exceeds the rolled
/// tolerance (3d10 × 10 lb). `tolerance_roll` is the 3d10 total.
pub fn thin_ice_breaks(weight_lb: u32, tolerance_roll: u32) -> bool {
    weight_lb > tolerance_roll * 10
}

/// Heavy precipitation (DD-ENV-05): the area is Lightly Obscured, Wisdom (Perception) checks
/// have Disadvantage, heavy rain puts out open flames. Returns (lightly obscured,
/// perception disadvantage, flames out).
pub fn heavy_precipitation(heavy_rain: bool) -> (bool, bool, bool) {
    (true, true, heavy_rain)
}

/// Strong wind (DD-ENV-08): Disadvantage on ranged weapon attacks; a flyer must land at the end
/// of its turn or fall; in a desert sandstorm, Disadvantage on Perception too. Returns
/// (ranged disadvantage, flyer must land, perception disadvantage).
pub fn strong_wind(sandstorm: bool) -> (bool, bool, bool) {
    (true, true, sandstorm)
}

/// Slippery ice (DD-ENV-07): Difficult Terrain; the first time a creature enters it on a turn,
/// or starts its turn there, it makes the DC 10 Dexterity save or falls Prone. Returns whether
/// a save is due now.
pub fn slippery_ice_save_due(entered_this_turn_before: bool, starting_turn_here: bool) -> bool {
    starting_turn_here || !entered_this_turn_before
}
