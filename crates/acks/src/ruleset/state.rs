//! The table state of an ACKS game: loaded content, creatures, the Judge's table rows, the
//! dungeon and the encounter under way.

use std::collections::BTreeMap;

use engine::{RuleError, Viewer};
use serde::{Deserialize, Serialize};

use super::adapter::acks_err;
use super::combat::state::CombatState;
use super::core::packs::{ClassCard, MonsterCard};
use super::dungeon::state::DungeonState;
use super::encounters::state::EncounterState;
use super::experience::state::XpState;
use super::naval::state::NavalState;
use super::sea::state::SeaState;
use super::wilderness::state::WildState;
use crate::Tables;
use crate::dungeon::{LightSource, RestClock};

/// A pack file as loaded (its name and text, so a replay validates the same bytes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "AcksPackSource")]
pub struct PackSource {
    pub name: String,
    pub text: String,
}

/// The content every pack loaded so far holds, by id.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Content {
    pub sources: Vec<PackSource>,
    pub monsters: BTreeMap<String, MonsterCard>,
    pub classes: BTreeMap<String, ClassCard>,
}

/// The six ability scores, 3–18.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "AcksAbilities")]
pub struct Abilities {
    pub strength: i32,
    pub intelligence: i32,
    pub wisdom: i32,
    pub dexterity: i32,
    pub constitution: i32,
    pub charisma: i32,
}

impl Abilities {
    pub fn all(&self) -> [i32; 6] {
        [
            self.strength,
            self.intelligence,
            self.wisdom,
            self.dexterity,
            self.constitution,
            self.charisma,
        ]
    }
}

/// A player character.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Character {
    /// The class card's id.
    pub class: String,
    pub level: u32,
    pub abilities: Abilities,
    /// Turns since the last rest turn and whether a rest was missed (AC-DUNGEON-12/13).
    #[serde(default)]
    pub rest: RestClock,
    /// The light it carries, burning (AC-DUNGEON-15).
    #[serde(default)]
    pub light: Option<LightSource>,
    /// Its own modifier to its side's surprise roll (AC-SURP-02).
    #[serde(default)]
    pub surprise_modifier: i32,
    /// Exploration speed, feet per turn (AC-DUNGEON-07).
    pub speed_ft: u32,
    /// Mortal Wounds results, oldest first, with their lasting wounds (AC-WOUND-05).
    #[serde(default)]
    pub wounds: Vec<WoundRecord>,
    /// Days of bed rest the last Mortal Wounds result mandates (AC-WOUND-05).
    #[serde(default)]
    pub bed_rest_days: u32,
    /// Armour class (AC-ATK-03).
    #[serde(default)]
    pub armour_class: i32,
    /// Side effects of Tampering with Mortality, lasting (AC-WOUND-08).
    #[serde(default)]
    pub side_effects: Vec<String>,
    /// General proficiencies as the Judge recorded them (AC-ZERO-03).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proficiencies: Vec<String>,
    /// A 0-level character turned fighter: how many general proficiencies it brought from 0
    /// level (AC-ZERO-03: one of them is lost at each of 2nd, 3rd and 4th level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_zero_level: Option<u32>,
    /// The proficiencies of 0 level it still holds, among which the drops are chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub old_proficiencies: Vec<String>,
    /// Class powers it has (from its class card; AC-ZERO-02 for a former 0-level character).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<String>,
    /// A class proficiency it still has to pick from its class card's list (AC-ZERO-02).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub class_proficiency_due: bool,
}

impl Character {
    /// A 0-level character: no class yet (AC-ZERO-01).
    pub fn zero_level(&self) -> bool {
        self.level == 0
    }

    /// Old proficiencies it still owes to drop at its level (AC-ZERO-03): the pending choice
    /// of its player or the Judge.
    pub fn proficiency_drops_due(&self) -> u32 {
        let Some(original) = self.from_zero_level else {
            return 0;
        };
        let kept = crate::experience::zero_level_proficiencies_kept(original, self.level);
        u32::try_from(self.old_proficiencies.len())
            .unwrap_or(u32::MAX)
            .saturating_sub(kept)
    }
}

/// One Mortal Wounds result recorded on a character (AC-WOUND-05).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WoundRecord {
    pub condition: crate::tables::Condition,
    /// The d6 lasting wound.
    pub wound: String,
    /// `None`: no recovery (killed).
    pub bed_rest_days: Option<u32>,
}

/// A monster from a pack card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Monster {
    /// The monster card's id.
    pub card: String,
    /// Shown to players (the Judge revealed it).
    #[serde(default)]
    pub revealed: bool,
}

/// What a creature is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CreatureKind {
    Character(Character),
    Monster(Monster),
}

/// A creature at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Creature {
    pub id: String,
    pub name: String,
    pub hp: i32,
    pub max_hp: i32,
    pub kind: CreatureKind,
    /// Nonlethal damage tallied (AC-NONLETHAL-01…03).
    #[serde(default)]
    pub nonlethal: crate::wounds::Nonlethal,
    /// Slain outright while helpless (AC-ATK-06): no Mortal Wounds roll.
    #[serde(default)]
    pub slain: bool,
}

impl Creature {
    pub fn character(&self) -> Option<&Character> {
        match &self.kind {
            CreatureKind::Character(c) => Some(c),
            CreatureKind::Monster(_) => None,
        }
    }
    pub fn character_mut(&mut self) -> Option<&mut Character> {
        match &mut self.kind {
            CreatureKind::Character(c) => Some(c),
            CreatureKind::Monster(_) => None,
        }
    }
    pub fn monster(&self) -> Option<&Monster> {
        match &self.kind {
            CreatureKind::Monster(m) => Some(m),
            CreatureKind::Character(_) => None,
        }
    }
    /// Characters are the party's, seen by everyone; a monster only once revealed.
    pub fn public(&self) -> bool {
        self.monster().is_none_or(|m| m.revealed)
    }
}

/// One Judge's replacement of a table row, kept in order (AC-GEN-02/03).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RowOverride {
    pub table: String,
    pub index: usize,
    pub old: serde_json::Value,
    pub new: serde_json::Value,
}

/// The table state of an ACKS game.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AcksState {
    pub content: Content,
    pub creatures: BTreeMap<String, Creature>,
    /// The Judge's row overrides, oldest first; every roll reads the tables with them.
    #[serde(default)]
    pub table_overrides: Vec<RowOverride>,
    #[serde(default)]
    pub dungeon: DungeonState,
    #[serde(default)]
    pub encounter: Option<EncounterState>,
    /// Chapter 10's dungeon level table, as the Judge enters it (AC-ENC-11).
    #[serde(default)]
    pub level_table: crate::encounters::DungeonLevelTable,
    /// The fight under way.
    #[serde(default)]
    pub combat: Option<CombatState>,
    /// The wilderness map, the party's position and its days.
    #[serde(default)]
    pub wilderness: WildState,
    /// Experience records and the adventure's pool.
    #[serde(default)]
    pub experience: XpState,
    /// The party's vessel, the day's wind and scurvy.
    #[serde(default)]
    pub sea: SeaState,
    /// Ships in a naval fight (AC-NAVAL-*).
    #[serde(default)]
    pub naval: NavalState,
}

impl AcksState {
    /// The chapter's tables with the Judge's rows in place.
    pub fn tables(&self) -> Result<Tables, RuleError> {
        let mut t = Tables::acks_1e();
        for o in &self.table_overrides {
            t.replace_row_json(&o.table, o.index, o.new.clone())
                .map_err(|e| acks_err("bad_override", e))?;
        }
        Ok(t)
    }

    pub fn character(&self, id: &str) -> Option<&Character> {
        self.creatures.get(id).and_then(Creature::character)
    }

    /// The class card of a character (loaded with the pack it came from).
    pub fn class_of(&self, id: &str) -> Option<&ClassCard> {
        self.character(id)
            .and_then(|c| self.content.classes.get(&c.class))
    }

    /// A character's attack and save progressions (T-13, T-19): its class card's; a 0-level
    /// character's are the fighter rows' level 0, which count all 0-level humans.
    pub fn progressions(
        &self,
        id: &str,
    ) -> Option<(
        super::core::packs::Progression,
        super::core::packs::Progression,
    )> {
        let ch = self.character(id)?;
        match self.content.classes.get(&ch.class) {
            Some(k) => Some((k.attack, k.saves)),
            None if ch.zero_level() => Some((
                super::core::packs::Progression::Fighter,
                super::core::packs::Progression::Fighter,
            )),
            None => None,
        }
    }

    /// The class a 0-level character becomes at 100 XP (AC-ZERO-01/04): the loaded class
    /// `fighter`, else the first loaded class (by id) with the fighter's attack and saves, a
    /// d8 hit die and no racial way of searching (a human fighter, not a dwarf or an elf).
    pub fn zero_level_class(&self) -> Option<&ClassCard> {
        use super::core::packs::{Progression::Fighter, SearcherKind};
        self.content.classes.get("fighter").or_else(|| {
            self.content.classes.values().find(|k| {
                k.attack == Fighter
                    && k.saves == Fighter
                    && k.hit_die == 8
                    && k.searcher == SearcherKind::Other
            })
        })
    }

    /// The monster card of a monster.
    pub fn card_of(&self, id: &str) -> Option<&MonsterCard> {
        self.creatures
            .get(id)
            .and_then(Creature::monster)
            .and_then(|m| self.content.monsters.get(&m.card))
    }

    /// Characters, in id order.
    pub fn characters(&self) -> impl Iterator<Item = (&String, &Character)> {
        self.creatures
            .iter()
            .filter_map(|(id, c)| c.character().map(|ch| (id, ch)))
    }
}

/// Whether `viewer` sees the creature `id` (the Judge all; others characters and revealed
/// monsters).
pub fn sees(state: &AcksState, viewer: &Viewer, id: &str) -> bool {
    match viewer {
        Viewer::Referee => state.creatures.contains_key(id),
        _ => state.creatures.get(id).is_some_and(Creature::public),
    }
}
