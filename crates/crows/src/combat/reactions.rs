//! Reactions («Реакции»): one per round; the counter («Контратака») and the opportunity
//! attack («Провоцированная атака»).

use serde::{Deserialize, Serialize};

use super::fight::FightError;
use super::grid::{ReachUse, Space, natural_reach, reach};
use crate::creature::Size;
use crate::test_roll::Tier;

/// The round in which a creature last spent its reaction (CR-REACT-01/07).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ReactionState {
    pub spent_in_round: Option<u32>,
}

impl ReactionState {
    /// Whether the reaction is free in `round`: it comes back at the start of every round
    /// (CR-REACT-07).
    pub fn available(&self, round: u32) -> bool {
        self.spent_in_round != Some(round)
    }

    /// Spends the reaction. `conscious` false refuses (CR-REACT-07); `surprise_allows`
    /// comes from [`super::initiative::Combat::surprise_allows_reaction`] (CR-ERR-42).
    pub fn spend(
        &mut self,
        round: u32,
        conscious: bool,
        surprise_allows: bool,
    ) -> Result<(), FightError> {
        if !conscious {
            return Err(FightError::UnconsciousCannotReact);
        }
        if !surprise_allows {
            return Err(FightError::SurprisedCannotReact);
        }
        if !self.available(round) {
            return Err(FightError::ReactionSpent);
        }
        self.spent_in_round = Some(round);
        Ok(())
    }
}

/// What the other creature did to open itself to a counter (CR-REACT-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterTrigger {
    /// A melee attack against you (an opportunity attack is flagged separately).
    MeleeAttack { opportunity: bool },
    /// Grab used on you.
    Grab,
    /// Knockback used on you.
    Knockback,
    /// An attempt to Escape Grab from your grab.
    EscapeGrab,
    /// Escape Grab tier 2 where the grabbed creature chose to break free (CR-MAN-10).
    EscapeGrabReleased,
    /// A ranged attack: never a trigger (kept so that callers can ask).
    RangedAttack,
}

/// What the countering creature strikes with (CR-ERR-52).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterWeapon {
    /// A melee weapon held in hand, with its extra reach.
    HeldMelee { extra_reach: u8 },
    /// A monster's natural melee attack listed in its stat block: counts as held.
    Natural { extra_reach: u8 },
    /// Empty hands: the unarmed strike, only when the Referee allows it.
    Unarmed { referee_allows: bool },
    /// Nothing usable (e.g. only a bow in hand).
    None,
}

/// A counter the creature may take: deal this tier of its weapon's result (CR-REACT-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    pub tier: Tier,
}

/// Whether a counter is open, and at which tier (CR-REACT-02/03/04, CR-ERR-52). The trigger's
/// test must have come out tier 1 (`trigger_tier`, `trigger_doom` from the resolved test);
/// the triggering creature must be within the counter weapon's reach. The reaction itself is
/// spent with [`ReactionState::spend`].
pub fn counter(
    trigger: CounterTrigger,
    trigger_tier: Tier,
    trigger_doom: bool,
    weapon: CounterWeapon,
    counterer: (&Space, Size),
    triggerer: &Space,
) -> Result<Counter, FightError> {
    match trigger {
        CounterTrigger::RangedAttack => {
            return Err(FightError::NoCounter(
                "a ranged attack never opens a counter",
            ));
        }
        CounterTrigger::MeleeAttack { opportunity: true } if trigger_tier == Tier::One => {
            return Err(FightError::NoCounter(
                "an opportunity attack that got tier 1 cannot be countered",
            ));
        }
        CounterTrigger::EscapeGrabReleased => {}
        _ if trigger_tier != Tier::One => {
            return Err(FightError::NoCounter(
                "the triggering test did not get tier 1",
            ));
        }
        _ => {}
    }
    let extra = match weapon {
        CounterWeapon::HeldMelee { extra_reach } | CounterWeapon::Natural { extra_reach } => {
            extra_reach
        }
        CounterWeapon::Unarmed {
            referee_allows: true,
        } => 0,
        CounterWeapon::Unarmed {
            referee_allows: false,
        }
        | CounterWeapon::None => {
            return Err(FightError::NoCounter("no melee weapon in hand"));
        }
    };
    let r = reach(counterer.1, extra, ReachUse::CounterWithWeapon);
    if !counterer.0.within_reach(triggerer, r) {
        return Err(FightError::NoCounter(
            "the triggering creature is outside the weapon's reach",
        ));
    }
    Ok(Counter {
        tier: if trigger_doom { Tier::Three } else { Tier::Two },
    })
}

/// How a creature is moving (CR-REACT-05/06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// The Move maneuver, a jump within it, or any other ordinary movement.
    Move,
    /// The Shift maneuver (CR-MAN-02).
    Shift,
    /// The free square of Escape Grab tier 3 (CR-MAN-10).
    EscapeGrabSquare,
    /// Grab tier 2's free Shift (CR-MAN-09).
    GrabShift,
    /// Teleportation (CR-MOVE-06).
    Teleport,
    /// Push, slide or any forced movement (CR-FORCE-04).
    Forced,
}

impl Movement {
    /// Whether this kind of movement can provoke at all (CR-REACT-06).
    pub fn can_provoke(self) -> bool {
        self == Movement::Move
    }
}

/// Whether one square of movement from `from` to `to` leaves the watcher's natural reach,
/// which is what opens an opportunity attack (CR-REACT-05/06). Weapon reach does not count.
/// The attack resolves with the mover still at `from` (CR-ERR-41).
pub fn provokes_opportunity_attack(
    movement: Movement,
    watcher: (&Space, Size),
    from: &Space,
    to: &Space,
) -> bool {
    let r = natural_reach(watcher.1);
    movement.can_provoke() && watcher.0.within_reach(from, r) && !watcher.0.within_reach(to, r)
}

/// Whether an opportunity attack is open for this square of movement (CR-REACT-05/06): the
/// movement provokes and the watcher holds a weapon to attack with. Spend the reaction with
/// [`ReactionState::spend`]; the attack is made against the mover still in `from`, before it
/// leaves (CR-ERR-41), and if it gets tier 1 the mover cannot counter it (CR-REACT-04).
pub fn opportunity_attack(
    movement: Movement,
    watcher: (&Space, Size),
    holds_weapon: bool,
    from: &Space,
    to: &Space,
) -> Result<Space, FightError> {
    if !movement.can_provoke() {
        return Err(FightError::NoOpportunityAttack(
            "shifts, escapes, teleports and forced movement never provoke",
        ));
    }
    if !provokes_opportunity_attack(movement, watcher, from, to) {
        return Err(FightError::NoOpportunityAttack(
            "the mover does not leave the watcher's reach",
        ));
    }
    if !holds_weapon {
        return Err(FightError::NoOpportunityAttack("no weapon in hand"));
    }
    Ok(*from)
}

/// The reactions a creature may have: the two common ones, a readied act (CR-ACT-02) and
/// others from equipment, traits, reaction spells or rules (the falling RR) (CR-REACT-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "name", rename_all = "snake_case")]
pub enum ReactionKind {
    Counter,
    OpportunityAttack,
    Readied,
    Other(String),
}

/// When a reaction resolves relative to its trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactionTiming {
    /// After the triggering event has resolved (the general rule, CR-REACT-01).
    AfterTrigger,
    /// Before the mover leaves the reach (CR-ERR-41).
    BeforeMoverLeaves,
}

impl ReactionKind {
    pub fn timing(&self) -> ReactionTiming {
        match self {
            ReactionKind::OpportunityAttack => ReactionTiming::BeforeMoverLeaves,
            _ => ReactionTiming::AfterTrigger,
        }
    }
}

/// Whether a creature may move now: not while an opportunity attack against it waits for its
/// answer (CR-ERR-41).
pub fn may_move_while(reaction_pending: bool) -> Result<(), FightError> {
    if reaction_pending {
        return Err(FightError::ReactionPending);
    }
    Ok(())
}
