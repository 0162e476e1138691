//! The battle grid («Сетка и дистанции», «Масштаб», «Размер и пространство», «Досягаемость»).
//!
//! Squares are 5 feet on a side (CR-CBT-03). A square `(x, y)` covers the unit box
//! `[x, x+1] × [y, y+1]`; its corners are lattice points. Distances are Chebyshev: a diagonal
//! step counts as one square (CR-CBT-02). A creature's space is a square block whose side
//! comes from its size (CR-CBT-04); its origin is the square with the smallest `x` and `y`.
//!
//! The map is sparse: a square not set is open ground at elevation 0.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::creature::Size;

/// Feet per square side (CR-CBT-03).
pub const FEET_PER_SQUARE: u32 = 5;

// The grid's geometry is game-free (`tabletop`): squares, the one-square diagonal
// (CR-CBT-02) and square blocks (the game-free half of `Space`) are shared with the other
// rulesets.
pub use tabletop::square::{Square, distance};

/// Squares to feet (CR-CBT-03).
pub fn squares_to_feet(squares: u32) -> u32 {
    squares.saturating_mul(FEET_PER_SQUARE)
}

/// One row of the «Размеры существ» table (CR-CBT-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpaceAndReach {
    pub size: Size,
    /// Side of the square block of the space, in squares.
    pub side: u8,
    pub reach: u8,
}

/// The «Размеры существ» table (CR-CBT-04), smallest first. The Holy Shit! space is the
/// minimum; the Referee may make such a creature bigger (CR-SIZE-03) with [`Space::new`].
pub const SPACE_AND_REACH: [SpaceAndReach; 6] = [
    SpaceAndReach {
        size: Size::Tiny,
        side: 1,
        reach: 1,
    },
    SpaceAndReach {
        size: Size::Small,
        side: 1,
        reach: 1,
    },
    SpaceAndReach {
        size: Size::Medium,
        side: 1,
        reach: 1,
    },
    SpaceAndReach {
        size: Size::Large,
        side: 2,
        reach: 2,
    },
    SpaceAndReach {
        size: Size::Huge,
        side: 3,
        reach: 2,
    },
    SpaceAndReach {
        size: Size::HolyShit,
        side: 4,
        reach: 3,
    },
];

fn row(size: Size) -> SpaceAndReach {
    // SPACE_AND_REACH lists the six sizes in `Size::ALL` order; order() is 1..=6.
    SPACE_AND_REACH[usize::from(size.order() - 1)]
}

/// Side of the space of a creature of `size` (CR-CBT-04).
pub fn space_side(size: Size) -> u8 {
    row(size).side
}

/// Reach by size alone (CR-CBT-04).
pub fn natural_reach(size: Size) -> u8 {
    row(size).reach
}

/// What reach is being measured for (CR-CBT-07).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReachUse {
    /// A melee attack made with the weapon.
    AttackWithWeapon,
    /// A counterattack made with the weapon.
    CounterWithWeapon,
    /// Anything else that works within reach (a grab, a touch spell, an opportunity attack
    /// trigger measured without the weapon…).
    Other,
}

/// Reach for one use: a weapon's extra reach counts only for attacks and counters made with
/// that weapon (CR-CBT-07). `weapon_extra` is how many squares the weapon card adds.
pub fn reach(size: Size, weapon_extra: u8, usage: ReachUse) -> u8 {
    let base = natural_reach(size);
    match usage {
        ReachUse::AttackWithWeapon | ReachUse::CounterWithWeapon => {
            base.saturating_add(weapon_extra)
        }
        ReachUse::Other => base,
    }
}

/// The squares a creature occupies: a `side × side` block starting at `origin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Space {
    pub origin: Square,
    pub side: u8,
}

impl Space {
    /// A space of any side ≥ 1 (a Holy Shit! creature the Referee made bigger, a squeezed
    /// creature…).
    pub fn new(origin: Square, side: u8) -> Self {
        Self {
            origin,
            side: side.max(1),
        }
    }

    /// The normal space of a creature of `size` at `origin` (CR-CBT-04).
    pub fn of_size(origin: Square, size: Size) -> Self {
        Self::new(origin, space_side(size))
    }

    /// The same block as the game-free geometry sees it.
    fn block(&self) -> tabletop::square::Space {
        tabletop::square::Space::new(self.origin, self.side)
    }

    /// Every square of the space, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let s = i32::from(self.side);
        let o = self.origin;
        (0..s).flat_map(move |dy| (0..s).map(move |dx| Square::new(o.x + dx, o.y + dy)))
    }

    pub fn contains(&self, sq: Square) -> bool {
        self.block().contains(sq)
    }

    pub fn overlaps(&self, other: &Space) -> bool {
        self.block().overlaps(&other.block())
    }

    /// The four corners of the space (lattice points), for line of effect (CR-LOE-02).
    pub fn corners(&self) -> [(i32, i32); 4] {
        self.block().corners()
    }

    /// The space moved by one step.
    pub fn moved_to(&self, origin: Square) -> Space {
        Space::new(origin, self.side)
    }

    /// Distance in squares between the nearest squares of two spaces; 0 if they overlap,
    /// 1 if adjacent (CR-CBT-02).
    pub fn distance_to(&self, other: &Space) -> u32 {
        self.block().distance_to(&other.block())
    }

    /// Whether `target` is within `reach` squares (CR-CBT-07).
    pub fn within_reach(&self, target: &Space, reach: u8) -> bool {
        self.distance_to(target) <= u32::from(reach)
    }
}

/// A barrier on a square. Both kinds stop movement; only a solid one always blocks line of
/// effect (CR-LOE-01, CR-LOE-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Obstacle {
    /// A wall, pillar, boulder: blocks movement and line of effect, gives cover.
    Solid,
    /// A glass window, a linen curtain: blocks movement; whether it blocks line of effect is
    /// the Referee's call (CR-LOE-03, [`crate::combat::line_of_effect::LoeOptions`]); an effect
    /// through it may break or tear it.
    Flimsy,
}

/// Visual obscurement with no physical protection (CR-LOE-06…08).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Concealment {
    #[default]
    None,
    /// Light concealment: a bane (CR-LOE-07).
    Light,
    /// Heavy concealment: a double bane and guessing the square (CR-LOE-08).
    Heavy,
}

/// A surface that must be climbed to enter the square (CR-MOVE-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Climb {
    /// A cliff, a castle wall.
    Wall,
    /// A ceiling, climbed upside down: a test unless the climb speed is marked "(U)".
    Ceiling,
}

/// Everything the rules need to know about one square.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    #[serde(default)]
    pub obstacle: Option<Obstacle>,
    /// Brambles, rubble… (CR-MOVE-02). Enemy-occupied squares are difficult too, but that
    /// comes from the occupants, not the map.
    #[serde(default)]
    pub difficult: bool,
    /// Height of the ground in squares (CR-FORCE-08 slopes, falls).
    #[serde(default)]
    pub elevation: i32,
    /// Entering needs swimming (CR-MOVE-03).
    #[serde(default)]
    pub water: bool,
    /// Liquid deep enough to be fully submerged in (CR-MOVE-04).
    #[serde(default)]
    pub submerging: bool,
    /// Entering needs climbing (CR-MOVE-03).
    #[serde(default)]
    pub climb: Option<Climb>,
    /// Damaging terrain or terrain with an effect, by name (a fire, a spell's zone…).
    #[serde(default)]
    pub hazard: Option<String>,
    #[serde(default)]
    pub concealment: Concealment,
    /// Open air over a drop: a creature that cannot fly and ends its movement here falls this
    /// many feet (CR-FORCE-09, CR-HAZ-01).
    #[serde(default)]
    pub drop_feet: Option<u32>,
}

/// The battle map: sparse, every square not set is open level ground.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BattleGrid {
    cells: BTreeMap<Square, Cell>,
}

static OPEN: Cell = Cell {
    obstacle: None,
    difficult: false,
    elevation: 0,
    water: false,
    submerging: false,
    climb: None,
    hazard: None,
    concealment: Concealment::None,
    drop_feet: None,
};

impl BattleGrid {
    pub fn new() -> Self {
        Self::default()
    }

    /// The square's data (open ground if never set).
    pub fn cell(&self, sq: Square) -> &Cell {
        self.cells.get(&sq).unwrap_or(&OPEN)
    }

    /// The fall under a space: the deepest drop when every one of its squares is over a drop,
    /// none when any square has ground under it (CR-FORCE-09, CR-HAZ-01).
    pub fn drop_under(&self, space: &Space) -> Option<u32> {
        space
            .squares()
            .map(|s| self.cell(s).drop_feet)
            .try_fold(0u32, |deepest, d| d.map(|f| deepest.max(f)))
    }

    pub fn set(&mut self, sq: Square, cell: Cell) {
        if cell == OPEN {
            self.cells.remove(&sq);
        } else {
            self.cells.insert(sq, cell);
        }
    }

    /// Edits one square in place.
    pub fn edit(&mut self, sq: Square, f: impl FnOnce(&mut Cell)) {
        let mut c = self.cell(sq).clone();
        f(&mut c);
        self.set(sq, c);
    }

    /// Every square that differs from open ground.
    pub fn features(&self) -> impl Iterator<Item = (Square, &Cell)> {
        self.cells.iter().map(|(s, c)| (*s, c))
    }

    pub fn obstacle(&self, sq: Square) -> Option<Obstacle> {
        self.cell(sq).obstacle
    }

    /// Whether no square from `min` to `max` (a rectangle, both corners included) holds an
    /// obstacle. Reads only the set squares of those columns.
    pub fn obstacle_free(&self, min: Square, max: Square) -> bool {
        if min.x > max.x {
            return true;
        }
        let columns = Square {
            x: min.x,
            y: i32::MIN,
        }..=Square {
            x: max.x,
            y: i32::MAX,
        };
        self.cells
            .range(columns)
            .all(|(sq, cell)| cell.obstacle.is_none() || sq.y < min.y || sq.y > max.y)
    }
}

/// A creature placed on the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Occupant {
    pub id: u32,
    pub size: Size,
    pub space: Space,
    /// Creatures on different teams are enemies (their squares are difficult terrain for each
    /// other, CR-CBT-05).
    pub team: u8,
}

impl Occupant {
    pub fn new(id: u32, size: Size, origin: Square, team: u8) -> Self {
        Self {
            id,
            size,
            space: Space::of_size(origin, size),
            team,
        }
    }
}

/// Squeezing (CR-CBT-06): the numeric bonus attacks against a squeezing creature get.
pub const SQUEEZING_ATTACK_BONUS: i32 = 1;

/// Squeezing halves speed once (CR-CBT-06); pass this to
/// [`crate::conditions::effective_speed`] as an extra halving.
pub fn squeezing_halvings(squeezing: bool) -> u8 {
    u8::from(squeezing)
}

/// The space a squeezing creature takes: one square less per side than normal, at least 1.
/// Whether a creature may squeeze at all is the Referee's call (CR-CBT-06).
pub fn squeezed_space(origin: Square, size: Size) -> Space {
    Space::new(origin, space_side(size).saturating_sub(1).max(1))
}

/// Whether a creature of `size` may be placed on a space: no obstacle in it (`obstacle`, the
/// first such square) and none of the creatures whose spaces overlap it (`overlapping`, by
/// name and size) less than two sizes apart from it (CR-CBT-05).
pub fn may_place(
    size: Size,
    obstacle: Option<Square>,
    overlapping: impl IntoIterator<Item = (String, Size)>,
) -> Result<(), super::CombatError> {
    if let Some(s) = obstacle {
        return Err(super::CombatError::PlacedOnObstacle(s));
    }
    if let Some((occupant, _)) = overlapping
        .into_iter()
        .find(|(_, other)| other.categories_apart(size) < 2)
    {
        return Err(super::CombatError::PlacedOnOccupied { occupant });
    }
    Ok(())
}

/// Whether a spell's area may be put down as sent: an aura is centred on its caster (no
/// origin, CR-SPELL-08), a cube or a line needs its origin (CR-SPELL-07). Returns whether it
/// spreads from the caster.
pub fn spell_area_from_caster(aura: bool, origin_given: bool) -> Result<bool, super::CombatError> {
    match (aura, origin_given) {
        (true, true) => Err(super::CombatError::AuraHasNoOrigin),
        (true, false) => Ok(true),
        (false, false) => Err(super::CombatError::AreaNeedsOrigin),
        (false, true) => Ok(false),
    }
}

/// A spell area's squares, if it has a shape: a line needs a direction (CR-SPELL-08).
pub fn spell_area_shape<T>(shape: Option<T>) -> Result<T, super::CombatError> {
    shape.ok_or(super::CombatError::LineNeedsDirection)
}

/// Whether every creature named for an area spell is a fitting target inside it
/// (CR-SPELL-07).
pub fn all_named_inside(named: &[String], inside: &[&str]) -> Result<(), super::CombatError> {
    if let Some(n) = named.iter().find(|n| !inside.contains(&n.as_str())) {
        return Err(super::CombatError::NotInArea {
            creature: n.clone(),
        });
    }
    Ok(())
}

/// Whether an attack spell has a creature to attack (CR-ATK-14).
pub fn attack_spell_has_target(attack: bool, targets: usize) -> Result<(), super::CombatError> {
    if attack && targets == 0 {
        return Err(super::CombatError::AttackSpellNoTarget);
    }
    Ok(())
}
