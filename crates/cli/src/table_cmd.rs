//! `delve table …`: offline tables over an SQLite file. (stub: replaced by the table CLI)
use crate::CliResult;

#[derive(clap::Args)]
pub struct TableArgs {}

pub fn run(_args: TableArgs) -> CliResult {
    Err("not built yet".into())
}
