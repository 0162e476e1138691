//! The rest in the open, the Miasma roll after a rest and the Miasma's effects (steps 5–6 of
//! CR-TRAVEL-02; CR-MIASMA, CR-ROAD-04).

use std::collections::BTreeMap;

use engine::{Answer, Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::json;

use super::day::start_test;
use super::party::{day_of, owners, position_of, refused, stage};
use super::state::{MiasmaPick, TravelEvent};
use crate::creature::{CreatureKind, Magic};
use crate::edges::NetEdge;
use crate::expertise::ExpertiseName;
use crate::inventory::{ItemId, SlotKind};
use crate::ruleset::adapter::Crows;
use crate::ruleset::core::commands::CoreCommand;
use crate::ruleset::request::TestRequest;
use crate::ruleset::then::{Then, TravelThen};
use crate::test_roll::{
    Characteristic, Modifier, ModifierEffect, ModifierSource, SourceKind, TestKind, Tier,
};
use crate::travel::Step;
use crate::travel::miasma::{MiasmaState, Outcome, Row, TableRoll, raise_other};

/// Most d10 rolls on the effects table for one result (re-rolls of pairs in force included).
const MAX_TABLE_ROLLS: usize = 50;

pub(super) fn begin_rest(
    ctx: &mut Ctx<'_, Crows>,
    in_miasma: Option<bool>,
) -> Result<(), RuleError> {
    crate::travel::day::may_begin_rest(stage(ctx)).map_err(refused)?;
    let d = day_of(ctx)?.clone();
    let p = position_of(ctx)?;
    let in_miasma = in_miasma.unwrap_or_else(|| ctx.rules().travel.map.in_miasma(p.true_hex));
    if !in_miasma {
        // Out of the Miasma, the rows lasting until it is left are over before this rest is
        // judged (CR-ERR-79): a Ravenous crow resting outside needs one ration (CR-MIASMA-07).
        // Cruelty clears only when the rest is finished (CR-MIASMA-05, `rest_ended`).
        let states: Vec<(String, MiasmaState)> = ctx
            .rules()
            .travel
            .miasma
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for (c, before) in states {
            let mut st = before.clone();
            st.leave_miasma();
            if st != before {
                set_miasma(ctx, &c, st, "out of the Miasma", Vec::new())?;
            }
        }
    }
    let snapshot: BTreeMap<String, crate::expertise::Expertises> = ctx
        .rules()
        .travel
        .party
        .members
        .iter()
        .filter_map(|m| {
            ctx.rules()
                .creatures
                .get(m)
                .map(|r| (m.clone(), r.creature.expertises.clone()))
        })
        .collect();
    // The travelling party rests together (CR-TRAVEL-02 step 5): the rest procedure's record,
    // so sleep, rest activities, Stamina and the wound choice work as in any rest (CR-REST).
    let party: Vec<String> = ctx
        .rules()
        .travel
        .party
        .members
        .iter()
        .filter(|m| {
            ctx.rules()
                .creatures
                .get(*m)
                .is_some_and(|r| r.creature.alive)
        })
        .cloned()
        .collect();
    ctx.start_rest()?;
    crate::ruleset::explore::resting::open_rest_in_open(ctx, party)?;
    ctx.emit(TravelEvent::RestBegun {
        in_miasma,
        threshold: d.tally.rest_threshold(),
    })?;
    ctx.emit_for(TravelEvent::RestSnapshot { snapshot }, Visibility::Referee)?;
    // The rest encounter check at the day's rest threshold (CR-ROAD-04).
    super::road::encounter_check(ctx, true)
}

pub(super) fn end_rest(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    meals: &BTreeMap<String, Vec<u32>>,
    completed: bool,
) -> Result<(), RuleError> {
    let finishing = ctx
        .rules()
        .explore
        .rest
        .as_ref()
        .is_some_and(|r| r.finishing);
    crate::travel::day::may_end_rest(stage(ctx), finishing).map_err(refused)?;
    let d = day_of(ctx)?;
    if ctx.rules().explore.rest.is_none() {
        // A rest in the open begun before `travel_rest` opened the rest procedure's record
        // (an older log): open it now for those it began with, so it ends like any rest.
        // Nobody has slept in it, so it restores nothing (as those versions ended it).
        let party: Vec<String> = d
            .rest
            .as_ref()
            .map(|r| r.snapshot.keys().cloned().collect())
            .unwrap_or_default();
        let party = party
            .into_iter()
            .filter(|m| {
                ctx.rules()
                    .creatures
                    .get(m)
                    .is_some_and(|r| r.creature.alive)
            })
            .collect();
        crate::ruleset::explore::resting::open_rest_in_open(ctx, party)?;
    }
    for (creature, items) in meals {
        crate::travel::miasma::may_eat(creature, &ctx.rules().travel.party.members)
            .map_err(refused)?;
        for item in items {
            rules.core_decide(
                &CoreCommand::EatRation {
                    creature: creature.clone(),
                    item: ItemId(*item),
                },
                ctx,
            )?;
        }
        ctx.emit(TravelEvent::MealsEaten {
            creature: creature.clone(),
            rations: u8::try_from(items.len()).unwrap_or(u8::MAX),
        })?;
    }
    if !completed {
        crate::ruleset::explore::resting::interrupt_rest(ctx, Some("the rest in the open".into()))?;
        return ctx.emit(TravelEvent::TravelRestInterrupted {});
    }
    // The rest procedure's end (CR-REST-02), as for any rest: the middle and the 2-hour marks
    // for lit lights (CR-REST-04, CR-ERR-34), full Stamina and one wound chosen by each
    // creature that slept its 4 hours (CR-REST-01), the activities. A Ravenous creature short
    // of rations gets nothing from it (CR-MIASMA-07, `short_of_rations_in_open`). The engine's
    // rest ends there, which runs this family's end of the rest (`rest_ended`: the Miasma).
    crate::ruleset::explore::resting::finish_rest(rules, ctx)
}

/// `creature`'s Miasma state (none yet: the state of one the Miasma has not touched).
fn miasma_state(ctx: &Ctx<'_, Crows>, creature: &str) -> crate::travel::miasma::MiasmaState {
    ctx.rules()
        .travel
        .miasma
        .get(creature)
        .cloned()
        .unwrap_or_default()
}

/// The engine passed the end of a rest (any completed rest while the party travels,
/// CR-ERR-59).
pub(super) fn rest_ended(rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let t = &ctx.rules().travel;
    let Some(p) = t.position else {
        return Ok(());
    };
    let rest = t.day.as_ref().and_then(|d| d.rest.clone());
    let in_miasma = match (&rest, &t.exploring) {
        (Some(r), _) => r.in_miasma,
        (None, Some(site)) => t.sites.get(site).is_none_or(|s| s.in_miasma),
        (None, None) => t.map.in_miasma(p.true_hex),
    };
    let party = t.party.clone();
    if let Some(rest) = &rest {
        for (m, snapshot) in &rest.snapshot {
            let hungry = super::party::short_of_rations_in_open(ctx.rules(), m);
            if hungry {
                ctx.emit(TravelEvent::RestDenied {
                    creature: m.clone(),
                    rule: "CR-MIASMA-07".into(),
                })?;
            }
            // CR-MIASMA-02: a rest finished in the Miasma gives no expertise uses back, except
            // to a character who has turned (row 13+).
            let keep_spent = hungry || !miasma_state(ctx, m).rest_restores_expertise(in_miasma);
            let Ok(r) = crate::ruleset::core::records::record(ctx, m) else {
                continue;
            };
            if keep_spent && r.creature.alive && &r.creature.expertises != snapshot {
                let mut c = r.creature.clone();
                c.expertises = snapshot.clone();
                let rule = if hungry {
                    "CR-MIASMA-07"
                } else {
                    "CR-MIASMA-02"
                };
                crate::ruleset::core::records::set_creature_only(
                    ctx,
                    m,
                    c,
                    "no expertise uses back from this rest",
                    json!({"rule": rule}),
                )?;
            }
        }
    }
    if in_miasma {
        let rollers: Vec<String> = party
            .humans
            .iter()
            // Humans roll after a rest in the Miasma, unless turned (CR-MIASMA-08/09).
            .filter(|h| {
                crate::travel::miasma::makes_roll(true, &miasma_state(ctx, h), in_miasma)
                    && ctx
                        .rules()
                        .creatures
                        .get(*h)
                        .is_some_and(|r| r.creature.alive)
            })
            .cloned()
            .collect();
        if !rollers.is_empty() {
            ctx.emit(TravelEvent::MiasmaRoundStarted { rollers })?;
            return next_roll(rules, ctx);
        }
    } else {
        // CR-MIASMA-05: a rest outside the Miasma clears cruelty (and the rows lasting until
        // the Miasma is left are over, CR-ERR-79).
        let states: Vec<(String, MiasmaState)> = ctx
            .rules()
            .travel
            .miasma
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for (c, before) in states {
            let mut st = before.clone();
            st.rest_outside_miasma();
            if st != before {
                set_miasma(ctx, &c, st, "rested outside the Miasma", Vec::new())?;
            }
        }
    }
    if rest.is_some() {
        ctx.emit(TravelEvent::StepSet {
            step: Step::NextDay,
        })?;
    }
    Ok(())
}

/// Records a creature's Miasma state; a Liar row that ended takes its expertise with it.
fn set_miasma(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    state: MiasmaState,
    what: &str,
    rows_rolled: Vec<Row>,
) -> Result<(), RuleError> {
    let liar = state.rows.contains(&Row::Liar);
    let vis = owners(ctx, creature);
    ctx.emit_for(
        TravelEvent::MiasmaSet {
            creature: creature.to_string(),
            state,
            what: what.to_string(),
            rows_rolled,
        },
        vis,
    )?;
    if !liar && let Some(name) = ctx.rules().travel.granted.get(creature).copied() {
        if let Ok(r) = crate::ruleset::core::records::record(ctx, creature) {
            let mut c = r.creature.clone();
            c.expertises.uses.remove(&name);
            crate::ruleset::core::records::set_creature_only(
                ctx,
                creature,
                c,
                "the Miasma's expertise is gone",
                json!(name),
            )?;
        }
        let vis = owners(ctx, creature);
        ctx.emit_for(
            TravelEvent::ExpertiseGranted {
                creature: creature.to_string(),
                expertise: None,
            },
            vis,
        )?;
    }
    Ok(())
}

/// The party is somewhere without Miasma: rows lasting until then end (CR-ERR-79).
pub(super) fn left_miasma(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let states: Vec<(String, MiasmaState)> = ctx
        .rules()
        .travel
        .miasma
        .iter()
        .filter(|(k, _)| ctx.rules().travel.party.members.contains(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    for (c, before) in states {
        let mut st = before.clone();
        st.leave_miasma();
        if st != before {
            set_miasma(ctx, &c, st, "left the Miasma", Vec::new())?;
        }
    }
    Ok(())
}

/// The next Miasma roll, the tier-3 choices, or the results.
fn next_roll(rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let Some(round) = ctx.rules().travel.round.clone() else {
        return Ok(());
    };
    if round.testing.is_some() {
        return Ok(());
    }
    if let Some(c) = round.rollers.iter().find(|c| !round.tiers.contains_key(*c)) {
        let cruelty = ctx.rules().travel.miasma.get(c).map_or(0, |m| m.cruelty);
        let edge = ctx
            .rules()
            .travel
            .day
            .as_ref()
            .and_then(|d| d.miasma_edges.get(c).copied())
            .unwrap_or(NetEdge::None);
        let mut modifiers = Vec::new();
        if cruelty > 0 {
            modifiers.push(Modifier::bonus(
                ModifierSource::new(SourceKind::Miasma, "cruelty").with_rule("CR-MIASMA-04"),
                crate::travel::miasma::cruelty_penalty(cruelty),
            ));
        }
        let fight =
            ModifierSource::new(SourceKind::Travel, "Fight the Miasma").with_rule("CR-ROLE-03");
        match edge {
            NetEdge::Edge => modifiers.push(Modifier::edge(fight)),
            NetEdge::DoubleEdge => {
                modifiers.push(Modifier::new(fight, ModifierEffect::DoubleEdge));
            }
            _ => {}
        }
        let c = c.clone();
        return start_test(
            rules,
            ctx,
            TestRequest::new(c, Characteristic::Mind)
                .kind(TestKind::ResistanceRoll)
                .modifiers(modifiers)
                .then(Then::Travel(TravelThen::Miasma)),
        );
    }
    if !round.picks.is_empty() && !round.choices_asked {
        ctx.emit(TravelEvent::MiasmaChoiceAsked {})?;
        for helper in round.picks.keys() {
            let mut options: Vec<(String, String)> =
                vec![("clear_cruelty".into(), "Lose all my cruelty levels".into())];
            for (other, tier) in &round.tiers {
                if other != helper && *tier != Tier::Three {
                    options.push((
                        format!("raise:{other}"),
                        format!(
                            "Raise {other}'s result by one tier (now tier {})",
                            tier.number()
                        ),
                    ));
                }
            }
            let refs: Vec<(&str, &str)> = options
                .iter()
                .map(|(a, b)| (a.as_str(), b.as_str()))
                .collect();
            let request = DecisionRequest::new(
                "crows.travel.miasma_choice",
                format!("{helper} resisted the Miasma at tier 3: choose one (CR-MIASMA-03)"),
                Answerer::Controller(helper.clone()),
                &refs,
            )
            .with_visibility(Visibility::Public)
            .with_args(json!({"creature": helper}))
            .with_context(json!({"creature": helper}));
            ctx.ask(request)?;
        }
        return Ok(());
    }
    if round.picks.values().any(Option::is_none) {
        return Ok(());
    }
    finish_round(ctx)
}

pub(super) fn tested(
    rules: &Crows,
    creature: &str,
    resolved: &crate::test_roll::ResolvedTest,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    ctx.emit(TravelEvent::MiasmaRolled {
        creature: creature.to_string(),
        tier: resolved.final_tier,
    })?;
    next_roll(rules, ctx)
}

fn finish_round(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let Some(round) = ctx.rules().travel.round.clone() else {
        return Ok(());
    };
    let idx = |c: &str| {
        round
            .rollers
            .iter()
            .position(|r| r == c)
            .and_then(|i| u32::try_from(i).ok())
    };
    let mut tiers: Vec<(u32, Tier)> = round
        .rollers
        .iter()
        .filter_map(|c| Some((idx(c)?, *round.tiers.get(c)?)))
        .collect();
    for (helper, pick) in &round.picks {
        if let Some(MiasmaPick::Raise { target }) = pick
            && let (Some(h), Some(t)) = (idx(helper), idx(target))
        {
            raise_other(&mut tiers, h, t)
                .map_err(|e| crate::ruleset::adapter::err("bad_answer", e))?;
        }
    }
    for (i, c) in round.rollers.iter().enumerate() {
        let Some(tier) = u32::try_from(i)
            .ok()
            .and_then(|i| tiers.iter().find(|(x, _)| *x == i))
            .map(|(_, t)| *t)
        else {
            continue;
        };
        let before = ctx
            .rules()
            .travel
            .miasma
            .get(c)
            .cloned()
            .unwrap_or_default();
        let mut st = before.clone();
        let outcome = st
            .apply_tier(tier)
            .map_err(|e| crate::ruleset::adapter::err("miasma", e))?;
        let mut rows_rolled = Vec::new();
        let mut gained = None;
        match outcome {
            Outcome::CrueltyAndEffect => {
                for _ in 0..MAX_TABLE_ROLLS {
                    let d10 = crate::ruleset::adapter::roll_die(
                        ctx,
                        "Miasma effects d10",
                        10,
                        Visibility::Public,
                    )?;
                    match st.roll_table(d10) {
                        Ok(TableRoll::Gained(row)) => {
                            rows_rolled.push(row);
                            gained = Some(row);
                            break;
                        }
                        Ok(TableRoll::RollAgain) => {
                            rows_rolled.push(Row::of(d10.saturating_add(st.cruelty)));
                        }
                        // Every row this cruelty reaches is in force: nothing more to gain.
                        Err(_) => break,
                    }
                }
            }
            Outcome::Choose => {
                if round.picks.get(c) == Some(&Some(MiasmaPick::ClearCruelty)) {
                    st.clear_cruelty();
                }
            }
            Outcome::Nothing => {}
        }
        let what = format!("Miasma roll: tier {}", tier.number());
        set_miasma(ctx, c, st, &what, rows_rolled)?;
        match gained {
            Some(Row::Rage) => rage(ctx, c)?,
            Some(Row::Liar) => ask_expertise(ctx, c)?,
            Some(Row::Turned) => turn(ctx, c)?,
            _ => {}
        }
    }
    ctx.emit(TravelEvent::MiasmaRoundDone {})
}

/// Row 5–6: a random mundane backpack item is destroyed (the die is recorded), then 3 Stamina
/// back, or one wound gone at full Stamina (the lowest-numbered wounded slot).
fn rage(ctx: &mut Ctx<'_, Crows>, creature: &str) -> Result<(), RuleError> {
    let mut c = crate::ruleset::core::records::record(ctx, creature)?
        .creature
        .clone();
    let mundane: Vec<(ItemId, String)> = c
        .inventory
        .items()
        .filter(|(i, p)| p.kind == SlotKind::Backpack && i.magic == Magic::Mundane && !i.corpse)
        .map(|(i, _)| (i.id, i.name.clone()))
        .collect();
    let mut destroyed = None;
    if !mundane.is_empty() {
        let n = mundane.len();
        let r = ctx.roll(
            "Miasma rage: which mundane item",
            &format!("1d{n}"),
            Visibility::Public,
        )?;
        let pick = crate::travel::day::pick_by_die(&mundane, r.total).map_err(refused)?;
        c.inventory
            .remove(pick.0)
            .map_err(|e| crate::ruleset::adapter::err("inventory_refused", e))?;
        destroyed = Some(pick.1.clone());
    }
    let mut healed_wound = None;
    if c.stamina < c.max_stamina {
        c.stamina = c.max_stamina.min(c.stamina.saturating_add(3));
    } else if let Some(slot) =
        (1..=c.inventory.layout().backpack).find(|s| c.inventory.wound_at(*s).is_some())
    {
        c.inventory
            .remove_wound(slot)
            .map_err(|e| crate::ruleset::adapter::err("inventory_refused", e))?;
        healed_wound = Some(slot);
    }
    crate::ruleset::core::records::set_creature_only(
        ctx,
        creature,
        c,
        "Miasma rage",
        json!({"destroyed": destroyed, "wound_removed_from": healed_wound,
            "rule": "CR-MIASMA-07"}),
    )
}

/// Row 7–8: the controller picks an expertise the character lacks.
fn ask_expertise(ctx: &mut Ctx<'_, Crows>, creature: &str) -> Result<(), RuleError> {
    let has = crate::ruleset::core::records::record(ctx, creature)?
        .creature
        .expertises
        .uses
        .clone();
    let options: Vec<(String, String)> = crate::ruleset::adapter::variant_names::<ExpertiseName>()
        .iter()
        .filter(|n| {
            crate::ruleset::adapter::from_snake::<ExpertiseName>(n)
                .is_some_and(|e| !has.contains_key(&e))
        })
        .map(|n| ((*n).to_string(), n.replace('_', " ")))
        .collect();
    if options.is_empty() {
        return Ok(());
    }
    let refs: Vec<(&str, &str)> = options
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let request = DecisionRequest::new(
        "crows.travel.miasma_expertise",
        format!("{creature} gains an expertise it lacks while the Miasma holds it (CR-MIASMA-07)"),
        Answerer::Controller(creature.to_string()),
        &refs,
    )
    .with_args(json!({"creature": creature}))
    .with_context(json!({"creature": creature}));
    ctx.ask(request).map(|_| ())
}

/// Row 13+: the character becomes an NPC under the Referee (CR-MIASMA-08).
fn turn(ctx: &mut Ctx<'_, Crows>, creature: &str) -> Result<(), RuleError> {
    let mut c = crate::ruleset::core::records::record(ctx, creature)?
        .creature
        .clone();
    c.kind = CreatureKind::Npc;
    crate::ruleset::core::records::set_creature_only(
        ctx,
        creature,
        c,
        "turned by the Miasma: now an NPC under the Referee",
        json!({"rule": "CR-MIASMA-08"}),
    )
}

pub(super) fn on_answer(
    rules: &Crows,
    decision: &Decision,
    answer: &Answer,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let creature = super::state::DecisionAbout::of(&decision.context).creature;
    if decision.kind == "crows.travel.miasma_expertise" {
        let name: ExpertiseName = crate::ruleset::adapter::from_snake(&answer.option)
            .ok_or_else(|| RuleError::new("bad_answer", "not an expertise"))?;
        let mut c = crate::ruleset::core::records::record(ctx, &creature)?
            .creature
            .clone();
        // CR-ERR-62: one use, for as long as the effect lasts.
        c.expertises.learn(name, 1);
        crate::ruleset::core::records::set_creature_only(
            ctx,
            &creature,
            c,
            "the Miasma's expertise",
            json!(name),
        )?;
        let vis = owners(ctx, &creature);
        return ctx.emit_for(
            TravelEvent::ExpertiseGranted {
                creature,
                expertise: Some(name),
            },
            vis,
        );
    }
    let pick = match answer.option.strip_prefix("raise:") {
        Some(target) => MiasmaPick::Raise {
            target: target.to_string(),
        },
        None => MiasmaPick::ClearCruelty,
    };
    ctx.emit(TravelEvent::MiasmaChoice { creature, pick })?;
    next_roll(rules, ctx)
}
