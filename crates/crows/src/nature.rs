//! What every creature and object is, whatever else it does: its size («Размеры»: the six
//! ordered categories and their table, CR-SIZE-01/02) and whether it is magic or mundane
//! (CR-CORE-11). The small vocabulary the creature, inventory, condition and light rules share.

use serde::{Deserialize, Serialize};

/// The magic / mundane flag every creature, object and effect carries (CR-CORE-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Magic {
    #[default]
    Mundane,
    Magic,
}

/// The six ordered size categories (CR-SIZE-01), smallest first.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    Tiny,
    Small,
    #[default]
    Medium,
    Large,
    Huge,
    /// «Охренеть!»: open-ended (CR-SIZE-03).
    HolyShit,
}

/// One row of the «Размеры» table: an example creature and object of a size (CR-SIZE-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeExample {
    pub size: Size,
    pub order: u8,
    pub creature: &'static str,
    pub object: &'static str,
}

/// The size table, smallest first (CR-SIZE-01).
pub const SIZE_TABLE: [SizeExample; 6] = [
    SizeExample {
        size: Size::Tiny,
        order: 1,
        creature: "rat",
        object: "compass",
    },
    SizeExample {
        size: Size::Small,
        order: 2,
        creature: "lynx",
        object: "lute",
    },
    SizeExample {
        size: Size::Medium,
        order: 3,
        creature: "human",
        object: "heavy armor",
    },
    SizeExample {
        size: Size::Large,
        order: 4,
        creature: "grizzly bear",
        object: "cart",
    },
    SizeExample {
        size: Size::Huge,
        order: 5,
        creature: "elephant",
        object: "catapult",
    },
    SizeExample {
        size: Size::HolyShit,
        order: 6,
        creature: "blue whale",
        object: "barn",
    },
];

impl Size {
    /// All sizes, smallest first.
    pub const ALL: [Size; 6] = [
        Size::Tiny,
        Size::Small,
        Size::Medium,
        Size::Large,
        Size::Huge,
        Size::HolyShit,
    ];

    /// 1 (Tiny) … 6 (Holy Shit!).
    pub fn order(self) -> u8 {
        match self {
            Size::Tiny => 1,
            Size::Small => 2,
            Size::Medium => 3,
            Size::Large => 4,
            Size::Huge => 5,
            Size::HolyShit => 6,
        }
    }

    /// How many categories `self` is larger than `other` (negative: smaller) (CR-SIZE-02).
    pub fn categories_larger_than(self, other: Size) -> i8 {
        // Orders are 1..=6, so the difference always fits an i8.
        self.order() as i8 - other.order() as i8
    }

    /// Number of categories between two sizes, regardless of direction (CR-SIZE-02).
    pub fn categories_apart(self, other: Size) -> u8 {
        self.categories_larger_than(other).unsigned_abs()
    }
}
