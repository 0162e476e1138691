//! Dungeon turns («Ходы подземелья», «Конец хода подземелья», «Награда за жадность»,
//! «Вне подземелья», «Настройка длины хода подземелья»).
//!
//! [`DungeonClock`] is the turn counter and timer of one visit. It never reads a clock: the
//! engine feeds it elapsed real time ([`DungeonClock::tick`]) or explored rooms, and the
//! faces of the dice it rolled. Dungeon turns are never converted to in-game minutes inside a
//! dungeon (CR-DT-04): the clock has no fictional time at all. Outside a dungeon,
//! [`OutsideClock`] turns in-game hours into turn equivalents (2 hours each, CR-DT-09).
//!
//! [`DungeonClock::end_turn`] runs the end-of-turn pipeline for every creature, in this order:
//! usage dice of carried items and effects (effects at 0 end), end-of-turn expiries
//! (conditions and dungeon-turn-long effects), end-of-turn penalties (1d6 wounds for an
//! overloaded magic-item slot), waking the knocked-out, the encounter check, the new turn.
//! This is CR-ERR-36's default order with the waking moved after the penalties, as the
//! project brief lists it; the two orders give the same state because the steps touch
//! different data (a wound is not damage and does not wake).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::conditions::{ConditionDetail, ConditionKind};
use crate::creature::{Creature, EndOfTurnFaces, TurnError, WorldOptions};
use crate::damage::{DamageOutcome, gain_wounds};
use crate::encounters::{
    self, CheckReason, EncounterCheck, EncounterDecision, EncounterError, EncounterOptions,
    LevelState, PendingEncounter,
};
use crate::inventory::{InventoryError, ItemId, WoundKind};
use crate::usage_dice::{HOURS_PER_DUNGEON_TURN, PoolRoll, RollOccasion};

/// Milliseconds in a minute (the engine passes real time in milliseconds).
const MS_PER_MINUTE: u64 = 60_000;

/// Errors of this module; each names the rule it enforces.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum DungeonTurnError {
    #[error("CR-DT-03: only the Referee may pause or resume the dungeon-turn timer")]
    NotReferee,
    #[error("CR-DT-03: the dungeon-turn timer is already {0}")]
    AlreadyInState(&'static str),
    #[error("CR-DT-05: a dungeon-turn length of {0} minutes is not allowed (at least 1)")]
    BadLength(u32),
    #[error("CR-DT-05: the \"1d6 rooms\" length needs a d6 face at the start of each turn")]
    MissingRoomsRoll,
    #[error("CR-DT-05: a d6 face must be 1…6, got {0}")]
    BadRoomsRoll(u8),
    #[error("CR-DT-05: a timed dungeon turn takes no rooms roll")]
    UnexpectedRoomsRoll,
    #[error("CR-DT-05: rooms are only counted with the \"1d6 rooms\" turn length")]
    NotRoomBased,
    #[error("CR-REST-03: the party is resting; dungeon turns are suspended")]
    Resting,
    #[error("CR-REST-05: no rest is in progress")]
    NotResting,
    #[error("CR-DT-06: faces for {expected} creatures expected, {given} given")]
    FacesPerCreature { expected: usize, given: usize },
    #[error("CR-DT-06: {creature}: {source}")]
    Creature { creature: String, source: TurnError },
    #[error(transparent)]
    Encounter(#[from] EncounterError),
}

/// Who asks (CR-DT-03: only the Referee controls the timer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "actor", rename_all = "snake_case")]
pub enum Actor {
    Referee,
    Player { id: String },
}

/// How long a dungeon turn lasts (CR-DT-02, CR-DT-05; the Referee's choice, CR-REF-29).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "length", rename_all = "snake_case")]
pub enum TurnLength {
    /// Minutes of real time.
    RealMinutes { minutes: u32 },
    /// The turn ends when the party has explored 1d6 rooms, rolled at the start of each turn.
    Rooms,
}

impl TurnLength {
    /// The default: 30 real minutes.
    pub const STANDARD: TurnLength = TurnLength::RealMinutes { minutes: 30 };
    /// The relaxed variant: 60 real minutes.
    pub const RELAXED: TurnLength = TurnLength::RealMinutes { minutes: 60 };
    /// The intense variant: 20 real minutes.
    pub const INTENSE: TurnLength = TurnLength::RealMinutes { minutes: 20 };

    fn validate(self) -> Result<(), DungeonTurnError> {
        match self {
            TurnLength::RealMinutes { minutes: 0 } => Err(DungeonTurnError::BadLength(0)),
            _ => Ok(()),
        }
    }
}

impl Default for TurnLength {
    fn default() -> Self {
        TurnLength::STANDARD
    }
}

/// What is left of the current turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Remaining {
    RealTime {
        ms: u64,
    },
    Rooms {
        rooms: u8,
    },
    /// During a rest there is no dungeon turn (CR-REST-03).
    Resting,
}

/// What every participant sees (CR-DT-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnStatus {
    pub turn: u32,
    pub remaining: Remaining,
    pub paused: bool,
}

/// The timer and counter of one visit to a dungeon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DungeonClock {
    pub dungeon: String,
    pub length: TurnLength,
    /// The current dungeon turn, from 1 (CR-DT-01); keeps counting across rests (CR-ERR-48).
    pub turn: u32,
    elapsed_ms: u64,
    paused: bool,
    rooms_target: Option<u8>,
    rooms_explored: u8,
    resting: bool,
    /// Signalled encounters waiting to happen (CR-ENC-06).
    pub pending: Vec<PendingEncounter>,
}

fn rooms_roll(length: TurnLength, face: Option<u8>) -> Result<Option<u8>, DungeonTurnError> {
    match (length, face) {
        (TurnLength::Rooms, None) => Err(DungeonTurnError::MissingRoomsRoll),
        (TurnLength::Rooms, Some(f)) if !(1..=6).contains(&f) => {
            Err(DungeonTurnError::BadRoomsRoll(f))
        }
        (TurnLength::Rooms, Some(f)) => Ok(Some(f)),
        (TurnLength::RealMinutes { .. }, Some(_)) => Err(DungeonTurnError::UnexpectedRoomsRoll),
        (TurnLength::RealMinutes { .. }, None) => Ok(None),
    }
}

impl DungeonClock {
    /// The party enters: dungeon turn 1 starts (CR-DT-01). `rooms_face` is the 1d6 of the
    /// "rooms" length, `None` for a timed length.
    pub fn enter(
        dungeon: impl Into<String>,
        length: TurnLength,
        rooms_face: Option<u8>,
    ) -> Result<Self, DungeonTurnError> {
        length.validate()?;
        Ok(DungeonClock {
            dungeon: dungeon.into(),
            length,
            turn: 1,
            elapsed_ms: 0,
            paused: false,
            rooms_target: rooms_roll(length, rooms_face)?,
            rooms_explored: 0,
            resting: false,
            pending: Vec::new(),
        })
    }

    /// Pauses the timer for a break or a rule look-up (CR-DT-03). Combat does not pause it.
    pub fn pause(&mut self, by: &Actor) -> Result<(), DungeonTurnError> {
        if *by != Actor::Referee {
            return Err(DungeonTurnError::NotReferee);
        }
        if self.paused {
            return Err(DungeonTurnError::AlreadyInState("paused"));
        }
        self.paused = true;
        Ok(())
    }

    pub fn resume(&mut self, by: &Actor) -> Result<(), DungeonTurnError> {
        if *by != Actor::Referee {
            return Err(DungeonTurnError::NotReferee);
        }
        if !self.paused {
            return Err(DungeonTurnError::AlreadyInState("running"));
        }
        self.paused = false;
        Ok(())
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    pub fn is_resting(&self) -> bool {
        self.resting
    }

    /// `ms` of real time passed (the engine's clock). Ignored while paused or resting.
    /// Returns whether the turn is now over.
    pub fn tick(&mut self, ms: u64) -> bool {
        if !self.paused && !self.resting {
            self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
        }
        self.is_due()
    }

    /// The Referee marks a room explored ("1d6 rooms" length). Returns whether the turn is
    /// now over.
    pub fn room_explored(&mut self) -> Result<bool, DungeonTurnError> {
        if self.resting {
            return Err(DungeonTurnError::Resting);
        }
        if self.rooms_target.is_none() {
            return Err(DungeonTurnError::NotRoomBased);
        }
        self.rooms_explored = self.rooms_explored.saturating_add(1);
        Ok(self.is_due())
    }

    /// Whether the current turn has run out.
    pub fn is_due(&self) -> bool {
        if self.resting {
            return false;
        }
        match (self.length, self.rooms_target) {
            (TurnLength::RealMinutes { minutes }, _) => {
                self.elapsed_ms >= u64::from(minutes) * MS_PER_MINUTE
            }
            (TurnLength::Rooms, Some(target)) => self.rooms_explored >= target,
            (TurnLength::Rooms, None) => false,
        }
    }

    /// The turn number and what is left, for every participant (CR-DT-02).
    pub fn status(&self) -> TurnStatus {
        let remaining = if self.resting {
            Remaining::Resting
        } else {
            match (self.length, self.rooms_target) {
                (TurnLength::RealMinutes { minutes }, _) => Remaining::RealTime {
                    ms: (u64::from(minutes) * MS_PER_MINUTE).saturating_sub(self.elapsed_ms),
                },
                (TurnLength::Rooms, target) => Remaining::Rooms {
                    rooms: target.unwrap_or(0).saturating_sub(self.rooms_explored),
                },
            }
        };
        TurnStatus {
            turn: self.turn,
            remaining,
            paused: self.paused,
        }
    }

    fn begin_turn(&mut self, rooms_face: Option<u8>) -> Result<(), DungeonTurnError> {
        let target = rooms_roll(self.length, rooms_face)?;
        self.turn += 1;
        self.elapsed_ms = 0;
        self.rooms_explored = 0;
        self.rooms_target = target;
        Ok(())
    }

    /// An extra encounter check for something very loud (CR-ENC-01; whether the act is loud
    /// enough is the Referee's call, CR-REF-30). A sign makes the encounter due next turn.
    pub fn loud_action_check(
        &mut self,
        what: impl Into<String>,
        face: u8,
        threshold: u8,
    ) -> Result<EncounterCheck, DungeonTurnError> {
        if self.resting {
            return Err(DungeonTurnError::Resting);
        }
        let c = encounters::check(
            CheckReason::LoudAction { what: what.into() },
            face,
            threshold,
            self.turn,
        )?;
        self.pending.extend(c.pending());
        Ok(c)
    }

    /// Starting a rest ends the current turn without an encounter check (CR-DT-10,
    /// CR-REST-03). Returns the turn that ended. This counter rolls nothing for it; the
    /// engine (`crate::ruleset::explore`) reads "the turn ends" literally and runs that turn's
    /// other end steps (usage dice, expiries, waking) before the rest, skipping only the check.
    pub fn start_rest(&mut self) -> Result<u32, DungeonTurnError> {
        if self.resting {
            return Err(DungeonTurnError::Resting);
        }
        self.resting = true;
        Ok(self.turn)
    }

    /// The rest ended, completed or interrupted: a new turn begins (CR-REST-05). Returns the
    /// new turn number and the signalled encounters due in it.
    pub fn end_rest(
        &mut self,
        rooms_face: Option<u8>,
    ) -> Result<(u32, Vec<PendingEncounter>), DungeonTurnError> {
        if !self.resting {
            return Err(DungeonTurnError::NotResting);
        }
        self.begin_turn(rooms_face)?;
        self.resting = false;
        Ok((self.turn, self.due_now()))
    }

    fn due_now(&self) -> Vec<PendingEncounter> {
        self.pending
            .iter()
            .filter(|p| p.due_turn == self.turn)
            .cloned()
            .collect()
    }

    /// The Referee ran a signalled encounter: forget it.
    pub fn resolve_pending(&mut self, index: usize) -> Option<PendingEncounter> {
        (index < self.pending.len()).then(|| self.pending.remove(index))
    }

    /// The end of the dungeon turn (CR-DT-06, CR-ERR-36) for `creatures` (dead ones are
    /// skipped), with `faces[i]` the dice rolled for `creatures[i]` (see
    /// [`Creature::end_of_turn_dice`]), `turn_effects` the effects lasting until the end of
    /// this turn, and the Referee's encounter d10. All faces are checked before anything
    /// changes. Then the next turn begins (`rooms_face` for the rooms length).
    pub fn end_turn(
        &mut self,
        creatures: &mut [Creature],
        turn_effects: &mut Vec<TurnEffect>,
        input: &EndOfTurnInput,
    ) -> Result<EndOfTurnSummary, DungeonTurnError> {
        if self.resting {
            return Err(DungeonTurnError::Resting);
        }
        if input.faces.len() != creatures.len() {
            return Err(DungeonTurnError::FacesPerCreature {
                expected: creatures.len(),
                given: input.faces.len(),
            });
        }
        rooms_roll(self.length, input.rooms_face)?;
        let mut next: Vec<Creature> = creatures.to_vec();
        let mut reports = Vec::with_capacity(next.len());
        for (i, c) in next.iter_mut().enumerate() {
            if !c.alive {
                reports.push(CreatureEndOfTurn {
                    name: c.name.clone(),
                    ..CreatureEndOfTurn::default()
                });
                continue;
            }
            let r = creature_end_of_turn(c, i, turn_effects, &input.faces[i], &input.world)
                .map_err(|source| DungeonTurnError::Creature {
                    creature: c.name.clone(),
                    source,
                })?;
            reports.push(r);
        }
        let threshold = encounters::modified_threshold(
            encounters::dungeon_threshold(input.level),
            false,
            input.threshold_modifier,
            &input.encounter_options,
        );
        let check = encounters::check(
            CheckReason::EndOfTurn,
            input.encounter_face,
            threshold,
            self.turn,
        )?;
        let decisions = check.decisions(&input.tables)?;
        // Everything validated: commit.
        let ended_turn = self.turn;
        self.begin_turn(input.rooms_face)?;
        creatures.clone_from_slice(&next);
        let effects_ended: Vec<TurnEffect> = std::mem::take(turn_effects);
        self.pending.extend(check.pending());
        Ok(EndOfTurnSummary {
            ended_turn,
            creatures: reports,
            turn_effects_ended: effects_ended,
            encounter: check,
            decisions,
            new_turn: self.turn,
            due_this_turn: self.due_now(),
        })
    }
}

/// An effect lasting until the end of the current dungeon turn (a spell with duration "DT",
/// a backlash "until the end of this DT"), on creature `creature` (index in the slice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnEffect {
    pub creature: usize,
    pub name: String,
}

/// The data the end of a turn needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndOfTurnInput {
    /// One entry per creature, in order.
    pub faces: Vec<EndOfTurnFaces>,
    /// The Referee's encounter d10.
    pub encounter_face: u8,
    /// The Referee's judgement of the level (EN 9/8/7).
    pub level: LevelState,
    /// Other EN modifiers (CR-ENC-07), signed.
    #[serde(default)]
    pub threshold_modifier: i8,
    pub encounter_options: EncounterOptions,
    pub world: WorldOptions,
    /// The dungeon's encounter tables (CR-ENC-04).
    pub tables: Vec<String>,
    /// The new turn's 1d6 rooms ("rooms" length only).
    #[serde(default)]
    pub rooms_face: Option<u8>,
}

/// One step of the pipeline, as it happened to one creature, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum EndOfTurnEvent {
    ItemUsage {
        item: ItemId,
        roll: PoolRoll,
    },
    EffectUsage {
        effect: String,
        roll: PoolRoll,
        ended: bool,
    },
    ConditionEnded {
        condition: ConditionKind,
    },
    TurnEffectEnded {
        effect: String,
    },
    OverloadWounds {
        outcome: DamageOutcome,
    },
    Woke,
}

/// What the end of the turn did to one creature.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureEndOfTurn {
    pub name: String,
    pub events: Vec<EndOfTurnEvent>,
}

/// The report of the whole end of turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndOfTurnSummary {
    pub ended_turn: u32,
    pub creatures: Vec<CreatureEndOfTurn>,
    pub turn_effects_ended: Vec<TurnEffect>,
    pub encounter: EncounterCheck,
    pub decisions: Vec<EncounterDecision>,
    pub new_turn: u32,
    /// Signalled encounters due during the new turn (remind the Referee, CR-ENC-06).
    pub due_this_turn: Vec<PendingEncounter>,
}

fn faces_for<'a, K: PartialEq + std::fmt::Debug>(
    list: &'a [(K, Vec<u8>)],
    key: &K,
) -> Result<&'a [u8], TurnError> {
    list.iter()
        .find(|(k, _)| k == key)
        .map(|(_, f)| f.as_slice())
        .ok_or_else(|| TurnError::MissingFaces(format!("{key:?}")))
}

/// Steps 1–4 for one creature.
fn creature_end_of_turn(
    c: &mut Creature,
    index: usize,
    turn_effects: &[TurnEffect],
    faces: &EndOfTurnFaces,
    world: &WorldOptions,
) -> Result<CreatureEndOfTurn, TurnError> {
    let want = c.end_of_turn_dice();
    let mut events = Vec::new();
    // 1. Usage dice of carried items and of effects.
    for (id, _) in &want.items {
        let f = faces_for(&faces.items, id)?;
        let usage = c
            .inventory
            .item_mut(*id)
            .and_then(|i| i.usage.as_mut())
            .ok_or(TurnError::Inventory(InventoryError::UnknownItem(*id)))?;
        if let Some(roll) = usage.roll(RollOccasion::EndOfDungeonTurn, f)? {
            events.push(EndOfTurnEvent::ItemUsage { item: *id, roll });
        }
    }
    let mut kept = Vec::with_capacity(c.effects.len());
    for (idx, mut effect) in std::mem::take(&mut c.effects).into_iter().enumerate() {
        let f = faces_for(&faces.effects, &idx)?;
        let roll = effect.pool.roll(f)?;
        let ended = effect.pool.is_empty();
        events.push(EndOfTurnEvent::EffectUsage {
            effect: effect.effect.clone(),
            roll,
            ended,
        });
        if !ended {
            kept.push(effect);
        }
    }
    c.effects = kept;
    // 2. End-of-turn expiries: conditions (blessed, vulnerable, weakened) and effects lasting
    //    until the end of the turn. The condition helper for the rest's halfway point is
    //    exactly the end-of-turn expiry without the knock-out waking.
    for condition in c.conditions.middle_of_rest() {
        events.push(EndOfTurnEvent::ConditionEnded { condition });
    }
    for e in turn_effects.iter().filter(|e| e.creature == index) {
        events.push(EndOfTurnEvent::TurnEffectEnded {
            effect: e.name.clone(),
        });
    }
    // 3. End-of-turn penalties: 1d6 wounds for an overloaded magic-item slot (CR-INV-07).
    if want.overload_d6 {
        let d6 = faces
            .overload_d6
            .ok_or_else(|| TurnError::MissingFaces("magic-slot overload d6".into()))?;
        let n = c.inventory.overload_wounds(d6)?;
        if n > 0 {
            let outcome = gain_wounds(c, u16::from(n), WoundKind::Normal);
            events.push(EndOfTurnEvent::OverloadWounds { outcome });
        }
    }
    // 4. The knocked-out come to (CR-DMG-08); a sleeper stays asleep.
    if c.alive
        && c.conditions
            .get(ConditionKind::Unconscious)
            .is_some_and(|k| k.detail == ConditionDetail::KnockedOut)
        && c.conditions.wake(world)
    {
        events.push(EndOfTurnEvent::Woke);
    }
    Ok(CreatureEndOfTurn {
        name: c.name.clone(),
        events,
    })
}

// ----- outside a dungeon -----

/// In-game time outside a dungeon, counted in dungeon-turn equivalents: every 2 hours is one
/// turn for usage dice and turn-long durations (CR-DT-09, CR-UD-07). Leftover minutes carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutsideClock {
    minutes: u32,
}

impl OutsideClock {
    /// `minutes` of in-game time pass; returns how many turn ends they bring.
    pub fn advance(&mut self, minutes: u32) -> u32 {
        let per_turn = HOURS_PER_DUNGEON_TURN * 60;
        let total = self.minutes.saturating_add(minutes);
        self.minutes = total % per_turn;
        total / per_turn
    }

    /// Minutes into the current 2-hour period.
    pub fn carried_minutes(&self) -> u32 {
        self.minutes
    }
}

/// One turn equivalent passed outside a dungeon (CR-DT-09, CR-UD-07): the same creature
/// steps as [`DungeonClock::end_turn`] (usage dice, expiries, penalties, waking) without an
/// encounter check (travel encounters follow their own rules). Checks every face first.
pub fn outside_turn_end(
    creatures: &mut [Creature],
    turn_effects: &mut Vec<TurnEffect>,
    faces: &[EndOfTurnFaces],
    world: &WorldOptions,
) -> Result<Vec<CreatureEndOfTurn>, DungeonTurnError> {
    if faces.len() != creatures.len() {
        return Err(DungeonTurnError::FacesPerCreature {
            expected: creatures.len(),
            given: faces.len(),
        });
    }
    let mut next: Vec<Creature> = creatures.to_vec();
    let mut reports = Vec::with_capacity(next.len());
    for (i, c) in next.iter_mut().enumerate() {
        if !c.alive {
            continue;
        }
        let r = creature_end_of_turn(c, i, turn_effects, &faces[i], world).map_err(|source| {
            DungeonTurnError::Creature {
                creature: c.name.clone(),
                source,
            }
        })?;
        reports.push(r);
    }
    creatures.clone_from_slice(&next);
    turn_effects.clear();
    Ok(reports)
}

// ----- greed reward -----

/// One row of the greed table (CR-DT-07).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GreedRow {
    pub turn: u32,
    pub percent: u32,
}

/// Treasure found in these turns of a first entry gains this share of its value (CR-DT-07).
pub const GREED_TABLE: [GreedRow; 3] = [
    GreedRow {
        turn: 1,
        percent: 30,
    },
    GreedRow {
        turn: 2,
        percent: 20,
    },
    GreedRow {
        turn: 3,
        percent: 10,
    },
];

/// The greed percentage for a find in `turn` (0 from turn 4 on).
pub fn greed_percent(turn: u32) -> u32 {
    GREED_TABLE
        .iter()
        .find(|r| r.turn == turn)
        .map_or(0, |r| r.percent)
}

/// `base` raised by the greed percentage of `turn`, rounded down (CR-CORE-04).
pub fn greed_value(base: u64, turn: u32) -> u64 {
    base.saturating_mul(100 + u64::from(greed_percent(turn))) / 100
}

/// Which player sets have had their greed window in which dungeon (CR-DT-08). A group is
/// named by its players, so another group of characters run by the same players counts as
/// the same group.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreedLedger {
    used: BTreeMap<String, BTreeSet<BTreeSet<String>>>,
}

/// The greed window of one visit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreedWindow {
    pub dungeon: String,
    /// Whether this visit is the group's first entry (the reward applies).
    pub open: bool,
}

impl GreedLedger {
    /// A group enters `dungeon`: the window is open only on its players' first entry, and
    /// that entry is recorded.
    pub fn enter(&mut self, dungeon: &str, players: &BTreeSet<String>) -> GreedWindow {
        let set = self.used.entry(dungeon.to_string()).or_default();
        let open = set.insert(players.clone());
        GreedWindow {
            dungeon: dungeon.to_string(),
            open,
        }
    }
}

impl GreedWindow {
    /// The value of a treasure the Referee tagged (CR-REF-31) with `base`, found in `turn`.
    /// Turns keep counting across rests; leaving the dungeon ends the window (CR-ERR-48).
    pub fn value(&self, base: u64, turn: u32) -> u64 {
        if self.open {
            greed_value(base, turn)
        } else {
            base
        }
    }

    /// The party left the dungeon.
    pub fn close(&mut self) {
        self.open = false;
    }
}
