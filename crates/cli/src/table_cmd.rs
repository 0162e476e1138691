//! `delve table …`: offline tables over an SQLite file (default `./delve.db`).
//!
//! `new` creates a table and prints its id; `list` and `show` describe tables; `log` prints a
//! viewer's log (one JSON event per line, numbered per viewer); `command` runs one command as
//! the Referee or a player and prints the resulting events (as that actor may see them), one
//! JSON object per line; `export` writes the table as JSON Lines with a hash chain; `import`
//! checks such a file and stores it.
//!
//! `decisions` lists the pending decisions a viewer may see (kind, prompt, options, who
//! answers; `--json` for the raw list) and `answer` answers one named by its id or by its kind
//! (a unique prefix is enough, `crows.` may be left out). `tick` issues what the server's
//! scheduler would: `timer_due` as the system actor for every timer whose deadline has passed
//! (a timed dungeon turn ends); `command` and `answer` do the same first, so an offline table
//! behaves as if the server had been running.
//!
//! `invites`, `revoke-invite`, `revoke-player` and
//! `rotate-referee` manage the server's access grants in the same file (offline: no server
//! needs to run), each revocation logged in the table's log for the Referee.

use crate::CliResult;
use clap::{Args, Subcommand};
use engine::{
    AccessChange, Actor, Answer, ClockCommand, Command, Decision, DiceRoller, Envelope, FakeClock,
    NewTable, Registry, SystemClock, Table, Viewer, WallClock, project_log,
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
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    registry
}

#[derive(Args)]
pub struct TableArgs {
    /// SQLite database file (created if missing).
    #[arg(long, global = true, default_value = "./delve.db")]
    db: PathBuf,
    /// Read the wall clock as this many milliseconds since the epoch (tests, and replaying a
    /// session at its own times).
    #[arg(long, global = true, hide = true, value_name = "MS")]
    now_ms: Option<i64>,
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
        /// Physical dice: the faces rolled at the table, in the order the command rolls its
        /// dice (e.g. `--faces 13,3`). Every face must fit its die and every face must be used,
        /// or the command is refused and nothing is stored.
        #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
        faces: Option<Vec<i64>>,
    },
    /// Roll dice with the table's free dice roller (any player or the Referee) and print the
    /// events. A secret roll is seen by the roller and the Referee only.
    Roll {
        id: String,
        /// Dice notation, e.g. `2d10+1` (see `delve help dice`).
        expr: String,
        /// `referee`, or the name of a player.
        #[arg(long = "as", default_value = "referee")]
        actor: String,
        /// What the roll is for (at most 80 characters).
        #[arg(long, default_value = "")]
        label: String,
        /// Only the roller and the Referee see it (the Referee's own: the Referee alone).
        #[arg(long)]
        secret: bool,
        /// Physical dice: the faces rolled, in order (see `command --faces`).
        #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
        faces: Option<Vec<i64>>,
    },
    /// Say something to the whole table, or whisper it to named participants (`--to`, one
    /// per recipient: a player's name or the Referee's).
    Say {
        id: String,
        /// The message (at most 1000 characters).
        text: String,
        /// `referee`, or the name of a player.
        #[arg(long = "as", default_value = "referee")]
        actor: String,
        /// A recipient of a whisper: a player's name, or `referee` (repeat for several, at
        /// most 8); none: the whole table.
        #[arg(long = "to", value_name = "NAME")]
        to: Vec<String>,
    },
    /// List the pending decisions a viewer may see: kind, prompt, options, who answers.
    Decisions {
        id: String,
        /// `referee`, or the name of a player or spectator.
        #[arg(long = "as", default_value = "referee")]
        viewer: String,
        /// Print the decisions as one JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Answer a pending decision named by its id or its kind (a unique prefix is enough).
    Answer {
        id: String,
        /// The decision's id, or its kind (`tier_2_outcome`, `crows.explore.sign`, `tier_2`).
        decision: String,
        /// The chosen option's id (see `decisions`).
        option: String,
        /// `referee`, or the name of a player.
        #[arg(long = "as", default_value = "referee")]
        actor: String,
        /// Free text with the answer, where the decision takes it.
        #[arg(long)]
        text: Option<String>,
        /// Physical dice for what the answer rolls, in order (see `command --faces`).
        #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
        faces: Option<Vec<i64>>,
    },
    /// Fire every timer whose deadline has passed (a timed dungeon turn ends), as the server's
    /// scheduler would; prints the resulting events.
    Tick { id: String },
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
    let clock: Box<dyn WallClock> = match args.now_ms {
        Some(ms) => Box::new(FakeClock::new(ms)),
        None => Box::new(SystemClock),
    };
    let tokens = server::SqliteTokens::open(&args.db).await?;
    let result = dispatch(args.command, &tables, &registry, &*clock, &tokens, &args.db).await;
    sqlite.close().await;
    result
}

async fn dispatch(
    command: TableCommand,
    tables: &Tables,
    registry: &Registry,
    clock: &dyn WallClock,
    tokens: &dyn TokenStore,
    db: &std::path::Path,
) -> CliResult {
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
            let table = tables.create(new, clock.now_ms()).await?;
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
        TableCommand::Command {
            id,
            actor,
            json,
            faces,
        } => {
            let mut table = tables.load(&id).await?;
            let actor = actor_of(&table, &actor)?;
            let value: serde_json::Value =
                serde_json::from_str(&json).map_err(|e| format!("the command is not JSON: {e}"))?;
            let command: Command =
                serde_json::from_value(value).map_err(|e| format!("malformed command: {e}"))?;
            let mut events = fire_due(tables, &mut table, clock).await?;
            events.extend(run_with(tables, &mut table, &actor, &command, clock, faces).await?);
            print_events(tables, &table, &actor, &events).await?;
        }
        TableCommand::Roll {
            id,
            expr,
            actor,
            label,
            secret,
            faces,
        } => {
            let mut table = tables.load(&id).await?;
            let actor = actor_of(&table, &actor)?;
            let command = Command::Roll(engine::RollCommand {
                expr,
                label,
                secret,
            });
            let mut events = fire_due(tables, &mut table, clock).await?;
            events.extend(run_with(tables, &mut table, &actor, &command, clock, faces).await?);
            print_events(tables, &table, &actor, &events).await?;
        }
        TableCommand::Say {
            id,
            text,
            actor,
            to,
        } => {
            let mut table = tables.load(&id).await?;
            let actor = actor_of(&table, &actor)?;
            // `--to referee` names the Referee, as `--as referee` does.
            let p = &table.core().participants;
            let to = to
                .into_iter()
                .map(|n| {
                    if n == "referee" && !p.players.contains_key(&n) {
                        p.referee.clone()
                    } else {
                        n
                    }
                })
                .collect();
            let command = Command::Say(engine::SayCommand { text, to });
            let mut events = fire_due(tables, &mut table, clock).await?;
            events.extend(run_with(tables, &mut table, &actor, &command, clock, None).await?);
            print_events(tables, &table, &actor, &events).await?;
        }
        TableCommand::Decisions { id, viewer, json } => {
            let table = tables.load(&id).await?;
            let viewer = viewer_of(&table, &viewer)?;
            let decisions = visible_decisions(&table, &viewer)?;
            if json {
                println!("{}", serde_json::to_string(&decisions)?);
            } else {
                print!("{}", describe_decisions(&decisions));
            }
        }
        TableCommand::Answer {
            id,
            decision,
            option,
            actor,
            text,
            faces,
        } => {
            let mut table = tables.load(&id).await?;
            let actor = actor_of(&table, &actor)?;
            let mut events = fire_due(tables, &mut table, clock).await?;
            let viewer = engine::Participants::viewer_of(&actor);
            let decisions = visible_decisions(&table, &viewer)?;
            let chosen = find_decision(&decisions, &decision)?;
            let command = Command::Answer(Answer {
                decision: chosen.id.clone(),
                option,
                text,
            });
            events.extend(run_with(tables, &mut table, &actor, &command, clock, faces).await?);
            print_events(tables, &table, &actor, &events).await?;
        }
        TableCommand::Tick { id } => {
            let mut table = tables.load(&id).await?;
            let events = fire_due(tables, &mut table, clock).await?;
            if events.is_empty() {
                match table.next_deadline() {
                    Some((timer, at)) => eprintln!(
                        "nothing is due; timer `{timer}` runs out in {} s",
                        u64::try_from(at - clock.now_ms())
                            .unwrap_or(0)
                            .div_ceil(1000)
                    ),
                    None => eprintln!("nothing is due; no timer is running"),
                }
            }
            print_events(tables, &table, &Actor::Referee, &events).await?;
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
                let now = clock.now_ms();
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
            let now = clock.now_ms();
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

/// Runs one command on `table` (appended to the store) and returns its events.
async fn run_one(
    tables: &Tables,
    table: &mut Table,
    actor: &Actor,
    command: &Command,
    clock: &dyn WallClock,
) -> Result<Vec<Envelope>, store::StoreError> {
    let mut roller = DiceRoller;
    tables
        .execute_on(table, actor, command, clock, &mut roller)
        .await
}

/// [`run_one`], or with physical dice: `faces` are the command's dice in order. A face a die
/// does not have, too few faces, or faces left over refuse the command before anything is
/// stored (it is decided once on the faces to check them, then run).
async fn run_with(
    tables: &Tables,
    table: &mut Table,
    actor: &Actor,
    command: &Command,
    clock: &dyn WallClock,
    faces: Option<Vec<i64>>,
) -> Result<Vec<Envelope>, Box<dyn std::error::Error>> {
    let Some(faces) = faces else {
        return Ok(run_one(tables, table, actor, command, clock).await?);
    };
    store::physical_dice_fit(table, actor, command, clock.now_ms(), &faces)?;
    let mut roller = engine::FacesRoller::new(faces);
    Ok(tables
        .execute_on(table, actor, command, clock, &mut roller)
        .await?)
}

/// At most this many timers are fired by one call (a guard against a ruleset whose timer keeps
/// falling due; the server's scheduler has the same kind of cap).
const MAX_FIRED: usize = 64;

/// What the server's scheduler does when a deadline passes: `timer_due` as the system actor
/// for each timer due by `clock` (the engine refuses one that is not running or not due).
async fn fire_due(
    tables: &Tables,
    table: &mut Table,
    clock: &dyn WallClock,
) -> Result<Vec<Envelope>, store::StoreError> {
    let mut events = Vec::new();
    for _ in 0..MAX_FIRED {
        let Some(timer) = table.due_timers(clock.now_ms()).into_iter().next() else {
            break;
        };
        let command = Command::Clock(ClockCommand::TimerDue { id: timer });
        events.extend(run_one(tables, table, &Actor::System, &command, clock).await?);
    }
    Ok(events)
}

/// Prints `events` (just appended) as `actor` may see them, one JSON object per line.
async fn print_events(
    tables: &Tables,
    table: &Table,
    actor: &Actor,
    events: &[Envelope],
) -> CliResult {
    let viewer = engine::Participants::viewer_of(actor);
    if viewer == Viewer::Referee {
        for e in events {
            println!("{}", serde_json::to_string(e)?);
        }
        return Ok(());
    }
    let Some(first_new) = events.first().map(|e| e.seq) else {
        return Ok(());
    };
    let log = tables.log(table.id()).await?;
    let before = project_log(log.iter().filter(|e| e.seq < first_new), &viewer).len();
    for event in project_log(&log, &viewer).into_iter().skip(before) {
        println!("{}", serde_json::to_string(&event)?);
    }
    Ok(())
}

/// The pending decisions `viewer` may see (the table view's list: nothing else leaks).
fn visible_decisions(table: &Table, viewer: &Viewer) -> Result<Vec<Decision>, String> {
    let view = table.view(viewer);
    serde_json::from_value(view["decisions"].clone())
        .map_err(|e| format!("the table's decisions are unreadable: {e}"))
}

/// Who answers, in words.
fn answerer_text(answerer: &engine::Answerer) -> String {
    match answerer {
        engine::Answerer::Referee => "the Referee".to_string(),
        engine::Answerer::Player(p) => format!("player {p}"),
        engine::Answerer::Controller(c) => format!("whoever controls {c}"),
    }
}

/// The decisions as text: one block each (kind, who answers, id, prompt, options).
fn describe_decisions(decisions: &[Decision]) -> String {
    use std::fmt::Write as _;
    if decisions.is_empty() {
        return "no pending decisions\n".to_string();
    }
    let mut out = String::new();
    for d in decisions {
        let _ = writeln!(
            out,
            "{}  (answered by {}; id {})",
            d.kind,
            answerer_text(&d.answerer),
            d.id
        );
        let _ = writeln!(out, "  {}", d.prompt);
        for o in &d.options {
            let default = if d.default.as_deref() == Some(o.id.as_str()) {
                "  [default]"
            } else {
                ""
            };
            if o.label == o.id {
                let _ = writeln!(out, "  - {}{default}", o.id);
            } else {
                let _ = writeln!(out, "  - {}: {}{default}", o.id, o.label);
            }
        }
        if d.free_text {
            let _ = writeln!(out, "  (the answer may carry words: --text '…')");
        }
    }
    out
}

/// The decision `key` names: its id, or its kind — whole, without `crows.`, or a prefix of
/// either — matching exactly one decision. Refused, listing the candidates, when it names none
/// or several.
fn find_decision<'a>(decisions: &'a [Decision], key: &str) -> Result<&'a Decision, String> {
    if let Some(d) = decisions.iter().find(|d| d.id == key) {
        return Ok(d);
    }
    let short = |d: &'a Decision| d.kind.strip_prefix("crows.").unwrap_or(&d.kind);
    let exact: Vec<&Decision> = decisions
        .iter()
        .filter(|d| d.kind == key || short(d) == key)
        .collect();
    let found = if exact.is_empty() {
        decisions
            .iter()
            .filter(|d| d.kind.starts_with(key) || short(d).starts_with(key))
            .collect()
    } else {
        exact
    };
    match found.as_slice() {
        [one] => Ok(one),
        [] if decisions.is_empty() => {
            Err(format!("no pending decision matches `{key}`: none is open"))
        }
        [] => Err(format!(
            "no pending decision matches `{key}`; open: {}",
            list(decisions.iter())
        )),
        several => Err(format!(
            "`{key}` matches {} pending decisions; name one by its id: {}",
            several.len(),
            list(several.iter().copied())
        )),
    }
}

fn list<'a>(decisions: impl Iterator<Item = &'a Decision>) -> String {
    decisions
        .map(|d| format!("{} (id {}: {})", d.kind, d.id, d.prompt))
        .collect::<Vec<_>>()
        .join("; ")
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
