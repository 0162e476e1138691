//! Forecasts (issue 24): a fight played forward many times through the real ruleset, for the
//! Referee only, changing nothing.

use crate::common::*;
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

/// Vera (Strength 2, a sword) next to a surprised ghoul of Stamina 1, in her turn of round 1.
fn one_blow() -> T {
    let mut t = sword_and_ghoul(1);
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    t.referee_rules(json!({"start_combat": {"surprised": ["ghoul"]}}), &[]);
    t.ok(
        &player("alice"),
        r(json!({"order_side": {"side": "crows", "order": ["vera"]}})),
        &[],
    );
    initiative(&mut t, "alice", 7);
    assert_eq!(fight(&t)["current"], "vera");
    t
}

/// Four crows with swords against four cave spiders, ten squares apart.
pub fn four_against_four() -> T {
    let mut t = sample_party();
    for (id, stamina) in [("cora", 4), ("dell", 4)] {
        t.referee_rules(
            json!({"create_creature": {"id": id, "kind": "crow",
                "characteristics": {"agility": 1, "mind": 0, "strength": 1},
                "stamina": stamina}}),
            &[],
        );
    }
    for (i, id) in ["vera", "bram", "cora", "dell"].iter().enumerate() {
        t.referee_rules(
            json!({"place_item": {"creature": id, "card": "sword",
                "slots": [{"kind": "Hand", "number": 1}]}}),
            &[],
        );
        place(&mut t, id, 0, 2 * i as i32, "crows");
    }
    for (i, id) in ["g1", "g2", "g3", "g4"].iter().enumerate() {
        t.referee_rules(
            json!({"create_creature": {"id": id, "card": "cave-spider", "revealed": true}}),
            &[],
        );
        place_as(&mut t, id, 10, 2 * i as i32, "enemies", Some("cave-spider"));
    }
    t
}

#[test]
fn forecast_a_single_blow_matches_the_exact_odds_within_its_interval() {
    let t = one_blow();
    let report = forecast(
        &t,
        json!({"max_rounds": 1}),
        &options(4000, 11, 2, Some("defaults")),
    );
    // The one test: 2d10 + Strength 2 + 1 against the surprised ghoul; any hit (tier 2 or
    // better) deals the sword's 1d6 + 1 or more, past its 1 Stamina.
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "odds",
            &json!({"characteristic": "strength", "value": 2, "bonus": 1}),
        )
        .unwrap();
    let miss = &odds["without"]["tier_1"];
    let exact = 1.0 - miss["numerator"].as_f64().unwrap() / miss["denominator"].as_f64().unwrap();
    let win = &report["sides"]["crows"];
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
    // The rest are draws at the round limit; the ghoul never acts.
    let draw = report["sides"]["draw"]["p"].as_f64().unwrap();
    assert!((draw + win["win"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    assert_eq!(report["sides"]["enemies"]["win"], 0.0);
    assert_eq!(report["creatures"]["vera"]["dies"], 0.0);
    assert_eq!(report["rounds_mean"], 1.0);
}

#[test]
fn forecast_a_fight_one_side_always_wins_gives_100_percent() {
    // A crow of Stamina 20 with a sword against a 1-Stamina ghoul with nothing to hit with
    // but its fists: thirty rounds to land one blow long before its fists could wear her down.
    let mut t = sword_and_ghoul(1);
    t.referee_rules(
        json!({"create_creature": {"id": "tank", "name": "Tank", "kind": "crow",
            "characteristics": {"agility": 1, "mind": 0, "strength": 2}, "stamina": 20}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "tank", "card": "sword",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    place(&mut t, "tank", 0, 0, "crows");
    place(&mut t, "ghoul", 4, 0, "enemies");
    let report = forecast(&t, json!({}), &options(300, 5, 1, None));
    assert_eq!(report["sides"]["crows"]["win"], 1.0, "{report}");
    assert_eq!(report["sides"]["crows"]["ci95"][1], 1.0);
    assert!(report["sides"]["crows"]["ci95"][0].as_f64().unwrap() > 0.98);
    assert_eq!(report["creatures"]["ghoul"]["side"], "enemies");
    assert_eq!(report["creatures"]["tank"]["dies"], 0.0);
    let out = report["creatures"]["ghoul"]["dies"].as_f64().unwrap()
        + report["creatures"]["ghoul"]["knocked_out"]
            .as_f64()
            .unwrap();
    assert!((out - 1.0).abs() < 1e-9, "{report}");
    assert_eq!(report["stuck"], 0);
}

#[test]
fn forecast_the_same_seed_gives_the_same_report_on_1_2_and_8_threads() {
    let t = four_against_four();
    let one = forecast(&t, json!({}), &options(64, 9, 1, None));
    assert_eq!(one, forecast(&t, json!({}), &options(64, 9, 2, None)));
    assert_eq!(one, forecast(&t, json!({}), &options(64, 9, 8, None)));
    assert_ne!(one, forecast(&t, json!({}), &options(64, 10, 1, None)));
    // A real fight: someone wins most runs, creatures get hurt, it lasts some rounds.
    let decided = one["sides"]["crows"]["win"].as_f64().unwrap()
        + one["sides"]["enemies"]["win"].as_f64().unwrap();
    assert!(decided > 0.5, "{one}");
    assert!(one["rounds_mean"].as_f64().unwrap() >= 2.0, "{one}");
    assert_eq!(one["stuck"], 0, "{one}");
    let hurt: f64 = ["vera", "bram", "cora", "dell"]
        .iter()
        .map(|c| one["creatures"][c]["gains_wounds"].as_f64().unwrap())
        .sum();
    assert!(hurt > 0.0, "{one}");
}

#[test]
fn forecast_changes_nothing_and_answers_the_referee_only() {
    let t = four_against_four();
    let before = t.table.snapshot();
    let log = t.log.len();
    let _ = forecast(&t, json!({}), &options(8, 1, 1, None));
    assert_eq!(t.table.snapshot(), before);
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
    // Bad requests are refused by name.
    let e = t
        .table
        .forecast(
            &Viewer::Referee,
            "fight",
            &json!({"max_rounds": 0}),
            &options(8, 1, 1, None),
            0,
            &|_| {},
        )
        .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("MAX_ROUNDS"));
    let e = t
        .table
        .forecast(
            &Viewer::Referee,
            "fight",
            &json!({}),
            &options(8, 1, 1, Some("berserk")),
            0,
            &|_| {},
        )
        .unwrap_err();
    assert_eq!(e.code, "no_such_policy");
    let empty = party();
    let e = empty
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
    assert_eq!(t.table.forecast_kinds(), ["fight", "expedition"]);
}

#[test]
fn forecast_policies_differ_where_expertise_decides() {
    // The tactical policy spends Vera's expertise when it raises a tier; defaults never do.
    // Both play the same fight; with the same seed their reports may differ only through
    // those decisions, so both finish and count every run.
    let t = four_against_four();
    for policy in ["tactical", "defaults"] {
        let r = forecast(&t, json!({}), &options(32, 3, 1, Some(policy)));
        assert_eq!(r["policy"], policy);
        assert_eq!(r["runs"], 32);
        assert_eq!(r["stuck"], 0, "{policy}: {r}");
    }
}

/// Vera with a lit torch in hand (3 usage dice) and Bram in a dungeon with manual turns.
fn torch_in_the_crypt(rations: &[(&str, u32)]) -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": 1}}}),
        &[],
    );
    for (who, n) in rations {
        for i in 0..*n {
            t.referee_rules(
                json!({"place_item": {"creature": who, "card": "ration",
                    "slots": [{"kind": "Backpack", "number": i + 1}]}}),
                &[],
            );
        }
    }
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": "manual"}}),
        &[],
    );
    t
}

fn expedition(t: &T, args: Value, options: &ForecastOptions) -> Value {
    t.table
        .forecast(&Viewer::Referee, "expedition", &args, options, 0, &|_| {})
        .unwrap()
}

fn inside(v: &Value, exact: f64) -> bool {
    v["ci95"][0].as_f64().unwrap() <= exact && exact <= v["ci95"][1].as_f64().unwrap()
}

#[test]
fn forecast_expedition_a_torch_burns_out_as_its_usage_dice_say() {
    let t = torch_in_the_crypt(&[]);
    let report = expedition(&t, json!({"turns": 3}), &options(4000, 21, 2, None));
    // Each of the torch's 3 dice goes on a 1 or 2 at each turn end (CR-UD-02/04): all three
    // gone within 3 turns with probability (1 - (2/3)^3)^3.
    let exact = (1.0 - (2.0_f64 / 3.0).powi(3)).powi(3);
    assert!(
        inside(&report["light_runs_out"], exact),
        "{exact}: {report}"
    );
    // One secret check per turn end, an encounter on the EN or more (CR-ENC-02).
    let en = t.table.view(&Viewer::Referee)["rules"]["explore"]["threshold"]
        .as_f64()
        .unwrap();
    let p = (11.0 - en) / 10.0;
    assert!(inside(&report["encounter_per_turn"], p), "{p}: {report}");
    assert_eq!(report["encounter_checks_mean"], 3.0);
    assert_eq!(report["turns"], 3);
    assert_eq!(report["stuck"], 0);
    // Nobody carries a ration.
    assert_eq!(report["rations_run_out"]["p"], 1.0);
}

#[test]
fn forecast_expedition_rests_eat_rations() {
    // Vera has one ration, Bram three: without a rest nobody runs out; one rest after turn 2
    // leaves Vera with none.
    let t = torch_in_the_crypt(&[("vera", 1), ("bram", 3)]);
    let none = expedition(&t, json!({"turns": 3}), &options(50, 2, 1, None));
    assert_eq!(none["rations_run_out"]["p"], 0.0, "{none}");
    let rested = expedition(
        &t,
        json!({"turns": 3, "rest_every": 2}),
        &options(50, 2, 1, None),
    );
    assert_eq!(rested["rations_run_out"]["p"], 1.0, "{rested}");
    assert_eq!(rested["stuck"], 0, "{rested}");
    // The rest's own encounter check is counted too.
    assert_eq!(rested["encounter_checks_mean"], 4.0, "{rested}");
    // Outside a dungeon there is no turn to play.
    let outside = party();
    let e = outside
        .table
        .forecast(
            &Viewer::Referee,
            "expedition",
            &json!({"turns": 2}),
            &options(5, 1, 1, None),
            0,
            &|_| {},
        )
        .unwrap_err();
    assert_eq!(e.code, "forecast_no_visit");
    let e = t
        .table
        .forecast(
            &Viewer::Referee,
            "expedition",
            &json!({"turns": 0}),
            &options(5, 1, 1, None),
            0,
            &|_| {},
        )
        .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("MAX_TURNS"));
}

#[test]
fn forecast_typed_events_end_where_the_json_bodies_do() {
    // A forecast applies the ruleset's events typed (nothing is stored); a table applies
    // their JSON bodies. Played with the same seeds, both ways end in the same state.
    use crows::ruleset::forecast::{expedition, fight, policy::Policy};
    use engine::forecast::Sim;
    use std::sync::Arc;
    let state_of = |t: &T| -> engine::TableState<crows::ruleset::state::CrowsState> {
        serde_json::from_value(t.table.state_json()).unwrap()
    };
    let fight_table = state_of(&four_against_four());
    let cast = fight::Cast::of(&fight_table.rules);
    let crypt = state_of(&torch_in_the_crypt(&[("vera", 2), ("bram", 1)]));
    for seed in 0..6 {
        let mut typed = Sim::new(Arc::new(Crows), fight_table.clone(), seed, 0);
        let mut json = Sim::new(Arc::new(Crows), fight_table.clone(), seed, 0).through_json();
        let a = fight::play(&mut typed, &cast, Policy::Tactical, 30);
        let b = fight::play(&mut json, &cast, Policy::Tactical, 30);
        assert_eq!(a, b, "seed {seed}");
        assert!(a.rounds >= 1 && !a.stuck);
        assert_eq!(typed.steps(), json.steps());
        assert!(
            typed.state() == json.state(),
            "seed {seed}: the states differ"
        );
        let mut typed = Sim::new(Arc::new(Crows), crypt.clone(), seed, 0);
        let mut json = Sim::new(Arc::new(Crows), crypt.clone(), seed, 0).through_json();
        let a = expedition::play(&mut typed, Policy::Tactical, 4, Some(2));
        let b = expedition::play(&mut json, Policy::Tactical, 4, Some(2));
        assert_eq!(a, b, "seed {seed}");
        assert!(
            typed.state() == json.state(),
            "seed {seed}: the states differ"
        );
    }
}
