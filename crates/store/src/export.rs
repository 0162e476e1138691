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
//! line), a `table_created` that does not decode, an event the engine cannot replay, a count
//! that differs from the header, or an id that already exists. Events are stored with the exact
//! bytes read, so export → import → export gives identical bytes. A later event the reader
//! cannot decode (a table that already holds an `unreadable` event exports its stored text) is
//! not refused: it is imported as the same Referee-only `unreadable` event the table's reader
//! sets it aside as, and the rest is replayed; its text is kept unless it is beyond the
//! storage limits (then the set-aside event is stored in its place).
//!
//! # Signatures
//!
//! The chain alone is unkeyed (anyone who edits a line can recompute it), so a server signs
//! its exports ([`export_signed`]) with its Ed25519 key ([`ServerKey`]): one more line after
//! the events, `{"signature":"<128 hex>","key":"<64 hex>"}`, signing the final chain hash (and
//! so the header and every event). [`import`] takes a [`Trust`]: by default only a file signed
//! by the server's own key is imported; a file with a signature that does not verify is always
//! refused; an unsigned file, or one signed by another key, only with `accept_unsigned`.
//!
//! What an unsigned (or foreign) import may contain: anything a hand-edited log can say that
//! the engine replays without error — made-up dice faces, events no command of this server
//! would have produced (a character given items, a secret roll "rolled" in advance), any
//! actor's name on any event. It is checked for format, chain, numbering, the storage limits
//! and replay, never for honesty. Accept one only from someone you trust as the table's
//! Referee.

use crate::signing::{ServerKey, hex};

use crate::{EventStore, StoreError, StoredEvent, TableMeta, read_all};
use ed25519_dalek::VerifyingKey;
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

/// The signature line that ends a signed export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SignatureLine {
    signature: String,
    key: String,
}

/// Which imports to accept.
#[derive(Debug, Clone, Copy, Default)]
pub struct Trust<'a> {
    /// This server's key: a file it signed is imported.
    pub key: Option<&'a ServerKey>,
    /// Also import unsigned files and files signed by another key (see the module docs for
    /// what such a file may contain). A signature that does not verify is refused regardless.
    pub accept_unsigned: bool,
}

/// Who signed a verified export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Provenance {
    Unsigned,
    /// Signed by this key (hex), and the signature verifies.
    Signed(String),
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
    Ok(export_chain(store, table).await?.0)
}

/// [`export`] followed by the signature line of `key` over the final chain hash.
pub async fn export_signed(
    store: &dyn EventStore,
    table: &str,
    key: &ServerKey,
) -> Result<String, StoreError> {
    let (mut out, chain_end) = export_chain(store, table).await?;
    let line = serde_json::to_string(&SignatureLine {
        signature: key.sign(&chain_end),
        key: key.public_hex(),
    })
    .map_err(|e| StoreError::Json(e.to_string()))?;
    out.push_str(&line);
    out.push('\n');
    Ok(out)
}

/// The export text and the final hash of its chain.
async fn export_chain(
    store: &dyn EventStore,
    table: &str,
) -> Result<(String, Vec<u8>), StoreError> {
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
    Ok((out, prev))
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
/// A signature line, if any, must verify (with the key it names); [`check`] also says whether
/// that key is trusted.
pub fn verify(
    registry: &Registry,
    text: &str,
) -> Result<(TableMeta, Vec<StoredEvent>), StoreError> {
    let (meta, events, _) = verify_signed(registry, text)?;
    Ok((meta, events))
}

/// [`verify`], then the [`Trust`] policy: refused, naming the signature line, unless the file
/// is signed by `trust.key` or `trust.accept_unsigned` is set.
pub fn check(
    registry: &Registry,
    text: &str,
    trust: &Trust<'_>,
) -> Result<(TableMeta, Vec<StoredEvent>, Provenance), StoreError> {
    let (meta, events, provenance) = verify_signed(registry, text)?;
    let line = events.len() + 2;
    let own = trust.key.map(ServerKey::public_hex);
    match &provenance {
        Provenance::Signed(key) if Some(key) == own.as_ref() => {}
        _ if trust.accept_unsigned => {}
        Provenance::Signed(key) => {
            return Err(bad(
                line,
                format!(
                    "signed by another server's key ({}…), not this server's: import it as \
                     untrusted only if you trust its source (accept unsigned)",
                    &key[..16]
                ),
            ));
        }
        Provenance::Unsigned => {
            return Err(bad(
                line,
                "unsigned export: its events cannot be told from edited ones; import it only \
                 if you trust its source (accept unsigned)",
            ));
        }
    }
    Ok((meta, events, provenance))
}

fn verify_signed(
    registry: &Registry,
    text: &str,
) -> Result<(TableMeta, Vec<StoredEvent>, Provenance), StoreError> {
    let mut all: Vec<&str> = text.split_terminator('\n').collect();
    let mut signature = None;
    if let Some(last) = all.last()
        && all.len() > 1
        && last.starts_with("{\"signature\"")
    {
        let line_no = all.len();
        let sig: SignatureLine = serde_json::from_str(last)
            .map_err(|e| bad(line_no, format!("bad signature line: {e}")))?;
        signature = Some((line_no, sig));
        all.pop();
    }
    let mut lines = all.into_iter();
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
        // An event the reader cannot decode (written before the storage limits, or damaged in
        // the source database) is set aside as the table's own reader does on load
        // ([`Envelope::from_stored`]): a Referee-only `unreadable` event with the same seq.
        // Only `table_created` must decode.
        let env = Envelope::from_stored(seq, event)
            .map_err(|e| bad(line_no, format!("bad event: {e}")))?;
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
            json: storable_text(&env, event).map_err(|e| bad(line_no, e))?,
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
    let provenance = match signature {
        None => Provenance::Unsigned,
        Some((line_no, sig)) => {
            let key: VerifyingKey = crate::signing::verify(&sig.key, &sig.signature, &prev)
                .map_err(|reason| bad(line_no, reason))?;
            Provenance::Signed(hex(key.as_bytes()))
        }
    };
    let meta = TableMeta {
        id: header.id,
        name: header.name,
        ruleset: header.ruleset,
        created_at_ms,
        head: events.len() as u64,
    };
    Ok((meta, events, provenance))
}

/// The text an imported event is stored as: the line's text, byte for byte, whenever the store
/// may hold it. An `unreadable` event whose text is beyond the storage limits (the store never
/// holds what its reader refuses) is stored as the set-aside event itself, so the table still
/// imports: that one event's original text is not kept (its line was verified by the chain
/// and the signature; the reason names what was wrong with it).
fn storable_text(env: &Envelope, text: &str) -> Result<String, String> {
    let meter = engine::limits::JsonMeter::of_text(text);
    let problem = engine::limits::stored_json_problem(&meter, engine::limits::MAX_ENVELOPE_BYTES);
    match (&env.body, problem) {
        (_, None) => Ok(text.to_string()),
        (EventBody::Unreadable { .. }, Some(_)) => env
            .to_json()
            .map_err(|e| format!("cannot write the set-aside event: {e}")),
        (_, Some(problem)) => Err(format!("event cannot be stored: {problem}")),
    }
}

/// Verifies (with the [`Trust`] policy of [`check`]) and stores an exported table; returns
/// its meta.
pub async fn import(
    store: &dyn EventStore,
    registry: &Registry,
    text: &str,
    trust: &Trust<'_>,
) -> Result<TableMeta, StoreError> {
    let (meta, events, _) = check(registry, text, trust)?;
    store.create_table(&meta, &events).await?;
    Ok(meta)
}
