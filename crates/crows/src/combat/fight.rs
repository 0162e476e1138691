//! What the turn-order, attack, reaction, maneuver and pet rules refuse ([`FightError`]) and
//! what they leave to the Referee or a player ([`FightRequest`]), as data, and the two sides
//! of a fight ([`Side`]) they speak of.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::grid::Square;
use crate::test_roll::Tier;
use crate::test_roll::decision::Decider;

/// The two sides of a fight: the player characters with their NPC allies, and their enemies.
/// Neutral or third-party creatures act with the side the Referee puts them on (CR-REF-18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Crows,
    Enemies,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Crows => Side::Enemies,
            Side::Enemies => Side::Crows,
        }
    }
}

/// Refusals of the combat-round rules, each naming the rule it enforces.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum FightError {
    #[error("d{sides} face {face} is out of range")]
    Face { sides: u8, face: u8 },
    #[error("creature {0} is listed twice")]
    DuplicateCreature(u32),
    #[error("creature {0} is not a participant of this combat")]
    UnknownCreature(u32),
    #[error("a combat needs at least one participant (CR-CBT-01)")]
    #[strum(props(rule = "CR-CBT-01"))]
    NoParticipants,
    #[error(
        "the turn order for the {} side must list each of its creatures that take a turn exactly once (CR-CBT-09)",
        crate::refusal::said(.side)
    )]
    #[strum(props(rule = "CR-CBT-09"))]
    BadOrder { side: Side },
    #[error("the round is not over: creature {0} has not taken its turn (CR-CBT-01)")]
    #[strum(props(rule = "CR-CBT-01"))]
    RoundNotOver(u32),
    #[error("no round has started yet (CR-CBT-09)")]
    #[strum(props(rule = "CR-CBT-09"))]
    NoRound,
    #[error("it is not creature {0}'s turn; a turn cannot be split by another's (CR-CBT-11)")]
    #[strum(props(rule = "CR-CBT-11"))]
    NotYourTurn(u32),
    #[error(
        "a turn holds a maneuver and an action, or two maneuvers: no maneuver is left (CR-CBT-10)"
    )]
    #[strum(props(rule = "CR-CBT-10"))]
    NoManeuverLeft,
    #[error(
        "a turn holds a maneuver and an action, or two maneuvers: no action is left (CR-CBT-10)"
    )]
    #[strum(props(rule = "CR-CBT-10"))]
    NoActionLeft,
    #[error(
        "the move covers {wanted} squares but only {left} are left of this turn's Move (CR-MAN-01, CR-MOVE-01)"
    )]
    #[strum(props(rule = "CR-MAN-01"))]
    MoveExhausted { wanted: u32, left: u32 },
    #[error("the reaction of this round is already spent (CR-REACT-01)")]
    #[strum(props(rule = "CR-REACT-01"))]
    ReactionSpent,
    #[error("an unconscious creature cannot react (CR-REACT-07)")]
    #[strum(props(rule = "CR-REACT-07"))]
    UnconsciousCannotReact,
    #[error("a surprised creature cannot react under the chosen option (CR-ERR-42)")]
    #[strum(props(rule = "CR-ERR-42"))]
    SurprisedCannotReact,
    #[error("no counter: {0} (CR-REACT-03/04)")]
    #[strum(props(rule = "CR-REACT-03"))]
    NoCounter(&'static str),
    #[error("no opportunity attack: {0} (CR-REACT-05/06)")]
    #[strum(props(rule = "CR-REACT-05"))]
    NoOpportunityAttack(&'static str),
    #[error("an attack is made with a weapon or spellbook held in hand (CR-ATK-01)")]
    #[strum(props(rule = "CR-ATK-01"))]
    NotInHand,
    #[error("this weapon cannot make a {0} attack (CR-ATK-01, CR-ATK-04, CR-ERR-50)")]
    #[strum(props(rule = "CR-ATK-01"))]
    WrongDelivery(&'static str),
    #[error("the target is {distance} squares away, beyond the reach {reach} (CR-ATK-05)")]
    #[strum(props(rule = "CR-ATK-05"))]
    OutOfReach { distance: u32, reach: u8 },
    #[error("the target is {distance} squares away, beyond the spell's range {range} (CR-ATK-07)")]
    #[strum(props(rule = "CR-ATK-07"))]
    SpellOutOfRange { distance: u32, range: u32 },
    #[error("creature {0} is targeted twice by one attack (CR-ATK-14)")]
    #[strum(props(rule = "CR-ATK-14"))]
    TargetedTwice(u32),
    #[error("an attack needs at least one target (CR-ATK-14)")]
    #[strum(props(rule = "CR-ATK-14"))]
    NoTargets,
    #[error("this result is not a miss (CR-ATK-03)")]
    #[strum(props(rule = "CR-ATK-03"))]
    NotAMiss,
    #[error("the parity die is needed: allies stand next to the target (CR-ATK-08)")]
    #[strum(props(rule = "CR-ATK-08"))]
    ParityDieNeeded,
    #[error("the target must be your size or smaller (CR-MAN-09, CR-MAN-11)")]
    #[strum(props(rule = "CR-MAN-09"))]
    TargetTooLarge,
    #[error("the target must be within your reach (CR-MAN-06, CR-MAN-09, CR-MAN-11)")]
    #[strum(props(rule = "CR-MAN-06"))]
    TargetNotInReach,
    #[error("you already hold a creature grabbed; only one at a time (CR-MAN-09)")]
    #[strum(props(rule = "CR-MAN-09"))]
    AlreadyHolding,
    #[error("only a grabbed creature can try to escape (CR-MAN-10)")]
    #[strum(props(rule = "CR-MAN-10"))]
    NotGrabbed,
    #[error("Stand Up needs the creature to be prone (CR-MAN-08)")]
    #[strum(props(rule = "CR-MAN-08"))]
    NotProne,
    #[error("Stand Up needs a speed of at least 1 (CR-MAN-08)")]
    #[strum(props(rule = "CR-MAN-08"))]
    SpeedTooLow,
    #[error("not enough free hand slots: {free} free, {needed} needed (CR-MAN-06)")]
    #[strum(props(rule = "CR-MAN-06"))]
    HandsFull { free: u8, needed: u8 },
    #[error("the taunted creature is {distance} squares away, more than 10 (CR-ACT-01)")]
    #[strum(props(rule = "CR-ACT-01"))]
    TauntTooFar { distance: u32 },
    #[error("taunting needs line of effect to the creature (CR-ACT-01, CR-LOE-01)")]
    #[strum(props(rule = "CR-ACT-01"))]
    TauntNoLineOfEffect,
    #[error("pet {0} was already commanded this round (CR-ERR-15)")]
    #[strum(props(rule = "CR-ERR-15"))]
    PetAlreadyCommanded(u32),
    #[error(transparent)]
    Check(#[from] crate::test_roll::TestError),
}

crate::refusal::refusal!(FightError, "fight"; check => Check);

/// Checks one die face.
pub(crate) fn face(face: u8, sides: u8) -> Result<u8, FightError> {
    if (1..=sides).contains(&face) {
        Ok(face)
    } else {
        Err(FightError::Face { sides, face })
    }
}

/// A question the combat rules leave open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "question", rename_all = "snake_case")]
pub enum FightQuestion {
    /// Which adjacent ally a stray shot hits, at random (CR-ATK-08/09, CR-REF-22).
    StrayShotVictim { candidates: Vec<u32>, tier: Tier },
    /// Where a thrown weapon lands; default the target's square (CR-ATK-11).
    ThrownWeaponLands { default: Square },
}

/// A [`FightQuestion`] with who answers it and the rule that leaves it open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightRequest {
    pub question: FightQuestion,
    pub decider: Decider,
    pub rule: String,
}

impl FightRequest {
    pub fn new(question: FightQuestion, decider: Decider, rule: &str) -> Self {
        Self {
            question,
            decider,
            rule: rule.to_owned(),
        }
    }
}
