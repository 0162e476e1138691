//! Dungeon turns («Ходы подземелья», «Награда за жадность», «Вне подземелья»): the pure
//! parts the explore family plays. The turn itself — its counter, timer, pause, the
//! end-of-turn pipeline and the encounter check — is the table's, in
//! [`crate::ruleset`]'s explore family (`crate::ruleset::explore`), on the engine's clock.
//! Here: the turn-long effects a rest ends, the 2-hour turn equivalents outside a dungeon
//! ([`OutsideClock`], CR-DT-09) and the greed reward (CR-DT-07/08).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::conditions::ConditionKind;
use crate::creature::{Creature, TurnError, WorldOptions};
use crate::damage::{DamageOutcome, gain_wounds};
use crate::inventory::{InventoryError, ItemId};
use crate::usage_dice::{HOURS_PER_DUNGEON_TURN, PoolRoll, RollOccasion};

/// An effect lasting until the end of the current dungeon turn (a spell with duration "DT",
/// a backlash "until the end of this DT"), on creature `creature` (index in the slice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnEffect {
    pub creature: usize,
    pub name: String,
}

// ----- outside a dungeon -----

/// In-game time outside a dungeon, counted in dungeon-turn equivalents: every 2 hours is one
/// turn for usage dice and turn-long durations (CR-DT-09, CR-UD-07). Leftover minutes carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutsideClock {
    minutes: u32,
}

impl OutsideClock {
    /// `minutes` of in-game time pass; returns how many turn ends they bring.
    pub fn advance(&mut self, minutes: u32) -> u32 {
        let per_turn = HOURS_PER_DUNGEON_TURN * 60;
        let total = self.minutes.saturating_add(minutes);
        self.minutes = total % per_turn;
        total / per_turn
    }
}

// ----- greed reward -----

/// One row of the greed table (CR-DT-07).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GreedRow {
    pub turn: u32,
    pub percent: u32,
}

/// Treasure found in these turns of a first entry gains this share of its value (CR-DT-07).
pub const GREED_TABLE: [GreedRow; 3] = [
    GreedRow {
        turn: 1,
        percent: 30,
    },
    GreedRow {
        turn: 2,
        percent: 20,
    },
    GreedRow {
        turn: 3,
        percent: 10,
    },
];

/// The greed percentage for a find in `turn` (0 from turn 4 on).
pub fn greed_percent(turn: u32) -> u32 {
    GREED_TABLE
        .iter()
        .find(|r| r.turn == turn)
        .map_or(0, |r| r.percent)
}

/// `base` raised by the greed percentage of `turn`, rounded down (CR-CORE-04).
pub fn greed_value(base: u64, turn: u32) -> u64 {
    base.saturating_mul(100 + u64::from(greed_percent(turn))) / 100
}

/// Which player sets have had their greed window in which dungeon (CR-DT-08). A group is
/// named by its players, so another group of characters run by the same players counts as
/// the same group.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreedLedger {
    used: BTreeMap<String, BTreeSet<BTreeSet<String>>>,
}

/// The greed window of one visit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreedWindow {
    pub dungeon: String,
    /// Whether this visit is the group's first entry (the reward applies).
    pub open: bool,
}

impl GreedLedger {
    /// A group enters `dungeon`: the window is open only on its players' first entry, and
    /// that entry is recorded.
    pub fn enter(&mut self, dungeon: &str, players: &BTreeSet<String>) -> GreedWindow {
        let set = self.used.entry(dungeon.to_string()).or_default();
        let open = set.insert(players.clone());
        GreedWindow {
            dungeon: dungeon.to_string(),
            open,
        }
    }
}

impl GreedWindow {
    /// The value of a treasure the Referee tagged (CR-REF-31) with `base`, found in `turn`.
    /// Turns keep counting across rests; leaving the dungeon ends the window (CR-ERR-48).
    pub fn value(&self, base: u64, turn: u32) -> u64 {
        if self.open {
            greed_value(base, turn)
        } else {
            base
        }
    }

    /// The party left the dungeon.
    pub fn close(&mut self) {
        self.open = false;
    }
}

/// The steps at the end of a dungeon turn, in order (CR-ERR-36 default). Steps 1–3 are
/// [`Creature::end_of_dungeon_turn`]; the encounter check and the new turn are the engine's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndOfTurnStep {
    /// Usage dice of items and effects; effects whose pool reaches 0 end.
    UsageDice,
    /// End-of-DT conditions and DT-long effects expire; knocked-out creatures come to.
    Expiry,
    /// 1d6 wounds for an overloaded magic-item slot.
    MagicSlotOverload,
    EncounterCheck,
    NewDungeonTurn,
}

/// CR-ERR-36 default order.
pub const END_OF_DUNGEON_TURN_ORDER: [EndOfTurnStep; 5] = [
    EndOfTurnStep::UsageDice,
    EndOfTurnStep::Expiry,
    EndOfTurnStep::MagicSlotOverload,
    EndOfTurnStep::EncounterCheck,
    EndOfTurnStep::NewDungeonTurn,
];

/// The dice the engine must roll for one creature at the end of a dungeon turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndOfTurnDice {
    /// Items whose usage dice roll now, with the number of d6.
    pub items: Vec<(ItemId, u8)>,
    /// Effects (by index in [`Creature::effects`]) and their number of d6.
    pub effects: Vec<(usize, u8)>,
    /// One d6 for magic-slot overload wounds.
    pub overload_d6: bool,
}

/// The faces the engine rolled for [`EndOfTurnDice`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndOfTurnFaces {
    pub items: Vec<(ItemId, Vec<u8>)>,
    pub effects: Vec<(usize, Vec<u8>)>,
    #[serde(default)]
    pub overload_d6: Option<u8>,
}

/// What the end of a dungeon turn did to one creature.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndOfTurnReport {
    pub item_rolls: Vec<(ItemId, PoolRoll)>,
    pub effects_ended: Vec<String>,
    pub conditions_ended: Vec<ConditionKind>,
    /// Wounds from an overloaded magic-item slot: the character picks the slots (or dies).
    pub overload_wounds: Option<DamageOutcome>,
}

impl Creature {
    /// The dice to roll at the end of the dungeon turn (CR-UD-04/05, CR-INV-07).
    pub fn end_of_turn_dice(&self) -> EndOfTurnDice {
        let items = self
            .inventory
            .all_items()
            .filter_map(|i| {
                let n = i
                    .usage
                    .as_ref()
                    .map_or(0, |u| u.dice_to_roll(RollOccasion::EndOfDungeonTurn));
                (n > 0).then_some((i.id, n))
            })
            .collect();
        let effects = self
            .effects
            .iter()
            .enumerate()
            .map(|(i, e)| (i, e.pool.current))
            .collect();
        EndOfTurnDice {
            items,
            effects,
            overload_d6: self.inventory.needs_overload_roll(),
        }
    }

    /// Steps 1–3 of the end of a dungeon turn for this creature (CR-ERR-36): usage dice of
    /// items and effects, expiry of conditions (knocked-out creatures come to), magic-slot
    /// overload wounds. Checks every face before changing anything.
    pub fn end_of_dungeon_turn(
        &mut self,
        faces: &EndOfTurnFaces,
        options: &WorldOptions,
    ) -> Result<EndOfTurnReport, TurnError> {
        let want = self.end_of_turn_dice();
        let mut next = self.clone();
        let mut report = EndOfTurnReport::default();
        for (id, _) in &want.items {
            let f = faces
                .items
                .iter()
                .find(|(i, _)| i == id)
                .map(|(_, f)| f.as_slice())
                .ok_or_else(|| TurnError::MissingFaces(format!("item {id:?}")))?;
            let usage = next
                .inventory
                .item_mut(*id)
                .and_then(|i| i.usage.as_mut())
                .ok_or(TurnError::Inventory(InventoryError::UnknownItem(*id)))?;
            if let Some(r) = usage.roll(RollOccasion::EndOfDungeonTurn, f)? {
                report.item_rolls.push((*id, r));
            }
        }
        let mut ended = Vec::new();
        for (idx, _) in &want.effects {
            let f = faces
                .effects
                .iter()
                .find(|(i, _)| i == idx)
                .map(|(_, f)| f.as_slice())
                .ok_or_else(|| TurnError::MissingFaces(format!("effect {idx}")))?;
            let Some(effect) = next.effects.get_mut(*idx) else {
                continue;
            };
            if effect.end_of_dungeon_turn(f)? {
                ended.push(*idx);
            }
        }
        for idx in ended.into_iter().rev() {
            report.effects_ended.push(next.effects.remove(idx).effect);
        }
        report.conditions_ended = next.conditions.end_of_dungeon_turn(options);
        if want.overload_d6 {
            let d6 = faces
                .overload_d6
                .ok_or_else(|| TurnError::MissingFaces("magic-slot overload d6".into()))?;
            let n = next.inventory.overload_wounds(d6)?;
            if n > 0 {
                report.overload_wounds = Some(gain_wounds(
                    &mut next,
                    u16::from(n),
                    crate::inventory::WoundKind::Normal,
                ));
            }
        }
        *self = next;
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::tests::torch_and_rings;
    use crate::usage_dice::EffectUsage;

    #[test]
    fn cr_err_36_end_of_dungeon_turn_order() {
        assert_eq!(
            END_OF_DUNGEON_TURN_ORDER,
            [
                EndOfTurnStep::UsageDice,
                EndOfTurnStep::Expiry,
                EndOfTurnStep::MagicSlotOverload,
                EndOfTurnStep::EncounterCheck,
                EndOfTurnStep::NewDungeonTurn
            ]
        );
        let mut c = torch_and_rings();
        let want = c.end_of_turn_dice();
        assert_eq!(want.items, vec![(ItemId(1), 2)]);
        assert_eq!(want.effects, vec![(0, 1)]);
        assert!(want.overload_d6);
        // Missing faces: refused, nothing changes.
        let before = c.clone();
        let partial = EndOfTurnFaces {
            items: vec![(ItemId(1), vec![1, 5])],
            effects: vec![(0, vec![2])],
            overload_d6: None,
        };
        assert!(matches!(
            c.end_of_dungeon_turn(&partial, &WorldOptions::default()),
            Err(TurnError::MissingFaces(_))
        ));
        assert_eq!(c, before);
        let faces = EndOfTurnFaces {
            overload_d6: Some(3),
            ..partial
        };
        let r = c
            .end_of_dungeon_turn(&faces, &WorldOptions::default())
            .expect("ok");
        assert_eq!(r.item_rolls.len(), 1);
        assert_eq!(r.item_rolls[0].1.remaining, 1);
        assert_eq!(r.effects_ended, vec!["glowing skin".to_string()]);
        assert!(c.effects.is_empty());
        assert_eq!(r.conditions_ended, vec![ConditionKind::Blessed]);
        assert!(matches!(
            r.overload_wounds,
            Some(DamageOutcome::PlaceWounds(
                crate::damage::WorldDecision::WoundSlots { count: 3, .. }
            ))
        ));
    }

    #[test]
    fn cr_ud_04_effects_on_a_creature_roll_every_dungeon_turn() {
        let mut c = Creature::new_crow("Vasa", 0, 0, 0, 6, 5).expect("valid");
        c.effects.push(EffectUsage::new("haste", 2));
        let faces = EndOfTurnFaces {
            effects: vec![(0, vec![6, 1])],
            ..EndOfTurnFaces::default()
        };
        let r = c
            .end_of_dungeon_turn(&faces, &WorldOptions::default())
            .expect("ok");
        assert!(r.effects_ended.is_empty());
        assert_eq!(c.effects[0].pool.current, 1);
    }
}
