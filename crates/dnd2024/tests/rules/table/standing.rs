//! Reactions of creatures the players may not see, settled by the Referee's standing orders
//! at once (no window, no wait), so nothing a player sees depends on whether such a creature
//! is there (DD-ACT-17, DD-ACT-13, DD-MAG-05, DD-MON-04, DD-VIS-10).

use super::grid::{decisions, grid_fight, pos, windows};
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
    // Alice perceives an unseen creature's readied strike at her: not who, nor its trigger
    // (the Referee's words), nor its attack.
    let taken: Vec<Value> = alice_gets(&ev)
        .into_iter()
        .filter_map(|e| e["event"].get("ready_taken").cloned())
        .collect();
    assert_eq!(
        taken,
        [
            json!({"creature": "unseen", "response": {"attack": {"attack": "unseen"}},
            "target": "vera"})
        ]
    );
    assert!(!t.log_for(&alice_v()).to_string().contains("turns her back"));
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
    t.ask_all("gob");
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

// Creatures in plain view that the Referee runs: by default their orders settle their
// reactions too, so no player's command waits to show that a monster may react.

/// Alice walks Vera away from the goblin beside her (`grid_fight`): two squares west.
fn walk_away_from_goblin(t: &mut T, faces: &[i64]) -> Vec<Envelope> {
    t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0], [-2, 0]]}}),
        faces,
    )
}

#[test]
fn dd_act_17_a_a_seen_monster_reacts_by_its_order_and_the_move_never_waits() {
    // The same walk with the goblin far off: what Alice gets past nobody.
    let mut far = grid_fight();
    far.dm(json!({"place": {"creature": "gob", "x": 9, "y": 9}}), &[]);
    let past_nobody = walk_away_from_goblin(&mut far, &[]);
    // Never (the default, or said): no window, no wait, the goblin keeps its Reaction.
    for order in [None, Some("never")] {
        let mut t = grid_fight();
        if let Some(o) = order {
            t.dm(
                json!({"standing_orders": {"creature": "gob", "opportunity_attacks": o}}),
                &[],
            );
        }
        let ev = walk_away_from_goblin(&mut t, &[]);
        assert_eq!(prompts(&ev), 0, "{order:?}");
        assert!(windows(&t, &Viewer::Referee).is_empty());
        assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
        assert_eq!(alice_gets(&ev), alice_gets(&past_nobody), "{order:?}");
        assert_eq!(t.creature("gob")["turn"]["reaction_available"], json!(true));
        t.assert_replays();
    }
    // Always: it strikes in the same command, before she leaves its reach, in plain view
    // (15 + 4 hits AC 14; 1d6+2 with a 4 deals 6).
    let mut t = grid_fight();
    t.dm(
        json!({"standing_orders": {"creature": "gob", "opportunity_attacks": "always"}}),
        &[],
    );
    let ev = walk_away_from_goblin(&mut t, &[15, 4]);
    assert_eq!(prompts(&ev), 0);
    assert_eq!(t.hp("vera"), 18);
    assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
    let seen = alice_gets(&ev);
    let at = |name: &str| {
        seen.iter()
            .position(|e| e["event"].get(name).is_some())
            .unwrap_or_else(|| panic!("no {name}: {seen:?}"))
    };
    assert!(at("attack_rolled") < at("moved"));
    assert_eq!(
        seen[at("attack_rolled")]["event"]["attack_rolled"]["attacker"],
        json!("gob")
    );
    assert_eq!(
        t.creature("gob")["turn"]["reaction_available"],
        json!(false)
    );
    t.assert_replays();
}

/// Vera (Alice) and Bram (Bob) fight a goblin in plain view that knows Shield (one slot);
/// Vera's turn, her Attack action taken.
fn seen_shield_goblin() -> T {
    let mut t = T::new();
    for p in ["alice", "bob"] {
        t.ok(
            &referee(),
            json!({"join": {"name": p, "role": "player"}}),
            &[],
        );
    }
    t.dm(
        json!({"add_creature": {"creature": character("vera", 24), "player": "alice"}}),
        &[],
    );
    t.dm(
        json!({"add_creature": {"creature": character("bram", 20), "player": "bob"}}),
        &[],
    );
    let mut gob = monster("gob");
    gob["spell_slots"] = json!([1]);
    gob["reaction_spells"] = json!([{"name": "Shield", "level": 1, "ac_bonus": 5}]);
    t.dm(json!({"add_creature": {"creature": gob}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "gob", "bram"]}}),
        &[15, 10, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "gob", "bram"]}}),
        &[],
    );
    t.act(
        &alice(),
        json!({"take_action": {"creature": "vera", "action": "attack"}}),
        &[],
    );
    t
}

#[test]
fn dd_mag_05_a_a_seen_monsters_reaction_spell_never_holds_the_attack() {
    for order in [None, Some("never"), Some("always")] {
        let mut t = seen_shield_goblin();
        if let Some(o) = order {
            t.dm(
                json!({"standing_orders": {"creature": "gob", "reaction_spells": o}}),
                &[],
            );
        }
        // 12 + 4 = 16 hits AC 15, not AC 20: with Shield it misses (no damage die).
        let always = order == Some("always");
        let faces: &[i64] = if always { &[12] } else { &[12, 3] };
        let ev = t.act(
            &alice(),
            json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
            faces,
        );
        assert_eq!(prompts(&ev), 0, "{order:?}");
        // The roll reaches Alice in the same command: nothing waits on the goblin.
        let seen = alice_gets(&ev);
        let rolled: Vec<&Value> = seen
            .iter()
            .filter_map(|e| e["event"].get("attack_rolled"))
            .collect();
        assert_eq!(rolled.len(), 1, "{order:?}");
        assert_eq!(rolled[0]["hit"], json!(!always));
        // A spell cast is seen (it is cast in plain view); none is, when none is cast.
        let cast = seen
            .iter()
            .any(|e| e["event"].get("reaction_spell_cast").is_some());
        assert_eq!(cast, always, "{order:?}");
        assert_eq!(t.hp("gob"), if always { 7 } else { 2 });
        assert_eq!(
            t.creature("gob")["slots"]["spent"][0],
            json!(if always { 1 } else { 0 })
        );
        t.assert_replays();
    }
}

/// Vera, a legendary chief in plain view (Slash 1 use, Roar 2 of 3) and Bram, in that order.
fn seen_legendary_chief() -> T {
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
fn dd_mon_04_c_a_seen_legendary_monster_acts_by_its_order_and_the_turn_never_waits() {
    // Never (the default): Vera's turn ends at once; nothing shows the chief's uses.
    let mut t = seen_legendary_chief();
    let ev = t.act(&alice(), json!({"finish_turn": {"creature": "vera"}}), &[]);
    assert_eq!(prompts(&ev), 0);
    assert_eq!(t.table.core().clock.acting(), Some("chief"));
    let log = t.log_for(&alice_v()).to_string();
    assert!(
        !log.contains("legendary_actions") && !log.contains("legendary_taken"),
        "{log}"
    );
    // Always: Slash at Vera (15 + 4 hits, 1d6+2 with a 5 deals 7), in plain view, then the
    // turn changes in the same command.
    let mut t = seen_legendary_chief();
    t.dm(
        json!({"standing_orders": {"creature": "chief", "legendary_actions": "always"}}),
        &[],
    );
    let ev = t.act(
        &alice(),
        json!({"finish_turn": {"creature": "vera"}}),
        &[15, 5],
    );
    assert_eq!(prompts(&ev), 0);
    assert_eq!(t.hp("vera"), 17);
    let taken: Vec<Value> = alice_gets(&ev)
        .into_iter()
        .filter_map(|e| e["event"].get("legendary_taken").cloned())
        .collect();
    assert_eq!(
        taken,
        [json!({"creature": "chief", "action": "Slash", "cost": 1, "target": "vera"})]
    );
    assert_eq!(t.table.core().clock.acting(), Some("chief"));
    t.assert_replays();
}

#[test]
fn dd_act_17_ask_for_a_creature_the_players_may_not_see_acts_as_never() {
    let mut sheet = lurker();
    sheet["legendary"] = json!({"uses": 2, "actions": [{"name": "Roar", "cost": 1}]});
    let mut far = lurker_fight(sheet.clone(), false);
    let past_nobody = walk_away(&mut far, &[]);
    let mut t = lurker_fight(sheet, true);
    t.ask_all("lurk");
    // No window for its Opportunity Attack: the move is as past nobody.
    let ev = walk_away(&mut t, &[]);
    assert_eq!(prompts(&ev), 0);
    assert_eq!(alice_gets(&ev), alice_gets(&past_nobody));
    assert_eq!(pos(&t, "vera"), json!({"x": -2, "y": 0}));
    // Nor for its Legendary Actions: the turn moves on.
    let ev = t.act(&alice(), json!({"finish_turn": {"creature": "vera"}}), &[]);
    assert_eq!(prompts(&ev), 0);
    assert_eq!(t.table.core().clock.acting(), Some("bram"));
    assert_eq!(t.creature("lurk")["legendary_used"], json!(0));
    // Revealed, the same order asks the Referee (the pause is the price of control).
    t.dm(json!({"reveal_creature": {"creature": "lurk"}}), &[]);
    t.act(
        &player("bob"),
        json!({"finish_turn": {"creature": "bram"}}),
        &[],
    );
    assert_eq!(
        decisions(&t, &Viewer::Referee, "legendary_actions").len(),
        1
    );
    assert_eq!(
        t.table.core().clock.acting(),
        Some("bram"),
        "the turn waits"
    );
    t.assert_replays();
}

#[test]
fn standing_orders_of_a_seen_creature_are_the_referees_alone() {
    let mut t = grid_fight();
    let before = t.log_for(&alice_v());
    t.ask_all("gob");
    t.dm(
        json!({"standing_orders": {"creature": "gob", "reaction_spells": "always"}}),
        &[],
    );
    assert_eq!(t.log_for(&alice_v()), before);
    let view = t.table.view(&alice_v()).to_string();
    assert!(
        !view.contains("standing") && !view.contains("\"ask\""),
        "{view}"
    );
    assert_eq!(
        t.state()["standing_orders"]["gob"],
        json!({"opportunity_attacks": "ask", "reaction_spells": "always",
            "legendary_actions": "ask"})
    );
    // A player may not set them, not even for their own character.
    let c = t.refused(
        &alice(),
        json!({"standing_orders": {"creature": "gob", "opportunity_attacks": "never"}}),
        &[],
    );
    assert!(c.to_lowercase().contains("referee"), "{c}");
}

#[test]
fn dd_act_13_c_an_unseen_creatures_readied_move_adds_nothing_to_players_logs() {
    let mut t = lurker_fight(lurker(), true);
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    t.dm(
        json!({"ready": {"creature": "lurk", "trigger": "the door creaks",
            "response": {"move": {"feet": 15}}}}),
        &[],
    );
    t.clock(json!("end_turn"));
    let before = t.log_for(&alice_v());
    let ev = t.dm(json!({"trigger_ready": {"creature": "lurk"}}), &[]);
    assert_eq!(rules_events(&ev, "ready_taken").len(), 1);
    assert_eq!(t.log_for(&alice_v()), before);
    t.assert_replays();
}

#[test]
fn dd_act_13_c_a_seen_monsters_readied_attack_fires_at_once_without_its_trigger() {
    let mut t = grid_fight();
    // The goblin's turn: it readies its scimitar for a trigger only the Referee knows.
    t.clock(json!("end_turn"));
    t.dm(
        json!({"ready": {"creature": "gob", "trigger": "SECRET-TRIGGER",
            "response": {"attack": {"attack": "Scimitar"}}}}),
        &[],
    );
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    assert_eq!(t.table.core().clock.acting(), Some("vera"));
    // The Referee's word is the answer: no window; 15 + 4 hits, 1d6+2 with a 3 deals 5.
    let ev = t.dm(
        json!({"trigger_ready": {"creature": "gob", "target": "vera"}}),
        &[15, 3],
    );
    assert_eq!(prompts(&ev), 0);
    assert_eq!(t.hp("vera"), 19);
    let taken: Vec<Value> = alice_gets(&ev)
        .into_iter()
        .filter_map(|e| e["event"].get("ready_taken").cloned())
        .collect();
    assert_eq!(
        taken,
        [
            json!({"creature": "gob", "response": {"attack": {"attack": "Scimitar"}},
            "target": "vera"})
        ]
    );
    assert_eq!(
        rules_events(&ev, "ready_taken")[0]["trigger"],
        json!("SECRET-TRIGGER")
    );
    assert!(!t.log_for(&alice_v()).to_string().contains("SECRET-TRIGGER"));
    t.assert_replays();
}

#[test]
fn dd_act_17_a_no_opportunity_attack_through_a_wall_even_ordered_always() {
    // A goblin with a 10-ft reach two squares from Vera, a wall between them.
    let mut t = grid_fight();
    let mut long = monster("pike");
    long["attacks"][0]["reach_ft"] = json!(10);
    t.dm(json!({"add_creature": {"creature": long}}), &[]);
    t.dm(json!({"reveal_creature": {"creature": "pike"}}), &[]);
    t.clock(json!({"insert_combatant": {"who": "pike", "place": "last"}}));
    t.dm(json!({"place": {"creature": "gob", "x": 9, "y": 9}}), &[]);
    t.dm(json!({"place": {"creature": "pike", "x": 2, "y": 0}}), &[]);
    t.dm(
        json!({"set_map": {"cells": [
            {"x": 1, "y": -1, "obstacle": "wall"}, {"x": 1, "y": 0, "obstacle": "wall"},
            {"x": 1, "y": 1, "obstacle": "wall"}]}}),
        &[],
    );
    t.dm(
        json!({"standing_orders": {"creature": "pike", "opportunity_attacks": "always"}}),
        &[],
    );
    // It neither sees her leave nor could strike through the wall: the move just resolves.
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[],
    );
    assert!(rules_events(&ev, "attack_rolled").is_empty());
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
    assert_eq!(
        t.creature("pike")["turn"]["reaction_available"],
        json!(true)
    );
}
