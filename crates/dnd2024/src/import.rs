//! The SRD 5.2 importer (pure: JSON values in, a pack and a report out; the CLI does the I/O).
//!
//! Two published shapes are read:
//! - **open5e** (`data/v2/wizards-of-the-coast/srd-2024` of open5e-api): Django fixtures, one
//!   file per model (`Creature.json`, `CreatureAction.json`, `CreatureActionAttack.json`,
//!   `Spell.json`, `Weapon.json`, `WeaponProperty.json`, `WeaponPropertyAssignment.json`,
//!   `Armor.json`), each an array of `{"model", "pk", "fields": {…}}`, linked by `parent`.
//! - **5e-database** (`src/2024` of 5e-bits/5e-database): one file, an array of records keyed
//!   by `index` (monsters, spells or equipment; the kind is told from the fields).
//!
//! Known fields become typed pack fields; every other field is kept verbatim under `extra`.
//! A record that cannot be read is skipped and reported with its id and the field at fault;
//! the others still import. The pack carries the SRD 5.2 CC-BY-4.0 attribution.

use crate::core::Ability;
use crate::damage::DamageType;
use crate::monsters::ChallengeRating;
use crate::movement::Size;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Pack format name and version written into every pack.
pub const PACK_FORMAT: &str = "delve-dnd2024-pack";
pub const PACK_VERSION: u32 = 1;

/// A whole-input problem (the input is not the expected shape at all).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("{file}: expected a JSON array of records, got {got}")]
    NotAnArray { file: String, got: &'static str },
}

/// One damage entry: dice (validated notation) and type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageEntry {
    pub dice: String,
    pub damage_type: DamageType,
}

/// A saving throw an action or spell calls for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveSpec {
    pub ability: Ability,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dc: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_success: Option<String>,
}

/// An attack roll's numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackSpec {
    pub bonus: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach_ft: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range_ft: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub long_range_ft: Option<u32>,
}

/// A creature's action (or bonus action, reaction, legendary action).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Action {
    pub name: String,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<AttackSpec>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damage: Vec<DamageEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub save: Option<SaveSpec>,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Creature {
    pub id: String,
    pub name: String,
    pub size: Size,
    pub creature_type: String,
    pub armor_class: i32,
    pub hit_points: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hit_dice: Option<String>,
    pub speed: BTreeMap<String, u32>,
    pub abilities: BTreeMap<String, i32>,
    pub challenge_rating: ChallengeRating,
    pub xp: u32,
    pub proficiency_bonus: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resistances: Vec<DamageType>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vulnerabilities: Vec<DamageType>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub immunities: Vec<DamageType>,
    pub actions: Vec<Action>,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    pub shape: String,
    pub size_ft: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Spell {
    pub id: String,
    pub name: String,
    pub level: u8,
    pub range: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range_ft: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub save: Option<SaveSpec>,
    pub attack: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damage: Vec<DamageEntry>,
    pub concentration: bool,
    pub ritual: bool,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub id: String,
    pub name: String,
    /// "simple" or "martial".
    pub category: String,
    pub damage: DamageEntry,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range_ft: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub long_range_ft: Option<u32>,
    pub properties: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mastery: Option<String>,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Armor {
    pub id: String,
    pub name: String,
    pub base_ac: i32,
    pub adds_dex: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_dex: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strength_required: Option<u32>,
    pub stealth_disadvantage: bool,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackInfo {
    pub id: String,
    pub source: String,
    pub license: String,
    pub attribution: String,
}

/// A Delve D&D 2024 content pack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pack {
    pub format: String,
    pub version: u32,
    pub pack: PackInfo,
    pub creatures: Vec<Creature>,
    pub spells: Vec<Spell>,
    pub weapons: Vec<Weapon>,
    pub armor: Vec<Armor>,
}

/// A record that was skipped, with its id and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BadRecord {
    pub id: String,
    pub error: String,
}

/// The pack plus what went wrong.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportReport {
    pub pack: Pack,
    pub skipped: Vec<BadRecord>,
    /// Ids given to `--only` that matched no record.
    pub not_found: Vec<String>,
}

impl Pack {
    fn new(source: &str) -> Pack {
        Pack {
            format: PACK_FORMAT.into(),
            version: PACK_VERSION,
            pack: PackInfo {
                id: format!("srd-5.2-{source}"),
                source: source.into(),
                license: "CC-BY-4.0".into(),
                attribution: crate::SRD_ATTRIBUTION.into(),
            },
            creatures: vec![],
            spells: vec![],
            weapons: vec![],
            armor: vec![],
        }
    }
}

type R<T> = Result<T, String>;

/// One attack of an action with the damage it deals.
type AttackWithDamage = (AttackSpec, Vec<DamageEntry>);
/// A linked fixture read (parent pk, value), or (record id, error).
type Linked<T> = Result<(String, T), (String, String)>;

/// A record's fields being read: every field taken is removed, and what is left is `extra`.
struct Fields(Map<String, Value>);

impl Fields {
    fn take(&mut self, k: &str) -> Option<Value> {
        self.0.remove(k).filter(|v| !v.is_null())
    }
    fn str(&mut self, k: &str) -> R<String> {
        match self.take(k) {
            Some(Value::String(s)) if !s.trim().is_empty() => Ok(s),
            Some(v) => Err(format!("field `{k}`: expected text, got {v}")),
            None => Err(format!("field `{k}` is missing")),
        }
    }
    fn opt_str(&mut self, k: &str) -> R<Option<String>> {
        match self.take(k) {
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(format!("field `{k}`: expected text, got {v}")),
            None => Ok(None),
        }
    }
    fn int(&mut self, k: &str) -> R<i64> {
        let v = self
            .take(k)
            .ok_or_else(|| format!("field `{k}` is missing"))?;
        as_int(&v).ok_or_else(|| format!("field `{k}`: expected a whole number, got {v}"))
    }
    fn opt_int(&mut self, k: &str) -> R<Option<i64>> {
        match self.take(k) {
            None => Ok(None),
            Some(v) => as_int(&v)
                .map(Some)
                .ok_or_else(|| format!("field `{k}`: expected a whole number, got {v}")),
        }
    }
    fn bool(&mut self, k: &str) -> R<bool> {
        match self.take(k) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(b),
            Some(v) => Err(format!("field `{k}`: expected true or false, got {v}")),
        }
    }
}

fn as_int(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
        _ => None,
    }
}

fn non_negative(k: &str, v: i64, max: i64) -> R<u32> {
    if (0..=max).contains(&v) {
        u32::try_from(v).map_err(|_| format!("field `{k}`: {v} is out of range"))
    } else {
        Err(format!("field `{k}`: {v} is outside 0…{max}"))
    }
}

/// Validates dice notation with the `dice` crate's parser and returns it as given.
fn dice_text(k: &str, s: &str) -> R<String> {
    let t = s.trim();
    dice::parse(t).map_err(|e| format!("field `{k}`: `{t}` is not dice notation ({e})"))?;
    Ok(t.to_string())
}

/// Reads a damage type name, also accepting open5e keys such as `srd-2024_fire`.
fn damage_type(k: &str, s: &str) -> R<DamageType> {
    let name = s.rsplit('_').next().unwrap_or(s);
    DamageType::parse(name).map_err(|e| format!("field `{k}`: {e}"))
}

fn damage_list(k: &str, v: Option<Value>) -> R<Vec<DamageType>> {
    match v {
        None => Ok(vec![]),
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| match i {
                Value::String(s) => damage_type(k, s),
                Value::Object(o) => match o.get("index").and_then(Value::as_str) {
                    Some(s) => damage_type(k, s),
                    None => Err(format!("field `{k}`: entry without an index: {i}")),
                },
                other => Err(format!("field `{k}`: unexpected entry {other}")),
            })
            .collect(),
        Some(other) => Err(format!("field `{k}`: expected a list, got {other}")),
    }
}

fn ability(k: &str, s: &str) -> R<Ability> {
    let t = s.trim().to_ascii_lowercase();
    Ability::ALL
        .into_iter()
        .find(|a| {
            let name = format!("{a:?}").to_ascii_lowercase();
            name == t || name[..3] == t
        })
        .ok_or_else(|| format!("field `{k}`: `{s}` is not an ability"))
}

fn size(k: &str, s: &str) -> R<Size> {
    Size::parse(s).map_err(|e| format!("field `{k}`: {e}"))
}

/// Finds a saving throw written in an action's text: "Dexterity Saving Throw: DC 14" (2024
/// layout) or "DC 14 Dexterity saving throw". Only the ability and the number are read.
pub fn save_in_text(text: &str) -> Option<SaveSpec> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ':' || c == '.')
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        if !w.eq_ignore_ascii_case("DC") {
            continue;
        }
        let Some(dc) = words.get(i + 1).and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        let after = words.get(i + 2).and_then(|w| ability("", w).ok());
        let before = i
            .checked_sub(3)
            .and_then(|j| words.get(j))
            .and_then(|w| ability("", w).ok());
        if let Some(a) = after.or(before) {
            return Some(SaveSpec {
                ability: a,
                dc: Some(dc),
                on_success: None,
            });
        }
    }
    None
}

fn wanted(only: Option<&[String]>, id: &str) -> bool {
    only.is_none_or(|o| o.iter().any(|x| x == id))
}

fn records<'a>(file: &str, v: &'a Value) -> Result<&'a Vec<Value>, ImportError> {
    v.as_array().ok_or(ImportError::NotAnArray {
        file: file.into(),
        got: match v {
            Value::Object(_) => "an object",
            Value::String(_) => "a string",
            Value::Number(_) => "a number",
            Value::Bool(_) => "a boolean",
            Value::Null => "null",
            Value::Array(_) => "an array",
        },
    })
}

/// The open5e files that were found (each optional).
#[derive(Debug, Clone, Default)]
pub struct Open5eFiles {
    pub creatures: Option<Value>,
    pub actions: Option<Value>,
    pub attacks: Option<Value>,
    pub spells: Option<Value>,
    pub weapons: Option<Value>,
    pub weapon_properties: Option<Value>,
    pub weapon_property_assignments: Option<Value>,
    pub armor: Option<Value>,
}

impl Open5eFiles {
    /// The file names read from an open5e directory, with the slot each fills.
    pub const FILES: [&'static str; 8] = [
        "Creature.json",
        "CreatureAction.json",
        "CreatureActionAttack.json",
        "Spell.json",
        "Weapon.json",
        "WeaponProperty.json",
        "WeaponPropertyAssignment.json",
        "Armor.json",
    ];

    pub fn set(&mut self, file: &str, v: Value) {
        match file {
            "Creature.json" => self.creatures = Some(v),
            "CreatureAction.json" => self.actions = Some(v),
            "CreatureActionAttack.json" => self.attacks = Some(v),
            "Spell.json" => self.spells = Some(v),
            "Weapon.json" => self.weapons = Some(v),
            "WeaponProperty.json" => self.weapon_properties = Some(v),
            "WeaponPropertyAssignment.json" => self.weapon_property_assignments = Some(v),
            "Armor.json" => self.armor = Some(v),
            _ => {}
        }
    }
}

/// A fixture record split into its pk and fields.
fn fixture(rec: &Value) -> R<(String, Fields)> {
    let pk = match rec.get("pk") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => return Err(format!("record without a `pk`: {}", short(rec))),
    };
    match rec.get("fields") {
        Some(Value::Object(m)) => Ok((pk, Fields(m.clone()))),
        _ => Err("field `fields` is missing or not an object".into()),
    }
}

/// The id of a fixture record for a report, whatever its `pk` looks like.
fn record_id(rec: &Value) -> String {
    match rec.get("pk") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => "?".into(),
    }
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.len() > 80 {
        format!("{}…", &s[..s.floor_char_boundary(80)])
    } else {
        s
    }
}

fn fixture_list(file: &str, v: &Option<Value>) -> Result<Vec<Value>, ImportError> {
    match v {
        None => Ok(vec![]),
        Some(v) => records(file, v).cloned(),
    }
}

/// Imports open5e fixtures.
pub fn import_open5e(
    files: &Open5eFiles,
    only: Option<&[String]>,
) -> Result<ImportReport, ImportError> {
    let mut pack = Pack::new("open5e");
    let mut skipped = vec![];
    let mut seen = vec![];

    // Attacks by parent action, actions by parent creature.
    let mut attacks: BTreeMap<String, Vec<AttackWithDamage>> = BTreeMap::new();
    for rec in fixture_list("CreatureActionAttack.json", &files.attacks)? {
        match open5e_attack(&rec) {
            Ok((parent, a)) => attacks.entry(parent).or_default().push(a),
            Err((id, e)) => skipped.push(BadRecord { id, error: e }),
        }
    }
    let mut actions: BTreeMap<String, Vec<(i64, Action)>> = BTreeMap::new();
    for rec in fixture_list("CreatureAction.json", &files.actions)? {
        match open5e_action(&rec, &mut attacks) {
            Ok((parent, order, a)) => actions.entry(parent).or_default().push((order, a)),
            Err((id, e)) => skipped.push(BadRecord { id, error: e }),
        }
    }
    for rec in fixture_list("Creature.json", &files.creatures)? {
        let id = record_id(&rec);
        if !wanted(only, &id) {
            continue;
        }
        seen.push(id.clone());
        let mut acts = actions.remove(&id).unwrap_or_default();
        acts.sort_by_key(|(o, _)| *o);
        match open5e_creature(&rec, acts.into_iter().map(|(_, a)| a).collect()) {
            Ok(c) => pack.creatures.push(c),
            Err(e) => skipped.push(BadRecord { id, error: e }),
        }
    }
    for rec in fixture_list("Spell.json", &files.spells)? {
        let id = record_id(&rec);
        if !wanted(only, &id) {
            continue;
        }
        seen.push(id.clone());
        match open5e_spell(&rec) {
            Ok(s) => pack.spells.push(s),
            Err(e) => skipped.push(BadRecord { id, error: e }),
        }
    }
    // Weapon properties: names and whether they are masteries.
    let mut prop_kind: BTreeMap<String, (String, bool)> = BTreeMap::new();
    for rec in fixture_list("WeaponProperty.json", &files.weapon_properties)? {
        let read = fixture(&rec).and_then(|(pk, mut f)| {
            let name = f.opt_str("name")?.unwrap_or_else(|| pk.clone());
            let mastery = f
                .opt_str("type")?
                .is_some_and(|t| t.eq_ignore_ascii_case("mastery"));
            Ok((pk, name, mastery))
        });
        match read {
            Ok((pk, name, mastery)) => {
                prop_kind.insert(pk, (name, mastery));
            }
            Err(error) => skipped.push(BadRecord {
                id: record_id(&rec),
                error,
            }),
        }
    }
    let mut weapon_props: BTreeMap<String, Vec<(String, bool)>> = BTreeMap::new();
    for rec in fixture_list(
        "WeaponPropertyAssignment.json",
        &files.weapon_property_assignments,
    )? {
        let (pk, mut f) = match fixture(&rec) {
            Ok(x) => x,
            Err(error) => {
                skipped.push(BadRecord {
                    id: record_id(&rec),
                    error,
                });
                continue;
            }
        };
        match (f.str("weapon"), f.str("property")) {
            (Ok(w), Ok(p)) => {
                let (name, mastery) = prop_kind
                    .get(&p)
                    .cloned()
                    .unwrap_or_else(|| (p.rsplit('_').next().unwrap_or(&p).to_string(), false));
                let detail = f.opt_str("detail").ok().flatten();
                let label = match detail {
                    Some(d) => format!("{name} ({d})"),
                    None => name,
                };
                weapon_props.entry(w).or_default().push((label, mastery));
            }
            (Err(e), _) | (_, Err(e)) => skipped.push(BadRecord { id: pk, error: e }),
        }
    }
    for rec in fixture_list("Weapon.json", &files.weapons)? {
        let id = record_id(&rec);
        if !wanted(only, &id) {
            continue;
        }
        seen.push(id.clone());
        let props = weapon_props.remove(&id).unwrap_or_default();
        match open5e_weapon(&rec, props) {
            Ok(w) => pack.weapons.push(w),
            Err(e) => skipped.push(BadRecord { id, error: e }),
        }
    }
    for rec in fixture_list("Armor.json", &files.armor)? {
        let id = record_id(&rec);
        if !wanted(only, &id) {
            continue;
        }
        seen.push(id.clone());
        match open5e_armor(&rec) {
            Ok(a) => pack.armor.push(a),
            Err(e) => skipped.push(BadRecord { id, error: e }),
        }
    }
    Ok(finish(pack, skipped, seen, only))
}

fn finish(
    pack: Pack,
    skipped: Vec<BadRecord>,
    seen: Vec<String>,
    only: Option<&[String]>,
) -> ImportReport {
    let not_found = only
        .unwrap_or(&[])
        .iter()
        .filter(|id| !seen.contains(id))
        .cloned()
        .collect();
    ImportReport {
        pack,
        skipped,
        not_found,
    }
}

fn open5e_attack(rec: &Value) -> Linked<AttackWithDamage> {
    let (pk, mut f) = fixture(rec).map_err(|e| (record_id(rec), e))?;
    let run = |f: &mut Fields| -> R<(String, AttackWithDamage)> {
        let parent = f.str("parent")?;
        let bonus = f.int("to_hit_mod")?;
        let reach = f.opt_int("reach")?;
        let range = f.opt_int("range")?;
        let long = f.opt_int("long_range")?;
        let mut damage = vec![];
        for prefix in ["", "extra_"] {
            let count = f.opt_int(&format!("{prefix}damage_die_count"))?;
            let die = f.opt_str(&format!("{prefix}damage_die_type"))?;
            let bonus = f.opt_int(&format!("{prefix}damage_bonus"))?.unwrap_or(0);
            let ty = f.opt_str(&format!("{prefix}damage_type"))?;
            if let (Some(n), Some(d), Some(t)) = (count, die, ty) {
                let mut dice = format!("{n}{}", d.to_ascii_lowercase());
                if bonus != 0 {
                    dice = format!(
                        "{dice} {} {}",
                        if bonus > 0 { '+' } else { '-' },
                        bonus.abs()
                    );
                }
                let key = format!("{prefix}damage_die_count");
                damage.push(DamageEntry {
                    dice: dice_text(&key, &dice)?,
                    damage_type: damage_type(&format!("{prefix}damage_type"), &t)?,
                });
            }
        }
        let ft = |k: &str, v: Option<i64>| v.map(|x| non_negative(k, x, 100_000)).transpose();
        Ok((
            parent,
            (
                AttackSpec {
                    bonus: i32::try_from(bonus).map_err(|_| "field `to_hit_mod` out of range")?,
                    reach_ft: ft("reach", reach)?,
                    range_ft: ft("range", range)?.filter(|r| *r > 0),
                    long_range_ft: ft("long_range", long)?.filter(|r| *r > 0),
                },
                damage,
            ),
        ))
    };
    run(&mut f).map_err(|e| (pk, e))
}

fn open5e_action(
    rec: &Value,
    attacks: &mut BTreeMap<String, Vec<AttackWithDamage>>,
) -> Result<(String, i64, Action), (String, String)> {
    let (pk, mut f) = fixture(rec).map_err(|e| (record_id(rec), e))?;
    let mut run = |f: &mut Fields| -> R<(String, i64, Action)> {
        let parent = f.str("parent")?;
        let name = f.str("name")?;
        let order = f.opt_int("order")?.unwrap_or(0);
        let kind = f
            .opt_str("action_type")?
            .unwrap_or_else(|| "ACTION".into())
            .to_ascii_lowercase();
        let save =
            f.0.get("desc")
                .and_then(Value::as_str)
                .and_then(save_in_text);
        let mut specs = vec![];
        let mut damage = vec![];
        for (a, d) in attacks.remove(&pk).unwrap_or_default() {
            specs.push(a);
            damage.extend(d);
        }
        Ok((
            parent,
            order,
            Action {
                name,
                kind,
                attacks: specs,
                damage,
                save,
                extra: std::mem::take(&mut f.0),
            },
        ))
    };
    run(&mut f).map_err(|e| (pk, e))
}

fn open5e_creature(rec: &Value, actions: Vec<Action>) -> R<Creature> {
    let (pk, mut f) = fixture(rec)?;
    let name = f.str("name")?;
    let sz = size("size", &f.str("size")?)?;
    let creature_type = f.str("type")?;
    let ac = f.int("armor_class")?;
    let hp = non_negative("hit_points", f.int("hit_points")?, 1_000_000)?;
    let hit_dice = f
        .opt_str("hit_dice")?
        .map(|d| dice_text("hit_dice", &d))
        .transpose()?;
    let mut speed = BTreeMap::new();
    for k in ["walk", "burrow", "climb", "fly", "swim"] {
        if let Some(v) = f.opt_int(k)? {
            speed.insert(k.to_string(), non_negative(k, v, 10_000)?);
        }
    }
    let mut abilities = BTreeMap::new();
    for a in Ability::ALL {
        let key = format!("ability_score_{}", format!("{a:?}").to_ascii_lowercase());
        let v = f.int(&key)?;
        crate::in_range("ability score", v, 1, 30, "DD-CORE-02.d")
            .map_err(|e| format!("field `{key}`: {e}"))?;
        abilities.insert(format!("{a:?}").to_ascii_lowercase(), v as i32);
    }
    let cr_text = f.str("challenge_rating_decimal")?;
    let cr = ChallengeRating::parse(&cr_text)
        .map_err(|e| format!("field `challenge_rating_decimal`: {e}"))?;
    let xp = match f.opt_int("experience_points_integer")? {
        Some(x) => non_negative("experience_points_integer", x, 1_000_000)?,
        None => cr.xp(false),
    };
    let pb = match f.opt_int("proficiency_bonus")? {
        Some(p) => p as i32,
        None => cr.proficiency_bonus(),
    };
    let resistances = damage_list("damage_resistances", f.take("damage_resistances"))?;
    let vulnerabilities = damage_list("damage_vulnerabilities", f.take("damage_vulnerabilities"))?;
    let immunities = damage_list("damage_immunities", f.take("damage_immunities"))?;
    Ok(Creature {
        id: pk,
        name,
        size: sz,
        creature_type,
        armor_class: i32::try_from(ac).map_err(|_| "field `armor_class` out of range")?,
        hit_points: hp,
        hit_dice,
        speed,
        abilities,
        challenge_rating: cr,
        xp,
        proficiency_bonus: pb,
        resistances,
        vulnerabilities,
        immunities,
        actions,
        extra: f.0,
    })
}

fn open5e_spell(rec: &Value) -> R<Spell> {
    let (pk, mut f) = fixture(rec)?;
    let name = f.str("name")?;
    let level = non_negative("level", f.int("level")?, 9)? as u8;
    let range = f.opt_str("range_text")?.unwrap_or_default();
    let range_ft = f
        .opt_int("range")?
        .map(|r| non_negative("range", r, 1_000_000))
        .transpose()?
        .filter(|r| *r > 0);
    let area = match (f.opt_str("shape_type")?, f.opt_int("shape_size")?) {
        (Some(shape), Some(sz)) => Some(Area {
            shape,
            size_ft: non_negative("shape_size", sz, 100_000)?,
        }),
        _ => None,
    };
    let save = f
        .opt_str("saving_throw_ability")?
        .map(|a| ability("saving_throw_ability", &a))
        .transpose()?
        .map(|a| SaveSpec {
            ability: a,
            dc: None,
            on_success: None,
        });
    let attack = f.bool("attack_roll")?;
    let types = damage_list("damage_types", f.take("damage_types"))?;
    let dice = f.opt_str("damage_roll")?;
    let damage = match (dice, types.first()) {
        (Some(d), Some(t)) => vec![DamageEntry {
            dice: dice_text("damage_roll", &d)?,
            damage_type: *t,
        }],
        _ => vec![],
    };
    Ok(Spell {
        id: pk,
        name,
        level,
        range,
        range_ft,
        area,
        save,
        attack,
        damage,
        concentration: f.bool("concentration")?,
        ritual: f.bool("ritual")?,
        extra: f.0,
    })
}

fn open5e_weapon(rec: &Value, props: Vec<(String, bool)>) -> R<Weapon> {
    let (pk, mut f) = fixture(rec)?;
    let name = f.str("name")?;
    let dice = dice_text("damage_dice", &f.str("damage_dice")?)?;
    let ty = damage_type("damage_type", &f.str("damage_type")?)?;
    let category = if f.bool("is_simple")? {
        "simple"
    } else {
        "martial"
    };
    let range_ft = f
        .opt_int("range")?
        .map(|r| non_negative("range", r, 100_000))
        .transpose()?
        .filter(|r| *r > 0);
    let long_range_ft = f
        .opt_int("long_range")?
        .map(|r| non_negative("long_range", r, 100_000))
        .transpose()?
        .filter(|r| *r > 0);
    let mastery = props.iter().find(|(_, m)| *m).map(|(n, _)| n.clone());
    let properties = props
        .into_iter()
        .filter(|(_, m)| !m)
        .map(|(n, _)| n)
        .collect();
    Ok(Weapon {
        id: pk,
        name,
        category: category.into(),
        damage: DamageEntry {
            dice,
            damage_type: ty,
        },
        range_ft,
        long_range_ft,
        properties,
        mastery,
        extra: f.0,
    })
}

fn open5e_armor(rec: &Value) -> R<Armor> {
    let (pk, mut f) = fixture(rec)?;
    Ok(Armor {
        id: pk,
        name: f.str("name")?,
        base_ac: f.int("ac_base")? as i32,
        adds_dex: f.bool("ac_add_dexmod")?,
        max_dex: f.opt_int("ac_cap_dexmod")?.map(|v| v as i32),
        strength_required: f
            .opt_int("strength_score_required")?
            .map(|v| non_negative("strength_score_required", v, 30))
            .transpose()?,
        stealth_disadvantage: f.bool("grants_stealth_disadvantage")?,
        extra: f.0,
    })
}

/// Imports one 5e-database file (an array of monsters, spells or equipment).
pub fn import_5e_database(
    file: &str,
    v: &Value,
    only: Option<&[String]>,
) -> Result<ImportReport, ImportError> {
    let mut pack = Pack::new("5e-database");
    let mut skipped = vec![];
    let mut seen = vec![];
    for rec in records(file, v)? {
        let id = rec
            .get("index")
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string();
        if !wanted(only, &id) {
            continue;
        }
        seen.push(id.clone());
        let Some(map) = rec.as_object() else {
            skipped.push(BadRecord {
                id,
                error: format!("not an object: {}", short(rec)),
            });
            continue;
        };
        let f = Fields(map.clone());
        let result = if map.contains_key("hit_points") {
            db_monster(f).map(|c| pack.creatures.push(c))
        } else if map.contains_key("school") && map.contains_key("level") {
            db_spell(f).map(|s| pack.spells.push(s))
        } else if map.contains_key("weapon_category") {
            db_weapon(f).map(|w| pack.weapons.push(w))
        } else if map.contains_key("armor_category") {
            db_armor(f).map(|a| pack.armor.push(a))
        } else {
            Err("not a monster, spell, weapon or armor record".into())
        };
        if let Err(error) = result {
            skipped.push(BadRecord { id, error });
        }
    }
    Ok(finish(pack, skipped, seen, only))
}

fn index_of(v: &Value) -> Option<&str> {
    v.get("index").and_then(Value::as_str)
}

fn db_damage(k: &str, v: &Value) -> R<DamageEntry> {
    let dice = v
        .get("damage_dice")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("field `{k}`: damage without `damage_dice`"))?;
    let ty = v
        .get("damage_type")
        .and_then(index_of)
        .ok_or_else(|| format!("field `{k}`: damage without `damage_type.index`"))?;
    Ok(DamageEntry {
        dice: dice_text(k, dice)?,
        damage_type: damage_type(k, ty)?,
    })
}

fn db_dc(k: &str, v: &Value) -> R<SaveSpec> {
    let ab = v
        .get("dc_type")
        .and_then(index_of)
        .ok_or_else(|| format!("field `{k}`: without `dc_type.index`"))?;
    Ok(SaveSpec {
        ability: ability(k, ab)?,
        dc: v
            .get("dc_value")
            .and_then(as_int)
            .map(|d| non_negative(k, d, 100))
            .transpose()?,
        on_success: v
            .get("success_type")
            .or_else(|| v.get("dc_success"))
            .and_then(Value::as_str)
            .map(str::to_string),
    })
}

fn feet(k: &str, s: &str) -> R<u32> {
    let n: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    n.parse::<u32>()
        .map_err(|_| format!("field `{k}`: `{s}` does not start with a number of feet"))
}

fn db_actions(kind: &str, v: Option<Value>) -> R<Vec<Action>> {
    let Some(Value::Array(items)) = v else {
        return Ok(vec![]);
    };
    items
        .into_iter()
        .map(|item| {
            let Value::Object(m) = item else {
                return Err(format!("`{kind}`: an entry is not an object"));
            };
            let mut f = Fields(m);
            let name = f.str("name")?;
            let where_ = format!("{kind}[{name}]");
            let attacks = match f.opt_int("attack_bonus")? {
                Some(b) => vec![AttackSpec {
                    bonus: b as i32,
                    reach_ft: None,
                    range_ft: None,
                    long_range_ft: None,
                }],
                None => vec![],
            };
            let save = f
                .take("dc")
                .map(|d| db_dc(&format!("{where_}.dc"), &d))
                .transpose()?;
            let damage = match f.take("damage") {
                Some(Value::Array(ds)) => ds
                    .iter()
                    // Choice entries ("choose one of") have no dice of their own; kept in extra.
                    .filter(|d| d.get("damage_dice").is_some())
                    .map(|d| db_damage(&format!("{where_}.damage"), d))
                    .collect::<R<Vec<_>>>()?,
                _ => vec![],
            };
            Ok(Action {
                name,
                kind: kind.trim_end_matches('s').to_string(),
                attacks,
                damage,
                save,
                extra: f.0,
            })
        })
        .collect()
}

fn db_monster(mut f: Fields) -> R<Creature> {
    let id = f.str("index")?;
    let name = f.str("name")?;
    let sz = size("size", &f.str("size")?)?;
    let creature_type = f.str("type")?;
    let ac = match f.take("armor_class") {
        Some(Value::Array(list)) => list
            .first()
            .and_then(|e| e.get("value"))
            .and_then(as_int)
            .ok_or("field `armor_class`: expected [{\"value\": N}]")?,
        Some(v) => as_int(&v).ok_or("field `armor_class`: expected a number or a list")?,
        None => return Err("field `armor_class` is missing".into()),
    };
    let hp = non_negative("hit_points", f.int("hit_points")?, 1_000_000)?;
    let hit_dice = f
        .opt_str("hit_dice")?
        .map(|d| dice_text("hit_dice", &d))
        .transpose()?;
    let mut speed = BTreeMap::new();
    if let Some(Value::Object(sp)) = f.take("speed") {
        for (k, v) in sp {
            if let Value::String(s) = v {
                speed.insert(k.clone(), feet(&format!("speed.{k}"), &s)?);
            }
        }
    }
    let mut abilities = BTreeMap::new();
    for a in Ability::ALL {
        let key = format!("{a:?}").to_ascii_lowercase();
        let v = f.int(&key)?;
        crate::in_range("ability score", v, 1, 30, "DD-CORE-02.d")
            .map_err(|e| format!("field `{key}`: {e}"))?;
        abilities.insert(key, v as i32);
    }
    let cr = match f.take("challenge_rating") {
        Some(Value::Number(n)) => ChallengeRating::from_f64(n.as_f64().unwrap_or(-1.0)),
        Some(Value::String(s)) => ChallengeRating::parse(&s),
        _ => return Err("field `challenge_rating` is missing".into()),
    }
    .map_err(|e| format!("field `challenge_rating`: {e}"))?;
    let xp = match f.opt_int("xp")? {
        Some(x) => non_negative("xp", x, 1_000_000)?,
        None => cr.xp(false),
    };
    let pb = f
        .opt_int("proficiency_bonus")?
        .map_or(cr.proficiency_bonus(), |p| p as i32);
    let mut actions = vec![];
    for kind in ["actions", "bonus_actions", "reactions", "legendary_actions"] {
        actions.extend(db_actions(kind, f.take(kind))?);
    }
    Ok(Creature {
        id,
        name,
        size: sz,
        creature_type,
        armor_class: ac as i32,
        hit_points: hp,
        hit_dice,
        speed,
        abilities,
        challenge_rating: cr,
        xp,
        proficiency_bonus: pb,
        resistances: damage_list("damage_resistances", f.take("damage_resistances"))?,
        vulnerabilities: damage_list("damage_vulnerabilities", f.take("damage_vulnerabilities"))?,
        immunities: damage_list("damage_immunities", f.take("damage_immunities"))?,
        actions,
        extra: f.0,
    })
}

fn db_spell(mut f: Fields) -> R<Spell> {
    let id = f.str("index")?;
    let name = f.str("name")?;
    let level = non_negative("level", f.int("level")?, 9)? as u8;
    let range = f.opt_str("range")?.unwrap_or_default();
    let range_ft = feet("range", &range).ok().filter(|r| *r > 0);
    let area = match f.take("area_of_effect") {
        Some(a) => Some(Area {
            shape: a
                .get("type")
                .and_then(Value::as_str)
                .ok_or("field `area_of_effect.type` is missing")?
                .to_string(),
            size_ft: a
                .get("size")
                .and_then(as_int)
                .map(|s| non_negative("area_of_effect.size", s, 100_000))
                .transpose()?
                .ok_or("field `area_of_effect.size` is missing")?,
        }),
        None => None,
    };
    let save = f.take("dc").map(|d| db_dc("dc", &d)).transpose()?;
    let attack = f.opt_str("attack_type")?.is_some();
    let damage = match f.take("damage") {
        None => vec![],
        Some(d) => {
            let ty = d.get("damage_type").and_then(index_of);
            let table = d
                .get("damage_at_slot_level")
                .or_else(|| d.get("damage_at_character_level"))
                .and_then(Value::as_object);
            // The lowest level listed is the spell's base damage.
            let base = table.and_then(|t| {
                t.iter()
                    .filter_map(|(k, v)| Some((k.parse::<u32>().ok()?, v.as_str()?)))
                    .min_by_key(|(k, _)| *k)
                    .map(|(_, v)| v)
            });
            match (base, ty) {
                (Some(dice), Some(t)) => vec![DamageEntry {
                    dice: dice_text("damage", dice)?,
                    damage_type: damage_type("damage.damage_type", t)?,
                }],
                (Some(_), None) => return Err("field `damage.damage_type` is missing".into()),
                _ => vec![],
            }
        }
    };
    Ok(Spell {
        id,
        name,
        level,
        range,
        range_ft,
        area,
        save,
        attack,
        damage,
        concentration: f.bool("concentration")?,
        ritual: f.bool("ritual")?,
        extra: f.0,
    })
}

fn db_weapon(mut f: Fields) -> R<Weapon> {
    let id = f.str("index")?;
    let name = f.str("name")?;
    let category = f.str("weapon_category")?.to_ascii_lowercase();
    if category != "simple" && category != "martial" {
        return Err(format!(
            "field `weapon_category`: `{category}` is neither simple nor martial"
        ));
    }
    let damage = db_damage(
        "damage",
        &f.take("damage").ok_or("field `damage` is missing")?,
    )?;
    let (range_ft, long_range_ft) = match f.take("range") {
        Some(r) => (
            r.get("normal")
                .and_then(as_int)
                .map(|v| non_negative("range.normal", v, 100_000))
                .transpose()?,
            r.get("long")
                .and_then(as_int)
                .map(|v| non_negative("range.long", v, 100_000))
                .transpose()?,
        ),
        None => (None, None),
    };
    let properties = match f.take("properties") {
        Some(Value::Array(ps)) => ps
            .iter()
            .map(|p| {
                index_of(p)
                    .map(str::to_string)
                    .ok_or_else(|| format!("field `properties`: entry without an index: {p}"))
            })
            .collect::<R<Vec<_>>>()?,
        _ => vec![],
    };
    let mastery = f
        .take("mastery")
        .and_then(|m| index_of(&m).map(str::to_string));
    Ok(Weapon {
        id,
        name,
        category,
        damage,
        range_ft: range_ft.filter(|r| *r > 5),
        long_range_ft,
        properties,
        mastery,
        extra: f.0,
    })
}

fn db_armor(mut f: Fields) -> R<Armor> {
    let id = f.str("index")?;
    let name = f.str("name")?;
    let ac = f
        .take("armor_class")
        .ok_or("field `armor_class` is missing")?;
    let base_ac = ac
        .get("base")
        .and_then(as_int)
        .ok_or("field `armor_class.base` is missing")?;
    Ok(Armor {
        id,
        name,
        base_ac: base_ac as i32,
        adds_dex: ac
            .get("dex_bonus")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        max_dex: ac.get("max_bonus").and_then(as_int).map(|v| v as i32),
        strength_required: f
            .opt_int("str_minimum")?
            .filter(|v| *v > 0)
            .map(|v| non_negative("str_minimum", v, 30))
            .transpose()?,
        stealth_disadvantage: f.bool("stealth_disadvantage")?,
        extra: f.0,
    })
}
