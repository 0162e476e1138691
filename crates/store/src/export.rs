//! Export and import of a table as JSON Lines.
//!
//! ```text
//! {"format":"delve-table","version":1,"id":"…","name":"…","ruleset":"demo","events":N}
//! {"seq":1,"hash":"<64 hex>","event":{…the stored event, byte for byte…}}
//! {"seq":2,"hash":"…","event":{…}}
//! ```
//!
//! The hash chain: `h0 = SHA-256(header line)`, `h_i = SHA-256(h_{i-1} ‖ event text of line
//! i+1)`, written as hex. Import refuses, naming the line: an unknown format or version, a
//! malformed line, a seq out of order (a missing or doubled line), a broken hash (an edited
//! line), an event that does not decode or that the engine cannot replay, a count that differs
//! from the header, or an id that already exists. Events are stored with the exact bytes read,
//! so export → import → export gives identical bytes.

use crate::{EventStore, StoreError, StoredEvent, TableMeta, read_all};
use engine::{Envelope, EventBody, Registry, Table};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The export format name and version.
pub const FORMAT: &str = "delve-table";
pub const VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    format: String,
    version: u32,
    id: String,
    name: String,
    ruleset: String,
    events: u64,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn chain(prev: &[u8], event: &str) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(prev);
    h.update(event.as_bytes());
    h.finalize().to_vec()
}

/// Writes a table's log as export text (header line, then one line per event; every line ends
/// with `\n`).
pub async fn export(store: &dyn EventStore, table: &str) -> Result<String, StoreError> {
    let meta = store.meta(table).await?;
    let events = read_all(store, table, 0).await?;
    let header = serde_json::to_string(&Header {
        format: FORMAT.into(),
        version: VERSION,
        id: meta.id,
        name: meta.name,
        ruleset: meta.ruleset,
        events: events.len() as u64,
    })
    .map_err(|e| StoreError::Json(e.to_string()))?;
    let mut out = String::with_capacity(
        header.len() + events.iter().map(|e| e.json.len() + 100).sum::<usize>(),
    );
    let mut prev = Sha256::digest(header.as_bytes()).to_vec();
    out.push_str(&header);
    out.push('\n');
    for e in &events {
        prev = chain(&prev, &e.json);
        out.push_str(&format!(
            "{{\"seq\":{},\"hash\":\"{}\",\"event\":{}}}\n",
            e.seq,
            hex(&prev),
            e.json
        ));
    }
    Ok(out)
}

fn bad(line: usize, reason: impl Into<String>) -> StoreError {
    StoreError::Import {
        line,
        reason: reason.into(),
    }
}

/// Splits an event line into (seq, hash, event text).
fn split_line(line_no: usize, line: &str) -> Result<(u64, &str, &str), StoreError> {
    let shape = || {
        bad(
            line_no,
            "not an event line `{\"seq\":N,\"hash\":\"…\",\"event\":{…}}`",
        )
    };
    let rest = line.strip_prefix("{\"seq\":").ok_or_else(shape)?;
    let (seq, rest) = rest.split_once(",\"hash\":\"").ok_or_else(shape)?;
    let (hash, rest) = rest.split_once("\",\"event\":").ok_or_else(shape)?;
    let event = rest.strip_suffix('}').ok_or_else(shape)?;
    let seq = seq
        .parse::<u64>()
        .map_err(|_| bad(line_no, format!("seq `{seq}` is not a number")))?;
    Ok((seq, hash, event))
}

/// Checks an export text and returns the table it describes and its events, without storing.
pub fn verify(
    registry: &Registry,
    text: &str,
) -> Result<(TableMeta, Vec<StoredEvent>), StoreError> {
    let mut lines = text.split_terminator('\n');
    let header_line = lines.next().ok_or_else(|| bad(1, "empty file"))?;
    let header: Header =
        serde_json::from_str(header_line).map_err(|e| bad(1, format!("bad header: {e}")))?;
    if header.format != FORMAT {
        return Err(bad(
            1,
            format!("format `{}` is not `{FORMAT}`", header.format),
        ));
    }
    if header.version != VERSION {
        return Err(bad(
            1,
            format!(
                "version {} is not supported (only {VERSION})",
                header.version
            ),
        ));
    }
    let mut prev = Sha256::digest(header_line.as_bytes()).to_vec();
    let mut events = Vec::new();
    let mut table: Option<Table> = None;
    let mut created_at_ms = 0;
    for (i, line) in lines.enumerate() {
        let line_no = i + 2;
        let want = i as u64 + 1;
        let (seq, hash, event) = split_line(line_no, line)?;
        if seq != want {
            return Err(bad(line_no, format!("expected event {want}, found {seq}")));
        }
        prev = chain(&prev, event);
        if hash != hex(&prev) {
            return Err(bad(
                line_no,
                "hash chain broken: the line was altered or a line is missing",
            ));
        }
        let env =
            Envelope::from_json(event).map_err(|e| bad(line_no, format!("bad event: {e}")))?;
        if env.seq != seq {
            return Err(bad(
                line_no,
                format!("event says seq {}, line says {seq}", env.seq),
            ));
        }
        match &mut table {
            None => {
                if let EventBody::TableCreated {
                    id, name, ruleset, ..
                } = &env.body
                    && (id != &header.id || name != &header.name || ruleset != &header.ruleset)
                {
                    return Err(bad(line_no, "table_created does not match the header"));
                }
                created_at_ms = env.at_ms;
                table =
                    Some(Table::replay(registry, [&env]).map_err(|e| bad(line_no, e.to_string()))?);
            }
            Some(t) => t.apply(&env).map_err(|e| bad(line_no, e.to_string()))?,
        }
        events.push(StoredEvent {
            seq,
            json: event.to_string(),
        });
    }
    if events.len() as u64 != header.events {
        return Err(bad(
            events.len() + 2,
            format!(
                "header announces {} events, file has {}",
                header.events,
                events.len()
            ),
        ));
    }
    if events.is_empty() {
        return Err(bad(2, "a table has at least its table_created event"));
    }
    let meta = TableMeta {
        id: header.id,
        name: header.name,
        ruleset: header.ruleset,
        created_at_ms,
        head: events.len() as u64,
    };
    Ok((meta, events))
}

/// Verifies and stores an exported table; returns its meta.
pub async fn import(
    store: &dyn EventStore,
    registry: &Registry,
    text: &str,
) -> Result<TableMeta, StoreError> {
    let (meta, events) = verify(registry, text)?;
    store.create_table(&meta, &events).await?;
    Ok(meta)
}
