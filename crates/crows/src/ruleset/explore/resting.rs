//! Rest: start, the rest's check, sleep, activities, the wound choices, the end.

use super::*;

pub(super) fn rest(ctx: &Ctx<'_, Crows>) -> Result<RestRecord, RuleError> {
    ctx.rules().explore.rest.clone().ok_or_else(|| {
        if ctx.rules().explore.last_rest_interrupted {
            err(
                "no_rest",
                "CR-REST-09: the rest was interrupted; start it over to gain its benefits",
            )
        } else {
            err("no_rest", "CR-REST-01: no rest is under way")
        }
    })
}

/// The first ration card item a creature carries.
pub(super) fn ration_of(ctx: &Ctx<'_, Crows>, id: &str) -> Option<ItemId> {
    let r = ctx.rules().creatures.get(id)?;
    r.creature
        .inventory
        .items()
        .find(|(i, _)| {
            i.card
                .as_ref()
                .and_then(|c| ctx.rules().content.items.get(c))
                .is_some_and(|card| card.ration)
        })
        .map(|(i, _)| i.id)
}

pub(super) fn start_rest(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    party: Option<Vec<String>>,
    place: Option<RestPlace>,
) -> Result<(), RuleError> {
    if ctx.rules().explore.rest.is_some() || ctx.core().clock.resting {
        return Err(err("resting", "CR-REST-01: a rest is already under way"));
    }
    if ctx.core().clock.combat.is_some() {
        return Err(err(
            "in_combat",
            "CR-REST-01: no rest during combat (a strenuous activity)",
        ));
    }
    let in_dungeon = ctx.rules().explore.visit.is_some();
    let place = match (place, in_dungeon) {
        (None, true) | (Some(RestPlace::Dungeon), true) => RestPlace::Dungeon,
        (Some(RestPlace::Dungeon), false) => {
            return Err(err(
                "not_in_dungeon",
                "CR-REST-08: a dungeon rest needs a dungeon (send enter_dungeon first)",
            ));
        }
        (Some(_), true) => {
            return Err(err(
                "in_dungeon",
                "CR-REST-08: a rest inside a dungeon follows the dungeon rules",
            ));
        }
        (Some(p), false) => p,
        (None, false) => {
            if ctx.rules().explore.town.is_some() {
                RestPlace::Safe
            } else {
                RestPlace::Wilderness
            }
        }
    };
    let party = match party {
        Some(p) => p,
        None => default_party(ctx),
    };
    check_party(ctx, &party, "CR-REST-01")?;
    // Everything is checked before anyone eats.
    let mut rations = Vec::new();
    for id in &party {
        let r = record(ctx, id)?;
        check_can_rest(&r.creature, &Default::default()).map_err(|e| err("cannot_rest", e))?;
        let item = ration_of(ctx, id).ok_or_else(|| {
            err(
                "no_ration",
                format!(
                    "CR-REST-01: {} carries no ration; a rest needs one eaten per creature",
                    r.creature.name
                ),
            )
        })?;
        rations.push((id.clone(), item));
    }
    for (id, item) in rations {
        rules.core_decide(&CoreCommand::EatRation { creature: id, item }, ctx)?;
    }
    let ended_turn =
        (in_dungeon && ctx.core().clock.exploration.is_some()).then(|| engine_turn(ctx));
    ctx.start_rest()?;
    ctx.emit(ExploreEvent::RestStarted {
        party,
        place,
        ended_turn,
    })?;
    if ended_turn.is_some() {
        // CR-DT-10: the turn ends (usage dice, expiries) without the encounter check; the next
        // turn's clock waits for the end of the rest.
        ctx.end_exploration_turn()?;
        if timer_running(ctx) {
            ctx.pause_timer(EXPLORATION_TIMER)?;
        }
    }
    Ok(())
}

pub(super) fn rest_encounter_check(
    ctx: &mut Ctx<'_, Crows>,
    threshold: Option<u8>,
) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    if r.check_made {
        return Err(err(
            "already_checked",
            "CR-REST-08: the rest's encounter check was already made",
        ));
    }
    let (setting, due) = match r.place {
        RestPlace::Safe => {
            return Err(err(
                "no_encounters",
                "CR-REST-08: no encounter check in a place with no chance of encounters",
            ));
        }
        RestPlace::Dungeon => {
            let base = dungeon_threshold(ctx, false);
            // The turn that the rest ended: a sign is due in the turn after the rest.
            let turn = engine_turn(ctx).saturating_sub(1);
            (
                RestSetting::Dungeon {
                    threshold: base,
                    turn,
                },
                true,
            )
        }
        RestPlace::Wilderness => {
            let t = threshold.ok_or_else(|| {
                err(
                    "no_threshold",
                    "CR-REST-08: a wilderness rest uses that day's rest EN: give `threshold`",
                )
            })?;
            (RestSetting::Road { threshold: t }, false)
        }
    };
    let mut session = RestSession::start(setting);
    session.camp_secluded = r.camp_secluded_by.is_some();
    let face = secret_d10(ctx, "rest encounter check")?;
    let result = session
        .encounter_check(face, &ctx.rules().explore.encounter_options)
        .map_err(|e| err("bad_check", e))?;
    let due_turn = match (&result, due) {
        (
            RestEncounter::Dungeon {
                check:
                    EncounterCheck {
                        outcome: CheckOutcome::Sign { due_turn },
                        ..
                    },
            },
            true,
        ) => Some(*due_turn),
        _ => None,
    };
    ctx.emit_for(
        ExploreEvent::RestEncounterChecked {
            result: result.clone(),
            due_turn,
        },
        Visibility::Referee,
    )?;
    match result {
        RestEncounter::Dungeon { check } => after_check(ctx, &check.outcome),
        RestEncounter::Road { outcome, .. } => {
            use crate::rest::RoadOutcome as R;
            match outcome {
                R::Nothing => Ok(()),
                // On the road the Referee schedules it (CR-ERR-46); the table follows.
                R::Now | R::RefereeSchedules => after_check(ctx, &CheckOutcome::Immediate),
            }
        }
    }
}

/// The creatures as the pure activity rules see them: named by their ids.
pub(super) fn creatures_by_id(ctx: &Ctx<'_, Crows>) -> Vec<Creature> {
    ctx.rules()
        .creatures
        .iter()
        .map(|(id, r)| {
            let mut c = r.creature.clone();
            c.name = id.clone();
            c
        })
        .collect()
}

/// Turns a wire choice into the pure activity, reading a corpse's size from the table.
pub(super) fn activity_of(
    ctx: &Ctx<'_, Crows>,
    choice: &ActivityChoice,
    taken: &BTreeMap<String, RestActivity>,
) -> Result<RestActivity, RuleError> {
    Ok(match choice {
        ActivityChoice::Craft { item } => RestActivity::Craft { item: item.clone() },
        ActivityChoice::Harvest { corpse } => {
            let size: Size = ctx
                .rules()
                .corpses
                .get(corpse)
                .filter(|_| !ctx.rules().explore.harvested.contains(corpse))
                .map(|o| o.size)
                .ok_or_else(|| {
                    err(
                        "no_corpse",
                        format!("CR-RACT-04: there is no corpse of `{corpse}` to harvest"),
                    )
                })?;
            if taken
                .values()
                .any(|a| matches!(a, RestActivity::Harvest { corpse: c, .. } if c == corpse))
            {
                return Err(err(
                    "corpse_taken",
                    format!("CR-RACT-04: someone already harvests `{corpse}` (it is destroyed)"),
                ));
            }
            RestActivity::Harvest {
                corpse: corpse.clone(),
                size,
            }
        }
        ActivityChoice::Identify { item } => RestActivity::Identify { item: *item },
        ActivityChoice::Prepare { task } => RestActivity::Prepare { task: task.clone() },
        ActivityChoice::RepairArmor { item } => RestActivity::RepairArmor { item: *item },
        ActivityChoice::SecludeCamp => RestActivity::SecludeCamp,
        ActivityChoice::TendWounds { target } => RestActivity::TendWounds {
            target: target.clone(),
        },
        ActivityChoice::Other { name } => {
            if name.trim().is_empty() {
                return Err(err(
                    "no_name",
                    "CR-RACT-01: name the activity the trait or rule grants",
                ));
            }
            RestActivity::Other { name: name.clone() }
        }
    })
}

pub(super) fn ask_task(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    task: &str,
) -> Result<(), RuleError> {
    ctx.ask(
        DecisionRequest::new(
            "crows.explore.task",
            format!(
                "{creature} prepares for \"{task}\": does it need a test, and does the character \
                 know it first-hand? (CR-RACT-06, CR-REF-33)"
            ),
            Answerer::Referee,
            &[
                ("approve", "Approved"),
                ("refuse", "Choose another task or activity"),
            ],
        )
        .with_context(json!({"creature": creature, "task": task})),
    )
    .map(|_| ())
}

pub(super) fn choose_rest_activity(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    choice: &ActivityChoice,
) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    if r.finishing {
        return Err(err(
            "rest_finishing",
            "CR-RACT-01: the rest is ending; activities are chosen while it lasts",
        ));
    }
    if !r.party.iter().any(|p| p == creature) {
        return Err(err(
            "not_resting",
            format!("CR-RACT-01: `{creature}` is not resting with the group"),
        ));
    }
    // One activity per rest, whichever family records it (magic's `craft` and
    // `identify_rest` are rest activities too).
    if r.activities.contains_key(creature) || ctx.rules().magic.busy_at_rest(creature) {
        return Err(err(
            "activity_taken",
            ActivityError::AlreadyChosen(creature.to_string()),
        ));
    }
    let activity = activity_of(ctx, choice, &r.activities)?;
    match &activity {
        RestActivity::SecludeCamp => {
            if let Some(by) = &r.camp_secluded_by {
                return Err(err(
                    "camp_secluded",
                    ActivityError::CampAlreadySecluded(by.clone()),
                ));
            }
        }
        RestActivity::TendWounds { target } => {
            if target != creature && !r.party.iter().any(|p| p == target) {
                return Err(err(
                    "not_resting",
                    format!("CR-RACT-09: `{target}` is not resting with the group"),
                ));
            }
            if let Some((by, _)) = r
                .activities
                .iter()
                .find(|(_, a)| matches!(a, RestActivity::TendWounds { target: t } if t == target))
            {
                return Err(err(
                    "already_tended",
                    ActivityError::AlreadyTended {
                        target: target.clone(),
                        by: by.clone(),
                    },
                ));
            }
        }
        _ => {}
    }
    rest_activities::validate(creature, &activity, &creatures_by_id(ctx))
        .map_err(|e| err("activity_refused", e))?;
    ctx.emit(ExploreEvent::RestActivityChosen {
        creature: creature.to_string(),
        activity: activity.clone(),
    })?;
    if let RestActivity::Prepare { task } = &activity {
        ask_task(ctx, creature, task)?;
    }
    Ok(())
}

/// Resting creatures fall asleep: unconscious until they wake (CR-REST-07).
pub(super) fn rest_sleep(ctx: &mut Ctx<'_, Crows>, creatures: &[String]) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    for id in creatures {
        if !r.party.contains(id) {
            return Err(err(
                "not_resting",
                format!("CR-REST-07: `{id}` is not resting with the group"),
            ));
        }
        if r.asleep.contains(id) {
            return Err(err(
                "asleep",
                format!("CR-REST-07: `{id}` is already asleep"),
            ));
        }
        living(ctx, id)?;
    }
    for id in creatures {
        let mut c = record(ctx, id)?.creature.clone();
        c.conditions
            .apply(crate::conditions::ConditionKind::Unconscious)
            .map_err(|e| err("condition_refused", e))?;
        set_creature_only(ctx, id, c, "asleep", Value::Null)?;
    }
    ctx.emit(ExploreEvent::RestAsleep {
        creatures: creatures.to_vec(),
    })
}

/// Wakes those of `creatures` who are still asleep (a damage already woke some, CR-COND-08).
pub(super) fn wake(
    ctx: &mut Ctx<'_, Crows>,
    creatures: &[String],
    why: &str,
) -> Result<(), RuleError> {
    if creatures.is_empty() {
        return Ok(());
    }
    let options = ctx.rules().options;
    for id in creatures {
        let Some(r) = ctx.rules().creatures.get(id) else {
            continue;
        };
        let mut c = r.creature.clone();
        if c.alive && c.conditions.wake(&options) {
            set_creature_only(ctx, id, c, why, Value::Null)?;
        }
    }
    ctx.emit(ExploreEvent::RestWoke {
        creatures: creatures.to_vec(),
    })
}

/// Whether `target` is tended this rest by another living resting creature (CR-RACT-09).
pub(super) fn tended(r: &RestRecord, ctx: &Ctx<'_, Crows>, target: &str) -> bool {
    r.activities.iter().any(|(by, a)| {
        matches!(a, RestActivity::TendWounds { target: t } if t == target)
            && ctx
                .rules()
                .creatures
                .get(by)
                .is_some_and(|c| c.creature.alive)
    })
}

pub(super) fn finish_rest(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    if r.finishing {
        return Err(err(
            "rest_finishing",
            "CR-REST-02: the rest is already ending (wound choices are open)",
        ));
    }
    for (who, a) in &r.activities {
        if matches!(a, RestActivity::Prepare { .. })
            && ctx.rules().explore.task_rulings.get(who) != Some(&true)
        {
            return Err(err(
                "task_not_ruled",
                ActivityError::TaskNotApproved(who.clone()),
            ));
        }
    }
    if !r.halfway {
        // CR-REST-04: the halfway point comes before the end.
        ctx.pass(Boundary::Custom {
            name: "rest_halfway".into(),
        })?;
    }
    let mut picks = BTreeMap::new();
    for id in &r.party {
        let Some(c) = ctx.rules().creatures.get(id) else {
            continue;
        };
        if !c.creature.alive
            || c.creature.inventory.check_can_rest().is_err()
            || ctx.rules().travel.rest_denied.contains(id)
        {
            continue;
        }
        // Tended (CR-RACT-09) or Lazy in the Miasma (CR-MIASMA-07): two wounds instead of one.
        let two = tended(&r, ctx, id)
            || crate::ruleset::travel::wounds_healed_per_rest(ctx.rules(), id) >= 2;
        let n = wounds_to_choose(&c.creature, two);
        if n > 0 {
            picks.insert(id.clone(), u8::try_from(n).unwrap_or(u8::MAX));
        }
    }
    ctx.emit(ExploreEvent::RestFinishing {
        picks: picks.clone(),
    })?;
    if picks.is_empty() {
        return complete_rest(ctx);
    }
    for id in picks.keys() {
        ask_wound(ctx, id)?;
    }
    Ok(())
}

/// Asks `id`'s controller for the next wound to remove.
pub(super) fn ask_wound(ctx: &mut Ctx<'_, Crows>, id: &str) -> Result<(), RuleError> {
    let Some(pick) = ctx.rules().explore.wound_picks.get(id).cloned() else {
        return Ok(());
    };
    let r = record(ctx, id)?;
    let slots: Vec<u8> = (1..=r.creature.inventory.layout().backpack)
        .filter(|s| r.creature.inventory.wound_at(*s).is_some() && !pick.chosen.contains(s))
        .collect();
    let labels: Vec<(String, String)> = slots
        .iter()
        .map(|s| {
            (
                format!("slot_{s}"),
                format!("The wound in backpack slot {s}"),
            )
        })
        .collect();
    let refs: Vec<(&str, &str)> = labels
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let left = pick
        .needed
        .saturating_sub(u8::try_from(pick.chosen.len()).unwrap_or(u8::MAX));
    let rule = if pick.purpose == "town" {
        "CR-TOWN-02"
    } else {
        "CR-REST-02"
    };
    ctx.ask(
        DecisionRequest::new(
            "crows.explore.remove_wound",
            format!(
                "{}: choose a wound to remove ({left} to choose) ({rule})",
                r.creature.name
            ),
            Answerer::Controller(id.to_string()),
            &refs,
        )
        .with_context(json!({"creature": id, "purpose": pick.purpose, "remaining": left})),
    )
    .map(|_| ())
}

/// Everything after the wound choices (CR-REST-02, CR-RACT-02).
pub(super) fn complete_rest(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    let sleepers: Vec<String> = r.asleep.iter().cloned().collect();
    wake(ctx, &sleepers, "the rest is over")?;
    for id in &r.party {
        let Some(rec) = ctx.rules().creatures.get(id).cloned() else {
            continue;
        };
        let mut c = rec.creature.clone();
        if !c.alive || c.inventory.check_can_rest().is_err() {
            // CR-INV-07 / CR-REST-06: the core reports it at rest_end.
            continue;
        }
        if ctx.rules().travel.rest_denied.contains(id) {
            // Ravenous without its two rations (CR-MIASMA-07): the rest gives it nothing.
            continue;
        }
        c.stamina = c.max_stamina;
        let chosen = ctx
            .rules()
            .explore
            .wound_picks
            .get(id)
            .map(|p| p.chosen.clone())
            .unwrap_or_default();
        let mut removed = Vec::new();
        for s in &chosen {
            let kind = c
                .inventory
                .remove_wound(*s)
                .map_err(|e| err("wound_refused", e))?;
            removed.push(json!({"slot": s, "kind": kind}));
        }
        if c != rec.creature {
            set_creature_only(
                ctx,
                id,
                c,
                "rest: full Stamina, wounds removed",
                json!({"wounds_removed": removed}),
            )?;
        }
    }
    ctx.emit(ExploreEvent::RestFinished {
        party: r.party.clone(),
    })?;
    ctx.advance_minutes(REST_MINUTES)?;
    ctx.end_rest(true)?;
    for (who, activity) in &r.activities {
        if ctx
            .rules()
            .creatures
            .get(who)
            .is_some_and(|c| c.creature.alive)
        {
            resolve_activity(ctx, who, activity, false)?;
        }
    }
    new_turn_after_rest(ctx)
}

/// A new dungeon turn begins when the rest ends, completed or not (CR-REST-05).
pub(super) fn new_turn_after_rest(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let Some(v) = ctx.rules().explore.visit.clone() else {
        return Ok(());
    };
    if !v.paused && timer_paused(ctx) {
        ctx.resume_timer(EXPLORATION_TIMER)?;
    }
    roll_rooms(ctx)
}

/// One activity's effect (end of a completed rest, or after two hours in town).
pub(super) fn resolve_activity(
    ctx: &mut Ctx<'_, Crows>,
    who: &str,
    activity: &RestActivity,
    in_town: bool,
) -> Result<(), RuleError> {
    let mut creatures = creatures_by_id(ctx);
    let faces = match activity {
        RestActivity::Harvest { corpse, size } => {
            if ctx.rules().explore.harvested.contains(corpse)
                || !ctx.rules().corpses.contains_key(corpse)
            {
                return Err(err(
                    "no_corpse",
                    format!("CR-RACT-04: the corpse of `{corpse}` is gone"),
                ));
            }
            let n = rest_activities::harvest_dice(*size);
            roll_d6s(ctx, &format!("harvest {corpse}"), n, &Visibility::Public)?
        }
        _ => Vec::new(),
    };
    let outcome = rest_activities::resolve_one(who, activity, &mut creatures, &faces)
        .map_err(|e| err("activity_refused", e))?;
    if let ActivityOutcome::ArmorRepaired { .. } = outcome
        && let Some(mut c) = creatures.into_iter().find(|c| c.name == who)
    {
        c.name = record(ctx, who)?.creature.name.clone();
        set_creature_only(ctx, who, c, "armor repaired", json!(outcome))?;
    }
    ctx.emit(ExploreEvent::ActivityResolved {
        creature: who.to_string(),
        outcome,
        in_town,
    })?;
    // A magic item the Referee described: its hidden properties go to the character's players
    // through the magic family (CR-RACT-05, CR-ID-01).
    if let RestActivity::Identify { item } = activity {
        super::super::magic::identify_activity_done(ctx, who, *item)?;
    }
    Ok(())
}
