//! Errata about words (CR-ERR-25, 26, 85, 86): what the product shows. The Russian UI text is
//! the server's shell `web/i18n/ru.ftl` with the Crows screens' `web/rulesets/crows/ru.ftl`;
//! the rules' own text is this crate's sources and the shipped
//! content. Each test reads them as shipped.

use std::path::{Path, PathBuf};

const RU_SHELL: &str = include_str!("../../../../server/web/i18n/ru.ftl");
const RU_CROWS: &str = include_str!("../../../../server/web/rulesets/crows/ru.ftl");

/// The Russian messages a Crows table shows: the shell's and the Crows screens'.
fn ru() -> String {
    format!("{RU_SHELL}\n{RU_CROWS}")
}

/// Every `key = value` message of a Fluent file, comments left out.
fn messages(ftl: &str) -> Vec<(&str, &str)> {
    ftl.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(" = "))
        .collect()
}

/// Every text file under these roots of the workspace (sources, content, UI).
fn product_text() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = ["crates/crows/src", "content", "crates/server/web"]
        .iter()
        .map(|d| root.join(d))
        .collect();
    while let Some(p) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&p) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                out.push((path, text));
            }
        }
    }
    assert!(out.len() > 10, "the product's files were found");
    out
}

fn nowhere(words: &[&str]) {
    for (path, text) in product_text() {
        let lower = text.to_lowercase();
        for w in words {
            assert!(
                !lower.contains(&w.to_lowercase()),
                "{} says {w:?}",
                path.display()
            );
        }
    }
}

#[test]
fn cr_err_25_the_healing_god_is_always_the_healer() {
    nowhere(&["the Barber", "Цирюльник"]);
}

#[test]
fn cr_err_26_the_characters_book_is_never_the_players_guide() {
    nowhere(&["Player's Guide", "Players Guide", "Руководство игрока"]);
}

#[test]
fn cr_err_85_belt_and_hands_are_never_bare_words_in_the_ui() {
    let ru = ru();
    let m = messages(&ru);
    for (key, value) in &m {
        for bare in ["Пояс", "Руки"] {
            assert_ne!(value.trim(), bare, "{key}: a bare «{bare}»");
        }
    }
    let get = |k: &str| m.iter().find(|(key, _)| *key == k).map(|(_, v)| *v);
    assert_eq!(get("slot-belt"), Some("Слоты пояса"));
    assert_eq!(get("slot-hand"), Some("Слоты рук"));
    assert_eq!(get("magic-Waist"), Some("Магический слот: пояс"));
    assert_eq!(get("magic-Arms"), Some("Магический слот: руки"));
}

#[test]
fn cr_err_86_a_turn_is_always_a_combat_turn_or_a_dungeon_turn_in_the_ui() {
    // «ход» in any case form must be «боевой ход» or «ход подземелья».
    let forms = ["ход", "хода", "ходы", "ходу", "ходом", "ходов", "ходам"];
    let ru = ru();
    for (key, value) in messages(&ru) {
        let lower = value.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        for (i, w) in words.iter().enumerate() {
            if !forms.contains(w) {
                continue;
            }
            let dungeon = words.get(i + 1) == Some(&"подземелья");
            let combat = i > 0 && words[i - 1].starts_with("боев");
            assert!(dungeon || combat, "{key} = {value}: a bare «{w}»");
        }
    }
}
