//! Exploration: dungeon turns and their end, encounter checks, greed reward, rest and
//! rest activities, town days (spells, crafting and identification: [`super::magic`]).
//!
//! Commands travel like every Crows command (`{"rules": {<command>: {…}}}`); this module's
//! [`ExploreCommand`] variants, their events [`ExploreEvent`] and state [`ExploreState`] (inside
//! [`CrowsState`]). Decisions it opens have kinds starting `crows.explore.` and come back to
//! `on_answer`. Like the rest of [`super`], nothing here is a rule of its own: the numbers and
//! checks come from [`crate::dungeon_turns`], [`crate::encounters`], [`crate::rest`],
//! [`crate::rest_activities`] and [`crate::town`]; every die is a recorded roll.
//!
//! # Dungeon turns
//!
//! The dungeon turn is the engine's exploration turn: its number is `clock.exploration.turn`
//! and a timed turn runs on the engine's pausable `exploration_turn` timer (the server's
//! scheduler sends `timer_due` when it runs out; offline, `delve table tick ID` does the same,
//! and `delve table command`/`answer` fire a passed deadline first). The Referee ends a turn by
//! hand — a manual turn, or a timed one early — with the engine's clock command
//! `{"clock": {"end_exploration_turn": {}}}`. At the end of a turn the core rules roll usage
//! dice, end conditions, apply the magic-slot penalty and wake the knocked-out; then this module
//! makes the Referee's encounter check (CR-DT-06, CR-ERR-36). Inside a dungeon no game minutes
//! pass with the turns (CR-DT-04).
//!
//! Referee only:
//! - `{"enter_dungeon": {"dungeon": "crypt", "length": {"minutes": 30}, "party": ["vera"],
//!   "crowded": false, "chaos_trail": false, "tables": ["crypt-undead"]}}` — dungeon turn 1
//!   starts (CR-DT-01). `length` is `{"minutes": 20|30|60}`, `"rooms"` (1d6 rooms, rolled in
//!   public at the start of each turn; the turn ends when the Referee has marked that many
//!   rooms) or `"manual"`; absent, the table's `dungeon_turn_minutes` (0 = manual) (CR-DT-05).
//!   `party` (default: every living creature a player controls) names the group whose players
//!   get the greed reward on their first entry (CR-DT-08). Emits `dungeon_entered` (public) and
//!   `dungeon_judged` (Referee only: the level flags, EN modifier and encounter tables).
//! - `{"set_dungeon_level": {"crowded": true, "chaos_trail": false, "threshold_modifier": 0,
//!   "tables": ["a", "b"]}}` — the Referee's judgement of the level (CR-ENC-03, CR-REF-30);
//!   Referee-only `dungeon_judged`.
//! - `{"pause_dungeon_turn": {}}`, `{"resume_dungeon_turn": {}}` — breaks and rule look-ups
//!   (CR-DT-03); the turn's timer pauses and resumes. Combat does not pause it.
//! - `{"room_explored": {}}` — "rooms" length only: one more room; the turn ends with the last.
//! - `{"loud_noise": {"what": "smashed the door"}}` — an extra encounter check (CR-ENC-01).
//! - `{"treasure_found": {"what": "gem", "value": 200}}` — the Referee's treasure and its base
//!   value (CR-REF-31); on the group's first entry, found in turn 1/2/3, it gains
//!   30/20/10 % (CR-DT-07, rounded down). Public `treasure_valued`.
//! - `{"leave_dungeon": {}}` — exploration ends and with it the greed window (CR-ERR-48).
//! - `{"set_encounter_rules": {"cap_at_ten": true, "seclude_camp": "raise"}}` — the named
//!   options of CR-ERR-47 and CR-ERR-45.
//! - `{"pass_time": {"minutes": 120}}` — game time outside a dungeon (refused inside one,
//!   CR-DT-04): every 2 hours is one turn end for usage dice and durations (CR-DT-09, the
//!   engine's `exploration_turn_end` boundary, without an encounter check); town activities in
//!   progress advance.
//!
//! The encounter check (CR-ENC-02) is a secret d10 (`roll_secret`): players see only that a
//! roll was made. The Referee-only `encounter_checked` records face, EN and outcome. A 10 is an
//! encounter now (CR-ENC-05); another success opens the Referee decisions `crows.explore.sign`
//! (free text: the sign players hear, published as `encounter_sign`) and
//! `crows.explore.encounter_moment` (option `now`, answered at the moment the Referee picks in
//! the next turn: Referee-only `encounter_happened`; if that turn ends without it, the
//! Referee-only `encounter_overdue` reminds once) (CR-ENC-06). Either way the encounter table
//! follows (CR-ENC-04): one table is rolled at once (a loaded content table by its die, in
//! secret; otherwise just named), several open `crows.explore.encounter_table`.
//!
//! # Rest
//!
//! - `{"start_rest": {"party": ["vera", "bram"], "place": "dungeon"|"wilderness"|"safe"}}`
//!   (Referee) — each resting creature eats a ration from its inventory (core `eat_ration`;
//!   refused under CR-REST-01 when one has none, under CR-REST-06 with an overloaded
//!   magic-item slot). A Ravenous creature (Miasma 3–4, CR-MIASMA-07; the travel family's
//!   `rations_per_rest`) eats two; with only one it eats it and is listed in `rest_started`'s
//!   `hungry`: the rest will give it nothing. A creature that needs no food (override
//!   `needs_no_food`) eats nothing, needs no ration and is never `hungry`. In a dungeon the
//!   current turn ends — its usage dice, expiries and waking as at any turn end — without an encounter check (CR-DT-10, CR-REST-03), and the
//!   next turn's clock waits, paused, for the end of the rest. The core `rest_halfway` ends
//!   turn-long effects and the engine effects that last a dungeon turn (CR-REST-04).
//! - `{"rest_encounter_check": {"threshold": 8}}` (Referee) — once per rest: in a dungeon with
//!   the dungeon EN, on the road with the given rest EN (travel rules, CR-ERR-46); refused in a
//!   safe place (CR-REST-08). Seclude Camp raises the EN (CR-RACT-08).
//! - `{"interrupt_rest": {"reason": "ghouls"}}` (Referee, CR-REF-32) — no benefits; a new rest
//!   must start over (CR-REST-09); in a dungeon the new turn begins (CR-REST-05).
//! - `{"rest_sleep": {"creatures": ["vera"], "hours": 4}}` (the creatures' controllers) — they
//!   sleep, unconscious (CR-REST-07), and the sleep is recorded (`rest.slept`): `hours`
//!   (1…6; default what each still needs to reach 4) add up over stretches, at most the rest's
//!   6. A creature with fewer than 4 hours asleep at `finish_rest` gains nothing from the rest
//!   (CR-REST-01). `{"rest_noise": {"creatures": ["vera"], "distance": 6}}` (Referee) wakes
//!   those within 10 squares; damage wakes a sleeper (core); the end of the rest wakes
//!   everyone.
//! - `{"finish_rest": {}}` (Referee) — the halfway point if not passed yet; the usage dice of
//!   lights still burning (and other "Dungeon turn" items) roll once per 2 hours of the rest
//!   through core, one mark at the middle and two at the end (CR-ERR-34); then
//!   `rest_finishing` names in `unrested` the creatures the rest gives nothing (fewer than 4
//!   hours asleep, CR-REST-01; Ravenous without two rations, CR-MIASMA-07) and each other
//!   creature's controller picks the wound(s) to remove (`crows.explore.remove_wound`, one at a
//!   time; two when tended by a creature that completes the rest, CR-RACT-09). When all are
//!   picked: full Stamina and the wounds (CR-REST-02), the old Prepare for Task bonus ends, the
//!   engine's `rest_end` (core: expertise uses, Rest items — taken back for the unrested), then
//!   each rested creature's activity effect (`activity_resolved`), six game hours pass, and in
//!   a dungeon the new turn's clock starts.
//! - `{"choose_rest_activity": {"creature": "vera", "activity": {"kind": "harvest", "corpse":
//!   "ghoul"}}}` (the creature's controller) — one per rest (CR-RACT-02). Kinds: `craft`
//!   (`item`), `harvest` (`corpse`: 1d6/2d6/3d6/4d6 parts by size; the corpse is destroyed:
//!   the parts, items named "<creature> part" (a loaded `part` card gives their slots and
//!   stacking), and the corpse's gear land on the ground for `pick_up`, CR-CRAFT-04),
//!   `identify` (`item`), `prepare` (`task`; the Referee rules in `crows.explore.task`,
//!   CR-REF-33), `repair_armor`
//!   (`item`), `seclude_camp` (acts at once, one per group), `tend_wounds` (`target`: another
//!   resting creature with two or more wounds, once per rest), `other` (`name`). `craft` and
//!   `identify` are only recorded (`activity_resolved`): the magic family runs them.
//!
//!   A Prepare for Task bonus is kept in the view (`preparations`) until the end of the
//!   character's next rest; core's `test` adds its +2 to every test of that creature whose
//!   `task` names the prepared task (case and spacing aside).
//!
//! # Town
//!
//! - `{"enter_town": {}}`, `{"leave_town": {}}` (Referee, CR-REF-32: a place without
//!   encounters).
//! - `{"start_town_activity": {"creature": "vera", "activity": {…}}}` (controller) — at most 4 a
//!   day, one at a time (CR-TOWN-01, CR-TOWN-03); its effect comes when `pass_time` has given it
//!   2 hours. `{"cancel_town_activity": {"creature": "vera"}}`. The magic family's
//!   `craft … "town": true` is such an activity too: it counts toward the four, continues a
//!   Craft started here (its 2 hours are charged once) and passes the rest of the 2 hours.
//! - `{"town_sleep": {"creatures": ["bram"], "hours": 8}}` (controllers; it records sleep,
//!   `pass_time` moves the clock) — a tended creature benefits (two
//!   wounds, its choice) once a day after 4 hours of sleep following the work (CR-TOWN-02).
//!
//! # Decisions
//!
//! `crows.explore.sign` (Referee, free text), `crows.explore.encounter_moment` (Referee,
//! `now`), `crows.explore.encounter_table` (Referee, a table id), `crows.explore.task`
//! (Referee, `approve`/`refuse`), `crows.explore.remove_wound` (the creature's controller,
//! `slot_<n>`; context `creature`, `purpose` `rest`|`town`, `remaining`).
//!
//! # View
//!
//! Everyone sees the dungeon, the turn number, its length, what is left of it (`deadline_ms`
//! while the timer runs, `remaining_ms` while paused, rooms left), the greed window, the rest
//! and town progress, preparations and the tally of parts harvested. Only the Referee sees the level
//! judgement, the EN, the tables and the signalled encounters waiting.

mod dungeon;
pub(in crate::ruleset) mod resting;
pub(in crate::ruleset) mod state;
pub(in crate::ruleset) mod town_days;
mod visit;

pub use self::state::{BOOK_TURN_MINUTES, MAX_PASS_MINUTES, REST_MINUTES};
use self::visit::{
    dungeon_refused, engine_turn, not_in_the_open, secrets, secrets_of, town_refused, visit,
};

use self::state::push_recent;
pub use self::state::{
    ActivityChoice, DungeonLength, ExploreEvent, ExploreState, Preparation, RECENT, RecentCheck,
    RestPlace, RestRecord, TreasureValuation, Visit, VisitSecrets, WoundPick,
};
pub(in crate::ruleset) use resting::{finish_rest, interrupt_rest, roll_rest_items};

use self::dungeon::*;
use self::resting::*;
use self::town_days::*;

use std::collections::{BTreeMap, BTreeSet};

use engine::time::EXPLORATION_TIMER;
use engine::{
    Acting, Answer, Boundary, Ctx, Decision, Expiry, RuleError, TableState, Viewer, Visibility,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::Crows;
use super::adapter::{decoded, err};
use super::core::records::{record, set_creature_only};
use super::state::CrowsState;
use crate::dungeon_turns::greed_percent;
use crate::encounters::{self, CheckReason, LevelState, PendingEncounter, SecludeCampSign};
use crate::rest::RestEncounter;
use crate::rest_activities::{ActivityOutcome, RestActivity};
use crate::town::TownDay;

/// The explore commands (see the module docs).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ExploreCommand {
    EnterDungeon {
        dungeon: String,
        #[serde(default)]
        length: Option<DungeonLength>,
        #[serde(default)]
        party: Option<Vec<String>>,
        #[serde(default)]
        crowded: bool,
        #[serde(default)]
        chaos_trail: bool,
        #[serde(default)]
        threshold_modifier: i8,
        #[serde(default)]
        tables: Vec<String>,
    },
    SetDungeonLevel {
        crowded: bool,
        chaos_trail: bool,
        #[serde(default)]
        threshold_modifier: i8,
        #[serde(default)]
        tables: Option<Vec<String>>,
    },
    PauseDungeonTurn {},
    ResumeDungeonTurn {},
    RoomExplored {},
    LoudNoise {
        what: String,
    },
    TreasureFound {
        what: String,
        value: u64,
    },
    LeaveDungeon {},
    SetEncounterRules {
        #[serde(default)]
        cap_at_ten: Option<bool>,
        #[serde(default)]
        seclude_camp: Option<SecludeCampSign>,
    },
    PassTime {
        minutes: u64,
    },
    StartRest {
        #[serde(default)]
        party: Option<Vec<String>>,
        #[serde(default)]
        place: Option<RestPlace>,
    },
    RestEncounterCheck {
        #[serde(default)]
        threshold: Option<u8>,
    },
    InterruptRest {
        #[serde(default)]
        reason: Option<String>,
    },
    FinishRest {},
    RestSleep {
        creatures: Vec<String>,
        /// Hours of sleep this stretch gives (default [`crate::rest::ASLEEP_HOURS`]).
        #[serde(default)]
        hours: Option<u32>,
    },
    RestNoise {
        creatures: Vec<String>,
        distance: u32,
    },
    ChooseRestActivity {
        creature: String,
        activity: ActivityChoice,
    },
    EnterTown {},
    LeaveTown {},
    StartTownActivity {
        creature: String,
        activity: ActivityChoice,
    },
    CancelTownActivity {
        creature: String,
    },
    TownSleep {
        creatures: Vec<String>,
        hours: u32,
    },
}

/// For whom a command acts.
pub(super) fn acting(_state: &TableState<CrowsState>, command: &ExploreCommand) -> Acting {
    use ExploreCommand as C;
    match command {
        C::ChooseRestActivity { creature, .. }
        | C::StartTownActivity { creature, .. }
        | C::CancelTownActivity { creature } => Acting::Characters(vec![creature.clone()]),
        C::TownSleep { creatures, .. } | C::RestSleep { creatures, .. } => {
            Acting::Characters(creatures.clone())
        }
        _ => Acting::RefereeOnly,
    }
}

/// Decides a command.
pub(super) fn decide(
    rules: &Crows,
    command: &ExploreCommand,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    use ExploreCommand as C;
    match command {
        C::EnterDungeon {
            dungeon,
            length,
            party,
            crowded,
            chaos_trail,
            threshold_modifier,
            tables,
        } => enter_dungeon(
            ctx,
            dungeon,
            *length,
            party.clone(),
            LevelState {
                crowded: *crowded,
                chaos_trail: *chaos_trail,
            },
            *threshold_modifier,
            tables.clone(),
        ),
        C::SetDungeonLevel {
            crowded,
            chaos_trail,
            threshold_modifier,
            tables,
        } => {
            visit(ctx)?;
            let tables = tables.clone().unwrap_or_else(|| secrets(ctx).tables);
            ctx.emit_for(
                ExploreEvent::DungeonJudged {
                    level: LevelState {
                        crowded: *crowded,
                        chaos_trail: *chaos_trail,
                    },
                    threshold_modifier: *threshold_modifier,
                    tables,
                },
                Visibility::Referee,
            )
        }
        C::PauseDungeonTurn {} => {
            let v = visit(ctx)?;
            encounters::may_pause(true, v.paused).map_err(dungeon_refused)?;
            if !v.resting && timer_running(ctx) {
                ctx.pause_timer(EXPLORATION_TIMER)?;
            }
            ctx.emit(ExploreEvent::DungeonTurnPaused {})
        }
        C::ResumeDungeonTurn {} => {
            let v = visit(ctx)?;
            encounters::may_pause(false, v.paused).map_err(dungeon_refused)?;
            if !v.resting && timer_paused(ctx) {
                ctx.resume_timer(EXPLORATION_TIMER)?;
            }
            ctx.emit(ExploreEvent::DungeonTurnResumed {})
        }
        C::RoomExplored {} => {
            let v = visit(ctx)?;
            encounters::may_mark_room(v.length == DungeonLength::Rooms, v.resting)
                .map_err(dungeon_refused)?;
            let rooms = v.rooms.unwrap_or(0);
            let explored = v.rooms_explored.saturating_add(1);
            ctx.emit(ExploreEvent::RoomMarked { explored, rooms })?;
            if explored >= rooms && ctx.core().clock.exploration.is_some() {
                ctx.end_exploration_turn()?;
            }
            Ok(())
        }
        C::LoudNoise { what } => {
            let v = visit(ctx)?;
            encounters::may_check_for_noise(v.resting).map_err(dungeon_refused)?;
            encounter_check(
                ctx,
                CheckReason::LoudAction { what: what.clone() },
                engine_turn(ctx),
            )
        }
        C::TreasureFound { what, value } => {
            let v = visit(ctx)?;
            let turn = engine_turn(ctx);
            let percent = if v.greed_open { greed_percent(turn) } else { 0 };
            let worth = value.saturating_mul(100 + u64::from(percent)) / 100;
            ctx.emit(ExploreEvent::TreasureValued {
                what: what.clone(),
                base: *value,
                turn,
                percent,
                value: worth,
            })
        }
        C::LeaveDungeon {} => {
            let v = visit(ctx)?;
            encounters::may_leave_dungeon(ctx.rules().explore.rest.is_some())
                .map_err(dungeon_refused)?;
            if ctx.core().clock.exploration.is_some() {
                ctx.end_exploration()?;
            }
            ctx.emit(ExploreEvent::DungeonLeft { dungeon: v.dungeon })
        }
        C::SetEncounterRules {
            cap_at_ten,
            seclude_camp,
        } => {
            let mut options = ctx.rules().explore.encounter_options;
            if let Some(c) = cap_at_ten {
                options.cap_at_ten = *c;
            }
            if let Some(s) = seclude_camp {
                options.seclude_camp = *s;
            }
            ctx.emit(ExploreEvent::EncounterRulesSet { options })
        }
        C::PassTime { minutes } => pass_time(ctx, *minutes),
        C::StartRest { party, place } => start_rest(rules, ctx, party.clone(), *place),
        C::RestEncounterCheck { threshold } => {
            not_in_the_open(
                ctx,
                "its encounter check was made at travel_rest (CR-ROAD-04)",
            )?;
            rest_encounter_check(ctx, *threshold)
        }
        C::RestSleep { creatures, hours } => rest_sleep(ctx, creatures, *hours),
        C::RestNoise {
            creatures,
            distance,
        } => {
            let r = rest(ctx)?;
            let near = if *distance <= crate::conditions::LOUD_NOISE_SQUARES {
                creatures
                    .iter()
                    .filter(|c| r.asleep.contains(*c))
                    .cloned()
                    .collect()
            } else {
                Vec::new()
            };
            wake(ctx, &near, "woken by a loud noise")
        }
        C::InterruptRest { reason } => {
            not_in_the_open(ctx, "end it with travel_rest_end, completed false")?;
            interrupt_rest(ctx, reason.clone())
        }
        C::FinishRest {} => {
            not_in_the_open(ctx, "end it with travel_rest_end (the meals eaten)")?;
            finish_rest(rules, ctx)
        }
        C::ChooseRestActivity { creature, activity } => {
            choose_rest_activity(ctx, creature, activity)
        }
        C::EnterTown {} => {
            crate::town::may_enter_town(
                ctx.rules().explore.visit.is_some(),
                ctx.rules().explore.town.is_some(),
            )
            .map_err(town_refused)?;
            let day = u32::try_from(ctx.core().clock.day()).unwrap_or(u32::MAX);
            ctx.emit(ExploreEvent::TownEntered { day })
        }
        C::LeaveTown {} => {
            town(ctx)?;
            ctx.emit(ExploreEvent::TownLeft {})
        }
        C::StartTownActivity { creature, activity } => start_town_activity(ctx, creature, activity),
        C::CancelTownActivity { creature } => {
            let mut t = town(ctx)?;
            t.cancel(creature).map_err(|e| err("town_refused", e))?;
            ctx.emit(ExploreEvent::TownActivityCancelled {
                creature: creature.clone(),
            })
        }
        C::TownSleep { creatures, hours } => town_sleep(ctx, creatures, *hours),
    }
}

/// What `viewer` may see of this part of the state (`null`: nothing to show).
pub(super) fn project(state: &TableState<CrowsState>, viewer: &Viewer) -> Value {
    let e = &state.rules.explore;
    let clock = &state.core.clock;
    let visit = e.visit.as_ref().map(|v| {
        let timer = clock.timers.get(EXPLORATION_TIMER);
        let mut out = json!({
            "dungeon": v.dungeon,
            "length": v.length,
            "turn": clock.exploration.as_ref().map(|x| x.turn),
            "paused": v.paused,
            "resting": v.resting,
            "greed_open": v.greed_open,
            "greed_percent": if v.greed_open {
                clock.exploration.as_ref().map_or(0, |x| greed_percent(x.turn))
            } else { 0 },
        });
        if let Some(o) = out.as_object_mut() {
            if let Some(t) = timer {
                match t.deadline_ms() {
                    Some(d) => o.insert("deadline_ms".into(), json!(d)),
                    None => o.insert("remaining_ms".into(), json!(t.remaining_ms(0))),
                };
            }
            if let Some(rooms) = v.rooms {
                o.insert(
                    "rooms_left".into(),
                    json!(rooms.saturating_sub(v.rooms_explored)),
                );
            }
        }
        out
    });
    let mut view = json!({
        "visit": visit,
        "rest": e.rest,
        "last_rest_interrupted": e.last_rest_interrupted,
        "wound_picks": e.wound_picks,
        "preparations": e.preparations,
        "parts": e.parts,
        "harvested": e.harvested,
        "town": e.town,
        "encounter_options": e.encounter_options,
        // Public, as the `treasure_valued` events are.
        "recent_treasure": e.recent_treasure,
    });
    if *viewer == Viewer::Referee
        && let Some(o) = view.as_object_mut()
    {
        let threshold = e.secrets.as_ref().map(|s| {
            encounters::modified_threshold(
                encounters::dungeon_threshold(s.level),
                false,
                s.threshold_modifier,
                &e.encounter_options,
            )
        });
        o.insert("secrets".into(), json!(e.secrets));
        o.insert("threshold".into(), json!(threshold));
        o.insert("greed".into(), json!(e.greed));
        // The encounter checks are the Referee's secret rolls (players saw only that a roll
        // was made).
        o.insert("recent_checks".into(), json!(e.recent_checks));
    }
    view
}

/// Applies an event. Pure.
pub(super) fn apply(state: &mut CrowsState, event: &ExploreEvent) {
    use ExploreEvent as E;
    match event {
        E::DungeonEntered { .. }
        | E::DungeonJudged { .. }
        | E::DungeonLeft { .. }
        | E::DungeonTurnPaused { .. }
        | E::DungeonTurnResumed { .. }
        | E::RoomsRolled { .. }
        | E::RoomMarked { .. }
        | E::EncounterChecked { .. }
        | E::EncounterHappened { .. }
        | E::EncounterSign { .. }
        | E::EncounterTable { .. }
        | E::EncounterOverdue { .. }
        | E::TreasureValued { .. }
        | E::EncounterRulesSet { .. }
        | E::OutsideTimePassed { .. } => apply_visit(state, event),
        E::RestEncounterChecked { .. }
        | E::RestStarted { .. }
        | E::RestAsleep { .. }
        | E::RestWoke { .. }
        | E::RestMidpoint { .. }
        | E::RestActivityChosen { .. }
        | E::TaskRuled { .. }
        | E::RestInterrupted { .. }
        | E::RestFinishing { .. }
        | E::WoundPicked { .. }
        | E::RestFinished { .. }
        | E::ActivityResolved { .. } => apply_rest(state, event),
        E::TownPicksOpened { .. }
        | E::TownEntered { .. }
        | E::TownLeft { .. }
        | E::TownNewDay { .. }
        | E::TownActivityStarted { .. }
        | E::TownActivityCancelled { .. }
        | E::TownWorked { .. }
        | E::TownActivityDone { .. }
        | E::TownSlept { .. }
        | E::TownTended { .. } => apply_town(state, event),
    }
}

/// The dungeon visit, its encounter checks and treasure, and time outside.
fn apply_visit(state: &mut CrowsState, event: &ExploreEvent) {
    use ExploreEvent as E;
    let e = &mut state.explore;
    match event {
        E::DungeonEntered {
            dungeon,
            length,
            players,
            greed_open,
        } => {
            e.greed.enter(dungeon, players);
            e.visit = Some(Visit {
                dungeon: dungeon.clone(),
                length: *length,
                greed_open: *greed_open,
                rooms: None,
                rooms_explored: 0,
                paused: false,
                resting: false,
            });
            e.secrets = Some(VisitSecrets::default());
        }
        E::DungeonJudged {
            level,
            threshold_modifier,
            tables,
        } => {
            let s = e.secrets.get_or_insert_with(VisitSecrets::default);
            s.level = *level;
            s.threshold_modifier = *threshold_modifier;
            s.tables = tables.clone();
        }
        E::DungeonLeft { .. } => {
            e.visit = None;
            e.secrets = None;
        }
        E::DungeonTurnPaused {} => {
            if let Some(v) = &mut e.visit {
                v.paused = true;
            }
        }
        E::DungeonTurnResumed {} => {
            if let Some(v) = &mut e.visit {
                v.paused = false;
            }
        }
        E::RoomsRolled { rooms } => {
            if let Some(v) = &mut e.visit {
                v.rooms = Some(*rooms);
                v.rooms_explored = 0;
            }
        }
        E::RoomMarked { explored, .. } => {
            if let Some(v) = &mut e.visit {
                v.rooms_explored = *explored;
            }
        }
        E::EncounterChecked { check, turn } => {
            if let (Some(p), Some(s)) = (check.pending(), &mut e.secrets) {
                s.pending.push(p);
            }
            push_recent(
                &mut e.recent_checks,
                RecentCheck::Turn {
                    turn: *turn,
                    check: check.clone(),
                },
            );
        }
        E::EncounterHappened { due_turn } => {
            if let Some(s) = &mut e.secrets
                && let Some(i) = s.pending.iter().position(|p| p.due_turn == *due_turn)
            {
                s.pending.remove(i);
            }
        }
        E::EncounterSign { .. } | E::EncounterTable { .. } | E::EncounterOverdue { .. } => {}
        E::TreasureValued {
            what,
            base,
            turn,
            percent,
            value,
        } => push_recent(
            &mut e.recent_treasure,
            TreasureValuation {
                what: what.clone(),
                base: *base,
                turn: *turn,
                percent: *percent,
                value: *value,
            },
        ),
        E::EncounterRulesSet { options } => e.encounter_options = *options,
        E::OutsideTimePassed { minutes, .. } => {
            e.outside
                .advance(u32::try_from(*minutes).unwrap_or(u32::MAX));
        }
        _ => {}
    }
}

/// A rest: its encounter check, sleep, activities, interruption and end.
fn apply_rest(state: &mut CrowsState, event: &ExploreEvent) {
    use ExploreEvent as E;
    if let E::ActivityResolved {
        outcome: ActivityOutcome::Harvested { corpse, .. },
        ..
    } = event
    {
        // CR-RACT-04: the harvested corpse is destroyed.
        state.corpses.remove(corpse);
    }
    let e = &mut state.explore;
    match event {
        E::RestEncounterChecked { result, due_turn } => {
            push_recent(
                &mut e.recent_checks,
                RecentCheck::Rest {
                    result: result.clone(),
                },
            );
            if let Some(r) = &mut e.rest {
                r.check_made = true;
            }
            if let (Some(due), Some(s), RestEncounter::Dungeon { check }) =
                (due_turn, &mut e.secrets, result)
            {
                s.pending.push(PendingEncounter {
                    due_turn: *due,
                    reason: check.reason.clone(),
                });
            }
        }
        E::RestStarted {
            party,
            place,
            hungry,
            ..
        } => {
            e.rest = Some(RestRecord {
                party: party.clone(),
                place: *place,
                halfway: false,
                check_made: false,
                camp_secluded_by: None,
                activities: BTreeMap::new(),
                asleep: BTreeSet::new(),
                slept: BTreeMap::new(),
                hungry: hungry.iter().cloned().collect(),
                finishing: false,
                unrested: BTreeMap::new(),
            });
            e.last_rest_interrupted = false;
            if let Some(v) = &mut e.visit {
                v.resting = true;
            }
        }
        E::RestAsleep { creatures, hours } => {
            if let Some(r) = &mut e.rest {
                r.asleep.extend(creatures.iter().cloned());
                for c in creatures {
                    let h = r.slept.entry(c.clone()).or_default();
                    *h = h.saturating_add(*hours);
                }
            }
        }
        E::RestWoke { creatures } => {
            if let Some(r) = &mut e.rest {
                for c in creatures {
                    r.asleep.remove(c);
                }
            }
        }
        E::RestMidpoint { .. } => {
            if let Some(r) = &mut e.rest {
                r.halfway = true;
            }
        }
        E::RestActivityChosen { creature, activity } => {
            if let Some(r) = &mut e.rest {
                if *activity == RestActivity::SecludeCamp {
                    r.camp_secluded_by = Some(creature.clone());
                }
                r.activities.insert(creature.clone(), activity.clone());
            }
            e.task_rulings.remove(creature);
        }
        E::TaskRuled { creature, approved } => {
            if *approved {
                e.task_rulings.insert(creature.clone(), true);
            } else {
                e.task_rulings.remove(creature);
                if let Some(r) = &mut e.rest {
                    r.activities.remove(creature);
                }
                if let Some(t) = &mut e.town {
                    let _ = t.cancel(creature);
                }
            }
        }
        E::RestInterrupted { .. } => {
            e.rest = None;
            e.last_rest_interrupted = true;
            e.wound_picks.retain(|_, p| p.purpose != "rest");
            if let Some(v) = &mut e.visit {
                v.resting = false;
            }
        }
        E::RestFinishing { picks, unrested } => {
            if let Some(r) = &mut e.rest {
                r.finishing = true;
                r.unrested = unrested.clone();
                for (id, n) in picks {
                    e.wound_picks.insert(
                        id.clone(),
                        WoundPick {
                            purpose: "rest".into(),
                            needed: *n,
                            chosen: Vec::new(),
                        },
                    );
                }
            }
        }
        E::WoundPicked { creature, slot } => {
            if let Some(p) = e.wound_picks.get_mut(creature) {
                p.chosen.push(*slot);
            }
        }
        E::RestFinished { party } => {
            e.rest = None;
            e.last_rest_interrupted = false;
            e.wound_picks.retain(|_, p| p.purpose != "rest");
            // CR-RACT-06: the bonus lasts until the end of the character's next rest.
            for id in party {
                e.preparations.remove(id);
            }
            if let Some(v) = &mut e.visit {
                v.resting = false;
            }
        }
        E::ActivityResolved {
            creature,
            outcome,
            in_town,
        } => {
            match outcome {
                ActivityOutcome::Harvested { corpse, parts, .. } => {
                    *e.parts.entry(creature.clone()).or_default() += parts;
                    e.harvested.insert(corpse.clone());
                }
                ActivityOutcome::Prepared { task, bonus, .. } => {
                    e.preparations.insert(
                        creature.clone(),
                        Preparation {
                            task: task.clone(),
                            bonus: *bonus,
                        },
                    );
                }
                ActivityOutcome::WoundsTended { target, .. } if *in_town => {
                    if let Some(t) = &mut e.town {
                        t.pending_tends.insert(
                            target.clone(),
                            crate::town::PendingTend {
                                by: creature.clone(),
                                slept_hours: 0,
                            },
                        );
                    }
                }
                _ => {}
            }
            e.task_rulings.remove(creature);
        }
        _ => {}
    }
}

/// A day in town and its activities.
fn apply_town(state: &mut CrowsState, event: &ExploreEvent) {
    use ExploreEvent as E;
    let e = &mut state.explore;
    match event {
        E::TownPicksOpened { creature, needed } => {
            e.wound_picks.insert(
                creature.clone(),
                WoundPick {
                    purpose: "town".into(),
                    needed: *needed,
                    chosen: Vec::new(),
                },
            );
        }
        E::TownEntered { day } => e.town = Some(TownDay::new(*day)),
        E::TownLeft {} => {
            e.town = None;
            e.wound_picks.retain(|_, p| p.purpose != "town");
        }
        E::TownNewDay {} => {
            if let Some(t) = &mut e.town {
                t.next_day();
            }
        }
        E::TownActivityStarted { creature, activity } => {
            if let Some(t) = &mut e.town {
                *t.started.entry(creature.clone()).or_default() += 1;
                t.in_progress.insert(
                    creature.clone(),
                    crate::town::InProgress {
                        activity: activity.clone(),
                        minutes: 0,
                    },
                );
            }
            e.task_rulings.remove(creature);
        }
        E::TownActivityCancelled { creature } => {
            if let Some(t) = &mut e.town {
                let _ = t.cancel(creature);
            }
            e.task_rulings.remove(creature);
        }
        E::TownWorked { creature, minutes } => {
            if let Some(t) = &mut e.town {
                let _ = t.work(creature, *minutes);
            }
        }
        E::TownActivityDone { creature } => {
            if let Some(t) = &mut e.town {
                t.in_progress.remove(creature);
            }
        }
        E::TownSlept { creature, hours } => {
            if let Some(p) = e
                .town
                .as_mut()
                .and_then(|t| t.pending_tends.get_mut(creature))
            {
                p.slept_hours = p.slept_hours.saturating_add(*hours);
            }
        }
        E::TownTended { creature, .. } => {
            if let Some(t) = &mut e.town {
                t.pending_tends.remove(creature);
                t.tended_today.insert(creature.clone());
            }
            e.wound_picks.remove(creature);
        }
        _ => {}
    }
}

/// A decision of kind `crows.explore.*` was answered.
pub(super) fn on_answer(
    _rules: &Crows,
    decision: &Decision,
    answer: &Answer,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let due_turn: Option<u32> = decoded(&decision.context, "due_turn");
    match decision.kind.as_str() {
        "crows.explore.sign" => {
            let text = encounters::sign(answer.text.clone()).map_err(dungeon_refused)?;
            ctx.emit(ExploreEvent::EncounterSign { text })
        }
        "crows.explore.encounter_moment" => ctx.emit_for(
            ExploreEvent::EncounterHappened {
                due_turn: due_turn.unwrap_or(0),
            },
            Visibility::Referee,
        ),
        "crows.explore.encounter_table" => roll_on_table(ctx, &answer.option),
        "crows.explore.task" => {
            let creature: String = decoded(&decision.context, "creature").unwrap_or_default();
            let approved = answer.option == "approve";
            ctx.emit(ExploreEvent::TaskRuled {
                creature: creature.clone(),
                approved,
            })?;
            if approved {
                complete_town_if_done(ctx, &creature)?;
            }
            Ok(())
        }
        "crows.explore.remove_wound" => {
            let creature: String = decoded(&decision.context, "creature").unwrap_or_default();
            let slot: Option<u8> = answer
                .option
                .strip_prefix("slot_")
                .and_then(|s| s.parse().ok());
            let slot = crate::rest::wound_slot(slot).map_err(|e| err("bad_option", e))?;
            ctx.emit(ExploreEvent::WoundPicked {
                creature: creature.clone(),
                slot,
            })?;
            let Some(pick) = ctx.rules().explore.wound_picks.get(&creature).cloned() else {
                return Ok(());
            };
            if pick.chosen.len() < usize::from(pick.needed) {
                return ask_wound(ctx, &creature);
            }
            if pick.purpose == "town" {
                let mut c = record(ctx, &creature)?.creature.clone();
                for s in &pick.chosen {
                    c.inventory
                        .remove_wound(*s)
                        .map_err(|e| err("wound_refused", e))?;
                }
                set_creature_only(
                    ctx,
                    &creature,
                    c,
                    "wounds tended in town",
                    json!({"wounds_removed": pick.chosen}),
                )?;
                return ctx.emit(ExploreEvent::TownTended {
                    creature,
                    wounds_removed: pick.chosen,
                });
            }
            let all_done = ctx
                .rules()
                .explore
                .wound_picks
                .values()
                .filter(|p| p.purpose == "rest")
                .all(|p| p.chosen.len() >= usize::from(p.needed));
            if all_done && ctx.rules().explore.rest.is_some() {
                complete_rest(ctx)?;
            }
            Ok(())
        }
        other => Err(RuleError::new(
            "unknown_decision",
            format!("no explore decision `{other}`"),
        )),
    }
}

/// The clock passed a boundary (after the core rules handled it).
pub(super) fn on_boundary(
    rules: &Crows,
    boundary: &Boundary,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match boundary {
        Boundary::ExplorationTurnEnd => {
            let Some(v) = ctx.rules().explore.visit.clone() else {
                return Ok(());
            };
            if v.resting || ctx.core().clock.exploration.is_none() {
                // CR-DT-10: the turn a rest ends has no encounter check.
                return Ok(());
            }
            let turn = engine_turn(ctx);
            // A signalled encounter whose turn ends without it: remind the Referee (CR-ENC-06),
            // once, at the end of that turn — not again at every later turn end.
            let overdue: Vec<u32> = secrets_of(ctx.rules())
                .pending
                .iter()
                .filter(|p| p.due_turn == turn)
                .map(|p| p.due_turn)
                .collect();
            for due_turn in overdue {
                ctx.emit_for(
                    ExploreEvent::EncounterOverdue { due_turn },
                    Visibility::Referee,
                )?;
            }
            encounter_check(ctx, CheckReason::EndOfTurn, turn)?;
            roll_rooms(ctx)
        }
        Boundary::Custom { name } if name == "rest_halfway" => {
            let Some(r) = ctx.rules().explore.rest.clone() else {
                return Ok(());
            };
            crate::rest::may_pass_middle(r.halfway).map_err(rest_refused)?;
            // CR-REST-04: the engine effects that last a dungeon turn or tick at its end.
            let ending: Vec<(String, String)> = ctx
                .core()
                .effects
                .iter()
                .filter(|e| {
                    e.ticks.contains(&Boundary::ExplorationTurnEnd)
                        || matches!(
                            &e.expiry,
                            Expiry::After {
                                on: Boundary::ExplorationTurnEnd,
                                ..
                            }
                        )
                })
                .map(|e| (e.id.clone(), e.kind.clone()))
                .collect();
            for (id, _) in &ending {
                ctx.end_effect(id)?;
            }
            ctx.emit(ExploreEvent::RestMidpoint {
                effects_ended: ending.into_iter().map(|(_, k)| k).collect(),
            })?;
            // CR-ERR-34: lights kept burning are items, not effects: the 2-hour marks passed by
            // the middle roll their usage dice.
            roll_rest_items(rules, ctx, HALFWAY_ITEM_ROLLS)
        }
        Boundary::DayEnd if ctx.rules().explore.town.is_some() => {
            ctx.emit(ExploreEvent::TownNewDay {})
        }
        _ => Ok(()),
    }
}

/// A timer this module started fell due (other than the engine's exploration-turn timer).
pub(super) fn on_timer(
    _rules: &Crows,
    _timer: &engine::Timer,
    _ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    Ok(())
}

/// A test this module started (a `CoreCommand::Test` with `then: Then::Explore`, passed to
/// [`Crows::core_decide`]) reached its final result, after any expertise was spent at the
/// commit point. The family starts no such test today: nothing follows.
pub(super) fn after_test(
    _rules: &Crows,
    _creature: &str,
    _resolved: &crate::test_roll::ResolvedTest,
    _then: &super::then::ExploreThen,
    _ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::CoreCommand;

    #[test]
    fn no_explore_name_is_a_core_one() {
        use super::super::{
            CombatCommand, CombatEvent, CoreEvent, MagicCommand, MagicEvent, TravelCommand,
            TravelEvent, variant_names,
        };
        let commands: Vec<&str> = [
            variant_names::<CoreCommand>(),
            variant_names::<MagicCommand>(),
            variant_names::<CombatCommand>(),
            variant_names::<TravelCommand>(),
        ]
        .concat();
        let events: Vec<&str> = [
            variant_names::<CoreEvent>(),
            variant_names::<MagicEvent>(),
            variant_names::<CombatEvent>(),
            variant_names::<TravelEvent>(),
        ]
        .concat();
        assert!(commands.contains(&"rest_halfway"), "names are read");
        for name in variant_names::<ExploreCommand>() {
            assert!(
                !commands.contains(name),
                "{name} is another family's command"
            );
            assert!(
                serde_json::from_value::<CoreCommand>(json!({ *name: {} })).is_err(),
                "{name} parses as a core command"
            );
        }
        for name in variant_names::<ExploreEvent>() {
            assert!(!events.contains(name), "{name} is another family's event");
        }
    }

    #[test]
    fn town_errors_name_their_rule() {
        let e = err("x", crate::town::TownError::DailyLimit("vera".into()));
        assert_eq!(e.rule.as_deref(), Some("CR-TOWN-01"));
    }
}
