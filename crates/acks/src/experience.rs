//! Experience («Опыт за сокровища», «Опыт за монстров», «Распределение опыта», «Модификаторы
//! опыта», «Развитие персонажа», «Смерть персонажа», «Персонажи 0-го уровня»): monster XP (T-21),
//! treasure XP, shares, prime-requisite adjustment (T-25), the one-level-per-adventure cap,
//! inheritance and reserve XP, and 0-level characters.
use crate::tables::{XpClass, XpRow};
use crate::{AcksError, HitDice, Tables};
use serde::Serialize;

/// Largest number of special-ability asterisks accepted.
pub const MAX_ASTERISKS: u32 = 20;
/// XP at which a 0-level character becomes a 1st-level fighter (AC-ZERO-01).
pub const ZERO_LEVEL_XP: u64 = 100;
/// Bank fee on an inheritance, percent (AC-HEIR-02).
pub const INHERITANCE_FEE_PERCENT: u64 = 10;
/// Reserve XP per gp spent without tangible benefit, percent (AC-HEIR-04).
pub const RESERVE_PERCENT: u64 = 90;

fn xp_row<'a>(tables: &'a Tables, label: &str) -> Result<&'a XpRow, AcksError> {
    tables
        .t21_monster_xp
        .find(format!("{label} HD"), |r| r.hit_dice == label)
}

/// Monster XP (AC-XP-06/07): base + bonus × asterisks; above 21 HD both grow by the "22+" row
/// per Hit Die; 8 HD and up have no "N+" rows, so N+B reads as N.
pub fn monster_xp(tables: &Tables, hd: HitDice, asterisks: u32) -> Result<u64, AcksError> {
    if asterisks > MAX_ASTERISKS {
        return Err(AcksError::range(
            "AC-XP-06",
            format!("at most {MAX_ASTERISKS} special abilities, got {asterisks}"),
        ));
    }
    let (base, bonus) = if hd.dice > 21 {
        let top = xp_row(tables, "21")?;
        let step = xp_row(tables, "22+")?;
        let above = u64::from(hd.dice - 21);
        (
            u64::from(top.base) + above * u64::from(step.base),
            u64::from(top.bonus) + above * u64::from(step.bonus),
        )
    } else {
        let label = if hd.dice == 0 {
            "<1".to_string()
        } else if hd.is_plus() && hd.dice < 8 {
            format!("{}+", hd.dice)
        } else {
            hd.dice.to_string()
        };
        let row = xp_row(tables, &label)?;
        (u64::from(row.base), u64::from(row.bonus))
    };
    Ok(base + bonus * u64::from(asterisks))
}

/// XP from one adventure's haul (AC-XP-02…05).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Haul {
    /// Coins, gems, jewellery and special treasure brought back to civilization, in gp.
    pub treasure_gp: u64,
    /// Equipment found and sold at once, in gp.
    pub equipment_sold_gp: u64,
    /// Magic items sold without ever being used, in gp.
    pub unused_magic_sold_gp: u64,
    /// Monster XP earned.
    pub monster_xp: u64,
}

/// The XP pool to divide (treasure only counts once back in civilization).
pub fn adventure_xp(haul: &Haul, back_in_civilization: bool) -> u64 {
    let treasure = if back_in_civilization {
        haul.treasure_gp + haul.equipment_sold_gp + haul.unused_magic_sold_gp
    } else {
        0
    };
    treasure + haul.monster_xp
}

/// AC-XP-08/09: a character's share when `characters` full shares and `henchmen` half shares
/// survive to civilization: (per character, per henchman), rounded down.
pub fn shares(pool: u64, characters: u32, henchmen: u32) -> Result<(u64, u64), AcksError> {
    let halves = 2 * u64::from(characters) + u64::from(henchmen);
    if halves == 0 {
        return Err(AcksError::range(
            "AC-XP-08",
            "nobody survived to share the XP",
        ));
    }
    let (pool, halves) = (u128::from(pool), u128::from(halves));
    // Both quotients are at most `pool`, so they fit back into u64.
    Ok((
        (2 * pool / halves).min(u64::MAX.into()) as u64,
        (pool / halves) as u64,
    ))
}

/// T-25: the prime-requisite XP percent for the lowest of the class's prime requisites.
pub fn prime_requisite_percent(tables: &Tables, lowest_prime: i32) -> Result<i32, AcksError> {
    tables
        .t25_prime_requisite
        .find(format!("prime requisite {lowest_prime}"), |r| {
            r.score.contains(lowest_prime.into())
        })
        .map(|r| r.percent)
}

/// AC-XP-10: apply the adjustment to the total award (rounded down).
pub fn adjust(award: u64, percent: i32) -> u64 {
    let v = i128::from(award) * i128::from(100 + percent) / 100;
    v.clamp(0, i128::from(u64::MAX)) as u64
}

/// T-25: XP needed to reach level 2 and 3.
pub fn thresholds(tables: &Tables, class: XpClass) -> Result<(u32, u32), AcksError> {
    tables
        .t25_level_thresholds
        .find(format!("{class:?}"), |r| r.class == class)
        .map(|r| (r.level_2, r.level_3))
}

/// AC-ADV-02: one adventure never raises a character two levels: the new total is capped 1 XP
/// below the threshold of the level after next. `next_next_threshold` is that threshold.
pub fn cap_award(current_xp: u64, award: u64, next_next_threshold: u64) -> u64 {
    (current_xp + award).min(next_next_threshold.saturating_sub(1))
}

/// AC-HEIR-02: what an heir receives through a reputable bank.
pub fn inheritance_after_fee(gp: u64) -> u64 {
    gp - (u128::from(gp) * u128::from(INHERITANCE_FEE_PERCENT) / 100) as u64
}

/// AC-HEIR-04: reserve XP from gold spent without tangible benefit.
pub fn reserve_xp(gp_spent: u64) -> u64 {
    (u128::from(gp_spent) * u128::from(RESERVE_PERCENT) / 100) as u64
}

/// AC-ZERO-01: whether a 0-level character with this XP becomes a 1st-level fighter.
pub fn zero_level_advances(xp: u64) -> bool {
    xp >= ZERO_LEVEL_XP
}

/// AC-ZERO-02: the hit points kept on conversion: the higher of the old and the new 1d8.
pub fn zero_level_hp(old_hp: u32, d8_face: u32) -> Result<u32, AcksError> {
    if !(1..=8).contains(&d8_face) {
        return Err(AcksError::range(
            "AC-ZERO-02",
            format!("a d8 face is 1–8, got {d8_face}"),
        ));
    }
    Ok(old_hp.max(d8_face))
}

/// AC-ZERO-03: general proficiencies kept from 0 level at a fighter level (one lost at each of
/// 2nd, 3rd and 4th).
pub fn zero_level_proficiencies_kept(original: u32, level: u32) -> u32 {
    original.saturating_sub(level.saturating_sub(1).min(3))
}

/// AC-ADV-01: hit points gained on a level: the class die + CON modifier, at least 1.
pub fn level_hp_gain(die_face: u32, con_modifier: i32) -> u32 {
    (die_face as i32 + con_modifier).max(1) as u32
}

/// AC-HEIR-03: a player may leave an inheritance only once; the heir starts at 1st level
/// unless continuing as an existing henchman (then it keeps its own level).
pub fn heir_level(continuing_henchman_level: Option<u32>) -> u32 {
    continuing_henchman_level.unwrap_or(1)
}

pub fn leave_inheritance(already_left_one: bool) -> Result<(), AcksError> {
    if already_left_one {
        return Err(AcksError::range(
            "AC-HEIR-03",
            "a player may leave an inheritance only once",
        ));
    }
    Ok(())
}

/// A member of the party at the return to civilization (AC-XP-01/08/09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Member {
    /// Alive at the return (a character killed and restored before it counts as alive).
    pub alive_at_return: bool,
    pub henchman: bool,
}

/// AC-XP-01/08/09: each member's XP from the pool: the dead get nothing; henchmen half shares.
pub fn award(pool: u64, members: &[Member]) -> Result<Vec<u64>, AcksError> {
    let alive = |h: bool| {
        members
            .iter()
            .filter(|m| m.alive_at_return && m.henchman == h)
            .count() as u32
    };
    let (full, half) = shares(pool, alive(false), alive(true))?;
    Ok(members
        .iter()
        .map(|m| match (m.alive_at_return, m.henchman) {
            (false, _) => 0,
            (true, false) => full,
            (true, true) => half,
        })
        .collect())
}

/// Money and goods that do or do not earn XP (AC-XP-02…05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Income {
    /// Coins, gems, jewellery, special treasure brought back.
    Treasure,
    /// Equipment found and sold at once.
    EquipmentSoldAtOnce,
    /// Magic items sold unused.
    UnusedMagicSold,
    /// A magic item once used, even if sold later.
    UsedMagicSold,
    Wages,
    BusinessIncome,
    /// Monster parts: already counted in monster XP.
    MonsterParts,
}

/// AC-XP-02…05: whether gold of this kind earns XP (1 per gp).
pub fn earns_xp(i: Income) -> bool {
    matches!(
        i,
        Income::Treasure | Income::EquipmentSoldAtOnce | Income::UnusedMagicSold
    )
}

/// AC-ZERO-04: 0-level characters advance by adventuring only into the fighter class.
pub fn zero_level_class() -> XpClass {
    XpClass::Fighter
}
