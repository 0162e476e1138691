//! Light on the square grid: three levels, sources that shed bright light out to one radius
//! and dim light some squares further, and the level of a square as the brightest any source
//! gives it (or the ambient level, if brighter).
//!
//! Radii are in squares and measured from the source's square with either diagonal rule. A
//! source with no bright radius still lights its own square dimly. On a [`GridMap`], a
//! source lights a square only if a line of sight joins their squares.

use serde::{Deserialize, Serialize};

use crate::map::GridMap;
use crate::square::{Diagonals, Space, Square, distance_with};

/// The three light levels, darkest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum LightLevel {
    Darkness,
    Dim,
    Bright,
}

/// The level a source shedding `bright` squares of bright light and `dim` more squares of dim
/// light gives at `distance` squares.
pub fn level_at_distance(bright: u32, dim: u32, distance: u32) -> LightLevel {
    let reach = bright.saturating_add(dim);
    if bright > 0 && distance <= bright {
        LightLevel::Bright
    } else if reach > 0 && distance <= reach {
        LightLevel::Dim
    } else {
        LightLevel::Darkness
    }
}

/// A light source on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct LightSource {
    pub at: Square,
    /// Squares of bright light.
    pub bright: u32,
    /// Squares of dim light beyond the bright ones.
    pub dim: u32,
}

impl LightSource {
    pub fn level_at(&self, sq: Square, rule: Diagonals) -> LightLevel {
        level_at_distance(self.bright, self.dim, distance_with(self.at, sq, rule))
    }
}

/// The level of `sq`: the brightest any source gives, or `ambient` if brighter.
pub fn level_at(
    sq: Square,
    sources: &[LightSource],
    ambient: LightLevel,
    rule: Diagonals,
) -> LightLevel {
    sources
        .iter()
        .map(|s| s.level_at(sq, rule))
        .fold(ambient, LightLevel::max)
}

/// The level of `sq` on a map: only sources with a line of sight to the square count.
pub fn level_on_map(
    map: &GridMap,
    sq: Square,
    sources: &[LightSource],
    ambient: LightLevel,
    rule: Diagonals,
) -> LightLevel {
    sources
        .iter()
        .filter(|s| map.line_of_sight(&Space::new(s.at, 1), &Space::new(sq, 1)))
        .map(|s| s.level_at(sq, rule))
        .fold(ambient, LightLevel::max)
}
