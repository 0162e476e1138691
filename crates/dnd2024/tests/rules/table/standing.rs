//! Reactions of creatures the players may not see, settled by the Referee's standing orders
//! at once (no window, no wait), so nothing a player sees depends on whether such a creature
//! is there (DD-ACT-17, DD-ACT-13, DD-MAG-05, DD-MON-04, DD-VIS-10).

use super::grid::{decisions, pos, windows};
use super::*;

fn alice() -> Actor {
    player("alice")
}

fn alice_v() -> Viewer {
    Viewer::Player("alice".into())
}

/// What Alice receives of these events, bodies only.
fn alice_gets(events: &[Envelope]) -> Vec<Value> {
    engine::project_log(events, &alice_v())
        .into_iter()
        .map(|e| serde_json::to_value(&e.body).unwrap())
        .collect()
}

/// Every window or decision event among `events`, whoever sees it.
fn prompts(events: &[Envelope]) -> usize {
    events
        .iter()
        .filter(|e| {
            matches!(
                e.body,
                EventBody::WindowOpened { .. } | EventBody::DecisionOpened { .. }
            )
        })
        .count()
}

/// A lurker the players have never seen (hidden, as every monster until revealed), with a
/// scimitar (+4, 1d6+2).
fn lurker() -> Value {
    monster("lurk")
}

/// Vera and Bram fight (Vera acts first); the Referee slips `sheet`'s creature into the
/// combat unrevealed, last in the order, at (1, 0) next to Vera (or far off at (9, 9)). (The
/// combat order itself is public: players see that someone joined, not where it stands or
/// what it does.)
fn lurker_fight(sheet: Value, next_to_vera: bool) -> T {
    lurker_fight_with(party(), sheet, next_to_vera)
}

fn lurker_fight_with(mut t: T, sheet: Value, next_to_vera: bool) -> T {
    t.dm(json!({"add_creature": {"creature": sheet}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "bram"]}}),
        &[15, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "bram"]}}),
        &[],
    );
    t.clock(json!({"insert_combatant": {"who": "lurk", "place": "last"}}));
    let (x, y) = if next_to_vera { (1, 0) } else { (9, 9) };
    for (id, x, y) in [("vera", 0, 0), ("bram", 5, 5), ("lurk", x, y)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

fn walk_away(t: &mut T, faces: &[i64]) -> Vec<Envelope> {
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0], [-2, 0]]}}),
        faces,
    )
}

#[test]
fn dd_act_17_a_an_unseen_reactor_ordered_never_leaves_the_move_as_if_nobody_were_there() {
    let mut far = lurker_fight(lurker(), false);
    let past_nobody = walk_away(&mut far, &[]);
    for order in [None, Some("never")] {
        let mut near = lurker_fight(lurker(), true);
        if let Some(o) = order {
            near.dm(
                json!({"standing_orders": {"creature": "lurk", "opportunity_attacks": o}}),
                &[],
            );
        }
        let past_lurker = walk_away(&mut near, &[]);
        // No window, no prompt, no held part: Alice gets exactly what she gets with nobody.
        assert_eq!(prompts(&past_lurker), 0, "{order:?}");
        assert!(windows(&near, &Viewer::Referee).is_empty());
        assert_eq!(
            alice_gets(&past_lurker),
            alice_gets(&past_nobody),
            "{order:?}"
        );
        assert_eq!(
            near.table.view(&alice_v())["rules"],
            far.table.view(&alice_v())["rules"]
        );
        assert_eq!(pos(&near, "vera"), json!({"x": -2, "y": 0}));
        assert_eq!(
            near.creature("lurk")["turn"]["reaction_available"],
            json!(true)
        );
        near.assert_replays();
    }
    // The order is the Referee's alone.
    let mut t = lurker_fight(lurker(), true);
    t.dm(
        json!({"standing_orders": {"creature": "lurk", "opportunity_attacks": "always"}}),
        &[],
    );
    assert!(!t.log_for(&alice_v()).to_string().contains("standing"));
    assert!(!t.table.view(&alice_v()).to_string().contains("always"));
    let c = t.refused(
        &alice(),
        json!({"standing_orders": {"creature": "vera", "opportunity_attacks": "always"}}),
        &[],
    );
    assert!(c.to_lowercase().contains("referee"), "{c}");
}

#[test]
fn dd_act_17_b_an_unseen_reactor_ordered_always_strikes_in_the_same_command() {
    let mut t = lurker_fight(lurker(), true);
    t.dm(
        json!({"standing_orders": {"creature": "lurk", "opportunity_attacks": "always"}}),
        &[],
    );
    // 15 + 4 = 19 hits AC 14; 1d6+2 with a 3 deals 5; then the move resolves.
    let ev = walk_away(&mut t, &[15, 3]);
    assert_eq!(prompts(&ev), 0);
    assert_eq!(t.hp("vera"), 19);
    assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
    assert_eq!(
        t.creature("lurk")["turn"]["reaction_available"],
        json!(false)
    );
    // Just before she leaves reach: the attack comes before the move.
    let seen = alice_gets(&ev);
    let at = |name: &str| {
        seen.iter()
            .position(|e| e["event"].get(name).is_some())
            .unwrap_or_else(|| panic!("no {name}: {seen:?}"))
    };
    assert!(at("attack_rolled") < at("moved"));
    // An unseen attacker (DD-VIS-10): Alice learns she was attacked and hit, not by whom.
    let roll = &seen[at("attack_rolled")]["event"]["attack_rolled"];
    assert_eq!(roll["attacker"], json!("unseen"));
    assert_eq!(roll["hit"], json!(true));
    assert!(roll.get("outcome").is_none());
    assert!(!Value::Array(seen.clone()).to_string().contains("lurk"));
    t.assert_replays();
}

#[test]
fn dd_mag_05_a_an_unseen_targets_reaction_spell_is_cast_by_its_order_without_a_window() {
    let mut sheet = lurker();
    sheet["spell_slots"] = json!([1]);
    sheet["reaction_spells"] = json!([{"name": "Shield", "level": 1, "ac_bonus": 5}]);
    for (order, hp) in [("never", 2), ("always", 7)] {
        let mut t = lurker_fight(sheet.clone(), true);
        t.dm(
            json!({"standing_orders": {"creature": "lurk", "reaction_spells": order}}),
            &[],
        );
        t.dm(
            json!({"take_action": {"creature": "vera", "action": "attack"}}),
            &[],
        );
        // 12 + 4 = 16 hits AC 15, not AC 20: with Shield it misses (no damage die).
        let faces: &[i64] = if order == "never" { &[12, 3] } else { &[12] };
        let ev = t.dm(
            json!({"attack": {"attacker": "vera", "target": "lurk", "attack": "Rapier"}}),
            faces,
        );
        assert_eq!(prompts(&ev), 0, "{order}");
        assert_eq!(t.hp("lurk"), hp, "{order}");
        let spent = t.creature("lurk")["slots"]["spent"][0].clone();
        assert_eq!(spent, json!(if order == "always" { 1 } else { 0 }));
        t.assert_replays();
    }
}

#[test]
fn dd_mon_04_c_an_unseen_legendary_creature_acts_by_its_order_and_the_turn_moves_on() {
    let mut sheet = lurker();
    sheet["legendary"] = json!({"uses": 2, "actions": [
        {"name": "Slash", "cost": 1, "attack": "Scimitar"}, {"name": "Roar", "cost": 2}
    ]});
    let mut t = lurker_fight(sheet.clone(), true);
    // Never (the default): Vera's turn ends at once, nothing happens.
    let ev = t.act(&alice(), json!({"finish_turn": {"creature": "vera"}}), &[]);
    assert_eq!(prompts(&ev), 0);
    assert_eq!(t.hp("vera"), 24);
    assert_eq!(t.table.core().clock.acting(), Some("bram"));
    // Always: after Vera's turn (by the clock's own end_turn) the first affordable action,
    // Slash at her (15 + 4 hits, 1d6+2 with a 3); after Bram's, nothing it may take.
    let mut t = lurker_fight(sheet, true);
    t.dm(
        json!({"standing_orders": {"creature": "lurk", "legendary_actions": "always"}}),
        &[],
    );
    let ev = t.ok(&referee(), json!({"clock": "end_turn"}), &[15, 3]);
    assert_eq!(prompts(&ev), 0);
    let seen = Value::Array(alice_gets(&ev)).to_string();
    assert!(
        seen.contains("\"unseen\"") && !seen.contains("lurk"),
        "{seen}"
    );
    assert_eq!(t.hp("vera"), 19, "Slash: 5 damage");
    assert_eq!(t.creature("lurk")["legendary_used"], json!(1));
    assert_eq!(t.table.core().clock.acting(), Some("bram"));
    let ev = t.act(
        &player("bob"),
        json!({"finish_turn": {"creature": "bram"}}),
        &[],
    );
    assert_eq!(prompts(&ev), 0);
    assert!(
        rules_events(&ev, "legendary_taken").is_empty(),
        "Roar costs 2 of the 1 left; Slash strikes only the creature whose turn ended"
    );
    // (Its own turn starts now: the combat order is public.)
    assert_eq!(t.table.core().clock.acting(), Some("lurk"));
    t.assert_replays();
}

#[test]
fn dd_act_13_c_an_unseen_creatures_readied_attack_fires_on_the_referees_word() {
    let mut t = lurker_fight(lurker(), true);
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    assert_eq!(t.table.core().clock.acting(), Some("lurk"));
    t.dm(
        json!({"ready": {"creature": "lurk", "trigger": "the elf turns her back",
            "response": {"attack": {"attack": "Scimitar"}}}}),
        &[],
    );
    t.clock(json!("end_turn"));
    // Vera's turn: the Referee says the trigger happened; it strikes at once (15 + 4, 3 + 2).
    let ev = t.dm(
        json!({"trigger_ready": {"creature": "lurk", "target": "vera"}}),
        &[15, 3],
    );
    assert_eq!(prompts(&ev), 0);
    assert_eq!(t.hp("vera"), 19);
    assert!(t.creature("lurk")["readied"].is_null());
    // A player's readied attack may not name a creature the player does not see.
    t.act(
        &alice(),
        json!({"ready": {"creature": "vera", "trigger": "something moves",
            "response": {"attack": {"attack": "Rapier"}}}}),
        &[],
    );
    let c = t.refused(
        &referee(),
        json!({"trigger_ready": {"creature": "vera", "target": "lurk"}}),
        &[],
    );
    assert_eq!(c, "bad_trigger");
    t.assert_replays();
}

#[test]
fn dd_act_17_an_asked_reactor_still_gets_its_window_beside_an_unseen_one() {
    let mut t = lurker_fight(lurker(), true);
    // The goblin (seen) stands next to Vera too: it is asked; the lurker strikes first.
    t.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    t.clock(json!({"insert_combatant": {"who": "gob", "place": "last"}}));
    t.dm(json!({"place": {"creature": "gob", "x": 0, "y": 1}}), &[]);
    t.dm(
        json!({"standing_orders": {"creature": "lurk", "opportunity_attacks": "always"}}),
        &[],
    );
    // The first step (to (-1, 0)) leaves the lurker's reach only; the second (to (-2, 0))
    // leaves the goblin's. The lurker misses (a 2).
    walk_away(&mut t, &[2]);
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
    let asks = decisions(&t, &Viewer::Referee, "opportunity_attack");
    assert_eq!(asks.len(), 1);
    assert_eq!(asks[0]["args"]["by"], json!("gob"));
    assert_eq!(
        windows(&t, &alice_v()).len(),
        1,
        "a seen goblin's window is public"
    );
    let id = asks[0]["id"].as_str().unwrap().to_string();
    t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "decline"}}),
        &[],
    );
    assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
    t.assert_replays();
}

#[test]
fn dd_vis_10_a_hit_by_an_unseen_attacker_the_shield_prompt_names_nobody() {
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
    t.dm(
        json!({"add_creature": {"creature": character("bram", 20), "player": "bob"}}),
        &[],
    );
    let mut t = lurker_fight_with(t, lurker(), true);
    t.dm(
        json!({"standing_orders": {"creature": "lurk", "opportunity_attacks": "always"}}),
        &[],
    );
    // 12 + 4 = 16 hits AC 14: Alice perceives the hit and may answer it, not who struck.
    walk_away(&mut t, &[12]);
    let asks = decisions(&t, &alice_v(), "reaction_spell");
    assert_eq!(asks.len(), 1);
    assert_eq!(
        asks[0]["args"]["trigger"],
        json!({"hit": {"attacker": null, "attack": null}})
    );
    let shown = asks[0].to_string();
    assert!(
        !shown.contains("lurk") && !shown.contains("Goblin"),
        "{shown}"
    );
    assert_eq!(
        pos(&t, "vera"),
        json!({"x": 0, "y": 0}),
        "the move waits for her"
    );
    let id = asks[0]["id"].as_str().unwrap().to_string();
    // Shield: AC 19, the 16 misses; then the move resolves.
    t.ok(
        &alice(),
        json!({"answer": {"decision": id, "option": "cast:0"}}),
        &[],
    );
    assert_eq!(t.hp("vera"), 24);
    assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
    t.assert_replays();
}
