//! Encounters (checklist §4, §5, §7, §8): distance, surprise, reaction, evasion.
use super::*;

/// The party meets two gloom rats (speed 90) and, with `moth`, a lantern moth (speed 150).
fn meeting(moth: bool) -> T {
    let mut t = T::new();
    t.judge(
        json!({"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 4}}),
        &[],
    );
    t.judge(
        json!({"add_monster": {"id": "rat2", "card": "gloom_rat", "hp": 5}}),
        &[],
    );
    let mut monsters = vec!["rat1", "rat2"];
    if moth {
        t.judge(
            json!({"add_monster": {"id": "moth", "card": "lantern_moth", "hp": 12}}),
            &[],
        );
        monsters.push("moth");
    }
    t.judge(
        json!({"begin_encounter": {"monsters": monsters, "origin": "random", "distance_ft": 40}}),
        &[],
    );
    t
}

#[test]
fn ac_enc_03_the_distance_is_the_judges_secret_2d6_times_10_ft() {
    let mut t = T::new();
    t.judge(
        json!({"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 4}}),
        &[],
    );
    t.judge(
        json!({"begin_encounter": {"monsters": ["rat1"], "origin": "random"}}),
        &[3, 4],
    );
    assert_eq!(t.state()["encounter"]["distance_ft"], 70);
    // Players do not know of this encounter: its distance roll reaches them as nothing at
    // all, not even a notice.
    let seen = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(
        !seen.contains("encounter distance") && !seen.contains("secret_roll"),
        "{seen}"
    );
    assert!(t.player_view("ann")["rules"]["encounter"].is_null());
    let code = t.refused(
        &judge(),
        json!({"begin_encounter": {"monsters": ["rat1"], "origin": "random", "distance_ft": 10}}),
    );
    assert!(code.starts_with("encounter_under_way"), "{code}");
    // AC-ENC-02: up to 60 rounds books one turn; 61 two.
    let ev = t.judge(json!({"end_encounter": {"rounds": 60}}), &[]);
    assert_eq!(T::rules_events(&ev)[0]["encounter_ended"]["turns"], 1);
    // Its end is the Judge's alone too.
    let seen = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(!seen.contains("encounter_ended"), "{seen}");
    // With a monster already shown, players know of the encounter from the start: the
    // distance roll is announced (a roll was made), never its faces.
    t.judge(json!({"reveal": {"creature": "rat1"}}), &[]);
    t.judge(
        json!({"begin_encounter": {"monsters": ["rat1"], "origin": "random"}}),
        &[6, 6],
    );
    let seen = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(
        seen.contains("encounter distance") && !seen.contains("distance_ft"),
        "{seen}"
    );
    let ev = t.judge(json!({"end_encounter": {"rounds": 1}}), &[]);
    assert!(!T::rules_events(&ev).is_empty());
    let seen = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(seen.contains("encounter_ended"), "{seen}");
    t.judge(
        json!({"begin_encounter": {"monsters": ["rat1"], "origin": "planned", "distance_ft": 20}}),
        &[],
    );
    let ev = t.judge(json!({"end_encounter": {"rounds": 61}}), &[]);
    assert_eq!(T::rules_events(&ev)[0]["encounter_ended"]["turns"], 2);
    t.assert_replays();
}

#[test]
fn ac_surp_01_and_02_one_die_per_side_each_member_its_own_modifier() {
    let mut t = meeting(true);
    // Odo is hard to catch off guard (+1): on the party's 2 only he is ready.
    let mut s = t.state();
    assert_eq!(
        s["creatures"]["odo"]["kind"]["character"]["surprise_modifier"],
        0
    );
    t = {
        let mut t = T::empty();
        t.judge(
            json!({"load_pack": {"files": [{"name": "s.json", "text": SAMPLE}]}}),
            &[],
        );
        for (id, m) in [("brena", 0), ("odo", 1)] {
            t.judge(
                json!({"add_character": {"id": id, "name": id, "class": "sellsword", "level": 1,
                "abilities": {"strength": 10, "intelligence": 10, "wisdom": 10, "dexterity": 10,
                "constitution": 10, "charisma": 10}, "hp": 8, "surprise_modifier": m}}),
                &[],
            );
        }
        t.judge(
            json!({"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 4}}),
            &[],
        );
        t.judge(
            json!({"add_monster": {"id": "moth", "card": "lantern_moth", "hp": 9}}),
            &[],
        );
        t.judge(json!({"begin_encounter": {"monsters": ["rat1", "moth"], "origin": "random", "distance_ft": 40}}), &[]);
        t
    };
    // Party 2 (in the open), monsters 1 (secret): the moth's Alertness surprises it only on 1.
    let ev = t.judge(json!({"roll_surprise": {}}), &[2, 1]);
    s = t.state();
    assert_eq!(
        s["encounter"]["party_surprised"],
        json!({"brena": true, "odo": false})
    );
    assert_eq!(
        s["encounter"]["monsters_surprised"],
        json!({"moth": true, "rat1": true})
    );
    let e = T::rules_events(&ev);
    assert!(
        e.iter()
            .any(|e| e["monsters_surprise"]["first_round"] == "ready_only")
    );
    // Players see their side's roll and only a notice of the monsters'.
    let seen = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(seen.contains("party_surprise") && seen.contains("surprise (monsters)"));
    assert!(!seen.contains("monsters_surprise"), "{seen}");
    assert_eq!(
        t.player_view("ann")["rules"]["encounter"]["party_surprised"]["odo"],
        false
    );
    let code = t.refused(&judge(), json!({"roll_surprise": {}}));
    assert!(code.starts_with("surprise_rolled"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_surp_06_a_well_hidden_side_imposes_a_penalty() {
    let mut t = meeting(false);
    // The rats lie in wait: −1 on the party's die makes a 3 a surprise.
    t.judge(json!({"roll_surprise": {"party_penalty": 1}}), &[3, 6]);
    assert_eq!(t.state()["encounter"]["party_surprised"]["brena"], true);
    assert_eq!(t.state()["encounter"]["monsters_surprised"]["rat1"], false);
}

#[test]
fn ac_dungeon_16_and_ac_surp_07_a_side_carrying_light_never_surprises() {
    let mut t = meeting(false);
    t.as_player(
        "ann",
        json!({"light": {"character": "brena", "kind": "torch"}}),
        &[],
    );
    // Only the party's die is rolled: the monsters see the torch coming.
    let ev = t.judge(json!({"roll_surprise": {}}), &[1]);
    assert_eq!(t.state()["encounter"]["monsters_surprised"]["rat1"], false);
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["monsters_surprise"]["face"].is_null())
    );
    // Monsters with light cannot surprise the party: no die at all.
    let mut t = meeting(false);
    t.as_player(
        "ann",
        json!({"light": {"character": "brena", "kind": "torch"}}),
        &[],
    );
    t.judge(
        json!({"roll_surprise": {"monsters_carry_light": true}}),
        &[],
    );
    assert_eq!(t.state()["encounter"]["party_surprised"]["brena"], false);
}

#[test]
fn ac_react_02_the_reaction_is_the_judges_secret_2d6_plus_the_leaders_charisma() {
    let mut t = meeting(false);
    // Brena leads: CHA 16 (+2). 4 + 3 + 2 = 9: indifferent (T-10 9–11), no pursuit.
    let ev = t.judge(json!({"roll_reaction": {"leader": "brena"}}), &[4, 3]);
    let e = T::rules_events(&ev)
        .into_iter()
        .find(|e| e.get("reaction_rolled").is_some())
        .unwrap();
    assert_eq!(e["reaction_rolled"]["charisma_modifier"], 2);
    assert_eq!(e["reaction_rolled"]["reaction"], "indifferent");
    assert_eq!(e["reaction_rolled"]["pursues"], false);
    // With a Judge's −4: 5, unfriendly.
    let mut u = meeting(false);
    u.judge(
        json!({"roll_reaction": {"leader": "brena", "modifier": -4}}),
        &[4, 3],
    );
    assert_eq!(u.state()["encounter"]["reaction"], "unfriendly");
    // The players were not shown this encounter: the reaction reaches them as nothing.
    let seen = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(!seen.contains("secret_roll"), "{seen}");
    assert!(!seen.contains("indifferent"), "{seen}");
    // Once they know of it (a rat shown), the roll is announced, its result still hidden.
    u.judge(json!({"reveal": {"creature": "rat2"}}), &[]);
    u.judge(json!({"judge_reaction": {"reaction": "neutral"}}), &[]);
    let mut k = meeting(false);
    k.judge(json!({"reveal": {"creature": "rat1"}}), &[]);
    k.judge(json!({"roll_reaction": {"leader": "brena"}}), &[4, 3]);
    let seen = k.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(
        seen.contains("secret_roll") && seen.contains("reaction"),
        "{seen}"
    );
    assert!(!seen.contains("indifferent"), "{seen}");
    // AC-REACT-05: the Judge may replace it; both are kept.
    let ev = t.judge(json!({"judge_reaction": {"reaction": "hostile"}}), &[]);
    assert_eq!(
        T::rules_events(&ev)[0]["reaction_judged"],
        json!({"rolled": "indifferent", "result": "hostile", "replaced": true})
    );
    assert_eq!(t.state()["encounter"]["reaction"], "hostile");
    t.assert_replays();
}

#[test]
fn ac_gen_04_players_cannot_probe_for_an_encounter_they_were_not_shown() {
    let mut t = meeting(false);
    let mut none = T::new();
    let cmd = json!({"flee": {"characters": ["brena"]}});
    assert_eq!(
        t.refused(&player("ann"), cmd.clone()),
        none.refused(&player("ann"), cmd)
    );
    assert!(t.player_view("ann")["rules"]["encounter"].is_null());
    t.judge(json!({"reveal": {"creature": "rat1"}}), &[]);
    assert!(!t.player_view("ann")["rules"]["encounter"].is_null());
}

#[test]
fn ac_evade_03_a_faster_party_escapes_before_combat_otherwise_the_chase() {
    // 120 ft against rats at 90: away at once.
    let mut t = meeting(false);
    t.judge(json!({"reveal": {"creature": "rat1"}}), &[]);
    let ev = t.as_player(
        "ann",
        json!({"flee": {"characters": ["brena", "sefa"]}}),
        &[],
    );
    assert_eq!(T::rules_events(&ev)[0]["fled"]["escaped"], true);
    // With a lantern moth (150): the chase starts, and the Judge rolls in secret whether they
    // pursue (T-10: 2–8 pursue).
    let mut t = meeting(true);
    t.judge(json!({"reveal": {"creature": "moth"}}), &[]);
    let ev = t.as_player("ann", json!({"flee": {"characters": ["brena"]}}), &[3, 4]);
    let e = T::rules_events(&ev);
    assert_eq!(e[0]["fled"]["escaped"], false);
    assert!(e.iter().any(|e| e["pursuit_rolled"]["pursues"] == true));
    let seen = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(
        seen.contains("pursuit") && !seen.contains("pursuit_rolled"),
        "{seen}"
    );
    // Once a fight has begun, no automatic escape even for the faster.
    let mut t = meeting(false);
    t.judge(json!({"roll_surprise": {}}), &[5, 5]);
    t.ok(
        &judge(),
        json!({"clock": {"start_combat": {"order": ["brena", "rat1"]}}}),
        &[],
    );
    let ev = t.as_player("ann", json!({"flee": {"characters": ["brena"]}}), &[6, 6]);
    assert_eq!(T::rules_events(&ev)[0]["fled"]["escaped"], false);
    t.assert_replays();
}

#[test]
fn ac_evade_04_05_07_the_chase_obstacles_no_map_and_dropped_treasure() {
    let mut t = meeting(true);
    t.judge(json!({"reveal": {"creature": "moth"}}), &[]);
    t.as_player(
        "bob",
        json!({"flee": {"characters": ["odo", "dain"]}}),
        &[3, 4],
    );
    assert_eq!(
        t.player_view("bob")["rules"]["encounter"]["mapping_possible"],
        false
    );
    // Odo, a 3rd-level thief, saves vs Paralysis on 12+ (T-19) with DEX 10 (+0): 11 falls.
    let ev = t.faces(
        &judge(),
        json!({"rules": {"chase_obstacle": {"character": "odo"}}}),
        &[11],
    );
    let e = &T::rules_events(&ev)[0]["obstacle_rolled"];
    assert_eq!(
        (e["save"].clone(), e["fell"].clone()),
        (json!(12), json!(true)),
        "{e}"
    );
    let ev = t.faces(
        &judge(),
        json!({"rules": {"chase_obstacle": {"character": "odo"}}}),
        &[12],
    );
    assert_eq!(T::rules_events(&ev)[0]["obstacle_rolled"]["fell"], false);
    // Brena did not flee.
    let code = t.refused(&judge(), json!({"chase_obstacle": {"character": "brena"}}));
    assert!(code.starts_with("not_fleeing"), "{code}");
    // Treasure-loving pursuers stop on 4–6, the Judge's secret.
    let ev = t.judge(json!({"treasure_dropped": {}}), &[4]);
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["treasure_checked"]["stop"] == true)
    );
    let ev = t.judge(json!({"treasure_dropped": {}}), &[3]);
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e["treasure_checked"]["stop"] == false)
    );
    assert!(
        !t.log_of(&Viewer::Player("bob".into()))
            .to_string()
            .contains("treasure_checked")
    );
    t.assert_replays();
}

#[test]
fn ac_stealth_02_to_07_sneaking_past_is_the_judges_alone() {
    let mut t = meeting(true);
    // Distracted rats and an alert moth: the rats miss (17, 9), the moth hears on 14 (+4):
    // the monsters' surprise die decides; 1 lets Odo through.
    let ev = t.judge(
        json!({"sneak_round": {"characters": ["odo"], "past": ["rat1", "rat2", "moth"],
            "watch": "distracted"}}),
        &[17, 9, 14, 1],
    );
    let e = &T::rules_events(&ev)[0]["sneak_resolved"];
    assert_eq!(e["unnoticed"], true, "{e}");
    // 2 does not surprise the alert moth.
    let ev = t.judge(
        json!({"sneak_round": {"characters": ["odo"], "past": ["rat1", "rat2", "moth"],
            "watch": "distracted"}}),
        &[17, 9, 14, 2],
    );
    assert_eq!(
        T::rules_events(&ev)[0]["sneak_resolved"]["unnoticed"],
        false
    );
    // Watching actively: seen, no die; hidden and silent past distracted watchers: no die.
    let ev = t.judge(
        json!({"sneak_round": {"characters": ["odo"], "past": ["rat1"], "watch": "active"}}),
        &[],
    );
    assert_eq!(
        T::rules_events(&ev)[0]["sneak_resolved"]["unnoticed"],
        false
    );
    let ev = t.judge(
        json!({"sneak_round": {"characters": ["odo"], "past": ["rat1"], "watch": "active",
            "hid_in_shadows": true, "moved_silently": true}}),
        &[],
    );
    assert_eq!(T::rules_events(&ev)[0]["sneak_resolved"]["unnoticed"], true);
    // Players get nothing of it: not the dice, not even a notice.
    let none = meeting(true);
    same_for_everyone_but_the_judge(&t, &none);
    let e = t
        .run(&player("bob"), json!({"rules": {"sneak_round": {"characters": ["odo"], "past": [], "watch": "passive"}}}), &[])
        .unwrap_err();
    assert!(matches!(e, engine::EngineError::NotAllowed(_)), "{e}");
}

#[test]
fn ac_enc_11_number_appearing_scaled_by_the_judges_level_table() {
    let mut t = T::new();
    // The chapter-10 table ships empty: the roll is refused naming it.
    let code = t.refused(
        &judge(),
        json!({"roll_number_appearing": {"card": "gloom_rat", "dungeon_level": 2, "monster_level": 1}}),
    );
    assert!(
        code.starts_with("no_number") && code.contains("chapter 10"),
        "{code}"
    );
    t.judge(
        json!({"enter_level_row": {"dungeon_level": 2, "monster_level": 1, "multiplier": "3/2"}}),
        &[],
    );
    // 2d4 wandering rats: 3 + 2 = 5, × 3/2 = 7 (rounded down), the Judge's alone.
    let ev = t.judge(
        json!({"roll_number_appearing": {"card": "gloom_rat", "dungeon_level": 2, "monster_level": 1}}),
        &[3, 2],
    );
    assert_eq!(T::rules_events(&ev)[0]["number_rolled"]["number"], 7);
    assert!(
        !t.log_of(&Viewer::Player("ann".into()))
            .to_string()
            .contains("number")
    );
    // The Judge replaces the row: logged with the old one.
    let ev = t.judge(
        json!({"enter_level_row": {"dungeon_level": 2, "monster_level": 1, "multiplier": "1"}}),
        &[],
    );
    assert_eq!(
        T::rules_events(&ev)[0]["level_row_entered"]["old"]["multiplier"],
        "3/2"
    );
    let ev = t.judge(
        json!({"roll_number_appearing": {"card": "gloom_rat", "dungeon_level": 2, "monster_level": 1}}),
        &[3, 2],
    );
    assert_eq!(T::rules_events(&ev)[0]["number_rolled"]["number"], 5);
    // No lair number on the card: refused before any die.
    let code = t.refused(
        &judge(),
        json!({"roll_number_appearing": {"card": "hollow_guard", "lair": true, "dungeon_level": 2, "monster_level": 1}}),
    );
    assert!(code.starts_with("no_number"), "{code}");
    let code = t.refused(
        &judge(),
        json!({"enter_level_row": {"dungeon_level": 0, "monster_level": 1, "multiplier": "1"}}),
    );
    assert!(code.starts_with("bad_level"), "{code}");
    let code = t.refused(
        &judge(),
        json!({"enter_level_row": {"dungeon_level": 1, "monster_level": 1, "multiplier": "x"}}),
    );
    assert!(code.starts_with("bad_multiplier"), "{code}");
    t.assert_replays();
}

/// AC-GEN-04 for the encounter's secret rolls: the distance, the monsters' surprise, the
/// reaction, the pursuit and dropped treasure give players the same log and view whatever the
/// Judge's dice say.
#[test]
fn ac_gen_04_the_encounters_secret_rolls_look_the_same_whatever_they_say() {
    let play = |distance: [i64; 2],
                monsters: i64,
                reaction: [i64; 2],
                pursuit: [i64; 2],
                treasure: i64| {
        let mut t = T::new();
        t.judge(
            json!({"add_monster": {"id": "moth", "card": "lantern_moth", "hp": 9}}),
            &[],
        );
        t.judge(
            json!({"begin_encounter": {"monsters": ["moth"], "origin": "random"}}),
            &distance,
        );
        t.judge(json!({"roll_surprise": {}}), &[4, monsters]);
        t.judge(json!({"roll_reaction": {"leader": "brena"}}), &reaction);
        t.as_player("ann", json!({"flee": {"characters": ["brena"]}}), &pursuit);
        t.judge(json!({"treasure_dropped": {}}), &[treasure]);
        t
    };
    let a = play([1, 1], 1, [1, 1], [1, 1], 6);
    let b = play([6, 6], 6, [6, 6], [6, 6], 1);
    assert_ne!(a.state()["encounter"], b.state()["encounter"]);
    same_for_everyone_but_the_judge(&a, &b);
}
