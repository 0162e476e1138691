//! The CR-ERR and CR-REF entries cited by the test sections (tests, edges, expertise,
//! special tests, hiding), each under its own name so `grep` finds it.

use crate::common;

mod combat;
mod external;
mod magic;
mod miasma;
mod referee;
mod travel;
mod wording;

use crate::common::pure::{resolve, src};

use crows::expertise::{self, Discipline, EXPERTISES, Eligibility, ExpertiseName};
use crows::hiding::HiddenFrom;
use crows::special_tests::{AssistLapse, GroupTest, PendingAssist};
use crows::test_roll::decision::{Decider, DecisionKind};
use crows::test_roll::retry::{RetryLedger, RetryStatus};
use crows::test_roll::{
    self, AttackRange, Characteristic, Modifier, ModifierEffect, ModifierSource, SourceKind,
    TestKind, TestRules, TestSpec, Tier,
};

#[test]
fn cr_err_05_no_climb_expertise_athletics_covers_it() {
    assert!(
        EXPERTISES
            .iter()
            .all(|r| format!("{:?}", r.name) != "Climb")
    );
    assert!(ExpertiseName::Athletics.row().covers.contains("climbing"));
}

#[test]
fn cr_err_07_double_edge_adds_no_number() {
    let s = TestSpec::new(Characteristic::Agility, 0)
        .with_modifier(Modifier::edge(src("a")))
        .with_modifier(Modifier::edge(src("b")));
    let r = resolve(&s, [6, 6]);
    assert_eq!(r.rolled.edge_modifier, 0);
    assert_eq!(r.rolled.total, 12);
    assert_eq!(r.final_tier, Tier::Three);
}

#[test]
fn cr_err_27_numeric_modifiers_stack_additively() {
    let s = TestSpec::new(Characteristic::Agility, 0)
        .with_modifier(Modifier::bonus(src("tools"), 2))
        .with_modifier(Modifier::bonus(src("tools"), 2))
        .with_modifier(Modifier::bonus(src("assist"), -1));
    assert_eq!(resolve(&s, [3, 3]).rolled.total, 9);
}

#[test]
// Covers CR-ERR-28.
fn cr_err_28_attacks_on_the_unconscious_are_tier_3_even_on_a_doom() {
    let s = TestSpec::new(Characteristic::Strength, 0)
        .with_kind(TestKind::Attack {
            range: AttackRange::Melee,
            weapon: None,
        })
        .with_modifier(Modifier::new(
            ModifierSource::new(SourceKind::Condition, "unconscious"),
            ModifierEffect::AutomaticTier(Tier::Three),
        ));
    let doom = resolve(&s, [1, 2]);
    assert_eq!(doom.final_tier, Tier::Three);
    assert!(doom.decisions().is_empty(), "no setback on a tier-3 doom");
    let crit = resolve(&s, [10, 10]);
    assert!(crit.crit);
    assert_eq!(crit.decisions()[0].kind, DecisionKind::CritBenefit);
    let plain = resolve(&s, [2, 2]);
    assert_eq!(plain.final_tier, Tier::Three);
}

#[test]
fn cr_err_43_assist_waits_until_the_end_of_the_next_turn() {
    let a = PendingAssist {
        modifier: Modifier::bonus(src("helper"), 2),
        made_on_turn: Some(10),
    };
    assert!(a.applies(Some(11), AssistLapse::default()).is_some());
    assert!(a.applies(Some(12), AssistLapse::default()).is_none());
}

#[test]
fn cr_err_60_a_casting_that_attacks_follows_both_rule_sets() {
    let kind = TestKind::Casting {
        discipline: Discipline::Elemental,
        attack: Some(AttackRange::Ranged),
    };
    assert_eq!(kind.attack_range(), Some(AttackRange::Ranged));
    assert_eq!(
        expertise::eligibility(&kind, ExpertiseName::Elemental),
        Eligibility::Allowed
    );
    assert!(matches!(
        expertise::eligibility(&kind, ExpertiseName::Bow),
        Eligibility::Forbidden { .. }
    ));
    // Attack modifiers (high ground) apply to it.
    let spec = TestSpec::new(Characteristic::Mind, 0).with_kind(kind);
    let row = crows::modifiers::row("high_ground").unwrap();
    assert_eq!(
        row.modifiers_for(&spec, crows::modifiers::Whose::Bearer, &Default::default())
            .len(),
        1
    );
}

#[test]
// Covers CR-REF-04, CR-REF-05, CR-REF-06.
fn cr_ref_04_05_06_test_outcomes_are_asked_of_the_referee() {
    let s = TestSpec::new(Characteristic::Mind, 0);
    for (faces, kind, rule) in [
        ([3, 4], DecisionKind::Tier1Setback, "CR-REF-04"),
        ([7, 7], DecisionKind::Tier2Outcome, "CR-REF-05"),
        ([10, 9], DecisionKind::CritBenefit, "CR-REF-06"),
        ([1, 1], DecisionKind::DoomSetback, "CR-REF-06"),
    ] {
        let d = resolve(&s, faces).decisions();
        assert_eq!(d.len(), 1, "{faces:?}");
        assert_eq!(
            (d[0].kind, d[0].rule.as_str(), d[0].decider),
            (kind, rule, Decider::Referee)
        );
    }
}

#[test]
fn cr_ref_07_referee_unblocks_a_retry() {
    let mut l = RetryLedger::default();
    l.record("a", "wall", Tier::One);
    assert_ne!(l.status("a", "wall"), RetryStatus::Allowed);
    l.mark_changed("a", "wall");
    assert_eq!(l.status("a", "wall"), RetryStatus::Allowed);
}

#[test]
fn cr_ref_08_referee_approves_an_argued_expertise() {
    assert_eq!(
        expertise::eligibility(&TestKind::Ordinary, ExpertiseName::Gymnastics),
        Eligibility::RefereeApproval
    );
    let mut ex = expertise::Expertises::default();
    ex.learn(ExpertiseName::Gymnastics, 1);
    let rolled = test_roll::roll_test(
        &TestSpec::new(Characteristic::Agility, 0),
        [5, 5],
        TestRules::standard(),
    )
    .unwrap();
    assert!(
        expertise::commit_with_expertise(rolled.clone(), &mut ex, ExpertiseName::Gymnastics, false)
            .is_err()
    );
    assert!(
        expertise::commit_with_expertise(rolled, &mut ex, ExpertiseName::Gymnastics, true).is_ok()
    );
}

#[test]
fn cr_ref_09_rr_crit_and_doom_options() {
    let s = TestSpec::new(Characteristic::Agility, 0).with_kind(TestKind::ResistanceRoll);
    assert_eq!(resolve(&s, [10, 10]).decisions()[0].rule, "CR-REF-09");
    assert_eq!(resolve(&s, [1, 1]).decisions()[0].rule, "CR-REF-09");
}

#[test]
fn cr_ref_10_players_pick_the_leader() {
    let helper = resolve(
        &TestSpec::new(Characteristic::Agility, 0).with_kind(TestKind::Assist),
        [6, 6],
    );
    let g = GroupTest::new("chosen-leader", vec![("b".into(), helper)]).unwrap();
    assert_eq!(g.leader, "chosen-leader");
}

#[test]
fn cr_ref_11_referee_rules_on_observation_and_aggression() {
    assert!(HiddenFrom::may_try_to_hide("a", "o", true).is_err());
    let mut h = HiddenFrom::default();
    h.hide("a", "o");
    h.hide("a", "p");
    // An attack reveals the hider to its target only (the table's `Revealed`).
    assert!(h.reveal("a", "o"));
    assert!(h.is_hidden("a", "p"));
}
