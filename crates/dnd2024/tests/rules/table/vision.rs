//! Light and vision on the grid (DD-VIS) and the Search action against a hider (DD-ACT-14,
//! DD-ACT-10.c): the Referee's lighting, each creature's senses deciding what it sees, the
//! attack's Advantage/Disadvantage from sight, Perception in Dim Light and Darkness, and what
//! players learn of a creature they cannot see.

use super::grid::{grid_fight, pos};
use super::*;
use engine::Viewer;

fn alice() -> Actor {
    player("alice")
}

fn dark() -> Value {
    json!({"set_light": {"ambient": "darkness"}})
}

fn attack(events: &[Envelope]) -> Value {
    rules_events(events, "attack_rolled")
        .pop()
        .expect("an attack_rolled event")
}

/// Bob's second character, a mole-like scout with Tremorsense 30 ft, at (3, 3): it knows where
/// the goblin is, so the goblin stays in the players' view, but it sees nothing (DD-VIS-08).
pub fn mole(t: &mut T) {
    let mut mole = character("mole", 10);
    mole["senses"] = json!({"tremorsense_ft": 30});
    t.dm(
        json!({"add_creature": {"creature": mole, "player": "bob"}}),
        &[],
    );
    t.dm(json!({"place": {"creature": "mole", "x": 3, "y": 3}}), &[]);
}

#[test]
fn dd_vis_03_in_darkness_neither_sees_so_advantage_and_disadvantage_cancel() {
    let mut t = grid_fight();
    // Without the mole's Tremorsense the goblin would be out of the players' view in the dark.
    mole(&mut t);
    t.dm(dark(), &[]);
    // Vera cannot see the goblin (Disadvantage) nor it her (Advantage): one die, 15 + 4 hits
    // AC 15; 1d8+2 with a 5.
    let ev = t.act(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
        &[15, 5],
    );
    let a = attack(&ev);
    assert_eq!(a["mode"], json!("normal"), "{a}");
    assert!(!a["advantage"].as_array().unwrap().is_empty(), "{a}");
    assert!(!a["disadvantage"].as_array().unwrap().is_empty(), "{a}");
    assert!(a["hit"].as_bool().unwrap());
}

#[test]
fn dd_vis_01_in_bright_light_both_see_and_roll_one_die() {
    let mut t = grid_fight();
    let ev = t.act(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
        &[15, 5],
    );
    let a = attack(&ev);
    assert!(a["advantage"].as_array().unwrap().is_empty(), "{a}");
    assert!(a["disadvantage"].as_array().unwrap().is_empty(), "{a}");
}

/// Vera (no special senses) and an orc with Darkvision 60 ft, three squares apart in the dark.
fn orc_in_the_dark(darkvision_ft: u32) -> T {
    let mut t = party();
    let mut orc = monster("orc");
    orc["senses"] = json!({"darkvision_ft": darkvision_ft});
    orc["attacks"][0]["reach_ft"] = json!(20);
    t.dm(json!({"add_creature": {"creature": orc}}), &[]);
    t.dm(json!({"reveal_creature": {"creature": "orc"}}), &[]);
    t.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
    t.dm(json!({"place": {"creature": "orc", "x": 3, "y": 0}}), &[]);
    t.dm(dark(), &[]);
    t
}

#[test]
fn dd_vis_07_darkvision_sees_in_darkness_within_range_so_only_advantage_remains() {
    let mut t = orc_in_the_dark(60);
    // 15 ft away in Darkness is Dim Light to its Darkvision: it sees Vera, she does not see
    // it: Advantage (two dice, 3 and 15 keep 15), 15 + 4 hits AC 14; 1d6+2 with a 4.
    let ev = t.dm(
        json!({"attack": {"attacker": "orc", "target": "vera", "attack": "Scimitar"}}),
        &[3, 15, 4],
    );
    let a = attack(&ev);
    assert_eq!(a["mode"], json!("advantage"), "{a}");
    assert_eq!(t.hp("vera"), 18);
}

#[test]
fn dd_vis_07_darkvision_ends_at_its_range() {
    // Darkvision 10 ft does not reach 15 ft: neither sees, one die.
    let mut t = orc_in_the_dark(10);
    let ev = t.dm(
        json!({"attack": {"attacker": "orc", "target": "vera", "attack": "Scimitar"}}),
        &[15, 4],
    );
    assert_eq!(attack(&ev)["mode"], json!("normal"));
}

#[test]
fn dd_vis_01_a_carried_torch_lights_its_carrier_for_everyone() {
    let mut t = orc_in_the_dark(0);
    // Vera carries a torch (20 ft bright): the orc sees her, she sees it at 15 ft.
    t.dm(
        json!({"set_light": {"ambient": "darkness",
            "sources": [{"carried_by": "vera", "bright_ft": 20, "dim_ft": 20}]}}),
        &[],
    );
    let ev = t.dm(
        json!({"attack": {"attacker": "orc", "target": "vera", "attack": "Scimitar"}}),
        &[15, 4],
    );
    let a = attack(&ev);
    assert!(a["advantage"].as_array().unwrap().is_empty(), "{a}");
    assert!(a["disadvantage"].as_array().unwrap().is_empty(), "{a}");
}

#[test]
fn dd_vis_06_blindsight_sees_in_darkness_and_the_odds_agree_with_the_attack() {
    let mut t = party();
    let mut bat = monster("bat");
    bat["senses"] = json!({"blindsight_ft": 30});
    t.dm(json!({"add_creature": {"creature": bat}}), &[]);
    t.dm(json!({"place": {"creature": "vera", "x": 0, "y": 0}}), &[]);
    t.dm(json!({"place": {"creature": "bat", "x": 1, "y": 0}}), &[]);
    t.dm(dark(), &[]);
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "attack_odds",
            &json!({"attacker": "bat", "target": "vera", "attack": "Scimitar"}),
        )
        .unwrap();
    assert_eq!(odds["mode"], json!("advantage"), "{odds}");
    let ev = t.dm(
        json!({"attack": {"attacker": "bat", "target": "vera", "attack": "Scimitar"}}),
        &[3, 15, 4],
    );
    let a = attack(&ev);
    assert_eq!(a["mode"], json!("advantage"));
    // The query names the same sources as the roll.
    assert_eq!(
        odds["advantage"].as_array().unwrap().len(),
        a["advantage"].as_array().unwrap().len()
    );
    assert_eq!(
        odds["disadvantage"].as_array().unwrap().len(),
        a["disadvantage"].as_array().unwrap().len()
    );
}

#[test]
fn dd_vis_05_fog_heavily_obscures_whatever_the_light() {
    let mut t = grid_fight();
    // The mole (Tremorsense) keeps the fogged goblin in the players' view.
    mole(&mut t);
    // Fog on the goblin's square: Vera cannot see it; it sees her (Disadvantage only).
    t.dm(
        json!({"set_light": {"squares": [{"x": 1, "y": 0, "obscured": "heavily"}]}}),
        &[],
    );
    let ev = t.act(
        &alice(),
        json!({"attack": {"attacker": "vera", "target": "gob", "attack": "Rapier"}}),
        &[4, 15],
    );
    // Two dice, the lower kept: 4 misses.
    assert_eq!(attack(&ev)["mode"], json!("disadvantage"));
}

/// The goblin hides behind a wall (15 + 2 = 17), then the wall opens and it stands next to
/// Vera, unseen; Vera's turn comes round again.
fn hidden_goblin() -> T {
    let mut t = grid_fight();
    t.clock(json!("end_turn"));
    t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 0}}), &[]);
    t.dm(json!({"place": {"creature": "bram", "x": -3, "y": 0}}), &[]);
    t.dm(
        json!({"set_map": {"cells": [
            {"x": 2, "y": -1, "obstacle": "wall"}, {"x": 2, "y": 0, "obstacle": "wall"},
            {"x": 2, "y": 1, "obstacle": "wall"}]}}),
        &[],
    );
    t.dm(json!({"hide": {"creature": "gob"}}), &[15]);
    t.dm(json!({"set_map": {"cells": []}}), &[]);
    t.dm(json!({"place": {"creature": "gob", "x": 1, "y": 0}}), &[]);
    t.clock(json!("end_turn"));
    t.clock(json!("end_turn"));
    assert_eq!(t.creature("gob")["hiding_dc"], json!(17));
    t
}

#[test]
fn dd_act_14_search_finds_a_hider_whose_dc_it_meets_and_its_hiding_ends() {
    let mut t = hidden_goblin();
    // Wisdom 12 (+1): 16 + 1 = 17 meets the goblin's 17.
    let ev = t.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 1, "y": 0}}),
        &[16],
    );
    let s = rules_events(&ev, "searched").pop().unwrap();
    assert_eq!(s["found"], json!(["gob"]));
    assert_eq!(s["total"], json!(17));
    assert!(t.creature("gob")["hiding_dc"].is_null());
    assert!(
        !t.creature("gob")["conditions"]
            .to_string()
            .contains("invisible")
    );
    let view = t.table.view(&Viewer::Player("alice".into()));
    assert!(view["rules"]["creatures"].get("gob").is_some());
    assert_eq!(t.creature("vera")["turn"]["action_used"], json!(true));
    t.assert_replays();
}

#[test]
fn dd_act_14_b_search_below_the_dc_or_at_the_wrong_square_finds_nothing() {
    let mut t = hidden_goblin();
    t.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 1, "y": 0}}),
        &[15],
    );
    assert_eq!(t.creature("gob")["hiding_dc"], json!(17));
    let mut t = hidden_goblin();
    t.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 0, "y": 1}}),
        &[20],
    );
    assert_eq!(t.creature("gob")["hiding_dc"], json!(17));
}

#[test]
fn dd_vis_04_search_into_dim_light_has_disadvantage() {
    let mut t = hidden_goblin();
    t.dm(json!({"set_light": {"ambient": "dim"}}), &[]);
    // Two dice, the lower kept: 18 and 10 → 10 + 1 = 11, the goblin stays hidden.
    let ev = t.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 1, "y": 0}}),
        &[18, 10],
    );
    let s = rules_events(&ev, "searched").pop().unwrap();
    assert_eq!(s["disadvantage"], json!(["lightly_obscured"]));
    assert_eq!(s["total"], json!(11));
    assert_eq!(t.creature("gob")["hiding_dc"], json!(17));
}

#[test]
fn dd_vis_05_a_search_into_darkness_without_darkvision_fails_without_a_roll() {
    let mut t = hidden_goblin();
    t.dm(dark(), &[]);
    let ev = t.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 1, "y": 0}}),
        &[],
    );
    let s = rules_events(&ev, "searched").pop().unwrap();
    assert_eq!(s["cannot_see"], json!(true));
    assert!(s["total"].is_null());
    assert_eq!(t.creature("gob")["hiding_dc"], json!(17));
}

/// What `viewer` received since `from`, the searched square written `X`.
fn seen_last(t: &T, viewer: &Viewer, from: usize) -> String {
    let log = t.log_for(viewer);
    Value::Array(log.as_array().unwrap()[from..].to_vec())
        .to_string()
        .replace("{\"x\":1,\"y\":0}", "X")
        .replace("{\"x\":0,\"y\":1}", "X")
}

#[test]
fn dd_secrecy_a_failed_search_on_a_hider_reads_like_one_on_an_empty_square() {
    let alice_v = Viewer::Player("alice".into());
    let mut a = hidden_goblin();
    let from_a = a.log_for(&alice_v).as_array().unwrap().len();
    a.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 1, "y": 0}}),
        &[10],
    );
    let mut b = hidden_goblin();
    let from_b = b.log_for(&alice_v).as_array().unwrap().len();
    b.act(
        &alice(),
        json!({"search": {"creature": "vera", "x": 0, "y": 1}}),
        &[10],
    );
    assert_eq!(from_a, from_b);
    assert_eq!(
        seen_last(&a, &alice_v, from_a),
        seen_last(&b, &alice_v, from_b)
    );
}

#[test]
fn dd_secrecy_a_light_carried_by_a_creature_players_cannot_see_is_not_in_their_view() {
    let mut t = party();
    t.dm(json!({"place": {"creature": "gob", "x": 4, "y": 4}}), &[]);
    t.dm(
        json!({"set_light": {"ambient": "darkness", "sources": [
            {"carried_by": "gob", "bright_ft": 20, "dim_ft": 20},
            {"at": [0, 0], "bright_ft": 10, "dim_ft": 10}]}}),
        &[],
    );
    let alice_v = Viewer::Player("alice".into());
    let view = t.table.view(&alice_v);
    let light = &view["rules"]["grid"]["light"];
    assert_eq!(light["sources"].as_array().unwrap().len(), 1, "{light}");
    assert!(!t.log_for(&alice_v).to_string().contains("\"gob\""));
    assert_eq!(
        t.state()["lighting"]["sources"].as_array().unwrap().len(),
        2
    );
    t.assert_replays();
}

#[test]
fn dd_vis_light_is_the_referees_to_set_and_bad_lighting_is_refused() {
    let mut t = grid_fight();
    let c = t.refused(&alice(), dark(), &[]);
    assert!(!c.is_empty());
    let c = t.refused(
        &referee(),
        json!({"set_light": {"sources": [{"bright_ft": 20, "dim_ft": 20}]}}),
        &[],
    );
    assert_eq!(c, "bad_light");
    let c = t.refused(
        &referee(),
        json!({"set_light": {"sources": [{"at": [0, 0], "bright_ft": 5000, "dim_ft": 0}]}}),
        &[],
    );
    assert_eq!(c, "out_of_range");
    assert_eq!(pos(&t, "vera"), json!({"x": 0, "y": 0}));
    assert_eq!(t.state()["lighting"]["ambient"], json!("bright"));
}

#[test]
fn dd_vis_05_b_darkness_beyond_an_enemys_sight_conceals_for_hide() {
    let mut t = grid_fight();
    // The goblin is three squares off, Bram far away; in lit squares Vera cannot hide.
    t.dm(json!({"place": {"creature": "gob", "x": 3, "y": 0}}), &[]);
    let c = t.refused(&alice(), json!({"hide": {"creature": "vera"}}), &[]);
    assert_eq!(c, "forbidden");
    // Darkness on the map, nobody with Darkvision: Heavily Obscured to them, she hides
    // (13 + 4 = 17) without saying so in the command.
    t.dm(dark(), &[]);
    t.act(&alice(), json!({"hide": {"creature": "vera"}}), &[13]);
    assert_eq!(t.creature("vera")["hiding_dc"], json!(17));
}

#[test]
fn dd_act_17_a_an_enemy_that_cannot_see_the_mover_in_darkness_makes_no_opportunity_attack() {
    let mut t = grid_fight();
    t.dm(
        json!({"standing_orders": {"creature": "gob", "opportunity_attacks": "always"}}),
        &[],
    );
    t.dm(dark(), &[]);
    // Vera leaves the goblin's reach in Darkness it cannot see in: no attack, no faces used.
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[],
    );
    assert!(rules_events(&ev, "attack_rolled").is_empty());
    assert_eq!(pos(&t, "vera"), json!({"x": -1, "y": 0}));
    // In Bright Light the same step draws the attack (15 + 4 hits AC 14; 1d6+2 with a 3).
    let mut t = grid_fight();
    t.dm(
        json!({"standing_orders": {"creature": "gob", "opportunity_attacks": "always"}}),
        &[],
    );
    let ev = t.act(
        &alice(),
        json!({"move_path": {"creature": "vera", "path": [[-1, 0]]}}),
        &[15, 3],
    );
    assert_eq!(rules_events(&ev, "attack_rolled").len(), 1);
}

#[test]
fn dd_act_10_the_referees_end_condition_ends_hiding_and_its_records() {
    let mut t = hidden_goblin();
    let alice_view = |t: &T| t.table.view(&Viewer::Player("alice".into()));
    assert!(alice_view(&t)["rules"]["creatures"].get("gob").is_none());
    t.dm(
        json!({"end_condition": {"creature": "gob", "condition": "invisible", "source": "hide"}}),
        &[],
    );
    // The hiding DC is gone with the Invisible of Hide, and the goblin (in Bright Light next
    // to Vera) is back in the players' view.
    assert!(
        t.creature("gob")["hiding_dc"].is_null(),
        "{}",
        t.creature("gob")
    );
    assert!(t.state().get("seen_through").is_none(), "{}", t.state());
    assert!(alice_view(&t)["rules"]["creatures"].get("gob").is_some());
    assert_eq!(
        alice_view(&t)["rules"]["grid"]["positions"]["gob"],
        json!({"x": 1, "y": 0})
    );
    t.assert_replays();
}
