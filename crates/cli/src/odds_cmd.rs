//! `delve odds EXPR [--json]`: the exact distribution of a dice expression in the terminal.
//!
//! Human output: a table of value, P(=), P(≥) (and the exact fraction when it is short) with a
//! bar chart drawn in Unicode blocks, then the mean, the standard deviation and any note on
//! truncated explosions or capped rerolls (see `dice::odds`). Very long distributions show the
//! central rows that carry almost all the probability and say what was left out.
//!
//! `--json` prints exactly one JSON object:
//! `{"expression", "canonical", "label", "min", "max", "mean", "stddev", "mean_exact",
//! "variance_exact", "outcomes": [{"value", "probability", "exact", "at_least", "at_most"}],
//! "approximations": [...], "exact_omitted", "timing_ms"}`. Outcomes are sorted by value and
//! their exact fractions sum to 1. When the exact fractions would be enormous (more than
//! [`MAX_EXACT_BITS`] bits of digits in total, e.g. `10000d6`), `"exact"` is `null` and
//! `"exact_omitted"` says why. `timing_ms` is the time spent computing the distribution (not
//! parsing or printing), averaged over the hidden `--repeat N` runs used by the benchmarks.

use crate::CliResult;
use dice::odds::{self, Distribution, OddsOptions};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::time::Instant;

/// Above this many bits of numerators and denominators in total, exact fractions are left out.
pub const MAX_EXACT_BITS: u64 = 1 << 24;
/// Width of the bar chart in characters.
const BAR_WIDTH: usize = 40;
/// At most this many rows in the human table.
const MAX_ROWS: usize = 60;

#[derive(clap::Args)]
pub struct OddsArgs {
    /// The expression, e.g. `4d6kh3` (it may start with a minus: `-d6+7`).
    #[arg(allow_hyphen_values = true)]
    pub expr: String,
    /// Print one JSON object (outcomes with exact fractions, mean, stddev) instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Explosion depth (extra dice per exploding die, at most 100); default: deep enough that
    /// the cut mass per die is below 2^-64.
    #[arg(long, value_name = "D")]
    pub explode_depth: Option<u32>,
    /// Compute the distribution N times and report the mean time (for benchmarks).
    #[arg(long, hide = true, default_value_t = 1, value_name = "N")]
    pub repeat: u32,
}

pub fn run(args: OddsArgs) -> CliResult {
    let expr = dice::parse(&args.expr)?;
    let opts = OddsOptions {
        explode_depth: args.explode_depth,
        ..OddsOptions::default()
    };
    let repeat = args.repeat.max(1);
    let start = Instant::now();
    let mut dist = odds::distribution_with(&expr, &opts)?;
    for _ in 1..repeat {
        dist = odds::distribution_with(&expr, &opts)?;
    }
    let timing_ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(repeat);
    let out = if args.json {
        let mut s = json_text(&args.expr, &expr, &dist, timing_ms)?;
        s.push('\n');
        s
    } else {
        render_table(&expr, &dist)
    };
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        // A closed pipe (`delve odds … | head`) is not an error.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn exact_fits(dist: &Distribution) -> bool {
    (dist.len() as u64).saturating_mul(2 * dist.denominator().bits()) <= MAX_EXACT_BITS
}

/// The JSON text of `delve odds --json`. The outcome list is written directly (a `Value` per
/// outcome would cost hundreds of bytes each on million-outcome distributions).
pub fn json_text(
    source: &str,
    expr: &dice::Expression,
    dist: &Distribution,
    timing_ms: f64,
) -> Result<String, serde_json::Error> {
    let head = serde_json::to_string(&to_json(source, expr, dist, timing_ms))?;
    let with_exact = exact_fits(dist);
    let mut out = String::with_capacity(head.len() + dist.len() * 96);
    // `head` is an object: splice the outcomes in before its closing brace.
    out.push_str(&head[..head.len() - 1]);
    out.push_str(",\"outcomes\":[");
    for (i, o) in dist.outcomes().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let exact = if with_exact {
            format!("\"{}\"", dist.exact_string(i))
        } else {
            "null".to_string()
        };
        let _ = write!(
            out,
            "{{\"value\":{},\"probability\":{},\"exact\":{},\"at_least\":{},\"at_most\":{}}}",
            o.value,
            Value::from(o.probability),
            exact,
            Value::from(o.at_least),
            Value::from(o.at_most)
        );
    }
    out.push_str("]}");
    Ok(out)
}

/// The JSON object of `delve odds --json` without the `outcomes` list (see [`json_text`]).
pub fn to_json(
    source: &str,
    expr: &dice::Expression,
    dist: &Distribution,
    timing_ms: f64,
) -> Value {
    let with_exact = exact_fits(dist);
    let approximations: Vec<Value> = dist
        .approximations()
        .iter()
        .map(|a| {
            json!({
                "term": a.term,
                "kind": a.kind,
                "depth": a.depth,
                "cap": a.cap,
                "dice": a.dice,
                "mass_per_die": a.mass_per_die_f64,
                "mass_per_die_exact": if with_exact || a.mass_per_die.denom().bits() < 4096 {
                    Value::String(a.mass_per_die.to_string())
                } else {
                    Value::Null
                },
                "mass_bound": a.mass_bound(),
                "note": a.describe(),
            })
        })
        .collect();
    let big = |r: &dyn std::fmt::Display| {
        if with_exact {
            Value::String(r.to_string())
        } else {
            Value::Null
        }
    };
    json!({
        "expression": source.trim(),
        "canonical": expr.to_string(),
        "label": expr.label,
        "min": dist.min(),
        "max": dist.max(),
        "mean": dist.mean(),
        "stddev": dist.stddev(),
        "mean_exact": big(dist.mean_exact()),
        "variance_exact": big(dist.variance_exact()),
        "approximations": approximations,
        "exact_omitted": if with_exact {
            Value::Null
        } else {
            Value::String(format!(
                "exact fractions of {} outcomes over a {}-bit denominator exceed {} bits",
                dist.len(),
                dist.denominator().bits(),
                MAX_EXACT_BITS
            ))
        },
        "timing_ms": timing_ms,
    })
}

/// A bar of `frac` (0..=1) of [`BAR_WIDTH`] cells in eighth blocks.
fn bar(frac: f64) -> String {
    const PARTS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    let eighths = (frac.clamp(0.0, 1.0) * (BAR_WIDTH * 8) as f64).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    if !eighths.is_multiple_of(8) {
        s.push(PARTS[eighths % 8]);
    }
    if s.is_empty() && frac > 0.0 {
        s.push('▏');
    }
    s
}

fn percent(p: f64) -> String {
    if p == 0.0 {
        "0%".into()
    } else if p >= 0.0001 {
        format!("{:.4}%", p * 100.0)
    } else {
        format!("{:.3e}%", p * 100.0)
    }
}

/// The human table of `delve odds`.
///
/// Up to [`MAX_ROWS`] values: one row each. Longer distributions: the range that carries all
/// but 10⁻⁹ of the probability at each end is cut into at most [`MAX_ROWS`] bins of equal
/// width (P(=) is then the probability of the bin, P(≥) that of its first value), and the tails
/// outside it are summarised.
pub fn render_table(expr: &dice::Expression, dist: &Distribution) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{expr}");
    let outcomes: Vec<_> = dist.outcomes().collect();
    let n = outcomes.len();
    // (label, P(=) of the row, P(>=) of its first value, exact string if one value)
    let mut rows: Vec<(String, f64, f64, Option<String>)> = Vec::new();
    let (first, last) = if n <= MAX_ROWS {
        (0, n - 1)
    } else {
        let first = outcomes.iter().position(|o| o.at_most > 1e-9).unwrap_or(0);
        let last = outcomes
            .iter()
            .rposition(|o| o.at_least > 1e-9)
            .unwrap_or(n - 1);
        (first, last.max(first))
    };
    let binned = last - first + 1 > MAX_ROWS;
    let show_exact =
        !binned && exact_fits(dist) && (first..=last).all(|i| dist.exact_string(i).len() <= 24);
    if binned {
        let lo = outcomes[first].value;
        let hi = outcomes[last].value;
        let width = (hi - lo) / MAX_ROWS as i64 + 1;
        let mut i = first;
        while i <= last {
            let start = outcomes[i].value;
            let end = start + width - 1;
            let mut p = 0.0;
            let at_least = outcomes[i].at_least;
            let mut top = start;
            while i <= last && outcomes[i].value <= end {
                p += outcomes[i].probability;
                top = outcomes[i].value;
                i += 1;
            }
            rows.push((format!("{start}..{top}"), p, at_least, None));
        }
    } else {
        for (i, o) in outcomes.iter().enumerate().take(last + 1).skip(first) {
            let exact = show_exact.then(|| dist.exact_string(i));
            rows.push((o.value.to_string(), o.probability, o.at_least, exact));
        }
    }
    let pmax = rows.iter().map(|r| r.1).fold(0.0, f64::max);
    let val_w = rows.iter().map(|r| r.0.len()).max().unwrap_or(5).max(5);
    let exact_w = rows
        .iter()
        .filter_map(|r| r.3.as_ref().map(String::len))
        .max()
        .unwrap_or(5)
        .max(5);
    let _ = write!(out, "{:>val_w$}  {:>12}  {:>12}", "value", "P(=)", "P(>=)");
    if show_exact {
        let _ = write!(out, "  {:>exact_w$}", "exact");
    }
    out.push('\n');
    if first > 0 {
        let _ = writeln!(
            out,
            "{:>val_w$}  ({} lower values, total {})",
            "…",
            first,
            percent(outcomes[first - 1].at_most)
        );
    }
    for (label, p, at_least, exact) in &rows {
        let _ = write!(
            out,
            "{label:>val_w$}  {:>12}  {:>12}",
            percent(*p),
            percent(*at_least)
        );
        if let Some(e) = exact {
            let _ = write!(out, "  {e:>exact_w$}");
        }
        let _ = writeln!(out, "  {}", bar(if pmax > 0.0 { p / pmax } else { 0.0 }));
    }
    if last + 1 < n {
        let _ = writeln!(
            out,
            "{:>val_w$}  ({} higher values, total {})",
            "…",
            n - last - 1,
            percent(outcomes[last + 1].at_least)
        );
    }
    if binned {
        let _ = writeln!(
            out,
            "(values grouped in ranges; P(=) is the probability of the range)"
        );
    }
    let _ = writeln!(
        out,
        "mean {:.6}   stddev {:.6}   min {}   max {}",
        dist.mean(),
        dist.stddev(),
        dist.min(),
        dist.max()
    );
    for a in dist.approximations() {
        let _ = writeln!(out, "note: {}", a.describe());
    }
    out
}
