//! Saving throws («Спасброски», «Категории спасбросков»): five categories in precedence order
//! (AC-SAVE-02) and the values by class and level (T-19). A save succeeds on 1d20 + bonus ≥ the
//! value, with no natural-roll rule (AC-GEN-06).
use crate::attack::{AttackProgression, MAX_LEVEL};
use crate::odds::{Fraction, d20_at_least};
use crate::tables::{SaveClass, SaveRow};
use crate::{AcksError, Tables};
use serde::{Deserialize, Serialize};

/// The five categories, in the precedence order of AC-SAVE-02 (first match wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SaveCategory {
    /// Petrification & Paralysis.
    Paralysis,
    /// Poison & Death.
    Death,
    /// Blast & Breath.
    Breath,
    /// Staffs & Wands.
    Wands,
    /// Spells.
    Spells,
}

impl SaveCategory {
    pub const PRECEDENCE: [SaveCategory; 5] = [
        SaveCategory::Paralysis,
        SaveCategory::Death,
        SaveCategory::Breath,
        SaveCategory::Wands,
        SaveCategory::Spells,
    ];
}

/// What an effect does, for choosing its category (AC-SAVE-03).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectTraits {
    /// Petrifies, paralyses or otherwise immobilises.
    pub immobilises: bool,
    /// Kills or disables regardless of hit points (death, poison, unconsciousness, blindness,
    /// panic).
    pub kills_or_disables: bool,
    /// Area damage (fireball, breath, cave-in).
    pub area_damage: bool,
    /// Comes from a ring, rod, staff or wand.
    pub from_device: bool,
    /// Comes from a cast spell.
    pub from_spell: bool,
}

/// AC-SAVE-02/03: the first category in precedence order that fits the effect.
pub fn category_for(effect: EffectTraits) -> Option<SaveCategory> {
    let fits = [
        effect.immobilises,
        effect.kills_or_disables,
        effect.area_damage,
        effect.from_device,
        effect.from_spell,
    ];
    SaveCategory::PRECEDENCE
        .into_iter()
        .zip(fits)
        .find(|(_, f)| *f)
        .map(|(c, _)| c)
}

fn save_class(class: AttackProgression) -> SaveClass {
    match class {
        AttackProgression::Fighter => SaveClass::Fighter,
        AttackProgression::Cleric => SaveClass::Cleric,
        AttackProgression::Thief => SaveClass::Thief,
        AttackProgression::Mage => SaveClass::Mage,
    }
}

/// T-19: the save value. Level 0 (0-level humans) exists only for the fighter table
/// (AC-SAVE-04).
pub fn save_value(
    tables: &Tables,
    class: AttackProgression,
    level: u32,
    category: SaveCategory,
) -> Result<i32, AcksError> {
    if level > MAX_LEVEL {
        return Err(AcksError::range(
            "T-19",
            format!("character levels run 0–{MAX_LEVEL}, got {level}"),
        ));
    }
    let sc = save_class(class);
    let row: &SaveRow = tables
        .t19_saves
        .find(format!("{sc:?} level {level}"), |r| {
            r.class == sc && r.levels.contains(level.into())
        })?;
    Ok(match category {
        SaveCategory::Paralysis => row.paralysis,
        SaveCategory::Death => row.death,
        SaveCategory::Breath => row.breath,
        SaveCategory::Wands => row.wands,
        SaveCategory::Spells => row.spells,
    })
}

/// Exact P(1d20 + bonus ≥ value).
pub fn save_odds(value: i32, bonus: i32) -> Fraction {
    d20_at_least(bonus.into(), value.into())
}

/// Resolves a save with a d20 face chosen by the caller.
pub fn resolve_save(value: i32, bonus: i32, face: i32) -> Result<bool, AcksError> {
    if !(1..=20).contains(&face) {
        return Err(AcksError::range(
            "AC-SAVE-01",
            format!("a d20 face is 1–20, got {face}"),
        ));
    }
    Ok(face + bonus >= value)
}
