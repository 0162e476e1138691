//! Wilderness (checklist §2, AC-WILD-*): the party on the Judge's hex map of 6-mile hexes, the
//! travel day by terrain (T-01, T-02), forced march and rest days, getting lost (T-03) with
//! the true hex the Judge's alone, foraging and hunting, food and water, and the Judge's
//! wandering checks by days.
//!
//! Time outdoors is counted in days (AC-WILD-09): each day command (`travel_day`, `hunt`,
//! `rest_day`) begins a day, and the day under way ends when the next begins or with
//! `end_day`, passing game midnight (the engine's `DayEnd`): then every supplied character
//! eats and drinks a day's ration (fresh food first), and hunger and thirst bite
//! (AC-WILD-13…15).
//!
//! Secrecy (AC-WILD-11/12, AC-GEN-04): the navigation throw is the Judge's `roll_secret` on
//! every day off a road, lost or not; the d6 that sets a lost party's heading is rolled for the
//! Judge alone, without a notice. A day's travel is the Judge's `day_travelled` (true and
//! believed paths) masked as `day_travelled_seen`, which is worked out from the believed hex,
//! the intended heading and the map's shown terrain alone; the players' view shows only the
//! believed hex. So a lost party's players get the same log, view and refusals as a party on
//! course, and never the true hex, until the Judge's `found_way`.
//!
//! Commands (JSON inside `{"rules": …}`):
//!
//! - `{"set_hexes": {"hexes": [{"q": 0, "r": 0, "terrain": "woods", "road": false,
//!   "shown": true}]}}` — the Judge's map (axial, flat-topped: `q` east, `r` south); terrain
//!   `clear`, `coast`, `desert`, `hills`, `woods`, `jungle`, `swamp` or `mountains`; a hex off
//!   the map counts as clear. Players see the `shown` hexes (AC-WILD-01). An optional
//!   `"feature": {"kind": "canyon", "pace_percent": 50}` draws a `canyon`, `broad_river`,
//!   `river` or `other` obstacle with the Judge's further slowing: the day's pace across the hex
//!   is that percentage of the terrain's (100 draws it without slowing; a flying party is not
//!   slowed). The day's travel lists the slowed hexes (`slowed`), AC-WILD-05.
//! - `{"place_party": {"q": 0, "r": 0}}` — the Judge's: the party is here and knows it.
//! - `{"set_true_course": {"q": 1, "r": 0, "drift": 1}}` — the Judge's: the party is lost,
//!   really in this hex and straying `drift` sixths of a turn clockwise (0–5) from the heading
//!   it means (AC-WILD-12: a small deviation of the Judge's choosing). Only the Judge sees it.
//! - `{"found_way": {}}` — the Judge's: the lost party knows where it is again.
//! - `{"set_wild_wandering": {"every_days": 1, "die": 6, "on_or_below": 1}}` — the Judge's
//!   schedule of wilderness wandering checks.
//! - `{"set_outdoors": {"character": "sefa", "navigation": true, "survival": false}}` — the
//!   Judge records a character's Navigation and Survival proficiencies (AC-WILD-11/18).
//! - `{"set_supplies": {"character": "odo", "food_days": 7, "water_days": 3}}` — the Judge
//!   records the days of food and water a character carries (AC-WILD-13).
//! - `{"travel_day": {"toward": "north_east", "forced_march": false, "flying": false,
//!   "following": false}}` — the Judge's: a day of travel at the slowest character's speed
//!   (AC-WILD-03…05, 19); `following` a road, trail or clear landmark needs no navigation
//!   throw and takes the road's pace where the map has one (AC-WILD-10); a forced march makes
//!   half as many miles again and owes a day of rest (AC-WILD-06).
//! - `{"forage": {"character": "sefa"}}` — on a travel day, one throw of 18+ per character
//!   (Survival +4); success feeds 1d6 (AC-WILD-16/18).
//! - `{"hunt": {"characters": ["sefa", "brena"]}}` — a day of hunting: no travel, each hunter
//!   throws 14+ (Survival +4) to feed 2d6, and the Judge rolls one wandering check
//!   (AC-WILD-17).
//! - `{"rest_day": {}}` — the Judge's: a day of rest (AC-WILD-06/07).
//! - `{"end_day": {}}` — the Judge's: the day under way ends (midnight passes).

pub mod state;

use std::collections::{BTreeMap, BTreeSet};

use engine::{Acting, Boundary, Ctx, RuleError, TableState, Viewer, Visibility};
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabletop::hex::{Direction, Hex};

use super::adapter::{Acks, acks_err, refuse};
use super::state::AcksState;
use super::steps::change_hp;
use crate::dungeon::WanderingSchedule;
use crate::odds::Fraction;
use crate::tables::Terrain;
use crate::wilderness::{self as rules, FoodSearch, TravelMode};
use state::{DayKind, Heading, MapHex, Position, Step, Supplies, WildEvent, key};

/// Most hexes on the Judge's map and in one `set_hexes`; farthest coordinate from the origin.
pub const MAX_HEXES: usize = 10_000;
pub const MAX_COORD: i32 = 10_000;
/// Most days of food or water a character is recorded to carry.
pub const MAX_RATION_DAYS: u32 = 1_000;
/// Most hexes one day's travel enters (flying at 360 ft on a forced march is 216 miles).
pub const MAX_HEXES_PER_DAY: usize = 64;
/// Most fresh rations the party's pool keeps.
pub const MAX_FRESH_FOOD: u32 = 100_000;

/// The secret rolls' labels: fixed words.
const NAVIGATION_LABEL: &str = "navigation";
const WANDERING_LABEL: &str = "wilderness wandering monsters";
/// Minutes in a day (AC-WILD-09).
const DAY_MINUTES: u64 = 24 * 60;

/// Wilderness commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksWildCommand")]
pub enum WildCommand {
    SetHexes {
        hexes: Vec<MapHex>,
    },
    PlaceParty {
        q: i32,
        r: i32,
    },
    SetTrueCourse {
        q: i32,
        r: i32,
        #[serde(default)]
        drift: u32,
    },
    FoundWay {},
    SetWildWandering {
        every_days: u32,
        die: u32,
        on_or_below: u32,
    },
    SetOutdoors {
        character: String,
        #[serde(default)]
        navigation: bool,
        #[serde(default)]
        survival: bool,
    },
    SetSupplies {
        character: String,
        food_days: u32,
        water_days: u32,
    },
    TravelDay {
        toward: Heading,
        #[serde(default)]
        forced_march: bool,
        #[serde(default)]
        flying: bool,
        #[serde(default)]
        following: bool,
    },
    Forage {
        character: String,
    },
    Hunt {
        characters: Vec<String>,
    },
    RestDay {},
    EndDay {},
}

pub(super) fn acting(_state: &TableState<AcksState>, command: &WildCommand) -> Acting {
    use WildCommand as C;
    match command {
        C::Forage { character } => Acting::Characters(vec![character.clone()]),
        C::Hunt { characters } => Acting::Characters(characters.clone()),
        C::SetHexes { .. }
        | C::PlaceParty { .. }
        | C::SetTrueCourse { .. }
        | C::FoundWay {}
        | C::SetWildWandering { .. }
        | C::SetOutdoors { .. }
        | C::SetSupplies { .. }
        | C::TravelDay { .. }
        | C::RestDay {}
        | C::EndDay {} => Acting::RefereeOnly,
    }
}

fn check_coord(q: i32, r: i32) -> Result<Hex, RuleError> {
    if q.abs() > MAX_COORD || r.abs() > MAX_COORD {
        return Err(refuse(
            "bad_hex",
            "MAX_COORD",
            format!("hex coordinates run ±{MAX_COORD}"),
        ));
    }
    Ok(Hex::new(q, r))
}

fn character(state: &AcksState, id: &str) -> Result<(), RuleError> {
    state.character(id).map(|_| ()).ok_or_else(|| {
        refuse(
            "not_a_character",
            "characters",
            format!("no character `{id}`"),
        )
    })
}

fn party(ctx: &Ctx<'_, Acks>) -> Result<Position, RuleError> {
    ctx.rules().wilderness.party.ok_or_else(|| {
        refuse(
            "no_party_placed",
            "AC-WILD-01",
            "place the party on the map first",
        )
    })
}

pub(super) fn decide(command: &WildCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    use WildCommand as C;
    match command {
        C::SetHexes { hexes } => set_hexes(ctx, hexes),
        C::PlaceParty { q, r } => {
            check_coord(*q, *r)?;
            ctx.emit(WildEvent::PartyPlaced { q: *q, r: *r })
        }
        C::SetTrueCourse { q, r, drift } => {
            check_coord(*q, *r)?;
            party(ctx)?;
            if *drift > 5 {
                return Err(refuse(
                    "bad_drift",
                    "AC-WILD-12",
                    "a heading strays 0–5 sixths of a turn clockwise",
                ));
            }
            ctx.emit_for(
                WildEvent::TrueCourseSet {
                    q: *q,
                    r: *r,
                    lost: true,
                    drift: *drift,
                },
                Visibility::Referee,
            )
        }
        C::FoundWay {} => {
            let p = party(ctx)?;
            ctx.emit(WildEvent::PartyPlaced {
                q: p.true_hex.q,
                r: p.true_hex.r,
            })
        }
        C::SetWildWandering {
            every_days,
            die,
            on_or_below,
        } => {
            let schedule = WanderingSchedule::new(*every_days, *die, *on_or_below)
                .map_err(|e| acks_err("bad_schedule", e))?;
            ctx.emit_for(
                WildEvent::WildWanderingSet { schedule },
                Visibility::Referee,
            )
        }
        C::SetOutdoors {
            character: id,
            navigation,
            survival,
        } => {
            character(ctx.rules(), id)?;
            ctx.emit(WildEvent::OutdoorsSet {
                character: id.clone(),
                navigation: *navigation,
                survival: *survival,
            })
        }
        C::SetSupplies {
            character: id,
            food_days,
            water_days,
        } => {
            character(ctx.rules(), id)?;
            if *food_days > MAX_RATION_DAYS || *water_days > MAX_RATION_DAYS {
                return Err(refuse(
                    "bad_supplies",
                    "MAX_RATION_DAYS",
                    format!("a character carries at most {MAX_RATION_DAYS} days of food or water"),
                ));
            }
            ctx.emit(WildEvent::SuppliesSet {
                character: id.clone(),
                food_days: *food_days,
                water_days: *water_days,
            })
        }
        C::TravelDay {
            toward,
            forced_march,
            flying,
            following,
        } => travel_day(
            ctx,
            (*toward).into(),
            TravelMode {
                forced_march: *forced_march,
                flying: *flying,
            },
            *following,
        ),
        C::Forage { character: id } => forage(ctx, id),
        C::Hunt { characters } => hunt(ctx, characters),
        C::RestDay {} => {
            party(ctx)?;
            begin_day(ctx, DayKind::Rest)?;
            scheduled_check(ctx, false)
        }
        C::EndDay {} => {
            if ctx.rules().wilderness.today.is_none() {
                return Err(refuse(
                    "no_day",
                    "AC-WILD-09",
                    "no wilderness day is under way",
                ));
            }
            ctx.advance_minutes(DAY_MINUTES)
        }
    }
}

/// `set_hexes`: the Judge's form carries every hex; the players' only the shown ones, and those
/// they saw before that the Judge hides again.
fn set_hexes(ctx: &mut Ctx<'_, Acks>, hexes: &[MapHex]) -> Result<(), RuleError> {
    let map = &ctx.rules().wilderness.hexes;
    let new = hexes
        .iter()
        .filter(|h| !map.contains_key(&key(h.hex())))
        .map(|h| key(h.hex()))
        .collect::<BTreeSet<_>>()
        .len();
    if hexes.is_empty() || hexes.len() > MAX_HEXES || map.len() + new > MAX_HEXES {
        return Err(refuse(
            "too_many_hexes",
            "MAX_HEXES",
            format!("1–{MAX_HEXES} hexes at a time and on the map"),
        ));
    }
    for h in hexes {
        check_coord(h.q, h.r)?;
        if let Some(f) = h.feature
            && !(1..=100).contains(&f.pace_percent)
        {
            return Err(refuse(
                "bad_feature",
                "AC-WILD-05",
                "an obstacle's pace is 1–100 % of the terrain's (100: no slowing)",
            ));
        }
    }
    let shown: Vec<MapHex> = hexes.iter().filter(|h| h.shown).copied().collect();
    let hidden: Vec<Step> = hexes
        .iter()
        .filter(|h| !h.shown && map.get(&key(h.hex())).is_some_and(|o| o.shown))
        .map(|h| Step { q: h.q, r: h.r })
        .collect();
    ctx.emit_masked(
        WildEvent::HexesSet {
            hexes: hexes.to_vec(),
        },
        Visibility::Referee,
        WildEvent::HexesSeen {
            hexes: shown,
            hidden,
        },
    )
}

/// Begins a day of `kind`: the day under way ends first (midnight passes); a day owed to rest
/// after a forced march may only be rested (AC-WILD-06).
fn begin_day(ctx: &mut Ctx<'_, Acks>, kind: DayKind) -> Result<(), RuleError> {
    let w = &ctx.rules().wilderness;
    if w.rest_owed && kind != DayKind::Rest {
        return Err(refuse(
            "rest_owed",
            "AC-WILD-06",
            "after a forced march the party must rest for a day",
        ));
    }
    if w.today.is_some() {
        ctx.advance_minutes(DAY_MINUTES)?;
    }
    let day = ctx.rules().wilderness.day.saturating_add(1);
    ctx.emit(WildEvent::DayBegun { day, kind })
}

/// The Judge's wandering check for the day, when the schedule calls for one or `forced` (a
/// hunt, AC-WILD-17).
fn scheduled_check(ctx: &mut Ctx<'_, Acks>, forced: bool) -> Result<(), RuleError> {
    let w = &ctx.rules().wilderness;
    let day = w.day;
    let Some(s) = w.wandering.filter(|s| forced || s.due(day)) else {
        return Ok(());
    };
    let r = ctx.roll_secret(WANDERING_LABEL, &format!("1d{}", s.die))?;
    let face = u32::try_from(r.total).unwrap_or(0);
    let monsters_come = s.monsters_come(face).map_err(|e| acks_err("bad_face", e))?;
    ctx.emit_for(
        WildEvent::WildWanderingChecked {
            day,
            face,
            monsters_come,
        },
        Visibility::Referee,
    )
}

/// The slowest character's exploration speed (AC-WILD-04).
fn party_speed(state: &AcksState) -> Result<u32, RuleError> {
    let speeds: Vec<u32> = state.characters().map(|(_, c)| c.speed_ft).collect();
    rules::party_speed(&speeds).map_err(|e| acks_err("no_party", e))
}

/// One day's walk from `start`, `progress` miles into it, heading `heading`: each hex's
/// terrain on `map` sets the pace across it (T-01 × T-02, the road's pace when following
/// one), and every 6 miles enter the next hex. Returns the hexes entered, the whole miles made
/// and the miles into the hex the day ends in.
fn walk(
    map: &state::WildState,
    tables: &crate::Tables,
    speed: u32,
    mode: TravelMode,
    following: bool,
    start: (Hex, Fraction),
    heading: Direction,
) -> Result<Walk, RuleError> {
    let hex_miles = Fraction::from_integer(i64::from(rules::WILDERNESS_HEX_MILES));
    let (mut at, mut progress) = start;
    let mut left = Fraction::one();
    let mut miles = Fraction::zero();
    let mut path = Vec::new();
    let mut slowed = Vec::new();
    while path.len() < MAX_HEXES_PER_DAY {
        let (terrain, road) = map.terrain(at);
        let t = if following && road {
            Terrain::Road
        } else {
            terrain.movement()
        };
        let mut per_day = rules::daily_travel(tables, speed, t, mode)
            .map_err(|e| acks_err("bad_speed", e))?
            .exact;
        // AC-WILD-05: the Judge's further slowing for the hex's obstacle.
        if let Some(f) = map.feature(at) {
            let paced = rules::feature_pace(per_day, f.pace_percent, mode.flying)
                .map_err(|e| acks_err("bad_feature", e))?;
            if paced != per_day {
                per_day = paced;
                slowed.push(state::Slowed {
                    q: at.q,
                    r: at.r,
                    kind: f.kind,
                    pace_percent: f.pace_percent,
                });
            }
        }
        if per_day <= Fraction::zero() {
            break;
        }
        let need = hex_miles - progress;
        let time = need / per_day;
        if time <= left {
            left -= time;
            miles += need;
            progress = Fraction::zero();
            at = at.neighbour(heading);
            path.push(at.into());
        } else {
            let part = left * per_day;
            miles += part;
            progress += part;
            break;
        }
    }
    let whole = u32::try_from(miles.floor().to_integer()).unwrap_or(u32::MAX);
    Ok(Walk {
        path,
        miles: whole,
        progress,
        slowed,
    })
}

/// One day's walk: the hexes entered, the whole miles made, the miles into the hex it ends in
/// and the hexes whose obstacle slowed it.
struct Walk {
    path: Vec<Step>,
    miles: u32,
    progress: Fraction,
    slowed: Vec<state::Slowed>,
}

/// AC-WILD-03…06, 10…12, 19: a day of travel.
fn travel_day(
    ctx: &mut Ctx<'_, Acks>,
    toward: Direction,
    mode: TravelMode,
    following: bool,
) -> Result<(), RuleError> {
    let mut p = party(ctx)?;
    let speed = party_speed(ctx.rules())?;
    let tables = ctx.rules().tables()?;
    // Checked before any die: the speed must be on T-01.
    rules::base_miles_per_day(&tables, speed).map_err(|e| acks_err("bad_speed", e))?;
    begin_day(
        ctx,
        if mode.forced_march {
            DayKind::ForcedMarch
        } else {
            DayKind::Travel
        },
    )?;
    let day = ctx.rules().wilderness.day;
    if !following {
        // AC-WILD-11: the Judge's secret throw, every day off a road, lost or not.
        let w = &ctx.rules().wilderness;
        let (terrain, _) = w.terrain(p.true_hex);
        let throw = rules::navigation_throw(&tables, terrain.navigation(), false)
            .map_err(|e| acks_err("bad_terrain", e))?
            .unwrap_or(0);
        let navigator = ctx
            .rules()
            .characters()
            .any(|(id, _)| w.outdoors.get(id).is_some_and(|o| o.navigation));
        let bonus = if navigator {
            rules::NAVIGATION_BONUS
        } else {
            0
        };
        let r = ctx.roll_secret(NAVIGATION_LABEL, "1d20")?;
        let face = i32::try_from(r.total)
            .ok()
            .filter(|f| (1..=20).contains(f))
            .ok_or_else(|| refuse("bad_face", "AC-WILD-11", "a d20 face is 1–20"))?;
        let on_course = face + bonus >= throw;
        if !on_course && !p.lost {
            // AC-WILD-12: the Judge's d6 picks the hex side the party really heads for; no
            // notice reaches the players (the Judge may set another with `set_true_course`).
            let d6 = ctx.roll("lost heading", "1d6", Visibility::Referee)?;
            let f = i32::try_from(d6.total).unwrap_or(0);
            p.drift = rules::lost_heading(f).map_err(|e| acks_err("bad_face", e))?;
            p.lost = true;
        }
        ctx.emit_for(
            WildEvent::Navigated {
                day,
                throw,
                bonus,
                face,
                on_course,
                lost: p.lost,
                drift: p.drift,
            },
            Visibility::Referee,
        )?;
    }
    let w = &ctx.rules().wilderness;
    let true_heading = toward.turned(i32::try_from(p.drift).unwrap_or(0));
    let true_walk = walk(
        w,
        &tables,
        speed,
        mode,
        following,
        (p.true_hex, p.true_miles),
        if p.lost { true_heading } else { toward },
    )?;
    // The believed walk reads only what the players' map shows.
    let mut shown = w.clone();
    shown.hexes.retain(|_, h| h.shown);
    let believed = walk(
        &shown,
        &tables,
        speed,
        mode,
        following,
        (p.believed_hex, p.believed_miles),
        toward,
    )?;
    let truth = if p.lost {
        true_walk
    } else {
        Walk {
            path: believed.path.clone(),
            miles: believed.miles,
            progress: believed.progress,
            slowed: believed.slowed.clone(),
        }
    };
    ctx.emit_masked(
        WildEvent::DayTravelled {
            day,
            miles: believed.miles,
            path: believed.path.clone(),
            true_miles: truth.miles,
            true_path: truth.path,
            true_progress: truth.progress,
            believed_progress: believed.progress,
            slowed: believed.slowed.clone(),
            true_slowed: truth.slowed,
        },
        Visibility::Referee,
        WildEvent::DayTravelledSeen {
            day,
            miles: believed.miles,
            path: believed.path,
            slowed: believed.slowed.clone(),
        },
    )?;
    for s in believed.slowed {
        ctx.emit(WildEvent::TravelSlowed {
            day,
            q: s.q,
            r: s.r,
            kind: s.kind,
            pace_percent: s.pace_percent,
        })?;
    }
    scheduled_check(ctx, false)
}

/// One character's throw for food (Survival +4) and, on a success, the dice of how many it
/// feeds: (throw, total, found, fed).
fn food_throw(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    search: FoodSearch,
) -> Result<(i32, i32, bool, u32), RuleError> {
    let survival = ctx
        .rules()
        .wilderness
        .outdoors
        .get(id)
        .is_some_and(|o| o.survival);
    let bonus = if survival { rules::SURVIVAL_BONUS } else { 0 };
    let label = match search {
        FoodSearch::Forage => format!("{id} forages"),
        _ => format!("{id} hunts"),
    };
    let r = ctx.roll(&label, "1d20", Visibility::Public)?;
    let total = i32::try_from(r.total).unwrap_or(0) + bonus;
    let throw = search.throw();
    let found = total >= throw;
    let fed = if found {
        let (n, sides) = search.feeds();
        let f = ctx.roll(
            &format!("{id}'s food"),
            &format!("{n}d{sides}"),
            Visibility::Public,
        )?;
        u32::try_from(f.total).unwrap_or(0)
    } else {
        0
    };
    Ok((throw, total, found, fed))
}

/// AC-WILD-16/18: foraging on a travel day, once per character.
fn forage(ctx: &mut Ctx<'_, Acks>, id: &str) -> Result<(), RuleError> {
    character(ctx.rules(), id)?;
    let w = &ctx.rules().wilderness;
    if !matches!(w.today, Some(DayKind::Travel | DayKind::ForcedMarch)) {
        return Err(refuse(
            "not_travelling",
            "AC-WILD-16",
            "foraging is done while travelling: begin a travel day first",
        ));
    }
    if w.foraged.contains(id) {
        return Err(refuse(
            "already_foraged",
            "AC-WILD-16",
            format!("`{id}` already foraged today"),
        ));
    }
    let (throw, total, found, fed) = food_throw(ctx, id, FoodSearch::Forage)?;
    ctx.emit(WildEvent::Foraged {
        character: id.to_string(),
        throw,
        total,
        found,
        fed,
    })
}

/// AC-WILD-17/18: a day of hunting, no travel, one wandering check.
fn hunt(ctx: &mut Ctx<'_, Acks>, characters: &[String]) -> Result<(), RuleError> {
    party(ctx)?;
    let unique: BTreeSet<&String> = characters.iter().collect();
    if characters.is_empty()
        || unique.len() != characters.len()
        || characters.len() > super::core::limits::MAX_CREATURES
    {
        return Err(refuse(
            "bad_hunters",
            "AC-WILD-17",
            "name each hunter once, at least one",
        ));
    }
    for id in characters {
        character(ctx.rules(), id)?;
    }
    if ctx.rules().wilderness.wandering.is_none() {
        return Err(refuse(
            "no_schedule",
            "AC-WILD-17",
            "a hunt calls for a wandering check: the Judge sets the wilderness schedule first",
        ));
    }
    begin_day(ctx, DayKind::Hunt)?;
    for id in characters {
        let (throw, total, found, fed) = food_throw(ctx, id, FoodSearch::Hunt)?;
        ctx.emit(WildEvent::Hunted {
            character: id.clone(),
            throw,
            total,
            found,
            fed,
        })?;
    }
    scheduled_check(ctx, true)
}

/// At game midnight: the wilderness day under way ends, and every supplied character eats and
/// drinks (AC-WILD-13…15).
pub(super) fn on_boundary(boundary: &Boundary, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    if *boundary != Boundary::DayEnd {
        return Ok(());
    }
    let w = &ctx.rules().wilderness;
    if w.today.is_some() {
        let day = w.day;
        ctx.emit(WildEvent::DayEnded { day })?;
    }
    let w = &ctx.rules().wilderness;
    if w.supplies.is_empty() {
        return Ok(());
    }
    let mut fresh = w.fresh_food;
    let mut supplies = w.supplies.clone();
    let mut hurt: Vec<(String, i32, String)> = Vec::new();
    for (id, s) in supplies.iter_mut() {
        let Some(c) = ctx.rules().creatures.get(id) else {
            continue;
        };
        if c.hp <= 0 {
            continue;
        }
        let mut loss = 0u32;
        let mut heals = true;
        if fresh > 0 {
            fresh -= 1;
            s.days_without_food = 0;
        } else if s.food_days > 0 {
            s.food_days -= 1;
            s.days_without_food = 0;
        } else {
            s.days_without_food = s.days_without_food.saturating_add(1);
            let (hp, h) = rules::starvation(s.days_without_food);
            loss += hp;
            heals &= h;
        }
        if s.water_days > 0 {
            s.water_days -= 1;
            s.days_without_water = 0;
        } else {
            s.days_without_water = s.days_without_water.saturating_add(1);
            let r = ctx.roll(&format!("{id}'s thirst"), "1d4", Visibility::Public)?;
            let face = u32::try_from(r.total).unwrap_or(0);
            let (hp, h) = rules::thirst_damage(s.days_without_water, face)
                .map_err(|e| acks_err("bad_face", e))?;
            loss += hp;
            heals &= h;
        }
        s.heals_naturally = heals;
        if loss > 0 {
            let hp = ctx.rules().creatures.get(id).map_or(0, |c| c.hp);
            hurt.push((
                id.clone(),
                hp - i32::try_from(loss).unwrap_or(i32::MAX),
                "hunger and thirst".to_string(),
            ));
        }
    }
    ctx.emit(WildEvent::DayProvisioned {
        fresh_food_left: fresh,
        supplies,
    })?;
    for (id, hp, cause) in hurt {
        change_hp(ctx, &id, hp, &cause)?;
    }
    Ok(())
}

pub(super) fn apply(state: &mut AcksState, event: &WildEvent) {
    use WildEvent as E;
    let w = &mut state.wilderness;
    match event {
        E::HexesSet { hexes } => {
            for h in hexes {
                w.hexes.insert(key(h.hex()), *h);
            }
        }
        E::PartyPlaced { q, r } => w.party = Some(Position::known(Hex::new(*q, *r))),
        E::TrueCourseSet { q, r, lost, drift } => {
            if let Some(p) = w.party.as_mut() {
                p.true_hex = Hex::new(*q, *r);
                p.lost = *lost;
                p.drift = *drift;
                p.true_miles = Fraction::zero();
            }
        }
        E::WildWanderingSet { schedule } => w.wandering = Some(*schedule),
        E::OutdoorsSet {
            character,
            navigation,
            survival,
        } => {
            w.outdoors.insert(
                character.clone(),
                state::Outdoors {
                    navigation: *navigation,
                    survival: *survival,
                },
            );
        }
        E::SuppliesSet {
            character,
            food_days,
            water_days,
        } => {
            let s = w.supplies.entry(character.clone()).or_insert(Supplies {
                heals_naturally: true,
                ..Supplies::default()
            });
            s.food_days = *food_days;
            s.water_days = *water_days;
        }
        E::DayBegun { day, kind } => {
            w.day = *day;
            w.today = Some(*kind);
            w.foraged.clear();
            match kind {
                DayKind::Travel => w.travel_days = w.travel_days.saturating_add(1),
                DayKind::ForcedMarch => {
                    w.travel_days = w.travel_days.saturating_add(1);
                    w.rest_owed = true;
                }
                DayKind::Rest => {
                    w.travel_days = 0;
                    w.rest_owed = false;
                }
                DayKind::Hunt => {}
            }
        }
        E::Navigated { lost, drift, .. } => {
            if let Some(p) = w.party.as_mut() {
                p.lost = *lost;
                p.drift = *drift;
            }
        }
        E::DayTravelled {
            path,
            true_path,
            true_progress,
            believed_progress,
            ..
        } => {
            if let Some(p) = w.party.as_mut() {
                if let Some(s) = path.last() {
                    p.believed_hex = Hex::new(s.q, s.r);
                }
                if let Some(s) = true_path.last() {
                    p.true_hex = Hex::new(s.q, s.r);
                }
                p.believed_miles = *believed_progress;
                p.true_miles = *true_progress;
            }
        }
        E::Foraged { character, fed, .. } => {
            w.foraged.insert(character.clone());
            w.fresh_food = w.fresh_food.saturating_add(*fed).min(MAX_FRESH_FOOD);
        }
        E::Hunted { fed, .. } => {
            w.fresh_food = w.fresh_food.saturating_add(*fed).min(MAX_FRESH_FOOD);
        }
        E::DayEnded { .. } => {
            w.today = None;
            w.foraged.clear();
        }
        E::DayProvisioned {
            fresh_food_left,
            supplies,
        } => {
            w.fresh_food = *fresh_food_left;
            for (id, s) in supplies {
                w.supplies.insert(id.clone(), *s);
            }
        }
        E::HexesSeen { .. }
        | E::DayTravelledSeen { .. }
        | E::TravelSlowed { .. }
        | E::WildWanderingChecked { .. } => {}
    }
}

/// The Judge sees the whole wilderness state; everyone else the shown map and the believed
/// hex, never the true one, nor whether the party is lost.
pub(super) fn project(state: &TableState<AcksState>, viewer: &Viewer) -> Value {
    let w = &state.rules.wilderness;
    let penalty = rules::missed_rest_penalty(w.travel_days);
    if *viewer == Viewer::Referee {
        let mut v = serde_json::to_value(w).unwrap_or(Value::Null);
        v["missed_rest_penalty"] = json!(penalty);
        return v;
    }
    let hexes: BTreeMap<&String, &MapHex> = w.hexes.iter().filter(|(_, h)| h.shown).collect();
    json!({
        "hexes": hexes,
        "party": w.party.map(|p| json!({"believed_hex": p.believed_hex})),
        "day": w.day,
        "today": w.today,
        "travel_days": w.travel_days,
        "rest_owed": w.rest_owed,
        "missed_rest_penalty": penalty,
        "foraged": w.foraged,
        "fresh_food": w.fresh_food,
        "supplies": w.supplies,
        "outdoors": w.outdoors,
    })
}
