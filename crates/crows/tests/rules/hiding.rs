//! CR-HIDE: hiding and sneaking.

use crows::hiding::{self, HiddenFrom, HideError};
use crows::test_roll::{self, Characteristic, ModifierEffect, TestKind, TestRules, TestSpec};

#[test]
fn cr_hide_01_hide_only_while_unobserved() {
    assert_eq!(HiddenFrom::may_try_to_hide("anna", "ogre", false), Ok(()));
    assert_eq!(
        HiddenFrom::may_try_to_hide("anna", "ogre", true),
        Err(HideError::Observed {
            hider: "anna".into(),
            observer: "ogre".into()
        })
    );
}

#[test]
fn cr_hide_02_sneaking_faster_than_half_speed_gives_a_bane() {
    // Speed 5: half is 2 (rounded down).
    for (moved, speed, bane) in [
        (0, 5, false),
        (2, 5, false),
        (3, 5, true),
        (3, 6, false),
        (4, 6, true),
        (1, 1, true),
        (0, 1, false),
    ] {
        let m = hiding::sneak_modifier(moved, speed);
        assert_eq!(m.is_some(), bane, "moved {moved}, speed {speed}");
        if let Some(m) = m {
            assert_eq!(m.effect, ModifierEffect::Bane);
            assert_eq!(m.source.name, "sneaking_too_fast");
        }
    }
}

#[test]
fn cr_hide_03_hidden_gives_edge_on_attacks_and_bane_on_forced_rrs() {
    let mut h = HiddenFrom::default();
    h.hide("anna", "ogre");
    let edge = h.attack_modifier("anna", "ogre").unwrap();
    assert_eq!(edge.effect, ModifierEffect::Edge);
    assert!(h.attack_modifier("anna", "goblin").is_none());
    let bane = h.forced_rr_modifier("anna", "ogre").unwrap();
    assert_eq!(bane.effect, ModifierEffect::Bane);
    // Applied: natural 10 attack with the edge → 12.
    let spec = TestSpec::new(Characteristic::Agility, 0)
        .with_kind(TestKind::Attack {
            range: test_roll::AttackRange::Ranged,
            weapon: None,
        })
        .with_modifier(edge);
    assert_eq!(
        test_roll::resolve_test(&spec, [5, 5], TestRules::standard())
            .unwrap()
            .rolled
            .total,
        12
    );
}

#[test]
fn cr_hide_04_aggression_reveals_the_hider() {
    let mut h = HiddenFrom::default();
    h.hide("anna", "ogre");
    h.hide("anna", "goblin");
    h.hide("anna", "rat");
    // The attack's target notices, and whoever else the Referee rules (the table's
    // `Revealed` event ends the hiding from each).
    assert!(h.reveal("anna", "ogre"));
    assert!(h.reveal("anna", "rat"));
    assert!(!h.reveal("anna", "rat"), "already seen");
    assert!(!h.is_hidden("anna", "ogre"));
    assert!(
        h.is_hidden("anna", "goblin"),
        "the Referee did not rule the goblin noticed"
    );
    assert!(h.attack_modifier("anna", "ogre").is_none());
}

#[test]
fn cr_hide_05_hidden_is_per_observer() {
    let mut h = HiddenFrom::default();
    h.hide("anna", "ogre");
    assert!(h.is_hidden("anna", "ogre"));
    assert!(!h.is_hidden("anna", "goblin"));
    assert!(!h.is_hidden("ogre", "anna"));
    assert_eq!(h.hidden_from("anna").collect::<Vec<_>>(), ["ogre"]);
    let json = serde_json::to_string(&h).unwrap();
    assert_eq!(serde_json::from_str::<HiddenFrom>(&json).unwrap(), h);
}
