//! `GET /api/tables/{id}/live`: the WebSocket of new events, projected for one viewer.
//!
//! No gap, no duplicate: the connection subscribes to the table's channel first, then reads
//! the stored log and projects it; channel events at or below the last seq read are dropped,
//! and a channel event beyond the next expected seq (another writer) makes it read the missing
//! ones from the store first. A client that falls behind the channel's capacity, or cannot take
//! a message within the send timeout, is told where to resume and closed, so it never stalls
//! the writer or the other clients.

use crate::AppState;
use crate::api::principal;
use crate::error::ApiError;
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use engine::{Envelope, LogProjector, Viewer};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
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

/// Authenticates before the upgrade (a refused client gets a JSON error, not a socket).
pub async fn live(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    q: Result<Query<LiveQuery>, QueryRejection>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    let who = principal(&state, &q.token, &id).await?;
    // The table must exist (checked before a hub is made for it) and the player still sit there.
    state.tables.store.meta(&id).await?;
    crate::api::check_seated(&state, &id, &who).await?;
    let viewer = who.viewer();
    Ok(ws
        .on_upgrade(move |socket| async move {
            if let Err(e) = stream(state, socket, id, viewer, q.after).await {
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
    #[error("store: {0}")]
    Store(#[from] store::StoreError),
}

struct Conn {
    socket: WebSocket,
    projector: LogProjector,
    after: u64,
    /// Seq of the last event fed to the projector.
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

    /// Feeds one event; sends it if the viewer sees it and has not had it.
    async fn feed(&mut self, env: &Envelope) -> Result<(), LiveError> {
        if env.seq <= self.last_seq {
            return Ok(());
        }
        self.last_seq = env.seq;
        if let Some(view) = self.projector.push(env)
            && view.n > self.after
        {
            let text = json!({ "type": "event", "event": view }).to_string();
            self.send(text).await?;
        }
        Ok(())
    }

    /// Reads and feeds the stored events after `last_seq` (up to `until`, if given).
    async fn catch_up(
        &mut self,
        state: &AppState,
        id: &str,
        until: Option<u64>,
    ) -> Result<(), LiveError> {
        loop {
            let page = state
                .tables
                .store
                .read(id, self.last_seq, store::READ_PAGE)
                .await?;
            let short = page.len() < store::READ_PAGE;
            for stored in &page {
                if until.is_some_and(|u| stored.seq > u) {
                    return Ok(());
                }
                self.feed(&stored.envelope()?).await?;
            }
            if short || page.is_empty() {
                return Ok(());
            }
        }
    }

    /// The viewer's last delivered `n` (what to resume from).
    fn resume_at(&self) -> u64 {
        self.projector.last_n().max(self.after)
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
    id: String,
    viewer: Viewer,
    after: u64,
) -> Result<(), LiveError> {
    let hub = state.hub.get(&id);
    let mut events = hub.events.subscribe();
    let mut shutdown = state.shutdown.clone();
    let mut conn = Conn {
        socket,
        projector: LogProjector::new(viewer),
        after,
        last_seq: 0,
        timeout: state.limits.send_timeout,
    };
    conn.catch_up(&state, &id, None).await?;
    let caught_up = json!({ "type": "live", "last_n": conn.projector.last_n() }).to_string();
    conn.send(caught_up).await?;
    let mut heartbeat = tokio::time::interval(state.limits.heartbeat);
    heartbeat.tick().await; // the first tick is immediate
    loop {
        tokio::select! {
            received = events.recv() => match received {
                Ok(env) => {
                    if env.seq > conn.last_seq + 1 {
                        conn.catch_up(&state, &id, Some(env.seq - 1)).await?;
                    }
                    conn.feed(&env).await?;
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
