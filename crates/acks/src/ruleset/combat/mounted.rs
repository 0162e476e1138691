//! Mounted combat at the table (AC-MOUNT-01…08): a rider on a mount creature of the fight.
//!
//! The Judge seats a rider on its mount (`mount`), naming whether the mount is trained for war,
//! whether the saddle is a war saddle and whether the rider has the Riding proficiency for it.
//! The pair then acts on the rider's count (the mount rolls no initiative of its own), moves at
//! the mount's combat movement when the rider moves, and charges together. After moving only
//! one of the two attacks; standing still both may; after a run neither. Damage to a rider
//! without a war saddle calls for a save vs Paralysis; a rider or mount dropped to 0 hp throws
//! the rider, who takes 1d6; a mount at half its hit points owes the Judge a morale roll.
//!
//! A flying mount's height is the Judge's to set (`set_flying_height`); a rider thrown from it
//! falls 1d6 per 10 ft (AC-MOUNT-08). A rider who fails the saddle save while the mount is in
//! the air falls too, for the same dice: the text's fall from a flying mount names no cause
//! (on the ground a failed save only unseats, as before).

use super::lookups::{acting_now, combat_state, creature, in_fight, int, is_monster};
use super::state::{CombatEvent, CombatState, Combatant, DismountCost, Mounting, UnhorseCause};
use crate::mounted::{MountMove, MountedAttackers, mounted_attackers};
use crate::ruleset::adapter::{Acks, acks_err, refuse};
use engine::{Ctx, RuleError, Visibility};

/// The rider who sits on `mount`, if any.
pub(super) fn rider_of<'a>(fight: &'a CombatState, mount: &str) -> Option<&'a String> {
    fight
        .combatants
        .iter()
        .find(|(_, c)| c.mount.as_ref().is_some_and(|m| m.mount == mount))
        .map(|(id, _)| id)
}

/// The pair's movement this round, as the rider's record shows it.
fn pair_move(rider: &Combatant) -> MountMove {
    if rider.charging.is_some() {
        MountMove::Charge
    } else if rider.ran {
        MountMove::Run
    } else if rider.moved_ft > 0 {
        MountMove::Move
    } else {
        MountMove::StandStill
    }
}

/// `mount`: the Judge seats `rider` on `mount`, both in the fight and neither already paired.
pub(super) fn mount_command(
    ctx: &mut Ctx<'_, Acks>,
    rider: &str,
    mounting: &Mounting,
) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    in_fight(&fight, rider)?;
    in_fight(&fight, &mounting.mount)?;
    if rider == mounting.mount {
        return Err(refuse(
            "bad_mount",
            "AC-MOUNT-01",
            "a creature does not ride itself",
        ));
    }
    for id in [rider, mounting.mount.as_str()] {
        let paired = fight.combatants.get(id).is_some_and(|c| c.mount.is_some())
            || rider_of(&fight, id).is_some();
        if paired {
            return Err(refuse(
                "already_mounted",
                "AC-MOUNT-01",
                format!("`{id}` already rides or is ridden"),
            ));
        }
    }
    ctx.emit(CombatEvent::Mounted {
        rider: rider.to_string(),
        mount: mounting.mount.clone(),
        war_mount: mounting.war_mount,
        war_saddle: mounting.war_saddle,
        riding: mounting.riding,
    })
}

/// `dismount`: on its count the rider steps down in place of its movement or, having moved, of
/// its attack (AC-MOUNT-03).
pub(super) fn dismount_command(ctx: &mut Ctx<'_, Acks>, rider: &str) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    in_fight(&fight, rider)?;
    acting_pair(ctx, &fight, rider)?;
    let c = fight.combatants.get(rider).cloned().unwrap_or_default();
    let Some(m) = c.mount.as_ref() else {
        return Err(refuse(
            "not_mounted",
            "AC-MOUNT-03",
            format!("`{rider}` is not mounted"),
        ));
    };
    let instead_of = if c.moved_ft == 0 && c.attacks_made == 0 {
        DismountCost::Movement
    } else if c.attacks_made == 0 && c.dismount.is_none() {
        DismountCost::Attack
    } else {
        return Err(refuse(
            "cannot_dismount",
            "AC-MOUNT-03",
            "dismounting takes the place of the round's movement or its attack, and both are spent",
        ));
    };
    ctx.emit(CombatEvent::Dismounted {
        rider: rider.to_string(),
        mount: m.mount.clone(),
        instead_of,
    })
}

/// Highest a flying combatant may be set, in feet (100d6 of fall).
pub const MAX_FLYING_FT: u32 = 1_000;

/// `set_flying_height`: the Judge sets how high a flyer of the fight is (AC-MOUNT-08).
pub(super) fn flying_height_command(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    height_ft: u32,
) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    in_fight(&fight, who)?;
    if height_ft > MAX_FLYING_FT {
        return Err(refuse(
            "bad_height",
            "AC-MOUNT-08",
            format!("a flyer's height runs 0–{MAX_FLYING_FT} ft"),
        ));
    }
    ctx.emit(CombatEvent::FlyingHeightSet {
        creature: who.to_string(),
        height_ft,
    })
}

/// The height of `mount` in the air, if it flies.
fn height_of(fight: &CombatState, mount: &str) -> Option<u32> {
    fight
        .combatants
        .get(mount)
        .and_then(|c| c.flying_ft)
        .filter(|h| *h > 0)
}

/// The pair's combat movement when `who` rides: the mount's (AC-MOUNT-01).
pub(super) fn mount_of(fight: &CombatState, who: &str) -> Option<Mounting> {
    fight.combatants.get(who).and_then(|c| c.mount.clone())
}

/// Movement checks of the pair (AC-MOUNT-01/03/05): the mount moves only with its rider; a
/// mounted charge needs a war mount; a rider who dismounted instead of moving stays put.
pub(super) fn check_move(
    fight: &CombatState,
    who: &str,
    charge: Option<(bool, bool, u32)>,
) -> Result<(), RuleError> {
    if let Some(rider) = rider_of(fight, who) {
        return Err(refuse(
            "mount_follows_rider",
            "AC-MOUNT-01",
            format!("`{who}` moves with its rider `{rider}`: move the rider"),
        ));
    }
    let c = fight.combatants.get(who);
    if c.is_some_and(|c| c.dismount == Some(DismountCost::Movement)) {
        return Err(refuse(
            "cannot_move",
            "AC-MOUNT-03",
            "dismounting took this round's movement",
        ));
    }
    if let (Some(m), Some((engaged, path_clear, feet))) = (c.and_then(|c| c.mount.as_ref()), charge)
    {
        crate::mounted::mounted_charge(m.war_mount, engaged, path_clear, feet)
            .map_err(|e| acks_err("cannot_charge", e))?;
    }
    Ok(())
}

/// Attack checks of the pair (AC-MOUNT-01/02/04): who of rider and mount may attack after the
/// pair's movement, and the Riding proficiency for the rider's own attack.
pub(super) fn check_attack(fight: &CombatState, attacker: &str) -> Result<(), RuleError> {
    let (rider_id, rider, partner_attacked, riding) = match fight.combatants.get(attacker) {
        Some(c) if c.mount.is_some() => {
            let m = c.mount.as_ref().map(|m| m.mount.as_str()).unwrap_or("");
            let mount_attacks = fight.combatants.get(m).map_or(0, |c| c.attacks_made);
            let riding = c.mount.as_ref().is_some_and(|m| m.riding);
            (attacker, c, mount_attacks > 0, riding)
        }
        Some(c) => {
            if c.dismount == Some(DismountCost::Attack) {
                return Err(refuse(
                    "no_attacks_left",
                    "AC-MOUNT-03",
                    "dismounting took this round's attack",
                ));
            }
            let Some(rider_id) = rider_of(fight, attacker) else {
                return Ok(());
            };
            let Some(rider) = fight.combatants.get(rider_id) else {
                return Ok(());
            };
            // The mount's own attack needs no proficiency of the rider's.
            (rider_id.as_str(), rider, rider.attacks_made > 0, true)
        }
        None => return Ok(()),
    };
    let who = mounted_attackers(pair_move(rider), riding).map_err(|e| acks_err("no_riding", e))?;
    match who {
        MountedAttackers::RiderAndMount => Ok(()),
        MountedAttackers::Neither => Err(refuse(
            "ran",
            "AC-MOUNT-02",
            format!("`{rider_id}` and its mount ran this round: neither attacks"),
        )),
        MountedAttackers::RiderOrMount if partner_attacked => Err(refuse(
            "one_attacks",
            "AC-MOUNT-01",
            "after the pair moves, the rider or the mount attacks, not both",
        )),
        MountedAttackers::RiderOrMount => Ok(()),
    }
}

/// After damage lands on `target` (AC-MOUNT-06/07/08): the saddle save, the fall, the mount's
/// morale at half its hit points.
pub(super) fn after_damage(
    ctx: &mut Ctx<'_, Acks>,
    target: &str,
    hp_before: i32,
    hp_after: i32,
    max_hp: i32,
) -> Result<(), RuleError> {
    let Some(fight) = ctx.rules().combat.clone() else {
        return Ok(());
    };
    if hp_after >= hp_before {
        return Ok(());
    }
    if let Some(m) = mount_of(&fight, target) {
        if hp_after <= 0 {
            return throw_rider(ctx, target, &m.mount, UnhorseCause::RiderDown);
        }
        if crate::mounted::saddle_save_needed(m.war_saddle, true) {
            let t = creature(ctx.rules(), target)?.clone();
            let value = super::lookups::save_value(ctx.rules(), &t)?;
            let vis = if is_monster(ctx.rules(), target) {
                Visibility::Referee
            } else {
                Visibility::Public
            };
            let face = int(ctx
                .roll(
                    &format!("{target} saves vs paralysis to keep the saddle"),
                    "1d20",
                    vis.clone(),
                )?
                .total);
            let saved =
                crate::saves::resolve_save(value, 0, face).map_err(|e| acks_err("bad_face", e))?;
            ctx.emit_for(
                CombatEvent::SaddleSave {
                    rider: target.to_string(),
                    face,
                    needed: value,
                    saved,
                },
                vis,
            )?;
            if !saved {
                return throw_rider(ctx, target, &m.mount, UnhorseCause::SaddleSaveFailed);
            }
        }
        return Ok(());
    }
    let Some(rider) = rider_of(&fight, target).cloned() else {
        return Ok(());
    };
    if hp_after <= 0 {
        return throw_rider(ctx, &rider, target, UnhorseCause::MountDown);
    }
    if !crate::mounted::mount_checks_morale(hp_before, max_hp)
        && crate::mounted::mount_checks_morale(hp_after, max_hp)
    {
        let rider_may_calm = mount_of(&fight, &rider).is_some_and(|m| m.riding);
        ctx.emit_for(
            CombatEvent::MountMoraleDue {
                mount: target.to_string(),
                rider,
                rider_may_calm,
            },
            Visibility::Referee,
        )?;
    }
    Ok(())
}

/// The rider leaves the saddle; a rider or mount at 0 hp throws it for 1d6 (AC-MOUNT-08).
fn throw_rider(
    ctx: &mut Ctx<'_, Acks>,
    rider: &str,
    mount: &str,
    cause: UnhorseCause,
) -> Result<(), RuleError> {
    let height_ft = ctx
        .rules()
        .combat
        .as_ref()
        .and_then(|f| height_of(f, mount));
    // On the ground a failed saddle save unseats without a fall's dice; in the air it is a
    // fall from a flying mount (AC-MOUNT-08).
    let fall = cause != UnhorseCause::SaddleSaveFailed || height_ft.is_some();
    let mut fall_damage = None;
    let vis = if is_monster(ctx.rules(), rider) {
        Visibility::Referee
    } else {
        Visibility::Public
    };
    if fall {
        let dice = crate::mounted::fall_dice(height_ft);
        let r = ctx.roll(
            &format!("{rider} falls from {mount}"),
            &format!("{dice}d6"),
            vis,
        )?;
        fall_damage = Some(u32::try_from(r.total.max(0)).unwrap_or(0));
    }
    ctx.emit(CombatEvent::Unhorsed {
        rider: rider.to_string(),
        mount: mount.to_string(),
        cause,
        fall_damage,
        height_ft,
    })?;
    if let Some(d) = fall_damage.filter(|d| *d > 0) {
        let before = creature(ctx.rules(), rider)?.hp;
        let after = before.saturating_sub(i32::try_from(d).unwrap_or(i32::MAX));
        crate::ruleset::steps::change_hp(ctx, rider, after, &format!("fall from {mount}"))?;
        if before > 0 && after <= 0 {
            ctx.emit(CombatEvent::Downed {
                creature: rider.to_string(),
            })?;
        }
    }
    Ok(())
}

/// The rider's counts carry to its mount (AC-MOUNT-01): one count for the pair.
pub(super) fn pair_counts(fight: &CombatState, counts: &mut Vec<crate::initiative::Initiative>) {
    let extra: Vec<crate::initiative::Initiative> = counts
        .iter()
        .filter_map(|i| {
            let m = mount_of(fight, &i.combatant)?;
            let combatant = m.mount;
            (!fight.fallen.contains(&combatant)).then_some(crate::initiative::Initiative {
                combatant,
                count: i.count,
            })
        })
        .collect();
    counts.extend(extra);
}

/// Applying the pair's events to the fight.
pub(super) fn apply(fight: &mut CombatState, event: &CombatEvent) {
    match event {
        CombatEvent::Mounted {
            rider,
            mount,
            war_mount,
            war_saddle,
            riding,
        } => {
            if let Some(c) = fight.combatants.get_mut(rider) {
                c.mount = Some(Mounting {
                    mount: mount.clone(),
                    war_mount: *war_mount,
                    war_saddle: *war_saddle,
                    riding: *riding,
                });
            }
        }
        CombatEvent::Dismounted {
            rider, instead_of, ..
        } => {
            if let Some(c) = fight.combatants.get_mut(rider) {
                c.mount = None;
                c.dismount = Some(*instead_of);
            }
        }
        CombatEvent::FlyingHeightSet {
            creature,
            height_ft,
        } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.flying_ft = (*height_ft > 0).then_some(*height_ft);
            }
        }
        CombatEvent::Unhorsed { rider, .. } => {
            if let Some(c) = fight.combatants.get_mut(rider) {
                c.mount = None;
            }
        }
        // The mount charges with its rider: +2 to hit, −2 AC (AC-MOUNT-05).
        CombatEvent::Moved { creature, .. } => {
            let Some(m) = mount_of(fight, creature) else {
                return;
            };
            let Some(r) = fight.combatants.get(creature).cloned() else {
                return;
            };
            if let Some(c) = fight.combatants.get_mut(&m.mount) {
                c.moved_ft = r.moved_ft;
                c.ran = r.ran;
                if r.charging.is_some() {
                    c.charging = Some(crate::movement::ChargeWeapon::Other);
                    c.charge_round = r.charge_round;
                }
            }
        }
        _ => {}
    }
}

/// The acting check of the pair: rider and mount act together on the rider's count, so
/// either one's turn serves both (AC-MOUNT-01).
pub(super) fn acting_pair(
    ctx: &Ctx<'_, Acks>,
    fight: &CombatState,
    who: &str,
) -> Result<(), RuleError> {
    let partner = match mount_of(fight, who) {
        Some(m) => Some(m.mount),
        None => rider_of(fight, who).cloned(),
    };
    match partner {
        Some(p) if ctx.core().clock.acting() == Some(p.as_str()) => Ok(()),
        _ => acting_now(ctx, who),
    }
}
