//! Dice of the Crows rules («Кости»): 2d10 tests, d100 read from 2d10, parity.
//!
//! Pure readings take faces as input (the engine records the faces in its events); the
//! `roll_*` helpers draw faces from a caller-given [`DiceRng`]. General expressions (`1d6 + 1`,
//! `1d6 × 100`…) belong to the `dice` crate. Secret and manually entered rolls are engine
//! concerns (CR-DICE-04): they only change who sees or supplies the faces given here.

use rand::Rng;
use serde::{Deserialize, Serialize};

pub use dice::DiceRng;

/// Errors of the dice readings.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    thiserror::Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum DiceError {
    #[error("a d10 face must be 1…10, got {0} (CR-DICE-01)")]
    #[strum(props(rule = "CR-DICE-01"))]
    D10FaceOutOfRange(u8),
    #[error(
        "a parity roll needs a die with an even number of faces (2 or more), got d{0} (CR-DICE-03)"
    )]
    #[strum(props(rule = "CR-DICE-03"))]
    OddDie(u32),
    #[error("a d{sides} face must be 1…{sides}, got {face} (CR-DICE-03)")]
    #[strum(props(rule = "CR-DICE-03"))]
    FaceOutOfRange { face: u32, sides: u32 },
    #[error("a d{sides} showed {face}, outside 1…{sides}")]
    #[strum(props(rule = "CR-DICE-01"))]
    ShowedOutside { face: i64, sides: u8 },
}

crate::refusal::refusal!(DiceError, "dice");

/// The face a rolled d`sides` showed, as a die face: 1…`sides` (CR-DICE-01).
pub fn face_of(sides: u8, total: i64) -> Result<u8, DiceError> {
    u8::try_from(total)
        .ok()
        .filter(|f| (1..=sides).contains(f))
        .ok_or(DiceError::ShowedOutside { face: total, sides })
}

fn d10(face: u8) -> Result<u8, DiceError> {
    if (1..=10).contains(&face) {
        Ok(face)
    } else {
        Err(DiceError::D10FaceOutOfRange(face))
    }
}

/// d100 read from two d10 (CR-DICE-02): one die is the tens digit, the other the units; a 10
/// reads as 0; both 10 is 100. Range 1…100.
pub fn d100_from_2d10(tens: u8, units: u8) -> Result<u8, DiceError> {
    let (t, u) = (d10(tens)? % 10, d10(units)? % 10);
    Ok(if t == 0 && u == 0 { 100 } else { t * 10 + u })
}

/// Odd or even (CR-DICE-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Parity {
    Odd,
    Even,
}

/// The parity of a face of a die with an even number of faces (so each side is 50 %).
pub fn parity(face: u32, sides: u32) -> Result<Parity, DiceError> {
    if sides < 2 || !sides.is_multiple_of(2) {
        return Err(DiceError::OddDie(sides));
    }
    if !(1..=sides).contains(&face) {
        return Err(DiceError::FaceOutOfRange { face, sides });
    }
    Ok(if face.is_multiple_of(2) {
        Parity::Even
    } else {
        Parity::Odd
    })
}

/// One d10.
pub fn roll_d10(rng: &mut DiceRng) -> u8 {
    rng.random_range(1..=10)
}

/// The two d10 of a test.
pub fn roll_2d10(rng: &mut DiceRng) -> [u8; 2] {
    [roll_d10(rng), roll_d10(rng)]
}
