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
//!
//! The turn structure of issue 17 (the table's config `{"round_seconds": 6}` gives combat
//! rounds a length; rests are `short`, 1 hour, and `long`, 8 hours):
//! - `{"ward": {"character": "c1", "seconds": 3600}}` — an effect lasting that much game time
//!   (through combat rounds);
//! - `{"strike": {"character": "c1", "target": "c2", "amount": 5}}` — the target's counter
//!   drops; a combatant below 0 is down: in a combat with tie groups it dies when its
//!   group's turns are over (so both of two who strike on one count die), otherwise at once;
//!   a dead combatant cannot strike, and its grapples end;
//! - `{"move": {"character": "c1", "to": 3}}` — in combat, each other combatant is offered a
//!   strike as it moves (an interrupt window, default decline): the strikes land, then the
//!   move resolves;
//! - `{"done": {"character": "c1"}}` — ends its turn, after offering every other combatant a
//!   readied action (+1) before the turn changes; with the table's config
//!   `{"readied_at_turn_end": true}` the clock's own `end_turn` offers it too (the
//!   `before_turn_end` hook);
//! - `{"concentrate": {"character": "c1", "targets": ["c2"]}}` — a concentration effect on c1
//!   and a `held` effect on each target, one group for 1 minute: ending one ends all;
//! - `{"break": {"character": "c1"}}` — c1's concentration ends (and with it its group);
//! - `{"grapple": {"character": "c1", "target": "c2"}}` — c2 is `grappled` by c1 (source c1),
//!   until c1 is down.

use crate::core::{Actor, Viewer, Visibility};
use crate::decision::{Answer, Answerer, Decision, DecisionRequest, Window, WindowRequest};
use crate::event::EndReason;
use crate::ruleset::{Acting, Ctx, EffectSpec, RuleError, Ruleset, TableState};
use crate::time::{Boundary, Effect, Expiry, RestKind};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

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
    /// Game seconds per combat round (from the table's config; 0: rounds take no time).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub round_seconds: u64,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub positions: BTreeMap<String, i64>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub dead: BTreeSet<String>,
    /// The clock's `end_turn` offers the readied action as `done` does (from the config).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub readied_at_turn_end: bool,
    /// Combatants hidden from the players (but their controllers): the Referee's only.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub lurking: BTreeSet<String>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DemoCommand {
    Create {
        character: String,
    },
    Add {
        character: String,
        amount: i64,
    },
    Roll {
        character: String,
        dice: String,
    },
    Note {
        text: String,
        secret: bool,
    },
    SecretRoll {
        character: String,
        dice: String,
    },
    Gamble {
        character: String,
    },
    Choose {
        character: String,
    },
    Bless {
        character: String,
        rounds: u32,
    },
    Curse {
        character: String,
    },
    Ward {
        character: String,
        seconds: u64,
    },
    Strike {
        character: String,
        target: String,
        amount: i64,
    },
    Move {
        character: String,
        to: i64,
    },
    Done {
        character: String,
    },
    Concentrate {
        character: String,
        targets: Vec<String>,
    },
    Break {
        character: String,
    },
    Grapple {
        character: String,
        target: String,
    },
    /// Takes `amount` off the counter, then refuses when it went below zero: a refusal that
    /// comes after the command's own event (a table drops its working copy; a forecast copy
    /// puts its state back).
    Spend {
        character: String,
        amount: i64,
    },
    /// Hides a character from the players (all but its controllers), or shows it again: its
    /// place in the combat order and its turns follow (`Ruleset::combatant_visibility`).
    Lurk {
        character: String,
        lurking: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DemoEvent {
    Created { character: String },
    Added { character: String, amount: i64 },
    Noted { note: Note },
    HiddenAdded { character: String, amount: i64 },
    Moved { character: String, to: i64 },
    Died { character: String },
    Lurked { character: String, lurking: bool },
}

fn author(actor: &Actor) -> String {
    match actor {
        Actor::Player(p) => p.clone(),
        Actor::Referee => "referee".into(),
        Actor::Spectator(s) => s.clone(),
        Actor::System => "system".into(),
    }
}

/// A reaction offered in public to whoever controls `asked` (the Referee may answer too),
/// with a default taken if nobody answers in time.
fn offer(asked: &str, prompt: String, options: &[(&str, &str)], default: &str) -> DecisionRequest {
    DecisionRequest::new(
        "reaction",
        prompt,
        Answerer::Controller(asked.to_string()),
        options,
    )
    .with_default(default)
    .with_visibility(Visibility::Public)
    .with_context(json!({ "by": asked }))
}

impl Demo {
    /// Offers every other combatant its readied action as `who`'s turn ends (`hold`: the
    /// window holds the turn change; inside `before_turn_end` it does anyway).
    fn offer_readied(ctx: &mut Ctx<'_, Self>, who: &str, hold: bool) -> Result<(), RuleError> {
        let mut window = WindowRequest::new("done", json!({ "character": who }));
        if hold {
            window = window.holding_turn_end();
        }
        for other in &Self::others(ctx, who) {
            window = window.ask(offer(
                other,
                format!("{who}'s turn ends: act on your readied action?"),
                &[("act", "Act (+1)"), ("pass", "Pass")],
                "pass",
            ));
        }
        ctx.open_window(window).map(|_| ())
    }

    /// The combatants other than `who` still alive, in order.
    fn others(ctx: &Ctx<'_, Self>, who: &str) -> Vec<String> {
        ctx.core()
            .clock
            .combat
            .as_ref()
            .map(|c| {
                c.order
                    .iter()
                    .filter(|o| *o != who && !ctx.rules().dead.contains(*o))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `who` is down (counter below 0): in a combat with tie groups it dies when its
    /// group's turns are over, otherwise now.
    fn down(ctx: &mut Ctx<'_, Self>, who: &str) -> Result<(), RuleError> {
        let waits = ctx
            .core()
            .clock
            .combat
            .as_ref()
            .is_some_and(|c| c.grouped() && c.order.iter().any(|o| o == who));
        if waits {
            return Ok(());
        }
        Self::die(ctx, who)
    }

    fn die(ctx: &mut Ctx<'_, Self>, who: &str) -> Result<(), RuleError> {
        ctx.emit(DemoEvent::Died {
            character: who.to_string(),
        })?;
        ctx.end_effects_from(who, Some("grappled"))?;
        let in_order = ctx
            .core()
            .clock
            .combat
            .as_ref()
            .is_some_and(|c| c.order.iter().any(|o| o == who));
        if in_order {
            ctx.remove_combatant(who)?;
        }
        Ok(())
    }

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

    fn command_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<DemoCommand>()
    }

    fn forecast_kinds(&self) -> Vec<&'static str> {
        vec!["rolls"]
    }

    /// `rolls` (`{"dice": "1d6", "rounds": 2, "target": 7}`): every counter rolls `dice`
    /// `rounds` times, then gambles; policy `default` answers the gamble with its offered
    /// default (keep), `bold` doubles. Reports per counter P(reaching `target`) and the mean.
    fn forecast(
        &self,
        state: &TableState<DemoState>,
        kind: &str,
        args: &Value,
        options: &crate::forecast::report::ForecastOptions,
        now_ms: crate::time::WallMs,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<Value, RuleError> {
        use crate::forecast::{Mean, Proportion, Sim, play_many};
        let start = &Sim::new(
            std::sync::Arc::new(Demo),
            state.clone(),
            options.seed,
            now_ms,
        );
        if kind != "rolls" {
            return Err(crate::ruleset::no_such_forecast("demo", kind));
        }
        let dice = args
            .get("dice")
            .and_then(Value::as_str)
            .unwrap_or("1d6")
            .to_string();
        let rounds = args
            .get("rounds")
            .and_then(Value::as_u64)
            .unwrap_or(1)
            .min(100);
        let target = args.get("target").and_then(Value::as_i64).unwrap_or(4);
        let bold = match options.policy.as_deref() {
            None | Some("default") => false,
            Some("bold") => true,
            Some(other) => {
                return Err(crate::ruleset::no_such_policy(
                    "demo",
                    &["default", "bold"],
                    other,
                ));
            }
        };
        dice::parse(&dice)
            .map_err(|e| RuleError::new("bad_dice", format!("dice `{dice}`: {e}")))?;
        let names: Vec<String> = start.state().rules.counters.keys().cloned().collect();
        let runs = play_many(start, options, progress, |sim| {
            for _ in 0..rounds {
                for c in &names {
                    let roll = DemoCommand::Roll {
                        character: c.clone(),
                        dice: dice.clone(),
                    };
                    let _ = sim.send_rules(&Actor::Referee, &roll);
                }
            }
            for c in &names {
                let gamble = DemoCommand::Gamble {
                    character: c.clone(),
                };
                if sim.send_rules(&Actor::Referee, &gamble).is_ok()
                    && let Some(d) = sim.state().core.decisions.last().cloned()
                {
                    let option = if bold {
                        "double".to_string()
                    } else {
                        d.default.clone().unwrap_or_else(|| "keep".into())
                    };
                    let _ = sim.answer(&Actor::Referee, &d.id, &option);
                }
            }
            names
                .iter()
                .map(|c| sim.state().rules.counters.get(c).copied().unwrap_or(0))
                .collect::<Vec<i64>>()
        })?;
        let n = runs.len() as u64;
        let mut counters = serde_json::Map::new();
        for (i, c) in names.iter().enumerate() {
            let hits = runs.iter().filter(|r| r[i] >= target).count() as u64;
            let p = Proportion::of(hits, n);
            let mean = Mean::of(runs.iter().map(|r| r[i] as f64));
            counters.insert(
                c.clone(),
                json!({"reaches": p.p, "reaches_ci95": p.ci95, "mean": mean.mean,
                    "mean_ci95": mean.ci95}),
            );
        }
        Ok(json!({"runs": n, "seed": options.seed, "counters": counters}))
    }

    fn init(&self, config: &Value) -> Result<DemoState, RuleError> {
        Ok(DemoState {
            round_seconds: config
                .get("round_seconds")
                .and_then(Value::as_u64)
                .unwrap_or(0),
            readied_at_turn_end: config
                .get("readied_at_turn_end")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            ..DemoState::default()
        })
    }

    fn combatant_visibility(&self, state: &TableState<DemoState>, who: &str) -> Visibility {
        if !state.rules.lurking.contains(who) {
            return Visibility::Public;
        }
        let controllers = state.core.participants.controllers(who).cloned().collect();
        Visibility::Players(controllers)
    }

    fn round_seconds(&self, state: &TableState<DemoState>) -> u64 {
        state.rules.round_seconds
    }

    fn rest_kinds(&self, _state: &TableState<DemoState>) -> Vec<RestKind> {
        vec![
            RestKind::new("short", 3600),
            RestKind::new("long", 8 * 3600),
        ]
    }

    fn acting(&self, _state: &TableState<DemoState>, command: &DemoCommand) -> Acting {
        match command {
            DemoCommand::Create { .. }
            | DemoCommand::SecretRoll { .. }
            | DemoCommand::Curse { .. }
            | DemoCommand::Lurk { .. } => Acting::RefereeOnly,
            DemoCommand::Note { .. } => Acting::AnyParticipant,
            DemoCommand::Add { character, .. }
            | DemoCommand::Roll { character, .. }
            | DemoCommand::Gamble { character }
            | DemoCommand::Choose { character }
            | DemoCommand::Bless { character, .. }
            | DemoCommand::Ward { character, .. }
            | DemoCommand::Strike { character, .. }
            | DemoCommand::Move { character, .. }
            | DemoCommand::Done { character }
            | DemoCommand::Concentrate { character, .. }
            | DemoCommand::Break { character }
            | DemoCommand::Grapple { character, .. }
            | DemoCommand::Spend { character, .. } => Acting::Characters(vec![character.clone()]),
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
            DemoCommand::Lurk { character, lurking } => {
                Self::known(ctx, character)?;
                let event = DemoEvent::Lurked {
                    character: character.clone(),
                    lurking: *lurking,
                };
                ctx.emit_for(event, Visibility::Referee)
            }
            DemoCommand::Curse { character } => {
                Self::known(ctx, character)?;
                let expiry = Expiry::end_of_next_turn(character.clone(), &ctx.core().clock);
                let spec = EffectSpec::new("curse", expiry)
                    .on(character.clone())
                    .visible(Visibility::Referee);
                ctx.start_effect(spec).map(|_| ())
            }
            DemoCommand::Ward { character, seconds } => {
                Self::known(ctx, character)?;
                if *seconds == 0 {
                    return Err(RuleError::new(
                        "bad_seconds",
                        "a ward lasts at least 1 second",
                    ));
                }
                let expiry = Expiry::game_seconds(&ctx.core().clock, *seconds);
                let spec = EffectSpec::new("ward", expiry).on(character.clone());
                ctx.start_effect(spec).map(|_| ())
            }
            DemoCommand::Strike {
                character,
                target,
                amount,
            } => {
                Self::known(ctx, character)?;
                Self::known(ctx, target)?;
                if ctx.rules().dead.contains(character) {
                    return Err(RuleError::new(
                        "dead",
                        format!("`{character}` is dead and cannot strike"),
                    ));
                }
                if !(0..=MAX_ADD).contains(amount) {
                    return Err(RuleError::new(
                        "amount_too_large",
                        format!("a strike deals 0 to {MAX_ADD}, not {amount}"),
                    )
                    .rule("demo::MAX_ADD"));
                }
                ctx.emit(DemoEvent::Added {
                    character: target.clone(),
                    amount: -amount,
                })?;
                let down = ctx.rules().counters.get(target).is_some_and(|c| *c < 0);
                if down && !ctx.rules().dead.contains(target) {
                    Self::down(ctx, target)?;
                }
                Ok(())
            }
            DemoCommand::Move { character, to } => {
                Self::known(ctx, character)?;
                let others = Self::others(ctx, character);
                if others.is_empty() {
                    return ctx.emit(DemoEvent::Moved {
                        character: character.clone(),
                        to: *to,
                    });
                }
                let mut window =
                    WindowRequest::new("move", json!({ "character": character, "to": to }));
                for other in &others {
                    window = window.ask(offer(
                        other,
                        format!("{character} moves away from {other}: strike?"),
                        &[("strike", "Strike (−1)"), ("decline", "Let it go")],
                        "decline",
                    ));
                }
                ctx.open_window(window).map(|_| ())
            }
            DemoCommand::Done { character } => {
                if ctx.core().clock.acting() != Some(character.as_str()) {
                    return Err(RuleError::new(
                        "not_your_turn",
                        format!("it is not `{character}`'s turn"),
                    ));
                }
                if Self::others(ctx, character).is_empty() {
                    return ctx.end_turn();
                }
                Self::offer_readied(ctx, character, true)
            }
            DemoCommand::Concentrate { character, targets } => {
                Self::known(ctx, character)?;
                for t in targets {
                    Self::known(ctx, t)?;
                }
                let group = ctx.new_id();
                let expiry = Expiry::game_seconds(&ctx.core().clock, 60);
                let spec = EffectSpec::new("concentration", expiry.clone())
                    .on(character.clone())
                    .from(character.clone())
                    .in_group(group.clone());
                ctx.start_effect(spec)?;
                for t in targets {
                    let spec = EffectSpec::new("held", expiry.clone())
                        .on(t.clone())
                        .from(character.clone())
                        .in_group(group.clone());
                    ctx.start_effect(spec)?;
                }
                Ok(())
            }
            DemoCommand::Break { character } => {
                let id = ctx
                    .core()
                    .effects
                    .iter()
                    .find(|e| e.kind == "concentration" && e.target.as_ref() == Some(character))
                    .map(|e| e.id.clone())
                    .ok_or_else(|| {
                        RuleError::new(
                            "not_concentrating",
                            format!("`{character}` is not concentrating"),
                        )
                    })?;
                ctx.end_effect(&id)
            }
            DemoCommand::Spend { character, amount } => {
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
                    amount: -amount,
                })?;
                let left = ctx.rules().counters.get(character).copied().unwrap_or(0);
                if left < 0 {
                    return Err(RuleError::new(
                        "overspent",
                        format!("`{character}` has {} to spend, not {amount}", left + amount),
                    ));
                }
                Ok(())
            }
            DemoCommand::Grapple { character, target } => {
                Self::known(ctx, character)?;
                Self::known(ctx, target)?;
                let spec = EffectSpec::new("grappled", Expiry::Never)
                    .on(target.clone())
                    .from(character.clone());
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
            DemoEvent::Moved { character, to } => {
                state.positions.insert(character.clone(), *to);
            }
            DemoEvent::Died { character } => {
                state.dead.insert(character.clone());
            }
            DemoEvent::Lurked { character, lurking } => {
                if *lurking {
                    state.lurking.insert(character.clone());
                } else {
                    state.lurking.remove(character);
                }
            }
        }
    }

    /// `preview_add` `{"character": "c1", "amount": 3}` → `{"before": …, "after": …}`: what an
    /// `add` would make of a counter, without adding (the demo screen's preview).
    fn query(
        &self,
        state: &TableState<DemoState>,
        _viewer: &Viewer,
        name: &str,
        args: &Value,
    ) -> Result<Value, RuleError> {
        if name != "preview_add" {
            return Err(crate::ruleset::no_such_query(self.name(), name));
        }
        let character = args.get("character").and_then(Value::as_str).unwrap_or("");
        let amount = args.get("amount").and_then(Value::as_i64).ok_or_else(|| {
            RuleError::new("bad_query", "`preview_add` takes an integer `amount`")
        })?;
        if amount.abs() > MAX_ADD {
            return Err(RuleError::new(
                "amount_too_large",
                format!("|{amount}| is more than {MAX_ADD}"),
            )
            .rule("demo::MAX_ADD"));
        }
        let before = *state.rules.counters.get(character).ok_or_else(|| {
            RuleError::new("unknown_character", format!("no character `{character}`"))
        })?;
        Ok(json!({"before": before, "after": before.saturating_add(amount)}))
    }

    fn project(&self, state: &TableState<DemoState>, viewer: &Viewer) -> Value {
        let notes: Vec<&Note> = state
            .rules
            .notes
            .iter()
            .filter(|n| n.audience.allows(viewer))
            .collect();
        let mut view = json!({
            "counters": state.rules.counters,
            "notes": notes,
            "positions": state.rules.positions,
            "dead": state.rules.dead,
        });
        if *viewer == Viewer::Referee
            && let Some(obj) = view.as_object_mut()
        {
            obj.insert("hidden".into(), json!(state.rules.hidden));
            obj.insert("lurking".into(), json!(state.rules.lurking));
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

    fn on_boundary(&self, boundary: &Boundary, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        if *boundary != Boundary::GroupEnd {
            return Ok(());
        }
        // What happened on this count resolves together: everyone down now dies.
        let down: Vec<String> = ctx
            .core()
            .clock
            .combat
            .as_ref()
            .map(|c| c.order.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|o| {
                !ctx.rules().dead.contains(o) && ctx.rules().counters.get(o).is_some_and(|c| *c < 0)
            })
            .collect();
        for who in down {
            Self::die(ctx, &who)?;
        }
        Ok(())
    }

    fn before_turn_end(&self, who: &str, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        if !ctx.rules().readied_at_turn_end || Self::others(ctx, who).is_empty() {
            return Ok(());
        }
        // No `holding_turn_end`: a window opened in this hook holds the turn change anyway.
        Self::offer_readied(ctx, who, false)
    }

    fn on_window_closed(&self, window: &Window, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        let character = window
            .context
            .get("character")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        match window.kind.as_str() {
            "move" => {
                // The strikes land before the move resolves.
                for _ in window.answers.iter().filter(|a| a.option == "strike") {
                    ctx.emit(DemoEvent::Added {
                        character: character.clone(),
                        amount: -1,
                    })?;
                }
                let to = window
                    .context
                    .get("to")
                    .and_then(Value::as_i64)
                    .unwrap_or(0);
                ctx.emit(DemoEvent::Moved { character, to })
            }
            "done" => {
                for answer in window.answers.iter().filter(|a| a.option == "act") {
                    let by = answer
                        .context
                        .get("by")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string();
                    ctx.emit(DemoEvent::Added {
                        character: by,
                        amount: 1,
                    })?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}
