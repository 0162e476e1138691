//! The party on the road as the travel commands and the other families read it: who
//! controls a member, the day under way, where the party is, and what travel means for a
//! rest (rations, wounds healed, the dungeon threshold at a site).

use std::collections::BTreeSet;

use engine::{Ctx, RuleError, Visibility};

use crate::overrides::RuleOverride;
use crate::travel::day::{self, Stage};
use crate::travel::lost::Position;
use crate::travel::miasma::MiasmaState;
use crate::travel::{Step, TravelError};

use super::state::{TravelDay, TravelEvent};
use crate::ruleset::adapter::{Crows, err};
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

/// Where the party stands in its days, as the pure day's steps read it (CR-TRAVEL-02).
pub(in crate::ruleset) fn stage(ctx: &Ctx<'_, Crows>) -> Stage {
    let t = &ctx.rules().travel;
    Stage {
        step: t.day.as_ref().map(|d| d.step),
        tests_started: t.day.as_ref().is_some_and(|d| d.tests_started),
        rest_open: t.day.as_ref().is_some_and(|d| d.rest.is_some()),
        miasma_round: t.round.is_some(),
        exploring: t.exploring.is_some(),
        placed: t.position.is_some(),
    }
}

/// A travel refusal under the wire code it has always had.
pub(in crate::ruleset) fn refused(e: TravelError) -> RuleError {
    use TravelError as E;
    match e {
        E::NoTravelDay => err("no_travel_day", e),
        E::NoPosition => err("no_position", e),
        E::NoParty => err("no_party", e),
        E::DayRunning | E::PlacedDuringDay | E::PartySetDuringDay => err("day_running", e),
        E::ExploringSite
        | E::RestAtSite
        | E::CheckAtSite
        | E::ExploringInTurns
        | E::AlreadyExploring
        | E::UsageInDungeon => err("exploring", e),
        E::RolesClosed => err("roles_closed", e),
        E::RolesPending { .. } | E::RoleTestsUnderWay => err("roles_pending", e),
        E::RestBeforeNextDay | E::PartyResting | E::AlreadyResting => err("resting", e),
        E::NotResting => err("not_resting", e),
        E::RestFinishing => err("rest_finishing", e),
        E::EaterNotInParty { .. } | E::NotInParty { .. } => err("not_in_party", e),
        E::TurnedToReferee { .. } => err("turned", e),
        E::LazyRefusesRoles { .. } => err("refuses_roles", e),
        E::AssistsInstead { .. } | E::AlreadyAssisting { .. } => err("assisting", e),
        E::OnTrackAlready | E::NotLost | E::PartyNotLost => err("not_lost", e),
        E::LostGuide => err("lost_guide", e),
        E::BadCharacteristic { .. } => err("bad_characteristic", e),
        E::PicksNone { .. }
        | E::SupportsNoRole { .. }
        | E::TooManyAllies
        | E::TooManyBacked
        | E::WrongRole { .. } => err("bad_picks", e),
        E::NoQuarry => err("no_quarry", e),
        E::OwnAssist => err("bad_assist", e),
        E::HoldsRole { .. } => err("holds_role", e),
        E::NoRoleToAssist { .. } | E::NoRole { .. } => err("no_role", e),
        E::TrackUnruled { .. } => err("track_unruled", e),
        E::ZoomedIn => err("zoomed_in", e),
        E::NoHexesLeft { .. } => err("no_hexes_left", e),
        E::DieShowed { .. } | E::BadFace { .. } => err("bad_face", e),
        E::NotThere { .. } => err("not_there", e),
        E::Recognised { .. } => err("recognised", e),
        E::NotExploring => err("not_exploring", e),
        E::FoundByTest => err("bad_found", e),
        E::UnknownHex { .. } => err("unknown_hex", e),
        E::BadTerrain { .. } => err("bad_terrain", e),
        E::BadSite | E::SiteNotesTooLong => err("bad_site", e),
        E::UnknownSite { .. } => err("unknown_site", e),
        E::SiteInUse => err("site_in_use", e),
        E::BadMount { .. } => err("bad_mount", e),
        E::MountTooSmall { .. } => err("mount_too_small", e),
        E::HumanNotInParty { .. } => err("bad_party", e),
        E::SecondGuide
        | E::RoleFull { .. }
        | E::TaskTaken { .. }
        | E::CreatureHasRole(_)
        | E::RefusesRoles(_) => err("role_refused", e),
        E::Turned | E::NoFreeRow => err("miasma", e),
        E::BadAnswer(_) => err("bad_answer", e),
    }
}

pub(in crate::ruleset) fn day_of<'a>(ctx: &'a Ctx<'_, Crows>) -> Result<&'a TravelDay, RuleError> {
    day::under_way(ctx.rules().travel.day.as_ref()).map_err(refused)
}

pub(in crate::ruleset) fn position_of(ctx: &Ctx<'_, Crows>) -> Result<Position, RuleError> {
    day::placed(ctx.rules().travel.position).map_err(refused)
}

/// A party member's number in the day's ledger (CR-ROLE-01).
pub(in crate::ruleset) fn index_of(ctx: &Ctx<'_, Crows>, creature: &str) -> Result<u32, RuleError> {
    crate::travel::setup::member_index(&ctx.rules().travel.party.members, creature).map_err(refused)
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
