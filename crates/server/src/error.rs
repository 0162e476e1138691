//! API errors: every failure is JSON `{"code", "message", "rule"?, "issues"?}` with a fitting
//! status (`issues`: the located problems of a refused content pack).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::EngineError;
use serde::Serialize;
use store::StoreError;

/// An error as the API returns it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error, schemars::JsonSchema)]
#[error("{code}: {message}")]
#[schemars(rename = "Error")]
pub struct ApiError {
    #[serde(skip)]
    pub status: u16,
    /// Machine-readable code (`not_allowed`, `rate_limited`, a ruleset's own code…).
    pub code: String,
    pub message: String,
    /// The rule or limit involved, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Located problems (a refused content pack), one per line of the message.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub issues: Vec<Issue>,
    /// The refusal's arguments, for a client that words it itself from `code` (a ruleset's
    /// `RuleError::args`); `message` stays the English words.
    /// Boxed: most errors carry none, and every `Result` of the API carries this type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub args: Option<Box<serde_json::Map<String, serde_json::Value>>>,
    /// Seconds to wait before trying again (a rate limit): sent as `Retry-After`.
    #[serde(skip)]
    /// (Whole seconds fit a `u32`: a wait of over a century is no wait.)
    pub retry_after: Option<u32>,
}

/// One located problem in an uploaded file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Issue {
    pub file: String,
    /// 1-based; 0 when the problem has no position.
    pub line: usize,
    /// 1-based; 0 when the problem has no position.
    pub column: usize,
    /// The field path (empty for the whole file).
    pub field: String,
    pub message: String,
}

/// A ruleset's located problem, as it located it.
impl From<engine::Issue> for Issue {
    fn from(i: engine::Issue) -> Self {
        Issue {
            file: i.file,
            line: i.line,
            column: i.column,
            field: i.field,
            message: i.message,
        }
    }
}

impl Issue {
    /// A problem without a position.
    pub fn message(message: &str) -> Self {
        Issue {
            file: String::new(),
            line: 0,
            column: 0,
            field: String::new(),
            message: message.to_string(),
        }
    }
}

impl ApiError {
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        ApiError {
            status: status.as_u16(),
            code: code.into(),
            message: message.into(),
            rule: None,
            issues: Vec::new(),
            args: None,
            retry_after: None,
        }
    }
    /// Tells the client how long to wait (rounded up to whole seconds, as `Retry-After` has).
    pub fn retry_after(mut self, wait: std::time::Duration) -> Self {
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        self.retry_after = Some(u32::try_from(secs).unwrap_or(u32::MAX));
        self
    }
    /// Names the rule or limit involved.
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }
    pub fn bad_request(code: &str, message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }
    pub fn unauthorized(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }
    pub fn forbidden(code: &str, message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::FORBIDDEN, code, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }
    pub fn internal(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        if status.is_server_error() {
            tracing::error!(code = %self.code, message = %self.message, "request failed");
        }
        let retry = self.retry_after;
        let mut resp = (status, Json(self)).into_response();
        if let Some(secs) = retry {
            resp.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        resp
    }
}

impl From<EngineError> for ApiError {
    fn from(e: EngineError) -> Self {
        let message = e.to_string();
        match e {
            EngineError::BadCommand(_) => ApiError::bad_request("bad_command", message),
            EngineError::NotAllowed(_) => ApiError::forbidden("not_allowed", message),
            EngineError::WrongAnswerer { .. } => ApiError::forbidden("wrong_answerer", message),
            EngineError::Rule(rule) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY.as_u16(),
                code: rule.code,
                message: rule.message,
                rule: rule.rule,
                issues: rule.issues.into_iter().map(Issue::from).collect(),
                args: (!rule.args.is_empty()).then(|| Box::new(rule.args)),
                retry_after: None,
            },
            EngineError::UnknownDecision(_) => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "unknown_decision",
                message,
            ),
            EngineError::BadOption { .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_option", message)
            }
            EngineError::NothingToUndo => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "nothing_to_undo", message)
            }
            EngineError::UndoTooDeep { .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "undo_too_deep", message)
                    .rule("engine::UNDO_DEPTH")
            }
            EngineError::UnknownRuleset(..) => ApiError::bad_request("unknown_ruleset", message),
            EngineError::Stale { .. } => ApiError::new(StatusCode::CONFLICT, "conflict", message),
            EngineError::Corrupt { .. } => ApiError::internal(message),
            EngineError::Entropy(_) => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "no_entropy", message)
            }
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        let message = e.to_string();
        match e {
            StoreError::Engine(engine) => engine.into(),
            StoreError::NotFound(_) => ApiError::not_found(message),
            StoreError::Conflict { .. } => ApiError::new(StatusCode::CONFLICT, "conflict", message),
            StoreError::Exists(_) => ApiError::new(StatusCode::CONFLICT, "exists", message),
            StoreError::Import { .. } => ApiError::bad_request("bad_import", message),
            StoreError::Limit { .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "too_large", message)
                    .rule("engine::limits")
            }
            StoreError::BadNumbering { .. }
            | StoreError::Db(_)
            | StoreError::Json(_)
            | StoreError::Io(_) => ApiError::internal(message),
        }
    }
}
