//! ACKS content packs: the monsters and classes a table plays with, as JSON files validated
//! against their JSON Schema ([`pack_schema`], shipped as `crates/acks/packs/schema.json` next
//! to the sample pack `sample.json`, whose values are made up). A bad pack is refused whole, each problem an
//! [`engine::Issue`] naming the file, the line and the field.
//!
//! ```json
//! {"sample": true,
//!  "monsters": [{"id": "gloom_rat", "name": "Gloom rat", "hit_dice": "1+1*",
//!    "armour_class": 2, "attacks": [{"name": "bite", "damage": "1d4"}], "morale": -1,
//!    "save_as": {"class": "fighter", "level": 1},
//!    "number_appearing": {"dungeon_wandering": "2d4", "wilderness_wandering": "3d6"},
//!    "speed_ft": 90, "special": ["its bite carries a fever"]}],
//!  "classes": [{"id": "sellsword", "name": "Sellsword", "attack": "fighter",
//!    "saves": "fighter", "hit_die": 8}]}
//! ```

use crate::HitDice;
use crate::dice_spec::DiceSpec;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Most pack files a table holds, and most monsters and classes in one file.
pub const MAX_PACK_FILES: usize = 32;
pub const MAX_CARDS_PER_FILE: usize = 500;
/// Longest id, name and special-ability text.
pub const MAX_ID: usize = 64;
pub const MAX_TEXT: usize = 300;
/// Most attacks and special abilities on one monster.
pub const MAX_ATTACKS: usize = 8;
pub const MAX_SPECIALS: usize = 16;

/// One pack file as written.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackFile {
    /// Every value in this file is a made-up sample, not a book's.
    #[serde(default)]
    pub sample: bool,
    #[serde(default)]
    pub monsters: Vec<MonsterCard>,
    #[serde(default)]
    pub classes: Vec<ClassCard>,
}

/// A monster entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterCard {
    pub id: String,
    pub name: String,
    /// Hit Dice as a stat block writes them, with one `*` per special ability: `3`, `3+1`,
    /// `1-1`, `<1`, `5+2**`.
    pub hit_dice: String,
    pub armour_class: i32,
    pub attacks: Vec<MonsterAttack>,
    /// Morale score, −6…+4.
    pub morale: i32,
    pub save_as: SaveAs,
    pub number_appearing: NumberAppearingCard,
    /// Exploration speed, feet per turn.
    #[serde(default = "default_speed")]
    pub speed_ft: u32,
    /// Special abilities in the pack author's words ("hurt only by silver").
    #[serde(default)]
    pub special: Vec<String>,
    /// Makes no noise (undead and the like): cannot be heard through a door (AC-DUNGEON-28).
    #[serde(default)]
    pub silent: bool,
    /// Its own modifier to the surprise roll (AC-SURP-02/06).
    #[serde(default)]
    pub surprise_modifier: i32,
    /// Alertness: surprised only on a 1 (AC-STEALTH-06).
    #[serde(default)]
    pub alertness: bool,
}

fn default_speed() -> u32 {
    crate::dungeon::DEFAULT_EXPLORATION_FT
}

/// One attack of a monster's routine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterAttack {
    pub name: String,
    /// Damage dice, `1d6`, `2d4+1`.
    pub damage: String,
}

/// The class and level a monster saves as.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveAs {
    pub class: Progression,
    pub level: u32,
}

/// Number appearing: dice for a wandering group and for a lair, in the dungeon and outdoors.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NumberAppearingCard {
    pub dungeon_wandering: String,
    #[serde(default)]
    pub dungeon_lair: Option<String>,
    pub wilderness_wandering: String,
    #[serde(default)]
    pub wilderness_lair: Option<String>,
}

/// A class entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassCard {
    pub id: String,
    pub name: String,
    /// Attack throw progression (T-13).
    pub attack: Progression,
    /// Saving throw progression (T-19).
    pub saves: Progression,
    /// Sides of the class's hit die (4, 6, 8 or 12).
    pub hit_die: u32,
    /// How the class searches and listens (AC-DUNGEON-26/28/29): `other`, `elf`, `dwarf`
    /// or `thief` (Hear Noise from T-22).
    #[serde(default)]
    pub searcher: SearcherKind,
    #[serde(default = "default_max_level")]
    pub max_level: u32,
    /// The class powers a 1st-level character of the class has (names; a 0-level character
    /// turned fighter gains them, AC-ZERO-02).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<String>,
    /// The class proficiencies a character of the class picks from (a 0-level character
    /// turned fighter picks one, AC-ZERO-02).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub class_proficiencies: Vec<String>,
}

fn default_max_level() -> u32 {
    crate::attack::MAX_LEVEL
}

/// The four progressions of T-13 and T-19.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Progression {
    Fighter,
    Cleric,
    Thief,
    Mage,
}

impl From<Progression> for crate::attack::AttackProgression {
    fn from(p: Progression) -> Self {
        use crate::attack::AttackProgression as A;
        match p {
            Progression::Fighter => A::Fighter,
            Progression::Cleric => A::Cleric,
            Progression::Thief => A::Thief,
            Progression::Mage => A::Mage,
        }
    }
}

/// How a class searches and listens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SearcherKind {
    #[default]
    Other,
    Elf,
    Dwarf,
    Thief,
}

/// The JSON Schema of a pack file.
pub fn pack_schema() -> schemars::Schema {
    schemars::schema_for!(PackFile)
}

/// Hit Dice without their asterisks, and the asterisks counted.
pub fn split_asterisks(hit_dice: &str) -> (&str, u32) {
    let trimmed = hit_dice.trim();
    let base = trimmed.trim_end_matches('*');
    let stars = trimmed.len() - base.len();
    (base, u32::try_from(stars).unwrap_or(u32::MAX))
}

impl MonsterCard {
    /// The card's Hit Dice (validated when the pack loaded).
    pub fn hd(&self) -> Result<HitDice, crate::AcksError> {
        split_asterisks(&self.hit_dice).0.parse()
    }
    /// The dice expression of its hit points: one d8 per Hit Die plus the bonus, 1d4 under one.
    pub fn hp_dice(&self) -> Result<String, crate::AcksError> {
        let hd = self.hd()?;
        Ok(match (hd.dice, hd.bonus) {
            (0, _) => "1d4".to_string(),
            (d, 0) => format!("{d}d8"),
            (d, b) => format!("{d}d8{b:+}"),
        })
    }
}

/// One problem in a pack: the field path and the message; the loader finds its line.
#[derive(Debug, Clone, PartialEq)]
pub struct CardProblem {
    /// `monsters` or `classes`.
    pub list: &'static str,
    pub index: usize,
    pub id: String,
    pub field: &'static str,
    pub message: String,
}

fn text_ok(s: &str, max: usize) -> bool {
    !s.trim().is_empty() && s.chars().count() <= max
}

fn dice_ok(s: &str) -> Result<(), String> {
    s.parse::<DiceSpec>().map(|_| ()).map_err(|e| e.to_string())
}

/// Every problem of one parsed file's cards (the limits, the Hit Dice, the dice, the ranges).
pub fn validate(pack: &PackFile) -> Vec<CardProblem> {
    let mut out = Vec::new();
    let mut push = |list, index, id: &str, field, message: String| {
        out.push(CardProblem {
            list,
            index,
            id: id.to_string(),
            field,
            message,
        });
    };
    if pack.monsters.len() > MAX_CARDS_PER_FILE || pack.classes.len() > MAX_CARDS_PER_FILE {
        push(
            "monsters",
            0,
            "",
            "",
            format!(
                "at most {MAX_CARDS_PER_FILE} monsters and {MAX_CARDS_PER_FILE} classes per file (MAX_CARDS_PER_FILE)"
            ),
        );
        return out;
    }
    for (i, m) in pack.monsters.iter().enumerate() {
        let p = |field, message: String| ("monsters", i, m.id.as_str(), field, message);
        let mut problems = Vec::new();
        if !text_ok(&m.id, MAX_ID) {
            problems.push(p("id", format!("an id is 1–{MAX_ID} characters")));
        }
        if !text_ok(&m.name, MAX_TEXT) {
            problems.push(p("name", format!("a name is 1–{MAX_TEXT} characters")));
        }
        let (base, stars) = split_asterisks(&m.hit_dice);
        if let Err(e) = base.parse::<HitDice>() {
            problems.push(p("hit_dice", e.to_string()));
        }
        if stars > crate::experience::MAX_ASTERISKS {
            problems.push(p(
                "hit_dice",
                format!("at most {} asterisks", crate::experience::MAX_ASTERISKS),
            ));
        }
        if !crate::attack::AC_RANGE.contains(&m.armour_class) {
            problems.push(p("armour_class", "armour class runs −10…30".to_string()));
        }
        if m.attacks.len() > MAX_ATTACKS {
            problems.push(p("attacks", format!("at most {MAX_ATTACKS} attacks")));
        }
        for a in &m.attacks {
            if !text_ok(&a.name, MAX_TEXT) {
                problems.push(p("attacks", "every attack has a name".to_string()));
            }
            if let Err(e) = dice_ok(&a.damage) {
                problems.push(p("damage", e));
            }
        }
        if !(-6..=4).contains(&m.morale) {
            problems.push(p("morale", "morale runs −6…+4".to_string()));
        }
        if m.save_as.level > crate::attack::MAX_LEVEL {
            problems.push(p(
                "level",
                format!("save-as levels run 0–{}", crate::attack::MAX_LEVEL),
            ));
        }
        let n = &m.number_appearing;
        for (field, d) in [
            ("dungeon_wandering", Some(&n.dungeon_wandering)),
            ("dungeon_lair", n.dungeon_lair.as_ref()),
            ("wilderness_wandering", Some(&n.wilderness_wandering)),
            ("wilderness_lair", n.wilderness_lair.as_ref()),
        ] {
            if let Some(Err(e)) = d.map(|d| dice_ok(d)) {
                problems.push(p(field, e));
            }
        }
        if !(1..=1000).contains(&m.speed_ft) {
            problems.push(p("speed_ft", "speed runs 1–1000 ft per turn".to_string()));
        }
        if m.special.len() > MAX_SPECIALS || m.special.iter().any(|s| !text_ok(s, MAX_TEXT)) {
            problems.push(p(
                "special",
                format!("at most {MAX_SPECIALS} special abilities of 1–{MAX_TEXT} characters"),
            ));
        }
        if m.surprise_modifier.abs() > crate::surprise::MAX_MODIFIER {
            problems.push(p(
                "surprise_modifier",
                format!("within ±{}", crate::surprise::MAX_MODIFIER),
            ));
        }
        for (list, index, id, field, message) in problems {
            push(list, index, id, field, message);
        }
    }
    for (i, c) in pack.classes.iter().enumerate() {
        if !text_ok(&c.id, MAX_ID) {
            push(
                "classes",
                i,
                &c.id,
                "id",
                format!("an id is 1–{MAX_ID} characters"),
            );
        }
        if !text_ok(&c.name, MAX_TEXT) {
            push(
                "classes",
                i,
                &c.id,
                "name",
                format!("a name is 1–{MAX_TEXT} characters"),
            );
        }
        if ![4, 6, 8, 12].contains(&c.hit_die) {
            push(
                "classes",
                i,
                &c.id,
                "hit_die",
                "a hit die has 4, 6, 8 or 12 sides".to_string(),
            );
        }
        if !(1..=crate::attack::MAX_LEVEL).contains(&c.max_level) {
            push(
                "classes",
                i,
                &c.id,
                "max_level",
                format!("levels run 1–{}", crate::attack::MAX_LEVEL),
            );
        }
    }
    out
}

/// The 1-based line and column of a card's field in `text`: the card's id string, then the
/// first `"field"` after it (the card's own line when the field is not written).
pub fn locate(text: &str, id: &str, field: &str) -> (usize, usize) {
    let at = |pos: usize| {
        let before = &text[..pos];
        let line = before.matches('\n').count() + 1;
        let column = before.rfind('\n').map_or(pos, |n| pos - n - 1) + 1;
        (line, column)
    };
    let Some(card) = (!id.is_empty())
        .then(|| text.find(&format!("\"{id}\"")))
        .flatten()
    else {
        return (0, 0);
    };
    if field.is_empty() {
        return at(card);
    }
    match text[card..].find(&format!("\"{field}\"")) {
        Some(off) => at(card + off),
        None => at(card),
    }
}
