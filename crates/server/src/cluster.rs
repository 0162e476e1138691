//! Several `delve serve` instances on one PostgreSQL database.
//!
//! Every instance serves every table. What keeps them in step:
//!
//! - **Commands** are decided on the instance's cached table and appended with the expected
//!   head; a conflict means another instance wrote first, and the instance catches up and
//!   decides again ([`crate::runner`]). Nothing is lost or doubled: the store refuses a stale
//!   append, and `(table, seq)` is unique.
//! - **Live clients** of one instance see the commands made on the others: this module follows
//!   the store's notices of the other instances' appends ([`store::EventStore::subscribe`];
//!   PostgreSQL `NOTIFY delve_events`, this instance's own left out by the store) and, for each table this instance has loaded and whose head moved past its own, reads the
//!   new events and publishes them to its hub exactly as if they had been made here. A
//!   `Resync` notice (the listening connection was lost) catches up every loaded table.
//! - **Timers**: each notice also wakes the scheduler, which re-reads the deadline index (the
//!   other instance's command may have started or moved a timer).
//!
//! Stores without notices (memory, SQLite) are single-instance: nothing here runs.

use crate::{AppState, runner};
use std::sync::Arc;
use store::{Notice, Subscription};

/// Follows the store's notices until `stop` turns true.
pub async fn follow(
    state: Arc<AppState>,
    mut notices: Subscription,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let notice = tokio::select! {
            n = notices.recv() => n,
            _ = stop.changed() => return,
        };
        match notice {
            Notice::Appended { table, head } => {
                if let Some(hub) = state.hub.existing(&table) {
                    let known = hub.head();
                    // 0: not loaded here (nothing cached, no live client); ≥ head: already
                    // read (a command here caught up first).
                    if known > 0 && known < head {
                        tokio::spawn(catch_up(state.clone(), table));
                    }
                }
            }
            Notice::Resync => {
                for table in state.hub.ids() {
                    tokio::spawn(catch_up(state.clone(), table));
                }
            }
        }
        state.scheduler.wake();
    }
}

/// Reads and publishes the events of a loaded table that this instance has not seen.
async fn catch_up(state: Arc<AppState>, table: String) {
    let Some(hub) = state.hub.existing(&table) else {
        return;
    };
    if hub.head() == 0 {
        return;
    }
    let result = async {
        let mut locked = runner::lock(&state, &hub, &table).await?;
        runner::catch_up(&state, &mut locked).await
    }
    .await;
    if let Err(e) = result {
        tracing::warn!(%table, "cannot catch up with another instance: {e}");
    }
}
