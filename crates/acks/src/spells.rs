//! Spellcasting in combat («Сотворение заклинаний»): declared before initiative, disrupted by
//! damage or a failed save before the caster's count, no movement while casting, concentration.
use serde::Serialize;

/// AC-SPELL-02: what happens to a declared spell when the caster's count comes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Casting {
    Cast,
    /// Lost, and the slot is spent.
    Disrupted,
}

pub fn cast(damaged_before_count: bool, failed_save_before_count: bool) -> Casting {
    if damaged_before_count || failed_save_before_count {
        Casting::Disrupted
    } else {
        Casting::Cast
    }
}

/// AC-SPELL-04: a spell needs line of sight; spell attacks within range and area hit
/// automatically.
pub fn spell_reaches(line_of_sight: bool, in_range_and_area: bool) -> bool {
    line_of_sight && in_range_and_area
}

/// AC-SPELL-05: concentration: the caster may walk or ride at half speed (unless the spell
/// needs it still); it breaks on damage or a failed save.
pub fn concentration_speed(movement_ft: u32, spell_requires_standing_still: bool) -> u32 {
    if spell_requires_standing_still {
        0
    } else {
        movement_ft / 2
    }
}

pub fn concentration_holds(damaged: bool, failed_save: bool) -> bool {
    !damaged && !failed_save
}
