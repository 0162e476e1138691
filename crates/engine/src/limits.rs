//! What a table may store: one set of limits shared by the writer (the command path, table
//! creation, the store's append and import) and the reader (serde_json's 128-level recursion
//! limit), so that nothing is ever accepted that cannot be read back.
//!
//! | limit | value | checked |
//! |---|---|---|
//! | [`MAX_JSON_DEPTH`] | 100 levels of `{`/`[` | every event a command emits, a new table's `table_created` (its `config`), and again by the store before any append, creation or import |
//! | [`MAX_EVENT_BYTES`] | 2 MiB per event (its JSON, masked form included) | each event as a command emits it; the store refuses a stored event over [`MAX_ENVELOPE_BYTES`] |
//! | [`MAX_COMMAND_BYTES`] | 4 MiB per command (all its events) | as the command emits them, so a runaway command stops early |
//! | [`MAX_ACTOR_BYTES_PER_HOUR`] | 16 MiB per actor per table per hour | before a command is accepted (the log's growth rate) |
//! | [`MAX_CONFIG_BYTES`] | 64 KiB | a new table's `config` |
//! | [`MAX_NAME_CHARS`] | 100 characters | a table's, the Referee's, a participant's and a character's name in engine commands, a timer's id and label |
//!
//! The dice crate's `MAX_DEPTH` (64 levels of an expression tree) is below [`MAX_JSON_DEPTH`]
//! with room for the event around a roll result, so any expression that parses can be stored.
//! A refusal names its limit and changes nothing.

use crate::rule_error::RuleError;

/// Deepest JSON serde_json reads by default (its recursion limit). Readers of stored events,
/// snapshots and exports use serde_json's defaults, so this is the hard ceiling.
pub const READER_JSON_DEPTH: usize = 128;
/// Deepest JSON a table stores (arrays and objects; a scalar is depth 0, `{}` is 1): well below
/// [`READER_JSON_DEPTH`].
pub const MAX_JSON_DEPTH: usize = 100;
/// Largest event (its serialised body plus its masked form).
pub const MAX_EVENT_BYTES: usize = 2 * 1024 * 1024;
/// Largest stored event text: [`MAX_EVENT_BYTES`] plus room for the envelope's own fields
/// (seq, batch, time, actor, visibility). The store refuses anything larger.
pub const MAX_ENVELOPE_BYTES: usize = MAX_EVENT_BYTES + 64 * 1024;
/// Largest total of the events one command emits.
pub const MAX_COMMAND_BYTES: usize = 4 * 1024 * 1024;
/// How much one actor's commands may add to one table's log within [`GROWTH_WINDOW_MS`].
pub const MAX_ACTOR_BYTES_PER_HOUR: u64 = 16 * 1024 * 1024;
/// The window of [`MAX_ACTOR_BYTES_PER_HOUR`].
pub const GROWTH_WINDOW_MS: i64 = 60 * 60 * 1000;
/// Largest `config` of a new table (bytes of JSON).
pub const MAX_CONFIG_BYTES: usize = 64 * 1024;
/// Longest name the engine takes (characters).
pub const MAX_NAME_CHARS: usize = 100;

/// Size and nesting depth of a JSON text, measured as it is written (no allocation).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct JsonMeter {
    pub bytes: usize,
    pub depth: usize,
    pub max_depth: usize,
    in_string: bool,
    escaped: bool,
}

impl JsonMeter {
    /// Measures a complete JSON text.
    pub fn of_text(text: &str) -> JsonMeter {
        let mut m = JsonMeter::default();
        m.feed(text.as_bytes());
        m
    }

    /// Measures a value as serde_json would serialise it.
    pub fn of<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsonMeter, serde_json::Error> {
        let mut m = JsonMeter::default();
        serde_json::to_writer(&mut m, value)?;
        Ok(m)
    }

    fn feed(&mut self, buf: &[u8]) {
        self.bytes += buf.len();
        for &b in buf {
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => {
                    self.depth += 1;
                    self.max_depth = self.max_depth.max(self.depth);
                }
                b'}' | b']' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
    }
}

impl std::io::Write for JsonMeter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.feed(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Why a JSON text may not be stored, naming the limit; `None`: it may.
pub fn stored_json_problem(meter: &JsonMeter, max_bytes: usize) -> Option<String> {
    if meter.max_depth > MAX_JSON_DEPTH {
        return Some(format!(
            "JSON nested {} levels deep, the limit is {MAX_JSON_DEPTH} (MAX_JSON_DEPTH, below \
             the reader's {READER_JSON_DEPTH})",
            meter.max_depth
        ));
    }
    if meter.bytes > max_bytes {
        return Some(format!(
            "{} bytes of JSON, the limit is {max_bytes}",
            meter.bytes
        ));
    }
    None
}

/// Refuses a name longer than [`MAX_NAME_CHARS`] or empty.
pub fn check_name(what: &str, name: &str) -> Result<(), RuleError> {
    let chars = name.chars().count();
    if name.trim().is_empty() {
        return Err(RuleError::new("bad_name", format!("the {what} is empty")));
    }
    if chars > MAX_NAME_CHARS {
        return Err(RuleError::new(
            "name_too_long",
            format!("the {what} has {chars} characters, the limit is {MAX_NAME_CHARS}"),
        )
        .rule("MAX_NAME_CHARS"));
    }
    Ok(())
}
