//! Forecasts (issue 24): an ACKS fight played forward many times through the real ruleset, for
//! the Judge only, changing nothing.

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

fn refused(t: &T, args: Value, policy: Option<&str>) -> engine::RuleError {
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
}

/// Adds and reveals a monster with fixed hit points.
fn monster(t: &mut T, id: &str, card: &str, hp: i32) {
    t.judge(
        json!({"add_monster": {"id": id, "card": card, "hp": hp}}),
        &[],
    );
    t.judge(json!({"reveal": {"creature": id}}), &[]);
}

/// The four sample characters against four gloom rats of 4 hp.
fn four_against_four() -> T {
    let mut t = T::new();
    for id in ["rat1", "rat2", "rat3", "rat4"] {
        monster(&mut t, id, "gloom_rat", 4);
    }
    t
}

/// A fraction `"a/b"` as a number.
fn fraction(v: &Value) -> f64 {
    let (n, d) = v.as_str().unwrap().split_once('/').unwrap();
    n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap()
}

#[test]
fn forecast_a_single_attack_matches_the_exact_odds_within_its_interval() {
    // Brena (a 1d8 weapon) against a 1-hp gloom rat for one round: she strikes once, and any
    // hit drops the rat; its bites cannot drop her 10 hp in one round.
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 1);
    let args = json!({"max_rounds": 1, "combatants": ["brena", "rat1"],
        "weapons": {"brena": "1d8"}});
    let report = forecast(&t, args, &options(4000, 11, 2, None));
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "attack_odds",
            &json!({"attacker": "brena", "target": "rat1", "weapon": "1d8"}),
        )
        .unwrap();
    let exact = fraction(&odds["hit"]);
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
    assert_eq!(report["rounds_mean"], 1.0);
    assert_eq!(report["sides"]["monsters"]["win"], 0.0);
    let draw = report["sides"]["draw"]["p"].as_f64().unwrap();
    assert!((draw + win["win"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    // A rat at 0 hp is down, its fate undetermined (AC-WOUND-01): not slain.
    assert_eq!(report["creatures"]["rat1"]["knocked_out"], win["win"]);
    assert_eq!(report["creatures"]["rat1"]["dies"], 0.0);
    assert_eq!(report["weapons"], json!({"brena": "1d8"}));
    assert!(report["creatures"].get("odo").is_none());
}

#[test]
fn forecast_a_fight_one_side_always_wins_gives_100_percent() {
    // A 200-hp sellsword against a 1-hp rat: thirty rounds to land one blow, long before its
    // bites could wear her down.
    let mut t = T::new();
    t.judge(
        json!({"add_character": {"id": "tank", "name": "Tank", "class": "sellsword",
            "level": 2, "abilities": {"strength": 16, "intelligence": 10, "wisdom": 10,
            "dexterity": 10, "constitution": 10, "charisma": 10}, "hp": 200,
            "player": "ann", "speed_ft": 120}}),
        &[],
    );
    monster(&mut t, "rat1", "gloom_rat", 1);
    let args = json!({"combatants": ["tank", "rat1"]});
    let report = forecast(&t, args, &options(300, 5, 1, None));
    assert_eq!(report["sides"]["characters"]["win"], 1.0, "{report}");
    assert_eq!(report["sides"]["characters"]["ci95"][1], 1.0);
    assert!(report["sides"]["characters"]["ci95"][0].as_f64().unwrap() > 0.98);
    assert_eq!(report["creatures"]["rat1"]["side"], "monsters");
    assert_eq!(report["creatures"]["rat1"]["drops_to_0_hp"], 1.0);
    assert_eq!(report["creatures"]["tank"]["knocked_out"], 0.0);
    assert_eq!(report["weapons"]["tank"], "1d6", "the default weapon");
    assert_eq!(report["stuck"], 0);
}

#[test]
fn forecast_the_same_seed_gives_the_same_report_on_1_2_and_8_threads() {
    let t = four_against_four();
    let one = forecast(&t, json!({}), &options(64, 9, 1, None));
    assert_eq!(one, forecast(&t, json!({}), &options(64, 9, 2, None)));
    assert_eq!(one, forecast(&t, json!({}), &options(64, 9, 8, None)));
    assert_ne!(one, forecast(&t, json!({}), &options(64, 10, 1, None)));
    let decided = one["sides"]["characters"]["win"].as_f64().unwrap()
        + one["sides"]["monsters"]["win"].as_f64().unwrap();
    assert!(decided > 0.5, "{one}");
    assert_eq!(one["stuck"], 0, "{one}");
    assert_eq!(one["creatures"].as_object().unwrap().len(), 8);
    let dropped: f64 = ["rat1", "rat2", "rat3", "rat4"]
        .iter()
        .map(|c| one["creatures"][c]["drops_to_0_hp"].as_f64().unwrap())
        .sum();
    assert!(dropped > 0.0, "{one}");
    // Gloom rats' morale (−1) breaks now and then once the first of them falls.
    let fled: f64 = ["rat1", "rat2", "rat3", "rat4"]
        .iter()
        .map(|c| one["creatures"][c]["flees"].as_f64().unwrap())
        .sum();
    assert!(fled > 0.0, "{one}");
}

#[test]
fn forecast_changes_nothing_and_answers_the_judge_only() {
    let t = four_against_four();
    let before = t.table.snapshot();
    let head = t.table.head();
    let log = t.log.len();
    let _ = forecast(&t, json!({}), &options(8, 1, 1, None));
    for viewer in [
        Viewer::Player("ann".into()),
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
    assert_eq!(t.table.head(), head);
    assert_eq!(t.log.len(), log);
    assert_eq!(
        refused(&t, json!({"max_rounds": 0}), None).rule.as_deref(),
        Some("MAX_ROUNDS")
    );
    assert_eq!(
        refused(&t, json!({}), Some("berserk")).code,
        "no_such_policy"
    );
    let e = refused(&t, json!({"weapons": {"brena": "a sword"}}), None);
    assert_eq!(e.rule.as_deref(), Some("AC-ATK-05"), "{e:?}");
    let e = refused(&t, json!({"weapons": {"rat1": "1d6"}}), None);
    assert_eq!(e.code, "forecast_args");
    let e = refused(&t, json!({"combatants": ["brena", "nobody"]}), None);
    assert_eq!(e.code, "unknown_creature");
    let e = refused(&t, json!({"combatants": ["brena", "odo"]}), None);
    assert_eq!(e.code, "forecast_no_fight");
    // An unrevealed monster cannot fight (the order is public).
    let mut hidden = T::new();
    hidden.judge(
        json!({"add_monster": {"id": "lurker", "card": "gloom_rat", "hp": 3}}),
        &[],
    );
    let e = refused(&hidden, json!({}), None);
    assert_eq!(e.code, "forecast_no_fight");
    let e = refused(&hidden, json!({"combatants": ["brena", "lurker"]}), None);
    assert_eq!(e.rule.as_deref(), Some("AC-INIT-01"));
    assert_eq!(t.table.forecast_kinds(), ["fight"]);
}

/// Plays a fight on a real table with its seeded dice — characters strike the first standing
/// monster with a 1d8, monsters the first standing character, the Judge rolls morale when the
/// rules announce it — and checks after every command that the forecast's reading of the
/// morale triggers agrees with the rules' own `morale_due` event. Returns how many were due.
fn morale_due_agrees(t: &mut T, combatants: &[&str]) -> usize {
    use delve_acks::ruleset::AcksState;
    use delve_acks::ruleset::forecast::fight::{Before, morale_due};
    let typed = |t: &T| -> engine::TableState<AcksState> {
        serde_json::from_value(t.table.state_json()).unwrap()
    };
    t.judge(json!({"begin_combat": {"combatants": combatants}}), &[]);
    let mut due = 0;
    for _ in 0..400 {
        let state = typed(t);
        let rules = &state.rules;
        let Some(fight) = &rules.combat else { break };
        let up = |id: &&str| rules.creatures[*id].hp > 0 && !fight.fallen.iter().any(|f| f == *id);
        let monsters: Vec<&str> = combatants
            .iter()
            .copied()
            .filter(|id| rules.creatures[*id].monster().is_some())
            .filter(up)
            .collect();
        let characters: Vec<&str> = combatants
            .iter()
            .copied()
            .filter(|id| rules.creatures[*id].character().is_some())
            .filter(up)
            .collect();
        if monsters.is_empty() || characters.is_empty() {
            break;
        }
        let mut commands = Vec::new();
        if !fight.initiative_rolled {
            commands.push(json!({"rules": {"roll_initiative": {}}}));
        } else if let Some(c) = state.core.clock.acting() {
            if rules.creatures[c].character().is_some() {
                commands.push(json!({"rules": {"attack": {"attacker": c,
                    "target": monsters[0], "weapon": "1d8"}}}));
            } else {
                commands.push(json!({"rules": {"attack": {"attacker": c,
                    "target": characters[0]}}}));
            }
            commands.push(json!({"clock": "end_turn"}));
        }
        for cmd in commands {
            let before = Before::of(&typed(t).rules);
            let Ok(events) = t.run_with(&judge(), &cmd, &mut engine::DiceRoller) else {
                continue;
            };
            let announced = T::rules_events(&events)
                .iter()
                .find_map(|e| e.get("morale_due").cloned());
            let read = morale_due(&before, &typed(t).rules);
            assert_eq!(
                read,
                announced
                    .as_ref()
                    .map(|m| m["modifier"].as_i64().unwrap() as i32),
                "{cmd}: {events:?}"
            );
            if read.is_some() {
                due += 1;
                for m in &monsters {
                    let _ = t.run_with(
                        &judge(),
                        &json!({"rules": {"morale_check": {"creature": m}}}),
                        &mut engine::DiceRoller,
                    );
                }
            }
        }
    }
    due
}

#[test]
fn forecast_morale_due_matches_the_rules() {
    // Four characters and four rats: the first death and half the side down.
    let mut t = four_against_four();
    let due = morale_due_agrees(
        &mut t,
        &[
            "brena", "sefa", "odo", "dain", "rat1", "rat2", "rat3", "rat4",
        ],
    );
    assert!(due >= 1, "no morale roll came due");
    // A lone monster dropping to half its hit points.
    let mut t = T::new();
    monster(&mut t, "moth", "lantern_moth", 16);
    let due = morale_due_agrees(&mut t, &["brena", "dain", "moth"]);
    assert!(due >= 1, "the lone moth never rolled");
}
