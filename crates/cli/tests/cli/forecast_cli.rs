//! `delve forecast fight` on dnd2024 and acks tables (Crows' is in `table_crows_cli`).

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{Value, json};

fn table(db: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_delve"))
        .arg("table")
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn new_table(db: &Path, ruleset: &str) -> String {
    table(
        db,
        &[
            "new",
            "--ruleset",
            ruleset,
            "--name",
            "Fight",
            "--seed",
            "3",
        ],
    )
    .trim()
    .to_string()
}

fn command(db: &Path, id: &str, cmd: Value) {
    table(db, &["command", id, "--as", "referee", &cmd.to_string()]);
}

/// `delve forecast fight` with 40 runs, seed 7 and two threads unless `extra` names them.
fn forecast(db: &Path, id: &str, extra: &[&str]) -> Output {
    let threads = if extra.contains(&"--threads") {
        &[][..]
    } else {
        &["--threads", "2"][..]
    };
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(["forecast", "fight", "--table", id, "--db"])
        .arg(db)
        .args(["--runs", "40", "--seed", "7"])
        .args(threads)
        .args(extra)
        .output()
        .unwrap()
}

fn report(db: &Path, id: &str, extra: &[&str]) -> Value {
    let mut args = extra.to_vec();
    args.push("--json");
    let out = forecast(db, id, &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn sides_sum(r: &Value) -> f64 {
    ["characters", "monsters"]
        .iter()
        .map(|s| r["sides"][s]["win"].as_f64().unwrap())
        .sum::<f64>()
        + r["sides"]["draw"]["p"].as_f64().unwrap()
}

#[test]
fn forecast_fight_on_a_dnd2024_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let id = new_table(&db, "dnd2024");
    let sheet = |id: &str, kind: &str, hp: u32| {
        json!({"id": id, "name": id, "kind": kind,
            "abilities": {"strength": 14, "dexterity": 12, "constitution": 12,
                "intelligence": 10, "wisdom": 10, "charisma": 10},
            "armor_class": 13, "hit_points": hp, "speed": {"walk": 30},
            "attacks": [{"name": "Sword", "bonus": 4, "reach_ft": 5,
                "damage": [{"dice": "1d8+2", "damage_type": "slashing"}]}]})
    };
    for (i, (c, kind)) in [("vera", "character"), ("orc", "monster")]
        .iter()
        .enumerate()
    {
        command(
            &db,
            &id,
            json!({"rules": {"add_creature": {"creature": sheet(c, kind, 12)}}}),
        );
        command(
            &db,
            &id,
            json!({"rules": {"place": {"creature": c, "x": 4 * i, "y": 0}}}),
        );
    }
    let log = table(&db, &["log", &id]);
    let r = report(&db, &id, &[]);
    assert_eq!(r["runs"], 40);
    assert!((sides_sum(&r) - 1.0).abs() < 1e-9, "{r}");
    assert_eq!(r["creatures"]["orc"]["side"], "monsters");
    assert!(r["creatures"]["vera"]["hp_left_mean"].is_number(), "{r}");
    assert_eq!(r, report(&db, &id, &["--threads", "1"]), "any thread count");
    let text = forecast(&db, &id, &[]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("characters win") && text.contains("drops to 0") && text.contains("orc"),
        "{text}"
    );
    assert_eq!(table(&db, &["log", &id]), log, "nothing written");
}

#[test]
fn forecast_fight_on_an_acks_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let id = new_table(&db, "acks");
    let pack = include_str!("../../../acks/packs/sample.json");
    command(
        &db,
        &id,
        json!({"rules": {"load_pack": {"files": [{"name": "sample.json", "text": pack}]}}}),
    );
    command(
        &db,
        &id,
        json!({"rules": {"add_character": {"id": "brena", "name": "Brena", "class": "sellsword",
            "level": 2, "abilities": {"strength": 16, "intelligence": 10, "wisdom": 10,
            "dexterity": 10, "constitution": 10, "charisma": 10}, "hp": 12, "speed_ft": 120}}}),
    );
    for rat in ["rat1", "rat2"] {
        command(
            &db,
            &id,
            json!({"rules": {"add_monster": {"id": rat, "card": "gloom_rat", "hp": 4}}}),
        );
        command(&db, &id, json!({"rules": {"reveal": {"creature": rat}}}));
    }
    let log = table(&db, &["log", &id]);
    let r = report(&db, &id, &["--weapon", "brena=1d8"]);
    assert!((sides_sum(&r) - 1.0).abs() < 1e-9, "{r}");
    assert_eq!(r["weapons"], json!({"brena": "1d8"}));
    assert!(r["creatures"]["rat2"]["flees"].is_number(), "{r}");
    let r = report(&db, &id, &["--combatant", "brena", "--combatant", "rat1"]);
    assert!(r["creatures"].get("rat2").is_none(), "{r}");
    let bad = forecast(&db, &id, &["--weapon", "brena"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("ID=DICE"));
    assert_eq!(table(&db, &["log", &id]), log, "nothing written");
}
