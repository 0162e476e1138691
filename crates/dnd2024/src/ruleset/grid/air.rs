//! Off the ground on the grid: jumping (DD-MOVE-07..09), flying at a height (DD-MOVE-10..12)
//! and the fall of a flyer that can no longer stay up.
//!
//! ```json
//! {"jump": {"creature": "vera", "long": {"to": [4, 0]}}}
//! {"jump": {"creature": "vera", "long": {"to": [4, 0], "obstacle_ft": 3, "athletics": true}}}
//! {"jump": {"creature": "vera", "high": {"height_ft": 4, "own_height_ft": 6}}}
//! {"fly": {"creature": "imp", "height_ft": 30}}
//! ```
//!
//! A jump is part of the creature's move: every foot jumped (the long jump's distance, the
//! high jump's height) comes out of its movement. It is a running jump when the creature has
//! just walked at least 10 ft on foot to the square it jumps from (the moves it made in a row
//! with no movement spent otherwise in between, [`RunUp`]); otherwise a standing one, half as
//! far (DD-MOVE-08.a, 09.a). A long jump flies over the squares between, walls and cut corners
//! excepted, and lands in a free space; landing on Difficult Terrain calls for the DC 10
//! Dexterity (Acrobatics) check or the jumper lands Prone (DD-MOVE-08.c). A low obstacle in
//! the way (`obstacle_ft`, at most a quarter of the jump) is cleared, unless the Referee calls
//! for the DC 10 Strength (Athletics) check (`athletics`) and it fails: then the jumper hits
//! the obstacle and stays where it jumped from, the movement spent (DD-MOVE-08.d; the rules do
//! not say more).
//!
//! A creature with a Fly Speed takes off, climbs and descends with `fly`: each foot up or down
//! costs a foot of its movement, counted against its Fly Speed (DD-MOVE-01.b), and while it is
//! up its turn's Speed is its Fly Speed. Its height (feet above the ground of its square) is
//! [`super::super::DndState::heights`], in everyone's view of the grid.
//!
//! Distance with heights ([`super::board::feet_apart`]): `tabletop` measures on the flat grid, so the height
//! is counted here the way the grid counts a diagonal — every square is 5 ft whichever way
//! one goes (DD-MOVE-02.b) — i.e. the distance is the larger of the horizontal distance and
//! the vertical one, each creature taken as a cube as tall as its space is wide.
//!
//! Leaving a hostile creature's reach by a jump or a flight provokes its Opportunity Attack
//! as walking does ([`super::who_reacts`], DD-ACT-17): the jump or flight waits, the attacks
//! are made first (at the creature's standing order, or in the window), then it is made
//! again from the start, checked anew. Reach is left between the take-off and the landing
//! (the top of a high jump; the end of a flight): distance along a straight line first falls,
//! then rises, so a creature the mover only passes over mid-air is left alone — the table
//! keeps no position in mid-jump to strike at.
//!
//! A flyer falls (DD-MOVE-10.a) when it is Prone or Incapacitated or its Fly Speed is 0, unless
//! it can hover (DD-MOVE-12.a); a dead one falls whatever it could do. [`settle_falls`] checks
//! every creature in the air after each command and each closed window: the one place the
//! rule is applied, whatever changed the creature (a condition, 0 HP, Exhaustion, a grapple).

use std::collections::BTreeMap;

use engine::{Ctx, RuleError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabletop::map::{GridMap, Obstacle};
use tabletop::square::{Space, Square};

use super::super::combat::turn::check_turn;
use super::super::creatures::CreatureRecord;
use super::super::{Dnd2024, DndEvent, DndState, emit_about, record, refusal, set_record};
use super::board::{SQUARE_FT, Spot, distance_ft, grid_map, height_of, space_of};
use super::{Moved, Placed};
use crate::conditions::Condition;
use crate::core::{Ability, Skill};
use crate::movement::{JUMP_LANDING_DC, Size, clears_obstacle, flyer_falls, jump};

/// Highest a creature may fly (an input limit).
pub const MAX_HEIGHT_FT: u32 = 10_000;
/// The run-up a running jump needs (DD-MOVE-08.a, 09.a).
pub const RUN_UP_FT: u32 = 10;
/// The condition source of landing a long jump Prone.
pub const JUMP_SOURCE: &str = "long jump";

/// A jump: exactly one of `long` and `high`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Jump {
    pub creature: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub long: Option<LongJump>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high: Option<HighJump>,
}

/// A Long Jump to a square (its space's top-left square).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LongJump {
    pub to: [i32; 2],
    /// A low obstacle in the way, this many feet high.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obstacle_ft: Option<u32>,
    /// The Referee calls for the DC 10 Strength (Athletics) check to clear it.
    #[serde(default)]
    pub athletics: bool,
}

/// A High Jump straight up from where the creature stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HighJump {
    pub height_ft: u32,
    /// The jumper's own height, for how high it reaches (DD-MOVE-09.c).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_height_ft: Option<u32>,
}

/// Takes off, climbs, descends or lands (`height_ft` 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fly {
    pub creature: String,
    pub height_ft: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JumpKind {
    Long,
    High,
}

/// A jump made: where from and to, the feet jumped (the movement spent) and how it went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jumped {
    pub creature: String,
    pub kind: JumpKind,
    pub from: Square,
    pub to: Square,
    pub feet: u32,
    /// A running jump (else a standing one, half as far).
    pub running: bool,
    /// It hit the obstacle (failed Athletics) and stayed where it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hit_obstacle: bool,
    /// A high jump: how high it can reach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach_ft: Option<u32>,
}

/// A flyer's height changed by its own flight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flew {
    pub creature: String,
    pub from_ft: u32,
    pub height_ft: u32,
    pub spent_ft: u32,
}

/// The feet walked in a row up to where a creature stands, for a running jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunUp {
    pub feet: u32,
    pub at: Square,
    /// The turn's movement spent when the last of these moves ended: any other spending since
    /// (standing up, a jump, a new turn) breaks the run.
    pub moved_after: u32,
}

/// `apply` of a `moved` event, before the position changes: the run-up grows when this move
/// goes on from where the last one ended with nothing spent in between, else starts anew.
/// Moves in the air are not on foot and make none.
pub fn note_run_up(state: &mut DndState, m: &Moved) {
    let id = &m.creature;
    let Some(last) = m.path.last().copied() else {
        return;
    };
    if state.heights.get(id).is_some_and(|h| *h > 0) {
        state.run_ups.remove(id);
        return;
    }
    let moved_after = state.creatures.get(id).map_or(0, |r| r.turn.moved);
    let from = state.positions.get(id).copied();
    let walked = u32::try_from(m.path.len())
        .unwrap_or(u32::MAX)
        .saturating_mul(SQUARE_FT);
    let before = state
        .run_ups
        .get(id)
        .filter(|r| Some(r.at) == from && r.moved_after == moved_after.saturating_sub(m.spent_ft))
        .map_or(0, |r| r.feet);
    state.run_ups.insert(
        id.clone(),
        RunUp {
            feet: before.saturating_add(walked),
            at: last,
            moved_after,
        },
    );
}

/// `apply` of this module's events.
pub fn apply_jumped(state: &mut DndState, j: &Jumped) {
    state.run_ups.remove(&j.creature);
    state.positions.insert(j.creature.clone(), j.to);
}

pub fn apply_flew(state: &mut DndState, f: &Flew) {
    state.run_ups.remove(&f.creature);
    set_height(state, &f.creature, f.height_ft);
}

pub fn set_height(state: &mut DndState, id: &str, height_ft: u32) {
    if height_ft == 0 {
        state.heights.remove(id);
    } else {
        state.heights.insert(id.to_string(), height_ft);
    }
}

/// Whether the creature is in a combat's order (its moves then spend its turn's budget).
fn fighting(ctx: &Ctx<'_, Dnd2024>, id: &str) -> bool {
    ctx.core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == id))
}

fn refuse(code: &str, msg: impl Into<String>, rule: &'static str) -> RuleError {
    RuleError::new(code, msg).rule(rule)
}

/// The Fly Speed now, conditions and Exhaustion applied (DD-MOVE-01.c).
pub fn fly_speed(rec: &CreatureRecord) -> u32 {
    rec.conditions.speed(rec.spec.speed.fly)
}

fn walled(map: &GridMap, space: &Space) -> bool {
    space
        .squares()
        .any(|s| map.cell(s).obstacle.is_some_and(Obstacle::blocks_movement))
}

/// Checks what every move on its own checks: alive, its turn in a combat, able to move, on
/// the grid. Returns its square.
fn ready_to_move(
    ctx: &Ctx<'_, Dnd2024>,
    rec: &CreatureRecord,
    rule: &'static str,
) -> Result<Square, RuleError> {
    rec.check_alive()?;
    if fighting(ctx, &rec.spec.id) {
        check_turn(ctx, &rec.spec.id)?;
    }
    if rec.conditions.incapacitated() {
        return Err(refuse(
            "incapacitated",
            format!("{} is Incapacitated and cannot move", rec.spec.name),
            "DD-COND-08.a",
        ));
    }
    ctx.rules()
        .positions
        .get(&rec.spec.id)
        .copied()
        .ok_or_else(|| {
            RuleError::new(
                "not_placed",
                format!("{} is not on the grid", rec.spec.name),
            )
            .rule(rule)
        })
}

pub fn jump_command(ctx: &mut Ctx<'_, Dnd2024>, j: &Jump) -> Result<(), RuleError> {
    jump_with(ctx, j, &[])
}

/// The jump, checked whole first; a jump that leaves a hostile creature's reach waits for the
/// Opportunity Attacks it draws ([`super::who_reacts`]), made before it resolves, and is then
/// made again from here (`asked`: those already asked about it).
pub fn jump_with(ctx: &mut Ctx<'_, Dnd2024>, j: &Jump, asked: &[String]) -> Result<(), RuleError> {
    let mut rec = record(ctx, &j.creature)?;
    let rule = if j.high.is_some() {
        "DD-MOVE-09.a"
    } else {
        "DD-MOVE-08.a"
    };
    let from = ready_to_move(ctx, &rec, rule)?;
    if height_of(ctx.rules(), &j.creature) > 0 {
        return Err(refuse(
            "bad_move",
            format!(
                "{} is in the air: a jump starts on the ground",
                rec.spec.name
            ),
            "DD-MOVE-07.a",
        ));
    }
    if rec.conditions.has(Condition::Prone) || rec.speed() == 0 {
        return Err(refuse(
            "bad_move",
            format!("{} cannot jump while Prone or at Speed 0", rec.spec.name),
            "DD-MOVE-07.a",
        ));
    }
    let run = ctx
        .rules()
        .run_ups
        .get(&j.creature)
        .filter(|r| r.at == from && r.moved_after == rec.turn.moved)
        .map_or(0, |r| r.feet);
    let running = run >= RUN_UP_FT;
    let reach = jump(rec.spec.abilities.strength, running).map_err(refusal)?;
    let kind_words = if running { "running" } else { "standing" };
    let fight = fighting(ctx, &j.creature);
    let (to, feet, kind, reach_ft, obstacle) = match (&j.long, &j.high) {
        (Some(l), None) => {
            let to = Square::new(
                tabletop::map::check_coord("x", l.to[0])
                    .map_err(|e| RuleError::new("bad_move", e.to_string()))?,
                tabletop::map::check_coord("y", l.to[1])
                    .map_err(|e| RuleError::new("bad_move", e.to_string()))?,
            );
            let size = rec.spec.size;
            let feet = distance_ft(&size.grid_space(from), &size.grid_space(to));
            if feet == 0 {
                return Err(refuse(
                    "bad_move",
                    "a long jump lands elsewhere",
                    "DD-MOVE-08.a",
                ));
            }
            if feet > reach.long_jump_ft {
                return Err(refuse(
                    "bad_move",
                    format!(
                        "{} ft is beyond {}'s {kind_words} long jump of {} ft (run-up {run} ft)",
                        feet, rec.spec.name, reach.long_jump_ft
                    ),
                    "DD-MOVE-08.a",
                ));
            }
            check_flight_path(ctx, &rec, from, to)?;
            (
                to,
                feet,
                JumpKind::Long,
                None,
                l.obstacle_ft.map(|h| (h, l.athletics)),
            )
        }
        (None, Some(h)) => {
            if h.height_ft == 0 || h.height_ft > reach.high_jump_ft {
                return Err(refuse(
                    "bad_move",
                    format!(
                        "{}'s {kind_words} high jump is 1…{} ft, not {} ft",
                        rec.spec.name, reach.high_jump_ft, h.height_ft
                    ),
                    "DD-MOVE-09.a",
                ));
            }
            if h.own_height_ft.is_some_and(|o| o > 1_000) {
                return Err(refuse(
                    "bad_move",
                    "a creature's height is at most 1000 ft",
                    "DD-MOVE-09.c",
                ));
            }
            let reach_ft = h
                .own_height_ft
                .map(|o| crate::movement::high_jump_reach(h.height_ft, o));
            (from, h.height_ft, JumpKind::High, reach_ft, None)
        }
        _ => {
            return Err(refuse(
                "bad_move",
                "a jump is either `long` or `high`",
                "DD-MOVE-07.a",
            ));
        }
    };
    // A low obstacle: refused when it is no low one (DD-MOVE-08.d), before anything is spent.
    if let Some((h, _)) = obstacle {
        clears_obstacle(h, feet, None).map_err(|e| {
            let mut r = refusal(e);
            r.code = "bad_move".into();
            r
        })?;
    }
    // Every foot jumped is a foot of movement (DD-MOVE-08.b, 09.b).
    if fight {
        rec.turn.incapacitated = false;
        let mut trial = rec.turn;
        trial.move_ft(feet).map_err(refusal)?;
        // Leaving reach by jumping provokes as walking does: from the take-off to the
        // landing, or to the top of a high jump (back down where it left, but out of reach
        // on the way).
        let size = rec.spec.size;
        let before = Spot::new(size.grid_space(from), 0);
        let after = match kind {
            JumpKind::Long => Spot::new(size.grid_space(to), 0),
            JumpKind::High => Spot::new(size.grid_space(from), feet),
        };
        let reacting = super::who_reacts(ctx, &rec, &before, &after, asked);
        if !reacting.nobody() {
            let resume = serde_json::json!({ "jump": j });
            return super::hold_for_attacks(ctx, &rec, reacting, resume, asked);
        }
        rec.turn = trial;
        set_record(ctx, rec.clone())?;
    }
    let mut hit_obstacle = false;
    if let Some((h, true)) = obstacle {
        let (_, total) = check(ctx, &j.creature, Ability::Strength, Skill::Athletics)?;
        hit_obstacle =
            !clears_obstacle(h, feet, Some(total.unwrap_or(i32::MIN))).map_err(refusal)?;
    }
    let landing = if hit_obstacle { from } else { to };
    let full = Jumped {
        creature: j.creature.clone(),
        kind,
        from,
        to: landing,
        feet,
        running,
        hit_obstacle,
        reach_ft,
    };
    // Players see a monster's jump only if the party sees where it lands.
    let seen = super::super::sight::players_copy(
        ctx.state(),
        &j.creature,
        &DndEvent::Placed(Placed {
            creature: j.creature.clone(),
            at: landing,
        }),
    )
    .is_some();
    let masked = seen.then(|| DndEvent::Jumped(full.clone()));
    emit_about(ctx, &j.creature, DndEvent::Jumped(full), masked)?;
    // Landing a long jump on Difficult Terrain (DD-MOVE-08.c).
    if kind == JumpKind::Long && !hit_obstacle {
        let map = grid_map(&ctx.rules().map);
        let space = rec.spec.size.grid_space(landing);
        if space.squares().any(|s| map.cell(s).difficult) {
            // A check failed without a roll has no total: it lands Prone.
            let (_, total) = check(ctx, &j.creature, Ability::Dexterity, Skill::Acrobatics)?;
            if crate::movement::long_jump_lands_prone(true, total.unwrap_or(i32::MIN)) {
                super::super::conditions::apply_condition(
                    ctx,
                    &super::super::conditions::ApplyCondition {
                        creature: j.creature.clone(),
                        condition: Condition::Prone,
                        source: JUMP_SOURCE.into(),
                        rounds: None,
                    },
                )?;
            }
        }
    }
    Ok(())
}

/// A DC 10 check through the table's d20 tests (physical dice, Exhaustion, conditions).
fn check(
    ctx: &mut Ctx<'_, Dnd2024>,
    id: &str,
    ability: Ability,
    skill: Skill,
) -> Result<(bool, Option<i32>), RuleError> {
    super::super::d20::run_test(
        ctx,
        &super::super::d20::D20TestRequest {
            creature: id.to_string(),
            test: super::super::d20::TestKind::AbilityCheck {
                ability,
                skill: Some(skill),
            },
            dc: JUMP_LANDING_DC,
            advantage: Vec::new(),
            disadvantage: Vec::new(),
            modifiers: Vec::new(),
            fear_source_in_sight: false,
        },
    )
}

/// The squares a long jump passes over, one step at a time towards the landing: no walls,
/// no cut corners; and a free landing space (creatures the actor may not see aside, as a
/// move treats them).
fn check_flight_path(
    ctx: &Ctx<'_, Dnd2024>,
    rec: &CreatureRecord,
    from: Square,
    to: Square,
) -> Result<(), RuleError> {
    let map = grid_map(&ctx.rules().map);
    let mut at = from;
    let mut path = vec![from];
    while at != to {
        at = Square::new(at.x + (to.x - at.x).signum(), at.y + (to.y - at.y).signum());
        path.push(at);
    }
    let size = rec.spec.size;
    for pair in path.windows(2) {
        crate::movement::grid_path_cost_on(&map, pair).map_err(|e| {
            let mut r = refusal(e);
            r.code = "bad_move".into();
            r
        })?;
        if walled(&map, &size.grid_space(pair[1])) {
            return Err(refuse(
                "bad_move",
                format!("a wall stands in the jump's way at {}", pair[1]),
                "DD-MOVE-08.d",
            ));
        }
    }
    let landing = size.grid_space(to);
    for (oid, other) in &ctx.rules().creatures {
        if oid == &rec.spec.id || other.dead || other.spec.size == Size::Tiny {
            continue;
        }
        let Some(os) = space_of(ctx, oid) else {
            continue;
        };
        if !os.overlaps(&landing) || height_of(ctx.rules(), oid) > 0 {
            continue;
        }
        let visible = match ctx.actor() {
            engine::Actor::Player(p) => {
                super::super::viewer_sees(ctx.state(), &engine::Viewer::Player(p.clone()), oid)
            }
            _ => true,
        };
        if visible {
            return Err(refuse(
                "bad_move",
                format!("the jump would land in {oid}'s space"),
                "DD-MOVE-19.c",
            ));
        }
    }
    Ok(())
}

pub fn fly_command(ctx: &mut Ctx<'_, Dnd2024>, f: &Fly) -> Result<(), RuleError> {
    fly_with(ctx, f, &[])
}

/// The flight up or down, checked whole first; one that leaves a hostile creature's reach
/// waits for the Opportunity Attacks it draws, as [`jump_with`] does.
pub fn fly_with(ctx: &mut Ctx<'_, Dnd2024>, f: &Fly, asked: &[String]) -> Result<(), RuleError> {
    let mut rec = record(ctx, &f.creature)?;
    let at = ready_to_move(ctx, &rec, "DD-MOVE-11.a")?;
    if f.height_ft > MAX_HEIGHT_FT {
        return Err(refuse(
            "out_of_range",
            format!("a height is 0…{MAX_HEIGHT_FT} ft"),
            "MAX_HEIGHT_FT",
        ));
    }
    let from_ft = height_of(ctx.rules(), &f.creature);
    if f.height_ft == from_ft {
        return Err(refuse(
            "bad_move",
            format!("{} is already at {from_ft} ft", rec.spec.name),
            "DD-MOVE-11.a",
        ));
    }
    let fly = fly_speed(&rec);
    if rec.spec.speed.fly == 0 {
        return Err(refuse(
            "bad_move",
            format!("{} has no Fly Speed", rec.spec.name),
            "DD-MOVE-11.a",
        ));
    }
    if fly == 0 || rec.conditions.has(Condition::Prone) {
        return Err(refuse(
            "bad_move",
            format!(
                "{} cannot fly while Prone or with its Fly Speed at 0",
                rec.spec.name
            ),
            "DD-MOVE-10.a",
        ));
    }
    let spent = f.height_ft.abs_diff(from_ft);
    if fighting(ctx, &f.creature) {
        // Movement already used counts against the Fly Speed (DD-MOVE-01.b).
        let budget = fly.saturating_add(rec.turn.dash_bonus);
        if rec.turn.moved.saturating_add(spent) > budget {
            return Err(refuse(
                "movement_spent",
                format!(
                    "{spent} ft of flight: {} ft already used of a {budget} ft Fly Speed",
                    rec.turn.moved
                ),
                "DD-MOVE-01.b",
            ));
        }
        let space = rec.spec.size.grid_space(at);
        let reacting = super::who_reacts(
            ctx,
            &rec,
            &Spot::new(space, from_ft),
            &Spot::new(space, f.height_ft),
            asked,
        );
        if !reacting.nobody() {
            let resume = serde_json::json!({ "fly": f });
            return super::hold_for_attacks(ctx, &rec, reacting, resume, asked);
        }
        rec.turn.moved += spent;
        // Up in the air the turn runs on the Fly Speed; landed, on the Speed.
        rec.turn.speed = if f.height_ft > 0 { fly } else { rec.speed() };
        set_record(ctx, rec)?;
    }
    let ev = DndEvent::Flew(Flew {
        creature: f.creature.clone(),
        from_ft,
        height_ft: f.height_ft,
        spent_ft: spent,
    });
    emit_about(ctx, &f.creature, ev.clone(), Some(ev))
}

/// A turn starts: a creature in the air moves on its Fly Speed.
pub fn turn_starts(ctx: &mut Ctx<'_, Dnd2024>, who: &str) -> Result<(), RuleError> {
    if height_of(ctx.rules(), who) == 0 {
        return Ok(());
    }
    let Some(mut rec) = ctx.rules().creatures.get(who).cloned() else {
        return Ok(());
    };
    let fly = fly_speed(&rec);
    if rec.turn.speed == fly {
        return Ok(());
    }
    rec.turn.speed = fly;
    set_record(ctx, rec)
}

/// Every creature in the air that can no longer stay up falls (DD-MOVE-10.a, 12.a): the one
/// place the rule is applied.
pub fn settle_falls(ctx: &mut Ctx<'_, Dnd2024>) -> Result<(), RuleError> {
    let up: Vec<(String, u32)> = ctx
        .rules()
        .heights
        .iter()
        .map(|(id, h)| (id.clone(), *h))
        .collect();
    for (id, h) in up {
        let Some(rec) = ctx.rules().creatures.get(&id) else {
            continue;
        };
        let falls = rec.dead
            || flyer_falls(
                rec.conditions.incapacitated(),
                rec.conditions.has(Condition::Prone),
                fly_speed(rec),
                rec.spec.speed.hover,
            );
        if falls {
            let cause = if rec.dead { "dead" } else { "cannot_fly" };
            super::super::hazards::fall(ctx, &id, h, false, cause)?;
        }
    }
    Ok(())
}

/// Heights of the creatures `viewer` may see in the air.
pub fn project(state: &engine::TableState<DndState>, viewer: &engine::Viewer) -> Value {
    let heights: BTreeMap<&String, &u32> = state
        .rules
        .heights
        .iter()
        .filter(|(id, _)| super::super::viewer_sees(state, viewer, id))
        .collect();
    serde_json::to_value(heights).unwrap_or(Value::Null)
}
