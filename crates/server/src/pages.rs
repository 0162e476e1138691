//! A viewer's log read by pages from the store.
//!
//! The server keeps no viewer's log in memory (see [`crate::hub`]): a page of `log`, a live
//! backlog or a player's export reads the stored events from the [`LogIndex`] mark before the
//! page, counts the viewer's numbering up to it ([`engine::shows`]) and projects only the
//! page's events. A revert in the page names global seqs; their `n` in the viewer's numbering
//! is counted the same way from the mark before them ([`numbering_of`]). Stored events up to
//! the head a reader saw never change (the log is append-only), so readers work on a copy of
//! the index taken under the table's lock and read without holding it.
//!
//! Memory: the page's events and the store's read buffer ([`store::READ_PAGE`] events), never
//! the log. Work: the events between the mark and the page's end (for a short log, or a
//! viewer who sees most events, about the page itself).

use crate::error::ApiError;
use crate::hub::to_json;
use engine::{Envelope, LogIndex, Viewer, named_seqs, shows, view_event};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use store::EventStore;

/// Where a read stands: among seqs `1..=seq` the viewer sees `n` events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cursor {
    pub seq: u64,
    pub n: u64,
}

/// What a reader needs from a table's hub, copied under its lock.
#[derive(Debug, Clone)]
pub struct Reader {
    pub table: String,
    pub viewer: Viewer,
    pub index: LogIndex,
    /// The head the index was at (nothing after it is read).
    pub head: u64,
}

impl Reader {
    /// The viewer's last `n` at `head`.
    pub fn last_n(&self) -> u64 {
        self.index.last_n()
    }

    /// The viewer's events with `n > after`, at most `limit`, as `(n, JSON)`; and the cursor
    /// after the last one (pass it back to continue without starting from a mark again).
    pub async fn page(
        &self,
        store: &dyn EventStore,
        after: u64,
        limit: usize,
        from: Option<Cursor>,
    ) -> Result<(Vec<(u64, Arc<str>)>, Cursor), ApiError> {
        let (seq, n) = self.index.before_n(after);
        let mut at = match from {
            Some(c) if c.n <= after && c.seq >= seq && c.seq <= self.head => c,
            _ => Cursor { seq, n },
        };
        let mut picked: Vec<(u64, Envelope)> = Vec::new();
        if after >= self.last_n() || limit == 0 {
            return Ok((Vec::new(), at));
        }
        'read: while at.seq < self.head {
            let want = store::READ_PAGE.min((self.head - at.seq) as usize);
            let stored = store.read(&self.table, at.seq, want).await?;
            if stored.is_empty() {
                break;
            }
            for event in &stored {
                if event.seq > self.head {
                    break 'read;
                }
                let env = event.envelope()?;
                at.seq = env.seq;
                if shows(&env, &self.viewer) {
                    at.n += 1;
                    if at.n > after {
                        picked.push((at.n, env));
                        if picked.len() >= limit {
                            break 'read;
                        }
                    }
                }
            }
        }
        // The numbering of what the page's reverts name.
        let named: BTreeSet<u64> = picked
            .iter()
            .flat_map(|(_, env)| named_seqs(env, &self.viewer).iter().copied())
            .collect();
        let numbers = if named.is_empty() {
            HashMap::new()
        } else {
            numbering_of(store, self, &named).await?
        };
        let page = picked
            .iter()
            .filter_map(|(n, env)| {
                let view = view_event(env, &self.viewer, *n, |s| numbers.get(&s).copied())?;
                Some((*n, to_json(&view)))
            })
            .collect();
        Ok((page, at))
    }

    /// The whole log of the viewer up to the head (a player's export), page by page.
    pub async fn all(&self, store: &dyn EventStore) -> Result<Vec<Arc<str>>, ApiError> {
        let mut out = Vec::new();
        let mut cursor = None;
        loop {
            let after = out.len() as u64;
            let (page, at) = self.page(store, after, store::READ_PAGE, cursor).await?;
            if page.is_empty() {
                return Ok(out);
            }
            out.extend(page.into_iter().map(|(_, json)| json));
            cursor = Some(at);
        }
    }
}

/// The viewer's `n` of each of `seqs` it sees (those it does not see are left out): read
/// from the index mark before the first of them to the last.
pub async fn numbering_of(
    store: &dyn EventStore,
    reader: &Reader,
    seqs: &BTreeSet<u64>,
) -> Result<HashMap<u64, u64>, ApiError> {
    let mut out = HashMap::new();
    let (Some(&first), Some(&last)) = (seqs.first(), seqs.last()) else {
        return Ok(out);
    };
    let last = last.min(reader.head);
    let (mut at, mut n) = reader.index.before_seq(first);
    while at < last {
        let want = store::READ_PAGE.min((last - at) as usize);
        let stored = store.read(&reader.table, at, want).await?;
        if stored.is_empty() {
            break;
        }
        for event in &stored {
            if event.seq > last {
                break;
            }
            let env = event.envelope()?;
            at = env.seq;
            if shows(&env, &reader.viewer) {
                n += 1;
                if seqs.contains(&env.seq) {
                    out.insert(env.seq, n);
                }
            }
        }
    }
    Ok(out)
}
