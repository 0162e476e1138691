//! Reaction spells offered on a hit (a sheet's `reaction_spells`): the window that holds the
//! attack, and casting with the Reaction. The attack resolves above, in [`super`]'s window hook.

use engine::{Answerer, Ctx, DecisionRequest, RuleError, Visibility, WindowRequest};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::super::{Dnd2024, refusal};
use super::sheet::ReactionSpellSpec;

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

/// Offers the target of a hit its reaction spells; returns whether a window now holds the
/// attack.
pub fn offer_reaction_spell(
    ctx: &mut Ctx<'_, Dnd2024>,
    tgt: &super::super::creatures::CreatureRecord,
    full: &super::super::combat::turn::AttackRoll,
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
            cast_reaction_spell(&mut tgt.clone(), s, own_turn(ctx, &tgt.spec.id)).is_ok()
        })
        .collect();
    if castable.is_empty() {
        return Ok(false);
    }
    let id = tgt.spec.id.clone();
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
    let mut ask = DecisionRequest::new(
        SPELL_WINDOW,
        format!(
            "{} is hit by {}'s {}: cast a spell with the Reaction?",
            tgt.spec.name, full.attacker, full.attack
        ),
        answerer,
        &pairs,
    )
    .with_default(SPELL_NONE)
    .with_context(json!({"by": id}));
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
