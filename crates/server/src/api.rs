//! The HTTP routes: authentication, authorisation, limits, and the calls into the store.

use crate::error::ApiError;
use crate::hub::{Loaded, TableHub};
use crate::tokens::{Grant, TokenRecord, hash_token, new_token};
use crate::{AppState, live, openapi};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use engine::{
    Actor, Command, DiceRoller, Envelope, NewTable, Role, SystemClock, Table, ViewEvent, Viewer,
    WallClock,
};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use store::StoreError;

type St = State<Arc<AppState>>;

/// Builds the router over the shared state.
pub fn router(state: Arc<AppState>) -> Router {
    let body = state.limits.body_bytes;
    let import = state.limits.import_bytes;
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
        .route("/api/tables/{id}/invites", post(create_invite))
        .route("/api/join", post(join))
        .route("/api/tables/{id}/commands", post(command))
        .route("/api/tables/{id}/log", get(log))
        .route("/api/tables/{id}/view", get(view))
        .route("/api/tables/{id}/export", get(export))
        .route("/api/tables/{id}/live", get(live::live))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body))
        .with_state(state)
}

// ---------- extractors and helpers ----------

/// A JSON body whose every rejection is an [`ApiError`].
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = body_bytes(req, state).await?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::bad_request("bad_json", format!("request body: {e}")))
    }
}

async fn body_bytes<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, ApiError> {
    Bytes::from_request(req, state).await.map_err(|e| {
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

fn now_ms() -> i64 {
    SystemClock.now_ms()
}

/// Who a credential is at a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Principal {
    Referee,
    Player(String),
}

impl Principal {
    pub fn actor(&self) -> Actor {
        match self {
            Principal::Referee => Actor::Referee,
            Principal::Player(p) => Actor::Player(p.clone()),
        }
    }
    pub fn viewer(&self) -> Viewer {
        match self {
            Principal::Referee => Viewer::Referee,
            Principal::Player(p) => Viewer::Player(p.clone()),
        }
    }
}

fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or_else(|| ApiError::unauthorized("missing `Authorization: Bearer <token>`"))?;
    value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::unauthorized("the Authorization header is not `Bearer <token>`"))
}

/// Checks a token against a table: the Referee's or a player's seat there.
pub async fn principal(state: &AppState, token: &str, table: &str) -> Result<Principal, ApiError> {
    let record = state
        .tokens
        .lookup(&hash_token(token))
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown token"))?;
    if record.table_id != table {
        return Err(ApiError::forbidden(
            "wrong_table",
            "this token is not for this table",
        ));
    }
    match record.grant {
        Grant::Referee => Ok(Principal::Referee),
        Grant::Player { name } => Ok(Principal::Player(name)),
        Grant::Invite { .. } => Err(ApiError::forbidden(
            "invite_not_credential",
            "an invite must be exchanged at POST /api/join first",
        )),
    }
}

async fn auth(state: &AppState, headers: &HeaderMap, table: &str) -> Result<Principal, ApiError> {
    principal(state, bearer(headers)?, table).await
}

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

// ---------- the command path ----------

async fn load(state: &AppState, id: &str) -> Result<Loaded, ApiError> {
    let log = state.tables.log(id).await?;
    if log.is_empty() {
        return Err(ApiError::not_found(format!("no table `{id}`")));
    }
    let table = Table::replay(&state.tables.registry, &log)?;
    Ok(Loaded::new(table, log))
}

/// Locks a table's hub state, loading the table if needed.
async fn locked<'a>(
    state: &AppState,
    hub: &'a TableHub,
    id: &str,
) -> Result<tokio::sync::MutexGuard<'a, Option<Loaded>>, ApiError> {
    let mut guard = hub.state.lock().await;
    if guard.is_none() {
        *guard = Some(load(state, id).await?);
    }
    Ok(guard)
}

/// A player who has left the table keeps no access (their token stays, their seat does not).
fn ensure_seated(loaded: &Loaded, who: &Principal) -> Result<(), ApiError> {
    match who {
        Principal::Player(name) if !loaded.table.core().participants.players.contains_key(name) => {
            Err(ApiError::forbidden(
                "not_seated",
                format!("`{name}` is no longer a player at this table"),
            ))
        }
        _ => Ok(()),
    }
}

/// Checks that the table exists and `who` still sits at it.
pub async fn check_seated(state: &AppState, id: &str, who: &Principal) -> Result<(), ApiError> {
    let hub = state.hub.get(id);
    let guard = locked(state, &hub, id).await?;
    match guard.as_ref() {
        Some(loaded) => ensure_seated(loaded, who),
        None => Err(ApiError::internal("table not loaded")),
    }
}

/// Runs a command as `actor` and returns the new events, each projected for `viewer`.
pub async fn run_command(
    state: &AppState,
    id: &str,
    actor: &Actor,
    viewer: &Viewer,
    command: &Command,
) -> Result<Vec<ViewEvent>, ApiError> {
    let hub = state.hub.get(id);
    let mut guard = locked(state, &hub, id).await?;
    let mut attempt = 0;
    loop {
        attempt += 1;
        let Some(loaded) = guard.as_mut() else {
            *guard = Some(load(state, id).await?);
            continue;
        };
        let first = loaded.table.head() + 1;
        let mut roller = DiceRoller;
        match state
            .tables
            .execute_on(&mut loaded.table, actor, command, &SystemClock, &mut roller)
            .await
        {
            Ok(events) => {
                publish(&hub, loaded, events);
                return Ok(loaded.tail_for(viewer, first));
            }
            // Refused: nothing was stored and the table is unchanged.
            Err(StoreError::Engine(e)) => return Err(e.into()),
            // Another writer moved the table: reload and try once more.
            Err(StoreError::Conflict { .. }) if attempt < 2 => {
                *guard = Some(load(state, id).await?)
            }
            Err(e) => {
                // The cached table may disagree with the store now: reload next time.
                *guard = None;
                return Err(e.into());
            }
        }
    }
}

fn publish(hub: &TableHub, loaded: &mut Loaded, events: Vec<Envelope>) {
    for env in events {
        // No receiver is fine: nobody is watching this table live.
        let _ = hub.events.send(Arc::new(env.clone()));
        loaded.log.push(env);
    }
}

// ---------- rate limit ----------

/// A token bucket per TCP connection (keyed by the peer's address and port).
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<SocketAddr, (f64, Instant)>>,
}

/// Buckets kept before idle ones are swept.
const SWEEP_AT: usize = 10_000;

impl RateLimiter {
    pub fn new(rate: f64, burst: f64) -> Self {
        RateLimiter {
            rate: rate.max(0.001),
            burst: burst.max(1.0),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one command from the connection's bucket.
    pub fn check(&self, peer: SocketAddr) -> Result<(), ApiError> {
        let now = Instant::now();
        // A poisoned lock only means a panic elsewhere mid-update; the map stays usable.
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= SWEEP_AT {
            let full = self.burst / self.rate;
            buckets.retain(|_, (_, at)| now.duration_since(*at).as_secs_f64() < full);
        }
        let (tokens, at) = buckets.entry(peer).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.rate).min(self.burst);
        *at = now;
        if *tokens < 1.0 {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "more than {} commands per second on this connection",
                    self.rate
                ),
            )
            .rule("limits.commands_per_second"));
        }
        *tokens -= 1.0;
        Ok(())
    }
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
    Json(json!({ "rulesets": state.tables.registry.names() }))
}

async fn openapi_doc() -> Json<Value> {
    Json(openapi::document())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateTable {
    ruleset: String,
    name: String,
    /// The Referee's display name.
    #[serde(default = "referee_name")]
    referee: String,
    #[serde(default)]
    config: Value,
}

fn referee_name() -> String {
    "Referee".into()
}

async fn referee_grant(state: &AppState, id: &str) -> Result<String, ApiError> {
    let token = new_token();
    let record = TokenRecord {
        table_id: id.to_string(),
        grant: Grant::Referee,
        used: false,
    };
    state
        .tokens
        .insert(&hash_token(&token), &record, now_ms())
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
    check_name("table name", &name, max)?;
    check_name("Referee name", &referee, max)?;
    let new = NewTable {
        id: uuid::Uuid::new_v4().simple().to_string(),
        name,
        ruleset,
        seed: rand::random(),
        referee,
        config,
    };
    let table = state.tables.create(new, now_ms()).await?;
    let id = table.id().to_string();
    let token = referee_grant(state, &id).await?;
    Ok((id, token))
}

async fn create_table(
    State(state): St,
    JsonBody(body): JsonBody<CreateTable>,
) -> Result<Response, ApiError> {
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

async fn import_table(State(state): St, req: Request) -> Result<Response, ApiError> {
    let bytes = body_bytes(req, &state).await.map_err(|e| match e.rule {
        Some(_) => e.rule("limits.import_bytes"),
        None => e,
    })?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| ApiError::bad_request("bad_import", format!("not UTF-8: {e}")))?;
    let meta = store::export::import(&*state.tables.store, &state.tables.registry, text).await?;
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

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CreateInvite {
    /// The character the invited player will control; none: an open invite.
    #[serde(default)]
    character: Option<String>,
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
    let record = TokenRecord {
        table_id: id.clone(),
        grant: Grant::Invite {
            character: body.character.clone(),
        },
        used: false,
    };
    state
        .tokens
        .insert(&hash_token(&token), &record, now_ms())
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "invite": token,
            "character": body.character,
            "link": format!("{}/#join={token}", state.public_url),
        })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    invite: String,
    /// The player's name at the table.
    name: String,
}

async fn join(State(state): St, JsonBody(body): JsonBody<Join>) -> Result<Response, ApiError> {
    check_name("player name", &body.name, state.limits.name_chars)?;
    let hash = hash_token(&body.invite);
    let record = state
        .tokens
        .lookup(&hash)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown invite"))?;
    let Grant::Invite { character } = record.grant else {
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
    if let Err(e) = seated {
        state.tokens.release_invite(&hash).await?;
        return Err(e);
    }
    let token = new_token();
    let player = TokenRecord {
        table_id: id.clone(),
        grant: Grant::Player {
            name: body.name.clone(),
        },
        used: false,
    };
    state
        .tokens
        .insert(&hash_token(&token), &player, now_ms())
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

/// Seats a player (and binds the invite's character), as the Referee.
async fn seat(
    state: &AppState,
    id: &str,
    name: &str,
    character: Option<&str>,
) -> Result<(), ApiError> {
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
    Ok(())
}

async fn command(
    State(state): St,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Value>,
) -> Result<Json<Value>, ApiError> {
    let who = auth(&state, &headers, &id).await?;
    state.rate.check(peer)?;
    let command = Command::deserialize(&body)
        .map_err(|e| ApiError::bad_request("bad_command", format!("malformed command: {e}")))?;
    let viewer = who.viewer();
    let events = run_command(&state, &id, &who.actor(), &viewer, &command).await?;
    Ok(Json(json!({ "events": events })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LogQuery {
    #[serde(default)]
    after: u64,
    #[serde(default)]
    limit: Option<usize>,
}

async fn log(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<LogQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
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
    let hub = state.hub.get(&id);
    let guard = locked(&state, &hub, &id).await?;
    let Some(loaded) = guard.as_ref() else {
        return Err(ApiError::internal("table not loaded"));
    };
    ensure_seated(loaded, &who)?;
    let all = loaded.view_log(&who.viewer());
    drop(guard);
    let last_n = all.len() as u64;
    let page: Vec<&ViewEvent> = all.iter().filter(|e| e.n > q.after).take(limit).collect();
    let next = page.last().map_or(q.after.min(last_n), |e| e.n);
    Ok(Json(json!({
        "events": page,
        "next_after": next,
        "last_n": last_n,
        "more": next < last_n,
    })))
}

async fn view(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let who = auth(&state, &headers, &id).await?;
    let hub = state.hub.get(&id);
    let guard = locked(&state, &hub, &id).await?;
    let Some(loaded) = guard.as_ref() else {
        return Err(ApiError::internal("table not loaded"));
    };
    ensure_seated(loaded, &who)?;
    let viewer = who.viewer();
    Ok(Json(json!({
        "viewer": viewer,
        "last_n": loaded.view_log(&viewer).len(),
        "view": loaded.table.view(&viewer),
    })))
}

async fn export(
    State(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match auth(&state, &headers, &id).await? {
        Principal::Referee => {
            let text = store::export::export(&*state.tables.store, &id).await?;
            Ok((
                [(header::CONTENT_TYPE, "application/x-ndjson; charset=utf-8")],
                text,
            )
                .into_response())
        }
        who @ Principal::Player(_) => {
            let hub = state.hub.get(&id);
            let guard = locked(&state, &hub, &id).await?;
            let Some(loaded) = guard.as_ref() else {
                return Err(ApiError::internal("table not loaded"));
            };
            ensure_seated(loaded, &who)?;
            let viewer = who.viewer();
            Ok(Json(json!({
                "format": "delve-view",
                "version": 1,
                "table": id,
                "viewer": viewer,
                "events": loaded.view_log(&viewer),
                "view": loaded.table.view(&viewer),
            }))
            .into_response())
        }
    }
}
