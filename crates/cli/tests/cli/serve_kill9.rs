//! `delve serve` as a process: an acknowledged command survives `kill -9`, and a timer whose
//! deadline passed while the server was dead fires once when it comes back.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `delve serve` child on a free port; returns it and its address.
fn serve(db: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(["serve", "--bind", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn delve serve");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    // "Delve is serving <db> on <addr> (Ctrl-C to stop)"
    let first = lines.next().expect("a line").expect("utf-8");
    let addr = first
        .split(" on ")
        .last()
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in `{first}`"))
        .to_string();
    // Keep draining stdout so the child never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, addr)
}

/// One HTTP/1.1 request; returns (status, JSON body).
fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    let (head, body) = response.split_once("\r\n\r\n").expect("a response");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status");
    assert!(
        !head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked"),
        "expected a sized body"
    );
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

fn kill_9(mut child: Child) {
    child.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix
    child.wait().expect("reaped");
}

#[test]
fn kill_9_keeps_acknowledged_commands_and_missed_deadlines_fire_on_restart() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("delve.db");
    let (child, addr) = serve(&db);
    let (s, created) = http(
        &addr,
        "POST",
        "/api/tables",
        None,
        Some(&json!({"ruleset": "demo", "name": "k9"})),
    );
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    let token = created["referee_token"]
        .as_str()
        .expect("token")
        .to_string();
    let commands = format!("/api/tables/{id}/commands");
    let (s, v) = http(
        &addr,
        "POST",
        &commands,
        Some(&token),
        Some(&json!({"rules": {"note": {"text": "ACKED-BEFORE-KILL", "secret": false}}})),
    );
    assert_eq!(s, 200, "{v}");
    // A 1.5 s timer, then the server dies before it falls due.
    let (s, v) = http(
        &addr,
        "POST",
        &commands,
        Some(&token),
        Some(&json!({"clock": {"start_timer": {"id": "bell", "label": "bell", "ms": 1500}}})),
    );
    assert_eq!(s, 200, "{v}");
    kill_9(child);
    std::thread::sleep(Duration::from_millis(2000));

    // Back up on the same file: the acknowledged note is there, and the bell fires once.
    let (child, addr) = serve(&db);
    let log_path = format!("/api/tables/{id}/log?limit=1000");
    let started = Instant::now();
    let log = loop {
        let (s, page) = http(&addr, "GET", &log_path, Some(&token), None);
        assert_eq!(s, 200, "{page}");
        let events = page["events"].as_array().expect("events").clone();
        if events.iter().any(|e| e["body"]["type"] == "timer_ended") {
            break events;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the missed deadline did not fire"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let text = serde_json::to_string(&log).expect("json");
    assert!(text.contains("ACKED-BEFORE-KILL"));
    let fired: Vec<&Value> = log
        .iter()
        .filter(|e| e["body"]["type"] == "timer_ended" && e["body"]["fired"] == true)
        .collect();
    assert_eq!(fired.len(), 1);
    assert_eq!(fired[0]["actor"], json!({"role": "system"}));
    // Killed again right away and restarted: still exactly one.
    kill_9(child);
    let (child, addr) = serve(&db);
    std::thread::sleep(Duration::from_millis(500));
    let (s, page) = http(&addr, "GET", &log_path, Some(&token), None);
    assert_eq!(s, 200);
    let again = page["events"].as_array().expect("events");
    assert_eq!(
        again
            .iter()
            .filter(|e| e["body"]["type"] == "timer_ended")
            .count(),
        1
    );
    kill_9(child);
}
