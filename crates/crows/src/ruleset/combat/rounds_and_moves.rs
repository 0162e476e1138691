//! The grid, rounds and turns, movement and the maneuvers without an attack roll.

use super::board::fight_err;
use engine::{Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::{Value, json};

use super::super::adapter::Crows;
use super::super::adapter::{err, roll_die};
use super::super::core::commands::CoreCommand;
use super::super::core::records::{living, record, set_creature_only};
use super::super::request::TestRequest;
use super::super::then::{CombatThen, Then};
use super::board::{
    controllers, grid_audience, holding_in, occupants, side_key, space_of, speed_in,
};
use super::state::{
    CellAt, CombatEvent, Fight, MAX_ALTITUDE, MAX_COORDINATE, MAX_GRID_CELLS, MAX_PATH,
    Participant, Placement, ReadiedRecord,
};
use crate::combat::actions::{Readied, check_taunt};
use crate::combat::fight::FightError;
use crate::combat::forced_movement::{ForcedMovement, validate_vertical_forced_path};
use crate::combat::grid::{Obstacle, Space, Square};
use crate::combat::initiative::{Side, side_initiative};
use crate::combat::line_of_effect::{LoeOptions, line_of_effect};
use crate::combat::movement::{
    MoveManeuver, MoveOptions, Mover, PathStep, TeleportState, Teleported, validate_path,
    validate_teleport,
};
use crate::combat::reactions::{Movement, ReactionKind, provokes_opportunity_attack};
use crate::combat::turn::{Cost, Spent};
use crate::conditions::{ConditionDetail, ConditionKind, GrabEnd};
use crate::test_roll::{Characteristic, ResolvedTest};

/// The fight in progress, or a refusal.
pub(super) fn fight(ctx: &Ctx<'_, Crows>) -> Result<std::sync::Arc<Fight>, RuleError> {
    crate::combat::fight::running(ctx.rules().combat.fight.clone()).map_err(|e| err("no_fight", e))
}

fn check_square(s: Square) -> Result<(), RuleError> {
    if s.x.abs() > MAX_COORDINATE || s.y.abs() > MAX_COORDINATE {
        return Err(RuleError::new(
            "off_grid",
            format!("coordinates are limited to ±{MAX_COORDINATE}"),
        )
        .rule("MAX_COORDINATE"));
    }
    Ok(())
}

fn check_path(path: &[Square]) -> Result<(), RuleError> {
    if path.is_empty() || path.len() > MAX_PATH {
        return Err(
            RuleError::new("bad_path", format!("a path has 1…{MAX_PATH} squares")).rule("MAX_PATH"),
        );
    }
    path.iter().try_for_each(|s| check_square(*s))
}

pub(super) fn placed(ctx: &Ctx<'_, Crows>, id: &str) -> Result<Placement, RuleError> {
    ctx.rules()
        .combat
        .placements
        .get(id)
        .cloned()
        .ok_or_else(|| {
            RuleError::new(
                "not_placed",
                format!("`{id}` is not on the battle grid (place it first)"),
            )
            .with_args(json!({"creature": id}))
        })
}

pub(super) fn space(
    ctx: &Ctx<'_, Crows>,
    id: &str,
) -> Result<(Space, crate::creature::Size), RuleError> {
    placed(ctx, id)?;
    space_of(ctx.rules(), id)
        .ok_or_else(|| RuleError::new("unknown_creature", format!("no creature `{id}`")))
}

pub(super) fn set_grid(
    ctx: &mut Ctx<'_, Crows>,
    cells: &[CellAt],
    clear: bool,
) -> Result<(), RuleError> {
    let existing = if clear {
        0
    } else {
        ctx.rules().combat.cells.len()
    };
    if cells.len() + existing > MAX_GRID_CELLS {
        return Err(RuleError::new(
            "grid_too_big",
            format!("at most {MAX_GRID_CELLS} squares differ from open ground"),
        )
        .rule("MAX_GRID_CELLS"));
    }
    cells.iter().try_for_each(|c| check_square(c.at))?;
    ctx.emit(CombatEvent::GridSet {
        cells: cells.to_vec(),
        clear,
    })
}

pub(super) fn place(
    ctx: &mut Ctx<'_, Crows>,
    id: &str,
    mut placement: Placement,
) -> Result<(), RuleError> {
    let r = living(ctx, id)?;
    // A creature made from a card fights as that card unless another is named.
    if placement.card.is_none() {
        placement.card = r.card.clone();
    }
    check_square(placement.at)?;
    crate::combat::movement::may_stay_aloft(
        id,
        placement.altitude,
        placement.flying && r.creature.speeds.fly.is_some(),
    )
    .map_err(|e| err("not_flying", e))?;
    if placement.altitude > MAX_ALTITUDE {
        return Err(RuleError::new(
            "too_high",
            format!("a flyer is placed at most {MAX_ALTITUDE} squares up"),
        )
        .rule("MAX_ALTITUDE"));
    }
    if let Some(card) = &placement.card
        && !ctx.rules().content.creatures.contains_key(card)
    {
        return Err(RuleError::new(
            "unknown_card",
            format!("no creature card `{card}` in the loaded packs"),
        ));
    }
    if let Some(owner) = &placement.owner {
        record(ctx, owner)?;
        crate::combat::pets::may_own(owner, id).map_err(|e| err("bad_owner", e))?;
    }
    let size = r.creature.size;
    let sp = if placement.squeezing {
        crate::combat::grid::squeezed_space(placement.at, size)
    } else {
        Space::of_size(placement.at, size)
    };
    let grid = ctx.rules().combat.grid();
    let obstacle = sp.squares().find(|s| grid.obstacle(*s).is_some());
    // The living creatures whose space overlaps this one.
    let overlapping: Vec<(String, crate::creature::Size)> = ctx
        .rules()
        .combat
        .placements
        .keys()
        .filter(|o| *o != id)
        .filter(|o| {
            ctx.rules()
                .creatures
                .get(*o)
                .is_some_and(|r| r.creature.alive)
        })
        .filter_map(|o| {
            space_of(ctx.rules(), o)
                .filter(|(osp, _)| osp.overlaps(&sp))
                .map(|(_, osize)| (o.clone(), osize))
        })
        .collect();
    // `place` is the Referee's alone (`acting`), so the occupant may be named here; a
    // player's move into an occupied space never names it (EndsInOccupiedSpace).
    crate::combat::grid::may_place(size, obstacle, overlapping).map_err(|e| match e {
        crate::combat::CombatError::PlacedOnOccupied { .. } => err("space_occupied", e),
        e => err("square_blocked", e),
    })?;
    let vis = grid_audience(ctx, id);
    ctx.emit_for(
        CombatEvent::Placed {
            creature: id.to_string(),
            placement,
        },
        vis,
    )
}

pub(super) fn unplace(ctx: &mut Ctx<'_, Crows>, id: &str) -> Result<(), RuleError> {
    placed(ctx, id)?;
    if let Ok(f) = fight(ctx)
        && f.number(id).is_some()
        && f.combat
            .combatants()
            .iter()
            .any(|c| f.name(c.id) == Some(id))
    {
        let vis = grid_audience(ctx, id);
        ctx.emit_for(
            CombatEvent::CombatantRemoved {
                creature: id.to_string(),
            },
            vis.clone(),
        )?;
    }
    let vis = grid_audience(ctx, id);
    ctx.emit_for(
        CombatEvent::Unplaced {
            creature: id.to_string(),
        },
        vis,
    )
}

/// Those of `ids` every viewer may see (for the masked form of a public list).
fn seen_by_all(ctx: &Ctx<'_, Crows>, ids: &[String]) -> Vec<String> {
    ids.iter()
        .filter(|i| grid_audience(ctx, i) == Visibility::Public)
        .cloned()
        .collect()
}

pub(super) fn start_combat(
    ctx: &mut Ctx<'_, Crows>,
    surprised: &[String],
) -> Result<(), RuleError> {
    if ctx.rules().combat.fight.is_some() {
        return Err(RuleError::new(
            "fight_running",
            "a fight is already running",
        ));
    }
    let participants: Vec<Participant> = ctx
        .rules()
        .combat
        .placements
        .iter()
        .filter(|(id, p)| {
            p.owner.is_none()
                && ctx
                    .rules()
                    .creatures
                    .get(*id)
                    .is_some_and(|r| r.creature.alive)
        })
        .map(|(id, p)| Participant {
            creature: id.clone(),
            side: p.side,
            surprised: surprised.contains(id),
        })
        .collect();
    let ids: Vec<String> = participants.iter().map(|p| p.creature.clone()).collect();
    crate::combat::initiative::may_start(&ids, surprised).map_err(|e| match e {
        FightError::NotAParticipant { .. } => err("not_a_participant", e),
        e => fight_err(e),
    })?;
    let shown = seen_by_all(ctx, &ids);
    let masked = CombatEvent::FightStarted {
        participants: participants
            .iter()
            .filter(|p| shown.contains(&p.creature))
            .cloned()
            .collect(),
    };
    ctx.emit_masked(
        CombatEvent::FightStarted { participants },
        Visibility::Referee,
        masked,
    )
}

pub(super) fn order_side(
    ctx: &mut Ctx<'_, Crows>,
    side: Side,
    order: &[String],
) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    let player_controls_a_crow = match ctx.actor() {
        engine::Actor::Player(p) => Some(f.ids.iter().any(|id| {
            f.side_of(id) == Some(Side::Crows) && ctx.core().participants.controls(p, id)
        })),
        _ => None,
    };
    let round = f.round() + 1;
    let expected: Vec<String> = f
        .combat
        .turn_takers(side, round)
        .into_iter()
        .filter_map(|n| f.name(n).map(str::to_string))
        .collect();
    crate::combat::initiative::may_order_side(
        side,
        player_controls_a_crow,
        expected,
        order.to_vec(),
    )
    .map_err(|e| match e {
        FightError::NotYourSide => err("not_your_side", e),
        e => fight_err(e),
    })?;
    let vis = if side == Side::Crows {
        Visibility::Public
    } else {
        Visibility::Referee
    };
    ctx.emit_for(
        CombatEvent::SideOrdered {
            side,
            order: order.to_vec(),
        },
        vis,
    )
}

pub(super) fn roll_initiative(ctx: &mut Ctx<'_, Crows>, roller: &str) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    // Only the Referee sends roll_initiative, so the creature whose turn it is may be named.
    // With no player seated (the Referee runs the fight alone) the Referee rolls.
    let players = &ctx.core().participants.players;
    let by_referee = crate::combat::initiative::may_roll_initiative(
        f.combat.current().map(|n| f.name(n).unwrap_or("?")),
        roller,
        players.contains_key(roller),
        !players.is_empty(),
    )
    .map_err(|e| match e {
        FightError::NotAPlayer { .. } => err("not_a_player", e),
        e => fight_err(e),
    })?;
    if ctx
        .core()
        .decisions
        .iter()
        .any(|d| d.kind == "crows.combat.initiative")
    {
        return Err(RuleError::new(
            "initiative_pending",
            "the side initiative is already waiting for its roll",
        ));
    }
    let answerer = if by_referee {
        Answerer::Referee
    } else {
        Answerer::Player(roller.to_string())
    };
    let request = DecisionRequest::new(
        "crows.combat.initiative",
        format!("{roller} rolls 1d10 for the side initiative: 6+ the crows act first (CR-CBT-09)"),
        answerer,
        &[("roll", "Roll 1d10")],
    )
    .with_default("roll")
    .with_visibility(Visibility::Public)
    .with_args(json!({"roller": roller}))
    .with_context(json!({"roller": roller}));
    ctx.ask(request).map(|_| ())
}

/// The chosen player rolled: the next round starts on the engine's combat clock.
pub(super) fn initiative_rolled(
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    crate::combat::initiative::may_begin_round(f.combat.current().is_some())
        .map_err(|e| err("round_running", e))?;
    // The dead and the unplaced leave the fight.
    for id in &f.ids {
        let gone = !ctx
            .rules()
            .creatures
            .get(id)
            .is_some_and(|r| r.creature.alive)
            || !ctx.rules().combat.placements.contains_key(id);
        let still = f
            .number(id)
            .is_some_and(|n| f.combat.combatants().iter().any(|c| c.id == n));
        if gone && still {
            let vis = grid_audience(ctx, id);
            ctx.emit_for(
                CombatEvent::CombatantRemoved {
                    creature: id.clone(),
                },
                vis,
            )?;
        }
    }
    let f = fight(ctx)?;
    let context: InitiativeContext =
        serde_json::from_value(decision.context.clone()).unwrap_or_default();
    let roller = context.roller.as_deref().unwrap_or("player");
    let d10 = roll_die(
        ctx,
        &format!("side initiative ({roller})"),
        10,
        Visibility::Public,
    )?;
    let first = side_initiative(d10).map_err(fight_err)?;
    let round = f.round() + 1;
    let order_of = |side: Side| -> Vec<String> {
        let takers: Vec<String> = f
            .combat
            .turn_takers(side, round)
            .into_iter()
            .filter_map(|n| f.name(n).map(str::to_string))
            .collect();
        let mut out: Vec<String> = f
            .orders
            .get(side_key(side))
            .map(|o| o.iter().filter(|i| takers.contains(i)).cloned().collect())
            .unwrap_or_default();
        for t in &takers {
            if !out.contains(t) {
                out.push(t.clone());
            }
        }
        out
    };
    let (crows, enemies) = (order_of(Side::Crows), order_of(Side::Enemies));
    let nums = |ids: &[String]| -> Vec<u32> { ids.iter().filter_map(|i| f.number(i)).collect() };
    let mut check = f.combat.clone();
    check
        .start_round(d10, &nums(&crows), &nums(&enemies))
        .map_err(fight_err)?;
    let masked = CombatEvent::RoundStarted {
        round,
        d10,
        first,
        crows: seen_by_all(ctx, &crows),
        enemies: seen_by_all(ctx, &enemies),
    };
    ctx.emit_masked(
        CombatEvent::RoundStarted {
            round,
            d10,
            first,
            crows: crows.clone(),
            enemies: enemies.clone(),
        },
        Visibility::Referee,
        masked,
    )?;
    let order: Vec<String> = match first {
        Side::Crows => crows.into_iter().chain(enemies).collect(),
        Side::Enemies => enemies.into_iter().chain(crows).collect(),
    };
    // The engine's clock is public: a creature hidden from some player takes its turn off
    // the clock (its turn boundaries are not passed), so not even its id leaks.
    let order = seen_by_all(ctx, &order);
    clock_round(ctx, order)?;
    advance(ctx)
}

/// Starts the round on the engine's combat clock with this order: the clock waits between
/// rounds for each round's order, so its round count stays the fight's. A round with no
/// creature everyone sees passes off the clock (its count then lags by that round).
fn clock_round(ctx: &mut Ctx<'_, Crows>, order: Vec<String>) -> Result<(), RuleError> {
    let clock = ctx.core().clock.combat.clone();
    if clock.as_ref().is_some_and(|c| !c.waits_for_order) {
        // A clock started before it could wait (an older table): start it again.
        ctx.end_combat()?;
    } else {
        finish_clock_round(ctx)?;
    }
    if order.is_empty() {
        return Ok(());
    }
    if ctx.core().clock.combat.is_some() {
        ctx.reorder_combat(order)
    } else {
        ctx.start_combat_waiting(order)
    }
}

/// Ends the engine's round when the fight's is over: the turns left on the clock (of
/// creatures that left the fight) end, then the round.
fn finish_clock_round(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    for _ in 0..MAX_CLOCK_STEPS {
        match &ctx.core().clock.combat {
            Some(c) if c.waits_for_order && !c.between_rounds() => ctx.end_turn()?,
            _ => return Ok(()),
        }
    }
    Ok(())
}

/// Most engine turns stepped over in one go (the clock's order is bounded by the fight's).
const MAX_CLOCK_STEPS: usize = 1024;

/// The engine's current combatant.
fn engine_current(ctx: &Ctx<'_, Crows>) -> Option<String> {
    ctx.core()
        .clock
        .combat
        .as_ref()
        .and_then(|c| c.order.get(c.current).cloned())
}

/// Brings the engine's clock to the fight's current creature, dropping the dead, and begins
/// its turn.
fn advance(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    for _ in 0..MAX_CLOCK_STEPS {
        let f = fight(ctx)?;
        let Some(cur) = f.current().map(str::to_string) else {
            // The fight's round is over: so is the clock's.
            return finish_clock_round(ctx);
        };
        if !ctx
            .rules()
            .creatures
            .get(&cur)
            .is_some_and(|r| r.creature.alive)
        {
            let vis = grid_audience(ctx, &cur);
            ctx.emit_for(CombatEvent::CombatantRemoved { creature: cur }, vis)?;
            continue;
        }
        let engine = engine_current(ctx);
        let on_clock = ctx
            .core()
            .clock
            .combat
            .as_ref()
            .is_some_and(|c| !c.between_rounds() && c.order.contains(&cur));
        if !on_clock || engine.as_deref() == Some(cur.as_str()) {
            if !f.budgets.contains_key(&cur) {
                let vis = grid_audience(ctx, &cur);
                ctx.emit_for(CombatEvent::TurnBegan { creature: cur }, vis)?;
            }
            return Ok(());
        }
        ctx.end_turn()?;
    }
    Ok(())
}

pub(super) fn end_turn(ctx: &mut Ctx<'_, Crows>, creature: &str) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    crate::combat::turn::may_act_now(f.current(), creature).map_err(|e| err("not_your_turn", e))?;
    if engine_current(ctx).as_deref() == Some(creature) {
        ctx.end_turn()?;
    } else {
        let vis = grid_audience(ctx, creature);
        ctx.emit_for(
            CombatEvent::TurnEnded {
                creature: creature.to_string(),
            },
            vis,
        )?;
    }
    advance(ctx)
}

pub(super) fn end_combat(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    fight(ctx)?;
    ctx.emit(CombatEvent::FightEnded {})?;
    if ctx.core().clock.combat.is_some() {
        ctx.end_combat()?;
    }
    Ok(())
}

/// The wire code of a refusal to spend or move: `not_your_turn`, `unconscious`, `speed_zero`
/// by their own codes, the rest of the turn's rules as `combat_refused`.
fn turn_err(e: FightError) -> RuleError {
    match e {
        FightError::NotTheTurnOf { .. } => err("not_your_turn", e),
        FightError::Unconscious { .. } => err("unconscious", e),
        FightError::SpeedZero { .. } => err("speed_zero", e),
        e => fight_err(e),
    }
}

/// Spends `cost` from what `creature` may do now: its turn (or a commanded pet's) budget,
/// else an off-turn allowance (CR-CBT-10, CR-CBT-11, CR-ATK-13).
pub(super) fn spend(ctx: &mut Ctx<'_, Crows>, creature: &str, cost: Cost) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    let r = living(ctx, creature)?;
    let spent = crate::combat::turn::spend(
        creature,
        r.creature.conditions.has(ConditionKind::Unconscious),
        cost,
        f.budgets.get(creature).copied(),
        f.allowances.get(creature).copied(),
    )
    .map_err(turn_err)?;
    let vis = grid_audience(ctx, creature);
    match spent {
        Spent::Nothing => Ok(()),
        Spent::Budget(budget) => ctx.emit_for(
            CombatEvent::BudgetSet {
                creature: creature.to_string(),
                budget,
            },
            vis,
        ),
        Spent::Allowance => ctx.emit_for(
            CombatEvent::AllowanceSet {
                creature: creature.to_string(),
                cost: None,
            },
            vis,
        ),
    }
}

/// The creature's speed for a move now (CR-MOVE-08): base walking (or flying) speed, wounds,
/// conditions, squeezing and holding a creature its size or larger.
pub(super) fn speed_of(ctx: &Ctx<'_, Crows>, id: &str) -> u8 {
    speed_in(ctx.rules(), id)
}

/// The creature `id` holds grabbed, if any.
pub(super) fn holding(ctx: &Ctx<'_, Crows>, id: &str) -> Option<String> {
    holding_in(ctx.rules(), id)
}

/// The path as the pure rules read it, from the creature's placement.
fn mover(
    ctx: &Ctx<'_, Crows>,
    id: &str,
    speed: u8,
) -> Result<(Mover, Vec<crate::combat::grid::Occupant>, Vec<String>), RuleError> {
    let (occ, ids) = occupants(ctx.rules());
    let n = ids
        .iter()
        .position(|i| i == id)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            RuleError::new("not_placed", format!("`{id}` is not on the battle grid"))
                .with_args(json!({"creature": id}))
        })?;
    let r = record(ctx, id)?;
    let p = placed(ctx, id)?;
    Ok((
        Mover {
            id: n,
            speeds: r.creature.speeds,
            speed,
            flying: p.flying && r.creature.speeds.fly.is_some(),
        },
        occ,
        ids,
    ))
}

/// Whether an opportunity attack about `mover` is waiting for its answer.
fn reaction_pending(ctx: &Ctx<'_, Crows>, mover: &str) -> bool {
    ctx.core().decisions.iter().any(|d| {
        d.kind == "crows.combat.opportunity_attack"
            && serde_json::from_value::<MoverContext>(d.context.clone())
                .is_ok_and(|c| c.mover.as_deref() == Some(mover))
    })
}

/// The Move maneuver along `path` (CR-MAN-01, CR-MOVE-01/02/03, CR-CBT-05), stopping where an
/// enemy's opportunity attack opens (CR-REACT-05, CR-ERR-41).
pub(super) fn combat_move(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    path: &[Square],
) -> Result<(), RuleError> {
    check_path(path)?;
    let f = fight(ctx)?;
    living(ctx, creature)?;
    crate::combat::reactions::may_move_while(reaction_pending(ctx, creature))
        .map_err(|e| err("reaction_pending", e))?;
    let speed = speed_of(ctx, creature);
    let steps: Vec<PathStep> = path.iter().map(|to| PathStep::Walk { to: *to }).collect();
    let (m, occ, ids) = mover(ctx, creature, u8::MAX)?;
    let grid = ctx.rules().combat.grid();
    // The path is judged as the mover's player sees the grid: a creature they do not see
    // neither refuses it nor changes its cost (secrecy). Where it stands in the way, the
    // move stops short of it below and the Referee is told.
    let unseen = unseen_by_actor(ctx, &ids);
    let seen_occ = seen_occupants(&occ, &unseen);
    let report = validate_path(
        &grid,
        &seen_occ,
        &m,
        MoveManeuver::Move,
        &steps,
        MoveOptions::default(),
    )
    .map_err(|e| err("move_refused", e))?;
    // The squares left of the Moves taken this turn; a new Move adds the speed (CR-MAN-01).
    // Off-turn, a readied Move fired with the reaction is one Move (CR-ACT-02).
    let from_allowance =
        !f.budgets.contains_key(creature) && f.allowances.get(creature) == Some(&Cost::Maneuver);
    let before = crate::combat::turn::move_budget(
        creature,
        f.budgets.get(creature).copied(),
        from_allowance,
    )
    .map_err(turn_err)?;
    let mut budget = crate::combat::turn::budget_for_move(creature, before, speed, report.cost)
        .map_err(turn_err)?;
    crate::combat::movement::within_move(report.cost, budget.move_left)
        .map_err(|e| err("move_refused", e))?;
    // Where does it leave an enemy's reach?
    let (me, _) = space(ctx, creature)?;
    let side = placed(ctx, creature)?.side;
    let round = f.round();
    let mut here = me;
    let mut stop: Option<(usize, Vec<String>)> = None;
    // The creature it holds comes along (CR-COND-03): the mover never leaves its reach.
    let held = holding(ctx, creature);
    for (i, to) in path.iter().enumerate() {
        let next = here.moved_to(*to);
        let mut watchers = Vec::new();
        for w in &ids {
            if w == creature
                || held.as_ref() == Some(w)
                || f.declined.iter().any(|(a, b)| a == w && b == creature)
            {
                continue;
            }
            let Ok(wp) = placed(ctx, w) else { continue };
            if wp.side == side || !super::reacting::can_react(ctx, &f, w, round) {
                continue;
            }
            let Ok((ws, wsize)) = space(ctx, w) else {
                continue;
            };
            if provokes_opportunity_attack(Movement::Move, (&ws, wsize), &here, &next)
                && !super::reacting::melee_weapons(ctx, w).is_empty()
            {
                watchers.push(w.clone());
            }
        }
        if !watchers.is_empty() {
            stop = Some((i, watchers));
            break;
        }
        here = next;
    }
    // A creature the player does not see in the way (before any reaction stops the move):
    // the move ends on the last square before it where the mover may stop (CR-CBT-05), and
    // the Referee decides what the mover notices.
    let mut blocked: Option<(usize, String)> = None;
    if let Some((i, blocker)) = first_unseen_in_path(&occ, &unseen, me, path)
        && stop.as_ref().is_none_or(|(s, _)| *s > i)
    {
        let legal = (1..=i)
            .rev()
            .find(|n| {
                validate_path(
                    &grid,
                    &occ,
                    &m,
                    MoveManeuver::Move,
                    &steps[..*n],
                    MoveOptions::default(),
                )
                .is_ok()
            })
            .unwrap_or(0);
        stop = None;
        blocked = Some((legal, id_of(&ids, blocker)));
    }
    let moved_steps = match (&stop, &blocked) {
        (Some((i, _)), _) | (None, Some((i, _))) => *i,
        (None, None) => steps.len(),
    };
    let (cost, end, report) = if moved_steps == steps.len() {
        (report.cost, report.end, report)
    } else if moved_steps == 0 {
        (0, me, report)
    } else {
        let (m, occ, _) = mover(ctx, creature, u8::MAX)?;
        let part = validate_path(
            &grid,
            &occ,
            &m,
            MoveManeuver::Move,
            &steps[..moved_steps],
            MoveOptions::default(),
        )
        .map_err(|e| err("move_refused", e))?;
        (part.cost, part.end, part)
    };
    if cost > 0 || moved_steps == steps.len() {
        budget.move_squares(cost).map_err(fight_err)?;
    }
    let vis = grid_audience(ctx, creature);
    // Stopped before its first square by a reaction, a readied Move is kept for the re-send.
    if from_allowance && moved_steps > 0 {
        ctx.emit_for(
            CombatEvent::AllowanceSet {
                creature: creature.to_string(),
                cost: None,
            },
            vis.clone(),
        )?;
    } else if !from_allowance && budget != before {
        ctx.emit_for(
            CombatEvent::BudgetSet {
                creature: creature.to_string(),
                budget,
            },
            vis.clone(),
        )?;
    }
    if moved_steps > 0 {
        finish_move(
            ctx,
            creature,
            me.origin,
            end.origin,
            cost,
            Movement::Move,
            json!(report),
        )?;
    }
    if moved_steps > 0 {
        movement_test_ruling(ctx, creature, &report.tests)?;
    }
    if let Some((i, watchers)) = stop {
        let remaining: Vec<Square> = path[i..].to_vec();
        for w in watchers {
            super::reacting::offer_opportunity(ctx, &w, creature, end.origin, &remaining)?;
        }
        return Ok(());
    }
    if let Some((_, blocker)) = blocked {
        unseen_blocker(ctx, creature, &blocker, end.origin)?;
        if moved_steps == 0 {
            return Ok(());
        }
    }
    if let Some(feet) = report.falls_feet
        && feet > 0
    {
        fall(ctx, creature, feet)?;
    }
    Ok(())
}

/// Squares swum or climbed without the speed for it (CR-MOVE-03): whether they need a test
/// is the Referee's call (CR-REF-25), asked once per move as `crows.combat.movement_test`
/// (Referee only) with `no_test` (the default), `agility` or `strength`; climbing a ceiling
/// without a "(U)" climb speed always needs one, so `no_test` is not offered then.
fn movement_test_ruling(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    tests: &[crate::combat::movement::PathTest],
) -> Result<(), RuleError> {
    use crate::combat::movement::PathTest;
    if tests.is_empty() {
        return Ok(());
    }
    let squares: Vec<Square> = tests
        .iter()
        .map(|t| match t {
            PathTest::CeilingClimb { at } | PathTest::RefereeMayTest { at } => *at,
        })
        .collect();
    let ceiling = tests
        .iter()
        .any(|t| matches!(t, PathTest::CeilingClimb { .. }));
    let mut options = vec![
        ("agility", "An Agility test"),
        ("strength", "A Strength test"),
    ];
    if !ceiling {
        options.insert(0, ("no_test", "No test: it swims or climbs there"));
    }
    let mut request = DecisionRequest::new(
        "crows.combat.movement_test",
        format!(
            "{creature} swam or climbed {} square(s) without the speed for it{}. Does it need a \
             test (CR-MOVE-03, CR-REF-25)?",
            squares.len(),
            if ceiling {
                ", a ceiling among them (a test is needed)"
            } else {
                ""
            }
        ),
        Answerer::Referee,
        &options,
    )
    .with_visibility(Visibility::Referee)
    .with_args(json!({"creature": creature, "squares": squares.len(), "ceiling": ceiling}))
    .with_context(json!({"creature": creature, "squares": squares, "ceiling": ceiling}));
    if !ceiling {
        request = request.with_default("no_test");
    }
    ctx.ask(request).map(|_| ())
}

/// The Referee ruled on a swim or climb (CR-REF-25): the test called for, through core's
/// test (what its tier means is the Referee's ruling on the test, CR-REF-06).
pub(super) fn movement_test_answered(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &engine::Answer,
) -> Result<(), RuleError> {
    let characteristic = match answer.option.as_str() {
        "agility" => Characteristic::Agility,
        "strength" => Characteristic::Strength,
        _ => return Ok(()),
    };
    let creature = serde_json::from_value::<CreatureContext>(decision.context.clone())
        .ok()
        .and_then(|c| c.creature)
        .ok_or_else(|| RuleError::new("bad_decision", "the decision names no creature"))?;
    if living(ctx, &creature).is_err() {
        return Ok(());
    }
    TestRequest::new(creature, characteristic).roll(rules, ctx)
}

/// The placed creatures (numbered as by [`occupants`]) the acting player may not see; none
/// for the Referee (secrecy: for a player, an unseen creature is no creature).
pub(super) fn unseen_by_actor(ctx: &Ctx<'_, Crows>, ids: &[String]) -> Vec<u32> {
    let engine::Actor::Player(p) = ctx.actor() else {
        return Vec::new();
    };
    let viewer = engine::Viewer::Player(p.clone());
    ids.iter()
        .enumerate()
        .filter(|(_, id)| {
            !crate::ruleset::core::records::viewer_sees(
                &ctx.core().participants,
                ctx.rules(),
                &viewer,
                id,
            )
        })
        .filter_map(|(n, _)| u32::try_from(n).ok())
        .collect()
}

/// The creature id of occupant number `n`.
pub(super) fn id_of(ids: &[String], n: u32) -> String {
    usize::try_from(n)
        .ok()
        .and_then(|n| ids.get(n))
        .cloned()
        .unwrap_or_default()
}

/// The occupants without the `unseen` ones.
pub(super) fn seen_occupants(
    occ: &[crate::combat::grid::Occupant],
    unseen: &[u32],
) -> Vec<crate::combat::grid::Occupant> {
    occ.iter()
        .filter(|o| !unseen.contains(&o.id))
        .copied()
        .collect()
}

/// The first step of `path` (from `start`) whose space overlaps an `unseen` occupant's, and
/// that occupant.
pub(super) fn first_unseen_in_path(
    occ: &[crate::combat::grid::Occupant],
    unseen: &[u32],
    start: Space,
    path: &[Square],
) -> Option<(usize, u32)> {
    if unseen.is_empty() {
        return None;
    }
    let mut here = start;
    for (i, to) in path.iter().enumerate() {
        here = here.moved_to(*to);
        if let Some(o) = occ
            .iter()
            .find(|o| unseen.contains(&o.id) && o.space.overlaps(&here))
        {
            return Some((i, o.id));
        }
    }
    None
}

/// A player's move ran into a creature they do not see and stopped at `at`: the Referee
/// decides whether the mover notices it (CR-HIDE-05), in a decision only the Referee sees.
pub(super) fn unseen_blocker(
    ctx: &mut Ctx<'_, Crows>,
    mover: &str,
    blocker: &str,
    at: Square,
) -> Result<(), RuleError> {
    let request = DecisionRequest::new(
        "crows.combat.unseen_blocker",
        format!(
            "{mover}'s move stopped at {},{}: {blocker}, unseen by its player, stands in the \
             way. Keep it unseen, or reveal it to {mover}? (CR-CBT-05, CR-HIDE-05)",
            at.x, at.y
        ),
        Answerer::Referee,
        &[
            ("unseen", "It stays unseen"),
            ("reveal", "Reveal it to the mover"),
        ],
    )
    .with_default("unseen")
    .with_visibility(Visibility::Referee)
    .with_args(json!({"mover": mover, "blocker": blocker, "x": at.x, "y": at.y}))
    .with_context(json!({"creature": blocker, "mover": mover, "blocker": blocker, "at": at}));
    ctx.ask(request).map(|_| ())
}

/// The Referee's call on an unseen creature in a player's path: revealed, it is shown to the
/// mover (or to every player, when it was unrevealed since its creation).
pub(super) fn unseen_blocker_answered(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &engine::Answer,
) -> Result<(), RuleError> {
    if answer.option != "reveal" {
        return Ok(());
    }
    let field = |k: &str| {
        decision
            .context
            .get(k)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| RuleError::new("bad_context", format!("the decision lacks `{k}`")))
    };
    let (mover, blocker) = (field("mover")?, field("blocker")?);
    let unrevealed = record(ctx, &blocker)?.unrevealed;
    let hidden = ctx.rules().hiding.is_hidden(&blocker, &mover);
    if !unrevealed && !hidden {
        return Ok(());
    }
    rules.core_decide(
        &CoreCommand::Reveal {
            creature: blocker,
            to: if unrevealed { Vec::new() } else { vec![mover] },
        },
        ctx,
    )
}

fn fall(ctx: &mut Ctx<'_, Crows>, creature: &str, feet: u32) -> Result<(), RuleError> {
    let rules = Crows;
    rules.core_decide(
        &CoreCommand::Fall {
            creature: creature.to_string(),
            feet,
            resist: true,
        },
        ctx,
    )
}

/// Records a move and ends grabs the mover's new distance breaks (CR-COND-04).
pub(super) fn finish_move(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    from: Square,
    to: Square,
    cost: u32,
    movement: Movement,
    report: Value,
) -> Result<(), RuleError> {
    let mut p = placed(ctx, creature)?;
    p.at = to;
    let vis = grid_audience(ctx, creature);
    ctx.emit_for(
        CombatEvent::Moved {
            creature: creature.to_string(),
            from,
            to,
            cost,
            movement,
            report,
        },
        vis.clone(),
    )?;
    ctx.emit_for(
        CombatEvent::Placed {
            creature: creature.to_string(),
            placement: p,
        },
        vis,
    )?;
    // CR-COND-03: when the grabber moves by itself (a Move or a Shift), the creature it holds
    // moves with it, keeping its place beside it. A held creature that cannot follow there (a
    // wall, another creature in the way) stays, and the grab's range decides (CR-COND-04).
    if matches!(movement, Movement::Move | Movement::Shift)
        && let Some(held) = holding(ctx, creature)
        && let Ok(hp) = placed(ctx, &held)
    {
        let dest = Square::new(hp.at.x + (to.x - from.x), hp.at.y + (to.y - from.y));
        if dest != hp.at && fits(ctx, &held, dest) {
            return finish_move(
                ctx,
                &held,
                hp.at,
                dest,
                0,
                Movement::Forced,
                json!({"carried_by": creature}),
            );
        }
    }
    if let Some(held) = holding(ctx, creature)
        && let (Ok((a, _)), Ok((b, _))) = (space(ctx, creature), space(ctx, &held))
    {
        let distance = u8::try_from(a.distance_to(&b)).unwrap_or(u8::MAX);
        let mut c = record(ctx, &held)?.creature.clone();
        if c.conditions
            .end_grab(GrabEnd::GrabberMovedAway { distance })
        {
            set_creature_only(
                ctx,
                &held,
                c,
                "grab ended",
                json!({"why": "grabber moved away"}),
            )?;
        }
    }
    Ok(())
}

/// Whether `id` can stand at `at`: no obstacle in its space and no other living creature's
/// space overlapping it.
fn fits(ctx: &Ctx<'_, Crows>, id: &str, at: Square) -> bool {
    let state = ctx.rules();
    let Some((_, size)) = space_of(state, id) else {
        return false;
    };
    let here = Space::of_size(at, size);
    let grid = state.combat.grid();
    if here.squares().any(|sq| grid.cell(sq).obstacle.is_some()) {
        return false;
    }
    !state.combat.placements.keys().any(|other| {
        other != id
            && state.creatures.get(other).is_some_and(|r| r.creature.alive)
            && space_of(state, other).is_some_and(|(s, _)| s.overlaps(&here))
    })
}

/// The grabber spends a maneuver to put the creature it holds on another square, within the
/// grabbing effect's range from where the grabber stands (CR-COND-03). It provokes nothing.
pub(super) fn reposition_grabbed(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    to: Square,
) -> Result<(), RuleError> {
    check_square(to)?;
    fight(ctx)?;
    let refused = |e| err("reposition_refused", e);
    let held =
        crate::combat::maneuvers::held_by(creature, holding(ctx, creature)).map_err(refused)?;
    let range = match record(ctx, &held)?
        .creature
        .conditions
        .get(ConditionKind::Grabbed)
        .map(|c| &c.detail)
    {
        Some(ConditionDetail::Grab(g)) => u32::from(g.range),
        _ => 0,
    };
    let (mine, _) = space(ctx, creature)?;
    let (_, size) = space(ctx, &held)?;
    let distance = mine.distance_to(&Space::of_size(to, size));
    let from = placed(ctx, &held)?.at;
    crate::combat::maneuvers::may_reposition(
        &held,
        distance,
        range,
        fits(ctx, &held, to),
        from,
        to,
    )
    .map_err(refused)?;
    spend(ctx, creature, Cost::Maneuver)?;
    finish_move(
        ctx,
        &held,
        from,
        to,
        0,
        Movement::Forced,
        json!({"repositioned_by": creature}),
    )
}

/// The Shift maneuver: one square, provoking nothing (CR-MAN-02, CR-REACT-06).
pub(super) fn shift(ctx: &mut Ctx<'_, Crows>, creature: &str, to: Square) -> Result<(), RuleError> {
    check_square(to)?;
    fight(ctx)?;
    let (m, occ, ids) = mover(ctx, creature, u8::MAX)?;
    let grid = ctx.rules().combat.grid();
    // Judged as the player sees the grid, as a Move is (secrecy).
    let unseen = unseen_by_actor(ctx, &ids);
    let seen_occ = seen_occupants(&occ, &unseen);
    let report = validate_path(
        &grid,
        &seen_occ,
        &m,
        MoveManeuver::Shift,
        &[PathStep::Walk { to }],
        MoveOptions::default(),
    )
    .map_err(|e| err("shift_refused", e))?;
    crate::combat::turn::may_move_at(creature, speed_of(ctx, creature)).map_err(turn_err)?;
    let from = placed(ctx, creature)?.at;
    spend(ctx, creature, Cost::Maneuver)?;
    let (here, _) = space(ctx, creature)?;
    if let Some((_, blocker)) = first_unseen_in_path(&occ, &unseen, here, &[to]) {
        // Someone the player does not see stands there: the Shift ends where it began.
        return unseen_blocker(ctx, creature, &id_of(&ids, blocker), from);
    }
    let falls = report.falls_feet;
    finish_move(
        ctx,
        creature,
        from,
        to,
        report.cost,
        Movement::Shift,
        json!(report),
    )?;
    if let Some(feet) = falls
        && feet > 0
    {
        fall(ctx, creature, feet)?;
    }
    Ok(())
}

/// A free square of movement granted by a rule (grab tier 2's shift, escape tier 3): no cost,
/// provokes nothing.
pub(super) fn free_square(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    to: Square,
    movement: Movement,
) -> Result<(), RuleError> {
    let (m, occ, ids) = mover(ctx, creature, u8::MAX)?;
    let grid = ctx.rules().combat.grid();
    // Grab's free Shift stays a Shift (CR-MAN-02); the escape's square is a plain step.
    let maneuver = if movement == Movement::GrabShift {
        MoveManeuver::Shift
    } else {
        MoveManeuver::Move
    };
    // The player chose among the squares they see (secrecy): someone unseen there keeps
    // the mover in place, and the Referee is told.
    let unseen = unseen_by_actor(ctx, &ids);
    let report = validate_path(
        &grid,
        &seen_occupants(&occ, &unseen),
        &m,
        maneuver,
        &[PathStep::Walk { to }],
        MoveOptions::default(),
    )
    .map_err(|e| err("move_refused", e))?;
    let from = placed(ctx, creature)?.at;
    let (here, _) = space(ctx, creature)?;
    if let Some((_, blocker)) = first_unseen_in_path(&occ, &unseen, here, &[to]) {
        return unseen_blocker(ctx, creature, &id_of(&ids, blocker), from);
    }
    finish_move(ctx, creature, from, to, 0, movement, json!(report))
}

pub(super) fn taunt(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    target: &str,
) -> Result<(), RuleError> {
    fight(ctx)?;
    living(ctx, target)?;
    let (a, _) = space(ctx, creature)?;
    let (b, _) = space(ctx, target)?;
    let grid = ctx.rules().combat.grid();
    check_taunt(
        a.distance_to(&b),
        line_of_effect(&grid, &a, &b, LoeOptions::default()).exists(),
    )
    .map_err(fight_err)?;
    spend(ctx, creature, Cost::Action)?;
    ctx.emit(CombatEvent::Taunted {
        taunter: creature.to_string(),
        target: target.to_string(),
    })
}

pub(super) fn ready(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    act: &Readied,
    trigger: &str,
) -> Result<(), RuleError> {
    fight(ctx)?;
    crate::combat::actions::may_ready(trigger).map_err(|e| err("bad_trigger", e))?;
    spend(ctx, creature, Cost::Action)?;
    // What is readied stays between the Referee and the creature's players.
    let seers = controllers(ctx, creature);
    let vis = if seers.is_empty() {
        Visibility::Referee
    } else {
        Visibility::Players(seers)
    };
    ctx.emit_for(
        CombatEvent::ReadiedSet {
            creature: creature.to_string(),
            readied: Some(ReadiedRecord {
                act: act.clone(),
                trigger: trigger.to_string(),
            }),
        },
        vis,
    )
}

pub(super) fn fire_readied(ctx: &mut Ctx<'_, Crows>, creature: &str) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    let readied = crate::combat::actions::readied(creature, f.readied.get(creature).cloned())
        .map_err(|e| err("nothing_readied", e))?;
    super::reacting::use_reaction(ctx, &f, creature, ReactionKind::Readied)?;
    let vis = grid_audience(ctx, creature);
    ctx.emit_for(
        CombatEvent::ReadiedSet {
            creature: creature.to_string(),
            readied: None,
        },
        vis.clone(),
    )?;
    let cost = match readied.act {
        Readied::Action(_) => Cost::Action,
        Readied::Maneuver(_) => Cost::Maneuver,
    };
    ctx.emit_for(
        CombatEvent::AllowanceSet {
            creature: creature.to_string(),
            cost: Some(cost),
        },
        vis,
    )
}

pub(super) fn stand_up(ctx: &mut Ctx<'_, Crows>, creature: &str) -> Result<(), RuleError> {
    fight(ctx)?;
    let mut c = living(ctx, creature)?.creature;
    let with_prone = speed_of(ctx, creature);
    let options = ctx.rules().options;
    let without_prone = c.speed_standing(&options);
    crate::combat::maneuvers::stand_up(&mut c.conditions, without_prone, with_prone, &options)
        .map_err(|e| err("stand_up_refused", e))?;
    spend(ctx, creature, Cost::Maneuver)?;
    set_creature_only(ctx, creature, c, "stood up", Value::Null)
}

pub(super) fn free_act(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    cost: Cost,
) -> Result<(), RuleError> {
    fight(ctx)?;
    spend(ctx, creature, cost)
}

/// Longest free-text order a command to a pet may carry (characters).
pub(super) const MAX_ORDER_TEXT: usize = 200;

pub(super) fn command_pet(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    owner: &str,
    pet: &str,
    dangerous: bool,
    order: Option<&str>,
) -> Result<(), RuleError> {
    use crate::combat::pets::{Companion, Order, referee_rules_command};
    let f = fight(ctx)?;
    if order.is_some_and(|o| o.chars().count() > MAX_ORDER_TEXT) {
        return Err(RuleError::new(
            "order_too_long",
            format!("an order to a pet is at most {MAX_ORDER_TEXT} characters"),
        )
        .rule("MAX_ORDER_TEXT"));
    }
    living(ctx, pet)?;
    let p = placed(ctx, pet)?;
    crate::combat::pets::may_command(
        owner,
        pet,
        p.owner.as_deref(),
        f.commanded.iter().any(|c| c == pet) || pet_command_pending(ctx, pet),
    )
    .map_err(|e| match e {
        FightError::NotYourPet { .. } => err("not_your_pet", e),
        e => err("pet_commanded", e),
    })?;
    spend(ctx, owner, Cost::Maneuver)?;
    let companion = if p.summoned {
        Companion::Summoned
    } else {
        Companion::Pet
    };
    if !referee_rules_command(companion) {
        return pet_obeys(rules, ctx, owner, pet, companion, Order::Ordinary);
    }
    if *ctx.actor() == engine::Actor::Referee {
        // The Referee's own command carries the ruling (CR-REF-26).
        let order = if dangerous {
            Order::ComplexOrDangerous
        } else {
            Order::Ordinary
        };
        return pet_obeys(rules, ctx, owner, pet, companion, order);
    }
    // A player's order: what the pet can do, and whether the order is complex or dangerous
    // enough for the Mind test, are the Referee's call (CR-REF-26); the player only says what
    // the pet is told and whether they think it dangerous.
    let request = DecisionRequest::new(
        "crows.combat.pet_command",
        format!(
            "{owner} commands {pet}{}{}. Can the pet do it, and does the order need {owner}'s \
             Mind test (CR-PET-02/03, CR-REF-26)?",
            order.map(|o| format!(": \"{o}\"")).unwrap_or_default(),
            if dangerous {
                " (the player calls it dangerous)"
            } else {
                ""
            }
        ),
        Answerer::Referee,
        &[
            ("ordinary", "It obeys: an ordinary order, no test"),
            (
                "attack_monster",
                "It obeys: an attack on a dangerous creature, no test (CR-PET-03)",
            ),
            (
                "complex_or_dangerous",
                "Complex or dangerous: the owner's Mind test (CR-PET-02)",
            ),
            ("cannot", "The pet cannot do that: it does nothing"),
        ],
    )
    .with_visibility(Visibility::Referee)
    .with_args(
        json!({"owner": owner, "pet": pet, "order": order.unwrap_or_default(),
        "has_order": order.is_some(), "dangerous": dangerous}),
    )
    .with_context(
        json!({"owner": owner, "pet": pet, "round": f.round(), "order": order,
        "dangerous": dangerous}),
    );
    ctx.ask(request).map(|_| ())
}

/// Whether a command to `pet` waits for the Referee's ruling.
fn pet_command_pending(ctx: &Ctx<'_, Crows>, pet: &str) -> bool {
    ctx.core().decisions.iter().any(|d| {
        d.kind == "crows.combat.pet_command"
            && serde_json::from_value::<PetCommandContext>(d.context.clone())
                .is_ok_and(|c| c.pet.as_deref() == Some(pet))
    })
}

/// The Referee ruled on a player's command to a pet (CR-REF-26). A ruling that comes after
/// the round moved on, or after the pet died, lapses.
pub(super) fn pet_command_answered(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &engine::Answer,
) -> Result<(), RuleError> {
    use crate::combat::pets::{Companion, Order};
    let order = match answer.option.as_str() {
        "ordinary" => Order::Ordinary,
        "attack_monster" => Order::AttackMonster,
        "complex_or_dangerous" => Order::ComplexOrDangerous,
        _ => return Ok(()),
    };
    let context: PetCommandContext =
        serde_json::from_value(decision.context.clone()).unwrap_or_default();
    let (Some(owner), Some(pet)) = (context.owner, context.pet) else {
        return Err(RuleError::new(
            "bad_decision",
            "the decision names no owner or pet",
        ));
    };
    let round = context.round;
    let Some(f) = ctx.rules().combat.fight.clone() else {
        return Ok(());
    };
    if round != Some(u64::from(f.round())) || living(ctx, &pet).is_err() {
        return Ok(());
    }
    pet_obeys(rules, ctx, &owner, &pet, Companion::Pet, order)
}

/// The pet takes the order: the owner's Mind test first when it is needed (CR-PET-02),
/// otherwise the pet acts this turn (CR-PET-01).
fn pet_obeys(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    owner: &str,
    pet: &str,
    companion: crate::combat::pets::Companion,
    order: crate::combat::pets::Order,
) -> Result<(), RuleError> {
    if crate::combat::pets::command_test_needed(companion, order) {
        // The owner's Mind test (CR-PET-02).
        return TestRequest::new(owner, Characteristic::Mind)
            .activity(crate::test_roll::Activity::Other("command_pet".into()))
            .then(Then::Combat(CombatThen::CommandPet {
                pet: pet.to_string(),
            }))
            .roll(rules, ctx);
    }
    let vis = grid_audience(ctx, pet);
    ctx.emit_for(
        CombatEvent::PetCommanded {
            owner: owner.to_string(),
            pet: pet.to_string(),
        },
        vis,
    )
}

pub(super) fn command_resolved(
    owner: &str,
    resolved: &ResolvedTest,
    pet: &str,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let pet = pet.to_string();
    match crate::combat::pets::command_outcome(resolved.final_tier) {
        crate::combat::pets::CommandOutcome::Refuses => Ok(()),
        outcome => {
            let vis = grid_audience(ctx, &pet);
            ctx.emit_for(
                CombatEvent::PetCommanded {
                    owner: owner.to_string(),
                    pet: pet.clone(),
                },
                vis,
            )?;
            if outcome == crate::combat::pets::CommandOutcome::ObeysThenWeakened {
                let mut c = living(ctx, &pet)?.creature;
                if c.conditions.apply(ConditionKind::Weakened).is_ok() {
                    set_creature_only(
                        ctx,
                        &pet,
                        c,
                        "weakened by the command",
                        json!({"rule": "CR-PET-02"}),
                    )?;
                }
            }
            Ok(())
        }
    }
}

/// A maneuver that is one of core's inventory commands (CR-MAN-04…07).
pub(in crate::ruleset) fn inventory_maneuver(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    cmd: CoreCommand,
    ground: Option<u32>,
) -> Result<(), RuleError> {
    fight(ctx)?;
    if let Some(g) = ground
        && let Some(at) = ctx.rules().combat.ground_at.get(&g).copied()
    {
        let (me, size) = space(ctx, creature)?;
        if !me.within_reach(
            &Space::new(at, 1),
            crate::combat::grid::reach(size, 0, crate::combat::grid::ReachUse::Other),
        ) {
            return Err(fight_err(FightError::TargetNotInReach));
        }
    }
    spend(ctx, creature, Cost::Maneuver)?;
    rules.core_decide(&cmd, ctx)
}

pub(super) fn force_move(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    by: &str,
    effect: ForcedMovement,
    path: &[Square],
    altitude: u32,
) -> Result<(), RuleError> {
    if path.len() > MAX_PATH {
        return Err(
            RuleError::new("bad_path", format!("a path has at most {MAX_PATH} squares"))
                .rule("MAX_PATH"),
        );
    }
    path.iter().try_for_each(|s| check_square(*s))?;
    living(ctx, creature)?;
    let (occ, ids) = occupants(ctx.rules());
    let find = |id: &str| ids.iter().position(|i| i == id).map(|n| occ[n]);
    let target = find(creature).ok_or_else(|| {
        RuleError::new("not_placed", format!("`{creature}` is not on the grid"))
            .with_args(json!({"creature": creature}))
    })?;
    let mover = find(by).ok_or_else(|| {
        RuleError::new("not_placed", format!("`{by}` is not on the grid"))
            .with_args(json!({"creature": by}))
    })?;
    let p = placed(ctx, creature)?;
    let flies = p.flying && record(ctx, creature)?.creature.speeds.fly.is_some();
    let grid = ctx.rules().combat.grid();
    let report =
        validate_vertical_forced_path(&grid, &occ, &mover, &target, flies, effect, path, altitude)
            .map_err(|e| err("forced_move_refused", e))?;
    let to = report.end.origin;
    let falls = report.falls_feet;
    finish_move(
        ctx,
        creature,
        p.at,
        to,
        report.squares_moved,
        Movement::Forced,
        json!(report),
    )?;
    if let Some(feet) = falls
        && feet > 0
    {
        rules.core_decide(
            &CoreCommand::Fall {
                creature: creature.to_string(),
                feet,
                resist: true,
            },
            ctx,
        )?;
    }
    Ok(())
}

/// Teleports a creature (CR-MOVE-06): no path, no opportunity attack; line of effect from the
/// caster (or the creature itself) to the destination, and to the space it leaves when it is
/// another creature; the destination free; grabs end, prone stays.
pub(super) fn teleport(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    to: Square,
    distance: u32,
    by: Option<&str>,
) -> Result<(), RuleError> {
    check_square(to)?;
    let c = living(ctx, creature)?.creature;
    let (occ, ids) = occupants(ctx.rules());
    let who = ids
        .iter()
        .position(|i| i == creature)
        .map(|n| occ[n])
        .ok_or_else(|| {
            RuleError::new("not_placed", format!("`{creature}` is not on the grid"))
                .with_args(json!({"creature": creature}))
        })?;
    let teleported = match by {
        Some(caster) if caster != creature => Teleported::Other {
            caster: space(ctx, caster)?.0,
        },
        _ => Teleported::Self_,
    };
    let state = TeleportState {
        prone: c.conditions.has(ConditionKind::Prone),
        grabbed: c.conditions.has(ConditionKind::Grabbed),
        grabbing: holding(ctx, creature).is_some(),
    };
    let grid = ctx.rules().combat.grid();
    let report = validate_teleport(
        &grid,
        &occ,
        &who,
        teleported,
        to,
        distance,
        state,
        LoeOptions::default(),
    )
    .map_err(|e| err("teleport_refused", e))?;
    let held = holding(ctx, creature);
    finish_move(
        ctx,
        creature,
        who.space.origin,
        to,
        0,
        Movement::Teleport,
        json!(report),
    )?;
    if report.escapes_grab {
        let mut c = record(ctx, creature)?.creature.clone();
        if c.conditions.end_grab(GrabEnd::Teleport) {
            set_creature_only(ctx, creature, c, "grab ended", json!({"why": "teleport"}))?;
        }
    }
    if report.releases_grab
        && let Some(h) = held
        && let Ok(r) = record(ctx, &h)
        && r.creature.conditions.has(ConditionKind::Grabbed)
    {
        let mut c = r.creature.clone();
        if c.conditions.end_grab(GrabEnd::Teleport) {
            set_creature_only(
                ctx,
                &h,
                c,
                "grab ended",
                json!({"why": "grabber teleported"}),
            )?;
        }
    }
    Ok(())
}

/// Jumping as part of a Move (CR-MOVE-07): checked against the longest jump the test could
/// allow, stopped first for an opportunity attack if it leaves an enemy's reach, then the
/// Agility or Strength test through core (an edge after a run-up of 2 squares this turn).
pub(super) fn jump(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    to: Square,
    characteristic: Characteristic,
) -> Result<(), RuleError> {
    check_square(to)?;
    let f = fight(ctx)?;
    let c = living(ctx, creature)?.creature;
    crate::combat::reactions::may_move_while(reaction_pending(ctx, creature))
        .map_err(|e| err("reaction_pending", e))?;
    let value = c.characteristics.get(characteristic);
    let moved = f.moved.get(creature).copied().unwrap_or(0);
    let spec = crate::combat::movement::jump_test(characteristic, value, moved)
        .map_err(|e| err("jump_refused", e))?;
    let longest = crate::combat::movement::jump_reach(crate::test_roll::Tier::Three, value);
    let (m, occ, ids) = mover(ctx, creature, u8::MAX)?;
    let grid = ctx.rules().combat.grid();
    // Judged as the player sees the grid (secrecy); landing on an unseen creature fails
    // when the jump resolves, as a jump too short does.
    let seen_occ = seen_occupants(&occ, &unseen_by_actor(ctx, &ids));
    let report = validate_path(
        &grid,
        &seen_occ,
        &m,
        MoveManeuver::Move,
        &[PathStep::Jump { to, reach: longest }],
        MoveOptions::default(),
    )
    .map_err(|e| err("jump_refused", e))?;
    let before =
        crate::combat::turn::move_budget(creature, f.budgets.get(creature).copied(), false)
            .map_err(turn_err)?;
    let mut budget = before;
    if budget.move_left < report.cost {
        let speed = speed_of(ctx, creature);
        budget = crate::combat::turn::budget_for_move(creature, budget, speed, report.cost)
            .map_err(turn_err)?;
        crate::combat::movement::within_move(report.cost, budget.move_left)
            .map_err(|e| err("jump_refused", e))?;
    }
    let vis = grid_audience(ctx, creature);
    if budget != before {
        ctx.emit_for(
            CombatEvent::BudgetSet {
                creature: creature.to_string(),
                budget,
            },
            vis,
        )?;
    }
    // Leaving an enemy's reach: its opportunity attack comes first (CR-REACT-05, CR-ERR-41).
    let (here, _) = space(ctx, creature)?;
    let side = placed(ctx, creature)?.side;
    let mut watchers = Vec::new();
    for w in &ids {
        if w == creature || f.declined.iter().any(|(a, b)| a == w && b == creature) {
            continue;
        }
        let Ok(wp) = placed(ctx, w) else { continue };
        if wp.side == side || !super::reacting::can_react(ctx, &f, w, f.round()) {
            continue;
        }
        let Ok((ws, wsize)) = space(ctx, w) else {
            continue;
        };
        if provokes_opportunity_attack(Movement::Move, (&ws, wsize), &here, &report.end)
            && !super::reacting::melee_weapons(ctx, w).is_empty()
        {
            watchers.push(w.clone());
        }
    }
    if !watchers.is_empty() {
        for w in watchers {
            super::reacting::offer_opportunity(ctx, &w, creature, here.origin, &[to])?;
        }
        return Ok(());
    }
    TestRequest::new(creature, characteristic)
        .modifiers(spec.modifiers)
        .activity(crate::test_roll::Activity::Other("jump".into()))
        .then(Then::Combat(CombatThen::Jump { to, value }))
        .roll(rules, ctx)
}

/// The jump test is resolved: the creature lands if the result reaches that far; otherwise
/// it stays where it was and the Move's squares are not spent (CR-MOVE-07).
pub(super) fn jump_resolved(
    creature: &str,
    resolved: &ResolvedTest,
    to: Square,
    value: i8,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let reach = crate::combat::movement::jump_reach(resolved.final_tier, value);
    if reach.long == 0 {
        return Ok(());
    }
    let f = fight(ctx)?;
    let (m, occ, _) = mover(ctx, creature, u8::MAX)?;
    let grid = ctx.rules().combat.grid();
    let Ok(report) = validate_path(
        &grid,
        &occ,
        &m,
        MoveManeuver::Move,
        &[PathStep::Jump { to, reach }],
        MoveOptions::default(),
    ) else {
        return Ok(());
    };
    if let Some(b) = f.budgets.get(creature) {
        let mut b = *b;
        b.move_squares(report.cost).map_err(fight_err)?;
        let vis = grid_audience(ctx, creature);
        ctx.emit_for(
            CombatEvent::BudgetSet {
                creature: creature.to_string(),
                budget: b,
            },
            vis,
        )?;
    }
    let from = placed(ctx, creature)?.at;
    let falls = report.falls_feet;
    finish_move(
        ctx,
        creature,
        from,
        report.end.origin,
        report.cost,
        Movement::Move,
        json!(report),
    )?;
    if let Some(feet) = falls
        && feet > 0
    {
        fall(ctx, creature, feet)?;
    }
    Ok(())
}

/// The Referee rules that a flyer falls (CR-MOVE-05) for a cause the rules here do not
/// track (a net, a spell): from `feet`, by default its height and any drop under it. A flyer
/// knocked prone or brought to speed 0 falls by itself ([`flyers_fall`]).
pub(super) fn flyer_falls(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    feet: Option<u32>,
) -> Result<(), RuleError> {
    let r = living(ctx, creature)?;
    let p = placed(ctx, creature)?;
    crate::combat::movement::may_fall_as_flyer(
        creature,
        p.flying && r.creature.speeds.fly.is_some(),
    )
    .map_err(|e| err("not_flying", e))?;
    if feet.is_some_and(|f| f > MAX_FALL_FEET) {
        return Err(RuleError::new(
            "bad_fall",
            format!("a fall of at most {MAX_FALL_FEET} feet"),
        )
        .rule("MAX_FALL_FEET"));
    }
    land_flyer(rules, ctx, creature, feet, "referee")
}

/// The longest fall core deals damage for, in feet.
const MAX_FALL_FEET: u32 = 10_000;

/// How far a flyer falls from where it is: its height, plus the drop under it when every
/// square of its space is open air over one (the deepest), as a walker's fall there
/// (CR-FORCE-09, CR-HAZ-01).
fn flyer_fall_feet(ctx: &Ctx<'_, Crows>, creature: &str, p: &Placement) -> u32 {
    let grid = ctx.rules().combat.grid();
    let drop = space(ctx, creature)
        .ok()
        .and_then(|(sp, _)| grid.drop_under(&sp))
        .unwrap_or(0);
    crate::combat::grid::squares_to_feet(p.altitude)
        .saturating_add(drop)
        .min(MAX_FALL_FEET)
}

/// A flyer comes down on its square (no longer flying, at the ground) and core's `fall` deals
/// the falling damage with the resistance roll (CR-MOVE-05, CR-HAZ-01/02).
fn land_flyer(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    feet: Option<u32>,
    why: &str,
) -> Result<(), RuleError> {
    let mut p = placed(ctx, creature)?;
    let feet = feet.unwrap_or_else(|| flyer_fall_feet(ctx, creature, &p));
    p.flying = false;
    p.altitude = 0;
    let vis = super::grid_audience(ctx, creature);
    ctx.emit_for(
        CombatEvent::FlyerFell {
            creature: creature.to_string(),
            feet,
            why: why.to_string(),
        },
        vis.clone(),
    )?;
    ctx.emit_for(
        CombatEvent::Placed {
            creature: creature.to_string(),
            placement: p,
        },
        vis,
    )?;
    if feet > 0 {
        rules.core_decide(
            &CoreCommand::Fall {
                creature: creature.to_string(),
                feet,
                resist: true,
            },
            ctx,
        )?;
    }
    Ok(())
}

/// Every flyer on the grid that can no longer stay aloft — knocked prone, or its speed down
/// to 0 by a condition, wounds, a grab, squeezing… — falls at once (CR-MOVE-05). Run after
/// every command, answer and clock step whatever family changed the creature, so no rule has
/// to remember it.
/// A grabber knocked prone or unconscious loses its hold (CR-COND-04), whichever rule put it
/// there (a maneuver, a backlash, a knock-out, the Referee).
pub(super) fn grabbers_let_go(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let state = ctx.rules();
    let ending: Vec<(String, GrabEnd)> = state
        .creatures
        .iter()
        .filter(|(_, r)| r.creature.alive)
        .filter_map(|(id, r)| {
            let Some(ConditionDetail::Grab(g)) = r
                .creature
                .conditions
                .get(ConditionKind::Grabbed)
                .map(|c| &c.detail)
            else {
                return None;
            };
            // A grab by an effect or an object has no posture.
            let by = &state.creatures.get(&g.by)?.creature.conditions;
            let why = if by.has(ConditionKind::Unconscious) {
                GrabEnd::GrabberUnconscious
            } else if by.has(ConditionKind::Prone) {
                GrabEnd::GrabberProne
            } else {
                return None;
            };
            Some((id.clone(), why))
        })
        .collect();
    for (id, why) in ending {
        let mut c = record(ctx, &id)?.creature.clone();
        if c.conditions.end_grab(why) {
            set_creature_only(ctx, &id, c, "grab ended", json!({"why": why}))?;
        }
    }
    Ok(())
}

pub(super) fn flyers_fall(rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let falling: Vec<(String, &'static str)> = ctx
        .rules()
        .combat
        .placements
        .iter()
        .filter(|(_, p)| p.flying)
        .filter_map(|(id, _)| {
            let r = ctx.rules().creatures.get(id)?;
            if !r.creature.alive || r.creature.speeds.fly.is_none() {
                return None;
            }
            let prone = r.creature.conditions.has(ConditionKind::Prone);
            let speed = speed_of(ctx, id);
            crate::combat::movement::flyer_falls(true, prone, speed)
                .then(|| (id.clone(), if prone { "prone" } else { "speed_0" }))
        })
        .collect();
    for (id, why) in falling {
        land_flyer(rules, ctx, &id, None, why)?;
    }
    Ok(())
}

/// A thrown weapon left the hand (CR-ATK-11): it lies at the target's square at once, and the
/// Referee is asked where it landed (`crows.combat.thrown_lands`: `target_square`, the
/// default, keeps it there; `square` with the text `x,y` moves it).
//
// The book says only that a thrown weapon can be picked up again; the checklist (CR-ATK-11)
// reads where it lands as the Referee's call, by default the target's square. Both hold
// here: the default square at once (so it can be reached and picked up), the Referee may move
// it.
pub(super) fn thrown_lands(
    ctx: &mut Ctx<'_, Crows>,
    ground: u32,
    weapon: &str,
    default: Square,
) -> Result<(), RuleError> {
    ctx.emit(CombatEvent::GroundAt {
        ground,
        at: default,
    })?;
    let request = DecisionRequest::new(
        "crows.combat.thrown_lands",
        format!(
            "Where did the thrown {weapon} land? It lies at ({}, {}), the target's square, \
             unless you name another square (answer `square` with the text `x,y`) (CR-ATK-11)",
            default.x, default.y
        ),
        Answerer::Referee,
        &[
            ("target_square", "Where it lies: the target's square"),
            ("square", "The square named in the text (x,y)"),
        ],
    )
    .with_default("target_square")
    .with_free_text()
    .with_visibility(Visibility::Referee)
    .with_args(json!({"weapon": weapon, "x": default.x, "y": default.y}))
    .with_context(json!({"ground": ground, "at": default, "weapon": weapon}));
    ctx.ask(request).map(|_| ())
}

/// The Referee placed a thrown weapon (CR-ATK-11).
pub(super) fn thrown_lands_answered(
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &engine::Answer,
) -> Result<(), RuleError> {
    if answer.option != "square" {
        return Ok(());
    }
    let text = answer.text.as_deref().unwrap_or_default();
    let at = crate::combat::attacks::landing_square(text).map_err(|e| err("bad_square", e))?;
    check_square(at)?;
    crate::combat::attacks::may_land(
        at,
        ctx.rules().combat.grid().obstacle(at) == Some(Obstacle::Solid),
    )
    .map_err(|e| err("square_blocked", e))?;
    let ground = serde_json::from_value::<GroundContext>(decision.context.clone())
        .ok()
        .and_then(|c| c.ground)
        .ok_or_else(|| RuleError::new("bad_decision", "the decision names no ground item"))?;
    // Picked up meanwhile: it is in someone's hands, not on the ground.
    if !ctx.rules().ground.iter().any(|g| g.id == ground) {
        return Ok(());
    }
    ctx.emit(CombatEvent::GroundAt { ground, at })
}

/// The context of the side-initiative decision (`crows.combat.initiative`).
#[derive(Debug, Default, serde::Deserialize)]
struct InitiativeContext {
    #[serde(default)]
    roller: Option<String>,
}

/// The context of an opportunity-attack decision, as far as a move reads it: who moves.
#[derive(Debug, Default, serde::Deserialize)]
struct MoverContext {
    #[serde(default)]
    mover: Option<String>,
}

/// The context of a swim or climb ruling: who moves.
#[derive(Debug, Default, serde::Deserialize)]
struct CreatureContext {
    #[serde(default)]
    creature: Option<String>,
}

/// The context of a player's command to a pet, waiting for the Referee (CR-REF-26).
#[derive(Debug, Default, serde::Deserialize)]
struct PetCommandContext {
    #[serde(default)]
    owner: Option<String>,
    #[serde(default)]
    pet: Option<String>,
    #[serde(default)]
    round: Option<u64>,
}

/// The context of a thrown weapon's landing (CR-ATK-11): the ground item.
#[derive(Debug, Default, serde::Deserialize)]
struct GroundContext {
    #[serde(default)]
    ground: Option<u32>,
}
