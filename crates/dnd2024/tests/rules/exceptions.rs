//! DD-CORE-20: specific rules override general ones, through one layer the rules consult.

use delve_dnd2024::RulesError;
use delve_dnd2024::actions::{ActionKind, Turn};
use delve_dnd2024::core::{D20Test, D20TestKind, RollMode, check_pc_score, check_pc_score_with};
use delve_dnd2024::exceptions::*;
use delve_dnd2024::magic::Attunement;

fn rule_of(e: RulesError) -> &'static str {
    match e {
        RulesError::Forbidden { rule, .. } | RulesError::OutOfRange { rule, .. } => rule,
        RulesError::Unknown { rule, .. } => rule,
    }
}

#[test]
fn dd_core_20_a_general_value_without_overrides() {
    let ex = Exceptions::general();
    for key in RuleKey::ALL {
        let r = ex.resolve(key).unwrap();
        assert_eq!(r.value, key.general(), "{key:?}");
        assert_eq!(r.source, None);
    }
    assert_eq!(ex.number(RuleKey::CriticalHitFace).unwrap(), 20);
    assert_eq!(ex.number(RuleKey::AttunementLimit).unwrap(), 3);
    assert!(ex.yes(RuleKey::RevivalKeepsOngoingEffects).unwrap());
}

#[test]
fn dd_core_20_a_specific_beats_general_gm_beats_specific() {
    let ex = Exceptions::general()
        .specific(
            RuleKey::CriticalHitFace,
            RuleValue::Number(19),
            "Improved Critical",
        )
        .unwrap();
    let r = ex.resolve(RuleKey::CriticalHitFace).unwrap();
    assert_eq!(r.value, RuleValue::Number(19));
    assert_eq!(r.source.as_deref(), Some("Improved Critical"));
    // Another key stays general.
    assert_eq!(ex.number(RuleKey::AttunementLimit).unwrap(), 3);
    let ruled = ex
        .gm_ruling(RuleKey::CriticalHitFace, RuleValue::Number(20))
        .unwrap();
    let r = ruled.resolve(RuleKey::CriticalHitFace).unwrap();
    assert_eq!(r.value, RuleValue::Number(20));
    assert_eq!(r.source.as_deref(), Some("GM"));
}

#[test]
fn dd_core_20_a_disagreeing_specifics_ask_the_gm() {
    let a = Exceptions::general()
        .specific(RuleKey::CriticalHitFace, RuleValue::Number(19), "feature A")
        .unwrap();
    let b = Exceptions::general()
        .specific(RuleKey::CriticalHitFace, RuleValue::Number(18), "feature B")
        .unwrap();
    let both = a.clone().merged(&b);
    let err = both.resolve(RuleKey::CriticalHitFace).unwrap_err();
    assert_eq!(rule_of(err.clone()), "DD-CORE-20.a");
    assert!(err.to_string().contains("GM"), "{err}");
    // Agreeing specifics are one answer.
    let same = a.clone().merged(&a);
    assert_eq!(same.number(RuleKey::CriticalHitFace).unwrap(), 19);
    // The GM's ruling settles it.
    let settled = both
        .gm_ruling(RuleKey::CriticalHitFace, RuleValue::Number(18))
        .unwrap();
    assert_eq!(settled.number(RuleKey::CriticalHitFace).unwrap(), 18);
}

#[test]
fn dd_core_20_a_bad_overrides_refused() {
    // Wrong kind.
    let e = Exceptions::general()
        .specific(RuleKey::CriticalHitFace, RuleValue::Yes(true), "x")
        .unwrap_err();
    assert_eq!(rule_of(e), "DD-CORE-20.a");
    // Beyond the rule's hard limit: no score cap above 30 (DD-CORE-02.d).
    let e = Exceptions::general()
        .specific(RuleKey::PcAbilityScoreCap, RuleValue::Number(31), "x")
        .unwrap_err();
    assert_eq!(rule_of(e), "DD-CORE-02.d");
    let mut ex = Exceptions::general();
    assert!(
        ex.add(Override {
            key: RuleKey::AttacksPerAttackAction,
            value: RuleValue::Number(0),
            source: "x".into(),
            specificity: Specificity::Specific,
        })
        .is_err()
    );
    assert!(ex.overrides().is_empty(), "a refusal changes nothing");
}

#[test]
fn dd_core_20_a_rules_go_through_the_layer_critical_face() {
    let test = D20Test {
        kind: D20TestKind::AttackRoll,
        bonus: 0,
        target: 25,
        mode: RollMode::Normal,
        exhaustion: 0,
    };
    let general = test.resolve(&[19]).unwrap();
    assert!(!general.critical && !general.success);
    let champion = Exceptions::general()
        .specific(
            RuleKey::CriticalHitFace,
            RuleValue::Number(19),
            "Improved Critical",
        )
        .unwrap();
    let o = test.resolve_with(&[19], &champion).unwrap();
    assert!(o.critical && o.success, "19 is a Critical Hit, and it hits");
    let o = test.resolve_with(&[18], &champion).unwrap();
    assert!(!o.critical);
    // Checks are never critical.
    let check = D20Test {
        kind: D20TestKind::AbilityCheck,
        ..test
    };
    assert!(!check.resolve_with(&[19], &champion).unwrap().critical);
}

#[test]
fn dd_core_20_a_rules_go_through_the_layer_score_cap_attacks_attunement() {
    // DD-CORE-02.d: 20 unless raised.
    assert!(check_pc_score(21, None).is_err());
    assert!(check_pc_score(21, Some(24)).is_ok());
    let raised = Exceptions::general()
        .specific(
            RuleKey::PcAbilityScoreCap,
            RuleValue::Number(24),
            "Epic Boon",
        )
        .unwrap();
    assert!(check_pc_score_with(24, &raised).is_ok());
    assert!(check_pc_score_with(25, &raised).is_err());
    // DD-ACT-05.a: one attack, two with Extra Attack.
    let mut t = Turn::start(30, false);
    assert_eq!(t.attack(&Exceptions::general()).unwrap(), 1);
    assert!(t.action_used);
    assert!(t.attack(&Exceptions::general()).is_err());
    let extra = Exceptions::general()
        .specific(
            RuleKey::AttacksPerAttackAction,
            RuleValue::Number(2),
            "Extra Attack",
        )
        .unwrap();
    let mut t = Turn::start(30, false);
    t.attack(&extra).unwrap();
    t.move_ft(15).unwrap();
    assert_eq!(t.attack(&extra).unwrap(), 2);
    assert!(t.attack(&extra).is_err());
    assert!(t.take_action(ActionKind::Dash).is_err(), "still one action");
    // DD-MAG-15.a: three items unless a feature raises the limit.
    let mut a = Attunement::default();
    for i in ["a", "b", "c"] {
        a.attune(i).unwrap();
    }
    assert!(a.attune("d").is_err());
    let four = Exceptions::general()
        .specific(RuleKey::AttunementLimit, RuleValue::Number(4), "feature")
        .unwrap();
    a.attune_with("d", &four).unwrap();
    assert!(a.attune_with("e", &four).is_err());
    assert_eq!(a.items.len(), 4);
}
