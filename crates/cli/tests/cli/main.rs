//! The `delve` binary end to end, one module per command family: each test runs the built
//! binary (`CARGO_BIN_EXE_delve`) on temporary files. One test binary, so the suite links once.
// The SRD importer's records are long `json!` literals.
#![recursion_limit = "256"]

mod acks_cli;
mod crows_cli;
mod dice_cli;
mod dnd_cli;
mod forecast_cli;
mod grid;
mod odds_cli;
mod serve_kill9;
mod table_cli;
mod table_crows_cli;
