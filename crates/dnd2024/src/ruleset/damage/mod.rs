//! Damage and healing at the table (DD-DMG): each damage instance meets the creature's
//! Immunity, Resistance and Vulnerability, then Temporary HP, then HP; massive damage kills a
//! character outright, a monster dies at 0 HP, a character drops Unconscious and makes Death
//! Saving Throws (natural 1 and 20), may be stabilised with a Medicine check, and a melee
//! attacker may knock out instead of kill. A creature concentrating saves against each damage
//! instance (DD-MAG-09.c).

use engine::{Ctx, RuleError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub mod life;

use self::life::{Instance, apply_instance, die, wake};
use super::creatures::check_id;
use super::d20::{D20TestRequest, TestKind, TestRoll, roll_d20s};
use super::{Dnd2024, DndEvent, check_list, record, refusal, set_record};
use crate::core::{Ability, RollMode, Skill};
use crate::damage::{DeathSaveResult, DyingOutcome, STABILIZE_DC, knocked_out_wakes};
use crate::magic::MAX_DAMAGE;

/// Most Temporary HP one grant gives (an input limit).
pub const MAX_TEMP_HP: u32 = 100_000;
/// Most damage one instance deals before defences (an input limit: doubled by Vulnerability
/// it stays within the Concentration DC's input range, [`MAX_DAMAGE`]).
pub const MAX_DAMAGE_INSTANCE: u32 = 100_000;

/// The Referee deals damage (a failed save, a trap, a fall): each instance on its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageCommand {
    pub creature: String,
    pub instances: Vec<Instance>,
    /// From a Critical Hit (two death-save failures at 0 HP, DD-DMG-15.b).
    #[serde(default)]
    pub critical: bool,
}

/// Healing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Amount {
    pub creature: String,
    pub amount: u32,
}

/// Temporary HP (DD-DMG-10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TempHp {
    pub creature: String,
    pub amount: u32,
    /// Replace Temporary HP the creature has (they never add up); false keeps the old ones.
    #[serde(default)]
    pub take_new: bool,
}

/// The Help action on a dying creature: a Wisdom (Medicine) check, DC 10 (DD-DMG-16.b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stabilize {
    pub creature: String,
    pub helper: String,
}

/// A Death Saving Throw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathSaveRoll {
    pub creature: String,
    pub face: u8,
    pub result: DeathSaveResult,
    pub successes: u8,
    pub failures: u8,
}

fn check_amount(what: &str, amount: u32, max: u32) -> Result<(), RuleError> {
    if amount > max {
        return Err(RuleError::new(
            "out_of_range",
            format!("{what} is at most {max}"),
        ));
    }
    Ok(())
}

pub fn damage(ctx: &mut Ctx<'_, Dnd2024>, d: &DamageCommand) -> Result<(), RuleError> {
    check_list("instances", &d.instances)?;
    for i in &d.instances {
        check_amount("damage", i.amount, MAX_DAMAGE_INSTANCE)?;
    }
    record(ctx, &d.creature)?.check_alive()?;
    for i in &d.instances {
        if record(ctx, &d.creature)?.dead {
            break;
        }
        apply_instance(ctx, &d.creature, *i, d.critical, false)?;
    }
    Ok(())
}

pub fn heal(ctx: &mut Ctx<'_, Dnd2024>, h: &Amount) -> Result<(), RuleError> {
    check_amount("healing", h.amount, MAX_DAMAGE)?;
    let mut rec = record(ctx, &h.creature)?;
    rec.check_alive()?;
    let regained = match rec.dying.as_mut() {
        Some(d) => {
            let mut dying = *d;
            let out = dying.heal(&mut rec.hp, &mut rec.conditions, h.amount);
            rec.dying = match out {
                DyingOutcome::Conscious(_) => None,
                _ => Some(dying),
            };
            h.amount > 0
        }
        None => rec.hp.heal(h.amount) > 0,
    };
    if rec.knocked_out && knocked_out_wakes(regained, None, false) {
        wake(&mut rec);
    }
    set_record(ctx, rec)
}

pub fn grant_temp_hp(ctx: &mut Ctx<'_, Dnd2024>, t: &TempHp) -> Result<(), RuleError> {
    check_amount("Temporary HP", t.amount, MAX_TEMP_HP)?;
    let mut rec = record(ctx, &t.creature)?;
    rec.check_alive()?;
    rec.hp.grant_temp(t.amount, t.take_new);
    set_record(ctx, rec)
}

/// A Death Saving Throw (DD-DMG-14), once per turn in combat (on its own turn).
pub fn death_save(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    rec.check_alive()?;
    let Some(mut dying) = rec.dying else {
        return Err(RuleError::new(
            "not_dying",
            format!("{} is not at 0 hit points", rec.spec.name),
        )
        .rule("DD-DMG-14.a"));
    };
    if let Some(c) = &ctx.core().clock.combat
        && c.order.iter().any(|o| o == id)
    {
        if c.order.get(c.current).map(String::as_str) != Some(id) {
            return Err(RuleError::new(
                "not_your_turn",
                "a Death Saving Throw is rolled at the start of the creature's own turn",
            )
            .rule("DD-DMG-14.a"));
        }
        if rec.death_save_rolled {
            return Err(
                RuleError::new("death_save_rolled", "one Death Saving Throw per turn")
                    .rule("DD-DMG-14.a"),
            );
        }
    }
    // A Stable creature makes none (DD-DMG-16.a).
    if !dying.must_roll() {
        return Err(RuleError::new(
            "stable",
            format!(
                "{} is Stable and makes no Death Saving Throws",
                rec.spec.name
            ),
        )
        .rule("DD-DMG-16.a"));
    }
    let opts = ctx.rules().interpretations;
    let faces = roll_d20s(ctx, &rec, RollMode::Normal, "death saving throw")?;
    let face = faces.first().copied().unwrap_or(1);
    let bonus = rec.conditions.exhaustion.d20_penalty();
    let result = dying.roll(face, bonus, &opts).map_err(refusal)?;
    rec.death_save_rolled = true;
    let event = DndEvent::DeathSaveRolled(DeathSaveRoll {
        creature: id.to_string(),
        face,
        result,
        successes: dying.saves.successes,
        failures: dying.saves.failures,
    });
    super::emit_about(ctx, id, event.clone(), Some(event))?;
    match result {
        DeathSaveResult::Dead => {
            rec.dying = None;
            die(ctx, rec, "death saving throws")
        }
        DeathSaveResult::RegainOneHp => {
            dying.heal(&mut rec.hp, &mut rec.conditions, 1);
            rec.dying = None;
            set_record(ctx, rec)
        }
        DeathSaveResult::Stable | DeathSaveResult::Continue => {
            rec.dying = Some(dying);
            set_record(ctx, rec)
        }
    }
}

/// Stabilising with the Help action (DD-ACT-09.c, DD-DMG-16.b): the helper's Wisdom
/// (Medicine) check against DC 10.
pub fn stabilize(ctx: &mut Ctx<'_, Dnd2024>, s: &Stabilize) -> Result<(), RuleError> {
    check_id(&s.helper)?;
    let mut helper = record(ctx, &s.helper)?;
    helper.check_alive()?;
    let mut target = record(ctx, &s.creature)?;
    target.check_alive()?;
    let Some(mut dying) = target.dying else {
        return Err(RuleError::new(
            "not_dying",
            format!("{} is not at 0 hit points", target.spec.name),
        )
        .rule("DD-DMG-16.b"));
    };
    if dying.stable {
        return Err(
            RuleError::new("stable", format!("{} is already Stable", target.spec.name))
                .rule("DD-DMG-16.a"),
        );
    }
    let request = D20TestRequest {
        creature: s.helper.clone(),
        test: TestKind::AbilityCheck {
            ability: Ability::Wisdom,
            skill: Some(Skill::Medicine),
        },
        dc: STABILIZE_DC,
        advantage: vec![],
        disadvantage: vec![],
        modifiers: vec![],
        fear_source_in_sight: false,
    };
    let plan = super::d20::plan(&helper, &request)?;
    let in_combat = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == &s.helper));
    // The Help action is spent whatever the check gives; checked before the roll.
    let mut turn = helper.turn;
    if in_combat {
        let c = ctx.core().clock.combat.as_ref();
        if c.and_then(|c| c.order.get(c.current)).map(String::as_str) != Some(&s.helper) {
            return Err(RuleError::new(
                "not_your_turn",
                format!("it is not `{}`'s turn", s.helper),
            ));
        }
        turn.incapacitated = helper.conditions.incapacitated();
        turn.help_medicine(0).map_err(refusal)?;
    }
    let faces = roll_d20s(ctx, &helper, plan.test.mode, "medicine check")?;
    let outcome = plan.test.resolve(&faces).map_err(refusal)?;
    let success = if in_combat {
        helper.turn.help_medicine(outcome.total).map_err(refusal)?
    } else {
        outcome.success
    };
    let roll = TestRoll {
        creature: s.helper.clone(),
        test: request.test,
        dc: Some(STABILIZE_DC),
        plan: Some(plan),
        outcome: Some(outcome),
        success,
    };
    super::emit_about(ctx, &s.helper, DndEvent::TestRolled(roll), None)?;
    if in_combat {
        set_record(ctx, helper)?;
    }
    if success {
        dying.stabilize();
        target.dying = Some(dying);
        set_record(ctx, target)?;
    }
    Ok(())
}
