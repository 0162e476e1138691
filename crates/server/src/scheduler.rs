//! The deadline scheduler: fires real-time timers (the end of a real-time exploration turn —
//! Crows' dungeon turn — and any other engine timer) when they fall due, exactly once.
//!
//! # How
//!
//! The store keeps a deadline index: each table's earliest running-timer deadline, written in
//! the same transaction as the events that change it (see `store`'s "deadline index"). The
//! scheduler is one task per server that
//!
//! 1. reads the index ([`store::EventStore::deadlines`]: unknown entries first, then the
//!    earliest deadlines);
//! 2. for a table whose deadline is unknown (a database from before the index, an import), or
//!    due by the injected clock, runs [`runner::fire_due`]: under the table's lock, it catches
//!    up with the store, then sends `{"clock": {"timer_due": {"id": …}}}` as the system actor
//!    for each due timer, through the normal append with the expected head; if nothing was due
//!    it records the table's real deadline;
//! 3. sleeps until the earliest deadline left (at most [`MAX_SLEEP`]), or until woken: by a
//!    command on this instance that changed a table's deadline, or by a notice that another
//!    instance appended (its commands may have set deadlines).
//!
//! # Exactly once
//!
//! - *Once per instance*: firing happens under the table's lock and a fired timer is gone from
//!   the state (the engine refuses `timer_due` for a timer that is not running or not due).
//! - *Across a restart*: the index is durable with the log; at start-up the first pass fires
//!   every deadline that passed while the server was down (once: firing is an append like any
//!   other, and once stored the timer is gone).
//! - *Across instances* (one PostgreSQL database): both may try; the append expects the head
//!   both saw, so one `timer_due` lands and the other gets a conflict, catches up, sees the timer
//!   gone and does nothing.
//!
//! A table whose due timer the rules refuse (or that fails for another reason) is retried after
//! [`RETRY_AFTER`], or as soon as its head moves, so one bad table never spins the scheduler.

use crate::{AppState, runner};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use store::{DEADLINE_BATCH, Deadline};
use tokio::sync::Notify;

/// Longest sleep between two looks at the index (a guard against wall-clock jumps).
pub const MAX_SLEEP: Duration = Duration::from_secs(30);
/// How long a table whose timers could not be fired waits before the next try.
pub const RETRY_AFTER: Duration = Duration::from_secs(10);
/// Pause after a failed read of the index.
const STORE_RETRY: Duration = Duration::from_secs(1);

/// Wakes the scheduler (cheap; wakes merge).
#[derive(Debug, Clone, Default)]
pub struct Wake(Arc<Notify>);

impl Wake {
    pub fn new() -> Self {
        Wake::default()
    }
    /// Makes the scheduler look at the index now (e.g. after a command changed a deadline or
    /// a test moved its clock).
    pub fn wake(&self) {
        self.0.notify_one();
    }
    async fn woken(&self) {
        self.0.notified().await;
    }
}

/// Runs until `stop` turns true.
pub async fn run(state: Arc<AppState>, mut stop: tokio::sync::watch::Receiver<bool>) {
    let mut failed: HashMap<String, (u64, Instant)> = HashMap::new();
    loop {
        if *stop.borrow() {
            return;
        }
        let wait = match pass(&state, &mut failed).await {
            Ok(wait) => wait,
            Err(e) => {
                tracing::warn!("scheduler: cannot read the deadline index: {e}");
                STORE_RETRY
            }
        };
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = state.scheduler.woken() => {}
            _ = stop.changed() => return,
        }
    }
}

/// One look at the index: fires what is due; returns how long to sleep.
async fn pass(
    state: &AppState,
    failed: &mut HashMap<String, (u64, Instant)>,
) -> Result<Duration, store::StoreError> {
    let entries = state.tables.store.deadlines(DEADLINE_BATCH).await?;
    let now = state.clock.now_ms();
    let mut next: Option<i64> = None;
    let mut retry: Option<Instant> = None;
    let mut worked = false;
    for entry in entries {
        if let Some((head, until)) = failed.get(&entry.table) {
            if *head == entry.head && Instant::now() < *until {
                retry = Some(retry.map_or(*until, |r| r.min(*until)));
                continue;
            }
            failed.remove(&entry.table);
        }
        match entry.deadline {
            Deadline::At(at) if at > now => {
                // Sorted: everything after this is later.
                next = Some(at);
                break;
            }
            Deadline::At(_) | Deadline::Unknown => {
                match runner::fire_due(state, &entry.table).await {
                    Ok(fired) => {
                        worked = true;
                        if fired > 0 {
                            tracing::debug!(table = %entry.table, fired, "timers fired");
                        }
                    }
                    Err(e) => {
                        tracing::warn!(table = %entry.table, "scheduler: cannot fire timers: {e}");
                        let until = Instant::now() + RETRY_AFTER;
                        failed.insert(entry.table.clone(), (entry.head, until));
                        retry = Some(retry.map_or(until, |r| r.min(until)));
                    }
                }
            }
            Deadline::None => {}
        }
    }
    // Something was fired or resolved: look again at once (the index moved: a fired turn timer
    // starts the next turn's timer).
    if worked {
        return Ok(Duration::ZERO);
    }
    let mut wait = MAX_SLEEP;
    if let Some(at) = next {
        let ms = u64::try_from(at.saturating_sub(state.clock.now_ms())).unwrap_or(0);
        wait = wait.min(Duration::from_millis(ms));
    }
    if let Some(r) = retry {
        wait = wait.min(r.saturating_duration_since(Instant::now()));
    }
    Ok(wait)
}
