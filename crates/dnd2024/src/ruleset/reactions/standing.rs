//! Standing orders: what a creature the players may not see does when a reaction opens to it,
//! set by the Referee ahead of time. A prompt for such a creature would show in the players'
//! game as a pause (a move that waits, a turn that does not change), and the pause alone
//! tells them someone unseen is there. So its reactions never open a window: each is settled
//! at once by its order, inside the command that triggered it, and the players see only what
//! they would perceive (the attack, the spell stopped), never whether anyone declined.
//!
//! ```json
//! {"standing_orders": {"creature": "gob", "opportunity_attacks": "always",
//!   "reaction_spells": "never", "legendary_actions": "always"}}
//! ```
//!
//! The default of every order is `never`, the same as an unanswered prompt's default (decline,
//! no spell, pass): nothing happens unless the Referee said so. `always` means: an Opportunity
//! Attack whenever one is provoked; the first of its reaction spells (sheet order) that the
//! trigger allows and it can cast; the first Legendary Action (sheet order) it can afford — an
//! attack only against the creature whose turn just ended, when hostile and in reach. A
//! hidden creature's readied response needs no order: the Referee who says that its trigger
//! happened (`trigger_ready`) is the one who would answer, so it responds at once.
//!
//! A creature a player controls is asked as before (its player sees its prompt).

use engine::{Ctx, RuleError, Visibility};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::{Dnd2024, DndEvent, record};

/// One standing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Always,
    #[default]
    Never,
}

/// A creature's standing orders (each `never` until the Referee sets it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct StandingOrders {
    #[serde(default)]
    pub opportunity_attacks: Order,
    #[serde(default)]
    pub reaction_spells: Order,
    #[serde(default)]
    pub legendary_actions: Order,
}

/// The Referee sets some of a creature's standing orders (those left out stay as they were).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetStandingOrders {
    pub creature: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opportunity_attacks: Option<Order>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaction_spells: Option<Order>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legendary_actions: Option<Order>,
}

/// A creature's standing orders as set (the Referee's alone).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingOrdersSet {
    pub creature: String,
    pub orders: StandingOrders,
}

pub fn set_standing_orders(
    ctx: &mut Ctx<'_, Dnd2024>,
    s: &SetStandingOrders,
) -> Result<(), RuleError> {
    record(ctx, &s.creature)?;
    let mut orders = orders_of(ctx, &s.creature);
    if let Some(o) = s.opportunity_attacks {
        orders.opportunity_attacks = o;
    }
    if let Some(o) = s.reaction_spells {
        orders.reaction_spells = o;
    }
    if let Some(o) = s.legendary_actions {
        orders.legendary_actions = o;
    }
    ctx.emit_for(
        DndEvent::StandingOrdersSet(StandingOrdersSet {
            creature: s.creature.clone(),
            orders,
        }),
        Visibility::Referee,
    )
}

/// A creature's standing orders (the defaults when none were set).
pub fn orders_of(ctx: &Ctx<'_, Dnd2024>, id: &str) -> StandingOrders {
    ctx.rules()
        .standing_orders
        .get(id)
        .copied()
        .unwrap_or_default()
}

/// Whether `id`'s reactions are settled by its standing orders: the players may not see it
/// and no player answers for it.
pub fn by_standing_order(ctx: &Ctx<'_, Dnd2024>, id: &str) -> bool {
    ctx.rules().creatures.get(id).is_some_and(|r| r.hidden)
        && ctx.core().participants.controllers(id).next().is_none()
}
