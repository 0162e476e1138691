//! Exploration (issue 5): dungeon turns and their end, encounter checks, greed reward, rest and
//! rest activities, town days (spells, crafting and identification: [`super::magic`]).
//!
//! Commands travel like every Crows command (`{"rules": {<command>: {…}}}`); this module's
//! [`ExploreCommand`] variants, their events [`ExploreEvent`] and state [`ExploreState`] (inside
//! [`CrowsState`]). Decisions it opens have kinds starting `crows.explore.` and come back to
//! [`on_answer`]. No command yet.

use engine::{Acting, Answer, Boundary, Ctx, Decision, RuleError, TableState, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Crows, CrowsState};

/// The explore commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ExploreCommand {}

/// The events of the explore commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExploreEvent {}

/// The explore part of the table state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ExploreState {}

/// For whom a command acts.
pub(super) fn acting(_state: &TableState<CrowsState>, command: &ExploreCommand) -> Acting {
    match *command {}
}

/// Decides a command.
pub(super) fn decide(
    _rules: &Crows,
    command: &ExploreCommand,
    _ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match *command {}
}

/// Applies an event. Pure.
pub(super) fn apply(_state: &mut CrowsState, event: &ExploreEvent) {
    match *event {}
}

/// What `viewer` may see of this part of the state (`null`: nothing to show).
pub(super) fn project(_state: &TableState<CrowsState>, _viewer: &Viewer) -> Value {
    Value::Null
}

/// A decision of kind `crows.explore.*` was answered.
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

/// A timer this module started fell due (other than the engine's exploration-turn timer).
pub(super) fn on_timer(
    _rules: &Crows,
    _timer: &engine::Timer,
    _ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    Ok(())
}

/// A test this module started (a `CoreCommand::Test` with `then: {"family": "explore", …}`,
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
