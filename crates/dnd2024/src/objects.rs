//! Objects (checklist §13, DD-OBJ).

use crate::RulesError;
use crate::core::DamageDice;
use crate::damage::DamageType;
use crate::movement::Size;
use serde::{Deserialize, Serialize};

/// Suggested AC by material (DD-OBJ-02.a, T-09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Material {
    Cloth,
    Paper,
    Rope,
    Crystal,
    Glass,
    Ice,
    Wood,
    Stone,
    Iron,
    Steel,
    Mithral,
    Adamantine,
}

impl Material {
    pub fn armor_class(self) -> i32 {
        use Material::*;
        match self {
            Cloth | Paper | Rope => 11,
            Crystal | Glass | Ice => 13,
            Wood => 15,
            Stone => 17,
            Iron | Steel => 19,
            Mithral => 21,
            Adamantine => 23,
        }
    }
}

/// Suggested HP by size, fragile or resilient (DD-OBJ-02.b, T-10): the fixed number and the
/// dice. Huge and Gargantuan objects are split into sections (DD-OBJ-02.c), so they are
/// refused here.
pub fn object_hit_points(size: Size, resilient: bool) -> Result<(u32, DamageDice), RulesError> {
    let (fixed, count, sides) = match (size, resilient) {
        (Size::Tiny, false) => (2, 1, 4),
        (Size::Tiny, true) => (5, 2, 4),
        (Size::Small, false) => (3, 1, 6),
        (Size::Small, true) => (10, 3, 6),
        (Size::Medium, false) => (4, 1, 8),
        (Size::Medium, true) => (18, 4, 8),
        (Size::Large, false) => (5, 1, 10),
        (Size::Large, true) => (27, 5, 10),
        (s, _) => {
            return Err(RulesError::Forbidden {
                rule: "DD-OBJ-02.c",
                reason: format!(
                    "a {} object is split into Large or smaller sections",
                    s.name()
                ),
            });
        }
    };
    Ok((
        fixed,
        DamageDice {
            count,
            sides,
            modifier: 0,
        },
    ))
}

/// Objects are immune to Poison and Psychic damage (DD-OBJ-03.a).
pub fn object_immune(t: DamageType) -> bool {
    matches!(t, DamageType::Poison | DamageType::Psychic)
}

/// Objects have no ability scores unless a rule gives some: no checks, every save fails
/// (DD-OBJ-04.a, DD-CORE-04.c). Returns whether a save succeeds (always false).
pub fn object_save() -> bool {
    false
}
