//! The `spell_area` query: the squares a spell's area covers on the battle grid and the
//! creatures inside it, for the cast panel's overlay before anything is confirmed
//! (CR-SPELL-07/08). The shape is the pure [`crate::spells::Area::squares`]; squares holding a
//! solid wall or out of line of effect from the area's source drop out, as the cast itself
//! measures them (`combat::opposed::aim_spell`). Everything is read as the viewer is shown it:
//! a caster or an item the viewer may not see is refused exactly like a missing one, and a
//! creature hidden from the viewer is never named inside.

use engine::{RuleError, TableState, Viewer};
use serde::Deserialize;
use serde_json::{Value, json};

use super::adapter::{Crows, err};
use super::combat::board::occupants;
use super::combat::space_of;
use super::core::{no_creature, viewer_sees};
use super::state::CrowsState;
use crate::combat::grid::{Space, Square};
use crate::spells::{Area, AreaAt};

/// The largest arguments accepted, as JSON text.
pub const MAX_ARGS_BYTES: usize = 1024;
/// The furthest square coordinate accepted, either way on each axis.
pub const MAX_COORDINATE: i32 = 1000;
/// The largest radius, side, length or width of an area named directly (not by a card).
pub const MAX_AREA_SIDE: u8 = 64;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Args {
    caster: String,
    #[serde(default)]
    item: Option<u32>,
    #[serde(default)]
    area: Option<Area>,
    #[serde(default)]
    at: Option<AreaAt>,
}

fn bad(message: impl Into<String>) -> RuleError {
    RuleError::new("bad_query", message).rule("query.spell_area")
}

/// `spell_area`: args `caster`, either `item` (a spellbook the caster carries, its card's
/// area) or `area` (`{"cube": 2}`, `{"line": {"length": 4, "width": 1}}`, `{"aura": 1}`),
/// and `at` (`{"origin": {x, y}, "toward": {x, y}}`, for a cube or a line). Answers
/// `{"squares": [[x, y], …], "inside": [ids]}`.
pub(super) fn spell_area(
    ruleset: &Crows,
    state: &TableState<CrowsState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    if serde_json::to_string(args).map_or(usize::MAX, |s| s.len()) > MAX_ARGS_BYTES {
        return Err(bad(format!(
            "spell_area: the arguments are longer than {MAX_ARGS_BYTES} bytes"
        )));
    }
    let args = Args::deserialize(args).map_err(|e| {
        bad(format!(
            "spell_area: {e} (args: `caster`, `item` or `area`, `at`)"
        ))
    })?;
    let rules = &state.rules;
    let sees = |id: &str| viewer_sees(&state.core.participants, rules, viewer, id);
    if !rules.creatures.contains_key(&args.caster) || !sees(&args.caster) {
        return Err(no_creature(&args.caster));
    }
    let area = match (args.item, args.area) {
        (Some(item), None) => card_area(ruleset, state, viewer, &args.caster, item)?,
        (None, Some(area)) => {
            let side = match area {
                Area::Aura(r) | Area::Cube(r) => r,
                Area::Line { length, width } => length.max(width),
            };
            if side == 0 || side > MAX_AREA_SIDE {
                return Err(bad(format!(
                    "spell_area: an area's sizes are whole numbers from 1 to {MAX_AREA_SIDE}"
                )));
            }
            area
        }
        _ => {
            return Err(bad("spell_area: send either `item` or `area`"));
        }
    };
    let within = |s: Square| s.x.abs() <= MAX_COORDINATE && s.y.abs() <= MAX_COORDINATE;
    if let Some(at) = args.at
        && !(within(at.origin) && at.toward.is_none_or(within))
    {
        return Err(bad(format!(
            "spell_area: squares lie within {MAX_COORDINATE} of (0, 0) on each axis"
        )));
    }
    let (caster_space, _) = space_of(rules, &args.caster).ok_or_else(|| {
        bad(format!(
            "spell_area: {} is not on the battle grid",
            args.caster
        ))
    })?;
    let source = match (area, args.at) {
        (Area::Aura(_), _) => caster_space,
        (_, Some(at)) => Space::new(at.origin, 1),
        (_, None) => {
            return Err(bad(
                "spell_area: a cube or a line needs `at` with its origin square (CR-SPELL-07)",
            ));
        }
    };
    let at = if matches!(area, Area::Aura(_)) {
        None
    } else {
        args.at
    };
    let shape = area.squares(&caster_space, at).ok_or_else(|| {
        bad("spell_area: a line needs a direction: `toward`, a square other than its origin")
    })?;
    // The grid is public (every viewer is shown its cells); walls stop a spell and it does not
    // bend around corners (CR-SPELL-07).
    let grid = rules.combat.grid();
    let squares: Vec<Square> = crate::combat::line_of_effect::area_reached(&grid, &source, shape);
    let (_, ids) = occupants(rules);
    let inside: Vec<&String> = ids
        .iter()
        .filter(|id| sees(id))
        .filter(|id| {
            space_of(rules, id).is_some_and(|(sp, _)| squares.iter().any(|q| sp.contains(*q)))
        })
        .collect();
    let squares: Vec<[i32; 2]> = squares.iter().map(|q| [q.x, q.y]).collect();
    Ok(json!({"area": area, "squares": squares, "inside": inside}))
}

/// The area on the card of spellbook `item` that `caster` carries, read through what the
/// viewer is shown of the caster's items (a player sees only its own creatures' items).
fn card_area(
    ruleset: &Crows,
    state: &TableState<CrowsState>,
    viewer: &Viewer,
    caster: &str,
    item: u32,
) -> Result<Area, RuleError> {
    let missing = || RuleError::new("unknown_item", format!("{caster} carries no item {item}"));
    let view = ruleset.core_project(state, viewer);
    let shown = view["creatures"][caster]["items"]
        .as_array()
        .is_some_and(|items| {
            items
                .iter()
                .any(|i| i["id"].as_u64() == Some(u64::from(item)))
        });
    if !shown {
        return Err(missing());
    }
    let record = state.rules.creatures.get(caster).ok_or_else(missing)?;
    let it = record
        .creature
        .inventory
        .item(crate::inventory::ItemId(item))
        .ok_or_else(missing)?;
    let card = crate::spells::spellbook_of(
        &it.name,
        it.card
            .as_ref()
            .and_then(|c| state.rules.content.items.get(c))
            .and_then(|c| c.spellbook.clone()),
    )
    .map_err(|e| err("not_a_spellbook", e))?;
    card.area.map(|a| a.area).ok_or_else(|| {
        bad(format!(
            "spell_area: {} has no area on its card",
            card.spell
        ))
    })
}
