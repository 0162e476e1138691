//! `delve table …`: offline tables over an SQLite file (default `./delve.db`).
//!
//! `new` creates a table and prints its id; `list` and `show` describe tables; `log` prints a
//! viewer's log (one JSON event per line, numbered per viewer); `command` runs one command as
//! the Referee or a player and prints the resulting events (as that actor may see them), one
//! JSON object per line; `export` writes the table as JSON Lines with a hash chain; `import`
//! checks such a file and stores it. `invites`, `revoke-invite`, `revoke-player` and
//! `rotate-referee` manage the server's access grants in the same file (offline: no server
//! needs to run), each revocation logged in the table's log for the Referee.

use crate::CliResult;
use clap::{Args, Subcommand};
use engine::{
    AccessChange, Actor, Command, DiceRoller, NewTable, Registry, SystemClock, Table, Viewer,
    project_log,
};
use server::tokens::{Grant, InviteRevoke, TokenRecord, TokenStore};
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
        /// Dice seed (random if omitted; secret: shown only to the Referee).
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
    /// Write a table as JSON Lines (header, then one event per line) to stdout.
    Export { id: String },
    /// Check an exported file and store the table; prints its id.
    Import { file: PathBuf },
    /// List a table's invites (ids, never tokens), one JSON object per line.
    Invites { id: String },
    /// Revoke an unused invite by its id (a leaked link stops working).
    RevokeInvite { id: String, invite: String },
    /// Revoke every token of a player; with --reissue, print one new token for their seat.
    RevokePlayer {
        id: String,
        player: String,
        #[arg(long)]
        reissue: bool,
    },
    /// Revoke every Referee token of a table and print a new one (the new Referee link is
    /// `<server>/#table=<id>&token=<token>`).
    RotateReferee { id: String },
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
    let tokens = server::SqliteTokens::open(&args.db).await?;
    let result = dispatch(args.command, &tables, &registry, &tokens).await;
    sqlite.close().await;
    result
}

async fn dispatch(
    command: TableCommand,
    tables: &Tables,
    registry: &Registry,
    tokens: &dyn TokenStore,
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
                seed: seed.unwrap_or_else(rand::random),
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
            print!("{}", store::export::export(&*tables.store, &id).await?);
        }
        TableCommand::Import { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let meta = store::export::import(&*tables.store, registry, &text)
                .await
                .map_err(|e| format!("{}: {e}", file.display()))?;
            println!("{}", meta.id);
        }
        TableCommand::Invites { id } => {
            tables.store.meta(&id).await?;
            for invite in tokens.invites(&id).await? {
                println!("{}", serde_json::to_string(&invite)?);
            }
        }
        TableCommand::RevokeInvite { id, invite } => {
            tables.store.meta(&id).await?;
            let character = match tokens.revoke_invite(&id, &invite).await? {
                InviteRevoke::Revoked { character } => character,
                InviteRevoke::Used => {
                    return Err(format!(
                        "invite `{invite}` was used already: revoke the player's tokens instead"
                    )
                    .into());
                }
                InviteRevoke::AlreadyRevoked => {
                    return Err(format!("invite `{invite}` was revoked already").into());
                }
                InviteRevoke::Unknown => {
                    return Err(format!("no invite `{invite}` at table {id}").into());
                }
            };
            let change = AccessChange::InviteRevoked { invite, character };
            log_access(tables, &id, change).await?;
        }
        TableCommand::RevokePlayer {
            id,
            player,
            reissue,
        } => {
            let table = tables.load(&id).await?;
            let seat = table.core().participants.seat(&player);
            if reissue && seat.is_none() {
                return Err(format!("`{player}` has no seat at table {id} to reissue").into());
            }
            let revoked = tokens.revoke_player(&id, &player).await?;
            let mut reissued = false;
            if let (true, Some(seat)) = (reissue, seat) {
                let token = server::tokens::new_token();
                let grant = Grant::Player {
                    name: player.clone(),
                    seat: Some(seat),
                };
                let record = TokenRecord::new(&id, grant);
                let now = engine::WallClock::now_ms(&SystemClock);
                tokens
                    .insert(&server::tokens::hash_token(&token), &record, now)
                    .await?;
                println!("{token}");
                reissued = true;
            }
            let change = AccessChange::PlayerTokensRevoked {
                player,
                tokens: u32::try_from(revoked).unwrap_or(u32::MAX),
                reissued,
            };
            log_access(tables, &id, change).await?;
            eprintln!("revoked {revoked} token(s)");
        }
        TableCommand::RotateReferee { id } => {
            tables.store.meta(&id).await?;
            let revoked = tokens.revoke_referee(&id).await?;
            let token = server::tokens::new_token();
            let record = TokenRecord::new(&id, Grant::Referee);
            let now = engine::WallClock::now_ms(&SystemClock);
            tokens
                .insert(&server::tokens::hash_token(&token), &record, now)
                .await?;
            let change = AccessChange::RefereeLinkRotated {
                tokens: u32::try_from(revoked).unwrap_or(u32::MAX),
            };
            log_access(tables, &id, change).await?;
            println!("{token}");
            eprintln!("revoked {revoked} Referee token(s)");
        }
    }
    Ok(())
}

/// Logs an access change in the table's log (seen by the Referee only).
async fn log_access(tables: &Tables, id: &str, change: AccessChange) -> CliResult {
    let mut table = tables.load(id).await?;
    tables
        .execute_on(
            &mut table,
            &Actor::Referee,
            &Command::Access(change),
            &SystemClock,
            &mut DiceRoller,
        )
        .await?;
    Ok(())
}
