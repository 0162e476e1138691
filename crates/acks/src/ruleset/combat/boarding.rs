//! Boarding in a fight (AC-NAVAL-15): once two ships are grappled (the naval family's
//! `grapple`, AC-NAVAL-14), the Judge names the combatants who board this round; they fight by
//! the standard rules at −2 to their attack throws and −2 to their AC for that round.

use engine::{Ctx, RuleError};

use super::lookups::{MAX_COMBATANTS, combat_state, in_fight};
use super::state::{CombatEvent, CombatState};
use crate::ruleset::adapter::{Acks, refuse};

/// `board`: the Judge's, for combatants crossing from `from` onto `onto` this round.
pub(super) fn board_command(
    ctx: &mut Ctx<'_, Acks>,
    creatures: &[String],
    from: &str,
    onto: &str,
) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    if creatures.is_empty() || creatures.len() > MAX_COMBATANTS {
        return Err(refuse(
            "bad_combatants",
            "MAX_COMBATANTS",
            format!("1–{MAX_COMBATANTS} boarders"),
        ));
    }
    for id in creatures {
        in_fight(&fight, id)?;
    }
    let grappled = ctx
        .rules()
        .naval
        .ships
        .get(from)
        .is_some_and(|s| s.grappled.iter().any(|g| g == onto));
    if !grappled {
        return Err(refuse(
            "not_grappled",
            "AC-NAVAL-14",
            format!("`{from}` is not grappled to `{onto}`: grapple first"),
        ));
    }
    ctx.emit(CombatEvent::Boarded {
        creatures: creatures.to_vec(),
        from: from.to_string(),
        onto: onto.to_string(),
    })
}

pub(super) fn apply(fight: &mut CombatState, event: &CombatEvent) {
    if let CombatEvent::Boarded { creatures, .. } = event {
        for id in creatures {
            if let Some(c) = fight.combatants.get_mut(id) {
                c.boarding = true;
            }
        }
    }
}
