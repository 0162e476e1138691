//! Rounds, surprise and side initiative («Бой», «Застигнут врасплох», «Кто ходит первым?»).
//!
//! A [`Combat`] tracks the round number, who is surprised, the order of this round's turns and
//! whose turn it is. Every round the Referee picks a player who rolls 1d10 (the face arrives
//! here); 6+ puts the crows' side first. The order inside each side comes back from the
//! players (crows) or the Referee (enemies) as a list.

use serde::{Deserialize, Serialize};

pub use super::fight::Side;
use super::fight::{FightError, face};
use crate::inventory::Timing;
use crate::test_roll::{Modifier, ModifierSource, SourceKind};

/// The lowest 1d10 face that lets the crows' side act first (CR-CBT-09).
pub const CROWS_FIRST_MIN: u8 = 6;
/// The numeric bonus attacks get against a surprised creature (CR-CBT-08).
pub const SURPRISED_ATTACK_BONUS: i32 = 1;
/// The round in which surprise applies (CR-CBT-08).
pub const SURPRISE_ROUND: u32 = 1;

/// Which side acts first this round, from the 1d10 face (CR-CBT-09).
pub fn side_initiative(d10: u8) -> Result<Side, FightError> {
    Ok(if face(d10, 10)? >= CROWS_FIRST_MIN {
        Side::Crows
    } else {
        Side::Enemies
    })
}

/// The +1 on attacks against a surprised creature (CR-CBT-08).
pub fn surprised_target_modifier() -> Modifier {
    Modifier::bonus(
        ModifierSource::new(SourceKind::Situation, "surprised_target").with_rule("CR-CBT-08"),
        SURPRISED_ATTACK_BONUS,
    )
}

/// Configurable readings that touch rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatOptions {
    /// CR-ERR-42: surprised creatures may still react (default true, the literal reading).
    pub surprised_may_react: bool,
}

impl Default for CombatOptions {
    fn default() -> Self {
        Self {
            surprised_may_react: true,
        }
    }
}

/// One creature in the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    pub id: u32,
    pub side: Side,
    /// Unaware of the others when combat began (CR-CBT-08, CR-REF-17).
    pub surprised_at_start: bool,
}

/// The fight: round number, participants and this round's turns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub options: CombatOptions,
    combatants: Vec<Combatant>,
    /// 0 before the first round.
    round: u32,
    first_side: Option<Side>,
    order: Vec<u32>,
    /// Index in `order` of the creature whose turn it is (== len: the round is over).
    next: usize,
}

impl Combat {
    /// Starts a fight (no round yet). Surprise is the Referee's call (CR-REF-17), given here.
    pub fn new(combatants: Vec<Combatant>, options: CombatOptions) -> Result<Self, FightError> {
        if combatants.is_empty() {
            return Err(FightError::NoParticipants);
        }
        for (i, c) in combatants.iter().enumerate() {
            if combatants[..i].iter().any(|o| o.id == c.id) {
                return Err(FightError::DuplicateCreature(c.id));
            }
        }
        Ok(Self {
            options,
            combatants,
            round: 0,
            first_side: None,
            order: Vec::new(),
            next: 0,
        })
    }

    /// The current round (1 for the first; 0 before any).
    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn combatants(&self) -> &[Combatant] {
        &self.combatants
    }

    fn get(&self, id: u32) -> Result<&Combatant, FightError> {
        self.combatants
            .iter()
            .find(|c| c.id == id)
            .ok_or(FightError::UnknownCreature(id))
    }

    /// Whether `id` is surprised now: only during the first round (CR-CBT-08).
    pub fn is_surprised(&self, id: u32) -> Result<bool, FightError> {
        Ok(self.get(id)?.surprised_at_start && self.round <= SURPRISE_ROUND)
    }

    /// The modifiers the round puts on an attack against `target` (the surprise +1).
    pub fn attack_modifiers_against(&self, target: u32) -> Result<Vec<Modifier>, FightError> {
        Ok(if self.is_surprised(target)? {
            vec![surprised_target_modifier()]
        } else {
            Vec::new()
        })
    }

    /// Whether `id` may take a reaction as far as surprise goes (CR-ERR-42).
    pub fn surprise_allows_reaction(&self, id: u32) -> Result<bool, FightError> {
        Ok(self.options.surprised_may_react || !self.is_surprised(id)?)
    }

    /// The creatures of `side` that take a turn in the coming round: the surprised ones sit
    /// out round 1 (CR-CBT-08).
    pub fn turn_takers(&self, side: Side, round: u32) -> Vec<u32> {
        self.combatants
            .iter()
            .filter(|c| c.side == side && !(c.surprised_at_start && round <= SURPRISE_ROUND))
            .map(|c| c.id)
            .collect()
    }

    /// Starts the next round: the initiative face decides the first side; each side's order
    /// must list exactly its creatures that take a turn (CR-CBT-01, CR-CBT-08, CR-CBT-09).
    /// Returns the side that acts first.
    pub fn start_round(
        &mut self,
        d10: u8,
        crows_order: &[u32],
        enemies_order: &[u32],
    ) -> Result<Side, FightError> {
        if let Some(&id) = self.order.get(self.next) {
            return Err(FightError::RoundNotOver(id));
        }
        let first = side_initiative(d10)?;
        let round = self.round + 1;
        for (side, order) in [(Side::Crows, crows_order), (Side::Enemies, enemies_order)] {
            let mut expected = self.turn_takers(side, round);
            let mut given = order.to_vec();
            expected.sort_unstable();
            given.sort_unstable();
            if expected != given {
                return Err(FightError::BadOrder { side });
            }
        }
        let (a, b) = match first {
            Side::Crows => (crows_order, enemies_order),
            Side::Enemies => (enemies_order, crows_order),
        };
        self.order = a.iter().chain(b).copied().collect();
        self.round = round;
        self.first_side = Some(first);
        self.next = 0;
        Ok(first)
    }

    /// The side that acts first this round.
    pub fn first_side(&self) -> Option<Side> {
        self.first_side
    }

    /// This round's turn order.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// Whose turn it is; `None` when the round is over (or none has started).
    pub fn current(&self) -> Option<u32> {
        self.order.get(self.next).copied()
    }

    /// Whether every creature has had its turn this round (CR-CBT-01).
    pub fn round_over(&self) -> bool {
        self.current().is_none()
    }

    /// Ends `id`'s turn; returns whose turn is next (`None`: the round is over).
    pub fn end_turn(&mut self, id: u32) -> Result<Option<u32>, FightError> {
        match self.current() {
            None => Err(FightError::NoRound),
            Some(cur) if cur != id => Err(FightError::NotYourTurn(id)),
            Some(_) => {
                self.next += 1;
                Ok(self.current())
            }
        }
    }

    /// Takes a creature out of the fight (dead, fled); its pending turn this round is dropped.
    pub fn remove(&mut self, id: u32) -> Result<(), FightError> {
        self.get(id)?;
        self.combatants.retain(|c| c.id != id);
        if let Some(pos) = self.order.iter().position(|&o| o == id) {
            self.order.remove(pos);
            if pos < self.next {
                self.next -= 1;
            }
        }
        Ok(())
    }

    /// A fight runs in combat-round time: inventory moves, armor and out-of-combat spells
    /// follow their combat-round rules (CR-CBT-13).
    pub fn timing(&self) -> Timing {
        Timing::CombatRounds
    }
}

/// Whether a fight may start with these participants and surprised creatures: at least one
/// creature, and only participants are surprised (CR-CBT-01, CR-CBT-08).
pub fn may_start(participants: &[String], surprised: &[String]) -> Result<(), FightError> {
    if participants.is_empty() {
        return Err(FightError::NoParticipants);
    }
    if let Some(s) = surprised.iter().find(|s| !participants.contains(s)) {
        return Err(FightError::NotAParticipant {
            creature: s.clone(),
        });
    }
    Ok(())
}

/// Whether `side`'s turn order may be set to `given` (CR-CBT-09): the players order the
/// crows' side (`player_controls_a_crow` is `None` for the Referee, who orders either), and
/// the order lists each creature of the side that takes a turn exactly once.
pub fn may_order_side(
    side: Side,
    player_controls_a_crow: Option<bool>,
    mut expected: Vec<String>,
    mut given: Vec<String>,
) -> Result<(), FightError> {
    if let Some(controls) = player_controls_a_crow
        && !(side == Side::Crows && controls)
    {
        return Err(FightError::NotYourSide);
    }
    expected.sort();
    given.sort();
    if expected != given {
        return Err(FightError::BadOrder { side });
    }
    Ok(())
}

/// Whether `roller` may roll the side initiative now (CR-CBT-01, CR-CBT-09): the round is
/// over (`current` names whose turn it still is) and a seated player rolls, or the Referee
/// (`referee`) when no player is seated. Returns whether the Referee rolls.
pub fn may_roll_initiative(
    current: Option<&str>,
    roller: &str,
    roller_is_player: bool,
    players_seated: bool,
) -> Result<bool, FightError> {
    if let Some(who) = current {
        return Err(FightError::RoundNotOverFor(who.to_string()));
    }
    let by_referee = roller == "referee" && !players_seated;
    if !by_referee && !roller_is_player {
        return Err(FightError::NotAPlayer {
            roller: roller.to_string(),
            no_player_seated: !players_seated,
        });
    }
    Ok(by_referee)
}

/// Whether the next round may begin: not while one runs (CR-CBT-01).
pub fn may_begin_round(round_running: bool) -> Result<(), FightError> {
    if round_running {
        return Err(FightError::RoundRunning);
    }
    Ok(())
}
