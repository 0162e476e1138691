//! The conditions and light rules give the same modifiers as the shared modifier registry
//! (`crows::modifiers`, CR-MOD-01), for every condition and a matrix of tests.

use crows::conditions::{
    ConditionKind, ConditionSet, Grab, attack_modifiers_against, own_test_modifiers,
};
use crows::light::{LightLevel, light_modifier};
use crows::modifiers::{Context, Whose, row};
use crows::test_roll::{Activity, AttackRange, Characteristic, Modifier, TestKind, TestSpec};

fn specs() -> Vec<TestSpec> {
    let mut v = Vec::new();
    for ch in Characteristic::ALL {
        v.push(TestSpec::new(ch, 0));
        v.push(TestSpec::new(ch, 0).with_activity(Activity::Notice));
        v.push(TestSpec::new(ch, 0).with_activity(Activity::Search));
        v.push(TestSpec::new(ch, 0).with_kind(TestKind::ResistanceRoll));
        for range in [AttackRange::Melee, AttackRange::Ranged] {
            v.push(TestSpec::new(ch, 0).with_kind(TestKind::Attack {
                range,
                weapon: None,
            }));
        }
    }
    v
}

fn key(m: &Modifier) -> String {
    format!("{}:{:?}", m.source.name, m.effect)
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn with(kind: ConditionKind) -> ConditionSet {
    let mut s = ConditionSet::default();
    match kind {
        ConditionKind::Grabbed => {
            s.grab(Grab {
                by: "hand".into(),
                range: 1,
            });
        }
        ConditionKind::Prone => {
            s.apply(ConditionKind::Prone).expect("applies");
        }
        other => {
            s.apply(other).expect("applies");
        }
    }
    s
}

#[test]
fn cr_mod_01_condition_modifiers_match_the_registry() {
    let ctx = Context::default();
    for kind in ConditionKind::ALL {
        let set = with(kind);
        // Unconscious also makes the creature prone: compare against both rows.
        let names: Vec<&str> = set.kinds().iter().map(|k| k.name()).collect();
        for spec in specs() {
            let mine = sorted(
                own_test_modifiers(&set, &spec.kind, spec.characteristic, &spec.activities)
                    .iter()
                    .map(key)
                    .collect(),
            );
            let theirs = sorted(
                names
                    .iter()
                    .filter_map(|n| row(n))
                    .flat_map(|r| r.modifiers_for(&spec, Whose::Bearer, &ctx))
                    .map(|m| key(&m))
                    .collect(),
            );
            assert_eq!(mine, theirs, "own tests, {kind:?}, {spec:?}");
            if let Some(range) = spec.kind.attack_range() {
                let mine = sorted(
                    attack_modifiers_against(&set, range)
                        .iter()
                        .map(key)
                        .collect(),
                );
                let theirs = sorted(
                    names
                        .iter()
                        .filter_map(|n| row(n))
                        .flat_map(|r| r.modifiers_for(&spec, Whose::AgainstBearer, &ctx))
                        .map(|m| key(&m))
                        .collect(),
                );
                assert_eq!(mine, theirs, "attacks against, {kind:?}, {spec:?}");
            }
        }
    }
}

#[test]
fn cr_mod_01_light_modifiers_match_the_registry() {
    let ctx = Context::default();
    for (level, name) in [
        (LightLevel::Dim, "dim_light"),
        (LightLevel::Darkness, "darkness"),
    ] {
        let mine = light_modifier(level).expect("a modifier");
        let r = row(name).expect("registry row");
        let attack = TestSpec::new(Characteristic::Agility, 0).with_kind(TestKind::Attack {
            range: AttackRange::Ranged,
            weapon: None,
        });
        let theirs = r.modifiers_for(&attack, Whose::AgainstBearer, &ctx);
        assert_eq!(
            theirs.iter().map(key).collect::<Vec<_>>(),
            vec![key(&mine)],
            "{name}"
        );
    }
    assert!(light_modifier(LightLevel::Bright).is_none());
}
