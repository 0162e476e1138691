//! CR-CBT-01/08/09/10/11, CR-ATK-13, CR-ACT-01…04, CR-REACT-01…07: rounds, surprise, side
//! initiative, the turn budget, other actions and reactions.

use crate::common::pure::one;

use crows::combat::actions::{TAUNT_RANGE, Taunt, check_taunt};
use crows::combat::fight::FightError;
use crows::combat::grid::{Space, Square};
use crows::combat::initiative::{
    CROWS_FIRST_MIN, Combat, CombatOptions, Combatant, Side, side_initiative,
};
use crows::combat::reactions::{
    CounterTrigger, CounterWeapon, Movement, ReactionKind, ReactionState, ReactionTiming, counter,
    opportunity_attack, provokes_opportunity_attack,
};
use crows::combat::turn::{Cost, ExtraActionTiming, TurnBudget, crit_extra_action};
use crows::creature::Size;
use crows::inventory::{
    CarriedItem, Inventory, InventoryError, InventoryLayout, ItemId, Move, Rearrangement, SlotRef,
    Timing,
};
use crows::test_roll::{ModifierEffect, Tier};

fn c(id: u32, side: Side, surprised: bool) -> Combatant {
    Combatant {
        id,
        side,
        surprised_at_start: surprised,
    }
}

fn fight() -> Combat {
    Combat::new(
        vec![
            c(1, Side::Crows, false),
            c(2, Side::Crows, false),
            c(10, Side::Enemies, true),
            c(11, Side::Enemies, false),
        ],
        CombatOptions::default(),
    )
    .unwrap()
}

// ---- CR-CBT ----

#[test]
fn cr_cbt_09_side_initiative_every_face() {
    for f in 1..=10u8 {
        let expected = if f >= CROWS_FIRST_MIN {
            Side::Crows
        } else {
            Side::Enemies
        };
        assert_eq!(side_initiative(f).unwrap(), expected, "face {f}");
    }
    assert_eq!(side_initiative(6).unwrap(), Side::Crows);
    assert_eq!(side_initiative(5).unwrap(), Side::Enemies);
    assert!(matches!(side_initiative(0), Err(FightError::Face { .. })));
    assert!(matches!(side_initiative(11), Err(FightError::Face { .. })));
}

#[test]
fn cr_cbt_09_order_within_sides_and_reroll_each_round() {
    let mut f = fight();
    // Round 1: enemy 10 is surprised, so only 11 takes a turn on that side.
    assert_eq!(f.start_round(7, &[2, 1], &[11]).unwrap(), Side::Crows);
    assert_eq!(f.order(), &[2, 1, 11]);
    for id in [2, 1, 11] {
        f.end_turn(id).unwrap();
    }
    // Round 2: rerolled; 3 puts the enemies first; 10 takes its turn now.
    assert_eq!(f.start_round(3, &[1, 2], &[11, 10]).unwrap(), Side::Enemies);
    assert_eq!(f.order(), &[11, 10, 1, 2]);
    // An order that misses a creature or adds one is refused.
    let mut g = fight();
    assert_eq!(
        g.start_round(7, &[1], &[11]),
        Err(FightError::BadOrder { side: Side::Crows })
    );
    assert_eq!(
        g.start_round(7, &[1, 2], &[11, 10]),
        Err(FightError::BadOrder {
            side: Side::Enemies
        })
    );
}

#[test]
fn cr_cbt_01_every_participant_one_turn_then_new_round() {
    let mut f = fight();
    assert_eq!(f.round(), 0);
    f.start_round(9, &[1, 2], &[11]).unwrap();
    assert_eq!(f.round(), 1);
    assert_eq!(f.current(), Some(1));
    // Round cannot restart before every creature acted.
    assert_eq!(
        f.start_round(9, &[1, 2], &[11, 10]),
        Err(FightError::RoundNotOver(1))
    );
    assert_eq!(f.end_turn(1).unwrap(), Some(2));
    assert_eq!(f.end_turn(2).unwrap(), Some(11));
    assert_eq!(f.end_turn(11).unwrap(), None);
    assert!(f.round_over());
    f.start_round(9, &[1, 2], &[11, 10]).unwrap();
    assert_eq!(f.round(), 2);
    // The dead leave the order.
    f.remove(10).unwrap();
    f.remove(11).unwrap();
    assert_eq!(f.order(), &[1, 2]);
}

#[test]
fn cr_cbt_11_turn_cannot_be_split_by_another_creature() {
    let mut f = fight();
    f.start_round(9, &[1, 2], &[11]).unwrap();
    assert_eq!(f.end_turn(2), Err(FightError::NotYourTurn(2)));
    assert_eq!(f.current(), Some(1));
    // The Move maneuver itself may be split around the action (CR-MAN-01).
    let mut t = TurnBudget::new();
    t.begin_move(5).unwrap();
    t.move_squares(2).unwrap();
    t.spend_action().unwrap();
    t.move_squares(3).unwrap();
    assert_eq!(
        t.move_squares(1),
        Err(FightError::MoveExhausted { wanted: 1, left: 0 })
    );
}

#[test]
fn cr_cbt_08_surprised_no_turn_in_round_one_and_plus_one_against() {
    let mut f = fight();
    assert!(!f.turn_takers(Side::Enemies, 1).contains(&10));
    f.start_round(2, &[1, 2], &[11]).unwrap();
    assert!(f.is_surprised(10).unwrap());
    let mods = f.attack_modifiers_against(10).unwrap();
    assert_eq!(mods.len(), 1);
    assert_eq!(mods[0].effect, ModifierEffect::Bonus(1));
    assert_eq!(mods[0].source.rule.as_deref(), Some("CR-CBT-08"));
    assert!(f.attack_modifiers_against(11).unwrap().is_empty());
    for id in [11, 1, 2] {
        f.end_turn(id).unwrap();
    }
    f.start_round(2, &[1, 2], &[11, 10]).unwrap();
    assert!(!f.is_surprised(10).unwrap());
    assert!(f.attack_modifiers_against(10).unwrap().is_empty());
}

#[test]
fn cr_err_42_surprised_reactions_configurable() {
    let mut f = fight();
    f.start_round(2, &[1, 2], &[11]).unwrap();
    assert!(f.surprise_allows_reaction(10).unwrap());
    let mut strict = Combat::new(
        vec![c(1, Side::Crows, false), c(10, Side::Enemies, true)],
        CombatOptions {
            surprised_may_react: false,
        },
    )
    .unwrap();
    strict.start_round(2, &[1], &[]).unwrap();
    assert!(!strict.surprise_allows_reaction(10).unwrap());
    let mut r = ReactionState::default();
    assert_eq!(
        r.spend(1, true, strict.surprise_allows_reaction(10).unwrap()),
        Err(FightError::SurprisedCannotReact)
    );
}

#[test]
fn cr_cbt_10_maneuver_and_action_or_two_maneuvers() {
    // Maneuver + action.
    let mut t = TurnBudget::new();
    t.spend_maneuver().unwrap();
    t.spend_action().unwrap();
    assert_eq!(t.spend_maneuver(), Err(FightError::NoManeuverLeft));
    assert_eq!(t.spend_action(), Err(FightError::NoActionLeft));
    // Two maneuvers, then no action.
    let mut t = TurnBudget::new();
    t.spend_maneuver().unwrap();
    t.spend_maneuver().unwrap();
    assert_eq!(t.spend_action(), Err(FightError::NoActionLeft));
    // Action first, then one maneuver; never two actions.
    let mut t = TurnBudget::new();
    t.spend_action().unwrap();
    assert_eq!(t.spend_action(), Err(FightError::NoActionLeft));
    t.spend_maneuver().unwrap();
    assert_eq!(t.spend_maneuver(), Err(FightError::NoManeuverLeft));
    // Nothing at all is fine too.
    let t = TurnBudget::new();
    assert!(t.can_act() && t.can_maneuver());
}

// ---- CR-ATK-13 ----

#[test]
fn cr_atk_13_crit_grants_extra_action() {
    assert_eq!(crit_extra_action(false, true), None);
    assert_eq!(
        crit_extra_action(true, true),
        Some(ExtraActionTiming::ThisTurn)
    );
    assert_eq!(
        crit_extra_action(true, false),
        Some(ExtraActionTiming::Immediately)
    );
    // On its own turn: a second action in the same turn.
    let mut t = TurnBudget::new();
    t.spend_maneuver().unwrap();
    t.spend_action().unwrap();
    t.grant_extra_action();
    t.spend_action().unwrap();
    assert_eq!(t.spend_action(), Err(FightError::NoActionLeft));
    // Two maneuvers then a crit on a readied attack: the extra action is still usable.
    let mut t = TurnBudget::new();
    t.spend_maneuver().unwrap();
    t.spend_maneuver().unwrap();
    t.grant_extra_action();
    assert!(t.can_act());
    t.spend(Cost::Action).unwrap();
}

// ---- CR-ACT ----

#[test]
fn cr_act_01_taunt_bane_on_attacks_leaving_taunter_out() {
    // The reach the combat family's `taunt` checks (through `check_taunt`).
    assert_eq!(TAUNT_RANGE, 10);
    assert_eq!(
        check_taunt(one(0, 0).distance_to(&one(10, 3)), true),
        Ok(())
    );
    assert_eq!(
        check_taunt(one(0, 0).distance_to(&one(11, 0)), true),
        Err(FightError::TauntTooFar { distance: 11 })
    );
    assert_eq!(check_taunt(5, false), Err(FightError::TauntNoLineOfEffect));
    let tt = Taunt {
        taunter: 1,
        target: 10,
    };
    let m = tt.modifier_for(10, &[2]).unwrap();
    assert_eq!(m.effect, ModifierEffect::Bane);
    assert_eq!(m.source.rule.as_deref(), Some("CR-ACT-01"));
    assert!(tt.modifier_for(10, &[1]).is_none());
    assert!(tt.modifier_for(10, &[1, 2]).is_none());
    assert!(tt.modifier_for(11, &[2]).is_none());
}

// ---- CR-REACT ----

#[test]
fn cr_react_01_one_reaction_per_round() {
    let mut r = ReactionState::default();
    r.spend(1, true, true).unwrap();
    assert_eq!(r.spend(1, true, true), Err(FightError::ReactionSpent));
    // Any kind of reaction shares the one per round; all but the opportunity attack
    // resolve after their trigger.
    for k in [
        ReactionKind::Counter,
        ReactionKind::Readied,
        ReactionKind::Other("falling RR".into()),
    ] {
        assert_eq!(k.timing(), ReactionTiming::AfterTrigger);
    }
    assert_eq!(
        ReactionKind::OpportunityAttack.timing(),
        ReactionTiming::BeforeMoverLeaves
    );
}

#[test]
fn cr_react_07_refreshed_each_round_none_when_unconscious() {
    let mut r = ReactionState::default();
    r.spend(1, true, true).unwrap();
    assert!(r.available(2));
    r.spend(2, true, true).unwrap();
    let mut u = ReactionState::default();
    assert_eq!(
        u.spend(3, false, true),
        Err(FightError::UnconsciousCannotReact)
    );
}

fn me() -> Space {
    one(0, 0)
}

#[test]
fn cr_react_03_counter_triggers_and_tiers() {
    let sword = CounterWeapon::HeldMelee { extra_reach: 0 };
    let foe = one(1, 0);
    for trig in [
        CounterTrigger::MeleeAttack { opportunity: false },
        CounterTrigger::Grab,
        CounterTrigger::Knockback,
        CounterTrigger::EscapeGrab,
    ] {
        let c = counter(trig, Tier::One, false, sword, (&me(), Size::Medium), &foe).unwrap();
        assert_eq!(c.tier, Tier::Two, "{trig:?}");
        let c = counter(trig, Tier::One, true, sword, (&me(), Size::Medium), &foe).unwrap();
        assert_eq!(c.tier, Tier::Three, "{trig:?} doom");
        for t in [Tier::Two, Tier::Three] {
            assert!(counter(trig, t, false, sword, (&me(), Size::Medium), &foe).is_err());
        }
    }
    // Escape Grab tier 2 where the creature broke free opens the counter too (CR-MAN-10).
    assert!(
        counter(
            CounterTrigger::EscapeGrabReleased,
            Tier::Two,
            false,
            sword,
            (&me(), Size::Medium),
            &foe
        )
        .is_ok()
    );
    // Ranged attacks never trigger it.
    assert!(
        counter(
            CounterTrigger::RangedAttack,
            Tier::One,
            false,
            sword,
            (&me(), Size::Medium),
            &foe
        )
        .is_err()
    );
    // Within the held weapon's reach: a spear reaches 2.
    let far = one(2, 0);
    assert!(
        counter(
            CounterTrigger::Grab,
            Tier::One,
            false,
            sword,
            (&me(), Size::Medium),
            &far
        )
        .is_err()
    );
    let spear = CounterWeapon::HeldMelee { extra_reach: 1 };
    assert!(
        counter(
            CounterTrigger::Grab,
            Tier::One,
            false,
            spear,
            (&me(), Size::Medium),
            &far
        )
        .is_ok()
    );
}

#[test]
fn cr_err_52_counter_without_held_melee_weapon() {
    let foe = one(1, 0);
    let t = CounterTrigger::MeleeAttack { opportunity: false };
    assert!(
        counter(
            t,
            Tier::One,
            false,
            CounterWeapon::None,
            (&me(), Size::Medium),
            &foe
        )
        .is_err()
    );
    assert!(
        counter(
            t,
            Tier::One,
            false,
            CounterWeapon::Unarmed {
                referee_allows: false
            },
            (&me(), Size::Medium),
            &foe
        )
        .is_err()
    );
    assert!(
        counter(
            t,
            Tier::One,
            false,
            CounterWeapon::Unarmed {
                referee_allows: true
            },
            (&me(), Size::Medium),
            &foe
        )
        .is_ok()
    );
    assert!(
        counter(
            t,
            Tier::One,
            false,
            CounterWeapon::Natural { extra_reach: 0 },
            (&me(), Size::Medium),
            &foe
        )
        .is_ok()
    );
}

#[test]
fn cr_react_02_two_common_reactions_and_oa_tier1_not_countered() {
    let sword = CounterWeapon::HeldMelee { extra_reach: 0 };
    let foe = one(1, 0);
    let oa = CounterTrigger::MeleeAttack { opportunity: true };
    assert!(counter(oa, Tier::One, false, sword, (&me(), Size::Medium), &foe).is_err());
    // A moving creature leaving reach opens the other common reaction.
    assert!(provokes_opportunity_attack(
        Movement::Move,
        (&me(), Size::Medium),
        &one(1, 0),
        &one(2, 0)
    ));
}

#[test]
// Covers CR-REACT-04.
fn cr_react_04_no_counter_on_opportunity_attack_tier_1_even_on_doom() {
    let sword = CounterWeapon::HeldMelee { extra_reach: 0 };
    let oa = CounterTrigger::MeleeAttack { opportunity: true };
    assert_eq!(
        counter(
            oa,
            Tier::One,
            true,
            sword,
            (&me(), Size::Medium),
            &one(1, 0)
        ),
        Err(FightError::NoCounter(
            "an opportunity attack that got tier 1 cannot be countered"
        ))
    );
}

#[test]
fn cr_react_05_opportunity_attack_on_leaving_natural_reach() {
    let w = me();
    // Leaving reach 1 provokes; moving within reach does not; coming closer does not.
    assert!(provokes_opportunity_attack(
        Movement::Move,
        (&w, Size::Medium),
        &one(1, 1),
        &one(2, 2)
    ));
    assert!(!provokes_opportunity_attack(
        Movement::Move,
        (&w, Size::Medium),
        &one(1, 0),
        &one(1, 1)
    ));
    assert!(!provokes_opportunity_attack(
        Movement::Move,
        (&w, Size::Medium),
        &one(3, 0),
        &one(2, 0)
    ));
    // A reach weapon does not widen it: a creature at 2 squares moving to 3 never was in reach.
    assert!(!provokes_opportunity_attack(
        Movement::Move,
        (&w, Size::Medium),
        &one(2, 0),
        &one(3, 0)
    ));
    // A Large watcher (reach 2).
    let big = Space::new(Square::new(0, 0), 2);
    assert!(!provokes_opportunity_attack(
        Movement::Move,
        (&big, Size::Large),
        &one(2, 0),
        &one(3, 0)
    ));
    assert!(provokes_opportunity_attack(
        Movement::Move,
        (&big, Size::Large),
        &one(3, 0),
        &one(4, 0)
    ));
}

#[test]
fn cr_react_06_shift_escape_teleport_forced_never_provoke() {
    let w = me();
    for m in [
        Movement::Shift,
        Movement::EscapeGrabSquare,
        Movement::GrabShift,
        Movement::Teleport,
        Movement::Forced,
    ] {
        assert!(!m.can_provoke());
        assert!(
            !provokes_opportunity_attack(m, (&w, Size::Medium), &one(1, 0), &one(2, 0)),
            "{m:?}"
        );
    }
    assert!(Movement::Move.can_provoke());
}

#[test]
fn cr_cbt_13_combat_is_combat_round_time() {
    let f = fight();
    assert_eq!(f.timing(), Timing::CombatRounds);
    let mut i = Inventory::new(InventoryLayout::CROW);
    i.add(
        CarriedItem::new(ItemId(1), "rope", 1),
        &[SlotRef::backpack(1)],
    )
    .unwrap();
    let plan = Rearrangement {
        moves: vec![Move {
            item: ItemId(1),
            to: vec![SlotRef::hand(1)],
        }],
        drops: vec![],
    };
    assert_eq!(
        i.rearrange(&plan, f.timing()),
        Err(InventoryError::UseDrawFromBackpack)
    );
}

#[test]
fn cr_err_41_opportunity_attack_resolves_before_the_mover_leaves() {
    let w = me();
    let at = opportunity_attack(
        Movement::Move,
        (&w, Size::Medium),
        true,
        &one(1, 0),
        &one(2, 0),
    )
    .unwrap();
    assert_eq!(at, one(1, 0));
    assert!(
        opportunity_attack(
            Movement::Move,
            (&w, Size::Medium),
            false,
            &one(1, 0),
            &one(2, 0)
        )
        .is_err()
    );
    assert!(
        opportunity_attack(
            Movement::Teleport,
            (&w, Size::Medium),
            true,
            &one(1, 0),
            &one(5, 0)
        )
        .is_err()
    );
    assert!(
        opportunity_attack(
            Movement::Move,
            (&w, Size::Medium),
            true,
            &one(1, 0),
            &one(1, 1)
        )
        .is_err()
    );
}
