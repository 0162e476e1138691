//! Tabletop geometry that knows no game: the square grid ([`square`]: squares, their
//! distance with either diagonal rule, the squares and grid edges a straight line crosses)
//! and the hex map ([`hex`]: axial flat-topped hexes, neighbours, distance, steps). Rulesets
//! put their own rules on top (what blocks a line, what a hex holds, how far a creature
//! reaches); this crate depends on `serde` only, so every ruleset can share it.
//!
//! All arithmetic is on integers, so every answer is exact and the same under the grid's
//! rotations and reflections.

pub mod hex;
pub mod square;
