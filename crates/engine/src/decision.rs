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
    /// The prompt in English words (for the CLI, logs and any client without the kind's
    /// message); a client with messages shows the kind's message filled from `args`.
    pub prompt: String,
    /// The prompt's arguments, for a client that words it itself (message id from `kind`):
    /// numbers, option-like ids and creature or item ids the client names.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub args: serde_json::Map<String, serde_json::Value>,
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
    /// The interrupt window this decision belongs to, if any ([`Window`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<String>,
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
    pub args: serde_json::Map<String, serde_json::Value>,
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
            args: serde_json::Map::new(),
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
    /// The prompt's arguments ([`Decision::args`]); anything but a JSON object is ignored.
    pub fn with_args(mut self, args: serde_json::Value) -> Self {
        if let serde_json::Value::Object(map) = args {
            self.args = map;
        }
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

/// An interrupt window: "this action is about to resolve / this turn is about to end — does
/// anyone react?" The ruleset opens it (`Ctx::open_window`) instead of resolving the
/// triggering action; the engine asks each party in its own decision (every one with a
/// default, e.g. "decline") and holds the window until each has answered, the Referee closes
/// it, or its Referee-set timeout runs out (then every unanswered party takes its decision's
/// default, answered by the system actor). Then the ruleset's `on_window_closed` resolves the
/// reactions and the held action, in the order it chooses (a reaction before the move it
/// interrupts); a window that holds the turn change ends the acting combatant's turn after
/// that. While a window holds the turn change, the clock refuses to end or delay the turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// Opaque id (random, from the command's recorded generator).
    pub id: String,
    /// The ruleset's name for the trigger (e.g. `leaves_reach`).
    pub kind: String,
    /// The held action, as the ruleset needs it to resume.
    #[serde(default)]
    pub context: serde_json::Value,
    /// The combatant whose turn change the window holds: its turn ends once the window
    /// closes, if it is still acting then (`None`: the window holds only its action).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holds_turn_of: Option<CharacterId>,
    /// The decisions still open, one per party asked.
    pub pending: Vec<String>,
    /// The answers given so far, in order.
    #[serde(default)]
    pub answers: Vec<WindowAnswer>,
    /// The real-time timer that closes the window (`None`: it waits for every answer or the
    /// Referee).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timer: Option<String>,
    pub visibility: Visibility,
}

/// One party's answer in a window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowAnswer {
    pub decision: String,
    /// The decision's kind (e.g. `opportunity_attack`) and whom it asked.
    pub kind: String,
    pub answerer: Answerer,
    pub option: String,
    /// Whether the party answered (false: the default was taken when the window closed).
    pub answered: bool,
    /// The decision's context (which reaction this was).
    #[serde(default)]
    pub context: serde_json::Value,
}

/// What a ruleset asks for in a window; `Ctx::open_window` opens it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowRequest {
    pub kind: String,
    pub context: serde_json::Value,
    /// One decision per party; each must offer a default (taken if the party does not answer).
    pub asks: Vec<DecisionRequest>,
    pub holds_turn_end: bool,
    pub visibility: Visibility,
}

impl WindowRequest {
    /// A public window holding an action described by `context`.
    pub fn new(kind: impl Into<String>, context: serde_json::Value) -> Self {
        WindowRequest {
            kind: kind.into(),
            context,
            asks: Vec::new(),
            holds_turn_end: false,
            visibility: Visibility::Public,
        }
    }
    pub fn ask(mut self, request: DecisionRequest) -> Self {
        self.asks.push(request);
        self
    }
    /// The window holds the turn change: the acting combatant's turn ends once it closes.
    pub fn holding_turn_end(mut self) -> Self {
        self.holds_turn_end = true;
        self
    }
    pub fn with_visibility(mut self, visibility: Visibility) -> Self {
        self.visibility = visibility;
        self
    }
}

/// The option recorded when a decision lapses unanswered (`Ctx::lapse_decision`): no ruling.
pub const LAPSED_OPTION: &str = "no_ruling";

/// An answer to a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Answer {
    pub decision: String,
    pub option: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
