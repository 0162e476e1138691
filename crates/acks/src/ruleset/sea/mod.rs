//! Sea (checklist §3, AC-SEA-*): the party's vessel (T-05), the day's wind (T-06), a day's
//! voyage with or against the wind, rowing when becalmed, a navigator's day-and-night sailing,
//! storm hours, getting lost at sea (T-04) with the true hex the Judge's alone, fishing, and
//! scurvy. A voyage moves the wilderness family's party position on the Judge's hex map and
//! counts its days the same way (each `sail_day` begins a day; food and water at midnight).
//!
//! Secrecy as in the wilderness: the navigation throw is the Judge's `roll_secret` every day,
//! a lost vessel's heading d6 the Judge's alone without a notice, and a day's voyage the
//! Judge's `sailed` masked as `sailed_seen`, worked out from the believed hex and the intended
//! heading alone.
//!
//! Commands (JSON inside `{"rules": …}`):
//!
//! - `{"set_ship": {"vessel": "small_galley", "shp": 80, "stops_at_night": false}}` — the
//!   Judge's: the party's vessel and its structural hit points (within T-05's range; a raft's
//!   by its size, 1–10,000). Oared ships (galleys, longships, boats with oars) always stop
//!   at night (AC-SEA-05).
//! - `{"drop_anchor": {"at_anchor": true}}` — the Judge's.
//! - `{"roll_wind": {}}` — the Judge's public d20 on T-06 at the start of a day at sea.
//! - `{"sail_day": {"toward": "south", "against_wind": false, "day_and_night": false,
//!   "waters": "open_sea"}}` — the Judge's: a day's voyage on today's wind (AC-SEA-04…09):
//!   tacking against the wind takes the row two weaker and is refused in very strong winds and
//!   gales; oars when becalmed or faster; `day_and_night` doubles a sailing ship's day when it
//!   does not stop at night (a navigator aboard). `waters`: `river_or_lake`, `coast` or
//!   `open_sea` for the navigation throw (AC-SEA-13).
//! - `{"storm_hour": {}}` — the Judge's, in a gale: 2d8 shp; an oared ship saves 18+ first or
//!   sinks, and on a save takes double (AC-SEA-10/11).
//! - `{"beach": {"open_coast": false}}` — the Judge's, for an oared vessel in sight of the coast
//!   when a gale arrives, before its first storm hour (once a storm): on open coast it beaches
//!   at once, elsewhere a public navigation throw of 14+ (+4 with a navigator aboard, as at
//!   sea) finds a safe beach or cove. Beached, it takes no storm hours (no damage, no save)
//!   until it sails again (AC-SEA-12).
//! - `{"fish": {"character": "sefa"}}` — when becalmed or at anchor, 14+ (Survival +4) feeds
//!   2d6 (AC-SEA-17).
//! - `{"scurvy_week": {"fresh_food": false}}` — the Judge closes a week at sea: after 30 days
//!   on iron rations each character loses 1 Strength and 1 Constitution, dying at 0; a week of
//!   fresh food gives back up to 3 of each (AC-SEA-16).

pub mod state;

use std::collections::BTreeMap;

use engine::{Acting, Ctx, RuleError, TableState, Viewer, Visibility};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabletop::hex::{Direction, Hex};

use super::adapter::{Acks, acks_err, refuse};
use super::state::AcksState;
use super::steps::change_hp;
use super::wilderness::state::{DayKind, Heading, Step, WildEvent};
use crate::odds::Fraction;
use crate::sea::{self as rules, Scurvy, StormHour, Voyage};
use crate::tables::Wind;
use crate::wilderness as wild;
use state::{ScurvyRecord, SeaEvent, Ship, VesselKind, WatersKind};

/// Most structural hit points a raft is given (it has 5 per square foot).
pub const MAX_RAFT_SHP: i32 = 10_000;
/// Fishing's throw (AC-SEA-17).
const FISH: wild::FoodSearch = wild::FoodSearch::Fish;
const NAVIGATION_LABEL: &str = "navigation at sea";
const DAY_MINUTES: u64 = 24 * 60;

/// Sea commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksSeaCommand")]
pub enum SeaCommand {
    SetShip {
        vessel: VesselKind,
        shp: i32,
        #[serde(default)]
        stops_at_night: bool,
    },
    DropAnchor {
        at_anchor: bool,
    },
    RollWind {},
    SailDay {
        toward: Heading,
        #[serde(default)]
        against_wind: bool,
        #[serde(default)]
        day_and_night: bool,
        waters: WatersKind,
    },
    StormHour {},
    Beach {
        open_coast: bool,
    },
    Fish {
        character: String,
    },
    ScurvyWeek {
        fresh_food: bool,
    },
}

pub(super) fn acting(_state: &TableState<AcksState>, command: &SeaCommand) -> Acting {
    match command {
        SeaCommand::Fish { character } => Acting::Characters(vec![character.clone()]),
        _ => Acting::RefereeOnly,
    }
}

fn ship(ctx: &Ctx<'_, Acks>) -> Result<Ship, RuleError> {
    ctx.rules()
        .sea
        .ship
        .filter(|s| !s.sunk)
        .ok_or_else(|| refuse("no_ship", "AC-SEA-02", "the party has no vessel afloat"))
}

fn wind_today(ctx: &Ctx<'_, Acks>) -> Result<Wind, RuleError> {
    ctx.rules()
        .sea
        .wind
        .ok_or_else(|| refuse("no_wind", "AC-SEA-06", "roll the day's wind first (T-06)"))
}

pub(super) fn decide(command: &SeaCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    use SeaCommand as C;
    match command {
        C::SetShip {
            vessel,
            shp,
            stops_at_night,
        } => {
            let tables = ctx.rules().tables()?;
            let row =
                rules::vessel(&tables, (*vessel).into()).map_err(|e| acks_err("bad_vessel", e))?;
            let (min, max) = if row.per_square_foot {
                (1, MAX_RAFT_SHP)
            } else {
                (
                    i32::try_from(row.shp_min).unwrap_or(1),
                    i32::try_from(row.shp_max).unwrap_or(MAX_RAFT_SHP),
                )
            };
            if !(min..=max).contains(shp) {
                return Err(refuse(
                    "bad_shp",
                    "T-05",
                    format!("this vessel has {min}–{max} structural hit points"),
                ));
            }
            // AC-SEA-05: oared vessels stop every night.
            let oared = row.oar_miles_per_day.is_some();
            ctx.emit(SeaEvent::ShipSet {
                ship: Ship {
                    vessel: *vessel,
                    shp: *shp,
                    max_shp: *shp,
                    stops_at_night: *stops_at_night || oared,
                    sunk: false,
                },
            })
        }
        C::DropAnchor { at_anchor } => {
            ship(ctx)?;
            ctx.emit(SeaEvent::AnchorSet {
                at_anchor: *at_anchor,
            })
        }
        C::RollWind {} => {
            ship(ctx)?;
            let r = ctx.roll("wind", "1d20", Visibility::Public)?;
            let face = i32::try_from(r.total).unwrap_or(0);
            let tables = ctx.rules().tables()?;
            let wind = rules::wind(&tables, face)
                .map_err(|e| acks_err("bad_face", e))?
                .wind;
            ctx.emit(SeaEvent::WindRolled { face, wind })
        }
        C::SailDay {
            toward,
            against_wind,
            day_and_night,
            waters,
        } => sail_day(
            ctx,
            (*toward).into(),
            *against_wind,
            *day_and_night,
            *waters,
        ),
        C::StormHour {} => storm_hour(ctx),
        C::Beach { open_coast } => beach(ctx, *open_coast),
        C::Fish { character } => fish(ctx, character),
        C::ScurvyWeek { fresh_food } => scurvy_week(ctx, *fresh_food),
    }
}

/// Hexes entered sailing `miles` from `start` (`progress` miles into it) heading `heading`.
fn sail(start: (Hex, Fraction), miles: Fraction, heading: Direction) -> (Vec<Step>, Fraction) {
    let hex = Fraction::from_integer(i64::from(wild::WILDERNESS_HEX_MILES));
    let (mut at, mut progress) = start;
    progress += miles;
    let mut path = Vec::new();
    while progress >= hex && path.len() < super::wilderness::MAX_HEXES_PER_DAY {
        progress -= hex;
        at = at.neighbour(heading);
        path.push(at.into());
    }
    (path, progress)
}

/// AC-SEA-04…09, 13: a day's voyage.
fn sail_day(
    ctx: &mut Ctx<'_, Acks>,
    toward: Direction,
    against_wind: bool,
    day_and_night: bool,
    waters: WatersKind,
) -> Result<(), RuleError> {
    let s = ship(ctx)?;
    let wind = wind_today(ctx)?;
    let mut p = ctx.rules().wilderness.party.ok_or_else(|| {
        refuse(
            "no_party_placed",
            "AC-WILD-01",
            "place the party on the map first",
        )
    })?;
    if ctx.rules().sea.at_anchor {
        return Err(refuse(
            "at_anchor",
            "AC-SEA-17",
            "the vessel lies at anchor: weigh anchor first",
        ));
    }
    let tables = ctx.rules().tables()?;
    let day = rules::daily_miles(
        &tables,
        s.vessel.into(),
        Voyage {
            wind,
            against_wind,
            day_and_night,
            stops_at_night: s.stops_at_night,
        },
    )
    .map_err(|e| acks_err("cannot_sail", e))?;
    // The day begins (the day under way ends first).
    if ctx.rules().wilderness.today.is_some() {
        ctx.advance_minutes(DAY_MINUTES)?;
    }
    let n = ctx.rules().wilderness.day.saturating_add(1);
    ctx.emit(WildEvent::DayBegun {
        day: n,
        kind: DayKind::Travel,
    })?;
    // AC-SEA-13: the Judge's secret throw, every day.
    let throw = tables
        .t04_sea_navigation
        .find(format!("{:?}", crate::tables::Waters::from(waters)), |r| {
            r.waters == waters.into()
        })
        .map_err(|e| acks_err("bad_waters", e))?
        .throw;
    let w = &ctx.rules().wilderness;
    let navigator = ctx
        .rules()
        .characters()
        .any(|(id, _)| w.outdoors.get(id).is_some_and(|o| o.navigation));
    let bonus = if navigator { wild::NAVIGATION_BONUS } else { 0 };
    let r = ctx.roll_secret(NAVIGATION_LABEL, "1d20")?;
    let face = i32::try_from(r.total).unwrap_or(0);
    let on_course = face + bonus >= throw;
    if !on_course && !p.lost {
        let d6 = ctx.roll("lost heading", "1d6", Visibility::Referee)?;
        p.drift = wild::lost_heading(i32::try_from(d6.total).unwrap_or(0))
            .map_err(|e| acks_err("bad_face", e))?;
        p.lost = true;
    }
    ctx.emit_for(
        SeaEvent::SeaNavigated {
            throw,
            bonus,
            face,
            on_course,
            lost: p.lost,
            drift: p.drift,
        },
        Visibility::Referee,
    )?;
    let miles = u32::try_from(day.miles.floor().to_integer()).unwrap_or(u32::MAX);
    let (path, believed_progress) = sail((p.believed_hex, p.believed_miles), day.miles, toward);
    let (true_path, true_progress) = if p.lost {
        sail(
            (p.true_hex, p.true_miles),
            day.miles,
            toward.turned(i32::try_from(p.drift).unwrap_or(0)),
        )
    } else {
        (path.clone(), believed_progress)
    };
    ctx.emit_masked(
        SeaEvent::Sailed {
            day: n,
            miles,
            rowing: day.rowing,
            path: path.clone(),
            true_path,
            true_progress,
            believed_progress,
        },
        Visibility::Referee,
        SeaEvent::SailedSeen {
            day: n,
            miles,
            rowing: day.rowing,
            path,
        },
    )
}

/// AC-SEA-12: a galley in sight of the coast beaches as the storm arrives.
fn beach(ctx: &mut Ctx<'_, Acks>, open_coast: bool) -> Result<(), RuleError> {
    let s = ship(ctx)?;
    if wind_today(ctx)? != Wind::Gale {
        return Err(refuse(
            "no_storm",
            "AC-SEA-12",
            "a galley beaches to escape a storm: today's wind is no gale",
        ));
    }
    let tables = ctx.rules().tables()?;
    let oared = rules::vessel(&tables, s.vessel.into())
        .map_err(|e| acks_err("bad_vessel", e))?
        .oar_miles_per_day
        .is_some();
    if !oared {
        return Err(refuse(
            "cannot_beach",
            "AC-SEA-12",
            "only galleys and other oared vessels run onto a beach to escape a storm",
        ));
    }
    let sea = &ctx.rules().sea;
    if sea.beached {
        return Err(refuse(
            "cannot_beach",
            "AC-SEA-12",
            "the vessel is already beached",
        ));
    }
    if sea.storm_hours > 0 || sea.beach_tried {
        return Err(refuse(
            "cannot_beach",
            "AC-SEA-12",
            "a galley beaches when the storm arrives: this storm already caught it at sea",
        ));
    }
    let (face, bonus) = if open_coast {
        (None, 0)
    } else {
        let w = &ctx.rules().wilderness;
        let navigator = ctx
            .rules()
            .characters()
            .any(|(id, _)| w.outdoors.get(id).is_some_and(|o| o.navigation));
        let bonus = if navigator { wild::NAVIGATION_BONUS } else { 0 };
        let r = ctx.roll("a beach or cove in the storm", "1d20", Visibility::Public)?;
        (Some(i32::try_from(r.total).unwrap_or(0)), bonus)
    };
    let beached = rules::beaches(open_coast, face, bonus).map_err(|e| acks_err("bad_face", e))?;
    ctx.emit(SeaEvent::Beached {
        open_coast,
        face,
        bonus,
        throw: rules::BEACH_THROW,
        beached,
    })
}

/// AC-SEA-10/11: an hour of gale.
fn storm_hour(ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    let s = ship(ctx)?;
    if wind_today(ctx)? != Wind::Gale {
        return Err(refuse(
            "no_storm",
            "AC-SEA-10",
            "storm damage comes only in a gale",
        ));
    }
    if ctx.rules().sea.beached {
        return Err(refuse(
            "beached",
            "AC-SEA-12",
            "the galley lies beached: the storm does it no harm and it makes no save",
        ));
    }
    let tables = ctx.rules().tables()?;
    let oared = rules::vessel(&tables, s.vessel.into())
        .map_err(|e| acks_err("bad_vessel", e))?
        .oar_miles_per_day
        .is_some();
    let save_face = if oared {
        let r = ctx.roll("storm save", "1d20", Visibility::Public)?;
        Some(i32::try_from(r.total).unwrap_or(0))
    } else {
        None
    };
    let a = ctx.roll("storm damage", "1d8", Visibility::Public)?;
    let b = ctx.roll("storm damage", "1d8", Visibility::Public)?;
    let faces = (
        u32::try_from(a.total).unwrap_or(0),
        u32::try_from(b.total).unwrap_or(0),
    );
    let hour = rules::storm_hour(&crate::Options::default(), oared, faces, save_face)
        .map_err(|e| acks_err("bad_face", e))?;
    let (damage, sinks) = match hour {
        StormHour::Damage(d) => (d, false),
        StormHour::Sinks => (0, true),
    };
    let shp = s.shp - i32::try_from(damage).unwrap_or(i32::MAX);
    ctx.emit(SeaEvent::StormHour {
        save_face,
        damage,
        shp,
        sinks: sinks || shp <= 0,
    })
}

/// AC-SEA-17/18: fishing, when becalmed or at anchor, once a day per character.
fn fish(ctx: &mut Ctx<'_, Acks>, id: &str) -> Result<(), RuleError> {
    if ctx.rules().character(id).is_none() {
        return Err(refuse(
            "not_a_character",
            "characters",
            format!("no character `{id}`"),
        ));
    }
    ship(ctx)?;
    let sea = &ctx.rules().sea;
    let wind = sea.wind.unwrap_or(Wind::AverageWinds);
    if !rules::may_fish(wind, sea.at_anchor) {
        return Err(refuse(
            "cannot_fish",
            "AC-SEA-17",
            "fishing only when becalmed or at anchor",
        ));
    }
    if sea.fished.iter().any(|c| c == id) {
        return Err(refuse(
            "already_fished",
            "AC-SEA-17",
            format!("`{id}` already fished today"),
        ));
    }
    let survival = ctx
        .rules()
        .wilderness
        .outdoors
        .get(id)
        .is_some_and(|o| o.survival);
    let bonus = if survival { wild::SURVIVAL_BONUS } else { 0 };
    let r = ctx.roll(&format!("{id} fishes"), "1d20", Visibility::Public)?;
    let total = i32::try_from(r.total).unwrap_or(0) + bonus;
    let found = total >= FISH.throw();
    let fed = if found {
        let (n, sides) = FISH.feeds();
        let f = ctx.roll(
            &format!("{id}'s catch"),
            &format!("{n}d{sides}"),
            Visibility::Public,
        )?;
        u32::try_from(f.total).unwrap_or(0)
    } else {
        0
    };
    ctx.emit(SeaEvent::Fished {
        character: id.to_string(),
        throw: FISH.throw(),
        total,
        found,
        fed,
    })
}

/// AC-SEA-16: a week at sea.
fn scurvy_week(ctx: &mut Ctx<'_, Acks>, fresh_food: bool) -> Result<(), RuleError> {
    ship(ctx)?;
    let state = ctx.rules();
    let days = state.sea.days_on_iron;
    let mut scores = BTreeMap::new();
    let mut dead = Vec::new();
    for (id, ch) in state.characters() {
        let now = (
            u32::try_from(ch.abilities.strength).unwrap_or(0),
            u32::try_from(ch.abilities.constitution).unwrap_or(0),
        );
        let rec = state.sea.scurvy.get(id).copied().unwrap_or(ScurvyRecord {
            original: now,
            dead: false,
        });
        let after = rules::scurvy_week(
            Scurvy {
                str_score: now.0,
                con_score: now.1,
                dead: rec.dead,
            },
            days,
            fresh_food,
            rec.original,
        );
        if after.dead && !rec.dead {
            dead.push(id.clone());
        }
        scores.insert(id.clone(), (after.str_score, after.con_score));
    }
    ctx.emit(SeaEvent::ScurvyWeek {
        fresh_food,
        days_on_iron: days,
        scores,
        dead: dead.clone(),
    })?;
    for id in dead {
        let hp = ctx.rules().creatures.get(&id).map_or(0, |c| c.hp);
        change_hp(ctx, &id, hp.min(0), "scurvy")?;
    }
    Ok(())
}

pub(super) fn apply(state: &mut AcksState, event: &SeaEvent) {
    use SeaEvent as E;
    match event {
        E::ShipSet { ship } => {
            state.sea.ship = Some(*ship);
            state.sea.at_anchor = false;
        }
        E::AnchorSet { at_anchor } => state.sea.at_anchor = *at_anchor,
        E::WindRolled { wind, .. } => {
            state.sea.wind = Some(*wind);
            state.sea.fished.clear();
            // A new day: the galley puts to sea again and a new storm may come.
            state.sea.beached = false;
            state.sea.beach_tried = false;
            state.sea.storm_hours = 0;
        }
        E::Beached { beached, .. } => {
            state.sea.beached = *beached;
            state.sea.beach_tried = true;
        }
        E::SeaNavigated { lost, drift, .. } => {
            if let Some(p) = state.wilderness.party.as_mut() {
                p.lost = *lost;
                p.drift = *drift;
            }
        }
        E::Sailed {
            path,
            true_path,
            true_progress,
            believed_progress,
            ..
        } => {
            if let Some(p) = state.wilderness.party.as_mut() {
                if let Some(s) = path.last() {
                    p.believed_hex = Hex::new(s.q, s.r);
                }
                if let Some(s) = true_path.last() {
                    p.true_hex = Hex::new(s.q, s.r);
                }
                p.believed_miles = *believed_progress;
                p.true_miles = *true_progress;
            }
            state.sea.days_on_iron = state.sea.days_on_iron.saturating_add(1);
            state.sea.beached = false;
        }
        E::StormHour { shp, sinks, .. } => {
            state.sea.storm_hours = state.sea.storm_hours.saturating_add(1);
            if let Some(s) = state.sea.ship.as_mut() {
                s.shp = *shp;
                s.sunk |= *sinks;
            }
        }
        E::Fished { character, fed, .. } => {
            state.sea.fished.push(character.clone());
            let w = &mut state.wilderness;
            w.fresh_food = w
                .fresh_food
                .saturating_add(*fed)
                .min(super::wilderness::MAX_FRESH_FOOD);
        }
        E::ScurvyWeek {
            fresh_food,
            scores,
            dead,
            ..
        } => {
            if *fresh_food {
                state.sea.days_on_iron = 0;
            }
            for (id, (str_score, con_score)) in scores {
                let Some(ch) = state.creatures.get_mut(id).and_then(|c| c.character_mut()) else {
                    continue;
                };
                let rec = state.sea.scurvy.entry(id.clone()).or_insert(ScurvyRecord {
                    original: (
                        u32::try_from(ch.abilities.strength).unwrap_or(0),
                        u32::try_from(ch.abilities.constitution).unwrap_or(0),
                    ),
                    dead: false,
                });
                rec.dead |= dead.contains(id);
                ch.abilities.strength = i32::try_from(*str_score).unwrap_or(0);
                ch.abilities.constitution = i32::try_from(*con_score).unwrap_or(0);
            }
        }
        E::SailedSeen { .. } => {}
    }
}

/// The ship (with its T-05 row), the wind, beaching and scurvy are everyone's; the true position is the wilderness view's
/// business (the Judge's alone).
pub(super) fn project(state: &TableState<AcksState>, _viewer: &Viewer) -> Value {
    let s = &state.rules.sea;
    // The vessel's T-05 row (speeds, crew, AC), as the table gives it.
    let row = s.ship.and_then(|ship| {
        let tables = state.rules.tables().ok()?;
        rules::vessel(&tables, ship.vessel.into()).ok().cloned()
    });
    json!({
        "ship": s.ship,
        "vessel": row,
        "wind": s.wind,
        "days_on_iron": s.days_on_iron,
        "scurvy": s.scurvy,
        "at_anchor": s.at_anchor,
        "fished": s.fished,
        "beached": s.beached,
        "storm_hours": s.storm_hours,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    #[test]
    fn a_day_of_sailing_enters_a_hex_every_six_miles() {
        let (path, left) = sail(
            (Hex::new(0, 0), Fraction::new(4, 1)),
            Fraction::new(20, 1),
            Direction::South,
        );
        assert_eq!(path.len(), 4);
        assert_eq!(left, Fraction::zero());
    }
}
