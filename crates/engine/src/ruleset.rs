//! The [`Ruleset`] trait a game implements, the [`Ctx`] its rules run in, and the dice
//! [`Roller`] that ctx rolls through.

use crate::core::{Actor, CharacterId, Participants, Role, Viewer, Visibility};
use crate::decision::{
    Answer, Answerer, Decision, DecisionRequest, Window, WindowAnswer, WindowRequest,
};
use crate::event::{EndReason, EventBody};
use crate::limits;
use crate::time::{
    Boundary, Combat, EXPLORATION_TIMER, Effect, EffectLink, Expiry, GameClock, MINUTES_PER_DAY,
    Place, RestKind, Timer, TurnLength, WallMs,
};
use dice::{DiceRng, RollResult};
use rand::RngCore;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::rule_error::RuleError;

/// For whom a ruleset command acts; the engine authorises by it before `decide` runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Acting {
    /// Acts for these characters: a player must control every one; the Referee may always.
    Characters(Vec<CharacterId>),
    /// Only the Referee may issue it.
    RefereeOnly,
    /// Any player or the Referee (not a spectator), e.g. a table note.
    AnyParticipant,
}

/// Rolls a dice expression with the command's recorded generator.
///
/// Replaying a log never calls a roller: results are inside the events.
pub trait Roller: Send {
    fn roll(&mut self, expr: &str, rng: &mut DiceRng) -> Result<RollResult, RuleError>;
}

/// The real roller: `dice::parse` then `dice::roll`.
#[derive(Debug, Clone, Copy, Default)]
pub struct DiceRoller;

impl Roller for DiceRoller {
    fn roll(&mut self, expr: &str, rng: &mut DiceRng) -> Result<RollResult, RuleError> {
        let parsed = dice::parse(expr)
            .map_err(|e| RuleError::new("bad_dice", format!("dice `{expr}`: {e}")))?;
        dice::roll(&parsed, rng)
            .map_err(|e| RuleError::new("roll_failed", format!("dice `{expr}`: {e}")))
    }
}

/// A roller that returns given results in order (tests, and physical dice entered by hand).
#[derive(Debug, Clone, Default)]
pub struct ScriptedRoller {
    results: std::collections::VecDeque<RollResult>,
}

impl ScriptedRoller {
    pub fn new(results: impl IntoIterator<Item = RollResult>) -> Self {
        ScriptedRoller {
            results: results.into_iter().collect(),
        }
    }
    /// Results with only a total (no individual faces).
    pub fn totals(totals: impl IntoIterator<Item = i64>) -> Self {
        Self::new(totals.into_iter().map(total_only))
    }
    pub fn push(&mut self, result: RollResult) {
        self.results.push_back(result);
    }
    pub fn remaining(&self) -> usize {
        self.results.len()
    }
}

impl Roller for ScriptedRoller {
    fn roll(&mut self, expr: &str, _rng: &mut DiceRng) -> Result<RollResult, RuleError> {
        self.results.pop_front().ok_or_else(|| {
            RuleError::new(
                "no_scripted_roll",
                format!("no scripted result left for `{expr}`"),
            )
        })
    }
}

/// Physical dice entered by hand: the expression is parsed and rolled with the given faces,
/// in rolling order (a face outside its die's range is refused).
#[derive(Debug, Clone)]
pub struct FacesRoller {
    faces: dice::ManualFaces,
}

impl FacesRoller {
    pub fn new(faces: Vec<i64>) -> Self {
        FacesRoller {
            faces: dice::ManualFaces::new(faces),
        }
    }
    /// Faces given but not used yet.
    pub fn remaining(&self) -> usize {
        self.faces.remaining()
    }
}

impl Roller for FacesRoller {
    fn roll(&mut self, expr: &str, _rng: &mut DiceRng) -> Result<RollResult, RuleError> {
        let parsed = dice::parse(expr)
            .map_err(|e| RuleError::new("bad_dice", format!("dice `{expr}`: {e}")))?;
        dice::roll_with(&parsed, &mut self.faces)
            .map_err(|e| RuleError::new("roll_failed", format!("dice `{expr}`: {e}")))
    }
}

/// A roll result carrying only a total.
pub fn total_only(total: i64) -> RollResult {
    RollResult::total_only(total)
}

/// The whole state of a table: the engine's part and the ruleset's part.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct TableState<S> {
    pub core: CoreState,
    pub rules: S,
}

/// The engine's part of a table's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct CoreState {
    pub id: String,
    pub name: String,
    pub ruleset: String,
    /// The dice seed of a table created with an explicit seed (offline CLI, tests): its dice
    /// are derived from (seed, batch) and so are predictable — unfit for play with untrusted
    /// players. `None` (every table the server creates, and tables from before this field):
    /// each command attempt draws fresh entropy from the operating system. Secret: the
    /// Referee's only.
    #[serde(default)]
    pub fixed_seed: Option<u64>,
    #[serde(default)]
    pub config: serde_json::Value,
    pub participants: Participants,
    pub clock: GameClock,
    /// Open decisions, oldest first.
    pub decisions: Vec<Decision>,
    /// Running effects, oldest first.
    pub effects: Vec<Effect>,
    /// The source and group of running effects that have one, by effect id.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub effect_links: std::collections::BTreeMap<String, EffectLink>,
    /// Open interrupt windows, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub windows: Vec<Window>,
    /// How long an interrupt window waits for answers (set by the Referee; `None`: until
    /// everyone answers or the Referee closes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_timeout_ms: Option<i64>,
    /// The options the Referee set (`set_option`).
    #[serde(
        default,
        skip_serializing_if = "crate::event::TableOptions::is_default"
    )]
    pub options: crate::event::TableOptions,
    /// Seq of the last event applied.
    pub head: u64,
}

impl CoreState {
    pub fn decision(&self, id: &str) -> Option<&Decision> {
        self.decisions.iter().find(|d| d.id == id)
    }
    pub fn effect(&self, id: &str) -> Option<&Effect> {
        self.effects.iter().find(|e| e.id == id)
    }
    /// The source and group of a running effect (`None`: it has neither).
    pub fn effect_link(&self, id: &str) -> Option<&EffectLink> {
        self.effect_links.get(id)
    }
    pub fn window(&self, id: &str) -> Option<&Window> {
        self.windows.iter().find(|w| w.id == id)
    }
}

/// A game. Implement this, then register it (`registry.register(MyRules)`).
///
/// `decide` reads the state through `ctx.state()` and emits events through `ctx`; each emitted
/// event is applied at once to ctx's working copy, so later steps of the same command see it.
/// `apply` must be pure: the same state and event always give the same new state.
pub trait Ruleset: Send + Sync + Sized + 'static {
    type State: Clone
        + PartialEq
        + fmt::Debug
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    type Command: DeserializeOwned + Serialize + fmt::Debug;
    type Event: Serialize + DeserializeOwned + fmt::Debug;

    /// The registry name (`crows`, `acks`, `demo`).
    fn name(&self) -> &'static str;

    /// The JSON Schema of this ruleset's commands (what `{"rules": …}` carries), for the
    /// server's OpenAPI document: a ruleset is documented by being registered. A ruleset whose
    /// `Command` derives `schemars::JsonSchema` returns
    /// `generator.subschema_for::<Self::Command>()` (the generator collects the named parts).
    /// Default: any object with one key, the command's name.
    fn command_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let _ = generator;
        schemars::json_schema!({"type": "object", "minProperties": 1, "maxProperties": 1})
    }

    /// The state of a new table (`config` comes from table creation; `null` if none).
    fn init(&self, config: &serde_json::Value) -> Result<Self::State, RuleError>;

    /// Who knows combatant `who` is in the combat: its place in the order and its turns (a
    /// creature hidden from the players: the Referee, or the players whose characters see
    /// it). The others get the combat without it (see [`crate::unseen`]). Everyone by default.
    fn combatant_visibility(&self, _state: &TableState<Self::State>, _who: &str) -> Visibility {
        Visibility::Public
    }

    /// Exploration turn length when `StartExploration` gives none.
    fn exploration_turn(&self, _state: &TableState<Self::State>) -> TurnLength {
        TurnLength::Manual
    }

    /// Game seconds one combat round lasts (D&D 2024: 6, ACKS: 10). Each round's end moves
    /// the game clock by this much (before `RoundEnd` passes), so durations in game time run
    /// through a fight. 0 (the default): rounds take no clock time.
    fn round_seconds(&self, _state: &TableState<Self::State>) -> u64 {
        0
    }

    /// The kinds of rest this game names (D&D 2024: short and long). `start_named_rest`
    /// refuses any other; the plain `start_rest` needs none.
    fn rest_kinds(&self, _state: &TableState<Self::State>) -> Vec<RestKind> {
        Vec::new()
    }

    /// Answers a read-only question `name` about the table as `viewer` may ask it (odds before
    /// a roll, a preview), so a page asks the rules instead of copying them. Changes nothing;
    /// must reveal no more than [`Ruleset::project`] shows that viewer (refuse a question
    /// about something hidden with the same error as about something missing). The default
    /// answers no question: `no_such_query`.
    fn query(
        &self,
        _state: &TableState<Self::State>,
        _viewer: &Viewer,
        name: &str,
        _args: &serde_json::Value,
    ) -> Result<serde_json::Value, RuleError> {
        Err(no_such_query(self.name(), name))
    }

    /// The forecasts this ruleset offers ([`Ruleset::forecast`]'s kinds); none by default.
    fn forecast_kinds(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// Plays the situation in `start` forward for the Referee (see the `forecast` module): the
    /// ruleset makes a `forecast::Sim` of it (its dice from `options.seed`, its wall
    /// clock at `now_ms`), its policy (`options.policy`, or its default) drives each run through
    /// `forecast::play_many`, and the result is the report of kind `kind` as JSON.
    /// Changes nothing; the caller has checked that the Referee asks and that the options are
    /// within their limits. The default offers none: `no_such_forecast`.
    fn forecast(
        &self,
        _start: &TableState<Self::State>,
        kind: &str,
        _args: &serde_json::Value,
        _options: &crate::forecast::report::ForecastOptions,
        _now_ms: WallMs,
        _progress: &(dyn Fn(u32) + Sync),
    ) -> Result<serde_json::Value, RuleError> {
        Err(no_such_forecast(self.name(), kind))
    }

    /// For whom a command acts (authorisation).
    fn acting(&self, state: &TableState<Self::State>, command: &Self::Command) -> Acting;

    /// Decides a command: emits events (and rolls, decisions, effects) through `ctx`, or refuses.
    fn decide(&self, command: &Self::Command, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError>;

    /// Applies one of the ruleset's events. Pure.
    fn apply(&self, state: &mut Self::State, event: &Self::Event);

    /// What `viewer` may see of the ruleset's state. Must hide every secret from players.
    fn project(&self, state: &TableState<Self::State>, viewer: &Viewer) -> serde_json::Value;

    /// Resumes after a decision this ruleset opened was answered.
    fn on_answer(
        &self,
        _decision: &Decision,
        _answer: &Answer,
        _ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        Ok(())
    }

    /// An effect ticks on a boundary it lists in `ticks`.
    fn on_tick(
        &self,
        _effect: &Effect,
        _boundary: &Boundary,
        _ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        Ok(())
    }

    /// An effect ended (expired or removed).
    fn on_effect_ended(
        &self,
        _effect: &Effect,
        _reason: EndReason,
        _ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        Ok(())
    }

    /// The acting combatant's turn is about to end by `end_turn` (before its
    /// [`Boundary::TurnEnd`] passes). The ruleset may hold the turn change here by opening an
    /// interrupt window with [`WindowRequest::holding_turn_end`] (things that happen "right
    /// after a creature's turn"): the turn then ends when that window closes, and this hook is
    /// not asked again for that turn. It must not end the turn itself. Not asked when a
    /// combatant leaves its slot (removed or delayed) or the combat ends.
    fn before_turn_end(&self, _who: &str, _ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        Ok(())
    }

    /// The clock passed a boundary (after ticks and expiries).
    fn on_boundary(&self, _boundary: &Boundary, _ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        Ok(())
    }

    /// A timer other than the exploration-turn timer fell due.
    fn on_timer(&self, _timer: &Timer, _ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        Ok(())
    }

    /// An interrupt window this ruleset opened closed (`window.answers` holds every party's
    /// answer or default): resolve the reactions and the held action. A window that holds the
    /// turn change ends the turn after this returns.
    fn on_window_closed(
        &self,
        _window: &Window,
        _ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        Ok(())
    }
}

/// The refusal of a forecast a ruleset does not offer.
pub fn no_such_forecast(ruleset: &str, kind: &str) -> RuleError {
    RuleError::new(
        "no_such_forecast",
        format!("the ruleset `{ruleset}` offers no forecast `{kind}`"),
    )
}

/// The refusal of a forecast policy a ruleset does not have (`names`: the ones it has).
pub fn no_such_policy(ruleset: &str, names: &[&str], name: &str) -> RuleError {
    RuleError::new(
        "no_such_policy",
        format!(
            "the ruleset `{ruleset}`'s forecasts have the policies {}, not `{name}`",
            names.join(", ")
        ),
    )
    .with_args(serde_json::json!({ "policy": name }))
}

/// The refusal of a query a ruleset does not answer.
pub fn no_such_query(ruleset: &str, name: &str) -> RuleError {
    RuleError::new(
        "no_such_query",
        format!("the ruleset `{ruleset}` answers no query `{name}`"),
    )
}

/// What an effect should be; `Ctx::start_effect` gives it an id.
#[derive(Debug, Clone, PartialEq)]
pub struct EffectSpec {
    pub kind: String,
    pub target: Option<CharacterId>,
    pub expiry: Expiry,
    pub ticks: Vec<Boundary>,
    pub visibility: Visibility,
    pub data: serde_json::Value,
    /// Who keeps it up (see [`EffectLink::source`]).
    pub source: Option<CharacterId>,
    /// The group it ends with (see [`EffectLink::group`]).
    pub group: Option<String>,
}

impl EffectSpec {
    pub fn new(kind: impl Into<String>, expiry: Expiry) -> Self {
        EffectSpec {
            kind: kind.into(),
            target: None,
            expiry,
            ticks: Vec::new(),
            visibility: Visibility::Public,
            data: serde_json::Value::Null,
            source: None,
            group: None,
        }
    }
    /// The creature that keeps it up.
    pub fn from(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }
    /// Ends together with every other effect of `group`.
    pub fn in_group(mut self, group: impl Into<String>) -> Self {
        self.group = Some(group.into());
        self
    }
    pub fn on(mut self, target: impl Into<String>) -> Self {
        self.target = Some(target.into());
        self
    }
    pub fn ticking(mut self, boundary: Boundary) -> Self {
        self.ticks.push(boundary);
        self
    }
    pub fn visible(mut self, visibility: Visibility) -> Self {
        self.visibility = visibility;
        self
    }
    pub fn data(mut self, data: serde_json::Value) -> Self {
        self.data = data;
        self
    }
}

/// An event emitted during a command, not yet numbered.
#[derive(Debug, Clone)]
pub(crate) struct PendingEvent {
    pub visibility: Visibility,
    pub masked: Option<EventBody>,
    pub body: EventBody,
}

/// Hooks may call back into ctx (a tick passes another boundary…); this bounds the nesting.
pub const MAX_HOOK_DEPTH: u32 = 16;
/// At most this many events per command (a runaway rule is refused, not looped forever).
pub const MAX_EVENTS_PER_COMMAND: usize = 10_000;

/// A combat order names at least one combatant.
fn check_order(order: &[CharacterId]) -> Result<(), RuleError> {
    if order.is_empty() {
        return Err(RuleError::new(
            "empty_order",
            "combat needs at least one combatant",
        ));
    }
    Ok(())
}

/// Tie groups flattened to an order and each slot's group number; refused when a group is
/// empty or a combatant appears twice.
fn flatten_groups(groups: &[Vec<CharacterId>]) -> Result<(Vec<CharacterId>, Vec<u32>), RuleError> {
    let mut order = Vec::new();
    let mut numbers = Vec::new();
    for (n, group) in groups.iter().enumerate() {
        if group.is_empty() {
            return Err(RuleError::new(
                "empty_group",
                format!("tie group {} names no combatant", n + 1),
            ));
        }
        for who in group {
            if order.contains(who) {
                return Err(RuleError::new(
                    "duplicate_combatant",
                    format!("`{who}` appears twice in the order"),
                ));
            }
            order.push(who.clone());
            numbers.push(u32::try_from(n).unwrap_or(u32::MAX));
        }
    }
    check_order(&order)?;
    Ok((order, numbers))
}

/// The id of the real-time timer that closes window `id`.
pub fn window_timer_id(id: &str) -> String {
    format!("window:{id}")
}

/// The context a command is decided in: the working state, the recorded roller, the wall time,
/// and the events emitted so far.
/// The state a command is decided on. A table decides on its own copy (`Owned`), which a
/// refused command simply drops; a forecast copy decides on its state itself (`Borrowed`)
/// and, when a refused command had already changed it (`touched`), puts it back
/// (`forecast::Sim`), so no command pays for a copy of the whole state.
// One per command, on the stack of the command's call: the size difference costs nothing.
#[allow(clippy::large_enum_variant)]
pub(crate) enum WorkState<'a, S> {
    Owned(TableState<S>),
    Borrowed {
        state: &'a mut TableState<S>,
        touched: bool,
    },
}

impl<S> WorkState<'_, S> {
    /// Whether anything was changed through this (every change is an event applied).
    pub(crate) fn touched(&self) -> bool {
        match self {
            WorkState::Owned(_) => false,
            WorkState::Borrowed { touched, .. } => *touched,
        }
    }
}

impl<S> std::ops::Deref for WorkState<'_, S> {
    type Target = TableState<S>;
    fn deref(&self) -> &TableState<S> {
        match self {
            WorkState::Owned(state) => state,
            WorkState::Borrowed { state, .. } => state,
        }
    }
}

impl<S> std::ops::DerefMut for WorkState<'_, S> {
    fn deref_mut(&mut self) -> &mut TableState<S> {
        match self {
            WorkState::Owned(state) => state,
            WorkState::Borrowed { state, touched } => {
                *touched = true;
                state
            }
        }
    }
}

pub struct Ctx<'a, R: Ruleset> {
    ruleset: &'a R,
    state: WorkState<'a, R::State>,
    pub(crate) out: Vec<PendingEvent>,
    actor: Actor,
    rng: DiceRng,
    roller: &'a mut dyn Roller,
    now_ms: WallMs,
    depth: u32,
    /// Bytes of JSON emitted so far (for [`crate::limits::MAX_COMMAND_BYTES`]).
    bytes: usize,
    /// Combatants whose turn is changing in this command (their end-of-turn, group-end and
    /// round-end boundaries are being passed): a removal meanwhile does not start another
    /// turn change.
    ending: Vec<CharacterId>,
    /// The combatant whose turn change is being held while the ruleset runs
    /// `before_turn_end`, or the hook of a window that holds it: a window opened then holds
    /// the turn change too, so what happens "right after the turn" resolves before it ends.
    holding: Option<CharacterId>,
    /// A forecast's copy (`forecast::Sim`): the ruleset's events are applied as they
    /// are, with no JSON body, no size measure and no record, since nothing is stored. Only
    /// their number is bounded. A table's commands never run so.
    pub(crate) typed_events: bool,
    /// Ruleset events applied that way in this command.
    typed_count: usize,
    /// See [`Ctx::settled_at`].
    settled_at: Option<usize>,
}

impl<'a, R: Ruleset> Ctx<'a, R> {
    pub(crate) fn new(
        ruleset: &'a R,
        state: WorkState<'a, R::State>,
        actor: Actor,
        rng: DiceRng,
        roller: &'a mut dyn Roller,
        now_ms: WallMs,
    ) -> Self {
        Ctx {
            ruleset,
            state,
            out: Vec::new(),
            actor,
            rng,
            roller,
            now_ms,
            depth: 0,
            bytes: 0,
            ending: Vec::new(),
            holding: None,
            typed_events: false,
            typed_count: 0,
            settled_at: None,
        }
    }

    pub(crate) fn into_parts(self) -> (WorkState<'a, R::State>, Vec<PendingEvent>, usize) {
        (self.state, self.out, self.bytes)
    }

    /// Ruleset events applied typed in this command (a forecast copy's; 0 on a table).
    pub(crate) fn typed_count(&self) -> usize {
        self.typed_count
    }

    /// Events this command has emitted so far (recorded, or applied typed in a forecast copy).
    pub fn emitted(&self) -> usize {
        self.out.len() + self.typed_count
    }

    /// Where a ruleset's own pass over the whole state (the consequences it settles after
    /// every step) last found nothing to do in this command, as [`Ctx::emitted`] then; `None`
    /// before. While no event has come since, the state is the one that pass already found
    /// settled, so it may skip the pass. One mark per command, for one such pass.
    pub fn settled_at(&self) -> Option<usize> {
        self.settled_at
    }

    /// Notes that the pass found nothing to do now (see [`Ctx::settled_at`]).
    pub fn mark_settled(&mut self) {
        self.settled_at = Some(self.emitted());
    }

    /// False in a forecast's copy (`forecast::Sim`): its events are applied as they
    /// are, never stored or shown, so a ruleset may skip what only the log and its viewers
    /// need (a minimal patch instead of a whole record, a masked copy) as long as the state
    /// it leads to is the same.
    pub fn keeps_log(&self) -> bool {
        !self.typed_events
    }

    /// The working state (including everything emitted so far in this command).
    pub fn state(&self) -> &TableState<R::State> {
        &self.state
    }
    pub fn core(&self) -> &CoreState {
        &self.state.core
    }
    pub fn rules(&self) -> &R::State {
        &self.state.rules
    }
    /// Who issued the command.
    pub fn actor(&self) -> &Actor {
        &self.actor
    }
    /// Wall time of the command (from the injected clock).
    pub fn now_ms(&self) -> WallMs {
        self.now_ms
    }

    pub(crate) fn push_engine(
        &mut self,
        body: EventBody,
        visibility: Visibility,
    ) -> Result<(), RuleError> {
        self.push(body, visibility, None)
    }

    /// Pushes a combat-order event or a boundary, kept from the viewers who do not know a
    /// combatant it concerns (see [`crate::unseen`]).
    fn push_order(&mut self, body: EventBody) -> Result<(), RuleError> {
        let before = self.state.core.clock.combat.clone();
        let mut after = before.clone();
        crate::unseen::apply_combat(&mut after, &body);
        let (ruleset, state) = (self.ruleset, &*self.state);
        let (visibility, masked) =
            crate::unseen::order_secrecy(before.as_ref(), after.as_ref(), &body, |who| {
                ruleset.combatant_visibility(state, who)
            });
        self.push(body, visibility, masked)
    }

    fn push(
        &mut self,
        body: EventBody,
        visibility: Visibility,
        masked: Option<EventBody>,
    ) -> Result<(), RuleError> {
        self.check_event_count()?;
        // A forecast copy stores nothing, so its events are not measured (only counted).
        if !self.typed_events {
            self.bytes += Self::measure(&body, masked.as_ref())?;
        }
        if self.bytes > limits::MAX_COMMAND_BYTES {
            return Err(RuleError::new(
                "command_too_large",
                format!(
                    "the command would record more than {} bytes, the limit is {} per command",
                    self.bytes,
                    limits::MAX_COMMAND_BYTES
                ),
            )
            .rule("MAX_COMMAND_BYTES"));
        }
        apply_body(self.ruleset, &mut self.state, &body)
            .map_err(|e| RuleError::new("bad_event", e.to_string()))?;
        self.out.push(PendingEvent {
            visibility,
            masked,
            body,
        });
        Ok(())
    }

    /// Size of an event's JSON, refused beyond [`limits::MAX_EVENT_BYTES`] or
    /// [`limits::MAX_JSON_DEPTH`] (the envelope around the body adds one level).
    fn measure(body: &EventBody, masked: Option<&EventBody>) -> Result<usize, RuleError> {
        let mut total = 0;
        for part in std::iter::once(body).chain(masked) {
            let mut meter = limits::JsonMeter::of(part)
                .map_err(|e| RuleError::new("bad_event", format!("event not serialisable: {e}")))?;
            meter.max_depth += 1;
            total += meter.bytes;
            meter.bytes = total;
            if let Some(problem) = limits::stored_json_problem(&meter, limits::MAX_EVENT_BYTES) {
                let rule = if meter.max_depth > limits::MAX_JSON_DEPTH {
                    "MAX_JSON_DEPTH"
                } else {
                    "MAX_EVENT_BYTES"
                };
                return Err(RuleError::new(
                    "event_too_large",
                    format!("an event of this command cannot be stored: {problem}"),
                )
                .rule(rule));
            }
        }
        Ok(total)
    }

    fn to_body(event: &R::Event) -> Result<EventBody, RuleError> {
        let event = serde_json::to_value(event)
            .map_err(|e| RuleError::new("bad_event", format!("event not serialisable: {e}")))?;
        Ok(EventBody::Rules { event })
    }

    /// Emits a public ruleset event.
    pub fn emit(&mut self, event: impl Into<R::Event>) -> Result<(), RuleError> {
        self.emit_for(event, Visibility::Public)
    }

    /// Emits a ruleset event only `visibility` may see (others see nothing).
    pub fn emit_for(
        &mut self,
        event: impl Into<R::Event>,
        visibility: Visibility,
    ) -> Result<(), RuleError> {
        let event = event.into();
        if self.typed_events {
            return self.apply_typed(&event);
        }
        let body = Self::to_body(&event)?;
        self.push(body, visibility, None)
    }

    /// Refuses one more event past [`MAX_EVENTS_PER_COMMAND`] (recorded or typed).
    fn check_event_count(&self) -> Result<(), RuleError> {
        if self.out.len() + self.typed_count >= MAX_EVENTS_PER_COMMAND {
            return Err(RuleError::new(
                "too_many_events",
                format!("a command may emit at most {MAX_EVENTS_PER_COMMAND} events"),
            )
            .rule("MAX_EVENTS_PER_COMMAND"));
        }
        Ok(())
    }

    /// A forecast copy's event: counted against [`MAX_EVENTS_PER_COMMAND`], then applied.
    fn apply_typed(&mut self, event: &R::Event) -> Result<(), RuleError> {
        self.check_event_count()?;
        self.typed_count += 1;
        self.ruleset.apply(&mut self.state.rules, event);
        Ok(())
    }

    /// Emits a ruleset event; viewers outside `visibility` see `masked` instead (field-level
    /// redaction: the masked event must carry only what everyone may know).
    pub fn emit_masked(
        &mut self,
        event: impl Into<R::Event>,
        visibility: Visibility,
        masked: impl Into<R::Event>,
    ) -> Result<(), RuleError> {
        let event = event.into();
        if self.typed_events {
            return self.apply_typed(&event);
        }
        let body = Self::to_body(&event)?;
        let masked = Self::to_body(&masked.into())?;
        self.push(body, visibility, Some(masked))
    }

    /// Rolls dice, records the result as a `Rolled` event with this visibility, and returns it.
    pub fn roll(
        &mut self,
        label: &str,
        expr: &str,
        visibility: Visibility,
    ) -> Result<RollResult, RuleError> {
        self.roll_marked(label, expr, visibility, false)
    }

    /// The table's free dice roller ([`crate::chat`]): as [`Ctx::roll`], the event marked `free`.
    pub(crate) fn roll_free(
        &mut self,
        label: &str,
        expr: &str,
        visibility: Visibility,
    ) -> Result<RollResult, RuleError> {
        self.roll_marked(label, expr, visibility, true)
    }

    fn roll_marked(
        &mut self,
        label: &str,
        expr: &str,
        visibility: Visibility,
        free: bool,
    ) -> Result<RollResult, RuleError> {
        let result = self.roller.roll(expr, &mut self.rng)?;
        let body = EventBody::Rolled {
            label: label.to_string(),
            expr: expr.to_string(),
            result: result.clone(),
            free,
        };
        self.push(body, visibility, None)?;
        Ok(result)
    }

    /// Rolls in secret (Referee only); players see a notice that a roll was made, not its result.
    pub fn roll_secret(&mut self, label: &str, expr: &str) -> Result<RollResult, RuleError> {
        let result = self.roller.roll(expr, &mut self.rng)?;
        let body = EventBody::Rolled {
            label: label.to_string(),
            expr: expr.to_string(),
            result: result.clone(),
            free: false,
        };
        let masked = EventBody::Rules {
            event: serde_json::json!({ "secret_roll": label }),
        };
        self.push(body, Visibility::Referee, Some(masked))?;
        Ok(result)
    }

    /// A fresh opaque id (128 random bits from the recorded generator, so it reveals no count).
    pub fn new_id(&mut self) -> String {
        format!("{:016x}{:016x}", self.rng.next_u64(), self.rng.next_u64())
    }

    /// Opens a pending decision; returns its id.
    pub fn ask(&mut self, request: DecisionRequest) -> Result<String, RuleError> {
        self.open_decision(request, None)
    }

    fn open_decision(
        &mut self,
        request: DecisionRequest,
        window: Option<String>,
    ) -> Result<String, RuleError> {
        if request.options.is_empty() && !request.free_text {
            return Err(RuleError::new(
                "empty_decision",
                "a decision needs options or free text",
            ));
        }
        if let Some(d) = &request.default
            && !request.options.iter().any(|o| &o.id == d)
        {
            return Err(RuleError::new(
                "bad_default",
                format!("default `{d}` is not an option"),
            ));
        }
        let visibility = request
            .visibility
            .clone()
            .unwrap_or_else(|| match &request.answerer {
                Answerer::Referee => Visibility::Referee,
                Answerer::Player(p) => Visibility::player(p.clone()),
                Answerer::Controller(c) => Visibility::Players(
                    self.state
                        .core
                        .participants
                        .controllers(c)
                        .cloned()
                        .collect(),
                ),
            });
        let id = self.new_id();
        let decision = Decision {
            id: id.clone(),
            kind: request.kind,
            prompt: request.prompt,
            args: request.args,
            options: request.options,
            answerer: request.answerer,
            default: request.default,
            free_text: request.free_text,
            visibility: visibility.clone(),
            context: request.context,
            window,
        };
        self.push(EventBody::DecisionOpened { decision }, visibility, None)?;
        Ok(id)
    }

    /// Closes a pending decision nobody needs to answer any more (the moment for it has
    /// passed): recorded as answered by the system actor with the option
    /// [`LAPSED_OPTION`](crate::decision::LAPSED_OPTION), seen by whoever saw the decision;
    /// `on_answer` is not called. Refused, changing nothing, when no such decision is open.
    pub fn lapse_decision(&mut self, id: &str) -> Result<(), RuleError> {
        let Some(decision) = self.state.core.decisions.iter().find(|d| d.id == id) else {
            return Err(RuleError::new(
                "unknown_decision",
                format!("no pending decision `{id}` to lapse"),
            ));
        };
        let visibility = decision.visibility.clone();
        self.push(
            EventBody::DecisionAnswered {
                answer: Answer {
                    decision: id.to_string(),
                    option: crate::decision::LAPSED_OPTION.to_string(),
                    text: None,
                },
                by: Actor::System,
            },
            visibility,
            None,
        )
    }

    /// Binds `character` to `player` from a rule (e.g. when the Referee approves a character a
    /// player asked for): emits the same `character_bound` event as the engine's `bind`
    /// command. Refused, changing nothing, when `player` is not a seated player.
    pub fn bind_character(&mut self, player: &str, character: &str) -> Result<(), RuleError> {
        if !self.state.core.participants.players.contains_key(player) {
            return Err(RuleError::new(
                "not_a_player",
                format!("`{player}` is not a player at this table"),
            ));
        }
        if character.is_empty() {
            return Err(RuleError::new(
                "bad_character",
                "a character id cannot be empty",
            ));
        }
        self.push(
            EventBody::CharacterBound {
                player: player.to_string(),
                character: character.to_string(),
            },
            Visibility::Public,
            None,
        )
    }

    /// Starts an effect; returns its id.
    pub fn start_effect(&mut self, spec: EffectSpec) -> Result<String, RuleError> {
        let id = self.new_id();
        let visibility = spec.visibility.clone();
        let effect = Effect {
            id: id.clone(),
            kind: spec.kind,
            target: spec.target,
            expiry: spec.expiry,
            ticks: spec.ticks,
            visibility: spec.visibility,
            data: spec.data,
        };
        let event = if spec.source.is_none() && spec.group.is_none() {
            EventBody::EffectStarted { effect }
        } else {
            let link = EffectLink {
                source: spec.source,
                group: spec.group,
            };
            EventBody::LinkedEffectStarted { effect, link }
        };
        self.push(event, visibility, None)?;
        Ok(id)
    }

    /// Replaces an effect's ruleset data (e.g. usage dice left).
    pub fn update_effect(&mut self, id: &str, data: serde_json::Value) -> Result<(), RuleError> {
        let effect = self.effect_or_err(id)?;
        let mut updated = effect.clone();
        updated.data = data;
        let visibility = updated.visibility.clone();
        // Restarting an effect with the same id replaces it in place.
        self.push(
            EventBody::EffectStarted { effect: updated },
            visibility,
            None,
        )
    }

    fn effect_or_err(&self, id: &str) -> Result<&Effect, RuleError> {
        self.state
            .core
            .effect(id)
            .ok_or_else(|| RuleError::new("unknown_effect", format!("no effect `{id}`")))
    }

    /// Removes an effect before it expires (and runs `on_effect_ended`).
    pub fn end_effect(&mut self, id: &str) -> Result<(), RuleError> {
        self.end_effect_with(id, EndReason::Removed)
    }

    /// Ends an effect, runs `on_effect_ended`, then ends the rest of its group (reason
    /// `removed`), each with its own hook.
    fn end_effect_with(&mut self, id: &str, reason: EndReason) -> Result<(), RuleError> {
        let effect = self.effect_or_err(id)?.clone();
        let group = self
            .state
            .core
            .effect_link(id)
            .and_then(|l| l.group.clone());
        self.push(
            EventBody::EffectEnded {
                effect: id.to_string(),
                reason,
            },
            effect.visibility.clone(),
            None,
        )?;
        self.hook(|r, ctx| r.on_effect_ended(&effect, reason, ctx))?;
        match &group {
            Some(group) => self.end_group(group),
            None => Ok(()),
        }
    }

    /// Ends every running effect of `group` (reason `removed`): concentration broken, a
    /// spell dispelled. Ending none is not an error.
    pub fn end_group(&mut self, group: &str) -> Result<(), RuleError> {
        self.end_linked(|_, link| link.group.as_deref() == Some(group))
    }

    /// Ends every running effect `source` keeps up, or only those of `kind` (reason
    /// `removed`): a grapple when the grappler is incapacitated. Ending none is not an error.
    pub fn end_effects_from(&mut self, source: &str, kind: Option<&str>) -> Result<(), RuleError> {
        self.end_linked(|effect, link| {
            link.source.as_deref() == Some(source) && kind.is_none_or(|k| effect.kind == k)
        })
    }

    /// Ends (reason `removed`, oldest first) every running effect whose link `pick`s.
    fn end_linked(&mut self, pick: impl Fn(&Effect, &EffectLink) -> bool) -> Result<(), RuleError> {
        let core = &self.state.core;
        let ids: Vec<String> = core
            .effects
            .iter()
            .filter(|e| core.effect_link(&e.id).is_some_and(|l| pick(e, l)))
            .map(|e| e.id.clone())
            .collect();
        for id in ids {
            // An earlier one's hook or group may have ended it already.
            if self.state.core.effect(&id).is_some() {
                self.end_effect_with(&id, EndReason::Removed)?;
            }
        }
        Ok(())
    }

    fn hook(
        &mut self,
        f: impl FnOnce(&R, &mut Self) -> Result<(), RuleError>,
    ) -> Result<(), RuleError> {
        if self.depth >= MAX_HOOK_DEPTH {
            return Err(RuleError::new(
                "hook_depth",
                format!("rules nested deeper than {MAX_HOOK_DEPTH} hooks"),
            )
            .rule("MAX_HOOK_DEPTH"));
        }
        self.depth += 1;
        let ruleset = self.ruleset;
        let result = f(ruleset, self);
        self.depth -= 1;
        result
    }

    /// Passes a clock boundary: counts down durations, runs ticks, expires effects, then the
    /// ruleset's `on_boundary` (see [`crate::time`]).
    pub fn pass(&mut self, boundary: Boundary) -> Result<(), RuleError> {
        self.push_order(EventBody::BoundaryPassed {
            boundary: boundary.clone(),
        })?;
        let ticking: Vec<Effect> = self
            .state
            .core
            .effects
            .iter()
            .filter(|e| e.ticks.contains(&boundary))
            .cloned()
            .collect();
        for effect in ticking {
            // A previous tick may have ended it.
            if self.state.core.effect(&effect.id).is_some() {
                self.hook(|r, ctx| r.on_tick(&effect, &boundary, ctx))?;
            }
        }
        self.expire_due()?;
        self.hook(|r, ctx| r.on_boundary(&boundary, ctx))
    }

    fn expire_due(&mut self) -> Result<(), RuleError> {
        let minute = self.state.core.clock.game_minutes;
        let second = self.state.core.clock.game_seconds();
        let due: Vec<String> = self
            .state
            .core
            .effects
            .iter()
            .filter(|e| match &e.expiry {
                Expiry::Never => false,
                Expiry::After { remaining, .. } => *remaining == 0,
                Expiry::AtGameMinute { minute: m } => *m <= minute,
                Expiry::AtGameSecond { second: s } => *s <= second,
            })
            .map(|e| e.id.clone())
            .collect();
        for id in due {
            if self.state.core.effect(&id).is_some() {
                self.end_effect_with(&id, EndReason::Expired)?;
            }
        }
        Ok(())
    }

    /// Advances game time, passing each day boundary crossed and expiring timed effects.
    pub fn advance_minutes(&mut self, minutes: u64) -> Result<(), RuleError> {
        self.advance_by(EventBody::GameTimeAdvanced { minutes })
    }

    /// Advances game time by seconds (a combat round, a rest of a named kind), passing each
    /// day boundary crossed and expiring timed effects.
    pub fn advance_seconds(&mut self, seconds: u64) -> Result<(), RuleError> {
        self.advance_by(EventBody::GameSecondsAdvanced { seconds })
    }

    fn advance_by(&mut self, event: EventBody) -> Result<(), RuleError> {
        let before = self.state.core.clock.game_minutes;
        self.push(event, Visibility::Public, None)?;
        let after = self.state.core.clock.game_minutes;
        let days = after / MINUTES_PER_DAY - before / MINUTES_PER_DAY;
        for _ in 0..days {
            self.pass(Boundary::DayEnd)?;
        }
        self.expire_due()
    }

    fn clock(&self) -> &GameClock {
        &self.state.core.clock
    }

    fn combat_or_err(&self) -> Result<Combat, RuleError> {
        self.clock()
            .combat
            .clone()
            .ok_or_else(|| RuleError::new("no_combat", "there is no combat"))
    }

    /// Starts combat; the first combatant's turn starts.
    pub fn start_combat(&mut self, order: Vec<CharacterId>) -> Result<(), RuleError> {
        self.begin_combat(order, Vec::new(), false)
    }

    /// Starts combat whose order is given round by round: like [`Ctx::start_combat`], but
    /// after each round's end the clock waits, no one acting, until [`Ctx::reorder_combat`]
    /// gives the next round's order (for rulesets that roll initiative each round).
    pub fn start_combat_waiting(&mut self, order: Vec<CharacterId>) -> Result<(), RuleError> {
        self.begin_combat(order, Vec::new(), true)
    }

    /// Starts combat in tie groups (each inner list acts together, in this order; see
    /// [`Combat`]): [`Boundary::GroupEnd`] passes after each group's last turn. With
    /// `waits_for_order`, the clock waits after each round as [`Ctx::start_combat_waiting`].
    pub fn start_combat_grouped(
        &mut self,
        groups: &[Vec<CharacterId>],
        waits_for_order: bool,
    ) -> Result<(), RuleError> {
        let (order, numbers) = flatten_groups(groups)?;
        self.begin_combat(order, numbers, waits_for_order)
    }

    fn begin_combat(
        &mut self,
        order: Vec<CharacterId>,
        groups: Vec<u32>,
        waits_for_order: bool,
    ) -> Result<(), RuleError> {
        if self.clock().combat.is_some() {
            return Err(RuleError::new(
                "combat_running",
                "combat has already started",
            ));
        }
        check_order(&order)?;
        let first = order[0].clone(); // `check_order` refused an empty order.
        let event = if groups.is_empty() {
            EventBody::CombatStarted {
                order,
                waits_for_order,
            }
        } else {
            EventBody::GroupedCombatStarted {
                order,
                groups,
                waits_for_order,
            }
        };
        self.push_order(event)?;
        self.pass(Boundary::TurnStart { who: first })
    }

    /// Sets the turn order from the next round on; the round count runs on.
    ///
    /// During a round the round finishes in its order and the new one takes over when the
    /// next round begins (after `RoundEnd`, before the next `TurnStart`). Between rounds (a
    /// combat that waits for each round's order, after its round ended) the next round begins
    /// at once: its number, then the first combatant's `TurnStart`. Given twice in one round,
    /// the later order stands.
    pub fn reorder_combat(&mut self, order: Vec<CharacterId>) -> Result<(), RuleError> {
        check_order(&order)?;
        self.reorder(order, Vec::new())
    }

    /// [`Ctx::reorder_combat`] in tie groups (a combat rolling initiative counts each round).
    pub fn reorder_combat_grouped(&mut self, groups: &[Vec<CharacterId>]) -> Result<(), RuleError> {
        let (order, numbers) = flatten_groups(groups)?;
        self.reorder(order, numbers)
    }

    fn reorder(&mut self, order: Vec<CharacterId>, groups: Vec<u32>) -> Result<(), RuleError> {
        let combat = self.combat_or_err()?;
        let event = if groups.is_empty() {
            EventBody::CombatReordered { order }
        } else {
            EventBody::CombatReorderedGrouped { order, groups }
        };
        self.push_order(event)?;
        if combat.between_rounds() {
            self.begin_round(combat.round.saturating_add(1))?;
        }
        Ok(())
    }

    /// Starts round `round` at its first combatant (a pending order takes over first).
    fn begin_round(&mut self, round: u32) -> Result<(), RuleError> {
        self.push_order(EventBody::CombatTurn { round, current: 0 })?;
        let first = self.clock().acting().map(str::to_string);
        match first {
            Some(who) => self.pass(Boundary::TurnStart { who }),
            None => Ok(()),
        }
    }

    /// Ends the acting combatant's turn and starts the next one (ending the round after the
    /// last; then a combat that waits for each round's order stops until `reorder_combat`).
    /// In a combat with tie groups, [`Boundary::GroupEnd`] passes after a group's last turn.
    /// Refused while an interrupt window holds the turn change. The ruleset's
    /// `before_turn_end` is asked first and may hold the change with a window of its own.
    pub fn end_turn(&mut self) -> Result<(), RuleError> {
        self.end_turn_asking(true)
    }

    /// `end_turn`, asking the ruleset's `before_turn_end` first when `ask` (not when the
    /// window it opened has just closed: it was asked already).
    fn end_turn_asking(&mut self, ask: bool) -> Result<(), RuleError> {
        let combat = self.combat_or_err()?;
        let Some(who) = combat.order.get(combat.current).cloned() else {
            return Err(RuleError::new(
                "round_over",
                format!(
                    "round {} is over: the next begins with the next round's order \
                     (reorder_combat)",
                    combat.round
                ),
            ));
        };
        self.check_turn_not_held()?;
        if ask {
            let before = self.holding.replace(who.clone());
            let asked = self.hook(|r, ctx| r.before_turn_end(&who, ctx));
            self.holding = before;
            asked?;
            let held = self
                .state
                .core
                .windows
                .iter()
                .any(|w| w.holds_turn_of.is_some());
            // Its window ends the turn when it closes; a hook that ended the combat or moved
            // the turn on has nothing left for us to end.
            let still = self.clock().acting() == Some(who.as_str());
            if held || !still {
                return Ok(());
            }
        }
        let closes_group = combat.closes_group(combat.current);
        self.ending.push(who.clone());
        let passed = self.pass(Boundary::TurnEnd { who: who.clone() });
        self.ending.pop();
        passed?;
        self.move_on(&combat, &who, closes_group)
    }

    /// Refuses to change the turn while an interrupt window holds it.
    fn check_turn_not_held(&self) -> Result<(), RuleError> {
        match self
            .state
            .core
            .windows
            .iter()
            .find(|w| w.holds_turn_of.is_some())
        {
            Some(w) => Err(RuleError::new(
                "window_open",
                format!(
                    "interrupt window `{}` ({}) holds the turn change until every party asked \
                     has answered or declined",
                    w.id, w.kind
                ),
            )),
            None => Ok(()),
        }
    }

    /// After `who`'s turn ended (or it left its slot: removed or delayed), passes the end of
    /// its tie group if it closed one, then starts the next turn — or ends the round. `before`
    /// is the combat as it was when the turn was acting.
    fn move_on(&mut self, before: &Combat, who: &str, closes_group: bool) -> Result<(), RuleError> {
        self.ending.push(who.to_string());
        let passed = if closes_group && self.clock().combat.is_some() {
            self.pass(Boundary::GroupEnd)
        } else {
            Ok(())
        };
        self.ending.pop();
        passed?;
        // Hooks may have ended combat, or added and removed combatants: the next turn is the
        // slot after `who`'s, or the slot it left.
        let (next, len) = match &self.clock().combat {
            Some(c) if c.order.get(c.current).map(String::as_str) == Some(who) => {
                (c.current + 1, c.order.len())
            }
            Some(c) => (c.current, c.order.len()),
            None => (before.current + 1, before.order.len()),
        };
        if next < len {
            if self.clock().combat.is_none() {
                return Ok(());
            }
            self.push_order(EventBody::CombatTurn {
                round: before.round,
                current: next,
            })?;
            let who = self
                .clock()
                .acting()
                .map(str::to_string)
                .unwrap_or_default();
            return self.pass(Boundary::TurnStart { who });
        }
        let seconds = self.ruleset.round_seconds(&self.state);
        if seconds > 0 {
            self.advance_seconds(seconds)?;
        }
        self.ending.push(who.to_string());
        let passed = self.pass(Boundary::RoundEnd);
        self.ending.pop();
        passed?;
        // Hooks may have ended combat, or given the next round's order.
        let Some(now) = self.clock().combat.clone() else {
            return Ok(());
        };
        if now.waits_for_order && now.next_order.is_none() {
            return self.push_order(EventBody::CombatRoundOver {
                round: before.round,
            });
        }
        self.begin_round(before.round.saturating_add(1))
    }

    /// Adds a combatant to the running round at `place` (a summoned creature, a latecomer):
    /// it acts when its slot comes; no boundary passes. Refused when it is already in the
    /// order or `place` names someone who is not.
    pub fn insert_combatant(&mut self, who: &str, place: &Place) -> Result<(), RuleError> {
        let combat = self.combat_or_err()?;
        if who.is_empty() {
            return Err(RuleError::new(
                "bad_character",
                "a character id cannot be empty",
            ));
        }
        if combat.order.iter().any(|c| c == who) {
            return Err(RuleError::new(
                "in_combat",
                format!("`{who}` is already in the combat order"),
            ));
        }
        let (slot, group) = combat
            .slot_for(place)
            .map_err(|e| RuleError::new("bad_place", e))?;
        self.push_order(EventBody::CombatantInserted {
            who: who.to_string(),
            slot,
            group,
        })
    }

    /// Takes a combatant out of the combat (dead, fled): it leaves this round's order and a
    /// pending next order. Removing the acting combatant ends its turn there (no `TurnEnd`:
    /// it is gone) and the next one starts — except while a turn is changing (from the hooks
    /// of its `TurnEnd`, `GroupEnd` or `RoundEnd`), when it simply leaves and the change goes
    /// on past it.
    pub fn remove_combatant(&mut self, who: &str) -> Result<(), RuleError> {
        let combat = self.combat_or_err()?;
        let Some(slot) = combat.order.iter().position(|c| c == who) else {
            return Err(RuleError::new(
                "not_in_combat",
                format!("`{who}` is not in the combat order"),
            ));
        };
        let acting = slot == combat.current && self.ending.is_empty();
        self.push_order(EventBody::CombatantRemoved {
            who: who.to_string(),
        })?;
        if acting {
            self.move_on(&combat, who, combat.closes_group(slot))?;
        }
        Ok(())
    }

    /// The acting combatant delays its turn to a later `place` in this round (it has not
    /// acted: no `TurnEnd` passes now; its turn starts again when its new slot comes). Refused
    /// when `place` is not after the next combatant to act.
    pub fn delay_turn(&mut self, place: &Place) -> Result<(), RuleError> {
        let combat = self.combat_or_err()?;
        let Some(who) = combat.order.get(combat.current).cloned() else {
            return Err(RuleError::new("round_over", "no one is acting"));
        };
        self.check_turn_not_held()?;
        let mut without = combat.clone();
        without.remove(&who);
        let (slot, group) = without
            .slot_for(place)
            .map_err(|e| RuleError::new("bad_place", e))?;
        if slot <= without.current {
            return Err(RuleError::new(
                "delay_not_later",
                format!("a delayed turn must come after the next combatant's (slot {slot})"),
            ));
        }
        self.push_order(EventBody::CombatantDelayed {
            who: who.clone(),
            slot,
            group,
        })?;
        self.move_on(&combat, &who, combat.closes_group(combat.current))
    }

    pub fn end_combat(&mut self) -> Result<(), RuleError> {
        if self.clock().combat.is_none() {
            return Err(RuleError::new("no_combat", "there is no combat"));
        }
        self.push(EventBody::CombatEnded, Visibility::Public, None)
    }

    /// Starts exploration at turn 1 (a real-time length starts the turn timer).
    pub fn start_exploration(&mut self, length: TurnLength) -> Result<(), RuleError> {
        if self.clock().exploration.is_some() {
            return Err(RuleError::new(
                "exploration_running",
                "exploration has already started",
            ));
        }
        if let TurnLength::RealTime { ms } = length
            && ms <= 0
        {
            return Err(RuleError::new(
                "bad_length",
                "a turn must last more than 0 ms",
            ));
        }
        self.push(
            EventBody::ExplorationStarted {
                length: length.clone(),
            },
            Visibility::Public,
            None,
        )?;
        self.begin_exploration_turn(1)
    }

    fn begin_exploration_turn(&mut self, turn: u32) -> Result<(), RuleError> {
        self.push(
            EventBody::ExplorationTurnStarted { turn },
            Visibility::Public,
            None,
        )?;
        let length = self.clock().exploration.as_ref().map(|e| e.length.clone());
        if let Some(TurnLength::RealTime { ms }) = length {
            if self.clock().timers.contains_key(EXPLORATION_TIMER) {
                self.push(
                    EventBody::TimerEnded {
                        id: EXPLORATION_TIMER.to_string(),
                        fired: false,
                    },
                    Visibility::Public,
                    None,
                )?;
            }
            self.start_timer(
                EXPLORATION_TIMER,
                "exploration turn",
                ms,
                Visibility::Public,
            )?;
        }
        Ok(())
    }

    /// Ends the current exploration turn (boundary `exploration_turn_end`, game time for a
    /// game-minutes length) and starts the next.
    pub fn end_exploration_turn(&mut self) -> Result<(), RuleError> {
        let Some(exploration) = self.clock().exploration.clone() else {
            return Err(RuleError::new(
                "no_exploration",
                "exploration has not started",
            ));
        };
        if self.clock().timers.contains_key(EXPLORATION_TIMER) {
            self.push(
                EventBody::TimerEnded {
                    id: EXPLORATION_TIMER.to_string(),
                    fired: false,
                },
                Visibility::Public,
                None,
            )?;
        }
        if let TurnLength::GameMinutes { minutes } = exploration.length {
            self.advance_minutes(minutes)?;
        }
        self.pass(Boundary::ExplorationTurnEnd)?;
        if self.clock().exploration.is_some() {
            self.begin_exploration_turn(exploration.turn + 1)?;
        }
        Ok(())
    }

    pub fn end_exploration(&mut self) -> Result<(), RuleError> {
        if self.clock().exploration.is_none() {
            return Err(RuleError::new(
                "no_exploration",
                "exploration has not started",
            ));
        }
        if self.clock().timers.contains_key(EXPLORATION_TIMER) {
            self.push(
                EventBody::TimerEnded {
                    id: EXPLORATION_TIMER.to_string(),
                    fired: false,
                },
                Visibility::Public,
                None,
            )?;
        }
        self.push(EventBody::ExplorationEnded, Visibility::Public, None)
    }

    pub fn start_rest(&mut self) -> Result<(), RuleError> {
        if self.clock().resting {
            return Err(RuleError::new("resting", "a rest is already under way"));
        }
        self.push(EventBody::RestStarted, Visibility::Public, None)
    }

    /// Starts a rest of a kind the ruleset names ([`Ruleset::rest_kinds`]); refused for any
    /// other kind.
    pub fn start_named_rest(&mut self, kind: &str) -> Result<(), RuleError> {
        let kinds = self.ruleset.rest_kinds(&self.state);
        if !kinds.iter().any(|k| k.name == kind) {
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            return Err(RuleError::new(
                "unknown_rest_kind",
                format!(
                    "`{kind}` is not a kind of rest in {} (kinds: {})",
                    self.ruleset.name(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ),
            ));
        }
        if self.clock().resting {
            return Err(RuleError::new("resting", "a rest is already under way"));
        }
        self.push(
            EventBody::NamedRestStarted {
                kind: kind.to_string(),
            },
            Visibility::Public,
            None,
        )
    }

    /// Ends the rest; a completed rest passes the `rest_end` boundary. A completed rest of a
    /// named kind first moves the clock by the kind's length, and passes its `named_rest_end`
    /// boundary after `rest_end`.
    pub fn end_rest(&mut self, completed: bool) -> Result<(), RuleError> {
        if !self.clock().resting {
            return Err(RuleError::new("not_resting", "no rest is under way"));
        }
        let kind = self.clock().rest_kind.clone();
        if completed && let Some(kind) = &kind {
            let seconds = self
                .ruleset
                .rest_kinds(&self.state)
                .iter()
                .find(|k| &k.name == kind)
                .map_or(0, |k| k.seconds);
            if seconds > 0 {
                self.advance_seconds(seconds)?;
            }
        }
        self.push(EventBody::RestEnded { completed }, Visibility::Public, None)?;
        if completed {
            self.pass(Boundary::RestEnd)?;
            if let Some(rest) = kind {
                self.pass(Boundary::NamedRestEnd { rest })?;
            }
        }
        Ok(())
    }

    /// Sets how long interrupt windows opened from now on wait for answers (`None`: until
    /// every party answers or the Referee closes the window).
    pub fn set_window_timeout(&mut self, ms: Option<i64>) -> Result<(), RuleError> {
        if ms.is_some_and(|ms| ms <= 0) {
            return Err(RuleError::new(
                "bad_timeout",
                "a window timeout must last more than 0 ms",
            ));
        }
        self.push(EventBody::WindowTimeoutSet { ms }, Visibility::Public, None)
    }

    /// Opens an interrupt window ([`Window`]): one decision per party asked (each must offer
    /// a default, taken if the party does not answer in time), and the table's window timer
    /// if the Referee set a timeout. Returns its id. The triggering action is not resolved
    /// now: the ruleset resolves it in `on_window_closed`. Refused when nobody is asked.
    pub fn open_window(&mut self, request: WindowRequest) -> Result<String, RuleError> {
        if request.asks.is_empty() {
            return Err(RuleError::new(
                "empty_window",
                "an interrupt window must ask at least one party",
            ));
        }
        if let Some(ask) = request.asks.iter().find(|a| a.default.is_none()) {
            return Err(RuleError::new(
                "window_without_default",
                format!(
                    "every decision of an interrupt window needs a default (`{}` has none)",
                    ask.kind
                ),
            ));
        }
        // While a turn change is held (`before_turn_end`, or a window holding it closing),
        // every window opened holds it too.
        let held = self
            .holding
            .as_deref()
            .is_some_and(|w| self.clock().acting() == Some(w));
        let holds_turn_of = match (request.holds_turn_end || held, self.clock().acting()) {
            (false, _) => None,
            (true, Some(who)) => Some(who.to_string()),
            (true, None) => {
                return Err(RuleError::new(
                    "no_turn",
                    "no combat turn is running for a window to hold",
                ));
            }
        };
        let id = self.new_id();
        let timeout = self.state.core.window_timeout_ms;
        let window = Window {
            id: id.clone(),
            kind: request.kind,
            context: request.context,
            holds_turn_of,
            pending: Vec::new(),
            answers: Vec::new(),
            timer: timeout.map(|_| window_timer_id(&id)),
            visibility: request.visibility.clone(),
        };
        self.push(
            EventBody::WindowOpened { window },
            request.visibility.clone(),
            None,
        )?;
        for ask in request.asks {
            self.open_decision(ask, Some(id.clone()))?;
        }
        if let Some(ms) = timeout {
            self.start_timer(
                &window_timer_id(&id),
                "reaction window",
                ms,
                request.visibility,
            )?;
        }
        Ok(id)
    }
    /// Closes an interrupt window now (its timeout ran out, or the Referee closes it): every
    /// party still asked takes its decision's default, answered by the system actor; then the
    /// window closes as when everyone has answered.
    pub fn close_window(&mut self, id: &str) -> Result<(), RuleError> {
        let Some(window) = self.state.core.window(id).cloned() else {
            return Err(RuleError::new(
                "unknown_window",
                format!("no open interrupt window `{id}`"),
            ));
        };
        for decision_id in &window.pending {
            let Some(decision) = self.state.core.decision(decision_id).cloned() else {
                continue;
            };
            let option = decision
                .default
                .clone()
                .unwrap_or_else(|| crate::decision::LAPSED_OPTION.to_string());
            self.push(
                EventBody::DecisionAnswered {
                    answer: Answer {
                        decision: decision.id.clone(),
                        option,
                        text: None,
                    },
                    by: Actor::System,
                },
                decision.visibility.clone(),
                None,
            )?;
        }
        self.settle_windows()
    }

    /// Closes every window whose parties have all answered: `window_closed` (its timer
    /// cancelled), the ruleset's `on_window_closed`, then the held turn change. The engine
    /// calls it after every command.
    pub(crate) fn settle_windows(&mut self) -> Result<(), RuleError> {
        while let Some(window) = self
            .state
            .core
            .windows
            .iter()
            .find(|w| w.pending.is_empty())
            .cloned()
        {
            if let Some(timer) = &window.timer
                && self.clock().timers.contains_key(timer)
            {
                self.cancel_timer(timer)?;
            }
            self.push(
                EventBody::WindowClosed {
                    id: window.id.clone(),
                },
                window.visibility.clone(),
                None,
            )?;
            let before = self.holding.clone();
            if window.holds_turn_of.is_some() {
                self.holding.clone_from(&window.holds_turn_of);
            }
            let closed = self.hook(|r, ctx| r.on_window_closed(&window, ctx));
            self.holding = before;
            closed?;
            // A window the hook opened that holds the turn too ends it when it closes; a
            // combatant no longer acting (removed meanwhile) has no turn left to end.
            let held_again = self
                .state
                .core
                .windows
                .iter()
                .any(|w| w.holds_turn_of.is_some());
            if let Some(who) = &window.holds_turn_of
                && !held_again
                && self.clock().acting() == Some(who.as_str())
            {
                // `before_turn_end` was asked when this turn change was first requested.
                self.end_turn_asking(false)?;
            }
        }
        Ok(())
    }

    /// Starts a real-time timer at the command's wall time.
    pub fn start_timer(
        &mut self,
        id: &str,
        label: &str,
        ms: i64,
        visibility: Visibility,
    ) -> Result<(), RuleError> {
        if ms <= 0 {
            return Err(RuleError::new(
                "bad_timer",
                "a timer must last more than 0 ms",
            ));
        }
        if self.clock().timers.contains_key(id) {
            return Err(RuleError::new(
                "timer_exists",
                format!("timer `{id}` already runs"),
            ));
        }
        let timer = Timer {
            id: id.to_string(),
            label: label.to_string(),
            duration_ms: ms,
            elapsed_ms: 0,
            running_since_ms: Some(self.now_ms),
            visibility: visibility.clone(),
        };
        self.push(EventBody::TimerStarted { timer }, visibility, None)
    }

    fn timer_or_err(&self, id: &str) -> Result<Timer, RuleError> {
        self.clock()
            .timers
            .get(id)
            .cloned()
            .ok_or_else(|| RuleError::new("unknown_timer", format!("no timer `{id}`")))
    }

    pub fn pause_timer(&mut self, id: &str) -> Result<(), RuleError> {
        let timer = self.timer_or_err(id)?;
        if timer.running_since_ms.is_none() {
            return Err(RuleError::new(
                "timer_paused",
                format!("timer `{id}` is already paused"),
            ));
        }
        let at_ms = self.now_ms;
        self.push(
            EventBody::TimerPaused {
                id: id.to_string(),
                at_ms,
            },
            timer.visibility,
            None,
        )
    }

    pub fn resume_timer(&mut self, id: &str) -> Result<(), RuleError> {
        let timer = self.timer_or_err(id)?;
        if timer.running_since_ms.is_some() {
            return Err(RuleError::new(
                "timer_running",
                format!("timer `{id}` is not paused"),
            ));
        }
        let at_ms = self.now_ms;
        self.push(
            EventBody::TimerResumed {
                id: id.to_string(),
                at_ms,
            },
            timer.visibility,
            None,
        )
    }

    pub fn cancel_timer(&mut self, id: &str) -> Result<(), RuleError> {
        let timer = self.timer_or_err(id)?;
        self.push(
            EventBody::TimerEnded {
                id: id.to_string(),
                fired: false,
            },
            timer.visibility,
            None,
        )
    }

    /// Fires a timer whose deadline has passed (exactly once: a fired timer is gone).
    pub fn timer_due(&mut self, id: &str) -> Result<(), RuleError> {
        let timer = self.timer_or_err(id)?;
        let remaining = timer.remaining_ms(self.now_ms);
        if timer.running_since_ms.is_none() || remaining > 0 {
            return Err(RuleError::new(
                "timer_not_due",
                format!("timer `{id}` is not due ({remaining} ms of running time left)"),
            ));
        }
        self.push(
            EventBody::TimerEnded {
                id: id.to_string(),
                fired: true,
            },
            timer.visibility.clone(),
            None,
        )?;
        if id == EXPLORATION_TIMER && self.clock().exploration.is_some() {
            self.end_exploration_turn()
        } else if let Some(window) = self
            .state
            .core
            .windows
            .iter()
            .find(|w| w.timer.as_deref() == Some(id))
        {
            let window = window.id.clone();
            self.close_window(&window)
        } else {
            self.hook(|r, ctx| r.on_timer(&timer, ctx))
        }
    }
}

/// Applies one event body to a table state (everything but `Reverted`, which needs the undo
/// buffer). Pure.
pub(crate) fn apply_body<R: Ruleset>(
    ruleset: &R,
    state: &mut TableState<R::State>,
    body: &EventBody,
) -> Result<(), String> {
    let core = &mut state.core;
    match body {
        EventBody::TableCreated { .. } => return Err("table created twice".into()),
        EventBody::Reverted { .. } => return Err("revert outside the undo path".into()),
        EventBody::Rolled { .. }
        | EventBody::Said { .. }
        | EventBody::AccessChanged { .. }
        | EventBody::Unreadable { .. } => {}
        EventBody::ParticipantJoined { name, role } => match role {
            Role::Player => {
                core.participants.players.entry(name.clone()).or_default();
            }
            Role::Spectator => {
                core.participants.spectators.insert(name.clone());
            }
        },
        EventBody::OptionSet { option } => core.options.set(*option),
        EventBody::ParticipantLeft { name } => {
            core.participants.players.remove(name);
            core.participants.spectators.remove(name);
        }
        EventBody::CharacterBound { player, character } => {
            core.participants
                .players
                .entry(player.clone())
                .or_default()
                .insert(character.clone());
        }
        EventBody::CharacterUnbound { player, character } => {
            if let Some(chars) = core.participants.players.get_mut(player) {
                chars.remove(character);
            }
        }
        EventBody::DecisionOpened { decision } => {
            if let Some(w) = &decision.window
                && let Some(window) = core.windows.iter_mut().find(|x| &x.id == w)
            {
                window.pending.push(decision.id.clone());
            }
            core.decisions.push(decision.clone())
        }
        EventBody::DecisionAnswered { answer, by } => {
            if let Some(decision) = core.decisions.iter().find(|d| d.id == answer.decision)
                && let Some(w) = &decision.window
                && let Some(window) = core.windows.iter_mut().find(|x| &x.id == w)
            {
                window.pending.retain(|p| p != &decision.id);
                window.answers.push(WindowAnswer {
                    decision: decision.id.clone(),
                    kind: decision.kind.clone(),
                    answerer: decision.answerer.clone(),
                    option: answer.option.clone(),
                    answered: *by != Actor::System,
                    context: decision.context.clone(),
                });
            }
            core.decisions.retain(|d| d.id != answer.decision)
        }
        EventBody::WindowOpened { window } => core.windows.push(window.clone()),
        EventBody::WindowClosed { id } => core.windows.retain(|w| &w.id != id),
        EventBody::WindowTimeoutSet { ms } => core.window_timeout_ms = *ms,
        EventBody::EffectStarted { effect } => {
            match core.effects.iter_mut().find(|e| e.id == effect.id) {
                Some(existing) => *existing = effect.clone(),
                None => core.effects.push(effect.clone()),
            }
        }
        EventBody::LinkedEffectStarted { effect, link } => {
            match core.effects.iter_mut().find(|e| e.id == effect.id) {
                Some(existing) => *existing = effect.clone(),
                None => core.effects.push(effect.clone()),
            }
            core.effect_links.insert(effect.id.clone(), link.clone());
        }
        EventBody::EffectEnded { effect, .. } => {
            core.effects.retain(|e| &e.id != effect);
            core.effect_links.remove(effect);
        }
        EventBody::BoundaryPassed { boundary } => {
            for effect in &mut core.effects {
                if let Expiry::After { on, remaining } = &mut effect.expiry
                    && on == boundary
                {
                    *remaining = remaining.saturating_sub(1);
                }
            }
        }
        EventBody::CombatStarted { .. }
        | EventBody::GroupedCombatStarted { .. }
        | EventBody::CombatTurn { .. }
        | EventBody::CombatReordered { .. }
        | EventBody::CombatReorderedGrouped { .. }
        | EventBody::CombatantInserted { .. }
        | EventBody::CombatantRemoved { .. }
        | EventBody::CombatantDelayed { .. }
        | EventBody::CombatRoundOver { .. }
        | EventBody::CombatEnded => crate::unseen::apply_combat(&mut core.clock.combat, body),
        EventBody::ExplorationStarted { length } => {
            core.clock.exploration = Some(crate::time::Exploration {
                turn: 0,
                length: length.clone(),
            })
        }
        EventBody::ExplorationTurnStarted { turn } => {
            if let Some(e) = &mut core.clock.exploration {
                e.turn = *turn;
            }
        }
        EventBody::ExplorationEnded => core.clock.exploration = None,
        EventBody::RestStarted => core.clock.resting = true,
        EventBody::NamedRestStarted { kind } => {
            core.clock.resting = true;
            core.clock.rest_kind = Some(kind.clone());
        }
        EventBody::RestEnded { completed } => {
            core.clock.resting = false;
            let kind = core.clock.rest_kind.take();
            if *completed {
                core.clock.rests_completed += 1;
                if let Some(kind) = kind {
                    *core.clock.rests_by_kind.entry(kind).or_default() += 1;
                }
            }
        }
        EventBody::GameTimeAdvanced { minutes } => {
            core.clock.game_minutes = core.clock.game_minutes.saturating_add(*minutes)
        }
        EventBody::GameSecondsAdvanced { seconds } => {
            let now = core.clock.game_seconds().saturating_add(*seconds);
            core.clock.set_game_seconds(now);
        }
        EventBody::TimerStarted { timer } => {
            core.clock.timers.insert(timer.id.clone(), timer.clone());
        }
        EventBody::TimerPaused { id, at_ms } => {
            if let Some(t) = core.clock.timers.get_mut(id)
                && let Some(since) = t.running_since_ms.take()
            {
                t.elapsed_ms = t
                    .elapsed_ms
                    .saturating_add(at_ms.saturating_sub(since).max(0));
            }
        }
        EventBody::TimerResumed { id, at_ms } => {
            if let Some(t) = core.clock.timers.get_mut(id) {
                t.running_since_ms = Some(*at_ms);
            }
        }
        EventBody::TimerEnded { id, .. } => {
            core.clock.timers.remove(id);
        }
        EventBody::Rules { event } => {
            let event = R::Event::deserialize(event)
                .map_err(|e| format!("not a `{}` event: {e}", ruleset.name()))?;
            ruleset.apply(&mut state.rules, &event);
        }
    }
    Ok(())
}
