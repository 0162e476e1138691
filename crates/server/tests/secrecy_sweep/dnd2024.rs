//! The D&D 2024 script (issue 22): a monster the players never meet (its sheet, its square, its
//! rolls, its spell, the condition it imposes), a revealed ogre and adept whose stat blocks stay
//! the Referee's (AC, hit points, attack bonus and damage dice, senses, defences, an attack never
//! used, Legendary Actions, a reaction spell, a readied trigger), the ogre hiding mid-fight
//! (its new square, and the Opportunity Attack and Legendary Actions its Referee's standing
//! orders settle inside the players' commands, with no window and no wait), the Referee's
//! secret rolls and DCs, a whisper and a secret free roll — with players probing the hidden
//! creatures through their commands and queries, and counting their own log entries while the
//! unseen monster acts.
//!
//! The leaks this sweep found outside the views are the `dnd_leak_…` tests at the end, each
//! named after what used to reach a player, each now fixed in the rule code.

use super::Sweep;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn rules(cmd: Value) -> Value {
    json!({ "rules": cmd })
}

/// A player character (Dex 14, AC 14, a Rapier and a Shortbow).
fn character(id: &str, name: &str) -> Value {
    rules(json!({"add_creature": {"creature": {
        "id": id, "name": name, "kind": "character",
        "abilities": {"strength": 10, "dexterity": 14, "constitution": 14, "intelligence": 10,
            "wisdom": 12, "charisma": 8},
        "proficiency_bonus": 2, "saving_throws": ["constitution"], "skills": ["stealth"],
        "armor_class": 14, "hit_points": 24, "hit_dice": {"count": 2, "sides": 8},
        "speed": {"walk": 30},
        "attacks": [
            {"name": "Rapier", "bonus": 4, "reach_ft": 5,
             "damage": [{"dice": "1d8+2", "damage_type": "piercing"}]},
            {"name": "Shortbow", "bonus": 4, "range_ft": 80, "long_range_ft": 320,
             "damage": [{"dice": "1d6+2", "damage_type": "piercing"}]}]}}}))
}

/// The monster nobody meets.
fn lurker() -> Value {
    rules(json!({"add_creature": {"creature": {
        "id": "lurker-7q3x", "name": "SWEEP-DND-LURKER",
        "abilities": {"strength": 12, "dexterity": 16, "constitution": 12, "intelligence": 10,
            "wisdom": 14, "charisma": 6},
        "armor_class": 13, "hit_points": 22, "speed": {"walk": 30}, "spell_slots": [2],
        "attacks": [{"name": "SWEEP-LURKER-CLAW", "bonus": 5, "reach_ft": 5,
            "damage": [{"dice": "1d6+3", "damage_type": "slashing"}]}]}}}))
}

/// The ogre: every number of its sheet is the Referee's.
fn ogre() -> Value {
    rules(json!({"add_creature": {"creature": {
        "id": "ogre", "name": "Ogre",
        "abilities": {"strength": 19, "dexterity": 8, "constitution": 16, "intelligence": 5,
            "wisdom": 7, "charisma": 7},
        "armor_class": 17, "hit_points": 59, "hit_dice": {"count": 7, "sides": 10},
        "speed": {"walk": 40}, "senses": {"darkvision_ft": 60}, "resistances": ["cold"],
        "attacks": [
            {"name": "Greatclub", "bonus": 9, "reach_ft": 10,
             "damage": [{"dice": "2d8+5", "damage_type": "bludgeoning"}]},
            {"name": "SWEEP-OGRE-SECRET-ATTACK", "bonus": 9, "range_ft": 60,
             "damage": [{"dice": "2d10+5", "damage_type": "bludgeoning"}]}],
        "legendary": {"uses": 3, "actions": [{"name": "SWEEP-LEGENDARY-ROAR"},
            {"name": "Swipe", "attack": "Greatclub"}]}}}}))
}

/// The adept: a reaction spell and a readied attack the players never learn of.
fn adept() -> Value {
    rules(json!({"add_creature": {"creature": {
        "id": "adept", "name": "Adept",
        "abilities": {"strength": 10, "dexterity": 10, "constitution": 10, "intelligence": 14,
            "wisdom": 12, "charisma": 10},
        "armor_class": 12, "hit_points": 27, "speed": {"walk": 30}, "spell_slots": [2],
        "attacks": [{"name": "Staff", "bonus": 2, "reach_ft": 5,
            "damage": [{"dice": "1d6", "damage_type": "bludgeoning"}]}],
        "reaction_spells": [{"name": "SWEEP-ADEPT-SHIELD", "level": 1, "ac_bonus": 5}]}}}))
}

/// A Referee command with physical dice (`?faces=`), which must be accepted.
pub(super) async fn referee_faces(g: &Sweep<'_>, cmd: Value, faces: &[u32]) -> Value {
    let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
    let url = format!(
        "{}/api/tables/{}/commands?faces={}",
        g.srv.base,
        g.table,
        faces.join(",")
    );
    let resp = g
        .srv
        .http
        .post(url)
        .bearer_auth(&g.referee)
        .json(&cmd)
        .send()
        .await
        .expect("send");
    let status = resp.status();
    let v: Value = resp.json().await.expect("json");
    assert_eq!(status, StatusCode::OK, "{cmd} with {faces:?} → {v}");
    v
}

pub(super) async fn view_of(g: &Sweep<'_>, token: &str) -> Value {
    let (s, v) = g
        .srv
        .get(&format!("/api/tables/{}/view", g.table), token)
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// Nothing waits: no window is open, not even one only the Referee sees.
pub(super) async fn no_open_windows(g: &Sweep<'_>) {
    let view = view_of(g, &g.referee).await;
    assert_eq!(view["view"]["windows"], json!([]), "{}", view["view"]);
}

/// Seat `i` asks query `name`; the answer is part of what the player received.
pub(super) async fn query(
    g: &mut Sweep<'_>,
    i: usize,
    name: &str,
    args: Value,
) -> (StatusCode, Value) {
    let (s, v) = g
        .srv
        .post(
            &format!("/api/tables/{}/queries/{name}", g.table),
            Some(&g.seats[i].token),
            args,
        )
        .await;
    g.seats[i].bytes.push(v.to_string());
    (s, v)
}

/// The same query of seat `i` about `hidden` and about `absent` gets the same status and
/// answer (the probed names written `<id>`).
pub(super) async fn query_like_absent(
    g: &mut Sweep<'_>,
    i: usize,
    name: &str,
    args: impl Fn(&str) -> Value,
    hidden: &str,
    absent: &str,
) {
    let (s1, v1) = query(g, i, name, args(hidden)).await;
    let (s2, v2) = query(g, i, name, args(absent)).await;
    let (v1, v2) = (
        v1.to_string().replace(hidden, "<id>"),
        v2.to_string().replace(absent, "<id>"),
    );
    assert_eq!((s1, &v1), (s2, &v2), "{name} {}", args(hidden));
    // The kept copies name the probe's own input only as `<id>`.
    g.seats[i].bytes.pop();
    g.seats[i].bytes.pop();
    g.seats[i].bytes.push(v1);
}

/// Every seat's log length now.
pub(super) async fn log_lengths(g: &Sweep<'_>) -> Vec<u64> {
    let mut out = Vec::new();
    for seat in &g.seats {
        out.push(
            view_of(g, &seat.token).await["last_n"]
                .as_u64()
                .expect("last_n"),
        );
    }
    out
}

/// Checks that seat `i` never received `marker` (its view, log pages and export included) and
/// that seat `j` did (so the marker was really in play).
pub(super) async fn only_seat_received(g: &mut Sweep<'_>, j: usize, i: usize, marker: &str) {
    g.drain().await;
    let mut texts = Vec::new();
    for k in [i, j] {
        let mut all = g.seats[k].bytes.join("\n");
        for path in ["view", "export"] {
            let (s, text) = g
                .srv
                .get_text(
                    &format!("/api/tables/{}/{path}", g.table),
                    &g.seats[k].token,
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{text}");
            all.push_str(&text);
        }
        let log = g.srv.full_log(&g.table, &g.seats[k].token).await;
        all.push_str(&serde_json::to_string(&log).expect("log"));
        texts.push(all);
    }
    assert!(
        !texts[0].contains(marker),
        "{} received `{marker}`",
        g.seats[i].name
    );
    assert!(
        texts[1].contains(marker),
        "{} never received `{marker}`",
        g.seats[j].name
    );
}

/// The registry every sweep table uses.
pub(super) async fn start(dir: &std::path::Path) -> super::super::Running {
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    super::super::start_registry(
        &dir.join("delve.db"),
        // Every client shares loopback: the per-address limits have their own tests.
        server::Limits {
            requests_per_second: 0.0,
            tables_per_minute: 0.0,
            ..server::Limits::default()
        },
        registry,
    )
    .await
}

/// The party (Vera for alice, Bram for bob, Cora for carol) seated at a new table.
async fn party<'a>(srv: &'a super::super::Running) -> Sweep<'a> {
    let mut g = Sweep::new(srv, "dnd2024", Value::Null).await;
    for (id, name) in [("vera", "Vera"), ("bram", "Bram"), ("cora", "Cora")] {
        g.referee(character(id, name)).await;
    }
    g.seat("alice", Some("vera")).await;
    g.seat("bob", Some("bram")).await;
    g.seat("carol", Some("cora")).await;
    g
}

const ME: [&str; 3] = ["vera", "bram", "cora"];

/// A query's name and its arguments about creature `x`.
type NamedQuery = (&'static str, fn(&str) -> Value);

/// Every way a player names a creature, with `x` the probed one and `me` the player's own.
async fn probe_everything(g: &mut Sweep<'_>, hidden: &[&str]) {
    let commands: [fn(&str, &str) -> Value; 3] = [
        |me, x| rules(json!({"attack": {"attacker": me, "target": x, "attack": "Rapier"}})),
        |me, x| rules(json!({"stabilize": {"creature": x, "helper": me}})),
        |_, x| rules(json!({"trigger_ready": {"creature": x}})),
    ];
    let queries: [NamedQuery; 4] = [
        (
            "d20_odds",
            |x| json!({"creature": x, "test": {"saving_throw": {"ability": "wisdom"}}, "dc": 10}),
        ),
        ("area_preview", |x| {
            json!({"caster": x, "name": "Fireball", "shape": "sphere", "size_ft": 20,
                "origin": {"x2": 8, "y2": -6}})
        }),
        // The hidden creature as the attacker, and as the one that moves.
        (
            "attack_odds",
            |x| json!({"attacker": x, "attack": "Rapier", "target": "vera"}),
        ),
        (
            "move_preview",
            |x| json!({"creature": x, "path": [[4, -2]]}),
        ),
    ];
    for (i, me) in ME.into_iter().enumerate() {
        for x in hidden {
            for cmd in &commands {
                g.hidden_like_absent(i, |id| cmd(me, id), x, "nobody-0000")
                    .await;
            }
            for (name, args) in &queries {
                query_like_absent(g, i, name, args, x, "nobody-0000").await;
            }
            // The player's own creature attacking the hidden one.
            let aim = |id: &str| json!({"attacker": me, "attack": "Rapier", "target": id});
            query_like_absent(g, i, "attack_odds", aim, x, "nobody-0000").await;
        }
    }
    // Vera (at (5, 0)) previews a path through the unseen monster's square (4, -3) and its
    // mirror image through empty squares: the same cost, steps and verdict (the preview prices
    // the grid as the player sees it), the squares' y mirrored.
    let path = |dy: i32| json!({"creature": "vera", "path": [[5, dy], [4, 2 * dy], [4, 3 * dy], [4, 4 * dy]]});
    let (s1, v1) = query(g, 0, "move_preview", path(-1)).await;
    let (s2, v2) = query(g, 0, "move_preview", path(1)).await;
    let mirror = |v: &Value| {
        let mut v = v.clone();
        if let Some(steps) = v["answer"]["steps"].as_array_mut() {
            for st in steps {
                if let Some(y) = st["to"][1].as_i64() {
                    st["to"][1] = json!(y.abs());
                }
            }
        }
        v
    };
    assert_eq!(s1, StatusCode::OK, "{v1}");
    // The unseen monster's square costs what an empty one does (no Difficult Terrain).
    assert_eq!(v1["answer"]["steps"][2]["to"], json!([4, -3]), "{v1}");
    assert_eq!(v1["answer"]["steps"][2]["cost_ft"], 5, "{v1}");
    assert_eq!(v1["answer"]["steps"][2]["difficult"], false, "{v1}");
    assert_eq!(
        (s1, mirror(&v1)),
        (s2, mirror(&v2)),
        "move_preview through (4, -3)"
    );
    for (i, me) in ME.into_iter().enumerate() {
        // An area over the unseen monster's square lists nobody for the player.
        let (s, v) = query(
            g,
            i,
            "area_preview",
            json!({"caster": me, "name": "Fireball", "shape": "sphere", "size_ft": 10,
                "origin": {"x2": 8, "y2": -6}}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["answer"]["targets"], json!([]), "{v}");
    }
}

#[tokio::test]
async fn dnd2024_secret_heavy_game_leaks_nothing_to_any_player() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = party(&srv).await;

    // The monsters: one never met, two revealed whose sheets stay the Referee's.
    for marker in [
        "lurker-7q3x",
        "SWEEP-DND-LURKER",
        "SWEEP-OGRE-SECRET-ATTACK",
        "SWEEP-LEGENDARY-ROAR",
        "\"armor_class\":17",
        "\"hit_points\":59",
        "2d8+5",
        "\"bonus\":9",
        "\"darkvision_ft\":60",
        "\"resistances\":[\"cold\"",
        "SWEEP-ADEPT-SHIELD",
        "\"armor_class\":12",
        "\"hit_points\":27",
        "\"hiding_dc\"",
    ] {
        g.secret(marker);
    }
    g.referee(lurker()).await;
    g.referee(ogre()).await;
    g.referee(adept()).await;
    for id in ["ogre", "adept"] {
        g.referee(rules(json!({"reveal_creature": {"creature": id}})))
            .await;
    }
    // The map: a wall from (6, -6) to (6, 6), the ogre behind it; the unseen monster on the
    // players' side.
    let wall: Vec<Value> = (-6..=6)
        .map(|y| json!({"x": 6, "y": y, "obstacle": "wall"}))
        .collect();
    g.referee(rules(json!({"set_map": {"cells": wall}}))).await;
    // Its square, as an event or a view would carry it (the id is a marker already).
    g.secret("\"at\":{\"x\":4,\"y\":-3}");
    for (id, x, y) in [
        ("vera", 5, 0),
        ("bram", 0, 1),
        ("cora", 1, 1),
        ("ogre", 7, 0),
        ("adept", 1, 2),
        ("lurker-7q3x", 4, -3),
    ] {
        g.referee(rules(json!({"place": {"creature": id, "x": x, "y": y}})))
            .await;
    }
    probe_everything(&mut g, &["lurker-7q3x"]).await;

    // The fight: the ogre, Vera, Bram, Cora, the adept (Initiative faces 20, 15, 10, 5, 2).
    referee_faces(
        &g,
        rules(json!({"roll_initiative": {"creatures": ["ogre", "vera", "bram", "cora", "adept"]}})),
        &[20, 15, 10, 5, 2],
    )
    .await;
    // A monster's Initiative number is the Referee's; the order is everyone's.
    for seat in &g.seats {
        let initiative = view_of(&g, &seat.token).await["view"]["rules"]["initiative"].clone();
        assert_eq!(initiative["vera"], 17, "{initiative}");
        assert!(
            initiative.get("ogre").is_none() && initiative.get("adept").is_none(),
            "{initiative}"
        );
    }
    g.referee(rules(json!({"start_combat": {"combatants":
        ["ogre", "vera", "bram", "cora", "adept"]}})))
        .await;
    // The unseen monster joins the fight, last in the round: its place and its turns are the
    // Referee's alone (the engine's `combatant_visibility`), so the players' order stays theirs.
    g.referee(json!({"clock": {"insert_combatant": {"who": "lurker-7q3x", "place": "last"}}}))
        .await;
    // The ogre hides behind the wall (Stealth face 20) and steps to a square no player knows.
    referee_faces(
        &g,
        rules(json!({"hide": {"creature": "ogre", "heavily_obscured": false}})),
        &[20],
    )
    .await;
    g.secret("\"path\":[{\"x\":7,\"y\":-1}]");
    g.referee(rules(
        json!({"move_path": {"creature": "ogre", "path": [[7, -1]]}}),
    ))
    .await;
    g.referee(json!({"clock": "end_turn"})).await;
    // Out of the players' sight: not in their creatures, not on their grid.
    for seat in &g.seats {
        let rules_view = view_of(&g, &seat.token).await["view"]["rules"].clone();
        assert!(
            rules_view["creatures"].get("ogre").is_none(),
            "{rules_view}"
        );
        assert!(
            rules_view["grid"]["positions"].get("ogre").is_none(),
            "{rules_view}"
        );
    }
    probe_everything(&mut g, &["lurker-7q3x", "ogre"]).await;

    // Vera's turn. A move too long, through the unseen monster's square or through empty
    // squares: the same refusal, the same cost.
    let far = |dy: i32| {
        let path: Vec<[i32; 2]> = [
            (5, 1),
            (4, 2),
            (4, 3),
            (4, 4),
            (4, 5),
            (3, 6),
            (3, 7),
            (3, 8),
        ]
        .into_iter()
        .map(|(x, y)| [x, y * dy])
        .collect();
        rules(json!({"move_path": {"creature": "vera", "path": path}}))
    };
    g.same_answer(0, far(-1), far(1)).await;
    // The Referee's standing orders for the hidden ogre: an Opportunity Attack and a Legendary
    // Action whenever it may. Players never learn that orders exist.
    g.secret("\"standing_orders_set\"");
    g.secret("\"legendary_taken\"");
    g.referee(rules(json!({"standing_orders": {"creature": "ogre",
        "opportunity_attacks": "always", "legendary_actions": "always"}})))
        .await;
    // Vera steps out of the hidden ogre's reach: its order settles the Opportunity Attack
    // inside her move (none: the wall stands between them), with no window and no wait.
    let (s, v) = g
        .player(
            0,
            rules(json!({"move_path": {"creature": "vera", "path": [[4, 0]]}})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(answer_events(&v), ["creature_set", "moved"], "{v}");
    no_open_windows(&g).await;
    // Her turn ends: the hidden ogre Roars by its order (the Referee's alone), and the turn
    // changes in the same command.
    let (s, v) = g
        .player(0, rules(json!({"finish_turn": {"creature": "vera"}})))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    no_open_windows(&g).await;
    assert_eq!(acting_now(&g, &g.seats[0].token).await, "bram");

    // Bram hits the adept (face 15, AC 12): the adept's reaction spell, by its default order,
    // holds nothing; the roll and the damage (a 4) come in Bram's command.
    let v = referee_faces(
        &g,
        rules(json!({"attack": {"attacker": "bram", "target": "adept", "attack": "Rapier"}})),
        &[15, 4],
    )
    .await;
    assert!(
        answer_events(&v).contains(&"attack_rolled".to_string()),
        "{v}"
    );
    no_open_windows(&g).await;
    let (s, v) = g
        .player(1, rules(json!({"finish_turn": {"creature": "bram"}})))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    no_open_windows(&g).await;
    assert_eq!(acting_now(&g, &g.seats[1].token).await, "cora");
    g.referee(json!({"clock": "end_turn"})).await;

    // The adept's turn: it strikes Cora (its d20 and damage dice are secret rolls).
    referee_faces(
        &g,
        rules(json!({"attack": {"attacker": "adept", "target": "cora", "attack": "Staff"}})),
        &[14, 3],
    )
    .await;
    g.referee(json!({"clock": "end_turn"})).await;
    // The unseen monster's turn passes, silently for the players: they still see the
    // adept's turn, as it stood when it ended.
    for seat in &g.seats {
        assert_eq!(acting_now(&g, &seat.token).await, "adept");
    }
    g.referee(json!({"clock": "end_turn"})).await;
    // Round 2: nobody acts until the adept readies its staff for a trigger only the Referee
    // knows.
    for _ in 0..4 {
        g.referee(json!({"clock": "end_turn"})).await;
    }
    g.secret("SWEEP-ADEPT-TRIGGER");
    g.referee(rules(json!({"ready": {"creature": "adept",
        "trigger": "SWEEP-ADEPT-TRIGGER", "response": {"attack": {"attack": "Staff"}}}})))
        .await;
    g.referee(json!({"clock": "end_combat"})).await;
    g.resume().await;

    // Its wounds: players see it hurt (Bloodied or not), never the numbers.
    g.secret("\"max\":27");
    g.secret("\"dealt\":6");
    g.referee(rules(json!({"damage": {"creature": "adept",
        "instances": [{"amount": 6, "damage_type": "fire"}]}})))
        .await;
    // The Referee's secret check for a creature in view: players learn it rolled, not the DC.
    g.secret("\"dc\":23");
    referee_faces(
        &g,
        rules(
            json!({"d20_test": {"creature": "adept", "test": {"ability_check":
            {"ability": "wisdom", "skill": "perception"}}, "dc": 23}}),
        ),
        &[11],
    )
    .await;

    // The unseen monster acts: its check, its spell, its wounds, its moves, its conditions
    // and the Referee's secret roll add not one entry to any player's log.
    g.secret("SWEEP-LURKER-SPELL");
    g.secret("SWEEP-DND-DM-ROLL");
    let before = log_lengths(&g).await;
    referee_faces(
        &g,
        rules(
            json!({"d20_test": {"creature": "lurker-7q3x", "test": {"ability_check":
            {"ability": "wisdom", "skill": "perception"}}, "dc": 23}}),
        ),
        &[9],
    )
    .await;
    g.referee(rules(json!({"cast_spell": {"creature": "lurker-7q3x",
        "spell": "SWEEP-LURKER-SPELL", "level": 1, "slot_level": 1, "casting_time": "action",
        "concentration": true}})))
        .await;
    referee_faces(
        &g,
        rules(json!({"damage": {"creature": "lurker-7q3x",
            "instances": [{"amount": 4, "damage_type": "fire"}]}})),
        &[15],
    )
    .await;
    g.referee(rules(
        json!({"heal": {"creature": "lurker-7q3x", "amount": 2}}),
    ))
    .await;
    g.referee(rules(json!({"apply_condition": {"creature": "lurker-7q3x",
        "condition": "poisoned", "source": "adept", "rounds": 10}})))
        .await;
    g.referee(rules(json!({"move_path": {"creature": "lurker-7q3x",
        "path": [[4, -4], [4, -3]]}})))
        .await;
    g.referee(json!({"roll": {"expr": "1d20", "label": "SWEEP-DND-DM-ROLL", "secret": true}}))
        .await;
    assert_eq!(
        log_lengths(&g).await,
        before,
        "the unseen monster's doings were counted"
    );

    // It steps up to Vera and claws her (Poisoned: Disadvantage, faces 15 and 15, then 4): she
    // takes the damage in plain view, from nothing she can name; its rolls, its attack and its
    // dice are the Referee's.
    g.secret("SWEEP-LURKER-CLAW");
    g.referee(rules(json!({"move_path": {"creature": "lurker-7q3x",
        "path": [[4, -2], [4, -1]]}})))
        .await;
    referee_faces(
        &g,
        rules(
            json!({"attack": {"attacker": "lurker-7q3x", "target": "vera",
            "attack": "SWEEP-LURKER-CLAW"}}),
        ),
        &[15, 15, 4],
    )
    .await;
    let vera = view_of(&g, &g.seats[0].token).await["view"]["rules"]["creatures"]["vera"].clone();
    assert_eq!(vera["hp"]["current"], 24 - 7, "{vera}");
    // It grapples Vera: she is Grappled in plain view, by something with no name or id.
    g.referee(rules(json!({"apply_condition": {"creature": "vera",
        "condition": "grappled", "source": "lurker-7q3x"}})))
        .await;
    let held = view_of(&g, &g.seats[0].token).await["view"]["rules"]["creatures"]["vera"]
        ["conditions"]["held"][0]
        .clone();
    assert_eq!(held[0], "grappled", "{held}");
    assert!(
        held[1].as_str().is_some_and(|s| s.starts_with("unseen-")),
        "{held}"
    );
    probe_everything(&mut g, &["lurker-7q3x", "ogre"]).await;

    // A whisper reaches its player alone.
    g.referee(json!({"say": {"text": "SWEEP-DND-WHISPER", "to": ["alice"]}}))
        .await;
    only_seat_received(&mut g, 0, 1, "SWEEP-DND-WHISPER").await;
    only_seat_received(&mut g, 0, 2, "SWEEP-DND-WHISPER").await;
    g.finish().await;
    srv.stop().await;
}

// The leaks the sweep found outside the views, each fixed in a command's rule code (not in a
// projection): the test names what a player used to learn, and checks that they no longer do.

/// The party, the ogre (revealed, then hidden behind a wall two squares from Vera, its reach
/// 10 ft) in a fight on Vera's turn: Initiative ogre, Vera, Bram, Cora.
async fn hidden_ogre_fight<'a>(srv: &'a super::super::Running) -> Sweep<'a> {
    let g = party(srv).await;
    g.referee(ogre()).await;
    g.referee(rules(json!({"reveal_creature": {"creature": "ogre"}})))
        .await;
    let wall: Vec<Value> = (-6..=6)
        .map(|y| json!({"x": 6, "y": y, "obstacle": "wall"}))
        .collect();
    g.referee(rules(json!({"set_map": {"cells": wall}}))).await;
    for (id, x, y) in [
        ("vera", 5, 0),
        ("bram", 0, 1),
        ("cora", 1, 1),
        ("ogre", 7, 0),
    ] {
        g.referee(rules(json!({"place": {"creature": id, "x": x, "y": y}})))
            .await;
    }
    let order = json!(["ogre", "vera", "bram", "cora"]);
    referee_faces(
        &g,
        rules(json!({"roll_initiative": {"creatures": order}})),
        &[20, 15, 10, 5],
    )
    .await;
    g.referee(rules(json!({"start_combat": {"combatants": order}})))
        .await;
    referee_faces(&g, rules(json!({"hide": {"creature": "ogre"}})), &[20]).await;
    g.referee(rules(
        json!({"move_path": {"creature": "ogre", "path": [[7, -1]]}}),
    ))
    .await;
    g.referee(json!({"clock": "end_turn"})).await;
    g
}

/// The rules events of a command's answer, by name.
fn answer_events(v: &Value) -> Vec<String> {
    v["events"]
        .as_array()
        .map(|es| {
            es.iter()
                .map(|e| match e["body"]["event"].as_object() {
                    Some(m) => m.keys().next().cloned().unwrap_or_default(),
                    None => e["body"]["type"].as_str().unwrap_or_default().to_string(),
                })
                .collect()
        })
        .unwrap_or_default()
}

async fn acting_now(g: &Sweep<'_>, token: &str) -> Value {
    let view = view_of(g, token).await;
    let combat = &view["view"]["clock"]["combat"];
    combat["order"][combat["current"].as_u64().unwrap_or(0) as usize].clone()
}

#[tokio::test]
async fn dnd_leak_a_move_out_of_a_hidden_monsters_reach_stalls() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = hidden_ogre_fight(&srv).await;
    let (s, v) = g
        .player(
            0,
            rules(json!({"move_path": {"creature": "vera", "path": [[4, 0]]}})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(
        answer_events(&v).contains(&"moved".to_string()),
        "Alice's move waits for something she cannot see: {v}"
    );
    srv.stop().await;
}

#[tokio::test]
async fn dnd_leak_finish_turn_stalls_on_a_hidden_monsters_legendary_actions() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = hidden_ogre_fight(&srv).await;
    let (s, v) = g
        .player(0, rules(json!({"finish_turn": {"creature": "vera"}})))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        acting_now(&g, &g.seats[0].token).await,
        "bram",
        "Vera's turn waits for something Alice cannot see"
    );
    srv.stop().await;
}

#[tokio::test]
async fn dnd_leak_a_visible_monsters_legendary_uses_show_in_a_public_window() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = party(&srv).await;
    g.referee(ogre()).await;
    let order = json!(["vera", "ogre"]);
    referee_faces(
        &g,
        rules(json!({"roll_initiative": {"creatures": order}})),
        &[20, 1],
    )
    .await;
    g.referee(rules(json!({"start_combat": {"combatants": order}})))
        .await;
    g.secret("SWEEP-LEGENDARY-ROAR");
    // By default (`never`) its Legendary Actions open no window: the turn changes in Alice's
    // command, and nothing tells her it has uses.
    let (s, v) = g
        .player(0, rules(json!({"finish_turn": {"creature": "vera"}})))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    no_open_windows(&g).await;
    assert_eq!(acting_now(&g, &g.seats[0].token).await, "ogre");
    g.finish().await;
    srv.stop().await;
}

#[tokio::test]
async fn dnd_leak_a_hit_on_a_monster_with_a_reaction_spell_stalls() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = party(&srv).await;
    g.referee(adept()).await;
    let order = json!(["bram", "adept"]);
    referee_faces(
        &g,
        rules(json!({"roll_initiative": {"creatures": order}})),
        &[20, 1],
    )
    .await;
    g.referee(rules(json!({"start_combat": {"combatants": order}})))
        .await;
    g.secret("SWEEP-ADEPT-SHIELD");
    // Bram hits (face 15 against AC 12; a 4 on the damage die): the roll and the damage come
    // in the same command, as on a creature with no reaction spell.
    referee_faces(
        &g,
        rules(json!({"attack": {"attacker": "bram", "target": "adept", "attack": "Rapier"}})),
        &[15, 4],
    )
    .await;
    no_open_windows(&g).await;
    let log = g.srv.full_log(&g.table, &g.seats[1].token).await;
    assert!(
        serde_json::to_string(&log)
            .expect("log")
            .contains("\"attack_rolled\""),
        "Bob's attack waits for the adept's Referee: {log:?}"
    );
    g.finish().await;
    srv.stop().await;
}

#[tokio::test]
async fn dnd_leak_a_monsters_readied_trigger_reaches_players() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = party(&srv).await;
    g.referee(adept()).await;
    let order = json!(["adept", "vera"]);
    referee_faces(
        &g,
        rules(json!({"roll_initiative": {"creatures": order}})),
        &[20, 1],
    )
    .await;
    g.referee(rules(json!({"start_combat": {"combatants": order}})))
        .await;
    g.secret("SWEEP-ADEPT-TRIGGER");
    g.referee(rules(json!({"ready": {"creature": "adept",
        "trigger": "SWEEP-ADEPT-TRIGGER", "response": {"attack": {"attack": "Staff"}}}})))
        .await;
    g.referee(json!({"clock": "end_turn"})).await;
    // The Referee says the trigger happened: the adept responds at once and misses (face 2).
    // Players see that it took its readied action at Vera, not what it waited for.
    referee_faces(
        &g,
        rules(json!({"trigger_ready": {"creature": "adept", "target": "vera"}})),
        &[2],
    )
    .await;
    no_open_windows(&g).await;
    g.finish().await;
    srv.stop().await;
}

#[tokio::test]
async fn dnd_leak_hide_is_refused_for_an_unseen_watcher() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = party(&srv).await;
    g.secret("lurker-7q3x");
    g.referee(lurker()).await;
    for (id, x, y) in [("vera", 0, 0), ("lurker-7q3x", 3, 0)] {
        g.referee(rules(json!({"place": {"creature": id, "x": x, "y": y}})))
            .await;
    }
    // With no enemy in sight, as far as Alice can know, she hides (the roll decides).
    let (s, v) = g
        .player(
            0,
            rules(json!({"hide": {"creature": "vera", "heavily_obscured": true}})),
        )
        .await;
    assert_eq!(
        s,
        StatusCode::OK,
        "a monster Alice cannot see keeps her from hiding: {v}"
    );
    g.finish().await;
    srv.stop().await;
}

#[tokio::test]
async fn dnd_leak_an_area_over_an_unseen_monster_rolls_damage_in_the_open() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = party(&srv).await;
    g.secret("lurker-7q3x");
    g.referee(lurker()).await;
    for (id, x, y) in [("cora", 0, 0), ("lurker-7q3x", 10, 10)] {
        g.referee(rules(json!({"place": {"creature": id, "x": x, "y": y}})))
            .await;
    }
    let fireball = |x2: i32, y2: i32| {
        rules(
            json!({"area_effect": {"caster": "cora", "name": "Fireball", "shape": "sphere",
            "size_ft": 5, "origin": {"x2": x2, "y2": y2},
            "save": {"ability": "dexterity", "dc": 13},
            "damage": [{"dice": "8d6", "damage_type": "fire"}], "half_on_success": true}}),
        )
    };
    let (s, over_it) = g.player(2, fireball(21, 21)).await;
    assert_eq!(s, StatusCode::OK, "{over_it}");
    let (s, over_nothing) = g.player(2, fireball(-21, -21)).await;
    assert_eq!(s, StatusCode::OK, "{over_nothing}");
    assert_eq!(
        answer_events(&over_it),
        answer_events(&over_nothing),
        "{over_it} / {over_nothing}"
    );
    g.finish().await;
    srv.stop().await;
}

/// A monster the Referee revealed that stands in the dark, where no character sees it.
fn darkling() -> Value {
    rules(json!({"add_creature": {"creature": {
        "id": "darkling-5k2p", "name": "SWEEP-DND-DARKLING",
        "abilities": {"strength": 10, "dexterity": 16, "constitution": 10, "intelligence": 10,
            "wisdom": 10, "charisma": 10},
        "armor_class": 13, "hit_points": 13, "speed": {"walk": 30},
        "attacks": [{"name": "SWEEP-DARKLING-BITE", "bonus": 5, "reach_ft": 5,
            "damage": [{"dice": "1d6+3", "damage_type": "piercing"}]}]}}}))
}

/// Issue 22: a monster out of every character's sight is, to the players, a missing one —
/// revealed by the Referee, in the dark on the players' side of the map, rolling and moving.
#[tokio::test]
async fn dnd2024_a_monster_in_darkness_is_to_the_players_a_missing_one() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = party(&srv).await;
    for marker in [
        "darkling-5k2p",
        "SWEEP-DND-DARKLING",
        "SWEEP-DARKLING-BITE",
        "\"at\":{\"x\":4,\"y\":-3}",
        "\"path\":[{\"x\":4,\"y\":-4}",
    ] {
        g.secret(marker);
    }
    g.referee(rules(json!({"set_light": {"ambient": "darkness"}})))
        .await;
    g.referee(darkling()).await;
    for (id, x, y) in [
        ("vera", 5, 0),
        ("bram", 0, 1),
        ("cora", 1, 1),
        ("darkling-5k2p", 4, -3),
    ] {
        g.referee(rules(json!({"place": {"creature": id, "x": x, "y": y}})))
            .await;
    }
    let before = log_lengths(&g).await;
    // Revealed, it stays out of view: nobody sees it in the dark. Its check and its walk are
    // the Referee's alone, not even a "secret roll" notice.
    g.referee(rules(
        json!({"reveal_creature": {"creature": "darkling-5k2p"}}),
    ))
    .await;
    referee_faces(
        &g,
        rules(json!({"d20_test": {"creature": "darkling-5k2p",
            "test": {"ability_check": {"ability": "dexterity", "skill": "stealth"}}, "dc": 12}})),
        &[14],
    )
    .await;
    g.referee(rules(json!({"move_path": {"creature": "darkling-5k2p",
        "path": [[4, -4], [4, -3]]}})))
        .await;
    assert_eq!(log_lengths(&g).await, before);
    for seat in &g.seats {
        let rules_view = view_of(&g, &seat.token).await["view"]["rules"].clone();
        assert!(
            rules_view["creatures"].get("darkling-5k2p").is_none()
                && rules_view["grid"]["positions"]
                    .get("darkling-5k2p")
                    .is_none(),
            "{rules_view}"
        );
    }
    // Every command and query naming it answers as one naming nobody; a path through its
    // square prices as an empty one.
    probe_everything(&mut g, &["darkling-5k2p"]).await;
    g.finish().await;
    srv.stop().await;
}
