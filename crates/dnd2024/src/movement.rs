//! Movement, size and space, jumping, carrying (checklist §8, DD-MOVE).

use crate::core::ability_modifier;
use crate::options::Interpretations;
use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// The six ordered sizes (DD-MOVE-18.a).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    Tiny,
    Small,
    Medium,
    Large,
    Huge,
    Gargantuan,
}

impl Size {
    pub const ALL: [Size; 6] = [
        Size::Tiny,
        Size::Small,
        Size::Medium,
        Size::Large,
        Size::Huge,
        Size::Gargantuan,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Size::Tiny => "tiny",
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
            Size::Huge => "huge",
            Size::Gargantuan => "gargantuan",
        }
    }

    pub fn parse(name: &str) -> Result<Size, RulesError> {
        Size::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| RulesError::Unknown {
                what: "size",
                got: name.to_string(),
                expected: Size::ALL.map(|s| s.name()).join(", "),
                rule: "DD-MOVE-18.a",
            })
    }

    /// Steps between two sizes on the scale (positive when `self` is larger).
    pub fn steps_from(self, other: Size) -> i32 {
        self as i32 - other as i32
    }

    /// Side of the space a creature controls, in tenths of a foot so 2½ ft stays exact
    /// (DD-MOVE-18.b, T-S6).
    pub fn space_tenths_ft(self) -> u32 {
        match self {
            Size::Tiny => 25,
            Size::Small | Size::Medium => 50,
            Size::Large => 100,
            Size::Huge => 150,
            Size::Gargantuan => 200,
        }
    }

    /// The space on a 5-foot grid (DD-MOVE-18.b, T-S6): a block of 1, 2, 3 or 4 squares a
    /// side with its top-left square at `origin`. A Tiny creature's 2½-foot space is drawn as
    /// the one square it shares (up to four Tiny creatures fit in it).
    pub fn grid_space(self, origin: tabletop::square::Square) -> tabletop::square::Space {
        let side = (self.space_tenths_ft() / 50).max(1);
        // At most 4 squares a side.
        tabletop::square::Space::new(origin, u8::try_from(side).unwrap_or(4))
    }

    /// Carry multiplier in halves of a pound per Strength point (Tiny ×7.5 stays exact), and
    /// drag/lift/push is twice that (T-07).
    fn carry_halves(self) -> u32 {
        match self {
            Size::Tiny => 15,
            Size::Small | Size::Medium => 30,
            Size::Large => 60,
            Size::Huge => 120,
            Size::Gargantuan => 240,
        }
    }
}

/// Carrying capacity (DD-MOVE-21, T-07): carry and drag/lift/push limits in pounds, rounded
/// down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarryingCapacity {
    pub carry_lb: u32,
    pub drag_lift_push_lb: u32,
}

pub fn carrying_capacity(strength: i32, size: Size) -> Result<CarryingCapacity, RulesError> {
    ability_modifier(strength)?;
    let s = u32::try_from(strength).unwrap_or(0);
    Ok(CarryingCapacity {
        carry_lb: s * size.carry_halves() / 2,
        drag_lift_push_lb: s * size.carry_halves(),
    })
}

/// Speed while moving a weight (DD-MOVE-21.b): above the drag limit it cannot be moved; above
/// the carry limit Speed is at most 5 ft.
pub fn speed_with_load(speed: u32, load_lb: u32, cap: CarryingCapacity) -> Result<u32, RulesError> {
    if load_lb > cap.drag_lift_push_lb {
        return Err(RulesError::Forbidden {
            rule: "DD-MOVE-21.a",
            reason: format!(
                "{load_lb} lb is over the drag/lift/push limit of {} lb",
                cap.drag_lift_push_lb
            ),
        });
    }
    Ok(if load_lb > cap.carry_lb {
        speed.min(5)
    } else {
        speed
    })
}

/// Jump distances in feet (DD-MOVE-07..09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jump {
    pub long_jump_ft: u32,
    pub high_jump_ft: u32,
}

/// Long Jump = Strength score in feet with a 10-ft run-up, half (round down) standing
/// (DD-MOVE-08.a); High Jump = 3 + Strength modifier feet (minimum 0) with a run-up, half
/// standing (DD-MOVE-09.a).
pub fn jump(strength: i32, running: bool) -> Result<Jump, RulesError> {
    let m = ability_modifier(strength)?;
    let long = u32::try_from(strength).unwrap_or(0);
    let high = u32::try_from((3 + m).max(0)).unwrap_or(0);
    Ok(if running {
        Jump {
            long_jump_ft: long,
            high_jump_ft: high,
        }
    } else {
        Jump {
            long_jump_ft: long / 2,
            high_jump_ft: high / 2,
        }
    })
}

/// How far a creature can reach during a high jump: jump height + 1½ × its height, in feet
/// rounded down (DD-MOVE-09.c).
pub fn high_jump_reach(jump_height_ft: u32, creature_height_ft: u32) -> u32 {
    jump_height_ft + creature_height_ft * 3 / 2
}

/// DC of the Dexterity (Acrobatics) check when a long jump lands in Difficult Terrain
/// (DD-MOVE-08.c) and of the GM's optional Strength (Athletics) check to clear a low obstacle
/// (DD-MOVE-08.d).
pub const JUMP_LANDING_DC: i32 = 10;

/// Ways of moving that change the cost of a foot (DD-MOVE-03..06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveMode {
    Walk,
    Climb,
    Swim,
    Crawl,
}

/// Feet of movement one foot costs (DD-MOVE-03.a, 04.a/b, 05.a/b, 06.a; Appendix C.2).
/// `has_special_speed`: a Climb Speed when climbing, a Swim Speed when swimming.
pub fn cost_per_foot(
    mode: MoveMode,
    difficult: bool,
    has_special_speed: bool,
    opts: &Interpretations,
) -> u32 {
    let surcharge = match mode {
        MoveMode::Walk => false,
        MoveMode::Climb | MoveMode::Swim => !has_special_speed,
        MoveMode::Crawl => true,
    };
    match (surcharge, difficult) {
        (false, false) => 1,
        (false, true) | (true, false) => 2,
        (true, true) => {
            if opts.special_movement_in_difficult_terrain_costs_3 {
                3
            } else {
                4
            }
        }
    }
}

/// A creature's speeds (DD-MOVE-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Speeds {
    pub walk: u32,
    pub burrow: u32,
    pub climb: u32,
    pub fly: u32,
    pub swim: u32,
}

/// Which speed a movement segment uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeedKind {
    Walk,
    Burrow,
    Climb,
    Fly,
    Swim,
}

impl Speeds {
    pub fn get(&self, k: SpeedKind) -> u32 {
        match k {
            SpeedKind::Walk => self.walk,
            SpeedKind::Burrow => self.burrow,
            SpeedKind::Climb => self.climb,
            SpeedKind::Fly => self.fly,
            SpeedKind::Swim => self.swim,
        }
    }

    /// Any change to Speed applies equally to every special speed (DD-MOVE-01.c): `f` is
    /// applied to each.
    pub fn map(self, f: impl Fn(u32) -> u32) -> Speeds {
        Speeds {
            walk: f(self.walk),
            burrow: f(self.burrow),
            climb: f(self.climb),
            fly: f(self.fly),
            swim: f(self.swim),
        }
    }

    /// Checks a move made of segments (speed used, feet): on each switch, the movement already
    /// used is subtracted from the new speed (DD-MOVE-01.b). Refuses the first segment that
    /// does not fit and returns the feet used otherwise.
    pub fn check_move(&self, segments: &[(SpeedKind, u32)]) -> Result<u32, RulesError> {
        let mut used = 0u32;
        for (i, (kind, feet)) in segments.iter().enumerate() {
            let speed = self.get(*kind);
            if used + feet > speed {
                return Err(RulesError::Forbidden {
                    rule: "DD-MOVE-01.b",
                    reason: format!(
                        "segment {} ({kind:?} {feet} ft): {used} ft already used of that speed's {speed} ft",
                        i + 1
                    ),
                });
            }
            used += feet;
        }
        Ok(used)
    }
}

/// Whether a creature may move through another's space (DD-MOVE-19.a, Appendix C.3).
pub fn can_move_through(
    mover: Size,
    other: Size,
    other_is_ally: bool,
    other_incapacitated: bool,
    opts: &Interpretations,
) -> bool {
    let diff = mover.steps_from(other).abs();
    let size_ok = if opts.two_sizes_means_at_least_two {
        diff >= 2
    } else {
        diff == 2
    };
    other_is_ally || other_incapacitated || other == Size::Tiny || size_ok
}

/// Another creature's space is Difficult Terrain unless it is Tiny or an ally (DD-MOVE-19.b).
pub fn other_space_is_difficult(other: Size, other_is_ally: bool) -> bool {
    !(other == Size::Tiny || other_is_ally)
}

/// Ending a turn in another creature's space: Prone unless Tiny or larger than it
/// (DD-MOVE-19.c).
pub fn ends_turn_in_space_prone(mover: Size, other: Size) -> bool {
    !(mover == Size::Tiny || mover > other)
}

/// Dropping Prone is free on one's own turn, but not at Speed 0 (DD-MOVE-20.a).
pub fn may_drop_prone(current_speed: u32) -> bool {
    current_speed > 0
}

/// A flying creature falls when it becomes Incapacitated or Prone or its Fly Speed drops to 0,
/// unless it can hover (DD-MOVE-10.a, DD-MOVE-12.a).
pub fn flyer_falls(incapacitated: bool, prone: bool, fly_speed: u32, can_hover: bool) -> bool {
    !can_hover && (incapacitated || prone || fly_speed == 0)
}

/// Default reach: 5 ft (DD-MOVE-22.a).
pub const DEFAULT_REACH_FT: u32 = 5;

/// Grid movement (DD-MOVE-02.b): squares of a Speed, and the squares a path costs.
pub fn grid_squares(speed_ft: u32) -> u32 {
    // Whole 5-foot squares (`tabletop::units`); a partial square is not a move.
    speed_ft / tabletop::area::FEET_PER_SQUARE
}

/// Teleporting never provokes Opportunity Attacks and costs no movement by default
/// (DD-MOVE-16.a). Returns the movement it costs.
pub fn teleport_cost(rule_cost_ft: Option<u32>) -> u32 {
    rule_cost_ft.unwrap_or(0)
}

/// Validates a Speed (feet) given on input.
pub fn check_speed(speed: i64) -> Result<u32, RulesError> {
    in_range("speed", speed, 0, 10_000, "DD-MOVE-01.a")?;
    Ok(u32::try_from(speed).unwrap_or(0))
}

/// Grid movement (DD-MOVE-02.b): squares a path costs, one per square entered (diagonal or
/// not), two for a Difficult Terrain square. `difficult` lists each square entered.
pub fn grid_path_cost(difficult: &[bool]) -> u32 {
    difficult.iter().map(|d| if *d { 2 } else { 1 }).sum()
}

/// Grid movement on a map (DD-MOVE-02.b): the squares a path of steps costs — one per square
/// entered, diagonal or not, two for Difficult Terrain — refusing a step into a square that
/// stops movement and a diagonal step that cuts the corner of one.
pub fn grid_path_cost_on(
    map: &tabletop::map::GridMap,
    path: &[tabletop::square::Square],
) -> Result<u32, RulesError> {
    map.path_cost_with(
        path,
        tabletop::square::Diagonals::OneEach,
        tabletop::map::Corners::NoCutting,
    )
    .map_err(|e| RulesError::Forbidden {
        rule: "DD-MOVE-02.b",
        reason: e.to_string(),
    })
}

/// A space is occupied when a creature is in it or objects fill it completely
/// (DD-MOVE-17.a).
pub fn occupied(creature_present: bool, filled_by_objects: bool) -> bool {
    creature_present || filled_by_objects
}

/// Where a teleport lands (DD-MOVE-16.c): the chosen space when unoccupied and unblocked,
/// otherwise the nearest unoccupied space the teleporter picks (an input).
pub fn teleport_destination<T>(chosen: T, chosen_free: bool, nearest_free: T) -> T {
    if chosen_free { chosen } else { nearest_free }
}

/// A Burrow Speed moves through sand, earth, mud or ice, and through solid rock only with a
/// trait that allows it (DD-MOVE-13.a).
pub fn can_burrow_through(solid_rock: bool, rock_trait: bool) -> bool {
    !solid_rock || rock_trait
}

/// Something that may make a space Difficult Terrain (DD-MOVE-03.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainFeature {
    /// Another creature's space.
    Creature {
        size: Size,
        ally: bool,
    },
    /// Furniture sized for creatures of this size.
    Furniture {
        sized_for: Size,
    },
    HeavySnow,
    Ice,
    Rubble,
    Undergrowth,
    /// Liquid. `gm_difficult` is the GM's ruling when set (DD-MOVE-03.d: the Russian text says
    /// ankle-deep where SRD says shin-deep, so the depth is a GM-adjustable flag).
    Liquid {
        depth: LiquidDepth,
        gm_difficult: Option<bool>,
    },
    /// An opening sized for creatures of this size.
    NarrowOpening {
        sized_for: Size,
    },
    Slope {
        degrees: u32,
    },
}

/// How deep a liquid is (DD-MOVE-03.c/d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LiquidDepth {
    BelowShin,
    ShinToWaist,
    AboveWaist,
}

impl TerrainFeature {
    /// Whether this feature makes the space Difficult Terrain for a mover of `mover` size
    /// (DD-MOVE-03.c).
    pub fn difficult_for(self, mover: Size) -> bool {
        match self {
            TerrainFeature::Creature { size, ally } => other_space_is_difficult(size, ally),
            TerrainFeature::Furniture { sized_for } => sized_for >= mover,
            TerrainFeature::HeavySnow
            | TerrainFeature::Ice
            | TerrainFeature::Rubble
            | TerrainFeature::Undergrowth => true,
            TerrainFeature::Liquid {
                depth,
                gm_difficult,
            } => gm_difficult.unwrap_or(depth == LiquidDepth::ShinToWaist),
            TerrainFeature::NarrowOpening { sized_for } => mover.steps_from(sized_for) == 1,
            TerrainFeature::Slope { degrees } => degrees >= 20,
        }
    }
}

/// A space is Difficult Terrain or not, however many causes it has (DD-MOVE-03.b): one cause
/// is enough and more add nothing. Returns the cost of one foot there (DD-MOVE-03.a).
pub fn space_cost_per_foot(features: &[TerrainFeature], mover: Size) -> u32 {
    if features.iter().any(|f| f.difficult_for(mover)) {
        2
    } else {
        1
    }
}

/// DC of the Strength (Athletics) check the GM may call for on a hard climb or in rough water
/// (DD-MOVE-04.c, DD-MOVE-05.c).
pub const CLIMB_SWIM_DC: i32 = 15;

/// Whether a climb or a swim may go on (DD-MOVE-04.c, 05.c): only the GM decides that a check
/// is needed (`gm_requires_check`); then the Athletics total must reach DC 15. A required
/// check without a total is refused.
pub fn climb_or_swim_allowed(
    gm_requires_check: bool,
    athletics_total: Option<i32>,
) -> Result<bool, RulesError> {
    match (gm_requires_check, athletics_total) {
        (false, _) => Ok(true),
        (true, Some(t)) => Ok(t >= CLIMB_SWIM_DC),
        (true, None) => Err(RulesError::Forbidden {
            rule: "DD-MOVE-04.c",
            reason: "the GM calls for a DC 15 Strength (Athletics) check first".into(),
        }),
    }
}

/// Landing a long jump in Difficult Terrain (DD-MOVE-08.c): a DC 10 Dexterity (Acrobatics)
/// check or Prone. Returns whether the jumper lands Prone.
pub fn long_jump_lands_prone(landing_difficult: bool, acrobatics_total: i32) -> bool {
    landing_difficult && acrobatics_total < JUMP_LANDING_DC
}

/// Clearing a low obstacle during a long jump (DD-MOVE-08.d): height is ignored up to a
/// quarter of the jump's distance; the GM may call for a DC 10 Strength (Athletics) check, and
/// on a failure the jumper hits the obstacle. Returns whether it clears it; a higher obstacle
/// is refused (not a low one).
pub fn clears_obstacle(
    obstacle_height_ft: u32,
    jump_distance_ft: u32,
    gm_check_total: Option<i32>,
) -> Result<bool, RulesError> {
    if obstacle_height_ft.saturating_mul(4) > jump_distance_ft {
        return Err(RulesError::Forbidden {
            rule: "DD-MOVE-08.d",
            reason: format!(
                "a {obstacle_height_ft} ft obstacle is more than a quarter of a {jump_distance_ft} ft jump"
            ),
        });
    }
    Ok(gm_check_total.is_none_or(|t| t >= JUMP_LANDING_DC))
}

/// What comes along on a teleport (DD-MOVE-16.b): worn and carried equipment does; a creature
/// it touches does not unless the effect says so.
pub fn teleport_brings(worn_or_carried: bool, effect_brings_touched_creatures: bool) -> bool {
    worn_or_carried || effect_brings_touched_creatures
}

/// Whether a teleport may go to a destination (DD-MOVE-16.d): each effect says whether the
/// destination must be seen.
pub fn teleport_allowed(
    effect_needs_sight: bool,
    destination_seen: bool,
) -> Result<(), RulesError> {
    if effect_needs_sight && !destination_seen {
        return Err(RulesError::Forbidden {
            rule: "DD-MOVE-16.d",
            reason: "this teleport needs a destination the teleporter can see".into(),
        });
    }
    Ok(())
}

/// Speed with a load when the GM tracks weight (DD-MOVE-21.c): untracked, the load changes
/// nothing; tracked, `speed_with_load` applies.
pub fn speed_if_tracked(
    gm_tracks_weight: bool,
    speed: u32,
    load_lb: u32,
    cap: CarryingCapacity,
) -> Result<u32, RulesError> {
    if gm_tracks_weight {
        speed_with_load(speed, load_lb, cap)
    } else {
        Ok(speed)
    }
}

/// A melee attack needs the target within reach (DD-CBT-06.a, DD-MOVE-22.a).
pub fn melee_in_reach(distance_ft: u32, reach_ft: u32) -> Result<(), RulesError> {
    if distance_ft > reach_ft {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-06.a",
            reason: format!("target at {distance_ft} ft is beyond the {reach_ft} ft reach"),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop::square::Square;

    #[test]
    fn dd_move_18_b_spaces_on_the_grid() {
        let o = Square::new(2, 3);
        let sides: Vec<u8> = Size::ALL.iter().map(|s| s.grid_space(o).side).collect();
        assert_eq!(sides, [1, 1, 1, 2, 3, 4]);
        assert_eq!(Size::Huge.grid_space(o).squares().count(), 9);
        assert_eq!(grid_squares(30), 6);
        assert_eq!(grid_squares(25), 5);
        assert_eq!(grid_squares(4), 0);
    }
}
