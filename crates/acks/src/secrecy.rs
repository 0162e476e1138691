//! Secret rolls («Двери», «Ловушки и их обнаружение»; AC-GEN-04): the throws the text gives to
//! the Judge (searching for secret doors, listening at doors, searching for traps) are rolled
//! whether or not anything is there, and each result has two parts: the Judge's (the throw,
//! the face, what is really there) and the player's, which says only "found" or "nothing".
//! A failed roll and an empty spot give the same player part, byte for byte, and the same
//! refusals: nothing a player sees depends on what is hidden unless the roll succeeds.
use crate::dungeon::{self, SearchLog, Searcher};
use crate::{AcksError, Tables};
use serde::{Deserialize, Serialize};

/// Which secret roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SecretCheck {
    /// Searching a 10 × 10 ft area for secret doors (AC-DUNGEON-26), or an elf passing by.
    SecretDoor { actively_searching: bool },
    /// Listening at a door (AC-DUNGEON-28).
    Listen,
    /// Searching an area for traps (AC-DUNGEON-29).
    Traps,
}

/// What is really there (known to the Judge only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hidden {
    /// Nothing: no door, no trap, or nobody (or only silent creatures) beyond the door.
    Nothing,
    /// A secret door, a trap, or creatures making noise.
    Something,
}

/// The Judge's part of a secret roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JudgeView {
    pub check: SecretCheck,
    pub who: Searcher,
    /// The throw needed; `None` when this searcher has no chance (AC-DUNGEON-26).
    pub throw: Option<i32>,
    pub face: i32,
    pub hidden: Hidden,
    /// The throw succeeded (whether or not anything was there to find).
    pub throw_succeeded: bool,
}

/// The player's part: only whether something was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerView {
    Found,
    NothingFound,
}

/// Both parts of a secret roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SecretRoll {
    pub judge: JudgeView,
    pub player: PlayerView,
}

fn throw_for(tables: &Tables, check: SecretCheck, who: Searcher) -> Result<Option<i32>, AcksError> {
    Ok(match check {
        SecretCheck::SecretDoor { actively_searching } => {
            dungeon::secret_door_throw(who, actively_searching)
        }
        // Whether the creatures beyond are silent is part of what is hidden, so the throw is
        // always the searcher's own; silence is folded into `Hidden::Nothing`.
        SecretCheck::Listen => dungeon::listen_throw(tables, who, false)?,
        // A thief also has its own Find Traps skill (T-22): the better of the two throws.
        SecretCheck::Traps => {
            Some(match who {
                Searcher::Thief(level) => dungeon::trap_search_throw(who).min(
                    dungeon::thief_skill(tables, level, dungeon::ThiefSkill::FindRemoveTraps)?,
                ),
                _ => dungeon::trap_search_throw(who),
            })
        }
    })
}

/// AC-GEN-04: rolls a secret check with the Judge's d20 face. Every input check and refusal
/// depends only on the searcher and the face, never on `hidden`.
pub fn secret_roll(
    tables: &Tables,
    check: SecretCheck,
    who: Searcher,
    hidden: Hidden,
    face: i32,
) -> Result<SecretRoll, AcksError> {
    if !(1..=20).contains(&face) {
        return Err(AcksError::range(
            "AC-GEN-04",
            format!("a d20 face is 1–20, got {face}"),
        ));
    }
    let throw = throw_for(tables, check, who)?;
    let throw_succeeded = throw.is_some_and(|t| face >= t);
    let player = if throw_succeeded && hidden == Hidden::Something {
        PlayerView::Found
    } else {
        PlayerView::NothingFound
    };
    Ok(SecretRoll {
        judge: JudgeView {
            check,
            who,
            throw,
            face,
            hidden,
            throw_succeeded,
        },
        player,
    })
}

/// AC-GEN-04 with AC-DUNGEON-27: a search of an area, recorded per character and *area* (not
/// per door), so that a second search of the same area is refused whether or not a door is
/// there: the refusal tells the player nothing. The roll is checked before it is recorded, so a
/// refused roll records nothing.
pub fn search_area(
    tables: &Tables,
    log: &mut SearchLog,
    character: &str,
    area: &str,
    who: Searcher,
    hidden: Hidden,
    face: i32,
) -> Result<SecretRoll, AcksError> {
    let roll = secret_roll(
        tables,
        SecretCheck::SecretDoor {
            actively_searching: true,
        },
        who,
        hidden,
        face,
    )?;
    log.record(character, area)?;
    Ok(roll)
}
