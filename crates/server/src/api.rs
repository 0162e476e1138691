//! The HTTP routes: authentication, authorisation, limits, and the calls into the store.

use crate::bodies::{
    CommandQuery, CreateInvite, CreateTable, ImportQuery, Join, LogPage, LogQuery, PackUpload,
    RevokePlayer,
};
use crate::error::{ApiError, Issue};
use crate::runner::{self, json_array};
use crate::tokens::{Grant, InviteRevoke, TokenRecord, hash_token, new_invite_id, new_token};
use crate::{AppState, guard, live, openapi};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use engine::{AccessChange, Actor, Command, DiceRoller, EngineError, NewTable, Role, Viewer};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;

type St = State<Arc<AppState>>;

/// Builds the router over the shared state.
pub fn router(state: Arc<AppState>) -> Router {
    let body = state.limits.body_bytes;
    let import = state.limits.import_bytes;
    let packs_limit = state.limits.pack_bytes;
    Router::new()
        .merge(crate::web::routes())
        .route("/api/health", get(health))
        .route("/api/rulesets", get(rulesets))
        .route("/api/openapi.json", get(openapi_doc))
        .route("/api/tables", post(create_table))
        .route(
            "/api/tables/import",
            post(import_table).layer(DefaultBodyLimit::max(import)),
        )
        .route(
            "/api/tables/{id}/invites",
            post(create_invite).get(list_invites),
        )
        .route(
            "/api/tables/{id}/invites/{invite}/revoke",
            post(revoke_invite),
        )
        .route("/api/tables/{id}/players/revoke", post(revoke_player))
        .route("/api/tables/{id}/referee/rotate", post(rotate_referee))
        .route("/api/join", post(join))
        .route("/api/tables/{id}/commands", post(command))
        .route("/api/tables/{id}/log", get(log))
        .route("/api/tables/{id}/view", get(view))
        .route(
            "/api/tables/{id}/queries/{name}",
            post(ruleset_query).layer(DefaultBodyLimit::max(QUERY_BYTES)),
        )
        .route(
            "/api/tables/{id}/forecasts/{kind}",
            post(forecast).layer(DefaultBodyLimit::max(crate::forecasts::FORECAST_BYTES)),
        )
        .route("/api/tables/{id}/export", get(export))
        .route(
            "/api/tables/{id}/packs",
            post(packs).layer(DefaultBodyLimit::max(packs_limit)),
        )
        .route("/api/tables/{id}/live", get(live::live))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body))
        .layer(axum::middleware::from_fn(crate::web::gzip_api))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::edge,
        ))
        .with_state(state)
}

/// `POST /api/tables/{id}/forecasts/{kind}`: the body read as every route reads it, then
/// [`crate::forecasts::forecast`].
async fn forecast(
    state: State<Arc<AppState>>,
    path: Path<(String, String)>,
    headers: HeaderMap,
    body: Result<JsonBody<crate::forecasts::ForecastRequest>, ApiError>,
) -> Result<axum::Json<Value>, ApiError> {
    crate::forecasts::forecast(state, path, headers, body.map(|JsonBody(b)| b)).await
}

// ---------- extractors and helpers ----------

/// A JSON object body whose every rejection is an [`ApiError`].
pub struct JsonBody<T>(pub T);

/// Any JSON body, for the command route: `parse_command` explains a body of the wrong shape
/// in terms of the command schema.
pub struct AnyJson(pub Value);

/// The media type of every JSON body ([`guard::require_content_type`]).
const JSON: &[&str] = &["application/json"];

impl FromRequest<Arc<AppState>> for AnyJson {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &Arc<AppState>) -> Result<Self, ApiError> {
        guard::require_content_type(req.headers(), JSON)?;
        let bytes = body_bytes(req, state).await?;
        serde_json::from_slice(&bytes)
            .map(AnyJson)
            .map_err(|e| ApiError::bad_request("bad_json", format!("request body: {e}")))
    }
}

impl<T: DeserializeOwned> FromRequest<Arc<AppState>> for JsonBody<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &Arc<AppState>) -> Result<Self, ApiError> {
        guard::require_content_type(req.headers(), JSON)?;
        let bytes = body_bytes(req, state).await?;
        // Every JSON body of the API is an object (see the OpenAPI document); serde would read a
        // struct from an array too (`[]` as a struct of optional fields), so refuse that first.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
            return Err(ApiError::bad_request(
                "bad_json",
                "request body: a JSON object `{…}` is expected",
            ));
        }
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::bad_request("bad_json", format!("request body: {e}")))
    }
}

/// Reads a whole body, within [`crate::Limits::body_timeout`] and the route's size limit.
async fn body_bytes(req: Request, state: &Arc<AppState>) -> Result<Bytes, ApiError> {
    let timeout = state.limits.body_timeout;
    let read = tokio::time::timeout(timeout, Bytes::from_request(req, state))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                format!(
                    "the request body did not arrive within {} s",
                    timeout.as_secs_f64()
                ),
            )
            .rule("limits.body_timeout")
        })?;
    read.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                "the request body is larger than the server accepts",
            )
            .rule("limits.body_bytes")
        } else {
            ApiError::new(e.status(), "bad_body", e.body_text())
        }
    })
}

fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::bad_request("bad_query", e.body_text()))
}

/// The client's address, when the server knows it (always, when served by
/// [`guard::serve_connections`]): the TCP peer, or the address a trusted proxy forwarded
/// ([`guard::Guard::client_ip`]).
pub struct Peer(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let client = parts.extensions.get::<guard::ClientAddr>().map(|c| c.0);
        Ok(Peer(client.or_else(|| {
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip())
        })))
    }
}

pub use crate::access::Principal;
use crate::auth::{auth, bearer};
pub use crate::auth::{authorize, principal};

fn check_name(what: &str, name: &str, max: usize) -> Result<(), ApiError> {
    if name.trim().is_empty() {
        return Err(ApiError::bad_request(
            "bad_name",
            format!("the {what} is empty"),
        ));
    }
    if name.chars().count() > max {
        return Err(ApiError::bad_request(
            "bad_name",
            format!("the {what} is longer than {max} characters"),
        )
        .rule("limits.name_chars"));
    }
    Ok(())
}

pub fn table_link(state: &AppState, id: &str, token: &str) -> String {
    // The token sits in the fragment, which browsers never send to the server (no token in logs).
    format!("{}/#table={id}&token={token}", state.public_url)
}

// ---------- the command path (see `runner`) ----------

/// Checks that the table exists and `who` still sits at it.
pub async fn check_seated(state: &AppState, id: &str, who: &Principal) -> Result<(), ApiError> {
    let hub = state.hub.get(id);
    let mut locked = runner::lock(state, &hub, id).await?;
    runner::refresh(state, &mut locked).await?;
    runner::ensure_seated(locked.loaded(), who)
}

/// Runs a command as `actor` and returns the new events as `viewer` sees them (JSON texts).
pub async fn run_command(
    state: &Arc<AppState>,
    id: &str,
    actor: &Actor,
    viewer: &Viewer,
    command: &Command,
) -> Result<Vec<Arc<str>>, ApiError> {
    runner::run_command(state, id, actor, viewer, command).await
}

/// A JSON response from an already serialised body.
fn raw_json(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

// ---------- handlers ----------

async fn not_found() -> ApiError {
    ApiError::not_found("no such route (see /api/openapi.json)")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this route does not take that method (see /api/openapi.json)",
    )
}

async fn health(State(state): St) -> Json<Value> {
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "rulesets": state.tables.registry.names(),
    }))
}

async fn rulesets(State(state): St) -> Json<Value> {
    // Whether creating or importing needs the creation key (the lobby shows its field then).
    Json(json!({
        "rulesets": state.tables.registry.names(),
        "create_key_required": state.guard.needs_create_key(),
    }))
}

async fn openapi_doc(State(state): St) -> Response {
    let doc = state
        .openapi
        .get_or_init(|| openapi::document(&state.tables.registry).to_string());
    ([(header::CONTENT_TYPE, "application/json")], doc.clone()).into_response()
}

async fn referee_grant(state: &AppState, id: &str) -> Result<String, ApiError> {
    let token = new_token();
    let record = TokenRecord::new(id, Grant::Referee);
    state
        .tokens
        .insert(&hash_token(&token), &record, state.clock.now_ms())
        .await?;
    Ok(token)
}

/// Creates a table and its Referee token; returns (id, token). (Also used by `delve serve
/// --new-table`.)
pub async fn new_table(
    state: &AppState,
    ruleset: String,
    name: String,
    referee: String,
    config: Value,
) -> Result<(String, String), ApiError> {
    let max = state.limits.name_chars;
    let name = normal_name("table name", &name)?;
    let referee = normal_name("Referee name", &referee)?;
    check_name("table name", &name, max)?;
    check_name("Referee name", &referee, max)?;
    let new = NewTable {
        id: uuid::Uuid::new_v4().simple().to_string(),
        name,
        ruleset,
        seed: None,
        referee,
        config,
    };
    let table = state.tables.create(new, state.clock.now_ms()).await?;
    let id = table.id().to_string();
    let token = referee_grant(state, &id).await?;
    Ok((id, token))
}

async fn create_table(
    State(state): St,
    Peer(peer): Peer,
    headers: HeaderMap,
    JsonBody(mut body): JsonBody<CreateTable>,
) -> Result<Response, ApiError> {
    state.guard.check_create(peer, &headers)?;
    body.name = normal_name("table name", &body.name)?;
    let (id, token) = new_table(
        &state,
        body.ruleset.clone(),
        body.name.clone(),
        body.referee,
        body.config,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": id,
            "name": body.name,
            "ruleset": body.ruleset,
            "referee_token": token,
            "referee_link": table_link(&state, &id, &token),
        })),
    )
        .into_response())
}

/// Media types an import may be sent as (JSON Lines).
const IMPORT_TYPES: &[&str] = &[
    "application/x-ndjson",
    "application/jsonl",
    "application/json",
];

async fn import_table(
    State(state): St,
    Peer(peer): Peer,
    Query(q): Query<ImportQuery>,
    req: Request,
) -> Result<Response, ApiError> {
    guard::require_content_type(req.headers(), IMPORT_TYPES)?;
    state.guard.check_create(peer, req.headers())?;
    let bytes = body_bytes(req, &state).await.map_err(|e| match e.rule {
        Some(_) if e.code == "body_too_large" => e.rule("limits.import_bytes"),
        _ => e,
    })?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| ApiError::bad_request("bad_import", format!("not UTF-8: {e}")))?;
    let trust = store::export::Trust {
        key: Some(&state.signing_key),
        accept_unsigned: q.accept_unsigned,
    };
    let meta =
        store::export::import(&*state.tables.store, &state.tables.registry, text, &trust).await?;
    let token = referee_grant(&state, &meta.id).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": meta.id,
            "name": meta.name,
            "ruleset": meta.ruleset,
            "events": meta.head,
            "referee_token": token,
            "referee_link": table_link(&state, &meta.id, &token),
        })),
    )
        .into_response())
}

async fn create_invite(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CreateInvite>,
) -> Result<Response, ApiError> {
    if auth(&state, &headers, &id).await? != Principal::Referee {
        return Err(ApiError::forbidden(
            "not_allowed",
            "only the Referee may invite players",
        ));
    }
    if let Some(c) = &body.character {
        check_name("character", c, state.limits.name_chars)?;
    }
    let token = new_token();
    let invite_id = new_invite_id();
    let record = TokenRecord::new(
        &id,
        Grant::Invite {
            id: invite_id.clone(),
            character: body.character.clone(),
        },
    );
    state
        .tokens
        .insert(&hash_token(&token), &record, state.clock.now_ms())
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "invite": token,
            "invite_id": invite_id,
            "character": body.character,
            "link": format!("{}/#join={token}", state.public_url),
        })),
    )
        .into_response())
}

async fn join(State(state): St, JsonBody(mut body): JsonBody<Join>) -> Result<Response, ApiError> {
    body.name = normal_name("player name", &body.name)?;
    check_name("player name", &body.name, state.limits.name_chars)?;
    let hash = hash_token(&body.invite);
    let record = state
        .tokens
        .lookup(&hash)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown invite"))?;
    if record.revoked {
        return Err(ApiError::new(
            StatusCode::GONE,
            "invite_revoked",
            "this invite was revoked by the Referee",
        ));
    }
    let Grant::Invite { character, .. } = record.grant else {
        return Err(ApiError::bad_request(
            "not_an_invite",
            "this token is not an invite",
        ));
    };
    if !state.tokens.claim_invite(&hash).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "invite_used",
            "this invite was used already",
        ));
    }
    let id = record.table_id;
    let seated = seat(&state, &id, &body.name, character.as_deref()).await;
    let seat_id = match seated {
        Ok(seat_id) => seat_id,
        Err(e) => {
            state.tokens.release_invite(&hash).await?;
            return Err(e);
        }
    };
    let token = new_token();
    let player = TokenRecord::new(
        &id,
        Grant::Player {
            name: body.name.clone(),
            seat: Some(seat_id),
        },
    );
    state
        .tokens
        .insert(&hash_token(&token), &player, state.clock.now_ms())
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "table": id,
            "player": body.name,
            "character": character,
            "player_token": token,
            "link": table_link(&state, &id, &token),
        })),
    )
        .into_response())
}

/// Seats a player (and binds the invite's character), as the Referee; returns the seat id.
async fn seat(
    state: &Arc<AppState>,
    id: &str,
    name: &str,
    character: Option<&str>,
) -> Result<u64, ApiError> {
    let referee = Viewer::Referee;
    let join = Command::Join {
        name: name.to_string(),
        role: Role::Player,
    };
    run_command(state, id, &Actor::Referee, &referee, &join).await?;
    if let Some(character) = character {
        let bind = Command::Bind {
            player: name.to_string(),
            character: character.to_string(),
        };
        run_command(state, id, &Actor::Referee, &referee, &bind).await?;
    }
    current_seat(state, id, name)
        .await?
        .ok_or_else(|| ApiError::internal(format!("`{name}` was seated but has no seat")))
}

/// The seat `name` sits in now at table `id`.
async fn current_seat(state: &AppState, id: &str, name: &str) -> Result<Option<u64>, ApiError> {
    let hub = state.hub.get(id);
    let mut locked = runner::lock(state, &hub, id).await?;
    runner::refresh(state, &mut locked).await?;
    Ok(locked.loaded().table.core().participants.seat(name))
}

/// A chosen name in normal form (`engine::names`), or 400 `bad_name` naming the limit.
pub fn normal_name(what: &str, name: &str) -> Result<String, ApiError> {
    engine::names::normalise(name).map_err(|e| {
        let rule = match e {
            engine::names::NameError::LookAlike { .. } => engine::names::NAME_LOOK_ALIKE,
            _ => engine::names::NAME_CHARACTERS,
        };
        ApiError::bad_request("bad_name", format!("the {what}: {e}")).rule(rule)
    })
}

// ---------- revocation ----------

/// Refuses anyone but the table's Referee.
async fn referee_only(
    state: &AppState,
    headers: &HeaderMap,
    id: &str,
    what: &str,
) -> Result<(), ApiError> {
    if auth(state, headers, id).await? != Principal::Referee {
        return Err(ApiError::forbidden(
            "not_allowed",
            format!("only the Referee may {what}"),
        ));
    }
    Ok(())
}

/// Logs an access change in the table's log, for the Referee's eyes only.
async fn log_access(state: &Arc<AppState>, id: &str, change: AccessChange) -> Result<(), ApiError> {
    let referee = Viewer::Referee;
    run_command(
        state,
        id,
        &Actor::Referee,
        &referee,
        &Command::Access(change),
    )
    .await?;
    Ok(())
}

async fn list_invites(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    referee_only(&state, &headers, &id, "list invites").await?;
    let invites = state.tokens.invites(&id).await?;
    Ok(no_store(
        Json(json!({ "invites": invites })).into_response(),
    ))
}

async fn revoke_invite(
    State(state): St,
    Path((id, invite)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    referee_only(&state, &headers, &id, "revoke invites").await?;
    let character = match state.tokens.revoke_invite(&id, &invite).await? {
        InviteRevoke::Revoked { character } => character,
        InviteRevoke::Used => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "invite_used",
                "this invite was used already: revoke the player's tokens instead",
            ));
        }
        InviteRevoke::AlreadyRevoked => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "invite_revoked",
                "this invite was revoked already",
            ));
        }
        InviteRevoke::Unknown => {
            return Err(ApiError::not_found(format!(
                "no invite `{invite}` at this table"
            )));
        }
    };
    log_access(
        &state,
        &id,
        AccessChange::InviteRevoked {
            invite: invite.clone(),
            character: character.clone(),
        },
    )
    .await?;
    Ok(Json(json!({ "revoked": { "invite": invite, "character": character } })).into_response())
}

async fn revoke_player(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<RevokePlayer>,
) -> Result<Response, ApiError> {
    referee_only(&state, &headers, &id, "revoke players' tokens").await?;
    let seat = current_seat(&state, &id, &body.player).await?;
    if body.reissue && seat.is_none() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_seated",
            format!(
                "`{}` is not seated here: there is no seat to reissue a token for",
                body.player
            ),
        ));
    }
    let revoked = state.tokens.revoke_player(&id, &body.player).await?;
    if revoked == 0 && !body.reissue {
        return Err(ApiError::not_found(format!(
            "`{}` holds no live token at this table",
            body.player
        )));
    }
    let token = match (body.reissue, seat) {
        (true, Some(seat)) => {
            let token = new_token();
            let record = TokenRecord::new(
                &id,
                Grant::Player {
                    name: body.player.clone(),
                    seat: Some(seat),
                },
            );
            state
                .tokens
                .insert(&hash_token(&token), &record, state.clock.now_ms())
                .await?;
            Some(token)
        }
        _ => None,
    };
    log_access(
        &state,
        &id,
        AccessChange::PlayerTokensRevoked {
            player: body.player.clone(),
            tokens: u32::try_from(revoked).unwrap_or(u32::MAX),
            reissued: token.is_some(),
        },
    )
    .await?;
    let mut out = json!({ "player": body.player, "revoked": revoked });
    if let Some(token) = token {
        out["player_token"] = json!(token);
        out["link"] = json!(table_link(&state, &id, &token));
    }
    Ok(no_store(Json(out).into_response()))
}

async fn rotate_referee(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    referee_only(&state, &headers, &id, "rotate the Referee's link").await?;
    let revoked = state.tokens.revoke_referee(&id).await?;
    let token = referee_grant(&state, &id).await?;
    log_access(
        &state,
        &id,
        AccessChange::RefereeLinkRotated {
            tokens: u32::try_from(revoked).unwrap_or(u32::MAX),
        },
    )
    .await?;
    Ok(no_store(
        Json(json!({
            "revoked": revoked,
            "referee_token": token,
            "referee_link": table_link(&state, &id, &token),
        }))
        .into_response(),
    ))
}

/// Marks a response that carries a token (or the invite list) as not for any cache.
fn no_store(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}

/// Reads `13,3` as faces; refuses anything else, and more than
/// [`store::MAX_PHYSICAL_FACES`] faces, naming the limit.
pub fn parse_faces(text: &str) -> Result<Vec<i64>, ApiError> {
    let bad = || {
        ApiError::bad_request(
            "bad_faces",
            "faces are whole numbers separated by commas, e.g. `faces=13,3`",
        )
    };
    if text.len() > store::MAX_PHYSICAL_FACES * 8 {
        return Err(ApiError::bad_request(
            "bad_faces",
            format!(
                "at most {} dice faces for one command",
                store::MAX_PHYSICAL_FACES
            ),
        )
        .rule("limits.physical_faces"));
    }
    text.split(',')
        .map(|f| f.trim().parse::<i64>().map_err(|_| bad()))
        .collect()
}

async fn command(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<CommandQuery>, QueryRejection>,
    AnyJson(body): AnyJson,
) -> Result<Response, ApiError> {
    let (who, seat) = authorize(&state, bearer(&headers)?, &id).await?;
    state.guard.check_command(bearer(&headers)?)?;
    // Whether this participant may bring faces is checked under the table's lock, on the
    // table's options (a player only with `players_physical_dice`; runner::decide).
    let faces = match query(q)?.faces {
        Some(text) => Some(parse_faces(&text)?),
        None => None,
    };
    let command = parse_command(&body)?;
    let viewer = who.viewer();
    let events =
        runner::run_with_faces(&state, &id, (&who.actor(), &viewer), &command, seat, faces).await?;
    Ok(raw_json(
        StatusCode::OK,
        format!("{{\"events\":{}}}", json_array(&events)),
    ))
}

/// Reads a command body (the shape of the generated `engine::Command`): an object with one key, one
/// of [`openapi::COMMANDS`]; a `rules` command is itself an object with one key. Anything else
/// is refused with 400 `bad_command` saying what was expected.
pub fn parse_command(body: &Value) -> Result<Command, ApiError> {
    let bad = |message: String| ApiError::bad_request("bad_command", message);
    let expected = openapi::COMMANDS.join(", ");
    let Some(object) = body.as_object() else {
        return Err(bad(format!(
            "a command is a JSON object with one key, the command's name ({expected}); got {}",
            json_kind(body)
        )));
    };
    let mut keys = object.keys();
    let (Some(name), None) = (keys.next(), keys.next()) else {
        return Err(bad(format!(
            "a command is a JSON object with exactly one key, the command's name ({expected}); \
             got {} keys",
            object.len()
        )));
    };
    if !openapi::COMMANDS.contains(&name.as_str()) {
        return Err(bad(format!(
            "unknown command `{name}`: expected one of {expected}"
        )));
    }
    if name == "rules" {
        match &object[name] {
            Value::Object(rules) if rules.len() == 1 => {}
            other => {
                return Err(bad(format!(
                    "a ruleset command is a JSON object with one key, the command's name \
                     (e.g. {{\"rules\": {{\"note\": {{…}}}}}}); got {}",
                    match other {
                        Value::Object(o) => format!("{} keys", o.len()),
                        v => json_kind(v).to_string(),
                    }
                )));
            }
        }
    }
    Command::deserialize(body).map_err(|e| bad(format!("malformed `{name}` command: {e}")))
}

/// What kind of JSON value `v` is, for error messages.
fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

async fn log(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<LogQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let who = auth(&state, &headers, &id).await?;
    let q = query(q)?;
    let max = state.limits.log_page;
    let limit = q.limit.unwrap_or(100);
    if limit == 0 || limit > max {
        return Err(
            ApiError::bad_request("bad_limit", format!("limit must be 1…{max}"))
                .rule("limits.log_page"),
        );
    }
    let asked = q
        .page()
        .map_err(|why| ApiError::bad_request("bad_page", why).rule("api.log_page"))?;
    let viewer = who.viewer();
    let hub = state.hub.get(&id);
    let mut locked = runner::lock_for_read(&state, &hub, &id, &who).await?;
    let reader = runner::reader(&mut locked, &viewer)?;
    drop(locked);
    let last_n = reader.last_n();
    // The viewer's numbering is dense (1…last_n over what it sees), so a backwards page is the
    // forward page after `before - 1 - limit`: it reads and projects only that page, and its
    // bounds say nothing about events the viewer does not see.
    let (after, take) = match asked {
        LogPage::After(after) => (after, limit),
        LogPage::Before(before) => {
            let end = before.map_or(last_n, |b| (b - 1).min(last_n));
            let start = end.saturating_sub(limit as u64);
            (start, (end - start) as usize)
        }
    };
    // Only this page is read and projected, from the viewer's index mark before it.
    let (page, _) = reader.page(&*state.tables.store, after, take, None).await?;
    let page: Vec<Arc<str>> = page.into_iter().map(|(_, json)| json).collect();
    let next = after.min(last_n) + page.len() as u64;
    // `before`: the page's first `n` (where it would start, if empty); passed back as
    // `before=` it reads the page further back (`older`: there is one).
    let back = after.min(last_n) + 1;
    Ok(raw_json(
        StatusCode::OK,
        format!(
            "{{\"events\":{},\"next_after\":{next},\"last_n\":{last_n},\"more\":{},\
             \"before\":{back},\"older\":{}}}",
            json_array(&page),
            next < last_n,
            back > 1
        ),
    ))
}

async fn view(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let who = auth(&state, &headers, &id).await?;
    let viewer = who.viewer();
    let hub = state.hub.get(&id);
    let mut locked = runner::lock_for_read(&state, &hub, &id, &who).await?;
    let loaded = locked.loaded();
    let last_n = loaded.view(&viewer).map_or(0, |c| c.last_n());
    // The server's clock, so a client with a wrong clock still counts deadlines down exactly.
    let mut out = json!({
        "viewer": viewer,
        "last_n": last_n,
        "now_ms": state.clock.now_ms(),
        "view": loaded.table.view(&viewer),
    });
    // The Referee's only: the forecasts the table offers (its screen's Forecast button).
    if let Some(kinds) = crate::forecasts::kinds_for(&viewer, &loaded.table) {
        out["forecasts"] = kinds;
    }
    Ok(Json(out))
}

/// Largest body of a ruleset query (its arguments): a question, not data.
pub const QUERY_BYTES: usize = 4 * 1024;

/// Longest query name.
const QUERY_NAME_CHARS: usize = 64;

/// A read-only question to the table's ruleset (`Ruleset::query`: odds before a roll, a
/// preview), answered from what the caller's token may see; changes nothing.
async fn ruleset_query(
    State(state): St,
    Path((id, name)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<JsonBody<Value>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let JsonBody(args) = body.map_err(|e| match e.code.as_str() {
        "body_too_large" => e.rule("api::QUERY_BYTES"),
        _ => e,
    })?;
    if name.len() > QUERY_NAME_CHARS {
        return Err(ApiError::bad_request(
            "bad_query",
            format!("a query name is at most {QUERY_NAME_CHARS} bytes"),
        )
        .rule("api::QUERY_NAME_CHARS"));
    }
    let who = auth(&state, &headers, &id).await?;
    let viewer = who.viewer();
    let hub = state.hub.get(&id);
    let mut locked = runner::lock_for_read(&state, &hub, &id, &who).await?;
    let answer = locked.loaded().table.query(&viewer, &name, &args);
    answer
        .map(|answer| Json(json!({"query": name, "answer": answer})))
        .map_err(|rule| EngineError::Rule(rule).into())
}

async fn export(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match auth(&state, &headers, &id).await? {
        Principal::Referee => {
            let text =
                store::export::export_signed(&*state.tables.store, &id, &state.signing_key).await?;
            Ok((
                [(header::CONTENT_TYPE, "application/x-ndjson; charset=utf-8")],
                text,
            )
                .into_response())
        }
        who @ Principal::Player(_) => {
            let viewer = who.viewer();
            let hub = state.hub.get(&id);
            let mut locked = runner::lock_for_read(&state, &hub, &id, &who).await?;
            let reader = runner::reader(&mut locked, &viewer)?;
            let view = locked.loaded().table.view(&viewer);
            drop(locked);
            // Read page by page from the store, without the table's lock.
            let events = reader.all(&*state.tables.store).await?;
            let head = json!({
                "format": "delve-view",
                "version": 1,
                "table": id,
                "viewer": viewer,
                "view": view,
            })
            .to_string();
            // `head` is a JSON object: splice the (already serialised) events in before its end.
            let body = format!(
                "{},\"events\":{}}}",
                head.strip_suffix('}').unwrap_or(&head),
                json_array(&events)
            );
            Ok(raw_json(StatusCode::OK, body))
        }
    }
}

// ---------- content packs ----------

/// The located problems of a refused pack: those the ruleset's refusal carries as data
/// (`RuleError::issues`); a ruleset that only lists them in its message gets them read back
/// from it ([`parse_issues`]).
fn pack_issues(issues: Vec<Issue>, message: &str) -> Vec<Issue> {
    if issues.is_empty() {
        parse_issues(message)
    } else {
        issues
    }
}

/// Parses `file:line:column: field: message` lines (the registry's pack error convention, for
/// a ruleset whose refusal carries no `issues`); lines in another form are kept as whole-file
/// messages.
pub fn parse_issues(message: &str) -> Vec<Issue> {
    message
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| parse_issue(line).unwrap_or_else(|| Issue::message(line)))
        .collect()
}

fn parse_issue(line: &str) -> Option<Issue> {
    // The file name may itself hold ':'; take the first ":<digits>:<digits>: " after it.
    for (i, _) in line.match_indices(':') {
        let rest = &line[i + 1..];
        let Some((l, rest)) = rest.split_once(':') else {
            continue;
        };
        let Some((c, rest)) = rest.split_once(": ") else {
            continue;
        };
        let (Ok(line_no), Ok(column)) = (l.parse::<usize>(), c.parse::<usize>()) else {
            continue;
        };
        let (field, message) = match rest.split_once(": ") {
            Some((f, m)) if !f.contains(' ') || f == "(file)" => {
                (if f == "(file)" { "" } else { f }, m)
            }
            _ => ("", rest),
        };
        return Some(Issue {
            file: line[..i].to_string(),
            line: line_no,
            column,
            field: field.to_string(),
            message: message.to_string(),
        });
    }
    None
}

async fn packs(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    req: Request,
) -> Result<Response, ApiError> {
    if auth(&state, &headers, &id).await? != Principal::Referee {
        return Err(ApiError::forbidden(
            "not_allowed",
            "only the Referee may load content packs",
        ));
    }
    guard::require_content_type(req.headers(), JSON)?;
    let bytes = body_bytes(req, &state).await.map_err(|e| match e.rule {
        Some(_) if e.code == "body_too_large" => e.rule("limits.pack_bytes"),
        _ => e,
    })?;
    let upload: PackUpload = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request("bad_json", format!("request body: {e}")))?;
    let files = upload.files.len();
    let command_json = json!({ engine::registry::PACK_COMMAND: { "files": upload.files } });
    let hub = state.hub.get(&id);
    let mut locked = runner::lock(&state, &hub, &id).await?;
    runner::refresh(&state, &mut locked).await?;
    let table = &locked.loaded().table;
    if let Err(e) = table.check_rules_command(&command_json) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "packs_unsupported",
            format!(
                "the ruleset `{}` takes no content packs ({e})",
                table.core().ruleset
            ),
        )
        .rule("engine::registry::PACK_COMMAND"));
    }
    let command = Command::Rules(command_json);
    if upload.validate_only {
        let now = state.clock.now_ms();
        let decided = table.prepare(&Actor::Referee, &command, now, &mut DiceRoller);
        drop(locked);
        return match decided {
            Ok(_) => {
                Ok(Json(json!({ "valid": true, "files": files, "issues": [] })).into_response())
            }
            Err(EngineError::Rule(rule)) => {
                let issues = rule.issues.into_iter().map(Issue::from).collect();
                Ok(Json(json!({
                    "valid": false,
                    "files": files,
                    "code": rule.code,
                    "issues": pack_issues(issues, &rule.message),
                    "message": rule.message,
                    "rule": rule.rule,
                }))
                .into_response())
            }
            Err(e) => Err(e.into()),
        };
    }
    let events = runner::run_locked(
        &state,
        &mut locked,
        &Actor::Referee,
        &Viewer::Referee,
        &command,
    )
    .await
    .map_err(|mut e| {
        if e.status == StatusCode::UNPROCESSABLE_ENTITY.as_u16() {
            e.issues = pack_issues(std::mem::take(&mut e.issues), &e.message);
        }
        e
    })?;
    drop(locked);
    Ok(raw_json(
        StatusCode::OK,
        format!(
            "{{\"loaded\":true,\"files\":{files},\"events\":{}}}",
            json_array(&events)
        ),
    ))
}
