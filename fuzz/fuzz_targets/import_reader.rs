//! The table import reader (`delve table import`, `POST /api/tables/import`) on any text: it
//! returns a verified table or an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn registry() -> &'static engine::Registry {
    static REGISTRY: OnceLock<engine::Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut registry = engine::builtin_registry();
        registry.register(crows::ruleset::Crows);
        registry
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = store::export::verify(registry(), text);
});
