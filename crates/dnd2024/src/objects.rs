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

pub use crate::GmAllows;

/// What damages an object (DD-OBJ-01.a): attacks do; a spell does only if it says it affects
/// objects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectDamageSource {
    Attack,
    Spell { affects_objects: bool },
}

/// An object that can be damaged (DD-OBJ-01..03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectState {
    pub armor_class: i32,
    pub hit_points: u32,
    /// Damage threshold of a large structure, 0 for none (DD-OBJ-03.c, DD-DMG-08).
    pub threshold: u32,
    /// Types the GM rules especially effective (double) or poor (half) against this object
    /// (DD-OBJ-03.b); inputs, never guessed.
    pub gm_vulnerable_to: Vec<DamageType>,
    pub gm_resistant_to: Vec<DamageType>,
    pub destroyed: bool,
}

impl ObjectState {
    /// An object with the suggested AC of its material and HP (DD-OBJ-02.a/b).
    pub fn new(material: Material, hit_points: u32) -> ObjectState {
        ObjectState {
            armor_class: material.armor_class(),
            hit_points,
            threshold: 0,
            gm_vulnerable_to: Vec::new(),
            gm_resistant_to: Vec::new(),
            destroyed: false,
        }
    }

    /// Damages the object (DD-OBJ-01.a): by an attack, or by a spell that affects objects;
    /// immune to Poison and Psychic (DD-OBJ-03.a); the GM's adjustments and the threshold
    /// apply through the damage order (DD-DMG-07); at 0 HP it is destroyed (DD-OBJ-02.b).
    /// Returns the damage taken. A refusal changes nothing.
    pub fn take_damage(
        &mut self,
        amount: u32,
        damage_type: DamageType,
        source: ObjectDamageSource,
        opts: &crate::Interpretations,
    ) -> Result<u32, RulesError> {
        if self.destroyed {
            return Err(RulesError::Forbidden {
                rule: "DD-OBJ-02.b",
                reason: "the object is already destroyed".into(),
            });
        }
        if matches!(
            source,
            ObjectDamageSource::Spell {
                affects_objects: false
            }
        ) {
            return Err(RulesError::Forbidden {
                rule: "DD-OBJ-01.a",
                reason: "this spell does not say it affects objects".into(),
            });
        }
        let defences = crate::damage::Defences {
            resistance: self.gm_resistant_to.contains(&damage_type),
            vulnerability: self.gm_vulnerable_to.contains(&damage_type),
            immunity: object_immune(damage_type),
            flat: 0,
            threshold: self.threshold,
        };
        let taken = crate::damage::adjust_damage(amount, &defences, opts).min(self.hit_points);
        self.hit_points -= taken;
        self.destroyed = self.hit_points == 0;
        Ok(taken)
    }
}

/// Breaks an exceedingly fragile object outright with the Attack or Utilize action
/// (DD-OBJ-01.b): only if the object is that fragile and the GM allows it. The action is spent
/// and the object destroyed; a refusal spends nothing.
pub fn break_fragile(
    turn: &mut crate::actions::Turn,
    action: crate::actions::ActionKind,
    object: &mut ObjectState,
    exceedingly_fragile: bool,
    gm: GmAllows,
) -> Result<(), RulesError> {
    use crate::actions::ActionKind;
    let refuse = |reason: &str| {
        Err(RulesError::Forbidden {
            rule: "DD-OBJ-01.b",
            reason: reason.into(),
        })
    };
    if !matches!(action, ActionKind::Attack | ActionKind::Utilize) {
        return refuse("a fragile object is broken with the Attack or Utilize action");
    }
    if !exceedingly_fragile {
        return refuse("only an exceedingly fragile object breaks without a roll");
    }
    if gm == GmAllows::No {
        return refuse("the GM does not allow breaking it outright");
    }
    if object.destroyed {
        return Err(RulesError::Forbidden {
            rule: "DD-OBJ-02.b",
            reason: "the object is already destroyed".into(),
        });
    }
    turn.take_action(action)?;
    object.hit_points = 0;
    object.destroyed = true;
    Ok(())
}

/// A Huge or Gargantuan object split into sections of Large size or smaller, each with its own
/// HP (DD-OBJ-02.c). Whether losing one section brings the whole object down is the GM's call
/// (`gm_one_section_fells_all`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionedObject {
    pub sections: Vec<ObjectState>,
    pub gm_one_section_fells_all: bool,
}

impl SectionedObject {
    /// Splits an object of `size` into sections: refused for Large or smaller objects (they
    /// take HP from T-10) and for an empty list.
    pub fn new(
        size: Size,
        sections: Vec<ObjectState>,
        gm_one_section_fells_all: bool,
    ) -> Result<SectionedObject, RulesError> {
        if size < Size::Huge || sections.is_empty() {
            return Err(RulesError::Forbidden {
                rule: "DD-OBJ-02.c",
                reason: "only a Huge or Gargantuan object is split, into at least one section"
                    .into(),
            });
        }
        Ok(SectionedObject {
            sections,
            gm_one_section_fells_all,
        })
    }

    /// Whether the whole object is down: all sections destroyed, or any one when the GM ruled
    /// so.
    pub fn destroyed(&self) -> bool {
        if self.gm_one_section_fells_all {
            self.sections.iter().any(|s| s.destroyed)
        } else {
            self.sections.iter().all(|s| s.destroyed)
        }
    }
}
