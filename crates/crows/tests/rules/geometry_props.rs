//! Geometry properties: line of effect is symmetric (CR-LOE-02); distance, line of effect,
//! cover and path costs are the same under the 8 rotations and reflections of the grid
//! (CR-CBT-02, CR-LOE-02/05, CR-MOVE-02).

use proptest::prelude::*;

use crows::combat::grid::{self, BattleGrid, Cell, Obstacle, Occupant, Space, Square};
use crows::combat::line_of_effect::{
    LineOfEffect, LoeOptions, has_cover, line_of_effect, squares_crossed,
};
use crows::combat::movement::{MoveManeuver, MoveOptions, Mover, PathStep, validate_path};
use crows::creature::{Size, Speeds};

/// One of the 8 symmetries of the square grid, acting on squares (unit boxes).
fn transform(k: u8, s: Square) -> Square {
    let mut s = s;
    for _ in 0..(k % 4) {
        // Rotating the plane by 90° maps the box at (x, y) to the box at (−y−1, x).
        s = Square::new(-s.y - 1, s.x);
    }
    if k >= 4 {
        s = Square::new(-s.x - 1, s.y);
    }
    s
}

fn transform_space(k: u8, sp: &Space) -> Space {
    let squares: Vec<Square> = sp.squares().map(|s| transform(k, s)).collect();
    let x = squares.iter().map(|s| s.x).min().unwrap_or(0);
    let y = squares.iter().map(|s| s.y).min().unwrap_or(0);
    Space::new(Square::new(x, y), sp.side)
}

fn transform_grid(k: u8, g: &BattleGrid) -> BattleGrid {
    let mut out = BattleGrid::new();
    for (s, c) in g.features() {
        out.set(transform(k, s), c.clone());
    }
    out
}

fn kind(l: &LineOfEffect) -> u8 {
    match l {
        LineOfEffect::Clear => 0,
        LineOfEffect::ThroughFlimsy { .. } => 1,
        LineOfEffect::Blocked => 2,
    }
}

/// A random 10×10 map of solid and flimsy obstacles, difficult terrain and water, plus a few
/// straight wall runs (so lines often run along wall faces and between wall squares).
fn arb_grid() -> impl Strategy<Value = BattleGrid> {
    (
        prop::collection::vec((0i32..10, 0i32..10, 0u8..6), 0..30),
        prop::collection::vec((0i32..10, 0i32..10, 2i32..7, any::<bool>()), 0..4),
    )
        .prop_map(|(features, runs)| {
            let mut g = BattleGrid::new();
            for (x, y, f) in features {
                let cell = match f {
                    0 | 1 => Cell {
                        obstacle: Some(Obstacle::Solid),
                        ..Cell::default()
                    },
                    2 => Cell {
                        obstacle: Some(Obstacle::Flimsy),
                        ..Cell::default()
                    },
                    3 | 4 => Cell {
                        difficult: true,
                        ..Cell::default()
                    },
                    _ => Cell {
                        water: true,
                        ..Cell::default()
                    },
                };
                g.set(Square::new(x, y), cell);
            }
            for (x, y, len, horizontal) in runs {
                for i in 0..len {
                    let s = if horizontal {
                        Square::new(x + i, y)
                    } else {
                        Square::new(x, y + i)
                    };
                    g.edit(s, |c| c.obstacle = Some(Obstacle::Solid));
                }
            }
            g
        })
}

fn arb_space() -> impl Strategy<Value = Space> {
    (0i32..10, 0i32..10, 1u8..=4).prop_map(|(x, y, side)| Space::new(Square::new(x, y), side))
}

fn obstacle_free(g: &BattleGrid, sp: &Space) -> bool {
    sp.squares().all(|s| g.obstacle(s).is_none())
}

proptest! {
    #[test]
    fn cr_loe_02_line_of_effect_is_symmetric(g in arb_grid(), a in arb_space(), b in arb_space(), strict in any::<bool>()) {
        prop_assume!(obstacle_free(&g, &a) && obstacle_free(&g, &b));
        let opts = LoeOptions { flimsy_barriers_block: strict };
        let ab = line_of_effect(&g, &a, &b, opts);
        let ba = line_of_effect(&g, &b, &a, opts);
        prop_assert_eq!(kind(&ab), kind(&ba));
    }

    #[test]
    fn cr_loe_02_line_of_effect_and_cover_invariant_under_rotation_and_reflection(
        g in arb_grid(), a in arb_space(), b in arb_space(), k in 0u8..8
    ) {
        prop_assume!(obstacle_free(&g, &a) && obstacle_free(&g, &b));
        let opts = LoeOptions::default();
        let (tg, ta, tb) = (transform_grid(k, &g), transform_space(k, &a), transform_space(k, &b));
        prop_assert_eq!(kind(&line_of_effect(&g, &a, &b, opts)), kind(&line_of_effect(&tg, &ta, &tb, opts)));
        prop_assert_eq!(has_cover(&g, &a, &b, opts), has_cover(&tg, &ta, &tb, opts));
    }

    #[test]
    fn cr_loe_02_open_ground_always_has_line_of_effect(a in arb_space(), b in arb_space()) {
        prop_assert_eq!(line_of_effect(&BattleGrid::new(), &a, &b, LoeOptions::default()), LineOfEffect::Clear);
        prop_assert!(!has_cover(&BattleGrid::new(), &a, &b, LoeOptions::default()));
    }

    #[test]
    fn cr_cbt_02_distance_is_chebyshev_and_invariant(x1 in -50i32..50, y1 in -50i32..50, x2 in -50i32..50, y2 in -50i32..50, k in 0u8..8) {
        let (a, b) = (Square::new(x1, y1), Square::new(x2, y2));
        let d = grid::distance(a, b);
        prop_assert_eq!(d, x1.abs_diff(x2).max(y1.abs_diff(y2)));
        prop_assert_eq!(d, grid::distance(b, a));
        prop_assert_eq!(d, grid::distance(transform(k, a), transform(k, b)));
        let (sa, sb) = (Space::new(a, 2), Space::new(b, 3));
        prop_assert_eq!(sa.distance_to(&sb), transform_space(k, &sa).distance_to(&transform_space(k, &sb)));
        prop_assert_eq!(sa.distance_to(&sb), sb.distance_to(&sa));
    }

    #[test]
    fn cr_move_02_path_cost_invariant_under_rotation_and_reflection(
        g in arb_grid(),
        dirs in prop::collection::vec(0usize..8, 1..8),
        k in 0u8..8,
        large in any::<bool>(),
    ) {
        const DIRS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
        let size = if large { Size::Large } else { Size::Medium };
        let me = Occupant::new(1, size, Square::new(4, 4), 0);
        let foe = Occupant::new(2, Size::Medium, Square::new(6, 5), 9);
        let mover = Mover { id: 1, speeds: Speeds { walk: 30, ..Speeds::default() }, speed: 30, flying: false };
        let mut at = me.space.origin;
        let mut path = Vec::new();
        let mut tpath = Vec::new();
        let t_origin = |k: u8, origin: Square| transform_space(k, &Space::new(origin, me.space.side)).origin;
        for d in dirs {
            at = Square::new(at.x + DIRS[d].0, at.y + DIRS[d].1);
            path.push(PathStep::Walk { to: at });
            tpath.push(PathStep::Walk { to: t_origin(k, at) });
        }
        let occ = [me, foe];
        let tocc: Vec<Occupant> = occ.iter().map(|o| Occupant { space: transform_space(k, &o.space), ..*o }).collect();
        let tg = transform_grid(k, &g);
        let r = validate_path(&g, &occ, &mover, MoveManeuver::Move, &path, MoveOptions::default());
        let tr = validate_path(&tg, &tocc, &mover, MoveManeuver::Move, &tpath, MoveOptions::default());
        prop_assert_eq!(r.as_ref().map(|r| (r.cost, r.distance)).ok(), tr.as_ref().map(|r| (r.cost, r.distance)).ok());
        prop_assert_eq!(r.is_err(), tr.is_err());
        if let Ok(r) = r {
            // A path never costs less than its length, nor more than 3 per square.
            prop_assert!(r.cost >= r.distance && r.cost <= 3 * r.distance);
        }
    }

    #[test]
    fn cr_loe_02_column_walk_matches_the_exact_square_test(
        x1 in -12i32..12, y1 in -12i32..12, x2 in -12i32..12, y2 in -12i32..12
    ) {
        let (p, q) = ((x1, y1), (x2, y2));
        let mut brute = Vec::new();
        for x in x1.min(x2)..x1.max(x2) {
            for y in y1.min(y2)..y1.max(y2) {
                if segment_crosses_square(p, q, Square::new(x, y)) {
                    brute.push(Square::new(x, y));
                }
            }
        }
        brute.sort();
        prop_assert_eq!(squares_crossed(p, q), brute.clone());
        let mut back = squares_crossed(q, p);
        back.sort();
        prop_assert_eq!(back, brute);
    }
}

#[test]
fn cr_loe_02_far_apart_coordinates_do_not_overflow() {
    // Exact arithmetic at the ends of the coordinate range.
    let (p, q) = ((i32::MIN, i32::MIN), (i32::MAX, i32::MAX));
    assert!(segment_crosses_square(p, q, Square::new(0, 0)));
    assert!(!segment_crosses_square(p, q, Square::new(0, 1)));
    let a = Space::new(Square::new(-1_000_000, 3), 1);
    let b = Space::new(Square::new(1_000_000, -7), 4);
    assert_eq!(
        line_of_effect(&BattleGrid::new(), &a, &b, LoeOptions::default()),
        LineOfEffect::Clear
    );
}

/// The oracle for `squares_crossed`: whether the segment from lattice point `p` to `q` passes
/// through the open inside of square `sq` (a separating-axis test on the two box axes and the
/// segment's normal, in `i128` so no coordinate overflows).
fn segment_crosses_square(p: (i32, i32), q: (i32, i32), sq: Square) -> bool {
    let (x0, x1) = (i128::from(sq.x), i128::from(sq.x) + 1);
    let (y0, y1) = (i128::from(sq.y), i128::from(sq.y) + 1);
    let (px, py, qx, qy) = (
        i128::from(p.0),
        i128::from(p.1),
        i128::from(q.0),
        i128::from(q.1),
    );
    if px.max(qx) <= x0 || px.min(qx) >= x1 || py.max(qy) <= y0 || py.min(qy) >= y1 {
        return false;
    }
    let (dx, dy) = (qx - px, qy - py);
    let side = |cx: i128, cy: i128| dx * (cy - py) - dy * (cx - px);
    let s = [side(x0, y0), side(x1, y0), side(x0, y1), side(x1, y1)];
    let min = s.iter().copied().min().unwrap_or(0);
    let max = s.iter().copied().max().unwrap_or(0);
    min < 0 && max > 0
}
