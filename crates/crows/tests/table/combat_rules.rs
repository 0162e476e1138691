//! The combat family's rules at the table, one requirement at a time, driven through the
//! engine (grid, secrecy, attacks' modifiers, reactions, maneuvers, pets, forced movement,
//! toppling).

use crate::common::*;
// Here the ghoul fights as the sample cave spider wherever it is placed.
use crate::common::place_ghoul_as_spider as place;

/// Vera holds a sword (item 1), Bram a knife (item 2); a ghoul (Stamina 30) with the sample
/// spider's bite. Nobody is placed yet.
fn table() -> T {
    let mut t = sword_and_ghoul(30);
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "knife",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t
}

fn open_kinds(t: &T) -> Vec<String> {
    t.table
        .core()
        .decisions
        .iter()
        .map(|d| d.kind.clone())
        .collect()
}

/// A refusal names a square the way the map and the commands do, "(x, y)", never as a Rust
/// value (`Square { x: 9, y: 9 }`).
#[test]
fn cr_cbt_05_a_refusal_names_the_square_in_words() {
    let mut t = table();
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 9, "y": -2}, "obstacle": "solid"}]}}),
        &[],
    );
    let e = t
        .run(
            &referee(),
            r(json!({"place": {"creature": "vera", "at": {"x": 9, "y": -2}, "side": "crows"}})),
            &[],
        )
        .unwrap_err();
    let (message, rule) = rule_of(e);
    assert_eq!(rule.as_deref(), Some("CR-CBT-05"));
    assert!(message.contains("square (9, -2)"), "{message}");
    assert!(!message.contains("Square {"), "{message}");
}

#[test]
// Covers CR-CBT-04, CR-CBT-05.
fn cr_cbt_05_placing_takes_the_space_of_the_size_and_never_overlaps() {
    let mut t = table();
    t.referee_rules(
        json!({"create_creature": {"id": "ogre", "kind": "monster", "size": "large",
            "characteristics": {"agility": 0, "mind": 0, "strength": 3}, "stamina": 12}}),
        &[],
    );
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 9, "y": 9}, "obstacle": "solid"}]}}),
        &[],
    );
    place(&mut t, "ogre", 0, 0, "enemies");
    // A Large creature takes 2 × 2 squares: (1, 1) is inside it.
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"place": {"creature": "vera", "at": {"x": 1, "y": 1}, "side": "crows"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-05"));
    let rule = refusal(
        &mut t,
        &referee(),
        r(json!({"place": {"creature": "vera", "at": {"x": 9, "y": 9}, "side": "crows"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-05"));
    place(&mut t, "vera", 2, 0, "crows");
    let view = t.table.view(&Viewer::Referee);
    assert_eq!(view["rules"]["combat"]["creatures"]["ogre"]["space"], 2);
    assert_eq!(view["rules"]["combat"]["creatures"]["vera"]["space"], 1);
}

#[test]
// Covers CR-HIDE-05, CR-LOE-01.
fn cr_cbt_02_hidden_creatures_are_left_out_of_the_players_grid_and_log() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "bram", 0, 1, "crows");
    t.referee_rules(
        json!({"hide": {"creature": "ghoul", "from": ["vera", "bram"]}}),
        &[],
    );
    let seq = t.log.len();
    place(&mut t, "ghoul", 6, 6, "enemies");
    start(&mut t, &["vera", "bram"]);
    let alice = Viewer::Player("alice".into());
    let view = t.table.view(&alice);
    let combat = &view["rules"]["combat"];
    assert!(combat["creatures"].get("ghoul").is_none(), "{combat}");
    assert!(combat["creatures"].get("vera").is_some());
    assert!(!combat["fight"].to_string().contains("ghoul"), "{combat}");
    let referee_view = t.table.view(&Viewer::Referee);
    assert!(
        referee_view["rules"]["combat"]["creatures"]
            .get("ghoul")
            .is_some()
    );
    assert!(
        referee_view["rules"]["combat"]["fight"]["order"]
            .to_string()
            .contains("ghoul")
    );
    let log = serde_json::to_string(&project_log(&t.log[seq..], &alice)).unwrap();
    assert!(!log.contains("ghoul"), "{log}");
    // The spectators' view and the Referee's log still have it.
    let referee_log = serde_json::to_string(&project_log(&t.log[seq..], &Viewer::Referee)).unwrap();
    assert!(referee_log.contains("ghoul"));
}

#[test]
// Covers CR-LOE-01, CR-LOE-02, CR-LOE-05, CR-LOE-10.
fn cr_loe_05_walls_block_attacks_and_half_cover_gives_a_bane() {
    let mut t = table();
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "knife",
            "slots": [{"kind": "Hand", "number": 2}]}}),
        &[],
    );
    // A pillar right in front of the ghoul: half of it is hidden.
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 2, "y": 0}, "obstacle": "solid"}]}}),
        &[],
    );
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["bram"]);
    t.referee_rules(
        json!({"set_light_level": {"creature": "ghoul", "level": "dim"}}),
        &[],
    );
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2, "ranged": true}})),
        &[9, 8, 2],
    );
    let m = modifiers(&t, "bram");
    assert!(m.contains("\"cover\"") && m.contains("CR-LOE-05"), "{m}");
    // Cover and dim light are separate banes: a double bane (CR-LOE-10).
    assert_eq!(t.state()["last_tests"]["bram"]["net"], "double_bane");
    // A wall from y −3 to 3 leaves no line at all: the second knife cannot be thrown.
    let wall: Vec<Value> = (-3..=3)
        .map(|y| json!({"at": {"x": 2, "y": y}, "obstacle": "solid"}))
        .collect();
    t.referee_rules(json!({"set_grid": {"cells": wall}}), &[]);
    let rule = refusal(
        &mut t,
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 3, "ranged": true}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-LOE-01"));
}

#[test]
// Covers CR-ATK-07, CR-ATK-10, CR-ATK-04, CR-ATK-11.
fn cr_atk_07_range_penalty_adjacent_bane_and_thrown_knife_lands() {
    let mut t = table();
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 5, 0, "enemies");
    start(&mut t, &["bram"]);
    // A melee-only sword cannot be thrown (CR-ERR-50); the knife's range is 3: at 4 squares
    // (distance 5 − 1… the gap is 5) it is −2 per square beyond.
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2, "ranged": true}})),
        &[9, 8, 2],
    );
    let m = modifiers(&t, "bram");
    assert!(
        m.contains("beyond_range") && m.contains("-4"),
        "range 3, target at 5: −4: {m}"
    );
    // The thrown knife leaves Bram's hand and lies at the ghoul's square (CR-ATK-11).
    let items = t.table.view(&Viewer::Referee)["rules"]["creatures"]["bram"]["items"].to_string();
    assert!(items.starts_with('['), "{items}");
    assert!(!items.contains("Knife"), "{items}");
    let ground = t.state()["ground"].as_array().unwrap().clone();
    assert_eq!(ground.len(), 1);
    let gid = ground[0]["id"].to_string();
    assert_eq!(
        t.state()["combat"]["ground_at"][&gid],
        json!({"x": 5, "y": 0})
    );
}

#[test]
// Covers CR-ATK-10, CR-ATK-04.
fn cr_atk_10_ranged_attack_on_an_adjacent_creature_has_a_bane() {
    let mut t = table();
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["bram"]);
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2, "ranged": true}})),
        &[9, 8, 2],
    );
    assert!(modifiers(&t, "bram").contains("ranged_adjacent"));
}

#[test]
// Covers CR-ATK-15, CR-ATK-16, CR-ATK-17, CR-ATK-02.
fn cr_atk_15_cr_atk_02_flanking_gives_an_edge_and_expertise_waits_at_the_commit_point() {
    let mut t = table();
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "expertises": {"slashing": 1}}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    place(&mut t, "bram", 2, 0, "crows");
    start(&mut t, &["vera", "bram"]);
    // 4 + 5 + Strength 2 + an edge 2 = 13: tier 2; Slashing would make it tier 3.
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[4, 5],
    );
    let d = t.decision("crows.expertise");
    assert!(
        d.context["rolled"]["spec"]["modifiers"]
            .to_string()
            .contains("flanking")
    );
    assert_eq!(d.answerer, engine::Answerer::Controller("vera".into()));
    assert_eq!(
        stamina(&t, "ghoul"),
        30,
        "no damage before the commit point"
    );
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "slashing"}}),
        &[6, 6],
    )
    .unwrap();
    assert_eq!(t.state()["last_tests"]["vera"]["final_tier"], 3);
    assert_eq!(stamina(&t, "ghoul"), 18, "the sword's tier 3: 2d6");
    // A prone ally does not flank (CR-ATK-16).
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "prone"}}),
        &[],
    );
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2}})),
        &[7, 5, 1],
    );
    assert!(!modifiers(&t, "bram").contains("flanking"));
}

#[test]
// Covers CR-ATK-18.
fn cr_atk_18_high_ground_gives_an_edge() {
    let mut t = table();
    t.referee_rules(
        json!({"set_grid": {"cells": [{"at": {"x": 0, "y": 0}, "elevation": 1}]}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[4, 5, 1],
    );
    assert!(modifiers(&t, "vera").contains("high_ground"));
    assert_eq!(t.state()["last_tests"]["vera"]["net"], "edge");
}

#[test]
// Covers CR-ATK-13.
fn cr_atk_13_a_crit_gives_an_extra_action_this_turn() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    // Natural 19 on Vera's own turn: one more action this turn; no Referee crit question.
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[10, 9, 5, 5],
    );
    assert_eq!(fight(&t)["budgets"]["vera"]["extra_actions"], 1);
    assert!(!open_kinds(&t).contains(&"crows.crit_benefit".to_string()));
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[6, 5, 1],
    );
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
}

#[test]
// Covers CR-REACT-03, CR-REACT-04, CR-REACT-02, CR-ATK-13.
fn cr_react_04_an_opportunity_attack_that_misses_opens_no_counter_and_an_off_turn_crit_acts_now() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    // Vera walks away: the ghoul's opportunity attack misses (4 + 3 + 1 = 8, no doom): Vera
    // may not counter it.
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": -1, "y": 0}]}})),
        &[],
    );
    let d = t.decision("crows.combat.opportunity_attack");
    t.run(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "weapon_1"}}),
        &[4, 3],
    )
    .unwrap();
    assert!(!open_kinds(&t).contains(&"crows.combat.counter".to_string()));
    assert_eq!(t.state()["last_tests"]["ghoul"]["final_tier"], 1);
    // Vera's move goes on; back next to the ghoul, she ends her turn.
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": -1, "y": 0}]}})),
        &[],
    );
    assert_eq!(
        t.state()["combat"]["placements"]["vera"]["at"],
        json!({"x": -1, "y": 0})
    );
    t.ok(
        &player("alice"),
        r(json!({"combat_move": {"creature": "vera", "path": [{"x": 0, "y": 0}]}})),
        &[],
    );
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    // The ghoul's turn: a doomed bite (1 + 2 = 3) opens Vera's counter at tier 3: the sword's
    // 2d6 (CR-REACT-03).
    t.referee_rules(
        json!({"attack": {"creature": "ghoul", "target": "vera", "natural": "Venom fang"}}),
        &[1, 2],
    );
    let d = t.decision("crows.combat.counter");
    assert_eq!(d.context["tier"], 3);
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "weapon_1"}}),
        &[6, 6],
    )
    .unwrap();
    assert_eq!(stamina(&t, "ghoul"), 18);
}

#[test]
// Covers CR-ATK-13, CR-REACT-05, CR-REACT-06.
fn cr_atk_13_an_off_turn_crit_gives_an_action_to_take_at_once() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    // A Shift never provokes (CR-REACT-06).
    t.ok(
        &player("alice"),
        r(json!({"shift": {"creature": "vera", "to": {"x": 0, "y": 1}}})),
        &[],
    );
    assert!(t.table.core().decisions.is_empty());
    t.ok(
        &player("alice"),
        r(json!({"end_turn": {"creature": "vera"}})),
        &[],
    );
    t.referee_rules(
        json!({"combat_move": {"creature": "ghoul", "path": [{"x": 2, "y": 0}, {"x": 3, "y": 0}]}}),
        &[],
    );
    let d = t.decision("crows.combat.opportunity_attack");
    // Natural 19: the opportunity attack crits outside Vera's turn (2d6 = 2).
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "weapon_1"}}),
        &[10, 9, 1, 1],
    )
    .unwrap();
    assert_eq!(fight(&t)["allowances"]["vera"], "action");
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[6, 5, 1],
    );
    assert!(fight(&t)["allowances"].get("vera").is_none());
    let rule = refusal(
        &mut t,
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-11"));
}

#[test]
// Covers CR-ATK-09, CR-ATK-08.
fn cr_atk_09_a_doomed_shot_hits_an_adjacent_ally_at_tier_3_without_a_parity_roll() {
    let mut t = table();
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "vera", 3, 1, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["bram", "vera"]);
    // 1 + 2 = 3: a doom; no d6 for parity; the Referee picks the ally, tier 3: 1d6 + 2.
    t.ok(
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2, "ranged": true}})),
        &[1, 2],
    );
    let d = t.decision("crows.combat.stray_shot");
    assert_eq!(d.context["tier"], 3);
    t.run(
        &referee(),
        json!({"answer": {"decision": d.id, "option": "vera"}}),
        &[1],
    )
    .unwrap();
    assert_eq!(stamina(&t, "vera"), 0, "1d6 (1) + 2 = 3 against Stamina 3");
}

#[test]
// Covers CR-COND-07, CR-HIDE-03, CR-HIDE-04.
fn cr_atk_03_unconscious_targets_take_tier_3_and_hidden_attackers_get_an_edge() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    t.referee_rules(
        json!({"hide": {"creature": "vera", "from": ["ghoul"]}}),
        &[],
    );
    assert!(t.state()["hiding"].to_string().contains("ghoul"));
    t.referee_rules(
        json!({"add_condition": {"creature": "ghoul", "condition": "unconscious"}}),
        &[],
    );
    // 4 + 5 + 2 = 11 would miss; the unconscious target makes it tier 3 (2d6).
    t.ok(
        &player("alice"),
        r(json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1}})),
        &[4, 5, 2, 2],
    );
    let last = &t.state()["last_tests"]["vera"];
    assert_eq!(last["final_tier"], 3);
    assert!(
        last["spec"]["modifiers"].to_string().contains("CR-HIDE-03"),
        "{last}"
    );
    assert_eq!(stamina(&t, "ghoul"), 26);
    // The attack gave Vera away (CR-HIDE-04).
    assert!(!t.state()["hiding"].to_string().contains("ghoul"));
}

#[test]
// Covers CR-LOE-08, CR-LOE-09.
fn cr_loe_08_against_an_invisible_silent_target_a_wrong_square_is_an_automatic_miss() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    t.referee_rules(
        json!({"place": {"creature": "ghoul", "at": {"x": 1, "y": 0}, "side": "enemies",
            "card": "cave-spider", "invisible": true}}),
        &[],
    );
    start(&mut t, &["vera"]);
    // The wrong square: 9 + 8 + 2 would be a hit, but it is an automatic miss.
    t.ok(
        &player("alice"),
        r(
            json!({"attack": {"creature": "vera", "target": "ghoul", "weapon": 1,
            "guess": {"x": 1, "y": 1}}}),
        ),
        &[9, 8],
    );
    let last = &t.state()["last_tests"]["vera"];
    assert_eq!(last["final_tier"], 1);
    let m = last["spec"]["modifiers"].to_string();
    assert!(m.contains("wrong_square") && m.contains("invisible"), "{m}");
    assert_eq!(stamina(&t, "ghoul"), 30);
}

#[test]
// Covers CR-MAN-10, CR-REACT-06.
fn cr_man_10_breaking_free_at_tier_3_offers_a_safe_square() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["vera"]);
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "grabbed",
            "grabbed_by": "ghoul", "range": 1}}),
        &[],
    );
    // 9 + 8 + Agility 1 = 18: free, and one square that provokes nothing.
    t.ok(
        &player("alice"),
        r(json!({"escape_grab": {"creature": "vera", "characteristic": "agility"}})),
        &[9, 8],
    );
    let d = t.decision("crows.combat.escape_square");
    t.answer(&player("alice"), &d.id, "shift_-1_0", None)
        .unwrap();
    assert_eq!(
        t.state()["combat"]["placements"]["vera"]["at"],
        json!({"x": -1, "y": 0})
    );
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.combat.opportunity_attack")
    );
    assert!(
        !t.creature("vera")["conditions"]
            .to_string()
            .contains("grabbed")
    );
}

/// The refusal a command gets, as a player reads it (message and rule), with `id` written as
/// `<id>` so a hidden creature's answer and a missing one's compare.
fn answer_as(t: &mut T, actor: &Actor, cmd: Value, id: &str) -> (String, Option<String>) {
    let (message, rule) = rule_of(t.run(actor, cmd, &[]).unwrap_err());
    (message.replace(id, "<id>"), rule)
}

#[test]
// Covers CR-HIDE-05: a player's own commands leak nothing of a creature
// hidden from all of the player's characters.
fn cr_hide_05_a_hidden_creature_answers_a_player_like_a_missing_one() {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "bram", 0, 1, "crows");
    place(&mut t, "ghoul", 2, 0, "enemies");
    start(&mut t, &["vera", "bram"]);
    t.referee_rules(
        json!({"hide": {"creature": "ghoul", "from": ["vera", "bram"]}}),
        &[],
    );
    let alice = player("alice");
    let commands: [fn(&str) -> Value; 6] = [
        |x| r(json!({"attack": {"creature": "vera", "target": x, "weapon": 1}})),
        |x| r(json!({"attack": {"creature": "vera", "targets": [x], "weapon": 1}})),
        |x| r(json!({"grab": {"creature": "vera", "target": x}})),
        |x| r(json!({"taunt": {"creature": "vera", "target": x}})),
        |x| r(json!({"knockback": {"creature": "vera", "target": x}})),
        |x| r(json!({"guess_square": {"attacker": "vera", "target": x, "square": [2, 0]}})),
    ];
    for cmd in &commands {
        let before = t.table.state_json();
        let log = t.log.len();
        let hidden = answer_as(&mut t, &alice, cmd("ghoul"), "ghoul");
        let absent = answer_as(&mut t, &alice, cmd("nobody"), "nobody");
        assert_eq!(hidden, absent, "{}", cmd("ghoul"));
        assert!(hidden.0.contains("no creature"), "{hidden:?}");
        assert_eq!(t.table.state_json(), before, "a refusal changes nothing");
        assert_eq!(t.log.len(), log);
    }
    // Nothing was taunted, and no one was told so.
    assert!(!serde_json::to_string(&t.log).unwrap().contains("taunted"));
}

/// A player's answer: accepted, or the refusal's message and rule.
type Answer = Result<(), (String, Option<String>)>;

/// Alice moves Vera from (0, 0) along `path` with `what` at (2, 0): `"empty"`, `"wall"` (a
/// solid obstacle she sees) or `"hidden"` (the ghoul, hidden from every character of hers).
/// Bram waits at (0, 2); the ghoul stands far off unless it is the one in the way. Returns
/// the table after the command, Alice's answer (`Err`: the refusal with its rule) and the
/// length of the log before it.
fn move_past(what: &str, path: Value) -> (T, Answer, usize) {
    let mut t = table();
    place(&mut t, "vera", 0, 0, "crows");
    place(&mut t, "bram", 0, 2, "crows");
    let ghoul = if what == "hidden" { (2, 0) } else { (9, 9) };
    place(&mut t, "ghoul", ghoul.0, ghoul.1, "enemies");
    if what == "wall" {
        t.referee_rules(
            json!({"set_grid": {"cells": [{"at": {"x": 2, "y": 0}, "obstacle": "solid"}]}}),
            &[],
        );
    }
    t.referee_rules(
        json!({"hide": {"creature": "ghoul", "from": ["vera", "bram"]}}),
        &[],
    );
    start(&mut t, &["vera", "bram"]);
    let cmd = r(json!({"combat_move": {"creature": "vera", "path": path}}));
    // The face never matters: a Move rolls nothing before its answer.
    face_free_answer(&t, &player("alice"), &cmd);
    let seq = t.log.len();
    let answer = t
        .run(&player("alice"), cmd, &[])
        .map(|_| ())
        .map_err(rule_of);
    (t, answer, seq)
}

#[test]
// Covers CR-CBT-05, CR-HIDE-05: a Move into a creature the player does not
// see is answered as a Move into an empty square — accepted — and stops short of it; the
// Referee alone is asked what the mover notices. A wall the player sees refuses the Move.
fn cr_cbt_05_a_move_into_an_unseen_creature_is_answered_as_into_an_empty_square() {
    let path = json!([{"x": 1, "y": 0}, {"x": 2, "y": 0}]);
    let (empty, to_empty, _) = move_past("empty", path.clone());
    let (mut hidden, to_hidden, seq) = move_past("hidden", path.clone());
    let (_, to_wall, _) = move_past("wall", path);
    assert_eq!(to_empty, Ok(()));
    assert_eq!(to_hidden, to_empty, "the unseen ghoul refuses nothing");
    let (wall, rule) = to_wall.unwrap_err();
    assert!(wall.contains("obstacle"), "{wall} {rule:?}");
    assert_eq!(at(&empty, "vera"), json!({"x": 2, "y": 0}));
    // Vera stops on the last square before the ghoul; only the Referee hears why.
    assert_eq!(at(&hidden, "vera"), json!({"x": 1, "y": 0}));
    let d = hidden.decision("crows.combat.unseen_blocker");
    assert_eq!(d.context["blocker"], "ghoul");
    let alice = Viewer::Player("alice".into());
    let seen = format!(
        "{} {}",
        serde_json::to_string(&project_log(&hidden.log[seq..], &alice)).unwrap(),
        hidden.table.view(&alice)
    );
    assert!(!seen.contains("ghoul"), "{seen}");
    assert!(!seen.contains("unseen_blocker"), "{seen}");
    // The Referee reveals it: Vera notices the ghoul now.
    hidden.answer(&referee(), &d.id, "reveal", None).unwrap();
    let view = hidden.table.view(&alice).to_string();
    assert!(view.contains("ghoul"), "{view}");
    hidden.assert_replays();
}

#[test]
// Covers CR-MOVE-02, CR-CBT-05, CR-HIDE-05: the cost a player is told is
// the cost of the grid they see: an unseen enemy's square (difficult terrain) adds nothing
// to the refusal of a Move too long, and refuses nothing a shorter one could do.
fn cr_move_02_path_costs_told_to_a_player_ignore_unseen_creatures() {
    let long: Vec<Value> = (1..=9).map(|x| json!({"x": x, "y": 0})).collect();
    let (_, through_hidden, _) = move_past("hidden", json!(long));
    let (_, through_empty, _) = move_past("empty", json!(long));
    assert!(through_empty.is_err());
    assert_eq!(through_hidden, through_empty);
    // A Shift onto the unseen ghoul: the maneuver is spent, Vera stays, the Referee is asked.
    let (mut t, moved, _) = move_past("hidden", json!([{"x": 1, "y": 0}]));
    assert_eq!(moved, Ok(()));
    let onto = r(json!({"shift": {"creature": "vera", "to": {"x": 2, "y": 0}}}));
    assert_eq!(face_free_answer(&t, &player("alice"), &onto), None);
    t.ok(&player("alice"), onto, &[]);
    assert_eq!(at(&t, "vera"), json!({"x": 1, "y": 0}));
    t.decision("crows.combat.unseen_blocker");
}

#[test]
// Covers CR-HIDE-05: monsters and NPCs are out of the players' sight from
// their creation until the Referee reveals them; an ambush is not announced.
fn cr_hide_05_monsters_are_created_unseen_until_the_referee_reveals_them() {
    let mut t = table();
    t.ok(
        &referee(),
        json!({"join": {"name": "carol", "role": "player"}}),
        &[],
    );
    let seq = t.log.len();
    t.referee_rules(
        json!({"create_creature": {"id": "ambusher-x1", "name": "Lurker Qz", "kind": "monster",
            "characteristics": {"agility": 1, "mind": 0, "strength": 1}, "stamina": 4}}),
        &[],
    );
    place(&mut t, "ambusher-x1", 4, 4, "enemies");
    for p in ["alice", "bob", "carol"] {
        let viewer = Viewer::Player(p.into());
        let log = serde_json::to_string(&project_log(&t.log[seq..], &viewer)).unwrap();
        let view = t.table.view(&viewer).to_string();
        for secret in ["ambusher-x1", "Lurker Qz"] {
            assert!(!log.contains(secret), "{p}'s log: {log}");
            assert!(!view.contains(secret), "{p}'s view: {view}");
        }
    }
    let spectator = t.table.view(&Viewer::Spectator("sam".into())).to_string();
    assert!(!spectator.contains("ambusher-x1"), "{spectator}");
    // A player's command naming it is answered as for a creature that does not exist.
    place(&mut t, "vera", 3, 4, "crows");
    let hidden = answer_as(
        &mut t,
        &player("alice"),
        r(json!({"grab": {"creature": "vera", "target": "ambusher-x1"}})),
        "ambusher-x1",
    );
    let absent = answer_as(
        &mut t,
        &player("alice"),
        r(json!({"grab": {"creature": "vera", "target": "nobody"}})),
        "nobody",
    );
    assert_eq!(hidden, absent);
    // Revealed, it is seen by everyone (its stats stay the Referee's).
    let seq = t.log.len();
    t.referee_rules(json!({"reveal": {"creature": "ambusher-x1"}}), &[]);
    let alice = Viewer::Player("alice".into());
    let log = serde_json::to_string(&project_log(&t.log[seq..], &alice)).unwrap();
    assert!(log.contains("Lurker Qz"), "{log}");
    assert!(log.contains("creature_seen"), "{log}");
    let view = t.table.view(&alice);
    assert_eq!(
        view["rules"]["creatures"]["ambusher-x1"]["name"],
        "Lurker Qz"
    );
    assert!(
        view["rules"]["creatures"]["ambusher-x1"]
            .get("stamina")
            .is_none()
    );
    assert!(
        view["rules"]["combat"]["creatures"]
            .get("ambusher-x1")
            .is_some()
    );
    t.assert_replays();
}

#[test]
// Covers CR-HIDE-05: a seated player without a character sees what the
// public sees, not what any character's player sees.
fn cr_hide_05_a_player_without_a_character_sees_only_what_the_public_sees() {
    let mut t = table();
    t.ok(
        &referee(),
        json!({"join": {"name": "carol", "role": "player"}}),
        &[],
    );
    place(&mut t, "vera", 0, 0, "crows");
    t.referee_rules(
        json!({"hide": {"creature": "ghoul", "from": ["vera"]}}),
        &[],
    );
    let seq = t.log.len();
    place(&mut t, "ghoul", 5, 5, "enemies");
    let carol = Viewer::Player("carol".into());
    let log = serde_json::to_string(&project_log(&t.log[seq..], &carol)).unwrap();
    assert!(!log.contains("ghoul"), "{log}");
    let view = t.table.view(&carol);
    assert!(
        view["rules"]["combat"]["creatures"].get("ghoul").is_none(),
        "{view}"
    );
    assert!(view["rules"]["creatures"].get("ghoul").is_none(), "{view}");
    // Bob, whose Bram it does not hide from, still sees it.
    let bob = t.table.view(&Viewer::Player("bob".into()));
    assert!(bob["rules"]["combat"]["creatures"].get("ghoul").is_some());
}

#[test]
// Covers CR-ATK-01, CR-MAN-09, CR-MAN-10, CR-MAN-11, CR-MOVE-07, CR-TOPPLE-01:
// every combat command that rolls decides its refusal before the first die — with
// every die showing any face, a command is accepted or refused alike, and a refusal rolled
// nothing. Bram (no expertise, so each test runs on to its result in the same command)
// stands next to the ghoul, Vera behind him.
fn cr_man_11_no_combat_refusal_depends_on_the_faces() {
    let mut t = table();
    place(&mut t, "bram", 1, 1, "crows");
    place(&mut t, "vera", 0, 1, "crows");
    place(&mut t, "ghoul", 2, 1, "enemies");
    start(&mut t, &["bram", "vera"]);
    let bob = player("bob");
    let accepted = [
        json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 2}}),
        json!({"grab": {"creature": "bram", "target": "ghoul"}}),
        json!({"knockback": {"creature": "bram", "target": "ghoul",
            "push": [{"x": 3, "y": 1}, {"x": 4, "y": 1}]}}),
        json!({"knockback": {"creature": "bram", "target": "ghoul"}}),
        json!({"jump": {"creature": "bram", "to": {"x": 1, "y": 3}, "characteristic": "agility"}}),
    ];
    for cmd in accepted {
        assert_eq!(face_free_answer(&t, &bob, &r(cmd.clone())), None, "{cmd}");
    }
    let refused = [
        // No such weapon in hand, pushed the wrong way, not grabbed, a jump too far.
        json!({"attack": {"creature": "bram", "target": "ghoul", "weapon": 99}}),
        json!({"knockback": {"creature": "bram", "target": "ghoul",
            "push": [{"x": 1, "y": 1}]}}),
        json!({"knockback": {"creature": "bram", "target": "ghoul",
            "push": [{"x": 3, "y": 1}, {"x": 4, "y": 2}]}}),
        json!({"escape_grab": {"creature": "bram", "characteristic": "agility"}}),
        json!({"jump": {"creature": "bram", "to": {"x": 1, "y": 9}, "characteristic": "agility"}}),
        json!({"topple": {"creature": "bram", "object": "huge", "onto": ["ghoul"]}}),
    ];
    for cmd in refused {
        assert!(
            face_free_answer(&t, &bob, &r(cmd.clone())).is_some(),
            "{cmd}"
        );
    }
    // The ghoul's side, sent by the Referee out of its turn, is refused before any die too.
    let bite = r(json!({"attack": {"creature": "ghoul", "target": "bram", "natural": "bite"}}));
    assert!(face_free_answer(&t, &referee(), &bite).is_some());
}

#[test]
// Covers CR-MAN-11, CR-FORCE-01, CR-HIDE-05: a knockback whose push runs
// into a creature the player does not see is accepted as a push over empty squares; the push
// stops short of it and only the Referee is told.
fn cr_man_11_a_push_into_an_unseen_creature_stops_short_and_tells_the_referee() {
    let push = json!({"knockback": {"creature": "vera", "target": "ghoul",
        "push": [{"x": 2, "y": 1}, {"x": 3, "y": 1}]}});
    let mut ends = Vec::new();
    for imp in [false, true] {
        let mut t = table();
        place(&mut t, "vera", 0, 1, "crows");
        place(&mut t, "bram", 5, 5, "crows");
        place(&mut t, "ghoul", 1, 1, "enemies");
        if imp {
            // A monster nobody has met (unrevealed since its creation) stands in the way.
            t.referee_rules(
                json!({"create_creature": {"id": "imp-q7z", "kind": "monster",
                    "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 4}}),
                &[],
            );
            place(&mut t, "imp-q7z", 3, 1, "enemies");
        }
        start(&mut t, &["vera", "bram"]);
        assert_eq!(
            face_free_answer(&t, &player("alice"), &r(push.clone())),
            None
        );
        // 10 + 9 + Strength 2: tier 3, a push of two squares.
        t.ok(&player("alice"), r(push.clone()), &[10, 9]);
        ends.push(at(&t, "ghoul"));
        let blocker = t
            .table
            .core()
            .decisions
            .iter()
            .find(|d| d.kind == "crows.combat.unseen_blocker")
            .map(|d| d.context["blocker"].clone());
        assert_eq!(blocker, imp.then(|| json!("imp-q7z")));
        let alice = Viewer::Player("alice".into());
        let seen = serde_json::to_string(&project_log(&t.log, &alice)).unwrap();
        assert!(!seen.contains("imp-q7z"), "{seen}");
    }
    assert_eq!(ends, [json!({"x": 3, "y": 1}), json!({"x": 2, "y": 1})]);
}
