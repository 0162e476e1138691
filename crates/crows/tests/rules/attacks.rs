//! CR-ATK-01…18: attack tools, reach and range, misses, the unarmed strike, improvised
//! weapons, several targets, flanking and high ground.

use crate::common::pure::one;

use crows::combat::attacks::{
    AttackOptions, AttackTool, Flanker, Improvised, StrayShot, UNARMED_TABLE, centre_line_flanks,
    distance_modifiers, flanking, flanking_modifier, high_ground, high_ground_modifier,
    improvised_attack, stray_shot, unarmed_damage,
};
use crows::combat::fight::{FightError, FightQuestion};
use crows::combat::grid::{Space, Square};
use crows::combat::initiative::surprised_target_modifier;
use crows::combat::turn::{ExtraActionTiming, crit_extra_action};
use crows::conditions::{ConditionKind, ConditionSet, Grab};
use crows::conditions::{attack_modifiers_against, own_test_modifiers};
use crows::creature::Size;
use crows::expertise::WeaponCategory;
use crows::test_roll::{
    AttackRange, Characteristic, Modifier, ModifierEffect, TestKind, TestRules, TestSpec, Tier,
    resolve_test,
};

fn sword() -> AttackTool {
    AttackTool {
        name: "sword".into(),
        category: Some(WeaponCategory::Slashing),
        spell: false,
        melee: true,
        extra_reach: 0,
        range: 0,
        thrown: false,
        ammunition: false,
        fragile: false,
        properties: vec!["versatile".into()],
    }
}

fn bow() -> AttackTool {
    AttackTool {
        name: "bow".into(),
        category: Some(WeaponCategory::Bow),
        melee: false,
        range: 6,
        ammunition: true,
        ..sword()
    }
}

fn dagger() -> AttackTool {
    AttackTool {
        name: "dagger".into(),
        category: Some(WeaponCategory::Stabbing),
        range: 4,
        thrown: true,
        ..sword()
    }
}

fn spell() -> AttackTool {
    AttackTool {
        name: "spellbook".into(),
        category: None,
        spell: true,
        melee: false,
        range: 5,
        ..sword()
    }
}

fn me() -> (Space, Size) {
    (one(0, 0), Size::Medium)
}

fn dm(tool: &AttackTool, d: AttackRange, target: Space) -> Result<Vec<Modifier>, FightError> {
    let (s, z) = me();
    distance_modifiers(tool, true, d, (&s, z), &target, AttackOptions::default())
}

#[test]
fn cr_atk_01_attack_needs_tool_in_hand_and_tool_sets_kind() {
    let (s, z) = me();
    assert_eq!(
        distance_modifiers(
            &sword(),
            false,
            AttackRange::Melee,
            (&s, z),
            &one(1, 0),
            AttackOptions::default()
        ),
        Err(FightError::NotInHand)
    );
    assert_eq!(
        dm(&bow(), AttackRange::Melee, one(1, 0)),
        Err(FightError::WrongDelivery("melee"))
    );
}

#[test]
// Covers CR-ATK-03.
fn cr_atk_03_tier_1_is_a_miss() {
    let spec = TestSpec::new(Characteristic::Strength, 0);
    for (faces, tier) in [
        ([5, 5], Tier::One),
        ([6, 6], Tier::Two),
        ([9, 8], Tier::Three),
    ] {
        let r = resolve_test(&spec, faces, TestRules::standard()).unwrap();
        assert_eq!(r.final_tier, tier);
        // A ranged hit never strays.
        assert_eq!(
            stray_shot(r.final_tier, false, &[7], Some((1, 6))).unwrap() == StrayShot::Harmless,
            tier != Tier::One
        );
    }
}

#[test]
fn cr_atk_04_thrown_weapon_melee_or_ranged_declared() {
    assert!(
        dm(&dagger(), AttackRange::Melee, one(1, 0))
            .unwrap()
            .is_empty()
    );
    assert!(
        dm(&dagger(), AttackRange::Ranged, one(3, 0))
            .unwrap()
            .is_empty()
    );
    assert!(
        dagger().allows(AttackRange::Melee, false) && dagger().allows(AttackRange::Ranged, false)
    );
}

#[test]
fn cr_atk_05_melee_within_reach_of_held_weapon() {
    assert!(dm(&sword(), AttackRange::Melee, one(1, 1)).is_ok());
    assert_eq!(
        dm(&sword(), AttackRange::Melee, one(2, 0)),
        Err(FightError::OutOfReach {
            distance: 2,
            reach: 1
        })
    );
    let spear = AttackTool {
        extra_reach: 1,
        ..sword()
    };
    assert!(dm(&spear, AttackRange::Melee, one(2, 0)).is_ok());
    // A Large attacker reaches 2 by size.
    let big = Space::new(Square::new(0, 0), 2);
    assert!(
        distance_modifiers(
            &sword(),
            true,
            AttackRange::Melee,
            (&big, Size::Large),
            &one(3, 0),
            AttackOptions::default()
        )
        .is_ok()
    );
}

#[test]
fn cr_atk_06_unarmed_strike_table_every_row() {
    for (tier, expected) in [
        (Tier::One, None),
        (Tier::Two, Some(1)),
        (Tier::Three, Some(2)),
    ] {
        assert_eq!(*UNARMED_TABLE.get(tier), expected);
    }
    for v in -5i8..=5 {
        assert_eq!(unarmed_damage(Tier::One, v, true), None);
        assert_eq!(
            unarmed_damage(Tier::Two, v, true),
            Some((1 + i32::from(v)).max(0))
        );
        assert_eq!(
            unarmed_damage(Tier::Three, v, true),
            Some((2 + i32::from(v)).max(0))
        );
    }
    // CR-ERR-44 off: negative stays.
    assert_eq!(unarmed_damage(Tier::Two, -3, false), Some(-2));
}

#[test]
fn cr_atk_07_range_and_minus_two_per_square_beyond() {
    assert!(
        dm(&bow(), AttackRange::Ranged, one(6, 0))
            .unwrap()
            .is_empty()
    );
    let m = dm(&bow(), AttackRange::Ranged, one(8, 0)).unwrap();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].effect, ModifierEffect::Bonus(-4));
    assert_eq!(m[0].source.rule.as_deref(), Some("CR-ATK-07"));
    // Spells never exceed range.
    assert_eq!(
        dm(&spell(), AttackRange::Ranged, one(6, 0)),
        Err(FightError::SpellOutOfRange {
            distance: 6,
            range: 5
        })
    );
    assert!(dm(&spell(), AttackRange::Ranged, one(5, 0)).is_ok());
}

#[test]
fn cr_err_50_melee_only_weapons_not_thrown_by_default() {
    assert_eq!(
        dm(&sword(), AttackRange::Ranged, one(3, 0)),
        Err(FightError::WrongDelivery("ranged"))
    );
    let (s, z) = me();
    let m = distance_modifiers(
        &sword(),
        true,
        AttackRange::Ranged,
        (&s, z),
        &one(3, 0),
        AttackOptions {
            literal_range_zero: true,
        },
    )
    .unwrap();
    assert_eq!(m[0].effect, ModifierEffect::Bonus(-6));
}

#[test]
// Covers CR-ATK-08.
fn cr_atk_08_ranged_miss_odd_die_hits_random_adjacent_ally_tier_2() {
    for f in 1..=6u8 {
        let s = stray_shot(Tier::One, false, &[7, 8], Some((f, 6))).unwrap();
        if f % 2 == 1 {
            match s {
                StrayShot::HitsAlly { tier, request } => {
                    assert_eq!(tier, Tier::Two);
                    assert_eq!(request.rule, "CR-REF-22");
                    assert_eq!(
                        request.question,
                        FightQuestion::StrayShotVictim {
                            candidates: vec![7, 8],
                            tier: Tier::Two
                        }
                    );
                }
                StrayShot::Harmless => panic!("odd face {f} must hit"),
            }
        } else {
            assert_eq!(s, StrayShot::Harmless, "even face {f}");
        }
    }
    assert_eq!(
        stray_shot(Tier::One, false, &[], None).unwrap(),
        StrayShot::Harmless
    );
    assert_eq!(
        stray_shot(Tier::One, false, &[7], None),
        Err(FightError::ParityDieNeeded)
    );
    assert!(stray_shot(Tier::One, false, &[7], Some((7, 6))).is_err());
}

#[test]
// Covers CR-ATK-09.
fn cr_atk_09_ranged_doom_hits_adjacent_ally_tier_3_without_parity() {
    // CR-ERR-49: no parity roll on a doom, even an even die is ignored.
    for parity in [None, Some((2, 6))] {
        match stray_shot(Tier::One, true, &[7], parity).unwrap() {
            StrayShot::HitsAlly { tier, .. } => assert_eq!(tier, Tier::Three),
            StrayShot::Harmless => panic!("doom must hit an adjacent ally"),
        }
    }
    assert_eq!(
        stray_shot(Tier::One, true, &[], None).unwrap(),
        StrayShot::Harmless
    );
    // A doom that an automatic tier turned into a hit (unconscious target) is no miss.
    assert_eq!(
        stray_shot(Tier::Three, true, &[7], None).unwrap(),
        StrayShot::Harmless
    );
}

#[test]
fn cr_atk_10_ranged_against_adjacent_has_bane() {
    let m = dm(&bow(), AttackRange::Ranged, one(1, 1)).unwrap();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].effect, ModifierEffect::Bane);
    assert_eq!(m[0].source.rule.as_deref(), Some("CR-ATK-10"));
    assert!(
        dm(&bow(), AttackRange::Ranged, one(2, 0))
            .unwrap()
            .is_empty()
    );
    // Melee never takes it.
    assert!(
        dm(&dagger(), AttackRange::Melee, one(1, 0))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn cr_atk_12_improvised_weapons() {
    let (tool, mods) = improvised_attack(Improvised::AsUnarmed);
    assert!(tool.is_none() && mods.is_empty());
    let hammer = AttackTool {
        name: "hammer".into(),
        extra_reach: 1,
        ..sword()
    };
    let (tool, mods) = improvised_attack(Improvised::LikeWeapon(hammer));
    let tool = tool.unwrap();
    assert!(tool.properties.is_empty());
    assert_eq!(tool.extra_reach, 0);
    assert_eq!(mods.len(), 1);
    assert_eq!(mods[0].effect, ModifierEffect::Bane);
    assert_eq!(mods[0].source.rule.as_deref(), Some("CR-ATK-12"));
}

#[test]
fn cr_atk_13_crit_on_attack_is_rule_defined_extra_action() {
    let mut spec = TestSpec::new(Characteristic::Strength, 0);
    spec.crit_defined_by_rule = true;
    let r = resolve_test(&spec, [10, 9], TestRules::standard()).unwrap();
    assert!(r.crit);
    // No Referee crit-benefit question: the rule defines the benefit.
    assert!(r.decisions().is_empty());
    assert_eq!(
        crit_extra_action(r.crit, false),
        Some(ExtraActionTiming::Immediately)
    );
}

fn fl(x: i32, y: i32) -> Flanker {
    Flanker {
        space: one(x, y),
        barred: false,
        grabbing: None,
    }
}

#[test]
fn cr_atk_15_flanking_gives_edge_on_melee_only() {
    let m = flanking_modifier();
    assert_eq!(m.effect, ModifierEffect::Edge);
    assert_eq!(m.source.rule.as_deref(), Some("CR-ATK-15"));
    assert!(flanking(&fl(4, 5), &[fl(6, 5)], 9, &one(5, 5)));
    assert!(!flanking(&fl(4, 5), &[fl(5, 6)], 9, &one(5, 5)));
    // Both must be adjacent: an ally two squares away does not flank.
    assert!(!flanking(&fl(4, 5), &[fl(7, 5)], 9, &one(5, 5)));
}

#[test]
fn cr_atk_16_no_flanking_when_prone_grabbed_or_holding_another() {
    let enemy = one(5, 5);
    for bad in [
        Flanker {
            barred: true,
            ..fl(6, 5)
        },
        Flanker {
            grabbing: Some(3),
            ..fl(6, 5)
        },
    ] {
        assert!(!flanking(&fl(4, 5), &[bad], 9, &enemy), "ally {bad:?}");
        assert!(!flanking(
            &Flanker {
                space: one(4, 5),
                ..bad
            },
            &[fl(6, 5)],
            9,
            &enemy
        ));
    }
    // Holding the target itself is fine.
    let holder = Flanker {
        grabbing: Some(9),
        ..fl(6, 5)
    };
    assert!(flanking(&fl(4, 5), &[holder], 9, &enemy));
    // From conditions.
    let mut prone = ConditionSet::default();
    prone.apply(ConditionKind::Prone).unwrap();
    assert!(!Flanker::new(one(6, 5), &prone, None).may_flank(9));
    let mut grabbed = ConditionSet::default();
    grabbed.grab(Grab {
        by: "x".into(),
        range: 1,
    });
    assert!(!Flanker::new(one(6, 5), &grabbed, None).may_flank(9));
    assert!(Flanker::new(one(6, 5), &ConditionSet::default(), None).may_flank(9));
}

#[test]
fn cr_atk_17_centre_line_test() {
    let e = one(5, 5);
    assert!(centre_line_flanks(&one(4, 5), &one(6, 5), &e));
    assert!(centre_line_flanks(&one(5, 4), &one(5, 6), &e));
    assert!(centre_line_flanks(&one(4, 4), &one(6, 6), &e));
    assert!(centre_line_flanks(&one(6, 4), &one(4, 6), &e));
    assert!(!centre_line_flanks(&one(4, 5), &one(5, 6), &e));
    assert!(!centre_line_flanks(&one(4, 4), &one(6, 4), &e));
    assert!(!centre_line_flanks(&one(4, 4), &one(6, 5), &e));
    // Every pair of squares around a Medium enemy: flank iff the pair is point-symmetric
    // about the enemy's square.
    let ring: Vec<(i32, i32)> = (4..=6)
        .flat_map(|x| (4..=6).map(move |y| (x, y)))
        .filter(|&p| p != (5, 5))
        .collect();
    for &a in &ring {
        for &b in &ring {
            if a == b {
                continue;
            }
            let symmetric = a.0 + b.0 == 10 && a.1 + b.1 == 10;
            assert_eq!(
                centre_line_flanks(&one(a.0, a.1), &one(b.0, b.1), &e),
                symmetric,
                "{a:?} {b:?}"
            );
        }
    }
    // A Large enemy (2×2 at (5,5)): opposite sides off the axis still flank.
    let big = Space::new(Square::new(5, 5), 2);
    assert!(centre_line_flanks(&one(4, 5), &one(7, 6), &big));
    assert!(centre_line_flanks(&one(5, 4), &one(6, 7), &big));
    assert!(centre_line_flanks(&one(4, 4), &one(7, 7), &big));
    assert!(!centre_line_flanks(&one(4, 5), &one(5, 7), &big));
}

#[test]
fn cr_atk_18_high_ground_edge_melee_and_ranged() {
    assert!(high_ground(1, 0));
    assert!(high_ground(3, 1));
    assert!(!high_ground(0, 0));
    assert!(!high_ground(0, 1));
    let m = high_ground_modifier();
    assert_eq!(m.source.rule.as_deref(), Some("CR-ATK-18"));
    assert_eq!(m.effect, ModifierEffect::Edge);
}

#[test]
fn cr_mod_01_attacker_and_target_states_on_attacks() {
    let none = ConditionSet::default();
    let mut prone = ConditionSet::default();
    prone.apply(ConditionKind::Prone).unwrap();
    let mut grabbed = ConditionSet::default();
    grabbed.grab(Grab {
        by: "x".into(),
        range: 1,
    });
    let mut out = ConditionSet::default();
    out.apply(ConditionKind::Unconscious).unwrap();
    // The pieces the combat family's attack puts together: the attacker's own conditions
    // (through core's test), the target's, and surprise.
    let modifiers = |d, a: &ConditionSet, t: &ConditionSet, surprised: bool| {
        let kind = TestKind::Attack {
            range: d,
            weapon: None,
        };
        let mut m = own_test_modifiers(a, &kind, Characteristic::Strength, &[]);
        m.extend(attack_modifiers_against(t, d));
        if surprised {
            m.push(surprised_target_modifier());
        }
        m
    };
    let base = |d, a, t, surprised, _hidden: bool| (d, a, t, surprised);
    let effects = |(d, a, t, s): (AttackRange, &ConditionSet, &ConditionSet, bool)| {
        modifiers(d, a, t, s)
            .iter()
            .map(|m| m.effect)
            .collect::<Vec<ModifierEffect>>()
    };
    // Prone attacker: bane on melee only.
    assert_eq!(
        effects(base(AttackRange::Melee, &prone, &none, false, false)),
        vec![ModifierEffect::Bane]
    );
    assert!(effects(base(AttackRange::Ranged, &prone, &none, false, false)).is_empty());
    // Prone target: edge in melee, bane at range.
    assert_eq!(
        effects(base(AttackRange::Melee, &none, &prone, false, false)),
        vec![ModifierEffect::Edge]
    );
    assert_eq!(
        effects(base(AttackRange::Ranged, &none, &prone, false, false)),
        vec![ModifierEffect::Bane]
    );
    // Grabbed target: edge.
    assert_eq!(
        effects(base(AttackRange::Ranged, &none, &grabbed, false, false)),
        vec![ModifierEffect::Edge]
    );
    // Surprised target: +1; hidden attacker: edge.
    assert_eq!(
        effects(base(AttackRange::Ranged, &none, &none, true, false)),
        vec![ModifierEffect::Bonus(1)]
    );
    // Unconscious target: automatic tier 3, even on a doom by default (CR-ERR-28).
    let m = modifiers(AttackRange::Melee, &none, &out, false);
    assert!(
        m.iter()
            .any(|m| m.effect == ModifierEffect::AutomaticTier(Tier::Three))
    );
    let mut spec = TestSpec::new(Characteristic::Strength, 0);
    spec.modifiers = m;
    assert_eq!(
        resolve_test(&spec, [1, 1], TestRules::standard())
            .unwrap()
            .final_tier,
        Tier::Three
    );
}
