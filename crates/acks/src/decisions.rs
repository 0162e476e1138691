//! Who decides («Броски морального духа», «Моральный дух монстров», «Смерть персонажа»): the
//! choices the chapter gives to the players or to the Judge, as pending decisions the table
//! layer records and waits on. A decision names who must answer; an answer from anyone else is
//! refused, and a suggested default is only offered, never applied.
//!
//! - AC-MORALE-01: players decide whether their characters fight, surrender or flee (they never
//!   roll morale); the Judge decides for monsters, rolling morale where the rules call for it.
//! - AC-MORALE-08: when a character surrenders, the Judge decides whether and on what terms the
//!   monsters accept; when monsters surrender, the players decide how their characters treat
//!   them; monsters usually offer surrender only when they cannot flee.
//! - AC-HEIR-01: after a character's death the player continues with a henchman, a backup
//!   character or a new one; a new character may be the dead one's heir only with the Judge's
//!   permission.
use crate::AcksError;
use crate::experience;
use crate::tables::MoraleResult;
use serde::{Deserialize, Serialize};

/// Who answers a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    Judge,
    /// The player who controls the character concerned.
    Player,
}

/// Which side a combatant is on, for who decides its conduct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Controller {
    /// A player character.
    PlayerCharacter,
    /// A monster (or any combatant the Judge runs).
    Monster,
}

/// What a combatant does when things go badly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Conduct {
    Fight,
    Surrender,
    Flee,
}

/// The questions of this chapter that wait on someone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// Fight, surrender or flee (AC-MORALE-01).
    Conduct { combatant: String },
    /// Whether and on what terms the monsters accept a character's surrender (AC-MORALE-08).
    AcceptSurrender { character: String },
    /// How the characters treat surrendering monsters (AC-MORALE-08).
    TreatSurrenderedMonsters { monsters: String },
    /// Whether the new character may be the dead one's heir (AC-HEIR-01).
    HeirPermission { dead: String },
}

/// A decision waiting for its answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingDecision {
    pub question: Question,
    pub decider: Decider,
    /// A default the table may offer (never applied without an answer).
    pub suggestion: Option<Conduct>,
}

impl PendingDecision {
    /// Accepts an answer only from the decider; anyone else is refused naming the rule.
    pub fn answer<A>(&self, by: Decider, answer: A) -> Result<A, AcksError> {
        if by != self.decider {
            let rule = match self.question {
                Question::Conduct { .. } => "AC-MORALE-01",
                Question::AcceptSurrender { .. } | Question::TreatSurrenderedMonsters { .. } => {
                    "AC-MORALE-08"
                }
                Question::HeirPermission { .. } => "AC-HEIR-01",
            };
            return Err(AcksError::range(
                rule,
                format!(
                    "this is for the {:?} to decide, not the {by:?}",
                    self.decider
                ),
            ));
        }
        Ok(answer)
    }
}

/// AC-MORALE-01: who decides whether a combatant fights, surrenders or flees.
pub fn conduct_decider(side: Controller) -> Decider {
    match side {
        Controller::PlayerCharacter => Decider::Player,
        Controller::Monster => Decider::Judge,
    }
}

/// AC-MORALE-01: the pending decision about a combatant's conduct. For monsters the morale
/// result, when one was rolled, is offered as the suggestion (AC-MORALE-05: retreat and
/// fighting withdrawal suggest flight, or surrender when there is no way out).
pub fn conduct_decision(
    combatant: &str,
    side: Controller,
    morale: Option<MoraleResult>,
    can_flee: bool,
) -> PendingDecision {
    let suggestion = match (side, morale) {
        (Controller::Monster, Some(r)) => Some(if monsters_offer_surrender(r, can_flee) {
            Conduct::Surrender
        } else if matches!(r, MoraleResult::Retreat | MoraleResult::FightingWithdrawal) {
            Conduct::Flee
        } else {
            Conduct::Fight
        }),
        _ => None,
    };
    PendingDecision {
        question: Question::Conduct {
            combatant: combatant.to_string(),
        },
        decider: conduct_decider(side),
        suggestion,
    }
}

/// AC-MORALE-01: morale is rolled for monsters only; a roll for a player character is
/// refused (the player decides).
pub fn morale_roll_allowed(side: Controller) -> Result<(), AcksError> {
    match side {
        Controller::Monster => Ok(()),
        Controller::PlayerCharacter => Err(AcksError::range(
            "AC-MORALE-01",
            "player characters never roll morale: their players decide whether they fight, surrender or flee",
        )),
    }
}

/// AC-MORALE-08: who surrenders to whom, and so who decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SurrenderBy {
    Character,
    Monsters,
}

/// AC-MORALE-08: the decision a surrender opens: a character's surrender waits on the Judge
/// (whether the monsters listen, and the terms); surrendering monsters wait on the players.
pub fn surrender_decision(by: SurrenderBy, who: &str) -> PendingDecision {
    let (question, decider) = match by {
        SurrenderBy::Character => (
            Question::AcceptSurrender {
                character: who.to_string(),
            },
            Decider::Judge,
        ),
        SurrenderBy::Monsters => (
            Question::TreatSurrenderedMonsters {
                monsters: who.to_string(),
            },
            Decider::Player,
        ),
    };
    PendingDecision {
        question,
        decider,
        suggestion: None,
    }
}

/// AC-MORALE-05/08: monsters whose morale sends them away but who have nowhere to run try to
/// surrender; otherwise they usually do not.
pub fn monsters_offer_surrender(result: MoraleResult, can_flee: bool) -> bool {
    !can_flee
        && matches!(
            result,
            MoraleResult::Retreat | MoraleResult::FightingWithdrawal
        )
}

/// How the player goes on after a character's death (AC-HEIR-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Successor {
    /// An existing henchman of the dead character, at its own level; it may also be named the
    /// heir (AC-HEIR-03 speaks of an heir "continuing as an existing henchman").
    Henchman {
        name: String,
        level: u32,
        heir: bool,
    },
    /// A backup character the player already has.
    Backup { name: String },
    /// A new character; `heir` asks to make it the dead one's heir.
    NewCharacter { heir: bool },
}

impl Successor {
    fn wants_heir(&self) -> bool {
        match self {
            Successor::Henchman { heir, .. } | Successor::NewCharacter { heir } => *heir,
            Successor::Backup { .. } => false,
        }
    }
}

/// The character the player continues with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Continuation {
    /// `None`: a backup character keeps its own level and experience.
    pub level: Option<u32>,
    /// Reserve XP a new character starts with (AC-HEIR-04).
    pub reserve_xp: u64,
    /// Whether the inheritance left in a will goes to this character (heirs only).
    pub inherits: bool,
}

/// The next step after the player's choice: ready, or waiting on the Judge's permission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AfterDeath {
    Ready(Continuation),
    AwaitingJudge(PendingDecision),
}

/// AC-HEIR-01 (with AC-HEIR-03/04): what the player's choice leads to. An heir needs the
/// Judge's permission: `judge_permits` is the Judge's answer once given (`None` while it is
/// pending). A refusal leaves the player to choose again without an heir.
pub fn continue_after_death(
    dead: &str,
    choice: &Successor,
    judge_permits: Option<bool>,
    reserve_xp: u64,
) -> Result<AfterDeath, AcksError> {
    let inherits = choice.wants_heir();
    if inherits {
        match judge_permits {
            None => {
                return Ok(AfterDeath::AwaitingJudge(PendingDecision {
                    question: Question::HeirPermission {
                        dead: dead.to_string(),
                    },
                    decider: Decider::Judge,
                    suggestion: None,
                }));
            }
            Some(false) => {
                return Err(AcksError::range(
                    "AC-HEIR-01",
                    "the Judge did not permit an heir: continue with a henchman, a backup or a new character without one",
                ));
            }
            Some(true) => {}
        }
    }
    Ok(AfterDeath::Ready(match choice {
        Successor::Henchman { level, .. } => Continuation {
            level: Some(experience::heir_level(Some(*level))),
            reserve_xp: 0,
            inherits,
        },
        Successor::Backup { .. } => Continuation {
            level: None,
            reserve_xp: 0,
            inherits: false,
        },
        Successor::NewCharacter { .. } => Continuation {
            level: Some(experience::heir_level(None)),
            reserve_xp,
            inherits,
        },
    }))
}
