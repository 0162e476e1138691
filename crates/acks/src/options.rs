use serde::{Deserialize, Serialize};

/// The checklist's open decisions (AC-OPEN-*), each a named option. `Default` gives the values
/// the project settled in issue 19.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// AC-OPEN-01: Mortal Wounds modifier for treatment right after the fight (within 1 turn).
    pub after_fight: AfterFight,
    /// AC-OPEN-06: how "pursuers at least twice as fast" counts in wilderness evasion.
    pub twice_as_fast: TwiceAsFast,
    /// AC-OPEN-07: when a fighting withdrawal's free attack on a follower happens.
    pub withdrawal_attack: WithdrawalAttackTiming,
    /// AC-OPEN-05: the throw an oared ship needs each storm hour to stay afloat. Default 18.
    pub galley_storm_save: i32,
}

/// AC-OPEN-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AfterFight {
    /// The modifier list's value, read from T-17 (−3 as shipped; default).
    ModifierList,
    /// The nonlethal worked example's −2.
    WorkedExample,
}

/// AC-OPEN-06.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TwiceAsFast {
    /// −5 to the fleeing side's evasion throw (default).
    MinusFiveToEvasion,
    /// +5 to the pursuers' daily catch-up throw instead.
    PlusFiveToCatchUp,
}

/// AC-OPEN-07.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WithdrawalAttackTiming {
    /// At once, when the follower enters reach (default).
    WhenFollowerEntersReach,
    /// On the withdrawing combatant's own initiative count.
    OnWithdrawersCount,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            after_fight: AfterFight::ModifierList,
            twice_as_fast: TwiceAsFast::MinusFiveToEvasion,
            withdrawal_attack: WithdrawalAttackTiming::WhenFollowerEntersReach,
            galley_storm_save: 18,
        }
    }
}
