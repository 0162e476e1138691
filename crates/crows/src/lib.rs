//! The Crows ruleset. (skeleton)
