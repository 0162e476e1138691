//! The `move_preview` query (DD-MOVE-02..06, -19, -20; DD-COND-13.a; DD-ACT-02.a): what a path
//! of squares costs before `move_path` spends it, step by step, with the rules the move uses:
//! 5 ft a square; twice that in Difficult Terrain (the map's, a non-allied creature's space, a
//! gap a size too narrow that a Large or bigger creature squeezes through); crawling while
//! Prone a foot more per foot; climbing or swimming without a Climb or Swim Speed a foot more
//! per foot (more again in Difficult Terrain, by the table's Appendix C reading); standing up
//! first costs half the Speed; then what is left of the turn's movement, and whether the move
//! is allowed, with the refusal it would get (code, checklist ID, words) if not.
//!
//! ```json
//! {"creature": "vera", "path": [[1, 0], [2, 1]], "stand_up": false, "how": "walk"}
//! ```
//!
//! A creature up in the air is priced at its height, as `move_path` moves it: no Difficult
//! Terrain from the ground, nor from a creature whose height it does not share.
//!
//! `how` (`walk`, `climb`, `swim`) prices the squares as climbed or swum, as `move_path` with
//! the same `how` spends them (`grid::terrain`).
//!
//! Secrecy: the asker must see the creature's whole sheet (the Referee, or its player); a
//! creature they may not see is refused exactly as a missing one. The path is priced as the
//! asker sees the grid: a creature they may not see costs nothing extra and blocks nothing (its
//! square costs what an empty one does), so the preview tells nothing about it. The real move
//! then meets what is there, as the rules say.

use engine::{RuleError, TableState, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabletop::map::{GridMap, Obstacle};
use tabletop::square::{Space, Square};

use super::super::creatures::CreatureRecord;
use super::super::grid::MAX_PATH;
use super::super::grid::board::{SQUARE_FT, Spot, grid_map, height_of};
use super::super::{DndState, is_character, no_creature, refusal, viewer_owns, viewer_sees};
use super::{fighting, on_turn, space_in};
use crate::conditions::Condition;
use crate::movement::{MoveMode, can_move_through, cost_per_foot, other_space_is_difficult};

pub use super::super::grid::terrain::How;

/// The query's arguments.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovePreviewArgs {
    pub creature: String,
    pub path: Vec<[i32; 2]>,
    /// Stand up from Prone before moving (half the Speed, DD-COND-13.a).
    #[serde(default)]
    pub stand_up: bool,
    #[serde(default)]
    pub how: How,
}

/// One step of the path as priced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    pub to: [i32; 2],
    pub cost_ft: u32,
    pub difficult: bool,
    pub squeezing: bool,
}

fn blocked(map: &GridMap, space: &Space) -> bool {
    space
        .squares()
        .any(|s| map.cell(s).obstacle.is_some_and(Obstacle::blocks_movement))
}

/// A space holding a wall that still lets the creature through one size smaller.
fn squeezes(map: &GridMap, space: &Space) -> bool {
    if space.side < 2 {
        return false;
    }
    let side = space.side - 1;
    (0..2).any(|dy| {
        (0..2).any(|dx| {
            let o = Square::new(space.origin.x + dx, space.origin.y + dy);
            !blocked(map, &Space::new(o, side))
        })
    })
}

fn illegal(code: &str, rule: &str, message: String) -> RuleError {
    RuleError::new(code, message).rule(rule)
}

/// Prices each step of `path` from `from` as `viewer` sees the grid; stops at the first step
/// the move may not take, with its refusal.
fn price(
    state: &TableState<DndState>,
    viewer: &Viewer,
    mover: &CreatureRecord,
    from: Square,
    path: &[Square],
    mode: MoveMode,
) -> (Vec<Step>, Option<RuleError>) {
    let map = grid_map(&state.rules.map);
    let id = mover.spec.id.as_str();
    let size = mover.spec.size;
    let opts = state.rules.interpretations;
    let special = match mode {
        MoveMode::Climb => mover.spec.speed.climb > 0,
        MoveMode::Swim => mover.spec.speed.swim > 0,
        MoveMode::Walk | MoveMode::Crawl => false,
    };
    let mut steps = Vec::with_capacity(path.len());
    // Up in the air, as `move_path` prices it: over the ground's Difficult Terrain and the
    // creatures whose height it does not share.
    let height = height_of(&state.rules, id);
    let level = |s: Space| Spot::new(s, height);
    let other_at = |oid: &str, s: Space| Spot::new(s, height_of(&state.rules, oid));
    let mut at = from;
    for (i, &to) in path.iter().enumerate() {
        // Walls, windows and cut corners (DD-MOVE-02.b), for the space's top-left square.
        if let Err(e) = crate::movement::grid_path_cost_on(&map, &[at, to]) {
            let mut r = refusal(e);
            r.code = "bad_move".into();
            return (steps, Some(r));
        }
        let space = size.grid_space(to);
        let mut difficult = height == 0
            && (map.cell(to).difficult || space.squares().any(|s| map.cell(s).difficult));
        let mut squeezing = false;
        if blocked(&map, &space) {
            if squeezes(&map, &space) {
                difficult = true;
                squeezing = true;
            } else {
                return (
                    steps,
                    Some(illegal(
                        "bad_move",
                        "DD-MOVE-02.b",
                        format!("step {} to {to}: the space is walled", i + 1),
                    )),
                );
            }
        }
        for (oid, other) in &state.rules.creatures {
            // A creature the viewer may not see is not there for the preview.
            if oid == id || other.dead || !viewer_sees(state, viewer, oid) {
                continue;
            }
            let Some(os) = space_in(state, oid) else {
                continue;
            };
            if !os.overlaps(&space) || !other_at(oid, os).shares_height(&level(space)) {
                continue;
            }
            let ally = is_character(mover) == is_character(other);
            let inc = other.conditions.incapacitated();
            if !can_move_through(size, other.spec.size, ally, inc, &opts) {
                return (
                    steps,
                    Some(illegal(
                        "bad_move",
                        "DD-MOVE-19.a",
                        format!("step {}: the move would pass {oid}'s space", i + 1),
                    )),
                );
            }
            if other_space_is_difficult(other.spec.size, ally) {
                difficult = true;
            }
        }
        steps.push(Step {
            to: [to.x, to.y],
            cost_ft: SQUARE_FT * cost_per_foot(mode, difficult, special, &opts),
            difficult,
            squeezing,
        });
        at = to;
    }
    // The move may not end in another creature's space (one the viewer sees).
    let end = size.grid_space(at);
    for (oid, other) in &state.rules.creatures {
        if oid == id
            || other.dead
            || other.spec.size == crate::movement::Size::Tiny
            || !viewer_sees(state, viewer, oid)
        {
            continue;
        }
        if space_in(state, oid)
            .is_some_and(|os| os.overlaps(&end) && other_at(oid, os).shares_height(&level(end)))
        {
            return (
                steps,
                Some(illegal(
                    "bad_move",
                    "DD-MOVE-19.c",
                    format!("the move would end in {oid}'s space"),
                )),
            );
        }
    }
    (steps, None)
}

/// The `move_preview` query (see the module docs).
pub fn move_preview_query(
    state: &TableState<DndState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    let m: MovePreviewArgs = serde_json::from_value(args.clone())
        .map_err(|e| RuleError::new("bad_query", format!("move_preview: {e}")))?;
    if !viewer_owns(state, viewer, &m.creature) {
        return Err(no_creature(&m.creature));
    }
    if m.path.is_empty() || m.path.len() > MAX_PATH {
        return Err(RuleError::new(
            "list_too_long",
            format!("a move lists 1…{MAX_PATH} squares"),
        )
        .rule("MAX_PATH"));
    }
    for [x, y] in &m.path {
        for (what, v) in [("x", *x), ("y", *y)] {
            tabletop::map::check_coord(what, v)
                .map_err(|e| RuleError::new("bad_move", e.to_string()))?;
        }
    }
    let rec = state
        .rules
        .creatures
        .get(&m.creature)
        .ok_or_else(|| no_creature(&m.creature))?;
    rec.check_alive()?;
    let Some(from) = state.rules.positions.get(&m.creature).copied() else {
        return Err(RuleError::new(
            "not_placed",
            format!("{} is not on the grid", rec.spec.name),
        ));
    };
    let path: Vec<Square> = m.path.iter().map(|[x, y]| Square::new(*x, *y)).collect();
    let speed = rec.speed();
    let prone = rec.conditions.has(Condition::Prone);
    let in_fight = fighting(state, &m.creature);
    // What the move would be refused for before any square is priced.
    let mut reason: Option<RuleError> = None;
    if in_fight && !on_turn(state, &m.creature) {
        reason = Some(illegal(
            "not_your_turn",
            "DD-CBT-01.b",
            format!("it is not `{}`'s turn", m.creature),
        ));
    } else if rec.conditions.incapacitated() || speed == 0 {
        reason = Some(illegal(
            "bad_move",
            "DD-MOVE-01.a",
            format!("{} cannot move now (Speed 0)", rec.spec.name),
        ));
    } else if m.stand_up && !in_fight {
        // Standing up spends the turn's movement: `stand_up` is a combat turn's.
        reason = Some(RuleError::new(
            "no_combat",
            "the turn budget runs in combat; there is no combat",
        ));
    } else if m.stand_up && !prone {
        reason = Some(illegal(
            "no_such_condition",
            "DD-COND-13.a",
            format!("{} is not Prone", rec.spec.name),
        ));
    }
    // Standing up costs half the Speed, rounded down; a creature still Prone crawls.
    let stand_ft = if m.stand_up && prone { speed / 2 } else { 0 };
    let mode = if prone && !m.stand_up {
        MoveMode::Crawl
    } else {
        match m.how {
            How::Walk => MoveMode::Walk,
            How::Climb => MoveMode::Climb,
            How::Swim => MoveMode::Swim,
        }
    };
    let (steps, blocked_at) = price(state, viewer, rec, from, &path, mode);
    if reason.is_none() {
        reason = blocked_at;
    }
    let path_ft: u32 = steps.iter().map(|s| s.cost_ft).sum();
    let total = path_ft + stand_ft;
    // In a fight the move is paid from the turn's movement (DD-ACT-02.a); outside one there
    // is no budget.
    let left = in_fight.then(|| rec.turn.movement_left());
    if reason.is_none()
        && let Some(left) = left
        && total > left
    {
        reason = Some(illegal(
            "movement_spent",
            "DD-ACT-02.a",
            format!("the move costs {total} ft and {left} ft of movement are left this turn"),
        ));
    }
    let refusal_json = reason
        .as_ref()
        .map(|r| json!({"code": r.code, "rule": r.rule, "message": r.message}));
    Ok(json!({
        "creature": m.creature,
        "from": [from.x, from.y],
        "mode": mode,
        "steps": steps,
        "stand_up_ft": stand_ft,
        "path_ft": path_ft,
        "cost_ft": total,
        "movement_left": left,
        "left_after": left.map(|l| l.saturating_sub(total)),
        "legal": reason.is_none(),
        "refusal": refusal_json,
    }))
}
