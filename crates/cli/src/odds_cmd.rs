//! `delve odds`: exact distributions in the terminal. (stub: replaced by the odds CLI)
use crate::CliResult;

#[derive(clap::Args)]
pub struct OddsArgs {
    /// The expression, e.g. `4d6kh3`.
    pub expr: String,
}

pub fn run(_args: OddsArgs) -> CliResult {
    Err("not built yet".into())
}
