//! What the players see follows their characters' sight (issue 22; DD-VIS-05..09,
//! DD-COND-02, DD-COND-09).
//!
//! A monster is in the players' view when at least one creature of the party (a creature a
//! player runs, on the grid, alive and not Unconscious) perceives it: sees it through the
//! map's walls, the light, fog and magical Darkness with its senses, not Blinded, the monster
//! not Invisible to it ([`light::sees_lit`]) — or knows where it is by Tremorsense
//! ([`light::tremorsense_at`]; that is not sight: attacks still count it unseen). What any
//! character of the party perceives, every player and spectator sees: the Referee describes
//! the scene to the whole table. The Referee's `hidden` flag (a monster not yet revealed) and
//! Hiding stay overrides. With the monster or every eye of the party off the grid, the flag
//! alone decides, as before the grid.
//!
//! One bit carries it: [`CreatureRecord::hidden`] means "hidden from the players now", and
//! every secrecy rule (what a view shows, who sees an event or a roll, a refusal's words, a
//! query's answer) reads it. [`CreatureRecord::out_of_sight`] says sight is why. After every
//! accepted command, window, boundary and effect end, [`refresh`] compares each monster with
//! the party's sight and records the change: out of view, players get
//! `creature_out_of_view` naming it and nothing of where it went; back in view,
//! `creature_in_view` with its public view and its square. A move or placement the players
//! would watch ([`players_copy`]) shows them only the squares where the party perceives the
//! monster, so walking into darkness shows no destination.

use std::collections::BTreeMap;

use engine::{Ctx, RuleError, TableState};
use serde::{Deserialize, Serialize};
use tabletop::map::GridMap;
use tabletop::square::{Space, Square};

use super::creatures::{CreatureRecord, PublicView};
use super::grid::board::grid_map;
use super::grid::board::{Moved, Placed};
use super::grid::light::{self, party_eyes, sees_lit, sources, tremorsense_at};
use super::{Dnd2024, DndEvent, DndState, is_character, owners, record};

/// A monster came into the players' view (players' copy of its `creature_set`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InView {
    pub creature: String,
    pub view: PublicView,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Square>,
}

/// A monster left the players' view: its name, nothing of where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutOfView {
    pub creature: String,
    pub name: String,
}

/// Whether a creature is the party's: a character, or a creature a player runs.
pub fn of_party(state: &TableState<DndState>, id: &str, rec: &CreatureRecord) -> bool {
    is_character(rec) || state.core.participants.controllers(id).next().is_some()
}

/// Whether one of `eyes` perceives `body` standing in `at` (light sources where `lit` has
/// them).
fn perceived(
    state: &DndState,
    eyes: &[(&CreatureRecord, Space)],
    map: &GridMap,
    lit: &[tabletop::light::LightSource],
    body: &CreatureRecord,
    at: &Space,
) -> bool {
    eyes.iter().any(|(e, from)| {
        e.spec.id == body.spec.id
            || sees_lit(state, lit, map, e, from, body, at)
            || tremorsense_at(e, from, at)
    })
}

/// Whether no creature of the party perceives monster `id` where it stands now; `None` when
/// sight does not decide (the party's own creature, or it or every eye off the grid).
pub fn unseen_now(state: &TableState<DndState>, id: &str) -> Option<bool> {
    let eyes = party_eyes(state);
    let map = grid_map(&state.rules.map);
    unseen_with(state, &eyes, &map, id)
}

fn unseen_with(
    state: &TableState<DndState>,
    eyes: &[(&CreatureRecord, Space)],
    map: &GridMap,
    id: &str,
) -> Option<bool> {
    let rec = state.rules.creatures.get(id)?;
    if of_party(state, id, rec) || eyes.is_empty() {
        return None;
    }
    let at = light::space_in(&state.rules, id)?;
    let lit = sources(&state.rules.lighting, &state.rules.positions);
    Some(!perceived(&state.rules, eyes, map, &lit, rec, &at))
}

/// Brings the players' view in line with the party's sight (see the module docs): each
/// monster whose `hidden` bit sight alone should change gets its record and the players'
/// event. Nothing changes, nothing is emitted.
pub fn refresh(ctx: &mut Ctx<'_, Dnd2024>) -> Result<(), RuleError> {
    let changes: Vec<(String, bool)> = {
        let state = ctx.state();
        let eyes = party_eyes(state);
        let map = grid_map(&state.rules.map);
        state
            .rules
            .creatures
            .iter()
            .filter_map(|(id, rec)| {
                let unseen = unseen_with(state, &eyes, &map, id).unwrap_or(false);
                if rec.out_of_sight && !unseen {
                    Some((id.clone(), false))
                } else if !rec.hidden && unseen {
                    Some((id.clone(), true))
                } else {
                    None
                }
            })
            .collect()
    };
    for (id, out) in changes {
        let mut rec = record(ctx, &id)?;
        let vis = owners(ctx, &id);
        rec.out_of_sight = out;
        if out {
            rec.hidden = true;
            let players = DndEvent::CreatureOutOfView(OutOfView {
                creature: id.clone(),
                name: rec.spec.name.clone(),
            });
            ctx.emit_masked(
                DndEvent::CreatureSet {
                    record: Box::new(rec),
                },
                vis,
                players,
            )?;
        } else {
            // Hiding (or the Referee's flag set meanwhile) still keeps it out of view.
            rec.hidden = rec.hiding_dc.is_some();
            if rec.hidden {
                ctx.emit_for(
                    DndEvent::CreatureSet {
                        record: Box::new(rec),
                    },
                    vis,
                )?;
                continue;
            }
            let players = DndEvent::CreatureInView(InView {
                creature: id.clone(),
                view: rec.public_view(),
                at: ctx.rules().positions.get(&id).copied(),
            });
            ctx.emit_masked(
                DndEvent::CreatureSet {
                    record: Box::new(rec),
                },
                vis,
                players,
            )?;
        }
    }
    Ok(())
}

/// The players' copy of `ev` about monster `id` (which they see now): a placement where the
/// party does not perceive it is the Referee's alone (`None`), and a move shows only the
/// squares where the party perceives it (`seen_only`, no feet spent), none of them: `None`.
/// Any other event, or sight not deciding, is theirs as it is.
pub fn players_copy(state: &TableState<DndState>, id: &str, ev: &DndEvent) -> Option<DndEvent> {
    let squares: Vec<Square> = match ev {
        DndEvent::Placed(Placed { at, .. }) => vec![*at],
        DndEvent::Moved(m) => m.path.clone(),
        _ => return Some(ev.clone()),
    };
    let Some(rec) = state.rules.creatures.get(id) else {
        return Some(ev.clone());
    };
    let eyes = party_eyes(state);
    if of_party(state, id, rec) || eyes.is_empty() {
        return Some(ev.clone());
    }
    let map = grid_map(&state.rules.map);
    let carries_light = state
        .rules
        .lighting
        .sources
        .iter()
        .any(|s| s.carried_by.as_deref() == Some(id));
    let mut positions: BTreeMap<String, Square> = state.rules.positions.clone();
    let fixed = sources(&state.rules.lighting, &positions);
    let seen: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|sq| {
            let lit = if carries_light {
                positions.insert(id.to_string(), *sq);
                sources(&state.rules.lighting, &positions)
            } else {
                fixed.clone()
            };
            let at = rec.spec.size.grid_space(*sq);
            perceived(&state.rules, &eyes, &map, &lit, rec, &at)
        })
        .collect();
    if seen.is_empty() {
        return None;
    }
    if seen.len() == squares.len() {
        return Some(ev.clone());
    }
    match ev {
        DndEvent::Moved(m) => Some(DndEvent::Moved(Moved {
            creature: m.creature.clone(),
            path: seen,
            spent_ft: 0,
            held: m.held,
            seen_only: true,
        })),
        _ => Some(ev.clone()),
    }
}
