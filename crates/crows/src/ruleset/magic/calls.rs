//! What the magic commands ask of the table: a setting from the table config, and a call
//! put to the Referee.

use engine::{Answerer, Ctx, DecisionRequest, RuleError, Visibility};
use serde_json::Value;

use crate::ruleset::adapter::Crows;

/// The table's config value of `key`, read as `T` (absent or unreadable: the default).
pub(in crate::ruleset) fn config<T: serde::de::DeserializeOwned + Default>(
    ctx: &Ctx<'_, Crows>,
    key: &str,
) -> T {
    ctx.core()
        .config
        .get(key)
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default()
}

/// Opens a Referee decision of this family with free text for the answer.
pub(in crate::ruleset) fn ask_referee(
    ctx: &mut Ctx<'_, Crows>,
    kind: &str,
    prompt: String,
    options: &[(&str, &str)],
    context: Value,
) -> Result<String, RuleError> {
    let request = DecisionRequest::new(
        format!("crows.magic.{kind}"),
        prompt,
        Answerer::Referee,
        options,
    )
    .with_free_text()
    .with_visibility(Visibility::Referee)
    // The prompt's words come from the context's ids and numbers.
    .with_args(context.clone())
    .with_context(context);
    ctx.ask(request)
}
