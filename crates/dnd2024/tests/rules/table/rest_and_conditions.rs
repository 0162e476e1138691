//! Conditions as effects, Exhaustion, and rests at the table (DD-COND, DD-REST).

use super::*;

fn held(t: &T, id: &str, condition: &str) -> bool {
    t.creature(id)["conditions"]["held"]
        .as_array()
        .unwrap()
        .iter()
        .any(|h| h[0] == condition)
}

#[test]
fn dd_cond_01_b_a_condition_is_an_effect_with_its_source() {
    let mut t = fight();
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "grappled", "source": "gob"}}),
        &[],
    );
    assert!(held(&t, "vera", "grappled"));
    let link = t
        .table
        .core()
        .effect_links
        .values()
        .next()
        .cloned()
        .unwrap();
    assert_eq!(link.source.as_deref(), Some("gob"));
    // Wrong source: nothing to end.
    assert_eq!(
        t.refused(
            &referee(),
            json!({"end_condition": {"creature": "vera", "condition": "grappled",
                "source": "bram"}}),
            &[]
        ),
        "no_such_condition"
    );
    t.dm(
        json!({"end_condition": {"creature": "vera", "condition": "grappled", "source": "gob"}}),
        &[],
    );
    assert!(!held(&t, "vera", "grappled"));
    assert!(t.table.core().effects.is_empty());
    t.assert_replays();
}

#[test]
fn dd_cond_01_a_a_condition_lasts_its_rounds() {
    let mut t = fight();
    t.dm(
        json!({"apply_condition": {"creature": "bram", "condition": "frightened",
            "source": "Cause Fear", "rounds": 1}}),
        &[],
    );
    assert!(held(&t, "bram", "frightened"));
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    assert!(!held(&t, "bram", "frightened"));
}

#[test]
fn dd_cond_01_d_immunity_refuses_the_condition() {
    let mut t = party();
    let mut golem = monster("golem");
    golem["condition_immunities"] = json!(["poisoned"]);
    t.dm(json!({"add_creature": {"creature": golem}}), &[]);
    assert_eq!(
        t.refused(
            &referee(),
            json!({"apply_condition": {"creature": "golem", "condition": "poisoned",
                "source": "gas"}}),
            &[]
        ),
        "condition_immune"
    );
}

#[test]
fn dd_mag_09_d_incapacitated_ends_concentration() {
    let mut t = party();
    t.act(
        &player("alice"),
        json!({"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1, "slot_level": 1,
            "casting_time": "action", "concentration": true}}),
        &[],
    );
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "stunned", "source": "blow"}}),
        &[],
    );
    assert_eq!(t.creature("vera")["concentration"]["effect"], Value::Null);
    assert_eq!(
        t.table.core().effects.len(),
        1,
        "only the Stunned effect runs"
    );
}

#[test]
fn dd_haz_04_c_exhaustion_from_suffocation_leaves_when_breathing_again() {
    let mut t = party();
    for source in ["suffocation", "other", "suffocation"] {
        t.dm(
            json!({"gain_exhaustion": {"creature": "vera", "source": source}}),
            &[],
        );
    }
    assert_eq!(
        t.creature("vera")["conditions"]["exhaustion"]["levels"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // Exhaustion 3: −6 on D20 Tests, Speed −15 ft at the next turn.
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "d20_odds",
            &json!({"creature": "vera", "test": {"saving_throw": {"ability": "wisdom"}}, "dc": 10}),
        )
        .unwrap();
    assert_eq!(odds["plan"]["test"]["exhaustion"], 3);
    assert_eq!(odds["plan"]["exhaustion_penalty"], -6);
    t.dm(json!({"breathe_again": {"creature": "vera"}}), &[]);
    assert_eq!(
        t.creature("vera")["conditions"]["exhaustion"]["levels"],
        json!(["other"])
    );
}

#[test]
fn dd_cond_05_b_exhaustion_6_kills() {
    let mut t = party();
    for _ in 0..6 {
        t.dm(
            json!({"gain_exhaustion": {"creature": "bram", "source": "other"}}),
            &[],
        );
    }
    assert_eq!(t.creature("bram")["dead"], true);
}

#[test]
fn dd_rest_04_b_a_long_rest_interrupted_after_an_hour_gives_a_short_rest() {
    let mut t = party();
    t.dm(json!({"damage": {"creature": "vera", "instances": [{"amount": 10, "damage_type": "fire"}]}}), &[]);
    t.dm(
        json!({"start_rest": {"kind": "long", "creatures": ["vera", "bram"]}}),
        &[],
    );
    assert!(t.table.core().clock.resting);
    // Two hours in, the goblins attack: Initiative interrupts the rest.
    t.clock(json!({"advance": {"minutes": 120}}));
    let ev = t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "gob"]}}),
        &[10, 10],
    );
    let finished = &rules_events(&ev, "rest_finished")[0];
    assert_eq!(finished["completed"], false);
    assert_eq!(finished["interrupted_by"], "rolled_initiative");
    assert_eq!(finished["short_rest_benefits"], true);
    assert!(!t.table.core().clock.resting);
    assert_eq!(t.state()["rest"], Value::Null);
    // No Long Rest benefits: HP as before; but Hit Point Dice may be spent: 5 + Con 2.
    assert_eq!(t.hp("vera"), 14);
    t.act(
        &player("alice"),
        json!({"spend_hit_die": {"creature": "vera"}}),
        &[5],
    );
    assert_eq!(t.hp("vera"), 21);
    assert_eq!(t.creature("vera")["hit_dice"]["spent"], 1);
    t.assert_replays();
}

#[test]
fn dd_rest_01_d_an_interrupted_short_rest_gives_nothing() {
    let mut t = party();
    t.dm(json!({"damage": {"creature": "vera", "instances": [{"amount": 10, "damage_type": "fire"}]}}), &[]);
    t.dm(
        json!({"start_rest": {"kind": "short", "creatures": ["vera"]}}),
        &[],
    );
    // Casting a cantrip does not interrupt it.
    assert_eq!(
        t.refused(
            &referee(),
            json!({"interrupt_rest": {"why": {"cast_spell": {"level": 0}}}}),
            &[]
        ),
        "not_an_interruption"
    );
    t.dm(json!({"damage": {"creature": "vera", "instances": [{"amount": 1, "damage_type": "fire"}]}}), &[]);
    assert!(!t.table.core().clock.resting);
    assert_eq!(
        t.refused(
            &player("alice"),
            json!({"spend_hit_die": {"creature": "vera"}}),
            &[5]
        ),
        "no_short_rest"
    );
}

#[test]
fn dd_rest_01_b_hit_point_dice_after_a_short_rest() {
    let mut t = party();
    t.dm(json!({"damage": {"creature": "vera", "instances": [{"amount": 10, "damage_type": "fire"}]}}), &[]);
    t.dm(
        json!({"start_rest": {"kind": "short", "creatures": ["vera"]}}),
        &[],
    );
    t.clock(json!({"end_rest": {"completed": true}}));
    let alice = player("alice");
    t.act(&alice, json!({"spend_hit_die": {"creature": "vera"}}), &[1]);
    t.act(&alice, json!({"spend_hit_die": {"creature": "vera"}}), &[2]);
    // 1 + 2 and 2 + 2 healed; no die left.
    assert_eq!(t.hp("vera"), 21);
    assert_eq!(
        t.refused(&alice, json!({"spend_hit_die": {"creature": "vera"}}), &[3]),
        "no_hit_dice"
    );
}

#[test]
fn dd_rest_03_c_a_long_rest_restores_everything_and_dd_rest_03_b_waits_16_hours() {
    let mut t = party();
    let alice = player("alice");
    t.act(
        &alice,
        json!({"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1, "slot_level": 1,
            "casting_time": "action"}}),
        &[],
    );
    t.dm(json!({"damage": {"creature": "vera", "instances": [{"amount": 10, "damage_type": "fire"}]}}), &[]);
    t.dm(
        json!({"gain_exhaustion": {"creature": "vera", "source": "other"}}),
        &[],
    );
    t.dm(
        json!({"start_rest": {"kind": "long", "creatures": ["vera"]}}),
        &[],
    );
    t.clock(json!({"end_rest": {"completed": true}}));
    let vera = t.creature("vera");
    assert_eq!(vera["hp"]["current"], 24);
    assert_eq!(vera["slots"]["spent"][0], 0);
    assert_eq!(vera["conditions"]["exhaustion"]["levels"], json!([]));
    assert_eq!(
        t.refused(
            &referee(),
            json!({"start_rest": {"kind": "long", "creatures": ["vera"]}}),
            &[]
        ),
        "rest_refused"
    );
    t.clock(json!({"advance": {"minutes": 16 * 60}}));
    t.dm(
        json!({"start_rest": {"kind": "long", "creatures": ["vera"]}}),
        &[],
    );
    t.assert_replays();
}

#[test]
fn dd_rest_01_a_no_rest_at_0_hp() {
    let mut t = party();
    t.dm(json!({"damage": {"creature": "bram", "instances": [{"amount": 20, "damage_type": "fire"}]}}), &[]);
    assert_eq!(
        t.refused(
            &referee(),
            json!({"start_rest": {"kind": "short", "creatures": ["bram"]}}),
            &[]
        ),
        "rest_refused"
    );
}

#[test]
fn dd_cbt_08_d_a_grapple_ends_when_the_grappler_is_incapacitated_or_dies() {
    let mut t = fight();
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "grappled", "source": "gob"}}),
        &[],
    );
    t.dm(
        json!({"apply_condition": {"creature": "bram", "condition": "grappled", "source": "gob"}}),
        &[],
    );
    // Another source's hold on Bram stays.
    t.dm(
        json!({"apply_condition": {"creature": "bram", "condition": "grappled", "source": "vine"}}),
        &[],
    );
    t.dm(
        json!({"damage": {"creature": "gob", "instances": [{"amount": 7, "damage_type": "force"}]}}),
        &[],
    );
    assert_eq!(t.creature("gob")["dead"], true);
    assert!(!held(&t, "vera", "grappled"));
    assert_eq!(
        t.creature("bram")["conditions"]["held"],
        json!([["grappled", "vine"]])
    );
    t.assert_replays();
}

#[test]
fn dd_cbt_08_c_escaping_a_grapple_takes_the_action_and_beats_the_grapplers_dc() {
    let mut t = fight();
    let alice = player("alice");
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "grappled", "source": "gob"}}),
        &[],
    );
    // The goblin's escape DC: 8 + Str −1 + PB 2 = 9; Vera's Dex +2: 6 + 2 = 8 fails.
    let escape = json!({"escape_grapple": {"creature": "vera", "grappler": "gob",
        "ability": "dexterity"}});
    let ev = t.act(&alice, escape.clone(), &[6]);
    assert_eq!(rules_events(&ev, "test_rolled")[0]["dc"], 9);
    assert!(held(&t, "vera", "grappled"));
    assert_eq!(t.refused(&alice, escape.clone(), &[7]), "action_spent");
    for _ in 0..3 {
        t.clock(json!("end_turn"));
    }
    t.act(&alice, escape, &[7]);
    assert!(!held(&t, "vera", "grappled"));
    assert!(t.table.core().effects.is_empty());
    t.assert_replays();
}

#[test]
fn dd_cbt_08_c_a_player_escapes_an_unseen_grappler_by_the_hold_they_see() {
    let mut t = party();
    t.dm(
        json!({"apply_condition": {"creature": "vera", "condition": "grappled", "source": "gob"}}),
        &[],
    );
    let alice = player("alice");
    // The hidden goblin's id finds nothing for her; the stand-in her sheet shows does.
    assert_eq!(
        t.refused(
            &alice,
            json!({"escape_grapple": {"creature": "vera", "grappler": "gob",
                "ability": "strength"}}),
            &[]
        ),
        "no_such_condition"
    );
    let hold = t.creature("vera")["conditions"]["held"][0][1]
        .as_str()
        .unwrap()
        .to_string();
    t.act(
        &alice,
        json!({"escape_grapple": {"creature": "vera", "grappler": hold,
            "ability": "strength"}}),
        &[15],
    );
    assert!(!held(&t, "vera", "grappled"));
}

#[test]
fn dd_haz_02_c_a_long_rest_without_water_keeps_dehydration() {
    let mut t = party();
    t.dm(
        json!({"gain_exhaustion": {"creature": "vera", "source": "dehydration"}}),
        &[],
    );
    t.dm(
        json!({"start_rest": {"kind": "long", "creatures": ["vera"], "fed_and_watered": false}}),
        &[],
    );
    t.clock(json!({"end_rest": {"completed": true}}));
    assert_eq!(
        t.creature("vera")["conditions"]["exhaustion"]["levels"],
        json!(["dehydration"])
    );
    t.clock(json!({"advance": {"minutes": 16 * 60}}));
    t.dm(
        json!({"start_rest": {"kind": "long", "creatures": ["vera"]}}),
        &[],
    );
    t.clock(json!({"end_rest": {"completed": true}}));
    assert_eq!(
        t.creature("vera")["conditions"]["exhaustion"]["levels"],
        json!([])
    );
}

#[test]
fn dd_rest_04_c_two_resumed_interruptions_make_a_10_hour_long_rest() {
    let mut t = party();
    t.dm(json!({"damage": {"creature": "vera", "instances": [{"amount": 10, "damage_type": "fire"}]}}), &[]);
    let start = t.table.core().clock.game_seconds();
    t.dm(
        json!({"start_rest": {"kind": "long", "creatures": ["vera"]}}),
        &[],
    );
    for _ in 0..2 {
        t.dm(
            json!({"interrupt_rest": {"why": "hour_of_exertion", "resume": true}}),
            &[],
        );
    }
    assert!(t.table.core().clock.resting);
    assert_eq!(t.state()["rest"]["interruptions"], 2);
    let ev = t.clock(json!({"end_rest": {"completed": true}}));
    assert_eq!(t.table.core().clock.game_seconds() - start, 10 * 3600);
    assert_eq!(rules_events(&ev, "rest_finished")[0]["minutes_rested"], 600);
    assert_eq!(t.hp("vera"), 24);
    // A Short Rest is not resumed.
    t.dm(
        json!({"start_rest": {"kind": "short", "creatures": ["vera"]}}),
        &[],
    );
    assert_eq!(
        t.refused(
            &referee(),
            json!({"interrupt_rest": {"why": "took_damage", "resume": true}}),
            &[]
        ),
        "rest_refused"
    );
    t.assert_replays();
}
