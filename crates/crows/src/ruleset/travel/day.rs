//! The day's pace, roles and role tests (steps 1–2 of CR-TRAVEL-02) and the day's end.

use std::collections::BTreeMap;

use engine::{Answer, Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::{Value, json};

use super::party::{day_of, index_of, position_of, refused, stage};
use super::state::{AssistEntry, RoleEntry, TravelDay, TravelEvent};
use crate::edges::NetEdge;
use crate::expertise::ExpertiseName;
use crate::ruleset::adapter::Crows;
use crate::ruleset::request::TestRequest;
use crate::ruleset::then::{Then, TravelThen};
use crate::test_roll::{Characteristic, Modifier, ModifierSource, SourceKind, Tier};
use crate::travel::Step;
use crate::travel::day::{Declared, Minded, Standing};
use crate::travel::pace::{Pace, Route};
use crate::travel::roles::{Assignment, Choice, Day, Pick, Task, TaskEffect, roster};

/// Game minutes in a day (the engine passes its day boundary at each multiple).
const MINUTES_PER_DAY: u64 = 24 * 60;

/// The slowest walking speed of the party; a rider counts its mount's (CR-TRAVEL-04). Wounds
/// slow a creature as they do everywhere.
fn slowest_speed(ctx: &Ctx<'_, Crows>) -> Result<u8, RuleError> {
    let party = &ctx.rules().travel.party;
    let speed = |id: &str| -> Result<u8, RuleError> {
        let c = &crate::ruleset::core::records::record(ctx, id)?.creature;
        Ok(c.speeds
            .walk
            .saturating_sub(c.inventory.wound_speed_penalty()))
    };
    let mut speeds = Vec::new();
    for m in &party.members {
        let mover = party.mounts.get(m).unwrap_or(m);
        speeds.push(speed(mover)?);
    }
    crate::travel::day::day_speed(&speeds).map_err(refused)
}

pub(super) fn begin_day(
    ctx: &mut Ctx<'_, Crows>,
    pace: Pace,
    route: Route,
) -> Result<(), RuleError> {
    crate::travel::day::may_begin_day(stage(ctx)).map_err(refused)?;
    let speed = slowest_speed(ctx)?;
    let number = ctx.rules().travel.days + 1;
    ctx.emit(TravelEvent::DayBegun {
        number,
        tally: Day::new(pace, speed, route),
    })
}

/// The day, while roles may still be declared.
pub(super) fn roles_open<'a>(ctx: &'a Ctx<'_, Crows>) -> Result<&'a TravelDay, RuleError> {
    crate::travel::day::may_declare_roles(stage(ctx)).map_err(refused)?;
    day_of(ctx)
}

/// The day, once its role tests are over (`rule`: the rule that needs them done).
pub(super) fn after_roles<'a>(
    ctx: &'a Ctx<'_, Crows>,
    rule: &str,
) -> Result<&'a TravelDay, RuleError> {
    crate::travel::day::may_follow_roles(stage(ctx), rule).map_err(refused)?;
    day_of(ctx)
}

pub(super) fn declare_role(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    task: Task,
    characteristic: Option<Characteristic>,
    picks: &[String],
    quarry: Option<String>,
) -> Result<(), RuleError> {
    let d = roles_open(ctx)?.clone();
    index_of(ctx, creature)?;
    crate::ruleset::core::records::living(ctx, creature)?;
    let t = &ctx.rules().travel;
    let miasma = t.miasma.get(creature).cloned().unwrap_or_default();
    let characteristic = crate::travel::day::may_declare_role(
        Declared {
            creature,
            task,
            characteristic,
            picks: picks.len(),
            quarry: quarry.as_deref(),
        },
        Minded {
            turned_by_player: miasma.turned && matches!(ctx.actor(), engine::Actor::Player(_)),
            refuses_roles: miasma.refuses_roles(),
        },
        Standing {
            holds_role: d.roles.iter().any(|r| r.creature == creature),
            assists: d.assists.iter().any(|a| a.helper == creature),
        },
        t.position.map(|p| p.lost),
    )
    .map_err(refused)?;
    if matches!(task, Task::FightTheMiasma | Task::SupportEveryone) {
        let n: Vec<u32> = picks
            .iter()
            .map(|p| index_of(ctx, p))
            .collect::<Result<_, _>>()?;
        crate::travel::roles::picked(task, &n)
            .map_err(|e| crate::ruleset::adapter::err("bad_picks", e))?;
    }
    // The roster with this role in place of the creature's earlier one (CR-ROLE-01, CR-ERR-57).
    let mut assignments = Vec::new();
    for r in d.roles.iter().filter(|r| r.creature != creature) {
        assignments.push(Assignment {
            creature: index_of(ctx, &r.creature)?,
            task: r.task,
        });
    }
    assignments.push(Assignment {
        creature: index_of(ctx, creature)?,
        task,
    });
    roster(&assignments, ctx.rules().travel.options.distinct_tasks, &[])
        .map_err(|e| crate::ruleset::adapter::err("role_refused", e))?;
    let role = RoleEntry {
        creature: creature.to_string(),
        task,
        characteristic,
        picks: picks.to_vec(),
        quarry: quarry.clone(),
        allowed: None,
    };
    ctx.emit(TravelEvent::RoleDeclared { role })?;
    if task == Task::TrackCreature {
        let request = DecisionRequest::new(
            "crows.travel.track_allowed",
            format!(
                "{creature} wants to track {}: could it be on today's route? (CR-ROLE-14)",
                quarry.clone().unwrap_or_default()
            ),
            Answerer::Referee,
            &[
                ("allow", "Yes: the test is made"),
                ("refuse", "No: choose another task or role"),
            ],
        )
        .with_visibility(Visibility::Public)
        .with_args(json!({"creature": creature, "quarry": quarry.clone().unwrap_or_default()}))
        .with_context(json!({"creature": creature}));
        ctx.ask(request)?;
    }
    Ok(())
}

pub(super) fn declare_assist(
    ctx: &mut Ctx<'_, Crows>,
    helper: &str,
    holder: &str,
    characteristic: Characteristic,
) -> Result<(), RuleError> {
    let d = roles_open(ctx)?.clone();
    index_of(ctx, helper)?;
    crate::ruleset::core::records::living(ctx, helper)?;
    crate::travel::day::may_assist(
        helper,
        holder,
        Standing {
            holds_role: d.roles.iter().any(|r| r.creature == helper),
            assists: d.assists.iter().any(|a| a.helper == helper),
        },
        d.roles.iter().any(|r| r.creature == holder),
    )
    .map_err(refused)?;
    ctx.emit(TravelEvent::AssistDeclared {
        assist: AssistEntry {
            helper: helper.to_string(),
            holder: holder.to_string(),
            characteristic,
            done: false,
        },
    })
}

pub(super) fn start_role_tests(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    approved: &BTreeMap<String, Vec<ExpertiseName>>,
) -> Result<(), RuleError> {
    let d = roles_open(ctx)?.clone();
    let unruled = d
        .roles
        .iter()
        .find(|r| r.task == Task::TrackCreature && r.allowed.is_none())
        .map(|r| r.creature.as_str());
    let unsupported = d
        .roles
        .iter()
        .filter(|r| r.task == Task::SupportEveryone)
        .find_map(|r| {
            r.picks
                .iter()
                .find(|p| !d.roles.iter().any(|x| &x.creature == *p))
        })
        .map(String::as_str);
    crate::travel::day::may_start_role_tests(unruled, unsupported).map_err(refused)?;
    for c in approved.keys() {
        index_of(ctx, c)?;
    }
    ctx.emit(TravelEvent::RoleTestsStarted {
        approved: approved.clone(),
    })?;
    advance(rules, ctx)
}

/// The roles in test order: supporters (Support Everyone first), guide, scouts, trackers
/// (CR-TRAVEL-02, CR-ERR-16), each role in declaration order.
pub(super) fn test_order(d: &TravelDay) -> Vec<RoleEntry> {
    let mut order = d.roles.clone();
    order.sort_by_key(|r| (r.task.role(), u8::from(r.task != Task::SupportEveryone)));
    order
}

fn travel_decision_open(ctx: &Ctx<'_, Crows>) -> bool {
    ctx.core()
        .decisions
        .iter()
        .any(|d| d.kind == "crows.travel.choice" || d.kind == "crows.travel.track_allowed")
}

/// Runs the next role test, or closes the step when every role has its result.
pub(super) fn advance(rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let Some(d) = ctx.rules().travel.day.clone() else {
        return Ok(());
    };
    if d.step != Step::Roles || !d.tests_started || d.testing.is_some() {
        return Ok(());
    }
    if travel_decision_open(ctx) {
        return Ok(());
    }
    for r in test_order(&d) {
        if d.results.contains_key(&r.creature) {
            continue;
        }
        if !ctx
            .rules()
            .creatures
            .get(&r.creature)
            .is_some_and(|c| c.creature.alive)
        {
            ctx.emit(TravelEvent::RoleWithdrawn {
                creature: r.creature.clone(),
            })?;
            return advance(rules, ctx);
        }
        if let Some(a) = d.assists.iter().find(|a| a.holder == r.creature && !a.done) {
            return run_assist(rules, ctx, a);
        }
        return run_role_test(rules, ctx, &d, &r);
    }
    let t = &d.tally;
    ctx.emit(TravelEvent::RolesDone {
        hexes: t.hexes(),
        travel_threshold: t.travel_threshold(),
        rest_threshold: t.rest_threshold(),
    })
}

/// Rolls a travel test: the day records that a test started, then core rolls it.
pub(super) fn start_test(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    request: TestRequest,
) -> Result<(), RuleError> {
    ctx.emit(TravelEvent::TravelTestStarted {
        creature: request.creature().to_string(),
    })?;
    request.roll(rules, ctx)
}

fn run_assist(rules: &Crows, ctx: &mut Ctx<'_, Crows>, a: &AssistEntry) -> Result<(), RuleError> {
    ctx.emit(TravelEvent::TravelTestStarted {
        creature: a.helper.clone(),
    })?;
    let approved = day_of(ctx)?
        .approved
        .get(&a.helper)
        .cloned()
        .unwrap_or_default();
    TestRequest::new(&a.helper, a.characteristic)
        .approved(approved)
        .assist_for(&a.holder)
        .then(Then::Travel(TravelThen::Assist {
            holder: a.holder.clone(),
        }))
        .roll(rules, ctx)
}

fn travel_source(name: &str, rule: &str) -> ModifierSource {
    ModifierSource::new(SourceKind::Travel, name).with_rule(rule)
}

fn run_role_test(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    d: &TravelDay,
    r: &RoleEntry,
) -> Result<(), RuleError> {
    let mut modifiers = Vec::new();
    // Every travel-role test (CR-ROLE-15): the pace's edge or bane (CR-TRAVEL-03)…
    match d.tally.pace.row().role_tests {
        NetEdge::Edge => modifiers.push(Modifier::edge(travel_source("slow pace", "CR-TRAVEL-03"))),
        NetEdge::Bane => modifiers.push(Modifier::bane(travel_source("fast pace", "CR-TRAVEL-03"))),
        _ => {}
    }
    // …Support Everyone's bonus (CR-ROLE-05)…
    let support = d.support.get(&r.creature).copied().unwrap_or(0);
    // …and, for Forage only, the Ravenous +2 (CR-MIASMA-07, CR-ERR-17).
    let ravenous = ctx
        .rules()
        .travel
        .miasma
        .get(&r.creature)
        .is_some_and(|m| m.ravenous());
    let forage = crate::travel::roles::role_test_bonus(r.task, 0, ravenous);
    if support != 0 {
        modifiers.push(Modifier::bonus(
            travel_source("Support Everyone", "CR-ROLE-05"),
            i32::from(support),
        ));
    }
    if forage != 0 {
        modifiers.push(Modifier::bonus(
            ModifierSource::new(SourceKind::Miasma, "ravenous").with_rule("CR-MIASMA-07"),
            i32::from(forage),
        ));
    }
    let approved = d.approved.get(&r.creature).cloned().unwrap_or_default();
    start_test(
        rules,
        ctx,
        TestRequest::new(&r.creature, r.characteristic)
            .modifiers(modifiers)
            .approved(approved)
            .then(Then::Travel(TravelThen::Role { task: r.task })),
    )
}

pub(super) fn assist_tested(
    rules: &Crows,
    creature: &str,
    holder: String,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    ctx.emit(TravelEvent::AssistMade {
        helper: creature.to_string(),
        holder,
    })?;
    advance(rules, ctx)
}

fn choice_labels(c: Choice) -> [(String, String); 2] {
    match c {
        Choice::HexOrTravelThreshold(n) => [
            ("first".into(), format!("{n:+} hex today")),
            (
                "second".into(),
                format!("{n:+} to today's travel encounter threshold"),
            ),
        ],
        Choice::RestThresholdOrCrafting {
            threshold,
            crafting,
        } => [
            (
                "first".into(),
                format!("{threshold:+} to tonight's rest encounter threshold"),
            ),
            (
                "second".into(),
                format!("{crafting:+} on crafting rolls in this camp tonight"),
            ),
        ],
    }
}

/// The decision's arguments for a [`Choice`]'s two options, for a client that words them
/// itself: `choice` (`hex_or_travel_threshold` or `rest_threshold_or_crafting`) and the two
/// signed amounts `first` and `second` (e.g. "+1").
fn choice_args(c: Choice, mut args: Value) -> Value {
    let (kind, first, second) = match c {
        Choice::HexOrTravelThreshold(n) => ("hex_or_travel_threshold", n, n),
        Choice::RestThresholdOrCrafting {
            threshold,
            crafting,
        } => ("rest_threshold_or_crafting", threshold, crafting),
    };
    if let Some(o) = args.as_object_mut() {
        o.insert("choice".into(), json!(kind));
        o.insert("first".into(), json!(format!("{first:+}")));
        o.insert("second".into(), json!(format!("{second:+}")));
    }
    args
}

pub(super) fn role_tested(
    rules: &Crows,
    creature: &str,
    resolved: &crate::test_roll::ResolvedTest,
    task: Task,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let d = day_of(ctx)?.clone();
    let idx = index_of(ctx, creature)?;
    let tier = resolved.final_tier;
    let mut tally = d.tally.clone();
    tally.record(
        Assignment {
            creature: idx,
            task,
        },
        tier,
    );
    ctx.emit(TravelEvent::RoleResolved {
        creature: creature.to_string(),
        task,
        tier,
        tally,
    })?;
    let role = d
        .roles
        .iter()
        .find(|r| r.creature == creature)
        .cloned()
        .ok_or_else(|| RuleError::new("bad_continuation", "the role-holder has no role"))?;
    for effect in task.table().get(tier).clone() {
        apply_effect(ctx, &role, tier, effect)?;
    }
    advance(rules, ctx)
}

/// Rolls the Treasure Hunt's find on the pack table `table` (`finds-minor`, `finds-major`)
/// when one is loaded (CR-EXT-03, CR-REF-37), for the Referee's eyes: the roll and the row's
/// result, if any. Without the table the Referee rolls by hand (`None`).
fn roll_finds(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    finds: crate::travel::roles::Finds,
    table: &str,
) -> Result<Option<(i64, Option<String>)>, RuleError> {
    let Some(t) = ctx.rules().content.tables.get(table).cloned() else {
        return Ok(None);
    };
    let r = ctx.roll_secret(&format!("interesting finds {}", t.name), &t.dice())?;
    let result = u32::try_from(r.total)
        .ok()
        .and_then(|n| t.lookup(n))
        .map(|row| row.result.clone());
    ctx.emit_for(
        TravelEvent::FindsRolled {
            creature: creature.to_string(),
            finds,
            table: table.to_string(),
            roll: r.total,
            result: result.clone(),
        },
        Visibility::Referee,
    )?;
    Ok(Some((r.total, result)))
}

fn apply_effect(
    ctx: &mut Ctx<'_, Crows>,
    role: &RoleEntry,
    tier: Tier,
    effect: TaskEffect,
) -> Result<(), RuleError> {
    let creature = role.creature.as_str();
    let reward = |rations: Option<u8>| TravelEvent::Rewarded {
        reward: super::state::Reward {
            creature: creature.to_string(),
            effect,
            rations,
        },
    };
    match effect {
        TaskEffect::Lost => {
            let mut p = position_of(ctx)?;
            if !p.lost {
                p.get_lost();
                super::party::set_position(ctx, p, "lost: the guide's route went wrong")?;
            }
        }
        TaskEffect::Found => {
            let mut p = position_of(ctx)?;
            if p.lost {
                p.found();
                super::party::set_position(ctx, p, "found by back_on_track")?;
            }
        }
        TaskEffect::Choose(c) => {
            let [a, b] = choice_labels(c);
            let request = DecisionRequest::new(
                "crows.travel.choice",
                format!(
                    "{creature}'s {} reached tier {}: choose one ({})",
                    role.task.name(),
                    tier.number(),
                    role.task.rule()
                ),
                Answerer::Controller(creature.to_string()),
                &[(a.0.as_str(), a.1.as_str()), (b.0.as_str(), b.1.as_str())],
            )
            .with_visibility(Visibility::Public)
            .with_args(choice_args(
                c,
                json!({"creature": creature, "task": role.task, "tier": tier.number()}),
            ))
            .with_context(json!({"creature": creature, "choice": c}));
            ctx.ask(request)?;
        }
        TaskEffect::MiasmaEdge(edge) => {
            let to = if role.picks.is_empty() {
                vec![creature.to_string()]
            } else {
                role.picks.clone()
            };
            ctx.emit(TravelEvent::MiasmaEdgeGiven {
                by: creature.to_string(),
                to,
                edge,
            })?;
        }
        TaskEffect::RoleTestBonus(bonus) => {
            ctx.emit(TravelEvent::SupportGiven {
                by: creature.to_string(),
                to: role.picks.clone(),
                bonus,
            })?;
        }
        TaskEffect::Rations(y) => {
            let faces = crate::ruleset::adapter::roll_d6s(
                ctx,
                "rations found",
                u8::try_from(y.dice()).unwrap_or(0),
                &Visibility::Public,
            )?;
            let n = y
                .rations(&faces)
                .map_err(|e| crate::ruleset::adapter::err("bad_face", e))?;
            ctx.emit(reward(Some(n)))?;
        }
        TaskEffect::RefereeRollsFinds(finds) => {
            ctx.emit(reward(None))?;
            let which = crate::ruleset::adapter::snake(&finds);
            let table = format!("finds-{which}");
            let rolled = roll_finds(ctx, creature, finds, &table)?;
            let args = json!({
                "creature": creature,
                "finds": finds,
                "roll": rolled.as_ref().map_or(json!("none"), |(roll, _)| json!(roll)),
                "result": rolled
                    .as_ref()
                    .and_then(|(_, r)| r.clone())
                    .unwrap_or_else(|| "none".into()),
            });
            let prompt = match rolled {
                Some((roll, Some(result))) => format!(
                    "{creature}'s Treasure Hunt: {roll} on the {which} interesting finds table \
                     ({table}): {result}. Tell the players and note the find (CR-ROLE-11)"
                ),
                Some((roll, None)) => format!(
                    "{creature}'s Treasure Hunt: {roll} on the {which} interesting finds table \
                     ({table}), which has no row for it: note the find (CR-ROLE-11)"
                ),
                None => format!(
                    "{creature}'s Treasure Hunt: roll on the {which} interesting finds table \
                     (CR-ROLE-11) and note the find"
                ),
            };
            let request = DecisionRequest::new(
                "crows.travel.finds",
                prompt,
                Answerer::Referee,
                &[("noted", "Noted")],
            )
            .with_free_text()
            .with_args(args)
            .with_context(json!({"creature": creature, "finds": finds}));
            ctx.ask(request)?;
        }
        TaskEffect::LargeAnimalHide => ctx.emit(reward(None))?,
        TaskEffect::MeetCreature => {
            ctx.emit(reward(None))?;
            let request = DecisionRequest::new(
                "crows.travel.meet_creature",
                format!(
                    "{creature} tracked {}: decide when and where today the party meets it \
                     (CR-ROLE-14)",
                    role.quarry.clone().unwrap_or_default()
                ),
                Answerer::Referee,
                &[("noted", "Noted")],
            )
            .with_free_text()
            .with_args(
                json!({"creature": creature, "quarry": role.quarry.clone().unwrap_or_default()}),
            )
            .with_context(json!({"creature": creature, "quarry": role.quarry}));
            ctx.ask(request)?;
        }
        TaskEffect::TravelThreshold(_)
        | TaskEffect::RestThreshold(_)
        | TaskEffect::Hexes(_)
        | TaskEffect::StillLost => {}
    }
    Ok(())
}

pub(super) fn on_answer(
    rules: &Crows,
    decision: &Decision,
    answer: &Answer,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let creature = super::state::DecisionAbout::of(&decision.context).creature;
    match decision.kind.as_str() {
        "crows.travel.track_allowed" => {
            let allowed = answer.option == "allow";
            ctx.emit(TravelEvent::TrackRuled {
                creature: creature.clone(),
                allowed,
            })?;
            if !allowed {
                ctx.emit(TravelEvent::RoleWithdrawn { creature })?;
            }
            advance(rules, ctx)
        }
        _ => {
            let pick = if answer.option == "first" {
                Pick::First
            } else {
                Pick::Second
            };
            let idx = index_of(ctx, &creature)?;
            let mut tally = day_of(ctx)?.tally.clone();
            tally
                .answer(idx, pick)
                .map_err(|e| crate::ruleset::adapter::err("bad_answer", e))?;
            ctx.emit(TravelEvent::ChoiceMade {
                creature,
                option: answer.option.clone(),
                tally,
            })?;
            advance(rules, ctx)
        }
    }
}

pub(super) fn end_day(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    crate::travel::day::may_end_day(stage(ctx)).map_err(refused)?;
    let d = day_of(ctx)?.clone();
    let minute = ctx.core().clock.game_minutes;
    let day = MINUTES_PER_DAY;
    ctx.advance_minutes(day - minute % day)?;
    ctx.emit(TravelEvent::DayEnded { number: d.number })
}
