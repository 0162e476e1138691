//! Content packs: item cards, creatures and roll tables written by users (CR-CORE-12,
//! CR-EXT-05/06/07/08).
//!
//! # File format
//!
//! A pack is one or more JSON files (UTF-8). Each file is an object:
//!
//! ```json
//! {
//!   "format": "delve-crows-pack",
//!   "version": 1,
//!   "pack": { "id": "my-pack", "name": "My pack", "sample": false },
//!   "items": [ … item cards … ],
//!   "creatures": [ … creature cards … ],
//!   "tables": [ … roll tables … ]
//! }
//! ```
//!
//! The JSON Schema is `content/crows-sample/schema.json`; [`ItemCard`], [`CreatureCard`] and
//! [`RollTable`] document every field. Unknown fields are refused (a typo must not silently
//! drop a rule). Damage is written as a small expression per tier: `"1d6"`, `"2 + stat"`,
//! `"1d6+1 P"`; `P` marks piercing (CR-ERR-09), a leading or trailing `dam` or `урон` is
//! accepted (CR-ERR-08), `A`/`M`/`S` add that characteristic and `stat` adds the
//! characteristic used for the attack. Light is `"X/Y"` (CR-LIGHT-01). A spellbook's
//! `target`, `range` and `area` strings (`"All enemies"`, `"6 squares"`, `"Line 6 × 1"`, in
//! English or Russian) are read into typed values at load ([`spell_text`]); an unreadable one
//! is an error naming its field.
//!
//! # Exceptions to general rules (CR-CORE-03)
//!
//! A card can beat a general rule. Most exceptions are plain card values that replace the
//! general default: an item's `slots`, `stack` limit and `usage_dice` line, a creature's
//! `backpack_slots` and `death_rule`. The others are written as data the engine applies where
//! the general rule is computed ([`crate::creature::RuleOverride`]):
//!
//! - a creature card's `overrides`: `[{"rule": "immune_to_condition", "condition":
//!   "prone"}, {"rule": "sees_in_darkness"}, {"rule": "holds_breath", "rounds": 10},
//!   {"rule": "needs_no_air"}, {"rule": "needs_no_food"}, {"rule": "no_falling_damage"},
//!   {"rule": "wounds_do_not_slow"}, {"rule": "ignores_difficult_terrain"}]`;
//! - an item card's `grants` (the same list), in force for whoever has the item in use — in
//!   hand, worn as armor or worn in its magic-item slot (CR-INV-10);
//! - an item card's `works_from` (`["belt"]`): slot kinds besides the hands where it works.
//!
//! The Referee's ruling beats both: `set_rule_overrides` adds exceptions to one creature or
//! rules out ones its card or items carry ([`crate::ruleset`]).
//!
//! # What other books hold (CR-EXT)
//!
//! Entered as packs and used in play: encounter tables (`tables`, `encounters-<terrain>`,
//! CR-EXT-02), the interesting-finds tables (CR-EXT-03: pack tables `finds-minor` and
//! `finds-major`, rolled for the Referee when a Treasure Hunt finds something, CR-REF-37;
//! without them the Referee rolls by hand and notes the find), monster stat blocks
//! (`creatures`, CR-EXT-05), item cards (CR-EXT-06), spellbook cards (CR-EXT-07) and magic
//! item cards (CR-EXT-08).
//!
//! The campaign's own data (CR-EXT-15): each character's personal enemies and rivals
//! (`set_rivals`, offered as the Referee's choices when backlash 65–66 opens its portal), the
//! list of dungeons (the travel map's `dungeon` sites, offered when backlash 79–80 sends an
//! item away) and the mundane one-handed weapons (the item cards with a one-handed `weapon`
//! and no `magic`: backlash 103 rolls among them; with none loaded the Referee names one).
//!
//! No play reaches the rest, so nothing here models them:
//!
//! - CR-EXT-04, the example points of interest: examples only; the Referee's own sites are
//!   `set_site`.
//! - CR-EXT-09, the printable inventory sheet and card files: a layout reference for the web
//!   UI, not data.
//! - CR-EXT-10, the translation's glossary: reconciled by hand with the rules' GLOSSARY.md
//!   (the canonical identifiers); nothing at run time.
//! - CR-EXT-11, the dungeons shipped with the game: their maps, populations and treasure are
//!   the Referee's to enter (`set_site`, `enter_dungeon`, `treasure_found` values).
//! - CR-EXT-12, village building and experience from loot: rules of other books, mentioned
//!   only.
//! - CR-EXT-14, the priests of the Three's services: lore; their mechanics are elsewhere.
//!
//! # Errors
//!
//! Every problem is a [`ContentIssue`] naming the file, the line and column, the field path
//! (`items[3].weapon.range`) and the rule or limit broken. Syntax and type errors come from
//! `serde_json` (first one only); the cross-field checks are all collected.
//!
//! No I/O here: callers read the files and pass `(file name, text)`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::num::{NonZeroU8, NonZeroU16};

use serde::{Deserialize, Serialize};

use crate::creature::{
    Characteristics, Creature, CreatureKind, DeathRule, Magic, RuleOverride, Size, Speeds,
};
use crate::expertise::{Discipline, WeaponCategory};
use crate::inventory::{ArmorKind, CarriedItem, InventoryLayout, ItemId, MagicSlot};
use crate::light::LightOutput;
use crate::test_roll::{AttackRange, Characteristic};
use crate::usage_dice::{ItemUsage, UsageError, UsageKeyword, UsageLine};

/// The value of the `format` field.
pub const FORMAT: &str = "delve-crows-pack";
/// The supported `version`.
pub const VERSION: u32 = 1;

/// One problem in a pack file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentIssue {
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Field path, e.g. `items[3].weapon.range` (empty for the whole file).
    pub field: String,
    pub message: String,
}

impl fmt::Display for ContentIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}: {}",
            self.file,
            self.line,
            self.column,
            if self.field.is_empty() {
                "(file)"
            } else {
                &self.field
            },
            self.message
        )
    }
}

/// All the problems found in a load.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub struct ContentErrors(pub Vec<ContentIssue>);

impl fmt::Display for ContentErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, issue) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{issue}")?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Data types
// ---------------------------------------------------------------------------------------------

/// One pack file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackFile {
    pub format: String,
    pub version: u32,
    pub pack: PackInfo,
    #[serde(default)]
    pub items: Vec<ItemCard>,
    #[serde(default)]
    pub creatures: Vec<CreatureCard>,
    #[serde(default)]
    pub tables: Vec<RollTable>,
}

/// Who made the pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackInfo {
    pub id: String,
    pub name: String,
    /// Values are examples, not the game's published numbers.
    #[serde(default)]
    pub sample: bool,
    #[serde(default)]
    pub notes: Option<String>,
}

/// Stacking in a slot (CR-INV-04).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackCard {
    /// Items of the same kind stack (e.g. "potion").
    pub kind: String,
    /// Items per slot.
    pub limit: NonZeroU8,
}

/// Armor Defense of a suit of armor or a shield (CR-DMG-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmorCard {
    pub kind: ArmorKindCard,
    pub defense: NonZeroU16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmorKindCard {
    Armor,
    Shield,
}

/// The usage-dice line (CR-UD-05).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsageCard {
    pub dice: NonZeroU8,
    pub keywords: Vec<UsageKeyword>,
    /// Item id used to refuel (with the `refuel` keyword).
    #[serde(default)]
    pub refuel_with: Option<String>,
}

/// A damage expression: dice, a flat number, a characteristic, piercing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DamageSpec {
    /// (count, sides) terms.
    pub dice: Vec<(u8, u8)>,
    pub flat: i16,
    /// Characteristics added by name.
    pub characteristics: Vec<Characteristic>,
    /// Adds the characteristic used for the attack ("stat").
    pub attack_stat: bool,
    pub piercing: bool,
}

impl TryFrom<String> for DamageSpec {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        parse_damage(&s)
    }
}

impl From<DamageSpec> for String {
    fn from(d: DamageSpec) -> String {
        d.to_string()
    }
}

impl fmt::Display for DamageSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self.dice.iter().map(|(n, x)| format!("{n}d{x}")).collect();
        if self.flat != 0
            || (parts.is_empty() && self.characteristics.is_empty() && !self.attack_stat)
        {
            parts.push(self.flat.to_string());
        }
        for c in &self.characteristics {
            parts.push(
                match c {
                    Characteristic::Agility => "A",
                    Characteristic::Mind => "M",
                    Characteristic::Strength => "S",
                }
                .to_string(),
            );
        }
        if self.attack_stat {
            parts.push("stat".into());
        }
        write!(f, "{}", parts.join(" + "))?;
        if self.piercing {
            write!(f, " P")?;
        }
        Ok(())
    }
}

/// Parses a damage expression (see the module docs).
pub fn parse_damage(s: &str) -> Result<DamageSpec, String> {
    let mut text = s.trim().to_string();
    for word in ["dam", "урон"] {
        if let Some(rest) = text.strip_prefix(word) {
            text = rest.trim().to_string();
        }
        if let Some(rest) = text.strip_suffix(word) {
            text = rest.trim().to_string();
        }
    }
    let mut piercing = false;
    if let Some(rest) = text.strip_suffix('P') {
        piercing = true;
        text = rest.trim().to_string();
    }
    if text.is_empty() {
        return Err(format!("CR-DMG-01: empty damage expression {s:?}"));
    }
    let mut spec = DamageSpec {
        dice: Vec::new(),
        flat: 0,
        characteristics: Vec::new(),
        attack_stat: false,
        piercing,
    };
    for raw in text.split('+') {
        let term = raw.trim();
        match term {
            "A" => spec.characteristics.push(Characteristic::Agility),
            "M" => spec.characteristics.push(Characteristic::Mind),
            "S" => spec.characteristics.push(Characteristic::Strength),
            "stat" => spec.attack_stat = true,
            _ => {
                if let Some((n, x)) = term.split_once('d') {
                    let n: u8 = if n.is_empty() {
                        1
                    } else {
                        n.parse()
                            .map_err(|_| format!("bad dice count in {term:?}"))?
                    };
                    let x: u8 = x.parse().map_err(|_| format!("bad die size in {term:?}"))?;
                    if n == 0 || !matches!(x, 6 | 10) {
                        return Err(format!(
                            "CR-DICE-01: Crows damage uses d6 and d10, got {term:?}"
                        ));
                    }
                    spec.dice.push((n, x));
                } else {
                    let v: i16 = term.parse().map_err(|_| {
                        format!("CR-DMG-01: cannot read damage term {term:?} in {s:?}")
                    })?;
                    spec.flat = spec.flat.saturating_add(v);
                }
            }
        }
    }
    Ok(spec)
}

/// What one tier of an attack or spell does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TierOutcome {
    #[serde(default)]
    pub damage: Option<DamageSpec>,
    /// Other effects, in the author's words.
    #[serde(default)]
    pub effect: Option<String>,
}

/// Damage and effects per tier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TierOutcomes {
    pub tier_1: TierOutcome,
    pub tier_2: TierOutcome,
    pub tier_3: TierOutcome,
}

/// A weapon profile (CR-EXT-06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponCard {
    pub attack: AttackRange,
    /// Characteristics the attacker may use (the attacker picks one).
    pub characteristics: Vec<Characteristic>,
    pub category: WeaponCategory,
    /// Hand slots needed to wield it.
    pub hands: u8,
    /// Shared with every attack made with it (read-only; the JSON is the outcomes).
    pub tiers: std::sync::Arc<TierOutcomes>,
    /// Extra reach when attacking or countering with it, in squares.
    #[serde(default)]
    pub reach_bonus: u8,
    /// Range in squares (ranged and thrown weapons).
    #[serde(default)]
    pub range: Option<u8>,
    /// Can be thrown (melee or ranged attack, chosen before the test).
    #[serde(default)]
    pub thrown: bool,
    /// Item id of the ammunition it uses up.
    #[serde(default)]
    pub ammunition: Option<String>,
    /// Breaks after an attack with it.
    #[serde(default)]
    pub fragile: bool,
}

/// How long a spell lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpellDuration {
    Instant,
    DungeonTurn,
    UsageDice,
}

/// Casting time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastingTime {
    Action,
    Maneuver,
    Reaction,
    OutOfCombat,
}

/// A spellbook's spell (CR-EXT-07).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellbookCard {
    pub spell: String,
    /// 0…5 (CR-SPELL-02).
    pub rank: crate::spells::Rank,
    pub discipline: Discipline,
    pub casting_time: CastingTime,
    /// The target line, e.g. `"1 creature"`, `"All enemies"`, `"2 targets"` (CR-SPELL-05).
    #[serde(default)]
    pub target: Option<CardTarget>,
    /// The range, e.g. `"6 squares"`, `"touch"`, `"self"` (CR-SPELL-06).
    #[serde(default)]
    pub range: Option<CardRange>,
    /// The area, e.g. `"Aura 2"`, `"Cube 3"`, `"Line 6 × 1"` (CR-SPELL-08).
    #[serde(default)]
    pub area: Option<CardArea>,
    pub duration: SpellDuration,
    /// Dice of the spell's own duration pool (with `duration: usage_dice`, CR-ERR-18).
    #[serde(default)]
    pub duration_usage_dice: Option<NonZeroU8>,
    /// `Some` when the spell is an attack.
    #[serde(default)]
    pub attack: Option<AttackRange>,
    pub tiers: TierOutcomes,
}

/// A spellbook card's target line as written, read once at pack load (CR-SPELL-05).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CardTarget {
    pub text: String,
    pub line: crate::spells::TargetLine,
}

/// A spellbook card's range as written, read once at pack load (CR-SPELL-06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CardRange {
    pub text: String,
    /// Squares from the caster.
    pub squares: u32,
}

/// A spellbook card's area as written, read once at pack load (CR-SPELL-08).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CardArea {
    pub text: String,
    pub area: crate::spells::Area,
}

macro_rules! card_text {
    ($ty:ident, $field:ident, $parse:ident) => {
        impl TryFrom<String> for $ty {
            type Error = String;
            fn try_from(text: String) -> Result<Self, String> {
                let $field = spell_text::$parse(&text)?;
                Ok($ty { text, $field })
            }
        }
        impl From<$ty> for String {
            fn from(c: $ty) -> String {
                c.text
            }
        }
    };
}
card_text!(CardTarget, line, target);
card_text!(CardRange, squares, range);
card_text!(CardArea, area, area);

/// Readers of a spellbook card's target, range and area strings. Letters are case-insensitive;
/// English and Russian words are accepted. The grammar:
///
/// ```text
/// target = [ count ] kind ;          (no count: 1)
/// count  = number | "one" … "five" | "один" … "пять" | "all" | "все" ;
/// kind   = "creature or object" | "target" | "creature" | "object" | "ally" | "enemy"
///        | "summoned"   (singular or plural; "существо или предмет", "цель", "существо",
///                        "предмет", "союзник", "враг", "призванное" and their forms) ;
/// range  = number [ "square" | "squares" | "sq" | "клетка" | "клетки" | "клеток" | "кл" ]
///        | "touch" | "касание" (1 square) | "self" | "себя" (0 squares) ;
/// area   = ( "aura" | "аура" ) number | ( "cube" | "куб" ) number
///        | ( "line" | "линия" ) number ( "×" | "x" | "х" | "*" ) number ;
/// ```
pub mod spell_text {
    use winnow::ascii::{digit1, multispace0, multispace1};
    use winnow::combinator::{alt, eof, opt, preceded, separated, terminated};
    use winnow::prelude::*;
    use winnow::token::{one_of, take_while};

    use crate::spells::{Area, TargetCount, TargetKind, TargetLine};

    type In<'a> = &'a str;

    fn word<'a>(i: &mut In<'a>) -> ModalResult<&'a str> {
        take_while(1.., |c: char| c.is_alphabetic()).parse_next(i)
    }

    fn number(i: &mut In<'_>) -> ModalResult<u32> {
        digit1.try_map(str::parse::<u32>).parse_next(i)
    }

    fn count(i: &mut In<'_>) -> ModalResult<TargetCount> {
        alt((
            number.map(|n| TargetCount::Number(u8::try_from(n).unwrap_or(u8::MAX))),
            word.verify_map(|w| {
                Some(match w {
                    "all" | "все" | "всех" => TargetCount::All,
                    "one" | "один" | "одно" | "одна" | "одного" => {
                        TargetCount::Number(1)
                    }
                    "two" | "два" | "две" | "двух" => TargetCount::Number(2),
                    "three" | "три" | "трёх" | "трех" => TargetCount::Number(3),
                    "four" | "четыре" => TargetCount::Number(4),
                    "five" | "пять" => TargetCount::Number(5),
                    _ => return None,
                })
            }),
        ))
        .parse_next(i)
    }

    fn kind_of(words: &[&str]) -> Option<TargetKind> {
        Some(match words.join(" ").as_str() {
            "creature or object"
            | "creatures or objects"
            | "creature or objects"
            | "target"
            | "targets"
            | "цель"
            | "цели"
            | "целей"
            | "существо или предмет"
            | "существа или предметы"
            | "существ или предметов" => TargetKind::Target,
            "creature" | "creatures" | "существо" | "существа" | "существ" => {
                TargetKind::Creature
            }
            "object" | "objects" | "предмет" | "предмета" | "предметы" | "предметов" => {
                TargetKind::Object
            }
            "ally" | "allies" | "союзник" | "союзника" | "союзники" | "союзников" => {
                TargetKind::Allies
            }
            "enemy" | "enemies" | "враг" | "врага" | "враги" | "врагов" => {
                TargetKind::Enemy
            }
            "summoned"
            | "summoned creature"
            | "summoned object"
            | "призванное"
            | "призванный"
            | "призванная"
            | "призванные" => TargetKind::Summoned,
            _ => return None,
        })
    }

    fn lower(s: &str) -> String {
        s.trim().trim_end_matches('.').trim().to_lowercase()
    }

    /// Reads a target line (CR-SPELL-05).
    pub fn target(s: &str) -> Result<TargetLine, String> {
        let text = lower(s);
        let bad = || {
            format!(
                "CR-SPELL-05: cannot read the target line {s:?}: write an optional count (a \
                 number or \"All\") and a kind (creature, object, creature or object / target, \
                 ally, enemy, summoned), e.g. \"1 creature\" or \"All enemies\""
            )
        };
        let (count, words): (Option<TargetCount>, Vec<&str>) = (
            opt(terminated(count, multispace1)),
            terminated(separated(1.., word, multispace1), eof),
        )
            .parse(text.as_str())
            .map_err(|_| bad())?;
        let kind = kind_of(&words).ok_or_else(bad)?;
        let count = count.unwrap_or(TargetCount::Number(1));
        if count == TargetCount::Number(0) || count == TargetCount::Number(u8::MAX) {
            return Err(format!(
                "CR-SPELL-05: the target line {s:?} needs a count of 1…254 targets"
            ));
        }
        Ok(TargetLine { count, kind })
    }

    /// Reads a range in squares (CR-SPELL-06).
    pub fn range(s: &str) -> Result<u32, String> {
        let text = lower(s);
        let unit = word.verify(|w: &str| {
            matches!(
                w,
                "square" | "squares" | "sq" | "клетка" | "клетки" | "клеток" | "кл"
            )
        });
        alt((
            terminated(number, opt(preceded(multispace0, unit))),
            word.verify_map(|w| match w {
                "touch" | "касание" => Some(1),
                "self" | "себя" => Some(0),
                _ => None,
            }),
        ))
        .parse(text.trim_end_matches('.'))
        .map_err(|_| {
            format!(
                "CR-SPELL-06: cannot read the range {s:?}: write a number of squares (\"6 \
                 squares\"), \"touch\" or \"self\""
            )
        })
    }

    /// Reads an area (CR-SPELL-08).
    pub fn area(s: &str) -> Result<Area, String> {
        let text = lower(s);
        let bad = || {
            format!(
                "CR-SPELL-08: cannot read the area {s:?}: write \"Aura X\", \"Cube X\" or \"Line \
                 A × B\" with sizes 1…255 squares"
            )
        };
        let (shape, first, second): (&str, u32, Option<u32>) = (
            word,
            preceded(multispace0, number),
            opt(preceded(
                (multispace0, one_of(['x', '×', 'х', '*']), multispace0),
                number,
            )),
        )
            .parse(text.as_str())
            .map_err(|_| bad())?;
        let size = |n: u32| u8::try_from(n).ok().filter(|n| *n > 0).ok_or_else(bad);
        match (shape, second) {
            ("aura" | "аура", None) => Ok(Area::Aura(size(first)?)),
            ("cube" | "куб", None) => Ok(Area::Cube(size(first)?)),
            ("line" | "линия", Some(w)) => Ok(Area::Line {
                length: size(first)?,
                width: size(w)?,
            }),
            _ => Err(bad()),
        }
    }
}

/// A magic-item slot name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MagicSlotCard {
    Head,
    Neck,
    Waist,
    Arms,
    Finger,
    Feet,
}

impl From<MagicSlotCard> for MagicSlot {
    fn from(m: MagicSlotCard) -> MagicSlot {
        match m {
            MagicSlotCard::Head => MagicSlot::Head,
            MagicSlotCard::Neck => MagicSlot::Neck,
            MagicSlotCard::Waist => MagicSlot::Waist,
            MagicSlotCard::Arms => MagicSlot::Arms,
            MagicSlotCard::Finger => MagicSlot::Finger,
            MagicSlotCard::Feet => MagicSlot::Feet,
        }
    }
}

/// An item card (CR-EXT-06/08).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemCard {
    pub id: String,
    pub name: String,
    /// Values are examples written for this project.
    #[serde(default)]
    pub sample: bool,
    #[serde(default)]
    pub description: Option<String>,
    pub slots: NonZeroU16,
    #[serde(default)]
    pub stack: Option<StackCard>,
    #[serde(default)]
    pub magic: bool,
    /// The magic-item slot it occupies.
    #[serde(default)]
    pub magic_slot: Option<MagicSlotCard>,
    /// It works only while worn in that slot (CR-INV-06).
    #[serde(default)]
    pub requires_magic_slot: bool,
    #[serde(default)]
    pub usage_dice: Option<UsageCard>,
    #[serde(default)]
    pub light: Option<LightCard>,
    #[serde(default)]
    pub armor: Option<ArmorCard>,
    #[serde(default)]
    pub weapon: Option<WeaponCard>,
    #[serde(default)]
    pub spellbook: Option<SpellbookCard>,
    /// Free-text price.
    #[serde(default)]
    pub price: Option<String>,
    /// Eating it counts as a ration (CR-HAZ-03).
    #[serde(default)]
    pub ration: bool,
    /// Slot kinds besides the hands from which the item works (`"belt"`, `"backpack"`): an
    /// exception to "only items in hand are equipped" (CR-INV-10, CR-CORE-03).
    #[serde(default)]
    pub works_from: Vec<crate::inventory::SlotKind>,
    /// Exceptions to general rules the item gives whoever has it in use — in hand (or a slot
    /// of `works_from`), worn as armor, or worn in its magic-item slot (CR-CORE-03).
    #[serde(default)]
    pub grants: Vec<RuleOverride>,
}

/// Light written "X/Y".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct LightCard(pub LightOutput);

impl TryFrom<String> for LightCard {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        LightOutput::parse(&s)
            .map(LightCard)
            .map_err(|e| e.to_string())
    }
}

impl From<LightCard> for String {
    fn from(l: LightCard) -> String {
        l.0.to_string()
    }
}

impl ItemCard {
    /// A weapon wielded in one hand and not magical (CR-BL-53, CR-EXT-15).
    pub fn is_mundane_one_handed_weapon(&self) -> bool {
        !self.magic && self.weapon.as_ref().is_some_and(|w| w.hands == 1)
    }

    /// A carried instance of this card.
    pub fn to_carried(&self, id: ItemId) -> CarriedItem {
        let mut item = CarriedItem::new(id, self.name.clone(), self.slots.get());
        item.card = Some(self.id.clone());
        if let Some(s) = &self.stack {
            item = item.stackable(s.kind.clone(), s.limit.get());
        }
        if let Some(a) = self.armor {
            item = item.with_armor(
                match a.kind {
                    ArmorKindCard::Armor => ArmorKind::Armor,
                    ArmorKindCard::Shield => ArmorKind::Shield,
                },
                a.defense.get(),
            );
        }
        if self.magic {
            item = item.magical(self.magic_slot.map(MagicSlot::from));
        }
        item.usage = self.usage().and_then(Result::ok);
        item.light = self.light.map(|l| l.0);
        item.works_from = self.works_from.clone();
        item.grants = self.grants.clone();
        item
    }

    /// The usage dice of a new instance.
    pub fn usage(&self) -> Option<Result<ItemUsage, UsageError>> {
        self.usage_dice.as_ref().map(|u| {
            ItemUsage::new(
                self.name.clone(),
                UsageLine {
                    dice: u.dice.get(),
                    keywords: u.keywords.clone(),
                    refuel_with: u.refuel_with.clone(),
                },
            )
            .map(|usage| {
                if self.light.is_some() {
                    usage.as_light_source()
                } else {
                    usage
                }
            })
        })
    }
}

/// Characteristics on a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacteristicsCard {
    pub agility: i8,
    pub mind: i8,
    pub strength: i8,
}

/// A creature's attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureAttack {
    pub name: String,
    pub attack: AttackRange,
    pub characteristic: Characteristic,
    /// Shared with every attack made with it (read-only; the JSON is the outcomes).
    pub tiers: std::sync::Arc<TierOutcomes>,
    #[serde(default)]
    pub reach: Option<u8>,
    #[serde(default)]
    pub range: Option<u8>,
}

/// A creature card: monster, NPC, hireling, animal or pregenerated crow (CR-EXT-05/13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureCard {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub sample: bool,
    #[serde(default)]
    pub description: Option<String>,
    pub kind: CreatureKindCard,
    pub size: Size,
    #[serde(default)]
    pub magic: bool,
    pub characteristics: CharacteristicsCard,
    pub stamina: NonZeroU16,
    /// Natural Armor Defense, if any.
    #[serde(default)]
    pub armor_defense: Option<NonZeroU16>,
    pub speed: Speeds,
    /// Backpack slots for a creature that takes wounds (default 10 for crows and hirelings;
    /// required for animals, CR-ERR-10).
    #[serde(default)]
    pub backpack_slots: Option<u8>,
    /// Hand slots (0–2) of a monster, NPC or animal that carries like a person (a hostile
    /// human): default none; crows and hirelings always have a crow's 2 (CR-INV-01).
    #[serde(default)]
    pub hand_slots: Option<u8>,
    /// Belt slots (0–4), likewise: default none; crows and hirelings have 4.
    #[serde(default)]
    pub belt_slots: Option<u8>,
    /// Overrides the kind's rule at 0 Stamina (CR-ERR-10).
    #[serde(default)]
    pub death_rule: Option<DeathRuleCard>,
    /// Sees without light (the same as the `sees_in_darkness` exception).
    #[serde(default)]
    pub sees_in_darkness: bool,
    #[serde(default)]
    pub attacks: Vec<CreatureAttack>,
    /// Exceptions to general rules this creature carries (CR-CORE-03), e.g.
    /// `[{"rule": "immune_to_condition", "condition": "grabbed"}]`.
    #[serde(default)]
    pub overrides: Vec<RuleOverride>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CreatureKindCard {
    Crow,
    Hireling,
    Animal,
    Monster,
    Npc,
}

impl From<CreatureKindCard> for CreatureKind {
    fn from(k: CreatureKindCard) -> CreatureKind {
        match k {
            CreatureKindCard::Crow => CreatureKind::Crow,
            CreatureKindCard::Hireling => CreatureKind::Hireling,
            CreatureKindCard::Animal => CreatureKind::Animal,
            CreatureKindCard::Monster => CreatureKind::Monster,
            CreatureKindCard::Npc => CreatureKind::Npc,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathRuleCard {
    TakesWounds,
    DiesAtZeroStamina,
}

impl CreatureCard {
    /// A creature from this card (validated cards only give valid creatures).
    pub fn to_creature(&self) -> Result<Creature, crate::creature::CreatureError> {
        let c = &self.characteristics;
        let characteristics = Characteristics::new(c.agility, c.mind, c.strength)?;
        let kind = CreatureKind::from(self.kind);
        let backpack = self.backpack_slots.unwrap_or(match kind {
            CreatureKind::Crow | CreatureKind::Hireling => 10,
            _ => 0,
        });
        let layout = match kind {
            CreatureKind::Crow | CreatureKind::Hireling => InventoryLayout {
                backpack,
                ..InventoryLayout::CROW
            },
            _ => InventoryLayout {
                hands: self.hand_slots.unwrap_or(0),
                belt: self.belt_slots.unwrap_or(0),
                backpack,
            },
        };
        let mut creature = Creature::new(
            self.name.clone(),
            kind,
            characteristics,
            self.stamina.get(),
            self.speed,
            self.size,
            layout,
        );
        if self.magic {
            creature.magic = Magic::Magic;
        }
        creature.natural_armor = self.armor_defense.map(|ad| crate::inventory::ArmorDefense {
            kind: ArmorKind::Armor,
            max: ad.get(),
            current: ad.get(),
        });
        creature.overrides = self.overrides.clone();
        if self.sees_in_darkness && !creature.overrides.contains(&RuleOverride::SeesInDarkness) {
            creature.overrides.push(RuleOverride::SeesInDarkness);
        }
        creature.death_rule_override = self.death_rule.map(|d| match d {
            DeathRuleCard::TakesWounds => DeathRule::TakesWounds,
            DeathRuleCard::DiesAtZeroStamina => DeathRule::DiesAtZeroStamina,
        });
        Ok(creature)
    }
}

/// A roll table (encounters, finds…; CR-EXT-02/03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollTable {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub sample: bool,
    /// "1d6", "1d10", "2d6", "d100"…
    pub die: String,
    pub rows: Vec<TableRow>,
}

/// One row: the results it covers (`"3"` or `"3-4"`) and what happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRow {
    pub roll: String,
    pub result: String,
}

/// The lowest and highest result of a table die.
pub fn die_range(die: &str) -> Result<(u32, u32), String> {
    let d = die.trim();
    if d == "d100" || d == "1d100" {
        return Ok((1, 100));
    }
    let (n, x) = d
        .split_once('d')
        .ok_or_else(|| format!("CR-DICE-01: cannot read die {die:?}"))?;
    let n: u32 = if n.is_empty() {
        1
    } else {
        n.parse()
            .map_err(|_| format!("CR-DICE-01: cannot read die {die:?}"))?
    };
    let x: u32 = x
        .parse()
        .map_err(|_| format!("CR-DICE-01: cannot read die {die:?}"))?;
    if n == 0 || n > 10 || !matches!(x, 6 | 10) {
        return Err(format!(
            "CR-DICE-01: tables use 1-10 d6 or d10 (or d100), got {die:?}"
        ));
    }
    Ok((n, n * x))
}

fn row_range(roll: &str) -> Result<(u32, u32), String> {
    let r = roll.trim();
    let parse = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("cannot read roll {roll:?} (\"3\" or \"3-4\")"))
    };
    let (a, b) = match r.split_once(['-', '–']) {
        Some((a, b)) => (parse(a)?, parse(b)?),
        None => {
            let v = parse(r)?;
            (v, v)
        }
    };
    if a > b {
        return Err(format!("roll {roll:?} runs backwards"));
    }
    Ok((a, b))
}

impl RollTable {
    /// The dice expression to roll (`"d6"` reads as `"1d6"`).
    pub fn dice(&self) -> String {
        if self.die.starts_with('d') {
            format!("1{}", self.die)
        } else {
            self.die.clone()
        }
    }

    /// The row for a result.
    pub fn lookup(&self, result: u32) -> Option<&TableRow> {
        self.rows
            .iter()
            .find(|r| row_range(&r.roll).is_ok_and(|(a, b)| (a..=b).contains(&result)))
    }
}

// ---------------------------------------------------------------------------------------------
// Loading and validation
// ---------------------------------------------------------------------------------------------

/// A field path segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

fn path_string(path: &[Seg]) -> String {
    let mut s = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// Finds where `path` is in a valid JSON text: the line and column (1-based) of the key of the
/// last field, or of the array element. Falls back to the closest ancestor found.
pub fn locate(text: &str, path: &[Seg]) -> (usize, usize) {
    let mut sc = Scanner {
        b: text.as_bytes(),
        i: 0,
    };
    let mut best = (1, 1);
    sc.ws();
    sc.find(path, &mut best);
    best
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn pos(&self) -> (usize, usize) {
        let upto = &self.b[..self.i.min(self.b.len())];
        let line = upto.iter().filter(|c| **c == b'\n').count() + 1;
        let line_start = upto.iter().rposition(|c| *c == b'\n').map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&upto[line_start..]).chars().count() + 1;
        (line, column)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.i += 1;
        }
    }

    fn string(&mut self) -> String {
        // At the opening quote.
        self.i += 1;
        let start = self.i;
        while let Some(c) = self.peek() {
            match c {
                b'\\' => self.i += 2,
                b'"' => break,
                _ => self.i += 1,
            }
        }
        let raw = String::from_utf8_lossy(&self.b[start..self.i.min(self.b.len())]).into_owned();
        self.i += 1;
        serde_json::from_str::<String>(&format!("\"{raw}\"")).unwrap_or(raw)
    }

    fn skip(&mut self) {
        self.ws();
        match self.peek() {
            Some(b'"') => {
                self.string();
            }
            Some(b'{') | Some(b'[') => {
                let mut depth = 0usize;
                while let Some(c) = self.peek() {
                    match c {
                        b'"' => {
                            self.string();
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.i += 1;
                                return;
                            }
                        }
                        _ => {}
                    }
                    self.i += 1;
                }
            }
            _ => {
                while let Some(c) = self.peek() {
                    if matches!(c, b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t') {
                        break;
                    }
                    self.i += 1;
                }
            }
        }
    }

    /// At the start of a value: descends along `path`, updating `best`.
    fn find(&mut self, path: &[Seg], best: &mut (usize, usize)) {
        let Some(first) = path.first() else {
            return;
        };
        self.ws();
        match (self.peek(), first) {
            (Some(b'{'), Seg::Key(want)) => {
                self.i += 1;
                loop {
                    self.ws();
                    match self.peek() {
                        Some(b'"') => {}
                        _ => return,
                    }
                    let at = self.pos();
                    let key = self.string();
                    self.ws();
                    self.i += 1; // ':'
                    if &key == want {
                        *best = at;
                        self.ws();
                        self.find(&path[1..], best);
                        return;
                    }
                    self.skip();
                    self.ws();
                    if self.peek() == Some(b',') {
                        self.i += 1;
                    } else {
                        return;
                    }
                }
            }
            (Some(b'['), Seg::Index(want)) => {
                self.i += 1;
                let mut n = 0;
                loop {
                    self.ws();
                    if self.peek() == Some(b']') || self.peek().is_none() {
                        return;
                    }
                    if n == *want {
                        *best = self.pos();
                        self.find(&path[1..], best);
                        return;
                    }
                    self.skip();
                    self.ws();
                    if self.peek() == Some(b',') {
                        self.i += 1;
                        n += 1;
                    } else {
                        return;
                    }
                }
            }
            _ => {}
        }
    }
}

fn segs_of(path: &serde_path_to_error::Path) -> Vec<Seg> {
    use serde_path_to_error::Segment;
    path.iter()
        .filter_map(|s| match s {
            Segment::Seq { index } => Some(Seg::Index(*index)),
            Segment::Map { key } | Segment::Enum { variant: key } => Some(Seg::Key(key.clone())),
            Segment::Unknown => None,
        })
        .collect()
}

/// Parses and validates one pack file (its own cross-references only; use
/// [`ContentLibrary::load`] for several files).
pub fn parse_pack(file: &str, text: &str) -> Result<PackFile, ContentErrors> {
    let mut de = serde_json::Deserializer::from_str(text);
    let pack: PackFile = match serde_path_to_error::deserialize(&mut de) {
        Ok(p) => p,
        Err(e) => {
            let field = path_string(&segs_of(e.path()));
            let inner = e.inner();
            let (line, column) = if inner.line() > 0 {
                (inner.line(), inner.column())
            } else {
                locate(text, &segs_of(e.path()))
            };
            return Err(ContentErrors(vec![ContentIssue {
                file: file.to_string(),
                line,
                column,
                field: if field == "." { String::new() } else { field },
                message: inner.to_string(),
            }]));
        }
    };
    if let Err(e) = de.end() {
        return Err(ContentErrors(vec![ContentIssue {
            file: file.to_string(),
            line: e.line(),
            column: e.column(),
            field: String::new(),
            message: e.to_string(),
        }]));
    }
    let mut issues = Vec::new();
    validate_file(&pack, &mut |path: Vec<Seg>, message: String| {
        let (line, column) = locate(text, &path);
        issues.push(ContentIssue {
            file: file.to_string(),
            line,
            column,
            field: path_string(&path),
            message,
        });
    });
    if issues.is_empty() {
        Ok(pack)
    } else {
        Err(ContentErrors(issues))
    }
}

fn k(s: &str) -> Seg {
    Seg::Key(s.to_string())
}

fn validate_file(pack: &PackFile, report: &mut dyn FnMut(Vec<Seg>, String)) {
    if pack.format != FORMAT {
        report(vec![k("format")], format!("must be {FORMAT:?}"));
    }
    if pack.version != VERSION {
        report(
            vec![k("version")],
            format!("only version {VERSION} is supported"),
        );
    }
    check_ids(pack.items.iter().map(|i| i.id.as_str()), "items", report);
    check_ids(
        pack.creatures.iter().map(|c| c.id.as_str()),
        "creatures",
        report,
    );
    check_ids(pack.tables.iter().map(|t| t.id.as_str()), "tables", report);
    for (i, item) in pack.items.iter().enumerate() {
        validate_item(item, i, report);
    }
    for (i, c) in pack.creatures.iter().enumerate() {
        validate_creature(c, i, report);
    }
    for (i, t) in pack.tables.iter().enumerate() {
        validate_table(t, i, report);
    }
}

fn check_ids<'a>(
    ids: impl Iterator<Item = &'a str>,
    list: &str,
    report: &mut dyn FnMut(Vec<Seg>, String),
) {
    let mut seen = BTreeSet::new();
    for (i, id) in ids.enumerate() {
        let path = vec![k(list), Seg::Index(i), k("id")];
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        {
            report(
                path.clone(),
                format!("id {id:?}: use lower-case letters, digits, '-' and '_'"),
            );
        }
        if !seen.insert(id.to_string()) {
            report(path, format!("duplicate id {id:?} in {list}"));
        }
    }
}

fn validate_item(item: &ItemCard, i: usize, report: &mut dyn FnMut(Vec<Seg>, String)) {
    let at = |rest: &[&str]| {
        let mut p = vec![k("items"), Seg::Index(i)];
        p.extend(rest.iter().map(|s| k(s)));
        p
    };
    if item.stack.is_some() && item.slots.get() != 1 {
        report(at(&["stack"]), "CR-INV-04: only 1-slot items stack".into());
    }
    if item.magic_slot.is_some() && !item.magic {
        report(
            at(&["magic_slot"]),
            "CR-INV-06: only magic items take a magic-item slot".into(),
        );
    }
    if item.requires_magic_slot && item.magic_slot.is_none() {
        report(
            at(&["requires_magic_slot"]),
            "CR-INV-06: name the magic_slot it must occupy".into(),
        );
    }
    if item.works_from.contains(&crate::inventory::SlotKind::Hand) {
        report(
            at(&["works_from"]),
            "CR-INV-10: every item works from the hands; list only other slot kinds".into(),
        );
    }
    check_overrides(&item.grants, &at(&["grants"]), report);
    if let Some(u) = &item.usage_dice {
        let has_refuel = u.keywords.contains(&UsageKeyword::Refuel);
        if has_refuel && u.refuel_with.as_deref().is_none_or(str::is_empty) {
            report(
                at(&["usage_dice", "refuel_with"]),
                "CR-UD-05: the refuel keyword names the item used to refuel".into(),
            );
        }
        if !has_refuel && u.refuel_with.is_some() {
            report(
                at(&["usage_dice", "refuel_with"]),
                "CR-UD-05: refuel_with needs the refuel keyword".into(),
            );
        }
        if u.keywords.is_empty() {
            report(
                at(&["usage_dice", "keywords"]),
                "CR-UD-05: a usage-dice line has at least one keyword".into(),
            );
        }
        let mut seen = BTreeSet::new();
        if u.keywords.iter().any(|kw| !seen.insert(*kw)) {
            report(
                at(&["usage_dice", "keywords"]),
                "CR-UD-05: a keyword appears twice".into(),
            );
        }
    }
    if let Some(w) = &item.weapon {
        if w.hands == 0 || w.hands > 2 {
            report(
                at(&["weapon", "hands"]),
                "CR-INV-10: a weapon is wielded in 1 or 2 hand slots".into(),
            );
        } else if u16::from(w.hands) < item.slots.get() {
            report(
                at(&["weapon", "hands"]),
                format!(
                    "CR-INV-10: a {}-slot item needs {} hand slots",
                    item.slots, item.slots
                ),
            );
        }
        if w.characteristics.is_empty() {
            report(
                at(&["weapon", "characteristics"]),
                "CR-SPEC-02: name the characteristic(s) of the attack test".into(),
            );
        }
        if w.attack == AttackRange::Ranged && w.range.is_none() {
            report(
                at(&["weapon", "range"]),
                "CR-ATK-07: a ranged weapon has a range".into(),
            );
        }
        if w.thrown && w.range.is_none() {
            report(
                at(&["weapon", "range"]),
                "CR-ATK-07: a thrown weapon has a range".into(),
            );
        }
        if w.attack == AttackRange::Melee && w.range.is_some() && !w.thrown {
            report(
                at(&["weapon", "range"]),
                "CR-ERR-50: a melee weapon has a range only if thrown".into(),
            );
        }
    }
    if let Some(s) = &item.spellbook {
        match (s.duration, s.duration_usage_dice) {
            (SpellDuration::UsageDice, None) => report(
                at(&["spellbook", "duration_usage_dice"]),
                "CR-ERR-18: a usage-dice duration needs its number of dice".into(),
            ),
            (SpellDuration::Instant | SpellDuration::DungeonTurn, Some(_)) => report(
                at(&["spellbook", "duration_usage_dice"]),
                "CR-ERR-18: only a usage_dice duration has duration dice".into(),
            ),
            _ => {}
        }
        if item.weapon.is_some() {
            report(
                at(&["spellbook"]),
                "a card is a weapon or a spellbook, not both".into(),
            );
        }
    }
}

/// Checks a list of exceptions (CR-CORE-03): no duplicates, no contradictions.
fn check_overrides(list: &[RuleOverride], path: &[Seg], report: &mut dyn FnMut(Vec<Seg>, String)) {
    let mut seen = BTreeSet::new();
    for (n, o) in list.iter().enumerate() {
        let mut p = path.to_vec();
        p.push(Seg::Index(n));
        if !seen.insert(o) {
            report(
                p.clone(),
                "CR-CORE-03: this exception is listed twice".into(),
            );
        }
        if matches!(o, RuleOverride::HoldsBreath { .. }) && list.contains(&RuleOverride::NeedsNoAir)
        {
            report(
                p,
                "CR-CORE-03: holds_breath contradicts needs_no_air on the same card".into(),
            );
        }
    }
    let breaths = list
        .iter()
        .filter(|o| matches!(o, RuleOverride::HoldsBreath { .. }))
        .count();
    if breaths > 1 {
        report(
            path.to_vec(),
            "CR-CORE-03: one holds_breath exception per card".into(),
        );
    }
}

fn validate_creature(c: &CreatureCard, i: usize, report: &mut dyn FnMut(Vec<Seg>, String)) {
    let at = |rest: &[&str]| {
        let mut p = vec![k("creatures"), Seg::Index(i)];
        p.extend(rest.iter().map(|s| k(s)));
        p
    };
    check_overrides(&c.overrides, &at(&["overrides"]), report);
    let (lo, hi) = if c.kind == CreatureKindCard::Crow {
        (
            crate::creature::CHARACTERISTIC_MIN,
            crate::creature::MUNDANE_MAX,
        )
    } else {
        (
            crate::creature::CHARACTERISTIC_MIN,
            crate::creature::CHARACTERISTIC_MAX,
        )
    };
    for (name, v) in [
        ("agility", c.characteristics.agility),
        ("mind", c.characteristics.mind),
        ("strength", c.characteristics.strength),
    ] {
        if !(lo..=hi).contains(&v) {
            let rule = if c.kind == CreatureKindCard::Crow && (-5..=5).contains(&v) {
                "CR-CORE-09: a crow stays at 4 or below without magic"
            } else {
                "CR-CORE-08: characteristics are -5..5"
            };
            report(at(&["characteristics", name]), format!("{rule} (got {v})"));
        }
    }
    let takes_wounds = match c.death_rule {
        Some(DeathRuleCard::TakesWounds) => true,
        Some(DeathRuleCard::DiesAtZeroStamina) => false,
        None => CreatureKind::from(c.kind).default_death_rule() == DeathRule::TakesWounds,
    };
    match c.backpack_slots {
        Some(n) if n > 10 => report(
            at(&["backpack_slots"]),
            "CR-INV-01: backpack slots are numbered 1 to 10".into(),
        ),
        Some(0) if takes_wounds => report(
            at(&["backpack_slots"]),
            "CR-ERR-10: a creature that takes wounds needs backpack slots".into(),
        ),
        None if takes_wounds && c.kind == CreatureKindCard::Animal => report(
            at(&["backpack_slots"]),
            "CR-ERR-10: an animal that takes wounds needs its backpack-slot count".into(),
        ),
        _ => {}
    }
    let person = matches!(c.kind, CreatureKindCard::Crow | CreatureKindCard::Hireling);
    for (field, value, max) in [
        ("hand_slots", c.hand_slots, InventoryLayout::CROW.hands),
        ("belt_slots", c.belt_slots, InventoryLayout::CROW.belt),
    ] {
        match value {
            Some(n) if n > max => report(
                at(&[field]),
                format!("CR-INV-01: at most {max}, as a crow has (got {n})"),
            ),
            Some(n) if person && n != max => report(
                at(&[field]),
                format!("CR-INV-01: crows and hirelings always have {max}"),
            ),
            _ => {}
        }
    }
    if c.speed.climb_upside_down && c.speed.climb.is_none() {
        report(
            at(&["speed", "climb_upside_down"]),
            "\"(U)\" needs a climb speed".into(),
        );
    }
    for (j, a) in c.attacks.iter().enumerate() {
        if a.attack == AttackRange::Ranged && a.range.is_none() {
            let mut p = at(&["attacks"]);
            p.push(Seg::Index(j));
            p.push(k("range"));
            report(p, "CR-ATK-07: a ranged attack has a range".into());
        }
    }
}

fn validate_table(t: &RollTable, i: usize, report: &mut dyn FnMut(Vec<Seg>, String)) {
    let at = |rest: Vec<Seg>| {
        let mut p = vec![k("tables"), Seg::Index(i)];
        p.extend(rest);
        p
    };
    let (lo, hi) = match die_range(&t.die) {
        Ok(r) => r,
        Err(e) => {
            report(at(vec![k("die")]), e);
            return;
        }
    };
    let mut covered: BTreeMap<u32, usize> = BTreeMap::new();
    for (j, row) in t.rows.iter().enumerate() {
        let p = at(vec![k("rows"), Seg::Index(j), k("roll")]);
        match row_range(&row.roll) {
            Err(e) => report(p, e),
            Ok((a, b)) => {
                if a < lo || b > hi {
                    report(p.clone(), format!("outside {}..{} of {}", lo, hi, t.die));
                }
                for v in a.max(lo)..=b.min(hi) {
                    if let Some(prev) = covered.insert(v, j) {
                        report(p.clone(), format!("result {v} is also in row {prev}"));
                        break;
                    }
                }
            }
        }
    }
    let missing: Vec<u32> = (lo..=hi).filter(|v| !covered.contains_key(v)).collect();
    if !missing.is_empty() {
        report(
            at(vec![k("rows")]),
            format!("results {missing:?} of {} have no row", t.die),
        );
    }
}

/// Several pack files loaded together, with references checked across them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContentLibrary {
    pub items: BTreeMap<String, ItemCard>,
    pub creatures: BTreeMap<String, CreatureCard>,
    pub tables: BTreeMap<String, RollTable>,
    pub packs: Vec<PackInfo>,
}

impl ContentLibrary {
    /// Loads `(file name, text)` pairs; every problem in every file is reported.
    pub fn load(files: &[(&str, &str)]) -> Result<Self, ContentErrors> {
        let mut issues = Vec::new();
        let mut lib = ContentLibrary::default();
        let mut parsed = Vec::new();
        for (name, text) in files {
            match parse_pack(name, text) {
                Ok(p) => parsed.push((*name, *text, p)),
                Err(ContentErrors(mut e)) => issues.append(&mut e),
            }
        }
        for (name, text, pack) in &parsed {
            let mut dup = |list: &str, i: usize, id: &str| {
                let path = vec![k(list), Seg::Index(i), k("id")];
                let (line, column) = locate(text, &path);
                issues.push(ContentIssue {
                    file: name.to_string(),
                    line,
                    column,
                    field: path_string(&path),
                    message: format!("id {id:?} is already defined in another file"),
                });
            };
            for (i, it) in pack.items.iter().enumerate() {
                if lib.items.insert(it.id.clone(), it.clone()).is_some() {
                    dup("items", i, &it.id);
                }
            }
            for (i, c) in pack.creatures.iter().enumerate() {
                if lib.creatures.insert(c.id.clone(), c.clone()).is_some() {
                    dup("creatures", i, &c.id);
                }
            }
            for (i, t) in pack.tables.iter().enumerate() {
                if lib.tables.insert(t.id.clone(), t.clone()).is_some() {
                    dup("tables", i, &t.id);
                }
            }
            lib.packs.push(pack.pack.clone());
        }
        for (name, text, pack) in &parsed {
            for (i, it) in pack.items.iter().enumerate() {
                let mut missing = |field: &[&str], id: &str, rule: &str| {
                    let mut path = vec![k("items"), Seg::Index(i)];
                    path.extend(field.iter().map(|s| k(s)));
                    let (line, column) = locate(text, &path);
                    issues.push(ContentIssue {
                        file: name.to_string(),
                        line,
                        column,
                        field: path_string(&path),
                        message: format!("{rule}: no item card with id {id:?}"),
                    });
                };
                if let Some(r) = it
                    .usage_dice
                    .as_ref()
                    .and_then(|u| u.refuel_with.as_deref())
                    && !lib.items.contains_key(r)
                {
                    missing(&["usage_dice", "refuel_with"], r, "CR-UD-05");
                }
                if let Some(a) = it.weapon.as_ref().and_then(|w| w.ammunition.as_deref())
                    && !lib.items.contains_key(a)
                {
                    missing(&["weapon", "ammunition"], a, "CR-ATK-09");
                }
            }
        }
        if issues.is_empty() {
            Ok(lib)
        } else {
            Err(ContentErrors(issues))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINI: &str = r#"{
  "format": "delve-crows-pack",
  "version": 1,
  "pack": { "id": "mini", "name": "Mini", "sample": true },
  "items": [
    { "id": "torch", "name": "Torch", "slots": 1, "light": "2/3",
      "usage_dice": { "dice": 3, "keywords": ["dungeon_turn", "useless"] } },
    { "id": "pole", "name": "Pole", "slots": 2 }
  ]
}"#;

    #[test]
    fn parses_a_small_pack() {
        let p = parse_pack("mini.json", MINI).expect("valid");
        assert_eq!(p.items.len(), 2);
        assert_eq!(
            p.items[0].light,
            Some(LightCard(LightOutput { bright: 2, dim: 3 }))
        );
        let torch = p.items[0].usage().expect("has dice").expect("valid");
        assert_eq!(torch.pool.max, 3);
        assert_eq!(p.items[1].to_carried(ItemId(4)).slots, 2);
    }

    #[test]
    fn errors_name_file_line_and_field() {
        let bad = MINI.replace("\"slots\": 2", "\"slots\": 0");
        let e = parse_pack("mini.json", &bad).expect_err("slots 0");
        assert_eq!(e.0.len(), 1);
        let issue = &e.0[0];
        assert_eq!(issue.file, "mini.json");
        assert_eq!(issue.field, "items[1].slots");
        assert_eq!(issue.line, 8);
        assert!(issue.to_string().starts_with("mini.json:8:"), "{issue}");

        let bad = MINI.replace("\"light\": \"2/3\"", "\"light\": \"2-3\"");
        let e = parse_pack("mini.json", &bad).expect_err("bad light");
        assert_eq!(e.0[0].field, "items[0].light");
        assert_eq!(e.0[0].line, 6);
        assert!(e.0[0].message.contains("CR-LIGHT-01"), "{}", e.0[0].message);

        let bad = MINI.replace("\"name\": \"Pole\"", "\"name\": \"Pole\", \"slotz\": 1");
        let e = parse_pack("mini.json", &bad).expect_err("unknown field");
        assert!(e.0[0].message.contains("slotz"));
        assert_eq!(e.0[0].line, 8);

        // A cross-field rule: a 2-slot item cannot stack.
        let bad = MINI.replace(
            "\"slots\": 2",
            "\"slots\": 2, \"stack\": { \"kind\": \"pole\", \"limit\": 2 }",
        );
        let e = parse_pack("mini.json", &bad).expect_err("stacked pole");
        assert_eq!(e.0[0].field, "items[1].stack");
        assert_eq!(e.0[0].line, 8);
        assert!(e.0[0].message.starts_with("CR-INV-04"));

        let e = parse_pack("mini.json", "{ \"format\": ").expect_err("syntax");
        assert_eq!(e.0[0].line, 1);
    }

    #[test]
    // Covers CR-ERR-08, CR-ERR-09.
    fn cr_err_08_cr_err_09_damage_notation() {
        let d = parse_damage("1d6 P dam").expect("valid");
        assert_eq!(d.dice, vec![(1, 6)]);
        assert!(d.piercing);
        let d = parse_damage("урон 2 + stat").expect("valid");
        assert_eq!((d.flat, d.attack_stat, d.piercing), (2, true, false));
        let d = parse_damage("dam 1d6+1+S").expect("valid");
        assert_eq!(
            (d.dice.clone(), d.flat, d.characteristics.clone()),
            (vec![(1, 6)], 1, vec![Characteristic::Strength])
        );
        assert_eq!(d.to_string(), "1d6 + 1 + S");
        assert!(parse_damage("1d8").is_err());
        assert!(parse_damage("").is_err());
        assert!(parse_damage("lots").is_err());
        assert_eq!(parse_damage("3 P").expect("valid").to_string(), "3 P");
    }

    #[test]
    fn tables_must_cover_their_die() {
        let t = |rows: &str| {
            format!(
                r#"{{"format":"delve-crows-pack","version":1,"pack":{{"id":"t","name":"T"}},
"tables":[{{"id":"x","name":"X","die":"1d6","rows":[{rows}]}}]}}"#
            )
        };
        let ok = t(
            r#"{"roll":"1-3","result":"a"},{"roll":"4","result":"b"},{"roll":"5-6","result":"c"}"#,
        );
        let p = parse_pack("t.json", &ok).expect("valid");
        assert_eq!(p.tables[0].lookup(4).map(|r| r.result.as_str()), Some("b"));
        assert_eq!(p.tables[0].lookup(6).map(|r| r.result.as_str()), Some("c"));
        let gap = t(r#"{"roll":"1-3","result":"a"},{"roll":"5-6","result":"c"}"#);
        let e = parse_pack("t.json", &gap).expect_err("gap");
        assert!(e.0[0].message.contains("[4]"), "{}", e.0[0].message);
        let overlap = t(r#"{"roll":"1-4","result":"a"},{"roll":"4-6","result":"c"}"#);
        let e = parse_pack("t.json", &overlap).expect_err("overlap");
        assert_eq!(e.0[0].field, "tables[0].rows[1].roll");
        assert_eq!(die_range("d100"), Ok((1, 100)));
        assert_eq!(die_range("2d10"), Ok((2, 20)));
        assert!(die_range("1d7").is_err());
    }

    #[test]
    fn locate_finds_nested_fields() {
        let text = "{\n  \"a\": [\n    {\"b\": 1},\n    {\"c\": {\"d\": \"x\\\"y\"}}\n  ]\n}";
        assert_eq!(
            locate(text, &[k("a"), Seg::Index(1), k("c"), k("d")]),
            (4, 12)
        );
        assert_eq!(locate(text, &[k("a"), Seg::Index(0)]).0, 3);
        // Missing field: the closest ancestor.
        assert_eq!(locate(text, &[k("a"), Seg::Index(1), k("zzz")]).0, 4);
    }
}
