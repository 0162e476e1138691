//! One creature's turn («Ход»): a maneuver and an action, or two maneuvers, or less; the Move
//! maneuver may be split around the rest (CR-MAN-01); an attack crit adds an action
//! («Криты на атаках»).

use serde::{Deserialize, Serialize};

use super::fight::FightError;

/// What a step of a turn costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cost {
    Maneuver,
    Action,
    /// Trivial acts (CR-ACT-03) and anything else that costs nothing.
    Free,
}

/// How much a budget holds: a whole turn, or (a pet under the alternative reading of
/// CR-ERR-15) a single maneuver or action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnShape {
    /// A maneuver and an action, or two maneuvers (CR-CBT-10).
    #[default]
    Full,
    /// One maneuver or one action.
    Single,
}

/// When a crit's extra action must be taken (CR-ATK-13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExtraActionTiming {
    /// Gained on the attacker's own turn: any time during that turn.
    ThisTurn,
    /// Gained outside it: right now, before anything else happens.
    Immediately,
}

/// The extra action an attack crit grants, if any (CR-ATK-13).
pub fn crit_extra_action(crit: bool, on_own_turn: bool) -> Option<ExtraActionTiming> {
    crit.then_some(if on_own_turn {
        ExtraActionTiming::ThisTurn
    } else {
        ExtraActionTiming::Immediately
    })
}

/// What is spent and left of one turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnBudget {
    pub shape: TurnShape,
    pub maneuvers: u8,
    pub actions: u8,
    /// Extra actions from crits not used yet (CR-ATK-13).
    pub extra_actions: u8,
    /// Squares left of the Move maneuvers taken this turn (CR-MAN-01).
    pub move_left: u32,
}

impl TurnBudget {
    /// A fresh turn.
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh budget of the given shape.
    pub fn with_shape(shape: TurnShape) -> Self {
        Self {
            shape,
            ..Self::default()
        }
    }

    fn limit(&self) -> u8 {
        match self.shape {
            TurnShape::Full => 2,
            TurnShape::Single => 1,
        }
    }

    /// Whether a maneuver can still be taken (CR-CBT-10).
    pub fn can_maneuver(&self) -> bool {
        self.maneuvers + self.actions < self.limit()
    }

    /// Whether an action can still be taken: the turn's own action, or a crit's extra one.
    pub fn can_act(&self) -> bool {
        self.extra_actions > 0 || (self.actions == 0 && self.maneuvers < self.limit())
    }

    /// Spends a maneuver (CR-CBT-10).
    pub fn spend_maneuver(&mut self) -> Result<(), FightError> {
        if !self.can_maneuver() {
            return Err(FightError::NoManeuverLeft);
        }
        self.maneuvers += 1;
        Ok(())
    }

    /// Spends an action: the turn's own first, then a crit's extra one (CR-CBT-10, CR-ATK-13).
    pub fn spend_action(&mut self) -> Result<(), FightError> {
        if self.actions == 0 && self.maneuvers < self.limit() {
            self.actions = 1;
            Ok(())
        } else if self.extra_actions > 0 {
            self.extra_actions -= 1;
            Ok(())
        } else {
            Err(FightError::NoActionLeft)
        }
    }

    /// Spends what `cost` says.
    pub fn spend(&mut self, cost: Cost) -> Result<(), FightError> {
        match cost {
            Cost::Maneuver => self.spend_maneuver(),
            Cost::Action => self.spend_action(),
            Cost::Free => Ok(()),
        }
    }

    /// A crit on this creature's own turn adds an action usable any time this turn
    /// (CR-ATK-13).
    pub fn grant_extra_action(&mut self) {
        self.extra_actions = self.extra_actions.saturating_add(1);
    }

    /// Takes the Move maneuver: `speed` more squares to move, in as many pieces as wanted
    /// around the action or other maneuver (CR-MAN-01, CR-MOVE-01).
    pub fn begin_move(&mut self, speed: u32) -> Result<(), FightError> {
        self.spend_maneuver()?;
        self.move_left += speed;
        Ok(())
    }

    /// Moves `squares` (the movement cost of a validated path) out of the Move maneuvers taken.
    pub fn move_squares(&mut self, squares: u32) -> Result<(), FightError> {
        if squares > self.move_left {
            return Err(FightError::MoveExhausted {
                wanted: squares,
                left: self.move_left,
            });
        }
        self.move_left -= squares;
        Ok(())
    }
}

/// Whether `creature` may end or take its turn now: the turn is `current`'s, and a turn
/// cannot be split by another's (CR-CBT-11).
pub fn may_act_now(current: Option<&str>, creature: &str) -> Result<(), FightError> {
    if current != Some(creature) {
        return Err(not_the_turn_of(creature));
    }
    Ok(())
}

fn not_the_turn_of(creature: &str) -> FightError {
    FightError::NotTheTurnOf {
        creature: creature.to_string(),
    }
}

/// What paying a cost took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spent {
    /// Nothing: the act is free.
    Nothing,
    /// The turn's (or a commanded pet's) budget, as it is after paying.
    Budget(TurnBudget),
    /// The off-turn allowance of that cost, now used (CR-ACT-02, CR-ATK-13).
    Allowance,
}

/// Pays `cost` for `creature`: an unconscious creature takes no maneuvers or actions
/// (CR-COND-07); otherwise from its turn's `budget` (CR-CBT-10), else from an off-turn
/// `allowance` of exactly that cost; else it is not its turn (CR-CBT-11).
pub fn spend(
    creature: &str,
    unconscious: bool,
    cost: Cost,
    budget: Option<TurnBudget>,
    allowance: Option<Cost>,
) -> Result<Spent, FightError> {
    if unconscious {
        return Err(FightError::Unconscious {
            creature: creature.to_string(),
        });
    }
    if cost == Cost::Free {
        return Ok(Spent::Nothing);
    }
    if let Some(mut b) = budget {
        match b.spend(cost) {
            Ok(()) => return Ok(Spent::Budget(b)),
            Err(e) if allowance != Some(cost) => return Err(e),
            Err(_) => {}
        }
    }
    if allowance == Some(cost) {
        return Ok(Spent::Allowance);
    }
    Err(not_the_turn_of(creature))
}

/// The budget a move or jump of `creature` draws on (CR-MAN-01): its turn's, or, off-turn, a
/// fresh one when a readied Move fires with the reaction (`from_allowance`, CR-ACT-02);
/// otherwise it is not its turn (CR-CBT-11).
pub fn move_budget(
    creature: &str,
    budget: Option<TurnBudget>,
    from_allowance: bool,
) -> Result<TurnBudget, FightError> {
    match budget {
        Some(b) => Ok(b),
        None if from_allowance => Ok(TurnBudget::new()),
        None => Err(not_the_turn_of(creature)),
    }
}

/// Whether `creature` can move at all: a speed of 0 blocks movement (CR-MOVE-08).
pub fn may_move_at(creature: &str, speed: u8) -> Result<(), FightError> {
    if speed == 0 {
        return Err(FightError::SpeedZero {
            creature: creature.to_string(),
        });
    }
    Ok(())
}

/// `budget` with a new Move maneuver begun when the squares left do not cover `cost`
/// (CR-MAN-01, CR-MOVE-01); a speed of 0 blocks movement (CR-MOVE-08). Whether the squares
/// then cover the cost is [`super::movement::within_move`].
pub fn budget_for_move(
    creature: &str,
    mut budget: TurnBudget,
    speed: u8,
    cost: u32,
) -> Result<TurnBudget, FightError> {
    if budget.move_left < cost {
        may_move_at(creature, speed)?;
        budget.begin_move(u32::from(speed))?;
    }
    Ok(budget)
}

/// How a spell cast in a fight is paid (CR-SPELL-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastPayment {
    /// From the caster's turn (or an off-turn allowance).
    Turn(Cost),
    /// With its reaction of the round, usable off its turn (CR-REACT-01).
    Reaction,
}

/// What casting a spell of this casting time costs in a fight; an out-of-combat spell cannot
/// be cast in combat-round time (CR-SPELL-04).
pub fn cast_payment(time: crate::content::CastingTime) -> Result<CastPayment, FightError> {
    use crate::content::CastingTime as T;
    match time {
        T::Action => Ok(CastPayment::Turn(Cost::Action)),
        T::Maneuver => Ok(CastPayment::Turn(Cost::Maneuver)),
        T::Reaction => Ok(CastPayment::Reaction),
        T::OutOfCombat => Err(FightError::OutOfCombatSpell),
    }
}
