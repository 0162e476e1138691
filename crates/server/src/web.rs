//! The web UI: static assets embedded in the binary, served at `/` (no Node toolchain needed
//! to run). The page talks to the API under `/api` like any other client.

use crate::AppState;
use axum::Router;
use axum::extract::State;
use axum::response::Html;
use axum::routing::get;
use std::sync::Arc;

/// The web UI's routes (merged into [`crate::api::router`]).
pub fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/", get(index))
}

async fn index(State(state): State<Arc<AppState>>) -> Html<String> {
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Delve</title></head>\
<body><h1>Delve is running</h1><p>The web interface is not built yet. The API lives under \
<code>/api</code>:</p><ul><li><a href=\"/api/health\">/api/health</a></li>\
<li><a href=\"/api/openapi.json\">/api/openapi.json</a> (every route)</li>\
<li><a href=\"/api/rulesets\">/api/rulesets</a></li></ul>\
<p>Create a table with <code>POST {}/api/tables</code> and open the Referee link it returns.</p>\
</body></html>",
        state.public_url
    ))
}
