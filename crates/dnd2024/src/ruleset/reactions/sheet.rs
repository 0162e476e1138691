//! What a creature's sheet and record keep for its reactions: a readied response, Legendary
//! Actions and reaction spells (the types alone; the commands and windows are in
//! [`super`]). It imports no family, so a creature's record can hold them.

use engine::RuleError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::check_name;
use crate::actions::ActionKind;
use crate::core::Ability;

/// What a creature readies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Response {
    /// An attack with one of its attacks (one attack, with the Reaction).
    Attack { attack: String },
    /// Another action.
    Action { action: ActionKind },
    /// A move of up to this many feet.
    Move { feet: u32 },
}

/// A readied response as the creature's record keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readied {
    pub trigger: String,
    pub response: Response,
}

/// Most Legendary Action uses and actions a sheet may give, and most options in one prompt.
pub const MAX_LEGENDARY_USES: u32 = 5;

pub const MAX_LEGENDARY_ACTIONS: usize = 10;

pub const MAX_LEGENDARY_OPTIONS: usize = 50;

/// A sheet's Legendary Actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegendarySpec {
    /// Uses per round (regained at the start of its turn).
    pub uses: u32,
    pub actions: Vec<LegendaryAction>,
}

/// One Legendary Action: its cost in uses, and the attack it makes, if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegendaryAction {
    pub name: String,
    #[serde(default = "one")]
    pub cost: u32,
    /// The name of one of the creature's attacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<String>,
}

fn one() -> u32 {
    1
}

impl LegendarySpec {
    /// Checks the sheet's Legendary Actions; `attacks` are the names of the sheet's attacks.
    pub fn validate(&self, attacks: &[&str]) -> Result<(), RuleError> {
        let bad = |msg: String| Err(RuleError::new("bad_creature", format!("legendary: {msg}")));
        if !(1..=MAX_LEGENDARY_USES).contains(&self.uses) {
            return bad(format!("uses are 1…{MAX_LEGENDARY_USES}"));
        }
        if self.actions.is_empty() || self.actions.len() > MAX_LEGENDARY_ACTIONS {
            return bad(format!("1…{MAX_LEGENDARY_ACTIONS} actions"));
        }
        for a in &self.actions {
            check_name("a Legendary Action's name", &a.name)?;
            if !(1..=self.uses).contains(&a.cost) {
                return bad(format!("`{}` costs 1…{} uses", a.name, self.uses));
            }
            if let Some(atk) = &a.attack
                && !attacks.iter().any(|x| x.eq_ignore_ascii_case(atk))
            {
                return bad(format!(
                    "`{}` names no attack of the sheet (`{atk}`)",
                    a.name
                ));
            }
        }
        Ok(())
    }
}

/// Largest AC bonus a reaction spell may give (an input limit).
pub const MAX_AC_BONUS: i32 = 10;

/// Longest range of a reaction spell's trigger, in feet (an input limit).
pub const MAX_TRIGGER_RANGE_FT: u32 = 1_000;

/// What a reaction spell answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SpellTrigger {
    /// The creature is hit by an attack roll: the spell adds `ac_bonus` to its AC, against
    /// that attack too (Shield).
    #[default]
    Hit,
    /// A creature it sees within `range_ft` casts a spell: the spell stops that spell. With a
    /// `save` (SRD 5.2 Counterspell) the caster saves against the stopper's spell save DC: on
    /// a failure the spell fizzles, its action wasted but its slot not spent; on a success it
    /// takes effect. Without one it is stopped outright, its casting spent all the same.
    SpellCast {
        range_ft: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        save: Option<CounterSave>,
    },
}

/// The saving throw a spell-stopping reaction spell calls for (Counterspell: Constitution).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterSave {
    /// The ability the caster saves with.
    pub ability: Ability,
    /// The stopper's spellcasting ability: the DC is its spell save DC (8 + that modifier +
    /// its Proficiency Bonus, DD-MAG-10.a).
    pub spellcasting: Ability,
}

/// A spell cast with the Reaction on its trigger (Shield: level 1, +5 AC when hit;
/// Counterspell: level 3, a spell cast within 60 ft).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReactionSpellSpec {
    pub name: String,
    /// The spell's level (a slot of it is spent; 0 for a cantrip).
    pub level: u8,
    /// The bonus to AC of a `hit` trigger's spell.
    #[serde(default)]
    pub ac_bonus: i32,
    #[serde(default)]
    pub trigger: SpellTrigger,
}

impl ReactionSpellSpec {
    pub fn validate(&self) -> Result<(), RuleError> {
        check_name("a reaction spell's name", &self.name)?;
        let bad = |what: String| {
            Err(RuleError::new(
                "bad_creature",
                format!("reaction_spells: `{}` needs {what}", self.name),
            ))
        };
        if self.level > 9 {
            return bad("a level 0…9".into());
        }
        match self.trigger {
            SpellTrigger::Hit if !(1..=MAX_AC_BONUS).contains(&self.ac_bonus) => {
                bad(format!("an AC bonus 1…{MAX_AC_BONUS}"))
            }
            SpellTrigger::SpellCast { range_ft, .. }
                if !(1..=MAX_TRIGGER_RANGE_FT).contains(&range_ft) || self.ac_bonus != 0 =>
            {
                bad(format!(
                    "a range of 1…{MAX_TRIGGER_RANGE_FT} ft and no AC bonus"
                ))
            }
            _ => Ok(()),
        }
    }
}
