//! Conditions and effects (CR-COND, CR-DMG-15): conditions added and removed, effects with
//! usage dice, and effects another creature maintains.
//!
//! Commands (the Referee's):
//! - `{"add_condition": {"creature": "vera", "condition": "prone"}}` (grabbed needs
//!   `"grabbed_by"` and `"range"`), `{"remove_condition": {"creature": "vera", "condition":
//!   "prone"}}`, `{"add_effect": {"creature": "vera", "effect": "Shield of faith", "dice": 3}}`
//!   (usage dice rolled at every end of the dungeon turn).
//! - `{"add_maintained_effect": {"creature": "bram", "effect": "Curse", "dice": 2, "source":
//!   "goblin"}}` — an effect with usage dice that another creature maintains: it ends when
//!   that creature dies (CR-DMG-15).

use engine::{Ctx, RuleError};
use serde_json::json;

use crate::conditions::{ConditionDetail, ConditionKind, ConditionSet, Grab};

use crate::ruleset::adapter::Crows;

use super::records::{living, record, set_creature_only};
use crate::ruleset::adapter::err;

/// Removes a condition; a prone that came only with unconsciousness goes with it.
pub(in crate::ruleset) fn remove_condition(
    set: &ConditionSet,
    kind: ConditionKind,
) -> ConditionSet {
    let mut set = set.clone();
    let prone_with_it = kind == ConditionKind::Unconscious
        && set
            .get(ConditionKind::Prone)
            .is_some_and(|c| c.detail == ConditionDetail::FromUnconscious);
    set.remove(kind);
    if prone_with_it {
        set.remove(ConditionKind::Prone);
    }
    set
}

impl Crows {
    /// `add_condition`: a condition on a creature (never on an object, CR-DMG-09; not one its
    /// exceptions make it immune to, CR-CORE-03).
    pub(super) fn add_condition(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        condition: &ConditionKind,
        grabbed_by: &Option<String>,
        range: &Option<u8>,
    ) -> Result<(), RuleError> {
        super::objects::no_conditions(ctx.rules(), creature)?;
        let mut c = living(ctx, creature)?.creature;
        let applied = if *condition == ConditionKind::Grabbed {
            match (grabbed_by, range) {
                (Some(by), Some(range)) => c
                    .apply_grab(Grab {
                        by: by.clone(),
                        range: *range,
                    })
                    .map_err(|e| err("condition_refused", e))?,
                _ => {
                    return Err(err(
                        "bad_condition",
                        crate::conditions::ConditionError::GrabWithoutGrabber,
                    ));
                }
            }
        } else {
            // An exception on its card or items may make it immune (CR-CORE-03).
            c.apply_condition(*condition)
                .map_err(|e| err("condition_refused", e))?
        };
        crate::conditions::must_be_new(applied, &c.name, *condition)
            .map_err(|e| err("condition_present", e))?;
        set_creature_only(ctx, creature, c, "condition added", json!(condition))
    }

    /// `remove_condition`: a condition ends (an unconscious creature wakes).
    pub(super) fn remove_condition_command(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        condition: &ConditionKind,
    ) -> Result<(), RuleError> {
        let mut c = record(ctx, creature)?.creature.clone();
        if !c.conditions.has(*condition) {
            return Err(RuleError::new(
                "no_condition",
                format!("{} does not have {}", c.name, condition.name()),
            )
            .with_args(json!({"creature": c.name})));
        }
        if *condition == ConditionKind::Unconscious {
            let options = ctx.rules().options;
            c.conditions.wake(&options);
        } else {
            c.conditions = remove_condition(&c.conditions, *condition);
        }
        set_creature_only(ctx, creature, c, "condition removed", json!(condition))
    }

    /// `add_effect`: an effect with usage dice, rolled at every end of the dungeon turn.
    pub(super) fn add_effect(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        effect: &str,
        dice: &u8,
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        let usage = crate::usage_dice::EffectUsage::checked(effect, *dice)
            .map_err(|e| err("bad_effect", e))?;
        c.effects.push(usage);
        set_creature_only(ctx, creature, c, "effect added", json!(effect))
    }

    /// `add_maintained_effect`: an effect another creature maintains; it ends when that creature
    /// dies (CR-DMG-15).
    pub(super) fn add_maintained_effect(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        effect: &str,
        dice: &u8,
        source: &str,
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        living(ctx, source)?;
        let usage = crate::usage_dice::EffectUsage::checked(effect, *dice)
            .map_err(|e| err("bad_effect", e))?
            .maintained_by(source);
        c.effects.push(usage);
        set_creature_only(
            ctx,
            creature,
            c,
            "effect added",
            json!({"effect": effect, "source": source}),
        )
    }
}
