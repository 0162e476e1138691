//! Dungeon encounters («Встречи в подземелье») and the encounter checks of a rest
//! («Встречи на отдыхе»).
//!
//! The Referee rolls 1d10 against the encounter number (EN); the engine passes the face in.
//! Everything the book leaves to the Referee (whether an act is loud enough, whether the level
//! is crowded or the party left a trail of chaos, the sign, the moment, the table) arrives as
//! data or leaves as a [`EncounterDecision`] request (CR-REF-30).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The default dungeon EN (CR-ENC-03).
pub const DEFAULT_THRESHOLD: u8 = 9;
/// The EN cap (CR-ROAD-01, extended to every check by CR-ERR-47's default).
pub const THRESHOLD_CAP: u8 = 10;
/// The die face that makes the encounter happen at once (CR-ENC-05).
pub const IMMEDIATE_FACE: u8 = 10;

/// Errors of this module.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    Serialize,
    Deserialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum EncounterError {
    #[error("CR-ENC-02: the encounter check is 1d10; face {0} is impossible")]
    #[strum(props(rule = "CR-ENC-02"))]
    BadFace(u8),
    #[error("CR-ENC-04: the Referee must pick one of the offered encounter tables, not {0}")]
    #[strum(props(rule = "CR-ENC-04"))]
    UnknownTable(String),
    #[error("CR-ENC-04: no encounter table entered for this dungeon")]
    #[strum(props(rule = "CR-ENC-04"))]
    NoTable,
    // The dungeon visit and its turns (CR-DT), checked by the `may_…` functions below.
    #[error("CR-DT-01: name the dungeon")]
    #[strum(props(rule = "CR-DT-01"))]
    NoDungeon,
    #[error("CR-DT-01: the party is already in `{dungeon}`")]
    #[strum(props(rule = "CR-DT-01"))]
    InDungeon { dungeon: String },
    #[error("CR-DT-01: exploration turns already run (end them first)")]
    #[strum(props(rule = "CR-DT-01"))]
    ExplorationRunning,
    #[error("CR-REST-03: the party is resting")]
    #[strum(props(rule = "CR-REST-03"))]
    EnterResting,
    #[error("CR-TOWN-01: leave town before entering a dungeon")]
    #[strum(props(rule = "CR-TOWN-01"))]
    EnterFromTown,
    #[error(
        "CR-DT-05: a dungeon turn lasts 20, 30 or 60 real minutes or 1d6 rooms, not {minutes} \
         minutes (a house rule sets other lengths with dungeon_turn_minutes)"
    )]
    #[strum(props(rule = "CR-DT-05"))]
    BadLength { minutes: u32 },
    #[error("CR-ENC-02: a d10 showed {face}, outside 1…10")]
    #[strum(props(rule = "CR-ENC-02"))]
    D10Showed { face: i64 },
    #[error("CR-DT-01: the party is not in a dungeon (send enter_dungeon first)")]
    #[strum(props(rule = "CR-DT-01"))]
    NotInDungeon,
    #[error("CR-DT-03: the dungeon turn is already paused")]
    #[strum(props(rule = "CR-DT-03"))]
    AlreadyPaused,
    #[error("CR-DT-03: the dungeon turn is not paused")]
    #[strum(props(rule = "CR-DT-03"))]
    NotPaused,
    #[error("CR-DT-05: rooms are counted only with the \"1d6 rooms\" turn length")]
    #[strum(props(rule = "CR-DT-05"))]
    NotRoomBased,
    #[error("CR-REST-03: the party is resting; no dungeon turn runs")]
    #[strum(props(rule = "CR-REST-03"))]
    NoTurnWhileResting,
    #[error("CR-ENC-01: during a rest the rest's own check applies (CR-REST-08)")]
    #[strum(props(rule = "CR-ENC-01"))]
    RestChecksItself,
    #[error("CR-REST-09: end or interrupt the rest before leaving")]
    #[strum(props(rule = "CR-REST-09"))]
    LeaveResting,
    #[error("CR-ENC-06: describe the sign the players notice (free text)")]
    #[strum(props(rule = "CR-ENC-06"))]
    NoSign,
    #[error("CR-DT-04: inside a dungeon time runs in dungeon turns, not game minutes")]
    #[strum(props(rule = "CR-DT-04"))]
    TimeInDungeon,
}

crate::refusal::refusal!(EncounterError, "encounter");

/// Dungeon turn lengths in real minutes the book gives (CR-DT-05); a house rule may set others.
pub const BOOK_TURN_MINUTES: [u32; 3] = [20, 30, 60];

/// Where the party is when a dungeon command comes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Whereabouts {
    /// The dungeon it visits, if any.
    pub dungeon: Option<String>,
    /// The engine already runs exploration turns.
    pub exploration_running: bool,
    /// A rest is under way.
    pub resting: bool,
    /// The party is in town.
    pub in_town: bool,
}

/// `enter_dungeon` (CR-DT-01): a named dungeon, not already in one, no exploration turns
/// running, not resting (CR-REST-03), not in town (CR-TOWN-01); `minutes`: the turn length
/// asked for in real minutes, one of the book's (CR-DT-05).
pub fn may_enter_dungeon(
    dungeon: &str,
    at: &Whereabouts,
    minutes: Option<u32>,
) -> Result<(), EncounterError> {
    if dungeon.trim().is_empty() {
        return Err(EncounterError::NoDungeon);
    }
    if let Some(d) = &at.dungeon {
        return Err(EncounterError::InDungeon { dungeon: d.clone() });
    }
    if at.exploration_running {
        return Err(EncounterError::ExplorationRunning);
    }
    if at.resting {
        return Err(EncounterError::EnterResting);
    }
    if at.in_town {
        return Err(EncounterError::EnterFromTown);
    }
    match minutes {
        Some(m) if !BOOK_TURN_MINUTES.contains(&m) => Err(EncounterError::BadLength { minutes: m }),
        _ => Ok(()),
    }
}

/// The visit under way, if the party is in a dungeon (CR-DT-01).
pub fn visiting<T>(visit: Option<T>) -> Result<T, EncounterError> {
    visit.ok_or(EncounterError::NotInDungeon)
}

/// `pause_dungeon_turn` / `resume_dungeon_turn` (CR-DT-03): `pause`: which one.
pub fn may_pause(pause: bool, paused: bool) -> Result<(), EncounterError> {
    match (pause, paused) {
        (true, true) => Err(EncounterError::AlreadyPaused),
        (false, false) => Err(EncounterError::NotPaused),
        _ => Ok(()),
    }
}

/// `room_explored` (CR-DT-05): turns of 1d6 rooms, and no turn runs during a rest (CR-REST-03).
pub fn may_mark_room(room_based: bool, resting: bool) -> Result<(), EncounterError> {
    if !room_based {
        return Err(EncounterError::NotRoomBased);
    }
    if resting {
        return Err(EncounterError::NoTurnWhileResting);
    }
    Ok(())
}

/// `loud_noise` (CR-ENC-01): not during a rest, whose own check applies (CR-REST-08).
pub fn may_check_for_noise(resting: bool) -> Result<(), EncounterError> {
    if resting {
        return Err(EncounterError::RestChecksItself);
    }
    Ok(())
}

/// `leave_dungeon`: the rest is ended or interrupted first (CR-REST-09).
pub fn may_leave_dungeon(resting: bool) -> Result<(), EncounterError> {
    if resting {
        return Err(EncounterError::LeaveResting);
    }
    Ok(())
}

/// `pass_time`: outside a dungeon, whose time runs in dungeon turns (CR-DT-04).
pub fn may_pass_time(in_dungeon: bool) -> Result<(), EncounterError> {
    if in_dungeon {
        return Err(EncounterError::TimeInDungeon);
    }
    Ok(())
}

/// The sign of a coming encounter the Referee describes (CR-ENC-06): some words.
pub fn sign(text: Option<String>) -> Result<String, EncounterError> {
    text.filter(|t| !t.trim().is_empty())
        .ok_or(EncounterError::NoSign)
}

/// A secret d10 the engine rolled for a check (CR-ENC-02): its face.
pub fn d10_face(total: i64) -> Result<u8, EncounterError> {
    u8::try_from(total)
        .ok()
        .filter(|f| (1..=10).contains(f))
        .ok_or(EncounterError::D10Showed { face: total })
}

/// The Referee's judgement of the level (CR-ENC-03, CR-REF-30).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelState {
    /// Densely populated (guideline: more than twenty creatures).
    pub crowded: bool,
    /// The party left too much chaos behind (e.g. a trail of bodies).
    pub chaos_trail: bool,
}

/// One row of the dungeon EN table (CR-ENC-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThresholdRow {
    pub crowded: bool,
    pub chaos_trail: bool,
    pub threshold: u8,
}

/// The dungeon EN table: 9 by default, 8 with one flag, 7 with both (CR-ENC-03).
pub const DUNGEON_THRESHOLDS: [ThresholdRow; 4] = [
    ThresholdRow {
        crowded: false,
        chaos_trail: false,
        threshold: 9,
    },
    ThresholdRow {
        crowded: true,
        chaos_trail: false,
        threshold: 8,
    },
    ThresholdRow {
        crowded: false,
        chaos_trail: true,
        threshold: 8,
    },
    ThresholdRow {
        crowded: true,
        chaos_trail: true,
        threshold: 7,
    },
];

/// The dungeon EN for the Referee's judgement of the level (CR-ENC-03).
pub fn dungeon_threshold(level: LevelState) -> u8 {
    DEFAULT_THRESHOLD - u8::from(level.crowded) - u8::from(level.chaos_trail)
}

/// CR-ERR-45: the sign of the Seclude Camp modifier.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SecludeCampSign {
    /// Default (the translation): the EN goes up by 1, fewer encounters.
    #[default]
    Raise,
    /// The English transcription: the EN goes down by 1.
    Lower,
}

/// Options of the encounter rules (checklist section 39).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncounterOptions {
    /// CR-ERR-47: cap every EN at 10 so a 10 always triggers (default true).
    pub cap_at_ten: bool,
    /// CR-ERR-45.
    pub seclude_camp: SecludeCampSign,
}

impl Default for EncounterOptions {
    fn default() -> Self {
        EncounterOptions {
            cap_at_ten: true,
            seclude_camp: SecludeCampSign::Raise,
        }
    }
}

/// The EN after modifiers from other sections (CR-ENC-07): `base` plus `camp_secluded`
/// (Seclude Camp, CR-RACT-08) plus any other signed `extra` (travel pace, roads…), capped at
/// 10 when the option says so; never below 1 (every check then triggers, CR-ERR-47).
pub fn modified_threshold(
    base: u8,
    camp_secluded: bool,
    extra: i8,
    options: &EncounterOptions,
) -> u8 {
    let camp = match (camp_secluded, options.seclude_camp) {
        (false, _) => 0,
        (true, SecludeCampSign::Raise) => 1,
        (true, SecludeCampSign::Lower) => -1,
    };
    let raw = (i16::from(base) + camp + i16::from(extra)).max(1);
    let capped = if options.cap_at_ten {
        raw.min(i16::from(THRESHOLD_CAP))
    } else {
        raw
    };
    // 1..=u8::MAX after the clamps above (base ≤ 255, modifiers are small).
    u8::try_from(capped).unwrap_or(u8::MAX)
}

/// Why a check is made (CR-ENC-01, CR-REST-08).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum CheckReason {
    /// The end of a dungeon turn.
    EndOfTurn,
    /// The party did something very loud; the Referee names it (CR-REF-30).
    LoudAction { what: String },
    /// A rest in a dungeon (dungeon rules).
    DungeonRest,
}

/// The outcome of one encounter check (CR-ENC-02, -05, -06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum CheckOutcome {
    /// Below the EN.
    Nothing,
    /// A 10: the encounter happens now, even in the middle of combat.
    Immediate,
    /// 9 or lower and at least the EN: a sign now, the encounter during dungeon turn
    /// `due_turn` at a moment the Referee picks.
    Sign { due_turn: u32 },
}

/// A recorded encounter check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncounterCheck {
    pub reason: CheckReason,
    pub face: u8,
    pub threshold: u8,
    pub outcome: CheckOutcome,
}

/// A signalled encounter waiting for the Referee (CR-ENC-06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingEncounter {
    /// The dungeon turn during which it happens.
    pub due_turn: u32,
    pub reason: CheckReason,
}

/// What the Referee must decide after a check (CR-REF-30).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum EncounterDecision {
    /// Describe a sign of the approaching encounter to the players now.
    GiveSign,
    /// Pick the moment during dungeon turn `turn` when the signalled encounter happens.
    ChooseMoment { turn: u32 },
    /// Several monster types infest the dungeon: pick the encounter table.
    ChooseTable { tables: Vec<String> },
    /// Roll on this table (its rows are Referee-book content, CR-EXT).
    RollOnTable { table: String },
}

/// Makes one encounter check with the d10 `face` against `threshold`, during dungeon turn
/// `current_turn` (CR-ENC-02, -05, -06).
pub fn check(
    reason: CheckReason,
    face: u8,
    threshold: u8,
    current_turn: u32,
) -> Result<EncounterCheck, EncounterError> {
    if !(1..=10).contains(&face) {
        return Err(EncounterError::BadFace(face));
    }
    let outcome = if face < threshold {
        CheckOutcome::Nothing
    } else if face == IMMEDIATE_FACE {
        CheckOutcome::Immediate
    } else {
        CheckOutcome::Sign {
            due_turn: current_turn + 1,
        }
    };
    Ok(EncounterCheck {
        reason,
        face,
        threshold,
        outcome,
    })
}

impl EncounterCheck {
    /// The signalled encounter to remember, if any.
    pub fn pending(&self) -> Option<PendingEncounter> {
        match self.outcome {
            CheckOutcome::Sign { due_turn } => Some(PendingEncounter {
                due_turn,
                reason: self.reason.clone(),
            }),
            _ => None,
        }
    }

    /// The Referee's decisions this check opens; `tables` are the dungeon's encounter tables.
    pub fn decisions(&self, tables: &[String]) -> Result<Vec<EncounterDecision>, EncounterError> {
        let mut out = Vec::new();
        match self.outcome {
            CheckOutcome::Nothing => return Ok(out),
            CheckOutcome::Sign { due_turn } => {
                out.push(EncounterDecision::GiveSign);
                out.push(EncounterDecision::ChooseMoment { turn: due_turn });
            }
            CheckOutcome::Immediate => {}
        }
        out.push(table_decision(tables)?);
        Ok(out)
    }
}

/// One table: roll on it; several: the Referee picks (CR-ENC-04).
pub fn table_decision(tables: &[String]) -> Result<EncounterDecision, EncounterError> {
    match tables {
        [] => Err(EncounterError::NoTable),
        [one] => Ok(EncounterDecision::RollOnTable { table: one.clone() }),
        many => Ok(EncounterDecision::ChooseTable {
            tables: many.to_vec(),
        }),
    }
}
