//! The battle grid: moves square by square (DD-MOVE-02, -03, -06, -19, -20, DD-COND-13),
//! Opportunity Attacks offered through the engine's interrupt windows and taken before the move
//! resolves (DD-ACT-17), secrecy of positions and prompts.

use super::*;
use engine::Viewer;

fn alice() -> Actor {
    player("alice")
}

/// The views' decisions (of `viewer`) of a kind.
pub fn decisions(t: &T, viewer: &Viewer, kind: &str) -> Vec<Value> {
    t.table.view(viewer)["decisions"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|d| d["kind"] == kind)
        .collect()
}

pub fn windows(t: &T, viewer: &Viewer) -> Vec<Value> {
    t.table.view(viewer)["windows"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

pub fn pos(t: &T, id: &str) -> Value {
    t.state()["positions"][id].clone()
}

/// The fight (Vera, goblin, Bram; Vera acts) on an open grid: Vera at (0,0), the goblin next
/// to her at (1,0), Bram at (5,5).
pub fn grid_fight() -> T {
    let mut t = fight();
    for (id, x, y) in [("vera", 0, 0), ("gob", 1, 0), ("bram", 5, 5)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

fn index_of(events: &[Envelope], name: &str) -> usize {
    events
        .iter()
        .position(|e| match &e.body {
            EventBody::Rules { event } => event.get(name).is_some(),
            _ => false,
        })
        .unwrap_or_else(|| panic!("no `{name}` event"))
}

#[test]
fn dd_act_17_opportunity_attack_offered_and_taken_before_the_move_resolves() {
    let mut t = grid_fight();
    // The Referee asked to be prompted for the goblin (`ask`).
    t.ask_all("gob");
    // Vera walks away from the goblin: leaving its 5-ft reach offers it an Opportunity Attack.
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0], [-2, 0]]}}),
        &[],
    );
    assert!(rules_events(&ev, "moved").is_empty(), "the move waits");
    assert_eq!(pos(&t, "vera"), json!({"x": 0, "y": 0}));
    let asks = decisions(&t, &Viewer::Referee, "opportunity_attack");
    assert_eq!(asks.len(), 1);
    assert_eq!(asks[0]["answerer"]["kind"], json!("referee"));
    assert_eq!(asks[0]["default"], json!("decline"));
    // The monster's prompt is the Referee's: Alice sees neither it nor its window.
    assert!(decisions(&t, &Viewer::Player("alice".into()), "opportunity_attack").is_empty());
    // The Referee takes it: d20 15 + 4 hits AC 14, 1d6+2 with a 4 deals 6 — then Vera moves.
    let id = asks[0]["id"].as_str().unwrap().to_string();
    let ev = t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "attack"}}),
        &[15, 4],
    );
    assert!(index_of(&ev, "attack_rolled") < index_of(&ev, "moved"));
    assert_eq!(t.hp("vera"), 18);
    assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(10));
    assert_eq!(
        t.creature("gob")["turn"]["reaction_available"],
        json!(false)
    );
    t.assert_replays();
}

#[test]
fn dd_act_17_c_disengage_moves_without_a_window() {
    let mut t = grid_fight();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "disengage"}}),
        &[],
    );
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0], [-2, 0]]}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "moved").len(), 1);
    assert!(windows(&t, &Viewer::Referee).is_empty());
    assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
    assert_eq!(t.creature("gob")["turn"]["reaction_available"], json!(true));
    t.assert_replays();
}

#[test]
fn dd_act_17_a_move_stops_at_the_edge_of_reach_and_a_closed_window_declines() {
    let mut t = grid_fight();
    // The Referee asked to be prompted for the goblin (`ask`).
    t.ask_all("gob");
    // Moving around the goblin inside its reach provokes nothing; leaving it does, at step 2.
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[0, 1], [0, 2], [0, 3]]}}),
        &[],
    );
    assert_eq!(
        pos(&t, "vera"),
        json!({"x": 0, "y": 1}),
        "stopped inside reach"
    );
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(5));
    let w = windows(&t, &Viewer::Referee);
    assert_eq!(w.len(), 1);
    // The Referee closes the window: the default (decline) is taken, the move goes on.
    let id = w[0]["id"].as_str().unwrap().to_string();
    t.clock(json!({"close_window": {"id": id}}));
    assert_eq!(pos(&t, "vera"), json!({"x": 0, "y": 3}));
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(15));
    assert_eq!(t.hp("vera"), 24);
    assert_eq!(t.creature("gob")["turn"]["reaction_available"], json!(true));
    t.assert_replays();
}

#[test]
fn dd_act_17_window_timeout_takes_the_default() {
    let mut t = grid_fight();
    // The Referee asked to be prompted for the goblin (`ask`).
    t.ask_all("gob");
    t.clock(json!({"set_window_timeout": {"ms": 5000}}));
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[],
    );
    let w = windows(&t, &Viewer::Referee);
    let timer = w[0]["timer"].as_str().unwrap().to_string();
    // The scheduler fires the timer once its 5 seconds have run.
    let cmd = json!({"clock": {"timer_due": {"id": timer}}});
    let prepared = t
        .table
        .prepare_json(&Actor::System, &cmd, 1000 + 5000, &mut DiceRoller)
        .unwrap();
    t.log.extend(prepared.events.iter().cloned());
    t.table.commit(prepared).unwrap();
    assert!(windows(&t, &Viewer::Referee).is_empty());
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
    assert_eq!(t.hp("vera"), 24);
    t.assert_replays();
}

#[test]
fn dd_act_17_player_reactor_answers_their_own_prompt() {
    // The goblin acts next to Bram; Bram's player is asked when it walks away.
    let mut t = fight();
    for (id, x, y) in [("vera", 9, 9), ("gob", 1, 0), ("bram", 0, 0)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t.clock(json!("end_turn"));
    t.dm(
        json!({"move_path": {"creature": "gob", "path": [[2, 0], [3, 0]]}}),
        &[],
    );
    let bob = Viewer::Player("bob".into());
    let asks = decisions(&t, &bob, "opportunity_attack");
    assert_eq!(asks.len(), 1);
    assert!(decisions(&t, &Viewer::Player("alice".into()), "opportunity_attack").is_empty());
    let id = asks[0]["id"].as_str().unwrap().to_string();
    // Alice may not answer Bob's prompt.
    assert!(
        t.run(
            &player("alice"),
            json!({"answer": {"decision": id, "option": "attack"}}),
            &[]
        )
        .is_err()
    );
    // Bob attacks: d20 2 misses; the goblin walks on.
    t.ok(
        &player("bob"),
        json!({"answer": {"decision": id, "option": "attack"}}),
        &[2],
    );
    assert_eq!(pos(&t, "gob"), json!({"x": 3, "y": 0}));
    assert_eq!(
        t.creature("bram")["turn"]["reaction_available"],
        json!(false)
    );
    t.assert_replays();
}

#[test]
fn dd_move_02_b_difficult_terrain_walls_and_corners() {
    let mut t = grid_fight();
    t.dm(
        json!({"set_map": {"cells": [
            {"x": 0, "y": 1, "difficult": true},
            {"x": -1, "y": 1, "obstacle": "wall"}
        ]}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "disengage"}}),
        &[],
    );
    // A wall is no square to enter; a diagonal may not cut its corner.
    let c = t.refused(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 1]]}}),
        &[],
    );
    assert_eq!(c, "bad_move");
    let c = t.refused(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[0, 1], [-1, 2]]}}),
        &[],
    );
    assert_eq!(c, "bad_move");
    // Difficult Terrain costs 10 ft a square, a diagonal 5 ft.
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[0, 1], [1, 2]]}}),
        &[],
    );
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(15));
    // Beyond the budget: refused, nothing spent.
    let path: Vec<Value> = (2..6).map(|y| json!([1, y + 1])).collect();
    let c = t.refused(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": path}}),
        &[],
    );
    assert_eq!(c, "movement_spent");
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(15));
    t.assert_replays();
}

#[test]
fn dd_move_19_other_creatures_spaces() {
    let mut t = grid_fight();
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "disengage"}}),
        &[],
    );
    // A hostile creature of her size: no way through.
    let c = t.refused(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[1, 0], [2, 0]]}}),
        &[],
    );
    assert_eq!(c, "bad_move");
    // Bram is an ally: through his space (not Difficult), but not ending in it.
    t.dm(json!({"place": {"creature": "bram", "x": 0, "y": 1}}), &[]);
    let c = t.refused(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[0, 1]]}}),
        &[],
    );
    assert_eq!(c, "bad_move");
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[0, 1], [0, 2]]}}),
        &[],
    );
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(10));
    t.assert_replays();
}

#[test]
fn dd_move_19_b_an_incapacitated_enemy_space_is_passable_but_difficult() {
    let mut t = grid_fight();
    t.dm(
        json!({"apply_condition": {"creature": "gob", "condition": "incapacitated", "source": "spell"}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[1, 0], [2, 0]]}}),
        &[],
    );
    // 10 ft through the goblin's space, 5 ft beyond; an Incapacitated goblin takes no Reaction.
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(15));
    assert!(windows(&t, &Viewer::Referee).is_empty());
}

#[test]
fn dd_cond_13_a_prone_crawls_and_stands_for_half_speed() {
    let mut t = grid_fight();
    t.act(&alice(), json!({"drop_prone": {"creature": "vera"}}), &[]);
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "disengage"}}),
        &[],
    );
    // Crawling: 10 ft a square (DD-MOVE-06).
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[],
    );
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(10));
    t.act(&alice(), json!({"stand_up": {"creature": "vera"}}), &[]);
    assert_eq!(t.creature("vera")["turn"]["moved"], json!(25));
    assert!(
        !t.creature("vera")["conditions"]
            .to_string()
            .contains("prone")
    );
    // Standing when not Prone is refused.
    let c = t.refused(&alice(), json!({"stand_up": {"creature": "vera"}}), &[]);
    assert_eq!(c, "no_such_condition");
    t.assert_replays();
}

#[test]
fn dd_move_03_c_a_large_creature_squeezes_through_a_narrow_gap() {
    let mut t = T::new();
    let mut ogre = monster("ogre");
    ogre["size"] = json!("large");
    t.dm(json!({"add_creature": {"creature": ogre}}), &[]);
    t.dm(
        json!({"set_map": {"cells": [{"x": 3, "y": 1, "obstacle": "wall"}]}}),
        &[],
    );
    t.dm(json!({"place": {"creature": "ogre", "x": 0, "y": 0}}), &[]);
    let ev = t.dm(
        json!({"move_path": {"creature": "ogre", "path": [[1, 0], [2, 0]]}}),
        &[],
    );
    // 5 ft in the open, 10 ft squeezing past the wall.
    assert_eq!(rules_events(&ev, "moved")[0]["spent_ft"], json!(15));
}

#[test]
fn dd_move_hidden_positions_and_refusals_do_not_leak() {
    let mut t = grid_fight();
    t.dm(json!({"add_creature": {"creature": monster("lurk")}}), &[]);
    t.dm(json!({"place": {"creature": "lurk", "x": -1, "y": 0}}), &[]);
    let alice_view = t.table.view(&Viewer::Player("alice".into()));
    assert!(
        alice_view["rules"]["grid"]["positions"]
            .get("lurk")
            .is_none()
    );
    assert!(
        alice_view["rules"]["grid"]["positions"]
            .get("gob")
            .is_some()
    );
    assert!(
        !t.log_for(&Viewer::Player("alice".into()))
            .to_string()
            .contains("lurk")
    );
    // Vera walks into the unseen creature's square: not refused (a refusal would tell her
    // where it is); the Referee sees both there and rules.
    let ev = t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "disengage"}}),
        &[],
    );
    assert!(!ev.is_empty());
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[],
    );
    assert_eq!(pos(&t, "vera"), pos(&t, "lurk"));
    assert!(
        !t.log_for(&Viewer::Player("alice".into()))
            .to_string()
            .contains("lurk")
    );
    // The Referee's own move into the same square is refused (he sees everyone).
    t.dm(json!({"place": {"creature": "bram", "x": -3, "y": 0}}), &[]);
    let c = t.refused(
        &referee(),
        json!({"place": {"creature": "bram", "x": -1, "y": 0}}),
        &[],
    );
    assert_eq!(c, "bad_move");
    // A player may not place creatures.
    let c = t.refused(
        &alice(),
        json!({"place": {"creature": "vera", "x": 3, "y": 3}}),
        &[],
    );
    assert!(c.to_lowercase().contains("referee"), "{c}");
}

#[test]
fn dd_act_17_a_an_unseen_mover_provokes_nothing() {
    let mut t = grid_fight();
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "invisible", "source": "spell"}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[],
    );
    assert!(windows(&t, &Viewer::Referee).is_empty());
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
}

#[test]
fn dd_cov_01_attacks_on_the_grid_measure_distance_and_cover() {
    let mut t = grid_fight();
    t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 0}}), &[]);
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "attack"}}),
        &[],
    );
    // The command's 5 ft does not count on the grid: the goblin is 15 ft away.
    let c = t.refused(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
        &[],
    );
    assert_eq!(c, "out_of_reach");
    // Walls on every side: Total Cover, no attack at all.
    t.dm(
        json!({"set_map": {"cells": [
            {"x": 2, "y": -1, "obstacle": "wall"}, {"x": 2, "y": 0, "obstacle": "wall"},
            {"x": 2, "y": 1, "obstacle": "wall"}
        ]}}),
        &[],
    );
    let c = t.refused(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Shortbow"}}),
        &[],
    );
    assert_eq!(c, "total_cover");
    // One wall between them: Half Cover, AC 15 + 2. A 12 + 4 = 16 misses.
    t.dm(
        json!({"set_map": {"cells": [{"x": 2, "y": 0, "obstacle": "wall"}]}}),
        &[],
    );
    let ev = t.act(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Shortbow"}}),
        &[12],
    );
    let roll = &rules_events(&ev, "attack_rolled")[0];
    assert_eq!(roll["hit"], json!(false));
    assert_eq!(t.hp("gob"), 7);
    t.assert_replays();
}

fn walls_between() -> Value {
    json!({"set_map": {"cells": [
        {"x": 2, "y": -1, "obstacle": "wall"}, {"x": 2, "y": 0, "obstacle": "wall"},
        {"x": 2, "y": 1, "obstacle": "wall"}
    ]}})
}

#[test]
fn dd_act_10_a_hiding_needs_to_be_out_of_every_enemys_sight() {
    let mut t = grid_fight();
    // The goblin next to her sees her: refused, nothing rolled or spent.
    let c = t.refused(
        &alice(),
        json!({"hide": {"creature": "vera", "heavily_obscured": true}}),
        &[],
    );
    assert_eq!(c, "forbidden");
    // Behind a wall: the Hide action and a DC 15 Stealth check, 13 + 4 = 17.
    t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 0}}), &[]);
    t.dm(walls_between(), &[]);
    t.act(&alice(), json!({"hide": {"creature": "vera"}}), &[13]);
    let vera = t.creature("vera");
    assert_eq!(vera["hiding_dc"], json!(17));
    assert_eq!(vera["turn"]["action_used"], json!(true));
    assert!(vera["conditions"].to_string().contains("invisible"));
    t.assert_replays();
}

#[test]
fn dd_act_10_b_a_failed_check_spends_the_action_and_hides_nothing() {
    let mut t = grid_fight();
    t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 0}}), &[]);
    t.dm(walls_between(), &[]);
    t.act(&alice(), json!({"hide": {"creature": "vera"}}), &[5]);
    let vera = t.creature("vera");
    assert!(vera["hiding_dc"].is_null());
    assert_eq!(vera["turn"]["action_used"], json!(true));
}

#[test]
fn dd_act_10_d_a_hidden_monster_leaves_the_players_view_until_it_attacks() {
    let mut t = party();
    t.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
    t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 0}}), &[]);
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    t.dm(walls_between(), &[]);
    let alice_v = Viewer::Player("alice".into());
    let before = t.log_for(&alice_v).as_array().unwrap().len();
    // 15 + 2 = 17: the goblin hides; the players lose it.
    t.dm(json!({"hide": {"creature": "gob"}}), &[15]);
    let view = t.table.view(&alice_v);
    assert!(view["rules"]["creatures"].get("gob").is_none());
    assert!(view["rules"]["grid"]["positions"].get("gob").is_none());
    // It creeps up (the Referee moves it; a door opens): nothing reaches the players.
    t.dm(json!({"set_map": {"cells": []}}), &[]);
    let mid = t.log_for(&alice_v).as_array().unwrap().len();
    t.dm(json!({"place": {"creature": "gob", "x": 1, "y": 0}}), &[]);
    assert_eq!(t.log_for(&alice_v).as_array().unwrap().len(), mid);
    assert!(mid > before);
    // Its attack (Invisible: Advantage, 15 and 10; 1d6+2 with a 3) shows it again.
    t.dm(
        json!({"attack": {"attacker": "gob", "target": "vera", "attack": "Scimitar"}}),
        &[15, 10, 3],
    );
    assert_eq!(t.hp("vera"), 19);
    let view = t.table.view(&alice_v);
    assert!(view["rules"]["creatures"].get("gob").is_some());
    assert!(t.creature("gob")["hiding_dc"].is_null());
    t.assert_replays();
}

/// The goblin hides on its turn (15 + 2 = 17) behind a wall, then the Referee moves it next to
/// Vera unseen (the wall was a door, now open); Vera's next turn.
fn hidden_goblin_beside_vera() -> T {
    let mut t = grid_fight();
    t.clock(json!("end_turn"));
    t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 0}}), &[]);
    t.dm(json!({"place": {"creature": "bram", "x": -3, "y": 0}}), &[]);
    t.dm(walls_between(), &[]);
    t.dm(json!({"hide": {"creature": "gob"}}), &[15]);
    t.dm(json!({"set_map": {"cells": []}}), &[]);
    t.dm(json!({"place": {"creature": "gob", "x": 1, "y": 0}}), &[]);
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    t
}

#[test]
fn dd_act_17_a_a_hidden_reactor_opens_no_window_and_holds_nothing() {
    let mut t = hidden_goblin_beside_vera();
    // Vera walks away from where she cannot see it: the goblin's standing order (never, by
    // default) answers at once. No window for anyone, not even the Referee: the move resolves.
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[],
    );
    assert!(windows(&t, &Viewer::Referee).is_empty());
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
    for p in ["alice", "bob"] {
        let v = Viewer::Player(p.into());
        assert!(decisions(&t, &v, "opportunity_attack").is_empty());
        assert!(!t.table.view(&v).to_string().contains("\"gob\":"), "{p}");
    }
    t.assert_replays();
}

#[test]
fn dd_act_10_d_a_hidden_reactor_that_strikes_shows_itself() {
    let mut t = hidden_goblin_beside_vera();
    t.dm(
        json!({"standing_orders": {"creature": "gob", "opportunity_attacks": "always"}}),
        &[],
    );
    // Unseen (Invisible while hidden): Advantage, 15 and 10; 1d6+2 with a 3 deals 5.
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[15, 10, 3],
    );
    assert!(windows(&t, &Viewer::Referee).is_empty());
    assert_eq!(t.hp("vera"), 19);
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
    assert_eq!(rules_events(&ev, "creature_revealed").len(), 1);
    let alice_v = Viewer::Player("alice".into());
    assert!(
        t.table.view(&alice_v)["rules"]["creatures"]
            .get("gob")
            .is_some()
    );
    let seen: Vec<Value> = engine::project_log(&ev, &alice_v)
        .into_iter()
        .filter_map(|e| match e.body {
            EventBody::Rules { event } => event.get("attack_rolled").cloned(),
            _ => None,
        })
        .collect();
    let roll = &seen[0];
    assert_eq!(roll["attacker"], json!("gob"));
    t.assert_replays();
}

/// Vera (Alice) at (0, 0) and the goblin nobody has seen at (3, 0), out of combat.
fn unseen_goblin_watching_vera() -> T {
    let mut t = party();
    for (id, x, y) in [("vera", 0, 0), ("gob", 3, 0)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

#[test]
fn dd_act_10_the_referee_ending_a_hiders_invisible_clears_its_hiding_records() {
    let mut t = unseen_goblin_watching_vera();
    t.act(
        &alice(),
        json!({"hide": {"creature": "vera", "heavily_obscured": true}}),
        &[15],
    );
    assert_eq!(t.creature("vera")["hiding_dc"], json!(19));
    assert_eq!(t.state()["seen_through"], json!({"vera": ["gob"]}));
    // The Referee ends her Invisible (not an attack): her hiding ends with it, DC and
    // not-fooled record alike.
    t.dm(
        json!({"end_condition": {"creature": "vera", "condition": "invisible", "source": "hide"}}),
        &[],
    );
    assert!(
        t.creature("vera")["hiding_dc"].is_null(),
        "{}",
        t.creature("vera")
    );
    assert!(t.state().get("seen_through").is_none(), "{}", t.state());
    t.assert_replays();
}

#[test]
fn dd_act_10_a_hide_is_not_refused_for_an_enemy_the_players_cannot_see() {
    let alice_v = Viewer::Player("alice".into());
    let hide = json!({"hide": {"creature": "vera", "heavily_obscured": true}});
    // With nobody about: what Alice gets of her Hide (15 + 4 = 19).
    let mut alone = party();
    alone.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
    let ev_alone = alone.act(&alice(), hide.clone(), &[15]);
    // The unseen goblin sees her: the same Hide is taken, the same events reach her.
    let mut t = unseen_goblin_watching_vera();
    let ev = t.act(&alice(), hide, &[15]);
    // (An effect's id is fresh entropy at every table: left out.)
    let gets = |events: &[Envelope]| -> Vec<Value> {
        engine::project_log(events, &alice_v)
            .into_iter()
            .map(|e| {
                let mut v = serde_json::to_value(&e.body).unwrap();
                if let Some(effect) = v.get_mut("effect") {
                    effect["id"] = Value::Null;
                }
                v
            })
            .collect()
    };
    assert_eq!(gets(&ev), gets(&ev_alone));
    assert_eq!(t.creature("vera")["hiding_dc"], json!(19));
    assert!(
        t.creature("vera")["conditions"]
            .to_string()
            .contains("invisible")
    );
    // The goblin is not fooled: the Referee's record says so, and nobody else's.
    assert_eq!(t.state()["seen_through"], json!({"vera": ["gob"]}));
    assert_eq!(rules_events(&ev, "hide_seen_through").len(), 1);
    let alice_sees = format!("{}{}", t.log_for(&alice_v), t.table.view(&alice_v));
    assert!(
        !alice_sees.contains("gob") && !alice_sees.contains("seen_through"),
        "{alice_sees}"
    );
    // To its eyes she is not Invisible: once the Referee moves it beside her, its attack has
    // no Disadvantage (one d20: 15 + 4 hits AC 14; 1d6+2 with a 3 deals 5).
    t.dm(json!({"place": {"creature": "gob", "x": 1, "y": 0}}), &[]);
    let ev = t.dm(
        json!({"attack": {"attacker": "gob", "target": "vera", "attack": "Scimitar"}}),
        &[15, 3],
    );
    assert_eq!(
        rules_events(&ev, "attack_rolled")[0]["mode"],
        json!("normal")
    );
    assert_eq!(t.hp("vera"), 19);
    // Her hiding ends when she attacks: nobody sees through it any more.
    t.dm(
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
        &[1],
    );
    assert!(t.creature("vera")["hiding_dc"].is_null());
    assert!(t.state().get("seen_through").is_none());
    t.assert_replays();
}

#[test]
fn dd_act_10_b_an_unseen_enemy_behind_a_wall_is_fooled_like_any_other() {
    let mut t = unseen_goblin_watching_vera();
    t.dm(walls_between(), &[]);
    t.act(&alice(), json!({"hide": {"creature": "vera"}}), &[15]);
    assert!(t.state().get("seen_through").is_none());
    // The wall was a door; the goblin steps up: she is Invisible to it (Disadvantage: 15 and
    // 10, the 10 + 4 = 14 hits AC 14; 1d6+2 with a 3 deals 5).
    t.dm(json!({"set_map": {"cells": []}}), &[]);
    t.dm(json!({"place": {"creature": "gob", "x": 1, "y": 0}}), &[]);
    let ev = t.dm(
        json!({"attack": {"attacker": "gob", "target": "vera", "attack": "Scimitar"}}),
        &[15, 10, 3],
    );
    assert_eq!(
        rules_events(&ev, "attack_rolled")[0]["mode"],
        json!("disadvantage")
    );
    assert_eq!(t.hp("vera"), 19);
    // A goblin she can see still keeps her from hiding (a reason she can know).
    let mut t = unseen_goblin_watching_vera();
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    let c = t.refused(
        &alice(),
        json!({"hide": {"creature": "vera", "heavily_obscured": true}}),
        &[],
    );
    assert_eq!(c, "forbidden");
}
