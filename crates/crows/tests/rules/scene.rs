//! A short scene through the public API, as the engine would drive it: a crow armed from the
//! sample pack fights, draws from the backpack, is hurt, dies, and a friend carries the body.

use std::path::PathBuf;

use crows::content::ContentLibrary;
use crows::corpses::corpse_item;
use crows::creature::{Creature, WorldOptions};
use crows::damage::{
    Damage, DamageOutcome, DamageStep, Hit, WorldDecision, place_wounds, take_damage,
};
use crows::dungeon_turns::EndOfTurnFaces;
use crows::inventory::{HandChoice, ItemId, SlotRef, Timing, WoundKind};

fn library() -> ContentLibrary {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content/crows-sample");
    let items = std::fs::read_to_string(dir.join("items.json")).expect("readable");
    ContentLibrary::load(&[("items.json", &items)]).expect("valid")
}

#[test]
fn a_crow_fights_dies_and_is_carried_home() {
    let lib = library();
    let o = WorldOptions::default();
    let mut vasa = Creature::new_crow("Vasa", 1, 0, 1, 4, 5).expect("valid");
    let inv = &mut vasa.inventory;
    inv.add(
        lib.items["sword"].to_carried(ItemId(1)),
        &[SlotRef::hand(1)],
    )
    .expect("sword in hand");
    inv.add(
        lib.items["torch"].to_carried(ItemId(2)),
        &[SlotRef::hand(2)],
    )
    .expect("torch in hand");
    inv.add(
        lib.items["leather-armor"].to_carried(ItemId(3)),
        &[SlotRef::backpack(1)],
    )
    .expect("armor");
    inv.declare_worn_armor(ItemId(3), Timing::OutsideCombatRounds)
        .expect("worn");
    inv.add(
        lib.items["healing-draught"].to_carried(ItemId(4)),
        &[SlotRef::backpack(6)],
    )
    .expect("potion");
    inv.item_mut(ItemId(2))
        .and_then(|i| i.usage.as_mut())
        .expect("torch dice")
        .light()
        .expect("lit");

    // Combat: the potion is in slot 6; a 5 fails, a 6 succeeds and swaps with the torch.
    let miss = vasa
        .inventory
        .draw_from_backpack(ItemId(4), 5, &[SlotRef::hand(2)], HandChoice::Swap)
        .expect("valid");
    assert!(!miss.success);
    let hit = vasa
        .inventory
        .draw_from_backpack(ItemId(4), 6, &[SlotRef::hand(2)], HandChoice::Swap)
        .expect("valid");
    assert!(hit.success);
    assert!(vasa.inventory.is_equipped(ItemId(4)));
    assert_eq!(
        vasa.inventory.placement(ItemId(2)).map(|p| p.first),
        Some(6),
        "torch went to slot 6"
    );

    // A 9-point blow: 2 AD, 4 Stamina, 3 wounds to place.
    let blow = Hit {
        damage: Damage::normal(9),
        vulnerable_faces: vec![],
        doubled: false,
        by_player: false,
    };
    let DamageStep::Applied(report) = take_damage(&mut vasa, &blow, None, &o).expect("ok") else {
        panic!("one AD source: no decision needed");
    };
    assert_eq!(report.armor_lost, vec![(ItemId(3), 2)]);
    assert_eq!(report.stamina_lost, 4);
    let DamageOutcome::PlaceWounds(WorldDecision::WoundSlots { count, .. }) = report.outcome else {
        panic!("wounds to place");
    };
    place_wounds(&mut vasa, count, &[1, 6, 9], WoundKind::Normal).expect("placed");
    // Slots 1 and 6 hold items: speed 5 − 2.
    assert_eq!(vasa.speed(0, 0, &o), 3);

    // End of the dungeon turn: the lit torch (now in the pack, still lit) rolls its dice.
    let dice = vasa.end_of_turn_dice();
    assert_eq!(dice.items, vec![(ItemId(2), 3)]);
    vasa.end_of_dungeon_turn(
        &EndOfTurnFaces {
            items: vec![(ItemId(2), vec![1, 4, 6])],
            ..EndOfTurnFaces::default()
        },
        &o,
    )
    .expect("ok");

    // A piercing 10 fills the 7 free slots: dead.
    let spear = Hit {
        damage: Damage::piercing(10),
        ..blow
    };
    let DamageStep::Applied(report) = take_damage(&mut vasa, &spear, None, &o).expect("ok") else {
        panic!("piercing: no decision");
    };
    assert_eq!(report.outcome, DamageOutcome::Died);
    assert!(!vasa.alive);

    // The body: Medium (4) + gear (sword, potion, torch, armor = 4) = 8 slots; only the
    // friend's backpack can hold it.
    let corpse = vasa.into_corpse();
    let body = corpse_item(ItemId(100), &corpse, None).expect("a corpse");
    assert_eq!(body.slots, 8);
    let mut friend = Creature::new_crow("Olya", 0, 0, 2, 5, 5).expect("valid");
    assert!(
        friend
            .inventory
            .add(
                body.clone(),
                &(1..=4).map(SlotRef::belt).collect::<Vec<_>>()
            )
            .is_err()
    );
    friend
        .inventory
        .add(body, &(3..=10).map(SlotRef::backpack).collect::<Vec<_>>())
        .expect("backpack 3-10");
}
