//! The SQLite event store: one file, WAL, `synchronous = FULL`, migrations applied on open.
//!
//! Reads use a pool of connections. Every write (appends, new tables, deadline records,
//! snapshots) goes to one writer task with its own connection ([`crate::group`]): it takes all
//! queued writes into one `BEGIN IMMEDIATE` transaction, runs each under its own savepoint, and
//! answers them after one `COMMIT` (one sync of the WAL for the whole batch). One writer per
//! store also means its writes never wait on each other in SQLite's busy handler.

use crate::group::{Backend, Op, Outcome, Writer};
use crate::sql::{event_of, meta_of, to_i64, to_u64};
use crate::{
    BoxFut, Deadline, EventStore, StoreError, StoredEvent, TableDeadline, TableMeta,
    check_numbering, created_deadline,
};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{Connection, Row};
use std::path::Path;
use std::time::Duration;

/// How long a writer waits for SQLite's write lock before giving up (another process, or
/// another store on the same file).
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Event logs in an SQLite file.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
    writer: Writer,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file and applies the migrations.
    pub async fn open(path: &Path) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(BUSY_TIMEOUT)
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options.clone())
            .await?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Db(format!("migrations: {e}")))?;
        let conn = SqliteConnection::connect_with(&options).await?;
        let writer = Writer::start(SqliteWriter {
            options,
            conn: Some(conn),
        });
        Ok(SqliteStore { pool, writer })
    }

    /// Finishes the queued writes, then closes the writer's connection and the pool (waits
    /// for connections to finish).
    pub async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }

    async fn head_of(&self, table: &str) -> Result<Option<u64>, StoreError> {
        let row = sqlx::query("SELECT head FROM tables WHERE id = ?")
            .bind(table)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| to_u64(r.get::<i64, _>(0))))
    }
}

/// The writer task's side: one connection, reopened after a failed batch.
struct SqliteWriter {
    options: SqliteConnectOptions,
    conn: Option<SqliteConnection>,
}

impl Backend for SqliteWriter {
    fn commit<'a>(&'a mut self, ops: &'a [&'a Op]) -> BoxFut<'a, Vec<Outcome>> {
        Box::pin(async move {
            let conn = match &mut self.conn {
                Some(conn) => conn,
                slot => slot.insert(SqliteConnection::connect_with(&self.options).await?),
            };
            let done = commit_batch(conn, ops).await;
            if done.is_err() {
                // The connection may be in any state (an open transaction): start afresh.
                if let Some(conn) = self.conn.take() {
                    let _ = conn.close().await;
                }
            }
            done
        })
    }

    async fn close(&mut self) {
        if let Some(conn) = self.conn.take() {
            let _ = conn.close().await;
        }
    }
}

/// One transaction for `ops`, each under its own savepoint.
fn commit_batch<'a>(conn: &'a mut SqliteConnection, ops: &'a [&'a Op]) -> BoxFut<'a, Vec<Outcome>> {
    Box::pin(async move {
        // IMMEDIATE takes the write lock at once, so a writer of another process (or another store
        // on the file) queues on the busy timeout instead of failing on a stale read snapshot.
        sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
        let mut outcomes = Vec::with_capacity(ops.len());
        for op in ops {
            sqlx::query("SAVEPOINT op").execute(&mut *conn).await?;
            let outcome = write(conn, op).await;
            if outcome.is_err() {
                sqlx::query("ROLLBACK TO op").execute(&mut *conn).await?;
            }
            sqlx::query("RELEASE op").execute(&mut *conn).await?;
            outcomes.push(outcome);
        }
        sqlx::query("COMMIT").execute(&mut *conn).await?;
        Ok(outcomes)
    })
}

fn write<'a>(conn: &'a mut SqliteConnection, op: &'a Op) -> BoxFut<'a, u64> {
    Box::pin(async move {
        match op {
            Op::Append {
                table,
                expected,
                events,
                deadline,
            } => append(conn, table, *expected, events, *deadline).await,
            Op::Create { meta, events } => create(conn, meta, events).await,
            Op::SetDeadline {
                table,
                head,
                deadline,
            } => {
                let done = sqlx::query(
                    "UPDATE tables SET deadline_ms = ?, deadline_known = 1 WHERE id = ? AND head = ?",
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
                    "INSERT INTO snapshots (table_id, seq, body) VALUES (?, ?, ?) \
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
    })
}

async fn head_in(conn: &mut SqliteConnection, table: &str) -> Result<Option<u64>, StoreError> {
    let row = sqlx::query("SELECT head FROM tables WHERE id = ?")
        .bind(table)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(row.map(|r| to_u64(r.get::<i64, _>(0))))
}

async fn insert_events(
    conn: &mut SqliteConnection,
    table: &str,
    events: &[StoredEvent],
) -> Result<(), StoreError> {
    for e in events {
        sqlx::query("INSERT INTO events (table_id, seq, body) VALUES (?, ?, ?)")
            .bind(table)
            .bind(to_i64(e.seq))
            .bind(&e.json)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

async fn create(conn: &mut SqliteConnection, meta: &TableMeta, events: &[StoredEvent]) -> Outcome {
    check_numbering(0, events)?;
    if head_in(conn, &meta.id).await?.is_some() {
        return Err(StoreError::Exists(meta.id.clone()));
    }
    let head = events.len() as u64;
    let (deadline_ms, known) = created_deadline(events).columns();
    sqlx::query(
        "INSERT INTO tables (id, name, ruleset, created_at_ms, head, deadline_ms, \
         deadline_known) VALUES (?, ?, ?, ?, ?, ?, ?)",
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
    insert_events(conn, &meta.id, events).await?;
    Ok(head)
}

async fn append(
    conn: &mut SqliteConnection,
    table: &str,
    expected: u64,
    events: &[StoredEvent],
    deadline: Deadline,
) -> Outcome {
    let new_head = expected + events.len() as u64;
    let (deadline_ms, known) = deadline.columns();
    let moved = sqlx::query(
        "UPDATE tables SET head = ?, deadline_ms = ?, deadline_known = ? WHERE id = ? AND head = ?",
    )
    .bind(to_i64(new_head))
    .bind(deadline_ms)
    .bind(known)
    .bind(table)
    .bind(to_i64(expected))
    .execute(&mut *conn)
    .await?;
    if moved.rows_affected() == 0 {
        return match head_in(conn, table).await? {
            None => Err(StoreError::NotFound(table.to_string())),
            Some(actual) => Err(StoreError::Conflict {
                table: table.to_string(),
                expected,
                actual,
            }),
        };
    }
    insert_events(conn, table, events).await?;
    Ok(new_head)
}

impl EventStore for SqliteStore {
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
            let mut rows = sqlx::query(
                "SELECT id, head, deadline_ms, deadline_known FROM tables \
                 WHERE deadline_known = 0 LIMIT ?",
            )
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
            rows.extend(
                sqlx::query(
                    "SELECT id, head, deadline_ms, deadline_known FROM tables \
                     WHERE deadline_known = 1 AND deadline_ms IS NOT NULL \
                     ORDER BY deadline_ms LIMIT ?",
                )
                .bind(limit)
                .fetch_all(&self.pool)
                .await?,
            );
            Ok(rows
                .iter()
                .take(usize::try_from(limit).unwrap_or(usize::MAX))
                .map(|r| TableDeadline {
                    table: r.get(0),
                    head: to_u64(r.get::<i64, _>(1)),
                    deadline: Deadline::from_columns(r.get(2), r.get::<bool, _>(3)),
                })
                .collect())
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
                "SELECT seq, body FROM events WHERE table_id = ? AND seq > ? ORDER BY seq LIMIT ?",
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
                "SELECT id, name, ruleset, created_at_ms, head FROM tables WHERE id = ?",
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
                "SELECT id, name, ruleset, created_at_ms, head FROM tables ORDER BY created_at_ms, id",
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
                "SELECT seq, body FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
            )
            .bind(table)
            .fetch_optional(&self.pool)
            .await?;
            Ok(row.map(|r| (to_u64(r.get::<i64, _>(0)), r.get::<String, _>(1))))
        })
    }
}
