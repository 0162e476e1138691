//! A fight played forward: the fight in progress (or the placed creatures, started as the
//! Referee would start it) run to its end by the policy, and what it left measured.

use std::collections::BTreeMap;

use engine::forecast::Sim;
use serde_json::{Value, json};

use super::policy::{Policy, send, settle};
use crate::combat::grid::{ReachUse, Space, Square, natural_reach, reach};
use crate::combat::initiative::Side;
use crate::combat::turn::{Cost, spend};
use crate::conditions::ConditionKind;
use crate::ruleset::adapter::Crows;
use crate::ruleset::combat::board::{space_of, speed_in};
use crate::ruleset::combat::reacting::weapons_in;
use crate::ruleset::state::CrowsState;

/// A fight no side has won after this many rounds ends as a draw.
pub const DEFAULT_MAX_ROUNDS: u32 = 30;
/// The most rounds a fight forecast may ask for.
pub const MAX_ROUNDS: u32 = 200;
/// Commands and answers one turn may try before the creature simply ends it.
const TRIES_PER_TURN: u32 = 24;

/// Who fights, on which side, and how each stood when the forecast began.
#[derive(Debug, Clone)]
pub struct Cast {
    pub fighters: Vec<Fighter>,
}

#[derive(Debug, Clone)]
pub struct Fighter {
    pub id: String,
    pub side: Side,
    pub wounds: u32,
    /// Usage dice per carried item id.
    pub usage: BTreeMap<u32, u32>,
}

impl Cast {
    /// Everyone placed on the grid (or taking part in the fight in progress).
    pub fn of(state: &CrowsState) -> Cast {
        let fighters = state
            .combat
            .placements
            .iter()
            .filter(|(id, _)| state.creatures.contains_key(*id))
            .map(|(id, p)| Fighter {
                id: id.clone(),
                side: state
                    .combat
                    .fight
                    .as_ref()
                    .and_then(|f| f.side_of(id))
                    .unwrap_or(p.side),
                wounds: wounds(state, id),
                usage: usage(state, id),
            })
            .collect();
        Cast { fighters }
    }

    fn standing(&self, state: &CrowsState, side: Side) -> bool {
        self.fighters
            .iter()
            .any(|f| f.side == side && standing(state, &f.id))
    }
}

fn wounds(state: &CrowsState, id: &str) -> u32 {
    state
        .creatures
        .get(id)
        .map_or(0, |r| u32::from(r.creature.inventory.wound_count()))
}

fn usage(state: &CrowsState, id: &str) -> BTreeMap<u32, u32> {
    state.creatures.get(id).map_or_else(BTreeMap::new, |r| {
        r.creature
            .inventory
            .items()
            .filter_map(|(item, _)| {
                item.usage
                    .as_ref()
                    .map(|u| (item.id.0, u32::from(u.pool.current)))
            })
            .collect()
    })
}

/// Alive, conscious and on the grid.
fn standing(state: &CrowsState, id: &str) -> bool {
    state.combat.placements.contains_key(id)
        && state.creatures.get(id).is_some_and(|r| {
            r.creature.alive && !r.creature.conditions.has(ConditionKind::Unconscious)
        })
}

/// How one run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct FightRun {
    /// The side left standing; `None`: a draw (both fell, or the round limit came).
    pub winner: Option<Side>,
    /// The round the fight ended in.
    pub rounds: u32,
    /// The policy found nothing the rules accept (a decision it could not answer, a turn it
    /// could not end): the run stops where it stands and counts as a draw.
    pub stuck: bool,
    /// Per fighter, in the cast's order.
    pub fighters: Vec<FighterEnd>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FighterEnd {
    pub dead: bool,
    pub knocked_out: bool,
    pub wounds_gained: u32,
    pub stamina_left: u32,
    pub usage_spent: u32,
}

/// Plays one run of the fight to its end.
pub fn play(sim: &mut Sim<Crows>, cast: &Cast, policy: Policy, max_rounds: u32) -> FightRun {
    let mut memo = TurnMemo::default();
    let mut stuck = false;
    let mut winner = None;
    loop {
        let state = &sim.state().rules;
        if !sim.state().core.decisions.is_empty() {
            if !settle(sim, policy) {
                stuck = true;
                break;
            }
            continue;
        }
        let crows_up = cast.standing(state, Side::Crows);
        let enemies_up = cast.standing(state, Side::Enemies);
        if !crows_up || !enemies_up {
            winner = match (crows_up, enemies_up) {
                (true, false) => Some(Side::Crows),
                (false, true) => Some(Side::Enemies),
                _ => None,
            };
            break;
        }
        let progressed = match &state.combat.fight {
            None => send(sim, json!({"start_combat": {}})),
            Some(f) => match f.current().map(str::to_string) {
                None if f.round() >= max_rounds => break,
                None => {
                    let roller = roller(sim);
                    send(sim, json!({"roll_initiative": {"roller": roller}}))
                }
                Some(c) => {
                    let round = f.round();
                    turn_step(sim, cast, &c, round, &mut memo)
                }
            },
        };
        if !progressed || sim.steps() >= engine::forecast::MAX_STEPS_PER_RUN {
            stuck = true;
            break;
        }
    }
    let state = &sim.state().rules;
    let rounds = state.combat.fight.as_ref().map_or(0, |f| f.round());
    FightRun {
        winner,
        rounds,
        stuck,
        fighters: cast
            .fighters
            .iter()
            .map(|f| {
                let r = state.creatures.get(&f.id);
                let alive = r.is_some_and(|r| r.creature.alive);
                let now = usage(state, &f.id);
                FighterEnd {
                    dead: !alive,
                    knocked_out: alive
                        && r.is_some_and(|r| r.creature.conditions.has(ConditionKind::Unconscious)),
                    wounds_gained: wounds(state, &f.id).saturating_sub(f.wounds),
                    stamina_left: r.map_or(0, |r| u32::from(r.creature.stamina)),
                    usage_spent: f
                        .usage
                        .iter()
                        .map(|(item, was)| was.saturating_sub(*now.get(item).unwrap_or(&0)))
                        .sum(),
                }
            })
            .collect(),
    }
}

/// The side initiative's roller: the first seated player (the Referee rolls when none is).
fn roller(sim: &Sim<Crows>) -> String {
    let p = &sim.state().core.participants;
    p.players
        .keys()
        .next()
        .cloned()
        .unwrap_or_else(|| p.referee.clone())
}

/// What the current creature already tried this turn.
#[derive(Debug, Default)]
struct TurnMemo {
    turn: Option<(u32, String)>,
    tries: u32,
    no_attack: bool,
    moved: bool,
}

/// One command of `c`'s turn: attack the nearest enemy in reach, else walk towards it, else
/// end the turn. False when even ending the turn is refused.
fn turn_step(sim: &mut Sim<Crows>, cast: &Cast, c: &str, round: u32, memo: &mut TurnMemo) -> bool {
    let key = Some((round, c.to_string()));
    if memo.turn != key {
        *memo = TurnMemo {
            turn: key,
            ..TurnMemo::default()
        };
    }
    memo.tries += 1;
    let state = &sim.state().rules;
    let target = nearest_enemy(state, cast, c);
    if standing(state, c)
        && memo.tries <= TRIES_PER_TURN
        && let Some(target) = &target
    {
        // An attack costs the turn's action: with none left it is not tried (the rules would
        // refuse it after measuring the whole geometry).
        if !memo.no_attack && may_pay(state, c, Cost::Action) {
            for attack in attacks(state, c, target) {
                if send(sim, attack) {
                    return true;
                }
            }
            memo.no_attack = true;
        }
        if !memo.moved {
            memo.moved = true;
            let state = &sim.state().rules;
            let path = path_towards(state, c, target);
            for len in (1..=path.len()).rev() {
                let steps: Vec<Value> = path[..len]
                    .iter()
                    .map(|s| json!({"x": s.x, "y": s.y}))
                    .collect();
                if send(sim, json!({"combat_move": {"creature": c, "path": steps}})) {
                    memo.no_attack = false;
                    return true;
                }
            }
        }
    }
    send(sim, json!({"end_turn": {"creature": c}}))
}

/// Whether `c` could pay `cost` now, by the rule the table's commands pay with.
fn may_pay(state: &CrowsState, c: &str, cost: Cost) -> bool {
    let Some(f) = state.combat.fight.as_ref() else {
        return false;
    };
    let unconscious = state
        .creatures
        .get(c)
        .is_some_and(|r| r.creature.conditions.has(ConditionKind::Unconscious));
    spend(
        c,
        unconscious,
        cost,
        f.budgets.get(c).copied(),
        f.allowances.get(c).copied(),
    )
    .is_ok()
}

/// The nearest standing enemy of `c` (ties: the first in id order).
fn nearest_enemy(state: &CrowsState, cast: &Cast, c: &str) -> Option<String> {
    let me = cast.fighters.iter().find(|f| f.id == c)?;
    let (space, _) = space_of(state, c)?;
    cast.fighters
        .iter()
        .filter(|f| f.side != me.side && standing(state, &f.id))
        .filter_map(|f| space_of(state, &f.id).map(|(s, _)| (space.distance_to(&s), &f.id)))
        .min()
        .map(|(_, id)| id.clone())
}

/// The attack commands to try against `target`: the weapons in hand that reach it (melee
/// within its reach, any with a range), then natural attacks, then an unarmed strike when
/// adjacent. Nothing that cannot reach is tried, so the rules refuse little.
fn attacks(state: &CrowsState, c: &str, target: &str) -> Vec<Value> {
    let (Some((me, size)), Some((them, _))) = (space_of(state, c), space_of(state, target)) else {
        return Vec::new();
    };
    let reaches =
        |extra: u8| me.within_reach(&them, reach(size, extra, ReachUse::AttackWithWeapon));
    let mut out: Vec<Value> = weapons_in(state, c)
        .into_iter()
        .filter(|w| w.tool.range > 0 || (w.tool.melee && reaches(w.tool.extra_reach)))
        .map(|w| {
            let mut a = json!({"creature": c, "target": target});
            if let Some(item) = w.item {
                a["weapon"] = json!(item);
            }
            if let Some(natural) = w.natural {
                a["natural"] = json!(natural);
            }
            json!({ "attack": a })
        })
        .collect();
    if reaches(0) {
        out.push(json!({"attack": {"creature": c, "target": target}}));
    }
    out
}

/// A straight walk towards `target`: each step the free square that comes closest, until in
/// reach or out of squares (the creature's speed). The rules judge the path; a refused one is
/// tried shorter.
fn path_towards(state: &CrowsState, c: &str, target: &str) -> Vec<Square> {
    let (Some((mut space, size)), Some((goal, _))) = (space_of(state, c), space_of(state, target))
    else {
        return Vec::new();
    };
    let extra = weapons_in(state, c)
        .iter()
        .filter(|w| w.tool.melee)
        .map(|w| w.tool.extra_reach)
        .max()
        .unwrap_or(0);
    let reach = natural_reach(size).saturating_add(extra).max(1);
    let grid = state.combat.grid();
    let others: Vec<Space> = state
        .combat
        .placements
        .keys()
        .filter(|id| id.as_str() != c && standing(state, id))
        .filter_map(|id| space_of(state, id).map(|(s, _)| s))
        .collect();
    let mut path = Vec::new();
    for _ in 0..speed_in(state, c) {
        if space.within_reach(&goal, reach) {
            break;
        }
        let here = space.distance_to(&goal);
        let best = NEIGHBOURS
            .iter()
            .map(|(dx, dy)| Square {
                x: space.origin.x + dx,
                y: space.origin.y + dy,
            })
            .map(|sq| (space.moved_to(sq), sq))
            .filter(|(s, _)| {
                s.squares().all(|sq| grid.obstacle(sq).is_none())
                    && others.iter().all(|o| !o.overlaps(s))
            })
            .map(|(s, sq)| (s.distance_to(&goal), sq))
            .filter(|(d, _)| *d < here)
            .min_by_key(|(d, sq)| {
                (
                    *d,
                    sq.x.abs_diff(space.origin.x) + sq.y.abs_diff(space.origin.y),
                )
            });
        let Some((_, sq)) = best else { break };
        space = space.moved_to(sq);
        path.push(sq);
    }
    path
}

const NEIGHBOURS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
