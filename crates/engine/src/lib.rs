//! The table engine: event-sourced tables that any ruleset plugs into. It knows no particular
//! game.
//!
//! # Data flow of one command
//!
//! ```text
//! command JSON ─▶ Table::prepare(actor, command, now, roller)
//!     1. authorise: spectators never act; the system actor only fires due timers; engine
//!        commands (undo, seating, binding, the clock) are the Referee's; a ruleset command is
//!        checked against `Ruleset::acting` (a player acts only for characters bound to them,
//!        the Referee for anyone);
//!     2. decide: `Ruleset::decide(command, ctx)` on a working copy of the state; every event it
//!        emits through ctx is applied to that copy at once (so later steps see it);
//!        `ctx.roll` rolls through the injected `Roller` with a generator freshly seeded from
//!        the operating system for this attempt (so no one can know the faces before the
//!        command is accepted — a refused attempt reveals nothing about the next one), or, on a
//!        table created with an explicit seed (offline CLI, tests; predictable, unfit for play
//!        with untrusted players), seeded from that seed and the batch's first seq; the result
//!        is recorded as a `Rolled` event, so replay never rolls;
//!     3. check what it would store against [`limits`] (bytes and JSON depth per event and
//!        per command, the actor's log growth per hour);
//!     4. number the events (seq, batch = first seq, wall time from the injected clock).
//!   ─▶ store the events with the expected seq (a stale writer gets a conflict)
//!   ─▶ Table::commit(prepared): the working copy becomes the state.
//! replay: Table::replay(events) / Table::restore(snapshot) + Table::apply(event) — `apply` is
//!     pure and never rolls or reads a clock, so a log always rebuilds the same state.
//! view:  Table::view(viewer) and projection::project_log(events, viewer).
//! ```
//! A refused command returns an [`EngineError`] and changes nothing (the working copy is dropped).
//!
//! # Plugging a ruleset in
//!
//! ```
//! use engine::{Acting, Ctx, RuleError, Ruleset, TableState, Viewer, Registry};
//! use serde::{Deserialize, Serialize};
//!
//! struct Coins;
//! #[derive(Deserialize, Serialize, Debug)]
//! enum Cmd { Find { who: String } }
//! #[derive(Deserialize, Serialize, Debug)]
//! enum Ev { Found { who: String, coins: i64 } }
//!
//! impl Ruleset for Coins {
//!     type State = std::collections::BTreeMap<String, i64>;
//!     type Command = Cmd;
//!     type Event = Ev;
//!     fn name(&self) -> &'static str { "coins" }
//!     fn init(&self, _config: &serde_json::Value) -> Result<Self::State, RuleError> { Ok(Default::default()) }
//!     fn acting(&self, _s: &TableState<Self::State>, c: &Cmd) -> Acting {
//!         match c { Cmd::Find { who } => Acting::Characters(vec![who.clone()]) }
//!     }
//!     fn decide(&self, c: &Cmd, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
//!         let Cmd::Find { who } = c;
//!         let roll = ctx.roll("coins found", "2d6", engine::Visibility::Public)?;
//!         ctx.emit(Ev::Found { who: who.clone(), coins: roll.total })
//!     }
//!     fn apply(&self, s: &mut Self::State, e: &Ev) {
//!         let Ev::Found { who, coins } = e;
//!         *s.entry(who.clone()).or_default() += coins;
//!     }
//!     fn project(&self, s: &TableState<Self::State>, _v: &Viewer) -> serde_json::Value {
//!         serde_json::json!(s.rules)
//!     }
//! }
//!
//! let mut registry = Registry::new();
//! registry.register(Coins); // one line per ruleset
//! assert!(registry.contains("coins"));
//! ```
//!
//! Ruleset commands arrive as `{"rules": <the ruleset's Command as JSON>}`; its events are stored
//! as `{"type":"rules","event":<JSON>}` inside an [`Envelope`], so the store and the server carry
//! them without knowing the game. The ruleset never sees SQL, HTTP or the wall clock (only
//! `ctx.now_ms()`, the injected clock's reading, recorded in the events).
//!
//! # What the engine gives a ruleset (through [`Ctx`])
//!
//! - **Recorded dice**: `ctx.roll(label, expr, visibility)`, `ctx.roll_secret(label, expr)`.
//! - **Pending decisions**: `ctx.ask(DecisionRequest)` opens one (options, who answers —
//!   Referee, a player or a character's controller — an optional default on offer, free text);
//!   several may be open at once. The answer comes as the engine command
//!   `{"answer": {"decision": id, "option": id}}`; the engine refuses the wrong person or an
//!   unknown option, then calls `Ruleset::on_answer` to resume.
//! - **Time** ([`time`]): combat rounds and turns, exploration turns of a ruleset-chosen
//!   [`TurnLength`] (real time, game minutes or manual), rests, days, real-time timers that
//!   pause and resume, and effects with durations counted in boundaries ("N rounds", "until the
//!   end of your next turn", "until the end of the exploration turn", "until the end of your
//!   next rest", game minutes or seconds) that the engine expires when the clock passes them,
//!   with `on_tick` / `on_effect_ended` / `on_boundary` / `on_timer` hooks for the ruleset. The
//!   turn order may change from round to round (`Ctx::reorder_combat`) with the round count
//!   running on; a combat started with `Ctx::start_combat_waiting` stops after each round until
//!   the next round's order is given (initiative rolled every round).
//! - **Game time in seconds**: the clock keeps whole minutes (`game_minutes`, as old logs and
//!   minute rules read it) and the second past them; a ruleset's `Ruleset::round_seconds`
//!   (D&D 6, ACKS 10; default 0, rounds take no time) moves it at each round's end, so "1
//!   minute" (`Expiry::game_seconds`) is 10 or 6 rounds and an hour-long effect runs through
//!   a fight.
//! - **Named rests**: `Ruleset::rest_kinds` (name and length: D&D short 1 h, long 8 h);
//!   `start_named_rest`; a completed one moves the clock by its length, counts in
//!   `rests_by_kind` and passes `named_rest_end` after `rest_end`.
//! - **Initiative in tie groups** (`Ctx::start_combat_grouped`): the members of a group take
//!   their turns one by one, then `group_end` passes, so what happened on one count (two
//!   combatants who slay each other) resolves together. Mid-round, a combatant is inserted
//!   (`insert_combatant`), removed (`remove_combatant`; the acting one's turn is over) or
//!   delays its turn (`delay_turn`) at a [`Place`].
//! - **Interrupt windows** (`Ctx::open_window`, [`Window`]): instead of resolving an action
//!   that others may react to, the ruleset opens a window asking each party in a decision
//!   with a default ("decline"); the action — and, if asked, the turn change — waits until
//!   every party has answered, the Referee closes the window, or the Referee-set timeout
//!   (`set_window_timeout`) fires and the defaults are taken. `Ruleset::on_window_closed`
//!   then resolves reactions and the held action in the ruleset's order.
//!   `Ruleset::before_turn_end` is asked as `end_turn` begins: a window it opens (and any
//!   window opened while a turn-holding window closes) holds the turn change, which happens
//!   when the last of them closes, without asking the hook again.
//! - **Effect sources and groups**: an effect may name its `source` (`Ctx::end_effects_from`
//!   ends what a grappler keeps up) and a `group` that ends together (concentration), kept
//!   beside it as an [`EffectLink`] so the effect's own JSON stays as before.
//! - **Visibility**: every event is public, Referee-only or for named players, with an optional
//!   masked form (field-level redaction); `Ruleset::project` hides the ruleset's secrets in the
//!   state view. See [`projection`] for how nothing hidden leaks through numbering or ids.
//! - **Table chat and the free dice roller** ([`chat`]): `{"say": {"text", "to"}}` speaks to the
//!   table or whispers to named participants, `{"roll": {"expr", "label", "secret"}}` rolls for
//!   anyone seated; both are game-free, so every ruleset has them.
//! - **Undo**: the Referee's `{"undo": {"count": n}}` appends a `reverted` event naming the last
//!   n command batches (up to [`UNDO_DEPTH`]); the log stays append-only. Players cannot undo.
//!
//! # How the three target games map onto it (a guide, not code the engine contains)
//!
//! - **Crows**: the dungeon turn is the exploration turn with `TurnLength::RealTime` (30, 20 or
//!   60 minutes; `Manual` for the "1d6 rooms" variant); the Referee pauses it with
//!   `pause_timer`/`resume_timer`; the server fires `timer_due` as the system actor, which ends
//!   the turn. The end-of-turn order (usage dice → expiry → overload wounds → encounter check →
//!   next turn) falls out of the boundary order: usage-dice effects tick on
//!   `ExplorationTurnEnd` (`on_tick`), effects "until the end of the dungeon turn" use
//!   `Expiry::end_of_exploration_turn()`, then `on_boundary(ExplorationTurnEnd)` does the rest.
//!   Halfway through a rest, pass `Boundary::Custom { name: "rest_halfway" }` with `ctx.pass`.
//!   "Until the end of your next rest" is `Expiry::end_of_next_rest()`. Tier-2 outcomes,
//!   where a wound goes, knock-out instead of kill: `ctx.ask` with the right `Answerer`.
//! - **ACKS**: `TurnLength::GameMinutes { minutes: 10 }`; rounds of 10 s
//!   (`round_seconds`); initiative by count with ties in one group (deaths on a count resolve
//!   at `group_end`), delays with `delay_turn`; set-vs-charge and missile interrupts are
//!   windows; secret Judge rolls are `ctx.roll_secret`; the true heading while lost is a
//!   Referee-only event and field.
//! - **D&D 2024**: rounds of 6 s; turns from `start_combat`/`end_turn`, summoned creatures
//!   through `insert_combatant`; "until the end of your next turn" / "start of your next
//!   turn" / "1 minute" (`Expiry::game_seconds(60)`) are `Expiry` constructors; short and long
//!   rests are rest kinds; opportunity attacks, Shield, readied and legendary actions are
//!   windows; concentration is an effect group the ruleset ends with `ctx.end_effect` or
//!   `ctx.end_group`; a grapple names its grappler as source.

pub mod chat;
pub mod core;
pub mod decision;
pub mod demo;
pub mod event;
pub mod forecast;
pub mod limits;
pub mod names;
pub mod projection;
pub mod registry;
pub mod rule_error;
pub mod ruleset;
pub mod table;
pub mod time;
pub mod unseen;
pub mod wire;

#[cfg(test)]
mod combat_order_tests;
#[cfg(test)]
mod turn_structure_tests;
#[cfg(test)]
mod unseen_tests;

pub use crate::core::{Actor, CharacterId, Participants, PlayerId, Role, Viewer, Visibility};
pub use crate::event::{RollCommand, SayCommand};
pub use decision::{
    Answer, Answerer, Decision, DecisionOption, DecisionRequest, LAPSED_OPTION, Window,
    WindowAnswer, WindowRequest,
};
pub use event::{
    AccessChange, ClockCommand, Command, EVENT_FORMAT_VERSION, EndReason, Envelope, EventBody,
    TableOption, TableOptions,
};
pub use projection::{
    LogIndex, LogProjector, ViewEvent, named_seqs, project_log, shows, view_event,
};
pub use registry::Registry;
pub use rule_error::Issue;
pub use ruleset::{
    Acting, CoreState, Ctx, DiceRoller, EffectSpec, FacesRoller, Roller, RuleError, Ruleset,
    ScriptedRoller, TableState, total_only, window_timer_id,
};
pub use table::{EngineError, NewTable, Prepared, Table, UNDO_DEPTH};
pub use time::{
    Boundary, Combat, Effect, EffectLink, Expiry, FakeClock, GameClock, Place, RestKind,
    SystemClock, Timer, TurnLength, WallClock, WallMs,
};

/// A registry with the rulesets this crate ships (only `demo`). Other crates add theirs.
pub fn builtin_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register(demo::Demo);
    registry
}
