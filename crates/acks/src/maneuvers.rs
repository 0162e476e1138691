//! Special maneuvers («Особые приемы», «Драка», «Обезоруживание», «Оттеснение», «Оглушение»,
//! «Подсечка», «Обход», «Сокрушение», «Захват»): the attack penalty, the target's save vs
//! Paralysis and its modifiers, and what each maneuver does.
use crate::AcksError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Maneuver {
    Disarm,
    ForceBack,
    KnockOut,
    KnockDown,
    Overrun,
    /// Sunder a staff, spear or polearm.
    SunderHafted,
    /// Sunder any other weapon or a shield.
    SunderOther,
    Wrestle,
}

impl Maneuver {
    /// The attack throw penalty (AC-MANEUVER-04…13).
    pub fn attack_modifier(self) -> i32 {
        match self {
            Maneuver::SunderOther => -6,
            _ => -4,
        }
    }
    /// Whether the target saves vs Paralysis (knock out deals nonlethal damage instead).
    pub fn target_saves(self) -> bool {
        self != Maneuver::KnockOut
    }
    /// Whether the attacker's much larger size gives −4 to the save (AC-MANEUVER-05/10/13).
    pub fn size_matters(self) -> bool {
        matches!(
            self,
            Maneuver::ForceBack | Maneuver::Overrun | Maneuver::Wrestle
        )
    }
}

/// Relative size of attacker and target (AC-MANEUVER-15/16; a mounted attacker uses its mount).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SizeGap {
    /// The target is much larger or oddly shaped: +4 to its save (the Judge may rule the
    /// attempt impossible instead).
    TargetMuchLarger,
    Similar,
    /// The attacker is much larger: −4 where size matters.
    AttackerMuchLarger,
    /// A very large attacker against a much smaller target: −6 or more, Judge-set.
    AttackerHuge(i32),
}

/// The target's save modifier for a maneuver.
pub fn save_modifier(m: Maneuver, gap: SizeGap) -> Result<i32, AcksError> {
    Ok(match gap {
        SizeGap::TargetMuchLarger => 4,
        SizeGap::Similar => 0,
        SizeGap::AttackerMuchLarger if m.size_matters() => -4,
        SizeGap::AttackerMuchLarger => 0,
        SizeGap::AttackerHuge(p) => {
            if p > -6 {
                return Err(AcksError::range(
                    "AC-MANEUVER-15",
                    format!("a very large attacker imposes −6 or more, got {p}"),
                ));
            }
            p
        }
    })
}

/// AC-MANEUVER-12: sunder save modifier: − the sundering weapon's magic bonus + the item's;
/// daggers, swords and shields +4; staffs, spears and polearms −4. A magic item can only be
/// sundered by a weapon of at least its bonus (refused otherwise).
pub fn sunder_save_modifier(
    weapon_bonus: i32,
    item_bonus: i32,
    sturdy_item: bool,
    hafted_item: bool,
) -> Result<i32, AcksError> {
    if item_bonus > weapon_bonus {
        return Err(AcksError::range(
            "AC-MANEUVER-12",
            format!("a +{item_bonus} item cannot be sundered by a +{weapon_bonus} weapon"),
        ));
    }
    Ok(item_bonus - weapon_bonus + if sturdy_item { 4 } else { 0 }
        - if hafted_item { 4 } else { 0 })
}

/// AC-MANEUVER-05: a failed save against force back pushes the target back by the attacker's
/// normal damage roll, in feet.
pub fn force_back_feet(damage_roll: u32) -> u32 {
    damage_roll
}

/// AC-MANEUVER-06: forced into another creature: who falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Collision {
    TargetFalls,
    OtherFalls,
}

pub fn forced_into(other_same_size_or_larger: bool) -> Collision {
    if other_same_size_or_larger {
        Collision::TargetFalls
    } else {
        Collision::OtherFalls
    }
}

/// Brawling (AC-MANEUVER-02/03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Brawl {
    Punch,
    Kick,
}

/// (damage die sides, attack modifier); always nonlethal, STR applies.
pub fn brawl(b: Brawl) -> (u32, i32) {
    match b {
        Brawl::Punch => (3, 0),
        Brawl::Kick => (4, -2),
    }
}

/// AC-MANEUVER-03: a brawler in light or no armour hurts itself on a target in metal armour;
/// monsters never brawl.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BrawlDamageTo {
    Target,
    Attacker,
}

pub fn brawl_damage_to(
    attacker_light_or_no_armour: bool,
    target_metal_armour: bool,
    attacker_is_monster: bool,
) -> Result<BrawlDamageTo, AcksError> {
    if attacker_is_monster {
        return Err(AcksError::range("AC-MANEUVER-03", "monsters never brawl"));
    }
    Ok(if attacker_light_or_no_armour && target_metal_armour {
        BrawlDamageTo::Attacker
    } else {
        BrawlDamageTo::Target
    })
}

/// AC-MANEUVER-10: an overrun is not the round's attack; a target that saves and blocks takes
/// damage as from a melee hit; one that fails or steps aside lets the attacker pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OverrunOutcome {
    BlockedAndDamaged,
    Passed,
}

pub fn overrun(target_saved: bool, target_blocks: bool) -> OverrunOutcome {
    if target_saved && target_blocks {
        OverrunOutcome::BlockedAndDamaged
    } else {
        OverrunOutcome::Passed
    }
}

/// AC-MANEUVER-14: what a wrestler holding a target may do each round without an attack throw
/// (the target still saves), and whether it ends the hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HoldAction {
    Brawl,
    ForceBack,
    Disarm,
    KnockDown,
}

pub fn hold_ends(action: HoldAction, wrestler_moves_with_target: bool) -> bool {
    matches!(action, HoldAction::ForceBack | HoldAction::KnockDown) && !wrestler_moves_with_target
}

/// AC-MANEUVER-09: a prone combatant may stand (instead of moving) or crawl 5 ft per round.
pub const PRONE_CRAWL_FT: u32 = 5;

/// AC-MANEUVER-01: a monster with several attacks may spend any of them on maneuvers; the
/// number spent cannot exceed its routine.
pub fn split_routine(attacks_in_routine: u32, on_maneuvers: u32) -> Result<u32, AcksError> {
    attacks_in_routine.checked_sub(on_maneuvers).ok_or_else(|| {
        AcksError::range(
            "AC-MANEUVER-01",
            format!("the routine has {attacks_in_routine} attacks, not {on_maneuvers}"),
        )
    })
}
