//! Limits that protect the process from hostile or mistaken expressions.
//!
//! Every limit is checked twice: statically when an expression is parsed (or, for a tree built
//! by hand or deserialised, by [`check_expression`] before it is rolled or compiled), and
//! dynamically while rolling, because rerolls and explosions add dice that no static count sees.
//! Going past a limit is always an error that names the limit — never a hang, a panic or an
//! out-of-memory.
//!
//! | limit | value | checked |
//! |---|---|---|
//! | [`MAX_DICE`] | 10,000 dice | at parse time over the written dice (`NdX` counts summed over the expression) and at roll time over every die actually rolled, rerolls and explosions included |
//! | [`MAX_SIDES`] | 1,000,000 sides | at parse time |
//! | [`MAX_EXPLODE_DEPTH`] | 100 extra dice per original die | at roll time: the chain stops, the last die is marked `explode_capped` |
//! | [`MAX_REROLL_DEPTH`] | 100 rerolls per die | at roll time: the last face stands even if it still matches, marked `reroll_capped` |
//! | [`MAX_NESTING`] | 64 levels of `(` and unary `-` | at parse time (keeps recursion bounded) |
//! | [`MAX_DEPTH`] | 64 levels of the whole tree (every operator, group and unary `-` adds one) | at parse time and by [`check_expression`] |
//! | [`MAX_SOURCE_LEN`] | 1,000 characters | at parse time |
//! | [`MAX_LABEL_LEN`] | 100 characters | at parse time |
//! | [`MAX_REPEAT`] | 10,000,000 repetitions | `delve roll --times` |

use crate::ast::{DiceTerm, Expr, Expression, KeepDrop, Modifier, Sides};

/// At most this many dice are rolled by one expression (rerolls and explosions included).
pub const MAX_DICE: u32 = 10_000;
/// At most this many sides on one die.
pub const MAX_SIDES: u32 = 1_000_000;
/// An exploding die adds at most this many extra dice (a chain longer than this stops).
pub const MAX_EXPLODE_DEPTH: u32 = 100;
/// A die is rerolled at most this many times (`r` while matching).
pub const MAX_REROLL_DEPTH: u32 = 100;
/// At most this many nested parentheses and unary minus signs.
pub const MAX_NESTING: u32 = 64;
/// At most this many levels in the whole expression tree: every binary operator, group and
/// unary minus adds one (`1+1+1` is 3 levels deep, as the tree is left-deep). A roll's result
/// tree mirrors the expression, and a table stores it as JSON inside an event, whose reader
/// refuses JSON nested deeper than 128 levels; this limit keeps every roll far below that
/// (the engine's `limits::MAX_JSON_DEPTH` leaves room for the event around it).
pub const MAX_DEPTH: u32 = 64;
/// At most this many characters in the source text of one expression.
pub const MAX_SOURCE_LEN: usize = 1_000;
/// At most this many characters in a label (`[Agility]`).
pub const MAX_LABEL_LEN: usize = 100;
/// At most this many repetitions of one expression in a single request (`delve roll --times`).
pub const MAX_REPEAT: u64 = 10_000_000;

/// Which part of a dice term a [`TermError`] is about (the parser maps it to a column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermPart {
    Count,
    Sides,
    /// The modifier at this index of [`DiceTerm::modifiers`].
    Modifier(usize),
    Success,
}

/// A dice term that breaks a limit or can never finish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TermError {
    pub part: TermPart,
    pub message: String,
}

fn term_err(part: TermPart, message: String) -> TermError {
    TermError { part, message }
}

/// Checks one dice term against the limits and against conditions that could never finish.
///
/// Refused: 0 dice or more than [`MAX_DICE`]; 0 sides or more than [`MAX_SIDES`]; two modifiers
/// of the same kind (keep/drop, reroll, explode, min, max); keeping 0 dice or more dice than
/// rolled; dropping 0 dice or every die; a reroll (`r`) or explosion whose condition matches
/// every face (it would never stop) or no face (it would do nothing, almost surely a typo);
/// `mi` greater than `ma`.
pub fn check_term(term: &DiceTerm) -> Result<(), TermError> {
    if term.count == 0 {
        return Err(term_err(
            TermPart::Count,
            "a dice term needs at least 1 die".into(),
        ));
    }
    if term.count > MAX_DICE {
        return Err(term_err(
            TermPart::Count,
            format!(
                "{} dice is over the limit of {MAX_DICE} dice per expression",
                term.count
            ),
        ));
    }
    if let Sides::Faces(n) = term.sides {
        if n == 0 {
            return Err(term_err(
                TermPart::Sides,
                "a die needs at least 1 side".into(),
            ));
        }
        if n > MAX_SIDES {
            return Err(term_err(
                TermPart::Sides,
                format!("{n} sides is over the limit of {MAX_SIDES} sides per die"),
            ));
        }
    }
    let (lo, hi) = (term.sides.min_face(), term.sides.max_face());
    let faces = || lo..=hi;
    let mut seen = [false; 5];
    let mut min_bound: Option<i64> = None;
    let mut max_bound: Option<i64> = None;
    for (index, modifier) in term.modifiers.iter().enumerate() {
        let part = TermPart::Modifier(index);
        let kind = match modifier {
            Modifier::KeepDrop { .. } => 0,
            Modifier::Reroll { .. } => 1,
            Modifier::Explode { .. } => 2,
            Modifier::Min { .. } => 3,
            Modifier::Max { .. } => 4,
        };
        if std::mem::replace(&mut seen[kind], true) {
            let name = ["keep/drop", "reroll", "explode", "`mi`", "`ma`"][kind];
            return Err(term_err(
                part,
                format!("only one {name} modifier per dice term"),
            ));
        }
        match *modifier {
            Modifier::KeepDrop { which, count } => {
                let keep = matches!(which, KeepDrop::KeepHighest | KeepDrop::KeepLowest);
                if count == 0 {
                    let verb = if keep { "keep" } else { "drop" };
                    return Err(term_err(part, format!("must {verb} at least 1 die")));
                }
                if keep && count > term.count {
                    return Err(term_err(
                        part,
                        format!("cannot keep {count} dice out of {}", term.count),
                    ));
                }
                if !keep && count >= term.count {
                    return Err(term_err(
                        part,
                        format!(
                            "dropping {count} of {} dice would drop every die",
                            term.count
                        ),
                    ));
                }
            }
            Modifier::Reroll { cmp, once } => {
                // A `ro` that matches every face is harmless (one more roll), `r` never stops.
                if !once && faces().all(|f| cmp.matches(f)) {
                    return Err(term_err(
                        part,
                        format!(
                            "reroll would never stop: every face of {} matches",
                            term.sides
                        ),
                    ));
                }
                if !faces().any(|f| cmp.matches(f)) {
                    return Err(term_err(
                        part,
                        format!("reroll condition matches no face of {}", term.sides),
                    ));
                }
            }
            Modifier::Explode { cmp } => {
                if faces().all(|f| cmp.matches(f)) {
                    return Err(term_err(
                        part,
                        format!(
                            "explosion would never stop: every face of {} explodes",
                            term.sides
                        ),
                    ));
                }
                if !faces().any(|f| cmp.matches(f)) {
                    return Err(term_err(
                        part,
                        format!("explosion condition matches no face of {}", term.sides),
                    ));
                }
            }
            Modifier::Min { value } => {
                if max_bound.is_some_and(|m| value > m) {
                    return Err(term_err(part, "`mi` is greater than `ma`".into()));
                }
                min_bound = Some(value);
            }
            Modifier::Max { value } => {
                if min_bound.is_some_and(|m| m > value) {
                    return Err(term_err(part, "`mi` is greater than `ma`".into()));
                }
                max_bound = Some(value);
            }
        }
    }
    Ok(())
}

/// Checks a whole expression (one built by hand or deserialised, which the parser never saw):
/// every dice term ([`check_term`]), the total written dice count ([`MAX_DICE`]) and the depth
/// of the tree ([`MAX_DEPTH`], counting groups, unary minus and binary operators, so the
/// recursion of the roller stays bounded and the recorded result stays readable).
pub fn check_expression(expr: &Expression) -> Result<(), String> {
    fn walk(e: &Expr, depth: u32, dice: &mut u64) -> Result<(), String> {
        if depth > MAX_DEPTH {
            return Err(too_deep(depth));
        }
        match e {
            Expr::Number { .. } => Ok(()),
            Expr::Dice(term) => {
                check_term(term).map_err(|err| err.message)?;
                *dice += u64::from(term.count);
                if *dice > u64::from(MAX_DICE) {
                    return Err(too_many_dice(*dice));
                }
                Ok(())
            }
            Expr::Neg { expr } | Expr::Group { expr } => walk(expr, depth + 1, dice),
            Expr::Binary { lhs, rhs, .. } => {
                walk(lhs, depth + 1, dice)?;
                walk(rhs, depth + 1, dice)
            }
        }
    }
    let mut dice = 0;
    walk(&expr.root, 0, &mut dice)
}

/// The depth of an expression tree: a leaf is 0 levels, each operator, group and unary minus
/// adds one. Recursion is bounded by the parser's limits ([`MAX_SOURCE_LEN`] characters give
/// at most a few hundred levels).
pub fn tree_depth(e: &Expr) -> u32 {
    match e {
        Expr::Number { .. } | Expr::Dice(_) => 0,
        Expr::Neg { expr } | Expr::Group { expr } => 1 + tree_depth(expr),
        Expr::Binary { lhs, rhs, .. } => 1 + tree_depth(lhs).max(tree_depth(rhs)),
    }
}

/// The message for an expression deeper than [`MAX_DEPTH`].
pub(crate) fn too_deep(depth: u32) -> String {
    format!(
        "expression nested too deeply: {depth} levels, the limit is {MAX_DEPTH} (MAX_DEPTH; each \
         operator, group and unary minus adds a level)"
    )
}

/// The message for an expression that writes more than [`MAX_DICE`] dice.
pub(crate) fn too_many_dice(total: u64) -> String {
    format!("too many dice: the expression rolls {total} dice, the limit is {MAX_DICE}")
}
