//! Mortal wounds at treatment and returning the dead (AC-WOUND-01…09).

use engine::{Ctx, RuleError, Visibility};

use super::commands::CombatCommand;
use super::lookups::{MAX_SPELL_NAME, creature, int};
use super::state::{CombatEvent, WoundBreakdown};
use crate::ruleset::adapter::{Acks, acks_err, refuse};
use crate::tables::{Condition, Recovery};
use crate::wounds::{self, Timing, Treatment};

pub(super) fn treat_wound(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    timing: Timing,
    healing_spell_level: u32,
    healer: bool,
    untreated: bool,
) -> Result<(), RuleError> {
    let state = ctx.rules();
    let c = creature(state, who)?.clone();
    let Some(ch) = c.character() else {
        return Err(refuse(
            "not_a_character",
            "AC-WOUND-02",
            "the Mortal Wounds table is rolled for characters",
        ));
    };
    if c.slain {
        return Err(refuse(
            "slain",
            "AC-ATK-06",
            format!("`{who}` was slain outright: there is no mortal wound to treat"),
        ));
    }
    if c.hp > 0 {
        return Err(refuse(
            "not_wounded",
            "AC-WOUND-01",
            format!("`{who}` is at {} hp: no mortal wound to treat", c.hp),
        ));
    }
    let tables = state.tables()?;
    let options = crate::Options::default();
    let con = crate::tables::ability_modifier(&tables, ch.abilities.constitution)
        .map_err(|e| acks_err("bad_ability", e))?;
    let t = Treatment {
        max_hp: c.max_hp,
        hp: c.hp,
        con_modifier: con,
        healing_spell_level,
        healer,
        timing,
        nonlethal: c.nonlethal.before_falling,
        untreated,
    };
    let m = |t: &Treatment| {
        wounds::wound_modifier(&tables, &options, t).map_err(|e| acks_err("bad_treatment", e))
    };
    let total = m(&t)?;
    let hit_points =
        wounds::hp_modifier(&tables, c.max_hp, c.hp).map_err(|e| acks_err("bad_treatment", e))?;
    let without_nonlethal = m(&Treatment { nonlethal: 0, ..t })?;
    let without_magic = m(&Treatment {
        healing_spell_level: 0,
        ..t
    })?;
    let nonlethal = total - without_nonlethal;
    let healing_magic = total - without_magic;
    let breakdown = WoundBreakdown {
        hit_points,
        constitution: con,
        nonlethal,
        healing_magic,
        care: total - hit_points - con - nonlethal - healing_magic,
        total,
    };
    let d20 = int(ctx
        .roll(
            &format!("mortal wounds of {who}"),
            "1d20",
            Visibility::Public,
        )?
        .total);
    let d6 = int(ctx
        .roll(
            &format!("lasting wound of {who}"),
            "1d6",
            Visibility::Public,
        )?
        .total);
    let r = wounds::resolve_wound(&tables, total, d20, d6).map_err(|e| acks_err("bad_face", e))?;
    let bed_rest_days = wounds::bed_rest_days(&r.recovery, healing_spell_level > 0);
    let hp_after = match r.recovery {
        Recovery::None | Recovery::HealWithin { .. } => None,
        _ => r.recovers_at_hp,
    };
    ctx.emit(CombatEvent::WoundTreated {
        character: who.to_string(),
        breakdown,
        d20,
        d6,
        total: r.total,
        condition: r.condition,
        wound: r.wound,
        recovery: r.recovery_text,
        bed_rest_days,
        hp_after,
    })
}

pub(super) fn restore_life(
    ctx: &mut Ctx<'_, Acks>,
    command: &CombatCommand,
) -> Result<(), RuleError> {
    let CombatCommand::RestoreLife {
        character: who,
        magic,
        days_dead,
        severed_spine,
        limbs_destroyed,
        small_parts_destroyed,
        caster_level,
        outside_temple,
        killed_during_bed_rest,
        ritual_magic,
    } = command
    else {
        return Ok(());
    };
    if let wounds::Revival::Similar(name) = magic
        && (name.trim().is_empty() || name.chars().count() > MAX_SPELL_NAME)
    {
        return Err(refuse(
            "bad_spell",
            "MAX_SPELL_NAME",
            format!("a spell name is 1–{MAX_SPELL_NAME} characters"),
        ));
    }
    let state = ctx.rules();
    let c = creature(state, who)?.clone();
    let Some(ch) = c.character() else {
        return Err(refuse(
            "not_a_character",
            "AC-WOUND-07",
            "only characters are returned from death here",
        ));
    };
    // Slain outright, or killed on the Mortal Wounds table and not yet returned.
    let killed = c.slain
        || (c.hp <= 0
            && ch
                .wounds
                .last()
                .is_some_and(|w| w.condition == Condition::Killed));
    if !killed {
        return Err(refuse(
            "not_dead",
            "AC-WOUND-07",
            format!("`{who}` is not dead"),
        ));
    }
    let tables = state.tables()?;
    let wis = crate::tables::ability_modifier(&tables, ch.abilities.wisdom)
        .map_err(|e| acks_err("bad_ability", e))?;
    let facts = wounds::Tampering {
        wis_modifier: wis,
        days_dead: *days_dead,
        existing_side_effects: u32::try_from(ch.side_effects.len()).unwrap_or(u32::MAX),
        killed_outright: c.slain,
        severed_spine: *severed_spine,
        limbs_destroyed: *limbs_destroyed,
        small_parts_destroyed: *small_parts_destroyed,
        caster_level: *caster_level,
        outside_temple: *outside_temple,
    };
    let mut harm = wounds::LastingHarm {
        permanent_wounds: ch.wounds.iter().map(|w| w.wound.clone()).collect(),
        tampering_side_effects: ch.side_effects.clone(),
    };
    // Checked before any die: the modifier's inputs and who may be brought back.
    let modifier = wounds::tampering_modifier(&facts).map_err(|e| acks_err("bad_tampering", e))?;
    if !wounds::restorable(*killed_during_bed_rest, *ritual_magic) {
        return Err(refuse(
            "ritual_magic_only",
            "AC-HEAL-04",
            "killed again before the bed rest was over: only ritual magic brings this character back",
        ));
    }
    let roll = if *magic == wounds::Revival::RestoreLifeAndLimb {
        let d20 = int(ctx
            .roll(
                &format!("tampering with mortality for {who}"),
                "1d20",
                Visibility::Public,
            )?
            .total);
        let d6 = int(ctx
            .roll(&format!("side effect for {who}"), "1d6", Visibility::Public)?
            .total);
        Some(wounds::TamperingRoll { facts, d20, d6 })
    } else {
        None
    };
    let outcome = wounds::revive(
        &tables,
        &mut harm,
        magic,
        *killed_during_bed_rest,
        *ritual_magic,
        roll,
    )
    .map_err(|e| acks_err("bad_tampering", e))?;
    let event = match outcome {
        wounds::RevivalOutcome::Tampering(r) => CombatEvent::LifeRestored {
            character: who.to_string(),
            magic: magic.clone(),
            modifier: Some(modifier),
            d20: roll.map(|r| r.d20),
            d6: roll.map(|r| r.d6),
            total: Some(r.total),
            restored: r.restored,
            bed_rest_days: r.bed_rest_days,
            side_effect: r.restored.then_some(r.side_effect),
        },
        wounds::RevivalOutcome::Returned => CombatEvent::LifeRestored {
            character: who.to_string(),
            magic: magic.clone(),
            modifier: None,
            d20: None,
            d6: None,
            total: None,
            restored: true,
            bed_rest_days: None,
            side_effect: None,
        },
    };
    ctx.emit(event)
}
