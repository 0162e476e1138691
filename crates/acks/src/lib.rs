//! ACKS (Adventurer Conqueror King System, first edition), chapter 6 "Adventures", as pure
//! rules: no engine types, no I/O, no randomness of its own. Dice arrive as faces chosen by the
//! caller (the engine records them), and every probability is exact (`odds::Fraction`).
//!
//! One module per section of the chapter, named with the checklist's English terms
//! (`../shared/rules/acks/CHECKLIST.md`). Every table of `TABLES.md` (T-01…T-25) is data in
//! [`tables`], carrying its T-number, source, edition and confidence; the Judge may replace any
//! row ([`tables::Table::replace_row`] returns the old and the new row for the log). Tables that
//! were not recovered ship empty cells, and the rules that need them refuse with
//! [`AcksError::MissingTable`], naming the table, until the Judge enters the row.
//!
//! The open decisions of the checklist (AC-OPEN-*) are named options in [`Options`] with the
//! defaults the project settled.

pub mod attack;
pub mod damage;
pub mod decisions;
pub mod dice_spec;
pub mod dungeon;
pub mod encounters;
pub mod evasion;
pub mod experience;
pub mod hit_dice;
pub mod initiative;
pub mod maneuvers;
pub mod missile;
pub mod morale;
pub mod mounted;
pub mod movement;
pub mod naval;
pub mod odds;
pub mod routine;
pub mod saves;
pub mod sea;
pub mod secrecy;
pub mod spells;
pub mod surprise;
pub mod swimming;
pub mod tables;
pub mod wilderness;
pub mod wounds;

mod error;
pub mod options;
pub mod ruleset;

pub use error::AcksError;
pub use hit_dice::HitDice;
pub use options::Options;
pub use tables::{TableId, Tables};
