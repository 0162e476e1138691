//! Pending decisions: where a rule leaves a choice to the Referee or a player, the ruleset opens
//! a decision (options, who answers, an optional default on offer) and resumes in
//! `Ruleset::on_answer` when the right person answers. Several can be open at once.

use crate::core::{CharacterId, Participants, PlayerId, Visibility};
use serde::{Deserialize, Serialize};

/// Who must answer a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "name", rename_all = "snake_case")]
pub enum Answerer {
    /// The Referee.
    Referee,
    /// A named player.
    Player(PlayerId),
    /// Whoever controls this character (the Referee may also answer, as for any character).
    Controller(CharacterId),
}

/// One option of a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionOption {
    /// Stable id the answer names.
    pub id: String,
    /// Text shown to whoever answers.
    pub label: String,
    /// Ruleset data attached to the option.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub data: serde_json::Value,
}

/// An open decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// Opaque id (random, from the command's recorded generator).
    pub id: String,
    /// The ruleset's name for this kind of decision (e.g. `tier_2_outcome`).
    pub kind: String,
    pub prompt: String,
    pub options: Vec<DecisionOption>,
    pub answerer: Answerer,
    /// An option offered as the default (never applied without an answer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    /// Whether the answer may carry free text (e.g. the Referee narrates the cost).
    #[serde(default)]
    pub free_text: bool,
    pub visibility: Visibility,
    /// Ruleset data needed to resume.
    #[serde(default)]
    pub context: serde_json::Value,
}

impl Decision {
    /// Whether `player` (not the Referee) may answer.
    pub fn answerable_by_player(&self, player: &str, participants: &Participants) -> bool {
        match &self.answerer {
            Answerer::Referee => false,
            Answerer::Player(p) => p == player,
            Answerer::Controller(c) => participants.controls(player, c),
        }
    }
}

/// What a ruleset asks for; `Ctx::ask` turns it into a [`Decision`] with a fresh id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionRequest {
    pub kind: String,
    pub prompt: String,
    pub options: Vec<DecisionOption>,
    pub answerer: Answerer,
    pub default: Option<String>,
    pub free_text: bool,
    /// `None`: the Referee and whoever answers (a controller's players).
    pub visibility: Option<Visibility>,
    pub context: serde_json::Value,
}

impl DecisionRequest {
    /// A decision with options given as `(id, label)` pairs.
    pub fn new(
        kind: impl Into<String>,
        prompt: impl Into<String>,
        answerer: Answerer,
        options: &[(&str, &str)],
    ) -> Self {
        DecisionRequest {
            kind: kind.into(),
            prompt: prompt.into(),
            options: options
                .iter()
                .map(|(id, label)| DecisionOption {
                    id: (*id).to_string(),
                    label: (*label).to_string(),
                    data: serde_json::Value::Null,
                })
                .collect(),
            answerer,
            default: None,
            free_text: false,
            visibility: None,
            context: serde_json::Value::Null,
        }
    }
    pub fn with_default(mut self, option: impl Into<String>) -> Self {
        self.default = Some(option.into());
        self
    }
    pub fn with_context(mut self, context: serde_json::Value) -> Self {
        self.context = context;
        self
    }
    pub fn with_visibility(mut self, visibility: Visibility) -> Self {
        self.visibility = Some(visibility);
        self
    }
    pub fn with_free_text(mut self) -> Self {
        self.free_text = true;
        self
    }
}

/// The option recorded when a decision lapses unanswered (`Ctx::lapse_decision`): no ruling.
pub const LAPSED_OPTION: &str = "no_ruling";

/// An answer to a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub decision: String,
    pub option: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
