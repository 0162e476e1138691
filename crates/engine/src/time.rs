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
    /// The end of a rest.
    RestEnd,
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
}

/// How long an exploration turn lasts; the ruleset chooses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// Combat: the order of combatants, the round and whose turn it is.
///
/// The order may change from one round to the next ([`crate::Ctx::reorder_combat`]): the new
/// order waits in `next_order` and takes over when the next round begins, so the round count
/// runs on. A combat started to wait for each round's order (`waits_for_order`) stops after
/// each round's end with no one acting (`current` past the end of `order`) until the next
/// order is given.
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
}

impl Combat {
    /// Whether a round is over and the clock waits for the next round's order.
    pub fn between_rounds(&self) -> bool {
        self.current >= self.order.len()
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
    pub rests_completed: u32,
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
}
