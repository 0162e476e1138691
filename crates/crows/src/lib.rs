//! The Crows ruleset: pure rules, one module per rulebook section (`../shared/rules/crows/`).
//!
//! Identifiers are the English terms of the glossary (test, tier, edge, bane, usage dice,
//! Armor Defense, Agility/Mind/Strength…). No I/O and no wall clock here: randomness comes
//! through the caller's roller, time through the engine.

// Tests and their modifiers («Проверки», «Преимущество и помеха», «Экспертиза», …).
pub mod dice;
pub mod edges;
pub mod expertise;
pub mod hiding;
pub mod modifiers;
pub mod odds;
pub mod special_tests;
pub mod test_roll;

// Creatures, inventory, damage and the world («Существо и предмет», «Ячейки», «Урон», …).
pub mod conditions;
pub mod content;
pub mod corpses;
pub mod creature;
pub mod damage;
pub mod hazards;
pub mod inventory;
pub mod light;
pub mod nature;
pub mod overrides;
pub mod standing;
pub mod usage_dice;
pub mod world_options;

// Exploration («Ход подземелья», «Встречи», «Отдых», «Заклинания», «Крафт», …).
pub mod backlash;
pub mod crafting;
pub mod dungeon_turns;
pub mod encounters;
pub mod identification;
pub mod rest;
pub mod rest_activities;
pub mod spells;
pub mod town;

// Every refusal as data (reason, facts, rule).
pub mod refusal;

// Combat («Бой», «Линия эффекта»).
pub mod combat;

// The ruleset behind the engine: commands, events, state, projection.
pub mod ruleset;

// Overland travel («Путешествие по суше»).
pub mod travel;
