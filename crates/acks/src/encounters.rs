//! Encounters («Столкновения», «Дистанция столкновения», «Реакция»): encounter distance in the
//! dungeon (T-07, feet) and outdoors (T-08, yards) with size and elevation scaling, sea
//! visibility, encounter time, and monster reactions (T-10); what an encounter is (planned or
//! random), how many monsters appear (the entry's numbers, scaled in dungeons by the Judge's
//! chapter-10 level table), and recruiting friendly monsters on the Judge's hiring table (both
//! tables belong to other chapters: no values ship, and the rules refuse naming them until the
//! Judge enters rows).
use crate::dice_spec::DiceSpec;
use crate::odds::{Fraction, sum_of_dice, two_d6};
use crate::tables::{EncounterDistanceRow, EncounterTerrain, Reaction, Unit};
use crate::{AcksError, Tables};
use serde::Serialize;

/// Largest absolute reaction modifier accepted.
pub const MAX_REACTION_MODIFIER: i32 = 20;
/// AC-ENC-06: a man-sized target is never seen beyond this many yards on flat plains.
pub const MAX_SIGHTING_YARDS: u32 = 1000;
/// AC-ENC-10: ships are seen up to 6 miles, land up to 24, in normal weather.
pub const SHIP_VISIBLE_MILES: u32 = 6;
pub const LAND_VISIBLE_MILES: u32 = 24;

/// The distance row for a terrain (T-07 for the dungeon, T-08 outdoors).
pub fn distance_row(
    tables: &Tables,
    terrain: EncounterTerrain,
) -> Result<&EncounterDistanceRow, AcksError> {
    let t = if terrain == EncounterTerrain::Dungeon {
        &tables.t07_dungeon_encounter_distance
    } else {
        &tables.t08_wilderness_encounter_distance
    };
    t.find(format!("{terrain:?}"), |r| r.terrain == terrain)
}

/// An encounter distance from the dice faces rolled for the terrain's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EncounterDistance {
    pub distance: u32,
    pub unit: Unit,
}

/// Distance from faces (one per die of the row), in the row's unit (AC-ENC-03, AC-ENC-05).
pub fn encounter_distance(
    tables: &Tables,
    terrain: EncounterTerrain,
    faces: &[u32],
) -> Result<EncounterDistance, AcksError> {
    let row = distance_row(tables, terrain)?;
    if faces.len() != row.dice as usize || faces.iter().any(|f| !(1..=row.sides).contains(f)) {
        return Err(AcksError::range(
            "AC-ENC-03/05",
            format!(
                "{terrain:?} needs {} faces of 1–{}, got {faces:?}",
                row.dice, row.sides
            ),
        ));
    }
    Ok(EncounterDistance {
        distance: faces.iter().sum::<u32>() * row.multiplier,
        unit: row.unit,
    })
}

/// Exact distribution of the encounter distance: (distance, probability).
pub fn distance_odds(
    tables: &Tables,
    terrain: EncounterTerrain,
) -> Result<Vec<(u32, Fraction)>, AcksError> {
    let row = distance_row(tables, terrain)?;
    let (dist, total) = sum_of_dice(&[(row.dice, row.sides)]);
    Ok(dist
        .into_iter()
        .map(|(v, w)| (v as u32 * row.multiplier, Fraction::new(w, total)))
        .collect())
}

/// AC-ENC-07: scale a sighting distance by the creature's height (÷ 6 ft) and the observer's
/// elevation ((elevation + 6) ÷ 6). Rounded down to whole units.
pub fn scale_distance(
    base: u32,
    creature_height_ft: u32,
    observer_elevation_ft: u32,
) -> Result<u32, AcksError> {
    if creature_height_ft == 0 || creature_height_ft > 1000 || observer_elevation_ft > 30_000 {
        return Err(AcksError::range(
            "AC-ENC-07",
            "creature height must be 1–1000 ft and elevation at most 30,000 ft",
        ));
    }
    let scaled =
        u64::from(base) * u64::from(creature_height_ft) * u64::from(observer_elevation_ft + 6) / 36;
    u32::try_from(scaled).map_err(|_| AcksError::range("AC-ENC-07", "distance too large"))
}

/// AC-ENC-06: the plains cap for a man-sized target.
pub fn cap_man_sized_on_plains(yards: u32) -> u32 {
    yards.min(MAX_SIGHTING_YARDS)
}

/// AC-ENC-10: visibility at sea in miles; bad weather or fog cuts it by 90 %.
pub fn sea_visibility_miles(land: bool, bad_weather: bool) -> Fraction {
    let base = if land {
        LAND_VISIBLE_MILES
    } else {
        SHIP_VISIBLE_MILES
    };
    let f = Fraction::from_integer(base.into());
    if bad_weather { f / 10 } else { f }
}

/// AC-ENC-02: an encounter of 60 rounds or fewer books exactly one turn; longer ones book a
/// turn per started 60 rounds.
pub fn encounter_turns(rounds: u32) -> u32 {
    rounds.div_ceil(60).max(1)
}

fn check_reaction(modifier: i32) -> Result<(), AcksError> {
    if modifier.abs() > MAX_REACTION_MODIFIER {
        return Err(AcksError::range(
            "AC-REACT-02",
            format!("reaction modifier must be within ±{MAX_REACTION_MODIFIER}, got {modifier}"),
        ));
    }
    Ok(())
}

fn reaction_row(tables: &Tables, total: i64) -> Result<&crate::tables::ReactionRow, AcksError> {
    tables
        .t10_reaction
        .find(format!("total {total}"), |r| r.total.contains(total))
}

/// Exact odds of each T-10 result on 2d6 + modifier (leader's CHA modifier + Judge's).
pub fn reaction_odds(
    tables: &Tables,
    modifier: i32,
) -> Result<Vec<(Reaction, Fraction)>, AcksError> {
    check_reaction(modifier)?;
    let mut out: Vec<(Reaction, Fraction)> = Reaction::ALL
        .iter()
        .map(|r| (*r, Fraction::new(0, 1)))
        .collect();
    for (t, w) in two_d6() {
        let r = reaction_row(tables, t + i64::from(modifier))?.reaction;
        if let Some(slot) = out.iter_mut().find(|(k, _)| *k == r) {
            slot.1 += Fraction::new(w, 36);
        }
    }
    Ok(out)
}

/// A reaction roll from two d6 faces: the result and whether the monsters would pursue a
/// fleeing party (AC-EVADE-02).
pub fn resolve_reaction(
    tables: &Tables,
    modifier: i32,
    faces: (i32, i32),
) -> Result<(Reaction, bool), AcksError> {
    check_reaction(modifier)?;
    for f in [faces.0, faces.1] {
        if !(1..=6).contains(&f) {
            return Err(AcksError::range(
                "AC-REACT-02",
                format!("a d6 face is 1–6, got {f}"),
            ));
        }
    }
    let row = reaction_row(tables, i64::from(faces.0 + faces.1 + modifier))?;
    Ok((row.reaction, row.pursues))
}

/// AC-EVADE-02: exact P(monsters pursue a fleeing party), from the T-10 pursue column.
pub fn pursuit_odds(tables: &Tables, modifier: i32) -> Result<Fraction, AcksError> {
    check_reaction(modifier)?;
    let mut p = Fraction::new(0, 1);
    for (t, w) in two_d6() {
        if reaction_row(tables, t + i64::from(modifier))?.pursues {
            p += Fraction::new(w, 36);
        }
    }
    Ok(p)
}

/// AC-REACT-01: a reaction roll is made only when the monsters' attitude is not obvious.
pub fn reaction_roll_needed(attitude_obvious: bool) -> bool {
    !attitude_obvious
}

/// AC-REACT-03: what a reaction means for the monsters' conduct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ReactionConduct {
    pub attacks_at_once: bool,
    /// Attacks if that seems sensible to it.
    pub may_attack: bool,
    /// May spare the party if it parleys.
    pub open_to_parley: bool,
    /// Ignores the party if it can, negotiates if not.
    pub avoids_contact: bool,
    /// Likes the party; open to mutually useful deals.
    pub helpful: bool,
}

pub fn reaction_conduct(r: Reaction) -> ReactionConduct {
    let c =
        |attacks_at_once, may_attack, open_to_parley, avoids_contact, helpful| ReactionConduct {
            attacks_at_once,
            may_attack,
            open_to_parley,
            avoids_contact,
            helpful,
        };
    match r {
        Reaction::Hostile => c(true, true, false, false, false),
        Reaction::Unfriendly => c(false, true, false, false, false),
        Reaction::Neutral => c(false, false, true, false, false),
        Reaction::Indifferent => c(false, false, true, true, false),
        Reaction::Friendly => c(false, false, true, false, true),
    }
}

/// AC-REACT-05: the Judge reads the result in context and may replace it; both are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct JudgedReaction {
    pub rolled: Reaction,
    pub result: Reaction,
    pub replaced: bool,
}

pub fn judge_reaction(rolled: Reaction, replacement: Option<Reaction>) -> JudgedReaction {
    let result = replacement.unwrap_or(rolled);
    JudgedReaction {
        rolled,
        result,
        replaced: result != rolled,
    }
}

/// The encounter sequence (AC-ENC-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EncounterStep {
    Distance,
    Surprise,
    Reaction,
    Decisions,
    /// Rounds with initiative rolled each round, until one side is dead or fled.
    Combat,
    Over,
}

/// AC-ENC-04: the step after `step`; combat follows decisions only if anyone fights.
pub fn next_step(step: EncounterStep, anyone_fights: bool, one_side_gone: bool) -> EncounterStep {
    use EncounterStep::*;
    match step {
        Distance => Surprise,
        Surprise => Reaction,
        Reaction => Decisions,
        Decisions if anyone_fights => Combat,
        Decisions => Over,
        Combat if one_side_gone => Over,
        Combat => Combat,
        Over => Over,
    }
}

/// Where an encounter came from (AC-ENC-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EncounterOrigin {
    /// Placed by the Judge (a keyed room, a lair on the map).
    Planned,
    /// Produced by a random (wandering-monster) roll.
    Random,
}

/// An encounter: a meeting with potential enemies, planned or random (AC-ENC-01). Both kinds
/// run the same sequence (AC-ENC-04) from its first step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Encounter {
    pub origin: EncounterOrigin,
    pub monsters: String,
    pub number: u32,
    pub step: EncounterStep,
}

/// AC-ENC-01: opens an encounter with `number` potential enemies; with nobody there is no
/// encounter. `distance_known` (the Judge already knows the distance, AC-ENC-03) starts it at
/// the surprise step.
pub fn begin_encounter(
    origin: EncounterOrigin,
    monsters: &str,
    number: u32,
    distance_known: bool,
) -> Result<Encounter, AcksError> {
    if number == 0 || monsters.trim().is_empty() {
        return Err(AcksError::range(
            "AC-ENC-01",
            "an encounter is a meeting with potential enemies: name them and how many",
        ));
    }
    Ok(Encounter {
        origin,
        monsters: monsters.to_string(),
        number,
        step: if distance_known {
            EncounterStep::Surprise
        } else {
            EncounterStep::Distance
        },
    })
}

/// A monster entry's number appearing (AC-ENC-11), content the Judge's monster pack supplies:
/// wandering groups and lairs, in the dungeon and in the wilderness.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct NumberAppearing {
    pub dungeon_wandering: DiceSpec,
    pub dungeon_lair: Option<DiceSpec>,
    pub wilderness_wandering: DiceSpec,
    pub wilderness_lair: Option<DiceSpec>,
}

/// Where the monsters are met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// On this dungeon level (1 = the first level below ground).
    Dungeon {
        level: u32,
    },
    Wilderness,
}

/// One row of the dungeon wandering-monster level table (chapter 10 "Secrets"): how many of a
/// monster of `monster_level` appear on `dungeon_level`, as a multiplier of the entry's
/// dungeon number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct DungeonLevelRow {
    pub dungeon_level: u32,
    pub monster_level: u32,
    pub multiplier: crate::tables::Frac,
}

/// The dungeon wandering-monster level table. It lives in chapter 10, outside this chapter and
/// outside `TABLES.md`, so none of its values ship: the Judge enters the rows, and a dungeon
/// encounter with no row for its levels is refused naming the table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct DungeonLevelTable {
    pub rows: Vec<DungeonLevelRow>,
}

/// The name the refusals use.
pub const DUNGEON_LEVEL_TABLE: &str = "the dungeon wandering-monster level table (chapter 10)";

/// AC-ENC-11: the number of monsters met, from the entry's dice for the place and for a lair
/// or a wandering group, with the rolled faces. In a dungeon the roll is scaled by the Judge's
/// dungeon-level row (rounded down, at least 1: the chapter gives no rounding, so this is the
/// project's reading). A lair the entry has no number for is refused.
pub fn number_appearing(
    entry: &NumberAppearing,
    place: Place,
    lair: bool,
    monster_level: u32,
    levels: &DungeonLevelTable,
    faces: &[u32],
) -> Result<u32, AcksError> {
    let dice = match (place, lair) {
        (Place::Dungeon { .. }, false) => Some(entry.dungeon_wandering),
        (Place::Dungeon { .. }, true) => entry.dungeon_lair,
        (Place::Wilderness, false) => Some(entry.wilderness_wandering),
        (Place::Wilderness, true) => entry.wilderness_lair,
    }
    .ok_or_else(|| {
        AcksError::range(
            "AC-ENC-11",
            format!("the monster entry gives no lair number for {place:?}"),
        )
    })?;
    let rolled = dice.total(faces, "AC-ENC-11")?.max(0);
    let Place::Dungeon { level } = place else {
        return Ok(rolled as u32);
    };
    let row = levels
        .rows
        .iter()
        .find(|r| r.dungeon_level == level && r.monster_level == monster_level)
        .ok_or_else(|| AcksError::JudgeTable {
            rule: "AC-ENC-11",
            table: DUNGEON_LEVEL_TABLE,
            what: format!("a level-{monster_level} monster on dungeon level {level}"),
        })?;
    let scaled = num_traits::CheckedMul::checked_mul(
        &row.multiplier.0,
        &Fraction::from_integer(i64::from(rolled)),
    )
    .ok_or_else(|| AcksError::range("AC-ENC-11", "the multiplier is too large"))?
    .floor()
    .to_integer();
    u32::try_from(scaled.max(1))
        .map_err(|_| AcksError::range("AC-ENC-11", "the multiplier is too large"))
}

/// One row of the Reaction to Hiring Offer table (henchmen chapter): a band of 2d6 totals,
/// the result's name and whether the offer is accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct HiringRow {
    pub total: crate::tables::Band,
    pub result: String,
    pub accepts: bool,
}

/// The Reaction to Hiring Offer table. It belongs to the henchmen chapter, outside this
/// chapter and `TABLES.md`, so none of its rows ship: the Judge enters them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct HiringTable {
    pub rows: Vec<HiringRow>,
}

/// The name the refusals use.
pub const HIRING_TABLE: &str = "the Reaction to Hiring Offer table (henchmen chapter)";

/// A recruitment attempt's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Recruitment {
    pub total: i32,
    pub result: String,
    pub joins: bool,
}

fn hiring_row(table: &HiringTable, total: i32) -> Result<&HiringRow, AcksError> {
    table
        .rows
        .iter()
        .find(|r| r.total.contains(total.into()))
        .ok_or_else(|| AcksError::JudgeTable {
            rule: "AC-REACT-04",
            table: HIRING_TABLE,
            what: format!("total {total}"),
        })
}

fn check_recruit(reaction: Reaction, modifier: i32) -> Result<(), AcksError> {
    check_reaction(modifier)?;
    if reaction != Reaction::Friendly {
        return Err(AcksError::range(
            "AC-REACT-04",
            format!("only friendly monsters can be recruited as allies, these are {reaction:?}"),
        ));
    }
    Ok(())
}

/// AC-REACT-04: offering friendly monsters to join as allies: 2d6 + modifier on the Judge's
/// hiring table. Refused for monsters that are not friendly, and naming the table while it
/// has no row for the total.
pub fn recruit(
    table: &HiringTable,
    reaction: Reaction,
    modifier: i32,
    faces: (i32, i32),
) -> Result<Recruitment, AcksError> {
    check_recruit(reaction, modifier)?;
    for f in [faces.0, faces.1] {
        if !(1..=6).contains(&f) {
            return Err(AcksError::range(
                "AC-REACT-04",
                format!("a d6 face is 1–6, got {f}"),
            ));
        }
    }
    let total = faces.0 + faces.1 + modifier;
    let row = hiring_row(table, total)?;
    Ok(Recruitment {
        total,
        result: row.result.clone(),
        joins: row.accepts,
    })
}

/// AC-REACT-04: exact P(friendly monsters join) on the Judge's table; refused while any
/// reachable total has no row.
pub fn recruit_odds(
    table: &HiringTable,
    reaction: Reaction,
    modifier: i32,
) -> Result<Fraction, AcksError> {
    check_recruit(reaction, modifier)?;
    let mut p = Fraction::new(0, 1);
    for (t, w) in two_d6() {
        if hiring_row(table, t as i32 + modifier)?.accepts {
            p += Fraction::new(w, 36);
        }
    }
    Ok(p)
}
