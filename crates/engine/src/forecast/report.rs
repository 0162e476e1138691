//! What a forecast is asked for and what it reports, without any table: the options and
//! their limits, each run's seed, and the figures with their 95 % intervals. The lowest part of
//! [`crate::forecast`], so the `Ruleset` trait can name the options.

use crate::rule_error::RuleError;
use serde::Serialize;

/// The most runs one forecast may ask for.
pub const MAX_RUNS: u32 = 200_000;
/// The most threads one forecast may use.
pub const MAX_THREADS: usize = 64;
/// The most commands and answers one run may send before it is cut off (a policy that goes in
/// circles ends its run as unfinished instead of hanging the forecast).
pub const MAX_STEPS_PER_RUN: u32 = 20_000;

/// How a forecast is run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForecastOptions {
    /// How many times the situation is played forward (1..=[`MAX_RUNS`]).
    pub runs: u32,
    /// The seed every run's dice derive from ([`run_seed`]).
    pub seed: u64,
    /// Worker threads (1..=[`MAX_THREADS`]); the report does not depend on it.
    pub threads: usize,
    /// The ruleset's policy name; `None`: its default.
    pub policy: Option<String>,
}

impl Default for ForecastOptions {
    fn default() -> Self {
        ForecastOptions {
            runs: 10_000,
            seed: 1,
            threads: 1,
            policy: None,
        }
    }
}

impl ForecastOptions {
    /// Refuses runs or threads out of their limits.
    pub fn check(&self) -> Result<(), RuleError> {
        if self.runs == 0 || self.runs > MAX_RUNS {
            return Err(RuleError::new(
                "forecast_runs",
                format!("a forecast plays 1 to {MAX_RUNS} runs, not {}", self.runs),
            )
            .rule("MAX_RUNS"));
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return Err(RuleError::new(
                "forecast_threads",
                format!(
                    "a forecast uses 1 to {MAX_THREADS} threads, not {}",
                    self.threads
                ),
            )
            .rule("MAX_THREADS"));
        }
        Ok(())
    }
}

/// The dice seed of run `run` of a forecast seeded with `seed` (SplitMix64 of both, so
/// neighbouring runs share nothing).
pub fn run_seed(seed: u64, run: u32) -> u64 {
    let mut z = seed ^ (u64::from(run).wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A probability estimated from runs, with its 95 % Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Proportion {
    /// Hits over runs.
    pub p: f64,
    /// The 95 % interval (Wilson), within [0, 1].
    pub ci95: [f64; 2],
}

impl Proportion {
    /// `hits` out of `runs` (0 runs: p = 0 with the interval [0, 1]).
    pub fn of(hits: u64, runs: u64) -> Self {
        if runs == 0 {
            return Proportion {
                p: 0.0,
                ci95: [0.0, 1.0],
            };
        }
        let n = runs as f64;
        let p = hits as f64 / n;
        let z = 1.959_963_984_540_054_f64;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z * ((p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt()) / (1.0 + z2 / n);
        Proportion {
            p,
            ci95: [
                round6((centre - half).max(0.0)),
                round6((centre + half).min(1.0)),
            ],
        }
    }
}

/// A mean estimated from runs, with its 95 % interval (normal approximation).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Mean {
    pub mean: f64,
    pub ci95: [f64; 2],
}

impl Mean {
    /// The mean of `values` (empty: 0 with an empty interval at 0).
    pub fn of(values: impl IntoIterator<Item = f64>) -> Self {
        let (mut n, mut sum, mut sq) = (0.0_f64, 0.0_f64, 0.0_f64);
        for v in values {
            n += 1.0;
            sum += v;
            sq += v * v;
        }
        if n == 0.0 {
            return Mean {
                mean: 0.0,
                ci95: [0.0, 0.0],
            };
        }
        let mean = sum / n;
        let var = if n > 1.0 {
            ((sq - sum * sum / n) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = 1.959_963_984_540_054 * (var / n).sqrt();
        Mean {
            mean: round6(mean),
            ci95: [round6(mean - half), round6(mean + half)],
        }
    }
}

/// Six decimals: enough for any report, and stable text.
pub fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// A histogram of small whole numbers (value → runs), for a chart.
pub fn histogram(values: impl IntoIterator<Item = u64>) -> Vec<(u64, u64)> {
    let mut map = std::collections::BTreeMap::new();
    for v in values {
        *map.entry(v).or_insert(0u64) += 1;
    }
    map.into_iter().collect()
}

/// A forecast's whole-number argument `key` in `lo..=hi` (absent or null: `None`), or the
/// refusal `forecast_args` naming the limit `limit`. Every ruleset's forecasts read their
/// bounded arguments (rounds, turns…) through it.
pub fn bounded_arg(
    args: &serde_json::Value,
    key: &str,
    lo: u32,
    hi: u32,
    limit: &str,
) -> Result<Option<u32>, RuleError> {
    match args.get(key) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| (lo..=hi).contains(n))
            .map(Some)
            .ok_or_else(|| {
                RuleError::new(
                    "forecast_args",
                    format!("`{key}` is a whole number from {lo} to {hi}, not {v}"),
                )
                .rule(limit)
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_seeds_differ_and_repeat() {
        assert_eq!(run_seed(7, 3), run_seed(7, 3));
        assert_ne!(run_seed(7, 3), run_seed(7, 4));
        assert_ne!(run_seed(7, 3), run_seed(8, 3));
    }

    #[test]
    fn wilson_interval_of_known_counts() {
        let p = Proportion::of(62, 100);
        assert!((p.p - 0.62).abs() < 1e-12);
        // Wilson 95 % for 62/100: [0.5221, 0.7091].
        assert!((p.ci95[0] - 0.522_1).abs() < 1e-3, "{p:?}");
        assert!((p.ci95[1] - 0.709_1).abs() < 1e-3, "{p:?}");
        let all = Proportion::of(100, 100);
        assert_eq!(all.p, 1.0);
        assert_eq!(all.ci95[1], 1.0);
        assert!(all.ci95[0] > 0.96);
        let none = Proportion::of(0, 0);
        assert_eq!(none.ci95, [0.0, 1.0]);
    }

    #[test]
    fn mean_and_interval() {
        let m = Mean::of([1.0, 2.0, 3.0, 4.0]);
        assert_eq!(m.mean, 2.5);
        // sd = 1.290994, se = 0.645497, half = 1.265153.
        assert!((m.ci95[0] - 1.234_847).abs() < 1e-5, "{m:?}");
        assert_eq!(Mean::of([]).mean, 0.0);
    }

    #[test]
    fn histogram_counts() {
        assert_eq!(histogram([3, 1, 3, 2, 3]), vec![(1, 1), (2, 1), (3, 3)]);
    }

    #[test]
    fn options_are_bounded() {
        let mut o = ForecastOptions::default();
        assert!(o.check().is_ok());
        o.runs = MAX_RUNS + 1;
        assert_eq!(o.check().unwrap_err().code, "forecast_runs");
        o.runs = 1;
        o.threads = 0;
        assert_eq!(o.check().unwrap_err().code, "forecast_threads");
    }
}
