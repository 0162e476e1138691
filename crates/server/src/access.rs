//! Who a request is at a table ([`Principal`]) and the access its token was checked against
//! ([`SeatCheck`], checked again under the table's lock by `runner::recheck_seat`).

use crate::error::ApiError;
use engine::{Actor, Viewer};

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

/// The access a token was checked against when the request was authenticated
/// ([`crate::api::authorize`]), checked again under the table's lock right before the
/// command is decided: between the two, a player may have been made to leave or had their
/// tokens revoked, and the Referee's link may have been rotated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatCheck {
    /// Whose token: a player's, or the Referee's.
    pub viewer: Viewer,
    /// The player's seat at the check (`None` for the Referee).
    pub seat: Option<u64>,
    /// The table's head at the check.
    pub since: u64,
}

impl SeatCheck {
    /// A player's token, checked against `seat` at `since`.
    pub fn player(name: &str, seat: Option<u64>, since: u64) -> SeatCheck {
        SeatCheck {
            viewer: Viewer::Player(name.to_string()),
            seat,
            since,
        }
    }

    /// A Referee's token, valid at `since`.
    pub fn referee(since: u64) -> SeatCheck {
        SeatCheck {
            viewer: Viewer::Referee,
            seat: None,
            since,
        }
    }

    /// Whether `participants` still give this token its place (the seat of a player; the
    /// Referee always has one).
    pub(crate) fn holds(&self, participants: &engine::Participants) -> bool {
        match &self.viewer {
            Viewer::Player(name) => {
                participants.players.contains_key(name) && participants.seat(name) == self.seat
            }
            _ => true,
        }
    }

    /// The same refusal as at authentication (an old token learns nothing more).
    pub(crate) fn refusal(&self) -> ApiError {
        match &self.viewer {
            Viewer::Player(name) => not_seated(name),
            _ => ApiError::new(
                axum::http::StatusCode::UNAUTHORIZED,
                "token_revoked",
                "this token was revoked by the Referee",
            ),
        }
    }
}

/// The same refusal as at authentication (an old token learns nothing more).
fn not_seated(name: &str) -> ApiError {
    ApiError::forbidden(
        "not_seated",
        format!("`{name}` is no longer a player at this table"),
    )
}
