//! Time at a table: the injected wall clock, the game clock (combat rounds and turns,
//! exploration turns, rests, days, game minutes), real-time timers that pause and resume, and
//! effect durations that the engine expires when the clock passes a boundary.
//!
//! # Boundaries
//!
//! Every duration is counted in *boundaries*: the end of a combat turn of a given creature, the
//! end of a round, the end of an exploration turn, the end of a rest, the end of a day, or a
//! ruleset-named boundary (`Custom`, e.g. Crows' "halfway through the rest"). When the clock
//! passes a boundary, the engine, in this order:
//! 1. records `BoundaryPassed` (which counts down every matching effect duration);
//! 2. calls the ruleset's `on_tick` for every effect that ticks on that boundary (e.g. usage dice
//!    rolled at each end of a dungeon turn), in the order the effects were started;
//! 3. ends every effect whose count reached zero (`EffectEnded`, reason `expired`) and calls the
//!    ruleset's `on_effect_ended`;
//! 4. calls the ruleset's `on_boundary` (e.g. the encounter check at the end of a dungeon turn).
//!
//! The end of a combat turn passes `TurnEnd`, then `GroupEnd` if it closed a tie group (only
//! in a combat with tie groups), then either the next `TurnStart` or — after the last turn —
//! the round's game time (`Ruleset::round_seconds`, if any; durations in game time expire),
//! `RoundEnd` and the next round's first `TurnStart`. A completed rest passes `RestEnd`, then
//! `NamedRestEnd` for a rest of a named kind ([`RestKind`]).
//!
//! Wall-clock time enters only through [`WallClock`]; tests use [`FakeClock`].

use crate::core::{CharacterId, Visibility};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Milliseconds since the Unix epoch, as read from a [`WallClock`].
pub type WallMs = i64;

/// The only way wall-clock time reaches the engine.
pub trait WallClock: Send + Sync {
    fn now_ms(&self) -> WallMs;
}

/// The real clock (for the server and CLI).
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl WallClock for SystemClock {
    fn now_ms(&self) -> WallMs {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        i64::try_from(now.as_millis()).unwrap_or(i64::MAX)
    }
}

/// A clock tests move by hand. Clones share the same time.
#[derive(Debug, Clone, Default)]
pub struct FakeClock(Arc<AtomicI64>);

impl FakeClock {
    pub fn new(start_ms: WallMs) -> Self {
        FakeClock(Arc::new(AtomicI64::new(start_ms)))
    }
    pub fn advance_ms(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
    pub fn set_ms(&self, ms: WallMs) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

impl WallClock for FakeClock {
    fn now_ms(&self) -> WallMs {
        self.0.load(Ordering::SeqCst)
    }
}

/// A point in game time at which durations count down.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Boundary {
    /// The start of a combatant's combat turn.
    TurnStart { who: CharacterId },
    /// The end of a combatant's combat turn.
    TurnEnd { who: CharacterId },
    /// The end of a combat round.
    RoundEnd,
    /// The end of an exploration turn (Crows' dungeon turn, ACKS' 10-minute turn).
    ExplorationTurnEnd,
    /// The end of a rest (of any kind).
    RestEnd,
    /// The end of a rest of a kind the ruleset names ([`RestKind`]), passed right after
    /// [`Boundary::RestEnd`] ("until you finish a long rest").
    NamedRestEnd { rest: String },
    /// The end of a tie group of combatants who act together (see [`Combat::groups`]): passed
    /// after the last turn of each group of a combat with tie groups, before the next group
    /// starts (or the round ends), so what happened on one initiative count resolves together.
    GroupEnd,
    /// The end of a game day (midnight of game time).
    DayEnd,
    /// A boundary only the ruleset names (passed with `Ctx::pass`).
    Custom { name: String },
}

/// When an effect ends by itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Expiry {
    /// Only when removed (by a rule, by its usage dice running out, by the Referee).
    Never,
    /// At the `remaining`-th passing of `on` from now.
    After { on: Boundary, remaining: u32 },
    /// When game time reaches this minute.
    AtGameMinute { minute: u64 },
    /// When game time reaches this second (see [`GameClock::game_seconds`]): durations that
    /// run through combat rounds ("1 minute", "1 hour").
    AtGameSecond { second: u64 },
}

impl Expiry {
    /// "N rounds": ends at the N-th end of round.
    pub fn rounds(n: u32) -> Self {
        Expiry::After {
            on: Boundary::RoundEnd,
            remaining: n,
        }
    }
    /// "Until the end of this turn" of `who` (or of its next turn if it is not acting now).
    pub fn end_of_turn(who: impl Into<String>) -> Self {
        Expiry::After {
            on: Boundary::TurnEnd { who: who.into() },
            remaining: 1,
        }
    }
    /// "Until the end of your next turn": if `who` is acting now, its current turn does not
    /// count.
    pub fn end_of_next_turn(who: impl Into<String>, clock: &GameClock) -> Self {
        let who = who.into();
        let remaining = if clock.acting() == Some(who.as_str()) {
            2
        } else {
            1
        };
        Expiry::After {
            on: Boundary::TurnEnd { who },
            remaining,
        }
    }
    /// "Until the start of your next turn".
    pub fn start_of_next_turn(who: impl Into<String>) -> Self {
        Expiry::After {
            on: Boundary::TurnStart { who: who.into() },
            remaining: 1,
        }
    }
    /// "Until the end of the (current) exploration turn".
    pub fn end_of_exploration_turn() -> Self {
        Expiry::After {
            on: Boundary::ExplorationTurnEnd,
            remaining: 1,
        }
    }
    /// "Until the end of your next rest".
    pub fn end_of_next_rest() -> Self {
        Expiry::After {
            on: Boundary::RestEnd,
            remaining: 1,
        }
    }
    /// N game minutes from now.
    pub fn game_minutes(clock: &GameClock, minutes: u64) -> Self {
        Expiry::AtGameMinute {
            minute: clock.game_minutes.saturating_add(minutes),
        }
    }
    /// N game seconds from now, to the second: "1 minute" is 60 s, ten D&D rounds of 6 s or
    /// six ACKS rounds of 10 s; "1 hour" runs through any fight, each round moving the clock.
    pub fn game_seconds(clock: &GameClock, seconds: u64) -> Self {
        Expiry::AtGameSecond {
            second: clock.game_seconds().saturating_add(seconds),
        }
    }
}

/// A kind of rest a ruleset names (D&D 2024: short rest of 1 hour, long rest of 8 hours).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestKind {
    /// The name commands and boundaries use (`short`, `long`).
    pub name: String,
    /// Game seconds a completed rest of this kind moves the clock when it ends (0: the ruleset
    /// moves the clock itself).
    pub seconds: u64,
}

impl RestKind {
    pub fn new(name: impl Into<String>, seconds: u64) -> Self {
        RestKind {
            name: name.into(),
            seconds,
        }
    }
}

/// How long an exploration turn lasts; the ruleset chooses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TurnLength {
    /// Real time, run by a timer that can be paused (Crows: 30 minutes by default).
    RealTime { ms: i64 },
    /// Game time: ending a turn advances game time (ACKS: 10 minutes).
    GameMinutes { minutes: u64 },
    /// Ended only by command (Crows' "1d6 rooms" variant).
    Manual,
}

/// The timer id the engine uses for a real-time exploration turn.
pub const EXPLORATION_TIMER: &str = "exploration_turn";

/// A real-time deadline that can be paused and resumed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timer {
    pub id: String,
    pub label: String,
    /// Total running time before the deadline.
    pub duration_ms: i64,
    /// Running time already spent before the current run.
    pub elapsed_ms: i64,
    /// Wall time the current run started; `None` while paused.
    pub running_since_ms: Option<WallMs>,
    pub visibility: Visibility,
}

impl Timer {
    /// Running time left at `now`.
    pub fn remaining_ms(&self, now: WallMs) -> i64 {
        let run = self
            .running_since_ms
            .map_or(0, |since| now.saturating_sub(since).max(0));
        self.duration_ms
            .saturating_sub(self.elapsed_ms)
            .saturating_sub(run)
    }
    /// The wall time it falls due, if running.
    pub fn deadline_ms(&self) -> Option<WallMs> {
        self.running_since_ms.map(|since| {
            since
                .saturating_add(self.duration_ms)
                .saturating_sub(self.elapsed_ms)
        })
    }
}

/// A running effect with a duration (a condition, a spell, a bonus…). The engine keeps its
/// clock; the ruleset owns its meaning (`kind` and `data`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// Opaque id (random, from the command's recorded generator: it leaks no count).
    pub id: String,
    /// The ruleset's name for this kind of effect.
    pub kind: String,
    /// The creature or object it is on, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<CharacterId>,
    pub expiry: Expiry,
    /// Boundaries at which the ruleset's `on_tick` runs for this effect.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ticks: Vec<Boundary>,
    pub visibility: Visibility,
    /// Ruleset data (e.g. the usage dice left).
    #[serde(default)]
    pub data: serde_json::Value,
}

/// Who keeps an effect up and what it ends with, kept beside the effect (in
/// `CoreState::effect_links`, by effect id) so the effect's own shape stays as old logs wrote
/// it. Started with the effect (`linked_effect_started`), gone when it ends.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EffectLink {
    /// The creature whose action made it (a grappler, a charmer, a concentrating caster):
    /// `Ctx::end_effects_from` ends what a source keeps up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<CharacterId>,
    /// Effects that end together: when one effect of a group ends (expired or removed), the
    /// engine ends the others (reason `removed`) — concentration ends all its spell's effects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// Combat: the order of combatants, the round and whose turn it is.
///
/// The order may change from one round to the next ([`crate::Ctx::reorder_combat`]): the new
/// order waits in `next_order` and takes over when the next round begins, so the round count
/// runs on. A combat started to wait for each round's order (`waits_for_order`) stops after
/// each round's end with no one acting (`current` past the end of `order`) until the next
/// order is given.
///
/// **Tie groups.** A combat started with groups ([`crate::Ctx::start_combat_grouped`]) keeps,
/// beside `order`, the tie group of each slot (`groups`, same length; consecutive slots with
/// the same number act together, e.g. one ACKS initiative count). Turns inside a group still
/// come one after another, so the table can enter them, but [`Boundary::GroupEnd`] passes
/// after the last turn of each group: what happened on one count (two combatants who slay each
/// other) resolves there, together. A plain combat (`groups` empty) never passes it.
///
/// **Mid-round changes.** Combatants may join ([`crate::Ctx::insert_combatant`]), leave
/// ([`crate::Ctx::remove_combatant`]) or delay their turn ([`crate::Ctx::delay_turn`]) during
/// a round; each names where it goes with a [`Place`]. `current` keeps pointing at the
/// combatant acting (a slot inserted or removed before it moves it); a pending `next_order`
/// is the ruleset's and is left as given, except that a removed combatant leaves it too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub order: Vec<CharacterId>,
    pub round: u32,
    /// Index into `order` of the combatant acting now; past the end between rounds.
    pub current: usize,
    /// The order of the next round, when it was changed during this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_order: Option<Vec<CharacterId>>,
    /// After each round the clock waits (no one acting) for the next round's order.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub waits_for_order: bool,
    /// The tie group of each slot of `order` (empty: a plain combat, no groups).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<u32>,
    /// The tie groups of `next_order`, when it was given with groups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_groups: Option<Vec<u32>>,
}

/// Where a combatant goes in the order of a running round (an insertion or a delay).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Last in the round (its own group).
    Last,
    /// Right after the acting combatant's group (its own group): acts next.
    Next,
    /// In its own group right before this combatant's group.
    Before(CharacterId),
    /// In its own group right after this combatant's group.
    After(CharacterId),
    /// In this combatant's tie group, after its members (only in a combat with tie groups).
    With(CharacterId),
}

impl Combat {
    /// Whether a round is over and the clock waits for the next round's order.
    pub fn between_rounds(&self) -> bool {
        self.current >= self.order.len()
    }

    /// Whether this combat has tie groups (and passes [`Boundary::GroupEnd`]).
    pub fn grouped(&self) -> bool {
        !self.groups.is_empty()
    }

    /// Whether slot `i` is the last of its tie group (never in a plain combat).
    pub fn closes_group(&self, i: usize) -> bool {
        match self.groups.get(i) {
            Some(g) => self.groups.get(i + 1) != Some(g),
            None => false,
        }
    }

    /// The order as tie groups, in acting order (each combatant alone in a plain combat).
    pub fn tie_groups(&self) -> Vec<Vec<CharacterId>> {
        let mut out: Vec<Vec<CharacterId>> = Vec::new();
        for (i, who) in self.order.iter().enumerate() {
            let joins = i > 0 && self.grouped() && self.groups.get(i) == self.groups.get(i - 1);
            match out.last_mut() {
                Some(group) if joins => group.push(who.clone()),
                _ => out.push(vec![who.clone()]),
            }
        }
        out
    }

    /// The slots `start..end` of slot `i`'s tie group (just `i` in a plain combat).
    fn group_span(&self, i: usize) -> (usize, usize) {
        let Some(g) = self.groups.get(i) else {
            return (i, i + 1);
        };
        let mut start = i;
        while start > 0 && self.groups.get(start - 1) == Some(g) {
            start -= 1;
        }
        let mut end = i + 1;
        while self.groups.get(end) == Some(g) {
            end += 1;
        }
        (start, end)
    }

    /// Takes `who` out of the order (and out of a pending next order); `current` keeps
    /// pointing at the acting combatant, or at the slot `who` left if it was acting.
    pub(crate) fn remove(&mut self, who: &str) {
        if let Some(i) = self.order.iter().position(|c| c == who) {
            self.order.remove(i);
            if i < self.groups.len() {
                self.groups.remove(i);
            }
            if i < self.current {
                self.current -= 1;
            }
        }
        if let Some(next) = &mut self.next_order
            && let Some(i) = next.iter().position(|c| c == who)
        {
            next.remove(i);
            if let Some(groups) = &mut self.next_groups
                && i < groups.len()
            {
                groups.remove(i);
            }
        }
    }

    /// Puts `who` at `slot` (in tie group `group` of a combat with groups); `current` keeps
    /// pointing at the acting combatant.
    pub(crate) fn insert(&mut self, who: &str, slot: usize, group: Option<u32>) {
        let slot = slot.min(self.order.len());
        if self.grouped() {
            let fresh = self.groups.iter().max().map_or(0, |m| m + 1);
            self.groups.insert(slot, group.unwrap_or(fresh));
        }
        self.order.insert(slot, who.to_string());
        if slot <= self.current {
            self.current += 1;
        }
    }

    /// The slot and tie group a combatant placed at `place` gets, or why it cannot go there.
    pub fn slot_for(&self, place: &Place) -> Result<(usize, Option<u32>), String> {
        let fresh = self.groups.iter().max().map_or(0, |m| m + 1);
        let new_group = |slot: usize| (slot, self.grouped().then_some(fresh));
        let find = |who: &str| {
            self.order
                .iter()
                .position(|c| c == who)
                .ok_or_else(|| format!("`{who}` is not in the combat order"))
        };
        match place {
            Place::Last => Ok(new_group(self.order.len())),
            Place::Next => {
                if self.between_rounds() {
                    return Ok(new_group(self.order.len()));
                }
                Ok(new_group(self.group_span(self.current).1))
            }
            Place::Before(who) => Ok(new_group(self.group_span(find(who)?).0)),
            Place::After(who) => Ok(new_group(self.group_span(find(who)?).1)),
            Place::With(who) => {
                let i = find(who)?;
                if !self.grouped() {
                    return Err("this combat has no tie groups".into());
                }
                Ok((self.group_span(i).1, self.groups.get(i).copied()))
            }
        }
    }
}

/// Exploration: the turn number and its length.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exploration {
    pub turn: u32,
    pub length: TurnLength,
}

/// The game clock of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct GameClock {
    /// Game minutes since the table began (day = minutes / 1440).
    pub game_minutes: u64,
    #[serde(default)]
    pub combat: Option<Combat>,
    #[serde(default)]
    pub exploration: Option<Exploration>,
    /// Whether a rest is under way.
    #[serde(default)]
    pub resting: bool,
    /// The kind of the rest under way, when the ruleset named one ([`RestKind`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rest_kind: Option<String>,
    /// Completed rests of every kind.
    pub rests_completed: u32,
    /// Completed rests by kind (rests without a kind count only in `rests_completed`).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub rests_by_kind: std::collections::BTreeMap<String, u32>,
    /// Seconds past the last whole game minute (0–59): combat rounds of a ruleset-declared
    /// length and `advance_seconds` move the clock in seconds; `game_minutes` stays the whole
    /// minutes, as old logs and minute-counting rules read it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub second: u32,
    /// Real-time timers by id.
    #[serde(default)]
    pub timers: std::collections::BTreeMap<String, Timer>,
}

/// Minutes in a game day.
pub const MINUTES_PER_DAY: u64 = 1440;

impl GameClock {
    /// The combatant whose combat turn it is, if in combat.
    pub fn acting(&self) -> Option<&str> {
        self.combat
            .as_ref()
            .and_then(|c| c.order.get(c.current))
            .map(String::as_str)
    }
    /// The game day (0-based).
    pub fn day(&self) -> u64 {
        self.game_minutes / MINUTES_PER_DAY
    }
    /// Game time in seconds since the table began.
    pub fn game_seconds(&self) -> u64 {
        self.game_minutes
            .saturating_mul(60)
            .saturating_add(u64::from(self.second))
    }
    /// Moves the clock to `seconds` since the table began (minutes and the second past them).
    pub(crate) fn set_game_seconds(&mut self, seconds: u64) {
        self.game_minutes = seconds / 60;
        // Below 60: fits.
        self.second = (seconds % 60) as u32;
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
