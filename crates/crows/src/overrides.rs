//! Content that overrides a general rule («Общие правила и исключения», CR-CORE-03): the
//! exceptions creature cards, item cards in use and the Referee's rulings carry.

use serde::{Deserialize, Serialize};

use crate::conditions::ConditionKind;

/// An exception to a general rule that content carries (CR-CORE-03): a creature card, an item
/// card (while the item is in use: in hand, worn as armor or worn in its magic-item slot), or
/// the Referee's ruling for one creature. Each variant names the general rule it beats; the
/// engine applies it where that rule is computed.
///
/// Written in packs as `{"rule": "immune_to_condition", "condition": "grabbed"}`,
/// `{"rule": "sees_in_darkness"}`, `{"rule": "holds_breath", "rounds": 10}`…
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum RuleOverride {
    /// The condition is never applied to it (beats CR-COND-01…09).
    ImmuneToCondition { condition: ConditionKind },
    /// Light does not hinder it: no dim-light or darkness bane on its attacks or on its tests
    /// to make out details or search, and it never guesses a silent target's square (beats
    /// CR-LIGHT-04/05; monsters that see without light, CR-LIGHT-02, CR-EXT-05).
    SeesInDarkness,
    /// It holds its breath this many rounds instead of 3 + Strength (beats CR-HAZ-04).
    HoldsBreath { rounds: u8 },
    /// It needs no air: going without never harms it (beats CR-HAZ-04).
    NeedsNoAir,
    /// It needs no food: a day without a ration brings no starvation wound (beats CR-HAZ-03),
    /// and it rests without eating — no ration to start a rest, none eaten, never short of one
    /// even when Ravenous (also covers the ration of CR-REST-01 and CR-MIASMA-07; a reading:
    /// the book's rest ration is food, which this creature does not need).
    NeedsNoFood,
    /// Falling deals it no damage (beats CR-HAZ-01).
    NoFallingDamage,
    /// Wounds in slots holding items do not slow it (beats CR-DMG-12).
    WoundsDoNotSlow,
    /// Difficult terrain costs it no extra movement (beats the movement rules, CR-MOVE); read
    /// by the combat family's path checks through [`Creature::has_override`].
    IgnoresDifficultTerrain,
}

impl RuleOverride {
    /// The checklist rule this exception beats.
    pub fn beats(&self) -> &'static str {
        match self {
            RuleOverride::ImmuneToCondition { .. } => "CR-COND-01",
            RuleOverride::SeesInDarkness => "CR-LIGHT-05",
            RuleOverride::HoldsBreath { .. } | RuleOverride::NeedsNoAir => "CR-HAZ-04",
            RuleOverride::NeedsNoFood => "CR-HAZ-03",
            RuleOverride::NoFallingDamage => "CR-HAZ-01",
            RuleOverride::WoundsDoNotSlow => "CR-DMG-12",
            RuleOverride::IgnoresDifficultTerrain => "CR-MOVE-02",
        }
    }
}
