//! Properties of the combat-round geometry: the flanking centre-line test (CR-ATK-17) is
//! symmetric in the two flankers and unchanged by the 8 rotations and reflections of the
//! grid; the opportunity-attack trigger (CR-REACT-05) is too.

use proptest::prelude::*;

use crows::combat::attacks::centre_line_flanks;
use crows::combat::grid::{Space, Square};
use crows::combat::reactions::{Movement, provokes_opportunity_attack};
use crows::creature::Size;

/// One of the 8 symmetries acting on a whole space (its squares mapped, origin re-taken).
fn transform_space(k: u8, sp: &Space) -> Space {
    let t = |s: Square| -> Square {
        let mut s = s;
        for _ in 0..(k % 4) {
            s = Square::new(-s.y - 1, s.x);
        }
        if k >= 4 {
            s = Square::new(-s.x - 1, s.y);
        }
        s
    };
    let squares: Vec<Square> = sp.squares().map(t).collect();
    let x = squares.iter().map(|s| s.x).min().unwrap_or(0);
    let y = squares.iter().map(|s| s.y).min().unwrap_or(0);
    Space::new(Square::new(x, y), sp.side)
}

fn space() -> impl Strategy<Value = Space> {
    (-6i32..6, -6i32..6, 1u8..=3).prop_map(|(x, y, s)| Space::new(Square::new(x, y), s))
}

fn size_of(side: u8) -> Size {
    match side {
        1 => Size::Medium,
        2 => Size::Large,
        _ => Size::Huge,
    }
}

proptest! {
    #[test]
    fn cr_atk_17_flanking_symmetric_and_grid_invariant(a in space(), b in space(), e in space(), k in 0u8..8) {
        prop_assume!(!a.overlaps(&e) && !b.overlaps(&e) && !a.overlaps(&b));
        let f = centre_line_flanks(&a, &b, &e);
        prop_assert_eq!(f, centre_line_flanks(&b, &a, &e));
        let (ta, tb, te) = (transform_space(k, &a), transform_space(k, &b), transform_space(k, &e));
        prop_assert_eq!(f, centre_line_flanks(&ta, &tb, &te));
    }

    #[test]
    fn cr_react_05_opportunity_trigger_grid_invariant(w in space(), x in -6i32..6, y in -6i32..6, dx in -1i32..=1, dy in -1i32..=1, k in 0u8..8) {
        let from = Space::new(Square::new(x, y), 1);
        let to = Space::new(Square::new(x + dx, y + dy), 1);
        prop_assume!(!w.overlaps(&from) && !w.overlaps(&to));
        let size = size_of(w.side);
        let p = provokes_opportunity_attack(Movement::Move, (&w, size), &from, &to);
        let tw = transform_space(k, &w);
        prop_assert_eq!(p, provokes_opportunity_attack(
            Movement::Move,
            (&tw, size),
            &transform_space(k, &from),
            &transform_space(k, &to)
        ));
        // Never for a Shift or forced movement (CR-REACT-06).
        prop_assert!(!provokes_opportunity_attack(Movement::Shift, (&w, size), &from, &to));
        prop_assert!(!provokes_opportunity_attack(Movement::Forced, (&w, size), &from, &to));
    }
}
