use crate::tables::TableId;

/// Every refusal of the ACKS rules. Each names the rule, table or limit that refused, and a
/// refused call changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AcksError {
    /// A table (or a cell of it) was not recovered from any public source and the Judge has
    /// not entered it yet (AC-OPEN-08).
    #[error(
        "{table} ({title}) has no data for {what}: it was not recovered, so the Judge must enter it first (AC-OPEN-08)"
    )]
    MissingTable {
        table: TableId,
        title: &'static str,
        what: String,
    },
    /// A table from another chapter or book that the chapter only points to (the hiring
    /// reaction table, the dungeon wandering-monster level table…): the Judge supplies it, and
    /// until a row covers the case the rule refuses, naming the table.
    #[error(
        "{rule}: {table} is outside chapter 6, so the Judge supplies it; it has no row for {what} yet"
    )]
    JudgeTable {
        rule: &'static str,
        table: &'static str,
        what: String,
    },
    /// A table look-up fell outside every row.
    #[error("{table} ({title}) has no row for {what}")]
    NoRow {
        table: TableId,
        title: &'static str,
        what: String,
    },
    /// A row override named a row that does not exist.
    #[error("{table} has {len} rows; there is no row {index} to replace")]
    NoSuchRow {
        table: TableId,
        index: usize,
        len: usize,
    },
    /// An input outside the limits of a rule.
    #[error("{rule}: {message}")]
    OutOfRange { rule: &'static str, message: String },
    /// Hit Dice that do not parse.
    #[error("Hit Dice `{0}` not understood: write N, N+B, N-B or <1 (e.g. 5+1, 1-1) (T-14, T-21)")]
    BadHitDice(String),
    /// An unknown table number.
    #[error("no table `{0}`: the ACKS tables are T-01 … T-25")]
    UnknownTable(String),
}

impl AcksError {
    pub(crate) fn range(rule: &'static str, message: impl Into<String>) -> Self {
        AcksError::OutOfRange {
            rule,
            message: message.into(),
        }
    }
}
