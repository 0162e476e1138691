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

/// The checks an Influence action may call for (DD-ACT-11.c, T-02); the GM picks one to fit the
/// approach the actor describes (DD-ACT-11.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InfluenceCheck {
    Deception,
    Intimidation,
    Performance,
    Persuasion,
    AnimalHandling,
}

/// The approach the actor describes or roleplays (DD-ACT-11.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Approach {
    Deceive,
    Intimidate,
    Amuse,
    Persuade,
    /// Gently coaxing a Beast or Monstrosity.
    Coax,
}

impl InfluenceCheck {
    /// The skill of the check (T-02).
    pub fn skill(self) -> crate::core::Skill {
        use crate::core::Skill;
        match self {
            InfluenceCheck::Deception => Skill::Deception,
            InfluenceCheck::Intimidation => Skill::Intimidation,
            InfluenceCheck::Performance => Skill::Performance,
            InfluenceCheck::Persuasion => Skill::Persuasion,
            InfluenceCheck::AnimalHandling => Skill::AnimalHandling,
        }
    }

    /// The usual check for an approach (T-02); the GM may choose another (DD-ACT-11.c).
    pub fn for_approach(a: Approach) -> InfluenceCheck {
        match a {
            Approach::Deceive => InfluenceCheck::Deception,
            Approach::Intimidate => InfluenceCheck::Intimidation,
            Approach::Amuse => InfluenceCheck::Performance,
            Approach::Persuade => InfluenceCheck::Persuasion,
            Approach::Coax => InfluenceCheck::AnimalHandling,
        }
    }

    /// Whether this check can be used on the monster (T-02): Deception and Persuasion need it to
    /// understand the speaker; Animal Handling works only on Beasts and Monstrosities.
    pub fn usable(self, understands: bool, creature_type: crate::actions::CreatureType) -> bool {
        use crate::actions::CreatureType;
        match self {
            InfluenceCheck::Deception | InfluenceCheck::Persuasion => understands,
            InfluenceCheck::AnimalHandling => {
                matches!(
                    creature_type,
                    CreatureType::Beast | CreatureType::Monstrosity
                )
            }
            InfluenceCheck::Intimidation | InfluenceCheck::Performance => true,
        }
    }
}

/// Failed urgings (DD-ACT-11.f): after a failure the same urging cannot be tried on that
/// monster again for 24 hours, or the period the GM sets.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailedInfluence {
    /// (monster, urging) → hour of the failure.
    failed_at: BTreeMap<(String, String), u64>,
}

impl FailedInfluence {
    /// Records a failed urging at `hour` (game time in hours).
    pub fn failed(&mut self, monster: &str, urging: &str, hour: u64) {
        self.failed_at
            .insert((monster.to_string(), urging.to_string()), hour);
    }

    /// Whether the urging may be tried now; `gm_period_hours` replaces the 24 hours when the
    /// GM sets another period (`[GM]`).
    pub fn may_try(
        &self,
        monster: &str,
        urging: &str,
        now_hour: u64,
        gm_period_hours: Option<u64>,
    ) -> Result<(), crate::RulesError> {
        let period = gm_period_hours.unwrap_or(u64::from(INFLUENCE_RETRY_HOURS));
        match self
            .failed_at
            .get(&(monster.to_string(), urging.to_string()))
        {
            Some(at) if now_hour < at + period => Err(crate::RulesError::Forbidden {
                rule: "DD-ACT-11.f",
                reason: format!("this urging failed on {monster}; try again after {period} hours"),
            }),
            _ => Ok(()),
        }
    }
}
