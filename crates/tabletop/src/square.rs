//! The square grid. A square `(x, y)` covers the unit box `[x, x+1] × [y, y+1]`; its corners
//! are lattice points.
//!
//! Distance comes in two rules ([`Diagonals`]): every diagonal step counts as one square
//! (Chebyshev; Crows, and D&D's default), or diagonal steps alternate one and two squares (the
//! 5/10-foot variant).

use serde::{Deserialize, Serialize};

/// One square of the grid.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
pub struct Square {
    pub x: i32,
    pub y: i32,
}

impl Square {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// Whether `other` is one of the eight neighbours (not the square itself).
    pub fn is_adjacent(self, other: Square) -> bool {
        self != other && distance(self, other) == 1
    }
}

impl From<(i32, i32)> for Square {
    fn from((x, y): (i32, i32)) -> Self {
        Self { x, y }
    }
}

/// How diagonal steps count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Diagonals {
    /// Every diagonal step is one square.
    #[default]
    OneEach,
    /// Diagonal steps count one, two, one, two… squares (5 ft, 10 ft, … on a 5-foot grid).
    Alternating,
}

/// Distance in squares between two squares, every diagonal step counting one.
pub fn distance(a: Square, b: Square) -> u32 {
    a.x.abs_diff(b.x).max(a.y.abs_diff(b.y))
}

/// Distance in squares between two squares under `rule`.
pub fn distance_with(a: Square, b: Square, rule: Diagonals) -> u32 {
    let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
    let (long, short) = (dx.max(dy), dx.min(dy));
    match rule {
        Diagonals::OneEach => long,
        // `short` diagonal steps, every second one costing an extra square.
        Diagonals::Alternating => long.saturating_add(short / 2),
    }
}

/// Every square whose inside the segment between two lattice points crosses, column by
/// column: work grows with the length of the segment, not its bounding box. An
/// axis-parallel segment runs along grid lines and crosses no square's inside
/// ([`edges_followed`] gives the squares on both sides of it).
pub fn squares_crossed(p: (i32, i32), q: (i32, i32)) -> Vec<Square> {
    let (a, b) = if p.0 <= q.0 { (p, q) } else { (q, p) };
    let (ax, ay) = (i128::from(a.0), i128::from(a.1));
    let (dx, dy) = (i128::from(b.0) - ax, i128::from(b.1) - ay);
    let mut out = Vec::new();
    if dx == 0 || dy == 0 {
        return out;
    }
    // y at column edge x, times dx (dx > 0 here).
    let y_num = |x: i128| ay * dx + dy * (x - ax);
    for x in a.0..b.0 {
        let xi = i128::from(x);
        let (n0, n1) = (y_num(xi), y_num(xi + 1));
        let lo = n0.min(n1).div_euclid(dx);
        let hi = -((-n0.max(n1)).div_euclid(dx)); // ceiling
        for y in lo..hi {
            // Coordinates of crossed squares lie between the endpoints' y, so they fit i32.
            if let Ok(y) = i32::try_from(y) {
                out.push(Square::new(x, y));
            }
        }
    }
    out.sort();
    out
}

/// The pairs of squares whose shared edge the segment runs along (an axis-parallel segment
/// on a grid line), one pair per unit of its length.
pub fn edges_followed(p: (i32, i32), q: (i32, i32)) -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    if p.1 == q.1 && p.0 != q.0 {
        for x in p.0.min(q.0)..p.0.max(q.0) {
            out.push((Square::new(x, p.1 - 1), Square::new(x, p.1)));
        }
    } else if p.0 == q.0 && p.1 != q.1 {
        for y in p.1.min(q.1)..p.1.max(q.1) {
            out.push((Square::new(p.0 - 1, y), Square::new(p.0, y)));
        }
    }
    out
}
