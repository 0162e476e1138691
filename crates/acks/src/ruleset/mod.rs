//! The ACKS ruleset behind the engine: [`Acks`] (registry name `acks`) implements
//! [`engine::Ruleset`], so the server and the CLI play this crate's pure rules with JSON
//! commands. No rule lives here: the families roll through `ctx` (every die a recorded
//! `rolled` event; the Judge's secret rolls through `roll_secret`), call the pure modules
//! ([`crate::dungeon`], [`crate::secrecy`], [`crate::surprise`], [`crate::encounters`],
//! [`crate::evasion`]…) and record their results as events.
//!
//! The families, one folder each:
//!
//! - [`core`]: content packs, characters and monsters, revealing monsters, the Judge's table
//!   rows;
//! - [`dungeon`]: the 10-minute turn, rest, light, marching order, doors, listening, secret
//!   doors, traps and pits, wandering-monster checks;
//! - [`encounters`]: distance, surprise, reaction, evasion;
//! - [`combat`]: declarations, initiative by count, attacks, damage, cleaves, maneuvers,
//!   spell disruption, missile ranges, morale, mortal wounds;
//! - [`wilderness`]: the hex map, travel days, getting lost (the true hex the Judge's),
//!   foraging, hunting, food and water;
//! - [`experience`]: monster and treasure XP, shares, the cap, advancement, heirs;
//! - [`sea`]: the vessel, the day's wind, voyages (lost at sea as in the wilderness), storms,
//!   fishing, scurvy;
//! - [`naval`]: ships in a fight — structural hit points, speed lost to damage and rowers,
//!   repairs, ramming, ship weapons (T-23) and grappling.
//!
//! On the wire a command is one object `{<command>: {…}}` inside the engine's `{"rules": …}`,
//! and an event one object `{<event>: {…}}`; names are unique across families. The turn is
//! the engine's exploration turn of 10 game minutes (the Judge ends it with the clock's
//! `end_exploration_turn`); a combat round lasts 10 seconds.
//!
//! Secrecy: the Judge sees everything; a player sees every character, the monsters the Judge
//! revealed, and only the "found" or "nothing found" of a secret roll; a spectator sees the
//! public part (characters without their sheets, revealed monsters). A player's command that
//! names a creature it may not see is refused exactly as one naming no creature.
//!

pub mod adapter;
pub mod combat;
pub mod core;
pub mod dungeon;
pub mod encounters;
pub mod experience;
pub mod forecast;
pub mod judge_tables;
pub mod naval;
pub mod sea;
pub mod state;
mod steps;
pub mod wilderness;

use engine::{Acting, Boundary, Ctx, RuleError, Ruleset, TableState, TurnLength, Viewer};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use self::adapter::Acks;
use self::adapter::{no_creature, refuse};
use self::combat::commands::CombatCommand;
use self::combat::state::CombatEvent;
use self::core::CoreCommand;
use self::core::events::CoreEvent;
use self::dungeon::DungeonCommand;
use self::dungeon::state::DungeonEvent;
use self::encounters::EncounterCommand;
use self::encounters::state::EncounterEvent;
use self::experience::XpCommand;
use self::experience::state::XpEvent;
use self::naval::NavalCommand;
use self::naval::state::NavalEvent;
use self::sea::SeaCommand;
use self::sea::state::SeaEvent;
pub use self::state::AcksState;
use self::state::sees;
use self::wilderness::WildCommand;
use self::wilderness::state::WildEvent;

/// Every command, by family.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum AcksCommand {
    Core(CoreCommand),
    Dungeon(DungeonCommand),
    Encounter(EncounterCommand),
    Combat(CombatCommand),
    Wild(WildCommand),
    Xp(XpCommand),
    Sea(SeaCommand),
    Naval(NavalCommand),
}

/// Every event, by family.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum AcksEvent {
    Core(CoreEvent),
    Dungeon(DungeonEvent),
    Encounter(EncounterEvent),
    Combat(CombatEvent),
    Wild(WildEvent),
    Xp(XpEvent),
    Sea(SeaEvent),
    Naval(NavalEvent),
}

impl From<WildEvent> for AcksEvent {
    fn from(e: WildEvent) -> Self {
        AcksEvent::Wild(e)
    }
}
impl From<NavalEvent> for AcksEvent {
    fn from(e: NavalEvent) -> Self {
        AcksEvent::Naval(e)
    }
}
impl From<SeaEvent> for AcksEvent {
    fn from(e: SeaEvent) -> Self {
        AcksEvent::Sea(e)
    }
}
impl From<XpEvent> for AcksEvent {
    fn from(e: XpEvent) -> Self {
        AcksEvent::Xp(e)
    }
}
impl From<CoreEvent> for AcksEvent {
    fn from(e: CoreEvent) -> Self {
        AcksEvent::Core(e)
    }
}
impl From<DungeonEvent> for AcksEvent {
    fn from(e: DungeonEvent) -> Self {
        AcksEvent::Dungeon(e)
    }
}
impl From<CombatEvent> for AcksEvent {
    fn from(e: CombatEvent) -> Self {
        AcksEvent::Combat(e)
    }
}
impl From<EncounterEvent> for AcksEvent {
    fn from(e: EncounterEvent) -> Self {
        AcksEvent::Encounter(e)
    }
}

fn variant_names<T: strum::VariantNames>() -> &'static [&'static str] {
    T::VARIANTS
}

/// The name of every event the ruleset emits.
pub fn event_names() -> Vec<&'static str> {
    [
        variant_names::<CoreEvent>(),
        variant_names::<DungeonEvent>(),
        variant_names::<EncounterEvent>(),
        variant_names::<CombatEvent>(),
        variant_names::<WildEvent>(),
        variant_names::<XpEvent>(),
        variant_names::<SeaEvent>(),
        variant_names::<NavalEvent>(),
    ]
    .concat()
}

/// The name of every command.
pub fn command_names() -> Vec<&'static str> {
    [
        variant_names::<CoreCommand>(),
        variant_names::<DungeonCommand>(),
        variant_names::<EncounterCommand>(),
        variant_names::<CombatCommand>(),
        variant_names::<WildCommand>(),
        variant_names::<XpCommand>(),
        variant_names::<SeaCommand>(),
        variant_names::<NavalCommand>(),
    ]
    .concat()
}

impl<'de> Deserialize<'de> for AcksCommand {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        engine::decode_by_family!(value, "ACKS", "command", variant_names;
            Core(CoreCommand),
            Dungeon(DungeonCommand),
            Encounter(EncounterCommand),
            Combat(CombatCommand),
            Wild(WildCommand),
            Xp(XpCommand),
            Sea(SeaCommand),
            Naval(NavalCommand),
        )
        .map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for AcksEvent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        engine::decode_by_family!(value, "ACKS", "event", variant_names;
            Core(CoreEvent),
            Dungeon(DungeonEvent),
            Encounter(EncounterEvent),
            Combat(CombatEvent),
            Wild(WildEvent),
            Xp(XpEvent),
            Sea(SeaEvent),
            Naval(NavalEvent),
        )
        .map_err(de::Error::custom)
    }
}

/// The creature ids a command names (`character`, `characters`, `creature`, `leader`,
/// `attacker`, `target`, `until`).
fn creature_refs(command: &AcksCommand) -> Vec<String> {
    let Ok(Value::Object(outer)) = serde_json::to_value(command) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for body in outer.values() {
        let Value::Object(fields) = body else {
            continue;
        };
        for key in [
            "character",
            "characters",
            "creature",
            "leader",
            "attacker",
            "target",
            "until",
        ] {
            match fields.get(key) {
                Some(Value::String(s)) => out.push(s.clone()),
                Some(Value::Array(items)) => {
                    out.extend(items.iter().filter_map(Value::as_str).map(str::to_string));
                }
                _ => {}
            }
        }
    }
    out
}

/// For a player, a creature it may not see does not exist: every creature its command names is
/// looked up here before any rule runs or any die is rolled.
fn sight_guard(command: &AcksCommand, ctx: &Ctx<'_, Acks>) -> Result<(), RuleError> {
    let engine::Actor::Player(p) = ctx.actor() else {
        return Ok(());
    };
    let viewer = Viewer::Player(p.clone());
    for id in creature_refs(command) {
        if !sees(ctx.rules(), &viewer, &id) {
            return Err(no_creature(&id));
        }
    }
    Ok(())
}

impl Ruleset for Acks {
    type State = AcksState;
    type Command = AcksCommand;
    type Event = AcksEvent;

    fn name(&self) -> &'static str {
        "acks"
    }

    fn command_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<AcksCommand>()
    }

    fn init(&self, config: &Value) -> Result<AcksState, RuleError> {
        match config {
            Value::Null => Ok(AcksState::default()),
            Value::Object(m) if m.is_empty() => Ok(AcksState::default()),
            _ => Err(refuse(
                "bad_config",
                "config",
                "an ACKS table takes no configuration yet: packs, characters and the Judge's tables come by command",
            )),
        }
    }

    /// AC-DUNGEON-06: the dungeon turn is 10 game minutes.
    fn exploration_turn(&self, _state: &TableState<AcksState>) -> TurnLength {
        TurnLength::GameMinutes {
            minutes: u64::from(crate::dungeon::TURN_MINUTES),
        }
    }

    /// AC-DUNGEON-09: a round is 10 seconds.
    fn round_seconds(&self, _state: &TableState<AcksState>) -> u64 {
        u64::from(crate::dungeon::ROUND_SECONDS)
    }

    fn acting(&self, state: &TableState<AcksState>, command: &AcksCommand) -> Acting {
        match command {
            AcksCommand::Core(c) => core::acting(state, c),
            AcksCommand::Dungeon(c) => dungeon::acting(state, c),
            AcksCommand::Encounter(c) => encounters::acting(state, c),
            AcksCommand::Combat(c) => combat::acting(state, c),
            AcksCommand::Wild(c) => wilderness::acting(state, c),
            AcksCommand::Xp(c) => experience::acting(state, c),
            AcksCommand::Sea(c) => sea::acting(state, c),
            AcksCommand::Naval(c) => naval::acting(state, c),
        }
    }

    fn decide(&self, command: &AcksCommand, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        sight_guard(command, ctx)?;
        match command {
            AcksCommand::Core(c) => core::decide(c, ctx),
            AcksCommand::Dungeon(c) => dungeon::decide(c, ctx),
            AcksCommand::Encounter(c) => encounters::decide(c, ctx),
            AcksCommand::Combat(c) => combat::decide(c, ctx),
            AcksCommand::Wild(c) => wilderness::decide(c, ctx),
            AcksCommand::Xp(c) => experience::decide(c, ctx),
            AcksCommand::Sea(c) => sea::decide(c, ctx),
            AcksCommand::Naval(c) => naval::decide(c, ctx),
        }
    }

    fn apply(&self, state: &mut AcksState, event: &AcksEvent) {
        match event {
            AcksEvent::Core(e) => core::apply(state, e),
            AcksEvent::Dungeon(e) => dungeon::apply(state, e),
            AcksEvent::Encounter(e) => encounters::apply(state, e),
            AcksEvent::Combat(e) => {
                combat::apply(state, e);
                if matches!(e, combat::state::CombatEvent::CombatOver {}) {
                    naval::fight_over(state);
                }
            }
            AcksEvent::Wild(e) => wilderness::apply(state, e),
            AcksEvent::Xp(e) => experience::apply(state, e),
            AcksEvent::Sea(e) => sea::apply(state, e),
            AcksEvent::Naval(e) => naval::apply(state, e),
        }
    }

    /// `marching_suggestion` (`{"width": 2}`): the advisory marching order of the party
    /// (AC-DUNGEON-03), from the characters' classes; `attack_odds` and `morale_odds`: the
    /// chances before a roll ([`combat`]'s module docs); `sneak_odds` and `evasion_odds`: the
    /// Judge's chances of sneaking past monsters and of an outdoors evasion ([`encounters`]).
    fn query(
        &self,
        state: &TableState<AcksState>,
        viewer: &Viewer,
        name: &str,
        args: &Value,
    ) -> Result<Value, RuleError> {
        match name {
            "marching_suggestion" => dungeon::marching_suggestion(state, args),
            "attack_odds" => combat::attack_odds(state, viewer, args),
            "morale_odds" => combat::morale_odds(state, viewer, args),
            "sneak_odds" => encounters::sneak_odds(state, viewer, args),
            "evasion_odds" => encounters::evasion_odds(state, viewer, args),
            "table_rows" => judge_tables::table_rows(state, viewer, args),
            _ => Err(engine::ruleset::no_such_query(self.name(), name)),
        }
    }

    fn project(&self, state: &TableState<AcksState>, viewer: &Viewer) -> Value {
        let mut view = core::project(state, viewer);
        if let Value::Object(map) = &mut view {
            map.insert("dungeon".into(), dungeon::project(state, viewer));
            map.insert("encounter".into(), encounters::project(state, viewer));
            map.insert("combat".into(), combat::project(state, viewer));
            map.insert("wilderness".into(), wilderness::project(state, viewer));
            map.insert("experience".into(), experience::project(state, viewer));
            map.insert("sea".into(), sea::project(state, viewer));
            map.insert("naval".into(), naval::project(state, viewer));
        }
        view
    }

    fn forecast_kinds(&self) -> Vec<&'static str> {
        forecast::KINDS.to_vec()
    }

    fn forecast(
        &self,
        state: &TableState<AcksState>,
        kind: &str,
        args: &Value,
        options: &engine::forecast::ForecastOptions,
        now_ms: engine::WallMs,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<Value, RuleError> {
        forecast::forecast(state, kind, args, options, now_ms, progress)
    }

    fn on_boundary(&self, boundary: &Boundary, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        dungeon::on_boundary(boundary, ctx)?;
        wilderness::on_boundary(boundary, ctx)?;
        combat::on_boundary(boundary, ctx)?;
        naval::on_boundary(boundary, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_and_event_names_are_unique_across_families() {
        for names in [command_names(), event_names()] {
            let mut sorted = names.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), names.len(), "{names:?}");
        }
    }

    /// The schema the server's OpenAPI document carries names every command.
    #[test]
    fn the_command_schema_names_every_command() {
        let mut generator = schemars::SchemaGenerator::default();
        let schema = Acks.command_schema(&mut generator);
        let text = format!(
            "{} {}",
            serde_json::to_string(&schema).unwrap(),
            serde_json::to_string(generator.definitions()).unwrap()
        );
        for name in command_names() {
            assert!(
                text.contains(&format!("\"{name}\"")),
                "{name} is not in the schema"
            );
        }
        // Its named parts share the server's one component namespace with other rulesets'
        // (Crows has a `CoreCommand` and a `PackSource` too): every name says `Acks`.
        for name in generator.definitions().keys() {
            assert!(name.starts_with("Acks"), "{name}");
        }
    }

    /// Every command has a JSON example in its family's module docs, and every example is a
    /// command the ruleset reads.
    #[test]
    fn every_command_has_a_json_example_that_parses() {
        let mut examples = std::collections::BTreeSet::new();
        for file in [
            "core/mod.rs",
            "dungeon/mod.rs",
            "encounters/mod.rs",
            "combat/mod.rs",
            "wilderness/mod.rs",
            "experience/mod.rs",
            "sea/mod.rs",
            "naval/mod.rs",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("src/ruleset")
                .join(file);
            let source = std::fs::read_to_string(path).unwrap();
            let docs: String = source
                .lines()
                .filter_map(|l| l.trim_start().strip_prefix("//!"))
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ");
            for (i, span) in docs.split('`').enumerate() {
                if i % 2 == 0 || !span.starts_with("{\"") {
                    continue;
                }
                // `{"rules": …}` and the like are shapes, not examples.
                if span.contains('…') {
                    continue;
                }
                let value: Value =
                    serde_json::from_str(span).unwrap_or_else(|e| panic!("{span}: {e}"));
                let Some(name) = engine::wire::one_key(&value).map(str::to_string) else {
                    continue;
                };
                if !command_names().contains(&name.as_str()) {
                    continue;
                }
                serde_json::from_value::<AcksCommand>(value)
                    .unwrap_or_else(|e| panic!("{span}: {e}"));
                examples.insert(name);
            }
        }
        for name in command_names() {
            assert!(examples.contains(name), "no JSON example of `{name}`");
        }
    }

    #[test]
    fn unknown_command_names_the_known_ones() {
        let err = serde_json::from_value::<AcksCommand>(serde_json::json!({"fly": {}}))
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown command `fly`"), "{err}");
        assert!(err.contains("listen"), "{err}");
    }
}
