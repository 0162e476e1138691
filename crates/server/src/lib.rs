//! The table server: HTTP and WebSocket API over the engine and a store. It knows no rule:
//! the rulesets come in through an engine [`Registry`], the log through an `Arc<dyn EventStore>`
//! and the access grants through an `Arc<dyn TokenStore>` — both in one SQLite file by default
//! ([`open_sqlite`]), or both in one PostgreSQL database ([`open_postgres`]), where several
//! instances serve the same tables ([`cluster`]). [`open_database`] picks by URL.
//!
//! # Modules
//!
//! - [`api`] — routes and limits; [`auth`] — tokens to principals (read so a racing
//!   revocation is always seen); [`access`] — who a request is and the access checked again
//!   under the table's lock; [`openapi`] — the OpenAPI document;
//!   [`error`] — JSON errors; [`guard`] — hosts, origins, rate limits, the creation key and
//!   connection timeouts.
//! - [`runner`] — the command path (decide on the cached table, append with the expected head,
//!   on a conflict catch up and decide again); [`hub`] — loaded tables, per-viewer log caches
//!   and the broadcast of committed events; [`live`] — the WebSocket.
//! - [`scheduler`] — fires real-time timers exactly once (restarts and several instances
//!   included); [`cluster`] — follows other instances' appends.
//! - [`tokens`] — access tokens (SQLite and PostgreSQL grant stores).
//!
//! # Routes (all JSON; errors are `{"code","message","rule"?}`)
//!
//! | Method | Path | Who | What |
//! |---|---|---|---|
//! | GET  | `/`, `/assets/<version>/*`, `/assets/*` | anyone | the web UI ([`web`]; versioned: cached for good) |
//! | GET  | `/api/health` | anyone | status, version, rulesets |
//! | GET  | `/api/rulesets` | anyone | registered ruleset names |
//! | GET  | `/api/openapi.json` | anyone | OpenAPI 3 document of every route |
//! | POST | `/api/tables` | anyone (with the creation key, if set) | create a table → id, Referee token and link |
//! | POST | `/api/tables/import` | anyone (with the creation key, if set) | import an export (JSON Lines) → new Referee token |
//! | POST | `/api/tables/{id}/invites` | Referee | invite (bound to a character or open) |
//! | POST | `/api/join` | invite holder | exchange a single-use invite for a player token |
//! | POST | `/api/tables/{id}/commands` | Referee, player | run a command → the events the caller sees |
//! | GET  | `/api/tables/{id}/log?after=N&limit=M` | Referee, player | the caller's log, paged (backwards: `newest=true`, then `before=N`) |
//! | GET  | `/api/tables/{id}/view` | Referee, player | the caller's view of the state |
//! | GET  | `/api/tables/{id}/export` | Referee: full export; player: own projection only | |
//! | POST | `/api/tables/{id}/packs` | Referee | load content packs (or only validate them) |
//! | GET  | `/api/tables/{id}/live?after=N` | Referee, player | WebSocket of new events (token in the first message) |
//!
//! # Content packs
//!
//! `POST /api/tables/{id}/packs` with `{"files": [{"name": "items.json", "text": "…"}],
//! "validate_only": false}` (at most [`Limits::pack_bytes`]) goes through the ruleset's own
//! pack command (`engine::registry::PACK_COMMAND`, `{"rules": {"load_pack": {"files": …}}}`),
//! so the server knows no pack format. Loaded: `200 {"loaded": true, "events": [...]}`; refused:
//! `422` with the ruleset's code and message and `issues`: `[{"file", "line", "column",
//! "field", "message"}]` parsed from its `file:line:column: field: message` lines. With
//! `"validate_only": true` the command is decided but never stored:
//! `200 {"valid": true|false, "issues": [...], "code"?, "message"?, "rule"?}`. A ruleset
//! without packs answers `422 packs_unsupported`.
//!
//! # Logs are read by pages
//!
//! No viewer's log is kept in memory. Each instance keeps, per table and viewer, that viewer's
//! numbering along the log ([`hub::ViewCache`]: a bounded index and the live projector), fed as
//! events commit; `log`, a live backlog and a player's export read their page from the store
//! from the index mark before it and project only that page ([`pages`]); `view`/`last_n` read
//! the index. The first read by a viewer builds the index in one pass over the stored log.
//!
//! # Timers
//!
//! Real-time timers (the end of a real-time exploration turn, any `start_timer`) fire on their
//! own: the [`scheduler`] sleeps until the earliest deadline of any table and sends
//! `timer_due` as the system actor, exactly once — also for deadlines that passed while the
//! server was down (they fire at start-up) and with several instances on one database. Time
//! comes from [`Server::clock`] (tests inject a `FakeClock` and call [`Server::scheduler`]`.wake()`).
//!
//! # Security
//!
//! - Tokens are 256 random bits, shown once, stored as SHA-256 ([`tokens`]). HTTP calls carry
//!   `Authorization: Bearer <token>`; the WebSocket takes it in its first message
//!   `{"type":"auth","token":"…"}` or as the subprotocol `delve.token.<token>` (browsers
//!   cannot set headers there; the old `?token=` is still accepted but ends up in logs). A
//!   token is valid only for its table; an invite token is never a credential for reads or
//!   commands. Every `/api` answer is `Cache-Control: no-store`.
//! - Every command runs as the token's participant (`Actor::Referee` or `Actor::Player`); the
//!   engine refuses a player acting for a character not bound to them.
//! - Every read is projected for the token's viewer on the server (`engine::projection`); a
//!   player's export is their own projection (format `delve-view`, not importable), never the
//!   stored log, so it carries no Referee-only event, seed or masked field.
//! - Request bodies are limited ([`Limits::body_bytes`], [`Limits::import_bytes`]) and must be
//!   declared `application/json` (imports: JSON Lines types), so another site's page cannot
//!   post a form or `text/plain` to the API. Requests naming a foreign `Host` (DNS rebinding)
//!   or coming from a foreign `Origin` are refused. Rate limits are keyed by client address
//!   and by token, table creation can need a key, and connections that are slow to send
//!   their headers or body are closed ([`guard`]). No CORS headers are sent. The server
//!   listens on loopback unless told otherwise; bound to all interfaces, its links carry the
//!   LAN address ([`default_public_url`]).
//! - `/api` answers are gzipped for clients that accept it ([`web::gzip_api`]), the live
//!   WebSocket excepted.
//! - Memory is bounded: tables unused for [`Limits::table_idle`] (and the least recently used
//!   past [`Limits::max_tables`]) are unloaded with their viewers' indexes
//!   ([`hub::Hub::evict`]); a viewer's index is bounded whatever the log's length.
//! - A player's command is checked against the player's seat again under the table's lock,
//!   right before it is decided: a player made to leave, or whose tokens were revoked, after
//!   their request was authenticated gets `403 not_seated` and nothing is stored
//!   ([`runner::recheck_seat`]).
//!
//! # Live stream
//!
//! `live` sends `{"type":"event","event":<ViewEvent>}` for every event the viewer may see with
//! `n > after`, then `{"type":"live","last_n":N}` once caught up, then new events as they are
//! committed, and a WebSocket ping every [`Limits::heartbeat`]. A client that falls more than
//! [`Limits::live_buffer`] events behind (or cannot take a message within
//! [`Limits::send_timeout`]) receives `{"type":"resume","after":N}` and a close frame with code
//! 4000 and reason `resume from N`; it reconnects with `after=N` and misses nothing. Server
//! shutdown closes live connections the same way (code 1001).

pub mod access;
pub mod api;
pub mod auth;
pub mod bodies;
pub mod cluster;
pub mod error;
pub mod forecasts;
pub mod guard;
pub mod hub;
pub mod live;
pub mod openapi;
pub mod pages;
pub mod runner;
pub mod scheduler;
pub mod tokens;
pub mod web;

pub use error::ApiError;
pub use tokens::{Grant, PgTokens, SqliteTokens, TokenRecord, TokenStore};

use engine::{Registry, SystemClock, WallClock};
use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use store::{EventStore, PostgresStore, SqliteStore, StoreError, Tables};
use tokio::net::TcpListener;

/// The limits the server enforces (each named in the errors it causes).
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest request body (bytes), except imports.
    pub body_bytes: usize,
    /// Largest import body (bytes).
    pub import_bytes: usize,
    /// Sustained commands per second per token (0: no limit).
    pub commands_per_second: f64,
    /// Commands a token may send at once before the rate applies.
    pub command_burst: f64,
    /// Sustained `/api` requests per second per client address (0: no limit).
    pub requests_per_second: f64,
    /// `/api` requests an address may send at once before the rate applies.
    pub request_burst: f64,
    /// Tables created or imported per minute per client address (0: no limit).
    pub tables_per_minute: f64,
    /// Tables an address may create at once before the rate applies.
    pub table_burst: f64,
    /// How long a connection may take to send a request's headers, and stay idle between
    /// requests.
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive.
    pub body_timeout: Duration,
    /// A loaded table nobody has touched for this long leaves memory (with its viewers' logs).
    pub table_idle: Duration,
    /// Loaded tables kept at most; past it the least recently used idle ones leave memory.
    pub max_tables: usize,
    /// Events a live connection may lag behind before it is told to resume.
    pub live_buffer: usize,
    /// Interval between WebSocket pings.
    pub heartbeat: Duration,
    /// How long one live message may take to send before the client is told to resume.
    pub send_timeout: Duration,
    /// Largest page of `log`.
    pub log_page: usize,
    /// Longest table, participant or character name (characters).
    pub name_chars: usize,
    /// Largest content-pack upload (bytes).
    pub pack_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 64 * 1024,
            import_bytes: 32 * 1024 * 1024,
            commands_per_second: 20.0,
            command_burst: 40.0,
            requests_per_second: 50.0,
            request_burst: 100.0,
            tables_per_minute: 10.0,
            table_burst: 10.0,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            table_idle: Duration::from_secs(300),
            max_tables: 256,
            live_buffer: 1024,
            heartbeat: Duration::from_secs(20),
            send_timeout: Duration::from_secs(10),
            log_page: 1000,
            name_chars: 100,
            pack_bytes: 4 * 1024 * 1024,
        }
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Api(#[from] ApiError),
}

/// What a started server reports.
#[derive(Debug, Clone)]
pub struct Ready {
    /// Base URL.
    pub url: String,
    /// The Referee link of the start-up table, if one was asked for.
    pub referee_link: Option<String>,
}

/// Shared state of the request handlers.
pub struct AppState {
    pub tables: Tables,
    pub tokens: Arc<dyn TokenStore>,
    pub hub: hub::Hub,
    pub limits: Limits,
    /// Base of the links handed out (`http://127.0.0.1:8080`).
    pub public_url: String,
    /// Allowed hosts and origins, rate limits, the creation key ([`guard`]).
    pub guard: guard::Guard,
    pub shutdown: tokio::sync::watch::Receiver<bool>,
    /// The wall clock of commands and timers.
    pub clock: Arc<dyn WallClock>,
    /// Wakes the deadline scheduler.
    pub scheduler: scheduler::Wake,
    /// The store is shared with other instances (it sends notices): reads catch up first.
    pub shared: bool,
    /// Commands waiting for their table's lock ([`runner::run_command`]).
    pub queues: runner::Queues,
    /// Signs exports and verifies imports.
    pub signing_key: store::ServerKey,
    /// The OpenAPI document as served, generated once on first request (the registry does
    /// not change while the server runs; generating walks every ruleset's command types).
    pub openapi: std::sync::OnceLock<String>,
    /// The forecast slots ([`forecasts::MAX_CONCURRENT_FORECASTS`] per server process).
    pub forecasts: forecasts::Forecasts,
}

/// A table to create at start-up (its Referee link is printed by the caller).
#[derive(Debug, Clone)]
pub struct StartTable {
    pub name: String,
    pub ruleset: String,
}

/// A server ready to run.
pub struct Server {
    pub store: Arc<dyn EventStore>,
    pub tokens: Arc<dyn TokenStore>,
    pub registry: Registry,
    pub limits: Limits,
    /// Base URL for links; when `None`, [`default_public_url`] of the bound address and the
    /// machine's LAN address ([`lan_address`]).
    pub public_url: Option<String>,
    /// Create this table before serving and report its Referee link through `on_ready`.
    pub start_table: Option<StartTable>,
    /// The wall clock of commands and timers ([`SystemClock`] unless a test injects one).
    pub clock: Arc<dyn WallClock>,
    /// Wakes this server's deadline scheduler (clone it before `serve`).
    pub scheduler: scheduler::Wake,
    /// Host names besides IP literals, `localhost` and the public URL's host that requests
    /// may name (`*`: any — a reverse proxy checks them) ([`guard::Hosts`]).
    pub allowed_hosts: Vec<String>,
    /// With a key, creating or importing a table needs it (`X-Create-Key`).
    pub create_key: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client for the rate limits
    /// ([`guard::Guard::client_ip`]); empty: the header is never read.
    pub trusted_proxies: Vec<guard::TrustedProxy>,
    /// Signs exports; imports signed by it are trusted ([`store::export::Trust`]). `new`
    /// generates one for this process only; `delve serve` keeps one beside the database.
    pub signing_key: store::ServerKey,
}

/// Opens (creating if needed) an SQLite database for both the event log and the token grants.
pub async fn open_sqlite(
    path: &Path,
) -> Result<(Arc<dyn EventStore>, Arc<dyn TokenStore>), ServerError> {
    let store = SqliteStore::open(path).await?;
    let tokens = SqliteTokens::open(path).await?;
    Ok((Arc::new(store), Arc::new(tokens)))
}

/// Opens (creating the schema if needed) a PostgreSQL database for both the event log and the
/// token grants (`postgres://user@host:port/database`).
pub async fn open_postgres(
    url: &str,
) -> Result<(Arc<dyn EventStore>, Arc<dyn TokenStore>), ServerError> {
    let store = PostgresStore::connect(url).await?;
    let tokens = PgTokens::new(store.pool().clone());
    Ok((Arc::new(store), Arc::new(tokens)))
}

/// Opens the database a `--database` value names: `postgres://…` or `postgresql://…` for
/// PostgreSQL; `sqlite:PATH` or `sqlite://PATH` for an SQLite file.
pub async fn open_database(
    spec: &str,
) -> Result<(Arc<dyn EventStore>, Arc<dyn TokenStore>), ServerError> {
    if spec.starts_with("postgres://") || spec.starts_with("postgresql://") {
        return open_postgres(spec).await;
    }
    let path = spec
        .strip_prefix("sqlite://")
        .or_else(|| spec.strip_prefix("sqlite:"))
        .filter(|p| !p.is_empty())
        .ok_or_else(|| {
            StoreError::Db(format!(
                "database `{spec}`: expected postgres://…, postgresql://…, sqlite:PATH or \
                 sqlite://PATH"
            ))
        })?;
    open_sqlite(Path::new(path)).await
}

/// The base URL links carry (invites, QR codes) when `--public-url` is not given.
///
/// Bound to an unspecified address (`0.0.0.0`, `::`) the server is reachable from other
/// machines, but `http://0.0.0.0:8080` names nothing a phone can open: the machine's LAN
/// address `lan` is used instead (from [`lan_address`]), and loopback when there is none.
/// Bound to any other address (loopback included) that address is the URL.
pub fn default_public_url(bound: SocketAddr, lan: Option<IpAddr>) -> String {
    let ip = match (bound.ip().is_unspecified(), lan) {
        (false, _) => bound.ip(),
        (true, Some(lan)) => lan,
        (true, None) if bound.is_ipv4() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        (true, None) => IpAddr::V6(Ipv6Addr::LOCALHOST),
    };
    format!("http://{}", SocketAddr::new(ip, bound.port()))
}

/// The address of the interface this machine would use to reach other machines, found
/// without sending anything: a UDP socket "connected" to a documentation address (TEST-NET-1,
/// `192.0.2.1`; for IPv6 `2001:db8::1`) only picks a route and a source address. IPv4 first;
/// IPv6 only when `v6` (the server listens on `::`). `None` when there is no route (offline).
pub fn lan_address(v6: bool) -> Option<IpAddr> {
    fn probe(bind: SocketAddr, to: SocketAddr) -> Option<IpAddr> {
        let socket = UdpSocket::bind(bind).ok()?;
        socket.connect(to).ok()?;
        let ip = socket.local_addr().ok()?.ip();
        (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
    }
    let v4 = probe(
        SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0)),
        SocketAddr::from((Ipv4Addr::new(192, 0, 2, 1), 9)),
    );
    v4.or_else(|| {
        v6.then(|| {
            probe(
                SocketAddr::from((Ipv6Addr::UNSPECIFIED, 0)),
                SocketAddr::from((Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1), 9)),
            )
        })
        .flatten()
    })
}

/// Every so often: unloads tables idle for [`Limits::table_idle`] (and the least recently
/// used past [`Limits::max_tables`]) and forgets rate-limit state of quiet clients.
async fn sweep(state: Arc<AppState>, mut stop: tokio::sync::watch::Receiver<bool>) {
    let every =
        (state.limits.table_idle / 4).clamp(Duration::from_millis(10), Duration::from_secs(30));
    let mut tick = tokio::time::interval(every);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                let gone = state.hub.evict(state.limits.table_idle, state.limits.max_tables);
                if gone > 0 {
                    tracing::debug!("unloaded {gone} idle tables");
                }
                state.guard.sweep();
            }
            _ = stop.changed() => return,
        }
    }
}

impl Server {
    pub fn new(
        store: Arc<dyn EventStore>,
        tokens: Arc<dyn TokenStore>,
        registry: Registry,
    ) -> Self {
        Server {
            store,
            tokens,
            registry,
            limits: Limits::default(),
            public_url: None,
            start_table: None,
            clock: Arc::new(SystemClock),
            scheduler: scheduler::Wake::new(),
            allowed_hosts: Vec::new(),
            create_key: None,
            trusted_proxies: Vec::new(),
            signing_key: store::ServerKey::generate(),
        }
    }

    /// Serves on `listener` until `shutdown` completes, then closes live connections and
    /// waits for requests in flight.
    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        self.serve_with(listener, shutdown, |_| {}).await
    }

    /// [`Server::serve`], calling `on_ready` with the links once listening (and the start-up
    /// table, if any, is created).
    pub async fn serve_with(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
        on_ready: impl FnOnce(&Ready),
    ) -> Result<(), ServerError> {
        let addr = listener.local_addr()?;
        let public_url = match self.public_url {
            Some(url) => url,
            None => {
                let lan = if addr.ip().is_unspecified() {
                    let lan = lan_address(addr.is_ipv6());
                    if lan.is_none() {
                        tracing::warn!(
                            "listening on {addr} but no network address was found (offline?): \
                             links use loopback, which only this machine can open; pass \
                             --public-url to set the address players should use"
                        );
                    }
                    lan
                } else {
                    None
                };
                default_public_url(addr, lan)
            }
        }
        .trim_end_matches('/')
        .to_string();
        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        // Listen before serving, so no append made after start-up goes unannounced.
        let notices = self.store.subscribe().await?;
        let state = Arc::new(AppState {
            tables: Tables::new(self.store, Arc::new(self.registry)),
            tokens: self.tokens,
            hub: hub::Hub::new(self.limits.live_buffer, self.limits.max_tables),
            guard: guard::Guard::new(
                &self.limits,
                // The bound address's own URL stays accepted besides the public one.
                guard::Hosts::new(&public_url, &self.allowed_hosts)
                    .with_origin(&format!("http://{addr}")),
                self.create_key.as_deref(),
            )
            .with_trusted_proxies(self.trusted_proxies),
            limits: self.limits,
            public_url,
            shutdown: stop_rx.clone(),
            clock: self.clock,
            scheduler: self.scheduler,
            shared: notices.is_some(),
            queues: runner::Queues::default(),
            signing_key: self.signing_key,
            openapi: std::sync::OnceLock::new(),
            forecasts: forecasts::Forecasts::default(),
        });
        let mut background = Vec::new();
        if let Some(notices) = notices {
            background.push(tokio::spawn(cluster::follow(
                state.clone(),
                notices,
                stop_rx.clone(),
            )));
        }
        // The first pass fires every deadline that passed while the server was down.
        background.push(tokio::spawn(scheduler::run(state.clone(), stop_rx.clone())));
        background.push(tokio::spawn(sweep(state.clone(), stop_rx)));
        let mut ready = Ready {
            url: state.public_url.clone(),
            referee_link: None,
        };
        if let Some(start) = self.start_table {
            let (id, token) = api::new_table(
                &state,
                start.ruleset,
                start.name,
                "Referee".into(),
                serde_json::Value::Null,
            )
            .await?;
            ready.referee_link = Some(api::table_link(&state, &id, &token));
        }
        on_ready(&ready);
        let limits = state.limits.clone();
        let app = api::router(state);
        guard::serve_connections(listener, app, &limits, async move {
            shutdown.await;
            // Live connections, the scheduler and the follower watch this and stop (graceful
            // shutdown waits for the connections).
            let _ = stop_tx.send(true);
        })
        .await?;
        for task in background {
            // They stop on the watch above; a panicked one has nothing left to clean up.
            let _ = task.await;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(s: &str) -> SocketAddr {
        s.parse().expect("socket address")
    }

    #[test]
    fn public_url_defaults_to_the_lan_address_when_bound_to_all() {
        let lan: IpAddr = "192.168.1.23".parse().expect("ip");
        assert_eq!(
            default_public_url(addr("0.0.0.0:8080"), Some(lan)),
            "http://192.168.1.23:8080"
        );
        assert_eq!(
            default_public_url(addr("[::]:8080"), Some(lan)),
            "http://192.168.1.23:8080"
        );
        let lan6: IpAddr = "fd00::5".parse().expect("ip");
        assert_eq!(
            default_public_url(addr("[::]:9000"), Some(lan6)),
            "http://[fd00::5]:9000"
        );
        // No network: loopback of the same family, never 0.0.0.0.
        assert_eq!(
            default_public_url(addr("0.0.0.0:8080"), None),
            "http://127.0.0.1:8080"
        );
        assert_eq!(
            default_public_url(addr("[::]:8080"), None),
            "http://[::1]:8080"
        );
    }

    #[test]
    fn public_url_keeps_a_specific_bound_address() {
        let lan: IpAddr = "192.168.1.23".parse().expect("ip");
        assert_eq!(
            default_public_url(addr("127.0.0.1:8080"), Some(lan)),
            "http://127.0.0.1:8080"
        );
        assert_eq!(
            default_public_url(addr("[::1]:80"), None),
            "http://[::1]:80"
        );
        assert_eq!(
            default_public_url(addr("10.0.0.7:8080"), Some(lan)),
            "http://10.0.0.7:8080"
        );
    }

    #[test]
    fn the_guard_accepts_the_default_public_url_and_what_it_accepted_before() {
        let bound = addr("0.0.0.0:8080");
        let public = default_public_url(bound, "192.168.1.23".parse().ok());
        let hosts = guard::Hosts::new(&public, &[]).with_origin(&format!("http://{bound}"));
        for host in [
            "192.168.1.23:8080",
            "127.0.0.1:8080",
            "localhost:8080",
            "0.0.0.0:8080",
        ] {
            assert!(hosts.host_allowed(host), "{host}");
            assert!(
                hosts.origin_allowed(&format!("http://{host}"), Some(host)),
                "{host}"
            );
        }
        // A page served from loopback calling the LAN address, and the old bound origin.
        assert!(hosts.origin_allowed("http://192.168.1.23:8080", Some("127.0.0.1:8080")));
        assert!(hosts.origin_allowed("http://0.0.0.0:8080", Some("192.168.1.23:8080")));
        assert!(!hosts.host_allowed("evil.example"));
        assert!(!hosts.origin_allowed("http://evil.example", Some("192.168.1.23:8080")));
    }

    #[test]
    fn the_lan_address_is_never_loopback_or_unspecified() {
        // Whatever this machine's network (none in a sandbox): never 0.0.0.0 nor 127.0.0.1.
        if let Some(ip) = lan_address(true) {
            assert!(!ip.is_loopback() && !ip.is_unspecified(), "{ip}");
        }
    }
}
