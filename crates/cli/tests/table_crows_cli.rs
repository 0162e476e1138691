//! `delve table … --ruleset crows` end to end, on a temporary SQLite file.

use std::path::Path;
use std::process::{Command, Output};

fn delve(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .arg("table")
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap()
}

fn ok(db: &Path, args: &[&str]) -> String {
    let out = delve(db, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn refused(db: &Path, args: &[&str]) -> String {
    let out = delve(db, args);
    assert!(!out.status.success(), "{args:?} was accepted");
    String::from_utf8(out.stderr).unwrap()
}

fn events(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn crows_table_creates_a_crow_and_makes_a_test() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("delve.db");
    assert!(ok(&db, &["rulesets"]).contains("crows"));
    let id = ok(
        &db,
        &[
            "new",
            "--ruleset",
            "crows",
            "--name",
            "Crypt",
            "--seed",
            "42",
        ],
    );
    let id = id.trim();
    ok(
        &db,
        &[
            "command",
            id,
            "--as",
            "referee",
            r#"{"join": {"name": "alice", "role": "player"}}"#,
        ],
    );
    // A new crow's characteristics are −1…2 (CR-CORE-09): 3 is refused, naming the rule.
    let err = refused(
        &db,
        &[
            "command",
            id,
            "--as",
            "referee",
            r#"{"rules": {"create_creature": {"id": "vera", "kind": "crow",
                "characteristics": {"agility": 3, "mind": 0, "strength": 0}, "stamina": 4}}}"#,
        ],
    );
    assert!(err.contains("CR-CORE-09"), "{err}");
    let created = ok(
        &db,
        &[
            "command",
            id,
            "--as",
            "referee",
            r#"{"rules": {"create_creature": {"id": "vera", "name": "Vera", "kind": "crow",
                "characteristics": {"agility": 2, "mind": 0, "strength": -1}, "stamina": 4}}}"#,
        ],
    );
    assert_eq!(
        events(&created)[0]["body"]["event"]["creature_set"]["what"],
        "created"
    );
    ok(
        &db,
        &[
            "command",
            id,
            "--as",
            "referee",
            r#"{"bind": {"player": "alice", "character": "vera"}}"#,
        ],
    );
    // Only the Referee calls for a test (CR-CHECK-01).
    let test =
        r#"{"rules": {"test": {"creature": "vera", "characteristic": "agility", "edges": 1}}}"#;
    assert!(refused(&db, &["command", id, "--as", "alice", test]).contains("not allowed"));
    let out = events(&ok(&db, &["command", id, "--as", "referee", test]));
    let rolls: Vec<i64> = out
        .iter()
        .filter(|e| e["body"]["type"] == "rolled")
        .map(|e| e["body"]["result"]["total"].as_i64().unwrap())
        .collect();
    assert_eq!(rolls.len(), 2, "two recorded d10");
    assert!(rolls.iter().all(|f| (1..=10).contains(f)));
    let resolved = out
        .iter()
        .find_map(|e| e["body"]["event"].get("test_resolved"))
        .expect("no expertise to spend: the test resolves at once")["resolved"]
        .clone();
    assert_eq!(resolved["spec"]["characteristic"], "agility");
    let natural: i64 = rolls.iter().sum();
    assert_eq!(resolved["natural"], natural);
    // natural + Agility 2 + edge 2.
    assert_eq!(resolved["total"], natural + 4);
    let tier = resolved["final_tier"].as_i64().unwrap();
    assert!((1..=3).contains(&tier));
    // Alice sees her crow and the test in her view.
    let view: serde_json::Value =
        serde_json::from_str(&ok(&db, &["show", id, "--as", "alice"])).unwrap();
    assert_eq!(view["rules"]["creatures"]["vera"]["creature"]["stamina"], 4);
    assert_eq!(view["rules"]["last_tests"]["vera"]["final_tier"], tier);
}
