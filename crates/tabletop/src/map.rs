//! A sparse square-grid map: every square not listed is open level ground.
//!
//! A square may hold an obstacle ([`Obstacle`]: a wall stops movement, effects and sight; a
//! window stops movement and effects but not sight; a screen — a curtain, a bead curtain —
//! stops sight only), be difficult terrain, and stand at an elevation (in squares, 0 for the
//! floor). Rulesets with richer squares (Crows' water, climbs and hazards) keep their own map
//! and use [`crate::line`] with their own blocking test.
//!
//! # The map file (JSON)
//!
//! ```json
//! {"cells": [
//!   {"x": 3, "y": 0, "obstacle": "wall"},
//!   {"x": 3, "y": 1, "obstacle": "window"},
//!   {"x": 5, "y": 2, "difficult": true, "elevation": 1}
//! ]}
//! ```
//!
//! `x` grows to the east, `y` to the south; `obstacle` is `wall`, `window` or `screen`;
//! `difficult` (default false) and `elevation` (default 0) are optional. Unknown fields, a
//! square listed twice, coordinates beyond ±[`COORD_LIMIT`] and more than [`MAX_CELLS`]
//! squares are refused.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::GeometryError;
use crate::square::{Diagonals, Space, Square, distance_with};

/// Largest coordinate (either sign) a map square may have.
pub const COORD_LIMIT: i32 = 1 << 20;
/// Most squares a map file may list.
pub const MAX_CELLS: usize = 100_000;

/// What stands on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Obstacle {
    /// Stops movement, effects and sight (a wall, a pillar, a boulder).
    Wall,
    /// Stops movement and effects, not sight (a glass pane).
    Window,
    /// Stops sight only (a curtain).
    Screen,
}

impl Obstacle {
    pub fn blocks_effect(self) -> bool {
        matches!(self, Obstacle::Wall | Obstacle::Window)
    }
    pub fn blocks_sight(self) -> bool {
        matches!(self, Obstacle::Wall | Obstacle::Screen)
    }
    pub fn blocks_movement(self) -> bool {
        matches!(self, Obstacle::Wall | Obstacle::Window)
    }
}

/// Whether a diagonal step may pass the corner of a square that stops movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Corners {
    /// The step is judged by the square it enters only.
    #[default]
    MayCut,
    /// Neither square beside a diagonal step may stop movement (D&D's grid: no cutting the
    /// corner of a wall, a large tree or other terrain that fills its space).
    NoCutting,
}

/// One square's features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Cell {
    #[serde(default)]
    pub obstacle: Option<Obstacle>,
    #[serde(default)]
    pub difficult: bool,
    /// Height of the ground, in squares.
    #[serde(default)]
    pub elevation: i32,
}

/// One entry of the map file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CellAt {
    pub x: i32,
    pub y: i32,
    #[serde(default)]
    pub obstacle: Option<Obstacle>,
    #[serde(default)]
    pub difficult: bool,
    #[serde(default)]
    pub elevation: i32,
}

/// The map file's shape.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    #[serde(default)]
    pub cells: Vec<CellAt>,
}

/// The map: sparse, every square not set is open level ground.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GridMap {
    cells: BTreeMap<Square, Cell>,
}

const OPEN: Cell = Cell {
    obstacle: None,
    difficult: false,
    elevation: 0,
};

/// Refuses a coordinate beyond ±[`COORD_LIMIT`].
pub fn check_coord(what: &'static str, v: i32) -> Result<i32, GeometryError> {
    if v.unsigned_abs() > COORD_LIMIT.unsigned_abs() {
        return Err(GeometryError::OutOfBounds {
            what,
            got: i64::from(v),
            limit: i64::from(COORD_LIMIT),
        });
    }
    Ok(v)
}

impl TryFrom<MapFile> for GridMap {
    type Error = GeometryError;

    fn try_from(file: MapFile) -> Result<Self, GeometryError> {
        if file.cells.len() > MAX_CELLS {
            return Err(GeometryError::TooMany {
                what: "map squares",
                got: file.cells.len(),
                limit: MAX_CELLS,
            });
        }
        let mut map = GridMap::new();
        for c in file.cells {
            let sq = Square::new(check_coord("map x", c.x)?, check_coord("map y", c.y)?);
            if map.cells.contains_key(&sq) {
                return Err(GeometryError::Duplicate { x: c.x, y: c.y });
            }
            map.cells.insert(
                sq,
                Cell {
                    obstacle: c.obstacle,
                    difficult: c.difficult,
                    elevation: c.elevation,
                },
            );
        }
        Ok(map)
    }
}

impl GridMap {
    pub fn new() -> Self {
        Self::default()
    }

    /// The square's features (open ground if never set).
    pub fn cell(&self, sq: Square) -> &Cell {
        self.cells.get(&sq).unwrap_or(&OPEN)
    }

    pub fn set(&mut self, sq: Square, cell: Cell) {
        if cell == OPEN {
            self.cells.remove(&sq);
        } else {
            self.cells.insert(sq, cell);
        }
    }

    /// Every square that differs from open ground.
    pub fn features(&self) -> impl Iterator<Item = (Square, &Cell)> {
        self.cells.iter().map(|(s, c)| (*s, c))
    }

    pub fn blocks_effect(&self, sq: Square) -> bool {
        self.cell(sq).obstacle.is_some_and(Obstacle::blocks_effect)
    }

    pub fn blocks_sight(&self, sq: Square) -> bool {
        self.cell(sq).obstacle.is_some_and(Obstacle::blocks_sight)
    }

    /// Line of effect between two spaces (see [`crate::line`]).
    pub fn line_of_effect(&self, from: &Space, to: &Space) -> bool {
        crate::line::clear_line(from, to, &|s| self.blocks_effect(s))
    }

    /// Line of sight between two spaces: only screens and walls hide.
    pub fn line_of_sight(&self, from: &Space, to: &Space) -> bool {
        crate::line::clear_line(from, to, &|s| self.blocks_sight(s))
    }

    /// Cover of `target` against `attacker` by corners, from what stops effects.
    pub fn cover(&self, attacker: &Space, target: &Space) -> crate::line::CornerCover {
        crate::line::corner_cover(attacker, target, &|s| self.blocks_effect(s))
    }

    /// Squares a path of steps costs: each step goes to one of the eight neighbours and
    /// costs by `rule` (the alternating rule counts the path's diagonal steps one, two, one…);
    /// entering difficult terrain costs one square more. A step into a square whose obstacle
    /// stops movement, or a step that is not to a neighbour, is refused. Diagonal steps may
    /// pass an obstacle's corner ([`Corners::MayCut`]; see [`GridMap::path_cost_with`]).
    pub fn path_cost(&self, path: &[Square], rule: Diagonals) -> Result<u32, GeometryError> {
        self.path_cost_with(path, rule, Corners::MayCut)
    }

    /// [`GridMap::path_cost`] with a rule for corners: under [`Corners::NoCutting`] a diagonal
    /// step is refused when either of the two squares beside it (sharing the corner it passes)
    /// holds an obstacle that stops movement.
    pub fn path_cost_with(
        &self,
        path: &[Square],
        rule: Diagonals,
        corners: Corners,
    ) -> Result<u32, GeometryError> {
        let mut cost = 0u32;
        let mut diagonals = 0u32;
        for (i, w) in path.windows(2).enumerate() {
            let (a, b) = (w[0], w[1]);
            if distance_with(a, b, Diagonals::OneEach) != 1 {
                return Err(GeometryError::NotAStep { index: i + 1 });
            }
            if self.cell(b).obstacle.is_some_and(Obstacle::blocks_movement) {
                return Err(GeometryError::Blocked { x: b.x, y: b.y });
            }
            let diagonal = a.x != b.x && a.y != b.y;
            if diagonal && corners == Corners::NoCutting {
                for side in [Square { x: b.x, y: a.y }, Square { x: a.x, y: b.y }] {
                    if self
                        .cell(side)
                        .obstacle
                        .is_some_and(Obstacle::blocks_movement)
                    {
                        return Err(GeometryError::CutsCorner {
                            index: i + 1,
                            x: side.x,
                            y: side.y,
                        });
                    }
                }
            }
            let mut step = 1;
            if diagonal {
                diagonals += 1;
                if rule == Diagonals::Alternating && diagonals.is_multiple_of(2) {
                    step += 1;
                }
            }
            if self.cell(b).difficult {
                step += 1;
            }
            cost = cost.saturating_add(step);
        }
        Ok(cost)
    }

    /// How many squares higher `to`'s ground is than `from`'s (negative when lower).
    pub fn rise(&self, from: Square, to: Square) -> i64 {
        i64::from(self.cell(to).elevation) - i64::from(self.cell(from).elevation)
    }
}
