//! The combat family at the table: declarations, initiative by count on the engine's clock,
//! attacks, cleaves, maneuvers, spell disruption, missile ranges, morale and mortal wounds.
use super::*;

/// Adds and reveals a monster with fixed hit points.
fn monster(t: &mut T, id: &str, card: &str, hp: i32) {
    t.judge(
        json!({"add_monster": {"id": id, "card": card, "hp": hp}}),
        &[],
    );
    t.judge(json!({"reveal": {"creature": id}}), &[]);
}

fn end_turn(t: &mut T) -> Vec<Envelope> {
    t.ok(&judge(), json!({"clock": "end_turn"}), &[])
}

fn hp(t: &T, id: &str) -> i64 {
    t.state()["creatures"][id]["hp"].as_i64().unwrap()
}

fn acting(t: &T) -> Option<String> {
    let c = &t.table.state_json()["core"]["clock"]["combat"];
    let i = c["current"].as_u64()? as usize;
    c["order"][i].as_str().map(str::to_string)
}

fn names(events: &[Envelope]) -> Vec<String> {
    T::rules_events(events)
        .iter()
        .filter_map(|e| e.as_object().and_then(|m| m.keys().next().cloned()))
        .collect()
}

/// Brena and Odo against two gloom rats; initiative brena 4, odo 2, rat1 4, rat2 1.
fn fight() -> T {
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 3);
    monster(&mut t, "rat2", "gloom_rat", 3);
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "odo", "rat1", "rat2"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[4, 2, 4, 1]);
    t
}

#[test]
fn ac_init_01_02_initiative_by_count_ties_act_together() {
    let t = fight();
    let c = &t.table.state_json()["core"]["clock"]["combat"];
    assert_eq!(c["order"], json!(["brena", "rat1", "odo", "rat2"]));
    // brena and rat1 share count 4: one tie group.
    assert_eq!(c["groups"][0], c["groups"][1]);
    assert_ne!(c["groups"][1], c["groups"][2]);
    assert_eq!(t.state()["combat"]["combatants"]["brena"]["count"], 4);
    assert_eq!(acting(&t).as_deref(), Some("brena"));
    t.assert_replays();
}

#[test]
fn ac_init_01_physical_dice_and_dex() {
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 3);
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "rat1"]}}),
        &[],
    );
    t.judge(
        json!({"declare": {"creature": "brena", "declaration": "none", "two_handed": true}}),
        &[],
    );
    // AC-INIT-07: a large two-handed weapon costs 1.
    t.faces(&judge(), json!({"rules": {"roll_initiative": {}}}), &[5, 5]);
    assert_eq!(t.state()["combat"]["combatants"]["brena"]["count"], 4);
    assert_eq!(t.state()["combat"]["combatants"]["rat1"]["count"], 5);
    assert_eq!(acting(&t).as_deref(), Some("rat1"));
    t.assert_replays();
}

#[test]
fn ac_init_03_declarations_close_at_initiative() {
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 3);
    t.judge(
        json!({"begin_combat": {"combatants": ["sefa", "rat1"]}}),
        &[],
    );
    t.as_player(
        "ann",
        json!({"declare": {"creature": "sefa", "declaration": {"spell": "sleep"}}}),
        &[],
    );
    // bob does not control sefa.
    let code = t.refused(
        &player("bob"),
        json!({"declare": {"creature": "sefa", "declaration": "full_retreat"}}),
    );
    assert!(!code.is_empty());
    t.judge(json!({"roll_initiative": {}}), &[3, 2]);
    let code = t.refused(
        &player("ann"),
        json!({"declare": {"creature": "sefa", "declaration": "full_retreat"}}),
    );
    assert!(code.starts_with("declarations_closed"), "{code}");
    // The Judge's declaration for a monster is the Judge's alone.
    assert_eq!(
        t.player_view("ann")["rules"]["combat"]["combatants"]["sefa"]["declaration"],
        json!({"spell": "sleep"})
    );
    t.assert_replays();
}

#[test]
fn ac_init_04_delay_to_a_later_count_and_until_a_combatant() {
    let mut t = fight();
    // brena (4) waits for odo (2): both act on 2.
    t.as_player(
        "ann",
        json!({"delay": {"creature": "brena", "until": "odo"}}),
        &[],
    );
    assert_eq!(t.state()["combat"]["combatants"]["brena"]["count"], 2);
    assert_eq!(acting(&t).as_deref(), Some("rat1"));
    let c = &t.table.state_json()["core"]["clock"]["combat"];
    assert_eq!(c["order"], json!(["rat1", "odo", "brena", "rat2"]));
    assert_eq!(c["groups"][1], c["groups"][2]);
    // rat1 cannot delay to a higher count.
    let code = t.refused(
        &judge(),
        json!({"delay": {"creature": "rat1", "to_count": 6}}),
    );
    assert!(code.starts_with("bad_delay"), "{code}");
    t.judge(json!({"delay": {"creature": "rat1", "to_count": 1}}), &[]);
    let c = &t.table.state_json()["core"]["clock"]["combat"];
    // rat1 joins rat2's count 1, after it.
    assert_eq!(c["order"], json!(["odo", "brena", "rat2", "rat1"]));
    assert_eq!(c["groups"][2], c["groups"][3]);
    // Not her count: refused, nothing changes.
    let code = t.refused(
        &player("ann"),
        json!({"delay": {"creature": "brena", "to_count": 1}}),
    );
    assert!(code.starts_with("not_your_count"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_atk_03_attack_throw_with_strength_and_situations() {
    let mut t = fight();
    // Brena, fighter 2: throw 9; rat AC 2 → 11 needed; STR 16 +2, charging +2.
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8",
            "situations": ["charging"]}}),
        &[7, 2],
    );
    let judge_view: Vec<Value> = T::rules_events(&ev);
    let attacked = judge_view
        .iter()
        .find_map(|e| e.get("attacked"))
        .expect("attacked");
    assert_eq!(attacked["needed"], 11);
    assert_eq!(attacked["total"], 11);
    assert_eq!(attacked["hit"], true);
    // Damage 2 + STR 2 = 4: the rat (3 hp) is down.
    assert_eq!(attacked["damage"], 4);
    assert_eq!(hp(&t, "rat1"), -1);
    // A player sees the hit and the damage, not the rat's armour class.
    let log = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(log.contains("attack_seen"), "{log}");
    assert!(!log.contains("\"needed\""), "{log}");
    t.assert_replays();
}

#[test]
fn ac_atk_04_natural_20_hits_natural_1_misses() {
    let mut t = fight();
    // A +30 bonus still misses on a natural 1.
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8", "bonus": 28}}),
        &[1],
    );
    let a = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("attacked").cloned())
        .unwrap();
    assert_eq!(
        (a["hit"].clone(), a["natural"].clone()),
        (json!(false), json!(true))
    );
    assert_eq!(hp(&t, "rat1"), 3);
    // One attack a round (AC-ATK-02).
    let code = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8"}}),
    );
    assert!(code.starts_with("no_attacks_left"), "{code}");
    end_turn(&mut t);
    // rat1 (throw 9) against odo (AC 0) with −8: a natural 20 still hits.
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "odo", "bonus": -20}}),
        &[20, 3],
    );
    let a = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("attacked").cloned())
        .unwrap();
    assert_eq!(a["hit"], true);
    assert_eq!(hp(&t, "odo"), 7);
    // The rat's roll is the Judge's: bob sees only the outcome.
    let bob = t.log_of(&Viewer::Player("bob".into())).to_string();
    assert!(bob.contains("attack_seen"));
    assert!(!bob.contains("attack throw of rat1"), "{bob}");
    t.assert_replays();
}

#[test]
fn ac_atk_05_damage_hit_points_and_nonlethal_tally() {
    let mut t = fight();
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d6",
            "nonlethal": true}}),
        &[15, 3],
    );
    // 3 + STR 2 = 5 nonlethal.
    assert_eq!(hp(&t, "odo"), 5);
    assert_eq!(t.state()["creatures"]["odo"]["nonlethal"]["tally"], 5);
    t.assert_replays();
}

#[test]
fn ac_atk_05_attack_odds_before_the_roll() {
    let t = fight();
    let odds = t
        .table
        .query(
            &Viewer::Player("ann".into()),
            "attack_odds",
            &json!({"attacker": "brena", "target": "odo", "weapon": "1d4"}),
        )
        .unwrap();
    // Throw 9 vs AC 0, +2: 7+ on the d20 → 14/20.
    assert_eq!(odds["needed"], 9);
    assert_eq!(odds["hit"], "7/10");
    // A monster's numbers are the Judge's: refused for a player, given to the Judge.
    let err = t
        .table
        .query(
            &Viewer::Player("ann".into()),
            "attack_odds",
            &json!({"attacker": "brena", "target": "rat1", "weapon": "1d4"}),
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("Judge"), "{err}");
    let j = t
        .table
        .query(
            &Viewer::Referee,
            "attack_odds",
            &json!({"attacker": "brena", "target": "rat1", "weapon": "1d4"}),
        )
        .unwrap();
    assert_eq!(j["needed"], 11);
}

#[test]
fn ac_init_02_deaths_on_one_count_resolve_together() {
    let mut t = fight();
    // brena fells rat1 on count 4; rat1 still acts on that count, then both fall together.
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8"}}),
        &[18, 5],
    );
    assert_eq!(hp(&t, "rat1"), -4);
    end_turn(&mut t);
    assert_eq!(acting(&t).as_deref(), Some("rat1"));
    t.judge(
        json!({"attack": {"attacker": "rat1", "target": "brena"}}),
        &[15, 4],
    );
    assert_eq!(hp(&t, "brena"), 6);
    let ev = end_turn(&mut t);
    assert!(names(&ev).contains(&"fell".to_string()));
    let c = &t.table.state_json()["core"]["clock"]["combat"];
    assert_eq!(c["order"], json!(["brena", "odo", "rat2"]));
    assert_eq!(t.state()["combat"]["fallen"], json!(["rat1"]));
    // AC-MORALE-03: the monsters' first death calls for a morale roll, the Judge's notice.
    assert!(
        T::rules_events(&ev)
            .iter()
            .any(|e| e.get("morale_due").is_some())
    );
    let ann = t.log_of(&Viewer::Player("ann".into())).to_string();
    assert!(!ann.contains("morale_due"), "{ann}");
    // A fallen creature attacks no more.
    let code = t.refused(
        &judge(),
        json!({"attack": {"attacker": "rat1", "target": "odo"}}),
    );
    assert!(code.starts_with("not_in_fight"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_cleave_01_04_cleave_after_a_kill() {
    let mut t = fight();
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8"}}),
        &[18, 5],
    );
    assert_eq!(t.state()["combat"]["combatants"]["brena"]["cleaves"], 1);
    // AC-CLEAVE-03: no maneuver on a cleave.
    let code = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "brena", "target": "rat2", "weapon": "1d8",
            "maneuver": "knock_down"}}),
    );
    assert!(code.starts_with("no_maneuver_while_cleaving"), "{code}");
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat2", "weapon": "1d8"}}),
        &[18, 6],
    );
    let a = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("attacked").cloned())
        .unwrap();
    assert_eq!(a["cleave"], true);
    assert_eq!(hp(&t, "rat2"), -5);
    // Fighter 2: two cleaves a round; this kill earned the second.
    assert_eq!(t.state()["combat"]["combatants"]["brena"]["cleaves"], 2);
    t.assert_replays();
}

#[test]
fn ac_cleave_04_a_thief_cleaves_half_its_level() {
    // Odo, thief 3: 1 cleave (half of 3, rounded down).
    let mut t = T::new();
    for r in ["rat1", "rat2", "rat3"] {
        monster(&mut t, r, "gloom_rat", 1);
    }
    t.judge(
        json!({"begin_combat": {"combatants": ["odo", "rat1", "rat2", "rat3"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[6, 1, 1, 1]);
    for (r, n) in [("rat1", 1), ("rat2", 1)] {
        t.as_player(
            "bob",
            json!({"attack": {"attacker": "odo", "target": r, "weapon": "1d4"}}),
            &[19, 2],
        );
        assert_eq!(t.state()["combat"]["combatants"]["odo"]["cleaves"], n);
    }
    let code = t.refused(
        &player("bob"),
        json!({"attack": {"attacker": "odo", "target": "rat3", "weapon": "1d4"}}),
    );
    assert!(code.starts_with("no_attacks_left"), "{code}");
}

#[test]
fn ac_melee_05_special_maneuver_calls_for_a_save() {
    let mut t = fight();
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d8",
            "maneuver": "knock_down"}}),
        &[19, 2],
    );
    let evs = T::rules_events(&ev);
    let a = evs.iter().find_map(|e| e.get("attacked")).unwrap();
    // −4 for the maneuver: 19 + 2 − 4 = 17.
    assert_eq!(a["total"], 17);
    assert_eq!(a["damage"], 0);
    let m = evs.iter().find_map(|e| e.get("maneuver_resolved")).unwrap();
    assert_eq!(m["saved"], false);
    assert_eq!(hp(&t, "odo"), 10);
    t.assert_replays();
}

#[test]
fn ac_spell_02_damage_before_the_count_spoils_the_spell() {
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 3);
    t.judge(
        json!({"begin_combat": {"combatants": ["sefa", "rat1"]}}),
        &[],
    );
    t.as_player(
        "ann",
        json!({"declare": {"creature": "sefa", "declaration": {"spell": "sleep"}}}),
        &[],
    );
    // rat1 5, sefa 2: the rat bites first.
    t.judge(json!({"roll_initiative": {}}), &[5, 2]);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "sefa"}}),
        &[17, 1],
    );
    let d = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("spell_disrupted").cloned())
        .expect("disrupted");
    assert_eq!(d["spell"], "sleep");
    assert_eq!(
        t.state()["combat"]["combatants"]["sefa"]["declaration"],
        json!("none")
    );
    t.assert_replays();
}

#[test]
fn ac_ranged_04_range_bands_feet_and_yards() {
    let mut t = fight();
    // A short bow at 100 (medium): −2.
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d6",
            "missile": {"weapon": "short_bow", "distance": 100, "outdoors": true}}}),
        &[10],
    );
    let a = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("attacked").cloned())
        .unwrap();
    assert_eq!(a["total"], 8);
    assert_eq!(a["range"], "medium at 100 yd");
    end_turn(&mut t);
    end_turn(&mut t);
    let code = t.refused(
        &player("bob"),
        json!({"attack": {"attacker": "odo", "target": "brena", "weapon": "1d6",
            "missile": {"weapon": "sling", "distance": 5000}}}),
    );
    assert!(code.starts_with("out_of_range"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_morale_04_the_judges_secret_roll() {
    let mut t = fight();
    // Gloom rat morale −1: 2d6 3 + 3 − 1 = 5.
    t.judge(json!({"morale_check": {"creature": "rat1"}}), &[3, 3]);
    let judge_log = t.log_of(&Viewer::Referee).to_string();
    assert!(judge_log.contains("morale_checked"));
    for p in ["ann", "bob"] {
        let log = t.log_of(&Viewer::Player(p.into())).to_string();
        assert!(!log.contains("morale_checked"), "{log}");
    }
    // The Judge's modifier is within ±2 (AC-MORALE-07); characters are the players' call.
    let code = t.refused(
        &judge(),
        json!({"morale_check": {"creature": "rat1", "judge_modifier": 3}}),
    );
    assert!(code.starts_with("bad_morale"), "{code}");
    let code = t.refused(&judge(), json!({"morale_check": {"creature": "brena"}}));
    assert!(code.starts_with("not_a_monster"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_ex_09_mortal_wounds_with_the_modifier_breakdown() {
    let mut t = T::new();
    t.judge(
        json!({"add_character": {"id": "marcus", "name": "Marcus", "class": "sellsword",
            "level": 10, "abilities": {"strength": 10, "intelligence": 10, "wisdom": 10,
            "dexterity": 10, "constitution": 18, "charisma": 10}, "hp": 36}}),
        &[],
    );
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "marcus"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[6, 1]);
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "marcus", "weapon": "8d6"}}),
        &[20, 46],
    );
    assert_eq!(hp(&t, "marcus"), -12);
    // Cure serious wounds (level 4) within a round: −2 + 4 + 2 + 3 = +7; the book's 13 and 3.
    let ev = t.faces(
        &judge(),
        json!({"rules": {"treat_wound": {"character": "marcus", "timing": "round",
            "healing_spell_level": 4}}}),
        &[13, 3],
    );
    let w = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("wound_treated").cloned())
        .unwrap();
    assert_eq!(
        w["breakdown"],
        json!({"hit_points": -2, "constitution": 3, "nonlethal": 0, "healing_magic": 4,
               "care": 2, "total": 7})
    );
    // 20: in shock, back at 1 hp; magic and a night of bed rest; a notable scar.
    assert_eq!(w["total"], 20);
    assert_eq!(w["condition"], "in_shock");
    assert_eq!(w["hp_after"], 1);
    assert_eq!(w["bed_rest_days"], 1);
    assert!(w["wound"].as_str().unwrap().contains("scar"), "{w}");
    assert_eq!(hp(&t, "marcus"), 1);
    let marcus = &t.state()["creatures"]["marcus"]["kind"]["character"];
    assert_eq!(marcus["wounds"].as_array().unwrap().len(), 1);
    assert_eq!(marcus["wounds"][0]["wound"], w["wound"]);
    // Not at 0 hp or less: nothing to treat.
    let code = t.refused(
        &judge(),
        json!({"treat_wound": {"character": "brena", "timing": "turn"}}),
    );
    assert!(code.starts_with("not_wounded"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_wound_05_bed_rest_recorded() {
    let mut t = fight();
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "2d6"}}),
        &[20, 8],
    );
    assert_eq!(hp(&t, "odo"), 0);
    t.judge(
        json!({"treat_wound": {"character": "odo", "timing": "day"}}),
        &[1, 1],
    );
    let odo = &t.state()["creatures"]["odo"]["kind"]["character"];
    let rec = &odo["wounds"][0];
    assert_eq!(
        odo["bed_rest_days"],
        rec["bed_rest_days"].as_u64().unwrap_or(0)
    );
    t.assert_replays();
}

/// Secrecy: a hidden monster cannot join a fight (the order is public), and a player's attack
/// on an unseen monster is refused exactly as one on no creature.
#[test]
fn secrecy_hidden_monsters_in_combat() {
    let mut t = T::new();
    t.judge(
        json!({"add_monster": {"id": "lurker", "card": "gloom_rat", "hp": 3}}),
        &[],
    );
    let code = t.refused(
        &judge(),
        json!({"begin_combat": {"combatants": ["brena", "lurker"]}}),
    );
    assert!(code.starts_with("unrevealed_monster"), "{code}");
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "odo"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[6, 1]);
    let hidden = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "brena", "target": "lurker", "weapon": "1d8"}}),
    );
    let missing = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "brena", "target": "nobody", "weapon": "1d8"}}),
    );
    assert_eq!(
        hidden.replace("lurker", "X"),
        missing.replace("nobody", "X")
    );
    let view = t.player_view("ann")["rules"]["combat"]["combatants"].clone();
    assert!(view.get("brena").is_some());
    assert!(view.get("lurker").is_none());
}

#[test]
fn ac_init_01_each_round_ends_and_waits_for_new_initiative() {
    let mut t = fight();
    for _ in 0..4 {
        end_turn(&mut t);
    }
    assert_eq!(t.state()["combat"]["initiative_rolled"], false);
    assert!(acting(&t).is_none());
    t.as_player(
        "ann",
        json!({"declare": {"creature": "brena", "declaration": "fighting_withdrawal"}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[1, 2, 3, 4]);
    assert_eq!(t.state()["combat"]["round"], 2);
    assert_eq!(acting(&t).as_deref(), Some("rat2"));
    t.judge(json!({"end_fight": {}}), &[]);
    assert!(t.state()["combat"].is_null());
    t.assert_replays();
}

fn add_char(t: &mut T, id: &str, level: u32, con: i32, hp: i32, ac: i32) {
    t.judge(
        json!({"add_character": {"id": id, "name": id, "class": "sellsword",
            "level": level, "abilities": {"strength": 10, "intelligence": 10, "wisdom": 10,
            "dexterity": 10, "constitution": con, "charisma": 10}, "hp": hp,
            "armour_class": ac}}),
        &[],
    );
}

fn attacked(ev: &[Envelope]) -> Value {
    T::rules_events(ev)
        .into_iter()
        .find_map(|e| e.get("attacked").cloned())
        .expect("attacked")
}

/// AC-EX-07: Marcus, fighter 10 (attack throw 4+), against AC 7 needs 11; he rolls 12 and hits.
#[test]
fn ac_ex_07_marcus_needs_11_against_ac_7() {
    let mut t = T::new();
    add_char(&mut t, "marcus", 10, 10, 40, 0);
    add_char(&mut t, "foe", 1, 10, 40, 7);
    t.judge(
        json!({"begin_combat": {"combatants": ["foe", "marcus"]}}),
        &[],
    );
    t.faces(&judge(), json!({"rules": {"roll_initiative": {}}}), &[1, 6]);
    let ev = t.faces(
        &judge(),
        json!({"rules": {"attack": {"attacker": "marcus", "target": "foe", "weapon": "1d8"}}}),
        &[12, 5],
    );
    let a = attacked(&ev);
    assert_eq!(
        (a["needed"].clone(), a["total"].clone()),
        (json!(11), json!(12))
    );
    assert_eq!(a["hit"], true);
    assert_eq!(hp(&t, "foe"), 35);
    t.assert_replays();
}

/// AC-EX-08: a bronze golem of 20 HD (attack throw −3) against an ogre's AC 3 needs 0, but a
/// natural 1 misses: it hits on 2 or more.
#[test]
fn ac_ex_08_golem_needs_a_2_because_natural_1_misses() {
    let mut t = T::new();
    let golem = json!({"monsters": [{"id": "bronze_golem", "name": "Bronze golem",
        "hit_dice": "20", "armour_class": 10, "attacks": [{"name": "fist", "damage": "3d10"}],
        "morale": 4, "save_as": {"class": "fighter", "level": 10},
        "number_appearing": {"dungeon_wandering": "1d1", "wilderness_wandering": "1d1"}}]});
    t.judge(
        json!({"load_pack": {"files": [{"name": "golem.json", "text": golem.to_string()}]}}),
        &[],
    );
    monster(&mut t, "golem", "bronze_golem", 90);
    add_char(&mut t, "ogre", 1, 10, 40, 3);
    t.judge(
        json!({"begin_combat": {"combatants": ["golem", "ogre"]}}),
        &[],
    );
    t.faces(&judge(), json!({"rules": {"roll_initiative": {}}}), &[6, 1]);
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "attack_odds",
            &json!({"attacker": "golem", "target": "ogre"}),
        )
        .unwrap();
    assert_eq!(odds["needed"], 0);
    assert_eq!(odds["hit"], "19/20");
    let ev = t.faces(
        &judge(),
        json!({"rules": {"attack": {"attacker": "golem", "target": "ogre"}}}),
        &[1],
    );
    let a = attacked(&ev);
    assert_eq!(
        (a["hit"].clone(), a["natural"].clone()),
        (json!(false), json!(true))
    );
    assert_eq!(hp(&t, "ogre"), 40);
    t.assert_replays();
}

/// AC-EX-10 (the ogre as a stand-in character): 8 lethal (18 left), 6 and 9 nonlethal with the
/// flat of the blade at −4 (3 left, 15 nonlethal), 7 lethal → −4 hp. Treated after the fight:
/// +15 for the nonlethal damage and the list's −3 (AC-OPEN-01) → +12; a 9 makes 21, the same
/// 21–25 band as the example's 22: back at 1 hp, nonlethal cleared.
#[test]
fn ac_ex_10_nonlethal_damage_and_its_mortal_wounds_bonus() {
    let mut t = T::new();
    add_char(&mut t, "ogre", 1, 10, 26, 0);
    t.judge(
        json!({"begin_combat": {"combatants": ["odo", "ogre", "sefa"]}}),
        &[],
    );
    // odo 6, ogre 1, sefa 5.
    t.judge(json!({"roll_initiative": {}}), &[6, 1, 5]);
    let ev = t.as_player(
        "bob",
        json!({"attack": {"attacker": "odo", "target": "ogre", "weapon": "1d8"}}),
        &[15, 8],
    );
    assert_eq!(attacked(&ev)["damage"], 8);
    end_turn(&mut t);
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "sefa", "target": "ogre", "weapon": "1d8",
            "nonlethal": true, "bonus": -4}}),
        &[19, 6],
    );
    assert_eq!(attacked(&ev)["total"], 15);
    end_turn(&mut t);
    end_turn(&mut t);
    t.judge(json!({"roll_initiative": {}}), &[6, 1, 5]);
    t.as_player(
        "bob",
        json!({"attack": {"attacker": "odo", "target": "ogre", "weapon": "2d6",
            "nonlethal": true, "bonus": -4}}),
        &[19, 9],
    );
    assert_eq!(hp(&t, "ogre"), 3);
    assert_eq!(t.state()["creatures"]["ogre"]["nonlethal"]["tally"], 15);
    end_turn(&mut t);
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "sefa", "target": "ogre", "weapon": "1d8"}}),
        &[15, 7],
    );
    assert_eq!(hp(&t, "ogre"), -4);
    t.judge(json!({"end_fight": {}}), &[]);
    let ev = t.faces(
        &judge(),
        json!({"rules": {"treat_wound": {"character": "ogre", "timing": "turn"}}}),
        &[9, 3],
    );
    let w = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("wound_treated").cloned())
        .unwrap();
    assert_eq!(w["breakdown"]["nonlethal"], 15);
    assert_eq!(w["breakdown"]["care"], -3);
    assert_eq!(w["breakdown"]["hit_points"], 0);
    assert_eq!(w["total"], 21);
    assert_eq!(w["hp_after"], 1);
    assert_eq!(hp(&t, "ogre"), 1);
    assert_eq!(t.state()["creatures"]["ogre"]["nonlethal"]["tally"], 0);
    t.assert_replays();
}

#[test]
fn ac_move_01_02_advance_engaged_and_after_attacking() {
    let mut t = fight();
    // Brena: 120 ft exploration → 40 ft combat movement.
    let code = t.refused(
        &player("ann"),
        json!({"move": {"creature": "brena", "kind": "advance", "feet": 50}}),
    );
    assert!(code.starts_with("too_far"), "{code}");
    let code = t.refused(
        &player("ann"),
        json!({"move": {"creature": "brena", "kind": "advance", "feet": 10, "engaged": true}}),
    );
    assert!(code.starts_with("engaged"), "{code}");
    t.as_player(
        "ann",
        json!({"move": {"creature": "brena", "kind": "advance", "feet": 30}}),
        &[],
    );
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d4"}}),
        &[2],
    );
    let code = t.refused(
        &player("ann"),
        json!({"move": {"creature": "brena", "kind": "advance", "feet": 5}}),
    );
    assert!(code.starts_with("cannot_move"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_move_06_07_08_charge_bonus_ac_penalty_and_double_damage() {
    let mut t = fight();
    let code = t.refused(
        &player("ann"),
        json!({"move": {"creature": "brena", "kind": "charge", "feet": 10}}),
    );
    assert!(code.starts_with("cannot_charge"), "{code}");
    t.as_player(
        "ann",
        json!({"move": {"creature": "brena", "kind": "charge", "feet": 30, "weapon": "spear"}}),
        &[],
    );
    // +2 STR, +2 charge: 7 + 4 = 11 against the rat's 11; 1d6 3 doubled + 2 = 8.
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d6"}}),
        &[7, 3],
    );
    let a = attacked(&ev);
    assert_eq!(a["total"], 11);
    assert_eq!(a["damage"], 8);
    end_turn(&mut t);
    // rat1 (throw 9) against charging brena: AC 0 − 2 → needs 7.
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "brena"}}),
        &[7, 1],
    );
    assert_eq!(attacked(&ev)["needed"], 7);
    t.assert_replays();
}

#[test]
fn ac_move_09_set_spear_strikes_the_charger_on_its_count() {
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 8);
    t.judge(
        json!({"begin_combat": {"combatants": ["dain", "rat1"]}}),
        &[],
    );
    // rat1 5, dain 5: equal initiative lets dain set his spear.
    t.judge(json!({"roll_initiative": {}}), &[5, 5]);
    t.ok(&judge(), json!({"clock": "end_turn"}), &[]);
    assert_eq!(acting(&t).as_deref(), Some("rat1"));
    t.judge(
        json!({"move": {"creature": "rat1", "kind": "charge", "feet": 30}}),
        &[],
    );
    // Dain, STR 18 (+3): 1d6 2 doubled + 3 = 7.
    let ev = t.as_player(
        "bob",
        json!({"attack": {"attacker": "dain", "target": "rat1", "weapon": "1d6",
            "set_vs_charge": "spear"}}),
        &[15, 2],
    );
    assert_eq!(attacked(&ev)["damage"], 7);
    assert_eq!(hp(&t, "rat1"), 1);
    let code = t.refused(
        &player("bob"),
        json!({"attack": {"attacker": "dain", "target": "rat1", "weapon": "1d6",
            "set_vs_charge": "lance"}}),
    );
    assert!(!code.is_empty());
    t.assert_replays();
}

#[test]
fn ac_move_10_11_12_withdrawal_as_declared_and_full_retreat() {
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 8);
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "odo", "rat1"]}}),
        &[],
    );
    t.as_player(
        "ann",
        json!({"declare": {"creature": "brena", "declaration": "full_retreat"}}),
        &[],
    );
    t.as_player(
        "bob",
        json!({"declare": {"creature": "odo", "declaration": "fighting_withdrawal"}}),
        &[],
    );
    // brena 6, odo 5, rat1 1.
    t.judge(json!({"roll_initiative": {}}), &[6, 5, 1]);
    // 15 ft is a fighting withdrawal, not the declared full retreat.
    let code = t.refused(
        &player("ann"),
        json!({"move": {"creature": "brena", "kind": "withdraw", "feet": 15, "engaged": true}}),
    );
    assert!(code.starts_with("not_declared"), "{code}");
    t.as_player(
        "ann",
        json!({"move": {"creature": "brena", "kind": "withdraw", "feet": 40, "engaged": true}}),
        &[],
    );
    let code = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8"}}),
    );
    assert!(code.starts_with("retreating"), "{code}");
    end_turn(&mut t);
    t.as_player(
        "bob",
        json!({"move": {"creature": "odo", "kind": "withdraw", "feet": 20, "engaged": true}}),
        &[],
    );
    end_turn(&mut t);
    // The rat gets +2 against the retreating brena: 5 + 2 = 7 against 9 needed… a miss.
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "brena"}}),
        &[5],
    );
    let a = attacked(&ev);
    assert_eq!(a["total"], 7);
    t.assert_replays();
}

/// AC-MANEUVER-15: the target's save against a maneuver, with the size gap. Dain (fighter 1)
/// saves vs Paralysis on 15: a 12 fails, a 12 + 4 for being much larger succeeds.
#[test]
fn ac_maneuver_15_size_changes_the_save() {
    for (gap, saved) in [("similar", false), ("target_much_larger", true)] {
        let mut t = T::new();
        t.judge(
            json!({"begin_combat": {"combatants": ["brena", "dain"]}}),
            &[],
        );
        t.judge(json!({"roll_initiative": {}}), &[6, 1]);
        let ev = t.as_player(
            "ann",
            json!({"attack": {"attacker": "brena", "target": "dain", "weapon": "1d8",
                "maneuver": "knock_down", "size_gap": gap}}),
            &[15, 12],
        );
        let m = T::rules_events(&ev)
            .into_iter()
            .find_map(|e| e.get("maneuver_resolved").cloned())
            .unwrap();
        assert_eq!(m["saved"], saved, "{gap}");
        t.assert_replays();
    }
}

/// AC-ATK-06: a helpless target is hit without a throw; slain outright by an attacker free of
/// other foes (no Mortal Wounds roll), double damage from one engaged with others.
#[test]
fn ac_atk_06_helpless_targets() {
    let mut t = fight();
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d6",
            "helpless": true, "engaged_with_others": true}}),
        &[3],
    );
    let a = attacked(&ev);
    assert_eq!(a["hit"], true);
    // 3 doubled + STR 2 = 8.
    assert_eq!(a["damage"], 8);
    end_turn(&mut t);
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "odo", "helpless": true}}),
        &[],
    );
    assert_eq!(attacked(&ev)["slain"], true);
    assert_eq!(hp(&t, "odo"), 0);
    let code = t.refused(
        &judge(),
        json!({"treat_wound": {"character": "odo", "timing": "round"}}),
    );
    assert!(code.starts_with("slain"), "{code}");
    t.assert_replays();
}

/// Secrecy: a revealed monster's hit points, armour class and attack throw stay the Judge's
/// through a whole exchange; two fights that differ only in those give players identical logs
/// and views.
#[test]
fn secrecy_monster_stats_never_reach_players() {
    let run = |rat_hp: i32, bonus: i32| {
        let mut t = T::new();
        monster(&mut t, "rat1", "gloom_rat", rat_hp);
        t.judge(
            json!({"begin_combat": {"combatants": ["brena", "rat1"]}}),
            &[],
        );
        t.judge(json!({"roll_initiative": {}}), &[6, 1]);
        t.as_player(
            "ann",
            json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d4"}}),
            &[18, 2],
        );
        end_turn(&mut t);
        // The Judge's modifier to the rat's throw is the Judge's alone.
        t.judge(
            json!({"attack": {"attacker": "rat1", "target": "brena", "bonus": bonus}}),
            &[15, 3],
        );
        t
    };
    let a = run(9, 0);
    let b = run(12, 2);
    assert_ne!(a.state(), b.state());
    same_for_everyone_but_the_judge(&a, &b);
}

/// AC-MORALE-05/06: a "retreat" result puts the monster in full retreat from its next action
/// (no attack); "victory or death" ends its morale rolls for the battle. Both the Judge's.
#[test]
fn ac_morale_05_06_results_bind_the_monsters() {
    let mut t = fight();
    // Gloom rat morale −1: 1 + 1 − 1 = 1, retreat.
    t.judge(json!({"morale_check": {"creature": "rat1"}}), &[1, 1]);
    assert_eq!(t.state()["combat"]["morale"]["rat1"], "retreat");
    for _ in 0..4 {
        end_turn(&mut t);
    }
    assert_eq!(
        t.state()["combat"]["combatants"]["rat1"]["declaration"],
        "full_retreat"
    );
    assert!(t.player_view("ann")["rules"]["combat"]["combatants"]["rat1"]["declaration"].is_null());
    t.judge(json!({"roll_initiative": {}}), &[1, 1, 6, 1]);
    assert_eq!(acting(&t).as_deref(), Some("rat1"));
    let code = t.refused(
        &judge(),
        json!({"attack": {"attacker": "rat1", "target": "brena"}}),
    );
    assert!(code.starts_with("retreating"), "{code}");
    // 6 + 6 − 1 + 2 = 13: victory or death; no more rolls.
    t.judge(
        json!({"morale_check": {"creature": "rat2", "judge_modifier": 2}}),
        &[6, 6],
    );
    let code = t.refused(&judge(), json!({"morale_check": {"creature": "rat2"}}));
    assert!(code.starts_with("no_more_rolls"), "{code}");
    t.assert_replays();
}

/// AC-MORALE-04: the Judge sees the morale odds before the roll; a player is refused the same
/// way whether the creature exists or not.
#[test]
fn ac_morale_04_morale_odds_are_the_judges() {
    let t = fight();
    let odds = t
        .table
        .query(
            &Viewer::Referee,
            "morale_odds",
            &json!({"creature": "rat1"}),
        )
        .unwrap();
    assert_eq!(odds["score"], -1);
    // Retreat on 2d6 − 1 ≤ 2: totals 2 and 3 of 2d6, 3/36 = 1/12.
    assert_eq!(odds["results"][0], json!(["retreat", "1/12"]));
    let a = t
        .table
        .query(
            &Viewer::Player("ann".into()),
            "morale_odds",
            &json!({"creature": "rat1"}),
        )
        .unwrap_err()
        .to_string();
    let b = t
        .table
        .query(
            &Viewer::Player("ann".into()),
            "morale_odds",
            &json!({"creature": "nobody"}),
        )
        .unwrap_err()
        .to_string();
    assert_eq!(a, b);
}

/// AC-INIT-05/06: a spear strikes an enemy approaching on the enemy's count, despite a lower
/// roll; a ready missile weapon too, but not while engaged.
#[test]
fn ac_init_05_06_long_weapon_and_ready_missile_interrupts() {
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 8);
    t.judge(
        json!({"begin_combat": {"combatants": ["dain", "rat1", "sefa"]}}),
        &[],
    );
    // dain 1, rat1 6, sefa 1.
    t.judge(json!({"roll_initiative": {}}), &[1, 6, 1]);
    assert_eq!(acting(&t).as_deref(), Some("rat1"));
    // Not yet approaching.
    let code = t.refused(
        &player("bob"),
        json!({"attack": {"attacker": "dain", "target": "rat1", "weapon": "1d6",
            "interrupt": "long_weapon"}}),
    );
    assert!(code.starts_with("not_approaching"), "{code}");
    t.judge(
        json!({"move": {"creature": "rat1", "kind": "advance", "feet": 20}}),
        &[],
    );
    let ev = t.as_player(
        "bob",
        json!({"attack": {"attacker": "dain", "target": "rat1", "weapon": "1d6",
            "interrupt": "long_weapon"}}),
        &[15, 2],
    );
    assert_eq!(attacked(&ev)["damage"], 5);
    let code = t.refused(
        &player("ann"),
        json!({"attack": {"attacker": "sefa", "target": "rat1", "weapon": "1d6",
            "interrupt": "ready_missile", "engaged_with_others": true,
            "missile": {"weapon": "short_bow", "distance": 30}}}),
    );
    assert!(code.starts_with("cannot_interrupt"), "{code}");
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "sefa", "target": "rat1", "weapon": "1d6",
            "interrupt": "ready_missile", "missile": {"weapon": "short_bow", "distance": 30}}}),
        &[15, 2],
    );
    assert_eq!(hp(&t, "rat1"), 1);
    t.assert_replays();
}

/// AC-CLEAVE-05: a crossbow caps missile cleaves at 2 even for a fighter of higher level.
#[test]
fn ac_cleave_05_crossbow_caps_missile_cleaves() {
    let mut t = T::new();
    add_char(&mut t, "marcus", 10, 10, 40, 0);
    for r in ["rat1", "rat2", "rat3", "rat4"] {
        monster(&mut t, r, "gloom_rat", 1);
    }
    t.judge(
        json!({"begin_combat": {"combatants": ["marcus", "rat1", "rat2", "rat3", "rat4"]}}),
        &[],
    );
    t.judge(json!({"roll_initiative": {}}), &[6, 1, 1, 1, 1]);
    for r in ["rat1", "rat2", "rat3"] {
        t.judge(
            json!({"attack": {"attacker": "marcus", "target": r, "weapon": "1d6",
                "missile": {"weapon": "crossbow", "distance": 30}}}),
            &[19, 2],
        );
    }
    assert_eq!(t.state()["combat"]["combatants"]["marcus"]["cleaves"], 2);
    let code = t.refused(
        &judge(),
        json!({"attack": {"attacker": "marcus", "target": "rat4", "weapon": "1d6",
            "missile": {"weapon": "crossbow", "distance": 30}}}),
    );
    assert!(code.starts_with("no_attacks_left"), "{code}");
}

/// AC-MORALE-03: a lone monster's morale is due when it drops to half its hit points — the
/// Judge's notice only.
#[test]
fn ac_morale_03_lone_monster_at_half_hp() {
    let mut t = T::new();
    monster(&mut t, "guard", "hollow_guard", 10);
    t.judge(
        json!({"begin_combat": {"combatants": ["odo", "guard"]}}),
        &[],
    );
    // guard 1, odo 6.
    t.judge(json!({"roll_initiative": {}}), &[1, 6]);
    // 4 damage: 6 left, above half.
    let ev = t.as_player(
        "bob",
        json!({"attack": {"attacker": "odo", "target": "guard", "weapon": "1d6"}}),
        &[18, 4],
    );
    assert!(
        !T::rules_events(&ev)
            .iter()
            .any(|e| e.get("morale_due").is_some())
    );
    for _ in 0..2 {
        end_turn(&mut t);
    }
    t.judge(json!({"roll_initiative": {}}), &[1, 6]);
    let ev = t.as_player(
        "bob",
        json!({"attack": {"attacker": "odo", "target": "guard", "weapon": "1d6"}}),
        &[18, 1],
    );
    let due = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("morale_due").cloned())
        .expect("morale due");
    assert_eq!(due["lone_at_half_hp"], true);
    let bob = t.log_of(&Viewer::Player("bob".into())).to_string();
    assert!(!bob.contains("morale_due"), "{bob}");
    t.assert_replays();
}

/// AC-MORALE-03: the first death and half the side down in the same round make one roll at
/// −2 (the second notice carries both).
#[test]
fn ac_morale_03_both_triggers_in_one_round() {
    let mut t = T::new();
    for r in ["rat1", "rat2", "rat3", "rat4"] {
        monster(&mut t, r, "gloom_rat", 1);
    }
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "odo", "rat1", "rat2", "rat3", "rat4"]}}),
        &[],
    );
    // brena 6, odo 5, rats 1.
    t.judge(json!({"roll_initiative": {}}), &[6, 5, 1, 1, 1, 1]);
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d4"}}),
        &[19, 1],
    );
    let ev = end_turn(&mut t);
    let due: Vec<Value> = T::rules_events(&ev)
        .into_iter()
        .filter_map(|e| e.get("morale_due").cloned())
        .collect();
    assert_eq!(due.len(), 1);
    assert_eq!(
        (due[0]["first_death"].clone(), due[0]["modifier"].clone()),
        (json!(true), json!(0))
    );
    t.as_player(
        "bob",
        json!({"attack": {"attacker": "odo", "target": "rat2", "weapon": "1d4"}}),
        &[19, 1],
    );
    let ev = end_turn(&mut t);
    let due: Vec<Value> = T::rules_events(&ev)
        .into_iter()
        .filter_map(|e| e.get("morale_due").cloned())
        .collect();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0]["half_down"], true);
    assert_eq!(due[0]["modifier"], -2);
    t.assert_replays();
}

/// AC-WOUND-07/08/09: restore life and limb on a character slain outright, with the Tampering
/// roll's modifiers; T-18's side effects are the Judge's to enter first (refused until then,
/// changing nothing).
#[test]
fn ac_wound_08_09_tampering_with_mortality() {
    let mut t = fight();
    end_turn(&mut t);
    // rat1 slays the helpless odo outright.
    t.judge(
        json!({"attack": {"attacker": "rat1", "target": "odo", "helpless": true}}),
        &[],
    );
    t.judge(json!({"end_fight": {}}), &[]);
    let cmd = json!({"restore_life": {"character": "odo", "magic": "restore_life_and_limb",
        "days_dead": 1, "caster_level": 9}});
    // The side-effect cell is missing: refused, nothing changes.
    let before = t.state();
    let e = t.run(&judge(), json!({"rules": cmd.clone()}), &[19, 2]);
    assert!(e.is_err());
    assert_eq!(t.state(), before);
    t.judge(
        json!({"override_row": {"table": "t18_tampering", "index": 4, "row": {
            "d20": "11..=15", "restored": true, "bed_rest_days": 14,
            "side_effects": ["a", "pale and cold to the touch", "c", "d", "e", "f"],
            "placeholder": false}}}),
        &[],
    );
    // WIS 10 0, 1 day −1, slain outright −10, caster 9 +5: −6; 19 − 6 = 13.
    let ev = t.judge(cmd.clone(), &[19, 2]);
    let r = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("life_restored").cloned())
        .unwrap();
    assert_eq!(r["modifier"], -6);
    assert_eq!(r["total"], 13);
    assert_eq!(r["restored"], true);
    let odo = &t.state()["creatures"]["odo"];
    assert_eq!(odo["hp"], 1);
    assert_eq!(
        odo["kind"]["character"]["side_effects"],
        json!(["pale and cold to the touch"])
    );
    assert_eq!(odo["kind"]["character"]["bed_rest_days"], 14);
    // Alive now: nothing to restore.
    let code = t.refused(&judge(), cmd);
    assert!(code.starts_with("not_dead"), "{code}");
    t.assert_replays();
}

/// AC-MANEUVER-08/09: a knock-down that is not saved leaves the target prone: +2 to hit it,
/// −4 to its own attacks, and it stands instead of moving (or crawls 5 ft).
#[test]
fn ac_maneuver_08_09_knocked_down_and_prone() {
    let mut t = fight();
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d8",
            "maneuver": "knock_down"}}),
        &[19, 2],
    );
    assert_eq!(t.state()["combat"]["combatants"]["odo"]["prone"], true);
    end_turn(&mut t);
    // rat1 (throw 9) against prone odo: 5 + 2 = 7.
    let ev = t.judge(
        json!({"attack": {"attacker": "rat1", "target": "odo"}}),
        &[5],
    );
    assert_eq!(attacked(&ev)["total"], 7);
    end_turn(&mut t);
    assert_eq!(acting(&t).as_deref(), Some("odo"));
    let code = t.refused(
        &player("bob"),
        json!({"move": {"creature": "odo", "kind": "advance", "feet": 10}}),
    );
    assert!(code.starts_with("prone"), "{code}");
    // Attacking while prone: −4.
    let ev = t.as_player(
        "bob",
        json!({"attack": {"attacker": "odo", "target": "rat1", "weapon": "1d4"}}),
        &[10],
    );
    assert_eq!(attacked(&ev)["total"], 6);
    end_turn(&mut t);
    end_turn(&mut t);
    t.judge(json!({"roll_initiative": {}}), &[1, 6, 1, 1]);
    t.as_player(
        "bob",
        json!({"move": {"creature": "odo", "kind": "stand", "feet": 0}}),
        &[],
    );
    assert_eq!(t.state()["combat"]["combatants"]["odo"]["prone"], false);
    let code = t.refused(
        &player("bob"),
        json!({"move": {"creature": "odo", "kind": "advance", "feet": 5}}),
    );
    assert!(code.starts_with("too_far"), "{code}");
    t.assert_replays();
}

/// AC-MANEUVER-05/13: force back pushes by the attacker's damage roll; a wrestled target is
/// held (+4 to hit it) until its wrestler falls.
#[test]
fn ac_maneuver_05_13_force_back_and_wrestle() {
    let mut t = fight();
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d8",
            "maneuver": "force_back"}}),
        &[19, 2, 6],
    );
    let m = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("maneuver_resolved").cloned())
        .unwrap();
    assert_eq!(m["pushed_ft"], 6);
    end_turn(&mut t);
    t.judge(
        json!({"attack": {"attacker": "rat1", "target": "odo", "maneuver": "wrestle"}}),
        &[19, 2],
    );
    assert_eq!(t.state()["combat"]["combatants"]["odo"]["held_by"], "rat1");
    end_turn(&mut t);
    end_turn(&mut t);
    // rat2 against held odo: 3 + 4 = 7.
    let ev = t.judge(
        json!({"attack": {"attacker": "rat2", "target": "odo"}}),
        &[3],
    );
    assert_eq!(attacked(&ev)["total"], 7);
    t.assert_replays();
}

/// AC-MANEUVER-02/03: punch 1d3, kick 1d4 at −2, nonlethal with STR; a bare fist on metal
/// armour hurts the brawler; monsters never brawl.
#[test]
fn ac_maneuver_02_03_brawling() {
    let mut t = fight();
    let ev = t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "brawl": "kick"}}),
        &[10, 3],
    );
    let a = attacked(&ev);
    // 10 + STR 2 − 2 = 10; 3 + 2 = 5 nonlethal.
    assert_eq!(a["total"], 10);
    assert_eq!(
        (a["damage"].clone(), a["nonlethal"].clone()),
        (json!(5), json!(true))
    );
    assert_eq!(t.state()["creatures"]["odo"]["nonlethal"]["tally"], 5);
    end_turn(&mut t);
    let code = t.refused(
        &judge(),
        json!({"attack": {"attacker": "rat1", "target": "odo", "brawl": "punch"}}),
    );
    assert!(code.contains("monsters never brawl"), "{code}");
    end_turn(&mut t);
    let ev = t.as_player(
        "bob",
        json!({"attack": {"attacker": "odo", "target": "brena", "brawl": "punch",
            "against_metal_armour": true}}),
        &[15, 3],
    );
    assert_eq!(attacked(&ev)["target"], "odo");
    assert_eq!(hp(&t, "odo"), 2);
    assert_eq!(hp(&t, "brena"), 10);
    t.assert_replays();
}

/// AC-INIT-01: a group of identical monsters rolls one initiative and acts on one count.
#[test]
fn ac_init_01_a_group_of_identical_monsters_rolls_once() {
    let mut t = T::new();
    monster(&mut t, "rat1", "gloom_rat", 3);
    monster(&mut t, "rat2", "gloom_rat", 3);
    monster(&mut t, "guard", "hollow_guard", 5);
    let code = t.refused(
        &judge(),
        json!({"begin_combat": {"combatants": ["brena", "rat1", "guard"],
            "groups": [["rat1", "guard"]]}}),
    );
    assert!(code.starts_with("bad_group"), "{code}");
    t.judge(
        json!({"begin_combat": {"combatants": ["brena", "rat1", "rat2"],
            "groups": [["rat1", "rat2"]]}}),
        &[],
    );
    // brena 2, the rats 5: three combatants, two dice.
    t.faces(&judge(), json!({"rules": {"roll_initiative": {}}}), &[2, 5]);
    let c = &t.table.state_json()["core"]["clock"]["combat"];
    assert_eq!(c["order"], json!(["rat1", "rat2", "brena"]));
    assert_eq!(c["groups"][0], c["groups"][1]);
    t.assert_replays();
}

/// The sheet a player reads: worked out from T-13, T-19 and T-22, not stored.
fn sheet(t: &T, id: &str) -> Value {
    t.player_view("bob")["rules"]["creatures"][id]["sheet"].clone()
}

#[test]
fn ac_save_01_and_ac_atk_01_the_sheet_shows_throws_saves_thief_skills_and_nonlethal() {
    let mut t = fight();
    // Brena, fighter progression level 2: attack 9+ (T-13), fighter saves 2–3 (T-19).
    let b = sheet(&t, "brena");
    assert_eq!(b["attack_throw"], 9);
    assert_eq!(b["melee_modifier"], 2);
    assert_eq!(
        b["saves"],
        json!({"paralysis": 14, "death": 13, "breath": 15, "wands": 15, "spells": 16})
    );
    assert!(b["thief_skills"].is_null());
    // Odo, a thief-progression lockbreaker of level 3: 9+, thief saves 3–4, T-22 level 3.
    let o = sheet(&t, "odo");
    assert_eq!(o["attack_throw"], 9);
    assert_eq!(
        o["saves"],
        json!({"paralysis": 12, "death": 12, "breath": 15, "wands": 13, "spells": 14})
    );
    assert_eq!(
        o["thief_skills"],
        json!({"open_locks": 16, "find_remove_traps": 16, "pick_pockets": 15,
            "move_silently": 15, "climb_walls": 5, "hide_in_shadows": 17, "hear_noise": 12})
    );
    // Sefa: fighter attack 10+ at level 1, mage saves 1–3.
    let s = sheet(&t, "sefa");
    assert_eq!(s["attack_throw"], 10);
    assert_eq!(
        s["saves"],
        json!({"paralysis": 13, "death": 13, "breath": 15, "wands": 11, "spells": 12})
    );
    // A nonlethal blow: 3 + STR 2 = 5, shown as the tally beside the hit points.
    t.as_player(
        "ann",
        json!({"attack": {"attacker": "brena", "target": "odo", "weapon": "1d6",
            "nonlethal": true}}),
        &[15, 3],
    );
    let o = sheet(&t, "odo");
    assert_eq!(
        (o["hp"].clone(), o["max_hp"].clone()),
        (json!(5), json!(10))
    );
    assert_eq!(o["nonlethal"], 5);
    assert_eq!(o["lethal_lost"], 0);
    // The Judge's row replaces T-22's: the sheet follows the table, not a stored number.
    t.judge(
        json!({"override_row": {"table": "t22_thief_skills", "index": 2,
            "row": {"level": 3, "open_locks": 16, "find_remove_traps": 16, "pick_pockets": 15,
                "move_silently": 15, "climb_walls": 5, "hide_in_shadows": 17,
                "hear_noise": 11}}}),
        &[],
    );
    assert_eq!(sheet(&t, "odo")["thief_skills"]["hear_noise"], 11);
    let judge_view = t.view(&Viewer::Referee);
    assert_eq!(
        judge_view["rules"]["creatures"]["odo"]["sheet"]["thief_skills"]["hear_noise"],
        11
    );
}
