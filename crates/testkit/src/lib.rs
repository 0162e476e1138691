//! Test support shared by Delve's integration tests (a dev-dependency only).
//!
//! Tests that need a service outside Rust — a PostgreSQL server, headless Chromium with its
//! WebDriver — ask [`service_absent`] what to do when the service cannot be reached:
//!
//! - normally (a fresh machine with only Rust) the test returns early and the test binary says
//!   so in **one** line on standard error: `skipped: PostgreSQL tests — …`;
//! - under `DELVE_E2E=require` (set by `.ci/run`, which installs and starts both services) the
//!   test fails instead, naming the service and what was tried, so CI can never pass by skipping.
//!
//! The line is written to the process's standard error directly, not through `eprintln!`, so
//! the test harness's output capture does not swallow it for a passing test.

use std::collections::HashSet;
use std::io::Write;
use std::sync::Mutex;

/// The environment variable that turns a skip into a failure.
pub const E2E_VAR: &str = "DELVE_E2E";

/// Whether the services are required (`DELVE_E2E=require`).
pub fn services_required() -> bool {
    std::env::var(E2E_VAR).is_ok_and(|v| v.trim() == "require")
}

/// Services already reported as skipped in this process (one line each).
static SAID: Mutex<Option<HashSet<String>>> = Mutex::new(None);

/// A test's service is unreachable: fail under `DELVE_E2E=require`, otherwise print the
/// one-line skip notice (once per service and process) and let the caller return.
///
/// `service` names what is missing ("PostgreSQL", "Chromium"), `why` what was tried and how it
/// failed, `hint` how to provide it.
///
/// # Panics
///
/// Under `DELVE_E2E=require`, always: that is the point of the setting.
pub fn service_absent(service: &str, why: &str, hint: &str) {
    absent(services_required(), service, why, hint);
}

fn absent(required: bool, service: &str, why: &str, hint: &str) {
    if required {
        panic!("{service} is required ({E2E_VAR}=require) but unavailable: {why}. {hint}");
    }
    let first = {
        let mut said = SAID.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        said.get_or_insert_with(HashSet::new)
            .insert(service.to_string())
    };
    if first {
        let line = format!(
            "skipped: {service} tests — {why}; {hint} (set {E2E_VAR}=require to fail instead)\n"
        );
        // Best effort: a closed stderr must not fail the test.
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skip_is_said_once_per_service() {
        absent(false, "Nothing", "a test service", "none needed");
        absent(false, "Nothing", "a test service", "none needed");
        let said = SAID.lock().unwrap_or_else(|p| p.into_inner());
        assert_eq!(
            said.as_ref()
                .map(|s| s.iter().filter(|x| *x == "Nothing").count()),
            Some(1)
        );
    }

    #[test]
    fn required_services_fail_naming_the_service() {
        let failed =
            std::panic::catch_unwind(|| absent(true, "Gadget", "port 1 closed", "start it"));
        let message = failed
            .err()
            .and_then(|e| e.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        assert!(message.contains("Gadget is required"), "{message}");
        assert!(message.contains("port 1 closed"), "{message}");
    }
}
