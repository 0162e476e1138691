//! Other actions: taunt («Действие «Насмешка»»), readying («Подготовить действие»), trivial
//! acts («Скучные мелочи») and free-form acts («Придумываем на ходу»).

use serde::{Deserialize, Serialize};

use super::fight::{FightError, FightQuestion, FightRequest};
use super::grid::Space;
use super::reactions::ReactionState;
use super::turn::{Cost, TurnBudget};
use crate::checks::decision::Decider;
use crate::checks::{Modifier, ModifierSource, SourceKind, TestSpec};

/// How far a taunt reaches, in squares (CR-ACT-01).
pub const TAUNT_RANGE: u32 = 10;

/// An active taunt: `target` has a bane on attacks that leave `taunter` out, until the
/// taunter's next combat turn starts (CR-ACT-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taunt {
    pub taunter: u32,
    pub target: u32,
}

/// Taunts `target`: spends the action; needs line of effect and at most 10 squares
/// (CR-ACT-01; line of effect from CR-LOE-01, which the rulebook's paragraph leaves implicit).
pub fn taunt(
    budget: &mut TurnBudget,
    taunter: (u32, &Space),
    target: (u32, &Space),
    line_of_effect: bool,
) -> Result<Taunt, FightError> {
    let distance = taunter.1.distance_to(target.1);
    if distance > TAUNT_RANGE {
        return Err(FightError::TauntTooFar { distance });
    }
    if !line_of_effect {
        return Err(FightError::TauntNoLineOfEffect);
    }
    budget.spend_action()?;
    Ok(Taunt {
        taunter: taunter.0,
        target: target.0,
    })
}

impl Taunt {
    /// The bane on an attack by `attacker` against `targets`, if this taunt applies.
    pub fn modifier_for(&self, attacker: u32, targets: &[u32]) -> Option<Modifier> {
        (attacker == self.target && !targets.contains(&self.taunter)).then(|| {
            Modifier::bane(
                ModifierSource::new(SourceKind::Situation, "taunted").with_rule("CR-ACT-01"),
            )
        })
    }

    /// Whether the taunt ends because `creature`'s turn is starting.
    pub fn ends_at_turn_of(&self, creature: u32) -> bool {
        creature == self.taunter
    }
}

/// What is readied (CR-ACT-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "name", rename_all = "snake_case")]
pub enum Readied {
    Action(String),
    Maneuver(String),
}

/// A readied act waiting for its trigger (CR-ACT-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadiedAct {
    pub readier: u32,
    pub act: Readied,
    /// The trigger in the player's words; whether it happened is the table's call.
    pub trigger: String,
    pub lapsed: bool,
}

/// Readies an act: spends the turn's action (CR-ACT-02).
pub fn ready(
    budget: &mut TurnBudget,
    readier: u32,
    act: Readied,
    trigger: impl Into<String>,
) -> Result<ReadiedAct, FightError> {
    budget.spend_action()?;
    Ok(ReadiedAct {
        readier,
        act,
        trigger: trigger.into(),
        lapsed: false,
    })
}

impl ReadiedAct {
    /// The trigger happened: the readied act is performed with the reaction (CR-ACT-02,
    /// CR-REACT-01). Consumes the readied act.
    pub fn fire(
        self,
        reaction: &mut ReactionState,
        round: u32,
        conscious: bool,
        surprise_allows: bool,
    ) -> Result<Readied, FightError> {
        if self.lapsed {
            return Err(FightError::ReadiedLapsed);
        }
        reaction.spend(round, conscious, surprise_allows)?;
        Ok(self.act)
    }

    /// The readier's next turn starts: an unfired readied act lapses.
    pub fn on_turn_start(&mut self, creature: u32) {
        if creature == self.readier {
            self.lapsed = true;
        }
    }
}

/// The cost of a trivial act: nothing, unless the Referee rules a maneuver or an action
/// (CR-ACT-03, CR-REF-20).
pub fn trivial_act_cost(referee_ruling: Option<Cost>) -> Cost {
    referee_ruling.unwrap_or(Cost::Free)
}

/// The question to ask when a trivial act might cost something after all.
pub fn trivial_act_request() -> FightRequest {
    FightRequest::new(FightQuestion::TrivialActCost, Decider::Referee, "CR-REF-20")
}

/// An act the rules do not cover: the Referee sets its cost and test (CR-ACT-04).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FreeFormAct {
    pub description: String,
    pub cost: Cost,
    /// `None`: no test.
    pub test: Option<TestSpec>,
}

/// The question for a free-form act.
pub fn free_form_request(description: impl Into<String>) -> FightRequest {
    FightRequest::new(
        FightQuestion::FreeFormAct {
            description: description.into(),
        },
        Decider::Referee,
        "CR-ACT-04",
    )
}

impl FreeFormAct {
    /// Spends its cost; returns the test to roll, if any.
    pub fn perform(&self, budget: &mut TurnBudget) -> Result<Option<&TestSpec>, FightError> {
        budget.spend(self.cost)?;
        Ok(self.test.as_ref())
    }
}

/// An action a creature can take (CR-CBT-12).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "name", rename_all = "snake_case")]
pub enum Action {
    /// An attack with a held weapon or spellbook, by the item's name.
    Attack(String),
    Taunt,
    Ready,
    /// Given by a trait or an item, by name.
    Other(String),
}

/// The actions a creature has: those every creature has (taunt, ready), one attack per held
/// weapon or spellbook, and whatever its own equipment and traits add (CR-CBT-12, CR-ERR-14).
pub fn available_actions(held_attack_tools: &[&str], granted: &[&str]) -> Vec<Action> {
    let mut out: Vec<Action> = held_attack_tools
        .iter()
        .map(|n| Action::Attack((*n).to_owned()))
        .collect();
    out.push(Action::Taunt);
    out.push(Action::Ready);
    for g in granted {
        let a = Action::Other((*g).to_owned());
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}
