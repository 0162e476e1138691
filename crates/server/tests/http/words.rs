//! The web UI words every Crows event and decision in both languages (issue 23): a log line
//! that falls back to the event's raw fields, or a prompt left in the server's English, fails
//! here. Reads the message files the server embeds (`web/i18n`, `web/rulesets/crows`).

use std::collections::BTreeSet;

fn ftl(path: &str) -> String {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("web")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// Message ids defined in a Fluent text (`id = …` at the start of a line).
fn ids(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|l| l.split_once(" ="))
        .map(|(id, _)| id.to_string())
        .filter(|id| {
            id.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .collect()
}

/// The ids both languages define, shell and Crows screens together.
fn both_languages() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut en = ids(&ftl("i18n/en.ftl"));
    en.extend(ids(&ftl("rulesets/crows/en.ftl")));
    let mut ru = ids(&ftl("i18n/ru.ftl"));
    ru.extend(ids(&ftl("rulesets/crows/ru.ftl")));
    (en, ru)
}

#[test]
fn crows_every_event_has_a_log_line_in_both_languages() {
    let (en, ru) = both_languages();
    let names = crows::ruleset::event_names();
    assert!(names.len() > 100, "{} event names", names.len());
    let mut missing = Vec::new();
    for name in names {
        let id = format!("ev-rules-{name}");
        for (lang, set) in [("en", &en), ("ru", &ru)] {
            if !set.contains(&id) {
                missing.push(format!("{lang}: {id}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} log lines fall back to raw fields:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn crows_every_decision_has_a_prompt_in_both_languages() {
    let (en, ru) = both_languages();
    let mut missing = Vec::new();
    for kind in crows::ruleset::DECISION_KINDS {
        let id = format!("dec-{}", kind.replace('.', "-"));
        for (lang, set) in [("en", &en), ("ru", &ru)] {
            if !set.contains(&id) {
                missing.push(format!("{lang}: {id}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} decisions keep the server's English prompt:\n{}",
        missing.len(),
        missing.join("\n")
    );
}
