//! Forecasts for the Judge (`delve forecast`, the server's `forecasts` route): the table's
//! situation played forward many times through the engine's [`engine::forecast`] with this
//! ruleset's own `decide`/`apply`, driven by a [`policy::Policy`], and the outcomes counted.
//!
//! - `fight` (`{"max_rounds": 30, "combatants": ["brena", "rat1"], "weapons": {"brena":
//!   "1d8"}}`, every key optional): the fight under way, or the `combatants` (by default every
//!   character and every revealed monster above 0 hp) begun as a fight, fought round by round
//!   ([`fight`]) until one side has nobody standing but those that fled, or the round limit (a
//!   draw). Reports each side's chance to win; each combatant's chances to be slain, to end
//!   down (0 hp or less: unconscious, its Mortal Wounds roll left to the table,
//!   AC-WOUND-01), to drop to 0 hp at some point and to flee, its hit points left; the
//!   rounds — each with its 95 % interval, and the distributions for a chart — and the
//!   weapons the characters fought with.
//!
//! Nothing is written to the table's log and nobody but the Judge sees a forecast (the engine
//! refuses anyone else before any work); its dice come from the forecast's own seed.

pub mod fight;
pub mod policy;

use engine::forecast::bounded_arg;
use std::collections::BTreeMap;

use engine::forecast::{Figures, ForecastOptions, Sim, count, fight_outline, play_many};
use engine::{RuleError, TableState};
use serde_json::{Map, Value, json};

use crate::ruleset::adapter::Acks;
use crate::ruleset::state::AcksState;
use fight::Side;
use policy::Policy;

/// Most combatants a forecast's `combatants` names (the fight's own limit).
const MAX_COMBATANTS: usize = 100;

/// The forecasts the ACKS ruleset offers.
pub const KINDS: [&str; 1] = ["fight"];

/// Runs the forecast `kind` on a copy of `state`.
pub fn forecast(
    state: &TableState<AcksState>,
    kind: &str,
    args: &Value,
    options: &ForecastOptions,
    now_ms: engine::WallMs,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Value, RuleError> {
    let policy = Policy::named(options.policy.as_deref())?;
    match kind {
        "fight" => fight_report(state, args, options, policy, now_ms, progress),
        other => Err(engine::ruleset::no_such_forecast("acks", other)),
    }
}

fn bad_args(message: impl Into<String>) -> RuleError {
    RuleError::new("forecast_args", message)
}

/// The `combatants` asked for: each a creature of the table above 0 hp, a monster revealed
/// (a fight's order is public, AC-INIT-01); refused while a fight is under way (its own
/// combatants fight).
fn combatants(state: &TableState<AcksState>, args: &Value) -> Result<Vec<String>, RuleError> {
    let rules = &state.rules;
    let Some(v) = args.get("combatants").filter(|v| !v.is_null()) else {
        return Ok(fight::Cast::default_ids(state));
    };
    if rules.combat.is_some() {
        return Err(bad_args(
            "a fight is under way: its own combatants fight, `combatants` is for a new one",
        ));
    }
    let ids: Vec<String> = serde_json::from_value(v.clone())
        .map_err(|_| bad_args("`combatants` is a list of creature ids"))?;
    if ids.len() > MAX_COMBATANTS {
        return Err(
            bad_args(format!("at most {} combatants", MAX_COMBATANTS)).rule("MAX_COMBATANTS")
        );
    }
    for id in &ids {
        let c = rules
            .creatures
            .get(id)
            .ok_or_else(|| crate::ruleset::adapter::no_creature(id))?;
        if c.hp <= 0 || !c.public() {
            return Err(bad_args(format!(
                "`{id}` cannot fight: it is at 0 hp or less, or an unrevealed monster"
            ))
            .rule("AC-INIT-01"));
        }
    }
    Ok(ids)
}

/// The `weapons` given: character id → damage dice.
fn weapons(args: &Value) -> Result<BTreeMap<String, String>, RuleError> {
    let Some(v) = args.get("weapons").filter(|v| !v.is_null()) else {
        return Ok(BTreeMap::new());
    };
    let map: BTreeMap<String, String> = serde_json::from_value(v.clone()).map_err(|_| {
        bad_args("`weapons` maps character ids to damage dice, e.g. {\"brena\": \"1d8\"}")
    })?;
    if map.len() > MAX_COMBATANTS {
        return Err(bad_args(format!(
            "`weapons` names at most {MAX_COMBATANTS} characters"
        ))
        .rule("MAX_COMBATANTS"));
    }
    for (id, dice) in &map {
        if !fight::check_weapon(dice) {
            return Err(bad_args(format!(
                "`{id}`'s weapon `{dice}` is not damage dice such as 1d8 or 2d4+1"
            ))
            .rule("AC-ATK-05"));
        }
    }
    Ok(map)
}

fn fight_report(
    state: &TableState<AcksState>,
    args: &Value,
    options: &ForecastOptions,
    policy: Policy,
    now_ms: engine::WallMs,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Value, RuleError> {
    let max_rounds = bounded_arg(args, "max_rounds", 1, fight::MAX_ROUNDS, "MAX_ROUNDS")?
        .unwrap_or(fight::DEFAULT_MAX_ROUNDS);
    let ids = combatants(state, args)?;
    let weapons = weapons(args)?;
    let cast = fight::Cast::new(state, &ids, &weapons);
    for id in weapons.keys() {
        if !cast.weapons.contains_key(id) {
            return Err(bad_args(format!(
                "`weapons` names `{id}`, which is no character of this fight"
            )));
        }
    }
    for side in Side::BOTH {
        if !cast.fighters.iter().any(|f| f.side == side) {
            return Err(RuleError::new(
                "forecast_no_fight",
                format!(
                    "a fight forecast needs combatants of both sides; the side `{}` has none",
                    side.key()
                ),
            )
            .with_args(json!({"side": side.key()})));
        }
    }
    let start = Sim::new(
        std::sync::Arc::new(Acks),
        state.clone(),
        options.seed,
        now_ms,
    );
    let runs = play_many(&start, options, progress, |sim| {
        fight::play(sim, &cast, policy, max_rounds)
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
            .share("flees", count(&ends, |e| e.fled))
            .mean("hp_left", ends.iter().map(|e| f64::from(e.hp_left)))
            .histogram("hp_left", ends.iter().map(|e| u64::from(e.hp_left)));
        creatures.insert(f.id.clone(), figures.into_map().into());
    }
    report.insert("kind".into(), "fight".into());
    report.insert("seed".into(), options.seed.into());
    report.insert("policy".into(), policy.name().into());
    report.insert("max_rounds".into(), max_rounds.into());
    report.insert("creatures".into(), creatures.into());
    report.insert("weapons".into(), fight::weapons_json(&cast));
    Ok(report.into())
}
