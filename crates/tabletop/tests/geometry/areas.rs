//! Areas: unchanged when the grid is turned or mirrored, and the square counts of the sizes
//! the rulebooks use, under both coverage rules.

use super::{PointMap, image, symmetries};
use proptest::prelude::*;
use tabletop::GeometryError;
use tabletop::area::{
    Coverage, GridPoint, Placement, Shape, aura, block, covered, reached_from, square_line,
};
use tabletop::square::{Space, Square};

/// A symmetry of lattice points applied to a point in half squares (the maps are linear).
fn point_image(f: PointMap, p: GridPoint) -> GridPoint {
    let (x2, y2) = f((p.x2, p.y2));
    GridPoint { x2, y2 }
}

fn space_image(f: PointMap, s: &Space) -> Space {
    let min = s
        .squares()
        .map(|q| image(f, q))
        .reduce(|m, q| Square::new(m.x.min(q.x), m.y.min(q.y)))
        .expect("a space has squares");
    Space::new(min, s.side)
}

fn turned(f: PointMap, squares: &[Square]) -> Vec<Square> {
    let mut out: Vec<Square> = squares.iter().map(|s| image(f, *s)).collect();
    out.sort();
    out
}

fn sorted(mut v: Vec<Square>) -> Vec<Square> {
    v.sort();
    v
}

fn shape(kind: u8, size: u32, width: u32, space: Space) -> Shape {
    match kind {
        0 => Shape::Cone { length_ft: size },
        1 => Shape::Cube { side_ft: size },
        2 => Shape::Cylinder { radius_ft: size },
        3 => Shape::Emanation {
            distance_ft: size,
            space,
        },
        4 => Shape::Line {
            length_ft: size,
            width_ft: width,
        },
        _ => Shape::Sphere { radius_ft: size },
    }
}

fn turned_shape(f: PointMap, s: Shape) -> Shape {
    match s {
        Shape::Emanation { distance_ft, space } => Shape::Emanation {
            distance_ft,
            space: space_image(f, &space),
        },
        other => other,
    }
}

fn half_point() -> impl Strategy<Value = GridPoint> {
    (-12i32..12, -12i32..12).prop_map(|(x2, y2)| GridPoint { x2, y2 })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn shapes_turn_and_mirror_with_the_grid(
        kind in 0u8..6,
        size in 1u32..31,
        width in 1u32..16,
        origin in half_point(),
        toward in half_point(),
        space in ((-4i32..4, -4i32..4), 1u8..4),
        include in any::<bool>(),
        half in any::<bool>(),
    ) {
        prop_assume!(toward != origin);
        let coverage = if half { Coverage::HalfOrMore } else { Coverage::Centre };
        let space = Space::new(Square::from(space.0), space.1);
        let s = shape(kind, size, width, space);
        let at = Placement { origin, toward: Some(toward), include_origin: include };
        let squares = covered(s, at, coverage).expect("valid area");
        prop_assert!(squares.windows(2).all(|w| w[0] < w[1]), "sorted, no square twice");
        for f in symmetries() {
            let at2 = Placement {
                origin: point_image(f, origin),
                toward: Some(point_image(f, toward)),
                include_origin: include,
            };
            let again = covered(turned_shape(f, s), at2, coverage).expect("valid area");
            prop_assert_eq!(&again, &turned(f, &squares), "{:?}", s);
        }
    }

    #[test]
    fn square_templates_turn_and_mirror_with_the_grid(
        o in (-8i32..8, -8i32..8),
        side in 1u8..4,
        radius in 0u8..4,
        n in 1u8..6,
        dir in (-1i32..=1, -1i32..=1),
    ) {
        let space = Space::new(Square::from(o), side);
        let a = aura(&space, radius);
        let b = block(Square::from(o), n, (dir.0 | 1, dir.1 | 1));
        let l = square_line(Square::from(o), dir, n, 1);
        for f in symmetries() {
            prop_assert_eq!(sorted(aura(&space_image(f, &space), radius)), turned(f, &a));
            let step = f((dir.0 | 1, dir.1 | 1));
            prop_assert_eq!(sorted(block(image(f, Square::from(o)), n, step)), turned(f, &b));
            prop_assert_eq!(sorted(square_line(image(f, Square::from(o)), f(dir), n, 1)), turned(f, &l));
        }
        let side = i32::from(side) + 2 * i32::from(radius);
        prop_assert_eq!(a.len(), usize::try_from(side * side).expect("small"));
        prop_assert_eq!(b.len(), usize::from(n) * usize::from(n));
        prop_assert_eq!(l.len(), if dir == (0, 0) { 0 } else { usize::from(n) });
    }
}

/// Counts of `shape` placed at `origin` toward `toward` under both rules.
fn count(s: Shape, origin: GridPoint, toward: Option<GridPoint>) -> (usize, usize) {
    let at = Placement {
        origin,
        toward,
        include_origin: false,
    };
    let c = covered(s, at, Coverage::Centre).expect("valid");
    let h = covered(s, at, Coverage::HalfOrMore).expect("valid");
    (c.len(), h.len())
}

const O: GridPoint = GridPoint { x2: 0, y2: 0 };
/// The middle of square (0, 0)'s west edge.
const EDGE: GridPoint = GridPoint { x2: 0, y2: 1 };
const EAST: GridPoint = GridPoint { x2: 2, y2: 0 };
const EAST_OF_EDGE: GridPoint = GridPoint { x2: 2, y2: 1 };
const SOUTH_EAST: GridPoint = GridPoint { x2: 2, y2: 2 };

#[test]
fn spheres_and_cylinders_cover_the_rulebook_radii() {
    for (ft, n) in [(5, 4), (10, 12), (15, 32), (20, 52), (30, 112), (40, 208)] {
        assert_eq!(
            count(Shape::Sphere { radius_ft: ft }, O, None),
            (n, n),
            "{ft} ft"
        );
        assert_eq!(
            count(Shape::Cylinder { radius_ft: ft }, O, None),
            (n, n),
            "{ft} ft"
        );
    }
}

#[test]
fn cones_cover_the_rulebook_lengths() {
    let cone = |ft| Shape::Cone { length_ft: ft };
    // Along a grid line from where four squares meet.
    for (ft, n) in [(15, 4), (30, 18), (60, 72)] {
        assert_eq!(count(cone(ft), O, Some(EAST)), (n, n), "{ft} ft east");
    }
    // From the middle of an edge, straight out.
    for (ft, n) in [(15, 5), (30, 18), (60, 72)] {
        assert_eq!(
            count(cone(ft), EDGE, Some(EAST_OF_EDGE)),
            (n, n),
            "{ft} ft from an edge"
        );
    }
    // Along the diagonal; at 50 ft the two rules part.
    for (ft, n) in [(15, 6), (30, 20), (60, 72)] {
        assert_eq!(
            count(cone(ft), O, Some(SOUTH_EAST)),
            (n, n),
            "{ft} ft diagonal"
        );
    }
    assert_eq!(count(cone(50), O, Some(SOUTH_EAST)), (57, 55));
    // The 15-foot cone from an edge: one square, one, then three.
    let at = Placement::at(EDGE).toward(EAST_OF_EDGE);
    let s = |x, y| Square::new(x, y);
    assert_eq!(
        covered(cone(15), at, Coverage::Centre).expect("valid"),
        [s(0, 0), s(1, 0), s(2, -1), s(2, 0), s(2, 1)]
    );
}

#[test]
fn cubes_and_lines_cover_whole_squares_when_placed_on_the_grid() {
    let cube = |ft| Shape::Cube { side_ft: ft };
    for (ft, n) in [(5, 1), (10, 4), (15, 9), (20, 16)] {
        assert_eq!(
            count(cube(ft), O, Some(SOUTH_EAST)),
            (n, n),
            "{ft} ft from a corner"
        );
    }
    // Straight out, the origin is the middle of a face: an odd number of squares fits a face
    // centred on an edge's middle, an even number one centred where squares meet.
    for (ft, n) in [(5, 1), (15, 9)] {
        assert_eq!(count(cube(ft), EDGE, Some(EAST_OF_EDGE)), (n, n), "{ft} ft");
    }
    for (ft, n) in [(10, 4), (20, 16)] {
        assert_eq!(count(cube(ft), O, Some(EAST)), (n, n), "{ft} ft");
    }
    // Off the grid's lines, squares the face's edge runs through count (a closed shape).
    assert_eq!(count(cube(10), EDGE, Some(EAST_OF_EDGE)), (6, 6));
    let line = |ft| Shape::Line {
        length_ft: ft,
        width_ft: 5,
    };
    for (ft, n) in [(30, 6), (60, 12), (100, 20)] {
        assert_eq!(count(line(ft), EDGE, Some(EAST_OF_EDGE)), (n, n), "{ft} ft");
        // On a grid line a 5-foot line straddles two rows.
        assert_eq!(
            count(line(ft), O, Some(EAST)),
            (2 * n, 2 * n),
            "{ft} ft on a grid line"
        );
    }
    assert_eq!(
        count(
            Shape::Line {
                length_ft: 60,
                width_ft: 10
            },
            O,
            Some(EAST)
        ),
        (24, 24)
    );
}

#[test]
fn emanations_leave_their_own_space_out_unless_included() {
    let medium = Space::new(Square::new(0, 0), 1);
    let large = Space::new(Square::new(0, 0), 2);
    let em = |ft, space| Shape::Emanation {
        distance_ft: ft,
        space,
    };
    for (ft, n) in [(5, 8), (10, 20), (15, 44), (30, 136)] {
        assert_eq!(count(em(ft, medium), O, None), (n, n), "{ft} ft");
    }
    assert_eq!(count(em(5, large), O, None), (12, 12));
    let mut at = Placement::at(O);
    let without = covered(em(10, large), at, Coverage::Centre).expect("valid");
    at.include_origin = true;
    let with = covered(em(10, large), at, Coverage::Centre).expect("valid");
    assert_eq!(with.len(), without.len() + 4);
    assert!(
        large
            .squares()
            .all(|s| with.contains(&s) && !without.contains(&s))
    );
}

#[test]
fn the_origin_point_counts_only_where_the_shape_says() {
    // A cone whose origin is a square's centre: that square only if the creator includes it.
    let centre = GridPoint::centre(Square::new(0, 0));
    let toward = GridPoint { x2: 5, y2: 1 };
    let cone = Shape::Cone { length_ft: 5 };
    let mut at = Placement::at(centre).toward(toward);
    assert!(
        !covered(cone, at, Coverage::Centre)
            .expect("valid")
            .contains(&Square::new(0, 0))
    );
    at.include_origin = true;
    assert!(
        covered(cone, at, Coverage::Centre)
            .expect("valid")
            .contains(&Square::new(0, 0))
    );
    // A sphere's origin is always in it.
    let sphere = Shape::Sphere { radius_ft: 5 };
    assert!(
        covered(sphere, Placement::at(centre), Coverage::Centre)
            .expect("valid")
            .contains(&Square::new(0, 0))
    );
}

#[test]
fn areas_refuse_what_they_cannot_draw() {
    let at = Placement::at(O);
    assert_eq!(
        covered(Shape::Cone { length_ft: 15 }, at, Coverage::Centre),
        Err(GeometryError::NoDirection)
    );
    assert_eq!(
        covered(
            Shape::Line {
                length_ft: 15,
                width_ft: 5
            },
            at.toward(O),
            Coverage::Centre
        ),
        Err(GeometryError::NoDirection)
    );
    let e = covered(Shape::Sphere { radius_ft: 0 }, at, Coverage::Centre).expect_err("zero");
    assert_eq!(e.to_string(), "radius (ft) must be 1…1000, got 0");
    assert!(covered(Shape::Sphere { radius_ft: 1001 }, at, Coverage::Centre).is_err());
    let far = Placement::at(GridPoint::lattice(1 << 21, 0));
    assert!(covered(Shape::Sphere { radius_ft: 5 }, far, Coverage::Centre).is_err());
}

#[test]
fn walls_stop_an_area() {
    let walls = [Square::new(2, -1), Square::new(2, 0)];
    let blocks = |s: Square| walls.contains(&s);
    let line = Shape::Line {
        length_ft: 30,
        width_ft: 5,
    };
    let all = covered(
        line,
        Placement::at(EDGE).toward(EAST_OF_EDGE),
        Coverage::Centre,
    )
    .expect("valid");
    let s = |x| Square::new(x, 0);
    assert_eq!(reached_from(EDGE, all, &blocks), [s(0), s(1), s(2)]);
    // A sphere behind a corner: squares in the wall's shadow drop out, the rest stay.
    let ball = covered(
        Shape::Sphere { radius_ft: 20 },
        Placement::at(O),
        Coverage::Centre,
    )
    .expect("valid");
    let reached = reached_from(O, ball.clone(), &blocks);
    assert!(!reached.contains(&Square::new(3, -1)));
    assert!(reached.contains(&Square::new(-3, 0)));
    assert!(reached.len() < ball.len());
}
