//! The OpenAPI 3 document of every route, written by hand (served at `/api/openapi.json`).
//!
//! Built per server from its registry: the ruleset names are an `enum` of what is registered.
//! The command body's schema ([`command_schema`]) follows the engine's `Command` (externally
//! tagged: one key, the command's name); a ruleset command is `{"rules": {<name>: {…}}}`, an
//! object with one key whose shape only the table's ruleset knows.

use serde_json::{Value, json};

fn error_responses(codes: &[&str]) -> Value {
    let mut out = serde_json::Map::new();
    for code in codes {
        out.insert(
            (*code).to_string(),
            json!({
                "description": "Error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
            }),
        );
    }
    Value::Object(out)
}

fn with_errors(ok: (&str, Value), errors: &[&str]) -> Value {
    let mut responses = error_responses(errors);
    if let Value::Object(map) = &mut responses {
        map.insert(ok.0.to_string(), ok.1);
    }
    responses
}

fn json_ok(description: &str, schema: Value) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": schema}}})
}

fn id_param() -> Value {
    json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}})
}

fn body(schema: Value) -> Value {
    json!({"required": true, "content": {"application/json": {"schema": schema}}})
}

/// The engine's commands, as the body of `POST /api/tables/{id}/commands` takes them (the
/// names are the keys of [`command_schema`]'s alternatives).
pub const COMMANDS: [&str; 8] = [
    "rules", "answer", "undo", "join", "leave", "bind", "unbind", "clock",
];

/// `{"<key>": <schema>}` and nothing else.
fn one_key(key: &str, schema: Value) -> Value {
    json!({"type": "object", "required": [key], "additionalProperties": false,
        "properties": {key: schema}})
}

/// An object with these properties and no others (`required`: those that must be there).
fn fields(required: &[&str], properties: Value) -> Value {
    let mut schema = json!({"type": "object", "additionalProperties": false,
        "properties": properties});
    // OpenAPI 3.0 (JSON Schema draft 4) wants `required` non-empty when present.
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    schema
}

fn name() -> Value {
    json!({"type": "string"})
}

/// The schema of the engine's `ClockCommand` (unit commands are plain strings).
fn clock_schema() -> Value {
    let id = json!({"id": name()});
    let visibility = json!({"oneOf": [
        {"type": "string", "enum": ["public", "referee"]},
        one_key("players", json!({"type": "array", "items": name()}))
    ]});
    // `TurnLength` is tagged by `kind` and ignores other keys.
    let kind = |k: &str, extra: &[(&str, Value)]| {
        let mut properties = json!({"kind": {"type": "string", "enum": [k]}});
        let mut required = vec!["kind"];
        for (name, schema) in extra {
            properties[*name] = schema.clone();
            required.push(*name);
        }
        json!({"type": "object", "required": required, "properties": properties})
    };
    let turn_length = json!({"oneOf": [
        kind("real_time", &[("ms", json!({"type": "integer", "format": "int64"}))]),
        kind("game_minutes", &[("minutes", json!({"type": "integer", "format": "int64", "minimum": 0}))]),
        kind("manual", &[])
    ]});
    let order = json!({"type": "array", "items": name()});
    let groups = json!({"type": "array", "items": {"type": "array", "items": name()}});
    // `Place`: where a combatant goes in a running round.
    let place = json!({"oneOf": [
        {"type": "string", "enum": ["last", "next"]},
        one_key("before", name()), one_key("after", name()), one_key("with", name())
    ]});
    json!({"oneOf": [
        {"type": "string", "enum": ["end_turn", "end_combat", "end_exploration_turn",
            "end_exploration", "start_rest"]},
        one_key("start_combat", fields(&["order"], json!({"order": order, "waits_for_order": {"type": "boolean"}}))),
        one_key("reorder_combat", fields(&["order"], json!({"order": order}))),
        one_key("start_grouped_combat", fields(&["groups"], json!({"groups": groups, "waits_for_order": {"type": "boolean"}}))),
        one_key("reorder_grouped_combat", fields(&["groups"], json!({"groups": groups}))),
        one_key("insert_combatant", fields(&["who", "place"], json!({"who": name(), "place": place}))),
        one_key("remove_combatant", fields(&["who"], json!({"who": name()}))),
        one_key("delay_turn", fields(&["place"], json!({"place": place}))),
        one_key("close_window", fields(&["id"], json!({"id": name()}))),
        one_key("set_window_timeout", fields(&[], json!({"ms": {"type": "integer", "format": "int64", "minimum": 1, "nullable": true}}))),
        one_key("advance_seconds", fields(&["seconds"], json!({"seconds": {"type": "integer", "format": "int64", "minimum": 0}}))),
        one_key("start_named_rest", fields(&["kind"], json!({"kind": name()}))),
        one_key("start_exploration", fields(&[], json!({"length": {"nullable": true, "allOf": [turn_length]}}))),
        one_key("end_rest", fields(&["completed"], json!({"completed": {"type": "boolean"}}))),
        one_key("advance", fields(&["minutes"], json!({"minutes": {"type": "integer", "format": "int64", "minimum": 0}}))),
        one_key("start_timer", fields(&["id", "label", "ms"], json!({"id": name(), "label": name(),
            "ms": {"type": "integer", "format": "int64", "minimum": 1}, "visibility": visibility}))),
        one_key("pause_timer", fields(&["id"], id.clone())),
        one_key("resume_timer", fields(&["id"], id.clone())),
        one_key("cancel_timer", fields(&["id"], id.clone())),
        one_key("timer_due", fields(&["id"], id))
    ]})
}

/// The body of `POST /api/tables/{id}/commands`: one of the engine's commands (see
/// [`COMMANDS`]), each an object with one key.
pub fn command_schema() -> Value {
    let player_character = fields(
        &["player", "character"],
        json!({"player": name(), "character": name()}),
    );
    json!({"oneOf": [
        one_key("rules", json!({
            "type": "object", "minProperties": 1, "maxProperties": 1,
            "description": "A command of the table's ruleset: one key, the command's name, e.g. {\"note\": {\"text\": \"…\", \"secret\": false}} (demo)"
        })),
        one_key("answer", {
            // `Answer` takes no `deny_unknown_fields`: extra keys are ignored.
            json!({"type": "object", "required": ["decision", "option"], "properties": {
                "decision": name(), "option": name(), "text": {"type": "string"}}})
        }),
        one_key("undo", fields(&[], json!({"count": {"type": "integer", "minimum": 0, "maximum": u32::MAX, "default": 1}}))),
        one_key("join", fields(&["name", "role"], json!({"name": name(),
            "role": {"type": "string", "enum": ["player", "spectator"]}}))),
        one_key("leave", fields(&["name"], json!({"name": name()}))),
        one_key("bind", player_character.clone()),
        one_key("unbind", player_character),
        one_key("clock", clock_schema())
    ]})
}

/// The document, for a server offering `rulesets`.
pub fn document(rulesets: &[&str]) -> Value {
    let bearer = json!([{"bearer": []}]);
    let ruleset = json!({"type": "string", "enum": rulesets});
    let mut doc = json!({
        "openapi": "3.0.3",
        "info": {
            "title": "Delve table server",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Tables, invites, commands, per-viewer logs and views, export and import. \
    Every error is JSON {code, message, rule?}. HTTP calls authenticate with `Authorization: Bearer <token>`; \
    the live WebSocket with its first message {\"type\":\"auth\",\"token\":…} or the subprotocol `delve.token.<token>` \
    (`?token=` is still accepted). JSON bodies must be sent as `application/json`."
        },
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {
                        "code": {"type": "string"},
                        "message": {"type": "string"},
                        "rule": {"type": "string"},
                        "issues": {"type": "array", "items": {"$ref": "#/components/schemas/Issue"}}
                    }
                },
                "Issue": {
                    "type": "object",
                    "required": ["file", "line", "column", "field", "message"],
                    "properties": {
                        "file": {"type": "string"},
                        "line": {"type": "integer", "minimum": 0, "description": "1-based; 0 when the problem has no position"},
                        "column": {"type": "integer", "minimum": 0},
                        "field": {"type": "string", "description": "field path, empty for the whole file"},
                        "message": {"type": "string"}
                    }
                },
                "ViewEvent": {
                    "type": "object",
                    "required": ["n", "at_ms", "actor", "private", "body"],
                    "properties": {
                        "n": {"type": "integer", "minimum": 1, "description": "the viewer's own dense sequence number"},
                        "at_ms": {"type": "integer"},
                        "actor": {"type": "object"},
                        "private": {"type": "boolean"},
                        "body": {"type": "object"}
                    }
                },
                "TableCreated": {
                    "type": "object",
                    "required": ["id", "name", "ruleset", "referee_token", "referee_link"],
                    "properties": {
                        "id": {"type": "string"},
                        "name": {"type": "string"},
                        "ruleset": {"type": "string"},
                        "events": {"type": "integer"},
                        "referee_token": {"type": "string"},
                        "referee_link": {"type": "string"}
                    }
                }
            }
        },
        "paths": {
            "/": {"get": {
                "summary": "The web UI",
                "responses": {"200": {"description": "HTML", "content": {"text/html": {"schema": {"type": "string"}}}}}
            }},
            "/api/health": {"get": {
                "summary": "Health, version and rulesets",
                "responses": {"200": json_ok("OK", json!({"type": "object", "properties": {
                    "status": {"type": "string"}, "version": {"type": "string"},
                    "rulesets": {"type": "array", "items": ruleset.clone()}}}))}
            }},
            "/api/rulesets": {"get": {
                "summary": "Registered rulesets, and whether creating or importing a table needs the creation key (header `X-Create-Key`)",
                "responses": {"200": json_ok("OK", json!({"type": "object", "properties": {
                    "rulesets": {"type": "array", "items": ruleset.clone()},
                    "create_key_required": {"type": "boolean"}}}))}
            }},
            "/api/openapi.json": {"get": {
                "summary": "This document",
                "responses": {"200": json_ok("OpenAPI 3 document", json!({"type": "object"}))}
            }},
            "/api/tables": {"post": {
                "summary": "Create a table; returns the Referee's token and link (shown once)",
                "requestBody": body(json!({
                    "type": "object", "required": ["ruleset", "name"], "additionalProperties": false,
                    "properties": {
                        "ruleset": ruleset,
                        "name": {"type": "string", "minLength": 1, "maxLength": 100},
                        "referee": {"type": "string", "minLength": 1, "maxLength": 100},
                        "config": {}
                    }
                })),
                "responses": with_errors(("201", json_ok("Created", json!({"$ref": "#/components/schemas/TableCreated"}))), &["400", "413", "422"])
            }},
            "/api/tables/import": {"post": {
                "summary": "Import an exported table (JSON Lines, hash-chained); returns a new Referee token",
                "requestBody": {"required": true, "content": {"application/x-ndjson": {"schema": {"type": "string"}}}},
                "responses": with_errors(("201", json_ok("Imported", json!({"$ref": "#/components/schemas/TableCreated"}))), &["400", "409", "413"])
            }},
            "/api/tables/{id}/invites": {"post": {
                "summary": "Referee: a single-use invite, bound to a character or open",
                "security": bearer,
                "parameters": [id_param()],
                "requestBody": body(json!({"type": "object", "additionalProperties": false,
                    "properties": {"character": {"type": "string", "minLength": 1, "maxLength": 100, "nullable": true}}})),
                "responses": with_errors(("201", json_ok("Invite", json!({"type": "object", "properties": {
                    "invite": {"type": "string"}, "invite_id": {"type": "string", "description": "the invite's public id, to revoke it by"},
                    "character": {"type": "string", "nullable": true}, "link": {"type": "string"}}}))),
                    &["400", "401", "403", "413"])
            }},
            "/api/join": {"post": {
                "summary": "Exchange an invite for a player token (seats the player, binds the invite's character)",
                "requestBody": body(json!({"type": "object", "required": ["invite", "name"], "additionalProperties": false,
                    "properties": {"invite": {"type": "string"}, "name": {"type": "string", "minLength": 1, "maxLength": 100}}})),
                "responses": with_errors(("201", json_ok("Joined", json!({"type": "object", "properties": {
                    "table": {"type": "string"}, "player": {"type": "string"},
                    "character": {"type": "string", "nullable": true},
                    "player_token": {"type": "string"}, "link": {"type": "string"}}}))),
                    &["400", "401", "403", "409", "413", "422"])
            }},
            "/api/tables/{id}/commands": {"post": {
                "summary": "Run a command as the token's participant; returns the new events the caller may see",
                "description": "One engine command: an object with one key, the command's name: {\"rules\": <ruleset command>}, {\"answer\": …}, {\"undo\": {\"count\": n}}, {\"join\": …}, {\"leave\": …}, {\"bind\": …}, {\"unbind\": …}, {\"clock\": …}. A body of another shape is refused with 400 bad_command. Rate-limited per connection.",
                "security": bearer,
                "parameters": [id_param(),
                    {"name": "faces", "in": "query", "required": false, "description": "Referee only: physical dice, the faces rolled at the table for the command's dice in order (e.g. 13,3). A face a die lacks, too few faces or faces left over: 422, nothing stored. A player: 403 physical_dice_referee_only.", "schema": {"type": "string", "pattern": "^-?[0-9]+(,-?[0-9]+)*$"}}],
                "requestBody": body(command_schema()),
                "responses": with_errors(("200", json_ok("Events", json!({"type": "object", "properties": {
                    "events": {"type": "array", "items": {"$ref": "#/components/schemas/ViewEvent"}}}}))),
                    &["400", "401", "403", "404", "409", "413", "422", "429"])
            }},
            "/api/tables/{id}/log": {"get": {
                "summary": "The caller's log, numbered densely for the caller, paged",
                "security": bearer,
                "parameters": [id_param(),
                    {"name": "after", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": u64::MAX}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}}],
                "responses": with_errors(("200", json_ok("Page", json!({"type": "object", "properties": {
                    "events": {"type": "array", "items": {"$ref": "#/components/schemas/ViewEvent"}},
                    "next_after": {"type": "integer"}, "last_n": {"type": "integer"}, "more": {"type": "boolean"}}}))),
                    &["400", "401", "403", "404"])
            }},
            "/api/tables/{id}/view": {"get": {
                "summary": "The caller's view of the current state",
                "security": bearer,
                "parameters": [id_param()],
                "responses": with_errors(("200", json_ok("View", json!({"type": "object", "properties": {
                    "viewer": {"type": "object"}, "last_n": {"type": "integer"},
                    "now_ms": {"type": "integer", "format": "int64", "description": "the server's wall clock (ms since the Unix epoch), for countdowns"},
                    "view": {"type": "object"}}}))),
                    &["401", "403", "404"])
            }},
            "/api/tables/{id}/queries/{name}": {"post": {
                "summary": "A read-only question to the table's ruleset (odds before a roll, a preview), answered from what the caller may see; changes nothing",
                "description": "The body is the query's arguments (a JSON object, at most 4 KiB). Crows answers `odds` (args: edges, banes 0-4, bonus -20..20, and creature + characteristic or a bare value -10..10) with exact fractions without and with an expertise; demo answers `preview_add` (character, amount). A question about a creature the caller may not see is refused like one about a missing creature. An unknown query: 422 no_such_query.",
                "security": bearer,
                "parameters": [id_param(),
                    {"name": "name", "in": "path", "required": true, "schema": {"type": "string", "maxLength": 64}}],
                "requestBody": body(json!({"type": "object"})),
                "responses": with_errors(("200", json_ok("Answer", json!({"type": "object", "properties": {
                    "query": {"type": "string"}, "answer": {}}}))),
                    &["400", "401", "403", "404", "413", "422"])
            }},
            "/api/tables/{id}/export": {"get": {
                "summary": "Referee: the full export (JSON Lines, importable). Player: their own projection (format delve-view, not importable)",
                "security": bearer,
                "parameters": [id_param()],
                "responses": with_errors(("200", json!({
                    "description": "Export",
                    "content": {
                        "application/x-ndjson": {"schema": {"type": "string"}},
                        "application/json": {"schema": {"type": "object"}}
                    }
                })), &["401", "403", "404"])
            }},
            "/api/tables/{id}/packs": {"post": {
                "summary": "Referee: load content packs into the table through the ruleset's own pack command, or only validate them",
                "description": "The files go to the ruleset as {\"rules\": {\"load_pack\": {\"files\": [...]}}}. Loaded: 200 with the new events. Refused: 422 with the ruleset's code and message and `issues` (file:line:column). With validate_only the command is decided but never stored: 200 {valid, issues}. A ruleset without packs: 422 packs_unsupported.",
                "security": bearer,
                "parameters": [id_param()],
                "requestBody": body(json!({"type": "object", "required": ["files"], "additionalProperties": false,
                    "properties": {
                        "files": {"type": "array", "items": {"type": "object", "required": ["name", "text"], "additionalProperties": false,
                            "properties": {"name": {"type": "string"}, "text": {"type": "string"}}}},
                        "validate_only": {"type": "boolean", "default": false}
                    }})),
                "responses": with_errors(("200", json_ok("Loaded, or the validation result", json!({"type": "object", "properties": {
                    "loaded": {"type": "boolean"},
                    "valid": {"type": "boolean"},
                    "files": {"type": "integer"},
                    "events": {"type": "array", "items": {"$ref": "#/components/schemas/ViewEvent"}},
                    "code": {"type": "string"}, "message": {"type": "string"}, "rule": {"type": "string", "nullable": true},
                    "issues": {"type": "array", "items": {"$ref": "#/components/schemas/Issue"}}}}))),
                    &["400", "401", "403", "404", "409", "413", "422"])
            }},
            "/api/tables/{id}/live": {"get": {
                "summary": "WebSocket: the caller's new events ({type:event}), {type:live} once caught up, {type:resume, after} before a close with code 4000 (too slow) or 1001 (shutdown)",
                "parameters": [id_param(),
                    {"name": "token", "in": "query", "required": false, "description": "deprecated (ends up in logs): send the token in the first message", "schema": {"type": "string"}},
                    {"name": "after", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": u64::MAX}}],
                "responses": with_errors(("101", json!({"description": "Switching protocols (WebSocket)"})), &["400", "401", "403", "404", "426"])
            }}
        }
    });
    for (path, method, op) in access_paths(&bearer) {
        doc["paths"][path][method] = op;
    }
    doc
}

/// The access routes (invite list, revocation, rotation), merged into [`document`]'s paths.
fn access_paths(bearer: &Value) -> Vec<(&'static str, &'static str, Value)> {
    vec![
        (
            "/api/tables/{id}/invites",
            "get",
            json!({
                "summary": "Referee: the table's invites (ids, never tokens): used, revoked or still open",
                "security": bearer,
                "parameters": [id_param()],
                "responses": with_errors(("200", json_ok("Invites", json!({"type": "object", "properties": {
                    "invites": {"type": "array", "items": {"type": "object", "properties": {
                        "id": {"type": "string"}, "character": {"type": "string", "nullable": true},
                        "used": {"type": "boolean"}, "revoked": {"type": "boolean"},
                        "created_at_ms": {"type": "integer", "format": "int64"}}}}}}))),
                    &["401", "403", "404"])
            }),
        ),
        (
            "/api/tables/{id}/invites/{invite}/revoke",
            "post",
            json!({
                "summary": "Referee: revoke an unused invite (it can no longer be exchanged); logged for the Referee",
                "security": bearer,
                "parameters": [id_param(), {"name": "invite", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": with_errors(("200", json_ok("Revoked", json!({"type": "object", "properties": {
                    "revoked": {"type": "object", "properties": {"invite": {"type": "string"}, "character": {"type": "string", "nullable": true}}}}}))),
                    &["401", "403", "404", "409"])
            }),
        ),
        (
            "/api/tables/{id}/players/revoke",
            "post",
            json!({
                "summary": "Referee: revoke every token of a player; with reissue, hand the player's seat one fresh token (shown once); logged for the Referee",
                "security": bearer,
                "parameters": [id_param()],
                "requestBody": body(json!({"type": "object", "required": ["player"], "additionalProperties": false,
                    "properties": {"player": {"type": "string"}, "reissue": {"type": "boolean", "default": false}}})),
                "responses": with_errors(("200", json_ok("Revoked", json!({"type": "object", "properties": {
                    "player": {"type": "string"}, "revoked": {"type": "integer"},
                    "player_token": {"type": "string"}, "link": {"type": "string"}}}))),
                    &["400", "401", "403", "404", "409"])
            }),
        ),
        (
            "/api/tables/{id}/referee/rotate",
            "post",
            json!({
                "summary": "Referee: rotate the Referee's link: every older Referee token stops working, a new one is returned once; logged for the Referee",
                "security": bearer,
                "parameters": [id_param()],
                "responses": with_errors(("200", json_ok("Rotated", json!({"type": "object", "properties": {
                    "revoked": {"type": "integer"}, "referee_token": {"type": "string"}, "referee_link": {"type": "string"}}}))),
                    &["401", "403", "404"])
            }),
        ),
    ]
}
