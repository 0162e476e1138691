//! The SQLite event store: one file, WAL, `synchronous = FULL`, migrations applied on open.

use crate::sql::{event_of, meta_of, to_i64, to_u64};
use crate::{
    BoxFut, Deadline, EventStore, StoreError, StoredEvent, TableDeadline, TableMeta,
    check_numbering, created_deadline,
};
use sqlx::Row;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::path::Path;
use std::time::Duration;

/// How long a writer waits for SQLite's write lock before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Event logs in an SQLite file.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
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
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Db(format!("migrations: {e}")))?;
        Ok(SqliteStore { pool })
    }

    /// Closes the pool (waits for connections to finish).
    pub async fn close(&self) {
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

impl EventStore for SqliteStore {
    fn create_table<'a>(
        &'a self,
        meta: &'a TableMeta,
        events: &'a [StoredEvent],
    ) -> BoxFut<'a, ()> {
        Box::pin(async move {
            check_numbering(0, events)?;
            let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
            let exists = sqlx::query("SELECT 1 FROM tables WHERE id = ?")
                .bind(&meta.id)
                .fetch_optional(&mut *tx)
                .await?;
            if exists.is_some() {
                return Err(StoreError::Exists(meta.id.clone()));
            }
            let (deadline_ms, known) = created_deadline(events).columns();
            sqlx::query(
                "INSERT INTO tables (id, name, ruleset, created_at_ms, head, deadline_ms, \
                 deadline_known) VALUES (?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&meta.id)
            .bind(&meta.name)
            .bind(&meta.ruleset)
            .bind(meta.created_at_ms)
            .bind(to_i64(events.len() as u64))
            .bind(deadline_ms)
            .bind(known)
            .execute(&mut *tx)
            .await?;
            for e in events {
                sqlx::query("INSERT INTO events (table_id, seq, body) VALUES (?, ?, ?)")
                    .bind(&meta.id)
                    .bind(to_i64(e.seq))
                    .bind(&e.json)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
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
            let new_head = expected + events.len() as u64;
            let (deadline_ms, known) = deadline.columns();
            // IMMEDIATE takes the write lock at once, so two writers queue on the busy timeout
            // instead of failing on a stale read snapshot.
            let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
            let moved = sqlx::query(
                "UPDATE tables SET head = ?, deadline_ms = ?, deadline_known = ? \
                 WHERE id = ? AND head = ?",
            )
            .bind(to_i64(new_head))
            .bind(deadline_ms)
            .bind(known)
            .bind(table)
            .bind(to_i64(expected))
            .execute(&mut *tx)
            .await?;
            if moved.rows_affected() == 0 {
                let row = sqlx::query("SELECT head FROM tables WHERE id = ?")
                    .bind(table)
                    .fetch_optional(&mut *tx)
                    .await?;
                tx.rollback().await?;
                return match row {
                    None => Err(StoreError::NotFound(table.to_string())),
                    Some(r) => Err(StoreError::Conflict {
                        table: table.to_string(),
                        expected,
                        actual: to_u64(r.get::<i64, _>(0)),
                    }),
                };
            }
            for e in events {
                sqlx::query("INSERT INTO events (table_id, seq, body) VALUES (?, ?, ?)")
                    .bind(table)
                    .bind(to_i64(e.seq))
                    .bind(&e.json)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(new_head)
        })
    }

    fn set_deadline<'a>(
        &'a self,
        table: &'a str,
        head: u64,
        deadline: Option<i64>,
    ) -> BoxFut<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE tables SET deadline_ms = ?, deadline_known = 1 WHERE id = ? AND head = ?",
            )
            .bind(deadline)
            .bind(table)
            .bind(to_i64(head))
            .execute(&self.pool)
            .await?;
            if done.rows_affected() == 0 && self.head_of(table).await?.is_none() {
                return Err(StoreError::NotFound(table.to_string()));
            }
            Ok(done.rows_affected() == 1)
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
            sqlx::query(
                "INSERT INTO snapshots (table_id, seq, body) VALUES (?, ?, ?) \
                 ON CONFLICT (table_id, seq) DO NOTHING",
            )
            .bind(table)
            .bind(to_i64(seq))
            .bind(body)
            .execute(&self.pool)
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
