//! Crafting («Изготовление»): requirements, tools, crafting goal, crafting rolls and points,
//! several items from one roll, several crafters (CR-CRAFT-01…14, CR-ERR-72…74).
//!
//! Pure rules: the two d10 of a crafting roll arrive as faces; modifiers arrive as
//! [`Modifier`]s (Make Camp, masterwork tools, Prepare for Task are ordinary bonuses).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::edges::{NetEdge, net_of};
use crate::expertise::ExpertiseName;
use crate::test_roll::{Modifier, ModifierEffect};
use crate::test_roll::{Natural, check_face};

/// Hours before a town crafting activity gives its result (CR-CRAFT-01, CR-TOWN-01).
pub const TOWN_HOURS: u32 = 2;
/// The bonus of a double edge or of each applied expertise on a crafting roll (CR-CRAFT-10).
pub const CRAFT_BONUS: i32 = 4;
/// At most this many expertises on one crafting roll (CR-CRAFT-10).
pub const MAX_EXPERTISES: usize = 2;

#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum CraftError {
    #[error("CR-CRAFT-03: {} is not a crafting expertise", crate::refusal::said(.0))]
    #[strum(props(rule = "CR-CRAFT-03"))]
    NotCrafting(ExpertiseName),
    #[error("CR-CRAFT-02: needs {} with {required} uses, has {has}", crate::refusal::said(.expertise))]
    #[strum(props(rule = "CR-CRAFT-02"))]
    Expertise {
        expertise: ExpertiseName,
        required: u8,
        has: u8,
    },
    #[error("CR-CRAFT-02: missing material {0}")]
    #[strum(props(rule = "CR-CRAFT-02"))]
    Material(String),
    #[error("CR-CRAFT-03: missing {0}")]
    #[strum(props(rule = "CR-CRAFT-03"))]
    Tools(&'static str),
    #[error("CR-CRAFT-10: at most two expertises on one crafting roll, got {0}")]
    #[strum(props(rule = "CR-CRAFT-10"))]
    TooManyExpertises(usize),
    #[error("CR-CRAFT-10: the same expertise cannot be applied twice ({})", crate::refusal::said(.0))]
    #[strum(props(rule = "CR-CRAFT-10"))]
    DuplicateExpertise(ExpertiseName),
    #[error("CR-CRAFT-05: a crafting goal is at least 1")]
    #[strum(props(rule = "CR-CRAFT-05"))]
    ZeroGoal,
    #[error("CR-CHECK: {0}")]
    Check(#[from] crate::test_roll::TestError),
    #[error("the Referee says when the party is in town (CR-TOWN-01)")]
    #[strum(props(rule = "CR-TOWN-01"))]
    TownIsReferees,
    #[error(
        "crafting is a rest activity: during a rest or, in town, two hours of work (CR-CRAFT-01)"
    )]
    #[strum(props(rule = "CR-CRAFT-01"))]
    NotResting,
}

crate::refusal::refusal!(CraftError, "craft"; check => Check);

/// Where a crafting roll is worked (CR-CRAFT-01, CR-TOWN-01/03).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workplace {
    /// In town: one of the day's activities, two hours of work, rolled at once.
    Town,
    /// A rest activity, rolled when the rest ends.
    Rest,
}

/// Where this crafting happens: in town (the Referee's call that the party is there), or
/// during a rest; otherwise there is no time to craft.
pub fn workplace(in_town: bool, by_referee: bool, resting: bool) -> Result<Workplace, CraftError> {
    match (in_town, by_referee, resting) {
        (true, true, _) => Ok(Workplace::Town),
        (true, false, _) => Err(CraftError::TownIsReferees),
        (false, _, true) => Ok(Workplace::Rest),
        (false, _, false) => Err(CraftError::NotResting),
    }
}

/// The tools a crafting expertise needs (CR-CRAFT-03).
pub fn tools_for(expertise: ExpertiseName) -> Result<&'static str, CraftError> {
    match expertise {
        ExpertiseName::Alchemy => Ok("alchemist's tools"),
        ExpertiseName::Blacksmithing => Ok("blacksmith's tools"),
        ExpertiseName::Enchanting => Ok("enchanter's tools"),
        other => Err(CraftError::NotCrafting(other)),
    }
}

/// A craftable item's card (CR-CRAFT-02, CR-CRAFT-05).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Recipe {
    pub item: String,
    pub expertise: ExpertiseName,
    pub uses_required: u8,
    /// Material name → count per copy (monster parts included, CR-CRAFT-04).
    pub materials: BTreeMap<String, u32>,
    pub goal: u32,
}

/// How the expertise prerequisite is read (CR-ERR-72).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UsesReading {
    /// Default: the expertise's maximum uses must reach the number; nothing is spent.
    #[default]
    MaximumUses,
    /// Alternative: that many uses must be available now.
    AvailableUses,
}

/// What a crafter brings.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Crafter {
    pub name: String,
    /// Expertise → (maximum uses, available uses).
    pub expertises: BTreeMap<ExpertiseName, (u8, u8)>,
    pub tools: Vec<String>,
}

impl Crafter {
    fn has_tools(&self, tools: &str) -> bool {
        self.tools.iter().any(|t| t == tools)
    }

    /// Expertise and tools: enough to work on someone else's item (CR-CRAFT-13).
    pub fn check_skill(&self, recipe: &Recipe, reading: UsesReading) -> Result<(), CraftError> {
        let tools = tools_for(recipe.expertise)?;
        let (max, avail) = self
            .expertises
            .get(&recipe.expertise)
            .copied()
            .unwrap_or((0, 0));
        let has = match reading {
            UsesReading::MaximumUses => max,
            UsesReading::AvailableUses => avail,
        };
        if has < recipe.uses_required || max == 0 {
            return Err(CraftError::Expertise {
                expertise: recipe.expertise,
                required: recipe.uses_required,
                has,
            });
        }
        if !self.has_tools(tools) {
            return Err(CraftError::Tools(tools));
        }
        Ok(())
    }
}

/// All prerequisites of starting an item: skill, tools and one copy's materials (CR-CRAFT-02).
pub fn check_requirements(
    recipe: &Recipe,
    crafter: &Crafter,
    materials: &BTreeMap<String, u32>,
    reading: UsesReading,
) -> Result<(), CraftError> {
    crafter.check_skill(recipe, reading)?;
    copies_available(recipe, materials)
        .gt(&0)
        .then_some(())
        .ok_or_else(|| {
            let missing = recipe
                .materials
                .iter()
                .find(|(m, n)| materials.get(*m).copied().unwrap_or(0) < **n)
                .map(|(m, _)| m.clone())
                .unwrap_or_default();
            CraftError::Material(missing)
        })
}

/// How many copies the materials allow.
pub fn copies_available(recipe: &Recipe, materials: &BTreeMap<String, u32>) -> u32 {
    recipe
        .materials
        .iter()
        .map(|(m, n)| {
            if *n == 0 {
                u32::MAX
            } else {
                materials.get(m).copied().unwrap_or(0) / n
            }
        })
        .min()
        .unwrap_or(u32::MAX)
}

/// One crafting roll: a Mind test without tiers (CR-CRAFT-07…10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CraftRoll {
    pub faces: [u8; 2],
    pub natural: u8,
    pub total: i32,
    pub points: u32,
    pub crit: bool,
    pub doom: bool,
    /// Expertise uses spent, one per applied expertise (CR-ERR-73).
    pub expertises: Vec<ExpertiseName>,
    /// A crit grants another roll for the same item in the same activity (CR-CRAFT-09).
    pub another_roll: bool,
}

/// Makes a crafting roll. `modifiers` are edges, banes and bonuses from anywhere (tier shifts
/// do not exist on a crafting roll); `expertises` at most two, each +4 (and one use each).
/// `extra_roll_from_crit` marks a roll granted by a crit; with `crit_chains` false such a roll
/// grants no further roll (CR-ERR-74, default true).
pub fn crafting_roll(
    faces: [u8; 2],
    mind: i8,
    modifiers: &[Modifier],
    expertises: &[ExpertiseName],
    extra_roll_from_crit: bool,
    crit_chains: bool,
) -> Result<CraftRoll, CraftError> {
    let a = check_face(faces[0])?;
    let b = check_face(faces[1])?;
    if expertises.len() > MAX_EXPERTISES {
        return Err(CraftError::TooManyExpertises(expertises.len()));
    }
    if expertises.len() == 2 && expertises[0] == expertises[1] {
        return Err(CraftError::DuplicateExpertise(expertises[0]));
    }
    let natural = a + b;
    let kind = Natural::of_sum(natural);
    let edge = match net_of(modifiers) {
        NetEdge::DoubleEdge => CRAFT_BONUS,
        NetEdge::DoubleBane => -CRAFT_BONUS,
        n => n.roll_modifier(),
    };
    let bonus: i32 = modifiers
        .iter()
        .map(|m| match m.effect {
            ModifierEffect::Bonus(v) => v,
            _ => 0,
        })
        .sum();
    // At most two expertises, so the cast cannot truncate.
    let exp = CRAFT_BONUS * expertises.len() as i32;
    let total = i32::from(natural) + i32::from(mind) + bonus + edge + exp;
    let doom = kind == Natural::Doom;
    let crit = kind == Natural::Crit;
    let points = if doom { 0 } else { total.max(1).unsigned_abs() };
    Ok(CraftRoll {
        faces: [a, b],
        natural,
        total,
        points,
        crit,
        doom,
        expertises: expertises.to_vec(),
        another_roll: crit && (crit_chains || !extra_roll_from_crit),
    })
}

/// An item being made: its points persist across rests until done (CR-CRAFT-07).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Project {
    pub recipe: Recipe,
    pub points: u32,
    pub finished: u32,
    /// Who worked on it (CR-CRAFT-13).
    pub crafters: Vec<String>,
}

/// What adding points did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub finished_now: u32,
    pub points_now: u32,
    /// Surplus with no materials for another copy.
    pub wasted: u32,
}

impl Project {
    pub fn new(recipe: Recipe) -> Result<Self, CraftError> {
        if recipe.goal == 0 {
            return Err(CraftError::ZeroGoal);
        }
        Ok(Project {
            recipe,
            points: 0,
            finished: 0,
            crafters: Vec::new(),
        })
    }

    /// Adds one roll's points by `crafter`; finishes copies while points reach the goal and
    /// materials last, consuming one copy's materials per finished item (CR-CRAFT-11/12).
    pub fn add(
        &mut self,
        crafter: &str,
        points: u32,
        materials: &mut BTreeMap<String, u32>,
    ) -> Progress {
        if !self.crafters.iter().any(|c| c == crafter) {
            self.crafters.push(crafter.to_string());
        }
        self.points += points;
        let mut finished_now = 0;
        let mut wasted = 0;
        while self.points >= self.recipe.goal {
            if copies_available(&self.recipe, materials) == 0 {
                wasted = self.points;
                self.points = 0;
                break;
            }
            for (m, n) in &self.recipe.materials {
                if let Some(have) = materials.get_mut(m) {
                    *have -= n;
                }
            }
            self.points -= self.recipe.goal;
            self.finished += 1;
            finished_now += 1;
            if copies_available(&self.recipe, materials) == 0 {
                wasted = self.points;
                self.points = 0;
                break;
            }
        }
        Progress {
            finished_now,
            points_now: self.points,
            wasted,
        }
    }
}
