//! Light, obscurement and senses (checklist §7, DD-VIS).

use crate::core::RollMode;
use serde::{Deserialize, Serialize};

/// Illumination of a space (DD-VIS-01..03).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Light {
    Darkness,
    Dim,
    Bright,
}

impl From<tabletop::light::LightLevel> for Light {
    /// The grid's light level of a square (`tabletop::light`, its sources and their radii) as
    /// this module's illumination.
    fn from(l: tabletop::light::LightLevel) -> Light {
        use tabletop::light::LightLevel;
        match l {
            LightLevel::Darkness => Light::Darkness,
            LightLevel::Dim => Light::Dim,
            LightLevel::Bright => Light::Bright,
        }
    }
}

/// How obscured a space is for a viewer (DD-VIS-02..05).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Obscured {
    Not,
    Lightly,
    Heavily,
}

/// A viewer's senses, ranges in feet (0 = none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Senses {
    pub darkvision_ft: u32,
    pub blindsight_ft: u32,
    pub truesight_ft: u32,
    pub tremorsense_ft: u32,
}

/// Obscurement of a space at `distance_ft` for a viewer (DD-VIS-02, 03, 07, 09; T-S13): Dim
/// Light is Lightly Obscured and Darkness Heavily; within Darkvision range each counts one
/// step brighter; Truesight sees in any Darkness within range. `magical_darkness` defeats
/// Darkvision but not Truesight.
pub fn obscurement(
    light: Light,
    distance_ft: u32,
    senses: &Senses,
    magical_darkness: bool,
) -> Obscured {
    if senses.truesight_ft >= distance_ft && senses.truesight_ft > 0 && light == Light::Darkness {
        return Obscured::Not;
    }
    let dv = senses.darkvision_ft > 0 && distance_ft <= senses.darkvision_ft;
    let effective = match (light, dv) {
        (Light::Darkness, true) if !magical_darkness => Light::Dim,
        (Light::Dim, true) => Light::Bright,
        (l, _) => l,
    };
    match effective {
        Light::Bright => Obscured::Not,
        Light::Dim => Obscured::Lightly,
        Light::Darkness => Obscured::Heavily,
    }
}

/// Effect of obscurement on a sight-based Wisdom (Perception) check: Disadvantage when
/// Lightly Obscured (DD-VIS-04.a); when Heavily Obscured the viewer is effectively Blinded for
/// it (DD-VIS-05.a), returned as `None` (the check fails if it needs sight, DD-COND-02.a).
pub fn perception_mode(o: Obscured) -> Option<RollMode> {
    match o {
        Obscured::Not => Some(RollMode::Normal),
        Obscured::Lightly => Some(RollMode::Disadvantage),
        Obscured::Heavily => None,
    }
}

/// Whether a viewer can see a target (for "can see" rules): Blindsight sees anything in range
/// not behind Total Cover, even Invisible or in Darkness, and while Blinded (DD-VIS-06.a);
/// Truesight sees Invisible creatures in range (DD-VIS-09.b); Tremorsense is not sight
/// (DD-VIS-08.b). Otherwise sight needs the viewer unblinded, the target visible and not
/// Heavily Obscured.
pub fn can_see(
    senses: &Senses,
    distance_ft: u32,
    viewer_blinded: bool,
    target_invisible: bool,
    target_obscured: Obscured,
    total_cover: bool,
) -> bool {
    if total_cover {
        return false;
    }
    if senses.blindsight_ft > 0 && distance_ft <= senses.blindsight_ft {
        return true;
    }
    if viewer_blinded {
        return false;
    }
    let truesight = senses.truesight_ft > 0 && distance_ft <= senses.truesight_ft;
    if target_invisible && !truesight {
        return false;
    }
    target_obscured != Obscured::Heavily
}

/// Tremorsense pinpoints a target in range only when both touch the same surface or liquid,
/// and never one in the air (DD-VIS-08.a/b).
pub fn tremorsense_detects(
    senses: &Senses,
    distance_ft: u32,
    same_surface: bool,
    target_airborne: bool,
) -> bool {
    senses.tremorsense_ft > 0
        && distance_ft <= senses.tremorsense_ft
        && same_surface
        && !target_airborne
}

/// Attack roll sources from sight (DD-VIS-10): attacker cannot see the target →
/// Disadvantage; target cannot see the attacker → Advantage. Returns (advantage, disadvantage).
pub fn unseen_sources(attacker_sees_target: bool, target_sees_attacker: bool) -> (u32, u32) {
    (
        u32::from(!target_sees_attacker),
        u32::from(!attacker_sees_target),
    )
}

/// Whether hiding's concealment precondition holds (DD-ACT-10.a, DD-VIS-05.b): the space is
/// Heavily Obscured, or the creature is behind Three-Quarters or Total Cover.
pub fn conceals_for_hiding(o: Obscured, cover: crate::cover::Cover) -> bool {
    o == Obscured::Heavily || cover >= crate::cover::Cover::ThreeQuarters
}

/// Whether the viewer sees colours in a space (DD-VIS-07.b): in Darkness seen only through
/// Darkvision it sees shades of grey; `None` when it cannot see into the space at all.
pub fn sees_colour(
    light: Light,
    distance_ft: u32,
    senses: &Senses,
    magical_darkness: bool,
) -> Option<bool> {
    match obscurement(light, distance_ft, senses, magical_darkness) {
        Obscured::Heavily => None,
        _ => Some(light != Light::Darkness || truesight_in_range(senses, distance_ft)),
    }
}

fn truesight_in_range(senses: &Senses, distance_ft: u32) -> bool {
    senses.truesight_ft > 0 && distance_ft <= senses.truesight_ft
}

/// The form the viewer perceives (DD-VIS-09.d): with Truesight in range it sees the true form of
/// anything magic has transformed; otherwise the form shown.
pub fn perceived_form<'a>(
    senses: &Senses,
    distance_ft: u32,
    true_form: &'a str,
    shown_form: &'a str,
    transformed_by_magic: bool,
) -> &'a str {
    if transformed_by_magic && truesight_in_range(senses, distance_ft) {
        true_form
    } else {
        shown_form
    }
}

/// Whether the viewer sees into the Ethereal Plane at that distance (DD-VIS-09.e): only with
/// Truesight in range.
pub fn sees_ethereal(senses: &Senses, distance_ft: u32) -> bool {
    truesight_in_range(senses, distance_ft)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop::light::{LightLevel, LightSource, level_at};
    use tabletop::square::{Diagonals, Square};

    #[test]
    fn dd_vis_grid_light_levels_map_onto_illumination() {
        // A torch: 20 ft bright, 20 ft more dim (4 + 4 squares).
        let torch = LightSource {
            at: Square::new(0, 0),
            bright: 4,
            dim: 4,
        };
        let light = |x| -> Light {
            level_at(
                Square::new(x, 0),
                &[torch],
                LightLevel::Darkness,
                Diagonals::OneEach,
            )
            .into()
        };
        assert_eq!(
            [light(4), light(8), light(9)],
            [Light::Bright, Light::Dim, Light::Darkness]
        );
        let s = Senses::default();
        assert_eq!(obscurement(light(6), 30, &s, false), Obscured::Lightly);
    }
}
