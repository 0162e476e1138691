//! Access tokens: 256 random bits each, handed out once and stored only as their SHA-256.
//!
//! A token grants one of three things at one table: the Referee's seat, a player's seat (by
//! player name), or an invite (single use; bound to a character or open) that `POST /api/join`
//! exchanges for a player token. The grants live in the table `server_tokens` of the event
//! log's database:
//!
//! - SQLite ([`SqliteTokens`]): created with `CREATE TABLE IF NOT EXISTS` in the same file (the
//!   store's sqlx migrator refuses migrations it does not know, so the server does not add one);
//! - PostgreSQL ([`PgTokens`]): created by the store's own migration
//!   (`store/migrations_pg/…_server_tokens.sql`), so one migrator owns the schema and instances
//!   starting together are safe; every instance on the database shares the grants, and
//!   claiming an invite is one conditional `UPDATE`, so an invite is used once across instances.

use rand::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Row;
use sqlx::postgres::PgPool;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::path::Path;
use store::{BoxFut, StoreError};

/// How long a writer waits for SQLite's write lock.
pub const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Random bytes in a token (256 bits).
pub const TOKEN_BYTES: usize = 32;

/// What a token grants.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Grant {
    Referee,
    Player { name: String },
    Invite { character: Option<String> },
}

/// A stored grant: the table and what the token may do there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenRecord {
    pub table_id: String,
    pub grant: Grant,
    /// For invites: already exchanged.
    pub used: bool,
}

/// A fresh token: 256 bits from `rand::rng()` (a CSPRNG seeded and reseeded from the operating
/// system), as 64 hex digits.
pub fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// The stored form of a token.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Where the token grants live ([`SqliteTokens`] or [`PgTokens`]).
pub trait TokenStore: Send + Sync {
    /// Stores a grant under a token hash.
    fn insert<'a>(&'a self, hash: &'a str, record: &'a TokenRecord, now_ms: i64) -> BoxFut<'a, ()>;
    fn lookup<'a>(&'a self, hash: &'a str) -> BoxFut<'a, Option<TokenRecord>>;
    /// Marks an unused invite used; false if it was used already (or is not an invite).
    fn claim_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, bool>;
    /// Makes a claimed invite usable again (the join it was claimed for failed).
    fn release_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, ()>;
}

/// The columns of a grant.
fn columns(grant: &Grant) -> (&'static str, Option<String>, Option<String>) {
    match grant {
        Grant::Referee => ("referee", None, None),
        Grant::Player { name } => ("player", Some(name.clone()), None),
        Grant::Invite { character } => ("invite", None, character.clone()),
    }
}

/// A grant back from its columns.
fn grant_of(
    kind: &str,
    player: Option<String>,
    character: Option<String>,
) -> Result<Grant, StoreError> {
    match kind {
        "referee" => Ok(Grant::Referee),
        "player" => Ok(Grant::Player {
            name: player.ok_or_else(|| StoreError::Db("player token without a name".into()))?,
        }),
        "invite" => Ok(Grant::Invite { character }),
        other => Err(StoreError::Db(format!("unknown token kind `{other}`"))),
    }
}

/// Token grants in an SQLite file (normally the event log's file).
#[derive(Debug, Clone)]
pub struct SqliteTokens {
    pool: SqlitePool,
}

const CREATE: &str = "CREATE TABLE IF NOT EXISTS server_tokens (
    hash          TEXT    PRIMARY KEY,
    table_id      TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    player        TEXT,
    character     TEXT,
    used          INTEGER NOT NULL DEFAULT 0,
    created_at_ms BIGINT  NOT NULL
)";

impl SqliteTokens {
    /// Opens the file (creating it if needed) and creates the grants table if missing.
    pub async fn open(path: &Path) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await?;
        sqlx::query(CREATE).execute(&pool).await?;
        Ok(SqliteTokens { pool })
    }
}

impl TokenStore for SqliteTokens {
    fn insert<'a>(&'a self, hash: &'a str, record: &'a TokenRecord, now_ms: i64) -> BoxFut<'a, ()> {
        Box::pin(async move {
            let (kind, player, character) = columns(&record.grant);
            sqlx::query(
                "INSERT INTO server_tokens (hash, table_id, kind, player, character, used, created_at_ms) \
                 VALUES (?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(hash)
            .bind(&record.table_id)
            .bind(kind)
            .bind(player)
            .bind(character)
            .bind(i64::from(record.used))
            .bind(now_ms)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn lookup<'a>(&'a self, hash: &'a str) -> BoxFut<'a, Option<TokenRecord>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT table_id, kind, player, character, used FROM server_tokens WHERE hash = ?",
            )
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
            let Some(row) = row else { return Ok(None) };
            let grant = grant_of(
                row.get::<&str, _>("kind"),
                row.get("player"),
                row.get("character"),
            )?;
            Ok(Some(TokenRecord {
                table_id: row.get("table_id"),
                grant,
                used: row.get::<i64, _>("used") != 0,
            }))
        })
    }

    fn claim_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE server_tokens SET used = 1 WHERE hash = ? AND kind = 'invite' AND used = 0",
            )
            .bind(hash)
            .execute(&self.pool)
            .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    fn release_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE server_tokens SET used = 0 WHERE hash = ? AND kind = 'invite'")
                .bind(hash)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
    }
}

/// Token grants in PostgreSQL (the event log's database; the table comes from the store's
/// migrations, applied by `PostgresStore::connect`).
#[derive(Debug, Clone)]
pub struct PgTokens {
    pool: PgPool,
}

impl PgTokens {
    /// Uses a pool on a database migrated by `store::PostgresStore` (e.g. `store.pool()`).
    pub fn new(pool: PgPool) -> Self {
        PgTokens { pool }
    }
}

impl TokenStore for PgTokens {
    fn insert<'a>(&'a self, hash: &'a str, record: &'a TokenRecord, now_ms: i64) -> BoxFut<'a, ()> {
        Box::pin(async move {
            let (kind, player, character) = columns(&record.grant);
            sqlx::query(
                "INSERT INTO server_tokens (hash, table_id, kind, player, character, used, created_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(hash)
            .bind(&record.table_id)
            .bind(kind)
            .bind(player)
            .bind(character)
            .bind(record.used)
            .bind(now_ms)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn lookup<'a>(&'a self, hash: &'a str) -> BoxFut<'a, Option<TokenRecord>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT table_id, kind, player, character, used FROM server_tokens WHERE hash = $1",
            )
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
            let Some(row) = row else { return Ok(None) };
            let grant = grant_of(
                row.get::<&str, _>("kind"),
                row.get("player"),
                row.get("character"),
            )?;
            Ok(Some(TokenRecord {
                table_id: row.get("table_id"),
                grant,
                used: row.get::<bool, _>("used"),
            }))
        })
    }

    fn claim_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE server_tokens SET used = true \
                 WHERE hash = $1 AND kind = 'invite' AND NOT used",
            )
            .bind(hash)
            .execute(&self.pool)
            .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    fn release_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, ()> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE server_tokens SET used = false WHERE hash = $1 AND kind = 'invite'",
            )
            .bind(hash)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bits_of_hex_and_distinct() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), TOKEN_BYTES * 2);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_ne!(hash_token(&a), a);
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_eq!(hash_token(&a).len(), 64);
    }
}
