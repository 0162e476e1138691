//! The dungeon visit: entering, the turn's clock, encounter checks, time outside.

use std::collections::BTreeSet;

use engine::time::EXPLORATION_TIMER;
use engine::{Answerer, Ctx, DecisionRequest, RuleError, TurnLength, Visibility};
use serde_json::json;

use super::state::{DungeonLength, ExploreEvent};
use super::visit::{check_party, default_party, dungeon_refused, dungeon_threshold, secrets};
use crate::encounters::{self, CheckOutcome, CheckReason, LevelState};
use crate::ruleset::adapter::Crows;
use crate::ruleset::adapter::err;

pub(super) fn timer_running(ctx: &Ctx<'_, Crows>) -> bool {
    ctx.core()
        .clock
        .timers
        .get(EXPLORATION_TIMER)
        .is_some_and(|t| t.running_since_ms.is_some())
}

pub(super) fn timer_paused(ctx: &Ctx<'_, Crows>) -> bool {
    ctx.core()
        .clock
        .timers
        .get(EXPLORATION_TIMER)
        .is_some_and(|t| t.running_since_ms.is_none())
}

pub(super) fn enter_dungeon(
    ctx: &mut Ctx<'_, Crows>,
    dungeon: &str,
    length: Option<DungeonLength>,
    party: Option<Vec<String>>,
    level: LevelState,
    threshold_modifier: i8,
    tables: Vec<String>,
) -> Result<(), RuleError> {
    let at = encounters::Whereabouts {
        dungeon: ctx
            .rules()
            .explore
            .visit
            .as_ref()
            .map(|v| v.dungeon.clone()),
        exploration_running: ctx.core().clock.exploration.is_some(),
        resting: ctx.core().clock.resting || ctx.rules().explore.rest.is_some(),
        in_town: ctx.rules().explore.town.is_some(),
    };
    let minutes = match length {
        Some(DungeonLength::Minutes(m)) => Some(m),
        _ => None,
    };
    encounters::may_enter_dungeon(dungeon, &at, minutes).map_err(dungeon_refused)?;
    let length = match length {
        Some(l) => l,
        None => match ctx.rules().dungeon_turn_minutes {
            0 => DungeonLength::Manual,
            m => DungeonLength::Minutes(u32::try_from(m).unwrap_or(30)),
        },
    };
    let party = match party {
        Some(p) => p,
        None => default_party(ctx),
    };
    if !party.is_empty() {
        check_party(ctx, &party, "CR-DT-08")?;
    }
    let players: BTreeSet<String> = party
        .iter()
        .flat_map(|id| ctx.core().participants.controllers(id).cloned())
        .collect();
    // CR-DT-08: open only on this set of players' first entry into this dungeon.
    let greed_open = ctx
        .rules()
        .explore
        .greed
        .clone()
        .enter(dungeon, &players)
        .open;
    ctx.emit(ExploreEvent::DungeonEntered {
        dungeon: dungeon.to_string(),
        length,
        players,
        greed_open,
    })?;
    ctx.emit_for(
        ExploreEvent::DungeonJudged {
            level,
            threshold_modifier,
            tables,
        },
        Visibility::Referee,
    )?;
    let engine_length = match length {
        DungeonLength::Minutes(m) => TurnLength::RealTime {
            ms: i64::from(m) * 60_000,
        },
        DungeonLength::Rooms | DungeonLength::Manual => TurnLength::Manual,
    };
    ctx.start_exploration(engine_length)?;
    roll_rooms(ctx)
}

/// The "1d6 rooms" length: the new turn's rooms, rolled for everyone to see (CR-DT-05).
pub(super) fn roll_rooms(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let rooms_based = ctx
        .rules()
        .explore
        .visit
        .as_ref()
        .is_some_and(|v| v.length == DungeonLength::Rooms);
    if !rooms_based {
        return Ok(());
    }
    let r = super::super::core::roll_die(ctx, "rooms this dungeon turn", 6, Visibility::Public)?;
    ctx.emit(ExploreEvent::RoomsRolled { rooms: r })
}

/// The Referee's encounter check (CR-ENC-01/02): a secret d10 against the dungeon EN.
pub(super) fn encounter_check(
    ctx: &mut Ctx<'_, Crows>,
    reason: CheckReason,
    turn: u32,
) -> Result<(), RuleError> {
    let threshold = dungeon_threshold(ctx, false);
    let face = secret_d10(ctx, "encounter check")?;
    let check =
        encounters::check(reason, face, threshold, turn).map_err(|e| err("bad_check", e))?;
    ctx.emit_for(
        ExploreEvent::EncounterChecked {
            check: check.clone(),
            turn,
        },
        Visibility::Referee,
    )?;
    after_check(ctx, &check.outcome)
}

pub(super) fn secret_d10(ctx: &mut Ctx<'_, Crows>, label: &str) -> Result<u8, RuleError> {
    let r = ctx.roll_secret(label, "1d10")?;
    encounters::d10_face(r.total).map_err(dungeon_refused)
}

/// What follows a successful check: the sign and its moment (CR-ENC-06), the table (CR-ENC-04).
pub(super) fn after_check(
    ctx: &mut Ctx<'_, Crows>,
    outcome: &CheckOutcome,
) -> Result<(), RuleError> {
    match outcome {
        CheckOutcome::Nothing => return Ok(()),
        CheckOutcome::Immediate => {}
        CheckOutcome::Sign { due_turn } => {
            ctx.ask(
                DecisionRequest::new(
                    "crows.explore.sign",
                    "An encounter approaches: describe the sign the players notice now \
                     (CR-ENC-06)",
                    Answerer::Referee,
                    &[("sign", "Give the sign")],
                )
                .with_free_text()
                .with_args(json!({"due_turn": due_turn}))
                .with_context(json!({"due_turn": due_turn})),
            )?;
            ctx.ask(
                DecisionRequest::new(
                    "crows.explore.encounter_moment",
                    format!(
                        "The signalled encounter happens during dungeon turn {due_turn}: \
                         answer when it does (CR-ENC-06)"
                    ),
                    Answerer::Referee,
                    &[("now", "It happens now")],
                )
                .with_args(json!({"due_turn": due_turn}))
                .with_context(json!({"due_turn": due_turn})),
            )?;
        }
    }
    let tables = secrets(ctx).tables;
    match tables.as_slice() {
        [] => Ok(()),
        [one] => roll_on_table(ctx, one),
        many => {
            let refs: Vec<(&str, &str)> = many.iter().map(|t| (t.as_str(), t.as_str())).collect();
            ctx.ask(DecisionRequest::new(
                "crows.explore.encounter_table",
                "Several kinds of monsters live here: choose the encounter table (CR-ENC-04)",
                Answerer::Referee,
                &refs,
            ))
            .map(|_| ())
        }
    }
}

/// Rolls on a loaded encounter table in secret, or names a table the Referee rolls by hand.
pub(super) fn roll_on_table(ctx: &mut Ctx<'_, Crows>, table: &str) -> Result<(), RuleError> {
    let Some(t) = ctx.rules().content.tables.get(table).cloned() else {
        return ctx.emit_for(
            ExploreEvent::EncounterTable {
                table: table.to_string(),
                roll: None,
                result: None,
            },
            Visibility::Referee,
        );
    };
    let r = ctx.roll_secret(&format!("encounter table {}", t.name), &t.dice())?;
    let result = u32::try_from(r.total)
        .ok()
        .and_then(|n| t.lookup(n))
        .map(|row| row.result.clone());
    ctx.emit_for(
        ExploreEvent::EncounterTable {
            table: table.to_string(),
            roll: Some(r.total),
            result,
        },
        Visibility::Referee,
    )
}
