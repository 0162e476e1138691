//! Commands in, events out: the engine's own commands and events, and the envelope every event
//! is stored and shipped in. Ruleset commands and events travel as JSON inside
//! `Command::Rules` / `EventBody::Rules`, so the store and server need not know the game.

use crate::core::{Actor, CharacterId, PlayerId, Role, Visibility};
use crate::decision::{Answer, Decision, Window};
use crate::time::{Boundary, Effect, EffectLink, Place, Timer, TurnLength, WallMs};
use serde::{Deserialize, Serialize};

/// The version of the event format (bumped on an incompatible change).
pub const EVENT_FORMAT_VERSION: u32 = 1;

/// A command as sent to a table (JSON, externally tagged: `{"rules": {...}}`, `{"undo": {}}`…).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// A ruleset command; its JSON is the ruleset's `Command` type.
    Rules(serde_json::Value),
    /// Answer a pending decision.
    Answer(Answer),
    /// Referee: revert the last `count` command batches (default 1).
    Undo {
        #[serde(default = "one")]
        count: u32,
    },
    /// Referee: a player or spectator joins.
    Join { name: String, role: Role },
    /// Referee: a participant leaves.
    Leave { name: String },
    /// Referee: bind a character to a player.
    Bind {
        player: PlayerId,
        character: CharacterId,
    },
    /// Referee: unbind a character from a player.
    Unbind {
        player: PlayerId,
        character: CharacterId,
    },
    /// Referee (or the system actor for `timer_due`): move the game clock.
    Clock(ClockCommand),
    /// Referee, through the server only: record a change of who may reach the table (an
    /// invite or tokens revoked, the Referee's link rotated). Logged for the Referee alone and
    /// never undone; carries no token or token hash. Not part of the API (the server sends it).
    #[schemars(skip)]
    Access(AccessChange),
    /// Referee: change a table option (`{"set_option": {"players_physical_dice": true}}`).
    /// Recorded as `option_set`, so it replays (and undoes like any command).
    SetOption(TableOption),
    /// Any participant but a spectator: the table's free dice roller
    /// (`{"roll": {"expr": "2d10+1", "label": "…", "secret": false}}`), recorded as `rolled`
    /// with `free: true`. A secret roll is seen by its roller and the Referee only (see
    /// [`crate::chat`]).
    Roll(RollCommand),
    /// Any participant but a spectator: table chat (`{"say": {"text": "…", "to": []}}`); an
    /// empty `to` speaks to the whole table, names in it whisper to those players and/or the
    /// Referee (by the Referee's name). Recorded as `said` (see [`crate::chat`]).
    Say(SayCommand),
}

/// A table option only the Referee changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TableOption {
    /// Players may enter their own physical dice (faces) for their commands; off by default,
    /// when only the Referee may.
    PlayersPhysicalDice(bool),
}

/// The options a table runs with (see [`TableOption`]); every one off by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOptions {
    /// Players may enter physical dice for their own commands.
    #[serde(default)]
    pub players_physical_dice: bool,
}

impl TableOptions {
    /// True when every option is off (the default a state leaves out of its JSON).
    pub fn is_default(&self) -> bool {
        *self == TableOptions::default()
    }

    /// Sets one option.
    pub fn set(&mut self, option: TableOption) {
        match option {
            TableOption::PlayersPhysicalDice(on) => self.players_physical_dice = on,
        }
    }
}

/// A change of access to a table, as the Referee's log records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum AccessChange {
    /// An unused invite was revoked (`invite`: the invite's id, not its token).
    InviteRevoked {
        invite: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        character: Option<CharacterId>,
    },
    /// Every token of a player's seat was revoked (`reissued`: a fresh one was handed out).
    PlayerTokensRevoked {
        player: PlayerId,
        tokens: u32,
        reissued: bool,
    },
    /// The Referee's link was rotated: every older Referee token is dead.
    RefereeLinkRotated { tokens: u32 },
}

fn one() -> u32 {
    1
}

/// Clock commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockCommand {
    /// Start combat with this turn order; the first combatant's turn starts. With
    /// `waits_for_order`, the clock stops after each round until `reorder_combat` gives the
    /// next round's order.
    StartCombat {
        order: Vec<CharacterId>,
        #[serde(default)]
        waits_for_order: bool,
    },
    /// End the current combat turn and start the next (ending the round after the last).
    EndTurn,
    /// The turn order from the next round on (the round count runs on); between rounds the
    /// next round starts at once.
    ReorderCombat {
        order: Vec<CharacterId>,
    },
    EndCombat,
    /// Start exploration (turn 1) with the ruleset's turn length, or the one given.
    StartExploration {
        #[serde(default)]
        length: Option<TurnLength>,
    },
    /// End the current exploration turn and start the next.
    EndExplorationTurn,
    EndExploration,
    StartRest,
    /// End the rest; only a completed rest passes the `rest_end` boundary.
    EndRest {
        completed: bool,
    },
    /// Advance game time (passing day boundaries).
    Advance {
        minutes: u64,
    },
    StartTimer {
        id: String,
        label: String,
        ms: i64,
        #[serde(default)]
        visibility: Visibility,
    },
    PauseTimer {
        id: String,
    },
    ResumeTimer {
        id: String,
    },
    CancelTimer {
        id: String,
    },
    /// The deadline of a running timer has passed (the scheduler sends this as the system actor).
    TimerDue {
        id: String,
    },
    /// Advance game time by seconds (passing day boundaries).
    AdvanceSeconds {
        seconds: u64,
    },
    /// Start a rest of a kind the ruleset names (`short`, `long`).
    StartNamedRest {
        kind: String,
    },
    /// Start combat in tie groups: each inner list acts together, in this order (see
    /// `Combat::groups`).
    StartGroupedCombat {
        groups: Vec<Vec<CharacterId>>,
        #[serde(default)]
        waits_for_order: bool,
    },
    /// The tie groups from the next round on (as `reorder_combat`).
    ReorderGroupedCombat {
        groups: Vec<Vec<CharacterId>>,
    },
    /// Add a combatant to the running round at `place`.
    InsertCombatant {
        who: CharacterId,
        place: Place,
    },
    /// Take a combatant out of the combat (the acting one's turn is over).
    RemoveCombatant {
        who: CharacterId,
    },
    /// The acting combatant delays its turn to a later `place` in this round.
    DelayTurn {
        place: Place,
    },
    /// Close an interrupt window now: every party not yet answered takes its default.
    CloseWindow {
        id: String,
    },
    /// How long an interrupt window waits for answers before the defaults are taken
    /// (`None`: until everyone answers or the Referee closes it).
    SetWindowTimeout {
        #[serde(default)]
        ms: Option<i64>,
    },
}

/// Why an effect ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    Expired,
    Removed,
}

/// The body of an event: engine events plus the ruleset's own (`Rules`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventBody {
    /// Always event 1. Its seed is Referee-only (players see it masked without the seed).
    /// Only a table with `seeded_dice` rolls from its seed (predictably); any other table
    /// (including those created before the flag existed, whose seed is then ignored) draws
    /// fresh entropy for every command attempt.
    TableCreated {
        id: String,
        name: String,
        ruleset: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        seeded_dice: bool,
        referee: String,
        #[serde(default)]
        config: serde_json::Value,
    },
    ParticipantJoined {
        name: String,
        role: Role,
    },
    ParticipantLeft {
        name: String,
    },
    CharacterBound {
        player: PlayerId,
        character: CharacterId,
    },
    CharacterUnbound {
        player: PlayerId,
        character: CharacterId,
    },
    /// A recorded dice roll (replay reads it; it never rolls again).
    Rolled {
        label: String,
        expr: String,
        result: dice::RollResult,
        /// Rolled with the table's free dice roller (`Command::Roll`), not by a rule.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        free: bool,
    },
    /// A chat line by the event's actor: to the whole table (public) when `to` is empty and
    /// `to_referee` false; otherwise a whisper seen by the sender, the players in `to` and the
    /// Referee (who sees every event; `to_referee`: the Referee was named).
    Said {
        text: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        to: Vec<PlayerId>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        to_referee: bool,
    },
    DecisionOpened {
        decision: Decision,
    },
    DecisionAnswered {
        answer: Answer,
        by: Actor,
    },
    EffectStarted {
        effect: Effect,
    },
    EffectEnded {
        effect: String,
        reason: EndReason,
    },
    /// An effect started with a source or a group (see [`EffectLink`]); otherwise as
    /// `effect_started`.
    LinkedEffectStarted {
        effect: Effect,
        link: EffectLink,
    },
    /// The clock passed a boundary (counts down matching effect durations).
    BoundaryPassed {
        boundary: Boundary,
    },
    CombatStarted {
        order: Vec<CharacterId>,
        /// The clock waits for each round's order (see `ClockCommand::StartCombat`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        waits_for_order: bool,
    },
    /// Combat started in tie groups: `groups` is the tie group of each slot of `order`
    /// (see `Combat::groups`); otherwise as `combat_started`.
    GroupedCombatStarted {
        order: Vec<CharacterId>,
        groups: Vec<u32>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        waits_for_order: bool,
    },
    /// Combat moved on to `round` and the combatant at index `current`. When `round` is a new
    /// round, an order given with `CombatReordered` takes over first.
    CombatTurn {
        round: u32,
        current: usize,
    },
    /// The turn order from the next round on.
    CombatReordered {
        order: Vec<CharacterId>,
    },
    /// The turn order from the next round on, in tie groups (`groups`: each slot's group).
    CombatReorderedGrouped {
        order: Vec<CharacterId>,
        groups: Vec<u32>,
    },
    /// A combatant joined the running round at slot `slot` of the order (in tie group `group`
    /// of a combat with groups).
    CombatantInserted {
        who: CharacterId,
        slot: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<u32>,
    },
    /// A combatant left the combat (this round's order and a pending next order).
    CombatantRemoved {
        who: CharacterId,
    },
    /// The acting combatant delayed its turn: it leaves its slot and goes to slot `slot` of
    /// the order without it (in tie group `group` of a combat with groups).
    CombatantDelayed {
        who: CharacterId,
        slot: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<u32>,
    },
    /// Round `round` is over and the clock waits for the next round's order: no one acts.
    CombatRoundOver {
        round: u32,
    },
    CombatEnded,
    ExplorationStarted {
        length: TurnLength,
    },
    ExplorationTurnStarted {
        turn: u32,
    },
    ExplorationEnded,
    RestStarted,
    /// A rest of a kind the ruleset names started.
    NamedRestStarted {
        kind: String,
    },
    RestEnded {
        completed: bool,
    },
    GameTimeAdvanced {
        minutes: u64,
    },
    /// Game time moved by seconds (a combat round of the ruleset's length, a rest of a named
    /// kind, the Referee).
    GameSecondsAdvanced {
        seconds: u64,
    },
    /// An interrupt window opened (its decisions follow as `decision_opened`).
    WindowOpened {
        window: Window,
    },
    /// An interrupt window closed: every party answered, or its timeout ran out or the
    /// Referee closed it (each party still asked then took its default, answered by the
    /// system actor, just before).
    WindowClosed {
        id: String,
    },
    /// The Referee set how long interrupt windows wait (`None`: no timeout).
    WindowTimeoutSet {
        #[serde(default)]
        ms: Option<i64>,
    },
    TimerStarted {
        timer: Timer,
    },
    TimerPaused {
        id: String,
        at_ms: WallMs,
    },
    TimerResumed {
        id: String,
        at_ms: WallMs,
    },
    TimerEnded {
        id: String,
        /// True when it fell due; false when cancelled.
        fired: bool,
    },
    /// The Referee reverted these events (their batches). The log stays append-only.
    Reverted {
        seqs: Vec<u64>,
    },
    /// A ruleset event (the ruleset's `Event` type as JSON).
    Rules {
        event: serde_json::Value,
    },
    /// Access to the table changed (see [`Command::Access`]); Referee-only.
    AccessChanged {
        change: AccessChange,
    },
    /// The Referee set a table option (see [`Command::SetOption`]); public.
    OptionSet {
        option: TableOption,
    },
    /// Never written: what the reader puts in place of a stored event it cannot decode (see
    /// [`Envelope::from_stored`]). It changes nothing, only the Referee sees it, and undo
    /// reverts its batch like any other; the stored text is kept as it is (export copies it).
    Unreadable {
        reason: String,
    },
}

/// An event as stored and shipped: sequence number, batch, wall time, actor, visibility and
/// (optionally) the masked form viewers outside the visibility see instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// 1-based, dense, per table.
    pub seq: u64,
    /// Seq of the first event of the command batch this event belongs to.
    pub batch: u64,
    /// Wall time the command was decided (from the injected clock).
    pub at_ms: WallMs,
    pub actor: Actor,
    pub visibility: Visibility,
    /// What viewers outside `visibility` see instead; `None`: they see nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub masked: Option<EventBody>,
    pub body: EventBody,
}

impl Envelope {
    /// Serialises to the canonical JSON text stored and exported.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Decodes a stored event for play. One event the reader cannot decode (written by an
    /// older version that accepted JSON deeper than the reader takes, or damaged) must not
    /// make its whole table unreadable, so it becomes a Referee-only
    /// [`EventBody::Unreadable`] with the same seq (and batch, when the text starts as the
    /// writer writes it): the table loads, the Referee sees which event was set aside and
    /// why, can undo its batch, and export still carries the stored text byte for byte.
    /// `table_created` (event 1) is never replaced: a table without it has no ruleset.
    pub fn from_stored(seq: u64, text: &str) -> Result<Self, serde_json::Error> {
        match serde_json::from_str::<Envelope>(text) {
            Ok(env) => Ok(env),
            Err(e) if seq > 1 => Ok(Envelope {
                seq,
                batch: stored_batch(text)
                    .filter(|b| (2..=seq).contains(b))
                    .unwrap_or(seq),
                at_ms: 0,
                actor: Actor::System,
                visibility: Visibility::Referee,
                masked: None,
                body: EventBody::Unreadable {
                    reason: format!("stored event {seq} cannot be read ({e}); set aside"),
                },
            }),
            Err(e) => Err(e),
        }
    }
}

/// The batch of a stored event from the start of its text (`{"seq":N,"batch":M,…`, the order
/// the writer uses), without decoding the rest.
fn stored_batch(text: &str) -> Option<u64> {
    let rest = text.strip_prefix("{\"seq\":")?;
    let (_, rest) = rest.split_once(",\"batch\":")?;
    let digits: &str = &rest[..rest.find(|c: char| !c.is_ascii_digit())?];
    digits.parse().ok()
}

/// The free dice roller's command (see [`crate::chat`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RollCommand {
    /// Dice notation (`2d10+1`, `4d6kh3`…), as `delve help dice` describes it.
    pub expr: String,
    /// What the roll is for (at most 80 characters; may be empty).
    #[serde(default)]
    pub label: String,
    /// Seen only by the roller and the Referee (the Referee's own: by the Referee alone).
    #[serde(default)]
    pub secret: bool,
}

/// The table chat's command (see [`crate::chat`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SayCommand {
    /// The message (trimmed; 1 to 1000 characters; newlines allowed).
    pub text: String,
    /// Empty: the whole table. Otherwise a whisper to these players (by name) and/or the
    /// Referee (by the Referee's name); at most 8.
    #[serde(default)]
    pub to: Vec<String>,
}
