use delve_dnd2024::core::RollMode;
use delve_dnd2024::travel::*;

#[test]
fn dd_trv_01_a_pace_table() {
    assert_eq!(
        (
            Pace::Fast.feet_per_minute(),
            Pace::Fast.miles_per_hour(),
            Pace::Fast.miles_per_day()
        ),
        (400, 4, 30)
    );
    assert_eq!(
        (
            Pace::Normal.feet_per_minute(),
            Pace::Normal.miles_per_hour(),
            Pace::Normal.miles_per_day()
        ),
        (300, 3, 24)
    );
    assert_eq!(
        (
            Pace::Slow.feet_per_minute(),
            Pace::Slow.miles_per_hour(),
            Pace::Slow.miles_per_day()
        ),
        (200, 2, 18)
    );
    assert_eq!(travel(Pace::Normal, 8, 0).unwrap().miles, 24);
    assert!(Pace::parse("gallop").is_err());
}

#[test]
fn dd_trv_01_b_pace_effects() {
    assert_eq!(Pace::Fast.check_effects().len(), 3);
    assert_eq!(
        Pace::Normal.check_effects(),
        vec![("dexterity_stealth", RollMode::Disadvantage)]
    );
    assert!(
        Pace::Slow
            .check_effects()
            .iter()
            .all(|(_, m)| *m == RollMode::Advantage)
    );
}

#[test]
fn dd_trv_01_c_mounted_hour_doubles() {
    assert_eq!(travel(Pace::Fast, 1, 1).unwrap().miles, 8);
    assert!(travel(Pace::Fast, 2, 2).is_err());
}

#[test]
fn dd_trv_03_a_extended_travel_dcs() {
    assert_eq!(
        travel(Pace::Normal, 10, 0).unwrap().extended_travel_dcs,
        vec![11, 12]
    );
    assert!(
        travel(Pace::Normal, 8, 0)
            .unwrap()
            .extended_travel_dcs
            .is_empty()
    );
    assert!(travel(Pace::Normal, 25, 0).is_err());
}

#[test]
fn dd_trv_02_a_b_terrain_caps_pace() {
    assert_eq!(max_pace(Terrain::Mountain, false, false, false), Pace::Slow);
    assert_eq!(max_pace(Terrain::Forest, true, false, false), Pace::Fast);
    assert_eq!(max_pace(Terrain::Swamp, false, true, false), Pace::Fast);
    assert_eq!(max_pace(Terrain::Grassland, false, false, true), Pace::Slow);
}

#[test]
fn dd_trv_04_a_special_speed() {
    assert_eq!(special_speed_day(60, 8, Pace::Normal), (6, 48));
    assert_eq!(special_speed_day(60, 8, Pace::Fast), (6, 64));
    assert_eq!(special_speed_day(50, 8, Pace::Slow), (5, 26));
}

#[test]
fn dd_trv_01_d_vessels_at_their_speed_land_vehicles_by_pace() {
    assert_eq!(vessel_day(5, 8).unwrap(), 40);
    assert_eq!(
        vessel_day(5, 24).unwrap(),
        120,
        "no pace: a ship sails all day"
    );
    assert!(vessel_day(5, 25).is_err());
    // A wagon chooses a pace like a walker.
    assert_eq!(travel(Pace::Slow, 8, 0).unwrap().miles, 16);
    assert_eq!(travel(Pace::Fast, 8, 0).unwrap().miles, 32);
}
