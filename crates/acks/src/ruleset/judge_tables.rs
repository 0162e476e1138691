//! The Judge's tables (AC-GEN-02/03): the `table_rows` query the Judge's Tables panel edits
//! rows from. Rows are replaced with core's `override_row`; a class's XP thresholds past T-25
//! are entered with experience's `set_xp_table`.
//!
//! - `table_rows {}` — every table: its key, number, titles, source and how far its values
//!   can be trusted (`confidence`; `not_found`: the Judge enters the rows), and how many of its
//!   rows this campaign overrides.
//! - `table_rows {"table": "t09_surprise"}` — that table as it stands in this campaign (the
//!   Judge's overrides applied): its columns, each row as the JSON `override_row` takes, and
//!   which rows are overridden.
//!
//! The Judge's only: a campaign's house rows are the Judge's to share or not (players and
//! spectators are refused, `judges_tables`).

use engine::{RuleError, TableState, Viewer};
use serde::Deserialize;
use serde_json::{Value, json};

use super::adapter::{acks_err, refuse};
use super::state::AcksState;
use crate::tables::TABLE_KEYS;

/// The `table_rows` query.
pub fn table_rows(
    state: &TableState<AcksState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Args {
        #[serde(default)]
        table: Option<String>,
    }
    if *viewer != Viewer::Referee {
        return Err(refuse(
            "judges_tables",
            "AC-GEN-02",
            "the campaign's tables are the Judge's",
        ));
    }
    let args: Args = serde_json::from_value(args.clone()).map_err(|e| {
        refuse(
            "bad_query",
            "AC-GEN-02",
            format!("`table_rows` takes an optional `table` name: {e}"),
        )
    })?;
    let rules = &state.rules;
    let tables = rules.tables()?;
    let overridden = |key: &str| -> Vec<usize> {
        let mut v: Vec<usize> = rules
            .table_overrides
            .iter()
            .filter(|o| o.table == key)
            .map(|o| o.index)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    match args.table {
        None => {
            let mut list = Vec::with_capacity(TABLE_KEYS.len());
            for key in TABLE_KEYS {
                let t = tables
                    .rows_json(key)
                    .map_err(|e| acks_err("bad_table", e))?;
                list.push(json!({
                    "key": t.key,
                    "id": t.meta.id,
                    "title": t.meta.title,
                    "russian": t.meta.russian,
                    "confidence": t.meta.confidence,
                    "rows": t.rows.len(),
                    "overridden": overridden(key).len(),
                }));
            }
            Ok(json!({ "tables": list }))
        }
        Some(key) => {
            let t = tables
                .rows_json(&key)
                .map_err(|e| acks_err("unknown_table", e))?;
            Ok(json!({
                "key": t.key,
                "id": t.meta.id,
                "title": t.meta.title,
                "russian": t.meta.russian,
                "source": t.meta.source,
                "confidence": t.meta.confidence,
                "note": t.meta.note,
                "columns": t.columns,
                "rows": t.rows,
                "overridden": overridden(&key),
            }))
        }
    }
}
