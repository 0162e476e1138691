//! The sea at the table: the vessel, the day's wind, voyages with and against it, oars when
//! becalmed, the navigator's day and night, storm hours, lost at sea with the true hex the
//! Judge's alone, fishing and scurvy.

use super::*;

/// The sample party aboard `vessel` at the origin of an empty (all-sea) map.
fn aboard(vessel: &str, shp: i64) -> T {
    let mut t = T::new();
    t.judge(json!({"place_party": {"q": 0, "r": 0}}), &[]);
    t.judge(json!({"set_ship": {"vessel": vessel, "shp": shp}}), &[]);
    t
}

fn event(events: &[Envelope], name: &str) -> Value {
    T::rules_events(events)
        .into_iter()
        .find_map(|e| e.get(name).cloned())
        .unwrap_or_else(|| panic!("no {name}"))
}

fn sail(t: &mut T, wind: i64, cmd: Value, dice: &[i64]) -> Value {
    t.judge(json!({"roll_wind": {}}), &[wind]);
    let ev = t.judge(json!({ "sail_day": cmd }), dice);
    event(&ev, "sailed")
}

#[test]
fn ac_sea_02_and_03_a_vessel_from_t05_with_its_structural_hit_points() {
    let mut t = T::new();
    let code = t.refused(
        &judge(),
        json!({"set_ship": {"vessel": "sailing_boat", "shp": 50}}),
    );
    assert!(
        code.starts_with("bad_shp") && code.contains("20–45"),
        "{code}"
    );
    t.judge(
        json!({"set_ship": {"vessel": "sailing_boat", "shp": 30}}),
        &[],
    );
    let ship = &t.player_view("ann")["rules"]["sea"]["ship"];
    assert_eq!(
        (ship["shp"].clone(), ship["vessel"].clone()),
        (json!(30), json!("sailing_boat"))
    );
    // Oared: the boat stops at night.
    t.judge(json!({"set_ship": {"vessel": "canoe", "shp": 8}}), &[]);
    assert_eq!(t.state()["sea"]["ship"]["stops_at_night"], true);
}

#[test]
fn ac_sea_04_to_07_wind_multiplies_tacking_takes_two_rows_weaker_a_navigator_doubles() {
    // A sailing boat makes 72 miles in 12 hours; average winds (d20 10) × 1: 12 hexes.
    let mut t = aboard("sailing_boat", 30);
    let d = sail(
        &mut t,
        10,
        json!({"toward": "south", "waters": "coast"}),
        &[20],
    );
    assert_eq!(
        (d["miles"].clone(), d["path"].as_array().unwrap().len()),
        (json!(72), 12)
    );
    // Against an average wind: a light breeze's × 1/3 = 24 miles.
    let d = sail(
        &mut t,
        10,
        json!({"toward": "south", "against_wind": true, "waters": "coast"}),
        &[20],
    );
    assert_eq!(d["miles"], 24);
    // Strong winds (13) × 4/3 = 96, sailing day and night: 192.
    let d = sail(
        &mut t,
        13,
        json!({"toward": "south", "day_and_night": true, "waters": "coast"}),
        &[20],
    );
    assert_eq!(d["miles"], 192);
    t.assert_replays();
}

#[test]
fn ac_sea_08_and_09_becalmed_galleys_row_no_tacking_in_very_strong_winds() {
    // Becalmed (1): a small galley rows its 60 miles.
    let mut t = aboard("small_galley", 80);
    let d = sail(
        &mut t,
        1,
        json!({"toward": "north", "waters": "coast"}),
        &[20],
    );
    assert_eq!(
        (d["miles"].clone(), d["rowing"].clone()),
        (json!(60), json!(true))
    );
    // Very strong winds (17) against the wind: a sailing boat cannot tack.
    let mut t = aboard("sailing_boat", 30);
    t.judge(json!({"roll_wind": {}}), &[17]);
    let code = t.refused(
        &judge(),
        json!({"sail_day": {"toward": "north", "against_wind": true, "waters": "coast"}}),
    );
    assert!(code.starts_with("cannot_sail"), "{code}");
    // A galley cannot sail through the night.
    let mut t = aboard("small_galley", 80);
    t.judge(json!({"roll_wind": {}}), &[10]);
    let code = t.refused(
        &judge(),
        json!({"sail_day": {"toward": "north", "day_and_night": true, "waters": "coast"}}),
    );
    assert!(code.starts_with("cannot_sail"), "{code}");
    // Without the day's wind there is no voyage.
    let mut t = aboard("sailing_boat", 30);
    let code = t.refused(
        &judge(),
        json!({"sail_day": {"toward": "north", "waters": "coast"}}),
    );
    assert!(code.starts_with("no_wind"), "{code}");
}

#[test]
fn ac_sea_10_and_11_storm_hours_2d8_and_the_oared_ships_save() {
    let mut t = aboard("sailing_boat", 30);
    t.judge(json!({"roll_wind": {}}), &[10]);
    let code = t.refused(&judge(), json!({"storm_hour": {}}));
    assert!(code.starts_with("no_storm"), "{code}");
    t.judge(json!({"roll_wind": {}}), &[20]);
    let ev = t.judge(json!({"storm_hour": {}}), &[3, 4]);
    let h = event(&ev, "storm_hour");
    assert_eq!(
        (h["damage"].clone(), h["shp"].clone()),
        (json!(7), json!(23))
    );
    // A galley saves 18+: on 18 it takes double; on 17 it sinks.
    let mut t = aboard("small_galley", 80);
    t.judge(json!({"roll_wind": {}}), &[20]);
    let ev = t.judge(json!({"storm_hour": {}}), &[18, 3, 4]);
    assert_eq!(event(&ev, "storm_hour")["damage"], 14);
    let ev = t.judge(json!({"storm_hour": {}}), &[17, 1, 1]);
    assert_eq!(event(&ev, "storm_hour")["sinks"], true);
    assert_eq!(t.state()["sea"]["ship"]["sunk"], true);
    let code = t.refused(&judge(), json!({"storm_hour": {}}));
    assert!(code.starts_with("no_ship"), "{code}");
}

#[test]
fn ac_sea_13_lost_at_sea_the_players_see_the_same_voyage() {
    let voyage = |lost: bool| {
        let mut t = aboard("sailing_boat", 30);
        t.judge(json!({"roll_wind": {}}), &[10]);
        // Open sea: 11+; face 4 loses the ship, the Judge's d6 sends it two sides off.
        let dice: &[i64] = if lost { &[4, 2] } else { &[15] };
        t.judge(
            json!({"sail_day": {"toward": "north", "waters": "open_sea"}}),
            dice,
        );
        t
    };
    let a = voyage(false);
    let b = voyage(true);
    same_for_everyone_but_the_judge(&a, &b);
    let p = b.state()["wilderness"]["party"].clone();
    assert_eq!(p["lost"], true);
    assert_eq!(p["believed_hex"], json!({"q": 0, "r": -12}));
    assert_eq!(p["true_hex"], json!({"q": 12, "r": 0}));
    let seen = b.player_view("ann").to_string();
    assert!(
        !seen.contains("true_hex") && !seen.contains("\"q\":12"),
        "{seen}"
    );
    // A navigator's +4 keeps the course on 7.
    let mut t = aboard("sailing_boat", 30);
    t.judge(
        json!({"set_outdoors": {"character": "odo", "navigation": true}}),
        &[],
    );
    t.judge(json!({"roll_wind": {}}), &[10]);
    let ev = t.judge(
        json!({"sail_day": {"toward": "north", "waters": "open_sea"}}),
        &[7],
    );
    let n = event(&ev, "sea_navigated");
    assert_eq!(
        (n["bonus"].clone(), n["on_course"].clone()),
        (json!(4), json!(true))
    );
    b.assert_replays();
}

#[test]
fn ac_sea_17_fishing_only_becalmed_or_at_anchor_14_plus_feeds_2d6() {
    let mut t = aboard("sailing_boat", 30);
    t.judge(json!({"roll_wind": {}}), &[10]);
    let code = t.refused(&player("ann"), json!({"fish": {"character": "sefa"}}));
    assert!(code.starts_with("cannot_fish"), "{code}");
    t.judge(json!({"drop_anchor": {"at_anchor": true}}), &[]);
    let ev = t.as_player("ann", json!({"fish": {"character": "sefa"}}), &[14, 9]);
    assert_eq!(event(&ev, "fished")["fed"], 9);
    assert_eq!(t.state()["wilderness"]["fresh_food"], 9);
    let code = t.refused(&player("ann"), json!({"fish": {"character": "sefa"}}));
    assert!(code.starts_with("already_fished"), "{code}");
    // At anchor the ship does not sail.
    let code = t.refused(
        &judge(),
        json!({"sail_day": {"toward": "north", "waters": "coast"}}),
    );
    assert!(code.starts_with("at_anchor"), "{code}");
    // Becalmed, Survival +4: 10 + 4 = 14.
    let mut t = aboard("sailing_boat", 30);
    t.judge(
        json!({"set_outdoors": {"character": "brena", "survival": true}}),
        &[],
    );
    t.judge(json!({"roll_wind": {}}), &[1]);
    let ev = t.as_player("ann", json!({"fish": {"character": "brena"}}), &[10, 5]);
    assert_eq!(event(&ev, "fished")["total"], 14);
}

#[test]
fn ac_sea_16_scurvy_after_a_month_on_iron_rations_fresh_food_restores() {
    let mut t = aboard("sailing_boat", 30);
    // Four weeks at sea: no scurvy before 30 days.
    for _ in 0..29 {
        sail(
            &mut t,
            10,
            json!({"toward": "north", "waters": "coast"}),
            &[20],
        );
    }
    t.judge(json!({"scurvy_week": {"fresh_food": false}}), &[]);
    assert_eq!(
        t.state()["creatures"]["brena"]["kind"]["character"]["abilities"]["strength"],
        16
    );
    sail(
        &mut t,
        10,
        json!({"toward": "north", "waters": "coast"}),
        &[20],
    );
    t.judge(json!({"scurvy_week": {"fresh_food": false}}), &[]);
    t.judge(json!({"scurvy_week": {"fresh_food": false}}), &[]);
    let a = t.state()["creatures"]["brena"]["kind"]["character"]["abilities"].clone();
    assert_eq!(
        (a["strength"].clone(), a["constitution"].clone()),
        (json!(14), json!(8))
    );
    // A week of fresh food gives back up to 3, never above the start.
    t.judge(json!({"scurvy_week": {"fresh_food": true}}), &[]);
    let a = t.state()["creatures"]["brena"]["kind"]["character"]["abilities"].clone();
    assert_eq!(
        (a["strength"].clone(), a["constitution"].clone()),
        (json!(16), json!(10))
    );
    assert_eq!(t.state()["sea"]["days_on_iron"], 0);
    t.assert_replays();
}

#[test]
fn ac_sea_12_a_galley_beaches_on_open_coast_and_the_storm_spares_it() {
    let mut t = aboard("small_galley", 80);
    // Not in a gale: nothing to beach from.
    t.judge(json!({"roll_wind": {}}), &[10]);
    let code = t.refused(&judge(), json!({"beach": {"open_coast": true}}));
    assert!(code.starts_with("no_storm"), "{code}");
    t.judge(json!({"roll_wind": {}}), &[20]);
    let ev = t.judge(json!({"beach": {"open_coast": true}}), &[]);
    let b = event(&ev, "beached");
    assert_eq!(
        (b["beached"].clone(), b["face"].clone()),
        (json!(true), Value::Null)
    );
    assert_eq!(t.player_view("bob")["rules"]["sea"]["beached"], true);
    // No storm hour: no damage, no save.
    let code = t.refused(&judge(), json!({"storm_hour": {}}));
    assert!(
        code.starts_with("beached") && code.contains("AC-SEA-12"),
        "{code}"
    );
    assert_eq!(t.state()["sea"]["ship"]["shp"], 80);
    // The next day it puts to sea again.
    t.judge(json!({"roll_wind": {}}), &[20]);
    assert_eq!(t.state()["sea"]["beached"], false);
    t.assert_replays();
}

#[test]
fn ac_sea_12_off_another_coast_a_navigation_throw_of_14_finds_a_beach() {
    let mut t = aboard("small_galley", 80);
    t.judge(json!({"roll_wind": {}}), &[20]);
    // Physical dice: 13 misses the beach; the galley rides out the hour (save 19, 2d8 3 + 4,
    // doubled for the galley: 14).
    let ev = t.faces(
        &judge(),
        json!({"rules": {"beach": {"open_coast": false}}}),
        &[13],
    );
    let b = event(&ev, "beached");
    assert_eq!(
        (b["beached"].clone(), b["face"].clone(), b["throw"].clone()),
        (json!(false), json!(13), json!(14))
    );
    let code = t.refused(&judge(), json!({"beach": {"open_coast": false}}));
    assert!(code.starts_with("cannot_beach"), "{code}");
    let ev = t.faces(&judge(), json!({"rules": {"storm_hour": {}}}), &[19, 3, 4]);
    assert_eq!(event(&ev, "storm_hour")["damage"], 14);
    // Another day's gale: a navigator aboard adds 4, and 10 + 4 finds a cove.
    t.judge(
        json!({"set_outdoors": {"character": "odo", "navigation": true}}),
        &[],
    );
    t.judge(json!({"roll_wind": {}}), &[20]);
    let ev = t.faces(
        &judge(),
        json!({"rules": {"beach": {"open_coast": false}}}),
        &[10],
    );
    let b = event(&ev, "beached");
    assert_eq!(
        (b["beached"].clone(), b["bonus"].clone()),
        (json!(true), json!(4))
    );
    // Once the storm has caught a galley at sea, it is too late to beach.
    t.judge(json!({"roll_wind": {}}), &[20]);
    t.faces(&judge(), json!({"rules": {"storm_hour": {}}}), &[19, 1, 1]);
    let code = t.refused(&judge(), json!({"beach": {"open_coast": true}}));
    assert!(code.starts_with("cannot_beach"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_sea_12_only_oared_vessels_beach() {
    let mut t = aboard("small_sailing_ship", 70);
    t.judge(json!({"roll_wind": {}}), &[20]);
    let code = t.refused(&judge(), json!({"beach": {"open_coast": true}}));
    assert!(
        code.starts_with("cannot_beach") && code.contains("oared"),
        "{code}"
    );
}
