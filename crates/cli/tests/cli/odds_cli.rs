//! `delve odds`: the table, the JSON object and the errors, through the real binary.

use serde_json::Value;
use std::process::{Command, Output};

fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("delve runs")
}

fn odds_json(expr: &str, extra: &[&str]) -> Value {
    let mut args = vec!["odds", expr, "--json"];
    args.extend_from_slice(extra);
    let out = delve(&args);
    assert!(
        out.status.success(),
        "{expr}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    // Exactly one JSON object on stdout.
    let mut stream = serde_json::Deserializer::from_str(&text).into_iter::<Value>();
    let v = stream.next().expect("one object").expect("valid JSON");
    assert!(stream.next().is_none(), "more than one JSON value printed");
    assert!(v.is_object());
    v
}

/// `(numerator, denominator)` of an `"a/b"` string.
fn frac(s: &str) -> (u128, u128) {
    let (n, d) = s.split_once('/').expect("a/b");
    (n.parse().unwrap(), d.parse().unwrap())
}

#[test]
fn json_two_d6() {
    let v = odds_json("2d6", &[]);
    assert_eq!(v["expression"], "2d6");
    let outcomes = v["outcomes"].as_array().unwrap();
    let values: Vec<i64> = outcomes
        .iter()
        .map(|o| o["value"].as_i64().unwrap())
        .collect();
    assert_eq!(values, (2..=12).collect::<Vec<_>>());
    assert_eq!(outcomes[0]["exact"], "1/36");
    assert_eq!(outcomes[5]["exact"], "1/6");
    assert_eq!(outcomes[0]["at_least"].as_f64().unwrap(), 1.0);
    assert!((outcomes[8]["at_least"].as_f64().unwrap() - 6.0 / 36.0).abs() < 1e-15);
    let sum: f64 = outcomes
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-12);
    assert!((v["mean"].as_f64().unwrap() - 7.0).abs() < 1e-12);
    assert!((v["stddev"].as_f64().unwrap() - (35.0f64 / 6.0).sqrt()).abs() < 1e-12);
    assert_eq!(v["mean_exact"], "7");
    assert!(v["timing_ms"].as_f64().unwrap() >= 0.0);
    assert!(v["approximations"].as_array().unwrap().is_empty());
}

#[test]
fn json_exact_fractions_sum_to_one() {
    let v = odds_json("4d6kh3", &[]);
    let mut total = 0u128;
    for o in v["outcomes"].as_array().unwrap() {
        let (n, d) = frac(o["exact"].as_str().unwrap());
        assert_eq!(1296 % d, 0);
        total += n * (1296 / d);
    }
    assert_eq!(total, 1296);
    let last = v["outcomes"].as_array().unwrap().last().unwrap();
    assert_eq!(last["value"], 18);
    assert_eq!(last["exact"], "7/432"); // 21/1296
}

#[test]
fn json_keeps_label_and_reports_explosion_truncation() {
    let v = odds_json("2d10+2 [Agility]", &[]);
    assert_eq!(v["label"], "Agility");
    assert_eq!(v["min"], 4);
    let v = odds_json("3d6!", &["--explode-depth", "2"]);
    let a = &v["approximations"][0];
    assert_eq!(a["kind"], "explode");
    assert_eq!(a["depth"], 2);
    assert_eq!(a["mass_per_die_exact"], "1/216");
    assert_eq!(v["max"], 54);
}

#[test]
fn human_table_with_bars() {
    let out = delve(&["odds", "2d6"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("P(=)") && text.contains("P(>=)"), "{text}");
    let row7 = text
        .lines()
        .find(|l| l.trim_start().starts_with("7 "))
        .expect("row for 7");
    assert!(row7.contains("16.6667%") && row7.contains("1/6"), "{row7}");
    // The mode has the full bar, 40 cells.
    assert!(row7.contains(&"█".repeat(40)), "{row7}");
    assert!(text.contains("mean 7.000000"), "{text}");
    let out = delve(&["odds", "d6!"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("note: 1d6!: exploding chains truncated"),
        "{text}"
    );
    // A long distribution is grouped into ranges, saying what was left out at the tails.
    let out = delve(&["odds", "1000d6"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("lower values") && text.contains("higher values"),
        "{text}"
    );
    assert!(text.contains("values grouped in ranges"), "{text}");
    assert!(text.lines().count() < 80);
}

#[test]
fn errors_name_the_limit_or_column() {
    let out = delve(&["odds", "1d1000000*1d1000000"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("WORK_BUDGET"), "{err}");
    let out = delve(&["odds", "2d6+"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("column 5"), "{err}");
    let out = delve(&["odds", "1d6/(1d6-1)"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("division by zero") && err.contains("(1d6-1)"),
        "{err}"
    );
}

/// An expression may start with a minus: it is the expression, not an unknown flag.
#[test]
fn an_expression_may_start_with_a_minus() {
    let v = odds_json("-d6+7", &[]);
    let values: Vec<i64> = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_i64().unwrap())
        .collect();
    assert_eq!(values, (1..=6).collect::<Vec<_>>());
    assert_eq!(v["mean_exact"], "7/2");
    // The flag may come first too.
    let out = delve(&["odds", "--json", "-1d4+5"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
