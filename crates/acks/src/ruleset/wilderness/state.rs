//! The wilderness's part of the table state, its events and the small types its commands carry.
//! Below the aggregate state: it imports pure modules only.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use tabletop::hex::{Direction, Hex};

use crate::dungeon::WanderingSchedule;
use crate::odds::Fraction;
use crate::tables::{NavigationTerrain, Terrain};

/// A hex's terrain on the Judge's map: what slows travel (T-02) and how easily a party gets
/// lost in it (T-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksHexTerrain")]
pub enum HexTerrain {
    Clear,
    Coast,
    Desert,
    Hills,
    Woods,
    Jungle,
    Swamp,
    Mountains,
}

impl HexTerrain {
    /// T-02's row (a coast moves as clear ground).
    pub fn movement(self) -> Terrain {
        match self {
            HexTerrain::Clear | HexTerrain::Coast => Terrain::Clear,
            HexTerrain::Desert => Terrain::Desert,
            HexTerrain::Hills => Terrain::Hills,
            HexTerrain::Woods => Terrain::Woods,
            HexTerrain::Jungle => Terrain::Jungle,
            HexTerrain::Swamp => Terrain::Swamp,
            HexTerrain::Mountains => Terrain::Mountains,
        }
    }

    /// T-03's row.
    pub fn navigation(self) -> NavigationTerrain {
        match self {
            HexTerrain::Clear => NavigationTerrain::Plains,
            HexTerrain::Hills | HexTerrain::Mountains => NavigationTerrain::MountainsOrHills,
            HexTerrain::Woods | HexTerrain::Coast => NavigationTerrain::ForestOrCoast,
            HexTerrain::Desert => NavigationTerrain::Desert,
            HexTerrain::Jungle | HexTerrain::Swamp => NavigationTerrain::JungleOrSwamp,
        }
    }
}

/// A heading on the flat-topped hex map (sides clockwise from due north).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksHeading")]
pub enum Heading {
    North,
    NorthEast,
    SouthEast,
    South,
    SouthWest,
    NorthWest,
}

impl From<Heading> for Direction {
    fn from(h: Heading) -> Self {
        match h {
            Heading::North => Direction::North,
            Heading::NorthEast => Direction::NorthEast,
            Heading::SouthEast => Direction::SouthEast,
            Heading::South => Direction::South,
            Heading::SouthWest => Direction::SouthWest,
            Heading::NorthWest => Direction::NorthWest,
        }
    }
}

/// One hex of the Judge's map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "AcksMapHex")]
pub struct MapHex {
    pub q: i32,
    pub r: i32,
    pub terrain: HexTerrain,
    /// A road, trail or clear landmark runs through it (T-02's road row, AC-WILD-10).
    #[serde(default)]
    pub road: bool,
    /// On the players' map (default): a hidden hex is the Judge's alone.
    #[serde(default = "yes")]
    pub shown: bool,
    /// A canyon, river or other obstacle in the hex and the Judge's slowing for it
    /// (AC-WILD-05).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<Feature>,
}

/// An obstacle the Judge draws in a hex (AC-WILD-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksFeatureKind")]
pub enum FeatureKind {
    Canyon,
    BroadRiver,
    River,
    Other,
}

/// A hex's obstacle: its kind and the pace across the hex, in percent of the terrain's (100:
/// drawn, no slowing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "AcksFeature")]
pub struct Feature {
    pub kind: FeatureKind,
    pub pace_percent: u32,
}

/// A slowed hex crossed on a day's travel (AC-WILD-05), shown with the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slowed {
    pub q: i32,
    pub r: i32,
    pub kind: FeatureKind,
    pub pace_percent: u32,
}

fn yes() -> bool {
    true
}

impl MapHex {
    pub fn hex(&self) -> Hex {
        Hex::new(self.q, self.r)
    }
}

/// The map key of a hex: `"q,r"`.
pub fn key(h: Hex) -> String {
    format!("{},{}", h.q, h.r)
}

/// Where the party is (the Judge's truth) and where it believes it is, with how far it has
/// got across each hex (miles, exact) and, while lost, how many sixths of a turn clockwise its
/// true heading strays from the one it means (AC-WILD-12).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Position {
    pub true_hex: Hex,
    pub believed_hex: Hex,
    pub lost: bool,
    #[serde(default)]
    pub drift: u32,
    #[serde(default = "zero")]
    pub true_miles: Fraction,
    #[serde(default = "zero")]
    pub believed_miles: Fraction,
}

fn zero() -> Fraction {
    Fraction::from_integer(0)
}

impl Position {
    pub fn known(h: Hex) -> Self {
        Position {
            true_hex: h,
            believed_hex: h,
            lost: false,
            drift: 0,
            true_miles: zero(),
            believed_miles: zero(),
        }
    }
}

/// What the party did with a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DayKind {
    Travel,
    ForcedMarch,
    Hunt,
    Rest,
}

/// A character's food and water, in days' rations (1 stone a day, AC-WILD-13), and the days
/// gone without either (AC-WILD-14/15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Supplies {
    pub food_days: u32,
    pub water_days: u32,
    #[serde(default)]
    pub days_without_food: u32,
    #[serde(default)]
    pub days_without_water: u32,
    /// Natural healing works (it stops with hunger past the grace days or thirst).
    #[serde(default = "yes")]
    pub heals_naturally: bool,
}

/// A character's outdoor proficiencies (AC-WILD-11/18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Outdoors {
    pub navigation: bool,
    pub survival: bool,
}

/// The wilderness's part of the state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct WildState {
    /// The Judge's map, by `"q,r"`.
    #[serde(default)]
    pub hexes: BTreeMap<String, MapHex>,
    #[serde(default)]
    pub party: Option<Position>,
    /// Wilderness days played.
    #[serde(default)]
    pub day: u32,
    /// What the day under way was spent on (until the next day begins).
    #[serde(default)]
    pub today: Option<DayKind>,
    /// Travel days since the last rest day (AC-WILD-07/08).
    #[serde(default)]
    pub travel_days: u32,
    /// A forced march was made: the next day is rest (AC-WILD-06).
    #[serde(default)]
    pub rest_owed: bool,
    /// The characters that foraged today (one throw a day each, AC-WILD-16).
    #[serde(default)]
    pub foraged: BTreeSet<String>,
    /// Rations of foraged or hunted food not yet eaten (man-sized creatures fed for a day).
    #[serde(default)]
    pub fresh_food: u32,
    /// Food and water of the characters the Judge supplied.
    #[serde(default)]
    pub supplies: BTreeMap<String, Supplies>,
    #[serde(default)]
    pub outdoors: BTreeMap<String, Outdoors>,
    /// The Judge's schedule of wilderness wandering checks, by days.
    #[serde(default)]
    pub wandering: Option<WanderingSchedule>,
}

impl WildState {
    /// The terrain of a hex (a hex off the Judge's map counts as clear ground) and whether a
    /// road runs through it.
    /// The obstacle drawn in a hex (AC-WILD-05).
    pub fn feature(&self, h: Hex) -> Option<Feature> {
        self.hexes.get(&key(h)).and_then(|x| x.feature)
    }

    pub fn terrain(&self, h: Hex) -> (HexTerrain, bool) {
        self.hexes
            .get(&key(h))
            .map_or((HexTerrain::Clear, false), |x| (x.terrain, x.road))
    }
}

/// One hex entered on a day's travel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub q: i32,
    pub r: i32,
}

impl From<Hex> for Step {
    fn from(h: Hex) -> Self {
        Step { q: h.q, r: h.r }
    }
}

/// Wilderness events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum WildEvent {
    /// The Judge's: hexes drawn (a hex given again is replaced).
    HexesSet { hexes: Vec<MapHex> },
    /// What the players see of it: the shown hexes, and those hidden again.
    HexesSeen {
        hexes: Vec<MapHex>,
        #[serde(default)]
        hidden: Vec<Step>,
    },
    /// The party is here and knows it (a placement, or the way found again).
    PartyPlaced { q: i32, r: i32 },
    /// The Judge's: the true hex and heading of a lost party.
    TrueCourseSet {
        q: i32,
        r: i32,
        lost: bool,
        drift: u32,
    },
    /// The Judge's: the wilderness wandering-check schedule.
    WildWanderingSet { schedule: WanderingSchedule },
    OutdoorsSet {
        character: String,
        navigation: bool,
        survival: bool,
    },
    SuppliesSet {
        character: String,
        food_days: u32,
        water_days: u32,
    },
    /// A new day begins: what it is spent on.
    DayBegun { day: u32, kind: DayKind },
    /// The Judge's: the day's navigation throw (AC-WILD-11) and, on getting lost, the heading
    /// the d6 set (AC-WILD-12).
    Navigated {
        day: u32,
        throw: i32,
        bonus: i32,
        face: i32,
        on_course: bool,
        lost: bool,
        drift: u32,
    },
    /// The Judge's: the day's travel, true and believed.
    DayTravelled {
        day: u32,
        /// Whole miles the party believes it made, and the hexes it believes it entered.
        miles: u32,
        path: Vec<Step>,
        true_miles: u32,
        true_path: Vec<Step>,
        /// Miles into the hex it ends in (exact), true and believed.
        true_progress: Fraction,
        believed_progress: Fraction,
        /// Hexes whose obstacle slowed the day, believed and true (AC-WILD-05).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        slowed: Vec<Slowed>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        true_slowed: Vec<Slowed>,
    },
    /// A shown hex whose obstacle slowed the day's believed travel (AC-WILD-05), one event
    /// each for the log: worked out from the players' map alone, like `day_travelled_seen`.
    TravelSlowed {
        day: u32,
        q: i32,
        r: i32,
        kind: FeatureKind,
        pace_percent: u32,
    },
    /// What the players see of it: the believed travel only.
    DayTravelledSeen {
        day: u32,
        miles: u32,
        path: Vec<Step>,
        /// Shown hexes whose obstacle slowed the day (AC-WILD-05).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        slowed: Vec<Slowed>,
    },
    Foraged {
        character: String,
        throw: i32,
        total: i32,
        found: bool,
        fed: u32,
    },
    Hunted {
        character: String,
        throw: i32,
        total: i32,
        found: bool,
        fed: u32,
    },
    /// The Judge's: a wilderness wandering check.
    WildWanderingChecked {
        day: u32,
        face: u32,
        monsters_come: bool,
    },
    /// The day under way is over (its forage spent).
    DayEnded { day: u32 },
    /// The day's food and water eaten and drunk, and the hunger and thirst it left.
    DayProvisioned {
        fresh_food_left: u32,
        supplies: BTreeMap<String, Supplies>,
    },
}
