//! Town days: activities of two hours, four a day, and the tend-wounds exception.

use crate::ruleset::explore::resting::activity_of;
use crate::ruleset::explore::resting::ask_task;
use crate::ruleset::explore::resting::ask_wound;
use crate::ruleset::explore::resting::creatures_by_id;
use crate::ruleset::explore::resting::resolve_activity;

use std::collections::BTreeMap;

use engine::{Boundary, Ctx, RuleError};

use super::state::{ActivityChoice, ExploreEvent, MAX_PASS_MINUTES};
use crate::rest_activities::RestActivity;
use crate::ruleset::adapter::Crows;
use crate::ruleset::adapter::err;
use crate::ruleset::core::records::{living, record};
use crate::ruleset::explore::visit::{dungeon_refused, town_refused};
use crate::town::{ACTIVITY_MINUTES, TEND_SLEEP_HOURS, TownDay};

pub(super) fn town(ctx: &Ctx<'_, Crows>) -> Result<TownDay, RuleError> {
    crate::town::in_town(ctx.rules().explore.town.clone()).map_err(town_refused)
}

pub(super) fn start_town_activity(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    choice: &ActivityChoice,
) -> Result<(), RuleError> {
    let mut t = town(ctx)?;
    crate::town::may_start_activity(ctx.rules().explore.rest.is_some()).map_err(town_refused)?;
    living(ctx, creature)?;
    let taken: BTreeMap<String, RestActivity> = t
        .in_progress
        .iter()
        .map(|(k, p)| (k.clone(), p.activity.clone()))
        .collect();
    let activity = activity_of(ctx, choice, &taken)?;
    if let RestActivity::TendWounds { target } = &activity {
        living(ctx, target)?;
    }
    t.start(creature, activity.clone(), &creatures_by_id(ctx))
        .map_err(|e| err("town_refused", e))?;
    ctx.emit(ExploreEvent::TownActivityStarted {
        creature: creature.to_string(),
        activity: activity.clone(),
    })?;
    if let RestActivity::Prepare { task } = &activity {
        ask_task(ctx, creature, task)?;
    }
    Ok(())
}

/// A town Craft Equipment (`craft … "town": true`, CR-TOWN-01/03, CR-CRAFT-01): one of the
/// crafter's four town activities of the day. It continues the Craft activity the crafter
/// already started (`start_town_activity`) or starts one, then lets the rest of its two hours
/// pass for the whole town (`pass_time`); the magic family rolls after. Refused outside a town,
/// while the crafter is busy with another activity, or past the day's four.
pub(in crate::ruleset) fn town_craft(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    item: &str,
) -> Result<(), RuleError> {
    let t = town(ctx)?;
    let worked = match t.in_progress.get(creature) {
        Some(p) if matches!(p.activity, RestActivity::Craft { .. }) => p.minutes,
        _ => {
            start_town_activity(
                ctx,
                creature,
                &ActivityChoice::Craft {
                    item: item.to_string(),
                },
            )?;
            0
        }
    };
    let need = ACTIVITY_MINUTES.saturating_sub(worked).max(1);
    pass_time(ctx, u64::from(need))
}

/// Resolves `who`'s town activity when its two hours are done (and a task is approved).
pub(super) fn complete_town_if_done(ctx: &mut Ctx<'_, Crows>, who: &str) -> Result<(), RuleError> {
    let Some(p) = ctx
        .rules()
        .explore
        .town
        .as_ref()
        .and_then(|t| t.in_progress.get(who))
        .cloned()
    else {
        return Ok(());
    };
    if p.minutes < ACTIVITY_MINUTES {
        return Ok(());
    }
    if matches!(p.activity, RestActivity::Prepare { .. })
        && ctx.rules().explore.task_rulings.get(who) != Some(&true)
    {
        // Waits for the Referee's ruling (CR-REF-33).
        return Ok(());
    }
    if !ctx
        .rules()
        .creatures
        .get(who)
        .is_some_and(|c| c.creature.alive)
    {
        return ctx.emit(ExploreEvent::TownActivityCancelled {
            creature: who.to_string(),
        });
    }
    ctx.emit(ExploreEvent::TownActivityDone {
        creature: who.to_string(),
    })?;
    resolve_activity(ctx, who, &p.activity, true)
}

pub(super) fn town_sleep(
    ctx: &mut Ctx<'_, Crows>,
    creatures: &[String],
    hours: u32,
) -> Result<(), RuleError> {
    let t = town(ctx)?;
    crate::town::may_sleep(hours).map_err(town_refused)?;
    for id in creatures {
        living(ctx, id)?;
    }
    for id in creatures {
        let Some(p) = t.pending_tends.get(id) else {
            continue;
        };
        ctx.emit(ExploreEvent::TownSlept {
            creature: id.clone(),
            hours,
        })?;
        let slept = p.slept_hours.saturating_add(hours);
        if slept < TEND_SLEEP_HOURS || t.tended_today.contains(id) {
            continue;
        }
        let c = record(ctx, id)?.creature.clone();
        let needed = t.wounds_to_choose(&c);
        if needed == 0 {
            ctx.emit(ExploreEvent::TownTended {
                creature: id.clone(),
                wounds_removed: Vec::new(),
            })?;
            continue;
        }
        ctx.emit(ExploreEvent::TownPicksOpened {
            creature: id.clone(),
            needed: u8::try_from(needed).unwrap_or(u8::MAX),
        })?;
        ask_wound(ctx, id)?;
    }
    Ok(())
}

pub(super) fn pass_time(ctx: &mut Ctx<'_, Crows>, minutes: u64) -> Result<(), RuleError> {
    crate::encounters::may_pass_time(ctx.rules().explore.visit.is_some())
        .map_err(dungeon_refused)?;
    if minutes == 0 || minutes > MAX_PASS_MINUTES {
        return Err(err(
            "bad_minutes",
            format!("pass_time takes 1…{MAX_PASS_MINUTES} minutes (MAX_PASS_MINUTES)"),
        )
        .rule("MAX_PASS_MINUTES"));
    }
    // Town work first: an activity's effect comes when its two hours are done (CR-TOWN-01).
    if let Some(t) = ctx.rules().explore.town.clone() {
        let step = u32::try_from(minutes).unwrap_or(u32::MAX);
        for (who, p) in &t.in_progress {
            let need = ACTIVITY_MINUTES.saturating_sub(p.minutes);
            let worked = step.min(need);
            if worked > 0 {
                ctx.emit(ExploreEvent::TownWorked {
                    creature: who.clone(),
                    minutes: worked,
                })?;
            }
            complete_town_if_done(ctx, who)?;
        }
    }
    let mut clock = ctx.rules().explore.outside;
    let turn_ends = clock.advance(u32::try_from(minutes).unwrap_or(u32::MAX));
    ctx.emit(ExploreEvent::OutsideTimePassed { minutes, turn_ends })?;
    ctx.advance_minutes(minutes)?;
    for _ in 0..turn_ends {
        // CR-DT-09: two hours outside count as a dungeon turn for usage dice and durations.
        ctx.pass(Boundary::ExplorationTurnEnd)?;
    }
    Ok(())
}
