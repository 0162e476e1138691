//! The Crows content-pack loader on any text: a library, or issues naming file, line and field;
//! never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(errors) = crows::content::ContentLibrary::load(&[("fuzz.json", text)]) {
        assert!(!errors.0.is_empty(), "a refusal names at least one issue");
    }
});
