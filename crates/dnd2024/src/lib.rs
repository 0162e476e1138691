//! D&D 2024 (SRD 5.2 rules glossary) as pure rules.
//!
//! One module per area of `../shared/rules/dnd2024/CHECKLIST.md`; the IDs (`DD-CORE-08`, …)
//! are named in the docs of each function, and tests are named after them. The pure modules
//! know no engine type: dice arrive as faces chosen by the caller (or as exact odds), and
//! whatever the rules leave to the Game Master is an explicit input, never a guess.
//!
//! [`ruleset`] is the one module that knows the engine: the `dnd2024` table ruleset, which
//! only calls the pure modules.
//!
//! Attribution: this crate implements rules from the System Reference Document 5.2
//! ("SRD 5.2") by Wizards of the Coast LLC, <https://www.dndbeyond.com/srd>, licensed under
//! CC-BY-4.0 (<https://creativecommons.org/licenses/by/4.0/legalcode>). All descriptions
//! here are our own words.

pub mod actions;
pub mod aoe;
pub mod combat;
pub mod conditions;
pub mod core;
pub mod cover;
pub mod creature;
pub mod damage;
pub mod effects;
pub mod environment;
pub mod exceptions;
pub mod hazards;
pub mod import;
pub mod magic;
pub mod monsters;
pub mod movement;
pub mod objects;
pub mod odds;
pub mod options;
pub mod rest;
pub mod ruleset;
pub mod social;
pub mod travel;
pub mod vision;

pub use options::Interpretations;

/// Attribution every pack and output carrying SRD 5.2 facts must keep (CC-BY-4.0).
pub const SRD_ATTRIBUTION: &str = "This work includes material from the System Reference \
Document 5.2 (\"SRD 5.2\") by Wizards of the Coast LLC, available at \
https://www.dndbeyond.com/srd. The SRD 5.2 is licensed under the Creative Commons Attribution \
4.0 International License, available at https://creativecommons.org/licenses/by/4.0/legalcode.";

/// The GM's answer where the rules let the GM allow something (`[GM]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GmAllows {
    Yes,
    No,
}

/// A refused input: names the rule or the limit, and nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A number outside the range a rule allows.
    #[error("{what} must be {min}…{max} ({rule}), got {got}")]
    OutOfRange {
        what: &'static str,
        min: i64,
        max: i64,
        got: i64,
        rule: &'static str,
    },
    /// An operation the rules forbid in the current state.
    #[error("{rule}: {reason}")]
    Forbidden { rule: &'static str, reason: String },
    /// A name that is not one of the rules' terms.
    #[error("unknown {what} `{got}` ({rule}); expected one of: {expected}")]
    Unknown {
        what: &'static str,
        got: String,
        expected: String,
        rule: &'static str,
    },
}

/// Checks `got` against an inclusive range, naming the rule on refusal.
pub(crate) fn in_range(
    what: &'static str,
    got: i64,
    min: i64,
    max: i64,
    rule: &'static str,
) -> Result<(), RulesError> {
    if (min..=max).contains(&got) {
        Ok(())
    } else {
        Err(RulesError::OutOfRange {
            what,
            min,
            max,
            got,
            rule,
        })
    }
}

/// Rounds a division by a positive divisor down, toward negative infinity (DD-CORE-15,
/// Appendix C.1): `div_floor(-9, 2) == -5`. A divisor of 0 or less is a caller bug; it is
/// treated as 1 so the function stays total.
pub fn div_floor(a: i64, b: i64) -> i64 {
    a.div_euclid(b.max(1))
}
