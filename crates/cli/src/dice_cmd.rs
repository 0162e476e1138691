//! `delve roll` and `delve help dice`.
//!
//! `delve roll EXPR` rolls once and shows every die (human text, or the whole result tree as one
//! JSON object with `--json`). `--times K` rolls K times through the compiled fast path
//! ([`dice::Program`]) and prints a summary. Without `--seed` a fresh 64-bit seed is drawn from
//! the operating system and shown, so any roll can be repeated with `--seed`.

use crate::CliResult;
use dice::limits::{MAX_DICE, MAX_EXPLODE_DEPTH, MAX_REPEAT, MAX_REROLL_DEPTH, MAX_SIDES};
use dice::roll::{Die, RollNode, seeded_rng};
use dice::{Program, RollResult};
use std::fmt::Write as _;

/// How many totals `--times` lists before the summary.
const FIRST_TOTALS: usize = 10;

/// The text of `delve help dice` (print it with `{}`: it is formatted with the limits and
/// the grammar of the dice crate, so it can never drift from them).
pub const DICE_HELP: DiceHelp = DiceHelp;

/// See [`DICE_HELP`].
pub struct DiceHelp;

impl std::fmt::Display for DiceHelp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "\
DICE NOTATION

  2d10+2 [Agility]   two ten-sided dice plus 2, labelled
  d20                one twenty-sided die (the count defaults to 1)
  d%                 percentile die, 1-100
  4dF                four Fate dice (-1, 0, +1 each)
  4d6kh3             roll 4d6, keep the highest 3     (kl: keep lowest)
  4d6dl1             roll 4d6, drop the lowest 1       (dh: drop highest)
  8d6r1              reroll 1s until they stop coming up (also r<3, r>5, r=2)
  8d6ro1             reroll a 1 once only (also ro<3, ...)
  3d6!               exploding: a 6 adds another die (also !>5, !>=5, !=4)
  4d6mi3 / 4d6ma5    clamp: faces below 3 count as 3 / above 5 count as 5
  6d10>=8            count successes: dice showing 8 or more (also >, <, <=, =)
  (1d8+2)*2          arithmetic: + - * / and parentheses; / rounds down
  -1d4               unary minus

  Letters are case-insensitive (4D6KH3). Spaces are fine around operators.

ORDER OF A DICE TERM

  1. roll the dice          4. clamp each face (mi, ma)
  2. reroll (r, ro)         5. keep/drop over the whole pool, extra dice included
  3. explode (!)            6. sum the kept dice, or count the kept successes
  Explosion looks at the face before clamping. Success counting looks at the clamped value.

LIMITS

  {MAX_DICE} dice rolled per expression (rerolls and explosions count), {MAX_SIDES} sides per
  die. A die is rerolled at most {MAX_REROLL_DEPTH} times (then its last face stands) and one
  die explodes into at most {MAX_EXPLODE_DEPTH} extra dice (then the chain stops); both are
  marked in the result. A reroll or explosion that would match every face is refused, and so
  are keeping more dice than rolled, dropping all of them, and mi above ma.
  `delve roll --times` repeats at most {MAX_REPEAT} times.

PERCENTILE DICE

  d% is a d100. Reading two d10 as tens and units (00 and 0 meaning 100), as Crows does, gives
  each of 1-100 with probability 1/100: the same distribution as d%.

EXAMPLES

  delve roll '2d10+2 [Agility]'
  delve roll 4d6kh3 --seed 42 --json
  delve roll 2d10+3 --times 1000000
  delve odds 20d10kh5

GRAMMAR (EBNF)

{}",
            dice::GRAMMAR
        )
    }
}

#[derive(clap::Args)]
pub struct RollArgs {
    /// The expression, e.g. `2d10+2 [Agility]` (quote it in the shell). See `delve help dice`.
    #[arg(allow_hyphen_values = true)]
    pub expr: String,
    /// Seed for a reproducible roll (any 64-bit number). Without it a fresh seed is drawn and
    /// shown.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Roll this many times (at most 10,000,000) and print a summary instead of the dice.
    #[arg(long, value_name = "K")]
    pub times: Option<u64>,
    /// Print JSON: the full result tree of one roll, or the summary of `--times`.
    #[arg(long)]
    pub json: bool,
}

pub fn run_roll(args: RollArgs) -> CliResult {
    let expr = dice::parse(&args.expr).map_err(|e| format!("in `{}`: {e}", args.expr))?;
    let seed = args.seed.unwrap_or_else(rand::random::<u64>);
    let mut rng = seeded_rng(seed);
    match args.times {
        None => {
            let result = dice::roll(&expr, &mut rng)?;
            if args.json {
                let mut value = serde_json::to_value(&result)?;
                if let Some(obj) = value.as_object_mut() {
                    obj.insert("seed".into(), seed.into());
                }
                println!("{}", serde_json::to_string(&value)?);
            } else {
                print!("{}", render(&result, seed));
            }
            Ok(())
        }
        Some(times) => {
            if times == 0 {
                return Err("--times must be at least 1".into());
            }
            if times > MAX_REPEAT {
                return Err(format!(
                    "--times {times} is over the limit of {MAX_REPEAT} rolls (limits::MAX_REPEAT)"
                )
                .into());
            }
            let summary = repeat(&expr, &mut rng, times)?;
            if args.json {
                let obj = serde_json::json!({
                    "expression": expr.root.to_string(),
                    "label": expr.label,
                    "seed": seed,
                    "count": times,
                    "min": summary.min,
                    "max": summary.max,
                    "mean": summary.mean,
                    "stddev": summary.stddev,
                    "first": summary.first,
                });
                println!("{}", serde_json::to_string(&obj)?);
            } else {
                print!("{}", render_summary(&expr, seed, times, &summary));
            }
            Ok(())
        }
    }
}

/// Totals of many rolls, summarised.
struct Summary {
    min: i64,
    max: i64,
    mean: f64,
    /// Population standard deviation.
    stddev: f64,
    first: Vec<i64>,
}

fn repeat(
    expr: &dice::Expression,
    rng: &mut dice::DiceRng,
    times: u64,
) -> Result<Summary, dice::RollError> {
    let mut program = Program::compile(expr)?;
    let (mut min, mut max) = (i64::MAX, i64::MIN);
    // Sums of the totals shifted by the first one (the shifted-data method: no cancellation
    // when the spread is small next to the mean, and no division in the loop).
    let (mut shift, mut s1, mut s2) = (0i64, 0.0f64, 0.0f64);
    let mut first = Vec::with_capacity(FIRST_TOTALS);
    for n in 0..times {
        let total = program.roll_total(rng)?;
        if n == 0 {
            shift = total;
        }
        min = min.min(total);
        max = max.max(total);
        let d = match total.checked_sub(shift) {
            Some(d) => d as f64,
            None => total as f64 - shift as f64,
        };
        s1 += d;
        s2 += d * d;
        if first.len() < FIRST_TOTALS {
            first.push(total);
        }
    }
    let n = times as f64;
    let mean = shift as f64 + s1 / n;
    let variance = ((s2 - s1 * s1 / n) / n).max(0.0);
    Ok(Summary {
        min,
        max,
        mean,
        stddev: variance.sqrt(),
        first,
    })
}

fn render_summary(expr: &dice::Expression, seed: u64, times: u64, s: &Summary) -> String {
    let mut out = String::new();
    let name = match &expr.label {
        Some(label) => format!("{label}: {}", expr.root),
        None => expr.root.to_string(),
    };
    let _ = writeln!(out, "{name} rolled {times} times (seed {seed})");
    let _ = writeln!(out, "  min     {}", s.min);
    let _ = writeln!(out, "  max     {}", s.max);
    let _ = writeln!(out, "  mean    {:.4}", s.mean);
    let _ = writeln!(out, "  stddev  {:.4}", s.stddev);
    let first: Vec<String> = s.first.iter().map(i64::to_string).collect();
    let more = if times as usize > s.first.len() {
        ", …"
    } else {
        ""
    };
    let _ = writeln!(out, "  first   {}{more}", first.join(", "));
    out
}

/// Marks used in a rendering, for the legend.
#[derive(Default)]
struct Marks {
    dropped: bool,
    rerolled: bool,
    exploded: bool,
    clamped: bool,
    success: bool,
    capped: bool,
}

/// One die: `(3)` dropped, `~1~ 4` rerolled, `6!` exploded, `2→3` clamped, `9*` success,
/// `^` a capped chain.
fn render_die(d: &Die, marks: &mut Marks) -> String {
    let mut s = String::new();
    for f in &d.rerolled {
        let _ = write!(s, "~{f}~ ");
        marks.rerolled = true;
    }
    let _ = write!(s, "{}", d.face);
    if d.value != d.face {
        let _ = write!(s, "→{}", d.value);
        marks.clamped = true;
    }
    if d.exploded {
        s.push('!');
        marks.exploded = true;
    }
    if d.reroll_capped || d.explode_capped {
        s.push('^');
        marks.capped = true;
    }
    if d.success == Some(true) {
        s.push('*');
        marks.success = true;
    }
    if !d.kept {
        marks.dropped = true;
        s = format!("({s})");
    }
    s
}

/// The human rendering of one roll.
fn render(r: &RollResult, seed: u64) -> String {
    let mut out = String::new();
    match &r.label {
        Some(label) => {
            let _ = writeln!(out, "{label}: {}", r.expression);
        }
        None => {
            let _ = writeln!(out, "{}", r.expression);
        }
    }
    let mut marks = Marks::default();
    let mut terms = Vec::new();
    collect_terms(&r.root, &mut terms);
    let width = terms
        .iter()
        .map(|(n, _, _)| n.chars().count())
        .max()
        .unwrap_or(0);
    for (notation, dice, value) in terms {
        let faces: Vec<String> = dice.iter().map(|d| render_die(d, &mut marks)).collect();
        let _ = writeln!(
            out,
            "  {notation:<width$}  [{}] = {value}",
            faces.join(", ")
        );
    }
    let _ = writeln!(out, "  total: {}", r.total);
    let mut legend = Vec::new();
    if marks.dropped {
        legend.push("(n) dropped");
    }
    if marks.rerolled {
        legend.push("~n~ rerolled");
    }
    if marks.exploded {
        legend.push("n! exploded");
    }
    if marks.clamped {
        legend.push("a→b clamped");
    }
    if marks.success {
        legend.push("n* success");
    }
    if marks.capped {
        legend.push("^ depth limit reached");
    }
    if !legend.is_empty() {
        let _ = writeln!(out, "  ({})", legend.join(", "));
    }
    let _ = writeln!(out, "  seed {seed}");
    out
}

fn collect_terms<'a>(n: &'a RollNode, out: &mut Vec<(&'a str, &'a [Die], i64)>) {
    match n {
        RollNode::Number { .. } => {}
        RollNode::Dice {
            notation,
            dice,
            value,
        } => out.push((notation, dice, *value)),
        RollNode::Neg { expr, .. } | RollNode::Group { expr, .. } => collect_terms(expr, out),
        RollNode::Binary { lhs, rhs, .. } => {
            collect_terms(lhs, out);
            collect_terms(rhs, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice::ManualFaces;

    #[test]
    fn rendering_marks_every_kind_of_die() {
        let e = dice::parse("3d6r1!mi3kh2 [Test]").unwrap();
        let r = dice::roll_with(&e, &mut ManualFaces::new(vec![1, 4, 6, 2, 5])).unwrap();
        let text = render(&r, 5);
        assert!(text.starts_with("Test: 3d6r1!mi3kh2\n"), "{text}");
        assert!(text.contains("[(~1~ 4), 6!, (2→3), 5] = 11"), "{text}");
        assert!(text.contains("total: 11"), "{text}");
        assert!(
            text.contains("(n) dropped") && text.contains("~n~ rerolled"),
            "{text}"
        );
    }

    #[test]
    fn help_contains_grammar_and_percentile_note() {
        let help = DICE_HELP.to_string();
        assert!(help.contains(dice::GRAMMAR));
        assert!(help.contains("d% is a d100"));
        assert!(help.contains("10000 dice"));
    }
}
