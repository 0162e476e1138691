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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
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
    #[error("the taunted creature is {distance} squares away, more than 10 (CR-ACT-01)")]
    #[strum(props(rule = "CR-ACT-01"))]
    TauntTooFar { distance: u32 },
    #[error("taunting needs line of effect to the creature (CR-ACT-01, CR-LOE-01)")]
    #[strum(props(rule = "CR-ACT-01"))]
    TauntNoLineOfEffect,
    #[error("pet {0} was already commanded this round (CR-ERR-15)")]
    #[strum(props(rule = "CR-ERR-15"))]
    PetAlreadyCommanded(u32),
    #[error("no fight is running (start_combat first)")]
    #[strum(props(rule = "CR-CBT-01"))]
    NoFight,
    #[error("`{creature}` takes no part in the fight (place it first) (CR-CBT-08)")]
    #[strum(props(rule = "CR-CBT-08"))]
    NotAParticipant { creature: String },
    #[error("the players order the crows' side, the Referee the enemies' (CR-CBT-09)")]
    #[strum(props(rule = "CR-CBT-09"))]
    NotYourSide,
    // Only the Referee asks for the initiative roll, so the creature may be named.
    #[error("the round is not over: `{0}` has not taken its turn (CR-CBT-01)")]
    #[strum(props(rule = "CR-CBT-01"))]
    RoundNotOverFor(String),
    #[error(
        "`{roller}` is not a player at this table: a player rolls the side initiative (CR-CBT-09){}",
        no_player_hint(.no_player_seated)
    )]
    #[strum(props(rule = "CR-CBT-09"))]
    NotAPlayer {
        roller: String,
        no_player_seated: bool,
    },
    #[error("a round is running (CR-CBT-01)")]
    #[strum(props(rule = "CR-CBT-01"))]
    RoundRunning,
    #[error("it is not {creature}'s turn; a turn cannot be split by another's (CR-CBT-11)")]
    #[strum(props(rule = "CR-CBT-11"))]
    NotTheTurnOf { creature: String },
    #[error("{creature} is unconscious and takes no maneuvers or actions (CR-COND-07)")]
    #[strum(props(rule = "CR-COND-07"))]
    Unconscious { creature: String },
    #[error("an opportunity attack against this creature waits for its answer (CR-ERR-41)")]
    #[strum(props(rule = "CR-ERR-41"))]
    ReactionPending,
    #[error("{creature}'s speed is 0 (CR-MOVE-08)")]
    #[strum(props(rule = "CR-MOVE-08"))]
    SpeedZero { creature: String },
    #[error("{creature} holds no creature")]
    #[strum(props(rule = "CR-COND-03"))]
    HoldsNoCreature { creature: String },
    #[error("that square is {distance} squares away; the grab reaches {range}")]
    #[strum(props(rule = "CR-COND-03"))]
    RepositionTooFar { distance: u32, range: u32 },
    #[error("that square is blocked or taken")]
    #[strum(props(rule = "CR-COND-03"))]
    RepositionBlocked,
    #[error("{creature} is already there")]
    #[strum(props(rule = "CR-COND-03"))]
    AlreadyThere { creature: String },
    #[error("name the trigger in 1…500 characters (CR-ACT-02)")]
    #[strum(props(rule = "CR-ACT-02"))]
    BadTrigger,
    #[error("{creature} has no readied act (or it lapsed) (CR-ACT-02)")]
    #[strum(props(rule = "CR-ACT-02"))]
    NothingReadied { creature: String },
    #[error("a creature is not its own pet")]
    #[strum(props(rule = "CR-PET-01"))]
    OwnPet,
    #[error("`{creature}` is not a pet of `{owner}` (CR-MAN-03, CR-PET-01)")]
    #[strum(props(rule = "CR-PET-01"))]
    NotYourPet { creature: String, owner: String },
    #[error("{creature} was already commanded this round (CR-ERR-15)")]
    #[strum(props(rule = "CR-ERR-15"))]
    PetCommanded { creature: String },
    #[error("`{text}` is not a square: answer `square` with the text `x,y` (CR-ATK-11)")]
    #[strum(props(rule = "CR-ATK-11"))]
    NotASquare { text: String },
    #[error("({x}, {y}) is solid: nothing lands inside it (CR-ATK-11)")]
    #[strum(props(rule = "CR-ATK-11"))]
    LandsInSolid { x: i32, y: i32 },
    #[error(
        "an improvised attack names the held object as `weapon` and no natural attack (CR-ATK-12)"
    )]
    #[strum(props(rule = "CR-ATK-12"))]
    ImprovisedNeedsObject,
    #[error("{item} is a weapon: attack with it as one (CR-ATK-12)")]
    #[strum(props(rule = "CR-ATK-12"))]
    ImprovisedIsWeapon { item: String },
    #[error("no weapon card `{card}` in the loaded packs (CR-ATK-12)")]
    #[strum(props(rule = "CR-ATK-12"))]
    ImprovisedUnknownCard { card: String },
    #[error("the improvised weapon has no tool (CR-ATK-12)")]
    #[strum(props(rule = "CR-ATK-12"))]
    ImprovisedNoTool,
    #[error("{creature} has no natural attack `{attack}` (its card's attacks) (CR-CBT-12)")]
    #[strum(props(rule = "CR-CBT-12"))]
    UnknownNaturalAttack { creature: String, attack: String },
    #[error("give a weapon or a natural attack, not both (CR-ATK-01)")]
    #[strum(props(rule = "CR-ATK-01"))]
    WeaponAndNatural,
    #[error("{creature} is named twice: one attack targets a creature once (CR-ATK-14)")]
    #[strum(props(rule = "CR-ATK-14"))]
    NamedTwice { creature: String },
    #[error("the attack names no target (CR-ATK-14)")]
    #[strum(props(rule = "CR-ATK-14"))]
    NoTargetNamed,
    #[error(
        "an attack has one target unless its effect says otherwise; the Referee rules that and sends the attack with several targets (CR-ATK-14)"
    )]
    #[strum(props(rule = "CR-ATK-14"))]
    SeveralTargets,
    #[error("a creature does not attack itself")]
    AttacksItself,
    #[error(
        "whether an object hits like a weapon is the Referee's call: the Referee sends the attack with `like` (CR-ATK-12)"
    )]
    #[strum(props(rule = "CR-ATK-12"))]
    ImprovisedByPlayer,
    #[error("{creature} has no {item} left to shoot (CR-ATK-11)")]
    #[strum(props(rule = "CR-ATK-11"))]
    NoAmmunition { creature: String, item: String },
    #[error("an out-of-combat spell cannot be cast in combat-round time (CR-SPELL-04)")]
    #[strum(props(rule = "CR-SPELL-04"))]
    OutOfCombatSpell,
    #[error(transparent)]
    Check(#[from] crate::test_roll::TestError),
    /// Stand Up refused by the conditions (`rule`: the maneuver's CR-MAN-08 when the creature
    /// is not prone or too slow, CR-COND-07 otherwise).
    #[error("{condition} ({rule})")]
    CannotStandUp {
        condition: crate::conditions::ConditionError,
        rule: &'static str,
    },
    /// A player's inventory change sent as a plain command in a fight (`rule`: CR-MAN-05 or
    /// CR-MAN-06, the maneuver to send instead).
    #[error("during a fight this is a maneuver: send `{instead}`, which spends it")]
    UseTheManeuver {
        instead: &'static str,
        rule: &'static str,
    },
}

/// What the initiative refusal adds when the Referee runs the fight alone.
fn no_player_hint(no_player_seated: &bool) -> &'static str {
    if *no_player_seated {
        "; with no player seated, name `referee`"
    } else {
        ""
    }
}

/// The fight in progress, or the refusal that none runs (CR-CBT-01).
pub fn running<T>(fight: Option<T>) -> Result<T, FightError> {
    fight.ok_or(FightError::NoFight)
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

#[cfg(test)]
mod tests {
    use crate::combat::turn::{Cost, Spent, TurnBudget, spend};
    use crate::refusal::Refusal;

    /// The adapter's refusals moved here keep their words, name their rule and carry the
    /// names as facts.
    #[test]
    fn moved_turn_refusals_keep_their_words_rule_and_facts() {
        let e = spend("Vera", false, Cost::Action, None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is not Vera's turn; a turn cannot be split by another's (CR-CBT-11)"
        );
        assert_eq!(e.rule().as_deref(), Some("CR-CBT-11"));
        assert_eq!(
            e.args().get("creature").and_then(|v| v.as_str()),
            Some("Vera")
        );
        let e = spend("Vera", true, Cost::Free, None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Vera is unconscious and takes no maneuvers or actions (CR-COND-07)"
        );
        assert_eq!(
            spend("Vera", false, Cost::Maneuver, None, Some(Cost::Maneuver)),
            Ok(Spent::Allowance)
        );
        let e =
            crate::combat::initiative::may_roll_initiative(None, "bob", false, false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`bob` is not a player at this table: a player rolls the side initiative \
             (CR-CBT-09); with no player seated, name `referee`"
        );
        assert_eq!(
            crate::combat::initiative::may_roll_initiative(None, "referee", false, false),
            Ok(true)
        );
        let e = crate::combat::turn::budget_for_move("Vera", TurnBudget::new(), 0, 1).unwrap_err();
        assert_eq!(e.to_string(), "Vera's speed is 0 (CR-MOVE-08)");
        assert_eq!(e.reason(), "speed_zero");
    }
}
