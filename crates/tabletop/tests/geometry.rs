//! The geometry's invariants: distances are metrics and do not care how the grid is turned or
//! mirrored, the squares a segment crosses turn and mirror with it, and hex steps add up.

use proptest::prelude::*;
use tabletop::hex::{Direction, Hex};
use tabletop::square::{
    Diagonals, Square, distance, distance_with, edges_followed, squares_crossed,
};

/// A map of lattice points.
type PointMap = fn((i32, i32)) -> (i32, i32);

/// The eight rotations and reflections of the grid, on lattice points.
fn symmetries() -> [PointMap; 8] {
    [
        |(x, y)| (x, y),
        |(x, y)| (-x, y),
        |(x, y)| (x, -y),
        |(x, y)| (-x, -y),
        |(x, y)| (y, x),
        |(x, y)| (-y, x),
        |(x, y)| (y, -x),
        |(x, y)| (-y, -x),
    ]
}

/// Where a square goes under a symmetry of lattice points: the image of its box's centre.
fn image(f: PointMap, s: Square) -> Square {
    // The centre (x + ½, y + ½), doubled to stay on integers.
    let (cx, cy) = f((2 * s.x + 1, 2 * s.y + 1));
    Square::new((cx - 1).div_euclid(2), (cy - 1).div_euclid(2))
}

fn coord() -> impl Strategy<Value = i32> {
    -40i32..40
}

proptest! {
    #[test]
    fn distances_are_symmetric_and_the_one_square_diagonal_is_a_metric(
        a in (coord(), coord()), b in (coord(), coord()), c in (coord(), coord())
    ) {
        let (a, b, c) = (Square::from(a), Square::from(b), Square::from(c));
        for rule in [Diagonals::OneEach, Diagonals::Alternating] {
            let d = |p, q| distance_with(p, q, rule);
            prop_assert_eq!(d(a, b), d(b, a));
            prop_assert_eq!(d(a, a), 0);
        }
        // One square per diagonal is a true metric; the alternating count is not (two
        // single diagonals cost 1 + 1, one double diagonal 3), so only its bounds hold.
        prop_assert!(distance(a, c) <= distance(a, b) + distance(b, c));
        prop_assert_eq!(distance(a, b), distance_with(a, b, Diagonals::OneEach));
        let alternating = distance_with(a, b, Diagonals::Alternating);
        prop_assert!(alternating >= distance(a, b));
        prop_assert!(2 * alternating <= 3 * distance(a, b));
    }

    #[test]
    fn distances_do_not_care_how_the_grid_is_turned(a in (coord(), coord()), b in (coord(), coord())) {
        for f in symmetries() {
            for rule in [Diagonals::OneEach, Diagonals::Alternating] {
                prop_assert_eq!(
                    distance_with(Square::from(f(a)), Square::from(f(b)), rule),
                    distance_with(Square::from(a), Square::from(b), rule)
                );
            }
        }
    }

    #[test]
    fn the_squares_a_segment_crosses_turn_with_the_grid(p in (coord(), coord()), q in (coord(), coord())) {
        let crossed = squares_crossed(p, q);
        prop_assert_eq!(&crossed, &squares_crossed(q, p));
        for f in symmetries() {
            let mut turned: Vec<Square> = crossed.iter().map(|s| image(f, *s)).collect();
            turned.sort();
            prop_assert_eq!(turned, squares_crossed(f(p), f(q)));
        }
        // A slanted segment crosses at least one square per column and per row it spans.
        if p.0 != q.0 && p.1 != q.1 {
            let span = p.0.abs_diff(q.0).max(p.1.abs_diff(q.1)) as usize;
            prop_assert!(crossed.len() >= span);
        }
    }

    #[test]
    fn hex_steps_add_up(q in -50i32..50, r in -50i32..50, steps in 0u32..30, turn in 0usize..6) {
        let start = Hex::new(q, r);
        let d = Direction::CLOCKWISE[turn];
        let back = Direction::CLOCKWISE[(turn + 3) % 6];
        let there = start.toward(d, steps);
        prop_assert_eq!(start.distance(there), steps);
        prop_assert_eq!(there.distance(start), steps);
        prop_assert_eq!(there.toward(back, steps), start);
        for n in start.neighbours() {
            prop_assert_eq!(start.distance(n), 1);
        }
    }
}

#[test]
fn alternating_diagonals_count_one_two_one_two() {
    let o = Square::new(0, 0);
    let d = |x, y| distance_with(o, Square::new(x, y), Diagonals::Alternating);
    // On a 5-foot grid: 5, 15, 20, 30 feet along the diagonal.
    assert_eq!([d(1, 1), d(2, 2), d(3, 3), d(4, 4)], [1, 3, 4, 6]);
    // Straight lines are not affected; a knight's move takes one diagonal.
    assert_eq!(d(5, 0), 5);
    assert_eq!(d(2, 1), 2);
    assert_eq!(d(5, 3), 6);
}

#[test]
fn a_diagonal_crosses_only_the_diagonal_squares_and_a_straight_line_runs_on_edges() {
    assert_eq!(
        squares_crossed((0, 0), (3, 3)),
        [Square::new(0, 0), Square::new(1, 1), Square::new(2, 2)]
    );
    assert!(squares_crossed((0, 0), (3, 0)).is_empty());
    assert_eq!(
        edges_followed((0, 2), (2, 2)),
        [
            (Square::new(0, 1), Square::new(0, 2)),
            (Square::new(1, 1), Square::new(1, 2))
        ]
    );
    assert!(edges_followed((0, 0), (2, 1)).is_empty());
}

#[test]
fn squares_and_hexes_keep_their_wire_shape() {
    assert_eq!(serde_json_like(&Square::new(2, -1)), r#"{"x":2,"y":-1}"#);
    assert_eq!(serde_json_like(&Hex::new(1, 0)), r#"{"q":1,"r":0}"#);
}

/// JSON without a JSON dependency: the two shapes are flat structs of integers.
fn serde_json_like<T: std::fmt::Debug>(v: &T) -> String {
    let text = format!("{v:?}");
    let inner = text
        .split_once('{')
        .map(|(_, rest)| rest.trim_end_matches('}').trim())
        .unwrap_or_default();
    let fields: Vec<String> = inner
        .split(',')
        .map(|kv| {
            let (k, v) = kv.split_once(':').unwrap_or_default();
            format!("\"{}\":{}", k.trim(), v.trim())
        })
        .collect();
    format!("{{{}}}", fields.join(","))
}

#[path = "geometry/areas.rs"]
mod areas;
#[path = "geometry/light_units_hexes.rs"]
mod light_units_hexes;
#[path = "geometry/lines.rs"]
mod lines;
