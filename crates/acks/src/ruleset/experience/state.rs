//! Experience's part of the table state, its events and the small types its commands carry.
//! Below the aggregate state: it imports pure modules only.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::experience::Income;

/// A character's experience record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct XpRecord {
    pub xp: u64,
    /// The lowest of its class's prime requisites, for T-25's adjustment (AC-XP-10).
    #[serde(default)]
    pub prime_requisite: Option<i32>,
    /// A henchman takes a half share (AC-XP-08).
    #[serde(default)]
    pub henchman: bool,
    /// Gold received as an heir (AC-HEIR-02).
    #[serde(default)]
    pub inherited_gp: u64,
}

/// Money and goods brought back, as the Judge counts them (AC-XP-02…05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksIncome")]
pub enum IncomeKind {
    Treasure,
    EquipmentSoldAtOnce,
    UnusedMagicSold,
    UsedMagicSold,
    Wages,
    BusinessIncome,
    MonsterParts,
}

impl From<IncomeKind> for Income {
    fn from(k: IncomeKind) -> Self {
        match k {
            IncomeKind::Treasure => Income::Treasure,
            IncomeKind::EquipmentSoldAtOnce => Income::EquipmentSoldAtOnce,
            IncomeKind::UnusedMagicSold => Income::UnusedMagicSold,
            IncomeKind::UsedMagicSold => Income::UsedMagicSold,
            IncomeKind::Wages => Income::Wages,
            IncomeKind::BusinessIncome => Income::BusinessIncome,
            IncomeKind::MonsterParts => Income::MonsterParts,
        }
    }
}

/// Experience's part of the state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct XpState {
    #[serde(default)]
    pub characters: BTreeMap<String, XpRecord>,
    /// The Judge's XP tables by class id: XP to reach level 2, 3, … (T-25 gives levels 2 and 3
    /// of the four core progressions).
    #[serde(default)]
    pub tables: BTreeMap<String, Vec<u64>>,
    /// The adventure's monster XP so far (the Judge's: it tells the monsters' Hit Dice).
    #[serde(default)]
    pub monster_xp: u64,
    /// Treasure gp earning XP, counted once back in civilization (AC-XP-02).
    #[serde(default)]
    pub treasure_gp: u64,
    /// Players who have left an inheritance (once each, AC-HEIR-03), with the gp it holds
    /// until an heir takes it.
    #[serde(default)]
    pub inheritances_left: BTreeSet<String>,
    #[serde(default)]
    pub inheritances: BTreeMap<String, u64>,
    /// Reserve XP by player (AC-HEIR-04).
    #[serde(default)]
    pub reserve: BTreeMap<String, u64>,
}

/// Experience events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum XpEvent {
    XpSet {
        character: String,
        xp: u64,
        prime_requisite: Option<i32>,
        henchman: bool,
    },
    XpTableSet {
        class: String,
        thresholds: Vec<u64>,
    },
    /// The Judge's: monsters defeated and their XP (T-21).
    MonstersCounted {
        card: String,
        count: u32,
        hit_dice: String,
        asterisks: u32,
        each: u64,
        total: u64,
    },
    TreasureCounted {
        gp: u64,
        kind: IncomeKind,
        earns_xp: bool,
    },
    /// A character's share of the adventure's XP (AC-XP-08…10, AC-ADV-02).
    XpAwarded {
        character: String,
        share: u64,
        percent: i32,
        adjusted: u64,
        xp_before: u64,
        xp: u64,
        /// The award was cut to 1 XP below the level after next.
        capped: bool,
    },
    /// The adventure's pool is shared out: `pool` XP among the survivors.
    AdventureClosed {
        pool: u64,
    },
    /// A new level (AC-ADV-01): the hit die face, the hit points gained.
    Advanced {
        character: String,
        level: u32,
        face: u32,
        hp_gain: u32,
    },
    /// A 0-level character becomes a 1st-level fighter (AC-ZERO-01/02): the d8 face and the
    /// higher of the old and new hit points; its general proficiencies kept.
    ZeroLevelConverted {
        character: String,
        class: String,
        face: u32,
        old_hp: u32,
        max_hp: u32,
        proficiencies: Vec<String>,
        /// The class card's powers it gains.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        powers: Vec<String>,
        /// Whether it picks a class proficiency from the card's list (the list is not empty).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        class_proficiency_due: bool,
    },
    /// A former 0-level character picked its fighter class proficiency (AC-ZERO-02).
    ClassProficiencyChosen {
        character: String,
        proficiency: String,
    },
    /// A former 0-level character gains a proficiency (Adventuring at 4th, AC-ZERO-03).
    ProficiencyGained {
        character: String,
        proficiency: String,
    },
    /// A former 0-level character owes `due` old proficiencies to drop: its player or the
    /// Judge picks (AC-ZERO-03).
    ProficiencyDropDue {
        character: String,
        level: u32,
        due: u32,
        old_proficiencies: Vec<String>,
    },
    ProficiencyDropped {
        character: String,
        proficiency: String,
    },
    InheritanceLeft {
        character: String,
        player: String,
        gp: u64,
        after_fee: u64,
    },
    ReserveAdded {
        character: String,
        player: String,
        gp: u64,
        reserve_xp: u64,
    },
    HeirNamed {
        character: String,
        player: String,
        gp: u64,
        reserve_xp: u64,
    },
}
