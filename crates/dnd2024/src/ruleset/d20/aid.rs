//! What Dodge and Help add to the rolls (DD-ACT-08, DD-ACT-09): the state a dodger or a
//! helper carries on its record, read where D20 Tests and attack rolls are planned. The
//! actions that set it are `combat::actions`; this module sits under both, so a roll never
//! reaches up into combat to learn of them.

use engine::{Ctx, RuleError};

use super::super::creatures::CreatureRecord;
use super::super::{Dnd2024, DndState, is_character, record};
use crate::actions::{HelpWith, dodge_attack_disadvantage, dodge_dex_save_advantage};
use crate::combat::AttackSource;
use crate::core::Skill;

/// The Advantage source a Dodge gives a Dexterity save, as the test lists it.
pub const DODGE_SOURCE: &str = "Dodge";
/// The Advantage source a Help gives an ability check, as the test lists it.
pub const HELP_SOURCE: &str = "Help";

/// Whether two creatures are on the same side (the forecast's sides).
pub fn allies(a: &CreatureRecord, b: &CreatureRecord) -> bool {
    is_character(a) == is_character(b)
}

/// Whether `rec`'s Dodge holds now (DD-ACT-08.b).
pub fn dodge_active(rec: &CreatureRecord) -> bool {
    rec.dodging && dodge_dex_save_advantage(rec.conditions.incapacitated(), rec.speed()) > 0
}

/// The Dodge a record can no longer keep ends at once (DD-ACT-08.b): called on every stored
/// record.
pub fn settle_dodge(rec: &mut CreatureRecord) {
    if rec.dodging && !dodge_active(rec) {
        rec.dodging = false;
    }
}

/// A skill's name as a Help benefit stores it.
pub fn skill_name(skill: Skill) -> String {
    serde_json::to_value(skill)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The helpers whose Help gives Advantage to `attacker`'s attack roll against `target`.
pub fn attack_helpers(state: &DndState, attacker: &CreatureRecord, target: &str) -> Vec<String> {
    state
        .creatures
        .values()
        .filter(|h| h.spec.id != attacker.spec.id && allies(h, attacker))
        .filter(|h| {
            h.helping.as_ref().is_some_and(|g| {
                !g.used
                    && !g.lapsed
                    && matches!(&g.with, HelpWith::Attack { enemy } if enemy == target)
            })
        })
        .map(|h| h.spec.id.clone())
        .collect()
}

/// The helpers whose Help gives Advantage to `creature`'s next check with `skill`.
pub fn check_helpers(state: &DndState, creature: &str, skill: Skill) -> Vec<String> {
    let name = skill_name(skill);
    state
        .creatures
        .values()
        .filter(|h| h.spec.id != creature)
        .filter(|h| {
            h.helping.as_ref().is_some_and(|g| {
                !g.used
                    && !g.lapsed
                    && matches!(&g.with, HelpWith::Check { ally, skill_or_tool }
                        if ally == creature && *skill_or_tool == name)
            })
        })
        .map(|h| h.spec.id.clone())
        .collect()
}

/// The Advantage and Disadvantage sources the table adds to an attack roll from Dodge and
/// Help (`target_sees_attacker` as measured for the attack), with the helpers whose benefit
/// the roll uses.
pub fn attack_extras(
    state: &DndState,
    attacker: &CreatureRecord,
    target: &CreatureRecord,
    target_sees_attacker: bool,
) -> (Vec<AttackSource>, Vec<AttackSource>, Vec<String>) {
    let mut adv = Vec::new();
    let mut dis = Vec::new();
    if target.dodging
        && dodge_attack_disadvantage(
            target_sees_attacker,
            target.conditions.incapacitated(),
            target.speed(),
        ) > 0
    {
        dis.push(AttackSource::Dodging);
    }
    let helpers = attack_helpers(state, attacker, &target.spec.id);
    if !helpers.is_empty() {
        adv.push(AttackSource::Helped);
    }
    (adv, dis, helpers)
}

/// The roll used these helpers' benefits: each is spent.
pub fn use_help(ctx: &mut Ctx<'_, Dnd2024>, helpers: &[String]) -> Result<(), RuleError> {
    for h in helpers {
        let mut rec = record(ctx, h)?;
        rec.helping = None;
        super::super::set_record(ctx, rec)?;
    }
    Ok(())
}
