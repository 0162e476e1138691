//! Toppling objects («Опрокидывание предметов»).
//!
//! Damage: 1d10 plus 2d10 per size category the object is larger than the creature it lands
//! on (CR-TOPPLE-01); an object smaller than the creature has no formula, so the Referee sets
//! it (CR-ERR-53, default none). Brute force: a smaller object topples with a maneuver and no
//! test; the toppler's size or up to two larger needs an action and a Strength test with a bane
//! per category larger; three or more larger needs tools (CR-TOPPLE-02…04).

use serde::{Deserialize, Serialize};

use super::{CombatError, sum_faces};
use crate::creature::Size;
use crate::test_roll::{
    Characteristic, Modifier, ModifierEffect, ModifierSource, SourceKind, TestSpec, Tier, TierTable,
};

/// Number of d10 an object deals to a creature: 1 + 2 per category larger; `None` when the
/// object is smaller (CR-ERR-53: the Referee decides, default no damage).
pub fn topple_damage_dice(object: Size, creature: Size) -> Option<u32> {
    let larger = object.categories_larger_than(creature);
    u32::try_from(larger).ok().map(|n| 1 + 2 * n)
}

/// The damage from the rolled d10 faces; the number of faces must match
/// [`topple_damage_dice`]. `None` when the object is smaller than the creature.
pub fn topple_damage(
    object: Size,
    creature: Size,
    faces: &[u8],
) -> Result<Option<u32>, CombatError> {
    match topple_damage_dice(object, creature) {
        None => Ok(None),
        Some(n) => sum_faces(faces, 10, n as usize).map(Some),
    }
}

/// How a creature may topple an object by brute force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToppleMethod {
    /// Smaller than the toppler: a maneuver, no test (CR-TOPPLE-02).
    Maneuver,
    /// The toppler's size to two larger: an action and a test with this many banes
    /// (CR-TOPPLE-03).
    ActionTest { banes: u8 },
    /// Three or more larger: ropes, winches, crowbars or trained elephants; the Referee
    /// adjudicates (CR-TOPPLE-04).
    NeedsTools,
}

pub fn topple_method(object: Size, toppler: Size) -> ToppleMethod {
    match object.categories_larger_than(toppler) {
        n if n < 0 => ToppleMethod::Maneuver,
        n @ 0..=2 => ToppleMethod::ActionTest { banes: n as u8 },
        _ => ToppleMethod::NeedsTools,
    }
}

/// The brute-force test: 2d10 + Strength, a bane if the object is one size larger, a double
/// bane if two (CR-TOPPLE-03). Refused when no test applies.
pub fn topple_test(strength: i8, object: Size, toppler: Size) -> Result<TestSpec, CombatError> {
    let spec = TestSpec::new(Characteristic::Strength, strength);
    let src =
        || ModifierSource::new(SourceKind::Situation, "object_size").with_rule("CR-TOPPLE-03");
    match topple_method(object, toppler) {
        ToppleMethod::Maneuver => Err(CombatError::ToppleNeedsNoTest),
        ToppleMethod::NeedsTools => Err(CombatError::ToppleNeedsTools),
        ToppleMethod::ActionTest { banes: 0 } => Ok(spec),
        ToppleMethod::ActionTest { banes: 1 } => Ok(spec.with_modifier(Modifier::bane(src()))),
        ToppleMethod::ActionTest { .. } => {
            Ok(spec.with_modifier(Modifier::new(src(), ModifierEffect::DoubleBane)))
        }
    }
}

/// A result of the topple test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToppleOutcome {
    /// The object does not move.
    DoesNotMove,
    /// The toppler may topple it and then takes 1d6 piercing damage.
    MayToppleTakingDamage,
    /// It topples.
    Topples,
}

/// The topple test table (CR-TOPPLE-03).
pub const TOPPLE_TABLE: TierTable<ToppleOutcome> = TierTable {
    tier_1: ToppleOutcome::DoesNotMove,
    tier_2: ToppleOutcome::MayToppleTakingDamage,
    tier_3: ToppleOutcome::Topples,
};

pub fn topple_outcome(tier: Tier) -> ToppleOutcome {
    *TOPPLE_TABLE.get(tier)
}

/// The piercing damage a tier-2 toppler takes if it topples the object anyway: one d6.
pub fn topple_self_damage(d6: u8) -> Result<u32, CombatError> {
    sum_faces(&[d6], 6, 1)
}
