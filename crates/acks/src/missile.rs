//! Missile attacks («Дальнобойные атаки», «Дистанции дальнобойного оружия»): range bands from
//! T-15, cover, and thrown oil and holy water (direct hit, splash, self-ignition, scatter).
use crate::tables::MissileWeapon;
use crate::{AcksError, Tables};
use serde::{Deserialize, Serialize};

/// Range bands (AC-RANGED-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RangeBand {
    Short,
    Medium,
    Long,
}

impl RangeBand {
    pub fn modifier(self) -> i32 {
        match self {
            RangeBand::Short => 0,
            RangeBand::Medium => -2,
            RangeBand::Long => -5,
        }
    }
}

/// AC-RANGED-04: the band a distance falls in (feet indoors, yards outdoors), or a refusal
/// beyond long range. Oil and holy water refuse until the Judge enters their T-15 row.
pub fn range_band(
    tables: &Tables,
    weapon: MissileWeapon,
    distance: u32,
) -> Result<RangeBand, AcksError> {
    let t = &tables.t15_missile_ranges;
    let row = t.find(format!("{weapon:?}"), |r| r.weapon == weapon)?;
    let short = row
        .short
        .ok_or_else(|| t.missing(format!("the {weapon:?} range")))?;
    if distance <= short {
        return Ok(RangeBand::Short);
    }
    if let Some(m) = row.medium
        && distance <= m
    {
        return Ok(RangeBand::Medium);
    }
    if let Some(l) = row.long
        && distance <= l
    {
        return Ok(RangeBand::Long);
    }
    Err(AcksError::range(
        "AC-RANGED-04",
        format!("{distance} is beyond the {weapon:?}'s longest range"),
    ))
}

/// AC-RANGED-01: a missile attack needs the target beyond 5 ft, and firing into a melee needs
/// Precise Shooting.
pub fn may_shoot(
    distance_ft: u32,
    target_in_melee: bool,
    precise_shooting: bool,
) -> Result<(), AcksError> {
    if distance_ft <= 5 {
        return Err(AcksError::range(
            "AC-RANGED-01",
            "missile attacks need the target more than 5 ft away",
        ));
    }
    if target_in_melee && !precise_shooting {
        return Err(AcksError::range(
            "AC-RANGED-01",
            "shooting at a target engaged in melee needs Precise Shooting",
        ));
    }
    Ok(())
}

/// AC-RANGED-06: cover: full cover cannot be hit; partial cover −1…−4.
pub fn cover_modifier(full: bool, partial: i32) -> Result<Option<i32>, AcksError> {
    if full {
        return Ok(None);
    }
    if !(-4..=0).contains(&partial) {
        return Err(AcksError::range(
            "AC-RANGED-06",
            format!("partial cover is −1…−4, got {partial}"),
        ));
    }
    Ok(Some(partial))
}

/// What a thrown flask of burning oil (or holy water) does (AC-RANGED-08…11, AC-OPEN-09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum FlaskOutcome {
    /// 1d8 fire in each of the next two rounds, and a splash around.
    DirectHit { rounds: u32, die: u32 },
    /// 1d3 to the target and everyone within 5 ft (save vs Blast avoids).
    Splash { die: u32 },
    /// A natural 1: the thrower takes the direct-hit damage.
    ThrowerAlight { rounds: u32, die: u32 },
    /// Lands `distance_ft` away in the clock direction `direction` (1–12); creatures within
    /// 5 ft save vs Blast or take the splash.
    Scatter { direction: u32, distance_ft: u32 },
}

/// Resolves a thrown flask: `face` is the d20, `needed` the normal requirement (throw + AC),
/// `needed_vs_ac0` the requirement against AC 0; a miss uses the d12 direction and the
/// distance dice already rolled for the band (1d10 short, 2d10 medium, 5d10 long).
pub fn throw_flask(
    face: i32,
    bonus: i32,
    needed: i32,
    needed_vs_ac0: i32,
    direction_d12: u32,
    scatter_faces: &[u32],
    band: RangeBand,
) -> Result<FlaskOutcome, AcksError> {
    if !(1..=20).contains(&face) || !(1..=12).contains(&direction_d12) {
        return Err(AcksError::range(
            "AC-RANGED-08",
            "faces: d20 1–20, direction d12 1–12",
        ));
    }
    if face == 1 {
        return Ok(FlaskOutcome::ThrowerAlight { rounds: 2, die: 8 });
    }
    let total = face + bonus;
    if total >= needed || face == 20 {
        return Ok(FlaskOutcome::DirectHit { rounds: 2, die: 8 });
    }
    if total >= needed_vs_ac0 {
        return Ok(FlaskOutcome::Splash { die: 3 });
    }
    let dice = match band {
        RangeBand::Short => 1,
        RangeBand::Medium => 2,
        RangeBand::Long => 5,
    };
    if scatter_faces.len() != dice || scatter_faces.iter().any(|f| !(1..=10).contains(f)) {
        return Err(AcksError::range(
            "AC-RANGED-11",
            format!("a miss at {band:?} range scatters {dice}d10 ft"),
        ));
    }
    Ok(FlaskOutcome::Scatter {
        direction: direction_d12,
        distance_ft: scatter_faces.iter().sum(),
    })
}

/// AC-RANGED-14/15: who burning oil or holy water harms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Liquid {
    BurningOil,
    /// Unlit oil deals nothing until lit (AC-RANGED-12).
    UnlitOil,
    HolyWater,
}

pub fn liquid_harms(l: Liquid, target_undead: bool, target_has_fire_attack: bool) -> bool {
    match l {
        Liquid::BurningOil => !target_has_fire_attack || target_undead,
        Liquid::UnlitOil => false,
        Liquid::HolyWater => target_undead,
    }
}

/// AC-RANGED-13: poured oil: 5-ft-diameter pool, burns one turn, 1d8 to anyone moving through.
pub const POURED_OIL: (u32, u32, u32) = (5, 1, 8);
