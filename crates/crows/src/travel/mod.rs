//! Overland travel («Путешествие по суше»): the hex map, pace, travel roles, getting lost and
//! the Miasma. Pure rules: dice arrive as faces, Referee and player choices as decision data.
//!
//! - [`hex`]: flat-topped hexes in axial coordinates, neighbours clockwise from due north.
//! - [`pace`]: pace table, slowest-speed, road and river adjustments (CR-TRAVEL-03…05, 07).
//! - [`roles`]: travel roles, their task tier tables and the day's ledger (CR-ROLE, CR-TRAVEL-06).
//! - [`lost`]: true vs believed position, drift, Back on Track (CR-LOST).
//! - [`miasma`]: the Mind resistance roll, cruelty and the effects table (CR-MIASMA).
//! - [`road`]: the travel and rest encounter checks at the day's thresholds (CR-ROAD).
//! - [`day`]: what each command of the day needs of the day's progress (CR-TRAVEL-02).
//! - [`setup`]: the map, its sites and the party as the Referee sets them.
//! - [`Step`]: the seven steps of a travel day in order (CR-TRAVEL-02).

pub mod day;
pub mod hex;
pub mod lost;
pub mod miasma;
pub mod pace;
pub mod road;
pub mod roles;
pub mod setup;

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
    // The day's steps in order (CR-TRAVEL-02) and what each command needs of them ([`day`]).
    #[error("no travel day is under way: begin_travel_day first")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    NoTravelDay,
    #[error("the party has no position on the map: place_party first")]
    #[strum(props(rule = "CR-LOST-01"))]
    NoPosition,
    #[error("the party is empty: set_party first")]
    #[strum(props(rule = "CR-TRAVEL-04"))]
    NoParty,
    #[error("a travel day is under way: end_travel_day first")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    DayRunning,
    #[error("the party is exploring a site: leave_site first")]
    #[strum(props(rule = "CR-POI-02"))]
    ExploringSite,
    #[error("roles are declared before the day's role tests start")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    RolesClosed,
    /// `rule`: the rule that needs the role tests done.
    #[error("this comes after the day's role tests (travel_role_tests)")]
    RolesPending { rule: String },
    #[error("the day's role tests are under way")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    RoleTestsUnderWay,
    #[error("the rest and its Miasma rolls come before the next day")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    RestBeforeNextDay,
    #[error("the party is resting")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    PartyResting,
    #[error("the party is already resting")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    AlreadyResting,
    #[error("a rest at a site is a dungeon rest: leave_site to rest in the open")]
    #[strum(props(rule = "CR-POI-02"))]
    RestAtSite,
    #[error("no rest in the open is under way (travel_rest)")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    NotResting,
    #[error("the rest is already ending (wound choices are open)")]
    #[strum(props(rule = "CR-REST-02"))]
    RestFinishing,
    #[error("{creature} is not travelling with the party")]
    #[strum(props(rule = "CR-MIASMA-07"))]
    EaterNotInParty { creature: String },
    #[error("{creature} is not travelling with the party (set_party)")]
    #[strum(props(rule = "CR-ROLE-01"))]
    NotInParty { creature: String },
    #[error("{creature} has turned: the Referee controls it now")]
    #[strum(props(rule = "CR-MIASMA-08"))]
    TurnedToReferee { creature: String },
    #[error("{creature} is under the Miasma's lazy effect and refuses every travel role")]
    #[strum(props(rule = "CR-ROLE-15"))]
    LazyRefusesRoles { creature: String },
    #[error("{creature} assists a role-holder today instead of holding a role")]
    #[strum(props(rule = "CR-ROLE-02"))]
    AssistsInstead { creature: String },
    #[error("Back on Track is made only while the party is lost")]
    #[strum(props(rule = "CR-LOST-03"))]
    OnTrackAlready,
    #[error("while lost the guide makes Back on Track instead of a route task (CR-LOST-03)")]
    #[strum(props(rule = "CR-ERR-58"))]
    LostGuide,
    /// `rule`: the task's table; `allowed`: the characteristics the task allows.
    #[error("{task} is tested with {allowed}, not {characteristic}")]
    BadCharacteristic {
        task: String,
        allowed: String,
        characteristic: String,
        rule: String,
    },
    /// `rule`: the task's table.
    #[error("{task} picks no creatures")]
    PicksNone { task: String, rule: String },
    #[error("Track Specific Creature names the animal, monster or person to find (`quarry`)")]
    #[strum(props(rule = "CR-ROLE-14"))]
    NoQuarry,
    #[error("a creature cannot assist its own test")]
    #[strum(props(rule = "CR-ASSIST-01"))]
    OwnAssist,
    #[error("{creature} holds a role today: a creature either holds a role or assists")]
    #[strum(props(rule = "CR-ROLE-02"))]
    HoldsRole { creature: String },
    #[error("{creature} already assists a role-holder today")]
    #[strum(props(rule = "CR-ROLE-02"))]
    AlreadyAssisting { creature: String },
    #[error("{creature} holds no travel role to assist")]
    #[strum(props(rule = "CR-ROLE-02"))]
    NoRoleToAssist { creature: String },
    #[error("{creature} holds no travel role today")]
    #[strum(props(rule = "CR-ROLE-02"))]
    NoRole { creature: String },
    #[error("the Referee has not said whether {creature}'s quarry could be on the route")]
    #[strum(props(rule = "CR-ROLE-14"))]
    TrackUnruled { creature: String },
    #[error("Support Everyone picks allies holding roles today; {creature} holds none")]
    #[strum(props(rule = "CR-ROLE-05"))]
    SupportsNoRole { creature: String },
    #[error(
        "at a site the dungeon-turn encounter check applies, at the day's threshold \
             (dungeon_encounter_threshold)"
    )]
    #[strum(props(rule = "CR-POI-02"))]
    CheckAtSite,
    #[error("the party is exploring a site in dungeon turns: leave_site first")]
    #[strum(props(rule = "CR-POI-02"))]
    ExploringInTurns,
    #[error("an encounter or a point of interest waits for the Referee: play it out first")]
    #[strum(props(rule = "CR-POI-01"))]
    ZoomedIn,
    #[error("the party has moved all {hexes} hexes of today")]
    #[strum(props(rule = "CR-TRAVEL-07"))]
    NoHexesLeft { hexes: u8 },
    #[error("a d{sides} showed {face}")]
    #[strum(props(rule = "CR-DICE-01"))]
    DieShowed { sides: u64, face: i64 },
    #[error("the party is already exploring a site")]
    #[strum(props(rule = "CR-POI-02"))]
    AlreadyExploring,
    #[error("the party is not in {site}'s hex")]
    #[strum(props(rule = "CR-POI-03"))]
    NotThere { site: String },
    #[error(
        "the party knows {site}: it recognises where it is (travel_found with `landmark`) \
         before exploring"
    )]
    #[strum(props(rule = "CR-LOST-04"))]
    Recognised { site: String },
    #[error("the party is not exploring a site")]
    #[strum(props(rule = "CR-POI-02"))]
    NotExploring,
    #[error("in a dungeon the dungeon turn counts for usage dice")]
    #[strum(props(rule = "CR-UD-07"))]
    UsageInDungeon,
    #[error("the party is not lost")]
    #[strum(props(rule = "CR-LOST-04"))]
    PartyNotLost,
    #[error("Back on Track is the guide's test (declare_role back_on_track)")]
    #[strum(props(rule = "CR-LOST-03"))]
    FoundByTest,
    // The map, its sites and the party as the Referee sets them ([`setup`]).
    #[error("no hex ({q}, {r}) on the map")]
    #[strum(props(rule = "CR-TRAVEL-01"))]
    UnknownHex { q: i32, r: i32 },
    #[error(
        "hex ({q}, {r}) needs a terrain of 1…64 characters (it decides which encounters happen \
         there)"
    )]
    #[strum(props(rule = "CR-TRAVEL-01"))]
    BadTerrain { q: i32, r: i32 },
    #[error("a site has an id of 1…64 characters and a name of 1…200")]
    #[strum(props(rule = "CR-POI-03"))]
    BadSite,
    #[error("a site's notes hold at most 10000 characters")]
    #[strum(props(rule = "CR-POI-03"))]
    SiteNotesTooLong,
    #[error("no site `{site}` on the map")]
    #[strum(props(rule = "CR-POI-03"))]
    UnknownSite { site: String },
    #[error("the party is exploring this site: leave_site first")]
    #[strum(props(rule = "CR-POI-02"))]
    SiteInUse,
    #[error("the party moves hex by hex during a travel day (travel_move); end the day first")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    PlacedDuringDay,
    #[error("the party is set between travel days")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    PartySetDuringDay,
    #[error("{rider} riding {mount}: both must be other members of the party")]
    #[strum(props(rule = "CR-TRAVEL-04"))]
    BadMount { rider: String, mount: String },
    #[error("{rider} cannot ride {mount}: a mount must be at least one size larger than its rider")]
    #[strum(props(rule = "CR-PET-04"))]
    MountTooSmall { rider: String, mount: String },
    #[error("{creature} is not in the party")]
    #[strum(props(rule = "CR-MIASMA-09"))]
    HumanNotInParty { creature: String },
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
