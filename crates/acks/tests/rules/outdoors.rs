//! Wilderness travel, encounters and distance, evasion and pursuit.
use delve_acks::evasion::{self, Circumstances};
use delve_acks::odds::{Fraction, total};
use delve_acks::options::TwiceAsFast;
use delve_acks::tables::{EncounterTerrain, NavigationTerrain, Terrain, Unit};
use delve_acks::wilderness::{self as wild, FlyingLoad, FoodSearch, TravelMode};
use delve_acks::{Options, Tables, encounters};
use proptest::prelude::*;

fn t() -> Tables {
    Tables::acks_1e()
}

fn f(n: i64, d: i64) -> Fraction {
    Fraction::new(n, d)
}

fn miles(speed: u32, terrain: Terrain, mode: TravelMode) -> u32 {
    wild::daily_travel(&t(), speed, terrain, mode)
        .unwrap()
        .miles_per_day
}

#[test]
fn ac_ex_01_120_ft_24_miles_road_36_swamp_12() {
    let n = TravelMode::default();
    assert_eq!(miles(120, Terrain::Clear, n), 24);
    assert_eq!(miles(120, Terrain::Road, n), 36);
    assert_eq!(miles(120, Terrain::Swamp, n), 12);
}

#[test]
fn ac_wild_03_daily_distance_from_t01() {
    assert_eq!(wild::base_miles_per_day(&t(), 90).unwrap(), 18);
    let e = wild::base_miles_per_day(&t(), 100).unwrap_err();
    assert!(e.to_string().contains("T-01"), "{e}");
}

#[test]
fn ac_wild_05_terrain_multiplies() {
    let n = TravelMode::default();
    assert_eq!(miles(120, Terrain::Woods, n), 16);
    assert_eq!(miles(90, Terrain::Hills, n), 12);
    assert_eq!(miles(60, Terrain::Mountains, n), 6);
}

#[test]
fn ac_wild_06_forced_march_plus_half_then_a_day_of_rest() {
    let d = wild::daily_travel(
        &t(),
        120,
        Terrain::Clear,
        TravelMode {
            forced_march: true,
            flying: false,
        },
    )
    .unwrap();
    assert_eq!((d.miles_per_day, d.rest_hours_after), (36, 24));
}

#[test]
fn ac_wild_19_and_ac_ex_02_flying_doubles_120_ft_48_miles() {
    let fly = TravelMode {
        flying: true,
        forced_march: false,
    };
    assert_eq!(miles(120, Terrain::Clear, fly), 48);
    // Terrain does not slow flyers.
    assert_eq!(miles(120, Terrain::Swamp, fly), 48);
}

#[test]
fn ac_wild_04_party_moves_at_slowest() {
    assert_eq!(wild::party_speed(&[120, 90, 120]).unwrap(), 90);
    assert!(wild::party_speed(&[]).is_err());
}

#[test]
fn ac_wild_07_and_ac_wild_08_rest_day_every_six_penalty_per_missed_day() {
    assert_eq!(wild::missed_rest_penalty(6), 0);
    assert_eq!(wild::missed_rest_penalty(7), -1);
    assert_eq!(wild::missed_rest_penalty(9), -3);
}

#[test]
fn ac_wild_10_roads_cannot_get_lost() {
    let t = t();
    assert_eq!(
        wild::navigation_throw(&t, NavigationTerrain::Desert, true).unwrap(),
        None
    );
    assert_eq!(
        wild::stay_on_course_odds(&t, NavigationTerrain::Desert, true, false).unwrap(),
        f(1, 1)
    );
}

#[test]
fn ac_wild_11_navigation_throw_plus_4_with_navigation() {
    let t = t();
    assert_eq!(
        wild::navigation_throw(&t, NavigationTerrain::Plains, false).unwrap(),
        Some(4)
    );
    assert_eq!(
        wild::stay_on_course_odds(&t, NavigationTerrain::Plains, false, false).unwrap(),
        f(17, 20)
    );
    assert_eq!(
        wild::stay_on_course_odds(&t, NavigationTerrain::JungleOrSwamp, false, false).unwrap(),
        f(1, 2)
    );
    assert_eq!(
        wild::stay_on_course_odds(&t, NavigationTerrain::JungleOrSwamp, false, true).unwrap(),
        f(7, 10)
    );
}

#[test]
fn ac_wild_12_lost_party_drifts_by_a_hex_side() {
    assert_eq!(wild::lost_heading(1).unwrap(), 1);
    assert_eq!(wild::lost_heading(6).unwrap(), 0);
    assert!(wild::lost_heading(7).is_err());
}

#[test]
fn ac_wild_13_one_stone_of_supplies_rowers_three() {
    assert_eq!(wild::daily_supplies_stone(false), 1);
    assert_eq!(wild::daily_supplies_stone(true), 3);
}

#[test]
fn ac_wild_14_starvation_after_two_days() {
    assert_eq!(wild::starvation(1), (0, true));
    assert_eq!(wild::starvation(2), (0, true));
    assert_eq!(wild::starvation(3), (1, false));
}

#[test]
fn ac_wild_15_thirst_1d4_from_the_first_day() {
    assert_eq!(wild::thirst_damage(0, 3).unwrap(), (0, true));
    assert_eq!(wild::thirst_damage(1, 3).unwrap(), (3, false));
    assert!(wild::thirst_damage(1, 5).is_err());
}

#[test]
fn ac_wild_16_foraging_18_feeds_1d6() {
    assert_eq!(wild::food_search_odds(FoodSearch::Forage, false), f(3, 20));
    assert_eq!(FoodSearch::Forage.feeds(), (1, 6));
    assert!(!FoodSearch::Forage.takes_the_day());
}

#[test]
fn ac_wild_17_hunting_14_feeds_2d6_takes_the_day() {
    assert_eq!(wild::food_search_odds(FoodSearch::Hunt, false), f(7, 20));
    assert_eq!(FoodSearch::Hunt.feeds(), (2, 6));
    assert!(FoodSearch::Hunt.takes_the_day());
}

#[test]
fn ac_wild_18_survival_plus_4() {
    assert_eq!(wild::food_search_odds(FoodSearch::Forage, true), f(7, 20));
    assert_eq!(wild::food_search_odds(FoodSearch::Hunt, true), f(11, 20));
}

#[test]
fn ac_sea_17_fishing_14_plus_survival() {
    assert_eq!(wild::food_search_odds(FoodSearch::Fish, false), f(7, 20));
    assert_eq!(wild::food_search_odds(FoodSearch::Fish, true), f(11, 20));
}

#[test]
fn ac_wild_20_flying_mount_capacity_steps() {
    assert_eq!(wild::flying_load(2), FlyingLoad::Nothing);
    assert_eq!(wild::flying_load(3), FlyingLoad::DwarfOrChild);
    assert_eq!(wild::flying_load(7), FlyingLoad::AdultHumanOrTwoDwarves);
    assert_eq!(wild::flying_load(12), FlyingLoad::HorseOrFourMen);
    assert_eq!(wild::flying_load(24), FlyingLoad::FourHorsesOrEightMen);
}

#[test]
fn ac_enc_03_dungeon_distance_2d6_times_10_feet() {
    let t = t();
    let d = encounters::encounter_distance(&t, EncounterTerrain::Dungeon, &[3, 4]).unwrap();
    assert_eq!((d.distance, d.unit), (70, Unit::Feet));
    let odds = encounters::distance_odds(&t, EncounterTerrain::Dungeon).unwrap();
    assert_eq!(odds.first().unwrap(), &(20, f(1, 36)));
    assert_eq!(odds.iter().find(|(d, _)| *d == 70).unwrap().1, f(6, 36));
    assert!(encounters::encounter_distance(&t, EncounterTerrain::Dungeon, &[3]).is_err());
}

#[test]
fn ac_enc_05_wilderness_distance_in_yards() {
    let t = t();
    let d = encounters::encounter_distance(&t, EncounterTerrain::FieldsWild, &[1, 2, 3]).unwrap();
    assert_eq!((d.distance, d.unit), (30, Unit::Yards));
    let odds = encounters::distance_odds(&t, EncounterTerrain::Plains).unwrap();
    assert_eq!(total(odds.iter().map(|(_, p)| p)), f(1, 1));
    assert_eq!(odds.first().unwrap().0, 50);
    assert_eq!(odds.last().unwrap().0, 1000);
}

#[test]
fn ac_ex_03_ettin_in_light_woods_from_a_hill() {
    let t = t();
    let d = encounters::encounter_distance(&t, EncounterTerrain::LightForest, &[5, 4, 4, 4, 4])
        .unwrap();
    assert_eq!(d.distance, 21);
    assert_eq!(encounters::scale_distance(21, 12, 0).unwrap(), 42);
    assert_eq!(encounters::scale_distance(21, 6, 24).unwrap(), 105);
}

#[test]
fn ac_enc_07_size_and_elevation_scaling() {
    assert_eq!(encounters::scale_distance(100, 6, 0).unwrap(), 100);
    assert_eq!(encounters::scale_distance(100, 3, 0).unwrap(), 50);
    assert!(encounters::scale_distance(100, 0, 0).is_err());
}

#[test]
fn ac_enc_06_man_sized_never_beyond_1000_yards() {
    assert_eq!(encounters::cap_man_sized_on_plains(1200), 1000);
    assert_eq!(encounters::cap_man_sized_on_plains(800), 800);
}

#[test]
fn ac_enc_09_sea_encounter_distance_as_plains() {
    let t = t();
    let a = encounters::distance_row(&t, EncounterTerrain::Sea).unwrap();
    let b = encounters::distance_row(&t, EncounterTerrain::Plains).unwrap();
    assert_eq!(
        (a.dice, a.sides, a.multiplier),
        (b.dice, b.sides, b.multiplier)
    );
}

#[test]
fn ac_enc_10_sea_visibility_and_fog() {
    assert_eq!(encounters::sea_visibility_miles(false, false), f(6, 1));
    assert_eq!(encounters::sea_visibility_miles(true, false), f(24, 1));
    assert_eq!(encounters::sea_visibility_miles(true, true), f(12, 5));
}

#[test]
fn ac_enc_02_short_encounters_book_one_turn() {
    assert_eq!(encounters::encounter_turns(1), 1);
    assert_eq!(encounters::encounter_turns(60), 1);
    assert_eq!(encounters::encounter_turns(61), 2);
}

#[test]
fn ac_ex_06_four_fleeing_one_or_two_pursuers() {
    let t = t();
    let o = Options::default();
    let e = evasion::wilderness_evasion(&t, &o, 4, 1, Circumstances::default()).unwrap();
    assert_eq!((e.throw, e.chance), (11, f(1, 2)));
    let e = evasion::wilderness_evasion(&t, &o, 4, 2, Circumstances::default()).unwrap();
    assert_eq!((e.throw, e.chance), (7, f(7, 10)));
}

#[test]
fn ac_evade_09_t11_columns_and_never_below_5_percent() {
    let t = t();
    let o = Options::default();
    assert_eq!(evasion::wilderness_throw(&t, 4, 4).unwrap(), 3);
    assert_eq!(evasion::wilderness_throw(&t, 10, 2).unwrap(), 14);
    assert_eq!(evasion::wilderness_throw(&t, 10, 5).unwrap(), 11);
    assert_eq!(evasion::wilderness_throw(&t, 30, 30).unwrap(), 14);
    let e = evasion::wilderness_evasion(
        &t,
        &o,
        30,
        1,
        Circumstances {
            modifier: -10,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(e.chance, f(1, 20));
    assert!(
        evasion::resolve_wilderness_evasion(
            &t,
            &o,
            30,
            1,
            Circumstances {
                modifier: -10,
                ..Default::default()
            },
            20
        )
        .unwrap()
    );
    assert!(evasion::wilderness_throw(&t, 0, 1).is_err());
}

#[test]
fn ac_evade_10_dense_woods_plus_5() {
    let t = t();
    let e = evasion::wilderness_evasion(
        &t,
        &Options::default(),
        4,
        1,
        Circumstances {
            dense_woods: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(e.chance, f(15, 20));
}

#[test]
fn ac_open_06_twice_as_fast_default_minus_5_option_plus_5_catch_up() {
    let t = t();
    let o = Options::default();
    let c = Circumstances {
        pursuers_twice_as_fast: true,
        ..Default::default()
    };
    assert_eq!(
        evasion::wilderness_evasion(&t, &o, 4, 1, c).unwrap().chance,
        f(5, 20)
    );
    assert_eq!(evasion::catch_up_odds(&o, true, true).chance, f(1, 2));
    let alt = Options {
        twice_as_fast: TwiceAsFast::PlusFiveToCatchUp,
        ..o
    };
    assert_eq!(
        evasion::wilderness_evasion(&t, &alt, 4, 1, c)
            .unwrap()
            .chance,
        f(1, 2)
    );
    assert_eq!(evasion::catch_up_odds(&alt, true, true).chance, f(3, 4));
}

#[test]
fn ac_evade_11_faster_pursuers_catch_up_on_11() {
    let o = Options::default();
    assert_eq!(evasion::catch_up_odds(&o, true, false).chance, f(1, 2));
    assert_eq!(evasion::catch_up_odds(&o, false, false).chance, f(0, 1));
}

#[test]
fn ac_evade_12_sea_evasion_by_speed_difference() {
    let t = t();
    assert_eq!(evasion::sea_evasion(&t, -10, 0).unwrap().throw, 5);
    assert_eq!(evasion::sea_evasion(&t, 0, 0).unwrap().throw, 11);
    assert_eq!(evasion::sea_evasion(&t, 30, 0).unwrap().throw, 11);
    assert_eq!(evasion::sea_evasion(&t, 31, 0).unwrap().throw, 13);
    assert_eq!(evasion::sea_evasion(&t, 90, 0).unwrap().throw, 15);
    assert_eq!(evasion::sea_evasion(&t, 120, 0).unwrap().throw, 17);
    assert_eq!(evasion::sea_evasion(&t, 121, 0).unwrap().chance, f(2, 20));
}

#[test]
fn ac_evade_13_no_pursuit_for_24_hours() {
    assert_eq!(evasion::SEA_EVADED_HOURS, 24);
}

#[test]
fn ac_evade_14_closing_speed_after_failed_sea_evasion() {
    assert_eq!(evasion::sea_closing_ft_per_round(90, 120), 30);
    assert_eq!(evasion::sea_closing_ft_per_round(150, 120), 30);
    assert_eq!(evasion::sea_closing_ft_per_round(180, 120), 60);
}

#[test]
fn ac_evade_03_faster_side_escapes_before_combat() {
    assert!(evasion::dungeon_automatic_escape(false, 120, 90));
    assert!(!evasion::dungeon_automatic_escape(true, 120, 90));
    assert!(!evasion::dungeon_automatic_escape(false, 90, 90));
}

#[test]
fn ac_evade_08_escape_when_other_side_surprised() {
    assert!(evasion::wilderness_automatic_escape(true));
    assert!(!evasion::wilderness_automatic_escape(false));
}

#[test]
fn ac_evade_07_treasure_stops_pursuit_on_4_to_6() {
    assert!(!evasion::stops_for_treasure(3).unwrap());
    assert!(evasion::stops_for_treasure(4).unwrap());
    assert!(evasion::stops_for_treasure(0).is_err());
}

proptest! {
    #[test]
    fn evasion_monotone_in_modifier_and_at_least_5_percent(fleeing in 1u32..40, pursuers in 1u32..40, m in -15i32..15) {
        let t = t();
        let o = Options::default();
        let a = evasion::wilderness_evasion(&t, &o, fleeing, pursuers, Circumstances { modifier: m, ..Default::default() }).unwrap();
        let b = evasion::wilderness_evasion(&t, &o, fleeing, pursuers, Circumstances { modifier: m + 1, ..Default::default() }).unwrap();
        prop_assert!(a.chance <= b.chance);
        prop_assert!(a.chance >= f(1, 20) && a.chance <= f(1, 1));
        // More pursuers never make escape harder (T-11: bigger pursuing groups lower the throw).
        let c = evasion::wilderness_evasion(&t, &o, fleeing, pursuers + 1, Circumstances { modifier: m, ..Default::default() }).unwrap();
        prop_assert!(c.chance >= a.chance);
    }
}
