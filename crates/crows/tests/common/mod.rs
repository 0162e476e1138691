//! The harness the engine-driven Crows tests share: a table driven exactly as a server drives
//! it (Registry → Table → command JSON → events) with scripted dice, and a two-crow party.
// Each test binary uses a different part of the harness.
#![allow(dead_code, unused_imports)]

pub use crows::ruleset::Crows;
pub use engine::{
    Actor, EngineError, Envelope, EventBody, NewTable, Registry, ScriptedRoller, Table, Viewer,
    project_log,
};
pub use serde_json::{Value, json};

mod combat;
mod explore;
pub mod pure;
pub use combat::*;
pub use explore::*;

pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Crows);
    r
}

pub struct T {
    pub registry: Registry,
    pub table: Table,
    pub log: Vec<Envelope>,
}

pub fn referee() -> Actor {
    Actor::Referee
}
pub fn player(name: &str) -> Actor {
    Actor::Player(name.into())
}

impl T {
    pub fn new() -> T {
        T::with_config(json!({}))
    }

    /// A table whose config is the default one with the keys of `extra` added.
    pub fn with_config(extra: Value) -> T {
        let registry = registry();
        let (table, env) = Table::create(
            &registry,
            NewTable {
                id: "t1".into(),
                name: "Crypt".into(),
                ruleset: "crows".into(),
                seed: Some(7),
                referee: "ref".into(),
                config: {
                    let mut c = json!({"dungeon_turn_minutes": 0});
                    if let (Some(o), Some(e)) = (c.as_object_mut(), extra.as_object()) {
                        for (k, v) in e {
                            o.insert(k.clone(), v.clone());
                        }
                    }
                    c
                },
            },
            0,
        )
        .unwrap();
        T {
            registry,
            table,
            log: vec![env],
        }
    }

    /// Runs a command with these die faces; every scripted face must be used.
    pub fn run(
        &mut self,
        actor: &Actor,
        cmd: Value,
        dice: &[i64],
    ) -> Result<Vec<Envelope>, EngineError> {
        let mut roller = ScriptedRoller::totals(dice.iter().copied());
        let prepared = self.table.prepare_json(actor, &cmd, 1000, &mut roller)?;
        assert_eq!(roller.remaining(), 0, "unused dice for {cmd}");
        let events = prepared.events.clone();
        self.table.commit(prepared)?;
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    pub fn ok(&mut self, actor: &Actor, cmd: Value, dice: &[i64]) -> Vec<Envelope> {
        match self.run(actor, cmd.clone(), dice) {
            Ok(e) => e,
            Err(e) => panic!("{cmd} refused: {e}"),
        }
    }

    pub fn rules(&self, cmd: Value) -> Value {
        json!({ "rules": cmd })
    }

    pub fn referee_rules(&mut self, cmd: Value, dice: &[i64]) -> Vec<Envelope> {
        let c = self.rules(cmd);
        self.ok(&referee(), c, dice)
    }

    pub fn state(&self) -> Value {
        self.table.state_json()["rules"].clone()
    }

    pub fn creature(&self, id: &str) -> Value {
        self.state()["creatures"][id]["creature"].clone()
    }

    /// The one open decision of `kind`.
    pub fn decision(&self, kind: &str) -> engine::Decision {
        self.decision_where(kind, |_| true)
    }

    /// The one open decision of `kind` about `creature`.
    pub fn decision_for(&self, kind: &str, creature: &str) -> engine::Decision {
        self.decision_where(kind, |d| d.context["creature"] == creature)
    }

    pub fn decision_where(
        &self,
        kind: &str,
        pred: impl Fn(&engine::Decision) -> bool,
    ) -> engine::Decision {
        let found: Vec<_> = self
            .table
            .core()
            .decisions
            .iter()
            .filter(|d| d.kind == kind && pred(d))
            .cloned()
            .collect();
        assert_eq!(
            found.len(),
            1,
            "open decisions: {:?}",
            self.table.core().decisions
        );
        found[0].clone()
    }

    pub fn answer(
        &mut self,
        actor: &Actor,
        id: &str,
        option: &str,
        text: Option<&str>,
    ) -> Result<Vec<Envelope>, EngineError> {
        let mut a = json!({"decision": id, "option": option});
        if let Some(t) = text {
            a["text"] = json!(t);
        }
        self.run(actor, json!({ "answer": a }), &[])
    }

    pub fn assert_replays(&self) {
        let rebuilt = Table::replay(&self.registry, &self.log).unwrap();
        assert_eq!(rebuilt.state_json(), self.table.state_json());
        let restored = Table::restore(&self.registry, &self.table.snapshot()).unwrap();
        assert_eq!(restored.state_json(), self.table.state_json());
    }
}

/// Dice that all show one face (`face`, at most the die's sides), counting the rolls: the
/// probe of [`face_free_answer`].
pub struct SameFaces {
    pub face: i64,
    pub rolled: usize,
}

impl engine::Roller for SameFaces {
    fn roll(
        &mut self,
        expr: &str,
        _rng: &mut dice::DiceRng,
    ) -> Result<dice::RollResult, engine::RuleError> {
        self.rolled += 1;
        let (n, sides) = expr
            .split_once('d')
            .and_then(|(n, s)| Some((if n.is_empty() { 1 } else { n.parse().ok()? }, s)))
            .and_then(|(n, s): (i64, &str)| Some((n, s.parse::<i64>().ok()?)))
            .ok_or_else(|| engine::RuleError::new("probe", format!("not NdM: {expr}")))?;
        Ok(engine::total_only(n * self.face.min(sides)))
    }
}

/// The faces [`face_free_answer`] tries on every die (each at most the die's sides).
pub const PROBE_FACES: [i64; 10] = [1, 2, 3, 4, 5, 6, 7, 9, 10, 100];

/// Prepares `cmd` (never commits it) with every die showing each of [`PROBE_FACES`] in turn
/// and checks that no face decides a refusal (secrecy: refusals never depend on unrevealed
/// faces): a refused attempt rolled no die, so every face gets the same answer. Returns that
/// answer (`None`: accepted).
pub fn face_free_answer(t: &T, actor: &Actor, cmd: &Value) -> Option<String> {
    let mut answers = Vec::new();
    for face in PROBE_FACES {
        let mut roller = SameFaces { face, rolled: 0 };
        match t.table.prepare_json(actor, cmd, 1000, &mut roller) {
            Ok(_) => answers.push(None),
            Err(e) => {
                assert_eq!(
                    roller.rolled, 0,
                    "{cmd} was refused after {} roll(s) with every die showing {face}: {e}",
                    roller.rolled
                );
                answers.push(Some(e.to_string()));
            }
        }
    }
    assert!(
        answers.windows(2).all(|w| w[0] == w[1]),
        "{cmd}: answers differ by face: {answers:?}"
    );
    answers.pop().flatten()
}

pub fn rolled_count(events: &[Envelope]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e.body, EventBody::Rolled { .. }))
        .count()
}

/// The bodies of the ruleset events called `name` among `events`.
pub fn rules_events(events: &[Envelope], name: &str) -> Vec<Value> {
    events
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::Rules { event } => event.get(name).cloned(),
            _ => None,
        })
        .collect()
}

pub fn rule_of(e: EngineError) -> (String, Option<String>) {
    match e {
        EngineError::Rule(r) => (r.message, r.rule),
        other => panic!("not a rule refusal: {other}"),
    }
}

/// Alice plays Vera (Agility 1), Bob plays Bram.
pub fn party() -> T {
    party_with(json!({}))
}

pub fn party_with(config: Value) -> T {
    let mut t = T::with_config(config);
    for p in ["alice", "bob"] {
        t.ok(
            &referee(),
            json!({"join": {"name": p, "role": "player"}}),
            &[],
        );
    }
    t.referee_rules(
        json!({"create_creature": {"id": "vera", "name": "Vera", "kind": "crow",
            "characteristics": {"agility": 1, "mind": 0, "strength": 2}, "stamina": 3,
            "expertises": {"gymnastics": 2}}}),
        &[],
    );
    t.referee_rules(
        json!({"create_creature": {"id": "bram", "kind": "crow",
            "characteristics": {"agility": 0, "mind": 2, "strength": -1}, "stamina": 5}}),
        &[],
    );
    t.ok(
        &referee(),
        json!({"bind": {"player": "alice", "character": "vera"}}),
        &[],
    );
    t.ok(
        &referee(),
        json!({"bind": {"player": "bob", "character": "bram"}}),
        &[],
    );
    t
}

/// A shown, small goblin (Stamina 2, two backpack slots) with a rusty knife in backpack slot 1.
pub fn goblin(t: &mut T) {
    t.referee_rules(
        json!({"create_creature": {"id": "goblin", "name": "Goblin", "kind": "monster",
            "size": "small", "characteristics": {"agility": 1, "mind": 0, "strength": 0},
            "stamina": 2, "backpack_slots": 2, "hidden": false, "revealed": true}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "goblin", "custom": {"name": "Rusty knife",
            "slots": 1}, "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
}

// ---- combat tests (table/combat*.rs) ----

/// The sample content pack's items and bestiary.
pub const ITEMS: &str = include_str!("../../../../content/crows-sample/items.json");
pub const BESTIARY: &str = include_str!("../../../../content/crows-sample/bestiary.json");

/// The party (see `party`) with the sample content pack's items and bestiary loaded.
pub fn sample_party() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS},
            {"name": "bestiary.json", "text": BESTIARY}]}}),
        &[],
    );
    t
}

/// A ruleset command as the engine takes it.
pub fn r(cmd: Value) -> Value {
    json!({ "rules": cmd })
}

/// The fight as the Referee sees it.
pub fn fight(t: &T) -> Value {
    t.table.view(&Viewer::Referee)["rules"]["combat"]["fight"].clone()
}

/// Runs a command that must be refused: checks nothing changed and returns the rule named.
pub fn refusal(t: &mut T, actor: &Actor, cmd: Value, dice: &[i64]) -> Option<String> {
    let before = t.table.state_json();
    let e = t.run(actor, cmd, dice).unwrap_err();
    assert_eq!(t.table.state_json(), before, "a refusal changes nothing");
    rule_of(e).1
}
