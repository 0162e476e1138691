//! Issue 17 item 5: the OpenAPI document is generated from the types; each registered
//! ruleset's command schema is in it.

use super::*;
use std::collections::BTreeSet;

/// The command names a command schema admits: the one key of each object alternative and
/// the values of each string alternative, following `$ref`s into the components.
fn command_names(doc: &Value, schema: &Value, out: &mut BTreeSet<String>) {
    if let Some(name) = schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        let target = &doc["components"]["schemas"][name];
        assert!(target.is_object(), "dangling $ref {name}");
        return command_names(doc, target, out);
    }
    for key in ["oneOf", "anyOf"] {
        for alternative in schema[key].as_array().into_iter().flatten() {
            command_names(doc, alternative, out);
        }
    }
    if let Some(values) = schema["enum"].as_array() {
        out.extend(values.iter().filter_map(Value::as_str).map(String::from));
    }
    if let Some([key]) = schema["required"].as_array().map(Vec::as_slice)
        && schema["additionalProperties"] == false
        && schema["properties"]
            .as_object()
            .is_some_and(|p| p.len() == 1)
    {
        out.extend(key.as_str().map(String::from));
    }
}

/// The commands a table of `ruleset` accepts, as its refusal of an unknown one lists them.
async fn accepted_commands(srv: &Running, ruleset: &str) -> BTreeSet<String> {
    let (s, created) = srv
        .post(
            "/api/tables",
            None,
            json!({"ruleset": ruleset, "name": "Listing"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id");
    let referee = created["referee_token"].as_str().expect("token");
    let (s, v) = srv
        .command(id, referee, json!({"rules": {"zz_no_such_command": {}}}))
        .await;
    assert!(s.is_client_error(), "{s} {v}");
    let message = v["message"].as_str().expect("message");
    let names: BTreeSet<String> = if let Some((_, list)) = message.split_once(" are: ") {
        // Crows: "unknown command `…`; the Crows commands are: a, b, c"
        list.split(", ").map(|n| n.trim().to_string()).collect()
    } else {
        // serde: "unknown variant `…`, expected one of `a`, `b`"
        let (_, list) = message.split_once("expected one of").expect(message);
        list.split('`')
            .skip(1)
            .step_by(2)
            .map(String::from)
            .collect()
    };
    assert!(names.len() > 3, "{message}");
    names
}

/// Each registered ruleset's commands are in the document (under `<ruleset>.command`, and as
/// the `rules` command's alternatives): exactly the commands a table of that ruleset accepts.
#[tokio::test]
async fn openapi_lists_each_registered_rulesets_commands() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    let srv = start_registry(&dir.path().join("delve.db"), Limits::default(), registry).await;
    let (s, doc) = srv.get("/api/openapi.json", "").await;
    assert_eq!(s, StatusCode::OK);
    let rules = &doc["paths"]["/api/tables/{id}/commands"]["post"]["requestBody"]["content"]["application/json"]
        ["schema"]["oneOf"][0]["properties"]["rules"];
    let listed: Vec<&str> = rules["anyOf"]
        .as_array()
        .expect("anyOf")
        .iter()
        .filter_map(|alt| alt["$ref"].as_str())
        .collect();
    assert_eq!(
        listed,
        [
            "#/components/schemas/acks.command",
            "#/components/schemas/crows.command",
            "#/components/schemas/demo.command",
            "#/components/schemas/dnd2024.command"
        ]
    );
    for ruleset in ["acks", "crows", "demo", "dnd2024"] {
        let mut documented = BTreeSet::new();
        let component = json!({"$ref": format!("#/components/schemas/{ruleset}.command")});
        command_names(&doc, &component, &mut documented);
        assert_eq!(
            documented,
            accepted_commands(&srv, ruleset).await,
            "{ruleset}"
        );
    }
    // A ruleset's named parts are components too (e.g. Crows' `test` takes a characteristic
    // and a creature: its alternative names them).
    let mut crows = BTreeSet::new();
    command_names(
        &doc,
        &doc["components"]["schemas"]["CoreCommand"],
        &mut crows,
    );
    assert!(
        crows.contains("test") && crows.contains("load_pack"),
        "{crows:?}"
    );
    srv.stop().await;
}

/// The engine's own commands (the body's alternatives) and the clock's are generated from
/// `engine::Command`: every clock command is there, and `set_option` takes the table options.
#[tokio::test]
async fn openapi_engine_commands_are_generated_from_the_types() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (_, doc) = srv.get("/api/openapi.json", "").await;
    let clock = json!({"$ref": "#/components/schemas/ClockCommand"});
    let mut names = BTreeSet::new();
    command_names(&doc, &clock, &mut names);
    for name in [
        "start_combat",
        "end_turn",
        "reorder_combat",
        "end_combat",
        "start_exploration",
        "end_exploration_turn",
        "end_exploration",
        "start_rest",
        "end_rest",
        "advance",
        "start_timer",
        "pause_timer",
        "resume_timer",
        "cancel_timer",
        "timer_due",
        "advance_seconds",
        "start_named_rest",
        "start_grouped_combat",
        "reorder_grouped_combat",
        "insert_combatant",
        "remove_combatant",
        "delay_turn",
        "close_window",
        "set_window_timeout",
    ] {
        assert!(names.remove(name), "clock command {name} missing");
    }
    assert!(names.is_empty(), "undocumented? {names:?}");
    let mut options = BTreeSet::new();
    command_names(
        &doc,
        &json!({"$ref": "#/components/schemas/TableOption"}),
        &mut options,
    );
    assert_eq!(
        options,
        BTreeSet::from(["players_physical_dice".to_string()])
    );
    // The physical-dice query parameter comes from its struct, doc comment and pattern.
    let params = &doc["paths"]["/api/tables/{id}/commands"]["post"]["parameters"];
    let faces = params
        .as_array()
        .expect("parameters")
        .iter()
        .find(|p| p["name"] == "faces")
        .expect("faces");
    assert_eq!(faces["in"], "query");
    assert_eq!(faces["required"], false);
    assert!(faces["schema"]["pattern"].is_string(), "{faces}");
    assert!(
        faces["description"]
            .as_str()
            .is_some_and(|d| d.contains("players_physical_dice")),
        "{faces}"
    );
    // The error body is `ApiError`'s: `issues` is optional.
    let error = &doc["components"]["schemas"]["Error"];
    assert_eq!(error["required"], json!(["code", "message"]), "{error}");
    srv.stop().await;
}
