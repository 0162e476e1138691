//! Pets and summons in combat («Питомцы в бою», «Призванные существа»).

use serde::{Deserialize, Serialize};

use super::fight::FightError;
use super::turn::{TurnBudget, TurnShape};
use crate::creature::Size;
use crate::test_roll::{Tier, TierTable};

/// How much one Command gives a pet (CR-ERR-15, configurable).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandScope {
    /// Default: the pets section wins; a maneuver and an action, or two maneuvers.
    #[default]
    FullTurn,
    /// Alternative: one action or one maneuver.
    OneActOrManeuver,
}

/// Pet options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PetOptions {
    pub scope: CommandScope,
    /// CR-ERR-15 leaves open commanding one pet twice in a round; default false.
    pub same_pet_twice_per_round: bool,
}

/// A pet proper or a summoned creature (CR-PET-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Companion {
    Pet,
    Summoned,
}

/// The pets one owner commanded this round.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Commands {
    pub round: u32,
    pub commanded: Vec<u32>,
}

impl Commands {
    /// Spends the owner's Command maneuver and returns the pet's budget for it (CR-MAN-03,
    /// CR-PET-01). Pets take no turns of their own; this is their only way to act.
    pub fn command(
        &mut self,
        owner: &mut TurnBudget,
        pet: u32,
        round: u32,
        options: PetOptions,
    ) -> Result<TurnBudget, FightError> {
        if self.round != round {
            self.round = round;
            self.commanded.clear();
        }
        if !options.same_pet_twice_per_round && self.commanded.contains(&pet) {
            return Err(FightError::PetAlreadyCommanded(pet));
        }
        owner.spend_maneuver()?;
        self.commanded.push(pet);
        Ok(TurnBudget::with_shape(match options.scope {
            CommandScope::FullTurn => TurnShape::Full,
            CommandScope::OneActOrManeuver => TurnShape::Single,
        }))
    }
}

/// The command test's results (CR-PET-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandOutcome {
    Refuses,
    /// Obeys, and is weakened afterwards.
    ObeysThenWeakened,
    Obeys,
}

pub const COMMAND_TABLE: TierTable<CommandOutcome> = TierTable {
    tier_1: CommandOutcome::Refuses,
    tier_2: CommandOutcome::ObeysThenWeakened,
    tier_3: CommandOutcome::Obeys,
};

pub fn command_outcome(tier: Tier) -> CommandOutcome {
    *COMMAND_TABLE.get(tier)
}

/// Whether the Referee rules on a command: what the pet can do and whether the order is
/// complex or dangerous enough for the test are the Referee's call for a pet (CR-PET-01/02,
/// CR-REF-26); a summoned creature simply obeys (CR-PET-05, CR-SPELL-13).
pub fn referee_rules_command(companion: Companion) -> bool {
    companion == Companion::Pet
}

/// What kind of order it is, as the Referee rules it (CR-REF-26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// Attack a dangerous creature: normally no test (CR-PET-03).
    AttackMonster,
    /// A tricky path, leaping a campfire…
    ComplexOrDangerous,
    Ordinary,
}

/// Whether the command test is called for: a pet given an order the Referee rules complex or
/// dangerous (CR-PET-02/03/05, CR-SPELL-13).
pub fn command_test_needed(companion: Companion, order: Order) -> bool {
    companion == Companion::Pet && order == Order::ComplexOrDangerous
}

/// Whether a rider can ride the pet: the pet is at least one size larger (CR-PET-04).
pub fn can_ride(rider: Size, pet: Size) -> bool {
    pet.categories_larger_than(rider) >= 1
}

/// Whether `owner` may own `pet`: a creature is not its own pet (CR-PET-01).
pub fn may_own(owner: &str, pet: &str) -> Result<(), FightError> {
    if owner == pet {
        return Err(FightError::OwnPet);
    }
    Ok(())
}

/// Whether `owner` may command `pet` (whose owner is `pet_owner`) now: its own pet
/// (CR-MAN-03, CR-PET-01), not commanded already this round (`commanded`, CR-ERR-15).
pub fn may_command(
    owner: &str,
    pet: &str,
    pet_owner: Option<&str>,
    commanded: bool,
) -> Result<(), FightError> {
    if pet_owner != Some(owner) {
        return Err(FightError::NotYourPet {
            creature: pet.to_string(),
            owner: owner.to_string(),
        });
    }
    if commanded {
        return Err(FightError::PetCommanded {
            creature: pet.to_string(),
        });
    }
    Ok(())
}
