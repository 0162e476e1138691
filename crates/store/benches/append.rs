//! Durable appends per second to SQLite (WAL, synchronous = FULL): one command (one event) per
//! acknowledged append, through `Tables::execute_on`; and a full load of a 5,000-event table
//! through snapshots.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::demo::Demo;
use engine::{Actor, Command, FakeClock, NewTable, Registry, ScriptedRoller};
use serde_json::{Value, json};
use std::hint::black_box;
use std::sync::Arc;
use store::{EventStore, SqliteStore, Tables};

fn appends(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = rt
        .block_on(SqliteStore::open(&dir.path().join("bench.db")))
        .unwrap();
    let store: Arc<dyn EventStore> = Arc::new(store);
    let mut registry = Registry::new();
    registry.register(Demo);
    let tables = Tables::new(store, Arc::new(registry));
    let new = NewTable {
        id: "b".into(),
        name: "b".into(),
        ruleset: "demo".into(),
        seed: Some(1),
        referee: "R".into(),
        config: Value::Null,
    };
    let mut table = rt.block_on(tables.create(new, 0)).unwrap();
    let clock = FakeClock::new(0);
    let mut roller = ScriptedRoller::default();
    let create: Command =
        serde_json::from_value(json!({"rules": {"create": {"character": "c1"}}})).unwrap();
    rt.block_on(tables.execute_on(&mut table, &Actor::Referee, &create, &clock, &mut roller))
        .unwrap();
    let add: Command =
        serde_json::from_value(json!({"rules": {"add": {"character": "c1", "amount": 1}}}))
            .unwrap();

    let mut group = c.benchmark_group("sqlite_durable_append");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    group.bench_function("one_command_one_event", |b| {
        b.iter(|| {
            rt.block_on(tables.execute_on(&mut table, &Actor::Referee, &add, &clock, &mut roller))
                .unwrap()
        })
    });
    group.finish();

    while table.head() < 5_000 {
        rt.block_on(tables.execute_on(&mut table, &Actor::Referee, &add, &clock, &mut roller))
            .unwrap();
    }
    let mut group = c.benchmark_group("sqlite_load");
    group.sample_size(10);
    group.bench_function("snapshot_plus_tail", |b| {
        b.iter(|| black_box(rt.block_on(tables.load("b")).unwrap().head()))
    });
    group.finish();
}

criterion_group!(benches, appends);
criterion_main!(benches);
