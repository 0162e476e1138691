//! Standing orders: what a creature the Referee runs does when a reaction opens to it, set by
//! the Referee ahead of time. A prompt for such a creature shows in the players' game as a
//! pause (a move that waits, an attack whose roll does not come, a turn that does not change),
//! and the pause alone tells them something: that someone unseen is there, or that a monster
//! in plain view has a reaction spell or Legendary Actions on its sheet. So by default its
//! reactions never open a window: each is settled at once by its order, inside the command
//! that triggered it, and the players see only what they would perceive (the attack, the spell
//! cast or stopped), never whether anyone declined.
//!
//! ```json
//! {"standing_orders": {"creature": "gob", "opportunity_attacks": "always",
//!   "reaction_spells": "never", "legendary_actions": "ask"}}
//! ```
//!
//! Three orders per kind of reaction (`opportunity_attacks`, `reaction_spells` — those
//! answering a hit and those stopping a spell —, `legendary_actions`):
//!
//! - `never` (the default, the same as an unanswered prompt's default: decline, no spell,
//!   pass): nothing happens unless the Referee said so.
//! - `always`: an Opportunity Attack whenever one is provoked; the first of its reaction
//!   spells (sheet order) that the trigger allows and it can cast; the first Legendary Action
//!   (sheet order) it can afford — an attack only against the creature whose turn just ended,
//!   when hostile and in reach.
//! - `ask`: the Referee is asked in a window, as a player is for a character. This trades
//!   secrecy for control: while the window is open the players' command waits, and the wait
//!   tells them the creature may react (that it has a reaction spell, or uses of Legendary
//!   Actions left). For a creature the players may not see, `ask` acts as `never`: a wait
//!   would tell them someone unseen is there. (It is not refused when set: a creature seen now
//!   may hide later, and one hidden now may be revealed, so the order is read at the moment of
//!   the reaction; the Referee sets it once.)
//!
//! A Referee-run creature's readied response needs no order: the Referee who says that its
//! trigger happened (`trigger_ready`) is the one who would answer, so it responds at once.
//!
//! A creature a player controls is asked as before (its player sees its prompt). Orders are
//! the Referee's alone: the command is Referee-only and its event reaches nobody else.

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
    /// Ask the Referee in a window (only while the players see the creature).
    Ask,
}

/// The kinds of reaction an order covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReactionKind {
    OpportunityAttack,
    ReactionSpell,
    LegendaryAction,
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

impl StandingOrders {
    pub fn get(&self, kind: ReactionKind) -> Order {
        match kind {
            ReactionKind::OpportunityAttack => self.opportunity_attacks,
            ReactionKind::ReactionSpell => self.reaction_spells,
            ReactionKind::LegendaryAction => self.legendary_actions,
        }
    }
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

/// How a reaction of `id` of this kind is settled now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settle {
    /// Open a window: its player answers, or the Referee when the order is `ask` and the
    /// players see the creature.
    Prompt,
    /// At once, by the order `always`.
    Always,
    /// At once, by the order `never` (or `ask` for a creature the players may not see).
    Never,
}

/// How `id`'s reaction of `kind` is settled: a creature a player controls is asked; one the
/// Referee runs follows its standing order, where `ask` asks only while the players see it.
pub fn settle(ctx: &Ctx<'_, Dnd2024>, id: &str, kind: ReactionKind) -> Settle {
    if !referee_run(ctx, id) {
        return Settle::Prompt;
    }
    match orders_of(ctx, id).get(kind) {
        Order::Always => Settle::Always,
        Order::Never => Settle::Never,
        Order::Ask if hidden(ctx, id) => Settle::Never,
        Order::Ask => Settle::Prompt,
    }
}

/// Whether the Referee runs `id` (no player answers for it).
pub fn referee_run(ctx: &Ctx<'_, Dnd2024>, id: &str) -> bool {
    ctx.core().participants.controllers(id).next().is_none()
}

fn hidden(ctx: &Ctx<'_, Dnd2024>, id: &str) -> bool {
    ctx.rules().creatures.get(id).is_none_or(|r| r.hidden)
}
