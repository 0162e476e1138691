//! What every family uses and that knows no family: the [`Acks`] type and the refusals
//! (`acks_err`, `refuse`, `no_creature`).

use engine::RuleError;

use crate::AcksError;

/// The ACKS ruleset (registry name `acks`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Acks;

/// A refusal from a pure rule: its message, and the checklist id, table or limit it names.
pub fn acks_err(code: &str, e: AcksError) -> RuleError {
    let rule = match &e {
        AcksError::OutOfRange { rule, .. } | AcksError::JudgeTable { rule, .. } => {
            (*rule).to_string()
        }
        AcksError::MissingTable { .. } => "AC-OPEN-08".to_string(),
        AcksError::NoRow { table, .. } | AcksError::NoSuchRow { table, .. } => table.to_string(),
        AcksError::BadHitDice(_) => "T-14".to_string(),
        AcksError::UnknownTable(_) => "AC-GEN-02".to_string(),
    };
    RuleError::new(code, e.to_string()).rule(rule)
}

/// A refusal of the ruleset's own, naming the rule or limit.
pub fn refuse(code: &str, rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message).rule(rule)
}

/// The one refusal for a creature that is missing or that the actor may not see.
pub fn no_creature(id: &str) -> RuleError {
    RuleError::new("unknown_creature", format!("no creature `{id}`"))
}
