//! Carrying corpses («Переноска трупов», table «Слоты трупов»).
//!
//! A corpse takes the slots its size gives in the table plus the slots of the gear still on it
//! (CR-CORPSE-01). It follows the multi-slot rule: one kind of slot, consecutive (CR-CORPSE-02);
//! which kinds may hold one is the option [`crate::creature::CorpseSlotKinds`] (CR-ERR-32).
//! Tiny corpses stack three to a slot. Holy Shit! corpses may take more than 32 slots at the
//! Referee's word (CR-SIZE-03, CR-ERR-12, CR-REF-16).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::creature::{Object, Size};
use crate::inventory::{CarriedItem, InventoryLayout, ItemId};

/// One row of the corpse-slot table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpseSlots {
    pub size: Size,
    pub slots: u16,
    /// Corpses per slot.
    pub stack_limit: u8,
}

/// The table «Слоты трупов» (CR-CORPSE-01), smallest first.
pub const CORPSE_SLOT_TABLE: [CorpseSlots; 6] = [
    CorpseSlots {
        size: Size::Tiny,
        slots: 1,
        stack_limit: 3,
    },
    CorpseSlots {
        size: Size::Small,
        slots: 2,
        stack_limit: 1,
    },
    CorpseSlots {
        size: Size::Medium,
        slots: 4,
        stack_limit: 1,
    },
    CorpseSlots {
        size: Size::Large,
        slots: 8,
        stack_limit: 1,
    },
    CorpseSlots {
        size: Size::Huge,
        slots: 16,
        stack_limit: 1,
    },
    CorpseSlots {
        size: Size::HolyShit,
        slots: 32,
        stack_limit: 1,
    },
];

/// Refusals.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    Serialize,
    Deserialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum CorpseError {
    #[error("CR-CORPSE-01: {0} is not a corpse")]
    #[strum(props(rule = "CR-CORPSE-01"))]
    NotACorpse(String),
    #[error("CR-ERR-12: only the Referee may raise a Holy Shit! corpse above 32 slots (asked {0})")]
    #[strum(props(rule = "CR-ERR-12"))]
    BelowTable(u16),
    #[error("CR-ERR-12: only Holy Shit! corpses may take more slots than the table says")]
    #[strum(props(rule = "CR-ERR-12"))]
    NotHolyShit,
    #[error("no corpse of `{corpse}` lies here (CR-CORE-05)")]
    #[strum(props(rule = "CR-CORE-05"))]
    Unknown { corpse: String },
    #[error(
        "{corpse} takes {needed} slots: no slot kind of {carrier} has that many (CR-CORPSE-02)"
    )]
    #[strum(props(rule = "CR-CORPSE-02"))]
    TooBig {
        corpse: String,
        needed: u16,
        carrier: String,
    },
}

crate::refusal::refusal!(CorpseError, "corpse");

/// The table row for a size.
pub fn corpse_slots(size: Size) -> CorpseSlots {
    // The table has one row per size in `Size` order.
    CORPSE_SLOT_TABLE[usize::from(size.order() - 1)]
}

/// Slots of a corpse of `size` carrying `gear_slots` of equipment. `referee_slots` lets the
/// Referee give a Holy Shit! corpse more than 32 slots (never fewer).
pub fn corpse_total_slots(
    size: Size,
    gear_slots: u16,
    referee_slots: Option<u16>,
) -> Result<u16, CorpseError> {
    let base = match referee_slots {
        None => corpse_slots(size).slots,
        Some(_) if size != Size::HolyShit => return Err(CorpseError::NotHolyShit),
        Some(n) if n < corpse_slots(Size::HolyShit).slots => {
            return Err(CorpseError::BelowTable(n));
        }
        Some(n) => n,
    };
    Ok(base.saturating_add(gear_slots))
}

/// The corpse as an item to carry: its slots (size + gear) and, for gear-less Tiny corpses,
/// the stack of three per slot. A Tiny corpse with gear takes more than one slot and cannot
/// stack.
pub fn corpse_item(
    id: ItemId,
    corpse: &Object,
    referee_slots: Option<u16>,
) -> Result<CarriedItem, CorpseError> {
    let remains = corpse
        .corpse
        .as_ref()
        .ok_or_else(|| CorpseError::NotACorpse(corpse.name.clone()))?;
    let gear = remains.inventory.gear_slots();
    let slots = corpse_total_slots(corpse.size, gear, referee_slots)?;
    let mut item = CarriedItem::new(id, corpse.name.clone(), slots);
    item.corpse = true;
    item.magic = corpse.magic;
    let row = corpse_slots(corpse.size);
    if row.stack_limit > 1 && slots == 1 {
        item = item.stackable(format!("corpse:{:?}", corpse.size), row.stack_limit);
        item.corpse = true;
    }
    Ok(item)
}

/// Whether one creature with `layout` could carry a corpse of `slots` slots at all: some slot
/// kind must have that many slots (CR-CORPSE-02). Which kinds count is the CR-ERR-32 option.
pub fn fits_some_slot_kind(layout: InventoryLayout, slots: u16, backpack_only: bool) -> bool {
    let kinds = if backpack_only {
        vec![layout.backpack]
    } else {
        vec![layout.hands, layout.belt, layout.backpack]
    };
    kinds.into_iter().any(|n| u16::from(n) >= slots)
}

/// The corpse of `corpse`, if one lies here: a dead creature's body stays as an object
/// (CR-CORE-05).
pub fn lying<T>(corpse: &str, body: Option<T>) -> Result<T, CorpseError> {
    body.ok_or_else(|| CorpseError::Unknown {
        corpse: corpse.to_string(),
    })
}

/// [`fits_some_slot_kind`] as the refusal of `carrier` picking up `corpse` (CR-CORPSE-02).
pub fn may_carry(
    corpse: &str,
    carrier: &str,
    layout: InventoryLayout,
    needed: u16,
    backpack_only: bool,
) -> Result<(), CorpseError> {
    if !fits_some_slot_kind(layout, needed, backpack_only) {
        return Err(CorpseError::TooBig {
            corpse: corpse.to_string(),
            needed,
            carrier: carrier.to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::{Characteristics, CorpseSlotKinds, Creature, CreatureKind, Speeds};
    use crate::inventory::{Inventory, InventoryError, InventoryOptions, SlotRef};

    #[test]
    fn cr_corpse_01_corpse_slot_table_every_row() {
        let rows = [
            (Size::Tiny, 1, 3),
            (Size::Small, 2, 1),
            (Size::Medium, 4, 1),
            (Size::Large, 8, 1),
            (Size::Huge, 16, 1),
            (Size::HolyShit, 32, 1),
        ];
        assert_eq!(CORPSE_SLOT_TABLE.len(), rows.len());
        for (size, slots, stack) in rows {
            let row = corpse_slots(size);
            assert_eq!((row.size, row.slots, row.stack_limit), (size, slots, stack));
            assert_eq!(corpse_total_slots(size, 0, None), Ok(slots));
        }
    }

    fn dead(size: Size, sword: bool) -> Object {
        let mut c = Creature::new(
            "bandit",
            CreatureKind::Npc,
            Characteristics::default(),
            3,
            Speeds::default(),
            size,
            InventoryLayout::CROW,
        );
        if sword {
            c.inventory
                .add(CarriedItem::new(ItemId(1), "sword", 1), &[SlotRef::hand(1)])
                .expect("fits");
        }
        c.into_corpse()
    }

    #[test]
    fn cr_corpse_01_medium_corpse_with_sword_takes_five() {
        let item = corpse_item(ItemId(50), &dead(Size::Medium, true), None).expect("corpse");
        assert_eq!(item.slots, 5);
        assert!(item.corpse);
        // Three Tiny corpses share a slot; a fourth needs another.
        let mut inv = Inventory::new(InventoryLayout::CROW);
        for n in 0..3 {
            let rat = corpse_item(ItemId(n), &dead(Size::Tiny, false), None).expect("corpse");
            inv.add(rat, &[SlotRef::backpack(1)])
                .expect("stack of three");
        }
        let fourth = corpse_item(ItemId(3), &dead(Size::Tiny, false), None).expect("corpse");
        assert!(matches!(
            inv.add(fourth.clone(), &[SlotRef::backpack(1)]),
            Err(InventoryError::StackFull { limit: 3, .. })
        ));
        inv.add(fourth, &[SlotRef::backpack(2)]).expect("next slot");
        let not_corpse = Object {
            corpse: None,
            ..dead(Size::Tiny, false)
        };
        assert!(matches!(
            corpse_item(ItemId(9), &not_corpse, None),
            Err(CorpseError::NotACorpse(_))
        ));
    }

    #[test]
    fn cr_corpse_02_corpses_follow_the_multi_slot_rule() {
        let layout = InventoryLayout::CROW;
        assert!(
            fits_some_slot_kind(layout, 8, false),
            "Large fits the backpack"
        );
        assert!(!fits_some_slot_kind(layout, 16, false), "Huge never fits");
        assert!(
            !fits_some_slot_kind(layout, 32, false),
            "Holy Shit! never fits"
        );
        let mut inv = Inventory::new(layout);
        let large = corpse_item(ItemId(1), &dead(Size::Large, false), None).expect("corpse");
        assert_eq!(
            inv.add(
                large.clone(),
                &(1..=4).map(SlotRef::belt).collect::<Vec<_>>()
            ),
            Err(InventoryError::SlotCountMismatch {
                item: large.name.clone(),
                needed: 8,
                given: 4
            })
        );
        inv.add(large, &(2..=9).map(SlotRef::backpack).collect::<Vec<_>>())
            .expect("backpack 2-9");
    }

    #[test]
    fn cr_err_32_corpse_slot_kinds_option() {
        let small = corpse_item(ItemId(1), &dead(Size::Small, false), None).expect("corpse");
        let mut inv = Inventory::new(InventoryLayout::CROW);
        inv.add(small.clone(), &[SlotRef::hand(1), SlotRef::hand(2)])
            .expect("default: hands allowed");
        let mut inv = Inventory::new(InventoryLayout::CROW).with_options(InventoryOptions {
            corpse_slots: CorpseSlotKinds::BackpackOnly,
            ..InventoryOptions::default()
        });
        assert_eq!(
            inv.add(small.clone(), &[SlotRef::belt(1), SlotRef::belt(2)]),
            Err(InventoryError::CorpseOutsideBackpack)
        );
        inv.add(small, &[SlotRef::backpack(1), SlotRef::backpack(2)])
            .expect("backpack");
        let small_pack = InventoryLayout {
            hands: 2,
            belt: 4,
            backpack: 3,
        };
        assert!(fits_some_slot_kind(small_pack, 4, false), "belt of 4");
        assert!(
            !fits_some_slot_kind(small_pack, 4, true),
            "backpack of 3 only"
        );
    }

    #[test]
    // Covers CR-SIZE-03, CR-ERR-12.
    fn cr_size_03_cr_err_12_holy_shit_corpses_may_take_more() {
        assert_eq!(corpse_total_slots(Size::HolyShit, 0, Some(40)), Ok(40));
        assert_eq!(corpse_total_slots(Size::HolyShit, 2, Some(40)), Ok(42));
        assert_eq!(
            corpse_total_slots(Size::HolyShit, 0, Some(20)),
            Err(CorpseError::BelowTable(20))
        );
        assert_eq!(
            corpse_total_slots(Size::Huge, 0, Some(40)),
            Err(CorpseError::NotHolyShit)
        );
    }
}
