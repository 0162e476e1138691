//! An in-memory event store (tests, and tables that need no persistence).

use crate::{
    BoxFut, Deadline, EventStore, StoreError, StoredEvent, TableDeadline, TableMeta,
    check_numbering, created_deadline,
};
use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};

#[derive(Debug, Default)]
struct MemTable {
    meta: TableMeta,
    events: Vec<StoredEvent>,
    snapshots: BTreeMap<u64, String>,
    order: u64,
    deadline: Deadline,
}

/// Event logs in memory, behind one mutex (held only between awaits).
#[derive(Debug, Default)]
pub struct MemoryStore {
    tables: Mutex<BTreeMap<String, MemTable>>,
}

impl MemoryStore {
    pub fn new() -> Self {
        MemoryStore::default()
    }

    fn lock(&self) -> Result<MutexGuard<'_, BTreeMap<String, MemTable>>, StoreError> {
        self.tables
            .lock()
            .map_err(|_| StoreError::Db("memory store lock poisoned".into()))
    }
}

impl EventStore for MemoryStore {
    fn create_table<'a>(
        &'a self,
        meta: &'a TableMeta,
        events: &'a [StoredEvent],
    ) -> BoxFut<'a, ()> {
        Box::pin(async move {
            check_numbering(0, events)?;
            let mut tables = self.lock()?;
            if tables.contains_key(&meta.id) {
                return Err(StoreError::Exists(meta.id.clone()));
            }
            let order = tables.len() as u64;
            let mut meta = meta.clone();
            meta.head = events.len() as u64;
            tables.insert(
                meta.id.clone(),
                MemTable {
                    meta,
                    events: events.to_vec(),
                    snapshots: BTreeMap::new(),
                    order,
                    deadline: created_deadline(events),
                },
            );
            Ok(())
        })
    }

    fn append<'a>(
        &'a self,
        table: &'a str,
        expected: u64,
        events: &'a [StoredEvent],
    ) -> BoxFut<'a, u64> {
        self.append_with_deadline(table, expected, events, Deadline::Unknown)
    }

    fn append_with_deadline<'a>(
        &'a self,
        table: &'a str,
        expected: u64,
        events: &'a [StoredEvent],
        deadline: Deadline,
    ) -> BoxFut<'a, u64> {
        Box::pin(async move {
            check_numbering(expected, events)?;
            let mut tables = self.lock()?;
            let t = tables
                .get_mut(table)
                .ok_or_else(|| StoreError::NotFound(table.to_string()))?;
            if t.meta.head != expected {
                return Err(StoreError::Conflict {
                    table: table.to_string(),
                    expected,
                    actual: t.meta.head,
                });
            }
            t.events.extend_from_slice(events);
            t.meta.head = expected + events.len() as u64;
            t.deadline = deadline;
            Ok(t.meta.head)
        })
    }

    fn set_deadline<'a>(
        &'a self,
        table: &'a str,
        head: u64,
        deadline: Option<i64>,
    ) -> BoxFut<'a, bool> {
        Box::pin(async move {
            let mut tables = self.lock()?;
            let t = tables
                .get_mut(table)
                .ok_or_else(|| StoreError::NotFound(table.to_string()))?;
            if t.meta.head != head {
                return Ok(false);
            }
            t.deadline = Deadline::known(deadline);
            Ok(true)
        })
    }

    fn deadlines(&self, limit: usize) -> BoxFut<'_, Vec<TableDeadline>> {
        Box::pin(async move {
            let tables = self.lock()?;
            let mut out: Vec<TableDeadline> = tables
                .values()
                .filter(|t| t.deadline != Deadline::None)
                .map(|t| TableDeadline {
                    table: t.meta.id.clone(),
                    head: t.meta.head,
                    deadline: t.deadline,
                })
                .collect();
            out.sort_by_key(|d| match d.deadline {
                Deadline::Unknown => (0, 0),
                Deadline::At(at) => (1, at),
                Deadline::None => (2, 0),
            });
            out.truncate(limit);
            Ok(out)
        })
    }

    fn read<'a>(
        &'a self,
        table: &'a str,
        after: u64,
        limit: usize,
    ) -> BoxFut<'a, Vec<StoredEvent>> {
        Box::pin(async move {
            let tables = self.lock()?;
            let t = tables
                .get(table)
                .ok_or_else(|| StoreError::NotFound(table.to_string()))?;
            let start = usize::try_from(after)
                .unwrap_or(usize::MAX)
                .min(t.events.len());
            Ok(t.events[start..].iter().take(limit).cloned().collect())
        })
    }

    fn meta<'a>(&'a self, table: &'a str) -> BoxFut<'a, TableMeta> {
        Box::pin(async move {
            let tables = self.lock()?;
            tables
                .get(table)
                .map(|t| t.meta.clone())
                .ok_or_else(|| StoreError::NotFound(table.to_string()))
        })
    }

    fn list(&self) -> BoxFut<'_, Vec<TableMeta>> {
        Box::pin(async move {
            let tables = self.lock()?;
            let mut all: Vec<&MemTable> = tables.values().collect();
            all.sort_by_key(|t| t.order);
            Ok(all.into_iter().map(|t| t.meta.clone()).collect())
        })
    }

    fn put_snapshot<'a>(&'a self, table: &'a str, seq: u64, body: &'a str) -> BoxFut<'a, ()> {
        Box::pin(async move {
            let mut tables = self.lock()?;
            let t = tables
                .get_mut(table)
                .ok_or_else(|| StoreError::NotFound(table.to_string()))?;
            t.snapshots.insert(seq, body.to_string());
            Ok(())
        })
    }

    fn latest_snapshot<'a>(&'a self, table: &'a str) -> BoxFut<'a, Option<(u64, String)>> {
        Box::pin(async move {
            let tables = self.lock()?;
            let t = tables
                .get(table)
                .ok_or_else(|| StoreError::NotFound(table.to_string()))?;
            Ok(t.snapshots
                .iter()
                .next_back()
                .map(|(seq, body)| (*seq, body.clone())))
        })
    }
}
