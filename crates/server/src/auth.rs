//! Tokens to principals: the `Authorization: Bearer` header, a token's record (revoked, its
//! table, its grant) and a player token's seat, read so that a revocation racing the request
//! is always seen ([`authorize`]).

use crate::AppState;
use crate::access::{Principal, SeatCheck};
use crate::error::ApiError;
use crate::runner;
use crate::tokens::{Grant, TokenRecord, hash_token};
use axum::http::{HeaderMap, StatusCode, header};

pub(crate) fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
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

/// Checks a token against a table: the Referee's or a player's seat there. A revoked token is
/// refused; a player token only while its seat is the player's current seat.
pub async fn principal(state: &AppState, token: &str, table: &str) -> Result<Principal, ApiError> {
    check_token(state, token, table, false)
        .await
        .map(|(who, _)| who)
}

/// [`principal`], with the access the token was checked against: a command checks it again
/// under the table's lock ([`runner::recheck_seat`]), so a player made to leave (or whose
/// tokens were revoked), or a Referee whose link was rotated, after this check cannot slip a
/// command in.
pub async fn authorize(
    state: &AppState,
    token: &str,
    table: &str,
) -> Result<(Principal, Option<SeatCheck>), ApiError> {
    check_token(state, token, table, true).await
}

/// [`authorize`]; without `for_command` (a read) the Referee's token is only looked up: the
/// table's head, read under its lock, matters only to a command checked again later.
async fn check_token(
    state: &AppState,
    token: &str,
    table: &str,
    for_command: bool,
) -> Result<(Principal, Option<SeatCheck>), ApiError> {
    let hash = hash_token(token);
    let record = valid_token(state, &hash).await?;
    if record.table_id != table {
        return Err(ApiError::forbidden(
            "wrong_table",
            "this token is not for this table",
        ));
    }
    // Revoking marks the tokens first and logs the event after. The check's head is read
    // after the token was found valid, and the token is looked up once more after that: either
    // the second look sees a revocation, or the head was read before its event was logged and
    // the check under the table's lock ([`runner::recheck_seat`]) sees the event.
    let (who, check) = match record.grant {
        Grant::Referee if !for_command => return Ok((Principal::Referee, None)),
        Grant::Referee => {
            let since = {
                let hub = state.hub.get(table);
                let mut locked = runner::lock(state, &hub, table).await?;
                runner::refresh(state, &mut locked).await?;
                locked.loaded().table.head()
            };
            (Principal::Referee, SeatCheck::referee(since))
        }
        Grant::Player { name, seat } => {
            let checked =
                check_seat(state, table, &hash, &name, seat, record.created_at_ms).await?;
            (Principal::Player(name), checked)
        }
        Grant::Invite { .. } => {
            return Err(ApiError::forbidden(
                "invite_not_credential",
                "an invite must be exchanged at POST /api/join first",
            ));
        }
    };
    valid_token(state, &hash).await?;
    Ok((who, Some(check)))
}

/// The record of a token that exists and is not revoked.
async fn valid_token(state: &AppState, hash: &str) -> Result<TokenRecord, ApiError> {
    let record = state
        .tokens
        .lookup(hash)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown token"))?;
    if record.revoked {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "token_revoked",
            "this token was revoked by the Referee",
        ));
    }
    Ok(record)
}

/// Whether a player token's seat is `name`'s seat now. Seats are never reused, so a token of a
/// seat its player left stays dead when someone joins under the same name. A token from
/// before seats (`seat: None`) belongs to the player's current seat if it was minted after that
/// seat was taken (it is then pinned to it), and is refused otherwise.
async fn check_seat(
    state: &AppState,
    table: &str,
    hash: &str,
    name: &str,
    seat: Option<u64>,
    created_at_ms: i64,
) -> Result<SeatCheck, ApiError> {
    // The same answer whatever the reason, so an old token learns nothing about a new seat.
    let gone = || {
        ApiError::forbidden(
            "not_seated",
            format!("`{name}` is no longer a player at this table"),
        )
    };
    let (current, since) = {
        let hub = state.hub.get(table);
        let mut locked = runner::lock(state, &hub, table).await?;
        runner::refresh(state, &mut locked).await?;
        let table = &locked.loaded().table;
        let participants = &table.core().participants;
        if !participants.players.contains_key(name) {
            return Err(gone());
        }
        (participants.seat(name), table.head())
    };
    let checked = SeatCheck::player(name, current, since);
    match (seat, current) {
        (Some(mine), Some(now)) if mine == now => Ok(checked),
        (Some(_), _) => Err(gone()),
        // Seated since before seats were recorded (a snapshot from then): the only seat.
        (None, None) => Ok(checked),
        (None, Some(now)) => {
            let page = state
                .tables
                .store
                .read(table, now.saturating_sub(1), 1)
                .await?;
            let taken_at = match page.first() {
                Some(stored) if stored.seq == now => stored.envelope()?.at_ms,
                _ => return Err(gone()),
            };
            if taken_at > created_at_ms {
                return Err(gone());
            }
            state.tokens.pin_seat(hash, now).await?;
            Ok(checked)
        }
    }
}

pub(crate) async fn auth(
    state: &AppState,
    headers: &HeaderMap,
    table: &str,
) -> Result<Principal, ApiError> {
    principal(state, bearer(headers)?, table).await
}
