//! Delve's dice engine: notation, seeded rolling and exact distributions.
//!
//! No game rules and no I/O live here. Rules engines parse an expression once, roll it through
//! a seeded [`DiceRng`] and store the serialisable result tree in their event logs.
//!
//! (The grammar, semantics and limits are documented in the modules below; this page is the
//! map.)

pub mod ast;
pub mod limits;
pub mod odds;
pub mod parse;
pub mod roll;

pub use ast::Expression;
pub use parse::{ParseError, parse};
pub use roll::{DiceRng, RollError, RollResult, roll};
