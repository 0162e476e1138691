//! Forecasts for the Referee (`delve forecast`, the server's `forecasts` route): the table's
//! situation played forward many times through the engine's [`engine::forecast`] with this
//! ruleset's own `decide`/`apply`, driven by a [`policy::Policy`], and the outcomes counted.
//!
//! - `fight` (`{"max_rounds": 30}`): the combat in progress, or the living creatures placed
//!   on the grid with Initiative rolled and the combat started, played until one side (the
//!   player characters or the monsters) has nobody standing — alive, not dying, conscious —
//!   or the round limit (a draw). Reports each side's chance to win; each creature's chances
//!   to die, to end the fight down (dying, Stable or knocked out) and to drop to 0 hit points
//!   at some point, its hit points left; the rounds — each with its 95 % interval, and the
//!   distributions for a chart. The turn each creature takes is [`fight`]'s.
//!
//! Nothing is written to the table's log and nobody but the Referee sees a forecast (the
//! engine refuses anyone else before any work); its dice come from the forecast's own seed.

pub mod fight;
pub mod policy;

use engine::forecast::bounded_arg;
use engine::forecast::{ForecastOptions, Mean, Proportion, Sim, histogram, play_many};
use engine::{RuleError, TableState};
use serde_json::{Map, Value, json};

use crate::ruleset::{Dnd2024, DndState, NAME};
use fight::Side;
use policy::Policy;

/// The forecasts the D&D 2024 ruleset offers.
pub const KINDS: [&str; 1] = ["fight"];

/// Runs the forecast `kind` on a copy of `state`.
pub fn forecast(
    ruleset: Dnd2024,
    state: &TableState<DndState>,
    kind: &str,
    args: &Value,
    options: &ForecastOptions,
    now_ms: engine::WallMs,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Value, RuleError> {
    let policy = Policy::named(options.policy.as_deref())?;
    match kind {
        "fight" => {
            let start = Sim::new(
                std::sync::Arc::new(ruleset),
                state.clone(),
                options.seed,
                now_ms,
            );
            fight_report(&start, args, options, policy, progress)
        }
        other => Err(engine::ruleset::no_such_forecast(NAME, other)),
    }
}

fn fight_report(
    start: &Sim<Dnd2024>,
    args: &Value,
    options: &ForecastOptions,
    policy: Policy,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Value, RuleError> {
    let max_rounds = bounded_arg(args, "max_rounds", 1, fight::MAX_ROUNDS, "MAX_ROUNDS")?
        .unwrap_or(fight::DEFAULT_MAX_ROUNDS);
    let cast = fight::Cast::of(start.state());
    for side in Side::BOTH {
        if !cast.fighters.iter().any(|f| f.side == side) {
            return Err(RuleError::new(
                "forecast_no_fight",
                format!(
                    "a fight forecast needs a combat under way or living creatures of both \
                     sides on the grid; the side `{}` has none",
                    side.key()
                ),
            )
            .with_args(json!({"side": side.key()})));
        }
    }
    let runs = play_many(start, options, progress, |sim| {
        policy::playing(policy, || fight::play(sim, &cast, policy, max_rounds))
    })?;
    let n = runs.len() as u64;
    let count = |f: &dyn Fn(&fight::FightRun) -> bool| runs.iter().filter(|r| f(r)).count() as u64;
    let share = |p: Proportion, key: &str| json!({ key: p.p, "ci95": p.ci95 });
    let mut sides = Map::new();
    for s in Side::BOTH {
        sides.insert(
            s.key().into(),
            share(Proportion::of(count(&|r| r.winner == Some(s)), n), "win"),
        );
    }
    sides.insert(
        "draw".into(),
        share(Proportion::of(count(&|r| r.winner.is_none()), n), "p"),
    );
    let mut creatures = Map::new();
    for (i, f) in cast.fighters.iter().enumerate() {
        let ends: Vec<&fight::FighterEnd> = runs.iter().map(|r| &r.fighters[i]).collect();
        let part = |pick: &dyn Fn(&fight::FighterEnd) -> bool| {
            Proportion::of(ends.iter().filter(|e| pick(e)).count() as u64, n)
        };
        let dies = part(&|e| e.dead);
        let down = part(&|e| e.down);
        let zero = part(&|e| e.dropped_to_0);
        let hp = Mean::of(ends.iter().map(|e| f64::from(e.hp_left)));
        creatures.insert(
            f.id.clone(),
            json!({
                "side": f.side.key(),
                "dies": dies.p, "dies_ci95": dies.ci95,
                "knocked_out": down.p, "knocked_out_ci95": down.ci95,
                "drops_to_0_hp": zero.p, "drops_to_0_hp_ci95": zero.ci95,
                "hp_left_mean": hp.mean, "hp_left_ci95": hp.ci95,
                "hp_left": histogram(ends.iter().map(|e| u64::from(e.hp_left))),
            }),
        );
    }
    let rounds = Mean::of(runs.iter().map(|r| f64::from(r.rounds)));
    Ok(json!({
        "kind": "fight",
        "runs": n,
        "seed": options.seed,
        "policy": policy.name(),
        "max_rounds": max_rounds,
        "sides": sides,
        "creatures": creatures,
        "rounds_mean": rounds.mean,
        "rounds_ci95": rounds.ci95,
        "rounds": histogram(runs.iter().map(|r| u64::from(r.rounds))),
        "stuck": count(&|r| r.stuck),
    }))
}
