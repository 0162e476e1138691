//! Exact-odds tests: known results, brute-force comparison (proptest), limits.

use dice::ast::{BinOp, CmpOp, Compare, DiceTerm, Expr, Expression, KeepDrop, Modifier, Sides};
use dice::odds::{self, ApproximationKind, Distribution, OddsError, OddsOptions};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn rat(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn dist(src: &str) -> Distribution {
    let e = dice::parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    odds::distribution(&e).unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn dist_depth(src: &str, depth: u32) -> Distribution {
    let e = dice::parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let opts = OddsOptions {
        explode_depth: Some(depth),
        ..OddsOptions::default()
    };
    odds::distribution_with(&e, &opts).unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn as_map(d: &Distribution) -> BTreeMap<i64, BigRational> {
    d.values()
        .iter()
        .map(|&v| (v, d.probability_exact(v)))
        .collect()
}

fn assert_sums_to_one(d: &Distribution) {
    let mut s = BigUint::zero();
    for i in 0..d.len() {
        s += d.numerator(i);
    }
    assert_eq!(
        &s,
        d.denominator(),
        "weights must sum to the denominator exactly"
    );
    let total: BigRational = (0..d.len())
        .map(|i| {
            let (n, m) = d.exact(i);
            BigRational::new(n.into(), m.into())
        })
        .sum();
    assert!(
        total.is_one(),
        "reduced fractions must sum to exactly 1, got {total}"
    );
}

#[test]
fn two_d6_triangle() {
    let d = dist("2d6");
    assert_eq!(d.values(), (2..=12).collect::<Vec<_>>().as_slice());
    for v in 2..=12i64 {
        assert_eq!(d.probability_exact(v), rat(6 - (v - 7).abs(), 36), "P({v})");
    }
    assert_eq!(d.exact_string(5), "1/6");
    assert_eq!(d.mean_exact(), &rat(7, 1));
    assert_eq!(d.variance_exact(), &rat(35, 6));
    assert!((d.p_at_least(10) - 6.0 / 36.0).abs() < 1e-15);
    assert!((d.p_at_most(3) - 3.0 / 36.0).abs() < 1e-15);
    assert_eq!(d.p_at_least_exact(8), rat(15, 36));
    assert_eq!(d.p_at_most_exact(7), rat(21, 36));
    assert_eq!((d.min(), d.max()), (2, 12));
    assert_sums_to_one(&d);
}

#[test]
fn three_d6_mean_and_variance() {
    let d = dist("3d6");
    assert_eq!(d.mean_exact(), &rat(21, 2));
    assert_eq!(d.variance_exact(), &rat(35, 4));
    assert!((d.mean() - 10.5).abs() < 1e-15);
    assert!((d.stddev() - 8.75f64.sqrt()).abs() < 1e-14);
    assert_eq!(d.probability_exact(10), rat(27, 216));
}

#[test]
fn four_d6_keep_highest_three() {
    let d = dist("4d6kh3");
    assert_eq!(d.probability_exact(18), rat(21, 1296));
    assert_eq!(d.probability_exact(3), rat(1, 1296));
    assert_eq!(d.probability_exact(13), rat(172, 1296));
    assert_eq!(d.mean_exact(), &rat(15869, 1296));
    // 4d6dl1 is the same thing.
    assert_eq!(as_map(&d), as_map(&dist("4d6dl1")));
    assert_sums_to_one(&d);
}

#[test]
fn keep_lowest_and_drop_highest_agree() {
    assert_eq!(as_map(&dist("5d8kl2")), as_map(&dist("5d8dh3")));
    // Advantage: 2d20kh1, P(20) = 39/400.
    let adv = dist("2d20kh1");
    assert_eq!(adv.probability_exact(20), rat(39, 400));
    assert_eq!(adv.probability_exact(1), rat(1, 400));
}

#[test]
fn fate_dice_sum() {
    let d = dist("4dF");
    assert_eq!(d.values(), (-4..=4).collect::<Vec<_>>().as_slice());
    assert_eq!(d.probability_exact(0), rat(19, 81));
    assert_eq!(d.probability_exact(4), rat(1, 81));
    assert_eq!(d.probability_exact(-3), rat(4, 81));
    assert_eq!(d.mean_exact(), &rat(0, 1));
}

#[test]
fn percent_die_and_crows_two_d10_as_d100() {
    let d = dist("d%");
    assert_eq!(d.len(), 100);
    assert_eq!(d.probability_exact(37), rat(1, 100));
    // Two d10 read as tens and units (0..=99 +1) have the same distribution as d%.
    let two = dist("(1d10-1)*10+1d10");
    assert_eq!(as_map(&d), as_map(&two));
}

#[test]
fn success_pool_is_binomial() {
    let d = dist("6d10>=8");
    let binom = |n: i64, k: i64| -> i64 { (1..=k).fold(1, |acc, i| acc * (n - k + i) / i) };
    for k in 0..=6i64 {
        let expect = BigRational::new(
            BigInt::from(binom(6, k) * 3i64.pow(k as u32) * 7i64.pow(6 - k as u32)),
            BigInt::from(10i64.pow(6)),
        );
        assert_eq!(d.probability_exact(k), expect, "P({k} successes)");
    }
    assert_eq!(d.mean_exact(), &rat(9, 5));
}

#[test]
fn reroll_while_is_conditional() {
    let d = dist("d6r1");
    assert_eq!(d.values(), &[2, 3, 4, 5, 6]);
    for v in 2..=6 {
        assert_eq!(d.probability_exact(v), rat(1, 5));
    }
    let approx = d.approximations();
    assert_eq!(approx.len(), 1);
    assert_eq!(approx[0].kind, ApproximationKind::Reroll);
    assert_eq!(
        approx[0].mass_per_die,
        BigRational::new(1.into(), BigInt::from(6).pow(101))
    );
    let lt = dist("d10r<3");
    assert_eq!(lt.probability_exact(3), rat(1, 8));
}

#[test]
fn reroll_once_is_a_mixture() {
    let d = dist("d6ro1");
    assert_eq!(d.probability_exact(1), rat(1, 36));
    for v in 2..=6 {
        assert_eq!(d.probability_exact(v), rat(7, 36));
    }
    assert!(d.approximations().is_empty());
}

#[test]
fn clamp_min_and_max() {
    let d = dist("d6mi3");
    assert_eq!(d.probability_exact(3), rat(1, 2));
    assert_eq!(d.min(), 3);
    let d = dist("d6ma4");
    assert_eq!(d.probability_exact(4), rat(1, 2));
    assert_eq!(d.max(), 4);
    let d = dist("2d6mi2ma5");
    assert_eq!(d.probability_exact(4), rat(4, 36));
    assert_eq!(d.probability_exact(10), rat(4, 36));
}

#[test]
fn explode_d6_tail_and_cut_mass() {
    let d = dist_depth("d6!", 3);
    // Value 6k + r (r in 1..=5) has probability (1/6)^(k+1) for k < 3; the capped chain (three
    // sixes then a fourth die) keeps 18 + face: (1/6)^4 each, 6 included.
    assert_eq!(d.probability_exact(5), rat(1, 6));
    assert_eq!(d.probability_exact(6), BigRational::zero());
    assert_eq!(d.probability_exact(11), rat(1, 36));
    assert_eq!(d.probability_exact(17), rat(1, 216));
    assert_eq!(d.probability_exact(24), rat(1, 1296));
    assert_eq!(d.max(), 24);
    assert_sums_to_one(&d);
    let a = &d.approximations()[0];
    assert_eq!(a.kind, ApproximationKind::Explode);
    assert_eq!(a.depth, Some(3));
    assert_eq!(a.mass_per_die, rat(1, 1296));
    // The automatic depth cuts at most 2^-64 per chain.
    let auto = dist("d6!");
    let a = &auto.approximations()[0];
    assert!(a.mass_per_die_f64 <= 2f64.powi(-64) && a.mass_per_die_f64 > 0.0);
    assert!((auto.mean() - 4.2).abs() < 1e-12);
    // Depth 100 is the roller's cap: nothing departs from the roller.
    let full = dist_depth("d6!", 100);
    assert!(full.approximations()[0].mass_per_die.is_zero());
    assert_eq!(full.max(), 606);
}

#[test]
fn explode_threshold_and_success() {
    // d10!>9 explodes on 10 only... `!>8` on 9 and 10.
    let d = dist_depth("d10!>8", 1);
    // First die 9 or 10 then a second die (not exploding further at depth 1).
    assert_eq!(d.probability_exact(8), rat(1, 10));
    assert_eq!(d.probability_exact(10), rat(1, 100));
    assert_eq!(d.probability_exact(20), rat(1, 100));
    assert_sums_to_one(&d);
    // Success counting over an exploding pool: each die in the pool counts.
    let s = dist_depth("1d6!=6>=5", 1);
    // 1–4: 0 successes; 5: 1; 6 then x: 1 + [x>=5].
    assert_eq!(s.probability_exact(0), rat(4, 6));
    assert_eq!(s.probability_exact(2), rat(2, 36));
}

#[test]
fn keep_with_exploding_dice_uses_the_whole_pool() {
    // 2d6!kh1, depth 1: pools are (a), (6, x), two chains. Brute force in the proptest below;
    // here one hand-checked value: P(kh1 = 6) = 1 − (5/6)^2 = 11/36.
    let d = dist_depth("2d6!kh1", 1);
    assert_eq!(d.probability_exact(6), rat(11, 36));
    assert_eq!(d.max(), 6);
    assert_sums_to_one(&d);
}

#[test]
fn arithmetic() {
    let d = dist("1d6*1d6");
    assert_eq!(d.probability_exact(6), rat(4, 36));
    assert_eq!(d.probability_exact(36), rat(1, 36));
    let d = dist("1d6/2");
    assert_eq!(d.probability_exact(0), rat(1, 6));
    assert_eq!(d.probability_exact(3), rat(1, 6));
    let d = dist("-1d6/4");
    // floor(-v/4): -1 for 1..4, -2 for 5, 6.
    assert_eq!(d.probability_exact(-1), rat(4, 6));
    assert_eq!(d.probability_exact(-2), rat(2, 6));
    let d = dist("2d6-1d4+3");
    assert_eq!(d.min(), 1);
    assert_eq!(d.max(), 14);
    assert_eq!(d.mean_exact(), &rat(15, 2));
    let d = dist("(1d4+1)*(1d4-5)");
    assert_eq!(d.max(), -2);
    assert_eq!(d.probability_exact(-20), rat(1, 16));
    let d = dist("7");
    assert_eq!(d.values(), &[7]);
    assert_eq!(d.exact_string(0), "1/1");
}

#[test]
fn big_pools_are_exact() {
    let d = dist("100d6");
    assert_eq!(d.len(), 501);
    assert_eq!(
        d.probability_exact(100),
        BigRational::new(1.into(), BigInt::from(6).pow(100))
    );
    assert_eq!(d.mean_exact(), &rat(350, 1));
    assert_eq!(d.variance_exact(), &rat(100 * 35, 12));
    assert_sums_to_one(&d);
    let d = dist("20d10kh5");
    assert_eq!(
        d.probability_exact(50),
        dist("20d10kh5>=10").probability_exact(5)
    );
    assert_sums_to_one(&d);
    let d = dist("10d20dl3");
    assert_eq!((d.min(), d.max()), (7, 140));
    assert_sums_to_one(&d);
}

#[test]
fn ten_thousand_d6_works() {
    let d = dist("10000d6");
    assert_eq!(d.len(), 50_001);
    assert_eq!(d.mean_exact(), &rat(35_000, 1));
    assert!((d.stddev() - (10_000.0f64 * 35.0 / 12.0).sqrt()).abs() < 1e-9);
}

#[test]
fn refuses_too_much_work() {
    let e = dice::parse("1d1000000*1d1000000").unwrap();
    let err = odds::distribution(&e).unwrap_err();
    assert!(matches!(err, OddsError::TooMuchWork { .. }), "{err}");
    assert!(err.to_string().contains("WORK_BUDGET"));
    let e = dice::parse("10000d1000000").unwrap();
    let err = odds::distribution(&e).unwrap_err();
    assert!(
        matches!(
            err,
            OddsError::TooManyOutcomes { .. } | OddsError::TooMuchWork { .. }
        ),
        "{err}"
    );
    // A small budget refuses an otherwise fine expression, naming the limit.
    let e = dice::parse("100d6").unwrap();
    let opts = OddsOptions {
        work_budget: 1_000,
        ..OddsOptions::default()
    };
    assert!(matches!(
        odds::distribution_with(&e, &opts),
        Err(OddsError::TooMuchWork { .. })
    ));
}

/// Fuzz finding `fuzz/findings/dice_odds-slow-30d82088`: 30 dice of 82,088 sides stayed
/// inside the work budget and the outcome limit (2,462,611 values) but needed about 500-bit
/// weights, two working arrays of about 300 MB each and seconds of work. The weights' memory
/// is now a limit of its own, so the expression is refused before anything is computed.
#[test]
fn hardening_18_fuzz_odds_of_huge_weights_refused_by_memory_limit() {
    let e = dice::parse("30d82088").unwrap();
    let err = odds::distribution(&e).unwrap_err();
    assert!(matches!(err, OddsError::TooMuchMemory { .. }), "{err}");
    assert!(err.to_string().contains("MAX_BYTES"), "{err}");
    // The same shape with fewer sides is still computed exactly.
    let d = dist("30d820");
    assert_eq!(d.len(), 30 * 820 - 30 + 1);
    assert_eq!(d.mean_exact(), &rat(30 * 821, 2));
}

/// Turning the weights into the probability table (a big integer per value) is charged
/// against the work budget like the computation before it: a budget that covers the sum of
/// the dice but not the table is refused at the table step.
#[test]
fn hardening_18_probability_table_is_charged() {
    let e = dice::parse("1d1000000").unwrap();
    // The faces of the die cost 4 units each (64-bit weights): 4,000,000.
    let opts = OddsOptions {
        work_budget: 5_000_000,
        ..OddsOptions::default()
    };
    match odds::distribution_with(&e, &opts) {
        Err(OddsError::TooMuchWork { what, .. }) => assert_eq!(what, "probability table"),
        other => panic!("expected the table step to be refused, got {other:?}"),
    }
    assert_eq!(dist("1d1000000").len(), 1_000_000);
}

#[test]
fn refuses_division_by_zero_and_invalid_trees() {
    let e = dice::parse("1d6/(1d6-1)").unwrap();
    match odds::distribution(&e) {
        Err(OddsError::DivisionByZero {
            divisor,
            probability,
        }) => {
            assert_eq!(divisor, "(1d6-1)");
            assert_eq!(probability, "1/6");
        }
        other => panic!("expected division by zero, got {other:?}"),
    }
    // A hand-built tree over the dice limit.
    let e = Expression {
        root: Expr::Dice(DiceTerm {
            count: 20_000,
            sides: Sides::Faces(6),
            modifiers: vec![],
            success: None,
        }),
        label: None,
    };
    assert!(matches!(odds::distribution(&e), Err(OddsError::Invalid(_))));
    let e = dice::parse("1d6!").unwrap();
    let opts = OddsOptions {
        explode_depth: Some(101),
        ..OddsOptions::default()
    };
    assert!(matches!(
        odds::distribution_with(&e, &opts),
        Err(OddsError::Invalid(_))
    ));
}

// ------------------------------------------------------------------------------------------
// Brute force: enumerate every roll of small expressions exactly, following the semantics of
// `dice::ast` independently of the engine.

type Map = BTreeMap<i64, BigRational>;

fn single_roll(term: &DiceTerm) -> Vec<(i64, BigRational)> {
    let lo = term.sides.min_face();
    let hi = term.sides.max_face();
    let t = hi - lo + 1;
    let faces: Vec<i64> = (lo..=hi).collect();
    match term.reroll() {
        None => faces.iter().map(|&f| (f, rat(1, t))).collect(),
        Some((cmp, false)) => {
            let keep: Vec<i64> = faces.iter().copied().filter(|&f| !cmp.matches(f)).collect();
            let n = keep.len() as i64;
            keep.into_iter().map(|f| (f, rat(1, n))).collect()
        }
        Some((cmp, true)) => {
            let m = faces.iter().filter(|&&f| cmp.matches(f)).count() as i64;
            faces
                .iter()
                .map(|&f| {
                    let first = if cmp.matches(f) { rat(0, 1) } else { rat(1, t) };
                    (f, first + rat(m, t) * rat(1, t))
                })
                .collect()
        }
    }
}

fn chains(
    term: &DiceTerm,
    roll: &[(i64, BigRational)],
    depth: u32,
) -> Vec<(Vec<i64>, BigRational)> {
    let mut out = Vec::new();
    for (f, p) in roll {
        match term.explode() {
            Some(c) if c.matches(*f) && depth > 0 => {
                for (rest, q) in chains(term, roll, depth - 1) {
                    let mut v = vec![*f];
                    v.extend(rest);
                    out.push((v, p * &q));
                }
            }
            _ => out.push((vec![*f], p.clone())),
        }
    }
    out
}

fn term_value(term: &DiceTerm, pool: &[i64]) -> i64 {
    let mut faces: Vec<i64> = pool
        .iter()
        .map(|&f| {
            let f = term.min().map_or(f, |m| f.max(m));
            term.max().map_or(f, |m| f.min(m))
        })
        .collect();
    faces.sort();
    let n = faces.len();
    let kept: &[i64] = match term.keep_drop() {
        None => &faces,
        Some((KeepDrop::KeepHighest, k)) => &faces[n - (k as usize).min(n)..],
        Some((KeepDrop::KeepLowest, k)) => &faces[..(k as usize).min(n)],
        Some((KeepDrop::DropHighest, k)) => &faces[..n - (k as usize).min(n)],
        Some((KeepDrop::DropLowest, k)) => &faces[(k as usize).min(n)..],
    };
    match term.success {
        Some(c) => kept.iter().filter(|&&f| c.matches(f)).count() as i64,
        None => kept.iter().sum(),
    }
}

fn brute_term(term: &DiceTerm, depth: u32) -> Map {
    let roll = single_roll(term);
    let ch = chains(term, &roll, depth);
    // Cartesian product over the dice.
    let mut pools: Vec<(Vec<i64>, BigRational)> = vec![(Vec::new(), BigRational::one())];
    for _ in 0..term.count {
        let mut next = Vec::new();
        for (pool, p) in &pools {
            for (c, q) in &ch {
                let mut v = pool.clone();
                v.extend(c);
                next.push((v, p * q));
            }
        }
        pools = next;
    }
    let mut m = Map::new();
    for (pool, p) in pools {
        *m.entry(term_value(term, &pool))
            .or_insert_with(BigRational::zero) += p;
    }
    m.retain(|_, p| !p.is_zero());
    m
}

fn brute(e: &Expr, depth: u32) -> Option<Map> {
    Some(match e {
        Expr::Number { value } => Map::from([(*value, BigRational::one())]),
        Expr::Dice(t) => brute_term(t, depth),
        Expr::Neg { expr } => brute(expr, depth)?
            .into_iter()
            .map(|(v, p)| (-v, p))
            .collect(),
        Expr::Group { expr } => brute(expr, depth)?,
        Expr::Binary { op, lhs, rhs } => {
            let a = brute(lhs, depth)?;
            let b = brute(rhs, depth)?;
            if *op == BinOp::Div && b.contains_key(&0) {
                return None;
            }
            let mut m = Map::new();
            for (x, p) in &a {
                for (y, q) in &b {
                    let v = match op {
                        BinOp::Add => x + y,
                        BinOp::Sub => x - y,
                        BinOp::Mul => x * y,
                        BinOp::Div => {
                            let q = x / y;
                            if x % y != 0 && ((*x < 0) != (*y < 0)) {
                                q - 1
                            } else {
                                q
                            }
                        }
                    };
                    *m.entry(v).or_insert_with(BigRational::zero) += p * q;
                }
            }
            m
        }
    })
}

fn arb_cmp(lo: i64, hi: i64) -> impl Strategy<Value = Compare> {
    (
        prop_oneof![
            Just(CmpOp::Eq),
            Just(CmpOp::Lt),
            Just(CmpOp::Le),
            Just(CmpOp::Gt),
            Just(CmpOp::Ge)
        ],
        (lo - 1)..=(hi + 1),
    )
        .prop_map(|(op, value)| Compare { op, value })
}

fn arb_term() -> impl Strategy<Value = DiceTerm> {
    (
        1u32..=3,
        prop_oneof![(1u32..=6).prop_map(Sides::Faces), Just(Sides::Fate)],
    )
        .prop_flat_map(|(count, sides)| {
            let (lo, hi) = (sides.min_face(), sides.max_face());
            let keep = (
                prop_oneof![
                    Just(KeepDrop::KeepHighest),
                    Just(KeepDrop::KeepLowest),
                    Just(KeepDrop::DropHighest),
                    Just(KeepDrop::DropLowest)
                ],
                1..=count,
            )
                .prop_map(|(which, count)| Modifier::KeepDrop { which, count });
            let reroll = (arb_cmp(lo, hi), any::<bool>())
                .prop_map(|(cmp, once)| Modifier::Reroll { cmp, once });
            let explode = arb_cmp(lo, hi).prop_map(|cmp| Modifier::Explode { cmp });
            let mi = (lo..=hi).prop_map(|value| Modifier::Min { value });
            let ma = (lo..=hi).prop_map(|value| Modifier::Max { value });
            (
                Just(count),
                Just(sides),
                proptest::option::of(keep),
                proptest::option::of(reroll),
                proptest::option::of(explode),
                proptest::option::of(mi),
                proptest::option::of(ma),
                proptest::option::of(arb_cmp(lo, hi)),
            )
        })
        .prop_map(|(count, sides, k, r, x, mi, ma, success)| {
            let modifiers = [k, r, x, mi, ma].into_iter().flatten().collect();
            DiceTerm {
                count,
                sides,
                modifiers,
                success,
            }
        })
        .prop_filter("valid term", |t| dice::limits::check_term(t).is_ok())
}

fn arb_expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        4 => arb_term().prop_map(Expr::Dice),
        1 => (-3i64..=4).prop_map(|value| Expr::Number { value }),
    ];
    leaf.prop_recursive(2, 4, 2, |inner| {
        prop_oneof![
            (
                prop_oneof![
                    Just(BinOp::Add),
                    Just(BinOp::Sub),
                    Just(BinOp::Mul),
                    Just(BinOp::Div)
                ],
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, l, r)| Expr::Binary {
                    op,
                    lhs: Box::new(l),
                    rhs: Box::new(r)
                }),
            inner.prop_map(|e| Expr::Neg { expr: Box::new(e) }),
        ]
    })
}

/// Number of pools the brute force enumerates for the largest term (explosions at depth 2).
fn brute_size(e: &Expr) -> usize {
    match e {
        Expr::Number { .. } => 1,
        Expr::Dice(t) => chains(t, &single_roll(t), 2).len().pow(t.count),
        Expr::Neg { expr } | Expr::Group { expr } => brute_size(expr),
        Expr::Binary { lhs, rhs, .. } => brute_size(lhs).max(brute_size(rhs)),
    }
}

fn dice_in(e: &Expr) -> u32 {
    match e {
        Expr::Number { .. } => 0,
        Expr::Dice(t) => t.count,
        Expr::Neg { expr } | Expr::Group { expr } => dice_in(expr),
        Expr::Binary { lhs, rhs, .. } => dice_in(lhs) + dice_in(rhs),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The engine agrees exactly with brute-force enumeration (explosions at depth 2), and the
    /// probabilities sum to exactly 1.
    #[test]
    fn matches_brute_force(root in arb_expr().prop_filter("small", |e| dice_in(e) <= 5)) {
        prop_assume!(brute_size(&root) <= 20_000);
        let expr = Expression { root, label: None };
        let opts = OddsOptions { explode_depth: Some(2), ..OddsOptions::default() };
        let got = odds::distribution_with(&expr, &opts);
        match brute(&expr.root, 2) {
            None => prop_assert!(matches!(got, Err(OddsError::DivisionByZero { .. })), "{expr}: {got:?}"),
            Some(want) => {
                let got = got.map_err(|e| TestCaseError::fail(format!("{expr}: {e}")))?;
                prop_assert_eq!(as_map(&got), want, "{}", expr);
                assert_sums_to_one(&got);
            }
        }
    }
}

fn arb_exploding_pool() -> impl Strategy<Value = DiceTerm> {
    (1u32..=3, 2u32..=6)
        .prop_flat_map(|(count, n)| {
            let hi = i64::from(n);
            (
                Just(count),
                Just(n),
                arb_cmp(1, hi),
                prop_oneof![
                    Just(KeepDrop::KeepHighest),
                    Just(KeepDrop::KeepLowest),
                    Just(KeepDrop::DropHighest),
                    Just(KeepDrop::DropLowest)
                ],
                1..=count,
                proptest::option::of((arb_cmp(1, hi), any::<bool>())),
                proptest::option::of(1..=hi),
                proptest::option::of(arb_cmp(1, hi)),
            )
        })
        .prop_map(|(count, n, explode, which, k, reroll, ma, success)| {
            let mut modifiers = vec![Modifier::Explode { cmp: explode }];
            modifiers.push(Modifier::KeepDrop { which, count: k });
            if let Some((cmp, once)) = reroll {
                modifiers.push(Modifier::Reroll { cmp, once });
            }
            if let Some(value) = ma {
                modifiers.push(Modifier::Max { value });
            }
            DiceTerm {
                count,
                sides: Sides::Faces(n),
                modifiers,
                success,
            }
        })
        .prop_filter("valid term", |t| dice::limits::check_term(t).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Keep/drop over pools that grow by explosions (both DP modes, two face families, capped
    /// chains) agree exactly with brute force at depths 1 to 3.
    #[test]
    fn exploding_pools_match_brute_force(term in arb_exploding_pool(), depth in 1u32..=3) {
        // Keep the enumeration small: (chain outcomes)^dice at most 20,000 pools.
        let chain_outcomes = chains(&term, &single_roll(&term), depth).len();
        prop_assume!(chain_outcomes.pow(term.count) <= 20_000);
        let expr = Expression { root: Expr::Dice(term.clone()), label: None };
        let opts = OddsOptions { explode_depth: Some(depth), ..OddsOptions::default() };
        let got = odds::distribution_with(&expr, &opts)
            .map_err(|e| TestCaseError::fail(format!("{expr}: {e}")))?;
        prop_assert_eq!(as_map(&got), brute_term(&term, depth), "{}", expr);
        assert_sums_to_one(&got);
    }
}

/// Every arithmetic tier (u128, 256…2048-bit fixed width, big integers) gives the same exact
/// distribution.
#[test]
fn arithmetic_tiers_agree() {
    for src in [
        "20d10kh5",
        "30d6",
        "60d6",
        "50d10kh10",
        "150d6",
        "300d6",
        "700d6",
        "10d6!",
        "3d10!>8",
        "4d6!dl1",
        "5d10!>8kh2",
        "8d6ro1",
        "12d20kl3",
        "40dF",
        "2d6*1d10+3d8!",
    ] {
        let e = dice::parse(src).unwrap();
        let fast = odds::distribution(&e).unwrap();
        let opts = OddsOptions {
            force_big: true,
            ..OddsOptions::default()
        };
        let big = odds::distribution_with(&e, &opts).unwrap();
        assert_eq!(fast.values(), big.values(), "{src}");
        assert_eq!(fast.denominator(), big.denominator(), "{src}");
        for i in 0..fast.len() {
            assert_eq!(fast.numerator(i), big.numerator(i), "{src} outcome {i}");
        }
        assert_eq!(fast.mean_exact(), big.mean_exact(), "{src}");
        assert_sums_to_one(&fast);
    }
}
