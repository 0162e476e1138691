//! Dungeon turns («Ходы подземелья», «Награда за жадность», «Вне подземелья»): the pure
//! parts the explore family plays. The turn itself — its counter, timer, pause, the
//! end-of-turn pipeline and the encounter check — is the table's, in
//! [`crate::ruleset`]'s explore family (`crate::ruleset::explore`), on the engine's clock.
//! Here: the turn-long effects a rest ends, the 2-hour turn equivalents outside a dungeon
//! ([`OutsideClock`], CR-DT-09) and the greed reward (CR-DT-07/08).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::usage_dice::HOURS_PER_DUNGEON_TURN;

/// An effect lasting until the end of the current dungeon turn (a spell with duration "DT",
/// a backlash "until the end of this DT"), on creature `creature` (index in the slice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnEffect {
    pub creature: usize,
    pub name: String,
}

// ----- outside a dungeon -----

/// In-game time outside a dungeon, counted in dungeon-turn equivalents: every 2 hours is one
/// turn for usage dice and turn-long durations (CR-DT-09, CR-UD-07). Leftover minutes carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutsideClock {
    minutes: u32,
}

impl OutsideClock {
    /// `minutes` of in-game time pass; returns how many turn ends they bring.
    pub fn advance(&mut self, minutes: u32) -> u32 {
        let per_turn = HOURS_PER_DUNGEON_TURN * 60;
        let total = self.minutes.saturating_add(minutes);
        self.minutes = total % per_turn;
        total / per_turn
    }
}

// ----- greed reward -----

/// One row of the greed table (CR-DT-07).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GreedRow {
    pub turn: u32,
    pub percent: u32,
}

/// Treasure found in these turns of a first entry gains this share of its value (CR-DT-07).
pub const GREED_TABLE: [GreedRow; 3] = [
    GreedRow {
        turn: 1,
        percent: 30,
    },
    GreedRow {
        turn: 2,
        percent: 20,
    },
    GreedRow {
        turn: 3,
        percent: 10,
    },
];

/// The greed percentage for a find in `turn` (0 from turn 4 on).
pub fn greed_percent(turn: u32) -> u32 {
    GREED_TABLE
        .iter()
        .find(|r| r.turn == turn)
        .map_or(0, |r| r.percent)
}

/// `base` raised by the greed percentage of `turn`, rounded down (CR-CORE-04).
pub fn greed_value(base: u64, turn: u32) -> u64 {
    base.saturating_mul(100 + u64::from(greed_percent(turn))) / 100
}

/// Which player sets have had their greed window in which dungeon (CR-DT-08). A group is
/// named by its players, so another group of characters run by the same players counts as
/// the same group.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreedLedger {
    used: BTreeMap<String, BTreeSet<BTreeSet<String>>>,
}

/// The greed window of one visit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreedWindow {
    pub dungeon: String,
    /// Whether this visit is the group's first entry (the reward applies).
    pub open: bool,
}

impl GreedLedger {
    /// A group enters `dungeon`: the window is open only on its players' first entry, and
    /// that entry is recorded.
    pub fn enter(&mut self, dungeon: &str, players: &BTreeSet<String>) -> GreedWindow {
        let set = self.used.entry(dungeon.to_string()).or_default();
        let open = set.insert(players.clone());
        GreedWindow {
            dungeon: dungeon.to_string(),
            open,
        }
    }
}

impl GreedWindow {
    /// The value of a treasure the Referee tagged (CR-REF-31) with `base`, found in `turn`.
    /// Turns keep counting across rests; leaving the dungeon ends the window (CR-ERR-48).
    pub fn value(&self, base: u64, turn: u32) -> u64 {
        if self.open {
            greed_value(base, turn)
        } else {
            base
        }
    }

    /// The party left the dungeon.
    pub fn close(&mut self) {
        self.open = false;
    }
}
