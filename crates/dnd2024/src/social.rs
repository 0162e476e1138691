//! Attitudes (checklist §3, DD-SOC) and the Influence action's numbers (DD-ACT-11).

use crate::core::RollMode;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A monster's attitude toward a character (DD-SOC-01.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attitude {
    Friendly,
    #[default]
    Indifferent,
    Hostile,
}

impl Attitude {
    /// Friendly → Advantage, Hostile → Disadvantage on checks to influence (DD-SOC-01.b).
    pub fn influence_mode(self) -> RollMode {
        match self {
            Attitude::Friendly => RollMode::Advantage,
            Attitude::Indifferent => RollMode::Normal,
            Attitude::Hostile => RollMode::Disadvantage,
        }
    }
}

/// Attitudes per (monster, character) pair, Indifferent by default (DD-SOC-01.a/c).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attitudes {
    pairs: BTreeMap<(String, String), Attitude>,
}

impl Attitudes {
    pub fn get(&self, monster: &str, character: &str) -> Attitude {
        self.pairs
            .get(&(monster.to_string(), character.to_string()))
            .copied()
            .unwrap_or_default()
    }

    pub fn set(&mut self, monster: &str, character: &str, a: Attitude) {
        self.pairs
            .insert((monster.to_string(), character.to_string()), a);
    }
}

/// Default Influence DC: the higher of 15 and the monster's Intelligence score (DD-ACT-11.d).
pub fn influence_dc(monster_int_score: i32) -> i32 {
    monster_int_score.max(15)
}

/// The GM's reading of the monster's response (DD-ACT-11.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Willingness {
    Willing,
    Unwilling,
    Hesitant,
}

/// What the Influence action leads to (DD-ACT-11.b): no check for Willing (it complies) or
/// Unwilling (it refuses); a check at the DC with the attitude's roll mode for Hesitant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InfluenceStep {
    Complies,
    Refuses,
    Check { dc: i32, mode: RollMode },
}

pub fn influence(w: Willingness, attitude: Attitude, monster_int_score: i32) -> InfluenceStep {
    match w {
        Willingness::Willing => InfluenceStep::Complies,
        Willingness::Unwilling => InfluenceStep::Refuses,
        Willingness::Hesitant => InfluenceStep::Check {
            dc: influence_dc(monster_int_score),
            mode: attitude.influence_mode(),
        },
    }
}

/// Hours before the same urging can be tried again after a failure (DD-ACT-11.f), unless the
/// GM sets another period.
pub const INFLUENCE_RETRY_HOURS: u32 = 24;
