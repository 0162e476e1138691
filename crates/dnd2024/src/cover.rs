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
    pub const ALL: [Cover; 4] = [Cover::None, Cover::Half, Cover::ThreeQuarters, Cover::Total];

    pub fn name(self) -> &'static str {
        match self {
            Cover::None => "none",
            Cover::Half => "half",
            Cover::ThreeQuarters => "three-quarters",
            Cover::Total => "total",
        }
    }

    /// Parses `none`, `half`, `three-quarters` or `total` (case-insensitive, `_` for `-`).
    pub fn parse(name: &str) -> Result<Cover, crate::RulesError> {
        let n = name.trim().replace('_', "-");
        Cover::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(&n))
            .ok_or_else(|| crate::RulesError::Unknown {
                what: "cover",
                got: name.to_string(),
                expected: Cover::ALL.map(|c| c.name()).join(", "),
                rule: "DD-COV-01",
            })
    }

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
