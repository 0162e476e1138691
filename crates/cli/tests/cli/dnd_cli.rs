//! `delve dnd …` run through the built binary: exact JSON shapes, refusals, and the SRD
//! importer on small records written here (made-up monsters and spells, no SRD text).

use serde_json::{Value, json};
use std::process::{Command, Output};

fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("run delve")
}

fn json_out(args: &[&str]) -> Value {
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

fn refused(args: &[&str]) -> String {
    let out = delve(args);
    assert!(!out.status.success(), "{args:?} should be refused");
    assert!(out.stdout.is_empty(), "nothing on stdout when refused");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn dd_core_01_c_cli_odds_plain_check() {
    let v = json_out(&["dnd", "odds", "--bonus", "5", "--dc", "15", "--json"]);
    assert_eq!(
        v,
        json!({"success": 0.55, "success_exact": "11/20", "critical": 0.0})
    );
}

#[test]
fn dd_core_05_e_cli_odds_attack_critical() {
    let v = json_out(&[
        "dnd", "odds", "--bonus", "5", "--dc", "15", "--attack", "--json",
    ]);
    assert_eq!(
        v,
        json!({"success": 0.55, "success_exact": "11/20", "critical": 0.05})
    );
    // Natural 1 misses even with a huge bonus.
    let v = json_out(&[
        "dnd", "odds", "--bonus", "40", "--dc", "10", "--attack", "--json",
    ]);
    assert_eq!(v["success_exact"], "19/20");
}

#[test]
fn dd_core_08_a_cli_advantage_and_disadvantage_cancel() {
    let v = json_out(&[
        "dnd",
        "odds",
        "--bonus",
        "0",
        "--dc",
        "11",
        "--advantage",
        "3",
        "--disadvantage",
        "1",
        "--json",
    ]);
    assert_eq!(v["success_exact"], "1/2");
    let v = json_out(&[
        "dnd",
        "odds",
        "--bonus",
        "0",
        "--dc",
        "11",
        "--advantage",
        "2",
        "--json",
    ]);
    assert_eq!(v["success_exact"], "3/4");
    let v = json_out(&[
        "dnd",
        "odds",
        "--bonus",
        "0",
        "--dc",
        "11",
        "--disadvantage",
        "1",
        "--json",
    ]);
    assert_eq!(v["success_exact"], "1/4");
}

#[test]
fn dd_cond_05_c_cli_exhaustion_and_heroic_inspiration() {
    let v = json_out(&[
        "dnd",
        "odds",
        "--bonus",
        "4",
        "--dc",
        "15",
        "--exhaustion",
        "2",
        "--json",
    ]);
    assert_eq!(v["success_exact"], "3/10");
    let v = json_out(&[
        "dnd",
        "odds",
        "--bonus",
        "0",
        "--dc",
        "11",
        "--heroic-inspiration",
        "--json",
    ]);
    assert_eq!(v["success_exact"], "3/4");
    let e = refused(&[
        "dnd",
        "odds",
        "--bonus",
        "0",
        "--dc",
        "11",
        "--exhaustion",
        "6",
    ]);
    assert!(e.contains("DD-COND-05"), "{e}");
}

#[test]
fn dd_core_cli_odds_text() {
    let out = delve(&["dnd", "odds", "--bonus", "-2", "--dc", "12", "--attack"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Success:") && text.contains("Critical:") && text.contains("7/20"),
        "{text}"
    );
}

#[test]
fn dd_dmg_07_a_cli_damage_order() {
    let v = json_out(&[
        "dnd",
        "damage",
        "--amount",
        "28",
        "--type",
        "fire",
        "--resistance",
        "--vulnerability",
        "--reduction",
        "5",
        "--json",
    ]);
    assert_eq!(v, json!({"damage": 22}));
    assert_eq!(
        json_out(&[
            "dnd",
            "damage",
            "--amount",
            "9",
            "--type",
            "cold",
            "--immunity",
            "--json"
        ]),
        json!({"damage": 0})
    );
    assert_eq!(
        json_out(&[
            "dnd",
            "damage",
            "--amount",
            "7",
            "--type",
            "acid",
            "--resistance",
            "--json"
        ]),
        json!({"damage": 3})
    );
    let e = refused(&["dnd", "damage", "--amount", "7", "--type", "holy"]);
    assert!(e.contains("DD-DMG-03") && e.contains("radiant"), "{e}");
}

#[test]
fn dd_mag_09_c_cli_concentration() {
    for (d, dc) in [("1", 10), ("22", 11), ("25", 12), ("60", 30), ("100", 30)] {
        assert_eq!(
            json_out(&["dnd", "concentration", "--damage", d, "--json"]),
            json!({"dc": dc})
        );
    }
}

#[test]
fn dd_haz_05_a_cli_fall() {
    assert_eq!(
        json_out(&["dnd", "fall", "--feet", "35", "--json"]),
        json!({"dice": "3d6"})
    );
    assert_eq!(
        json_out(&["dnd", "fall", "--feet", "500", "--json"]),
        json!({"dice": "20d6"})
    );
    assert_eq!(
        json_out(&["dnd", "fall", "--feet", "9", "--json"]),
        json!({"dice": "0"})
    );
}

#[test]
fn dd_move_08_09_cli_jump() {
    assert_eq!(
        json_out(&["dnd", "jump", "--strength", "15", "--running", "--json"]),
        json!({"long_jump_feet": 15, "high_jump_feet": 5})
    );
    assert_eq!(
        json_out(&["dnd", "jump", "--strength", "15", "--json"]),
        json!({"long_jump_feet": 7, "high_jump_feet": 2})
    );
    let e = refused(&["dnd", "jump", "--strength", "31"]);
    assert!(e.contains("DD-CORE-02"), "{e}");
}

#[test]
fn dd_move_21_cli_carry() {
    assert_eq!(
        json_out(&[
            "dnd",
            "carry",
            "--strength",
            "15",
            "--size",
            "medium",
            "--json"
        ]),
        json!({"carry_lb": 225, "drag_lift_push_lb": 450})
    );
    assert_eq!(
        json_out(&[
            "dnd",
            "carry",
            "--strength",
            "10",
            "--size",
            "tiny",
            "--json"
        ]),
        json!({"carry_lb": 75, "drag_lift_push_lb": 150})
    );
    let e = refused(&["dnd", "carry", "--strength", "10", "--size", "colossal"]);
    assert!(e.contains("DD-MOVE-18") && e.contains("gargantuan"), "{e}");
}

#[test]
fn dd_core_02_b_cli_modifier() {
    assert_eq!(
        json_out(&["dnd", "modifier", "--score", "1", "--json"]),
        json!({"modifier": -5})
    );
    assert_eq!(
        json_out(&["dnd", "modifier", "--score", "30", "--json"]),
        json!({"modifier": 10})
    );
    refused(&["dnd", "modifier", "--score", "0"]);
}

#[test]
fn dd_trv_01_cli_travel() {
    let v = json_out(&["dnd", "travel", "--pace", "fast", "--hours", "10", "--json"]);
    assert_eq!(v["miles"], 40);
    assert_eq!(v["extended_travel_dcs"], json!([11, 12]));
    assert_eq!(v["checks"].as_array().unwrap().len(), 3);
    let v = json_out(&["dnd", "travel", "--pace", "slow", "--hours", "8", "--json"]);
    assert_eq!(v["miles"], 16);
    let e = refused(&["dnd", "travel", "--pace", "gallop", "--hours", "2"]);
    assert!(e.contains("DD-TRV-01"), "{e}");
}

#[test]
fn dd_cond_13_cli_condition() {
    let out = delve(&["dnd", "condition", "prone"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("DD-COND-13.a") && text.contains("DD-COND-13.d"),
        "{text}"
    );
    let v = json_out(&["dnd", "condition", "Unconscious", "--json"]);
    assert_eq!(v["id"], "DD-COND-16");
    assert_eq!(v["includes"], json!(["incapacitated", "prone"]));
    assert_eq!(v["clauses"].as_array().unwrap().len(), 6);
    let e = refused(&["dnd", "condition", "sleepy"]);
    assert!(e.contains("exhaustion"), "{e}");
}

// ---- importer ----

fn fixture_open5e(dir: &std::path::Path) {
    let write = |name: &str, v: Value| std::fs::write(dir.join(name), v.to_string()).unwrap();
    write(
        "Creature.json",
        json!([
            {"model": "api_v2.creature", "pk": "test_cave-gnawer", "fields": {
                "name": "Cave Gnawer", "size": "small", "type": "beast", "armor_class": 13,
                "hit_points": 11, "hit_dice": "2d6 + 4", "walk": 30.0, "climb": 20.0, "fly": null,
                "ability_score_strength": 8, "ability_score_dexterity": 16,
                "ability_score_constitution": 14, "ability_score_intelligence": 3,
                "ability_score_wisdom": 12, "ability_score_charisma": 5,
                "challenge_rating_decimal": "0.250", "experience_points_integer": null,
                "proficiency_bonus": null, "damage_resistances": ["poison"],
                "damage_immunities": [], "damage_vulnerabilities": [],
                "glow_colour": "pale green"
            }},
            {"model": "api_v2.creature", "pk": "test_broken-thing", "fields": {
                "name": "Broken Thing", "size": "enormous", "type": "ooze", "armor_class": 8,
                "hit_points": 5, "ability_score_strength": 10, "ability_score_dexterity": 10,
                "ability_score_constitution": 10, "ability_score_intelligence": 1,
                "ability_score_wisdom": 1, "ability_score_charisma": 1,
                "challenge_rating_decimal": "1.000"
            }},
            {"model": "api_v2.creature", "pk": "test_stone-warden", "fields": {
                "name": "Stone Warden", "size": "large", "type": "construct", "armor_class": 17,
                "hit_points": 60, "walk": 25.0, "ability_score_strength": 20,
                "ability_score_dexterity": 8, "ability_score_constitution": 18,
                "ability_score_intelligence": 6, "ability_score_wisdom": 10,
                "ability_score_charisma": 3, "challenge_rating_decimal": "5.000"
            }}
        ]),
    );
    write(
        "CreatureAction.json",
        json!([
            {"model": "api_v2.creatureaction", "pk": "test_cave-gnawer_bite", "fields": {
                "name": "Bite", "desc": "Our own words: it bites.", "parent": "test_cave-gnawer",
                "action_type": "ACTION", "order": 1, "uses_type": null}},
            {"model": "api_v2.creatureaction", "pk": "test_stone-warden_quake", "fields": {
                "name": "Quake", "desc": "Dexterity Saving Throw: DC 14, everyone nearby (our words).",
                "parent": "test_stone-warden", "action_type": "ACTION", "order": 1}}
        ]),
    );
    write(
        "CreatureActionAttack.json",
        json!([
            {"model": "api_v2.creatureactionattack", "pk": "test_cave-gnawer_bite_bite-attack", "fields": {
                "attack_type": "WEAPON", "to_hit_mod": 5, "reach": 5, "range": null, "long_range": null,
                "damage_die_count": 1, "damage_die_type": "D4", "damage_bonus": 3,
                "damage_type": "piercing", "extra_damage_die_count": 1,
                "extra_damage_die_type": "D6", "extra_damage_bonus": 0,
                "extra_damage_type": "poison", "parent": "test_cave-gnawer_bite"}}
        ]),
    );
    write(
        "Spell.json",
        json!([
            {"model": "api_v2.spell", "pk": "test_ember-cone", "fields": {
                "name": "Ember Cone", "desc": "Invented for the tests.", "level": 2,
                "school": "evocation", "range_text": "Self", "range": 0, "ritual": false,
                "saving_throw_ability": "dexterity", "attack_roll": false, "damage_roll": "3d6",
                "damage_types": ["fire"], "shape_type": "cone", "shape_size": 15,
                "concentration": false}},
            {"model": "api_v2.spell", "pk": "test_quiet-ward", "fields": {
                "name": "Quiet Ward", "level": 1, "range_text": "30 feet", "range": 30,
                "ritual": true, "saving_throw_ability": "", "attack_roll": false,
                "damage_roll": "", "damage_types": [], "concentration": true}},
            {"model": "api_v2.spell", "pk": "test_bad-spell", "fields": {
                "name": "Bad Spell", "level": 12}}
        ]),
    );
    write(
        "Weapon.json",
        json!([
            {"model": "api_v2.weapon", "pk": "test_hooked-spear", "fields": {
                "name": "Hooked Spear", "damage_dice": "1d8", "damage_type": "piercing",
                "is_simple": false, "range": 20.0, "long_range": 60.0}}
        ]),
    );
    write(
        "WeaponProperty.json",
        json!([
            {"model": "api_v2.weaponproperty", "pk": "thrown", "fields": {"name": "Thrown", "type": null}},
            {"model": "api_v2.weaponproperty", "pk": "topple", "fields": {"name": "Topple", "type": "Mastery"}}
        ]),
    );
    write(
        "WeaponPropertyAssignment.json",
        json!([
            {"model": "api_v2.weaponpropertyassignment", "pk": 1, "fields": {"weapon": "test_hooked-spear", "property": "thrown", "detail": "20/60"}},
            {"model": "api_v2.weaponpropertyassignment", "pk": "a2", "fields": {"weapon": "test_hooked-spear", "property": "topple", "detail": null}}
        ]),
    );
    write(
        "Armor.json",
        json!([
            {"model": "api_v2.armor", "pk": "test_scale-coat", "fields": {
                "name": "Scale Coat", "ac_base": 14, "ac_add_dexmod": true, "ac_cap_dexmod": 2,
                "strength_score_required": null, "grants_stealth_disadvantage": true}}
        ]),
    );
}

#[test]
fn dd_import_open5e_fixture_records() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("srd");
    std::fs::create_dir(&src).unwrap();
    fixture_open5e(&src);
    let out = dir.path().join("pack.json");
    let summary = json_out(&[
        "dnd",
        "import",
        "--open5e",
        src.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(summary["creatures"], 2);
    assert_eq!(summary["spells"], 2);
    assert_eq!(summary["weapons"], 1);
    assert_eq!(summary["armor"], 1);
    let skipped = summary["skipped"].as_array().unwrap();
    let ids: Vec<&str> = skipped.iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert!(
        ids.contains(&"test_broken-thing") && ids.contains(&"test_bad-spell"),
        "{skipped:?}"
    );
    let broken = skipped
        .iter()
        .find(|s| s["id"] == "test_broken-thing")
        .unwrap();
    assert!(
        broken["error"].as_str().unwrap().contains("size"),
        "{broken}"
    );

    let pack: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(pack["format"], "delve-dnd2024-pack");
    assert_eq!(pack["pack"]["license"], "CC-BY-4.0");
    assert!(
        pack["pack"]["attribution"]
            .as_str()
            .unwrap()
            .contains("Creative Commons Attribution 4.0")
    );
    let gnawer = &pack["creatures"][0];
    assert_eq!(gnawer["id"], "test_cave-gnawer");
    assert_eq!(gnawer["challenge_rating"], "1/4");
    assert_eq!(gnawer["xp"], 50);
    assert_eq!(gnawer["proficiency_bonus"], 2);
    assert_eq!(gnawer["speed"], json!({"climb": 20, "walk": 30}));
    assert_eq!(gnawer["resistances"], json!(["poison"]));
    assert_eq!(
        gnawer["extra"]["glow_colour"], "pale green",
        "unknown fields kept"
    );
    let bite = &gnawer["actions"][0];
    assert_eq!(bite["attacks"][0]["bonus"], 5);
    assert_eq!(bite["attacks"][0]["reach_ft"], 5);
    assert_eq!(
        bite["damage"],
        json!([{"dice": "1d4 + 3", "damage_type": "piercing"}, {"dice": "1d6", "damage_type": "poison"}])
    );
    let warden = &pack["creatures"][1];
    assert_eq!(warden["xp"], 1800);
    assert_eq!(warden["proficiency_bonus"], 3);
    assert_eq!(
        warden["actions"][0]["save"],
        json!({"ability": "dexterity", "dc": 14})
    );
    let cone = &pack["spells"][0];
    assert_eq!(cone["level"], 2);
    assert_eq!(cone["area"], json!({"shape": "cone", "size_ft": 15}));
    assert_eq!(cone["save"]["ability"], "dexterity");
    assert_eq!(
        cone["damage"],
        json!([{"dice": "3d6", "damage_type": "fire"}])
    );
    let ward = &pack["spells"][1];
    assert_eq!(
        (
            ward["ritual"].as_bool(),
            ward["concentration"].as_bool(),
            ward["range_ft"].as_u64()
        ),
        (Some(true), Some(true), Some(30))
    );
    let spear = &pack["weapons"][0];
    assert_eq!(spear["category"], "martial");
    assert_eq!(spear["properties"], json!(["Thrown (20/60)"]));
    assert_eq!(spear["mastery"], "Topple");
    assert_eq!(spear["long_range_ft"], 60);
    assert_eq!(pack["armor"][0]["max_dex"], 2);
}

#[test]
fn dd_import_open5e_only_filters_and_reports_missing() {
    let dir = tempfile::tempdir().unwrap();
    fixture_open5e(dir.path());
    let out = dir.path().join("pack.json");
    let summary = json_out(&[
        "dnd",
        "import",
        "--open5e",
        dir.path().to_str().unwrap(),
        "--only",
        "test_ember-cone,test_nope",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        (summary["creatures"].as_u64(), summary["spells"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(summary["not_found"], json!(["test_nope"]));
    assert!(summary["skipped"].as_array().unwrap().is_empty());
}

#[test]
fn dd_import_5e_database_fixture_records() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("records.json");
    let records = json!([
        {"index": "marsh-lurker", "name": "Marsh Lurker", "size": "Medium", "type": "monstrosity",
         "alignment": "unaligned", "armor_class": [{"type": "natural", "value": 12}],
         "hit_points": 22, "hit_dice": "4d8", "hit_points_roll": "4d8+4",
         "speed": {"walk": "20 ft.", "swim": "40 ft."},
         "strength": 14, "dexterity": 12, "constitution": 13, "intelligence": 4, "wisdom": 11, "charisma": 6,
         "proficiencies": [], "damage_vulnerabilities": [], "damage_resistances": [],
         "damage_immunities": [], "condition_immunities": [],
         "senses": {"passive_perception": 10}, "languages": "", "challenge_rating": 0.5, "xp": 100,
         "actions": [
            {"name": "Snap", "desc": "ours", "attack_bonus": 4,
             "damage": [{"damage_type": {"index": "piercing", "name": "Piercing", "url": "x"}, "damage_dice": "1d8+2"}]},
            {"name": "Mud Spray", "desc": "ours", "dc": {"dc_type": {"index": "con"}, "dc_value": 11, "success_type": "half"},
             "damage": [{"damage_type": {"index": "acid"}, "damage_dice": "2d4"}]}
         ],
         "url": "/api/2024/monsters/marsh-lurker"},
        {"index": "spark-lash", "name": "Spark Lash", "level": 0, "school": {"index": "evocation"},
         "range": "60 feet", "ritual": false, "concentration": false, "attack_type": "ranged",
         "damage": {"damage_type": {"index": "lightning"}, "damage_at_character_level": {"1": "1d10", "5": "2d10"}}},
        {"index": "gale-ring", "name": "Gale Ring", "level": 3, "school": {"index": "evocation"},
         "range": "Self", "ritual": false, "concentration": true,
         "area_of_effect": {"type": "sphere", "size": 20},
         "dc": {"dc_type": {"index": "str"}, "dc_success": "none"}},
        {"index": "trench-knife", "name": "Trench Knife", "equipment_category": {"index": "weapon"},
         "weapon_category": "Simple", "weapon_range": "Melee",
         "damage": {"damage_dice": "1d4", "damage_type": {"index": "slashing"}},
         "range": {"normal": 5}, "properties": [{"index": "finesse"}, {"index": "light"}],
         "mastery": {"index": "nick"}},
        {"index": "quilted-vest", "name": "Quilted Vest", "equipment_category": {"index": "armor"},
         "armor_category": "Light", "armor_class": {"base": 11, "dex_bonus": true},
         "str_minimum": 0, "stealth_disadvantage": false},
        {"index": "wrong-cr", "name": "Wrong CR", "size": "Tiny", "type": "beast",
         "armor_class": [{"value": 10}], "hit_points": 1, "speed": {},
         "strength": 2, "dexterity": 10, "constitution": 8, "intelligence": 2, "wisdom": 10, "charisma": 2,
         "challenge_rating": 0.3},
        {"index": "rope", "name": "Rope", "equipment_category": {"index": "adventuring-gear"}}
    ]);
    std::fs::write(&file, records.to_string()).unwrap();
    let out = dir.path().join("pack.json");
    let summary = json_out(&[
        "dnd",
        "import",
        "--5e-database",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        (
            summary["creatures"].as_u64(),
            summary["spells"].as_u64(),
            summary["weapons"].as_u64(),
            summary["armor"].as_u64()
        ),
        (Some(1), Some(2), Some(1), Some(1))
    );
    let skipped: Vec<&str> = summary["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(skipped, vec!["wrong-cr", "rope"]);
    let pack: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let lurker = &pack["creatures"][0];
    assert_eq!(lurker["challenge_rating"], "1/2");
    assert_eq!(lurker["armor_class"], 12);
    assert_eq!(lurker["speed"], json!({"swim": 40, "walk": 20}));
    assert_eq!(lurker["actions"][0]["attacks"][0]["bonus"], 4);
    assert_eq!(lurker["actions"][0]["damage"][0]["dice"], "1d8+2");
    assert_eq!(
        lurker["actions"][1]["save"],
        json!({"ability": "constitution", "dc": 11, "on_success": "half"})
    );
    assert_eq!(
        lurker["extra"]["url"], "/api/2024/monsters/marsh-lurker",
        "unknown fields kept"
    );
    assert_eq!(pack["spells"][0]["damage"][0]["dice"], "1d10");
    assert_eq!(pack["spells"][0]["attack"], true);
    assert_eq!(
        pack["spells"][1]["area"],
        json!({"shape": "sphere", "size_ft": 20})
    );
    assert_eq!(pack["spells"][1]["save"]["ability"], "strength");
    assert_eq!(pack["weapons"][0]["mastery"], "nick");
    assert_eq!(
        pack["weapons"][0]["properties"],
        json!(["finesse", "light"])
    );
    assert_eq!(pack["armor"][0]["base_ac"], 11);
    assert!(
        pack["pack"]["attribution"]
            .as_str()
            .unwrap()
            .contains("SRD 5.2")
    );
}

#[test]
fn dd_import_bad_inputs_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pack.json");
    let e = refused(&[
        "dnd",
        "import",
        "--open5e",
        dir.path().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(e.contains("Creature.json"), "{e}");
    let file = dir.path().join("bad.json");
    std::fs::write(&file, "{\"index\": 1").unwrap();
    let e = refused(&[
        "dnd",
        "import",
        "--5e-database",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(e.contains("bad.json:1:"), "{e}");
    std::fs::write(&file, "{\"index\": \"x\"}").unwrap();
    let e = refused(&[
        "dnd",
        "import",
        "--5e-database",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(e.contains("expected a JSON array"), "{e}");
    assert!(!out.exists(), "nothing written on refusal");
}

#[test]
fn dd_cbt_04_a_cli_attack_cover_and_damage() {
    let v = json_out(&["dnd", "attack", "--bonus", "5", "--ac", "15", "--json"]);
    assert_eq!(
        v,
        json!({
            "target_ac": 15,
            "mode": "normal",
            "hit": 0.55,
            "hit_exact": "11/20",
            "critical": 0.05,
            "critical_exact": "1/20",
            "critical_on": 20,
            "damage": null,
            "critical_damage": null,
        })
    );
    // Half Cover adds 2 to AC; Advantage and Disadvantage cancel; damage dice double on a
    // Critical Hit.
    let v = json_out(&[
        "dnd",
        "attack",
        "--bonus",
        "5",
        "--ac",
        "15",
        "--cover",
        "half",
        "--advantage",
        "1",
        "--disadvantage",
        "2",
        "--damage",
        "1d8+3",
        "--json",
    ]);
    assert_eq!(v["target_ac"], 17);
    assert_eq!(v["mode"], "normal");
    assert_eq!(v["hit_exact"], "9/20");
    assert_eq!(v["damage"], "1d8 + 3");
    assert_eq!(v["critical_damage"], "2d8 + 3");
    let err = refused(&[
        "dnd", "attack", "--bonus", "5", "--ac", "15", "--cover", "total",
    ]);
    assert!(err.contains("DD-COV-01.c"), "{err}");
    let err = refused(&[
        "dnd", "attack", "--bonus", "5", "--ac", "15", "--damage", "1d0",
    ]);
    assert!(err.contains("input limit"), "{err}");
    let text = delve(&[
        "dnd", "attack", "--bonus", "5", "--ac", "15", "--damage", "2d6",
    ]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("4d6"), "{text}");
}

#[test]
fn dd_core_20_a_cli_attack_critical_range_override() {
    // Bonus 0 against AC 25 needs a Critical Hit; with --crit-on 19 both 19 and 20 hit.
    let v = json_out(&[
        "dnd",
        "attack",
        "--bonus",
        "0",
        "--ac",
        "25",
        "--crit-on",
        "19",
        "--json",
    ]);
    assert_eq!(v["hit_exact"], "1/10");
    assert_eq!(v["critical_exact"], "1/10");
    assert_eq!(v["critical_on"], 19);
    let v = json_out(&["dnd", "attack", "--bonus", "0", "--ac", "25", "--json"]);
    assert_eq!(v["hit_exact"], "1/20");
    let err = refused(&[
        "dnd",
        "attack",
        "--bonus",
        "0",
        "--ac",
        "25",
        "--crit-on",
        "1",
    ]);
    assert!(err.contains("DD-CORE-19.a"), "{err}");
}
