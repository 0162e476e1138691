//! Initiative («Инициатива»): 1d6 + DEX modifier per combatant each round, highest first, ties
//! simultaneous; declarations before the roll; delay; long-weapon and missile interrupts.
use crate::AcksError;
use serde::{Deserialize, Serialize};

/// One combatant's initiative (a character, a monster, or a group of identical monsters).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    pub combatant: String,
    pub count: i32,
}

/// AC-INIT-01, AC-INIT-07: the count from a d6 face, the DEX modifier and −1 for a large
/// two-handed weapon.
pub fn count(d6_face: i32, dex_modifier: i32, two_handed_weapon: bool) -> Result<i32, AcksError> {
    if !(1..=6).contains(&d6_face) || !(-3..=3).contains(&dex_modifier) {
        return Err(AcksError::range(
            "AC-INIT-01",
            format!("d6 face 1–6 and DEX modifier −3…+3, got {d6_face} and {dex_modifier}"),
        ));
    }
    Ok(d6_face + dex_modifier - i32::from(two_handed_weapon))
}

/// AC-INIT-02: acting order, highest count first; equal counts form one simultaneous group.
pub fn order(mut all: Vec<Initiative>) -> Vec<Vec<String>> {
    all.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then_with(|| a.combatant.cmp(&b.combatant))
    });
    let mut groups: Vec<(i32, Vec<String>)> = Vec::new();
    for i in all {
        match groups.last_mut() {
            Some((c, g)) if *c == i.count => g.push(i.combatant),
            _ => groups.push((i.count, vec![i.combatant])),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// What must be declared before the roll (AC-INIT-03, AC-MOVE-10, AC-SPELL-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declaration {
    FightingWithdrawal,
    FullRetreat,
    /// The specific spell.
    Spell(String),
}

/// AC-INIT-03 / AC-MOVE-10: declarations are fixed once initiative is rolled.
pub fn change_declaration(initiative_rolled: bool) -> Result<(), AcksError> {
    if initiative_rolled {
        return Err(AcksError::range(
            "AC-MOVE-10",
            "declarations are made before initiative and cannot change during the round",
        ));
    }
    Ok(())
}

/// AC-INIT-04: delaying to a later count; waiting for a particular combatant makes both act
/// at once on that combatant's count. Returns the count acted on.
pub fn delay(own_count: i32, to_count: i32) -> Result<i32, AcksError> {
    if to_count > own_count {
        return Err(AcksError::range(
            "AC-INIT-04",
            format!(
                "a combatant can only delay to a later (lower) count, not from {own_count} to {to_count}"
            ),
        ));
    }
    Ok(to_count)
}

/// AC-INIT-05/06: whether a combatant may strike an approaching enemy on the enemy's count
/// despite a lower roll: with a long weapon (spear…), or holding a missile weapon at the start
/// of the round while not engaged.
pub fn may_interrupt(long_weapon: bool, missile_ready_at_round_start: bool, engaged: bool) -> bool {
    long_weapon || (missile_ready_at_round_start && !engaged)
}

/// How a combatant attacks this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackMode {
    Melee,
    Missile,
}

/// A combatant in a round: its count, whether it was surprised, how it attacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEntry {
    pub initiative: Initiative,
    pub surprised: bool,
    pub mode: AttackMode,
}

/// AC-RANGED-05 (with AC-INIT-02, AC-SURP-03): the acting order of a round. Missile attacks
/// follow the same initiative and surprise rules as any other: highest count first, ties
/// together, and a surprised combatant, shooter or not, does not act in round 1. (Interrupts
/// by a ready missile weapon are [`may_interrupt`].)
pub fn round_order(entries: &[RoundEntry], round: u32) -> Result<Vec<Vec<String>>, AcksError> {
    if round == 0 {
        return Err(AcksError::range("AC-INIT-02", "rounds are counted from 1"));
    }
    Ok(order(
        entries
            .iter()
            .filter(|e| crate::surprise::acts_in_round(round, e.surprised))
            .map(|e| e.initiative.clone())
            .collect(),
    ))
}
