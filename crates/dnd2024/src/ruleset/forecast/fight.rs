//! A fight played forward: the combat in progress (or the creatures placed on the grid, with
//! Initiative rolled and the combat started as the Referee would) run to its end by the
//! policy, and what it left measured.
//!
//! The turn a creature takes (every step a plain command the rules judge):
//! 1. dead: its turn ends; dying: it rolls its Death Saving Throw (`death_save`), then ends;
//!    Incapacitated: its turn ends; Prone: it stands up first;
//! 2. it attacks the nearest standing enemy with its best attack that reaches (the highest
//!    expected damage against the target's AC), as often as the turn's Attack action allows;
//! 3. with no attack in reach it moves towards that enemy (a shortest walk on the grid around
//!    walls and other creatures, as far as its movement left, then shorter if the rules refuse
//!    it) and attacks if it now can;
//! 4. it ends its turn with `finish_turn` (Legendary Actions are offered then).
//!
//! A creature off the grid (in a combat begun off it) is taken to be within 5 ft of every
//! other one, as the attack command's own `distance_ft` default says.

use std::collections::{BTreeMap, VecDeque};

use engine::TableState;
use engine::forecast::Sim;
use serde_json::{Value, json};
use tabletop::square::{Space, Square};

use super::policy::{Policy, end_turn, send, settle};
use crate::conditions::Condition;
use crate::core::DamageDice;
use crate::ruleset::creatures::{AttackSpec, CreatureRecord};
use crate::ruleset::grid::board::{SQUARE_FT, distance_ft, feet_apart, grid_map};
use crate::ruleset::{Dnd2024, DndState, is_character};

/// A fight no side has won after this many rounds ends as a draw.
pub const DEFAULT_MAX_ROUNDS: u32 = 30;
/// The most rounds a fight forecast may ask for.
pub const MAX_ROUNDS: u32 = 200;
/// Commands one turn may try before the creature simply ends it.
const TRIES_PER_TURN: u32 = 24;
/// The longest walk the policy plans, in squares (a Speed of 200 ft).
const MAX_WALK: u32 = 40;

/// The two sides of a D&D table: player characters and monsters (the grid's allies rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    Characters,
    Monsters,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Characters, Side::Monsters];

    /// The side's name in a report.
    pub fn key(self) -> &'static str {
        match self {
            Side::Characters => "characters",
            Side::Monsters => "monsters",
        }
    }

    fn of(rec: &CreatureRecord) -> Side {
        if is_character(rec) {
            Side::Characters
        } else {
            Side::Monsters
        }
    }
}

/// Who fights, on which side, and how each stood when the forecast began.
#[derive(Debug, Clone)]
pub struct Cast {
    pub fighters: Vec<Fighter>,
}

#[derive(Debug, Clone)]
pub struct Fighter {
    pub id: String,
    pub side: Side,
}

impl Cast {
    /// The combatants of the combat in progress, else every living creature on the grid.
    pub fn of(state: &TableState<DndState>) -> Cast {
        let rules = &state.rules;
        let ids: Vec<&String> = match &state.core.clock.combat {
            Some(c) => {
                let mut seen = std::collections::BTreeSet::new();
                c.order.iter().filter(|id| seen.insert(*id)).collect()
            }
            None => rules
                .positions
                .keys()
                .filter(|id| rules.creatures.get(*id).is_some_and(|r| !r.dead))
                .collect(),
        };
        let fighters = ids
            .into_iter()
            .filter_map(|id| {
                rules.creatures.get(id).map(|r| Fighter {
                    id: id.clone(),
                    side: Side::of(r),
                })
            })
            .collect();
        Cast { fighters }
    }

    fn standing(&self, rules: &DndState, side: Side) -> bool {
        self.fighters
            .iter()
            .any(|f| f.side == side && rules.creatures.get(&f.id).is_some_and(standing))
    }
}

/// Alive, not dying and conscious: still in the fight.
fn standing(rec: &CreatureRecord) -> bool {
    !rec.dead && rec.dying.is_none() && !rec.conditions.has(Condition::Unconscious)
}

/// At 0 hit points, dying or dead.
fn at_zero(rec: &CreatureRecord) -> bool {
    rec.dead || rec.dying.is_some() || rec.hp.current == 0
}

/// How one run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct FightRun {
    /// The side left standing; `None`: a draw (both fell, or the round limit came).
    pub winner: Option<Side>,
    /// The round the fight ended in.
    pub rounds: u32,
    /// The policy found nothing the rules accept: the run stops and counts as a draw.
    pub stuck: bool,
    /// Per fighter, in the cast's order.
    pub fighters: Vec<FighterEnd>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FighterEnd {
    pub dead: bool,
    /// Alive at the end but dying, Stable or Unconscious (knocked out).
    pub down: bool,
    /// Dropped to 0 hit points at some point of the run.
    pub dropped_to_0: bool,
    pub hp_left: u32,
}

/// Plays one run of the fight to its end.
pub fn play(sim: &mut Sim<Dnd2024>, cast: &Cast, policy: Policy, max_rounds: u32) -> FightRun {
    let mut memo = TurnMemo::default();
    let mut stuck = false;
    let mut winner = None;
    let mut dropped = vec![false; cast.fighters.len()];
    loop {
        let rules = &sim.state().rules;
        for (i, f) in cast.fighters.iter().enumerate() {
            dropped[i] |= rules.creatures.get(&f.id).is_some_and(at_zero);
        }
        if !sim.state().core.decisions.is_empty() {
            if !settle(sim, policy) {
                stuck = true;
                break;
            }
            continue;
        }
        let characters_up = cast.standing(rules, Side::Characters);
        let monsters_up = cast.standing(rules, Side::Monsters);
        if !characters_up || !monsters_up {
            winner = match (characters_up, monsters_up) {
                (true, false) => Some(Side::Characters),
                (false, true) => Some(Side::Monsters),
                _ => None,
            };
            break;
        }
        let progressed = match &sim.state().core.clock.combat {
            None => start(sim, cast),
            Some(c) if c.round > max_rounds => break,
            Some(c) => match c.order.get(c.current).cloned() {
                Some(who) => {
                    let round = c.round;
                    turn_step(sim, cast, &who, round, &mut memo)
                }
                None => end_turn(sim),
            },
        };
        if !progressed || sim.steps() >= engine::forecast::MAX_STEPS_PER_RUN {
            stuck = true;
            break;
        }
    }
    let state = sim.state();
    let rounds = state
        .core
        .clock
        .combat
        .as_ref()
        .map_or(0, |c| c.round.min(max_rounds));
    FightRun {
        winner,
        rounds,
        stuck,
        fighters: cast
            .fighters
            .iter()
            .zip(dropped)
            .map(|(f, dropped_to_0)| {
                let r = state.rules.creatures.get(&f.id);
                FighterEnd {
                    dead: r.is_none_or(|r| r.dead),
                    down: r.is_some_and(|r| !r.dead && !standing(r)),
                    dropped_to_0,
                    hp_left: r.map_or(0, |r| r.hp.current),
                }
            })
            .collect(),
    }
}

/// Rolls Initiative for every living fighter and starts the combat; equal Initiatives are
/// ordered by the higher Dexterity score, then by id (the Referee's call, made by the policy).
fn start(sim: &mut Sim<Dnd2024>, cast: &Cast) -> bool {
    let rules = &sim.state().rules;
    let ids: Vec<&String> = cast
        .fighters
        .iter()
        .map(|f| &f.id)
        .filter(|id| rules.creatures.get(*id).is_some_and(|r| !r.dead))
        .collect();
    let mut tie_order: Vec<(i32, &String)> = ids
        .iter()
        .map(|id| {
            let dex = rules
                .creatures
                .get(*id)
                .map_or(0, |r| r.spec.abilities.dexterity);
            (-dex, *id)
        })
        .collect();
    tie_order.sort();
    let tie_order: Vec<String> = tie_order.into_iter().map(|(_, id)| id.clone()).collect();
    let ids: Vec<String> = ids.into_iter().cloned().collect();
    send(sim, json!({"roll_initiative": {"creatures": ids}}))
        && send(
            sim,
            json!({"start_combat": {"combatants": ids, "tie_order": tie_order}}),
        )
}

/// What the current creature already tried this turn.
#[derive(Debug, Default)]
struct TurnMemo {
    turn: Option<(u32, String)>,
    tries: u32,
    no_attack: bool,
    moved: bool,
    stood: bool,
    saved: bool,
}

/// One command of `c`'s turn (see the module docs). False when even ending the turn is
/// refused.
fn turn_step(
    sim: &mut Sim<Dnd2024>,
    cast: &Cast,
    c: &str,
    round: u32,
    memo: &mut TurnMemo,
) -> bool {
    let key = Some((round, c.to_string()));
    if memo.turn != key {
        *memo = TurnMemo {
            turn: key,
            ..TurnMemo::default()
        };
    }
    memo.tries += 1;
    let rules = &sim.state().rules;
    let Some(rec) = rules.creatures.get(c) else {
        return finish(sim, c);
    };
    if rec.dead || memo.tries > TRIES_PER_TURN {
        return finish(sim, c);
    }
    if rec.dying.is_some() {
        if !memo.saved {
            memo.saved = true;
            // A Stable creature rolls none: the rules refuse, and the turn ends.
            if send(sim, json!({"death_save": {"creature": c}})) {
                return true;
            }
        }
        return finish(sim, c);
    }
    if rec.conditions.incapacitated() {
        return finish(sim, c);
    }
    if rec.conditions.has(Condition::Prone) && !memo.stood {
        memo.stood = true;
        if send(sim, json!({"stand_up": {"creature": c}})) {
            return true;
        }
    }
    let rules = &sim.state().rules;
    let Some(target) = nearest_enemy(rules, cast, c) else {
        return finish(sim, c);
    };
    if !memo.no_attack {
        if let Some(attack) = best_attack(rules, cast, c, &target)
            && send(sim, attack)
        {
            return true;
        }
        memo.no_attack = true;
    }
    if !memo.moved {
        memo.moved = true;
        let path = path_towards(&sim.state().rules, c, &target);
        for len in (1..=path.len()).rev() {
            let steps: Vec<[i32; 2]> = path[..len].iter().map(|s| [s.x, s.y]).collect();
            if send(sim, json!({"move_path": {"creature": c, "path": steps}})) {
                memo.no_attack = false;
                return true;
            }
        }
    }
    finish(sim, c)
}

/// Ends `c`'s turn: `finish_turn` (Legendary Actions may follow), else the clock's end.
fn finish(sim: &mut Sim<Dnd2024>, c: &str) -> bool {
    send(sim, json!({"finish_turn": {"creature": c}})) || end_turn(sim)
}

/// A creature's space on the grid (`None`: off it).
fn space(rules: &DndState, id: &str) -> Option<Space> {
    let at = *rules.positions.get(id)?;
    Some(rules.creatures.get(id)?.spec.size.grid_space(at))
}

/// Feet between two creatures: measured on the grid, heights counted (a flyer up in the air
/// is as far as the rules measure it, `feet_apart`), or 5 ft when either is off it.
fn feet(rules: &DndState, a: &str, b: &str) -> u32 {
    match (space(rules, a), space(rules, b)) {
        (Some(x), Some(y)) => feet_apart(rules, a, &x, b, &y),
        _ => SQUARE_FT,
    }
}

/// The nearest standing enemy of `c` (ties: the first in the cast's order).
fn nearest_enemy(rules: &DndState, cast: &Cast, c: &str) -> Option<String> {
    let me = cast.fighters.iter().find(|f| f.id == c)?;
    cast.fighters
        .iter()
        .filter(|f| f.side != me.side && rules.creatures.get(&f.id).is_some_and(standing))
        .min_by_key(|f| feet(rules, c, &f.id))
        .map(|f| f.id.clone())
}

/// The attack command for `c`'s best attack on `target` that reaches it now: the highest
/// expected damage against its AC (Disadvantage counted for a ranged attack beyond its normal
/// range or with an enemy within 5 ft). `None`: nothing reaches.
fn best_attack(rules: &DndState, cast: &Cast, c: &str, target: &str) -> Option<Value> {
    let me = rules.creatures.get(c)?;
    let them = rules.creatures.get(target)?;
    let d = feet(rules, c, target);
    let my_side = Side::of(me);
    let enemy_near = cast.fighters.iter().any(|f| {
        f.side != my_side
            && rules
                .creatures
                .get(&f.id)
                .is_some_and(|r| standing(r) && !r.conditions.incapacitated())
            && feet(rules, c, &f.id) <= SQUARE_FT
    });
    let ac = them.spec.armor_class + them.ac_bonus;
    let score = |a: &AttackSpec| -> Option<f64> {
        let disadvantage = match (a.reach_ft, a.range_ft) {
            (Some(reach), _) => {
                if d > reach {
                    return None;
                }
                false
            }
            (None, Some(normal)) => {
                if d > a.long_range_ft.unwrap_or(normal).max(normal) {
                    return None;
                }
                d > normal || enemy_near
            }
            (None, None) => return None,
        };
        let hit = (f64::from((21 + a.bonus - ac).clamp(1, 19))) / 20.0;
        let hit = if disadvantage { hit * hit } else { hit };
        let mean: f64 = a
            .damage
            .iter()
            .filter_map(|p| DamageDice::parse(&p.dice).ok())
            .map(|dd| f64::from(dd.count) * f64::from(dd.sides + 1) / 2.0 + f64::from(dd.modifier))
            .sum();
        Some(hit * mean.max(0.0))
    };
    let best = me
        .spec
        .attacks
        .iter()
        .filter_map(|a| score(a).map(|s| (s, a)))
        .fold(None::<(f64, &AttackSpec)>, |best, (s, a)| match best {
            Some((b, _)) if b >= s => best,
            _ => Some((s, a)),
        })?
        .1;
    Some(json!({"attack": {
        "attacker": c, "target": target, "attack": best.name, "distance_ft": d,
        "enemy_within_5ft": enemy_near,
    }}))
}

/// A shortest walk (each square one step, diagonals too) from `c` towards `target`, around
/// walls and every other living creature, ending where its longest melee reach (else its
/// range) reaches the target, or as close as its movement left allows. The rules judge the
/// walk (Difficult Terrain, squeezing, corners); a refused one is tried shorter.
fn path_towards(rules: &DndState, c: &str, target: &str) -> Vec<Square> {
    let (Some(me), Some(goal)) = (rules.creatures.get(c), space(rules, target)) else {
        return Vec::new();
    };
    let Some(from) = space(rules, c) else {
        return Vec::new();
    };
    let reach = me
        .spec
        .attacks
        .iter()
        .filter_map(|a| a.reach_ft)
        .max()
        .or_else(|| me.spec.attacks.iter().filter_map(|a| a.range_ft).max())
        .unwrap_or(SQUARE_FT)
        .max(SQUARE_FT);
    let t = &me.turn;
    let left = (t.speed + t.dash_bonus).saturating_sub(t.moved) / SQUARE_FT;
    let steps = left.min(MAX_WALK);
    if steps == 0 {
        return Vec::new();
    }
    let map = grid_map(&rules.map);
    let others: Vec<Space> = rules
        .positions
        .keys()
        .filter(|id| id.as_str() != c && rules.creatures.get(*id).is_some_and(|r| !r.dead))
        .filter_map(|id| space(rules, id))
        .collect();
    let side = from.side;
    let free = |sq: Square| {
        let s = Space::new(sq, side);
        s.squares().all(|q| map.cell(q).obstacle.is_none())
            && others.iter().all(|o| !o.overlaps(&s))
    };
    let mut parent: BTreeMap<Square, (Square, u32)> = BTreeMap::new();
    let mut queue = VecDeque::from([(from.origin, 0u32)]);
    let mut best = (distance_ft(&from, &goal), 0u32, from.origin);
    parent.insert(from.origin, (from.origin, 0));
    while let Some((at, depth)) = queue.pop_front() {
        let here = distance_ft(&Space::new(at, side), &goal);
        if (here, depth) < (best.0, best.1) {
            best = (here, depth, at);
        }
        if here <= reach || depth >= steps {
            continue;
        }
        for (dx, dy) in NEIGHBOURS {
            let to = Square::new(at.x + dx, at.y + dy);
            if parent.contains_key(&to)
                || !free(to)
                || crate::movement::grid_path_cost_on(&map, &[at, to]).is_err()
            {
                continue;
            }
            parent.insert(to, (at, depth + 1));
            queue.push_back((to, depth + 1));
        }
    }
    let mut path = Vec::new();
    let mut at = best.2;
    while at != from.origin {
        path.push(at);
        at = parent.get(&at).map_or(from.origin, |p| p.0);
    }
    path.reverse();
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
