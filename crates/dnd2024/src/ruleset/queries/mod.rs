//! Read-only questions asked before a command, so a page shows what the rules will do before
//! anything is rolled or spent: [`attack_odds`] (the exact chance to hit, to land a Critical
//! Hit and the expected damage of one attack, DD-CBT-04) and [`move_preview`] (what a path on
//! the grid costs and whether the move is allowed, DD-MOVE). Both change nothing and answer a
//! viewer only with what that viewer may see: a creature the viewer may not see is refused
//! with the words of a missing one, or left out as if it were not there.
//!
//! They sit above every family (layer 4, after `areas`): they read the table's state only, so
//! each family's rules are called again here on a [`engine::TableState`] instead of a
//! command's context.

pub mod attack_odds;
pub mod move_preview;

use engine::TableState;
use tabletop::square::Space;

use super::DndState;

/// A creature's space where it stands on the grid (`None`: not placed), read from the state.
pub(crate) fn space_in(state: &TableState<DndState>, id: &str) -> Option<Space> {
    let at = *state.rules.positions.get(id)?;
    let rec = state.rules.creatures.get(id)?;
    Some(rec.spec.size.grid_space(at))
}

/// Whether creature `id` fights in the running combat.
pub(crate) fn fighting(state: &TableState<DndState>, id: &str) -> bool {
    state
        .core
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == id))
}

/// Whether it is `id`'s turn in the running combat.
pub(crate) fn on_turn(state: &TableState<DndState>, id: &str) -> bool {
    state
        .core
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.get(c.current).map(String::as_str) == Some(id))
}
