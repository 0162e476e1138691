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
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
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
    // The Referee's grid marks it with the players blind to it; no player's view has the mark.
    let marked = referee_view(&g).await["rules"]["combat"]["creatures"]["ghoul"].clone();
    assert_eq!(
        marked["hidden_from"],
        json!(["alice", "bob", "carol"]),
        "{marked}"
    );
    for seat in &g.seats {
        let (_, v) = g
            .srv
            .get(&format!("/api/tables/{}/view", g.table), &seat.token)
            .await;
        let v = v.to_string();
        assert!(!v.contains("hidden_from"), "{}: {v}", seat.name);
    }
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
    // The fight begins, and it is Vera's turn.
    start_fight_on_veras_turn(&mut g).await;
    // A Move into the ambusher's square is answered as a Move into an empty square: accepted
    // (it stops short, and only the Referee hears why); a path cost told to Alice counts no
    // unseen creature; the probes above answer alike in the fight too.
    g.secret("unseen_blocker");
    // A path too long, through the ambusher and the ghoul (row 0) or through nobody (row
    // −1): the same refusal, the same cost (their squares add nothing Alice could know of).
    let far = |y: i32| {
        let path: Vec<Value> = (1..=12).map(|x| json!({"x": x, "y": y})).collect();
        move_cmd("vera", path)
    };
    g.same_answer(0, far(0), far(-1)).await;
    let into_hidden = g
        .player(
            0,
            rules(json!({"combat_move": {"creature": "vera",
                "path": [{"x": 1, "y": 0}, {"x": 2, "y": 0}]}})),
        )
        .await;
    let into_empty = g
        .player(
            0,
            rules(json!({"combat_move": {"creature": "vera", "path": [{"x": 2, "y": 1}]}})),
        )
        .await;
    assert_eq!(
        into_hidden.0, into_empty.0,
        "{into_hidden:?} / {into_empty:?}"
    );
    assert_eq!(into_hidden.0, reqwest::StatusCode::OK, "{into_hidden:?}");
    for probe in &probes {
        for hidden in ["lurker-7q3x", "ghoul", "informer-2v8m"] {
            g.hidden_like_absent(0, |x| probe("vera", x), hidden, "nobody-0000")
                .await;
        }
    }
    g.referee(rules(json!({"end_combat": {}}))).await;
    g.resume().await;

    // The dungeon: its level, encounter tables and each turn's encounter check are secret
    // (players learn a roll was made, never its face).
    g.secret("dungeon_judged");
    g.secret("encounter_checked");
    g.secret("\"label\":\"encounter check\"");
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

    // The lost party: while lost, the true hex (and the Referee's drift d6) is the Referee's.
    lose_the_party(&mut g).await;
    // The Referee corrects where the party really is: a hex no player ever hears of.
    g.secret("\"q\":77");
    g.secret("\"label\":\"lost party: drift d6\"");
    g.referee(rules(json!({"set_true_position": {"q": 777, "r": -333}})))
        .await;
    g.referee(rules(json!({"travel_move": {"toward": "north"}})))
        .await;
    let position = referee_view(&g).await["rules"]["travel"]["position"].clone();
    assert_eq!(position["lost"], true, "{position}");
    assert_eq!(
        position["believed_hex"],
        json!({"q": 40, "r": -18}),
        "{position}"
    );
    g.resume().await;
    g.finish().await;
    srv.stop().await;
}

fn move_cmd(creature: &str, path: Vec<Value>) -> Value {
    rules(json!({"combat_move": {"creature": creature, "path": path}}))
}

async fn referee_view(g: &Sweep<'_>) -> Value {
    let (_, v) = g
        .srv
        .get(&format!("/api/tables/{}/view", g.table), &g.referee)
        .await;
    v["view"].clone()
}

/// Starts the fight (Alice rolls the side initiative), then ends turns until Vera's comes.
async fn start_fight_on_veras_turn(g: &mut Sweep<'_>) {
    g.referee(rules(json!({"start_combat": {}}))).await;
    g.referee(rules(
        json!({"order_side": {"side": "crows", "order": ["vera", "bram", "cora"]}}),
    ))
    .await;
    g.referee(rules(json!({"roll_initiative": {"roller": "alice"}})))
        .await;
    let (_, alice) = g
        .srv
        .get(&format!("/api/tables/{}/view", g.table), &g.seats[0].token)
        .await;
    let decision = alice["view"]["decisions"]
        .as_array()
        .and_then(|ds| ds.iter().find(|d| d["kind"] == "crows.combat.initiative"))
        .map(|d| d["id"].clone())
        .expect("Alice rolls the initiative");
    let (s, v) = g
        .player(
            0,
            json!({"answer": {"decision": decision, "option": "roll"}}),
        )
        .await;
    assert_eq!(s, reqwest::StatusCode::OK, "{v}");
    for _ in 0..10 {
        let view = referee_view(g).await;
        let current = view["rules"]["combat"]["fight"]["current"].clone();
        if current == "vera" {
            return;
        }
        let current = current.as_str().expect("someone's turn").to_string();
        g.referee(rules(json!({"end_turn": {"creature": current}})))
            .await;
    }
    panic!("Vera's turn never came");
}

/// Travel days with Cora guiding by a shortcut until a tier 1 gets the party lost (each day
/// is about even odds; the dice are the server's own).
async fn lose_the_party(g: &mut Sweep<'_>) {
    let column: Vec<Value> = (-21..=-13)
        .map(|r| json!({"q": 40, "r": r, "terrain": "moor"}))
        .collect();
    g.referee(rules(json!({"set_hexes": {"hexes": column}})))
        .await;
    g.referee(rules(
        json!({"set_party": {"members": ["vera", "bram", "cora"]}}),
    ))
    .await;
    g.referee(rules(json!({"place_party": {"q": 40, "r": -17}})))
        .await;
    for _ in 0..40 {
        g.referee(rules(json!({"begin_travel_day": {"pace": "normal"}})))
            .await;
        g.referee(rules(
            json!({"declare_role": {"creature": "cora", "task": "shortcut"}}),
        ))
        .await;
        g.referee(rules(json!({"travel_role_tests": {}}))).await;
        if referee_view(g).await["rules"]["travel"]["position"]["lost"] == true {
            return;
        }
        g.referee(rules(json!({"end_travel_day": {}}))).await;
    }
    panic!("the party never got lost in 40 days");
}
