//! Line of effect, cover and concealment («Линия эффекта», «Укрытие», «Завеса»,
//! «Невидимость»).
//!
//! The corner-to-corner test (CR-LOE-02): line of effect exists when some corner of the
//! attacker's space joins some corner of the target's space by a straight segment that passes
//! through the inside of no blocking square, nor along the shared edge of two blocking squares
//! (that edge is inside the wall they make together). Grazing a lone obstacle's edge or corner,
//! or slipping between two obstacles that only touch at a corner, does not block (a judgment
//! call: the book draws its lines between corners, and an obstacle's corners are shared with
//! open squares). All arithmetic is on integers, so the answer is exact and the
//! same under every rotation and reflection of the grid.
//!
//! Cover (CR-LOE-05) is measured the same way: with line of effect, if even the attacker's
//! best corner reaches at most half of the target's four corners past solid obstacles, at least
//! half of the target is hidden, so it has cover. The Referee may still rule otherwise.

use serde::{Deserialize, Serialize};

use super::CombatError;
use super::grid::{BattleGrid, Concealment, Obstacle, SQUEEZING_ATTACK_BONUS, Space, Square};
use crate::light::GuessOutcome;
use crate::test_roll::{Modifier, ModifierEffect, ModifierSource, SourceKind};

/// The Referee's standing choices for line of effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LoeOptions {
    /// CR-LOE-03: whether flimsy barriers (glass, curtains) block line of effect. Default
    /// false: the book lets the Referee ignore them, and effects through them may break them.
    #[serde(default)]
    pub flimsy_barriers_block: bool,
}

/// The answer to "is there line of effect?".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "line", rename_all = "snake_case")]
pub enum LineOfEffect {
    /// Some corner-to-corner segment crosses nothing.
    Clear,
    /// Every unblocked segment crosses flimsy barriers, and they do not block
    /// (CR-LOE-03): these squares (of the segment crossing the fewest) may break or tear.
    ThroughFlimsy { barriers: Vec<Square> },
    /// No segment gets through (CR-LOE-01).
    Blocked,
}

impl LineOfEffect {
    pub fn exists(&self) -> bool {
        !matches!(self, LineOfEffect::Blocked)
    }
}

// Which squares and grid edges a straight segment meets is game-free geometry (`tabletop`);
// what blocks it is this module's rule.
use tabletop::line::{Contact, contacts};
pub use tabletop::square::{edges_followed, squares_crossed};

/// What one segment meets: `None` if an obstacle stops it, else the flimsy barriers it passes
/// (which do not block under `opts`).
fn segment_result(
    grid: &BattleGrid,
    p: (i32, i32),
    q: (i32, i32),
    opts: LoeOptions,
) -> Option<Vec<Square>> {
    let mut flimsy = Vec::new();
    // A contact touches one square (inside) or two (an edge): open ground in any of them lets
    // the segment past; otherwise solid ones stop it, and flimsy ones stop it only by choice.
    let mut contact = |squares: &[Square]| -> bool {
        let mut kinds = [None; 2];
        for (kind, s) in kinds.iter_mut().zip(squares) {
            *kind = grid.obstacle(*s);
            if kind.is_none() {
                return true;
            }
        }
        let kinds = &kinds[..squares.len().min(2)];
        if opts.flimsy_barriers_block || kinds.iter().all(|k| *k == Some(Obstacle::Solid)) {
            return false;
        }
        for (s, k) in squares.iter().zip(kinds) {
            if *k == Some(Obstacle::Flimsy) && !flimsy.contains(s) {
                flimsy.push(*s);
            }
        }
        true
    };
    for touched in contacts(p, q) {
        let clear = match touched {
            Contact::Inside(sq) => contact(&[sq]),
            Contact::Edge(a, b) => contact(&[a, b]),
        };
        if !clear {
            return None;
        }
    }
    flimsy.sort();
    Some(flimsy)
}

/// Whether no square around both spaces holds an obstacle. Every corner-to-corner segment
/// between them then meets only open ground (the squares it passes through lie inside the box
/// of the corners, and an edge it runs along has an open square on the inner side; the box is
/// widened by one square all round, which only makes the shortcut rarer), so line of effect is
/// clear and nothing gives cover, without following a single segment: the open field's
/// common case.
fn open_between(grid: &BattleGrid, a: &Space, b: &Space) -> bool {
    let corners = a.corners().into_iter().chain(b.corners());
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for (x, y) in corners {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    grid.obstacle_free(
        Square {
            x: x0.saturating_sub(1),
            y: y0.saturating_sub(1),
        },
        Square { x: x1, y: y1 },
    )
}

/// Line of effect between two spaces by the corner-to-corner test (CR-LOE-01/02/03).
pub fn line_of_effect(
    grid: &BattleGrid,
    from: &Space,
    to: &Space,
    opts: LoeOptions,
) -> LineOfEffect {
    if open_between(grid, from, to) {
        return LineOfEffect::Clear;
    }
    traced_line_of_effect(grid, from, to, opts)
}

/// [`line_of_effect`] by following every corner-to-corner segment.
fn traced_line_of_effect(
    grid: &BattleGrid,
    from: &Space,
    to: &Space,
    opts: LoeOptions,
) -> LineOfEffect {
    let mut best: Option<Vec<Square>> = None;
    for p in from.corners() {
        for q in to.corners() {
            if let Some(f) = segment_result(grid, p, q, opts) {
                if f.is_empty() {
                    return LineOfEffect::Clear;
                }
                if best.as_ref().is_none_or(|b| f.len() < b.len()) {
                    best = Some(f);
                }
            }
        }
    }
    match best {
        Some(barriers) => LineOfEffect::ThroughFlimsy { barriers },
        None => LineOfEffect::Blocked,
    }
}

/// The squares of a spell's area it reaches from its source (CR-SPELL-07): a spell stops at
/// solid walls and does not bend around corners, so a square that is a solid wall or out of
/// line of effect from the source drops out.
pub fn area_reached(grid: &BattleGrid, source: &Space, shape: Vec<Square>) -> Vec<Square> {
    shape
        .into_iter()
        .filter(|q| {
            grid.obstacle(*q) != Some(crate::combat::grid::Obstacle::Solid)
                && line_of_effect_to_square(grid, source, *q, LoeOptions::default()).exists()
        })
        .collect()
}

/// Line of effect to a square, e.g. where an environmental effect such as a portal is created
/// (CR-LOE-04), or a teleport destination (CR-MOVE-06).
pub fn line_of_effect_to_square(
    grid: &BattleGrid,
    from: &Space,
    sq: Square,
    opts: LoeOptions,
) -> LineOfEffect {
    line_of_effect(grid, from, &Space::new(sq, 1), opts)
}

/// Whether the target has cover from the attacker (CR-LOE-05): line of effect exists, yet
/// the attacker's best corner reaches at most half of the target's corners. Only obstacles
/// that block line of effect hide anything.
pub fn has_cover(grid: &BattleGrid, attacker: &Space, target: &Space, opts: LoeOptions) -> bool {
    !open_between(grid, attacker, target) && traced_cover(grid, attacker, target, opts)
}

/// [`has_cover`] by following every corner-to-corner segment.
fn traced_cover(grid: &BattleGrid, attacker: &Space, target: &Space, opts: LoeOptions) -> bool {
    let best = attacker
        .corners()
        .iter()
        .map(|&p| {
            target
                .corners()
                .iter()
                .filter(|&&q| segment_result(grid, p, q, opts).is_some())
                .count()
        })
        .max()
        .unwrap_or(0);
    best > 0 && best <= 2
}

/// How concealed the target is (CR-LOE-06…09): the lightest concealment over the squares of
/// its space (the attacker aims at the part it sees best), and an invisible creature counts as
/// being in heavy concealment.
pub fn target_concealment(grid: &BattleGrid, target: &Space, invisible: bool) -> Concealment {
    if invisible {
        return Concealment::Heavy;
    }
    target
        .squares()
        .map(|s| grid.cell(s).concealment)
        .min()
        .unwrap_or(Concealment::None)
}

fn source(name: &str, rule: &str, kind: SourceKind) -> ModifierSource {
    ModifierSource::new(kind, name).with_rule(rule)
}

/// The modifier concealment puts on an attack against a target in it, or on a test to make out
/// details or search there (CR-LOE-07/08/09). `invisible` only names the source.
pub fn concealment_modifier(concealment: Concealment, invisible: bool) -> Option<Modifier> {
    match (concealment, invisible) {
        (_, true) => Some(Modifier::new(
            source("invisible", "CR-LOE-09", SourceKind::Light),
            ModifierEffect::DoubleBane,
        )),
        (Concealment::None, false) => None,
        (Concealment::Light, false) => Some(Modifier::bane(source(
            "light_concealment",
            "CR-LOE-07",
            SourceKind::Light,
        ))),
        (Concealment::Heavy, false) => Some(Modifier::new(
            source("heavy_concealment", "CR-LOE-08", SourceKind::Light),
            ModifierEffect::DoubleBane,
        )),
    }
}

/// The cover bane (CR-LOE-05).
pub fn cover_modifier() -> Modifier {
    Modifier::bane(source("cover", "CR-LOE-05", SourceKind::Situation))
}

/// The +1 attacks get against a squeezing creature (CR-CBT-06).
pub fn squeezing_modifier() -> Modifier {
    Modifier::new(
        source("squeezing", "CR-CBT-06", SourceKind::Situation),
        ModifierEffect::Bonus(SQUEEZING_ATTACK_BONUS),
    )
}

/// What the grid says about one attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackGeometry {
    pub line: LineOfEffect,
    pub cover: bool,
    pub concealment: Concealment,
    /// Cover, concealment and squeezing modifiers; light banes come from
    /// [`crate::light::light_modifier`] and count separately (CR-LOE-10).
    pub modifiers: Vec<Modifier>,
}

/// The grid's part of an attack: refuses without line of effect (CR-LOE-01) and lists the
/// cover, concealment and squeezing modifiers.
pub fn attack_geometry(
    grid: &BattleGrid,
    attacker: &Space,
    target: &Space,
    target_invisible: bool,
    target_squeezing: bool,
    opts: LoeOptions,
) -> Option<AttackGeometry> {
    let line = line_of_effect(grid, attacker, target, opts);
    if !line.exists() {
        return None;
    }
    let cover = has_cover(grid, attacker, target, opts);
    let concealment = target_concealment(grid, target, target_invisible);
    let mut modifiers = Vec::new();
    if cover {
        modifiers.push(cover_modifier());
    }
    if let Some(m) = concealment_modifier(concealment, target_invisible) {
        modifiers.push(m);
    }
    if target_squeezing {
        modifiers.push(squeezing_modifier());
    }
    Some(AttackGeometry {
        line,
        cover,
        concealment,
        modifiers,
    })
}

/// Whether the attacker must name a square: the target is in heavy concealment (or
/// invisible) and moving silently (CR-LOE-08/09). Whether it moves silently is the Referee's
/// call. Darkness has its own guess in [`crate::light::must_guess_square`].
pub fn must_guess_square(concealment: Concealment, silent: bool) -> bool {
    concealment == Concealment::Heavy && silent
}

/// Resolves the guess: any square of the target's space is right; a wrong one is an automatic
/// miss (CR-LOE-08).
pub fn resolve_square_guess(
    concealment: Concealment,
    silent: bool,
    guessed: Square,
    target: &Space,
) -> Result<GuessOutcome, CombatError> {
    if !must_guess_square(concealment, silent) {
        return Err(CombatError::NoGuessNeeded);
    }
    Ok(if target.contains(guessed) {
        GuessOutcome::Attack
    } else {
        GuessOutcome::AutomaticMiss
    })
}

/// The geometry an attack on `target` goes by: the grid's, or, inside an area, none to read
/// (the effect spreads from its origin); without either there is no line of effect
/// (CR-LOE-01).
pub fn attack_line(
    geometry: Option<AttackGeometry>,
    in_area: bool,
    creature: &str,
    target: &str,
) -> Result<AttackGeometry, CombatError> {
    match (geometry, in_area) {
        (Some(g), _) => Ok(g),
        (None, true) => Ok(AttackGeometry {
            line: LineOfEffect::Blocked,
            cover: false,
            concealment: Concealment::None,
            modifiers: Vec::new(),
        }),
        (None, false) => Err(CombatError::NoLineOfEffect {
            creature: creature.to_string(),
            target: target.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::grid::Cell;
    use proptest::prelude::*;

    fn grid_of(obstacles: &[(i32, i32, bool)]) -> BattleGrid {
        let mut grid = BattleGrid::new();
        for &(x, y, solid) in obstacles {
            let obstacle = if solid {
                Obstacle::Solid
            } else {
                Obstacle::Flimsy
            };
            grid.set(
                Square { x, y },
                Cell {
                    obstacle: Some(obstacle),
                    ..Cell::default()
                },
            );
        }
        grid
    }

    proptest! {
        /// CR-LOE-02/05: the open-field shortcut answers exactly as following every segment,
        /// for obstacles anywhere (near the spaces, on their border lines, or far away).
        #[test]
        fn cr_loe_02_open_field_shortcut_agrees_with_the_traced_segments(
            obstacles in proptest::collection::vec((-2i32..12, -2i32..12, any::<bool>()), 0..6),
            a in (0i32..10, 0i32..10, 1u8..=3),
            b in (0i32..10, 0i32..10, 1u8..=3),
            flimsy_barriers_block in any::<bool>(),
        ) {
            let grid = grid_of(&obstacles);
            let from = Space::new(Square { x: a.0, y: a.1 }, a.2);
            let to = Space::new(Square { x: b.0, y: b.1 }, b.2);
            let opts = LoeOptions { flimsy_barriers_block };
            prop_assert_eq!(
                line_of_effect(&grid, &from, &to, opts),
                traced_line_of_effect(&grid, &from, &to, opts)
            );
            prop_assert_eq!(
                has_cover(&grid, &from, &to, opts),
                traced_cover(&grid, &from, &to, opts)
            );
        }
    }

    #[test]
    fn obstacle_free_reads_the_rectangle_only() {
        let grid = grid_of(&[(0, -1, true), (5, 5, false)]);
        assert!(grid.obstacle_free(Square { x: 0, y: 0 }, Square { x: 4, y: 4 }));
        assert!(!grid.obstacle_free(Square { x: -1, y: -1 }, Square { x: 1, y: 1 }));
        assert!(!grid.obstacle_free(Square { x: 5, y: 5 }, Square { x: 5, y: 5 }));
        // A wall beside the two spaces' box is outside it; one inside is not.
        let from = Space::new(Square { x: 0, y: 0 }, 1);
        let to = Space::new(Square { x: 3, y: 0 }, 1);
        assert!(open_between(&grid_of(&[(0, 5, true)]), &from, &to));
        assert!(!open_between(&grid_of(&[(2, 0, true)]), &from, &to));
    }
}
