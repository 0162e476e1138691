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

pub mod effects;

use self::effects::{
    CONCENTRATION_EFFECT, CONDITION_EFFECT, end_concentration, grapples_end_if_incapacitated,
};
use super::d20::{D20TestRequest, TestKind, TestRoll, roll_d20s};
use super::{Dnd2024, DndEvent, check_name, record, refusal, set_record};
use crate::conditions::{Condition, ExhaustionSource};
use crate::core::{Ability, Skill};

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
            set_record(ctx, rec)?;
            if c == Condition::Invisible && effect.data["source"] == super::grid::board::HIDE_SOURCE
            {
                // The Invisible of Hide ended, by whatever path: so did the hiding.
                super::grid::board::hiding_ended(ctx, target)?;
            }
            Ok(())
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
        return super::damage::life::kill(ctx, rec, "exhaustion");
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

/// Escapes a grapple (DD-CBT-08.c): the grappled creature's action (on its turn in combat) for
/// a Strength (Athletics) or Dexterity (Acrobatics) check against the escape DC.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EscapeGrapple {
    pub creature: String,
    /// The hold to escape, as the creature's conditions name it (the grappler's id, or the
    /// stand-in of one the players cannot see).
    pub grappler: String,
    /// `strength` (Athletics) or `dexterity` (Acrobatics).
    pub ability: Ability,
    /// The escape DC; absent: the grappler's Unarmed Strike DC, 8 + Strength modifier + PB
    /// (DD-CBT-07.d), for a grappler at the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dc: Option<i32>,
}

pub fn escape_grapple(ctx: &mut Ctx<'_, Dnd2024>, e: &EscapeGrapple) -> Result<(), RuleError> {
    let mut rec = record(ctx, &e.creature)?;
    rec.check_alive()?;
    let skill = match e.ability {
        Ability::Strength => Skill::Athletics,
        Ability::Dexterity => Skill::Acrobatics,
        _ => {
            return Err(RuleError::new(
                "bad_escape",
                "an escape is a Strength (Athletics) or Dexterity (Acrobatics) check",
            )
            .rule("DD-CBT-08.c"));
        }
    };
    let grappled = serde_json::to_value(Condition::Grappled).unwrap_or_default();
    let ids = condition_effects(ctx, &e.creature, |d| {
        d["condition"] == grappled && d["hold"] == e.grappler.as_str()
    });
    let Some(first) = ids.first() else {
        return Err(RuleError::new(
            "no_such_condition",
            format!("`{}` is not grappled by `{}`", e.creature, e.grappler),
        ));
    };
    let source = ctx
        .core()
        .effect(first)
        .and_then(|x| x.data["source"].as_str())
        .unwrap_or_default()
        .to_string();
    let dc = match (e.dc, ctx.rules().creatures.get(&source)) {
        (Some(dc), _) => dc,
        (None, Some(g)) => {
            crate::combat::unarmed_strike(
                g.spec.modifier(Ability::Strength),
                g.spec.proficiency_bonus,
            )
            .grapple_shove_dc
        }
        (None, None) => {
            return Err(RuleError::new(
                "bad_escape",
                "the grappler is not at the table: give the escape DC",
            )
            .rule("DD-CBT-08.c"));
        }
    };
    let request = D20TestRequest {
        creature: e.creature.clone(),
        test: TestKind::AbilityCheck {
            ability: e.ability,
            skill: Some(skill),
        },
        dc,
        advantage: vec![],
        disadvantage: vec![],
        modifiers: vec![],
        fear_source_in_sight: false,
    };
    let plan = super::d20::plan(&rec, &request)?;
    let in_combat = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == &e.creature));
    if in_combat {
        super::combat::turn::check_turn(ctx, &e.creature)?;
        rec.turn.incapacitated = rec.conditions.incapacitated();
        // The action is checked (and refused) before anything is rolled.
        let mut trial = rec.turn;
        crate::combat::escape_grapple(&mut trial, 0, dc).map_err(refusal)?;
    }
    let faces = roll_d20s(ctx, &rec, plan.test.mode, "escape")?;
    let outcome = plan.test.resolve(&faces).map_err(refusal)?;
    let escaped = if in_combat {
        crate::combat::escape_grapple(&mut rec.turn, outcome.total, dc).map_err(refusal)?
    } else {
        outcome.total >= dc
    };
    let roll = TestRoll {
        creature: e.creature.clone(),
        test: request.test,
        dc: Some(dc),
        plan: Some(plan),
        outcome: Some(outcome),
        success: escaped,
    };
    super::emit_about(ctx, &e.creature, DndEvent::TestRolled(roll), None)?;
    if in_combat {
        set_record(ctx, rec)?;
    }
    if crate::combat::grapple_ends(escaped, false, 0, 0, false) {
        for id in ids {
            ctx.end_effect(&id)?;
        }
    }
    Ok(())
}
