//! The travel state the table keeps: the hex map, sites, the party, the day in progress,
//! Miasma rounds, options, and the events of the travel commands.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::edges::NetEdge;
use crate::expertise::{ExpertiseName, Expertises};
use crate::test_roll::{Characteristic, Tier};
use crate::travel::Step;
use crate::travel::hex::{Hex, HexInfo, HexMap};
use crate::travel::lost::Position;
use crate::travel::miasma::{MiasmaState, Row};
use crate::travel::roles::{Day, Task, TaskEffect};

/// A hex as the Referee draws it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexSpec {
    pub q: i32,
    pub r: i32,
    pub terrain: String,
    #[serde(default)]
    pub road: bool,
    #[serde(default)]
    pub river: bool,
    #[serde(default = "yes")]
    pub in_miasma: bool,
    /// On the players' map.
    #[serde(default = "yes")]
    pub shown: bool,
}

impl HexSpec {
    pub(in crate::ruleset) fn hex(&self) -> Hex {
        Hex::new(self.q, self.r)
    }
    pub(in crate::ruleset) fn info(&self) -> HexInfo {
        HexInfo {
            terrain: self.terrain.clone(),
            road: self.road,
            river: self.river,
            in_miasma: self.in_miasma,
        }
    }
}

/// A hex's coordinates in a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexAt {
    pub q: i32,
    pub r: i32,
}

/// What a site is (CR-POI-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SiteKind {
    Dungeon,
    /// A point of interest worth a visit; the group may ignore it.
    Landmark,
    /// A point of interest in the way (a river, a chasm); the group may go around it.
    Obstacle,
}

/// A dungeon or point of interest on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Site {
    pub name: String,
    pub kind: SiteKind,
    pub hex: Hex,
    /// CR-MIASMA-01: enclosed stone or metal interiors are free of it.
    pub in_miasma: bool,
    /// On the players' map.
    pub known: bool,
    /// The Referee's notes (never shown to players).
    #[serde(default)]
    pub notes: String,
}

/// Who travels.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Party {
    pub members: Vec<String>,
    /// Rider → mount (the mount's speed counts for the rider, CR-TRAVEL-04).
    #[serde(default)]
    pub mounts: BTreeMap<String, String>,
    /// Who makes the Miasma roll (CR-ERR-63).
    #[serde(default)]
    pub humans: Vec<String>,
}

/// One declared travel role.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoleEntry {
    pub creature: String,
    pub task: Task,
    pub characteristic: Characteristic,
    /// Fight the Miasma's or Support Everyone's creatures.
    #[serde(default)]
    pub picks: Vec<String>,
    /// Track Specific Creature: what is tracked.
    #[serde(default)]
    pub quarry: Option<String>,
    /// Track Specific Creature: the Referee's answer (None: not yet).
    #[serde(default)]
    pub allowed: Option<bool>,
}

/// A creature assisting a role-holder instead of holding a role (CR-ROLE-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssistEntry {
    pub helper: String,
    pub holder: String,
    pub characteristic: Characteristic,
    #[serde(default)]
    pub done: bool,
}

/// Something a task brought besides hexes and thresholds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reward {
    pub creature: String,
    pub effect: TaskEffect,
    /// Rations rolled, for a ration yield.
    #[serde(default)]
    pub rations: Option<u8>,
}

/// The rest in the open under way.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RestInOpen {
    pub in_miasma: bool,
    /// Expertise uses at the start of the rest (a rest in the Miasma gives none back).
    #[serde(default)]
    pub snapshot: BTreeMap<String, Expertises>,
    /// Rations eaten during the rest, per creature.
    #[serde(default)]
    pub meals: BTreeMap<String, u8>,
}

/// The day under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TravelDay {
    pub number: u32,
    pub step: Step,
    /// Pace, route, hexes and both thresholds (the pure day ledger).
    pub tally: Day,
    pub roles: Vec<RoleEntry>,
    #[serde(default)]
    pub assists: Vec<AssistEntry>,
    #[serde(default)]
    pub tests_started: bool,
    /// The test under way (its creature), if any.
    #[serde(default)]
    pub testing: Option<String>,
    /// Each role-holder's final tier.
    #[serde(default)]
    pub results: BTreeMap<String, Tier>,
    /// Support Everyone's bonus per creature (CR-ROLE-05).
    #[serde(default)]
    pub support: BTreeMap<String, i8>,
    /// Fight the Miasma's edge per creature for today's Miasma roll (CR-ROLE-03).
    #[serde(default)]
    pub miasma_edges: BTreeMap<String, NetEdge>,
    #[serde(default)]
    pub approved: BTreeMap<String, Vec<ExpertiseName>>,
    #[serde(default)]
    pub hexes_moved: u8,
    #[serde(default)]
    pub encounter_checks: u32,
    #[serde(default)]
    pub encounters: u32,
    #[serde(default)]
    pub rewards: Vec<Reward>,
    #[serde(default)]
    pub rest: Option<RestInOpen>,
}

impl TravelDay {
    /// Whether the role tests are over (the day's hexes and thresholds are final).
    pub fn roles_done(&self) -> bool {
        !matches!(self.step, Step::Pace | Step::Roles)
    }
}

/// A tier-3 Miasma roller's choice (CR-MIASMA-03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MiasmaPick {
    ClearCruelty,
    Raise { target: String },
}

/// The Miasma rolls after one rest.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MiasmaRound {
    pub rollers: Vec<String>,
    #[serde(default)]
    pub tiers: BTreeMap<String, Tier>,
    #[serde(default)]
    pub testing: Option<String>,
    /// Tier-3 rollers and their choice once made.
    #[serde(default)]
    pub picks: BTreeMap<String, Option<MiasmaPick>>,
    #[serde(default)]
    pub choices_asked: bool,
}

/// The Referee's travel settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TravelOptions {
    /// CR-ERR-57: creatures in one role take different tasks.
    pub distinct_tasks: bool,
}

impl Default for TravelOptions {
    fn default() -> Self {
        TravelOptions {
            distinct_tasks: true,
        }
    }
}

/// The travel part of the table state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TravelState {
    #[serde(default)]
    pub options: TravelOptions,
    #[serde(default)]
    pub map: HexMap,
    /// Hexes the players do not see on their map.
    #[serde(default)]
    pub hidden_hexes: BTreeSet<Hex>,
    #[serde(default)]
    pub sites: BTreeMap<String, Site>,
    #[serde(default)]
    pub party: Party,
    /// The true hex (Referee only while lost) and the believed hex (CR-LOST-01).
    #[serde(default)]
    pub position: Option<Position>,
    #[serde(default)]
    pub day: Option<TravelDay>,
    /// Travel days begun so far.
    #[serde(default)]
    pub days: u32,
    /// The site being explored in dungeon turns.
    #[serde(default)]
    pub exploring: Option<String>,
    /// The encounter threshold of dungeon turns at a site: the travel day's travel threshold
    /// (CR-POI-02). The explore family's dungeon encounter check uses it while it is set.
    #[serde(default)]
    pub dungeon_encounter_threshold: Option<u8>,
    /// Each human's cruelty and Miasma rows.
    #[serde(default)]
    pub miasma: BTreeMap<String, MiasmaState>,
    /// The expertise a Liar row gave, per creature (removed when the row ends).
    #[serde(default)]
    pub granted: BTreeMap<String, ExpertiseName>,
    #[serde(default)]
    pub round: Option<MiasmaRound>,
    /// Creatures whose last rest gave no benefits (Ravenous without two rations).
    #[serde(default)]
    pub rest_denied: BTreeSet<String>,
    /// Hours outside a dungeon not yet making a whole usage-dice turn.
    #[serde(default)]
    pub hours_carry: u32,
}

/// How a lost party found its way (CR-LOST-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FoundBy {
    Map,
    Landmark,
    Directions,
    /// The guide's Back on Track test (CR-LOST-03).
    BackOnTrack,
}

/// A hex as an event carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexEntry {
    pub hex: Hex,
    pub info: HexInfo,
    pub shown: bool,
}

/// The events of the travel commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum TravelEvent {
    TravelOptionsSet {
        options: TravelOptions,
    },
    HexesSet {
        hexes: Vec<HexEntry>,
    },
    HexesRemoved {
        hexes: Vec<Hex>,
    },
    SiteSet {
        id: String,
        site: Site,
    },
    /// What players see of a site (display only).
    SiteSeen {
        id: String,
        name: String,
        kind: SiteKind,
        #[serde(default)]
        hex: Option<Hex>,
    },
    SiteRemoved {
        id: String,
    },
    /// A Treasure Hunt's roll on a loaded interesting-finds table (the Referee's; display
    /// only, CR-EXT-03).
    FindsRolled {
        creature: String,
        finds: crate::travel::roles::Finds,
        table: String,
        roll: i64,
        #[serde(default)]
        result: Option<String>,
    },
    PartySet {
        party: Party,
    },
    /// The party's position changed (Referee only while lost).
    PositionSet {
        position: Position,
        why: String,
    },
    /// What players see of a position change: the believed hex (display only).
    PositionSeen {
        believed_hex: Hex,
        lost: bool,
        why: String,
    },
    DayBegun {
        number: u32,
        tally: Day,
    },
    RoleDeclared {
        role: RoleEntry,
    },
    RoleWithdrawn {
        creature: String,
    },
    TrackRuled {
        creature: String,
        allowed: bool,
    },
    AssistDeclared {
        assist: AssistEntry,
    },
    RoleTestsStarted {
        approved: BTreeMap<String, Vec<ExpertiseName>>,
    },
    /// A travel or Miasma test of this creature is under way.
    TravelTestStarted {
        creature: String,
    },
    AssistMade {
        helper: String,
        holder: String,
    },
    RoleResolved {
        creature: String,
        task: Task,
        tier: Tier,
        tally: Day,
    },
    ChoiceMade {
        creature: String,
        option: String,
        tally: Day,
    },
    SupportGiven {
        by: String,
        to: Vec<String>,
        bonus: i8,
    },
    MiasmaEdgeGiven {
        by: String,
        to: Vec<String>,
        edge: NetEdge,
    },
    Rewarded {
        reward: Reward,
    },
    RolesDone {
        hexes: u8,
        travel_threshold: u8,
        rest_threshold: u8,
    },
    RoadChecked {
        d10: u8,
        threshold: u8,
        encounter: bool,
        during_rest: bool,
    },
    /// The Referee's ruling on an encounter (what and when; Referee only).
    EncounterRuled {
        timing: String,
        #[serde(default)]
        text: Option<String>,
    },
    HexLeft {
        hexes_moved: u8,
    },
    SiteRuled {
        site: String,
        choice: String,
    },
    SiteEntered {
        site: String,
        name: String,
        kind: SiteKind,
        threshold: u8,
    },
    SiteLeft {},
    RestBegun {
        in_miasma: bool,
        threshold: u8,
    },
    /// The expertise uses at the start of a rest in the open (Referee only).
    RestSnapshot {
        snapshot: BTreeMap<String, Expertises>,
    },
    MealsEaten {
        creature: String,
        rations: u8,
    },
    TravelRestInterrupted {},
    RestDenied {
        creature: String,
        rule: String,
    },
    MiasmaRoundStarted {
        rollers: Vec<String>,
    },
    MiasmaRolled {
        creature: String,
        tier: Tier,
    },
    MiasmaChoiceAsked {},
    MiasmaChoice {
        creature: String,
        pick: MiasmaPick,
    },
    /// A creature's Miasma state after a change (`rows_rolled`: the effects-table rolls).
    MiasmaSet {
        creature: String,
        state: MiasmaState,
        what: String,
        #[serde(default)]
        rows_rolled: Vec<Row>,
    },
    ExpertiseGranted {
        creature: String,
        expertise: Option<ExpertiseName>,
    },
    MiasmaRoundDone {},
    StepSet {
        step: Step,
    },
    DayEnded {
        number: u32,
    },
    HoursPassed {
        hours: u32,
        carry: u32,
    },
}

/// Most hexes on one map (and in one `set_hexes`).
pub const MAX_HEXES: usize = 20_000;

/// Most sites on one map.
pub const MAX_SITES: usize = 1_000;

/// Most members of a travelling party.
pub const MAX_PARTY: usize = 64;

pub(in crate::ruleset) fn yes() -> bool {
    true
}

/// What a travel decision's context says it is about: the creature (`crows.travel.choice`,
/// `track_allowed`, the Miasma's questions) or the site (`crows.travel.site_reached`); a key
/// missing from an old log reads as empty.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DecisionAbout {
    #[serde(default)]
    pub creature: String,
    #[serde(default)]
    pub site: String,
}

impl DecisionAbout {
    /// The context read back (empty when it has another shape).
    pub fn of(context: &serde_json::Value) -> Self {
        serde_json::from_value(context.clone()).unwrap_or_default()
    }
}
