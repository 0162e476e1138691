//! Dungeon (checklist §1): the turn, rest, light, marching order, doors, listening, secret
//! doors, traps, wandering checks — and the secrecy of every secret roll (AC-GEN-04).
use super::*;

fn character(t: &T, id: &str) -> Value {
    t.state()["creatures"][id].clone()
}

#[test]
fn ac_dungeon_06_and_09_the_turn_is_ten_minutes_and_a_round_ten_seconds() {
    let mut t = T::new();
    t.explore();
    let before = t.table.core().clock.game_minutes;
    t.end_turn(&[]);
    assert_eq!(t.table.core().clock.game_minutes - before, 10);
    assert_eq!(t.state()["dungeon"]["turn"], 1);
    // A combat round on the engine's clock lasts 10 seconds.
    t.ok(
        &judge(),
        json!({"clock": {"start_combat": {"order": ["brena"]}}}),
        &[],
    );
    let s = t.table.core().clock.second;
    t.ok(&judge(), json!({"clock": "end_turn"}), &[]);
    assert_eq!(t.table.core().clock.second, s + 10);
    t.ok(&judge(), json!({"clock": "end_combat"}), &[]);
    // A try at a stuck door takes one round: 10 seconds.
    t.judge(
        json!({"place_door": {"door": "d1", "area": "hall", "material": "wood", "state": "stuck"}}),
        &[],
    );
    let s = t.table.core().clock.second;
    t.as_player(
        "ann",
        json!({"force_door": {"characters": ["brena"], "door": "d1"}}),
        &[2],
    );
    assert_eq!(t.table.core().clock.second, s + 10);
}

#[test]
fn ac_dungeon_12_and_13_one_turn_of_rest_in_six_or_minus_one() {
    let mut t = T::new();
    t.explore();
    for _ in 0..5 {
        t.end_turn(&[]);
    }
    let b = character(&t, "brena");
    assert_eq!(b["kind"]["character"]["rest"]["turns_active"], 5);
    assert_eq!(
        t.player_view("ann")["rules"]["creatures"]["brena"]["rest_due"],
        true
    );
    assert_eq!(
        t.player_view("ann")["rules"]["creatures"]["brena"]["fatigue_penalty"],
        0
    );
    // Sefa rests in the sixth turn; Brena presses on and misses her rest.
    t.as_player(
        "ann",
        json!({"declare_turn": {"character": "sefa", "activity": "rest"}}),
        &[],
    );
    t.end_turn(&[]);
    let view = t.player_view("ann");
    assert_eq!(view["rules"]["creatures"]["brena"]["fatigue_penalty"], -1);
    assert_eq!(view["rules"]["creatures"]["sefa"]["fatigue_penalty"], 0);
    assert_eq!(
        character(&t, "brena")["kind"]["character"]["rest"]["fatigued"],
        true
    );
    // The penalty lasts until a full turn of rest.
    t.end_turn(&[]);
    assert_eq!(
        t.player_view("ann")["rules"]["creatures"]["brena"]["fatigue_penalty"],
        -1
    );
    t.as_player(
        "ann",
        json!({"declare_turn": {"character": "brena", "activity": "rest"}}),
        &[],
    );
    t.end_turn(&[]);
    assert_eq!(
        t.player_view("ann")["rules"]["creatures"]["brena"]["fatigue_penalty"],
        0
    );
    t.assert_replays();
}

#[test]
fn ac_dungeon_15_torches_burn_six_turns_lanterns_twenty_four_per_flask() {
    let mut t = T::new();
    t.explore();
    t.as_player(
        "ann",
        json!({"light": {"character": "brena", "kind": "torch"}}),
        &[],
    );
    t.as_player(
        "bob",
        json!({"light": {"character": "odo", "kind": "lantern"}}),
        &[],
    );
    for _ in 0..5 {
        t.end_turn(&[]);
    }
    assert_eq!(
        character(&t, "brena")["kind"]["character"]["light"]["turns_left"],
        1
    );
    t.end_turn(&[]);
    assert!(
        character(&t, "brena")["kind"]["character"]["light"].is_null(),
        "the torch is out"
    );
    assert_eq!(
        character(&t, "odo")["kind"]["character"]["light"]["turns_left"],
        18
    );
    // A torch cannot be refilled; a lantern takes a new flask.
    t.as_player(
        "ann",
        json!({"light": {"character": "brena", "kind": "torch"}}),
        &[],
    );
    let code = t.refused(
        &player("ann"),
        json!({"refill_lantern": {"character": "brena"}}),
    );
    assert!(code.starts_with("not_a_lantern"), "{code}");
    t.as_player("bob", json!({"refill_lantern": {"character": "odo"}}), &[]);
    assert_eq!(
        character(&t, "odo")["kind"]["character"]["light"]["turns_left"],
        24
    );
    let code = t.refused(
        &player("bob"),
        json!({"light": {"character": "odo", "kind": "torch"}}),
    );
    assert!(code.starts_with("already_lit"), "{code}");
    t.as_player("bob", json!({"douse": {"character": "odo"}}), &[]);
    assert!(character(&t, "odo")["kind"]["character"]["light"].is_null());
    t.assert_replays();
}

#[test]
fn ac_dungeon_01_and_02_the_marching_order_is_recorded_with_tokens() {
    let mut t = T::new();
    t.as_player(
        "bob",
        json!({"set_marching_order": {"ranks": [["brena", "dain"], ["odo"], ["sefa"]]}}),
        &[],
    );
    let d = &t.player_view("ann")["rules"]["dungeon"];
    assert_eq!(d["marching_order"]["ranks"][1][0], "odo");
    assert_eq!(
        d["tokens"][1],
        json!({"name": "dain", "rank": 0, "file": 1})
    );
    let code = t.refused(
        &player("ann"),
        json!({"set_marching_order": {"ranks": [["brena", "brena"]]}}),
    );
    assert!(code.starts_with("bad_marching_order"), "{code}");
    let code = t.refused(
        &player("ann"),
        json!({"set_marching_order": {"ranks": [["ghost"]]}}),
    );
    assert!(code.starts_with("not_a_character"), "{code}");
}

/// A table with a door `d1` in the hall and, when `noisy`, a gloom rat beyond it.
fn at_the_door(noisy: bool, beyond_card: &str) -> T {
    let mut t = T::new();
    t.judge(
        json!({"place_door": {"door": "d1", "area": "hall", "material": "wood", "state": "closed"}}),
        &[],
    );
    t.judge(
        json!({"add_monster": {"id": "m1", "card": beyond_card, "hp": 5}}),
        &[],
    );
    if noisy {
        t.judge(
            json!({"place_beyond": {"at": "d1", "creatures": ["m1"]}}),
            &[],
        );
    }
    t
}

#[test]
fn ac_dungeon_28_listening_thieves_dwarves_elves_one_try_silent_creatures() {
    let mut t = at_the_door(true, "gloom_rat");
    // Odo, a 3rd-level thief, hears on his Hear Noise 12+ (T-22).
    let ev = t.as_player(
        "bob",
        json!({"listen": {"character": "odo", "at": "d1"}}),
        &[12],
    );
    let e = &T::rules_events(&ev);
    assert!(
        e.iter()
            .any(|e| e["listened"]["throw"] == 12 && e["listened"]["heard"] == true)
    );
    // Dain, a dwarf, needs 14: 13 hears nothing.
    let ev = t.as_player(
        "bob",
        json!({"listen": {"character": "dain", "at": "d1"}}),
        &[13],
    );
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["listened"]["throw"] == 14 && e["listened"]["heard"] == false)
    );
    // Brena, no thief nor demi-human, needs 18.
    let ev = t.as_player(
        "ann",
        json!({"listen": {"character": "brena", "at": "d1"}}),
        &[18],
    );
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["listened"]["throw"] == 18 && e["listened"]["heard"] == true)
    );
    // One try per character per door, whatever is beyond.
    let code = t.refused(
        &player("bob"),
        json!({"listen": {"character": "odo", "at": "d1"}}),
    );
    assert!(code.starts_with("already_listened"), "{code}");
    // A silent creature (the hollow guard) is never heard, even on a 20.
    let mut t = at_the_door(true, "hollow_guard");
    let ev = t.as_player(
        "bob",
        json!({"listen": {"character": "odo", "at": "d1"}}),
        &[20],
    );
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["listened"]["heard"] == false)
    );
    t.assert_replays();
}

#[test]
fn ac_gen_04_listening_a_failed_roll_and_nobody_there_look_the_same() {
    // Noise beyond, but the roll fails; nobody beyond, and the roll succeeds.
    let mut a = at_the_door(true, "gloom_rat");
    let mut b = at_the_door(false, "gloom_rat");
    a.as_player(
        "bob",
        json!({"listen": {"character": "odo", "at": "d1"}}),
        &[5],
    );
    b.as_player(
        "bob",
        json!({"listen": {"character": "odo", "at": "d1"}}),
        &[20],
    );
    same_for_everyone_but_the_judge(&a, &b);
    // …and so does the second try's refusal.
    let ra = a.refused(
        &player("bob"),
        json!({"listen": {"character": "odo", "at": "d1"}}),
    );
    let rb = b.refused(
        &player("bob"),
        json!({"listen": {"character": "odo", "at": "d1"}}),
    );
    assert_eq!(ra, rb);
    // The Judge's own record differs.
    assert_ne!(a.log_of(&Viewer::Referee), b.log_of(&Viewer::Referee));
    let shown = a.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(
        shown.contains("secret_roll") && !shown.contains("\"face\""),
        "{shown}"
    );
}

/// A hall with, when `door`, a secret door in it.
fn hall(door: bool) -> T {
    let mut t = T::new();
    t.explore();
    if door {
        t.judge(
            json!({"place_door": {"door": "s1", "area": "hall", "material": "stone",
                "state": "closed", "secret": true}}),
            &[],
        );
    }
    t
}

#[test]
fn ac_dungeon_26_and_27_secret_doors_searched_elves_numbers_one_chance() {
    let mut t = hall(true);
    // Not seen until found: a player naming it is told there is no such door.
    let code = t.refused(
        &player("ann"),
        json!({"force_door": {"characters": ["brena"], "door": "s1"}}),
    );
    let none = t.refused(
        &player("ann"),
        json!({"force_door": {"characters": ["brena"], "door": "zz"}}),
    );
    assert_eq!(code.replace("s1", "X"), none.replace("zz", "X"));
    assert!(
        t.player_view("ann")["rules"]["dungeon"]["doors"]
            .get("s1")
            .is_none()
    );
    // Brena needs 18: 17 finds nothing.
    t.as_player(
        "ann",
        json!({"search": {"character": "brena", "area": "hall", "looking_for": "secret_doors"}}),
        &[17],
    );
    assert!(
        t.player_view("ann")["rules"]["dungeon"]["doors"]
            .get("s1")
            .is_none()
    );
    // Her one chance at this area is spent.
    t.end_turn(&[]);
    let code = t.refused(
        &player("ann"),
        json!({"search": {"character": "brena", "area": "hall", "looking_for": "secret_doors"}}),
    );
    assert!(code.starts_with("already_searched"), "{code}");
    // Sefa, an elf, finds it on 8.
    let ev = t.as_player(
        "ann",
        json!({"search": {"character": "sefa", "area": "hall", "looking_for": "secret_doors"}}),
        &[8],
    );
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["searched"]["throw"] == 8)
    );
    assert_eq!(
        t.player_view("bob")["rules"]["dungeon"]["doors"]["s1"]["open"],
        false
    );
    assert_eq!(t.state()["dungeon"]["activity"]["sefa"], "search");
    // Searching spends the turn: one area per turn.
    let code = t.refused(
        &player("ann"),
        json!({"search": {"character": "sefa", "area": "crypt", "looking_for": "secret_doors"}}),
    );
    assert!(code.starts_with("already_searching"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_dungeon_26_an_elf_passing_by_notices_on_14() {
    let mut t = hall(true);
    let ev = t.judge(
        json!({"elf_passes": {"character": "sefa", "area": "hall"}}),
        &[13],
    );
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["searched"]["throw"] == 14 && e["searched"]["found"] == json!([]))
    );
    t.judge(
        json!({"elf_passes": {"character": "sefa", "area": "hall"}}),
        &[14],
    );
    assert!(
        t.player_view("ann")["rules"]["dungeon"]["doors"]
            .get("s1")
            .is_some()
    );
    let code = t.refused(
        &judge(),
        json!({"elf_passes": {"character": "brena", "area": "hall"}}),
    );
    assert!(code.starts_with("not_an_elf"), "{code}");
}

#[test]
fn ac_gen_04_secret_doors_a_failed_search_and_an_empty_area_look_the_same() {
    let mut a = hall(true);
    let mut b = hall(false);
    let cmd =
        json!({"search": {"character": "brena", "area": "hall", "looking_for": "secret_doors"}});
    a.as_player("ann", cmd.clone(), &[10]);
    b.as_player("ann", cmd.clone(), &[20]);
    same_for_everyone_but_the_judge(&a, &b);
    a.end_turn(&[]);
    b.end_turn(&[]);
    assert_eq!(
        a.refused(&player("ann"), cmd.clone()),
        b.refused(&player("ann"), cmd)
    );
    // The elf passing by, too.
    let mut a = hall(true);
    let mut b = hall(false);
    a.judge(
        json!({"elf_passes": {"character": "sefa", "area": "hall"}}),
        &[3],
    );
    b.judge(
        json!({"elf_passes": {"character": "sefa", "area": "hall"}}),
        &[19],
    );
    same_for_everyone_but_the_judge(&a, &b);
}

/// A hall with, when `trap`, a 20-ft pit trap in it.
fn trapped(trap: bool) -> T {
    let mut t = T::new();
    if trap {
        t.judge(
            json!({"place_trap": {"trap": "p1", "area": "hall", "pit_ft": 20}}),
            &[],
        );
    }
    t
}

#[test]
fn ac_dungeon_29_trap_search_dwarves_on_14_and_its_secrecy() {
    let mut t = trapped(true);
    let ev = t.as_player(
        "bob",
        json!({"search": {"character": "dain", "area": "hall", "looking_for": "traps"}}),
        &[14],
    );
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["searched"]["throw"] == 14)
    );
    assert_eq!(
        t.player_view("ann")["rules"]["dungeon"]["traps"]["p1"]["found"],
        true
    );
    let mut t = trapped(true);
    let ev = t.as_player(
        "ann",
        json!({"search": {"character": "brena", "area": "hall", "looking_for": "traps"}}),
        &[17],
    );
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["searched"]["throw"] == 18)
    );
    assert!(
        t.player_view("ann")["rules"]["dungeon"]["traps"]
            .get("p1")
            .is_none()
    );
    // Secrecy: a failed search and an empty hall look the same.
    let mut a = trapped(true);
    let mut b = trapped(false);
    let cmd = json!({"search": {"character": "brena", "area": "hall", "looking_for": "traps"}});
    a.as_player("ann", cmd.clone(), &[2]);
    b.as_player("ann", cmd, &[20]);
    same_for_everyone_but_the_judge(&a, &b);
}

#[test]
fn ac_dungeon_30_and_31_a_trap_springs_on_1_2_and_a_pit_deals_1d6_per_10_ft() {
    let mut t = trapped(true);
    // 3 on the Judge's d6: nothing happens, and players see only that a roll was made.
    let ev = t.judge(
        json!({"trap_check": {"trap": "p1", "character": "odo"}}),
        &[3],
    );
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["trap_checked"]["springs"] == false)
    );
    // Not even a notice: "a roll for a trap" would tell of the trap.
    let none = trapped(false);
    same_for_everyone_but_the_judge(&t, &none);
    // 2 springs it: a 20-ft pit, 2d6 in the open (physical dice: 4 and 5).
    t.faces(
        &judge(),
        json!({"rules": {"trap_check": {"trap": "p1", "character": "odo"}}}),
        &[2, 4, 5],
    );
    assert_eq!(t.state()["creatures"]["odo"]["hp"], 1);
    assert_eq!(
        t.player_view("bob")["rules"]["dungeon"]["traps"]["p1"]["sprung"],
        true
    );
    assert_eq!(t.player_view("ann")["rules"]["creatures"]["odo"]["hp"], 1);
    let code = t.refused(
        &judge(),
        json!({"trap_check": {"trap": "p1", "character": "odo"}}),
    );
    assert!(code.starts_with("trap_sprung"), "{code}");
    // A plain fall: 1d6 per full 10 ft.
    t.faces(
        &judge(),
        json!({"rules": {"fall": {"character": "brena", "feet": 15}}}),
        &[6],
    );
    assert_eq!(t.state()["creatures"]["brena"]["hp"], 4);
    t.assert_replays();
}

#[test]
fn ac_dungeon_21_to_24_forcing_stuck_doors() {
    let mut t = T::new();
    t.judge(
        json!({"place_door": {"door": "d1", "area": "hall", "material": "wood", "state": "stuck"}}),
        &[],
    );
    // Brena alone, STR 16 (+2): 18 − 8 = 10+. Physical dice: 9 fails.
    let ev = t.faces(
        &player("ann"),
        json!({"rules": {"force_door": {"characters": ["brena"], "door": "d1"}}}),
        &[9],
    );
    let e = &T::rules_events(&ev)[0]["door_forced"];
    assert_eq!(
        (e["throw"].clone(), e["opened"].clone()),
        (json!(10), json!(false))
    );
    // With Dain (STR 18, +3) helping: the stronger modifier and +4: 18 − 12 − 4 = 2+; a natural
    // 1 still fails.
    t.ok(
        &judge(),
        json!({"bind": {"player": "ann", "character": "dain"}}),
        &[],
    );
    let ev = t.faces(
        &player("ann"),
        json!({"rules": {"force_door": {"characters": ["brena", "dain"], "door": "d1"}}}),
        &[1],
    );
    let e = &T::rules_events(&ev)[0]["door_forced"];
    assert_eq!(
        (e["throw"].clone(), e["opened"].clone()),
        (json!(2), json!(false))
    );
    t.faces(
        &player("ann"),
        json!({"rules": {"force_door": {"characters": ["brena", "dain"], "door": "d1"}}}),
        &[2],
    );
    assert_eq!(
        t.player_view("bob")["rules"]["dungeon"]["doors"]["d1"]["open"],
        true
    );
    let code = t.refused(
        &player("ann"),
        json!({"force_door": {"characters": ["brena"], "door": "d1"}}),
    );
    assert!(code.starts_with("door_open"), "{code}");
    // A closed door just opens; a locked one cannot be forced.
    t.judge(json!({"place_door": {"door": "d2", "area": "hall", "material": "wood", "state": "closed"}}), &[]);
    t.as_player(
        "ann",
        json!({"force_door": {"characters": ["brena"], "door": "d2"}}),
        &[],
    );
    t.judge(json!({"place_door": {"door": "d3", "area": "hall", "material": "metal", "state": "locked"}}), &[]);
    let code = t.refused(
        &player("ann"),
        json!({"force_door": {"characters": ["brena"], "door": "d3"}}),
    );
    assert!(code.starts_with("door_locked"), "{code}");
    // A face beyond the die is refused, changing nothing.
    t.judge(
        json!({"place_door": {"door": "d4", "area": "hall", "material": "wood", "state": "stuck"}}),
        &[],
    );
    let before = t.table.state_json();
    let e = t
        .run_with(
            &player("ann"),
            &json!({"rules": {"force_door": {"characters": ["brena"], "door": "d4"}}}),
            &mut engine::FacesRoller::new(vec![21]),
        )
        .unwrap_err();
    assert!(
        e.to_string().contains("21") || e.to_string().contains("face"),
        "{e}"
    );
    assert_eq!(t.table.state_json(), before);
    t.assert_replays();
}

#[test]
fn ac_enc_01_wandering_checks_fall_on_the_judges_schedule_in_secret() {
    let run = |face: i64| {
        let mut t = T::new();
        t.explore();
        t.judge(
            json!({"set_wandering": {"every_turns": 2, "die": 6, "on_or_below": 1}}),
            &[],
        );
        t.end_turn(&[]);
        let ev = t.end_turn(&[face]);
        (t, T::rules_events(&ev))
    };
    let (a, ea) = run(1);
    let (b, eb) = run(6);
    assert!(
        ea.iter()
            .any(|e| e["wandering_checked"]["monsters_come"] == true)
    );
    assert!(
        eb.iter()
            .any(|e| e["wandering_checked"]["monsters_come"] == false)
    );
    same_for_everyone_but_the_judge(&a, &b);
    assert!(
        a.log_of(&Viewer::Player("ann".into()))
            .to_string()
            .contains("wandering monsters")
    );
    let mut t = T::new();
    let code = t.refused(
        &judge(),
        json!({"set_wandering": {"every_turns": 0, "die": 6, "on_or_below": 1}}),
    );
    assert!(code.starts_with("bad_schedule"), "{code}");
    a.assert_replays();
}

#[test]
fn ac_dungeon_20_locked_doors_key_open_locks_chop_bash() {
    let mut t = T::new();
    for (door, material) in [
        ("oak", "wood"),
        ("plank", "simple_wood"),
        ("iron", "metal"),
        ("vault", "stone"),
    ] {
        t.judge(
            json!({"place_door": {"door": door, "area": "hall", "material": material, "state": "locked"}}),
            &[],
        );
    }
    // Odo, a 3rd-level thief, picks locks on 16+ (T-22): a 15 fails, a 16 opens (a turn each).
    let ev = t.faces(&player("bob"), json!({"rules": {"unlock_door": {"character": "odo", "door": "oak", "method": "open_locks"}}}), &[15]);
    let e = &T::rules_events(&ev)[0]["door_unlocked"];
    assert_eq!(
        (e["throw"].clone(), e["opened"].clone(), e["turns"].clone()),
        (json!(16), json!(false), json!(1))
    );
    t.faces(&player("bob"), json!({"rules": {"unlock_door": {"character": "odo", "door": "oak", "method": "open_locks"}}}), &[16]);
    assert_eq!(
        t.player_view("ann")["rules"]["dungeon"]["doors"]["oak"]["open"],
        true
    );
    // Only thieves pick locks.
    let code = t.refused(
        &player("ann"),
        json!({"unlock_door": {"character": "brena", "door": "plank", "method": "open_locks"}}),
    );
    assert!(code.starts_with("not_a_thief"), "{code}");
    // A simple wooden door is bashed in a turn; an axe takes 3 turns; iron and stone hold.
    let ev = t.as_player(
        "ann",
        json!({"unlock_door": {"character": "brena", "door": "plank", "method": "bash"}}),
        &[],
    );
    assert_eq!(T::rules_events(&ev)[0]["door_unlocked"]["turns"], 1);
    for door in ["iron", "vault"] {
        let code = t.refused(
            &player("ann"),
            json!({"unlock_door": {"character": "brena", "door": door, "method": "chop"}}),
        );
        assert!(code.starts_with("cannot_unlock"), "{code}");
    }
    let ev = t.as_player(
        "ann",
        json!({"unlock_door": {"character": "brena", "door": "iron", "method": "key"}}),
        &[],
    );
    assert_eq!(T::rules_events(&ev)[0]["door_unlocked"]["turns"], 0);
    let code = t.refused(
        &player("ann"),
        json!({"unlock_door": {"character": "brena", "door": "iron", "method": "key"}}),
    );
    assert!(code.starts_with("not_locked"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_enc_01_the_judge_may_call_an_extra_wandering_check() {
    let mut t = T::new();
    let code = t.refused(&judge(), json!({"check_wandering": {}}));
    assert!(code.starts_with("no_schedule"), "{code}");
    t.judge(
        json!({"set_wandering": {"every_turns": 3, "die": 8, "on_or_below": 2}}),
        &[],
    );
    let ev = t.judge(json!({"check_wandering": {}}), &[2]);
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["wandering_checked"]["monsters_come"] == true)
    );
    let e = t
        .run(
            &player("ann"),
            json!({"rules": {"check_wandering": {}}}),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, engine::EngineError::NotAllowed(_)), "{e}");
}

#[test]
fn ac_dungeon_06_one_area_searched_per_turn_whatever_was_declared() {
    let mut t = hall(false);
    // Declaring a search turn does not itself use up the search.
    t.as_player(
        "ann",
        json!({"declare_turn": {"character": "brena", "activity": "search"}}),
        &[],
    );
    t.as_player(
        "ann",
        json!({"search": {"character": "brena", "area": "hall", "looking_for": "traps"}}),
        &[4],
    );
    let code = t.refused(
        &player("ann"),
        json!({"search": {"character": "brena", "area": "crypt", "looking_for": "traps"}}),
    );
    assert!(code.starts_with("already_searching"), "{code}");
    t.end_turn(&[]);
    t.as_player(
        "ann",
        json!({"search": {"character": "brena", "area": "crypt", "looking_for": "traps"}}),
        &[4],
    );
}

/// AC-GEN-04 swept: for every searcher and every face, whenever a secret roll finds nothing
/// at a place where something is hidden, every player's and spectator's log and view are those
/// of the same roll where nothing is hidden; and some face does find it (the sweep is not
/// vacuous).
#[test]
fn ac_gen_04_secret_rolls_swept_over_every_face_and_searcher() {
    type Setup = fn(&mut T);
    type Command = fn(&str) -> (Actor, Value);
    let door: Setup = |t| {
        t.judge(
            json!({"place_door": {"door": "s1", "area": "hall", "material": "stone",
                "state": "closed", "secret": true}}),
            &[],
        );
    };
    let trap: Setup = |t| {
        t.judge(
            json!({"place_trap": {"trap": "p1", "area": "hall", "pit_ft": 10}}),
            &[],
        );
    };
    let noise: Setup = |t| {
        t.judge(
            json!({"add_monster": {"id": "m1", "card": "gloom_rat", "hp": 3}}),
            &[],
        );
        t.judge(
            json!({"place_beyond": {"at": "hall", "creatures": ["m1"]}}),
            &[],
        );
    };
    let decoy: Setup = |t| {
        // The same hidden work with nothing to find: a monster placed nowhere near.
        t.judge(
            json!({"add_monster": {"id": "m1", "card": "gloom_rat", "hp": 3}}),
            &[],
        );
    };
    let none: Setup = |_| {};
    let cases: [(&str, Setup, Setup, Command); 4] = [
        ("door", door, none, |c| {
            (
                player(if c == "brena" || c == "sefa" {
                    "ann"
                } else {
                    "bob"
                }),
                json!({"rules": {"search": {"character": c, "area": "hall", "looking_for": "secret_doors"}}}),
            )
        }),
        ("trap", trap, none, |c| {
            (
                player(if c == "brena" || c == "sefa" {
                    "ann"
                } else {
                    "bob"
                }),
                json!({"rules": {"search": {"character": c, "area": "hall", "looking_for": "traps"}}}),
            )
        }),
        ("noise", noise, decoy, |c| {
            (
                player(if c == "brena" || c == "sefa" {
                    "ann"
                } else {
                    "bob"
                }),
                json!({"rules": {"listen": {"character": c, "at": "hall"}}}),
            )
        }),
        ("passing", door, none, |_| {
            (
                judge(),
                json!({"rules": {"elf_passes": {"character": "sefa", "area": "hall"}}}),
            )
        }),
    ];
    for (what, hide, empty, cmd) in cases {
        let mut found_once = false;
        for who in ["brena", "sefa", "odo", "dain"] {
            for face in 1..=20 {
                let (actor, c) = cmd(who);
                let mut there = T::new();
                hide(&mut there);
                let mut nothing = T::new();
                empty(&mut nothing);
                let ev = there.ok(&actor, c.clone(), &[face]);
                nothing.ok(&actor, c, &[face]);
                let found = T::rules_events(&ev).iter().any(|e| {
                    e["searched"]["found"]
                        .as_array()
                        .is_some_and(|f| !f.is_empty())
                        || e["listened"]["heard"] == true
                });
                if found {
                    found_once = true;
                } else {
                    same_for_everyone_but_the_judge(&there, &nothing);
                }
            }
        }
        assert!(found_once, "{what}: no face ever found anything");
    }
}

#[test]
fn ac_dungeon_04_and_05_the_map_passes_when_the_mapper_goes_down() {
    let mut t = T::new();
    t.as_player("bob", json!({"set_mapper": {"character": "brena"}}), &[]);
    assert_eq!(t.player_view("bob")["rules"]["dungeon"]["mapper"], "brena");
    // Brena (10 hp) falls 30 ft: 3d6 = 12 — the map goes to a character still up.
    t.faces(
        &judge(),
        json!({"rules": {"fall": {"character": "brena", "feet": 30}}}),
        &[4, 4, 4],
    );
    assert_eq!(t.state()["creatures"]["brena"]["hp"], -2);
    assert_eq!(t.player_view("ann")["rules"]["dungeon"]["mapper"], "dain");
    let code = t.refused(
        &player("ann"),
        json!({"set_mapper": {"character": "brena"}}),
    );
    assert!(code.starts_with("mapper_down"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_dungeon_25_evil_doors_slam_shut_unless_spiked() {
    let mut t = T::new();
    t.explore();
    for door in ["e1", "e2"] {
        t.judge(
            json!({"place_door": {"door": door, "area": "hall", "material": "wood",
                "state": "closed", "evil": true}}),
            &[],
        );
        t.as_player(
            "ann",
            json!({"force_door": {"characters": ["brena"], "door": door}}),
            &[],
        );
    }
    t.as_player(
        "bob",
        json!({"spike_door": {"character": "dain", "door": "e2"}}),
        &[],
    );
    t.end_turn(&[]);
    let doors = &t.player_view("ann")["rules"]["dungeon"]["doors"];
    assert_eq!(doors["e1"]["open"], false, "the evil door slammed");
    assert_eq!(doors["e2"]["open"], true, "the spiked one stays open");
    let code = t.refused(
        &player("bob"),
        json!({"spike_door": {"character": "dain", "door": "e2"}}),
    );
    assert!(code.starts_with("already_spiked"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_dungeon_03_the_advisory_marching_order_from_the_classes() {
    let t = T::new();
    let ask = |args: Value| {
        t.table
            .query(&Viewer::Player("bob".into()), "marching_suggestion", &args)
    };
    // Brena (fighter) leads, then Odo (thief), Sefa (elf), Dain (dwarf) at the rear.
    assert_eq!(
        ask(json!({})).unwrap()["ranks"],
        json!([["brena", "odo"], ["sefa", "dain"]])
    );
    assert_eq!(
        ask(json!({"width": 1})).unwrap()["ranks"],
        json!([["brena"], ["odo"], ["sefa"], ["dain"]])
    );
    assert_eq!(ask(json!({"width": 0})).unwrap_err().code, "bad_query");
}
