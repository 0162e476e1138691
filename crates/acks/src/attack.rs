//! Attacks («Как атаковать», «Ближний бой», «Броски атак монстров»): attack throws by class
//! and level (T-13) or by Hit Dice (T-14), the throw needed against an armour class, natural
//! 20 and natural 1 (AC-ATK-04), helpless targets (AC-ATK-06) and the chapter's situational
//! attack modifiers.
use crate::odds::Fraction;
use crate::{AcksError, HitDice, Tables};
use serde::{Deserialize, Serialize};

/// Largest level in T-13 and T-19.
pub const MAX_LEVEL: u32 = 14;
/// Armour classes accepted (generous bounds for magic armour and monsters).
pub const AC_RANGE: std::ops::RangeInclusive<i32> = -10..=30;
/// Largest absolute attack bonus accepted.
pub const MAX_BONUS: i32 = 30;

/// Attack progressions of T-13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackProgression {
    Fighter,
    Cleric,
    Thief,
    Mage,
}

/// T-13: a character's attack throw. Level 0 (all 0-level humans) exists only for the fighter
/// column.
pub fn character_attack_throw(
    tables: &Tables,
    class: AttackProgression,
    level: u32,
) -> Result<i32, AcksError> {
    if level > MAX_LEVEL {
        return Err(AcksError::range(
            "T-13",
            format!("character levels run 0–{MAX_LEVEL}, got {level}"),
        ));
    }
    let t = &tables.t13_character_attack;
    let row = t.find(format!("level {level}"), |r| r.level == level)?;
    let cell = match class {
        AttackProgression::Fighter => row.fighter,
        AttackProgression::Cleric | AttackProgression::Thief => row.cleric_thief,
        AttackProgression::Mage => row.mage,
    };
    cell.ok_or_else(|| {
        AcksError::range(
            "T-13",
            format!(
                "{class:?} has no level {level} (only 0-level humans use the fighter's level 0)"
            ),
        )
    })
}

/// T-14: a monster's attack throw by Hit Dice ("N+" falls in the band above N).
pub fn monster_attack_throw(tables: &Tables, hd: HitDice) -> Result<i32, AcksError> {
    tables
        .t14_monster_attack
        .find(format!("{hd} HD"), |r| {
            !r.normal_human && hd.rank() >= r.min_rank && r.max_rank.is_none_or(|m| hd.rank() <= m)
        })
        .map(|r| r.throw)
}

/// T-14: the attack throw of a normal (0-level) human.
pub fn normal_human_attack_throw(tables: &Tables) -> Result<i32, AcksError> {
    tables
        .t14_monster_attack
        .find("a normal human", |r| r.normal_human)
        .map(|r| r.throw)
}

/// The d20 total an attack needs: attack throw + target AC (AC-ATK-03).
pub fn needed(attack_throw: i32, ac: i32) -> i32 {
    attack_throw + ac
}

/// The odds of an attack.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttackOdds {
    /// The attacker's attack throw.
    pub throw: i32,
    /// The modified d20 total that hits (throw + AC).
    pub needed: i32,
    /// P(hit), natural 20 and natural 1 included.
    pub hit: Fraction,
}

fn check_inputs(ac: i32, bonus: i32) -> Result<(), AcksError> {
    if !AC_RANGE.contains(&ac) {
        return Err(AcksError::range(
            "AC-ATK-03",
            format!(
                "armour class must be {}…{}, got {ac}",
                AC_RANGE.start(),
                AC_RANGE.end()
            ),
        ));
    }
    if bonus.abs() > MAX_BONUS {
        return Err(AcksError::range(
            "AC-ATK-03",
            format!("attack bonus must be within ±{MAX_BONUS}, got {bonus}"),
        ));
    }
    Ok(())
}

/// Exact P(hit): 1d20 + bonus ≥ throw + AC, where a natural 20 always hits and a natural 1
/// always misses (AC-ATK-04).
pub fn attack_odds(attack_throw: i32, ac: i32, bonus: i32) -> Result<AttackOdds, AcksError> {
    check_inputs(ac, bonus)?;
    let needed = needed(attack_throw, ac);
    let hits = (1..=20).filter(|&f| hits_on(f, bonus, needed)).count() as i64;
    Ok(AttackOdds {
        throw: attack_throw,
        needed,
        hit: Fraction::new(hits, 20),
    })
}

fn hits_on(face: i32, bonus: i32, needed: i32) -> bool {
    match face {
        20 => true,
        1 => false,
        f => f + bonus >= needed,
    }
}

/// One resolved attack throw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackRoll {
    pub face: i32,
    pub total: i32,
    pub needed: i32,
    pub hit: bool,
    /// Decided by the unmodified die (natural 20 or 1), not the total.
    pub natural: bool,
}

/// Resolves an attack with a d20 face chosen by the caller.
pub fn resolve_attack(
    attack_throw: i32,
    ac: i32,
    bonus: i32,
    face: i32,
) -> Result<AttackRoll, AcksError> {
    check_inputs(ac, bonus)?;
    if !(1..=20).contains(&face) {
        return Err(AcksError::range(
            "AC-ATK-03",
            format!("a d20 face is 1–20, got {face}"),
        ));
    }
    let needed = needed(attack_throw, ac);
    Ok(AttackRoll {
        face,
        total: face + bonus,
        needed,
        hit: hits_on(face, bonus, needed),
        natural: face == 1 || face == 20,
    })
}

/// What an attack on a helpless (sleeping, paralysed…) target does (AC-ATK-06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HelplessOutcome {
    /// The attacker was free of other enemies: the target dies.
    KilledOutright,
    /// The attacker was engaged with others: it hits automatically for double damage.
    DoubleDamage,
}

/// AC-ATK-06: helpless targets are hit automatically.
pub fn attack_helpless(attacker_engaged_with_others: bool) -> HelplessOutcome {
    if attacker_engaged_with_others {
        HelplessOutcome::DoubleDamage
    } else {
        HelplessOutcome::KilledOutright
    }
}

/// Situational attack modifiers stated in the chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Situation {
    /// Attacker cannot see: darkness, blindness (AC-DUNGEON-18, AC-MELEE-04, AC-RANGED-07).
    AttackerCannotSee,
    /// Target invisible (AC-DUNGEON-18).
    InvisibleTarget,
    /// Charging (AC-MOVE-07) or mounted charge (AC-MOUNT-05).
    Charging,
    /// Target surprised (AC-SURP-04).
    TargetSurprised,
    /// Target in full retreat (AC-MOVE-12).
    TargetInFullRetreat,
    /// Target prone (AC-MANEUVER-09).
    TargetProne,
    /// Attacker prone (AC-MANEUVER-09).
    AttackerProne,
    /// Target held by a wrestler (AC-MANEUVER-14).
    TargetHeld,
    /// Fighting with two weapons (AC-MELEE-03).
    TwoWeapons,
    /// Boarding this round (AC-NAVAL-15).
    Boarding,
    /// Skipped the dungeon rest turn (AC-DUNGEON-13).
    SkippedRest,
    /// Any special maneuver but sunder vs other weapons (AC-MANEUVER-04…13).
    SpecialManeuver,
    /// Sunder against a weapon that is not a staff, spear or polearm, or a shield
    /// (AC-MANEUVER-11).
    SunderOtherWeapon,
    /// A kick (AC-MANEUVER-02).
    Kick,
}

impl Situation {
    /// The modifier to the attack throw.
    pub fn modifier(self) -> i32 {
        match self {
            Situation::AttackerCannotSee | Situation::InvisibleTarget => -4,
            Situation::Charging | Situation::TargetSurprised => 2,
            Situation::TargetInFullRetreat | Situation::TargetProne => 2,
            Situation::AttackerProne => -4,
            Situation::TargetHeld => 4,
            Situation::TwoWeapons => 1,
            Situation::Boarding => -2,
            Situation::SkippedRest => -1,
            Situation::SpecialManeuver => -4,
            Situation::SunderOtherWeapon => -6,
            Situation::Kick => -2,
        }
    }

    /// Whether the target loses its shield's AC bonus (surprised, full retreat: AC-SURP-04,
    /// AC-MOVE-12).
    pub fn target_loses_shield(self) -> bool {
        matches!(
            self,
            Situation::TargetSurprised | Situation::TargetInFullRetreat
        )
    }

    /// Whether a thief may backstab the target (AC-SURP-04, AC-MOVE-12, AC-MANEUVER-09/14).
    pub fn allows_backstab(self) -> bool {
        matches!(
            self,
            Situation::TargetSurprised
                | Situation::TargetInFullRetreat
                | Situation::TargetProne
                | Situation::TargetHeld
        )
    }
}

/// Sum of the modifiers of several situations.
pub fn situational_modifier(situations: &[Situation]) -> i32 {
    situations.iter().map(|s| s.modifier()).sum()
}

/// AC-ATK-02: attacks per round: characters one (cleaves aside), monsters their routine.
pub fn attacks_per_round(monster_routine: Option<u32>) -> u32 {
    monster_routine.unwrap_or(1)
}

/// AC-MELEE-01: melee (attack, damage) bonuses: STR modifier to both, a magic weapon's bonus
/// to both.
pub fn melee_bonuses(str_modifier: i32, weapon_magic: i32) -> (i32, i32) {
    (str_modifier + weapon_magic, str_modifier + weapon_magic)
}

/// AC-RANGED-03: missile (attack, damage) bonuses: DEX and a magic launcher's bonus to the
/// attack throw, magic ammunition's bonus to damage.
pub fn missile_bonuses(
    dex_modifier: i32,
    launcher_magic: i32,
    ammunition_magic: i32,
) -> (i32, i32) {
    (dex_modifier + launcher_magic, ammunition_magic)
}

/// AC-MELEE-06: man-sized combatants abreast in a corridor: per 10 ft, two with two-handed
/// weapons or three with spears or one-handed weapons.
pub fn frontage(corridor_width_ft: u32, two_handed: bool) -> u32 {
    corridor_width_ft / 10 * if two_handed { 2 } else { 3 }
}

/// AC-MELEE-07: only spears and polearms reach from the second rank; nobody from the third.
pub fn may_attack_from_rank(rank: u32, spear_or_polearm: bool) -> bool {
    rank == 1 || (rank == 2 && spear_or_polearm)
}
