//! Edges and banes («Преимущества и помехи»): counting and cancellation.
//!
//! Every source counts separately (a source that gives a double edge or double bane by itself
//! counts as two). The counts then cancel as the rulebook's table says (CR-EDGE-05); what is
//! left is one [`NetEdge`]. Numeric bonuses and penalties never take part (CR-EDGE-06).
//!
//! The modifier type with its source lives in [`crate::test_roll`] and is re-exported here.

use serde::{Deserialize, Serialize};

pub use crate::test_roll::{Modifier, ModifierEffect, ModifierSource, SourceKind};

/// The roll bonus of a single edge (CR-EDGE-01).
pub const EDGE_BONUS: i32 = 2;
/// The roll penalty of a single bane (CR-EDGE-03), as a positive number.
pub const BANE_PENALTY: i32 = 2;

/// What a test is made with after cancellation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetEdge {
    None,
    Edge,
    DoubleEdge,
    Bane,
    DoubleBane,
}

impl NetEdge {
    /// The number added to the roll: +2 for an edge, −2 for a bane, 0 otherwise (a double
    /// edge or bane adds nothing, CR-EDGE-02/04, CR-ERR-07).
    pub fn roll_modifier(self) -> i32 {
        match self {
            NetEdge::Edge => EDGE_BONUS,
            NetEdge::Bane => -BANE_PENALTY,
            _ => 0,
        }
    }

    /// The tier shift: +1 for a double edge, −1 for a double bane, 0 otherwise.
    pub fn tier_shift(self) -> i8 {
        match self {
            NetEdge::DoubleEdge => 1,
            NetEdge::DoubleBane => -1,
            _ => 0,
        }
    }

    /// The net edge with a number of edges and no banes (0, 1, 2+).
    fn of_edges(n: u32) -> NetEdge {
        match n {
            0 => NetEdge::None,
            1 => NetEdge::Edge,
            _ => NetEdge::DoubleEdge,
        }
    }

    fn of_banes(n: u32) -> NetEdge {
        match n {
            0 => NetEdge::None,
            1 => NetEdge::Bane,
            _ => NetEdge::DoubleBane,
        }
    }
}

/// Cancellation (CR-EDGE-05): `edges` and `banes` are the counts on one test.
///
/// | edges | banes | result |
/// |---|---|---|
/// | 0 | 0 | none |
/// | 1 | 0 | edge |
/// | ≥2 | 0 | double edge |
/// | 0 | 1 | bane |
/// | 0 | ≥2 | double bane |
/// | 1 | 1 | none |
/// | ≥2 | ≥2 | none |
/// | ≥2 | 1 | edge |
/// | 1 | ≥2 | bane |
pub fn net(edges: u32, banes: u32) -> NetEdge {
    match (edges.min(2), banes.min(2)) {
        (e, 0) => NetEdge::of_edges(e),
        (0, b) => NetEdge::of_banes(b),
        (1, 1) | (2, 2) => NetEdge::None,
        (2, 1) => NetEdge::Edge,
        // (1, 2): only case left.
        _ => NetEdge::Bane,
    }
}

/// Counts the edges and banes among `modifiers` and cancels them.
pub fn net_of(modifiers: &[Modifier]) -> NetEdge {
    let e = modifiers.iter().map(|m| m.effect.edges()).sum();
    let b = modifiers.iter().map(|m| m.effect.banes()).sum();
    net(e, b)
}

/// The sources of the edges and of the banes, for display (CR-EDGE-07).
pub fn sources(modifiers: &[Modifier]) -> (Vec<&ModifierSource>, Vec<&ModifierSource>) {
    let edges = modifiers
        .iter()
        .filter(|m| m.effect.edges() > 0)
        .map(|m| &m.source)
        .collect();
    let banes = modifiers
        .iter()
        .filter(|m| m.effect.banes() > 0)
        .map(|m| &m.source)
        .collect();
    (edges, banes)
}
