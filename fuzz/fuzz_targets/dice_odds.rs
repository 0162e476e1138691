//! Exact odds and rolling of any accepted expression: within the limits they finish without a
//! panic, and a distribution's probabilities sum to 1.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(expr) = dice::parse(text) else {
        return;
    };
    if let Ok(dist) = dice::odds::distribution(&expr) {
        let total: f64 = dist.probabilities().iter().sum();
        assert!((total - 1.0).abs() < 1e-6, "probabilities sum to {total}");
    }
    let mut rng = dice::roll::seeded_rng(7);
    let _ = dice::roll(&expr, &mut rng);
});
