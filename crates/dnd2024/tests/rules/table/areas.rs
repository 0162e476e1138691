//! Areas of effect on the grid (DD-AOE-01, -07, -08; DD-COV-01.c/f).

use super::*;

/// Four creatures around a fireball's point (10, 10): the goblin and a second goblin inside,
/// a third goblin outside the 20-ft sphere, Vera inside it but behind a wall. Bram casts from
/// afar.
fn fireball_table() -> T {
    let mut t = party();
    for id in ["gob2", "gob3"] {
        t.dm(json!({"add_creature": {"creature": monster(id)}}), &[]);
    }
    t.dm(
        json!({"set_map": {"cells": [{"x": 12, "y": 10, "obstacle": "wall"}]}}),
        &[],
    );
    for (id, x, y) in [
        ("bram", 0, 0),
        ("gob", 10, 10),
        ("gob3", 8, 11),
        ("gob2", 16, 10),
        ("vera", 13, 10),
    ] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    t
}

fn fireball() -> Value {
    json!({"caster": "bram", "name": "Fireball", "shape": "sphere", "size_ft": 20,
        "origin": {"x2": 20, "y2": 20}, "save": {"ability": "dexterity", "dc": 13},
        "damage": [{"dice": "8d6", "damage_type": "fire"}], "half_on_success": true})
}

#[test]
fn dd_aoe_01_b_fireball_one_outside_one_behind_total_cover() {
    let mut t = fireball_table();
    // The preview before anything is rolled.
    let p = t
        .table
        .query(&Viewer::Referee, "area_preview", &fireball())
        .unwrap();
    assert_eq!(p["targets"], json!(["gob", "gob3"]));
    assert_eq!(p["behind_cover"], json!(["vera"]));
    // Bob sees only the creatures in view: gob3 and gob2 are hidden monsters.
    let bob = t
        .table
        .query(&Viewer::Player("bob".into()), "area_preview", &fireball())
        .unwrap();
    assert_eq!(bob["targets"], json!(["gob"]));
    assert!(!bob.to_string().contains("gob3"));
    // 8d6 rolled once: eight 1s = 8. The goblin saves (15 + 2 = 17 vs 13): half, 4, and
    // fire resistance halves again to 2; gob3 fails (5 + 2): 8, resisted to 4.
    let ev = t.dm(
        json!({"area_effect": fireball()}),
        &[1, 1, 1, 1, 1, 1, 1, 1, 15, 5],
    );
    assert_eq!(
        rules_events(&ev, "test_rolled").len(),
        2,
        "one save per target"
    );
    assert_eq!(t.hp("gob"), 5);
    assert_eq!(t.hp("gob3"), 3);
    assert_eq!(t.hp("gob2"), 7, "outside the sphere");
    assert_eq!(t.hp("vera"), 24, "behind Total Cover");
    // The players' copy of the placement leaves the hidden goblins out.
    let bob_log = t.log_for(&Viewer::Player("bob".into())).to_string();
    assert!(bob_log.contains("area_placed"));
    assert!(!bob_log.contains("gob3") && !bob_log.contains("gob2"));
    t.assert_replays();
}

#[test]
fn dd_aoe_08_b_no_half_damage_means_a_save_avoids_it_all() {
    let mut t = fireball_table();
    let mut a = fireball();
    a["half_on_success"] = json!(false);
    t.dm(json!({"area_effect": a}), &[1, 1, 1, 1, 1, 1, 1, 1, 15, 5]);
    assert_eq!(t.hp("gob"), 7);
    assert_eq!(t.hp("gob3"), 3);
}

#[test]
fn dd_aoe_05_emanation_leaves_out_its_creature_and_refusals_change_nothing() {
    let mut t = fireball_table();
    // A 5-ft Emanation around the goblin at (10, 10) catches gob3 at (8, 11)? No: 2 squares.
    let p = t
        .table
        .query(
            &Viewer::Referee,
            "area_preview",
            &json!({"caster": "gob", "name": "Aura", "shape": "emanation", "size_ft": 10}),
        )
        .unwrap();
    assert_eq!(p["targets"], json!(["gob3"]));
    let p = t
        .table
        .query(
            &Viewer::Referee,
            "area_preview",
            &json!({"caster": "gob", "name": "Aura", "shape": "emanation", "size_ft": 5}),
        )
        .unwrap();
    assert_eq!(p["targets"], json!([]));
    // A cone with no direction, an area too big: refused, nothing changed.
    let c = t.refused(
        &referee(),
        json!({"area_effect": {"caster": "bram", "name": "Cone", "shape": "cone", "size_ft": 15,
            "origin": {"x2": 0, "y2": 0}}}),
        &[],
    );
    assert_eq!(c, "forbidden");
    let c = t.refused(
        &referee(),
        json!({"area_effect": {"caster": "bram", "name": "Huge", "shape": "sphere",
            "size_ft": 5000, "origin": {"x2": 0, "y2": 0}}}),
        &[],
    );
    assert_eq!(c, "out_of_range");
}

#[test]
fn dd_cov_01_a_half_cover_from_the_origin_adds_2_to_dexterity_saves() {
    let run = |wall: bool| -> (T, Value) {
        let mut t = party();
        if wall {
            t.dm(
                json!({"set_map": {"cells": [{"x": 1, "y": 1, "obstacle": "wall"}]}}),
                &[],
            );
        }
        t.dm(
            json!({"place": {"creature": "bram", "x": 20, "y": 20}}),
            &[],
        );
        t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 1}}), &[]);
        t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
        let mut a = fireball();
        a["size_ft"] = json!(30);
        a["origin"] = json!({"x2": 0, "y2": 0});
        let p = t
            .table
            .query(&Viewer::Player("bob".into()), "area_preview", &a)
            .unwrap();
        // A save of 9 + 2 = 11 fails DC 13; with Half Cover's +2 it makes 13.
        t.dm(json!({"area_effect": a}), &[1, 1, 1, 1, 1, 1, 1, 1, 9]);
        (t, p)
    };
    let (open, p) = run(false);
    assert_eq!(p["cover"], json!({}));
    assert_eq!(open.hp("gob"), 3, "8 fire, resisted to 4");
    let (walled, p) = run(true);
    assert_eq!(p["targets"], json!(["gob"]));
    assert_eq!(p["cover"], json!({"gob": "half"}));
    assert_eq!(walled.hp("gob"), 5, "saved: 4, resisted to 2");
}

#[test]
fn dd_aoe_08_a_an_area_over_an_unseen_creature_looks_like_one_over_nobody() {
    // Bram (Bob) and the goblin nobody has seen, far apart; no other creature near.
    let setup = || {
        let mut t = party();
        for (id, x, y) in [("bram", 0, 0), ("vera", -5, 0), ("gob", 10, 10)] {
            t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
        }
        t
    };
    let bob_v = Viewer::Player("bob".into());
    let at = |x2: i32, y2: i32| {
        json!({"area_effect": {"caster": "bram", "name": "Fireball", "shape": "sphere",
            "size_ft": 5, "origin": {"x2": x2, "y2": y2},
            "save": {"ability": "dexterity", "dc": 13},
            "damage": [{"dice": "8d6", "damage_type": "fire"}], "half_on_success": true}})
    };
    // Bob's fireball over the goblin's square: 8d6 (eight 1s), its save (5 + 2 fails), 8
    // fire resisted to 4.
    let mut over_it = setup();
    let ev = over_it.act(&player("bob"), at(21, 21), &[1, 1, 1, 1, 1, 1, 1, 1, 5]);
    assert_eq!(over_it.hp("gob"), 3);
    // The same over empty squares: the damage is rolled all the same.
    let mut over_nothing = setup();
    let ev2 = over_nothing.act(&player("bob"), at(-21, -21), &[1, 1, 1, 1, 1, 1, 1, 1]);
    // Bob's events match but for where the area fell; nothing of the goblin's save or wounds.
    let bob_gets = |events: &[Envelope]| -> Vec<Value> {
        engine::project_log(events, &bob_v)
            .into_iter()
            .map(|e| {
                let mut v = serde_json::to_value(&e.body).unwrap();
                if let Some(a) = v["event"].get_mut("area_placed") {
                    a["squares"] = Value::Null;
                }
                v
            })
            .collect()
    };
    assert_eq!(bob_gets(&ev), bob_gets(&ev2));
    assert_eq!(rules_events(&ev2, "area_placed")[0]["targets"], json!([]));
    assert!(!over_it.log_for(&bob_v).to_string().contains("gob"));
    over_it.assert_replays();
}
