//! Loaded tables, their per-viewer logs, and their live fan-out.
//!
//! One [`TableHub`] per table that someone touched: a lock that serialises this instance's
//! work on the table (commands, timers, catching up with other instances), holding the table
//! ([`Loaded`]: its state, loaded once from the latest snapshot and the tail, then kept current)
//! and a broadcast channel of what was committed ([`Published`]).
//!
//! # Per-viewer logs
//!
//! Each viewer that reads the table gets a [`ViewCache`]: not its log, but what it takes to
//! read any page of it from the store ([`crate::pages`]) and to project new events — an
//! [`engine::LogIndex`] (its numbering every so many events, at most a few kilobytes) and a
//! [`LogProjector`] that remembers only the numbering a revert could still name (from the
//! table's undo floor on). So a viewer costs the same memory on a table of ten events and of a
//! million ([`ViewCache::footprint`]). It is built once per viewer on this instance (one pass
//! over the stored log, counting) and then fed every new event. Every cache is always fed up
//! to the table's head.
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
use engine::{AccessChange, Envelope, EventBody, LogIndex, LogProjector, Table, ViewEvent, Viewer};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// What one viewer's log needs in memory: its numbering along the log and the live projector.
pub struct ViewCache {
    projector: LogProjector,
    index: LogIndex,
}

/// The size of a [`ViewCache`]'s structures (what grows with use).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Footprint {
    /// Marks of its index (at most [`engine::projection::MAX_LOG_MARKS`] + 1).
    pub marks: usize,
    /// Events whose numbering its projector remembers (those a revert could still name).
    pub remembered: usize,
}

impl ViewCache {
    pub fn new(viewer: Viewer) -> Self {
        ViewCache {
            projector: LogProjector::new(viewer),
            index: LogIndex::new(),
        }
    }

    /// Counts a stored event while the cache is built; `floor`: the table's undo floor (the
    /// numbering of earlier events is not kept).
    pub fn skim(&mut self, env: &Envelope, floor: u64) {
        let n = self.projector.count(env, env.seq >= floor);
        self.index.note(env.seq, n.is_some());
    }

    /// Feeds the next event; returns the viewer's form of it if the viewer sees it.
    pub fn push(&mut self, env: &Envelope) -> Option<ViewEvent> {
        let view = self.projector.push(env);
        self.index.note(env.seq, view.is_some());
        view
    }

    /// Forgets the numbering no revert can name any more (before the table's undo floor).
    pub fn forget_before(&mut self, floor: u64) {
        self.projector.forget_before(floor);
    }

    /// The viewer's last `n` (the length of its log).
    pub fn last_n(&self) -> u64 {
        self.index.last_n()
    }

    /// The viewer's numbering along the log (copied by a reader before it lets the lock go).
    pub fn index(&self) -> &LogIndex {
        &self.index
    }

    /// How big its structures are.
    pub fn footprint(&self) -> Footprint {
        Footprint {
            marks: self.index.marks(),
            remembered: self.projector.remembered(),
        }
    }
}

/// Serialises a viewer's event for the wire.
pub fn to_json(view: &ViewEvent) -> Arc<str> {
    // A ViewEvent is plain data (strings, numbers, JSON values): serialising cannot fail.
    serde_json::to_string(view)
        .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
        .into()
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
    /// The table's head when it was loaded: [`Loaded::cut_after`] knows the events after it.
    loaded_at: u64,
    /// Each viewer whose access an event ended ([`cut_by`]), and the last such event's seq.
    cuts: HashMap<Viewer, u64>,
    /// While the events of several commands decided together are published (the table
    /// already holds all of them): the undo floor before the first, so a revert among them
    /// still finds the numbering it names ([`Loaded::hold_floor`]).
    floor_cap: Option<u64>,
}

impl Loaded {
    pub fn new(table: Table) -> Self {
        Loaded {
            loaded_at: table.head(),
            table,
            views: Vec::new(),
            slots: HashMap::new(),
            cuts: HashMap::new(),
            floor_cap: None,
        }
    }

    /// Keeps the viewers' numbering from `floor` on until released (`None`): set before
    /// publishing events the table has already moved past (a batch decided together).
    pub fn hold_floor(&mut self, floor: Option<u64>) {
        self.floor_cap = floor;
    }

    /// Whether an event after seq `since` ended `viewer`'s access (left, tokens revoked,
    /// link rotated); `None` if `since` is before this load (the caller reads the log).
    pub fn cut_after(&self, viewer: &Viewer, since: u64) -> Option<bool> {
        if since < self.loaded_at {
            return None;
        }
        Some(self.cuts.get(viewer).is_some_and(|&seq| seq > since))
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

    /// Feeds a committed event (already part of `table`) to every cached viewer: projected
    /// once per viewer, serialised for `want` (returned, if it sees the event) and, with
    /// `live` (someone is subscribed), for everyone, wrapped into each viewer's frame.
    pub fn record(
        &mut self,
        env: &Envelope,
        live: bool,
        want: Option<&Viewer>,
    ) -> (Published, Option<Arc<str>>) {
        let mut views = Vec::with_capacity(if live { self.views.len() } else { 0 });
        let mut wanted = None;
        let floor = self
            .table
            .undo_floor()
            .min(self.floor_cap.unwrap_or(u64::MAX));
        for (viewer, cache) in &mut self.views {
            let seen = cache.push(env);
            cache.forget_before(floor);
            let is_wanted = want == Some(&*viewer);
            if !live && !is_wanted {
                continue;
            }
            let json = seen.as_ref().map(|view| (view.n, to_json(view)));
            if is_wanted {
                wanted = json.as_ref().map(|(_, j)| j.clone());
            }
            if live {
                views.push((viewer.clone(), json.map(|(n, j)| Frame::new(n, &j))));
            }
        }
        let cuts = cut_by(env);
        if let Some(cut) = &cuts {
            self.cuts.insert(cut.clone(), env.seq);
        }
        (
            Published {
                seq: env.seq,
                cuts,
                views,
            },
            wanted,
        )
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
        self.publish_for(loaded, env, None);
    }

    /// [`TableHub::publish`], returning `want`'s form of the event (JSON) if it sees it.
    pub fn publish_for(
        &self,
        loaded: &mut Loaded,
        env: &Envelope,
        want: Option<&Viewer>,
    ) -> Option<Arc<str>> {
        // Live connections subscribe under the same lock as this runs, so the count is exact:
        // with none, no frame is built and nothing is sent.
        let live = self.events.receiver_count() > 0;
        let (published, wanted) = loaded.record(env, live, want);
        self.head.store(loaded.table.head(), Ordering::Release);
        if live {
            // Every receiver may have gone since: that is fine.
            let _ = self.events.send(Arc::new(published));
        }
        wanted
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
