//! The square grid. A square `(x, y)` covers the unit box `[x, x+1] × [y, y+1]`; its corners
//! are lattice points.
//!
//! Distance comes in two rules ([`Diagonals`]): every diagonal step counts as one square
//! (Chebyshev; Crows, and D&D's default), or diagonal steps alternate one and two squares (the
//! 5/10-foot variant).
//!
//! A creature's space is a square block of squares ([`Space`]) whose side the ruleset's size
//! table gives; its origin is the square with the smallest `x` and `y`.

use serde::{Deserialize, Serialize};

/// One square of the grid.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct Square {
    pub x: i32,
    pub y: i32,
}

/// In words, for messages: `(3, -1)` (column, row), the way the CLI and the JSON name it.
impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
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
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
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

/// A square block of `side × side` squares starting at `origin` (its smallest `x` and `y`): the
/// space a creature or an object takes on the grid. Which side a size gets is each ruleset's
/// own table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct Space {
    pub origin: Square,
    pub side: u8,
}

impl Space {
    /// A block of any side ≥ 1 (a side of 0 is read as 1: every space holds a square).
    pub fn new(origin: Square, side: u8) -> Self {
        Self {
            origin,
            side: side.max(1),
        }
    }

    /// Largest `x` and `y` covered.
    pub fn max(&self) -> Square {
        let s = i32::from(self.side) - 1;
        Square::new(self.origin.x + s, self.origin.y + s)
    }

    /// Every square of the space, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let s = i32::from(self.side);
        let o = self.origin;
        (0..s).flat_map(move |dy| (0..s).map(move |dx| Square::new(o.x + dx, o.y + dy)))
    }

    pub fn contains(&self, sq: Square) -> bool {
        let m = self.max();
        (self.origin.x..=m.x).contains(&sq.x) && (self.origin.y..=m.y).contains(&sq.y)
    }

    pub fn overlaps(&self, other: &Space) -> bool {
        let (a, b) = (self.max(), other.max());
        self.origin.x <= b.x
            && other.origin.x <= a.x
            && self.origin.y <= b.y
            && other.origin.y <= a.y
    }

    /// The four corners of the block (lattice points): top-left, top-right, bottom-left,
    /// bottom-right.
    pub fn corners(&self) -> [(i32, i32); 4] {
        let (x0, y0) = (self.origin.x, self.origin.y);
        let s = i32::from(self.side);
        [(x0, y0), (x0 + s, y0), (x0, y0 + s), (x0 + s, y0 + s)]
    }

    /// The columns and rows between the nearest squares of two blocks (0 on an axis where
    /// they overlap).
    pub fn gap(&self, other: &Space) -> (u32, u32) {
        let (a, b) = (self.max(), other.max());
        let gap = |lo1: i32, hi1: i32, lo2: i32, hi2: i32| -> u32 {
            if hi1 < lo2 {
                lo2.abs_diff(hi1)
            } else if hi2 < lo1 {
                lo1.abs_diff(hi2)
            } else {
                0
            }
        };
        (
            gap(self.origin.x, a.x, other.origin.x, b.x),
            gap(self.origin.y, a.y, other.origin.y, b.y),
        )
    }

    /// Distance in squares between the nearest squares of two blocks, one square per
    /// diagonal: 0 if they overlap, 1 if they touch.
    pub fn distance_to(&self, other: &Space) -> u32 {
        let (dx, dy) = self.gap(other);
        dx.max(dy)
    }

    /// The same distance under either diagonal rule.
    pub fn distance_with(&self, other: &Space, rule: Diagonals) -> u32 {
        let (dx, dy) = self.gap(other);
        let (dx, dy) = (
            i32::try_from(dx).unwrap_or(i32::MAX),
            i32::try_from(dy).unwrap_or(i32::MAX),
        );
        distance_with(Square::new(0, 0), Square::new(dx, dy), rule)
    }
}
