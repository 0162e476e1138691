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
//! - **Group commit.** The SQL stores send every write to one writer task per store, which
//!   commits all queued writes (of any table) in one transaction, each with its own outcome, and
//!   answers each only after that transaction committed (see `group.rs`). One disk sync then
//!   covers many commands.
//! - **Durability.** SQLite runs in WAL mode with `synchronous = FULL`: every commit syncs the
//!   WAL before `append` returns, so an acknowledged append survives a process kill *and* an OS
//!   crash or power cut. (`NORMAL` in WAL survives a process kill but may lose the last commits
//!   on power loss, so it would not make "acknowledged" mean "durable".)
//! - **Snapshots.** [`Tables`] stores a snapshot every `snapshot_every` events; loading restores
//!   the latest snapshot and applies the tail.
//!
//! # The deadline index
//!
//! Each table row carries the earliest deadline of its running real-time timers (the end of a
//! dungeon turn, any engine timer), so a scheduler finds what falls due with one indexed query
//! instead of loading every table. The index is written *in the same transaction* as the
//! events that change it ([`EventStore::append_with_deadline`], which [`Tables::execute_on`]
//! uses with [`engine::Prepared::next_deadline_ms`]), so it can never disagree with the log
//! after a crash. A writer that does not know the deadline (a plain [`EventStore::append`], an
//! import, a database from before the index) leaves it [`Deadline::Unknown`]; the scheduler
//! loads such a table once and records its deadline with [`EventStore::set_deadline`]. A new
//! table holding only `table_created` has no timer (timers start only by command), so it is
//! created with [`Deadline::None`].

pub mod export;
mod group;
mod memory;
pub mod postgres;
pub mod signing;
mod sql;
mod sqlite;

pub use memory::MemoryStore;
pub use postgres::{Notice, PostgresStore, Subscription};
pub use signing::ServerKey;
pub use sqlite::SqliteStore;

use engine::{
    Actor, Command, EngineError, Envelope, FacesRoller, NewTable, Registry, Roller, RuleError,
    Table, WallClock, WallMs,
};
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
    /// Decodes the event for play: an event the reader cannot decode is set aside as a
    /// Referee-only `unreadable` event ([`Envelope::from_stored`]) instead of making the whole
    /// table unreadable; only a bad `table_created` is an error.
    pub fn envelope(&self) -> Result<Envelope, StoreError> {
        Envelope::from_stored(self.seq, &self.json)
            .map_err(|e| StoreError::Json(format!("event {}: {e}", self.seq)))
    }
}

/// What the deadline index says about a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(tag = "kind", content = "at_ms", rename_all = "snake_case")]
pub enum Deadline {
    /// Not known: load the table to find out (then [`EventStore::set_deadline`]).
    #[default]
    Unknown,
    /// No running timer.
    None,
    /// The earliest running timer falls due at this wall time (ms since the epoch).
    At(i64),
}

impl Deadline {
    /// The index entry for a known deadline.
    pub fn known(deadline: Option<i64>) -> Self {
        match deadline {
            Some(at) => Deadline::At(at),
            None => Deadline::None,
        }
    }
    /// The (deadline_ms, known) columns of the SQL stores.
    pub(crate) fn columns(self) -> (Option<i64>, bool) {
        match self {
            Deadline::Unknown => (None, false),
            Deadline::None => (None, true),
            Deadline::At(at) => (Some(at), true),
        }
    }
    pub(crate) fn from_columns(at: Option<i64>, known: bool) -> Self {
        if known {
            Deadline::known(at)
        } else {
            Deadline::Unknown
        }
    }
}

/// One entry of the deadline index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableDeadline {
    pub table: String,
    /// The head the entry belongs to.
    pub head: u64,
    pub deadline: Deadline,
}

/// Entries of the deadline index a scheduler reads per query.
pub const DEADLINE_BATCH: usize = 256;

/// The index entry for a table created with `events`: a genesis-only log has no timer.
pub(crate) fn created_deadline(events: &[StoredEvent]) -> Deadline {
    if events.len() <= 1 {
        Deadline::None
    } else {
        Deadline::Unknown
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

/// Most physical dice faces one command may bring.
pub const MAX_PHYSICAL_FACES: usize = 1_000;

/// Why a player's physical dice are refused on a table without the `players_physical_dice`
/// option.
pub const PLAYERS_FACES_OFF: &str = "only the Referee enters physical dice (faces) for a command \
     at this table; the Referee may let the players enter their own with \
     {\"set_option\": {\"players_physical_dice\": true}}";

/// Whether `actor` may bring physical dice to a command on `table`: the Referee always, a
/// player only when the Referee turned the table's `players_physical_dice` option on.
pub fn may_bring_faces(table: &Table, actor: &Actor) -> bool {
    match actor {
        Actor::Referee => true,
        Actor::Player(_) => table.core().options.players_physical_dice,
        Actor::Spectator(_) | Actor::System => false,
    }
}

/// Physical dice: checks that `actor` may bring them ([`may_bring_faces`]) and that `faces`
/// are exactly the dice `command` rolls on `table` for `actor`, in order — each face on its die, none missing, none left over — by deciding the
/// command once on them without storing anything. Run the command afterwards with a
/// [`FacesRoller`] of the same faces: deciding is deterministic, so it rolls them the same way.
pub fn physical_dice_fit(
    table: &Table,
    actor: &Actor,
    command: &Command,
    now_ms: WallMs,
    faces: &[i64],
) -> Result<(), EngineError> {
    if !may_bring_faces(table, actor) {
        return Err(EngineError::NotAllowed(PLAYERS_FACES_OFF.into()));
    }
    if faces.len() > MAX_PHYSICAL_FACES {
        return Err(RuleError::new(
            "physical_dice",
            format!("at most {MAX_PHYSICAL_FACES} dice faces for one command"),
        )
        .rule("limits.physical_faces")
        .into());
    }
    let mut roller = FacesRoller::new(faces.to_vec());
    table.prepare(actor, command, now_ms, &mut roller)?;
    let left = roller.remaining();
    if left > 0 {
        return Err(RuleError::new(
            "physical_dice",
            format!(
                "{} faces given but the command rolled {} dice: {left} left over (nothing was stored)",
                faces.len(),
                faces.len() - left
            ),
        )
        .rule("physical_dice")
        .into());
    }
    Ok(())
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
    #[error("event {seq} cannot be stored: {reason}")]
    Limit { seq: u64, reason: String },
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Db(e.to_string())
    }
}

/// Checks, before anything is written, that `events` are numbered `expected + 1,
/// expected + 2, …` and that each can be read back: its JSON within the reader's limits
/// ([`engine::limits::MAX_JSON_DEPTH`], [`engine::limits::MAX_ENVELOPE_BYTES`]). Every append,
/// table creation and import of every store goes through here, so the store never holds what
/// its own reader refuses.
pub(crate) fn check_numbering(expected: u64, events: &[StoredEvent]) -> Result<(), StoreError> {
    for (want, e) in (expected + 1..).zip(events) {
        if e.seq != want {
            return Err(StoreError::BadNumbering {
                expected: want,
                got: e.seq,
            });
        }
        let meter = engine::limits::JsonMeter::of_text(&e.json);
        if let Some(reason) =
            engine::limits::stored_json_problem(&meter, engine::limits::MAX_ENVELOPE_BYTES)
        {
            return Err(StoreError::Limit { seq: e.seq, reason });
        }
    }
    Ok(())
}

/// A store of table event logs.
pub trait EventStore: Send + Sync {
    /// Creates a table with its first events (at least `table_created`), atomically.
    fn create_table<'a>(&'a self, meta: &'a TableMeta, events: &'a [StoredEvent])
    -> BoxFut<'a, ()>;
    /// Appends events if the head is `expected`; returns the new head. The table's deadline
    /// becomes [`Deadline::Unknown`] (use [`EventStore::append_with_deadline`] when known).
    fn append<'a>(
        &'a self,
        table: &'a str,
        expected: u64,
        events: &'a [StoredEvent],
    ) -> BoxFut<'a, u64>;
    /// [`EventStore::append`] that also records the table's deadline after these events, in
    /// the same transaction.
    ///
    /// The deadline methods (this one, [`EventStore::set_deadline`],
    /// [`EventStore::deadlines`]) have defaults for stores without a deadline index (this one
    /// appends without recording; the index reads empty, so no timer fires on its own). Every
    /// store of this crate implements them; a wrapper store must forward all three.
    fn append_with_deadline<'a>(
        &'a self,
        table: &'a str,
        expected: u64,
        events: &'a [StoredEvent],
        deadline: Deadline,
    ) -> BoxFut<'a, u64> {
        let _ = deadline;
        self.append(table, expected, events)
    }
    /// Records a table's deadline as known (`None`: no running timer), if its head is still
    /// `head` (false: it moved on, and the writer that moved it recorded its own).
    fn set_deadline<'a>(
        &'a self,
        table: &'a str,
        head: u64,
        deadline: Option<i64>,
    ) -> BoxFut<'a, bool> {
        let _ = (table, head, deadline);
        Box::pin(async { Ok(false) })
    }
    /// The deadline index: first every table whose deadline is unknown, then the tables with a
    /// running timer, earliest deadline first; at most `limit` entries. Tables with no running
    /// timer are left out.
    fn deadlines(&self, limit: usize) -> BoxFut<'_, Vec<TableDeadline>> {
        let _ = limit;
        Box::pin(async { Ok(Vec::new()) })
    }
    fn read<'a>(&'a self, table: &'a str, after: u64, limit: usize)
    -> BoxFut<'a, Vec<StoredEvent>>;
    fn meta<'a>(&'a self, table: &'a str) -> BoxFut<'a, TableMeta>;
    /// Every table, oldest first.
    fn list(&self) -> BoxFut<'_, Vec<TableMeta>>;
    fn put_snapshot<'a>(&'a self, table: &'a str, seq: u64, body: &'a str) -> BoxFut<'a, ()>;
    /// The snapshot with the highest seq, if any.
    fn latest_snapshot<'a>(&'a self, table: &'a str) -> BoxFut<'a, Option<(u64, String)>>;
    /// Notices of appends made by the other processes on the same storage (several server
    /// instances on one PostgreSQL database; this store's own appends are left out), so a
    /// server can push other instances' events to its clients. `None` (the default: memory
    /// and SQLite) means this store has no such channel and the server only needs to announce
    /// its own appends. See [`postgres`] for the semantics of
    /// [`Notice::Appended`] and [`Notice::Resync`].
    fn subscribe(&self) -> BoxFut<'_, Option<Subscription>> {
        Box::pin(async { Ok(None) })
    }
    /// Waits for, then holds, a lock on `table` shared by every process on the same storage
    /// (several server instances on one PostgreSQL database), so instances that keep
    /// conflicting on a table can take turns deciding on it instead of one starving the other.
    /// `None` (the default: memory and SQLite) means this store has no such lock. The lock is
    /// released by [`TableLock::release`] (or, if dropped, when its connection closes).
    fn lock_table<'a>(&'a self, table: &'a str) -> BoxFut<'a, Option<TableLock>> {
        let _ = table;
        Box::pin(async { Ok(None) })
    }
}

/// A held [`EventStore::lock_table`] lock.
#[derive(Debug)]
pub struct TableLock(postgres::AdvisoryLock);

impl TableLock {
    /// Releases the lock.
    pub async fn release(self) {
        self.0.release().await;
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
        // A snapshot that cannot be read back is skipped: the log alone rebuilds the table.
        let snapshot = self
            .store
            .latest_snapshot(id)
            .await?
            .and_then(|(seq, body)| {
                let value: serde_json::Value = serde_json::from_str(&body).ok()?;
                Some((Table::restore(&self.registry, &value).ok()?, seq))
            });
        let (mut table, after) = match snapshot {
            Some(restored) => restored,
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

    /// Runs one command on an already loaded table (kept up to date on success). The append
    /// expects the table's head and records its next deadline; a stale table gets
    /// [`StoreError::Conflict`] and nothing is stored.
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
        let deadline = Deadline::known(prepared.next_deadline_ms());
        self.store
            .append_with_deadline(table.id(), head, &stored, deadline)
            .await?;
        let events = prepared.events.clone();
        table.commit(prepared)?;
        self.snapshot_if_due(table, head).await;
        Ok(events)
    }

    /// Stores a snapshot of `table` if its head crossed a multiple of `snapshot_every` since
    /// `before` (the head before the events just stored).
    pub async fn snapshot_if_due(&self, table: &Table, before: u64) {
        let every = self.snapshot_every.max(1);
        if table.head() / every > before / every {
            let body = table.snapshot().to_string();
            if engine::limits::JsonMeter::of_text(&body).max_depth > engine::limits::MAX_JSON_DEPTH
            {
                return; // it could not be read back; loads replay from the previous one
            }
            // The events are stored and the table moved on: the command succeeded. A snapshot
            // only shortens later loads (they replay from the previous one), so failing to
            // write it must not turn the command into an error the caller would retry.
            let _ = self
                .store
                .put_snapshot(table.id(), table.head(), &body)
                .await;
        }
    }
}
