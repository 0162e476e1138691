//! The grid's questions and one step other families need: the map as a `tabletop` grid, a
//! creature's space, and ending a hide when the hider attacks. It imports no family's commands.

use engine::{Ctx, RuleError};
use serde::{Deserialize, Serialize};
use tabletop::map::{GridMap, MapFile};
use tabletop::square::{Space, Square};

use super::super::creatures::CreatureRecord;
use super::super::{Dnd2024, DndState, is_character, record, set_record};
use crate::conditions::Condition;

/// Feet per square.
pub const SQUARE_FT: u32 = 5;

/// The map as the rules read it (checked when it was set).
pub fn grid_map(ctx_map: &MapFile) -> GridMap {
    // `set_map` refused any map `try_from` refuses, so this cannot fail; an empty map keeps
    // this total anyway.
    GridMap::try_from(ctx_map.clone()).unwrap_or_default()
}

/// A creature's space where it stands (`None`: not on the grid).
pub fn space_of(ctx: &Ctx<'_, Dnd2024>, id: &str) -> Option<Space> {
    let at = *ctx.rules().positions.get(id)?;
    let rec = ctx.rules().creatures.get(id)?;
    Some(rec.spec.size.grid_space(at))
}

/// The condition source hiding uses.
pub const HIDE_SOURCE: &str = "hide";

/// Whether `body` is Invisible to the eyes of creature `eyes` (DD-COND-09): so it is by every
/// Invisible it holds, but the one its Hide gives (DD-ACT-10.b) hides it only from those its
/// Hide escaped — not from an enemy that still saw it ([`DndState::seen_through`]).
pub fn invisible_to(state: &DndState, body: &CreatureRecord, eyes: &str) -> bool {
    if !body.conditions.has(Condition::Invisible) {
        return false;
    }
    let only_hiding = body.conditions.holds().iter().all(|(c, src)| {
        (*c != Condition::Invisible && !c.includes().contains(&Condition::Invisible))
            || src == HIDE_SOURCE
    });
    !(only_hiding
        && state
            .seen_through
            .get(&body.spec.id)
            .is_some_and(|w| w.contains(eyes)))
}

/// A hidden creature attacked: hiding ends and it is seen again (DD-ACT-10.c/d).
pub fn end_hiding(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let rec = record(ctx, id)?;
    if rec.hiding_dc.is_none() {
        return Ok(());
    }
    let invisible = serde_json::to_value(Condition::Invisible).unwrap_or_default();
    let effects: Vec<String> = ctx
        .core()
        .effects
        .iter()
        .filter(|e| {
            e.kind == super::super::conditions::effects::CONDITION_EFFECT
                && e.target.as_deref() == Some(id)
                && e.data["condition"] == invisible
                && e.data["source"] == HIDE_SOURCE
        })
        .map(|e| e.id.clone())
        .collect();
    // Its Invisible ending ends its hiding ([`hiding_ended`], from the effect's end).
    for e in effects {
        ctx.end_effect(&e)?;
    }
    hiding_ended(ctx, id)
}

/// A creature's hiding ended, whatever ended it (an attack, a Search that found it, the
/// Referee's `end_condition`, its Invisible from `hide` running out): the DC to find it and
/// the record of who was not fooled go (DD-ACT-10.c/d), and a monster hidden by it shows to
/// the players if the party perceives it ([`super::super::show_to_players`]). The one
/// place hiding ends.
pub fn hiding_ended(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    if rec.hiding_dc.is_none() {
        return Ok(());
    }
    rec.hiding_dc = None;
    let reveal = rec.hidden && !rec.out_of_sight && !is_character(&rec);
    // A record without a hiding DC drops the not-fooled record too (`apply`).
    set_record(ctx, rec)?;
    if reveal {
        super::super::show_to_players(ctx, id)?;
    }
    Ok(())
}

/// The distance between two spaces in feet.
pub fn distance_ft(a: &Space, b: &Space) -> u32 {
    a.distance_to(b).saturating_mul(SQUARE_FT)
}

/// How far apart two creatures on the grid stand, in feet; `None` when either is off it.
pub fn feet_between(ctx: &Ctx<'_, Dnd2024>, a: &str, b: &str) -> Option<u32> {
    // Heights count too ([`feet_apart`]).
    let (sa, sb) = (space_of(ctx, a)?, space_of(ctx, b)?);
    Some(feet_apart(ctx.rules(), a, &sa, b, &sb))
}

/// A creature's height above the ground (0 on it).
pub fn height_of(state: &DndState, id: &str) -> u32 {
    state.heights.get(id).copied().unwrap_or(0)
}

/// Where a creature is in three dimensions: its space on the grid and its height above the
/// ground (0 on it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    pub space: Space,
    pub height_ft: u32,
}

impl Spot {
    pub fn new(space: Space, height_ft: u32) -> Spot {
        Spot { space, height_ft }
    }

    /// Where creature `id` is now (`None`: off the grid).
    pub fn of(ctx: &Ctx<'_, Dnd2024>, id: &str) -> Option<Spot> {
        Some(Spot::new(space_of(ctx, id)?, height_of(ctx.rules(), id)))
    }

    /// How tall the creature's cube is: as tall as its space is wide.
    fn tall_ft(&self) -> u32 {
        u32::from(self.space.side).saturating_mul(SQUARE_FT)
    }

    /// Whether the two cubes share some height (one above the other's top shares none).
    pub fn shares_height(&self, other: &Spot) -> bool {
        self.height_ft < other.height_ft.saturating_add(other.tall_ft())
            && other.height_ft < self.height_ft.saturating_add(self.tall_ft())
    }
}

/// The distance between two creatures' spaces with their heights: the larger of the
/// horizontal and the vertical distance, each creature a cube as tall as its space is wide
/// (the grid counts height as it counts a diagonal, DD-MOVE-02.b; see [`super::air`]).
pub fn feet_apart(state: &DndState, a: &str, sa: &Space, b: &str, sb: &Space) -> u32 {
    feet_apart_at(
        &Spot::new(*sa, height_of(state, a)),
        &Spot::new(*sb, height_of(state, b)),
    )
}

/// [`feet_apart`] between two spots, wherever the creatures are now (a move's steps, a
/// flight's heights).
pub fn feet_apart_at(a: &Spot, b: &Spot) -> u32 {
    let flat = distance_ft(&a.space, &b.space);
    let (ha, hb) = (a.height_ft, b.height_ft);
    // Bottom of the upper one against the top of the lower one; like the grid, touching
    // cubes are 5 ft apart.
    let vertical = if ha >= hb.saturating_add(b.tall_ft()) {
        ha - hb - b.tall_ft() + SQUARE_FT
    } else if hb >= ha.saturating_add(a.tall_ft()) {
        hb - ha - a.tall_ft() + SQUARE_FT
    } else {
        0
    };
    flat.max(vertical)
}

/// A creature put on the grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub creature: String,
    pub at: Square,
}

/// A creature moved: the squares entered and the movement spent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    pub creature: String,
    pub path: Vec<Square>,
    pub spent_ft: u32,
    /// The move stopped here for Opportunity Attacks (the rest waits for the window).
    #[serde(default)]
    pub held: bool,
    /// The players' copy of a monster's move: only the squares where the party saw it
    /// ([`super::super::sight::players_copy`]), no feet.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seen_only: bool,
}

/// A grapple ends once the grappler and the grappled are farther apart than the grapple's
/// range (DD-CBT-08.d: a push, a fall, a flight): the grappler's longest melee reach, at least
/// 5 ft. Checked after every accepted command and closed window, for every Grappled held by a
/// creature on the grid.
pub fn grapples_end_if_apart(ctx: &mut Ctx<'_, Dnd2024>) -> Result<(), RuleError> {
    let grappled = serde_json::to_value(Condition::Grappled).unwrap_or_default();
    let ends: Vec<String> = {
        let core = ctx.core();
        let rules = ctx.rules();
        core.effects
            .iter()
            .filter(|e| {
                e.kind == super::super::conditions::effects::CONDITION_EFFECT
                    && e.data["condition"] == grappled
            })
            .filter_map(|e| {
                let held = e.target.as_deref()?;
                let grappler = core.effect_link(&e.id)?.source.clone()?;
                let g = rules.creatures.get(&grappler)?;
                let (sg, sh) = (space_of(ctx, &grappler)?, space_of(ctx, held)?);
                let range = g
                    .spec
                    .attacks
                    .iter()
                    .filter_map(|a| a.reach_ft)
                    .max()
                    .unwrap_or(0)
                    .max(crate::movement::DEFAULT_REACH_FT);
                let apart = feet_apart(rules, &grappler, &sg, held, &sh);
                crate::combat::grapple_ends(false, false, apart, range, false).then(|| e.id.clone())
            })
            .collect()
    };
    for id in ends {
        if ctx.core().effect(&id).is_some() {
            ctx.end_effect(&id)?;
        }
    }
    Ok(())
}
