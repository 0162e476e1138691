//! Cover (checklist §6, DD-COV).

use serde::{Deserialize, Serialize};

/// Degrees of cover (DD-COV-01, T-S5), ordered from none to total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    None,
    Half,
    ThreeQuarters,
    Total,
}

impl Cover {
    pub const ALL: [Cover; 4] = [Cover::None, Cover::Half, Cover::ThreeQuarters, Cover::Total];

    pub fn name(self) -> &'static str {
        match self {
            Cover::None => "none",
            Cover::Half => "half",
            Cover::ThreeQuarters => "three-quarters",
            Cover::Total => "total",
        }
    }

    /// Parses `none`, `half`, `three-quarters` or `total` (case-insensitive, `_` for `-`).
    pub fn parse(name: &str) -> Result<Cover, crate::RulesError> {
        let n = name.trim().replace('_', "-");
        Cover::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(&n))
            .ok_or_else(|| crate::RulesError::Unknown {
                what: "cover",
                got: name.to_string(),
                expected: Cover::ALL.map(|c| c.name()).join(", "),
                rule: "DD-COV-01",
            })
    }

    /// Bonus to AC and Dexterity saves (DD-COV-01.a/b); `None` for Total Cover, which cannot
    /// be targeted directly (DD-COV-01.c).
    pub fn bonus(self) -> Option<i32> {
        match self {
            Cover::None => Some(0),
            Cover::Half => Some(2),
            Cover::ThreeQuarters => Some(5),
            Cover::Total => None,
        }
    }

    /// Whether the target can be targeted directly (by an attack or a spell, DD-COV-01.c/f).
    pub fn targetable(self) -> bool {
        self != Cover::Total
    }
}

/// Only the best single degree applies; degrees never add (DD-COV-01.d). Cover counts only
/// against attacks and effects from the far side of it (DD-COV-01.e): each source is given with
/// whether it lies between the target and the origin.
pub fn effective_cover(sources: &[(Cover, bool)]) -> Cover {
    sources
        .iter()
        .filter(|(_, between)| *between)
        .map(|(c, _)| *c)
        .max()
        .unwrap_or(Cover::None)
}

impl From<tabletop::line::CoverGrade> for Cover {
    fn from(g: tabletop::line::CoverGrade) -> Cover {
        use tabletop::line::CoverGrade;
        match g {
            CoverGrade::None => Cover::None,
            CoverGrade::Half => Cover::Half,
            CoverGrade::ThreeQuarters => Cover::ThreeQuarters,
            CoverGrade::Total => Cover::Total,
        }
    }
}

/// Cover on a grid from the map's obstacles (DD-COV-01 played on squares): the attacker picks
/// a corner of its space and a square of the target's, and lines to that square's four corners
/// are drawn; the fewest blocked is the count — none blocked no cover, one or two Half, three
/// or four Three-Quarters, and no line at all Total (`tabletop::line::corner_cover`). Other
/// creatures' Half Cover is not on the map: combine it with [`effective_cover`]. Returns the
/// count of blocked corners and the degree.
pub fn grid_cover(
    map: &tabletop::map::GridMap,
    attacker: &tabletop::square::Space,
    target: &tabletop::square::Space,
) -> (u8, Cover) {
    let c = map.cover(attacker, target);
    (c.blocked_corners, c.cover.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop::map::{Cell, GridMap, Obstacle};
    use tabletop::square::{Space, Square};

    fn wall(map: &mut GridMap, x: i32, y: i32) {
        map.set(
            Square::new(x, y),
            Cell {
                obstacle: Some(Obstacle::Wall),
                ..Cell::default()
            },
        );
    }

    #[test]
    fn dd_cov_01_grid_cover_by_blocked_corners() {
        let one = |x, y| Space::new(Square::new(x, y), 1);
        let mut map = GridMap::new();
        assert_eq!(grid_cover(&map, &one(0, 0), &one(4, 0)), (0, Cover::None));
        wall(&mut map, 2, 0);
        assert_eq!(grid_cover(&map, &one(0, 0), &one(3, 0)), (2, Cover::Half));
        wall(&mut map, 2, -1);
        wall(&mut map, 2, 1);
        assert_eq!(
            grid_cover(&map, &one(1, 1), &one(3, -3)),
            (3, Cover::ThreeQuarters)
        );
        let (blocked, total) = grid_cover(&map, &one(0, 0), &one(3, 0));
        assert_eq!((blocked, total), (4, Cover::Total));
        assert!(!total.targetable());
        // A creature in between is not on the map: the best single degree applies.
        let (_, from_map) = grid_cover(&map, &one(0, 0), &one(5, 5));
        assert_eq!(
            effective_cover(&[(from_map, true), (Cover::Half, true)]),
            Cover::Half
        );
    }
}
