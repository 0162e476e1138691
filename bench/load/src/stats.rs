//! Latency samples and their percentiles.

use std::time::Duration;

/// Percentiles of a set of durations (milliseconds).
#[derive(Debug, Clone, Copy, Default)]
pub struct Summary {
    pub count: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub mean_ms: f64,
}

/// The nearest-rank percentile `p` (0–100) of sorted samples.
fn rank(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let idx = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[idx.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

pub fn summarize(mut samples: Vec<Duration>) -> Summary {
    if samples.is_empty() {
        return Summary::default();
    }
    samples.sort_unstable();
    let total: Duration = samples.iter().sum();
    Summary {
        count: samples.len(),
        p50_ms: ms(rank(&samples, 50.0)),
        p99_ms: ms(rank(&samples, 99.0)),
        max_ms: ms(*samples.last().unwrap_or(&Duration::ZERO)),
        mean_ms: ms(total) / samples.len() as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let samples: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        let s = summarize(samples);
        assert_eq!(s.count, 100);
        assert!((s.p50_ms - 50.0).abs() < 1e-9);
        assert!((s.p99_ms - 99.0).abs() < 1e-9);
        assert!((s.max_ms - 100.0).abs() < 1e-9);
    }
}
