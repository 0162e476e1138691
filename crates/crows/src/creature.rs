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
use crate::inventory::{Inventory, InventoryError, InventoryLayout, ItemId};
use crate::usage_dice::{EffectUsage, UsageError};

// The vocabulary the creature rules share with inventory, conditions, damage and light lives
// below them; these names stay reachable from here.
pub use crate::inventory::NATURAL_ARMOR;
pub use crate::nature::{Magic, SIZE_TABLE, Size, SizeExample};
pub use crate::overrides::RuleOverride;
pub use crate::world_options::*;

/// Lowest value any characteristic may have (CR-CORE-08).
pub const CHARACTERISTIC_MIN: i8 = crate::test_roll::CHARACTERISTIC_MIN;
/// Highest value any characteristic may have, magic included (CR-CORE-08).
pub const CHARACTERISTIC_MAX: i8 = crate::test_roll::CHARACTERISTIC_MAX;
/// Lowest starting value of a new crow (CR-CORE-09).
pub const NEW_CROW_MIN: i8 = -1;
/// Highest starting value of a new crow (CR-CORE-09).
pub const NEW_CROW_MAX: i8 = 2;
/// Highest value a crow reaches without magic (CR-CORE-09).
pub const MUNDANE_MAX: i8 = 4;

/// Errors of this module; each message starts with the rule it enforces.
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
pub enum CreatureError {
    #[error("CR-CORE-08: {} {value} is outside -5..5", crate::refusal::said(.characteristic))]
    #[strum(props(rule = "CR-CORE-08"))]
    OutOfRange {
        characteristic: Characteristic,
        value: i8,
    },
    #[error("CR-CORE-09: a new crow starts with {} between -1 and 2, not {value}", crate::refusal::said(.characteristic))]
    #[strum(props(rule = "CR-CORE-09"))]
    NewCrowOutOfRange {
        characteristic: Characteristic,
        value: i8,
    },
    #[error(
        "CR-CORE-09: without magic a crow's {} cannot go above 4 (would be {value})",
        crate::refusal::said(.characteristic)
    )]
    #[strum(props(rule = "CR-CORE-09"))]
    AboveMundaneMax {
        characteristic: Characteristic,
        value: i8,
    },
    #[error("CR-CORE-05: {0} is dead; its body is an object and creature rules no longer apply")]
    #[strum(props(rule = "CR-CORE-05"))]
    Dead(String),
    #[error(
        "CR-CORE-03: {creature} is immune to {} (an exception on its card, item or \
         the Referee's ruling beats the general rule)",
        crate::refusal::said(.condition)
    )]
    #[strum(props(rule = "CR-CORE-03"))]
    Immune {
        creature: String,
        condition: ConditionKind,
    },
    #[error("Stamina {stamina} is above the maximum {max}")]
    #[strum(props(rule = "CR-DMG-06"))]
    StaminaAboveMax { stamina: u16, max: u16 },
    #[error("an ancestry label is 1…64 characters (CR-CORE-13)")]
    #[strum(props(rule = "CR-CORE-13"))]
    BadAncestry,
    #[error("a character name is 1…{max} characters (CR-CORE-09)")]
    #[strum(props(rule = "CR-CORE-09"))]
    BadCharacterName { max: usize },
    #[error("name exceptions to `add` or `remove` (CR-CORE-03)")]
    #[strum(props(rule = "CR-CORE-03"))]
    NoOverrides,
    #[error("at most {max} exceptions, none both added and removed (CR-CORE-03)")]
    #[strum(props(rule = "CR-CORE-03"))]
    BadOverrides { max: usize },
    #[error(
        "CR-EXT-15: a character has at most {max} personal enemies and rivals, each named in \
         1…{max_len} characters"
    )]
    #[strum(props(rule = "CR-EXT-15"))]
    BadRivals { max: usize, max_len: usize },
    #[error("the Miasma turned `{creature}`: only the Referee acts for it now")]
    #[strum(props(rule = "CR-MIASMA-08"))]
    Turned { creature: String },
    #[error(transparent)]
    Condition(#[from] crate::conditions::ConditionError),
}

crate::refusal::refusal!(CreatureError, "creature"; condition => Condition);

/// Most personal enemies and rivals one character keeps (CR-EXT-15).
pub const MAX_RIVALS: usize = 16;
/// Longest name of one (characters).
pub const MAX_RIVAL_LEN: usize = 80;

/// A character's list of personal enemies and rivals is at most [`MAX_RIVALS`] names of
/// 1…[`MAX_RIVAL_LEN`] characters (CR-EXT-15).
pub fn may_rivals(rivals: &[String]) -> Result<(), CreatureError> {
    let bad = |r: &String| r.trim().is_empty() || r.chars().count() > MAX_RIVAL_LEN;
    if rivals.len() > MAX_RIVALS || rivals.iter().any(bad) {
        return Err(CreatureError::BadRivals {
            max: MAX_RIVALS,
            max_len: MAX_RIVAL_LEN,
        });
    }
    Ok(())
}

/// Most exceptions one ruling adds and removes together (CR-CORE-03).
pub const MAX_RULED_OVERRIDES: usize = 32;

/// The Referee's `edit_creature` may set Stamina up to the maximum, never above (CR-DMG-06).
pub fn may_set_stamina(stamina: u16, max: u16) -> Result<(), CreatureError> {
    if stamina > max {
        return Err(CreatureError::StaminaAboveMax { stamina, max });
    }
    Ok(())
}

/// An ancestry is a cosmetic label of 1…[`MAX_REQUESTED_LABEL`] characters, or none
/// (CR-CORE-13): counted in characters, as a player's request counts it, so a Cyrillic label
/// gets the same room as a Latin one.
pub fn may_set_ancestry(ancestry: Option<&str>) -> Result<(), CreatureError> {
    if ancestry.is_some_and(|a| a.is_empty() || a.chars().count() > MAX_REQUESTED_LABEL) {
        return Err(CreatureError::BadAncestry);
    }
    Ok(())
}

/// Longest character name and ancestry label a player asks for (characters).
pub const MAX_REQUESTED_LABEL: usize = 64;

/// A name a player asks for a new character (CR-CORE-09): trimmed, 1…[`MAX_REQUESTED_LABEL`]
/// characters.
pub fn character_name(text: &str) -> Result<String, CreatureError> {
    requested_label(text).ok_or(CreatureError::BadCharacterName {
        max: MAX_REQUESTED_LABEL,
    })
}

/// An ancestry a player asks for (CR-CORE-13): trimmed, 1…[`MAX_REQUESTED_LABEL`] characters.
pub fn ancestry_label(text: &str) -> Result<String, CreatureError> {
    requested_label(text).ok_or(CreatureError::BadAncestry)
}

fn requested_label(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty() && t.chars().count() <= MAX_REQUESTED_LABEL).then(|| t.to_string())
}

/// A ruling on a creature's exceptions names some to add or remove, at most
/// [`MAX_RULED_OVERRIDES`], none on both sides (CR-CORE-03).
pub fn may_rule_overrides<T: PartialEq>(add: &[T], remove: &[T]) -> Result<(), CreatureError> {
    if add.is_empty() && remove.is_empty() {
        return Err(CreatureError::NoOverrides);
    }
    if add.len() + remove.len() > MAX_RULED_OVERRIDES || add.iter().any(|o| remove.contains(o)) {
        return Err(CreatureError::BadOverrides {
            max: MAX_RULED_OVERRIDES,
        });
    }
    Ok(())
}

/// A player acts for none of `turned`, the characters the Miasma turned: they are the
/// Referee's now (CR-MIASMA-08). Refused naming the first.
pub fn may_act_for<'a>(turned: impl IntoIterator<Item = &'a str>) -> Result<(), CreatureError> {
    match turned.into_iter().next() {
        Some(id) => Err(CreatureError::Turned {
            creature: id.to_string(),
        }),
        None => Ok(()),
    }
}

/// The three characteristics (CR-CORE-08), shared with the tests (`crate::test_roll`). There is
/// no social characteristic (CR-CORE-10).
pub use crate::test_roll::Characteristic;

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

/// Speeds in squares (CR-EXT-05: walk/climb/swim/fly, "(U)" for climbing upside down).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
    /// Personal enemies and rivals, the campaign's names for them (CR-EXT-15): the viewing
    /// portal of backlash 65–66 opens near one of the Referee's choice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rivals: Vec<String>,
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
            rivals: Vec::new(),
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

/// Errors of the end-of-turn and rest helpers.
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
pub enum TurnError {
    #[error("CR-UD-04: faces missing for {0}")]
    #[strum(props(rule = "CR-UD-04"))]
    MissingFaces(String),
    #[error(transparent)]
    Usage(#[from] UsageError),
    #[error(transparent)]
    Inventory(#[from] InventoryError),
}

crate::refusal::refusal!(TurnError, "turn"; usage => Usage, inventory => Inventory);

impl Creature {
    /// Current walking speed: base, −1 per wound-and-item backpack slot (CR-DMG-12), `flat`
    /// other changes, conditions and `extra_halvings` (squeezing, grabbing), per CR-ERR-39.
    pub fn speed(&self, flat: i16, extra_halvings: u8, options: &WorldOptions) -> u8 {
        let wounds = self.wound_slowing();
        effective_speed(
            self.speeds.walk,
            flat - wounds,
            &self.conditions,
            extra_halvings,
            options,
        )
    }

    /// Its speed for a move in a fight (CR-MOVE-08): the flying speed when it flies, else the
    /// walking one; −1 per wound-and-item backpack slot (CR-DMG-12), its conditions,
    /// `extra_halvings` (squeezing) and one more halving while it holds grabbed a creature of
    /// `holding` size that slows a grabber (CR-COND-03).
    pub fn combat_speed(
        &self,
        flying: bool,
        extra_halvings: u8,
        holding: Option<Size>,
        options: &WorldOptions,
    ) -> u8 {
        let mut halvings = extra_halvings;
        if holding.is_some_and(|h| crate::conditions::grabber_speed_halved(self.size, h)) {
            halvings += 1;
        }
        let base = match (flying, self.speeds.fly) {
            (true, Some(fly)) => fly,
            _ => self.speeds.walk,
        };
        effective_speed(
            base,
            -self.wound_slowing(),
            &self.conditions,
            halvings,
            options,
        )
    }

    /// Squares its wounds take off its speed: −1 per backpack slot holding a wound and an
    /// item (CR-DMG-12), none for a creature whose card says wounds do not slow it (CR-CORE-03).
    fn wound_slowing(&self) -> i16 {
        if self.has_override(&RuleOverride::WoundsDoNotSlow) {
            0
        } else {
            i16::from(self.inventory.wound_speed_penalty())
        }
    }

    /// The walking speed it would have standing (CR-MAN-08): base, −1 per wound-and-item
    /// backpack slot and its conditions other than prone, with no other change or halving.
    pub fn speed_standing(&self, options: &WorldOptions) -> u8 {
        let mut conditions = self.conditions.clone();
        conditions.remove(ConditionKind::Prone);
        effective_speed(
            self.speeds.walk,
            -self.wound_slowing(),
            &conditions,
            0,
            options,
        )
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

/// Whether a rule that targets objects affects an object (CR-CORE-06): only unattended ones
/// (nobody holds, wears or controls them) unless the Referee rules otherwise (CR-REF-14).
pub fn object_rule_applies(unattended: bool, referee_allows_attended: bool) -> bool {
    unattended || referee_allows_attended
}

#[cfg(test)]
pub(crate) mod tests {
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

    pub(crate) fn torch_and_rings() -> Creature {
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
