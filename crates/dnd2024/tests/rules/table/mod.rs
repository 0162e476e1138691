//! The `dnd2024` ruleset driven through the engine exactly as a server drives it (Registry →
//! Table → command JSON → events), with physical dice (faces given one per die, through the
//! engine's `FacesRoller`) or the table's seeded dice. Tests are named after the checklist ID
//! they cover.

mod actions;
mod air;
mod air_oa;
mod areas;
mod combat;
mod counterspell;
mod damage;
mod forecast;
mod forecast_tactics;
mod grid;
mod hazards;
mod queries;
mod reactions;
mod rest_and_conditions;
mod secrecy;
mod sight;
mod standing;
mod terrain;
mod tests_d20;
mod unseen;
mod vision;

use delve_dnd2024::ruleset::Dnd2024;
use engine::{
    Actor, DiceRoller, EngineError, Envelope, EventBody, FacesRoller, NewTable, Registry, Table,
    Viewer,
};
use serde_json::{Value, json};

pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Dnd2024);
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
        let registry = registry();
        let (table, env) = Table::create(
            &registry,
            NewTable {
                id: "t1".into(),
                name: "Keep".into(),
                ruleset: "dnd2024".into(),
                seed: Some(7),
                referee: "ref".into(),
                config: json!({}),
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

    /// Runs a command with physical dice: `faces`, one per die in rolling order; every face
    /// must be used.
    pub fn run(
        &mut self,
        actor: &Actor,
        cmd: Value,
        faces: &[i64],
    ) -> Result<Vec<Envelope>, EngineError> {
        let mut roller = FacesRoller::new(faces.to_vec());
        let prepared = self.table.prepare_json(actor, &cmd, 1000, &mut roller)?;
        assert_eq!(roller.remaining(), 0, "unused faces for {cmd}");
        let events = prepared.events.clone();
        self.table.commit(prepared)?;
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    /// Runs a command with the table's seeded dice.
    pub fn run_seeded(&mut self, actor: &Actor, cmd: Value) -> Vec<Envelope> {
        let prepared = self
            .table
            .prepare_json(actor, &cmd, 1000, &mut DiceRoller)
            .unwrap_or_else(|e| panic!("{cmd} refused: {e}"));
        let events = prepared.events.clone();
        self.table.commit(prepared).unwrap();
        self.log.extend(events.iter().cloned());
        events
    }

    pub fn ok(&mut self, actor: &Actor, cmd: Value, faces: &[i64]) -> Vec<Envelope> {
        match self.run(actor, cmd.clone(), faces) {
            Ok(e) => e,
            Err(e) => panic!("{cmd} refused: {e}"),
        }
    }

    /// A ruleset command by the Referee.
    pub fn dm(&mut self, cmd: Value, faces: &[i64]) -> Vec<Envelope> {
        self.ok(&referee(), json!({ "rules": cmd }), faces)
    }

    /// A ruleset command by `actor`.
    pub fn act(&mut self, actor: &Actor, cmd: Value, faces: &[i64]) -> Vec<Envelope> {
        self.ok(actor, json!({ "rules": cmd }), faces)
    }

    /// The refusal of a ruleset command (its code), checking it changed nothing.
    pub fn refused(&mut self, actor: &Actor, cmd: Value, faces: &[i64]) -> String {
        let before = self.table.state_json();
        let head = self.table.head();
        let err = self
            .run(actor, json!({ "rules": cmd }), faces)
            .expect_err("the command should be refused");
        assert_eq!(
            self.table.state_json(),
            before,
            "a refusal changed the state"
        );
        assert_eq!(self.table.head(), head);
        match err {
            EngineError::Rule(r) => r.code,
            other => other.to_string(),
        }
    }

    pub fn clock(&mut self, cmd: Value) -> Vec<Envelope> {
        self.ok(&referee(), json!({ "clock": cmd }), &[])
    }

    pub fn state(&self) -> Value {
        self.table.state_json()["rules"].clone()
    }

    pub fn creature(&self, id: &str) -> Value {
        self.state()["creatures"][id].clone()
    }

    pub fn hp(&self, id: &str) -> i64 {
        self.creature(id)["hp"]["current"].as_i64().unwrap()
    }

    pub fn assert_replays(&self) {
        let rebuilt = Table::replay(&self.registry, &self.log).unwrap();
        assert_eq!(rebuilt.state_json(), self.table.state_json());
        let restored = Table::restore(&self.registry, &self.table.snapshot()).unwrap();
        assert_eq!(restored.state_json(), self.table.state_json());
    }

    /// The Referee asks to be prompted for every reaction of creature `id` (the standing
    /// order `ask` for each kind), trading the secrecy of the pause for control.
    pub fn ask_all(&mut self, id: &str) {
        self.dm(
            json!({"standing_orders": {"creature": id, "opportunity_attacks": "ask",
                "reaction_spells": "ask", "legendary_actions": "ask"}}),
            &[],
        );
    }

    /// Every event `viewer` receives, as JSON.
    pub fn log_for(&self, viewer: &Viewer) -> Value {
        let events: Vec<Value> = engine::project_log(&self.log, viewer)
            .into_iter()
            .map(|e| serde_json::to_value(&e.body).unwrap())
            .collect();
        Value::Array(events)
    }
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

/// A character sheet: Dex 14, Con 14 (saves proficient), Wis 12, Medicine, 2d8 Hit Point
/// Dice, 40 ft of reach of a rapier, two level-1 slots.
pub fn character(id: &str, hp: u32) -> Value {
    json!({
        "id": id, "name": id.to_uppercase(), "kind": "character",
        "abilities": {"strength": 10, "dexterity": 14, "constitution": 14, "intelligence": 10,
            "wisdom": 12, "charisma": 8},
        "proficiency_bonus": 2,
        "saving_throws": ["constitution"],
        "skills": ["medicine", "stealth"],
        "armor_class": 14, "hit_points": hp,
        "hit_dice": {"count": 2, "sides": 8},
        "speed": {"walk": 30},
        "attacks": [
            {"name": "Rapier", "bonus": 4, "reach_ft": 5,
             "damage": [{"dice": "1d8+2", "damage_type": "piercing"}]},
            {"name": "Shortbow", "bonus": 4, "range_ft": 80, "long_range_ft": 320,
             "damage": [{"dice": "1d6+2", "damage_type": "piercing"}]}
        ],
        "spell_slots": [2]
    })
}

/// A goblin-like monster: AC 15, 7 HP, resistant to fire, vulnerable to radiant, immune to
/// poison.
pub fn monster(id: &str) -> Value {
    json!({
        "id": id, "name": "Goblin Warrior",
        "abilities": {"strength": 8, "dexterity": 14, "constitution": 10, "intelligence": 10,
            "wisdom": 8, "charisma": 8},
        "armor_class": 15, "hit_points": 7,
        "hit_dice": {"count": 2, "sides": 6},
        "speed": {"walk": 30},
        "resistances": ["fire"], "vulnerabilities": ["radiant"], "immunities": ["poison"],
        "attacks": [{"name": "Scimitar", "bonus": 4, "reach_ft": 5,
            "damage": [{"dice": "1d6+2", "damage_type": "slashing"}]}]
    })
}

/// Alice plays Vera (24 HP), Bob plays Bram (20 HP); the Referee has a hidden goblin `gob`.
pub fn party() -> T {
    let mut t = T::new();
    for p in ["alice", "bob"] {
        t.ok(
            &referee(),
            json!({"join": {"name": p, "role": "player"}}),
            &[],
        );
    }
    t.dm(
        json!({"add_creature": {"creature": character("vera", 24), "player": "alice"}}),
        &[],
    );
    t.dm(
        json!({"add_creature": {"creature": character("bram", 20), "player": "bob"}}),
        &[],
    );
    t.dm(json!({"add_creature": {"creature": monster("gob")}}), &[]);
    t
}

/// Vera, Bram and the goblin in combat, in the order Vera, goblin, Bram (Initiative faces
/// 15, 10, 5 plus Dex +2 each).
pub fn fight() -> T {
    let mut t = party();
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "gob", "bram"]}}),
        &[15, 10, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "gob", "bram"]}}),
        &[],
    );
    t
}
