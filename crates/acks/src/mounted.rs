//! Mounted combat («Верховая инициатива и движение», «Верховые атаки», «Верховые животные и
//! урон»): who may attack after moving, the mounted charge, staying in the saddle, the mount's
//! morale and falls.
use crate::AcksError;
use serde::{Deserialize, Serialize};

/// Who may attack this round (AC-MOUNT-01/02/04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MountedAttackers {
    RiderAndMount,
    RiderOrMount,
    Neither,
}

/// Movement of the pair this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MountMove {
    StandStill,
    /// Up to the mount's combat movement.
    Move,
    /// 3 × combat movement.
    Run,
    Charge,
}

/// AC-MOUNT-01/02/04/05: who attacks; attacking from a mount needs the Riding proficiency.
pub fn mounted_attackers(
    m: MountMove,
    rider_has_riding: bool,
) -> Result<MountedAttackers, AcksError> {
    if !rider_has_riding && m != MountMove::Run {
        return Err(AcksError::range(
            "AC-MOUNT-04",
            "attacking from a mount needs the Riding proficiency for it",
        ));
    }
    Ok(match m {
        MountMove::StandStill | MountMove::Charge => MountedAttackers::RiderAndMount,
        MountMove::Move => MountedAttackers::RiderOrMount,
        MountMove::Run => MountedAttackers::Neither,
    })
}

/// AC-MOUNT-05, AC-EX-17: a mounted charge on a war mount, unengaged, straight path, target at
/// least 20 ft away: (+2 attack for rider and mount, −2 AC for both).
pub fn mounted_charge(
    war_mount: bool,
    engaged: bool,
    clear_straight_path: bool,
    distance_ft: u32,
) -> Result<(i32, i32), AcksError> {
    if !war_mount || engaged || !clear_straight_path || distance_ft < crate::movement::CHARGE_MIN_FT
    {
        return Err(AcksError::range(
            "AC-MOUNT-05",
            "a mounted charge needs a war mount, no engagement, a clear straight path and a target at least 20 ft away",
        ));
    }
    Ok((2, -2))
}

/// AC-MOUNT-06: a rider without a war saddle saves vs Paralysis whenever damaged or unhorsed.
pub fn saddle_save_needed(war_saddle: bool, damaged_or_unhorsing: bool) -> bool {
    !war_saddle && damaged_or_unhorsing
}

/// AC-MOUNT-07: a mount at half its hp or less checks morale.
pub fn mount_checks_morale(hp: i32, max_hp: i32) -> bool {
    2 * hp <= max_hp
}

/// AC-MOUNT-08: d6s of damage for the fall when rider or mount drops to 0 hp: 1, or 1 per
/// 10 ft from a flying mount — never fewer than the 1d6 of a fall from a mount on the ground
/// (a flyer skimming below 10 ft throws its rider as a horse would).
pub fn fall_dice(flying_height_ft: Option<u32>) -> u32 {
    flying_height_ft.map_or(1, |h| crate::dungeon::falling_dice(h).max(1))
}

/// AC-MOUNT-03: the mount may move unless the rider casts a spell (it must keep still) or the
/// pair already attacked; dismounting takes the place of the movement or the attack.
pub fn mount_may_move(rider_casting: bool, attacked: bool) -> bool {
    !rider_casting && !attacked
}

/// AC-MANEUVER-16: a mounted combatant's size for force back and overrun is its mount's.
pub fn maneuver_size(rider_size: u32, mount_size: Option<u32>) -> u32 {
    mount_size.unwrap_or(rider_size)
}
