//! Conditions and Concentration as engine effects: their kinds, and the steps that end them
//! (Concentration ending, a grappler that lets go). It imports no family's commands.

use engine::{Ctx, RuleError};

use super::super::{Dnd2024, set_record};
use crate::conditions::Condition;

/// The kind of the engine effect a condition is.
pub const CONDITION_EFFECT: &str = "dnd2024.condition";

/// The kind of the engine effect Concentration is.
pub const CONCENTRATION_EFFECT: &str = "dnd2024.concentration";

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
