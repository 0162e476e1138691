//! A sheet's damaging area spells (Burning Hands, Fireball…): what the forecast's tactical
//! policy may cast on a creature's turn with the table's own `area_effect` command (its slot
//! spent as any casting). The sheet only lists them; the rules live in `areas` and `magic`.

use engine::RuleError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::{check_list, check_name};
use super::DamagePart;
use crate::aoe::Shape;
use crate::core::Ability;

/// Longest range and largest size of a sheet's area spell, in feet (input limits; the table
/// refuses a placed area beyond its own size limit).
pub const MAX_SPELL_RANGE_FT: u32 = 1_000;
pub const MAX_SPELL_SIZE_FT: u32 = 200;

/// A damaging area spell on a sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaSpellSpec {
    pub name: String,
    /// The spell's level (a slot of it is spent; 0 for a cantrip).
    pub level: u8,
    /// How far its point of origin may be (0: from the caster's own space, a Cone, Line or
    /// Emanation).
    #[serde(default)]
    pub range_ft: u32,
    pub shape: Shape,
    pub size_ft: u32,
    /// The save each target makes, against the caster's spell save DC.
    pub save_ability: Ability,
    pub save_dc: i32,
    pub damage: Vec<DamagePart>,
    /// A successful save halves the damage (else it avoids it all).
    #[serde(default)]
    pub half_on_success: bool,
}

impl AreaSpellSpec {
    pub fn validate(&self) -> Result<(), RuleError> {
        check_name("an area spell's name", &self.name)?;
        check_list("an area spell's damage", &self.damage)?;
        let bad = |what: String| {
            Err(RuleError::new(
                "bad_creature",
                format!("area_spells: `{}` needs {what}", self.name),
            ))
        };
        if self.level > 9 {
            return bad("a level 0…9".into());
        }
        if self.range_ft > MAX_SPELL_RANGE_FT {
            return bad(format!("a range of 0…{MAX_SPELL_RANGE_FT} ft"));
        }
        if !(1..=MAX_SPELL_SIZE_FT).contains(&self.size_ft) {
            return bad(format!("a size of 1…{MAX_SPELL_SIZE_FT} ft"));
        }
        if !(0..=crate::odds::MAX_TARGET).contains(&self.save_dc) {
            return bad(format!("a DC of 0…{}", crate::odds::MAX_TARGET));
        }
        if self.damage.is_empty() {
            return bad("damage".into());
        }
        for d in &self.damage {
            crate::core::DamageDice::parse(&d.dice)
                .map_err(|e| RuleError::new("bad_creature", format!("area_spells: {e}")))?;
        }
        Ok(())
    }
}
