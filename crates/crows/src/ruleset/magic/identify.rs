//! Identification at the table (CR-ID-*): a magic item registered with its hidden properties,
//! learned by a rest activity, a test, a rest or an NPC; and what a finished rest tells magic.

use std::collections::BTreeSet;

use engine::{Ctx, RuleError, Visibility};
use serde_json::json;

use crate::creature::Magic;
use crate::identification::{MagicItem, Method, RepeatRule};
use crate::inventory::{ItemId, SlotKind};
use crate::test_roll::{Characteristic, ResolvedTest, TestKind, Tier};

use super::super::adapter::{Crows, err};
use super::super::core::{audience, living, record};
use super::super::request::TestRequest;
use super::super::then::{MagicThen, Then};
use super::calls::{ask_referee, config};
use super::state::MagicEvent;

/// The Identify Item activity is over: every property is learned (CR-RACT-05).
pub(in crate::ruleset) fn learn_by_rest(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    item: u32,
) -> Result<(), RuleError> {
    let Some(it) = ctx.rules().magic.items.get(&item).cloned() else {
        return Ok(());
    };
    identified(
        ctx,
        creature,
        item,
        Method::RestActivity,
        it.hidden_properties,
        true,
    )
}

/// The players of `creature` and the Referee see what it learns; nobody else.
pub(in crate::ruleset) fn learner(ctx: &Ctx<'_, Crows>, creature: &str) -> Visibility {
    let players: BTreeSet<String> = ctx
        .core()
        .participants
        .controllers(creature)
        .cloned()
        .collect();
    if players.is_empty() {
        Visibility::Referee
    } else {
        Visibility::Players(players)
    }
}

pub(in crate::ruleset) fn identified(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    item: u32,
    method: Method,
    properties: Vec<String>,
    complete: bool,
) -> Result<(), RuleError> {
    let vis = learner(ctx, creature);
    ctx.emit_for(
        MagicEvent::Identified {
            creature: creature.to_string(),
            item,
            method,
            properties,
            complete,
        },
        vis,
    )
}

pub(in crate::ruleset) fn registered(
    ctx: &Ctx<'_, Crows>,
    item: ItemId,
) -> Result<MagicItem, RuleError> {
    crate::identification::described(item, ctx.rules().magic.items.get(&item.0).cloned())
        .map_err(|e| err("unknown_magic_item", e))
}

pub(in crate::ruleset) fn set_magic_item(
    ctx: &mut Ctx<'_, Crows>,
    holder: &str,
    item: ItemId,
    properties: &[String],
) -> Result<(), RuleError> {
    let c = record(ctx, holder)?.creature.clone();
    let it = c.inventory.item(item).ok_or_else(|| {
        RuleError::new(
            "unknown_item",
            format!("{holder} carries no item {}", item.0),
        )
    })?;
    if it.magic != Magic::Magic {
        return Err(err(
            "not_magic",
            crate::identification::IdentifyError::NotMagic(it.name.clone()),
        ));
    }
    let mut record = ctx
        .rules()
        .magic
        .items
        .get(&item.0)
        .cloned()
        .unwrap_or_default();
    record.id = item.0.to_string();
    record.magic = true;
    record.hidden_properties = properties.to_vec();
    ctx.emit_masked(
        MagicEvent::MagicItemSet {
            item: item.0,
            holder: holder.to_string(),
            record,
        },
        Visibility::Referee,
        MagicEvent::MagicItemSensed {
            item: item.0,
            holder: holder.to_string(),
        },
    )
}

pub(in crate::ruleset) fn identify_test(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    item: ItemId,
) -> Result<(), RuleError> {
    let it = registered(ctx, item)?;
    let c = living(ctx, creature)?.creature;
    let held = c
        .inventory
        .placement(item)
        .is_some_and(|p| p.kind == SlotKind::Hand);
    if !held {
        return Err(err(
            "not_held",
            crate::identification::IdentifyError::NotHeld,
        ));
    }
    let repeat: RepeatRule = config(ctx, "identify_repeat");
    if repeat == RepeatRule::OncePerItem && it.tested_by.contains(creature) {
        return Err(err(
            "already_tried",
            crate::identification::IdentifyError::AlreadyTried(creature.to_string()),
        ));
    }
    TestRequest::new(creature, Characteristic::Mind)
        .kind(TestKind::Ordinary)
        // A repeat waits for changed circumstances (CR-RETRY-01, CR-ERR-75).
        .task(format!("identify item {}", item.0))
        .then(Then::Magic(MagicThen::Identify { identify: item.0 }))
        .roll(rules, ctx)
}

/// The identification test is final: its table (CR-ID-03).
pub(in crate::ruleset) fn identify_done(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    item: u32,
    resolved: &ResolvedTest,
) -> Result<(), RuleError> {
    let it = registered(ctx, ItemId(item))?;
    let result = match resolved.final_tier {
        Tier::One => "harmful_activation",
        Tier::Two => "nothing_learned",
        Tier::Three => "all_learned",
    };
    let vis = audience(ctx, creature);
    ctx.emit_for(
        MagicEvent::IdentifyTried {
            creature: creature.to_string(),
            item,
            result: result.into(),
        },
        vis,
    )?;
    match resolved.final_tier {
        Tier::One => ask_referee(
            ctx,
            "harmful_activation",
            format!("{creature} activated item {item} by accident: describe the harm (CR-ID-03, CR-REF-35)"),
            &[("harm", "The harm described")],
            json!({"caster": creature, "item": item}),
        )
        .map(|_| ()),
        Tier::Two => Ok(()),
        Tier::Three => identified(ctx, creature, item, Method::Test, it.hidden_properties, true),
    }
}

pub(in crate::ruleset) fn identify_rest(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    item: ItemId,
) -> Result<(), RuleError> {
    registered(ctx, item)?;
    let c = living(ctx, creature)?.creature;
    if c.inventory.item(item).is_none() {
        return Err(err(
            "not_yours",
            crate::rest_activities::ActivityError::NotMagic {
                who: creature.to_string(),
                item,
            },
        ));
    }
    crate::identification::may_identify_at_rest(ctx.core().clock.resting)
        .map_err(|e| err("not_resting", e))?;
    one_activity(ctx, creature)?;
    let vis = audience(ctx, creature);
    ctx.emit_for(
        MagicEvent::IdentifyQueued {
            creature: creature.to_string(),
            item: item.0,
        },
        vis,
    )
}

pub(in crate::ruleset) fn npc_reveals(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    item: ItemId,
    npc: &str,
    properties: &[String],
) -> Result<(), RuleError> {
    let it = registered(ctx, item)?;
    living(ctx, creature)?;
    crate::identification::may_reveal(item, &it.hidden_properties, properties)
        .map_err(|e| err("unknown_property", e))?;
    let complete = it.hidden_properties.iter().all(|p| properties.contains(p));
    ctx.emit_for(
        MagicEvent::Called {
            creature: creature.to_string(),
            call: "npc_reveals".into(),
            option: npc.to_string(),
            text: None,
        },
        Visibility::Referee,
    )?;
    identified(
        ctx,
        creature,
        item.0,
        Method::AskNpc,
        properties.to_vec(),
        complete,
    )
}

/// For the explore family: the rest about to end does not count for `creatures` (they did not
/// sleep its 4 hours, CR-REST-01), so magic's rest end skips them: their queued crafting rolls
/// and identifications are lost and their until-rest backlashes go on.
pub(in crate::ruleset) fn rest_not_counted(
    ctx: &mut Ctx<'_, Crows>,
    creatures: Vec<String>,
) -> Result<(), RuleError> {
    if creatures.is_empty() {
        return Ok(());
    }
    ctx.emit(MagicEvent::RestNotCounted { creatures })
}

/// For the explore family: an Identify Item activity finished now (CR-RACT-05). An item the
/// Referee has not described with `set_magic_item` teaches nothing here.
pub(in crate::ruleset) fn identify_activity_done(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    item: ItemId,
) -> Result<(), RuleError> {
    learn_by_rest(ctx, creature, item.0)
}

/// Whether `creature` already has a rest activity queued this rest (CR-RACT-02).
/// Whether `creature` already has its activity: queued here, or chosen with the explore
/// family's `choose_rest_activity` during the rest in progress (one per rest, CR-RACT-01).
pub(in crate::ruleset) fn busy(ctx: &Ctx<'_, Crows>, creature: &str) -> bool {
    ctx.rules().magic.busy_at_rest(creature)
        || ctx
            .rules()
            .explore
            .rest
            .as_ref()
            .is_some_and(|r| r.activities.contains_key(creature))
}

pub(in crate::ruleset) fn one_activity(
    ctx: &Ctx<'_, Crows>,
    creature: &str,
) -> Result<(), RuleError> {
    if busy(ctx, creature) {
        return Err(err(
            "activity_taken",
            crate::rest_activities::ActivityError::AlreadyChosen(creature.to_string()),
        ));
    }
    Ok(())
}
