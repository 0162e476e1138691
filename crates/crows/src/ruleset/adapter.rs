//! Small helpers every family uses: rule errors, snake-case names, recorded dice, the
//! table's timing.

use engine::{Ctx, RuleError, Visibility};
use serde::Serialize;
use serde_json::Value;

use crate::inventory::Timing;
use crate::refusal::Refused;

/// A refusal under `code`. A pure module's error ([`Refusal`](crate::refusal::Refusal)) gives its reason and facts as the
/// refusal's `args` (`reason` plus the facts) and its rule; words the ruleset wrote itself
/// name their rule in the text (`CR-…`), read from there.
pub(in crate::ruleset) fn err(code: &str, refusal: impl Into<Refused>) -> RuleError {
    match refusal.into() {
        Refused::Rule(r) => {
            let mut args = r.args();
            args.insert("reason".into(), Value::String(r.reason().into()));
            args.insert("source".into(), Value::String(r.source().into()));
            let e = RuleError::new(code, r.to_string()).with_args(Value::Object(args));
            match r.rule() {
                Some(rule) => e.rule(rule),
                None => e,
            }
        }
        Refused::Words(message) => words(code, message),
    }
}

fn words(code: &str, message: String) -> RuleError {
    let rule = message
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .find(|w| w.starts_with("CR-"))
        .map(str::to_string);
    let e = RuleError::new(code, message);
    match rule {
        Some(r) => e.rule(r),
        None => e,
    }
}

pub(in crate::ruleset) fn snake<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

pub(in crate::ruleset) fn from_snake<T: serde::de::DeserializeOwned>(s: &str) -> Option<T> {
    serde_json::from_value(Value::String(s.to_string())).ok()
}

/// Rolls one die of `sides` faces through ctx (recorded) and returns its face.
pub(in crate::ruleset) fn roll_die(
    ctx: &mut Ctx<'_, Crows>,
    label: &str,
    sides: u8,
    visibility: Visibility,
) -> Result<u8, RuleError> {
    let result = ctx.roll(label, &format!("1d{sides}"), visibility)?;
    crate::dice::face_of(sides, result.total).map_err(|e| err("bad_face", e))
}

pub(in crate::ruleset) fn roll_d6s(
    ctx: &mut Ctx<'_, Crows>,
    label: &str,
    n: u8,
    visibility: &Visibility,
) -> Result<Vec<u8>, RuleError> {
    (0..n)
        .map(|_| roll_die(ctx, label, 6, visibility.clone()))
        .collect()
}

pub(in crate::ruleset) fn timing(ctx: &Ctx<'_, Crows>) -> Timing {
    if ctx.core().clock.combat.is_some() {
        Timing::CombatRounds
    } else {
        Timing::OutsideCombatRounds
    }
}

/// The error for a decision whose recorded context lacks what its answer needs.
/// The value under `key` of a decision context or a stored step, read back as `T`; `None` when
/// it is missing or of another shape (the caller says which refusal or default that means).
pub(in crate::ruleset) fn decoded<T: serde::de::DeserializeOwned>(
    v: &Value,
    key: &str,
) -> Option<T> {
    v.get(key)
        .cloned()
        .and_then(|x| serde_json::from_value(x).ok())
}

pub(super) fn bad_context() -> RuleError {
    RuleError::new("bad_decision", "decision context is incomplete")
}

/// A refusal of the adapter's own, naming the limit it enforces (`MAX_…`); a rule's refusal
/// comes from a pure module through [`err`].
pub(in crate::ruleset) fn refuse(code: &str, rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message).rule(rule)
}

/// The Crows ruleset (registry name `crows`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Crows;

/// The variant names of an enum as its JSON names them (`strum::VariantNames`, derived with
/// the same snake case as its serde names).
pub(in crate::ruleset) fn variant_names<T: strum::VariantNames>() -> &'static [&'static str] {
    T::VARIANTS
}
