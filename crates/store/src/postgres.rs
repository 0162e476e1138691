//! The PostgreSQL event store: several server instances share one database.
//!
//! # Appends
//!
//! An append is one statement ([`APPEND`]): it moves the table's head with
//! `UPDATE tables SET head = new WHERE id = … AND head = expected`, inserts the events only if
//! the head moved, and queues a notification. PostgreSQL locks the head row for the update, so
//! of two writers with the same expected head the second waits for the first to finish,
//! re-checks the condition on the committed row, matches nothing, writes nothing and gets
//! [`StoreError::Conflict`] — in one process or across processes. `(table_id, seq)` is the
//! primary key of `events`, so an event can never be doubled even by a buggy caller.
//!
//! # Group commit
//!
//! Every write of a store (appends, new tables, deadline records, snapshots) goes to one
//! writer task ([`crate::group`]). A lone append runs as its one statement (one round trip, its
//! own transaction). A batch of appends to distinct tables — the common batch: commands on
//! several tables queued while the previous batch committed — is one statement too
//! ([`APPEND_MANY`]). Any other batch runs in one transaction — one WAL flush for all — each
//! write as statements that change nothing when their check fails, so a conflict leaves the
//! others alone; a statement error aborts the transaction and the writer runs each write again
//! alone. A batch takes the head rows in the order of the table ids, so two instances'
//! batches cannot deadlock on each other.
//!
//! # Durability
//!
//! Every connection sets `synchronous_commit = on` (whatever the server's default), so `COMMIT`
//! returns — and `append` acknowledges — only after the commit record is flushed to the WAL.
//!
//! # Notifications between instances
//!
//! Each committed append (and each new table) sends `NOTIFY delve_events` ([`NOTIFY_CHANNEL`])
//! with the payload `{"table":"<id>","head":<seq>,"from":"<store>"}` (or `{"resync":true}` if
//! the id is too long for a notification); `from` is a random tag of the writing store. PostgreSQL
//! delivers it only if the transaction commits, so a conflicting (rolled back) append is never
//! announced. [`PostgresStore::listen`] opens a dedicated `LISTEN` connection and returns a
//! [`Subscription`] to every store's notices; [`PostgresStore::listen_to_others`] (what
//! [`EventStore::subscribe`] returns, as the server holds the store) leaves out this store's
//! own, which its server already knows about (at thousands of appends a second, handling its
//! own notices cost the server a wake-up and a read each):
//!
//! - [`Notice::Appended`] says a table's head reached `head`; the consumer reads the events
//!   after the last seq it has (notices for one table are merged, so only the newest head is
//!   kept);
//! - [`Notice::Resync`] says notices may have been missed (the listening connection was lost and
//!   re-established, or the consumer fell more than [`MAX_PENDING_TABLES`] tables behind); the
//!   consumer re-reads the heads of the tables it serves ([`EventStore::meta`]) and catches up.
//!
//! Every commit that happens after `listen` returns is announced (or covered by a `Resync`).

use crate::group::{Backend, Op, Outcome, Writer};
use crate::sql::{event_of, meta_of, to_i64, to_u64};
use crate::{
    BoxFut, Deadline, EventStore, StoreError, StoredEvent, TableDeadline, TableLock, TableMeta,
    check_numbering, created_deadline,
};
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgListener, PgPool, PgPoolOptions};
use sqlx::{Postgres, Row};
use std::collections::{HashMap, VecDeque};
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// The channel every append is announced on.
pub const NOTIFY_CHANNEL: &str = "delve_events";
/// Tables with undelivered notices a subscription keeps before it gives up and asks for a
/// [`Notice::Resync`].
pub const MAX_PENDING_TABLES: usize = 4_096;
/// Connections in the pool of one store (the listener has its own connection).
pub const DEFAULT_MAX_CONNECTIONS: u32 = 8;
/// Table locks ([`EventStore::lock_table`]) one store holds or waits for at once.
pub const LOCK_CONNECTIONS: u32 = 8;
/// Writer tasks of one store ([`Writer::start_many`]), each with its own connection: while one
/// batch waits for its commit, the next is already sent. The server never has two appends of
/// one table in flight (it holds the table's lock across the append), so batches on different
/// connections touch different tables, and PostgreSQL flushes concurrent commits together.
pub const WRITERS: usize = 2;
/// How long an operation waits for a free pooled connection.
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait between two attempts to re-establish a lost listening connection.
const MAX_RECONNECT_DELAY: Duration = Duration::from_secs(5);

/// Event logs in a PostgreSQL database.
#[derive(Debug, Clone)]
pub struct PostgresStore {
    pool: PgPool,
    options: PgConnectOptions,
    writer: Writer,
    writer_pool: PgPool,
    /// Connections holding (or waiting for) table locks.
    locks: PgPool,
    /// This store's tag in its notices ([`new_origin`]).
    origin: Arc<str>,
}

/// PostgreSQL refuses a notification payload of 8000 bytes or more.
const MAX_PAYLOAD_BYTES: usize = 7_999;

/// The notice of a new head, tagged with the store that wrote it; for a table id too long for
/// a notification, a resync notice instead (the append must not fail for it).
fn payload(table: &str, head: u64, origin: &str) -> String {
    let full = serde_json::json!({ "table": table, "head": head, "from": origin }).to_string();
    if full.len() <= MAX_PAYLOAD_BYTES {
        full
    } else {
        serde_json::json!({ "resync": true }).to_string()
    }
}

/// A tag for one store (one server instance): 64 random bits, so two stores on one database
/// never share it.
fn new_origin() -> String {
    format!("{:016x}", rand::random::<u64>())
}

impl PostgresStore {
    /// Connects to a `postgres://user@host:port/database` URL and applies the migrations.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(StoreError::Db(format!(
                "bad PostgreSQL URL `{url}`: it must start with postgres:// or postgresql://"
            )));
        }
        let options = PgConnectOptions::from_str(url)
            .map_err(|e| StoreError::Db(format!("bad PostgreSQL URL: {e}")))?;
        Self::connect_with(
            options,
            PgPoolOptions::new().max_connections(DEFAULT_MAX_CONNECTIONS),
        )
        .await
    }

    /// Connects with explicit options and applies the migrations. `synchronous_commit = on`
    /// is added to the options (durable acknowledgements).
    pub async fn connect_with(
        options: PgConnectOptions,
        pool: PgPoolOptions,
    ) -> Result<Self, StoreError> {
        let options = options.options([("synchronous_commit", "on")]);
        let pool = pool
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options.clone())
            .await
            .map_err(|e| StoreError::Db(format!("cannot connect to PostgreSQL: {e}")))?;
        // sqlx holds an advisory lock while migrating, so instances starting together are safe.
        sqlx::migrate!("./migrations_pg")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Db(format!("migrations: {e}")))?;
        // The writer and the table locks have connections of their own: a writer never waits
        // for a connection held by a lock waiter, and lock waiters never take the readers'.
        let writer_pool = PgPoolOptions::new()
            .max_connections(WRITERS as u32)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_lazy_with(options.clone());
        let locks = PgPoolOptions::new()
            .max_connections(LOCK_CONNECTIONS)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_lazy_with(options.clone());
        let origin: Arc<str> = new_origin().into();
        let writer = Writer::start_many(
            (0..WRITERS)
                .map(|_| PgWriter {
                    pool: writer_pool.clone(),
                    origin: origin.clone(),
                })
                .collect(),
        );
        Ok(PostgresStore {
            pool,
            options,
            writer,
            writer_pool,
            locks,
            origin,
        })
    }

    /// The connection pool (for tests and administration).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Finishes the queued writes, then closes the pool (waits for connections to finish).
    pub async fn close(&self) {
        self.writer.close().await;
        self.writer_pool.close().await;
        self.locks.close().await;
        self.pool.close().await;
    }

    /// Starts listening for appends made through any store on this database (this one
    /// included). `LISTEN` is active when this returns. See the module documentation.
    pub async fn listen(&self) -> Result<Subscription, StoreError> {
        self.subscription(None).await
    }

    /// Like [`PostgresStore::listen`], without the notices of this store's own writes (what
    /// [`EventStore::subscribe`] returns: a server already knows what it wrote).
    pub async fn listen_to_others(&self) -> Result<Subscription, StoreError> {
        self.subscription(Some(self.origin.clone())).await
    }

    async fn subscription(&self, skip: Option<Arc<str>>) -> Result<Subscription, StoreError> {
        let listener = open_listener(&self.options).await?;
        let mailbox = Arc::new(Mailbox::default());
        let task = tokio::spawn(forward(
            listener,
            self.options.clone(),
            mailbox.clone(),
            skip,
        ));
        Ok(Subscription { mailbox, task })
    }

    async fn head_of(&self, table: &str) -> Result<Option<u64>, StoreError> {
        let row = sqlx::query("SELECT head FROM tables WHERE id = $1")
            .bind(table)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| to_u64(r.get::<i64, _>(0))))
    }
}

/// One append in one statement: moves the head if it is the expected one, and only then
/// inserts the events and (if there are any) queues the notice. Returns one row if the head
/// moved, none otherwise. Binds: new head, deadline_ms, deadline_known, table, expected head,
/// seqs, bodies, channel, payload.
pub const APPEND: &str = "\
    WITH moved AS ( \
        UPDATE tables SET head = $1, deadline_ms = $2, deadline_known = $3 \
        WHERE id = $4 AND head = $5 RETURNING id \
    ), added AS ( \
        INSERT INTO events (table_id, seq, body) \
        SELECT moved.id, e.seq, e.body \
        FROM moved, UNNEST($6::BIGINT[], $7::TEXT[]) AS e (seq, body) \
    ) \
    SELECT CASE WHEN cardinality($6::BIGINT[]) > 0 THEN pg_notify($8, $9)::TEXT END \
    FROM moved";

/// Appends to several tables (each once) in one statement, its own transaction: the head rows
/// are locked in the order of the table ids (`ORDER BY … FOR UPDATE` sorts before it locks, and
/// the update touches only rows already locked), each head moves only if it is the expected
/// one, the events of the moved tables are inserted and their notices queued. Returns the ids
/// of the moved tables. Binds: per append (table, expected, new head, deadline_ms,
/// deadline_known, payload); per event (table, seq, body); channel.
pub const APPEND_MANY: &str = "\
    WITH input AS ( \
        SELECT * FROM UNNEST($1::TEXT[], $2::BIGINT[], $3::BIGINT[], $4::BIGINT[], \
                             $5::BOOLEAN[], $6::TEXT[]) \
            AS i (id, expected, head, deadline_ms, deadline_known, payload) \
    ), locked AS ( \
        SELECT t.id FROM tables t JOIN input i ON i.id = t.id ORDER BY t.id FOR UPDATE OF t \
    ), moved AS ( \
        UPDATE tables t SET head = i.head, deadline_ms = i.deadline_ms, \
            deadline_known = i.deadline_known \
        FROM input i JOIN locked l ON l.id = i.id \
        WHERE t.id = i.id AND t.head = i.expected \
        RETURNING t.id, i.payload, i.head > i.expected AS grew \
    ), added AS ( \
        INSERT INTO events (table_id, seq, body) \
        SELECT e.id, e.seq, e.body \
        FROM UNNEST($7::TEXT[], $8::BIGINT[], $9::TEXT[]) AS e (id, seq, body) \
        JOIN moved ON moved.id = e.id \
    ) \
    SELECT id, CASE WHEN grew THEN pg_notify($10, payload)::TEXT END FROM moved";

/// One writer task's side: a connection from the writers' pool of [`WRITERS`] (a lost one is
/// replaced by the pool).
struct PgWriter {
    pool: PgPool,
    /// The store's tag in its notices.
    origin: Arc<str>,
}

impl Backend for PgWriter {
    fn commit<'a>(&'a mut self, ops: &'a [&'a Op]) -> BoxFut<'a, Vec<Outcome>> {
        Box::pin(async move {
            let origin = &*self.origin;
            if let [op] = ops
                && matches!(op, Op::Append { .. })
            {
                // One statement is its own transaction: one round trip.
                let mut conn = self.pool.acquire().await?;
                return Ok(vec![write(&mut conn, op, origin).await]);
            }
            if let Some(appends) = distinct_appends(ops) {
                // The common batch (commands on several tables): one statement, one round trip.
                let mut conn = self.pool.acquire().await?;
                return append_many(&mut conn, &appends, origin).await;
            }
            // Head rows locked in the order of the table ids (stable: one table's writes keep
            // their order), so two instances' batches never wait on each other in a cycle.
            let mut order: Vec<usize> = (0..ops.len()).collect();
            order.sort_by(|&a, &b| ops[a].table().cmp(ops[b].table()));
            let mut outcomes: Vec<Option<Outcome>> = (0..ops.len()).map(|_| None).collect();
            let mut tx = self.pool.begin().await?;
            for i in order {
                let outcome = write(&mut tx, ops[i], origin).await;
                // A statement error aborts the transaction (dropping it rolls back).
                if let Err(StoreError::Db(e)) = outcome {
                    return Err(StoreError::Db(e));
                }
                outcomes[i] = Some(outcome);
            }
            tx.commit().await?;
            Ok(outcomes
                .into_iter()
                .map(|o| o.unwrap_or_else(|| Err(StoreError::Db("a write was skipped".into()))))
                .collect())
        })
    }

    async fn close(&mut self) {}
}

/// One append of a batch: table, expected head, events, deadline.
type AppendOp<'a> = (&'a str, u64, &'a [StoredEvent], Deadline);

/// The batch as appends, if it holds only appends and each table at most once (then their
/// order does not matter and [`APPEND_MANY`] can take them all).
fn distinct_appends<'a>(ops: &[&'a Op]) -> Option<Vec<AppendOp<'a>>> {
    let mut seen = std::collections::HashSet::with_capacity(ops.len());
    ops.iter()
        .map(|op| match op {
            Op::Append {
                table,
                expected,
                events,
                deadline,
            } if seen.insert(table.as_str()) => {
                Some((table.as_str(), *expected, events.as_slice(), *deadline))
            }
            _ => None,
        })
        .collect()
}

/// Runs [`APPEND_MANY`] and gives each append its outcome: the new head, or (rarely) the
/// conflict or missing table found by reading the heads that did not move.
async fn append_many(
    conn: &mut PgConnection,
    appends: &[AppendOp<'_>],
    origin: &str,
) -> Result<Vec<Outcome>, StoreError> {
    let n = appends.len();
    let (mut ids, mut expected, mut heads) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    let (mut deadlines, mut known, mut payloads) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    let (mut event_tables, mut seqs, mut bodies) = (Vec::new(), Vec::new(), Vec::new());
    for &(table, exp, events, deadline) in appends {
        let head = exp + events.len() as u64;
        let (at, is_known) = deadline.columns();
        ids.push(table);
        expected.push(to_i64(exp));
        heads.push(to_i64(head));
        deadlines.push(at);
        known.push(is_known);
        payloads.push(payload(table, head, origin));
        for e in events {
            event_tables.push(table);
            seqs.push(to_i64(e.seq));
            bodies.push(e.json.as_str());
        }
    }
    let rows = sqlx::query(APPEND_MANY)
        .bind(&ids)
        .bind(&expected)
        .bind(&heads)
        .bind(&deadlines)
        .bind(&known)
        .bind(&payloads)
        .bind(&event_tables)
        .bind(&seqs)
        .bind(&bodies)
        .bind(NOTIFY_CHANNEL)
        .fetch_all(&mut *conn)
        .await?;
    let moved: std::collections::HashSet<String> =
        rows.iter().map(|r| r.get::<String, _>(0)).collect();
    let mut outcomes = Vec::with_capacity(n);
    for &(table, exp, events, _) in appends {
        outcomes.push(if moved.contains(table) {
            Ok(exp + events.len() as u64)
        } else {
            match head_in(conn, table).await? {
                None => Err(StoreError::NotFound(table.to_string())),
                Some(actual) => Err(StoreError::Conflict {
                    table: table.to_string(),
                    expected: exp,
                    actual,
                }),
            }
        });
    }
    Ok(outcomes)
}

async fn head_in(conn: &mut PgConnection, table: &str) -> Result<Option<u64>, StoreError> {
    let row = sqlx::query("SELECT head FROM tables WHERE id = $1")
        .bind(table)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(row.map(|r| to_u64(r.get::<i64, _>(0))))
}

/// One write on `conn` (in the batch's transaction, or alone). Refusals (conflict, missing or
/// existing table) change nothing and leave the transaction usable.
async fn write(conn: &mut PgConnection, op: &Op, origin: &str) -> Outcome {
    match op {
        Op::Append {
            table,
            expected,
            events,
            deadline,
        } => {
            let new_head = expected + events.len() as u64;
            let (deadline_ms, known) = deadline.columns();
            let seqs: Vec<i64> = events.iter().map(|e| to_i64(e.seq)).collect();
            let bodies: Vec<&str> = events.iter().map(|e| e.json.as_str()).collect();
            let moved = sqlx::query(APPEND)
                .bind(to_i64(new_head))
                .bind(deadline_ms)
                .bind(known)
                .bind(table)
                .bind(to_i64(*expected))
                .bind(&seqs)
                .bind(&bodies)
                .bind(NOTIFY_CHANNEL)
                .bind(payload(table, new_head, origin))
                .fetch_optional(&mut *conn)
                .await?;
            if moved.is_some() {
                return Ok(new_head);
            }
            match head_in(conn, table).await? {
                None => Err(StoreError::NotFound(table.clone())),
                Some(actual) => Err(StoreError::Conflict {
                    table: table.clone(),
                    expected: *expected,
                    actual,
                }),
            }
        }
        Op::Create { meta, events } => {
            let head = events.len() as u64;
            let (deadline_ms, known) = created_deadline(events).columns();
            let inserted = sqlx::query(
                "INSERT INTO tables (id, name, ruleset, created_at_ms, head, deadline_ms, \
                 deadline_known) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING",
            )
            .bind(&meta.id)
            .bind(&meta.name)
            .bind(&meta.ruleset)
            .bind(meta.created_at_ms)
            .bind(to_i64(head))
            .bind(deadline_ms)
            .bind(known)
            .execute(&mut *conn)
            .await?;
            if inserted.rows_affected() == 0 {
                return Err(StoreError::Exists(meta.id.clone()));
            }
            let seqs: Vec<i64> = events.iter().map(|e| to_i64(e.seq)).collect();
            let bodies: Vec<&str> = events.iter().map(|e| e.json.as_str()).collect();
            sqlx::query(
                "INSERT INTO events (table_id, seq, body) \
                 SELECT $1, e.seq, e.body FROM UNNEST($2::BIGINT[], $3::TEXT[]) AS e (seq, body)",
            )
            .bind(&meta.id)
            .bind(&seqs)
            .bind(&bodies)
            .execute(&mut *conn)
            .await?;
            sqlx::query("SELECT pg_notify($1, $2)::TEXT")
                .bind(NOTIFY_CHANNEL)
                .bind(payload(&meta.id, head, origin))
                .execute(&mut *conn)
                .await?;
            Ok(head)
        }
        Op::SetDeadline {
            table,
            head,
            deadline,
        } => {
            let done = sqlx::query(
                "UPDATE tables SET deadline_ms = $1, deadline_known = true \
                 WHERE id = $2 AND head = $3",
            )
            .bind(deadline)
            .bind(table)
            .bind(to_i64(*head))
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() == 0 && head_in(conn, table).await?.is_none() {
                return Err(StoreError::NotFound(table.clone()));
            }
            Ok(done.rows_affected())
        }
        Op::Snapshot { table, seq, body } => {
            sqlx::query(
                "INSERT INTO snapshots (table_id, seq, body) VALUES ($1, $2, $3) \
                 ON CONFLICT (table_id, seq) DO NOTHING",
            )
            .bind(table)
            .bind(to_i64(*seq))
            .bind(body)
            .execute(&mut *conn)
            .await?;
            Ok(*seq)
        }
    }
}

impl EventStore for PostgresStore {
    fn create_table<'a>(
        &'a self,
        meta: &'a TableMeta,
        events: &'a [StoredEvent],
    ) -> BoxFut<'a, ()> {
        Box::pin(async move {
            check_numbering(0, events)?;
            self.writer
                .write(Op::Create {
                    meta: meta.clone(),
                    events: events.to_vec(),
                })
                .await?;
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
            self.writer
                .write(Op::Append {
                    table: table.to_string(),
                    expected,
                    events: events.to_vec(),
                    deadline,
                })
                .await
        })
    }

    fn set_deadline<'a>(
        &'a self,
        table: &'a str,
        head: u64,
        deadline: Option<i64>,
    ) -> BoxFut<'a, bool> {
        Box::pin(async move {
            let done = self
                .writer
                .write(Op::SetDeadline {
                    table: table.to_string(),
                    head,
                    deadline,
                })
                .await?;
            Ok(done == 1)
        })
    }

    fn deadlines(&self, limit: usize) -> BoxFut<'_, Vec<TableDeadline>> {
        Box::pin(async move {
            let limit = to_i64(limit as u64);
            let rows = sqlx::query(
                "(SELECT id, head, deadline_ms, deadline_known FROM tables \
                  WHERE NOT deadline_known LIMIT $1) \
                 UNION ALL \
                 (SELECT id, head, deadline_ms, deadline_known FROM tables \
                  WHERE deadline_known AND deadline_ms IS NOT NULL \
                  ORDER BY deadline_ms LIMIT $1)",
            )
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
            let mut out: Vec<TableDeadline> = rows
                .iter()
                .map(|r| TableDeadline {
                    table: r.get(0),
                    head: to_u64(r.get::<i64, _>(1)),
                    deadline: Deadline::from_columns(r.get(2), r.get::<bool, _>(3)),
                })
                .collect();
            // UNION ALL keeps no order of its own: unknown first, then by deadline.
            out.sort_by_key(|d| match d.deadline {
                Deadline::Unknown => (0, 0),
                Deadline::At(at) => (1, at),
                Deadline::None => (2, 0),
            });
            out.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
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
            let rows = sqlx::query(
                "SELECT seq, body FROM events WHERE table_id = $1 AND seq > $2 \
                 ORDER BY seq LIMIT $3",
            )
            .bind(table)
            .bind(to_i64(after))
            .bind(to_i64(limit as u64))
            .fetch_all(&self.pool)
            .await?;
            if rows.is_empty() && self.head_of(table).await?.is_none() {
                return Err(StoreError::NotFound(table.to_string()));
            }
            Ok(rows.iter().map(event_of).collect())
        })
    }

    fn meta<'a>(&'a self, table: &'a str) -> BoxFut<'a, TableMeta> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT id, name, ruleset, created_at_ms, head FROM tables WHERE id = $1",
            )
            .bind(table)
            .fetch_optional(&self.pool)
            .await?;
            row.as_ref()
                .map(meta_of)
                .ok_or_else(|| StoreError::NotFound(table.to_string()))
        })
    }

    fn list(&self) -> BoxFut<'_, Vec<TableMeta>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT id, name, ruleset, created_at_ms, head FROM tables \
                 ORDER BY created_at_ms, id",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(rows.iter().map(meta_of).collect())
        })
    }

    fn put_snapshot<'a>(&'a self, table: &'a str, seq: u64, body: &'a str) -> BoxFut<'a, ()> {
        Box::pin(async move {
            self.writer
                .write(Op::Snapshot {
                    table: table.to_string(),
                    seq,
                    body: body.to_string(),
                })
                .await?;
            Ok(())
        })
    }

    fn latest_snapshot<'a>(&'a self, table: &'a str) -> BoxFut<'a, Option<(u64, String)>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT seq, body FROM snapshots WHERE table_id = $1 ORDER BY seq DESC LIMIT 1",
            )
            .bind(table)
            .fetch_optional(&self.pool)
            .await?;
            Ok(row.map(|r| (to_u64(r.get::<i64, _>(0)), r.get::<String, _>(1))))
        })
    }

    fn subscribe(&self) -> BoxFut<'_, Option<Subscription>> {
        Box::pin(async move { self.listen_to_others().await.map(Some) })
    }

    fn lock_table<'a>(&'a self, table: &'a str) -> BoxFut<'a, Option<TableLock>> {
        Box::pin(async move {
            let mut conn = self.locks.acquire().await?;
            sqlx::query("SELECT pg_advisory_lock($1, hashtext($2))::TEXT")
                .bind(LOCK_CLASS)
                .bind(table)
                .execute(&mut *conn)
                .await?;
            Ok(Some(TableLock(AdvisoryLock {
                conn: Some(conn),
                table: table.to_string(),
            })))
        })
    }
}

/// The first key of the per-table advisory locks (the second is the hash of the table id);
/// "Delv" in ASCII, apart from the single-key lock sqlx takes while migrating.
const LOCK_CLASS: i32 = 0x4465_6c76;

/// A session-level advisory lock on a table, held on its own pooled connection.
#[derive(Debug)]
pub struct AdvisoryLock {
    conn: Option<PoolConnection<Postgres>>,
    table: String,
}

impl AdvisoryLock {
    pub(crate) async fn release(mut self) {
        if let Some(mut conn) = self.conn.take() {
            let unlocked = sqlx::query("SELECT pg_advisory_unlock($1, hashtext($2))")
                .bind(LOCK_CLASS)
                .bind(&self.table)
                .execute(&mut *conn)
                .await;
            if unlocked.is_err() {
                // Ending the session releases the lock.
                conn.close_on_drop();
            }
        }
    }
}

impl Drop for AdvisoryLock {
    fn drop(&mut self) {
        // Not released (the holder was dropped): ending the session releases the lock.
        if let Some(conn) = self.conn.as_mut() {
            conn.close_on_drop();
        }
    }
}

/// A change made to the database by some writer (this instance or another).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// The table's head reached `head` (a new table, or committed appends).
    Appended { table: String, head: u64 },
    /// Notices may have been lost: re-read the heads of the tables you serve.
    Resync,
}

/// Notices waiting for the consumer: the newest head per table, in order of first arrival.
#[derive(Debug, Default)]
struct Pending {
    order: VecDeque<String>,
    heads: HashMap<String, u64>,
    resync: bool,
}

#[derive(Debug, Default)]
struct Mailbox {
    pending: Mutex<Pending>,
    ready: Notify,
}

impl Mailbox {
    fn lock(&self) -> std::sync::MutexGuard<'_, Pending> {
        // The lock is never held across an await or a panic-prone call, so a poisoned lock
        // still holds consistent data; recover it instead of failing.
        self.pending.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn push(&self, notice: Notice) {
        {
            let mut p = self.lock();
            match notice {
                Notice::Resync => p.resync = true,
                Notice::Appended { table, head } => {
                    if let Some(h) = p.heads.get_mut(&table) {
                        *h = (*h).max(head);
                    } else if p.heads.len() >= MAX_PENDING_TABLES {
                        p.resync = true;
                    } else {
                        p.order.push_back(table.clone());
                        p.heads.insert(table, head);
                    }
                }
            }
        }
        self.ready.notify_one();
    }

    fn pop(&self) -> Option<Notice> {
        let mut p = self.lock();
        if p.resync {
            // A resync covers everything pending.
            p.resync = false;
            p.order.clear();
            p.heads.clear();
            return Some(Notice::Resync);
        }
        let table = p.order.pop_front()?;
        let head = p.heads.remove(&table)?;
        Some(Notice::Appended { table, head })
    }
}

/// A live stream of [`Notice`]s. Dropping it stops listening.
#[derive(Debug)]
pub struct Subscription {
    mailbox: Arc<Mailbox>,
    task: JoinHandle<()>,
}

impl Subscription {
    /// Waits for the next notice. Never blocks the writers: undelivered notices are merged per
    /// table, and beyond [`MAX_PENDING_TABLES`] tables they collapse into one
    /// [`Notice::Resync`].
    pub async fn recv(&mut self) -> Notice {
        loop {
            if let Some(n) = self.mailbox.pop() {
                return n;
            }
            self.mailbox.ready.notified().await;
        }
    }

    /// The next notice if one is waiting.
    pub fn try_recv(&mut self) -> Option<Notice> {
        self.mailbox.pop()
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn open_listener(options: &PgConnectOptions) -> Result<PgListener, StoreError> {
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_with(options.clone())
        .await
        .map_err(|e| StoreError::Db(format!("cannot connect the listener: {e}")))?;
    let mut listener = PgListener::connect_with(&pool).await?;
    // We reconnect ourselves (and announce a resync) when the connection is lost.
    listener.eager_reconnect(false);
    listener.listen(NOTIFY_CHANNEL).await?;
    Ok(listener)
}

/// The notice in a payload; `None` for a payload not of our format, or one written by the
/// store `skip`.
fn parse(payload: &str, skip: Option<&str>) -> Option<Notice> {
    let v: serde_json::Value = serde_json::from_str(payload).ok()?;
    if v.get("resync").and_then(serde_json::Value::as_bool) == Some(true) {
        return Some(Notice::Resync);
    }
    if skip.is_some() && v.get("from").and_then(serde_json::Value::as_str) == skip {
        return None;
    }
    Some(Notice::Appended {
        table: v.get("table")?.as_str()?.to_string(),
        head: v.get("head")?.as_u64()?,
    })
}

/// Reads notifications into the mailbox until the subscription is dropped (which aborts this
/// task); on a lost connection reconnects with backoff, then pushes a resync.
async fn forward(
    mut listener: PgListener,
    options: PgConnectOptions,
    mailbox: Arc<Mailbox>,
    skip: Option<Arc<str>>,
) {
    loop {
        // `Ok(None)` or an error: the connection is lost.
        while let Ok(Some(n)) = listener.try_recv().await {
            // A payload not of our format (someone else on the channel) is ignored, and so
            // is one of the skipped store's own writes.
            if let Some(notice) = parse(n.payload(), skip.as_deref()) {
                mailbox.push(notice);
            }
        }
        let mut delay = Duration::from_millis(100);
        listener = loop {
            match open_listener(&options).await {
                Ok(l) => break l,
                Err(_) => {
                    tokio::time::sleep(delay).await;
                    delay = (delay * 2).min(MAX_RECONNECT_DELAY);
                }
            }
        };
        // LISTEN is active again: anything committed from now on is announced; what happened
        // while it was down the consumer finds by re-reading heads.
        mailbox.push(Notice::Resync);
    }
}
