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

/// The snake-case names of the engine's `EventBody` variants, read from its source (the enum
/// is the wire's `type`).
fn engine_event_names() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src/event.rs");
    let text = std::fs::read_to_string(&path).expect("engine/src/event.rs");
    let start = text.find("pub enum EventBody {").expect("EventBody");
    let body = &text[start + "pub enum EventBody {".len()..];
    let mut names = Vec::new();
    let mut depth = 0i32;
    for line in body.lines() {
        let trimmed = line.trim();
        if depth == 0 && trimmed.starts_with('}') {
            break;
        }
        if depth == 0
            && trimmed
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase())
            && let Some(end) = trimmed.find(|c: char| !c.is_ascii_alphanumeric())
        {
            let mut snake = String::new();
            for (i, c) in trimmed[..end].chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    snake.push('_');
                }
                snake.push(c.to_ascii_lowercase());
            }
            names.push(snake);
        }
        depth += line.matches(['{', '(']).count() as i32 - line.matches(['}', ')']).count() as i32;
    }
    names
}

#[test]
fn every_engine_event_has_a_log_line_in_both_languages() {
    let (en, ru) = both_languages();
    let names = engine_event_names();
    assert!(names.len() > 40, "{names:?}");
    // Worded in js/log.js by a branch of their own (the ruleset's events, rolls, decisions,
    // timers, boundaries, access changes); the others through `ev-<type>`.
    let own = [
        "rules",
        "rolled",
        "decision_opened",
        "decision_answered",
        "timer_started",
        "boundary_passed",
        "access_changed",
        "said",
    ];
    let log_js = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/js/log.js"),
    )
    .expect("log.js");
    let mut missing = Vec::new();
    for name in &names {
        if own.contains(&name.as_str()) {
            assert!(
                log_js.contains(&format!("type === \"{name}\"")),
                "js/log.js has no branch for `{name}`"
            );
            continue;
        }
        let id = format!("ev-{name}");
        for (lang, set) in [("en", &en), ("ru", &ru)] {
            if !set.contains(&id) {
                missing.push(format!("{lang}: {id}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} engine log lines fall back to raw fields:\n{}",
        missing.len(),
        missing.join("\n")
    );
}
