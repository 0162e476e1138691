//! Overland travel («Путешествие по суше»): the hex map, pace, travel roles, getting lost and
//! the Miasma. Pure rules: dice arrive as faces, Referee and player choices as decision data.
//!
//! - [`hex`]: flat-topped hexes in axial coordinates, neighbours clockwise from due north.
//! - [`pace`]: pace table, slowest-speed, road and river adjustments (CR-TRAVEL-03…05, 07).
//! - [`roles`]: travel roles, their task tier tables and the day's ledger (CR-ROLE, CR-TRAVEL-06).
//! - [`lost`]: true vs believed position, drift, Back on Track (CR-LOST).
//! - [`miasma`]: the Mind resistance roll, cruelty and the effects table (CR-MIASMA).
//! - [`road`]: the travel and rest encounter checks at the day's thresholds (CR-ROAD).
//! - [`Step`]: the seven steps of a travel day in order (CR-TRAVEL-02).

pub mod hex;
pub mod lost;
pub mod miasma;
pub mod pace;
pub mod road;
pub mod roles;

use thiserror::Error;

/// The largest encounter threshold a travel day may have (CR-ROAD-01, CR-ROAD-04).
pub const MAX_THRESHOLD: u8 = 10;

/// Bad input to the travel rules; every variant names the rule or limit it breaks.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum TravelError {
    #[error("die face {face} is not a d{sides} face")]
    BadFace { face: u8, sides: u8 },
    #[error("CR-ROLE-01: only one creature may be the guide")]
    #[strum(props(rule = "CR-ROLE-01"))]
    SecondGuide,
    #[error("CR-ROLE-01: the {role} role holds at most three creatures")]
    #[strum(props(rule = "CR-ROLE-01"))]
    RoleFull { role: &'static str },
    #[error("CR-ERR-57: the task {task} is already taken in its role")]
    #[strum(props(rule = "CR-ERR-57"))]
    TaskTaken { task: &'static str },
    #[error("CR-ROLE-01: creature {0} already holds a role today")]
    #[strum(props(rule = "CR-ROLE-01"))]
    CreatureHasRole(u32),
    #[error("CR-ROLE-15: creature {0} refuses every travel role (Miasma effect 9–10)")]
    #[strum(props(rule = "CR-ROLE-15"))]
    RefusesRoles(u32),
    #[error("CR-ROLE-05: Support Everyone picks at most four allies")]
    #[strum(props(rule = "CR-ROLE-05"))]
    TooManyAllies,
    #[error("CR-ROLE-03: Fight the Miasma picks at most four creatures")]
    #[strum(props(rule = "CR-ROLE-03"))]
    TooManyBacked,
    #[error("CR-ROLE-02: task {task} does not belong to the {role} role")]
    #[strum(props(rule = "CR-ROLE-02"))]
    WrongRole {
        task: &'static str,
        role: &'static str,
    },
    #[error("CR-LOST-03: Back on Track is only made while the group is lost")]
    #[strum(props(rule = "CR-LOST-03"))]
    NotLost,
    #[error("CR-MIASMA-08: the character has turned (Miasma 13+) and rolls no more Miasma effects")]
    #[strum(props(rule = "CR-MIASMA-08"))]
    Turned,
    #[error("CR-MIASMA-06: every row of the effects table is already in force")]
    #[strum(props(rule = "CR-MIASMA-06"))]
    NoFreeRow,
    #[error("decision answer does not fit the pending choice: {0}")]
    BadAnswer(&'static str),
}

crate::refusal::refusal!(TravelError, "travel");

/// The steps of one travel day, in order (CR-TRAVEL-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The group sets its pace together.
    Pace,
    /// Every PC and hireling declares a role and tests: supporters, guide, scouts, trackers.
    Roles,
    /// The Referee's travel-encounter check (more at the Referee's option, CR-ROAD-03).
    EncounterCheck,
    /// The group reached a dungeon or point of interest: dungeon turns at the travel threshold.
    Explore,
    /// A rest in the open, with the rest-encounter threshold.
    Rest,
    /// Every human who rested in the Miasma makes the Mind resistance roll.
    Miasma,
    /// The day is over; the next begins with [`Step::Pace`].
    NextDay,
}

impl Step {
    /// The step after this one. `explores`: the group stops at a site it wants to explore;
    /// `rests_in_open`: it rests outside tonight; `in_miasma`: that rest is in the Miasma.
    pub fn next(self, explores: bool, rests_in_open: bool, in_miasma: bool) -> Step {
        match self {
            Step::Pace => Step::Roles,
            Step::Roles => Step::EncounterCheck,
            Step::EncounterCheck if explores => Step::Explore,
            Step::EncounterCheck | Step::Explore if rests_in_open => Step::Rest,
            Step::EncounterCheck | Step::Explore => Step::NextDay,
            Step::Rest if in_miasma => Step::Miasma,
            Step::Rest | Step::Miasma => Step::NextDay,
            Step::NextDay => Step::Pace,
        }
    }
}

/// Checks a die face against its number of sides.
pub(crate) fn face(face: u8, sides: u8) -> Result<u8, TravelError> {
    if (1..=sides).contains(&face) {
        Ok(face)
    } else {
        Err(TravelError::BadFace { face, sides })
    }
}
