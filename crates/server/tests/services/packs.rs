//! Content-pack upload and validation over HTTP, through the Crows ruleset's own pack command
//! (the server knows no pack format).

use crate::common::{Running, start};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn crows_server(dir: &std::path::Path) -> Running {
    let (store, tokens) = server::open_sqlite(&dir.join("delve.db"))
        .await
        .expect("open db");
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    start(store, tokens, registry, None).await
}

const GOOD: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": { "id": "my-campaign", "name": "My campaign" },
  "creatures": [
    { "id": "bog-thing", "name": "Bog thing", "kind": "monster", "size": "huge",
      "characteristics": { "agility": -1, "mind": -4, "strength": 5 },
      "stamina": 30, "speed": { "walk": 4, "swim": 8 } }
  ]
}"#;

fn bad() -> String {
    // A crow above 4 without magic is refused by the rules (CR-CORE-09), at a known place.
    GOOD.replace("\"kind\": \"monster\"", "\"kind\": \"crow\"")
}

fn upload(name: &str, text: &str, validate_only: bool) -> Value {
    json!({"files": [{"name": name, "text": text}], "validate_only": validate_only})
}

/// Covers CR-CORE-12 (user content loads through the server) and the validation endpoint:
/// located errors, validate-only stores nothing, a good pack loads into the table.
#[tokio::test]
async fn cr_core_12_pack_upload_validates_with_locations_and_loads() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = crows_server(dir.path()).await;
    let (id, referee) = srv.table("crows").await;
    let path = format!("/api/tables/{id}/packs");
    let before = srv.full_log(&id, &referee).await.len();

    // Validate only, bad pack: 200, not valid, the problem located (file:line:column, field).
    let (s, v) = srv
        .post(&path, Some(&referee), upload("my.json", &bad(), true))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["valid"], false, "{v}");
    let issue = &v["issues"][0];
    assert_eq!(issue["file"], "my.json", "{v}");
    assert_eq!(
        issue["field"], "creatures[0].characteristics.strength",
        "{v}"
    );
    assert!(issue["line"].as_u64().expect("line") >= 5, "{v}");
    assert!(issue["column"].as_u64().expect("column") >= 1, "{v}");
    assert!(
        issue["message"]
            .as_str()
            .expect("message")
            .starts_with("CR-CORE-09"),
        "{v}"
    );

    // Validate only, good pack: valid, and still nothing stored.
    let (s, v) = srv
        .post(&path, Some(&referee), upload("my.json", GOOD, true))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(srv.full_log(&id, &referee).await.len(), before);

    // Load, bad pack: 422 with the same located issue; nothing stored.
    let (s, v) = srv
        .post(&path, Some(&referee), upload("my.json", &bad(), false))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(
        v["issues"][0]["field"],
        "creatures[0].characteristics.strength"
    );
    assert_eq!(srv.full_log(&id, &referee).await.len(), before);

    // Load, good pack: stored, and the creature card is usable by the table's own command.
    let (s, v) = srv
        .post(&path, Some(&referee), upload("my.json", GOOD, false))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["loaded"], true);
    assert_eq!(v["events"].as_array().expect("events").len(), 1, "{v}");
    assert_eq!(srv.full_log(&id, &referee).await.len(), before + 1);
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"rules": {"create_creature": {"id": "bog", "card": "bog-thing"}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    srv.stop().await;
}

/// Only the Referee uploads packs; a ruleset without packs says so; bodies are limited.
#[tokio::test]
async fn pack_upload_is_referee_only_and_refuses_rulesets_without_packs() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = crows_server(dir.path()).await;
    let (id, referee) = srv.table("crows").await;
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"rules": {"create_creature": {"id": "vera", "kind": "crow",
                "characteristics": {"agility": 2, "mind": 0, "strength": -1},
                "stamina": 6, "speed": {"walk": 6}}}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let player = srv.player(&id, &referee, "pat", "vera").await;
    let (s, v) = srv
        .post(
            &format!("/api/tables/{id}/packs"),
            Some(&player),
            upload("my.json", GOOD, true),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    let (s, v) = srv
        .post(
            &format!("/api/tables/{id}/packs"),
            None,
            upload("my.json", GOOD, true),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");

    let (demo, demo_referee) = srv.table("demo").await;
    let (s, v) = srv
        .post(
            &format!("/api/tables/{demo}/packs"),
            Some(&demo_referee),
            upload("my.json", GOOD, false),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "packs_unsupported");

    let huge = "x".repeat(server::Limits::default().pack_bytes + 1);
    let (s, v) = srv
        .post(
            &format!("/api/tables/{id}/packs"),
            Some(&referee),
            upload("big.json", &huge, true),
        )
        .await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(v["rule"], "limits.pack_bytes");
    srv.stop().await;
}

#[test]
fn pack_issue_lines_are_parsed_with_their_location() {
    let issues = server::api::parse_issues(
        "dir:a/my.json:12:7: items[3].weapon.range: CR-X: bad range\nwhole file broken\n\
         x.json:1:1: (file): not JSON: expected value",
    );
    assert_eq!(issues.len(), 3);
    assert_eq!(issues[0].file, "dir:a/my.json");
    assert_eq!((issues[0].line, issues[0].column), (12, 7));
    assert_eq!(issues[0].field, "items[3].weapon.range");
    assert_eq!(issues[0].message, "CR-X: bad range");
    assert_eq!(issues[1].line, 0);
    assert_eq!(issues[1].message, "whole file broken");
    assert_eq!(issues[2].field, "");
    assert_eq!(issues[2].message, "not JSON: expected value");
}
