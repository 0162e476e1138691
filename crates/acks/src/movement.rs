//! Combat movement («Движение», «Бег», «Натиск», «Подготовка оружия против натиска»,
//! «Оборонительное движение», «Прочее движение»): engaged or free, running and exhaustion,
//! charge and set against a charge, fighting withdrawal and full retreat, simple actions.
use crate::options::WithdrawalAttackTiming;
use crate::{AcksError, Options};
use serde::{Deserialize, Serialize};

/// Reach within which combatants are engaged (AC-MOVE-02).
pub const ENGAGED_FT: u32 = 5;
/// A charge needs at least this much movement (AC-MOVE-06, AC-MOUNT-05).
pub const CHARGE_MIN_FT: u32 = 20;
/// Running rounds for creatures without a CON score (AC-MOVE-05).
pub const MONSTER_RUN_ROUNDS: u32 = 24;

/// AC-MOVE-02: engaged at 5 ft or less.
pub fn engaged(distance_ft: u32) -> bool {
    distance_ft <= ENGAGED_FT
}

/// AC-MOVE-04: running = 3 × combat movement; no attack except a charge.
pub fn running_ft(combat_ft: u32) -> u32 {
    3 * combat_ft
}

/// AC-MOVE-05: rounds of running before exhaustion: 2 × CON, or 24 without CON.
pub fn running_rounds(con: Option<u32>) -> u32 {
    con.map_or(MONSTER_RUN_ROUNDS, |c| 2 * c)
}

/// A planned charge (AC-MOVE-06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    pub distance_ft: u32,
    pub combat_ft: u32,
    pub straight_and_clear: bool,
    pub target_visible: bool,
    pub engaged: bool,
}

/// AC-MOVE-06/07: checks a charge; on success the charger gets +2 to hit and −2 AC until its
/// next initiative count, returned as (attack bonus, AC penalty).
pub fn charge(c: Charge) -> Result<(i32, i32), AcksError> {
    let refuse = |m: &str| Err(AcksError::range("AC-MOVE-06", m.to_string()));
    if c.engaged {
        return refuse("an engaged combatant cannot charge");
    }
    if c.distance_ft < CHARGE_MIN_FT {
        return refuse("a charge needs at least 20 ft of movement");
    }
    if c.distance_ft > running_ft(c.combat_ft) {
        return refuse("a charge covers at most the running movement");
    }
    if !c.straight_and_clear || !c.target_visible {
        return refuse("a charge needs a visible target along a roughly straight, clear path");
    }
    Ok((2, -2))
}

/// Weapons that matter for charges and sets (AC-MOVE-08/09, AC-MOUNT-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeWeapon {
    Spear,
    Lance,
    Polearm,
    /// Horns and similar natural weapons.
    SuitableNatural,
    Other,
}

/// AC-MOVE-08: double damage on a successful charge with these weapons.
pub fn charge_doubles(w: ChargeWeapon) -> bool {
    w != ChargeWeapon::Other
}

/// AC-MOVE-09: setting a weapon against a charge needs equal or better initiative and a spear,
/// polearm or similar piercing weapon (not a lance); it deals double damage and acts on the
/// charger's count.
pub fn set_vs_charge(
    w: ChargeWeapon,
    setter_count: i32,
    charger_count: i32,
) -> Result<(), AcksError> {
    if !matches!(w, ChargeWeapon::Spear | ChargeWeapon::Polearm) {
        return Err(AcksError::range(
            "AC-MOVE-09",
            "only spears, polearms and similar piercing weapons can be set against a charge",
        ));
    }
    if setter_count < charger_count {
        return Err(AcksError::range(
            "AC-MOVE-09",
            "setting against a charge needs equal or better initiative",
        ));
    }
    Ok(())
}

/// Defensive movement (AC-MOVE-11/12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Withdrawal {
    FightingWithdrawal,
    FullRetreat,
}

/// AC-MOVE-11/12: moving back `feet` is a fighting withdrawal up to half combat movement along
/// an unobstructed path, a full retreat beyond that (up to combat movement).
pub fn withdrawal(feet: u32, combat_ft: u32, path_clear: bool) -> Result<Withdrawal, AcksError> {
    if feet <= combat_ft / 2 {
        if !path_clear {
            return Err(AcksError::range(
                "AC-MOVE-11",
                "a fighting withdrawal needs an unobstructed path back",
            ));
        }
        Ok(Withdrawal::FightingWithdrawal)
    } else if feet <= combat_ft {
        Ok(Withdrawal::FullRetreat)
    } else {
        Err(AcksError::range(
            "AC-MOVE-12",
            format!("a retreat covers at most the combat movement ({combat_ft} ft)"),
        ))
    }
}

/// AC-MOVE-11, AC-OPEN-07: when the withdrawing combatant's free attack on a follower happens:
/// `None` = at once when the follower enters reach; `Some(count)` = on that count.
pub fn withdrawal_attack_count(options: &Options, withdrawer_count: i32) -> Option<i32> {
    match options.withdrawal_attack {
        WithdrawalAttackTiming::WhenFollowerEntersReach => None,
        WithdrawalAttackTiming::OnWithdrawersCount => Some(withdrawer_count),
    }
}

/// AC-MOVE-01, AC-MOVE-03, AC-ATK-01, AC-SPELL-03: may the combatant still move this round?
/// Not after attacking, not while casting.
pub fn may_move(attacked: bool, casting: bool) -> bool {
    !attacked && !casting
}

/// Simple actions that replace movement (AC-MOVE-13, AC-ACTION-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SimpleAction {
    StandUp,
    SwapWeapons,
    ReadyOrStowShield,
    PickUpItem,
    TakeFromPack,
    LightTorch,
    DrinkPotion,
    UseWandOrRing,
    TurnUndead,
    /// Drop one weapon and draw another: free (AC-MOVE-13, AC-ACTION-02).
    DropAndDraw,
}

impl SimpleAction {
    /// Whether it uses the round's movement or action; dropping and drawing is free.
    pub fn costs_action(self) -> bool {
        self != SimpleAction::DropAndDraw
    }
}
