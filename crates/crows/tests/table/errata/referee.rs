//! The Referee's decisions (CR-REF) as the table plays them: each is a Referee-only command or
//! a pending decision the Referee answers, never a silent pick by the engine.

use super::common::*;
use super::travel::{begin, declare, faces, setup as travel_setup};

/// A player's attempt at the Referee's call is refused (by permission or by the rule that
/// reserves it) and changes nothing.
fn not_allowed(t: &mut T, actor: &Actor, cmd: Value) {
    let before = t.table.state_json();
    let e = t.run(actor, cmd.clone(), &[]).unwrap_err();
    assert!(
        matches!(e, EngineError::NotAllowed(_) | EngineError::Rule(_)),
        "{cmd}: {e}"
    );
    assert_eq!(t.table.state_json(), before, "a refusal changes nothing");
}

#[test]
fn cr_ref_01_house_rules_are_the_referees_alone() {
    let mut t = party();
    let change = r(json!({"set_house_rules": {"dungeon_turn_minutes": 20}}));
    not_allowed(&mut t, &player("alice"), change.clone());
    t.ok(&referee(), change, &[]);
    assert!(
        t.state()
            .to_string()
            .contains("\"dungeon_turn_minutes\":20")
    );
}

#[test]
fn cr_ref_03_the_referee_names_the_tests_characteristic() {
    let mut t = party();
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"test": {"creature": "vera", "characteristic": "mind"}})),
    );
    t.referee_rules(
        json!({"test": {"creature": "vera", "characteristic": "strength"}}),
        &[4, 4],
    );
    assert_eq!(
        t.state()["last_tests"]["vera"]["spec"]["characteristic"],
        "strength"
    );
}

#[test]
fn cr_ref_06_crit_and_doom_consequences_are_asked_of_the_referee() {
    let mut t = party();
    for (faces, word) in [([10, 10], "crit"), ([1, 1], "doom")] {
        t.referee_rules(
            json!({"test": {"creature": "bram", "characteristic": "mind"}}),
            &faces,
        );
        let d: Vec<engine::Decision> = t
            .table
            .core()
            .decisions
            .iter()
            .filter(|d| d.kind.contains(word))
            .cloned()
            .collect();
        assert_eq!(d.len(), 1, "{word}: {:?}", t.table.core().decisions);
        assert_eq!(d[0].answerer, engine::Answerer::Referee);
        let option = d[0].options[0].id.clone();
        let e = t
            .answer(&player("bob"), &d[0].id, &option, None)
            .unwrap_err();
        assert!(matches!(e, EngineError::WrongAnswerer { .. }), "{e}");
        t.answer(&referee(), &d[0].id, &option, Some("ruled"))
            .unwrap();
    }
}

#[test]
fn cr_ref_15_zero_stamina_asks_the_referee_kill_or_knock_out() {
    let mut t = party();
    goblin(&mut t);
    t.referee_rules(
        json!({"damage": {"creature": "goblin", "amount": 2, "by_player": true}}),
        &[],
    );
    let d = t.decision("crows.knock_out");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    assert_eq!(t.creature("goblin")["alive"], true, "nothing decided yet");
    t.answer(&referee(), &d.id, "kill", None).unwrap();
    assert_eq!(t.creature("goblin")["alive"], false);
}

#[test]
fn cr_ref_17_the_referee_names_the_surprised() {
    let mut t = sword_and_ghoul(20);
    place_ghoul_as_spider(&mut t, "vera", 0, 0, "crows");
    place_ghoul_as_spider(&mut t, "ghoul", 1, 0, "enemies");
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"start_combat": {"surprised": ["ghoul"]}})),
    );
    t.referee_rules(json!({"start_combat": {"surprised": ["ghoul"]}}), &[]);
    initiative(&mut t, "alice", 2);
    // The enemies would go first, but the surprised ghoul sits out round 1.
    assert_eq!(fight(&t)["order"], json!(["vera"]));
}

#[test]
fn cr_ref_18_the_referee_picks_the_initiative_roller_and_orders_the_enemies() {
    let mut t = ghoul_and_rat();
    place_ghoul_as_spider(&mut t, "vera", 0, 0, "crows");
    place_ghoul_as_spider(&mut t, "ghoul", 3, 0, "enemies");
    place_ghoul_as_spider(&mut t, "rat", 4, 0, "enemies");
    t.referee_rules(json!({"start_combat": {}}), &[]);
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"order_side": {"side": "enemies", "order": ["rat", "ghoul"]}})),
    );
    t.referee_rules(
        json!({"order_side": {"side": "enemies", "order": ["rat", "ghoul"]}}),
        &[],
    );
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"roll_initiative": {"roller": "alice"}})),
    );
    t.referee_rules(json!({"roll_initiative": {"roller": "bob"}}), &[]);
    let d = t.decision("crows.combat.initiative");
    assert_eq!(d.answerer, engine::Answerer::Player("bob".into()));
    t.run(
        &player("bob"),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[2],
    )
    .unwrap();
    assert_eq!(fight(&t)["order"], json!(["rat", "ghoul", "vera"]));
}

#[test]
fn cr_ref_20_the_referee_rules_what_an_improvised_act_costs() {
    let mut t = sword_and_ghoul(20);
    place_ghoul_as_spider(&mut t, "vera", 0, 0, "crows");
    start(&mut t, &["vera"]);
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"free_act": {"creature": "vera", "cost": "free"}})),
    );
    t.referee_rules(
        json!({"free_act": {"creature": "vera", "cost": "action", "what": "swings on a rope"}}),
        &[],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["actions"], 1);
}

#[test]
fn cr_ref_22_the_referee_picks_the_ally_a_stray_shot_hits() {
    let mut t = sword_and_ghoul(20);
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "short-bow",
            "slots": [{"kind": "Hand", "number": 1}, {"kind": "Hand", "number": 2}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "arrows",
            "slots": [{"kind": "Belt", "number": 1}]}}),
        &[],
    );
    t.referee_rules(
        json!({"create_creature": {"id": "hugo", "kind": "hireling",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 4}}),
        &[],
    );
    place_ghoul_as_spider(&mut t, "vera", 2, 0, "crows");
    place_ghoul_as_spider(&mut t, "hugo", 3, 1, "crows");
    place_ghoul_as_spider(&mut t, "bram", 0, 3, "crows");
    place_ghoul_as_spider(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["bram", "vera", "hugo"]);
    // A miss (2 + 4) with an odd d6: the arrow strays into an ally next to the ghoul.
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2}})),
        &[2, 4, 5],
    );
    let d = t.decision("crows.combat.stray_shot");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    let mut ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    ids.sort_unstable();
    assert_eq!(
        ids,
        ["hugo", "vera"],
        "the adjacent allies, not a silent pick"
    );
    t.run(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "hugo"}}),
        &[2],
    )
    .unwrap();
    assert_eq!(stamina(&t, "hugo"), 2);
    assert_eq!(stamina(&t, "vera"), 3);
}

#[test]
fn cr_ref_29_the_referee_pauses_the_dungeon_turn_and_picks_its_length() {
    let mut t = party();
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"enter_dungeon": {"dungeon": "crypt", "length": {"minutes": 30}}})),
    );
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": {"minutes": 30}}}),
        &[],
    );
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"pause_dungeon_turn": {}})),
    );
    t.referee_rules(json!({"pause_dungeon_turn": {}}), &[]);
    t.referee_rules(json!({"resume_dungeon_turn": {}}), &[]);
}

#[test]
fn cr_ref_30_the_referee_judges_the_level_and_calls_extra_checks() {
    let mut t = party();
    t.referee_rules(json!({"enter_dungeon": {"dungeon": "crypt"}}), &[]);
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"set_dungeon_level": {"crowded": true, "chaos_trail": true}})),
    );
    t.referee_rules(
        json!({"set_dungeon_level": {"crowded": true, "chaos_trail": true}}),
        &[],
    );
    assert_eq!(explore_view(&t, &Viewer::Referee)["threshold"], 7);
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"loud_noise": {"what": "a shout"}})),
    );
    // A conspicuous act: an extra check; 7 meets EN 7, the Referee is asked what comes.
    t.referee_rules(json!({"loud_noise": {"what": "a shout"}}), &[7]);
    let open = &t.table.core().decisions;
    assert!(!open.is_empty());
    for d in open {
        assert!(d.kind.starts_with("crows.explore."), "{}", d.kind);
        assert_eq!(d.answerer, engine::Answerer::Referee, "{}", d.kind);
    }
}

#[test]
fn cr_ref_31_the_referee_says_what_is_treasure_and_its_value() {
    let mut t = party();
    t.referee_rules(json!({"enter_dungeon": {"dungeon": "crypt"}}), &[]);
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"treasure_found": {"what": "gem", "value": 200}})),
    );
    let ev = t.referee_rules(
        json!({"treasure_found": {"what": "gem", "value": 200}}),
        &[],
    );
    let v = &rules_events(&ev, "treasure_valued")[0];
    assert_eq!(v["base"], 200, "{v}");
}

#[test]
fn cr_ref_32_the_referee_breaks_a_rest_and_names_safe_places() {
    let mut t = party();
    not_allowed(&mut t, &player("alice"), r(json!({"enter_town": {}})));
    t.referee_rules(json!({"enter_town": {}}), &[]);
    t.referee_rules(json!({"leave_town": {}}), &[]);
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"interrupt_rest": {"reason": "ghouls"}})),
    );
}

#[test]
fn cr_ref_36_the_referee_allows_the_quarry() {
    let mut t = travel_setup();
    begin(&mut t, "normal");
    t.referee_rules(
        json!({"declare_role": {"creature": "bram", "task": "track_creature",
            "quarry": "the white stag"}}),
        &[],
    );
    let _ = t.run(&referee(), r(json!({"travel_role_tests": {}})), &[5, 5]);
    let d = t.decision("crows.travel.track_allowed");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    t.answer(&referee(), &d.id, "refuse", None).unwrap();
    assert_eq!(travel(&t)["day"]["roles"], json!([]));
}

#[test]
fn cr_ref_38_the_referee_keeps_and_corrects_the_true_position() {
    let mut t = travel_setup();
    begin(&mut t, "normal");
    declare(&mut t, "bram", "shortcut");
    t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, 1));
    assert_eq!(travel(&t)["position"]["lost"], true);
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"set_true_position": {"q": 3, "r": 1}})),
    );
    t.referee_rules(json!({"set_true_position": {"q": 3, "r": 1}}), &[]);
    assert_eq!(travel(&t)["position"]["true_hex"], json!({"q": 3, "r": 1}));
    let seen = t.table.view(&alice())["rules"]["travel"]["position"].clone();
    assert!(
        seen.get("true_hex").is_none_or(Value::is_null),
        "players never see it: {seen}"
    );
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"travel_found": {"how": "landmark"}})),
    );
    t.referee_rules(json!({"travel_found": {"how": "landmark"}}), &[]);
    assert_eq!(travel(&t)["position"]["lost"], false);
}

#[test]
fn cr_ref_39_the_referee_places_road_encounters() {
    let mut t = travel_setup();
    begin(&mut t, "normal");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    not_allowed(&mut t, &player("alice"), r(json!({"road_encounter": {}})));
    t.referee_rules(json!({"road_encounter": {}}), &[]);
    let d = t.decision("crows.travel.encounter");
    assert_eq!(d.answerer, engine::Answerer::Referee);
}

#[test]
fn cr_ref_40_the_referee_decides_whether_to_zoom_in_on_a_site() {
    let mut t = travel_setup();
    t.referee_rules(
        json!({"set_site": {"id": "stones", "name": "Standing stones", "kind": "landmark",
            "q": 0, "r": -1}}),
        &[],
    );
    begin(&mut t, "normal");
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[]);
    let d = t.decision("crows.travel.site_reached");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    t.answer(&referee(), &d.id, "ignore", None).unwrap();
    t.referee_rules(json!({"travel_move": {"toward": "north"}}), &[]);
}

#[test]
fn cr_ref_16_holy_shit_values_are_the_referees_house_rule() {
    let mut t = party();
    let high = r(json!({"set_house_rules": {"options": {"holy_shit_corpse_slots": 48}}}));
    not_allowed(&mut t, &player("alice"), high.clone());
    // Below the table's own value is refused, naming the setting.
    let low = r(json!({"set_house_rules": {"options": {"holy_shit_corpse_slots": 31}}}));
    let (msg, rule) = rule_of(t.run(&referee(), low, &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-CORE-02"));
    assert!(msg.contains("holy_shit_corpse_slots"), "{msg}");
    let ev = t.ok(&referee(), high, &[]);
    assert!(
        serde_json::to_string(&ev)
            .unwrap()
            .contains("holy_shit_corpse_slots")
    );
}

#[test]
fn cr_ref_24_the_referee_rules_on_a_guessed_square() {
    let mut t = sample_party();
    t.referee_rules(
        json!({"create_creature": {"id": "goblin", "name": "Goblin", "kind": "monster",
            "characteristics": {"agility": 1, "mind": 0, "strength": 0}, "stamina": 3,
            "revealed": true}}),
        &[],
    );
    t.referee_rules(json!({"set_ambient_light": {"level": "darkness"}}), &[]);
    t.referee_rules(
        json!({"set_position": {"creature": "goblin", "at": [9, 3]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"guess_square": {"attacker": "vera", "target": "goblin", "square": [9, 2]}})),
        &[],
    );
    let d = t.decision("crows.square_guess");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    let ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert!(
        ids.contains(&"not_needed"),
        "{ids:?}: moving silently is the Referee's word"
    );
    t.answer(&referee(), &d.id, "automatic_miss", None).unwrap();
}

#[test]
fn cr_ref_28_friend_or_foe_is_the_side_the_referee_places_on() {
    let mut t = ghoul_and_rat();
    place_ghoul_as_spider(&mut t, "vera", 0, 0, "crows");
    not_allowed(
        &mut t,
        &player("alice"),
        r(json!({"place": {"creature": "rat", "at": {"x": 1, "y": 1}, "side": "crows"}})),
    );
    // The rat fights with the crows because the Referee says so.
    place_ghoul_as_spider(&mut t, "rat", 1, 1, "crows");
    place_ghoul_as_spider(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["vera", "rat"]);
    assert_eq!(fight(&t)["order"], json!(["vera", "rat", "ghoul"]));
}

#[test]
fn cr_ref_34_a_holy_shit_campfire_waits_for_the_referees_light() {
    let mut t = party();
    let pyre = r(json!({"place_light": {"id": "pyre", "at": [100, 0], "campfire": "holy_shit"}}));
    let (msg, rule) = rule_of(t.run(&referee(), pyre.clone(), &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-REF-34"), "{msg}");
    let light = r(json!({"set_house_rules": {"options":
        {"holy_shit_campfire": {"bright": 30, "dim": 30}}}}));
    not_allowed(&mut t, &player("alice"), light.clone());
    t.ok(&referee(), light, &[]);
    t.ok(&referee(), pyre, &[]);
}

#[test]
fn cr_ref_37_the_referee_rolls_the_interesting_finds() {
    for (tier, finds) in [(2, "minor"), (3, "major")] {
        let mut t = travel_setup();
        begin(&mut t, "normal");
        declare(&mut t, "vera", "treasure_hunt");
        t.referee_rules(json!({"travel_role_tests": {}}), &faces(2, tier));
        let d = t.decision("crows.travel.finds");
        assert_eq!(d.answerer, engine::Answerer::Referee);
        assert_eq!(d.context["finds"], finds);
        assert!(d.free_text);
        t.answer(&referee(), &d.id, "noted", Some("a silver locket"))
            .unwrap();
    }
}
