//! Climbing and swimming on the grid (DD-MOVE-04, DD-MOVE-05): a `move_path` may say how each
//! step is taken (`how`: walked, climbed or swum), and each climbed or swum step costs a foot
//! more per foot unless the mover has a Climb or Swim Speed (more again in Difficult Terrain,
//! by the table's Appendix C reading) — the prices `move_preview` shows with its own `how`.
//! A Prone mover crawls whatever the step says (DD-MOVE-06). The move is otherwise the walk's:
//! the same walls, spaces, budget and refusals.
//!
//! ```json
//! {"move_path": {"creature": "vera", "path": [[1, 0], [2, 0]], "how": ["climb"]}}
//! {"move_path": {"creature": "vera", "path": [[1, 0], [2, 0]], "how": ["walk", "swim"]}}
//! ```

use engine::RuleError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::super::creatures::CreatureRecord;
use super::board::SQUARE_FT;
use crate::Interpretations;
use crate::movement::{MoveMode, cost_per_foot};

/// How the squares are crossed.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum How {
    #[default]
    Walk,
    Climb,
    Swim,
}

/// Each step's mode from the command's `how`: none (every step walked), one (every step so),
/// or one per step; any other count is refused.
pub fn step_modes(how: &[How], steps: usize) -> Result<Vec<MoveMode>, RuleError> {
    let mode = |h: &How| match h {
        How::Walk => MoveMode::Walk,
        How::Climb => MoveMode::Climb,
        How::Swim => MoveMode::Swim,
    };
    match how {
        [] => Ok(vec![MoveMode::Walk; steps]),
        [one] => Ok(vec![mode(one); steps]),
        many if many.len() == steps => Ok(many.iter().map(mode).collect()),
        many => Err(RuleError::new(
            "bad_move",
            format!(
                "`how` gives {} modes for a path of {steps} squares: give none, one, or one \
                 per square",
                many.len()
            ),
        )
        .rule("DD-MOVE-04.a")),
    }
}

/// The feet one square costs `mover` taken in `mode` (crawling when Prone), `difficult` or not.
pub fn square_cost(
    mover: &CreatureRecord,
    mode: MoveMode,
    prone: bool,
    difficult: bool,
    opts: &Interpretations,
) -> u32 {
    let mode = if prone { MoveMode::Crawl } else { mode };
    let special = match mode {
        MoveMode::Climb => mover.spec.speed.climb > 0,
        MoveMode::Swim => mover.spec.speed.swim > 0,
        MoveMode::Walk | MoveMode::Crawl => false,
    };
    SQUARE_FT * cost_per_foot(mode, difficult, special, opts)
}

/// The modes of a move's rest, for a window's context (`walk` when the move walks).
pub fn to_json(modes: &[MoveMode]) -> Value {
    if modes.iter().all(|m| *m == MoveMode::Walk) {
        return Value::Null;
    }
    serde_json::to_value(modes).unwrap_or(Value::Null)
}

/// The modes a window's context carries for a rest of `steps` squares (walking if none).
pub fn from_json(v: &Value, steps: usize) -> Vec<MoveMode> {
    serde_json::from_value::<Vec<MoveMode>>(v.clone())
        .ok()
        .filter(|m| m.len() == steps)
        .unwrap_or_else(|| vec![MoveMode::Walk; steps])
}
