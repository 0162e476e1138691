//! `delve grid`: distance, cover on a map file and area squares, through the real binary.

use serde_json::{Value, json};
use std::process::{Command, Output};

fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("delve runs")
}

/// Runs a `--json` command and returns its one JSON object.
fn json_of(args: &[&str]) -> Value {
    let out = delve(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut stream = serde_json::Deserializer::from_str(&text).into_iter::<Value>();
    let v = stream.next().expect("one object").expect("valid JSON");
    assert!(stream.next().is_none(), "more than one JSON value printed");
    v
}

/// Runs a command that must fail and returns its error message.
fn refusal(args: &[&str]) -> String {
    let out = delve(args);
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?} printed on refusal");
    String::from_utf8(out.stderr).expect("utf-8")
}

/// Writes a map file of its own (named after its content's hash) into `dir`.
fn map_file(dir: &tempfile::TempDir, body: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut h);
    let path = dir.path().join(format!("map-{:x}.json", h.finish()));
    std::fs::write(&path, body).expect("write map");
    path.display().to_string()
}

#[test]
fn grid_distance_counts_diagonals_either_way() {
    let v = json_of(&["grid", "distance", "--from", "0,0", "--to", "4,4", "--json"]);
    assert_eq!(v, json!({"squares": 4, "feet": 20}));
    let v = json_of(&[
        "grid",
        "distance",
        "--from",
        "0,0",
        "--to",
        "4,4",
        "--diagonals",
        "alternating",
        "--json",
    ]);
    assert_eq!(v, json!({"squares": 6, "feet": 30}));
    let out = delve(&["grid", "distance", "--from", "-2,0", "--to", "3,1"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "5 squares (25 ft)\n");
    let e = refusal(&["grid", "distance", "--from", "0;0", "--to", "1,1"]);
    assert!(e.contains("a square is X,Y"), "{e}");
    let e = refusal(&[
        "grid",
        "distance",
        "--from",
        "0,0",
        "--to",
        "1,1",
        "--diagonals",
        "x",
    ]);
    assert!(e.contains("one-each or alternating"), "{e}");
}

#[test]
fn grid_cover_grades_blocked_corners_from_a_map_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let low = map_file(&dir, r#"{"cells": [{"x": 2, "y": 0, "obstacle": "wall"}]}"#);
    let v = json_of(&[
        "grid", "cover", "--map", &low, "--from", "0,0", "--to", "3,0", "--json",
    ]);
    assert_eq!(v, json!({"blocked_corners": 2, "cover": "half"}));
    let v = json_of(&[
        "grid", "cover", "--map", &low, "--from", "0,0", "--to", "3,3", "--json",
    ]);
    assert_eq!(v, json!({"blocked_corners": 0, "cover": "none"}));
    let tall = map_file(
        &dir,
        r#"{"cells": [{"x": 2, "y": -1, "obstacle": "wall"}, {"x": 2, "y": 0, "obstacle": "window"},
            {"x": 2, "y": 1, "obstacle": "wall"}]}"#,
    );
    let v = json_of(&[
        "grid", "cover", "--map", &tall, "--from", "0,0", "--to", "3,0", "--json",
    ]);
    assert_eq!(v, json!({"blocked_corners": 4, "cover": "total"}));
    // Through the window the target is in plain sight.
    let v = json_of(&[
        "grid", "cover", "--map", &tall, "--from", "0,0", "--to", "3,0", "--sight", "--json",
    ]);
    assert_eq!(v, json!({"blocked_corners": 0, "cover": "none"}));
    let out = delve(&[
        "grid", "cover", "--map", &low, "--from", "0,0", "--to", "3,0",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "half cover (2 of 4 corners blocked)\n"
    );
}

#[test]
fn grid_cover_refuses_bad_maps_and_spaces() {
    let dir = tempfile::tempdir().expect("temp dir");
    let twice = map_file(
        &dir,
        r#"{"cells": [{"x": 1, "y": 1, "obstacle": "wall"}, {"x": 1, "y": 1}]}"#,
    );
    let e = refusal(&[
        "grid", "cover", "--map", &twice, "--from", "0,0", "--to", "3,0",
    ]);
    assert!(e.contains("map square 1,1 is listed twice"), "{e}");
    let unknown = map_file(&dir, r#"{"cells": [{"x": 1, "y": 1, "obstacle": "lava"}]}"#);
    let e = refusal(&[
        "grid", "cover", "--map", &unknown, "--from", "0,0", "--to", "3,0",
    ]);
    assert!(e.contains("not a map file"), "{e}");
    let ok = map_file(&dir, r#"{"cells": []}"#);
    let e = refusal(&[
        "grid",
        "cover",
        "--map",
        &ok,
        "--from",
        "0,0",
        "--to",
        "3,0",
        "--to-side",
        "9",
    ]);
    assert!(e.contains("--to-side must be 1…4"), "{e}");
    let e = refusal(&[
        "grid",
        "cover",
        "--map",
        "/nonexistent/map.json",
        "--from",
        "0,0",
        "--to",
        "3,0",
    ]);
    assert!(e.contains("map /nonexistent/map.json"), "{e}");
}

fn squares(v: &Value) -> Vec<(i64, i64)> {
    v["squares"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| (p[0].as_i64().expect("x"), p[1].as_i64().expect("y")))
        .collect()
}

#[test]
fn grid_area_lists_the_squares_of_a_cone_a_sphere_and_a_line() {
    // A 15-foot cone from the corner at 0,0 aimed due east.
    let v = json_of(&[
        "grid", "area", "--shape", "cone", "--size", "15", "--origin", "0,0", "--toward", "1,0",
        "--json",
    ]);
    assert_eq!(squares(&v), [(1, -1), (1, 0), (2, -1), (2, 0)]);
    // Aimed from the middle of a square's west edge the same cone takes the row it starts in.
    let v = json_of(&[
        "grid", "area", "--shape", "cone", "--size", "15", "--origin", "0,0.5", "--toward",
        "1,0.5", "--json",
    ]);
    assert_eq!(squares(&v), [(0, 0), (1, 0), (2, -1), (2, 0), (2, 1)]);
    let v = json_of(&[
        "grid", "area", "--shape", "sphere", "--size", "20", "--origin", "0,0", "--json",
    ]);
    assert_eq!(squares(&v).len(), 52);
    let v = json_of(&[
        "grid", "area", "--shape", "line", "--size", "30", "--origin", "0,0.5", "--toward",
        "5,0.5", "--json",
    ]);
    assert_eq!(squares(&v), (0..6).map(|x| (x, 0)).collect::<Vec<_>>());
    // A 10-foot emanation around a Medium creature, its own square left out.
    let v = json_of(&[
        "grid",
        "area",
        "--shape",
        "emanation",
        "--size",
        "10",
        "--origin",
        "3,3",
        "--json",
    ]);
    let sq = squares(&v);
    assert_eq!(sq.len(), 20);
    assert!(!sq.contains(&(3, 3)));
    let v = json_of(&[
        "grid",
        "area",
        "--shape",
        "emanation",
        "--size",
        "10",
        "--origin",
        "3,3",
        "--include-origin",
        "--json",
    ]);
    assert!(squares(&v).contains(&(3, 3)));
    // Square-native: Crows' aura of 1 square around a Large creature.
    let v = json_of(&[
        "grid", "area", "--shape", "aura", "--size", "5", "--origin", "0,0", "--space", "2",
        "--json",
    ]);
    assert_eq!(squares(&v).len(), 16);
    // The human picture.
    let out = delve(&[
        "grid", "area", "--shape", "cube", "--size", "10", "--origin", "0,0", "--toward", "1,1",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "4 squares\nx 0…1, y 0…1:\n##\n##\n"
    );
}

#[test]
fn grid_area_switches_coverage_and_stops_at_walls() {
    // A 50-foot cone along the diagonal: 57 squares by centres, 55 at least half inside.
    let cone = |extra: &[&str]| {
        let mut args = vec![
            "grid", "area", "--shape", "cone", "--size", "50", "--origin", "0,0", "--toward",
            "1,1", "--json",
        ];
        args.extend_from_slice(extra);
        squares(&json_of(&args)).len()
    };
    assert_eq!((cone(&[]), cone(&["--coverage", "half"])), (57, 55));
    let dir = tempfile::tempdir().expect("temp dir");
    let wall = map_file(
        &dir,
        r#"{"cells": [{"x": 2, "y": -1, "obstacle": "wall"}, {"x": 2, "y": 0, "obstacle": "wall"}]}"#,
    );
    let v = json_of(&[
        "grid", "area", "--shape", "line", "--size", "30", "--origin", "0,0.5", "--toward",
        "5,0.5", "--map", &wall, "--json",
    ]);
    // The wall's own square is hit; nothing beyond it.
    assert_eq!(squares(&v), [(0, 0), (1, 0), (2, 0)]);
}

#[test]
fn grid_area_refuses_what_it_cannot_draw() {
    let e = refusal(&[
        "grid", "area", "--shape", "cone", "--size", "15", "--origin", "0,0",
    ]);
    assert!(e.contains("needs a direction"), "{e}");
    let e = refusal(&[
        "grid", "area", "--shape", "sphere", "--size", "5000", "--origin", "0,0",
    ]);
    assert!(e.contains("radius (ft) must be 1…1000, got 5000"), "{e}");
    let e = refusal(&[
        "grid", "area", "--shape", "blob", "--size", "5", "--origin", "0,0",
    ]);
    assert!(e.contains("unknown --shape"), "{e}");
    let e = refusal(&[
        "grid", "area", "--shape", "sphere", "--size", "5", "--origin", "0.25,0",
    ]);
    assert!(e.contains("whole or half numbers"), "{e}");
    let e = refusal(&[
        "grid", "area", "--shape", "aura", "--size", "7", "--origin", "0,0",
    ]);
    assert!(e.contains("multiple of 5 feet"), "{e}");
    let e = refusal(&[
        "grid",
        "area",
        "--shape",
        "sphere",
        "--size",
        "5",
        "--origin",
        "0,0",
        "--coverage",
        "most",
    ]);
    assert!(e.contains("centre or half"), "{e}");
}

#[test]
fn grid_help_documents_the_map_file_and_the_commands() {
    let out = delve(&["help", "grid"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "delve grid distance",
        "delve grid cover",
        "delve grid area",
        "\"obstacle\": \"wall\"",
        "--coverage centre",
    ] {
        assert!(
            text.contains(needle),
            "{needle} missing from delve help grid"
        );
    }
}
