//! `GET /api/tables/{id}/live`: the WebSocket of new events, projected for one viewer.
//!
//! No gap, no duplicate: under the table's lock the connection notes where its backlog ends
//! (the table's head and the viewer's index, [`crate::hub::ViewCache`]) and subscribes to the
//! table's channel; it then reads the backlog (the viewer's events with `n > after`) page by
//! page from the store ([`crate::pages`]) without the lock, and every later event — made on
//! this instance or read from another one — arrives on the channel as the viewer's finished
//! message
//! ([`crate::hub::Frame`], built once per viewer and shared by all its connections). Nothing is
//! projected, serialised or allocated per connection and event. A client that falls behind the channel's capacity, or cannot take
//! a message within the send timeout, is told where to resume and closed, so it never stalls
//! the writer or the other clients.

use crate::auth::principal;
use crate::error::ApiError;
use crate::hub::{Frame, Lookup, Published};
use crate::{AppState, pages, runner};
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use engine::Viewer;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

/// Close code telling the client to reconnect with `after` = the last `n` it received.
pub const CLOSE_RESUME: u16 = 4000;
/// Close code on server shutdown ("going away"); the client may resume elsewhere or later.
pub const CLOSE_GOING_AWAY: u16 = 1001;

/// Read buffer of a live connection (bytes): a control frame fits in one read.
const LIVE_READ_BUFFER: usize = 512;

/// Close code when the connection is refused after the upgrade (bad or missing token in the
/// first message); a `{"type":"error",…}` message with the API error comes first.
pub const CLOSE_REFUSED: u16 = 4001;
/// The subprotocol the server answers with; a client may offer its token as a second one,
/// `delve.token.<token>` ([`TOKEN_PROTOCOL`]), which is never echoed.
pub const PROTOCOL: &str = "delve";
/// Prefix of the subprotocol that carries the token.
pub const TOKEN_PROTOCOL: &str = "delve.token.";
/// Largest message a client may send (it sends only its first `auth` message and control
/// frames).
const LIVE_MAX_MESSAGE: usize = 4096;

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LiveQuery {
    /// Deprecated (it ends up in access logs): send the token in the first message. Still
    /// accepted.
    #[serde(default)]
    token: Option<String>,
    /// The last `n` the caller has; the backlog after it comes first.
    #[serde(default)]
    after: u64,
}

/// The first message of a connection that carried no token in its request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Auth {
    /// Always `auth`.
    #[serde(rename = "type")]
    kind: String,
    /// The token, as the client sent it.
    pub token: String,
    /// Overrides the query's `after`.
    #[serde(default)]
    pub after: Option<u64>,
}

/// Reads a client's first message: `{"type":"auth","token":"…","after":N}`, or nothing (any
/// other text, another type, unknown keys). The reader of untrusted WebSocket text
/// (fuzzed: `fuzz/fuzz_targets/live_message.rs`); the socket already caps a message at
/// `LIVE_MAX_MESSAGE` bytes.
pub fn read_auth(text: &str) -> Option<Auth> {
    serde_json::from_str::<Auth>(text)
        .ok()
        .filter(|a| a.kind == "auth")
}

/// The token offered as a `Sec-WebSocket-Protocol` value `delve.token.<token>`, if any.
fn protocol_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(token_in_protocols)
}

/// The token in one `Sec-WebSocket-Protocol` header value (comma-separated subprotocols), if
/// one of them is `delve.token.<token>` with a non-empty token (fuzzed with [`read_auth`]).
pub fn token_in_protocols(value: &str) -> Option<String> {
    value
        .split(',')
        .find_map(|p| p.trim().strip_prefix(TOKEN_PROTOCOL).map(str::to_string))
        .filter(|t| !t.is_empty())
}

/// Authenticates and, for the token's viewer, reads the backlog and subscribes.
///
/// With the token in the request (the `Sec-WebSocket-Protocol` header, or the old `?token=`)
/// all of it happens before the upgrade, so a refused client gets a JSON error, not a socket.
/// Without one the connection is upgraded and its first message must be
/// `{"type":"auth","token":"…"}` (within [`crate::Limits::header_timeout`]); a refusal is then
/// an `{"type":"error",…}` message and close code [`CLOSE_REFUSED`].
pub async fn live(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<LiveQuery>, QueryRejection>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    // A plain GET (no upgrade headers) gets the API's JSON error, not axum's text.
    let ws = ws.map_err(|e| {
        ApiError::new(
            axum::http::StatusCode::UPGRADE_REQUIRED,
            "websocket_required",
            format!("this route is a WebSocket: {}", e.body_text()),
        )
    })?;
    let ws = ws
        .protocols([PROTOCOL])
        .max_message_size(LIVE_MAX_MESSAGE)
        // The server reads little from a client (its `auth` message, pongs, close frames).
        // tungstenite zero-fills the free part of its read buffer on every read attempt, and
        // the read side is polled after every event sent: a small buffer keeps that cheap
        // (its default is 128 KiB). Larger messages are still read, in several reads.
        .read_buffer_size(LIVE_READ_BUFFER);
    let after = q.after;
    match q.token.or_else(|| protocol_token(&headers)) {
        Some(token) => {
            let (viewer, start) = open(&state, &id, &token).await?;
            Ok(ws
                .on_upgrade(move |socket| async move {
                    if let Err(e) = stream(state, socket, viewer, after, start).await {
                        tracing::debug!("live connection ended: {e}");
                    }
                })
                .into_response())
        }
        None => Ok(ws
            .on_upgrade(move |socket| async move {
                if let Err(e) = authenticate_then_stream(state, socket, id, after).await {
                    tracing::debug!("live connection ended: {e}");
                }
            })
            .into_response()),
    }
}

/// Checks the token and the seat, then takes the backlog and subscribes under the lock.
async fn open(state: &AppState, id: &str, token: &str) -> Result<(Viewer, Start), ApiError> {
    let who = principal(state, token, id).await?;
    // The table must exist (checked before a hub is made for it).
    state.tables.store.meta(id).await?;
    let viewer = who.viewer();
    let hub = state.hub.get(id);
    let mut locked = runner::lock_for_read(state, &hub, id, &who).await?;
    let reader = runner::reader(&mut locked, &viewer)?;
    // Subscribed under the lock: every event after this backlog arrives on the channel.
    let start = Start {
        last_n: reader.last_n(),
        last_seq: reader.head,
        reader,
        events: hub.events.subscribe(),
    };
    // The backlog is read by `stream`, after the lock is let go.
    drop(locked);
    Ok((viewer, start))
}

/// A connection upgraded without a token: its first message carries it.
async fn authenticate_then_stream(
    state: Arc<AppState>,
    mut socket: WebSocket,
    id: String,
    after: u64,
) -> Result<(), LiveError> {
    let wait = state.limits.header_timeout;
    let first = tokio::time::timeout(wait, socket.recv()).await;
    let auth = match first {
        Ok(Some(Ok(Message::Text(text)))) => read_auth(text.as_str()),
        _ => None,
    };
    let opened = match auth {
        Some(auth) => {
            let after = auth.after.unwrap_or(after);
            open(&state, &id, &auth.token)
                .await
                .map(|(viewer, start)| (viewer, start, after))
        }
        None => Err(ApiError::unauthorized(format!(
            "send the token in the first message, `{{\"type\":\"auth\",\"token\":\"…\"}}`, \
             within {} s (or in the `Sec-WebSocket-Protocol` header as `{TOKEN_PROTOCOL}<token>`)",
            wait.as_secs_f64()
        ))),
    };
    match opened {
        Ok((viewer, start, after)) => stream(state, socket, viewer, after, start).await,
        Err(e) => {
            let mut refusal = serde_json::to_value(&e).unwrap_or_default();
            refusal["type"] = "error".into();
            let timeout = state.limits.send_timeout;
            let _ = tokio::time::timeout(
                timeout,
                socket.send(Message::Text(refusal.to_string().into())),
            )
            .await;
            let frame = CloseFrame {
                code: CLOSE_REFUSED,
                reason: e.code.clone().into(),
            };
            let _ = tokio::time::timeout(timeout, socket.send(Message::Close(Some(frame)))).await;
            Ok(())
        }
    }
}

/// Why a live connection ended early.
#[derive(Debug, thiserror::Error)]
enum LiveError {
    #[error("client gone")]
    Gone,
}

/// Events of the backlog read from the store at a time.
pub const BACKLOG_PAGE: usize = 256;

/// Where a connection starts: where its backlog ends, and the channel.
struct Start {
    /// Reads the backlog (the viewer's events with `n > after`, up to `last_seq`).
    reader: pages::Reader,
    /// The viewer's `n` at the end of the backlog.
    last_n: u64,
    /// The table's seq at the end of the backlog.
    last_seq: u64,
    events: broadcast::Receiver<Arc<Published>>,
}

struct Conn {
    socket: WebSocket,
    viewer: Viewer,
    /// Where the viewer was last found in a [`Published`] (see [`Published::frame`]).
    slot: usize,
    /// The viewer's `n` the client asked to start after.
    after: u64,
    /// The viewer's `n` of the last event sent (or skipped as `<= after`).
    last_n: u64,
    /// The seq of the last event handled.
    last_seq: u64,
    timeout: std::time::Duration,
}

/// What to do with one published event.
enum Step {
    /// Nothing for this client (already in its backlog, hidden from its viewer, or `<= after`).
    Skip,
    /// Send this message.
    Send(Message),
    /// Tell the client to resume from its last `n` (the reason), and close.
    Resume(&'static str),
}

impl Conn {
    async fn send(&mut self, msg: Message) -> Result<(), LiveError> {
        match tokio::time::timeout(self.timeout, self.socket.send(msg)).await {
            Ok(Ok(())) => Ok(()),
            _ => Err(LiveError::Gone),
        }
    }

    /// The next event of the viewer's log, `n`: skipped if `n <= after`.
    fn next_n(&mut self, n: u64) -> bool {
        self.last_n = n;
        n > self.after
    }

    /// One published event: the viewer's shared frame, if it is for this client.
    fn step(&mut self, published: &Published) -> Step {
        if published.seq <= self.last_seq {
            return Step::Skip; // already in the backlog
        }
        if published.seq != self.last_seq + 1 {
            // Cannot happen (events are published in order under the table's lock); if it did,
            // the client resumes and misses nothing.
            return Step::Resume("out of order");
        }
        self.last_seq = published.seq;
        if published.cuts.as_ref() == Some(&self.viewer) {
            // Left, revoked or rotated: reconnecting checks the token again.
            return Step::Resume("access changed");
        }
        match published.frame(&self.viewer, &mut self.slot) {
            Lookup::Frame(frame) if self.next_n(frame.n) => Step::Send(frame.message()),
            Lookup::Frame(_) | Lookup::Hidden => Step::Skip,
            Lookup::Missing => Step::Resume("view reloaded"),
        }
    }

    /// The viewer's last delivered `n` (what to resume from).
    fn resume_at(&self) -> u64 {
        self.last_n.max(self.after)
    }

    async fn close(&mut self, code: u16, reason: &str) {
        let after = self.resume_at();
        let notice = json!({ "type": "resume", "after": after, "reason": reason }).to_string();
        let _ = self.send(Message::Text(notice.into())).await;
        let frame = CloseFrame {
            code,
            reason: format!("resume from {after}").into(),
        };
        let _ =
            tokio::time::timeout(self.timeout, self.socket.send(Message::Close(Some(frame)))).await;
    }

    /// Handles what the channel gave. `Ok(false)`: the connection is over.
    async fn forward(
        &mut self,
        received: Result<Arc<Published>, RecvError>,
    ) -> Result<bool, LiveError> {
        match received {
            Ok(published) => match self.step(&published) {
                Step::Skip => Ok(true),
                Step::Send(msg) => self.send(msg).await.map(|()| true),
                Step::Resume(reason) => {
                    self.close(CLOSE_RESUME, reason).await;
                    Ok(false)
                }
            },
            Err(RecvError::Lagged(_)) => {
                self.close(CLOSE_RESUME, "too far behind").await;
                Ok(false)
            }
            Err(RecvError::Closed) => Ok(false),
        }
    }
}

async fn stream(
    state: Arc<AppState>,
    socket: WebSocket,
    viewer: Viewer,
    after: u64,
    start: Start,
) -> Result<(), LiveError> {
    let Start {
        reader,
        last_n,
        last_seq,
        mut events,
    } = start;
    let mut shutdown = state.shutdown.clone();
    let first_n = after.min(last_n) + 1;
    let mut conn = Conn {
        socket,
        viewer,
        slot: 0,
        after,
        last_n: after.min(last_n),
        last_seq,
        timeout: state.limits.send_timeout,
    };
    // The backlog is this connection's own: read by pages and framed here, while the channel
    // keeps what commits meanwhile (too much of it and the client is told to resume).
    let mut sent = first_n - 1;
    let mut cursor = None;
    while sent < last_n {
        let read = reader
            .page(&*state.tables.store, sent, BACKLOG_PAGE, cursor)
            .await;
        let (page, at) = match read {
            Ok(read) => read,
            Err(e) => {
                tracing::debug!("live backlog unreadable: {e}");
                conn.close(CLOSE_RESUME, "backlog unreadable").await;
                return Ok(());
            }
        };
        let Some(&(last, _)) = page.last() else { break };
        for (n, json) in &page {
            if conn.next_n(*n) {
                conn.send(Frame::new(*n, json).message()).await?;
            }
        }
        sent = last;
        cursor = Some(at);
    }
    let caught_up = json!({ "type": "live", "last_n": last_n }).to_string();
    conn.send(Message::Text(caught_up.into())).await?;
    let mut heartbeat = tokio::time::interval(state.limits.heartbeat);
    heartbeat.tick().await; // the first tick is immediate
    // Made once, not per event (each `changed()` would register with the channel anew).
    let shutdown = shutdown.changed();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            received = events.recv() => {
                if !conn.forward(received).await? {
                    return Ok(());
                }
            }
            incoming = conn.socket.recv() => match incoming {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return Ok(()),
                Some(Ok(_)) => {} // pongs and anything else: the stream is one-way
            },
            _ = heartbeat.tick() => {
                if conn.send(Message::Ping(Default::default())).await.is_err() {
                    return Err(LiveError::Gone);
                }
            }
            _ = &mut shutdown => {
                conn.close(CLOSE_GOING_AWAY, "server shutting down").await;
                return Ok(());
            }
        }
    }
}
