//! Rulesets by name. Registering a game is one line: `registry.register(MyRules)`.
//!
//! # Content packs
//!
//! A ruleset that takes content packs (data files: items, creatures, roll tables) accepts the
//! rules command `{"load_pack": {"files": [{"name": "…", "text": "…"}]}}` ([`PACK_COMMAND`]):
//! it validates the files (with the packs loaded before) in `decide` and refuses them with a
//! [`crate::RuleError`] whose message lists one problem per line as
//! `file:line:column: field: message`. The server's pack upload goes through that command only
//! (`Table::check_rules_command` tells whether a ruleset has it), so it knows no pack format.

use crate::ruleset::Ruleset;
use crate::table::{EngineError, Factory, TableFactory};
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
