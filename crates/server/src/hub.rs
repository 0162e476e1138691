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
//! Events are published under the lock in seq order. Each event is projected and serialised
//! once per cached viewer (the Referee, each player, each spectator) and, when anyone watches
//! live, wrapped once per viewer into the finished WebSocket message ([`Frame`]). A live
//! connection only picks its viewer's frame (by a remembered slot, [`Published::frame`]) and
//! sends that same shared buffer: no projection, serialisation, allocation or lock per
//! connection. A live connection subscribes under the lock right after reading its backlog from
//! the cache, so it sees no gap and no duplicate.

use axum::extract::ws::{Message, Utf8Bytes};
use engine::{AccessChange, Envelope, EventBody, LogProjector, Table, Viewer};
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

/// One event as one viewer sees it, ready for the wire.
#[derive(Debug, Clone)]
pub struct Frame {
    /// The viewer's `n` of the event.
    pub n: u64,
    /// `{"type":"event","event":<ViewEvent>}`, built once per viewer and shared (reference
    /// counted) by every live connection of that viewer.
    pub text: Utf8Bytes,
}

impl Frame {
    /// Wraps a viewer's event JSON into the live `event` message.
    pub fn new(n: u64, json: &str) -> Self {
        Frame {
            n,
            text: format!("{{\"type\":\"event\",\"event\":{json}}}").into(),
        }
    }

    /// The WebSocket message (a reference-count increment, no copy).
    pub fn message(&self) -> Message {
        Message::Text(self.text.clone())
    }
}

/// What one committed event looks like to every viewer cached when it was published.
#[derive(Debug)]
pub struct Published {
    pub seq: u64,
    /// Whose live connections this event ends (see [`cut_by`]): they reconnect, and their
    /// token is checked again.
    pub cuts: Option<Viewer>,
    /// One entry per cached viewer, in their slot order in [`Loaded`]: the viewer's frame if
    /// it sees the event, `None` if not. Frames are built only when someone is subscribed. A
    /// viewer missing here had no cache then (a live connection always has one).
    pub views: Vec<(Viewer, Option<Frame>)>,
}

/// A viewer's entry in a [`Published`].
#[derive(Debug)]
pub enum Lookup<'a> {
    /// The viewer sees the event.
    Frame(&'a Frame),
    /// The viewer does not see it.
    Hidden,
    /// The viewer had no cache when it was published.
    Missing,
}

impl Published {
    /// The viewer's frame. `slot` is where the viewer was found last time: a viewer keeps its
    /// slot while the table stays loaded, so this is one comparison, not a search; it is
    /// updated if the viewer moved (the table was reloaded).
    pub fn frame(&self, viewer: &Viewer, slot: &mut usize) -> Lookup<'_> {
        let entry = match self.views.get(*slot) {
            Some(entry) if entry.0 == *viewer => entry,
            _ => match self.views.iter().position(|(v, _)| v == viewer) {
                Some(i) => {
                    *slot = i;
                    &self.views[i]
                }
                None => return Lookup::Missing,
            },
        };
        match &entry.1 {
            Some(frame) => Lookup::Frame(frame),
            None => Lookup::Hidden,
        }
    }
}

/// A table loaded in memory with its per-viewer logs.
pub struct Loaded {
    pub table: Table,
    /// The viewers' caches in slot order (a viewer keeps its slot: caches are only added or
    /// replaced in place).
    views: Vec<(Viewer, ViewCache)>,
    /// Viewer → slot in `views`.
    slots: HashMap<Viewer, usize>,
}

impl Loaded {
    pub fn new(table: Table) -> Self {
        Loaded {
            table,
            views: Vec::new(),
            slots: HashMap::new(),
        }
    }

    /// The viewer's cache, if built.
    pub fn view(&self, viewer: &Viewer) -> Option<&ViewCache> {
        let slot = *self.slots.get(viewer)?;
        self.views.get(slot).map(|(_, cache)| cache)
    }

    /// Installs a viewer's cache (built up to the table's head).
    pub fn insert_view(&mut self, viewer: Viewer, cache: ViewCache) {
        match self.slots.get(&viewer).and_then(|&s| self.views.get_mut(s)) {
            Some(entry) => entry.1 = cache,
            None => {
                self.slots.insert(viewer.clone(), self.views.len());
                self.views.push((viewer, cache));
            }
        }
    }

    /// Feeds a committed event (already part of `table`) to every cached viewer: projected and
    /// serialised once per viewer. With `live` (someone is subscribed) also wraps each
    /// viewer's form into its frame, once per viewer.
    pub fn record(&mut self, env: &Envelope, live: bool) -> Published {
        let mut views = Vec::with_capacity(if live { self.views.len() } else { 0 });
        for (viewer, cache) in &mut self.views {
            let seen = cache.push(env);
            if live {
                views.push((viewer.clone(), seen.map(|(n, json)| Frame::new(n, &json))));
            }
        }
        Published {
            seq: env.seq,
            cuts: cut_by(env),
            views,
        }
    }
}

/// The viewer whose access an event ends: a player who left or whose tokens were revoked, or
/// the Referee when the Referee's link was rotated.
pub fn cut_by(env: &Envelope) -> Option<Viewer> {
    match &env.body {
        EventBody::ParticipantLeft { name } => Some(Viewer::Player(name.clone())),
        EventBody::AccessChanged {
            change: AccessChange::PlayerTokensRevoked { player, .. },
        } => Some(Viewer::Player(player.clone())),
        EventBody::AccessChanged {
            change: AccessChange::RefereeLinkRotated { .. },
        } => Some(Viewer::Referee),
        _ => None,
    }
}

/// One table's lock and channel.
pub struct TableHub {
    pub state: tokio::sync::Mutex<Option<Loaded>>,
    pub events: broadcast::Sender<Arc<Published>>,
    /// The head of the loaded table (0 before it is loaded), readable without the lock.
    head: AtomicU64,
    /// When it was last asked for ([`Hub::get`]), in ms since the hub's epoch.
    touched: AtomicU64,
}

impl TableHub {
    /// Records `env` (already applied to the table) and sends it to the live connections.
    pub fn publish(&self, loaded: &mut Loaded, env: &Envelope) {
        // Live connections subscribe under the same lock as this runs, so the count is exact:
        // with none, no frame is built and nothing is sent.
        let live = self.events.receiver_count() > 0;
        let published = loaded.record(env, live);
        self.head.store(loaded.table.head(), Ordering::Release);
        if live {
            // Every receiver may have gone since: that is fine.
            let _ = self.events.send(Arc::new(published));
        }
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

/// The tables this instance has loaded, each until it is left idle ([`Hub::evict`]).
pub struct Hub {
    tables: Mutex<HashMap<String, Arc<TableHub>>>,
    capacity: usize,
    /// Tables kept at most before the least recently used idle ones are unloaded at once.
    max_tables: usize,
    epoch: std::time::Instant,
}

impl Hub {
    /// `capacity`: events a live connection may fall behind before it is told to resume;
    /// `max_tables`: loaded tables kept before idle ones are unloaded on the spot.
    pub fn new(capacity: usize, max_tables: usize) -> Self {
        Hub {
            tables: Mutex::new(HashMap::new()),
            capacity: capacity.max(1),
            max_tables: max_tables.max(1),
            epoch: std::time::Instant::now(),
        }
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Unloads every table untouched for `idle`, then, past `max` tables, the least recently
    /// used ones; returns how many left. Only a table nobody uses is unloaded: no request or
    /// task holds its hub (the map's is the only reference: every user takes one under the
    /// map's lock) and no live connection listens to it. A later request loads it again from
    /// the store (snapshot + tail).
    pub fn evict(&self, idle: std::time::Duration, max: usize) -> usize {
        let now = self.now_ms();
        let idle_ms = u64::try_from(idle.as_millis()).unwrap_or(u64::MAX);
        let mut tables = self.lock();
        Self::evict_locked(&mut tables, now, idle_ms, max)
    }

    fn evict_locked(
        tables: &mut HashMap<String, Arc<TableHub>>,
        now: u64,
        idle_ms: u64,
        max: usize,
    ) -> usize {
        let unused =
            |hub: &Arc<TableHub>| Arc::strong_count(hub) == 1 && hub.events.receiver_count() == 0;
        let before = tables.len();
        tables.retain(|_, hub| {
            !(unused(hub) && now.saturating_sub(hub.touched.load(Ordering::Relaxed)) >= idle_ms)
        });
        if tables.len() > max {
            let mut lru: Vec<(u64, String)> = tables
                .iter()
                .filter(|(_, hub)| unused(hub))
                .map(|(id, hub)| (hub.touched.load(Ordering::Relaxed), id.clone()))
                .collect();
            lru.sort_unstable();
            let excess = tables.len() - max;
            for (_, id) in lru.into_iter().take(excess) {
                tables.remove(&id);
            }
        }
        before - tables.len()
    }

    /// How many tables are loaded (or being loaded).
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no table is loaded.
    pub fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<TableHub>>> {
        // A poisoned lock only means another request panicked while inserting; the map is
        // still a valid map, so keep using it.
        self.tables.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The hub of a table (created on first use; callers check the table exists first).
    /// Marks it used now; past `max_tables`, unloads the least recently used unused ones.
    pub fn get(&self, id: &str) -> Arc<TableHub> {
        let now = self.now_ms();
        let mut tables = self.lock();
        if !tables.contains_key(id) && tables.len() >= self.max_tables {
            Self::evict_locked(&mut tables, now, u64::MAX, self.max_tables - 1);
        }
        let hub = tables
            .entry(id.to_string())
            .or_insert_with(|| {
                Arc::new(TableHub {
                    state: tokio::sync::Mutex::new(None),
                    events: broadcast::channel(self.capacity).0,
                    head: AtomicU64::new(0),
                    touched: AtomicU64::new(now),
                })
            })
            .clone();
        hub.touched.store(now, Ordering::Relaxed);
        hub
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Idle tables leave memory, the least recently used first past the cap; a table someone
    /// holds or watches live stays (on main every touched table stayed forever).
    #[test]
    fn sec_cache_06_idle_tables_are_evicted_lru_first_unless_in_use() {
        let hub = Hub::new(4, 3);
        for id in ["a", "b", "c"] {
            drop(hub.get(id));
        }
        let held = hub.get("a");
        let live = hub.get("b").events.subscribe();
        // A fourth table over the cap of 3 unloads the least recently used unused one (`c`).
        drop(hub.get("d"));
        assert_eq!(hub.len(), 3);
        assert!(hub.existing("c").is_none());
        // Idle for 0 ms: everything unused goes; `a` is held and `b` has a live listener.
        assert_eq!(hub.evict(std::time::Duration::ZERO, 100), 1);
        let mut left = hub.ids();
        left.sort();
        assert_eq!(left, ["a", "b"]);
        drop((held, live));
        assert_eq!(hub.evict(std::time::Duration::ZERO, 100), 2);
        assert!(hub.is_empty());
        // Recently used tables are kept until they have been idle long enough.
        drop(hub.get("e"));
        assert_eq!(hub.evict(std::time::Duration::from_secs(3600), 100), 0);
    }

    fn published(views: Vec<(Viewer, Option<Frame>)>) -> Published {
        Published {
            seq: 1,
            cuts: None,
            views,
        }
    }

    /// A viewer's frame is found by its remembered slot, or by a search that moves the slot;
    /// a hidden event and a viewer without a cache are told apart.
    #[test]
    fn fanout_frame_lookup_by_slot_hidden_and_missing() {
        let alice = Viewer::Player("alice".into());
        let bob = Viewer::Player("bob".into());
        let p = published(vec![
            (Viewer::Referee, Some(Frame::new(7, r#"{"n":7}"#))),
            (alice.clone(), Some(Frame::new(3, r#"{"n":3}"#))),
            (bob.clone(), None),
        ]);
        let mut slot = 0;
        match p.frame(&alice, &mut slot) {
            Lookup::Frame(f) => {
                assert_eq!(f.n, 3);
                assert_eq!(f.text.as_str(), r#"{"type":"event","event":{"n":3}}"#);
            }
            other => panic!("expected alice's frame, got {other:?}"),
        }
        assert_eq!(slot, 1);
        assert!(matches!(p.frame(&alice, &mut slot), Lookup::Frame(f) if f.n == 3));
        assert!(matches!(p.frame(&bob, &mut slot), Lookup::Hidden));
        assert_eq!(slot, 2);
        let mut other = 1;
        let carol = Viewer::Player("carol".into());
        assert!(matches!(p.frame(&carol, &mut other), Lookup::Missing));
        assert_eq!(other, 1);
        // The same frame goes to every connection: cloning shares the buffer.
        if let Lookup::Frame(f) = p.frame(&Viewer::Referee, &mut slot) {
            let (a, b) = (f.message(), f.message());
            match (a, b) {
                (Message::Text(a), Message::Text(b)) => {
                    assert_eq!(a.as_str().as_ptr(), b.as_str().as_ptr());
                }
                other => panic!("expected text messages, got {other:?}"),
            }
        } else {
            panic!("expected the Referee's frame");
        }
    }
}
