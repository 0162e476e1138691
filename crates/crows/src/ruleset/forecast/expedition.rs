//! The next dungeon turns played forward: each turn ends as the Referee ends it (usage dice of
//! burning lights, expiries, the secret encounter check), the party lights a spare light when
//! the last one goes out, and rests every `rest_every` turns when asked to (eating rations, the
//! rest's own encounter check). Encounters are counted, not fought.

use engine::forecast::Sim;
use engine::{Actor, ClockCommand, Command};
use serde_json::json;

use super::policy::{Policy, send, settle};
use crate::creature::CreatureKind;
use crate::encounters::CheckOutcome;
use crate::rest::RestEncounter;
use crate::ruleset::adapter::Crows;
use crate::ruleset::explore::state::RecentCheck;
use crate::ruleset::state::CrowsState;

/// The most dungeon turns an expedition forecast may play.
pub const MAX_TURNS: u32 = 200;

/// How one run went.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpeditionRun {
    /// The turn after whose end the party had no light left (0: none at the start).
    pub light_out: Option<u32>,
    /// The turn at which a party member first had no ration to eat (a rest it could not eat
    /// at, or none carried at the end).
    pub rations_out: Option<u32>,
    /// Encounter checks made (turn ends and rests).
    pub checks: u32,
    /// Checks that found an encounter (a sign or at once).
    pub encounters: u32,
    /// Turn ends whose check found an encounter.
    pub encounter_turns: u32,
    /// Turns played (fewer than asked when the run stuck).
    pub turns: u32,
    pub stuck: bool,
}

/// The party: the crows and their hirelings and animals, alive.
pub fn party(state: &CrowsState) -> Vec<String> {
    state
        .creatures
        .iter()
        .filter(|(_, r)| {
            r.creature.alive
                && matches!(
                    r.creature.kind,
                    CreatureKind::Crow | CreatureKind::Hireling | CreatureKind::Animal
                )
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// Whether a light burns in the party; else a spare light source to light (creature, item).
fn light(state: &CrowsState, party: &[String]) -> (bool, Vec<(String, u32)>) {
    let mut spares = Vec::new();
    for id in party {
        let Some(r) = state.creatures.get(id) else {
            continue;
        };
        for (item, _) in r.creature.inventory.items() {
            let Some(u) = &item.usage else { continue };
            if !u.light_source || u.useless || u.pool.is_empty() {
                continue;
            }
            if u.lit {
                return (true, Vec::new());
            }
            spares.push((id.clone(), item.id.0));
        }
    }
    (false, spares)
}

/// Whether each of the party carries a ration.
fn fed(state: &CrowsState, party: &[String]) -> bool {
    party.iter().all(|id| {
        state.creatures.get(id).is_some_and(|r| {
            r.creature.inventory.items().any(|(i, _)| {
                i.card
                    .as_ref()
                    .and_then(|c| state.content.items.get(c))
                    .is_some_and(|card| card.ration)
            })
        })
    })
}

/// Keeps a light burning if the party can: lights the first spare that the rules accept.
fn keep_light(sim: &mut Sim<Crows>, party: &[String]) -> bool {
    let (burning, spares) = light(&sim.state().rules, party);
    burning
        || spares
            .iter()
            .any(|(c, item)| send(sim, json!({"light": {"creature": c, "item": item}})))
}

/// Counts the checks added to the recent list since `before` (its newest entry then).
fn new_checks(state: &CrowsState, before: Option<&RecentCheck>) -> Vec<RecentCheck> {
    let recent = &state.explore.recent_checks;
    let from = before
        .and_then(|b| recent.iter().rposition(|c| c == b))
        .map_or(0, |i| i + 1);
    recent.iter().skip(from).cloned().collect()
}

fn found(check: &RecentCheck) -> bool {
    match check {
        RecentCheck::Turn { check, .. } => check.outcome != CheckOutcome::Nothing,
        RecentCheck::Rest {
            result: RestEncounter::Dungeon { check },
        } => check.outcome != CheckOutcome::Nothing,
        RecentCheck::Rest { .. } => false,
    }
}

/// Plays `turns` dungeon turns.
pub fn play(
    sim: &mut Sim<Crows>,
    policy: Policy,
    turns: u32,
    rest_every: Option<u32>,
) -> ExpeditionRun {
    let party = party(&sim.state().rules);
    let mut run = ExpeditionRun {
        light_out: None,
        rations_out: None,
        checks: 0,
        encounters: 0,
        encounter_turns: 0,
        turns: 0,
        stuck: false,
    };
    if !keep_light(sim, &party) {
        run.light_out = Some(0);
    }
    for turn in 1..=turns {
        if sim
            .state()
            .rules
            .explore
            .visit
            .as_ref()
            .is_some_and(|v| v.paused)
        {
            send(sim, json!({"resume_dungeon_turn": {}}));
        }
        let before = sim.state().rules.explore.recent_checks.back().cloned();
        let ended = sim
            .send(
                &Actor::Referee,
                &Command::Clock(ClockCommand::EndExplorationTurn),
            )
            .is_ok();
        if !ended || !settle(sim, policy) {
            run.stuck = true;
            break;
        }
        run.turns = turn;
        let checks = new_checks(&sim.state().rules, before.as_ref());
        run.checks += checks.len() as u32;
        let hits = checks.iter().filter(|c| found(c)).count() as u32;
        run.encounters += hits;
        run.encounter_turns += u32::from(hits > 0);
        if run.light_out.is_none() && !keep_light(sim, &party) {
            run.light_out = Some(turn);
        }
        if rest_every.is_some_and(|k| turn % k == 0) && turn < turns {
            rest(sim, policy, &party, turn, &mut run);
            if run.stuck {
                break;
            }
        }
    }
    if run.rations_out.is_none() && !fed(&sim.state().rules, &party) {
        run.rations_out = Some(run.turns);
    }
    run
}

/// A rest in the dungeon: eat, the rest's check, sleep, finish.
fn rest(
    sim: &mut Sim<Crows>,
    policy: Policy,
    party: &[String],
    turn: u32,
    run: &mut ExpeditionRun,
) {
    let alive: Vec<&String> = party
        .iter()
        .filter(|id| {
            sim.state()
                .rules
                .creatures
                .get(*id)
                .is_some_and(|r| r.creature.alive)
        })
        .collect();
    if !fed(&sim.state().rules, party) && run.rations_out.is_none() {
        run.rations_out = Some(turn);
    }
    if !send(
        sim,
        json!({"start_rest": {"party": alive, "place": "dungeon"}}),
    ) {
        return;
    }
    let before = sim.state().rules.explore.recent_checks.back().cloned();
    send(sim, json!({"rest_encounter_check": {}}));
    let checks = new_checks(&sim.state().rules, before.as_ref());
    run.checks += checks.len() as u32;
    run.encounters += checks.iter().filter(|c| found(c)).count() as u32;
    send(sim, json!({"rest_sleep": {"creatures": alive}}));
    if !settle(sim, policy) || !send(sim, json!({"finish_rest": {}})) || !settle(sim, policy) {
        run.stuck = true;
    }
}
