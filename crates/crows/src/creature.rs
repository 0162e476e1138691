//! Creatures and objects («Существо и предмет», «Характеристики», «Магическое и обычное»,
//! «Размеры»).
//!
//! Every entity is a [`Creature`] (crows, hirelings, animals, the Referee's monsters and NPCs)
//! or an [`Object`]. A creature that dies becomes an object: its corpse ([`Creature::into_corpse`]).
//! Objects have Stamina, are destroyed at 0 and never take conditions.
//!
//! The judgment calls of the checklist's "Errata and ambiguities" that concern this part of the
//! rules are collected in [`WorldOptions`], each field naming its `CR-ERR` entry and default,
//! together with the few numbers a table may house-rule (CR-CORE-02).
//!
//! A specific exception beats a general rule (CR-CORE-03): a creature carries the
//! [`RuleOverride`]s of its card and of the Referee's rulings, and gets those of the items it
//! has in use; [`Creature::active_overrides`] is what is in force (less what the Referee ruled
//! out), and the rules that can be beaten ask it ([`Creature::apply_condition`],
//! [`Creature::breath_rounds`], [`Creature::speed`], [`Creature::has_override`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::conditions::{ConditionKind, ConditionSet, effective_speed};
use crate::damage::{DamageOutcome, gain_wounds};
use crate::inventory::{Inventory, InventoryError, InventoryLayout, ItemId};
use crate::usage_dice::{EffectUsage, PoolRoll, RollOccasion, UsageError};

/// The id that names a creature's natural Armor Defense in damage reports and armor-order
/// decisions (never used for a carried item).
pub const NATURAL_ARMOR: ItemId = ItemId(u32::MAX);

/// Lowest value any characteristic may have (CR-CORE-08).
pub const CHARACTERISTIC_MIN: i8 = crate::checks::CHARACTERISTIC_MIN;
/// Highest value any characteristic may have, magic included (CR-CORE-08).
pub const CHARACTERISTIC_MAX: i8 = crate::checks::CHARACTERISTIC_MAX;
/// Lowest starting value of a new crow (CR-CORE-09).
pub const NEW_CROW_MIN: i8 = -1;
/// Highest starting value of a new crow (CR-CORE-09).
pub const NEW_CROW_MAX: i8 = 2;
/// Highest value a crow reaches without magic (CR-CORE-09).
pub const MUNDANE_MAX: i8 = 4;

/// Errors of this module; each message starts with the rule it enforces.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum CreatureError {
    #[error("CR-CORE-08: {characteristic:?} {value} is outside -5..5")]
    OutOfRange {
        characteristic: Characteristic,
        value: i8,
    },
    #[error("CR-CORE-09: a new crow starts with {characteristic:?} between -1 and 2, not {value}")]
    NewCrowOutOfRange {
        characteristic: Characteristic,
        value: i8,
    },
    #[error(
        "CR-CORE-09: without magic a crow's {characteristic:?} cannot go above 4 (would be {value})"
    )]
    AboveMundaneMax {
        characteristic: Characteristic,
        value: i8,
    },
    #[error("CR-CORE-05: {0} is dead; its body is an object and creature rules no longer apply")]
    Dead(String),
    #[error(
        "CR-CORE-03: {creature} is immune to {condition:?} (an exception on its card, item or \
         the Referee's ruling beats the general rule)"
    )]
    Immune {
        creature: String,
        condition: ConditionKind,
    },
    #[error(transparent)]
    Condition(#[from] crate::conditions::ConditionError),
}

/// An exception to a general rule that content carries (CR-CORE-03): a creature card, an item
/// card (while the item is in use: in hand, worn as armor or worn in its magic-item slot), or
/// the Referee's ruling for one creature. Each variant names the general rule it beats; the
/// engine applies it where that rule is computed.
///
/// Written in packs as `{"rule": "immune_to_condition", "condition": "grabbed"}`,
/// `{"rule": "sees_in_darkness"}`, `{"rule": "holds_breath", "rounds": 10}`…
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum RuleOverride {
    /// The condition is never applied to it (beats CR-COND-01…09).
    ImmuneToCondition { condition: ConditionKind },
    /// Light does not hinder it: no dim-light or darkness bane on its attacks or on its tests
    /// to make out details or search, and it never guesses a silent target's square (beats
    /// CR-LIGHT-04/05; monsters that see without light, CR-LIGHT-02, CR-EXT-05).
    SeesInDarkness,
    /// It holds its breath this many rounds instead of 3 + Strength (beats CR-HAZ-04).
    HoldsBreath { rounds: u8 },
    /// It needs no air: going without never harms it (beats CR-HAZ-04).
    NeedsNoAir,
    /// It needs no food: a day without a ration brings no starvation wound (beats CR-HAZ-03),
    /// and it rests without eating — no ration to start a rest, none eaten, never short of one
    /// even when Ravenous (also covers the ration of CR-REST-01 and CR-MIASMA-07; a reading:
    /// the book's rest ration is food, which this creature does not need).
    NeedsNoFood,
    /// Falling deals it no damage (beats CR-HAZ-01).
    NoFallingDamage,
    /// Wounds in slots holding items do not slow it (beats CR-DMG-12).
    WoundsDoNotSlow,
    /// Difficult terrain costs it no extra movement (beats the movement rules, CR-MOVE); read
    /// by the combat family's path checks through [`Creature::has_override`].
    IgnoresDifficultTerrain,
}

impl RuleOverride {
    /// The checklist rule this exception beats.
    pub fn beats(&self) -> &'static str {
        match self {
            RuleOverride::ImmuneToCondition { .. } => "CR-COND-01",
            RuleOverride::SeesInDarkness => "CR-LIGHT-05",
            RuleOverride::HoldsBreath { .. } | RuleOverride::NeedsNoAir => "CR-HAZ-04",
            RuleOverride::NeedsNoFood => "CR-HAZ-03",
            RuleOverride::NoFallingDamage => "CR-HAZ-01",
            RuleOverride::WoundsDoNotSlow => "CR-DMG-12",
            RuleOverride::IgnoresDifficultTerrain => "CR-MOVE-02",
        }
    }
}

/// The three characteristics (CR-CORE-08), shared with the tests (`crate::checks`). There is
/// no social characteristic (CR-CORE-10).
pub use crate::checks::Characteristic;

/// Values of the three characteristics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Characteristics {
    pub agility: i8,
    pub mind: i8,
    pub strength: i8,
}

impl Characteristics {
    /// Builds a set of values, each checked against the global range −5…5 (CR-CORE-08).
    pub fn new(agility: i8, mind: i8, strength: i8) -> Result<Self, CreatureError> {
        let c = Characteristics {
            agility,
            mind,
            strength,
        };
        for ch in Characteristic::ALL {
            let value = c.get(ch);
            if !(CHARACTERISTIC_MIN..=CHARACTERISTIC_MAX).contains(&value) {
                return Err(CreatureError::OutOfRange {
                    characteristic: ch,
                    value,
                });
            }
        }
        Ok(c)
    }

    /// Starting values of a new crow: each between −1 and 2 (CR-CORE-09).
    pub fn new_crow(agility: i8, mind: i8, strength: i8) -> Result<Self, CreatureError> {
        let c = Self::new(agility, mind, strength)?;
        for ch in Characteristic::ALL {
            let value = c.get(ch);
            if !(NEW_CROW_MIN..=NEW_CROW_MAX).contains(&value) {
                return Err(CreatureError::NewCrowOutOfRange {
                    characteristic: ch,
                    value,
                });
            }
        }
        Ok(c)
    }

    pub fn get(&self, ch: Characteristic) -> i8 {
        match ch {
            Characteristic::Agility => self.agility,
            Characteristic::Mind => self.mind,
            Characteristic::Strength => self.strength,
        }
    }

    fn slot(&mut self, ch: Characteristic) -> &mut i8 {
        match ch {
            Characteristic::Agility => &mut self.agility,
            Characteristic::Mind => &mut self.mind,
            Characteristic::Strength => &mut self.strength,
        }
    }

    /// Raises (or lowers, with a negative `by`) a crow's characteristic. Without magic the
    /// result may not exceed 4; with magic it may reach 5; never outside −5…5 (CR-CORE-09).
    pub fn adjust_crow(
        &mut self,
        ch: Characteristic,
        by: i8,
        source: Magic,
    ) -> Result<i8, CreatureError> {
        let value = self.get(ch).saturating_add(by);
        if !(CHARACTERISTIC_MIN..=CHARACTERISTIC_MAX).contains(&value) {
            return Err(CreatureError::OutOfRange {
                characteristic: ch,
                value,
            });
        }
        if by > 0 && source == Magic::Mundane && value > MUNDANE_MAX {
            return Err(CreatureError::AboveMundaneMax {
                characteristic: ch,
                value,
            });
        }
        *self.slot(ch) = value;
        Ok(value)
    }

    /// Changes a characteristic and clamps the result to −5…5 (CR-ERR-44 default for effects
    /// such as backlashes that would push it further).
    pub fn adjust_clamped(&mut self, ch: Characteristic, by: i8) -> i8 {
        let value = self
            .get(ch)
            .saturating_add(by)
            .clamp(CHARACTERISTIC_MIN, CHARACTERISTIC_MAX);
        *self.slot(ch) = value;
        value
    }
}

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
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
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

/// Speeds in squares (CR-EXT-05: walk/climb/swim/fly, "(U)" for climbing upside down).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Speeds {
    pub walk: u8,
    #[serde(default)]
    pub climb: Option<u8>,
    /// "(U)": climbs on ceilings without a test.
    #[serde(default)]
    pub climb_upside_down: bool,
    #[serde(default)]
    pub swim: Option<u8>,
    #[serde(default)]
    pub fly: Option<u8>,
}

/// Halves a number, rounding down (CR-CORE-04 «Всегда округляйте вниз»).
pub fn halve(value: u32) -> u32 {
    value / 2
}

/// Who a creature is, for the rules that depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CreatureKind {
    /// A player character.
    Crow,
    /// A human hireling on the crows' side.
    Hireling,
    /// An animal on the crows' side: pet or mount.
    Animal,
    /// A Referee-controlled monster.
    Monster,
    /// A Referee-controlled person who is not on the crows' side.
    Npc,
}

/// What 0 Stamina means for a creature (CR-DMG-07, CR-DMG-10, CR-ERR-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathRule {
    /// Damage at 0 Stamina becomes wounds in backpack slots; death when all are wounded.
    TakesWounds,
    /// The creature dies at 0 Stamina (a player may ask the Referee to knock it out instead).
    DiesAtZeroStamina,
}

impl CreatureKind {
    /// CR-ERR-10 default: humans and animals on the crows' side take wounds; every other
    /// Referee-controlled creature dies at 0 Stamina. Configurable per creature
    /// ([`Creature::death_rule`]).
    pub fn default_death_rule(self) -> DeathRule {
        match self {
            CreatureKind::Crow | CreatureKind::Hireling | CreatureKind::Animal => {
                DeathRule::TakesWounds
            }
            CreatureKind::Monster | CreatureKind::Npc => DeathRule::DiesAtZeroStamina,
        }
    }

    /// Whether the Referee controls it (everything but crows).
    pub fn referee_controlled(self) -> bool {
        self != CreatureKind::Crow
    }
}

/// A living (or unliving) creature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Creature {
    pub name: String,
    pub kind: CreatureKind,
    pub magic: Magic,
    pub characteristics: Characteristics,
    pub stamina: u16,
    pub max_stamina: u16,
    pub speeds: Speeds,
    pub size: Size,
    /// Cosmetic ancestry label with no rules attached (CR-CORE-13).
    #[serde(default)]
    pub ancestry: Option<String>,
    #[serde(default)]
    pub expertises: crate::expertise::Expertises,
    #[serde(default)]
    pub conditions: ConditionSet,
    /// Slot inventory, wounds (markers in backpack slots) and magic-item slots.
    pub inventory: Inventory,
    /// Armor Defense of the creature's own hide or shell (stat blocks, CR-EXT-05). In an
    /// armor-order decision it is named by [`NATURAL_ARMOR`].
    #[serde(default)]
    pub natural_armor: Option<crate::inventory::ArmorDefense>,
    /// Effects on the creature tracked with usage dice (spells, backlashes…), rolled at the
    /// end of every dungeon turn (CR-UD-04).
    #[serde(default)]
    pub effects: Vec<EffectUsage>,
    /// Overrides the kind's default death rule (CR-ERR-10, configurable per creature).
    #[serde(default)]
    pub death_rule_override: Option<DeathRule>,
    #[serde(default = "alive_by_default")]
    pub alive: bool,
    /// Exceptions to general rules from its card or the Referee (CR-CORE-03).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<RuleOverride>,
    /// Exceptions the Referee ruled do not apply to it, whatever carries them (CR-CORE-03,
    /// CR-REF-01: the Referee's ruling wins).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suppressed: Vec<RuleOverride>,
}

fn alive_by_default() -> bool {
    true
}

impl Creature {
    /// A creature with full Stamina, no conditions and an empty inventory with `layout`.
    pub fn new(
        name: impl Into<String>,
        kind: CreatureKind,
        characteristics: Characteristics,
        max_stamina: u16,
        speeds: Speeds,
        size: Size,
        layout: InventoryLayout,
    ) -> Self {
        Creature {
            name: name.into(),
            kind,
            magic: Magic::Mundane,
            characteristics,
            stamina: max_stamina,
            max_stamina,
            speeds,
            size,
            ancestry: None,
            expertises: crate::expertise::Expertises::default(),
            conditions: ConditionSet::default(),
            inventory: Inventory::new(layout),
            natural_armor: None,
            effects: Vec::new(),
            death_rule_override: None,
            alive: true,
            overrides: Vec::new(),
            suppressed: Vec::new(),
        }
    }

    /// Every exception in force for this creature (CR-CORE-03): its own (card and Referee),
    /// then those granted by the items it has in use, less those the Referee suppressed.
    pub fn active_overrides(&self) -> Vec<RuleOverride> {
        let mut out: Vec<RuleOverride> = self.overrides.clone();
        for item in self.inventory.items_in_use() {
            out.extend(item.grants.iter().cloned());
        }
        out.retain(|o| !self.suppressed.contains(o));
        out.sort();
        out.dedup();
        out
    }

    /// Whether this exception is in force.
    pub fn has_override(&self, o: &RuleOverride) -> bool {
        self.active_overrides().contains(o)
    }

    /// Whether an exception makes it immune to `condition`.
    pub fn immune_to(&self, condition: ConditionKind) -> bool {
        self.has_override(&RuleOverride::ImmuneToCondition { condition })
    }

    /// Applies a condition (not grabbed: see [`ConditionSet::grab`]) unless an exception makes
    /// the creature immune (CR-CORE-03). Families applying conditions go through this.
    pub fn apply_condition(
        &mut self,
        condition: ConditionKind,
    ) -> Result<crate::conditions::Applied, CreatureError> {
        if self.immune_to(condition) {
            return Err(CreatureError::Immune {
                creature: self.name.clone(),
                condition,
            });
        }
        Ok(self.conditions.apply(condition)?)
    }

    /// Grabs the creature unless it is immune to grabbed (CR-CORE-03).
    pub fn apply_grab(
        &mut self,
        grab: crate::conditions::Grab,
    ) -> Result<crate::conditions::Applied, CreatureError> {
        if self.immune_to(ConditionKind::Grabbed) {
            return Err(CreatureError::Immune {
                creature: self.name.clone(),
                condition: ConditionKind::Grabbed,
            });
        }
        Ok(self.conditions.grab(grab))
    }

    /// The rounds it can hold its breath: 3 + Strength by default, the setting's base in a
    /// house-ruled table, or its own number from an exception (CR-HAZ-04, CR-CORE-03);
    /// `None` when it needs no air.
    pub fn breath_rounds(&self, options: &WorldOptions) -> Option<i32> {
        let overrides = self.active_overrides();
        if overrides.contains(&RuleOverride::NeedsNoAir) {
            return None;
        }
        overrides
            .iter()
            .find_map(|o| match o {
                RuleOverride::HoldsBreath { rounds } => Some(i32::from(*rounds)),
                _ => None,
            })
            .or_else(|| {
                Some(crate::hazards::breath_rounds(
                    self.characteristics.strength,
                    options,
                ))
            })
    }

    /// A crow: the standard 2 hand, 4 belt and 10 backpack slots (CR-INV-01) and starting
    /// characteristics checked (CR-CORE-09).
    pub fn new_crow(
        name: impl Into<String>,
        agility: i8,
        mind: i8,
        strength: i8,
        max_stamina: u16,
        walk_speed: u8,
    ) -> Result<Self, CreatureError> {
        let characteristics = Characteristics::new_crow(agility, mind, strength)?;
        Ok(Self::new(
            name,
            CreatureKind::Crow,
            characteristics,
            max_stamina,
            Speeds {
                walk: walk_speed,
                ..Speeds::default()
            },
            Size::Medium,
            InventoryLayout::CROW,
        ))
    }

    /// The rule that applies at 0 Stamina (CR-ERR-10).
    pub fn death_rule(&self) -> DeathRule {
        self.death_rule_override
            .unwrap_or_else(|| self.kind.default_death_rule())
    }

    /// Ends the creature's life and returns its body as an object (CR-CORE-05, CR-DMG-15).
    /// The gear it carried stays on the corpse (CR-CORPSE-01).
    pub fn into_corpse(mut self) -> Object {
        self.alive = false;
        let corpse_of = self.name.clone();
        Object {
            name: format!("corpse of {}", self.name),
            size: self.size,
            magic: self.magic,
            stamina: None,
            destroyed: false,
            corpse: Some(Box::new(CorpseRemains {
                of: corpse_of,
                inventory: self.inventory,
            })),
        }
    }
}

/// The steps at the end of a dungeon turn, in order (CR-ERR-36 default). Steps 1–3 are
/// [`Creature::end_of_dungeon_turn`]; the encounter check and the new turn are the engine's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndOfTurnStep {
    /// Usage dice of items and effects; effects whose pool reaches 0 end.
    UsageDice,
    /// End-of-DT conditions and DT-long effects expire; knocked-out creatures come to.
    Expiry,
    /// 1d6 wounds for an overloaded magic-item slot.
    MagicSlotOverload,
    EncounterCheck,
    NewDungeonTurn,
}

/// CR-ERR-36 default order.
pub const END_OF_DUNGEON_TURN_ORDER: [EndOfTurnStep; 5] = [
    EndOfTurnStep::UsageDice,
    EndOfTurnStep::Expiry,
    EndOfTurnStep::MagicSlotOverload,
    EndOfTurnStep::EncounterCheck,
    EndOfTurnStep::NewDungeonTurn,
];

/// The dice the engine must roll for one creature at the end of a dungeon turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndOfTurnDice {
    /// Items whose usage dice roll now, with the number of d6.
    pub items: Vec<(ItemId, u8)>,
    /// Effects (by index in [`Creature::effects`]) and their number of d6.
    pub effects: Vec<(usize, u8)>,
    /// One d6 for magic-slot overload wounds.
    pub overload_d6: bool,
}

/// The faces the engine rolled for [`EndOfTurnDice`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndOfTurnFaces {
    pub items: Vec<(ItemId, Vec<u8>)>,
    pub effects: Vec<(usize, Vec<u8>)>,
    #[serde(default)]
    pub overload_d6: Option<u8>,
}

/// What the end of a dungeon turn did to one creature.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndOfTurnReport {
    pub item_rolls: Vec<(ItemId, PoolRoll)>,
    pub effects_ended: Vec<String>,
    pub conditions_ended: Vec<ConditionKind>,
    /// Wounds from an overloaded magic-item slot: the character picks the slots (or dies).
    pub overload_wounds: Option<DamageOutcome>,
}

/// Errors of the end-of-turn and rest helpers.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum TurnError {
    #[error("CR-UD-04: faces missing for {0}")]
    MissingFaces(String),
    #[error(transparent)]
    Usage(#[from] UsageError),
    #[error(transparent)]
    Inventory(#[from] InventoryError),
}

impl Creature {
    /// Current walking speed: base, −1 per wound-and-item backpack slot (CR-DMG-12), `flat`
    /// other changes, conditions and `extra_halvings` (squeezing, grabbing), per CR-ERR-39.
    pub fn speed(&self, flat: i16, extra_halvings: u8, options: &WorldOptions) -> u8 {
        let wounds = if self.has_override(&RuleOverride::WoundsDoNotSlow) {
            0
        } else {
            i16::from(self.inventory.wound_speed_penalty())
        };
        effective_speed(
            self.speeds.walk,
            flat - wounds,
            &self.conditions,
            extra_halvings,
            options,
        )
    }

    /// The dice to roll at the end of the dungeon turn (CR-UD-04/05, CR-INV-07).
    pub fn end_of_turn_dice(&self) -> EndOfTurnDice {
        let items = self
            .inventory
            .all_items()
            .filter_map(|i| {
                let n = i
                    .usage
                    .as_ref()
                    .map_or(0, |u| u.dice_to_roll(RollOccasion::EndOfDungeonTurn));
                (n > 0).then_some((i.id, n))
            })
            .collect();
        let effects = self
            .effects
            .iter()
            .enumerate()
            .map(|(i, e)| (i, e.pool.current))
            .collect();
        EndOfTurnDice {
            items,
            effects,
            overload_d6: self.inventory.needs_overload_roll(),
        }
    }

    /// Steps 1–3 of the end of a dungeon turn for this creature (CR-ERR-36): usage dice of
    /// items and effects, expiry of conditions (knocked-out creatures come to), magic-slot
    /// overload wounds. Checks every face before changing anything.
    pub fn end_of_dungeon_turn(
        &mut self,
        faces: &EndOfTurnFaces,
        options: &WorldOptions,
    ) -> Result<EndOfTurnReport, TurnError> {
        let want = self.end_of_turn_dice();
        let mut next = self.clone();
        let mut report = EndOfTurnReport::default();
        for (id, _) in &want.items {
            let f = faces
                .items
                .iter()
                .find(|(i, _)| i == id)
                .map(|(_, f)| f.as_slice())
                .ok_or_else(|| TurnError::MissingFaces(format!("item {id:?}")))?;
            let usage = next
                .inventory
                .item_mut(*id)
                .and_then(|i| i.usage.as_mut())
                .ok_or(TurnError::Inventory(InventoryError::UnknownItem(*id)))?;
            if let Some(r) = usage.roll(RollOccasion::EndOfDungeonTurn, f)? {
                report.item_rolls.push((*id, r));
            }
        }
        let mut ended = Vec::new();
        for (idx, _) in &want.effects {
            let f = faces
                .effects
                .iter()
                .find(|(i, _)| i == idx)
                .map(|(_, f)| f.as_slice())
                .ok_or_else(|| TurnError::MissingFaces(format!("effect {idx}")))?;
            let Some(effect) = next.effects.get_mut(*idx) else {
                continue;
            };
            if effect.end_of_dungeon_turn(f)? {
                ended.push(*idx);
            }
        }
        for idx in ended.into_iter().rev() {
            report.effects_ended.push(next.effects.remove(idx).effect);
        }
        report.conditions_ended = next.conditions.end_of_dungeon_turn(options);
        if want.overload_d6 {
            let d6 = faces
                .overload_d6
                .ok_or_else(|| TurnError::MissingFaces("magic-slot overload d6".into()))?;
            let n = next.inventory.overload_wounds(d6)?;
            if n > 0 {
                report.overload_wounds = Some(gain_wounds(
                    &mut next,
                    u16::from(n),
                    crate::inventory::WoundKind::Normal,
                ));
            }
        }
        *self = next;
        Ok(report)
    }

    /// Middle of a rest: conditions and usage-dice effects that end at the end of the DT end
    /// (CR-COND-10, CR-REST-04). Items keep burning unless the CR-ERR-34 option says
    /// otherwise. Returns the conditions that ended.
    pub fn middle_of_rest(&mut self, options: &WorldOptions) -> Vec<ConditionKind> {
        self.effects.clear();
        if options.rest_halfway_douses_items {
            let ids: Vec<ItemId> = self.inventory.all_items().map(|i| i.id).collect();
            for id in ids {
                if let Some(u) = self.inventory.item_mut(id).and_then(|i| i.usage.as_mut()) {
                    u.lit = false;
                }
            }
        }
        self.conditions.middle_of_rest()
    }

    /// End of a rest for the carried items: "Rest" usage dice come back (CR-UD-05). Refused
    /// while a magic-item slot is overloaded (CR-INV-07). Returns the items restored.
    pub fn finish_rest_items(&mut self) -> Result<Vec<ItemId>, TurnError> {
        self.inventory.check_can_rest()?;
        let ids: Vec<ItemId> = self.inventory.all_items().map(|i| i.id).collect();
        let mut restored = Vec::new();
        for id in ids {
            if let Some(u) = self.inventory.item_mut(id).and_then(|i| i.usage.as_mut())
                && u.on_rest_finished()
            {
                restored.push(id);
            }
        }
        Ok(restored)
    }
}

/// What remains of a dead creature: the gear it carried.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CorpseRemains {
    pub of: String,
    pub inventory: Inventory,
}

/// Inanimate matter: torches, ropes, swords… and corpses (CR-CORE-05).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Object {
    pub name: String,
    pub size: Size,
    pub magic: Magic,
    /// Stamina, if the object can be damaged; `None` for structures that take no damage
    /// unless a rule says so (CR-CORE-07).
    pub stamina: Option<u16>,
    pub destroyed: bool,
    /// Set when the object is a dead creature's body.
    #[serde(default)]
    pub corpse: Option<Box<CorpseRemains>>,
}

/// Something a rule may target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Entity {
    Creature(Box<Creature>),
    Object(Object),
}

/// Whether a rule that targets objects affects an object (CR-CORE-06): only unattended ones
/// (nobody holds, wears or controls them) unless the Referee rules otherwise (CR-REF-14).
pub fn object_rule_applies(unattended: bool, referee_allows_attended: bool) -> bool {
    unattended || referee_allows_attended
}

/// Named options for the rulebook's ambiguities in the creature/inventory/damage/condition/
/// light/hazard sections (checklist section 39). `Default` gives the documented defaults.
/// CR-ERR-28 (a doom against an unconscious target is still tier 3) belongs to the tests:
/// `crate::checks::TestRules::automatic_tier_beats_doom`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct WorldOptions {
    /// CR-ERR-11: where a wound may go.
    pub wound_placement: WoundPlacement,
    /// CR-ERR-19: whether excess damage carries over within one hit.
    pub damage_carry_over: DamageCarryOver,
    /// CR-ERR-20: which items give Armor Defense.
    pub armor_defense_sources: ArmorDefenseSources,
    /// CR-ERR-29: a creature that wakes up is still prone.
    pub prone_after_waking: bool,
    /// CR-ERR-30: the vulnerable 1d6 has the type (piercing or not) of the triggering damage;
    /// when false it is always non-piercing.
    pub vulnerable_extra_matches_type: bool,
    /// CR-ERR-31: whether backpack slots 5 and 6 count as consecutive.
    pub backpack_rows: BackpackRows,
    /// CR-ERR-32: which slot kinds may hold a corpse.
    pub corpse_slots: CorpseSlotKinds,
    /// CR-ERR-40: standing up checks the speed ignoring the prone halving.
    pub stand_up_ignores_prone_halving: bool,
    /// CR-ERR-34: at the middle of a rest, lit light sources go out too (default false: the
    /// halfway rule ends effects, not items; a source kept burning rolls once per 2 hours).
    pub rest_halfway_douses_items: bool,
    /// CR-ERR-44: damage and durations never below 0; blessed adds max(0, characteristic).
    pub clamp_negative_results: bool,
    /// CR-ERR-81: suffocation damage is piercing (false: literal reading, non-piercing).
    pub suffocation_piercing: bool,
    /// CR-ERR-39: halving sources are applied after flat speed changes (true) or before them.
    pub flat_speed_changes_first: bool,
    /// House rule (CR-CORE-02, CR-SIZE-03, CR-REF-16): the slots a Holy Shit! corpse takes;
    /// the book's 32 is a floor the Referee may raise.
    pub holy_shit_corpse_slots: u16,
    /// House rule (CR-CORE-02, CR-LIGHT-06, CR-REF-34): the light of a Holy Shit! campfire,
    /// which the table leaves to the Referee (unset: such a fire is refused until set).
    pub holy_shit_campfire: Option<crate::light::LightOutput>,
    /// House rule (CR-CORE-02, CR-HAZ-04): the base of "3 + Strength" rounds of held breath.
    pub breath_rounds_base: i8,
    /// House rule (CR-CORE-06, CR-REF-14): a rule that targets objects (a spell's Object or
    /// Target line) reaches attended objects too; the book's default takes unattended ones
    /// only.
    pub object_rules_affect_attended: bool,
}

/// The book's Holy Shit! corpse slots (CR-CORPSE-01).
pub const HOLY_SHIT_CORPSE_SLOTS: u16 = 32;
/// Most slots a house rule may give a Holy Shit! corpse.
pub const MAX_HOLY_SHIT_CORPSE_SLOTS: u16 = 1024;
/// The book's base of held-breath rounds (CR-HAZ-04).
pub const BREATH_ROUNDS_BASE: i8 = 3;

impl WorldOptions {
    /// Checks the house-ruled numbers (CR-CORE-02); the message names the setting.
    pub fn validate(&self) -> Result<(), String> {
        if !(HOLY_SHIT_CORPSE_SLOTS..=MAX_HOLY_SHIT_CORPSE_SLOTS)
            .contains(&self.holy_shit_corpse_slots)
        {
            return Err(format!(
                "holy_shit_corpse_slots must be {HOLY_SHIT_CORPSE_SLOTS}…{MAX_HOLY_SHIT_CORPSE_SLOTS} \
                 (the book's 32 is the least, CR-SIZE-03)"
            ));
        }
        if !(0..=20).contains(&self.breath_rounds_base) {
            return Err("breath_rounds_base must be 0…20".into());
        }
        if let Some(l) = self.holy_shit_campfire
            && (l.bright > 1000 || l.dim > 1000)
        {
            return Err("holy_shit_campfire is at most 1000/1000 squares".into());
        }
        Ok(())
    }

    /// The Referee's Holy Shit! corpse slots when they differ from the book's.
    pub fn corpse_slots_override(&self) -> Option<u16> {
        (self.holy_shit_corpse_slots != HOLY_SHIT_CORPSE_SLOTS)
            .then_some(self.holy_shit_corpse_slots)
    }
}

impl Default for WorldOptions {
    fn default() -> Self {
        WorldOptions {
            wound_placement: WoundPlacement::AnySlot,
            damage_carry_over: DamageCarryOver::CarryOver,
            armor_defense_sources: ArmorDefenseSources::WornArmorAndHeldShields,
            prone_after_waking: true,
            vulnerable_extra_matches_type: true,
            backpack_rows: BackpackRows::OneRow,
            corpse_slots: CorpseSlotKinds::AnyKind,
            stand_up_ignores_prone_halving: true,
            rest_halfway_douses_items: false,
            clamp_negative_results: true,
            suffocation_piercing: false,
            flat_speed_changes_first: true,
            holy_shit_corpse_slots: HOLY_SHIT_CORPSE_SLOTS,
            holy_shit_campfire: None,
            breath_rounds_base: BREATH_ROUNDS_BASE,
            object_rules_affect_attended: false,
        }
    }
}

/// CR-ERR-11.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundPlacement {
    /// Default: a wound is a marker in any backpack slot, empty or holding an item.
    AnySlot,
    /// Alternative: a wound only goes into an empty slot (no speed penalty can arise).
    EmptySlotOnly,
}

/// CR-ERR-19.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageCarryOver {
    /// Default: AD item → next AD item → Stamina → wounds/death.
    CarryOver,
    /// Alternative: a hit that an AD item absorbs in part is absorbed entirely.
    ArmorAbsorbsWholeHit,
}

/// CR-ERR-20.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmorDefenseSources {
    /// Default: the declared worn suit and shields in hand slots.
    WornArmorAndHeldShields,
    /// Alternative: every armor and shield carried anywhere.
    AnyCarried,
}

/// CR-ERR-31.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackpackRows {
    /// Default: consecutive by number, 5–6 is valid.
    OneRow,
    /// Alternative: the sheet's two rows 1–5 and 6–10 may not be spanned.
    TwoRowsOfFive,
}

/// CR-ERR-32.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorpseSlotKinds {
    /// Default: hands, belt or backpack, one kind, consecutive.
    AnyKind,
    /// Alternative: backpack slots only.
    BackpackOnly,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cr_core_08_characteristics_range() {
        assert!(Characteristics::new(-5, 0, 5).is_ok());
        assert_eq!(
            Characteristics::new(6, 0, 0),
            Err(CreatureError::OutOfRange {
                characteristic: Characteristic::Agility,
                value: 6
            })
        );
        assert!(Characteristics::new(0, -6, 0).is_err());
    }

    #[test]
    fn cr_core_09_new_crow_and_mundane_cap() {
        assert!(Characteristics::new_crow(-1, 2, 0).is_ok());
        assert!(matches!(
            Characteristics::new_crow(3, 0, 0),
            Err(CreatureError::NewCrowOutOfRange { .. })
        ));
        assert!(Characteristics::new_crow(0, -2, 0).is_err());
        let mut c = Characteristics::new_crow(2, 0, 0).expect("valid");
        assert_eq!(
            c.adjust_crow(Characteristic::Agility, 2, Magic::Mundane),
            Ok(4)
        );
        assert!(matches!(
            c.adjust_crow(Characteristic::Agility, 1, Magic::Mundane),
            Err(CreatureError::AboveMundaneMax { value: 5, .. })
        ));
        assert_eq!(
            c.adjust_crow(Characteristic::Agility, 1, Magic::Magic),
            Ok(5)
        );
        assert!(matches!(
            c.adjust_crow(Characteristic::Agility, 1, Magic::Magic),
            Err(CreatureError::OutOfRange { value: 6, .. })
        ));
        // Lowering below 4 is never blocked by the mundane cap.
        assert_eq!(
            c.adjust_crow(Characteristic::Agility, -1, Magic::Mundane),
            Ok(4)
        );
    }

    #[test]
    fn cr_err_44_clamped_adjustment() {
        let mut c = Characteristics::new(-4, 0, 0).expect("valid");
        assert_eq!(c.adjust_clamped(Characteristic::Agility, -3), -5);
        assert_eq!(c.adjust_clamped(Characteristic::Mind, 9), 5);
    }

    #[test]
    fn cr_core_04_round_down() {
        assert_eq!(halve(5), 2);
        assert_eq!(halve(1), 0);
    }

    #[test]
    fn cr_size_01_size_table_every_row() {
        let expected = [
            (Size::Tiny, 1, "rat", "compass"),
            (Size::Small, 2, "lynx", "lute"),
            (Size::Medium, 3, "human", "heavy armor"),
            (Size::Large, 4, "grizzly bear", "cart"),
            (Size::Huge, 5, "elephant", "catapult"),
            (Size::HolyShit, 6, "blue whale", "barn"),
        ];
        assert_eq!(SIZE_TABLE.len(), expected.len());
        for (row, (size, order, creature, object)) in SIZE_TABLE.iter().zip(expected) {
            assert_eq!(row.size, size);
            assert_eq!(row.order, order);
            assert_eq!(size.order(), order);
            assert_eq!(row.creature, creature);
            assert_eq!(row.object, object);
        }
        for pair in Size::ALL.windows(2) {
            assert!(pair[0] < pair[1]);
        }
    }

    #[test]
    fn cr_size_02_categories_between() {
        assert_eq!(Size::Large.categories_larger_than(Size::Medium), 1);
        assert_eq!(Size::Tiny.categories_larger_than(Size::HolyShit), -5);
        assert_eq!(Size::Small.categories_apart(Size::Huge), 3);
        assert_eq!(Size::Medium.categories_apart(Size::Medium), 0);
    }

    #[test]
    fn cr_err_10_default_death_rule_by_kind() {
        assert_eq!(
            CreatureKind::Crow.default_death_rule(),
            DeathRule::TakesWounds
        );
        assert_eq!(
            CreatureKind::Hireling.default_death_rule(),
            DeathRule::TakesWounds
        );
        assert_eq!(
            CreatureKind::Animal.default_death_rule(),
            DeathRule::TakesWounds
        );
        assert_eq!(
            CreatureKind::Monster.default_death_rule(),
            DeathRule::DiesAtZeroStamina
        );
        assert_eq!(
            CreatureKind::Npc.default_death_rule(),
            DeathRule::DiesAtZeroStamina
        );
        let mut wolf = Creature::new(
            "wolf",
            CreatureKind::Monster,
            Characteristics::default(),
            5,
            Speeds::default(),
            Size::Medium,
            InventoryLayout::NONE,
        );
        wolf.death_rule_override = Some(DeathRule::TakesWounds);
        assert_eq!(wolf.death_rule(), DeathRule::TakesWounds);
    }

    #[test]
    fn cr_core_05_dead_creature_becomes_object() {
        let crow = Creature::new_crow("Vasa", 0, 1, 2, 6, 5).expect("valid crow");
        let corpse = crow.into_corpse();
        assert_eq!(corpse.size, Size::Medium);
        assert!(corpse.corpse.is_some());
    }

    #[test]
    fn cr_core_06_object_rules_hit_unattended_objects() {
        assert!(object_rule_applies(true, false));
        assert!(!object_rule_applies(false, false));
        assert!(object_rule_applies(false, true));
    }

    #[test]
    fn cr_core_11_magic_flag_defaults_to_mundane() {
        let crow = Creature::new_crow("Vasa", 0, 0, 0, 6, 5).expect("valid crow");
        assert_eq!(crow.magic, Magic::Mundane);
        let corpse = crow.into_corpse();
        assert_eq!(corpse.magic, Magic::Mundane);
    }

    #[test]
    fn cr_core_10_no_social_characteristic() {
        assert_eq!(Characteristic::ALL.len(), 3);
        assert_eq!(
            Characteristic::ALL,
            [
                Characteristic::Agility,
                Characteristic::Mind,
                Characteristic::Strength
            ]
        );
    }

    #[test]
    fn cr_core_13_ancestry_is_cosmetic() {
        let human = Creature::new_crow("Vasa", 1, 0, 0, 6, 5).expect("valid");
        let mut dwarf = human.clone();
        dwarf.ancestry = Some("dwarf".into());
        let o = WorldOptions::default();
        assert_eq!(dwarf.speed(0, 0, &o), human.speed(0, 0, &o));
        assert_eq!(dwarf.death_rule(), human.death_rule());
        assert_eq!(dwarf.inventory, human.inventory);
        dwarf.ancestry = None;
        assert_eq!(dwarf, human);
    }

    #[test]
    fn cr_dmg_12_wounds_with_items_slow_the_creature() {
        use crate::inventory::{CarriedItem, SlotRef, WoundKind};
        let mut c = Creature::new_crow("Vasa", 0, 0, 0, 6, 5).expect("valid");
        c.inventory
            .add(
                CarriedItem::new(ItemId(1), "rope", 1),
                &[SlotRef::backpack(1)],
            )
            .expect("fits");
        c.inventory
            .add(
                CarriedItem::new(ItemId(2), "tent", 1),
                &[SlotRef::backpack(2)],
            )
            .expect("fits");
        for slot in [1, 2, 3] {
            c.inventory
                .place_wound(slot, WoundKind::Normal)
                .expect("ok");
        }
        let o = WorldOptions::default();
        assert_eq!(c.speed(0, 0, &o), 3);
        // Minimum 0.
        for slot in 4..=10 {
            c.inventory
                .add(
                    CarriedItem::new(ItemId(u32::from(slot)), "stone", 1),
                    &[SlotRef::backpack(slot)],
                )
                .expect("fits");
            c.inventory
                .place_wound(slot, WoundKind::Normal)
                .expect("ok");
        }
        assert_eq!(c.speed(0, 0, &o), 0);
    }

    fn torch_and_rings() -> Creature {
        use crate::inventory::{CarriedItem, MagicSlot, SlotRef};
        use crate::usage_dice::{ItemUsage, UsageKeyword, UsageLine};
        let mut c = Creature::new_crow("Vasa", 0, 0, 0, 6, 5).expect("valid");
        let mut torch = CarriedItem::new(ItemId(1), "torch", 1);
        let mut usage = ItemUsage::new(
            "torch",
            UsageLine {
                dice: 2,
                keywords: vec![UsageKeyword::DungeonTurn, UsageKeyword::Useless],
                refuel_with: None,
            },
        )
        .expect("valid")
        .as_light_source();
        usage.light().expect("lit");
        torch.usage = Some(usage);
        c.inventory.add(torch, &[SlotRef::hand(1)]).expect("fits");
        for id in [2, 3] {
            let ring = CarriedItem::new(ItemId(id), "ring", 1).magical(Some(MagicSlot::Finger));
            c.inventory
                .add(ring, &[SlotRef::backpack(id as u8)])
                .expect("fits");
            c.inventory
                .wear_magic_item(ItemId(id), MagicSlot::Finger)
                .expect("worn");
        }
        c.effects.push(EffectUsage::new("glowing skin", 1));
        c.conditions.apply(ConditionKind::Blessed).expect("ok");
        c
    }

    #[test]
    fn cr_err_36_end_of_dungeon_turn_order() {
        assert_eq!(
            END_OF_DUNGEON_TURN_ORDER,
            [
                EndOfTurnStep::UsageDice,
                EndOfTurnStep::Expiry,
                EndOfTurnStep::MagicSlotOverload,
                EndOfTurnStep::EncounterCheck,
                EndOfTurnStep::NewDungeonTurn
            ]
        );
        let mut c = torch_and_rings();
        let want = c.end_of_turn_dice();
        assert_eq!(want.items, vec![(ItemId(1), 2)]);
        assert_eq!(want.effects, vec![(0, 1)]);
        assert!(want.overload_d6);
        // Missing faces: refused, nothing changes.
        let before = c.clone();
        let partial = EndOfTurnFaces {
            items: vec![(ItemId(1), vec![1, 5])],
            effects: vec![(0, vec![2])],
            overload_d6: None,
        };
        assert!(matches!(
            c.end_of_dungeon_turn(&partial, &WorldOptions::default()),
            Err(TurnError::MissingFaces(_))
        ));
        assert_eq!(c, before);
        let faces = EndOfTurnFaces {
            overload_d6: Some(3),
            ..partial
        };
        let r = c
            .end_of_dungeon_turn(&faces, &WorldOptions::default())
            .expect("ok");
        assert_eq!(r.item_rolls.len(), 1);
        assert_eq!(r.item_rolls[0].1.remaining, 1);
        assert_eq!(r.effects_ended, vec!["glowing skin".to_string()]);
        assert!(c.effects.is_empty());
        assert_eq!(r.conditions_ended, vec![ConditionKind::Blessed]);
        assert!(matches!(
            r.overload_wounds,
            Some(DamageOutcome::PlaceWounds(
                crate::damage::WorldDecision::WoundSlots { count: 3, .. }
            ))
        ));
    }

    #[test]
    fn cr_ud_04_effects_on_a_creature_roll_every_dungeon_turn() {
        let mut c = Creature::new_crow("Vasa", 0, 0, 0, 6, 5).expect("valid");
        c.effects.push(EffectUsage::new("haste", 2));
        let faces = EndOfTurnFaces {
            effects: vec![(0, vec![6, 1])],
            ..EndOfTurnFaces::default()
        };
        let r = c
            .end_of_dungeon_turn(&faces, &WorldOptions::default())
            .expect("ok");
        assert!(r.effects_ended.is_empty());
        assert_eq!(c.effects[0].pool.current, 1);
    }

    #[test]
    fn cr_err_34_middle_of_rest_ends_effects_not_items() {
        let mut c = torch_and_rings();
        let ended = c.middle_of_rest(&WorldOptions::default());
        assert_eq!(ended, vec![ConditionKind::Blessed]);
        assert!(c.effects.is_empty());
        let lit = |c: &Creature| {
            c.inventory
                .item(ItemId(1))
                .and_then(|i| i.usage.as_ref())
                .is_some_and(|u| u.lit)
        };
        assert!(lit(&c), "the torch keeps burning by default");
        let alt = WorldOptions {
            rest_halfway_douses_items: true,
            ..WorldOptions::default()
        };
        let mut c = torch_and_rings();
        c.middle_of_rest(&alt);
        assert!(!lit(&c));
    }

    #[test]
    fn cr_inv_07_overload_blocks_rest_items() {
        let mut c = torch_and_rings();
        assert!(matches!(
            c.finish_rest_items(),
            Err(TurnError::Inventory(InventoryError::MagicSlotOverloaded(_)))
        ));
    }

    #[test]
    fn cr_ud_05_rest_keyword_restores_on_finishing_a_rest() {
        use crate::inventory::{CarriedItem, SlotRef};
        use crate::usage_dice::{ItemUsage, UsageKeyword, UsageLine};
        let mut c = Creature::new_crow("Vasa", 0, 0, 0, 6, 5).expect("valid");
        let mut book = CarriedItem::new(ItemId(1), "spellbook", 1);
        let mut usage = ItemUsage::new(
            "spellbook",
            UsageLine {
                dice: 3,
                keywords: vec![UsageKeyword::Activate, UsageKeyword::Rest],
                refuel_with: None,
            },
        )
        .expect("valid");
        usage.pool.current = 1;
        book.usage = Some(usage);
        c.inventory
            .add(book, &[SlotRef::backpack(1)])
            .expect("fits");
        assert_eq!(c.finish_rest_items(), Ok(vec![ItemId(1)]));
        assert_eq!(
            c.inventory
                .item(ItemId(1))
                .and_then(|i| i.usage.as_ref())
                .map(|u| u.pool.current),
            Some(3)
        );
    }

    #[test]
    fn creature_state_round_trips_through_json() {
        let mut c = torch_and_rings();
        c.inventory
            .place_wound(5, crate::inventory::WoundKind::Starvation)
            .expect("ok");
        c.conditions
            .apply(crate::conditions::ConditionKind::Prone)
            .expect("prone");
        let json = serde_json::to_string(&c).expect("serialises");
        let back: Creature = serde_json::from_str(&json).expect("deserialises");
        assert_eq!(back, c);
        // A stored creature without the flag is alive.
        let mut v: serde_json::Value = serde_json::from_str(&json).expect("json");
        v.as_object_mut().expect("object").remove("alive");
        let back: Creature = serde_json::from_value(v).expect("deserialises");
        assert!(back.alive);
    }
}
