//! The OpenAPI 3 document of every route (served at `/api/openapi.json`), generated from the
//! types through `schemars`.
//!
//! Every schema a client sends comes from the Rust type the server reads it into: the command
//! body is the engine's [`engine::Command`], and its `rules` alternative is each registered
//! ruleset's own command schema ([`engine::Ruleset::command_schema`], under
//! `components/schemas/<ruleset>.command`), so a ruleset is documented by being registered;
//! request bodies and query strings are `api.rs`'s structs, the error body is
//! [`ApiError`](crate::error::ApiError). Only the routes, their summaries and the shapes of
//! answers the handlers build as JSON are written here.

use crate::bodies::{
    CommandQuery, CreateInvite, CreateTable, ImportQuery, Join, LogQuery, PackUpload, RevokePlayer,
};
use crate::error::ApiError;
use crate::live::LiveQuery;
use schemars::JsonSchema;
use schemars::generate::{Contract, SchemaGenerator, SchemaSettings};
use serde_json::{Map, Value, json};

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

/// The engine's commands, as the body of `POST /api/tables/{id}/commands` takes them: the keys
/// of [`engine::Command`]'s alternatives in the document (a test keeps the two equal).
pub const COMMANDS: [&str; 11] = [
    "rules",
    "answer",
    "undo",
    "join",
    "leave",
    "bind",
    "unbind",
    "clock",
    "set_option",
    "roll",
    "say",
];

/// Where the generated schemas live in the document.
const SCHEMAS: &str = "#/components/schemas/";

/// The name under which a ruleset's command schema is listed.
pub fn ruleset_component(ruleset: &str) -> String {
    format!("{ruleset}.command")
}

/// The generated schemas: what clients send (read as the server deserializes it) and what the
/// server answers with (as it serializes it).
struct Generated {
    requests: SchemaGenerator,
    responses: SchemaGenerator,
}

impl Generated {
    fn new() -> Self {
        Generated {
            requests: SchemaSettings::openapi3().into_generator(),
            responses: SchemaSettings::openapi3()
                .with(|s| s.contract = Contract::Serialize)
                .into_generator(),
        }
    }

    /// `T` as read from a request (a `$ref` into the components).
    fn request<T: JsonSchema>(&mut self) -> Value {
        self.requests.subschema_for::<T>().to_value()
    }

    /// `T` as written in a response.
    fn response<T: JsonSchema>(&mut self) -> Value {
        self.responses.subschema_for::<T>().to_value()
    }

    /// Every named schema, the generators' transforms (OpenAPI 3.0's `nullable`…) applied.
    fn components(mut self) -> Map<String, Value> {
        let mut all = self.requests.take_definitions(true);
        all.extend(self.responses.take_definitions(true));
        all
    }
}

/// The component a `{"$ref": "#/components/schemas/<name>"}` names, copied (so the routes that
/// clients and tests read directly carry their schema in place); anything else as it is.
fn inline(components: &Map<String, Value>, schema: &Value) -> Value {
    schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix(SCHEMAS))
        .and_then(|name| components.get(name))
        .cloned()
        .unwrap_or_else(|| schema.clone())
}

/// A query string's struct, as OpenAPI parameters (one per field).
fn query_params(components: &Map<String, Value>, schema: &Value) -> Vec<Value> {
    let schema = inline(components, schema);
    let required: Vec<&str> = schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(properties) = schema["properties"].as_object() else {
        return Vec::new();
    };
    properties
        .iter()
        .map(|(name, property)| {
            let mut property = property.clone();
            let description = property
                .as_object_mut()
                .and_then(|p| p.remove("description"));
            let mut param = json!({"name": name, "in": "query",
                "required": required.contains(&name.as_str()), "schema": property});
            if let Some(description) = description {
                param["description"] = description;
            }
            param
        })
        .collect()
}

/// The body of `POST /api/tables/{id}/commands`: the engine's `Command` (inlined), its
/// `rules` alternative any registered ruleset's command (each listed as
/// [`ruleset_component`]), an object with one key.
fn command_body(components: &mut Map<String, Value>, rulesets: &[(&str, Value)]) -> Value {
    let mut any_of = Vec::new();
    for (name, schema) in rulesets {
        let component = ruleset_component(name);
        any_of.push(json!({"$ref": format!("{SCHEMAS}{component}")}));
        components.insert(component, schema.clone());
    }
    let rules = json!({
        "type": "object", "minProperties": 1, "maxProperties": 1,
        "description": "A command of the table's ruleset: one key, the command's name, e.g. {\"note\": {\"text\": \"…\", \"secret\": false}} (demo). Its schema is the table's ruleset's (components `<ruleset>.command`).",
        "anyOf": any_of
    });
    let mut command = components.get("Command").cloned().unwrap_or_default();
    if let Some(alternatives) = command["oneOf"].as_array_mut() {
        for alternative in alternatives {
            if alternative["required"] == json!(["rules"]) {
                alternative["properties"]["rules"] = rules.clone();
            }
        }
    }
    components.insert("Command".into(), command.clone());
    command
}

/// The document, for a server offering the rulesets of `registry`.
pub fn document(registry: &engine::Registry) -> Value {
    let rulesets = registry.names();
    let bearer = json!([{"bearer": []}]);
    let ruleset = json!({"type": "string", "enum": rulesets});
    let mut generated = Generated::new();
    let command = generated.request::<engine::Command>();
    let ruleset_commands: Vec<(&str, Value)> = registry
        .command_schemas(&mut generated.requests)
        .into_iter()
        .map(|(name, schema)| (name, schema.to_value()))
        .collect();
    let create = generated.request::<CreateTable>();
    let invite = generated.request::<CreateInvite>();
    let join = generated.request::<Join>();
    let packs = generated.request::<PackUpload>();
    let revoke = generated.request::<RevokePlayer>();
    let command_query = generated.request::<CommandQuery>();
    let log_query = generated.request::<LogQuery>();
    let live_query = generated.request::<LiveQuery>();
    let import_query = generated.request::<ImportQuery>();
    let forecast = generated.request::<crate::forecasts::ForecastRequest>();
    generated.response::<ApiError>();
    let mut components = generated.components();
    // Commands: the engine's, the `rules` one each ruleset's.
    debug_assert_eq!(command["$ref"], json!(format!("{SCHEMAS}Command")));
    let command = command_body(&mut components, &ruleset_commands);
    let mut create = inline(&components, &create);
    create["properties"]["ruleset"] = ruleset.clone();
    let params = |id: bool, query: &Value| {
        let mut out = if id { vec![id_param()] } else { Vec::new() };
        out.extend(query_params(&components, query));
        Value::Array(out)
    };
    let import_params = params(false, &import_query);
    let command_params = params(true, &command_query);
    let log_params = params(true, &log_query);
    let live_params = params(true, &live_query);
    let invite = inline(&components, &invite);
    let join = inline(&components, &join);
    let packs = inline(&components, &packs);
    let revoke = inline(&components, &revoke);
    let forecast = inline(&components, &forecast);
    // Added after: the document's one `json!` is at the macro's recursion limit.
    let forecast_route = json!({"post": {
        "summary": "Referee: a forecast, the table's situation played forward many times with its ruleset; changes nothing",
        "description": "The kinds a table offers are listed in the Referee's view (`forecasts`). Crows offers `fight` (args: max_rounds 1-200): the fight in progress, or the creatures placed on the grid, played until one side has nobody standing. The answer is the ruleset's report: for `fight` {kind, runs, seed, policy, max_rounds, sides: {crows: {win, ci95}, enemies: {win, ci95}, draw: {p, ci95}}, creatures: {id: {side, dies, dies_ci95, knocked_out, …, stamina_left: [[value, count]…], wounds_gained: […]}}, rounds_mean, rounds_ci95, rounds: [[round, count]…], usage_dice_spent_mean, stuck}. Every ci95 is a 95 % Wilson interval. A player's or spectator's token: 403 forecast_referee_only before any work. runs over 20000: 422 forecast_runs (MAX_SERVER_FORECAST_RUNS); another forecast running on the server: 429 forecast_busy (MAX_CONCURRENT_FORECASTS = 1); an unknown kind: 422 no_such_forecast. Nothing is logged or shown to anyone else.",
        "security": bearer,
        "parameters": [id_param(),
            {"name": "kind", "in": "path", "required": true, "schema": {"type": "string", "maxLength": 64}}],
        "requestBody": body(forecast),
        "responses": with_errors(("200", json_ok("Report", json!({"type": "object", "properties": {
            "kind": {"type": "string"}, "runs": {"type": "integer"},
            "seed": {"type": "integer", "format": "int64", "description": "the seed the dice came from (drawn by the server when the request named none)"},
            "policy": {"type": "string"}}, "additionalProperties": true}))),
            &["400", "401", "403", "404", "413", "422", "429"])
    }});
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
                "requestBody": body(create),
                "responses": with_errors(("201", json_ok("Created", json!({"$ref": "#/components/schemas/TableCreated"}))), &["400", "413", "422"])
            }},
            "/api/tables/import": {"post": {
                "summary": "Import an exported table (JSON Lines, hash-chained); returns a new Referee token",
                "parameters": import_params,
                "requestBody": {"required": true, "content": {"application/x-ndjson": {"schema": {"type": "string"}}}},
                "responses": with_errors(("201", json_ok("Imported", json!({"$ref": "#/components/schemas/TableCreated"}))), &["400", "409", "413"])
            }},
            "/api/tables/{id}/invites": {"post": {
                "summary": "Referee: a single-use invite, bound to a character or open",
                "security": bearer,
                "parameters": [id_param()],
                "requestBody": body(invite),
                "responses": with_errors(("201", json_ok("Invite", json!({"type": "object", "properties": {
                    "invite": {"type": "string"}, "invite_id": {"type": "string", "description": "the invite's public id, to revoke it by"},
                    "character": {"type": "string", "nullable": true}, "link": {"type": "string"}}}))),
                    &["400", "401", "403", "413"])
            }},
            "/api/join": {"post": {
                "summary": "Exchange an invite for a player token (seats the player, binds the invite's character)",
                "requestBody": body(join),
                "responses": with_errors(("201", json_ok("Joined", json!({"type": "object", "properties": {
                    "table": {"type": "string"}, "player": {"type": "string"},
                    "character": {"type": "string", "nullable": true},
                    "player_token": {"type": "string"}, "link": {"type": "string"}}}))),
                    &["400", "401", "403", "409", "413", "422"])
            }},
            "/api/tables/{id}/commands": {"post": {
                "summary": "Run a command as the token's participant; returns the new events the caller may see",
                "description": "One engine command: an object with one key, the command's name: {\"rules\": <ruleset command>}, {\"answer\": …}, {\"undo\": {\"count\": n}}, {\"join\": …}, {\"leave\": …}, {\"bind\": …}, {\"unbind\": …}, {\"clock\": …}, {\"set_option\": …} (Referee: e.g. {\"players_physical_dice\": true}), {\"roll\": {\"expr\": \"2d10+1\", \"label\": …, \"secret\": false}} and {\"say\": {\"text\": …, \"to\": [names]}} (any player or the Referee: the free dice roller and table chat; a secret roll or a whisper is returned to and seen by only the roller or the sender, the recipients and the Referee). A body of another shape is refused with 400 bad_command. Rate-limited per connection.",
                "security": bearer,
                "parameters": command_params,
                "requestBody": body(command),
                "responses": with_errors(("200", json_ok("Events", json!({"type": "object", "properties": {
                    "events": {"type": "array", "items": {"$ref": "#/components/schemas/ViewEvent"}}}}))),
                    &["400", "401", "403", "404", "409", "413", "422", "429"])
            }},
            "/api/tables/{id}/log": {"get": {
                "summary": "The caller's log, numbered densely for the caller, paged: forwards with after=N, backwards with newest=true then before=N (the page's `before`); events oldest first within a page",
                "security": bearer,
                "parameters": log_params,
                "responses": with_errors(("200", json_ok("Page", json!({"type": "object", "properties": {
                    "events": {"type": "array", "items": {"$ref": "#/components/schemas/ViewEvent"}},
                    "next_after": {"type": "integer"}, "last_n": {"type": "integer"}, "more": {"type": "boolean"},
                    "before": {"type": "integer", "description": "The page's first n: pass it as before= for the page further back"},
                    "older": {"type": "boolean", "description": "Events before this page exist"}}}))),
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
                "requestBody": body(packs),
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
                "parameters": live_params,
                "responses": with_errors(("101", json!({"description": "Switching protocols (WebSocket)"})), &["400", "401", "403", "404", "426"])
            }}
        }
    });
    for (path, method, op) in access_paths(&bearer, revoke) {
        doc["paths"][path][method] = op;
    }
    doc["paths"]["/api/tables/{id}/forecasts/{kind}"] = forecast_route;
    doc["paths"]["/api/tables/{id}/view"]["get"]["responses"]["200"]["content"]["application/json"]
        ["schema"]["properties"]["forecasts"] = json!({"type": "array", "items": {"type": "string"},
        "description": "the Referee's only: the forecast kinds the table offers (POST /api/tables/{id}/forecasts/{kind})"});
    if let Some(schemas) = doc["components"]["schemas"].as_object_mut() {
        schemas.extend(components);
    }
    doc
}

/// The access routes (invite list, revocation, rotation), merged into [`document`]'s paths.
fn access_paths(bearer: &Value, revoke: Value) -> Vec<(&'static str, &'static str, Value)> {
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
                "requestBody": body(revoke),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// [`COMMANDS`] (what `parse_command` lets through) is exactly the generated `Command`'s
    /// alternatives, in order: a new engine command cannot be left out of either.
    #[test]
    fn commands_are_the_generated_alternatives() {
        let doc = document(&engine::builtin_registry());
        let keys: Vec<&str> = doc["components"]["schemas"]["Command"]["oneOf"]
            .as_array()
            .expect("oneOf")
            .iter()
            .map(|alt| alt["required"][0].as_str().expect("one key"))
            .collect();
        assert_eq!(keys, COMMANDS);
    }

    /// Every `$ref` in the document names a component (the generated parts all landed).
    #[test]
    fn every_reference_resolves() {
        fn walk(doc: &Value, v: &Value, seen: &mut usize) {
            match v {
                Value::Object(map) => {
                    if let Some(r) = map.get("$ref").and_then(Value::as_str) {
                        let name = r.strip_prefix(SCHEMAS).expect("a component");
                        assert!(
                            doc["components"]["schemas"].get(name).is_some(),
                            "dangling {r}"
                        );
                        *seen += 1;
                    }
                    map.values().for_each(|x| walk(doc, x, seen));
                }
                Value::Array(items) => items.iter().for_each(|x| walk(doc, x, seen)),
                _ => {}
            }
        }
        let doc = document(&engine::builtin_registry());
        let mut seen = 0;
        walk(&doc, &doc, &mut seen);
        assert!(seen > 10, "{seen}");
    }

    /// The generated schemas stay within OpenAPI 3.0's dialect (JSON Schema draft 4 with
    /// `nullable`): no type lists, `const`, `prefixItems` or `$defs` from newer drafts, with
    /// every registered ruleset's commands in.
    #[test]
    fn generated_schemas_use_openapi_3_0_keywords_only() {
        fn walk(v: &Value, path: &str) {
            match v {
                // The keys of `properties` are field names (a field may be called `type`,
                // as an internally tagged enum's tag is), not keywords.
                Value::Object(map) if path.ends_with("/properties") => {
                    for (k, x) in map {
                        walk(x, &format!("{path}/{k}"));
                    }
                }
                Value::Object(map) => {
                    for key in ["const", "prefixItems", "$defs", "unevaluatedProperties"] {
                        assert!(!map.contains_key(key), "{key} at {path}");
                    }
                    if let Some(t) = map.get("type") {
                        assert!(t.is_string(), "type {t} at {path}");
                    }
                    for (k, x) in map {
                        walk(x, &format!("{path}/{k}"));
                    }
                }
                Value::Array(items) => {
                    for (i, x) in items.iter().enumerate() {
                        walk(x, &format!("{path}/{i}"));
                    }
                }
                _ => {}
            }
        }
        let mut registry = engine::builtin_registry();
        registry.register(crows::ruleset::Crows);
        registry.register(delve_acks::ruleset::Acks);
        registry.register(delve_dnd2024::ruleset::Dnd2024);
        let doc = document(&registry);
        walk(&doc["components"]["schemas"], "#/components/schemas");
        walk(&doc["paths"], "#/paths");
    }
}
