//! Exploration through the engine: dungeon turns on a fake clock, the encounter check and its
//! secrecy, the greed reward, time outside a dungeon.

use crate::common::*;
use engine::{FakeClock, WallClock};

const MIN: i64 = 60_000;

fn due(t: &mut T, clock: &FakeClock, dice: &[i64]) -> Result<Vec<Envelope>, EngineError> {
    run_at(
        t,
        clock,
        &Actor::System,
        json!({"clock": {"timer_due": {"id": "exploration_turn"}}}),
        dice,
    )
}

fn rules_at(t: &mut T, clock: &FakeClock, cmd: Value, dice: &[i64]) -> Vec<Envelope> {
    match run_at(t, clock, &referee(), json!({ "rules": cmd }), dice) {
        Ok(e) => e,
        Err(e) => panic!("refused: {e}"),
    }
}

/// The names of the ruleset events and engine event kinds in `events`, in order.
fn kinds(events: &[Envelope]) -> Vec<String> {
    events
        .iter()
        .map(|e| match &e.body {
            EventBody::Rules { event } => event
                .as_object()
                .and_then(|o| o.keys().next().cloned())
                .unwrap_or_default(),
            EventBody::Rolled { label, .. } => format!("rolled:{label}"),
            other => serde_json::to_value(other).unwrap()["type"]
                .as_str()
                .map_or_else(|| format!("{other:?}"), str::to_string),
        })
        .collect()
}

fn position(kinds: &[String], what: &str) -> usize {
    kinds
        .iter()
        .position(|k| k.starts_with(what))
        .unwrap_or_else(|| panic!("no {what} in {kinds:?}"))
}

fn enter(t: &mut T, clock: &FakeClock, extra: Value) {
    let mut cmd = json!({"dungeon": "crypt", "length": {"minutes": 30}});
    if let (Some(o), Some(e)) = (cmd.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            o.insert(k.clone(), v.clone());
        }
    }
    rules_at(t, clock, json!({ "enter_dungeon": cmd }), &[]);
}

#[test]
// Covers CR-DT-01, CR-DT-02, CR-DT-05, CR-REF-29.
fn cr_dt_01_cr_dt_02_cr_dt_05_entering_starts_turn_one_with_a_timer_everyone_sees() {
    for minutes in [20, 30, 60] {
        let clock = FakeClock::new(1_000);
        let mut t = party();
        // Before entering there is no dungeon turn.
        assert_eq!(
            refused(&mut t, &referee(), json!({"room_explored": {}}), &[]).as_deref(),
            Some("CR-DT-01")
        );
        enter(&mut t, &clock, json!({"length": {"minutes": minutes}}));
        assert_eq!(turn(&t), 1);
        for viewer in [alice(), Viewer::Player("bob".into()), Viewer::Referee] {
            let v = explore_view(&t, &viewer);
            assert_eq!(v["visit"]["turn"], 1);
            assert_eq!(v["visit"]["dungeon"], "crypt");
            assert_eq!(v["visit"]["deadline_ms"], 1_000 + minutes * MIN);
        }
        // The timer runs out at exactly the chosen length.
        clock.advance_ms(minutes * MIN - 1);
        assert!(due(&mut t, &clock, &[]).is_err());
        clock.advance_ms(1);
        due(&mut t, &clock, &[1]).unwrap();
        assert_eq!(turn(&t), 2);
        t.assert_replays();
    }
    // Lengths outside the book's variants are refused (a house rule sets others).
    let mut t = party();
    assert_eq!(
        refused(
            &mut t,
            &referee(),
            json!({"enter_dungeon": {"dungeon": "crypt", "length": {"minutes": 45}}}),
            &[]
        )
        .as_deref(),
        Some("CR-DT-05")
    );
    // Without a length the table's setting applies (a house rule of 30 minutes here).
    let mut t = party_with(json!({"dungeon_turn_minutes": 30}));
    t.referee_rules(json!({"enter_dungeon": {"dungeon": "crypt"}}), &[]);
    assert_eq!(
        explore_view(&t, &alice())["visit"]["length"],
        json!({"minutes": 30})
    );
    // Players cannot enter a dungeon for the table.
    assert!(
        t.run(
            &player("alice"),
            json!({"rules": {"leave_dungeon": {}}}),
            &[]
        )
        .is_err()
    );
}

#[test]
// Covers CR-DT-03, CR-REF-29.
fn cr_dt_03_only_the_referee_pauses_and_combat_does_not_stop_the_timer() {
    let clock = FakeClock::new(1_000);
    let mut t = party();
    enter(&mut t, &clock, json!({}));
    clock.advance_ms(10 * MIN);
    // A player may not pause.
    let e = run_at(
        &mut t,
        &clock,
        &player("alice"),
        json!({"rules": {"pause_dungeon_turn": {}}}),
        &[],
    )
    .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    rules_at(&mut t, &clock, json!({"pause_dungeon_turn": {}}), &[]);
    assert_eq!(
        refused(&mut t, &referee(), json!({"pause_dungeon_turn": {}}), &[]).as_deref(),
        Some("CR-DT-03")
    );
    // A long break: the time does not count.
    clock.advance_ms(60 * MIN);
    let v = explore_view(&t, &alice());
    assert_eq!(v["visit"]["paused"], true);
    assert_eq!(v["visit"]["remaining_ms"], 20 * MIN);
    assert!(due(&mut t, &clock, &[]).is_err());
    rules_at(&mut t, &clock, json!({"resume_dungeon_turn": {}}), &[]);
    assert_eq!(
        explore_view(&t, &alice())["visit"]["deadline_ms"],
        clock.now_ms() + 20 * MIN
    );
    // Combat starts: the timer keeps running and ends the turn in the middle of the fight.
    run_at(
        &mut t,
        &clock,
        &referee(),
        json!({"clock": {"start_combat": {"order": ["vera", "bram"]}}}),
        &[],
    )
    .unwrap();
    clock.advance_ms(19 * MIN);
    assert!(due(&mut t, &clock, &[]).is_err());
    clock.advance_ms(MIN);
    due(&mut t, &clock, &[3]).unwrap();
    assert_eq!(turn(&t), 2);
    t.assert_replays();
}

#[test]
// Covers CR-DT-04.
fn cr_dt_04_turns_are_not_game_minutes_inside_a_dungeon() {
    let clock = FakeClock::new(1_000);
    let mut t = party();
    enter(&mut t, &clock, json!({}));
    for _ in 0..3 {
        clock.advance_ms(30 * MIN);
        due(&mut t, &clock, &[1]).unwrap();
    }
    assert_eq!(turn(&t), 4);
    assert_eq!(t.table.core().clock.game_minutes, 0);
    // Game time cannot be moved by hand inside the dungeon either.
    assert_eq!(
        refused(
            &mut t,
            &referee(),
            json!({"pass_time": {"minutes": 30}}),
            &[]
        )
        .as_deref(),
        Some("CR-DT-04")
    );
}

#[test]
// Covers CR-DT-05, CR-REF-29.
fn cr_dt_05_rooms_length_rolls_at_each_turn_and_ends_with_the_last_room() {
    let mut t = party();
    // The 1d6 is rolled at entry, in public.
    let events = t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "caves", "length": "rooms"}}),
        &[2],
    );
    assert_eq!(rolled_count(&events), 1);
    assert_eq!(explore_view(&t, &alice())["visit"]["rooms_left"], 2);
    assert!(log_of(&t, &alice()).contains("rooms this dungeon turn"));
    t.referee_rules(json!({"room_explored": {}}), &[]);
    assert_eq!(turn(&t), 1);
    assert_eq!(explore_view(&t, &alice())["visit"]["rooms_left"], 1);
    // The last room ends the turn: the encounter check (1), then the next turn's rooms (5).
    t.referee_rules(json!({"room_explored": {}}), &[1, 5]);
    assert_eq!(turn(&t), 2);
    assert_eq!(explore_view(&t, &alice())["visit"]["rooms_left"], 5);
    // Rooms are not counted with a timed length.
    let mut t = party();
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "caves", "length": {"minutes": 60}}}),
        &[],
    );
    assert_eq!(
        refused(&mut t, &referee(), json!({"room_explored": {}}), &[]).as_deref(),
        Some("CR-DT-05")
    );
    t.assert_replays();
}

#[test]
// Covers CR-DT-06, CR-ERR-36, CR-ENC-01.
fn cr_dt_06_cr_err_36_cr_enc_01_end_of_turn_runs_usage_dice_expiries_then_the_encounter_check() {
    let clock = FakeClock::new(1_000);
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": 1}}}),
        &[],
    );
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "weakened"}}),
        &[],
    );
    enter(&mut t, &clock, json!({}));
    clock.advance_ms(30 * MIN);
    // Torch 3d6 (4, 5, 6), then the Referee's d10 (2).
    let events = due(&mut t, &clock, &[4, 5, 6, 2]).unwrap();
    let k = kinds(&events);
    let usage = position(&k, "rolled:usage dice");
    let creature = position(&k, "creature_changed");
    let check = position(&k, "rolled:encounter check");
    let recorded = position(&k, "encounter_checked");
    let next = position(&k, "exploration_turn_started");
    assert!(usage < creature && creature < check && check < recorded && recorded < next);
    let conditions = serde_json::to_string(&t.creature("vera")["conditions"]).unwrap();
    assert!(!conditions.contains("weakened"));
    // An extra check for a loud act, in the middle of the turn (CR-ENC-01).
    let events = rules_at(
        &mut t,
        &clock,
        json!({"loud_noise": {"what": "smashed the door with a hammer"}}),
        &[3],
    );
    assert!(
        serde_json::to_string(&events)
            .unwrap()
            .contains("smashed the door")
    );
    assert_eq!(turn(&t), 2);
    t.assert_replays();
}

#[test]
// Covers CR-ENC-02, CR-ENC-03, CR-REF-30.
fn cr_enc_02_cr_enc_03_every_threshold_row_triggers_at_and_above_it() {
    // (crowded, chaos trail) → EN: 9, 8, 8, 7.
    for row in crows::encounters::DUNGEON_THRESHOLDS {
        let mut t = party();
        t.referee_rules(json!({"enter_dungeon": {"dungeon": "crypt"}}), &[]);
        t.referee_rules(
            json!({"set_dungeon_level": {"crowded": row.crowded, "chaos_trail": row.chaos_trail}}),
            &[],
        );
        assert_eq!(
            explore_view(&t, &Viewer::Referee)["threshold"],
            row.threshold
        );
        let en = i64::from(row.threshold);
        for face in 1..=10 {
            t.referee_rules(json!({"loud_noise": {"what": "a shout"}}), &[face]);
            let check = t
                .log
                .iter()
                .rev()
                .find_map(|e| match &e.body {
                    EventBody::Rules { event } => event.get("encounter_checked").cloned(),
                    _ => None,
                })
                .unwrap();
            assert_eq!(check["check"]["threshold"], en);
            let outcome = check["check"]["outcome"]["outcome"].as_str().unwrap();
            let expected = if face < en {
                "nothing"
            } else if face == 10 {
                "immediate"
            } else {
                "sign"
            };
            assert_eq!(outcome, expected, "face {face} against EN {en}");
        }
    }
}

#[test]
// Covers CR-ENC-05, CR-ENC-04, CR-REF-30.
fn cr_enc_05_a_ten_is_an_encounter_now_and_the_check_stays_secret() {
    let mut t = party();
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "tables": ["ghouls", "rats"]}}),
        &[],
    );
    t.referee_rules(json!({"loud_noise": {"what": "a crash"}}), &[10]);
    // No sign: the encounter is now; with two tables the Referee picks one (CR-ENC-04).
    assert!(
        t.table
            .core()
            .decisions
            .iter()
            .all(|d| d.kind != "crows.explore.sign")
    );
    let d = t.decision("crows.explore.encounter_table");
    assert_eq!(d.options.len(), 2);
    assert!(
        t.answer(&player("alice"), &d.id, "rats", None).is_err(),
        "players cannot see or answer it"
    );
    t.answer(&referee(), &d.id, "rats", None).unwrap();
    let referee_log = log_of(&t, &Viewer::Referee);
    assert!(referee_log.contains("\"immediate\""));
    assert!(referee_log.contains("\"encounter_table\""));
    // The player learns that a roll was made, nothing of its face, the EN or the table.
    let alice_log = log_of(&t, &alice());
    assert!(alice_log.contains("secret_roll"));
    for hidden in [
        "immediate",
        "encounter_checked",
        "rats",
        "ghouls",
        "threshold",
    ] {
        assert!(!alice_log.contains(hidden), "{hidden} leaked: {alice_log}");
    }
    // The dungeon's EN tells the level's population: not in the players' view. (Travel's
    // thresholds, made of the pace and the players' own task results, are theirs to see.)
    let whole = t.table.view(&alice());
    let view = serde_json::to_string(&whole).unwrap();
    for hidden in ["ghouls", "secrets"] {
        assert!(!view.contains(hidden), "{hidden} leaked in the view");
    }
    let explore = serde_json::to_string(&whole["rules"]["explore"]).unwrap();
    assert!(
        !explore.contains("threshold"),
        "threshold leaked in the view: {explore}"
    );
    // With one table it is used at once (a table never loaded: named for the Referee's book).
    let mut t = party();
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "tables": ["ghouls"]}}),
        &[],
    );
    t.referee_rules(json!({"loud_noise": {"what": "a crash"}}), &[10]);
    assert!(log_of(&t, &Viewer::Referee).contains("\"table\":\"ghouls\""));
    t.assert_replays();
}

#[test]
// Covers CR-ENC-06, CR-REF-30.
fn cr_enc_06_a_sign_now_and_the_encounter_at_the_referees_moment_next_turn() {
    let clock = FakeClock::new(1_000);
    let mut t = party();
    enter(&mut t, &clock, json!({}));
    clock.advance_ms(30 * MIN);
    due(&mut t, &clock, &[9]).unwrap();
    // Pending for turn 2, known to the Referee only.
    let referee_view = explore_view(&t, &Viewer::Referee);
    assert_eq!(referee_view["secrets"]["pending"][0]["due_turn"], 2);
    assert!(explore_view(&t, &alice()).get("secrets").is_none());
    let sign = t.decision("crows.explore.sign");
    let moment = t.decision("crows.explore.encounter_moment");
    assert_eq!(moment.context["due_turn"], 2);
    // The sign needs words.
    assert!(t.answer(&referee(), &sign.id, "sign", None).is_err());
    t.answer(
        &referee(),
        &sign.id,
        "sign",
        Some("a distant roar echoes through the halls"),
    )
    .unwrap();
    assert!(log_of(&t, &alice()).contains("a distant roar"));
    // If turn 2 ended without it, the Referee would be reminded (Referee only).
    let mut late = T {
        registry: registry(),
        table: t.table.clone(),
        log: t.log.clone(),
    };
    clock.advance_ms(30 * MIN);
    due(&mut late, &clock, &[1]).unwrap();
    assert!(log_of(&late, &Viewer::Referee).contains("encounter_overdue"));
    assert!(!log_of(&late, &alice()).contains("encounter_overdue"));
    clock.advance_ms(-30 * MIN);
    // Later in turn 2 the Referee lets it happen: the reminder is gone.
    clock.advance_ms(12 * MIN);
    run_at(
        &mut t,
        &clock,
        &referee(),
        json!({"answer": {"decision": moment.id, "option": "now"}}),
        &[],
    )
    .unwrap();
    assert_eq!(
        explore_view(&t, &Viewer::Referee)["secrets"]["pending"],
        json!([])
    );
    assert!(!log_of(&t, &alice()).contains("encounter_happened"));
    t.assert_replays();
}

#[test]
// Covers CR-ENC-06: an overdue encounter is said once, not at every later turn end.
fn cr_enc_06_an_overdue_encounter_is_reminded_once_not_every_turn() {
    let clock = FakeClock::new(1_000);
    let mut t = party();
    enter(&mut t, &clock, json!({}));
    clock.advance_ms(30 * MIN);
    due(&mut t, &clock, &[9]).unwrap();
    // Turn 2 ends without the signalled encounter: one reminder.
    clock.advance_ms(30 * MIN);
    due(&mut t, &clock, &[1]).unwrap();
    let reminders = |t: &T| {
        log_of(t, &Viewer::Referee)
            .matches("encounter_overdue")
            .count()
    };
    assert_eq!(reminders(&t), 1);
    // Turns 3 and 4 end: still one.
    for _ in 0..2 {
        clock.advance_ms(30 * MIN);
        due(&mut t, &clock, &[1]).unwrap();
    }
    assert_eq!(reminders(&t), 1);
    assert_eq!(
        explore_view(&t, &Viewer::Referee)["secrets"]["pending"][0]["due_turn"],
        2
    );
    t.assert_replays();
}

#[test]
// Covers CR-ENC-07, CR-ERR-47.
fn cr_enc_07_cr_err_47_modifiers_apply_and_the_en_is_capped_at_ten() {
    let mut t = party();
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "threshold_modifier": 3}}),
        &[],
    );
    // 9 + 3 = 12, capped at 10: a 10 still triggers.
    assert_eq!(explore_view(&t, &Viewer::Referee)["threshold"], 10);
    t.referee_rules(json!({"loud_noise": {"what": "x"}}), &[10]);
    assert!(log_of(&t, &Viewer::Referee).contains("\"immediate\""));
    // Without the cap (the other reading), nothing can trigger.
    t.referee_rules(json!({"set_encounter_rules": {"cap_at_ten": false}}), &[]);
    assert_eq!(explore_view(&t, &Viewer::Referee)["threshold"], 12);
    let before = log_of(&t, &Viewer::Referee)
        .matches("\"immediate\"")
        .count();
    t.referee_rules(json!({"loud_noise": {"what": "x"}}), &[10]);
    assert_eq!(
        log_of(&t, &Viewer::Referee)
            .matches("\"immediate\"")
            .count(),
        before
    );
    // A negative modifier lowers it.
    t.referee_rules(
        json!({"set_dungeon_level": {"crowded": false, "chaos_trail": false,
            "threshold_modifier": -2}}),
        &[],
    );
    assert_eq!(explore_view(&t, &Viewer::Referee)["threshold"], 7);
}

#[test]
// Covers CR-DT-07, CR-REF-31.
fn cr_dt_07_greed_reward_by_turn_of_the_first_entry() {
    let clock = FakeClock::new(1_000);
    let mut t = party();
    enter(&mut t, &clock, json!({}));
    let value = |t: &T| {
        t.log
            .iter()
            .rev()
            .find_map(|e| match &e.body {
                EventBody::Rules { event } => event.get("treasure_valued").cloned(),
                _ => None,
            })
            .unwrap()
    };
    // Every row of the table, then turn 4 without a bonus.
    let rows = [
        (1, 30, 15, 19),
        (2, 20, 200, 240),
        (3, 10, 200, 220),
        (4, 0, 200, 200),
    ];
    for (n, (turn_no, percent, base, worth)) in rows.into_iter().enumerate() {
        if n > 0 {
            clock.advance_ms(30 * MIN);
            due(&mut t, &clock, &[1]).unwrap();
        }
        assert_eq!(turn(&t), turn_no);
        assert_eq!(
            explore_view(&t, &alice())["visit"]["greed_percent"],
            percent
        );
        rules_at(
            &mut t,
            &clock,
            json!({"treasure_found": {"what": "gem", "value": base}}),
            &[],
        );
        let v = value(&t);
        assert_eq!(v["percent"], percent);
        assert_eq!(v["value"], worth, "turn {turn_no}");
    }
    // The table rows in the pure module are the same.
    assert_eq!(crows::dungeon_turns::GREED_TABLE.len(), 3);
    // Players see the valued treasure.
    assert!(log_of(&t, &alice()).contains("treasure_valued"));
}

#[test]
// Covers CR-ENC-01 and CR-DT-07 on the screens: the last five encounter checks (the
// Referee's) and treasure valuations (everyone's) come from the view, not from the part of
// the log a screen has loaded; a player's view holds no check.
fn cr_enc_01_cr_dt_07_the_last_checks_and_valuations_are_in_the_view() {
    let clock = FakeClock::new(1_000);
    let mut t = party();
    enter(&mut t, &clock, json!({}));
    for n in 0..7 {
        clock.advance_ms(30 * MIN);
        due(&mut t, &clock, &[1]).unwrap();
        rules_at(
            &mut t,
            &clock,
            json!({"treasure_found": {"what": format!("gem {n}"), "value": 10 + n}}),
            &[],
        );
    }
    let logged = |name: &str| -> Vec<Value> {
        t.log
            .iter()
            .filter_map(|e| match &e.body {
                EventBody::Rules { event } => event.get(name).cloned(),
                _ => None,
            })
            .collect()
    };
    let checks = logged("encounter_checked");
    let valued = logged("treasure_valued");
    assert_eq!((checks.len(), valued.len()), (7, 7));
    let referee_view = explore_view(&t, &Viewer::Referee);
    let recent: Vec<Value> = referee_view["recent_checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["turn"].clone())
        .collect();
    assert_eq!(
        recent,
        checks[2..].to_vec(),
        "the newest five, oldest first"
    );
    assert_eq!(referee_view["recent_treasure"], json!(valued[2..].to_vec()));
    let alice_view = explore_view(&t, &alice());
    assert!(alice_view.get("recent_checks").is_none());
    assert_eq!(
        alice_view["recent_treasure"],
        referee_view["recent_treasure"]
    );
    t.assert_replays();
}

#[test]
// Covers CR-DT-08, CR-ERR-48.
fn cr_dt_08_cr_err_48_greed_once_per_dungeon_per_set_of_players() {
    let mut t = party();
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": "manual"}}),
        &[],
    );
    assert_eq!(explore_view(&t, &alice())["visit"]["greed_open"], true);
    // Leaving ends the window (CR-ERR-48) ...
    t.referee_rules(json!({"leave_dungeon": {}}), &[]);
    assert!(explore_view(&t, &alice())["visit"].is_null());
    assert_eq!(
        refused(
            &mut t,
            &referee(),
            json!({"treasure_found": {"what": "gem", "value": 10}}),
            &[]
        )
        .as_deref(),
        Some("CR-DT-01")
    );
    // ... and coming back gives none.
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": "manual"}}),
        &[],
    );
    assert_eq!(explore_view(&t, &alice())["visit"]["greed_open"], false);
    t.referee_rules(
        json!({"treasure_found": {"what": "gem", "value": 200}}),
        &[],
    );
    assert!(log_of(&t, &alice()).contains("\"value\":200"));
    t.referee_rules(json!({"leave_dungeon": {}}), &[]);
    // The same players with other characters: still the same group.
    t.referee_rules(
        json!({"create_creature": {"id": "nox", "kind": "crow",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 4}}),
        &[],
    );
    t.ok(
        &referee(),
        json!({"bind": {"player": "alice", "character": "nox"}}),
        &[],
    );
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": "manual", "party": ["nox"]}}),
        &[],
    );
    // Alice alone is another set of players: her first entry.
    assert_eq!(explore_view(&t, &alice())["visit"]["greed_open"], true);
    t.referee_rules(json!({"leave_dungeon": {}}), &[]);
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": "manual", "party": ["nox"]}}),
        &[],
    );
    assert_eq!(explore_view(&t, &alice())["visit"]["greed_open"], false);
    t.referee_rules(json!({"leave_dungeon": {}}), &[]);
    // Another dungeon is a new first entry.
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "tower", "length": "manual"}}),
        &[],
    );
    assert_eq!(explore_view(&t, &alice())["visit"]["greed_open"], true);
    t.assert_replays();
}

#[test]
// Covers CR-DT-09, CR-UD-07.
fn cr_dt_09_cr_ud_07_two_hours_outside_a_dungeon_are_one_turn_end() {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": 1}}}),
        &[],
    );
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "weakened"}}),
        &[],
    );
    // 90 minutes: nothing yet.
    let events = t.referee_rules(json!({"pass_time": {"minutes": 90}}), &[]);
    assert_eq!(rolled_count(&events), 0);
    // 30 more complete two hours: the torch's usage dice roll and weakened ends, no
    // encounter check (that is not a dungeon).
    let events = t.referee_rules(json!({"pass_time": {"minutes": 30}}), &[4, 5, 6]);
    assert_eq!(rolled_count(&events), 3);
    assert!(
        !serde_json::to_string(&events)
            .unwrap()
            .contains("encounter")
    );
    let conditions = serde_json::to_string(&t.creature("vera")["conditions"]).unwrap();
    assert!(!conditions.contains("weakened"));
    // Five hours more: two more turn ends, one hour carried.
    let events = t.referee_rules(json!({"pass_time": {"minutes": 300}}), &[6; 6]);
    assert_eq!(rolled_count(&events), 6);
    assert_eq!(t.table.core().clock.game_minutes, 420);
    t.assert_replays();
}

#[test]
// Covers CR-ENC-04.
fn cr_enc_04_a_loaded_encounter_table_is_rolled_in_secret() {
    let mut t = sample_party();
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "cellar", "tables": ["sample-cellar-encounters"]}}),
        &[],
    );
    // Nothing happens: no table roll.
    let events = t.referee_rules(json!({"loud_noise": {"what": "a dropped pot"}}), &[3]);
    assert_eq!(rolled_count(&events), 1);
    // A 10: the table's 1d6 shows 4.
    let events = t.referee_rules(json!({"loud_noise": {"what": "a dropped pot"}}), &[10, 4]);
    assert_eq!(rolled_count(&events), 2);
    let referee_log = log_of(&t, &Viewer::Referee);
    assert!(referee_log.contains("Two lost smugglers"), "{referee_log}");
    let alice_log = log_of(&t, &alice());
    assert!(!alice_log.contains("smugglers"));
    assert!(!alice_log.contains("sample-cellar-encounters"));
    t.assert_replays();
}
