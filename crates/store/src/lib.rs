//! Event stores for tables: the [`EventStore`] trait, an in-memory store ([`MemoryStore`]), an
//! SQLite store ([`SqliteStore`]), the [`Tables`] service that loads tables (snapshot + tail)
//! and runs commands against a store, and export/import of a table as JSON Lines ([`export`]).
//!
//! # Async
//!
//! The trait is async (the server is axum/tokio, and sqlx is async). Its methods return boxed
//! futures so the trait stays object-safe: the server can hold an `Arc<dyn EventStore>` and pick
//! SQLite or PostgreSQL at start-up. The CLI drives it with a current-thread tokio runtime.
//!
//! # Guarantees
//!
//! - **Append with the expected sequence.** `append(table, expected, events)` succeeds only if
//!   the table's head is `expected` and the events are numbered `expected + 1…`; otherwise
//!   [`StoreError::Conflict`] (a stale writer), and nothing is written. Events and the head move
//!   in one transaction; `(table_id, seq)` is the primary key, so an event can never be doubled.
//! - **Durability.** SQLite runs in WAL mode with `synchronous = FULL`: every commit syncs the
//!   WAL before `append` returns, so an acknowledged append survives a process kill *and* an OS
//!   crash or power cut. (`NORMAL` in WAL survives a process kill but may lose the last commits
//!   on power loss, so it would not make "acknowledged" mean "durable".)
//! - **Snapshots.** [`Tables`] stores a snapshot every `snapshot_every` events; loading restores
//!   the latest snapshot and applies the tail.

pub mod export;
mod memory;
pub mod postgres;
mod sql;
mod sqlite;

pub use memory::MemoryStore;
pub use postgres::{Notice, PostgresStore, Subscription};
pub use sqlite::SqliteStore;

use engine::{Actor, Command, EngineError, Envelope, NewTable, Registry, Roller, Table, WallClock};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A boxed future of a store operation.
pub type BoxFut<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// One stored event: its seq and its JSON text (an [`Envelope`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEvent {
    pub seq: u64,
    pub json: String,
}

impl StoredEvent {
    pub fn from_envelope(env: &Envelope) -> Result<Self, StoreError> {
        Ok(StoredEvent {
            seq: env.seq,
            json: env.to_json().map_err(|e| StoreError::Json(e.to_string()))?,
        })
    }
    pub fn envelope(&self) -> Result<Envelope, StoreError> {
        Envelope::from_json(&self.json)
            .map_err(|e| StoreError::Json(format!("event {}: {e}", self.seq)))
    }
}

/// What the store knows about a table without reading its log.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct TableMeta {
    pub id: String,
    pub name: String,
    pub ruleset: String,
    pub created_at_ms: i64,
    /// Seq of the last event.
    pub head: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("conflict on table {table}: expected head {expected}, the table is at {actual}")]
    Conflict {
        table: String,
        expected: u64,
        actual: u64,
    },
    #[error("no table `{0}`")]
    NotFound(String),
    #[error("a table `{0}` already exists")]
    Exists(String),
    #[error("events must be numbered from {expected} without gaps (got {got})")]
    BadNumbering { expected: u64, got: u64 },
    #[error("database: {0}")]
    Db(String),
    #[error("bad stored JSON: {0}")]
    Json(String),
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("line {line}: {reason}")]
    Import { line: usize, reason: String },
    #[error("i/o: {0}")]
    Io(String),
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Db(e.to_string())
    }
}

/// Checks that `events` are numbered `expected + 1, expected + 2, …`.
pub(crate) fn check_numbering(expected: u64, events: &[StoredEvent]) -> Result<(), StoreError> {
    for (want, e) in (expected + 1..).zip(events) {
        if e.seq != want {
            return Err(StoreError::BadNumbering {
                expected: want,
                got: e.seq,
            });
        }
    }
    Ok(())
}

/// A store of table event logs.
pub trait EventStore: Send + Sync {
    /// Creates a table with its first events (at least `table_created`), atomically.
    fn create_table<'a>(&'a self, meta: &'a TableMeta, events: &'a [StoredEvent])
    -> BoxFut<'a, ()>;
    /// Appends events if the head is `expected`; returns the new head.
    fn append<'a>(
        &'a self,
        table: &'a str,
        expected: u64,
        events: &'a [StoredEvent],
    ) -> BoxFut<'a, u64>;
    /// Events with seq > `after`, at most `limit`, in order.
    fn read<'a>(&'a self, table: &'a str, after: u64, limit: usize)
    -> BoxFut<'a, Vec<StoredEvent>>;
    fn meta<'a>(&'a self, table: &'a str) -> BoxFut<'a, TableMeta>;
    /// Every table, oldest first.
    fn list(&self) -> BoxFut<'_, Vec<TableMeta>>;
    fn put_snapshot<'a>(&'a self, table: &'a str, seq: u64, body: &'a str) -> BoxFut<'a, ()>;
    /// The snapshot with the highest seq, if any.
    fn latest_snapshot<'a>(&'a self, table: &'a str) -> BoxFut<'a, Option<(u64, String)>>;
    /// Notices of appends made by any process on the same storage (several server instances
    /// on one PostgreSQL database; this one's own appends included — skip them by seq), so a
    /// server can push other instances' events to its clients. `None` (the default: memory
    /// and SQLite) means this store has no such channel and the server only needs to announce
    /// its own appends. See [`postgres`] for the semantics of
    /// [`Notice::Appended`] and [`Notice::Resync`].
    fn subscribe(&self) -> BoxFut<'_, Option<Subscription>> {
        Box::pin(async { Ok(None) })
    }
}

/// Events read per query when loading a log.
pub const READ_PAGE: usize = 5_000;
/// Default snapshot interval (events).
pub const DEFAULT_SNAPSHOT_EVERY: u64 = 500;

/// Reads a table's whole log (or the tail after `after`).
pub async fn read_all(
    store: &dyn EventStore,
    table: &str,
    after: u64,
) -> Result<Vec<StoredEvent>, StoreError> {
    let mut out = Vec::new();
    let mut from = after;
    loop {
        let page = store.read(table, from, READ_PAGE).await?;
        let Some(last) = page.last() else { break };
        from = last.seq;
        let short = page.len() < READ_PAGE;
        out.extend(page);
        if short {
            break;
        }
    }
    Ok(out)
}

/// Runs tables over a store: create, load (snapshot + tail), execute commands, snapshot.
#[derive(Clone)]
pub struct Tables {
    pub store: Arc<dyn EventStore>,
    pub registry: Arc<Registry>,
    pub snapshot_every: u64,
}

impl Tables {
    pub fn new(store: Arc<dyn EventStore>, registry: Arc<Registry>) -> Self {
        Tables {
            store,
            registry,
            snapshot_every: DEFAULT_SNAPSHOT_EVERY,
        }
    }

    /// Creates and stores a new table.
    pub async fn create(&self, new: NewTable, now_ms: i64) -> Result<Table, StoreError> {
        let (table, genesis) = Table::create(&self.registry, new.clone(), now_ms)?;
        let meta = TableMeta {
            id: new.id,
            name: new.name,
            ruleset: new.ruleset,
            created_at_ms: now_ms,
            head: 1,
        };
        self.store
            .create_table(&meta, &[StoredEvent::from_envelope(&genesis)?])
            .await?;
        Ok(table)
    }

    /// Loads a table: the latest snapshot, then the events after it.
    pub async fn load(&self, id: &str) -> Result<Table, StoreError> {
        let (mut table, after) = match self.store.latest_snapshot(id).await? {
            Some((seq, body)) => {
                let value: serde_json::Value =
                    serde_json::from_str(&body).map_err(|e| StoreError::Json(e.to_string()))?;
                (Table::restore(&self.registry, &value)?, seq)
            }
            None => {
                let events = read_all(&*self.store, id, 0).await?;
                if events.is_empty() {
                    return Err(StoreError::NotFound(id.to_string()));
                }
                let envs = events
                    .iter()
                    .map(StoredEvent::envelope)
                    .collect::<Result<Vec<_>, _>>()?;
                return Ok(Table::replay(&self.registry, &envs)?);
            }
        };
        for e in read_all(&*self.store, id, after).await? {
            table.apply(&e.envelope()?)?;
        }
        Ok(table)
    }

    /// The whole log of a table, decoded.
    pub async fn log(&self, id: &str) -> Result<Vec<Envelope>, StoreError> {
        read_all(&*self.store, id, 0)
            .await?
            .iter()
            .map(StoredEvent::envelope)
            .collect()
    }

    /// Runs one command: load, decide, append with the expected head (on a conflict: reload
    /// and try once more), snapshot when due. Returns the stored events.
    pub async fn execute(
        &self,
        id: &str,
        actor: &Actor,
        command: &Command,
        clock: &dyn WallClock,
        roller: &mut dyn Roller,
    ) -> Result<Vec<Envelope>, StoreError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let mut table = self.load(id).await?;
            match self
                .execute_on(&mut table, actor, command, clock, roller)
                .await
            {
                Err(StoreError::Conflict { .. }) if attempt < 2 => continue,
                other => return other,
            }
        }
    }

    /// Runs one command on an already loaded table (kept up to date on success).
    pub async fn execute_on(
        &self,
        table: &mut Table,
        actor: &Actor,
        command: &Command,
        clock: &dyn WallClock,
        roller: &mut dyn Roller,
    ) -> Result<Vec<Envelope>, StoreError> {
        let head = table.head();
        let prepared = table.prepare(actor, command, clock.now_ms(), roller)?;
        let stored = prepared
            .events
            .iter()
            .map(StoredEvent::from_envelope)
            .collect::<Result<Vec<_>, _>>()?;
        self.store.append(table.id(), head, &stored).await?;
        let events = prepared.events.clone();
        table.commit(prepared)?;
        let every = self.snapshot_every.max(1);
        if table.head() / every > head / every {
            let body = table.snapshot().to_string();
            self.store
                .put_snapshot(table.id(), table.head(), &body)
                .await?;
        }
        Ok(events)
    }
}
