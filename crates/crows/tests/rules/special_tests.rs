//! CR-SPEC-01, CR-ASSIST, CR-RR, CR-GROUP: the special tests.

use crows::expertise::ExpertiseName;
use crows::special_tests::{
    self, ASSIST_TABLE, AssistLapse, GroupError, GroupTest, PendingAssist, SpecialTest, TurnCost,
};
use crows::test_roll::decision::DecisionKind;
use crows::test_roll::{
    self, Characteristic, ModifierEffect, RefereeOption, TestKind, TestRules, TestSpec, Tier,
};

fn assist_with_natural(natural: u8) -> test_roll::ResolvedTest {
    let a = natural.saturating_sub(10).max(1);
    let spec = TestSpec::new(Characteristic::Strength, 0).with_kind(TestKind::Assist);
    test_roll::resolve_test(&spec, [a, natural - a], TestRules::standard()).unwrap()
}

#[test]
fn cr_spec_01_five_special_tests() {
    assert_eq!(SpecialTest::ALL.len(), 5);
    let names: Vec<String> = SpecialTest::ALL
        .iter()
        .map(|s| serde_json::to_string(s).unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "\"assist\"",
            "\"attack\"",
            "\"casting\"",
            "\"resistance_roll\"",
            "\"group_test\""
        ]
    );
}

#[test]
fn cr_err_06_all_five_special_tests_not_three() {
    assert_ne!(SpecialTest::ALL.len(), 3);
}

#[test]
fn cr_assist_01_assist_table_every_row() {
    assert_eq!(
        ASSIST_TABLE,
        [(Tier::One, -1), (Tier::Two, 1), (Tier::Three, 2)]
    );
    for (natural, tier, value) in [
        (10, Tier::One, -1),
        (11, Tier::One, -1),
        (12, Tier::Two, 1),
        (16, Tier::Two, 1),
        (17, Tier::Three, 2),
        (18, Tier::Three, 2),
    ] {
        let a = assist_with_natural(natural);
        assert_eq!(a.final_tier, tier);
        assert_eq!(special_tests::assist_value(a.final_tier), value);
        let m = special_tests::assist_modifier("boris", &a);
        assert_eq!(
            m.effect,
            ModifierEffect::Bonus(value),
            "a number, not an edge or bane"
        );
        assert_eq!(m.source.name, "boris");
        assert_eq!(m.source.rule.as_deref(), Some("CR-ASSIST-01"));
    }
    // The assist is applied to the assisted test's total.
    let a = assist_with_natural(17);
    let spec = TestSpec::new(Characteristic::Agility, 0)
        .with_modifier(special_tests::assist_modifier("boris", &a));
    let r = test_roll::resolve_test(&spec, [5, 5], TestRules::standard()).unwrap();
    assert_eq!(r.rolled.total, 12);
    assert_eq!(r.rolled.net, crows::edges::NetEdge::None);
}

#[test]
fn cr_assist_02_modifier_lapses_after_one_combat_turn() {
    let bonus = PendingAssist {
        modifier: special_tests::assist_modifier("b", &assist_with_natural(14)),
        made_on_turn: Some(5),
    };
    assert!(bonus.applies(Some(5), AssistLapse::AnyModifier).is_some());
    assert!(
        bonus.applies(Some(6), AssistLapse::AnyModifier).is_some(),
        "CR-ERR-43: until the end of the next turn"
    );
    assert!(bonus.applies(Some(7), AssistLapse::AnyModifier).is_none());
    assert!(bonus.applies(Some(7), AssistLapse::BonusOnly).is_none());
    let penalty = PendingAssist {
        modifier: special_tests::assist_modifier("b", &assist_with_natural(8)),
        made_on_turn: Some(5),
    };
    assert!(penalty.applies(Some(7), AssistLapse::AnyModifier).is_none());
    assert!(
        penalty.applies(Some(7), AssistLapse::BonusOnly).is_some(),
        "rulebook wording: only a bonus lapses"
    );
    // The rulebook's wording is the default.
    assert_eq!(AssistLapse::default(), AssistLapse::BonusOnly);
    // Outside combat there is no window.
    let calm = PendingAssist {
        modifier: bonus.modifier.clone(),
        made_on_turn: None,
    };
    assert!(calm.applies(None, AssistLapse::AnyModifier).is_some());
}

#[test]
fn cr_assist_03_assist_costs_a_maneuver_or_an_action() {
    assert_eq!(
        special_tests::assist_cost(TurnCost::Maneuver),
        TurnCost::Maneuver
    );
    assert_eq!(
        special_tests::assist_cost(TurnCost::Action),
        TurnCost::Action
    );
    assert_eq!(
        special_tests::assist_cost(TurnCost::Reaction),
        TurnCost::Action
    );
}

#[test]
fn cr_assist_04_several_assists_add_up() {
    let assists = vec![
        ("a".to_owned(), assist_with_natural(12)),
        ("b".to_owned(), assist_with_natural(17)),
    ];
    let g = GroupTest::new("leader", assists).unwrap();
    let spec = leader_spec(&g, TestSpec::new(Characteristic::Agility, 0));
    let r = test_roll::resolve_test(&spec, [4, 4], TestRules::standard()).unwrap();
    assert_eq!(r.rolled.bonus_total, 3);
    assert_eq!(r.rolled.total, 11);
}

#[test]
fn cr_rr_01_resistance_roll_is_a_test_with_tier_outcomes() {
    let (spec, _) = special_tests::resistance_roll(Characteristic::Strength, 1);
    assert_eq!(spec.kind, TestKind::ResistanceRoll);
    let outcomes = test_roll::TierTable {
        tier_1: "full poison",
        tier_2: "weakened",
        tier_3: "nothing",
    };
    let r = test_roll::resolve_test(&spec, [7, 7], TestRules::standard()).unwrap();
    assert_eq!(*outcomes.get(r.final_tier), "weakened");
}

#[test]
fn cr_rr_02_typical_expertises() {
    assert_eq!(
        special_tests::resistance_roll(Characteristic::Agility, 0).1,
        ExpertiseName::Gymnastics
    );
    assert_eq!(
        special_tests::resistance_roll(Characteristic::Mind, 0).1,
        ExpertiseName::Endurance
    );
    assert_eq!(
        special_tests::resistance_roll(Characteristic::Strength, 0).1,
        ExpertiseName::Endurance
    );
    // Any justified expertise: Referee approval.
    assert_eq!(
        crows::expertise::eligibility(&TestKind::ResistanceRoll, ExpertiseName::MagicLore),
        crows::expertise::Eligibility::RefereeApproval
    );
}

#[test]
fn cr_rr_03_crit_and_doom_suggestions_offered_to_the_referee() {
    let (spec, _) = special_tests::resistance_roll(Characteristic::Mind, 0);
    let crit = test_roll::resolve_test(&spec, [10, 9], TestRules::standard()).unwrap();
    let d = crit.decisions();
    assert_eq!(d[0].kind, DecisionKind::CritBenefit);
    assert_eq!(d[0].rule, "CR-REF-09");
    assert_eq!(
        d[0].options,
        vec![
            RefereeOption::HarmSource,
            RefereeOption::AllyAutomaticTier3,
            RefereeOption::Benefit
        ]
    );
    let doom = test_roll::resolve_test(&spec, [1, 2], TestRules::standard()).unwrap();
    let d = doom.decisions();
    assert_eq!(d[0].kind, DecisionKind::DoomSetback);
    assert_eq!(
        d[0].options,
        vec![
            RefereeOption::ExtraDamage1d10,
            RefereeOption::SeriousSetback
        ]
    );
}

#[test]
fn cr_group_01_group_needs_a_leader_and_an_ally() {
    assert_eq!(GroupTest::new("lead", vec![]), Err(GroupError::NoAllies));
    assert_eq!(
        GroupTest::new("lead", vec![("lead".into(), assist_with_natural(10))]),
        Err(GroupError::LeaderIsHelper("lead".into()))
    );
    assert_eq!(
        GroupTest::new(
            "lead",
            vec![
                ("a".into(), assist_with_natural(10)),
                ("a".into(), assist_with_natural(12))
            ]
        ),
        Err(GroupError::DuplicateHelper("a".into()))
    );
}

#[test]
fn cr_group_02_helpers_assist_then_leader_rolls() {
    // Three helpers rolling 10, 14, 18 → −1 + 1 + 2 = +2.
    let g = GroupTest::new(
        "leader",
        vec![
            ("a".into(), assist_with_natural(10)),
            ("b".into(), assist_with_natural(14)),
            ("c".into(), assist_with_natural(18)),
        ],
    )
    .unwrap();
    let mods: Vec<_> = g
        .assists
        .iter()
        .map(|(h, t)| crows::special_tests::assist_modifier(h, t))
        .collect();
    assert_eq!(
        mods.iter()
            .map(|m| m.source.name.as_str())
            .collect::<Vec<_>>(),
        ["a", "b", "c"]
    );
    let r = test_roll::resolve_test(
        &leader_spec(&g, TestSpec::new(Characteristic::Agility, 1)),
        [5, 5],
        TestRules::standard(),
    )
    .unwrap();
    assert_eq!(r.rolled.total, 13);
    assert_eq!(r.final_tier, Tier::Two);
}

#[test]
fn cr_group_03_cost_falls_on_leader_and_penalising_helpers() {
    let g = GroupTest::new(
        "leader",
        vec![
            ("a".into(), assist_with_natural(10)),
            ("b".into(), assist_with_natural(14)),
            ("c".into(), assist_with_natural(5)),
        ],
    )
    .unwrap();
    let tier2 = test_roll::resolve_test(
        &leader_spec(&g, TestSpec::new(Characteristic::Agility, 0)),
        [7, 7],
        TestRules::standard(),
    )
    .unwrap();
    assert_eq!(tier2.final_tier, Tier::Two);
    assert_eq!(g.cost_payers(&tier2, true), ["leader", "a", "c"]);
    assert!(
        g.cost_payers(&tier2, false).is_empty(),
        "partial success: no cost"
    );
    let tier3 = test_roll::resolve_test(
        &leader_spec(&g, TestSpec::new(Characteristic::Agility, 0)),
        [9, 9],
        TestRules::standard(),
    )
    .unwrap();
    assert!(g.cost_payers(&tier3, true).is_empty());
}

/// The leader's test with every assist of the group added, as the table adds the pending
/// assists to the leader's next test.
fn leader_spec(g: &GroupTest, mut base: TestSpec) -> TestSpec {
    base.modifiers.extend(
        g.assists
            .iter()
            .map(|(h, t)| crows::special_tests::assist_modifier(h, t)),
    );
    base
}
