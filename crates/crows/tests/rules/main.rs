//! The Crows rules called directly, with no engine: one module per rulebook section (the
//! requirement IDs of `rules/crows/CHECKLIST.md` name the tests). One test binary, so the suite
//! links once.

#[path = "../common/mod.rs"]
mod common;

mod attacks;
mod backlash;
mod content;
mod crafting;
mod dice;
mod dungeon_turns;
mod edges;
mod expertise;
mod fight_scenario;
mod forced_movement;
mod geometry_props;
mod grid;
mod hiding;
mod inventory_props;
mod layering;
mod maneuvers;
mod modifier_registry;
mod modifiers;
mod movement;
mod odds;
mod rest;
mod round_props;
mod rounds;
mod scene;
mod special_tests;
mod spells;
mod test_roll;
mod travel;
mod travel_props;
