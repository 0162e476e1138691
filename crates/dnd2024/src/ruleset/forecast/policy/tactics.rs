//! The tactical policy's choices within a creature's turn, made as the turn's commands pass
//! through [`super::send`] (the turn itself is [`super::super::fight`]'s), each one of the
//! table's own commands:
//!
//! - before its attack, while its action is unspent: its best damaging area spell from the
//!   sheet (`area_spells`, a slot left for it — the lowest that fits — and the one-slot-per-turn
//!   limit free) cast with `area_effect`, when the damage it is expected to deal to the
//!   enemies it catches (their saves counted) beats its best weapon attack's; a placement that
//!   would catch the caster or an ally is never chosen;
//! - a bonus-action attack on its sheet is kept for the Bonus Action: the Attack action takes
//!   the best other attack that reaches;
//! - before its move, the same spell when one reaches an enemy from where it stands; else,
//!   when no enemy can be reached this turn (its movement left plus its longest reach or
//!   range), the Dash action, then a walk as far as the doubled movement takes it;
//! - before its turn ends, its best bonus-action attack on the nearest enemy it reaches, while
//!   its Bonus Action is unspent.

use std::collections::{BTreeMap, VecDeque};

use engine::forecast::Sim;
use engine::{Actor, Command};
use serde_json::{Value, json};
use tabletop::area::GridPoint;
use tabletop::square::{Space, Square};

use crate::aoe::Shape;
use crate::conditions::Condition;
use crate::core::DamageDice;
use crate::ruleset::areas::{AreaEffect, footprint};
use crate::ruleset::creatures::spells::AreaSpellSpec;
use crate::ruleset::creatures::{AttackSpec, CreatureRecord};
use crate::ruleset::grid::board::{SQUARE_FT, distance_ft, grid_map};
use crate::ruleset::{Dnd2024, DndState, is_character};

/// The longest walk planned, in squares (a Speed of 200 ft).
const MAX_WALK: u32 = 40;

fn send(sim: &mut Sim<Dnd2024>, command: Value) -> bool {
    sim.send(&Actor::Referee, &Command::Rules(command)).is_ok()
}

/// What the tactical policy does instead of (or before) `command`: `Some(accepted)` when it
/// took over, `None` to send `command` as it is.
pub fn before(sim: &mut Sim<Dnd2024>, command: &Value) -> Option<bool> {
    let (kind, body) = command.as_object()?.iter().next()?;
    match kind.as_str() {
        "attack" => {
            let c = body["attacker"].as_str()?.to_string();
            let target = body["target"].as_str()?.to_string();
            let rules = &sim.state().rules;
            let rec = rules.creatures.get(&c)?;
            if rec.turn.action_used || rec.turn.attacks_made > 0 {
                return None;
            }
            let weapon = weapon_score(rules, rec, &target);
            // The Bonus Action's attack waits for the end of the turn: the Attack action takes
            // the best other attack that reaches.
            let named = body["attack"].as_str()?;
            let bonus = rec
                .spec
                .attacks
                .iter()
                .any(|a| a.bonus_action && a.name.eq_ignore_ascii_case(named));
            let d = feet(rules, &c, &target);
            let swap = rec
                .spec
                .attacks
                .iter()
                .filter(|a| bonus && !a.bonus_action && reaches(a, d))
                .max_by(|a, b| {
                    let score = |x: &AttackSpec| {
                        x.damage.iter().map(|p| mean(&p.dice)).sum::<f64>()
                            * f64::from(x.bonus + 20)
                    };
                    score(a).total_cmp(&score(b))
                })
                .map(|a| a.name.clone());
            if let Some((spell, score)) = best_area(sim.state(), &c)
                && score > weapon
                && send(sim, spell)
            {
                return Some(true);
            }
            let other = swap?;
            let mut swapped = command.clone();
            swapped["attack"]["attack"] = json!(other);
            Some(send(sim, swapped))
        }
        "finish_turn" => {
            let c = body["creature"].as_str()?.to_string();
            let state = sim.state();
            let rec = state.rules.creatures.get(&c)?;
            if rec.turn.bonus_action_used || !standing(rec) || !fighting(state, &c) {
                return None;
            }
            let target = nearest_enemy(state, &c)?;
            let d = feet(&state.rules, &c, &target);
            let attack = rec
                .spec
                .attacks
                .iter()
                .filter(|a| a.bonus_action && reaches(a, d))
                .max_by(|a, b| {
                    let mean_of =
                        |x: &AttackSpec| x.damage.iter().map(|p| mean(&p.dice)).sum::<f64>();
                    mean_of(a).total_cmp(&mean_of(b))
                })?
                .name
                .clone();
            send(
                sim,
                json!({"attack": {"attacker": c, "target": target, "attack": attack,
                    "distance_ft": d}}),
            )
            .then_some(true)
        }
        "move_path" => {
            let c = body["creature"].as_str()?.to_string();
            let state = sim.state();
            let rec = state.rules.creatures.get(&c)?;
            if rec.turn.action_used || !fighting(state, &c) {
                return None;
            }
            let target = nearest_enemy(state, &c)?;
            let weapon = weapon_score(&state.rules, rec, &target);
            if let Some((spell, score)) = best_area(state, &c)
                && score > weapon
                && send(sim, spell)
            {
                return Some(true);
            }
            if reachable(&sim.state().rules, &c, sim.state()) {
                return None;
            }
            if !send(
                sim,
                json!({"take_action": {"creature": c, "action": "dash"}}),
            ) {
                return None;
            }
            let path = path_towards(&sim.state().rules, &c, &target);
            for len in (1..=path.len()).rev() {
                let steps: Vec<[i32; 2]> = path[..len].iter().map(|s| [s.x, s.y]).collect();
                if send(sim, json!({"move_path": {"creature": c, "path": steps}})) {
                    return Some(true);
                }
            }
            Some(send(sim, command.clone()))
        }
        _ => None,
    }
}

/// Whether `c` is in the combat under way.
fn fighting(state: &engine::TableState<DndState>, c: &str) -> bool {
    state
        .core
        .clock
        .combat
        .as_ref()
        .is_some_and(|x| x.order.iter().any(|o| o == c))
}

/// Alive, not dying and conscious.
fn standing(rec: &CreatureRecord) -> bool {
    !rec.dead && rec.dying.is_none() && !rec.conditions.has(Condition::Unconscious)
}

fn space(rules: &DndState, id: &str) -> Option<Space> {
    let at = *rules.positions.get(id)?;
    Some(rules.creatures.get(id)?.spec.size.grid_space(at))
}

fn feet(rules: &DndState, a: &str, b: &str) -> u32 {
    match (space(rules, a), space(rules, b)) {
        (Some(x), Some(y)) => distance_ft(&x, &y),
        _ => SQUARE_FT,
    }
}

/// The standing enemies of `c` in the combat.
fn enemies(state: &engine::TableState<DndState>, c: &str) -> Vec<String> {
    let rules = &state.rules;
    let Some(me) = rules.creatures.get(c) else {
        return Vec::new();
    };
    let order = state.core.clock.combat.as_ref().map(|x| x.order.clone());
    order
        .unwrap_or_default()
        .into_iter()
        .filter(|id| {
            rules
                .creatures
                .get(id)
                .is_some_and(|r| standing(r) && is_character(r) != is_character(me))
        })
        .collect()
}

fn nearest_enemy(state: &engine::TableState<DndState>, c: &str) -> Option<String> {
    enemies(state, c)
        .into_iter()
        .min_by_key(|e| feet(&state.rules, c, e))
}

/// Whether an enemy is within `c`'s movement left plus its longest reach or range.
fn reachable(rules: &DndState, c: &str, state: &engine::TableState<DndState>) -> bool {
    let Some(rec) = rules.creatures.get(c) else {
        return true;
    };
    let reach = rec
        .spec
        .attacks
        .iter()
        .filter_map(|a| a.reach_ft.or(a.long_range_ft.or(a.range_ft)))
        .max()
        .unwrap_or(SQUARE_FT);
    let left = rec.turn.movement_left();
    enemies(state, c)
        .iter()
        .any(|e| feet(rules, c, e) <= left + reach)
}

/// Whether attack `a` reaches `d` feet (a ranged one to its long range).
fn reaches(a: &AttackSpec, d: u32) -> bool {
    match (a.reach_ft, a.range_ft) {
        (Some(reach), _) => d <= reach,
        (None, Some(normal)) => d <= a.long_range_ft.unwrap_or(normal).max(normal),
        (None, None) => false,
    }
}

/// The mean of a damage expression.
fn mean(dice: &str) -> f64 {
    DamageDice::parse(dice).map_or(0.0, |d| {
        f64::from(d.count) * f64::from(d.sides + 1) / 2.0 + f64::from(d.modifier)
    })
}

/// The expected damage of `rec`'s best attack on `target` (its reach aside: it would walk).
fn weapon_score(rules: &DndState, rec: &CreatureRecord, target: &str) -> f64 {
    let Some(them) = rules.creatures.get(target) else {
        return 0.0;
    };
    let ac = them.spec.armor_class + them.ac_bonus;
    rec.spec
        .attacks
        .iter()
        .map(|a| {
            let hit = f64::from((21 + a.bonus - ac).clamp(1, 19)) / 20.0;
            hit * a.damage.iter().map(|p| mean(&p.dice)).sum::<f64>().max(0.0)
        })
        .fold(0.0, f64::max)
}

/// The lowest slot level `rec` can spend on a spell of `level` now (`Some(0)`: a cantrip).
fn slot_for(rec: &CreatureRecord, level: u8) -> Option<u8> {
    if level == 0 {
        return Some(0);
    }
    if rec.slots.spent_this_turn {
        return None;
    }
    (level..=9).find(|l| {
        let i = usize::from(l - 1);
        rec.slots.spent[i] < rec.slots.max[i]
    })
}

/// Where an area of `spell` from `caster` could go to catch `target`: (origin, toward).
fn placements(
    spell: &AreaSpellSpec,
    caster: &Space,
    target: &Space,
) -> Vec<(Option<GridPoint>, Option<GridPoint>)> {
    let centre = |s: &Space| GridPoint {
        x2: 2 * s.origin.x + i32::from(s.side),
        y2: 2 * s.origin.y + i32::from(s.side),
    };
    let (c, t) = (centre(caster), centre(target));
    // The point of `from`'s edge that faces `to`.
    let edge = |from: &Space, to: GridPoint| {
        let f = centre(from);
        let side = i32::from(from.side);
        GridPoint {
            x2: f.x2 + side * (to.x2 - f.x2).signum(),
            y2: f.y2 + side * (to.y2 - f.y2).signum(),
        }
    };
    match spell.shape {
        Shape::Emanation => vec![(None, None)],
        Shape::Cone | Shape::Line => vec![(Some(edge(caster, t)), Some(t))],
        Shape::Sphere | Shape::Cylinder => vec![(Some(t), None)],
        Shape::Cube => vec![(Some(edge(target, c)), Some(t)), (Some(t), None)],
    }
}

/// `c`'s best castable area spell now and its expected damage to enemies: the command and
/// its score (none catching the caster or an ally, none scoring nothing).
fn best_area(state: &engine::TableState<DndState>, c: &str) -> Option<(Value, f64)> {
    let rules = &state.rules;
    let rec = rules.creatures.get(c)?;
    let me = space(rules, c)?;
    let foes = enemies(state, c);
    let mut best: Option<(Value, f64)> = None;
    for spell in &rec.spec.area_spells {
        let Some(slot) = slot_for(rec, spell.level) else {
            continue;
        };
        let dmg: f64 = spell.damage.iter().map(|p| mean(&p.dice)).sum();
        for foe in &foes {
            let Some(there) = space(rules, foe) else {
                continue;
            };
            if spell.range_ft > 0 && distance_ft(&me, &there) > spell.range_ft {
                continue;
            }
            for (origin, toward) in placements(spell, &me, &there) {
                let mut cmd = json!({
                    "caster": c, "name": spell.name, "shape": spell.shape,
                    "size_ft": spell.size_ft,
                    "save": {"ability": spell.save_ability, "dc": spell.save_dc},
                    "damage": spell.damage, "half_on_success": spell.half_on_success,
                    "spell": {"level": spell.level},
                });
                if let Some(o) = origin {
                    cmd["origin"] = json!(o);
                }
                if let Some(t) = toward {
                    cmd["toward"] = json!(t);
                }
                if slot > 0 {
                    cmd["spell"]["slot_level"] = json!(slot);
                }
                let Ok(area) = serde_json::from_value::<AreaEffect>(cmd.clone()) else {
                    continue;
                };
                let Ok(fp) = footprint(rules, &area) else {
                    continue;
                };
                let friendly = fp.targets.iter().any(|t| {
                    t == c
                        || rules
                            .creatures
                            .get(t)
                            .is_some_and(|r| is_character(r) == is_character(rec))
                });
                if friendly {
                    continue;
                }
                let score: f64 = fp
                    .targets
                    .iter()
                    .filter(|t| foes.contains(t))
                    .filter_map(|t| rules.creatures.get(t))
                    .map(|r| dmg * failed_share(r, spell))
                    .sum();
                if score > 0.0 && best.as_ref().is_none_or(|(_, b)| score > *b) {
                    best = Some((json!({ "area_effect": cmd }), score));
                }
            }
        }
    }
    best
}

/// The share of the spell's damage `r` is expected to take: all on a failed save, half on a
/// success when the spell says so.
fn failed_share(r: &CreatureRecord, spell: &AreaSpellSpec) -> f64 {
    let bonus = crate::core::save_bonus(
        r.spec.abilities.score(spell.save_ability),
        r.spec.proficiency_bonus,
        r.spec.saving_throws.contains(&spell.save_ability),
    )
    .unwrap_or(0);
    let success = f64::from((21 + bonus - spell.save_dc).clamp(1, 19)) / 20.0;
    let half = if spell.half_on_success { 0.5 } else { 0.0 };
    (1.0 - success) + success * half
}

/// A shortest walk from `c` towards `target` as far as its movement left (around walls and
/// other living creatures), ending once its longest reach or range reaches the target.
fn path_towards(rules: &DndState, c: &str, target: &str) -> Vec<Square> {
    let (Some(me), Some(goal), Some(from)) = (
        rules.creatures.get(c),
        space(rules, target),
        space(rules, c),
    ) else {
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
    let steps = (me.turn.movement_left() / SQUARE_FT).min(MAX_WALK);
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
    let mut parent: BTreeMap<Square, Square> = BTreeMap::new();
    let mut queue = VecDeque::from([(from.origin, 0u32)]);
    let mut best = (distance_ft(&from, &goal), 0u32, from.origin);
    parent.insert(from.origin, from.origin);
    while let Some((at, depth)) = queue.pop_front() {
        let here = distance_ft(&Space::new(at, side), &goal);
        if (here, depth) < (best.0, best.1) {
            best = (here, depth, at);
        }
        if here <= reach || depth >= steps {
            continue;
        }
        for (dx, dy) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let to = Square::new(at.x + dx, at.y + dy);
            if parent.contains_key(&to)
                || !free(to)
                || crate::movement::grid_path_cost_on(&map, &[at, to]).is_err()
            {
                continue;
            }
            parent.insert(to, at);
            queue.push_back((to, depth + 1));
        }
    }
    let mut path = Vec::new();
    let mut at = best.2;
    while at != from.origin {
        path.push(at);
        at = parent.get(&at).copied().unwrap_or(from.origin);
    }
    path.reverse();
    path
}
