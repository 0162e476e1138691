//! The general maneuvers («Общие манёвры») with their preconditions and test tables.
//! Move and Shift paths are validated by [`super::movement`]; drawing from the pack or belt by
//! [`crate::inventory`]; Command by [`super::pets`].

use serde::{Deserialize, Serialize};

use super::fight::FightError;
use super::grid::{ReachUse, Space, reach};
use super::reactions::Movement;
use crate::creature::Size;
use crate::test_roll::{
    Activity, Characteristic, TestSpec, Tier, TierTable, choose_characteristic,
};

/// The maneuvers every creature has, plus any others equipment or traits grant (by name).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Maneuver {
    Move,
    Shift,
    Command,
    DrawFromPack,
    DrawFromBelt,
    PickUpItem,
    DumpBackpack,
    StandUp,
    Grab,
    EscapeGrab,
    Knockback,
    /// From equipment or traits.
    Other(String),
}

/// The general maneuvers, in book order.
pub const GENERAL_MANEUVERS: [Maneuver; 11] = [
    Maneuver::Move,
    Maneuver::Shift,
    Maneuver::Command,
    Maneuver::DrawFromPack,
    Maneuver::DrawFromBelt,
    Maneuver::PickUpItem,
    Maneuver::DumpBackpack,
    Maneuver::StandUp,
    Maneuver::Grab,
    Maneuver::EscapeGrab,
    Maneuver::Knockback,
];

impl Maneuver {
    /// The kind of movement the maneuver makes, if it moves the creature (for opportunity
    /// attacks, CR-REACT-06).
    pub fn movement(&self) -> Option<Movement> {
        match self {
            Maneuver::Move => Some(Movement::Move),
            Maneuver::Shift => Some(Movement::Shift),
            _ => None,
        }
    }

    /// The requirement that defines it.
    pub fn rule(&self) -> &'static str {
        match self {
            Maneuver::Move => "CR-MAN-01",
            Maneuver::Shift => "CR-MAN-02",
            Maneuver::Command => "CR-MAN-03",
            Maneuver::DrawFromPack => "CR-MAN-04",
            Maneuver::DrawFromBelt => "CR-MAN-05",
            Maneuver::PickUpItem => "CR-MAN-06",
            Maneuver::DumpBackpack => "CR-MAN-07",
            Maneuver::StandUp => "CR-MAN-08",
            Maneuver::Grab => "CR-MAN-09",
            Maneuver::EscapeGrab => "CR-MAN-10",
            Maneuver::Knockback => "CR-MAN-11",
            Maneuver::Other(_) => "CR-MAN",
        }
    }
}

/// Stand Up (CR-MAN-08): the creature's conditions let it stand (prone, with speed left once
/// prone no longer halves it, CR-COND-05/07).
pub fn stand_up(
    conditions: &mut crate::conditions::ConditionSet,
    speed_without_prone: u8,
    speed_with_prone: u8,
    options: &crate::world_options::WorldOptions,
) -> Result<(), FightError> {
    use crate::conditions::ConditionError as C;
    conditions
        .stand_up(speed_without_prone, speed_with_prone, options)
        .map_err(|condition| {
            let rule = match condition {
                C::NotProne | C::TooSlowToStand(_) => "CR-MAN-08",
                _ => "CR-COND-07",
            };
            FightError::CannotStandUp { condition, rule }
        })
}

/// An inventory change a player may send as a plain command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InventoryChange {
    /// Items moved between slots (drawing from the belt in a fight, CR-MAN-05).
    BetweenSlots,
    /// An item picked up (CR-MAN-06).
    PickUp,
}

/// During a fight a player's inventory changes are maneuvers from the turn's budget
/// (CR-MAN-04…07): sent as plain commands they would skip it, so they are refused, naming the
/// maneuver's command. The Referee may still correct an inventory mid-fight.
pub fn may_change_inventory_directly(
    in_fight: bool,
    by_referee: bool,
    change: Option<InventoryChange>,
) -> Result<(), FightError> {
    let Some(change) = change.filter(|_| in_fight && !by_referee) else {
        return Ok(());
    };
    let (instead, rule) = match change {
        InventoryChange::BetweenSlots => ("draw_from_belt", "CR-MAN-05"),
        InventoryChange::PickUp => ("pick_up_item", "CR-MAN-06"),
    };
    Err(FightError::UseTheManeuver { instead, rule })
}

/// Grab's results (CR-MAN-09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GrabOutcome {
    /// The target may counter.
    TargetMayCounter,
    /// Push the target 1 square, or take a free Shift (the grabber's choice).
    PushOneOrShift,
    /// The target is grabbed.
    Grabbed,
}

pub const GRAB_TABLE: TierTable<GrabOutcome> = TierTable {
    tier_1: GrabOutcome::TargetMayCounter,
    tier_2: GrabOutcome::PushOneOrShift,
    tier_3: GrabOutcome::Grabbed,
};

/// Escape Grab's results (CR-MAN-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EscapeOutcome {
    /// The grabber may counter.
    GrabberMayCounter,
    /// The creature may choose to break free; if it does, the grabber may counter.
    MayBreakFreeOpeningCounter,
    /// Free, with a move of 1 square that provokes no opportunity attacks.
    FreeWithSafeSquare,
}

pub const ESCAPE_TABLE: TierTable<EscapeOutcome> = TierTable {
    tier_1: EscapeOutcome::GrabberMayCounter,
    tier_2: EscapeOutcome::MayBreakFreeOpeningCounter,
    tier_3: EscapeOutcome::FreeWithSafeSquare,
};

/// Knockback's results (CR-MAN-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KnockbackOutcome {
    TargetMayCounter,
    /// Push this many squares.
    Push(u8),
}

pub const KNOCKBACK_TABLE: TierTable<KnockbackOutcome> = TierTable {
    tier_1: KnockbackOutcome::TargetMayCounter,
    tier_2: KnockbackOutcome::Push(1),
    tier_3: KnockbackOutcome::Push(2),
};

/// The free move of Escape Grab tier 3, in squares (CR-MAN-10).
pub const ESCAPE_FREE_SQUARES: u32 = 1;

/// One creature against another for Grab or Knockback.
#[derive(Debug, Clone, Copy)]
pub struct Contest<'a> {
    pub user: (&'a Space, Size),
    pub target: (&'a Space, Size),
}

fn size_and_reach(c: &Contest<'_>) -> Result<(), FightError> {
    if c.target.1 > c.user.1 {
        return Err(FightError::TargetTooLarge);
    }
    let r = reach(c.user.1, 0, ReachUse::Other);
    if !c.user.0.within_reach(c.target.0, r) {
        return Err(FightError::TargetNotInReach);
    }
    Ok(())
}

fn strength_test(name: &str, value: i8) -> Result<TestSpec, FightError> {
    let spec = TestSpec::new(Characteristic::Strength, value)
        .with_activity(Activity::Other(name.to_owned()));
    spec.validate()?;
    Ok(spec)
}

/// Grab's test: a creature of your size or smaller within reach, while you hold nobody else
/// (CR-MAN-09). 2d10 + Strength.
pub fn grab_spec(
    c: Contest<'_>,
    already_holding: bool,
    strength: i8,
) -> Result<TestSpec, FightError> {
    if already_holding {
        return Err(FightError::AlreadyHolding);
    }
    size_and_reach(&c)?;
    strength_test("grab", strength)
}

/// Knockback's test: a creature of your size or smaller within reach (CR-MAN-11).
pub fn knockback_spec(c: Contest<'_>, strength: i8) -> Result<TestSpec, FightError> {
    size_and_reach(&c)?;
    strength_test("knockback", strength)
}

/// Escape Grab's test: only while grabbed; Agility or Strength, the roller's pick (CR-MAN-10).
pub fn escape_spec(
    grabbed: bool,
    characteristic: Characteristic,
    value: i8,
) -> Result<TestSpec, FightError> {
    if !grabbed {
        return Err(FightError::NotGrabbed);
    }
    choose_characteristic(
        &[Characteristic::Agility, Characteristic::Strength],
        characteristic,
    )?;
    let spec = TestSpec::new(characteristic, value)
        .with_activity(Activity::Other("escape_grab".to_owned()));
    spec.validate()?;
    Ok(spec)
}

/// The outcome of a Grab, Escape Grab or Knockback test read on its table.
pub fn grab_outcome(tier: Tier) -> GrabOutcome {
    *GRAB_TABLE.get(tier)
}

pub fn escape_outcome(tier: Tier) -> EscapeOutcome {
    *ESCAPE_TABLE.get(tier)
}

pub fn knockback_outcome(tier: Tier) -> KnockbackOutcome {
    *KNOCKBACK_TABLE.get(tier)
}

/// The creature `creature` holds grabbed, which it may reposition (CR-COND-03).
pub fn held_by(creature: &str, held: Option<String>) -> Result<String, FightError> {
    held.ok_or_else(|| FightError::HoldsNoCreature {
        creature: creature.to_string(),
    })
}

/// Whether the grabber may put the creature it holds (`held`, at `from`) on `to`, `distance`
/// squares from the grabber: within the grab's `range`, on a square it `fits`, elsewhere than
/// where it is (CR-COND-03).
pub fn may_reposition(
    held: &str,
    distance: u32,
    range: u32,
    fits: bool,
    from: super::grid::Square,
    to: super::grid::Square,
) -> Result<(), FightError> {
    if distance > range {
        return Err(FightError::RepositionTooFar { distance, range });
    }
    if !fits {
        return Err(FightError::RepositionBlocked);
    }
    if from == to {
        return Err(FightError::AlreadyThere {
            creature: held.to_string(),
        });
    }
    Ok(())
}
