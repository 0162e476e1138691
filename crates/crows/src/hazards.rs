//! Common hazards («Частые опасности»: «Падение», «Голод», «Удушье»).
//!
//! Falling deals 1d6 piercing damage per full 10 feet (rounding down, CR-CORE-04); the faller
//! may spend its reaction on an Agility resistance roll whose tier reduces it (CR-HAZ-02).
//! Each day without a ration brings a starvation wound; one ration clears them all
//! (CR-HAZ-03). Without air a creature lasts 3 + Strength combat rounds, then takes 1d6 at the
//! start of each further round (CR-HAZ-04).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::creature::{Creature, WorldOptions};
use crate::damage::{Damage, DamageOutcome, gain_wounds};
use crate::inventory::WoundKind;
use crate::overrides::RuleOverride;
use crate::test_roll::Tier;

/// Feet per falling die (CR-HAZ-01).
pub const FEET_PER_FALL_DIE: u32 = 10;
/// Rounds of held breath before Strength (CR-HAZ-04).
pub const BASE_BREATH_ROUNDS: i32 = 3;

/// Refusals.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    Serialize,
    Deserialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum HazardError {
    #[error("CR-HAZ-01: a {feet}-foot fall needs {expected} d6, {given} given")]
    #[strum(props(rule = "CR-HAZ-01"))]
    WrongFallDice {
        feet: u32,
        expected: u32,
        given: usize,
    },
    #[error("CR-HAZ-02: tier {tier} reduces by {expected} d6, {given} given")]
    #[strum(props(rule = "CR-HAZ-02"))]
    WrongReductionDice {
        tier: u8,
        expected: u8,
        given: usize,
    },
    #[error("CR-DICE-01: a d6 face must be 1-6, got {0}")]
    #[strum(props(rule = "CR-DICE-01"))]
    BadD6(u8),
    #[error("CR-HAZ-02: no reaction left (used, or unconscious): no resistance roll")]
    #[strum(props(rule = "CR-HAZ-02"))]
    NoReaction,
    #[error("{item} is not a ration")]
    #[strum(props(rule = "CR-HAZ-03"))]
    NotARation { item: String },
}

crate::refusal::refusal!(HazardError, "hazard");

/// Only a ration is eaten as one (CR-HAZ-03).
pub fn may_eat(item: &str, is_ration: bool) -> Result<(), HazardError> {
    if !is_ration {
        return Err(HazardError::NotARation {
            item: item.to_string(),
        });
    }
    Ok(())
}

fn sum_d6(faces: &[u8]) -> Result<u16, HazardError> {
    let mut s = 0u16;
    for f in faces {
        if !(1..=6).contains(f) {
            return Err(HazardError::BadD6(*f));
        }
        s += u16::from(*f);
    }
    Ok(s)
}

/// Number of d6 for a fall of `feet` (CR-HAZ-01): one per full 10 feet; under 10 feet none.
pub fn fall_dice(feet: u32) -> u32 {
    feet / FEET_PER_FALL_DIE
}

/// The falling resistance-roll table (CR-HAZ-02): how many d6 the tier takes off.
pub fn fall_reduction_dice(tier: Tier) -> u8 {
    match tier {
        Tier::One => 0,
        Tier::Two => 1,
        Tier::Three => 2,
    }
}

/// Whether the faller can make the resistance roll: it needs its reaction and must not be
/// unconscious (CR-HAZ-02, CR-COND-07).
pub fn can_resist_fall(reaction_available: bool, unconscious: bool) -> bool {
    reaction_available && !unconscious
}

/// What a fall did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FallResult {
    pub rolled: u16,
    pub reduced_by: u16,
    /// Piercing damage to apply with [`crate::damage::take_damage`].
    pub damage: Damage,
}

/// Resolves a fall: `damage_faces` are the fall's d6, `resistance` the final tier of the
/// Agility resistance roll (if one was made) and `reduction_faces` the d6 it removes.
/// Damage never goes below 0.
pub fn resolve_fall(
    feet: u32,
    damage_faces: &[u8],
    resistance: Option<Tier>,
    reduction_faces: &[u8],
) -> Result<FallResult, HazardError> {
    let expected = fall_dice(feet);
    if damage_faces.len() != usize::try_from(expected).unwrap_or(usize::MAX) {
        return Err(HazardError::WrongFallDice {
            feet,
            expected,
            given: damage_faces.len(),
        });
    }
    let rolled = sum_d6(damage_faces)?;
    let want = resistance.map_or(0, fall_reduction_dice);
    if reduction_faces.len() != usize::from(want) {
        return Err(HazardError::WrongReductionDice {
            tier: resistance.map_or(0, Tier::number),
            expected: want,
            given: reduction_faces.len(),
        });
    }
    let reduced_by = sum_d6(reduction_faces)?;
    Ok(FallResult {
        rolled,
        reduced_by,
        damage: Damage::piercing(rolled.saturating_sub(reduced_by)),
    })
}

/// Food eaten per in-game day (CR-HAZ-03). Day boundaries are calendar days; a ration eaten
/// during a rest counts for the day the rest ends (CR-ERR-80 default: the engine decides which
/// day to credit when it calls [`Hunger::eat_ration`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Hunger {
    pub rations_today: u8,
}

impl Hunger {
    /// Eats one ration (or equivalent food): every starvation wound goes at once. Returns how
    /// many were removed. The ration itself is consumed by the caller.
    pub fn eat_ration(&mut self, creature: &mut Creature) -> u8 {
        self.rations_today = self.rations_today.saturating_add(1);
        creature.inventory.remove_starvation_wounds()
    }

    /// End of the in-game day: a day without at least one ration brings a starvation wound,
    /// placed in a slot the character picks (the decision; place it with
    /// `place_wounds(.., WoundKind::Starvation)`), or death when no slot is left.
    pub fn end_of_day(&mut self, creature: &mut Creature) -> Option<DamageOutcome> {
        let starving = self.rations_today == 0;
        self.rations_today = 0;
        starving.then(|| gain_wounds(creature, 1, WoundKind::Starvation))
    }
}

/// Rounds a creature holds its breath: 3 + Strength (the 3 is `options.breath_rounds_base`, a
/// house rule, CR-CORE-02), never below 0 by default (CR-HAZ-04, CR-ERR-44). A creature's own
/// exception is [`crate::creature::Creature::breath_rounds`].
pub fn breath_rounds(strength: i8, options: &WorldOptions) -> i32 {
    let n = i32::from(options.breath_rounds_base) + i32::from(strength);
    if options.clamp_negative_results {
        n.max(0)
    } else {
        n
    }
}

/// Counting rounds without air (time runs in combat rounds while it lasts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Suffocation {
    pub rounds_without_air: u32,
}

impl Suffocation {
    /// Start of a round without air for this creature, with its exceptions (CR-CORE-03): a
    /// creature that needs no air is never harmed; one that holds its breath longer uses its
    /// own number. Returns true when this round brings 1d6 damage.
    pub fn start_of_round_for(&mut self, creature: &Creature, options: &WorldOptions) -> bool {
        self.rounds_without_air += 1;
        creature
            .breath_rounds(options)
            .is_some_and(|limit| i64::from(self.rounds_without_air) > i64::from(limit))
    }

    /// Air again.
    pub fn breathe(&mut self) {
        self.rounds_without_air = 0;
    }
}

/// The damage of one suffocating round: 1d6, not marked piercing (CR-ERR-81 default: literal,
/// so armor absorbs it; the option makes it piercing).
pub fn suffocation_damage(d6: u8, options: &WorldOptions) -> Result<Damage, HazardError> {
    let amount = sum_d6(&[d6])?;
    Ok(Damage {
        amount,
        piercing: options.suffocation_piercing,
    })
}

impl Creature {
    /// The rounds it can hold its breath: 3 + Strength by default, the setting's base in a
    /// house-ruled table, or its own number from an exception (CR-HAZ-04, CR-CORE-03);
    /// `None` when it needs no air.
    pub fn breath_rounds(&self, options: &WorldOptions) -> Option<i32> {
        let overrides = self.active_overrides();
        if overrides.contains(&RuleOverride::NeedsNoAir) {
            return None;
        }
        overrides
            .iter()
            .find_map(|o| match o {
                RuleOverride::HoldsBreath { rounds } => Some(i32::from(*rounds)),
                _ => None,
            })
            .or_else(|| {
                Some(crate::hazards::breath_rounds(
                    self.characteristics.strength,
                    options,
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o() -> WorldOptions {
        WorldOptions::default()
    }

    /// A monster with this Strength (−5…5), to count its held breath.
    fn strong(strength: i8) -> Creature {
        Creature::new(
            "diver",
            crate::creature::CreatureKind::Monster,
            crate::creature::Characteristics::new(0, 0, strength).expect("in range"),
            5,
            crate::creature::Speeds::default(),
            crate::creature::Size::Medium,
            crate::inventory::InventoryLayout::NONE,
        )
    }

    #[test]
    fn cr_haz_01_one_d6_piercing_per_full_ten_feet() {
        assert_eq!(fall_dice(9), 0);
        assert_eq!(fall_dice(10), 1);
        assert_eq!(fall_dice(25), 2);
        assert_eq!(fall_dice(35), 3);
        let r = resolve_fall(9, &[], None, &[]).expect("no dice");
        assert_eq!(r.damage, Damage::piercing(0));
        let r = resolve_fall(35, &[2, 5, 6], None, &[]).expect("3d6");
        assert_eq!(r.damage, Damage::piercing(13));
        assert!(r.damage.piercing);
        assert!(matches!(
            resolve_fall(35, &[2, 5], None, &[]),
            Err(HazardError::WrongFallDice { expected: 3, .. })
        ));
        assert_eq!(
            resolve_fall(10, &[7], None, &[]),
            Err(HazardError::BadD6(7))
        );
    }

    #[test]
    // Covers CR-CORE-04.
    fn cr_core_04_fall_of_25_feet_is_2d6() {
        assert_eq!(fall_dice(25), 2);
    }

    #[test]
    fn cr_haz_02_fall_resistance_table_every_row() {
        // ≤11 → none, 12–16 → 1d6, 17+ → 2d6, read through the tier of the total.
        let rows: [(i32, u8); 6] = [(5, 0), (11, 0), (12, 1), (16, 1), (17, 2), (25, 2)];
        for (total, dice) in rows {
            assert_eq!(
                fall_reduction_dice(Tier::from_total(total)),
                dice,
                "total {total}"
            );
        }
        let r = resolve_fall(20, &[4, 3], Some(Tier::Two), &[5]).expect("ok");
        assert_eq!((r.rolled, r.reduced_by, r.damage.amount), (7, 5, 2));
        let r = resolve_fall(20, &[1, 2], Some(Tier::Three), &[6, 6]).expect("ok");
        assert_eq!(r.damage.amount, 0, "never below 0");
        let r = resolve_fall(20, &[4, 3], Some(Tier::One), &[]).expect("ok");
        assert_eq!(r.damage.amount, 7);
        assert!(matches!(
            resolve_fall(20, &[4, 3], Some(Tier::Two), &[]),
            Err(HazardError::WrongReductionDice { .. })
        ));
        assert!(can_resist_fall(true, false));
        assert!(!can_resist_fall(false, false));
        assert!(!can_resist_fall(true, true));
    }

    #[test]
    fn cr_haz_03_starvation_wounds_cleared_by_a_ration() {
        let mut c = Creature::new_crow("Vasa", 0, 0, 0, 4, 5).expect("valid");
        let mut h = Hunger::default();
        let d = h.end_of_day(&mut c).expect("a day without food");
        assert!(matches!(
            d,
            DamageOutcome::PlaceWounds(crate::damage::WorldDecision::WoundSlots {
                count: 1,
                kind: WoundKind::Starvation,
                ..
            })
        ));
        crate::damage::place_wounds(&mut c, 1, &[2], WoundKind::Starvation).expect("placed");
        crate::damage::place_wounds(&mut c, 1, &[3], WoundKind::Normal).expect("placed");
        let _ = h.end_of_day(&mut c);
        crate::damage::place_wounds(&mut c, 1, &[4], WoundKind::Starvation).expect("placed");
        assert_eq!(c.inventory.wound_count(), 3);
        assert_eq!(h.eat_ration(&mut c), 2);
        assert_eq!(c.inventory.wound_count(), 1, "the ordinary wound stays");
        assert_eq!(h.end_of_day(&mut c), None, "fed today");
        assert!(h.end_of_day(&mut c).is_some(), "a new day, no food");
    }

    #[test]
    fn cr_haz_04_suffocation() {
        let mut s = Suffocation::default();
        for round in 1..=4 {
            assert!(
                !s.start_of_round_for(&strong(1), &o()),
                "round {round} is safe with Strength 1"
            );
        }
        assert!(
            s.start_of_round_for(&strong(1), &o()),
            "damage from the start of round 5"
        );
        assert!(s.start_of_round_for(&strong(1), &o()));
        s.breathe();
        assert!(!s.start_of_round_for(&strong(1), &o()));
        let d = suffocation_damage(4, &o()).expect("ok");
        assert_eq!(d, Damage::normal(4));
        let alt = WorldOptions {
            suffocation_piercing: true,
            ..o()
        };
        assert_eq!(suffocation_damage(4, &alt), Ok(Damage::piercing(4)));
        assert_eq!(suffocation_damage(0, &o()), Err(HazardError::BadD6(0)));
    }

    #[test]
    fn cr_err_44_breath_never_negative() {
        assert_eq!(breath_rounds(-5, &o()), 0);
        assert_eq!(breath_rounds(-2, &o()), 1);
        let literal = WorldOptions {
            clamp_negative_results: false,
            ..o()
        };
        assert_eq!(breath_rounds(-5, &literal), -2);
        let mut s = Suffocation::default();
        assert!(
            s.start_of_round_for(&strong(-5), &o()),
            "no breath to hold: damage in the first round"
        );
    }

    #[test]
    fn cr_err_81_suffocation_damage_is_absorbed_by_armor_by_default() {
        use crate::damage::{DamageStep, Hit, take_damage};
        use crate::inventory::{ArmorKind, CarriedItem, ItemId, SlotRef, Timing};
        let armored = || {
            let mut c = Creature::new_crow("Vasa", 0, 0, 0, 4, 5).expect("valid");
            c.inventory
                .add(
                    CarriedItem::new(ItemId(1), "mail", 1).with_armor(ArmorKind::Armor, 3),
                    &[SlotRef::backpack(1)],
                )
                .expect("fits");
            c.inventory
                .declare_worn_armor(ItemId(1), Timing::OutsideCombatRounds)
                .expect("worn");
            c
        };
        for (options, stamina_after) in [
            (o(), 4),
            (
                WorldOptions {
                    suffocation_piercing: true,
                    ..o()
                },
                1,
            ),
        ] {
            let mut c = armored();
            let hit = Hit {
                damage: suffocation_damage(3, &options).expect("ok"),
                vulnerable_faces: vec![],
                doubled: false,
                by_player: false,
            };
            let step = take_damage(&mut c, &hit, None, &options).expect("ok");
            assert!(matches!(step, DamageStep::Applied(_)));
            assert_eq!(c.stamina, stamina_after);
        }
    }

    #[test]
    fn cr_err_80_a_ration_counts_for_the_day_it_is_credited_to() {
        // The engine credits a ration eaten during a rest to the day on which the rest ends
        // by calling eat_ration before that day's end_of_day.
        let mut c = Creature::new_crow("Vasa", 0, 0, 0, 4, 5).expect("valid");
        let mut h = Hunger::default();
        h.eat_ration(&mut c);
        assert_eq!(h.end_of_day(&mut c), None);
        assert!(
            h.end_of_day(&mut c).is_some(),
            "the next day starts with nothing eaten"
        );
    }
}
