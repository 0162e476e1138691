//! Sampled frequencies at fixed seeds against exact distributions computed here by hand
//! (counting outcomes), with a chi-square bound at the 0.1 % level. A biased sampler, a wrong
//! face mapping or a broken keep/drop would push the statistic far past the bound.

use dice::roll::seeded_rng;
use dice::{Program, parse, roll};
use std::collections::BTreeMap;

/// Exact distribution of `faces` enumerated: outcome → number of ways, and the total ways.
fn exact<F: Fn(&[i64]) -> i64>(dice: usize, sides: i64, value: F) -> (BTreeMap<i64, u64>, u64) {
    let mut counts = BTreeMap::new();
    let mut faces = vec![1i64; dice];
    let mut ways = 0;
    loop {
        *counts.entry(value(&faces)).or_insert(0) += 1;
        ways += 1;
        let mut i = 0;
        loop {
            if i == dice {
                return (counts, ways);
            }
            faces[i] += 1;
            if faces[i] <= sides {
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

/// Chi-square statistic of `samples` totals against the exact distribution.
fn chi_square(observed: &BTreeMap<i64, u64>, exact: &BTreeMap<i64, u64>, ways: u64, n: u64) -> f64 {
    for v in observed.keys() {
        assert!(exact.contains_key(v), "impossible total {v} was rolled");
    }
    exact
        .iter()
        .map(|(v, &w)| {
            let expected = n as f64 * w as f64 / ways as f64;
            let o = *observed.get(v).unwrap_or(&0) as f64;
            (o - expected).powi(2) / expected
        })
        .sum()
}

/// Upper 0.1 % points of the chi-square distribution by degrees of freedom.
fn critical(dof: usize) -> f64 {
    match dof {
        4 => 18.467,
        5 => 20.515,
        6 => 22.458,
        10 => 29.588,
        15 => 37.697,
        99 => 148.230,
        _ => panic!("no critical value for {dof} degrees of freedom"),
    }
}

fn check(src: &str, n: u64, seed: u64, exact: (BTreeMap<i64, u64>, u64)) {
    let (dist, ways) = exact;
    let expr = parse(src).unwrap();
    let mut rng = seeded_rng(seed);
    let mut tree = BTreeMap::new();
    for _ in 0..n {
        *tree
            .entry(roll(&expr, &mut rng).unwrap().total)
            .or_insert(0) += 1;
    }
    let stat = chi_square(&tree, &dist, ways, n);
    let bound = critical(dist.len() - 1);
    assert!(
        stat < bound,
        "{src}: chi-square {stat:.2} ≥ {bound} (tree path)"
    );
    // The fast path on another seed.
    let mut program = Program::compile(&expr).unwrap();
    let mut rng = seeded_rng(seed ^ 0x5eed);
    let mut fast = BTreeMap::new();
    for _ in 0..n {
        *fast
            .entry(program.roll_total(&mut rng).unwrap())
            .or_insert(0) += 1;
    }
    let stat = chi_square(&fast, &dist, ways, n);
    assert!(
        stat < bound,
        "{src}: chi-square {stat:.2} ≥ {bound} (fast path)"
    );
}

#[test]
fn d6_is_uniform() {
    check("1d6", 60_000, 1, exact(1, 6, |f| f[0]));
}

#[test]
fn d7_is_uniform_where_rejection_matters() {
    check("1d7", 70_000, 2, exact(1, 7, |f| f[0]));
}

#[test]
fn percent_is_uniform_over_1_to_100() {
    check("d%", 100_000, 3, exact(1, 100, |f| f[0]));
}

#[test]
fn two_d6_matches_the_triangle() {
    // 2d6: 1/36, 2/36, …, 6/36, …, 1/36 for 2..=12.
    let (dist, ways) = exact(2, 6, |f| f[0] + f[1]);
    assert_eq!(dist[&7], 6);
    assert_eq!(ways, 36);
    check("2d6", 72_000, 4, (dist, ways));
}

#[test]
fn four_d6_keep_highest_three() {
    let keep3 = |f: &[i64]| f.iter().sum::<i64>() - f.iter().min().copied().unwrap_or(0);
    let (dist, ways) = exact(4, 6, keep3);
    assert_eq!(dist[&18], 21, "4d6kh3 makes 18 in 21 of 1296 ways");
    check("4d6kh3", 100_000, 5, (dist, ways));
}

#[test]
fn fate_dice_sum() {
    // 2dF: two d3 with faces 1..=3 shifted by -2 each, totals -2..=2 (1, 2, 3, 2, 1 of 9).
    let (dist, ways) = exact(2, 3, |f| f[0] + f[1] - 4);
    check("2dF", 30_000, 6, (dist, ways));
}
