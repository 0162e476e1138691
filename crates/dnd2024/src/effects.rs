//! Ongoing effects on creatures and in the world (checklist §14, DD-MAG-16..20): the magical
//! tag that antimagic and Magic Resistance key on, illusions, curses and possession. What
//! happens to these effects at death, on revival and when shape-shifting is in `creature`.

use crate::RulesError;
use crate::exceptions::{Exceptions, RuleKey};
use serde::{Deserialize, Serialize};

/// Where an effect comes from (DD-MAG-16.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    Spell,
    MagicItem,
    /// A phenomenon a rule calls magical (a monster's magical trait, a magical trap).
    MagicalPhenomenon,
    /// Anything else: a weapon, a poison, a fall, a nonmagical trait.
    Nonmagical,
}

impl Origin {
    /// Magical when created by a spell, a magic item or a phenomenon a rule calls magical
    /// (DD-MAG-16.a).
    pub fn is_magical(self) -> bool {
        self != Origin::Nonmagical
    }
}

/// Whether an area that suppresses magic (antimagic) suppresses this effect: only magical
/// effects are touched (DD-MAG-16.a).
pub fn suppressed_by_antimagic(origin: Origin) -> bool {
    origin.is_magical()
}

/// Advantage sources on a saving throw from Magic Resistance: one against a magical effect,
/// none against anything else (DD-MAG-16.a).
pub fn magic_resistance_advantage(has_magic_resistance: bool, origin: Origin) -> u32 {
    u32::from(has_magic_resistance && origin.is_magical())
}

/// What an ongoing effect is, for the rules that single some out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectKind {
    /// Nothing the glossary singles out (a spell's ongoing effect, a poison).
    Ordinary,
    /// A curse: the cursing effect defines what it does (DD-MAG-18.a).
    Curse,
    /// A magical contagion (it returns on revival like a curse, DD-DMG-18.b).
    MagicalContagion,
    /// Possession by `by`; the possessing effect may name other ways it ends
    /// (`also_ended_by`) besides Dispel Evil and Good (DD-MAG-19.a).
    Possession {
        by: String,
        also_ended_by: Vec<String>,
    },
    /// Protection from Evil and Good on the creature: prevents possession (DD-MAG-19.a).
    ProtectionFromEvilAndGood,
    /// The creature is shape-shifted into `form` by this effect (DD-MAG-20).
    ShapeShift { form: String },
}

/// One ongoing effect with its remaining duration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// Identifier; conditions the effect imposes name it as their source.
    pub id: String,
    pub origin: Origin,
    pub kind: EffectKind,
    /// Seconds left; `None` until ended by some rule (a curse with no duration).
    pub remaining_seconds: Option<u64>,
}

impl Effect {
    pub fn new(id: &str, origin: Origin, kind: EffectKind, remaining_seconds: Option<u64>) -> Self {
        Effect {
            id: id.to_string(),
            origin,
            kind,
            remaining_seconds,
        }
    }

    pub fn is_magical(&self) -> bool {
        self.origin.is_magical()
    }
}

/// What is used to end a curse (DD-MAG-18.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CurseRemedy {
    RemoveCurse,
    GreaterRestoration,
    /// Other magic; it ends curses only if its description says so explicitly.
    OtherMagic {
        says_it_ends_curses: bool,
    },
    /// Anything nonmagical (medicine, rest, a Long Rest).
    Nonmagical,
}

/// What is used to end a possession (DD-MAG-19.a).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PossessionRemedy {
    DispelEvilAndGood,
    /// Something the possessing effect itself may name as ending it.
    Other(String),
}

/// The ongoing effects on one creature.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveEffects {
    effects: Vec<Effect>,
}

impl ActiveEffects {
    pub fn list(&self) -> &[Effect] {
        &self.effects
    }

    pub fn get(&self, id: &str) -> Option<&Effect> {
        self.effects.iter().find(|e| e.id == id)
    }

    /// Adds an effect; an id already in use is refused.
    pub fn add(&mut self, e: Effect) -> Result<(), RulesError> {
        if self.get(&e.id).is_some() {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-13.a",
                reason: format!("an effect `{}` is already on the creature", e.id),
            });
        }
        self.effects.push(e);
        Ok(())
    }

    /// Removes an effect by id (its duration ran out, or a rule ended it).
    pub fn remove(&mut self, id: &str) -> Option<Effect> {
        let i = self.effects.iter().position(|e| e.id == id)?;
        Some(self.effects.remove(i))
    }

    /// Removes every effect (set aside, or not coming back).
    pub fn take_all(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Time passes: durations run down; returns the effects that ran out (removed).
    pub fn elapse(&mut self, seconds: u64) -> Vec<Effect> {
        let mut ended = Vec::new();
        self.effects.retain_mut(|e| match e.remaining_seconds {
            Some(left) if left <= seconds => {
                ended.push(e.clone());
                false
            }
            Some(left) => {
                e.remaining_seconds = Some(left - seconds);
                true
            }
            None => true,
        });
        ended
    }

    /// The ids of effects an antimagic area suppresses while the creature is in it: the
    /// magical ones (DD-MAG-16.a).
    pub fn suppressed_in_antimagic(&self) -> Vec<&str> {
        self.effects
            .iter()
            .filter(|e| suppressed_by_antimagic(e.origin))
            .map(|e| e.id.as_str())
            .collect()
    }

    /// Ends a curse (DD-MAG-18.a): only Remove Curse, Greater Restoration, or other magic that
    /// says it ends curses. Refused (nothing changes) for anything else, or when `id` is not a
    /// curse on the creature.
    pub fn remove_curse(&mut self, id: &str, by: CurseRemedy) -> Result<Effect, RulesError> {
        match self.get(id) {
            Some(e) if e.kind == EffectKind::Curse => {}
            _ => {
                return Err(RulesError::Forbidden {
                    rule: "DD-MAG-18.a",
                    reason: format!("no curse `{id}` on the creature"),
                });
            }
        }
        let ends = match by {
            CurseRemedy::RemoveCurse | CurseRemedy::GreaterRestoration => true,
            CurseRemedy::OtherMagic {
                says_it_ends_curses,
            } => says_it_ends_curses,
            CurseRemedy::Nonmagical => false,
        };
        if !ends {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-18.a",
                reason: "only Remove Curse, Greater Restoration or magic that says it ends curses ends a curse".into(),
            });
        }
        self.remove(id).ok_or_else(|| RulesError::Forbidden {
            rule: "DD-MAG-18.a",
            reason: format!("no curse `{id}` on the creature"),
        })
    }

    /// Whether Protection from Evil and Good is on the creature (DD-MAG-19.a).
    pub fn warded_against_possession(&self) -> bool {
        self.effects
            .iter()
            .any(|e| e.kind == EffectKind::ProtectionFromEvilAndGood)
    }

    /// The possessing effect, if any.
    pub fn possession(&self) -> Option<&Effect> {
        self.effects
            .iter()
            .find(|e| matches!(e.kind, EffectKind::Possession { .. }))
    }

    /// A possession takes hold (DD-MAG-19.a): refused while Protection from Evil and Good is
    /// on the creature, or while another possession holds it. `e` must be a possession.
    pub fn possess(&mut self, e: Effect) -> Result<(), RulesError> {
        if self.warded_against_possession() && matches!(e.kind, EffectKind::Possession { .. }) {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-19.a",
                reason: "Protection from Evil and Good prevents possession".into(),
            });
        }
        self.possess_ignoring_ward(e)
    }

    /// A possession taking hold while Protection from Evil and Good is suppressed (an
    /// antimagic area, `Creature::possess`): the ward does not count; the other checks do.
    pub(crate) fn possess_ignoring_ward(&mut self, e: Effect) -> Result<(), RulesError> {
        if !matches!(e.kind, EffectKind::Possession { .. }) {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-19.a",
                reason: format!("`{}` is not a possessing effect", e.id),
            });
        }
        if let Some(p) = self.possession() {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-19.a",
                reason: format!("already possessed (`{}`)", p.id),
            });
        }
        self.add(e)
    }

    /// Ends the possession (DD-MAG-19.a): Dispel Evil and Good always does; anything else only
    /// if the possessing effect names it. Returns the ended effect.
    pub fn end_possession(&mut self, by: &PossessionRemedy) -> Result<Effect, RulesError> {
        let Some(p) = self.possession() else {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-19.a",
                reason: "the creature is not possessed".into(),
            });
        };
        let ends = match (by, &p.kind) {
            (PossessionRemedy::DispelEvilAndGood, _) => true,
            (PossessionRemedy::Other(what), EffectKind::Possession { also_ended_by, .. }) => {
                also_ended_by.iter().any(|w| w == what)
            }
            _ => false,
        };
        if !ends {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-19.a",
                reason:
                    "Dispel Evil and Good ends a possession, or what the possessing effect names"
                        .into(),
            });
        }
        let id = p.id.clone();
        self.remove(&id).ok_or_else(|| RulesError::Forbidden {
            rule: "DD-MAG-19.a",
            reason: "the creature is not possessed".into(),
        })
    }
}

/// A sense or faculty an illusion may deceive (DD-MAG-17.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faculty {
    Sight,
    Hearing,
    Smell,
    Taste,
    Touch,
    /// The mind itself (an illusion only its target perceives).
    Mind,
}

/// How an illusion meets one sense of one observer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllusionPerceived {
    /// The observer perceives it as real.
    Real,
    /// The observer perceives it for what it is (Truesight; touch meeting no substance).
    SeenThrough,
    /// The illusion gives that sense nothing at all.
    Nothing,
}

/// An illusion (DD-MAG-17): the effect says which senses or faculties it deceives; one that
/// manifests in space has no substance or weight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Illusion {
    pub deceives: Vec<Faculty>,
    /// It manifests in space (an image, a sound), not only in a mind.
    pub in_space: bool,
    /// What the creating effect says otherwise (`RuleKey::IllusionReactsToSurroundings`).
    pub overrides: Exceptions,
}

impl Illusion {
    /// What one sense of an observer makes of the illusion (DD-MAG-17.a/b/c):
    /// - a visual illusion is seen through by Truesight in range (DD-VIS-09.c);
    /// - touching an illusion in space meets no substance unless it deceives touch;
    /// - a sense it does not deceive gets nothing from it.
    pub fn perceived(&self, sense: Faculty, truesight_in_range: bool) -> IllusionPerceived {
        let deceives = self.deceives.contains(&sense);
        if sense == Faculty::Sight && deceives && truesight_in_range {
            return IllusionPerceived::SeenThrough;
        }
        if deceives {
            return IllusionPerceived::Real;
        }
        if sense == Faculty::Touch && self.in_space {
            return IllusionPerceived::SeenThrough;
        }
        IllusionPerceived::Nothing
    }

    /// A save against a visual illusion succeeds automatically with Truesight in range
    /// (DD-MAG-17.c, DD-VIS-09.c).
    pub fn save_auto_succeeds(&self, truesight_in_range: bool) -> bool {
        truesight_in_range && self.deceives.contains(&Faculty::Sight)
    }

    /// No substance: it stops no movement, holds nothing up, blocks no attack (DD-MAG-17.b).
    pub fn has_substance(&self) -> bool {
        false
    }

    /// No weight (DD-MAG-17.b).
    pub fn weight_lb(&self) -> u32 {
        0
    }

    /// Whether it seems to react to its surroundings like a real thing (casting shadows,
    /// reflecting, moving in the wind, echoing): yes for one in space, unless the creating
    /// effect says otherwise through the override layer (DD-MAG-17.b, DD-CORE-20.a).
    pub fn reacts_to_surroundings(&self) -> Result<bool, RulesError> {
        Ok(self.in_space && self.overrides.yes(RuleKey::IllusionReactsToSurroundings)?)
    }
}

/// An effect that needs its creator to see the target (DD-COND-09.b): it does not affect a
/// target its creator cannot see (an Invisible one, unless Blindsight or Truesight reaches it).
/// `creator_sees_target` comes from `vision::can_see`. A refusal names the rule.
pub fn sight_targeted(creator_sees_target: bool) -> Result<(), RulesError> {
    if creator_sees_target {
        Ok(())
    } else {
        Err(RulesError::Forbidden {
            rule: "DD-COND-09.b",
            reason: "the effect needs its creator to see the target, who cannot".into(),
        })
    }
}
