//! `delve table …`: offline tables over an SQLite file (default `./delve.db`).
//!
//! `new` creates a table and prints its id; `list` and `show` describe tables; `log` prints a
//! viewer's log (one JSON event per line, numbered per viewer); `command` runs one command as
//! the Referee or a player and prints the resulting events (as that actor may see them), one
//! JSON object per line; `export` writes the table as JSON Lines with a hash chain; `import`
//! checks such a file and stores it.

use crate::CliResult;
use clap::{Args, Subcommand};
use engine::{
    Actor, Command, DiceRoller, NewTable, Registry, SystemClock, Table, Viewer, project_log,
};
use std::path::PathBuf;
use std::sync::Arc;
use store::{EventStore, SqliteStore, Tables};

/// The rulesets the CLI offers. Registering a ruleset is one line here.
pub fn registry() -> Registry {
    #[allow(unused_mut)] // the next ruleset is one more `registry.register(…)` line
    let mut registry = engine::builtin_registry(); // `demo`
    registry.register(crows::ruleset::Crows);
    registry
}

#[derive(Args)]
pub struct TableArgs {
    /// SQLite database file (created if missing).
    #[arg(long, global = true, default_value = "./delve.db")]
    db: PathBuf,
    #[command(subcommand)]
    command: TableCommand,
}

#[derive(Subcommand)]
enum TableCommand {
    /// Create a table and print its id.
    New {
        /// Ruleset name (see `delve table rulesets`).
        #[arg(long)]
        ruleset: String,
        /// Table name.
        #[arg(long)]
        name: String,
        /// The Referee's display name.
        #[arg(long, default_value = "referee")]
        referee: String,
        /// Dice seed: the table's dice become reproducible — and predictable, so unfit for
        /// play with untrusted players. Omitted: every command draws fresh entropy from the
        /// operating system. Secret: shown only to the Referee.
        #[arg(long)]
        seed: Option<u64>,
        /// Ruleset configuration as JSON.
        #[arg(long)]
        config: Option<String>,
    },
    /// List the tables in the database.
    List,
    /// List the rulesets this binary offers.
    Rulesets,
    /// Show a table's current view.
    Show {
        id: String,
        /// `referee`, or the name of a player or spectator.
        #[arg(long = "as", default_value = "referee")]
        viewer: String,
    },
    /// Print a table's log as a viewer sees it, one JSON event per line.
    Log {
        id: String,
        /// `referee`, or the name of a player or spectator.
        #[arg(long = "as", default_value = "referee")]
        viewer: String,
    },
    /// Run one command and print the resulting events, one JSON object per line.
    Command {
        id: String,
        /// `referee`, or the name of a player.
        #[arg(long = "as")]
        actor: String,
        /// The command as JSON, e.g. '{"rules": {"add": {"character": "c1", "amount": 2}}}'.
        json: String,
    },
    /// Write a table as JSON Lines (header, one event per line, then a signature line by the
    /// key beside the database, `DB.key`) to stdout.
    Export { id: String },
    /// Check an exported file and store the table; prints its id. Only files signed by the
    /// key beside the database are taken unless `--accept-unsigned`.
    Import {
        file: PathBuf,
        /// Also take an unsigned file or one signed by another key: nothing then shows that
        /// its events (dice faces included) were not edited.
        #[arg(long)]
        accept_unsigned: bool,
    },
}

fn actor_of(table: &Table, name: &str) -> Result<Actor, String> {
    let p = &table.core().participants;
    if name == "referee" || name == p.referee {
        Ok(Actor::Referee)
    } else if p.players.contains_key(name) {
        Ok(Actor::Player(name.to_string()))
    } else if p.spectators.contains(name) {
        Ok(Actor::Spectator(name.to_string()))
    } else {
        Err(format!(
            "`{name}` is not at table {}: use `referee` or a seated player",
            table.id()
        ))
    }
}

fn viewer_of(table: &Table, name: &str) -> Result<Viewer, String> {
    Ok(match actor_of(table, name)? {
        Actor::Referee | Actor::System => Viewer::Referee,
        Actor::Player(p) => Viewer::Player(p),
        Actor::Spectator(s) => Viewer::Spectator(s),
    })
}

fn new_id() -> String {
    format!(
        "{:016x}{:016x}",
        rand::random::<u64>(),
        rand::random::<u64>()
    )
}

/// The export key: `DELVE_SIGNING_KEY` (64 hex digits) if set, else the file beside the
/// database (`DB.key`, created on first use). `delve serve` uses the same rule.
pub fn signing_key(db: &std::path::Path) -> Result<store::ServerKey, store::StoreError> {
    if let Ok(hex) = std::env::var("DELVE_SIGNING_KEY") {
        return store::ServerKey::from_hex(&hex);
    }
    let mut path = db.as_os_str().to_owned();
    path.push(".key");
    store::ServerKey::load_or_create(std::path::Path::new(&path))
}

pub fn run(args: TableArgs) -> CliResult {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(run_async(args))
}

async fn run_async(args: TableArgs) -> CliResult {
    let registry = Arc::new(registry());
    if let TableCommand::Rulesets = args.command {
        for name in registry.names() {
            println!("{name}");
        }
        return Ok(());
    }
    let sqlite = SqliteStore::open(&args.db).await?;
    let store: Arc<dyn EventStore> = Arc::new(sqlite.clone());
    let tables = Tables::new(store.clone(), registry.clone());
    let result = dispatch(args.command, &tables, &registry, &args.db).await;
    sqlite.close().await;
    result
}

async fn dispatch(
    command: TableCommand,
    tables: &Tables,
    registry: &Registry,
    db: &std::path::Path,
) -> CliResult {
    let clock = SystemClock;
    match command {
        TableCommand::Rulesets => {}
        TableCommand::New {
            ruleset,
            name,
            referee,
            seed,
            config,
        } => {
            let config = match config {
                Some(text) => {
                    serde_json::from_str(&text).map_err(|e| format!("--config is not JSON: {e}"))?
                }
                None => serde_json::Value::Null,
            };
            let new = NewTable {
                id: new_id(),
                name,
                ruleset,
                seed,
                referee,
                config,
            };
            let table = tables
                .create(new, engine::WallClock::now_ms(&clock))
                .await?;
            println!("{}", table.id());
        }
        TableCommand::List => {
            for meta in tables.store.list().await? {
                println!("{}", serde_json::to_string(&meta)?);
            }
        }
        TableCommand::Show { id, viewer } => {
            let table = tables.load(&id).await?;
            let viewer = viewer_of(&table, &viewer)?;
            println!("{}", serde_json::to_string_pretty(&table.view(&viewer))?);
        }
        TableCommand::Log { id, viewer } => {
            let table = tables.load(&id).await?;
            let viewer = viewer_of(&table, &viewer)?;
            let log = tables.log(&id).await?;
            for event in project_log(&log, &viewer) {
                println!("{}", serde_json::to_string(&event)?);
            }
        }
        TableCommand::Command { id, actor, json } => {
            let mut table = tables.load(&id).await?;
            let actor = actor_of(&table, &actor)?;
            let value: serde_json::Value =
                serde_json::from_str(&json).map_err(|e| format!("the command is not JSON: {e}"))?;
            let command: Command =
                serde_json::from_value(value).map_err(|e| format!("malformed command: {e}"))?;
            let mut roller = DiceRoller;
            let events = tables
                .execute_on(&mut table, &actor, &command, &clock, &mut roller)
                .await?;
            match &actor {
                Actor::Referee | Actor::System => {
                    for e in &events {
                        println!("{}", serde_json::to_string(e)?);
                    }
                }
                Actor::Player(_) | Actor::Spectator(_) => {
                    let viewer = viewer_of(
                        &table,
                        match &actor {
                            Actor::Player(p) | Actor::Spectator(p) => p,
                            _ => "referee",
                        },
                    )?;
                    let log = tables.log(&id).await?;
                    let first_new = events.first().map_or(u64::MAX, |e| e.seq);
                    let before =
                        project_log(log.iter().filter(|e| e.seq < first_new), &viewer).len();
                    for event in project_log(&log, &viewer).into_iter().skip(before) {
                        println!("{}", serde_json::to_string(&event)?);
                    }
                }
            }
        }
        TableCommand::Export { id } => {
            let key = signing_key(db)?;
            print!(
                "{}",
                store::export::export_signed(&*tables.store, &id, &key).await?
            );
        }
        TableCommand::Import {
            file,
            accept_unsigned,
        } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let key = signing_key(db)?;
            let trust = store::export::Trust {
                key: Some(&key),
                accept_unsigned,
            };
            let meta = store::export::import(&*tables.store, registry, &text, &trust)
                .await
                .map_err(|e| format!("{}: {e}", file.display()))?;
            println!("{}", meta.id);
        }
    }
    Ok(())
}
