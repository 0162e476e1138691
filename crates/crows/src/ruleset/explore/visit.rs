//! The visit as the exploration commands read it: the dungeon visit under way and its
//! secrets, the engine turn, the encounter threshold, the party and its checks.

use engine::{Ctx, RuleError};

use crate::encounters::{self, EncounterError};
use crate::town::TownError;

use super::state::{Visit, VisitSecrets};
use crate::ruleset::adapter::{Crows, err};
use crate::ruleset::core::records::living;
use crate::ruleset::state::CrowsState;

pub(in crate::ruleset) fn visit(ctx: &Ctx<'_, Crows>) -> Result<Visit, RuleError> {
    encounters::visiting(ctx.rules().explore.visit.clone()).map_err(dungeon_refused)
}

/// A refusal of the dungeon visit's rules under the wire code it has always had.
pub(in crate::ruleset) fn dungeon_refused(e: EncounterError) -> RuleError {
    use EncounterError as E;
    match e {
        E::NoDungeon => err("no_dungeon", e),
        E::InDungeon { .. } | E::TimeInDungeon => err("in_dungeon", e),
        E::ExplorationRunning => err("exploration_running", e),
        E::EnterResting | E::NoTurnWhileResting | E::RestChecksItself | E::LeaveResting => {
            err("resting", e)
        }
        E::EnterFromTown => err("in_town", e),
        E::BadLength { .. } => err("bad_length", e),
        E::D10Showed { .. } => err("bad_face", e),
        E::NotInDungeon => err("not_in_dungeon", e),
        E::AlreadyPaused => err("already_paused", e),
        E::NotPaused => err("not_paused", e),
        E::NotRoomBased => err("not_room_based", e),
        E::NoSign => err("no_sign", e),
        E::BadFace(_) | E::UnknownTable(_) | E::NoTable => err("bad_check", e),
    }
}

/// A refusal of the town's rules under the wire code it has always had.
pub(in crate::ruleset) fn town_refused(e: TownError) -> RuleError {
    use TownError as E;
    match e {
        E::NotInTown => err("not_in_town", e),
        E::RestActivityInstead => err("resting", e),
        E::SleepHours { .. } => err("bad_hours", e),
        E::TownInDungeon => err("in_dungeon", e),
        E::AlreadyInTown => err("in_town", e),
        _ => err("town_refused", e),
    }
}

pub(in crate::ruleset) fn secrets(ctx: &Ctx<'_, Crows>) -> VisitSecrets {
    secrets_of(ctx.rules())
}

pub(in crate::ruleset) fn secrets_of(rules: &CrowsState) -> VisitSecrets {
    rules.explore.secrets.clone().unwrap_or_default()
}

pub(in crate::ruleset) fn engine_turn(ctx: &Ctx<'_, Crows>) -> u32 {
    ctx.core().clock.exploration.as_ref().map_or(0, |e| e.turn)
}

/// The dungeon EN now (CR-ENC-03, CR-ENC-07, CR-ERR-47).
pub(in crate::ruleset) fn dungeon_threshold(ctx: &Ctx<'_, Crows>, camp_secluded: bool) -> u8 {
    let s = secrets(ctx);
    // Arrived from the road: the day's travel threshold is the dungeon's (CR-POI-02).
    let base = crate::ruleset::travel::party::dungeon_encounter_threshold(ctx.rules())
        .unwrap_or_else(|| encounters::dungeon_threshold(s.level));
    encounters::modified_threshold(
        base,
        camp_secluded,
        s.threshold_modifier,
        &ctx.rules().explore.encounter_options,
    )
}

/// The default group: every living creature some player controls.
pub(in crate::ruleset) fn default_party(ctx: &Ctx<'_, Crows>) -> Vec<String> {
    ctx.rules()
        .creatures
        .iter()
        .filter(|(id, r)| {
            r.creature.alive && ctx.core().participants.controllers(id).next().is_some()
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// Refuses a rest command that the travel family's rest in the open does itself, so its day
/// steps, meals and Miasma round stay with it (CR-TRAVEL-02).
pub(in crate::ruleset) fn not_in_the_open(
    ctx: &Ctx<'_, Crows>,
    what: &str,
) -> Result<(), RuleError> {
    crate::rest::may_rest_here(
        crate::ruleset::travel::party::resting_in_the_open(ctx.rules()),
        what,
    )
    .map_err(|e| err("rest_in_the_open", e))?;
    Ok(())
}

pub(in crate::ruleset) fn check_party(
    ctx: &Ctx<'_, Crows>,
    party: &[String],
    rule: &str,
) -> Result<(), RuleError> {
    crate::rest::may_name_group(party, rule).map_err(|e| err("empty_party", e))?;
    for (i, id) in party.iter().enumerate() {
        living(ctx, id)?;
        crate::rest::named_once(&party[..i], id, rule).map_err(|e| err("duplicate_creature", e))?;
    }
    Ok(())
}
