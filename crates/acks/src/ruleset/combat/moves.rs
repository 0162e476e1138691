//! Combat movement on a combatant's count: advance, run, charge, stand, withdraw
//! (AC-MOVE-01…12, AC-MANEUVER-09).

use engine::{Ctx, RuleError};

use super::lookups::{MAX_DISTANCE, combat_state, in_fight};
use super::state::{CombatEvent, Declaration, MoveKind};
use crate::movement::{self, ChargeWeapon, Withdrawal};
use crate::ruleset::adapter::{Acks, acks_err, refuse};
use crate::ruleset::state::AcksState;

/// A creature's combat movement per round: a third of its exploration speed.
pub(super) fn combat_ft(state: &AcksState, id: &str) -> u32 {
    match (state.character(id), state.card_of(id)) {
        (Some(ch), _) => ch.speed_ft / 3,
        (None, Some(card)) => card.speed_ft / 3,
        (None, None) => 0,
    }
}

pub(super) fn move_command(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    kind: MoveKind,
    feet: u32,
    engaged: bool,
    path_clear: bool,
    weapon: Option<ChargeWeapon>,
) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    in_fight(&fight, who)?;
    super::mounted::acting_pair(ctx, &fight, who)?;
    let c = fight.combatants.get(who).cloned().unwrap_or_default();
    let casting = matches!(c.declaration, Some(Declaration::Spell(_)));
    if !movement::may_move(c.attacks_made > 0, casting) {
        return Err(refuse(
            "cannot_move",
            if casting { "AC-MOVE-03" } else { "AC-MOVE-01" },
            if casting {
                "a caster does not move in the round it casts"
            } else {
                "after attacking a combatant moves no more this round"
            },
        ));
    }
    super::mounted::check_move(
        &fight,
        who,
        (kind == MoveKind::Charge).then_some((engaged, path_clear, feet)),
    )?;
    // AC-MOUNT-01: a rider moves at its mount's combat movement.
    let combat = match super::mounted::mount_of(&fight, who) {
        Some(m) => combat_ft(ctx.rules(), &m.mount),
        None => combat_ft(ctx.rules(), who),
    };
    let left = combat.saturating_sub(c.moved_ft);
    if (feet == 0 && kind != MoveKind::Stand) || feet > MAX_DISTANCE {
        return Err(refuse(
            "bad_distance",
            "AC-MOVE-01",
            format!("a move covers 1–{MAX_DISTANCE} ft"),
        ));
    }
    let defensive = matches!(
        c.declaration,
        Some(Declaration::FightingWithdrawal | Declaration::FullRetreat)
    );
    if engaged && kind != MoveKind::Withdraw {
        return Err(refuse(
            "engaged",
            "AC-MOVE-02",
            "an engaged combatant only withdraws or retreats, as declared",
        ));
    }
    let mut withdrawal = None;
    let mut charge_weapon = None;
    // AC-MANEUVER-09: a prone combatant stands instead of moving, or crawls 5 ft.
    if c.prone && !matches!(kind, MoveKind::Stand | MoveKind::Advance) {
        return Err(refuse(
            "prone",
            "AC-MANEUVER-09",
            "a prone combatant stands up or crawls first",
        ));
    }
    if c.prone && kind == MoveKind::Advance && feet > crate::maneuvers::PRONE_CRAWL_FT {
        return Err(refuse(
            "prone",
            "AC-MANEUVER-09",
            format!(
                "a prone combatant crawls {} ft a round",
                crate::maneuvers::PRONE_CRAWL_FT
            ),
        ));
    }
    let mut feet = feet;
    match kind {
        MoveKind::Stand => {
            if !c.prone {
                return Err(refuse(
                    "not_prone",
                    "AC-MANEUVER-09",
                    format!("`{who}` is on its feet"),
                ));
            }
            if c.moved_ft > 0 {
                return Err(refuse(
                    "cannot_move",
                    "AC-MANEUVER-09",
                    "standing up takes the round's movement",
                ));
            }
            // Standing takes the whole movement of the round.
            feet = combat;
        }
        MoveKind::Advance => {
            if feet > left {
                return Err(refuse(
                    "too_far",
                    "AC-MOVE-01",
                    format!("{left} ft of combat movement are left this round"),
                ));
            }
        }
        MoveKind::Run => {
            if feet > movement::running_ft(combat) {
                return Err(refuse(
                    "too_far",
                    "AC-MOVE-04",
                    format!("running covers at most {} ft", movement::running_ft(combat)),
                ));
            }
        }
        MoveKind::Charge => {
            movement::charge(movement::Charge {
                distance_ft: feet,
                combat_ft: combat,
                straight_and_clear: path_clear,
                target_visible: true,
                engaged,
            })
            .map_err(|e| acks_err("cannot_charge", e))?;
            charge_weapon = Some(weapon.unwrap_or(ChargeWeapon::Other));
        }
        MoveKind::Withdraw => {
            if !defensive {
                return Err(refuse(
                    "not_declared",
                    "AC-MOVE-10",
                    "defensive movement is declared before initiative",
                ));
            }
            let w = movement::withdrawal(feet, combat, path_clear)
                .map_err(|e| acks_err("cannot_withdraw", e))?;
            let declared = match c.declaration {
                Some(Declaration::FullRetreat) => Withdrawal::FullRetreat,
                _ => Withdrawal::FightingWithdrawal,
            };
            if w != declared {
                return Err(refuse(
                    "not_declared",
                    "AC-MOVE-10",
                    format!(
                        "{feet} ft back is a {}; the declaration stands for the round",
                        if w == Withdrawal::FullRetreat {
                            "full retreat"
                        } else {
                            "fighting withdrawal"
                        }
                    ),
                ));
            }
            withdrawal = Some(w);
        }
    }
    ctx.emit(CombatEvent::Moved {
        creature: who.to_string(),
        kind,
        feet,
        charge_weapon,
        withdrawal,
    })
}
