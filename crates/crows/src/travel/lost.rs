//! Getting lost («Заблудились», «Снова на пути»): the Referee's secret true position, the
//! drift of a lost group and the guide's Back on Track test (CR-LOST-01…04).

use serde::{Deserialize, Serialize};

use super::hex::{Direction, Hex};
use super::{TravelError, face};
use crate::test_roll::{Tier, TierTable};

/// Where the group is and where it thinks it is (CR-LOST-01). `true_hex` is Referee-only:
/// players see [`Position::player_view`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub true_hex: Hex,
    pub believed_hex: Hex,
    pub lost: bool,
}

/// What the players may see of the position: never the true hex while lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPosition {
    pub believed_hex: Hex,
}

/// The hex reached by counting a d6 face clockwise from the neighbour due north
/// (CR-LOST-02): 1 north, 2 north-east, 3 south-east, 4 south, 5 south-west, 6 north-west.
pub fn drift_direction(d6: u8) -> Result<Direction, TravelError> {
    let f = face(d6, 6)?;
    Ok(Direction::nth_clockwise(usize::from(f - 1)))
}

impl Position {
    pub fn known(hex: Hex) -> Self {
        Position {
            true_hex: hex,
            believed_hex: hex,
            lost: false,
        }
    }

    /// The group becomes lost (Safe Route or Shortcut tier 1).
    pub fn get_lost(&mut self) {
        self.lost = true;
    }

    /// The players' view: the believed hex only.
    pub fn player_view(&self) -> PlayerPosition {
        PlayerPosition {
            believed_hex: self.believed_hex,
        }
    }

    /// Leaves the current hex heading `intended`. While lost the Referee's secret d6 face
    /// (`drift_d6`) picks the hex actually entered (CR-LOST-02) and the believed hex follows
    /// the intended heading; when not lost both move the intended way and the face is ignored.
    pub fn leave_hex(
        &mut self,
        intended: Direction,
        drift_d6: Option<u8>,
    ) -> Result<(), TravelError> {
        if self.lost {
            let d6 = drift_d6.ok_or(TravelError::BadAnswer(
                "CR-LOST-02: a lost group needs the Referee's d6 for every hex it leaves",
            ))?;
            self.true_hex = self.true_hex.neighbour(drift_direction(d6)?);
        } else {
            self.true_hex = self.true_hex.neighbour(intended);
        }
        self.believed_hex = self.believed_hex.neighbour(intended);
        Ok(())
    }

    /// The group learns where it is: by Back on Track tier 2+, or by a map, a recognised
    /// landmark or an NPC's directions as the Referee rules (CR-LOST-03, CR-LOST-04).
    pub fn found(&mut self) {
        self.lost = false;
        self.believed_hex = self.true_hex;
    }
}

/// A Back on Track result (CR-LOST-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackOnTrack {
    /// Still lost.
    StillLost,
    /// No longer lost; travels toward the goal at the chosen pace.
    Found,
    /// Found, and the guide chooses: one more hex or travel threshold +1.
    FoundAndChoose,
}

/// The Back on Track table as data (2d10 + Mind), made instead of the guide's route task
/// (CR-ERR-58).
pub fn back_on_track_table() -> TierTable<BackOnTrack> {
    TierTable {
        tier_1: BackOnTrack::StillLost,
        tier_2: BackOnTrack::Found,
        tier_3: BackOnTrack::FoundAndChoose,
    }
}

/// Applies a Back on Track tier to the position; returns the result (the choice of tier 3 is
/// then asked of the guide, see [`super::roles::Choice::HexOrTravelThreshold`]).
pub fn back_on_track(pos: &mut Position, tier: Tier) -> Result<BackOnTrack, TravelError> {
    if !pos.lost {
        return Err(TravelError::NotLost);
    }
    let r = *back_on_track_table().get(tier);
    if r != BackOnTrack::StillLost {
        pos.found();
    }
    Ok(r)
}
