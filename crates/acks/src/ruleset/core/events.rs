//! Core's events: packs loaded, creatures added and revealed, table rows replaced, hit
//! points changed. Above the aggregate state, whose records they carry.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::packs::{ClassCard, MonsterCard};
use crate::ruleset::state::{Creature, PackSource};

/// Core events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum CoreEvent {
    /// The Judge's: the files and their new cards.
    PackLoaded {
        files: Vec<PackSource>,
        monsters: Vec<MonsterCard>,
        classes: Vec<ClassCard>,
    },
    CharacterAdded {
        creature: Creature,
    },
    /// The Judge's until revealed.
    MonsterAdded {
        creature: Creature,
    },
    Revealed {
        creature: String,
        name: String,
        kind: String,
    },
    /// The Judge's: a table row replaced (AC-GEN-03).
    RowOverridden {
        table: String,
        index: usize,
        old: Value,
        new: Value,
    },
    /// Hit points after damage (a pit, a trap).
    HpChanged {
        creature: String,
        hp: i32,
        cause: String,
    },
}
