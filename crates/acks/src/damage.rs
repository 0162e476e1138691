//! Damage («Урон», «Двойной урон», «"Неуязвимые" монстры») and cleave («Рассечение»): weapon
//! damage dice, two-weapon damage, double damage, harming monsters only magic can harm, and the
//! number of cleaves per round.
use crate::attack::AttackProgression;
use crate::{AcksError, HitDice};
use serde::{Deserialize, Serialize};

/// A die: count × sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
}

const fn d(count: u32, sides: u32) -> Dice {
    Dice { count, sides }
}

/// Weapon categories of AC-DMG-01/02.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponCategory {
    Whip,
    Unarmed,
    /// Dagger, club, small axe.
    Small,
    Staff,
    /// Hand axe, javelin, short sword.
    OneHanded,
    /// Flail, battle axe, mace, pick, spear, sword, war hammer.
    HandAndAHalf,
    /// Morning star, polearm, two-handed sword.
    TwoHanded,
    /// Thrown daggers, darts, thrown missiles, sling stones.
    ThrownOrSling,
    /// Arrows and bolts.
    ArrowOrBolt,
}

/// AC-DMG-01/02: damage dice, whether it is nonlethal, and the initiative penalty.
pub fn weapon_damage(c: WeaponCategory, two_handed_grip: bool) -> (Dice, bool, i32) {
    match c {
        WeaponCategory::Whip => (d(1, 2), false, 0),
        WeaponCategory::Unarmed => (d(1, 3), true, 0),
        WeaponCategory::Small | WeaponCategory::ThrownOrSling => (d(1, 4), false, 0),
        WeaponCategory::Staff => (if two_handed_grip { d(1, 6) } else { d(1, 4) }, false, 0),
        WeaponCategory::OneHanded | WeaponCategory::ArrowOrBolt => (d(1, 6), false, 0),
        WeaponCategory::HandAndAHalf => (if two_handed_grip { d(1, 8) } else { d(1, 6) }, false, 0),
        WeaponCategory::TwoHanded => (d(1, 10), false, -1),
    }
}

/// AC-DMG-03: two weapons deal 1d6 (primary one-handed or hand-and-a-half) or 1d4 (primary
/// small), whatever the off-hand weapon.
pub fn two_weapon_damage(primary: WeaponCategory) -> Result<Dice, AcksError> {
    match primary {
        WeaponCategory::Small => Ok(d(1, 4)),
        WeaponCategory::OneHanded | WeaponCategory::HandAndAHalf => Ok(d(1, 6)),
        other => Err(AcksError::range(
            "AC-DMG-03",
            format!("{other:?} cannot be the primary of two weapons"),
        )),
    }
}

/// AC-DMG-04/06: total damage: the base roll (doubled for backstab, charge…) plus STR, magic
/// and class bonuses added once; never below 0.
pub fn total_damage(base_roll: u32, doubled: bool, bonuses: i32) -> u32 {
    let base = if doubled { 2 * base_roll } else { base_roll } as i32;
    (base + bonuses).max(0) as u32
}

/// AC-DMG-07: whether an attacker can harm a monster that only magic or silver harms.
pub fn can_harm_invulnerable(
    magic_or_silver_weapon: bool,
    attacker_monster_hd: Option<HitDice>,
    attacker_also_invulnerable: bool,
) -> bool {
    magic_or_silver_weapon
        || attacker_also_invulnerable
        || attacker_monster_hd.is_some_and(|h| h.dice >= 5)
}

/// AC-CLEAVE-04: cleaves per round: fighters and monsters up to level/HD, clerics and thieves
/// half level (down), mages none.
pub fn cleaves_per_round(progression: Option<AttackProgression>, level_or_hd: u32) -> u32 {
    match progression {
        None | Some(AttackProgression::Fighter) => level_or_hd,
        Some(AttackProgression::Cleric | AttackProgression::Thief) => level_or_hd / 2,
        Some(AttackProgression::Mage) => 0,
    }
}

/// Missile weapons for cleave caps (AC-CLEAVE-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissileCleave {
    CrossbowOrArbalest,
    Longbow,
    /// Composite and short bows, slings, thrown weapons, daggers, darts, javelins.
    Other,
}

/// AC-CLEAVE-05: the cap on missile cleaves per round, applied on top of AC-CLEAVE-04.
pub fn missile_cleaves(weapon: MissileCleave, class_cleaves: u32) -> u32 {
    let cap = match weapon {
        MissileCleave::CrossbowOrArbalest => 2,
        MissileCleave::Longbow => 3,
        MissileCleave::Other => 4,
    };
    class_cleaves.min(cap)
}

/// AC-CLEAVE-01…03: a cleave needs a foe within 5 ft of the fallen one; in melee the attacker
/// may step 5 ft per cleave within its remaining combat movement; no maneuvers while cleaving.
pub fn may_cleave(
    cleaves_used: u32,
    cleaves_allowed: u32,
    foe_within_5_ft_of_fallen: bool,
    step_ft: u32,
    movement_left_ft: u32,
    maneuver: bool,
) -> Result<(), AcksError> {
    let refuse = |r: &'static str, m: &str| Err(AcksError::range(r, m.to_string()));
    if maneuver {
        return refuse("AC-CLEAVE-03", "no special maneuvers while cleaving");
    }
    if cleaves_used >= cleaves_allowed {
        return refuse("AC-CLEAVE-04", "no cleaves left this round");
    }
    if !foe_within_5_ft_of_fallen {
        return refuse(
            "AC-CLEAVE-01",
            "the next foe must be within 5 ft of the fallen one",
        );
    }
    if step_ft > 5 || step_ft > movement_left_ft {
        return refuse(
            "AC-CLEAVE-02",
            "a cleave allows one 5-ft step within the round's movement",
        );
    }
    Ok(())
}

/// AC-RANGED-02: missile attacks in a round: one, plus any cleaves (capped per AC-CLEAVE-05).
pub fn missile_attacks_per_round(
    weapon: MissileCleave,
    class_cleaves: u32,
    kills_so_far: u32,
) -> u32 {
    1 + kills_so_far.min(missile_cleaves(weapon, class_cleaves))
}
