//! The encounter under way, its events and the small types its commands carry. Below the
//! aggregate state: it imports pure modules only.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::encounters::{DungeonLevelRow, EncounterOrigin};
use crate::tables::{EncounterTerrain, Reaction};

/// Where an encounter came from (AC-ENC-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksEncounterOrigin")]
pub enum Origin {
    Planned,
    Random,
}

impl From<Origin> for EncounterOrigin {
    fn from(o: Origin) -> Self {
        match o {
            Origin::Planned => EncounterOrigin::Planned,
            Origin::Random => EncounterOrigin::Random,
        }
    }
}

/// A reaction the Judge may put in place of the rolled one (T-10's results).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksReaction")]
pub enum ReactionName {
    Hostile,
    Unfriendly,
    Neutral,
    Indifferent,
    Friendly,
}

impl From<ReactionName> for Reaction {
    fn from(r: ReactionName) -> Self {
        match r {
            ReactionName::Hostile => Reaction::Hostile,
            ReactionName::Unfriendly => Reaction::Unfriendly,
            ReactionName::Neutral => Reaction::Neutral,
            ReactionName::Indifferent => Reaction::Indifferent,
            ReactionName::Friendly => Reaction::Friendly,
        }
    }
}

/// Where an encounter happens, for its distance (T-07 in a dungeon, T-08's rows outdoors).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksEncounterTerrain")]
pub enum SightingTerrain {
    #[default]
    Dungeon,
    Badlands,
    Desert,
    FieldsFallow,
    FieldsRipe,
    FieldsWild,
    HeavyForestOrJungle,
    LightForest,
    Marsh,
    Mountains,
    Plains,
    Sea,
}

impl SightingTerrain {
    pub fn outdoors(self) -> bool {
        self != Self::Dungeon
    }
}

impl From<SightingTerrain> for EncounterTerrain {
    fn from(t: SightingTerrain) -> Self {
        use SightingTerrain as S;
        match t {
            S::Dungeon => EncounterTerrain::Dungeon,
            S::Badlands => EncounterTerrain::Badlands,
            S::Desert => EncounterTerrain::Desert,
            S::FieldsFallow => EncounterTerrain::FieldsFallow,
            S::FieldsRipe => EncounterTerrain::FieldsRipe,
            S::FieldsWild => EncounterTerrain::FieldsWild,
            S::HeavyForestOrJungle => EncounterTerrain::HeavyForestOrJungle,
            S::LightForest => EncounterTerrain::LightForest,
            S::Marsh => EncounterTerrain::Marsh,
            S::Mountains => EncounterTerrain::Mountains,
            S::Plains => EncounterTerrain::Plains,
            S::Sea => EncounterTerrain::Sea,
        }
    }
}

/// An outdoors encounter distance rolled on T-08 and scaled for the tallest creature's height
/// and the observers' elevation (AC-ENC-05/07), in yards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sighting {
    /// The dice's distance before scaling.
    pub rolled_yards: u32,
    pub creature_height_ft: u32,
    pub observer_elevation_ft: u32,
    /// The scaled distance.
    pub yards: u32,
}

/// The encounter under way.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EncounterState {
    pub origin: EncounterOrigin,
    pub monsters: Vec<String>,
    pub distance_ft: u32,
    /// Where it happens (a dungeon unless the Judge said otherwise).
    #[serde(default)]
    pub terrain: SightingTerrain,
    /// Outdoors, the rolled and scaled distance in yards.
    #[serde(default)]
    pub sighting: Option<Sighting>,
    /// Each character's surprise, once rolled (false for all when it could not be surprised).
    #[serde(default)]
    pub party_surprised: Option<BTreeMap<String, bool>>,
    #[serde(default)]
    pub monsters_surprised: Option<BTreeMap<String, bool>>,
    #[serde(default)]
    pub reaction: Option<Reaction>,
    /// The characters who fled and whether they got away at once.
    #[serde(default)]
    pub fled: Option<(Vec<String>, bool)>,
    #[serde(default)]
    pub pursues: Option<bool>,
}

/// How the monsters watch (AC-STEALTH-01): the Judge's call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "AcksWatch")]
#[serde(rename_all = "snake_case")]
pub enum WatchState {
    Active,
    Passive,
    Distracted,
}

impl From<WatchState> for crate::surprise::Watch {
    fn from(w: WatchState) -> Self {
        use crate::surprise::Watch;
        match w {
            WatchState::Active => Watch::Active,
            WatchState::Passive => Watch::Passive,
            WatchState::Distracted => Watch::Distracted,
        }
    }
}

/// Encounter events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum EncounterEvent {
    /// The Judge's.
    EncounterBegun {
        origin: EncounterOrigin,
        monsters: Vec<String>,
        distance_ft: u32,
        distance_rolled: bool,
        /// Outdoors only (absent in a dungeon).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        terrain: Option<SightingTerrain>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sighting: Option<Sighting>,
    },
    /// In the open: the party's d6 (none when the monsters carry light) and who is surprised.
    PartySurprise {
        face: Option<i32>,
        surprised: BTreeMap<String, bool>,
    },
    /// The Judge's: the monsters' d6 (none when the party carries light), who is surprised,
    /// and who acts in round 1 (AC-SURP-05).
    MonstersSurprise {
        face: Option<i32>,
        surprised: BTreeMap<String, bool>,
        first_round: String,
    },
    /// The Judge's.
    ReactionRolled {
        leader: String,
        charisma_modifier: i32,
        modifier: i32,
        faces: (i32, i32),
        reaction: Reaction,
        pursues: bool,
    },
    /// The Judge's (AC-REACT-05).
    ReactionJudged {
        rolled: Reaction,
        result: Reaction,
        replaced: bool,
    },
    Fled {
        characters: Vec<String>,
        escaped: bool,
    },
    /// The Judge's (AC-EVADE-02).
    PursuitRolled {
        faces: (i32, i32),
        pursues: bool,
    },
    EncounterEnded {
        rounds: u32,
        turns: u32,
    },
    /// A fleeing character's save vs Paralysis at an obstacle (AC-EVADE-05).
    ObstacleRolled {
        character: String,
        save: i32,
        dex_modifier: i32,
        face: i32,
        fell: bool,
    },
    /// The Judge's: whether the pursuers stop for dropped treasure (AC-EVADE-07).
    TreasureChecked {
        face: i32,
        stop: bool,
    },
    /// The Judge's: a row of the chapter-10 dungeon level table entered or replaced (AC-GEN-03).
    LevelRowEntered {
        old: Option<DungeonLevelRow>,
        new: DungeonLevelRow,
    },
    /// The Judge's: how many monsters of a card appear (AC-ENC-11).
    NumberRolled {
        card: String,
        lair: bool,
        dungeon_level: u32,
        faces: Vec<u32>,
        number: u32,
    },
    /// The Judge's: one round of sneaking and whether the sneakers got through unnoticed.
    SneakResolved {
        characters: Vec<String>,
        past: Vec<String>,
        watch: WatchState,
        hear_faces: Vec<i32>,
        surprise_face: Option<i32>,
        unnoticed: bool,
        /// The exact chance this round went unnoticed, "1/3" (AC-STEALTH-04…07).
        #[serde(default)]
        chance: String,
    },
    /// The Judge's: the T-11 evasion throw of characters fleeing outdoors from the encounter's
    /// monsters (AC-EVADE-08…10); `face` is none when the pursuers were all surprised.
    WildEvasionRolled {
        characters: Vec<String>,
        pursuers: u32,
        throw: i32,
        modifier: i32,
        face: Option<i32>,
        chance: String,
        escaped: bool,
    },
    /// A day of the chase after a failed outdoors evasion (AC-EVADE-11): faster pursuers
    /// caught up (the Judge's 1d20, 11+) or not; if not, the party may try to evade again.
    ChaseDay {
        characters: Vec<String>,
        caught: bool,
    },
}
