//! D&D 2024 rules tests, one module per checklist area; each test is named after the
//! checklist ID and clause it covers (`dd_core_08_a_…` covers DD-CORE-08.a). `table` drives the
//! `dnd2024` ruleset through the engine.

mod actions;
mod areas;
mod combat;
mod conditions;
mod core;
mod damage;
mod effects;
mod exceptions;
mod hazards;
mod magic;
mod more;
mod movement;
mod odds;
mod table;
mod travel;
