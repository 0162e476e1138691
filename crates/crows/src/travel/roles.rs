//! Travel roles and their tasks («Дорожные роли»): who may hold which role, each task's tier
//! table as data, and the day's ledger of hexes and thresholds (CR-ROLE, CR-TRAVEL-06/07).

use serde::{Deserialize, Serialize};

use super::pace::{Pace, Route, hexes_today};
use super::{MAX_THRESHOLD, TravelError, face};
use crate::edges::NetEdge;
use crate::test_roll::{Characteristic, Tier, TierTable};

/// The four travel roles, in the order their tests are made (CR-TRAVEL-02, CR-ERR-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Supporter,
    Guide,
    Scout,
    Tracker,
}

impl Role {
    pub const ORDER: [Role; 4] = [Role::Supporter, Role::Guide, Role::Scout, Role::Tracker];

    /// How many creatures may hold the role: one guide, three of each other (CR-ROLE-01).
    pub fn capacity(self) -> usize {
        match self {
            Role::Guide => 1,
            _ => 3,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Supporter => "supporter",
            Role::Guide => "guide",
            Role::Scout => "scout",
            Role::Tracker => "tracker",
        }
    }
}

/// Every travel task (CR-ROLE-03…14) plus Back on Track (CR-LOST-03), which replaces the
/// guide's route task while lost (CR-ERR-58).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    FightTheMiasma,
    MakeCamp,
    SupportEveryone,
    NormalRoute,
    SafeRoute,
    Shortcut,
    BackOnTrack,
    ScoutForDanger,
    ScoutForShelter,
    TreasureHunt,
    Forage,
    Hunt,
    TrackCreature,
}

impl Task {
    pub const ALL: [Task; 13] = [
        Task::FightTheMiasma,
        Task::MakeCamp,
        Task::SupportEveryone,
        Task::NormalRoute,
        Task::SafeRoute,
        Task::Shortcut,
        Task::BackOnTrack,
        Task::ScoutForDanger,
        Task::ScoutForShelter,
        Task::TreasureHunt,
        Task::Forage,
        Task::Hunt,
        Task::TrackCreature,
    ];

    pub fn role(self) -> Role {
        match self {
            Task::FightTheMiasma | Task::MakeCamp | Task::SupportEveryone => Role::Supporter,
            Task::NormalRoute | Task::SafeRoute | Task::Shortcut | Task::BackOnTrack => Role::Guide,
            Task::ScoutForDanger | Task::ScoutForShelter | Task::TreasureHunt => Role::Scout,
            Task::Forage | Task::Hunt | Task::TrackCreature => Role::Tracker,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Task::FightTheMiasma => "Fight the Miasma",
            Task::MakeCamp => "Make Camp",
            Task::SupportEveryone => "Support Everyone",
            Task::NormalRoute => "Follow Normal Route",
            Task::SafeRoute => "Follow Safe Route",
            Task::Shortcut => "Follow Shortcut",
            Task::BackOnTrack => "Back on Track",
            Task::ScoutForDanger => "Scout for Danger",
            Task::ScoutForShelter => "Scout for Shelter",
            Task::TreasureHunt => "Treasure Hunt",
            Task::Forage => "Forage",
            Task::Hunt => "Hunt",
            Task::TrackCreature => "Track Specific Creature",
        }
    }

    /// The checklist rule of the task's table.
    pub fn rule(self) -> &'static str {
        match self {
            Task::FightTheMiasma => "CR-ROLE-03",
            Task::MakeCamp => "CR-ROLE-04",
            Task::SupportEveryone => "CR-ROLE-05",
            Task::NormalRoute => "CR-ROLE-06",
            Task::SafeRoute => "CR-ROLE-07",
            Task::Shortcut => "CR-ROLE-08",
            Task::BackOnTrack => "CR-LOST-03",
            Task::ScoutForDanger => "CR-ROLE-09",
            Task::ScoutForShelter => "CR-ROLE-10",
            Task::TreasureHunt => "CR-ROLE-11",
            Task::Forage => "CR-ROLE-12",
            Task::Hunt => "CR-ROLE-13",
            Task::TrackCreature => "CR-ROLE-14",
        }
    }

    /// The characteristics the test may use (the tester picks when there are two).
    pub fn characteristics(self) -> &'static [Characteristic] {
        use Characteristic::{Agility, Mind, Strength};
        match self {
            Task::MakeCamp | Task::TreasureHunt => &[Strength],
            Task::SupportEveryone => &[Mind, Strength],
            Task::ScoutForDanger => &[Agility, Mind],
            Task::Hunt => &[Agility],
            _ => &[Mind],
        }
    }

    /// The task's tier table (CR-ROLE-03…14, CR-LOST-03) as data.
    pub fn table(self) -> TierTable<Vec<TaskEffect>> {
        use TaskEffect::*;
        let t = |a: Vec<TaskEffect>, b: Vec<TaskEffect>, c: Vec<TaskEffect>| TierTable {
            tier_1: a,
            tier_2: b,
            tier_3: c,
        };
        match self {
            Task::FightTheMiasma => t(
                vec![],
                vec![MiasmaEdge(NetEdge::Edge)],
                vec![MiasmaEdge(NetEdge::DoubleEdge)],
            ),
            Task::MakeCamp => t(
                vec![],
                vec![Choose(Choice::RestThresholdOrCrafting {
                    threshold: 1,
                    crafting: 2,
                })],
                vec![Choose(Choice::RestThresholdOrCrafting {
                    threshold: 2,
                    crafting: 4,
                })],
            ),
            Task::SupportEveryone => t(
                vec![RoleTestBonus(-1)],
                vec![RoleTestBonus(1)],
                vec![RoleTestBonus(2)],
            ),
            Task::NormalRoute => t(
                vec![Choose(Choice::HexOrTravelThreshold(-1))],
                vec![],
                vec![Choose(Choice::HexOrTravelThreshold(1))],
            ),
            Task::SafeRoute => t(
                vec![Lost],
                vec![TravelThreshold(1), Hexes(-1)],
                vec![TravelThreshold(2)],
            ),
            Task::Shortcut => t(
                vec![Lost],
                vec![Hexes(1), TravelThreshold(-1)],
                vec![Hexes(2)],
            ),
            Task::BackOnTrack => t(
                vec![StillLost],
                vec![Found],
                vec![Found, Choose(Choice::HexOrTravelThreshold(1))],
            ),
            Task::ScoutForDanger => t(vec![], vec![TravelThreshold(1)], vec![TravelThreshold(2)]),
            Task::ScoutForShelter => t(vec![], vec![RestThreshold(1)], vec![RestThreshold(2)]),
            Task::TreasureHunt => t(
                vec![],
                vec![RefereeRollsFinds(Finds::Minor)],
                vec![RefereeRollsFinds(Finds::Major)],
            ),
            Task::Forage => t(
                vec![],
                vec![Rations(Yield::One)],
                vec![Rations(Yield::D6Plus1)],
            ),
            Task::Hunt => t(
                vec![TravelThreshold(-1)],
                vec![],
                vec![Rations(Yield::ThreeD6), LargeAnimalHide],
            ),
            Task::TrackCreature => t(vec![TravelThreshold(-1)], vec![], vec![MeetCreature]),
        }
    }
}

/// Which interesting-finds table the Referee rolls on (Referee book content).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finds {
    Minor,
    Major,
}

/// How many rations a tracker brings in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Yield {
    One,
    D6Plus1,
    ThreeD6,
}

impl Yield {
    /// The d6 faces this yield needs.
    pub fn dice(self) -> usize {
        match self {
            Yield::One => 0,
            Yield::D6Plus1 => 1,
            Yield::ThreeD6 => 3,
        }
    }

    /// Rations from the given d6 faces.
    pub fn rations(self, d6: &[u8]) -> Result<u8, TravelError> {
        if d6.len() != self.dice() {
            return Err(TravelError::BadAnswer(
                "wrong number of d6 faces for the ration yield",
            ));
        }
        let mut sum = 0u8;
        for &f in d6 {
            sum += face(f, 6)?;
        }
        Ok(match self {
            Yield::One => 1,
            Yield::D6Plus1 => sum + 1,
            Yield::ThreeD6 => sum,
        })
    }
}

/// One effect of a task result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskEffect {
    /// Today's travel-encounter threshold changes.
    TravelThreshold(i8),
    /// Today's rest-encounter threshold changes.
    RestThreshold(i8),
    /// Hexes moved today change.
    Hexes(i8),
    /// The group gets lost (CR-LOST).
    Lost,
    /// Back on Track: still lost.
    StillLost,
    /// Back on Track: the group knows where it is again.
    Found,
    /// A decision the task holder makes (data, answered later).
    Choose(Choice),
    /// Up to four creatures of the tester's choice get this on today's Miasma roll.
    MiasmaEdge(NetEdge),
    /// The allies picked by Support Everyone get this on their travel-role tests today.
    RoleTestBonus(i8),
    /// The Referee rolls on an interesting-finds table.
    RefereeRollsFinds(Finds),
    /// Rations found.
    Rations(Yield),
    /// The hide of a Large animal.
    LargeAnimalHide,
    /// The group meets the tracked creature when and where the Referee decides.
    MeetCreature,
}

/// A "choose one" result, answered by the task holder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Hexes by `n` or the travel threshold by `n` (Normal Route, Back on Track).
    HexOrTravelThreshold(i8),
    /// Rest threshold `+threshold` or `+crafting` on crafting rolls in this camp (Make Camp).
    RestThresholdOrCrafting { threshold: i8, crafting: i8 },
}

/// The answer to a [`Choice`]: its first or its second option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    First,
    Second,
}

/// What an answered [`Choice`] becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resolved {
    /// An effect on hexes or thresholds.
    Effect(TaskEffect),
    /// A bonus on every crafting roll in this camp during today's rest.
    CraftingBonus(i8),
}

impl Choice {
    /// What the picked option becomes.
    pub fn resolve(self, pick: Pick) -> Resolved {
        match (self, pick) {
            (Choice::HexOrTravelThreshold(n), Pick::First) => {
                Resolved::Effect(TaskEffect::Hexes(n))
            }
            (Choice::HexOrTravelThreshold(n), Pick::Second) => {
                Resolved::Effect(TaskEffect::TravelThreshold(n))
            }
            (Choice::RestThresholdOrCrafting { threshold, .. }, Pick::First) => {
                Resolved::Effect(TaskEffect::RestThreshold(threshold))
            }
            (Choice::RestThresholdOrCrafting { crafting, .. }, Pick::Second) => {
                Resolved::CraftingBonus(crafting)
            }
        }
    }
}

/// Most creatures Fight the Miasma or Support Everyone may pick (CR-ROLE-03, CR-ROLE-05).
pub const MAX_PICKED: usize = 4;

/// Checks the creatures picked by Fight the Miasma (who get its edge) or Support Everyone
/// (whose role tests get its bonus): at most four, no one twice.
pub fn picked(task: Task, creatures: &[u32]) -> Result<Vec<u32>, TravelError> {
    let too_many = match task {
        Task::FightTheMiasma => TravelError::TooManyBacked,
        Task::SupportEveryone => TravelError::TooManyAllies,
        other => {
            return Err(TravelError::WrongRole {
                task: other.name(),
                role: "supporter picking creatures",
            });
        }
    };
    let mut out: Vec<u32> = Vec::new();
    for c in creatures {
        if !out.contains(c) {
            out.push(*c);
        }
    }
    if out.len() > MAX_PICKED {
        return Err(too_many);
    }
    Ok(out)
}

/// One creature's role for the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assignment {
    pub creature: u32,
    pub task: Task,
}

/// Checks the day's roster (CR-ROLE-01, CR-ROLE-15, CR-ERR-57) and returns it in test order:
/// supporters, guide, scouts, trackers (CR-ERR-16). `distinct_tasks` is the CR-ERR-57
/// setting (default true: creatures in one role take different tasks). `refusing` lists
/// creatures under Miasma effect 9–10.
pub fn roster(
    assignments: &[Assignment],
    distinct_tasks: bool,
    refusing: &[u32],
) -> Result<Vec<Assignment>, TravelError> {
    let mut seen: Vec<u32> = Vec::new();
    for a in assignments {
        if refusing.contains(&a.creature) {
            return Err(TravelError::RefusesRoles(a.creature));
        }
        if seen.contains(&a.creature) {
            return Err(TravelError::CreatureHasRole(a.creature));
        }
        seen.push(a.creature);
    }
    for role in Role::ORDER {
        let held: Vec<&Assignment> = assignments
            .iter()
            .filter(|a| a.task.role() == role)
            .collect();
        if held.len() > role.capacity() {
            return Err(if role == Role::Guide {
                TravelError::SecondGuide
            } else {
                TravelError::RoleFull { role: role.name() }
            });
        }
        if distinct_tasks {
            for (i, a) in held.iter().enumerate() {
                if held[..i].iter().any(|b| b.task == a.task) {
                    return Err(TravelError::TaskTaken {
                        task: a.task.name(),
                    });
                }
            }
        }
    }
    let mut out = assignments.to_vec();
    out.sort_by_key(|a| a.task.role());
    Ok(out)
}

/// The flat bonus on one creature's travel-role test: the Support Everyone bonus it was given
/// and, for Forage only, +2 from Miasma effect 3–4 (CR-ROLE-15, CR-ERR-17). The pace edge or
/// bane is [`Pace::row`]`.role_tests`.
pub fn role_test_bonus(task: Task, support_bonus: i8, ravenous: bool) -> i8 {
    let forage = if ravenous && task == Task::Forage {
        2
    } else {
        0
    };
    support_bonus + forage
}

/// The day's running tally: hexes and the two separate encounter thresholds (CR-TRAVEL-06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Day {
    pub pace: Pace,
    pub slowest_speed: u8,
    pub route: Route,
    pub task_hexes: i8,
    pub travel_delta: i8,
    pub rest_delta: i8,
    pub crafting_bonus: i8,
    pub gets_lost: bool,
    pub found: bool,
    /// Choices still to be answered, with the creature who answers.
    pub pending: Vec<(u32, Choice)>,
    /// Effects other than hexes and thresholds, for the caller to carry out.
    pub other: Vec<(u32, TaskEffect)>,
}

impl Day {
    pub fn new(pace: Pace, slowest_speed: u8, route: Route) -> Self {
        Day {
            pace,
            slowest_speed,
            route,
            task_hexes: 0,
            travel_delta: 0,
            rest_delta: 0,
            crafting_bonus: 0,
            gets_lost: false,
            found: false,
            pending: Vec::new(),
            other: Vec::new(),
        }
    }

    /// Records a task result: looks the tier up in the task table and applies each effect.
    pub fn record(&mut self, a: Assignment, tier: Tier) {
        for e in a.task.table().get(tier) {
            self.apply(a.creature, *e);
        }
    }

    fn apply(&mut self, creature: u32, e: TaskEffect) {
        match e {
            TaskEffect::TravelThreshold(n) => self.travel_delta += n,
            TaskEffect::RestThreshold(n) => self.rest_delta += n,
            TaskEffect::Hexes(n) => self.task_hexes += n,
            TaskEffect::Lost => self.gets_lost = true,
            TaskEffect::Found => self.found = true,
            TaskEffect::StillLost => {}
            TaskEffect::Choose(c) => self.pending.push((creature, c)),
            other => self.other.push((creature, other)),
        }
    }

    /// Answers the oldest pending choice of `creature`.
    pub fn answer(&mut self, creature: u32, pick: Pick) -> Result<(), TravelError> {
        let i = self
            .pending
            .iter()
            .position(|(c, _)| *c == creature)
            .ok_or(TravelError::BadAnswer(
                "no pending choice for this creature",
            ))?;
        let (_, choice) = self.pending.remove(i);
        match choice.resolve(pick) {
            Resolved::Effect(e) => self.apply(creature, e),
            Resolved::CraftingBonus(n) => self.crafting_bonus += n,
        }
        Ok(())
    }

    /// Hexes moved today (CR-TRAVEL-07).
    pub fn hexes(&self) -> u8 {
        hexes_today(self.pace, self.slowest_speed, self.route, self.task_hexes)
    }

    fn threshold(&self, delta: i8) -> u8 {
        let raw = i16::from(self.pace.row().threshold)
            + i16::from(self.route.threshold_adjustment())
            + i16::from(delta);
        // Capped at 10 (CR-ROAD-01/04). The rulebook sets no floor; a threshold of 1 already
        // means every d10 meets something, so lower values are floored at 1.
        u8::try_from(raw.clamp(1, i16::from(MAX_THRESHOLD))).unwrap_or(MAX_THRESHOLD)
    }

    /// Today's travel-encounter threshold.
    pub fn travel_threshold(&self) -> u8 {
        self.threshold(self.travel_delta)
    }

    /// Today's rest-encounter threshold.
    pub fn rest_threshold(&self) -> u8 {
        self.threshold(self.rest_delta)
    }
}
