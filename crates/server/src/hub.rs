//! Loaded tables, their per-viewer logs, and their live fan-out.
//!
//! One [`TableHub`] per table that someone touched: a lock that serialises this instance's
//! work on the table (commands, timers, catching up with other instances), holding the table
//! ([`Loaded`]: its state, loaded once from the latest snapshot and the tail, then kept current)
//! and a broadcast channel of what was committed ([`Published`]).
//!
//! # Per-viewer logs
//!
//! Each viewer that reads the table gets a [`ViewCache`]: its projector and its log, already
//! serialised, in its own dense numbering (entry `i` is the event with `n = i + 1`). It is
//! built once from the store (the first read by that viewer on this instance) and then fed
//! every new event, so a page of `log`, a live backlog or `last_n` costs O(page), not O(log).
//! Every cache is always fed up to the table's head.
//!
//! # Fan-out
//!
//! Events are published under the lock in seq order, with every cached viewer's form of the
//! event already computed, so a live connection only looks its viewer up: no projection per
//! connection. A live connection subscribes under the lock right after reading its backlog from
//! the cache, so it sees no gap and no duplicate.

use engine::{Envelope, LogProjector, Table, Viewer};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// One viewer's log, projected and serialised.
pub struct ViewCache {
    projector: LogProjector,
    /// `events[i]` is the JSON of the viewer's event `n = i + 1`.
    events: Vec<Arc<str>>,
}

impl ViewCache {
    pub fn new(viewer: Viewer) -> Self {
        ViewCache {
            projector: LogProjector::new(viewer),
            events: Vec::new(),
        }
    }

    /// Feeds the next event; returns the viewer's `(n, json)` of it if the viewer sees it.
    pub fn push(&mut self, env: &Envelope) -> Option<(u64, Arc<str>)> {
        let view = self.projector.push(env)?;
        // A ViewEvent is plain data (strings, numbers, JSON values): serialising cannot fail.
        let json: Arc<str> = serde_json::to_string(&view)
            .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
            .into();
        self.events.push(json.clone());
        Some((view.n, json))
    }

    /// The viewer's last `n` (the length of its log).
    pub fn last_n(&self) -> u64 {
        self.events.len() as u64
    }

    /// The events with `n > after`, at most `limit`.
    pub fn page(&self, after: u64, limit: usize) -> &[Arc<str>] {
        let start = usize::try_from(after)
            .unwrap_or(usize::MAX)
            .min(self.events.len());
        let end = start.saturating_add(limit).min(self.events.len());
        &self.events[start..end]
    }
}

/// What one committed event looks like to every viewer cached when it was published.
#[derive(Debug)]
pub struct Published {
    pub seq: u64,
    /// Viewer → `(n, json)` if the viewer sees the event, `None` if not. A viewer missing here
    /// had no cache then (a live connection always has one).
    pub views: HashMap<Viewer, Option<(u64, Arc<str>)>>,
}

/// A table loaded in memory with its per-viewer logs.
pub struct Loaded {
    pub table: Table,
    views: HashMap<Viewer, ViewCache>,
}

impl Loaded {
    pub fn new(table: Table) -> Self {
        Loaded {
            table,
            views: HashMap::new(),
        }
    }

    /// The viewer's cache, if built.
    pub fn view(&self, viewer: &Viewer) -> Option<&ViewCache> {
        self.views.get(viewer)
    }

    /// Installs a viewer's cache (built up to the table's head).
    pub fn insert_view(&mut self, viewer: Viewer, cache: ViewCache) {
        self.views.insert(viewer, cache);
    }

    /// Feeds a committed event (already part of `table`) to every cached viewer.
    pub fn record(&mut self, env: &Envelope) -> Published {
        let views = self
            .views
            .iter_mut()
            .map(|(viewer, cache)| (viewer.clone(), cache.push(env)))
            .collect();
        Published {
            seq: env.seq,
            views,
        }
    }
}

/// One table's lock and channel.
pub struct TableHub {
    pub state: tokio::sync::Mutex<Option<Loaded>>,
    pub events: broadcast::Sender<Arc<Published>>,
    /// The head of the loaded table (0 before it is loaded), readable without the lock.
    head: AtomicU64,
}

impl TableHub {
    /// Records `env` (already applied to the table) and sends it to the live connections.
    pub fn publish(&self, loaded: &mut Loaded, env: &Envelope) {
        let published = loaded.record(env);
        self.head.store(loaded.table.head(), Ordering::Release);
        // No receiver is fine: nobody is watching this table live.
        let _ = self.events.send(Arc::new(published));
    }

    /// Notes the head of a freshly loaded table.
    pub fn set_head(&self, head: u64) {
        self.head.store(head, Ordering::Release);
    }

    /// The head of the loaded table as last published (0 if not loaded).
    pub fn head(&self) -> u64 {
        self.head.load(Ordering::Acquire)
    }
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

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<TableHub>>> {
        // A poisoned lock only means another request panicked while inserting; the map is
        // still a valid map, so keep using it.
        self.tables.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The hub of a table (created on first use; callers check the table exists first).
    pub fn get(&self, id: &str) -> Arc<TableHub> {
        self.lock()
            .entry(id.to_string())
            .or_insert_with(|| {
                Arc::new(TableHub {
                    state: tokio::sync::Mutex::new(None),
                    events: broadcast::channel(self.capacity).0,
                    head: AtomicU64::new(0),
                })
            })
            .clone()
    }

    /// The hub of a table if this instance has one.
    pub fn existing(&self, id: &str) -> Option<Arc<TableHub>> {
        self.lock().get(id).cloned()
    }

    /// The ids of every table with a hub.
    pub fn ids(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }
}
