//! `delve table …` end to end, on a temporary SQLite file.

use std::path::Path;
use std::process::{Command, Output};

fn delve(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .arg("table")
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap()
}

fn ok(db: &Path, args: &[&str]) -> String {
    let out = delve(db, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn refused(db: &Path, args: &[&str]) -> String {
    let out = delve(db, args);
    assert!(!out.status.success(), "{args:?} was accepted");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn table_new_command_log_show_export_import() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("delve.db");
    let id = ok(&db, &["new", "--ruleset", "demo", "--name", "Crypt night"]);
    let id = id.trim();
    assert_eq!(id.len(), 32);
    assert!(ok(&db, &["list"]).contains("Crypt night"));
    assert!(
        refused(&db, &["new", "--ruleset", "chess", "--name", "x"])
            .contains("unknown ruleset `chess`")
    );

    for cmd in [
        r#"{"join": {"name": "alice", "role": "player"}}"#,
        r#"{"join": {"name": "bob", "role": "player"}}"#,
        r#"{"rules": {"create": {"character": "c1"}}}"#,
        r#"{"rules": {"create": {"character": "c2"}}}"#,
        r#"{"bind": {"player": "alice", "character": "c1"}}"#,
        r#"{"bind": {"player": "bob", "character": "c2"}}"#,
    ] {
        ok(&db, &["command", id, "--as", "referee", cmd]);
    }
    let out = ok(
        &db,
        &[
            "command",
            id,
            "--as",
            "alice",
            r#"{"rules": {"add": {"character": "c1", "amount": 4}}}"#,
        ],
    );
    let events: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0]["body"]["event"]["added"]["amount"], 4);
    // Alice may not act for Bob's character; the table is unchanged.
    let err = refused(
        &db,
        &[
            "command",
            id,
            "--as",
            "alice",
            r#"{"rules": {"add": {"character": "c2", "amount": 4}}}"#,
        ],
    );
    assert!(err.contains("does not control `c2`"), "{err}");
    assert!(refused(&db, &["command", id, "--as", "alice", "{not json"]).contains("not JSON"));
    ok(
        &db,
        &[
            "command",
            id,
            "--as",
            "referee",
            r#"{"rules": {"note": {"text": "TRAP-BEHIND-DOOR", "secret": true}}}"#,
        ],
    );
    ok(
        &db,
        &[
            "command",
            id,
            "--as",
            "bob",
            r#"{"rules": {"note": {"text": "bob was here", "secret": false}}}"#,
        ],
    );

    let referee_log = ok(&db, &["log", id]);
    assert!(referee_log.contains("TRAP-BEHIND-DOOR"));
    let alice_log = ok(&db, &["log", id, "--as", "alice"]);
    assert!(!alice_log.contains("TRAP-BEHIND-DOOR") && alice_log.contains("bob was here"));
    assert!(!alice_log.contains("\"seed\""));
    let alice_view = ok(&db, &["show", id, "--as", "alice"]);
    assert!(!alice_view.contains("TRAP-BEHIND-DOOR") && alice_view.contains("\"c1\": 4"));
    assert!(ok(&db, &["show", id]).contains("TRAP-BEHIND-DOOR"));

    // Undo: the Referee only.
    assert!(
        refused(&db, &["command", id, "--as", "bob", r#"{"undo": {}}"#])
            .contains("only the Referee")
    );
    ok(&db, &["command", id, "--as", "referee", r#"{"undo": {}}"#]);
    assert!(!ok(&db, &["show", id]).contains("bob was here"));

    // Export → import into another database → export: identical bytes.
    let first = ok(&db, &["export", id]);
    let file = dir.path().join("t.jsonl");
    std::fs::write(&file, &first).unwrap();
    let db2 = dir.path().join("other.db");
    // The same signing key beside both databases (as for servers sharing one).
    std::fs::copy(
        dir.path()
            .join(format!("{}.key", db.file_name().unwrap().to_str().unwrap())),
        dir.path().join("other.db.key"),
    )
    .unwrap();
    assert_eq!(ok(&db2, &["import", file.to_str().unwrap()]).trim(), id);
    assert_eq!(ok(&db2, &["export", id]), first);

    // A damaged file is refused with its line number.
    let damaged = first.replacen("\"amount\":4", "\"amount\":40", 1);
    assert_ne!(damaged, first);
    std::fs::write(&file, damaged).unwrap();
    let db3 = dir.path().join("third.db");
    let err = refused(&db3, &["import", file.to_str().unwrap()]);
    assert!(
        err.contains("line 9") && err.contains("hash chain"),
        "{err}"
    );
}

/// Players' physical dice (issue 17): `--as alice --faces …` is refused until the Referee
/// sets the table option `players_physical_dice` (nothing stored); then Alice's faces are her
/// command's dice, with the same fit checks.
#[test]
fn table_command_players_faces_need_the_referees_option() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("delve.db");
    let id = ok(&db, &["new", "--ruleset", "demo", "--name", "Dice night"]);
    let id = id.trim();
    for cmd in [
        r#"{"join": {"name": "alice", "role": "player"}}"#,
        r#"{"rules": {"create": {"character": "c1"}}}"#,
        r#"{"bind": {"player": "alice", "character": "c1"}}"#,
    ] {
        ok(&db, &["command", id, "--as", "referee", cmd]);
    }
    let roll = r#"{"rules": {"roll": {"character": "c1", "dice": "2d6"}}}"#;
    let log_len = |db: &Path| ok(db, &["log", id]).lines().count();
    let before = log_len(&db);
    let err = refused(
        &db,
        &["command", id, "--as", "alice", roll, "--faces", "6,6"],
    );
    assert!(err.contains("players_physical_dice"), "{err}");
    assert_eq!(log_len(&db), before, "nothing stored");
    let on = r#"{"set_option": {"players_physical_dice": true}}"#;
    refused(&db, &["command", id, "--as", "alice", on]);
    ok(&db, &["command", id, "--as", "referee", on]);
    let before = log_len(&db);
    refused(
        &db,
        &["command", id, "--as", "alice", roll, "--faces", "6,6,6"],
    );
    assert_eq!(log_len(&db), before, "faces left over: nothing stored");
    let out = ok(
        &db,
        &["command", id, "--as", "alice", roll, "--faces", "3,6"],
    );
    assert!(out.contains("\"total\":9"), "{out}");
    let view = ok(&db, &["show", id, "--as", "alice"]);
    let view: serde_json::Value = serde_json::from_str(&view).unwrap();
    assert_eq!(view["rules"]["counters"]["c1"], 9, "{view}");
}

/// `delve table say` and `delve table roll`: a whisper reaches its recipient (and the Referee)
/// only; a secret roll shows in the roller's and the Referee's logs only.
#[test]
fn table_say_and_roll() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("delve.db");
    let id = ok(&db, &["new", "--ruleset", "demo", "--name", "Chat night"]);
    let id = id.trim();
    for name in ["alice", "bob", "cara"] {
        let join = format!(r#"{{"join": {{"name": "{name}", "role": "player"}}}}"#);
        ok(&db, &["command", id, "--as", "referee", &join]);
    }
    assert!(ok(&db, &["say", id, "Hello all", "--as", "alice"]).contains("Hello all"));
    let out = ok(
        &db,
        &["say", id, "PSST-BOB", "--as", "alice", "--to", "bob"],
    );
    assert!(
        out.contains("PSST-BOB") && out.contains("\"private\":true"),
        "{out}"
    );
    ok(
        &db,
        &["say", id, "PSST-REF", "--as", "bob", "--to", "referee"],
    );
    let out = ok(
        &db,
        &[
            "roll",
            id,
            "2d6+1",
            "--as",
            "cara",
            "--label",
            "CARA-SECRET",
            "--secret",
        ],
    );
    assert!(out.contains("\"free\":true"), "{out}");
    ok(
        &db,
        &["roll", id, "1d20", "--label", "open roll", "--as", "bob"],
    );
    let log = |who: &str| ok(&db, &["log", id, "--as", who]);
    let (alice, bob, cara, referee) = (log("alice"), log("bob"), log("cara"), log("referee"));
    assert!(bob.contains("PSST-BOB") && alice.contains("PSST-BOB"));
    assert!(!cara.contains("PSST-BOB") && !cara.contains("PSST-REF"));
    assert!(!alice.contains("CARA-SECRET") && !bob.contains("CARA-SECRET"));
    assert!(cara.contains("CARA-SECRET") && referee.contains("CARA-SECRET"));
    assert!(referee.contains("PSST-REF") && referee.contains("PSST-BOB"));
    for l in [&alice, &bob, &cara] {
        assert!(l.contains("Hello all") && l.contains("open roll"));
    }
    let e = refused(&db, &["say", id, "hi", "--as", "alice", "--to", "nobody"]);
    assert!(e.contains("chat.recipients"), "{e}");
    let e = refused(&db, &["roll", id, "2d", "--as", "alice"]);
    assert!(e.contains("2d"), "{e}");
}
