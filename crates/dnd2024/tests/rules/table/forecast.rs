//! Forecasts (issue 24): a D&D 2024 fight played forward many times through the real ruleset,
//! for the Referee only, changing nothing.

use super::*;
use engine::forecast::ForecastOptions;

fn options(runs: u32, seed: u64, threads: usize, policy: Option<&str>) -> ForecastOptions {
    ForecastOptions {
        runs,
        seed,
        threads,
        policy: policy.map(Into::into),
    }
}

fn forecast(t: &T, args: Value, options: &ForecastOptions) -> Value {
    t.table
        .forecast(&Viewer::Referee, "fight", &args, options, 0, &|_| {})
        .unwrap()
}

/// A monster of `hp` hit points and armour class `ac` with a 1d4 bite.
fn weakling(id: &str, hp: u32, ac: i32) -> Value {
    json!({
        "id": id, "name": "Weakling",
        "abilities": {"strength": 8, "dexterity": 10, "constitution": 10, "intelligence": 3,
            "wisdom": 8, "charisma": 3},
        "armor_class": ac, "hit_points": hp, "speed": {"walk": 30},
        "attacks": [{"name": "Bite", "bonus": 2, "reach_ft": 5,
            "damage": [{"dice": "1d4", "damage_type": "piercing"}]}]
    })
}

fn place(t: &mut T, id: &str, x: i32, y: i32) {
    t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
}

/// Vera (Rapier +4, 1d8+2) next to a 1-HP monster of AC 15, in her turn of round 1.
fn one_blow() -> T {
    let mut t = party();
    t.dm(
        json!({"add_creature": {"creature": weakling("weak", 1, 15)}}),
        &[],
    );
    place(&mut t, "vera", 0, 0);
    place(&mut t, "weak", 1, 0);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "weak"]}}),
        &[15, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "weak"]}}),
        &[],
    );
    t
}

/// Four characters against four goblins (AC 15, 7 HP, Scimitar +4) across the room, a wall
/// between them with a gap.
pub fn four_against_four() -> T {
    let mut t = party();
    for p in ["cara", "dell"] {
        t.dm(json!({"add_creature": {"creature": character(p, 16)}}), &[]);
    }
    let cells: Vec<Value> = (0..6)
        .map(|y| json!({"x": 4, "y": y, "obstacle": "wall"}))
        .collect();
    t.dm(json!({"set_map": {"cells": cells}}), &[]);
    for (i, id) in ["vera", "bram", "cara", "dell"].iter().enumerate() {
        place(&mut t, id, 0, 2 * i as i32);
    }
    t.dm(json!({"add_creature": {"creature": monster("gob2")}}), &[]);
    t.dm(json!({"add_creature": {"creature": monster("gob3")}}), &[]);
    t.dm(json!({"add_creature": {"creature": monster("gob4")}}), &[]);
    for (i, id) in ["gob", "gob2", "gob3", "gob4"].iter().enumerate() {
        place(&mut t, id, 8, 2 * i as i32);
    }
    t
}

/// The exact chance of Vera's one attack to hit AC 15: a D20 Test with her +4 (her Dexterity
/// +2 and 2 more) against DC 15, as the `d20_odds` query gives it. A natural 1 misses and a
/// natural 20 hits either way, since 11 or more is needed.
fn exact_hit(t: &T) -> f64 {
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "d20_odds",
            &json!({"creature": "vera", "test": {"ability_check": {"ability": "dexterity"}},
                "dc": 15, "modifiers": [{"name": "proficiency", "value": 2}]}),
        )
        .unwrap();
    let (n, d) = odds["success"].as_str().unwrap().split_once('/').unwrap();
    n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap()
}

#[test]
fn forecast_a_single_attack_matches_the_exact_odds_within_its_interval() {
    let t = one_blow();
    let report = forecast(
        &t,
        json!({"max_rounds": 1}),
        &options(4000, 11, 2, Some("defaults")),
    );
    let exact = exact_hit(&t);
    assert_eq!(exact, 0.5);
    let win = &report["sides"]["characters"];
    let (lo, hi) = (
        win["ci95"][0].as_f64().unwrap(),
        win["ci95"][1].as_f64().unwrap(),
    );
    assert!(
        lo <= exact && exact <= hi,
        "exact {exact} outside [{lo}, {hi}]: {report}"
    );
    assert_eq!(report["runs"], 4000);
    assert_eq!(report["stuck"], 0, "{report}");
    // Every hit kills the 1-HP monster; a miss leaves a draw at the round limit. Bram is not
    // in the combat, so not in the forecast.
    let draw = report["sides"]["draw"]["p"].as_f64().unwrap();
    assert!((draw + win["win"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    assert_eq!(report["sides"]["monsters"]["win"], 0.0);
    assert_eq!(report["creatures"]["weak"]["dies"], win["win"]);
    assert_eq!(report["creatures"]["weak"]["drops_to_0_hp"], win["win"]);
    assert_eq!(report["creatures"]["vera"]["dies"], 0.0);
    assert!(report["creatures"].get("bram").is_none());
    assert_eq!(report["rounds_mean"], 1.0);
}

#[test]
fn forecast_a_fight_one_side_always_wins_gives_100_percent() {
    // A 200-HP character against a 1-HP monster of AC 5, six squares apart: she walks up and
    // hits on anything but a natural 1 long before its bites could matter.
    let mut t = party();
    t.dm(
        json!({"add_creature": {"creature": character("tank", 200)}}),
        &[],
    );
    t.dm(
        json!({"add_creature": {"creature": weakling("weak", 1, 5)}}),
        &[],
    );
    place(&mut t, "tank", 0, 0);
    place(&mut t, "weak", 6, 0);
    let report = forecast(&t, json!({}), &options(300, 5, 1, None));
    assert_eq!(report["sides"]["characters"]["win"], 1.0, "{report}");
    assert_eq!(report["sides"]["characters"]["ci95"][1], 1.0);
    assert!(report["sides"]["characters"]["ci95"][0].as_f64().unwrap() > 0.98);
    assert_eq!(report["creatures"]["weak"]["side"], "monsters");
    assert_eq!(report["creatures"]["weak"]["dies"], 1.0);
    assert_eq!(report["creatures"]["tank"]["side"], "characters");
    assert_eq!(report["creatures"]["tank"]["dies"], 0.0);
    assert!(
        report["creatures"]["tank"]["hp_left_mean"]
            .as_f64()
            .unwrap()
            > 150.0
    );
    assert_eq!(report["stuck"], 0);
    // Only the creatures on the grid fight: Vera, Bram and the goblin are not placed.
    assert!(report["creatures"].get("gob").is_none());
}

#[test]
fn forecast_the_same_seed_gives_the_same_report_on_1_2_and_8_threads() {
    let t = four_against_four();
    let one = forecast(&t, json!({}), &options(48, 9, 1, None));
    assert_eq!(one, forecast(&t, json!({}), &options(48, 9, 2, None)));
    assert_eq!(one, forecast(&t, json!({}), &options(48, 9, 8, None)));
    assert_ne!(one, forecast(&t, json!({}), &options(48, 10, 1, None)));
    // A real fight: decided in most runs, lasting rounds, with creatures dropping.
    let decided = one["sides"]["characters"]["win"].as_f64().unwrap()
        + one["sides"]["monsters"]["win"].as_f64().unwrap();
    assert!(decided > 0.5, "{one}");
    assert!(one["rounds_mean"].as_f64().unwrap() >= 2.0, "{one}");
    assert_eq!(one["stuck"], 0, "{one}");
    let dropped: f64 = ["vera", "bram", "cara", "dell", "gob", "gob2"]
        .iter()
        .map(|c| one["creatures"][c]["drops_to_0_hp"].as_f64().unwrap())
        .sum();
    assert!(dropped > 0.0, "{one}");
    // A character at 0 HP drops and rolls its death saves: some end the fight dying, Stable
    // or dead.
    let fallen: f64 = ["vera", "bram", "cara", "dell"]
        .iter()
        .map(|c| {
            one["creatures"][c]["knocked_out"].as_f64().unwrap()
                + one["creatures"][c]["dies"].as_f64().unwrap()
        })
        .sum();
    assert!(fallen > 0.0, "{one}");
    // A monster at 0 HP dies (DD-DMG-12.a).
    let gob = &one["creatures"]["gob"];
    assert_eq!(gob["dies"], gob["drops_to_0_hp"], "{one}");
    assert_eq!(gob["knocked_out"], 0.0);
    for policy in ["tactical", "defaults"] {
        let r = forecast(&t, json!({}), &options(16, 3, 1, Some(policy)));
        assert_eq!(r["policy"], policy);
        assert_eq!(r["stuck"], 0, "{policy}: {r}");
    }
}

#[test]
fn forecast_changes_nothing_and_answers_the_referee_only() {
    let t = four_against_four();
    let before = t.table.snapshot();
    let log = t.log.len();
    let head = t.table.head();
    let _ = forecast(&t, json!({}), &options(8, 1, 1, None));
    assert_eq!(t.table.snapshot(), before);
    assert_eq!(t.table.head(), head);
    assert_eq!(t.log.len(), log);
    for viewer in [
        Viewer::Player("alice".into()),
        Viewer::Spectator("sam".into()),
    ] {
        let e = t
            .table
            .forecast(
                &viewer,
                "fight",
                &json!({}),
                &options(8, 1, 1, None),
                0,
                &|_| {},
            )
            .unwrap_err();
        assert_eq!(e.code, "forecast_referee_only");
    }
    assert_eq!(t.table.snapshot(), before);
    let refused = |args: Value, policy: Option<&str>| {
        t.table
            .forecast(
                &Viewer::Referee,
                "fight",
                &args,
                &options(8, 1, 1, policy),
                0,
                &|_| {},
            )
            .unwrap_err()
    };
    assert_eq!(
        refused(json!({"max_rounds": 0}), None).rule.as_deref(),
        Some("MAX_ROUNDS")
    );
    assert_eq!(refused(json!({}), Some("berserk")).code, "no_such_policy");
    let e = party()
        .table
        .forecast(
            &Viewer::Referee,
            "fight",
            &json!({}),
            &options(8, 1, 1, None),
            0,
            &|_| {},
        )
        .unwrap_err();
    assert_eq!(e.code, "forecast_no_fight");
    assert_eq!(t.table.forecast_kinds(), ["fight"]);
    assert_eq!(t.table.snapshot(), before);
}

#[test]
fn forecast_typed_events_end_where_the_json_bodies_do() {
    // A forecast applies the ruleset's events typed (nothing is stored); a table applies their
    // JSON bodies. Played with the same seeds, both ways end in the same state.
    use delve_dnd2024::ruleset::DndState;
    use delve_dnd2024::ruleset::forecast::{fight, policy::Policy};
    use engine::forecast::Sim;
    use std::sync::Arc;
    let state: engine::TableState<DndState> =
        serde_json::from_value(four_against_four().table.state_json()).unwrap();
    let cast = fight::Cast::of(&state);
    assert_eq!(cast.fighters.len(), 8);
    for seed in 0..4 {
        let mut typed = Sim::new(Arc::new(Dnd2024), state.clone(), seed, 0);
        let mut json = Sim::new(Arc::new(Dnd2024), state.clone(), seed, 0).through_json();
        let a = fight::play(&mut typed, &cast, Policy::Tactical, 30);
        let b = fight::play(&mut json, &cast, Policy::Tactical, 30);
        assert_eq!(a, b, "seed {seed}");
        assert!(a.rounds >= 1 && !a.stuck, "{a:?}");
        assert_eq!(typed.steps(), json.steps());
        assert!(
            typed.state() == json.state(),
            "seed {seed}: the states differ"
        );
    }
}
