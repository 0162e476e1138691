//! Dungeon adventures («Порядок движения и картографирование», «Время и движение», «Отдых»,
//! «Свет и тьма», «Двери», «Ловушки и их обнаружение»): marching order, time and movement,
//! rest, light and infravision, doors (forcing, locks, evil doors, secret doors), listening,
//! traps and pits, and the thief skills of T-22 they use.
use crate::odds::{Fraction, d20_at_least};
use crate::{AcksError, Tables};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Minutes per dungeon turn; seconds per round; rounds per turn (AC-DUNGEON-06/09).
pub const TURN_MINUTES: u32 = 10;
pub const ROUND_SECONDS: u32 = 10;
pub const ROUNDS_PER_TURN: u32 = 60;
/// Default exploration speed, feet per turn (AC-DUNGEON-07).
pub const DEFAULT_EXPLORATION_FT: u32 = 120;
/// Map scales: dungeon map 10 ft per square, battle map 5 ft (AC-DUNGEON-04/11).
pub const DUNGEON_MAP_FT_PER_SQUARE: u32 = 10;
pub const BATTLE_MAP_FT_PER_SQUARE: u32 = 5;
/// Turns of activity before a rest turn is due (AC-DUNGEON-12).
pub const TURNS_BEFORE_REST: u32 = 5;
/// Light: bright radius and the dim ring beyond (AC-DUNGEON-14).
pub const LIGHT_RADIUS_FT: u32 = 30;
pub const DIM_LIGHT_FT: u32 = 20;
/// The door-forcing throw and the value of each STR modifier point (AC-DUNGEON-21/22/23).
pub const FORCE_DOOR_THROW: i32 = 18;
pub const FORCE_DOOR_PER_STR: i32 = 4;
pub const FORCE_DOOR_HELPER: i32 = 4;

/// AC-DUNGEON-08: combat movement per round is a third of exploration movement.
pub fn combat_movement(exploration_ft: u32) -> u32 {
    exploration_ft / 3
}

/// AC-DUNGEON-10: running or charging per round is the full exploration value.
pub fn running_movement(exploration_ft: u32) -> u32 {
    exploration_ft
}

/// What a dungeon turn is spent on (AC-DUNGEON-06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnActivity {
    /// Search one 10 × 10 ft area for secret doors or traps.
    Search,
    /// Move the full exploration speed while mapping.
    Explore,
    Rest,
}

/// AC-DUNGEON-06: feet moved in one turn spent on `activity`.
pub fn feet_per_turn(activity: TurnActivity, exploration_ft: u32) -> u32 {
    match activity {
        TurnActivity::Explore => exploration_ft,
        TurnActivity::Search | TurnActivity::Rest => 0,
    }
}

/// Rest bookkeeping (AC-DUNGEON-12/13): 5 turns of activity, then 1 of rest; skipping it gives
/// −1 to attack throws and damage until a full turn of rest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestClock {
    pub turns_active: u32,
    pub fatigued: bool,
}

impl RestClock {
    pub fn pass_turn(&mut self, activity: TurnActivity) {
        if activity == TurnActivity::Rest {
            *self = RestClock::default();
        } else {
            self.turns_active += 1;
            if self.turns_active > TURNS_BEFORE_REST {
                self.fatigued = true;
            }
        }
    }
    pub fn rest_due(&self) -> bool {
        self.turns_active >= TURNS_BEFORE_REST
    }
    /// Penalty to attack throws and damage rolls.
    pub fn penalty(&self) -> i32 {
        if self.fatigued { -1 } else { 0 }
    }
}

/// Light sources (AC-DUNGEON-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LightKind {
    Torch,
    /// One flask of oil.
    Lantern,
}

impl LightKind {
    pub fn burn_turns(self) -> u32 {
        match self {
            LightKind::Torch => 6,
            LightKind::Lantern => 24,
        }
    }
}

/// A burning light source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LightSource {
    pub kind: LightKind,
    pub turns_left: u32,
}

impl LightSource {
    pub fn lit(kind: LightKind) -> Self {
        LightSource {
            kind,
            turns_left: kind.burn_turns(),
        }
    }
    /// Burns `turns`; returns whether it is still lit.
    pub fn burn(&mut self, turns: u32) -> bool {
        self.turns_left = self.turns_left.saturating_sub(turns);
        self.turns_left > 0
    }
    /// A lantern takes another flask (AC-DUNGEON-15); a torch cannot be refilled.
    pub fn refill(&mut self) -> Result<(), AcksError> {
        match self.kind {
            LightKind::Lantern => {
                self.turns_left = LightKind::Lantern.burn_turns();
                Ok(())
            }
            LightKind::Torch => Err(AcksError::range(
                "AC-DUNGEON-15",
                "a torch cannot be refilled; light a new one",
            )),
        }
    }
}

/// How well something at `distance_ft` from a light is lit (AC-DUNGEON-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lighting {
    Bright,
    Dim,
    Dark,
}

pub fn lighting_at(distance_ft: u32) -> Lighting {
    if distance_ft <= LIGHT_RADIUS_FT {
        Lighting::Bright
    } else if distance_ft <= LIGHT_RADIUS_FT + DIM_LIGHT_FT {
        Lighting::Dim
    } else {
        Lighting::Dark
    }
}

/// AC-DUNGEON-17: infravision sees warm shapes only in darkness with no visible light, within
/// its range; it never reads or shows fine detail.
pub fn infravision_sees(range_ft: u32, distance_ft: u32, visible_light: bool) -> bool {
    !visible_light && distance_ft <= range_ft
}

/// Door states (AC-DUNGEON-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoorState {
    Closed,
    Locked,
    Stuck,
    Open,
}

/// Door material (AC-DUNGEON-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoorMaterial {
    /// A simple wooden door.
    SimpleWood,
    /// A sturdier wooden door: can be chopped, not bashed.
    Wood,
    Metal,
    Stone,
}

/// Ways to open a locked door (AC-DUNGEON-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unlock {
    Key,
    /// A thief's Open Locks throw (T-22).
    OpenLocks,
    /// Chopping with an axe.
    Chop,
    Bash,
}

/// AC-DUNGEON-20: turns a way of opening a locked door takes, or a refusal when the door's
/// material does not allow it.
pub fn unlock_turns(method: Unlock, material: DoorMaterial) -> Result<u32, AcksError> {
    match (method, material) {
        (Unlock::Key, _) => Ok(0),
        (Unlock::OpenLocks, _) => Ok(1),
        (Unlock::Chop, DoorMaterial::SimpleWood | DoorMaterial::Wood) => Ok(3),
        (Unlock::Bash, DoorMaterial::SimpleWood) => Ok(1),
        (Unlock::Chop | Unlock::Bash, DoorMaterial::Metal | DoorMaterial::Stone) => {
            Err(AcksError::range(
                "AC-DUNGEON-20",
                "metal and stone doors cannot be broken without heavy equipment",
            ))
        }
        (Unlock::Bash, DoorMaterial::Wood) => Err(AcksError::range(
            "AC-DUNGEON-20",
            "only simple wooden doors can be bashed open",
        )),
    }
}

/// AC-DUNGEON-21…23: the d20 throw to force a stuck door: 18+, −4 per point of the (stronger)
/// STR modifier, −4 more with a helper, plus the door's own penalty.
pub fn force_door_throw(
    str_modifier: i32,
    helper: bool,
    door_penalty: i32,
) -> Result<i32, AcksError> {
    if !(-3..=3).contains(&str_modifier) || !(0..=20).contains(&door_penalty) {
        return Err(AcksError::range(
            "AC-DUNGEON-21",
            format!(
                "STR modifier −3…+3 and door penalty 0…20, got {str_modifier} and {door_penalty}"
            ),
        ));
    }
    Ok(FORCE_DOOR_THROW
        - FORCE_DOOR_PER_STR * str_modifier
        - if helper { FORCE_DOOR_HELPER } else { 0 }
        + door_penalty)
}

/// AC-DUNGEON-24: a natural 1 always fails; otherwise the face must reach the throw.
pub fn force_door(throw: i32, face: i32) -> Result<bool, AcksError> {
    if !(1..=20).contains(&face) {
        return Err(AcksError::range(
            "AC-DUNGEON-24",
            format!("a d20 face is 1–20, got {face}"),
        ));
    }
    Ok(face != 1 && face >= throw)
}

/// Exact P(forcing the door) per attempt (one combat round each; unlimited retries).
pub fn force_door_odds(throw: i32) -> Fraction {
    let n = (2..=20).filter(|f| *f >= throw).count() as i64;
    Fraction::new(n, 20)
}

/// AC-DUNGEON-25: an evil door slams shut unless wedged or spiked.
pub fn evil_door_slams(wedged_or_spiked: bool) -> bool {
    !wedged_or_spiked
}

/// AC-DUNGEON-25: an evil door opens freely for monsters unless spiked, held or magically
/// locked.
pub fn evil_door_opens_for_monsters(spiked: bool, held: bool, magically_locked: bool) -> bool {
    !(spiked || held || magically_locked)
}

/// Who is searching or listening (AC-DUNGEON-26/28/29).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Searcher {
    Other,
    Elf,
    Dwarf,
    /// A thief of this level (listening uses Hear Noise, T-22).
    Thief(u32),
}

/// AC-DUNGEON-26: the secret-door throw: 18+, elves 8+ when searching and 14+ just passing
/// by (others cannot find one without searching).
pub fn secret_door_throw(who: Searcher, actively_searching: bool) -> Option<i32> {
    match (who, actively_searching) {
        (Searcher::Elf, true) => Some(8),
        (Searcher::Elf, false) => Some(14),
        (_, true) => Some(18),
        (_, false) => None,
    }
}

/// AC-DUNGEON-27: each character gets one chance per secret door; a second search of the
/// same door by the same character is refused. The key is whatever the caller searched: the
/// table layer passes the searched area, so the refusal is the same whether or not a door is
/// there (AC-GEN-04, [`crate::secrecy::search_area`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchLog {
    searched: BTreeSet<(String, String)>,
}

impl SearchLog {
    /// How many (character, place) tries are recorded.
    pub fn len(&self) -> usize {
        self.searched.len()
    }
    pub fn is_empty(&self) -> bool {
        self.searched.is_empty()
    }
    pub fn record(&mut self, character: &str, door: &str) -> Result<(), AcksError> {
        if !self
            .searched
            .insert((character.to_string(), door.to_string()))
        {
            return Err(AcksError::range(
                "AC-DUNGEON-27",
                format!("{character} already had its one chance at `{door}`"),
            ));
        }
        Ok(())
    }
}

/// AC-DUNGEON-28: the listening throw (18+; dwarves and elves 14+; thieves their Hear Noise),
/// or `None` when the creatures beyond are silent (nothing can be heard).
pub fn listen_throw(
    tables: &Tables,
    who: Searcher,
    silent_creatures: bool,
) -> Result<Option<i32>, AcksError> {
    if silent_creatures {
        return Ok(None);
    }
    Ok(Some(match who {
        Searcher::Other => 18,
        Searcher::Elf | Searcher::Dwarf => 14,
        Searcher::Thief(level) => thief_skill(tables, level, ThiefSkill::HearNoise)?,
    }))
}

/// AC-DUNGEON-29: the trap-search throw: 18+, dwarves 14+ (thieves also have their own skill).
pub fn trap_search_throw(who: Searcher) -> i32 {
    match who {
        Searcher::Dwarf => 14,
        _ => 18,
    }
}

/// Exact P(1d20 ≥ throw); `None` (nothing to find or hear, or no chance) gives 0.
pub fn throw_odds(throw: Option<i32>) -> Fraction {
    throw.map_or(Fraction::new(0, 1), |t| d20_at_least(0, t.into()))
}

/// AC-DUNGEON-30: a trap springs on 1–2 on the Judge's d6.
pub fn trap_springs(face: i32) -> Result<bool, AcksError> {
    if !(1..=6).contains(&face) {
        return Err(AcksError::range(
            "AC-DUNGEON-30",
            format!("a d6 face is 1–6, got {face}"),
        ));
    }
    Ok(face <= 2)
}

/// AC-DUNGEON-31, AC-MANEUVER-06, AC-MOUNT-08: d6s of falling damage: one per full 10 ft.
pub fn falling_dice(feet: u32) -> u32 {
    feet / 10
}

/// Thief skills of T-22.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThiefSkill {
    OpenLocks,
    FindRemoveTraps,
    PickPockets,
    MoveSilently,
    ClimbWalls,
    HideInShadows,
    HearNoise,
}

/// T-22: a thief's throw for a skill at a level 1–14.
pub fn thief_skill(tables: &Tables, level: u32, skill: ThiefSkill) -> Result<i32, AcksError> {
    let row = tables
        .t22_thief_skills
        .find(format!("thief level {level}"), |r| r.level == level)?;
    Ok(match skill {
        ThiefSkill::OpenLocks => row.open_locks,
        ThiefSkill::FindRemoveTraps => row.find_remove_traps,
        ThiefSkill::PickPockets => row.pick_pockets,
        ThiefSkill::MoveSilently => row.move_silently,
        ThiefSkill::ClimbWalls => row.climb_walls,
        ThiefSkill::HideInShadows => row.hide_in_shadows,
        ThiefSkill::HearNoise => row.hear_noise,
    })
}

/// Roles in the advisory marching order (AC-DUNGEON-03), front first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarchRole {
    Fighter,
    Thief,
    ElfOrMage,
    DwarfOrCleric,
}

/// A marching order: ranks of at most `width` side by side (default pairs, AC-DUNGEON-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarchingOrder {
    pub ranks: Vec<Vec<String>>,
}

/// AC-DUNGEON-01/03: the advisory order, in ranks of `width` (2 by default; narrower
/// passages 1). The players may reorder; this is only the suggestion.
pub fn suggest_marching_order(
    party: &[(String, MarchRole)],
    width: usize,
) -> Result<MarchingOrder, AcksError> {
    if width == 0 || party.is_empty() {
        return Err(AcksError::range(
            "AC-DUNGEON-01",
            "a marching order needs a party and a width of at least 1",
        ));
    }
    let mut sorted: Vec<&(String, MarchRole)> = party.iter().collect();
    sorted.sort_by_key(|(_, r)| *r);
    Ok(MarchingOrder {
        ranks: sorted
            .chunks(width)
            .map(|c| c.iter().map(|(n, _)| n.clone()).collect())
            .collect(),
    })
}

/// AC-DUNGEON-05: when the mapper dies, mapping passes to the first living character.
pub fn next_mapper<'a>(party: &'a [(String, bool)], mapper: &str) -> Option<&'a str> {
    party
        .iter()
        .find(|(m, alive)| m == mapper && *alive)
        .or_else(|| party.iter().find(|(_, alive)| *alive))
        .map(|(m, _)| m.as_str())
}

/// A character's token on the battle map (5-ft squares, AC-DUNGEON-11): `file` across the
/// passage (0 = left), `rank` back from the front (0 = leading rank).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub name: String,
    pub rank: u32,
    pub file: u32,
}

impl MarchingOrder {
    /// AC-DUNGEON-02: a recorded order the players set (any ranks they like): refused when a
    /// rank is empty, a name is blank or a name appears twice.
    pub fn new(ranks: Vec<Vec<String>>) -> Result<MarchingOrder, AcksError> {
        let mut seen = BTreeSet::new();
        if ranks.is_empty() || ranks.iter().any(|r| r.is_empty()) {
            return Err(AcksError::range(
                "AC-DUNGEON-02",
                "a marching order has at least one rank and no empty ranks",
            ));
        }
        for name in ranks.iter().flatten() {
            if name.trim().is_empty() || !seen.insert(name.as_str()) {
                return Err(AcksError::range(
                    "AC-DUNGEON-02",
                    format!("`{name}` is blank or appears twice in the marching order"),
                ));
            }
        }
        Ok(MarchingOrder { ranks })
    }

    /// AC-DUNGEON-02: the order as battle-map tokens, one 5-ft square each, ranks one square
    /// apart, front rank first.
    pub fn tokens(&self) -> Vec<Token> {
        self.ranks
            .iter()
            .enumerate()
            .flat_map(|(rank, members)| {
                members.iter().enumerate().map(move |(file, name)| Token {
                    name: name.clone(),
                    rank: rank as u32,
                    file: file as u32,
                })
            })
            .collect()
    }

    /// Where a character marches (rank, file), if in the order.
    pub fn position(&self, name: &str) -> Option<(u32, u32)> {
        self.tokens()
            .into_iter()
            .find(|t| t.name == name)
            .map(|t| (t.rank, t.file))
    }

    /// AC-DUNGEON-02: the order stays recorded for the whole adventure; a character who
    /// leaves (dies, goes home) is taken out and a rank left empty closes up. Refused for a
    /// name not in the order.
    pub fn remove(&mut self, name: &str) -> Result<(), AcksError> {
        let before: usize = self.ranks.iter().map(Vec::len).sum();
        let mut ranks = self.ranks.clone();
        for r in &mut ranks {
            r.retain(|n| n != name);
        }
        ranks.retain(|r| !r.is_empty());
        if ranks.iter().map(Vec::len).sum::<usize>() == before {
            return Err(AcksError::range(
                "AC-DUNGEON-02",
                format!("`{name}` is not in the marching order"),
            ));
        }
        self.ranks = ranks;
        Ok(())
    }
}

/// Largest die and longest interval a wandering-monster schedule accepts.
pub const MAX_WANDERING_DIE: u32 = 100;
pub const MAX_WANDERING_EVERY: u32 = 144;

/// The Judge's schedule of wandering-monster checks in the dungeon. Chapter 6 leaves how often
/// and how likely to the Judge (the dungeon tables live in chapter 10), so both are the Judge's
/// numbers: a check every `every_turns` turns, monsters come on `on_or_below` or less on one
/// `die`. The check is a secret roll (AC-GEN-04): players learn of monsters only when they
/// arrive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WanderingSchedule {
    pub every_turns: u32,
    pub die: u32,
    pub on_or_below: u32,
}

impl WanderingSchedule {
    /// A schedule the Judge set: refused for an interval of 0 or over
    /// [`MAX_WANDERING_EVERY`] turns, a die of fewer than 2 or more than
    /// [`MAX_WANDERING_DIE`] faces, or a chance of 0 or of the whole die.
    pub fn new(every_turns: u32, die: u32, on_or_below: u32) -> Result<Self, AcksError> {
        if !(1..=MAX_WANDERING_EVERY).contains(&every_turns)
            || !(2..=MAX_WANDERING_DIE).contains(&die)
            || !(1..die).contains(&on_or_below)
        {
            return Err(AcksError::range(
                "AC-ENC-01",
                format!(
                    "a wandering-monster check every 1–{MAX_WANDERING_EVERY} turns on a die of 2–{MAX_WANDERING_DIE} faces, \
                     monsters on 1 up to one less than the die; got every {every_turns}, d{die}, {on_or_below} or less"
                ),
            ));
        }
        Ok(WanderingSchedule {
            every_turns,
            die,
            on_or_below,
        })
    }

    /// Whether the check falls at the end of dungeon turn `turn` (1-based).
    pub fn due(self, turn: u32) -> bool {
        turn > 0 && turn.is_multiple_of(self.every_turns)
    }

    /// Whether the check's face brings wandering monsters.
    pub fn monsters_come(self, face: u32) -> Result<bool, AcksError> {
        if !(1..=self.die).contains(&face) {
            return Err(AcksError::range(
                "AC-ENC-01",
                format!("a d{} face is 1–{}, got {face}", self.die, self.die),
            ));
        }
        Ok(face <= self.on_or_below)
    }

    /// Exact P(monsters come) at one check.
    pub fn odds(self) -> Fraction {
        Fraction::new(i64::from(self.on_or_below), i64::from(self.die))
    }
}
