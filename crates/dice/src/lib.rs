//! Delve's dice engine: notation, seeded rolling and exact distributions.
//!
//! No game rules and no I/O live here. Rules engines parse an expression once, roll it through
//! a seeded [`DiceRng`] (or a [`roll::FaceSource`] such as physical dice typed in) and store the
//! serialisable [`RollResult`] tree in their event logs.
//!
//! ```
//! use dice::{parse, roll, roll::seeded_rng};
//! let expr = parse("2d10+2 [Agility]").unwrap();
//! let result = roll(&expr, &mut seeded_rng(7)).unwrap();
//! assert!((4..=22).contains(&result.total));
//! assert_eq!(result.label.as_deref(), Some("Agility"));
//! ```
//!
//! Map of the crate:
//! - [`ast`] — the expression tree and the semantics of a dice term;
//! - [`mod@parse`] — the notation: EBNF grammar ([`parse::GRAMMAR`]), errors with a column;
//! - [`limits`] — the numbers that keep a hostile expression from hanging or exhausting the
//!   process, and the checks for trees that did not come from the parser;
//! - [`mod@roll`] — seeded rolling into a result tree, manual faces, and the compiled fast path
//!   ([`Program`]) for many total-only rolls;
//! - [`odds`] — exact distributions.
//!
//! `d%` is a d100 (1–100). Crows reads two d10 as a d100 (tens and units, `00`+`0` = 100), which
//! gives every value 1–100 with probability 1/100: the same distribution, so `d%` stands for it.

pub mod ast;
pub mod limits;
pub mod odds;
pub mod parse;
pub mod roll;

pub use ast::Expression;
pub use parse::{GRAMMAR, ParseError, parse};
pub use roll::{DiceRng, FaceSource, ManualFaces, Program, RollError, RollResult, roll, roll_with};
