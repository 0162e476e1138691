//! Other actions: taunt («Действие «Насмешка»») and readying («Подготовить действие»). The
//! trivial and free-form acts («Скучные мелочи», «Придумываем на ходу») are the Referee's
//! rulings, played as the combat family's `free_act` (CR-ACT-03/04, CR-REF-20).

use serde::{Deserialize, Serialize};

use super::fight::FightError;
use crate::test_roll::{Modifier, ModifierSource, SourceKind};

/// How far a taunt reaches, in squares (CR-ACT-01).
pub const TAUNT_RANGE: u32 = 10;

/// An active taunt: `target` has a bane on attacks that leave `taunter` out, until the
/// taunter's next combat turn starts (CR-ACT-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taunt {
    pub taunter: u32,
    pub target: u32,
}

/// Whether a taunt may be made at `distance` squares: at most 10, with line of effect
/// (CR-ACT-01; line of effect from CR-LOE-01, which the rulebook's paragraph leaves implicit).
/// The taunt then costs the action.
pub fn check_taunt(distance: u32, line_of_effect: bool) -> Result<(), FightError> {
    if distance > TAUNT_RANGE {
        return Err(FightError::TauntTooFar { distance });
    }
    if !line_of_effect {
        return Err(FightError::TauntNoLineOfEffect);
    }
    Ok(())
}

impl Taunt {
    /// The bane on an attack by `attacker` against `targets`, if this taunt applies.
    pub fn modifier_for(&self, attacker: u32, targets: &[u32]) -> Option<Modifier> {
        (attacker == self.target && !targets.contains(&self.taunter)).then(|| {
            Modifier::bane(
                ModifierSource::new(SourceKind::Situation, "taunted").with_rule("CR-ACT-01"),
            )
        })
    }
}

/// What is readied (CR-ACT-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", content = "name", rename_all = "snake_case")]
pub enum Readied {
    Action(String),
    Maneuver(String),
}

/// Whether an act may be readied on this trigger: named in 1…500 characters (CR-ACT-02).
pub fn may_ready(trigger: &str) -> Result<(), FightError> {
    if trigger.trim().is_empty() || trigger.len() > 500 {
        return Err(FightError::BadTrigger);
    }
    Ok(())
}

/// What `creature` readied, if it still has it (CR-ACT-02).
pub fn readied<T>(creature: &str, readied: Option<T>) -> Result<T, FightError> {
    readied.ok_or_else(|| FightError::NothingReadied {
        creature: creature.to_string(),
    })
}
