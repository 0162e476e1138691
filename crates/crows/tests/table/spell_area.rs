//! The `spell_area` query: the squares of a spell's area and the creatures inside, as the
//! viewer is shown the grid (CR-SPELL-07/08), for the cast panel's overlay. The same squares
//! and creatures the cast itself measures; nothing hidden from the viewer appears.

use crate::common::*;

const PACK: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": {"id": "spell-area", "name": "Spell areas", "sample": true, "notes": "test values"},
  "items": [
    {"id": "fireball", "name": "Fireball book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Fireball", "rank": 3, "discipline": "elemental", "casting_time": "action",
       "target": "All creatures", "range": "6 squares", "area": "Cube 2", "duration": "instant",
       "tiers": {"tier_1": {"effect": "smoke"}, "tier_2": {"effect": "singe"}, "tier_3": {"effect": "burn"}}}},
    {"id": "ray", "name": "Ray book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Ray", "rank": 2, "discipline": "elemental", "casting_time": "action",
       "target": "All creatures", "area": "Line 4 × 1", "duration": "instant",
       "tiers": {"tier_1": {"effect": "dim"}, "tier_2": {"effect": "ray"}, "tier_3": {"effect": "beam"}}}},
    {"id": "bolt", "name": "Bolt book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Bolt", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "target": "1 creature", "range": "6 squares", "duration": "instant",
       "tiers": {"tier_1": {"effect": "fizzle"}, "tier_2": {"effect": "zap"}, "tier_3": {"effect": "jolt"}}}}
  ]
}"#;

fn alice() -> Viewer {
    Viewer::Player("alice".into())
}

fn bob() -> Viewer {
    Viewer::Player("bob".into())
}

fn area(t: &T, viewer: &Viewer, args: Value) -> Result<Value, engine::RuleError> {
    t.table.query(viewer, "spell_area", &args)
}

/// Bram at (0, 0) with the fireball book; Vera at (5, 0), the ghoul at (6, 1), the rat at (7, 0).
fn cube_table() -> (T, u64) {
    let mut t = spell_table(PACK);
    let fireball = book(&mut t, "bram", "fireball", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "vera", 5, 0, "crows");
    place(&mut t, "ghoul", 6, 1, "enemies");
    place(&mut t, "rat", 7, 0, "enemies");
    (t, fireball)
}

fn at(x: i32, y: i32, tx: i32, ty: i32) -> Value {
    json!({"origin": {"x": x, "y": y}, "toward": {"x": tx, "y": ty}})
}

#[test]
// Covers CR-SPELL-07, CR-SPELL-08.
fn cr_spell_07_spell_area_shows_the_cubes_squares_and_who_the_cast_will_take() {
    let (mut t, fireball) = cube_table();
    let answer = area(
        &t,
        &bob(),
        json!({"caster": "bram", "item": fireball, "at": at(5, 0, 6, 1)}),
    )
    .unwrap();
    assert_eq!(answer["squares"], json!([[5, 0], [6, 0], [5, 1], [6, 1]]));
    assert_eq!(answer["inside"], json!(["ghoul", "vera"]));
    // The cast takes exactly the creatures the overlay named.
    start(&mut t, &["bram", "vera"]);
    let events = t.ok(
        &player("bob"),
        r(json!({"cast": {"creature": "bram", "item": fireball, "at": at(5, 0, 6, 1)}})),
        &[6, 6, 6],
    );
    assert_eq!(
        rules_events(&events, "cast_begun")[0]["cast"]["targets"],
        answer["inside"]
    );
}

#[test]
// Covers CR-SPELL-07, CR-SPELL-08.
fn cr_spell_08_spell_area_drops_the_squares_behind_a_wall() {
    let mut t = spell_table(PACK);
    let ray = book(&mut t, "bram", "ray", 1);
    t.referee_rules(
        json!({"set_grid": {"cells": [
            {"at": {"x": 3, "y": -1}, "obstacle": "solid"},
            {"at": {"x": 3, "y": 0}, "obstacle": "solid"},
            {"at": {"x": 3, "y": 1}, "obstacle": "solid"}]}}),
        &[],
    );
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 2, 0, "enemies");
    place(&mut t, "rat", 4, 0, "enemies");
    let answer = area(
        &t,
        &Viewer::Referee,
        json!({"caster": "bram", "item": ray, "at": at(1, 0, 2, 0)}),
    )
    .unwrap();
    assert_eq!(answer["squares"], json!([[1, 0], [2, 0]]));
    assert_eq!(answer["inside"], json!(["ghoul"]));
    // An area named directly, without a book: an aura of 1 around Bram.
    let aura = area(
        &t,
        &Viewer::Referee,
        json!({"caster": "bram", "area": {"aura": 1}}),
    )
    .unwrap();
    assert_eq!(aura["inside"], json!(["bram"]));
    assert_eq!(aura["squares"].as_array().unwrap().len(), 9);
}

#[test]
// Covers CR-HIDE-05, CR-SPELL-07.
fn cr_hide_05_spell_area_never_names_a_hidden_creature_and_refuses_a_hidden_caster_or_item() {
    let (mut t, fireball) = cube_table();
    t.referee_rules(
        json!({"hide": {"creature": "ghoul", "from": ["vera", "bram"]}}),
        &[],
    );
    let args = json!({"caster": "bram", "item": fireball, "at": at(5, 0, 6, 1)});
    // Bob (Bram) does not see the ghoul: only Vera is inside for him; the Referee sees both.
    assert_eq!(
        area(&t, &bob(), args.clone()).unwrap()["inside"],
        json!(["vera"])
    );
    assert_eq!(
        area(&t, &Viewer::Referee, args).unwrap()["inside"],
        json!(["ghoul", "vera"])
    );
    // A hidden caster answers exactly like one that does not exist.
    let hidden = area(&t, &bob(), json!({"caster": "ghoul", "area": {"aura": 1}})).unwrap_err();
    let missing = area(&t, &bob(), json!({"caster": "ghost", "area": {"aura": 1}})).unwrap_err();
    assert_eq!(hidden.code, missing.code);
    assert_eq!(hidden.message, missing.message.replace("ghost", "ghoul"));
    assert_eq!(hidden.rule, missing.rule);
    // Bram's book is not shown to Alice: refused like an item Bram does not carry.
    let theirs = area(
        &t,
        &alice(),
        json!({"caster": "bram", "item": fireball, "at": at(5, 0, 6, 1)}),
    )
    .unwrap_err();
    let none = area(
        &t,
        &bob(),
        json!({"caster": "bram", "item": 99, "at": at(5, 0, 6, 1)}),
    )
    .unwrap_err();
    assert_eq!(theirs.code, none.code);
    assert_eq!(
        theirs.message,
        none.message.replace("99", &fireball.to_string())
    );
}

#[test]
fn spell_area_refuses_oversize_or_malformed_arguments() {
    let (t, fireball) = cube_table();
    let bolt_table = {
        let mut t = spell_table(PACK);
        let bolt = book(&mut t, "bram", "bolt", 1);
        place(&mut t, "bram", 0, 0, "crows");
        (t, bolt)
    };
    let code = |r: Result<Value, engine::RuleError>| r.unwrap_err().code;
    let long = "x".repeat(2000);
    assert_eq!(
        code(area(
            &t,
            &bob(),
            json!({"caster": long, "area": {"aura": 1}})
        )),
        "bad_query"
    );
    assert_eq!(
        code(area(
            &t,
            &bob(),
            json!({"caster": "bram", "item": fireball, "at": at(5, 0, 100_000, 1)})
        )),
        "bad_query"
    );
    assert_eq!(
        code(area(
            &t,
            &bob(),
            json!({"caster": "bram", "area": {"cube": 200}})
        )),
        "bad_query"
    );
    assert_eq!(
        code(area(
            &t,
            &bob(),
            json!({"caster": "bram", "item": fireball, "area": {"cube": 2}})
        )),
        "bad_query"
    );
    assert_eq!(
        code(area(
            &t,
            &bob(),
            json!({"caster": "bram", "item": fireball})
        )),
        "bad_query"
    );
    assert_eq!(
        code(area(
            &t,
            &bob(),
            json!({"caster": "bram", "extra": 1, "area": {"aura": 1}})
        )),
        "bad_query"
    );
    // A book whose card has no area.
    let (bt, bolt) = bolt_table;
    assert_eq!(
        code(area(&bt, &bob(), json!({"caster": "bram", "item": bolt}))),
        "bad_query"
    );
    // Vera is not on a grid in the bolt table.
    assert_eq!(
        code(area(
            &bt,
            &alice(),
            json!({"caster": "vera", "area": {"aura": 1}})
        )),
        "bad_query"
    );
}
