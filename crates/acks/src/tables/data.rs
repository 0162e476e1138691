//! The row types of T-01…T-25 and the shipped ACKS 1e values (TABLES.md). Numbers are facts
//! carried over exactly; descriptions are in our own words.
use super::{Band, Confidence, Frac, Row, Table, TableId, TableMeta, Tables};
use serde::{Deserialize, Serialize};

macro_rules! row {
    ($t:ty, [$($c:literal),* $(,)?]) => {
        impl Row for $t {
            const COLUMNS: &'static [&'static str] = &[$($c),*];
        }
    };
    ($t:ty, [$($c:literal),* $(,)?], not_found) => {
        impl Row for $t {
            const COLUMNS: &'static [&'static str] = &[$($c),*];
            const EMPTY: &'static str = "not found";
        }
    };
}

// ---------------------------------------------------------------- enums used by the rows

/// Terrain for daily travel (T-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Road,
    Clear,
    Desert,
    Hills,
    Woods,
    Jungle,
    Swamp,
    Mountains,
}

/// Terrain for wilderness navigation (T-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NavigationTerrain {
    Plains,
    MountainsOrHills,
    ForestOrCoast,
    Desert,
    JungleOrSwamp,
    OpenSea,
}

/// Waters for sea navigation (T-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Waters {
    RiverOrLake,
    Coast,
    OpenSea,
}

/// The vessels of T-05.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vessel {
    RiverBoat,
    SailingBoat,
    Canoe,
    LargeGalley,
    SmallGalley,
    WarGalley,
    Lifeboat,
    Longship,
    Raft,
    LargeSailingShip,
    SmallSailingShip,
    LargeTroopTransport,
    SmallTroopTransport,
}

/// Wind conditions (T-06), weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wind {
    Becalmed,
    LightBreeze,
    ModerateBreeze,
    AverageWinds,
    StrongWinds,
    VeryStrongWinds,
    Gale,
}

/// Where an encounter happens (T-07, T-08).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EncounterTerrain {
    Dungeon,
    Badlands,
    Desert,
    FieldsFallow,
    FieldsRipe,
    FieldsWild,
    HeavyForestOrJungle,
    LightForest,
    Marsh,
    Mountains,
    Plains,
    Sea,
}

/// Distance unit of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Feet,
    Yards,
}

/// Monster reaction results (T-10), worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reaction {
    Hostile,
    Unfriendly,
    Neutral,
    Indifferent,
    Friendly,
}

impl Reaction {
    pub const ALL: [Reaction; 5] = [
        Reaction::Hostile,
        Reaction::Unfriendly,
        Reaction::Neutral,
        Reaction::Indifferent,
        Reaction::Friendly,
    ];
}

/// Monster morale results (T-20), worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleResult {
    Retreat,
    FightingWithdrawal,
    FightOn,
    AdvanceAndPursue,
    VictoryOrDeath,
}

impl MoraleResult {
    pub const ALL: [MoraleResult; 5] = [
        MoraleResult::Retreat,
        MoraleResult::FightingWithdrawal,
        MoraleResult::FightOn,
        MoraleResult::AdvanceAndPursue,
        MoraleResult::VictoryOrDeath,
    ];
}

/// Missile weapons of T-15.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissileWeapon {
    Arbalest,
    Bola,
    CompositeBow,
    Crossbow,
    Dagger,
    Dart,
    HandAxe,
    Javelin,
    Longbow,
    Net,
    ShortBow,
    Sling,
    Spear,
    OilFlask,
    HolyWater,
}

/// Mortal Wounds conditions (T-16), worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Killed,
    MortallyWounded,
    GrievouslyWounded,
    CriticallyWounded,
    InShock,
    KnockedOut,
    Dazed,
}

impl Condition {
    /// The seven bands as the CLI names them (both "killed" rows are one band).
    pub const ALL: [Condition; 7] = [
        Condition::Killed,
        Condition::MortallyWounded,
        Condition::GrievouslyWounded,
        Condition::CriticallyWounded,
        Condition::InShock,
        Condition::KnockedOut,
        Condition::Dazed,
    ];
}

/// How a T-16 result recovers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recovery {
    /// Dead.
    None,
    /// Dies unless healed to 1 hp or more within the deadline; then bed rest.
    HealWithin {
        deadline: Deadline,
        bed_rest_days: u32,
    },
    /// Back at 1 hp; needs magical healing and a night of rest, or a week of rest.
    MagicAndNightOrWeek,
    /// Back at 1 hp; needs magical healing or a night of rest.
    MagicOrNight,
    /// Back at once with 1 hp; no bed rest.
    AtOnce,
}

/// How long a wounded character may wait for healing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deadline {
    Round,
    Turn,
    Day,
}

/// Factors of the Mortal Wounds d20 (T-17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundFactor {
    HpExactlyZero,
    HpBelowQuarter,
    HpQuarterToHalf,
    HpHalfOrMore,
    PerHealingSpellLevel,
    HealingProficiency,
    WithinOneRound,
    AfterTheFight,
    WithinOneHour,
    WithinOneDay,
    Later,
    PerNonlethalPoint,
}

/// Saving-throw progressions (T-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SaveClass {
    Fighter,
    Cleric,
    Mage,
    Thief,
}

/// Artillery pieces (T-23).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Artillery {
    Ballista,
    LightCatapult,
    HeavyCatapult,
}

/// Ram sizes (T-24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RamSize {
    Small,
    Large,
}

/// Classes with XP thresholds in T-25.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum XpClass {
    Fighter,
    Cleric,
    Mage,
    Thief,
    ElvenSpellsword,
}

// ---------------------------------------------------------------- row types

/// T-01.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MovementRow {
    pub speed_ft: u32,
    pub miles_per_day: u32,
}
row!(MovementRow, ["speed_ft", "miles_per_day"]);

/// T-02.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainRow {
    pub terrain: Terrain,
    pub multiplier: Frac,
}
row!(TerrainRow, ["terrain", "multiplier"]);

/// T-03.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NavigationRow {
    pub terrain: NavigationTerrain,
    pub throw: i32,
}
row!(NavigationRow, ["terrain", "throw"]);

/// T-04.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeaNavigationRow {
    pub waters: Waters,
    pub throw: i32,
}
row!(SeaNavigationRow, ["waters", "throw"]);

/// T-05. `None` = not applicable. For a raft, cargo and shp are per square foot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VesselRow {
    pub vessel: Vessel,
    pub sailors: Option<u32>,
    pub rowers: Option<u32>,
    pub marines: Option<u32>,
    pub sail_ft_per_round: Option<u32>,
    pub oar_ft_per_round: Option<u32>,
    pub sail_miles_per_day: Option<u32>,
    pub oar_miles_per_day: Option<u32>,
    pub cargo_stone: Frac,
    pub ac: i32,
    pub shp_min: u32,
    pub shp_max: u32,
    pub per_square_foot: bool,
}
row!(
    VesselRow,
    [
        "vessel",
        "sailors",
        "rowers",
        "marines",
        "sail_ft_per_round",
        "oar_ft_per_round",
        "sail_miles_per_day",
        "oar_miles_per_day",
        "cargo_stone",
        "ac",
        "shp_min",
        "shp_max",
        "per_square_foot"
    ]
);

/// T-06.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WindRow {
    pub d20: Band,
    pub wind: Wind,
    pub multiplier: Frac,
    pub sailing_against_allowed: bool,
    pub storm: bool,
}
row!(
    WindRow,
    [
        "d20",
        "wind",
        "multiplier",
        "sailing_against_allowed",
        "storm"
    ]
);

/// T-07 and T-08: distance = `dice`d`sides` × `multiplier`, in `unit`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EncounterDistanceRow {
    pub terrain: EncounterTerrain,
    pub dice: u32,
    pub sides: u32,
    pub multiplier: u32,
    pub unit: Unit,
}
row!(
    EncounterDistanceRow,
    ["terrain", "dice", "sides", "multiplier", "unit"]
);

/// T-09.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SurpriseRow {
    pub total: Band,
    pub surprised: bool,
}
row!(SurpriseRow, ["total", "surprised"]);

/// T-10.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReactionRow {
    pub total: Band,
    pub reaction: Reaction,
    pub pursues: bool,
}
row!(ReactionRow, ["total", "reaction", "pursues"]);

/// T-11: base throw and modifier by pursuers as a share of the fleeing group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvasionRow {
    pub fleeing: Band,
    pub base_throw: i32,
    pub up_to_25_percent: i32,
    pub from_26_to_75_percent: i32,
    pub from_76_percent: i32,
}
row!(
    EvasionRow,
    [
        "fleeing",
        "base_throw",
        "up_to_25_percent",
        "from_26_to_75_percent",
        "from_76_percent"
    ]
);

/// T-12: `slower_by_ft` is the pursuer's speed minus the evader's (negative: evader faster).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeaEvasionRow {
    pub slower_by_ft: Band,
    pub throw: i32,
}
row!(SeaEvasionRow, ["slower_by_ft", "throw"]);

/// T-13. `None` where the class has no such level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CharacterAttackRow {
    pub level: u32,
    pub fighter: Option<i32>,
    pub cleric_thief: Option<i32>,
    pub mage: Option<i32>,
}
row!(
    CharacterAttackRow,
    ["level", "fighter", "cleric_thief", "mage"]
);

/// T-14. The band is written as Hit Dice ranks (see [`crate::HitDice::rank`]):
/// `<1` = 0, N = 2N, N+ = 2N+1. `normal_human` marks the 0-level row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MonsterAttackRow {
    pub hit_dice: String,
    pub normal_human: bool,
    pub min_rank: u32,
    pub max_rank: Option<u32>,
    pub throw: i32,
}
row!(MonsterAttackRow, ["hit_dice", "throw"]);

/// T-15 (short/medium/long; feet in dungeons, yards outdoors).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MissileRangeRow {
    pub weapon: MissileWeapon,
    pub short: Option<u32>,
    pub medium: Option<u32>,
    pub long: Option<u32>,
    pub confidence: Confidence,
}
row!(
    MissileRangeRow,
    ["weapon", "short", "medium", "long", "confidence"],
    not_found
);

/// T-16: modified d20 band → condition and recovery; d6 → permanent wound (our wording).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MortalWoundRow {
    pub d20: Band,
    pub condition: Condition,
    pub recovery: Recovery,
    pub wounds: [String; 6],
}
row!(MortalWoundRow, ["d20", "condition", "recovery", "wounds"]);

/// T-17.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WoundModifierRow {
    pub factor: WoundFactor,
    pub modifier: i32,
}
row!(WoundModifierRow, ["factor", "modifier"]);

/// T-18: Tampering with Mortality. The shipped rows are ACKS II placeholders (flagged);
/// side-effect cells are empty until the Judge enters them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TamperingRow {
    pub d20: Band,
    pub restored: bool,
    pub bed_rest_days: Option<u32>,
    pub side_effects: [Option<String>; 6],
    pub placeholder: bool,
}
row!(
    TamperingRow,
    [
        "d20",
        "restored",
        "bed_rest_days",
        "side_effects",
        "placeholder"
    ],
    not_found
);

/// T-19: the five save values for a class over a band of levels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveRow {
    pub class: SaveClass,
    pub levels: Band,
    pub paralysis: i32,
    pub death: i32,
    pub breath: i32,
    pub wands: i32,
    pub spells: i32,
}
row!(
    SaveRow,
    [
        "class",
        "levels",
        "paralysis",
        "death",
        "breath",
        "wands",
        "spells"
    ]
);

/// T-20.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoraleRow {
    pub total: Band,
    pub result: MoraleResult,
}
row!(MoraleRow, ["total", "result"]);

/// T-21. `hit_dice` is `<1`, `N`, `N+`, or `22+` (then base and bonus are the increase per
/// Hit Die above 21, added to the 21 row).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct XpRow {
    pub hit_dice: String,
    pub base: u32,
    pub bonus: u32,
}
row!(XpRow, ["hit_dice", "base", "bonus"]);

/// T-22.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThiefSkillRow {
    pub level: u32,
    pub open_locks: i32,
    pub find_remove_traps: i32,
    pub pick_pockets: i32,
    pub move_silently: i32,
    pub climb_walls: i32,
    pub hide_in_shadows: i32,
    pub hear_noise: i32,
}
row!(
    ThiefSkillRow,
    [
        "level",
        "open_locks",
        "find_remove_traps",
        "pick_pockets",
        "move_silently",
        "climb_walls",
        "hide_in_shadows",
        "hear_noise"
    ]
);

/// T-23: only the damage is known; the rest is Judge-entered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArtilleryRow {
    pub weapon: Artillery,
    pub damage_shp: String,
    pub damage_creatures: String,
    pub area: String,
    pub crew_full: Option<u32>,
    pub attack_throw: Option<i32>,
    pub rounds_per_shot: Option<u32>,
    pub range_min: Option<u32>,
    pub range_short: Option<u32>,
    pub range_medium: Option<u32>,
    pub range_long: Option<u32>,
}
row!(
    ArtilleryRow,
    [
        "weapon",
        "damage_shp",
        "damage_creatures",
        "area",
        "crew_full",
        "attack_throw",
        "rounds_per_shot",
        "range_min",
        "range_short",
        "range_medium",
        "range_long"
    ],
    not_found
);

/// T-24: dice expressions entered by the Judge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RamRow {
    pub size: RamSize,
    pub vs_ship_shp: Option<String>,
    pub vs_monster_hp: Option<String>,
}
row!(RamRow, ["size", "vs_ship_shp", "vs_monster_hp"], not_found);

/// T-25 ability modifiers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AbilityModifierRow {
    pub score: Band,
    pub modifier: i32,
}
row!(AbilityModifierRow, ["score", "modifier"]);

/// T-25 prime-requisite XP adjustment, in percent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PrimeRequisiteRow {
    pub score: Band,
    pub percent: i32,
}
row!(PrimeRequisiteRow, ["score", "percent"]);

/// T-25 XP to reach levels 2 and 3.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LevelThresholdRow {
    pub class: XpClass,
    pub level_2: u32,
    pub level_3: u32,
}
row!(LevelThresholdRow, ["class", "level_2", "level_3"]);

// ---------------------------------------------------------------- shipped values

const E1: &str = "ACKS 1e";

fn meta(
    id: u8,
    title: &'static str,
    russian: &'static str,
    source: &'static str,
    confidence: Confidence,
    note: &'static str,
) -> TableMeta {
    TableMeta {
        id: TableId(id),
        title,
        russian,
        source,
        edition: E1,
        confidence,
        note,
    }
}

fn t<R>(meta: TableMeta, rows: Vec<R>) -> Table<R> {
    Table { meta, rows }
}

fn s(x: &str) -> String {
    x.to_string()
}

fn wounds(cells: [&str; 6]) -> [String; 6] {
    cells.map(s)
}

#[allow(clippy::too_many_arguments)]
fn vessel(
    vessel: Vessel,
    crew: [Option<u32>; 3],
    ft: [Option<u32>; 2],
    miles: [Option<u32>; 2],
    cargo: Frac,
    ac: i32,
    shp: (u32, u32),
    per_square_foot: bool,
) -> VesselRow {
    VesselRow {
        vessel,
        sailors: crew[0],
        rowers: crew[1],
        marines: crew[2],
        sail_ft_per_round: ft[0],
        oar_ft_per_round: ft[1],
        sail_miles_per_day: miles[0],
        oar_miles_per_day: miles[1],
        cargo_stone: cargo,
        ac,
        shp_min: shp.0,
        shp_max: shp.1,
        per_square_foot,
    }
}

fn dist(
    terrain: EncounterTerrain,
    dice: u32,
    sides: u32,
    multiplier: u32,
    unit: Unit,
) -> EncounterDistanceRow {
    EncounterDistanceRow {
        terrain,
        dice,
        sides,
        multiplier,
        unit,
    }
}

fn save(class: SaveClass, levels: Band, v: [i32; 5]) -> SaveRow {
    SaveRow {
        class,
        levels,
        paralysis: v[0],
        death: v[1],
        breath: v[2],
        wands: v[3],
        spells: v[4],
    }
}

fn range(weapon: MissileWeapon, r: [Option<u32>; 3], confidence: Confidence) -> MissileRangeRow {
    MissileRangeRow {
        weapon,
        short: r[0],
        medium: r[1],
        long: r[2],
        confidence,
    }
}

fn tamper(d20: Band, restored: bool, bed_rest_days: Option<u32>) -> TamperingRow {
    TamperingRow {
        d20,
        restored,
        bed_rest_days,
        side_effects: Default::default(),
        placeholder: true,
    }
}

impl Tables {
    /// The tables as shipped (TABLES.md values, ACKS 1e unless a row says otherwise).
    pub fn acks_1e() -> Tables {
        use Confidence::*;
        Tables {
            t01_wilderness_movement: t(
                meta(
                    1,
                    "Wilderness Movement Rate",
                    "Время и движение в дикой местности",
                    "ARB",
                    High,
                    "miles/day = feet per turn ÷ 5; 120 ft → 24 mi pinned by the text",
                ),
                (1..=12)
                    .map(|i| MovementRow {
                        speed_ft: 30 * i,
                        miles_per_day: 6 * i,
                    })
                    .collect(),
            ),
            t02_terrain: t(
                meta(
                    2,
                    "Terrain Movement Multipliers",
                    "Время и движение в дикой местности",
                    "ARB",
                    High,
                    "high for road and swamp (pinned: 24 → 36, 24 → 12); medium for the other rows",
                ),
                vec![
                    TerrainRow {
                        terrain: Terrain::Road,
                        multiplier: Frac::new(3, 2),
                    },
                    TerrainRow {
                        terrain: Terrain::Clear,
                        multiplier: Frac::new(1, 1),
                    },
                    TerrainRow {
                        terrain: Terrain::Desert,
                        multiplier: Frac::new(2, 3),
                    },
                    TerrainRow {
                        terrain: Terrain::Hills,
                        multiplier: Frac::new(2, 3),
                    },
                    TerrainRow {
                        terrain: Terrain::Woods,
                        multiplier: Frac::new(2, 3),
                    },
                    TerrainRow {
                        terrain: Terrain::Jungle,
                        multiplier: Frac::new(1, 2),
                    },
                    TerrainRow {
                        terrain: Terrain::Swamp,
                        multiplier: Frac::new(1, 2),
                    },
                    TerrainRow {
                        terrain: Terrain::Mountains,
                        multiplier: Frac::new(1, 2),
                    },
                ],
            ),
            t03_wilderness_navigation: t(
                meta(
                    3,
                    "Wilderness Navigation",
                    "Риск заблудиться",
                    "ARB",
                    Medium,
                    "single source; +4 with Navigation; roads, trails and landmarks need no throw",
                ),
                vec![
                    NavigationRow {
                        terrain: NavigationTerrain::Plains,
                        throw: 4,
                    },
                    NavigationRow {
                        terrain: NavigationTerrain::MountainsOrHills,
                        throw: 7,
                    },
                    NavigationRow {
                        terrain: NavigationTerrain::ForestOrCoast,
                        throw: 7,
                    },
                    NavigationRow {
                        terrain: NavigationTerrain::Desert,
                        throw: 11,
                    },
                    NavigationRow {
                        terrain: NavigationTerrain::JungleOrSwamp,
                        throw: 11,
                    },
                    NavigationRow {
                        terrain: NavigationTerrain::OpenSea,
                        throw: 11,
                    },
                ],
            ),
            t04_sea_navigation: t(
                meta(
                    4,
                    "Sea Navigation",
                    "Риск заблудиться (море)",
                    "ARB",
                    Medium,
                    "+4 with Navigation",
                ),
                vec![
                    SeaNavigationRow {
                        waters: Waters::RiverOrLake,
                        throw: 4,
                    },
                    SeaNavigationRow {
                        waters: Waters::Coast,
                        throw: 7,
                    },
                    SeaNavigationRow {
                        waters: Waters::OpenSea,
                        throw: 11,
                    },
                ],
            ),
            t05_vessels: t(
                meta(
                    5,
                    "Sea Vessels",
                    "Морские суда",
                    "ARB (xml digest and data/equipment/maritime.json)",
                    Medium,
                    "single source; shp rolled per ship; longship crew rows (60) or fights (75); river-boat crew ambiguous",
                ),
                {
                    use Vessel::*;
                    let n = None;
                    vec![
                        vessel(
                            RiverBoat,
                            [n, Some(1), Some(1)],
                            [n, Some(60)],
                            [n, Some(36)],
                            Frac::new(600, 1),
                            1,
                            (20, 45),
                            false,
                        ),
                        vessel(
                            SailingBoat,
                            [Some(1), n, n],
                            [Some(45), n],
                            [Some(72), n],
                            Frac::new(400, 1),
                            1,
                            (20, 45),
                            false,
                        ),
                        vessel(
                            Canoe,
                            [n, Some(1), n],
                            [n, Some(60)],
                            [n, Some(18)],
                            Frac::new(60, 1),
                            0,
                            (5, 10),
                            false,
                        ),
                        vessel(
                            LargeGalley,
                            [Some(20), Some(180), Some(50)],
                            [Some(60), Some(120)],
                            [Some(90), Some(50)],
                            Frac::new(4000, 1),
                            2,
                            (95, 120),
                            false,
                        ),
                        vessel(
                            SmallGalley,
                            [Some(10), Some(60), Some(20)],
                            [Some(60), Some(150)],
                            [Some(90), Some(60)],
                            Frac::new(2000, 1),
                            1,
                            (75, 100),
                            false,
                        ),
                        vessel(
                            WarGalley,
                            [Some(30), Some(300), Some(75)],
                            [Some(45), Some(120)],
                            [Some(72), Some(50)],
                            Frac::new(6000, 1),
                            2,
                            (125, 150),
                            false,
                        ),
                        vessel(
                            Lifeboat,
                            [n, Some(1), n],
                            [n, Some(30)],
                            [n, Some(18)],
                            Frac::new(150, 1),
                            0,
                            (12, 18),
                            false,
                        ),
                        vessel(
                            Longship,
                            [Some(75), Some(60), Some(75)],
                            [Some(60), Some(150)],
                            [Some(90), Some(60)],
                            Frac::new(2000, 1),
                            1,
                            (65, 80),
                            false,
                        ),
                        vessel(
                            Raft,
                            [Some(1), n, n],
                            [n, Some(30)],
                            [n, Some(12)],
                            Frac::new(5, 2),
                            0,
                            (5, 5),
                            true,
                        ),
                        vessel(
                            LargeSailingShip,
                            [Some(20), n, n],
                            [Some(45), n],
                            [Some(72), n],
                            Frac::new(30000, 1),
                            2,
                            (125, 180),
                            false,
                        ),
                        vessel(
                            SmallSailingShip,
                            [Some(12), n, n],
                            [Some(60), n],
                            [Some(90), n],
                            Frac::new(10000, 1),
                            1,
                            (65, 90),
                            false,
                        ),
                        vessel(
                            LargeTroopTransport,
                            [Some(20), n, Some(50)],
                            [Some(45), n],
                            [Some(72), n],
                            Frac::new(30000, 1),
                            2,
                            (150, 200),
                            false,
                        ),
                        vessel(
                            SmallTroopTransport,
                            [Some(12), n, Some(25)],
                            [Some(60), n],
                            [Some(90), n],
                            Frac::new(10000, 1),
                            1,
                            (90, 110),
                            false,
                        ),
                    ]
                },
            ),
            t06_wind: t(
                meta(
                    6,
                    "Wind Conditions",
                    "Движение по морю",
                    "ARB",
                    MediumHigh,
                    "row order pinned by the tacking example; galley storm save 18+ per the text (AC-OPEN-05)",
                ),
                vec![
                    WindRow {
                        d20: Band::one(1),
                        wind: Wind::Becalmed,
                        multiplier: Frac::new(0, 1),
                        sailing_against_allowed: true,
                        storm: false,
                    },
                    WindRow {
                        d20: Band::range(2, 4),
                        wind: Wind::LightBreeze,
                        multiplier: Frac::new(1, 3),
                        sailing_against_allowed: true,
                        storm: false,
                    },
                    WindRow {
                        d20: Band::range(5, 8),
                        wind: Wind::ModerateBreeze,
                        multiplier: Frac::new(2, 3),
                        sailing_against_allowed: true,
                        storm: false,
                    },
                    WindRow {
                        d20: Band::range(9, 12),
                        wind: Wind::AverageWinds,
                        multiplier: Frac::new(1, 1),
                        sailing_against_allowed: true,
                        storm: false,
                    },
                    WindRow {
                        d20: Band::range(13, 16),
                        wind: Wind::StrongWinds,
                        multiplier: Frac::new(4, 3),
                        sailing_against_allowed: true,
                        storm: false,
                    },
                    WindRow {
                        d20: Band::range(17, 19),
                        wind: Wind::VeryStrongWinds,
                        multiplier: Frac::new(5, 3),
                        sailing_against_allowed: false,
                        storm: false,
                    },
                    WindRow {
                        d20: Band::one(20),
                        wind: Wind::Gale,
                        multiplier: Frac::new(2, 1),
                        sailing_against_allowed: false,
                        storm: true,
                    },
                ],
            ),
            t07_dungeon_encounter_distance: t(
                meta(
                    7,
                    "Dungeon Encounter Distance",
                    "Столкновения в подземельях",
                    "text",
                    High,
                    "stated in the text; capped by the map and by light",
                ),
                vec![dist(EncounterTerrain::Dungeon, 2, 6, 10, Unit::Feet)],
            ),
            t08_wilderness_encounter_distance: t(
                meta(
                    8,
                    "Wilderness Encounter Distance",
                    "Дистанция столкновения для дикой местности",
                    "ARB",
                    Medium,
                    "light forest 5d8 and plains/sea 5d20 × 10 pinned by the text; hills not listed (Judge picks the closest row)",
                ),
                {
                    use EncounterTerrain::*;
                    let y = Unit::Yards;
                    vec![
                        dist(Badlands, 2, 6, 10, y),
                        dist(Desert, 4, 6, 10, y),
                        dist(FieldsFallow, 4, 6, 10, y),
                        dist(FieldsRipe, 5, 10, 1, y),
                        dist(FieldsWild, 3, 6, 5, y),
                        dist(HeavyForestOrJungle, 5, 4, 1, y),
                        dist(LightForest, 5, 8, 1, y),
                        dist(Marsh, 8, 10, 1, y),
                        dist(Mountains, 4, 6, 10, y),
                        dist(Plains, 5, 20, 10, y),
                        dist(Sea, 5, 20, 10, y),
                    ]
                },
            ),
            t09_surprise: t(
                meta(
                    9,
                    "Surprise",
                    "Внезапность",
                    "ARB; OMO (Core p.97); text",
                    High,
                    "Alertness: surprised only on 1",
                ),
                vec![
                    SurpriseRow {
                        total: Band::up_to(2),
                        surprised: true,
                    },
                    SurpriseRow {
                        total: Band::from(3),
                        surprised: false,
                    },
                ],
            ),
            t10_reaction: t(
                meta(
                    10,
                    "Monster Reaction",
                    "Реакция монстров",
                    "ARB; OMO (Core p.99); FVA",
                    High,
                    "2d6 + leader's CHA modifier + Judge modifiers",
                ),
                vec![
                    ReactionRow {
                        total: Band::up_to(2),
                        reaction: Reaction::Hostile,
                        pursues: true,
                    },
                    ReactionRow {
                        total: Band::range(3, 5),
                        reaction: Reaction::Unfriendly,
                        pursues: true,
                    },
                    ReactionRow {
                        total: Band::range(6, 8),
                        reaction: Reaction::Neutral,
                        pursues: true,
                    },
                    ReactionRow {
                        total: Band::range(9, 11),
                        reaction: Reaction::Indifferent,
                        pursues: false,
                    },
                    ReactionRow {
                        total: Band::from(12),
                        reaction: Reaction::Friendly,
                        pursues: false,
                    },
                ],
            ),
            t11_evasion: t(
                meta(
                    11,
                    "Evasion Modifier by Size of Pursuing Group",
                    "Модификатор уклонения в зависимости от размера преследующей группы",
                    "ARB",
                    Medium,
                    "row 1–4 at +0 and +4 pinned (4 vs 1 → 11+, 4 vs 2 → 7+); chance never below 5 %",
                ),
                vec![
                    EvasionRow {
                        fleeing: Band::range(1, 4),
                        base_throw: 11,
                        up_to_25_percent: 0,
                        from_26_to_75_percent: 4,
                        from_76_percent: 8,
                    },
                    EvasionRow {
                        fleeing: Band::range(5, 12),
                        base_throw: 14,
                        up_to_25_percent: 0,
                        from_26_to_75_percent: 3,
                        from_76_percent: 5,
                    },
                    EvasionRow {
                        fleeing: Band::range(13, 24),
                        base_throw: 16,
                        up_to_25_percent: 0,
                        from_26_to_75_percent: 3,
                        from_76_percent: 5,
                    },
                    EvasionRow {
                        fleeing: Band::from(25),
                        base_throw: 19,
                        up_to_25_percent: 0,
                        from_26_to_75_percent: 3,
                        from_76_percent: 5,
                    },
                ],
            ),
            t12_sea_evasion: t(
                meta(
                    12,
                    "Sea Evasion",
                    "Уклонение в море",
                    "ARB",
                    Medium,
                    "ARB's 61'-91' / 91'-120' typos corrected; B/X differs in the 61–90 row",
                ),
                vec![
                    SeaEvasionRow {
                        slower_by_ft: Band::up_to(-1),
                        throw: 5,
                    },
                    SeaEvasionRow {
                        slower_by_ft: Band::range(0, 30),
                        throw: 11,
                    },
                    SeaEvasionRow {
                        slower_by_ft: Band::range(31, 60),
                        throw: 13,
                    },
                    SeaEvasionRow {
                        slower_by_ft: Band::range(61, 90),
                        throw: 15,
                    },
                    SeaEvasionRow {
                        slower_by_ft: Band::range(91, 120),
                        throw: 17,
                    },
                    SeaEvasionRow {
                        slower_by_ft: Band::from(121),
                        throw: 19,
                    },
                ],
            ),
            t13_character_attack: t(
                meta(
                    13,
                    "Character Attack Throws",
                    "Уровень атакующего персонажа и броски атаки",
                    "ARB; OMO",
                    High,
                    "level 0 = all 0-level humans; fighter 10 = 4+ pinned (AC-EX-07)",
                ),
                {
                    let f = [11, 10, 9, 9, 8, 7, 7, 6, 5, 5, 4, 3, 3, 2, 1];
                    let ct = [10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4];
                    let m = [10, 10, 10, 9, 9, 9, 8, 8, 8, 7, 7, 7, 6, 6];
                    (0..=14u32)
                        .map(|l| {
                            let i = l as usize;
                            CharacterAttackRow {
                                level: l,
                                fighter: Some(f[i]),
                                cleric_thief: i.checked_sub(1).map(|j| ct[j]),
                                mage: i.checked_sub(1).map(|j| m[j]),
                            }
                        })
                        .collect()
                },
            ),
            t14_monster_attack: t(
                meta(
                    14,
                    "Monster Attack Throws",
                    "Броски атак монстров",
                    "OMO; FVA monster compendium",
                    MediumHigh,
                    "\"N+\" = N HD plus a hit-point bonus; 20 HD = −3 pinned (AC-EX-08)",
                ),
                {
                    let mut rows = vec![
                        MonsterAttackRow {
                            hit_dice: s("normal human"),
                            normal_human: true,
                            min_rank: 0,
                            max_rank: Some(0),
                            throw: 11,
                        },
                        MonsterAttackRow {
                            hit_dice: s("up to 1"),
                            normal_human: false,
                            min_rank: 0,
                            max_rank: Some(2),
                            throw: 10,
                        },
                    ];
                    // "N+ to M": ranks 2N+1 ..= 2M.
                    let bands: [(u32, u32, i32); 13] = [
                        (1, 2, 9),
                        (2, 3, 8),
                        (3, 4, 7),
                        (4, 5, 6),
                        (5, 6, 5),
                        (6, 7, 4),
                        (7, 9, 3),
                        (9, 11, 2),
                        (11, 13, 1),
                        (13, 15, 0),
                        (15, 17, -1),
                        (17, 19, -2),
                        (19, 21, -3),
                    ];
                    for (n, m, throw) in bands {
                        rows.push(MonsterAttackRow {
                            hit_dice: format!("{n}+ to {m}"),
                            normal_human: false,
                            min_rank: 2 * n + 1,
                            max_rank: Some(2 * m),
                            throw,
                        });
                    }
                    rows.push(MonsterAttackRow {
                        hit_dice: s("21+ and more"),
                        normal_human: false,
                        min_rank: 43,
                        max_rank: None,
                        throw: -4,
                    });
                    rows
                },
            ),
            t15_missile_ranges: t(
                meta(
                    15,
                    "Missile Weapon Ranges",
                    "Дистанции дальнобойного оружия",
                    "ARB; OMO; FVA",
                    Medium,
                    "short +0 / medium −2 / long −5; oil flask and holy water ranges not found",
                ),
                {
                    use MissileWeapon::*;
                    let r = |a, b, c| [Some(a), Some(b), Some(c)];
                    vec![
                        range(Arbalest, r(90, 180, 270), Low),
                        range(Bola, r(10, 20, 30), Low),
                        range(CompositeBow, r(70, 140, 210), Medium),
                        range(Crossbow, r(80, 160, 240), Medium),
                        range(Dagger, r(10, 20, 30), High),
                        range(Dart, r(15, 30, 45), High),
                        range(HandAxe, r(10, 20, 30), High),
                        range(Javelin, r(20, 40, 60), Medium),
                        range(Longbow, r(70, 140, 210), High),
                        range(Net, [Some(10), None, None], Medium),
                        range(ShortBow, r(50, 100, 150), Medium),
                        range(Sling, r(40, 80, 160), Low),
                        range(Spear, r(20, 40, 60), High),
                        range(OilFlask, [None, None, None], NotFound),
                        range(HolyWater, [None, None, None], NotFound),
                    ]
                },
            ),
            t16_mortal_wounds: t(
                meta(
                    16,
                    "Mortal Wounds",
                    "Смертельные ранения",
                    "OMO (Core p.106); bands also FV2",
                    High,
                    "high for bands and recovery (AC-EX-09); medium for the d6 cells; 21–25/3 kept (AC-OPEN-02)",
                ),
                vec![
                    MortalWoundRow {
                        d20: Band::up_to(-6),
                        condition: Condition::Killed,
                        recovery: Recovery::None,
                        wounds: wounds([
                            "nothing left of the body",
                            "a stain and bone shards",
                            "barely recognisable",
                            "badly mangled",
                            "mangled bones and flesh",
                            "ghastly wound",
                        ]),
                    },
                    MortalWoundRow {
                        d20: Band::range(-5, 0),
                        condition: Condition::Killed,
                        recovery: Recovery::None,
                        wounds: wounds([
                            "a stain and bone shards",
                            "barely recognisable",
                            "badly mangled",
                            "mangled bones and flesh",
                            "ghastly wound",
                            "body largely intact",
                        ]),
                    },
                    MortalWoundRow {
                        d20: Band::range(1, 5),
                        condition: Condition::MortallyWounded,
                        recovery: Recovery::HealWithin {
                            deadline: Deadline::Round,
                            bed_rest_days: 30,
                        },
                        wounds: wounds([
                            "spine broken at the neck: DEX 3, cannot move, fight, use items or cast; save vs Death monthly or die",
                            "spine broken at the waist: as both legs lost, cannot reproduce; save vs Death yearly or die",
                            "both arms lost: cannot climb, use weapons or items, open locks or remove traps",
                            "both legs lost: DEX 3 for AC, two crutches, movement −60 ft, no forced march",
                            "blinded: −4 to all attack throws, no line of sight for spells, movement ×1/4, −2 surprise",
                            "lips and tongue lost: cannot speak, cast or use command words; −4 reactions",
                        ]),
                    },
                    MortalWoundRow {
                        d20: Band::range(6, 10),
                        condition: Condition::GrievouslyWounded,
                        recovery: Recovery::HealWithin {
                            deadline: Deadline::Turn,
                            bed_rest_days: 14,
                        },
                        wounds: wounds([
                            "brain trauma: −2 magical research and proficiency throws, −10 % XP earned",
                            "both legs lamed: crutch, movement −60 ft, DEX −2/3 for AC",
                            "one arm lost: no climbing, shield, two weapons or two-handed weapons",
                            "one leg lost: crutch or peg, movement −30 ft, DEX −1/3 for AC",
                            "one eye lost: −2 missile attack throws",
                            "one ear crushed: −1 hear noise, −1 surprise",
                        ]),
                    },
                    MortalWoundRow {
                        d20: Band::range(11, 15),
                        condition: Condition::CriticallyWounded,
                        recovery: Recovery::HealWithin {
                            deadline: Deadline::Day,
                            bed_rest_days: 7,
                        },
                        wounds: wounds([
                            "heart and lungs: rest 2 turns in every 6, wilderness movement −1/3, no forced march, CON −1/3",
                            "one leg lamed: movement −30 ft, DEX −1/3 for AC",
                            "one hand lost: no two weapons or two-handed weapons",
                            "knee: carrying capacity −6 stone, no forced march",
                            "eye damaged: −2 missile attacks at medium and long range",
                            "1d6 teeth lost: −2 reactions with the opposite sex and upper-class NPCs",
                        ]),
                    },
                    MortalWoundRow {
                        d20: Band::range(16, 20),
                        condition: Condition::InShock,
                        recovery: Recovery::MagicAndNightOrWeek,
                        wounds: wounds([
                            "gruesome scar: cannot impersonate, +2 intimidation, −4 other reactions",
                            "genitals: cannot reproduce, −3 reactions if known",
                            "notable scar: −2 impersonation (3 notable = 1 gruesome)",
                            "hips and lower back: no forced march",
                            "minor scar (3 minor = 1 notable)",
                            "no effect",
                        ]),
                    },
                    MortalWoundRow {
                        d20: Band::range(21, 25),
                        condition: Condition::KnockedOut,
                        recovery: Recovery::MagicOrNight,
                        wounds: wounds([
                            "heals stiff: −1 to all initiative",
                            "notable scar",
                            "1d3 fingers lost on one hand (3 = hand useless)",
                            "minor scar",
                            "no effect",
                            "no effect",
                        ]),
                    },
                    MortalWoundRow {
                        d20: Band::from(26),
                        condition: Condition::Dazed,
                        recovery: Recovery::AtOnce,
                        wounds: wounds([
                            "old wounds ache: −1 initiative on cold or rainy days",
                            "1d3 toes lost on one foot (3 = leg lame)",
                            "minor scar",
                            "no effect",
                            "no effect",
                            "no effect",
                        ]),
                    },
                ],
            ),
            t17_wound_modifiers: t(
                meta(
                    17,
                    "Mortal Wounds Modifiers",
                    "Модификаторы (1d20)",
                    "text",
                    High,
                    "pinned by AC-EX-09 (−2 + 4 + 2 + 3 = +7); after-the-fight −3 (AC-OPEN-01)",
                ),
                {
                    use WoundFactor::*;
                    [
                        (HpExactlyZero, 5),
                        (HpBelowQuarter, 0),
                        (HpQuarterToHalf, -2),
                        (HpHalfOrMore, -5),
                        (PerHealingSpellLevel, 1),
                        (HealingProficiency, 2),
                        (WithinOneRound, 2),
                        (AfterTheFight, -3),
                        (WithinOneHour, -5),
                        (WithinOneDay, -8),
                        (Later, -10),
                        (PerNonlethalPoint, 1),
                    ]
                    .into_iter()
                    .map(|(factor, modifier)| WoundModifierRow { factor, modifier })
                    .collect()
                },
            ),
            t18_tampering: t(
                TableMeta {
                    id: TableId(18),
                    title: "Tampering with Mortality",
                    russian: "Игра со смертью",
                    source: "FV2 (ACKS II placeholder bands); AF (designer answer); modifiers from the text",
                    edition: "ACKS II placeholder",
                    confidence: Low,
                    note: "not found for ACKS 1e; side-effect cells empty until the Judge enters them",
                },
                vec![
                    tamper(Band::up_to(-6), false, None),
                    tamper(Band::range(-5, 0), false, None),
                    tamper(Band::range(1, 5), true, Some(30)),
                    tamper(Band::range(6, 10), true, Some(21)),
                    tamper(Band::range(11, 15), true, Some(14)),
                    tamper(Band::range(16, 20), true, Some(14)),
                    tamper(Band::range(21, 25), true, Some(7)),
                    tamper(Band::from(26), true, Some(0)),
                ],
            ),
            t19_saves: t(
                meta(
                    19,
                    "Saving Throws",
                    "Спасброски воина / жреца / мага / вора",
                    "ARB; OMO; FVA",
                    High,
                    "level 0 = all 0-level humans (15/17 per OMO and FVA); OMO thief 3–4 swap corrected",
                ),
                {
                    use SaveClass::*;
                    let b = Band::range;
                    vec![
                        save(Fighter, b(0, 0), [16, 15, 17, 17, 18]),
                        save(Fighter, b(1, 1), [15, 14, 16, 16, 17]),
                        save(Fighter, b(2, 3), [14, 13, 15, 15, 16]),
                        save(Fighter, b(4, 4), [13, 12, 14, 14, 15]),
                        save(Fighter, b(5, 6), [12, 11, 13, 13, 14]),
                        save(Fighter, b(7, 7), [11, 10, 12, 12, 13]),
                        save(Fighter, b(8, 9), [10, 9, 11, 11, 12]),
                        save(Fighter, b(10, 10), [9, 8, 10, 10, 11]),
                        save(Fighter, b(11, 12), [8, 7, 9, 9, 10]),
                        save(Fighter, b(13, 13), [7, 6, 8, 8, 9]),
                        save(Fighter, b(14, 14), [6, 5, 7, 7, 8]),
                        save(Cleric, b(1, 2), [13, 10, 16, 13, 15]),
                        save(Cleric, b(3, 4), [12, 9, 15, 12, 14]),
                        save(Cleric, b(5, 6), [11, 8, 14, 11, 13]),
                        save(Cleric, b(7, 8), [10, 7, 13, 10, 12]),
                        save(Cleric, b(9, 10), [9, 6, 12, 9, 11]),
                        save(Cleric, b(11, 12), [8, 5, 11, 8, 10]),
                        save(Cleric, b(13, 14), [7, 4, 10, 7, 9]),
                        save(Mage, b(1, 3), [13, 13, 15, 11, 12]),
                        save(Mage, b(4, 6), [12, 12, 14, 10, 11]),
                        save(Mage, b(7, 9), [11, 11, 13, 9, 10]),
                        save(Mage, b(10, 12), [10, 10, 12, 8, 9]),
                        save(Mage, b(13, 14), [9, 9, 11, 7, 8]),
                        save(Thief, b(1, 2), [13, 13, 16, 14, 15]),
                        save(Thief, b(3, 4), [12, 12, 15, 13, 14]),
                        save(Thief, b(5, 6), [11, 11, 14, 12, 13]),
                        save(Thief, b(7, 8), [10, 10, 13, 11, 12]),
                        save(Thief, b(9, 10), [9, 9, 12, 10, 11]),
                        save(Thief, b(11, 12), [8, 8, 11, 9, 10]),
                        save(Thief, b(13, 14), [7, 7, 10, 8, 9]),
                    ]
                },
            ),
            t20_morale: t(
                meta(
                    20,
                    "Monster Morale",
                    "Моральный дух монстров",
                    "OMO (Core p.110); FVA",
                    High,
                    "scores −6 and +4 never roll; −2 when both triggers fall in one round",
                ),
                vec![
                    MoraleRow {
                        total: Band::up_to(2),
                        result: MoraleResult::Retreat,
                    },
                    MoraleRow {
                        total: Band::range(3, 5),
                        result: MoraleResult::FightingWithdrawal,
                    },
                    MoraleRow {
                        total: Band::range(6, 8),
                        result: MoraleResult::FightOn,
                    },
                    MoraleRow {
                        total: Band::range(9, 11),
                        result: MoraleResult::AdvanceAndPursue,
                    },
                    MoraleRow {
                        total: Band::from(12),
                        result: MoraleResult::VictoryOrDeath,
                    },
                ],
            ),
            t21_monster_xp: t(
                meta(
                    21,
                    "Monster XP",
                    "Опыт за монстров",
                    "ARB; stat blocks in ARB and FVA",
                    High,
                    "5 HD = 200 pinned (AC-EX-12); 9 HD = 700/600 kept against the lamia example (AC-OPEN-04)",
                ),
                [
                    ("<1", 5, 1),
                    ("1", 10, 3),
                    ("1+", 15, 6),
                    ("2", 20, 9),
                    ("2+", 35, 12),
                    ("3", 50, 15),
                    ("3+", 65, 35),
                    ("4", 80, 55),
                    ("4+", 140, 75),
                    ("5", 200, 150),
                    ("5+", 260, 200),
                    ("6", 320, 250),
                    ("6+", 380, 300),
                    ("7", 440, 350),
                    ("7+", 500, 400),
                    ("8", 600, 500),
                    ("9", 700, 600),
                    ("10", 850, 700),
                    ("11", 1000, 800),
                    ("12", 1200, 900),
                    ("13", 1400, 1000),
                    ("14", 1600, 1100),
                    ("15", 1800, 1200),
                    ("16", 2000, 1300),
                    ("17", 2200, 1400),
                    ("18", 2400, 1500),
                    ("19", 2600, 1600),
                    ("20", 2800, 1800),
                    ("21", 3000, 2000),
                    ("22+", 250, 250),
                ]
                .into_iter()
                .map(|(h, base, bonus)| XpRow {
                    hit_dice: s(h),
                    base,
                    bonus,
                })
                .collect(),
            ),
            t22_thief_skills: t(
                meta(
                    22,
                    "Thief Skills",
                    "Умения вора",
                    "ARB; OMO (Core p.23)",
                    High,
                    "negative pick-pockets values: the throw is penalised by the victim's level",
                ),
                [
                    [18, 18, 17, 17, 6, 19, 14],
                    [17, 17, 16, 16, 5, 18, 13],
                    [16, 16, 15, 15, 5, 17, 12],
                    [15, 15, 14, 14, 4, 16, 11],
                    [14, 14, 13, 13, 4, 15, 10],
                    [12, 13, 12, 12, 4, 14, 9],
                    [10, 11, 10, 10, 3, 12, 8],
                    [8, 9, 8, 8, 3, 10, 7],
                    [6, 7, 6, 6, 3, 8, 6],
                    [4, 5, 4, 4, 3, 6, 5],
                    [3, 3, 2, 2, 2, 4, 4],
                    [2, 2, -1, 2, 2, 3, 3],
                    [1, 2, -3, 1, 1, 2, 2],
                    [1, 1, -5, 1, 1, 1, 1],
                ]
                .into_iter()
                .zip(1..)
                .map(|(v, level)| ThiefSkillRow {
                    level,
                    open_locks: v[0],
                    find_remove_traps: v[1],
                    pick_pockets: v[2],
                    move_silently: v[3],
                    climb_walls: v[4],
                    hide_in_shadows: v[5],
                    hear_noise: v[6],
                })
                .collect(),
            ),
            t23_artillery: t(
                TableMeta {
                    id: TableId(23),
                    title: "Ship Artillery",
                    russian: "Баллиста; Катапульта",
                    source: "text (damage only)",
                    edition: E1,
                    confidence: NotFound,
                    note: "crew, rate of fire, attack throw and ranges not found; the Judge enters them",
                },
                [
                    (Artillery::Ballista, "3d6", "3d6", "5-ft-wide line"),
                    (Artillery::LightCatapult, "3d6", "3d6", "5 ft"),
                    (Artillery::HeavyCatapult, "4d6", "4d6", "10 ft"),
                ]
                .into_iter()
                .map(|(weapon, shp, hp, area)| ArtilleryRow {
                    weapon,
                    damage_shp: s(shp),
                    damage_creatures: s(hp),
                    area: s(area),
                    crew_full: None,
                    attack_throw: None,
                    rounds_per_shot: None,
                    range_min: None,
                    range_short: None,
                    range_medium: None,
                    range_long: None,
                })
                .collect(),
            ),
            t24_ram: t(
                TableMeta {
                    id: TableId(24),
                    title: "Ram Damage",
                    russian: "Таран",
                    source: "none",
                    edition: E1,
                    confidence: NotFound,
                    note: "not found; the Judge enters the dice; ramming itself works regardless",
                },
                vec![
                    RamRow {
                        size: RamSize::Small,
                        vs_ship_shp: None,
                        vs_monster_hp: None,
                    },
                    RamRow {
                        size: RamSize::Large,
                        vs_ship_shp: None,
                        vs_monster_hp: None,
                    },
                ],
            ),
            t25_ability_modifiers: t(
                meta(
                    25,
                    "Ability Score Modifiers",
                    "(other chapters)",
                    "ARB; R20",
                    High,
                    "STR 18 = +3 pinned (AC-EX-16)",
                ),
                [
                    (3, 3, -3),
                    (4, 5, -2),
                    (6, 8, -1),
                    (9, 12, 0),
                    (13, 15, 1),
                    (16, 17, 2),
                    (18, 18, 3),
                ]
                .into_iter()
                .map(|(l, h, modifier)| AbilityModifierRow {
                    score: Band::range(l, h),
                    modifier,
                })
                .collect(),
            ),
            t25_prime_requisite: t(
                meta(
                    25,
                    "Prime Requisite XP Adjustment",
                    "(other chapters)",
                    "ARB",
                    MediumHigh,
                    "+10 % pinned (AC-EX-13); two prime requisites: use the lower",
                ),
                [(9, 12, 0), (13, 15, 5), (16, 18, 10)]
                    .into_iter()
                    .map(|(l, h, percent)| PrimeRequisiteRow {
                        score: Band::range(l, h),
                        percent,
                    })
                    .collect(),
            ),
            t25_level_thresholds: t(
                meta(
                    25,
                    "XP for Levels 2 and 3",
                    "(other chapters)",
                    "ARB; OMO",
                    High,
                    "elven spellsword 8,000 pinned (AC-EX-14); 0-level → fighter 1 at 100 XP",
                ),
                [
                    (XpClass::Fighter, 2000, 4000),
                    (XpClass::Cleric, 1500, 3000),
                    (XpClass::Mage, 2500, 5000),
                    (XpClass::Thief, 1250, 2500),
                    (XpClass::ElvenSpellsword, 4000, 8000),
                ]
                .into_iter()
                .map(|(class, level_2, level_3)| LevelThresholdRow {
                    class,
                    level_2,
                    level_3,
                })
                .collect(),
            ),
        }
    }
}
