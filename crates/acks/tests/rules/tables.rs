//! Every table of TABLES.md walked row by row against an independent copy of its values, plus
//! the metadata, the Judge's row overrides and the refusals of tables not recovered.
use delve_acks::tables::*;
use delve_acks::{AcksError, Tables};

fn tables() -> Tables {
    Tables::acks_1e()
}

#[test]
fn ac_gen_02_every_table_carries_number_source_and_confidence() {
    let t = tables();
    for id in TableId::all() {
        let rendered = t.render(id);
        assert!(!rendered.is_empty(), "{id}");
        for r in rendered {
            assert_eq!(r.meta.id, id);
            assert!(
                !r.meta.title.is_empty() && !r.meta.source.is_empty(),
                "{id}"
            );
            assert!(!r.rows.is_empty(), "{id} has rows");
            assert!(
                r.rows.iter().all(|row| row.len() == r.columns.len()),
                "{id}"
            );
        }
    }
    assert_eq!(t.t16_mortal_wounds.meta.confidence, Confidence::High);
    assert_eq!(t.t18_tampering.meta.confidence, Confidence::Low);
    assert_eq!(t.t23_artillery.meta.confidence, Confidence::NotFound);
    assert_eq!(t.t24_ram.meta.confidence, Confidence::NotFound);
    assert_eq!(t.t05_vessels.meta.confidence, Confidence::Medium);
    assert_eq!(t.t18_tampering.meta.edition, "ACKS II placeholder");
    assert_eq!("t-16".parse::<TableId>().unwrap(), TableId(16));
    assert!(matches!(
        "T-26".parse::<TableId>(),
        Err(AcksError::UnknownTable(_))
    ));
}

#[test]
fn t01_walk() {
    let rows: Vec<(u32, u32)> = tables()
        .t01_wilderness_movement
        .rows
        .iter()
        .map(|r| (r.speed_ft, r.miles_per_day))
        .collect();
    assert_eq!(
        rows,
        vec![
            (30, 6),
            (60, 12),
            (90, 18),
            (120, 24),
            (150, 30),
            (180, 36),
            (210, 42),
            (240, 48),
            (270, 54),
            (300, 60),
            (330, 66),
            (360, 72)
        ]
    );
}

#[test]
fn t02_walk() {
    use Terrain::*;
    let rows: Vec<(Terrain, String)> = tables()
        .t02_terrain
        .rows
        .iter()
        .map(|r| (r.terrain, String::from(r.multiplier)))
        .collect();
    let want = [
        (Road, "3/2"),
        (Clear, "1"),
        (Desert, "2/3"),
        (Hills, "2/3"),
        (Woods, "2/3"),
        (Jungle, "1/2"),
        (Swamp, "1/2"),
        (Mountains, "1/2"),
    ];
    assert_eq!(rows, want.map(|(t, m)| (t, m.to_string())).to_vec());
}

#[test]
fn t03_t04_walk() {
    use NavigationTerrain::*;
    let rows: Vec<_> = tables()
        .t03_wilderness_navigation
        .rows
        .iter()
        .map(|r| (r.terrain, r.throw))
        .collect();
    assert_eq!(
        rows,
        vec![
            (Plains, 4),
            (MountainsOrHills, 7),
            (ForestOrCoast, 7),
            (Desert, 11),
            (JungleOrSwamp, 11),
            (OpenSea, 11)
        ]
    );
    let rows: Vec<_> = tables()
        .t04_sea_navigation
        .rows
        .iter()
        .map(|r| (r.waters, r.throw))
        .collect();
    assert_eq!(
        rows,
        vec![
            (Waters::RiverOrLake, 4),
            (Waters::Coast, 7),
            (Waters::OpenSea, 11)
        ]
    );
}

#[test]
fn t05_walk() {
    type V = (
        Option<u32>,
        Option<u32>,
        Option<u32>,
        Option<u32>,
        Option<u32>,
        Option<u32>,
        Option<u32>,
        String,
        i32,
        u32,
        u32,
        bool,
    );
    let n = None;
    let s = Some;
    let want: Vec<(Vessel, V)> = vec![
        (
            Vessel::RiverBoat,
            (
                n,
                s(1),
                s(1),
                n,
                s(60),
                n,
                s(36),
                "600".into(),
                1,
                20,
                45,
                false,
            ),
        ),
        (
            Vessel::SailingBoat,
            (
                s(1),
                n,
                n,
                s(45),
                n,
                s(72),
                n,
                "400".into(),
                1,
                20,
                45,
                false,
            ),
        ),
        (
            Vessel::Canoe,
            (n, s(1), n, n, s(60), n, s(18), "60".into(), 0, 5, 10, false),
        ),
        (
            Vessel::LargeGalley,
            (
                s(20),
                s(180),
                s(50),
                s(60),
                s(120),
                s(90),
                s(50),
                "4000".into(),
                2,
                95,
                120,
                false,
            ),
        ),
        (
            Vessel::SmallGalley,
            (
                s(10),
                s(60),
                s(20),
                s(60),
                s(150),
                s(90),
                s(60),
                "2000".into(),
                1,
                75,
                100,
                false,
            ),
        ),
        (
            Vessel::WarGalley,
            (
                s(30),
                s(300),
                s(75),
                s(45),
                s(120),
                s(72),
                s(50),
                "6000".into(),
                2,
                125,
                150,
                false,
            ),
        ),
        (
            Vessel::Lifeboat,
            (
                n,
                s(1),
                n,
                n,
                s(30),
                n,
                s(18),
                "150".into(),
                0,
                12,
                18,
                false,
            ),
        ),
        (
            Vessel::Longship,
            (
                s(75),
                s(60),
                s(75),
                s(60),
                s(150),
                s(90),
                s(60),
                "2000".into(),
                1,
                65,
                80,
                false,
            ),
        ),
        (
            Vessel::Raft,
            (s(1), n, n, n, s(30), n, s(12), "5/2".into(), 0, 5, 5, true),
        ),
        (
            Vessel::LargeSailingShip,
            (
                s(20),
                n,
                n,
                s(45),
                n,
                s(72),
                n,
                "30000".into(),
                2,
                125,
                180,
                false,
            ),
        ),
        (
            Vessel::SmallSailingShip,
            (
                s(12),
                n,
                n,
                s(60),
                n,
                s(90),
                n,
                "10000".into(),
                1,
                65,
                90,
                false,
            ),
        ),
        (
            Vessel::LargeTroopTransport,
            (
                s(20),
                n,
                s(50),
                s(45),
                n,
                s(72),
                n,
                "30000".into(),
                2,
                150,
                200,
                false,
            ),
        ),
        (
            Vessel::SmallTroopTransport,
            (
                s(12),
                n,
                s(25),
                s(60),
                n,
                s(90),
                n,
                "10000".into(),
                1,
                90,
                110,
                false,
            ),
        ),
    ];
    let got: Vec<(Vessel, V)> = tables()
        .t05_vessels
        .rows
        .iter()
        .map(|r| {
            (
                r.vessel,
                (
                    r.sailors,
                    r.rowers,
                    r.marines,
                    r.sail_ft_per_round,
                    r.oar_ft_per_round,
                    r.sail_miles_per_day,
                    r.oar_miles_per_day,
                    String::from(r.cargo_stone),
                    r.ac,
                    r.shp_min,
                    r.shp_max,
                    r.per_square_foot,
                ),
            )
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn t06_walk() {
    use Wind::*;
    let got: Vec<_> = tables()
        .t06_wind
        .rows
        .iter()
        .map(|r| {
            (
                r.d20.to_string(),
                r.wind,
                String::from(r.multiplier),
                r.sailing_against_allowed,
                r.storm,
            )
        })
        .collect();
    let want = [
        ("1", Becalmed, "0", true, false),
        ("2..=4", LightBreeze, "1/3", true, false),
        ("5..=8", ModerateBreeze, "2/3", true, false),
        ("9..=12", AverageWinds, "1", true, false),
        ("13..=16", StrongWinds, "4/3", true, false),
        ("17..=19", VeryStrongWinds, "5/3", false, false),
        ("20", Gale, "2", false, true),
    ];
    assert_eq!(
        got,
        want.map(|(a, b, c, d, e)| (a.to_string(), b, c.to_string(), d, e))
            .to_vec()
    );
}

#[test]
fn t07_t08_walk() {
    use EncounterTerrain::*;
    let t = tables();
    let r = &t.t07_dungeon_encounter_distance.rows;
    assert_eq!(r.len(), 1);
    assert_eq!(
        (
            r[0].terrain,
            r[0].dice,
            r[0].sides,
            r[0].multiplier,
            r[0].unit
        ),
        (Dungeon, 2, 6, 10, Unit::Feet)
    );
    let got: Vec<_> = t
        .t08_wilderness_encounter_distance
        .rows
        .iter()
        .map(|r| (r.terrain, r.dice, r.sides, r.multiplier, r.unit))
        .collect();
    let y = Unit::Yards;
    assert_eq!(
        got,
        vec![
            (Badlands, 2, 6, 10, y),
            (Desert, 4, 6, 10, y),
            (FieldsFallow, 4, 6, 10, y),
            (FieldsRipe, 5, 10, 1, y),
            (FieldsWild, 3, 6, 5, y),
            (HeavyForestOrJungle, 5, 4, 1, y),
            (LightForest, 5, 8, 1, y),
            (Marsh, 8, 10, 1, y),
            (Mountains, 4, 6, 10, y),
            (Plains, 5, 20, 10, y),
            (Sea, 5, 20, 10, y),
        ]
    );
}

#[test]
fn t09_t10_t20_walk() {
    let t = tables();
    let got: Vec<_> = t
        .t09_surprise
        .rows
        .iter()
        .map(|r| (r.total.to_string(), r.surprised))
        .collect();
    assert_eq!(
        got,
        vec![("..=2".to_string(), true), ("3..".to_string(), false)]
    );
    use Reaction::*;
    let got: Vec<_> = t
        .t10_reaction
        .rows
        .iter()
        .map(|r| (r.total.to_string(), r.reaction, r.pursues))
        .collect();
    let want = [
        ("..=2", Hostile, true),
        ("3..=5", Unfriendly, true),
        ("6..=8", Neutral, true),
        ("9..=11", Indifferent, false),
        ("12..", Friendly, false),
    ];
    assert_eq!(got, want.map(|(a, b, c)| (a.to_string(), b, c)).to_vec());
    use MoraleResult::*;
    let got: Vec<_> = t
        .t20_morale
        .rows
        .iter()
        .map(|r| (r.total.to_string(), r.result))
        .collect();
    let want = [
        ("..=2", Retreat),
        ("3..=5", FightingWithdrawal),
        ("6..=8", FightOn),
        ("9..=11", AdvanceAndPursue),
        ("12..", VictoryOrDeath),
    ];
    assert_eq!(got, want.map(|(a, b)| (a.to_string(), b)).to_vec());
}

#[test]
fn t11_t12_walk() {
    let t = tables();
    let got: Vec<_> = t
        .t11_evasion
        .rows
        .iter()
        .map(|r| {
            (
                r.fleeing.to_string(),
                r.base_throw,
                r.up_to_25_percent,
                r.from_26_to_75_percent,
                r.from_76_percent,
            )
        })
        .collect();
    let want = [
        ("1..=4", 11, 0, 4, 8),
        ("5..=12", 14, 0, 3, 5),
        ("13..=24", 16, 0, 3, 5),
        ("25..", 19, 0, 3, 5),
    ];
    assert_eq!(
        got,
        want.map(|(a, b, c, d, e)| (a.to_string(), b, c, d, e))
            .to_vec()
    );
    let got: Vec<_> = t
        .t12_sea_evasion
        .rows
        .iter()
        .map(|r| (r.slower_by_ft.to_string(), r.throw))
        .collect();
    let want = [
        ("..=-1", 5),
        ("0..=30", 11),
        ("31..=60", 13),
        ("61..=90", 15),
        ("91..=120", 17),
        ("121..", 19),
    ];
    assert_eq!(got, want.map(|(a, b)| (a.to_string(), b)).to_vec());
}

#[test]
fn t13_walk() {
    let got: Vec<_> = tables()
        .t13_character_attack
        .rows
        .iter()
        .map(|r| (r.level, r.fighter, r.cleric_thief, r.mage))
        .collect();
    type Row = (u32, Option<i32>, Option<i32>, Option<i32>);
    let want: Vec<Row> = vec![
        (0, Some(11), None, None),
        (1, Some(10), Some(10), Some(10)),
        (2, Some(9), Some(10), Some(10)),
        (3, Some(9), Some(9), Some(10)),
        (4, Some(8), Some(9), Some(9)),
        (5, Some(7), Some(8), Some(9)),
        (6, Some(7), Some(8), Some(9)),
        (7, Some(6), Some(7), Some(8)),
        (8, Some(5), Some(7), Some(8)),
        (9, Some(5), Some(6), Some(8)),
        (10, Some(4), Some(6), Some(7)),
        (11, Some(3), Some(5), Some(7)),
        (12, Some(3), Some(5), Some(7)),
        (13, Some(2), Some(4), Some(6)),
        (14, Some(1), Some(4), Some(6)),
    ];
    assert_eq!(got, want);
}

#[test]
fn t14_walk() {
    let got: Vec<_> = tables()
        .t14_monster_attack
        .rows
        .iter()
        .map(|r| (r.hit_dice.clone(), r.throw))
        .collect();
    let want = [
        ("normal human", 11),
        ("up to 1", 10),
        ("1+ to 2", 9),
        ("2+ to 3", 8),
        ("3+ to 4", 7),
        ("4+ to 5", 6),
        ("5+ to 6", 5),
        ("6+ to 7", 4),
        ("7+ to 9", 3),
        ("9+ to 11", 2),
        ("11+ to 13", 1),
        ("13+ to 15", 0),
        ("15+ to 17", -1),
        ("17+ to 19", -2),
        ("19+ to 21", -3),
        ("21+ and more", -4),
    ];
    assert_eq!(got, want.map(|(a, b)| (a.to_string(), b)).to_vec());
}

#[test]
fn t15_walk() {
    use MissileWeapon::*;
    let got: Vec<_> = tables()
        .t15_missile_ranges
        .rows
        .iter()
        .map(|r| (r.weapon, r.short, r.medium, r.long))
        .collect();
    let s = Some;
    let want = vec![
        (Arbalest, s(90), s(180), s(270)),
        (Bola, s(10), s(20), s(30)),
        (CompositeBow, s(70), s(140), s(210)),
        (Crossbow, s(80), s(160), s(240)),
        (Dagger, s(10), s(20), s(30)),
        (Dart, s(15), s(30), s(45)),
        (HandAxe, s(10), s(20), s(30)),
        (Javelin, s(20), s(40), s(60)),
        (Longbow, s(70), s(140), s(210)),
        (Net, s(10), None, None),
        (ShortBow, s(50), s(100), s(150)),
        (Sling, s(40), s(80), s(160)),
        (Spear, s(20), s(40), s(60)),
        (OilFlask, None, None, None),
        (HolyWater, None, None, None),
    ];
    assert_eq!(got, want);
}

#[test]
fn t16_walk() {
    use Condition::*;
    let t = tables();
    let got: Vec<_> = t
        .t16_mortal_wounds
        .rows
        .iter()
        .map(|r| (r.d20.to_string(), r.condition, r.recovery.clone()))
        .collect();
    let want = vec![
        ("..=-6", Killed, Recovery::None),
        ("-5..=0", Killed, Recovery::None),
        (
            "1..=5",
            MortallyWounded,
            Recovery::HealWithin {
                deadline: Deadline::Round,
                bed_rest_days: 30,
            },
        ),
        (
            "6..=10",
            GrievouslyWounded,
            Recovery::HealWithin {
                deadline: Deadline::Turn,
                bed_rest_days: 14,
            },
        ),
        (
            "11..=15",
            CriticallyWounded,
            Recovery::HealWithin {
                deadline: Deadline::Day,
                bed_rest_days: 7,
            },
        ),
        ("16..=20", InShock, Recovery::MagicAndNightOrWeek),
        ("21..=25", KnockedOut, Recovery::MagicOrNight),
        ("26..", Dazed, Recovery::AtOnce),
    ];
    assert_eq!(
        got,
        want.into_iter()
            .map(|(a, b, c)| (a.to_string(), b, c))
            .collect::<Vec<_>>()
    );
    // d6 cells: one key word per cell, row by row.
    let keys: [[&str; 6]; 8] = [
        [
            "nothing left",
            "stain",
            "barely",
            "badly mangled",
            "mangled bones",
            "ghastly",
        ],
        [
            "stain",
            "barely",
            "badly mangled",
            "mangled bones",
            "ghastly",
            "largely intact",
        ],
        [
            "neck",
            "waist",
            "both arms",
            "both legs lost",
            "blinded",
            "tongue",
        ],
        [
            "brain",
            "both legs lamed",
            "one arm",
            "one leg lost",
            "one eye",
            "ear",
        ],
        [
            "heart",
            "one leg lamed",
            "one hand",
            "knee",
            "eye damaged",
            "teeth",
        ],
        [
            "gruesome",
            "genitals",
            "notable scar",
            "hips",
            "minor scar",
            "no effect",
        ],
        [
            "stiff",
            "notable scar",
            "fingers",
            "minor scar",
            "no effect",
            "no effect",
        ],
        [
            "ache",
            "toes",
            "minor scar",
            "no effect",
            "no effect",
            "no effect",
        ],
    ];
    for (row, k) in t.t16_mortal_wounds.rows.iter().zip(keys) {
        for (cell, key) in row.wounds.iter().zip(k) {
            assert!(cell.contains(key), "{} / {cell} lacks {key}", row.d20);
        }
    }
}

#[test]
fn t17_walk() {
    use WoundFactor::*;
    let got: Vec<_> = tables()
        .t17_wound_modifiers
        .rows
        .iter()
        .map(|r| (r.factor, r.modifier))
        .collect();
    assert_eq!(
        got,
        vec![
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
    );
}

#[test]
fn t18_walk() {
    let got: Vec<_> = tables()
        .t18_tampering
        .rows
        .iter()
        .map(|r| {
            (
                r.d20.to_string(),
                r.restored,
                r.bed_rest_days,
                r.placeholder,
                r.side_effects.iter().all(Option::is_none),
            )
        })
        .collect();
    let want = [
        ("..=-6", false, None, true, true),
        ("-5..=0", false, None, true, true),
        ("1..=5", true, Some(30), true, true),
        ("6..=10", true, Some(21), true, true),
        ("11..=15", true, Some(14), true, true),
        ("16..=20", true, Some(14), true, true),
        ("21..=25", true, Some(7), true, true),
        ("26..", true, Some(0), true, true),
    ];
    assert_eq!(
        got,
        want.map(|(a, b, c, d, e)| (a.to_string(), b, c, d, e))
            .to_vec()
    );
}

#[test]
fn t19_walk() {
    use SaveClass::*;
    let got: Vec<_> = tables()
        .t19_saves
        .rows
        .iter()
        .map(|r| {
            (
                r.class,
                r.levels.to_string(),
                [r.paralysis, r.death, r.breath, r.wands, r.spells],
            )
        })
        .collect();
    let want: Vec<(SaveClass, &str, [i32; 5])> = vec![
        (Fighter, "0", [16, 15, 17, 17, 18]),
        (Fighter, "1", [15, 14, 16, 16, 17]),
        (Fighter, "2..=3", [14, 13, 15, 15, 16]),
        (Fighter, "4", [13, 12, 14, 14, 15]),
        (Fighter, "5..=6", [12, 11, 13, 13, 14]),
        (Fighter, "7", [11, 10, 12, 12, 13]),
        (Fighter, "8..=9", [10, 9, 11, 11, 12]),
        (Fighter, "10", [9, 8, 10, 10, 11]),
        (Fighter, "11..=12", [8, 7, 9, 9, 10]),
        (Fighter, "13", [7, 6, 8, 8, 9]),
        (Fighter, "14", [6, 5, 7, 7, 8]),
        (Cleric, "1..=2", [13, 10, 16, 13, 15]),
        (Cleric, "3..=4", [12, 9, 15, 12, 14]),
        (Cleric, "5..=6", [11, 8, 14, 11, 13]),
        (Cleric, "7..=8", [10, 7, 13, 10, 12]),
        (Cleric, "9..=10", [9, 6, 12, 9, 11]),
        (Cleric, "11..=12", [8, 5, 11, 8, 10]),
        (Cleric, "13..=14", [7, 4, 10, 7, 9]),
        (Mage, "1..=3", [13, 13, 15, 11, 12]),
        (Mage, "4..=6", [12, 12, 14, 10, 11]),
        (Mage, "7..=9", [11, 11, 13, 9, 10]),
        (Mage, "10..=12", [10, 10, 12, 8, 9]),
        (Mage, "13..=14", [9, 9, 11, 7, 8]),
        (Thief, "1..=2", [13, 13, 16, 14, 15]),
        (Thief, "3..=4", [12, 12, 15, 13, 14]),
        (Thief, "5..=6", [11, 11, 14, 12, 13]),
        (Thief, "7..=8", [10, 10, 13, 11, 12]),
        (Thief, "9..=10", [9, 9, 12, 10, 11]),
        (Thief, "11..=12", [8, 8, 11, 9, 10]),
        (Thief, "13..=14", [7, 7, 10, 8, 9]),
    ];
    assert_eq!(
        got,
        want.into_iter()
            .map(|(a, b, c)| (a, b.to_string(), c))
            .collect::<Vec<_>>()
    );
}

#[test]
fn t21_walk() {
    let got: Vec<_> = tables()
        .t21_monster_xp
        .rows
        .iter()
        .map(|r| (r.hit_dice.clone(), r.base, r.bonus))
        .collect();
    let want = [
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
    ];
    assert_eq!(got, want.map(|(a, b, c)| (a.to_string(), b, c)).to_vec());
}

#[test]
fn t22_walk() {
    let got: Vec<_> = tables()
        .t22_thief_skills
        .rows
        .iter()
        .map(|r| {
            (
                r.level,
                [
                    r.open_locks,
                    r.find_remove_traps,
                    r.pick_pockets,
                    r.move_silently,
                    r.climb_walls,
                    r.hide_in_shadows,
                    r.hear_noise,
                ],
            )
        })
        .collect();
    let want: Vec<[i32; 7]> = vec![
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
    ];
    assert_eq!(
        got,
        want.into_iter()
            .zip(1..)
            .map(|(v, l)| (l, v))
            .collect::<Vec<_>>()
    );
}

#[test]
fn t23_t24_walk() {
    let t = tables();
    let got: Vec<_> = t
        .t23_artillery
        .rows
        .iter()
        .map(|r| {
            (
                r.weapon,
                r.damage_shp.clone(),
                r.damage_creatures.clone(),
                r.area.clone(),
                r.crew_full,
                r.attack_throw,
                r.range_min,
                r.range_long,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (
                Artillery::Ballista,
                "3d6".into(),
                "3d6".into(),
                "5-ft-wide line".into(),
                None,
                None,
                None,
                None
            ),
            (
                Artillery::LightCatapult,
                "3d6".into(),
                "3d6".into(),
                "5 ft".into(),
                None,
                None,
                None,
                None
            ),
            (
                Artillery::HeavyCatapult,
                "4d6".into(),
                "4d6".into(),
                "10 ft".into(),
                None,
                None,
                None,
                None
            ),
        ]
    );
    let got: Vec<_> = t
        .t24_ram
        .rows
        .iter()
        .map(|r| (r.size, r.vs_ship_shp.clone(), r.vs_monster_hp.clone()))
        .collect();
    assert_eq!(
        got,
        vec![(RamSize::Small, None, None), (RamSize::Large, None, None)]
    );
}

#[test]
fn t25_walk() {
    let t = tables();
    let got: Vec<_> = t
        .t25_ability_modifiers
        .rows
        .iter()
        .map(|r| (r.score.to_string(), r.modifier))
        .collect();
    let want = [
        ("3", -3),
        ("4..=5", -2),
        ("6..=8", -1),
        ("9..=12", 0),
        ("13..=15", 1),
        ("16..=17", 2),
        ("18", 3),
    ];
    assert_eq!(got, want.map(|(a, b)| (a.to_string(), b)).to_vec());
    for (score, m) in [
        (3, -3),
        (4, -2),
        (5, -2),
        (8, -1),
        (9, 0),
        (12, 0),
        (13, 1),
        (17, 2),
        (18, 3),
    ] {
        assert_eq!(ability_modifier(&t, score).unwrap(), m, "score {score}");
    }
    assert!(ability_modifier(&t, 19).is_err());
    let got: Vec<_> = t
        .t25_prime_requisite
        .rows
        .iter()
        .map(|r| (r.score.to_string(), r.percent))
        .collect();
    assert_eq!(
        got,
        vec![
            ("9..=12".to_string(), 0),
            ("13..=15".to_string(), 5),
            ("16..=18".to_string(), 10)
        ]
    );
    use XpClass::*;
    let got: Vec<_> = t
        .t25_level_thresholds
        .rows
        .iter()
        .map(|r| (r.class, r.level_2, r.level_3))
        .collect();
    assert_eq!(
        got,
        vec![
            (Fighter, 2000, 4000),
            (Cleric, 1500, 3000),
            (Mage, 2500, 5000),
            (Thief, 1250, 2500),
            (ElvenSpellsword, 4000, 8000)
        ]
    );
}

#[test]
fn ac_gen_03_judge_override_returns_old_and_new_and_bad_index_changes_nothing() {
    let mut t = tables();
    let before = t.t21_monster_xp.clone();
    let new = XpRow {
        hit_dice: "9".into(),
        base: 1000,
        bonus: 700,
    };
    let ov = t.t21_monster_xp.replace_row(16, new.clone()).unwrap();
    assert_eq!(ov.table, TableId(21));
    assert_eq!(ov.index, 16);
    assert_eq!(
        ov.old,
        XpRow {
            hit_dice: "9".into(),
            base: 700,
            bonus: 600
        }
    );
    assert_eq!(ov.new, new);
    assert_eq!(t.t21_monster_xp.rows[16], new);
    let err = t.t21_monster_xp.replace_row(99, new.clone()).unwrap_err();
    assert_eq!(
        err,
        AcksError::NoSuchRow {
            table: TableId(21),
            index: 99,
            len: before.rows.len()
        }
    );
    assert!(err.to_string().contains("T-21"));
    assert_eq!(t.t21_monster_xp.rows.len(), before.rows.len());
    // Every table accepts a row override (one per table type).
    let r = t.t13_character_attack.rows[10].clone();
    assert_eq!(
        t.t13_character_attack
            .replace_row(10, r.clone())
            .unwrap()
            .old,
        r
    );
}

#[test]
fn ac_open_08_missing_cells_render_as_not_found_and_judge_can_fill_them() {
    let mut t = tables();
    let r = t.render(TableId(24)).remove(0);
    assert_eq!(r.rows[0], vec!["small", "not found", "not found"]);
    let ov = t
        .t24_ram
        .replace_row(
            0,
            RamRow {
                size: RamSize::Small,
                vs_ship_shp: Some("1d4+4".into()),
                vs_monster_hp: Some("3d8".into()),
            },
        )
        .unwrap();
    assert_eq!(ov.old.vs_ship_shp, None);
    assert_eq!(
        t.render(TableId(24))[0].rows[0],
        vec!["small", "1d4+4", "3d8"]
    );
}

#[test]
fn rows_round_trip_through_json_for_overrides() {
    let t = tables();
    let row = &t.t16_mortal_wounds.rows[5];
    let json = serde_json::to_string(row).unwrap();
    let back: MortalWoundRow = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, row);
    let bad = json.replace("16..=20", "16..=x");
    assert!(serde_json::from_str::<MortalWoundRow>(&bad).is_err());
}

#[test]
fn empty_cells_print_as_not_applicable_or_not_found() {
    let t = tables();
    let t13 = t.render(TableId(13)).remove(0);
    assert_eq!(t13.rows[0], vec!["0", "11", "—", "—"]);
    let t15 = t.render(TableId(15)).remove(0);
    assert_eq!(t15.rows[13][1], "not found");
    let t23 = t.render(TableId(23)).remove(0);
    assert_eq!(t23.rows[0][4], "not found");
}

#[test]
fn ac_gen_02_judge_replaces_a_row_given_as_json() {
    let mut t = delve_acks::Tables::acks_1e();
    let old = serde_json::to_value(&t.t09_surprise.rows[0]).unwrap();
    let o = t
        .replace_row_json(
            "t09_surprise",
            0,
            serde_json::json!({"total": "..=3", "surprised": true}),
        )
        .unwrap();
    assert_eq!((o.table.as_str(), o.index), ("t09_surprise", 0));
    assert_eq!(o.old, old);
    assert_eq!(
        o.new,
        serde_json::json!({"total": "..=3", "surprised": true})
    );
    // The next roll reads the new row: a total of 3 is now surprised.
    assert!(delve_acks::surprise::is_surprised(&t, 3, false).unwrap());
    // Every key names a table; bad rows, indexes and keys change nothing.
    for key in delve_acks::tables::TABLE_KEYS {
        assert!(!matches!(
            t.clone().replace_row_json(key, 9999, serde_json::json!({})),
            Err(delve_acks::AcksError::UnknownTable(_))
        ));
    }
    let before = serde_json::to_value(&t).unwrap();
    assert!(
        t.replace_row_json("t09_surprise", 0, serde_json::json!({"total": 3}))
            .is_err()
    );
    assert!(
        t.replace_row_json(
            "t09_surprise",
            99,
            serde_json::json!({"total": "3", "surprised": false})
        )
        .is_err()
    );
    assert!(matches!(
        t.replace_row_json("t99_nothing", 0, serde_json::json!({})),
        Err(delve_acks::AcksError::UnknownTable(_))
    ));
    assert_eq!(serde_json::to_value(&t).unwrap(), before);
}
