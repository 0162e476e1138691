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
}

crate::refusal::refusal!(EncounterError, "encounter");

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
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
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
