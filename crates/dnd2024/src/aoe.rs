//! Areas of effect (checklist §5, DD-AOE).

use serde::{Deserialize, Serialize};

/// The six shapes (DD-AOE-01.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    Cone,
    Cube,
    Cylinder,
    Emanation,
    Line,
    Sphere,
}

impl Shape {
    pub const ALL: [Shape; 6] = [
        Shape::Cone,
        Shape::Cube,
        Shape::Cylinder,
        Shape::Emanation,
        Shape::Line,
        Shape::Sphere,
    ];

    /// Whether the point of origin (or origin creature) is inside the area by default:
    /// yes for Cylinder and Sphere (DD-AOE-04.b, 07.b), no for Cone, Cube, Emanation and Line
    /// unless the creator chooses to include it (DD-AOE-02.b, 03.b, 05.c, 06.b).
    pub fn origin_included(self, creator_includes: bool) -> bool {
        match self {
            Shape::Cylinder | Shape::Sphere => true,
            Shape::Cone | Shape::Cube | Shape::Emanation | Shape::Line => creator_includes,
        }
    }
}

/// Width of a cone at a distance from its origin: equal to the distance (DD-AOE-02.a). Points
/// beyond the cone's length are outside (`None`).
pub fn cone_width_at(distance_ft: u32, length_ft: u32) -> Option<u32> {
    (distance_ft <= length_ft).then_some(distance_ft)
}

/// A location is in the area only if some straight line from the origin reaches it without
/// passing Total Cover (DD-AOE-01.b): `lines_blocked` lists, for each candidate line, whether
/// it is blocked.
pub fn reaches(lines_blocked: &[bool]) -> bool {
    lines_blocked.iter().any(|b| !b)
}

/// Where the origin appears when the creator picks a point it cannot see behind an
/// obstruction: on the creator's side of it (DD-AOE-01.c). Positions are distances along the
/// line from the creator; returns the distance used.
pub fn origin_point(chosen_ft: u32, can_see_point: bool, obstruction_at_ft: Option<u32>) -> u32 {
    match obstruction_at_ft {
        Some(o) if !can_see_point && o < chosen_ft => o,
        _ => chosen_ft,
    }
}

/// Damage of a save-for-half area effect (DD-AOE-08): rolled once for all targets; a success
/// takes half, rounded down.
pub fn area_damage(rolled_once: u32, saved: bool) -> u32 {
    if saved { rolled_once / 2 } else { rolled_once }
}

/// An Emanation moves with its origin unless instantaneous or stationary (DD-AOE-05.b).
pub fn emanation_moves(instantaneous: bool, stationary: bool) -> bool {
    !(instantaneous || stationary)
}
