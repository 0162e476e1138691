//! Trying again («Повторная попытка», CR-RETRY-01, CR-REF-07).
//!
//! Once a creature has made a test for a task, the same test waits until the Referee marks
//! the circumstances as changed. The rulebook says this of any test made (its example is a
//! failed one; the checklist words it for failed tests): the ledger records every attempt and
//! the engine asks the Referee instead of silently allowing a repeat.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{TestError, Tier};

/// What the ledger says about a new attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum RetryStatus {
    /// First attempt, or the Referee marked the circumstances changed since the last one.
    Allowed,
    /// Same task again with nothing changed: warn and let the Referee rule (CR-REF-07).
    NeedsChangedCircumstances { previous: Tier, rule: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Attempt {
    last: Tier,
    changed: bool,
}

/// Attempts per (actor, task). Actors and tasks are the engine's ids.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RetryLedger {
    attempts: BTreeMap<String, BTreeMap<String, Attempt>>,
}

impl RetryLedger {
    /// A test of `task` by `actor` is allowed unless a second attempt waits for the Referee's
    /// ruling that the circumstances changed (CR-RETRY-01, or the rule the ledger names).
    pub fn may_try(&self, actor: &str, task: &str) -> Result<(), TestError> {
        match self.status(actor, task) {
            RetryStatus::Allowed => Ok(()),
            RetryStatus::NeedsChangedCircumstances { previous, rule } => {
                Err(TestError::RetryBlocked {
                    creature: actor.to_string(),
                    task: task.to_string(),
                    tier: previous.number(),
                    rule,
                })
            }
        }
    }

    /// The Referee says the circumstances of `actor`'s blocked `task` changed: refused when
    /// nothing is blocked (CR-RETRY-01).
    pub fn may_change_circumstances(&self, actor: &str, task: &str) -> Result<(), TestError> {
        if self.status(actor, task) == RetryStatus::Allowed {
            return Err(TestError::NothingToRetry {
                creature: actor.to_string(),
                task: task.to_string(),
            });
        }
        Ok(())
    }

    pub fn status(&self, actor: &str, task: &str) -> RetryStatus {
        match self.attempts.get(actor).and_then(|t| t.get(task)) {
            Some(a) if !a.changed => RetryStatus::NeedsChangedCircumstances {
                previous: a.last,
                rule: "CR-RETRY-01".to_owned(),
            },
            _ => RetryStatus::Allowed,
        }
    }

    /// Records a resolved attempt.
    pub fn record(&mut self, actor: &str, task: &str, final_tier: Tier) {
        self.attempts.entry(actor.to_owned()).or_default().insert(
            task.to_owned(),
            Attempt {
                last: final_tier,
                changed: false,
            },
        );
    }

    /// The Referee rules that the circumstances changed enough (better tools, an oiled lock…).
    /// Returns false when there was no attempt to unblock.
    pub fn mark_changed(&mut self, actor: &str, task: &str) -> bool {
        match self.attempts.get_mut(actor).and_then(|t| t.get_mut(task)) {
            Some(a) => {
                a.changed = true;
                true
            }
            None => false,
        }
    }
}
