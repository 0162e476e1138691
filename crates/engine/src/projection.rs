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
//!
//! # Reading a viewer's log by pages
//!
//! Nothing here needs the whole log. [`shows`] alone decides the numbering, so a [`LogIndex`]
//! (a bounded list of `(seq, n)` marks) lets a reader start at the mark before a page, count
//! to the page and project only its events ([`view_event`]); a revert in the page names seqs
//! ([`named_seqs`]) whose `n` is counted the same way from the mark before them. A live
//! [`LogProjector`] keeps the numbering of the events a revert could still name (from the
//! table's [`crate::Table::undo_floor`] on), never the whole log.

use crate::core::{Actor, Viewer, Visibility};
use crate::event::{Envelope, EventBody};
use crate::time::WallMs;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

/// Whether `viewer` gets an entry for `env` in its log: the event itself, or its masked form.
/// This alone decides the viewer's numbering (`n`).
pub fn shows(env: &Envelope, viewer: &Viewer) -> bool {
    env.masked.is_some() || env.visibility.allows(viewer)
}

/// The viewer's form of `env` as its event `n`, if it sees it; a revert names the viewer's `n`
/// of the reverted events it saw, looked up through `n_of` (global seq → the viewer's n).
pub fn view_event(
    env: &Envelope,
    viewer: &Viewer,
    n: u64,
    n_of: impl Fn(u64) -> Option<u64>,
) -> Option<ViewEvent> {
    let (body, private) = if env.visibility.allows(viewer) {
        (env.body.clone(), env.visibility != Visibility::Public)
    } else {
        (env.masked.clone()?, false)
    };
    let body = match body {
        EventBody::Reverted { seqs } => EventBody::Reverted {
            seqs: seqs.iter().filter_map(|s| n_of(*s)).collect(),
        },
        other => other,
    };
    Some(ViewEvent {
        n,
        at_ms: env.at_ms,
        actor: env.actor.clone(),
        private,
        body,
    })
}

/// The global seqs a viewer's form of `env` names (a revert's), which [`view_event`] maps.
pub fn named_seqs<'a>(env: &'a Envelope, viewer: &Viewer) -> &'a [u64] {
    let body = if env.visibility.allows(viewer) {
        Some(&env.body)
    } else {
        env.masked.as_ref()
    };
    match body {
        Some(EventBody::Reverted { seqs }) => seqs,
        _ => &[],
    }
}

/// Projects a stream of events for one viewer (keep one per connection).
///
/// It remembers the viewer's `n` of the events it saw, for the reverts that name them; a
/// holder that knows no revert can name an event before some seq any more (the table's
/// [`crate::Table::undo_floor`]) calls [`LogProjector::forget_before`], so what it keeps is
/// bounded by the table's undo buffer, not by the log's length.
#[derive(Debug, Clone)]
pub struct LogProjector {
    viewer: Viewer,
    next_n: u64,
    /// Global seq → the viewer's n, for the events it saw (from the last `forget_before` on).
    seen: BTreeMap<u64, u64>,
}

impl LogProjector {
    pub fn new(viewer: Viewer) -> Self {
        Self::resume(viewer, 0)
    }

    /// A projector that continues after the viewer's event `last_n`. It knows no earlier
    /// event's `n`: teach it those a coming revert names with [`LogProjector::remember`].
    pub fn resume(viewer: Viewer, last_n: u64) -> Self {
        LogProjector {
            viewer,
            next_n: last_n + 1,
            seen: BTreeMap::new(),
        }
    }

    pub fn viewer(&self) -> &Viewer {
        &self.viewer
    }

    /// The viewer's n of the last event it saw (0 if none).
    pub fn last_n(&self) -> u64 {
        self.next_n - 1
    }

    /// Teaches the viewer's `n` of an earlier event `seq`.
    pub fn remember(&mut self, seq: u64, n: u64) {
        self.seen.insert(seq, n);
    }

    /// Forgets the numbering of events before `seq` (no later revert can name them).
    pub fn forget_before(&mut self, seq: u64) {
        while let Some(entry) = self.seen.first_entry() {
            if *entry.key() >= seq {
                break;
            }
            entry.remove();
        }
    }

    /// How many events' numbering it remembers.
    pub fn remembered(&self) -> usize {
        self.seen.len()
    }

    /// Counts the next event without projecting it: its `n` if the viewer sees it. With
    /// `keep`, its numbering is remembered for reverts.
    pub fn count(&mut self, env: &Envelope, keep: bool) -> Option<u64> {
        if !shows(env, &self.viewer) {
            return None;
        }
        let n = self.next_n;
        self.next_n += 1;
        if keep {
            self.seen.insert(env.seq, n);
        }
        Some(n)
    }

    /// The viewer's form of the next event, if it sees it. Events must come in order.
    pub fn push(&mut self, env: &Envelope) -> Option<ViewEvent> {
        if !shows(env, &self.viewer) {
            return None;
        }
        let view = view_event(env, &self.viewer, self.next_n, |s| {
            self.seen.get(&s).copied()
        })?;
        self.next_n += 1;
        self.seen.insert(env.seq, view.n);
        Some(view)
    }
}

/// Most marks a [`LogIndex`] keeps (plus the one at seq 0): past it, every other mark goes and
/// the spacing doubles, so an index is at most a few kilobytes whatever the log's length.
pub const MAX_LOG_MARKS: usize = 256;
/// Global seqs between two marks of a new [`LogIndex`].
pub const FIRST_MARK_SPACING: u64 = 64;

/// Where a viewer's numbering stands along the global log, every so many events: enough to
/// read any page of the viewer's log from the store from the nearest mark before it, without
/// keeping the log. Bounded ([`MAX_LOG_MARKS`]); a read scans at most about
/// `log length / MAX_LOG_MARKS` events before the page (none for a short log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogIndex {
    /// `(seq, n)`: among seqs `1..=seq` the viewer sees `n` events. Starts with `(0, 0)`; the
    /// other seqs are the multiples of `spacing`, in order.
    marks: Vec<(u64, u64)>,
    spacing: u64,
    last_seq: u64,
    last_n: u64,
}

impl Default for LogIndex {
    fn default() -> Self {
        Self::new()
    }
}

impl LogIndex {
    pub fn new() -> Self {
        LogIndex {
            marks: vec![(0, 0)],
            spacing: FIRST_MARK_SPACING,
            last_seq: 0,
            last_n: 0,
        }
    }

    /// Notes the next event of the log (`shown`: the viewer gets an entry for it).
    pub fn note(&mut self, seq: u64, shown: bool) {
        if shown {
            self.last_n += 1;
        }
        self.last_seq = seq;
        if seq.is_multiple_of(self.spacing) {
            self.marks.push((seq, self.last_n));
            if self.marks.len() > MAX_LOG_MARKS + 1 {
                self.spacing *= 2;
                let spacing = self.spacing;
                self.marks.retain(|(s, _)| s.is_multiple_of(spacing));
            }
        }
    }

    /// The viewer's n of its last event (the length of its log).
    pub fn last_n(&self) -> u64 {
        self.last_n
    }

    /// The last seq noted.
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// How many marks it holds (at most [`MAX_LOG_MARKS`] + 1).
    pub fn marks(&self) -> usize {
        self.marks.len()
    }

    /// Seqs between two marks now.
    pub fn spacing(&self) -> u64 {
        self.spacing
    }

    /// Where to start reading for the viewer's events after its `after`: the last mark
    /// `(seq, n)` with `n <= after` (read the log after `seq`; the next event the viewer sees
    /// there is its `n + 1`).
    pub fn before_n(&self, after: u64) -> (u64, u64) {
        let i = self.marks.partition_point(|(_, n)| *n <= after);
        self.marks[i.saturating_sub(1)]
    }

    /// Where to start reading to learn the viewer's numbering at `seq`: the last mark before it.
    pub fn before_seq(&self, seq: u64) -> (u64, u64) {
        let i = self.marks.partition_point(|(s, _)| *s < seq);
        self.marks[i.saturating_sub(1)]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The index stays within its bound for any length, and `before_n`/`before_seq` always
    /// give a mark at or before what is asked, with the right count (checked against a
    /// count of every event).
    #[test]
    fn log_index_is_bounded_and_its_marks_are_exact() {
        let mut index = LogIndex::new();
        // The viewer sees every third event, and every event from 40,000 on.
        let shown = |seq: u64| seq.is_multiple_of(3) || seq >= 40_000;
        let mut counts = vec![0u64];
        for seq in 1..=100_000u64 {
            index.note(seq, shown(seq));
            counts.push(counts[seq as usize - 1] + u64::from(shown(seq)));
            assert!(index.marks() <= MAX_LOG_MARKS + 1);
        }
        assert_eq!(index.last_n(), counts[100_000]);
        assert!(index.spacing() <= 100_000 / MAX_LOG_MARKS as u64 * 2);
        for after in [0, 1, 500, 13_333, 13_334, 50_000, index.last_n()] {
            let (seq, n) = index.before_n(after);
            assert_eq!(counts[seq as usize], n);
            assert!(n <= after);
            // No more than two spacings of the log lie between the mark and the page.
            let target = counts
                .iter()
                .position(|c| *c > after)
                .unwrap_or(counts.len()) as u64;
            assert!(target.saturating_sub(seq) <= 2 * index.spacing(), "{after}");
        }
        for seq in [1, 64, 65, 99_999] {
            let (mark, n) = index.before_seq(seq);
            assert!(mark < seq);
            assert_eq!(counts[mark as usize], n);
        }
    }
}
