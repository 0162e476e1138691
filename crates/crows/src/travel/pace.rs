//! Pace («Темп пути», «Изменение темпа», «Реки и дороги»): hexes per day, the starting
//! encounter thresholds and the edge or bane on travel-role tests.

use serde::{Deserialize, Serialize};

use crate::edges::NetEdge;

/// The group's pace for one travel day (CR-TRAVEL-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    Slow,
    Normal,
    Fast,
}

/// One row of the pace table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaceRow {
    /// Hexes moved in the day before any adjustment.
    pub hexes: u8,
    /// The starting threshold of both the travel and the rest encounter checks.
    pub threshold: u8,
    /// What every travel-role test gets today.
    pub role_tests: NetEdge,
}

impl Pace {
    pub const ALL: [Pace; 3] = [Pace::Slow, Pace::Normal, Pace::Fast];

    /// The pace table (CR-TRAVEL-03): slow 1 / 8 / edge, normal 2 / 7 / —, fast 3 / 6 / bane.
    pub fn row(self) -> PaceRow {
        match self {
            Pace::Slow => PaceRow {
                hexes: 1,
                threshold: 8,
                role_tests: NetEdge::Edge,
            },
            Pace::Normal => PaceRow {
                hexes: 2,
                threshold: 7,
                role_tests: NetEdge::None,
            },
            Pace::Fast => PaceRow {
                hexes: 3,
                threshold: 6,
                role_tests: NetEdge::Bane,
            },
        }
    }
}

/// The hexes-per-day change from the slowest creature's speed (CR-TRAVEL-04); a rider counts
/// its mount's or vehicle's speed, which the caller passes in place of the rider's.
pub fn speed_adjustment(slowest_speed: u8) -> i8 {
    match slowest_speed {
        0..=3 => -1,
        4..=6 => 0,
        7..=9 => 1,
        _ => 2,
    }
}

/// The slowest speed among the group's movers (mounts and vehicles stand in for their riders).
/// `None` for an empty group.
pub fn slowest(speeds: &[u8]) -> Option<u8> {
    speeds.iter().copied().min()
}

/// How the day's route meets roads and water (CR-TRAVEL-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Route {
    /// The whole day's travel follows a road.
    pub road_all_day: bool,
    /// The group crosses a river or other large water without a water vehicle.
    pub crosses_water_without_vehicle: bool,
    /// The group travels upstream.
    pub upstream: bool,
    /// The group travels downstream.
    pub downstream: bool,
}

impl Route {
    /// Hexes gained or lost: road +1, crossing without a vehicle −1, upstream −1,
    /// downstream +1 (CR-TRAVEL-05). Crossing and upstream are one clause of the rulebook
    /// ("crosses … or travels upstream"), so both together still cost a single hex.
    pub fn hex_adjustment(self) -> i8 {
        let mut n = 0;
        if self.road_all_day {
            n += 1;
        }
        if self.crosses_water_without_vehicle || self.upstream {
            n -= 1;
        }
        if self.downstream {
            n += 1;
        }
        n
    }

    /// The change to both encounter thresholds: −1 for a day on the road (CR-TRAVEL-05).
    pub fn threshold_adjustment(self) -> i8 {
        if self.road_all_day { -1 } else { 0 }
    }
}

/// Hexes moved today (CR-TRAVEL-07): pace base + speed + route + task adjustments, at least 0
/// (CR-ERR-56).
pub fn hexes_today(pace: Pace, slowest_speed: u8, route: Route, task_hexes: i8) -> u8 {
    let raw = i16::from(pace.row().hexes)
        + i16::from(speed_adjustment(slowest_speed))
        + i16::from(route.hex_adjustment())
        + i16::from(task_hexes);
    // Clamped to 0..=u8::MAX, so the conversion cannot fail.
    u8::try_from(raw.clamp(0, i16::from(u8::MAX))).unwrap_or(0)
}
