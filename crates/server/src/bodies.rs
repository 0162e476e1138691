//! The request bodies and query strings of the HTTP API, as the handlers in [`crate::api`]
//! read them and [`crate::openapi`] describes them.

use serde::Deserialize;
use serde_json::Value;

/// The body of `POST /api/tables`.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateTable {
    /// A registered ruleset (the document lists them as an `enum`).
    pub(crate) ruleset: String,
    #[schemars(length(min = 1, max = 100))]
    pub(crate) name: String,
    /// The Referee's display name.
    #[serde(default = "referee_name")]
    #[schemars(length(min = 1, max = 100))]
    pub(crate) referee: String,
    /// The ruleset's table configuration (its own shape).
    #[serde(default)]
    pub(crate) config: Value,
}

/// `POST /api/tables/import?accept_unsigned=true` also takes an unsigned export or one
/// signed by another server (see `store::export` for what such a file may contain).
#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ImportQuery {
    /// Also take an unsigned export, or one signed by another server.
    #[serde(default)]
    pub(crate) accept_unsigned: bool,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateInvite {
    /// The character the invited player will control; none: an open invite.
    #[serde(default)]
    #[schemars(length(min = 1, max = 100))]
    pub(crate) character: Option<String>,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Join {
    pub(crate) invite: String,
    /// The player's name at the table.
    #[schemars(length(min = 1, max = 100))]
    pub(crate) name: String,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RevokePlayer {
    pub(crate) player: String,
    /// Hand the player's current seat a fresh token (returned once).
    #[serde(default)]
    pub(crate) reissue: bool,
}

/// `?faces=13,3` on a command: physical dice, the Referee's (and the players' at a table
/// with the `players_physical_dice` option).
#[derive(Deserialize, Default, schemars::JsonSchema)]
pub(crate) struct CommandQuery {
    /// Physical dice: the faces rolled at the table for the command's dice in order (e.g.
    /// 13,3). The Referee's; a player's only at a table whose Referee set the option
    /// `players_physical_dice` (otherwise 403 physical_dice_referee_only). A face a die lacks,
    /// too few faces or faces left over: 422, nothing stored.
    #[schemars(regex(pattern = r"^-?[0-9]+(,-?[0-9]+)*$"))]
    pub(crate) faces: Option<String>,
}

/// `GET /api/tables/{id}/log`: one page of the caller's log, in the caller's own dense
/// numbering `n` (1, 2, 3, … over the events the caller sees), events oldest first within the
/// page. Forwards: `after=N` (the events with `n > N`). Backwards, newest first page by page:
/// `newest=true` (the last `limit` events), then `before=N` with the page's `before` (the
/// `limit` events just before `n = N`). `after`, `before` and `newest` exclude one another.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LogQuery {
    /// The last `n` the caller has (0: from the start).
    #[serde(default)]
    pub(crate) after: Option<u64>,
    /// The page of events with `n < before` (the newest of them), for reading backwards; the
    /// answer's `before` continues further back.
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub(crate) before: Option<u64>,
    /// The newest page (the last `limit` events); the answer's `before` continues back.
    #[serde(default)]
    pub(crate) newest: bool,
    /// Events per page (default 100; at most the server's page limit).
    #[serde(default)]
    #[schemars(range(min = 1, max = 1000))]
    pub(crate) limit: Option<usize>,
}

/// Which page of the log a [`LogQuery`] asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LogPage {
    /// The events with `n > after`.
    After(u64),
    /// The newest events with `n < before` (`None`: the newest of all).
    Before(Option<u64>),
}

impl LogQuery {
    /// The page asked for, or why the parameters contradict each other.
    pub(crate) fn page(&self) -> Result<LogPage, &'static str> {
        match (self.after, self.before, self.newest) {
            (Some(_), Some(_), _) => Err("`after` and `before` exclude each other"),
            (Some(_), None, true) => Err("`after` and `newest` exclude each other"),
            (None, Some(_), true) => Err("`before` and `newest=true` exclude each other"),
            (None, Some(0), false) => Err("`before` must be at least 1"),
            (None, Some(b), false) => Ok(LogPage::Before(Some(b))),
            (None, None, true) => Ok(LogPage::Before(None)),
            (after, None, false) => Ok(LogPage::After(after.unwrap_or(0))),
        }
    }
}

/// One uploaded pack file.
#[derive(Deserialize, serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PackFileIn {
    pub(crate) name: String,
    pub(crate) text: String,
}

/// The body of `POST /api/tables/{id}/packs`.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PackUpload {
    pub(crate) files: Vec<PackFileIn>,
    /// Decide the pack command without storing it.
    #[serde(default)]
    pub(crate) validate_only: bool,
}

pub(crate) fn referee_name() -> String {
    "Referee".into()
}
