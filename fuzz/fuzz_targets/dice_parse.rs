//! The dice parser on any text: it returns an expression or an error, never panics, and an
//! expression it accepts prints back to notation that parses to the same expression.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(expr) = dice::parse(text) {
        let printed = expr.to_string();
        let again = dice::parse(&printed).expect("canonical notation parses");
        assert_eq!(again.to_string(), printed, "printing is stable");
    }
});
