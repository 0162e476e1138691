//! The battle grid (DD-MOVE-02..06, -17..20, -22; DD-ACT-17): the Referee's map
//! (`tabletop::map`: walls, windows, screens, Difficult Terrain), creatures placed on squares,
//! and moves square by square. A move is a path of adjacent squares; each square entered costs
//! 5 ft, twice that in Difficult Terrain (a non-allied creature's space, an opening a size too
//! narrow for a Large or bigger creature — squeezing — or the map's own), crawling while Prone
//! adds a foot per foot (DD-MOVE-06), diagonal steps may not cut a wall's corner
//! (`Corners::NoCutting`), and a move may pass through an ally's, an Incapacitated, a Tiny or a
//! much bigger or smaller creature's space but not end in another creature's.
//!
//! Leaving a hostile creature's reach without Disengage offers that creature an Opportunity
//! Attack. A creature the Referee runs is settled at once by its standing order
//! ([`super::reactions::standing`]; a wait would tell the players it is there, or that it may
//! react) — `never`, and the step is taken as if nobody were there; `always`, and its attack is
//! made there and then, before the mover leaves its reach, in the same command. Otherwise (a
//! player's creature, or the order `ask` for a creature the players see) the move stops at the
//! last square inside reach and an interrupt window asks each such creature (its player, or
//! the Referee; the Referee's window timeout applies, the default is to decline). When it
//! closes the attacks are made, then the rest of the move goes on if the mover still stands.
//! A jump and a flight up or down ([`air`]) leave reach the same way and go through the same
//! check ([`who_reacts`], [`hold_for_attacks`]): held whole, they are made after the attacks if
//! the mover still can. Nothing else moving a creature (the Referee's `place`, a fall, the
//! table's teleports) asks it (DD-ACT-17.c, DD-MOVE-16.a).
//!
//! A creature up in the air moves along a path at its height: the map's Difficult Terrain is
//! the ground's (DD-MOVE-03) and costs it nothing more, a creature whose height it does not
//! share is neither in its way nor Difficult Terrain, and reach is measured with the heights
//! ([`board::feet_apart_at`]); walls and narrow gaps stand as high as it flies.
//!
//! ```json
//! {"set_map": {"cells": [{"x": 3, "y": 0, "obstacle": "wall"}, {"x": 1, "y": 1, "difficult": true}]}}
//! {"place": {"creature": "vera", "x": 0, "y": 0}}
//! {"move_path": {"creature": "vera", "path": [[1, 0], [2, 1]]}}
//! {"stand_up": {"creature": "vera"}}
//! {"drop_prone": {"creature": "vera"}}
//! {"hide": {"creature": "vera", "heavily_obscured": false}}
//! ```
//!
//! Hide (DD-ACT-10) on the grid: out of every enemy's line of sight on the map (a Blinded
//! enemy sees nothing), behind Three-Quarters or Total Cover from each of them or Heavily
//! Obscured (the command says so: light is not on the map), the Hide action, then a DC 15
//! Dexterity (Stealth) check whose total is the DC to find the creature. A success gives the
//! Invisible condition (source `hide`); a monster that hides leaves the players' view again
//! (its square and events are the Referee's). Its next attack ends hiding and shows it.
//! The preconditions count only the enemies the hider's side may know of: a character is
//! never refused because of a creature its players may not see (the refusal would tell them
//! it is there). Such a creature that the Hide does not escape (it has a line of sight, or
//! neither cover nor the dark stands between them) is not fooled: the Referee's
//! `hide_seen_through` records it, and to its eyes the hider is not Invisible (its attacks,
//! Opportunity Attacks and stopping spells see it), while to everyone else it is.

use engine::{Answerer, Ctx, DecisionRequest, RuleError, Visibility, Window, WindowRequest};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabletop::map::{CellAt, GridMap, MapFile, Obstacle};
use tabletop::square::{Space, Square};

pub mod air;
pub mod board;
pub mod light;
pub mod terrain;

use self::board::{HIDE_SOURCE, Spot, distance_ft, grid_map, space_of};
use super::combat::Attack;
use super::combat::turn::check_turn;
use super::creatures::CreatureRecord;
use super::reactions::standing::{ReactionKind, Settle, referee_run, settle};
use super::{Dnd2024, DndEvent, check_list, emit_about, is_character, record, refusal, set_record};
use crate::actions::{LeaveReach, provokes_opportunity_attack};
use crate::conditions::Condition;
use crate::movement::{DEFAULT_REACH_FT, MoveMode, can_move_through};

/// Most squares the Referee's map lists (an input limit, below tabletop's own).
pub const MAX_MAP_CELLS: usize = 10_000;
/// Most squares one move lists.
pub const MAX_PATH: usize = 200;
/// The kind of the interrupt window an Opportunity Attack opens.
pub const OA_WINDOW: &str = "opportunity_attack";
/// The kind of each decision in it.
pub const OA_DECISION: &str = "opportunity_attack";
/// The option that takes the attack; the default declines.
pub const OA_TAKE: &str = "attack";
pub const OA_DECLINE: &str = "decline";

/// The Referee's map (replaces the one before).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetMap {
    #[schemars(with = "Vec<serde_json::Value>")]
    pub cells: Vec<CellAt>,
}

/// Puts a creature on a square (its space's top-left square).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub creature: String,
    pub x: i32,
    pub y: i32,
}

/// Moves a creature along `path`: each square adjacent to the one before, the first to where
/// it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovePath {
    pub creature: String,
    pub path: Vec<[i32; 2]>,
    /// How the steps are taken: none (walked), one for all, or one per step ([`terrain`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub how: Vec<terrain::How>,
}

pub use board::{Moved, Placed};

fn bad_grid(msg: impl Into<String>, rule: &'static str) -> RuleError {
    RuleError::new("bad_move", msg).rule(rule)
}

pub fn set_map(ctx: &mut Ctx<'_, Dnd2024>, m: &SetMap) -> Result<(), RuleError> {
    if m.cells.len() > MAX_MAP_CELLS {
        return Err(RuleError::new(
            "list_too_long",
            format!(
                "a map lists at most {MAX_MAP_CELLS} squares, not {}",
                m.cells.len()
            ),
        )
        .rule("MAX_MAP_CELLS"));
    }
    let file = MapFile {
        cells: m.cells.clone(),
    };
    GridMap::try_from(file.clone()).map_err(|e| RuleError::new("bad_map", e.to_string()))?;
    ctx.emit(DndEvent::MapSet(file))
}

fn blocked(map: &GridMap, space: &Space) -> bool {
    space
        .squares()
        .any(|s| map.cell(s).obstacle.is_some_and(Obstacle::blocks_movement))
}

/// Whether a space holding a wall still lets the creature through one size smaller
/// (squeezing: a `side − 1` block inside it is clear).
fn squeezes(map: &GridMap, space: &Space) -> bool {
    if space.side < 2 {
        return false;
    }
    let side = space.side - 1;
    (0..2).any(|dy| {
        (0..2).any(|dx| {
            let o = Square::new(space.origin.x + dx, space.origin.y + dy);
            !blocked(map, &Space::new(o, side))
        })
    })
}

/// Whether two creatures are allies at this table: characters with characters, monsters
/// with monsters.
fn allies(a: &CreatureRecord, b: &CreatureRecord) -> bool {
    is_character(a) == is_character(b)
}

pub fn place(ctx: &mut Ctx<'_, Dnd2024>, p: &Place) -> Result<(), RuleError> {
    let rec = record(ctx, &p.creature)?;
    let at = Square::new(
        tabletop::map::check_coord("x", p.x)
            .map_err(|e| RuleError::new("bad_move", e.to_string()))?,
        tabletop::map::check_coord("y", p.y)
            .map_err(|e| RuleError::new("bad_move", e.to_string()))?,
    );
    let space = rec.spec.size.grid_space(at);
    let map = grid_map(&ctx.rules().map);
    if blocked(&map, &space) {
        return Err(bad_grid(
            format!("{at} holds a wall or a window: nothing stands there"),
            "DD-MOVE-17.a",
        ));
    }
    if let Some(other) = occupant(ctx, &p.creature, &space) {
        return Err(occupied(ctx, &other));
    }
    let ev = DndEvent::Placed(Placed {
        creature: p.creature.clone(),
        at,
    });
    emit_about(ctx, &p.creature, ev.clone(), Some(ev))
}

/// Another creature (alive or not, Tiny ones aside) whose space overlaps `space`.
fn occupant(ctx: &Ctx<'_, Dnd2024>, mover: &str, space: &Space) -> Option<String> {
    ctx.rules().positions.keys().find_map(|id| {
        if id == mover {
            return None;
        }
        let s = space_of(ctx, id)?;
        s.overlaps(space).then(|| id.clone())
    })
}

/// Whether the acting player may see creature `other` (the Referee and the system see all).
/// A player's move ignores the creatures they may not see: a refusal would tell them where
/// one stands, so the Referee sees the overlap and rules on it (reveals the creature).
fn actor_sees(ctx: &Ctx<'_, Dnd2024>, other: &str) -> bool {
    match ctx.actor() {
        engine::Actor::Player(p) => {
            super::viewer_sees(ctx.state(), &engine::Viewer::Player(p.clone()), other)
        }
        _ => true,
    }
}

/// The refusal for an occupied square: it names the creature only to those who may see it.
fn occupied(ctx: &Ctx<'_, Dnd2024>, other: &str) -> RuleError {
    let visible = match ctx.actor() {
        engine::Actor::Player(p) => {
            super::viewer_sees(ctx.state(), &engine::Viewer::Player(p.clone()), other)
        }
        _ => true,
    };
    let msg = if visible {
        format!("the move would end in {other}'s space")
    } else {
        "the move would end in an occupied space".to_string()
    };
    bad_grid(msg, "DD-MOVE-19.c")
}

/// A creature's melee reach for Opportunity Attacks: its longest melee attack's reach, and the
/// attack's name (`None`: no melee attack on its sheet to make one with).
fn melee_reach(rec: &CreatureRecord) -> Option<(u32, String)> {
    rec.spec
        .attacks
        .iter()
        .filter_map(|a| {
            a.reach_ft
                .map(|r| (r.max(DEFAULT_REACH_FT), a.name.clone()))
        })
        .max_by_key(|(r, _)| *r)
}

/// Plans the cost of each step of `path` from `from` (refusing walls, cut corners, spaces
/// the mover may not pass and an end in another's space). Returns the feet each step costs.
fn plan_steps(
    ctx: &Ctx<'_, Dnd2024>,
    mover: &CreatureRecord,
    from: Square,
    path: &[Square],
    modes: &[MoveMode],
) -> Result<Vec<u32>, RuleError> {
    let map = grid_map(&ctx.rules().map);
    let id = mover.spec.id.as_str();
    let size = mover.spec.size;
    let prone = mover.conditions.has(Condition::Prone);
    let opts = ctx.rules().interpretations;
    let mut costs = Vec::with_capacity(path.len());
    // A flyer up in the air passes over the ground's Difficult Terrain (DD-MOVE-03 is the
    // ground's) and over or under creatures whose height it does not share.
    let height = board::height_of(ctx.rules(), id);
    let mut at = from;
    for (i, &to) in path.iter().enumerate() {
        // One step: walls, windows and cut corners (DD-MOVE-02.b) for the top-left square.
        crate::movement::grid_path_cost_on(&map, &[at, to]).map_err(|e| {
            let mut r = refusal(e);
            r.code = "bad_move".into();
            r
        })?;
        let space = size.grid_space(to);
        let mut difficult = height == 0
            && (map.cell(to).difficult || space.squares().any(|s| map.cell(s).difficult));
        if blocked(&map, &space) {
            if squeezes(&map, &space) {
                // A gap sized for one size smaller: Difficult Terrain (DD-MOVE-03.c).
                difficult = true;
            } else {
                return Err(bad_grid(
                    format!("step {} to {to}: the space is walled", i + 1),
                    "DD-MOVE-02.b",
                ));
            }
        }
        for (oid, other) in &ctx.rules().creatures {
            if oid == id || other.dead || !actor_sees(ctx, oid) {
                continue;
            }
            let Some(there) = Spot::of(ctx, oid) else {
                continue;
            };
            if !there.space.overlaps(&space) || !there.shares_height(&Spot::new(space, height)) {
                continue;
            }
            let ally = allies(mover, other);
            let inc = other.conditions.incapacitated();
            if !can_move_through(size, other.spec.size, ally, inc, &opts) {
                // Words of an occupied square, naming the creature only to those who see it.
                let mut r = occupied(ctx, oid);
                r.message = format!("step {}: {}", i + 1, r.message.replace("end in", "pass"));
                r.rule = Some("DD-MOVE-19.a".into());
                return Err(r);
            }
            if crate::movement::other_space_is_difficult(other.spec.size, ally) {
                difficult = true;
            }
        }
        let mode = modes.get(i).copied().unwrap_or(MoveMode::Walk);
        costs.push(terrain::square_cost(mover, mode, prone, difficult, &opts));
        at = to;
    }
    let end = Spot::new(size.grid_space(at), height);
    if let Some(other) = occupant(ctx, id, &end.space)
        && actor_sees(ctx, &other)
        && Spot::of(ctx, &other).is_some_and(|o| o.shares_height(&end))
        && ctx
            .rules()
            .creatures
            .get(&other)
            .is_some_and(|o| o.spec.size != crate::movement::Size::Tiny && !o.dead)
    {
        return Err(occupied(ctx, &other));
    }
    Ok(costs)
}

pub fn move_path(ctx: &mut Ctx<'_, Dnd2024>, m: &MovePath) -> Result<(), RuleError> {
    check_list("path", &m.path)?;
    if m.path.is_empty() || m.path.len() > MAX_PATH {
        return Err(RuleError::new(
            "list_too_long",
            format!("a move lists 1…{MAX_PATH} squares"),
        )
        .rule("MAX_PATH"));
    }
    let path: Vec<Square> = m.path.iter().map(|[x, y]| Square::new(*x, *y)).collect();
    let modes = terrain::step_modes(&m.how, path.len())?;
    walk(ctx, &m.creature, &path, &modes, &[])
}

/// The Speed a creature moves with now: its Fly Speed up in the air, else its Speed.
fn moving_speed(ctx: &Ctx<'_, Dnd2024>, rec: &CreatureRecord) -> u32 {
    if board::height_of(ctx.rules(), &rec.spec.id) > 0 {
        air::fly_speed(rec)
    } else {
        rec.speed()
    }
}

/// Walks `path` (the whole is checked and paid for first); stops where a step leaves a
/// hostile creature's reach and opens the Opportunity Attack window.
/// `asked`: the creatures already asked about the path's first step (its window just
/// closed), who are not asked again.
fn walk(
    ctx: &mut Ctx<'_, Dnd2024>,
    id: &str,
    path: &[Square],
    modes: &[MoveMode],
    asked: &[String],
) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    rec.check_alive()?;
    // In a combat the move is the creature's turn's; outside one (exploring, a creature the
    // fight does not include) there is no budget and nobody reacts.
    let fighting = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == id));
    if fighting {
        check_turn(ctx, id)?;
    }
    rec.turn.incapacitated = rec.conditions.incapacitated();
    if rec.turn.incapacitated || moving_speed(ctx, &rec) == 0 {
        return Err(bad_grid(
            format!("{} cannot move now (Speed 0)", rec.spec.name),
            "DD-MOVE-01.a",
        ));
    }
    let Some(from) = ctx.rules().positions.get(id).copied() else {
        return Err(RuleError::new(
            "not_placed",
            format!("{} is not on the grid", rec.spec.name),
        ));
    };
    let costs = plan_steps(ctx, &rec, from, path, modes)?;
    let total: u32 = costs.iter().sum();
    if !fighting {
        let ev = DndEvent::Moved(Moved {
            creature: id.to_string(),
            path: path.to_vec(),
            spent_ft: total,
            held: false,
            seen_only: false,
        });
        return emit_about(ctx, id, ev.clone(), Some(ev));
    }
    // The whole move must fit the budget (DD-ACT-02.a, DD-MOVE-02.a).
    let mut trial = rec.turn;
    trial.move_ft(total).map_err(refusal)?;
    // The first step that leaves the reach of a hostile creature that may react; the mover
    // keeps its height all along (a flyer's move is at its height).
    let size = rec.spec.size;
    let height = board::height_of(ctx.rules(), id);
    let mut at = from;
    for (i, &to) in path.iter().enumerate() {
        // Those just asked about this step (its window closed) are not asked again.
        let already: &[String] = if i == 0 { asked } else { &[] };
        let reacting = who_reacts(
            ctx,
            &rec,
            &Spot::new(size.grid_space(at), height),
            &Spot::new(size.grid_space(to), height),
            already,
        );
        if reacting.nobody() {
            at = to;
            continue;
        }
        let done: u32 = costs[..i].iter().sum();
        if i > 0 {
            step_done(ctx, &mut rec, &path[..i], done, !reacting.asking.is_empty())?;
        }
        let rest_json: Vec<[i32; 2]> = path[i..].iter().map(|s| [s.x, s.y]).collect();
        return hold_for_attacks(
            ctx,
            &rec,
            reacting,
            json!({"rest": rest_json, "how": terrain::to_json(&modes[i..])}),
            already,
        );
    }
    step_done(ctx, &mut rec, path, total, false)
}

fn step_done(
    ctx: &mut Ctx<'_, Dnd2024>,
    rec: &mut CreatureRecord,
    path: &[Square],
    spent: u32,
    held: bool,
) -> Result<(), RuleError> {
    rec.turn.move_ft(spent).map_err(refusal)?;
    set_record(ctx, rec.clone())?;
    let id = rec.spec.id.clone();
    let ev = DndEvent::Moved(Moved {
        creature: id.clone(),
        path: path.to_vec(),
        spent_ft: spent,
        held,
        seen_only: false,
    });
    emit_about(ctx, &id, ev.clone(), Some(ev))
}

/// The creatures a creature leaving `before` for `after` provokes (DD-ACT-17.a/c): hostile,
/// alive, in the combat, with a Reaction, not Incapacitated, seeing the mover and not behind
/// Total Cover from it, and a melee attack whose reach the mover leaves, heights counted
/// ([`board::feet_apart_at`]); none when the mover Disengaged. A walk asks this of each step;
/// a jump and a flight (`air`) of their take-off and landing: along a straight line the
/// distance to a creature falls, then rises, so leaving reach between the two ends is being
/// in reach at the one and out of it at the other.
fn provoked(
    ctx: &Ctx<'_, Dnd2024>,
    mover: &CreatureRecord,
    before: &Spot,
    after: &Spot,
) -> Vec<(String, String)> {
    let order: Vec<String> = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .map(|c| c.order.clone())
        .unwrap_or_default();
    let map = grid_map(&ctx.rules().map);
    let mut out = Vec::new();
    for oid in order {
        if oid == mover.spec.id {
            continue;
        }
        let Some(other) = ctx.rules().creatures.get(&oid) else {
            continue;
        };
        if other.dead || other.dying.is_some() || allies(mover, other) {
            continue;
        }
        let Some(there) = Spot::of(ctx, &oid) else {
            continue;
        };
        let Some((reach, attack)) = melee_reach(other) else {
            continue;
        };
        let has_reaction = other.turn.reaction_available && !other.conditions.incapacitated();
        // It sees the mover leave (DD-ACT-17.a): a line of sight on the map, its eyes not
        // Blinded, the mover not Invisible to it, lit or within its senses (DD-VIS). Nor is
        // there an attack to make through Total Cover (DD-COV-01.c).
        let space = there.space;
        if crate::cover::grid_cover(&map, &space, &before.space).1 == crate::cover::Cover::Total {
            continue;
        }
        let sees = light::sees_at(ctx.rules(), &map, other, &space, mover, &before.space);
        if provokes_opportunity_attack(
            LeaveReach::OwnMovement,
            board::feet_apart_at(&there, before),
            board::feet_apart_at(&there, after),
            reach,
            sees,
            has_reaction,
            mover.turn.disengaged,
        ) {
            out.push((oid, attack));
        }
    }
    out
}

/// Who reacts to a creature leaving reach, each with its melee attack, split as the table
/// settles them: `settled` by the Referee's standing order at once (`takers`, the `always`
/// among them, strike now), `asking` a window asks (a player's creature, or `ask` for one the
/// players see).
pub struct Reacting {
    pub settled: Vec<(String, String)>,
    pub takers: Vec<(String, String)>,
    pub asking: Vec<(String, String)>,
}

impl Reacting {
    /// Nobody attacks nor is asked: the movement goes on as if nobody were there.
    pub fn nobody(&self) -> bool {
        self.takers.is_empty() && self.asking.is_empty()
    }
}

/// The one check every movement makes (a walk's step, a jump, a flight; teleporting makes
/// none, DD-MOVE-16): who may take an Opportunity Attack as `mover` goes from `before` to
/// `after`, but those in `skip` (just asked about this very leaving).
pub fn who_reacts(
    ctx: &Ctx<'_, Dnd2024>,
    mover: &CreatureRecord,
    before: &Spot,
    after: &Spot,
    skip: &[String],
) -> Reacting {
    let mut reactors = provoked(ctx, mover, before, after);
    reactors.retain(|(r, _)| !skip.contains(r));
    // A creature the Referee runs answers by its standing order, at once (unless it is
    // `ask` and the players see it): a prompt would hold the move, and the wait alone
    // would tell them it is there or may react.
    let (settled, asking): (Vec<_>, Vec<_>) = reactors
        .into_iter()
        .partition(|(r, _)| settle(ctx, r, ReactionKind::OpportunityAttack) != Settle::Prompt);
    let takers = settled
        .iter()
        .filter(|(r, _)| settle(ctx, r, ReactionKind::OpportunityAttack) == Settle::Always)
        .cloned()
        .collect();
    Reacting {
        settled,
        takers,
        asking,
    }
}

/// Holds a movement for the Opportunity Attacks it draws ([`who_reacts`]): the ordered ones
/// are made now, just before the mover leaves reach, then the movement goes on (and stops
/// again for those asked, if any); with none ordered, the window asks. `resume` is what goes
/// on afterwards ([`continue_move`]): `{"rest", "how"}` for a walk, `{"jump"}` or `{"fly"}`
/// for those commands. `asked`: those already asked about this leaving, still not asked.
pub fn hold_for_attacks(
    ctx: &mut Ctx<'_, Dnd2024>,
    mover: &CreatureRecord,
    reacting: Reacting,
    resume: Value,
    asked: &[String],
) -> Result<(), RuleError> {
    let mut then = resume;
    then["mover"] = json!(mover.spec.id);
    if reacting.takers.is_empty() {
        let mut all: Vec<String> = asked.to_vec();
        all.extend(reacting.asking.iter().map(|(r, _)| r.clone()));
        then["asked"] = json!(all);
        return open_oa_window(ctx, mover, &reacting.asking, then);
    }
    let mut all: Vec<String> = asked.to_vec();
    all.extend(reacting.settled.iter().map(|(r, _)| r.clone()));
    then["asked"] = json!(all);
    then["attackers"] = Value::Array(
        reacting
            .takers
            .iter()
            .map(|(by, attack)| json!({"by": by, "attack": attack}))
            .collect(),
    );
    continue_move(ctx, &then)
}

fn open_oa_window(
    ctx: &mut Ctx<'_, Dnd2024>,
    mover: &CreatureRecord,
    reactors: &[(String, String)],
    then: Value,
) -> Result<(), RuleError> {
    let mover_id = mover.spec.id.clone();
    let mut any_hidden = mover.hidden;
    let mut request = WindowRequest::new(OA_WINDOW, then);
    for (oid, attack) in reactors {
        let Some(other) = ctx.rules().creatures.get(oid) else {
            continue;
        };
        any_hidden |= other.hidden;
        let players: Vec<String> = ctx.core().participants.controllers(oid).cloned().collect();
        let (answerer, vis) = if players.is_empty() {
            (Answerer::Referee, Some(Visibility::Referee))
        } else {
            (Answerer::Controller(oid.clone()), None)
        };
        let mut ask = DecisionRequest::new(
            OA_DECISION,
            format!(
                "{} leaves {}'s reach: make an Opportunity Attack ({attack}) with the Reaction?",
                mover.spec.name, other.spec.name
            ),
            answerer,
            &[(OA_TAKE, "Attack"), (OA_DECLINE, "Let it go")],
        )
        .with_default(OA_DECLINE)
        .with_context(json!({"by": oid, "attack": attack}))
        .with_args(json!({"mover": mover_id, "by": oid, "attack": attack}));
        if let Some(v) = vis {
            ask = ask.with_visibility(v);
        }
        request = request.ask(ask);
    }
    // A window with a hidden creature in it is the Referee's: its count of pending answers
    // would tell players someone unseen may react. Each player still sees their own prompt.
    if any_hidden {
        request = request.with_visibility(Visibility::Referee);
    }
    ctx.open_window(request).map(|_| ())
}

/// The Opportunity Attack window closed: the attacks taken are made just before the mover
/// leaves reach (DD-ACT-17.b), then the rest of the move goes on if the mover still can.
pub fn oa_window_closed(ctx: &mut Ctx<'_, Dnd2024>, window: &Window) -> Result<(), RuleError> {
    let attackers: Vec<Value> = window
        .answers
        .iter()
        .filter(|a| a.option == OA_TAKE)
        .map(|a| json!({"by": a.context["by"], "attack": a.context["attack"]}))
        .collect();
    let mut then = window.context.clone();
    then["attackers"] = Value::Array(attackers);
    continue_move(ctx, &then)
}

/// Makes the Opportunity Attacks still listed in `then` (`mover`, `attackers`, `rest`,
/// `asked`), then walks the rest of the move. An attack that waits for a reaction spell carries
/// what is left of this in its window, which calls here again once it has resolved.
pub fn continue_move(ctx: &mut Ctx<'_, Dnd2024>, then: &Value) -> Result<(), RuleError> {
    let mover = then["mover"].as_str().unwrap_or_default().to_string();
    let attackers = then["attackers"].as_array().cloned().unwrap_or_default();
    for (i, a) in attackers.iter().enumerate() {
        let by = a["by"].as_str().unwrap_or_default().to_string();
        let attack = a["attack"].as_str().unwrap_or_default().to_string();
        let Ok(mut rec) = record(ctx, &by) else {
            continue;
        };
        let Ok(target) = record(ctx, &mover) else {
            continue;
        };
        // Things may have changed while the window was open: the rules decide again.
        if rec.dead || target.dead || rec.conditions.incapacitated() {
            continue;
        }
        rec.turn.incapacitated = false;
        if rec.turn.take_reaction().is_err() {
            continue;
        }
        let (Some(sa), Some(st)) = (space_of(ctx, &by), space_of(ctx, &mover)) else {
            continue;
        };
        set_record(ctx, rec)?;
        let cmd = Attack {
            attacker: by.clone(),
            target: mover.clone(),
            attack,
            distance_ft: board::feet_apart(ctx.rules(), &by, &sa, &mover, &st),
            advantage: Vec::new(),
            disadvantage: Vec::new(),
            attacker_sees_target: true,
            target_sees_attacker: true,
            enemy_within_5ft: false,
            knock_out: false,
        };
        let mut rest_of_this = then.clone();
        rest_of_this["attackers"] = Value::Array(attackers[i + 1..].to_vec());
        if super::combat::attack_as_reaction(ctx, &cmd, Some(rest_of_this))? {
            // The mover answers the hit with a reaction spell first; the move waits too.
            return Ok(());
        }
    }
    let Ok(rec) = record(ctx, &mover) else {
        return Ok(());
    };
    let down = rec.dead
        || rec.dying.is_some()
        || rec.conditions.incapacitated()
        || moving_speed(ctx, &rec) == 0;
    if down {
        return Ok(());
    }
    let asked: Vec<String> = then["asked"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    // The movement goes on, checked again: a refusal now just ends it where the mover is.
    let went_on = if let Ok(j) = serde_json::from_value::<air::Jump>(then["jump"].clone()) {
        air::jump_with(ctx, &j, &asked)
    } else if let Ok(f) = serde_json::from_value::<air::Fly>(then["fly"].clone()) {
        air::fly_with(ctx, &f, &asked)
    } else {
        let rest: Vec<Square> = then["rest"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|p| {
                        let x = i32::try_from(p.get(0)?.as_i64()?).ok()?;
                        let y = i32::try_from(p.get(1)?.as_i64()?).ok()?;
                        Some(Square::new(x, y))
                    })
                    .collect()
            })
            .unwrap_or_default();
        if rest.is_empty() {
            return Ok(());
        }
        let modes = terrain::from_json(&then["how"], rest.len());
        walk(ctx, &mover, &rest, &modes, &asked)
    };
    match went_on {
        Ok(()) => Ok(()),
        Err(_) => Ok(()),
    }
}

/// Stands up from Prone: half the Speed, rounded down (DD-COND-13.a).
pub fn stand_up(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    rec.check_alive()?;
    check_turn(ctx, id)?;
    if !rec.conditions.has(Condition::Prone) {
        return Err(RuleError::new(
            "no_such_condition",
            format!("{} is not Prone", rec.spec.name),
        )
        .rule("DD-COND-13.a"));
    }
    let speed = rec.speed();
    if speed == 0 {
        return Err(bad_grid(
            format!("{} has Speed 0 and cannot stand", rec.spec.name),
            "DD-COND-13.a",
        ));
    }
    let effects = prone_effects(ctx, id);
    if effects.is_empty() {
        // Prone that comes with another condition (Unconscious) ends with that one.
        return Err(RuleError::new(
            "no_such_condition",
            format!(
                "{}'s Prone ends only with the condition it comes with",
                rec.spec.name
            ),
        )
        .rule("DD-COND-13.a"));
    }
    rec.turn.move_ft(speed / 2).map_err(refusal)?;
    set_record(ctx, rec)?;
    for e in effects {
        ctx.end_effect(&e)?;
    }
    Ok(())
}

fn prone_effects(ctx: &Ctx<'_, Dnd2024>, id: &str) -> Vec<String> {
    let prone = serde_json::to_value(Condition::Prone).unwrap_or_default();
    ctx.core()
        .effects
        .iter()
        .filter(|e| {
            e.kind == super::conditions::effects::CONDITION_EFFECT
                && e.target.as_deref() == Some(id)
                && e.data["condition"] == prone
        })
        .map(|e| e.id.clone())
        .collect()
}

/// Drops Prone on one's own turn, free, not at Speed 0 (DD-MOVE-20.a).
pub fn drop_prone(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let rec = record(ctx, id)?;
    rec.check_alive()?;
    check_turn(ctx, id)?;
    if !crate::movement::may_drop_prone(rec.speed()) {
        return Err(bad_grid(
            format!("{} has Speed 0 and cannot drop Prone", rec.spec.name),
            "DD-MOVE-20.a",
        ));
    }
    super::conditions::apply_condition(
        ctx,
        &super::conditions::ApplyCondition {
            creature: id.to_string(),
            condition: Condition::Prone,
            source: id.to_string(),
            rounds: None,
        },
    )
}

/// What a viewer sees of the grid: the map, and the squares of the creatures it may see.
pub fn project(state: &engine::TableState<super::DndState>, viewer: &engine::Viewer) -> Value {
    let positions: serde_json::Map<String, Value> = state
        .rules
        .positions
        .iter()
        .filter(|(id, _)| super::viewer_sees(state, viewer, id))
        .map(|(id, at)| (id.clone(), json!(at)))
        .collect();
    json!({"map": state.rules.map, "positions": positions, "light": light::project(state, viewer)})
}

/// The Hide action on the grid (DD-ACT-10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hide {
    pub creature: String,
    /// The creature stands in Heavily Obscured space (darkness, thick fog).
    #[serde(default)]
    pub heavily_obscured: bool,
}

pub fn hide(ctx: &mut Ctx<'_, Dnd2024>, h: &Hide) -> Result<(), RuleError> {
    let mut rec = record(ctx, &h.creature)?;
    rec.check_alive()?;
    let fighting = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == &h.creature));
    if fighting {
        check_turn(ctx, &h.creature)?;
    }
    let Some(me) = space_of(ctx, &h.creature) else {
        return Err(RuleError::new(
            "not_placed",
            format!("{} is not on the grid", rec.spec.name),
        ));
    };
    let map = grid_map(&ctx.rules().map);
    // The hider's side: the players' (a character, or a creature a player runs), who may not
    // know of every enemy; or the Referee's, who knows of all.
    let players_side = is_character(&rec) || !referee_run(ctx, &h.creature);
    let mut seen = false;
    let mut covered = true;
    // Enemies the hider's side may not see whose sight the Hide does not escape.
    let mut seen_through = Vec::new();
    for (oid, other) in &ctx.rules().creatures {
        if oid == &h.creature || other.dead || allies(&rec, other) {
            continue;
        }
        let Some(os) = space_of(ctx, oid) else {
            continue;
        };
        // Its sight through the map, the light and its senses (DD-VIS); Heavily Obscured to
        // it (darkness beyond its Darkvision, thick fog) conceals as the command's flag does.
        let sees = !other.conditions.has(Condition::Blinded)
            && map.line_of_sight(&os, &me)
            && light::sees_at(ctx.rules(), &map, other, &os, &rec, &me);
        let (_, c) = crate::cover::grid_cover(&map, &os, &me);
        let hides_from = c >= crate::cover::Cover::ThreeQuarters
            || light::obscured_for(ctx.rules(), &map, &os, &light::senses(other), &me)
                == crate::vision::Obscured::Heavily;
        if players_side && other.hidden {
            // Not a reason to refuse (the player cannot know of it): it is just not fooled.
            if sees || !(hides_from || h.heavily_obscured) {
                seen_through.push(oid.clone());
            }
            continue;
        }
        seen |= sees;
        covered &= hides_from;
    }
    // The preconditions first: a refusal rolls nothing and spends nothing.
    crate::actions::hide(
        !seen,
        covered || h.heavily_obscured,
        crate::actions::HIDE_DC,
    )
    .map_err(refusal)?;
    if fighting {
        rec.turn.incapacitated = rec.conditions.incapacitated();
        rec.turn
            .take_action(crate::actions::ActionKind::Hide)
            .map_err(refusal)?;
        set_record(ctx, rec.clone())?;
    }
    let request = super::d20::D20TestRequest {
        creature: h.creature.clone(),
        test: super::d20::TestKind::AbilityCheck {
            ability: crate::core::Ability::Dexterity,
            skill: Some(crate::core::Skill::Stealth),
        },
        dc: crate::actions::HIDE_DC,
        advantage: Vec::new(),
        disadvantage: Vec::new(),
        modifiers: Vec::new(),
        fear_source_in_sight: false,
    };
    let (success, total) = super::d20::run_test(ctx, &request)?;
    let Some(find_dc) = total.filter(|_| success) else {
        return Ok(());
    };
    super::conditions::apply_condition(
        ctx,
        &super::conditions::ApplyCondition {
            creature: h.creature.clone(),
            condition: Condition::Invisible,
            source: HIDE_SOURCE.to_string(),
            rounds: None,
        },
    )?;
    let mut rec = record(ctx, &h.creature)?;
    rec.hiding_dc = Some(find_dc);
    if !is_character(&rec) {
        // Out of the players' sight again, by its Hide (not the light).
        rec.hidden = true;
        rec.out_of_sight = false;
    }
    set_record(ctx, rec)?;
    let before = ctx.rules().seen_through.contains_key(&h.creature);
    if seen_through.is_empty() && !before {
        return Ok(());
    }
    ctx.emit_for(
        DndEvent::HideSeenThrough(HideSeenThrough {
            creature: h.creature.clone(),
            by: seen_through,
        }),
        Visibility::Referee,
    )
}

/// The enemies a creature's Hide did not escape that its side could not see (the Referee's
/// alone): they still see it (`by` empty: none any more).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HideSeenThrough {
    pub creature: String,
    pub by: Vec<String>,
}

/// The Search action for a hidden creature (DD-ACT-14, T-03): a Wisdom (Perception) check
/// looking at one square (DD-ACT-14.b: only a creature there can be found).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Search {
    pub creature: String,
    pub x: i32,
    pub y: i32,
}

/// A Search made: its total (absent from players' copy of a monster's), the sources of
/// Disadvantage from the light, and the hiding creatures it found (their hiding ends).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Searched {
    pub creature: String,
    pub at: Square,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<i32>,
    /// The searcher cannot see into the square (Heavily Obscured to it, no line of sight,
    /// Blinded): the check fails without a roll (DD-VIS-05.a, DD-COND-02.a).
    #[serde(default)]
    pub cannot_see: bool,
    #[serde(default)]
    pub disadvantage: Vec<String>,
    pub found: Vec<String>,
}

/// The Disadvantage source a Lightly Obscured square gives a Perception check (DD-VIS-04.a).
pub const LIGHTLY_OBSCURED: &str = "lightly_obscured";

pub fn search(ctx: &mut Ctx<'_, Dnd2024>, s: &Search) -> Result<(), RuleError> {
    let rec = record(ctx, &s.creature)?;
    rec.check_alive()?;
    let at = Square::new(
        tabletop::map::check_coord("x", s.x)
            .map_err(|e| RuleError::new("bad_map", e.to_string()))?,
        tabletop::map::check_coord("y", s.y)
            .map_err(|e| RuleError::new("bad_map", e.to_string()))?,
    );
    let Some(me) = space_of(ctx, &s.creature) else {
        return Err(RuleError::new(
            "not_placed",
            format!("{} is not on the grid", rec.spec.name),
        ));
    };
    let fighting = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == &s.creature));
    if fighting {
        check_turn(ctx, &s.creature)?;
        let mut r = rec.clone();
        r.turn.incapacitated = r.conditions.incapacitated();
        r.turn
            .take_action(crate::actions::ActionKind::Search)
            .map_err(refusal)?;
        set_record(ctx, r)?;
    }
    // What the searcher sees of the square: only the map and the light decide, never what
    // stands there, so a hidden creature changes nothing before the roll.
    let map = grid_map(&ctx.rules().map);
    let square = Space::new(at, 1);
    let senses = light::senses(&rec);
    let obscured = light::obscured_for(ctx.rules(), &map, &me, &senses, &square);
    let sees = crate::vision::can_see(
        &senses,
        distance_ft(&me, &square),
        rec.conditions.has(Condition::Blinded),
        false,
        obscured,
        !map.line_of_sight(&me, &square),
    );
    let mut disadvantage = Vec::new();
    if obscured == crate::vision::Obscured::Lightly {
        disadvantage.push(LIGHTLY_OBSCURED.to_string());
    }
    let total = if sees {
        let request = super::d20::D20TestRequest {
            creature: s.creature.clone(),
            test: super::d20::TestKind::AbilityCheck {
                ability: crate::core::Ability::Wisdom,
                skill: Some(crate::actions::search_skill(
                    crate::actions::SearchFor::ConcealedCreatureOrObject,
                )),
            },
            dc: 0,
            advantage: Vec::new(),
            disadvantage: disadvantage.clone(),
            modifiers: Vec::new(),
            fear_source_in_sight: false,
        };
        let plan = super::d20::plan(&rec, &request)?;
        let faces = super::d20::roll_d20s(ctx, &rec, plan.test.mode, "search")?;
        Some(plan.test.resolve(&faces).map_err(refusal)?.total)
    } else {
        None
    };
    let found: Vec<String> = ctx
        .rules()
        .creatures
        .iter()
        .filter(|(oid, o)| *oid != &s.creature && !o.dead && !allies(&rec, o))
        .filter(|(oid, o)| {
            o.hiding_dc.is_some_and(|dc| total.is_some_and(|t| t >= dc))
                && space_of(ctx, oid).is_some_and(|sp| sp.contains(at))
        })
        .map(|(oid, _)| oid.clone())
        .collect();
    // An enemy finding it ends its hiding (DD-ACT-10.c).
    for f in &found {
        board::end_hiding(ctx, f)?;
    }
    let full = Searched {
        creature: s.creature.clone(),
        at,
        total,
        cannot_see: !sees,
        disadvantage,
        found,
    };
    let masked = Searched {
        total: None,
        ..full.clone()
    };
    emit_about(
        ctx,
        &s.creature,
        DndEvent::Searched(full),
        Some(DndEvent::Searched(masked)),
    )
}
