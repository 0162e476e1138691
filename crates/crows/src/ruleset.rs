//! The Crows ruleset plugged into the engine: commands, events, decisions. (being written)
