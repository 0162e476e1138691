//! What every combat command asks of the fight, below the commands: the fight under way, a
//! combatant and whether it acts now, its ability modifier, attack throw, armour class and
//! save vs Paralysis, and the limits.

use engine::{Ctx, RuleError};

use super::state::CombatState;
use crate::attack::{self, AttackProgression};
use crate::ruleset::adapter::{Acks, acks_err, no_creature, refuse};
use crate::ruleset::state::{Abilities, AcksState, Creature};

/// Most combatants in one fight; most situations named on one attack; longest spell name.
pub const MAX_COMBATANTS: usize = 100;
pub const MAX_SITUATIONS: usize = 16;
pub const MAX_SPELL_NAME: usize = 64;
/// Largest missile distance accepted (feet or yards).
pub const MAX_DISTANCE: u32 = 10_000;

pub(super) fn combat_state(ctx: &Ctx<'_, Acks>) -> Result<CombatState, RuleError> {
    ctx.rules().combat.clone().ok_or_else(|| {
        refuse(
            "no_fight",
            "AC-INIT-01",
            "there is no fight: begin_combat first",
        )
    })
}

pub(super) fn creature<'a>(state: &'a AcksState, id: &str) -> Result<&'a Creature, RuleError> {
    state.creatures.get(id).ok_or_else(|| no_creature(id))
}

pub(super) fn int(total: i64) -> i32 {
    i32::try_from(total).unwrap_or(0)
}

/// The T-25 modifier of a character's ability (0 for monsters).
pub(super) fn ability(
    state: &AcksState,
    c: &Creature,
    pick: fn(&Abilities) -> i32,
) -> Result<i32, RuleError> {
    match c.character() {
        Some(ch) => crate::tables::ability_modifier(&state.tables()?, pick(&ch.abilities))
            .map_err(|e| acks_err("bad_ability", e)),
        None => Ok(0),
    }
}

/// The attack throw (T-13/T-14), attack progression and level or Hit Dice of a creature.
pub(super) fn throw_of(
    state: &AcksState,
    c: &Creature,
) -> Result<(i32, Option<AttackProgression>, u32), RuleError> {
    let tables = state.tables()?;
    if let Some(ch) = c.character() {
        let (attack, _) = state.progressions(&c.id).ok_or_else(|| {
            refuse(
                "unknown_class",
                "packs",
                "the character's class is not loaded",
            )
        })?;
        let p: AttackProgression = attack.into();
        let t = attack::character_attack_throw(&tables, p, ch.level)
            .map_err(|e| acks_err("bad_level", e))?;
        return Ok((t, Some(p), ch.level));
    }
    let card = state
        .card_of(&c.id)
        .ok_or_else(|| refuse("unknown_card", "packs", "the monster's card is not loaded"))?;
    let hd = card.hd().map_err(|e| acks_err("bad_card", e))?;
    let t = attack::monster_attack_throw(&tables, hd).map_err(|e| acks_err("bad_card", e))?;
    Ok((t, None, hd.dice))
}

/// A creature's armour class: a monster's from its card, a character's from its sheet.
pub(super) fn armour_class(state: &AcksState, c: &Creature) -> i32 {
    match c.character() {
        Some(ch) => ch.armour_class,
        None => state.card_of(&c.id).map_or(0, |card| card.armour_class),
    }
}

pub(super) fn is_monster(state: &AcksState, id: &str) -> bool {
    state
        .creatures
        .get(id)
        .is_some_and(|c| c.monster().is_some())
}

pub(super) fn in_fight(fight: &CombatState, id: &str) -> Result<(), RuleError> {
    if fight.combatants.contains_key(id) && !fight.fallen.iter().any(|f| f == id) {
        Ok(())
    } else {
        Err(refuse(
            "not_in_fight",
            "AC-INIT-01",
            format!("`{id}` is not fighting"),
        ))
    }
}

pub(super) fn acting_now(ctx: &Ctx<'_, Acks>, who: &str) -> Result<(), RuleError> {
    if ctx.core().clock.acting() == Some(who) {
        Ok(())
    } else {
        Err(refuse(
            "not_your_count",
            "AC-INIT-02",
            format!("`{who}` does not act now"),
        ))
    }
}

pub(super) fn frac(f: crate::odds::Fraction) -> String {
    f.to_string()
}

/// The target's save vs Paralysis (T-19).
pub(super) fn save_value(state: &AcksState, c: &Creature) -> Result<i32, RuleError> {
    let tables = state.tables()?;
    let (p, level) = match (c.character(), state.card_of(&c.id)) {
        (Some(ch), _) => (
            state
                .progressions(&c.id)
                .map(|(_, saves)| AttackProgression::from(saves))
                .ok_or_else(|| refuse("unknown_class", "packs", "the class is not loaded"))?,
            ch.level,
        ),
        (None, Some(card)) => (card.save_as.class.into(), card.save_as.level),
        (None, None) => return Err(no_creature(&c.id)),
    };
    crate::saves::save_value(&tables, p, level, crate::saves::SaveCategory::Paralysis)
        .map_err(|e| acks_err("bad_save", e))
}
