//! `delve serve`: the table server. (being written)
use crate::CliResult;

#[derive(clap::Args)]
pub struct ServeArgs {}

pub fn run(_args: ServeArgs) -> CliResult {
    Err("not built yet".into())
}
