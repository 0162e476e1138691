//! `delve roll` and `delve help dice`, run as the built binary.

use std::process::{Command, Output};

fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("run the delve binary")
}

fn stdout(args: &[&str]) -> String {
    let out = delve(args);
    assert!(
        out.status.success(),
        "delve {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn json(args: &[&str]) -> serde_json::Value {
    let text = stdout(args);
    assert_eq!(
        text.trim_end().lines().count(),
        1,
        "one JSON object on one line: {text}"
    );
    serde_json::from_str(&text).expect("valid JSON")
}

fn failure(args: &[&str]) -> String {
    let out = delve(args);
    assert!(!out.status.success(), "delve {args:?} should fail");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).expect("utf-8")
}

#[test]
fn roll_shows_each_die_label_and_total() {
    let text = stdout(&["roll", "2d10+2 [Agility]", "--seed", "1"]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("Agility: 2d10+2"));
    let dice_line = lines.next().expect("a line for the dice");
    assert!(dice_line.trim_start().starts_with("2d10"), "{text}");
    // The faces shown add up to the subtotal and the total is subtotal + 2.
    let inside = &dice_line[dice_line.find('[').unwrap() + 1..dice_line.find(']').unwrap()];
    let faces: Vec<i64> = inside.split(", ").map(|f| f.parse().unwrap()).collect();
    assert_eq!(faces.len(), 2);
    assert!(faces.iter().all(|f| (1..=10).contains(f)));
    let sum: i64 = faces.iter().sum();
    assert!(dice_line.ends_with(&format!("= {sum}")), "{text}");
    assert!(text.contains(&format!("total: {}", sum + 2)), "{text}");
    assert!(text.contains("seed 1"));
}

#[test]
fn same_seed_same_output() {
    let a = stdout(&["roll", "4d6kh3+1d20", "--seed", "99"]);
    let b = stdout(&["roll", "4d6kh3+1d20", "--seed", "99"]);
    assert_eq!(a, b);
    let a = stdout(&["roll", "2d10+3", "--seed", "7", "--times", "1000"]);
    let b = stdout(&["roll", "2d10+3", "--seed", "7", "--times", "1000"]);
    assert_eq!(a, b);
}

#[test]
fn dropped_rerolled_and_exploded_dice_are_marked() {
    // Seed 3 gives, for this expression, a reroll, an explosion, a clamp and dropped dice.
    let text = stdout(&["roll", "3d6r1!mi3kh2", "--seed", "3"]);
    let v = json(&["roll", "3d6r1!mi3kh2", "--seed", "3", "--json"]);
    let dice = v["root"]["dice"].as_array().expect("dice");
    for d in dice {
        if d["kept"] == false {
            assert!(
                text.contains(&format!("({}", d["face"])),
                "dropped die not parenthesised: {text}"
            );
        }
        if let Some(r) = d.get("rerolled") {
            for f in r.as_array().unwrap() {
                assert!(
                    text.contains(&format!("~{f}~")),
                    "rerolled face not shown: {text}"
                );
            }
        }
        if d.get("exploded") == Some(&serde_json::Value::Bool(true)) {
            assert!(
                text.contains(&format!("{}!", d["face"])),
                "explosion not marked: {text}"
            );
        }
    }
    assert!(dice.iter().any(|d| d["kept"] == false));
    assert!(dice.iter().any(|d| d.get("rerolled").is_some()), "{v}");
    assert!(dice.iter().any(|d| d.get("exploded").is_some()), "{v}");
}

#[test]
fn json_is_the_full_tree() {
    let v = json(&["roll", "6d10>=8 [Pool]", "--seed", "5", "--json"]);
    assert_eq!(v["expression"], "6d10>=8");
    assert_eq!(v["label"], "Pool");
    assert_eq!(v["seed"], 5);
    assert_eq!(v["root"]["kind"], "dice");
    let dice = v["root"]["dice"].as_array().unwrap();
    assert_eq!(dice.len(), 6);
    let successes = dice.iter().filter(|d| d["success"] == true).count() as i64;
    assert_eq!(v["total"].as_i64(), Some(successes));
    // The tree deserialises back into the library's type.
    let back: dice::RollResult = serde_json::from_value(v.clone()).expect("RollResult");
    assert_eq!(back.total, successes);
}

#[test]
fn times_summarises_through_the_fast_path() {
    let v = json(&[
        "roll", "2d10+3", "--times", "100000", "--seed", "1", "--json",
    ]);
    assert_eq!(v["count"], 100_000);
    assert_eq!(v["min"], 5);
    assert_eq!(v["max"], 23);
    let mean = v["mean"].as_f64().unwrap();
    let sd = v["stddev"].as_f64().unwrap();
    assert!((mean - 14.0).abs() < 0.05, "mean {mean}");
    // Standard deviation of 2d10: sqrt(2 × 99/12) ≈ 4.062.
    assert!((sd - 4.062).abs() < 0.05, "stddev {sd}");
    let first = v["first"].as_array().unwrap();
    assert_eq!(first.len(), 10);
    // The first totals are the totals of single rolls with the same seed, in order.
    let mut rng = dice::roll::seeded_rng(1);
    let expr = dice::parse("2d10+3").unwrap();
    for t in first {
        assert_eq!(t.as_i64(), Some(dice::roll(&expr, &mut rng).unwrap().total));
    }
    let text = stdout(&["roll", "4d6kh3", "--times", "1000", "--seed", "2"]);
    for key in ["rolled 1000 times", "min", "max", "mean", "stddev", "first"] {
        assert!(text.contains(key), "{key} missing: {text}");
    }
}

#[test]
fn times_over_the_limit_is_refused_with_the_limit_named() {
    let err = failure(&["roll", "1d6", "--times", "10000001"]);
    assert!(
        err.contains("10000000") && err.contains("MAX_REPEAT"),
        "{err}"
    );
    let err = failure(&["roll", "1d6", "--times", "0"]);
    assert!(err.contains("at least 1"), "{err}");
}

#[test]
fn errors_name_the_column_and_the_limit() {
    let err = failure(&["roll", "2d"]);
    assert!(
        err.contains("column 3") && err.contains("number of sides after `d`"),
        "{err}"
    );
    let err = failure(&["roll", "20000d6"]);
    assert!(err.contains("10000"), "{err}");
    let err = failure(&["roll", "10000d6r<6", "--seed", "1"]);
    assert!(
        err.contains("too many dice") && err.contains("MAX_DICE"),
        "{err}"
    );
    let err = failure(&["roll", "1d6/0"]);
    assert!(err.contains("division by zero"), "{err}");
}

#[test]
fn negative_expression_is_not_taken_for_a_flag() {
    let v = json(&["roll", "-1d4", "--seed", "2", "--json"]);
    let t = v["total"].as_i64().unwrap();
    assert!((-4..=-1).contains(&t), "{v}");
}

#[test]
fn help_dice_prints_notation_grammar_and_limits() {
    let text = stdout(&["help", "dice"]);
    assert!(text.contains(dice::GRAMMAR), "the EBNF is printed verbatim");
    for needle in [
        "4d6kh3",
        "6d10>=8",
        "d% is a d100",
        "10000 dice",
        "rounds down",
        "mi",
        "ro",
    ] {
        assert!(text.contains(needle), "{needle} missing from help");
    }
}

/// An expression may start with a minus: it is the expression, not an unknown flag.
#[test]
fn roll_takes_an_expression_that_starts_with_a_minus() {
    for _ in 0..20 {
        let v = json(&["roll", "-1d4+5", "--json"]);
        let t = v["total"].as_i64().unwrap();
        assert!((1..=4).contains(&t), "{v}");
    }
    let text = stdout(&["roll", "-1d4+5", "--seed", "3"]);
    assert!(text.contains("total: "), "{text}");
}
