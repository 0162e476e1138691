//! Movement («Передвижение», «Труднопроходимая местность», «Плавание и лазание», «Прыжок»).
//!
//! [`validate_path`] walks a proposed path square by square and either refuses it naming the
//! rule or returns what it costs and what happens on the way. A step moves the mover's space
//! by one square in any of eight directions (diagonals count as one, CR-CBT-02). A step costs
//! 1, plus 1 if any square it newly enters is difficult terrain or enemy-occupied (CR-MOVE-02,
//! CR-CBT-05), plus 1 if it needs swimming without a swim speed, plus 1 if it needs climbing
//! without a climb speed (CR-MOVE-03). The extras add up (judgment call: each is "one extra
//! square" of its own rule). The speed to compare against is the caller's: walk, swim, climb
//! or fly, after every CR-MOVE-08 change ([`crate::conditions::effective_speed`]).

use serde::{Deserialize, Serialize};

use super::CombatError;
use super::grid::{BattleGrid, Climb, Occupant, Space, Square, distance};
use crate::creature::Speeds;
use crate::test_roll::{
    Characteristic, Modifier, ModifierSource, SourceKind, TestSpec, Tier, TierTable,
};

/// Which maneuver moves the creature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveManeuver {
    /// Move: up to speed (CR-MOVE-01).
    Move,
    /// Shift: exactly one square, never into or within difficult terrain (CR-MAN-02).
    Shift,
}

/// How far a jump may go (CR-MOVE-07), in squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct JumpReach {
    pub long: u32,
    pub high: i32,
}

/// The jump test table (CR-MOVE-07): tier 1 no jump, tier 2 two long and one high, tier 3
/// two plus the characteristic long (at least three) and one high.
pub const JUMP_TABLE: TierTable<(u32, i32)> = TierTable {
    tier_1: (0, 0),
    tier_2: (2, 1),
    tier_3: (2, 1),
};

/// Minimum tier-3 jump length (CR-MOVE-07).
pub const JUMP_TIER_3_MIN: u32 = 3;

/// The jump allowed by a test result; `characteristic` is the Agility or Strength used.
pub fn jump_reach(tier: Tier, characteristic: i8) -> JumpReach {
    let (long, high) = *JUMP_TABLE.get(tier);
    let long = match tier {
        Tier::Three => {
            let v = 2 + i32::from(characteristic);
            u32::try_from(v).unwrap_or(0).max(JUMP_TIER_3_MIN)
        }
        _ => long,
    };
    JumpReach { long, high }
}

/// Squares moved earlier on the same turn that earn the run-up edge (CR-MOVE-07).
pub const RUN_UP_SQUARES: u32 = 2;

/// The jump test: 2d10 + Agility or Strength, with an edge after a run-up of at least two
/// squares on the same turn (CR-MOVE-07).
pub fn jump_test(
    characteristic: Characteristic,
    value: i8,
    moved_before: u32,
) -> Result<TestSpec, crate::test_roll::TestError> {
    if !matches!(
        characteristic,
        Characteristic::Agility | Characteristic::Strength
    ) {
        return Err(crate::test_roll::TestError::CharacteristicNotOffered {
            chosen: characteristic,
            offered: vec![Characteristic::Agility, Characteristic::Strength],
        });
    }
    let mut spec = TestSpec::new(characteristic, value);
    if moved_before >= RUN_UP_SQUARES {
        spec = spec.with_modifier(Modifier::edge(
            ModifierSource::new(SourceKind::Situation, "run_up").with_rule("CR-MOVE-07"),
        ));
    }
    Ok(spec)
}

/// One leg of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum PathStep {
    /// Move the space's origin to this neighbouring square.
    Walk { to: Square },
    /// Jump the space's origin to `to`, within what the jump test allowed.
    Jump { to: Square, reach: JumpReach },
}

/// The creature that moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mover {
    /// Its id among the occupants (its own squares never count against it).
    pub id: u32,
    pub speeds: Speeds,
    /// The speed for this move after every modifier (CR-MOVE-01, CR-MOVE-08).
    pub speed: u8,
    /// Flying: no swimming or climbing costs, no falls.
    pub flying: bool,
}

/// CR-ERR-13: where a creature may end its movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndInSpace {
    /// Default: never in a square another creature occupies.
    #[default]
    Never,
    /// Alternative: allowed in the space of a creature two or more size categories apart.
    TwoOrMoreSizesApart,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MoveOptions {
    #[serde(default)]
    pub end_in_space: EndInSpace,
}

/// A test the path needs before or while it is taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "test", rename_all = "snake_case")]
pub enum PathTest {
    /// Climbing a ceiling without a "(U)" climb speed (CR-MOVE-03): required.
    CeilingClimb { at: Square },
    /// Swimming or climbing without the speed for it: the Referee may call a test to see
    /// whether it can be done at all (CR-MOVE-03, a Referee decision).
    RefereeMayTest { at: Square },
}

/// What a valid path costs and meets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathReport {
    /// Squares of movement spent.
    pub cost: u32,
    /// Squares moved (each step or jump square counted once, for the run-up edge).
    pub distance: u32,
    pub end: Space,
    pub tests: Vec<PathTest>,
    /// Hazards entered, in order (damaging terrain, magic zones).
    pub hazards: Vec<(Square, String)>,
    /// Feet fallen if the path ends over a drop and the mover cannot fly.
    pub falls_feet: Option<u32>,
    /// Whether the mover ends fully submerged (CR-MOVE-04 bane without a swim speed).
    pub submerged_without_swim_speed: bool,
}

fn occupant_at(occupants: &[Occupant], sq: Square, except: u32) -> Option<&Occupant> {
    occupants
        .iter()
        .find(|o| o.id != except && o.space.contains(sq))
}

/// Whether any square of `space` is difficult for the mover (terrain or enemy space).
fn is_difficult(grid: &BattleGrid, occupants: &[Occupant], me: &Occupant, sq: Square) -> bool {
    grid.cell(sq).difficult || occupant_at(occupants, sq, me.id).is_some_and(|o| o.team != me.team)
}

/// Checks a proposed path square by square (CR-MOVE-01…03, CR-MOVE-07, CR-CBT-05,
/// CR-MAN-02) and returns its cost, or the first rule it breaks.
pub fn validate_path(
    grid: &BattleGrid,
    occupants: &[Occupant],
    mover: &Mover,
    maneuver: MoveManeuver,
    path: &[PathStep],
    options: MoveOptions,
) -> Result<PathReport, CombatError> {
    let me = occupants
        .iter()
        .find(|o| o.id == mover.id)
        .ok_or(CombatError::UnknownMover)?;
    if maneuver == MoveManeuver::Shift {
        if path.len() != 1 {
            return Err(CombatError::ShiftIsOneSquare);
        }
        if matches!(path[0], PathStep::Jump { .. }) {
            return Err(CombatError::ShiftCannotJump);
        }
    }
    let mut here = me.space;
    let mut report = PathReport {
        cost: 0,
        distance: 0,
        end: here,
        tests: Vec::new(),
        hazards: Vec::new(),
        falls_feet: None,
        submerged_without_swim_speed: false,
    };
    for step in path {
        let in_difficult = here.squares().any(|s| is_difficult(grid, occupants, me, s));
        let (to, moved) = match *step {
            PathStep::Walk { to } => {
                if !here.origin.is_adjacent(to) {
                    return Err(CombatError::NotAdjacent {
                        from: here.origin,
                        to,
                    });
                }
                (to, 1)
            }
            PathStep::Jump { to, reach } => {
                if in_difficult {
                    return Err(CombatError::JumpFromDifficultTerrain);
                }
                let d = distance(here.origin, to);
                let rise = grid.cell(to).elevation - grid.cell(here.origin).elevation;
                if d == 0 || d > reach.long || rise > reach.high {
                    return Err(CombatError::JumpTooFar {
                        distance: d,
                        height: rise,
                        long: reach.long,
                        high: reach.high,
                    });
                }
                (to, d)
            }
        };
        let next = here.moved_to(to);
        let entered: Vec<Square> = next.squares().filter(|s| !here.contains(*s)).collect();
        let mut cost = moved;
        let mut difficult = false;
        let mut swim = false;
        let mut climb = false;
        for &s in &entered {
            let cell = grid.cell(s);
            if cell.obstacle.is_some() {
                return Err(CombatError::Obstacle(s));
            }
            difficult |= is_difficult(grid, occupants, me, s);
            if !mover.flying {
                if cell.water && mover.speeds.swim.is_none() {
                    swim = true;
                    report.tests.push(PathTest::RefereeMayTest { at: s });
                }
                match cell.climb {
                    Some(Climb::Ceiling)
                        if !(mover.speeds.climb.is_some() && mover.speeds.climb_upside_down) =>
                    {
                        report.tests.push(PathTest::CeilingClimb { at: s });
                        climb |= mover.speeds.climb.is_none();
                    }
                    Some(_) if mover.speeds.climb.is_none() => {
                        climb = true;
                        report.tests.push(PathTest::RefereeMayTest { at: s });
                    }
                    _ => {}
                }
            }
            if let Some(h) = &cell.hazard {
                report.hazards.push((s, h.clone()));
            }
        }
        if maneuver == MoveManeuver::Shift && (in_difficult || difficult) {
            return Err(CombatError::ShiftInDifficultTerrain);
        }
        cost += u32::from(difficult) + u32::from(swim) + u32::from(climb);
        report.cost += cost;
        report.distance += moved;
        if report.cost > u32::from(mover.speed) {
            return Err(CombatError::ExceedsSpeed {
                cost: report.cost,
                speed: u32::from(mover.speed),
            });
        }
        here = next;
    }
    // CR-CBT-05 / CR-ERR-13: no stopping in another creature's space.
    for o in occupants
        .iter()
        .filter(|o| o.id != me.id && o.space.overlaps(&here))
    {
        let allowed = options.end_in_space == EndInSpace::TwoOrMoreSizesApart
            && o.size.categories_apart(me.size) >= 2;
        if !allowed {
            return Err(CombatError::EndsInOccupiedSpace(o.id));
        }
    }
    report.end = here;
    if !mover.flying {
        report.falls_feet = grid.drop_under(&here);
        report.submerged_without_swim_speed =
            submerged_without_swim_speed(grid, &here, mover.speeds.swim.is_some());
    }
    Ok(report)
}

/// Whether a creature on the ground in `space` is fully submerged without a swim speed: a
/// bane on its Agility and Strength tests (CR-MOVE-04; registry row
/// `submerged_without_swim_speed`). A flyer above the liquid is not submerged; the caller
/// leaves it out.
pub fn submerged_without_swim_speed(grid: &BattleGrid, space: &Space, swims: bool) -> bool {
    !swims && space.squares().all(|s| grid.cell(s).submerging)
}

/// Whether a flying creature falls: knocked prone, or its speed dropped to 0 (CR-MOVE-05).
pub fn flyer_falls(flying: bool, prone: bool, speed: u8) -> bool {
    flying && (prone || speed == 0)
}

/// Who is teleported (CR-MOVE-06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Teleported {
    /// The caster itself: line of effect to the destination.
    Self_,
    /// Another creature: line of effect from the caster to the space it leaves and to the
    /// destination.
    Other { caster: Space },
}

/// What a teleport does to the creature's conditions (CR-MOVE-06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeleportReport {
    pub end: Space,
    /// It was grabbed and is not any more.
    pub escapes_grab: bool,
    /// It held someone, and that creature is no longer grabbed.
    pub releases_grab: bool,
    /// A prone creature stays prone.
    pub still_prone: bool,
}

/// The creature's state that teleporting touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TeleportState {
    pub prone: bool,
    pub grabbed: bool,
    pub grabbing: bool,
}

/// Checks a teleport (CR-MOVE-06): the distance is the effect's, not the speed; obstacles on
/// the way do not matter but line of effect does; the destination holds no creature or object.
/// Teleporting provokes nothing and triggers no movement effects, so no path is walked.
#[allow(clippy::too_many_arguments)]
pub fn validate_teleport(
    grid: &BattleGrid,
    occupants: &[Occupant],
    who: &Occupant,
    teleported: Teleported,
    destination: Square,
    max_distance: u32,
    state: TeleportState,
    loe: super::line_of_effect::LoeOptions,
) -> Result<TeleportReport, CombatError> {
    use super::line_of_effect::line_of_effect;
    let end = who.space.moved_to(destination);
    let moved = distance(who.space.origin, destination);
    if moved > max_distance {
        return Err(CombatError::TeleportTooFar {
            distance: moved,
            allowed: max_distance,
        });
    }
    let from = match teleported {
        Teleported::Self_ => who.space,
        Teleported::Other { caster } => {
            if !line_of_effect(grid, &caster, &who.space, loe).exists() {
                return Err(CombatError::TeleportNoLineOfEffect);
            }
            caster
        }
    };
    if !line_of_effect(grid, &from, &end, loe).exists() {
        return Err(CombatError::TeleportNoLineOfEffect);
    }
    for s in end.squares() {
        if grid.cell(s).obstacle.is_some()
            || occupants
                .iter()
                .any(|o| o.id != who.id && o.space.contains(s))
        {
            return Err(CombatError::TeleportIntoOccupied(s));
        }
    }
    Ok(TeleportReport {
        end,
        escapes_grab: state.grabbed,
        releases_grab: state.grabbing,
        still_prone: state.prone,
    })
}

/// Whether the squares `left` of this turn's Moves cover a path costing `cost` (CR-MOVE-01).
pub fn within_move(cost: u32, left: u32) -> Result<(), CombatError> {
    if left < cost {
        return Err(CombatError::ExceedsSpeed { cost, speed: left });
    }
    Ok(())
}

/// Whether `creature` may be placed `altitude` squares up: only a flyer stays above the
/// ground (`flying`: placed flying, with a flying speed) (CR-MOVE-05).
pub fn may_stay_aloft(creature: &str, altitude: u32, flying: bool) -> Result<(), CombatError> {
    if altitude > 0 && !flying {
        return Err(CombatError::NotFlyingAbove {
            creature: creature.to_string(),
        });
    }
    Ok(())
}

/// Whether the Referee may rule that `creature` falls as a flyer: only a flyer does
/// (CR-MOVE-05).
pub fn may_fall_as_flyer(creature: &str, flying: bool) -> Result<(), CombatError> {
    if !flying {
        return Err(CombatError::NotFlyingToFall {
            creature: creature.to_string(),
        });
    }
    Ok(())
}
