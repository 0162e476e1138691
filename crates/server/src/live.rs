//! `GET /api/tables/{id}/live`: the WebSocket of new events, projected for one viewer.
//!
//! No gap, no duplicate: under the table's lock the connection takes its backlog (the
//! viewer's events with `n > after`) from the viewer's cached log ([`crate::hub::ViewCache`])
//! and subscribes to the table's channel, so every later event — made on this instance or read
//! from another one — arrives on the channel, already projected for the viewer. Nothing is
//! projected per connection. A client that falls behind the channel's capacity, or cannot take
//! a message within the send timeout, is told where to resume and closed, so it never stalls
//! the writer or the other clients.

use crate::api::principal;
use crate::error::ApiError;
use crate::hub::Published;
use crate::{AppState, runner};
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LiveQuery {
    token: String,
    #[serde(default)]
    after: u64,
}

/// Authenticates, checks the seat, reads the backlog and subscribes — all before the upgrade
/// (a refused client gets a JSON error, not a socket).
pub async fn live(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
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
    let who = principal(&state, &q.token, &id).await?;
    // The table must exist (checked before a hub is made for it).
    state.tables.store.meta(&id).await?;
    let viewer = who.viewer();
    let hub = state.hub.get(&id);
    let start = {
        let mut locked = runner::lock_for_read(&state, &hub, &id, &who).await?;
        let Some(cache) = locked.loaded().view(&viewer) else {
            return Err(ApiError::internal("the viewer's log is not loaded"));
        };
        // Subscribed under the lock: every event after this backlog arrives on the channel.
        Start {
            backlog: cache.page(q.after, usize::MAX).to_vec(),
            last_n: cache.last_n(),
            last_seq: locked.loaded().table.head(),
            events: hub.events.subscribe(),
        }
    };
    // The server reads little from a client (pongs, close frames): a small read buffer saves
    // zero-filling tungstenite's default 128 KiB on every read of every connection.
    Ok(ws
        .read_buffer_size(4 * 1024)
        .on_upgrade(move |socket| async move {
            if let Err(e) = stream(state, socket, viewer, q.after, start).await {
                tracing::debug!("live connection ended: {e}");
            }
        })
        .into_response())
}

/// Why a live connection ended early.
#[derive(Debug, thiserror::Error)]
enum LiveError {
    #[error("client gone")]
    Gone,
}

/// Where a connection starts: its backlog from the viewer's cached log, and the channel.
struct Start {
    /// The viewer's events with `n > after`, as JSON.
    backlog: Vec<Arc<str>>,
    /// The viewer's `n` at the end of the backlog.
    last_n: u64,
    /// The table's seq at the end of the backlog.
    last_seq: u64,
    events: broadcast::Receiver<Arc<Published>>,
}

struct Conn {
    socket: WebSocket,
    /// The viewer's `n` the client asked to start after.
    after: u64,
    /// The viewer's `n` of the last event sent (or skipped as `<= after`).
    last_n: u64,
    /// The seq of the last event handled.
    last_seq: u64,
    timeout: std::time::Duration,
}

impl Conn {
    async fn send(&mut self, text: String) -> Result<(), LiveError> {
        match tokio::time::timeout(self.timeout, self.socket.send(Message::Text(text.into()))).await
        {
            Ok(Ok(())) => Ok(()),
            _ => Err(LiveError::Gone),
        }
    }

    async fn send_event(&mut self, n: u64, json: &str) -> Result<(), LiveError> {
        self.last_n = n;
        if n > self.after {
            self.send(format!("{{\"type\":\"event\",\"event\":{json}}}"))
                .await?;
        }
        Ok(())
    }

    /// The viewer's last delivered `n` (what to resume from).
    fn resume_at(&self) -> u64 {
        self.last_n.max(self.after)
    }

    async fn close(&mut self, code: u16, reason: String) {
        let after = self.resume_at();
        let notice = json!({ "type": "resume", "after": after, "reason": reason }).to_string();
        let _ = self.send(notice).await;
        let frame = CloseFrame {
            code,
            reason: format!("resume from {after}").into(),
        };
        let _ =
            tokio::time::timeout(self.timeout, self.socket.send(Message::Close(Some(frame)))).await;
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
        backlog,
        last_n,
        last_seq,
        mut events,
    } = start;
    let mut shutdown = state.shutdown.clone();
    let first_n = after.min(last_n) + 1;
    let mut conn = Conn {
        socket,
        after,
        last_n: after.min(last_n),
        last_seq,
        timeout: state.limits.send_timeout,
    };
    for (n, json) in (first_n..).zip(&backlog) {
        conn.send_event(n, json).await?;
    }
    drop(backlog);
    let caught_up = json!({ "type": "live", "last_n": last_n }).to_string();
    conn.send(caught_up).await?;
    let mut heartbeat = tokio::time::interval(state.limits.heartbeat);
    heartbeat.tick().await; // the first tick is immediate
    loop {
        tokio::select! {
            received = events.recv() => match received {
                Ok(published) => {
                    if published.seq <= conn.last_seq {
                        continue; // already in the backlog
                    }
                    if published.seq != conn.last_seq + 1 {
                        // Cannot happen (events are published in order under the table's lock);
                        // if it did, the client resumes and misses nothing.
                        conn.close(CLOSE_RESUME, "out of order".into()).await;
                        return Ok(());
                    }
                    conn.last_seq = published.seq;
                    match published.views.get(&viewer) {
                        Some(Some((n, json))) => conn.send_event(*n, json).await?,
                        Some(None) => {} // not for this viewer
                        None => {
                            conn.close(CLOSE_RESUME, "view reloaded".into()).await;
                            return Ok(());
                        }
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    conn.close(CLOSE_RESUME, "too far behind".into()).await;
                    return Ok(());
                }
                Err(RecvError::Closed) => return Ok(()),
            },
            incoming = conn.socket.recv() => match incoming {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return Ok(()),
                Some(Ok(_)) => {} // pongs and anything else: the stream is one-way
            },
            _ = heartbeat.tick() => {
                let ping = tokio::time::timeout(conn.timeout, conn.socket.send(Message::Ping(Default::default()))).await;
                if !matches!(ping, Ok(Ok(()))) {
                    return Err(LiveError::Gone);
                }
            }
            _ = shutdown.changed() => {
                conn.close(CLOSE_GOING_AWAY, "server shutting down".into()).await;
                return Ok(());
            }
        }
    }
}
