//! Seeded rolling. (stub: replaced by the roller)
use crate::ast::Expression;
use serde::{Deserialize, Serialize};

/// The portable, seeded generator every roll goes through.
pub type DiceRng = rand_chacha::ChaCha8Rng;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollResult {
    pub total: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RollError {
    #[error("roller not built yet")]
    NotBuilt,
}

pub fn roll(_expr: &Expression, _rng: &mut DiceRng) -> Result<RollResult, RollError> {
    Err(RollError::NotBuilt)
}
