//! Sea travel, naval combat and missile fire (ranges, oil, holy water).
use delve_acks::missile::{self, FlaskOutcome, Liquid, RangeBand};
use delve_acks::naval;
use delve_acks::odds::Fraction;
use delve_acks::sea::{self, Scurvy, StormHour, Voyage};
use delve_acks::tables::{
    Artillery, Confidence, MissileRangeRow, MissileWeapon, RamRow, RamSize, Vessel, Waters, Wind,
};
use delve_acks::{AcksError, Options, Tables};

fn t() -> Tables {
    Tables::acks_1e()
}

fn f(n: i64, d: i64) -> Fraction {
    Fraction::new(n, d)
}

fn voyage(wind: Wind) -> Voyage {
    Voyage {
        wind,
        against_wind: false,
        day_and_night: false,
        stops_at_night: false,
    }
}

#[test]
fn ac_sea_02_vessels_from_t05() {
    let t = t();
    let v = sea::vessel(&t, Vessel::SmallGalley).unwrap();
    assert_eq!(
        (v.sail_miles_per_day, v.oar_miles_per_day, v.ac),
        (Some(90), Some(60), 1)
    );
}

#[test]
fn ac_sea_04_and_ac_sea_06_daily_miles_with_the_wind() {
    let t = t();
    let d = sea::daily_miles(&t, Vessel::SmallSailingShip, voyage(Wind::AverageWinds)).unwrap();
    assert_eq!(d.miles, f(90, 1));
    let d = sea::daily_miles(&t, Vessel::SmallSailingShip, voyage(Wind::StrongWinds)).unwrap();
    assert_eq!(d.miles, f(120, 1));
    let d = sea::daily_miles(&t, Vessel::LargeSailingShip, voyage(Wind::Gale)).unwrap();
    assert_eq!(d.miles, f(144, 1));
}

#[test]
fn ac_sea_07_tacking_two_rows_weaker() {
    let t = t();
    let d = sea::daily_miles(
        &t,
        Vessel::SmallSailingShip,
        Voyage {
            against_wind: true,
            ..voyage(Wind::AverageWinds)
        },
    )
    .unwrap();
    assert_eq!(d.miles, f(30, 1)); // average → light breeze (1/3)
    let d = sea::daily_miles(
        &t,
        Vessel::SmallSailingShip,
        Voyage {
            against_wind: true,
            ..voyage(Wind::LightBreeze)
        },
    )
    .unwrap();
    assert_eq!(d.miles, f(0, 1)); // never below becalmed
}

#[test]
fn ac_sea_08_becalmed_oars_row() {
    let t = t();
    let d = sea::daily_miles(&t, Vessel::SmallGalley, voyage(Wind::Becalmed)).unwrap();
    assert_eq!((d.miles, d.rowing), (f(60, 1), true));
    let d = sea::daily_miles(&t, Vessel::SmallSailingShip, voyage(Wind::Becalmed)).unwrap();
    assert_eq!(d.miles, f(0, 1));
}

#[test]
fn ac_sea_09_and_ac_sea_10_no_sailing_against_very_strong_wind_or_gale() {
    let t = t();
    let e = sea::daily_miles(
        &t,
        Vessel::SmallSailingShip,
        Voyage {
            against_wind: true,
            ..voyage(Wind::VeryStrongWinds)
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("AC-SEA-09"));
    // A galley rows against a gale instead.
    let d = sea::daily_miles(
        &t,
        Vessel::SmallGalley,
        Voyage {
            against_wind: true,
            ..voyage(Wind::Gale)
        },
    )
    .unwrap();
    assert!(d.rowing);
}

#[test]
fn ac_sea_05_navigator_day_and_night_doubles() {
    let t = t();
    let d = sea::daily_miles(
        &t,
        Vessel::SmallSailingShip,
        Voyage {
            day_and_night: true,
            ..voyage(Wind::AverageWinds)
        },
    )
    .unwrap();
    assert_eq!(d.miles, f(180, 1));
    assert!(
        sea::daily_miles(
            &t,
            Vessel::SmallSailingShip,
            Voyage {
                day_and_night: true,
                stops_at_night: true,
                ..voyage(Wind::AverageWinds)
            }
        )
        .is_err()
    );
    assert!(
        sea::daily_miles(
            &t,
            Vessel::SmallGalley,
            Voyage {
                day_and_night: true,
                ..voyage(Wind::Becalmed)
            }
        )
        .is_err()
    );
}

#[test]
fn ac_sea_10_storm_2d8_per_hour() {
    assert_eq!(
        sea::storm_hour(&Options::default(), false, (3, 5), None).unwrap(),
        StormHour::Damage(8)
    );
}

#[test]
fn ac_sea_11_and_ac_open_05_oared_save_18_or_sink_double_damage() {
    let o = Options::default();
    assert_eq!(
        sea::storm_hour(&o, true, (3, 5), Some(18)).unwrap(),
        StormHour::Damage(16)
    );
    assert_eq!(
        sea::storm_hour(&o, true, (3, 5), Some(17)).unwrap(),
        StormHour::Sinks
    );
    assert!(sea::storm_hour(&o, true, (3, 5), None).is_err());
}

#[test]
fn ac_sea_12_beaching() {
    assert_eq!(sea::beach_odds(true, 0), f(1, 1));
    assert_eq!(sea::beach_odds(false, 0), f(7, 20));
    // A navigator's +4: 10+ on the die.
    assert_eq!(sea::beach_odds(false, 4), f(11, 20));
    // Open coast: no throw; elsewhere 14+ (13 fails, 10 + 4 makes it).
    assert!(sea::beaches(true, None, 0).unwrap());
    assert!(!sea::beaches(false, Some(13), 0).unwrap());
    assert!(sea::beaches(false, Some(14), 0).unwrap());
    assert!(sea::beaches(false, Some(10), 4).unwrap());
    assert!(sea::beaches(false, None, 0).is_err());
    assert!(sea::beaches(false, Some(21), 0).is_err());
}

#[test]
fn ac_sea_13_sea_navigation_t04() {
    let t = t();
    assert_eq!(
        sea::sea_course_odds(&t, Waters::OpenSea, false).unwrap(),
        f(1, 2)
    );
    assert_eq!(
        sea::sea_course_odds(&t, Waters::Coast, true).unwrap(),
        f(18, 20)
    );
}

#[test]
fn ac_sea_03_and_ac_naval_02_sinks_in_1d10_rounds() {
    assert_eq!(sea::sinking_rounds(0, 4).unwrap(), Some(4));
    assert_eq!(sea::sinking_rounds(5, 4).unwrap(), None);
    assert!(sea::sinking_rounds(0, 11).is_err());
}

#[test]
fn ac_sea_15_rations_spoil_after_a_week() {
    assert!(!sea::rations_spoiled(7, false));
    assert!(sea::rations_spoiled(8, false));
    assert!(!sea::rations_spoiled(60, true));
}

#[test]
fn ac_sea_16_scurvy() {
    let s = Scurvy {
        str_score: 10,
        con_score: 1,
        dead: false,
    };
    assert_eq!(sea::scurvy_week(s, 20, false, (10, 12)), s);
    let after = sea::scurvy_week(s, 31, false, (10, 12));
    assert_eq!((after.str_score, after.con_score, after.dead), (9, 0, true));
    let s = Scurvy {
        str_score: 6,
        con_score: 11,
        dead: false,
    };
    let fed = sea::scurvy_week(s, 40, true, (10, 12));
    assert_eq!((fed.str_score, fed.con_score), (9, 12));
}

#[test]
fn ac_sea_17_fishing_only_becalmed_or_anchored() {
    assert!(sea::may_fish(Wind::Becalmed, false));
    assert!(sea::may_fish(Wind::StrongWinds, true));
    assert!(!sea::may_fish(Wind::StrongWinds, false));
}

#[test]
fn ac_sea_06_wind_roll_t06() {
    let t = t();
    assert_eq!(sea::wind(&t, 1).unwrap().wind, Wind::Becalmed);
    assert_eq!(sea::wind(&t, 12).unwrap().wind, Wind::AverageWinds);
    assert_eq!(sea::wind(&t, 20).unwrap().wind, Wind::Gale);
    assert!(sea::wind(&t, 21).is_err());
}

#[test]
fn ac_naval_03_speed_loss_nearest_10_percent() {
    assert_eq!(naval::reduced_speed(120, 24, 100).unwrap(), 96); // 24 % → 20 %
    assert_eq!(naval::reduced_speed(120, 25, 100).unwrap(), 84); // 25 % → 30 %
    assert_eq!(naval::reduced_speed(150, 6, 60).unwrap(), 135); // 10 % of rowers
    assert!(naval::reduced_speed(120, 5, 0).is_err());
}

#[test]
fn ac_naval_04_repairs() {
    assert_eq!(naval::repair(10, 3, 40, true), 6);
    assert_eq!(naval::repair(50, 10, 40, true), 20);
    assert_eq!(naval::repair(50, 10, 40, false), 40);
}

#[test]
fn ac_naval_05_one_shp_per_5_damage() {
    assert_eq!(naval::shp_from_damage(23), 4);
}

#[test]
fn ac_naval_07_artillery_needs_judge_entered_t23() {
    let mut t = t();
    let e = naval::artillery_ready(&t, Artillery::Ballista, 100).unwrap_err();
    assert!(
        matches!(e, AcksError::MissingTable { .. }) && e.to_string().contains("T-23"),
        "{e}"
    );
    let mut row = t.t23_artillery.rows[1].clone();
    row.crew_full = Some(4);
    row.attack_throw = Some(10);
    row.range_min = Some(50);
    row.range_long = Some(300);
    t.t23_artillery.replace_row(1, row).unwrap();
    assert!(naval::artillery_ready(&t, Artillery::LightCatapult, 100).is_ok());
    assert!(naval::artillery_ready(&t, Artillery::LightCatapult, 400).is_err());
}

#[test]
fn ac_naval_12_catapult_minimum_range() {
    let mut t = t();
    let mut row = t.t23_artillery.rows[2].clone();
    row.crew_full = Some(8);
    row.attack_throw = Some(12);
    row.range_min = Some(150);
    row.range_long = Some(500);
    t.t23_artillery.replace_row(2, row).unwrap();
    let e = naval::artillery_ready(&t, Artillery::HeavyCatapult, 100).unwrap_err();
    assert!(e.to_string().contains("AC-NAVAL-12"));
}

#[test]
fn ac_naval_08_and_ac_naval_09_and_ac_naval_10_artillery_damage_from_t23() {
    let t = t();
    let r = &t.t23_artillery.rows;
    assert_eq!(
        (r[0].damage_shp.as_str(), r[0].area.as_str()),
        ("3d6", "5-ft-wide line")
    );
    assert_eq!(r[1].damage_shp, "3d6");
    assert_eq!(
        (r[2].damage_shp.as_str(), r[2].area.as_str()),
        ("4d6", "10 ft")
    );
}

#[test]
fn ac_naval_11_extinguishing_pitch() {
    assert_eq!(naval::extinguish_turns(5).unwrap(), 3);
    assert_eq!(naval::extinguish_turns(10).unwrap(), 2);
    assert_eq!(naval::extinguish_turns(40).unwrap(), 1);
    assert!(naval::extinguish_turns(4).is_err());
}

#[test]
fn ac_naval_13_ram_damage_from_t24_refuses_until_entered() {
    let mut t = t();
    let e = naval::ram_damage(&t, RamSize::Large, true).unwrap_err();
    assert!(e.to_string().contains("T-24"));
    t.t24_ram
        .replace_row(
            1,
            RamRow {
                size: RamSize::Large,
                vs_ship_shp: Some("2d4x10".into()),
                vs_monster_hp: Some("6d6".into()),
            },
        )
        .unwrap();
    assert_eq!(naval::ram_damage(&t, RamSize::Large, false).unwrap(), "6d6");
}

#[test]
fn ac_naval_14_boarding() {
    assert_eq!(naval::boarding_odds(true, 0), f(1, 1));
    assert_eq!(naval::boarding_odds(false, 0), f(2, 5));
    assert_eq!(naval::boarding_odds(false, -2), f(3, 10));
}

#[test]
fn ac_ranged_04_range_bands() {
    let t = t();
    assert_eq!(
        missile::range_band(&t, MissileWeapon::Longbow, 70).unwrap(),
        RangeBand::Short
    );
    assert_eq!(
        missile::range_band(&t, MissileWeapon::Longbow, 71)
            .unwrap()
            .modifier(),
        -2
    );
    assert_eq!(
        missile::range_band(&t, MissileWeapon::Longbow, 210)
            .unwrap()
            .modifier(),
        -5
    );
    assert!(missile::range_band(&t, MissileWeapon::Longbow, 211).is_err());
    assert!(missile::range_band(&t, MissileWeapon::Net, 11).is_err());
}

#[test]
fn ac_open_08_oil_ranges_refuse_until_judge_enters_them() {
    let mut t = t();
    let e = missile::range_band(&t, MissileWeapon::OilFlask, 10).unwrap_err();
    assert!(
        matches!(e, AcksError::MissingTable { .. }) && e.to_string().contains("T-15"),
        "{e}"
    );
    let i = t
        .t15_missile_ranges
        .rows
        .iter()
        .position(|r| r.weapon == MissileWeapon::OilFlask)
        .unwrap();
    t.t15_missile_ranges
        .replace_row(
            i,
            MissileRangeRow {
                weapon: MissileWeapon::OilFlask,
                short: Some(10),
                medium: Some(30),
                long: Some(50),
                confidence: Confidence::Low,
            },
        )
        .unwrap();
    assert_eq!(
        missile::range_band(&t, MissileWeapon::OilFlask, 25).unwrap(),
        RangeBand::Medium
    );
}

#[test]
fn ac_ranged_01_beyond_5_ft_and_precise_shooting() {
    assert!(missile::may_shoot(5, false, false).is_err());
    assert!(missile::may_shoot(10, true, false).is_err());
    assert!(missile::may_shoot(10, true, true).is_ok());
}

#[test]
fn ac_ranged_06_cover() {
    assert_eq!(missile::cover_modifier(true, 0).unwrap(), None);
    assert_eq!(missile::cover_modifier(false, -2).unwrap(), Some(-2));
    assert!(missile::cover_modifier(false, -5).is_err());
}

#[test]
fn ac_ranged_08_and_ac_open_09_direct_hit_1d8_each_of_two_rounds() {
    let o = missile::throw_flask(15, 0, 14, 10, 3, &[4], RangeBand::Short).unwrap();
    assert_eq!(o, FlaskOutcome::DirectHit { rounds: 2, die: 8 });
}

#[test]
fn ac_ranged_09_splash_when_it_would_hit_ac_0() {
    assert_eq!(
        missile::throw_flask(12, 0, 14, 10, 3, &[4], RangeBand::Short).unwrap(),
        FlaskOutcome::Splash { die: 3 }
    );
}

#[test]
fn ac_ranged_10_natural_1_sets_the_thrower_alight() {
    assert_eq!(
        missile::throw_flask(1, 20, 5, 1, 3, &[4], RangeBand::Short).unwrap(),
        FlaskOutcome::ThrowerAlight { rounds: 2, die: 8 }
    );
}

#[test]
fn ac_ranged_11_scatter_by_range() {
    assert_eq!(
        missile::throw_flask(5, 0, 14, 10, 7, &[3, 8], RangeBand::Medium).unwrap(),
        FlaskOutcome::Scatter {
            direction: 7,
            distance_ft: 11
        }
    );
    assert!(missile::throw_flask(5, 0, 14, 10, 7, &[3], RangeBand::Long).is_err());
}

#[test]
fn ac_ranged_12_unlit_oil_harms_nothing() {
    assert!(!missile::liquid_harms(Liquid::UnlitOil, true, false));
}

#[test]
fn ac_ranged_14_oil_spares_fire_monsters_burns_undead() {
    assert!(missile::liquid_harms(Liquid::BurningOil, false, false));
    assert!(!missile::liquid_harms(Liquid::BurningOil, false, true));
    assert!(missile::liquid_harms(Liquid::BurningOil, true, false));
}

#[test]
fn ac_ranged_15_holy_water_only_undead() {
    assert!(missile::liquid_harms(Liquid::HolyWater, true, false));
    assert!(!missile::liquid_harms(Liquid::HolyWater, false, false));
}

#[test]
fn ac_ranged_13_poured_oil() {
    assert_eq!(missile::POURED_OIL, (5, 1, 8));
}
