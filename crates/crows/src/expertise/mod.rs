//! Expertise («Экспертизы»): +1 tier after the roll, one per test, paid with uses.
//!
//! The names and scopes are the three tables of the rulebook (18 general, 6 spellcasting, 6
//! weapon); [`EXPERTISES`] walks them in book order. A creature's expertises with their uses
//! are an [`Expertises`] value; [`commit_with_expertise`] is the commit point of a test with
//! the category check (CR-EXP-04, CR-SPEC-02/03), the spent use and the +1 tier together.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::test_roll::{Characteristic, ResolvedTest, RolledTest, TestError, TestKind};

pub mod table;
pub use table::*;

use ExpertiseCategory as C;
use ExpertiseName as N;

/// Whether an expertise may be applied to a test (CR-EXP-04, CR-EXP-09, CR-SPEC-02/03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Eligibility {
    /// Obviously relevant: the category and the weapon or discipline match.
    Allowed,
    /// The player names it and argues; the Referee accepts or rejects (CR-EXP-09,
    /// CR-REF-08). Also an expertise outside its category on an ordinary test (CR-EXP-04).
    RefereeApproval,
    /// Refused by a category limit; the rule is named.
    Forbidden {
        reason: &'static str,
        rule: &'static str,
    },
}

/// The eligibility of `expertise` on a test of `kind` (only category limits are enforced;
/// the rest is the Referee's call).
pub fn eligibility(kind: &TestKind, expertise: ExpertiseName) -> Eligibility {
    let category = expertise.category();
    match kind {
        TestKind::Casting { discipline, .. } => match expertise.discipline() {
            Some(d) if d == *discipline => Eligibility::Allowed,
            Some(_) => Eligibility::RefereeApproval,
            None => Eligibility::Forbidden {
                reason: "only spellcasting expertises apply to castings",
                rule: "CR-SPEC-03",
            },
        },
        TestKind::Attack { weapon, .. } => match category {
            C::Weapon if weapon.is_some() && expertise.weapon_category() == *weapon => {
                Eligibility::Allowed
            }
            C::Weapon | C::Spellcasting => Eligibility::RefereeApproval,
            C::General => Eligibility::Forbidden {
                reason: "only spellcasting and weapon expertises apply to attacks",
                rule: "CR-SPEC-02",
            },
        },
        // Ordinary tests, assists and resistance rolls: any justified expertise, with the
        // Referee's approval (general ones are the usual fit; the others at discretion).
        TestKind::Ordinary | TestKind::Assist | TestKind::ResistanceRoll => {
            Eligibility::RefereeApproval
        }
    }
}

/// The expertises the rulebook names as the usual fit for a resistance roll of a
/// characteristic (CR-RR-02): Gymnastics for Agility, Endurance for Mind and Strength.
pub fn typical_for_resistance(characteristic: Characteristic) -> ExpertiseName {
    match characteristic {
        Characteristic::Agility => N::Gymnastics,
        Characteristic::Mind | Characteristic::Strength => N::Endurance,
    }
}

/// One expertise of a creature with its uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpertiseUses {
    /// Uses per rest (set at creation, raised by advancement).
    pub max: u32,
    /// Uses left.
    pub left: u32,
}

/// A creature's expertises (CR-EXP-02/03).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Expertises {
    pub uses: BTreeMap<ExpertiseName, ExpertiseUses>,
}

/// How a rest ended, for restoring uses (CR-EXP-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RestPlace {
    /// An ordinary rest: all uses come back.
    Ordinary,
    /// A rest finished in the Miasma: nothing comes back (CR-MIASMA-02).
    InMiasma,
}

impl Expertises {
    /// Gives (or raises) an expertise with `max` uses, all available.
    pub fn learn(&mut self, name: ExpertiseName, max: u32) {
        self.uses.insert(name, ExpertiseUses { max, left: max });
    }

    pub fn uses_left(&self, name: ExpertiseName) -> u32 {
        self.uses.get(&name).map_or(0, |u| u.left)
    }

    /// Checks that a use can be spent, without spending it.
    pub fn can_spend(&self, name: ExpertiseName) -> Result<(), ExpertiseError> {
        match self.uses.get(&name) {
            None => Err(ExpertiseError::NotKnown(name)),
            Some(u) if u.left == 0 => Err(ExpertiseError::NoUsesLeft(name)),
            Some(_) => Ok(()),
        }
    }

    /// Spends one use (CR-EXP-02).
    pub fn spend(&mut self, name: ExpertiseName) -> Result<(), ExpertiseError> {
        self.can_spend(name)?;
        if let Some(u) = self.uses.get_mut(&name) {
            u.left -= 1;
        }
        Ok(())
    }

    /// Restores every use at the end of a rest, unless it ended in the Miasma (CR-EXP-03).
    pub fn finish_rest(&mut self, place: RestPlace) {
        if place == RestPlace::Ordinary {
            for u in self.uses.values_mut() {
                u.left = u.max;
            }
        }
    }

    /// "You're an expert" (CR-EXP-11): the Referee lets the expertise settle a trivial
    /// matter with no test. No use is spent; the creature must have the expertise.
    pub fn waive_test(&self, name: ExpertiseName) -> Result<Waived, ExpertiseError> {
        if self.uses.contains_key(&name) {
            Ok(Waived { expertise: name })
        } else {
            Err(ExpertiseError::NotKnown(name))
        }
    }

    /// [`Self::waive_test`] for the creature named `creature`, refused in its words
    /// (CR-EXP-11).
    pub fn waive_test_for(
        &self,
        creature: &str,
        name: ExpertiseName,
    ) -> Result<Waived, ExpertiseError> {
        self.waive_test(name).map_err(|_| ExpertiseError::NoWaiver {
            creature: creature.to_string(),
            expertise: name,
        })
    }
}

/// A test the Referee waived because of an expertise (CR-EXP-11): success, no roll, no use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waived {
    pub expertise: ExpertiseName,
}

/// The commit point with an expertise: checks the category limit (a `RefereeApproval`
/// expertise needs `referee_approved`), that it would change the result and that a use is
/// left; then spends one use and commits. Nothing is spent when anything is refused.
pub fn commit_with_expertise(
    rolled: RolledTest,
    expertises: &mut Expertises,
    name: ExpertiseName,
    referee_approved: bool,
) -> Result<ResolvedTest, TestError> {
    match eligibility(&rolled.spec.kind, name) {
        Eligibility::Allowed => {}
        Eligibility::RefereeApproval if referee_approved => {}
        Eligibility::RefereeApproval => {
            return Err(ExpertiseError::RejectedByReferee(name).into());
        }
        Eligibility::Forbidden { reason, rule } => {
            return Err(TestError::ExpertiseNotApplicable {
                expertise: name,
                reason,
                rule,
            });
        }
    }
    expertises.can_spend(name)?;
    let resolved = rolled.commit(Some(name))?;
    expertises.spend(name)?;
    Ok(resolved)
}
