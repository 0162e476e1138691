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

/// How many of `runs` match `pick`.
pub fn count<R>(runs: &[R], pick: impl Fn(&R) -> bool) -> u64 {
    runs.iter().filter(|r| pick(r)).count() as u64
}

/// One creature's (or one thing's) figures over the runs of a forecast, in the one shape every
/// ruleset's report uses: a share is `key` with `key_ci95`, a mean is `key_mean` with
/// `key_ci95`, a histogram is `key` as `[value, runs]` pairs.
#[derive(Debug, Clone)]
pub struct Figures {
    runs: u64,
    out: serde_json::Map<String, serde_json::Value>,
}

impl Figures {
    /// Figures over `runs` runs, none yet.
    pub fn new(runs: u64) -> Self {
        Figures {
            runs,
            out: serde_json::Map::new(),
        }
    }

    /// Adds `key` as it is (a label such as the side).
    pub fn with(mut self, key: &str, value: serde_json::Value) -> Self {
        self.out.insert(key.into(), value);
        self
    }

    /// Adds the share of runs `hits` as `key` and its interval as `key_ci95`.
    pub fn share(mut self, key: &str, hits: u64) -> Self {
        let p = Proportion::of(hits, self.runs);
        self.out.insert(key.into(), p.p.into());
        self.out.insert(format!("{key}_ci95"), ci(p.ci95));
        self
    }

    /// Adds the mean of `values` as `key_mean` and its interval as `key_ci95`.
    pub fn mean(mut self, key: &str, values: impl IntoIterator<Item = f64>) -> Self {
        let m = Mean::of(values);
        self.out.insert(format!("{key}_mean"), m.mean.into());
        self.out.insert(format!("{key}_ci95"), ci(m.ci95));
        self
    }

    /// Adds the histogram of `values` as `key`.
    pub fn histogram(mut self, key: &str, values: impl IntoIterator<Item = u64>) -> Self {
        self.out.insert(key.into(), histogram_json(values));
        self
    }

    /// The figures as a JSON object.
    pub fn into_map(self) -> serde_json::Map<String, serde_json::Value> {
        self.out
    }
}

fn ci(bounds: [f64; 2]) -> serde_json::Value {
    serde_json::Value::from(bounds.to_vec())
}

fn histogram_json(values: impl IntoIterator<Item = u64>) -> serde_json::Value {
    serde_json::Value::Array(
        histogram(values)
            .into_iter()
            .map(|(v, n)| serde_json::Value::from(vec![v, n]))
            .collect(),
    )
}

/// What a fight forecast reports whatever the game: `runs`, each side's chance to win
/// (`sides`: `{side: {"win", "ci95"}, "draw": {"p", "ci95"}}`), the rounds (`rounds_mean`,
/// `rounds_ci95`, the histogram `rounds`) and the runs cut off (`stuck`). `winner` names the
/// winning side of a run (`None`: a draw); the ruleset adds its own keys (its creatures…).
pub fn fight_outline<R>(
    runs: &[R],
    sides: &[&str],
    winner: impl Fn(&R) -> Option<&str>,
    rounds: impl Fn(&R) -> u32,
    stuck: impl Fn(&R) -> bool,
) -> serde_json::Map<String, serde_json::Value> {
    let n = runs.len() as u64;
    let share = |hits: u64, key: &str| {
        let p = Proportion::of(hits, n);
        serde_json::json!({ key: p.p, "ci95": p.ci95 })
    };
    let mut by_side = serde_json::Map::new();
    for s in sides {
        by_side.insert(
            (*s).into(),
            share(count(runs, |r| winner(r) == Some(*s)), "win"),
        );
    }
    by_side.insert(
        "draw".into(),
        share(count(runs, |r| winner(r).is_none()), "p"),
    );
    Figures::new(n)
        .with("runs", n.into())
        .with("sides", by_side.into())
        .mean("rounds", runs.iter().map(|r| f64::from(rounds(r))))
        .histogram("rounds", runs.iter().map(|r| u64::from(rounds(r))))
        .with("stuck", count(runs, &stuck).into())
        .into_map()
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
    fn figures_keep_the_one_shape() {
        let f = Figures::new(4)
            .with("side", "pcs".into())
            .share("dies", 1)
            .mean("hp_left", [1.0, 2.0, 3.0, 4.0])
            .histogram("hp_left", [2, 2, 0, 1])
            .into_map();
        assert_eq!(f["side"], "pcs");
        assert_eq!(f["dies"], 0.25);
        assert_eq!(f["dies_ci95"], serde_json::json!(Proportion::of(1, 4).ci95));
        assert_eq!(f["hp_left_mean"], 2.5);
        assert_eq!(
            f["hp_left_ci95"],
            serde_json::json!(Mean::of([1.0, 2.0, 3.0, 4.0]).ci95)
        );
        assert_eq!(f["hp_left"], serde_json::json!([[0, 1], [1, 1], [2, 2]]));
    }

    #[test]
    fn a_fight_outline_counts_wins_draws_rounds_and_stuck_runs() {
        // (winner, rounds, stuck)
        let runs = [
            (Some("a"), 2, false),
            (Some("a"), 4, false),
            (None, 30, true),
            (Some("b"), 3, false),
        ];
        let o = fight_outline(&runs, &["a", "b"], |r| r.0, |r| r.1, |r| r.2);
        assert_eq!(o["runs"], 4);
        assert_eq!(o["sides"]["a"]["win"], 0.5);
        assert_eq!(o["sides"]["b"]["win"], 0.25);
        assert_eq!(o["sides"]["draw"]["p"], 0.25);
        assert_eq!(
            o["sides"]["a"]["ci95"],
            serde_json::json!(Proportion::of(2, 4).ci95)
        );
        assert_eq!(o["rounds_mean"], 9.75);
        assert_eq!(
            o["rounds"],
            serde_json::json!([[2, 1], [3, 1], [4, 1], [30, 1]])
        );
        assert_eq!(o["stuck"], 1);
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
