//! The `acks` ruleset driven through the engine exactly as the server drives it (Registry →
//! Table → command JSON → events), with scripted dice (seeded tables) or physical dice entered
//! by hand (`FacesRoller`, as `--faces`), and a party of four from the sample pack.
#![allow(dead_code)]

mod combat;
mod core;
mod dungeon;
mod encounters;
mod examples;
mod experience;
mod forecast;
mod mounted;
mod naval;
mod sea;
mod wilderness;
mod zero_level;

use delve_acks::ruleset::Acks;
use engine::{
    Actor, EngineError, Envelope, FacesRoller, NewTable, Registry, Roller, ScriptedRoller, Table,
    Viewer, project_log,
};
pub use serde_json::{Value, json};

pub const SAMPLE: &str = include_str!("../../../packs/sample.json");

pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Acks);
    r
}

pub struct T {
    pub registry: Registry,
    pub table: Table,
    pub log: Vec<Envelope>,
}

pub fn judge() -> Actor {
    Actor::Referee
}
pub fn player(name: &str) -> Actor {
    Actor::Player(name.into())
}

fn abilities(strength: i32, charisma: i32) -> Value {
    json!({"strength": strength, "intelligence": 10, "wisdom": 10, "dexterity": 10,
           "constitution": 10, "charisma": charisma})
}

impl T {
    /// An empty ACKS table with players `ann` and `bob` seated.
    pub fn empty() -> T {
        let registry = registry();
        let (table, env) = Table::create(
            &registry,
            NewTable {
                id: "t1".into(),
                name: "Barrow".into(),
                ruleset: "acks".into(),
                seed: Some(7),
                referee: "judge".into(),
                config: Value::Null,
            },
            0,
        )
        .unwrap();
        let mut t = T {
            registry,
            table,
            log: vec![env],
        };
        for p in ["ann", "bob"] {
            t.ok(
                &judge(),
                json!({"join": {"name": p, "role": "player"}}),
                &[],
            );
        }
        t
    }

    /// The sample pack loaded and four characters: Brena (sellsword 2, STR 16, CHA 16) and Sefa
    /// (wood warden, an elf) for `ann`; Odo (lockbreaker 3, a thief) and Dain (deep delver, a
    /// dwarf, STR 18) for `bob`.
    pub fn new() -> T {
        let mut t = T::empty();
        t.judge(
            json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE}]}}),
            &[],
        );
        for (id, class, level, str_, cha, player, speed) in [
            ("brena", "sellsword", 2, 16, 16, "ann", 120),
            ("sefa", "wood_warden", 1, 10, 10, "ann", 120),
            ("odo", "lockbreaker", 3, 10, 10, "bob", 120),
            ("dain", "deep_delver", 1, 18, 10, "bob", 120),
        ] {
            t.judge(
                json!({"add_character": {"id": id, "name": id, "class": class, "level": level,
                    "abilities": abilities(str_, cha), "hp": 10, "player": player,
                    "speed_ft": speed}}),
                &[],
            );
        }
        t
    }

    pub fn run_with(
        &mut self,
        actor: &Actor,
        cmd: &Value,
        roller: &mut dyn Roller,
    ) -> Result<Vec<Envelope>, EngineError> {
        let prepared = self.table.prepare_json(actor, cmd, 1000, roller)?;
        let events = prepared.events.clone();
        self.table.commit(prepared)?;
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    /// Runs a command with these scripted totals; every one must be used.
    pub fn run(
        &mut self,
        actor: &Actor,
        cmd: Value,
        dice: &[i64],
    ) -> Result<Vec<Envelope>, EngineError> {
        let mut roller = ScriptedRoller::totals(dice.iter().copied());
        let out = self.run_with(actor, &cmd, &mut roller);
        if out.is_ok() {
            assert_eq!(roller.remaining(), 0, "unused dice for {cmd}");
        }
        out
    }

    /// Runs a command with physical dice: the faces in rolling order, each checked against
    /// its die (as `--faces`).
    pub fn faces(&mut self, actor: &Actor, cmd: Value, faces: &[i64]) -> Vec<Envelope> {
        let mut roller = FacesRoller::new(faces.to_vec());
        let out = self
            .run_with(actor, &cmd, &mut roller)
            .unwrap_or_else(|e| panic!("{cmd} refused: {e}"));
        assert_eq!(roller.remaining(), 0, "unused faces for {cmd}");
        out
    }

    pub fn ok(&mut self, actor: &Actor, cmd: Value, dice: &[i64]) -> Vec<Envelope> {
        match self.run(actor, cmd.clone(), dice) {
            Ok(e) => e,
            Err(e) => panic!("{cmd} refused: {e}"),
        }
    }

    pub fn judge(&mut self, cmd: Value, dice: &[i64]) -> Vec<Envelope> {
        self.ok(&judge(), json!({ "rules": cmd }), dice)
    }

    pub fn as_player(&mut self, p: &str, cmd: Value, dice: &[i64]) -> Vec<Envelope> {
        self.ok(&player(p), json!({ "rules": cmd }), dice)
    }

    /// A refused ruleset command: its code, message and rule, after checking that it changed
    /// nothing.
    pub fn refused(&mut self, actor: &Actor, cmd: Value) -> String {
        let before = self.table.state_json();
        let log = self.log.len();
        let e = self
            .run(actor, json!({ "rules": cmd }), &[])
            .expect_err("expected a refusal");
        assert_eq!(
            self.table.state_json(),
            before,
            "a refusal changed the state"
        );
        assert_eq!(self.log.len(), log);
        match e {
            // The rule it names, after the words: `code: message [AC-…]`.
            EngineError::Rule(r) => match r.rule {
                Some(rule) => format!("{}: {} [{rule}]", r.code, r.message),
                None => format!("{}: {}", r.code, r.message),
            },
            other => format!("{other}"),
        }
    }

    pub fn end_turn(&mut self, dice: &[i64]) -> Vec<Envelope> {
        self.ok(&judge(), json!({"clock": "end_exploration_turn"}), dice)
    }

    pub fn explore(&mut self) {
        self.ok(&judge(), json!({"clock": {"start_exploration": {}}}), &[]);
    }

    pub fn state(&self) -> Value {
        self.table.state_json()["rules"].clone()
    }

    pub fn view(&self, viewer: &Viewer) -> Value {
        self.table.view(viewer)
    }

    pub fn player_view(&self, p: &str) -> Value {
        self.view(&Viewer::Player(p.into()))
    }

    /// The log as a viewer sees it, as JSON.
    pub fn log_of(&self, viewer: &Viewer) -> Value {
        serde_json::to_value(project_log(&self.log, viewer)).unwrap()
    }

    /// The ruleset events of the last batch, as the Judge sees them.
    pub fn rules_events(events: &[Envelope]) -> Vec<Value> {
        events
            .iter()
            .filter_map(|e| serde_json::to_value(&e.body).ok())
            .filter(|b| b["type"] == "rules")
            .filter_map(|b| b.get("event").cloned())
            .collect()
    }

    pub fn assert_replays(&self) {
        let rebuilt = Table::replay(&self.registry, &self.log).unwrap();
        assert_eq!(rebuilt.state_json(), self.table.state_json());
        let restored = Table::restore(&self.registry, &self.table.snapshot()).unwrap();
        assert_eq!(restored.state_json(), self.table.state_json());
    }
}

/// Both players' and a spectator's logs and views are the same at the two tables.
pub fn same_for_everyone_but_the_judge(a: &T, b: &T) {
    for v in [
        Viewer::Player("ann".into()),
        Viewer::Player("bob".into()),
        Viewer::Spectator("sam".into()),
    ] {
        assert_eq!(a.log_of(&v), b.log_of(&v), "{v:?}'s log differs");
        assert_eq!(a.view(&v), b.view(&v), "{v:?}'s view differs");
    }
}
