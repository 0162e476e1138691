//! The two layers of the crate (ARCHITECTURE.md, "One rule, one place"): the pure rules know
//! no engine and no adapter; only `src/ruleset/` plugs them into the engine.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments (line comments and doc comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_pure_rules_import_no_engine_and_no_adapter() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let adapter = src.join("ruleset");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let pure: Vec<&PathBuf> = files.iter().filter(|p| !p.starts_with(&adapter)).collect();
    assert!(pure.len() > 40, "{} pure files", pure.len());
    let mut wrong = Vec::new();
    for path in pure {
        let text = std::fs::read_to_string(path).expect("a source file");
        let code = code(&text);
        for needle in ["engine::", "crate::ruleset", "super::ruleset"] {
            if code.contains(needle) && !path.ends_with("lib.rs") {
                wrong.push(format!("{}: {needle}", path.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "pure modules reach the engine or the adapter:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_adapter_names_no_rule_in_a_refusal_of_its_own() {
    // Every refusal naming a CR rule comes from a pure module's error (`err(code, e)`); the
    // adapter may name only its own limits (`MAX_…`, `query.…`).
    let adapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruleset");
    let mut files = Vec::new();
    sources(&adapter, &mut files);
    let mut wrong = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a source file");
        let code = code(&text);
        for (i, line) in code.lines().enumerate() {
            if line.contains(".rule(\"CR-") || line.contains("refuse(") && line.contains("\"CR-") {
                wrong.push(format!("{}:{}", path.display(), i + 1));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the adapter refuses by a rule itself:\n{}",
        wrong.join("\n")
    );
}
