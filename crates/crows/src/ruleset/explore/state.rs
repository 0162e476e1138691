//! The exploration state the table keeps: the dungeon visit, rests and their records, town
//! days, and the events of the exploration commands.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

use crate::dungeon_turns::{GreedLedger, OutsideClock};
use crate::encounters::{EncounterCheck, EncounterOptions, LevelState, PendingEncounter};
use crate::inventory::ItemId;
use crate::rest::RestEncounter;
use crate::rest_activities::{ActivityOutcome, RestActivity};
use crate::town::TownDay;

/// How long a dungeon turn lasts (CR-DT-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DungeonLength {
    /// Real minutes on the engine's timer.
    Minutes(u32),
    /// The turn ends when the party has explored 1d6 rooms.
    Rooms,
    /// Ended only by the Referee (`clock end_exploration_turn`).
    Manual,
}

/// Where a rest takes place (CR-REST-08).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RestPlace {
    Dungeon,
    /// On the road or in the wilderness: travel-encounter rules.
    Wilderness,
    /// A place with no chance of encounters (CR-REF-32): no check.
    Safe,
}

/// A rest activity as chosen on the wire (a harvest's size is read from the corpse).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActivityChoice {
    Craft { item: String },
    Harvest { corpse: String },
    Identify { item: ItemId },
    Prepare { task: String },
    RepairArmor { item: ItemId },
    SecludeCamp,
    TendWounds { target: String },
    Other { name: String },
}

/// The dungeon being explored, as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Visit {
    pub dungeon: String,
    pub length: DungeonLength,
    /// This is the group's first entry: finds in turns 1–3 gain the greed reward (CR-DT-07).
    pub greed_open: bool,
    /// The 1d6 rooms of the current turn ("rooms" length).
    #[serde(default)]
    pub rooms: Option<u8>,
    #[serde(default)]
    pub rooms_explored: u8,
    /// The Referee paused the turn (CR-DT-03).
    #[serde(default)]
    pub paused: bool,
    /// A rest is under way: no dungeon turn runs (CR-REST-03).
    #[serde(default)]
    pub resting: bool,
}

/// What only the Referee knows about the visit.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct VisitSecrets {
    pub level: LevelState,
    /// Other EN modifiers (CR-ENC-07).
    pub threshold_modifier: i8,
    /// The dungeon's encounter tables (CR-ENC-04).
    pub tables: Vec<String>,
    /// Signalled encounters waiting for their moment (CR-ENC-06).
    pub pending: Vec<PendingEncounter>,
}

/// A rest under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestRecord {
    pub party: Vec<String>,
    pub place: RestPlace,
    #[serde(default)]
    pub halfway: bool,
    #[serde(default)]
    pub check_made: bool,
    /// Who secluded the camp (CR-RACT-08).
    #[serde(default)]
    pub camp_secluded_by: Option<String>,
    #[serde(default)]
    pub activities: BTreeMap<String, RestActivity>,
    /// Asleep, hence unconscious (CR-REST-07).
    #[serde(default)]
    pub asleep: BTreeSet<String>,
    /// Hours of sleep recorded this rest, by creature (CR-REST-01: 4 needed).
    #[serde(default)]
    pub slept: BTreeMap<String, u32>,
    /// Ravenous creatures (CR-MIASMA-07) that could not eat the rations they need.
    #[serde(default)]
    pub hungry: BTreeSet<String>,
    /// `finish_rest` was sent: the wound picks are open.
    #[serde(default)]
    pub finishing: bool,
    /// Creatures for which the rest is not complete, with the rule that denies it (set by
    /// `finish_rest`): no benefits, no activity.
    #[serde(default)]
    pub unrested: BTreeMap<String, String>,
}

/// A creature picking wounds to remove.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoundPick {
    /// `rest` or `town`.
    pub purpose: String,
    pub needed: u8,
    #[serde(default)]
    pub chosen: Vec<u8>,
}

/// A Prepare for Task bonus in force (CR-RACT-06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preparation {
    pub task: String,
    pub bonus: i8,
}

/// The explore part of the table state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ExploreState {
    #[serde(default)]
    pub visit: Option<Visit>,
    #[serde(default)]
    pub secrets: Option<VisitSecrets>,
    /// Which player sets have had their greed window in which dungeon (CR-DT-08).
    #[serde(default)]
    pub greed: GreedLedger,
    #[serde(default)]
    pub encounter_options: EncounterOptions,
    /// Game time outside a dungeon toward the next 2-hour turn end (CR-DT-09).
    #[serde(default)]
    pub outside: OutsideClock,
    #[serde(default)]
    pub rest: Option<RestRecord>,
    /// The last rest was interrupted (CR-REST-09).
    #[serde(default)]
    pub last_rest_interrupted: bool,
    #[serde(default)]
    pub wound_picks: BTreeMap<String, WoundPick>,
    /// The Referee's rulings on Prepare for Task, by creature (CR-REF-33).
    #[serde(default)]
    pub task_rulings: BTreeMap<String, bool>,
    #[serde(default)]
    pub preparations: BTreeMap<String, Preparation>,
    /// How many crafting parts each creature has harvested (CR-RACT-04), a tally: the parts
    /// themselves are items, left on the ground for the harvester to pick up (CR-CRAFT-04).
    #[serde(default)]
    pub parts: BTreeMap<String, u32>,
    /// Corpses destroyed by a harvest.
    #[serde(default)]
    pub harvested: BTreeSet<String>,
    #[serde(default)]
    pub town: Option<TownDay>,
    /// The latest encounter checks, dungeon turns' and rests', oldest first (at most
    /// [`RECENT`]): the Referee's screen lists them whatever part of the log it has loaded.
    #[serde(default)]
    pub recent_checks: VecDeque<RecentCheck>,
    /// The latest treasure valuations (CR-DT-07), oldest first (at most [`RECENT`]).
    #[serde(default)]
    pub recent_treasure: VecDeque<TreasureValuation>,
}

/// How many recent encounter checks and treasure valuations the state keeps for the screens.
pub const RECENT: usize = 5;

/// One recent encounter check, as its event told it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecentCheck {
    /// At the end of a dungeon turn (CR-ENC-01).
    Turn { turn: u32, check: EncounterCheck },
    /// During a rest (CR-REST-08).
    Rest { result: RestEncounter },
}

/// One treasure valuation (CR-DT-07), as its event told it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreasureValuation {
    pub what: String,
    pub base: u64,
    pub turn: u32,
    pub percent: u32,
    pub value: u64,
}

/// Appends to a bounded list of recent lines, dropping the oldest past [`RECENT`].
pub(super) fn push_recent<T>(list: &mut VecDeque<T>, item: T) {
    list.push_back(item);
    while list.len() > RECENT {
        list.pop_front();
    }
}

/// The events of the explore commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum ExploreEvent {
    DungeonEntered {
        dungeon: String,
        length: DungeonLength,
        players: BTreeSet<String>,
        greed_open: bool,
    },
    DungeonJudged {
        level: LevelState,
        threshold_modifier: i8,
        tables: Vec<String>,
    },
    DungeonLeft {
        dungeon: String,
    },
    DungeonTurnPaused {},
    DungeonTurnResumed {},
    RoomsRolled {
        rooms: u8,
    },
    RoomMarked {
        explored: u8,
        rooms: u8,
    },
    EncounterChecked {
        check: EncounterCheck,
        turn: u32,
    },
    EncounterSign {
        text: String,
    },
    EncounterTable {
        table: String,
        #[serde(default)]
        roll: Option<i64>,
        #[serde(default)]
        result: Option<String>,
    },
    EncounterHappened {
        due_turn: u32,
    },
    /// The turn a signalled encounter was due in ended without it (a reminder).
    EncounterOverdue {
        due_turn: u32,
    },
    TreasureValued {
        what: String,
        base: u64,
        turn: u32,
        percent: u32,
        value: u64,
    },
    EncounterRulesSet {
        options: EncounterOptions,
    },
    OutsideTimePassed {
        minutes: u64,
        turn_ends: u32,
    },
    RestStarted {
        party: Vec<String>,
        place: RestPlace,
        /// The dungeon turn that the rest ended (CR-DT-10).
        #[serde(default)]
        ended_turn: Option<u32>,
        /// Ravenous creatures that ate fewer rations than they need (CR-MIASMA-07).
        #[serde(default)]
        hungry: Vec<String>,
    },
    RestMidpoint {
        effects_ended: Vec<String>,
    },
    /// These creatures went to sleep (CR-REST-07) for `hours` of the rest (CR-REST-01).
    RestAsleep {
        creatures: Vec<String>,
        #[serde(default = "default_sleep_hours")]
        hours: u32,
    },
    /// These sleepers woke.
    RestWoke {
        creatures: Vec<String>,
    },
    RestEncounterChecked {
        result: RestEncounter,
        #[serde(default)]
        due_turn: Option<u32>,
    },
    RestActivityChosen {
        creature: String,
        activity: RestActivity,
    },
    TaskRuled {
        creature: String,
        approved: bool,
    },
    RestInterrupted {
        reason: Option<String>,
    },
    RestFinishing {
        picks: BTreeMap<String, u8>,
        /// Creatures the rest gives nothing, with the rule (CR-REST-01 sleep, CR-MIASMA-07).
        #[serde(default)]
        unrested: BTreeMap<String, String>,
    },
    WoundPicked {
        creature: String,
        slot: u8,
    },
    RestFinished {
        party: Vec<String>,
    },
    ActivityResolved {
        creature: String,
        outcome: ActivityOutcome,
        /// A town activity (CR-TOWN-01) rather than the end of a rest.
        #[serde(default)]
        in_town: bool,
    },
    TownEntered {
        day: u32,
    },
    TownLeft {},
    TownNewDay {},
    TownActivityStarted {
        creature: String,
        activity: RestActivity,
    },
    TownActivityCancelled {
        creature: String,
    },
    TownWorked {
        creature: String,
        minutes: u32,
    },
    TownActivityDone {
        creature: String,
    },
    TownSlept {
        creature: String,
        hours: u32,
    },
    /// A tended creature's sleep earned the benefit: it picks its wounds (CR-TOWN-02).
    TownPicksOpened {
        creature: String,
        needed: u8,
    },
    TownTended {
        creature: String,
        wounds_removed: Vec<u8>,
    },
}

/// The real-time lengths the book offers (CR-DT-05).
pub use crate::encounters::BOOK_TURN_MINUTES;

/// Game minutes a rest takes (CR-REST-01).
pub const REST_MINUTES: u64 = crate::rest::REST_HOURS as u64 * 60;

/// Most game minutes one `pass_time` may move (a week).
pub const MAX_PASS_MINUTES: u64 = 7 * 24 * 60;

pub(in crate::ruleset) fn default_sleep_hours() -> u32 {
    crate::rest::ASLEEP_HOURS
}
