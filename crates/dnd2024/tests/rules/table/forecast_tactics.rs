//! The forecast's tactical policy within a turn (`forecast::policy::tactics`): Dash when no
//! enemy can be reached, a damaging area spell from the sheet when it beats the weapon — each
//! one of the table's own commands — and the same reports on any number of threads.

use super::*;
use delve_dnd2024::ruleset::DndState;
use delve_dnd2024::ruleset::forecast::{fight, policy};
use engine::forecast::{ForecastOptions, Sim};
use std::sync::Arc;

fn options(runs: u32, threads: usize, policy: &str) -> ForecastOptions {
    ForecastOptions {
        runs,
        seed: 42,
        threads,
        policy: Some(policy.into()),
    }
}

fn forecast(t: &T, args: Value, options: &ForecastOptions) -> Value {
    t.table
        .forecast(&Viewer::Referee, "fight", &args, options, 0, &|_| {})
        .unwrap()
}

fn place(t: &mut T, id: &str, x: i32, y: i32) {
    t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
}

/// A strong swordswoman with no bow (+8, 2d8+4) 150 ft from a goblin (melee only): whoever
/// arrives first matters only if they meet within the round limit.
fn far_apart() -> T {
    let mut t = party();
    let mut blade = character("blade", 30);
    blade["attacks"] = json!([{"name": "Greatsword", "bonus": 8, "reach_ft": 5,
        "damage": [{"dice": "2d8+4", "damage_type": "slashing"}]}]);
    t.dm(json!({"add_creature": {"creature": blade}}), &[]);
    place(&mut t, "blade", 0, 0);
    place(&mut t, "gob", 30, 0);
    t
}

#[test]
fn dd_act_06_a_forecast_tactics_dash_brings_a_fight_within_the_round_limit() {
    let t = far_apart();
    let args = json!({"max_rounds": 2});
    let tactical = forecast(&t, args.clone(), &options(40, 1, "tactical"));
    let plain = forecast(&t, args, &options(40, 1, "defaults"));
    let wins = |r: &Value| r["sides"]["characters"]["win"].as_f64().unwrap();
    // Walking 30 ft a round each, only the goblin reaches her by round 2; Dashing, both
    // close 120 ft in round 1 and she strikes in round 2.
    assert!(
        wins(&tactical) > wins(&plain) + 0.2,
        "tactical {} vs defaults {}",
        tactical["sides"],
        plain["sides"]
    );
    assert_eq!(tactical["stuck"], json!(0));
}

/// A mage with Burning Hands (a 15-ft cone, DC 13 Dexterity, 3d6 fire, half on a success)
/// and two 1st-level slots, next to three goblins in a row, a dagger its only weapon.
fn mage_and_goblins() -> T {
    let mut t = party();
    let mut mage = character("mage", 20);
    mage["attacks"] = json!([{"name": "Dagger", "bonus": 2, "reach_ft": 5,
        "damage": [{"dice": "1d4", "damage_type": "piercing"}]}]);
    mage["spell_slots"] = json!([2]);
    mage["area_spells"] = json!([{"name": "Burning Hands", "level": 1, "shape": "cone",
        "size_ft": 15, "save_ability": "dexterity", "save_dc": 13,
        "damage": [{"dice": "3d6", "damage_type": "fire"}], "half_on_success": true}]);
    t.dm(json!({"add_creature": {"creature": mage}}), &[]);
    t.dm(json!({"add_creature": {"creature": monster("gob2")}}), &[]);
    t.dm(json!({"add_creature": {"creature": monster("gob3")}}), &[]);
    place(&mut t, "mage", 0, 0);
    for (i, g) in ["gob", "gob2", "gob3"].iter().enumerate() {
        place(&mut t, g, 1, i as i32 - 1);
    }
    t
}

#[test]
fn dd_mag_03_a_forecast_tactics_cast_the_area_spell_and_spend_its_slot() {
    let t = mage_and_goblins();
    let state: engine::TableState<DndState> = serde_json::from_value(t.table.state_json()).unwrap();
    let cast = fight::Cast::of(&state);
    let mut sim = Sim::new(Arc::new(Dnd2024), state.clone(), 7, 0);
    let run = policy::playing(policy::Policy::Tactical, || {
        fight::play(&mut sim, &cast, policy::Policy::Tactical, 1)
    });
    assert!(!run.stuck, "{run:?}");
    let mage = &sim.state().rules.creatures["mage"];
    assert_eq!(
        mage.slots.spent[0], 1,
        "Burning Hands spent a slot in round 1"
    );
    // The goblins took fire: at least one is below its 7 hit points.
    let hurt = ["gob", "gob2", "gob3"]
        .iter()
        .any(|g| sim.state().rules.creatures[*g].hp.current < 7);
    assert!(hurt);
    // Under `defaults` the same game casts nothing.
    let mut sim = Sim::new(Arc::new(Dnd2024), state, 7, 0);
    policy::playing(policy::Policy::Defaults, || {
        fight::play(&mut sim, &cast, policy::Policy::Defaults, 1)
    });
    assert_eq!(sim.state().rules.creatures["mage"].slots.spent[0], 0);
}

#[test]
fn forecast_tactics_reports_are_the_same_on_1_2_and_8_threads() {
    for t in [far_apart(), mage_and_goblins()] {
        let args = json!({"max_rounds": 5});
        let one = forecast(&t, args.clone(), &options(24, 1, "tactical"));
        for threads in [2, 8] {
            assert_eq!(
                forecast(&t, args.clone(), &options(24, threads, "tactical")),
                one,
                "{threads} threads"
            );
        }
    }
}

#[test]
fn forecast_tactics_a_sheets_area_spell_is_checked() {
    let mut t = party();
    let mut bad = character("bad", 10);
    bad["area_spells"] = json!([{"name": "Fizzle", "level": 1, "shape": "sphere",
        "size_ft": 0, "save_ability": "dexterity", "save_dc": 13,
        "damage": [{"dice": "3d6", "damage_type": "fire"}]}]);
    let code = t.refused(&referee(), json!({"add_creature": {"creature": bad}}), &[]);
    assert_eq!(code, "bad_creature");
}

/// A goblin boss whose sheet has a Scimitar (its Attack action) and a bonus-action Bite.
fn boss() -> Value {
    let mut b = monster("boss");
    b["attacks"] = json!([
        {"name": "Scimitar", "bonus": 4, "reach_ft": 5,
            "damage": [{"dice": "1d6+2", "damage_type": "slashing"}]},
        {"name": "Bite", "bonus": 4, "reach_ft": 5, "bonus_action": true,
            "damage": [{"dice": "1d4+2", "damage_type": "piercing"}]}
    ]);
    b
}

#[test]
fn dd_act_03_b_a_bonus_action_attack_spends_the_bonus_action_not_the_attack() {
    let mut t = party();
    t.dm(json!({"add_creature": {"creature": boss()}}), &[]);
    t.dm(json!({"reveal_creature": {"creature": "boss"}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["boss", "vera"]}}),
        &[15, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["boss", "vera"]}}),
        &[],
    );
    let bite = json!({"attack": {"attacker": "boss", "target": "vera", "attack": "Bite"}});
    t.dm(bite.clone(), &[18, 1]);
    let turn = t.creature("boss")["turn"].clone();
    assert_eq!(turn["bonus_action_used"], json!(true));
    assert_eq!(turn["action_used"], json!(false));
    // One Bonus Action a turn; the Attack action is still there for the Scimitar.
    assert_eq!(t.refused(&referee(), bite, &[2, 1]), "bonus_action_spent");
    t.dm(
        json!({"attack": {"attacker": "boss", "target": "vera", "attack": "Scimitar"}}),
        &[18, 1],
    );
    assert_eq!(t.creature("boss")["turn"]["action_used"], json!(true));
}

#[test]
fn dd_act_03_b_forecast_tactics_take_the_bonus_action_attack_too() {
    // The boss next to a sturdy target it can hardly miss: its turn's damage with the Bite on
    // top of the Scimitar, against the Scimitar alone under `defaults`.
    let mut t = party();
    t.dm(json!({"add_creature": {"creature": boss()}}), &[]);
    let mut dummy = character("dummy", 200);
    dummy["armor_class"] = json!(1);
    dummy["attacks"] = json!([]);
    t.dm(json!({"add_creature": {"creature": dummy}}), &[]);
    place(&mut t, "boss", 0, 0);
    place(&mut t, "dummy", 1, 0);
    let state: engine::TableState<DndState> = serde_json::from_value(t.table.state_json()).unwrap();
    let cast = fight::Cast::of(&state);
    let dealt = |p: policy::Policy, seed: u64| {
        let mut sim = Sim::new(Arc::new(Dnd2024), state.clone(), seed, 0);
        policy::playing(p, || fight::play(&mut sim, &cast, p, 3));
        200 - sim.state().rules.creatures["dummy"].hp.current
    };
    let (mut tactical, mut plain) = (0, 0);
    for seed in 0..6 {
        tactical += dealt(policy::Policy::Tactical, seed);
        plain += dealt(policy::Policy::Defaults, seed);
    }
    // Three rounds a run: the Bite's 1d4+2 a turn comes on top (at least 3 a hit).
    assert!(
        tactical >= plain + 6 * 3 * 3 / 2,
        "tactical {tactical}, defaults {plain}"
    );
}
