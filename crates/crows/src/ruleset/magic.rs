//! Magic (issue 5): spellcasting from spellbooks with chaos and backlash, crafting, identifying
//! magic items.
//!
//! Commands travel like every Crows command (`{"rules": {<command>: {…}}}`); this module's
//! [`MagicCommand`] variants, their events [`MagicEvent`] and state [`MagicState`] (inside
//! [`CrowsState`]). Decisions it opens have kinds starting `crows.magic.` and come back to
//! [`on_answer`]. No command yet.

use engine::{Acting, Answer, Boundary, Ctx, Decision, RuleError, TableState, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Crows, CrowsState};

/// The magic commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MagicCommand {}

/// The events of the magic commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MagicEvent {}

/// The magic part of the table state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct MagicState {}

/// For whom a command acts.
pub(super) fn acting(_state: &TableState<CrowsState>, command: &MagicCommand) -> Acting {
    match *command {}
}

/// Decides a command.
pub(super) fn decide(
    _rules: &Crows,
    command: &MagicCommand,
    _ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match *command {}
}

/// Applies an event. Pure.
pub(super) fn apply(_state: &mut CrowsState, event: &MagicEvent) {
    match *event {}
}

/// What `viewer` may see of this part of the state (`null`: nothing to show).
pub(super) fn project(_state: &TableState<CrowsState>, _viewer: &Viewer) -> Value {
    Value::Null
}

/// A decision of kind `crows.magic.*` was answered.
pub(super) fn on_answer(
    _rules: &Crows,
    _decision: &Decision,
    _answer: &Answer,
    _ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    Ok(())
}

/// The clock passed a boundary (after the core rules handled it).
pub(super) fn on_boundary(
    _rules: &Crows,
    _boundary: &Boundary,
    _ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    Ok(())
}

/// A test this module started (a `CoreCommand::Test` with `then: {"family": "magic", …}`,
/// passed to [`Crows::core_decide`]) reached its final result, after any expertise was spent
/// at the commit point.
pub(super) fn after_test(
    _rules: &Crows,
    _creature: &str,
    _resolved: &crate::checks::ResolvedTest,
    _then: &Value,
    _ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    Ok(())
}
