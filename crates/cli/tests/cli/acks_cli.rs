//! `delve acks …` through the built binary: the JSON shapes of issue 19 and the refusals.

use std::process::{Command, Output};

fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("run delve")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = delve(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim().lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).unwrap()
}

fn keys(v: &serde_json::Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    k.sort();
    k
}

fn refused(args: &[&str]) -> String {
    let out = delve(args);
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "a refusal prints nothing on stdout");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn ac_ex_07_cli_attack_by_class_level() {
    let v = json(&[
        "acks", "attack", "--class", "fighter", "--level", "10", "--ac", "7", "--json",
    ]);
    assert_eq!(
        v,
        serde_json::json!({"throw": 4, "needed": 11, "probability": 0.5, "exact": "1/2"})
    );
}

#[test]
fn ac_ex_08_cli_attack_by_hit_dice_and_natural_rolls() {
    let v = json(&["acks", "attack", "--hd", "20", "--ac", "3", "--json"]);
    assert_eq!(v["throw"], -3);
    assert_eq!(v["needed"], 0);
    assert_eq!(v["exact"], "19/20");
    let v = json(&[
        "acks", "attack", "--hd", "5+1", "--ac", "2", "--bonus", "-1", "--json",
    ]);
    assert_eq!(
        (v["throw"].as_i64(), v["needed"].as_i64()),
        (Some(5), Some(7))
    );
    assert_eq!(v["exact"], "13/20");
    let v = json(&["acks", "attack", "--throw", "10", "--ac", "20", "--json"]);
    assert_eq!(v["probability"], 0.05);
}

#[test]
fn cli_attack_refusals() {
    assert!(
        refused(&[
            "acks", "attack", "--class", "mage", "--level", "0", "--ac", "3"
        ])
        .contains("T-13")
    );
    assert!(refused(&["acks", "attack", "--hd", "x", "--ac", "3"]).contains("Hit Dice"));
    refused(&["acks", "attack", "--throw", "5", "--hd", "3", "--ac", "3"]);
    refused(&["acks", "attack", "--ac", "3"]);
}

#[test]
fn ac_react_02_cli_reaction_shape() {
    let v = json(&["acks", "reaction", "--json"]);
    assert_eq!(
        keys(&v),
        [
            "friendly",
            "hostile",
            "indifferent",
            "neutral",
            "unfriendly"
        ]
    );
    assert_eq!(v["neutral"], 16.0 / 36.0);
    let sum: f64 = v
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_f64().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-12);
    let v = json(&["acks", "reaction", "--modifier", "-3", "--json"]);
    assert_eq!(v["friendly"], 0.0);
}

#[test]
fn ac_morale_04_cli_morale_shape_and_no_roll() {
    let v = json(&["acks", "morale", "--score", "0", "--json"]);
    assert_eq!(
        keys(&v),
        [
            "advance_and_pursue",
            "fight_on",
            "fighting_withdrawal",
            "retreat",
            "victory_or_death"
        ]
    );
    assert_eq!(v["fight_on"], 16.0 / 36.0);
    assert_eq!(
        json(&["acks", "morale", "--score", "-6", "--json"]),
        serde_json::json!({"no_roll": "never_fights"})
    );
    assert_eq!(
        json(&["acks", "morale", "--score", "4", "--json"]),
        serde_json::json!({"no_roll": "fights_to_the_death"})
    );
    assert!(
        refused(&["acks", "morale", "--score", "0", "--modifier", "3"]).contains("AC-MORALE-07")
    );
}

#[test]
fn ac_ex_09_cli_mortal_wounds_modifier_bands_and_faces() {
    let base = [
        "acks",
        "mortal-wounds",
        "--max-hp",
        "36",
        "--hp",
        "-12",
        "--con-mod",
        "3",
        "--healing-spell-level",
        "4",
        "--timing",
        "round",
        "--json",
    ];
    let v = json(&base);
    assert_eq!(v["modifier"], 7);
    assert_eq!(
        keys(&v["bands"]),
        [
            "critically_wounded",
            "dazed",
            "grievously_wounded",
            "in_shock",
            "killed",
            "knocked_out",
            "mortally_wounded"
        ]
    );
    assert_eq!(v["bands"]["in_shock"], 0.25);
    assert_eq!(v["bands"]["killed"], 0.0);
    let mut with_faces = base.to_vec();
    with_faces.extend(["--d20", "13", "--d6", "3"]);
    let v = json(&with_faces);
    assert_eq!(v["total"], 20);
    assert_eq!(v["band"], "in_shock");
    assert_eq!(v["wound"], "notable scar");
    assert!(
        v["recovery"]
            .as_str()
            .unwrap()
            .contains("magical healing and a night")
    );
}

#[test]
fn ac_ex_10_cli_nonlethal_ogre() {
    let v = json(&[
        "acks",
        "mortal-wounds",
        "--max-hp",
        "26",
        "--hp",
        "-4",
        "--nonlethal",
        "15",
        "--timing",
        "turn",
        "--d20",
        "9",
        "--d6",
        "3",
        "--json",
    ]);
    assert_eq!(v["modifier"], 12);
    assert_eq!(v["band"], "knocked_out");
    let v = json(&[
        "acks",
        "mortal-wounds",
        "--max-hp",
        "26",
        "--hp",
        "-4",
        "--nonlethal",
        "15",
        "--timing",
        "turn",
        "--after-fight-example",
        "--json",
    ]);
    assert_eq!(v["modifier"], 13);
    assert!(
        refused(&[
            "acks",
            "mortal-wounds",
            "--max-hp",
            "26",
            "--hp",
            "4",
            "--timing",
            "turn"
        ])
        .contains("AC-WOUND-01")
    );
}

#[test]
fn ac_xp_06_cli_xp() {
    assert_eq!(
        json(&["acks", "xp", "--hd", "6+3", "--asterisks", "1", "--json"]),
        serde_json::json!({"xp": 680})
    );
    assert_eq!(
        json(&["acks", "xp", "--hd", "5", "--json"]),
        serde_json::json!({"xp": 200})
    );
}

#[test]
fn ac_ex_06_cli_evasion_wilderness_and_sea() {
    assert_eq!(
        json(&[
            "acks",
            "evasion",
            "--fleeing",
            "4",
            "--pursuers",
            "2",
            "--json"
        ]),
        serde_json::json!({"throw": 7, "probability": 0.7})
    );
    assert_eq!(
        json(&[
            "acks",
            "evasion",
            "--fleeing",
            "4",
            "--pursuers",
            "1",
            "--json"
        ]),
        serde_json::json!({"throw": 11, "probability": 0.5})
    );
    let v = json(&["acks", "evasion", "--sea", "--slower-by", "45", "--json"]);
    assert_eq!(v, serde_json::json!({"throw": 13, "probability": 0.4}));
    refused(&["acks", "evasion", "--fleeing", "4"]);
}

#[test]
fn ac_ex_01_cli_travel() {
    assert_eq!(
        json(&[
            "acks",
            "travel",
            "--speed",
            "120",
            "--terrain",
            "road",
            "--json"
        ]),
        serde_json::json!({"miles_per_day": 36})
    );
    assert_eq!(
        json(&[
            "acks",
            "travel",
            "--speed",
            "120",
            "--terrain",
            "swamp",
            "--json"
        ])["miles_per_day"],
        12
    );
    assert_eq!(
        json(&["acks", "travel", "--speed", "120", "--fly", "--json"])["miles_per_day"],
        48
    );
    assert_eq!(
        json(&[
            "acks",
            "travel",
            "--speed",
            "120",
            "--forced-march",
            "--json"
        ])["miles_per_day"],
        36
    );
    assert!(refused(&["acks", "travel", "--speed", "100"]).contains("T-01"));
}

#[test]
fn ac_surp_01_cli_surprise_and_save() {
    let v = json(&["acks", "surprise", "--json"]);
    assert_eq!(v["exact"], "1/3");
    assert_eq!(
        json(&["acks", "surprise", "--alertness", "--json"])["exact"],
        "1/6"
    );
    let v = json(&[
        "acks",
        "save",
        "--class",
        "cleric",
        "--level",
        "1",
        "--category",
        "death",
        "--json",
    ]);
    assert_eq!(
        v,
        serde_json::json!({"value": 10, "probability": 0.55, "exact": "11/20"})
    );
    assert!(
        refused(&[
            "acks",
            "save",
            "--class",
            "mage",
            "--level",
            "15",
            "--category",
            "spells"
        ])
        .contains("T-19")
    );
}

#[test]
fn ac_gen_02_cli_table_prints_source_and_confidence() {
    let out = delve(&["acks", "table", "T-16"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("T-16 Mortal Wounds"), "{text}");
    assert!(
        text.contains("source: OMO") && text.contains("confidence: high"),
        "{text}"
    );
    assert!(text.contains("in_shock"));
    let v = json(&["acks", "table", "T-24", "--json"]);
    assert_eq!(v["meta"]["confidence"], "not_found");
    assert_eq!(v["rows"][0][1], "not found");
    let v = json(&["acks", "table", "T-25", "--json"]);
    assert_eq!(v["parts"].as_array().unwrap().len(), 3);
    assert!(refused(&["acks", "table", "T-99"]).contains("T-01 … T-25"));
}

#[test]
fn cli_human_output_without_json() {
    let out = delve(&["acks", "attack", "--throw", "4", "--ac", "7"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("needed: 11") && text.contains("50.00 %"),
        "{text}"
    );
}

#[test]
fn ac_dmg_05_cli_routine_in_listed_order_with_expected_damage() {
    // Throw 8 against AC 5 needs 13: 8 faces in 20 hit. Claws 1d3 expect 2/5 × 2 each, the
    // bite 1d6 2/5 × 7/2: 3 in all.
    let v = json(&[
        "acks",
        "routine",
        "--throw",
        "8",
        "--ac",
        "5",
        "--attacks",
        "claw 1d3/claw 1d3/bite 1d6",
        "--json",
    ]);
    assert_eq!(
        keys(&v),
        [
            "attacks",
            "expected_damage",
            "expected_exact",
            "needed",
            "throw"
        ]
    );
    let names: Vec<&str> = v["attacks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["claw", "claw", "bite"]);
    assert_eq!(v["attacks"][0]["exact"], "2/5");
    assert_eq!(v["attacks"][0]["expected_exact"], "4/5");
    assert_eq!(v["attacks"][2]["expected_exact"], "7/5");
    assert_eq!(
        (v["needed"].as_i64(), v["expected_exact"].as_str()),
        (Some(13), Some("3"))
    );
    // A fighter's single sword with STR and magic on damage.
    let f = json(&[
        "acks",
        "routine",
        "--class",
        "fighter",
        "--level",
        "10",
        "--ac",
        "7",
        "--bonus",
        "3",
        "--damage-bonus",
        "3",
        "--attacks",
        "sword 1d6",
        "--json",
    ]);
    assert_eq!(f["expected_exact"], "169/40");
    let text = String::from_utf8(
        delve(&[
            "acks",
            "routine",
            "--throw",
            "8",
            "--ac",
            "5",
            "--attacks",
            "claw 1d3/bite 1d6",
        ])
        .stdout,
    )
    .unwrap();
    assert!(text.contains("bite 1d6: hits 40.00 %"), "{text}");
    assert!(
        refused(&[
            "acks",
            "routine",
            "--throw",
            "8",
            "--ac",
            "5",
            "--attacks",
            "claw 1x3"
        ])
        .contains("dice")
    );
    assert!(refused(&["acks", "routine", "--ac", "5", "--attacks", "claw 1d3"]).contains("throw"));
}
