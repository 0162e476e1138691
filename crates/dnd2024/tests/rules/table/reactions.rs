//! Readied actions through interrupt windows (DD-ACT-13).

use super::grid::{decisions, grid_fight};
use super::*;

fn alice() -> Actor {
    player("alice")
}

fn ready_rapier(t: &mut T) {
    t.act(
        &alice(),
        json!({"ready": {"creature": "vera", "trigger": "the goblin raises its blade",
            "response": {"attack": {"attack": "Rapier"}}}}),
        &[],
    );
}

#[test]
fn dd_act_13_c_readied_attack_fires_on_its_trigger() {
    let mut t = grid_fight();
    ready_rapier(&mut t);
    assert_eq!(t.creature("vera")["turn"]["action_used"], json!(true));
    t.clock(json!("end_turn"));
    // On the goblin's turn the Referee says the trigger happened: Alice is asked.
    t.dm(
        json!({"trigger_ready": {"creature": "vera", "target": "gob"}}),
        &[],
    );
    let alice_view = Viewer::Player("alice".into());
    let asks = decisions(&t, &alice_view, "readied_trigger");
    assert_eq!(asks.len(), 1);
    assert_eq!(asks[0]["default"], json!("ignore"));
    assert!(decisions(&t, &Viewer::Player("bob".into()), "readied_trigger").is_empty());
    let id = asks[0]["id"].as_str().unwrap().to_string();
    // She responds: d20 15 + 4 hits AC 15, 1d8+2 with a 3 deals 5.
    let ev = t.ok(
        &alice(),
        json!({"answer": {"decision": id, "option": "respond"}}),
        &[15, 3],
    );
    assert_eq!(rules_events(&ev, "ready_taken").len(), 1);
    assert_eq!(t.hp("gob"), 2);
    assert_eq!(
        t.creature("vera")["turn"]["reaction_available"],
        json!(false)
    );
    // Used: a second trigger finds nothing readied.
    let c = t.refused(
        &referee(),
        json!({"trigger_ready": {"creature": "vera", "target": "gob"}}),
        &[],
    );
    assert_eq!(c, "nothing_readied");
    t.assert_replays();
}

#[test]
fn dd_act_13_c_ignoring_keeps_it_ready_and_it_lapses_at_the_next_turn() {
    let mut t = grid_fight();
    ready_rapier(&mut t);
    t.clock(json!("end_turn"));
    t.dm(
        json!({"trigger_ready": {"creature": "vera", "target": "gob"}}),
        &[],
    );
    let w = super::grid::windows(&t, &Viewer::Referee);
    let id = w[0]["id"].as_str().unwrap().to_string();
    t.clock(json!({"close_window": {"id": id}}));
    assert!(t.creature("vera")["readied"].is_object(), "still ready");
    assert_eq!(
        t.creature("vera")["turn"]["reaction_available"],
        json!(true)
    );
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    // Vera's next turn: the readied response lapsed.
    assert!(t.creature("vera")["readied"].is_null());
    let c = t.refused(
        &referee(),
        json!({"trigger_ready": {"creature": "vera", "target": "gob"}}),
        &[],
    );
    assert_eq!(c, "nothing_readied");
}

#[test]
fn dd_act_13_b_readied_attack_needs_a_target_in_reach_and_ready_on_own_turn() {
    let mut t = grid_fight();
    let c = t.refused(
        &player("bob"),
        json!({"ready": {"creature": "bram", "trigger": "x", "response": {"move": {"feet": 10}}}}),
        &[],
    );
    assert_eq!(c, "not_your_turn");
    ready_rapier(&mut t);
    t.dm(json!({"place": {"creature": "gob", "x": 4, "y": 0}}), &[]);
    let c = t.refused(
        &referee(),
        json!({"trigger_ready": {"creature": "vera", "target": "gob"}}),
        &[],
    );
    assert_eq!(c, "out_of_reach");
    let c = t.refused(
        &referee(),
        json!({"trigger_ready": {"creature": "vera"}}),
        &[],
    );
    assert_eq!(c, "bad_trigger");
}

/// Vera, a legendary goblin chief and Bram in combat, in that order.
fn legendary_fight() -> T {
    let mut t = party();
    let mut chief = monster("chief");
    chief["legendary"] = json!({"uses": 3, "actions": [
        {"name": "Slash", "cost": 1, "attack": "Scimitar"},
        {"name": "Roar", "cost": 2}
    ]});
    t.dm(json!({"add_creature": {"creature": chief}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "chief", "bram"]}}),
        &[15, 10, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "chief", "bram"]}}),
        &[],
    );
    t
}

#[test]
fn legendary_actions_are_offered_after_another_creatures_turn() {
    let mut t = legendary_fight();
    t.act(&alice(), json!({"finish_turn": {"creature": "vera"}}), &[]);
    // The turn change waits for the Referee's choice.
    let asks = decisions(&t, &Viewer::Referee, "legendary_actions");
    assert_eq!(asks.len(), 1);
    let options: Vec<&str> = asks[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap())
        .collect();
    assert_eq!(options, ["pass", "0:vera", "0:bram", "1"]);
    assert!(decisions(&t, &Viewer::Player("alice".into()), "legendary_actions").is_empty());
    let c = t.refused(&referee(), json!({"clock": "end_turn"}), &[]);
    assert!(!c.is_empty());
    let id = asks[0]["id"].as_str().unwrap().to_string();
    // Slash at Vera: 15 + 4 hits AC 14, 1d6+2 with a 5 deals 7.
    let ev = t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "0:vera"}}),
        &[15, 5],
    );
    let taken = rules_events(&ev, "legendary_taken");
    assert_eq!(taken[0]["cost"], json!(1));
    assert_eq!(t.hp("vera"), 17);
    // Then Vera's turn ended: the chief acts, its uses back.
    let combat = &t.table.state_json()["core"]["clock"]["combat"];
    let current = combat["current"].as_u64().unwrap() as usize;
    assert_eq!(combat["order"][current], json!("chief"));
    assert_eq!(t.creature("chief")["legendary_used"], json!(0));
    // The chief's own turn offers it nothing; it ends at once.
    t.dm(json!({"finish_turn": {"creature": "chief"}}), &[]);
    let combat = &t.table.state_json()["core"]["clock"]["combat"];
    let current = combat["current"].as_u64().unwrap() as usize;
    assert_eq!(combat["order"][current], json!("bram"));
    t.assert_replays();
}

#[test]
fn legendary_actions_spend_uses_and_only_affordable_ones_are_offered() {
    let mut t = legendary_fight();
    let answer = |t: &mut T, option: &str| {
        let id = decisions(t, &Viewer::Referee, "legendary_actions")[0]["id"]
            .as_str()
            .unwrap()
            .to_string();
        t.ok(
            &referee(),
            json!({"answer": {"decision": id, "option": option}}),
            &[],
        );
    };
    t.act(&alice(), json!({"finish_turn": {"creature": "vera"}}), &[]);
    answer(&mut t, "pass");
    t.dm(json!({"finish_turn": {"creature": "chief"}}), &[]);
    // After Bram's turn the chief Roars (2 of its 3 uses)...
    t.act(
        &player("bob"),
        json!({"finish_turn": {"creature": "bram"}}),
        &[],
    );
    answer(&mut t, "1");
    assert_eq!(t.creature("chief")["legendary_used"], json!(2));
    // ...so after Vera's next turn only the 1-use Slash is offered.
    t.act(&alice(), json!({"finish_turn": {"creature": "vera"}}), &[]);
    let asks = decisions(&t, &Viewer::Referee, "legendary_actions");
    let options: Vec<&str> = asks[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap())
        .collect();
    assert_eq!(options, ["pass", "0:vera", "0:bram"]);
    // A sheet whose Legendary Action names no attack of it is refused.
    let mut bad = monster("bad");
    bad["legendary"] =
        json!({"uses": 1, "actions": [{"name": "Bite", "cost": 1, "attack": "Bite"}]});
    let c = t.refused(&referee(), json!({"add_creature": {"creature": bad}}), &[]);
    assert_eq!(c, "bad_creature");
    t.assert_replays();
}

/// The fight with Vera knowing Shield (level 1, +5 AC); the goblin's turn.
fn shield_fight() -> T {
    let mut t = T::new();
    for p in ["alice", "bob"] {
        t.ok(
            &referee(),
            json!({"join": {"name": p, "role": "player"}}),
            &[],
        );
    }
    let mut vera = character("vera", 24);
    vera["reaction_spells"] = json!([{"name": "Shield", "level": 1, "ac_bonus": 5}]);
    t.dm(
        json!({"add_creature": {"creature": vera, "player": "alice"}}),
        &[],
    );
    t.dm(json!({"add_creature": {"creature": monster("gob")}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "gob"]}}),
        &[15, 10],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "gob"]}}),
        &[],
    );
    t.clock(json!("end_turn"));
    t
}

fn gob_attacks_vera(t: &mut T, face: i64) {
    t.dm(
        json!({"take_action": {"creature": "gob", "action": "attack"}}),
        &[],
    );
    t.dm(
        json!({"attack": {"attacker": "gob", "target": "vera", "attack": "Scimitar"}}),
        &[face],
    );
}

#[test]
fn reaction_spell_shield_turns_a_hit_into_a_miss() {
    let mut t = shield_fight();
    // 12 + 4 = 16 hits AC 14: the attack waits for Alice.
    gob_attacks_vera(&mut t, 12);
    let alice_view = Viewer::Player("alice".into());
    let asks = decisions(&t, &alice_view, "reaction_spell");
    assert_eq!(asks.len(), 1);
    assert!(decisions(&t, &Viewer::Player("bob".into()), "reaction_spell").is_empty());
    assert!(
        !t.log_for(&alice_view).to_string().contains("attack_rolled"),
        "the roll is not out before the answer"
    );
    let id = asks[0]["id"].as_str().unwrap().to_string();
    // Shield: AC 19, the 16 misses; a slot and the Reaction are spent.
    let ev = t.ok(
        &alice(),
        json!({"answer": {"decision": id, "option": "cast:0"}}),
        &[],
    );
    let roll = &rules_events(&ev, "attack_rolled")[0];
    assert_eq!(roll["hit"], json!(false));
    assert_eq!(t.hp("vera"), 24);
    let vera = t.creature("vera");
    assert_eq!(vera["ac_bonus"], json!(5));
    assert_eq!(vera["slots"]["spent"][0], json!(1));
    assert_eq!(vera["turn"]["reaction_available"], json!(false));
    // The bonus lasts until her next turn.
    t.clock(json!("end_turn"));
    assert_eq!(t.creature("vera")["ac_bonus"], json!(0));
    t.assert_replays();
}

#[test]
fn reaction_spell_declined_the_hit_lands_and_a_natural_20_asks_nothing() {
    let mut t = shield_fight();
    gob_attacks_vera(&mut t, 12);
    let id = decisions(&t, &Viewer::Referee, "reaction_spell")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    // No spell: the hit lands, 1d6+2 with a 3 deals 5.
    t.ok(
        &alice(),
        json!({"answer": {"decision": id, "option": "none"}}),
        &[3],
    );
    assert_eq!(t.hp("vera"), 19);
    assert_eq!(
        t.creature("vera")["turn"]["reaction_available"],
        json!(true)
    );
    // Next round, a natural 20: no prompt, a Critical Hit (2d6+2: 1 and 1 → 4).
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    t.dm(
        json!({"take_action": {"creature": "gob", "action": "attack"}}),
        &[],
    );
    t.dm(
        json!({"attack": {"attacker": "gob", "target": "vera", "attack": "Scimitar"}}),
        &[20, 1, 1],
    );
    assert!(decisions(&t, &Viewer::Referee, "reaction_spell").is_empty());
    assert_eq!(t.hp("vera"), 15);
}

#[test]
fn dd_act_17_an_opportunity_attack_answered_with_shield_holds_the_move() {
    let mut t = shield_fight();
    t.clock(json!("end_turn"));
    // Vera's turn again: she stands next to the goblin and walks away.
    for (id, x, y) in [("vera", 0, 0), ("gob", 1, 0)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0], [-2, 0]]}}),
        &[],
    );
    let id = decisions(&t, &Viewer::Referee, "opportunity_attack")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    // The goblin's 12 + 4 = 16 hits AC 14: Vera is asked before anything moves.
    t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "attack"}}),
        &[12],
    );
    assert_eq!(super::grid::pos(&t, "vera"), json!({"x": 0, "y": 0}));
    let id = decisions(&t, &Viewer::Player("alice".into()), "reaction_spell")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let ev = t.ok(
        &alice(),
        json!({"answer": {"decision": id, "option": "cast:0"}}),
        &[],
    );
    // Shield: the attack misses, then the move resolves.
    assert_eq!(rules_events(&ev, "attack_rolled")[0]["hit"], json!(false));
    assert_eq!(rules_events(&ev, "moved").len(), 1);
    assert_eq!(super::grid::pos(&t, "vera"), json!({"x": -2, "y": 0}));
    assert_eq!(t.hp("vera"), 24);
    t.assert_replays();
}
