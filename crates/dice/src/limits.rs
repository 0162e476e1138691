//! Limits that protect the process from hostile or mistaken expressions.

/// At most this many dice are rolled by one expression (rerolls and explosions included).
pub const MAX_DICE: u32 = 10_000;
/// At most this many sides on one die.
pub const MAX_SIDES: u32 = 1_000_000;
/// An exploding die adds at most this many extra dice (a chain longer than this stops).
pub const MAX_EXPLODE_DEPTH: u32 = 100;
/// A die is rerolled at most this many times (`r` while matching).
pub const MAX_REROLL_DEPTH: u32 = 100;
