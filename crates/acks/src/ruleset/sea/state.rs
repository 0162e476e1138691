//! The sea's part of the table state, its events and the small types its commands carry.
//! Below the aggregate state: it imports pure modules only. A voyage moves the same party
//! position as the wilderness (the Judge's hex map, the true and the believed hex).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::tables::{Vessel, Waters, Wind};

use super::super::wilderness::state::Step;

/// A vessel of T-05.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksVessel")]
pub enum VesselKind {
    RiverBoat,
    SailingBoat,
    Canoe,
    LargeGalley,
    SmallGalley,
    WarGalley,
    Lifeboat,
    Longship,
    Raft,
    LargeSailingShip,
    SmallSailingShip,
    LargeTroopTransport,
    SmallTroopTransport,
}

impl From<VesselKind> for Vessel {
    fn from(v: VesselKind) -> Self {
        use VesselKind as K;
        match v {
            K::RiverBoat => Vessel::RiverBoat,
            K::SailingBoat => Vessel::SailingBoat,
            K::Canoe => Vessel::Canoe,
            K::LargeGalley => Vessel::LargeGalley,
            K::SmallGalley => Vessel::SmallGalley,
            K::WarGalley => Vessel::WarGalley,
            K::Lifeboat => Vessel::Lifeboat,
            K::Longship => Vessel::Longship,
            K::Raft => Vessel::Raft,
            K::LargeSailingShip => Vessel::LargeSailingShip,
            K::SmallSailingShip => Vessel::SmallSailingShip,
            K::LargeTroopTransport => Vessel::LargeTroopTransport,
            K::SmallTroopTransport => Vessel::SmallTroopTransport,
        }
    }
}

/// The waters sailed, for the navigation throw (T-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksWaters")]
pub enum WatersKind {
    RiverOrLake,
    Coast,
    OpenSea,
}

impl From<WatersKind> for Waters {
    fn from(w: WatersKind) -> Self {
        match w {
            WatersKind::RiverOrLake => Waters::RiverOrLake,
            WatersKind::Coast => Waters::Coast,
            WatersKind::OpenSea => Waters::OpenSea,
        }
    }
}

/// The party's vessel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    pub vessel: VesselKind,
    pub shp: i32,
    pub max_shp: i32,
    /// It stops each night (coast-hugging, under-crewed; oared ships always do).
    pub stops_at_night: bool,
    pub sunk: bool,
}

/// A character's scurvy record (AC-SEA-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScurvyRecord {
    /// Strength and Constitution when the voyage began (what fresh food restores up to).
    pub original: (u32, u32),
    pub dead: bool,
}

/// The sea's part of the state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SeaState {
    #[serde(default)]
    pub ship: Option<Ship>,
    /// Today's wind (T-06), rolled at the day's start.
    #[serde(default)]
    pub wind: Option<Wind>,
    /// Days at sea on iron rations without fresh food (AC-SEA-16).
    #[serde(default)]
    pub days_on_iron: u32,
    #[serde(default)]
    pub scurvy: BTreeMap<String, ScurvyRecord>,
    /// The characters that fished today (one throw a day each, AC-SEA-17).
    #[serde(default)]
    pub fished: Vec<String>,
    /// The vessel lies at anchor (fishing allowed whatever the wind).
    #[serde(default)]
    pub at_anchor: bool,
    /// The galley lies beached out of today's storm (AC-SEA-12): no storm hours.
    #[serde(default)]
    pub beached: bool,
    /// It tried to beach as today's storm arrived (one try a storm).
    #[serde(default)]
    pub beach_tried: bool,
    /// Storm hours weathered at sea today.
    #[serde(default)]
    pub storm_hours: u32,
}

/// Sea events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum SeaEvent {
    ShipSet {
        ship: Ship,
    },
    AnchorSet {
        at_anchor: bool,
    },
    WindRolled {
        face: i32,
        wind: Wind,
    },
    /// The Judge's: the day's sea navigation throw (AC-SEA-13).
    SeaNavigated {
        throw: i32,
        bonus: i32,
        face: i32,
        on_course: bool,
        lost: bool,
        drift: u32,
    },
    /// The Judge's: the day's voyage, true and believed.
    Sailed {
        day: u32,
        miles: u32,
        rowing: bool,
        path: Vec<Step>,
        true_path: Vec<Step>,
        true_progress: crate::odds::Fraction,
        believed_progress: crate::odds::Fraction,
    },
    /// What the players see of it.
    SailedSeen {
        day: u32,
        miles: u32,
        rowing: bool,
        path: Vec<Step>,
    },
    /// An hour of storm (AC-SEA-10/11): the save of an oared ship, the damage, whether it sank.
    StormHour {
        save_face: Option<i32>,
        damage: u32,
        shp: i32,
        sinks: bool,
    },
    /// A galley in sight of the coast as the storm arrives (AC-SEA-12): on open coast it
    /// beaches without a throw, elsewhere `face` + `bonus` against `throw`.
    Beached {
        open_coast: bool,
        #[serde(default)]
        face: Option<i32>,
        #[serde(default)]
        bonus: i32,
        throw: i32,
        beached: bool,
    },
    Fished {
        character: String,
        throw: i32,
        total: i32,
        found: bool,
        fed: u32,
    },
    /// A week at sea (AC-SEA-16): each character's Strength and Constitution after it.
    ScurvyWeek {
        fresh_food: bool,
        days_on_iron: u32,
        scores: BTreeMap<String, (u32, u32)>,
        dead: Vec<String>,
    },
}
