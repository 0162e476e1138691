//! Forced movement («Принудительное перемещение», «Вертикальное», «В пропасть»).
//!
//! [`validate_forced_path`] checks the squares the mover chose for a push or a slide. Forced
//! movement ignores difficult terrain (each square costs 1) and provokes nothing, but damaging
//! or magic terrain on the way affects the target as if it walked in (CR-FORCE-04), so the
//! hazards entered are listed. Vertical forced movement is a ground path plus the height the
//! target is left at (CR-FORCE-07); a flying target is always moved vertically.

use serde::{Deserialize, Serialize};

use super::CombatError;
use super::grid::{BattleGrid, Occupant, Space, Square};
use crate::creature::Magic;

/// Push or slide (CR-FORCE-01/02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ForcedKind {
    /// Push X: straight away from the mover, every square farther from it.
    Push,
    /// Slide X: any horizontal path.
    Slide,
}

/// One forced movement effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedMovement {
    pub kind: ForcedKind,
    /// X: the most squares; fewer is allowed (CR-FORCE-03).
    pub distance: u32,
    /// Mundane effects cannot move creatures larger than the mover (CR-FORCE-06).
    pub magic: Magic,
    /// "Vertical": may also lift or lower the target (CR-FORCE-07).
    #[serde(default)]
    pub vertical: bool,
}

/// What the forced move did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedReport {
    pub end: Space,
    pub squares_moved: u32,
    /// Hazards entered as if willingly (CR-FORCE-04).
    pub hazards: Vec<(Square, String)>,
    /// Feet fallen: the target cannot fly and ends over a drop; crossing one on the way is
    /// harmless (CR-FORCE-09).
    pub falls_feet: Option<u32>,
    /// The movement counted as vertical: the effect says so, or the target flies
    /// (CR-FORCE-07).
    pub vertical: bool,
}

/// Checks a forced move of `target` by `mover` along `path` (the target's space origin after
/// each square), leaving it on the ground. `target_flies` is whether the target can fly.
pub fn validate_forced_path(
    grid: &BattleGrid,
    occupants: &[Occupant],
    mover: &Occupant,
    target: &Occupant,
    target_flies: bool,
    effect: ForcedMovement,
    path: &[Square],
) -> Result<ForcedReport, CombatError> {
    validate_vertical_forced_path(
        grid,
        occupants,
        mover,
        target,
        target_flies,
        effect,
        path,
        0,
    )
}

/// As [`validate_forced_path`], but a vertical forced move may leave the target
/// `end_altitude` squares above the ground of its last square; a target that cannot fly then
/// falls that far (CR-FORCE-07). The lift counts toward X with the horizontal squares.
#[allow(clippy::too_many_arguments)]
pub fn validate_vertical_forced_path(
    grid: &BattleGrid,
    occupants: &[Occupant],
    mover: &Occupant,
    target: &Occupant,
    target_flies: bool,
    effect: ForcedMovement,
    path: &[Square],
    end_altitude: u32,
) -> Result<ForcedReport, CombatError> {
    let vertical = effect.vertical || target_flies;
    if end_altitude > 0 && !vertical {
        return Err(CombatError::NotVertical);
    }
    if effect.magic == Magic::Mundane && target.size > mover.size {
        return Err(CombatError::TargetTooLarge);
    }
    let moved = u32::try_from(path.len())
        .unwrap_or(u32::MAX)
        .saturating_add(end_altitude);
    if moved > effect.distance {
        return Err(CombatError::ForcedTooFar {
            moved,
            allowed: effect.distance,
        });
    }
    let mut here = target.space;
    let mut direction: Option<(i32, i32)> = None;
    let mut hazards = Vec::new();
    for &to in path {
        if !here.origin.is_adjacent(to) {
            return Err(CombatError::NotAdjacent {
                from: here.origin,
                to,
            });
        }
        let next = here.moved_to(to);
        if effect.kind == ForcedKind::Push {
            let d = (to.x - here.origin.x, to.y - here.origin.y);
            if direction.is_some_and(|prev| prev != d) {
                return Err(CombatError::PushNotStraight);
            }
            direction = Some(d);
            if next.distance_to(&mover.space) <= here.distance_to(&mover.space) {
                return Err(CombatError::PushNotAway);
            }
        }
        for s in next.squares().filter(|s| !here.contains(*s)) {
            let cell = grid.cell(s);
            if cell.obstacle.is_some()
                || occupants
                    .iter()
                    .any(|o| o.id != target.id && o.space.contains(s))
            {
                return Err(CombatError::ForcedIntoOccupied(s));
            }
            if let Some(h) = &cell.hazard {
                hazards.push((s, h.clone()));
            }
        }
        // CR-FORCE-08 binds non-vertical movement only (CR-FORCE-07).
        if !vertical {
            let rise = grid.cell(to).elevation - grid.cell(here.origin).elevation;
            let over_drop =
                grid.cell(to).drop_feet.is_some() || grid.cell(here.origin).drop_feet.is_some();
            if rise.abs() > 1 && !over_drop {
                return Err(CombatError::SlopeTooSteep {
                    from: here.origin,
                    to,
                });
            }
        }
        here = next;
    }
    let falls_feet = if target_flies {
        None
    } else {
        let drop = grid.drop_under(&here);
        let lifted = super::grid::squares_to_feet(end_altitude);
        match (drop, lifted) {
            (None, 0) => None,
            (d, l) => Some(d.unwrap_or(0).saturating_add(l)),
        }
    };
    Ok(ForcedReport {
        end: here,
        squares_moved: moved,
        hazards,
        falls_feet,
        vertical,
    })
}
