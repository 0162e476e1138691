//! Light and obscurement on the grid (DD-VIS): the Referee's lighting of the map (an ambient
//! level, squares set bright, dim or dark, fog or foliage obscuring squares, magical Darkness
//! on squares or in areas, light sources placed on a square or carried by a creature) and the
//! one question every family asks of it, [`sees`]: whether one creature sees another through
//! the map's walls, the light, the obscurement, its senses, Blinded and Invisible; and
//! [`tremorsense_at`], which locates a creature without seeing it. It imports no family's
//! commands.

use std::collections::BTreeMap;

use engine::{Ctx, RuleError, TableState, Viewer, Visibility};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tabletop::light::{LightLevel, LightSource, level_on_map};
use tabletop::map::GridMap;
use tabletop::square::{Diagonals, Space, Square};

use super::super::creatures::CreatureRecord;
use super::super::{Dnd2024, DndEvent, DndState, viewer_sees};
use super::board::{SQUARE_FT, distance_ft, grid_map, invisible_to};
use crate::conditions::Condition;
use crate::vision::{Light, Obscured, Senses, obscurement};

/// At most this many light sources and set squares on a map.
pub const MAX_LIGHTS: usize = 64;
pub const MAX_LIT_SQUARES: usize = 10_000;
/// A light's radius is at most this many feet.
pub const MAX_LIGHT_FT: u32 = 1_000;

fn bright() -> Light {
    Light::Bright
}

/// A light source: on a square, or carried by a creature (it moves with it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LightSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[i32; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried_by: Option<String>,
    /// Feet of Bright Light, then feet of Dim Light beyond it (a torch: 20 and 20).
    pub bright_ft: u32,
    pub dim_ft: u32,
}

/// One square the Referee set: its light before any source, and what obscures it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquareLight {
    pub x: i32,
    pub y: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Light>,
    /// Fog, foliage: obscured whatever the light and the viewer's senses.
    #[serde(default = "not_obscured")]
    pub obscured: Obscured,
    /// Magical Darkness (the Darkness spell): no light source brightens the square and
    /// Darkvision does not see through it; Blindsight and Truesight do (DD-VIS-07, -09).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub magical_darkness: bool,
}

/// An area of magical Darkness: every square within `radius_ft` of `at` (a Darkness spell's
/// 15-ft sphere), as [`SquareLight::magical_darkness`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DarknessArea {
    pub at: [i32; 2],
    pub radius_ft: u32,
}

fn not_obscured() -> Obscured {
    Obscured::Not
}

/// The map's lighting (`set_light`, replacing the one before).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lighting {
    /// The level of a square no setting and no source changes (Bright by default: daylight).
    #[serde(default = "bright")]
    pub ambient: Light,
    #[serde(default)]
    pub squares: Vec<SquareLight>,
    #[serde(default)]
    pub sources: Vec<LightSpec>,
    /// Areas of magical Darkness (at most [`MAX_LIGHTS`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub darkness: Vec<DarknessArea>,
}

impl Default for Lighting {
    fn default() -> Self {
        Lighting {
            ambient: Light::Bright,
            squares: Vec::new(),
            sources: Vec::new(),
            darkness: Vec::new(),
        }
    }
}

/// Whether magical Darkness covers a square (a marked square, or one inside an area).
pub fn magical_dark(lighting: &Lighting, sq: Square) -> bool {
    lighting
        .squares
        .iter()
        .any(|s| s.x == sq.x && s.y == sq.y && s.magical_darkness)
        || lighting.darkness.iter().any(|a| {
            let centre = Space::new(Square::new(a.at[0], a.at[1]), 1);
            distance_ft(&centre, &Space::new(sq, 1)) <= a.radius_ft
        })
}

fn level(l: Light) -> LightLevel {
    match l {
        Light::Darkness => LightLevel::Darkness,
        Light::Dim => LightLevel::Dim,
        Light::Bright => LightLevel::Bright,
    }
}

/// Squares of a radius in feet (a partial square still lights it).
fn squares_of(ft: u32) -> u32 {
    ft.div_ceil(SQUARE_FT)
}

/// The light sources of `lighting` where they are now (a carried one where its carrier
/// stands; one whose carrier is off the grid sheds none).
pub fn sources(lighting: &Lighting, positions: &BTreeMap<String, Square>) -> Vec<LightSource> {
    lighting
        .sources
        .iter()
        .filter_map(|s| {
            let at = match (&s.carried_by, s.at) {
                (Some(c), _) => *positions.get(c)?,
                (None, Some([x, y])) => Square::new(x, y),
                (None, None) => return None,
            };
            let bright = squares_of(s.bright_ft);
            Some(LightSource {
                at,
                bright,
                dim: squares_of(s.bright_ft.saturating_add(s.dim_ft)).saturating_sub(bright),
            })
        })
        .collect()
}

fn light_with(lighting: &Lighting, lit: &[LightSource], map: &GridMap, sq: Square) -> Light {
    if magical_dark(lighting, sq) {
        // No light of a torch or a lantern brightens magical Darkness.
        return Light::Darkness;
    }
    let base = lighting
        .squares
        .iter()
        .find(|s| s.x == sq.x && s.y == sq.y)
        .and_then(|s| s.light)
        .unwrap_or(lighting.ambient);
    // Only sources whose light reaches the square need a line of sight to it.
    let near: Vec<LightSource> = lit
        .iter()
        .filter(|s| s.level_at(sq, Diagonals::OneEach) > LightLevel::Darkness)
        .copied()
        .collect();
    level_on_map(map, sq, &near, level(base), Diagonals::OneEach).into()
}

/// The light on a square (DD-VIS-01..03): its set level (or the ambient one), brightened by
/// every source with a line of sight to it.
pub fn light_at(state: &DndState, map: &GridMap, sq: Square) -> Light {
    let lit = sources(&state.lighting, &state.positions);
    light_with(&state.lighting, &lit, map, sq)
}

/// What obscures a square whatever the light (fog, foliage).
fn set_obscured(state: &DndState, sq: Square) -> Obscured {
    state
        .lighting
        .squares
        .iter()
        .find(|s| s.x == sq.x && s.y == sq.y)
        .map_or(Obscured::Not, |s| s.obscured)
}

/// The senses on a creature's sheet.
pub fn senses(rec: &CreatureRecord) -> Senses {
    let s = rec.spec.senses;
    Senses {
        darkvision_ft: s.darkvision_ft,
        blindsight_ft: s.blindsight_ft,
        truesight_ft: s.truesight_ft,
        tremorsense_ft: s.tremorsense_ft,
    }
}

/// How obscured `target` (a space) is to a viewer standing in `from` with `senses`
/// (DD-VIS-02..05, 07, 09): the least obscured of the target's squares, each the worse of its
/// light for these senses and its fog or foliage.
pub fn obscured_for(
    state: &DndState,
    map: &GridMap,
    from: &Space,
    senses: &Senses,
    target: &Space,
) -> Obscured {
    let lit = sources(&state.lighting, &state.positions);
    obscured_lit(state, &lit, map, from, senses, target)
}

/// [`obscured_for`] with the light sources where `lit` has them.
fn obscured_lit(
    state: &DndState,
    lit: &[LightSource],
    map: &GridMap,
    from: &Space,
    senses: &Senses,
    target: &Space,
) -> Obscured {
    let d = distance_ft(from, target);
    target
        .squares()
        .map(|sq| {
            let magical = magical_dark(&state.lighting, sq);
            obscurement(
                light_with(&state.lighting, lit, map, sq),
                d,
                senses,
                magical,
            )
            .max(set_obscured(state, sq))
        })
        .min()
        .unwrap_or(Obscured::Not)
}

/// Whether creature `eyes` standing in `from` sees creature `body` standing in `at`
/// (DD-VIS-05..09, DD-COND-03, DD-COND-09): a line of sight on the map, then the pure rule of
/// `vision::can_see` with the light and obscurement of `body`'s space, Blinded eyes and a body
/// Invisible to them.
pub fn sees_at(
    state: &DndState,
    map: &GridMap,
    eyes: &CreatureRecord,
    from: &Space,
    body: &CreatureRecord,
    at: &Space,
) -> bool {
    let lit = sources(&state.lighting, &state.positions);
    sees_lit(state, &lit, map, eyes, from, body, at)
}

/// [`sees_at`] with the light sources where `lit` has them (a carried one where its carrier
/// would stand).
pub fn sees_lit(
    state: &DndState,
    lit: &[LightSource],
    map: &GridMap,
    eyes: &CreatureRecord,
    from: &Space,
    body: &CreatureRecord,
    at: &Space,
) -> bool {
    let s = senses(eyes);
    crate::vision::can_see(
        &s,
        distance_ft(from, at),
        eyes.conditions.has(Condition::Blinded),
        invisible_to(state, body, &eyes.spec.id),
        obscured_lit(state, lit, map, from, &s, at),
        !map.line_of_sight(from, at),
    )
}

/// Whether creature `eyes` in `from` knows where a creature in `at` is by Tremorsense
/// (DD-VIS-08): in range, both on the ground (the grid has no flying or climbing height, so
/// every creature on it touches the same floor). Not sight: it makes nobody "seen".
pub fn tremorsense_at(eyes: &CreatureRecord, from: &Space, at: &Space) -> bool {
    crate::vision::tremorsense_detects(&senses(eyes), distance_ft(from, at), true, false)
}

/// [`sees_at`] where the two stand; `None` when either is off the grid.
pub fn sees(state: &DndState, eyes: &CreatureRecord, body: &CreatureRecord) -> Option<bool> {
    let from = space_in(state, &eyes.spec.id)?;
    let at = space_in(state, &body.spec.id)?;
    let map = grid_map(&state.map);
    Some(sees_at(state, &map, eyes, &from, body, &at))
}

/// A creature's space from the state alone.
pub fn space_in(state: &DndState, id: &str) -> Option<Space> {
    let at = *state.positions.get(id)?;
    Some(state.creatures.get(id)?.spec.size.grid_space(at))
}

/// The `set_light` command: the Referee's lighting of the map.
pub fn set_light(ctx: &mut Ctx<'_, Dnd2024>, l: &Lighting) -> Result<(), RuleError> {
    check_sources(l)?;
    if l.squares.len() > MAX_LIT_SQUARES {
        return Err(RuleError::new(
            "list_too_long",
            format!(
                "lighting sets at most {MAX_LIT_SQUARES} squares, not {}",
                l.squares.len()
            ),
        )
        .rule("MAX_LIT_SQUARES"));
    }
    for s in &l.squares {
        tabletop::map::check_coord("x", s.x)
            .and_then(|_| tabletop::map::check_coord("y", s.y))
            .map_err(|e| RuleError::new("bad_map", e.to_string()))?;
    }
    if l.darkness.len() > MAX_LIGHTS {
        return Err(RuleError::new(
            "list_too_long",
            format!(
                "at most {MAX_LIGHTS} areas of magical Darkness, not {}",
                l.darkness.len()
            ),
        )
        .rule("MAX_LIGHTS"));
    }
    for a in &l.darkness {
        tabletop::map::check_coord("x", a.at[0])
            .and_then(|_| tabletop::map::check_coord("y", a.at[1]))
            .map_err(|e| RuleError::new("bad_map", e.to_string()))?;
        if a.radius_ft > MAX_LIGHT_FT {
            return Err(RuleError::new(
                "out_of_range",
                format!("an area of Darkness reaches at most {MAX_LIGHT_FT} ft"),
            )
            .rule("MAX_LIGHT_FT"));
        }
    }
    for s in &l.sources {
        if s.bright_ft > MAX_LIGHT_FT || s.dim_ft > MAX_LIGHT_FT {
            return Err(RuleError::new(
                "out_of_range",
                format!("a light sheds at most {MAX_LIGHT_FT} ft of each kind"),
            )
            .rule("MAX_LIGHT_FT"));
        }
        match (&s.at, &s.carried_by) {
            (Some([x, y]), None) => {
                tabletop::map::check_coord("x", *x)
                    .and_then(|_| tabletop::map::check_coord("y", *y))
                    .map_err(|e| RuleError::new("bad_map", e.to_string()))?;
            }
            (None, Some(c)) => {
                if !ctx.rules().creatures.contains_key(c) {
                    return Err(super::super::no_creature(c));
                }
            }
            _ => {
                return Err(RuleError::new(
                    "bad_light",
                    "a light source is either at a square or carried by a creature",
                ));
            }
        }
    }
    let masked = players_lighting(l, |id| {
        ctx.rules().creatures.get(id).is_some_and(|r| !r.hidden)
    });
    ctx.emit_masked(
        DndEvent::LightSet(l.clone()),
        Visibility::Referee,
        DndEvent::LightSet(masked),
    )
}

/// The lighting a viewer may know: a source carried by a creature it may not see is left out
/// (it would say where the creature stands).
fn players_lighting(l: &Lighting, sees: impl Fn(&str) -> bool) -> Lighting {
    Lighting {
        sources: l
            .sources
            .iter()
            .filter(|s| s.carried_by.as_deref().is_none_or(&sees))
            .cloned()
            .collect(),
        ..l.clone()
    }
}

/// At most this many squares a side in a viewer's light rows.
pub const MAX_LIGHT_ROWS: i32 = 200;

/// The lighting in a viewer's projection of the grid: the settings it may know, and the light
/// each square has from (0, 0) past the last thing on the map, as rows of `b` (Bright), `d`
/// (Dim) and `-` (Darkness) for the battle grid (`null` while everything is Bright and
/// nothing obscured).
///
/// A player (or spectator) does not learn of a light carried by a creature out of their view
/// (its entry is left out of `sources`, the creature off their grid), yet every square its
/// light reaches that a character of the party has a line of sight to shows lit as it is: the
/// party sees the glow (as at the table, a light in the dark shows roughly where it is), and
/// the answers of `attack_odds` and `search` there agree with the grid. A square no character
/// has a line of sight to shows the light the known settings give it (no answer differs
/// there: no line of sight, no sight). Magical Darkness shows as Darkness; only the Referee's
/// projection says which squares are magical (`magical`).
pub fn project(state: &TableState<DndState>, viewer: &Viewer) -> serde_json::Value {
    let referee = *viewer == Viewer::Referee;
    let mut lighting = players_lighting(&state.rules.lighting, |id| viewer_sees(state, viewer, id));
    if !referee {
        for s in &mut lighting.squares {
            s.magical_darkness = false;
        }
        lighting
            .squares
            .retain(|s| s.light.is_some() || s.obscured != Obscured::Not);
        lighting.darkness.clear();
    }
    let positions: BTreeMap<String, Square> = state
        .rules
        .positions
        .iter()
        .filter(|(id, _)| viewer_sees(state, viewer, id))
        .map(|(id, at)| (id.clone(), *at))
        .collect();
    let map = grid_map(&state.rules.map);
    let xs = state
        .rules
        .map
        .cells
        .iter()
        .map(|c| (c.x, c.y))
        .chain(positions.values().map(|p| (p.x, p.y)))
        .chain(lighting.squares.iter().map(|s| (s.x, s.y)))
        .chain(
            lighting
                .sources
                .iter()
                .filter_map(|s| s.at.map(|[x, y]| (x, y))),
        );
    let (mut width, mut height) = (10, 7);
    for (x, y) in xs {
        width = width.max(x.saturating_add(3));
        height = height.max(y.saturating_add(3));
    }
    let (width, height) = (width.min(MAX_LIGHT_ROWS), height.min(MAX_LIGHT_ROWS));
    // The settings as the rules have them (magical Darkness included), with the sources the
    // viewer knows of; and every source, for the squares the party sees lit.
    let known = Lighting {
        sources: lighting.sources.clone(),
        ..state.rules.lighting.clone()
    };
    let known_lit = sources(&known, &positions);
    let all_lit = sources(&state.rules.lighting, &state.rules.positions);
    let unknown_lights = all_lit.len() != known_lit.len();
    let eyes = if unknown_lights {
        party_spaces(state)
    } else {
        Vec::new()
    };
    let light_of = |sq: Square| -> Light {
        let seen = light_with(&known, &known_lit, &map, sq);
        if !unknown_lights {
            return seen;
        }
        let real = light_with(&state.rules.lighting, &all_lit, &map, sq);
        if real != seen
            && eyes
                .iter()
                .any(|e| map.line_of_sight(e, &Space::new(sq, 1)))
        {
            real
        } else {
            seen
        }
    };
    let rows: Vec<String> = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| match light_of(Square::new(x, y)) {
                    Light::Bright => 'b',
                    Light::Dim => 'd',
                    Light::Darkness => '-',
                })
                .collect()
        })
        .collect();
    if lighting == Lighting::default() && rows.iter().all(|r| r.chars().all(|c| c == 'b')) {
        return serde_json::Value::Null;
    }
    let mut out = serde_json::json!({
        "ambient": lighting.ambient,
        "squares": lighting.squares,
        "sources": lighting.sources,
        "width": width,
        "height": height,
        "rows": rows,
    });
    if referee {
        let magical: Vec<[i32; 2]> = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .filter(|&(x, y)| magical_dark(&state.rules.lighting, Square::new(x, y)))
            .map(|(x, y)| [x, y])
            .collect();
        out["darkness"] = serde_json::json!(state.rules.lighting.darkness);
        out["magical"] = serde_json::json!(magical);
    }
    out
}

/// Refuses more light sources than [`MAX_LIGHTS`] (checked with the list limit too).
pub fn check_sources(l: &Lighting) -> Result<(), RuleError> {
    if l.sources.len() > MAX_LIGHTS {
        return Err(RuleError::new(
            "list_too_long",
            format!(
                "at most {MAX_LIGHTS} light sources, not {}",
                l.sources.len()
            ),
        )
        .rule("MAX_LIGHTS"));
    }
    Ok(())
}

/// The party's eyes on the grid: each creature a player runs that stands on it, alive and
/// not Unconscious (unaware of its surroundings), with its space.
pub fn party_eyes(state: &TableState<DndState>) -> Vec<(&CreatureRecord, Space)> {
    state
        .rules
        .creatures
        .iter()
        .filter(|(id, r)| {
            state.core.participants.controllers(id).next().is_some()
                && !r.dead
                && !r.conditions.has(Condition::Unconscious)
        })
        .filter_map(|(id, r)| Some((r, space_in(&state.rules, id)?)))
        .collect()
}

/// The spaces of the party's eyes on the grid (see [`party_eyes`]).
pub fn party_spaces(state: &TableState<DndState>) -> Vec<Space> {
    party_eyes(state).into_iter().map(|(_, s)| s).collect()
}
