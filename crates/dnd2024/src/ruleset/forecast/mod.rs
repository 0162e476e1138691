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
use engine::forecast::{Figures, ForecastOptions, Sim, count, fight_outline, play_many};
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
    let mut report = fight_outline(
        &runs,
        &Side::BOTH.map(Side::key),
        |r| r.winner.map(Side::key),
        |r| r.rounds,
        |r| r.stuck,
    );
    let mut creatures = Map::new();
    for (i, f) in cast.fighters.iter().enumerate() {
        let ends: Vec<&fight::FighterEnd> = runs.iter().map(|r| &r.fighters[i]).collect();
        let figures = Figures::new(n)
            .with("side", f.side.key().into())
            .share("dies", count(&ends, |e| e.dead))
            .share("knocked_out", count(&ends, |e| e.down))
            .share("drops_to_0_hp", count(&ends, |e| e.dropped_to_0))
            .mean("hp_left", ends.iter().map(|e| f64::from(e.hp_left)))
            .histogram("hp_left", ends.iter().map(|e| u64::from(e.hp_left)));
        creatures.insert(f.id.clone(), figures.into_map().into());
    }
    report.insert("kind".into(), "fight".into());
    report.insert("seed".into(), options.seed.into());
    report.insert("policy".into(), policy.name().into());
    report.insert("max_rounds".into(), max_rounds.into());
    report.insert("creatures".into(), creatures.into());
    Ok(report.into())
}
