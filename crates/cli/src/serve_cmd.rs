//! `delve serve`: the table server (HTTP + WebSocket API over the rulesets of [`registry`]).
//!
//! Zero configuration: it opens (creating if needed) `./delve.db`, listens on
//! `127.0.0.1:8080` (another address only with `--bind`), prints the link to open, and stops
//! gracefully on Ctrl-C or SIGTERM (live connections are told where to resume).
//!
//! # Databases
//!
//! - `--db PATH` (default `./delve.db`): an SQLite file holding the event log and the access
//!   grants. One instance per file.
//! - `--database URL`: `postgres://user@host:port/db` (or `postgresql://…`) keeps the log, the
//!   access grants and the timer deadlines in PostgreSQL (schema migrated at start-up); any
//!   number of `delve serve` instances on the same database serve the same tables — a command
//!   on one reaches the live clients of all, and a timer fires once. `sqlite:PATH` or
//!   `sqlite://PATH` is the same as `--db PATH`.
//!
//! # A server others can reach
//!
//! `--create-key KEY` (or env `DELVE_CREATE_KEY`) makes creating and importing tables need
//! the header `X-Create-Key: KEY`; `--allowed-host NAME` adds a host name requests may use
//! (DNS-rebinding protection refuses any other name; IP addresses and `localhost` always
//! work); `--requests-per-second`, `--commands-per-second`, `--tables-per-minute` set the
//! rate limits (0: none). See `server::guard`.
//!
//! Bound to all interfaces (`--bind 0.0.0.0:8080`) without `--public-url`, the links and QR
//! codes carry this machine's LAN address (`server::default_public_url`), printed at start-up
//! as the URL players should open.

use crate::CliResult;
use crate::table_cmd::registry;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address and port to listen on (loopback unless you choose otherwise).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// SQLite database file (created with its tables if missing).
    #[arg(long, default_value = "./delve.db", conflicts_with = "database")]
    db: PathBuf,
    /// Database URL instead of --db: postgres://user@host:port/db (several instances may share
    /// it), or sqlite:PATH.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Base URL put into the links and QR codes the server hands out (default: http://<bind>;
    /// bound to 0.0.0.0 or ::, this machine's LAN address instead).
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Create a table with this name at start-up and print its Referee link.
    #[arg(long, value_name = "NAME")]
    new_table: Option<String>,
    /// Ruleset of the `--new-table` table.
    #[arg(long, default_value = "crows", requires = "new_table")]
    ruleset: String,
    /// Require this key (header `X-Create-Key`) to create or import tables. Set it on any
    /// server others can reach.
    #[arg(
        long,
        env = "DELVE_CREATE_KEY",
        value_name = "KEY",
        hide_env_values = true
    )]
    create_key: Option<String>,
    /// A host name requests may use besides IP addresses, localhost and the --public-url host
    /// (repeatable; `*` accepts any, for a reverse proxy that checks Host itself).
    #[arg(long = "allowed-host", value_name = "HOST")]
    allowed_hosts: Vec<String>,
    /// A reverse proxy (address or network, e.g. 10.0.0.0/8) whose X-Forwarded-For names the
    /// client for the per-address rate limits (repeatable; the env var takes a comma-separated
    /// list). The header is read from these peers only, right-most untrusted hop first.
    #[arg(
        long = "trusted-proxy",
        env = "DELVE_TRUSTED_PROXY",
        value_name = "ADDR",
        value_delimiter = ','
    )]
    trusted_proxies: Vec<server::guard::TrustedProxy>,
    /// API requests per second per client address (0: no limit).
    #[arg(long, value_name = "N")]
    requests_per_second: Option<f64>,
    /// Commands per second per token (0: no limit).
    #[arg(long, value_name = "N")]
    commands_per_second: Option<f64>,
    /// Tables created or imported per minute per client address (0: no limit).
    #[arg(long, value_name = "N")]
    tables_per_minute: Option<f64>,
    /// The key that signs exports (64 hex digits in a file, created if missing). Default:
    /// `DELVE_SIGNING_KEY` (hex) if set, else `DB.key` beside the SQLite file, or
    /// `./delve-signing.key` with --database (give every instance on one database the same).
    #[arg(long, value_name = "FILE")]
    signing_key: Option<PathBuf>,
}

pub fn run(args: ServeArgs) -> CliResult {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(run_async(args))
}

async fn run_async(args: ServeArgs) -> CliResult {
    let (store, tokens, db) = match &args.database {
        Some(url) => {
            let (store, tokens) = server::open_database(url).await?;
            (store, tokens, redact(url))
        }
        None => {
            let (store, tokens) = server::open_sqlite(&args.db).await?;
            (store, tokens, args.db.display().to_string())
        }
    };
    let listener = tokio::net::TcpListener::bind(args.bind)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.bind))?;
    let addr = listener.local_addr()?;
    let key = match (&args.signing_key, &args.database) {
        (Some(file), _) => store::ServerKey::load_or_create(file)?,
        (None, None) => crate::table_cmd::signing_key(&args.db)?,
        (None, Some(_)) => match std::env::var("DELVE_SIGNING_KEY") {
            Ok(hex) => store::ServerKey::from_hex(&hex)?,
            Err(_) => {
                store::ServerKey::load_or_create(std::path::Path::new("./delve-signing.key"))?
            }
        },
    };
    let mut srv = server::Server::new(store, tokens, registry());
    srv.signing_key = key;
    srv.public_url = args.public_url.clone();
    srv.allowed_hosts = args.allowed_hosts.clone();
    srv.trusted_proxies = args.trusted_proxies.clone();
    srv.create_key = args.create_key.clone().filter(|k| !k.is_empty());
    let keyed = srv.create_key.is_some();
    let limits = &mut srv.limits;
    for (flag, value, limit) in [
        (
            "--requests-per-second",
            args.requests_per_second,
            &mut limits.requests_per_second,
        ),
        (
            "--commands-per-second",
            args.commands_per_second,
            &mut limits.commands_per_second,
        ),
        (
            "--tables-per-minute",
            args.tables_per_minute,
            &mut limits.tables_per_minute,
        ),
    ] {
        if let Some(v) = value {
            if !(v.is_finite() && v >= 0.0) {
                return Err(format!("{flag} must be a number ≥ 0 (0: no limit), got {v}").into());
            }
            *limit = v;
        }
    }
    srv.start_table = args.new_table.map(|name| server::StartTable {
        name,
        ruleset: args.ruleset,
    });
    srv.serve_with(listener, shutdown_signal(), |ready| {
        println!("Delve is serving {db} on {addr} (Ctrl-C to stop)");
        println!(
            "Players open: {url}/ (invite links and QR codes carry it; --public-url to change)",
            url = ready.url
        );
        match &ready.referee_link {
            Some(link) => println!("Referee link (keep it private): {link}"),
            None => println!(
                "Referee: open {url}/ or POST {url}/api/tables to create a table \
                 (or start with --new-table NAME to get a Referee link here)",
                url = ready.url
            ),
        }
        if !addr.ip().is_loopback() && !keyed {
            println!(
                "note: listening beyond loopback ({addr}) without --create-key; anyone who can \
                 reach it can create tables"
            );
        }
    })
    .await?;
    println!("Delve stopped.");
    Ok(())
}

/// A database URL without its password (for printing).
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split(':').next().unwrap_or_default();
            format!("{scheme}://{name}:***@{host}")
        }
        _ => url.to_string(),
    }
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        // If the handler cannot be installed, only SIGTERM (or a kill) stops the server.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
