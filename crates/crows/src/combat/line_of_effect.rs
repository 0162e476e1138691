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
    let mut contact = |squares: &[Square]| -> bool {
        let kinds: Vec<Option<Obstacle>> = squares.iter().map(|s| grid.obstacle(*s)).collect();
        if kinds.iter().any(Option::is_none) {
            return true;
        }
        if opts.flimsy_barriers_block || kinds.iter().all(|k| *k == Some(Obstacle::Solid)) {
            return false;
        }
        for (s, k) in squares.iter().zip(kinds) {
            if k == Some(Obstacle::Flimsy) && !flimsy.contains(s) {
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

/// Line of effect between two spaces by the corner-to-corner test (CR-LOE-01/02/03).
pub fn line_of_effect(
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
