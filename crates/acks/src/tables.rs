//! Every table of `TABLES.md` (T-01…T-25) as data. Each table carries its T-number, title,
//! Russian heading, source, edition and confidence; each row is plain serde data the Judge may
//! replace per campaign ([`Table::replace_row`], AC-GEN-02/03). Cells that were not recovered
//! are `None`; the rules reading them refuse with [`AcksError::MissingTable`].
use crate::AcksError;
use crate::odds::Fraction;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

mod data;
pub use data::*;

/// A table's number in `TABLES.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct TableId(pub u8);

impl TableId {
    /// T-01 … T-25.
    pub fn all() -> impl Iterator<Item = TableId> {
        (1..=25).map(TableId)
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "T-{:02}", self.0)
    }
}

impl FromStr for TableId {
    type Err = AcksError;
    fn from_str(s: &str) -> Result<Self, AcksError> {
        let t = s.trim().to_ascii_uppercase();
        let n = t
            .strip_prefix("T-")
            .or_else(|| t.strip_prefix('T'))
            .unwrap_or(&t);
        match n.parse::<u8>() {
            Ok(n @ 1..=25) => Ok(TableId(n)),
            _ => Err(AcksError::UnknownTable(s.to_string())),
        }
    }
}

impl From<TableId> for String {
    fn from(t: TableId) -> String {
        t.to_string()
    }
}

impl TryFrom<String> for TableId {
    type Error = AcksError;
    fn try_from(s: String) -> Result<Self, AcksError> {
        s.parse()
    }
}

/// How far a table's values can be trusted (TABLES.md's scale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    High,
    MediumHigh,
    Medium,
    Low,
    /// Not recovered from any source: the Judge enters the rows.
    NotFound,
}

impl fmt::Display for Confidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Confidence::High => "high",
            Confidence::MediumHigh => "medium-high",
            Confidence::Medium => "medium",
            Confidence::Low => "low",
            Confidence::NotFound => "not found",
        })
    }
}

/// Where a table came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableMeta {
    pub id: TableId,
    /// English title.
    pub title: &'static str,
    /// The Russian heading (or section) the table belongs to.
    pub russian: &'static str,
    /// Sources, as abbreviated in TABLES.md (ARB, OMO, FVA, FV2, R20, AF, text).
    pub source: &'static str,
    pub edition: &'static str,
    pub confidence: Confidence,
    /// Confidence details, pins and conflicts, in short.
    pub note: &'static str,
}

/// A row type: its columns are its serde field names, in display order.
pub trait Row: Clone + Serialize {
    const COLUMNS: &'static [&'static str];
    /// How an empty cell prints: "—" (not applicable) unless the table's empty cells mean
    /// "not recovered" (T-15, T-18, T-23, T-24).
    const EMPTY: &'static str = "—";
}

/// A table: metadata and rows.
#[derive(Debug, Clone, Serialize)]
pub struct Table<R> {
    pub meta: TableMeta,
    pub rows: Vec<R>,
}

/// A Judge's replacement of one row: what was there and what is there now (for the log).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowOverride<R> {
    pub table: TableId,
    pub index: usize,
    pub old: R,
    pub new: R,
}

impl<R: Row> Table<R> {
    /// Replaces row `index` with `row`, returning the old and the new row. A bad index
    /// changes nothing.
    pub fn replace_row(&mut self, index: usize, row: R) -> Result<RowOverride<R>, AcksError> {
        let len = self.rows.len();
        let slot = self.rows.get_mut(index).ok_or(AcksError::NoSuchRow {
            table: self.meta.id,
            index,
            len,
        })?;
        let old = std::mem::replace(slot, row.clone());
        Ok(RowOverride {
            table: self.meta.id,
            index,
            old,
            new: row,
        })
    }

    /// The first row matching `pred`, or a refusal naming the table and what was looked up.
    pub fn find(
        &self,
        what: impl fmt::Display,
        pred: impl Fn(&R) -> bool,
    ) -> Result<&R, AcksError> {
        self.rows
            .iter()
            .find(|r| pred(r))
            .ok_or_else(|| AcksError::NoRow {
                table: self.meta.id,
                title: self.meta.title,
                what: what.to_string(),
            })
    }

    /// A refusal for a cell of this table that was not recovered.
    pub fn missing(&self, what: impl fmt::Display) -> AcksError {
        AcksError::MissingTable {
            table: self.meta.id,
            title: self.meta.title,
            what: what.to_string(),
        }
    }

    /// The table as text cells, for printing. Cells not recovered read "not found".
    pub fn render(&self) -> RenderedTable {
        let rows = self
            .rows
            .iter()
            .map(|r| {
                // Rows are plain serde structs of strings, numbers, booleans and options;
                // a failure could only give `Null`, which prints as "not found".
                let v = serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
                R::COLUMNS
                    .iter()
                    .map(|c| cell(v.get(*c), R::EMPTY))
                    .collect()
            })
            .collect();
        RenderedTable {
            meta: self.meta.clone(),
            columns: R::COLUMNS.iter().map(|c| c.to_string()).collect(),
            rows,
        }
    }
}

fn cell(v: Option<&serde_json::Value>, empty: &str) -> String {
    use serde_json::Value;
    match v {
        None | Some(Value::Null) => empty.to_string(),
        Some(Value::Bool(b)) => if *b { "yes" } else { "no" }.to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, x)| format!("{}: {}", i + 1, cell(Some(x), empty)))
            .collect::<Vec<_>>()
            .join("; "),
        Some(other) => other.to_string(),
    }
}

/// A table as text: metadata, column names and one row of cells per row.
#[derive(Debug, Clone, Serialize)]
pub struct RenderedTable {
    pub meta: TableMeta,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// An inclusive band of totals; `None` ends are open ("2 or less", "12 or more").
/// Written `..=2`, `3..=5`, `12..`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Band {
    pub low: Option<i32>,
    pub high: Option<i32>,
}

impl Band {
    pub const fn new(low: Option<i32>, high: Option<i32>) -> Band {
        Band { low, high }
    }
    pub const fn up_to(high: i32) -> Band {
        Band::new(None, Some(high))
    }
    pub const fn from(low: i32) -> Band {
        Band::new(Some(low), None)
    }
    pub const fn range(low: i32, high: i32) -> Band {
        Band::new(Some(low), Some(high))
    }
    pub const fn one(v: i32) -> Band {
        Band::range(v, v)
    }
    pub fn contains(self, v: i64) -> bool {
        self.low.is_none_or(|l| v >= i64::from(l)) && self.high.is_none_or(|h| v <= i64::from(h))
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.low, self.high) {
            (None, None) => write!(f, ".."),
            (None, Some(h)) => write!(f, "..={h}"),
            (Some(l), None) => write!(f, "{l}.."),
            (Some(l), Some(h)) if l == h => write!(f, "{l}"),
            (Some(l), Some(h)) => write!(f, "{l}..={h}"),
        }
    }
}

impl From<Band> for String {
    fn from(b: Band) -> String {
        b.to_string()
    }
}

impl TryFrom<String> for Band {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let bad = || format!("band `{s}`: write ..=2, 3..=5, 12.. or 7");
        let num = |t: &str| -> Result<Option<i32>, String> {
            if t.is_empty() {
                Ok(None)
            } else {
                t.parse().map(Some).map_err(|_| bad())
            }
        };
        if let Some((l, h)) = s.split_once("..=") {
            if h.is_empty() {
                return Err(bad());
            }
            Ok(Band::new(num(l)?, num(h)?))
        } else if let Some((l, h)) = s.split_once("..") {
            if !h.is_empty() {
                return Err(bad());
            }
            Ok(Band::new(num(l)?, None))
        } else {
            let v = num(&s)?.ok_or_else(bad)?;
            Ok(Band::one(v))
        }
    }
}

/// An exact non-negative fraction written "3/2" (multipliers, cargo per square foot).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Frac(pub Fraction);

impl Frac {
    pub fn new(n: i64, d: i64) -> Frac {
        Frac(Fraction::new(n, d))
    }
}

impl From<Frac> for String {
    fn from(f: Frac) -> String {
        crate::odds::exact_string(f.0)
    }
}

impl TryFrom<String> for Frac {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let bad = || format!("fraction `{s}`: write 3/2 or 2");
        let (n, d): (i64, i64) = match s.split_once('/') {
            Some((n, d)) => (
                n.trim().parse().map_err(|_| bad())?,
                d.trim().parse().map_err(|_| bad())?,
            ),
            None => (s.trim().parse().map_err(|_| bad())?, 1),
        };
        if d <= 0 || n < 0 {
            return Err(bad());
        }
        Ok(Frac::new(n, d))
    }
}

/// All the chapter's tables for one campaign; [`Tables::acks_1e`] gives the shipped values.
#[derive(Debug, Clone, Serialize)]
pub struct Tables {
    pub t01_wilderness_movement: Table<MovementRow>,
    pub t02_terrain: Table<TerrainRow>,
    pub t03_wilderness_navigation: Table<NavigationRow>,
    pub t04_sea_navigation: Table<SeaNavigationRow>,
    pub t05_vessels: Table<VesselRow>,
    pub t06_wind: Table<WindRow>,
    pub t07_dungeon_encounter_distance: Table<EncounterDistanceRow>,
    pub t08_wilderness_encounter_distance: Table<EncounterDistanceRow>,
    pub t09_surprise: Table<SurpriseRow>,
    pub t10_reaction: Table<ReactionRow>,
    pub t11_evasion: Table<EvasionRow>,
    pub t12_sea_evasion: Table<SeaEvasionRow>,
    pub t13_character_attack: Table<CharacterAttackRow>,
    pub t14_monster_attack: Table<MonsterAttackRow>,
    pub t15_missile_ranges: Table<MissileRangeRow>,
    pub t16_mortal_wounds: Table<MortalWoundRow>,
    pub t17_wound_modifiers: Table<WoundModifierRow>,
    pub t18_tampering: Table<TamperingRow>,
    pub t19_saves: Table<SaveRow>,
    pub t20_morale: Table<MoraleRow>,
    pub t21_monster_xp: Table<XpRow>,
    pub t22_thief_skills: Table<ThiefSkillRow>,
    pub t23_artillery: Table<ArtilleryRow>,
    pub t24_ram: Table<RamRow>,
    pub t25_ability_modifiers: Table<AbilityModifierRow>,
    pub t25_prime_requisite: Table<PrimeRequisiteRow>,
    pub t25_level_thresholds: Table<LevelThresholdRow>,
}

impl Default for Tables {
    fn default() -> Self {
        Tables::acks_1e()
    }
}

impl Tables {
    /// The table(s) with this number, rendered as text (T-25 has three parts).
    pub fn render(&self, id: TableId) -> Vec<RenderedTable> {
        match id.0 {
            1 => vec![self.t01_wilderness_movement.render()],
            2 => vec![self.t02_terrain.render()],
            3 => vec![self.t03_wilderness_navigation.render()],
            4 => vec![self.t04_sea_navigation.render()],
            5 => vec![self.t05_vessels.render()],
            6 => vec![self.t06_wind.render()],
            7 => vec![self.t07_dungeon_encounter_distance.render()],
            8 => vec![self.t08_wilderness_encounter_distance.render()],
            9 => vec![self.t09_surprise.render()],
            10 => vec![self.t10_reaction.render()],
            11 => vec![self.t11_evasion.render()],
            12 => vec![self.t12_sea_evasion.render()],
            13 => vec![self.t13_character_attack.render()],
            14 => vec![self.t14_monster_attack.render()],
            15 => vec![self.t15_missile_ranges.render()],
            16 => vec![self.t16_mortal_wounds.render()],
            17 => vec![self.t17_wound_modifiers.render()],
            18 => vec![self.t18_tampering.render()],
            19 => vec![self.t19_saves.render()],
            20 => vec![self.t20_morale.render()],
            21 => vec![self.t21_monster_xp.render()],
            22 => vec![self.t22_thief_skills.render()],
            23 => vec![self.t23_artillery.render()],
            24 => vec![self.t24_ram.render()],
            _ => vec![
                self.t25_ability_modifiers.render(),
                self.t25_prime_requisite.render(),
                self.t25_level_thresholds.render(),
            ],
        }
    }
}

/// T-25: the modifier of an ability score 3–18.
pub fn ability_modifier(tables: &Tables, score: i32) -> Result<i32, AcksError> {
    if !(3..=18).contains(&score) {
        return Err(AcksError::range(
            "T-25",
            format!("ability scores run 3–18, got {score}"),
        ));
    }
    tables
        .t25_ability_modifiers
        .find(format!("score {score}"), |r| r.score.contains(score.into()))
        .map(|r| r.modifier)
}

/// A Judge's replacement of one row given as JSON (the table layer's command): the table's
/// field name in [`Tables`] (`t09_surprise`, `t25_ability_modifiers`…), and the old and new
/// rows as JSON for the log (AC-GEN-02/03).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JsonRowOverride {
    pub table: String,
    pub index: usize,
    pub old: serde_json::Value,
    pub new: serde_json::Value,
}

/// The field names of [`Tables`], in table order: the names a JSON row override uses.
pub const TABLE_KEYS: &[&str] = &[
    "t01_wilderness_movement",
    "t02_terrain",
    "t03_wilderness_navigation",
    "t04_sea_navigation",
    "t05_vessels",
    "t06_wind",
    "t07_dungeon_encounter_distance",
    "t08_wilderness_encounter_distance",
    "t09_surprise",
    "t10_reaction",
    "t11_evasion",
    "t12_sea_evasion",
    "t13_character_attack",
    "t14_monster_attack",
    "t15_missile_ranges",
    "t16_mortal_wounds",
    "t17_wound_modifiers",
    "t18_tampering",
    "t19_saves",
    "t20_morale",
    "t21_monster_xp",
    "t22_thief_skills",
    "t23_artillery",
    "t24_ram",
    "t25_ability_modifiers",
    "t25_prime_requisite",
    "t25_level_thresholds",
];

/// Replaces one row of a typed table from JSON; a row that does not fit the table's columns
/// changes nothing.
fn replace_json<R: Row + serde::de::DeserializeOwned>(
    table: &mut Table<R>,
    key: &str,
    index: usize,
    row: serde_json::Value,
) -> Result<JsonRowOverride, AcksError> {
    let typed: R = serde_json::from_value(row).map_err(|e| {
        AcksError::range(
            "AC-GEN-02",
            format!(
                "the new row does not fit {} ({}), columns {}: {e}",
                table.meta.id,
                table.meta.title,
                R::COLUMNS.join(", ")
            ),
        )
    })?;
    let done = table.replace_row(index, typed)?;
    // Rows are plain serde structs (see `Table::render`): serialising cannot fail.
    let json = |r: &R| serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
    Ok(JsonRowOverride {
        table: key.to_string(),
        index,
        old: json(&done.old),
        new: json(&done.new),
    })
}

impl Tables {
    /// AC-GEN-02/03: the Judge replaces row `index` of the table named `key` (one of
    /// [`TABLE_KEYS`]) with `row` given as JSON. Returns the old and the new row for the log;
    /// an unknown table, a missing row or a row that does not fit changes nothing.
    pub fn replace_row_json(
        &mut self,
        key: &str,
        index: usize,
        row: serde_json::Value,
    ) -> Result<JsonRowOverride, AcksError> {
        macro_rules! by_key {
            ($($field:ident),+) => {
                match key {
                    $(stringify!($field) => replace_json(&mut self.$field, key, index, row),)+
                    _ => Err(AcksError::UnknownTable(key.to_string())),
                }
            };
        }
        by_key!(
            t01_wilderness_movement,
            t02_terrain,
            t03_wilderness_navigation,
            t04_sea_navigation,
            t05_vessels,
            t06_wind,
            t07_dungeon_encounter_distance,
            t08_wilderness_encounter_distance,
            t09_surprise,
            t10_reaction,
            t11_evasion,
            t12_sea_evasion,
            t13_character_attack,
            t14_monster_attack,
            t15_missile_ranges,
            t16_mortal_wounds,
            t17_wound_modifiers,
            t18_tampering,
            t19_saves,
            t20_morale,
            t21_monster_xp,
            t22_thief_skills,
            t23_artillery,
            t24_ram,
            t25_ability_modifiers,
            t25_prime_requisite,
            t25_level_thresholds
        )
    }

    /// The rows of the table named `key` (one of [`TABLE_KEYS`]) as the JSON a row override
    /// takes, with the table's source and columns: what the Judge edits a row from.
    pub fn rows_json(&self, key: &str) -> Result<JsonRows, AcksError> {
        fn rows<R: Row>(key: &str, table: &Table<R>) -> JsonRows {
            JsonRows {
                key: key.to_string(),
                meta: table.meta.clone(),
                columns: R::COLUMNS.to_vec(),
                // Rows are plain serde structs (see `Table::render`): serialising cannot fail.
                rows: table
                    .rows
                    .iter()
                    .map(|r| serde_json::to_value(r).unwrap_or(serde_json::Value::Null))
                    .collect(),
            }
        }
        macro_rules! by_key {
            ($($field:ident),+) => {
                match key {
                    $(stringify!($field) => Ok(rows(key, &self.$field)),)+
                    _ => Err(AcksError::UnknownTable(key.to_string())),
                }
            };
        }
        by_key!(
            t01_wilderness_movement,
            t02_terrain,
            t03_wilderness_navigation,
            t04_sea_navigation,
            t05_vessels,
            t06_wind,
            t07_dungeon_encounter_distance,
            t08_wilderness_encounter_distance,
            t09_surprise,
            t10_reaction,
            t11_evasion,
            t12_sea_evasion,
            t13_character_attack,
            t14_monster_attack,
            t15_missile_ranges,
            t16_mortal_wounds,
            t17_wound_modifiers,
            t18_tampering,
            t19_saves,
            t20_morale,
            t21_monster_xp,
            t22_thief_skills,
            t23_artillery,
            t24_ram,
            t25_ability_modifiers,
            t25_prime_requisite,
            t25_level_thresholds
        )
    }
}

/// One table's rows as JSON ([`Tables::rows_json`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JsonRows {
    /// The name a row override uses (`t09_surprise`).
    pub key: String,
    pub meta: TableMeta,
    pub columns: Vec<&'static str>,
    pub rows: Vec<serde_json::Value>,
}
