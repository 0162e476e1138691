//! `demo`: a tiny game of counters and notes that exercises every engine feature (dice, secret
//! notes and rolls, a Referee decision with a default, a player decision, effects with
//! durations and ticks). It exists to prove the engine knows no particular game, and to try
//! the CLI and server without a real ruleset.
//!
//! Commands (JSON inside `{"rules": …}`):
//! - `{"create": {"character": "c1"}}` — Referee: a new counter at 0;
//! - `{"add": {"character": "c1", "amount": 3}}` — add to a counter (|amount| ≤ 1000);
//! - `{"roll": {"character": "c1", "dice": "1d6"}}` — roll and add the total;
//! - `{"note": {"text": "…", "secret": true}}` — any participant; a secret note is seen by the
//!   Referee and its author only;
//! - `{"secret_roll": {"character": "c1", "dice": "1d6"}}` — Referee: a hidden roll added to
//!   the character's hidden score (players see only that a secret roll was made);
//! - `{"gamble": {"character": "c1"}}` — the Referee decides: double, halve or keep (default keep);
//! - `{"choose": {"character": "c1"}}` — the character's player decides (in public): +1 or −1;
//! - `{"bless": {"character": "c1", "rounds": 2}}` — +1 at each end of round, for N rounds;
//! - `{"curse": {"character": "c1"}}` — Referee-only effect, −1 when it ends at the end of the
//!   character's next turn.

use crate::core::{Actor, Viewer, Visibility};
use crate::decision::{Answer, Answerer, Decision, DecisionRequest};
use crate::event::EndReason;
use crate::ruleset::{Acting, Ctx, EffectSpec, RuleError, Ruleset, TableState};
use crate::time::{Boundary, Effect, Expiry};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Largest amount one `add` may carry (a limit, to show how limits are named).
pub const MAX_ADD: i64 = 1000;

/// The demo ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct Demo;

/// A note on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub author: String,
    pub text: String,
    pub audience: Visibility,
}

/// The demo's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct DemoState {
    pub counters: BTreeMap<String, i64>,
    /// Secret scores: the Referee's only.
    pub hidden: BTreeMap<String, i64>,
    pub notes: Vec<Note>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DemoCommand {
    Create { character: String },
    Add { character: String, amount: i64 },
    Roll { character: String, dice: String },
    Note { text: String, secret: bool },
    SecretRoll { character: String, dice: String },
    Gamble { character: String },
    Choose { character: String },
    Bless { character: String, rounds: u32 },
    Curse { character: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DemoEvent {
    Created { character: String },
    Added { character: String, amount: i64 },
    Noted { note: Note },
    HiddenAdded { character: String, amount: i64 },
}

fn author(actor: &Actor) -> String {
    match actor {
        Actor::Player(p) => p.clone(),
        Actor::Referee => "referee".into(),
        Actor::Spectator(s) => s.clone(),
        Actor::System => "system".into(),
    }
}

impl Demo {
    fn known(ctx: &Ctx<'_, Self>, character: &str) -> Result<(), RuleError> {
        if ctx.rules().counters.contains_key(character) {
            Ok(())
        } else {
            Err(RuleError::new(
                "unknown_character",
                format!("no character `{character}`"),
            ))
        }
    }
}

impl Ruleset for Demo {
    type State = DemoState;
    type Command = DemoCommand;
    type Event = DemoEvent;

    fn name(&self) -> &'static str {
        "demo"
    }

    fn init(&self, _config: &Value) -> Result<DemoState, RuleError> {
        Ok(DemoState::default())
    }

    fn acting(&self, _state: &TableState<DemoState>, command: &DemoCommand) -> Acting {
        match command {
            DemoCommand::Create { .. }
            | DemoCommand::SecretRoll { .. }
            | DemoCommand::Curse { .. } => Acting::RefereeOnly,
            DemoCommand::Note { .. } => Acting::AnyParticipant,
            DemoCommand::Add { character, .. }
            | DemoCommand::Roll { character, .. }
            | DemoCommand::Gamble { character }
            | DemoCommand::Choose { character }
            | DemoCommand::Bless { character, .. } => Acting::Characters(vec![character.clone()]),
        }
    }

    fn decide(&self, command: &DemoCommand, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        match command {
            DemoCommand::Create { character } => {
                if ctx.rules().counters.contains_key(character) {
                    return Err(RuleError::new(
                        "duplicate_character",
                        format!("`{character}` exists"),
                    ));
                }
                ctx.emit(DemoEvent::Created {
                    character: character.clone(),
                })
            }
            DemoCommand::Add { character, amount } => {
                Self::known(ctx, character)?;
                if amount.abs() > MAX_ADD {
                    return Err(RuleError::new(
                        "amount_too_large",
                        format!("|{amount}| is more than {MAX_ADD}"),
                    )
                    .rule("demo::MAX_ADD"));
                }
                ctx.emit(DemoEvent::Added {
                    character: character.clone(),
                    amount: *amount,
                })
            }
            DemoCommand::Roll { character, dice } => {
                Self::known(ctx, character)?;
                let result = ctx.roll("demo roll", dice, Visibility::Public)?;
                ctx.emit(DemoEvent::Added {
                    character: character.clone(),
                    amount: result.total,
                })
            }
            DemoCommand::Note { text, secret } => {
                let author = author(ctx.actor());
                let audience = match (secret, ctx.actor()) {
                    (false, _) => Visibility::Public,
                    (true, Actor::Player(p)) => Visibility::player(p.clone()),
                    (true, _) => Visibility::Referee,
                };
                let note = Note {
                    author,
                    text: text.clone(),
                    audience: audience.clone(),
                };
                ctx.emit_for(DemoEvent::Noted { note }, audience)
            }
            DemoCommand::SecretRoll { character, dice } => {
                Self::known(ctx, character)?;
                let result = ctx.roll_secret("demo secret roll", dice)?;
                ctx.emit_for(
                    DemoEvent::HiddenAdded {
                        character: character.clone(),
                        amount: result.total,
                    },
                    Visibility::Referee,
                )
            }
            DemoCommand::Gamble { character } => {
                Self::known(ctx, character)?;
                let request = DecisionRequest::new(
                    "gamble",
                    format!("Gamble with {character}'s counter"),
                    Answerer::Referee,
                    &[
                        ("double", "Double it"),
                        ("halve", "Halve it"),
                        ("keep", "Keep it"),
                    ],
                )
                .with_default("keep")
                .with_context(json!({ "character": character }));
                ctx.ask(request).map(|_| ())
            }
            DemoCommand::Choose { character } => {
                Self::known(ctx, character)?;
                let request = DecisionRequest::new(
                    "choose",
                    "Up or down?",
                    Answerer::Controller(character.clone()),
                    &[("up", "+1"), ("down", "−1")],
                )
                .with_visibility(Visibility::Public)
                .with_context(json!({ "character": character }));
                ctx.ask(request).map(|_| ())
            }
            DemoCommand::Bless { character, rounds } => {
                Self::known(ctx, character)?;
                if *rounds == 0 {
                    return Err(RuleError::new(
                        "bad_rounds",
                        "a blessing lasts at least 1 round",
                    ));
                }
                let spec = EffectSpec::new("bless", Expiry::rounds(*rounds))
                    .on(character.clone())
                    .ticking(Boundary::RoundEnd);
                ctx.start_effect(spec).map(|_| ())
            }
            DemoCommand::Curse { character } => {
                Self::known(ctx, character)?;
                let expiry = Expiry::end_of_next_turn(character.clone(), &ctx.core().clock);
                let spec = EffectSpec::new("curse", expiry)
                    .on(character.clone())
                    .visible(Visibility::Referee);
                ctx.start_effect(spec).map(|_| ())
            }
        }
    }

    fn apply(&self, state: &mut DemoState, event: &DemoEvent) {
        match event {
            DemoEvent::Created { character } => {
                state.counters.insert(character.clone(), 0);
            }
            DemoEvent::Added { character, amount } => {
                let c = state.counters.entry(character.clone()).or_default();
                *c = c.saturating_add(*amount);
            }
            DemoEvent::Noted { note } => state.notes.push(note.clone()),
            DemoEvent::HiddenAdded { character, amount } => {
                let c = state.hidden.entry(character.clone()).or_default();
                *c = c.saturating_add(*amount);
            }
        }
    }

    fn project(&self, state: &TableState<DemoState>, viewer: &Viewer) -> Value {
        let notes: Vec<&Note> = state
            .rules
            .notes
            .iter()
            .filter(|n| n.audience.allows(viewer))
            .collect();
        let mut view = json!({ "counters": state.rules.counters, "notes": notes });
        if *viewer == Viewer::Referee
            && let Some(obj) = view.as_object_mut()
        {
            obj.insert("hidden".into(), json!(state.rules.hidden));
        }
        view
    }

    fn on_answer(
        &self,
        decision: &Decision,
        answer: &Answer,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        let character = decision
            .context
            .get("character")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let current = ctx.rules().counters.get(&character).copied().unwrap_or(0);
        let amount = match answer.option.as_str() {
            "double" => current,
            "halve" => -(current / 2),
            "up" => 1,
            "down" => -1,
            _ => 0,
        };
        if amount != 0 {
            ctx.emit(DemoEvent::Added { character, amount })?;
        }
        Ok(())
    }

    fn on_tick(
        &self,
        effect: &Effect,
        _boundary: &Boundary,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        if let (Some(character), "bless") = (&effect.target, effect.kind.as_str()) {
            ctx.emit(DemoEvent::Added {
                character: character.clone(),
                amount: 1,
            })?;
        }
        Ok(())
    }

    fn on_effect_ended(
        &self,
        effect: &Effect,
        reason: EndReason,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        if let (Some(character), "curse", EndReason::Expired) =
            (&effect.target, effect.kind.as_str(), reason)
        {
            ctx.emit(DemoEvent::Added {
                character: character.clone(),
                amount: -1,
            })?;
        }
        Ok(())
    }
}
