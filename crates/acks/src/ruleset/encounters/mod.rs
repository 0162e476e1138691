//! Encounters (checklist §4, §5, §7, §8: AC-ENC-*, AC-SURP-*, AC-REACT-*, AC-EVADE-*):
//! distance, surprise per group with each member's own modifier, the monsters' reaction from
//! the leader's Charisma, and evasion in the dungeon.
//!
//! The Judge's secret rolls here (AC-GEN-04): the encounter distance, the monsters' surprise,
//! the reaction and whether the monsters pursue; players see only that a roll was made. The
//! party's surprise roll is in the open. A side carrying light never surprises
//! (AC-DUNGEON-16, AC-SURP-07): while any character carries a burning light the monsters get
//! no surprise roll, and the Judge says whether the monsters carry light.
//!
//! Commands (JSON inside `{"rules": …}`):
//!
//! - `{"begin_encounter": {"monsters": ["rat1", "rat2"], "origin": "random"}}` — the Judge's;
//!   the distance is rolled in secret on T-07 (2d6 × 10 ft) unless `distance_ft` is given
//!   (AC-ENC-01/03). Outdoors a `terrain` names T-08's row (`light_forest`, `plains`, …) and
//!   the distance is rolled in yards, then scaled by the tallest creature's
//!   `creature_height_ft` ÷ 6 and the observers' (`observer_elevation_ft` + 6) ÷ 6
//!   (AC-ENC-05/07): the Judge's `sighting`; `distance_ft` is the scaled yards × 3.
//! - `{"roll_surprise": {"monsters_carry_light": false, "party_penalty": 0,
//!   "monsters_penalty": 0}}` — the Judge's: one d6 per side, each member adding its own
//!   modifier (AC-SURP-01/02/06).
//! - `{"roll_reaction": {"leader": "brena", "modifier": 0}}` — the Judge's secret 2d6 + the
//!   leader's Charisma modifier + the Judge's (AC-REACT-02, T-10).
//! - `{"judge_reaction": {"reaction": "neutral"}}` — the Judge reads the result in context and
//!   may replace it; both are kept (AC-REACT-05).
//! - `{"flee": {"characters": ["brena", "odo"]}}` — players: before combat a faster party
//!   escapes at once (AC-EVADE-03); otherwise the chase starts and the Judge rolls in secret
//!   whether the monsters pursue (T-10's pursuit column, AC-EVADE-02).
//! - `{"chase_obstacle": {"character": "odo"}}` — the Judge's: at a doorway or sharp turn a
//!   fleeing character saves vs Paralysis with its Dexterity modifier, or falls and stops for
//!   the round (AC-EVADE-05).
//! - `{"treasure_dropped": {}}` — the Judge's secret d6: treasure-loving pursuers stop on 4–6
//!   (AC-EVADE-07).
//! - `{"enter_level_row": {"dungeon_level": 1, "monster_level": 1, "multiplier": "1"}}` — the
//!   Judge enters (or replaces, logged with the old row) a row of chapter 10's dungeon level
//!   table, which ships empty (AC-ENC-11, AC-GEN-03).
//! - `{"roll_number_appearing": {"card": "gloom_rat", "lair": false, "dungeon_level": 1,
//!   "monster_level": 1}}` — the Judge's: the card's dungeon number scaled by that row, rolled
//!   for the Judge alone; refused naming the table while it has no row for the levels.
//! - `{"sneak_round": {"characters": ["odo"], "past": ["rat1", "rat2"], "watch": "distracted",
//!   "hid_in_shadows": false, "moved_silently": false}}` — the Judge's: one round of sneaking
//!   past monsters watching actively, passively or distracted (AC-STEALTH-02…07), every die
//!   the Judge's alone; the Judge tells the players what they notice.
//! - `{"evade_in_wilderness": {"characters": ["brena", "odo"], "modifier": 0,
//!   "dense_woods": false, "pursuers_twice_as_fast": false}}` — the Judge's, outdoors (the
//!   player's `flee` is refused there): the fleeing characters against the encounter's
//!   monsters on T-11, a secret 1d20 (a natural 20 escapes, never below 5 %); pursuers all
//!   surprised let them go without a throw (AC-EVADE-08…10). Players see only `fled`.
//! - `{"chase_day": {"pursuers_faster": true, "pursuers_twice_as_fast": false}}` — the Judge's:
//!   a day of the chase after a failed outdoors evasion (AC-EVADE-11): faster pursuers catch
//!   up on a secret 1d20 of 11+; not caught, the party may evade again.
//! - `{"end_encounter": {"rounds": 12}}` — the Judge's: an encounter of up to 60 rounds
//!   books one turn (AC-ENC-02).
//!
//! Queries, the Judge's alone (a player is refused before anything is read): `sneak_odds`
//! and `evasion_odds`, the exact chances before the dice (their arguments on the functions).

pub mod state;

use std::collections::BTreeMap;

use engine::{Acting, Ctx, RuleError, TableState, Viewer, Visibility};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::{Acks, acks_err, no_creature, refuse};
use super::core::limits::MAX_CREATURES;
use super::state::AcksState;
use crate::encounters::{self as rules, DungeonLevelRow};
use crate::tables::Unit;
use state::{
    EncounterEvent, EncounterState, Origin, ReactionName, Sighting, SightingTerrain, WatchState,
};

/// Most monsters in one encounter; largest distance a Judge may state; most dice a
/// (Judge-edited) distance row may roll.
pub const MAX_ENCOUNTER_MONSTERS: usize = 200;
pub const MAX_DISTANCE_FT: u32 = 10_000;
pub const MAX_DISTANCE_DICE: u32 = 20;

/// Deepest dungeon level and highest monster level of the Judge's level table; its most rows;
/// the largest multiplier.
pub const MAX_LEVELS: u32 = 50;
pub const MAX_LEVEL_ROWS: usize = 2_500;
pub const MAX_MULTIPLIER: i64 = 20;

const DISTANCE_LABEL: &str = "encounter distance";
const MONSTER_SURPRISE_LABEL: &str = "surprise (monsters)";
const REACTION_LABEL: &str = "reaction";
const PURSUIT_LABEL: &str = "pursuit";
const EVASION_LABEL: &str = "evasion";
/// A man's height: the sighting distance's unit of scale (AC-ENC-07).
pub const MAN_SIZED_FT: u32 = 6;
const TREASURE_LABEL: &str = "dropped treasure";

impl EncounterState {
    /// Whether players know of it: their side's surprise was rolled, someone fled, or the Judge
    /// revealed one of its monsters. Until then, to a player there is no encounter.
    pub fn known_to_players(&self, state: &AcksState) -> bool {
        self.party_surprised.is_some()
            || self.fled.is_some()
            || self.monsters.iter().any(|m| {
                state
                    .creatures
                    .get(m)
                    .is_some_and(super::state::Creature::public)
            })
    }
}

/// Encounter commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksEncounterCommand")]
pub enum EncounterCommand {
    BeginEncounter {
        monsters: Vec<String>,
        origin: Origin,
        #[serde(default)]
        distance_ft: Option<u32>,
        /// Where (T-07 `dungeon` by default; outdoors a T-08 row, in yards).
        #[serde(default)]
        terrain: SightingTerrain,
        /// Outdoors: the tallest creature's height (6 ft, man-sized, by default), AC-ENC-07.
        #[serde(default)]
        creature_height_ft: Option<u32>,
        /// Outdoors: how high the observers stand above the ground (0 by default), AC-ENC-07.
        #[serde(default)]
        observer_elevation_ft: Option<u32>,
    },
    RollSurprise {
        #[serde(default)]
        monsters_carry_light: bool,
        #[serde(default)]
        party_penalty: i32,
        #[serde(default)]
        monsters_penalty: i32,
    },
    RollReaction {
        leader: String,
        #[serde(default)]
        modifier: i32,
    },
    JudgeReaction {
        reaction: ReactionName,
    },
    Flee {
        characters: Vec<String>,
    },
    EndEncounter {
        rounds: u32,
    },
    ChaseObstacle {
        character: String,
    },
    TreasureDropped {},
    EnterLevelRow {
        dungeon_level: u32,
        monster_level: u32,
        /// The multiplier of the monster entry's dungeon number, `1`, `1/2`, `3/2`.
        multiplier: String,
    },
    RollNumberAppearing {
        card: String,
        #[serde(default)]
        lair: bool,
        dungeon_level: u32,
        monster_level: u32,
    },
    SneakRound {
        characters: Vec<String>,
        past: Vec<String>,
        watch: WatchState,
        #[serde(default)]
        hid_in_shadows: bool,
        #[serde(default)]
        moved_silently: bool,
    },
    EvadeInWilderness {
        characters: Vec<String>,
        #[serde(default)]
        modifier: i32,
        #[serde(default)]
        dense_woods: bool,
        #[serde(default)]
        pursuers_twice_as_fast: bool,
    },
    /// A day of the chase after a failed outdoors evasion (AC-EVADE-11).
    ChaseDay {
        /// Whether the pursuers move faster than the party (the Judge's call).
        pursuers_faster: bool,
        #[serde(default)]
        pursuers_twice_as_fast: bool,
    },
}

pub(super) fn acting(_state: &TableState<AcksState>, command: &EncounterCommand) -> Acting {
    match command {
        EncounterCommand::Flee { characters } => Acting::Characters(characters.clone()),
        _ => Acting::RefereeOnly,
    }
}

fn no_encounter() -> RuleError {
    refuse("no_encounter", "AC-ENC-04", "no encounter is under way")
}

fn current(ctx: &Ctx<'_, Acks>) -> Result<EncounterState, RuleError> {
    ctx.rules().encounter.clone().ok_or_else(no_encounter)
}

/// Who learns of a roll: everyone, players by a notice only, or the Judge alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    Open,
    Secret,
    JudgeOnly,
}

impl Seen {
    /// A secret roll of an encounter: announced to players only once they know of it, so an
    /// encounter they never learned of reaches them as nothing at all.
    fn secret_of(enc: &EncounterState, state: &AcksState) -> Self {
        if enc.known_to_players(state) {
            Self::Secret
        } else {
            Self::JudgeOnly
        }
    }
}

/// Rolls `expr` seen as `seen` says; its total.
fn roll_seen(
    ctx: &mut Ctx<'_, Acks>,
    label: &str,
    expr: &str,
    seen: Seen,
) -> Result<i64, RuleError> {
    let r = match seen {
        Seen::Open => ctx.roll(label, expr, Visibility::Public)?,
        Seen::Secret => ctx.roll_secret(label, expr)?,
        Seen::JudgeOnly => ctx.roll(label, expr, Visibility::Referee)?,
    };
    Ok(r.total)
}

fn d6(ctx: &mut Ctx<'_, Acks>, label: &str, seen: Seen) -> Result<i32, RuleError> {
    let total = roll_seen(ctx, label, "1d6", seen)?;
    i32::try_from(total)
        .ok()
        .filter(|f| (1..=6).contains(f))
        .ok_or_else(|| refuse("bad_face", "dice", "a d6 face is 1–6"))
}

fn check_modifier(m: i32, rule: &str, max: i32) -> Result<(), RuleError> {
    if m.abs() > max {
        return Err(refuse(
            "bad_modifier",
            rule,
            format!("a modifier is within ±{max}, got {m}"),
        ));
    }
    Ok(())
}

pub(super) fn decide(command: &EncounterCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    use EncounterCommand as C;
    match command {
        C::BeginEncounter {
            monsters,
            origin,
            distance_ft,
            terrain,
            creature_height_ft,
            observer_elevation_ft,
        } => {
            if ctx.rules().encounter.is_some() {
                return Err(refuse(
                    "encounter_under_way",
                    "AC-ENC-04",
                    "an encounter is under way; end it first",
                ));
            }
            if monsters.len() > MAX_ENCOUNTER_MONSTERS {
                return Err(refuse(
                    "too_many_monsters",
                    "MAX_ENCOUNTER_MONSTERS",
                    format!("at most {MAX_ENCOUNTER_MONSTERS} monsters in an encounter"),
                ));
            }
            for (i, m) in monsters.iter().enumerate() {
                if ctx.rules().card_of(m).is_none() {
                    return Err(no_creature(m));
                }
                if monsters[..i].contains(m) {
                    return Err(refuse(
                        "duplicate_monster",
                        "AC-ENC-01",
                        format!("`{m}` is named twice"),
                    ));
                }
            }
            let scaling = creature_height_ft.is_some() || observer_elevation_ft.is_some();
            if scaling && (!terrain.outdoors() || distance_ft.is_some()) {
                return Err(refuse(
                    "bad_sighting",
                    "AC-ENC-07",
                    "height and elevation scale a distance rolled outdoors only",
                ));
            }
            let height = creature_height_ft.unwrap_or(MAN_SIZED_FT);
            let elevation = observer_elevation_ft.unwrap_or(0);
            // Checked before any die.
            rules::scale_distance(0, height, elevation).map_err(|e| acks_err("bad_sighting", e))?;
            let number = u32::try_from(monsters.len()).unwrap_or(u32::MAX);
            rules::begin_encounter((*origin).into(), "monsters", number, distance_ft.is_some())
                .map_err(|e| acks_err("bad_encounter", e))?;
            let mut sighting = None;
            let (distance_ft, distance_rolled) = match distance_ft {
                Some(d) if *d <= MAX_DISTANCE_FT => (*d, false),
                Some(_) => {
                    return Err(refuse(
                        "bad_distance",
                        "MAX_DISTANCE_FT",
                        format!("an encounter distance is at most {MAX_DISTANCE_FT} ft"),
                    ));
                }
                None => {
                    let tables = ctx.rules().tables()?;
                    let row = rules::distance_row(&tables, (*terrain).into())
                        .map_err(|e| acks_err("bad_table", e))?
                        .clone();
                    if row.dice > MAX_DISTANCE_DICE || row.sides == 0 {
                        return Err(refuse(
                            "bad_table",
                            "AC-ENC-03",
                            format!("the distance row rolls 1–{MAX_DISTANCE_DICE} dice"),
                        ));
                    }
                    // Known to players at once only when one of its monsters is already shown.
                    let state = ctx.rules();
                    let known = monsters.iter().any(|m| {
                        state
                            .creatures
                            .get(m)
                            .is_some_and(super::state::Creature::public)
                    });
                    let seen = if known { Seen::Secret } else { Seen::JudgeOnly };
                    let mut faces = Vec::new();
                    for _ in 0..row.dice {
                        let total =
                            roll_seen(ctx, DISTANCE_LABEL, &format!("1d{}", row.sides), seen)?;
                        faces.push(u32::try_from(total).unwrap_or(0));
                    }
                    let d = rules::encounter_distance(&tables, (*terrain).into(), &faces)
                        .map_err(|e| acks_err("bad_face", e))?;
                    match d.unit {
                        Unit::Feet => (d.distance, true),
                        Unit::Yards => {
                            let yards = rules::scale_distance(d.distance, height, elevation)
                                .map_err(|e| acks_err("bad_sighting", e))?;
                            sighting = Some(Sighting {
                                rolled_yards: d.distance,
                                creature_height_ft: height,
                                observer_elevation_ft: elevation,
                                yards,
                            });
                            (yards.saturating_mul(3), true)
                        }
                    }
                }
            };
            ctx.emit_for(
                EncounterEvent::EncounterBegun {
                    origin: (*origin).into(),
                    monsters: monsters.clone(),
                    distance_ft,
                    distance_rolled,
                    terrain: terrain.outdoors().then_some(*terrain),
                    sighting,
                },
                Visibility::Referee,
            )
        }
        C::RollSurprise {
            monsters_carry_light,
            party_penalty,
            monsters_penalty,
        } => roll_surprise(
            ctx,
            *monsters_carry_light,
            *party_penalty,
            *monsters_penalty,
        ),
        C::RollReaction { leader, modifier } => {
            let enc = current(ctx)?;
            let seen = Seen::secret_of(&enc, ctx.rules());
            check_modifier(*modifier, "AC-REACT-02", rules::MAX_REACTION_MODIFIER)?;
            let ch = ctx.rules().character(leader).ok_or_else(|| {
                refuse(
                    "not_a_character",
                    "AC-REACT-02",
                    format!("the party's leader `{leader}` is no character"),
                )
            })?;
            let tables = ctx.rules().tables()?;
            let cha = crate::tables::ability_modifier(&tables, ch.abilities.charisma)
                .map_err(|e| acks_err("bad_ability", e))?;
            let faces = (
                d6(ctx, REACTION_LABEL, seen)?,
                d6(ctx, REACTION_LABEL, seen)?,
            );
            let (reaction, pursues) = rules::resolve_reaction(&tables, cha + modifier, faces)
                .map_err(|e| acks_err("bad_roll", e))?;
            ctx.emit_for(
                EncounterEvent::ReactionRolled {
                    leader: leader.clone(),
                    charisma_modifier: cha,
                    modifier: *modifier,
                    faces,
                    reaction,
                    pursues,
                },
                Visibility::Referee,
            )
        }
        C::JudgeReaction { reaction } => {
            let enc = current(ctx)?;
            let rolled = enc.reaction.ok_or_else(|| {
                refuse(
                    "no_reaction",
                    "AC-REACT-05",
                    "roll the reaction before judging it",
                )
            })?;
            let j = rules::judge_reaction(rolled, Some((*reaction).into()));
            ctx.emit_for(
                EncounterEvent::ReactionJudged {
                    rolled: j.rolled,
                    result: j.result,
                    replaced: j.replaced,
                },
                Visibility::Referee,
            )
        }
        C::Flee { characters } => flee(ctx, characters),
        C::ChaseObstacle { character } => {
            let enc = current(ctx)?;
            if !enc
                .fled
                .as_ref()
                .is_some_and(|(who, escaped)| !escaped && who.contains(character))
            {
                return Err(refuse(
                    "not_fleeing",
                    "AC-EVADE-05",
                    format!("`{character}` is not fleeing in a chase"),
                ));
            }
            let state = ctx.rules();
            let ch = state
                .character(character)
                .ok_or_else(|| no_creature(character))?;
            let level = ch.level;
            let dex = ch.abilities.dexterity;
            let progression = state
                .progressions(character)
                .map(|(_, saves)| saves.into())
                .ok_or_else(|| {
                    refuse(
                        "unknown_class",
                        "T-19",
                        "the character's class is not loaded",
                    )
                })?;
            let tables = state.tables()?;
            let save = crate::saves::save_value(
                &tables,
                progression,
                level,
                crate::saves::SaveCategory::Paralysis,
            )
            .map_err(|e| acks_err("bad_level", e))?;
            let dex_modifier = crate::tables::ability_modifier(&tables, dex)
                .map_err(|e| acks_err("bad_ability", e))?;
            let r = ctx.roll(
                &format!("{character} at an obstacle"),
                "1d20",
                Visibility::Public,
            )?;
            let face = i32::try_from(r.total).unwrap_or(0);
            let saved = crate::evasion::chase_obstacle(save, dex_modifier, face)
                .map_err(|e| acks_err("bad_face", e))?;
            ctx.emit(EncounterEvent::ObstacleRolled {
                character: character.clone(),
                save,
                dex_modifier,
                face,
                fell: !saved,
            })
        }
        C::TreasureDropped {} => {
            let enc = current(ctx)?;
            let seen = Seen::secret_of(&enc, ctx.rules());
            let face = d6(ctx, TREASURE_LABEL, seen)?;
            let stop =
                crate::evasion::stops_for_treasure(face).map_err(|e| acks_err("bad_face", e))?;
            ctx.emit_for(
                EncounterEvent::TreasureChecked { face, stop },
                Visibility::Referee,
            )
        }
        C::EnterLevelRow {
            dungeon_level,
            monster_level,
            multiplier,
        } => {
            if !(1..=MAX_LEVELS).contains(dungeon_level)
                || !(1..=MAX_LEVELS).contains(monster_level)
            {
                return Err(refuse(
                    "bad_level",
                    "AC-ENC-11",
                    format!("dungeon and monster levels run 1–{MAX_LEVELS}"),
                ));
            }
            let multiplier: crate::tables::Frac = multiplier
                .clone()
                .try_into()
                .map_err(|e: String| refuse("bad_multiplier", "AC-ENC-11", e))?;
            if multiplier.0 > crate::odds::Fraction::from_integer(MAX_MULTIPLIER) {
                return Err(refuse(
                    "bad_multiplier",
                    "AC-ENC-11",
                    format!("a multiplier is at most {MAX_MULTIPLIER}"),
                ));
            }
            let table = &ctx.rules().level_table;
            if table.rows.len() >= MAX_LEVEL_ROWS {
                return Err(refuse(
                    "too_many_rows",
                    "MAX_LEVEL_ROWS",
                    format!("at most {MAX_LEVEL_ROWS} rows"),
                ));
            }
            let old = table
                .rows
                .iter()
                .find(|r| r.dungeon_level == *dungeon_level && r.monster_level == *monster_level)
                .copied();
            ctx.emit_for(
                EncounterEvent::LevelRowEntered {
                    old,
                    new: DungeonLevelRow {
                        dungeon_level: *dungeon_level,
                        monster_level: *monster_level,
                        multiplier,
                    },
                },
                Visibility::Referee,
            )
        }
        C::RollNumberAppearing {
            card,
            lair,
            dungeon_level,
            monster_level,
        } => {
            let state = ctx.rules();
            let c = state.content.monsters.get(card).ok_or_else(|| {
                refuse(
                    "unknown_card",
                    "packs",
                    format!("no monster `{card}` in the loaded packs"),
                )
            })?;
            let spec = |s: &str| {
                s.parse::<crate::dice_spec::DiceSpec>()
                    .map_err(|e| acks_err("bad_card", e))
            };
            let n = &c.number_appearing;
            let entry = rules::NumberAppearing {
                dungeon_wandering: spec(&n.dungeon_wandering)?,
                dungeon_lair: n.dungeon_lair.as_deref().map(spec).transpose()?,
                wilderness_wandering: spec(&n.wilderness_wandering)?,
                wilderness_lair: n.wilderness_lair.as_deref().map(spec).transpose()?,
            };
            let place = rules::Place::Dungeon {
                level: *dungeon_level,
            };
            let levels = state.level_table.clone();
            // Refusals first (no lair number, no Judge row), with faces of 1, before any die.
            let dice = if *lair {
                entry.dungeon_lair
            } else {
                Some(entry.dungeon_wandering)
            };
            let probe: Vec<u32> = dice.map_or(Vec::new(), |d| vec![1; d.count as usize]);
            rules::number_appearing(&entry, place, *lair, *monster_level, &levels, &probe)
                .map_err(|e| acks_err("no_number", e))?;
            let Some(dice) = dice else {
                return Err(refuse("no_number", "AC-ENC-11", "no lair number"));
            };
            let mut faces = Vec::new();
            for _ in 0..dice.count {
                let r = ctx.roll(
                    &format!("number appearing: {card}"),
                    &format!("1d{}", dice.sides),
                    Visibility::Referee,
                )?;
                faces.push(u32::try_from(r.total).unwrap_or(0));
            }
            let number =
                rules::number_appearing(&entry, place, *lair, *monster_level, &levels, &faces)
                    .map_err(|e| acks_err("bad_face", e))?;
            ctx.emit_for(
                EncounterEvent::NumberRolled {
                    card: card.clone(),
                    lair: *lair,
                    dungeon_level: *dungeon_level,
                    faces,
                    number,
                },
                Visibility::Referee,
            )
        }
        C::SneakRound {
            characters,
            past,
            watch,
            hid_in_shadows,
            moved_silently,
        } => sneak_round(
            ctx,
            characters,
            past,
            *watch,
            *hid_in_shadows,
            *moved_silently,
        ),
        C::EvadeInWilderness {
            characters,
            modifier,
            dense_woods,
            pursuers_twice_as_fast,
        } => evade_in_wilderness(
            ctx,
            characters,
            crate::evasion::Circumstances {
                modifier: *modifier,
                dense_woods: *dense_woods,
                pursuers_twice_as_fast: *pursuers_twice_as_fast,
            },
        ),
        C::ChaseDay {
            pursuers_faster,
            pursuers_twice_as_fast,
        } => chase_day(ctx, *pursuers_faster, *pursuers_twice_as_fast),
        C::EndEncounter { rounds } => {
            let enc = current(ctx)?;
            // An encounter players never learned of ends for the Judge alone.
            let visibility = if enc.known_to_players(ctx.rules()) {
                Visibility::Public
            } else {
                Visibility::Referee
            };
            ctx.emit_for(
                EncounterEvent::EncounterEnded {
                    rounds: *rounds,
                    turns: rules::encounter_turns(*rounds),
                },
                visibility,
            )
        }
    }
}

/// AC-SURP-01/02/06/07 and AC-DUNGEON-16: one d6 per side, each member adding its own
/// modifier; a side facing light carriers is never surprised.
fn roll_surprise(
    ctx: &mut Ctx<'_, Acks>,
    monsters_carry_light: bool,
    party_penalty: i32,
    monsters_penalty: i32,
) -> Result<(), RuleError> {
    let enc = current(ctx)?;
    if enc.party_surprised.is_some() {
        return Err(refuse(
            "surprise_rolled",
            "AC-SURP-01",
            "surprise is rolled once per encounter",
        ));
    }
    let max = crate::surprise::MAX_MODIFIER;
    check_modifier(party_penalty, "AC-SURP-06", max)?;
    check_modifier(monsters_penalty, "AC-SURP-06", max)?;
    let tables = ctx.rules().tables()?;
    let state = ctx.rules();
    let party: Vec<(String, i32)> = state
        .characters()
        .map(|(id, ch)| (id.clone(), ch.surprise_modifier))
        .collect();
    let party_light = state.characters().any(|(_, ch)| ch.light.is_some());
    let monsters: Vec<(String, i32, bool)> = enc
        .monsters
        .iter()
        .filter_map(|m| {
            state
                .card_of(m)
                .map(|c| (m.clone(), c.surprise_modifier, c.alertness))
        })
        .collect();
    // A member's own modifier and the Judge's penalty together may pass the pure limit; past
    // ±MAX_MODIFIER a d6 total is surprised on every face or on none, so clamping changes no
    // result.
    let surprise = |face: i32, m: i32, alert: bool| {
        crate::surprise::member_surprised(&tables, face, m.clamp(-max, max), alert)
            .map_err(|e| acks_err("bad_modifier", e))
    };
    // The party: in the open, unless the monsters carry light.
    let mut party_surprised = BTreeMap::new();
    let party_face = if crate::surprise::can_surprise(monsters_carry_light) {
        let face = d6(ctx, "surprise (party)", Seen::Open)?;
        for (id, m) in &party {
            party_surprised.insert(id.clone(), surprise(face, m - party_penalty, false)?);
        }
        Some(face)
    } else {
        for (id, _) in &party {
            party_surprised.insert(id.clone(), false);
        }
        None
    };
    // The monsters: the Judge's secret, unless the party carries light.
    let mut monsters_surprised = BTreeMap::new();
    let monster_face = if crate::surprise::can_surprise(party_light) {
        let face = d6(ctx, MONSTER_SURPRISE_LABEL, Seen::Secret)?;
        for (id, m, alert) in &monsters {
            monsters_surprised.insert(id.clone(), surprise(face, m - monsters_penalty, *alert)?);
        }
        Some(face)
    } else {
        for (id, _, _) in &monsters {
            monsters_surprised.insert(id.clone(), false);
        }
        None
    };
    let all: Vec<bool> = party_surprised
        .values()
        .chain(monsters_surprised.values())
        .copied()
        .collect();
    let first_round = match serde_json::to_value(crate::surprise::first_round(&all)) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    };
    ctx.emit(EncounterEvent::PartySurprise {
        face: party_face,
        surprised: party_surprised,
    })?;
    ctx.emit_for(
        EncounterEvent::MonstersSurprise {
            face: monster_face,
            surprised: monsters_surprised,
            first_round,
        },
        Visibility::Referee,
    )
}

/// The monsters as watchers of a sneak: each card's surprise modifier and Alertness, the
/// ordinary 18+ to hear.
fn watchers_of(
    state: &AcksState,
    past: &[String],
) -> Result<Vec<crate::surprise::Watcher>, RuleError> {
    past.iter()
        .map(|m| {
            let card = state.card_of(m).ok_or_else(|| no_creature(m))?;
            Ok(crate::surprise::Watcher {
                hear_throw: crate::surprise::HEAR_NOISE_THROW,
                surprise_modifier: card.surprise_modifier,
                alertness: card.alertness,
            })
        })
        .collect()
}

/// AC-STEALTH-02…07: the exact chance one round of sneaking past these watchers goes
/// unnoticed (a thief hid in shadows: watched as distracted; and moved silently: unheard).
fn sneak_chance(
    tables: &crate::Tables,
    watchers: &[crate::surprise::Watcher],
    watch: WatchState,
    hid_in_shadows: bool,
    moved_silently: bool,
) -> Result<crate::odds::Fraction, RuleError> {
    use crate::surprise::Watch;
    let effective = if hid_in_shadows {
        Watch::Distracted
    } else {
        watch.into()
    };
    let odds = crate::surprise::monsters_sneak_past_odds(tables, effective, watchers)
        .map_err(|e| acks_err("bad_sneak", e))?;
    Ok(if effective == Watch::Distracted && moved_silently {
        crate::odds::Fraction::from_integer(1)
    } else {
        odds
    })
}

fn judges_query(viewer: &Viewer, rule: &str, what: &str) -> Result<(), RuleError> {
    if *viewer != Viewer::Referee {
        return Err(refuse(
            "judges_question",
            rule,
            format!("{what} are the Judge's"),
        ));
    }
    Ok(())
}

fn chance_json(f: crate::odds::Fraction) -> Value {
    json!({"exact": crate::odds::exact_string(f), "probability": crate::odds::to_f64(f)})
}

/// The `sneak_odds` query (the Judge's): `{"past": ["rat1"], "watch": "distracted",
/// "hid_in_shadows": false, "moved_silently": false, "rounds": 1}` — the exact chance that
/// sneaking past these monsters goes unnoticed for one round and for `rounds` rounds
/// (AC-STEALTH-04…07).
pub(super) fn sneak_odds(
    state: &TableState<AcksState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Args {
        past: Vec<String>,
        watch: WatchState,
        #[serde(default)]
        hid_in_shadows: bool,
        #[serde(default)]
        moved_silently: bool,
        #[serde(default = "one_round")]
        rounds: u32,
    }
    fn one_round() -> u32 {
        1
    }
    judges_query(
        viewer,
        "AC-STEALTH-04",
        "the odds of sneaking past monsters",
    )?;
    let a: Args = serde_json::from_value(args.clone())
        .map_err(|e| refuse("bad_query", "sneak_odds", format!("sneak_odds: {e}")))?;
    let watchers = watchers_of(&state.rules, &a.past)?;
    let tables = state.rules.tables()?;
    let one = sneak_chance(
        &tables,
        &watchers,
        a.watch,
        a.hid_in_shadows,
        a.moved_silently,
    )?;
    let all =
        crate::surprise::sneak_rounds_odds(one, a.rounds).map_err(|e| acks_err("bad_sneak", e))?;
    Ok(json!({"round": chance_json(one), "rounds": a.rounds, "all_rounds": chance_json(all)}))
}

/// The `evasion_odds` query (the Judge's): `{"characters": ["brena"], "modifier": 0,
/// "dense_woods": false, "pursuers_twice_as_fast": false}` — the T-11 throw and exact chance
/// of these characters evading the encounter's monsters outdoors (AC-EVADE-09/10), before the
/// Judge's `evade_in_wilderness`.
pub(super) fn evasion_odds(
    state: &TableState<AcksState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Args {
        characters: Vec<String>,
        #[serde(default)]
        modifier: i32,
        #[serde(default)]
        dense_woods: bool,
        #[serde(default)]
        pursuers_twice_as_fast: bool,
    }
    judges_query(viewer, "AC-EVADE-09", "the odds of an evasion")?;
    let a: Args = serde_json::from_value(args.clone())
        .map_err(|e| refuse("bad_query", "evasion_odds", format!("evasion_odds: {e}")))?;
    let enc = state.rules.encounter.as_ref().ok_or_else(no_encounter)?;
    let c = crate::evasion::Circumstances {
        modifier: a.modifier,
        dense_woods: a.dense_woods,
        pursuers_twice_as_fast: a.pursuers_twice_as_fast,
    };
    let (pursuers, odds) = wild_evasion_odds(&state.rules, enc, &a.characters, c)?;
    Ok(json!({"pursuers": pursuers, "throw": odds.throw, "chance": chance_json(odds.chance)}))
}

/// AC-EVADE-09: checks an outdoors evasion (the encounter outdoors and not fled from yet, the
/// fleeing characters) and gives the pursuers' number and the T-11 odds.
fn wild_evasion_odds(
    state: &AcksState,
    enc: &EncounterState,
    characters: &[String],
    c: crate::evasion::Circumstances,
) -> Result<(u32, crate::evasion::EvasionOdds), RuleError> {
    if !enc.terrain.outdoors() {
        return Err(refuse(
            "not_outdoors",
            "AC-EVADE-09",
            "this encounter is in a dungeon: the party flees with `flee`",
        ));
    }
    if enc.fled.is_some() {
        return Err(refuse(
            "already_fled",
            "AC-EVADE-09",
            "the party has already tried to get away from this encounter",
        ));
    }
    if characters.is_empty() || characters.len() > MAX_CREATURES {
        return Err(refuse(
            "bad_fleeing",
            "AC-EVADE-09",
            "name the characters who flee",
        ));
    }
    for (i, id) in characters.iter().enumerate() {
        if state.character(id).is_none() {
            return Err(refuse(
                "not_a_character",
                "AC-EVADE-09",
                format!("no character `{id}`"),
            ));
        }
        if characters[..i].contains(id) {
            return Err(refuse(
                "bad_fleeing",
                "AC-EVADE-09",
                format!("`{id}` is named twice"),
            ));
        }
    }
    let fleeing = u32::try_from(characters.len()).unwrap_or(u32::MAX);
    let pursuers = u32::try_from(enc.monsters.len()).unwrap_or(u32::MAX);
    let tables = state.tables()?;
    let odds = crate::evasion::wilderness_evasion(
        &tables,
        &crate::Options::default(),
        fleeing,
        pursuers,
        c,
    )
    .map_err(|e| acks_err("bad_evasion", e))?;
    Ok((pursuers, odds))
}

/// AC-STEALTH-02…07: one round of characters sneaking past monsters, run by the Judge (how
/// the monsters watch, and whether a thief hid or moved silently, are the Judge's to know).
/// Every die is rolled for the Judge alone, without even a notice: their number would tell
/// how many monsters listen.
fn sneak_round(
    ctx: &mut Ctx<'_, Acks>,
    characters: &[String],
    past: &[String],
    watch: WatchState,
    hid_in_shadows: bool,
    moved_silently: bool,
) -> Result<(), RuleError> {
    use crate::surprise::Watch;
    let state = ctx.rules();
    if characters.is_empty() || characters.len() > MAX_CREATURES {
        return Err(refuse(
            "bad_sneakers",
            "AC-STEALTH-05",
            "name the characters who sneak",
        ));
    }
    for c in characters {
        if state.character(c).is_none() {
            return Err(no_creature(c));
        }
    }
    let watchers = watchers_of(state, past)?;
    let tables = state.tables()?;
    // Checked before any die: the watchers' count and modifiers.
    let chance = sneak_chance(&tables, &watchers, watch, hid_in_shadows, moved_silently)?;
    let effective = if hid_in_shadows {
        Watch::Distracted
    } else {
        watch.into()
    };
    let mut hear_faces = Vec::new();
    let mut surprise_face = None;
    let silent_past_distracted = effective == Watch::Distracted && moved_silently;
    if !silent_past_distracted && effective != Watch::Active {
        if effective == Watch::Distracted {
            for m in past {
                let r = ctx.roll(&format!("{m} listens"), "1d20", Visibility::Referee)?;
                hear_faces.push(i32::try_from(r.total).unwrap_or(0));
            }
        }
        let r = ctx.roll("surprise (sneaking)", "1d6", Visibility::Referee)?;
        surprise_face = Some(i32::try_from(r.total).unwrap_or(0));
    }
    let unnoticed = crate::surprise::resolve_sneak_past(
        &tables,
        watch.into(),
        &watchers,
        hid_in_shadows,
        moved_silently,
        &hear_faces,
        surprise_face.unwrap_or(1),
    )
    .map_err(|e| acks_err("bad_face", e))?;
    ctx.emit_for(
        EncounterEvent::SneakResolved {
            characters: characters.to_vec(),
            past: past.to_vec(),
            watch,
            hear_faces,
            surprise_face,
            unnoticed,
            chance: crate::odds::exact_string(chance),
        },
        Visibility::Referee,
    )
}

/// AC-EVADE-08…10: characters flee an outdoors encounter. Pursuers who were all surprised
/// let them go at once; otherwise the Judge throws 1d20 in secret against T-11 by the two
/// sides' numbers (the encounter's monsters pursue), with the Judge's circumstances. Players
/// learn whether they got away, never the throw or the count of pursuers.
fn evade_in_wilderness(
    ctx: &mut Ctx<'_, Acks>,
    characters: &[String],
    c: crate::evasion::Circumstances,
) -> Result<(), RuleError> {
    let enc = current(ctx)?;
    // Checked before any die: group sizes, the modifier and the table.
    let (pursuers, odds) = wild_evasion_odds(ctx.rules(), &enc, characters, c)?;
    let fleeing = u32::try_from(characters.len()).unwrap_or(u32::MAX);
    let tables = ctx.rules().tables()?;
    let options = crate::Options::default();
    let all_surprised = enc
        .monsters_surprised
        .as_ref()
        .is_some_and(|m| !m.is_empty() && m.values().all(|s| *s));
    let (face, escaped, chance) = if crate::evasion::wilderness_automatic_escape(all_surprised) {
        (None, true, crate::odds::Fraction::from_integer(1))
    } else {
        let total = roll_seen(ctx, EVASION_LABEL, "1d20", Seen::Secret)?;
        let face = i32::try_from(total).unwrap_or(0);
        let escaped = crate::evasion::resolve_wilderness_evasion(
            &tables, &options, fleeing, pursuers, c, face,
        )
        .map_err(|e| acks_err("bad_face", e))?;
        (Some(face), escaped, odds.chance)
    };
    let mut modifier = c.modifier;
    if c.dense_woods {
        modifier += crate::evasion::DENSE_WOODS;
    }
    if c.pursuers_twice_as_fast
        && options.twice_as_fast == crate::options::TwiceAsFast::MinusFiveToEvasion
    {
        modifier -= crate::evasion::TWICE_AS_FAST;
    }
    ctx.emit_for(
        EncounterEvent::WildEvasionRolled {
            characters: characters.to_vec(),
            pursuers,
            throw: odds.throw,
            modifier,
            face,
            chance: crate::odds::exact_string(chance),
            escaped,
        },
        Visibility::Referee,
    )?;
    ctx.emit(EncounterEvent::Fled {
        characters: characters.to_vec(),
        escaped,
    })
}

/// AC-EVADE-11: a day of the chase after a failed outdoors evasion. The pursuers keep the
/// party in sight; faster ones catch up on the Judge's secret 1d20 of 11+ (players learn only
/// whether they were caught); slower ones cannot. Not caught, the party may try to evade
/// again (`evade_in_wilderness`), day after day until one side wins.
fn chase_day(
    ctx: &mut Ctx<'_, Acks>,
    pursuers_faster: bool,
    pursuers_twice_as_fast: bool,
) -> Result<(), RuleError> {
    let enc = current(ctx)?;
    let Some((characters, false)) = enc.fled.clone() else {
        return Err(refuse(
            "no_chase",
            "AC-EVADE-11",
            "no chase is under way: the party has not failed to evade this encounter",
        ));
    };
    if !enc.terrain.outdoors() {
        return Err(refuse(
            "no_chase",
            "AC-EVADE-11",
            "a day's chase is outdoors; in a dungeon the chase runs round by round",
        ));
    }
    let options = crate::Options::default();
    let odds = crate::evasion::catch_up_odds(&options, pursuers_faster, pursuers_twice_as_fast);
    let caught = if pursuers_faster {
        let face = roll_seen(ctx, "catching up (AC-EVADE-11)", "1d20", Seen::Secret)?;
        // AC-OPEN-06: the option in force gives twice-as-fast pursuers +5 here or −5 to the
        // evasion throw instead.
        let bonus = if pursuers_twice_as_fast
            && options.twice_as_fast == crate::options::TwiceAsFast::PlusFiveToCatchUp
        {
            i64::from(crate::evasion::TWICE_AS_FAST)
        } else {
            0
        };
        face + bonus >= i64::from(odds.throw)
    } else {
        false
    };
    ctx.emit(EncounterEvent::ChaseDay { characters, caught })
}

/// AC-EVADE-01/02/03: the players flee; before any fight a faster party gets away at once,
/// otherwise the chase starts and the Judge rolls whether the monsters pursue.
fn flee(ctx: &mut Ctx<'_, Acks>, characters: &[String]) -> Result<(), RuleError> {
    let enc = current(ctx)?;
    // A player may not learn of an encounter it has not been shown by trying to flee it.
    if *ctx.actor() != engine::Actor::Referee && !enc.known_to_players(ctx.rules()) {
        return Err(no_encounter());
    }
    if enc.terrain.outdoors() {
        return Err(refuse(
            "outdoors_evasion",
            "AC-EVADE-09",
            "outdoors the Judge rolls the evasion for the fleeing party",
        ));
    }
    if characters.is_empty() || characters.len() > MAX_CREATURES {
        return Err(refuse(
            "bad_fleeing",
            "AC-EVADE-01",
            "name the characters who flee",
        ));
    }
    let state = ctx.rules();
    let mut slowest = u32::MAX;
    for id in characters {
        let ch = state.character(id).ok_or_else(|| {
            refuse(
                "not_a_character",
                "AC-EVADE-01",
                format!("no character `{id}`"),
            )
        })?;
        slowest = slowest.min(ch.speed_ft);
    }
    let fastest = enc
        .monsters
        .iter()
        .filter_map(|m| state.card_of(m).map(|c| c.speed_ft))
        .max()
        .unwrap_or(0);
    let combat_begun = ctx.core().clock.combat.is_some();
    let escaped = crate::evasion::dungeon_automatic_escape(combat_begun, slowest, fastest);
    ctx.emit(EncounterEvent::Fled {
        characters: characters.to_vec(),
        escaped,
    })?;
    if !escaped {
        let tables = ctx.rules().tables()?;
        let faces = (
            d6(ctx, PURSUIT_LABEL, Seen::Secret)?,
            d6(ctx, PURSUIT_LABEL, Seen::Secret)?,
        );
        let (_, pursues) =
            rules::resolve_reaction(&tables, 0, faces).map_err(|e| acks_err("bad_roll", e))?;
        ctx.emit_for(
            EncounterEvent::PursuitRolled { faces, pursues },
            Visibility::Referee,
        )?;
    }
    Ok(())
}

pub(super) fn apply(state: &mut AcksState, event: &EncounterEvent) {
    use EncounterEvent as E;
    if let E::EncounterBegun {
        origin,
        monsters,
        distance_ft,
        terrain,
        sighting,
        ..
    } = event
    {
        state.encounter = Some(EncounterState {
            origin: *origin,
            monsters: monsters.clone(),
            distance_ft: *distance_ft,
            terrain: terrain.unwrap_or_default(),
            sighting: sighting.clone(),
            party_surprised: None,
            monsters_surprised: None,
            reaction: None,
            fled: None,
            pursues: None,
        });
        return;
    }
    if let E::EncounterEnded { .. } = event {
        state.encounter = None;
        return;
    }
    if let E::LevelRowEntered { new, .. } = event {
        let rows = &mut state.level_table.rows;
        match rows
            .iter_mut()
            .find(|r| r.dungeon_level == new.dungeon_level && r.monster_level == new.monster_level)
        {
            Some(r) => *r = *new,
            None => rows.push(*new),
        }
        return;
    }
    let Some(enc) = state.encounter.as_mut() else {
        return;
    };
    match event {
        E::PartySurprise { surprised, .. } => enc.party_surprised = Some(surprised.clone()),
        E::MonstersSurprise { surprised, .. } => enc.monsters_surprised = Some(surprised.clone()),
        E::ReactionRolled { reaction, .. } => enc.reaction = Some(*reaction),
        E::ReactionJudged { result, .. } => enc.reaction = Some(*result),
        E::Fled {
            characters,
            escaped,
        } => enc.fled = Some((characters.clone(), *escaped)),
        E::PursuitRolled { pursues, .. } => enc.pursues = Some(*pursues),
        E::WildEvasionRolled { .. } => {}
        // Caught, the encounter goes on face to face; not caught, the party may evade again.
        E::ChaseDay { .. } => enc.fled = None,
        E::EncounterBegun { .. }
        | E::EncounterEnded { .. }
        | E::ObstacleRolled { .. }
        | E::TreasureChecked { .. }
        | E::SneakResolved { .. }
        | E::LevelRowEntered { .. }
        | E::NumberRolled { .. } => {}
    }
}

pub(super) fn project(state: &TableState<AcksState>, viewer: &Viewer) -> Value {
    let Some(enc) = &state.rules.encounter else {
        return Value::Null;
    };
    if *viewer == Viewer::Referee {
        return serde_json::to_value(enc).unwrap_or(Value::Null);
    }
    // Players learn of an encounter by its open parts only.
    if !enc.known_to_players(&state.rules) {
        return Value::Null;
    }
    json!({
        // AC-EVADE-04: no mapping while fleeing.
        "mapping_possible": crate::evasion::mapping_possible(
            enc.fled.as_ref().is_some_and(|(_, escaped)| !escaped)
        ),
        "party_surprised": enc.party_surprised,
        // Outdoors the Judge rolls the evasion (the party knows where it is).
        "outdoors": enc.terrain.outdoors(),
        "fled": enc.fled.as_ref().map(|(c, e)| json!({"characters": c, "escaped": e})),
    })
}
