//! Swimming and drowning («Плавание и утопление»).
use crate::AcksError;
use serde::Serialize;

/// Rounds a drowning combatant survives (AC-SWIM-04).
pub const DROWNING_ROUNDS: u32 = 10;

/// Water conditions (AC-SWIM-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Water {
    Calm,
    /// Cold, rough or fast: −2.
    Rough,
    /// −4 (or worse, Judge-set).
    Severe(i32),
}

fn water_modifier(w: Water) -> Result<i32, AcksError> {
    match w {
        Water::Calm => Ok(0),
        Water::Rough => Ok(-2),
        Water::Severe(m) if m <= -4 => Ok(m),
        Water::Severe(m) => Err(AcksError::range(
            "AC-SWIM-01",
            format!("severe water is −4 or worse, got {m}"),
        )),
    }
}

/// AC-SWIM-01/03: one round's swimming throw: d20 + water modifier ≥ encumbrance in stone.
/// `true` = swims this round; `false` = starts drowning (and loses any spell being cast).
pub fn swim(d20_face: i32, encumbrance_stone: u32, water: Water) -> Result<bool, AcksError> {
    if !(1..=20).contains(&d20_face) {
        return Err(AcksError::range(
            "AC-SWIM-01",
            format!("a d20 face is 1–20, got {d20_face}"),
        ));
    }
    Ok(d20_face + water_modifier(water)? >= encumbrance_stone as i32)
}

/// AC-SWIM-02: swimming speed is a quarter of combat (attack allowed after moving) or running
/// movement (no attack).
pub fn swim_speed(movement_ft: u32) -> u32 {
    movement_ft / 4
}

/// AC-SWIM-04: feet sunk per round while drowning and whether the swimmer is dead after
/// `rounds_drowning` rounds without rescue.
pub fn drowning(encumbrance_stone: u32, rounds_drowning: u32) -> (u32, bool) {
    (10 * encumbrance_stone, rounds_drowning >= DROWNING_ROUNDS)
}
