//! Cover (checklist §6, DD-COV).

use serde::{Deserialize, Serialize};

/// Degrees of cover (DD-COV-01, T-S5), ordered from none to total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    None,
    Half,
    ThreeQuarters,
    Total,
}

impl Cover {
    /// Bonus to AC and Dexterity saves (DD-COV-01.a/b); `None` for Total Cover, which cannot
    /// be targeted directly (DD-COV-01.c).
    pub fn bonus(self) -> Option<i32> {
        match self {
            Cover::None => Some(0),
            Cover::Half => Some(2),
            Cover::ThreeQuarters => Some(5),
            Cover::Total => None,
        }
    }

    /// Whether the target can be targeted directly (by an attack or a spell, DD-COV-01.c/f).
    pub fn targetable(self) -> bool {
        self != Cover::Total
    }
}

/// Only the best single degree applies; degrees never add (DD-COV-01.d). Cover counts only
/// against attacks and effects from the far side of it (DD-COV-01.e): each source is given with
/// whether it lies between the target and the origin.
pub fn effective_cover(sources: &[(Cover, bool)]) -> Cover {
    sources
        .iter()
        .filter(|(_, between)| *between)
        .map(|(c, _)| *c)
        .max()
        .unwrap_or(Cover::None)
}
