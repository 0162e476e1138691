//! Rest: start, the rest's check, sleep, activities, the wound choices, the end.

use std::collections::BTreeMap;

use engine::time::EXPLORATION_TIMER;
use engine::{Answerer, Boundary, Ctx, DecisionRequest, RuleError, Visibility};
use serde_json::{Value, json};

use super::dungeon::*;
use super::state::{ActivityChoice, ExploreEvent, REST_MINUTES, RestPlace, RestRecord};
use super::visit::{check_party, default_party, dungeon_threshold, engine_turn};
use crate::creature::{Creature, Size};
use crate::encounters::{CheckOutcome, EncounterCheck};
use crate::inventory::ItemId;
use crate::rest::{RestEncounter, RestSession, RestSetting, check_can_rest, wounds_to_choose};
use crate::rest_activities::{self, ActivityError, ActivityOutcome, RestActivity};
use crate::ruleset::adapter::Crows;
use crate::ruleset::adapter::{err, roll_d6s};
use crate::ruleset::core::commands::CoreCommand;
use crate::ruleset::core::records::{living, record, set_creature_only};

use super::super::core::drop_to_ground;
use crate::inventory::CarriedItem;
use crate::rest::{ASLEEP_HOURS, RATIONS, REST_HOURS};
use crate::usage_dice::{HOURS_PER_DUNGEON_TURN, UsageKeyword};

use crate::rest::RestError;

/// The item card, when a pack loads one, that harvested parts are made from (CR-CRAFT-04).
pub const PART_CARD: &str = "part";

/// A refusal of the rest's rules under the wire code it has always had.
pub(in crate::ruleset) fn rest_refused(e: RestError) -> RuleError {
    use RestError as E;
    match e {
        E::NoRest | E::RestInterrupted => err("no_rest", e),
        E::AlreadyResting => err("resting", e),
        E::InCombat => err("in_combat", e),
        E::NoDungeonToRestIn => err("not_in_dungeon", e),
        E::DungeonRules => err("in_dungeon", e),
        E::NoRation { .. } => err("no_ration", e),
        E::AlreadyChecked => err("already_checked", e),
        E::NoEncountersHere => err("no_encounters", e),
        E::NoThreshold => err("no_threshold", e),
        E::SleepWhileFinishing | E::FinishTwice => err("rest_finishing", e),
        E::SleepHours { .. } => err("bad_hours", e),
        E::NoSleepers => err("no_creatures", e),
        E::SleeperTwice { .. } | E::DuplicateCreature { .. } => err("duplicate_creature", e),
        E::TooMuchSleep { .. } => err("too_much_sleep", e),
        E::SleeperNotResting { .. } => err("not_resting", e),
        E::AlreadyAsleep { .. } => err("asleep", e),
        E::MiddlePassed | E::HalfwayDone => err("halfway_done", e),
        E::RestInTheOpen { .. } => err("rest_in_the_open", e),
        E::EmptyParty { .. } => err("empty_party", e),
        _ => err("cannot_rest", e),
    }
}

/// A refusal of the rest activities' rules under the wire code it has always had.
pub(in crate::ruleset) fn activity_refused(e: ActivityError) -> RuleError {
    use ActivityError as E;
    match e {
        E::ChooseWhileFinishing => err("rest_finishing", e),
        E::NotWithGroup { .. } | E::TargetNotWithGroup { .. } => err("not_resting", e),
        E::NoCorpseToHarvest { .. } | E::CorpseGone { .. } => err("no_corpse", e),
        E::CorpseTaken { .. } => err("corpse_taken", e),
        E::NoActivityName => err("no_name", e),
        E::AlreadyChosen(_) => err("activity_taken", e),
        E::CampAlreadySecluded(_) => err("camp_secluded", e),
        E::AlreadyTended { .. } => err("already_tended", e),
        E::TaskNotApproved(_) => err("task_not_ruled", e),
        _ => err("activity_refused", e),
    }
}

pub(super) fn rest(ctx: &Ctx<'_, Crows>) -> Result<RestRecord, RuleError> {
    crate::rest::under_way(
        ctx.rules().explore.rest.clone(),
        ctx.rules().explore.last_rest_interrupted,
    )
    .map_err(|e| err("no_rest", e))
}

/// Usage-dice rolls a rest gives the items that roll at a dungeon turn's end: one per 2 hours
/// of the rest (CR-ERR-34, CR-UD-07), so 3 for the 6 hours…
pub const REST_ITEM_ROLLS: u32 = REST_HOURS / HOURS_PER_DUNGEON_TURN;
/// …of which the marks passed by the middle (3 hours in) roll there (CR-REST-04), the others
/// at the end.
pub const HALFWAY_ITEM_ROLLS: u32 = REST_HOURS / 2 / HOURS_PER_DUNGEON_TURN;

/// Up to `n` ration card items a creature carries, first ones first.
pub(super) fn rations_of(ctx: &Ctx<'_, Crows>, id: &str, n: u8) -> Vec<ItemId> {
    let Some(r) = ctx.rules().creatures.get(id) else {
        return Vec::new();
    };
    r.creature
        .inventory
        .items()
        .filter(|(i, _)| {
            i.card
                .as_ref()
                .and_then(|c| ctx.rules().content.items.get(c))
                .is_some_and(|card| card.ration)
        })
        .map(|(i, _)| i.id)
        .take(usize::from(n))
        .collect()
}

/// `marks` 2-hour marks of a rest pass for the items: each rolls, through core, the usage dice
/// of every lit light source and other "Dungeon turn" item (CR-ERR-34). A light doused before
/// the mark does not roll (its dice rolled when it was doused, CR-UD-06).
pub(in crate::ruleset) fn roll_rest_items(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    marks: u32,
) -> Result<(), RuleError> {
    for _ in 0..marks {
        rules.roll_turn_item_dice(ctx, "two hours of the rest (usage dice)")?;
    }
    Ok(())
}

pub(super) fn start_rest(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    party: Option<Vec<String>>,
    place: Option<RestPlace>,
) -> Result<(), RuleError> {
    let in_dungeon = ctx.rules().explore.visit.is_some();
    crate::rest::may_start_rest(
        ctx.rules().explore.rest.is_some() || ctx.core().clock.resting,
        ctx.core().clock.combat.is_some(),
        place.map(|p| p == RestPlace::Dungeon),
        in_dungeon,
    )
    .map_err(rest_refused)?;
    let place = match (place, in_dungeon) {
        (_, true) => RestPlace::Dungeon,
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
    let mut meals = Vec::new();
    let mut hungry = Vec::new();
    for id in &party {
        let r = record(ctx, id)?;
        check_can_rest(&r.creature, &Default::default()).map_err(|e| err("cannot_rest", e))?;
        // CR-REST-01: one ration each. A Ravenous creature needs two (CR-MIASMA-07): the same
        // count the travel family asks of it for a rest in the open.
        let need = crate::ruleset::travel::party::rations_per_rest(ctx.rules(), id);
        if need == 0 {
            // A creature that needs no food (`needs_no_food`) rests without eating, and is not
            // hungry even when Ravenous. A reading: the book's ration is the rest's meal, food
            // such a creature does not need, so the requirement does not apply to it.
            continue;
        }
        let need = need.max(RATIONS);
        let items = rations_of(ctx, id, need);
        crate::rest::may_eat(&r.creature.name, items.len()).map_err(rest_refused)?;
        // Ravenous with a single ration: it eats it, but the rest gives it nothing (the book
        // makes the second ration a condition of the rest's benefits, not of resting).
        if items.len() < usize::from(need) {
            hungry.push(id.clone());
        }
        meals.push((id.clone(), items));
    }
    for (id, items) in meals {
        for item in items {
            rules.core_decide(
                &CoreCommand::EatRation {
                    creature: id.clone(),
                    item,
                },
                ctx,
            )?;
        }
    }
    let ended_turn =
        (in_dungeon && ctx.core().clock.exploration.is_some()).then(|| engine_turn(ctx));
    ctx.start_rest()?;
    ctx.emit(ExploreEvent::RestStarted {
        party,
        place,
        ended_turn,
        hungry,
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

/// Opens the rest record for a rest in the open that the travel family began (`travel_rest`,
/// CR-TRAVEL-02 step 5: the rest procedure of CR-REST applies). The caller started the engine's
/// rest; the place is the wilderness and the party the travelling one. Rations are eaten at the
/// end (`travel_rest_end`), so nobody is hungry yet: a Ravenous creature short of its two is
/// found by [`unrested_of`] from the meals the travel family recorded.
pub(in crate::ruleset) fn open_rest_in_open(
    ctx: &mut Ctx<'_, Crows>,
    party: Vec<String>,
) -> Result<(), RuleError> {
    check_party(ctx, &party, "CR-TRAVEL-02")?;
    ctx.emit(ExploreEvent::RestStarted {
        party,
        place: RestPlace::Wilderness,
        ended_turn: None,
        hungry: Vec::new(),
    })
}

/// The rest is interrupted (CR-REST-09): the sleepers wake, the rest gives nothing, and a new
/// dungeon turn begins in a dungeon (CR-REST-05).
pub(in crate::ruleset) fn interrupt_rest(
    ctx: &mut Ctx<'_, Crows>,
    reason: Option<String>,
) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    let sleepers: Vec<String> = r.asleep.iter().cloned().collect();
    wake(ctx, &sleepers, "the rest was interrupted")?;
    ctx.emit(ExploreEvent::RestInterrupted { reason })?;
    ctx.end_rest(false)?;
    new_turn_after_rest(ctx)
}

pub(super) fn rest_encounter_check(
    ctx: &mut Ctx<'_, Crows>,
    threshold: Option<u8>,
) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    crate::rest::may_check_rest(r.check_made, r.place == RestPlace::Safe).map_err(rest_refused)?;
    let (setting, due) = match r.place {
        RestPlace::Safe => return Err(rest_refused(crate::rest::RestError::NoEncountersHere)),
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
            let t = crate::rest::wilderness_threshold(threshold).map_err(rest_refused)?;
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
            let found: Option<Size> = ctx
                .rules()
                .corpses
                .get(corpse)
                .filter(|_| !ctx.rules().explore.harvested.contains(corpse))
                .map(|o| o.size);
            let size = rest_activities::may_harvest(
                corpse,
                found,
                taken
                    .values()
                    .any(|a| matches!(a, RestActivity::Harvest { corpse: c, .. } if c == corpse)),
            )
            .map_err(activity_refused)?;
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
            rest_activities::named_activity(name).map_err(activity_refused)?;
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
        .with_args(json!({"creature": creature, "task": task}))
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
    // One activity per rest, whichever family records it (magic's `craft` and
    // `identify_rest` are rest activities too).
    rest_activities::may_choose(
        creature,
        r.finishing,
        r.party.iter().any(|p| p == creature),
        r.activities.contains_key(creature) || ctx.rules().magic.busy_at_rest(creature),
    )
    .map_err(activity_refused)?;
    let activity = activity_of(ctx, choice, &r.activities)?;
    match &activity {
        RestActivity::SecludeCamp => {
            rest_activities::may_seclude(r.camp_secluded_by.as_deref())
                .map_err(activity_refused)?;
        }
        RestActivity::TendWounds { target } => {
            let tended_by = r
                .activities
                .iter()
                .find(|(_, a)| matches!(a, RestActivity::TendWounds { target: t } if t == target))
                .map(|(by, _)| by.as_str());
            rest_activities::may_tend(
                creature,
                target,
                r.party.iter().any(|p| p == target),
                tended_by,
            )
            .map_err(activity_refused)?;
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

/// Resting creatures fall asleep: unconscious until they wake (CR-REST-07). The sleep is
/// recorded, `hours` of it (CR-REST-01); by default the hours each still needs to reach the
/// rest's 4 (at least 1). A creature woken early may sleep again, adding hours, up to the
/// rest's 6. The engine does not count the hours inside a rest: they are the table's record.
pub(super) fn rest_sleep(
    ctx: &mut Ctx<'_, Crows>,
    creatures: &[String],
    hours: Option<u32>,
) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    crate::rest::may_sleep(r.finishing, hours, creatures.len()).map_err(rest_refused)?;
    for (i, id) in creatures.iter().enumerate() {
        crate::rest::may_fall_asleep(
            id,
            creatures[..i].contains(id),
            r.slept.get(id).copied().unwrap_or(0),
            hours_for(&r, id, hours),
            r.party.contains(id),
            r.asleep.contains(id),
        )
        .map_err(rest_refused)?;
        living(ctx, id)?;
    }
    for id in creatures {
        let mut c = record(ctx, id)?.creature.clone();
        c.conditions
            .apply(crate::conditions::ConditionKind::Unconscious)
            .map_err(|e| err("condition_refused", e))?;
        set_creature_only(ctx, id, c, "asleep", Value::Null)?;
    }
    // One event per length of sleep (the default differs by what each has slept).
    let mut by_hours: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for id in creatures {
        by_hours
            .entry(hours_for(&r, id, hours))
            .or_default()
            .push(id.clone());
    }
    for (hours, creatures) in by_hours {
        ctx.emit(ExploreEvent::RestAsleep { creatures, hours })?;
    }
    Ok(())
}

/// The hours a stretch of sleep records for `id`: those given, else what it still needs to
/// reach the rest's 4 (at least 1).
fn hours_for(r: &RestRecord, id: &str, hours: Option<u32>) -> u32 {
    hours.unwrap_or_else(|| {
        ASLEEP_HOURS
            .saturating_sub(r.slept.get(id).copied().unwrap_or(0))
            .max(1)
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

/// Whether `target` is tended this rest by another living resting creature that completes the
/// rest too ("when both of you finish the rest", CR-RACT-09).
pub(super) fn tended(
    r: &RestRecord,
    unrested: &BTreeMap<String, String>,
    ctx: &Ctx<'_, Crows>,
    target: &str,
) -> bool {
    r.activities.iter().any(|(by, a)| {
        matches!(a, RestActivity::TendWounds { target: t } if t == target)
            && !unrested.contains_key(by)
            && ctx
                .rules()
                .creatures
                .get(by)
                .is_some_and(|c| c.creature.alive)
    })
}

/// The resting creatures for which this rest is not complete, with the rule: fewer than 4
/// hours asleep (CR-REST-01) or Ravenous without its two rations (CR-MIASMA-07).
///
/// The book lists the 4 hours of sleep among a rest's requirements, stated for each "you":
/// a creature that did not sleep them has not rested, while the others of the group have.
/// So `finish_rest` is not refused; that creature gains none of the rest's benefits (Stamina,
/// a wound, expertise uses, "Rest" usage dice, its activity). Keeping watch does not stand in
/// for sleep: the book has the watch kept while the others sleep, so the watchers sleep their
/// own 4 hours in turn. No card or rule exempts a creature from sleep (there is no such
/// [`crate::creature::RuleOverride`]); the dead are left out.
pub(super) fn unrested_of(ctx: &Ctx<'_, Crows>, r: &RestRecord) -> BTreeMap<String, String> {
    r.party
        .iter()
        .filter(|id| {
            ctx.rules()
                .creatures
                .get(*id)
                .is_some_and(|c| c.creature.alive)
        })
        .filter_map(|id| {
            let slept = r.slept.get(id).copied().unwrap_or(0);
            let rule = if slept < ASLEEP_HOURS {
                "CR-REST-01"
            } else if r.hungry.contains(id)
                || crate::ruleset::travel::party::short_of_rations_in_open(ctx.rules(), id)
            {
                "CR-MIASMA-07"
            } else {
                return None;
            };
            Some((id.clone(), rule.to_string()))
        })
        .collect()
}

pub(in crate::ruleset) fn finish_rest(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let r = rest(ctx)?;
    crate::rest::may_finish(r.finishing).map_err(rest_refused)?;
    let unapproved = r
        .activities
        .iter()
        .find(|(who, a)| {
            matches!(a, RestActivity::Prepare { .. })
                && ctx.rules().explore.task_rulings.get(*who) != Some(&true)
        })
        .map(|(who, _)| who.as_str());
    rest_activities::tasks_ruled(unapproved).map_err(activity_refused)?;
    if !r.halfway {
        // CR-REST-04: the halfway point comes before the end.
        ctx.pass(Boundary::Custom {
            name: "rest_halfway".into(),
        })?;
    }
    // CR-ERR-34: the 2-hour marks after the middle, for lights still burning.
    roll_rest_items(
        rules,
        ctx,
        REST_ITEM_ROLLS.saturating_sub(HALFWAY_ITEM_ROLLS),
    )?;
    let unrested = unrested_of(ctx, &r);
    let mut picks = BTreeMap::new();
    for id in &r.party {
        let Some(c) = ctx.rules().creatures.get(id) else {
            continue;
        };
        if !c.creature.alive
            || c.creature.inventory.check_can_rest().is_err()
            || unrested.contains_key(id)
        {
            continue;
        }
        // Tended (CR-RACT-09) or Lazy in the Miasma (CR-MIASMA-07): two wounds instead of one.
        let two = tended(&r, &unrested, ctx, id)
            || crate::ruleset::travel::party::wounds_healed_per_rest(ctx.rules(), id) >= 2;
        let n = wounds_to_choose(&c.creature, two);
        if n > 0 {
            picks.insert(id.clone(), u8::try_from(n).unwrap_or(u8::MAX));
        }
    }
    ctx.emit(ExploreEvent::RestFinishing {
        picks: picks.clone(),
        unrested,
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
        .with_args(json!({"creature": id, "remaining": left}))
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
        if r.unrested.contains_key(id) {
            // Too little sleep (CR-REST-01) or Ravenous without its two rations
            // (CR-MIASMA-07): the rest gives it nothing.
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
    end_rest_giving_nothing_to(ctx, &r.unrested)?;
    for (who, activity) in &r.activities {
        // CR-RACT-02: the activity's benefit needs the rest completed (Seclude Camp acted
        // when it was chosen).
        if r.unrested.contains_key(who) {
            continue;
        }
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

/// Ends the engine's rest as completed, except for `unrested` (creature → the rule that denies
/// it the rest): for them it does not count for the magic family's rest activities, and the
/// expertise uses and "Rest" usage dice that core's `rest_end` gives back are taken back
/// (CR-REST-01, CR-REST-02, CR-MIASMA-07). Stamina, wounds and the explore family's activities
/// are left to the caller.
fn end_rest_giving_nothing_to(
    ctx: &mut Ctx<'_, Crows>,
    unrested: &BTreeMap<String, String>,
) -> Result<(), RuleError> {
    let before: Vec<(String, Creature)> = unrested
        .keys()
        .filter_map(|id| {
            ctx.rules()
                .creatures
                .get(id)
                .map(|c| (id.clone(), c.creature.clone()))
        })
        .collect();
    crate::ruleset::magic::identify::rest_not_counted(ctx, unrested.keys().cloned().collect())?;
    ctx.end_rest(true)?;
    undo_rest_end(ctx, &before, unrested)
}

/// The engine's end of the rest gave every creature its expertise uses and "Rest" usage dice
/// back (core's `rest_end`); for those the rest gave nothing, take them back to what they were
/// (`before`), keeping anything spent since.
fn undo_rest_end(
    ctx: &mut Ctx<'_, Crows>,
    before: &[(String, Creature)],
    unrested: &BTreeMap<String, String>,
) -> Result<(), RuleError> {
    for (id, old) in before {
        let Some(now) = ctx.rules().creatures.get(id) else {
            continue;
        };
        let mut c = now.creature.clone();
        for (name, u) in &mut c.expertises.uses {
            if let Some(b) = old.expertises.uses.get(name) {
                u.left = u.left.min(b.left);
            }
        }
        let ids: Vec<ItemId> = c.inventory.all_items().map(|i| i.id).collect();
        for item in ids {
            let was = old
                .inventory
                .item(item)
                .and_then(|i| i.usage.as_ref())
                .map(|u| u.pool.current);
            if let (Some(was), Some(u)) = (
                was,
                c.inventory.item_mut(item).and_then(|i| i.usage.as_mut()),
            ) && u.line.has(UsageKeyword::Rest)
            {
                u.pool.current = u.pool.current.min(was);
            }
        }
        if c != now.creature {
            let rule = unrested.get(id).cloned().unwrap_or_default();
            set_creature_only(ctx, id, c, "the rest gave nothing", json!({"rule": rule}))?;
        }
    }
    Ok(())
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
    // What the harvested corpse leaves: its parts' name and the gear it carried.
    let mut remains: Option<(String, Vec<CarriedItem>)> = None;
    let faces = match activity {
        RestActivity::Harvest { corpse, size } => {
            rest_activities::corpse_still_there(
                corpse,
                !ctx.rules().explore.harvested.contains(corpse)
                    && ctx.rules().corpses.contains_key(corpse),
            )
            .map_err(activity_refused)?;
            if let Some(o) = ctx.rules().corpses.get(corpse) {
                let body = o.corpse.as_deref();
                remains = Some((
                    body.map_or_else(|| corpse.clone(), |b| b.of.clone()),
                    body.map(|b| b.inventory.all_items().cloned().collect())
                        .unwrap_or_default(),
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
        outcome: outcome.clone(),
        in_town,
    })?;
    if let (ActivityOutcome::Harvested { corpse, parts, .. }, Some((of, gear))) =
        (&outcome, remains)
    {
        // CR-CRAFT-04: the parts are items. They land at the harvester's feet, like crafted
        // items: picking them up (core `pick_up`) puts them in the slots the player chooses,
        // under the inventory rules. The destroyed corpse's gear stays there too.
        let items = (0..*parts).map(|_| part_item(ctx, &of)).collect();
        drop_to_ground(ctx, who, items)?;
        drop_to_ground(ctx, corpse, gear)?;
    }
    // A magic item the Referee described: its hidden properties go to the character's players
    // through the magic family (CR-RACT-05, CR-ID-01).
    if let RestActivity::Identify { item } = activity {
        crate::ruleset::magic::identify::identify_activity_done(ctx, who, *item)?;
    }
    Ok(())
}

/// One crafting part harvested from the corpse of `of` (CR-CRAFT-04): an item named
/// "<creature> part", which a recipe names among its materials. A loaded item card
/// [`PART_CARD`] gives its slots and stacking; without one a part takes 1 slot and does not
/// stack, as the book gives parts no stack size (only items whose card says so stack,
/// CR-INV-04).
fn part_item(ctx: &Ctx<'_, Crows>, of: &str) -> CarriedItem {
    let name = format!("{of} part");
    match ctx.rules().content.items.get(PART_CARD) {
        Some(card) => {
            let mut item = card.to_carried(ItemId(0));
            item.name = name;
            item
        }
        None => CarriedItem::new(ItemId(0), name, 1),
    }
}
