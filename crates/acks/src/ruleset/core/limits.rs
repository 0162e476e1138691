//! Core's limits, which other families share (a list of characters is at most
//! `MAX_CREATURES` long).

/// Most creatures at a table; longest id and name; most hit points.
pub const MAX_CREATURES: usize = 500;
pub const MAX_ID: usize = 64;
pub const MAX_NAME: usize = 100;
pub const MAX_HP: i32 = 10_000;
/// Most row overrides a table keeps.
pub const MAX_OVERRIDES: usize = 1_000;
/// Largest pack file, in bytes.
pub const MAX_PACK_BYTES: usize = 512 * 1024;
/// Most general proficiencies a character records (AC-ZERO-03).
pub const MAX_PROFICIENCIES: usize = 40;
