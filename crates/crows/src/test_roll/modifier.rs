//! A modifier to a test together with where it comes from.
//!
//! This is the one type every other rule (conditions, light, items, travel, backlash…) uses to
//! say how it changes a test. It is stable: new sources are new [`SourceKind`] values or names,
//! never a new shape. Edges and banes are counted by [`crate::edges`]; numeric bonuses are
//! added as they are (CR-EDGE-06: a number is never turned into an edge or bane).

use serde::{Deserialize, Serialize};

use super::Tier;

/// What kind of thing gives a modifier. The name inside [`ModifierSource`] says which one.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    /// A condition of the creature making the test or of its target (blessed, prone…).
    Condition,
    /// An item card (masterwork tools, a damaged lockpick set…).
    Item,
    /// A trait of the character (Characters book).
    Trait,
    /// A spell or its effect.
    Spell,
    /// A magic backlash row.
    Backlash,
    /// An assist test (CR-ASSIST-01) or a group-test assist.
    Assist,
    /// The situation: flanking, high ground, cover, sneaking too fast…
    Situation,
    /// Light and vision (dim light, darkness, concealment, invisibility).
    Light,
    /// Travel pace, travel roles and tasks.
    Travel,
    /// The Miasma (effects, cruelty, Fight the Miasma).
    Miasma,
    /// A rest activity (Prepare for Task…).
    RestActivity,
    /// A ruling of the Referee.
    Referee,
    /// Any other rule of the book, named by its requirement ID in `rule`.
    Rule,
}

/// Where a modifier comes from: its kind, a stable name (e.g. `weakened`, `flanking`, the
/// helper's id for an assist) and, where known, the checklist requirement that defines it.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct ModifierSource {
    pub kind: SourceKind,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl ModifierSource {
    /// A source without a requirement ID.
    pub fn new(kind: SourceKind, name: impl Into<String>) -> Self {
        Self {
            kind,
            name: name.into(),
            rule: None,
        }
    }

    /// The same source, citing the requirement that defines it (e.g. `CR-COND-09`).
    pub fn with_rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }
}

/// How a modifier changes a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum ModifierEffect {
    /// One edge (CR-EDGE-01). Counted with the others before it does anything (CR-EDGE-05).
    Edge,
    /// A source that grants a double edge by itself (e.g. Fight the Miasma tier 3): it counts
    /// as two edges in the cancellation.
    DoubleEdge,
    /// One bane (CR-EDGE-03).
    Bane,
    /// A source that imposes a double bane by itself (darkness, heavy concealment,
    /// invisibility, unconscious noticing): it counts as two banes.
    DoubleBane,
    /// A numeric bonus (positive) or penalty (negative) added to the total (CR-BONUS-01).
    Bonus(i32),
    /// A tier shift after the roll that is neither a double edge/bane nor an expertise
    /// (e.g. another human raising a Miasma result, CR-ERR-78). Clamped to tiers 1…3.
    TierShift(i8),
    /// The result is this tier whatever the roll (e.g. attacks against an unconscious
    /// creature are tier 3, CR-COND-07). A crit or doom is still detected from the dice.
    AutomaticTier(Tier),
    /// The test is a doom whatever the dice show (an unconscious creature's Agility and
    /// Strength tests, CR-COND-07).
    AutomaticDoom,
}

impl ModifierEffect {
    /// Edges this effect contributes to the count (CR-EDGE-05).
    pub fn edges(self) -> u32 {
        match self {
            ModifierEffect::Edge => 1,
            ModifierEffect::DoubleEdge => 2,
            _ => 0,
        }
    }

    /// Banes this effect contributes to the count (CR-EDGE-05).
    pub fn banes(self) -> u32 {
        match self {
            ModifierEffect::Bane => 1,
            ModifierEffect::DoubleBane => 2,
            _ => 0,
        }
    }
}

/// A modifier to one test with its source (CR-EDGE-07: stored per source so the table can
/// show why).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Modifier {
    pub source: ModifierSource,
    pub effect: ModifierEffect,
}

impl Modifier {
    pub fn new(source: ModifierSource, effect: ModifierEffect) -> Self {
        Self { source, effect }
    }

    /// Shorthand: an edge from `source`.
    pub fn edge(source: ModifierSource) -> Self {
        Self::new(source, ModifierEffect::Edge)
    }

    /// Shorthand: a bane from `source`.
    pub fn bane(source: ModifierSource) -> Self {
        Self::new(source, ModifierEffect::Bane)
    }

    /// Shorthand: a numeric bonus (or penalty when negative) from `source`.
    pub fn bonus(source: ModifierSource, value: i32) -> Self {
        Self::new(source, ModifierEffect::Bonus(value))
    }
}
