//! The server's edge against hostile traffic: which hosts and origins it answers, the rate
//! limits keyed by client address and by token, the optional creation key, and the HTTP
//! connection timeouts ([`serve_connections`]).
//!
//! # Hosts and origins (DNS rebinding, cross-site requests)
//!
//! A request is answered only if its `Host` names this server: an IP literal (a browser
//! sends the name it resolved, so a rebound attacker's name is never an IP literal),
//! `localhost`, the host of the public URL, or a host given with `--allowed-host` (`*`
//! accepts any, for a reverse proxy that checks it). A request carrying `Origin` (every
//! cross-origin fetch, every browser WebSocket) must come from this server's own origin:
//! the same scheme-less authority as its `Host`, the public URL's origin, or an allowed
//! host. Refusals are `403 bad_host` / `403 bad_origin`.
//!
//! # Rate limits
//!
//! Generic cell-rate limiters of the `governor` crate, keyed by the client's address (an
//! IPv6 address by its /64, where one machine usually holds many addresses) and by token:
//! every `/api` request takes a cell from its address ([`crate::Limits::requests_per_second`]);
//! a command also from its token ([`crate::Limits::commands_per_second`]); creating or
//! importing a table also from its address ([`crate::Limits::tables_per_minute`]). So opening
//! new connections no longer resets anything. Refused: `429 rate_limited`, naming the limit,
//! with `Retry-After`.
//!
//! # Behind a reverse proxy
//!
//! Behind a proxy every client arrives from the proxy's address. With `--trusted-proxy ADDR`
//! (an address or a network such as `10.0.0.0/8`; repeatable; env `DELVE_TRUSTED_PROXY`,
//! comma-separated) a request whose TCP peer is a trusted proxy is keyed by the address its
//! `X-Forwarded-For` names: the right-most hop that is not itself a trusted proxy (each proxy
//! appends the address it received the request from, so every hop left of that one is the
//! client's own say and could be forged). From any other peer the header is ignored
//! ([`Guard::client_ip`]). A hop that is not an IP address ends the walk at the last
//! trusted proxy.
//!
//! # Creation key
//!
//! With a creation key (`delve serve --create-key`, env `DELVE_CREATE_KEY`), `POST
//! /api/tables` and `POST /api/tables/import` need the header `X-Create-Key: <key>` (401
//! `create_key_required` without it, 403 `bad_create_key` with another one). Only the key's
//! SHA-256 is kept and compared.
//!
//! # Timeouts
//!
//! A connection must send a request's complete headers within
//! [`crate::Limits::header_timeout`] of the server starting to wait for them — which is also
//! how long an idle keep-alive connection stays open — and its body within
//! [`crate::Limits::body_timeout`] (`408 body_timeout`). Slowloris sockets are closed instead
//! of piling up.

use crate::error::ApiError;
use crate::{AppState, Limits};
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use sha2::{Digest, Sha256};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// The header carrying the creation key.
pub const CREATE_KEY_HEADER: &str = "x-create-key";

/// Which `Host` and `Origin` values the server answers.
#[derive(Debug, Clone, Default)]
pub struct Hosts {
    /// Accept any host (`--allowed-host '*'`: a reverse proxy checks it).
    any: bool,
    /// Host names (lower case, no port) besides IP literals and `localhost`.
    names: Vec<String>,
    /// The `--allowed-host` names: pages there may call this server.
    origin_names: Vec<String>,
    /// The public URL's origin (`scheme://authority`, lower case), if given.
    public_origin: Option<String>,
    /// Further origins of this server (the bound address's, when the public URL differs).
    more_origins: Vec<String>,
}

impl Hosts {
    /// From the public URL the links use and the `--allowed-host` values (`*`: any; a value
    /// may carry a port, which is ignored).
    pub fn new(public_url: &str, allowed: &[String]) -> Self {
        let mut hosts = Hosts::default();
        let public = public_url.trim_end_matches('/').to_ascii_lowercase();
        if let Some((_, authority)) = public.split_once("://") {
            let authority = authority.split('/').next().unwrap_or_default();
            hosts.names.push(host_of(authority).to_string());
            hosts.public_origin = Some(public.split('/').take(3).collect::<Vec<_>>().join("/"));
        }
        for a in allowed {
            let a = a.trim().to_ascii_lowercase();
            if a == "*" {
                hosts.any = true;
            } else if !a.is_empty() {
                let a = a.split_once("://").map_or(a.as_str(), |(_, rest)| rest);
                hosts.names.push(host_of(a).to_string());
                hosts.origin_names.push(host_of(a).to_string());
            }
        }
        hosts
    }

    /// Also accepts `url`'s origin (and host), e.g. the bound address's `http://0.0.0.0:8080`
    /// when the public URL names the LAN address instead.
    pub fn with_origin(mut self, url: &str) -> Self {
        let url = url.trim_end_matches('/').to_ascii_lowercase();
        if let Some((_, authority)) = url.split_once("://") {
            let authority = authority.split('/').next().unwrap_or_default();
            self.names.push(host_of(authority).to_string());
            self.more_origins
                .push(url.split('/').take(3).collect::<Vec<_>>().join("/"));
        }
        self
    }

    /// Whether a `Host` value (`name[:port]`) names this server.
    pub fn host_allowed(&self, host: &str) -> bool {
        if self.any {
            return true;
        }
        let name = host_of(host).to_ascii_lowercase();
        name == "localhost"
            || name
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
                .is_ok()
            || self.names.contains(&name)
    }

    /// Whether an `Origin` value may call this server, given the request's `Host`.
    pub fn origin_allowed(&self, origin: &str, host: Option<&str>) -> bool {
        if self.any {
            return true;
        }
        let origin = origin.trim().to_ascii_lowercase();
        if self.public_origin.as_deref() == Some(origin.as_str())
            || self.more_origins.contains(&origin)
        {
            return true;
        }
        let Some((scheme, authority)) = origin.split_once("://") else {
            return false; // `null` (sandboxed pages, files) and anything malformed
        };
        if !matches!(scheme, "http" | "https") {
            return false;
        }
        let same = host.is_some_and(|h| h.eq_ignore_ascii_case(authority));
        let named = self.origin_names.iter().any(|n| n == host_of(authority));
        (same && self.host_allowed(authority)) || named
    }
}

/// The host part of `name[:port]` or `[v6]:port`.
fn host_of(authority: &str) -> &str {
    if authority.starts_with('[') {
        return authority
            .find(']')
            .map_or(authority, |end| &authority[..=end]);
    }
    match authority.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => authority,
    }
}

/// A proxy whose `X-Forwarded-For` is believed: one address (`10.0.0.2`, `::1`) or a network
/// (`10.0.0.0/8`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrustedProxy {
    net: IpAddr,
    prefix: u8,
}

impl std::str::FromStr for TrustedProxy {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (addr, prefix) = match text.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (text, None),
        };
        let net = canonical(
            addr.trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
                .map_err(|_| format!("`{text}` is not an IP address or network (ADDR[/BITS])"))?,
        );
        let max = if net.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= max)
                .ok_or_else(|| format!("`{text}`: the prefix must be 0…{max} bits"))?,
        };
        Ok(TrustedProxy { net, prefix })
    }
}

impl TrustedProxy {
    /// Whether `ip` (canonical: IPv4-mapped IPv6 as IPv4) is in this network.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.net, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// IPv4-mapped IPv6 addresses as IPv4, others as they are.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// One `X-Forwarded-For` hop: `1.2.3.4`, `1.2.3.4:5678`, `::1` or `[::1]:5678`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| {
            hop.trim_start_matches('[')
                .trim_end_matches(']')
                .parse()
                .ok()
        })
        .map(canonical)
}

/// Hops of `X-Forwarded-For` looked at, at most (right-most first); a longer chain is cut.
pub const MAX_FORWARDED_HOPS: usize = 32;

/// The client's address as the rate limits see it, put on every request by [`edge`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The rate limiters and the creation key.
pub struct Guard {
    pub hosts: Hosts,
    /// Proxies whose `X-Forwarded-For` names the client.
    trusted: Vec<TrustedProxy>,
    requests: Limiter<IpAddr>,
    commands: Limiter<[u8; 32]>,
    tables: Limiter<IpAddr>,
    create_key: Option<[u8; 32]>,
}

/// One keyed limiter and how to name it in a refusal.
struct Limiter<K: std::hash::Hash + Eq + Clone> {
    /// `None`: no limit (a rate of 0).
    limiter: Option<DefaultKeyedRateLimiter<K>>,
    rule: &'static str,
    what: String,
}

impl<K: std::hash::Hash + Eq + Clone> Limiter<K> {
    /// `per`: cells per `unit` (0 or less: no limit); `burst`: cells available at once.
    fn new(per: f64, unit: Duration, burst: f64, rule: &'static str, what: String) -> Self {
        if per.is_nan() || per <= 0.0 {
            return Limiter {
                limiter: None,
                rule,
                what,
            };
        }
        let per = per.min(1e9);
        let period = unit.div_f64(per).max(Duration::from_nanos(1));
        // `max(1.0)` and the cap keep it in 1..=u32::MAX, so the fallback is never taken.
        let burst = NonZeroU32::new(burst.clamp(1.0, f64::from(u32::MAX)) as u32)
            .unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst);
        Limiter {
            limiter: Some(DefaultKeyedRateLimiter::keyed(quota)),
            rule,
            what,
        }
    }

    fn check(&self, key: &K) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("{}; retry in {} ms", self.what, wait.as_millis().max(1)),
            )
            .rule(self.rule)
            .retry_after(wait)
        })
    }

    fn sweep(&self) {
        if let Some(limiter) = &self.limiter {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

impl Guard {
    pub fn new(limits: &Limits, hosts: Hosts, create_key: Option<&str>) -> Self {
        let second = Duration::from_secs(1);
        Guard {
            hosts,
            trusted: Vec::new(),
            requests: Limiter::new(
                limits.requests_per_second,
                second,
                limits.request_burst,
                "limits.requests_per_second",
                format!(
                    "more than {} requests per second from this address",
                    limits.requests_per_second
                ),
            ),
            commands: Limiter::new(
                limits.commands_per_second,
                second,
                limits.command_burst,
                "limits.commands_per_second",
                format!(
                    "more than {} commands per second with this token",
                    limits.commands_per_second
                ),
            ),
            tables: Limiter::new(
                limits.tables_per_minute,
                Duration::from_secs(60),
                limits.table_burst,
                "limits.tables_per_minute",
                format!(
                    "more than {} tables created or imported per minute from this address",
                    limits.tables_per_minute
                ),
            ),
            create_key: create_key
                .filter(|k| !k.is_empty())
                .map(|k| Sha256::digest(k.as_bytes()).into()),
        }
    }

    /// Trusts these proxies' `X-Forwarded-For` (see the module docs).
    pub fn with_trusted_proxies(mut self, trusted: Vec<TrustedProxy>) -> Self {
        self.trusted = trusted;
        self
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|t| t.contains(ip))
    }

    /// The client address a request is keyed by: its TCP peer, or, when the peer is a trusted
    /// proxy, the right-most `X-Forwarded-For` hop that is not a trusted proxy (every hop
    /// trusted: the left-most; a hop that is not an address: the proxy that sent it). The
    /// header of an untrusted peer is never read.
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = canonical(peer);
        if !self.trusts(client) {
            return client;
        }
        let hops: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .collect();
        for hop in hops.iter().rev().take(MAX_FORWARDED_HOPS) {
            match parse_hop(hop) {
                Some(ip) if !self.trusts(ip) => return ip,
                Some(ip) => client = ip,
                None => return client,
            }
        }
        client
    }

    /// Whether creating or importing a table needs the creation key.
    pub fn needs_create_key(&self) -> bool {
        self.create_key.is_some()
    }

    /// Takes a command from the token's allowance.
    pub fn check_command(&self, token: &str) -> Result<(), ApiError> {
        self.commands
            .check(&Sha256::digest(token.as_bytes()).into())
    }

    /// Checks the creation key (if the server has one) and takes a table from the client
    /// address's allowance.
    pub fn check_create(
        &self,
        client: Option<IpAddr>,
        headers: &HeaderMap,
    ) -> Result<(), ApiError> {
        if let Some(key) = &self.create_key {
            let given = headers
                .get(CREATE_KEY_HEADER)
                .ok_or_else(|| {
                    ApiError::new(
                        StatusCode::UNAUTHORIZED,
                        "create_key_required",
                        "this server creates tables only with its creation key \
                         (header `X-Create-Key`)",
                    )
                    .rule("serve.create_key")
                })?
                .as_bytes();
            let given: [u8; 32] = Sha256::digest(given).into();
            if given != *key {
                return Err(ApiError::forbidden(
                    "bad_create_key",
                    "the `X-Create-Key` header does not hold this server's creation key",
                )
                .rule("serve.create_key"));
            }
        }
        match client {
            Some(client) => self.tables.check(&client_key(client)),
            None => Ok(()),
        }
    }

    /// Forgets the allowance of clients idle long enough to have a full one again.
    pub fn sweep(&self) {
        self.requests.sweep();
        self.commands.sweep();
        self.tables.sweep();
    }
}

/// The rate-limit key of a client address: IPv4 as is (and IPv4-mapped IPv6 as IPv4), IPv6
/// by its /64.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// Middleware on every route: refuses a foreign `Host` or `Origin`, rate-limits `/api` by
/// client address, and marks every `/api` answer `Cache-Control: no-store` (some carry
/// tokens; none is worth caching).
pub async fn edge(State(state): State<Arc<AppState>>, mut req: Request, next: Next) -> Response {
    if let Some(ConnectInfo(peer)) = req.extensions().get::<ConnectInfo<SocketAddr>>() {
        let client = state.guard.client_ip(peer.ip(), req.headers());
        req.extensions_mut().insert(ClientAddr(client));
    }
    let headers = req.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let host = host.or_else(|| req.uri().authority().map(|a| a.as_str()));
    let api = req.uri().path().starts_with("/api/");
    if let Err(e) = check_edge(&state, &req, host, api) {
        return no_store(e.into_response(), api);
    }
    no_store(next.run(req).await, api)
}

fn check_edge(
    state: &AppState,
    req: &Request,
    host: Option<&str>,
    api: bool,
) -> Result<(), ApiError> {
    let hosts = &state.guard.hosts;
    match host {
        Some(h) if hosts.host_allowed(h) => {}
        _ => {
            return Err(ApiError::forbidden(
                "bad_host",
                "the Host header does not name this server (see `delve serve --allowed-host`)",
            )
            .rule("serve.allowed_host"));
        }
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let ok = origin.to_str().is_ok_and(|o| hosts.origin_allowed(o, host));
        if !ok {
            return Err(ApiError::forbidden(
                "bad_origin",
                "requests from another site's pages are refused (see `delve serve --allowed-host`)",
            )
            .rule("serve.allowed_host"));
        }
    }
    if api && let Some(ClientAddr(client)) = req.extensions().get::<ClientAddr>() {
        state.guard.requests.check(&client_key(*client))?;
    }
    Ok(())
}

fn no_store(mut resp: Response, api: bool) -> Response {
    if api {
        resp.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    resp
}

/// Refuses a body that is not declared as one of `types` (`415 unsupported_media_type`):
/// a page on another site can send `text/plain` or form bodies without asking first, but not
/// JSON.
pub fn require_content_type(headers: &HeaderMap, types: &[&str]) -> Result<(), ApiError> {
    let declared = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or_default()
                .trim()
                .to_ascii_lowercase()
        });
    match declared {
        Some(t) if types.contains(&t.as_str()) => Ok(()),
        other => Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            format!(
                "the body must be sent as `Content-Type: {}` (got {})",
                types.join("` or `"),
                other.map_or_else(|| "none".to_string(), |t| format!("`{t}`")),
            ),
        )
        .rule("api.content_type")),
    }
}

/// Serves HTTP/1.1 connections (with upgrades, for the WebSocket) from `listener` with `app`
/// until `shutdown`, with the header/idle timeout of `limits`; then lets requests in flight
/// finish. Every request carries its client's address (`ConnectInfo<SocketAddr>`).
///
/// HTTP/1 only: hyper-util's automatic HTTP/1-or-2 detection reads the first bytes with no
/// timeout (an idle socket would be kept forever), and browsers speak HTTP/2 only over TLS,
/// which a reverse proxy in front terminates.
pub async fn serve_connections(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    limits: &Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;

    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    // Each connection task holds a receiver: all are gone once every connection has ended.
    let (signal_tx, signal_rx) = tokio::sync::watch::channel(());
    let (close_tx, close_rx) = tokio::sync::watch::channel(());
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors or a connection reset before accept: wait and go on
                    // (as axum's own loop does).
                    tracing::debug!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let svc = app
            .clone()
            .map_request(move |mut req: Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.map(Body::new)
            });
        let svc = hyper_util::service::TowerToHyperService::new(svc);
        let conn = builder
            .serve_connection(TokioIo::new(stream), svc)
            .with_upgrades();
        let mut signal = signal_rx.clone();
        let close = close_rx.clone();
        tokio::spawn(async move {
            tokio::pin!(conn);
            loop {
                tokio::select! {
                    result = conn.as_mut() => {
                        if let Err(e) = result {
                            tracing::debug!("connection from {peer}: {e}");
                        }
                        break;
                    }
                    _ = signal.changed() => conn.as_mut().graceful_shutdown(),
                }
            }
            drop(close);
        });
    }
    drop(listener);
    drop(signal_rx);
    // Tells every connection to finish its request in flight and close.
    let _ = signal_tx.send(());
    drop(close_rx);
    close_tx.closed().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sec_hosts_09_ip_literals_localhost_public_and_allowed_names() {
        let h = Hosts::new(
            "https://dungeon.example.org",
            &["games.example.net:443".into()],
        );
        for ok in [
            "127.0.0.1:8080",
            "[::1]:8080",
            "10.0.0.7",
            "localhost:8080",
            "LOCALHOST",
            "dungeon.example.org",
            "games.example.net:8443",
        ] {
            assert!(h.host_allowed(ok), "{ok}");
        }
        for bad in [
            "attacker.example",
            "127.0.0.1.attacker.example:8080",
            "example.org",
            "",
        ] {
            assert!(!h.host_allowed(bad), "{bad}");
        }
        assert!(h.origin_allowed("http://127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(h.origin_allowed("https://dungeon.example.org", Some("10.0.0.1")));
        assert!(!h.origin_allowed("http://127.0.0.1:3000", Some("127.0.0.1:8080")));
        assert!(!h.origin_allowed("http://attacker.example", Some("127.0.0.1:8080")));
        assert!(!h.origin_allowed("null", Some("127.0.0.1:8080")));
        assert!(Hosts::new("http://x", &["*".into()]).host_allowed("anything.example"));
    }

    #[test]
    fn sec_rate_06_ipv6_keyed_by_its_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().expect("ip");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let mapped: IpAddr = "::ffff:10.1.2.3".parse().expect("ip");
        assert_eq!(
            client_key(mapped),
            "10.1.2.3".parse::<IpAddr>().expect("ip")
        );
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", HeaderValue::from_str(v).expect("header"));
        }
        h
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("ip")
    }

    /// `--trusted-proxy`: the header is read only from a trusted peer, right to left, skipping
    /// trusted hops; forged hops left of the first untrusted one are never taken.
    #[test]
    fn sec_proxy_06_forwarded_for_only_from_trusted_proxies() {
        let limits = Limits::default();
        let plain = Guard::new(&limits, Hosts::default(), None);
        let h = forwarded(&["203.0.113.9"]);
        // No trusted proxy: the header is ignored.
        assert_eq!(plain.client_ip(ip("127.0.0.1"), &h), ip("127.0.0.1"));
        let trusted: Vec<TrustedProxy> = ["127.0.0.1", "10.0.0.0/8", "fd00::/8"]
            .iter()
            .map(|t| t.parse().expect("proxy"))
            .collect();
        let g = Guard::new(&limits, Hosts::default(), None).with_trusted_proxies(trusted);
        assert_eq!(g.client_ip(ip("127.0.0.1"), &h), ip("203.0.113.9"));
        // An untrusted peer's header is ignored even when it names a trusted proxy.
        assert_eq!(
            g.client_ip(ip("198.51.100.7"), &forwarded(&["10.0.0.1, 1.2.3.4"])),
            ip("198.51.100.7")
        );
        // The right-most untrusted hop: what the client wrote itself (left) is not believed.
        let chain = forwarded(&["6.6.6.6, 203.0.113.9, 10.1.2.3"]);
        assert_eq!(g.client_ip(ip("127.0.0.1"), &chain), ip("203.0.113.9"));
        // Several headers are one list, in order.
        let split = forwarded(&["6.6.6.6", "203.0.113.9:4711", "10.1.2.3"]);
        assert_eq!(g.client_ip(ip("127.0.0.1"), &split), ip("203.0.113.9"));
        // Every hop trusted: the left-most; no header: the proxy itself.
        assert_eq!(
            g.client_ip(ip("127.0.0.1"), &forwarded(&["10.0.0.5, 10.0.0.6"])),
            ip("10.0.0.5")
        );
        assert_eq!(
            g.client_ip(ip("127.0.0.1"), &HeaderMap::new()),
            ip("127.0.0.1")
        );
        // Garbage stops the walk at the proxy that sent it.
        assert_eq!(
            g.client_ip(ip("127.0.0.1"), &forwarded(&["1.2.3.4, unknown, 10.0.0.9"])),
            ip("10.0.0.9")
        );
        // IPv6 and IPv4-mapped peers.
        assert_eq!(
            g.client_ip(ip("fd00::1"), &forwarded(&["[2001:db8::1]:443"])),
            ip("2001:db8::1")
        );
        assert_eq!(
            g.client_ip(ip("::ffff:127.0.0.1"), &forwarded(&["203.0.113.9"])),
            ip("203.0.113.9")
        );
        for bad in ["", "proxy.example", "10.0.0.0/33", "::1/129", "1.2.3.4/x"] {
            assert!(bad.parse::<TrustedProxy>().is_err(), "{bad}");
        }
        let any: TrustedProxy = "0.0.0.0/0".parse().expect("all v4");
        assert!(any.contains(ip("8.8.8.8")) && !any.contains(ip("::1")));
    }

    #[test]
    fn sec_content_type_09_json_only() {
        let mut h = HeaderMap::new();
        assert!(require_content_type(&h, &["application/json"]).is_err());
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
        let e = require_content_type(&h, &["application/json"]).expect_err("refused");
        assert_eq!(e.status, 415);
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("Application/JSON; charset=utf-8"),
        );
        assert!(require_content_type(&h, &["application/json"]).is_ok());
    }
}
