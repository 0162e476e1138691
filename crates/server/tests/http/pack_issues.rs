//! Issue 17 item 5: a refused content pack's problems reach the API as data (file, line,
//! column, field), not parsed back out of the refusal's text.

use super::*;

/// A pack whose one creature is a crow above 4 without magic (CR-CORE-09), at line 5.
const BAD: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": { "id": "odd", "name": "Odd" },
  "creatures": [
    { "id": "bog-thing", "name": "Bog thing", "kind": "crow", "size": "huge",
      "characteristics": { "agility": -1, "mind": -4, "strength": 5 },
      "stamina": 30, "speed": { "walk": 4 } }
  ]
}"#;

/// The file's name looks like a location itself (`notes:9:9: x.json`): read back from the
/// text, the problem would be put in file `notes` at line 9. Carried as data, both the
/// validation and the refused load name the real file, line, column and field, beside the
/// refusal's code and rule.
#[tokio::test]
async fn pack_refusal_locations_are_data_even_when_the_file_name_looks_like_one() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    let srv = start_registry(&dir.path().join("delve.db"), Limits::default(), registry).await;
    let (s, created) = srv
        .post(
            "/api/tables",
            None,
            json!({"ruleset": "crows", "name": "Packs"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id");
    let referee = created["referee_token"].as_str().expect("token");
    let name = "notes:9:9: x.json";
    let path = format!("/api/tables/{id}/packs");
    for validate_only in [true, false] {
        let body = json!({"files": [{"name": name, "text": BAD}], "validate_only": validate_only});
        let (s, v) = srv.post(&path, Some(referee), body).await;
        let expected = if validate_only {
            StatusCode::OK
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        assert_eq!(s, expected, "{v}");
        assert_eq!(v["code"], "bad_pack", "{v}");
        let issues = v["issues"].as_array().expect("issues");
        assert_eq!(issues.len(), 1, "{v}");
        let issue = &issues[0];
        assert_eq!(issue["file"], name, "{v}");
        assert_eq!(issue["line"], 6, "{v}");
        assert!(issue["column"].as_u64().is_some_and(|c| c > 1), "{v}");
        assert_eq!(
            issue["field"], "creatures[0].characteristics.strength",
            "{v}"
        );
        assert!(
            issue["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("CR-CORE-09")),
            "{v}"
        );
    }
    srv.stop().await;
}
