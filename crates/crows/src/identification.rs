//! Identifying magic items («Опознание магических предметов», CR-ID-01…03, CR-RACT-05,
//! CR-REF-35, CR-ERR-75). Pure rules: the 2d10 arrive as faces; the harmful activation and
//! what an NPC reveals are Referee requests.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::checks::{TIER_1_MAX, TIER_2_MAX};

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IdentifyError {
    #[error("CR-ID-03: the item must be held to make the identification test")]
    NotHeld,
    #[error("CR-ID-01: {0} is not a magic item")]
    NotMagic(String),
    #[error("CR-ERR-75: {0} already tried the identification test on this item")]
    AlreadyTried(String),
    #[error("CR-RETRY-01: a repeat needs changed circumstances and the Referee's approval")]
    RetryNotAllowed,
    #[error("CR-CHECK: {0}")]
    Check(#[from] crate::checks::CheckError),
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

impl MagicItem {
    /// What a character may see: the properties once identified, otherwise just that it hums
    /// with magic.
    pub fn view_for(&self, character: &str) -> Option<&[String]> {
        self.identified_by
            .contains(character)
            .then_some(self.hidden_properties.as_slice())
    }
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

/// A question for the Referee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefereeRequest {
    /// Decide the harmful accidental activation (tier 1 of the test).
    HarmfulActivation { item: String },
    /// Decide what the NPC knows and tells.
    NpcReveals { item: String, npc: String },
    /// Narrate what experimenting shows (consumables may be used up, curses may strike).
    ExperimentResult { item: String },
}

/// The identification test's three rows (CR-ID-03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IdTestResult {
    /// ≤ 11: accidentally activated in a harmful way.
    HarmfulActivation(RefereeRequest),
    /// 12–16: nothing learned.
    NothingLearned,
    /// 17+: every property learned.
    AllLearned,
}

/// The identification table by total.
pub fn id_table(total: i32, item: &str) -> IdTestResult {
    if total <= TIER_1_MAX {
        IdTestResult::HarmfulActivation(RefereeRequest::HarmfulActivation {
            item: item.to_string(),
        })
    } else if total <= TIER_2_MAX {
        IdTestResult::NothingLearned
    } else {
        IdTestResult::AllLearned
    }
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

/// The Identify Item rest activity: properties are learned only when the rest is finished
/// (CR-RACT-05). Returns whether the character now knows the item.
pub fn identify_by_rest(
    item: &mut MagicItem,
    character: &str,
    rest_finished: bool,
) -> Result<bool, IdentifyError> {
    if !item.magic {
        return Err(IdentifyError::NotMagic(item.id.clone()));
    }
    if rest_finished {
        item.identified_by.insert(character.to_string());
    }
    Ok(rest_finished)
}

/// Asking an NPC: the Referee decides what is revealed.
pub fn ask_npc(item: &MagicItem, npc: &str) -> RefereeRequest {
    RefereeRequest::NpcReveals {
        item: item.id.clone(),
        npc: npc.to_string(),
    }
}

/// Experimenting: the Referee narrates the result.
pub fn experiment(item: &MagicItem) -> RefereeRequest {
    RefereeRequest::ExperimentResult {
        item: item.id.clone(),
    }
}
