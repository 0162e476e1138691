//! Rest activities («Занятия на отдыхе» and its sub-sections).
//!
//! The activities themselves, their checks ([`validate`]) and their effect ([`resolve_one`]).
//! Who took which activity during a rest, and the once-per-rest and once-per-group limits,
//! are the played rest's (`ruleset::explore::resting`; in town, [`crate::town`]). Effects come
//! at the end of a completed rest; Seclude Camp alone acts at once. Crafting and
//! identification are hooks: the outcome tells the engine to run the craft or the
//! identification. The list is open: [`RestActivity::Other`] carries activities granted by
//! traits and other rules.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::creature::{Creature, Magic, Size};
use crate::inventory::ItemId;

/// The Prepare for Task bonus (CR-RACT-06).
pub const PREPARE_BONUS: i8 = 2;
/// Wounds a creature needs before it can be tended (CR-RACT-09).
pub const TEND_MIN_WOUNDS: u8 = 2;

/// Errors; each names its rule.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    Serialize,
    Deserialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum ActivityError {
    #[error("CR-RACT-02: {0} already has a rest activity this rest")]
    #[strum(props(rule = "CR-RACT-02"))]
    AlreadyChosen(String),
    #[error("CR-RACT-08: only one member of the group may seclude the camp per rest ({0} does)")]
    #[strum(props(rule = "CR-RACT-08"))]
    CampAlreadySecluded(String),
    #[error("CR-RACT-09: a creature cannot tend its own wounds")]
    #[strum(props(rule = "CR-RACT-09"))]
    TendSelf,
    #[error("CR-RACT-09: {target} has {wounds} wound(s); at least 2 are needed")]
    #[strum(props(rule = "CR-RACT-09"))]
    TooFewWounds { target: String, wounds: u8 },
    #[error("CR-RACT-09: {target} is already tended by {by} this rest")]
    #[strum(props(rule = "CR-RACT-09"))]
    AlreadyTended { target: String, by: String },
    #[error("CR-RACT-01: no resting creature named {0}")]
    #[strum(props(rule = "CR-RACT-01"))]
    UnknownCreature(String),
    #[error("CR-RACT-07: {who} carries no armor or shield with item id {}", item.0)]
    #[strum(props(rule = "CR-RACT-07"))]
    NotArmor { who: String, item: ItemId },
    #[error("CR-RACT-05: {who} has no magic item with item id {}", item.0)]
    #[strum(props(rule = "CR-RACT-05"))]
    NotMagic { who: String, item: ItemId },
    #[error("CR-RACT-06: name a task at a specific place")]
    #[strum(props(rule = "CR-RACT-06"))]
    EmptyTask,
    #[error("CR-RACT-06: the Referee has not approved {0}'s task yet")]
    #[strum(props(rule = "CR-RACT-06"))]
    TaskNotApproved(String),
    #[error("CR-RACT-04: harvesting a {} corpse rolls {dice}d6, {given} faces given", crate::refusal::said(.size))]
    #[strum(props(rule = "CR-RACT-04"))]
    HarvestFaces { size: Size, dice: u8, given: usize },
    #[error("CR-RACT-04: a d6 face must be 1…6, got {0}")]
    #[strum(props(rule = "CR-RACT-04"))]
    BadFace(u8),
    #[error("CR-RACT-01: the rest is ending; activities are chosen while it lasts")]
    #[strum(props(rule = "CR-RACT-01"))]
    ChooseWhileFinishing,
    #[error("CR-RACT-01: `{creature}` is not resting with the group")]
    #[strum(props(rule = "CR-RACT-01"))]
    NotWithGroup { creature: String },
    #[error("CR-RACT-09: `{creature}` is not resting with the group")]
    #[strum(props(rule = "CR-RACT-09"))]
    TargetNotWithGroup { creature: String },
    #[error("CR-RACT-04: there is no corpse of `{corpse}` to harvest")]
    #[strum(props(rule = "CR-RACT-04"))]
    NoCorpseToHarvest { corpse: String },
    #[error("CR-RACT-04: someone already harvests `{corpse}` (it is destroyed)")]
    #[strum(props(rule = "CR-RACT-04"))]
    CorpseTaken { corpse: String },
    #[error("CR-RACT-01: name the activity the trait or rule grants")]
    #[strum(props(rule = "CR-RACT-01"))]
    NoActivityName,
    #[error("CR-RACT-04: the corpse of `{corpse}` is gone")]
    #[strum(props(rule = "CR-RACT-04"))]
    CorpseGone { corpse: String },
}

/// Choosing a rest activity (CR-RACT-01): while the rest lasts, by a creature resting with
/// the group, which has none yet this rest (`busy`: it has one, whichever family records it,
/// CR-RACT-02).
pub fn may_choose(
    creature: &str,
    finishing: bool,
    with_group: bool,
    busy: bool,
) -> Result<(), ActivityError> {
    if finishing {
        return Err(ActivityError::ChooseWhileFinishing);
    }
    if !with_group {
        return Err(ActivityError::NotWithGroup {
            creature: creature.to_string(),
        });
    }
    if busy {
        return Err(ActivityError::AlreadyChosen(creature.to_string()));
    }
    Ok(())
}

/// Seclude Camp: one member per rest (CR-RACT-08); `by`: who secludes it already.
pub fn may_seclude(by: Option<&str>) -> Result<(), ActivityError> {
    match by {
        Some(by) => Err(ActivityError::CampAlreadySecluded(by.to_string())),
        None => Ok(()),
    }
}

/// Tend Wounds names oneself or a creature resting with the group, not tended by another this
/// rest (`tended_by`) (CR-RACT-09).
pub fn may_tend(
    creature: &str,
    target: &str,
    target_with_group: bool,
    tended_by: Option<&str>,
) -> Result<(), ActivityError> {
    if target != creature && !target_with_group {
        return Err(ActivityError::TargetNotWithGroup {
            creature: target.to_string(),
        });
    }
    if let Some(by) = tended_by {
        return Err(ActivityError::AlreadyTended {
            target: target.to_string(),
            by: by.to_string(),
        });
    }
    Ok(())
}

/// The rest ends once the Referee has approved every Prepare task (CR-RACT-06); `unapproved`:
/// the first creature whose task waits.
pub fn tasks_ruled(unapproved: Option<&str>) -> Result<(), ActivityError> {
    match unapproved {
        Some(who) => Err(ActivityError::TaskNotApproved(who.to_string())),
        None => Ok(()),
    }
}

/// Harvest (CR-RACT-04): a corpse not yet harvested (`found`: it, if so), which nobody else
/// harvests this rest (`taken`).
pub fn may_harvest<T>(corpse: &str, found: Option<T>, taken: bool) -> Result<T, ActivityError> {
    let found = found.ok_or_else(|| ActivityError::NoCorpseToHarvest {
        corpse: corpse.to_string(),
    })?;
    if taken {
        return Err(ActivityError::CorpseTaken {
            corpse: corpse.to_string(),
        });
    }
    Ok(found)
}

/// A harvest resolves only while its corpse is still there (CR-RACT-04).
pub fn corpse_still_there(corpse: &str, there: bool) -> Result<(), ActivityError> {
    if !there {
        return Err(ActivityError::CorpseGone {
            corpse: corpse.to_string(),
        });
    }
    Ok(())
}

/// An activity a trait or rule grants is named (CR-RACT-01).
pub fn named_activity(name: &str) -> Result<(), ActivityError> {
    if name.trim().is_empty() {
        return Err(ActivityError::NoActivityName);
    }
    Ok(())
}

crate::refusal::refusal!(ActivityError, "activity");

/// The activities every character has (CR-RACT-03…09) and room for more (CR-RACT-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "activity", rename_all = "snake_case")]
pub enum RestActivity {
    /// One crafting roll for `item` (CR-RACT-03, section 38b).
    Craft { item: String },
    /// Harvest crafting parts from a monster corpse, destroying it (CR-RACT-04).
    Harvest { corpse: String, size: Size },
    /// Learn a carried magic item's properties (CR-RACT-05, section 38c).
    Identify { item: ItemId },
    /// +2 on tests for one named task (CR-RACT-06).
    Prepare { task: String },
    /// Restore the Armor Defense of one's armor or shield (CR-RACT-07).
    RepairArmor { item: ItemId },
    /// Raise the rest's EN by 1 at once (CR-RACT-08).
    SecludeCamp,
    /// Another resting creature with 2+ wounds removes 2 instead of 1 (CR-RACT-09).
    TendWounds { target: String },
    /// An activity granted by a trait or another rule; the engine resolves it.
    Other { name: String },
}

/// One row of the harvest table (CR-RACT-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HarvestRow {
    pub size: Size,
    pub d6: u8,
}

/// Parts from a corpse by size: Medium or smaller 1d6, Large 2d6, Huge 3d6, Holy Shit! 4d6.
pub const HARVEST_TABLE: [HarvestRow; 6] = [
    HarvestRow {
        size: Size::Tiny,
        d6: 1,
    },
    HarvestRow {
        size: Size::Small,
        d6: 1,
    },
    HarvestRow {
        size: Size::Medium,
        d6: 1,
    },
    HarvestRow {
        size: Size::Large,
        d6: 2,
    },
    HarvestRow {
        size: Size::Huge,
        d6: 3,
    },
    HarvestRow {
        size: Size::HolyShit,
        d6: 4,
    },
];

/// How many d6 a harvest rolls.
pub fn harvest_dice(size: Size) -> u8 {
    match size {
        Size::Tiny | Size::Small | Size::Medium => 1,
        Size::Large => 2,
        Size::Huge => 3,
        Size::HolyShit => 4,
    }
}

/// The parts a harvest yields with the rolled `faces`.
pub fn harvest_parts(size: Size, faces: &[u8]) -> Result<u32, ActivityError> {
    let dice = harvest_dice(size);
    if faces.len() != usize::from(dice) {
        return Err(ActivityError::HarvestFaces {
            size,
            dice,
            given: faces.len(),
        });
    }
    if let Some(bad) = faces.iter().find(|f| !(1..=6).contains(*f)) {
        return Err(ActivityError::BadFace(*bad));
    }
    Ok(faces.iter().map(|f| u32::from(*f)).sum())
}

/// A decision the Referee must make about a chosen activity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum ActivityDecision {
    /// Does the task need a test, and does the character know it first-hand (CR-REF-33)?
    ApproveTask { character: String, task: String },
}

/// What an activity did at the end of the rest (or, in town, after its 2 hours).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum ActivityOutcome {
    /// Hook: make one crafting roll now.
    CraftingRollDue { character: String, item: String },
    /// The corpse is destroyed and yields `parts` crafting parts.
    Harvested {
        character: String,
        corpse: String,
        parts: u32,
    },
    /// Hook: reveal the item's properties to the character.
    PropertiesLearned { character: String, item: ItemId },
    /// The bonus to keep in the character's [`Preparation`].
    Prepared {
        character: String,
        task: String,
        bonus: i8,
    },
    /// The armor's AD is back to its maximum.
    ArmorRepaired {
        character: String,
        item: ItemId,
        defense: u16,
    },
    /// Applied when chosen; listed for the record.
    CampSecluded { character: String },
    /// The target removes 2 wounds instead of 1 when it finishes the rest.
    WoundsTended { character: String, target: String },
    /// Resolved by the engine.
    Other { character: String, name: String },
}

fn find<'a>(creatures: &'a [Creature], name: &str) -> Result<&'a Creature, ActivityError> {
    creatures
        .iter()
        .find(|c| c.name == name && c.alive)
        .ok_or_else(|| ActivityError::UnknownCreature(name.to_string()))
}

/// Checks an activity against the rules that do not depend on other choices.
pub fn validate(
    character: &str,
    activity: &RestActivity,
    creatures: &[Creature],
) -> Result<(), ActivityError> {
    let me = find(creatures, character)?;
    match activity {
        RestActivity::TendWounds { target } => {
            if target == character {
                return Err(ActivityError::TendSelf);
            }
            let t = find(creatures, target)?;
            let wounds = t.inventory.wound_count();
            if wounds < TEND_MIN_WOUNDS {
                return Err(ActivityError::TooFewWounds {
                    target: target.clone(),
                    wounds,
                });
            }
        }
        RestActivity::RepairArmor { item }
            if me.inventory.item(*item).and_then(|i| i.armor).is_none() =>
        {
            return Err(ActivityError::NotArmor {
                who: character.to_string(),
                item: *item,
            });
        }
        RestActivity::Identify { item }
            if me.inventory.item(*item).map(|i| i.magic) != Some(Magic::Magic) =>
        {
            return Err(ActivityError::NotMagic {
                who: character.to_string(),
                item: *item,
            });
        }
        RestActivity::Prepare { task } if task.trim().is_empty() => {
            return Err(ActivityError::EmptyTask);
        }
        _ => {}
    }
    Ok(())
}

/// Repairs an armor or shield to its maximum AD; returns the new AD.
pub fn repair_armor(c: &mut Creature, item: ItemId) -> Result<u16, ActivityError> {
    let not_armor = || ActivityError::NotArmor {
        who: c.name.clone(),
        item,
    };
    let armor = c
        .inventory
        .item_mut(item)
        .and_then(|i| i.armor.as_mut())
        .ok_or_else(not_armor)?;
    armor.current = armor.max;
    Ok(armor.current)
}

/// The effect of one activity when it takes effect (end of rest, or after 2 hours in town).
pub fn resolve_one(
    character: &str,
    activity: &RestActivity,
    creatures: &mut [Creature],
    harvest_faces: &[u8],
) -> Result<ActivityOutcome, ActivityError> {
    let who = character.to_string();
    Ok(match activity {
        RestActivity::Craft { item } => ActivityOutcome::CraftingRollDue {
            character: who,
            item: item.clone(),
        },
        RestActivity::Harvest { corpse, size } => ActivityOutcome::Harvested {
            character: who,
            corpse: corpse.clone(),
            parts: harvest_parts(*size, harvest_faces)?,
        },
        RestActivity::Identify { item } => ActivityOutcome::PropertiesLearned {
            character: who,
            item: *item,
        },
        RestActivity::Prepare { task } => ActivityOutcome::Prepared {
            character: who,
            task: task.clone(),
            bonus: PREPARE_BONUS,
        },
        RestActivity::RepairArmor { item } => {
            let c = creatures
                .iter_mut()
                .find(|c| c.name == character)
                .ok_or_else(|| ActivityError::UnknownCreature(who.clone()))?;
            let defense = repair_armor(c, *item)?;
            ActivityOutcome::ArmorRepaired {
                character: who,
                item: *item,
                defense,
            }
        }
        RestActivity::SecludeCamp => ActivityOutcome::CampSecluded { character: who },
        RestActivity::TendWounds { target } => ActivityOutcome::WoundsTended {
            character: who,
            target: target.clone(),
        },
        RestActivity::Other { name } => ActivityOutcome::Other {
            character: who,
            name: name.clone(),
        },
    })
}
