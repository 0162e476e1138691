//! Forecasts: a table's present situation played forward many times in memory with the real
//! ruleset (its `decide`/`apply`, nothing re-implemented), every decision answered and every
//! turn taken by a named policy, to report the distribution of outcomes.
//!
//! The engine gives the mechanism, game-free:
//! - [`Sim`]: a private copy of a table's state that commands and answers run on exactly as on
//!   the table (authorisation, rules, decisions, effects, the clock), without a log, undo
//!   history or growth window. Nothing it does reaches the table, its store or any viewer.
//! - [`play_many`]: runs `runs` copies in parallel (rayon), run `i` with its own dice seed
//!   [`run_seed`]`(seed, i)`, and returns the results in run order, so a report built from them
//!   is the same for a given seed whatever the number of threads.
//! - [`Proportion`] and [`Mean`]: the figures with their 95 % intervals.
//!
//! A ruleset offers forecasts through [`crate::Ruleset::forecast`] (its policies and what it
//! measures); [`crate::Table::forecast`] runs one for the Referee only. The dice of a forecast
//! come from its own seed, never from the table's generator, so a forecast tells nothing about
//! the table's next rolls.

pub mod report;

pub use report::{
    Figures, ForecastOptions, MAX_RUNS, MAX_STEPS_PER_RUN, MAX_THREADS, Mean, Proportion,
    bounded_arg, count, fight_outline, histogram, round6, run_seed,
};

use crate::core::Actor;
use crate::decision::Answer;
use crate::event::Command;
use crate::rule_error::RuleError;
use crate::ruleset::{DiceRoller, Ruleset, TableState};
use crate::table::{EngineError, TypedTable};
use crate::time::WallMs;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// Accepted steps between two checkpoints of a [`Sim`].
pub const CHECKPOINT_EVERY: usize = 64;

/// A private copy of a table, for playing forward. Commands and answers are decided and
/// applied exactly as on the table; nothing is stored, logged or shown to anyone.
///
/// A table decides each command on a copy of its state, which a refusal drops. A `Sim`
/// decides on its state itself, so a command costs no copy; a refusal that comes after the
/// command's events had already changed the state (rare: rules refuse before their first
/// event) puts the state back from the last checkpoint and plays the accepted steps since
/// then again. The dice of a step come from the run's seed and the step's place in the log,
/// so the replayed steps end exactly where they had.
pub struct Sim<R: Ruleset> {
    table: TypedTable<R>,
    now_ms: WallMs,
    steps: u32,
    /// The state as it was before the steps in `since` (`None` until the run's first step).
    checkpoint: Option<TableState<R::State>>,
    /// The steps accepted since `checkpoint`, to play again after a late refusal.
    since: Vec<(Actor, Command)>,
    /// Late refusals undone this run (for tests and the benchmark).
    restores: u32,
}

impl<R: Ruleset> Clone for Sim<R> {
    fn clone(&self) -> Self {
        Sim {
            table: self.table.clone(),
            now_ms: self.now_ms,
            steps: self.steps,
            checkpoint: self.checkpoint.clone(),
            since: self.since.clone(),
            restores: self.restores,
        }
    }
}

impl<R: Ruleset> Sim<R> {
    /// A copy of `state` run by `ruleset`, its dice from `seed`, its wall clock at `now_ms`
    /// (timers keep their deadlines; a forecast moves the game clock by commands, not by
    /// waiting).
    pub fn new(
        ruleset: Arc<R>,
        mut state: TableState<R::State>,
        seed: u64,
        now_ms: WallMs,
    ) -> Self {
        state.core.fixed_seed = Some(seed);
        Sim {
            table: TypedTable::in_memory(ruleset, state),
            now_ms,
            steps: 0,
            checkpoint: None,
            since: Vec::new(),
            restores: 0,
        }
    }

    /// The same situation with its dice from `seed` (and its step count back at 0).
    pub fn reseeded(&self, seed: u64) -> Self {
        let mut sim = Sim {
            table: self.table.clone(),
            now_ms: self.now_ms,
            steps: 0,
            checkpoint: None,
            since: Vec::new(),
            restores: 0,
        };
        sim.table.set_seed(seed);
        sim
    }

    /// Applies the ruleset's events through their JSON bodies, as a table does, instead of
    /// typed (the default of a forecast, which stores nothing). For tests that check that both
    /// ways end in the same state.
    pub fn through_json(mut self) -> Self {
        self.table.set_typed_events(false);
        self
    }

    /// The state now (the Referee's eyes).
    pub fn state(&self) -> &TableState<R::State> {
        self.table.state()
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        self.table.ruleset()
    }

    /// Commands and answers sent so far.
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// Refusals that came after their command had changed the state, undone so far.
    pub fn restores(&self) -> u32 {
        self.restores
    }

    /// Decides and applies `command` as `actor`, rolling from the run's seed. A refused
    /// command changes nothing, as on the table; past [`MAX_STEPS_PER_RUN`] every command is
    /// refused (`forecast_steps`).
    pub fn send(&mut self, actor: &Actor, command: &Command) -> Result<(), EngineError> {
        if self.steps >= MAX_STEPS_PER_RUN {
            return Err(RuleError::new(
                "forecast_steps",
                format!("a forecast run stops after {MAX_STEPS_PER_RUN} commands"),
            )
            .rule("MAX_STEPS_PER_RUN")
            .into());
        }
        self.steps += 1;
        if self.checkpoint.is_none() || self.since.len() >= CHECKPOINT_EVERY {
            self.checkpoint = Some(self.table.state().clone());
            self.since.clear();
        }
        match self
            .table
            .step_in_place(actor, command, self.now_ms, &mut DiceRoller)
        {
            Ok(()) => {
                self.since.push((actor.clone(), command.clone()));
                Ok(())
            }
            Err(refused) if !refused.touched => Err(refused.error),
            Err(refused) => {
                self.restore()?;
                Err(refused.error)
            }
        }
    }

    /// Puts the state back as it was before a refused command: the checkpoint, then the
    /// steps accepted since, played again with the same dice.
    fn restore(&mut self) -> Result<(), EngineError> {
        self.restores += 1;
        let Some(checkpoint) = &self.checkpoint else {
            // Invariant: `send` takes a checkpoint before its first step.
            return Err(EngineError::BadCommand(
                "a forecast copy lost its checkpoint".into(),
            ));
        };
        self.table.set_state(checkpoint.clone());
        for (actor, command) in &self.since {
            self.table
                .step_in_place(actor, command, self.now_ms, &mut DiceRoller)
                .map_err(|refused| {
                    EngineError::BadCommand(format!(
                        "a forecast copy could not play an accepted step again: {}",
                        refused.error
                    ))
                })?;
        }
        Ok(())
    }

    /// Sends one of the ruleset's commands.
    pub fn send_rules(&mut self, actor: &Actor, command: &R::Command) -> Result<(), EngineError> {
        let json = serde_json::to_value(command)
            .map_err(|e| EngineError::BadCommand(format!("unserialisable command: {e}")))?;
        self.send(actor, &Command::Rules(json))
    }

    /// Answers the open decision `decision` with `option`.
    pub fn answer(
        &mut self,
        actor: &Actor,
        decision: &str,
        option: &str,
    ) -> Result<(), EngineError> {
        self.send(
            actor,
            &Command::Answer(Answer {
                decision: decision.to_string(),
                option: option.to_string(),
                text: None,
            }),
        )
    }
}

/// Plays `start` forward `options.runs` times on `options.threads` threads: run `i` gets a copy
/// of `start` whose dice come from [`run_seed`]`(options.seed, i)` and is handed to `play`,
/// which drives it (its policy) and measures the outcome. The results come back in run order.
/// `progress` is told the number of finished runs now and then (from any thread).
pub fn play_many<R, T, F>(
    start: &Sim<R>,
    options: &ForecastOptions,
    progress: &(dyn Fn(u32) + Sync),
    play: F,
) -> Result<Vec<T>, RuleError>
where
    R: Ruleset,
    T: Send,
    F: Fn(&mut Sim<R>) -> T + Sync,
{
    options.check()?;
    let done = AtomicU32::new(0);
    let every = (options.runs / 100).max(1);
    let one = |i: u32| {
        let mut sim = start.reseeded(run_seed(options.seed, i));
        let out = play(&mut sim);
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(every) || n == options.runs {
            progress(n);
        }
        out
    };
    if options.threads == 1 {
        return Ok((0..options.runs).map(one).collect());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| RuleError::new("forecast_threads", format!("no thread pool: {e}")))?;
    Ok(pool.install(|| (0..options.runs).into_par_iter().map(one).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A demo table with two counters, c1 and c2, and a player bound to c2.
    fn demo_table() -> crate::Table {
        use crate::{Command, NewTable, Registry, Table, demo::Demo, ruleset::DiceRoller};
        let mut registry = Registry::new();
        registry.register(Demo);
        let new = NewTable {
            id: "f".into(),
            name: "Forecast".into(),
            ruleset: "demo".into(),
            seed: None,
            referee: "Rita".into(),
            config: serde_json::Value::Null,
        };
        let (mut table, _) = Table::create(&registry, new, 0).unwrap();
        for cmd in [
            serde_json::json!({"join": {"name": "bob", "role": "player"}}),
            serde_json::json!({"rules": {"create": {"character": "c1"}}}),
            serde_json::json!({"rules": {"create": {"character": "c2"}}}),
            serde_json::json!({"bind": {"player": "bob", "character": "c2"}}),
        ] {
            let command: Command = serde_json::from_value(cmd).unwrap();
            table
                .execute(&Actor::Referee, &command, 0, &mut DiceRoller)
                .unwrap();
        }
        table
    }

    fn rolls(
        table: &crate::Table,
        args: serde_json::Value,
        options: &ForecastOptions,
    ) -> serde_json::Value {
        table
            .forecast(&crate::Viewer::Referee, "rolls", &args, options, 0, &|_| {})
            .unwrap()
    }

    #[test]
    fn a_forecast_matches_the_exact_odds_within_its_interval() {
        let table = demo_table();
        let options = ForecastOptions {
            runs: 4000,
            seed: 7,
            threads: 2,
            policy: None,
        };
        // One 1d6 then "keep": P(counter >= 4) is exactly 1/2, the mean 3.5.
        let r = rolls(
            &table,
            serde_json::json!({"dice": "1d6", "rounds": 1, "target": 4}),
            &options,
        );
        for c in ["c1", "c2"] {
            let lo = r["counters"][c]["reaches_ci95"][0].as_f64().unwrap();
            let hi = r["counters"][c]["reaches_ci95"][1].as_f64().unwrap();
            assert!(lo <= 0.5 && 0.5 <= hi, "{c}: [{lo}, {hi}]");
            let mean = r["counters"][c]["mean"].as_f64().unwrap();
            assert!((mean - 3.5).abs() < 0.15, "{mean}");
        }
        assert_eq!(r["runs"], 4000);
        // The bold policy doubles: P(2·d6 >= 4) = 5/6.
        let bold = ForecastOptions {
            policy: Some("bold".into()),
            ..options.clone()
        };
        let r = rolls(
            &table,
            serde_json::json!({"dice": "1d6", "rounds": 1, "target": 4}),
            &bold,
        );
        let lo = r["counters"]["c1"]["reaches_ci95"][0].as_f64().unwrap();
        let hi = r["counters"]["c1"]["reaches_ci95"][1].as_f64().unwrap();
        assert!(lo <= 5.0 / 6.0 && 5.0 / 6.0 <= hi, "[{lo}, {hi}]");
    }

    #[test]
    fn the_same_seed_gives_the_same_report_on_1_2_and_8_threads() {
        let table = demo_table();
        let args = serde_json::json!({"dice": "2d6", "rounds": 3, "target": 20});
        let report = |threads| {
            rolls(
                &table,
                args.clone(),
                &ForecastOptions {
                    runs: 500,
                    seed: 42,
                    threads,
                    policy: None,
                },
            )
        };
        let one = report(1);
        assert_eq!(one, report(2));
        assert_eq!(one, report(8));
        let other = rolls(
            &table,
            args.clone(),
            &ForecastOptions {
                runs: 500,
                seed: 43,
                threads: 1,
                policy: None,
            },
        );
        assert_ne!(one, other, "another seed, other dice");
    }

    #[test]
    fn a_forecast_changes_nothing_and_is_the_referees_only() {
        let table = demo_table();
        let before = table.snapshot();
        let _ = rolls(
            &table,
            serde_json::json!({}),
            &ForecastOptions {
                runs: 50,
                ..Default::default()
            },
        );
        assert_eq!(table.snapshot(), before, "the table is untouched");
        for viewer in [
            crate::Viewer::Player("bob".into()),
            crate::Viewer::Spectator("sam".into()),
        ] {
            let e = table
                .forecast(
                    &viewer,
                    "rolls",
                    &serde_json::json!({}),
                    &ForecastOptions::default(),
                    0,
                    &|_| {},
                )
                .unwrap_err();
            assert_eq!(e.code, "forecast_referee_only");
        }
        let e = table
            .forecast(
                &crate::Viewer::Referee,
                "weather",
                &serde_json::json!({}),
                &ForecastOptions::default(),
                0,
                &|_| {},
            )
            .unwrap_err();
        assert_eq!(e.code, "no_such_forecast");
        let e = table
            .forecast(
                &crate::Viewer::Referee,
                "rolls",
                &serde_json::json!({}),
                &ForecastOptions {
                    policy: Some("reckless".into()),
                    ..Default::default()
                },
                0,
                &|_| {},
            )
            .unwrap_err();
        assert_eq!(e.code, "no_such_policy");
    }

    /// A command refused after its own event changed the state: the copy puts the state
    /// back (checkpoint and replay) and its later dice are those of a run that never sent it.
    #[test]
    fn a_late_refusal_changes_nothing_and_keeps_the_dice() {
        use crate::demo::DemoCommand;
        let table = demo_table();
        let Ok(state) =
            serde_json::from_value::<TableState<crate::demo::DemoState>>(table.state_json())
        else {
            panic!("state")
        };
        let start = Sim::new(Arc::new(crate::demo::Demo), state, 3, 0);
        let roll = DemoCommand::Roll {
            character: "c1".into(),
            dice: "1d1000".into(),
        };
        // c2's counter is not rolled: spending one more than it has is refused late.
        let spend = |amount| DemoCommand::Spend {
            character: "c2".into(),
            amount,
        };
        let c2 = start.state().rules.counters["c2"];
        assert!(c2 < crate::demo::MAX_ADD);
        // Enough accepted steps that the refusal falls after a checkpoint, with steps since.
        let steps = CHECKPOINT_EVERY + 5;
        let mut plain = start.reseeded(9);
        let mut refused = start.reseeded(9);
        for _ in 0..steps {
            plain.send_rules(&Actor::Referee, &roll).unwrap();
            refused.send_rules(&Actor::Referee, &roll).unwrap();
        }
        let before = refused.state().clone();
        let e = refused
            .send_rules(&Actor::Referee, &spend(c2 + 1))
            .unwrap_err();
        assert!(e.to_string().contains("to spend"), "{e}");
        assert_eq!(refused.restores(), 1);
        assert_eq!(refused.state(), &before, "the refusal changed nothing");
        // A refusal before any event needs no restore.
        let e = refused
            .send_rules(&Actor::Referee, &spend(crate::demo::MAX_ADD + 1))
            .unwrap_err();
        assert!(e.to_string().contains("more than"), "{e}");
        assert_eq!(refused.restores(), 1);
        // An accepted spend is kept.
        refused.send_rules(&Actor::Referee, &spend(c2)).unwrap();
        plain.send_rules(&Actor::Referee, &spend(c2)).unwrap();
        for _ in 0..3 {
            plain.send_rules(&Actor::Referee, &roll).unwrap();
            refused.send_rules(&Actor::Referee, &roll).unwrap();
        }
        assert_eq!(refused.state(), plain.state(), "same dice afterwards");
        assert_eq!(plain.restores(), 0);
    }

    #[test]
    fn a_run_is_cut_off_after_its_step_limit() {
        let table = demo_table();
        let Ok(state) =
            serde_json::from_value::<TableState<crate::demo::DemoState>>(table.state_json())
        else {
            panic!("state")
        };
        let mut sim = Sim::new(Arc::new(crate::demo::Demo), state, 1, 0);
        let add = crate::demo::DemoCommand::Add {
            character: "c1".into(),
            amount: 1,
        };
        for _ in 0..MAX_STEPS_PER_RUN {
            sim.send_rules(&Actor::Referee, &add).unwrap();
        }
        let e = sim.send_rules(&Actor::Referee, &add).unwrap_err();
        assert!(
            e.to_string().contains("MAX_STEPS_PER_RUN") || e.to_string().contains("stops after"),
            "{e}"
        );
        assert_eq!(
            sim.state().rules.counters["c1"],
            i64::from(MAX_STEPS_PER_RUN)
        );
    }
}
