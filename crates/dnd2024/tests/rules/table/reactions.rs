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
