//! Rebuild of a 100,000-event table from its log (target: under 1 s), from decoded events and
//! from their stored JSON text.

use criterion::{Criterion, criterion_group, criterion_main};
use engine::demo::Demo;
use engine::{Actor, Command, Envelope, NewTable, Registry, Role, Table};
use serde_json::{Value, json};
use std::hint::black_box;

const EVENTS: u64 = 100_000;

fn build_log(registry: &Registry) -> Vec<Envelope> {
    let new = NewTable {
        id: "bench".into(),
        name: "bench".into(),
        ruleset: "demo".into(),
        seed: Some(1),
        referee: "R".into(),
        config: Value::Null,
    };
    let (mut table, genesis) = Table::create(registry, new, 0).unwrap();
    let mut log = vec![genesis];
    let mut roller = engine::DiceRoller;
    let setup = [
        json!({"join": {"name": "alice", "role": Role::Player}}),
        json!({"rules": {"create": {"character": "c1"}}}),
        json!({"rules": {"create": {"character": "c2"}}}),
        json!({"bind": {"player": "alice", "character": "c1"}}),
    ];
    for c in setup {
        let c: Command = serde_json::from_value(c).unwrap();
        log.extend(table.execute(&Actor::Referee, &c, 0, &mut roller).unwrap());
    }
    let mut i = 0i64;
    while (log.len() as u64) < EVENTS {
        i += 1;
        // Notes are rare: the state (which every command clones once) stays small.
        let c = match i % 10 {
            0 if i % 1000 == 0 => {
                json!({"rules": {"note": {"text": format!("note {i}"), "secret": i % 2000 == 0}}})
            }
            0 => json!({"rules": {"roll": {"character": "c1", "dice": "2d10+1"}}}),
            n => {
                json!({"rules": {"add": {"character": if n % 2 == 0 { "c1" } else { "c2" }, "amount": n}}})
            }
        };
        let c: Command = serde_json::from_value(c).unwrap();
        log.extend(table.execute(&Actor::Referee, &c, i, &mut roller).unwrap());
    }
    log
}

fn rebuild(c: &mut Criterion) {
    let mut registry = Registry::new();
    registry.register(Demo);
    let log = build_log(&registry);
    let texts: Vec<String> = log.iter().map(|e| e.to_json().unwrap()).collect();
    let mut group = c.benchmark_group("rebuild_100k_events");
    group.sample_size(10);
    group.bench_function("from_envelopes", |b| {
        b.iter(|| black_box(Table::replay(&registry, &log).unwrap().head()))
    });
    group.bench_function("from_stored_json", |b| {
        b.iter(|| {
            let envs: Vec<Envelope> = texts
                .iter()
                .map(|t| Envelope::from_json(t).unwrap())
                .collect();
            black_box(Table::replay(&registry, &envs).unwrap().head())
        })
    });
    group.finish();
}

criterion_group!(benches, rebuild);
criterion_main!(benches);
