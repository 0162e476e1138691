//! What harm does to a creature's life, the steps other families take: damage dice rolled,
//! one damage instance applied (with its Concentration save), dying, killing, waking (DD-DMG,
//! DD-MAG-09.c). It imports no family's commands.

use engine::{Ctx, RuleError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::conditions::effects::{end_concentration, grapples_end_if_incapacitated};
use super::super::creatures::CreatureRecord;
use super::super::d20::roll_d20s;
use super::super::{Dnd2024, DndEvent, record, refusal, set_record};
use crate::conditions::Condition;
use crate::core::{Ability, D20Outcome, D20Test, D20TestKind, DamageDice, RollMode, save_bonus};
use crate::damage::{
    DamageReport, DamageType, Defences, Dying, DyingOutcome, ZeroHpRule, adjust_damage, knock_out,
};
use crate::rest::Interruption;

/// The source of the Unconscious condition of a knocked-out creature (DD-DMG-17.a).
pub const KNOCKED_OUT_SOURCE: &str = "knocked out";

/// One damage instance: an amount of one type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Instance {
    pub amount: u32,
    pub damage_type: DamageType,
}

/// What one damage instance did. Players' copy of a monster's damage has only the type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageTaken {
    pub creature: String,
    pub damage_type: DamageType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// After Immunity, Resistance and Vulnerability.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealt: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report: Option<DamageReport>,
    #[serde(default)]
    pub knocked_out: bool,
}

/// A Concentration save after damage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConcentrationSave {
    pub creature: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dc: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<D20Outcome>,
    pub kept: bool,
}

/// Applies one damage instance to creature `id` (DD-DMG-07, -10, -12..15, -17, DD-MAG-09.c).
pub fn apply_instance(
    ctx: &mut Ctx<'_, Dnd2024>,
    id: &str,
    instance: Instance,
    critical: bool,
    knock_out_requested: bool,
) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    if rec.dead {
        return Ok(());
    }
    let opts = ctx.rules().interpretations;
    let t = instance.damage_type;
    let defences = Defences {
        resistance: rec.spec.resistances.contains(&t),
        vulnerability: rec.spec.vulnerabilities.contains(&t),
        immunity: rec.spec.immunities.contains(&t),
        flat: 0,
        threshold: 0,
    }
    .with_conditions(&rec.conditions);
    let dealt = adjust_damage(instance.amount, &defences, &opts);
    super::super::rest::under_way::interrupt_if_resting(ctx, id, Interruption::TookDamage)?;
    let masked = |knocked_out: bool| {
        DndEvent::DamageTaken(DamageTaken {
            creature: id.to_string(),
            damage_type: t,
            amount: None,
            dealt: None,
            report: None,
            knocked_out,
        })
    };
    // Knocking out instead of killing (DD-DMG-17.a): only a melee attack that would drop the
    // creature to 0 HP.
    if knock_out_requested
        && !rec.conditions.immune.contains(&Condition::Unconscious)
        && rec.hp.current > 0
        && dealt > 0
        && knock_out(&mut rec.hp.clone(), dealt, true).is_ok()
    {
        knock_out(&mut rec.hp, dealt, true).map_err(refusal)?;
        rec.conditions
            .apply(Condition::Unconscious, KNOCKED_OUT_SOURCE)
            .map_err(refusal)?;
        rec.knocked_out = true;
        let lost = rec.concentration.check_conditions(&rec.conditions);
        let full = DndEvent::DamageTaken(DamageTaken {
            creature: id.to_string(),
            damage_type: t,
            amount: Some(instance.amount),
            dealt: Some(dealt),
            report: None,
            knocked_out: true,
        });
        super::super::emit_about(ctx, id, full, Some(masked(true)))?;
        set_record(ctx, rec)?;
        if lost.is_some() {
            end_concentration(ctx, id)?;
        }
        return grapples_end_if_incapacitated(ctx, id);
    }
    let was_zero = rec.hp.current == 0;
    let rule = if super::super::is_character(&rec) {
        ZeroHpRule::Character
    } else {
        ZeroHpRule::Monster
    };
    let report = rec.hp.take_damage(dealt, critical, rule, &opts);
    let mut cause = None;
    if was_zero {
        let outcome = match rec.dying.as_mut() {
            Some(d) => d.damaged(&report),
            None if report.dies => DyingOutcome::Dead,
            None => DyingOutcome::StillDying,
        };
        if outcome == DyingOutcome::Dead {
            cause = Some(if report.dies {
                "massive damage"
            } else {
                "death saving throws"
            });
        }
    } else if report.dies {
        cause = Some(if rule == ZeroHpRule::Monster {
            "0 hit points"
        } else {
            "massive damage"
        });
    } else if report.dropped_to_zero {
        // A creature immune to Unconscious is dying all the same, awake (DD-COND-01.d).
        rec.dying = Some(Dying::drop_to_zero(&mut rec.conditions).unwrap_or_default());
    }
    let full = DndEvent::DamageTaken(DamageTaken {
        creature: id.to_string(),
        damage_type: t,
        amount: Some(instance.amount),
        dealt: Some(dealt),
        report: Some(report),
        knocked_out: false,
    });
    super::super::emit_about(ctx, id, full, Some(masked(false)))?;
    if let Some(cause) = cause {
        return die(ctx, rec, cause);
    }
    // Unconscious at 0 HP ends Concentration without a save (DD-MAG-09.d), and any grapple.
    if rec
        .concentration
        .check_conditions(&rec.conditions)
        .is_some()
    {
        set_record(ctx, rec)?;
        end_concentration(ctx, id)?;
        return grapples_end_if_incapacitated(ctx, id);
    }
    let incapacitated = rec.conditions.incapacitated();
    let dcs = rec
        .concentration
        .saves_for(&[(dealt, report.hp_lost)], &opts)
        .map_err(refusal)?;
    set_record(ctx, rec)?;
    if incapacitated {
        grapples_end_if_incapacitated(ctx, id)?;
    }
    for dc in dcs {
        if !concentration_save(ctx, id, dc)? {
            break;
        }
    }
    Ok(())
}

/// A Constitution save against `dc` to keep Concentration (DD-MAG-09.c). Returns whether it
/// was kept.
fn concentration_save(ctx: &mut Ctx<'_, Dnd2024>, id: &str, dc: u32) -> Result<bool, RuleError> {
    let rec = record(ctx, id)?;
    let test = D20Test {
        kind: D20TestKind::SavingThrow,
        bonus: save_bonus(
            rec.spec.abilities.constitution,
            rec.spec.proficiency_bonus,
            rec.spec.saving_throws.contains(&Ability::Constitution),
        )
        .map_err(refusal)?,
        target: i32::try_from(dc).unwrap_or(i32::MAX),
        mode: RollMode::Normal,
        exhaustion: rec.conditions.exhaustion.level(),
    };
    let faces = roll_d20s(ctx, &rec, test.mode, "concentration save")?;
    let outcome = test.resolve(&faces).map_err(refusal)?;
    let kept = outcome.success;
    let full = DndEvent::ConcentrationSave(ConcentrationSave {
        creature: id.to_string(),
        dc: Some(dc),
        outcome: Some(outcome),
        kept,
    });
    let masked = DndEvent::ConcentrationSave(ConcentrationSave {
        creature: id.to_string(),
        dc: None,
        outcome: None,
        kept,
    });
    super::super::emit_about(ctx, id, full, Some(masked))?;
    if !kept {
        end_concentration(ctx, id)?;
    }
    Ok(kept)
}

/// The creature dies: its record says so, Concentration ends (DD-MAG-09.e), and it leaves the
/// combat order.
pub(super) fn die(
    ctx: &mut Ctx<'_, Dnd2024>,
    mut rec: CreatureRecord,
    cause: &str,
) -> Result<(), RuleError> {
    let id = rec.spec.id.clone();
    rec.dead = true;
    rec.dying = None;
    rec.knocked_out = false;
    let lost = rec.concentration.on_incapacitated_or_death();
    set_record(ctx, rec)?;
    super::super::emit_about(
        ctx,
        &id,
        DndEvent::Died {
            creature: id.clone(),
            cause: cause.to_string(),
        },
        Some(DndEvent::Died {
            creature: id.clone(),
            cause: cause.to_string(),
        }),
    )?;
    if lost.is_some() {
        end_concentration(ctx, &id)?;
    }
    grapples_end_if_incapacitated(ctx, &id)?;
    let in_order = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == &id));
    if in_order {
        ctx.remove_combatant(&id)?;
    }
    Ok(())
}

/// Kills a creature for a rule outside damage (Exhaustion 6).
pub fn kill(ctx: &mut Ctx<'_, Dnd2024>, rec: CreatureRecord, cause: &str) -> Result<(), RuleError> {
    die(ctx, rec, cause)
}

/// A knocked-out creature wakes (DD-DMG-17.b).
pub fn wake(rec: &mut CreatureRecord) {
    rec.knocked_out = false;
    rec.conditions
        .end(Condition::Unconscious, KNOCKED_OUT_SOURCE);
}

/// Rolls damage dice one die at a time (so physical dice are entered face by face) and
/// totals them with the modifier (DD-DMG-02.a).
pub fn roll_damage(
    ctx: &mut Ctx<'_, Dnd2024>,
    roller: &CreatureRecord,
    dice: DamageDice,
) -> Result<u32, RuleError> {
    let die = format!("1d{}", dice.sides);
    let mut faces = Vec::new();
    for _ in 0..dice.count {
        let r = super::super::roll_for(ctx, roller, "damage", &die)?;
        faces.push(u32::try_from(r.total).unwrap_or(0));
    }
    dice.total(&faces).map_err(refusal)
}
