//! Combat («Бой», «Линия эффекта»): the battle grid, line of effect and cover, movement,
//! forced movement and toppling objects. Pure rules over a sparse square map; turn order,
//! maneuvers and attacks build on these.

pub mod actions;
pub mod attacks;
pub mod fight;
pub mod forced_movement;
pub mod grid;
pub mod initiative;
pub mod line_of_effect;
pub mod maneuvers;
pub mod movement;
pub mod pets;
pub mod reactions;
pub mod toppling;
pub mod turn;

use thiserror::Error;

use grid::Square;

/// Refusals, each naming the rule it enforces.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum CombatError {
    #[error("square {to} is not next to {from}: a move goes one square at a time (CR-CBT-02)")]
    #[strum(props(rule = "CR-CBT-02"))]
    NotAdjacent { from: Square, to: Square },
    #[error("square {0} holds an obstacle that blocks movement")]
    Obstacle(Square),
    #[error("the path costs {cost} squares of movement, more than the speed {speed} (CR-MOVE-01)")]
    #[strum(props(rule = "CR-MOVE-01"))]
    ExceedsSpeed { cost: u32, speed: u32 },
    #[error("a Shift moves exactly one square (CR-MAN-02)")]
    #[strum(props(rule = "CR-MAN-02"))]
    ShiftIsOneSquare,
    #[error("a Shift cannot enter difficult terrain or start in it (CR-MOVE-02, CR-MAN-02)")]
    #[strum(props(rule = "CR-MOVE-02"))]
    ShiftInDifficultTerrain,
    #[error("a Shift cannot be a jump (CR-MAN-02)")]
    #[strum(props(rule = "CR-MAN-02"))]
    ShiftCannotJump,
    #[error("no jumping out of difficult terrain (CR-MOVE-02)")]
    #[strum(props(rule = "CR-MOVE-02"))]
    JumpFromDifficultTerrain,
    #[error(
        "the jump covers {distance} squares long and {height} high, more than the test allows ({long} long, {high} high) (CR-MOVE-07)"
    )]
    #[strum(props(rule = "CR-MOVE-07"))]
    JumpTooFar {
        distance: u32,
        height: i32,
        long: u32,
        high: i32,
    },
    // No creature is named: the mover may not see whose space it is (a hidden creature's
    // square answers like any other occupied one). Nor do its facts carry the occupant.
    #[error("the movement would end in a space another creature occupies (CR-CBT-05, CR-ERR-13)")]
    #[strum(props(rule = "CR-CBT-05"))]
    #[serde(skip_serializing)]
    EndsInOccupiedSpace(u32),
    #[error("the mover is not on the list of occupants")]
    UnknownMover,
    #[error("forced movement of {moved} squares exceeds its {allowed} (CR-FORCE-01/02)")]
    #[strum(props(rule = "CR-FORCE-01"))]
    ForcedTooFar { moved: u32, allowed: u32 },
    #[error("a push must go in one straight line (CR-FORCE-01)")]
    #[strum(props(rule = "CR-FORCE-01"))]
    PushNotStraight,
    #[error("every square of a push must take the target farther from the pusher (CR-FORCE-01)")]
    #[strum(props(rule = "CR-FORCE-01"))]
    PushNotAway,
    #[error(
        "a target cannot be force-moved into a space with a creature or object: square {0} (CR-FORCE-05)"
    )]
    #[strum(props(rule = "CR-FORCE-05"))]
    ForcedIntoOccupied(Square),
    #[error("a mundane effect cannot force-move a creature larger than the mover (CR-FORCE-06)")]
    #[strum(props(rule = "CR-FORCE-06"))]
    TargetTooLarge,
    #[error(
        "a non-vertical forced move climbs or drops more than 1 square between {from} and {to} (CR-FORCE-08)"
    )]
    #[strum(props(rule = "CR-FORCE-08"))]
    SlopeTooSteep { from: Square, to: Square },
    #[error("d{sides} face {face} is out of range")]
    Face { sides: u8, face: u8 },
    #[error("expected {expected} dice, got {got}")]
    DiceCount { expected: usize, got: usize },
    #[error("an object smaller than you topples with a maneuver and no test (CR-TOPPLE-02)")]
    #[strum(props(rule = "CR-TOPPLE-02"))]
    ToppleNeedsNoTest,
    #[error(
        "an object three or more sizes larger cannot be toppled by brute force alone (CR-TOPPLE-04)"
    )]
    #[strum(props(rule = "CR-TOPPLE-04"))]
    ToppleNeedsTools,
    #[error(
        "the teleport covers {distance} squares, more than the effect's {allowed} (CR-MOVE-06)"
    )]
    #[strum(props(rule = "CR-MOVE-06"))]
    TeleportTooFar { distance: u32, allowed: u32 },
    #[error(
        "teleporting needs line of effect to the destination, and for another creature also to the space it leaves (CR-MOVE-06)"
    )]
    #[strum(props(rule = "CR-MOVE-06"))]
    TeleportNoLineOfEffect,
    #[error("a teleport cannot end where a creature or object is: square {0} (CR-MOVE-06)")]
    #[strum(props(rule = "CR-MOVE-06"))]
    TeleportIntoOccupied(Square),
    #[error("only vertical forced movement may leave the target above the ground (CR-FORCE-07)")]
    #[strum(props(rule = "CR-FORCE-07"))]
    NotVertical,
    #[error(
        "no square to guess: the target is not heavily concealed and moving silently (CR-LOE-08)"
    )]
    #[strum(props(rule = "CR-LOE-08"))]
    NoGuessNeeded,
    #[error("{creature} is not flying: only a flyer stays above the ground (CR-MOVE-05)")]
    #[strum(props(rule = "CR-MOVE-05"))]
    NotFlyingAbove { creature: String },
    #[error("{creature} is not flying: only a flyer falls this way (CR-MOVE-05)")]
    #[strum(props(rule = "CR-MOVE-05"))]
    NotFlyingToFall { creature: String },
    #[error("square {0} holds an obstacle (CR-CBT-05)")]
    #[strum(props(rule = "CR-CBT-05"))]
    PlacedOnObstacle(Square),
    // Only the Referee places creatures, so the occupant may be named.
    #[error("`{occupant}` already occupies that space (CR-CBT-05)")]
    #[strum(props(rule = "CR-CBT-05"))]
    PlacedOnOccupied { occupant: String },
    #[error("nothing connects {creature} to {target}: no line of effect (CR-LOE-01)")]
    #[strum(props(rule = "CR-LOE-01"))]
    NoLineOfEffect { creature: String, target: String },
    #[error("an aura is centred on its caster: send no `at` (CR-SPELL-08)")]
    #[strum(props(rule = "CR-SPELL-08"))]
    AuraHasNoOrigin,
    #[error(
        "a cube or a line needs its origin square: send `at` with `origin` (and `toward` for the direction) (CR-SPELL-07)"
    )]
    #[strum(props(rule = "CR-SPELL-07"))]
    AreaNeedsOrigin,
    #[error(
        "a line needs a direction: send `toward`, a square other than its origin (CR-SPELL-08)"
    )]
    #[strum(props(rule = "CR-SPELL-08"))]
    LineNeedsDirection,
    #[error("{creature} is not a fitting target inside the spell's area (CR-SPELL-07)")]
    #[strum(props(rule = "CR-SPELL-07"))]
    NotInArea { creature: String },
    #[error("an attack spell names the creature it attacks (CR-ATK-14)")]
    #[strum(props(rule = "CR-ATK-14"))]
    AttackSpellNoTarget,
}

crate::refusal::refusal!(CombatError, "combat");

/// Sums dice faces after checking each one.
pub(crate) fn sum_faces(faces: &[u8], sides: u8, expected: usize) -> Result<u32, CombatError> {
    if faces.len() != expected {
        return Err(CombatError::DiceCount {
            expected,
            got: faces.len(),
        });
    }
    faces.iter().try_fold(0u32, |acc, &f| {
        if (1..=sides).contains(&f) {
            Ok(acc + u32::from(f))
        } else {
            Err(CombatError::Face { sides, face: f })
        }
    })
}
