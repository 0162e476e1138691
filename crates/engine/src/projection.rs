//! Per-viewer projection of the log.
//!
//! # What a viewer's log hides, and how
//!
//! - **Events.** An event is shown to a viewer its visibility allows; otherwise its masked form
//!   (if the ruleset gave one, e.g. "the Referee rolled in secret") or nothing at all.
//! - **Sequence numbers.** The global `seq` would betray hidden events by its gaps, so a viewer's
//!   log is numbered densely on its own: `n` = 1, 2, 3… over the events *that viewer* sees. A
//!   client resumes from its last `n`. (The Referee sees every event, so its `n` equals `seq`.)
//! - **Batches and visibility sets.** Batch numbers are global seqs and a visibility set names
//!   other players, so neither is shown; a view event says only whether it is `private`.
//! - **Reverts.** A revert names the viewer's `n` of the reverted events it saw; a revert of
//!   events the viewer never saw is not shown at all (its visibility is the union of theirs).
//! - **Ids.** Decision and effect ids are 128 random bits from the command's recorded
//!   generator, so they reveal no count either.
//! - **Counts in the state view.** `Table::view` lists only the decisions, effects and timers
//!   the viewer may see, and shows the head seq only to the Referee.

use crate::core::{Actor, Viewer, Visibility};
use crate::event::{Envelope, EventBody};
use crate::time::WallMs;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// An event as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ViewEvent {
    /// The viewer's own dense sequence number (1-based).
    pub n: u64,
    pub at_ms: WallMs,
    pub actor: Actor,
    /// True when only some participants see this event.
    pub private: bool,
    pub body: EventBody,
}

/// Projects a stream of events for one viewer (keep one per connection).
#[derive(Debug, Clone)]
pub struct LogProjector {
    viewer: Viewer,
    next_n: u64,
    /// Global seq → the viewer's n, for the events it saw.
    seen: HashMap<u64, u64>,
}

impl LogProjector {
    pub fn new(viewer: Viewer) -> Self {
        LogProjector {
            viewer,
            next_n: 1,
            seen: HashMap::new(),
        }
    }

    /// The viewer's n of the last event it saw (0 if none).
    pub fn last_n(&self) -> u64 {
        self.next_n - 1
    }

    /// The viewer's form of the next event, if it sees it. Events must come in order.
    pub fn push(&mut self, env: &Envelope) -> Option<ViewEvent> {
        let (body, private) = if env.visibility.allows(&self.viewer) {
            (env.body.clone(), env.visibility != Visibility::Public)
        } else {
            (env.masked.clone()?, false)
        };
        let body = match body {
            EventBody::Reverted { seqs } => EventBody::Reverted {
                seqs: seqs
                    .iter()
                    .filter_map(|s| self.seen.get(s).copied())
                    .collect(),
            },
            other => other,
        };
        let n = self.next_n;
        self.next_n += 1;
        self.seen.insert(env.seq, n);
        Some(ViewEvent {
            n,
            at_ms: env.at_ms,
            actor: env.actor.clone(),
            private,
            body,
        })
    }
}

/// The whole log as `viewer` sees it.
pub fn project_log<'a>(
    events: impl IntoIterator<Item = &'a Envelope>,
    viewer: &Viewer,
) -> Vec<ViewEvent> {
    let mut projector = LogProjector::new(viewer.clone());
    events
        .into_iter()
        .filter_map(|e| projector.push(e))
        .collect()
}
