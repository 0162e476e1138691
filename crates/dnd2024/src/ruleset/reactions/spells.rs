//! Reaction spells offered on a hit (a sheet's `reaction_spells`): the window that holds the
//! attack, and casting with the Reaction. The attack resolves above, in [`super`]'s window hook.

use engine::{Answerer, Ctx, DecisionRequest, RuleError, Visibility, WindowRequest};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::super::combat::turn::AttackRoll;
use super::super::{Dnd2024, DndEvent, emit_about, record, refusal, set_record};
use super::sheet::{ReactionSpellSpec, SpellTrigger};
use super::standing::{ReactionKind, Settle, settle};

/// The kind of the window a hit opens for reaction spells, and of its decision.
pub const SPELL_WINDOW: &str = "reaction_spell";

pub const SPELL_NONE: &str = "none";

/// A reaction spell cast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReactionSpellCast {
    pub creature: String,
    pub spell: String,
    pub ac_bonus: i32,
}

/// Casts spell `spell` of `rec` with its Reaction (a refusal changes nothing): on another
/// creature's turn the one-slot-per-turn count starts afresh (DD-MAG-04.a).
pub(super) fn cast_reaction_spell(
    rec: &mut super::super::creatures::CreatureRecord,
    spell: &ReactionSpellSpec,
    own_turn: bool,
) -> Result<(), RuleError> {
    let mut trial = rec.clone();
    trial.turn.incapacitated = trial.conditions.incapacitated();
    if !own_turn {
        trial.slots.spent_this_turn = false;
    }
    trial
        .turn
        .cast_spell(
            crate::magic::CastingTime::Reaction,
            &mut trial.slots,
            crate::magic::Casting {
                spell_level: spell.level,
                slot_level: spell.level,
                ritual: false,
                has_ritual_tag: false,
            },
        )
        .map_err(refusal)?;
    trial.ac_bonus = trial.ac_bonus.saturating_add(spell.ac_bonus);
    *rec = trial;
    Ok(())
}

/// Whether it is `id`'s own turn.
pub(super) fn own_turn(ctx: &Ctx<'_, Dnd2024>, id: &str) -> bool {
    ctx.core().clock.acting() == Some(id)
}

/// The name players are shown for creature `id`: its name, or "an unseen creature" when they
/// may not see it (with `None` for its id in a prompt's arguments).
pub fn shown(ctx: &Ctx<'_, Dnd2024>, id: &str) -> (String, Option<String>) {
    match ctx.rules().creatures.get(id) {
        Some(r) if !r.hidden => (r.spec.name.clone(), Some(id.to_string())),
        _ => ("an unseen creature".to_string(), None),
    }
}

/// Casts `rec`'s reaction spell number `i` against the held attack `full`: the Reaction and
/// the slot are spent, the bonus counts against this attack (which may now miss). Nothing
/// happens if the spell can no longer be cast (things changed while a window was open).
pub fn cast_against_hit(
    ctx: &mut Ctx<'_, Dnd2024>,
    full: &mut AttackRoll,
    i: usize,
) -> Result<(), RuleError> {
    let Ok(mut rec) = record(ctx, &full.target) else {
        return Ok(());
    };
    let Some(spell) = rec.spec.reaction_spells.get(i).cloned() else {
        return Ok(());
    };
    if spell.trigger != SpellTrigger::Hit
        || cast_reaction_spell(&mut rec, &spell, own_turn(ctx, &full.target)).is_err()
    {
        return Ok(());
    }
    let id = rec.spec.id.clone();
    set_record(ctx, rec)?;
    let cast = ReactionSpellCast {
        creature: id.clone(),
        spell: spell.name.clone(),
        ac_bonus: spell.ac_bonus,
    };
    emit_about(
        ctx,
        &id,
        DndEvent::ReactionSpellCast(cast.clone()),
        Some(DndEvent::ReactionSpellCast(cast)),
    )?;
    let ac = full.armor_class.unwrap_or(0).saturating_add(spell.ac_bonus);
    let total = full.outcome.as_ref().map_or(0, |o| o.total);
    full.armor_class = Some(ac);
    full.hit = total >= ac;
    if !full.hit {
        full.critical = false;
    }
    Ok(())
}

/// Offers the target of a hit its reaction spells; returns whether a window now holds the
/// attack. A target settled by standing orders casts (or not) at once, changing `full`.
pub fn offer_reaction_spell(
    ctx: &mut Ctx<'_, Dnd2024>,
    tgt: &super::super::creatures::CreatureRecord,
    full: &mut AttackRoll,
    knock_out: bool,
    then: Option<serde_json::Value>,
) -> Result<bool, RuleError> {
    let natural_20 = full.outcome.as_ref().is_some_and(|o| o.critical);
    let fighting = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == &tgt.spec.id));
    if !full.hit || natural_20 || !fighting || tgt.dead || tgt.dying.is_some() {
        return Ok(false);
    }
    let castable: Vec<(usize, &ReactionSpellSpec)> = tgt
        .spec
        .reaction_spells
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            s.trigger == SpellTrigger::Hit
                && cast_reaction_spell(&mut tgt.clone(), s, own_turn(ctx, &tgt.spec.id)).is_ok()
        })
        .collect();
    if castable.is_empty() {
        return Ok(false);
    }
    let id = tgt.spec.id.clone();
    match settle(ctx, &id, ReactionKind::ReactionSpell) {
        // No prompt: the attack must not wait on a creature the Referee runs (the wait would
        // tell the players it has such a spell, or that it is there at all).
        Settle::Always => {
            let first = castable[0].0;
            cast_against_hit(ctx, full, first)?;
            return Ok(false);
        }
        Settle::Never => return Ok(false),
        Settle::Prompt => {}
    }
    let options: Vec<(String, String)> = castable
        .iter()
        .map(|(i, s)| (format!("cast:{i}"), s.name.clone()))
        .collect();
    let mut pairs: Vec<(&str, &str)> = vec![(SPELL_NONE, "No spell")];
    pairs.extend(options.iter().map(|(a, b)| (a.as_str(), b.as_str())));
    let players: Vec<String> = ctx.core().participants.controllers(&id).cloned().collect();
    let (answerer, vis) = if players.is_empty() {
        (Answerer::Referee, Some(Visibility::Referee))
    } else {
        (Answerer::Controller(id.clone()), None)
    };
    let (attacker_name, attacker_id) = shown(ctx, &full.attacker);
    let attack_name = attacker_id.as_ref().map(|_| full.attack.clone());
    let args_options: Vec<serde_json::Value> = castable
        .iter()
        .map(|(i, s)| {
            json!({"id": format!("cast:{i}"), "spell": s.name, "level": s.level,
                "slot_level": s.level, "ac_bonus": s.ac_bonus})
        })
        .collect();
    let mut ask = DecisionRequest::new(
        SPELL_WINDOW,
        format!(
            "{} is hit by {}{}: cast a spell with the Reaction?",
            tgt.spec.name,
            attacker_name,
            attack_name
                .as_ref()
                .map(|a| format!("'s {a}"))
                .unwrap_or_default()
        ),
        answerer,
        &pairs,
    )
    .with_default(SPELL_NONE)
    .with_context(json!({"by": id}))
    .with_args(json!({
        "creature": id,
        "trigger": {"hit": {"attacker": attacker_id, "attack": attack_name}},
        "options": args_options,
        "decline": SPELL_NONE,
    }));
    if let Some(v) = vis {
        ask = ask.with_visibility(v);
    }
    let mut request = WindowRequest::new(
        SPELL_WINDOW,
        json!({"attack": full, "knock_out": knock_out, "then_move": then}),
    )
    .ask(ask);
    // The window carries the attack's numbers: the Referee's alone.
    request = request.with_visibility(Visibility::Referee);
    ctx.open_window(request)?;
    Ok(true)
}

/// The kind of the window a casting opens for reaction spells that stop spells, and of its
/// decisions.
pub const COUNTER_WINDOW: &str = "counter_spell";

/// A spell stopped by another creature's reaction spell (its casting stays spent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellStopped {
    pub caster: String,
    pub spell: String,
    /// Who stopped it, with which spell (players' copy: `unseen` for a creature they may not
    /// see, and no spell name).
    pub by: String,
    pub with: String,
    /// The level of the caster's slot given back (a stop that calls for a save, failed: the
    /// slot is not expended).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot_kept: Option<u8>,
}

/// Who may answer a casting with a `spell_cast` reaction spell: those asked (each with the
/// indexes of its castable spells), and the first creature settled by standing orders that
/// stops it at once.
pub struct Counter {
    asking: Vec<(String, Vec<usize>)>,
    at_once: Option<(String, usize)>,
}

/// The creatures that may answer `caster`'s casting (DD-MAG-05.a: a Reaction spell with its
/// trigger): in the combat, hostile, alive, seeing the caster (not Blinded, the caster not
/// Invisible to it, a line of sight on the grid), within the trigger's range (off the grid the
/// Referee judges: yes), and able to cast it now. `None`: nobody (or only creatures whose
/// standing order is `never`, which the players must not be able to tell apart).
pub fn counterers(ctx: &Ctx<'_, Dnd2024>, caster: &str) -> Option<Counter> {
    use super::super::grid::board::{feet_between, grid_map, invisible_to, space_of};
    use crate::conditions::Condition;
    let order = ctx.core().clock.combat.as_ref()?.order.clone();
    if !order.iter().any(|o| o == caster) {
        return None;
    }
    let crec = ctx.rules().creatures.get(caster)?;
    let map = grid_map(&ctx.rules().map);
    let mut out = Counter {
        asking: Vec::new(),
        at_once: None,
    };
    for oid in &order {
        let Some(rec) = ctx.rules().creatures.get(oid) else {
            continue;
        };
        if oid == caster
            || rec.dead
            || rec.dying.is_some()
            || super::super::is_character(rec) == super::super::is_character(crec)
            || rec.conditions.has(Condition::Blinded)
            || invisible_to(ctx.rules(), crec, oid)
        {
            continue;
        }
        if let (Some(a), Some(b)) = (space_of(ctx, oid), space_of(ctx, caster))
            && !map.line_of_sight(&a, &b)
        {
            continue;
        }
        let distance = feet_between(ctx, oid, caster);
        let spells: Vec<usize> = rec
            .spec
            .reaction_spells
            .iter()
            .enumerate()
            .filter(|(_, s)| match s.trigger {
                SpellTrigger::SpellCast { range_ft, .. } => {
                    distance.is_none_or(|d| d <= range_ft)
                        && cast_reaction_spell(&mut rec.clone(), s, own_turn(ctx, oid)).is_ok()
                }
                SpellTrigger::Hit => false,
            })
            .map(|(i, _)| i)
            .collect();
        let Some(&first) = spells.first() else {
            continue;
        };
        match settle(ctx, oid, ReactionKind::ReactionSpell) {
            Settle::Always if out.at_once.is_none() => out.at_once = Some((oid.clone(), first)),
            Settle::Always | Settle::Never => {}
            Settle::Prompt => out.asking.push((oid.clone(), spells)),
        }
    }
    (out.at_once.is_some() || !out.asking.is_empty()).then_some(out)
}

/// Answers `caster`'s casting of `spell` (already spent, with a slot of level `slot` if
/// any): a creature settled by standing orders stops it at once; otherwise a `counter_spell`
/// window asks the others, holding the spell's effect (`held`). Returns whether the spell is
/// stopped or waits; `false`: it takes effect now (the caster made its save, nobody asked).
pub fn counter(
    ctx: &mut Ctx<'_, Dnd2024>,
    c: Counter,
    caster: &str,
    spell: &str,
    slot: Option<u8>,
    held: serde_json::Value,
) -> Result<bool, RuleError> {
    if let Some((by, i)) = &c.at_once
        && stop_spell(ctx, by, *i, caster, spell, slot)?
    {
        return Ok(true);
    }
    if c.asking.is_empty() {
        return Ok(false);
    }
    let (caster_name, caster_id) = shown(ctx, caster);
    let mut hidden = caster_id.is_none();
    let mut request = WindowRequest::new(
        COUNTER_WINDOW,
        json!({"caster": caster, "spell": spell, "slot": slot, "held": held}),
    );
    for (oid, spells) in &c.asking {
        let Some(rec) = ctx.rules().creatures.get(oid) else {
            continue;
        };
        hidden |= rec.hidden;
        let options: Vec<(String, String)> = spells
            .iter()
            .filter_map(|i| {
                let s = rec.spec.reaction_spells.get(*i)?;
                Some((format!("cast:{i}"), s.name.clone()))
            })
            .collect();
        let args_options: Vec<serde_json::Value> = spells
            .iter()
            .filter_map(|i| {
                let s = rec.spec.reaction_spells.get(*i)?;
                Some(
                    json!({"id": format!("cast:{i}"), "spell": s.name, "level": s.level,
                    "slot_level": s.level, "stops_spell": true}),
                )
            })
            .collect();
        let mut pairs: Vec<(&str, &str)> = vec![(SPELL_NONE, "No spell")];
        pairs.extend(options.iter().map(|(a, b)| (a.as_str(), b.as_str())));
        let players: Vec<String> = ctx.core().participants.controllers(oid).cloned().collect();
        let (answerer, vis) = if players.is_empty() {
            (Answerer::Referee, Some(Visibility::Referee))
        } else {
            (Answerer::Controller(oid.clone()), None)
        };
        let mut ask = DecisionRequest::new(
            COUNTER_WINDOW,
            format!(
                "{caster_name} casts a spell: stop it with the Reaction, {}?",
                rec.spec.name
            ),
            answerer,
            &pairs,
        )
        .with_default(SPELL_NONE)
        .with_context(json!({"by": oid}))
        .with_args(json!({
            "creature": oid,
            "trigger": {"spell_cast": {"caster": caster_id}},
            "options": args_options,
            "decline": SPELL_NONE,
        }));
        if let Some(v) = vis {
            ask = ask.with_visibility(v);
        }
        request = request.ask(ask);
    }
    if hidden {
        request = request.with_visibility(Visibility::Referee);
    }
    ctx.open_window(request).map(|_| true)
}

/// `by` casts its reaction spell number `i` at `caster`'s casting of `spell` (its slot of
/// level `slot`, if any): the Reaction and `by`'s slot are spent. A spell that calls for a
/// save has the caster roll it (as any save: its dice, its secrecy): a success lets the spell
/// take effect; a failure stops it and gives the caster's slot back. Without a save it is
/// stopped. Returns whether it was stopped (`false` also when the rules no longer allow the
/// casting: things changed while a window was open).
pub fn stop_spell(
    ctx: &mut Ctx<'_, Dnd2024>,
    by: &str,
    i: usize,
    caster: &str,
    spell: &str,
    slot: Option<u8>,
) -> Result<bool, RuleError> {
    let Ok(mut rec) = record(ctx, by) else {
        return Ok(false);
    };
    let Some(spec) = rec.spec.reaction_spells.get(i).cloned() else {
        return Ok(false);
    };
    let SpellTrigger::SpellCast { save, .. } = spec.trigger else {
        return Ok(false);
    };
    if rec.dead || cast_reaction_spell(&mut rec, &spec, own_turn(ctx, by)).is_err() {
        return Ok(false);
    }
    let dc = match save {
        Some(save) => {
            let modifier =
                crate::core::ability_modifier(rec.spec.abilities.score(save.spellcasting))
                    .map_err(refusal)?;
            Some((
                save.ability,
                crate::magic::spell_save_dc(modifier, rec.spec.proficiency_bonus),
            ))
        }
        None => None,
    };
    set_record(ctx, rec)?;
    let cast = ReactionSpellCast {
        creature: by.to_string(),
        spell: spec.name.clone(),
        ac_bonus: 0,
    };
    emit_about(
        ctx,
        by,
        DndEvent::ReactionSpellCast(cast.clone()),
        Some(DndEvent::ReactionSpellCast(cast)),
    )?;
    let mut slot_kept = None;
    let caster_alive = ctx.rules().creatures.get(caster).is_some_and(|r| !r.dead);
    if let (Some((ability, dc)), true) = (dc, caster_alive) {
        let request = super::super::d20::D20TestRequest {
            creature: caster.to_string(),
            test: super::super::d20::TestKind::SavingThrow { ability },
            dc,
            advantage: Vec::new(),
            disadvantage: Vec::new(),
            modifiers: Vec::new(),
            fear_source_in_sight: false,
        };
        if super::super::d20::d20_test(ctx, &request)? {
            return Ok(false);
        }
        // The spell dissipates; its slot is not expended.
        if let Some(level) = slot {
            let mut crec = record(ctx, caster)?;
            crec.slots.give_back(level);
            set_record(ctx, crec)?;
            slot_kept = Some(level);
        }
    }
    let full = SpellStopped {
        caster: caster.to_string(),
        spell: spell.to_string(),
        by: by.to_string(),
        with: spec.name.clone(),
        slot_kept,
    };
    let caster_hidden = ctx.rules().creatures.get(caster).is_none_or(|r| r.hidden);
    let by_hidden = ctx.rules().creatures.get(by).is_none_or(|r| r.hidden);
    if caster_hidden {
        ctx.emit_for(DndEvent::SpellStopped(full), Visibility::Referee)?;
    } else if by_hidden {
        let masked = SpellStopped {
            by: super::super::combat::turn::UNSEEN.to_string(),
            with: String::new(),
            ..full.clone()
        };
        ctx.emit_masked(
            DndEvent::SpellStopped(full),
            Visibility::Referee,
            DndEvent::SpellStopped(masked),
        )?;
    } else {
        ctx.emit(DndEvent::SpellStopped(full))?;
    }
    Ok(true)
}
