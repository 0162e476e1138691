//! The server as its services see it, on a real port: content packs uploaded through the
//! ruleset, the real-time timer scheduler (restarts and several instances included) and the
//! PostgreSQL store (skipped in one line without a PostgreSQL server, a failure instead under
//! `DELVE_E2E=require`). One test binary, so the suite links once.

#[path = "../common/mod.rs"]
mod common;

mod packs;
mod postgres;
mod scheduler;
