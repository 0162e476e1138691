//! Group commit: a store's writer task takes every queued write (appends of any table, new
//! tables, deadline records, snapshots) into one transaction, so one disk sync covers many
//! commands. A store may run several writer tasks on one queue ([`Writer::start_many`], each
//! with its own connection: PostgreSQL), so the next batch is sent while one commits.
//!
//! - Each write keeps its own outcome: an append whose expected head is stale gets
//!   [`StoreError::Conflict`] and writes nothing, and the others of the batch go on (the
//!   backends run each write under its own savepoint, or as a statement that changes nothing
//!   when its check fails).
//! - A write is answered only after the transaction holding it has committed (or failed), so
//!   an acknowledged append is as durable as before.
//! - If the batch's transaction fails as a whole (a statement error that aborts it, a failed
//!   `COMMIT`), nothing of it is stored and every write of it is run again alone, so one bad
//!   write cannot fail the others.
//! - Writes are taken in the order they were queued; two appends of one table in one batch
//!   see each other (the second expects the head the first left). With several writer tasks,
//!   two batches may commit in either order.
//! - The writer runs as its own task: a caller that stops waiting (a dropped request) does
//!   not stop its write half-way.

use crate::{Deadline, StoreError, StoredEvent, TableMeta};
use std::future::Future;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// Writes one transaction takes at most.
pub(crate) const MAX_BATCH: usize = 512;
/// Writes that may wait in the queue before a writer waits for room.
const QUEUE: usize = 8_192;

/// One write the writer task runs.
#[derive(Debug)]
pub(crate) enum Op {
    /// [`crate::EventStore::append_with_deadline`]; outcome: the new head.
    Append {
        table: String,
        expected: u64,
        events: Vec<StoredEvent>,
        deadline: Deadline,
    },
    /// [`crate::EventStore::create_table`]; outcome: the head.
    Create {
        meta: TableMeta,
        events: Vec<StoredEvent>,
    },
    /// [`crate::EventStore::set_deadline`]; outcome: 1 if recorded, 0 if the head moved on.
    SetDeadline {
        table: String,
        head: u64,
        deadline: Option<i64>,
    },
    /// [`crate::EventStore::put_snapshot`]; outcome: the seq.
    Snapshot {
        table: String,
        seq: u64,
        body: String,
    },
}

impl Op {
    /// The table the write touches.
    pub(crate) fn table(&self) -> &str {
        match self {
            Op::Append { table, .. }
            | Op::SetDeadline { table, .. }
            | Op::Snapshot { table, .. } => table,
            Op::Create { meta, .. } => &meta.id,
        }
    }
}

/// The outcome of one write.
pub(crate) type Outcome = Result<u64, StoreError>;

/// A database the writer task commits batches to.
pub(crate) trait Backend: Send + 'static {
    /// Runs `ops` in one transaction, in order, each with its own outcome (a refused or
    /// failed write changes nothing). `Err`: the transaction failed as a whole and nothing of
    /// it is stored.
    fn commit<'a>(&'a mut self, ops: &'a [&'a Op]) -> crate::BoxFut<'a, Vec<Outcome>>;
    /// Releases the connection(s) of the writer.
    fn close(&mut self) -> impl Future<Output = ()> + Send;
}

struct Request {
    op: Op,
    reply: oneshot::Sender<Outcome>,
}

enum Msg {
    Write(Request),
    Close(oneshot::Sender<()>),
}

/// The handle of a store's writer task (cheap to clone; the task ends when every handle is
/// dropped or [`Writer::close`] is called).
#[derive(Debug, Clone)]
pub(crate) struct Writer {
    queue: mpsc::Sender<Msg>,
}

impl std::fmt::Debug for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Msg::Write(r) => write!(f, "Write({:?})", r.op),
            Msg::Close(_) => write!(f, "Close"),
        }
    }
}

fn stopped() -> StoreError {
    StoreError::Db("the store is closed (its writer has stopped)".into())
}

impl Writer {
    /// Starts the writer task on the current tokio runtime.
    pub(crate) fn start<B: Backend>(backend: B) -> Writer {
        Writer::start_many(vec![backend])
    }

    /// Starts one writer task per backend (each its own connection), taking batches from one
    /// queue: while one batch commits, the next can start on another connection. Only for a
    /// database that commits transactions in parallel, and a caller that never has two writes
    /// of one table queued at once (the server holds a table's lock across its append), since
    /// two batches may then commit in either order.
    pub(crate) fn start_many<B: Backend>(backends: Vec<B>) -> Writer {
        let (queue, rx) = mpsc::channel(QUEUE);
        let (alive, all_done) = mpsc::channel::<()>(1);
        let shared = Arc::new(Shared {
            rx: tokio::sync::Mutex::new(rx),
            all_done: tokio::sync::Mutex::new(Some(all_done)),
        });
        for backend in backends {
            tokio::spawn(run(backend, shared.clone(), alive.clone()));
        }
        Writer { queue }
    }

    /// Queues a write and waits for its outcome (after its transaction committed).
    pub(crate) async fn write(&self, op: Op) -> Outcome {
        let (reply, outcome) = oneshot::channel();
        self.queue
            .send(Msg::Write(Request { op, reply }))
            .await
            .map_err(|_| stopped())?;
        outcome.await.map_err(|_| stopped())?
    }

    /// Lets the queued writes finish, then stops the writers and releases their connections.
    pub(crate) async fn close(&self) {
        let (ack, done) = oneshot::channel();
        if self.queue.send(Msg::Close(ack)).await.is_ok() {
            let _ = done.await;
        }
    }
}

/// What the writer tasks of one store share.
struct Shared {
    /// The queue; a task holds it while it takes a batch, not while it commits.
    rx: tokio::sync::Mutex<mpsc::Receiver<Msg>>,
    /// Ends (`None`) once every task has stopped; taken by the task that closes.
    all_done: tokio::sync::Mutex<Option<mpsc::Receiver<()>>>,
}

/// One writer task: takes a batch, commits it, again; `alive` is dropped when it stops.
async fn run<B: Backend>(mut backend: B, shared: Arc<Shared>, alive: mpsc::Sender<()>) {
    let mut closing = None;
    loop {
        let mut batch = Vec::new();
        {
            let mut rx = shared.rx.lock().await;
            let Some(first) = rx.recv().await else { break };
            match first {
                Msg::Write(r) => batch.push(r),
                Msg::Close(ack) => closing = Some(ack),
            }
            while closing.is_none() && batch.len() < MAX_BATCH {
                match rx.try_recv() {
                    Ok(Msg::Write(r)) => batch.push(r),
                    Ok(Msg::Close(ack)) => closing = Some(ack),
                    Err(_) => break,
                }
            }
            if closing.is_some() {
                // Writes queued after the close are refused; the other tasks find the queue
                // closed and empty and stop after their batch.
                rx.close();
                while let Some(msg) = rx.recv().await {
                    match msg {
                        Msg::Write(r) => {
                            let _ = r.reply.send(Err(stopped()));
                        }
                        Msg::Close(ack) => {
                            let _ = ack.send(());
                        }
                    }
                }
            }
        }
        if !batch.is_empty() {
            commit(&mut backend, batch).await;
        }
        if closing.is_some() {
            break;
        }
    }
    backend.close().await;
    drop(alive);
    if let Some(ack) = closing {
        // Answer the close once every task has stopped (their batches committed).
        let all_done = shared.all_done.lock().await.take();
        if let Some(mut all_done) = all_done {
            while all_done.recv().await.is_some() {}
        }
        let _ = ack.send(());
    }
}

/// Commits one batch and answers every write of it.
async fn commit<B: Backend>(backend: &mut B, batch: Vec<Request>) {
    let ops: Vec<&Op> = batch.iter().map(|r| &r.op).collect();
    let outcomes = match backend.commit(&ops).await {
        Ok(outcomes) if outcomes.len() == ops.len() => outcomes,
        Ok(_) => internal_mismatch(ops.len()),
        Err(e) if ops.len() == 1 => vec![Err(e)],
        // The transaction failed as a whole: run each write alone, so a bad one fails alone.
        Err(_) => {
            let mut outcomes = Vec::with_capacity(ops.len());
            for op in &ops {
                outcomes.push(match backend.commit(&[*op]).await {
                    Ok(mut one) if one.len() == 1 => one.pop().unwrap_or_else(|| Err(stopped())),
                    Ok(_) => Err(StoreError::Db("the writer lost an outcome".into())),
                    Err(e) => Err(e),
                });
            }
            outcomes
        }
    };
    for (request, outcome) in batch.into_iter().zip(outcomes) {
        // The caller may have stopped waiting; the write stands (or not) either way.
        let _ = request.reply.send(outcome);
    }
}

fn internal_mismatch(n: usize) -> Vec<Outcome> {
    (0..n)
        .map(|_| {
            Err(StoreError::Db(
                "the writer lost track of a batch's outcomes".into(),
            ))
        })
        .collect()
}
