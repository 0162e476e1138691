//! The Crows script: hidden monsters (unseen from creation, and hidden after being seen), an
//! ambush laid on the grid, the secret encounter check of a dungeon turn, unknown sites and
//! the Referee's notes, with players probing hidden creatures through their own commands.

use super::Sweep;
use serde_json::{Value, json};

fn rules(cmd: Value) -> Value {
    json!({ "rules": cmd })
}

fn crow(id: &str, name: &str) -> Value {
    rules(
        json!({"create_creature": {"id": id, "name": name, "kind": "crow",
        "characteristics": {"agility": 1, "mind": 0, "strength": 1}, "stamina": 5}}),
    )
}

fn monster(id: &str, name: &str, revealed: bool) -> Value {
    rules(
        json!({"create_creature": {"id": id, "name": name, "kind": "monster",
        "characteristics": {"agility": 1, "mind": 0, "strength": 1}, "stamina": 6,
        "revealed": revealed}}),
    )
}

fn place(id: &str, x: i32, y: i32, side: &str) -> Value {
    rules(json!({"place": {"creature": id, "at": {"x": x, "y": y}, "side": side}}))
}

#[tokio::test]
async fn crows_secret_heavy_game_leaks_nothing_to_any_player() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    let srv = super::super::start_registry(
        &dir.path().join("delve.db"),
        // Every client shares loopback: the per-address limits have their own tests.
        server::Limits {
            requests_per_second: 0.0,
            tables_per_minute: 0.0,
            ..server::Limits::default()
        },
        registry,
    )
    .await;
    let mut g = Sweep::new(&srv, "crows", json!({"dungeon_turn_minutes": 0})).await;
    for (id, name) in [("vera", "Vera"), ("bram", "Bram"), ("cora", "Cora")] {
        g.referee(crow(id, name)).await;
    }
    g.seat("alice", Some("vera")).await;
    g.seat("bob", Some("bram")).await;
    g.seat("carol", Some("cora")).await;

    // An ambush: monsters and an NPC the players have not met, created and laid on the grid.
    for (id, name) in [
        ("lurker-7q3x", "SWEEP-LURKER-NAME"),
        ("stalker-9k1z", "SWEEP-STALKER-NAME"),
    ] {
        g.secret(id);
        g.secret(name);
        g.referee(monster(id, name, false)).await;
    }
    g.secret("informer-2v8m");
    g.secret("SWEEP-NPC-NAME");
    g.referee(rules(json!({"create_creature": {"id": "informer-2v8m",
        "name": "SWEEP-NPC-NAME", "kind": "npc",
        "characteristics": {"agility": 0, "mind": 1, "strength": 0}, "stamina": 4}})))
        .await;
    for (id, x, y, side) in [
        ("vera", 0, 0, "crows"),
        ("bram", 0, 1, "crows"),
        ("cora", 1, 1, "crows"),
        ("lurker-7q3x", 2, 0, "enemies"),
        ("stalker-9k1z", 5, 5, "enemies"),
    ] {
        g.referee(place(id, x, y, side)).await;
    }
    // A ghoul they have seen, which then hides from every character: from here on its doings
    // are secret.
    g.referee(monster("ghoul", "Ghoul", true)).await;
    g.referee(rules(
        json!({"hide": {"creature": "ghoul", "from": ["vera", "bram", "cora"]}}),
    ))
    .await;
    g.referee(place("ghoul", 3, 0, "enemies")).await;
    g.referee(rules(
        json!({"set_light_level": {"creature": "ghoul", "level": "dim"}}),
    ))
    .await;
    g.referee(rules(
        json!({"damage": {"creature": "lurker-7q3x", "amount": 1}}),
    ))
    .await;

    // Each player probes the hidden creatures through their own commands.
    let probes: [fn(&str, &str) -> Value; 6] = [
        |me, x| rules(json!({"attack": {"creature": me, "target": x}})),
        |me, x| rules(json!({"grab": {"creature": me, "target": x}})),
        |me, x| rules(json!({"taunt": {"creature": me, "target": x}})),
        |me, x| rules(json!({"knockback": {"creature": me, "target": x}})),
        |me, x| rules(json!({"guess_square": {"attacker": me, "target": x, "square": [2, 0]}})),
        |me, x| rules(json!({"carry_corpse": {"creature": me, "corpse": x, "slots": []}})),
    ];
    for (i, me) in ["vera", "bram", "cora"].into_iter().enumerate() {
        for probe in &probes {
            for hidden in ["lurker-7q3x", "ghoul", "informer-2v8m"] {
                g.hidden_like_absent(i, |x| probe(me, x), hidden, "nobody-0000")
                    .await;
            }
        }
    }
    // Ending a move in the ambusher's square names no one.
    let (_, v) = g
        .player(
            0,
            rules(json!({"combat_move": {"creature": "vera",
                "path": [{"x": 1, "y": 0}, {"x": 2, "y": 0}]}})),
        )
        .await;
    assert!(!v.to_string().contains("creature 1"), "{v}");
    g.resume().await;

    // The dungeon: its level, encounter tables and each turn's encounter check are secret.
    g.secret("dungeon_judged");
    g.secret("encounter_checked");
    g.referee(rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": "manual"}}),
    ))
    .await;
    g.referee(json!({"clock": "end_exploration_turn"})).await;

    // The wilderness: an unknown site and the Referee's notes on a known one.
    g.secret("hollow-5t6y");
    g.secret("SWEEP-UNKNOWN-SITE");
    g.secret("SWEEP-SITE-NOTES-UNKNOWN");
    g.secret("SWEEP-SITE-NOTES-KNOWN");
    g.referee(rules(json!({"set_hexes": {"hexes": [
        {"q": 0, "r": 0, "terrain": "moor"}, {"q": 1, "r": 0, "terrain": "moor"},
        {"q": 0, "r": 1, "terrain": "forest"}]}})))
        .await;
    g.referee(rules(
        json!({"set_site": {"id": "hollow-5t6y", "name": "SWEEP-UNKNOWN-SITE",
        "kind": "dungeon", "q": 1, "r": 0, "in_miasma": true, "known": false,
        "notes": "SWEEP-SITE-NOTES-UNKNOWN"}}),
    ))
    .await;
    g.referee(rules(json!({"set_site": {"id": "mill", "name": "The mill",
        "kind": "landmark", "q": 0, "r": 1, "in_miasma": false, "known": true,
        "notes": "SWEEP-SITE-NOTES-KNOWN"}})))
        .await;
    g.resume().await;
    g.finish().await;
    srv.stop().await;
}
