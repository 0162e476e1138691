//! Areas of effect on the grid (DD-AOE-01..08, DD-COV-01.c/f): a shape placed from its point
//! of origin (a grid point counted in half squares: `{"x2": 10, "y2": 4}` is the corner where
//! squares (4, 1), (5, 1), (4, 2) and (5, 2) meet; odd numbers are edge middles and square
//! centres), the squares it covers (`tabletop::area`, a square counting when its centre is
//! inside), the squares a straight line from the origin reaches past walls and windows (Total
//! Cover keeps a square out, DD-AOE-01.b), the creatures whose space touches one of them, a
//! save rolled per target and the damage rolled once for all of them (DD-AOE-08.a), halved
//! (rounded down) on a success when the effect says so.
//!
//! The `area_preview` query takes the same placement and answers with the squares and the
//! targets before anything is rolled (a player's answer lists only creatures they may see).
//! An area that comes from a spell (`"spell": {"level": 3}`) is cast as `cast_spell` casts:
//! the casting time's action, a slot of the spell's level or the `slot_level` given, and the
//! one-slot-per-turn limit are spent first (refused without a slot, DD-MAG-03.a, or with a
//! slot spent this turn, DD-MAG-04.a); a creature that stops the spell with its reaction
//! (a `spell_cast` reaction spell) leaves the casting spent and no area. Without `spell` the
//! area is placed and nothing is spent (a breath, a trap, a spell cast with `cast_spell`).
//!
//! ```json
//! {"area_effect": {"caster": "vera", "name": "Fireball", "shape": "sphere", "size_ft": 20,
//!   "origin": {"x2": 10, "y2": 4}, "save": {"ability": "dexterity", "dc": 13},
//!   "damage": [{"dice": "8d6", "damage_type": "fire"}], "half_on_success": true,
//!   "spell": {"level": 3}}}
//! {"area_effect": {"caster": "vera", "name": "Burning Hands", "shape": "cone", "size_ft": 15,
//!   "origin": {"x2": 2, "y2": 1}, "toward": {"x2": 8, "y2": 1},
//!   "save": {"ability": "dexterity", "dc": 13},
//!   "damage": [{"dice": "3d6", "damage_type": "fire"}], "half_on_success": true}}
//! ```

use engine::{Ctx, RuleError, TableState, Viewer, Visibility};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabletop::area::{Coverage, GridPoint};
use tabletop::square::{Space, Square};

use super::creatures::DamagePart;
use super::d20::{D20TestRequest, NamedModifier, TestKind};
use super::grid::board::grid_map;
use super::{Dnd2024, DndEvent, DndState, check_list, check_name, record, refusal, viewer_sees};
use crate::aoe::Shape;
use crate::core::{Ability, DamageDice};
use crate::cover::Cover;
use crate::magic::CastingTime;
use std::collections::BTreeMap;

/// Largest size of an area placed at the table, in feet (an input limit: a 200-foot sphere
/// already covers about 5,000 squares).
pub const MAX_AREA_SIZE_FT: u32 = 200;

/// A saving throw every target makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaSave {
    pub ability: Ability,
    pub dc: i32,
}

/// An area placed on the grid: where, what shape, and what it does to those inside.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaEffect {
    /// The creature that creates the area (an Emanation spreads from its space).
    pub caster: String,
    /// The spell's or effect's name.
    pub name: String,
    pub shape: Shape,
    /// A Cone's or Line's length, a Cube's side, a Sphere's or Cylinder's radius, an
    /// Emanation's distance.
    pub size_ft: u32,
    /// A Line's width (5 ft unless the effect says otherwise).
    #[serde(default = "five")]
    pub line_width_ft: u32,
    /// The point of origin (an Emanation needs none: it spreads from the caster's space).
    #[schemars(with = "Option<Value>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<GridPoint>,
    /// Where a Cone, Cube or Line spreads toward.
    #[schemars(with = "Option<Value>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toward: Option<GridPoint>,
    /// The creator puts the point of origin (its own space, for an Emanation) in the area.
    #[serde(default)]
    pub include_origin: bool,
    /// Count a square when at least half of it is inside instead of its centre.
    #[serde(default)]
    pub half_squares: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<AreaSave>,
    #[serde(default)]
    pub damage: Vec<DamagePart>,
    /// A successful save halves the damage (rounded down); otherwise it avoids it all.
    #[serde(default)]
    pub half_on_success: bool,
    /// The area is a spell cast now: its casting is spent first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell: Option<AreaSpell>,
}

/// The casting of an area's spell (as `cast_spell` takes it; the spell's name is the area's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaSpell {
    /// The spell's level, 0 for a cantrip.
    pub level: u8,
    /// The slot spent (the spell's level or higher); absent: the spell's level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot_level: Option<u8>,
    #[serde(default = "magic_action")]
    pub casting_time: CastingTime,
    #[serde(default)]
    pub concentration: bool,
}

fn magic_action() -> CastingTime {
    CastingTime::Action
}

fn five() -> u32 {
    5
}

/// Where an area fell and whom it caught. Players' copy lists only the creatures in view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaPlaced {
    pub caster: String,
    pub name: String,
    pub squares: Vec<Square>,
    pub targets: Vec<String>,
    /// Creatures in the covered squares kept out by Total Cover from the origin.
    pub behind_cover: Vec<String>,
    /// Targets behind Half or Three-Quarters Cover from the origin (a bonus to Dexterity
    /// saves, DD-COV-01.a/b).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cover: BTreeMap<String, Cover>,
}

/// The squares covered, those reached past walls, and the creatures in each.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Footprint {
    pub squares: Vec<Square>,
    pub targets: Vec<String>,
    pub behind_cover: Vec<String>,
    pub cover: BTreeMap<String, Cover>,
}

/// Cover of a target from an area's point of origin (DD-COV-01 on squares): lines from the
/// origin to the four corners of each of the target's squares the area reaches; the fewest
/// blocked counts (none: no cover, one or two: Half, three or four: Three-Quarters — a square
/// the area reaches is never behind Total Cover).
fn cover_from(
    map: &tabletop::map::GridMap,
    origin: GridPoint,
    space: &Space,
    reached: &[Square],
) -> Cover {
    let blocked = space
        .squares()
        .filter(|s| reached.binary_search(s).is_ok())
        .map(|sq| {
            let (x, y) = (2 * sq.x, 2 * sq.y);
            let corners = [(x, y), (x + 2, y), (x, y + 2), (x + 2, y + 2)];
            let n = corners
                .iter()
                .filter(|&&c| {
                    !tabletop::line::segment_clear_halves((origin.x2, origin.y2), c, &|s| {
                        s != sq && map.blocks_effect(s)
                    })
                })
                .count();
            u8::try_from(n).unwrap_or(4)
        })
        .min()
        .unwrap_or(0);
    tabletop::line::CoverGrade::from_blocked_corners(blocked).into()
}

/// Computes an area's squares and targets on the table's grid.
pub fn footprint(state: &DndState, a: &AreaEffect) -> Result<Footprint, RuleError> {
    check_name("an area's name", &a.name)?;
    if a.size_ft == 0 || a.size_ft > MAX_AREA_SIZE_FT || a.line_width_ft > MAX_AREA_SIZE_FT {
        return Err(RuleError::new(
            "out_of_range",
            format!("an area's size is 1…{MAX_AREA_SIZE_FT} ft"),
        )
        .rule("MAX_AREA_SIZE_FT"));
    }
    let caster = state
        .creatures
        .get(&a.caster)
        .ok_or_else(|| super::no_creature(&a.caster))?;
    let caster_space = state
        .positions
        .get(&a.caster)
        .map(|at| caster.spec.size.grid_space(*at));
    if a.shape == Shape::Emanation && caster_space.is_none() {
        return Err(RuleError::new(
            "not_placed",
            format!(
                "an Emanation spreads from {}, who is not on the grid",
                caster.spec.name
            ),
        )
        .rule("DD-AOE-05.a"));
    }
    let space = caster_space.unwrap_or(Space::new(Square::new(0, 0), 1));
    let template = a.shape.on_grid(a.size_ft, a.line_width_ft, space);
    // An Emanation's lines start from its creature's centre.
    let centre = {
        let s = i32::from(space.side);
        GridPoint {
            x2: 2 * space.origin.x + s,
            y2: 2 * space.origin.y + s,
        }
    };
    let origin = match (a.shape, a.origin) {
        (Shape::Emanation, _) => centre,
        (_, Some(o)) => o,
        (_, None) => {
            return Err(RuleError::new(
                "bad_area",
                "the area needs its point of origin (`origin`)",
            )
            .rule("DD-AOE-01.a"));
        }
    };
    let coverage = if a.half_squares {
        Coverage::HalfOrMore
    } else {
        Coverage::Centre
    };
    let covered = crate::aoe::grid_squares(template, origin, a.toward, a.include_origin, coverage)
        .map_err(refusal)?;
    let map = grid_map(&state.map);
    let reached = tabletop::area::reached_from(origin, covered.clone(), &|s| map.blocks_effect(s));
    let mut targets = Vec::new();
    let mut behind_cover = Vec::new();
    let mut cover = BTreeMap::new();
    for (id, at) in &state.positions {
        let Some(rec) = state.creatures.get(id) else {
            continue;
        };
        if rec.dead {
            continue;
        }
        let space = rec.spec.size.grid_space(*at);
        // An Emanation leaves out its own creature unless the creator includes it.
        if a.shape == Shape::Emanation && !a.include_origin && id == &a.caster {
            continue;
        }
        if space.squares().any(|s| reached.binary_search(&s).is_ok()) {
            let c = cover_from(&map, origin, &space, &reached);
            if c != Cover::None {
                cover.insert(id.clone(), c);
            }
            targets.push(id.clone());
        } else if space.squares().any(|s| covered.binary_search(&s).is_ok()) {
            behind_cover.push(id.clone());
        }
    }
    Ok(Footprint {
        squares: reached,
        targets,
        behind_cover,
        cover,
    })
}

pub fn area_effect(ctx: &mut Ctx<'_, Dnd2024>, a: &AreaEffect) -> Result<(), RuleError> {
    check_list("damage", &a.damage)?;
    let caster = record(ctx, &a.caster)?;
    caster.check_alive()?;
    let parts: Vec<(DamageDice, crate::damage::DamageType)> = a
        .damage
        .iter()
        .map(|d| Ok((DamageDice::parse(&d.dice).map_err(refusal)?, d.damage_type)))
        .collect::<Result<_, RuleError>>()?;
    if let Some(s) = a.save
        && !(0..=super::d20::MAX_DC).contains(&s.dc)
    {
        return Err(
            RuleError::new("out_of_range", format!("a DC is 0…{}", super::d20::MAX_DC))
                .rule("MAX_DC"),
        );
    }
    let fp = footprint(ctx.rules(), a)?;
    if let Some(sp) = &a.spell {
        let cast = super::combat::CastSpell {
            creature: a.caster.clone(),
            spell: a.name.clone(),
            level: sp.level,
            slot_level: sp.slot_level,
            casting_time: sp.casting_time,
            ritual: false,
            has_ritual_tag: false,
            concentration: sp.concentration,
        };
        let more = serde_json::json!({"area_effect": a});
        if !super::combat::cast_spell_then(ctx, &cast, Some(more))? {
            // Stopped, or waiting for a reaction that may stop it.
            return Ok(());
        }
    }
    place(ctx, a, &caster, &parts, fp)
}

/// An area whose spell was not stopped falls now (the casting was spent before).
pub fn place_area(ctx: &mut Ctx<'_, Dnd2024>, a: &AreaEffect) -> Result<(), RuleError> {
    let Ok(caster) = record(ctx, &a.caster) else {
        return Ok(());
    };
    let Ok(parts) = a
        .damage
        .iter()
        .map(|d| Ok((DamageDice::parse(&d.dice).map_err(refusal)?, d.damage_type)))
        .collect::<Result<Vec<_>, RuleError>>()
    else {
        return Ok(());
    };
    let Ok(fp) = footprint(ctx.rules(), a) else {
        return Ok(());
    };
    place(ctx, a, &caster, &parts, fp)
}

/// Places the area: what each viewer sees of it, the damage rolled once, a save per target.
fn place(
    ctx: &mut Ctx<'_, Dnd2024>,
    a: &AreaEffect,
    caster: &super::creatures::CreatureRecord,
    parts: &[(DamageDice, crate::damage::DamageType)],
    fp: Footprint,
) -> Result<(), RuleError> {
    let hidden = |ctx: &Ctx<'_, Dnd2024>, id: &String| {
        ctx.rules().creatures.get(id).is_some_and(|r| r.hidden)
    };
    let full = AreaPlaced {
        caster: a.caster.clone(),
        name: a.name.clone(),
        squares: fp.squares.clone(),
        targets: fp.targets.clone(),
        behind_cover: fp.behind_cover.clone(),
        cover: fp.cover.clone(),
    };
    if caster.hidden {
        ctx.emit_for(DndEvent::AreaPlaced(full), Visibility::Referee)?;
    } else {
        let masked = AreaPlaced {
            targets: fp
                .targets
                .iter()
                .filter(|t| !hidden(ctx, t))
                .cloned()
                .collect(),
            behind_cover: fp
                .behind_cover
                .iter()
                .filter(|t| !hidden(ctx, t))
                .cloned()
                .collect(),
            cover: fp
                .cover
                .iter()
                .filter(|(t, _)| !hidden(ctx, t))
                .map(|(t, c)| (t.clone(), *c))
                .collect(),
            ..full.clone()
        };
        ctx.emit_masked(
            DndEvent::AreaPlaced(full),
            Visibility::Referee,
            DndEvent::AreaPlaced(masked),
        )?;
    }
    // The damage is rolled once for every target (DD-AOE-08.a).
    let mut rolled = Vec::new();
    if !fp.targets.is_empty() {
        for (dice, damage_type) in parts {
            let amount = super::damage::life::roll_damage(ctx, caster, *dice)?;
            rolled.push((amount, *damage_type));
        }
    }
    for id in &fp.targets {
        let saved = match a.save {
            Some(s) => super::d20::d20_test(
                ctx,
                &D20TestRequest {
                    creature: id.clone(),
                    test: TestKind::SavingThrow { ability: s.ability },
                    dc: s.dc,
                    advantage: Vec::new(),
                    disadvantage: Vec::new(),
                    // Cover adds to Dexterity saves only (DD-COV-01.a/b).
                    modifiers: match (s.ability, fp.cover.get(id).and_then(|c| c.bonus())) {
                        (Ability::Dexterity, Some(b)) => vec![NamedModifier {
                            name: fp.cover[id].name().to_string(),
                            value: b,
                        }],
                        _ => Vec::new(),
                    },
                    fear_source_in_sight: false,
                },
            )?,
            None => false,
        };
        for (amount, damage_type) in &rolled {
            let amount = match (saved, a.half_on_success) {
                (false, _) => *amount,
                (true, true) => crate::aoe::area_damage(*amount, true),
                (true, false) => 0,
            };
            if amount == 0 {
                continue;
            }
            if record(ctx, id)?.dead {
                break;
            }
            super::damage::life::apply_instance(
                ctx,
                id,
                super::damage::life::Instance {
                    amount,
                    damage_type: *damage_type,
                },
                false,
                false,
            )?;
        }
    }
    Ok(())
}

/// The `area_preview` query: the squares and the targets (those `viewer` may see) of an area
/// before it is placed.
pub fn preview_query(
    state: &TableState<DndState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    let a: AreaEffect = serde_json::from_value(args.clone())
        .map_err(|e| RuleError::new("bad_query", format!("area_preview: {e}")))?;
    if !viewer_sees(state, viewer, &a.caster) {
        return Err(super::no_creature(&a.caster));
    }
    let fp = footprint(&state.rules, &a)?;
    let seen = |l: Vec<String>| -> Vec<String> {
        l.into_iter()
            .filter(|id| viewer_sees(state, viewer, id))
            .collect()
    };
    let cover: BTreeMap<&String, Cover> = fp
        .cover
        .iter()
        .filter(|(id, _)| viewer_sees(state, viewer, id))
        .map(|(id, c)| (id, *c))
        .collect();
    Ok(serde_json::json!({
        "squares": fp.squares,
        "targets": seen(fp.targets),
        "behind_cover": seen(fp.behind_cover),
        "cover": cover,
    }))
}
