//! What the fight means for one creature, read from the whole table: its speed, footing,
//! space and neighbours, and who sees or controls it.

use std::collections::BTreeSet;

use engine::{Ctx, RuleError, Visibility};

use crate::combat::fight::{FightError, Side};
use crate::combat::grid::{Occupant, Space, squeezed_space};
use crate::conditions::{ConditionDetail, ConditionKind};
use crate::nature::Size;

use crate::ruleset::adapter::{Crows, err};
use crate::ruleset::core::records::{blind_players, public_sees};
use crate::ruleset::state::CrowsState;

pub(in crate::ruleset) fn side_key(side: Side) -> &'static str {
    match side {
        Side::Crows => "crows",
        Side::Enemies => "enemies",
    }
}

/// Who sees where `id` is and what it does on the grid: everyone but the players it is hidden
/// from (CR-HIDE-05).
pub(in crate::ruleset) fn grid_audience(ctx: &Ctx<'_, Crows>, id: &str) -> Visibility {
    let blind = blind_players(&ctx.core().participants, ctx.rules(), id);
    if blind.is_empty() && public_sees(&ctx.core().participants, ctx.rules(), id) {
        Visibility::Public
    } else {
        Visibility::Players(
            ctx.core()
                .participants
                .players
                .keys()
                .filter(|p| !blind.contains(*p))
                .cloned()
                .collect(),
        )
    }
}

/// The space a placed creature takes.
pub(in crate::ruleset) fn space_of(state: &CrowsState, id: &str) -> Option<(Space, Size)> {
    let p = state.combat.placements.get(id)?;
    let size = state.creatures.get(id)?.creature.size;
    let space = if p.squeezing {
        squeezed_space(p.at, size)
    } else {
        Space::of_size(p.at, size)
    };
    Some((space, size))
}

/// Every placed creature as the pure rules' occupants, numbered in placement order; the ids
/// by number.
pub(in crate::ruleset) fn occupants(state: &CrowsState) -> (Vec<Occupant>, Vec<String>) {
    let mut out = Vec::new();
    let mut ids = Vec::new();
    for (id, p) in &state.combat.placements {
        let Some((space, size)) = space_of(state, id) else {
            continue;
        };
        if !state.creatures.get(id).is_some_and(|r| r.creature.alive) {
            continue;
        }
        let n = u32::try_from(ids.len()).unwrap_or(u32::MAX);
        out.push(Occupant {
            id: n,
            size,
            space,
            team: match p.side {
                Side::Crows => 0,
                Side::Enemies => 1,
            },
        });
        ids.push(id.clone());
    }
    (out, ids)
}

/// What core's `test` adds to an attack for its `target`: the target's glow (CR-BL-24), an
/// edge when the attacker is hidden from it (CR-HIDE-03) and the light at its square
/// (CR-LIGHT-04/05). Core reads them for the attack's first target; an attack with several
/// targets reads them for each other one from this (CR-ATK-14). Keep in step with core's
/// `test`.
pub(in crate::ruleset) fn core_target_modifiers(
    state: &CrowsState,
    attacker: &str,
    target: &str,
) -> Vec<crate::test_roll::Modifier> {
    let mut out = state.magic.attack_modifiers_against(target);
    out.extend(state.hiding.attack_modifier(attacker, target));
    out.extend(crate::ruleset::core::light::light_modifier_for(
        state, attacker, target,
    ));
    out
}

/// The modifiers `id`'s own test of `spec` gets from where it stands on the battle grid: fully
/// submerged without a swim speed, a bane on Agility and Strength tests (CR-MOVE-04). None off
/// the grid or in flight.
pub(in crate::ruleset) fn footing_modifiers(
    state: &CrowsState,
    id: &str,
    spec: &crate::test_roll::TestSpec,
) -> Vec<crate::test_roll::Modifier> {
    let (Some((space, _)), Some(p), Some(r)) = (
        space_of(state, id),
        state.combat.placements.get(id),
        state.creatures.get(id),
    ) else {
        return Vec::new();
    };
    if p.flying
        || !crate::combat::movement::submerged_without_swim_speed(
            &state.combat.grid(),
            &space,
            r.creature.speeds.swim.is_some(),
        )
    {
        return Vec::new();
    }
    crate::modifiers::row("submerged_without_swim_speed").map_or_else(Vec::new, |row| {
        row.modifiers_for(
            spec,
            crate::modifiers::Whose::Bearer,
            &crate::modifiers::Context::default(),
        )
    })
}

/// The players who control `id` (for decisions they answer).
pub(in crate::ruleset) fn controllers(ctx: &Ctx<'_, Crows>, id: &str) -> BTreeSet<String> {
    ctx.core().participants.controllers(id).cloned().collect()
}

/// [`speed_of`] on a state (the view's derived speed uses it too).
pub(in crate::ruleset) fn speed_in(rules: &CrowsState, id: &str) -> u8 {
    let Some(r) = rules.creatures.get(id) else {
        return 0;
    };
    let p = rules.combat.placements.get(id);
    let holding = holding_in(rules, id)
        .and_then(|held| rules.creatures.get(&held))
        .map(|h| h.creature.size);
    r.creature.combat_speed(
        p.is_some_and(|p| p.flying),
        crate::combat::grid::squeezing_halvings(p.is_some_and(|p| p.squeezing)),
        holding,
        &rules.options,
    )
}

/// [`holding`] on a state.
pub(in crate::ruleset) fn holding_in(rules: &CrowsState, id: &str) -> Option<String> {
    rules.creatures.iter().find_map(|(other, r)| {
        match r
            .creature
            .conditions
            .get(ConditionKind::Grabbed)
            .map(|c| &c.detail)
        {
            Some(ConditionDetail::Grab(g)) if g.by == id => Some(other.clone()),
            _ => None,
        }
    })
}

pub(in crate::ruleset) fn fight_err(e: FightError) -> RuleError {
    err("combat_refused", e)
}
