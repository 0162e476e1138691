//! Parser for dice notation: text → [`Expression`].
//!
//! # Grammar
//!
//! The EBNF below is the whole language; the same text is [`GRAMMAR`], which `delve help dice`
//! prints. Letters are case-insensitive (`4D6KH3` = `4d6kh3`). Whitespace is allowed between
//! the tokens of arithmetic (around operators, parentheses and before the label), not inside a
//! dice term.
//!
//! ```text
#![doc = include_str!("grammar.ebnf")]
//! ```
//!
//! # Checks at parse time
//!
//! Besides syntax, the parser refuses what could never be rolled safely (see [`crate::limits`]):
//! more than [`MAX_SIDES`] sides or 0 sides; more than [`MAX_DICE`] dice written in the whole
//! expression; keeping 0 or more dice than rolled, dropping 0 or every die; two modifiers of one
//! kind on a term; a reroll `r` or explosion whose condition matches every face ("would never
//! stop") or no face; `mi` above `ma`; nesting deeper than [`MAX_NESTING`]; a tree deeper than
//! [`MAX_DEPTH`](crate::limits::MAX_DEPTH) levels (so `1d6` followed by 64 `+1` terms is
//! refused: its recorded result would be too deep to store); a number that does
//! not fit in 64 bits; a source longer than [`MAX_SOURCE_LEN`] characters.
//!
//! # Errors
//!
//! A [`ParseError`] carries the 1-based column (in characters) where the problem is and a
//! message saying what was expected there, e.g. `column 3: expected a number of sides after
//! `d` (like `d6`), `%` or `F``.
//!
//! # Implementation
//!
//! A hand-written recursive-descent parser (one method per grammar rule) over `&str`, using
//! `winnow` for the tokens (digits, literals, whitespace, caseless keywords). Hand-written
//! structure keeps every error message and column under control; recursion depth is bounded by
//! [`MAX_NESTING`].

use crate::ast::{BinOp, CmpOp, Compare, DiceTerm, Expr, Expression, KeepDrop, Modifier, Sides};
use crate::limits::{
    self, MAX_DICE, MAX_LABEL_LEN, MAX_NESTING, MAX_SIDES, MAX_SOURCE_LEN, TermPart,
};
use winnow::ascii::{Caseless, digit1, multispace0};
use winnow::combinator::alt;
use winnow::error::ContextError;
use winnow::prelude::*;
use winnow::token::{any, take_till};

/// The grammar of dice notation in EBNF (printed by `delve help dice`).
pub const GRAMMAR: &str = include_str!("grammar.ebnf");

/// A syntax error or a refused expression, with the 1-based column (in characters) it is at.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ParseError {
    pub column: usize,
    pub message: String,
}

/// Parses a dice expression such as `2d10+2 [Agility]` or `6d10>=8`.
pub fn parse(src: &str) -> Result<Expression, ParseError> {
    let chars = src.chars().count();
    if chars > MAX_SOURCE_LEN {
        return Err(ParseError {
            column: MAX_SOURCE_LEN + 1,
            message: format!("expression longer than the limit of {MAX_SOURCE_LEN} characters"),
        });
    }
    let mut parser = Notation { dice: 0, depth: 0 };
    let mut input = src;
    let expression = parser.expression(&mut input).map_err(|fail| ParseError {
        column: src[..src.len() - fail.remaining].chars().count() + 1,
        message: fail.message,
    })?;
    let depth = limits::tree_depth(&expression.root);
    if depth > limits::MAX_DEPTH {
        return Err(ParseError {
            column: 1,
            message: limits::too_deep(depth),
        });
    }
    // The canonical notation of an accepted expression must parse again, but it spells out
    // what the source may leave implicit (`dF` → `1dF`, `[x]` → ` [x]`), so it can be longer
    // than the source (found by fuzzing, fuzz/README.md). Each such spelling adds at most a few
    // characters to a term of at least two, so only long sources need the check.
    if chars > MAX_SOURCE_LEN / 4 {
        let canonical = expression.to_string().chars().count();
        if canonical > MAX_SOURCE_LEN {
            return Err(ParseError {
                column: 1,
                message: format!(
                    "expression longer than the limit of {MAX_SOURCE_LEN} characters once \
                     written out in full ({canonical} characters)"
                ),
            });
        }
    }
    Ok(expression)
}

/// An error at a position, measured as the length of the input left at that point.
struct Fail {
    remaining: usize,
    message: String,
}

type Res<T> = Result<T, Fail>;
type In<'a> = &'a str;

fn fail<T>(at: &str, message: impl Into<String>) -> Res<T> {
    Err(Fail {
        remaining: at.len(),
        message: message.into(),
    })
}

/// Runs a winnow token parser; on no match the input is left untouched and `None` returned.
fn token<'a, O>(input: &mut In<'a>, mut p: impl Parser<In<'a>, O, ContextError>) -> Option<O> {
    let start = *input;
    match p.parse_next(input) {
        Ok(o) => Some(o),
        Err(_) => {
            *input = start;
            None
        }
    }
}

fn skip_ws(input: &mut In<'_>) {
    let _ = token(input, multispace0);
}

/// What the next character is, for "found …" in messages.
fn found(input: &str) -> String {
    match input.chars().next() {
        None => "the end of the expression".into(),
        Some(c) => format!("`{c}`"),
    }
}

struct Notation {
    /// Dice written so far (for [`MAX_DICE`]).
    dice: u64,
    /// Current nesting of groups and unary minus (for [`MAX_NESTING`]).
    depth: u32,
}

impl Notation {
    /// `expression = sum, [ label ] ;`
    fn expression(&mut self, input: &mut In<'_>) -> Res<Expression> {
        skip_ws(input);
        if input.is_empty() {
            return fail(input, "expected a dice expression, like `2d10+3`");
        }
        let root = self.sum(input)?;
        skip_ws(input);
        let label = self.label(input)?;
        skip_ws(input);
        if !input.is_empty() {
            let what = if label.is_some() {
                "expected the end of the expression after the label"
            } else {
                "expected an operator (`+`, `-`, `*`, `/`), a modifier, a label `[…]` or the \
                 end of the expression"
            };
            return fail(input, format!("{what}, found {}", found(input)));
        }
        Ok(Expression { root, label })
    }

    /// `label = "[", { character - "]" }, "]" ;`
    fn label(&mut self, input: &mut In<'_>) -> Res<Option<String>> {
        let start = *input;
        if token(input, '[').is_none() {
            return Ok(None);
        }
        let text: &str = token(input, take_till(0.., ']')).unwrap_or_default();
        if token(input, ']').is_none() {
            return fail(input, "expected `]` to close the label");
        }
        let text = text.trim();
        if text.is_empty() {
            return fail(
                start,
                "empty label: write a name between the brackets or leave them out",
            );
        }
        if text.chars().count() > MAX_LABEL_LEN {
            return fail(
                start,
                format!("label longer than the limit of {MAX_LABEL_LEN} characters"),
            );
        }
        Ok(Some(text.to_owned()))
    }

    /// `sum = product, { ("+" | "-"), product } ;`
    fn sum(&mut self, input: &mut In<'_>) -> Res<Expr> {
        let mut lhs = self.product(input)?;
        loop {
            skip_ws(input);
            let op = match token(input, alt(('+'.value(BinOp::Add), '-'.value(BinOp::Sub)))) {
                Some(op) => op,
                None => return Ok(lhs),
            };
            skip_ws(input);
            let rhs = self.product(input)?;
            lhs = Expr::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
        }
    }

    /// `product = unary, { ("*" | "/"), unary } ;`
    fn product(&mut self, input: &mut In<'_>) -> Res<Expr> {
        let mut lhs = self.unary(input)?;
        loop {
            let before = *input;
            skip_ws(input);
            let op = match token(input, alt(('*'.value(BinOp::Mul), '/'.value(BinOp::Div)))) {
                Some(op) => op,
                None => {
                    *input = before;
                    return Ok(lhs);
                }
            };
            skip_ws(input);
            let rhs = self.unary(input)?;
            lhs = Expr::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
        }
    }

    fn enter(&mut self, at: &str) -> Res<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return fail(
                at,
                format!("expression nested too deeply (limit {MAX_NESTING} levels)"),
            );
        }
        Ok(())
    }

    /// `unary = "-", unary | primary ;`
    fn unary(&mut self, input: &mut In<'_>) -> Res<Expr> {
        let start = *input;
        if token(input, '-').is_some() {
            self.enter(start)?;
            skip_ws(input);
            let expr = self.unary(input)?;
            self.depth -= 1;
            return Ok(Expr::Neg {
                expr: Box::new(expr),
            });
        }
        self.primary(input)
    }

    /// `primary = "(", sum, ")" | dice | integer ;`
    fn primary(&mut self, input: &mut In<'_>) -> Res<Expr> {
        let start = *input;
        if token(input, '(').is_some() {
            self.enter(start)?;
            skip_ws(input);
            let expr = self.sum(input)?;
            skip_ws(input);
            if token(input, ')').is_none() {
                return fail(
                    input,
                    format!("expected `)` or an operator, found {}", found(input)),
                );
            }
            self.depth -= 1;
            return Ok(Expr::Group {
                expr: Box::new(expr),
            });
        }
        let number = match token(input, digit1) {
            Some(digits) => Some(parse_int(start, digits)?),
            None => None,
        };
        if input.starts_with(['d', 'D']) {
            let count = match number {
                None => 1,
                Some(n) => match u32::try_from(n) {
                    Ok(n) => n,
                    Err(_) => {
                        return fail(start, format!("{n} dice is over the limit of {MAX_DICE}"));
                    }
                },
            };
            return self.dice(start, count, input).map(Expr::Dice);
        }
        match number {
            Some(value) => Ok(Expr::Number { value }),
            None => fail(
                start,
                format!(
                    "expected a number, a dice term like `2d6`, or `(`; found {}",
                    found(start)
                ),
            ),
        }
    }

    /// `dice = [ integer ], "d", sides, { modifier }, [ compare ] ;`
    /// Called with the input at the `d`; `start` is where the term (its count) began.
    fn dice(&mut self, start: &str, count: u32, input: &mut In<'_>) -> Res<DiceTerm> {
        let _ = token(input, any); // the `d`
        let sides_at = *input;
        let sides = if token(input, '%').is_some() {
            Sides::Percent
        } else if token(input, Caseless("f")).is_some() {
            Sides::Fate
        } else if let Some(digits) = token(input, digit1) {
            let n = parse_int(sides_at, digits)?;
            match u32::try_from(n) {
                Ok(n) => Sides::Faces(n),
                Err(_) => {
                    return fail(
                        sides_at,
                        format!("{n} sides is over the limit of {MAX_SIDES} sides per die"),
                    );
                }
            }
        } else {
            return fail(
                sides_at,
                "expected a number of sides after `d` (like `d6`), `%` or `F`",
            );
        };
        let mut term = DiceTerm {
            count,
            sides,
            modifiers: Vec::new(),
            success: None,
        };
        let mut at = Vec::new();
        while let Some((m_at, modifier)) = self.modifier(input, sides)? {
            at.push(m_at);
            term.modifiers.push(modifier);
        }
        let success_at = *input;
        term.success = self.compare(input)?;

        if let Err(err) = limits::check_term(&term) {
            let where_ = match err.part {
                TermPart::Count => start,
                TermPart::Sides => sides_at,
                TermPart::Modifier(i) => at.get(i).copied().unwrap_or(start),
                TermPart::Success => success_at,
            };
            return fail(where_, err.message);
        }
        self.dice += u64::from(count);
        if self.dice > u64::from(MAX_DICE) {
            return fail(start, limits::too_many_dice(self.dice));
        }
        Ok(term)
    }

    /// One modifier, or `None` when the next character starts none.
    ///
    /// ```text
    /// modifier = keep_drop | reroll | explode | clamp ;
    /// ```
    fn modifier<'a>(
        &mut self,
        input: &mut In<'a>,
        sides: Sides,
    ) -> Res<Option<(&'a str, Modifier)>> {
        let start = *input;
        let keep_drop = alt((
            Caseless("kh").value(KeepDrop::KeepHighest),
            Caseless("kl").value(KeepDrop::KeepLowest),
            Caseless("dh").value(KeepDrop::DropHighest),
            Caseless("dl").value(KeepDrop::DropLowest),
        ));
        if let Some(which) = token(input, keep_drop) {
            let count = match token(input, digit1) {
                None => 1,
                Some(d) => {
                    let n = parse_int(start, d)?;
                    u32::try_from(n).or_else(|_| {
                        fail(start, format!("cannot keep or drop {n} dice: too many"))
                    })?
                }
            };
            return Ok(Some((start, Modifier::KeepDrop { which, count })));
        }
        if token(input, Caseless("mi")).is_some() {
            let value = self.signed(input, "a number after `mi`, like `mi3`")?;
            return Ok(Some((start, Modifier::Min { value })));
        }
        if token(input, Caseless("ma")).is_some() {
            let value = self.signed(input, "a number after `ma`, like `ma5`")?;
            return Ok(Some((start, Modifier::Max { value })));
        }
        if token(input, Caseless("r")).is_some() {
            let once = token(input, Caseless("o")).is_some();
            let name = if once { "ro" } else { "r" };
            let cmp_at = *input;
            let cmp = if let Some(d) = token(input, digit1) {
                Compare {
                    op: CmpOp::Eq,
                    value: parse_int(cmp_at, d)?,
                }
            } else {
                match self.compare(input)? {
                    Some(cmp) => cmp,
                    None => {
                        return fail(
                            cmp_at,
                            format!(
                                "expected a face or a condition after `{name}`, like `{name}1` \
                                 or `{name}<3`"
                            ),
                        );
                    }
                }
            };
            return Ok(Some((start, Modifier::Reroll { cmp, once })));
        }
        if token(input, '!').is_some() {
            let cmp = self.compare(input)?.unwrap_or(Compare {
                op: CmpOp::Eq,
                value: sides.max_face(),
            });
            return Ok(Some((start, Modifier::Explode { cmp })));
        }
        Ok(None)
    }

    /// `compare = ( "<=" | ">=" | "<" | ">" | "=" ), signed ;` — `None` when no operator follows.
    fn compare(&mut self, input: &mut In<'_>) -> Res<Option<Compare>> {
        let op = alt((
            "<=".value(CmpOp::Le),
            ">=".value(CmpOp::Ge),
            "<".value(CmpOp::Lt),
            ">".value(CmpOp::Gt),
            "=".value(CmpOp::Eq),
        ));
        let op_at = *input;
        let Some(op) = token(input, op) else {
            return Ok(None);
        };
        let written = &op_at[..op_at.len() - input.len()];
        let value = self.signed(input, &format!("a number after `{written}`"))?;
        Ok(Some(Compare { op, value }))
    }

    /// `signed = [ "-" ], integer ;`
    fn signed(&mut self, input: &mut In<'_>, what: &str) -> Res<i64> {
        let start = *input;
        let negative = token(input, '-').is_some();
        let Some(digits) = token(input, digit1) else {
            return fail(input, format!("expected {what}, found {}", found(input)));
        };
        let value = parse_int(start, digits)?;
        Ok(if negative { -value } else { value })
    }
}

/// A run of ASCII digits as a non-negative `i64`.
fn parse_int(at: &str, digits: &str) -> Res<i64> {
    match digits.parse::<i64>() {
        Ok(n) => Ok(n),
        Err(_) => fail(
            at,
            format!("number `{digits}` is too large (the limit is {})", i64::MAX),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Expression {
        match parse(s) {
            Ok(e) => e,
            Err(e) => panic!("{s:?} should parse: {e}"),
        }
    }
    fn term(s: &str) -> DiceTerm {
        match p(s).root {
            Expr::Dice(t) => t,
            other => panic!("{s:?} is not a single dice term: {other:?}"),
        }
    }
    fn err(s: &str) -> ParseError {
        match parse(s) {
            Ok(e) => panic!("{s:?} should not parse, got {e:?}"),
            Err(e) => e,
        }
    }
    fn eq(value: i64) -> Compare {
        Compare {
            op: CmpOp::Eq,
            value,
        }
    }

    #[test]
    fn ndx_and_default_count() {
        let t = term("2d10");
        assert_eq!((t.count, t.sides), (2, Sides::Faces(10)));
        let t = term("d20");
        assert_eq!((t.count, t.sides), (1, Sides::Faces(20)));
        assert_eq!(term("3D6"), term("3d6"));
    }

    #[test]
    fn percent_and_fate() {
        assert_eq!(term("d%").sides, Sides::Percent);
        assert_eq!(term("4dF").sides, Sides::Fate);
        assert_eq!(term("4df").sides, Sides::Fate);
    }

    #[test]
    fn keep_and_drop_with_and_without_count() {
        let kd = |s: &str| term(s).keep_drop();
        assert_eq!(kd("4d6kh3"), Some((KeepDrop::KeepHighest, 3)));
        assert_eq!(kd("2d20kl"), Some((KeepDrop::KeepLowest, 1)));
        assert_eq!(kd("4d6dl"), Some((KeepDrop::DropLowest, 1)));
        assert_eq!(kd("5d6DH2"), Some((KeepDrop::DropHighest, 2)));
    }

    #[test]
    fn reroll_forms() {
        let r = |s: &str| term(s).reroll();
        assert_eq!(r("8d6r1"), Some((eq(1), false)));
        assert_eq!(r("8d6r=2"), Some((eq(2), false)));
        assert_eq!(
            r("8d6r<3"),
            Some((
                Compare {
                    op: CmpOp::Lt,
                    value: 3
                },
                false
            ))
        );
        assert_eq!(
            r("8d6r>5"),
            Some((
                Compare {
                    op: CmpOp::Gt,
                    value: 5
                },
                false
            ))
        );
        assert_eq!(
            r("8d6r<=2"),
            Some((
                Compare {
                    op: CmpOp::Le,
                    value: 2
                },
                false
            ))
        );
        assert_eq!(r("8d6ro1"), Some((eq(1), true)));
        assert_eq!(
            r("8d6ro<3"),
            Some((
                Compare {
                    op: CmpOp::Lt,
                    value: 3
                },
                true
            ))
        );
        assert_eq!(r("4dFr=-1"), Some((eq(-1), false)));
    }

    #[test]
    fn explode_forms() {
        assert_eq!(term("3d6!").explode(), Some(eq(6)));
        assert_eq!(
            term("3d6!>5").explode(),
            Some(Compare {
                op: CmpOp::Gt,
                value: 5
            })
        );
        assert_eq!(
            term("3d6!>=5").explode(),
            Some(Compare {
                op: CmpOp::Ge,
                value: 5
            })
        );
        assert_eq!(term("3d6!=4").explode(), Some(eq(4)));
        assert_eq!(
            term("3d6!<2").explode(),
            Some(Compare {
                op: CmpOp::Lt,
                value: 2
            })
        );
    }

    #[test]
    fn clamp() {
        let t = term("4d6mi3ma5");
        assert_eq!((t.min(), t.max()), (Some(3), Some(5)));
        assert_eq!(term("4dFmi0").min(), Some(0));
        assert_eq!(term("4dFma-1").max(), Some(-1));
    }

    #[test]
    fn success_counting_all_comparisons() {
        for (s, op) in [
            ("6d10>=8", CmpOp::Ge),
            ("6d10>8", CmpOp::Gt),
            ("6d10<3", CmpOp::Lt),
            ("6d10<=3", CmpOp::Le),
            ("6d10=10", CmpOp::Eq),
        ] {
            assert_eq!(term(s).success.map(|c| c.op), Some(op), "{s}");
        }
        // A modifier's condition is the modifier's; a second comparison is the success target.
        let t = term("6d10!>=9>=8");
        assert_eq!(
            t.explode(),
            Some(Compare {
                op: CmpOp::Ge,
                value: 9
            })
        );
        assert_eq!(
            t.success,
            Some(Compare {
                op: CmpOp::Ge,
                value: 8
            })
        );
    }

    #[test]
    fn modifiers_keep_written_order() {
        let t = term("4d6r1!kh3mi2");
        assert!(matches!(t.modifiers[0], Modifier::Reroll { .. }));
        assert!(matches!(t.modifiers[1], Modifier::Explode { .. }));
        assert!(matches!(t.modifiers[2], Modifier::KeepDrop { .. }));
        assert!(matches!(t.modifiers[3], Modifier::Min { .. }));
    }

    #[test]
    fn arithmetic_precedence_and_associativity() {
        assert_eq!(p("1+2*3").to_string(), "1+2*3");
        match p("1+2*3").root {
            Expr::Binary {
                op: BinOp::Add,
                rhs,
                ..
            } => {
                assert!(matches!(*rhs, Expr::Binary { op: BinOp::Mul, .. }));
            }
            other => panic!("{other:?}"),
        }
        match p("10-2-3").root {
            Expr::Binary {
                op: BinOp::Sub,
                lhs,
                rhs,
            } => {
                assert!(matches!(*lhs, Expr::Binary { op: BinOp::Sub, .. }));
                assert_eq!(*rhs, Expr::Number { value: 3 });
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            p("(1+2)*3").root,
            Expr::Binary { op: BinOp::Mul, .. }
        ));
        assert!(matches!(p("7/2").root, Expr::Binary { op: BinOp::Div, .. }));
    }

    #[test]
    fn unary_minus_and_parentheses() {
        assert!(matches!(p("-1d4").root, Expr::Neg { .. }));
        assert!(matches!(p("-(2d6+1)").root, Expr::Neg { .. }));
        assert!(matches!(
            p("1--2").root,
            Expr::Binary { op: BinOp::Sub, .. }
        ));
        assert!(matches!(p("(2d6)").root, Expr::Group { .. }));
    }

    #[test]
    fn whitespace_and_label() {
        let e = p("  2d10 +  2   [ Agility ] ");
        assert_eq!(e.label.as_deref(), Some("Agility"));
        assert_eq!(e.to_string(), "2d10+2 [Agility]");
        assert_eq!(p("( 1 + 2 ) * 3").to_string(), "(1+2)*3");
        assert_eq!(p("d20[Attack]").label.as_deref(), Some("Attack"));
    }

    #[test]
    fn display_is_canonical() {
        assert_eq!(p("d20").to_string(), "1d20");
        assert_eq!(p("2d20KL").to_string(), "2d20kl1");
        assert_eq!(p("3d6!=6").to_string(), "3d6!");
        assert_eq!(p("8d6r=1").to_string(), "8d6r1");
        assert_eq!(p("d%").to_string(), "1d%");
        assert_eq!(p("4df").to_string(), "4dF");
    }

    #[test]
    fn errors_name_the_column_and_what_was_expected() {
        let e = err("2d");
        assert_eq!(e.column, 3);
        assert!(e.message.contains("number of sides after `d`"), "{e}");
        assert_eq!(err("").column, 1);
        assert!(err("").message.contains("expected a dice expression"));
        let e = err("2d6+");
        assert_eq!(e.column, 5);
        assert!(e.message.contains("expected a number"), "{e}");
        let e = err("(2d6");
        assert_eq!(e.column, 5);
        assert!(e.message.contains("`)`"), "{e}");
        let e = err("2d6 x");
        assert_eq!(e.column, 5);
        assert!(e.message.contains("found `x`"), "{e}");
        let e = err("2d6r");
        assert_eq!(e.column, 5);
        assert!(e.message.contains("after `r`"), "{e}");
        let e = err("2d6>=");
        assert_eq!(e.column, 6);
        assert!(e.message.contains("after `>=`"), "{e}");
        let e = err("2d6mi");
        assert!(e.message.contains("after `mi`"), "{e}");
        let e = err("2d6 [Agility");
        assert!(e.message.contains("`]`"), "{e}");
        let e = err("2d6 []");
        assert_eq!(e.column, 5);
        assert!(e.message.contains("empty label"), "{e}");
        let e = err("2d6 [A] + 1");
        assert!(e.message.contains("after the label"), "{e}");
        // Columns count characters, not bytes.
        assert_eq!(err("é+").column, 1);
        assert_eq!(err("1+é").column, 3);
    }

    #[test]
    fn limit_errors() {
        let e = err("1d1000001");
        assert_eq!(e.column, 3);
        assert!(e.message.contains("1000000"), "{e}");
        assert!(err("1d0").message.contains("at least 1 side"));
        assert!(err("0d6").message.contains("at least 1 die"));
        let e = err("10001d6");
        assert!(e.message.contains("10000"), "{e}");
        let e = err("5000d6+5001d6");
        assert_eq!(e.column, 8);
        assert!(e.message.contains("too many dice"), "{e}");
        assert!(err("99999999999d6").message.contains("limit"));
        assert!(err("1d99999999999").message.contains("limit"));
        assert!(err("99999999999999999999").message.contains("too large"));
        let deep = format!("{}1{}", "(".repeat(65), ")".repeat(65));
        assert!(err(&deep).message.contains("nested too deeply"));
        let long = "1+".repeat(600) + "1";
        assert!(err(&long).message.contains("longer than"));
        assert!(
            err(&format!("d6 [{}]", "a".repeat(101)))
                .message
                .contains("label longer")
        );
    }

    #[test]
    fn refused_modifiers() {
        let e = err("2d6r<7");
        assert_eq!(e.column, 4);
        assert!(e.message.contains("reroll would never stop"), "{e}");
        assert!(err("1d1!").message.contains("explosion would never stop"));
        assert!(
            err("2d6!>=1")
                .message
                .contains("explosion would never stop")
        );
        assert!(err("2d6r7").message.contains("matches no face"));
        assert!(err("2d6!>6").message.contains("matches no face"));
        assert!(
            err("4d6kh5")
                .message
                .contains("cannot keep 5 dice out of 4")
        );
        assert!(err("4d6kh0").message.contains("at least 1"));
        assert!(err("4d6dl4").message.contains("drop every die"));
        assert!(err("4d6dl0").message.contains("at least 1"));
        assert!(
            err("4d6mi5ma3")
                .message
                .contains("`mi` is greater than `ma`")
        );
        let e = err("4d6kh3dl1");
        assert_eq!(e.column, 7);
        assert!(e.message.contains("only one keep/drop"), "{e}");
        assert!(err("4d6r1ro2").message.contains("only one reroll"));
        // `ro` matching every face is a single extra roll, so it is allowed.
        assert!(parse("2d6ro<7").is_ok());
    }

    #[test]
    fn grammar_constant_is_the_documented_grammar() {
        for rule in [
            "expression",
            "sum",
            "product",
            "unary",
            "primary",
            "dice",
            "modifier",
        ] {
            assert!(GRAMMAR.contains(&format!("{rule} ")), "rule {rule} missing");
        }
    }
}
