//! Access tokens: 256 random bits each, handed out once and stored only as their SHA-256.
//!
//! A token grants one of three things at one table: the Referee's seat, a player's seat, or an
//! invite (single use; bound to a character or open) that `POST /api/join` exchanges for a
//! player token. This module owns every query on the grants; they live in the table
//! `server_tokens` of the event log's database, whose schema is the store's migration files
//! for both databases (`store/migrations/…_server_tokens.sql`,
//! `store/migrations_pg/…_server_tokens.sql` and `…_server_token_seats.sql`), so one migrator
//! creates and upgrades it and instances starting together are safe.
//!
//! - **Seats.** A player token grants a *seat*: the sequence number of the event that seated
//!   the player (`engine::Participants::seats`), never reused within a table. When the player
//!   leaves, the seat is gone and so is every token of it, even if someone joins under the same
//!   name later. Tokens from before seats (`seat` NULL) are pinned to their player's seat on
//!   first use if they were minted after that seat was taken, and refused otherwise.
//! - **Revocation.** Any grant can be revoked (`revoked`): an unused invite, every token of a
//!   player, or every Referee token (the Referee's link is rotated: a new one is issued).
//! - On PostgreSQL every instance shares the grants, and claiming an invite is one conditional
//!   `UPDATE`, so an invite is used once across instances.

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

/// Random bytes in an invite's public id.
pub const INVITE_ID_BYTES: usize = 8;

/// What a token grants.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Grant {
    Referee,
    /// A player's seat; `seat` is `None` only for tokens minted before seats existed.
    Player {
        name: String,
        seat: Option<u64>,
    },
    /// `id`: the invite's public id (the Referee revokes it by this id).
    Invite {
        id: String,
        character: Option<String>,
    },
}

/// A stored grant: the table and what the token may do there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenRecord {
    pub table_id: String,
    pub grant: Grant,
    /// For invites: already exchanged.
    pub used: bool,
    /// Revoked: the token grants nothing any more.
    pub revoked: bool,
    /// When the grant was stored (set by [`TokenStore::insert`]'s `now_ms`).
    pub created_at_ms: i64,
}

impl TokenRecord {
    /// A fresh, unused, unrevoked grant.
    pub fn new(table_id: &str, grant: Grant) -> Self {
        TokenRecord {
            table_id: table_id.to_string(),
            grant,
            used: false,
            revoked: false,
            created_at_ms: 0,
        }
    }
}

/// An invite as the Referee lists it (never its token).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InviteInfo {
    pub id: String,
    pub character: Option<String>,
    pub used: bool,
    pub revoked: bool,
    pub created_at_ms: i64,
}

/// What revoking an invite found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InviteRevoke {
    /// Revoked now; the invite's character.
    Revoked { character: Option<String> },
    /// Already exchanged (revoke the player's tokens instead).
    Used,
    /// Revoked before.
    AlreadyRevoked,
    /// No invite with that id at that table.
    Unknown,
}

/// A fresh token: 256 bits from `rand::rng()` (a CSPRNG seeded and reseeded from the operating
/// system), as 64 hex digits.
pub fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// A fresh invite id (64 random bits as hex; public, so not a secret).
pub fn new_invite_id() -> String {
    let mut bytes = [0u8; INVITE_ID_BYTES];
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
    /// Stores a grant under a token hash (`now_ms` becomes its `created_at_ms`).
    fn insert<'a>(&'a self, hash: &'a str, record: &'a TokenRecord, now_ms: i64) -> BoxFut<'a, ()>;
    fn lookup<'a>(&'a self, hash: &'a str) -> BoxFut<'a, Option<TokenRecord>>;
    /// Marks an unused, unrevoked invite used; false if it was used or revoked already (or is
    /// not an invite).
    fn claim_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, bool>;
    /// Makes a claimed invite usable again (the join it was claimed for failed).
    fn release_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, ()>;
    /// Pins a player token from before seats to its seat.
    fn pin_seat<'a>(&'a self, hash: &'a str, seat: u64) -> BoxFut<'a, ()>;
    /// A table's invites, oldest first.
    fn invites<'a>(&'a self, table: &'a str) -> BoxFut<'a, Vec<InviteInfo>>;
    /// Revokes an unused invite by its id.
    fn revoke_invite<'a>(&'a self, table: &'a str, invite: &'a str) -> BoxFut<'a, InviteRevoke>;
    /// Revokes every live token of a player (any seat); returns how many.
    fn revoke_player<'a>(&'a self, table: &'a str, player: &'a str) -> BoxFut<'a, u64>;
    /// Revokes every live Referee token of a table; returns how many.
    fn revoke_referee<'a>(&'a self, table: &'a str) -> BoxFut<'a, u64>;
}

/// The columns of a grant: kind, player, character, seat, invite id.
type Columns = (
    &'static str,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<String>,
);

fn columns(grant: &Grant) -> Result<Columns, StoreError> {
    Ok(match grant {
        Grant::Referee => ("referee", None, None, None, None),
        Grant::Player { name, seat } => (
            "player",
            Some(name.clone()),
            None,
            seat.map(i64::try_from)
                .transpose()
                .map_err(|_| StoreError::Db("seat beyond i64".into()))?,
            None,
        ),
        Grant::Invite { id, character } => {
            ("invite", None, character.clone(), None, Some(id.clone()))
        }
    })
}

/// A grant back from its columns.
fn grant_of(
    kind: &str,
    player: Option<String>,
    character: Option<String>,
    seat: Option<i64>,
    invite_id: Option<String>,
) -> Result<Grant, StoreError> {
    match kind {
        "referee" => Ok(Grant::Referee),
        "player" => Ok(Grant::Player {
            name: player.ok_or_else(|| StoreError::Db("player token without a name".into()))?,
            seat: seat
                .map(u64::try_from)
                .transpose()
                .map_err(|_| StoreError::Db("negative seat".into()))?,
        }),
        "invite" => Ok(Grant::Invite {
            id: invite_id.ok_or_else(|| StoreError::Db("invite without an id".into()))?,
            character,
        }),
        other => Err(StoreError::Db(format!("unknown token kind `{other}`"))),
    }
}

const SELECT: &str = "SELECT table_id, kind, player, character, used, revoked, created_at_ms, \
     seat, invite_id FROM server_tokens";

fn record_of<R>(row: &R, used: bool, revoked: bool) -> Result<TokenRecord, StoreError>
where
    R: Row,
    for<'r> &'r str: sqlx::ColumnIndex<R>,
    for<'r> &'r str: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let grant = grant_of(
        row.try_get::<&str, _>("kind")?,
        row.try_get("player")?,
        row.try_get("character")?,
        row.try_get("seat")?,
        row.try_get("invite_id")?,
    )?;
    Ok(TokenRecord {
        table_id: row.try_get("table_id")?,
        grant,
        used,
        revoked,
        created_at_ms: row.try_get("created_at_ms")?,
    })
}

/// Token grants in an SQLite file: the event log's file, migrated by `store::SqliteStore`
/// (open that first; [`crate::open_sqlite`] does).
#[derive(Debug, Clone)]
pub struct SqliteTokens {
    pool: SqlitePool,
}

impl SqliteTokens {
    /// Opens a file migrated by `store::SqliteStore::open`.
    pub async fn open(path: &Path) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(false)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await?;
        Ok(SqliteTokens { pool })
    }
}

impl TokenStore for SqliteTokens {
    fn insert<'a>(&'a self, hash: &'a str, record: &'a TokenRecord, now_ms: i64) -> BoxFut<'a, ()> {
        Box::pin(async move {
            let (kind, player, character, seat, invite_id) = columns(&record.grant)?;
            sqlx::query(
                "INSERT INTO server_tokens (hash, table_id, kind, player, character, used, \
                 revoked, created_at_ms, seat, invite_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(hash)
            .bind(&record.table_id)
            .bind(kind)
            .bind(player)
            .bind(character)
            .bind(i64::from(record.used))
            .bind(i64::from(record.revoked))
            .bind(now_ms)
            .bind(seat)
            .bind(invite_id)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn lookup<'a>(&'a self, hash: &'a str) -> BoxFut<'a, Option<TokenRecord>> {
        Box::pin(async move {
            let row = sqlx::query(&format!("{SELECT} WHERE hash = ?"))
                .bind(hash)
                .fetch_optional(&self.pool)
                .await?;
            let Some(row) = row else { return Ok(None) };
            let used = row.try_get::<i64, _>("used")? != 0;
            let revoked = row.try_get::<i64, _>("revoked")? != 0;
            Ok(Some(record_of(&row, used, revoked)?))
        })
    }

    fn claim_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE server_tokens SET used = 1 \
                 WHERE hash = ? AND kind = 'invite' AND used = 0 AND revoked = 0",
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

    fn pin_seat<'a>(&'a self, hash: &'a str, seat: u64) -> BoxFut<'a, ()> {
        Box::pin(async move {
            let seat = i64::try_from(seat).map_err(|_| StoreError::Db("seat beyond i64".into()))?;
            sqlx::query(
                "UPDATE server_tokens SET seat = ? \
                 WHERE hash = ? AND kind = 'player' AND seat IS NULL",
            )
            .bind(seat)
            .bind(hash)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn invites<'a>(&'a self, table: &'a str) -> BoxFut<'a, Vec<InviteInfo>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT invite_id, character, used, revoked, created_at_ms FROM server_tokens \
                 WHERE table_id = ? AND kind = 'invite' ORDER BY created_at_ms, invite_id",
            )
            .bind(table)
            .fetch_all(&self.pool)
            .await?;
            rows.iter()
                .map(|r| {
                    Ok(InviteInfo {
                        id: r
                            .try_get::<Option<String>, _>("invite_id")?
                            .unwrap_or_default(),
                        character: r.try_get("character")?,
                        used: r.try_get::<i64, _>("used")? != 0,
                        revoked: r.try_get::<i64, _>("revoked")? != 0,
                        created_at_ms: r.try_get("created_at_ms")?,
                    })
                })
                .collect()
        })
    }

    fn revoke_invite<'a>(&'a self, table: &'a str, invite: &'a str) -> BoxFut<'a, InviteRevoke> {
        Box::pin(async move {
            let row = sqlx::query(
                "UPDATE server_tokens SET revoked = 1 WHERE table_id = ? AND kind = 'invite' \
                 AND invite_id = ? AND used = 0 AND revoked = 0 RETURNING character",
            )
            .bind(table)
            .bind(invite)
            .fetch_optional(&self.pool)
            .await?;
            if let Some(row) = row {
                return Ok(InviteRevoke::Revoked {
                    character: row.try_get("character")?,
                });
            }
            let row = sqlx::query(
                "SELECT used, revoked FROM server_tokens \
                 WHERE table_id = ? AND kind = 'invite' AND invite_id = ?",
            )
            .bind(table)
            .bind(invite)
            .fetch_optional(&self.pool)
            .await?;
            Ok(match row {
                None => InviteRevoke::Unknown,
                Some(r) if r.try_get::<i64, _>("revoked")? != 0 => InviteRevoke::AlreadyRevoked,
                Some(_) => InviteRevoke::Used,
            })
        })
    }

    fn revoke_player<'a>(&'a self, table: &'a str, player: &'a str) -> BoxFut<'a, u64> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE server_tokens SET revoked = 1 \
                 WHERE table_id = ? AND kind = 'player' AND player = ? AND revoked = 0",
            )
            .bind(table)
            .bind(player)
            .execute(&self.pool)
            .await?;
            Ok(done.rows_affected())
        })
    }

    fn revoke_referee<'a>(&'a self, table: &'a str) -> BoxFut<'a, u64> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE server_tokens SET revoked = 1 \
                 WHERE table_id = ? AND kind = 'referee' AND revoked = 0",
            )
            .bind(table)
            .execute(&self.pool)
            .await?;
            Ok(done.rows_affected())
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
            let (kind, player, character, seat, invite_id) = columns(&record.grant)?;
            sqlx::query(
                "INSERT INTO server_tokens (hash, table_id, kind, player, character, used, \
                 revoked, created_at_ms, seat, invite_id) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(hash)
            .bind(&record.table_id)
            .bind(kind)
            .bind(player)
            .bind(character)
            .bind(record.used)
            .bind(record.revoked)
            .bind(now_ms)
            .bind(seat)
            .bind(invite_id)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn lookup<'a>(&'a self, hash: &'a str) -> BoxFut<'a, Option<TokenRecord>> {
        Box::pin(async move {
            let row = sqlx::query(&format!("{SELECT} WHERE hash = $1"))
                .bind(hash)
                .fetch_optional(&self.pool)
                .await?;
            let Some(row) = row else { return Ok(None) };
            let used = row.try_get::<bool, _>("used")?;
            let revoked = row.try_get::<bool, _>("revoked")?;
            Ok(Some(record_of(&row, used, revoked)?))
        })
    }

    fn claim_invite<'a>(&'a self, hash: &'a str) -> BoxFut<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE server_tokens SET used = true \
                 WHERE hash = $1 AND kind = 'invite' AND NOT used AND NOT revoked",
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

    fn pin_seat<'a>(&'a self, hash: &'a str, seat: u64) -> BoxFut<'a, ()> {
        Box::pin(async move {
            let seat = i64::try_from(seat).map_err(|_| StoreError::Db("seat beyond i64".into()))?;
            sqlx::query(
                "UPDATE server_tokens SET seat = $1 \
                 WHERE hash = $2 AND kind = 'player' AND seat IS NULL",
            )
            .bind(seat)
            .bind(hash)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn invites<'a>(&'a self, table: &'a str) -> BoxFut<'a, Vec<InviteInfo>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT invite_id, character, used, revoked, created_at_ms FROM server_tokens \
                 WHERE table_id = $1 AND kind = 'invite' ORDER BY created_at_ms, invite_id",
            )
            .bind(table)
            .fetch_all(&self.pool)
            .await?;
            rows.iter()
                .map(|r| {
                    Ok(InviteInfo {
                        id: r
                            .try_get::<Option<String>, _>("invite_id")?
                            .unwrap_or_default(),
                        character: r.try_get("character")?,
                        used: r.try_get("used")?,
                        revoked: r.try_get("revoked")?,
                        created_at_ms: r.try_get("created_at_ms")?,
                    })
                })
                .collect()
        })
    }

    fn revoke_invite<'a>(&'a self, table: &'a str, invite: &'a str) -> BoxFut<'a, InviteRevoke> {
        Box::pin(async move {
            let row = sqlx::query(
                "UPDATE server_tokens SET revoked = true WHERE table_id = $1 AND kind = 'invite' \
                 AND invite_id = $2 AND NOT used AND NOT revoked RETURNING character",
            )
            .bind(table)
            .bind(invite)
            .fetch_optional(&self.pool)
            .await?;
            if let Some(row) = row {
                return Ok(InviteRevoke::Revoked {
                    character: row.try_get("character")?,
                });
            }
            let row = sqlx::query(
                "SELECT used, revoked FROM server_tokens \
                 WHERE table_id = $1 AND kind = 'invite' AND invite_id = $2",
            )
            .bind(table)
            .bind(invite)
            .fetch_optional(&self.pool)
            .await?;
            Ok(match row {
                None => InviteRevoke::Unknown,
                Some(r) if r.try_get::<bool, _>("revoked")? => InviteRevoke::AlreadyRevoked,
                Some(_) => InviteRevoke::Used,
            })
        })
    }

    fn revoke_player<'a>(&'a self, table: &'a str, player: &'a str) -> BoxFut<'a, u64> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE server_tokens SET revoked = true \
                 WHERE table_id = $1 AND kind = 'player' AND player = $2 AND NOT revoked",
            )
            .bind(table)
            .bind(player)
            .execute(&self.pool)
            .await?;
            Ok(done.rows_affected())
        })
    }

    fn revoke_referee<'a>(&'a self, table: &'a str) -> BoxFut<'a, u64> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE server_tokens SET revoked = true \
                 WHERE table_id = $1 AND kind = 'referee' AND NOT revoked",
            )
            .bind(table)
            .execute(&self.pool)
            .await?;
            Ok(done.rows_affected())
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
