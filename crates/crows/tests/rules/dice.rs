//! CR-DICE: the dice readings of the Crows rules.

use crows::dice::{self, DiceError, DiceRng, Parity};
use rand::SeedableRng;

#[test]
fn cr_dice_01_tests_roll_two_d10_in_range_and_reproducibly() {
    let mut rng = DiceRng::seed_from_u64(7);
    let mut seen = [false; 11];
    for _ in 0..2000 {
        let [a, b] = dice::roll_2d10(&mut rng);
        assert!((1..=10).contains(&a) && (1..=10).contains(&b));
        seen[usize::from(a)] = true;
    }
    assert!(seen[1..].iter().all(|s| *s), "every face 1…10 appears");
    let mut r1 = DiceRng::seed_from_u64(42);
    let mut r2 = DiceRng::seed_from_u64(42);
    let a: Vec<_> = (0..20).map(|_| dice::roll_2d10(&mut r1)).collect();
    let b: Vec<_> = (0..20).map(|_| dice::roll_2d10(&mut r2)).collect();
    assert_eq!(a, b, "same seed, same faces");
}

#[test]
// Covers CR-DICE-02.
fn cr_dice_02_d100_from_2d10_examples() {
    assert_eq!(dice::d100_from_2d10(10, 7), Ok(7));
    assert_eq!(dice::d100_from_2d10(3, 10), Ok(30));
    assert_eq!(dice::d100_from_2d10(10, 10), Ok(100));
    assert_eq!(dice::d100_from_2d10(1, 1), Ok(11));
    assert_eq!(dice::d100_from_2d10(9, 9), Ok(99));
    assert_eq!(
        dice::d100_from_2d10(0, 5),
        Err(DiceError::D10FaceOutOfRange(0))
    );
    assert_eq!(
        dice::d100_from_2d10(5, 11),
        Err(DiceError::D10FaceOutOfRange(11))
    );
}

#[test]
fn cr_dice_02_d100_every_pair_gives_each_value_once() {
    let mut hits = [0u32; 101];
    for t in 1..=10 {
        for u in 1..=10 {
            let v = dice::d100_from_2d10(t, u).unwrap();
            assert!((1..=100).contains(&v));
            hits[usize::from(v)] += 1;
        }
    }
    assert!(hits[1..].iter().all(|&h| h == 1), "1…100 each exactly once");
}

#[test]
fn cr_dice_03_parity_roll_on_even_dice_only() {
    assert_eq!(dice::parity(3, 6), Ok(Parity::Odd));
    assert_eq!(dice::parity(10, 10), Ok(Parity::Even));
    assert_eq!(dice::parity(3, 5), Err(DiceError::OddDie(5)));
    assert_eq!(
        dice::parity(7, 6),
        Err(DiceError::FaceOutOfRange { face: 7, sides: 6 })
    );
    // Exactly half the faces of every even die are odd.
    for sides in [2u32, 4, 6, 8, 10, 12, 20, 100] {
        let odd = (1..=sides)
            .filter(|f| dice::parity(*f, sides) == Ok(Parity::Odd))
            .count();
        assert_eq!(odd as u32 * 2, sides);
    }
}
