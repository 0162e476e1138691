//! Areas on the square grid: the six shapes measured in feet (cone, cube, cylinder, emanation,
//! line, sphere), and the square-native templates a ruleset may count in squares instead
//! ([`aura`], [`block`], [`square_line`]: Crows' aura, cube and line).
//!
//! # Placing a shape
//!
//! Squares are [`FEET_PER_SQUARE`] feet on a side. A shape's point of origin is a
//! [`GridPoint`]: a lattice point (where four squares meet), the middle of a square's edge or
//! a square's centre. A cone or a line spreads from the origin toward a second point; its
//! cross-section on the map is a triangle as wide at every distance as that distance (a cone)
//! or a band of the given width (a line), measured along the direction, so any direction works.
//! A cube is drawn as a square aligned with the grid: along an axis where `toward` lies ahead of
//! (or behind) the origin it spreads from the origin that way; along an axis where they are
//! level it is centred on the origin (the origin is then the middle of one face). A sphere or a
//! cylinder is the circle of its radius around the origin (the map is flat, so a cylinder's
//! height does not change which squares it covers). An emanation is every point within its
//! distance of a space's edges. Shapes are closed: a point on the edge is inside.
//!
//! # Which squares a shape covers: one rule, switchable
//!
//! [`Coverage::Centre`] (the default) counts a square when its centre is in the shape;
//! [`Coverage::HalfOrMore`] counts it when at least half of it is, measured on 64 evenly
//! spaced points of the square (an 8 × 8 lattice; at least 32 of them in the shape). The centre
//! is the default because it is exact (one integer test per square, no estimate of a curved
//! area), gives every square a yes or no without ties for shapes placed on lattice points, and
//! is what virtual tabletops draw, so a table sees the same squares on the screen and in the
//! log; the half rule is the printed grid variant and stays one switch away. The two agree
//! wherever the shape's edge is straight across a square (a straight line through a square's
//! centre halves it), so they part only where an edge curves or a corner cuts a square: for
//! every sphere, cylinder and emanation of 5–60 ft, every cone along a grid line and every line
//! and cube the tests pin they give the same squares; a 50-foot cone along the diagonal takes
//! 57 squares by centres and 55 by halves.
//!
//! A square whose centre lies exactly on the edge counts (the shapes are closed): a 10-foot
//! cube centred on an edge's middle takes three rows, one centred where squares meet two.
//!
//! The point of origin itself is in a cone, cube, line or emanation (the origin's own space
//! for an emanation) only when the creator includes it ([`Placement::include_origin`]); it is
//! always in a sphere or a cylinder.
//!
//! All arithmetic is on integers (one foot is 16 units), so the answer is exact and the same
//! under the grid's rotations and reflections.

use serde::{Deserialize, Serialize};

use crate::GeometryError;
use crate::square::{Space, Square};

/// Feet per square side.
pub const FEET_PER_SQUARE: u32 = 5;
/// The largest size (length, side, radius, distance, width) of a shape, in feet.
pub const MAX_AREA_FT: u32 = 1000;

/// Sample points per side of a square under [`Coverage::HalfOrMore`].
const SAMPLES: i64 = 8;
/// Integer units per foot: a square is 80 units, its samples sit at odd multiples of 5.
const UNITS_PER_FT: i64 = 2 * SAMPLES;
const UNITS_PER_SQUARE: i64 = UNITS_PER_FT * FEET_PER_SQUARE as i64;
const HALF_SQUARE: i64 = UNITS_PER_SQUARE / 2;

/// Which squares a shape covers (see the module notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Coverage {
    /// The square's centre is in the shape.
    #[default]
    Centre,
    /// At least half of the square is in the shape.
    HalfOrMore,
}

/// A point of the grid counted in half squares: `(2x, 2y)`. Even coordinates are lattice
/// points (the corner `(x, y)` of square `(x, y)` is its top-left one), odd ones the middles
/// of edges and the centres of squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct GridPoint {
    pub x2: i32,
    pub y2: i32,
}

impl GridPoint {
    /// The lattice point `(x, y)`: the top-left corner of square `(x, y)`.
    pub fn lattice(x: i32, y: i32) -> Self {
        GridPoint {
            x2: x.saturating_mul(2),
            y2: y.saturating_mul(2),
        }
    }

    /// The centre of a square.
    pub fn centre(sq: Square) -> Self {
        GridPoint {
            x2: sq.x.saturating_mul(2).saturating_add(1),
            y2: sq.y.saturating_mul(2).saturating_add(1),
        }
    }

    /// Parses `X,Y` where each number is whole or ends in `.5` (`2,3`, `2.5,-1`).
    pub fn parse(text: &str) -> Result<Self, GeometryError> {
        let bad = || GeometryError::BadPoint(text.to_string());
        let (x, y) = text.split_once(',').ok_or_else(bad)?;
        let half = |s: &str| -> Result<i32, GeometryError> {
            let s = s.trim();
            let (whole, frac) = match s.split_once('.') {
                Some((w, f)) => (w, Some(f)),
                None => (s, None),
            };
            let negative = whole.starts_with('-');
            let w: i32 = whole.parse().map_err(|_| bad())?;
            let w = check_coord(w)?;
            let doubled = w * 2;
            match frac {
                None => Ok(doubled),
                Some(f) if f.chars().all(|c| c == '0') && !f.is_empty() => Ok(doubled),
                Some(f) if f.starts_with('5') && f[1..].chars().all(|c| c == '0') => {
                    Ok(if negative { doubled - 1 } else { doubled + 1 })
                }
                Some(_) => Err(bad()),
            }
        };
        Ok(GridPoint {
            x2: half(x)?,
            y2: half(y)?,
        })
    }

    fn units(self) -> (i64, i64) {
        (
            i64::from(self.x2) * HALF_SQUARE,
            i64::from(self.y2) * HALF_SQUARE,
        )
    }
}

impl std::fmt::Display for GridPoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let one = |v: i32| {
            if v % 2 == 0 {
                format!("{}", v / 2)
            } else {
                let s = if v < 0 { "-" } else { "" };
                format!("{s}{}.5", (v / 2).unsigned_abs())
            }
        };
        write!(f, "{},{}", one(self.x2), one(self.y2))
    }
}

fn check_coord(v: i32) -> Result<i32, GeometryError> {
    crate::map::check_coord("point coordinate", v)
}

/// A shape and its sizes, in feet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    Cone {
        length_ft: u32,
    },
    Cube {
        side_ft: u32,
    },
    Cylinder {
        radius_ft: u32,
    },
    /// Around `space`, out to `distance_ft` from its edges.
    Emanation {
        distance_ft: u32,
        space: Space,
    },
    Line {
        length_ft: u32,
        width_ft: u32,
    },
    Sphere {
        radius_ft: u32,
    },
}

/// Where a shape is put.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct Placement {
    /// The point of origin (ignored by an emanation, which starts from its space).
    pub origin: GridPoint,
    /// The point a cone, a line or a cube spreads toward.
    pub toward: Option<GridPoint>,
    /// Whether the point of origin (an emanation's own space) is in the area.
    pub include_origin: bool,
}

impl Placement {
    pub fn at(origin: GridPoint) -> Self {
        Placement {
            origin,
            toward: None,
            include_origin: false,
        }
    }

    pub fn toward(mut self, toward: GridPoint) -> Self {
        self.toward = Some(toward);
        self
    }
}

fn check_size(what: &'static str, ft: u32) -> Result<i64, GeometryError> {
    if ft == 0 || ft > MAX_AREA_FT {
        return Err(GeometryError::OutOfBounds {
            what,
            got: i64::from(ft),
            limit: i64::from(MAX_AREA_FT),
        });
    }
    Ok(i64::from(ft) * UNITS_PER_FT)
}

/// The point test of a shape, in units relative to the point of origin (absolute for an
/// emanation's box).
enum Test {
    Round {
        r: i64,
    },
    Cone {
        len: i64,
        d: (i64, i64),
    },
    Band {
        len: i64,
        width: i64,
        d: (i64, i64),
    },
    Box {
        side: i64,
        d: (i64, i64),
    },
    Around {
        lo: (i64, i64),
        hi: (i64, i64),
        dist: i64,
    },
}

impl Test {
    /// `p` relative to the origin (absolute for `Around`).
    fn contains(&self, p: (i64, i64), include_origin: bool) -> bool {
        let (x, y) = (i128::from(p.0), i128::from(p.1));
        let sq = |v: i64| i128::from(v) * i128::from(v);
        match *self {
            Test::Round { r } => x * x + y * y <= sq(r),
            Test::Cone { len, d } => {
                if p == (0, 0) {
                    return include_origin;
                }
                let (dx, dy) = (i128::from(d.0), i128::from(d.1));
                let s = x * dx + y * dy;
                let c = (x * dy - y * dx).abs();
                s > 0 && s * s <= sq(len) * (dx * dx + dy * dy) && 2 * c <= s
            }
            Test::Band { len, width, d } => {
                if p == (0, 0) {
                    return include_origin;
                }
                let (dx, dy) = (i128::from(d.0), i128::from(d.1));
                let n = dx * dx + dy * dy;
                let s = x * dx + y * dy;
                let c = x * dy - y * dx;
                s >= 0 && s * s <= sq(len) * n && 4 * c * c <= sq(width) * n
            }
            Test::Box { side, d } => {
                if p == (0, 0) {
                    return include_origin;
                }
                let axis = |v: i64, dir: i64| match dir.signum() {
                    1 => (0..=side).contains(&v),
                    -1 => (-side..=0).contains(&v),
                    _ => 2 * v.abs() <= side,
                };
                axis(p.0, d.0) && axis(p.1, d.1)
            }
            Test::Around { lo, hi, dist } => {
                let gap = |v: i64, l: i64, h: i64| i128::from((l - v).max(v - h).max(0));
                let (gx, gy) = (gap(p.0, lo.0, hi.0), gap(p.1, lo.1, hi.1));
                if gx == 0 && gy == 0 {
                    return include_origin;
                }
                gx * gx + gy * gy <= sq(dist)
            }
        }
    }
}

/// The squares `shape` placed at `at` covers under `coverage`, sorted. Refuses a size of 0 or
/// above [`MAX_AREA_FT`], a cone, line or cube without a direction, and points beyond the
/// map's coordinate limit.
pub fn covered(
    shape: Shape,
    at: Placement,
    coverage: Coverage,
) -> Result<Vec<Square>, GeometryError> {
    let origin = at.origin;
    let direction = || -> Result<(i64, i64), GeometryError> {
        let t = at.toward.ok_or(GeometryError::NoDirection)?;
        let (dx, dy) = (
            i64::from(t.x2) - i64::from(origin.x2),
            i64::from(t.y2) - i64::from(origin.y2),
        );
        if (dx, dy) == (0, 0) {
            return Err(GeometryError::NoDirection);
        }
        Ok((dx, dy))
    };
    for v in [origin.x2, origin.y2] {
        check_coord(v / 2)?;
    }
    // The test, and how far (in units) from the origin the shape may reach.
    let (test, reach) = match shape {
        Shape::Sphere { radius_ft } | Shape::Cylinder { radius_ft } => {
            let r = check_size("radius (ft)", radius_ft)?;
            (Test::Round { r }, r)
        }
        Shape::Cone { length_ft } => {
            let len = check_size("cone length (ft)", length_ft)?;
            (
                Test::Cone {
                    len,
                    d: direction()?,
                },
                len,
            )
        }
        Shape::Line {
            length_ft,
            width_ft,
        } => {
            let len = check_size("line length (ft)", length_ft)?;
            let width = check_size("line width (ft)", width_ft)?;
            (
                Test::Band {
                    len,
                    width,
                    d: direction()?,
                },
                len + width,
            )
        }
        Shape::Cube { side_ft } => {
            let side = check_size("cube side (ft)", side_ft)?;
            (
                Test::Box {
                    side,
                    d: direction()?,
                },
                side,
            )
        }
        Shape::Emanation { distance_ft, space } => {
            let dist = check_size("emanation distance (ft)", distance_ft)?;
            check_coord(space.origin.x)?;
            check_coord(space.origin.y)?;
            let lo = (
                i64::from(space.origin.x) * UNITS_PER_SQUARE,
                i64::from(space.origin.y) * UNITS_PER_SQUARE,
            );
            let s = i64::from(space.side) * UNITS_PER_SQUARE;
            let hi = (lo.0 + s, lo.1 + s);
            let first = space.origin;
            let last = Square::new(
                first.x.saturating_add(i32::from(space.side)),
                first.y.saturating_add(i32::from(space.side)),
            );
            let pad = squares_spanned(dist);
            return Ok(scan(
                (first.x - pad, first.y - pad),
                (last.x + pad, last.y + pad),
                coverage,
                |p| Test::Around { lo, hi, dist }.contains(p, at.include_origin),
            ));
        }
    };
    let o = origin.units();
    let pad = squares_spanned(reach);
    let (cx, cy) = (origin.x2.div_euclid(2), origin.y2.div_euclid(2));
    Ok(scan(
        (cx - pad, cy - pad),
        (cx + pad + 1, cy + pad + 1),
        coverage,
        |p| test.contains((p.0 - o.0, p.1 - o.1), at.include_origin),
    ))
}

/// Whole squares (plus one) a reach in units spans.
fn squares_spanned(units: i64) -> i32 {
    // Reaches are at most a few thousand feet, so the count fits i32.
    i32::try_from(units / UNITS_PER_SQUARE + 1).unwrap_or(i32::MAX)
}

/// Every square in `[lo, hi)` (x and y) that `inside` covers by `coverage`.
fn scan(
    lo: (i32, i32),
    hi: (i32, i32),
    coverage: Coverage,
    inside: impl Fn((i64, i64)) -> bool,
) -> Vec<Square> {
    let mut out = Vec::new();
    for x in lo.0..hi.0 {
        for y in lo.1..hi.1 {
            let base = (
                i64::from(x) * UNITS_PER_SQUARE,
                i64::from(y) * UNITS_PER_SQUARE,
            );
            let hit = match coverage {
                Coverage::Centre => inside((base.0 + HALF_SQUARE, base.1 + HALF_SQUARE)),
                Coverage::HalfOrMore => {
                    let step = UNITS_PER_SQUARE / SAMPLES;
                    let mut count = 0;
                    for i in 0..SAMPLES {
                        for j in 0..SAMPLES {
                            let p = (base.0 + step / 2 + step * i, base.1 + step / 2 + step * j);
                            count += i64::from(inside(p));
                        }
                    }
                    2 * count >= SAMPLES * SAMPLES
                }
            };
            if hit {
                out.push(Square::new(x, y));
            }
        }
    }
    out
}

/// The squares of `squares` that a straight line from `origin` to their centre reaches past
/// every square `blocks` marks (the square itself aside): an area stops at walls.
pub fn reached_from(
    origin: GridPoint,
    squares: Vec<Square>,
    blocks: &impl Fn(Square) -> bool,
) -> Vec<Square> {
    squares
        .into_iter()
        .filter(|&sq| {
            let c = GridPoint::centre(sq);
            crate::line::segment_clear_halves((origin.x2, origin.y2), (c.x2, c.y2), &|s| {
                s != sq && blocks(s)
            })
        })
        .collect()
}

/// Every square within `radius` squares (one per diagonal) of `around`'s squares, the space
/// included, row by row: an aura counted in squares.
pub fn aura(around: &Space, radius: u8) -> Vec<Square> {
    let r = i32::from(radius);
    let side = i32::from(around.side);
    let o = around.origin;
    let mut out = Vec::new();
    for y in (o.y - r)..(o.y + side + r) {
        for x in (o.x - r)..(o.x + side + r) {
            let sq = Square::new(x, y);
            if around.distance_to(&Space::new(sq, 1)) <= u32::from(radius) {
                out.push(sq);
            }
        }
    }
    out
}

/// A `side × side` block of squares with `corner` at one corner, spreading toward `step`'s
/// signs on each axis (a zero counts as positive), row by row from the corner.
pub fn block(corner: Square, side: u8, step: (i32, i32)) -> Vec<Square> {
    let sign = |d: i32| if d < 0 { -1 } else { 1 };
    let (sx, sy) = (sign(step.0), sign(step.1));
    let n = i32::from(side);
    (0..n)
        .flat_map(|j| (0..n).map(move |i| Square::new(corner.x + sx * i, corner.y + sy * j)))
        .collect()
}

/// A line `length` squares long from `origin` along one of the eight directions (`dir`'s
/// signs), `width` squares wide: widened toward +y for an east–west line, toward +x
/// otherwise. Empty for a zero direction.
pub fn square_line(origin: Square, dir: (i32, i32), length: u8, width: u8) -> Vec<Square> {
    let (dx, dy) = (dir.0.signum(), dir.1.signum());
    if (dx, dy) == (0, 0) {
        return Vec::new();
    }
    let (px, py) = if dy == 0 { (0, 1) } else { (1, 0) };
    let mut out = Vec::new();
    for i in 0..i32::from(length) {
        for k in 0..i32::from(width) {
            out.push(Square::new(
                origin.x + dx * i + px * k,
                origin.y + dy * i + py * k,
            ));
        }
    }
    out
}
