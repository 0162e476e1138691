//! Issue 18 item 1: the store holds only what its reader takes, and one unreadable event
//! written before that rule does not kill its table.

use super::common::*;
use engine::{Actor, DiceRoller, EventBody, FakeClock, Viewer, project_log};
use serde_json::json;
use std::sync::Arc;
use store::{EventStore, MemoryStore, SqliteStore, StoreError, StoredEvent, Tables, export};

fn deep_event(seq: u64, levels: usize) -> StoredEvent {
    StoredEvent {
        seq,
        json: format!(
            "{{\"seq\":{seq},\"batch\":{seq},\"at_ms\":0,\"actor\":\"referee\",\"visibility\":\"public\",\"body\":{{\"type\":\"rules\",\"event\":{}1{}}}}}",
            "[".repeat(levels),
            "]".repeat(levels)
        ),
    }
}

async fn refuses_what_it_cannot_read(store: Arc<dyn EventStore>) {
    let tables = Tables::new(store.clone(), registry());
    seated(&tables, "d").await;
    let head = store.meta("d").await.unwrap().head;
    let err = store
        .append("d", head, &[deep_event(head + 1, 400)])
        .await
        .expect_err("400 levels");
    assert!(
        matches!(&err, StoreError::Limit { seq, reason } if *seq == head + 1 && reason.contains("MAX_JSON_DEPTH")),
        "{err}"
    );
    assert_eq!(store.meta("d").await.unwrap().head, head, "nothing written");
    let huge = StoredEvent {
        seq: head + 1,
        json: format!(
            "{{\"seq\":{},\"note\":\"{}\"}}",
            head + 1,
            "x".repeat(engine::limits::MAX_ENVELOPE_BYTES)
        ),
    };
    assert!(matches!(
        store.append("d", head, &[huge]).await,
        Err(StoreError::Limit { .. })
    ));
    // A table created (or imported) with such an event is refused too.
    let meta = store::TableMeta {
        id: "x".into(),
        ..store.meta("d").await.unwrap()
    };
    let mut events = store::read_all(&*store, "d", 0).await.unwrap();
    events.push(deep_event(events.len() as u64 + 1, 200));
    assert!(matches!(
        store.create_table(&meta, &events).await,
        Err(StoreError::Limit { .. })
    ));
    assert!(matches!(
        store.meta("x").await,
        Err(StoreError::NotFound(_))
    ));
}

#[tokio::test]
async fn hardening_18_1_memory_store_refuses_json_its_reader_cannot_read() {
    refuses_what_it_cannot_read(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn hardening_18_1_sqlite_store_refuses_json_its_reader_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("t.db")).await.unwrap();
    refuses_what_it_cannot_read(Arc::new(store)).await;
}

/// An event main accepted (a roll ~400 levels deep), planted in the database as it was: the
/// table loads, the Referee reads its log, exports it byte for byte and undoes the event.
#[tokio::test]
async fn hardening_18_1_a_table_with_an_unreadable_event_still_loads_exports_and_undoes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.db");
    let store = Arc::new(SqliteStore::open(&path).await.unwrap());
    let tables = Tables::new(store.clone(), registry());
    seated(&tables, "b").await;
    let head = store.meta("b").await.unwrap().head;
    let bad = deep_event(head + 1, 400);
    {
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
            .await
            .unwrap();
        sqlx::query("INSERT INTO events (table_id, seq, body) VALUES ('b', ?, ?)")
            .bind(bad.seq as i64)
            .bind(&bad.json)
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query("UPDATE tables SET head = ? WHERE id = 'b'")
            .bind(bad.seq as i64)
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }
    let table = tables.load("b").await.expect("loads");
    assert_eq!(table.head(), bad.seq);
    let log = tables.log("b").await.expect("log");
    let last = log.last().unwrap();
    assert!(matches!(last.body, EventBody::Unreadable { .. }));
    assert!(project_log(&log, &Viewer::Player("alice".into())).len() < log.len());
    // Export carries the stored text unchanged.
    let text = export::export(&*store, "b").await.expect("export");
    assert!(text.contains(&bad.json));
    // The Referee undoes it; commands work again.
    let clock = FakeClock::new(10);
    tables
        .execute(
            "b",
            &Actor::Referee,
            &cmd(json!({"undo": {}})),
            &clock,
            &mut DiceRoller,
        )
        .await
        .expect("undo");
    tables
        .execute("b", &Actor::Referee, &add(2), &clock, &mut DiceRoller)
        .await
        .expect("play on");
    // The export of a table holding an unreadable event imports (issue 18, second round).
    import_keeps_unreadable(&text, bad.seq).await;
}

/// Imports `text` (an export whose event `bad_seq` cannot be read) into fresh stores: the
/// event stays a Referee-only `unreadable` event, everything else is replayed, and the
/// imported table exports and imports again.
async fn import_keeps_unreadable(text: &str, bad_seq: u64) {
    let registry = registry();
    let other = Arc::new(MemoryStore::new());
    let meta = export::import(&*other, &registry, text, &UNSIGNED_OK)
        .await
        .expect("an export with an unreadable event imports");
    let tables = Tables::new(other.clone(), registry.clone());
    let table = tables
        .load(&meta.id)
        .await
        .expect("the imported table loads");
    assert_eq!(table.head(), meta.head);
    let log = tables.log(&meta.id).await.expect("log");
    assert_eq!(log.len() as u64, meta.head);
    for env in &log {
        let unreadable = matches!(env.body, EventBody::Unreadable { .. });
        assert_eq!(
            unreadable,
            env.seq == bad_seq,
            "event {}: {:?}",
            env.seq,
            env.body
        );
    }
    let set_aside = &log[bad_seq as usize - 1];
    assert_eq!(set_aside.visibility, engine::Visibility::Referee);
    assert!(
        project_log(&log, &Viewer::Player("alice".into()))
            .iter()
            .all(|e| !matches!(e.body, EventBody::Unreadable { .. }))
    );
    // The same state as the source table up to the bad event (the demo's counter is replayed).
    let again = export::export(&*other, &meta.id).await.expect("re-export");
    let third = MemoryStore::new();
    export::import(&third, &registry, &again, &UNSIGNED_OK)
        .await
        .expect("re-import");
}

/// Issue 18, item 6: an unreadable event within the storage limits (damaged text) is imported
/// byte for byte and set aside again on load; one beyond them (400 levels deep) is imported as
/// the set-aside event. Either way the import is accepted and the rest replayed.
#[tokio::test]
async fn hardening_18_6_an_export_with_an_unreadable_event_imports_it_as_unreadable() {
    for damaged in [true, false] {
        let store = Arc::new(MemoryStore::new());
        let tables = Tables::new(store.clone(), registry());
        seated(&tables, "u").await;
        let clock = FakeClock::new(10);
        tables
            .execute("u", &Actor::Referee, &add(3), &clock, &mut DiceRoller)
            .await
            .expect("add");
        tables
            .execute("u", &Actor::Referee, &add(4), &clock, &mut DiceRoller)
            .await
            .expect("add");
        let text = export::export(&*store, "u").await.expect("export");
        // Rewrite one event line (and re-chain) as a database holding such an event exports it.
        let lines: Vec<&str> = text.split_terminator('\n').collect();
        let bad_seq = lines.len() as u64 - 2; // the first `add`: the second is replayed after it
        let bad = if damaged {
            format!(
                "{{\"seq\":{bad_seq},\"batch\":{bad_seq},\"at_ms\":1,\"body\":{{\"type\":\"nonsense\"}}}}"
            )
        } else {
            deep_event(bad_seq, 400).json
        };
        let mut edited = String::new();
        for (i, line) in lines.iter().enumerate() {
            if i as u64 == bad_seq {
                let (head, _) = line.split_once(",\"event\":").unwrap();
                edited.push_str(&format!("{head},\"event\":{bad}}}\n"));
            } else {
                edited.push_str(line);
                edited.push('\n');
            }
        }
        let edited = rechain(&edited);
        import_keeps_unreadable(&edited, bad_seq).await;
        if damaged {
            // Within the limits: stored as it was read, so it exports byte for byte.
            let other = MemoryStore::new();
            let meta = export::import(&other, &registry(), &edited, &UNSIGNED_OK)
                .await
                .expect("import");
            let again = export::export(&other, &meta.id).await.expect("export");
            assert!(again.contains(&bad), "the damaged text is kept");
        }
    }
}

/// Recomputes the (unkeyed) hash chain of an export, as an attacker who edited a line would.
fn rechain(text: &str) -> String {
    use sha2::{Digest, Sha256};
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let mut lines = text.split_terminator('\n');
    let header = lines.next().unwrap();
    let mut prev = Sha256::digest(header.as_bytes()).to_vec();
    let mut out = format!("{header}\n");
    for line in lines {
        if line.starts_with("{\"signature\"") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let (head, event) = line.split_once(",\"event\":").unwrap();
        let event = event.strip_suffix('}').unwrap();
        let mut h = Sha256::new();
        h.update(&prev);
        h.update(event.as_bytes());
        prev = h.finalize().to_vec();
        let seq = head.split(",\"hash\"").next().unwrap();
        out.push_str(&format!(
            "{seq},\"hash\":\"{}\",\"event\":{event}}}\n",
            hex(&prev)
        ));
    }
    out
}

/// Issue 18 item 10: exports are signed; an edited (re-chained), foreign or unsigned export
/// is refused unless the importer accepts unsigned logs explicitly.
#[tokio::test]
async fn hardening_18_10_exports_are_signed_and_verified_on_import() {
    use store::ServerKey;
    use store::export::Trust;
    let dir = tempfile::tempdir().unwrap();
    let key_file = dir.path().join("t.db.key");
    let key = ServerKey::load_or_create(&key_file).unwrap();
    assert_eq!(
        ServerKey::load_or_create(&key_file).unwrap().public_hex(),
        key.public_hex(),
        "the key is generated once"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "owner only");
    }
    let store = Arc::new(MemoryStore::new());
    let tables = Tables::new(store.clone(), registry());
    seated(&tables, "s").await;
    tables
        .execute(
            "s",
            &Actor::Referee,
            &add(3),
            &FakeClock::new(1),
            &mut DiceRoller,
        )
        .await
        .unwrap();
    let signed = export::export_signed(&*store, "s", &key).await.unwrap();
    let own = Trust {
        key: Some(&key),
        accept_unsigned: false,
    };
    export::import(&MemoryStore::new(), &registry(), &signed, &own)
        .await
        .expect("own signature");
    // Edited and re-chained: the chain checks out, the signature does not.
    let edited = rechain(&signed.replacen("\"amount\":3", "\"amount\":30", 1));
    let unsigned_edit = rechain(&export::export(&*store, "s").await.unwrap().replacen(
        "\"amount\":3",
        "\"amount\":30",
        1,
    ));
    assert!(
        export::verify(&registry(), &unsigned_edit).is_ok(),
        "the chain alone is forgeable"
    );
    for trust in [
        own,
        Trust {
            key: Some(&key),
            accept_unsigned: true,
        },
    ] {
        let err = export::import(&MemoryStore::new(), &registry(), &edited, &trust)
            .await
            .expect_err("edited");
        assert!(err.to_string().contains("altered after signing"), "{err}");
    }
    // Signed by another server's key: refused unless accepted as untrusted.
    let other = ServerKey::generate();
    let foreign = export::export_signed(&*store, "s", &other).await.unwrap();
    let err = export::import(&MemoryStore::new(), &registry(), &foreign, &own)
        .await
        .expect_err("foreign");
    assert!(err.to_string().contains("another server's key"), "{err}");
    // Unsigned likewise.
    let unsigned = export::export(&*store, "s").await.unwrap();
    let err = export::import(&MemoryStore::new(), &registry(), &unsigned, &own)
        .await
        .expect_err("unsigned");
    assert!(err.to_string().contains("unsigned export"), "{err}");
    let open = Trust {
        key: Some(&key),
        accept_unsigned: true,
    };
    for text in [&foreign, &unsigned] {
        export::import(&MemoryStore::new(), &registry(), text, &open)
            .await
            .expect("accepted explicitly");
    }
    // A refused import stores nothing.
    let target = MemoryStore::new();
    assert!(
        export::import(&target, &registry(), &unsigned, &own)
            .await
            .is_err()
    );
    assert!(target.list().await.unwrap().is_empty());
}

/// Issue 18, item 6 (second round): the per-actor log growth budget of the last hour is
/// rebuilt from the stored events when a table is loaded again (after a restart or after the
/// server unloaded it), from the log alone and from a snapshot plus the tail. On main every
/// load started a fresh window, so a reload let an actor write another 16 MiB.
#[tokio::test]
async fn hardening_18_6_growth_window_survives_unload_and_reload() {
    use engine::limits::{GROWTH_WINDOW_MS, MAX_ACTOR_BYTES_PER_HOUR};
    for snapshot_every in [4, 1_000_000] {
        let store = Arc::new(MemoryStore::new());
        let mut tables = Tables::new(store.clone(), registry());
        tables.snapshot_every = snapshot_every;
        seated(&tables, "g").await;
        let mib = 1024 * 1024;
        // A public note of `size` bytes (demo: any participant may write one).
        let emit = |size: usize| {
            cmd(json!({"rules": {"note": {"text": "x".repeat(size), "secret": false}}}))
        };
        let fits = (MAX_ACTOR_BYTES_PER_HOUR / mib as u64) as usize - 1;
        let t0 = 1_000_000;
        // `execute` loads the table from the store each time: every command is a reload.
        for i in 0..fits {
            tables
                .execute(
                    "g",
                    &Actor::Player("alice".into()),
                    &emit(mib - 100),
                    &FakeClock::new(t0 + i as i64),
                    &mut DiceRoller,
                )
                .await
                .expect("within the hour's budget");
        }
        let head = store.meta("g").await.unwrap().head;
        let late = FakeClock::new(t0 + 60_000);
        let err = tables
            .execute(
                "g",
                &Actor::Player("alice".into()),
                &emit(mib + mib / 2),
                &late,
                &mut DiceRoller,
            )
            .await
            .expect_err("over the hour's budget after a reload");
        assert!(
            err.to_string().contains("MAX_ACTOR_BYTES_PER_HOUR"),
            "{err}"
        );
        assert_eq!(store.meta("g").await.unwrap().head, head, "nothing stored");
        // Another participant has a budget of its own.
        tables
            .execute("g", &Actor::Referee, &emit(mib), &late, &mut DiceRoller)
            .await
            .expect("the Referee's own window");
        // An hour after the first commands the window has moved on, reload or not.
        tables
            .execute(
                "g",
                &Actor::Player("alice".into()),
                &emit(mib + mib / 2),
                &FakeClock::new(t0 + GROWTH_WINDOW_MS + fits as i64),
                &mut DiceRoller,
            )
            .await
            .expect("a new hour");
    }
}
