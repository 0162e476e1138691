//! How every ruleset's commands and events name themselves on the wire: one object with one
//! key, its name (`{"attack": {…}}`, or a bare `"end_turn"`), the name telling which of the
//! ruleset's families (core, combat, …) reads it. [`decode_by_family!`] decodes such a value
//! into the family enum whose variant names include that name, with one refusal text for an
//! unknown name in every ruleset.

pub use serde_json::Value as Json;

/// The one key of `{<name>: …}` (or a bare `"<name>"`).
pub fn one_key(value: &Json) -> Option<&str> {
    match value {
        Json::String(s) => Some(s),
        Json::Object(m) if m.len() == 1 => m.keys().next().map(String::as_str),
        _ => None,
    }
}

/// Which of `families` (each the variant names of one family) reads `value`; else why none
/// does, naming every `what` (command, event) `game` knows.
pub fn family_of(
    value: &Json,
    families: &[&[&str]],
    game: &str,
    what: &str,
) -> Result<usize, String> {
    let Some(tag) = one_key(value) else {
        return Err(format!(
            "a {what} is one object with one key, its name: {{\"name\": {{…}}}}"
        ));
    };
    if let Some(i) = families.iter().position(|names| names.contains(&tag)) {
        return Ok(i);
    }
    let mut known: Vec<&str> = families.iter().flat_map(|f| f.iter().copied()).collect();
    known.sort_unstable();
    Err(format!(
        "unknown {what} `{tag}`; the {game} {what}s are: {}",
        known.join(", ")
    ))
}

/// Decodes `value` as `T` (its error in words).
pub fn from_json<T: serde::de::DeserializeOwned>(value: Json) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// Inside `impl Deserialize for TheEnum`: decodes a [`Json`] value into the variant
/// `Family(FamilyEnum)` whose family has its name, as `Result<Self, String>`. `$names` is the
/// caller's `fn names<T>() -> &'static [&'static str]` (e.g. strum's `VariantNames`).
///
/// ```text
/// engine::decode_by_family!(value, "Crows", "command", variant_names;
///     Core(CoreCommand), Combat(CombatCommand))
/// ```
#[macro_export]
macro_rules! decode_by_family {
    ($value:expr, $game:literal, $what:literal, $names:ident; $($family:ident($ty:ty)),+ $(,)?) => {
        (|| -> ::std::result::Result<Self, ::std::string::String> {
            let value: $crate::wire::Json = $value;
            let families: &[&[&str]] = &[$($names::<$ty>()),+];
            let found = $crate::wire::family_of(&value, families, $game, $what)?;
            let mut i = 0usize;
            $(
                if found == i {
                    return $crate::wire::from_json::<$ty>(value).map(Self::$family);
                }
                i += 1;
            )+
            ::std::result::Result::Err(::std::format!("no family reads this {} ({i})", $what))
        })()
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_one_key_names_the_family_and_an_unknown_name_lists_the_known_ones() {
        let families: &[&[&str]] = &[&["b", "a"], &["c"]];
        assert_eq!(
            family_of(&json!({"c": {}}), families, "Demo", "command"),
            Ok(1)
        );
        assert_eq!(family_of(&json!("a"), families, "Demo", "command"), Ok(0));
        assert_eq!(
            family_of(&json!({"z": 1}), families, "Demo", "command"),
            Err("unknown command `z`; the Demo commands are: a, b, c".to_string())
        );
        assert_eq!(
            family_of(&json!({"a": 1, "c": 2}), families, "Demo", "event"),
            Err("a event is one object with one key, its name: {\"name\": {…}}".to_string())
        );
    }
}
