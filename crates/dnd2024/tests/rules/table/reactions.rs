//! Readied actions through interrupt windows (DD-ACT-13).

use super::grid::{decisions, grid_fight, windows};
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

#[test]
fn dd_mon_04_c_legendary_actions_follow_the_clocks_own_end_turn() {
    let mut t = legendary_fight();
    // The clock's end_turn (not finish_turn): the engine's before-turn-end hook holds it.
    t.clock(json!("end_turn"));
    let asks = decisions(&t, &Viewer::Referee, "legendary_actions");
    assert_eq!(asks.len(), 1);
    assert_eq!(
        t.table.core().clock.acting(),
        Some("vera"),
        "the turn waits"
    );
    let id = asks[0]["id"].as_str().unwrap().to_string();
    let ev = t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "1"}}),
        &[],
    );
    assert_eq!(
        rules_events(&ev, "legendary_taken")[0]["action"],
        json!("Roar")
    );
    // Then the turn changes, and the hook is not asked again for it.
    assert_eq!(t.table.core().clock.acting(), Some("chief"));
    assert!(windows(&t, &Viewer::Referee).is_empty());
    t.assert_replays();
}

fn options_of(args: &Value) -> Vec<Value> {
    args["options"].as_array().cloned().unwrap_or_default()
}

#[test]
fn reaction_prompts_carry_structured_args() {
    // Legendary: who, after whom, the uses left, each option with its action, cost, target.
    let mut t = legendary_fight();
    t.act(&alice(), json!({"finish_turn": {"creature": "vera"}}), &[]);
    let args = decisions(&t, &Viewer::Referee, "legendary_actions")[0]["args"].clone();
    assert_eq!(args["creature"], json!("chief"));
    assert_eq!(args["after"], json!("vera"));
    assert_eq!(args["uses_left"], json!(3));
    assert_eq!(args["decline"], json!("pass"));
    let opts = options_of(&args);
    assert_eq!(
        opts[0],
        json!({"id": "0:vera", "action": "Slash", "cost": 1, "attack": "Scimitar",
            "target": "vera"})
    );
    assert_eq!(
        opts[2],
        json!({"id": "1", "action": "Roar", "cost": 2, "attack": null, "target": null})
    );
    // Readied: the trigger in the player's words, the response, the target.
    let mut t = grid_fight();
    ready_rapier(&mut t);
    t.clock(json!("end_turn"));
    t.dm(
        json!({"trigger_ready": {"creature": "vera", "target": "gob"}}),
        &[],
    );
    let args = decisions(&t, &Viewer::Player("alice".into()), "readied_trigger")[0]["args"].clone();
    assert_eq!(args["creature"], json!("vera"));
    assert_eq!(args["trigger"], json!("the goblin raises its blade"));
    assert_eq!(args["response"], json!({"attack": {"attack": "Rapier"}}));
    assert_eq!(args["target"], json!("gob"));
    assert_eq!(options_of(&args)[0]["cost"], json!("reaction"));
    // Reaction spell: the hit that triggers it, each spell with its level and bonus.
    let mut t = shield_fight();
    gob_attacks_vera(&mut t, 12);
    let args = decisions(&t, &Viewer::Player("alice".into()), "reaction_spell")[0]["args"].clone();
    assert_eq!(args["creature"], json!("vera"));
    assert_eq!(
        args["trigger"],
        json!({"hit": {"attacker": "gob", "attack": "Scimitar"}})
    );
    assert_eq!(
        options_of(&args),
        [
            json!({"id": "cast:0", "spell": "Shield", "level": 1, "slot_level": 1,
            "ac_bonus": 5})
        ]
    );
}

/// A hostile caster with Counterspell (level 3, a spell cast within 60 ft) and one 3rd-level
/// slot, `shaman`, at (6, 0); Vera at (0, 0) on her turn.
fn counter_fight() -> T {
    let mut t = party();
    let mut shaman = monster("shaman");
    shaman["spell_slots"] = json!([0, 0, 1]);
    shaman["reaction_spells"] =
        json!([{"name": "Counterspell", "level": 3, "trigger": {"spell_cast": {"range_ft": 60}}}]);
    t.dm(json!({"add_creature": {"creature": shaman}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "shaman", "bram"]}}),
        &[15, 10, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "shaman", "bram"]}}),
        &[],
    );
    for (id, x, y) in [("vera", 0, 0), ("shaman", 6, 0), ("bram", -5, 0)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t
}

fn bless(t: &mut T) -> Vec<Envelope> {
    t.act(
        &alice(),
        json!({"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1,
            "casting_time": "action", "concentration": true}}),
        &[],
    )
}

#[test]
fn dd_mag_05_a_a_spell_cast_in_range_may_be_stopped_by_a_reaction_spell() {
    let mut t = counter_fight();
    bless(&mut t);
    // The casting is spent at once; the spell waits for the shaman's Referee.
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(1));
    assert!(
        !t.creature("vera")["concentration"]
            .to_string()
            .contains("Bless")
    );
    let asks = decisions(&t, &Viewer::Referee, "counter_spell");
    assert_eq!(asks.len(), 1);
    assert_eq!(
        asks[0]["args"]["trigger"],
        json!({"spell_cast": {"caster": "vera"}})
    );
    assert_eq!(
        options_of(&asks[0]["args"])[0]["spell"],
        json!("Counterspell")
    );
    let id = asks[0]["id"].as_str().unwrap().to_string();
    let ev = t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "cast:0"}}),
        &[],
    );
    let stopped = rules_events(&ev, "spell_stopped");
    assert_eq!(stopped[0]["spell"], json!("Bless"));
    assert_eq!(stopped[0]["by"], json!("shaman"));
    // Bless never took hold; Vera's slot and action stay spent; the shaman's are spent.
    assert!(
        !t.creature("vera")["concentration"]
            .to_string()
            .contains("Bless")
    );
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(1));
    assert_eq!(t.creature("vera")["turn"]["action_used"], json!(true));
    let shaman = t.creature("shaman");
    assert_eq!(shaman["slots"]["spent"][2], json!(1));
    assert_eq!(shaman["turn"]["reaction_available"], json!(false));
    t.assert_replays();
}

#[test]
fn dd_mag_05_a_a_declined_or_out_of_range_stop_lets_the_spell_take_effect() {
    let mut t = counter_fight();
    bless(&mut t);
    let id = decisions(&t, &Viewer::Referee, "counter_spell")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "none"}}),
        &[],
    );
    assert!(
        t.creature("vera")["concentration"]
            .to_string()
            .contains("Bless")
    );
    assert_eq!(
        t.creature("shaman")["turn"]["reaction_available"],
        json!(true)
    );
    // Beyond 60 ft nobody is asked: the spell takes effect in the same command.
    let mut t = counter_fight();
    t.dm(
        json!({"place": {"creature": "shaman", "x": 13, "y": 0}}),
        &[],
    );
    let ev = bless(&mut t);
    assert!(decisions(&t, &Viewer::Referee, "counter_spell").is_empty());
    assert!(
        ev.iter()
            .all(|e| !matches!(e.body, EventBody::WindowOpened { .. }))
    );
    assert!(
        t.creature("vera")["concentration"]
            .to_string()
            .contains("Bless")
    );
    // A sheet's stopping spell needs a range and no AC bonus.
    let mut bad = monster("bad");
    bad["reaction_spells"] =
        json!([{"name": "X", "level": 3, "trigger": {"spell_cast": {"range_ft": 0}}}]);
    let c = t.refused(&referee(), json!({"add_creature": {"creature": bad}}), &[]);
    assert_eq!(c, "bad_creature");
}

/// A fire cone from Vera toward the east, far from everyone (no target, no dice).
fn cone(spell: Value) -> Value {
    let mut a = json!({"area_effect": {"caster": "vera", "name": "Burning Hands",
        "shape": "cone", "size_ft": 15, "origin": {"x2": 0, "y2": 1},
        "toward": {"x2": -8, "y2": 1}, "save": {"ability": "dexterity", "dc": 13},
        "damage": [{"dice": "3d6", "damage_type": "fire"}], "half_on_success": true}});
    if !spell.is_null() {
        a["area_effect"]["spell"] = spell;
    }
    a
}

#[test]
fn dd_mag_04_a_an_area_spell_spends_its_slot_and_the_one_slot_per_turn_limit() {
    let mut t = grid_fight();
    // Without `spell`: an area that is no casting spends nothing.
    t.act(&alice(), cone(Value::Null), &[]);
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(0));
    assert_eq!(t.creature("vera")["turn"]["action_used"], json!(false));
    // Burning Hands as a level-1 spell: the action and a level-1 slot.
    t.act(&alice(), cone(json!({"level": 1})), &[]);
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(1));
    assert_eq!(t.creature("vera")["turn"]["action_used"], json!(true));
    // A Bonus Action spell with a slot on the same turn: one slot per turn (DD-MAG-04.a).
    let c = t.refused(
        &alice(),
        cone(json!({"level": 1, "casting_time": "bonus_action"})),
        &[],
    );
    assert_eq!(c, "slot_spent_this_turn");
    // Next round: the second slot, then none left (DD-MAG-03.a).
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    t.act(&alice(), cone(json!({"level": 1})), &[]);
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(2));
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    let c = t.refused(&alice(), cone(json!({"level": 1})), &[]);
    assert_eq!(c, "no_slot");
    t.assert_replays();
}

#[test]
fn dd_mag_05_a_an_area_spell_stopped_places_no_area_but_stays_spent() {
    let mut t = counter_fight();
    t.act(&alice(), cone(json!({"level": 1})), &[]);
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(1));
    let id = decisions(&t, &Viewer::Referee, "counter_spell")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let ev = t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "cast:0"}}),
        &[],
    );
    assert_eq!(rules_events(&ev, "spell_stopped").len(), 1);
    assert!(rules_events(&ev, "area_placed").is_empty());
    // Not stopped: the area falls when the window closes.
    let mut t = counter_fight();
    t.act(&alice(), cone(json!({"level": 1})), &[]);
    let w = windows(&t, &Viewer::Referee)[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let ev = t.clock(json!({"close_window": {"id": w}}));
    assert_eq!(rules_events(&ev, "area_placed").len(), 1);
    t.assert_replays();
}

#[test]
fn dd_mag_05_a_an_unseen_stopper_acts_by_its_order_and_players_see_no_name() {
    let mut t = counter_fight();
    // The shaman hides from the party (the Referee's): its order stops spells.
    t.dm(
        json!({"set_map": {"cells": [{"x": 3, "y": -1, "obstacle": "wall"},
        {"x": 3, "y": 0, "obstacle": "wall"}, {"x": 3, "y": 1, "obstacle": "wall"}]}}),
        &[],
    );
    t.clock(json!("end_turn"));
    t.dm(
        json!({"hide": {"creature": "shaman", "heavily_obscured": true}}),
        &[15],
    );
    t.dm(json!({"set_map": {"cells": []}}), &[]);
    t.dm(
        json!({"standing_orders": {"creature": "shaman", "reaction_spells": "always"}}),
        &[],
    );
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    let ev = bless(&mut t);
    assert!(
        ev.iter()
            .all(|e| !matches!(e.body, EventBody::WindowOpened { .. }))
    );
    assert!(
        !t.creature("vera")["concentration"]
            .to_string()
            .contains("Bless")
    );
    let seen: Vec<Value> = engine::project_log(&ev, &Viewer::Player("alice".into()))
        .into_iter()
        .filter_map(|e| match &e.body {
            EventBody::Rules { event } => event.get("spell_stopped").cloned(),
            _ => None,
        })
        .collect();
    assert_eq!(
        seen,
        [json!({"caster": "vera", "spell": "Bless", "by": "unseen", "with": ""})]
    );
    t.assert_replays();
}

#[test]
fn dd_mon_04_c_a_legendary_attack_answered_with_shield_still_comes_before_the_turn_change() {
    let mut t = T::new();
    t.ok(
        &referee(),
        json!({"join": {"name": "alice", "role": "player"}}),
        &[],
    );
    let mut vera = character("vera", 24);
    vera["reaction_spells"] = json!([{"name": "Shield", "level": 1, "ac_bonus": 5}]);
    t.dm(
        json!({"add_creature": {"creature": vera, "player": "alice"}}),
        &[],
    );
    let mut chief = monster("chief");
    chief["legendary"] =
        json!({"uses": 1, "actions": [{"name": "Slash", "cost": 1, "attack": "Scimitar"}]});
    t.dm(json!({"add_creature": {"creature": chief}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "chief"]}}),
        &[15, 10],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "chief"]}}),
        &[],
    );
    t.clock(json!("end_turn"));
    let id = decisions(&t, &Viewer::Referee, "legendary_actions")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    // Slash at Vera: 12 + 4 = 16 hits AC 14; she may answer with Shield, and the turn change
    // waits for her too (the window opened as the held turn change resolved holds it).
    t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "0:vera"}}),
        &[12],
    );
    assert_eq!(t.table.core().clock.acting(), Some("vera"));
    let id = decisions(&t, &Viewer::Player("alice".into()), "reaction_spell")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    t.ok(
        &alice(),
        json!({"answer": {"decision": id, "option": "cast:0"}}),
        &[],
    );
    assert_eq!(t.hp("vera"), 24);
    assert_eq!(t.table.core().clock.acting(), Some("chief"));
    t.assert_replays();
}
