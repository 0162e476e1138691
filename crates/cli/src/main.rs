//! The `delve` binary: the table server and the same engine from the terminal.
//!
//! Each area of the CLI lives in its own module with its own clap `Args` and `run`:
//! `dice_cmd` (roll, help dice), `odds_cmd` (exact odds), `table` (offline tables), `crows` (Crows look-ups),
//! `grid_cmd` (game-free grid geometry), `forecast_cmd` (the Referee's forecasts).

mod acks_cmd;
mod crows_cmd;
mod dice_cmd;
mod dnd_cmd;
mod forecast_cmd;
mod grid_cmd;
mod odds_cmd;
mod serve_cmd;
mod table_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "delve",
    version,
    disable_help_subcommand = true,
    about = "Rules engine and table server for tabletop dungeon crawls",
    long_about = "Delve keeps every roll, clock, slot, wound and usage die of a tabletop \
dungeon crawl and applies the rules as written. From the terminal it rolls dice, computes \
exact odds and runs offline tables.\n\nDice notation: NdX, d%, dF, kh/kl/dh/dl, r/ro, !, \
mi/ma, >=N successes, + - * / ( ) and a [label]; see `delve help dice`.",
    after_help = "Examples:\n  delve roll '2d10+2 [Agility]'\n  delve roll 4d6kh3 --times 6\n  \
delve odds 20d10kh5\n  delve grid area --shape cone --size 15 --origin 0,0 --toward 1,0\n  \
delve help dice\n  delve help grid"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Roll a dice expression and show every die.
    Roll(dice_cmd::RollArgs),
    /// Exact odds of a dice expression: P(=), P(>=), mean, standard deviation.
    Odds(odds_cmd::OddsArgs),
    /// Run the table server (web UI and API), on ./delve.db by default.
    Serve(serve_cmd::ServeArgs),
    /// Offline tables: create, list, show, command, decisions and answers, timers, export, import, access.
    Table(table_cmd::TableArgs),
    /// Crows rules from the terminal: test odds and test rolls.
    Crows(crows_cmd::CrowsArgs),
    /// ACKS adventuring rules from the terminal: exact odds and table look-ups.
    Acks(acks_cmd::AcksArgs),
    /// D&D 2024 rules (SRD 5.2 glossary): odds, damage, conditions, SRD import.
    Dnd(dnd_cmd::DndArgs),
    /// The Referee's forecasts of an offline table: a fight or the next dungeon turns played
    /// forward many times with the real rules (`delve forecast fight --table ID`).
    Forecast(forecast_cmd::ForecastArgs),
    /// Grid geometry (5-ft squares): distance, cover by corners on a map file, area squares.
    Grid(grid_cmd::GridArgs),
    /// Help on a topic (`delve help dice`, `delve help grid`) or a command (`delve help roll`).
    #[command(disable_help_flag = true)]
    Help {
        /// `dice`, `grid`, or the name of a command.
        topic: Vec<String>,
    },
}

/// mimalloc instead of the system allocator: the server allocates per event and viewer, and
/// under load glibc's malloc/free took about a fifth of the CPU (bench/load/README.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Roll(args) => dice_cmd::run_roll(args),
        Command::Odds(args) => odds_cmd::run(args),
        Command::Serve(args) => serve_cmd::run(args),
        Command::Table(args) => table_cmd::run(args),
        Command::Crows(args) => crows_cmd::run(args),
        Command::Acks(args) => acks_cmd::run(args),
        Command::Dnd(args) => dnd_cmd::run(args),
        Command::Grid(args) => grid_cmd::run(args),
        Command::Forecast(args) => forecast_cmd::run(args),
        Command::Help { topic } => help(&topic),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(2)
        }
    }
}

/// Result type of every CLI command; the message is printed after `error: `.
pub type CliResult = Result<(), Box<dyn std::error::Error>>;

fn help(topic: &[String]) -> CliResult {
    use clap::CommandFactory;
    match topic.first().map(String::as_str) {
        Some(topic @ ("dice" | "grid")) => {
            use std::io::Write;
            let text = if topic == "dice" {
                dice_cmd::DICE_HELP.to_string()
            } else {
                grid_cmd::GRID_HELP.to_string()
            };
            let mut out = std::io::stdout().lock();
            // A closed pipe (`delve help dice | head`) is not an error worth reporting.
            match write!(out, "{text}").and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
                _ => Ok(()),
            }
        }
        None => {
            Cli::command().print_long_help()?;
            Ok(())
        }
        Some(name) => {
            let mut cmd = Cli::command();
            match cmd.find_subcommand_mut(name) {
                Some(sub) => {
                    sub.print_long_help()?;
                    Ok(())
                }
                None => Err(format!(
                    "no help topic `{name}`; try `delve help dice` or `delve help grid`"
                )
                .into()),
            }
        }
    }
}
