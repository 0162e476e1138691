//! The visit as the exploration commands read it: the dungeon visit under way and its
//! secrets, the engine turn, the encounter threshold, the party and its checks.

use std::collections::BTreeSet;

use engine::{Ctx, RuleError};

use crate::encounters;

use super::state::{Visit, VisitSecrets};
use crate::ruleset::adapter::{Crows, err};
use crate::ruleset::core::records::living;
use crate::ruleset::state::CrowsState;

pub(in crate::ruleset) fn visit(ctx: &Ctx<'_, Crows>) -> Result<Visit, RuleError> {
    ctx.rules().explore.visit.clone().ok_or_else(|| {
        err(
            "not_in_dungeon",
            "CR-DT-01: the party is not in a dungeon (send enter_dungeon first)",
        )
    })
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
    if crate::ruleset::travel::party::resting_in_the_open(ctx.rules()) {
        return Err(err(
            "rest_in_the_open",
            format!("CR-TRAVEL-02: this is a rest in the open: {what}"),
        ));
    }
    Ok(())
}

pub(in crate::ruleset) fn check_party(
    ctx: &Ctx<'_, Crows>,
    party: &[String],
    rule: &str,
) -> Result<(), RuleError> {
    if party.is_empty() {
        return Err(err(
            "empty_party",
            format!("{rule}: name at least one creature of the group"),
        ));
    }
    let mut seen = BTreeSet::new();
    for id in party {
        living(ctx, id)?;
        if !seen.insert(id) {
            return Err(err(
                "duplicate_creature",
                format!("{rule}: `{id}` is named twice"),
            ));
        }
    }
    Ok(())
}
