//! The roller and the exact distribution agree: rolls sampled at a fixed seed pass a
//! chi-square goodness-of-fit test against `dice::odds` (deterministic: same seed, same rolls).

use dice::odds::{self, Distribution};
use dice::roll::seeded_rng;
use std::collections::HashMap;

const SAMPLES: usize = 20_000;

fn sample(src: &str, seed: u64) -> HashMap<i64, u64> {
    let expr = dice::parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let mut rng = seeded_rng(seed);
    let mut counts = HashMap::new();
    for _ in 0..SAMPLES {
        let total = dice::roll(&expr, &mut rng)
            .unwrap_or_else(|e| panic!("{src}: {e}"))
            .total;
        *counts.entry(total).or_insert(0) += 1;
    }
    counts
}

/// Chi-square statistic and degrees of freedom; bins with expected count < 5 are pooled with
/// their neighbours (in value order). A sampled value the distribution calls impossible
/// makes the statistic infinite.
fn chi_square(dist: &Distribution, counts: &HashMap<i64, u64>) -> (f64, usize) {
    let n = counts.values().sum::<u64>() as f64;
    for v in counts.keys() {
        if dist.probability(*v) == 0.0 {
            return (f64::INFINITY, 1);
        }
    }
    let mut bins: Vec<(f64, f64)> = Vec::new(); // (expected, observed)
    let (mut e, mut o) = (0.0, 0.0);
    for out in dist.outcomes() {
        e += out.probability * n;
        o += *counts.get(&out.value).unwrap_or(&0) as f64;
        if e >= 5.0 {
            bins.push((e, o));
            (e, o) = (0.0, 0.0);
        }
    }
    if let Some(last) = bins.last_mut() {
        last.0 += e;
        last.1 += o;
    }
    let stat = bins.iter().map(|(e, o)| (o - e) * (o - e) / e).sum();
    (stat, bins.len().saturating_sub(1).max(1))
}

/// A generous bound: mean + 6 standard deviations of the chi-square distribution.
fn bound(df: usize) -> f64 {
    df as f64 + 6.0 * (2.0 * df as f64).sqrt()
}

#[test]
fn sampled_rolls_fit_the_exact_distribution() {
    let exprs = [
        "2d6",
        "3d6",
        "4d6kh3",
        "4d6dl1",
        "2d20kh1",
        "3d8kl2",
        "5d6dh2",
        "6d10>=8",
        "5d10kh3>=7",
        "d6r1",
        "d10r<3",
        "d6ro1",
        "4dF",
        "d%",
        "3d6!",
        "d10!>8mi3",
        "3d6!kh2",
        "4d6!dl1",
        "2d6!dh1",
        "3d6!kl2",
        "4d6r1!>5kh3",
        "2d6mi2ma5",
        "1d6*1d4",
        "2d6/3-1d4",
        "-(1d8+2)*2",
    ];
    for (i, src) in exprs.iter().enumerate() {
        let expr = dice::parse(src).unwrap();
        let dist = odds::distribution(&expr).unwrap_or_else(|e| panic!("{src}: {e}"));
        let counts = sample(src, 0x5EED + i as u64);
        let (stat, df) = chi_square(&dist, &counts);
        assert!(
            stat < bound(df),
            "{src}: chi-square {stat:.1} with {df} degrees of freedom"
        );
    }
}

/// The test has power: the rolls of one expression do not fit a different distribution.
#[test]
fn chi_square_detects_a_wrong_distribution() {
    for (rolled, claimed) in [
        ("4d6kh3", "4d6kl3"),
        ("d6r1", "d6ro1"),
        ("3d6!", "3d6"),
        ("3d6!kh2", "3d6kh2"),
    ] {
        let dist = odds::distribution(&dice::parse(claimed).unwrap()).unwrap();
        let (stat, df) = chi_square(&dist, &sample(rolled, 7));
        assert!(
            stat > bound(df),
            "{rolled} vs {claimed}: chi-square {stat:.1} ({df} df)"
        );
    }
}
