//! Issue 18 item 7: a batch of queued commands is not owned by one request's future.

use super::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use store::{
    BoxFut, Deadline, EventStore, StoredEvent, Subscription, TableDeadline, TableLock, TableMeta,
};

/// An SQLite store whose appends take `delay` while `slow` is set (a disk that syncs slowly).
struct SlowAppends {
    inner: Arc<dyn EventStore>,
    slow: Arc<AtomicBool>,
    delay: Duration,
}

impl SlowAppends {
    fn pause(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let wait = self.slow.load(Ordering::SeqCst).then_some(self.delay);
        async move {
            if let Some(d) = wait {
                tokio::time::sleep(d).await;
            }
        }
    }
}

impl EventStore for SlowAppends {
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
        let pause = self.pause();
        Box::pin(async move {
            pause.await;
            self.inner.append(table, expected, events).await
        })
    }
    fn append_with_deadline<'a>(
        &'a self,
        table: &'a str,
        expected: u64,
        events: &'a [StoredEvent],
        deadline: Deadline,
    ) -> BoxFut<'a, u64> {
        let pause = self.pause();
        Box::pin(async move {
            pause.await;
            self.inner
                .append_with_deadline(table, expected, events, deadline)
                .await
        })
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
    fn lock_table<'a>(&'a self, table: &'a str) -> BoxFut<'a, Option<TableLock>> {
        self.inner.lock_table(table)
    }
}

/// One client drops its request while it is the one whose command took the queued batch
/// along (on main the batch ran inside that request's future, so dropping it answered every
/// other command of the batch `500 interrupted`). Every other client gets its real answer,
/// and every command — the dropped one's included — is stored exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sec_batch_07_dropped_client_does_not_interrupt_the_batch() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (inner, tokens) = server::open_sqlite(&dir.path().join("t.db"))
        .await
        .expect("open db");
    let slow = Arc::new(AtomicBool::new(false));
    let delay = Duration::from_millis(600);
    let store = Arc::new(SlowAppends {
        inner,
        slow: slow.clone(),
        delay,
    });
    let server = start_store(store, tokens, Limits::default()).await;
    let (id, referee) = server.demo_table().await;
    let before = server.full_log(&id, &referee).await.len();
    slow.store(true, Ordering::SeqCst);
    let url = format!("{}/api/tables/{id}/commands", server.base);
    let add = |amount: i64| json!({"rules": {"add": {"character": "c1", "amount": amount}}});
    // 1. Holds the table's lock through a slow append.
    let first = {
        let (http, url, referee, body) =
            (server.http.clone(), url.clone(), referee.clone(), add(1));
        tokio::spawn(async move { http.post(url).bearer_auth(referee).json(&body).send().await })
    };
    tokio::time::sleep(Duration::from_millis(150)).await;
    // 2. Queues first, so its request takes the next batch (the lock is fair); it gives up
    //    while that batch's append is under way.
    let dropped = {
        let http = reqwest::Client::builder()
            .timeout(delay + delay / 2)
            .build()
            .expect("client");
        let (url, referee, body) = (url.clone(), referee.clone(), add(2));
        tokio::spawn(async move { http.post(url).bearer_auth(referee).json(&body).send().await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    // 3. Queue behind it and are run in its batch.
    let mut others = Vec::new();
    for amount in 3..8 {
        let (http, url, referee, body) = (
            server.http.clone(),
            url.clone(),
            referee.clone(),
            add(amount),
        );
        others.push(tokio::spawn(async move {
            let resp = http
                .post(url)
                .bearer_auth(referee)
                .json(&body)
                .send()
                .await
                .expect("send");
            let status = resp.status();
            (status, resp.json::<Value>().await.expect("json"))
        }));
    }
    let first = first.await.expect("task").expect("first answered");
    assert_eq!(first.status(), StatusCode::OK);
    let dropped = dropped.await.expect("task");
    assert!(
        dropped.as_ref().is_err_and(|e| e.is_timeout()),
        "the dropped client was meant to time out mid-batch: {dropped:?}"
    );
    for other in others {
        let (status, body) = other.await.expect("task");
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(
            !body["events"].as_array().expect("events").is_empty(),
            "{body}"
        );
    }
    slow.store(false, Ordering::SeqCst);
    // All 7 commands are stored exactly once (the dropped one too: its work went on).
    let log = server.full_log(&id, &referee).await;
    let mut amounts: Vec<i64> = log[before..]
        .iter()
        .filter(|e| e.to_string().contains("\"c1\""))
        .filter_map(find_amount)
        .collect();
    amounts.sort_unstable();
    assert_eq!(amounts, (1..8).collect::<Vec<_>>(), "{log:?}");
    server.stop().await;
}

/// The `amount` field anywhere in an event.
fn find_amount(v: &Value) -> Option<i64> {
    match v {
        Value::Object(o) => o
            .get("amount")
            .and_then(Value::as_i64)
            .or_else(|| o.values().find_map(find_amount)),
        Value::Array(a) => a.iter().find_map(find_amount),
        _ => None,
    }
}
