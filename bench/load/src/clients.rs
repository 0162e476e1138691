//! Simulated participants: table set-up over the public API, HTTP command loops (closed and
//! open), and live WebSocket readers.

use crate::Res;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A fresh HTTP client: one keep-alive connection to the server, like one browser tab.
pub fn http_client() -> Res<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .pool_max_idle_per_host(1)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(60))
        .build()?)
}

/// POSTs JSON; any status but 2xx is an error carrying the server's answer.
pub async fn post(
    http: &reqwest::Client,
    url: &str,
    token: Option<&str>,
    body: &Value,
) -> Res<Value> {
    let mut req = http.post(url).json(body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let resp = req.send().await?;
    let status = resp.status();
    let text = resp.text().await?;
    if !status.is_success() {
        return Err(format!("POST {url}: {status}: {text}").into());
    }
    Ok(serde_json::from_str(&text)?)
}

fn field(v: &Value, key: &str) -> Res<String> {
    v[key]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("no `{key}` in {v}").into())
}

/// A seated player.
#[derive(Clone)]
pub struct Player {
    pub table: String,
    pub token: String,
    /// The demo character bound to the player (None for open invites).
    pub character: Option<String>,
}

/// A `demo` table with its Referee token and `players` seated players.
pub struct TableSetup {
    pub id: String,
    pub referee: String,
    pub players: Vec<Player>,
}

/// Creates a `demo` table and seats `players` players, each bound to a character of their own
/// when `characters` is set. Uses one HTTP connection per table (the Referee's commands stay
/// within the default command burst for up to 40 players).
pub async fn setup_table(
    base: &str,
    name: String,
    players: usize,
    characters: bool,
) -> Res<TableSetup> {
    let http = http_client()?;
    let created = post(
        &http,
        &format!("{base}/api/tables"),
        None,
        &json!({"ruleset": "demo", "name": name}),
    )
    .await?;
    let id = field(&created, "id")?;
    let referee = field(&created, "referee_token")?;
    let mut seated = Vec::with_capacity(players);
    for k in 1..=players {
        let character = characters.then(|| format!("c{k}"));
        if let Some(c) = &character {
            post(
                &http,
                &format!("{base}/api/tables/{id}/commands"),
                Some(&referee),
                &json!({"rules": {"create": {"character": c}}}),
            )
            .await?;
        }
        let invite = post(
            &http,
            &format!("{base}/api/tables/{id}/invites"),
            Some(&referee),
            &json!({ "character": character }),
        )
        .await?;
        let joined = post(
            &http,
            &format!("{base}/api/join"),
            None,
            &json!({"invite": field(&invite, "invite")?, "name": format!("p{k}")}),
        )
        .await?;
        seated.push(Player {
            table: id.clone(),
            token: field(&joined, "player_token")?,
            character,
        });
    }
    Ok(TableSetup {
        id,
        referee,
        players: seated,
    })
}

/// The samples of one command loop.
#[derive(Default)]
pub struct LoopResult {
    /// Latency of every acknowledged command that started inside the measured window.
    pub latencies: Vec<Duration>,
    /// Acknowledged commands started inside the window.
    pub ok: u64,
    /// Acknowledged commands that completed inside the window (the achieved rate).
    pub done_in_window: u64,
    /// Open loop: commands never sent because the server was too far behind at the deadline.
    pub unsent: u64,
    /// Refusals and failures by `status code` (inside the window or not).
    pub errors: BTreeMap<String, u64>,
}

impl LoopResult {
    pub fn merge(&mut self, other: LoopResult) {
        self.latencies.extend(other.latencies);
        self.ok += other.ok;
        self.done_in_window += other.done_in_window;
        self.unsent += other.unsent;
        for (k, v) in other.errors {
            *self.errors.entry(k).or_default() += v;
        }
    }
}

/// One command: `Ok(())` when acknowledged (2xx), else the status and error code.
async fn send(http: &reqwest::Client, url: &str, token: &str, body: &str) -> Result<(), String> {
    let resp = http
        .post(url)
        .bearer_auth(token)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .body(body.to_string())
        .send()
        .await
        .map_err(|e| format!("transport: {e}"))?;
    let status = resp.status();
    let text = resp.text().await.map_err(|e| format!("transport: {e}"))?;
    if status.is_success() {
        return Ok(());
    }
    let code = serde_json::from_str::<Value>(&text)
        .ok()
        .and_then(|v| v["code"].as_str().map(str::to_string))
        .unwrap_or_default();
    Err(format!("{} {code}", status.as_u16()))
}

/// The command a player sends: +1 to their own character's counter.
pub fn add_body(player: &Player) -> String {
    json!({"rules": {"add": {"character": player.character, "amount": 1}}}).to_string()
}

/// Closed loop: send the next command as soon as the previous one is acknowledged, until
/// `end`; samples count from `measure_from`.
pub async fn closed_loop(
    base: String,
    player: Player,
    measure_from: Instant,
    end: Instant,
) -> Res<LoopResult> {
    let http = http_client()?;
    let url = format!("{base}/api/tables/{}/commands", player.table);
    let body = add_body(&player);
    let mut out = LoopResult::default();
    loop {
        let start = Instant::now();
        if start >= end {
            break;
        }
        let result = send(&http, &url, &player.token, &body).await;
        let took = start.elapsed();
        let done = start + took;
        if result.is_ok() && done >= measure_from && done < end {
            out.done_in_window += 1;
        }
        match result {
            Ok(()) if start >= measure_from => {
                out.ok += 1;
                out.latencies.push(took);
            }
            Ok(()) => {}
            Err(e) => *out.errors.entry(e).or_default() += 1,
        }
    }
    Ok(out)
}

/// How long an open loop keeps sending after its schedule ended.
pub const DRAIN: Duration = Duration::from_secs(5);

/// Open loop at `rate` commands per second from a random phase: each command has a scheduled
/// time and its latency counts from that time, so a server that falls behind shows the whole
/// wait (no coordinated omission). Schedules until `end`; samples count from `measure_from`.
/// Commands still unsent [`DRAIN`] after `end` are counted as `unsent`, not sent (bounded).
pub async fn open_loop(
    base: String,
    player: Player,
    rate: f64,
    start: Instant,
    measure_from: Instant,
    end: Instant,
) -> Res<LoopResult> {
    let http = http_client()?;
    let url = format!("{base}/api/tables/{}/commands", player.table);
    let body = add_body(&player);
    let period = Duration::from_secs_f64(1.0 / rate);
    let phase = period.mul_f64(rand::random::<f64>());
    let mut out = LoopResult::default();
    for i in 0u32.. {
        let due = start + phase + period * i;
        if due >= end {
            break;
        }
        if Instant::now() >= end + DRAIN {
            out.unsent += 1;
            continue;
        }
        tokio::time::sleep_until(due.into()).await;
        let result = send(&http, &url, &player.token, &body).await;
        let took = due.elapsed();
        let done = due + took;
        if result.is_ok() && done >= measure_from && done < end {
            out.done_in_window += 1;
        }
        match result {
            Ok(()) if due >= measure_from => {
                out.ok += 1;
                out.latencies.push(took);
            }
            Ok(()) => {}
            Err(e) => *out.errors.entry(e).or_default() += 1,
        }
    }
    Ok(out)
}

#[derive(Deserialize)]
struct LiveMsg {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    event: Option<LiveEvent>,
    #[serde(default)]
    last_n: Option<u64>,
}

#[derive(Deserialize)]
struct LiveEvent {
    n: u64,
}

/// Read buffer of a client's WebSocket (bytes).
const CLIENT_READ_BUFFER: usize = 8 * 1024;

/// Opens a live connection and reads until the server says it is caught up; returns the socket
/// and the last `n` delivered.
pub async fn connect_live(ws_base: &str, table: &str, token: &str) -> Res<(Ws, u64)> {
    let url = format!("{ws_base}/api/tables/{table}/live?token={token}");
    // tungstenite zero-fills its whole read buffer (128 KiB by default) on every read attempt;
    // live messages are small, so a small buffer keeps the client's CPU share down.
    let config = WebSocketConfig::default().read_buffer_size(CLIENT_READ_BUFFER);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true).await?;
    let mut last = 0;
    while let Some(msg) = ws.next().await {
        if let Message::Text(text) = msg? {
            let m: LiveMsg = serde_json::from_str(text.as_str())?;
            match (m.kind.as_str(), m.event, m.last_n) {
                ("event", Some(e), _) => last = e.n,
                ("live", _, Some(n)) => return Ok((ws, n.max(last))),
                _ => return Err(format!("unexpected live message: {}", text.as_str()).into()),
            }
        }
    }
    Err("live connection closed before it was caught up".into())
}

/// Counters shared by the live readers of one scenario.
#[derive(Default)]
pub struct LiveStats {
    pub events: AtomicU64,
    /// Events whose `n` was not the previous `n` + 1 (a gap or a duplicate).
    pub out_of_order: AtomicU64,
    /// `resume` notices (the server found the client too slow).
    pub resumes: AtomicU64,
    /// Connections that ended before the scenario stopped them.
    pub ended_early: AtomicU64,
}

/// Reads a live connection until `stop` fires, counting events and checking their numbering.
/// `marks`, if given, records the instant of every event whose text contains `MARK<k>;`
/// (index k) — the fan-out probe.
pub async fn read_live(
    mut ws: Ws,
    mut last_n: u64,
    stats: Arc<LiveStats>,
    mut stop: watch::Receiver<bool>,
    mut marks: Option<Vec<Option<Instant>>>,
) -> Option<Vec<Option<Instant>>> {
    loop {
        tokio::select! {
            msg = ws.next() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                        stats.ended_early.fetch_add(1, Ordering::Relaxed);
                        return marks;
                    }
                    Some(Ok(_)) => continue,
                };
                let now = Instant::now();
                let text = text.as_str();
                if let Some(marks) = marks.as_mut()
                    && let Some(k) = mark_index(text)
                    && let Some(slot) = marks.get_mut(k)
                {
                    *slot = Some(now);
                }
                // A scan, not a JSON parse: the reader must cost the shared CPU little.
                if text.contains(r#""type":"resume""#) {
                    stats.resumes.fetch_add(1, Ordering::Relaxed);
                } else if let Some(n) = event_n(text) {
                    stats.events.fetch_add(1, Ordering::Relaxed);
                    if n != last_n + 1 {
                        stats.out_of_order.fetch_add(1, Ordering::Relaxed);
                    }
                    last_n = n;
                }
            }
            _ = stop.changed() => {
                let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
                let _ = tokio::time::timeout(Duration::from_secs(2), ws.flush()).await;
                return marks;
            }
        }
    }
}

/// `n` of a live `event` message. The server builds it with `json!`, whose objects keep keys
/// sorted, so the event's `n` is its last `"n":` key (only `private` and `type` follow it).
pub fn event_n(text: &str) -> Option<u64> {
    if !text.contains(r#""type":"event""#) {
        return None;
    }
    let at = text.rfind(r#""n":"#)? + 4;
    let digits: &str = &text[at..];
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse().ok()
}

/// The marker the fan-out notes carry.
pub const MARK: &str = "fanout-mark-";

/// `k` of the first `MARK<k>;` in `text`.
pub fn mark_index(text: &str) -> Option<usize> {
    let at = text.find(MARK)? + MARK.len();
    let rest = &text[at..];
    let end = rest.find(';')?;
    rest[..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_found_in_live_messages() {
        let msg = r#"{"type":"event","event":{"n":7,"body":{"text":"fanout-mark-12;"}}}"#;
        assert_eq!(mark_index(msg), Some(12));
        assert_eq!(mark_index(r#"{"type":"live","last_n":3}"#), None);
    }

    #[test]
    fn event_n_is_the_last_n_key() {
        let msg = r#"{"event":{"actor":"referee","at_ms":1,"body":{"x":{"n":99}},"n":7,"private":false},"type":"event"}"#;
        assert_eq!(event_n(msg), Some(7));
        assert_eq!(event_n(r#"{"type":"live","last_n":3}"#), None);
    }
}
