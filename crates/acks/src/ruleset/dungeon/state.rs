//! The dungeon's part of the table state, its events and the small types its commands carry.
//! Below the aggregate state: it imports pure modules only.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dungeon::{
    self as rules, DoorMaterial, DoorState, LightKind, LightSource, MarchingOrder, RestClock,
    SearchLog, TurnActivity, WanderingSchedule,
};

/// What a character spends a turn on (AC-DUNGEON-06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksActivity")]
pub enum Activity {
    Explore,
    Search,
    Rest,
}

impl From<Activity> for TurnActivity {
    fn from(a: Activity) -> Self {
        match a {
            Activity::Explore => TurnActivity::Explore,
            Activity::Search => TurnActivity::Search,
            Activity::Rest => TurnActivity::Rest,
        }
    }
}

/// A light source's kind (AC-DUNGEON-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksLight")]
pub enum Light {
    Torch,
    Lantern,
}

impl From<Light> for LightKind {
    fn from(l: Light) -> Self {
        match l {
            Light::Torch => LightKind::Torch,
            Light::Lantern => LightKind::Lantern,
        }
    }
}

/// A door's material (AC-DUNGEON-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksDoorMaterial")]
pub enum Material {
    SimpleWood,
    Wood,
    Metal,
    Stone,
}

impl From<Material> for DoorMaterial {
    fn from(m: Material) -> Self {
        match m {
            Material::SimpleWood => DoorMaterial::SimpleWood,
            Material::Wood => DoorMaterial::Wood,
            Material::Metal => DoorMaterial::Metal,
            Material::Stone => DoorMaterial::Stone,
        }
    }
}

/// A door's state as the Judge places it (AC-DUNGEON-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksDoorState")]
pub enum PlacedDoorState {
    Closed,
    Locked,
    Stuck,
    Open,
}

impl From<PlacedDoorState> for DoorState {
    fn from(s: PlacedDoorState) -> Self {
        match s {
            PlacedDoorState::Closed => DoorState::Closed,
            PlacedDoorState::Locked => DoorState::Locked,
            PlacedDoorState::Stuck => DoorState::Stuck,
            PlacedDoorState::Open => DoorState::Open,
        }
    }
}

/// What a search looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksLookingFor")]
pub enum LookingFor {
    SecretDoors,
    Traps,
}

/// A door.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Door {
    pub id: String,
    /// The 10 × 10 ft area it is searched in.
    pub area: String,
    pub material: DoorMaterial,
    pub state: DoorState,
    /// The door's own penalty to forcing it (AC-DUNGEON-21).
    pub penalty: i32,
    pub evil: bool,
    pub secret: bool,
    /// A secret door the party found.
    pub found: bool,
    /// Wedged or spiked open: an evil door no longer slams (AC-DUNGEON-25).
    #[serde(default)]
    pub spiked: bool,
}

impl Door {
    /// Players see it: not secret, or found.
    pub fn seen(&self) -> bool {
        !self.secret || self.found
    }
}

/// A trap.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Trap {
    pub id: String,
    pub area: String,
    /// Depth of its pit in feet (0: not a pit).
    pub pit_ft: u32,
    pub found: bool,
    pub sprung: bool,
}

/// The dungeon's part of the state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DungeonState {
    #[serde(default)]
    pub marching_order: Option<MarchingOrder>,
    /// The character whose player maps (AC-DUNGEON-04).
    #[serde(default)]
    pub mapper: Option<String>,
    /// Dungeon turns ended so far.
    #[serde(default)]
    pub turn: u32,
    /// What each character declared for the turn under way.
    #[serde(default)]
    pub activity: BTreeMap<String, TurnActivity>,
    #[serde(default)]
    pub doors: BTreeMap<String, Door>,
    #[serde(default)]
    pub traps: BTreeMap<String, Trap>,
    /// The Judge's: who is beyond each door or at each intersection.
    #[serde(default)]
    pub beyond: BTreeMap<String, Vec<String>>,
    /// The area each character searches in the turn under way (one per turn, AC-DUNGEON-06).
    #[serde(default)]
    pub searching: BTreeMap<String, String>,
    /// One chance per character per area at secret doors (AC-DUNGEON-27).
    #[serde(default)]
    pub door_searches: SearchLog,
    /// One try per character per door or intersection (AC-DUNGEON-28).
    #[serde(default)]
    pub listens: SearchLog,
    #[serde(default)]
    pub wandering: Option<WanderingSchedule>,
}

/// Dungeon events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum DungeonEvent {
    MarchingOrderSet {
        order: MarchingOrder,
    },
    /// The mapper; `None` when no character is left alive to map (AC-DUNGEON-05).
    MapperSet {
        character: Option<String>,
    },
    DoorSpiked {
        door: String,
        character: String,
    },
    TurnDeclared {
        character: String,
        activity: TurnActivity,
    },
    LightLit {
        character: String,
        light: LightSource,
    },
    LanternRefilled {
        character: String,
        light: LightSource,
    },
    LightDoused {
        character: String,
    },
    /// The end of a dungeon turn: each character's activity and rest clock after it, each
    /// light's turns left, and the lights that went out.
    TurnEnded {
        turn: u32,
        activities: BTreeMap<String, TurnActivity>,
        rest: BTreeMap<String, RestClock>,
        lights: BTreeMap<String, u32>,
        out: Vec<String>,
        /// Evil doors left open and unspiked, slammed shut (AC-DUNGEON-25).
        #[serde(default)]
        slammed: Vec<String>,
    },
    /// The Judge's.
    DoorPlaced {
        door: Door,
    },
    /// The Judge's.
    TrapPlaced {
        trap: Trap,
    },
    /// The Judge's.
    BeyondPlaced {
        at: String,
        creatures: Vec<String>,
    },
    /// The Judge's.
    WanderingSet {
        schedule: WanderingSchedule,
    },
    /// The Judge's form of a listening roll.
    Listened {
        character: String,
        at: String,
        throw: Option<i32>,
        face: i32,
        something: bool,
        heard: bool,
    },
    /// What everyone else sees of it.
    ListenResult {
        character: String,
        at: String,
        heard: bool,
    },
    /// The Judge's form of a search (or an elf passing by).
    Searched {
        character: String,
        area: String,
        looking_for: LookingFor,
        actively: bool,
        throw: Option<i32>,
        face: i32,
        something: bool,
        found: Vec<String>,
    },
    /// What everyone else sees of it: the doors or traps found (none when nothing was found,
    /// whether or not anything was there).
    SearchResult {
        character: String,
        area: String,
        looking_for: LookingFor,
        found: Vec<String>,
    },
    DoorForced {
        door: String,
        characters: Vec<String>,
        throw: i32,
        face: i32,
        opened: bool,
    },
    DoorOpened {
        door: String,
    },
    DoorUnlocked {
        door: String,
        character: String,
        method: UnlockMethod,
        /// Turns the work takes (AC-DUNGEON-20).
        turns: u32,
        throw: Option<i32>,
        face: Option<i32>,
        opened: bool,
    },
    /// The Judge's form of a trap's 1d6.
    TrapChecked {
        trap: String,
        face: i32,
        springs: bool,
    },
    TrapSprung {
        trap: String,
        area: String,
        character: String,
    },
    /// The Judge's: a wandering-monster check.
    WanderingChecked {
        turn: u32,
        face: u32,
        monsters_come: bool,
    },
}

/// A way to open a locked door (AC-DUNGEON-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksUnlockMethod")]
pub enum UnlockMethod {
    Key,
    OpenLocks,
    Chop,
    Bash,
}

impl From<UnlockMethod> for rules::Unlock {
    fn from(m: UnlockMethod) -> Self {
        match m {
            UnlockMethod::Key => rules::Unlock::Key,
            UnlockMethod::OpenLocks => rules::Unlock::OpenLocks,
            UnlockMethod::Chop => rules::Unlock::Chop,
            UnlockMethod::Bash => rules::Unlock::Bash,
        }
    }
}
