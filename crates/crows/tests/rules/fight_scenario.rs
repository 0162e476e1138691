//! One round of a small fight through the pure rules: initiative, a surprised enemy, a melee
//! miss opening a counter, a ranged shot straying into an ally, a crit's extra action.

use crate::common::pure::one;

use crows::combat::attacks::{
    AttackOptions, AttackTool, StrayShot, distance_modifiers, stray_shot,
};
use crows::combat::initiative::{Combat, CombatOptions, Combatant, Side};
use crows::combat::reactions::{CounterTrigger, CounterWeapon, ReactionState, counter};
use crows::combat::turn::{ExtraActionTiming, TurnBudget, crit_extra_action};
use crows::conditions::{ConditionSet, attack_modifiers_against};
use crows::creature::Size;
use crows::expertise::WeaponCategory;
use crows::test_roll::{
    AttackRange, Characteristic, Modifier, TestKind, TestRules, TestSpec, Tier, resolve_test,
};

fn axe() -> AttackTool {
    AttackTool {
        name: "axe".into(),
        category: Some(WeaponCategory::Chopping),
        spell: false,
        melee: true,
        extra_reach: 0,
        range: 0,
        thrown: false,
        ammunition: false,
        fragile: false,
        properties: vec![],
    }
}

/// A Strength melee attack with the axe: crit and doom are defined by the attack rules.
fn attack_spec(strength: i8, modifiers: Vec<Modifier>) -> TestSpec {
    let mut spec = TestSpec::new(Characteristic::Strength, strength).with_kind(TestKind::Attack {
        range: AttackRange::Melee,
        weapon: axe().category,
    });
    spec.modifiers = modifiers;
    spec.crit_defined_by_rule = true;
    spec.doom_defined_by_rule = true;
    spec
}

#[test]
fn cr_cbt_01_a_round_of_combat_end_to_end() {
    // Crows 1 (axe) and 2 (bow); goblin 10 surprised, goblin 11 aware.
    let mut fight = Combat::new(
        vec![
            Combatant {
                id: 1,
                side: Side::Crows,
                surprised_at_start: false,
            },
            Combatant {
                id: 2,
                side: Side::Crows,
                surprised_at_start: false,
            },
            Combatant {
                id: 10,
                side: Side::Enemies,
                surprised_at_start: true,
            },
            Combatant {
                id: 11,
                side: Side::Enemies,
                surprised_at_start: false,
            },
        ],
        CombatOptions::default(),
    )
    .unwrap();
    assert_eq!(fight.start_round(4, &[1, 2], &[11]).unwrap(), Side::Enemies);
    assert_eq!(fight.current(), Some(11));

    // Goblin 11 swings at crow 1 and misses: crow 1 counters with its axe at tier 2.
    let crow1 = one(0, 0);
    let gob11 = one(1, 0);
    let none = ConditionSet::default();
    let mut mods = distance_modifiers(
        &axe(),
        true,
        AttackRange::Melee,
        (&gob11, Size::Small),
        &crow1,
        AttackOptions::default(),
    )
    .unwrap();
    mods.extend(attack_modifiers_against(&none, AttackRange::Melee));
    mods.extend(fight.attack_modifiers_against(1).unwrap());
    let spec = attack_spec(1, mods);
    let r = resolve_test(&spec, [4, 3], TestRules::standard()).unwrap();
    assert_eq!(r.final_tier, Tier::One);
    let mut crow1_reaction = ReactionState::default();
    let c = counter(
        CounterTrigger::MeleeAttack { opportunity: false },
        r.final_tier,
        r.doom,
        CounterWeapon::HeldMelee { extra_reach: 0 },
        (&crow1, Size::Medium),
        &gob11,
    )
    .unwrap();
    crow1_reaction.spend(fight.round(), true, true).unwrap();
    assert_eq!(c.tier, Tier::Two);
    assert_eq!(fight.end_turn(11).unwrap(), Some(1));

    // Crow 1 crits the surprised goblin 10 (+1 from surprise) and gets an extra action.
    let gob10 = one(0, 1);
    let mut turn = TurnBudget::new();
    let mut mods = distance_modifiers(
        &axe(),
        true,
        AttackRange::Melee,
        (&crow1, Size::Medium),
        &gob10,
        AttackOptions::default(),
    )
    .unwrap();
    mods.extend(fight.attack_modifiers_against(10).unwrap());
    let spec = attack_spec(2, mods);
    turn.spend_action().unwrap();
    let r = resolve_test(&spec, [10, 9], TestRules::standard()).unwrap();
    assert!(r.crit);
    assert_eq!(r.rolled.total, 19 + 2 + 1);
    assert_eq!(
        crit_extra_action(r.crit, true),
        Some(ExtraActionTiming::ThisTurn)
    );
    turn.grant_extra_action();
    turn.spend_action().unwrap();
    assert_eq!(fight.end_turn(1).unwrap(), Some(2));

    // Crow 2 shoots goblin 11, misses; crow 1 stands next to it; an odd die hits crow 1.
    match stray_shot(Tier::One, false, &[1], Some((3, 6))).unwrap() {
        StrayShot::HitsAlly { tier, .. } => assert_eq!(tier, Tier::Two),
        StrayShot::Harmless => panic!("odd die must stray"),
    }
    assert_eq!(fight.end_turn(2).unwrap(), None);
    assert!(fight.round_over());
    // Round 2: reactions come back; goblin 10 is no longer surprised and takes a turn.
    assert!(crow1_reaction.available(2));
    fight.start_round(8, &[2, 1], &[10, 11]).unwrap();
    assert_eq!(fight.order(), &[2, 1, 10, 11]);
}
