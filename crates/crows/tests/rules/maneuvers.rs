//! CR-MAN-01…11 (general maneuvers and their tables) and CR-PET-01…05 (pets and summons).

use crate::common::pure::one;

use crows::combat::fight::FightError;
use crows::combat::grid::{Space, Square};
use crows::combat::maneuvers::{
    Contest, ESCAPE_FREE_SQUARES, ESCAPE_TABLE, EscapeOutcome, GENERAL_MANEUVERS, GRAB_TABLE,
    GrabOutcome, KNOCKBACK_TABLE, KnockbackOutcome, Maneuver, escape_outcome, escape_spec,
    grab_outcome, grab_spec, knockback_outcome, knockback_spec,
};
use crows::combat::pets::{
    COMMAND_TABLE, CommandOutcome, CommandScope, Commands, Companion, Order, PetOptions, can_ride,
    command_outcome, command_test_needed, referee_rules_command,
};
use crows::combat::reactions::{
    CounterTrigger, CounterWeapon, Movement, counter, provokes_opportunity_attack,
};
use crows::combat::turn::{TurnBudget, TurnShape};
use crows::creature::Size;
use crows::inventory::{
    CarriedItem, HandChoice, Inventory, InventoryLayout, InventoryManeuver, ItemId, Move, MoveCost,
    Rearrangement, SlotRef, Timing,
};
use crows::test_roll::{Characteristic, TestRules, Tier, resolve_test};

/// Faces giving each tier with characteristic 0 and no modifiers.
const TIER_FACES: [([u8; 2], Tier); 3] = [
    ([4, 4], Tier::One),
    ([7, 7], Tier::Two),
    ([9, 9], Tier::Three),
];

#[test]
fn cr_man_general_maneuver_list_is_complete_and_extensible() {
    assert_eq!(GENERAL_MANEUVERS.len(), 11);
    let rules: Vec<&str> = GENERAL_MANEUVERS.iter().map(|m| m.rule()).collect();
    for n in 1..=11 {
        assert!(rules.contains(&format!("CR-MAN-{n:02}").as_str()), "{n}");
    }
    assert_eq!(Maneuver::Other("hook".into()).rule(), "CR-MAN");
}

#[test]
fn cr_man_01_move_up_to_speed_may_be_interrupted() {
    let mut t = TurnBudget::new();
    t.begin_move(4).unwrap();
    t.move_squares(1).unwrap();
    t.spend_action().unwrap();
    t.move_squares(3).unwrap();
    assert!(t.move_squares(1).is_err());
    assert_eq!(Maneuver::Move.movement(), Some(Movement::Move));
    // Two Move maneuvers: twice the speed, no action left.
    let mut t = TurnBudget::new();
    t.begin_move(4).unwrap();
    t.begin_move(4).unwrap();
    t.move_squares(8).unwrap();
    assert!(!t.can_act());
}

#[test]
fn cr_man_02_shift_does_not_provoke() {
    assert_eq!(Maneuver::Shift.movement(), Some(Movement::Shift));
    assert!(!provokes_opportunity_attack(
        Movement::Shift,
        (&one(0, 0), Size::Medium),
        &one(1, 0),
        &one(2, 0)
    ));
}

#[test]
fn cr_man_03_command_spends_a_maneuver() {
    let mut owner = TurnBudget::new();
    let mut cmds = Commands::default();
    cmds.command(&mut owner, 50, 1, PetOptions::default())
        .unwrap();
    assert_eq!(owner.maneuvers, 1);
    assert!(Maneuver::Command.movement().is_none());
}

#[test]
fn cr_man_09_grab_table_every_row() {
    assert_eq!(*GRAB_TABLE.get(Tier::One), GrabOutcome::TargetMayCounter);
    assert_eq!(*GRAB_TABLE.get(Tier::Two), GrabOutcome::PushOneOrShift);
    assert_eq!(*GRAB_TABLE.get(Tier::Three), GrabOutcome::Grabbed);
    let me = one(0, 0);
    let foe = one(1, 0);
    let c = Contest {
        user: (&me, Size::Medium),
        target: (&foe, Size::Medium),
    };
    let spec = grab_spec(c, false, 0).unwrap();
    assert_eq!(spec.characteristic, Characteristic::Strength);
    for (faces, tier) in TIER_FACES {
        let r = resolve_test(&spec, faces, TestRules::standard()).unwrap();
        assert_eq!(r.final_tier, tier);
        let o = grab_outcome(r.final_tier);
        // Tier 1 opens the target's counter.
        let opened = counter(
            CounterTrigger::Grab,
            r.final_tier,
            r.doom,
            CounterWeapon::HeldMelee { extra_reach: 0 },
            (&foe, Size::Medium),
            &me,
        )
        .is_ok();
        assert_eq!(opened, o == GrabOutcome::TargetMayCounter);
    }
    // The free Shift of tier 2 provokes nothing.
    assert!(!Movement::GrabShift.can_provoke());
    // Preconditions: size, reach, one held creature at a time.
    let big = Space::new(Square::new(1, 0), 2);
    assert_eq!(
        grab_spec(
            Contest {
                user: (&me, Size::Medium),
                target: (&big, Size::Large)
            },
            false,
            0
        ),
        Err(FightError::TargetTooLarge)
    );
    let far = one(2, 0);
    assert_eq!(
        grab_spec(
            Contest {
                user: (&me, Size::Medium),
                target: (&far, Size::Small)
            },
            false,
            0
        ),
        Err(FightError::TargetNotInReach)
    );
    assert_eq!(grab_spec(c, true, 0), Err(FightError::AlreadyHolding));
}

#[test]
fn cr_man_10_escape_grab_table_every_row() {
    assert_eq!(
        *ESCAPE_TABLE.get(Tier::One),
        EscapeOutcome::GrabberMayCounter
    );
    assert_eq!(
        *ESCAPE_TABLE.get(Tier::Two),
        EscapeOutcome::MayBreakFreeOpeningCounter
    );
    assert_eq!(
        *ESCAPE_TABLE.get(Tier::Three),
        EscapeOutcome::FreeWithSafeSquare
    );
    assert_eq!(ESCAPE_FREE_SQUARES, 1);
    let grabber = one(0, 0);
    let me = one(1, 0);
    for ch in [Characteristic::Agility, Characteristic::Strength] {
        let spec = escape_spec(true, ch, 0).unwrap();
        for (faces, tier) in TIER_FACES {
            let r = resolve_test(&spec, faces, TestRules::standard()).unwrap();
            assert_eq!(r.final_tier, tier);
            let sword = CounterWeapon::HeldMelee { extra_reach: 0 };
            let plain = counter(
                CounterTrigger::EscapeGrab,
                tier,
                false,
                sword,
                (&grabber, Size::Medium),
                &me,
            );
            let released = counter(
                CounterTrigger::EscapeGrabReleased,
                tier,
                false,
                sword,
                (&grabber, Size::Medium),
                &me,
            );
            match escape_outcome(tier) {
                EscapeOutcome::GrabberMayCounter => assert!(plain.is_ok()),
                EscapeOutcome::MayBreakFreeOpeningCounter => {
                    assert!(plain.is_err());
                    assert!(released.is_ok());
                }
                EscapeOutcome::FreeWithSafeSquare => {
                    assert!(plain.is_err());
                    assert!(!provokes_opportunity_attack(
                        Movement::EscapeGrabSquare,
                        (&grabber, Size::Medium),
                        &me,
                        &one(2, 0)
                    ));
                }
            }
        }
    }
    assert_eq!(
        escape_spec(false, Characteristic::Agility, 0),
        Err(FightError::NotGrabbed)
    );
    assert!(escape_spec(true, Characteristic::Mind, 0).is_err());
}

#[test]
fn cr_man_11_knockback_table_every_row() {
    assert_eq!(
        *KNOCKBACK_TABLE.get(Tier::One),
        KnockbackOutcome::TargetMayCounter
    );
    assert_eq!(*KNOCKBACK_TABLE.get(Tier::Two), KnockbackOutcome::Push(1));
    assert_eq!(*KNOCKBACK_TABLE.get(Tier::Three), KnockbackOutcome::Push(2));
    let me = one(0, 0);
    let foe = one(1, 0);
    let spec = knockback_spec(
        Contest {
            user: (&me, Size::Medium),
            target: (&foe, Size::Small),
        },
        0,
    )
    .unwrap();
    for (faces, tier) in TIER_FACES {
        let r = resolve_test(&spec, faces, TestRules::standard()).unwrap();
        assert_eq!(knockback_outcome(r.final_tier), *KNOCKBACK_TABLE.get(tier));
    }
    let big = Space::new(Square::new(1, 0), 2);
    assert_eq!(
        knockback_spec(
            Contest {
                user: (&me, Size::Medium),
                target: (&big, Size::Large)
            },
            0
        ),
        Err(FightError::TargetTooLarge)
    );
}

// ---- CR-PET ----

#[test]
fn cr_pet_01_command_gives_pet_a_full_turn_once_per_round() {
    let mut owner = TurnBudget::new();
    let mut cmds = Commands::default();
    let mut pet = cmds
        .command(&mut owner, 50, 1, PetOptions::default())
        .unwrap();
    pet.spend_maneuver().unwrap();
    pet.spend_action().unwrap();
    assert!(!pet.can_maneuver());
    // Second maneuver commands another pet; the same pet twice is refused by default.
    assert_eq!(
        cmds.command(&mut owner, 50, 1, PetOptions::default()),
        Err(FightError::PetAlreadyCommanded(50))
    );
    cmds.command(&mut owner, 51, 1, PetOptions::default())
        .unwrap();
    assert!(!owner.can_maneuver());
    // Next round it may be commanded again.
    let mut owner2 = TurnBudget::new();
    cmds.command(&mut owner2, 50, 2, PetOptions::default())
        .unwrap();
}

#[test]
fn cr_err_15_command_scope_configurable() {
    let mut owner = TurnBudget::new();
    let mut cmds = Commands::default();
    let opts = PetOptions {
        scope: CommandScope::OneActOrManeuver,
        same_pet_twice_per_round: true,
    };
    let mut pet = cmds.command(&mut owner, 50, 1, opts).unwrap();
    assert_eq!(pet.shape, TurnShape::Single);
    pet.spend_action().unwrap();
    assert!(!pet.can_maneuver());
    cmds.command(&mut owner, 50, 1, opts).unwrap();
}

#[test]
fn cr_pet_02_command_test_table_every_row() {
    assert_eq!(*COMMAND_TABLE.get(Tier::One), CommandOutcome::Refuses);
    assert_eq!(
        *COMMAND_TABLE.get(Tier::Two),
        CommandOutcome::ObeysThenWeakened
    );
    assert_eq!(*COMMAND_TABLE.get(Tier::Three), CommandOutcome::Obeys);
    for (_, tier) in TIER_FACES {
        assert_eq!(command_outcome(tier), *COMMAND_TABLE.get(tier));
    }
    assert!(command_test_needed(
        Companion::Pet,
        Order::ComplexOrDangerous
    ));
    assert!(!command_test_needed(Companion::Pet, Order::Ordinary));
    assert!(referee_rules_command(Companion::Pet));
}

#[test]
fn cr_pet_03_attack_order_needs_no_test() {
    assert!(!command_test_needed(Companion::Pet, Order::AttackMonster));
}

#[test]
fn cr_pet_04_ride_pet_one_size_larger() {
    assert!(can_ride(Size::Medium, Size::Large));
    assert!(can_ride(Size::Small, Size::Huge));
    assert!(!can_ride(Size::Medium, Size::Medium));
    assert!(!can_ride(Size::Large, Size::Medium));
}

#[test]
fn cr_pet_05_summons_obey_without_test() {
    for order in [
        Order::AttackMonster,
        Order::ComplexOrDangerous,
        Order::Ordinary,
    ] {
        assert!(!command_test_needed(Companion::Summoned, order));
    }
    assert!(!referee_rules_command(Companion::Summoned));
    // Still commanded like a pet.
    let mut owner = TurnBudget::new();
    assert!(
        Commands::default()
            .command(&mut owner, 60, 1, PetOptions::default())
            .is_ok()
    );
}

fn crow_inventory() -> Inventory {
    let mut i = Inventory::new(InventoryLayout::CROW);
    i.add(
        CarriedItem::new(ItemId(1), "rope", 1),
        &[SlotRef::backpack(3)],
    )
    .unwrap();
    i.add(
        CarriedItem::new(ItemId(2), "dagger", 1),
        &[SlotRef::belt(1)],
    )
    .unwrap();
    i.add(
        CarriedItem::new(ItemId(3), "torch", 1),
        &[SlotRef::backpack(1)],
    )
    .unwrap();
    i
}

#[test]
fn cr_man_04_draw_from_pack_costs_a_maneuver_hit_or_miss() {
    for (d10, success) in [(2u8, false), (3, true)] {
        let mut i = crow_inventory();
        let out = i
            .draw_from_backpack(ItemId(1), d10, &[SlotRef::hand(1)], HandChoice::Swap)
            .unwrap();
        assert_eq!(out.success, success);
        assert_eq!(
            out.cost,
            MoveCost::Maneuver(InventoryManeuver::DrawFromPack)
        );
    }
}

#[test]
fn cr_man_05_draw_from_belt_one_maneuver_for_the_rearrangement() {
    let mut i = crow_inventory();
    let plan = Rearrangement {
        moves: vec![Move {
            item: ItemId(2),
            to: vec![SlotRef::hand(1)],
        }],
        drops: vec![],
    };
    let out = i.rearrange(&plan, Timing::CombatRounds).unwrap();
    assert_eq!(
        out.cost,
        MoveCost::Maneuver(InventoryManeuver::DrawFromBelt)
    );
    let back = Rearrangement {
        moves: vec![Move {
            item: ItemId(2),
            to: vec![SlotRef::belt(1)],
        }],
        drops: vec![],
    };
    let out = i.rearrange(&back, Timing::CombatRounds).unwrap();
    assert_eq!(
        out.cost,
        MoveCost::Maneuver(InventoryManeuver::DrawFromBelt)
    );
}

#[test]
fn cr_man_07_dump_backpack_any_number_of_items_one_maneuver() {
    let mut i = crow_inventory();
    let out = i
        .dump_backpack(&[ItemId(1), ItemId(3)], Timing::CombatRounds)
        .unwrap();
    assert_eq!(out.dropped.len(), 2);
    assert_eq!(
        out.cost,
        MoveCost::Maneuver(InventoryManeuver::DumpBackpack)
    );
    // Outside combat-round time it is free.
    let mut j = crow_inventory();
    let out = j
        .dump_backpack(&[ItemId(1)], Timing::OutsideCombatRounds)
        .unwrap();
    assert_eq!(out.cost, MoveCost::Free);
}
