//! Evasion and pursuit («Уклонение и погоня»): in the dungeon (automatic escape before combat
//! when faster; dropped treasure), in the wilderness (T-11 by group sizes, never below 5 %,
//! daily catch-up 11+) and at sea (T-12 by speed difference, closing speed).
use crate::odds::{Fraction, d20_at_least};
use crate::options::TwiceAsFast;
use crate::{AcksError, Options, Tables};
use serde::Serialize;

/// Wilderness evasion never falls below this chance (AC-EVADE-09): a natural 20 escapes.
pub const MIN_CHANCE: (i64, i64) = (1, 20);
/// Daily catch-up throw of faster pursuers (AC-EVADE-11).
pub const CATCH_UP_THROW: i32 = 11;
/// Judge modifier for dense woods within reach, and for pursuers twice as fast (AC-EVADE-10).
pub const DENSE_WOODS: i32 = 5;
pub const TWICE_AS_FAST: i32 = 5;
/// Largest group size and absolute modifier accepted.
pub const MAX_GROUP: u32 = 100_000;
pub const MAX_MODIFIER: i32 = 20;

/// The evasion throw and its exact chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvasionOdds {
    /// The d20 total that escapes.
    pub throw: i32,
    pub chance: Fraction,
}

/// Options of a wilderness evasion (AC-EVADE-10).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Circumstances {
    /// Judge's extra modifier to the evasion throw.
    pub modifier: i32,
    pub dense_woods: bool,
    pub pursuers_twice_as_fast: bool,
}

/// AC-EVADE-09: the T-11 throw for `fleeing` characters chased by `pursuers`.
pub fn wilderness_throw(tables: &Tables, fleeing: u32, pursuers: u32) -> Result<i32, AcksError> {
    if fleeing == 0 || pursuers == 0 || fleeing > MAX_GROUP || pursuers > MAX_GROUP {
        return Err(AcksError::range(
            "T-11",
            format!(
                "group sizes must be 1…{MAX_GROUP}, got {fleeing} fleeing and {pursuers} pursuing"
            ),
        ));
    }
    let row = tables.t11_evasion.find(format!("{fleeing} fleeing"), |r| {
        r.fleeing.contains(fleeing.into())
    })?;
    // Pursuers as a share of the fleeing group: ≤ 25 %, 26–75 %, 76 %+ (exact, no rounding).
    let share = Fraction::new(pursuers.into(), fleeing.into());
    let column = if share <= Fraction::new(1, 4) {
        row.up_to_25_percent
    } else if share <= Fraction::new(3, 4) {
        row.from_26_to_75_percent
    } else {
        row.from_76_percent
    };
    Ok(row.base_throw - column)
}

fn at_least_five_percent(p: Fraction) -> Fraction {
    p.max(Fraction::new(MIN_CHANCE.0, MIN_CHANCE.1))
}

/// AC-EVADE-09/10: exact chance the fleeing side escapes.
pub fn wilderness_evasion(
    tables: &Tables,
    options: &Options,
    fleeing: u32,
    pursuers: u32,
    c: Circumstances,
) -> Result<EvasionOdds, AcksError> {
    if c.modifier.abs() > MAX_MODIFIER {
        return Err(AcksError::range(
            "AC-EVADE-10",
            format!(
                "evasion modifier must be within ±{MAX_MODIFIER}, got {}",
                c.modifier
            ),
        ));
    }
    let throw = wilderness_throw(tables, fleeing, pursuers)?;
    let mut m = c.modifier;
    if c.dense_woods {
        m += DENSE_WOODS;
    }
    if c.pursuers_twice_as_fast && options.twice_as_fast == TwiceAsFast::MinusFiveToEvasion {
        m -= TWICE_AS_FAST;
    }
    Ok(EvasionOdds {
        throw,
        chance: at_least_five_percent(d20_at_least(m.into(), throw.into())),
    })
}

/// Resolves a wilderness evasion throw from a d20 face (a natural 20 always escapes).
pub fn resolve_wilderness_evasion(
    tables: &Tables,
    options: &Options,
    fleeing: u32,
    pursuers: u32,
    c: Circumstances,
    face: i32,
) -> Result<bool, AcksError> {
    let odds = wilderness_evasion(tables, options, fleeing, pursuers, c)?;
    if !(1..=20).contains(&face) {
        return Err(AcksError::range(
            "AC-EVADE-09",
            format!("a d20 face is 1–20, got {face}"),
        ));
    }
    let mut m = c.modifier + if c.dense_woods { DENSE_WOODS } else { 0 };
    if c.pursuers_twice_as_fast && options.twice_as_fast == TwiceAsFast::MinusFiveToEvasion {
        m -= TWICE_AS_FAST;
    }
    Ok(face == 20 || face + m >= odds.throw)
}

/// AC-EVADE-11: after a failed evasion, faster pursuers catch up on 11+ per day; slower ones
/// never do (the fleeing side may try to evade again).
pub fn catch_up_odds(
    options: &Options,
    pursuers_faster: bool,
    pursuers_twice_as_fast: bool,
) -> EvasionOdds {
    if !pursuers_faster {
        return EvasionOdds {
            throw: 21,
            chance: Fraction::new(0, 1),
        };
    }
    let bonus = if pursuers_twice_as_fast && options.twice_as_fast == TwiceAsFast::PlusFiveToCatchUp
    {
        TWICE_AS_FAST
    } else {
        0
    };
    EvasionOdds {
        throw: CATCH_UP_THROW,
        chance: d20_at_least(bonus.into(), CATCH_UP_THROW.into()),
    }
}

/// AC-EVADE-12: the T-12 throw when the evader is `slower_by_ft` feet per round slower than the
/// pursuer (negative: faster), and its exact chance with a modifier.
pub fn sea_evasion(
    tables: &Tables,
    slower_by_ft: i32,
    modifier: i32,
) -> Result<EvasionOdds, AcksError> {
    if modifier.abs() > MAX_MODIFIER || slower_by_ft.abs() > 10_000 {
        return Err(AcksError::range(
            "AC-EVADE-12",
            format!(
                "modifier within ±{MAX_MODIFIER} and speed difference within ±10,000 ft, got {modifier} and {slower_by_ft}"
            ),
        ));
    }
    let row = tables
        .t12_sea_evasion
        .find(format!("{slower_by_ft} ft/round slower"), |r| {
            r.slower_by_ft.contains(slower_by_ft.into())
        })?;
    Ok(EvasionOdds {
        throw: row.throw,
        chance: d20_at_least(modifier.into(), row.throw.into()),
    })
}

/// AC-EVADE-14: how fast a pursuer closes per round after a failed sea evasion: 30 ft if it is
/// slower or at most 30 ft/round faster, otherwise the full difference.
pub fn sea_closing_ft_per_round(pursuer_speed: u32, evader_speed: u32) -> u32 {
    let diff = pursuer_speed.saturating_sub(evader_speed);
    if diff <= 30 { 30 } else { diff }
}

/// AC-EVADE-13: hours before a successfully evaded pursuer may come again (then only on a
/// random-encounter roll).
pub const SEA_EVADED_HOURS: u32 = 24;

/// AC-EVADE-03: in a dungeon, a faster side escapes automatically if combat has not begun.
pub fn dungeon_automatic_escape(
    combat_begun: bool,
    fleeing_speed: u32,
    pursuer_speed: u32,
) -> bool {
    !combat_begun && fleeing_speed > pursuer_speed
}

/// AC-EVADE-08: in the wilderness, the side that is not surprised may escape automatically
/// when the other side is.
pub fn wilderness_automatic_escape(other_side_surprised: bool) -> bool {
    other_side_surprised
}

/// AC-EVADE-07: treasure-loving monsters stop for dropped treasure on 4–6 on 1d6.
pub fn stops_for_treasure(face: i32) -> Result<bool, AcksError> {
    if !(1..=6).contains(&face) {
        return Err(AcksError::range(
            "AC-EVADE-07",
            format!("a d6 face is 1–6, got {face}"),
        ));
    }
    Ok(face >= 4)
}

/// AC-EVADE-05: at a doorway or sharp turn the Judge may call a save vs Paralysis (DEX
/// modifier added); a failure means the fleeing character falls and stops for this round,
/// then stands and moves normally on its next count.
pub fn chase_obstacle(save_value: i32, dex_modifier: i32, face: i32) -> Result<bool, AcksError> {
    crate::saves::resolve_save(save_value, dex_modifier, face)
}

/// AC-EVADE-04: no mapping is possible while fleeing.
pub fn mapping_possible(fleeing: bool) -> bool {
    !fleeing
}

/// AC-EVADE-06: pursuers within 5 ft at the start of a round may engage in melee (fleeing
/// then follows the defensive-movement rules).
pub fn pursuer_may_engage(distance_at_round_start_ft: u32) -> bool {
    crate::movement::engaged(distance_at_round_start_ft)
}

/// AC-EVADE-01: monsters flee after a failed morale roll (retreat or fighting withdrawal).
pub fn monsters_flee(result: crate::tables::MoraleResult) -> bool {
    let c = crate::morale::conduct(result);
    c.retreats || c.fighting_withdrawal
}
