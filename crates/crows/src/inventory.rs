//! Slot inventory («Слоты инвентаря», «Слоты магических предметов», «Ношение доспеха»,
//! «Экипированные предметы», «Перекладывание между слотами»).
//!
//! A crow has 2 hand slots, 4 belt slots and backpack slots numbered 1–10 (CR-INV-01). Items
//! take one or more slots of a single kind, in a row (CR-INV-03); stackable items of one kind
//! share a slot up to their limit, never in a hand (CR-INV-04/05). Wounds are markers in
//! backpack slots (CR-DMG-11). Six magic-item slots sit apart from the inventory (CR-INV-06).
//! Only items in hand are equipped (CR-INV-10), unless an item's card lets it work from another
//! slot kind (`works_from`, CR-CORE-03); [`Inventory::items_in_use`] lists what works now.
//!
//! Every operation validates first and changes nothing when it fails; the error names the rule.
//! Operations that cost something in combat-round time return the [`MoveCost`].

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::nature::Magic;
use crate::world_options::{BackpackRows, CorpseSlotKinds, WoundPlacement};

/// The id that names a creature's natural Armor Defense in damage reports and armor-order
/// decisions (never used for a carried item).
pub const NATURAL_ARMOR: ItemId = ItemId(u32::MAX);

/// Identifies one item instance inside an inventory (unique per inventory).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub struct ItemId(pub u32);

/// The three kinds of inventory slot, written `hand`, `belt`, `backpack` like every other JSON
/// key and value; the capitalised spellings of older commands, packs and logs
/// (`"Hand"`) are still read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotKind {
    #[serde(alias = "Hand")]
    Hand,
    #[serde(alias = "Belt")]
    Belt,
    #[serde(alias = "Backpack")]
    Backpack,
}

impl std::fmt::Display for SlotKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SlotKind::Hand => "hand",
            SlotKind::Belt => "belt",
            SlotKind::Backpack => "backpack",
        })
    }
}

/// The wire shape of a slot kind, written by hand because schemars does not read
/// `serde(alias)`: the capitalised spellings are read (deserialize contract), never written.
impl schemars::JsonSchema for SlotKind {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SlotKind".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        if generator.contract().is_deserialize() {
            schemars::json_schema!({
                "type": "string",
                "enum": ["hand", "belt", "backpack", "Hand", "Belt", "Backpack"]
            })
        } else {
            schemars::json_schema!({"type": "string", "enum": ["hand", "belt", "backpack"]})
        }
    }
}

/// One slot: its kind and number (1-based; backpack numbers matter for CR-INV-13).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub struct SlotRef {
    pub kind: SlotKind,
    pub number: u8,
}

/// In words, for refusals: "backpack slot 2".
impl std::fmt::Display for SlotRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} slot {}", self.kind, self.number)
    }
}

/// In words, for refusals: "item 3".
impl std::fmt::Display for ItemId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "item {}", self.0)
    }
}

/// In words, for refusals: "finger".
impl std::fmt::Display for MagicSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MagicSlot::Head => "head",
            MagicSlot::Neck => "neck",
            MagicSlot::Waist => "waist",
            MagicSlot::Arms => "arms",
            MagicSlot::Finger => "finger",
            MagicSlot::Feet => "feet",
        })
    }
}

impl SlotRef {
    pub fn hand(number: u8) -> Self {
        SlotRef {
            kind: SlotKind::Hand,
            number,
        }
    }
    pub fn belt(number: u8) -> Self {
        SlotRef {
            kind: SlotKind::Belt,
            number,
        }
    }
    pub fn backpack(number: u8) -> Self {
        SlotRef {
            kind: SlotKind::Backpack,
            number,
        }
    }
}

/// How many slots of each kind a creature has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InventoryLayout {
    pub hands: u8,
    pub belt: u8,
    /// Backpack slots, numbered 1..=backpack (at most 10 for a crow).
    pub backpack: u8,
}

impl InventoryLayout {
    /// A crow's slots (CR-INV-01).
    pub const CROW: InventoryLayout = InventoryLayout {
        hands: 2,
        belt: 4,
        backpack: 10,
    };
    /// A creature without an inventory.
    pub const NONE: InventoryLayout = InventoryLayout {
        hands: 0,
        belt: 0,
        backpack: 0,
    };

    pub fn count(&self, kind: SlotKind) -> u8 {
        match kind {
            SlotKind::Hand => self.hands,
            SlotKind::Belt => self.belt,
            SlotKind::Backpack => self.backpack,
        }
    }
}

/// Stacking: items of one `kind` share a slot, up to `limit` per slot (CR-INV-04).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StackRule {
    pub kind: String,
    pub limit: u8,
}

/// Suit of armor or shield (CR-DMG-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum ArmorKind {
    Armor,
    Shield,
}

/// An armor or shield's Armor Defense: current value and the value Repair Armor restores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmorDefense {
    pub kind: ArmorKind,
    pub max: u16,
    pub current: u16,
}

/// The six magic-item slots (CR-INV-06).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum MagicSlot {
    Head,
    Neck,
    Waist,
    Arms,
    Finger,
    Feet,
}

impl MagicSlot {
    pub const ALL: [MagicSlot; 6] = [
        MagicSlot::Head,
        MagicSlot::Neck,
        MagicSlot::Waist,
        MagicSlot::Arms,
        MagicSlot::Finger,
        MagicSlot::Feet,
    ];
}

/// One item instance as carried.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedItem {
    pub id: ItemId,
    pub name: String,
    /// Card id in a content pack, if any.
    #[serde(default)]
    pub card: Option<String>,
    /// Number of slots it takes (corpses may take 32 or more).
    pub slots: u16,
    #[serde(default)]
    pub stack: Option<StackRule>,
    #[serde(default)]
    pub armor: Option<ArmorDefense>,
    #[serde(default)]
    pub magic: Magic,
    /// The magic-item slot the item must occupy to work, if any (CR-INV-06).
    #[serde(default)]
    pub magic_slot: Option<MagicSlot>,
    /// A carried corpse (CR-CORPSE-01).
    #[serde(default)]
    pub corpse: bool,
    /// This instance's usage dice (each stacked item keeps its own pool, CR-ERR-38).
    #[serde(default)]
    pub usage: Option<crate::usage_dice::ItemUsage>,
    /// The light it gives while lit (CR-LIGHT-01).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<crate::light::LightOutput>,
    /// Slot kinds besides the hands from which it works (its card's exception to CR-INV-10,
    /// CR-CORE-03), e.g. a lantern hooked to the belt.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub works_from: Vec<SlotKind>,
    /// Exceptions to general rules it gives whoever has it in use (CR-CORE-03).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<crate::overrides::RuleOverride>,
    /// What the table writes on the item's card (magic effects, a stack's count…, CR-INV-08);
    /// no rule reads it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

impl CarriedItem {
    /// A plain one-kind item taking `slots` slots.
    pub fn new(id: ItemId, name: impl Into<String>, slots: u16) -> Self {
        CarriedItem {
            id,
            name: name.into(),
            card: None,
            slots,
            stack: None,
            armor: None,
            magic: Magic::Mundane,
            magic_slot: None,
            corpse: false,
            usage: None,
            light: None,
            works_from: Vec::new(),
            grants: Vec::new(),
            notes: String::new(),
        }
    }

    pub fn stackable(mut self, kind: impl Into<String>, limit: u8) -> Self {
        self.stack = Some(StackRule {
            kind: kind.into(),
            limit,
        });
        self
    }

    pub fn with_armor(mut self, kind: ArmorKind, defense: u16) -> Self {
        self.armor = Some(ArmorDefense {
            kind,
            max: defense,
            current: defense,
        });
        self
    }

    pub fn magical(mut self, slot: Option<MagicSlot>) -> Self {
        self.magic = Magic::Magic;
        self.magic_slot = slot;
        self
    }
}

/// Where an item lies: `len` consecutive slots of one kind starting at `first`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub kind: SlotKind,
    pub first: u8,
    pub len: u16,
}

impl Placement {
    pub fn contains(&self, slot: SlotRef) -> bool {
        slot.kind == self.kind
            && u16::from(slot.number) >= u16::from(self.first)
            && u16::from(slot.number) < u16::from(self.first) + self.len
    }

    pub fn slots(&self) -> impl Iterator<Item = SlotRef> + '_ {
        (0..self.len).map(move |i| SlotRef {
            kind: self.kind,
            // `len` is checked against the layout (at most 255 slots) before a placement exists.
            number: (u16::from(self.first) + i) as u8,
        })
    }
}

/// Kinds of wound marker (CR-DMG-11, CR-HAZ-03, CR-ERR-65).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WoundKind {
    Normal,
    /// Removed all at once by eating a ration (CR-HAZ-03).
    Starvation,
    /// Backlash 53–54 tentacle wounds (CR-ERR-65).
    Special,
}

/// When a move happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Timing {
    /// Free rearranging (CR-INV-11).
    OutsideCombatRounds,
    /// Time counted in combat rounds (CR-INV-12/13).
    CombatRounds,
}

/// Maneuvers an inventory operation may cost (CR-MAN-05…07).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum InventoryManeuver {
    DrawFromBelt,
    DrawFromPack,
    PickUpItem,
    DumpBackpack,
}

/// What an operation costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveCost {
    Free,
    Maneuver(InventoryManeuver),
}

/// Refusals, each naming its rule.
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
pub enum InventoryError {
    #[error("CR-INV-01: there is no {kind} slot {number}")]
    #[strum(props(rule = "CR-INV-01"))]
    NoSuchSlot { kind: SlotKind, number: u8 },
    #[error("CR-INV-03: {item} takes {needed} slot(s), {given} given")]
    #[strum(props(rule = "CR-INV-03"))]
    SlotCountMismatch {
        item: String,
        needed: u16,
        given: u16,
    },
    #[error("CR-INV-03: a multi-slot item must use slots of one kind only")]
    #[strum(props(rule = "CR-INV-03"))]
    MixedSlotKinds,
    #[error("CR-INV-03: a multi-slot item must use consecutive slots")]
    #[strum(props(rule = "CR-INV-03"))]
    NotConsecutive,
    #[error("CR-ERR-31: backpack rows 1-5 and 6-10 may not be spanned (option TwoRowsOfFive)")]
    #[strum(props(rule = "CR-ERR-31"))]
    SpansBackpackRows,
    #[error("CR-INV-03: {slot} is already taken")]
    #[strum(props(rule = "CR-INV-03"))]
    Occupied { slot: SlotRef },
    #[error("CR-INV-05: a hand slot holds exactly one item; stacks never go in hands")]
    #[strum(props(rule = "CR-INV-05"))]
    StackInHand,
    #[error("CR-INV-04: a stack holds items of one kind only ({existing} here, not {new})")]
    #[strum(props(rule = "CR-INV-04"))]
    StackKindMismatch { existing: String, new: String },
    #[error("CR-INV-04: the stack in {slot} is full ({limit} per slot)")]
    #[strum(props(rule = "CR-INV-04"))]
    StackFull { slot: SlotRef, limit: u8 },
    #[error("CR-ERR-11: a wound fills {slot} (option EmptySlotOnly)")]
    #[strum(props(rule = "CR-ERR-11"))]
    WoundFillsSlot { slot: SlotRef },
    #[error("CR-ERR-32: a corpse may only be carried in backpack slots (option BackpackOnly)")]
    #[strum(props(rule = "CR-ERR-32"))]
    CorpseOutsideBackpack,
    #[error("inventory: there is no {0} here")]
    UnknownItem(ItemId),
    #[error("inventory: the id of {0} is already in use")]
    DuplicateItem(ItemId),
    #[error("CR-INV-10: {item} needs {needed} hand slots; there are {hands}")]
    #[strum(props(rule = "CR-INV-10"))]
    TooBigForHands {
        item: String,
        needed: u16,
        hands: u8,
    },
    #[error("CR-INV-10: {0} must be in hand slots (equipped) to be used")]
    #[strum(props(rule = "CR-INV-10"))]
    NotEquipped(String),
    #[error(
        "CR-INV-12: in combat-round time only hand and belt slots can be rearranged (a maneuver)"
    )]
    #[strum(props(rule = "CR-INV-12"))]
    CombatMoveNotAllowed,
    #[error("CR-INV-13: in combat-round time, taking out of the backpack is the 1d10 draw")]
    #[strum(props(rule = "CR-INV-13"))]
    UseDrawFromBackpack,
    #[error("CR-INV-13: the backpack draw roll must be a d10 face 1-10, got {0}")]
    #[strum(props(rule = "CR-INV-13"))]
    BadD10(u8),
    #[error("CR-INV-13: {0} is not in the backpack")]
    #[strum(props(rule = "CR-INV-13"))]
    NotInBackpack(String),
    #[error("CR-INV-13: only backpack items can be rearranged after a failed draw")]
    #[strum(props(rule = "CR-INV-13"))]
    NotBackpackRearrangement,
    #[error("CR-INV-06: {0} is not a magic item")]
    #[strum(props(rule = "CR-INV-06"))]
    NotMagic(String),
    #[error("CR-INV-06: {item} goes in the {required} magic-item slot, not {given}")]
    #[strum(props(rule = "CR-INV-06"))]
    WrongMagicSlot {
        item: String,
        required: MagicSlot,
        given: MagicSlot,
    },
    #[error("CR-INV-07: more than one magic item in the {0} slot; no rest is possible")]
    #[strum(props(rule = "CR-INV-07"))]
    MagicSlotOverloaded(MagicSlot),
    #[error("CR-INV-09: {0} is not a suit of armor (shields are never worn)")]
    #[strum(props(rule = "CR-INV-09"))]
    NotArmor(String),
    #[error("CR-INV-09: worn armor must lie in backpack slots")]
    #[strum(props(rule = "CR-INV-09"))]
    ArmorNotInBackpack,
    #[error("CR-INV-09: armor can be put on only outside combat-round time")]
    #[strum(props(rule = "CR-INV-09"))]
    ArmorChangeInCombat,
    #[error("CR-DMG-11: wounds go in backpack slots; there is no backpack slot {0}")]
    #[strum(props(rule = "CR-DMG-11"))]
    NoSuchBackpackSlot(u8),
    #[error("CR-DMG-11: backpack slot {0} already holds a wound")]
    #[strum(props(rule = "CR-DMG-11"))]
    AlreadyWounded(u8),
    #[error("CR-ERR-11: backpack slot {0} holds an item and wounds go in empty slots")]
    #[strum(props(rule = "CR-ERR-11"))]
    WoundNeedsEmptySlot(u8),
    #[error("CR-DMG-14: backpack slot {0} holds no wound")]
    #[strum(props(rule = "CR-DMG-14"))]
    NoWound(u8),
    #[error("CR-DICE-01: a d6 face must be 1-6, got {0}")]
    #[strum(props(rule = "CR-DICE-01"))]
    BadD6(u8),
    #[error("an item takes 1 slot or more")]
    #[strum(props(rule = "CR-INV-03"))]
    NoSlots,
    #[error("outside combat-round time items move freely: use move_items")]
    #[strum(props(rule = "CR-INV-11"))]
    DrawOutsideCombat,
    #[error("no armor is worn")]
    #[strum(props(rule = "CR-INV-09"))]
    NoArmorWorn,
    #[error("give the item's new `name` or `notes` (CR-INV-08)")]
    #[strum(props(rule = "CR-INV-08"))]
    NothingToEdit,
    #[error("only the Referee renames an item card; a player writes its notes (CR-INV-08)")]
    #[strum(props(rule = "CR-INV-08"))]
    RenameRefused,
    #[error("{item}: {forbids} while {note} lasts ({rule})")]
    SlotUnusable {
        item: String,
        forbids: String,
        note: String,
        rule: String,
    },
    #[error("an item name is 1…{max} characters (CR-INV-08)")]
    #[strum(props(rule = "CR-INV-08"))]
    BadItemName { max: usize },
}

crate::refusal::refusal!(InventoryError, "inventory");

/// An item made up at the table takes at least one slot (CR-INV-03).
pub fn may_make_item(slots: u16) -> Result<(), InventoryError> {
    if slots == 0 {
        return Err(InventoryError::NoSlots);
    }
    Ok(())
}

/// The backpack draw's d10 is a combat-round rule: outside it items move freely (CR-INV-11).
pub fn may_draw_from_backpack(timing: Timing) -> Result<(), InventoryError> {
    if timing != Timing::CombatRounds {
        return Err(InventoryError::DrawOutsideCombat);
    }
    Ok(())
}

/// Longest item name on an item card (CR-INV-08).
pub const MAX_ITEM_NAME: usize = 64;

/// A new name for an item card (CR-INV-08): trimmed, 1…[`MAX_ITEM_NAME`] characters.
pub fn item_name(text: &str) -> Result<String, InventoryError> {
    let t = text.trim();
    if t.is_empty() || t.chars().count() > MAX_ITEM_NAME {
        return Err(InventoryError::BadItemName { max: MAX_ITEM_NAME });
    }
    Ok(t.to_string())
}

/// An item card's edit names a new name or notes, and only the Referee renames (CR-INV-08).
pub fn may_edit_item(name: bool, notes: bool, by_referee: bool) -> Result<(), InventoryError> {
    if !name && !notes {
        return Err(InventoryError::NothingToEdit);
    }
    if name && !by_referee {
        return Err(InventoryError::RenameRefused);
    }
    Ok(())
}

/// The options that shape slot rules (from [`crate::world_options::WorldOptions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InventoryOptions {
    pub backpack_rows: BackpackRows,
    pub wound_placement: WoundPlacement,
    pub corpse_slots: CorpseSlotKinds,
}

impl Default for InventoryOptions {
    fn default() -> Self {
        InventoryOptions {
            backpack_rows: BackpackRows::OneRow,
            wound_placement: WoundPlacement::AnySlot,
            corpse_slots: CorpseSlotKinds::AnyKind,
        }
    }
}

impl From<crate::world_options::WorldOptions> for InventoryOptions {
    fn from(o: crate::world_options::WorldOptions) -> Self {
        InventoryOptions {
            backpack_rows: o.backpack_rows,
            wound_placement: o.wound_placement,
            corpse_slots: o.corpse_slots,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Stored {
    item: CarriedItem,
    at: Placement,
}

/// One move in a rearrangement: `item` goes to `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Move {
    pub item: ItemId,
    pub to: Vec<SlotRef>,
}

/// Several moves and drops done at once (one maneuver in combat-round time).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rearrangement {
    pub moves: Vec<Move>,
    pub drops: Vec<ItemId>,
}

/// Result of a rearrangement, a dump or a draw: its cost and the items now on the ground (they
/// become unattended objects in the creature's square, CR-INV-15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOutcome {
    pub cost: MoveCost,
    pub dropped: Vec<CarriedItem>,
}

/// What to do with the items in hand when a backpack draw succeeds (CR-INV-13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum HandChoice {
    /// Swap: the hand items go into the slots the drawn item left, if they fit; what does not
    /// fit is dropped (CR-ERR-33).
    Swap,
    /// Drop the hand items and take the drawn item.
    DropHands,
}

/// Result of a backpack draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOutcome {
    pub success: bool,
    pub cost: MoveCost,
    pub dropped: Vec<CarriedItem>,
}

/// The slot inventory of one creature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inventory {
    layout: InventoryLayout,
    #[serde(default)]
    options: InventoryOptions,
    items: Vec<Stored>,
    /// One entry per backpack slot: its wound marker, if any.
    wounds: Vec<Option<WoundKind>>,
    worn_armor: Option<ItemId>,
    magic_worn: Vec<(MagicSlot, CarriedItem)>,
}

impl Default for Inventory {
    fn default() -> Self {
        Inventory::new(InventoryLayout::CROW)
    }
}

fn check_d6(face: u8) -> Result<u8, InventoryError> {
    if (1..=6).contains(&face) {
        Ok(face)
    } else {
        Err(InventoryError::BadD6(face))
    }
}

impl Inventory {
    pub fn new(layout: InventoryLayout) -> Self {
        Inventory {
            layout,
            options: InventoryOptions::default(),
            items: Vec::new(),
            wounds: vec![None; usize::from(layout.backpack)],
            worn_armor: None,
            magic_worn: Vec::new(),
        }
    }

    pub fn with_options(mut self, options: InventoryOptions) -> Self {
        self.options = options;
        self
    }

    pub fn layout(&self) -> InventoryLayout {
        self.layout
    }

    pub fn options(&self) -> InventoryOptions {
        self.options
    }

    /// Every carried item (not the worn magic items) with its placement.
    pub fn items(&self) -> impl Iterator<Item = (&CarriedItem, Placement)> {
        self.items.iter().map(|s| (&s.item, s.at))
    }

    /// Every item: carried in slots and worn in magic-item slots.
    pub fn all_items(&self) -> impl Iterator<Item = &CarriedItem> {
        self.items
            .iter()
            .map(|s| &s.item)
            .chain(self.magic_worn.iter().map(|(_, i)| i))
    }

    pub fn item(&self, id: ItemId) -> Option<&CarriedItem> {
        self.items
            .iter()
            .find(|s| s.item.id == id)
            .map(|s| &s.item)
            .or_else(|| {
                self.magic_worn
                    .iter()
                    .find(|(_, i)| i.id == id)
                    .map(|(_, i)| i)
            })
    }

    pub fn item_mut(&mut self, id: ItemId) -> Option<&mut CarriedItem> {
        if let Some(pos) = self.items.iter().position(|s| s.item.id == id) {
            return Some(&mut self.items[pos].item);
        }
        self.magic_worn
            .iter_mut()
            .find(|(_, i)| i.id == id)
            .map(|(_, i)| i)
    }

    pub fn placement(&self, id: ItemId) -> Option<Placement> {
        self.items.iter().find(|s| s.item.id == id).map(|s| s.at)
    }

    /// Items lying in `slot`.
    pub fn occupants(&self, slot: SlotRef) -> Vec<&CarriedItem> {
        self.items
            .iter()
            .filter(|s| s.at.contains(slot))
            .map(|s| &s.item)
            .collect()
    }

    fn id_in_use(&self, id: ItemId) -> bool {
        self.item(id).is_some()
    }

    /// Turns a list of slots into a placement, checking CR-INV-01/03 and CR-ERR-31.
    fn placement_for(
        &self,
        item: &CarriedItem,
        slots: &[SlotRef],
    ) -> Result<Placement, InventoryError> {
        let given = u16::try_from(slots.len()).unwrap_or(u16::MAX);
        if given != item.slots || slots.is_empty() {
            return Err(InventoryError::SlotCountMismatch {
                item: item.name.clone(),
                needed: item.slots,
                given,
            });
        }
        let kind = slots[0].kind;
        if slots.iter().any(|s| s.kind != kind) {
            return Err(InventoryError::MixedSlotKinds);
        }
        let mut numbers: Vec<u8> = slots.iter().map(|s| s.number).collect();
        numbers.sort_unstable();
        for s in slots {
            if s.number == 0 || s.number > self.layout.count(kind) {
                return Err(InventoryError::NoSuchSlot {
                    kind,
                    number: s.number,
                });
            }
        }
        if numbers.windows(2).any(|w| w[1] != w[0] + 1) {
            return Err(InventoryError::NotConsecutive);
        }
        let first = numbers[0];
        let last = numbers[numbers.len() - 1];
        if kind == SlotKind::Backpack
            && self.options.backpack_rows == BackpackRows::TwoRowsOfFive
            && (first - 1) / 5 != (last - 1) / 5
        {
            return Err(InventoryError::SpansBackpackRows);
        }
        if kind == SlotKind::Hand && item.slots > u16::from(self.layout.hands) {
            return Err(InventoryError::TooBigForHands {
                item: item.name.clone(),
                needed: item.slots,
                hands: self.layout.hands,
            });
        }
        if item.corpse
            && self.options.corpse_slots == CorpseSlotKinds::BackpackOnly
            && kind != SlotKind::Backpack
        {
            return Err(InventoryError::CorpseOutsideBackpack);
        }
        Ok(Placement {
            kind,
            first,
            len: item.slots,
        })
    }

    /// Checks that `item` may lie at `at`, ignoring the items in `ignore` (CR-INV-03/04/05).
    fn check_fits(
        &self,
        item: &CarriedItem,
        at: Placement,
        ignore: &[ItemId],
    ) -> Result<(), InventoryError> {
        for slot in at.slots() {
            if slot.kind == SlotKind::Backpack
                && self.options.wound_placement == WoundPlacement::EmptySlotOnly
                && self.has_wound(slot.number)
            {
                return Err(InventoryError::WoundFillsSlot { slot });
            }
            let others: Vec<&CarriedItem> = self
                .occupants(slot)
                .into_iter()
                .filter(|o| !ignore.contains(&o.id))
                .collect();
            if others.is_empty() {
                continue;
            }
            if slot.kind == SlotKind::Hand {
                return Err(if item.stack.is_some() {
                    InventoryError::StackInHand
                } else {
                    InventoryError::Occupied { slot }
                });
            }
            let Some(new_stack) = item.stack.as_ref().filter(|_| item.slots == 1) else {
                return Err(InventoryError::Occupied { slot });
            };
            let mut limit = new_stack.limit;
            for o in &others {
                match &o.stack {
                    Some(s) if o.slots == 1 && s.kind == new_stack.kind => {
                        limit = limit.min(s.limit);
                    }
                    Some(s) if o.slots == 1 => {
                        return Err(InventoryError::StackKindMismatch {
                            existing: s.kind.clone(),
                            new: new_stack.kind.clone(),
                        });
                    }
                    _ => return Err(InventoryError::Occupied { slot }),
                }
            }
            if others.len() + 1 > usize::from(limit) {
                return Err(InventoryError::StackFull { slot, limit });
            }
        }
        Ok(())
    }

    /// Puts a new item into `slots` (taking it, buying it, being handed it).
    pub fn add(&mut self, item: CarriedItem, slots: &[SlotRef]) -> Result<(), InventoryError> {
        if self.id_in_use(item.id) || item.id == NATURAL_ARMOR {
            return Err(InventoryError::DuplicateItem(item.id));
        }
        let at = self.placement_for(&item, slots)?;
        self.check_fits(&item, at, &[])?;
        self.items.push(Stored { item, at });
        Ok(())
    }

    /// Takes an item out of the inventory (used up, given away, destroyed).
    pub fn remove(&mut self, id: ItemId) -> Result<CarriedItem, InventoryError> {
        if let Some(pos) = self.items.iter().position(|s| s.item.id == id) {
            if self.worn_armor == Some(id) {
                self.worn_armor = None;
            }
            return Ok(self.items.remove(pos).item);
        }
        if let Some(pos) = self.magic_worn.iter().position(|(_, i)| i.id == id) {
            return Ok(self.magic_worn.remove(pos).1);
        }
        Err(InventoryError::UnknownItem(id))
    }

    /// Picks up an unattended item into hand slots (CR-INV-15, Pick Up Item in combat).
    /// Outside combat-round time the item may go into any slots.
    pub fn pick_up(
        &mut self,
        item: CarriedItem,
        slots: &[SlotRef],
        timing: Timing,
    ) -> Result<MoveCost, InventoryError> {
        if timing == Timing::CombatRounds && slots.iter().any(|s| s.kind != SlotKind::Hand) {
            return Err(InventoryError::CombatMoveNotAllowed);
        }
        self.add(item, slots)?;
        Ok(match timing {
            Timing::OutsideCombatRounds => MoveCost::Free,
            Timing::CombatRounds => MoveCost::Maneuver(InventoryManeuver::PickUpItem),
        })
    }

    /// Moves and drops items at once (CR-INV-11/12). Outside combat-round time anything goes
    /// for free; in combat-round time only hand and belt slots are involved and the whole
    /// rearrangement is one Draw From Belt maneuver, which may also drop held or belt items.
    /// A plan that only drops also reports the maneuver; whether a bare drop is "boring stuff"
    /// that costs nothing is the Referee's call (CR-REF-20), which the engine may apply.
    pub fn rearrange(
        &mut self,
        plan: &Rearrangement,
        timing: Timing,
    ) -> Result<MoveOutcome, InventoryError> {
        if timing == Timing::CombatRounds {
            for m in &plan.moves {
                let at = self
                    .placement(m.item)
                    .ok_or(InventoryError::UnknownItem(m.item))?;
                if at.kind == SlotKind::Backpack {
                    return Err(InventoryError::UseDrawFromBackpack);
                }
                if m.to.iter().any(|s| s.kind == SlotKind::Backpack) {
                    return Err(InventoryError::CombatMoveNotAllowed);
                }
            }
            for d in &plan.drops {
                let at = self.placement(*d).ok_or(InventoryError::UnknownItem(*d))?;
                if at.kind == SlotKind::Backpack {
                    return Err(InventoryError::CombatMoveNotAllowed);
                }
            }
        }
        let mut next = self.clone();
        let dropped = next.apply_plan(plan)?;
        *self = next;
        let cost = match timing {
            Timing::CombatRounds if !(plan.moves.is_empty() && plan.drops.is_empty()) => {
                MoveCost::Maneuver(InventoryManeuver::DrawFromBelt)
            }
            _ => MoveCost::Free,
        };
        Ok(MoveOutcome { cost, dropped })
    }

    fn apply_plan(&mut self, plan: &Rearrangement) -> Result<Vec<CarriedItem>, InventoryError> {
        let mut dropped = Vec::new();
        for d in &plan.drops {
            dropped.push(self.remove(*d)?);
        }
        let mut moving = Vec::new();
        for m in &plan.moves {
            let pos = self
                .items
                .iter()
                .position(|s| s.item.id == m.item)
                .ok_or(InventoryError::UnknownItem(m.item))?;
            moving.push((self.items.remove(pos).item, &m.to));
        }
        for (item, to) in moving {
            let at = self.placement_for(&item, to)?;
            self.check_fits(&item, at, &[])?;
            if at.kind != SlotKind::Backpack && self.worn_armor == Some(item.id) {
                self.worn_armor = None;
            }
            self.items.push(Stored { item, at });
        }
        Ok(dropped)
    }

    /// Whether `item` can be drawn from the backpack at all (before rolling the d10).
    pub fn check_draw_from_backpack(&self, id: ItemId) -> Result<Placement, InventoryError> {
        let stored = self
            .items
            .iter()
            .find(|s| s.item.id == id)
            .ok_or(InventoryError::UnknownItem(id))?;
        if stored.at.kind != SlotKind::Backpack {
            return Err(InventoryError::NotInBackpack(stored.item.name.clone()));
        }
        if stored.item.slots > u16::from(self.layout.hands) {
            return Err(InventoryError::TooBigForHands {
                item: stored.item.name.clone(),
                needed: stored.item.slots,
                hands: self.layout.hands,
            });
        }
        Ok(stored.at)
    }

    /// The 1d10 draw from the backpack in combat-round time (CR-INV-13): success when the roll
    /// is at least the number of one of the item's backpack slots (its lowest). On success the
    /// item goes into the hand slots `hands` and the items there are swapped or dropped per
    /// `choice`. On failure nothing changes (see
    /// [`Inventory::rearrange_backpack_after_failed_draw`]). Costs the Draw From Pack maneuver.
    pub fn draw_from_backpack(
        &mut self,
        id: ItemId,
        d10: u8,
        hands: &[SlotRef],
        choice: HandChoice,
    ) -> Result<DrawOutcome, InventoryError> {
        if !(1..=10).contains(&d10) {
            return Err(InventoryError::BadD10(d10));
        }
        let from = self.check_draw_from_backpack(id)?;
        let cost = MoveCost::Maneuver(InventoryManeuver::DrawFromPack);
        if d10 < from.first {
            // Validate the hand slots even on a failure so bad input is refused consistently.
            if hands.iter().any(|s| s.kind != SlotKind::Hand) {
                return Err(InventoryError::MixedSlotKinds);
            }
            return Ok(DrawOutcome {
                success: false,
                cost,
                dropped: Vec::new(),
            });
        }
        if hands.iter().any(|s| s.kind != SlotKind::Hand) {
            return Err(InventoryError::MixedSlotKinds);
        }
        let mut next = self.clone();
        let pos = next
            .items
            .iter()
            .position(|s| s.item.id == id)
            .ok_or(InventoryError::UnknownItem(id))?;
        let drawn = next.items.remove(pos);
        if next.worn_armor == Some(id) {
            next.worn_armor = None;
        }
        let at = next.placement_for(&drawn.item, hands)?;
        // Items in the target hand slots leave them.
        let mut displaced = Vec::new();
        for slot in at.slots() {
            let ids: Vec<ItemId> = next.occupants(slot).iter().map(|i| i.id).collect();
            for hid in ids {
                if let Some(p) = next.items.iter().position(|s| s.item.id == hid) {
                    displaced.push(next.items.remove(p).item);
                }
            }
        }
        next.check_fits(&drawn.item, at, &[])?;
        next.items.push(Stored {
            item: drawn.item,
            at,
        });
        let mut dropped = Vec::new();
        for item in displaced {
            if choice == HandChoice::DropHands {
                dropped.push(item);
                continue;
            }
            // CR-ERR-33: the first run of vacated slots where it fits, else dropped.
            let vacated: Vec<SlotRef> = drawn.at.slots().collect();
            let need = usize::from(item.slots);
            let mut placed = false;
            for start in 0..vacated.len() {
                if start + need > vacated.len() {
                    break;
                }
                let run = &vacated[start..start + need];
                if let Ok(p) = next.placement_for(&item, run)
                    && next.check_fits(&item, p, &[]).is_ok()
                {
                    next.items.push(Stored {
                        item: item.clone(),
                        at: p,
                    });
                    placed = true;
                    break;
                }
            }
            if !placed {
                dropped.push(item);
            }
        }
        *self = next;
        Ok(DrawOutcome {
            success: true,
            cost,
            dropped,
        })
    }

    /// After a failed draw the backpack may be rearranged (CR-INV-13); only backpack-to-backpack
    /// moves are allowed, and they are part of the same maneuver (cost Free here).
    pub fn rearrange_backpack_after_failed_draw(
        &mut self,
        moves: &[Move],
    ) -> Result<(), InventoryError> {
        for m in moves {
            let at = self
                .placement(m.item)
                .ok_or(InventoryError::UnknownItem(m.item))?;
            if at.kind != SlotKind::Backpack || m.to.iter().any(|s| s.kind != SlotKind::Backpack) {
                return Err(InventoryError::NotBackpackRearrangement);
            }
        }
        let mut next = self.clone();
        next.apply_plan(&Rearrangement {
            moves: moves.to_vec(),
            drops: Vec::new(),
        })?;
        *self = next;
        Ok(())
    }

    /// Dumps any number of backpack items on the ground (CR-INV-14): the Dump Backpack
    /// maneuver in combat-round time, free otherwise.
    pub fn dump_backpack(
        &mut self,
        ids: &[ItemId],
        timing: Timing,
    ) -> Result<MoveOutcome, InventoryError> {
        for id in ids {
            let stored = self
                .items
                .iter()
                .find(|s| s.item.id == *id)
                .ok_or(InventoryError::UnknownItem(*id))?;
            if stored.at.kind != SlotKind::Backpack {
                return Err(InventoryError::NotInBackpack(stored.item.name.clone()));
            }
        }
        let mut dropped = Vec::new();
        for id in ids {
            dropped.push(self.remove(*id)?);
        }
        let cost = match timing {
            Timing::OutsideCombatRounds => MoveCost::Free,
            Timing::CombatRounds => MoveCost::Maneuver(InventoryManeuver::DumpBackpack),
        };
        Ok(MoveOutcome { cost, dropped })
    }

    /// Declares which armor is worn (CR-INV-09): a suit (never a shield) lying in backpack
    /// slots, changed only outside combat-round time.
    pub fn declare_worn_armor(&mut self, id: ItemId, timing: Timing) -> Result<(), InventoryError> {
        if timing == Timing::CombatRounds {
            return Err(InventoryError::ArmorChangeInCombat);
        }
        let stored = self
            .items
            .iter()
            .find(|s| s.item.id == id)
            .ok_or(InventoryError::UnknownItem(id))?;
        match stored.item.armor {
            Some(ArmorDefense {
                kind: ArmorKind::Armor,
                ..
            }) => {}
            _ => return Err(InventoryError::NotArmor(stored.item.name.clone())),
        }
        if stored.at.kind != SlotKind::Backpack {
            return Err(InventoryError::ArmorNotInBackpack);
        }
        self.worn_armor = Some(id);
        Ok(())
    }

    /// Takes the worn armor off. Rulebook vs checklist: CR-INV-09 says *changing* the worn
    /// armor is allowed only outside combat-round time, but the rulebook («Ношение доспеха»)
    /// restricts only putting armor on; taking it off is therefore allowed at any time (the
    /// rulebook wins).
    pub fn take_off_armor(&mut self) -> Option<ItemId> {
        self.worn_armor.take()
    }

    /// [`Self::take_off_armor`] as a command: refused when no armor is worn (CR-INV-09).
    pub fn take_off_worn_armor(&mut self) -> Result<ItemId, InventoryError> {
        self.take_off_armor().ok_or(InventoryError::NoArmorWorn)
    }

    pub fn worn_armor(&self) -> Option<ItemId> {
        self.worn_armor
    }

    /// Items in hand slots are equipped (CR-INV-10); an item whose card lets it work from
    /// another slot kind counts as equipped there too (CR-CORE-03).
    pub fn is_equipped(&self, id: ItemId) -> bool {
        self.items.iter().any(|s| {
            s.item.id == id
                && (s.at.kind == SlotKind::Hand || s.item.works_from.contains(&s.at.kind))
        })
    }

    /// The items that work now (CR-INV-10): equipped, the worn armor and the magic items worn
    /// (an item that needs a magic-item slot works only when worn there, CR-INV-06).
    pub fn items_in_use(&self) -> impl Iterator<Item = &CarriedItem> + '_ {
        self.items
            .iter()
            .filter(|s| {
                s.item.magic_slot.is_none()
                    && (s.at.kind == SlotKind::Hand
                        || s.item.works_from.contains(&s.at.kind)
                        || self.worn_armor == Some(s.item.id))
            })
            .map(|s| &s.item)
            .chain(self.magic_worn.iter().map(|(_, i)| i))
    }

    /// Whether the item can be used now (CR-INV-10): equipped, the worn armor, or worn in a
    /// magic-item slot.
    pub fn check_usable(&self, id: ItemId) -> Result<(), InventoryError> {
        if self.is_equipped(id)
            || self.worn_armor == Some(id)
            || self.magic_worn.iter().any(|(_, i)| i.id == id)
        {
            return Ok(());
        }
        match self.item(id) {
            Some(item) => Err(InventoryError::NotEquipped(item.name.clone())),
            None => Err(InventoryError::UnknownItem(id)),
        }
    }

    /// Items giving Armor Defense, per CR-ERR-20.
    pub fn armor_defense_items(
        &self,
        rule: crate::world_options::ArmorDefenseSources,
    ) -> Vec<ItemId> {
        use crate::world_options::ArmorDefenseSources as R;
        self.items
            .iter()
            .filter(|s| match (rule, s.item.armor) {
                (_, None) => false,
                (R::AnyCarried, Some(_)) => true,
                (R::WornArmorAndHeldShields, Some(a)) => match a.kind {
                    ArmorKind::Armor => self.worn_armor == Some(s.item.id),
                    ArmorKind::Shield => s.at.kind == SlotKind::Hand,
                },
            })
            .map(|s| s.item.id)
            .collect()
    }

    // ----- magic-item slots -----

    /// Wears a carried magic item in a magic-item slot (CR-INV-06). A second item in the
    /// same slot is allowed but overloads it (CR-INV-07).
    pub fn wear_magic_item(&mut self, id: ItemId, slot: MagicSlot) -> Result<(), InventoryError> {
        let item = self.item(id).ok_or(InventoryError::UnknownItem(id))?;
        if item.magic != Magic::Magic {
            return Err(InventoryError::NotMagic(item.name.clone()));
        }
        if let Some(required) = item.magic_slot
            && required != slot
        {
            return Err(InventoryError::WrongMagicSlot {
                item: item.name.clone(),
                required,
                given: slot,
            });
        }
        if self.magic_worn.iter().any(|(_, i)| i.id == id) {
            return Ok(());
        }
        let item = self.remove(id)?;
        self.magic_worn.push((slot, item));
        Ok(())
    }

    /// Items worn in `slot`.
    pub fn magic_items_in(&self, slot: MagicSlot) -> Vec<&CarriedItem> {
        self.magic_worn
            .iter()
            .filter(|(s, _)| *s == slot)
            .map(|(_, i)| i)
            .collect()
    }

    /// Takes a worn magic item off into inventory slots.
    pub fn take_off_magic_item(
        &mut self,
        id: ItemId,
        to: &[SlotRef],
    ) -> Result<(), InventoryError> {
        let pos = self
            .magic_worn
            .iter()
            .position(|(_, i)| i.id == id)
            .ok_or(InventoryError::UnknownItem(id))?;
        let item = self.magic_worn[pos].1.clone();
        let at = self.placement_for(&item, to)?;
        self.check_fits(&item, at, &[])?;
        self.magic_worn.remove(pos);
        self.items.push(Stored { item, at });
        Ok(())
    }

    /// Magic-item slots holding more than one item (CR-INV-07).
    pub fn overloaded_magic_slots(&self) -> Vec<MagicSlot> {
        MagicSlot::ALL
            .into_iter()
            .filter(|s| self.magic_items_in(*s).len() > 1)
            .collect()
    }

    /// Refuses a rest while a magic-item slot is overloaded (CR-INV-07).
    pub fn check_can_rest(&self) -> Result<(), InventoryError> {
        match self.overloaded_magic_slots().first() {
            Some(slot) => Err(InventoryError::MagicSlotOverloaded(*slot)),
            None => Ok(()),
        }
    }

    /// Whether the end of a dungeon turn brings 1d6 wounds from an overloaded slot (CR-INV-07).
    pub fn needs_overload_roll(&self) -> bool {
        !self.overloaded_magic_slots().is_empty()
    }

    /// Wounds gained at the end of a dungeon turn from an overload, given the 1d6 face the
    /// engine rolled (0 when no slot is overloaded).
    pub fn overload_wounds(&self, d6: u8) -> Result<u8, InventoryError> {
        let face = check_d6(d6)?;
        Ok(if self.needs_overload_roll() { face } else { 0 })
    }

    // ----- wounds -----

    /// Backpack slots where a wound may go now (CR-DMG-11, CR-ERR-11).
    pub fn free_wound_slots(&self) -> Vec<u8> {
        (1..=self.layout.backpack)
            .filter(|n| !self.has_wound(*n))
            .filter(|n| {
                self.options.wound_placement == WoundPlacement::AnySlot
                    || self.occupants(SlotRef::backpack(*n)).is_empty()
            })
            .collect()
    }

    /// Backpack slots without a wound (with or without an item).
    pub fn unwounded_slots(&self) -> Vec<u8> {
        (1..=self.layout.backpack)
            .filter(|n| !self.has_wound(*n))
            .collect()
    }

    /// Puts a wound in every backpack slot still without one: the creature dies
    /// (CR-DMG-13). Used when more wounds arrive than slots remain, whatever the choice.
    pub fn wound_every_slot(&mut self, kind: WoundKind) {
        for w in &mut self.wounds {
            if w.is_none() {
                *w = Some(kind);
            }
        }
    }

    /// Puts a wound marker in the backpack slot the character chose (CR-DMG-11).
    pub fn place_wound(&mut self, slot: u8, kind: WoundKind) -> Result<(), InventoryError> {
        if slot == 0 || slot > self.layout.backpack {
            return Err(InventoryError::NoSuchBackpackSlot(slot));
        }
        let i = usize::from(slot - 1);
        if self.has_wound(slot) {
            return Err(InventoryError::AlreadyWounded(slot));
        }
        if self.options.wound_placement == WoundPlacement::EmptySlotOnly
            && !self.occupants(SlotRef::backpack(slot)).is_empty()
        {
            return Err(InventoryError::WoundNeedsEmptySlot(slot));
        }
        match self.wounds.get_mut(i) {
            Some(w) => *w = Some(kind),
            None => return Err(InventoryError::NoSuchBackpackSlot(slot)),
        }
        Ok(())
    }

    /// Removes the wound in `slot` (rest, Tend Wounds, Miasma… CR-DMG-14).
    pub fn remove_wound(&mut self, slot: u8) -> Result<WoundKind, InventoryError> {
        if slot == 0 || slot > self.layout.backpack {
            return Err(InventoryError::NoSuchBackpackSlot(slot));
        }
        self.wounds
            .get_mut(usize::from(slot - 1))
            .and_then(Option::take)
            .ok_or(InventoryError::NoWound(slot))
    }

    /// Removes every starvation wound (eating a ration, CR-HAZ-03); returns how many.
    pub fn remove_starvation_wounds(&mut self) -> u8 {
        let mut n = 0;
        for w in &mut self.wounds {
            if *w == Some(WoundKind::Starvation) {
                *w = None;
                n += 1;
            }
        }
        n
    }

    fn has_wound(&self, slot: u8) -> bool {
        self.wound_at(slot).is_some()
    }

    /// The wound marker in a backpack slot.
    pub fn wound_at(&self, slot: u8) -> Option<WoundKind> {
        slot.checked_sub(1)
            .and_then(|i| self.wounds.get(usize::from(i)).copied().flatten())
    }

    pub fn wound_count(&self) -> u8 {
        // At most `layout.backpack` (a u8) entries.
        self.wounds.iter().filter(|w| w.is_some()).count() as u8
    }

    /// Speed lost to wounds: 1 per backpack slot holding both a wound and an item (CR-DMG-12).
    pub fn wound_speed_penalty(&self) -> u8 {
        (1..=self.layout.backpack)
            .filter(|n| self.has_wound(*n) && !self.occupants(SlotRef::backpack(*n)).is_empty())
            .count() as u8
    }

    /// Every backpack slot holds a wound: the creature is dead (CR-DMG-13).
    pub fn all_backpack_slots_wounded(&self) -> bool {
        self.wounds.iter().all(|w| w.is_some())
    }

    /// Total slots of the gear on this creature (for its corpse, CR-CORPSE-01): each item's
    /// slots, a stack counting once per slot, plus the card slots of worn magic items (once
    /// off a body they are carried like any item).
    /// Takes every item out (carried, the worn armor, worn magic items) into an inventory of
    /// the same layout, leaving the wound markers: a dead creature's gear goes with its corpse
    /// (CR-CORE-05, CR-CORPSE-01).
    pub fn take_gear(&mut self) -> Inventory {
        let mut gear = Inventory::new(self.layout).with_options(self.options);
        gear.items = std::mem::take(&mut self.items);
        gear.worn_armor = self.worn_armor.take();
        gear.magic_worn = std::mem::take(&mut self.magic_worn);
        gear
    }

    pub fn gear_slots(&self) -> u16 {
        let mut seen: Vec<SlotRef> = Vec::new();
        let mut total = 0u16;
        for s in &self.items {
            if s.item.stack.is_some() && s.item.slots == 1 {
                let slot = SlotRef {
                    kind: s.at.kind,
                    number: s.at.first,
                };
                if seen.contains(&slot) {
                    continue;
                }
                seen.push(slot);
            }
            total = total.saturating_add(s.item.slots);
        }
        for (_, item) in &self.magic_worn {
            total = total.saturating_add(item.slots);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world_options::ArmorDefenseSources;

    fn inv() -> Inventory {
        Inventory::new(InventoryLayout::CROW)
    }

    #[test]
    // Covers CR-INV-01: one casing for slot kinds, the old one still read.
    fn cr_inv_01_slot_kinds_are_written_in_lower_case_and_old_spellings_read() {
        let slot = SlotRef {
            kind: SlotKind::Backpack,
            number: 2,
        };
        assert_eq!(
            serde_json::to_value(slot).unwrap(),
            serde_json::json!({"kind": "backpack", "number": 2})
        );
        for (new, old, kind) in [
            ("hand", "Hand", SlotKind::Hand),
            ("belt", "Belt", SlotKind::Belt),
            ("backpack", "Backpack", SlotKind::Backpack),
        ] {
            for spelling in [new, old] {
                let read: SlotKind = serde_json::from_value(serde_json::json!(spelling)).unwrap();
                assert_eq!(read, kind);
            }
            assert_eq!(kind.to_string(), new, "refusals say it the same way");
        }
        assert!(serde_json::from_value::<SlotKind>(serde_json::json!("HAND")).is_err());
    }

    fn bp(ns: &[u8]) -> Vec<SlotRef> {
        ns.iter().map(|n| SlotRef::backpack(*n)).collect()
    }

    #[test]
    fn cr_inv_01_crow_slots() {
        let mut i = inv();
        assert_eq!(
            i.layout(),
            InventoryLayout {
                hands: 2,
                belt: 4,
                backpack: 10
            }
        );
        for n in 1..=10 {
            i.add(
                CarriedItem::new(ItemId(u32::from(n)), "stone", 1),
                &bp(&[n]),
            )
            .expect("fits");
        }
        assert_eq!(
            i.add(CarriedItem::new(ItemId(99), "stone", 1), &bp(&[11])),
            Err(InventoryError::NoSuchSlot {
                kind: SlotKind::Backpack,
                number: 11
            })
        );
        assert!(
            i.add(CarriedItem::new(ItemId(98), "x", 1), &[SlotRef::belt(5)])
                .is_err()
        );
        assert!(
            i.add(CarriedItem::new(ItemId(97), "x", 1), &[SlotRef::hand(3)])
                .is_err()
        );
        assert!(
            i.add(CarriedItem::new(ItemId(96), "x", 1), &[SlotRef::belt(4)])
                .is_ok()
        );
        assert!(
            i.add(CarriedItem::new(ItemId(95), "x", 1), &[SlotRef::hand(2)])
                .is_ok()
        );
    }

    #[test]
    fn cr_inv_02_backpack_and_clothes_take_no_slots() {
        // Clothing and the backpack are not items of the inventory: an empty crow has all 16
        // slots free, while armor is an item with slots.
        let i = inv();
        assert_eq!(i.gear_slots(), 0);
        assert_eq!(i.free_wound_slots().len(), 10);
        let mut i = inv();
        i.add(
            CarriedItem::new(ItemId(1), "heavy armor", 2).with_armor(ArmorKind::Armor, 4),
            &bp(&[1, 2]),
        )
        .expect("fits");
        assert_eq!(i.gear_slots(), 2);
    }

    #[test]
    fn cr_inv_03_multi_slot_items_one_kind_consecutive() {
        let pole = || CarriedItem::new(ItemId(1), "10-foot pole", 2);
        let mut i = inv();
        assert_eq!(
            i.add(pole(), &[SlotRef::hand(1), SlotRef::belt(1)]),
            Err(InventoryError::MixedSlotKinds)
        );
        assert_eq!(
            i.add(pole(), &bp(&[2, 7])),
            Err(InventoryError::NotConsecutive)
        );
        assert!(matches!(
            i.add(pole(), &bp(&[2])),
            Err(InventoryError::SlotCountMismatch { .. })
        ));
        assert!(i.add(pole(), &bp(&[2, 3])).is_ok());
        assert_eq!(
            i.placement(ItemId(1)),
            Some(Placement {
                kind: SlotKind::Backpack,
                first: 2,
                len: 2
            })
        );
        // Nothing else fits in its slots.
        assert_eq!(
            i.add(CarriedItem::new(ItemId(2), "sword", 1), &bp(&[3])),
            Err(InventoryError::Occupied {
                slot: SlotRef::backpack(3)
            })
        );
    }

    #[test]
    fn cr_err_31_backpack_rows_option() {
        let pole = || CarriedItem::new(ItemId(1), "pole", 2);
        let mut i = inv();
        assert!(i.add(pole(), &bp(&[5, 6])).is_ok());
        let mut i = inv().with_options(InventoryOptions {
            backpack_rows: BackpackRows::TwoRowsOfFive,
            ..InventoryOptions::default()
        });
        assert_eq!(
            i.add(pole(), &bp(&[5, 6])),
            Err(InventoryError::SpansBackpackRows)
        );
        assert!(i.add(pole(), &bp(&[4, 5])).is_ok());
        // Belt slots are an ordered row of 4 and both hands are adjacent.
        let mut i = inv();
        assert!(i.add(pole(), &[SlotRef::belt(3), SlotRef::belt(4)]).is_ok());
        assert!(
            i.add(
                CarriedItem::new(ItemId(2), "pike", 2),
                &[SlotRef::hand(1), SlotRef::hand(2)]
            )
            .is_ok()
        );
    }

    #[test]
    fn cr_inv_04_stacks_of_one_kind_up_to_the_limit() {
        let mut i = inv();
        for n in 0..5 {
            let potion =
                CarriedItem::new(ItemId(n), format!("potion {n}"), 1).stackable("potion", 5);
            i.add(potion, &bp(&[1]))
                .expect("five different potions share a slot");
        }
        assert_eq!(i.occupants(SlotRef::backpack(1)).len(), 5);
        let sixth = CarriedItem::new(ItemId(5), "potion", 1).stackable("potion", 5);
        assert_eq!(
            i.add(sixth, &bp(&[1])),
            Err(InventoryError::StackFull {
                slot: SlotRef::backpack(1),
                limit: 5
            })
        );
        let lock = CarriedItem::new(ItemId(6), "lock", 1).stackable("lock", 3);
        assert!(matches!(
            i.add(lock, &bp(&[1])),
            Err(InventoryError::StackKindMismatch { .. })
        ));
        let sword = CarriedItem::new(ItemId(7), "sword", 1);
        assert!(matches!(
            i.add(sword, &bp(&[1])),
            Err(InventoryError::Occupied { .. })
        ));
        for n in 10..12 {
            i.add(
                CarriedItem::new(ItemId(n), "oil", 1).stackable("oil", 2),
                &[SlotRef::belt(1)],
            )
            .expect("two flasks of oil");
        }
        assert!(
            i.add(
                CarriedItem::new(ItemId(12), "oil", 1).stackable("oil", 2),
                &[SlotRef::belt(1)]
            )
            .is_err()
        );
        // Stacks count once for gear slots.
        assert_eq!(i.gear_slots(), 2);
    }

    #[test]
    fn cr_inv_05_one_item_per_hand_no_stacks() {
        let mut i = inv();
        i.add(
            CarriedItem::new(ItemId(1), "potion", 1).stackable("potion", 5),
            &[SlotRef::hand(1)],
        )
        .expect("a single potion may be held");
        assert_eq!(
            i.add(
                CarriedItem::new(ItemId(2), "potion", 1).stackable("potion", 5),
                &[SlotRef::hand(1)]
            ),
            Err(InventoryError::StackInHand)
        );
        i.add(CarriedItem::new(ItemId(3), "sword", 1), &[SlotRef::hand(2)])
            .expect("free hand");
        assert!(matches!(
            i.add(
                CarriedItem::new(ItemId(4), "dagger", 1),
                &[SlotRef::hand(2)]
            ),
            Err(InventoryError::Occupied { .. })
        ));
    }

    fn ring(id: u32) -> CarriedItem {
        CarriedItem::new(ItemId(id), format!("ring {id}"), 1).magical(Some(MagicSlot::Finger))
    }

    #[test]
    fn cr_inv_06_six_magic_item_slots() {
        assert_eq!(MagicSlot::ALL.len(), 6);
        let mut i = inv();
        i.add(ring(1), &bp(&[1])).expect("fits");
        assert_eq!(
            i.wear_magic_item(ItemId(1), MagicSlot::Head),
            Err(InventoryError::WrongMagicSlot {
                item: "ring 1".into(),
                required: MagicSlot::Finger,
                given: MagicSlot::Head
            })
        );
        i.wear_magic_item(ItemId(1), MagicSlot::Finger)
            .expect("ring on a finger");
        // Worn magic items take no inventory slot but remain usable.
        assert!(i.occupants(SlotRef::backpack(1)).is_empty());
        assert!(i.check_usable(ItemId(1)).is_ok());
        i.add(CarriedItem::new(ItemId(2), "rope", 1), &bp(&[2]))
            .expect("fits");
        assert_eq!(
            i.wear_magic_item(ItemId(2), MagicSlot::Neck),
            Err(InventoryError::NotMagic("rope".into()))
        );
        i.take_off_magic_item(ItemId(1), &bp(&[3]))
            .expect("back in the pack");
        assert!(i.magic_items_in(MagicSlot::Finger).is_empty());
    }

    #[test]
    fn cr_inv_07_two_items_in_one_magic_slot() {
        let mut i = inv();
        i.add(ring(1), &bp(&[1])).expect("fits");
        i.add(ring(2), &bp(&[2])).expect("fits");
        i.wear_magic_item(ItemId(1), MagicSlot::Finger).expect("ok");
        assert!(i.check_can_rest().is_ok());
        assert_eq!(i.overload_wounds(4), Ok(0));
        i.wear_magic_item(ItemId(2), MagicSlot::Finger)
            .expect("allowed, but overloads");
        assert_eq!(
            i.check_can_rest(),
            Err(InventoryError::MagicSlotOverloaded(MagicSlot::Finger))
        );
        assert!(i.needs_overload_roll());
        assert_eq!(i.overload_wounds(4), Ok(4));
        assert_eq!(i.overload_wounds(7), Err(InventoryError::BadD6(7)));
    }

    #[test]
    fn cr_inv_09_worn_armor() {
        let mut i = inv();
        i.add(
            CarriedItem::new(ItemId(1), "mail", 2).with_armor(ArmorKind::Armor, 3),
            &bp(&[1, 2]),
        )
        .expect("fits");
        i.add(
            CarriedItem::new(ItemId(2), "shield", 1).with_armor(ArmorKind::Shield, 1),
            &bp(&[3]),
        )
        .expect("fits");
        i.add(
            CarriedItem::new(ItemId(3), "jerkin", 1).with_armor(ArmorKind::Armor, 1),
            &[SlotRef::belt(1)],
        )
        .expect("fits");
        assert_eq!(
            i.declare_worn_armor(ItemId(2), Timing::OutsideCombatRounds),
            Err(InventoryError::NotArmor("shield".into()))
        );
        assert_eq!(
            i.declare_worn_armor(ItemId(3), Timing::OutsideCombatRounds),
            Err(InventoryError::ArmorNotInBackpack)
        );
        assert_eq!(
            i.declare_worn_armor(ItemId(1), Timing::CombatRounds),
            Err(InventoryError::ArmorChangeInCombat)
        );
        i.declare_worn_armor(ItemId(1), Timing::OutsideCombatRounds)
            .expect("worn");
        assert_eq!(i.worn_armor(), Some(ItemId(1)));
        assert!(i.check_usable(ItemId(1)).is_ok());
        // Taking armor off is allowed even in combat-round time (rulebook wording).
        let mut j = i.clone();
        assert_eq!(j.take_off_armor(), Some(ItemId(1)));
        assert_eq!(j.worn_armor(), None);
        // Only one suit is worn at a time.
        i.add(
            CarriedItem::new(ItemId(4), "plate", 1).with_armor(ArmorKind::Armor, 5),
            &bp(&[4]),
        )
        .expect("fits");
        i.declare_worn_armor(ItemId(4), Timing::OutsideCombatRounds)
            .expect("worn");
        assert_eq!(i.worn_armor(), Some(ItemId(4)));
    }

    #[test]
    fn cr_inv_10_only_items_in_hands_are_equipped() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "sword", 1), &[SlotRef::belt(1)])
            .expect("fits");
        assert_eq!(
            i.check_usable(ItemId(1)),
            Err(InventoryError::NotEquipped("sword".into()))
        );
        assert!(!i.is_equipped(ItemId(1)));
        i.rearrange(
            &Rearrangement {
                moves: vec![Move {
                    item: ItemId(1),
                    to: vec![SlotRef::hand(1)],
                }],
                drops: vec![],
            },
            Timing::OutsideCombatRounds,
        )
        .expect("free move");
        assert!(i.is_equipped(ItemId(1)));
        assert!(i.check_usable(ItemId(1)).is_ok());
        // A 3-slot item can never be held.
        let ladder = CarriedItem::new(ItemId(2), "ladder", 3);
        assert!(matches!(
            i.add(
                ladder,
                &[SlotRef::hand(1), SlotRef::hand(2), SlotRef::hand(3)]
            ),
            Err(InventoryError::NoSuchSlot { .. })
        ));
    }

    #[test]
    fn cr_inv_11_free_moves_outside_combat() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "rope", 1), &bp(&[9]))
            .expect("fits");
        let out = i
            .rearrange(
                &Rearrangement {
                    moves: vec![Move {
                        item: ItemId(1),
                        to: vec![SlotRef::hand(2)],
                    }],
                    drops: vec![],
                },
                Timing::OutsideCombatRounds,
            )
            .expect("free");
        assert_eq!(out.cost, MoveCost::Free);
        assert!(i.is_equipped(ItemId(1)));
        let out = i
            .rearrange(
                &Rearrangement {
                    moves: vec![Move {
                        item: ItemId(1),
                        to: bp(&[1]),
                    }],
                    drops: vec![],
                },
                Timing::OutsideCombatRounds,
            )
            .expect("free");
        assert_eq!(out.cost, MoveCost::Free);
    }

    #[test]
    fn cr_inv_12_hand_belt_swap_is_a_maneuver() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "sword", 1), &[SlotRef::hand(1)])
            .expect("fits");
        i.add(
            CarriedItem::new(ItemId(2), "dagger", 1),
            &[SlotRef::belt(1)],
        )
        .expect("fits");
        i.add(CarriedItem::new(ItemId(3), "torch", 1), &[SlotRef::hand(2)])
            .expect("fits");
        i.add(CarriedItem::new(ItemId(4), "rope", 1), &bp(&[1]))
            .expect("fits");
        let plan = Rearrangement {
            moves: vec![
                Move {
                    item: ItemId(1),
                    to: vec![SlotRef::belt(1)],
                },
                Move {
                    item: ItemId(2),
                    to: vec![SlotRef::hand(1)],
                },
            ],
            drops: vec![ItemId(3)],
        };
        let out = i
            .rearrange(&plan, Timing::CombatRounds)
            .expect("one maneuver");
        assert_eq!(
            out.cost,
            MoveCost::Maneuver(InventoryManeuver::DrawFromBelt)
        );
        assert_eq!(out.dropped.len(), 1);
        assert_eq!(out.dropped[0].name, "torch");
        assert!(i.is_equipped(ItemId(2)));
        // Backpack items cannot be reached this way, nor stowed.
        let bad = Rearrangement {
            moves: vec![Move {
                item: ItemId(4),
                to: vec![SlotRef::hand(2)],
            }],
            drops: vec![],
        };
        assert_eq!(
            i.rearrange(&bad, Timing::CombatRounds),
            Err(InventoryError::UseDrawFromBackpack)
        );
        let bad = Rearrangement {
            moves: vec![Move {
                item: ItemId(2),
                to: bp(&[5]),
            }],
            drops: vec![],
        };
        assert_eq!(
            i.rearrange(&bad, Timing::CombatRounds),
            Err(InventoryError::CombatMoveNotAllowed)
        );
        // A failing plan changes nothing.
        let before = i.clone();
        let bad = Rearrangement {
            moves: vec![Move {
                item: ItemId(2),
                to: vec![SlotRef::belt(1)],
            }],
            drops: vec![],
        };
        assert!(i.rearrange(&bad, Timing::CombatRounds).is_err());
        assert_eq!(i, before);
    }

    #[test]
    fn cr_inv_13_backpack_retrieval_roll() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "lantern", 1), &bp(&[7]))
            .expect("fits");
        i.add(CarriedItem::new(ItemId(2), "crowbar", 2), &bp(&[4, 5]))
            .expect("fits");
        i.add(CarriedItem::new(ItemId(3), "sword", 1), &[SlotRef::hand(1)])
            .expect("fits");
        // Roll 6 against slot 7: nothing comes out.
        let out = i
            .draw_from_backpack(ItemId(1), 6, &[SlotRef::hand(1)], HandChoice::Swap)
            .expect("valid");
        assert!(!out.success);
        assert_eq!(
            out.cost,
            MoveCost::Maneuver(InventoryManeuver::DrawFromPack)
        );
        assert_eq!(i.placement(ItemId(1)).map(|p| p.first), Some(7));
        // ... but the backpack may be rearranged: the lantern goes to slot 1.
        i.rearrange_backpack_after_failed_draw(&[Move {
            item: ItemId(1),
            to: bp(&[1]),
        }])
        .expect("allowed");
        assert_eq!(
            i.rearrange_backpack_after_failed_draw(&[Move {
                item: ItemId(3),
                to: bp(&[2])
            }]),
            Err(InventoryError::NotBackpackRearrangement)
        );
        // Roll 7 against slot 7 succeeds (fresh inventory).
        let mut j = inv();
        j.add(CarriedItem::new(ItemId(1), "lantern", 1), &bp(&[7]))
            .expect("fits");
        j.add(CarriedItem::new(ItemId(3), "sword", 1), &[SlotRef::hand(1)])
            .expect("fits");
        let out = j
            .draw_from_backpack(ItemId(1), 7, &[SlotRef::hand(1)], HandChoice::Swap)
            .expect("valid");
        assert!(out.success);
        assert!(j.is_equipped(ItemId(1)));
        // The sword took the lantern's place (CR-ERR-33).
        assert_eq!(
            j.placement(ItemId(3)).map(|p| (p.kind, p.first)),
            Some((SlotKind::Backpack, 7))
        );
        assert!(out.dropped.is_empty());
        // 2-slot crowbar in 4-5: a roll of 4 is enough.
        let out = i
            .draw_from_backpack(
                ItemId(2),
                4,
                &[SlotRef::hand(1), SlotRef::hand(2)],
                HandChoice::DropHands,
            )
            .expect("valid");
        assert!(out.success);
        assert_eq!(out.dropped.len(), 1);
        assert_eq!(out.dropped[0].name, "sword");
        assert!(i.is_equipped(ItemId(2)));
        assert_eq!(
            i.draw_from_backpack(ItemId(1), 0, &[SlotRef::hand(1)], HandChoice::Swap),
            Err(InventoryError::BadD10(0))
        );
        assert_eq!(
            i.draw_from_backpack(ItemId(1), 11, &[SlotRef::hand(1)], HandChoice::Swap),
            Err(InventoryError::BadD10(11))
        );
        // Too big for two hands.
        let mut k = inv();
        k.add(CarriedItem::new(ItemId(9), "ladder", 3), &bp(&[1, 2, 3]))
            .expect("fits");
        assert!(matches!(
            k.check_draw_from_backpack(ItemId(9)),
            Err(InventoryError::TooBigForHands { .. })
        ));
    }

    #[test]
    fn cr_err_33_swapped_hand_items_that_do_not_fit_are_dropped() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "dagger", 1), &bp(&[1]))
            .expect("fits");
        i.add(
            CarriedItem::new(ItemId(2), "pike", 2),
            &[SlotRef::hand(1), SlotRef::hand(2)],
        )
        .expect("fits");
        let out = i
            .draw_from_backpack(ItemId(1), 3, &[SlotRef::hand(1)], HandChoice::Swap)
            .expect("valid");
        assert!(out.success);
        // The 2-slot pike cannot go into the single vacated slot: it is dropped.
        assert_eq!(out.dropped.len(), 1);
        assert_eq!(out.dropped[0].name, "pike");
    }

    #[test]
    fn cr_inv_14_dump_backpack() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "rope", 1), &bp(&[1]))
            .expect("fits");
        i.add(CarriedItem::new(ItemId(2), "tent", 3), &bp(&[2, 3, 4]))
            .expect("fits");
        i.add(CarriedItem::new(ItemId(3), "sword", 1), &[SlotRef::hand(1)])
            .expect("fits");
        assert_eq!(
            i.dump_backpack(&[ItemId(3)], Timing::CombatRounds),
            Err(InventoryError::NotInBackpack("sword".into()))
        );
        let out = i
            .dump_backpack(&[ItemId(1), ItemId(2)], Timing::CombatRounds)
            .expect("maneuver");
        assert_eq!(
            out.cost,
            MoveCost::Maneuver(InventoryManeuver::DumpBackpack)
        );
        assert_eq!(out.dropped.len(), 2);
        assert!(i.item(ItemId(1)).is_none());
        assert!(i.item(ItemId(3)).is_some());
    }

    #[test]
    fn cr_inv_15_dropped_items_can_be_picked_up() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "sword", 1), &[SlotRef::hand(1)])
            .expect("fits");
        let out = i
            .rearrange(
                &Rearrangement {
                    moves: vec![],
                    drops: vec![ItemId(1)],
                },
                Timing::CombatRounds,
            )
            .expect("drop");
        let sword = out.dropped.into_iter().next().expect("dropped");
        assert_eq!(
            i.pick_up(sword.clone(), &[SlotRef::belt(1)], Timing::CombatRounds),
            Err(InventoryError::CombatMoveNotAllowed)
        );
        assert_eq!(
            i.pick_up(sword, &[SlotRef::hand(2)], Timing::CombatRounds),
            Ok(MoveCost::Maneuver(InventoryManeuver::PickUpItem))
        );
        assert!(i.is_equipped(ItemId(1)));
    }

    #[test]
    fn cr_err_20_armor_defense_sources() {
        let mut i = inv();
        i.add(
            CarriedItem::new(ItemId(1), "mail", 2).with_armor(ArmorKind::Armor, 3),
            &bp(&[1, 2]),
        )
        .expect("fits");
        i.add(
            CarriedItem::new(ItemId(2), "shield", 1).with_armor(ArmorKind::Shield, 1),
            &[SlotRef::hand(1)],
        )
        .expect("fits");
        i.add(
            CarriedItem::new(ItemId(3), "buckler", 1).with_armor(ArmorKind::Shield, 1),
            &[SlotRef::belt(1)],
        )
        .expect("fits");
        assert_eq!(
            i.armor_defense_items(ArmorDefenseSources::WornArmorAndHeldShields),
            vec![ItemId(2)]
        );
        i.declare_worn_armor(ItemId(1), Timing::OutsideCombatRounds)
            .expect("worn");
        assert_eq!(
            i.armor_defense_items(ArmorDefenseSources::WornArmorAndHeldShields),
            vec![ItemId(1), ItemId(2)]
        );
        assert_eq!(
            i.armor_defense_items(ArmorDefenseSources::AnyCarried).len(),
            3
        );
    }

    #[test]
    // Covers CR-DMG-11, CR-ERR-11.
    fn cr_dmg_11_cr_err_11_wound_markers_in_backpack_slots() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "rope", 1), &bp(&[3]))
            .expect("fits");
        i.place_wound(3, WoundKind::Normal)
            .expect("a wound may sit with an item");
        assert_eq!(
            i.place_wound(3, WoundKind::Normal),
            Err(InventoryError::AlreadyWounded(3))
        );
        assert_eq!(
            i.place_wound(11, WoundKind::Normal),
            Err(InventoryError::NoSuchBackpackSlot(11))
        );
        assert_eq!(i.free_wound_slots().len(), 9);
        // The alternative reading: empty slots only.
        let mut j = inv().with_options(InventoryOptions {
            wound_placement: WoundPlacement::EmptySlotOnly,
            ..InventoryOptions::default()
        });
        j.add(CarriedItem::new(ItemId(1), "rope", 1), &bp(&[3]))
            .expect("fits");
        assert_eq!(
            j.place_wound(3, WoundKind::Normal),
            Err(InventoryError::WoundNeedsEmptySlot(3))
        );
        j.place_wound(4, WoundKind::Normal).expect("empty slot");
        assert!(!j.free_wound_slots().contains(&3));
        assert_eq!(
            j.add(CarriedItem::new(ItemId(2), "torch", 1), &bp(&[4])),
            Err(InventoryError::WoundFillsSlot {
                slot: SlotRef::backpack(4)
            })
        );
    }

    #[test]
    fn cr_dmg_12_wound_and_item_slots_cost_speed() {
        let mut i = inv();
        i.add(CarriedItem::new(ItemId(1), "rope", 1), &bp(&[1]))
            .expect("fits");
        i.add(CarriedItem::new(ItemId(2), "pole", 2), &bp(&[2, 3]))
            .expect("fits");
        i.place_wound(1, WoundKind::Normal).expect("ok");
        i.place_wound(3, WoundKind::Normal).expect("ok");
        i.place_wound(9, WoundKind::Normal).expect("ok");
        assert_eq!(i.wound_count(), 3);
        assert_eq!(i.wound_speed_penalty(), 2);
    }

    #[test]
    fn cr_dmg_13_all_backpack_slots_wounded_means_death() {
        let mut i = inv();
        for n in 1..=9 {
            i.place_wound(n, WoundKind::Normal).expect("ok");
        }
        assert!(!i.all_backpack_slots_wounded());
        i.place_wound(10, WoundKind::Normal).expect("ok");
        assert!(i.all_backpack_slots_wounded());
    }

    #[test]
    fn cr_dmg_14_wounds_removed_one_by_one_or_starvation_all_at_once() {
        let mut i = inv();
        i.place_wound(1, WoundKind::Starvation).expect("ok");
        i.place_wound(2, WoundKind::Normal).expect("ok");
        i.place_wound(5, WoundKind::Starvation).expect("ok");
        assert_eq!(i.remove_wound(2), Ok(WoundKind::Normal));
        assert_eq!(i.remove_wound(2), Err(InventoryError::NoWound(2)));
        assert_eq!(i.remove_starvation_wounds(), 2);
        assert_eq!(i.wound_count(), 0);
    }

    #[test]
    fn cr_err_65_special_wounds_are_wounds() {
        let mut i = inv();
        for n in 1..=3 {
            i.place_wound(n, WoundKind::Special).expect("ok");
        }
        i.add(CarriedItem::new(ItemId(1), "rope", 1), &bp(&[2]))
            .expect("fits");
        assert_eq!(i.wound_count(), 3);
        assert_eq!(i.wound_speed_penalty(), 1);
        // A starvation meal does not touch them; rest or cutting removes them one by one.
        assert_eq!(i.remove_starvation_wounds(), 0);
        assert_eq!(i.remove_wound(1), Ok(WoundKind::Special));
        for n in 4..=10 {
            i.place_wound(n, WoundKind::Normal).expect("ok");
        }
        i.place_wound(1, WoundKind::Special).expect("ok");
        assert!(i.all_backpack_slots_wounded(), "they count toward death");
    }
}
