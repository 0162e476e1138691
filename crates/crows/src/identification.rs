//! Identifying magic items («Опознание магических предметов», CR-ID-01…03, CR-RACT-05,
//! CR-REF-35, CR-ERR-75): the item's hidden side, the ways of learning it and the repeat
//! rule. The identification test is core's Mind test and its tiers are read by the magic
//! family (`identify_test`); the harmful activation and what an NPC reveals are the
//! Referee's (`crows.magic.harmful_activation`, `npc_reveals`).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::inventory::ItemId;
use thiserror::Error;

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
pub enum IdentifyError {
    #[error("CR-ID-03: the item must be held to make the identification test")]
    #[strum(props(rule = "CR-ID-03"))]
    NotHeld,
    #[error("CR-ID-01: {0} is not a magic item")]
    #[strum(props(rule = "CR-ID-01"))]
    NotMagic(String),
    #[error("CR-ERR-75: {0} already tried the identification test on this item")]
    #[strum(props(rule = "CR-ERR-75"))]
    AlreadyTried(String),
    #[error("CR-CHECK: {0}")]
    Check(#[from] crate::test_roll::TestError),
    #[error("item {item} is not a magic item the Referee described (CR-ID-01)")]
    #[strum(props(rule = "CR-ID-01"))]
    NotDescribed { item: u32 },
    #[error("Identify Item is a rest activity (CR-RACT-05)")]
    #[strum(props(rule = "CR-RACT-05"))]
    NotResting,
    #[error("`{property}` is not a property of item {item} (CR-ID-01)")]
    #[strum(props(rule = "CR-ID-01"))]
    UnknownProperty { property: String, item: u32 },
}

crate::refusal::refusal!(IdentifyError, "identify"; check => Check);

/// A magic item is identified only once the Referee described it (CR-ID-01): its
/// description, if the table has one.
pub fn described<T>(item: ItemId, description: Option<T>) -> Result<T, IdentifyError> {
    description.ok_or(IdentifyError::NotDescribed { item: item.0 })
}

/// Identify Item is one of a rest's activities (CR-RACT-05).
pub fn may_identify_at_rest(resting: bool) -> Result<(), IdentifyError> {
    if resting {
        Ok(())
    } else {
        Err(IdentifyError::NotResting)
    }
}

/// What an NPC reveals are properties the item really has (CR-ID-01).
pub fn may_reveal(
    item: ItemId,
    hidden: &[String],
    revealed: &[String],
) -> Result<(), IdentifyError> {
    match revealed.iter().find(|p| !hidden.contains(p)) {
        Some(p) => Err(IdentifyError::UnknownProperty {
            property: p.clone(),
            item: item.0,
        }),
        None => Ok(()),
    }
}

/// A magic item's hidden side (CR-ID-01): the properties only the Referee sees, and who has
/// identified it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MagicItem {
    pub id: String,
    pub magic: bool,
    /// Visible to the Referee only.
    pub hidden_properties: Vec<String>,
    pub identified_by: BTreeSet<String>,
    /// Characters who made the identification test on it.
    pub tested_by: BTreeSet<String>,
}

/// The ways of learning properties (CR-ID-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Identify Item rest activity: learned when the rest is finished.
    RestActivity,
    /// Asking a knowledgeable NPC: the Referee says what is revealed (CR-REF-35).
    AskNpc,
    /// Using it and watching; may waste a consumable or backfire.
    Experiment,
    /// The 2d10 + Mind identification test.
    Test,
}

/// How repeats of the test are governed (CR-ERR-75).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepeatRule {
    /// Default: the general retry rule (changed circumstances + Referee approval).
    #[default]
    GeneralRetry,
    /// The English text's strict once per item per character.
    OncePerItem,
}
