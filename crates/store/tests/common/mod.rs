//! The demo-ruleset table the store tests share: a registry, a seated table, commands.
// Each test binary uses a different part of this.
#![allow(dead_code)]

use engine::demo::Demo;
use engine::{Actor, Command, FakeClock, NewTable, Registry, Role, ScriptedRoller};
use serde_json::{Value, json};
use std::sync::Arc;
use store::Tables;

pub fn registry() -> Arc<Registry> {
    let mut r = Registry::new();
    r.register(Demo);
    Arc::new(r)
}

pub fn new_table(id: &str) -> NewTable {
    NewTable {
        id: id.into(),
        name: format!("table {id}"),
        ruleset: "demo".into(),
        seed: 42,
        referee: "R".into(),
        config: Value::Null,
    }
}

pub fn cmd(v: Value) -> Command {
    serde_json::from_value(v).unwrap()
}

pub async fn seated(tables: &Tables, id: &str) {
    tables.create(new_table(id), 0).await.unwrap();
    let clock = FakeClock::new(0);
    let mut roller = ScriptedRoller::default();
    for c in [
        json!({"join": {"name": "alice", "role": Role::Player}}),
        json!({"rules": {"create": {"character": "c1"}}}),
        json!({"bind": {"player": "alice", "character": "c1"}}),
    ] {
        tables
            .execute(id, &Actor::Referee, &cmd(c), &clock, &mut roller)
            .await
            .unwrap();
    }
}

pub fn add(amount: i64) -> Command {
    cmd(json!({"rules": {"add": {"character": "c1", "amount": amount}}}))
}
