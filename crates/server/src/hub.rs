//! Loaded tables and their live fan-out.
//!
//! One [`TableHub`] per table that someone touched: a lock that serialises this instance's
//! commands on the table (holding the table and its whole log, loaded once), and a broadcast
//! channel of committed events. Events are broadcast under the lock, so the channel carries
//! them in seq order; a live connection subscribes *before* it reads the stored log and drops
//! channel events it already read, so it sees no gap and no duplicate.

use engine::{Envelope, LogProjector, Table, ViewEvent, Viewer};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// A table loaded in memory with its log.
pub struct Loaded {
    pub table: Table,
    pub log: Vec<Envelope>,
    /// Per-viewer projectors and how many log entries each has been fed.
    projectors: HashMap<Viewer, (LogProjector, usize)>,
}

impl Loaded {
    pub fn new(table: Table, log: Vec<Envelope>) -> Self {
        Loaded {
            table,
            log,
            projectors: HashMap::new(),
        }
    }

    /// The viewer's form of the events with seq ≥ `from_seq` (numbered in the viewer's own
    /// dense sequence).
    pub fn tail_for(&mut self, viewer: &Viewer, from_seq: u64) -> Vec<ViewEvent> {
        let (projector, fed) = self
            .projectors
            .entry(viewer.clone())
            .or_insert_with(|| (LogProjector::new(viewer.clone()), 0));
        let mut out = Vec::new();
        for env in self.log.iter().skip(*fed) {
            if let Some(view) = projector.push(env)
                && env.seq >= from_seq
            {
                out.push(view);
            }
        }
        *fed = self.log.len();
        out
    }

    /// The viewer's whole log (its own numbering).
    pub fn view_log(&self, viewer: &Viewer) -> Vec<ViewEvent> {
        engine::project_log(&self.log, viewer)
    }
}

/// One table's lock and channel.
pub struct TableHub {
    pub state: tokio::sync::Mutex<Option<Loaded>>,
    pub events: broadcast::Sender<Arc<Envelope>>,
}

/// Every table this instance has touched.
pub struct Hub {
    tables: Mutex<HashMap<String, Arc<TableHub>>>,
    capacity: usize,
}

impl Hub {
    /// `capacity`: events a live connection may fall behind before it is told to resume.
    pub fn new(capacity: usize) -> Self {
        Hub {
            tables: Mutex::new(HashMap::new()),
            capacity: capacity.max(1),
        }
    }

    /// The hub of a table (created on first use; callers check the table exists first).
    pub fn get(&self, id: &str) -> Arc<TableHub> {
        // A poisoned lock only means another request panicked while inserting; the map is
        // still a valid map, so keep using it.
        let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        tables
            .entry(id.to_string())
            .or_insert_with(|| {
                Arc::new(TableHub {
                    state: tokio::sync::Mutex::new(None),
                    events: broadcast::channel(self.capacity).0,
                })
            })
            .clone()
    }
}
