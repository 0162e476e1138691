//! The command path shared by the API, the scheduler and the follower of other instances.
//!
//! # Deciding on current state
//!
//! A table is loaded once per instance (latest snapshot + tail) and kept in its hub. A command
//! is decided on that cached state and appended with the cached head as the expected head
//! ([`store::Tables::execute_on`]). If another instance (or anything else) appended first, the
//! store refuses with a conflict and stores nothing; the instance then reads the events it
//! missed, applies and publishes them ([`catch_up`]), and decides again on the current state —
//! up to [`MAX_ATTEMPTS`] times. So no decision is ever stored on stale state, and no event is
//! lost or doubled. On a store shared by several instances (PostgreSQL), reads catch up first
//! too, so a client reads its own writes on any instance.
//!
//! # Timers
//!
//! [`fire_due`] fires a table's due timers as the system actor through the same path. Two
//! instances may try at once: one `timer_due` lands, the other conflicts, catches up, finds the
//! timer gone and does nothing.

use crate::AppState;
use crate::access::Principal;
pub use crate::access::SeatCheck;
use crate::error::ApiError;
use crate::hub::{Loaded, TableHub, ViewCache};
use crate::pages;
use engine::{Actor, ClockCommand, Command, DiceRoller, Viewer};
use std::collections::HashMap;
use std::sync::Arc;
use store::StoreError;
use tokio::sync::{MappedMutexGuard, MutexGuard};

/// Decisions a command may be retried after conflicts with other writers (each after a random
/// backoff). Two instances writing one table flat out could make one of them lose 16 times in
/// a row (seen in the two-instance test, about 1 run in 20); past the limit the command is
/// refused with `409 conflict` and nothing is stored.
pub const MAX_ATTEMPTS: usize = 64;
/// Timers one [`fire_due`] call fires at most (the scheduler comes back for the rest).
pub const MAX_FIRED_PER_CALL: usize = 64;

/// A locked, loaded table.
pub struct Locked<'a> {
    pub hub: &'a TableHub,
    guard: MappedMutexGuard<'a, Loaded>,
}

impl Locked<'_> {
    pub fn loaded(&mut self) -> &mut Loaded {
        &mut self.guard
    }
}

/// Locks a table's hub, loading the table (snapshot + tail) if this instance has not yet.
pub async fn lock<'a>(
    state: &AppState,
    hub: &'a TableHub,
    id: &str,
) -> Result<Locked<'a>, ApiError> {
    let mut guard = hub.state.lock().await;
    if guard.is_none() {
        let table = state.tables.load(id).await?;
        hub.set_head(table.head());
        *guard = Some(Loaded::new(table));
    }
    let guard = MutexGuard::try_map(guard, Option::as_mut)
        .map_err(|_| ApiError::internal(format!("table `{id}` is not loaded")))?;
    Ok(Locked { hub, guard })
}

/// Reads, applies and publishes the events appended after the cached head (by another
/// instance, or by an append whose outcome this one did not learn).
pub async fn catch_up(state: &AppState, locked: &mut Locked<'_>) -> Result<usize, ApiError> {
    let hub = locked.hub;
    let loaded = locked.loaded();
    let id = loaded.table.id().to_string();
    let mut applied = 0;
    loop {
        let page = state
            .tables
            .store
            .read(&id, loaded.table.head(), store::READ_PAGE)
            .await?;
        let short = page.len() < store::READ_PAGE;
        for stored in &page {
            let env = stored.envelope()?;
            loaded.table.apply(&env)?;
            hub.publish(loaded, &env);
            applied += 1;
        }
        if short {
            return Ok(applied);
        }
    }
}

/// Catches up if the store is shared with other instances (a no-op otherwise).
pub async fn refresh(state: &AppState, locked: &mut Locked<'_>) -> Result<(), ApiError> {
    if state.shared {
        catch_up(state, locked).await?;
    }
    Ok(())
}

/// Builds the viewer's log cache if missing: one pass over the stored log up to the cached
/// head, counting (the cache keeps the viewer's numbering, not its log: [`crate::hub`]).
pub async fn ensure_view(
    state: &AppState,
    locked: &mut Locked<'_>,
    viewer: &Viewer,
) -> Result<(), ApiError> {
    let loaded = locked.loaded();
    if loaded.view(viewer).is_some() {
        return Ok(());
    }
    let id = loaded.table.id().to_string();
    let head = loaded.table.head();
    let floor = loaded.table.undo_floor();
    let mut cache = ViewCache::new(viewer.clone());
    let mut after = 0;
    while after < head {
        let page = state
            .tables
            .store
            .read(&id, after, store::READ_PAGE.min((head - after) as usize))
            .await?;
        let Some(last) = page.last() else { break };
        after = last.seq;
        for stored in &page {
            cache.skim(&stored.envelope()?, floor);
        }
    }
    if after != head {
        return Err(ApiError::internal(format!(
            "the stored log of `{id}` ends at {after}, the table is at {head}"
        )));
    }
    loaded.insert_view(viewer.clone(), cache);
    Ok(())
}

/// What a reader of `viewer`'s log needs, copied under the lock (see [`crate::pages`]); the
/// viewer's cache must be built ([`ensure_view`]).
pub fn reader(locked: &mut Locked<'_>, viewer: &Viewer) -> Result<pages::Reader, ApiError> {
    let loaded = locked.loaded();
    let cache = loaded
        .view(viewer)
        .ok_or_else(|| ApiError::internal("the viewer's log is not loaded"))?;
    Ok(pages::Reader {
        table: loaded.table.id().to_string(),
        viewer: viewer.clone(),
        index: cache.index().clone(),
        head: loaded.table.head(),
    })
}

/// Refuses the command of a token whose seat changed or whose access an event ended (a
/// player's leaving or revocation, the Referee's link rotated) since the request was
/// authenticated. Runs under the table's lock, on the state the command is decided on, so
/// nothing can come between this check and the append.
pub async fn recheck_seat(
    state: &AppState,
    locked: &mut Locked<'_>,
    check: &SeatCheck,
) -> Result<(), ApiError> {
    let loaded = locked.loaded();
    if !check.holds(&loaded.table.core().participants) {
        return Err(check.refusal());
    }
    let viewer = &check.viewer;
    let cut = match loaded.cut_after(viewer, check.since) {
        Some(cut) => cut,
        // The table was unloaded and loaded again since: read what happened in between.
        None => {
            let id = loaded.table.id().to_string();
            let head = loaded.table.head();
            let mut after = check.since;
            let mut cut = false;
            while after < head && !cut {
                let page = state
                    .tables
                    .store
                    .read(&id, after, store::READ_PAGE.min((head - after) as usize))
                    .await?;
                let Some(last) = page.last() else { break };
                after = last.seq;
                for stored in &page {
                    cut |= crate::hub::cut_by(&stored.envelope()?).as_ref() == Some(viewer);
                }
            }
            cut
        }
    };
    if cut {
        return Err(check.refusal());
    }
    Ok(())
}

/// A player who has left the table keeps no access (their token stays, their seat does not).
pub fn ensure_seated(loaded: &Loaded, who: &Principal) -> Result<(), ApiError> {
    match who {
        Principal::Player(name) if !loaded.table.core().participants.players.contains_key(name) => {
            Err(ApiError::forbidden(
                "not_seated",
                format!("`{name}` is no longer a player at this table"),
            ))
        }
        _ => Ok(()),
    }
}

/// Locks a table for a read by `who`: caught up (shared store), seated, its log cache built.
pub async fn lock_for_read<'a>(
    state: &AppState,
    hub: &'a TableHub,
    id: &str,
    who: &Principal,
) -> Result<Locked<'a>, ApiError> {
    let mut locked = lock(state, hub, id).await?;
    refresh(state, &mut locked).await?;
    ensure_seated(locked.loaded(), who)?;
    ensure_view(state, &mut locked, &who.viewer()).await?;
    Ok(locked)
}

/// Runs a command as `actor` on a locked table, retrying after conflicts; returns the
/// viewer's form of the command's events (JSON, in the viewer's numbering).
pub async fn run_locked(
    state: &AppState,
    locked: &mut Locked<'_>,
    actor: &Actor,
    viewer: &Viewer,
    command: &Command,
) -> Result<Vec<Arc<str>>, ApiError> {
    let mut turn = take_turn_if_contended(state, locked).await?;
    let job = Job {
        actor,
        viewer,
        command,
        seat: None,
        faces: None,
    };
    let outcome = decide(state, locked, &job, &mut turn).await;
    release(turn).await;
    outcome
}

/// How long a table counts as contended after a conflict ([`take_turn_if_contended`]).
pub const CONTENDED_FOR: std::time::Duration = std::time::Duration::from_secs(5);

/// On a table that conflicted lately (several instances writing it), waits for the table's
/// cross-instance lock ([`store::EventStore::lock_table`]; `None` on a store without one) and
/// catches up, so the instances take turns instead of racing each other's appends.
async fn take_turn_if_contended(
    state: &AppState,
    locked: &mut Locked<'_>,
) -> Result<Option<store::TableLock>, ApiError> {
    let id = locked.loaded().table.id().to_string();
    if !state.queues.contended(&id) {
        return Ok(None);
    }
    let turn = state.tables.store.lock_table(&id).await?;
    if turn.is_some() {
        catch_up(state, locked).await?;
    }
    Ok(turn)
}

async fn release(turn: Option<store::TableLock>) {
    if let Some(turn) = turn {
        turn.release().await;
    }
}

/// One command to decide: who sends it, whose view of its events comes back, the access to
/// check again under the lock, and the physical dice it brings (if any).
struct Job<'a> {
    actor: &'a Actor,
    viewer: &'a Viewer,
    command: &'a Command,
    seat: Option<&'a SeatCheck>,
    faces: Option<&'a [i64]>,
}

/// The decision loop of [`run_locked`]; after a conflict it takes the table's turn (`turn`)
/// if it does not hold it yet.
async fn decide(
    state: &AppState,
    locked: &mut Locked<'_>,
    job: &Job<'_>,
    turn: &mut Option<store::TableLock>,
) -> Result<Vec<Arc<str>>, ApiError> {
    let Job {
        actor,
        viewer,
        command,
        seat,
        faces,
    } = *job;
    ensure_view(state, locked, viewer).await?;
    let hub = locked.hub;
    let mut attempt = 0;
    loop {
        attempt += 1;
        // Under the lock, on the state this attempt decides on (after any catching up).
        if let Some(check) = seat {
            recheck_seat(state, locked, check).await?;
        }
        let loaded = locked.loaded();
        let deadline = loaded.table.next_deadline().map(|(_, at)| at);
        let mut fresh = DiceRoller;
        let mut physical;
        let roller: &mut dyn engine::Roller = match faces {
            Some(_) if !store::may_bring_faces(&loaded.table, actor) => {
                return Err(ApiError::forbidden(
                    "physical_dice_referee_only",
                    store::PLAYERS_FACES_OFF,
                ));
            }
            Some(faces) => {
                // The faces must be exactly the command's dice: checked before anything is
                // stored, on the state this attempt decides on.
                store::physical_dice_fit(
                    &loaded.table,
                    actor,
                    command,
                    state.clock.now_ms(),
                    faces,
                )?;
                physical = engine::FacesRoller::new(faces.to_vec());
                &mut physical
            }
            None => &mut fresh,
        };
        match state
            .tables
            .execute_on(&mut loaded.table, actor, command, &*state.clock, roller)
            .await
        {
            Ok(events) => {
                let mine = events
                    .iter()
                    .filter_map(|env| hub.publish_for(loaded, env, Some(viewer)))
                    .collect();
                if loaded.table.next_deadline().map(|(_, at)| at) != deadline {
                    state.scheduler.wake();
                }
                return Ok(mine);
            }
            // Refused: nothing was stored and the table is unchanged.
            Err(StoreError::Engine(e)) => return Err(e.into()),
            // Another writer moved the table: learn what it did and decide again.
            Err(StoreError::Conflict { table, .. }) if attempt < MAX_ATTEMPTS => {
                state.queues.note_conflict(&table);
                if turn.is_none() {
                    *turn = state.tables.store.lock_table(&table).await?;
                }
                if turn.is_none() {
                    backoff(attempt).await;
                }
                catch_up(state, locked).await?;
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// Runs a command as `actor` and returns the new events as `viewer` sees them.
///
/// The command is queued on its table and a task is spawned to drain the queue: whoever next
/// holds the table's lock runs every queued command ([`run_queued`]), so commands that pile
/// up while one append is syncing share the next one. The batch's work belongs to that
/// spawned task, not to any request: a client that drops its request (and so this future)
/// changes nothing for the others, whose answers come through their own channels.
pub async fn run_command(
    state: &Arc<AppState>,
    id: &str,
    actor: &Actor,
    viewer: &Viewer,
    command: &Command,
) -> Result<Vec<Arc<str>>, ApiError> {
    run_checked(state, id, actor, viewer, command, None).await
}

/// [`run_command`] for a player authenticated earlier: `seat` is checked again under the
/// table's lock right before the command is decided ([`recheck_seat`]).
pub async fn run_checked(
    state: &Arc<AppState>,
    id: &str,
    actor: &Actor,
    viewer: &Viewer,
    command: &Command,
    seat: Option<SeatCheck>,
) -> Result<Vec<Arc<str>>, ApiError> {
    run_with_faces(state, id, (actor, viewer), command, seat, None).await
}

/// [`run_checked`] with physical dice: `faces` are the command's dice in order
/// ([`store::physical_dice_fit`] refuses a count or a face that does not fit, storing nothing).
pub async fn run_with_faces(
    state: &Arc<AppState>,
    id: &str,
    (actor, viewer): (&Actor, &Viewer),
    command: &Command,
    seat: Option<SeatCheck>,
    faces: Option<Vec<i64>>,
) -> Result<Vec<Arc<str>>, ApiError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let mine = Arc::new(Queued {
        actor: actor.clone(),
        viewer: viewer.clone(),
        command: command.clone(),
        seat,
        faces,
        reply: std::sync::Mutex::new(Some(tx)),
    });
    state.queues.push(id, mine);
    tokio::spawn(drain(state.clone(), id.to_string()));
    rx.await.unwrap_or_else(|_| {
        Err(ApiError::internal(
            "the command was interrupted while it was being stored; it may or may not have \
             been applied: read the table's log",
        ))
    })
}

/// Takes the table's lock and runs whatever is queued on it (nothing, if an earlier drain
/// took this one's command along). Runs in its own task: see [`run_command`].
async fn drain(state: Arc<AppState>, id: String) {
    let hub = state.hub.get(&id);
    let locked = lock(&state, &hub, &id).await;
    let batch = state.queues.take(&id);
    if batch.is_empty() {
        return;
    }
    match locked {
        Ok(mut locked) => run_queued(&state, &mut locked, batch).await,
        Err(e) => {
            for q in &batch {
                q.answer(Err(e.clone()));
            }
        }
    }
}

/// A command waiting for its table's lock, and where its outcome goes once run.
pub struct Queued {
    actor: Actor,
    viewer: Viewer,
    command: Command,
    seat: Option<SeatCheck>,
    /// Physical dice for the command's rolls, in order (the Referee's).
    faces: Option<Vec<i64>>,
    reply: std::sync::Mutex<Option<Reply>>,
}

type Reply = tokio::sync::oneshot::Sender<Result<Vec<Arc<str>>, ApiError>>;

impl Queued {
    fn slot(&self) -> std::sync::MutexGuard<'_, Option<Reply>> {
        // Never held across an await or a panicking call: a poisoned lock holds a whole value.
        self.reply.lock().unwrap_or_else(|p| p.into_inner())
    }
    fn answer(&self, outcome: Result<Vec<Arc<str>>, ApiError>) {
        if let Some(tx) = self.slot().take() {
            // The waiter may have gone (its client dropped the request): nothing to tell.
            let _ = tx.send(outcome);
        }
    }
}

/// The commands queued per table (in arrival order).
#[derive(Default)]
pub struct Queues {
    tables: std::sync::Mutex<HashMap<String, Vec<Arc<Queued>>>>,
    /// When each table last conflicted (several instances writing it).
    conflicts: std::sync::Mutex<HashMap<String, std::time::Instant>>,
}

impl Queues {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Arc<Queued>>>> {
        // Never held across an await or a panicking call: a poisoned lock holds a whole map.
        self.tables.lock().unwrap_or_else(|p| p.into_inner())
    }
    fn push(&self, id: &str, queued: Arc<Queued>) {
        self.map().entry(id.to_string()).or_default().push(queued);
    }
    fn take(&self, id: &str) -> Vec<Arc<Queued>> {
        self.map().remove(id).unwrap_or_default()
    }
    fn conflicts(&self) -> std::sync::MutexGuard<'_, HashMap<String, std::time::Instant>> {
        // Never held across an await or a panicking call: a poisoned lock holds a whole map.
        self.conflicts.lock().unwrap_or_else(|p| p.into_inner())
    }
    fn note_conflict(&self, id: &str) {
        self.conflicts()
            .insert(id.to_string(), std::time::Instant::now());
    }
    /// Whether `id` conflicted within [`CONTENDED_FOR`] (forgets older conflicts).
    fn contended(&self, id: &str) -> bool {
        let mut conflicts = self.conflicts();
        match conflicts.get(id) {
            Some(at) if at.elapsed() < CONTENDED_FOR => true,
            Some(_) => {
                conflicts.remove(id);
                false
            }
            None => false,
        }
    }
}

/// Runs queued commands on a locked table and answers each. Several commands are decided in
/// order on a copy of the table (a refused one changes nothing and does not affect the
/// others) and their events stored in one append; if that append fails (another writer moved
/// the table, a store error), the cached table is unchanged and each command runs again on its
/// own ([`run_locked`], which catches up after conflicts).
///
/// A command left unanswered (the task panicked) drops its reply channel: its waiter answers
/// 500 "interrupted" ([`run_command`]).
async fn run_queued(state: &AppState, locked: &mut Locked<'_>, batch: Vec<Arc<Queued>>) {
    let batch = &batch;
    let mut turn = match take_turn_if_contended(state, locked).await {
        Ok(turn) => turn,
        Err(e) => {
            for q in batch {
                q.answer(Err(e.clone()));
            }
            return;
        }
    };
    // Physical dice are checked against one command at a time.
    let together = batch.len() > 1 && batch.iter().all(|q| q.faces.is_none());
    if !(together && run_together(state, locked, batch).await) {
        for q in batch {
            let job = Job {
                actor: &q.actor,
                viewer: &q.viewer,
                command: &q.command,
                seat: q.seat.as_ref(),
                faces: q.faces.as_deref(),
            };
            let outcome = decide(state, locked, &job, &mut turn).await;
            q.answer(outcome);
        }
    }
    release(turn).await;
}

/// Decides `batch` on a copy of the table and stores every accepted command's events in one
/// append. `false`: nothing was stored or answered (run them one by one instead).
async fn run_together(state: &AppState, locked: &mut Locked<'_>, batch: &[Arc<Queued>]) -> bool {
    let mut unseated = Vec::with_capacity(batch.len());
    for q in batch {
        if ensure_view(state, locked, &q.viewer).await.is_err() {
            return false;
        }
        // Checked here, under the lock, on the state the batch is decided on.
        unseated.push(match &q.seat {
            Some(check) => recheck_seat(state, locked, check).await.err(),
            None => None,
        });
    }
    let hub = locked.hub;
    let loaded = locked.loaded();
    let head = loaded.table.head();
    let mut work = loaded.table.clone();
    let mut decided = Vec::with_capacity(batch.len());
    let mut deadline = None;
    // Whose access an earlier command of this batch ended.
    let mut cut_here: Vec<Viewer> = Vec::new();
    for (q, unseated) in batch.iter().zip(unseated) {
        if let Some(refused) = unseated {
            decided.push(Err(refused));
            continue;
        }
        if let Some(check) = &q.seat
            && (!check.holds(&work.core().participants) || cut_here.contains(&check.viewer))
        {
            decided.push(Err(check.refusal()));
            continue;
        }
        let mut roller = DiceRoller;
        match work.prepare(&q.actor, &q.command, state.clock.now_ms(), &mut roller) {
            Ok(prepared) => {
                let events = prepared.events.clone();
                cut_here.extend(events.iter().filter_map(crate::hub::cut_by));
                deadline = Some(prepared.next_deadline_ms());
                if work.commit(prepared).is_err() {
                    return false;
                }
                decided.push(Ok(events));
            }
            // Refused: the copy is unchanged.
            Err(e) => decided.push(Err(e.into())),
        }
    }
    if let Some(deadline) = deadline {
        let stored: Result<Vec<_>, _> = decided
            .iter()
            .flat_map(|d| d.iter().flatten())
            .map(store::StoredEvent::from_envelope)
            .collect();
        let Ok(stored) = stored else { return false };
        if state
            .tables
            .store
            .append_with_deadline(work.id(), head, &stored, store::Deadline::known(deadline))
            .await
            .is_err()
        {
            return false;
        }
    }
    let before_deadline = loaded.table.next_deadline().map(|(_, at)| at);
    // The table moves past the whole batch at once; its events are published one by one.
    loaded.hold_floor(Some(loaded.table.undo_floor()));
    loaded.table = work;
    for (q, d) in batch.iter().zip(decided) {
        let outcome = d.map(|events| {
            events
                .iter()
                .filter_map(|env| hub.publish_for(loaded, env, Some(&q.viewer)))
                .collect()
        });
        q.answer(outcome);
    }
    loaded.hold_floor(None);
    if loaded.table.next_deadline().map(|(_, at)| at) != before_deadline {
        state.scheduler.wake();
    }
    state.tables.snapshot_if_due(&loaded.table, head).await;
    true
}

/// Fires the table's due timers (as the system actor, at the injected clock's now); returns
/// how many fired here. Keeps the deadline index right: if nothing was due, records the
/// table's real next deadline.
pub async fn fire_due(state: &AppState, id: &str) -> Result<usize, ApiError> {
    let hub = state.hub.get(id);
    let mut locked = lock(state, &hub, id).await?;
    // Another instance may have fired already: decide on the stored state.
    catch_up(state, &mut locked).await?;
    let mut fired = 0;
    let mut conflicts = 0;
    while fired < MAX_FIRED_PER_CALL {
        let now = state.clock.now_ms();
        let loaded = locked.loaded();
        let Some(timer) = loaded.table.due_timers(now).into_iter().next() else {
            break;
        };
        let command = Command::Clock(ClockCommand::TimerDue { id: timer });
        let mut roller = DiceRoller;
        match state
            .tables
            .execute_on(
                &mut loaded.table,
                &Actor::System,
                &command,
                &*state.clock,
                &mut roller,
            )
            .await
        {
            Ok(events) => {
                for env in &events {
                    hub.publish(loaded, env);
                }
                fired += 1;
            }
            // Someone else moved the table (perhaps fired this very timer): look again.
            Err(StoreError::Conflict { .. }) if conflicts < MAX_ATTEMPTS => {
                conflicts += 1;
                backoff(conflicts).await;
                catch_up(state, &mut locked).await?;
            }
            Err(e) => return Err(e.into()),
        }
    }
    if fired == 0 {
        let loaded = locked.loaded();
        let deadline = loaded.table.next_deadline().map(|(_, at)| at);
        state
            .tables
            .store
            .set_deadline(id, loaded.table.head(), deadline)
            .await?;
    }
    Ok(fired)
}

/// After the `attempt`-th conflict, waits a random moment of up to 0.25 ms × 2^attempt
/// (at most 8 ms), so two instances writing one table in a tight loop cannot keep beating the
/// same loser to the append.
async fn backoff(attempt: usize) {
    let ceiling_us: u64 = 250 << attempt.min(5);
    let wait = rand::random::<u64>() % ceiling_us;
    tokio::time::sleep(std::time::Duration::from_micros(wait)).await;
}

/// Serialises a list of JSON texts as a JSON array.
pub fn json_array(items: &[Arc<str>]) -> String {
    let mut out = String::with_capacity(2 + items.iter().map(|s| s.len() + 1).sum::<usize>());
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(item);
    }
    out.push(']');
    out
}
