//! What the SQL stores (SQLite and PostgreSQL) share: number conversions and the mapping of
//! result rows. Both schemas store sequence numbers as signed 64-bit integers.

use crate::{StoredEvent, TableMeta};
use sqlx::{ColumnIndex, Decode, Row, Type};

/// A sequence number or count as the database stores it (saturating: no log reaches 2⁶³).
pub(crate) fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// A stored sequence number back (the schema never holds a negative one).
pub(crate) fn to_u64(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

/// A row of `SELECT id, name, ruleset, created_at_ms, head FROM tables`.
pub(crate) fn meta_of<'r, R>(row: &'r R) -> TableMeta
where
    R: Row,
    &'r str: ColumnIndex<R>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
{
    TableMeta {
        id: row.get("id"),
        name: row.get("name"),
        ruleset: row.get("ruleset"),
        created_at_ms: row.get("created_at_ms"),
        head: to_u64(row.get::<i64, _>("head")),
    }
}

/// A row of `SELECT seq, body FROM events`.
pub(crate) fn event_of<'r, R>(row: &'r R) -> StoredEvent
where
    R: Row,
    usize: ColumnIndex<R>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
{
    StoredEvent {
        seq: to_u64(row.get::<i64, _>(0)),
        json: row.get(1),
    }
}
