//! Inventory (CR-INV, CR-CORPSE): items placed, moved, drawn and dropped, armor and magic
//! items worn, usage dice of items in use, rations, item cards, and corpses carried as items.
//!
//! Commands (the Referee's):
//! - `{"carry_corpse": {"creature": "vera", "corpse": "goblin", "slots": [{"kind":
//!   "backpack", "number": 1}, …]}}` (the character's controller) — the corpse becomes an item
//!   of its size's slots plus its gear's ([`crate::corpses::corpse_item`], CR-CORPSE-01),
//!   placed by the multi-slot rule; a corpse no slot kind can hold is refused (CR-CORPSE-02).
//! - `{"place_item": {"creature": "vera", "card": "torch", "slots": [{"kind": "hand",
//!   "number": 1}]}}` or with `"custom": {"name": "Old shield", "slots": 1, "armor":
//!   {"kind": "Shield", "defense": 2}}` (a custom light source: `"light": "2/2"` with its
//!   `"usage_dice"`).
//!
//! The character's controller (or the Referee):
//! - `{"move_items": {"creature": "vera", "moves": [{"item": 3, "to": [{"kind": "belt",
//!   "number": 1}]}], "drops": [4]}}` — free outside combat, one maneuver in combat (only hands
//!   and belt); impossible moves are refused with the rule named and change nothing.
//! - `{"draw_from_backpack": {"creature": "vera", "item": 5, "hands": [{"kind": "hand",
//!   "number": 1}], "choice": "Swap"|"DropHands"}}` — combat only: the recorded 1d10 against the
//!   item's slot number (CR-INV-13).
//! - `{"dump_backpack": {"creature": "vera", "items": [5, 6]}}`, `{"pick_up": {"creature":
//!   "vera", "ground": 1, "slots": […]}}`, `{"declare_worn_armor": {"creature": "vera", "item":
//!   2}}`, `{"take_off_armor": {"creature": "vera"}}`, `{"wear_magic_item": {"creature":
//!   "vera", "item": 7, "slot": "Head"}}`, `{"take_off_magic_item": {"creature": "vera",
//!   "item": 7, "slots": [{"kind": "Backpack", "number": 3}]}}` (back into inventory slots,
//!   which ends an overloaded magic slot, CR-INV-06/07).
//! - `{"use_item": {"creature": "vera", "item": 3}}` (an activation: its usage dice roll),
//!   `{"refuel": {"creature": "vera", "item": 3, "with": 4}}`, `{"light": {"creature": "vera",
//!   "item": 3}}`, `{"douse": {"creature": "vera", "item": 3}}` (a source that burns per
//!   dungeon turn rolls its usage dice), `{"eat_ration": {"creature": "vera", "item": 6}}`.
//! - `{"edit_item": {"creature": "vera", "item": 3, "notes": "+1 to hit", "name": "Old sword"}}`
//!   — writes the item's card (CR-INV-08): the player writes `notes` (no rule reads them), only
//!   the Referee gives a `name`.

use crate::ruleset::core::commands::CustomItem;

use engine::{Ctx, RuleError, Visibility};
use serde_json::{Value, json};

use crate::creature::{Creature, Size};
use crate::inventory::{
    CarriedItem, HandChoice, InventoryError, ItemId, MagicSlot, Move, Rearrangement, SlotRef,
};
use crate::light::LightOutput;
use crate::usage_dice::{ItemUsage, RollOccasion, UsageError};

use crate::ruleset::adapter::Crows;

use super::events::CoreEvent;
use super::records::{audience, living, set_creature, set_creature_only, standing_on};
use crate::ruleset::adapter::{err, roll_d6s, roll_die, timing};
use crate::ruleset::state::GroundItem;

/// Rolls the usage dice of `items` (item, number of d6) of creature `c`, each labelled with the
/// item's name; returns the faces per item (for the end of a dungeon turn and its stand-ins).
pub(in crate::ruleset) fn item_usage_faces(
    ctx: &mut Ctx<'_, Crows>,
    c: &Creature,
    items: &[(ItemId, u8)],
    vis: &Visibility,
) -> Result<Vec<(ItemId, Vec<u8>)>, RuleError> {
    let mut faces = Vec::new();
    for (item, n) in items {
        let name = c
            .inventory
            .item(*item)
            .map_or_else(String::new, |i| i.name.clone());
        faces.push((
            *item,
            roll_d6s(ctx, &format!("usage dice: {name}"), *n, vis)?,
        ));
    }
    Ok(faces)
}

pub(in crate::ruleset) fn fresh_id(ctx: &Ctx<'_, Crows>) -> ItemId {
    ItemId(ctx.rules().next_item.max(1))
}

/// Refuses an inventory change that a standing effect on `id` forbids (a numb hand, hands
/// turned to feet, a weapon hand, antlers under a hat…), naming the effect and its rule.
pub(in crate::ruleset) fn check_standing_slots(
    ctx: &Ctx<'_, Crows>,
    id: &str,
    before: &crate::inventory::Inventory,
    after: &crate::inventory::Inventory,
) -> Result<(), RuleError> {
    let active = standing_on(ctx, id);
    crate::standing::may_change(&active, before, after).map_err(|e| err("slot_unusable", e))
}

pub(in crate::ruleset) fn drop_to_ground(
    ctx: &mut Ctx<'_, Crows>,
    from: &str,
    items: Vec<CarriedItem>,
) -> Result<(), RuleError> {
    if items.is_empty() {
        return Ok(());
    }
    let first = ctx.rules().next_ground.max(1);
    let items = items
        .into_iter()
        .zip(first..)
        .map(|(item, id)| GroundItem {
            id,
            from: from.to_string(),
            item,
        })
        .collect();
    ctx.emit(CoreEvent::OnGround { items })
}

/// Longest item name and item-card notes (CR-INV-08).
pub use crate::inventory::MAX_ITEM_NAME;

pub const MAX_ITEM_NOTES: usize = 500;

impl Crows {
    pub(in crate::ruleset) fn item_usage(
        c: &mut Creature,
        item: ItemId,
    ) -> Result<&mut ItemUsage, RuleError> {
        let it = c
            .inventory
            .item_mut(item)
            .ok_or_else(|| RuleError::new("unknown_item", format!("no item {} here", item.0)))?;
        crate::usage_dice::usage_of(&it.name, it.usage.as_mut())
            .map_err(|e| err("no_usage_dice", e))
    }

    /// `place_item`: a card's or a custom item is placed in a creature's slots.
    pub(super) fn place_item(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        card: &Option<String>,
        custom: &Option<CustomItem>,
        slots: &[SlotRef],
    ) -> Result<(), RuleError> {
        let r = living(ctx, creature)?;
        let id = fresh_id(ctx);
        let item = match (card, custom) {
            (Some(card), None) => ctx
                .rules()
                .content
                .items
                .get(card)
                .ok_or_else(|| {
                    RuleError::new(
                        "unknown_card",
                        format!("no item card `{card}` in the loaded packs"),
                    )
                })?
                .to_carried(id),
            (None, Some(x)) => {
                crate::inventory::may_make_item(x.slots).map_err(|e| err("bad_item", e))?;
                let mut item = CarriedItem::new(id, x.name.clone(), x.slots);
                item.stack = x.stack.clone();
                if let Some(a) = x.armor {
                    item = item.with_armor(a.kind, a.defense);
                }
                if x.magic {
                    item = item.magical(x.magic_slot);
                }
                if let Some(l) = &x.light {
                    item.light = Some(LightOutput::parse(l).map_err(|e| err("bad_item", e))?);
                }
                if let Some(line) = &x.usage_dice {
                    let usage = ItemUsage::new(x.name.clone(), line.clone())
                        .map_err(|e| err("bad_item", e))?;
                    item.usage = Some(if x.light_source || x.light.is_some() {
                        usage.as_light_source()
                    } else {
                        usage
                    });
                }
                item
            }
            _ => {
                return Err(RuleError::new(
                    "bad_item",
                    "give exactly one of `card` and `custom`",
                ));
            }
        };
        let mut c = r.creature.clone();
        c.inventory
            .add(item, slots)
            .map_err(|e| err("inventory_refused", e))?;
        check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
        set_creature_only(ctx, creature, c, "item placed", json!({"item": id}))
    }

    /// `move_items`: items move between slots or are dropped (one maneuver in combat).
    pub(super) fn move_items(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        moves: &[Move],
        drops: &[ItemId],
    ) -> Result<(), RuleError> {
        let r = living(ctx, creature)?;
        let mut c = r.creature.clone();
        let plan = Rearrangement {
            moves: moves.to_vec(),
            drops: drops.to_vec(),
        };
        let out = c
            .inventory
            .rearrange(&plan, timing(ctx))
            .map_err(|e| match &e {
                // Which item is in the way, so a client can offer to swap the two.
                InventoryError::Occupied { slot } => {
                    let occupant = r
                        .creature
                        .inventory
                        .occupants(*slot)
                        .last()
                        .map(|i| json!({"item": i.id, "item_name": i.name}));
                    err("slot_taken", &e).with_args(json!({
                        "kind": slot.kind,
                        "number": slot.number,
                        "occupant": occupant,
                    }))
                }
                _ => err("inventory_refused", &e),
            })?;
        check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
        set_creature_only(ctx, creature, c, "items moved", json!({"cost": out.cost}))?;
        drop_to_ground(ctx, creature, out.dropped)
    }

    /// `draw_from_backpack`: in combat, the recorded 1d10 against the item's slot number
    /// (CR-INV-13).
    pub(super) fn draw_from_backpack(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
        hands: &[SlotRef],
        choice: &HandChoice,
    ) -> Result<(), RuleError> {
        let r = living(ctx, creature)?;
        crate::inventory::may_draw_from_backpack(timing(ctx))
            .map_err(|e| err("not_in_combat", e))?;
        r.creature
            .inventory
            .check_draw_from_backpack(*item)
            .map_err(|e| err("inventory_refused", e))?;
        // Every face is tried before the die is rolled, so whether the command is
        // refused (bad hand slots only matter on a success) never depends on the face.
        for face in 1..=10 {
            let mut c = r.creature.clone();
            c.inventory
                .draw_from_backpack(*item, face, hands, *choice)
                .map_err(|e| err("inventory_refused", e))?;
            check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
        }
        let vis = audience(ctx, creature);
        let d10 = roll_die(ctx, "backpack draw", 10, vis)?;
        let mut c = r.creature.clone();
        let out = c
            .inventory
            .draw_from_backpack(*item, d10, hands, *choice)
            .map_err(|e| err("inventory_refused", e))?;
        check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
        set_creature_only(
            ctx,
            creature,
            c,
            if out.success {
                "drew from the backpack"
            } else {
                "failed to draw from the backpack"
            },
            json!({"d10": d10, "success": out.success, "cost": out.cost}),
        )?;
        drop_to_ground(ctx, creature, out.dropped)
    }

    /// `dump_backpack`: the named backpack items go to the ground.
    pub(super) fn dump_backpack(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        items: &[ItemId],
    ) -> Result<(), RuleError> {
        let r = living(ctx, creature)?;
        let mut c = r.creature.clone();
        let out = c
            .inventory
            .dump_backpack(items, timing(ctx))
            .map_err(|e| err("inventory_refused", e))?;
        set_creature_only(
            ctx,
            creature,
            c,
            "backpack dumped",
            json!({"cost": out.cost}),
        )?;
        drop_to_ground(ctx, creature, out.dropped)
    }

    /// `pick_up`: an item on the ground goes into the creature's slots.
    pub(super) fn pick_up(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        ground: &u32,
        slots: &[SlotRef],
    ) -> Result<(), RuleError> {
        let r = living(ctx, creature)?;
        let g = ctx
            .rules()
            .ground
            .iter()
            .find(|g| g.id == *ground)
            .cloned()
            .ok_or_else(|| {
                RuleError::new(
                    "unknown_ground_item",
                    format!("nothing on the ground as {ground}"),
                )
            })?;
        let mut c = r.creature.clone();
        let mut item = g.item.clone();
        item.id = fresh_id(ctx);
        let cost = c
            .inventory
            .pick_up(item, slots, timing(ctx))
            .map_err(|e| err("inventory_refused", e))?;
        check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
        ctx.emit(CoreEvent::PickedUp { ground: *ground })?;
        set_creature_only(ctx, creature, c, "picked up", json!({"cost": cost}))
    }

    /// `carry_corpse`: a corpse becomes an item of its size's slots and its gear's
    /// (CR-CORPSE-01/02).
    pub(super) fn carry_corpse(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        corpse: &str,
        slots: &[SlotRef],
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        let before = c.inventory.clone();
        let body = crate::corpses::lying(corpse, ctx.rules().corpses.get(corpse).cloned())
            .map_err(|e| err("unknown_corpse", e))?;
        let id = fresh_id(ctx);
        // A Holy Shit! corpse takes the house-ruled slots (CR-SIZE-03, CR-REF-16).
        let referee_slots = if body.size == Size::HolyShit {
            ctx.rules().options.corpse_slots_override()
        } else {
            None
        };
        let item = crate::corpses::corpse_item(id, &body, referee_slots)
            .map_err(|e| err("bad_corpse", e))?;
        let needed = item.slots;
        crate::corpses::may_carry(
            &body.name,
            &c.name,
            c.inventory.layout(),
            needed,
            ctx.rules().options.corpse_slots == crate::creature::CorpseSlotKinds::BackpackOnly,
        )
        .map_err(|e| err("corpse_too_big", e))?;
        let cost = c
            .inventory
            .pick_up(item, slots, timing(ctx))
            .map_err(|e| err("inventory_refused", e))?;
        check_standing_slots(ctx, creature, &before, &c.inventory)?;
        let vis = audience(ctx, creature);
        ctx.emit_for(
            CoreEvent::CorpseCarried {
                corpse: corpse.to_string(),
                item: id.0,
            },
            vis,
        )?;
        set_creature_only(
            ctx,
            creature,
            c,
            "corpse picked up",
            json!({"cost": cost, "slots": needed}),
        )
    }

    /// `declare_worn_armor`: the creature wears this armor.
    pub(super) fn declare_worn_armor(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        c.inventory
            .declare_worn_armor(*item, timing(ctx))
            .map_err(|e| err("inventory_refused", e))?;
        set_creature_only(ctx, creature, c, "armor worn", Value::Null)
    }

    /// `take_off_armor`: the creature takes its armor off.
    pub(super) fn take_off_armor(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        c.inventory
            .take_off_worn_armor()
            .map_err(|e| err("no_armor", e))?;
        set_creature_only(ctx, creature, c, "armor taken off", Value::Null)
    }

    /// `wear_magic_item`: a magic item goes into a magic slot (CR-INV-06/07).
    pub(super) fn wear_magic_item(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
        slot: &MagicSlot,
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        let before = c.inventory.clone();
        c.inventory
            .wear_magic_item(*item, *slot)
            .map_err(|e| err("inventory_refused", e))?;
        check_standing_slots(ctx, creature, &before, &c.inventory)?;
        set_creature_only(ctx, creature, c, "magic item worn", Value::Null)
    }

    /// `take_off_magic_item`: a magic item goes back into inventory slots (CR-INV-06/07).
    pub(super) fn take_off_magic_item(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
        slots: &[SlotRef],
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        let before = c.inventory.clone();
        c.inventory
            .take_off_magic_item(*item, slots)
            .map_err(|e| err("inventory_refused", e))?;
        check_standing_slots(ctx, creature, &before, &c.inventory)?;
        set_creature_only(ctx, creature, c, "magic item taken off", Value::Null)
    }

    /// `use_item`: an activation of an item; its usage dice roll.
    pub(super) fn use_item(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
    ) -> Result<(), RuleError> {
        let r = living(ctx, creature)?;
        let mut c = r.creature.clone();
        let usage = Self::item_usage(&mut c, *item)?;
        usage.check_activation().map_err(|e| match e {
            UsageError::NotOnActivation(..) => err("not_on_activation", e),
            _ => err("item_unusable", e),
        })?;
        let n = usage.dice_to_roll(RollOccasion::Activation);
        let label = format!("usage dice: {}", usage.item);
        let vis = audience(ctx, creature);
        let faces = roll_d6s(ctx, &label, n, &vis)?;
        let usage = Self::item_usage(&mut c, *item)?;
        let rolled = usage
            .roll(RollOccasion::Activation, &faces)
            .map_err(|e| err("usage_dice", e))?;
        set_creature_only(ctx, creature, c, "item used", json!(rolled))
    }

    /// `refuel`: a light source is refuelled from another item.
    pub(super) fn refuel(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
        with: &ItemId,
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        let fuel = c
            .inventory
            .item(*with)
            .ok_or_else(|| RuleError::new("unknown_item", format!("no item {}", with.0)))?;
        let fuel_name = fuel.card.clone().unwrap_or_else(|| fuel.name.clone());
        Self::item_usage(&mut c, *item)?
            .refuel(&fuel_name)
            .map_err(|e| err("refuel_refused", e))?;
        c.inventory
            .remove(*with)
            .map_err(|e| err("inventory_refused", e))?;
        set_creature_only(ctx, creature, c, "refuelled", Value::Null)
    }

    /// `eat_ration`: the creature eats a ration.
    pub(super) fn eat_ration(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
    ) -> Result<(), RuleError> {
        let mut r = living(ctx, creature)?;
        let it = r
            .creature
            .inventory
            .item(*item)
            .ok_or_else(|| RuleError::new("unknown_item", format!("no item {}", item.0)))?;
        let is_ration = it
            .card
            .as_ref()
            .and_then(|c| ctx.rules().content.items.get(c))
            .is_some_and(|card| card.ration);
        crate::hazards::may_eat(&it.name, is_ration).map_err(|e| err("not_a_ration", e))?;
        r.creature
            .inventory
            .remove(*item)
            .map_err(|e| err("inventory_refused", e))?;
        let healed = r.hunger.eat_ration(&mut r.creature);
        set_creature(
            ctx,
            creature,
            r,
            "ate a ration",
            json!({"starvation_wounds_removed": healed}),
        )
    }

    /// `edit_item`: writes a carried item's card (CR-INV-08). Only the Referee renames; the
    /// notes carry no rule.
    pub(super) fn edit_item(
        &self,
        ctx: &mut Ctx<'_, Self>,
        creature: &str,
        item: ItemId,
        name: Option<&str>,
        notes: Option<&str>,
    ) -> Result<(), RuleError> {
        crate::inventory::may_edit_item(
            name.is_some(),
            notes.is_some(),
            *ctx.actor() == engine::Actor::Referee,
        )
        .map_err(|e| match e {
            InventoryError::NothingToEdit => err("nothing_to_edit", e),
            _ => err("rename_refused", e),
        })?;
        let name = name
            .map(crate::inventory::item_name)
            .transpose()
            .map_err(|e| err("bad_item_name", e))?;
        let notes = notes.map(str::trim);
        if notes.is_some_and(|n| n.chars().count() > MAX_ITEM_NOTES) {
            return Err(RuleError::new(
                "notes_too_long",
                format!("item notes are at most {MAX_ITEM_NOTES} characters"),
            )
            .rule("MAX_ITEM_NOTES"));
        }
        let mut c = living(ctx, creature)?.creature;
        let carried = c.inventory.item_mut(item).ok_or_else(|| {
            RuleError::new(
                "unknown_item",
                format!("`{creature}` carries no item {}", item.0),
            )
        })?;
        if let Some(n) = name {
            carried.name = n;
        }
        if let Some(notes) = notes {
            carried.notes = notes.to_string();
        }
        set_creature_only(ctx, creature, c, "item_card", json!({"item": item.0}))
    }
}
