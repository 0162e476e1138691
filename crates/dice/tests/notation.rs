//! End-to-end tests of the notation: every element parsed and rolled with known faces, and
//! every error with its column and message.

use dice::ast::{Expr, Sides};
use dice::roll::{RollNode, seeded_rng};
use dice::{ManualFaces, Program, RollError, parse, roll, roll_with};

/// Rolls `src` with the given faces and returns the total.
fn total(src: &str, faces: &[i64]) -> i64 {
    let expr = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let mut given = ManualFaces::new(faces.to_vec());
    let result = roll_with(&expr, &mut given).unwrap_or_else(|e| panic!("{src}: {e}"));
    assert_eq!(given.remaining(), 0, "{src}: not every face was used");
    result.total
}

#[test]
fn every_notation_element_rolls_as_documented() {
    let cases: &[(&str, &[i64], i64)] = &[
        // NdX and the default count
        ("2d10", &[7, 4], 11),
        ("d20", &[13], 13),
        ("D20", &[13], 13),
        // d% and dF
        ("d%", &[57], 57),
        ("4dF", &[-1, 1, 1, 0], 1),
        // keep / drop with and without a count
        ("4d6kh3", &[2, 6, 5, 1], 13),
        ("2d20kh", &[4, 17], 17),
        ("2d20kl1", &[4, 17], 4),
        ("4d6dl", &[2, 6, 5, 1], 13),
        ("4d6dh2", &[2, 6, 5, 1], 3),
        // reroll while matching: r1, r=2, r2, r<3, r>5, r<=2, r>=5
        ("1d6r1", &[1, 1, 4], 4),
        ("1d6r=2", &[2, 3], 3),
        ("1d6r2", &[2, 2, 6], 6),
        ("1d6r<3", &[1, 2, 5], 5),
        ("1d6r>5", &[6, 6, 2], 2),
        ("1d6r<=2", &[2, 3], 3),
        ("1d6r>=5", &[5, 1], 1),
        // reroll once
        ("1d6ro1", &[1, 1], 1),
        ("1d6ro<3", &[2, 6], 6),
        // exploding: on the top face, and with comparisons
        ("1d6!", &[6, 6, 3], 15),
        ("1d6!>5", &[6, 1], 7),
        ("1d6!>=5", &[5, 6, 2], 13),
        ("1d6!=1", &[1, 4], 5),
        ("1d6!<2", &[1, 1, 2], 4),
        // clamp
        ("3d6mi3", &[1, 2, 5], 11),
        ("3d6ma5", &[6, 6, 2], 12),
        ("3d6mi2ma4", &[1, 6, 3], 9),
        // success counting with every comparison
        ("6d10>=8", &[8, 1, 10, 7, 9, 3], 3),
        ("6d10>8", &[8, 1, 10, 7, 9, 3], 2),
        ("6d10<3", &[8, 1, 10, 7, 9, 2], 2),
        ("6d10<=3", &[8, 1, 10, 7, 9, 3], 2),
        ("6d10=10", &[8, 10, 10, 7, 9, 3], 2),
        // arithmetic: + - * / (floor), parentheses, unary minus
        ("2d6+3", &[1, 2], 6),
        ("2d6-3", &[1, 1], -1),
        ("2d6*3", &[1, 2], 9),
        ("1d6/2", &[5], 2),
        ("-1d6/2", &[5], -3),
        ("(1d6+1)/2", &[4], 2),
        ("-(1d4)", &[3], -3),
        ("1--1d4", &[3], 4),
        ("2*3+4", &[], 10),
        ("2*(3+4)", &[], 14),
        ("20-5-5", &[], 10),
        // whitespace and label
        ("  2d6  +  1  [ Strength ]  ", &[3, 4], 8),
    ];
    for &(src, faces, want) in cases {
        assert_eq!(total(src, faces), want, "{src} with faces {faces:?}");
    }
}

#[test]
fn label_and_expression_text_are_kept_in_the_result() {
    let expr = parse("2d10 + 2 [Agility]").unwrap();
    assert_eq!(expr.label.as_deref(), Some("Agility"));
    let r = roll(&expr, &mut seeded_rng(1)).unwrap();
    assert_eq!(r.expression, "2d10+2");
    assert_eq!(r.label.as_deref(), Some("Agility"));
}

#[test]
fn every_parse_error_has_its_column_and_says_what_was_expected() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "expected a dice expression"),
        ("   ", 4, "expected a dice expression"),
        ("2d", 3, "expected a number of sides after `d`"),
        ("2dx", 3, "expected a number of sides after `d`"),
        ("2d6+", 5, "expected a number, a dice term"),
        ("*2", 1, "expected a number, a dice term"),
        ("(2d6", 5, "expected `)`"),
        ("2d6)", 4, "expected an operator"),
        ("2d6 x", 5, "found `x`"),
        ("2d6d6", 4, "found `d`"),
        ("2d6r", 5, "expected a face or a condition after `r`"),
        ("2d6ro", 6, "expected a face or a condition after `ro`"),
        ("2d6!>", 6, "expected a number after `>`"),
        ("2d6>=", 6, "expected a number after `>=`"),
        ("2d6mi", 6, "expected a number after `mi`"),
        ("2d6ma-", 7, "expected a number after `ma`"),
        ("2d6 [Agility", 13, "expected `]`"),
        ("2d6 []", 5, "empty label"),
        ("2d6 [A] +1", 9, "after the label"),
        ("0d6", 1, "at least 1 die"),
        ("1d0", 3, "at least 1 side"),
        ("1d1000001", 3, "limit of 1000000 sides"),
        ("10001d6", 1, "limit of 10000 dice"),
        ("6000d6+6000d6", 8, "too many dice"),
        ("2d6r<7", 4, "reroll would never stop"),
        ("2d6r>=1", 4, "reroll would never stop"),
        ("1d1r1", 4, "reroll would never stop"),
        ("2d6!<7", 4, "explosion would never stop"),
        ("1d1!", 4, "explosion would never stop"),
        ("2d6r9", 4, "matches no face"),
        ("2d6!=0", 4, "matches no face"),
        ("4d6kh5", 4, "cannot keep 5 dice out of 4"),
        ("4d6kl0", 4, "must keep at least 1"),
        ("4d6dh4", 4, "would drop every die"),
        ("4d6dl0", 4, "must drop at least 1"),
        ("4d6mi5ma4", 7, "`mi` is greater than `ma`"),
        ("4d6ma4mi5", 7, "`mi` is greater than `ma`"),
        ("4d6kh3kl1", 7, "only one keep/drop"),
        ("4d6r1r2", 6, "only one reroll"),
        ("4d6!!", 5, "only one explode"),
        ("4d6mi1mi2", 7, "only one `mi`"),
        ("99999999999999999999", 1, "too large"),
    ];
    for &(src, column, message) in cases {
        match parse(src) {
            Ok(e) => panic!("{src:?} parsed as {e:?}"),
            Err(err) => {
                assert!(
                    err.message.contains(message),
                    "{src:?}: got {err}, wanted {message:?}"
                );
                assert_eq!(err.column, column, "{src:?}: {err}");
                assert_eq!(err.to_string(), format!("column {column}: {}", err.message));
            }
        }
    }
}

#[test]
fn roll_errors_name_the_limit() {
    let mut rng = seeded_rng(11);
    for src in ["10000d6r<6", "5000d2!+5000d2"] {
        let expr = parse(src).unwrap();
        let err = roll(&expr, &mut rng).unwrap_err();
        assert_eq!(err, RollError::TooManyDice { limit: 10_000 }, "{src}");
        assert!(err.to_string().contains("MAX_DICE"));
        let mut p = Program::compile(&expr).unwrap();
        assert_eq!(
            p.roll_total(&mut rng),
            Err(RollError::TooManyDice { limit: 10_000 })
        );
    }
    let expr = parse("1d6/(1d6-1d6)").unwrap();
    let mut faces = ManualFaces::new(vec![1, 3, 3]);
    assert_eq!(roll_with(&expr, &mut faces), Err(RollError::DivisionByZero));
    let expr = parse("1000000000000*1000000000000").unwrap();
    assert_eq!(roll(&expr, &mut rng), Err(RollError::Overflow));
}

#[test]
fn the_largest_allowed_expressions_roll_quickly_and_stay_bounded() {
    let mut rng = seeded_rng(5);
    let r = roll(&parse("10000d1000000").unwrap(), &mut rng).unwrap();
    assert!((10_000..=10_000_000_000).contains(&r.total));
    // An explosion-heavy pool either stays within the dice limit or fails with the limit.
    match roll(&parse("100d2!").unwrap(), &mut rng) {
        Ok(r) => assert!(r.dice_terms()[0].1.len() <= 10_000),
        Err(e) => assert_eq!(e, RollError::TooManyDice { limit: 10_000 }),
    }
}

#[test]
fn tree_mirrors_the_expression() {
    let expr = parse("-(2d6+1)*3").unwrap();
    let r = roll_with(&expr, &mut ManualFaces::new(vec![2, 5])).unwrap();
    assert_eq!(r.total, -24);
    let RollNode::Binary {
        lhs, rhs, value, ..
    } = &r.root
    else {
        panic!("{:?}", r.root)
    };
    assert_eq!(*value, -24);
    assert_eq!(rhs.value(), 3);
    let RollNode::Neg { expr: inner, value } = &**lhs else {
        panic!("{lhs:?}")
    };
    assert_eq!(*value, -8);
    let RollNode::Group { value, .. } = &**inner else {
        panic!("{inner:?}")
    };
    assert_eq!(*value, 8);
    assert!(matches!(expr.root, Expr::Binary { .. }));
}

#[test]
fn percent_is_a_d100_and_fate_is_minus_one_to_one() {
    let Expr::Dice(t) = parse("d%").unwrap().root else {
        panic!()
    };
    assert_eq!(
        (t.sides, t.sides.min_face(), t.sides.max_face()),
        (Sides::Percent, 1, 100)
    );
    let mut rng = seeded_rng(3);
    let expr = parse("1dF").unwrap();
    let mut seen = [false; 3];
    for _ in 0..200 {
        let t = roll(&expr, &mut rng).unwrap().total;
        assert!((-1..=1).contains(&t));
        seen[(t + 1) as usize] = true;
    }
    assert_eq!(seen, [true; 3]);
}

/// Issue 18 item 1: `1d6` followed by 400 `+1` terms was accepted, and its recorded result was
/// ~400 levels of JSON, deeper than any event reader takes. The tree depth is now one limit,
/// checked at parse time and on hand-built trees.
#[test]
fn hardening_18_1_a_sum_deeper_than_max_depth_is_refused() {
    use dice::limits::{MAX_DEPTH, check_expression, tree_depth};
    let deep = format!("1d6{}", "+1".repeat(400));
    let err = parse(&deep).expect_err("400 terms are over MAX_DEPTH");
    assert!(err.message.contains("MAX_DEPTH"), "{err}");
    assert!(err.message.contains("400 levels"), "{err}");
    // Exactly at the limit is fine, one more level is not.
    let at = format!("1d6{}", "+1".repeat(MAX_DEPTH as usize));
    let expr = parse(&at).expect("at the limit");
    assert_eq!(tree_depth(&expr.root), MAX_DEPTH);
    assert!(parse(&format!("{at}+1")).is_err());
    // Groups count too: 40 groups around a 30-term sum is 70 levels.
    let grouped = format!("{}1d6{}{}", "(".repeat(40), "+1".repeat(30), ")".repeat(40));
    assert!(parse(&grouped).is_err());
    // A tree built by hand (or deserialised) is held to the same limit.
    let mut root = Expr::Number { value: 1 };
    for _ in 0..100 {
        root = Expr::Binary {
            op: dice::ast::BinOp::Add,
            lhs: Box::new(root),
            rhs: Box::new(Expr::Number { value: 1 }),
        };
    }
    let hand = dice::ast::Expression { root, label: None };
    let err = check_expression(&hand).expect_err("100 levels");
    assert!(err.contains("MAX_DEPTH"), "{err}");
}

/// Issue 18 item 6: a plain die is stored as its bare face, any other die as an object; both
/// read back to the same result, and the old object form of a plain die still reads.
#[test]
fn hardening_18_6_plain_dice_are_stored_as_bare_faces() {
    let expr = parse("10000d1000000").expect("parse");
    let result = roll(&expr, &mut seeded_rng(7)).expect("roll");
    let text = serde_json::to_string(&result).expect("json");
    assert!(text.len() < 90_000, "{} bytes", text.len());
    let back: dice::RollResult = serde_json::from_str(&text).expect("read back");
    assert_eq!(back, result);
    // Marked dice keep the object form.
    let expr = parse("3d6r1!mi3kh2").expect("parse");
    let result = roll(&expr, &mut seeded_rng(3)).expect("roll");
    let text = serde_json::to_string(&result).expect("json");
    assert!(text.contains("\"kept\":false"), "{text}");
    let back: dice::RollResult = serde_json::from_str(&text).expect("read back");
    assert_eq!(back, result);
    // The object form of a plain die (logs written before the compact form) still reads.
    let old = r#"{"expression":"1d6","label":null,"total":4,"root":{"kind":"dice","notation":"1d6","dice":[{"face":4,"value":4,"kept":true}],"value":4}}"#;
    let back: dice::RollResult = serde_json::from_str(old).expect("old form");
    assert_eq!(
        serde_json::to_string(&back)
            .expect("json")
            .matches("[4]")
            .count(),
        1
    );
}

/// A balanced sum of `n` bare `dF` terms, parenthesised so it stays within the depth limit.
fn balanced_fate_sum(n: usize) -> String {
    if n == 1 {
        return "dF".to_string();
    }
    let half = n / 2;
    format!(
        "({}+{})",
        balanced_fate_sum(half),
        balanced_fate_sum(n - half)
    )
}

/// Fuzz finding (fuzz/README.md): a source within the character limit whose canonical
/// notation (`dF` written `1dF`) is longer than the limit was accepted, and its canonical text
/// then refused. Now such a source is refused naming the limit, and whatever is accepted
/// prints to notation that parses back to the same text.
#[test]
fn hardening_18_fuzz_canonical_notation_of_an_accepted_expression_parses_again() {
    let long = balanced_fate_sum(200);
    assert!(long.chars().count() <= 1_000, "{}", long.len());
    let err = parse(&long).expect_err("canonical form beyond the limit");
    assert!(err.message.contains("limit of 1000 characters"), "{err}");
    assert!(err.message.contains("written out in full"), "{err}");
    for n in [1, 2, 50, 100, 150, 160, 170, 180, 190] {
        let source = balanced_fate_sum(n);
        if let Ok(expr) = parse(&source) {
            let canonical = expr.to_string();
            let again = parse(&canonical).expect("canonical notation parses");
            assert_eq!(again.to_string(), canonical, "n = {n}");
        }
    }
}
