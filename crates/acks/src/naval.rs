//! Naval combat («Инициатива корабля», «Структурные хиты», «Бой между кораблями», «Баллиста»,
//! «Катапульта», «Таран», «Абордаж»): speed loss from damage, repairs, monster damage to ships,
//! artillery (T-23, Judge-entered), pitch fires, ramming (T-24, Judge-entered) and boarding.
use crate::odds::{Fraction, d20_at_least};
use crate::tables::{Artillery, ArtilleryRow, RamSize};
use crate::{AcksError, Tables};
use serde::Serialize;

/// AC-NAVAL-14: the grapple throw when only one crew wants to board.
pub const GRAPPLE_THROW: i32 = 13;

/// AC-NAVAL-03: speed after losing a share of shp (or of rowers), the loss rounded to the
/// nearest 10 %.
pub fn reduced_speed(speed: u32, lost: u32, total: u32) -> Result<u32, AcksError> {
    if total == 0 || lost > total {
        return Err(AcksError::range(
            "AC-NAVAL-03",
            format!("lost {lost} of {total} is not a share"),
        ));
    }
    // Nearest 10 %: round(10 × lost / total) tenths (halves up).
    let tenths = (20 * lost + total) / (2 * total);
    Ok(speed * (10 - tenths) / 10)
}

/// AC-NAVAL-04: shp restored by `crew` working `turns` (1 per team of 5 per turn), capped at
/// sea to half the damage suffered.
pub fn repair(crew: u32, turns: u32, damage: u32, at_sea: bool) -> u32 {
    let done = crew / 5 * turns;
    let cap = if at_sea { damage / 2 } else { damage };
    done.min(cap)
}

/// AC-NAVAL-05: giant monsters and magic deal 1 shp per 5 points of damage.
pub fn shp_from_damage(hp_damage: u32) -> u32 {
    hp_damage / 5
}

/// AC-NAVAL-07/12: a piece ready to fire: needs the Judge-entered T-23 row (crew, attack
/// throw, ranges); refuses naming T-23 until then, or when the target is inside the minimum
/// range.
pub fn artillery_ready(
    tables: &Tables,
    piece: Artillery,
    distance: u32,
) -> Result<&ArtilleryRow, AcksError> {
    let t = &tables.t23_artillery;
    let row = t.find(format!("{piece:?}"), |r| r.weapon == piece)?;
    let (Some(_), Some(_), Some(min), Some(long)) = (
        row.crew_full,
        row.attack_throw,
        row.range_min,
        row.range_long,
    ) else {
        return Err(t.missing(format!("the {piece:?}'s crew, attack throw and ranges")));
    };
    if distance < min {
        return Err(AcksError::range(
            "AC-NAVAL-12",
            format!("the target is inside the {piece:?}'s minimum range of {min}"),
        ));
    }
    if distance > long {
        return Err(AcksError::range(
            "AC-NAVAL-07",
            format!("the target is beyond the {piece:?}'s range of {long}"),
        ));
    }
    Ok(row)
}

/// AC-NAVAL-11: turns to put out a pitch fire: 3 for 5 crew, one fewer per extra 5, at least 1.
pub fn extinguish_turns(crew: u32) -> Result<u32, AcksError> {
    if crew < 5 {
        return Err(AcksError::range(
            "AC-NAVAL-11",
            "fighting a pitch fire takes at least 5 crew",
        ));
    }
    Ok(3u32.saturating_sub(crew / 5 - 1).max(1))
}

/// AC-NAVAL-13: ram damage dice (ships in shp, monsters in hp) from T-24; refuses naming T-24
/// until the Judge enters them.
pub fn ram_damage(tables: &Tables, size: RamSize, vs_ship: bool) -> Result<String, AcksError> {
    let t = &tables.t24_ram;
    let row = t.find(format!("{size:?} ram"), |r| r.size == size)?;
    let cell = if vs_ship {
        &row.vs_ship_shp
    } else {
        &row.vs_monster_hp
    };
    cell.clone()
        .ok_or_else(|| t.missing(format!("{size:?} ram damage")))
}

/// AC-NAVAL-14: P(grappling this round): certain when both crews want it, else 13+ with the
/// Judge's modifier for the opposing captain.
pub fn boarding_odds(both_want: bool, judge_modifier: i32) -> Fraction {
    if both_want {
        Fraction::from_integer(1)
    } else {
        d20_at_least(judge_modifier.into(), GRAPPLE_THROW.into())
    }
}

/// AC-NAVAL-01: who acts on which count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NavalActor {
    /// The ship moves on its captain's count.
    ShipMovement,
    /// Ship weapons and crew act on their own counts.
    CrewOrWeapon,
}
