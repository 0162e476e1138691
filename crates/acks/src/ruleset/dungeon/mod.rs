//! Dungeon (checklist §1, AC-DUNGEON-*): the 10-minute turn, rest, light, marching order,
//! doors, listening, secret doors, traps and pits, and the Judge's wandering-monster checks.
//!
//! The turn is the engine's exploration turn (10 game minutes, [`Acks`]'s
//! `exploration_turn`); the Judge ends it with the clock command
//! `{"clock": "end_exploration_turn"}`. At its end every character's rest clock passes the
//! turn with what it did (explore unless it declared otherwise: a search is declared by
//! searching), every carried light burns one turn, and on the turns the Judge's schedule
//! names a wandering-monster check is rolled in secret.
//!
//! Secret rolls (AC-GEN-04): listening, searching for secret doors or traps, an elf passing
//! by and the wandering-monster check are rolled with `roll_secret` whether or not anything
//! is there (a trap's 1d6 is rolled for the Judge alone, without even the notice). The Judge's event carries the throw, the face and what was there;
//! the players get the masked form, which says only what was found: a failed roll and an
//! empty spot give byte-identical views, and the same refusals.
//!
//! Commands (JSON inside `{"rules": …}`):
//!
//! - `{"set_marching_order": {"ranks": [["brena", "odo"], ["sefa"]]}}` — any participant
//!   (AC-DUNGEON-01/02).
//! - `{"set_mapper": {"character": "sefa"}}` — any participant; when the mapper goes down the
//!   map passes to a character still up (AC-DUNGEON-04/05).
//! - `{"spike_door": {"character": "dain", "door": "d1"}}` — an evil door left open and
//!   unspiked slams shut at the end of the turn (AC-DUNGEON-25).
//! - `{"declare_turn": {"character": "odo", "activity": "rest"}}` — `explore`, `search` or
//!   `rest` for the turn under way (AC-DUNGEON-06/12).
//! - `{"light": {"character": "odo", "kind": "torch"}}`, `{"refill_lantern": {"character":
//!   "odo"}}`, `{"douse": {"character": "odo"}}` (AC-DUNGEON-15).
//! - `{"place_door": {"door": "d1", "area": "hall", "material": "wood", "state": "stuck",
//!   "penalty": 0, "evil": false, "secret": false}}` — the Judge's (AC-DUNGEON-19).
//! - `{"place_trap": {"trap": "t1", "area": "hall", "pit_ft": 20}}` — the Judge's.
//! - `{"place_beyond": {"at": "d1", "creatures": ["rat1"]}}` — the Judge's: who is beyond a
//!   door or at an intersection, for listening (silent creatures cannot be heard).
//! - `{"set_wandering": {"every_turns": 2, "die": 6, "on_or_below": 1}}` — the Judge's
//!   schedule of wandering-monster checks.
//! - `{"listen": {"character": "odo", "at": "d1"}}` — a secret roll; one try per character
//!   per door or intersection (AC-DUNGEON-28).
//! - `{"search": {"character": "sefa", "area": "hall", "looking_for": "secret_doors"}}` — or
//!   `"traps"`; a secret roll that spends the character's turn; one chance per character per
//!   area at secret doors (AC-DUNGEON-26/27/29).
//! - `{"elf_passes": {"character": "sefa", "area": "hall"}}` — the Judge's secret roll for an
//!   elf merely passing by (14+, AC-DUNGEON-26).
//! - `{"force_door": {"characters": ["brena", "odo"], "door": "d1"}}` — one round per try; the
//!   stronger Strength shifts the throw 4 per point, a second character adds 4, a natural 1
//!   fails (AC-DUNGEON-21…24).
//! - `{"trap_check": {"trap": "t1", "character": "odo"}}` — the Judge's secret 1d6: the trap
//!   springs on 1–2 (AC-DUNGEON-30); a pit then deals 1d6 per 10 ft (AC-DUNGEON-31). Players
//!   get no notice of this roll at all (a notice would tell of the trap), only the springing.
//! - `{"fall": {"character": "odo", "feet": 30}}` — the Judge's: falling damage.
//! - `{"check_wandering": {}}` — the Judge's extra wandering-monster check (after a din),
//!   on the schedule's die, in secret.
//! - `{"unlock_door": {"character": "odo", "door": "d3", "method": "open_locks"}}` — `key`,
//!   `open_locks` (a thief's T-22 throw, 1 turn), `chop` (3 turns, wooden doors) or `bash`
//!   (1 turn, simple wooden doors); metal and stone cannot be broken (AC-DUNGEON-20).

pub mod state;

use std::collections::BTreeMap;

use engine::{Acting, Boundary, Ctx, RuleError, TableState, Viewer, Visibility};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::{Acks, acks_err, no_creature, refuse};
use super::state::AcksState;
use super::steps::change_hp;
use crate::dungeon::{
    self as rules, DoorState, LightSource, MarchingOrder, SearchLog, Searcher, TurnActivity,
    WanderingSchedule,
};
use crate::secrecy::{self, Hidden, PlayerView, SecretCheck};
use state::{
    Activity, Door, DungeonEvent, Light, LookingFor, Material, PlacedDoorState, Trap, UnlockMethod,
};

/// Most doors, traps and listening places a table keeps; longest id.
pub const MAX_DOORS: usize = 1_000;
pub const MAX_TRAPS: usize = 1_000;
pub const MAX_PLACES: usize = 1_000;
pub const MAX_PLACE_ID: usize = 64;
/// Most creatures placed beyond one door; deepest pit.
pub const MAX_BEYOND: usize = 100;
pub const MAX_FALL_FT: u32 = 1_000;
/// Most characters in a marching order.
pub const MAX_MARCHERS: usize = 50;
/// Most (character, place) tries each one-chance log keeps (listening, searching for secret
/// doors): past it, a table refuses new places rather than grow without end.
pub const MAX_TRIES: usize = 20_000;

/// Refuses a try at a new place once `log` is full (it counts only the party's own tries,
/// so the refusal tells nothing hidden).
fn check_room(log: &SearchLog) -> Result<(), RuleError> {
    if log.len() >= MAX_TRIES {
        return Err(refuse(
            "too_many_tries",
            "MAX_TRIES",
            format!("a table keeps at most {MAX_TRIES} listening and searching tries of each kind"),
        ));
    }
    Ok(())
}

/// The secret rolls' labels: fixed words, so a label tells nothing of what is there.
const LISTEN_LABEL: &str = "listening";
const SEARCH_LABEL: &str = "searching";
const PASSING_LABEL: &str = "an elf passing by";
const TRAP_LABEL: &str = "trap";
const WANDERING_LABEL: &str = "wandering monsters";

/// Dungeon commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksDungeonCommand")]
pub enum DungeonCommand {
    SetMarchingOrder {
        ranks: Vec<Vec<String>>,
    },
    SetMapper {
        character: String,
    },
    SpikeDoor {
        character: String,
        door: String,
    },
    DeclareTurn {
        character: String,
        activity: Activity,
    },
    Light {
        character: String,
        kind: Light,
    },
    RefillLantern {
        character: String,
    },
    Douse {
        character: String,
    },
    PlaceDoor {
        door: String,
        area: String,
        material: Material,
        state: PlacedDoorState,
        #[serde(default)]
        penalty: i32,
        #[serde(default)]
        evil: bool,
        #[serde(default)]
        secret: bool,
    },
    PlaceTrap {
        trap: String,
        area: String,
        #[serde(default)]
        pit_ft: u32,
    },
    PlaceBeyond {
        at: String,
        creatures: Vec<String>,
    },
    SetWandering {
        every_turns: u32,
        die: u32,
        on_or_below: u32,
    },
    Listen {
        character: String,
        at: String,
    },
    Search {
        character: String,
        area: String,
        looking_for: LookingFor,
    },
    ElfPasses {
        character: String,
        area: String,
    },
    ForceDoor {
        characters: Vec<String>,
        door: String,
    },
    TrapCheck {
        trap: String,
        character: String,
    },
    CheckWandering {},
    UnlockDoor {
        character: String,
        door: String,
        method: UnlockMethod,
    },
    Fall {
        character: String,
        feet: u32,
    },
}

pub(super) fn acting(_state: &TableState<AcksState>, command: &DungeonCommand) -> Acting {
    use DungeonCommand as C;
    match command {
        C::SetMarchingOrder { .. } | C::SetMapper { .. } => Acting::AnyParticipant,
        C::SpikeDoor { character, .. } => Acting::Characters(vec![character.clone()]),
        C::DeclareTurn { character, .. }
        | C::Light { character, .. }
        | C::RefillLantern { character }
        | C::Douse { character }
        | C::Listen { character, .. }
        | C::Search { character, .. } => Acting::Characters(vec![character.clone()]),
        C::ForceDoor { characters, .. } => Acting::Characters(characters.clone()),
        C::UnlockDoor { character, .. } => Acting::Characters(vec![character.clone()]),
        C::PlaceDoor { .. }
        | C::PlaceTrap { .. }
        | C::PlaceBeyond { .. }
        | C::SetWandering { .. }
        | C::ElfPasses { .. }
        | C::TrapCheck { .. }
        | C::CheckWandering {}
        | C::Fall { .. } => Acting::RefereeOnly,
    }
}

fn check_place(id: &str, what: &str) -> Result<(), RuleError> {
    if id.trim().is_empty() || id.chars().count() > MAX_PLACE_ID {
        return Err(refuse(
            "bad_id",
            "MAX_PLACE_ID",
            format!("a {what} id is 1–{MAX_PLACE_ID} characters"),
        ));
    }
    Ok(())
}

/// A character of the table (characters are seen by everyone, so this reveals nothing).
fn character<'a>(state: &'a AcksState, id: &str) -> Result<&'a super::state::Character, RuleError> {
    state.character(id).ok_or_else(|| {
        refuse(
            "not_a_character",
            "characters",
            format!("no character `{id}`"),
        )
    })
}

/// How a character searches and listens (its class; a thief by level).
fn searcher(state: &AcksState, id: &str) -> Result<Searcher, RuleError> {
    let ch = character(state, id)?;
    use super::core::packs::SearcherKind as K;
    Ok(match state.class_of(id).map(|c| c.searcher) {
        Some(K::Elf) => Searcher::Elf,
        Some(K::Dwarf) => Searcher::Dwarf,
        Some(K::Thief) => Searcher::Thief(ch.level),
        Some(K::Other) | None => Searcher::Other,
    })
}

/// A door a player may name: one it sees (a secret door not found is no door to it).
fn seen_door<'a>(ctx: &'a Ctx<'_, Acks>, id: &str) -> Result<&'a Door, RuleError> {
    let judge = *ctx.actor() == engine::Actor::Referee;
    ctx.rules()
        .dungeon
        .doors
        .get(id)
        .filter(|d| judge || d.seen())
        .ok_or_else(|| refuse("unknown_door", "doors", format!("no door `{id}`")))
}

/// Rolls one secret d20 and returns its face.
fn secret_d20(ctx: &mut Ctx<'_, Acks>, label: &str) -> Result<i32, RuleError> {
    let r = ctx.roll_secret(label, "1d20")?;
    i32::try_from(r.total)
        .ok()
        .filter(|f| (1..=20).contains(f))
        .ok_or_else(|| refuse("bad_face", "AC-GEN-04", "a d20 face is 1–20"))
}

pub(super) fn decide(command: &DungeonCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    use DungeonCommand as C;
    match command {
        C::SetMarchingOrder { ranks } => {
            if ranks.iter().map(Vec::len).sum::<usize>() > MAX_MARCHERS {
                return Err(refuse(
                    "too_many_marchers",
                    "MAX_MARCHERS",
                    format!("at most {MAX_MARCHERS} characters march"),
                ));
            }
            for id in ranks.iter().flatten() {
                character(ctx.rules(), id)?;
            }
            let order =
                MarchingOrder::new(ranks.clone()).map_err(|e| acks_err("bad_marching_order", e))?;
            ctx.emit(DungeonEvent::MarchingOrderSet { order })
        }
        C::SetMapper { character: id } => {
            let hp = ctx.rules().creatures.get(id).map_or(0, |c| c.hp);
            character(ctx.rules(), id)?;
            if hp <= 0 {
                return Err(refuse(
                    "mapper_down",
                    "AC-DUNGEON-05",
                    format!("`{id}` cannot map: it is down"),
                ));
            }
            ctx.emit(DungeonEvent::MapperSet {
                character: Some(id.clone()),
            })
        }
        C::SpikeDoor {
            character: id,
            door,
        } => {
            character(ctx.rules(), id)?;
            let d = seen_door(ctx, door)?;
            if d.spiked {
                return Err(refuse(
                    "already_spiked",
                    "AC-DUNGEON-25",
                    format!("door `{door}` is already spiked"),
                ));
            }
            ctx.emit(DungeonEvent::DoorSpiked {
                door: door.clone(),
                character: id.clone(),
            })
        }
        C::DeclareTurn {
            character: id,
            activity,
        } => {
            character(ctx.rules(), id)?;
            ctx.emit(DungeonEvent::TurnDeclared {
                character: id.clone(),
                activity: (*activity).into(),
            })
        }
        C::Light {
            character: id,
            kind,
        } => {
            if character(ctx.rules(), id)?.light.is_some() {
                return Err(refuse(
                    "already_lit",
                    "AC-DUNGEON-15",
                    format!("`{id}` already carries a burning light; douse it first"),
                ));
            }
            ctx.emit(DungeonEvent::LightLit {
                character: id.clone(),
                light: LightSource::lit((*kind).into()),
            })
        }
        C::RefillLantern { character: id } => {
            let mut light = character(ctx.rules(), id)?.light.ok_or_else(|| {
                refuse(
                    "no_light",
                    "AC-DUNGEON-15",
                    format!("`{id}` carries no burning lantern"),
                )
            })?;
            light.refill().map_err(|e| acks_err("not_a_lantern", e))?;
            ctx.emit(DungeonEvent::LanternRefilled {
                character: id.clone(),
                light,
            })
        }
        C::Douse { character: id } => {
            if character(ctx.rules(), id)?.light.is_none() {
                return Err(refuse(
                    "no_light",
                    "AC-DUNGEON-15",
                    format!("`{id}` carries no burning light"),
                ));
            }
            ctx.emit(DungeonEvent::LightDoused {
                character: id.clone(),
            })
        }
        C::PlaceDoor {
            door,
            area,
            material,
            state,
            penalty,
            evil,
            secret,
        } => {
            check_place(door, "door")?;
            check_place(area, "area")?;
            let d = &ctx.rules().dungeon;
            if d.doors.len() >= MAX_DOORS && !d.doors.contains_key(door) {
                return Err(refuse(
                    "too_many_doors",
                    "MAX_DOORS",
                    format!("at most {MAX_DOORS} doors"),
                ));
            }
            // The pure throw checks the penalty's range.
            rules::force_door_throw(0, false, *penalty).map_err(|e| acks_err("bad_door", e))?;
            ctx.emit_for(
                DungeonEvent::DoorPlaced {
                    door: Door {
                        id: door.clone(),
                        area: area.clone(),
                        material: (*material).into(),
                        state: (*state).into(),
                        penalty: *penalty,
                        evil: *evil,
                        secret: *secret,
                        found: false,
                        spiked: false,
                    },
                },
                Visibility::Referee,
            )
        }
        C::PlaceTrap { trap, area, pit_ft } => {
            check_place(trap, "trap")?;
            check_place(area, "area")?;
            let d = &ctx.rules().dungeon;
            if d.traps.len() >= MAX_TRAPS && !d.traps.contains_key(trap) {
                return Err(refuse(
                    "too_many_traps",
                    "MAX_TRAPS",
                    format!("at most {MAX_TRAPS} traps"),
                ));
            }
            if *pit_ft > MAX_FALL_FT {
                return Err(refuse(
                    "bad_pit",
                    "MAX_FALL_FT",
                    format!("a pit is at most {MAX_FALL_FT} ft deep"),
                ));
            }
            ctx.emit_for(
                DungeonEvent::TrapPlaced {
                    trap: Trap {
                        id: trap.clone(),
                        area: area.clone(),
                        pit_ft: *pit_ft,
                        found: false,
                        sprung: false,
                    },
                },
                Visibility::Referee,
            )
        }
        C::PlaceBeyond { at, creatures } => {
            check_place(at, "place")?;
            let d = &ctx.rules().dungeon;
            if creatures.len() > MAX_BEYOND
                || (d.beyond.len() >= MAX_PLACES && !d.beyond.contains_key(at))
            {
                return Err(refuse(
                    "too_many",
                    "MAX_BEYOND",
                    format!("at most {MAX_BEYOND} creatures at a place and {MAX_PLACES} places"),
                ));
            }
            for c in creatures {
                if !ctx.rules().creatures.contains_key(c) {
                    return Err(no_creature(c));
                }
            }
            ctx.emit_for(
                DungeonEvent::BeyondPlaced {
                    at: at.clone(),
                    creatures: creatures.clone(),
                },
                Visibility::Referee,
            )
        }
        C::SetWandering {
            every_turns,
            die,
            on_or_below,
        } => {
            let schedule = WanderingSchedule::new(*every_turns, *die, *on_or_below)
                .map_err(|e| acks_err("bad_schedule", e))?;
            ctx.emit_for(DungeonEvent::WanderingSet { schedule }, Visibility::Referee)
        }
        C::Listen { character: id, at } => listen(ctx, id, at),
        C::Search {
            character: id,
            area,
            looking_for,
        } => search(ctx, id, area, *looking_for, true),
        C::ElfPasses {
            character: id,
            area,
        } => {
            if searcher(ctx.rules(), id)? != Searcher::Elf {
                return Err(refuse(
                    "not_an_elf",
                    "AC-DUNGEON-26",
                    format!("only elves notice secret doors in passing; `{id}` is no elf"),
                ));
            }
            search(ctx, id, area, LookingFor::SecretDoors, false)
        }
        C::ForceDoor { characters, door } => force_door(ctx, characters, door),
        C::TrapCheck {
            trap,
            character: id,
        } => trap_check(ctx, trap, id),
        C::Fall {
            character: id,
            feet,
        } => fall(ctx, id, *feet),
        C::CheckWandering {} => {
            let schedule = ctx.rules().dungeon.wandering.ok_or_else(|| {
                refuse(
                    "no_schedule",
                    "AC-ENC-01",
                    "set the wandering-monster schedule (its die and chance) first",
                )
            })?;
            let turn = ctx.rules().dungeon.turn;
            wandering_check(ctx, schedule, turn)
        }
        C::UnlockDoor {
            character: id,
            door,
            method,
        } => unlock_door(ctx, id, door, *method),
    }
}

/// AC-DUNGEON-20: a key opens at once; a thief's Open Locks (T-22) is a throw taking a turn;
/// an axe takes 3 turns on a wooden door, a bash 1 on a simple wooden one; metal and stone
/// cannot be broken.
fn unlock_door(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    door: &str,
    method: UnlockMethod,
) -> Result<(), RuleError> {
    let who = searcher(ctx.rules(), id)?;
    let level = character(ctx.rules(), id)?.level;
    let d = seen_door(ctx, door)?.clone();
    if d.state != DoorState::Locked {
        return Err(refuse(
            "not_locked",
            "AC-DUNGEON-20",
            format!("door `{door}` is not locked"),
        ));
    }
    let turns =
        rules::unlock_turns(method.into(), d.material).map_err(|e| acks_err("cannot_unlock", e))?;
    let (throw, face, opened) = match method {
        UnlockMethod::OpenLocks => {
            if !matches!(who, Searcher::Thief(_)) {
                return Err(refuse(
                    "not_a_thief",
                    "AC-DUNGEON-20",
                    format!("only a thief picks locks; `{id}` is none"),
                ));
            }
            let tables = ctx.rules().tables()?;
            let throw = rules::thief_skill(&tables, level, rules::ThiefSkill::OpenLocks)
                .map_err(|e| acks_err("bad_level", e))?;
            let r = ctx.roll(&format!("open locks at {door}"), "1d20", Visibility::Public)?;
            let face = i32::try_from(r.total).unwrap_or(0);
            (Some(throw), Some(face), face >= throw)
        }
        UnlockMethod::Key | UnlockMethod::Chop | UnlockMethod::Bash => (None, None, true),
    };
    ctx.emit(DungeonEvent::DoorUnlocked {
        door: door.to_string(),
        character: id.to_string(),
        method,
        turns,
        throw,
        face,
        opened,
    })
}

/// A wandering-monster check: the Judge's secret die.
fn wandering_check(
    ctx: &mut Ctx<'_, Acks>,
    s: WanderingSchedule,
    turn: u32,
) -> Result<(), RuleError> {
    let r = ctx.roll_secret(WANDERING_LABEL, &format!("1d{}", s.die))?;
    let face = u32::try_from(r.total).unwrap_or(0);
    let monsters_come = s.monsters_come(face).map_err(|e| acks_err("bad_face", e))?;
    ctx.emit_for(
        DungeonEvent::WanderingChecked {
            turn,
            face,
            monsters_come,
        },
        Visibility::Referee,
    )
}

/// AC-DUNGEON-28 with AC-GEN-04: listening is a secret d20; what beyond makes no noise (or
/// nobody is there) is the same "heard nothing" as a failed roll.
fn listen(ctx: &mut Ctx<'_, Acks>, id: &str, at: &str) -> Result<(), RuleError> {
    check_place(at, "place")?;
    let who = searcher(ctx.rules(), id)?;
    let mut log = ctx.rules().dungeon.listens.clone();
    check_room(&log)?;
    log.record(id, at).map_err(|_| {
        refuse(
            "already_listened",
            "AC-DUNGEON-28",
            format!("`{id}` already had its one try at listening at `{at}`"),
        )
    })?;
    let tables = ctx.rules().tables()?;
    let state = ctx.rules();
    let noisy = state.dungeon.beyond.get(at).is_some_and(|cs| {
        cs.iter().any(|c| {
            state.card_of(c).is_some_and(|card| !card.silent) || state.character(c).is_some()
        })
    });
    let hidden = if noisy {
        Hidden::Something
    } else {
        Hidden::Nothing
    };
    let face = secret_d20(ctx, LISTEN_LABEL)?;
    let roll = secrecy::secret_roll(&tables, SecretCheck::Listen, who, hidden, face)
        .map_err(|e| acks_err("bad_roll", e))?;
    let heard = roll.player == PlayerView::Found;
    ctx.emit_masked(
        DungeonEvent::Listened {
            character: id.to_string(),
            at: at.to_string(),
            throw: roll.judge.throw,
            face,
            something: noisy,
            heard,
        },
        Visibility::Referee,
        DungeonEvent::ListenResult {
            character: id.to_string(),
            at: at.to_string(),
            heard,
        },
    )
}

/// AC-DUNGEON-26/27/29 with AC-GEN-04: a search of an area (or an elf passing by) is a secret
/// d20; a failed roll and an empty area look the same.
fn search(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    area: &str,
    looking_for: LookingFor,
    actively: bool,
) -> Result<(), RuleError> {
    check_place(area, "area")?;
    let who = searcher(ctx.rules(), id)?;
    if actively && ctx.rules().dungeon.searching.contains_key(id) {
        return Err(refuse(
            "already_searching",
            "AC-DUNGEON-06",
            format!("`{id}` already searches one area this turn"),
        ));
    }
    let mut log = ctx.rules().dungeon.door_searches.clone();
    if looking_for == LookingFor::SecretDoors && actively {
        check_room(&log)?;
        // Checked before the roll, so a refused search rolls nothing.
        log.clone()
            .record(id, area)
            .map_err(|e| acks_err("already_searched", e))?;
    }
    let tables = ctx.rules().tables()?;
    let d = &ctx.rules().dungeon;
    let there: Vec<String> = match looking_for {
        LookingFor::SecretDoors => d
            .doors
            .values()
            .filter(|x| x.area == area && x.secret && !x.found)
            .map(|x| x.id.clone())
            .collect(),
        LookingFor::Traps => d
            .traps
            .values()
            .filter(|x| x.area == area && !x.found && !x.sprung)
            .map(|x| x.id.clone())
            .collect(),
    };
    let hidden = if there.is_empty() {
        Hidden::Nothing
    } else {
        Hidden::Something
    };
    if actively {
        ctx.emit(DungeonEvent::TurnDeclared {
            character: id.to_string(),
            activity: TurnActivity::Search,
        })?;
    }
    let face = secret_d20(
        ctx,
        if actively {
            SEARCH_LABEL
        } else {
            PASSING_LABEL
        },
    )?;
    let roll = match (looking_for, actively) {
        (LookingFor::SecretDoors, true) => {
            secrecy::search_area(&tables, &mut log, id, area, who, hidden, face)
        }
        (LookingFor::SecretDoors, false) => secrecy::secret_roll(
            &tables,
            SecretCheck::SecretDoor {
                actively_searching: false,
            },
            who,
            hidden,
            face,
        ),
        (LookingFor::Traps, _) => {
            secrecy::secret_roll(&tables, SecretCheck::Traps, who, hidden, face)
        }
    }
    .map_err(|e| acks_err("bad_roll", e))?;
    let found = if roll.player == PlayerView::Found {
        there.clone()
    } else {
        Vec::new()
    };
    ctx.emit_masked(
        DungeonEvent::Searched {
            character: id.to_string(),
            area: area.to_string(),
            looking_for,
            actively,
            throw: roll.judge.throw,
            face,
            something: !there.is_empty(),
            found: found.clone(),
        },
        Visibility::Referee,
        DungeonEvent::SearchResult {
            character: id.to_string(),
            area: area.to_string(),
            looking_for,
            found,
        },
    )
}

/// AC-DUNGEON-21…24: forcing a stuck door (one round a try, retries unlimited).
fn force_door(ctx: &mut Ctx<'_, Acks>, characters: &[String], door: &str) -> Result<(), RuleError> {
    if !(1..=2).contains(&characters.len())
        || (characters.len() == 2 && characters[0] == characters[1])
    {
        return Err(refuse(
            "bad_forcers",
            "AC-DUNGEON-23",
            "one character forces a door, or two together",
        ));
    }
    let tables = ctx.rules().tables()?;
    let mut best = i32::MIN;
    for id in characters {
        let ch = character(ctx.rules(), id)?;
        let m = crate::tables::ability_modifier(&tables, ch.abilities.strength)
            .map_err(|e| acks_err("bad_ability", e))?;
        best = best.max(m);
    }
    let d = seen_door(ctx, door)?.clone();
    match d.state {
        DoorState::Open => {
            return Err(refuse(
                "door_open",
                "AC-DUNGEON-19",
                format!("door `{door}` is open"),
            ));
        }
        DoorState::Locked => {
            return Err(refuse(
                "door_locked",
                "AC-DUNGEON-20",
                format!(
                    "door `{door}` is locked: a key, a thief's Open Locks, an axe or a bash opens it, not forcing"
                ),
            ));
        }
        DoorState::Closed => {
            return ctx.emit(DungeonEvent::DoorOpened {
                door: door.to_string(),
            });
        }
        DoorState::Stuck => {}
    }
    let throw = rules::force_door_throw(best, characters.len() == 2, d.penalty)
        .map_err(|e| acks_err("bad_door", e))?;
    let r = ctx.roll(&format!("forcing door {door}"), "1d20", Visibility::Public)?;
    let face = i32::try_from(r.total).unwrap_or(0);
    let opened = rules::force_door(throw, face).map_err(|e| acks_err("bad_face", e))?;
    ctx.emit(DungeonEvent::DoorForced {
        door: door.to_string(),
        characters: characters.to_vec(),
        throw,
        face,
        opened,
    })?;
    // AC-DUNGEON-24: each try takes one combat round (the fight's clock runs its own rounds).
    if ctx.core().clock.combat.is_none() {
        ctx.advance_seconds(u64::from(rules::ROUND_SECONDS))?;
    }
    Ok(())
}

/// AC-DUNGEON-30/31: the Judge's secret 1d6 when something might set a trap off; a sprung pit
/// deals 1d6 per 10 ft to the character.
fn trap_check(ctx: &mut Ctx<'_, Acks>, trap: &str, id: &str) -> Result<(), RuleError> {
    character(ctx.rules(), id)?;
    let t = ctx
        .rules()
        .dungeon
        .traps
        .get(trap)
        .cloned()
        .ok_or_else(|| refuse("unknown_trap", "traps", format!("no trap `{trap}`")))?;
    if t.sprung {
        return Err(refuse(
            "trap_sprung",
            "AC-DUNGEON-30",
            format!("trap `{trap}` has already sprung"),
        ));
    }
    // Not even a notice: "the Judge rolled for a trap" would tell of the trap (AC-GEN-04).
    let r = ctx.roll(TRAP_LABEL, "1d6", Visibility::Referee)?;
    let face = i32::try_from(r.total).unwrap_or(0);
    let springs = rules::trap_springs(face).map_err(|e| acks_err("bad_face", e))?;
    ctx.emit_for(
        DungeonEvent::TrapChecked {
            trap: trap.to_string(),
            face,
            springs,
        },
        Visibility::Referee,
    )?;
    if springs {
        ctx.emit(DungeonEvent::TrapSprung {
            trap: trap.to_string(),
            area: t.area.clone(),
            character: id.to_string(),
        })?;
        if t.pit_ft > 0 {
            fall(ctx, id, t.pit_ft)?;
        }
    }
    Ok(())
}

/// AC-DUNGEON-31: 1d6 per full 10 ft fallen, rolled in the open.
fn fall(ctx: &mut Ctx<'_, Acks>, id: &str, feet: u32) -> Result<(), RuleError> {
    let hp = ctx
        .rules()
        .creatures
        .get(id)
        .filter(|c| c.character().is_some())
        .map(|c| c.hp)
        .ok_or_else(|| {
            refuse(
                "not_a_character",
                "characters",
                format!("no character `{id}`"),
            )
        })?;
    if feet > MAX_FALL_FT {
        return Err(refuse(
            "bad_fall",
            "MAX_FALL_FT",
            format!("a fall is at most {MAX_FALL_FT} ft"),
        ));
    }
    let dice = rules::falling_dice(feet);
    if dice == 0 {
        return Ok(());
    }
    let r = ctx.roll(
        &format!("falling {feet} ft"),
        &format!("{dice}d6"),
        Visibility::Public,
    )?;
    let damage = i32::try_from(r.total).unwrap_or(0).max(0);
    change_hp(ctx, id, hp - damage, &format!("fell {feet} ft"))
}

/// Widest rank the marching suggestion takes.
pub const MAX_RANK_WIDTH: u64 = 6;

/// The `marching_suggestion` query (AC-DUNGEON-03): the advisory order of the party's
/// characters — fighters in front, then thieves, elves and mages, dwarves and clerics at the
/// rear — in ranks of `width` (2 by default). Characters are everyone's to see, so any viewer
/// may ask.
pub(super) fn marching_suggestion(
    state: &TableState<AcksState>,
    args: &Value,
) -> Result<Value, RuleError> {
    use super::core::packs::{Progression, SearcherKind};
    let width = match args.get("width") {
        None => 2,
        Some(w) => w
            .as_u64()
            .filter(|w| (1..=MAX_RANK_WIDTH).contains(w))
            .ok_or_else(|| {
                refuse(
                    "bad_query",
                    "AC-DUNGEON-01",
                    format!("marching_suggestion: `width` is 1–{MAX_RANK_WIDTH}"),
                )
            })?,
    };
    let rules = &state.rules;
    let party: Vec<(String, rules::MarchRole)> = rules
        .characters()
        .map(|(id, _)| {
            let role = match rules.class_of(id).map(|c| (c.searcher, c.attack)) {
                Some((SearcherKind::Elf, _)) | Some((_, Progression::Mage)) => {
                    rules::MarchRole::ElfOrMage
                }
                Some((SearcherKind::Dwarf, _)) | Some((_, Progression::Cleric)) => {
                    rules::MarchRole::DwarfOrCleric
                }
                Some((SearcherKind::Thief, _)) | Some((_, Progression::Thief)) => {
                    rules::MarchRole::Thief
                }
                _ => rules::MarchRole::Fighter,
            };
            (id.clone(), role)
        })
        .collect();
    let order = rules::suggest_marching_order(&party, usize::try_from(width).unwrap_or(2))
        .map_err(|e| acks_err("bad_query", e))?;
    Ok(json!({ "ranks": order.ranks }))
}

/// At the end of a dungeon turn: rest clocks, lights, evil doors, and the Judge's wandering
/// check.
pub(super) fn on_boundary(boundary: &Boundary, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    if *boundary != Boundary::ExplorationTurnEnd {
        return Ok(());
    }
    let state = ctx.rules();
    let turn = state.dungeon.turn.saturating_add(1);
    let mut activities = BTreeMap::new();
    let mut rest = BTreeMap::new();
    let mut lights = BTreeMap::new();
    let mut out = Vec::new();
    for (id, ch) in state.characters() {
        let activity = state
            .dungeon
            .activity
            .get(id)
            .copied()
            .unwrap_or(TurnActivity::Explore);
        let mut clock = ch.rest;
        clock.pass_turn(activity);
        activities.insert(id.clone(), activity);
        rest.insert(id.clone(), clock);
        if let Some(mut light) = ch.light {
            if light.burn(1) {
                lights.insert(id.clone(), light.turns_left);
            } else {
                out.push(id.clone());
            }
        }
    }
    let slammed: Vec<String> = state
        .dungeon
        .doors
        .values()
        .filter(|d| d.evil && d.state == DoorState::Open && rules::evil_door_slams(d.spiked))
        .map(|d| d.id.clone())
        .collect();
    let schedule = state.dungeon.wandering;
    ctx.emit(DungeonEvent::TurnEnded {
        turn,
        activities,
        rest,
        lights,
        out,
        slammed,
    })?;
    match schedule.filter(|s| s.due(turn)) {
        Some(s) => wandering_check(ctx, s, turn),
        None => Ok(()),
    }
}

pub(super) fn apply(state: &mut AcksState, event: &DungeonEvent) {
    use DungeonEvent as E;
    let d = &mut state.dungeon;
    match event {
        E::MarchingOrderSet { order } => d.marching_order = Some(order.clone()),
        E::MapperSet { character } => d.mapper = character.clone(),
        E::DoorSpiked { door, .. } => {
            if let Some(x) = d.doors.get_mut(door) {
                x.spiked = true;
            }
        }
        E::TurnDeclared {
            character,
            activity,
        } => {
            d.activity.insert(character.clone(), *activity);
        }
        E::LightLit { character, light } | E::LanternRefilled { character, light } => {
            if let Some(ch) = state
                .creatures
                .get_mut(character)
                .and_then(|c| c.character_mut())
            {
                ch.light = Some(*light);
            }
        }
        E::LightDoused { character } => {
            if let Some(ch) = state
                .creatures
                .get_mut(character)
                .and_then(|c| c.character_mut())
            {
                ch.light = None;
            }
        }
        E::TurnEnded {
            turn,
            rest,
            lights,
            out,
            slammed,
            ..
        } => {
            d.turn = *turn;
            d.activity.clear();
            d.searching.clear();
            for id in slammed {
                if let Some(x) = d.doors.get_mut(id) {
                    x.state = DoorState::Closed;
                }
            }
            for (id, c) in state.creatures.iter_mut() {
                let Some(ch) = c.character_mut() else {
                    continue;
                };
                if let Some(r) = rest.get(id) {
                    ch.rest = *r;
                }
                if let (Some(l), Some(left)) = (ch.light.as_mut(), lights.get(id)) {
                    l.turns_left = *left;
                }
                if out.contains(id) {
                    ch.light = None;
                }
            }
        }
        E::DoorPlaced { door } => {
            d.doors.insert(door.id.clone(), door.clone());
        }
        E::TrapPlaced { trap } => {
            d.traps.insert(trap.id.clone(), trap.clone());
        }
        E::BeyondPlaced { at, creatures } => {
            d.beyond.insert(at.clone(), creatures.clone());
        }
        E::WanderingSet { schedule } => d.wandering = Some(*schedule),
        E::Listened { character, at, .. } => {
            let _ = d.listens.record(character, at);
        }
        E::Searched {
            character,
            area,
            looking_for,
            actively,
            found,
            ..
        } => {
            if *actively {
                d.searching.insert(character.clone(), area.clone());
            }
            if *looking_for == LookingFor::SecretDoors && *actively {
                let _ = d.door_searches.record(character, area);
            }
            for id in found {
                if let Some(x) = d.doors.get_mut(id) {
                    x.found = true;
                }
                if let Some(x) = d.traps.get_mut(id) {
                    x.found = true;
                }
            }
        }
        E::DoorForced {
            door, opened: true, ..
        }
        | E::DoorOpened { door }
        | E::DoorUnlocked {
            door, opened: true, ..
        } => {
            if let Some(x) = d.doors.get_mut(door) {
                x.state = DoorState::Open;
            }
        }
        E::TrapSprung { trap, .. } => {
            if let Some(x) = d.traps.get_mut(trap) {
                x.sprung = true;
            }
        }
        E::ListenResult { .. }
        | E::SearchResult { .. }
        | E::DoorForced { .. }
        | E::DoorUnlocked { .. }
        | E::TrapChecked { .. }
        | E::WanderingChecked { .. } => {}
    }
}

pub(super) fn project(state: &TableState<AcksState>, viewer: &Viewer) -> Value {
    let d = &state.rules.dungeon;
    if *viewer == Viewer::Referee {
        return serde_json::to_value(d).unwrap_or(Value::Null);
    }
    let doors: BTreeMap<&String, Value> = d
        .doors
        .iter()
        .filter(|(_, x)| x.seen())
        .map(|(id, x)| {
            (
                id,
                json!({"id": x.id, "area": x.area, "open": x.state == DoorState::Open,
                    "spiked": x.spiked}),
            )
        })
        .collect();
    let traps: BTreeMap<&String, Value> = d
        .traps
        .iter()
        .filter(|(_, x)| x.found || x.sprung)
        .map(|(id, x)| {
            (
                id,
                json!({"id": x.id, "area": x.area, "found": x.found, "sprung": x.sprung}),
            )
        })
        .collect();
    json!({
        "turn": d.turn,
        "marching_order": d.marching_order,
        "mapper": d.mapper,
        "tokens": d.marching_order.as_ref().map(MarchingOrder::tokens),
        "activity": d.activity,
        "doors": doors,
        "traps": traps,
    })
}
