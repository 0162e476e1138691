//! The party on the road as the travel commands and the other families read it: who
//! controls a member, the day under way, where the party is, and what travel means for a
//! rest (rations, wounds healed, the dungeon threshold at a site).

use std::collections::BTreeSet;

use engine::{Ctx, RuleError, Visibility};

use crate::overrides::RuleOverride;
use crate::travel::Step;
use crate::travel::lost::Position;
use crate::travel::miasma::MiasmaState;

use super::state::{TravelDay, TravelEvent};
use crate::ruleset::adapter::{Crows, refuse};
use crate::ruleset::state::CrowsState;

/// The dungeon-turn encounter threshold set by a travel day at a site (CR-POI-02), for the
/// explore family.
pub fn dungeon_encounter_threshold(state: &CrowsState) -> Option<u8> {
    state.travel.dungeon_encounter_threshold
}

/// Rations a creature needs per rest to get its benefits (Ravenous: 2, CR-MIASMA-07); none for
/// a creature that needs no food ([`RuleOverride::NeedsNoFood`], CR-REST-01), Ravenous or not.
pub fn rations_per_rest(state: &CrowsState, creature: &str) -> u8 {
    if state
        .creatures
        .get(creature)
        .is_some_and(|r| r.creature.has_override(&RuleOverride::NeedsNoFood))
    {
        return 0;
    }
    state
        .travel
        .miasma
        .get(creature)
        .map_or(1, MiasmaState::rations_per_rest)
}

/// Whether the party's rest in the open (`travel_rest`) is under way.
pub fn resting_in_the_open(state: &CrowsState) -> bool {
    state
        .travel
        .day
        .as_ref()
        .is_some_and(|d| d.step == Step::Rest && d.rest.is_some())
}

/// Whether `creature`, in the rest in the open under way, ate fewer rations than it needs for
/// the rest's benefits: only a Ravenous creature needs more than one (CR-MIASMA-07), and one
/// that needs no food needs none ([`rations_per_rest`]). False when no such rest is under way.
pub fn short_of_rations_in_open(state: &CrowsState, creature: &str) -> bool {
    let Some(rest) = state.travel.day.as_ref().and_then(|d| d.rest.as_ref()) else {
        return false;
    };
    let need = rations_per_rest(state, creature);
    let ate = rest.meals.get(creature).copied().unwrap_or(0);
    need > 1 && ate < need
}

/// Wounds a creature's rest removes (Lazy: 2, CR-MIASMA-07).
pub fn wounds_healed_per_rest(state: &CrowsState, creature: &str) -> u8 {
    state
        .travel
        .miasma
        .get(creature)
        .map_or(1, MiasmaState::wounds_healed_per_rest)
}

/// The Referee and the players of `creature`.
pub(in crate::ruleset) fn owners(ctx: &Ctx<'_, Crows>, creature: &str) -> Visibility {
    let players: BTreeSet<String> = ctx
        .core()
        .participants
        .controllers(creature)
        .cloned()
        .collect();
    if players.is_empty() {
        Visibility::Referee
    } else {
        Visibility::Players(players)
    }
}

pub(in crate::ruleset) fn day_of<'a>(ctx: &'a Ctx<'_, Crows>) -> Result<&'a TravelDay, RuleError> {
    ctx.rules().travel.day.as_ref().ok_or_else(|| {
        refuse(
            "no_travel_day",
            "CR-TRAVEL-02",
            "no travel day is under way: begin_travel_day first",
        )
    })
}

pub(in crate::ruleset) fn position_of(ctx: &Ctx<'_, Crows>) -> Result<Position, RuleError> {
    ctx.rules().travel.position.ok_or_else(|| {
        refuse(
            "no_position",
            "CR-LOST-01",
            "the party has no position on the map: place_party first",
        )
    })
}

/// Records a new position: public when the party knows where it is, otherwise for the
/// Referee only with the believed hex shown to the others (CR-LOST-01).
pub(in crate::ruleset) fn set_position(
    ctx: &mut Ctx<'_, Crows>,
    position: Position,
    why: &str,
) -> Result<(), RuleError> {
    let event = TravelEvent::PositionSet {
        position,
        why: why.to_string(),
    };
    if position.lost {
        ctx.emit_masked(
            event,
            Visibility::Referee,
            TravelEvent::PositionSeen {
                believed_hex: position.believed_hex,
                lost: true,
                why: why.to_string(),
            },
        )
    } else {
        ctx.emit(event)
    }
}
