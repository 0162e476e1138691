//! `delve crows …`: Crows look-ups from the terminal. (stub: replaced by the Crows CLI)
use crate::CliResult;

#[derive(clap::Args)]
pub struct CrowsArgs {}

pub fn run(_args: CrowsArgs) -> CliResult {
    Err("not built yet".into())
}
