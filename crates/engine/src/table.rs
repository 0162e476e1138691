//! A table: its state (the fold of its log), the command path (authorise → decide → events),
//! replay, undo, snapshots and per-viewer views, behind an object-safe [`Table`] so the store
//! and server handle every game alike.

use crate::core::{Actor, Role, Viewer, Visibility};
use crate::decision::{Answer, Decision};
use crate::event::{ClockCommand, Command, Envelope, EventBody};
use crate::forecast::report::ForecastOptions;
use crate::limits;
use crate::names;
use crate::ruleset::{
    Acting, CoreState, Ctx, PendingEvent, Roller, RuleError, Ruleset, TableState, WorkState,
    apply_body,
};
use crate::time::WallMs;
use dice::DiceRng;
use rand::SeedableRng;
use serde::Deserialize;
use serde_json::{Value, json};
use std::any::Any;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// How many command batches the Referee can undo (older ones are folded into the checkpoint).
pub const UNDO_DEPTH: usize = 20;
/// Snapshot format version.
pub const SNAPSHOT_FORMAT: u64 = 1;

/// Why a command was refused or a log could not be replayed. A refused command leaves the table
/// unchanged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    #[error("malformed command: {0}")]
    BadCommand(String),
    #[error("not allowed: {0}")]
    NotAllowed(String),
    #[error("{0}")]
    Rule(#[from] RuleError),
    #[error("no open decision `{0}`")]
    UnknownDecision(String),
    #[error("decision `{decision}` must be answered by {answerer}")]
    WrongAnswerer { decision: String, answerer: String },
    #[error("`{option}` is not an option of decision `{decision}`")]
    BadOption { decision: String, option: String },
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("can undo at most {max} command(s) now (limit UNDO_DEPTH = {UNDO_DEPTH})")]
    UndoTooDeep { max: usize },
    #[error("unknown ruleset `{0}` (registered: {1})")]
    UnknownRuleset(String, String),
    #[error("event {seq}: {reason}")]
    Corrupt { seq: u64, reason: String },
    #[error("stale prepared command: prepared at head {prepared}, table is at {head}")]
    Stale { prepared: u64, head: u64 },
    #[error("no entropy for the dice from the operating system: {0}")]
    Entropy(String),
}

/// A new participant's name: in normal form (`names::normalise`), and not a look-alike of the
/// Referee's or a seated participant's name.
fn check_new_name(name: &str, p: &crate::core::Participants) -> Result<(), EngineError> {
    let refuse = |e: names::NameError| {
        let rule = match e {
            names::NameError::LookAlike { .. } => names::NAME_LOOK_ALIKE,
            _ => names::NAME_CHARACTERS,
        };
        EngineError::Rule(RuleError::new("bad_name", e.to_string()).rule(rule))
    };
    let normal = names::normalise(name).map_err(refuse)?;
    if normal != name {
        return Err(EngineError::Rule(
            RuleError::new(
                "bad_name",
                format!(
                    "the name is not in normal form (NFC, trimmed, single spaces): \
                     `{normal}` (limit {})",
                    names::NAME_CHARACTERS
                ),
            )
            .rule(names::NAME_CHARACTERS),
        ));
    }
    let taken = std::iter::once(p.referee.as_str())
        .chain(p.players.keys().map(String::as_str))
        .chain(p.spectators.iter().map(String::as_str));
    names::check_distinct(name, taken).map_err(refuse)
}

pub(crate) fn corrupt(seq: u64, reason: impl Into<String>) -> EngineError {
    EngineError::Corrupt {
        seq,
        reason: reason.into(),
    }
}

/// What a new table is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct NewTable {
    pub id: String,
    pub name: String,
    pub ruleset: String,
    /// `Some`: the table's dice are derived from this seed (reproducible, predictable: for
    /// the offline CLI and tests, unfit for play with untrusted players). `None`: every
    /// command attempt draws fresh entropy from the operating system.
    pub seed: Option<u64>,
    pub referee: String,
    pub config: Value,
}

/// Applies a stored event (not `Reverted`) to a table state: its body, and the seat a
/// `participant_joined` of a player opens (its sequence number; see `Participants::seats`).
fn apply_stored<R: Ruleset>(
    ruleset: &R,
    state: &mut TableState<R::State>,
    env: &Envelope,
) -> Result<(), String> {
    apply_body(ruleset, state, &env.body)?;
    note_seat(&mut state.core.participants, &env.body, env.seq);
    Ok(())
}

/// Opens (a player's `participant_joined`: its seq) or closes (`participant_left`) a seat.
fn note_seat(participants: &mut crate::core::Participants, body: &EventBody, seq: u64) {
    let seats = &mut participants.seats;
    match body {
        EventBody::ParticipantJoined {
            name,
            role: Role::Player,
        } => {
            seats.insert(name.clone(), seq);
        }
        EventBody::ParticipantLeft { name } => {
            seats.remove(name);
        }
        _ => {}
    }
}

/// A command decided but not yet committed: store the events, then `Table::commit`.
pub struct Prepared {
    pub events: Vec<Envelope>,
    base_head: u64,
    state: Box<dyn Any + Send>,
    /// The earliest running-timer deadline once committed (for the scheduler's index).
    deadline: Option<WallMs>,
    /// Bytes of JSON the events add to the log (for the growth window).
    bytes: u64,
}

impl Prepared {
    /// The earliest deadline of a running timer in the state this command leads to (`None`:
    /// no running timer). The store records it with the append, atomically, so a scheduler
    /// knows every table's next deadline without loading the table.
    pub fn next_deadline_ms(&self) -> Option<WallMs> {
        self.deadline
    }
}

/// The earliest deadline of a running timer in `core`.
fn earliest_deadline(core: &CoreState) -> Option<WallMs> {
    core.clock
        .timers
        .values()
        .filter_map(crate::time::Timer::deadline_ms)
        .min()
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("events", &self.events)
            .field("base_head", &self.base_head)
            .field("deadline", &self.deadline)
            .finish_non_exhaustive()
    }
}

/// A forecast copy's refused step (`TypedTable::step_in_place`).
pub(crate) struct StepRefused {
    pub(crate) error: EngineError,
    /// The command's events had already changed the state before the refusal.
    pub(crate) touched: bool,
}

/// The typed table behind the erased [`Table`].
pub(crate) struct TypedTable<R: Ruleset> {
    ruleset: Arc<R>,
    state: TableState<R::State>,
    /// State before the oldest batch in `recent`.
    checkpoint: TableState<R::State>,
    /// Undoable command batches, oldest first.
    recent: VecDeque<Vec<Envelope>>,
    /// What each actor's accepted commands added to the log recently: (wall time, bytes),
    /// oldest first, for [`limits::MAX_ACTOR_BYTES_PER_HOUR`]. Rebuilt from the stored events
    /// (their times and sizes) when a table is replayed and carried in snapshots, so a
    /// restart or an unloaded and reloaded table keeps the window.
    growth: HashMap<String, VecDeque<(WallMs, u64)>>,
    /// A forecast's copy applies the ruleset's events typed (see `Ctx::typed_events`).
    typed_events: bool,
}

impl<R: Ruleset> Clone for TypedTable<R> {
    fn clone(&self) -> Self {
        TypedTable {
            ruleset: self.ruleset.clone(),
            state: self.state.clone(),
            checkpoint: self.checkpoint.clone(),
            recent: self.recent.clone(),
            growth: self.growth.clone(),
            typed_events: self.typed_events,
        }
    }
}

fn undoable(env: &Envelope) -> bool {
    !matches!(
        env.body,
        EventBody::TableCreated { .. }
            | EventBody::Reverted { .. }
            | EventBody::AccessChanged { .. }
    )
}

impl<R: Ruleset> TypedTable<R> {
    /// A table over `state` with no undo history or growth window (a forecast's copy).
    pub(crate) fn in_memory(ruleset: Arc<R>, state: TableState<R::State>) -> Self {
        TypedTable {
            ruleset,
            checkpoint: state.clone(),
            state,
            recent: VecDeque::new(),
            growth: HashMap::new(),
            typed_events: true,
        }
    }

    /// Whether this copy applies the ruleset's events typed (a forecast's, by default) or
    /// through their JSON bodies as a table does (to compare the two).
    pub(crate) fn set_typed_events(&mut self, typed: bool) {
        self.typed_events = typed;
    }

    pub(crate) fn state(&self) -> &TableState<R::State> {
        &self.state
    }

    pub(crate) fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// Derives this copy's dice from `seed` (a forecast run's; never a stored table's).
    pub(crate) fn set_seed(&mut self, seed: u64) {
        self.state.core.fixed_seed = Some(seed);
    }

    /// Replaces a forecast copy's state (its checkpoint, after a late refusal).
    pub(crate) fn set_state(&mut self, state: TableState<R::State>) {
        self.state = state;
    }
}

impl<R: Ruleset> TypedTable<R> {
    fn genesis(ruleset: Arc<R>, env: &Envelope) -> Result<Self, EngineError> {
        let EventBody::TableCreated {
            id,
            name,
            ruleset: rs,
            seed,
            seeded_dice,
            referee,
            config,
        } = &env.body
        else {
            return Err(corrupt(env.seq, "the first event must be table_created"));
        };
        if env.seq != 1 || env.batch != 1 {
            return Err(corrupt(env.seq, "table_created must be event 1"));
        }
        if rs != ruleset.name() {
            return Err(corrupt(
                env.seq,
                format!("ruleset `{rs}` is not `{}`", ruleset.name()),
            ));
        }
        let rules = ruleset
            .init(config)
            .map_err(|e| corrupt(1, e.to_string()))?;
        let state = TableState {
            core: CoreState {
                id: id.clone(),
                name: name.clone(),
                ruleset: rs.clone(),
                fixed_seed: if *seeded_dice {
                    Some(seed.ok_or_else(|| corrupt(1, "seeded_dice without a seed"))?)
                } else {
                    None
                },
                config: config.clone(),
                participants: crate::core::Participants {
                    referee: referee.clone(),
                    ..Default::default()
                },
                clock: Default::default(),
                decisions: Vec::new(),
                effects: Vec::new(),
                effect_links: Default::default(),
                windows: Vec::new(),
                window_timeout_ms: None,
                options: Default::default(),
                head: 1,
            },
            rules,
        };
        Ok(TypedTable {
            ruleset,
            checkpoint: state.clone(),
            state,
            recent: VecDeque::new(),
            growth: HashMap::new(),
            typed_events: false,
        })
    }

    /// Books a committed or replayed event into the undo buffer and checkpoint.
    fn record(&mut self, env: &Envelope) -> Result<(), EngineError> {
        if !undoable(env) {
            return Ok(());
        }
        let continues = self
            .recent
            .back()
            .and_then(|b| b.first())
            .is_some_and(|first| first.batch == env.batch);
        if continues {
            if let Some(batch) = self.recent.back_mut() {
                batch.push(env.clone());
            }
            return Ok(());
        }
        self.recent.push_back(vec![env.clone()]);
        if self.recent.len() > UNDO_DEPTH
            && let Some(oldest) = self.recent.pop_front()
        {
            for e in &oldest {
                apply_stored(&*self.ruleset, &mut self.checkpoint, e)
                    .map_err(|r| corrupt(e.seq, r))?;
                self.checkpoint.core.head = e.seq;
            }
        }
        Ok(())
    }

    fn apply_envelope(&mut self, env: &Envelope) -> Result<(), EngineError> {
        let head = self.state.core.head;
        if env.seq != head + 1 {
            return Err(corrupt(env.seq, format!("expected event {}", head + 1)));
        }
        if env.batch > env.seq || env.batch <= 1 {
            return Err(corrupt(env.seq, format!("bad batch {}", env.batch)));
        }
        if let EventBody::Reverted { seqs } = &env.body {
            self.revert(seqs, env.seq)?;
        } else {
            apply_stored(&*self.ruleset, &mut self.state, env).map_err(|r| corrupt(env.seq, r))?;
            self.record(env)?;
            self.replay_growth(env);
        }
        self.state.core.head = env.seq;
        Ok(())
    }

    /// Books a replayed event into its actor's growth window as [`Self::record_growth`] booked
    /// the command when it was committed: one entry per batch (its first event's time), the
    /// bytes of every event of the batch. An undo (`reverted`) counts as nothing there and
    /// here; an `unreadable` event's size is unknown and counts as nothing.
    fn replay_growth(&mut self, env: &Envelope) {
        if matches!(
            env.body,
            EventBody::TableCreated { .. } | EventBody::Unreadable { .. }
        ) {
            return;
        }
        let bytes = event_bytes(env);
        let key = growth_key(&env.actor);
        if env.batch != env.seq
            && let Some(last) = self.growth.get_mut(&key).and_then(|w| w.back_mut())
        {
            last.1 += bytes;
            return;
        }
        self.record_growth(std::slice::from_ref(env), bytes);
    }

    /// The state with the last `count` batches reverted, and their seqs.
    fn reverted_state(
        &self,
        count: usize,
    ) -> Result<(TableState<R::State>, Vec<u64>), EngineError> {
        let keep = self.recent.len() - count;
        let mut state = self.checkpoint.clone();
        for batch in self.recent.iter().take(keep) {
            for e in batch {
                apply_stored(&*self.ruleset, &mut state, e).map_err(|r| corrupt(e.seq, r))?;
            }
        }
        let seqs = self
            .recent
            .iter()
            .skip(keep)
            .flat_map(|b| b.iter().map(|e| e.seq))
            .collect();
        Ok((state, seqs))
    }

    fn revert(&mut self, seqs: &[u64], at: u64) -> Result<(), EngineError> {
        let count = self
            .recent
            .iter()
            .rev()
            .take_while(|b| b.iter().any(|e| seqs.contains(&e.seq)))
            .count();
        let (state, expected) = self.reverted_state(count)?;
        if expected != seqs {
            return Err(corrupt(at, "revert does not name the last batches"));
        }
        self.recent.truncate(self.recent.len() - count);
        self.state = state;
        Ok(())
    }

    fn authorise(&self, actor: &Actor, command: &Command) -> Result<(), EngineError> {
        let core = &self.state.core;
        let referee_only = |what: &str| -> Result<(), EngineError> {
            match actor {
                Actor::Referee => Ok(()),
                _ => Err(EngineError::NotAllowed(format!(
                    "only the Referee may {what}"
                ))),
            }
        };
        match actor {
            Actor::Spectator(_) => {
                return Err(EngineError::NotAllowed("spectators cannot act".into()));
            }
            Actor::Player(p) if !core.participants.players.contains_key(p) => {
                return Err(EngineError::NotAllowed(format!(
                    "`{p}` is not a player at this table"
                )));
            }
            Actor::System if !matches!(command, Command::Clock(ClockCommand::TimerDue { .. })) => {
                return Err(EngineError::NotAllowed(
                    "the system actor only fires due timers".into(),
                ));
            }
            _ => {}
        }
        match command {
            Command::Rules(_) | Command::Answer(_) => Ok(()), // checked in prepare
            Command::Undo { .. } => referee_only("undo"),
            Command::Join { .. } | Command::Leave { .. } => referee_only("seat participants"),
            Command::Bind { .. } | Command::Unbind { .. } => referee_only("bind characters"),
            Command::Clock(ClockCommand::TimerDue { .. }) if *actor == Actor::System => Ok(()),
            Command::Clock(_) => referee_only("run the clock"),
            Command::Access(_) => referee_only("record access changes"),
            Command::SetOption(_) => referee_only("change table options"),
            // Any participant: spectators, strangers and the system actor were refused above.
            Command::Roll(_) | Command::Say(_) => Ok(()),
        }
    }

    /// Decides a command on a copy of the state (a table's path).
    pub(crate) fn prepare(
        &self,
        actor: &Actor,
        command: &Command,
        now_ms: WallMs,
        roller: &mut dyn Roller,
    ) -> Result<Prepared, EngineError> {
        self.authorise(actor, command)?;
        let base_head = self.state.core.head;
        let first = base_head + 1;
        if let Command::Undo { count } = command {
            return self.prepare_undo(actor, *count as usize, now_ms);
        }
        let rng = self.dice_for(first)?;
        let ruleset = &*self.ruleset;
        let mut ctx = Ctx::new(
            ruleset,
            WorkState::Owned(self.state.clone()),
            actor.clone(),
            rng,
            roller,
            now_ms,
        );
        decide_command(ruleset, &mut ctx, actor, command)?;
        let (state, out, bytes) = ctx.into_parts();
        let WorkState::Owned(state) = state else {
            // Invariant: this function made the Ctx over an owned copy just above.
            return Err(EngineError::BadCommand(
                "the working copy was not owned".into(),
            ));
        };
        let bytes = bytes as u64;
        self.check_growth(actor, now_ms, bytes)?;
        let events = number(out, first, now_ms, actor);
        Ok(Prepared {
            events,
            base_head,
            deadline: earliest_deadline(&state.core),
            state: Box::new(state),
            bytes,
        })
    }

    /// A forecast copy's step: the command is decided on the state itself, with no copy, no
    /// envelopes and no growth window (nothing is stored). A refusal says whether it came
    /// after events had already changed the state, which the caller must then put back
    /// (`forecast::Sim` does, from its checkpoint).
    pub(crate) fn step_in_place(
        &mut self,
        actor: &Actor,
        command: &Command,
        now_ms: WallMs,
        roller: &mut dyn Roller,
    ) -> Result<(), Box<StepRefused>> {
        let clean = |error| {
            Box::new(StepRefused {
                error,
                touched: false,
            })
        };
        self.authorise(actor, command).map_err(clean)?;
        if let Command::Undo { .. } = command {
            return Err(clean(EngineError::BadCommand(
                "a forecast copy keeps no history to undo".into(),
            )));
        }
        let base_head = self.state.core.head;
        let first = base_head + 1;
        let rng = self.dice_for(first).map_err(clean)?;
        let ruleset = &*self.ruleset;
        let typed_events = self.typed_events;
        let mut ctx = Ctx::new(
            ruleset,
            WorkState::Borrowed {
                state: &mut self.state,
                touched: false,
            },
            actor.clone(),
            rng,
            roller,
            now_ms,
        );
        ctx.typed_events = typed_events;
        let decided = decide_command(ruleset, &mut ctx, actor, command);
        let typed = ctx.typed_count() as u64;
        let (work, out, _) = ctx.into_parts();
        let touched = work.touched();
        drop(work);
        decided.map_err(|error| Box::new(StepRefused { error, touched }))?;
        for (p, seq) in out.iter().zip(first..) {
            note_seat(&mut self.state.core.participants, &p.body, seq);
        }
        self.state.core.head = base_head + out.len() as u64 + typed;
        Ok(())
    }

    /// The dice of the command whose first event is `first`: derived from the table's seed
    /// and `first` when it has one, else fresh from the operating system.
    fn dice_for(&self, first: u64) -> Result<DiceRng, EngineError> {
        match self.state.core.fixed_seed {
            Some(seed) => {
                let mut rng = DiceRng::seed_from_u64(seed);
                rng.set_stream(first);
                Ok(rng)
            }
            None => DiceRng::try_from_os_rng().map_err(|e| EngineError::Entropy(e.to_string())),
        }
    }
    /// Refuses a command that would take `actor` past [`limits::MAX_ACTOR_BYTES_PER_HOUR`]
    /// on this table (the system actor's due timers are never refused).
    fn check_growth(&self, actor: &Actor, now_ms: WallMs, bytes: u64) -> Result<(), EngineError> {
        if *actor == Actor::System {
            return Ok(());
        }
        let since = now_ms.saturating_sub(limits::GROWTH_WINDOW_MS);
        let used: u64 = self
            .growth
            .get(&growth_key(actor))
            .map(|w| w.iter().filter(|(at, _)| *at > since).map(|(_, b)| b).sum())
            .unwrap_or(0);
        if used + bytes > limits::MAX_ACTOR_BYTES_PER_HOUR {
            return Err(RuleError::new(
                "log_growth_limit",
                format!(
                    "this command would add {bytes} bytes to the table's log; commands of the \
                     same participant added {used} in the last hour, the limit is {} per hour",
                    limits::MAX_ACTOR_BYTES_PER_HOUR
                ),
            )
            .rule("MAX_ACTOR_BYTES_PER_HOUR")
            .into());
        }
        Ok(())
    }

    fn record_growth(&mut self, events: &[Envelope], bytes: u64) {
        let Some(first) = events.first() else { return };
        let since = first.at_ms.saturating_sub(limits::GROWTH_WINDOW_MS);
        let window = self.growth.entry(growth_key(&first.actor)).or_default();
        while window.front().is_some_and(|(at, _)| *at <= since) {
            window.pop_front();
        }
        window.push_back((first.at_ms, bytes));
    }

    fn prepare_undo(
        &self,
        actor: &Actor,
        count: usize,
        now_ms: WallMs,
    ) -> Result<Prepared, EngineError> {
        if self.recent.is_empty() {
            return Err(EngineError::NothingToUndo);
        }
        if count == 0 || count > self.recent.len() {
            return Err(EngineError::UndoTooDeep {
                max: self.recent.len(),
            });
        }
        let (mut state, seqs) = self.reverted_state(count)?;
        let visibility = self
            .recent
            .iter()
            .skip(self.recent.len() - count)
            .flatten()
            .map(|e| {
                if e.masked.is_some() {
                    Visibility::Public
                } else {
                    e.visibility.clone()
                }
            })
            .fold(Visibility::Referee, |acc, v| acc.union(&v));
        let seq = self.state.core.head + 1;
        state.core.head = seq;
        let events = vec![Envelope {
            seq,
            batch: seq,
            at_ms: now_ms,
            actor: actor.clone(),
            visibility,
            masked: None,
            body: EventBody::Reverted { seqs },
        }];
        Ok(Prepared {
            events,
            base_head: self.state.core.head,
            deadline: earliest_deadline(&state.core),
            state: Box::new(state),
            bytes: 0,
        })
    }

    fn commit(&mut self, prepared: Prepared) -> Result<(), EngineError> {
        if prepared.base_head != self.state.core.head {
            return Err(EngineError::Stale {
                prepared: prepared.base_head,
                head: self.state.core.head,
            });
        }
        let state = prepared
            .state
            .downcast::<TableState<R::State>>()
            .map_err(|_| EngineError::BadCommand("prepared on another table".into()))?;
        let reverted = if let [
            Envelope {
                body: EventBody::Reverted { seqs },
                ..
            },
        ] = prepared.events.as_slice()
        {
            let count = self
                .recent
                .iter()
                .rev()
                .take_while(|b| b.iter().any(|e| seqs.contains(&e.seq)))
                .count();
            self.recent.truncate(self.recent.len() - count);
            true
        } else {
            false
        };
        let mut state = *state;
        if !reverted {
            // The prepared state was built from bodies alone; the seats need the seqs.
            for env in &prepared.events {
                note_seat(&mut state.core.participants, &env.body, env.seq);
                self.record(env)?;
            }
            self.record_growth(&prepared.events, prepared.bytes);
        }
        self.state = state;
        if let Some(last) = prepared.events.last() {
            self.state.core.head = last.seq;
        }
        Ok(())
    }

    fn view(&self, viewer: &Viewer) -> Value {
        let core = &self.state.core;
        let timers: Vec<_> = core
            .clock
            .timers
            .values()
            .filter(|t| t.visibility.allows(viewer))
            .collect();
        let decisions: Vec<_> = core
            .decisions
            .iter()
            .filter(|d| d.visibility.allows(viewer))
            .collect();
        let effects: Vec<_> = core
            .effects
            .iter()
            .filter(|e| e.visibility.allows(viewer))
            .collect();
        let effect_links: std::collections::BTreeMap<_, _> = core
            .effect_links
            .iter()
            .filter(|(id, _)| core.effect(id).is_some_and(|e| e.visibility.allows(viewer)))
            .collect();
        let windows: Vec<_> = core
            .windows
            .iter()
            .filter(|w| w.visibility.allows(viewer))
            .collect();
        let mut view = json!({
            "table": { "id": core.id, "name": core.name, "ruleset": core.ruleset },
            // Seat ids stay with the server (they tie its tokens to seats).
            "participants": {
                "referee": core.participants.referee,
                "players": core.participants.players,
                "spectators": core.participants.spectators,
            },
            "clock": {
                "game_minutes": core.clock.game_minutes,
                "day": core.clock.day(),
                "combat": core.clock.combat.as_ref().map(|c| {
                    crate::unseen::view_combat(c, viewer, |who| {
                        self.ruleset.combatant_visibility(&self.state, who)
                    })
                }),
                "exploration": core.clock.exploration,
                "game_seconds": core.clock.game_seconds(),
                "resting": core.clock.resting,
                "rest_kind": core.clock.rest_kind,
                "rests_completed": core.clock.rests_completed,
                "rests_by_kind": core.clock.rests_by_kind,
                "timers": timers,
            },
            "decisions": decisions,
            "effects": effects,
            "effect_links": effect_links,
            "windows": windows,
            // Public: every seat reads whether players may bring their own dice.
            "options": core.options,
            "rules": self.ruleset.project(&self.state, viewer),
        });
        if *viewer == Viewer::Referee
            && let Some(obj) = view.as_object_mut()
        {
            obj.insert("seed".into(), json!(core.fixed_seed));
            let dice = if core.fixed_seed.is_some() {
                "seeded"
            } else {
                "fresh"
            };
            obj.insert("dice".into(), json!(dice));
            obj.insert("head".into(), json!(core.head));
        }
        view
    }
}

/// Bytes of an event's JSON as its command measured them (its body, plus its masked form).
fn event_bytes(env: &Envelope) -> u64 {
    std::iter::once(&env.body)
        .chain(env.masked.as_ref())
        .map(|body| limits::JsonMeter::of(body).map_or(0, |m| m.bytes as u64))
        .sum()
}

/// The growth window an actor's commands count against.
fn growth_key(actor: &Actor) -> String {
    match actor {
        Actor::Referee => "referee".into(),
        Actor::Player(p) => format!("player:{p}"),
        Actor::Spectator(s) => format!("spectator:{s}"),
        Actor::System => "system".into(),
    }
}

fn unreachable_undo() -> Result<(), EngineError> {
    Err(EngineError::BadCommand(
        "undo is prepared separately".into(),
    ))
}

/// Decides `command` by `actor` into `ctx` (its state is the table's as the command starts):
/// the one path of every command, a table's and a forecast copy's.
fn decide_command<R: Ruleset>(
    ruleset: &R,
    ctx: &mut Ctx<'_, R>,
    actor: &Actor,
    command: &Command,
) -> Result<(), EngineError> {
    match command {
        Command::Rules(json) => {
            let cmd = R::Command::deserialize(json).map_err(|e| {
                EngineError::BadCommand(format!("not a `{}` command: {e}", ruleset.name()))
            })?;
            check_acting(
                &ctx.core().participants,
                actor,
                ruleset.acting(ctx.state(), &cmd),
            )?;
            ruleset.decide(&cmd, ctx)?;
        }
        Command::Answer(answer) => {
            let decision = check_answer(ctx.core(), actor, answer)?;
            ctx.push_engine(
                EventBody::DecisionAnswered {
                    answer: answer.clone(),
                    by: actor.clone(),
                },
                decision.visibility.clone(),
            )?;
            ruleset.on_answer(&decision, answer, ctx)?;
        }
        Command::Join { name, role } => {
            limits::check_name("participant name", name)?;
            if name.trim().is_empty() || ctx.core().participants.has_name(name) {
                return Err(EngineError::NotAllowed(format!(
                    "the name `{name}` is empty or already taken at this table"
                )));
            }
            check_new_name(name, &ctx.core().participants)?;
            ctx.push_engine(
                EventBody::ParticipantJoined {
                    name: name.clone(),
                    role: *role,
                },
                Visibility::Public,
            )?;
        }
        Command::Access(change) => {
            ctx.push_engine(
                EventBody::AccessChanged {
                    change: change.clone(),
                },
                Visibility::Referee,
            )?;
        }
        Command::SetOption(option) => {
            ctx.push_engine(EventBody::OptionSet { option: *option }, Visibility::Public)?;
        }
        Command::Leave { name } => {
            let p = &ctx.core().participants;
            if !p.players.contains_key(name) && !p.spectators.contains(name) {
                return Err(EngineError::NotAllowed(format!("`{name}` is not seated")));
            }
            ctx.push_engine(
                EventBody::ParticipantLeft { name: name.clone() },
                Visibility::Public,
            )?;
        }
        Command::Bind { player, character } => {
            if !ctx.core().participants.players.contains_key(player) {
                return Err(EngineError::NotAllowed(format!(
                    "`{player}` is not a player"
                )));
            }
            ctx.push_engine(
                EventBody::CharacterBound {
                    player: player.clone(),
                    character: character.clone(),
                },
                Visibility::Public,
            )?;
        }
        Command::Unbind { player, character } => {
            if !ctx.core().participants.controls(player, character) {
                return Err(EngineError::NotAllowed(format!(
                    "`{player}` does not control `{character}`"
                )));
            }
            ctx.push_engine(
                EventBody::CharacterUnbound {
                    player: player.clone(),
                    character: character.clone(),
                },
                Visibility::Public,
            )?;
        }
        Command::Clock(clock) => match clock {
            ClockCommand::StartCombat {
                order,
                waits_for_order,
            } => {
                if *waits_for_order {
                    ctx.start_combat_waiting(order.clone())?
                } else {
                    ctx.start_combat(order.clone())?
                }
            }
            ClockCommand::EndTurn => ctx.end_turn()?,
            ClockCommand::ReorderCombat { order } => ctx.reorder_combat(order.clone())?,
            ClockCommand::EndCombat => ctx.end_combat()?,
            ClockCommand::StartExploration { length } => {
                let length = length
                    .clone()
                    .unwrap_or_else(|| ruleset.exploration_turn(ctx.state()));
                ctx.start_exploration(length)?
            }
            ClockCommand::EndExplorationTurn => ctx.end_exploration_turn()?,
            ClockCommand::EndExploration => ctx.end_exploration()?,
            ClockCommand::StartRest => ctx.start_rest()?,
            ClockCommand::EndRest { completed } => ctx.end_rest(*completed)?,
            ClockCommand::Advance { minutes } => ctx.advance_minutes(*minutes)?,
            ClockCommand::StartTimer {
                id,
                label,
                ms,
                visibility,
            } => {
                limits::check_name("timer id", id)?;
                limits::check_name("timer label", label)?;
                ctx.start_timer(id, label, *ms, visibility.clone())?
            }
            ClockCommand::PauseTimer { id } => ctx.pause_timer(id)?,
            ClockCommand::ResumeTimer { id } => ctx.resume_timer(id)?,
            ClockCommand::CancelTimer { id } => ctx.cancel_timer(id)?,
            ClockCommand::TimerDue { id } => ctx.timer_due(id)?,
            ClockCommand::AdvanceSeconds { seconds } => ctx.advance_seconds(*seconds)?,
            ClockCommand::StartNamedRest { kind } => ctx.start_named_rest(kind)?,
            ClockCommand::StartGroupedCombat {
                groups,
                waits_for_order,
            } => ctx.start_combat_grouped(groups, *waits_for_order)?,
            ClockCommand::ReorderGroupedCombat { groups } => ctx.reorder_combat_grouped(groups)?,
            ClockCommand::InsertCombatant { who, place } => {
                limits::check_name("combatant", who)?;
                ctx.insert_combatant(who, place)?
            }
            ClockCommand::RemoveCombatant { who } => ctx.remove_combatant(who)?,
            ClockCommand::DelayTurn { place } => ctx.delay_turn(place)?,
            ClockCommand::CloseWindow { id } => ctx.close_window(id)?,
            ClockCommand::SetWindowTimeout { ms } => ctx.set_window_timeout(*ms)?,
        },
        Command::Roll(roll) => crate::chat::decide_roll(roll, ctx)?,
        Command::Say(say) => crate::chat::decide_say(say, ctx)?,
        Command::Undo { .. } => unreachable_undo()?,
    }
    // A window whose every party has answered closes now (after the answer's own rule).
    ctx.settle_windows()?;
    Ok(())
}

fn check_acting(
    participants: &crate::core::Participants,
    actor: &Actor,
    acting: Acting,
) -> Result<(), EngineError> {
    let Actor::Player(p) = actor else {
        return Ok(()); // the Referee acts for anyone; spectators/system were refused earlier
    };
    match acting {
        Acting::RefereeOnly => Err(EngineError::NotAllowed(
            "only the Referee may issue this command".into(),
        )),
        Acting::AnyParticipant => Ok(()),
        Acting::Characters(chars) => match chars.iter().find(|c| !participants.controls(p, c)) {
            Some(c) => Err(EngineError::NotAllowed(format!(
                "player `{p}` does not control `{c}`"
            ))),
            None => Ok(()),
        },
    }
}

fn check_answer(core: &CoreState, actor: &Actor, answer: &Answer) -> Result<Decision, EngineError> {
    let viewer = crate::core::Participants::viewer_of(actor);
    // A decision the actor may not see is reported as unknown: its existence is a secret.
    let decision = core
        .decision(&answer.decision)
        .filter(|d| d.visibility.allows(&viewer))
        .ok_or_else(|| EngineError::UnknownDecision(answer.decision.clone()))?;
    if let Actor::Player(p) = actor
        && !decision.answerable_by_player(p, &core.participants)
    {
        let answerer = match &decision.answerer {
            crate::decision::Answerer::Referee => "the Referee".to_string(),
            crate::decision::Answerer::Player(p) => format!("player `{p}`"),
            crate::decision::Answerer::Controller(c) => format!("the controller of `{c}`"),
        };
        return Err(EngineError::WrongAnswerer {
            decision: decision.id.clone(),
            answerer,
        });
    }
    let option_ok = if decision.options.is_empty() {
        decision.free_text
    } else {
        decision.options.iter().any(|o| o.id == answer.option)
    };
    if !option_ok {
        return Err(EngineError::BadOption {
            decision: decision.id.clone(),
            option: answer.option.clone(),
        });
    }
    if answer.text.is_some() && !decision.free_text {
        return Err(EngineError::BadCommand(format!(
            "decision `{}` takes no free text",
            decision.id
        )));
    }
    Ok(decision.clone())
}

fn number(out: Vec<PendingEvent>, first: u64, now_ms: WallMs, actor: &Actor) -> Vec<Envelope> {
    out.into_iter()
        .zip(first..)
        .map(|(p, seq)| Envelope {
            seq,
            batch: first,
            at_ms: now_ms,
            actor: actor.clone(),
            visibility: p.visibility,
            masked: p.masked,
            body: p.body,
        })
        .collect()
}

/// The erased table interface (one implementation per ruleset type).
trait ErasedTable: Send + Sync {
    fn core(&self) -> &CoreState;
    fn prepare(
        &self,
        actor: &Actor,
        command: &Command,
        now_ms: WallMs,
        roller: &mut dyn Roller,
    ) -> Result<Prepared, EngineError>;
    fn commit(&mut self, prepared: Prepared) -> Result<(), EngineError>;
    fn apply(&mut self, env: &Envelope) -> Result<(), EngineError>;
    fn view(&self, viewer: &Viewer) -> Value;
    fn state_json(&self) -> Value;
    fn snapshot(&self) -> Value;
    fn undo_depth(&self) -> usize;
    fn undo_floor(&self) -> u64;
    fn box_clone(&self) -> Box<dyn ErasedTable>;
    fn check_rules_command(&self, command: &Value) -> Result<(), EngineError>;
    fn query(&self, viewer: &Viewer, name: &str, args: &Value) -> Result<Value, RuleError>;
    fn forecast(
        &self,
        kind: &str,
        args: &Value,
        options: &ForecastOptions,
        now_ms: WallMs,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<Value, RuleError>;
    fn forecast_kinds(&self) -> Vec<&'static str>;
}

impl<R: Ruleset> ErasedTable for TypedTable<R> {
    fn core(&self) -> &CoreState {
        &self.state.core
    }
    fn prepare(
        &self,
        actor: &Actor,
        command: &Command,
        now_ms: WallMs,
        roller: &mut dyn Roller,
    ) -> Result<Prepared, EngineError> {
        TypedTable::prepare(self, actor, command, now_ms, roller)
    }
    fn commit(&mut self, prepared: Prepared) -> Result<(), EngineError> {
        TypedTable::commit(self, prepared)
    }
    fn apply(&mut self, env: &Envelope) -> Result<(), EngineError> {
        self.apply_envelope(env)
    }
    fn view(&self, viewer: &Viewer) -> Value {
        TypedTable::view(self, viewer)
    }
    fn state_json(&self) -> Value {
        serde_json::to_value(&self.state).unwrap_or(Value::Null)
    }
    fn snapshot(&self) -> Value {
        json!({
            "format": SNAPSHOT_FORMAT,
            "ruleset": self.ruleset.name(),
            "head": self.state.core.head,
            "state": self.state,
            "checkpoint": self.checkpoint,
            "recent": self.recent,
            "growth": self.growth,
        })
    }
    fn undo_depth(&self) -> usize {
        self.recent.len()
    }
    fn undo_floor(&self) -> u64 {
        self.recent
            .front()
            .and_then(|batch| batch.first())
            .map_or(self.state.core.head + 1, |e| e.seq)
    }
    fn box_clone(&self) -> Box<dyn ErasedTable> {
        Box::new(self.clone())
    }
    fn check_rules_command(&self, command: &Value) -> Result<(), EngineError> {
        R::Command::deserialize(command).map(|_| ()).map_err(|e| {
            EngineError::BadCommand(format!("not a `{}` command: {e}", self.ruleset.name()))
        })
    }
    fn query(&self, viewer: &Viewer, name: &str, args: &Value) -> Result<Value, RuleError> {
        self.ruleset.query(&self.state, viewer, name, args)
    }
    fn forecast(
        &self,
        kind: &str,
        args: &Value,
        options: &ForecastOptions,
        now_ms: WallMs,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<Value, RuleError> {
        options.check()?;
        self.ruleset
            .forecast(&self.state, kind, args, options, now_ms, progress)
    }
    fn forecast_kinds(&self) -> Vec<&'static str> {
        self.ruleset.forecast_kinds()
    }
}

/// The per-ruleset factory the registry holds.
pub(crate) trait TableFactory: Send + Sync {
    fn name(&self) -> &'static str;
    fn genesis(&self, env: &Envelope) -> Result<Table, EngineError>;
    fn restore(&self, snapshot: &Value) -> Result<Table, EngineError>;
    fn command_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema;
}

pub(crate) struct Factory<R: Ruleset>(pub Arc<R>);

impl<R: Ruleset> TableFactory for Factory<R> {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn command_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        self.0.command_schema(generator)
    }
    fn genesis(&self, env: &Envelope) -> Result<Table, EngineError> {
        Ok(Table {
            inner: Box::new(TypedTable::genesis(self.0.clone(), env)?),
        })
    }
    fn restore(&self, snapshot: &Value) -> Result<Table, EngineError> {
        #[derive(Deserialize)]
        #[serde(bound = "")]
        struct Snap<S: serde::de::DeserializeOwned> {
            format: u64,
            state: TableState<S>,
            checkpoint: TableState<S>,
            recent: VecDeque<Vec<Envelope>>,
            /// Absent in snapshots from before the growth window was kept.
            #[serde(default)]
            growth: HashMap<String, VecDeque<(WallMs, u64)>>,
        }
        let snap = Snap::<R::State>::deserialize(snapshot)
            .map_err(|e| corrupt(0, format!("bad snapshot: {e}")))?;
        if snap.format != SNAPSHOT_FORMAT {
            return Err(corrupt(
                0,
                format!("snapshot format {} unknown", snap.format),
            ));
        }
        Ok(Table {
            inner: Box::new(TypedTable {
                ruleset: self.0.clone(),
                state: snap.state,
                checkpoint: snap.checkpoint,
                recent: snap.recent,
                growth: snap.growth,
                typed_events: false,
            }),
        })
    }
}

/// A table of any ruleset. Commands are prepared (decided, not applied), stored, then
/// committed; replay applies stored events.
pub struct Table {
    inner: Box<dyn ErasedTable>,
}

impl Clone for Table {
    fn clone(&self) -> Self {
        Table {
            inner: self.inner.box_clone(),
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("id", &self.core().id)
            .field("ruleset", &self.core().ruleset)
            .field("head", &self.core().head)
            .finish()
    }
}

impl Table {
    pub fn core(&self) -> &CoreState {
        self.inner.core()
    }
    pub fn id(&self) -> &str {
        &self.core().id
    }
    /// Seq of the last event.
    pub fn head(&self) -> u64 {
        self.core().head
    }

    /// Decides a command without changing the table. Store `prepared.events` (expecting
    /// `head()`), then `commit`. A refused command changes nothing.
    pub fn prepare(
        &self,
        actor: &Actor,
        command: &Command,
        now_ms: WallMs,
        roller: &mut dyn Roller,
    ) -> Result<Prepared, EngineError> {
        self.inner.prepare(actor, command, now_ms, roller)
    }

    /// Parses a JSON command and prepares it.
    pub fn prepare_json(
        &self,
        actor: &Actor,
        command: &Value,
        now_ms: WallMs,
        roller: &mut dyn Roller,
    ) -> Result<Prepared, EngineError> {
        let command =
            Command::deserialize(command).map_err(|e| EngineError::BadCommand(format!("{e}")))?;
        self.prepare(actor, &command, now_ms, roller)
    }

    /// Makes a prepared command part of the table (after it was stored).
    pub fn commit(&mut self, prepared: Prepared) -> Result<(), EngineError> {
        self.inner.commit(prepared)
    }

    /// Prepares and commits at once (in-memory use); returns the events.
    pub fn execute(
        &mut self,
        actor: &Actor,
        command: &Command,
        now_ms: WallMs,
        roller: &mut dyn Roller,
    ) -> Result<Vec<Envelope>, EngineError> {
        let prepared = self.prepare(actor, command, now_ms, roller)?;
        let events = prepared.events.clone();
        self.commit(prepared)?;
        Ok(events)
    }

    /// Applies a stored event (replay). Events must come in order.
    pub fn apply(&mut self, env: &Envelope) -> Result<(), EngineError> {
        self.inner.apply(env)
    }

    /// What `viewer` may see of the table now.
    pub fn view(&self, viewer: &Viewer) -> Value {
        self.inner.view(viewer)
    }

    /// The ruleset's answer to the read-only question `name` as `viewer` may ask it
    /// ([`Ruleset::query`]); changes nothing.
    pub fn query(&self, viewer: &Viewer, name: &str, args: &Value) -> Result<Value, RuleError> {
        self.inner.query(viewer, name, args)
    }

    /// Plays the situation forward (a forecast of kind `kind`: [`Ruleset::forecast`]) on a
    /// private copy; the table, its log and every viewer are untouched. The Referee's only:
    /// anyone else is refused before any work.
    pub fn forecast(
        &self,
        viewer: &Viewer,
        kind: &str,
        args: &Value,
        options: &ForecastOptions,
        now_ms: WallMs,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<Value, RuleError> {
        if *viewer != Viewer::Referee {
            return Err(RuleError::new(
                "forecast_referee_only",
                "only the Referee may ask for a forecast",
            ));
        }
        self.inner.forecast(kind, args, options, now_ms, progress)
    }

    /// The forecasts this table's ruleset offers (empty: none).
    pub fn forecast_kinds(&self) -> Vec<&'static str> {
        self.inner.forecast_kinds()
    }

    /// The full state (Referee's eyes) as JSON, for comparisons and debugging.
    pub fn state_json(&self) -> Value {
        self.inner.state_json()
    }

    /// A snapshot that `Table::restore` turns back into this table exactly.
    pub fn snapshot(&self) -> Value {
        self.inner.snapshot()
    }

    /// How many command batches can be undone now.
    pub fn undo_depth(&self) -> usize {
        self.inner.undo_depth()
    }

    /// The first seq an undo could revert now (the head + 1 when nothing can be undone). Every
    /// later `reverted` event names only seqs from here on (replay refuses any other), so a
    /// log projector may forget the numbering of earlier events ([`crate::LogProjector`]).
    pub fn undo_floor(&self) -> u64 {
        self.inner.undo_floor()
    }

    /// Whether `command` (the JSON inside `{"rules": …}`) is a command of this table's ruleset,
    /// without deciding it (e.g. whether the ruleset takes content packs through
    /// [`crate::registry::PACK_COMMAND`]).
    pub fn check_rules_command(&self, command: &Value) -> Result<(), EngineError> {
        self.inner.check_rules_command(command)
    }

    /// Running timers whose deadline is at or before `now` (for the scheduler).
    pub fn due_timers(&self, now_ms: WallMs) -> Vec<String> {
        self.core()
            .clock
            .timers
            .values()
            .filter(|t| t.deadline_ms().is_some_and(|d| d <= now_ms))
            .map(|t| t.id.clone())
            .collect()
    }

    /// The earliest deadline of a running timer.
    pub fn next_deadline(&self) -> Option<(String, WallMs)> {
        self.core()
            .clock
            .timers
            .values()
            .filter_map(|t| t.deadline_ms().map(|d| (t.id.clone(), d)))
            .min_by_key(|(_, d)| *d)
    }
}
