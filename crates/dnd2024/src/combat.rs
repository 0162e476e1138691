//! Combat (checklist §9, DD-CBT): Initiative, surprise, ranged and melee attacks, Unarmed
//! Strikes, grappling and shoving, improvised weapons, armor training, mounts, underwater.

use crate::core::{DamageDice, RollMode};
use crate::movement::Size;
use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// Static Initiative score: 10 + Dex modifier, +5 with Advantage, −5 with Disadvantage
/// (DD-CBT-01.c).
pub fn initiative_score(dex_modifier: i32, mode: RollMode) -> i32 {
    crate::core::passive_score(dex_modifier, mode)
}

/// The roll mode of an Initiative roll from its sources (DD-CBT-02): surprised and
/// Incapacitated give Disadvantage (DD-CBT-02.a, DD-COND-08.d), Invisible gives Advantage
/// (DD-COND-09.a); they combine by DD-CORE-08. Surprise has no other effect: the creature acts
/// normally on its first turn.
pub fn initiative_mode(
    surprised: bool,
    incapacitated: bool,
    invisible: bool,
    other_adv: u32,
    other_dis: u32,
) -> RollMode {
    RollMode::from_sources(
        other_adv + u32::from(invisible),
        other_dis + u32::from(surprised) + u32::from(incapacitated),
    )
}

/// Turn order: highest Initiative first, fixed for the whole combat (DD-CBT-01.b). Ties are
/// left in the order given by `tie_order` (the GM's or players' choice, an input). Returns the
/// indices in turn order.
pub fn turn_order(initiatives: &[i32], tie_order: &[usize]) -> Result<Vec<usize>, RulesError> {
    let mut idx: Vec<usize> = (0..initiatives.len()).collect();
    let rank = |i: usize| tie_order.iter().position(|t| *t == i).unwrap_or(usize::MAX);
    if tie_order.iter().any(|t| *t >= initiatives.len()) {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-01.b",
            reason: "tie order names a participant that does not exist".into(),
        });
    }
    idx.sort_by(|a, b| {
        initiatives[*b]
            .cmp(&initiatives[*a])
            .then(rank(*a).cmp(&rank(*b)))
    });
    Ok(idx)
}

/// A ranged attack's distance check (DD-CBT-05): beyond long range (or a single range) it is
/// impossible; beyond normal range it has Disadvantage; any ranged attack has Disadvantage
/// while an enemy who can see the attacker and is not Incapacitated is within 5 ft. Returns
/// the number of Disadvantage sources.
pub fn ranged_attack(
    distance_ft: u32,
    normal_ft: u32,
    long_ft: Option<u32>,
    hostile_within_5ft_seeing: bool,
) -> Result<u32, RulesError> {
    let limit = long_ft.unwrap_or(normal_ft);
    if distance_ft > limit {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-05.a",
            reason: format!("target at {distance_ft} ft is beyond the {limit} ft range"),
        });
    }
    Ok(u32::from(distance_ft > normal_ft) + u32::from(hostile_within_5ft_seeing))
}

/// A melee attack needs the target within reach (DD-CBT-06.a, DD-MOVE-22.a).
pub fn melee_in_reach(distance_ft: u32, reach_ft: u32) -> Result<(), RulesError> {
    if distance_ft > reach_ft {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-06.a",
            reason: format!("target at {distance_ft} ft is beyond the {reach_ft} ft reach"),
        });
    }
    Ok(())
}

/// The numbers of an Unarmed Strike (DD-CBT-07): attack bonus Str + PB, damage 1 + Str
/// (never below 0), and the save DC of Grapple and Shove, 8 + Str + PB.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnarmedStrike {
    pub attack_bonus: i32,
    pub damage: u32,
    pub grapple_shove_dc: i32,
}

pub fn unarmed_strike(str_modifier: i32, pb: i32) -> UnarmedStrike {
    UnarmedStrike {
        attack_bonus: str_modifier + pb,
        damage: u32::try_from((1 + str_modifier).max(0)).unwrap_or(0),
        grapple_shove_dc: 8 + str_modifier + pb,
    }
}

/// Whether a Grapple (needs a free hand) or Shove may be tried: the target at most one size
/// larger (DD-CBT-07.c/d, DD-CBT-08.b).
pub fn check_grapple_or_shove(
    attacker: Size,
    target: Size,
    grapple: bool,
    free_hand: bool,
) -> Result<(), RulesError> {
    let rule = if grapple {
        "DD-CBT-07.c"
    } else {
        "DD-CBT-07.d"
    };
    if target.steps_from(attacker) > 1 {
        return Err(RulesError::Forbidden {
            rule,
            reason: format!(
                "a {} target is more than one size larger than a {} creature",
                target.name(),
                attacker.name()
            ),
        });
    }
    if grapple && !free_hand {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-08.b",
            reason: "grappling needs a free hand".into(),
        });
    }
    Ok(())
}

/// Whether a grapple ends (DD-CBT-08.c/d): a successful escape check, the grappler
/// Incapacitated, the distance over the grapple's range, or the grappler letting go.
pub fn grapple_ends(
    escape_succeeded: bool,
    grappler_incapacitated: bool,
    distance_ft: u32,
    range_ft: u32,
    released: bool,
) -> bool {
    escape_succeeded || grappler_incapacitated || distance_ft > range_ft || released
}

/// Moving a grappled creature costs 1 extra foot per foot unless it is Tiny or at least two
/// sizes smaller (DD-COND-07.c). Returns the cost per foot.
pub fn drag_cost_per_foot(grappler: Size, grappled: Size) -> u32 {
    if grappled == Size::Tiny || grappler.steps_from(grappled) >= 2 {
        1
    } else {
        2
    }
}

/// Improvised weapon (DD-CBT-09): no PB on its attack, 1d4 damage, thrown range 20/60.
pub const IMPROVISED_DAMAGE: DamageDice = DamageDice {
    count: 1,
    sides: 4,
    modifier: 0,
};
pub const IMPROVISED_THROWN_RANGE: (u32, u32) = (20, 60);

/// Attack bonus of an improvised weapon: the ability modifier only (DD-CBT-09.b).
pub fn improvised_attack_bonus(ability_modifier: i32, _pb: i32) -> i32 {
    ability_modifier
}

/// Armor categories (DD-CBT-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmorCategory {
    Light,
    Medium,
    Heavy,
    Shield,
}

/// What wearing armor without training does (DD-CBT-11): Disadvantage on Str/Dex D20 Tests and
/// no spellcasting for body armor; no AC from an untrained Shield. Returns (disadvantage on
/// Str/Dex tests, can cast, shield AC bonus counts).
pub fn armor_training_effects(category: ArmorCategory, trained: bool) -> (bool, bool, bool) {
    match (category, trained) {
        (_, true) => (false, true, true),
        (ArmorCategory::Shield, false) => (false, true, false),
        (_, false) => (true, false, true),
    }
}

/// Mounting or dismounting costs half the rider's Speed, rounded down (DD-CBT-12.a); the
/// mount must be willing and at least one size larger.
pub fn mount_cost(
    rider: Size,
    mount: Size,
    rider_speed: u32,
    willing: bool,
) -> Result<u32, RulesError> {
    if !willing || mount.steps_from(rider) < 1 {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-12.a",
            reason: "a mount must be willing and at least one size larger than its rider".into(),
        });
    }
    Ok(rider_speed / 2)
}

/// Underwater attacks (DD-CBT-13): melee without a Swim Speed has Disadvantage unless the
/// weapon pierces; ranged beyond normal range misses, within it has Disadvantage. Returns the
/// Disadvantage sources, or an error for the automatic miss.
pub fn underwater_attack(
    ranged: bool,
    piercing: bool,
    has_swim_speed: bool,
    distance_ft: u32,
    normal_ft: u32,
) -> Result<u32, RulesError> {
    if ranged {
        if distance_ft > normal_ft {
            return Err(RulesError::Forbidden {
                rule: "DD-CBT-13.b",
                reason: "underwater, a ranged attack beyond normal range misses".into(),
            });
        }
        return Ok(1);
    }
    Ok(u32::from(!has_swim_speed && !piercing))
}

/// Validates a Strength score-based number for the CLI and pack readers.
pub fn check_reach(reach_ft: i64) -> Result<u32, RulesError> {
    in_range("reach", reach_ft, 0, 1_000, "DD-MOVE-22.a")?;
    Ok(u32::try_from(reach_ft).unwrap_or(5))
}

/// A weapon attack's numbers (DD-CBT-10.b, DD-CORE-05.c/d): the ability is Strength for melee,
/// Dexterity for ranged, either (the better) for Finesse; PB only if proficient; the damage
/// adds the same ability modifier as the attack.
pub fn weapon_attack(
    str_mod: i32,
    dex_mod: i32,
    ranged: bool,
    finesse: bool,
    pb: i32,
    proficient: bool,
    dice: DamageDice,
) -> (i32, DamageDice) {
    let ability = if finesse {
        str_mod.max(dex_mod)
    } else if ranged {
        dex_mod
    } else {
        str_mod
    };
    let bonus = ability + if proficient { pb } else { 0 };
    (
        bonus,
        DamageDice {
            modifier: dice.modifier + ability,
            ..dice
        },
    )
}
