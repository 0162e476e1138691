//! Lines between spaces: line of effect and of sight, and how many of a target's corners a
//! line from the attacker reaches.
//!
//! What blocks a line is the caller's business: every function takes a `blocks` test on
//! squares (a wall for line of effect, an opaque curtain for line of sight, the ruleset's own
//! choice for glass). A segment is blocked when it passes through the inside of a blocking
//! square, or runs along the shared edge of two blocking squares (that edge lies inside the
//! wall they make together). Grazing a lone square's edge or corner, or slipping between two
//! blocking squares that touch only at a corner, does not block. All arithmetic is on
//! integers, so every answer is exact and the same under the grid's rotations and
//! reflections.
//!
//! # Cover by corners
//!
//! [`corner_cover`] grades cover the way D&D plays it on a grid: the attacker picks one corner
//! of its space and one square of the target's space, and draws a line to each of that
//! square's four corners; the fewest lines blocked over every such choice is the count of
//! blocked corners. No clear line from any corner of one space to any corner of the other
//! means total cover; otherwise 0 blocked corners is no cover, 1 or 2 half cover, 3 or 4
//! three-quarters cover. A ruleset with another rule (Crows) counts the clear lines with
//! [`segment_clear`] itself.

use serde::{Deserialize, Serialize};

use crate::square::{Space, Square, edges_followed, squares_crossed};

/// What a straight segment between two lattice points touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Contact {
    /// It passes through the inside of this square.
    Inside(Square),
    /// It runs along the edge these two squares share.
    Edge(Square, Square),
}

/// Every square the segment passes through, then every edge it runs along.
pub fn contacts(p: (i32, i32), q: (i32, i32)) -> Vec<Contact> {
    let mut out: Vec<Contact> = squares_crossed(p, q)
        .into_iter()
        .map(Contact::Inside)
        .collect();
    out.extend(
        edges_followed(p, q)
            .into_iter()
            .map(|(a, b)| Contact::Edge(a, b)),
    );
    out
}

/// Whether the segment between two lattice points gets past every square `blocks` marks.
pub fn segment_clear(p: (i32, i32), q: (i32, i32), blocks: &impl Fn(Square) -> bool) -> bool {
    squares_crossed(p, q).into_iter().all(|s| !blocks(s))
        && edges_followed(p, q)
            .into_iter()
            .all(|(a, b)| !(blocks(a) && blocks(b)))
}

/// Whether the segment between two points given in half squares (`(2x, 2y)`: lattice points,
/// edge midpoints and square centres) gets past every square `blocks` marks, by the same
/// rule as [`segment_clear`]. An area's point of origin may sit on such a point.
pub fn segment_clear_halves(
    p2: (i32, i32),
    q2: (i32, i32),
    blocks: &impl Fn(Square) -> bool,
) -> bool {
    // On the grid of half squares, each quarter belongs to one whole square; an edge between
    // two quarters of the same square lies inside that square.
    let whole = |s: Square| Square::new(s.x.div_euclid(2), s.y.div_euclid(2));
    squares_crossed(p2, q2)
        .into_iter()
        .all(|s| !blocks(whole(s)))
        && edges_followed(p2, q2).into_iter().all(|(a, b)| {
            let (a, b) = (whole(a), whole(b));
            if a == b {
                !blocks(a)
            } else {
                !(blocks(a) && blocks(b))
            }
        })
}

/// Whether some corner of `from` joins some corner of `to` by a clear segment: line of effect
/// when `blocks` marks what stops effects, line of sight when it marks what stops sight.
pub fn clear_line(from: &Space, to: &Space, blocks: &impl Fn(Square) -> bool) -> bool {
    from.corners()
        .iter()
        .any(|&p| to.corners().iter().any(|&q| segment_clear(p, q, blocks)))
}

/// Degrees of cover graded by corners (see the module notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum CoverGrade {
    None,
    Half,
    ThreeQuarters,
    Total,
}

impl CoverGrade {
    /// The wire name: `none`, `half`, `three-quarters`, `total`.
    pub fn name(self) -> &'static str {
        match self {
            CoverGrade::None => "none",
            CoverGrade::Half => "half",
            CoverGrade::ThreeQuarters => "three-quarters",
            CoverGrade::Total => "total",
        }
    }

    /// The grade of a count of blocked corners when some line gets through.
    pub fn from_blocked_corners(blocked: u8) -> CoverGrade {
        match blocked {
            0 => CoverGrade::None,
            1 | 2 => CoverGrade::Half,
            _ => CoverGrade::ThreeQuarters,
        }
    }
}

/// The answer of [`corner_cover`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct CornerCover {
    /// The fewest of a target square's four corners the attacker's lines fail to reach (4
    /// under total cover).
    pub blocked_corners: u8,
    pub cover: CoverGrade,
}

/// Cover of `target` against `attacker` by corners (see the module notes).
pub fn corner_cover(
    attacker: &Space,
    target: &Space,
    blocks: &impl Fn(Square) -> bool,
) -> CornerCover {
    if !clear_line(attacker, target, blocks) {
        return CornerCover {
            blocked_corners: 4,
            cover: CoverGrade::Total,
        };
    }
    let mut fewest = 4u8;
    for p in attacker.corners() {
        for sq in target.squares() {
            let blocked = Space::new(sq, 1)
                .corners()
                .iter()
                .filter(|&&q| !segment_clear(p, q, blocks))
                .count();
            // At most four corners.
            fewest = fewest.min(u8::try_from(blocked).unwrap_or(4));
        }
    }
    CornerCover {
        blocked_corners: fewest,
        cover: CoverGrade::from_blocked_corners(fewest),
    }
}
