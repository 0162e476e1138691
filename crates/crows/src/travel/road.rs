//! Travel and rest encounters («Дорожные встречи», «Встречи на отдыхе») and time outside
//! dungeons (CR-ROAD-01…04, CR-POI-02).

use super::{MAX_THRESHOLD, TravelError, face};

/// One encounter check: the d10 face meets or beats the threshold, which never exceeds 10
/// (CR-ROAD-01; the same rule as the dungeon check, CR-ENC-02). Use the day's travel
/// threshold on the road and at points of interest (CR-POI-02), the rest threshold for a rest
/// in the open (CR-ROAD-04). The Referee may call more than one check a day (CR-ROAD-03).
pub fn encounter(d10: u8, threshold: u8) -> Result<bool, TravelError> {
    let f = face(d10, 10)?;
    Ok(f >= threshold.min(MAX_THRESHOLD))
}

/// Hours of game time outside dungeons that count as one turn for usage dice.
pub const HOURS_PER_TURN: u32 = 2;

/// Whole turns elapsed in `hours` outside a dungeon.
pub fn turns_in(hours: u32) -> u32 {
    hours / HOURS_PER_TURN
}
