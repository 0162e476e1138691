//! What the players see follows their characters' sight (issue 22): a monster out of every
//! character's sight (darkness, magical Darkness, fog, a wall) is out of the players' view
//! exactly as a missing one; one a character sees — or senses by Tremorsense — is in it.

use super::*;
use engine::Viewer;

fn alice() -> Actor {
    player("alice")
}

fn alice_v() -> Viewer {
    Viewer::Player("alice".into())
}

fn view_has(t: &T, id: &str) -> bool {
    let v = t.table.view(&alice_v());
    v["rules"]["creatures"].get(id).is_some() || v["rules"]["grid"]["positions"].get(id).is_some()
}

/// The ruleset events `viewer` received, by name.
fn received(t: &T, viewer: &Viewer, name: &str) -> Vec<Value> {
    t.log_for(viewer)
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["event"].get(name).cloned())
        .collect()
}

/// A third character for Bob with these senses, at (x, y).
fn scout(t: &mut T, id: &str, senses: Value, x: i32, y: i32) {
    let mut c = character(id, 10);
    c["senses"] = senses;
    t.dm(
        json!({"add_creature": {"creature": c, "player": "bob"}}),
        &[],
    );
    t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
}

/// Vera at (0, 0) and the revealed goblin at (3, 0), 15 ft apart, in Bright Light; Bram off
/// the grid.
fn goblin_in_sight() -> T {
    let mut t = party();
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    t.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
    t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 0}}), &[]);
    t
}

#[test]
fn dd_vis_07_a_monster_in_darkness_leaves_the_view_until_a_character_with_darkvision_sees_it() {
    let mut t = goblin_in_sight();
    assert!(view_has(&t, "gob"));
    // The lights go out: Vera (no Darkvision) sees nothing; the goblin leaves the view, named
    // and nowhere.
    t.dm(json!({"set_light": {"ambient": "darkness"}}), &[]);
    assert!(!view_has(&t, "gob"));
    let out = received(&t, &alice_v(), "creature_out_of_view");
    assert_eq!(
        out,
        vec![json!({"creature": "gob", "name": "Goblin Warrior"})]
    );
    assert_eq!(t.creature("gob")["out_of_sight"], json!(true));
    // A player's command naming it is refused as one naming nobody.
    let code = t.refused(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Shortbow"}}),
        &[],
    );
    assert_eq!(code, "unknown_creature");
    // Its rolls are the Referee's alone: no notice of a secret roll.
    let before = t.log_for(&alice_v()).as_array().unwrap().len();
    t.dm(
        json!({"d20_test": {"creature": "gob", "test": {"ability_check": {"ability": "dexterity"}}, "dc": 10}}),
        &[12],
    );
    assert_eq!(t.log_for(&alice_v()).as_array().unwrap().len(), before);
    // An elf with Darkvision 60 ft steps in beside Vera: it sees the goblin (Darkness is Dim
    // Light to it), and the players get its public view where it stands.
    scout(&mut t, "elf", json!({"darkvision_ft": 60}), 0, 1);
    assert!(view_has(&t, "gob"));
    let seen = received(&t, &alice_v(), "creature_in_view");
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert_eq!(seen[0]["at"], json!({"x": 3, "y": 0}));
    assert_eq!(seen[0]["view"]["name"], json!("Goblin Warrior"));
    assert!(seen[0]["view"].get("hp").is_none());
    assert_eq!(t.creature("gob")["hidden"], json!(false));
    // Now Vera may aim at it (she does not see it: Disadvantage).
    let odds = t
        .table
        .query(
            &alice_v(),
            "attack_odds",
            &json!({"attacker": "vera", "target": "gob", "attack": "Shortbow"}),
        )
        .unwrap();
    assert!(
        !odds["disadvantage"].as_array().unwrap().is_empty(),
        "{odds}"
    );
    t.assert_replays();
}

#[test]
fn dd_vis_05_a_monster_walking_into_darkness_shows_the_players_no_destination() {
    let mut t = goblin_in_sight();
    // Darkness but a lamp at (0, 0): Bright Light 10 ft (two squares), no Dim beyond.
    t.dm(
        json!({"set_light": {"ambient": "darkness",
            "sources": [{"at": [0, 0], "bright_ft": 10, "dim_ft": 0}]}}),
        &[],
    );
    // The goblin is in the dark at (3, 0): out of view. The Referee puts it in the light.
    assert!(!view_has(&t, "gob"));
    t.dm(json!({"place": {"creature": "gob", "x": 2, "y": 0}}), &[]);
    assert!(view_has(&t, "gob"));
    // It walks (2, 1) → (3, 1) → (4, 1) → (5, 2): only the first square is lit.
    t.dm(
        json!({"move_path": {"creature": "gob", "path": [[2, 1], [3, 1], [4, 1], [5, 2]]}}),
        &[],
    );
    let moves = received(&t, &alice_v(), "moved");
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(moves[0]["path"], json!([{"x": 2, "y": 1}]));
    assert_eq!(moves[0]["seen_only"], json!(true));
    assert_eq!(moves[0]["spent_ft"], json!(0));
    let log = t.log_for(&alice_v()).to_string();
    for hidden_square in [r#"{"x":3,"y":1}"#, r#"{"x":4,"y":1}"#, r#"{"x":5,"y":2}"#] {
        assert!(!log.contains(hidden_square), "{hidden_square} in {log}");
    }
    assert!(!view_has(&t, "gob"));
    assert_eq!(
        received(&t, &alice_v(), "creature_out_of_view").len(),
        2,
        "out at (3, 0), then again after the walk"
    );
    // The Referee sees the whole move.
    let full = received(&t, &Viewer::Referee, "moved");
    assert_eq!(full[0]["path"].as_array().unwrap().len(), 4);
    // It walks back into the light: the players see it where it is seen.
    t.dm(
        json!({"move_path": {"creature": "gob", "path": [[4, 1], [3, 1], [2, 1]]}}),
        &[],
    );
    let seen = received(&t, &alice_v(), "creature_in_view");
    assert_eq!(seen.last().unwrap()["at"], json!({"x": 2, "y": 1}));
    assert_eq!(received(&t, &alice_v(), "moved").len(), 1);
    t.assert_replays();
}

/// A table where Vera stands in the dark with a lamp; with `monster` the goblin, revealed,
/// lurks in the dark at (4, -3), checks and moves there. Then Alice probes.
fn darkness_table(monster: bool) -> (T, Vec<String>) {
    let mut t = party();
    t.dm(
        json!({"set_light": {"ambient": "darkness",
            "sources": [{"at": [0, 0], "bright_ft": 10, "dim_ft": 0}]}}),
        &[],
    );
    t.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
    if monster {
        t.dm(json!({"place": {"creature": "gob", "x": 4, "y": -3}}), &[]);
        t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
        t.dm(
            json!({"d20_test": {"creature": "gob", "test": {"ability_check": {"ability": "dexterity"}}, "dc": 10}}),
            &[12],
        );
        t.dm(
            json!({"move_path": {"creature": "gob", "path": [[4, -4], [4, -3]]}}),
            &[],
        );
    }
    let mut answers = Vec::new();
    let probe = "gob";
    for cmd in [
        json!({"attack": {"attacker": "vera", "target": probe, "attack": "Shortbow"}}),
        json!({"stabilize": {"creature": probe, "helper": "vera"}}),
        json!({"trigger_ready": {"creature": probe}}),
    ] {
        let before = t.table.head();
        let r = t.run(&alice(), json!({"rules": cmd}), &[]);
        assert_eq!(t.table.head(), before);
        answers.push(format!("{:?}", r.map(|_| ()).map_err(|e| e.to_string())));
    }
    let queries = [
        (
            "d20_odds",
            json!({"creature": probe, "test": {"saving_throw": {"ability": "wisdom"}}, "dc": 10}),
        ),
        (
            "attack_odds",
            json!({"attacker": "vera", "target": probe, "attack": "Shortbow"}),
        ),
        (
            "attack_odds",
            json!({"attacker": probe, "target": "vera", "attack": "Scimitar"}),
        ),
        (
            "move_preview",
            json!({"creature": "vera", "path": [[1, -1], [2, -2], [3, -3], [4, -3], [5, -3]]}),
        ),
        (
            "area_preview",
            json!({"caster": "vera", "name": "Fireball", "shape": "sphere", "size_ft": 10,
                "origin": {"x2": 8, "y2": -6}}),
        ),
    ];
    for (name, args) in queries {
        let a = t.table.query(&alice_v(), name, &args);
        answers.push(format!("{a:?}"));
    }
    // Vera walks through the goblin's square and Searches it (it is dark: no roll).
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[1, -1], [2, -2], [3, -3]]}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 4, "y": -3}}),
        &[],
    );
    (t, answers)
}

#[test]
fn dd_vis_05_a_monster_in_darkness_is_to_the_players_exactly_a_missing_one() {
    let (with, a1) = darkness_table(true);
    let (without, a2) = darkness_table(false);
    assert_eq!(a1, a2);
    assert_eq!(with.log_for(&alice_v()), without.log_for(&alice_v()));
    assert_eq!(
        with.table.view(&alice_v())["rules"],
        without.table.view(&alice_v())["rules"]
    );
    assert_eq!(
        with.log_for(&Viewer::Spectator("s".into())),
        without.log_for(&Viewer::Spectator("s".into()))
    );
    // The goblin was really there, with the Referee.
    assert_eq!(with.state()["positions"]["gob"], json!({"x": 4, "y": -3}));
    with.assert_replays();
}

#[test]
fn dd_vis_07_magical_darkness_defeats_darkvision_but_not_truesight() {
    let mut t = goblin_in_sight();
    scout(&mut t, "elf", json!({"darkvision_ft": 60}), 0, 1);
    t.dm(json!({"set_light": {"ambient": "darkness"}}), &[]);
    assert!(
        view_has(&t, "gob"),
        "Darkvision sees it in ordinary Darkness"
    );
    // A Darkness spell (15-ft radius) centred on the goblin: the elf's Darkvision fails, and
    // even a torch it carries cannot light the area.
    t.dm(
        json!({"set_light": {"ambient": "darkness",
            "sources": [{"carried_by": "elf", "bright_ft": 20, "dim_ft": 20}],
            "darkness": [{"at": [4, 0], "radius_ft": 5}]}}),
        &[],
    );
    assert!(!view_has(&t, "gob"));
    let grid = t.table.view(&alice_v())["rules"]["grid"]["light"].clone();
    assert_eq!(grid["rows"][0].as_str().unwrap().chars().nth(3), Some('-'));
    assert!(
        grid.get("magical").is_none(),
        "the players are not told it is magic"
    );
    assert!(grid.get("darkness").is_none());
    let referee = t.table.view(&Viewer::Referee)["rules"]["grid_light"].clone();
    assert!(
        referee["magical"]
            .as_array()
            .unwrap()
            .contains(&json!([3, 0]))
    );
    // A square the Referee marks magical works the same.
    t.dm(
        json!({"set_light": {"ambient": "darkness",
            "squares": [{"x": 3, "y": 0, "magical_darkness": true}]}}),
        &[],
    );
    assert!(!view_has(&t, "gob"));
    // Truesight 30 ft sees into magical Darkness.
    scout(&mut t, "seer", json!({"truesight_ft": 30}), 1, 1);
    assert!(view_has(&t, "gob"));
    t.assert_replays();
}

#[test]
fn dd_vis_08_tremorsense_locates_a_monster_but_grants_no_sight() {
    let mut t = goblin_in_sight();
    t.dm(json!({"set_light": {"ambient": "darkness"}}), &[]);
    assert!(!view_has(&t, "gob"));
    // A scout with Tremorsense 30 ft at (0, 2): the goblin is 15 ft away, on the same floor.
    scout(&mut t, "mole", json!({"tremorsense_ft": 30}), 0, 2);
    assert!(view_has(&t, "gob"));
    assert_eq!(
        t.table.view(&alice_v())["rules"]["grid"]["positions"]["gob"],
        json!({"x": 3, "y": 0})
    );
    // Yet nobody sees it: the mole's own attack is at Disadvantage (and has Advantage, the
    // goblin seeing nothing in the dark either).
    let odds = t
        .table
        .query(
            &Viewer::Player("bob".into()),
            "attack_odds",
            &json!({"attacker": "mole", "target": "gob", "attack": "Shortbow"}),
        )
        .unwrap();
    assert!(
        !odds["disadvantage"].as_array().unwrap().is_empty(),
        "{odds}"
    );
    // Beyond its range the goblin leaves the view.
    t.dm(json!({"place": {"creature": "gob", "x": 9, "y": 0}}), &[]);
    assert!(!view_has(&t, "gob"));
    t.assert_replays();
}

#[test]
fn dd_vis_01_an_unseen_carriers_light_shows_on_the_squares_the_party_sees() {
    // The goblin, never revealed, carries a torch at (4, 0) in the dark; Vera at (0, 0).
    let mut t = party();
    t.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
    t.dm(json!({"place": {"creature": "gob", "x": 4, "y": 0}}), &[]);
    t.dm(
        json!({"set_light": {"ambient": "darkness",
            "sources": [{"carried_by": "gob", "bright_ft": 10, "dim_ft": 0}]}}),
        &[],
    );
    let light = t.table.view(&alice_v())["rules"]["grid"]["light"].clone();
    assert_eq!(light["sources"], json!([]), "the source is not named");
    let row0: Vec<char> = light["rows"][0].as_str().unwrap().chars().collect();
    // Squares lit by it that Vera has a line of sight to show lit (the glow in the dark);
    // the goblin is not on her grid.
    assert_eq!(&row0[2..7], &['b'; 5], "{row0:?}");
    assert_eq!(row0[7], '-', "{row0:?}");
    let grid = t.table.view(&alice_v())["rules"]["grid"].clone();
    assert!(grid["positions"].get("gob").is_none(), "{grid}");
    // A wall along x = 2 (y -1…2) between them: the lit squares behind it show what Vera may
    // know (the ambient Darkness).
    t.dm(
        json!({"set_map": {"cells": [{"x": 2, "y": -1, "obstacle": "wall"},
            {"x": 2, "y": 0, "obstacle": "wall"}, {"x": 2, "y": 1, "obstacle": "wall"},
            {"x": 2, "y": 2, "obstacle": "wall"}]}}),
        &[],
    );
    let light = t.table.view(&alice_v())["rules"]["grid"]["light"].clone();
    let row0: Vec<char> = light["rows"][0].as_str().unwrap().chars().collect();
    assert_eq!(row0[4], '-', "{row0:?}");
    // The wall gone again: her Search there agrees with her grid.
    let mut t = {
        let mut t = party();
        t.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
        t.dm(json!({"place": {"creature": "gob", "x": 4, "y": 0}}), &[]);
        t.dm(
            json!({"set_light": {"ambient": "darkness",
                "sources": [{"carried_by": "gob", "bright_ft": 10, "dim_ft": 0}]}}),
            &[],
        );
        t
    };
    // Her Search into a lit square agrees with her grid: no Disadvantage from the light.
    let ev = t.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 3, "y": 0}}),
        &[10],
    );
    let s = rules_events(&ev, "searched").pop().unwrap();
    assert_eq!(s["disadvantage"], json!([]), "{s}");
    assert_eq!(s["cannot_see"], json!(false), "{s}");
}

#[test]
fn dd_cond_02_a_blinded_party_sees_nothing_and_a_wall_hides_as_the_dark_does() {
    let mut t = goblin_in_sight();
    // Vera Blinded: the only eyes on the grid see nothing.
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "blinded", "source": "dust"}}),
        &[],
    );
    assert!(!view_has(&t, "gob"));
    // The condition ends (the effect's end): she sees it again, where it stands.
    t.dm(
        json!({"end_condition": {"creature": "vera", "condition": "blinded", "source": "dust"}}),
        &[],
    );
    assert!(view_has(&t, "gob"));
    // A wall between them (x = 2): no line of sight, out of view again.
    let wall: Vec<Value> = (-2..=2)
        .map(|y| json!({"x": 2, "y": y, "obstacle": "wall"}))
        .collect();
    t.dm(json!({"set_map": {"cells": wall}}), &[]);
    assert!(!view_has(&t, "gob"));
    // Hiding stays an override: the wall gone, a goblin that hid is still out of view.
    t.dm(json!({"hide": {"creature": "gob"}}), &[15]);
    t.dm(json!({"set_map": {"cells": []}}), &[]);
    assert!(!view_has(&t, "gob"));
    assert_eq!(t.creature("gob")["out_of_sight"], Value::Null);
    t.assert_replays();
}
