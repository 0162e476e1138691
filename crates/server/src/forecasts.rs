//! Forecasts for the Referee (issue 24): `POST /api/tables/{id}/forecasts/{kind}` plays the
//! table's situation forward many times with its real ruleset ([`engine::Table::forecast`])
//! and answers with the ruleset's report.
//!
//! Bounded so one Referee cannot starve the other tables: a small body ([`FORECAST_BYTES`]),
//! at most [`MAX_SERVER_FORECAST_RUNS`] runs on at most [`FORECAST_THREADS`] threads, at most
//! [`MAX_CONCURRENT_FORECASTS`] forecast at a time per server process ([`Forecasts`]; another
//! one meanwhile is refused with 429 `forecast_busy`, a refusal the server does not log as
//! its own failure). The work runs on a blocking thread over
//! a clone of the table, so the table's lock is held only for the copy. A player's or any
//! other token is refused with 403 before the body's contents are used (its refusals too
//! come after) or the table is loaded beyond the token's own check. Nothing
//! of a forecast reaches the table's log, its viewers, or the server's tracing (beyond the
//! route and status the HTTP layer records).

use crate::auth::auth;
use crate::error::ApiError;
use crate::{AppState, runner};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use engine::forecast::ForecastOptions;
use engine::{EngineError, Viewer};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The most runs one forecast through the server may ask for (the engine allows more, for the
/// command line).
pub const MAX_SERVER_FORECAST_RUNS: u32 = 20_000;

/// Runs when the request names none.
pub const DEFAULT_FORECAST_RUNS: u32 = 2_000;

/// The most worker threads one forecast uses (fewer on a machine with fewer cores).
pub const FORECAST_THREADS: usize = 2;

/// Forecasts running at once in one server process.
pub const MAX_CONCURRENT_FORECASTS: usize = 1;

/// Largest body of a forecast request: options, not data.
pub const FORECAST_BYTES: usize = 4 * 1024;

/// Longest forecast kind and policy name.
const NAME_BYTES: usize = 64;

/// The server's forecast slots ([`MAX_CONCURRENT_FORECASTS`]).
#[derive(Clone)]
pub struct Forecasts {
    slots: Arc<Semaphore>,
}

impl Forecasts {
    /// A slot, if one is free; it is given back when dropped (the route holds one for a
    /// forecast's whole run).
    pub fn try_take(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        self.slots.clone().try_acquire_owned().ok()
    }
}

impl Default for Forecasts {
    fn default() -> Self {
        Forecasts {
            slots: Arc::new(Semaphore::new(MAX_CONCURRENT_FORECASTS)),
        }
    }
}

/// The body of `POST /api/tables/{id}/forecasts/{kind}`; every field optional.
#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ForecastRequest {
    /// The forecast's own arguments (Crows `fight`: `{"max_rounds": 1..=200}`).
    #[serde(default)]
    pub(crate) args: Option<serde_json::Map<String, Value>>,
    /// How many times the situation is played forward (default 2000).
    #[serde(default)]
    #[schemars(range(min = 1, max = 20_000))]
    pub(crate) runs: Option<u32>,
    /// The dice seed; absent: drawn from the operating system (53 bits) and reported in the
    /// answer.
    #[serde(default)]
    pub(crate) seed: Option<u64>,
    /// The ruleset's policy name (Crows: `tactical`, `defaults`); absent: its default.
    #[serde(default)]
    #[schemars(length(max = 64))]
    pub(crate) policy: Option<String>,
}

fn too_long(what: &str) -> ApiError {
    ApiError::bad_request(
        "bad_forecast",
        format!("a forecast's {what} is at most {NAME_BYTES} bytes"),
    )
    .rule("forecasts::NAME_BYTES")
}

/// The forecast's options from the request: runs within [`MAX_SERVER_FORECAST_RUNS`], the
/// seed drawn when absent, the threads this machine gives.
fn options(body: &ForecastRequest) -> Result<ForecastOptions, ApiError> {
    let runs = body.runs.unwrap_or(DEFAULT_FORECAST_RUNS);
    if runs == 0 || runs > MAX_SERVER_FORECAST_RUNS {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "forecast_runs",
            format!(
                "a forecast on this server plays 1 to {MAX_SERVER_FORECAST_RUNS} runs \
                 (MAX_SERVER_FORECAST_RUNS), not {runs}"
            ),
        )
        .rule("forecasts::MAX_SERVER_FORECAST_RUNS"));
    }
    if body.policy.as_ref().is_some_and(|p| p.len() > NAME_BYTES) {
        return Err(too_long("policy name"));
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    Ok(ForecastOptions {
        runs,
        // 53 bits, so a JavaScript client reads the reported seed back exactly.
        seed: body.seed.unwrap_or_else(|| rand::random::<u64>() >> 11),
        threads: cores.clamp(1, FORECAST_THREADS),
        policy: body.policy.clone(),
    })
}

/// `POST /api/tables/{id}/forecasts/{kind}`: the Referee's forecast of kind `kind`.
/// The route's work, after `api` read the body (so this module needs nothing of `api`).
pub(crate) async fn forecast(
    State(state): State<Arc<AppState>>,
    Path((id, kind)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<ForecastRequest, ApiError>,
) -> Result<Json<Value>, ApiError> {
    // Who asks comes first: anyone but the Referee learns nothing, and costs nothing.
    let who = auth(&state, &headers, &id).await?;
    if who != crate::access::Principal::Referee {
        return Err(ApiError::forbidden(
            "forecast_referee_only",
            "only the Referee may ask for a forecast",
        ));
    }
    let body = body.map_err(|e| match e.code.as_str() {
        "body_too_large" => e.rule("forecasts::FORECAST_BYTES"),
        _ => e,
    })?;
    if kind.len() > NAME_BYTES {
        return Err(too_long("kind"));
    }
    let options = options(&body)?;
    let args = Value::Object(body.args.unwrap_or_default());
    let permit = state.forecasts.try_take().ok_or_else(|| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "forecast_busy",
            format!(
                "this server runs at most {MAX_CONCURRENT_FORECASTS} forecast at a time \
                 (MAX_CONCURRENT_FORECASTS); try again when it is done"
            ),
        )
        .rule("forecasts::MAX_CONCURRENT_FORECASTS")
        .retry_after(std::time::Duration::from_secs(2))
    })?;
    // A copy of the table, taken under its lock and played on without it.
    let table = {
        let hub = state.hub.get(&id);
        let mut locked = runner::lock_for_read(&state, &hub, &id, &who).await?;
        let table = &locked.loaded().table;
        if !table.forecast_kinds().contains(&kind.as_str()) {
            return Err(EngineError::Rule(engine::ruleset::no_such_forecast(
                &table.core().ruleset,
                &kind,
            ))
            .into());
        }
        table.clone()
    };
    let now_ms = state.clock.now_ms();
    let report = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        table.forecast(&Viewer::Referee, &kind, &args, &options, now_ms, &|_| {})
    })
    .await
    .map_err(|_| ApiError::internal("the forecast stopped unexpectedly"))?;
    report
        .map(Json)
        .map_err(|rule| EngineError::Rule(rule).into())
}

/// The forecast kinds the Referee's view lists (`forecasts` next to `view`), so the screen
/// shows its button only where the ruleset offers one; nobody else's view carries the key.
pub(crate) fn kinds_for(viewer: &Viewer, table: &engine::Table) -> Option<Value> {
    (*viewer == Viewer::Referee).then(|| json!(table.forecast_kinds()))
}
