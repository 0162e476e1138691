//! What players may not see stays with the Referee: a hidden monster, its stat block, its
//! rolls; refusals answer a hidden creature exactly like a missing one.

use super::*;

fn alice() -> Viewer {
    Viewer::Player("alice".into())
}

#[test]
fn a_player_never_receives_a_monster_stat_block_or_a_hidden_creature() {
    let mut t = party();
    // Hidden: not in the view, not in any event the player receives.
    assert!(
        t.table.view(&alice())["rules"]["creatures"]
            .get("gob")
            .is_none()
    );
    assert!(!t.log_for(&alice()).to_string().contains("Goblin"));
    assert!(
        t.table.view(&Viewer::Referee)["rules"]["creatures"]
            .get("gob")
            .is_some()
    );
    // Revealed: only its public view (no AC, no HP, no attacks).
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    let seen = t.table.view(&alice())["rules"]["creatures"]["gob"].clone();
    assert_eq!(seen["name"], "Goblin Warrior");
    assert!(seen.get("spec").is_none() && seen.get("hp").is_none());
    // The monster attacks Vera: its roll is secret, its numbers stay with the Referee.
    t.dm(
        json!({"roll_initiative": {"creatures": ["gob", "vera"]}}),
        &[15, 3],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["gob", "vera"]}}),
        &[],
    );
    t.act(
        &referee(),
        json!({"attack": {"attacker": "gob", "target": "vera", "attack": "Scimitar"}}),
        &[16, 4],
    );
    assert_eq!(t.hp("vera"), 24 - 6);
    let log = t.log_for(&alice()).to_string();
    for secret in [
        "Scimitar\",\"bonus",
        "armor_class\":15",
        "\"hit_points\":7",
        "\"resistances\":[\"fire",
    ] {
        assert!(!log.contains(secret), "{secret} leaked to a player: {log}");
    }
    // Alice still learns that she was hit.
    assert!(log.contains("\"attack_rolled\""));
    assert!(
        t.log_for(&Viewer::Referee)
            .to_string()
            .contains("\"armor_class\":14")
    );
    // Her own sheet is whole in her view.
    assert_eq!(
        t.table.view(&alice())["rules"]["creatures"]["vera"]["hp"]["current"],
        18
    );
    // Bob sees Vera only from outside.
    let bob_view = t.table.view(&Viewer::Player("bob".into()));
    assert!(bob_view["rules"]["creatures"]["vera"].get("hp").is_none());
}

#[test]
fn a_refusal_about_a_hidden_creature_reads_like_a_missing_one() {
    let mut t = party();
    let cmd = |target: &str| json!({"attack": {"attacker": "vera", "target": target, "attack": "Rapier"}});
    let hidden = t
        .run(&player("alice"), json!({"rules": cmd("gob")}), &[])
        .unwrap_err()
        .to_string();
    let missing = t
        .run(&player("alice"), json!({"rules": cmd("nobody")}), &[])
        .unwrap_err()
        .to_string();
    assert_eq!(hidden.replace("gob", "X"), missing.replace("nobody", "X"));
    // So does a question about its odds.
    let q = |id: &str| {
        t.table
            .query(
                &alice(),
                "d20_odds",
                &json!({"creature": id, "test": {"saving_throw": {"ability": "wisdom"}}, "dc": 10}),
            )
            .unwrap_err()
            .code
    };
    assert_eq!(q("gob"), q("nobody"));
    // A player may not ask about another player's character's sheet either.
    assert_eq!(q("bram"), "unknown_creature");
}

#[test]
fn refusals_change_nothing() {
    let mut t = fight();
    let alice = player("alice");
    let cases = [
        (
            json!({"move": {"creature": "vera", "feet": 500}}),
            "movement_spent",
        ),
        (json!({"death_save": {"creature": "vera"}}), "not_dying"),
        (
            json!({"spend_hit_die": {"creature": "vera"}}),
            "no_short_rest",
        ),
        (
            json!({"d20_test": {"creature": "vera", "test": {"saving_throw": {"ability": "wisdom"}},
                "dc": 1000}}),
            "out_of_range",
        ),
        (
            json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Axe"}}),
            "unknown_attack",
        ),
    ];
    for (cmd, code) in cases {
        assert_eq!(t.refused(&alice, cmd, &[]), code);
    }
    let dm = [
        (
            json!({"add_creature": {"creature": character("vera", 5)}}),
            "creature_exists",
        ),
        (
            json!({"add_creature": {"creature": character("Bad Id", 5)}}),
            "bad_id",
        ),
        (
            json!({"interrupt_rest": {"why": "took_damage"}}),
            "not_resting",
        ),
        (
            json!({"damage": {"creature": "vera", "instances": [{"amount": 2000000,
                "damage_type": "fire"}]}}),
            "out_of_range",
        ),
    ];
    for (cmd, code) in dm {
        assert_eq!(t.refused(&referee(), cmd, &[]), code);
    }
    t.assert_replays();
}

#[test]
fn the_command_schema_names_every_command() {
    let registry = registry();
    let mut generator = schemars::SchemaGenerator::default();
    let schema = serde_json::to_value(<Dnd2024 as engine::Ruleset>::command_schema(
        &Dnd2024,
        &mut generator,
    ))
    .unwrap();
    let defs = serde_json::to_value(generator.definitions()).unwrap();
    let text = format!("{schema}{defs}");
    for name in [
        "add_creature",
        "d20_test",
        "attack",
        "death_save",
        "start_rest",
        "spend_hit_die",
    ] {
        assert!(text.contains(name), "{name} missing from the schema");
    }
    drop(registry);
}

#[test]
fn dd_mon_01_a_pack_creature_joins_as_a_hidden_monster() {
    let mut t = party();
    let pack_creature = json!({
        "id": "srd-goblin", "name": "Goblin Minion", "size": "small", "creature_type": "fey",
        "armor_class": 12, "hit_points": 5, "hit_dice": "2d6-2",
        "speed": {"walk": 30},
        "abilities": {"strength": 8, "dexterity": 15, "constitution": 8, "intelligence": 10,
            "wisdom": 8, "charisma": 8},
        "challenge_rating": "1/8", "xp": 25, "proficiency_bonus": 2,
        "actions": [{"name": "Dagger", "kind": "action",
            "attacks": [{"bonus": 4, "reach_ft": 5}],
            "damage": [{"dice": "1d4+2", "damage_type": "piercing"}]}]
    });
    t.dm(
        json!({"add_pack_creature": {"id": "gob2", "creature": pack_creature}}),
        &[],
    );
    let gob = t.creature("gob2");
    assert_eq!(gob["hidden"], true);
    assert_eq!(gob["spec"]["attacks"][0]["name"], "Dagger");
    assert_eq!(gob["spec"]["hit_dice"], json!({"count": 2, "sides": 6}));
    assert!(
        t.table.view(&alice())["rules"]["creatures"]
            .get("gob2")
            .is_none()
    );
    let schema = t
        .table
        .query(&alice(), "creature_schema", &Value::Null)
        .unwrap();
    assert!(schema.to_string().contains("armor_class"));
}

#[test]
fn dd_cond_01_a_condition_from_a_hidden_monster_names_no_id_to_players() {
    let mut t = party();
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "grappled", "source": "gob"}}),
        &[],
    );
    let held = t.creature("vera")["conditions"]["held"][0].clone();
    assert_eq!(held[0], "grappled");
    assert!(held[1].as_str().unwrap().starts_with("unseen-"));
    assert!(!t.log_for(&alice()).to_string().contains("gob"));
    assert!(!t.table.view(&alice()).to_string().contains("gob"));
    // The Referee still ends it by its real source.
    t.dm(
        json!({"end_condition": {"creature": "vera", "condition": "grappled", "source": "gob"}}),
        &[],
    );
    assert_eq!(t.creature("vera")["conditions"]["held"], json!([]));
    t.assert_replays();
}

#[test]
fn every_refusal_code_in_the_sources_is_listed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruleset");
    let mut stack = vec![dir];
    let mut found = Vec::new();
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for part in text.split("RuleError::new(").skip(1) {
                let part = part.trim_start();
                if let Some(rest) = part.strip_prefix('"') {
                    found.push(rest.split('"').next().unwrap().to_string());
                }
            }
        }
    }
    assert!(found.len() > 20);
    for code in found {
        assert!(
            delve_dnd2024::ruleset::REFUSAL_CODES.contains(&code.as_str()),
            "{code} is not in REFUSAL_CODES"
        );
    }
}

#[test]
fn a_hidden_monster_rolls_without_players_knowing_a_roll_happened() {
    let mut t = party();
    let before = t.log_for(&alice()).as_array().unwrap().len();
    t.dm(
        json!({"d20_test": {"creature": "gob", "test": {"ability_check": {"ability": "wisdom",
            "skill": "perception"}}, "dc": 12}}),
        &[14],
    );
    assert_eq!(t.log_for(&alice()).as_array().unwrap().len(), before);
    // Once in view, players learn that it rolled and whether it succeeded, not the numbers.
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    let before = t.log_for(&alice()).as_array().unwrap().len();
    t.dm(
        json!({"d20_test": {"creature": "gob", "test": {"ability_check": {"ability": "wisdom",
            "skill": "perception"}}, "dc": 12}}),
        &[14],
    );
    let log = t.log_for(&alice());
    let new = &log.as_array().unwrap()[before..];
    assert_eq!(new.len(), 2, "{new:?}");
    assert!(!Value::Array(new.to_vec()).to_string().contains("\"dc\""));
    // Its Initiative number stays with the Referee.
    t.dm(
        json!({"roll_initiative": {"creatures": ["gob", "vera"]}}),
        &[9, 9],
    );
    let view = t.table.view(&alice());
    assert!(view["rules"]["initiative"].get("gob").is_none());
    assert_eq!(view["rules"]["initiative"]["vera"], 11);
}

#[test]
fn every_command_example_in_the_module_docs_is_a_command() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruleset/mod.rs"),
    )
    .unwrap();
    let mut json_text = String::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim_start_matches("//!").trim();
        match line {
            "```json" => inside = true,
            "```" => inside = false,
            l if inside => {
                json_text.push_str(l);
                json_text.push('\n');
            }
            _ => {}
        }
    }
    let mut names = std::collections::BTreeSet::new();
    for value in serde_json::Deserializer::from_str(&json_text).into_iter::<Value>() {
        let value = value.unwrap();
        names.insert(value.as_object().unwrap().keys().next().unwrap().clone());
        serde_json::from_value::<delve_dnd2024::ruleset::DndCommand>(value.clone())
            .unwrap_or_else(|e| panic!("{value}: {e}"));
    }
    // One example per command.
    let mut generator = schemars::SchemaGenerator::default();
    let schema = serde_json::to_value(<Dnd2024 as engine::Ruleset>::command_schema(
        &Dnd2024,
        &mut generator,
    ))
    .unwrap();
    let defs = serde_json::to_value(generator.definitions()).unwrap();
    let all: Vec<String> = defs["DndCommand"]["oneOf"]
        .as_array()
        .or(schema["oneOf"].as_array())
        .unwrap()
        .iter()
        .map(|alt| alt["required"][0].as_str().unwrap().to_string())
        .collect();
    assert_eq!(all.len(), 46);
    for name in all {
        assert!(names.contains(&name), "no example of `{name}`");
    }
}

#[test]
fn a_sheet_out_of_the_input_limits_is_refused_naming_the_field() {
    let mut t = T::new();
    let mut huge = character("huge", 10);
    huge["attacks"][0]["bonus"] = json!(1_000_000);
    assert_eq!(
        t.refused(&referee(), json!({"add_creature": {"creature": huge}}), &[]),
        "bad_creature"
    );
    let mut far = character("far", 10);
    far["attacks"][1]["long_range_ft"] = json!(4_000_000_000u32);
    assert_eq!(
        t.refused(&referee(), json!({"add_creature": {"creature": far}}), &[]),
        "bad_creature"
    );
    let mut strong = character("strong", 10);
    strong["abilities"]["strength"] = json!(31);
    assert_eq!(
        t.refused(
            &referee(),
            json!({"add_creature": {"creature": strong}}),
            &[]
        ),
        "out_of_range"
    );
    let mut many = character("many", 10);
    many["attacks"][0]["damage"][0]["dice"] = json!("1000d6");
    assert_eq!(
        t.refused(&referee(), json!({"add_creature": {"creature": many}}), &[]),
        "out_of_range"
    );
}

/// Dice that all show one face (at most the die's sides), counting the rolls.
struct SameFaces {
    face: i64,
    rolled: usize,
}

impl engine::Roller for SameFaces {
    fn roll(
        &mut self,
        expr: &str,
        _rng: &mut dice::DiceRng,
    ) -> Result<dice::RollResult, engine::RuleError> {
        self.rolled += 1;
        let sides: i64 = expr.trim_start_matches("1d").parse().unwrap();
        Ok(engine::total_only(self.face.min(sides)))
    }
}

/// Prepares `cmd` with every die showing each face 1…20 in turn: the answer is the same for
/// every face, and a refusal never comes after a roll (secrecy: no refusal depends on
/// unrevealed dice). Returns whether it was accepted.
fn face_free(t: &T, actor: &Actor, cmd: Value) -> bool {
    let cmd = json!({ "rules": cmd });
    let mut answers = Vec::new();
    for face in 1..=20 {
        let mut roller = SameFaces { face, rolled: 0 };
        match t.table.prepare_json(actor, &cmd, 1000, &mut roller) {
            Ok(_) => answers.push(None),
            Err(e) => {
                assert_eq!(
                    roller.rolled, 0,
                    "{cmd} refused after a roll (face {face}): {e}"
                );
                answers.push(Some(e.to_string()));
            }
        }
    }
    assert!(
        answers.windows(2).all(|w| w[0] == w[1]),
        "{cmd}: {answers:?}"
    );
    answers[0].is_none()
}

#[test]
fn no_refusal_depends_on_the_dice() {
    let mut t = fight();
    let alice = player("alice");
    let attack = |target: &str, extra: Value| {
        let mut a = json!({"attacker": "vera", "target": target, "attack": "Rapier"});
        for (k, v) in extra.as_object().unwrap() {
            a[k] = v.clone();
        }
        json!({ "attack": a })
    };
    assert!(face_free(&t, &alice, attack("gob", json!({}))));
    assert!(face_free(
        &t,
        &alice,
        attack("gob", json!({"knock_out": true}))
    ));
    assert!(face_free(
        &t,
        &alice,
        attack("bram", json!({"advantage": ["Help"]}))
    ));
    assert!(!face_free(&t, &alice, attack("nobody", json!({}))));
    assert!(!face_free(
        &t,
        &alice,
        attack("gob", json!({"distance_ft": 30}))
    ));
    assert!(face_free(
        &t,
        &referee(),
        json!({"damage": {"creature": "vera", "instances": [
            {"amount": 30, "damage_type": "fire"}, {"amount": 3, "damage_type": "cold"}]}})
    ));
    assert!(!face_free(
        &t,
        &alice,
        json!({"death_save": {"creature": "vera"}})
    ));
    t.dm(
        json!({"damage": {"creature": "bram", "instances": [{"amount": 20, "damage_type": "fire"}]}}),
        &[],
    );
    assert!(face_free(
        &t,
        &alice,
        json!({"stabilize": {"creature": "bram", "helper": "vera"}})
    ));
    assert!(face_free(
        &t,
        &referee(),
        json!({"roll_initiative": {"creatures": ["vera", "bram"], "surprised": ["bram"]}})
    ));
}

#[test]
fn an_attack_on_a_hidden_creature_is_the_referees_alone() {
    let mut t = party();
    let before = t.log_for(&alice()).as_array().unwrap().len();
    // The Referee has Bram shoot at something the players have not seen.
    t.dm(
        json!({"attack": {"attacker": "bram", "target": "gob", "attack": "Shortbow",
            "distance_ft": 30}}),
        &[15, 3],
    );
    assert_eq!(t.hp("gob"), 2);
    assert_eq!(t.log_for(&alice()).as_array().unwrap().len(), before);
    assert!(
        !t.log_for(&Viewer::Player("bob".into()))
            .to_string()
            .contains("gob")
    );
}
