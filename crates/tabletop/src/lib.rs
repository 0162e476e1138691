//! Tabletop geometry that knows no game, shared by every ruleset:
//!
//! - [`square`]: squares, spaces (square blocks of them), distance with either diagonal rule,
//!   the squares and grid edges a straight line crosses;
//! - [`line`]: line of effect and of sight between spaces, and cover graded by the target's
//!   corners a line reaches;
//! - [`map`]: a sparse map of obstacles, difficult terrain and elevation, and its JSON file;
//! - [`area`]: cones, cubes, cylinders, emanations, lines and spheres on the grid with one
//!   switchable rule for which squares they cover, and square-native auras, blocks and lines;
//! - [`light`]: light levels and sources;
//! - [`hex`]: axial flat-topped hexes, neighbours, distance, steps and drift;
//! - [`units`]: feet, yards, miles, squares and hexes.
//!
//! Rulesets put their own rules on top (what blocks a line, what a hex holds, how far a
//! creature reaches); this crate depends on `serde` only (and, with the optional `schemars`
//! feature, derives `schemars::JsonSchema` on its serde types for rulesets' command schemas).
//! All arithmetic is on integers, so every answer is exact and the same under the grid's
//! rotations and reflections.

pub mod area;
pub mod hex;
pub mod light;
pub mod line;
pub mod map;
pub mod square;
pub mod units;

/// Refusals: bad input names the limit it broke and changes nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GeometryError {
    /// A number beyond its limit (either sign for coordinates).
    OutOfBounds {
        what: &'static str,
        got: i64,
        limit: i64,
    },
    /// Too many entries.
    TooMany {
        what: &'static str,
        got: usize,
        limit: usize,
    },
    /// A map square listed twice.
    Duplicate {
        x: i32,
        y: i32,
    },
    /// A point that is not `X,Y` with whole or half numbers.
    BadPoint(String),
    /// A cone, line or cube with no direction (no `toward`, or `toward` on the origin).
    NoDirection,
    /// A path step that is not to one of the eight neighbours (index of the step's square).
    NotAStep {
        index: usize,
    },
    /// A path step into a square whose obstacle stops movement.
    Blocked {
        x: i32,
        y: i32,
    },
    /// A diagonal path step past a square whose obstacle stops movement, under
    /// [`map::Corners::NoCutting`] (`x`, `y`: that square).
    CutsCorner {
        index: usize,
        x: i32,
        y: i32,
    },
    UnknownUnit(String),
    ZeroScale(&'static str),
    TooLong,
}

impl std::fmt::Display for GeometryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GeometryError::OutOfBounds { what, got, limit } => {
                if what.contains("coordinate") || what.starts_with("map") {
                    write!(f, "{what} {got} is beyond ±{limit}")
                } else {
                    write!(f, "{what} must be 1…{limit}, got {got}")
                }
            }
            GeometryError::TooMany { what, got, limit } => {
                write!(f, "at most {limit} {what}, got {got}")
            }
            GeometryError::Duplicate { x, y } => write!(f, "map square {x},{y} is listed twice"),
            GeometryError::BadPoint(t) => write!(
                f,
                "a grid point is X,Y with whole or half numbers (2,3 or 2.5,3), got {t:?}"
            ),
            GeometryError::NoDirection => write!(
                f,
                "a cone, a line or a cube needs a direction: a point to spread toward, not its origin"
            ),
            GeometryError::NotAStep { index } => write!(
                f,
                "path square {index} is not one of the eight neighbours of the one before"
            ),
            GeometryError::Blocked { x, y } => {
                write!(f, "square {x},{y} holds an obstacle that stops movement")
            }
            GeometryError::CutsCorner { index, x, y } => write!(
                f,
                "path square {index} is reached diagonally past the corner of square {x},{y}, \
                 whose obstacle stops movement"
            ),
            GeometryError::UnknownUnit(u) => write!(
                f,
                "unknown unit {u:?}: feet (ft), yards (yd), miles (mi), squares (sq) or hexes (hex)"
            ),
            GeometryError::ZeroScale(u) => write!(f, "the scale gives {u} a length of 0"),
            GeometryError::TooLong => write!(f, "the length does not fit in 64 bits of feet"),
        }
    }
}

impl std::error::Error for GeometryError {}
