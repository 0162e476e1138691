//! Forecasts for the Referee (`delve forecast`, the Referee's screen): the table's situation
//! played forward many times through the engine's [`engine::forecast`] with this ruleset's
//! own `decide`/`apply`, driven by a [`policy::Policy`], and the outcomes counted.
//!
//! - `fight` (`{"max_rounds": 30}`): the fight in progress, or the creatures placed on the
//!   grid started as a fight, played until one side has nobody standing (alive and conscious)
//!   or the round limit (a draw). Reports each side's chance to win, each creature's chances
//!   to die, be knocked out and gain wounds, its wounds, Stamina and usage dice spent, and the
//!   rounds, each with its 95 % interval and the distributions for a chart.
//! - `expedition` (`{"turns": 6, "rest_every": 3}`): the next dungeon turns of the visit in
//!   progress, ended as the Referee ends them, the party lighting a spare light when the last
//!   goes out and resting every `rest_every` turns if given. Reports the chance that the
//!   light runs out and that someone has no ration, the encounter checks and encounters
//!   expected, and the chance of an encounter per turn.
//!
//! Nothing is written to the table's log and nobody but the Referee sees a forecast (the
//! engine refuses anyone else before any work); its dice come from the forecast's own seed.

pub mod expedition;
pub mod fight;
pub mod policy;

use engine::RuleError;
use engine::forecast::bounded_arg;
use engine::forecast::{
    Figures, ForecastOptions, Mean, Proportion, Sim, count, fight_outline, histogram, play_many,
};
use serde_json::{Map, Value, json};

use crate::combat::initiative::Side;
use crate::ruleset::adapter::Crows;
use crate::ruleset::combat::board::side_key;
use policy::Policy;

/// The forecasts the Crows ruleset offers.
pub const KINDS: [&str; 2] = ["fight", "expedition"];

/// Runs the forecast `kind` from `start`.
pub fn forecast(
    start: &Sim<Crows>,
    kind: &str,
    args: &Value,
    options: &ForecastOptions,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Value, RuleError> {
    let policy = Policy::named(options.policy.as_deref())?;
    match kind {
        "fight" => fight_report(start, args, options, policy, progress),
        "expedition" => expedition_report(start, args, options, policy, progress),
        other => Err(engine::ruleset::no_such_forecast("crows", other)),
    }
}

fn fight_report(
    start: &Sim<Crows>,
    args: &Value,
    options: &ForecastOptions,
    policy: Policy,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Value, RuleError> {
    let max_rounds = bounded_arg(args, "max_rounds", 1, fight::MAX_ROUNDS, "MAX_ROUNDS")?
        .unwrap_or(fight::DEFAULT_MAX_ROUNDS);
    let cast = fight::Cast::of(&start.state().rules);
    for side in [Side::Crows, Side::Enemies] {
        if !cast.fighters.iter().any(|f| f.side == side) {
            return Err(RuleError::new(
                "forecast_no_fight",
                format!(
                    "a fight forecast needs creatures of both sides on the grid; the side `{}` \
                     has none placed",
                    side_key(side)
                ),
            )
            .with_args(json!({"side": side_key(side)})));
        }
    }
    let runs = play_many(start, options, progress, |sim| {
        fight::play(sim, &cast, policy, max_rounds)
    })?;
    let n = runs.len() as u64;
    let mut report = fight_outline(
        &runs,
        &[Side::Crows, Side::Enemies].map(side_key),
        |r| r.winner.map(side_key),
        |r| r.rounds,
        |r| r.stuck,
    );
    let mut creatures = Map::new();
    for (i, f) in cast.fighters.iter().enumerate() {
        let ends: Vec<&fight::FighterEnd> = runs.iter().map(|r| &r.fighters[i]).collect();
        let figures = Figures::new(n)
            .with("side", side_key(f.side).into())
            .share("dies", count(&ends, |e| e.dead))
            .share("knocked_out", count(&ends, |e| e.knocked_out))
            .share("gains_wounds", count(&ends, |e| e.wounds_gained > 0))
            .mean("wounds", ends.iter().map(|e| f64::from(e.wounds_gained)))
            .mean(
                "stamina_left",
                ends.iter().map(|e| f64::from(e.stamina_left)),
            )
            .mean(
                "usage_dice_spent",
                ends.iter().map(|e| f64::from(e.usage_spent)),
            )
            .histogram(
                "stamina_left",
                ends.iter().map(|e| u64::from(e.stamina_left)),
            )
            .histogram(
                "wounds_gained",
                ends.iter().map(|e| u64::from(e.wounds_gained)),
            );
        creatures.insert(f.id.clone(), figures.into_map().into());
    }
    let usage_total = Mean::of(
        runs.iter()
            .map(|r| f64::from(r.fighters.iter().map(|e| e.usage_spent).sum::<u32>())),
    );
    report.insert("kind".into(), "fight".into());
    report.insert("seed".into(), options.seed.into());
    report.insert("policy".into(), policy_name(policy).into());
    report.insert("max_rounds".into(), max_rounds.into());
    report.insert("creatures".into(), creatures.into());
    report.insert("usage_dice_spent_mean".into(), usage_total.mean.into());
    Ok(report.into())
}

fn expedition_report(
    start: &Sim<Crows>,
    args: &Value,
    options: &ForecastOptions,
    policy: Policy,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Value, RuleError> {
    let turns =
        bounded_arg(args, "turns", 1, expedition::MAX_TURNS, "MAX_TURNS")?.ok_or_else(|| {
            RuleError::new("forecast_args", "an expedition forecast needs `turns`")
                .rule("MAX_TURNS")
        })?;
    let rest_every = bounded_arg(args, "rest_every", 1, expedition::MAX_TURNS, "MAX_TURNS")?;
    let rules = &start.state().rules;
    if rules.explore.visit.is_none() || rules.explore.rest.is_some() {
        return Err(RuleError::new(
            "forecast_no_visit",
            "an expedition forecast starts in a dungeon turn: enter a dungeon first (and finish \
             any rest under way)",
        ));
    }
    if expedition::party(rules).is_empty() {
        return Err(RuleError::new(
            "forecast_no_party",
            "an expedition forecast needs a living crow, hireling or animal",
        ));
    }
    let runs = play_many(start, options, progress, |sim| {
        expedition::play(sim, policy, turns, rest_every)
    })?;
    let n = runs.len() as u64;
    let light = Proportion::of(
        runs.iter().filter(|r| r.light_out.is_some()).count() as u64,
        n,
    );
    let rations = Proportion::of(
        runs.iter().filter(|r| r.rations_out.is_some()).count() as u64,
        n,
    );
    let checks = Mean::of(runs.iter().map(|r| f64::from(r.checks)));
    let encounters = Mean::of(runs.iter().map(|r| f64::from(r.encounters)));
    let played: u64 = runs.iter().map(|r| u64::from(r.turns)).sum();
    let per_turn = Proportion::of(
        runs.iter().map(|r| u64::from(r.encounter_turns)).sum(),
        played,
    );
    Ok(json!({
        "kind": "expedition",
        "runs": n,
        "seed": options.seed,
        "policy": policy_name(policy),
        "turns": turns,
        "rest_every": rest_every,
        "light_runs_out": {"p": light.p, "ci95": light.ci95},
        "light_out_turn": histogram(runs.iter().filter_map(|r| r.light_out.map(u64::from))),
        "rations_run_out": {"p": rations.p, "ci95": rations.ci95},
        "encounter_checks_mean": checks.mean,
        "encounter_checks_ci95": checks.ci95,
        "encounters_mean": encounters.mean,
        "encounters_ci95": encounters.ci95,
        "encounter_per_turn": {"p": per_turn.p, "ci95": per_turn.ci95},
        "encounters": histogram(runs.iter().map(|r| u64::from(r.encounters))),
        "stuck": runs.iter().filter(|r| r.stuck).count(),
    }))
}

fn policy_name(p: Policy) -> &'static str {
    match p {
        Policy::Tactical => "tactical",
        Policy::Defaults => "defaults",
    }
}
