//! Special tests («Особые проверки»): assist, attack, casting, resistance roll, group test.
//!
//! The rulebook says "three" kinds and describes five (CR-ERR-06); all five are here. Attacks
//! and castings are ordinary tests with their own [`TestKind`] (their expertise limits are in
//! [`crate::expertise::eligibility`]); their results come from the combat and spell rules.
//!
//! Rulebook vs checklist: the rulebook says the assist *bonus* lapses if the assisted test
//! does not happen within one combat turn; the checklist (CR-ASSIST-02) says the assist
//! *modifier*. The rulebook is the contract, so the default [`AssistLapse::BonusOnly`] lets
//! only a bonus lapse (a tier-1 assist's −1 stays until the test); [`AssistLapse::AnyModifier`]
//! is the checklist's reading, a documented option.

use serde::{Deserialize, Serialize};

use crate::expertise::{self, ExpertiseName};
use crate::test_roll::{
    Characteristic, Modifier, ModifierSource, ResolvedTest, SourceKind, TestKind, TestSpec, Tier,
};

/// The five special tests (CR-SPEC-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialTest {
    Assist,
    Attack,
    Casting,
    ResistanceRoll,
    GroupTest,
}

impl SpecialTest {
    pub const ALL: [SpecialTest; 5] = [
        SpecialTest::Assist,
        SpecialTest::Attack,
        SpecialTest::Casting,
        SpecialTest::ResistanceRoll,
        SpecialTest::GroupTest,
    ];
}

/// The assist table (CR-ASSIST-01): the assist's final tier → the numeric modifier on the
/// assisted test (a bonus/penalty, not an edge or bane).
pub const ASSIST_TABLE: [(Tier, i32); 3] = [(Tier::One, -1), (Tier::Two, 1), (Tier::Three, 2)];

/// The modifier an assist of this tier gives.
pub fn assist_value(tier: Tier) -> i32 {
    match tier {
        Tier::One => -1,
        Tier::Two => 1,
        Tier::Three => 2,
    }
}

/// The modifier (with its source: the helper) that a resolved assist gives.
pub fn assist_modifier(helper: &str, assist: &ResolvedTest) -> Modifier {
    Modifier::bonus(
        ModifierSource::new(SourceKind::Assist, helper).with_rule("CR-ASSIST-01"),
        assist_value(assist.final_tier),
    )
}

/// What the assisted test costs in combat, and so what the assist costs (CR-ASSIST-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnCost {
    Maneuver,
    Action,
    Reaction,
}

/// In combat an assist costs a maneuver if the assisted test needs a maneuver, an action if
/// it needs an action or a reaction.
pub fn assist_cost(assisted: TurnCost) -> TurnCost {
    match assisted {
        TurnCost::Maneuver => TurnCost::Maneuver,
        TurnCost::Action | TurnCost::Reaction => TurnCost::Action,
    }
}

/// Which assist modifiers lapse after the window (see the module note).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssistLapse {
    /// Default, the rulebook's wording: only a bonus lapses; a −1 stays until the test.
    #[default]
    BonusOnly,
    /// The checklist's wording (CR-ASSIST-02): bonus and penalty alike.
    AnyModifier,
}

/// An assist waiting for the test it supports. Combat turns are counted by the engine (one
/// number per creature's turn in initiative order); out of combat there is no window and the
/// Referee rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingAssist {
    pub modifier: Modifier,
    /// The combat turn on which the assist was made, if in combat.
    pub made_on_turn: Option<u64>,
}

impl PendingAssist {
    /// The assist's modifier if it still applies to a test made on `test_turn` (CR-ASSIST-02,
    /// CR-ERR-43: made on the assistant's turn, it waits until the end of the next turn).
    pub fn applies(&self, test_turn: Option<u64>, lapse: AssistLapse) -> Option<&Modifier> {
        let expired = match (self.made_on_turn, test_turn) {
            (Some(made), Some(now)) => now > made + 1,
            _ => false,
        };
        let lapses = match lapse {
            AssistLapse::AnyModifier => true,
            AssistLapse::BonusOnly => {
                matches!(self.modifier.effect, crate::test_roll::ModifierEffect::Bonus(v) if v > 0)
            }
        };
        if expired && lapses {
            None
        } else {
            Some(&self.modifier)
        }
    }
}

/// Errors of group tests and assists.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    thiserror::Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum GroupError {
    #[error("a group test needs a leader and at least one ally (CR-GROUP-01)")]
    #[strum(props(rule = "CR-GROUP-01"))]
    NoAllies,
    #[error("{0} is both the leader and a helper (CR-GROUP-02)")]
    #[strum(props(rule = "CR-GROUP-02"))]
    LeaderIsHelper(String),
    #[error("{0} assists twice in one group test (CR-GROUP-02)")]
    #[strum(props(rule = "CR-GROUP-02"))]
    DuplicateHelper(String),
    #[error("a creature cannot assist its own test (CR-ASSIST-01)")]
    #[strum(props(rule = "CR-ASSIST-01"))]
    AssistOwnTest,
    #[error("an assist is a test of its own kind (CR-ASSIST-01)")]
    #[strum(props(rule = "CR-ASSIST-01"))]
    NotAnAssist,
    #[error(
        "in combat an assist costs a maneuver or an action: say whether the \
         assisted test needs a maneuver, an action or a reaction (CR-ASSIST-03)"
    )]
    #[strum(props(rule = "CR-ASSIST-03"))]
    AssistCostUnknown,
    #[error(
        "{creature} can assist only on its own combat turn: the assist costs its \
         turn a {} (CR-ASSIST-03)",
        crate::refusal::said(.cost)
    )]
    #[strum(props(rule = "CR-ASSIST-03"))]
    AssistNotOnOwnTurn { creature: String, cost: TurnCost },
    #[error("{creature} is unconscious and takes no maneuvers or actions (CR-COND-07)")]
    #[strum(props(rule = "CR-COND-07"))]
    AssistUnconscious { creature: String },
}

crate::refusal::refusal!(GroupError, "group");

/// A test `helper` makes for `assisted`'s test (CR-ASSIST-01): never its own, and an assist
/// is a test of its own kind (`kind` when given) outside any group test.
pub fn may_assist(
    helper: &str,
    assisted: &str,
    kind: Option<TestKind>,
    group: bool,
) -> Result<(), GroupError> {
    if helper == assisted {
        return Err(GroupError::AssistOwnTest);
    }
    if kind.is_some_and(|k| k != TestKind::Assist) || group {
        return Err(GroupError::NotAnAssist);
    }
    Ok(())
}

/// What an assist by `helper` (named `name`) costs in combat (CR-ASSIST-03): the assisted
/// test's need must be said, the assist is made on the helper's own combat turn, and an
/// unconscious helper takes no maneuvers or actions (CR-COND-07).
pub fn assist_in_combat(
    name: &str,
    needs: Option<TurnCost>,
    on_own_turn: bool,
    unconscious: bool,
) -> Result<TurnCost, GroupError> {
    let cost = assist_cost(needs.ok_or(GroupError::AssistCostUnknown)?);
    if !on_own_turn {
        return Err(GroupError::AssistNotOnOwnTurn {
            creature: name.to_string(),
            cost,
        });
    }
    if unconscious {
        return Err(GroupError::AssistUnconscious {
            creature: name.to_string(),
        });
    }
    Ok(cost)
}

/// A group test (CR-GROUP-01/02): every participant but the leader assists first; the
/// leader's test, with all the assists added (CR-ASSIST-04), decides for the whole group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupTest {
    pub leader: String,
    /// The helpers' resolved assists, in the order made.
    pub assists: Vec<(String, ResolvedTest)>,
}

impl GroupTest {
    pub fn new(
        leader: impl Into<String>,
        assists: Vec<(String, ResolvedTest)>,
    ) -> Result<Self, GroupError> {
        let leader = leader.into();
        if assists.is_empty() {
            return Err(GroupError::NoAllies);
        }
        let mut seen = std::collections::BTreeSet::new();
        for (h, _) in &assists {
            if *h == leader {
                return Err(GroupError::LeaderIsHelper(h.clone()));
            }
            if !seen.insert(h.clone()) {
                return Err(GroupError::DuplicateHelper(h.clone()));
            }
        }
        Ok(Self { leader, assists })
    }

    /// Who pays when the leader gets tier 2 and the Referee chooses success at a cost
    /// (CR-GROUP-03): the leader, then every helper whose assist gave a penalty (tier 1).
    /// Empty for any other outcome.
    pub fn cost_payers(&self, leader_result: &ResolvedTest, success_at_cost: bool) -> Vec<String> {
        if leader_result.final_tier != Tier::Two || !success_at_cost {
            return Vec::new();
        }
        let mut out = vec![self.leader.clone()];
        out.extend(
            self.assists
                .iter()
                .filter(|(_, t)| assist_value(t.final_tier) < 0)
                .map(|(h, _)| h.clone()),
        );
        out
    }
}

/// A resistance roll's spec (CR-RR-01): the effect supplies the characteristic and its own
/// tier outcomes; the usual expertise is suggested (CR-RR-02).
pub fn resistance_roll(characteristic: Characteristic, value: i8) -> (TestSpec, ExpertiseName) {
    (
        TestSpec::new(characteristic, value).with_kind(TestKind::ResistanceRoll),
        expertise::typical_for_resistance(characteristic),
    )
}
