//! Combat's small questions other families ask, and the attack roll as recorded: whether a
//! creature fights in the running combat, whether it is its turn. It imports no family.

use engine::{Ctx, RuleError};
use serde::{Deserialize, Serialize};

use super::super::Dnd2024;
use crate::combat::AttackSource;
use crate::core::{D20Outcome, RollMode};

/// What players' copy of an event names instead of a creature they may not see (an unseen
/// attacker, DD-VIS-10; an unseen creature stopping a spell) and of what it used.
pub const UNSEEN: &str = "unseen";

/// What an attack roll did. Players' copy of a monster's attack leaves out its numbers, and
/// every player's copy leaves out the target's AC.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRoll {
    pub attacker: String,
    pub target: String,
    pub attack: String,
    pub advantage: Vec<AttackSourceName>,
    pub disadvantage: Vec<AttackSourceName>,
    pub mode: RollMode,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<D20Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armor_class: Option<i32>,
    pub hit: bool,
    pub critical: bool,
}

/// An attack's Advantage or Disadvantage source: found by the rules, or named in the command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackSourceName {
    Rule(AttackSource),
    Named(String),
}

/// Whether a combat runs and `id` is in its order.
pub(super) fn in_combat(ctx: &Ctx<'_, Dnd2024>, id: &str) -> bool {
    ctx.core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == id))
}

/// Refuses unless it is `id`'s turn in a running combat.
pub fn check_turn(ctx: &Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let Some(combat) = &ctx.core().clock.combat else {
        return Err(RuleError::new(
            "no_combat",
            "the turn budget runs in combat; there is no combat",
        ));
    };
    if combat.order.get(combat.current).map(String::as_str) != Some(id) {
        return Err(
            RuleError::new("not_your_turn", format!("it is not `{id}`'s turn")).rule("DD-CBT-01.b"),
        );
    }
    Ok(())
}
