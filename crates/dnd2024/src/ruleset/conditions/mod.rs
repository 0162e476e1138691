//! Conditions as engine effects with their source (DD-COND-01): each `apply_condition` starts
//! an effect on the creature (linked to the creature that imposed it, so its end ends it),
//! ending on its duration or by `end_condition`; the creature's [`Conditions`] keep one hold
//! per source. Exhaustion levels with their sources and removal rules (DD-COND-05,
//! DD-HAZ-04.c). Concentration is an effect too, ended in one place ([`end_concentration`]).
//!
//! [`Conditions`]: crate::conditions::Conditions

use engine::{Ctx, EffectSpec, Expiry, RuleError, Visibility};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{Dnd2024, check_name, record, refusal, set_record};
use crate::conditions::{Condition, ExhaustionSource};

/// The kind of the engine effect a condition is.
pub const CONDITION_EFFECT: &str = "dnd2024.condition";
/// The kind of the engine effect Concentration is.
pub const CONCENTRATION_EFFECT: &str = "dnd2024.concentration";
/// Longest duration in rounds (an input limit: ten hours of rounds).
pub const MAX_ROUNDS: u32 = 6_000;

/// Imposes a condition from a source (a creature's id, a spell, a hazard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyCondition {
    pub creature: String,
    pub condition: Condition,
    pub source: String,
    /// Lasts this many rounds; absent: until ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
}

/// Ends one source's hold on a condition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EndCondition {
    pub creature: String,
    pub condition: Condition,
    pub source: String,
}

/// Gains one Exhaustion level from a source (DD-COND-05.a/f).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GainExhaustion {
    pub creature: String,
    pub source: ExhaustionSource,
}

pub fn apply_condition(ctx: &mut Ctx<'_, Dnd2024>, a: &ApplyCondition) -> Result<(), RuleError> {
    check_name("a condition's source", &a.source)?;
    if let Some(r) = a.rounds
        && !(1..=MAX_ROUNDS).contains(&r)
    {
        return Err(RuleError::new(
            "out_of_range",
            format!("a duration is 1…{MAX_ROUNDS} rounds"),
        )
        .rule("MAX_ROUNDS"));
    }
    let mut rec = record(ctx, &a.creature)?;
    rec.check_alive()?;
    // A hidden creature's id must not reach the players through the hold on a creature they
    // see: the hold names an opaque stand-in, the (Referee-only) effect the real source.
    let source_hidden = ctx
        .rules()
        .creatures
        .get(&a.source)
        .is_some_and(|s| s.hidden)
        && !rec.hidden;
    let hold = if source_hidden {
        let id: String = ctx.new_id().chars().take(12).collect();
        format!("unseen-{id}")
    } else {
        a.source.clone()
    };
    rec.conditions.apply(a.condition, &hold).map_err(refusal)?;
    let lost = rec.concentration.check_conditions(&rec.conditions);
    let visibility = if rec.hidden || source_hidden {
        Visibility::Referee
    } else {
        Visibility::Public
    };
    set_record(ctx, rec)?;
    let expiry = a.rounds.map_or(Expiry::Never, Expiry::rounds);
    let mut spec = EffectSpec::new(CONDITION_EFFECT, expiry)
        .on(a.creature.clone())
        .visible(visibility)
        .data(json!({"condition": a.condition, "source": a.source, "hold": hold}));
    // A condition a creature imposes ends with it (a grappler's hold, a charmer's charm).
    if ctx.rules().creatures.contains_key(&a.source) {
        spec = spec.from(a.source.clone());
    }
    ctx.start_effect(spec)?;
    if lost.is_some() {
        end_concentration(ctx, &a.creature)?;
    }
    grapples_end_if_incapacitated(ctx, &a.creature)
}

/// The running condition effects on `creature` matching `pick`.
fn condition_effects(
    ctx: &Ctx<'_, Dnd2024>,
    creature: &str,
    pick: impl Fn(&serde_json::Value) -> bool,
) -> Vec<String> {
    ctx.core()
        .effects
        .iter()
        .filter(|e| {
            e.kind == CONDITION_EFFECT && e.target.as_deref() == Some(creature) && pick(&e.data)
        })
        .map(|e| e.id.clone())
        .collect()
}

pub fn end_condition(ctx: &mut Ctx<'_, Dnd2024>, e: &EndCondition) -> Result<(), RuleError> {
    record(ctx, &e.creature)?;
    let condition = serde_json::to_value(e.condition).unwrap_or_default();
    let ids = condition_effects(ctx, &e.creature, |d| {
        d["condition"] == condition && d["source"] == e.source.as_str()
    });
    if ids.is_empty() {
        return Err(RuleError::new(
            "no_such_condition",
            format!(
                "`{}` has no {} from `{}` to end",
                e.creature,
                e.condition.name(),
                e.source
            ),
        ));
    }
    for id in ids {
        ctx.end_effect(&id)?;
    }
    Ok(())
}

/// An effect of this ruleset ended (expired, removed, or its source gone): the creature's
/// record follows.
pub fn effect_ended(ctx: &mut Ctx<'_, Dnd2024>, effect: &engine::Effect) -> Result<(), RuleError> {
    let Some(target) = effect.target.as_deref() else {
        return Ok(());
    };
    let Some(mut rec) = ctx.rules().creatures.get(target).cloned() else {
        return Ok(());
    };
    match effect.kind.as_str() {
        CONDITION_EFFECT => {
            let Ok(c) = serde_json::from_value::<Condition>(effect.data["condition"].clone())
            else {
                return Ok(());
            };
            let hold = effect.data["hold"].as_str().unwrap_or_default();
            rec.conditions.end(c, hold);
            set_record(ctx, rec)
        }
        CONCENTRATION_EFFECT => {
            let spell = effect.data["spell"].as_str().unwrap_or_default();
            if rec.concentration.effect.as_deref() == Some(spell) {
                rec.concentration.end();
                set_record(ctx, rec)
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// Ends whatever `creature` concentrates on (its effects end; their hook clears the record).
pub fn end_concentration(ctx: &mut Ctx<'_, Dnd2024>, creature: &str) -> Result<(), RuleError> {
    let ids: Vec<String> = ctx
        .core()
        .effects
        .iter()
        .filter(|e| e.kind == CONCENTRATION_EFFECT && e.target.as_deref() == Some(creature))
        .map(|e| e.id.clone())
        .collect();
    for id in ids {
        if ctx.core().effect(&id).is_some() {
            ctx.end_effect(&id)?;
        }
    }
    // A record that still names a spell (no effect ran for it) is cleared here.
    if let Some(rec) = ctx.rules().creatures.get(creature)
        && rec.concentration.effect.is_some()
    {
        let mut rec = rec.clone();
        rec.concentration.end();
        set_record(ctx, rec)?;
    }
    Ok(())
}

pub fn gain_exhaustion(ctx: &mut Ctx<'_, Dnd2024>, g: &GainExhaustion) -> Result<(), RuleError> {
    let mut rec = record(ctx, &g.creature)?;
    rec.check_alive()?;
    if rec.conditions.immune.contains(&Condition::Exhaustion) {
        return Err(RuleError::new(
            "condition_immune",
            format!("{} is immune to Exhaustion", rec.spec.name),
        )
        .rule("DD-COND-01.d"));
    }
    if rec.conditions.exhaustion.gain(g.source) {
        return super::damage::kill(ctx, rec, "exhaustion");
    }
    set_record(ctx, rec)
}

/// Breathing again removes the levels gained from suffocation (DD-HAZ-04.c).
pub fn breathe_again(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    rec.check_alive()?;
    rec.conditions.exhaustion.breathe_again();
    set_record(ctx, rec)
}

/// A grappler that is Incapacitated (or dead) lets go (DD-CBT-08.d): every Grappled it
/// imposes ends.
pub fn grapples_end_if_incapacitated(
    ctx: &mut Ctx<'_, Dnd2024>,
    grappler: &str,
) -> Result<(), RuleError> {
    let Some(rec) = ctx.rules().creatures.get(grappler) else {
        return Ok(());
    };
    let incapacitated = rec.dead || rec.conditions.incapacitated();
    if !crate::combat::grapple_ends(false, incapacitated, 0, 0, false) {
        return Ok(());
    }
    let grappled = serde_json::to_value(Condition::Grappled).unwrap_or_default();
    let core = ctx.core();
    let ids: Vec<String> = core
        .effects
        .iter()
        .filter(|e| {
            e.kind == CONDITION_EFFECT
                && e.data["condition"] == grappled
                && core
                    .effect_link(&e.id)
                    .is_some_and(|l| l.source.as_deref() == Some(grappler))
        })
        .map(|e| e.id.clone())
        .collect();
    for id in ids {
        if ctx.core().effect(&id).is_some() {
            ctx.end_effect(&id)?;
        }
    }
    Ok(())
}
