//! Rulesets by name. Registering a game is one line: `registry.register(MyRules)`.
//!
//! # Content packs
//!
//! A ruleset that takes content packs (data files: items, creatures, roll tables) accepts the
//! rules command `{"load_pack": {"files": [{"name": "…", "text": "…"}]}}` ([`PACK_COMMAND`]):
//! it validates the files (with the packs loaded before) in `decide` and refuses them with a
//! [`crate::RuleError`] that carries each problem as a located [`crate::Issue`] (file, line,
//! column, field, message: `RuleError::with_issues`) and lists them in its message for people,
//! one per line as `file:line:column: field: message`. The server's pack upload goes through
//! that command only (`Table::check_rules_command` tells whether a ruleset has it), so it knows
//! no pack format; it answers with the issues as they are.

use crate::core::{Actor, Visibility};
use crate::event::{Envelope, EventBody};
use crate::limits;
use crate::ruleset::RuleError;
use crate::ruleset::Ruleset;
use crate::table::{EngineError, Factory, NewTable, Table, TableFactory, corrupt};
use crate::time::WallMs;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The rules command that loads content packs (see the module docs).
pub const PACK_COMMAND: &str = "load_pack";

/// The rulesets a server or CLI offers.
#[derive(Default, Clone)]
pub struct Registry {
    factories: BTreeMap<&'static str, Arc<dyn TableFactory>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Registers a ruleset under its `name()` (replacing one of the same name).
    pub fn register<R: Ruleset>(&mut self, ruleset: R) -> &mut Self {
        let factory = Factory(Arc::new(ruleset));
        self.factories.insert(factory.name(), Arc::new(factory));
        self
    }

    /// The registered names, sorted.
    pub fn names(&self) -> Vec<&'static str> {
        self.factories.keys().copied().collect()
    }

    /// Each registered ruleset's command schema ([`Ruleset::command_schema`]), by name, sorted;
    /// the named parts they refer to are left in `generator`.
    pub fn command_schemas(
        &self,
        generator: &mut schemars::SchemaGenerator,
    ) -> Vec<(&'static str, schemars::Schema)> {
        self.factories
            .iter()
            .map(|(name, factory)| (*name, factory.command_schema(generator)))
            .collect()
    }

    pub fn contains(&self, name: &str) -> bool {
        self.factories.contains_key(name)
    }

    pub(crate) fn factory(&self, name: &str) -> Result<&Arc<dyn TableFactory>, EngineError> {
        self.factories
            .get(name)
            .ok_or_else(|| EngineError::UnknownRuleset(name.to_string(), self.names().join(", ")))
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// Building a table needs its ruleset's factory, found by name in a [`Registry`].
impl Table {
    /// Creates a table: returns it and its first event (`table_created`, to be stored).
    pub fn create(
        registry: &Registry,
        new: NewTable,
        now_ms: WallMs,
    ) -> Result<(Table, Envelope), EngineError> {
        let factory = registry.factory(&new.ruleset)?;
        limits::check_name("table name", &new.name)?;
        limits::check_name("Referee name", &new.referee)?;
        let config = limits::JsonMeter::of(&new.config)
            .map_err(|e| EngineError::BadCommand(format!("config: {e}")))?;
        if let Some(problem) = limits::stored_json_problem(&config, limits::MAX_CONFIG_BYTES) {
            let rule = if config.max_depth > limits::MAX_JSON_DEPTH {
                "MAX_JSON_DEPTH"
            } else {
                "MAX_CONFIG_BYTES"
            };
            return Err(
                RuleError::new("bad_config", format!("table config: {problem}"))
                    .rule(rule)
                    .into(),
            );
        }
        let seeded_dice = new.seed.is_some();
        let env = Envelope {
            seq: 1,
            batch: 1,
            at_ms: now_ms,
            actor: Actor::Referee,
            visibility: Visibility::Referee,
            masked: Some(EventBody::TableCreated {
                id: new.id.clone(),
                name: new.name.clone(),
                ruleset: new.ruleset.clone(),
                seed: None,
                seeded_dice,
                referee: new.referee.clone(),
                config: new.config.clone(),
            }),
            body: EventBody::TableCreated {
                id: new.id,
                name: new.name,
                ruleset: new.ruleset,
                seed: new.seed,
                seeded_dice,
                referee: new.referee,
                config: new.config,
            },
        };
        let table = factory.genesis(&env)?;
        Ok((table, env))
    }

    /// Rebuilds a table from its whole log.
    pub fn replay<'a>(
        registry: &Registry,
        events: impl IntoIterator<Item = &'a Envelope>,
    ) -> Result<Table, EngineError> {
        let mut iter = events.into_iter();
        let first = iter.next().ok_or_else(|| corrupt(1, "empty log"))?;
        let EventBody::TableCreated { ruleset, .. } = &first.body else {
            return Err(corrupt(first.seq, "the first event must be table_created"));
        };
        let mut table = registry.factory(ruleset)?.genesis(first)?;
        for env in iter {
            table.apply(env)?;
        }
        Ok(table)
    }

    /// Restores a table from a snapshot (then apply the events after `snapshot.head`).
    pub fn restore(registry: &Registry, snapshot: &Value) -> Result<Table, EngineError> {
        let ruleset = snapshot
            .get("ruleset")
            .and_then(Value::as_str)
            .ok_or_else(|| corrupt(0, "snapshot without a ruleset"))?;
        registry.factory(ruleset)?.restore(snapshot)
    }
}
