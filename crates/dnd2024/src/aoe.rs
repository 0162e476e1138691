//! Areas of effect (checklist §5, DD-AOE).
//!
//! [`Area::contains`] answers for any point in feet; [`grid_squares`] plays an area on a 5-foot
//! grid with the game-free templates of `tabletop::area`: the point of origin on a grid point
//! (a corner where squares meet, an edge's middle or a square's centre), and one switchable
//! rule for which squares count ([`Coverage`]: by default a square whose centre is in the
//! shape, or one at least half inside; the reason for the default is in `tabletop::area`).

use serde::{Deserialize, Serialize};

/// The six shapes (DD-AOE-01.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    Cone,
    Cube,
    Cylinder,
    Emanation,
    Line,
    Sphere,
}

impl Shape {
    pub const ALL: [Shape; 6] = [
        Shape::Cone,
        Shape::Cube,
        Shape::Cylinder,
        Shape::Emanation,
        Shape::Line,
        Shape::Sphere,
    ];

    /// Whether the point of origin (or origin creature) is inside the area by default:
    /// yes for Cylinder and Sphere (DD-AOE-04.b, 07.b), no for Cone, Cube, Emanation and Line
    /// unless the creator chooses to include it (DD-AOE-02.b, 03.b, 05.c, 06.b).
    pub fn origin_included(self, creator_includes: bool) -> bool {
        match self {
            Shape::Cylinder | Shape::Sphere => true,
            Shape::Cone | Shape::Cube | Shape::Emanation | Shape::Line => creator_includes,
        }
    }
}

impl Shape {
    /// The grid template of this shape (`tabletop::area::Shape`): `size_ft` is a Cone's or a
    /// Line's length, a Cube's side, a Cylinder's or a Sphere's radius, an Emanation's
    /// distance; `line_width_ft` is a Line's width (5 ft for most lines); `space` is the
    /// Emanation's origin creature or object (the other shapes ignore it).
    pub fn on_grid(
        self,
        size_ft: u32,
        line_width_ft: u32,
        space: tabletop::square::Space,
    ) -> tabletop::area::Shape {
        use tabletop::area::Shape as T;
        match self {
            Shape::Cone => T::Cone { length_ft: size_ft },
            Shape::Cube => T::Cube { side_ft: size_ft },
            Shape::Cylinder => T::Cylinder { radius_ft: size_ft },
            Shape::Emanation => T::Emanation {
                distance_ft: size_ft,
                space,
            },
            Shape::Line => T::Line {
                length_ft: size_ft,
                width_ft: line_width_ft,
            },
            Shape::Sphere => T::Sphere { radius_ft: size_ft },
        }
    }
}

pub use tabletop::area::{Coverage, GridPoint};

/// The squares an area (a template from [`Shape::on_grid`]) covers on a 5-foot grid
/// (DD-AOE-01..07 on squares), sorted: `origin`
/// is the point of origin, `toward` the point a Cone, Cube or Line spreads toward; the origin
/// (an Emanation's own space) is in the area by [`Shape::origin_included`]. Refuses a size
/// of 0 or over `tabletop::area::MAX_AREA_FT` feet and a Cone, Cube or Line with no direction.
pub fn grid_squares(
    area: tabletop::area::Shape,
    origin: GridPoint,
    toward: Option<GridPoint>,
    creator_includes_origin: bool,
    coverage: Coverage,
) -> Result<Vec<tabletop::square::Square>, crate::RulesError> {
    use tabletop::area::Shape as T;
    let shape = match area {
        T::Cone { .. } => Shape::Cone,
        T::Cube { .. } => Shape::Cube,
        T::Cylinder { .. } => Shape::Cylinder,
        T::Emanation { .. } => Shape::Emanation,
        T::Line { .. } => Shape::Line,
        T::Sphere { .. } => Shape::Sphere,
    };
    let at = tabletop::area::Placement {
        origin,
        toward,
        include_origin: shape.origin_included(creator_includes_origin),
    };
    tabletop::area::covered(area, at, coverage).map_err(|e| crate::RulesError::Forbidden {
        rule: "DD-AOE-01.a",
        reason: e.to_string(),
    })
}

/// Width of a cone at a distance from its origin: equal to the distance (DD-AOE-02.a). Points
/// beyond the cone's length are outside (`None`).
pub fn cone_width_at(distance_ft: u32, length_ft: u32) -> Option<u32> {
    (distance_ft <= length_ft).then_some(distance_ft)
}

/// A location is in the area only if some straight line from the origin reaches it without
/// passing Total Cover (DD-AOE-01.b): `lines_blocked` lists, for each candidate line, whether
/// it is blocked.
pub fn reaches(lines_blocked: &[bool]) -> bool {
    lines_blocked.iter().any(|b| !b)
}

/// Where the origin appears when the creator picks a point it cannot see behind an
/// obstruction: on the creator's side of it (DD-AOE-01.c). Positions are distances along the
/// line from the creator; returns the distance used.
pub fn origin_point(chosen_ft: u32, can_see_point: bool, obstruction_at_ft: Option<u32>) -> u32 {
    match obstruction_at_ft {
        Some(o) if !can_see_point && o < chosen_ft => o,
        _ => chosen_ft,
    }
}

/// Damage of a save-for-half area effect (DD-AOE-08): rolled once for all targets; a success
/// takes half, rounded down.
pub fn area_damage(rolled_once: u32, saved: bool) -> u32 {
    if saved { rolled_once / 2 } else { rolled_once }
}

/// An Emanation moves with its origin unless instantaneous or stationary (DD-AOE-05.b).
pub fn emanation_moves(instantaneous: bool, stationary: bool) -> bool {
    !(instantaneous || stationary)
}

/// A point in feet relative to the area's point of origin (x east, y north, z up).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl Point {
    pub const ORIGIN: Point = Point {
        x: 0.0,
        y: 0.0,
        z: 0.0,
    };

    pub fn new(x: f64, y: f64, z: f64) -> Point {
        Point { x, y, z }
    }

    fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    fn length(self) -> f64 {
        self.dot(self).sqrt()
    }

    fn unit(self) -> Option<Point> {
        let l = self.length();
        (l > 0.0).then(|| Point::new(self.x / l, self.y / l, self.z / l))
    }
}

/// Whether a cylinder's point of origin is the centre of its top face or of its bottom face
/// (DD-AOE-04.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CylinderFace {
    Top,
    Bottom,
}

/// An area of effect with the sizes its effect gives (DD-AOE-01.a..07.a). Directions are any
/// non-zero vector; the point of origin is (0, 0, 0).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// Spreads from the origin along `direction`; its width at distance d is d; `length` is its
    /// maximum length (DD-AOE-02.a).
    Cone { length_ft: f64, direction: Point },
    /// The origin lies on one face (at that face's centre here); the cube extends from that
    /// face along `direction`, `side_ft` on each edge (DD-AOE-03.a).
    Cube { side_ft: f64, direction: Point },
    /// The origin is the centre of the top or bottom face (DD-AOE-04.a).
    Cylinder {
        radius_ft: f64,
        height_ft: f64,
        face: CylinderFace,
    },
    /// Extends `distance_ft` in every direction from a creature or object whose own space
    /// reaches `origin_half_width_ft` from the origin (DD-AOE-05.a).
    Emanation {
        distance_ft: f64,
        origin_half_width_ft: f64,
    },
    /// Straight from the origin along `direction` for its length, `width_ft` wide
    /// (DD-AOE-06.a).
    Line {
        length_ft: f64,
        width_ft: f64,
        direction: Point,
    },
    /// Extends from the origin in every direction out to its radius (DD-AOE-07.a).
    Sphere { radius_ft: f64 },
}

/// Tolerance for points exactly on an edge.
const EDGE: f64 = 1e-9;

impl Area {
    pub fn shape(&self) -> Shape {
        match self {
            Area::Cone { .. } => Shape::Cone,
            Area::Cube { .. } => Shape::Cube,
            Area::Cylinder { .. } => Shape::Cylinder,
            Area::Emanation { .. } => Shape::Emanation,
            Area::Line { .. } => Shape::Line,
            Area::Sphere { .. } => Shape::Sphere,
        }
    }

    /// Whether point `p` lies in the area's shape. The point of origin itself (and, for an
    /// Emanation, the origin creature's own space) follows `Shape::origin_included`
    /// (DD-AOE-02.b, 03.b, 04.b, 05.c, 06.b, 07.b). A zero direction contains nothing.
    pub fn contains(&self, p: Point, creator_includes_origin: bool) -> bool {
        let at_origin = p.length() <= EDGE;
        if at_origin {
            return self.shape().origin_included(creator_includes_origin);
        }
        // Splits p into the distance along `dir` and the distance away from that axis.
        let along = |dir: Point| {
            dir.unit().map(|u| {
                let t = p.dot(u);
                let perp = Point::new(p.x - u.x * t, p.y - u.y * t, p.z - u.z * t).length();
                (t, perp)
            })
        };
        match *self {
            Area::Sphere { radius_ft } => p.length() <= radius_ft + EDGE,
            Area::Cylinder {
                radius_ft,
                height_ft,
                face,
            } => {
                let radial = (p.x * p.x + p.y * p.y).sqrt();
                let up = match face {
                    CylinderFace::Bottom => p.z,
                    CylinderFace::Top => -p.z,
                };
                radial <= radius_ft + EDGE && up >= -EDGE && up <= height_ft + EDGE
            }
            Area::Cone {
                length_ft,
                direction,
            } => along(direction).is_some_and(|(t, perp)| {
                t > EDGE && t <= length_ft + EDGE && perp <= t / 2.0 + EDGE
            }),
            Area::Line {
                length_ft,
                width_ft,
                direction,
            } => along(direction).is_some_and(|(t, perp)| {
                t >= -EDGE && t <= length_ft + EDGE && perp <= width_ft / 2.0 + EDGE
            }),
            Area::Cube { side_ft, direction } => direction.unit().is_some_and(|u| {
                // Axis-free: distance along the direction in [0, side], and within half a
                // side of the axis in the two directions across it.
                let t = p.dot(u);
                let (a, b) = across(u);
                t >= -EDGE
                    && t <= side_ft + EDGE
                    && p.dot(a).abs() <= side_ft / 2.0 + EDGE
                    && p.dot(b).abs() <= side_ft / 2.0 + EDGE
            }),
            Area::Emanation {
                distance_ft,
                origin_half_width_ft,
            } => {
                let from_edge = p.length() - origin_half_width_ft;
                if from_edge <= EDGE {
                    // Inside the origin creature's own space.
                    return creator_includes_origin;
                }
                from_edge <= distance_ft + EDGE
            }
        }
    }

    /// The area decides what an effect targets (DD-AOE-01.d): a creature or object is a target
    /// when its point is in the shape and some line from the origin to it is not blocked by
    /// Total Cover (DD-AOE-01.b). `candidates` are (id, point, blocked flag of each line tried).
    pub fn targets<'a>(
        &self,
        candidates: &[(&'a str, Point, &[bool])],
        creator_includes_origin: bool,
    ) -> Vec<&'a str> {
        candidates
            .iter()
            .filter(|(_, p, lines)| self.contains(*p, creator_includes_origin) && reaches(lines))
            .map(|(id, _, _)| *id)
            .collect()
    }
}

/// Two unit vectors at right angles to `u` and to each other.
fn across(u: Point) -> (Point, Point) {
    let helper = if u.z.abs() < 0.9 {
        Point::new(0.0, 0.0, 1.0)
    } else {
        Point::new(1.0, 0.0, 0.0)
    };
    let a = Point::new(
        u.y * helper.z - u.z * helper.y,
        u.z * helper.x - u.x * helper.z,
        u.x * helper.y - u.y * helper.x,
    );
    let a = a.unit().unwrap_or(Point::new(1.0, 0.0, 0.0));
    let b = Point::new(
        u.y * a.z - u.z * a.y,
        u.z * a.x - u.x * a.z,
        u.x * a.y - u.y * a.x,
    );
    (a, b)
}

/// Damage of one area effect forcing several saves at once (DD-AOE-08.a/b): the damage is
/// rolled once (`rolled_once`) and each target takes it in full on a failed save, half
/// (rounded down) on a success. `saved` lists each target's result.
pub fn area_damage_for_all(rolled_once: u32, saved: &[bool]) -> Vec<u32> {
    saved.iter().map(|s| area_damage(rolled_once, *s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop::square::{Space, Square};

    const O: GridPoint = GridPoint { x2: 0, y2: 0 };
    const ME: Space = Space {
        origin: Square { x: 0, y: 0 },
        side: 1,
    };

    #[test]
    fn dd_aoe_grid_squares_of_the_six_shapes() {
        let east = Some(GridPoint { x2: 2, y2: 0 });
        let n = |shape: Shape, ft, toward, include| {
            grid_squares(
                shape.on_grid(ft, 5, ME),
                O,
                toward,
                include,
                Coverage::Centre,
            )
            .map(|v| v.len())
        };
        assert_eq!(n(Shape::Cone, 15, east, false), Ok(4));
        assert_eq!(n(Shape::Sphere, 20, None, false), Ok(52));
        assert_eq!(n(Shape::Cylinder, 10, None, false), Ok(12));
        assert_eq!(n(Shape::Cube, 10, east, false), Ok(4));
        assert_eq!(n(Shape::Line, 30, east, false), Ok(12));
        // An Emanation leaves its creature out unless the creator includes it (DD-AOE-05.c).
        assert_eq!(n(Shape::Emanation, 10, None, false), Ok(20));
        assert_eq!(n(Shape::Emanation, 10, None, true), Ok(21));
        // A Cone needs a direction; the refusal names the rule.
        let e = n(Shape::Cone, 15, None, false).expect_err("no direction");
        assert!(e.to_string().starts_with("DD-AOE-01.a"), "{e}");
    }

    #[test]
    fn dd_aoe_02_b_the_origin_square_of_a_cone_only_if_included() {
        // Origin on a square's centre: that square is the point of origin.
        let centre = GridPoint::centre(Square::new(0, 0));
        let toward = Some(GridPoint { x2: 5, y2: 1 });
        let has_origin = |include| {
            grid_squares(
                Shape::Cone.on_grid(10, 5, ME),
                centre,
                toward,
                include,
                Coverage::Centre,
            )
            .expect("valid")
            .contains(&Square::new(0, 0))
        };
        assert!(!has_origin(false));
        assert!(has_origin(true));
        // A Sphere's origin is always in it (DD-AOE-07.b).
        let sphere = grid_squares(
            Shape::Sphere.on_grid(5, 5, ME),
            centre,
            None,
            false,
            Coverage::HalfOrMore,
        )
        .expect("valid");
        assert!(sphere.contains(&Square::new(0, 0)));
    }
}
