//! The ACKS script (issue 20): the Judge's pack and monster cards, a monster the party never
//! meets (its card, its hit points, who stands beyond a door), a secret door and a trap with
//! their failed searches, listening, the trap's own roll and the wandering-monster checks, the
//! Judge's table rows, an encounter the players never learn of (its distance, the reaction,
//! the sneaking past, the number appearing), a fight with a revealed guard whose card, hit
//! points, declarations, attack throws and morale stay the Judge's, monsters' surprise, a
//! whisper and a secret free roll — with players probing unseen creatures and doors through
//! their commands and queries, and counting their own log entries while the Judge works.
//!
//! The leaks found outside the views are the `#[ignore]`d tests at the end.

use super::Sweep;
use super::dnd2024::{
    log_lengths, only_seat_received, query, query_like_absent, referee_faces, start, view_of,
};
use reqwest::StatusCode;
use serde_json::{Value, json};

fn rules(cmd: Value) -> Value {
    json!({ "rules": cmd })
}

/// The Judge's pack: the sample classes and two monster cards whose every line is secret.
fn pack() -> Value {
    let text = json!({
        "monsters": [
            {"id": "sweep_lurker", "name": "SWEEP-ACKS-LURKER-CARD", "hit_dice": "2",
             "armour_class": 4, "attacks": [{"name": "SWEEP-LURKER-BITE", "damage": "1d6"}],
             "morale": 1, "save_as": {"class": "fighter", "level": 1},
             "number_appearing": {"dungeon_wandering": "1d4", "dungeon_lair": "2d4",
                 "wilderness_wandering": "1d6"},
             "speed_ft": 90, "special": ["SWEEP-ACKS-SPECIAL"]},
            {"id": "sweep_guard", "name": "Hollow sentry", "hit_dice": "3",
             "armour_class": 7, "attacks": [{"name": "SWEEP-GUARD-BLADE", "damage": "1d8"}],
             "morale": 2, "save_as": {"class": "fighter", "level": 2},
             "number_appearing": {"dungeon_wandering": "1d6", "wilderness_wandering": "2d4"},
             "speed_ft": 60, "special": ["SWEEP-GUARD-SPECIAL"]}
        ],
        "classes": [
            {"id": "sellsword", "name": "Sellsword", "attack": "fighter", "saves": "fighter",
             "hit_die": 8},
            {"id": "lockbreaker", "name": "Lockbreaker", "attack": "thief", "saves": "thief",
             "hit_die": 4, "searcher": "thief"},
            {"id": "wood_warden", "name": "Wood warden", "attack": "fighter", "saves": "mage",
             "hit_die": 6, "searcher": "elf", "max_level": 10}
        ]
    });
    rules(
        json!({"load_pack": {"files": [{"name": "SWEEP-ACKS-PACK.json",
        "text": text.to_string()}]}}),
    )
}

fn character(id: &str, class: &str, level: u32, player: &str) -> Value {
    rules(
        json!({"add_character": {"id": id, "name": id, "class": class, "level": level,
        "abilities": {"strength": 16, "intelligence": 10, "wisdom": 10, "dexterity": 10,
            "constitution": 10, "charisma": 16},
        "hp": 10, "player": player, "armour_class": 2}}),
    )
}

const ME: [&str; 3] = ["brena", "odo", "sefa"];

/// A query's name and its arguments from the player's character `me` about `x`.
type NamedQuery = (&'static str, fn(&str, &str) -> Value);

/// Every way a player names a creature or a door, with `x` the probed one.
async fn probe_everything(g: &mut Sweep<'_>, creatures: &[&str], doors: &[&str]) {
    let naming_creatures: [fn(&str, &str) -> Value; 5] = [
        |me, x| rules(json!({"attack": {"attacker": me, "target": x, "weapon": "1d8"}})),
        |me, x| rules(json!({"delay": {"creature": me, "until": x}})),
        |_, x| rules(json!({"declare": {"creature": x, "declaration": "none"}})),
        |me, x| rules(json!({"flee": {"characters": [me, x]}})),
        |_, x| rules(json!({"set_mapper": {"character": x}})),
    ];
    let naming_doors: [fn(&str, &str) -> Value; 3] = [
        |me, x| rules(json!({"force_door": {"characters": [me], "door": x}})),
        |me, x| rules(json!({"spike_door": {"character": me, "door": x}})),
        |me, x| rules(json!({"unlock_door": {"character": me, "door": x, "method": "open_locks"}})),
    ];
    let queries: [NamedQuery; 2] = [
        (
            "attack_odds",
            |me, x| json!({"attacker": me, "target": x, "weapon": "1d8"}),
        ),
        ("morale_odds", |_, x| json!({"creature": x})),
    ];
    for (i, me) in ME.into_iter().enumerate() {
        for x in creatures {
            for cmd in &naming_creatures {
                g.hidden_like_absent(i, |id| cmd(me, id), x, "nobody-0000")
                    .await;
            }
            for (name, args) in &queries {
                query_like_absent(g, i, name, |id| args(me, id), x, "nobody-0000").await;
            }
        }
        for x in doors {
            for cmd in &naming_doors {
                g.hidden_like_absent(i, |id| cmd(me, id), x, "nodoor-0000")
                    .await;
            }
        }
    }
}

/// The answer to a player's attempt to flee, as bytes.
async fn flee_answer(g: &mut Sweep<'_>) -> (StatusCode, String) {
    let (s, v) = g
        .player(0, rules(json!({"flee": {"characters": ["brena"]}})))
        .await;
    (s, v.to_string())
}

#[tokio::test]
async fn acks_secret_heavy_game_leaks_nothing_to_any_player() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = Sweep::new(&srv, "acks", Value::Null).await;
    for marker in [
        "SWEEP-ACKS-PACK.json",
        "SWEEP-ACKS-LURKER-CARD",
        "SWEEP-LURKER-BITE",
        "SWEEP-ACKS-SPECIAL",
        "SWEEP-GUARD-BLADE",
        "SWEEP-GUARD-SPECIAL",
        "\"armour_class\":7",
        "\"morale\":2",
    ] {
        g.secret(marker);
    }
    g.referee(pack()).await;
    g.seat("alice", None).await;
    g.seat("bob", None).await;
    g.seat("carol", None).await;
    for (id, class, level, player) in [
        ("brena", "sellsword", 2, "alice"),
        ("odo", "lockbreaker", 3, "bob"),
        ("sefa", "wood_warden", 1, "carol"),
    ] {
        g.referee(character(id, class, level, player)).await;
    }
    g.referee(json!({"clock": {"start_exploration": {}}})).await;
    let (s, v) = g
        .player(
            0,
            rules(json!({"set_marching_order": {"ranks": [["brena", "odo"], ["sefa"]]}})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let no_encounter = flee_answer(&mut g).await;

    // The Judge's dungeon: not one entry in any player's log.
    for marker in [
        "lurkrat-5t6y",
        "SWEEP-ACKS-LURKER",
        "sdoor-5t6y",
        "trap-9k1z",
        "\"material\"",
        "\"beyond_placed\"",
        "\"every_turns\"",
        "\"row_overridden\"",
        "\"trap_checked\"",
        "\"label\":\"trap\"",
    ] {
        g.secret(marker);
    }
    let before = log_lengths(&g).await;
    g.referee(rules(
        json!({"add_monster": {"id": "lurkrat-5t6y", "card": "sweep_lurker",
        "name": "SWEEP-ACKS-LURKER"}}),
    ))
    .await;
    for (door, area, secret) in [("d1", "hall", false), ("sdoor-5t6y", "vault", true)] {
        g.referee(rules(json!({"place_door": {"door": door, "area": area,
            "material": "stone", "state": "stuck", "secret": secret}})))
            .await;
    }
    g.referee(rules(
        json!({"place_trap": {"trap": "trap-9k1z", "area": "vault",
        "pit_ft": 20}}),
    ))
    .await;
    g.referee(rules(
        json!({"place_beyond": {"at": "d1", "creatures": ["lurkrat-5t6y"]}}),
    ))
    .await;
    g.referee(rules(
        json!({"set_wandering": {"every_turns": 1, "die": 6, "on_or_below": 1}}),
    ))
    .await;
    g.referee(rules(
        json!({"override_row": {"table": "t09_surprise", "index": 0,
        "row": {"total": "..=3", "surprised": true}}}),
    ))
    .await;
    // The trap's own roll (face 6: it holds) gives players not even a notice.
    referee_faces(
        &g,
        rules(json!({"trap_check": {"trap": "trap-9k1z", "character": "brena"}})),
        &[6],
    )
    .await;
    assert_eq!(
        log_lengths(&g).await,
        before,
        "the Judge's preparations were counted"
    );
    probe_everything(&mut g, &["lurkrat-5t6y"], &["sdoor-5t6y"]).await;

    // Searches that fail where something is hidden (the Judge rolls for the characters, face
    // 1) read like the searches the players make where nothing is.
    for marker in [
        "\"listened\"",
        "\"searched\"",
        "\"something\"",
        "\"wandering_checked\"",
    ] {
        g.secret(marker);
    }
    for cmd in [
        json!({"search": {"character": "sefa", "area": "vault", "looking_for": "secret_doors"}}),
        json!({"search": {"character": "odo", "area": "vault", "looking_for": "traps"}}),
        json!({"elf_passes": {"character": "sefa", "area": "vault"}}),
    ] {
        referee_faces(&g, rules(cmd), &[1]).await;
    }
    referee_faces(&g, rules(json!({"check_wandering": {}})), &[6]).await;
    g.referee(json!({"clock": "end_exploration_turn"})).await;
    for (i, cmd) in [
        (
            2,
            json!({"search": {"character": "sefa", "area": "cellar",
            "looking_for": "secret_doors"}}),
        ),
        (
            1,
            json!({"search": {"character": "odo", "area": "cellar", "looking_for": "traps"}}),
        ),
        (0, json!({"listen": {"character": "brena", "at": "d1"}})),
        (2, json!({"listen": {"character": "sefa", "at": "d2"}})),
    ] {
        let (s, v) = g.player(i, rules(cmd)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    g.referee(json!({"clock": "end_exploration_turn"})).await;
    g.resume().await;

    // A known encounter: the guard is shown; its card, its hit points, the distance, the
    // monsters' surprise and the reaction stay the Judge's.
    for marker in [
        "\"max_hp\":13",
        "\"encounter_begun\"",
        "\"distance_ft\"",
        "\"monsters_surprise\"",
        "\"reaction_rolled\"",
        "\"reaction_judged\"",
    ] {
        g.secret(marker);
    }
    g.referee(rules(
        json!({"add_monster": {"id": "guard1", "card": "sweep_guard",
        "hp": 13}}),
    ))
    .await;
    g.referee(rules(json!({"begin_encounter": {"monsters": ["guard1"],
        "origin": "planned", "distance_ft": 60}})))
        .await;
    g.referee(rules(json!({"reveal": {"creature": "guard1"}})))
        .await;
    g.referee(rules(json!({"roll_surprise": {}}))).await;
    g.referee(rules(json!({"roll_reaction": {"leader": "brena"}})))
        .await;
    g.referee(rules(json!({"judge_reaction": {"reaction": "hostile"}})))
        .await;

    // The fight: brena, the guard, odo, sefa (initiative faces by id: brena 6, guard1 5,
    // odo 2, sefa 1).
    for marker in [
        "SWEEP-GUARD-SPELL",
        "\"attacked\"",
        "\"needed\"",
        // A monster's hit points (the log's objects keep their keys in order).
        "\"cause\":\"attack by brena\",\"creature\":\"guard1\"",
        "\"label\":\"attack throw of guard1\"",
        "\"morale_checked\"",
    ] {
        g.secret(marker);
    }
    g.referee(rules(json!({"begin_combat": {"combatants":
        ["brena", "odo", "sefa", "guard1"]}})))
        .await;
    g.referee(rules(json!({"declare": {"creature": "guard1",
        "declaration": {"spell": "SWEEP-GUARD-SPELL"}}})))
        .await;
    referee_faces(&g, rules(json!({"roll_initiative": {}})), &[6, 5, 2, 1]).await;
    // Brena strikes the guard (a natural 20, then 5): Alice sees her throw and the damage,
    // not what it needed or the hit points left.
    referee_faces(
        &g,
        rules(json!({"attack": {"attacker": "brena", "target": "guard1", "weapon": "1d8"}})),
        &[20, 5],
    )
    .await;
    let (s, v) = query(
        &mut g,
        0,
        "attack_odds",
        json!({"attacker": "brena", "target": "guard1", "weapon": "1d8"}),
    )
    .await;
    assert!(
        s.is_client_error(),
        "a monster's armour class is the Judge's: {v}"
    );
    g.referee(json!({"clock": "end_turn"})).await;
    // The guard strikes Odo (a natural 20, then 4 damage): its throw is the Judge's.
    referee_faces(
        &g,
        rules(json!({"attack": {"attacker": "guard1", "target": "odo"}})),
        &[20, 4],
    )
    .await;
    g.referee(json!({"clock": "end_turn"})).await;
    probe_everything(&mut g, &["lurkrat-5t6y"], &["sdoor-5t6y"]).await;
    // Its morale: players learn the Judge rolled, nothing more.
    g.referee(rules(json!({"morale_check": {"creature": "guard1"}})))
        .await;
    g.referee(rules(json!({"end_fight": {}}))).await;
    g.referee(rules(json!({"end_encounter": {"rounds": 3}})))
        .await;
    g.resume().await;

    // An encounter the players never learn of: the lurker, sneaked past.
    for marker in [
        "\"sneak_resolved\"",
        "\"level_row_entered\"",
        "\"number_rolled\"",
    ] {
        g.secret(marker);
    }
    g.referee(rules(
        json!({"begin_encounter": {"monsters": ["lurkrat-5t6y"],
        "origin": "random", "distance_ft": 40}}),
    ))
    .await;
    g.referee(rules(json!({"roll_reaction": {"leader": "brena"}})))
        .await;
    let before = log_lengths(&g).await;
    g.referee(rules(
        json!({"sneak_round": {"characters": ["odo"], "past": ["lurkrat-5t6y"],
        "watch": "distracted"}}),
    ))
    .await;
    g.referee(rules(
        json!({"enter_level_row": {"dungeon_level": 1, "monster_level": 1,
        "multiplier": "1"}}),
    ))
    .await;
    g.referee(rules(
        json!({"roll_number_appearing": {"card": "sweep_lurker",
        "dungeon_level": 1, "monster_level": 1}}),
    ))
    .await;
    assert_eq!(
        log_lengths(&g).await,
        before,
        "the unseen encounter was counted"
    );
    // To a player there is no encounter: fleeing it is refused as when there is none.
    assert_eq!(flee_answer(&mut g).await, no_encounter);
    let view = view_of(&g, &g.seats[0].token).await;
    assert_eq!(view["view"]["rules"]["encounter"], Value::Null, "{view}");
    probe_everything(&mut g, &["lurkrat-5t6y"], &["sdoor-5t6y"]).await;

    // The Judge's secret roll, and a whisper to one player.
    g.secret("SWEEP-ACKS-DM-ROLL");
    g.referee(json!({"roll": {"expr": "1d20", "label": "SWEEP-ACKS-DM-ROLL", "secret": true}}))
        .await;
    g.referee(json!({"say": {"text": "SWEEP-ACKS-WHISPER", "to": ["bob"]}}))
        .await;
    only_seat_received(&mut g, 1, 0, "SWEEP-ACKS-WHISPER").await;
    only_seat_received(&mut g, 1, 2, "SWEEP-ACKS-WHISPER").await;
    g.finish().await;
    srv.stop().await;
}

// The leaks the sweep found outside the views (each fix belongs to the encounter commands'
// rule code, not to a projection).

/// The Judge's pack, the party seated, and the lurker added (unseen).
async fn table_with_a_lurker<'a>(srv: &'a super::super::Running) -> Sweep<'a> {
    let mut g = Sweep::new(srv, "acks", Value::Null).await;
    g.referee(pack()).await;
    g.seat("alice", None).await;
    g.seat("bob", None).await;
    for (id, class, level, player) in [
        ("brena", "sellsword", 2, "alice"),
        ("odo", "lockbreaker", 3, "bob"),
    ] {
        g.referee(character(id, class, level, player)).await;
    }
    g.referee(rules(
        json!({"add_monster": {"id": "lurkrat-5t6y", "card": "sweep_lurker"}}),
    ))
    .await;
    g
}

#[tokio::test]
#[ignore = "leak: encounters::decide emits `encounter_ended` to everyone even for an encounter \
            the players never learned of (known_to_players false): the end of an unseen \
            encounter, and its length, reach every player"]
async fn acks_leak_an_unknown_encounter_ends_in_the_players_log() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = table_with_a_lurker(&srv).await;
    g.secret("\"encounter_ended\"");
    g.referee(rules(
        json!({"begin_encounter": {"monsters": ["lurkrat-5t6y"],
        "origin": "random", "distance_ft": 40}}),
    ))
    .await;
    g.referee(rules(json!({"end_encounter": {"rounds": 2}})))
        .await;
    g.finish().await;
    srv.stop().await;
}

#[tokio::test]
#[ignore = "leak: the secret rolls of an encounter the players do not know of (the distance, \
            the reaction) reach them as `secret_roll` notices naming the roll (\"encounter \
            distance\", \"reaction\"): players learn an encounter has begun"]
async fn acks_leak_an_unknown_encounters_secret_rolls_are_announced_by_name() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(dir.path()).await;
    let mut g = table_with_a_lurker(&srv).await;
    g.secret("encounter distance");
    let before = log_lengths(&g).await;
    g.referee(rules(
        json!({"begin_encounter": {"monsters": ["lurkrat-5t6y"],
        "origin": "random"}}),
    ))
    .await;
    g.referee(rules(json!({"roll_reaction": {"leader": "brena"}})))
        .await;
    assert_eq!(
        log_lengths(&g).await,
        before,
        "an encounter the players do not know of added to their logs"
    );
    g.finish().await;
    srv.stop().await;
}
