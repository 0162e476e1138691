//! Crafting projects and identifying magic items at the table (see [`super`]'s docs).

use std::collections::BTreeMap;

use engine::{Actor, Ctx, RuleError};
use serde_json::json;

use crate::crafting::{Crafter, Project, Recipe, UsesReading};
use crate::creature::Creature;
use crate::expertise::ExpertiseName;
use crate::inventory::{CarriedItem, ItemId};
use crate::test_roll::{Characteristic, Modifier, ModifierSource, SourceKind, TestKind};

use super::super::adapter::{Crows, err, roll_die};
use super::super::core::{audience, drop_to_ground, living, record, set_creature_only};
use super::calls::config;
use super::identify::{learn_by_rest, one_activity};
use super::state::MagicEvent;
use crate::ruleset::magic::state::{CraftProject, QueuedCraft};

/// Most crafting rolls one activity may chain through crits (CR-CRAFT-09).
pub const MAX_CRIT_CHAIN: usize = 20;

fn norm(s: &str) -> String {
    s.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace() || *c == '-' || *c == '_')
        .map(|c| if c == '-' || c == '_' { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn matches(item: &CarriedItem, name: &str) -> bool {
    let n = norm(name);
    norm(&item.name) == n || item.card.as_deref().is_some_and(|c| norm(c) == n)
}

/// The crafter as the pure rules see it: its expertises and the tools it carries.
fn crafter_of(id: &str, c: &Creature, recipe: &Recipe) -> Crafter {
    let tools = crate::crafting::tools_for(recipe.expertise).ok();
    Crafter {
        name: id.to_string(),
        expertises: c
            .expertises
            .uses
            .iter()
            .map(|(n, u)| {
                let clamp = |v: u32| u8::try_from(v).unwrap_or(u8::MAX);
                (*n, (clamp(u.max), clamp(u.left)))
            })
            .collect(),
        tools: tools
            .filter(|t| c.inventory.all_items().any(|i| matches(i, t)))
            .map(|t| vec![t.to_string()])
            .unwrap_or_default(),
    }
}

/// The recipe's materials the owner carries (one per carried item of that name or card).
fn materials_of(c: &Creature, recipe: &Recipe) -> BTreeMap<String, u32> {
    recipe
        .materials
        .keys()
        .map(|m| {
            let n = c.inventory.all_items().filter(|i| matches(i, m)).count();
            (m.clone(), u32::try_from(n).unwrap_or(u32::MAX))
        })
        .collect()
}

pub(super) fn start(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    recipe: &Recipe,
) -> Result<(), RuleError> {
    let c = living(ctx, creature)?.creature;
    let project = Project::new(recipe.clone()).map_err(|e| err("bad_recipe", e))?;
    let reading: UsesReading = config(ctx, "craft_uses_reading");
    crate::crafting::check_requirements(
        recipe,
        &crafter_of(creature, &c, recipe),
        &materials_of(&c, recipe),
        reading,
    )
    .map_err(|e| err("craft_refused", e))?;
    let id = ctx.rules().magic.next_project.max(1);
    let vis = audience(ctx, creature);
    ctx.emit_for(
        MagicEvent::ProjectSet {
            id,
            project: CraftProject {
                owner: creature.to_string(),
                project,
            },
            what: "started".into(),
        },
        vis,
    )
}

pub(super) fn craft(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    q: QueuedCraft,
    town: bool,
) -> Result<(), RuleError> {
    let p = ctx
        .rules()
        .magic
        .projects
        .get(&q.project)
        .cloned()
        .ok_or_else(|| {
            RuleError::new(
                "unknown_project",
                format!("no crafting project {}", q.project),
            )
        })?;
    let c = living(ctx, &q.crafter)?.creature;
    let reading: UsesReading = config(ctx, "craft_uses_reading");
    // A helper needs the skill and tools, not the materials (CR-CRAFT-13).
    crafter_of(&q.crafter, &c, &p.project.recipe)
        .check_skill(&p.project.recipe, reading)
        .map_err(|e| err("craft_refused", e))?;
    if q.expertises.len() > crate::crafting::MAX_EXPERTISES {
        return Err(err(
            "craft_refused",
            crate::crafting::CraftError::TooManyExpertises(q.expertises.len()),
        ));
    }
    for (i, e) in q.expertises.iter().enumerate() {
        if q.expertises[..i].contains(e) {
            return Err(err(
                "craft_refused",
                crate::crafting::CraftError::DuplicateExpertise(*e),
            ));
        }
        c.expertises
            .can_spend(*e)
            .map_err(|x| err("no_expertise_use", format!("{x} (CR-ERR-73)")))?;
    }
    if q.edges > 8 || q.banes > 8 || q.bonus.abs() > 100 {
        return Err(RuleError::new(
            "too_many_modifiers",
            "at most 8 edges, 8 banes and |bonus| ≤ 100",
        ));
    }
    let owner = living(ctx, &p.owner)?.creature;
    if crate::crafting::copies_available(
        &p.project.recipe,
        &materials_of(&owner, &p.project.recipe),
    ) == 0
    {
        return Err(err(
            "craft_refused",
            crate::crafting::CraftError::Material(
                p.project
                    .recipe
                    .materials
                    .keys()
                    .next()
                    .cloned()
                    .unwrap_or_default(),
            ),
        ));
    }
    let by_referee = *ctx.actor() == Actor::Referee;
    let place = crate::crafting::workplace(town, by_referee, ctx.core().clock.resting).map_err(
        |e| match e {
            crate::crafting::CraftError::TownIsReferees => err("referee_only", e),
            _ => err("not_resting", e),
        },
    )?;
    if place == crate::crafting::Workplace::Town {
        // One of the day's four town activities, in town, its 2 hours once (CR-TOWN-01/03).
        crate::ruleset::explore::town_days::town_craft(ctx, &q.crafter, &p.project.recipe.item)?;
        return roll_now(rules, ctx, &q);
    }
    one_activity(ctx, &q.crafter)?;
    let vis = audience(ctx, &q.crafter);
    ctx.emit_for(MagicEvent::CraftQueued { queued: q }, vis)
}

/// One Craft Equipment activity: the roll (and its crit chain) added to the project.
pub(super) fn roll_now(
    _rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    q: &QueuedCraft,
) -> Result<(), RuleError> {
    let Some(p) = ctx.rules().magic.projects.get(&q.project).cloned() else {
        return Ok(());
    };
    let Ok(r) = living(ctx, &q.crafter) else {
        return Ok(());
    };
    // The project's owner holds the materials: looked up before any die is rolled, so a
    // refusal never follows the faces (secrecy).
    record(ctx, &p.owner)?;
    let mut c = r.creature.clone();
    // Each applied expertise spends one use (CR-ERR-73).
    let mut spent = Vec::new();
    for e in &q.expertises {
        if c.expertises.spend(*e).is_ok() {
            spent.push(*e);
        }
    }
    if !spent.is_empty() {
        set_creature_only(
            ctx,
            &q.crafter,
            c.clone(),
            "expertise spent on crafting",
            json!(spent),
        )?;
    }
    let referee = |n: &str| ModifierSource::new(SourceKind::Referee, n);
    let mut mods: Vec<Modifier> = Vec::new();
    mods.extend((0..q.edges).map(|_| Modifier::edge(referee("edge"))));
    mods.extend((0..q.banes).map(|_| Modifier::bane(referee("bane"))));
    if q.bonus != 0 {
        mods.push(Modifier::bonus(referee("bonus"), q.bonus));
    }
    mods.extend(crate::conditions::own_test_modifiers(
        &c.conditions,
        &TestKind::Ordinary,
        Characteristic::Mind,
        &[],
    ));
    let chains: bool = !config::<bool>(ctx, "craft_crit_does_not_chain");
    let vis = audience(ctx, &q.crafter);
    let mut extra = false;
    for _ in 0..MAX_CRIT_CHAIN {
        let a = roll_die(ctx, "crafting d10", 10, vis.clone())?;
        let b = roll_die(ctx, "crafting d10", 10, vis.clone())?;
        let exps: &[ExpertiseName] = if extra { &[] } else { &spent };
        let mind = c.characteristics.get(Characteristic::Mind);
        let roll = crate::crafting::crafting_roll([a, b], mind, &mods, exps, extra, chains)
            .map_err(|e| err("bad_craft", e))?;
        let Some(mut project) = ctx.rules().magic.projects.get(&q.project).cloned() else {
            return Ok(());
        };
        let mut owner = record(ctx, &p.owner)?.creature.clone();
        let mut materials = materials_of(&owner, &project.project.recipe);
        let progress = project.project.add(&q.crafter, roll.points, &mut materials);
        // The finished copies consume the owner's materials and lie at its feet.
        let mut made = Vec::new();
        for _ in 0..progress.finished_now {
            for (m, n) in &project.project.recipe.materials {
                for _ in 0..*n {
                    let id = owner
                        .inventory
                        .all_items()
                        .find(|i| matches(i, m))
                        .map(|i| i.id);
                    if let Some(id) = id {
                        owner
                            .inventory
                            .remove(id)
                            .map_err(|e| err("inventory", e))?;
                    }
                }
            }
            made.push(CarriedItem::new(
                ItemId(0),
                project.project.recipe.item.clone(),
                1,
            ));
        }
        ctx.emit_for(
            MagicEvent::CraftRolled {
                project: q.project,
                crafter: q.crafter.clone(),
                roll: roll.clone(),
                progress: progress.clone(),
            },
            vis.clone(),
        )?;
        if !project.project.crafters.contains(&q.crafter) {
            project.project.crafters.push(q.crafter.clone());
        }
        ctx.emit_for(
            MagicEvent::ProjectSet {
                id: q.project,
                project,
                what: "crafting roll".into(),
            },
            vis.clone(),
        )?;
        if progress.finished_now > 0 {
            set_creature_only(
                ctx,
                &p.owner,
                owner,
                "materials used",
                json!({"finished": progress.finished_now}),
            )?;
            drop_to_ground(ctx, &p.owner, made)?;
        }
        if !roll.another_roll {
            break;
        }
        extra = true;
    }
    Ok(())
}

/// The end of a finished rest: queued crafting rolls and identifications (CR-CRAFT-06,
/// CR-RACT-05).
pub(super) fn rest_end(rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let m = ctx.rules().magic.clone();
    if m.queued_crafts.is_empty() && m.queued_identify.is_empty() && m.rest_not_counted.is_empty() {
        return Ok(());
    }
    // A creature the rest does not count for (CR-REST-01) loses its queued activity.
    let counted = |who: &str| !m.rest_not_counted.contains(who);
    for q in m.queued_crafts.iter().filter(|q| counted(&q.crafter)) {
        roll_now(rules, ctx, q)?;
    }
    for (creature, item) in m.queued_identify.iter().filter(|(c, _)| counted(c)) {
        learn_by_rest(ctx, creature, *item)?;
    }
    ctx.emit(MagicEvent::RestActivitiesDone {})
}
