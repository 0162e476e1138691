//! The refusal every rule and limit gives: a code, words, and the rule or limit it names.

use serde::Serialize;
use std::fmt;

/// A rule refused a command, or a rule could not be applied. Names the rule or limit involved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct RuleError {
    /// Machine-readable code (e.g. `not_enough_slots`).
    pub code: String,
    /// Human-readable message.
    pub message: String,
    /// The rule or limit involved (a checklist id such as `CR-INV-03`, or a limit's name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Located problems in a user's files (a refused content pack): each one's file, line,
    /// column and field as data, so no reader parses them back out of `message` (which still
    /// lists them for people, one per line).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub issues: Vec<Issue>,
    /// The refusal's arguments, for a client that words it itself (message id from `code`);
    /// `message` stays the English words.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub args: serde_json::Map<String, serde_json::Value>,
}

/// One located problem in a user's file (a content pack).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Issue {
    pub file: String,
    /// 1-based; 0 when the problem has no position.
    pub line: usize,
    /// 1-based; 0 when the problem has no position.
    pub column: usize,
    /// The field path, e.g. `items[3].weapon.range` (empty for the whole file).
    pub field: String,
    pub message: String,
}

impl RuleError {
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        RuleError {
            code: code.into(),
            message: message.into(),
            rule: None,
            issues: Vec::new(),
            args: serde_json::Map::new(),
        }
    }
    /// Names the rule (e.g. a checklist id) this error enforces.
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }
    /// Adds the refusal's arguments ([`RuleError::args`]) to those it has (a key given again
    /// takes the new value); anything but a JSON object is ignored.
    pub fn with_args(mut self, args: serde_json::Value) -> Self {
        if let serde_json::Value::Object(map) = args {
            self.args.extend(map);
        }
        self
    }
    /// Attaches the located problems this refusal is about (see [`RuleError::issues`]).
    pub fn with_issues(mut self, issues: Vec<Issue>) -> Self {
        self.issues = issues;
        self
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.rule {
            Some(rule) => write!(f, "{} (rule {rule})", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RuleError {}
