//! The Crows ruleset driven through the engine exactly as a server drives it (Registry → Table
//! → command JSON → events, scripted dice): one module per rulebook section, plus the errata
//! and Referee decisions. One test binary, so the suite links once.

#[path = "../common/mod.rs"]
mod common;

mod backlash_standing;
mod combat;
mod combat_rules;
mod command_schema;
mod death;
mod dungeon_turns;
mod errata;
mod event_patches;
mod falls_and_throws;
mod forecast;
mod light;
mod maneuvers;
mod many_targets;
mod miasma;
mod overrides;
mod referee_calls;
mod requests;
mod rest;
mod rest_food;
mod rest_sleep;
mod ruleset;
mod sneak_and_assist;
mod special_tests;
mod spell_area;
mod spell_outcomes;
mod spells;
mod spells_in_combat;
mod travel;
mod variant_names;
