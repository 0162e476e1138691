//! Sea adventures («Морские суда», «Движение по морю», «Риск заблудиться», «Припасы и рыбалка»):
//! vessels (T-05), daily distance with wind (T-06), tacking, becalmed oars, the navigator's
//! day-and-night sailing, storms, sea navigation (T-04), rations and scurvy.
use crate::odds::{Fraction, d20_at_least};
use crate::tables::{Vessel, VesselRow, Waters, Wind, WindRow};
use crate::{AcksError, Options, Tables};
use serde::Serialize;

/// AC-SEA-15: standard rations spoil after this many days.
pub const RATION_DAYS: u32 = 7;
/// AC-SEA-16: days on iron rations before scurvy.
pub const SCURVY_AFTER_DAYS: u32 = 30;
/// AC-SEA-12: navigation throw to find a safe beach off an open coast.
pub const BEACH_THROW: i32 = 14;

pub fn vessel(tables: &Tables, v: Vessel) -> Result<&VesselRow, AcksError> {
    tables.t05_vessels.find(format!("{v:?}"), |r| r.vessel == v)
}

/// T-06: the wind for a d20 face.
pub fn wind(tables: &Tables, face: i32) -> Result<&WindRow, AcksError> {
    if !(1..=20).contains(&face) {
        return Err(AcksError::range(
            "T-06",
            format!("a d20 face is 1–20, got {face}"),
        ));
    }
    tables
        .t06_wind
        .find(format!("d20 {face}"), |r| r.d20.contains(face.into()))
}

/// How a vessel travels today.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Voyage {
    pub wind: Wind,
    pub against_wind: bool,
    /// Sail through the night with a navigator (sailing ships only).
    pub day_and_night: bool,
    /// The ship stops each night (oared, coast-hugging, under-crewed).
    pub stops_at_night: bool,
}

/// A day's distance and how it was made.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeaDay {
    pub miles: Fraction,
    pub rowing: bool,
}

/// AC-SEA-04…10: miles a vessel makes today: sail miles × the wind multiplier (two rows
/// weaker when tacking against the wind, never below becalmed; refused in very strong winds
/// or gales), or oar miles when becalmed or sailing gives less; ×2 for day-and-night sailing.
pub fn daily_miles(tables: &Tables, v: Vessel, voyage: Voyage) -> Result<SeaDay, AcksError> {
    let row = vessel(tables, v)?;
    let winds = &tables.t06_wind.rows;
    let idx = winds
        .iter()
        .position(|w| w.wind == voyage.wind)
        .ok_or_else(|| tables.t06_wind.missing(format!("{:?}", voyage.wind)))?;
    let sailing = if voyage.against_wind {
        if !winds[idx].sailing_against_allowed {
            None
        } else {
            Some(winds[idx.saturating_sub(2)].multiplier.0)
        }
    } else {
        Some(winds[idx].multiplier.0)
    };
    let sail = match (row.sail_miles_per_day, sailing) {
        (Some(m), Some(mult)) => Some(Fraction::from_integer(m.into()) * mult),
        _ => None,
    };
    let oar = row
        .oar_miles_per_day
        .map(|m| Fraction::from_integer(m.into()));
    let (mut miles, rowing) = match (sail, oar) {
        (Some(s), Some(o)) if o > s => (o, true),
        (Some(s), _) => (s, false),
        (None, Some(o)) => (o, true),
        (None, None) => {
            return Err(AcksError::range(
                "AC-SEA-09",
                format!(
                    "a {v:?} cannot sail against {:?} and has no oars",
                    voyage.wind
                ),
            ));
        }
    };
    if voyage.day_and_night {
        if rowing || voyage.stops_at_night {
            return Err(AcksError::range(
                "AC-SEA-05",
                "only a sailing ship that does not stop at night may sail day and night",
            ));
        }
        miles *= 2;
    }
    Ok(SeaDay { miles, rowing })
}

/// AC-SEA-10/11: a storm hour: every ship takes 2d8 shp (the faces given); an oared ship
/// first saves (18+ by default, AC-OPEN-05): failure sinks it, success doubles the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StormHour {
    Damage(u32),
    Sinks,
}

pub fn storm_hour(
    options: &Options,
    oared: bool,
    d8_faces: (u32, u32),
    save_face: Option<i32>,
) -> Result<StormHour, AcksError> {
    if !(1..=8).contains(&d8_faces.0) || !(1..=8).contains(&d8_faces.1) {
        return Err(AcksError::range("AC-SEA-10", "storm damage is 2d8"));
    }
    let dmg = d8_faces.0 + d8_faces.1;
    if !oared {
        return Ok(StormHour::Damage(dmg));
    }
    let face = save_face
        .ok_or_else(|| AcksError::range("AC-SEA-11", "an oared ship saves every storm hour"))?;
    if !(1..=20).contains(&face) {
        return Err(AcksError::range(
            "AC-SEA-11",
            format!("a d20 face is 1–20, got {face}"),
        ));
    }
    Ok(if face >= options.galley_storm_save {
        StormHour::Damage(2 * dmg)
    } else {
        StormHour::Sinks
    })
}

/// AC-SEA-12: a galley in sight of the coast may beach: automatically on open coast, else on
/// a navigation throw of 14+.
pub fn beach_odds(open_coast: bool, bonus: i32) -> Fraction {
    if open_coast {
        Fraction::from_integer(1)
    } else {
        d20_at_least(bonus.into(), BEACH_THROW.into())
    }
}

/// AC-SEA-12: whether a galley in sight of the coast beaches when the storm arrives: always on
/// open coast, else when the navigation throw (`d20` plus the navigator's `bonus`) makes 14+.
/// A beached galley takes no storm damage and makes no storm save.
pub fn beaches(open_coast: bool, d20: Option<i32>, bonus: i32) -> Result<bool, AcksError> {
    if open_coast {
        return Ok(true);
    }
    let face = d20.ok_or_else(|| {
        AcksError::range(
            "AC-SEA-12",
            "off a coast that is not open the galley throws 14+ to find a beach",
        )
    })?;
    if !(1..=20).contains(&face) {
        return Err(AcksError::range(
            "AC-SEA-12",
            format!("a d20 face is 1–20, got {face}"),
        ));
    }
    Ok(face + bonus >= BEACH_THROW)
}

/// AC-SEA-13: exact P(staying on course) for a day at sea (T-04, +4 with Navigation).
pub fn sea_course_odds(
    tables: &Tables,
    waters: Waters,
    navigator: bool,
) -> Result<Fraction, AcksError> {
    let row = tables
        .t04_sea_navigation
        .find(format!("{waters:?}"), |r| r.waters == waters)?;
    Ok(d20_at_least(
        if navigator { 4 } else { 0 },
        row.throw.into(),
    ))
}

/// AC-SEA-03, AC-NAVAL-02: at 0 shp or less a ship stops, its weapons fall silent, and it
/// sinks in 1d10 rounds (the face given).
pub fn sinking_rounds(shp: i32, d10_face: u32) -> Result<Option<u32>, AcksError> {
    if !(1..=10).contains(&d10_face) {
        return Err(AcksError::range(
            "AC-SEA-03",
            format!("a d10 face is 1–10, got {d10_face}"),
        ));
    }
    Ok((shp <= 0).then_some(d10_face))
}

/// AC-SEA-15: whether standard rations bought `days` ago have spoiled.
pub fn rations_spoiled(days: u32, iron: bool) -> bool {
    !iron && days > RATION_DAYS
}

/// Scurvy (AC-SEA-16): STR and CON while at sea on iron rations without fresh food.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Scurvy {
    pub str_score: u32,
    pub con_score: u32,
    pub dead: bool,
}

/// Applies a week: after 30 days on iron rations, −1 STR and −1 CON per week without fresh
/// food (death at 0); a week of fresh food restores up to 3 of each (not above the originals).
pub fn scurvy_week(s: Scurvy, days_on_iron: u32, fresh_food: bool, original: (u32, u32)) -> Scurvy {
    if s.dead {
        return s;
    }
    if fresh_food {
        return Scurvy {
            str_score: (s.str_score + 3).min(original.0),
            con_score: (s.con_score + 3).min(original.1),
            dead: false,
        };
    }
    if days_on_iron < SCURVY_AFTER_DAYS {
        return s;
    }
    let str_score = s.str_score.saturating_sub(1);
    let con_score = s.con_score.saturating_sub(1);
    Scurvy {
        str_score,
        con_score,
        dead: str_score == 0 || con_score == 0,
    }
}

/// AC-SEA-17: fishing is possible only when becalmed or at anchor.
pub fn may_fish(wind: Wind, at_anchor: bool) -> bool {
    at_anchor || wind == Wind::Becalmed
}
