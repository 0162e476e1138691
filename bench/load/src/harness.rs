//! The server under test, run in-process: a fresh store per scenario (an SQLite file in a
//! temporary directory, or a new PostgreSQL database dropped afterwards), the `demo` ruleset,
//! the limits the scenario asks for, and a [`TimedStore`] around the event store that times
//! every append (the durable part of a command) and can note the instant each commit returned.

use crate::Res;
pub use server::Limits;
use server::{Server, SqliteTokens, TokenStore};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use store::{
    BoxFut, Deadline, EventStore, MemoryStore, PostgresStore, SqliteStore, StoreError, StoredEvent,
    Subscription, TableDeadline, TableMeta,
};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Which store the server runs on.
#[derive(Debug, Clone)]
pub enum Backend {
    /// The in-memory store: no durability, a baseline that shows the CPU cost of the rest.
    Memory,
    Sqlite,
    /// A PostgreSQL URL; each scenario creates (and drops) its own database on that server.
    Postgres(String),
}

impl Backend {
    pub fn name(&self) -> &'static str {
        match self {
            Backend::Memory => "memory",
            Backend::Sqlite => "SQLite",
            Backend::Postgres(_) => "PostgreSQL",
        }
    }
}

/// What the timed store observed.
#[derive(Default)]
pub struct Probe {
    /// Duration of every successful append (transaction including its sync to disk).
    pub appends: Mutex<Vec<Duration>>,
    /// While set, the instant each successful append returned is pushed to `commits`.
    pub recording: AtomicBool,
    pub commits: Mutex<Vec<Instant>>,
}

impl Probe {
    pub fn take_appends(&self) -> Vec<Duration> {
        std::mem::take(&mut *lock(&self.appends))
    }
    pub fn take_commits(&self) -> Vec<Instant> {
        std::mem::take(&mut *lock(&self.commits))
    }
}

/// Locks a mutex, ignoring poisoning (a panicked holder leaves a plain `Vec`, still usable).
pub fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// An [`EventStore`] that delegates to another and times its appends.
pub struct TimedStore {
    inner: Arc<dyn EventStore>,
    probe: Arc<Probe>,
}

impl TimedStore {
    /// Runs one append, recording how long it took and when it committed.
    async fn timed(&self, append: BoxFut<'_, u64>) -> Result<u64, StoreError> {
        let start = Instant::now();
        let result = append.await;
        let done = Instant::now();
        if result.is_ok() {
            lock(&self.probe.appends).push(done - start);
            if self.probe.recording.load(Ordering::Relaxed) {
                lock(&self.probe.commits).push(done);
            }
        }
        result
    }
}

impl EventStore for TimedStore {
    fn create_table<'a>(
        &'a self,
        meta: &'a TableMeta,
        events: &'a [StoredEvent],
    ) -> BoxFut<'a, ()> {
        self.inner.create_table(meta, events)
    }

    fn append<'a>(
        &'a self,
        table: &'a str,
        expected: u64,
        events: &'a [StoredEvent],
    ) -> BoxFut<'a, u64> {
        Box::pin(self.timed(self.inner.append(table, expected, events)))
    }

    fn append_with_deadline<'a>(
        &'a self,
        table: &'a str,
        expected: u64,
        events: &'a [StoredEvent],
        deadline: Deadline,
    ) -> BoxFut<'a, u64> {
        Box::pin(
            self.timed(
                self.inner
                    .append_with_deadline(table, expected, events, deadline),
            ),
        )
    }

    fn set_deadline<'a>(
        &'a self,
        table: &'a str,
        head: u64,
        deadline: Option<i64>,
    ) -> BoxFut<'a, bool> {
        self.inner.set_deadline(table, head, deadline)
    }

    fn deadlines(&self, limit: usize) -> BoxFut<'_, Vec<TableDeadline>> {
        self.inner.deadlines(limit)
    }

    fn read<'a>(
        &'a self,
        table: &'a str,
        after: u64,
        limit: usize,
    ) -> BoxFut<'a, Vec<StoredEvent>> {
        self.inner.read(table, after, limit)
    }

    fn meta<'a>(&'a self, table: &'a str) -> BoxFut<'a, TableMeta> {
        self.inner.meta(table)
    }

    fn list(&self) -> BoxFut<'_, Vec<TableMeta>> {
        self.inner.list()
    }

    fn put_snapshot<'a>(&'a self, table: &'a str, seq: u64, body: &'a str) -> BoxFut<'a, ()> {
        self.inner.put_snapshot(table, seq, body)
    }

    fn latest_snapshot<'a>(&'a self, table: &'a str) -> BoxFut<'a, Option<(u64, String)>> {
        self.inner.latest_snapshot(table)
    }

    fn subscribe(&self) -> BoxFut<'_, Option<Subscription>> {
        self.inner.subscribe()
    }
}

/// A fresh PostgreSQL database, dropped by [`Running::stop`].
struct PgDatabase {
    admin_url: String,
    name: String,
    store: PostgresStore,
}

/// `url` with its database (the path after the host) replaced by `db`.
pub fn with_database(url: &str, db: &str) -> Res<String> {
    let scheme_end = url
        .find("://")
        .ok_or_else(|| format!("bad PostgreSQL URL `{url}`"))?
        + 3;
    let (head, tail) = url.split_at(scheme_end);
    let (authority, rest) = match tail.find('/') {
        Some(i) => tail.split_at(i),
        None => (tail, ""),
    };
    let query = rest.find('?').map_or("", |i| &rest[i..]);
    Ok(format!("{head}{authority}/{db}{query}"))
}

async fn admin(url: &str, sql: &str) -> Res<()> {
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(url)
        .await
        .map_err(|e| format!("cannot connect to PostgreSQL at {url}: {e}"))?;
    sqlx::query(sql).execute(&mut conn).await?;
    conn.close().await?;
    Ok(())
}

/// A server serving on a loopback port.
pub struct Running {
    /// `http://127.0.0.1:PORT`
    pub base: String,
    /// `ws://127.0.0.1:PORT`
    pub ws_base: String,
    pub probe: Arc<Probe>,
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), server::ServerError>>,
    _dir: tempfile::TempDir,
    pg: Option<PgDatabase>,
}

/// Starts a server on `backend` with `limits`; the SQLite file (and the token grants, for both
/// backends: token checks are reads, not the durable path measured here) live in a temporary
/// directory under `dir`.
pub async fn start(backend: &Backend, limits: Limits, dir: &std::path::Path) -> Res<Running> {
    let tmp = tempfile::Builder::new()
        .prefix("delve-load-")
        .tempdir_in(dir)?;
    let db_file = tmp.path().join("load.db");
    let tokens: Arc<dyn TokenStore> = Arc::new(SqliteTokens::open(&db_file).await?);
    let (inner, pg): (Arc<dyn EventStore>, _) = match backend {
        Backend::Memory => (Arc::new(MemoryStore::new()), None),
        Backend::Sqlite => (Arc::new(SqliteStore::open(&db_file).await?), None),
        Backend::Postgres(url) => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            let name = format!(
                "delve_load_{}_{}",
                std::process::id(),
                nanos % 1_000_000_000
            );
            admin(url, &format!("CREATE DATABASE \"{name}\"")).await?;
            let store = PostgresStore::connect(&with_database(url, &name)?).await?;
            let pg = PgDatabase {
                admin_url: url.clone(),
                name,
                store: store.clone(),
            };
            (Arc::new(store) as Arc<dyn EventStore>, Some(pg))
        }
    };
    let probe = Arc::new(Probe::default());
    let store: Arc<dyn EventStore> = Arc::new(TimedStore {
        inner,
        probe: probe.clone(),
    });
    let mut srv = Server::new(store, tokens, engine::builtin_registry());
    // Every load client comes from loopback, one address: the per-address limits would
    // measure the limiter, not the server.
    srv.limits = Limits {
        requests_per_second: 0.0,
        tables_per_minute: 0.0,
        ..limits
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(srv.serve(listener, async move {
        let _ = stopped.await;
    }));
    Ok(Running {
        base: format!("http://{addr}"),
        ws_base: format!("ws://{addr}"),
        probe,
        stop,
        task,
        _dir: tmp,
        pg,
    })
}

impl Running {
    /// Shuts the server down gracefully and drops the scenario's PostgreSQL database.
    pub async fn stop(self) -> Res<()> {
        let _ = self.stop.send(());
        match tokio::time::timeout(Duration::from_secs(20), self.task).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => eprintln!("server ended with an error: {e}"),
            Ok(Err(e)) => eprintln!("server task failed: {e}"),
            Err(_) => eprintln!("server did not stop within 20 s"),
        }
        if let Some(pg) = self.pg {
            pg.store.close().await;
            admin(
                &pg.admin_url,
                &format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", pg.name),
            )
            .await?;
        }
        Ok(())
    }
}

/// CPU time (user + system) this process has used so far.
pub fn cpu_time() -> Duration {
    // /proc/self/stat fields 14 and 15 (utime, stime) in clock ticks; 100 ticks per second on
    // Linux (USER_HZ). Elsewhere, or if unreadable: zero (the report then shows no CPU figure).
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    let Some(after_name) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // after the name, field 3 of the man page is index 0, so utime (14) is index 11.
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_is_replaced_in_urls() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/test", "x").ok(),
            Some("postgres://postgres@127.0.0.1:5432/x".to_string())
        );
        assert_eq!(
            with_database("postgresql://u:p@h/db?sslmode=disable", "y").ok(),
            Some("postgresql://u:p@h/y?sslmode=disable".to_string())
        );
        assert_eq!(
            with_database("postgres://h:1", "z").ok(),
            Some("postgres://h:1/z".to_string())
        );
    }
}
