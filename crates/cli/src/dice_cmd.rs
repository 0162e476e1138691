//! `delve roll`, `delve odds`, `delve help dice`. (stub: replaced by the dice CLI)
use crate::CliResult;

pub const DICE_HELP: &str = "Dice notation: not documented yet.\n";

#[derive(clap::Args)]
pub struct RollArgs {
    /// The expression, e.g. `2d10+2 [Agility]`.
    pub expr: String,
}

pub fn run_roll(_args: RollArgs) -> CliResult {
    Err("not built yet".into())
}

