//! Appendix C of the checklist: the ten points the rules text does not settle, as named
//! options. `Interpretations::default()` is the checklist's proposed reading of each.

use serde::{Deserialize, Serialize};

/// The project's readings of Appendix C (INTERP). Each field names its point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Interpretations {
    /// C.1 (DD-CORE-15.b): negative fractions round toward negative infinity (floor). When
    /// false, they round toward zero. Default: true.
    pub round_down_is_floor: bool,
    /// C.2 (DD-MOVE-04..06): climbing, swimming or crawling in Difficult Terrain costs 3 ft
    /// per foot in total (true) rather than 4 (false). Default: true.
    pub special_movement_in_difficult_terrain_costs_3: bool,
    /// C.3 (DD-MOVE-19.a): "two sizes larger or smaller" means at least two. Default: true.
    pub two_sizes_means_at_least_two: bool,
    /// C.4 (DD-MAG-09.c): one Concentration save per damage instance. Default: true.
    pub concentration_save_per_instance: bool,
    /// C.4 (DD-MAG-09.c): damage wholly absorbed by Temporary HP still forces a save.
    /// Default: true.
    pub concentration_save_when_temp_hp_absorb_all: bool,
    /// C.5 (DD-DMG-08.b): a damage threshold compares the instance after Resistance and
    /// Vulnerability (true) or before them (false). Default: true.
    pub threshold_after_adjustments: bool,
    /// C.6 (DD-DMG-14.e): Exhaustion and save bonuses apply to a Death Saving Throw's total;
    /// natural 1 and 20 come from the die. Default: true.
    pub death_save_is_d20_test: bool,
    /// C.7 (DD-COND-05.d): Speed after penalties never goes below 0. Default: true.
    pub speed_floor_zero: bool,
    /// C.8 (DD-HAZ-03): eating exactly half the daily food is enough. Default: true.
    pub malnutrition_exactly_half_is_enough: bool,
    /// C.9 (DD-COND-01.b): each source keeps its own duration; the condition lasts while any
    /// source is active. Default: true.
    pub condition_durations_per_source: bool,
    /// C.10 (DD-DMG-15.a): damage at 0 HP wholly absorbed by Temporary HP causes no
    /// death-save failure. Default: true.
    pub temp_hp_absorbed_damage_at_zero_no_failure: bool,
}

impl Default for Interpretations {
    fn default() -> Self {
        Interpretations {
            round_down_is_floor: true,
            special_movement_in_difficult_terrain_costs_3: true,
            two_sizes_means_at_least_two: true,
            concentration_save_per_instance: true,
            concentration_save_when_temp_hp_absorb_all: true,
            threshold_after_adjustments: true,
            death_save_is_d20_test: true,
            speed_floor_zero: true,
            malnutrition_exactly_half_is_enough: true,
            condition_durations_per_source: true,
            temp_hp_absorbed_damage_at_zero_no_failure: true,
        }
    }
}

impl Interpretations {
    /// Divides by a positive divisor, rounding as C.1 says (DD-CORE-15).
    pub fn divide(&self, a: i64, b: i64) -> i64 {
        if self.round_down_is_floor {
            crate::div_floor(a, b)
        } else {
            a / b.max(1)
        }
    }
}
