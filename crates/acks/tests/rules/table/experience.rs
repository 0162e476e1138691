//! Experience at the table: monster XP with asterisks, treasure XP, shares, the prime-requisite
//! adjustment, the one-level cap, advancement with its hit die, and heirs.

use super::*;

/// A made-up 5-HD monster (AC-EX-12 needs one; the sample pack has none).
const BIG: &str = r#"{"sample": true, "monsters": [{"id": "barrow_brute", "name": "Barrow brute",
  "hit_dice": "5", "armour_class": 4, "attacks": [{"name": "club", "damage": "1d8"}],
  "morale": 1, "save_as": {"class": "fighter", "level": 5},
  "number_appearing": {"dungeon_wandering": "1d2", "wilderness_wandering": "1d4"}}]}"#;

fn abilities(con: i32) -> Value {
    json!({"strength": 10, "intelligence": 10, "wisdom": 10, "dexterity": 10,
           "constitution": con, "charisma": 10})
}

/// One character of `class` at `level` for `ann`, alone at the table.
fn solo(class: &str, level: u32, con: i32) -> T {
    let mut t = T::empty();
    t.judge(
        json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE},
            {"name": "big.json", "text": BIG}]}}),
        &[],
    );
    t.judge(
        json!({"add_character": {"id": "hero", "name": "Hero", "class": class, "level": level,
            "abilities": abilities(con), "hp": 6, "player": "ann"}}),
        &[],
    );
    t
}

fn xp(t: &T, id: &str) -> Value {
    t.player_view("bob")["rules"]["experience"]["characters"][id].clone()
}

fn awarded(events: &[Envelope]) -> Vec<Value> {
    T::rules_events(events)
        .into_iter()
        .filter_map(|e| e.get("xp_awarded").cloned())
        .collect()
}

#[test]
fn ac_xp_06_monster_xp_by_hit_dice_and_asterisks_the_judges_alone() {
    let mut t = T::new();
    // Gloom rat 1+1*: 15 + 6 × 1 = 21 XP each (T-21); lantern moth 3+2**: 65 + 35 × 2 = 135.
    let ev = t.judge(
        json!({"monsters_defeated": {"card": "gloom_rat", "count": 3}}),
        &[],
    );
    let c = T::rules_events(&ev)[0]["monsters_counted"].clone();
    assert_eq!(
        (c["each"].clone(), c["total"].clone()),
        (json!(21), json!(63))
    );
    t.judge(json!({"monsters_defeated": {"card": "lantern_moth"}}), &[]);
    assert_eq!(t.state()["experience"]["monster_xp"], 198);
    // Monster XP tells Hit Dice: players see neither the event nor the pool's monster part.
    let seen = format!(
        "{} {}",
        t.player_view("ann"),
        t.log_of(&Viewer::Player("ann".into()))
    );
    assert!(
        !seen.contains("monsters_counted") && !seen.contains("monster_xp"),
        "{seen}"
    );
    let code = t.refused(&judge(), json!({"monsters_defeated": {"card": "dragon"}}));
    assert!(code.starts_with("unknown_card"), "{code}");
    let code = t.refused(
        &judge(),
        json!({"monsters_defeated": {"card": "gloom_rat", "count": 0}}),
    );
    assert!(code.starts_with("bad_count"), "{code}");
}

#[test]
fn ac_xp_02_to_05_only_treasure_brought_back_and_things_sold_at_once_earn_xp() {
    let mut t = T::new();
    for (kind, earns) in [
        ("treasure", true),
        ("equipment_sold_at_once", true),
        ("unused_magic_sold", true),
        ("used_magic_sold", false),
        ("wages", false),
        ("business_income", false),
        ("monster_parts", false),
    ] {
        let ev = t.judge(json!({"treasure": {"gp": 100, "kind": kind}}), &[]);
        assert_eq!(
            T::rules_events(&ev)[0]["treasure_counted"]["earns_xp"],
            earns,
            "{kind}"
        );
    }
    assert_eq!(
        t.player_view("ann")["rules"]["experience"]["treasure_gp"],
        300
    );
}

#[test]
fn ac_ex_12_and_ac_xp_08_a_5_hd_monster_a_statue_and_a_gem_950_xp_shared() {
    let mut t = T::new();
    t.judge(
        json!({"load_pack": {"files": [{"name": "big.json", "text": BIG}]}}),
        &[],
    );
    t.judge(
        json!({"set_xp_table": {"class": "sellsword", "thresholds": [2000, 4000, 8000]}}),
        &[],
    );
    t.judge(
        json!({"set_xp_table": {"class": "lockbreaker", "thresholds": [1250, 2500, 5000, 10000]}}),
        &[],
    );
    t.judge(json!({"monsters_defeated": {"card": "barrow_brute"}}), &[]);
    t.judge(json!({"treasure": {"gp": 500, "kind": "treasure"}}), &[]);
    t.judge(json!({"treasure": {"gp": 250, "kind": "treasure"}}), &[]);
    let ev = t.judge(json!({"return_to_civilization": {}}), &[]);
    let closed = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("adventure_closed").cloned())
        .unwrap();
    assert_eq!(closed["pool"], 950);
    // Four survivors share equally: 237 each (rounded down).
    let a = awarded(&ev);
    assert_eq!(a.len(), 4);
    assert!(a.iter().all(|x| x["share"] == 237), "{a:?}");
    assert_eq!(xp(&t, "dain")["xp"], 237);
    // The pool is spent.
    assert_eq!(t.state()["experience"]["treasure_gp"], 0);
    assert_eq!(t.state()["experience"]["monster_xp"], 0);
    t.assert_replays();
}

#[test]
fn ac_xp_01_08_and_09_the_dead_get_nothing_henchmen_half() {
    let mut t = T::new();
    t.judge(
        json!({"set_xp_table": {"class": "sellsword", "thresholds": [2000, 4000, 8000]}}),
        &[],
    );
    t.judge(
        json!({"set_xp_table": {"class": "lockbreaker", "thresholds": [1250, 2500, 5000, 10000]}}),
        &[],
    );
    // Odo falls 100 ft and dies; Dain is a henchman.
    t.judge(json!({"fall": {"character": "odo", "feet": 100}}), &[40]);
    t.judge(
        json!({"set_xp": {"character": "dain", "xp": 0, "henchman": true}}),
        &[],
    );
    t.judge(json!({"treasure": {"gp": 1000, "kind": "treasure"}}), &[]);
    let ev = t.judge(json!({"return_to_civilization": {}}), &[]);
    let a = awarded(&ev);
    // Brena and Sefa a full share each, Dain half: 5 halves of 200.
    let share = |id: &str| {
        a.iter()
            .find(|x| x["character"] == id)
            .map(|x| x["share"].clone())
    };
    assert_eq!(share("brena"), Some(json!(400)));
    assert_eq!(share("sefa"), Some(json!(400)));
    assert_eq!(share("dain"), Some(json!(200)));
    assert_eq!(share("odo"), None);
    assert_eq!(xp(&t, "odo")["xp"], 0);
}

#[test]
fn ac_ex_13_and_ac_xp_10_a_prime_requisite_of_16_adds_10_percent() {
    let mut t = solo("sellsword", 1, 10);
    t.judge(
        json!({"set_xp": {"character": "hero", "xp": 0, "prime_requisite": 16}}),
        &[],
    );
    t.judge(json!({"treasure": {"gp": 1200, "kind": "treasure"}}), &[]);
    let ev = t.judge(json!({"return_to_civilization": {}}), &[]);
    let a = &awarded(&ev)[0];
    assert_eq!(
        (a["percent"].clone(), a["adjusted"].clone()),
        (json!(10), json!(1320))
    );
    assert_eq!(xp(&t, "hero")["xp"], 1320);
    let code = t.refused(
        &judge(),
        json!({"set_xp": {"character": "hero", "xp": 0, "prime_requisite": 2}}),
    );
    assert!(code.starts_with("bad_ability"), "{code}");
}

#[test]
fn ac_ex_14_and_ac_adv_02_one_adventure_raises_one_level_at_most() {
    // A 1st-level elven spellsword (the sample's wood warden) at 0 XP: 8,000 for 3rd level.
    let mut t = solo("wood_warden", 1, 13);
    t.judge(
        json!({"set_xp_table": {"class": "wood_warden", "thresholds": [4000, 8000, 16000]}}),
        &[],
    );
    let v = xp(&t, "hero");
    assert_eq!(
        (v["next_level_xp"].clone(), v["cap"].clone()),
        (json!(4000), json!(7999))
    );
    t.judge(json!({"treasure": {"gp": 20000, "kind": "treasure"}}), &[]);
    // AC-ADV-01: the new level rolls the class's d6 + CON 13's +1.
    let ev = t.judge(json!({"return_to_civilization": {}}), &[4]);
    let a = &awarded(&ev)[0];
    assert_eq!(
        (a["xp"].clone(), a["capped"].clone()),
        (json!(7999), json!(true))
    );
    let adv = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("advanced").cloned())
        .unwrap();
    assert_eq!(
        (adv["level"].clone(), adv["hp_gain"].clone()),
        (json!(2), json!(5))
    );
    let hero = &t.state()["creatures"]["hero"];
    assert_eq!(
        (
            hero["max_hp"].clone(),
            hero["kind"]["character"]["level"].clone()
        ),
        (json!(11), json!(2))
    );
    // The sheet shows the new level's numbers: next 8,000, cap 15,999.
    let v = xp(&t, "hero");
    assert_eq!(
        (
            v["level"].clone(),
            v["next_level_xp"].clone(),
            v["cap"].clone()
        ),
        (json!(2), json!(8000), json!(15999))
    );
    t.assert_replays();
}

#[test]
fn ac_adv_01_at_least_one_hit_point_a_level() {
    // CON 3 (−3) and a 1 on the d8: still 1 hit point.
    let mut t = solo("sellsword", 1, 3);
    t.judge(json!({"treasure": {"gp": 2500, "kind": "treasure"}}), &[]);
    let ev = t.judge(json!({"return_to_civilization": {}}), &[1]);
    let adv = T::rules_events(&ev)
        .into_iter()
        .find_map(|e| e.get("advanced").cloned())
        .unwrap();
    assert_eq!(
        (adv["face"].clone(), adv["hp_gain"].clone()),
        (json!(1), json!(1))
    );
}

#[test]
fn ac_adv_02_t25_gives_levels_2_and_3_a_missing_table_is_refused_naming_t25() {
    // A 1st-level fighter-type reads T-25: 2,000 and 4,000.
    let t = solo("sellsword", 1, 10);
    let v = xp(&t, "hero");
    assert_eq!(
        (v["next_level_xp"].clone(), v["cap"].clone()),
        (json!(2000), json!(3999))
    );
    // A 2nd-level one needs level 4's threshold, which the Judge has not entered.
    let mut t = solo("sellsword", 2, 10);
    assert_eq!(xp(&t, "hero")["cap"], Value::Null);
    t.judge(json!({"treasure": {"gp": 100, "kind": "treasure"}}), &[]);
    let code = t.refused(&judge(), json!({"return_to_civilization": {}}));
    assert!(
        code.starts_with("no_xp_table") && code.contains("level 4"),
        "{code}"
    );
    let code = t.refused(
        &judge(),
        json!({"set_xp_table": {"class": "sellsword", "thresholds": [2000, 2000]}}),
    );
    assert!(code.starts_with("bad_xp_table"), "{code}");
    t.judge(
        json!({"set_xp_table": {"class": "sellsword", "thresholds": [2000, 4000, 8000]}}),
        &[],
    );
    t.judge(json!({"return_to_civilization": {}}), &[]);
    assert_eq!(xp(&t, "hero")["xp"], 100);
}

#[test]
fn ac_heir_01_to_04_an_inheritance_once_less_10_percent_and_reserve_xp() {
    let mut t = solo("sellsword", 1, 10);
    let ev = t.judge(
        json!({"leave_inheritance": {"character": "hero", "gp": 1000}}),
        &[],
    );
    assert_eq!(
        T::rules_events(&ev)[0]["inheritance_left"]["after_fee"],
        900
    );
    let code = t.refused(
        &judge(),
        json!({"leave_inheritance": {"character": "hero", "gp": 10}}),
    );
    assert!(code.starts_with("inheritance_left"), "{code}");
    let ev = t.judge(json!({"reserve_xp": {"character": "hero", "gp": 500}}), &[]);
    assert_eq!(T::rules_events(&ev)[0]["reserve_added"]["reserve_xp"], 450);
    // The hero dies; ann's next character is the heir, at 1st level.
    t.judge(json!({"fall": {"character": "hero", "feet": 60}}), &[30]);
    t.judge(
        json!({"add_character": {"id": "tam", "name": "Tam", "class": "sellsword", "level": 2,
            "abilities": abilities(10), "hp": 6, "player": "ann"}}),
        &[],
    );
    let code = t.refused(&judge(), json!({"name_heir": {"character": "tam"}}));
    assert!(code.starts_with("heir_level"), "{code}");
    t.judge(
        json!({"add_character": {"id": "kit", "name": "Kit", "class": "sellsword", "level": 1,
            "abilities": abilities(10), "hp": 6, "player": "ann"}}),
        &[],
    );
    t.judge(json!({"name_heir": {"character": "kit"}}), &[]);
    let v = xp(&t, "kit");
    assert_eq!(
        (v["xp"].clone(), v["inherited_gp"].clone()),
        (json!(450), json!(900))
    );
    // Taken once: nothing left for another.
    let code = t.refused(&judge(), json!({"name_heir": {"character": "kit"}}));
    assert!(code.starts_with("nothing_to_inherit"), "{code}");
    t.assert_replays();
}

#[test]
fn ac_xp_the_sheet_shows_xp_and_its_cap_to_every_seat() {
    let mut t = T::new();
    t.judge(json!({"set_xp": {"character": "sefa", "xp": 1500}}), &[]);
    for v in [
        Viewer::Referee,
        Viewer::Player("bob".into()),
        Viewer::Spectator("sam".into()),
    ] {
        let x = &t.view(&v)["rules"]["experience"]["characters"]["sefa"];
        assert_eq!(
            (x["xp"].clone(), x["cap"].clone()),
            (json!(1500), json!(3999)),
            "{v:?}"
        );
    }
    let code = t.refused(
        &player("ann"),
        json!({"set_xp": {"character": "sefa", "xp": 9}}),
    );
    assert!(!code.is_empty());
}
