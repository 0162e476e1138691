//! What a test leaves to the Referee (or, once, to the player), as data the engine can ask.
//!
//! A [`DecisionRequest`] lists the options; the engine records the chosen
//! [`DecisionAnswer`] (with an optional free-text consequence) and never picks by itself.

use serde::{Deserialize, Serialize};

use super::{ResolvedTest, TestKind, Tier};

/// Who must answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    Referee,
    /// The player of the creature making the test.
    Player,
}

/// What is being decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Tier 1: whether a setback follows, and which (CR-CHECK-07, CR-REF-04).
    Tier1Setback,
    /// Tier 2: partial success or success at a cost, and the cost (CR-CHECK-08, CR-REF-05).
    Tier2Outcome,
    /// The extra benefit of a crit (CR-CRIT-03, CR-REF-06, CR-REF-09 for RRs).
    CritBenefit,
    /// The serious setback of a doom (CR-CRIT-03, CR-REF-06, CR-REF-09 for RRs).
    DoomSetback,
    /// The player confirms a certainly deadly attempt (CR-CHECK-03).
    CertainDeath,
}

/// One answer the decider may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefereeOption {
    NoSetback,
    Setback,
    PartialSuccess,
    SuccessAtCost,
    /// A crit benefit described by the Referee.
    Benefit,
    /// RR crit: a chance to harm whatever forced the roll, like a counter (CR-RR-03).
    HarmSource,
    /// RR crit: an ally making the same roll gets tier 3 automatically (CR-RR-03).
    AllyAutomaticTier3,
    /// A doom setback described by the Referee.
    SeriousSetback,
    /// RR doom: 1d10 extra damage on top of the tier-1 harm (CR-RR-03).
    ExtraDamage1d10,
    /// CR-CHECK-03: go ahead anyway.
    ProceedAnyway,
    /// CR-CHECK-03: do not do it.
    Abandon,
}

/// A question the engine must put to the right person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionRequest {
    pub kind: DecisionKind,
    pub decider: Decider,
    /// The requirement that leaves this open.
    pub rule: String,
    pub options: Vec<RefereeOption>,
}

/// The recorded answer: one of the options, and the consequence in words where needed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionAnswer {
    pub option: RefereeOption,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// An answer that is not among the request's options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{option:?} is not an option of this {kind:?} decision ({rule})")]
pub struct InvalidAnswer {
    pub option: RefereeOption,
    pub kind: DecisionKind,
    pub rule: String,
}

impl DecisionRequest {
    fn new(kind: DecisionKind, decider: Decider, rule: &str, options: &[RefereeOption]) -> Self {
        Self {
            kind,
            decider,
            rule: rule.to_owned(),
            options: options.to_vec(),
        }
    }

    /// Accepts an answer only if it is one of the options.
    pub fn answer(&self, answer: DecisionAnswer) -> Result<DecisionAnswer, InvalidAnswer> {
        if self.options.contains(&answer.option) {
            Ok(answer)
        } else {
            Err(InvalidAnswer {
                option: answer.option,
                kind: self.kind,
                rule: self.rule.clone(),
            })
        }
    }
}

/// The confirmation the player must give before a certainly deadly attempt (CR-CHECK-03).
pub fn certain_death_prompt() -> DecisionRequest {
    DecisionRequest::new(
        DecisionKind::CertainDeath,
        Decider::Player,
        "CR-CHECK-03",
        &[RefereeOption::ProceedAnyway, RefereeOption::Abandon],
    )
}

impl ResolvedTest {
    /// The open questions this result leaves, in the order to ask them.
    pub fn decisions(&self) -> Vec<DecisionRequest> {
        use RefereeOption as O;
        let mut out = Vec::new();
        let rr = self.rolled.spec.kind == TestKind::ResistanceRoll;
        // A doom under an automatic tier (attacks on the unconscious, CR-ERR-28) stays tier 3
        // and brings no setback.
        if self.doom && self.final_tier == Tier::One {
            if !self.rolled.spec.doom_defined_by_rule {
                let options: &[O] = if rr {
                    &[O::ExtraDamage1d10, O::SeriousSetback]
                } else {
                    &[O::SeriousSetback]
                };
                let rule = if rr { "CR-REF-09" } else { "CR-REF-06" };
                out.push(DecisionRequest::new(
                    DecisionKind::DoomSetback,
                    Decider::Referee,
                    rule,
                    options,
                ));
            }
        } else if self.crit && !self.rolled.spec.crit_defined_by_rule {
            let options: &[O] = if rr {
                &[O::HarmSource, O::AllyAutomaticTier3, O::Benefit]
            } else {
                &[O::Benefit]
            };
            let rule = if rr { "CR-REF-09" } else { "CR-REF-06" };
            out.push(DecisionRequest::new(
                DecisionKind::CritBenefit,
                Decider::Referee,
                rule,
                options,
            ));
        }
        // A doom's setback replaces the ordinary tier-1 question; a crit is tier 3.
        if !self.doom {
            match self.final_tier {
                Tier::One => out.push(DecisionRequest::new(
                    DecisionKind::Tier1Setback,
                    Decider::Referee,
                    "CR-REF-04",
                    &[O::NoSetback, O::Setback],
                )),
                Tier::Two => out.push(DecisionRequest::new(
                    DecisionKind::Tier2Outcome,
                    Decider::Referee,
                    "CR-REF-05",
                    &[O::PartialSuccess, O::SuccessAtCost],
                )),
                Tier::Three => {}
            }
        }
        out
    }
}
