//! Line of effect and sight, and cover by corners: symmetric, unchanged when the grid is turned
//! or mirrored, and graded as the module notes say.

use super::{PointMap, image, symmetries};
use proptest::prelude::*;
use std::collections::BTreeSet;
use tabletop::line::{CoverGrade, clear_line, corner_cover, segment_clear, segment_clear_halves};
use tabletop::map::{Cell, GridMap, MapFile, Obstacle};
use tabletop::square::{Space, Square};

/// The image of a block of squares under a symmetry.
fn space_image(f: PointMap, s: &Space) -> Space {
    let origin = s
        .squares()
        .map(|q| image(f, q))
        .min()
        .expect("a space has squares");
    let min = s
        .squares()
        .map(|q| image(f, q))
        .fold(origin, |m, q| Square::new(m.x.min(q.x), m.y.min(q.y)));
    Space::new(min, s.side)
}

fn walls() -> impl Strategy<Value = BTreeSet<(i32, i32)>> {
    prop::collection::btree_set((-6i32..6, -6i32..6), 0..14)
}

fn space() -> impl Strategy<Value = Space> {
    ((-7i32..7, -7i32..7), 1u8..3).prop_map(|(o, side)| Space::new(Square::from(o), side))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn line_of_effect_is_symmetric_and_turns_with_the_grid(
        walls in walls(), a in space(), b in space()
    ) {
        let blocks = |s: Square| walls.contains(&(s.x, s.y));
        for p in a.corners() {
            for q in b.corners() {
                prop_assert_eq!(segment_clear(p, q, &blocks), segment_clear(q, p, &blocks));
            }
        }
        let line = clear_line(&a, &b, &blocks);
        prop_assert_eq!(line, clear_line(&b, &a, &blocks));
        let cover = corner_cover(&a, &b, &blocks);
        prop_assert_eq!(cover.cover == CoverGrade::Total, !line);
        for f in symmetries() {
            let turned: BTreeSet<(i32, i32)> = walls
                .iter()
                .map(|&(x, y)| { let s = image(f, Square::new(x, y)); (s.x, s.y) })
                .collect();
            let tblocks = |s: Square| turned.contains(&(s.x, s.y));
            let (ta, tb) = (space_image(f, &a), space_image(f, &b));
            prop_assert_eq!(clear_line(&ta, &tb, &tblocks), line);
            prop_assert_eq!(corner_cover(&ta, &tb, &tblocks), cover);
        }
    }

    #[test]
    fn half_square_segments_agree_with_whole_ones_on_lattice_points(
        walls in walls(), p in (-7i32..7, -7i32..7), q in (-7i32..7, -7i32..7)
    ) {
        let blocks = |s: Square| walls.contains(&(s.x, s.y));
        prop_assert_eq!(
            segment_clear_halves((2 * p.0, 2 * p.1), (2 * q.0, 2 * q.1), &blocks),
            segment_clear(p, q, &blocks)
        );
    }
}

fn map(cells: &[((i32, i32), Obstacle)]) -> GridMap {
    let mut m = GridMap::new();
    for &((x, y), o) in cells {
        m.set(
            Square::new(x, y),
            Cell {
                obstacle: Some(o),
                ..Cell::default()
            },
        );
    }
    m
}

#[test]
fn cover_counts_the_target_corners_a_wall_hides() {
    let one = |x, y| Space::new(Square::new(x, y), 1);
    // Open ground: no cover.
    let open = GridMap::new();
    let c = open.cover(&one(0, 0), &one(4, 0));
    assert_eq!((c.blocked_corners, c.cover), (0, CoverGrade::None));
    // A single wall square between: the best corner sees two of the four corners.
    let low = map(&[((2, 0), Obstacle::Wall)]);
    let c = low.cover(&one(0, 0), &one(3, 0));
    assert_eq!((c.blocked_corners, c.cover), (2, CoverGrade::Half));
    // A wall three squares tall hides the target completely.
    let tall = map(&[
        ((2, -1), Obstacle::Wall),
        ((2, 0), Obstacle::Wall),
        ((2, 1), Obstacle::Wall),
    ]);
    let c = tall.cover(&one(0, 0), &one(3, 0));
    assert_eq!((c.blocked_corners, c.cover), (4, CoverGrade::Total));
    assert!(!tall.line_of_effect(&one(0, 0), &one(3, 0)));
    // A target past the wall's end, seen at a slant past it: three corners hidden.
    let c = tall.cover(&one(1, 1), &one(3, -3));
    assert_eq!((c.blocked_corners, c.cover), (3, CoverGrade::ThreeQuarters));
    // A big target: the attacker aims at its least hidden square.
    let c = low.cover(&one(0, 0), &Space::new(Square::new(3, 0), 2));
    assert_eq!(c.cover, CoverGrade::None);
}

#[test]
fn windows_stop_effects_and_screens_stop_sight() {
    let one = |x, y| Space::new(Square::new(x, y), 1);
    let glass = map(&[
        ((2, -1), Obstacle::Window),
        ((2, 0), Obstacle::Window),
        ((2, 1), Obstacle::Window),
    ]);
    assert!(!glass.line_of_effect(&one(0, 0), &one(3, 0)));
    assert!(glass.line_of_sight(&one(0, 0), &one(3, 0)));
    let curtain = map(&[
        ((2, -1), Obstacle::Screen),
        ((2, 0), Obstacle::Screen),
        ((2, 1), Obstacle::Screen),
    ]);
    assert!(curtain.line_of_effect(&one(0, 0), &one(3, 0)));
    assert!(!curtain.line_of_sight(&one(0, 0), &one(3, 0)));
    assert_eq!(
        curtain.cover(&one(0, 0), &one(3, 0)).cover,
        CoverGrade::None
    );
}

#[test]
fn the_map_file_is_read_and_refused_as_documented() {
    let file = MapFile {
        cells: vec![
            tabletop::map::CellAt {
                x: 3,
                y: 0,
                obstacle: Some(Obstacle::Wall),
                difficult: false,
                elevation: 0,
            },
            tabletop::map::CellAt {
                x: 5,
                y: 2,
                obstacle: None,
                difficult: true,
                elevation: 1,
            },
        ],
    };
    let m = GridMap::try_from(file.clone()).expect("valid");
    assert!(m.blocks_effect(Square::new(3, 0)));
    assert!(m.cell(Square::new(5, 2)).difficult);
    assert_eq!(m.rise(Square::new(0, 0), Square::new(5, 2)), 1);
    assert_eq!(m.features().count(), 2);
    let mut twice = file.clone();
    twice.cells.push(file.cells[0]);
    assert_eq!(
        GridMap::try_from(twice).expect_err("duplicate").to_string(),
        "map square 3,0 is listed twice"
    );
    let mut far = file;
    far.cells[0].x = 1 << 21;
    assert!(
        GridMap::try_from(far)
            .expect_err("too far")
            .to_string()
            .contains("beyond ±1048576")
    );
}

#[test]
fn paths_cost_squares_difficult_terrain_and_alternate_diagonals() {
    use tabletop::square::Diagonals;
    let mut m = map(&[((1, 1), Obstacle::Wall)]);
    m.set(
        Square::new(2, 0),
        Cell {
            difficult: true,
            ..Cell::default()
        },
    );
    let s = |x, y| Square::new(x, y);
    let path = [s(0, 0), s(1, 0), s(2, 0), s(3, 1), s(4, 2)];
    assert_eq!(m.path_cost(&path, Diagonals::OneEach), Ok(5));
    assert_eq!(m.path_cost(&path, Diagonals::Alternating), Ok(6));
    assert_eq!(
        m.path_cost(&[s(0, 0), s(1, 1)], Diagonals::OneEach),
        Err(tabletop::GeometryError::Blocked { x: 1, y: 1 })
    );
    assert_eq!(
        m.path_cost(&[s(0, 0), s(2, 0)], Diagonals::OneEach),
        Err(tabletop::GeometryError::NotAStep { index: 1 })
    );
}

#[test]
fn a_square_reads_as_column_and_row() {
    assert_eq!(tabletop::square::Square::new(3, -1).to_string(), "(3, -1)");
}

#[test]
fn a_diagonal_step_past_a_walls_corner_is_refused_only_when_corners_may_not_be_cut() {
    use tabletop::map::Corners;
    use tabletop::square::Diagonals;
    // A pillar at (1,0): the step (0,0) → (1,1) passes its corner.
    let m = map(&[((1, 0), Obstacle::Wall)]);
    let s = |x, y| Square::new(x, y);
    let past = [s(0, 0), s(1, 1)];
    assert_eq!(m.path_cost(&past, Diagonals::OneEach), Ok(1));
    assert_eq!(
        m.path_cost_with(&past, Diagonals::OneEach, Corners::NoCutting),
        Err(tabletop::GeometryError::CutsCorner {
            index: 1,
            x: 1,
            y: 0
        })
    );
    // Turned a quarter and mirrored, the same step is refused the same way.
    for (pillar, step) in [((0, 1), s(1, 1)), ((-1, 0), s(-1, 1)), ((0, -1), s(1, -1))] {
        let m = map(&[(pillar, Obstacle::Wall)]);
        assert!(
            m.path_cost_with(&[s(0, 0), step], Diagonals::OneEach, Corners::NoCutting)
                .is_err(),
            "{pillar:?}"
        );
    }
    // A screen stops sight only: its corner may be passed.
    let screen = map(&[((1, 0), Obstacle::Screen)]);
    assert_eq!(
        screen.path_cost_with(&past, Diagonals::OneEach, Corners::NoCutting),
        Ok(1)
    );
    // Going around the corner costs the orthogonal steps.
    let around = [s(0, 0), s(0, 1), s(1, 1)];
    assert_eq!(
        m.path_cost_with(&around, Diagonals::OneEach, Corners::NoCutting),
        Ok(2)
    );
}
