//! 0-level characters at the table (AC-ZERO-01…04): no class, the fighter rows' level 0,
//! adventuring XP, and at 100 XP a 1st-level fighter with its hit points rerolled on 1d8.

use super::*;

fn abilities() -> Value {
    json!({"strength": 10, "intelligence": 10, "wisdom": 10, "dexterity": 10,
           "constitution": 10, "charisma": 10})
}

/// Tam, a 0-level farmhand of `ann` with `hp` hit points and three general proficiencies,
/// alone at a table with the sample pack.
fn tam(hp: i32) -> T {
    let mut t = T::empty();
    t.judge(
        json!({"load_pack": {"files": [{"name": "sample.json", "text": SAMPLE}]}}),
        &[],
    );
    t.judge(
        json!({"add_character": {"id": "tam", "name": "Tam", "level": 0,
            "abilities": abilities(), "hp": hp, "player": "ann",
            "proficiencies": ["farming", "mining", "fishing"]}}),
        &[],
    );
    t
}

fn sheet(t: &T) -> Value {
    t.player_view("bob")["rules"]["creatures"]["tam"]["sheet"].clone()
}

fn creature(t: &T) -> Value {
    t.player_view("ann")["rules"]["creatures"]["tam"].clone()
}

fn event(ev: &[Envelope], name: &str) -> Option<Value> {
    T::rules_events(ev)
        .into_iter()
        .find_map(|e| e.get(name).cloned())
}

/// Brings `gp` of treasure home: the whole pool is Tam's (the d8 or hit die entered by hand).
fn adventure(t: &mut T, gp: u64, faces: &[i64]) -> Vec<Envelope> {
    t.judge(json!({"treasure": {"gp": gp, "kind": "treasure"}}), &[]);
    t.faces(
        &judge(),
        json!({"rules": {"return_to_civilization": {}}}),
        faces,
    )
}

#[test]
fn ac_zero_01_a_zero_level_character_sits_at_the_table_and_earns_adventuring_xp() {
    let mut t = tam(3);
    // No class; the fighter rows' level 0 (T-13 11+, T-19 16/15/17/17/18).
    let s = sheet(&t);
    assert_eq!(s["zero_level"], true);
    assert_eq!(s["attack_throw"], 11);
    assert_eq!(
        s["saves"],
        json!({"paralysis": 16, "death": 15, "breath": 17, "wands": 17, "spells": 18})
    );
    assert_eq!(creature(&t)["level"], 0);
    assert_eq!(
        t.player_view("ann")["rules"]["experience"]["characters"]["tam"]["next_level_xp"],
        100
    );
    // A class given at level 0 is refused, naming the rule.
    let code = t.refused(
        &judge(),
        json!({"add_character": {"id": "pim", "name": "Pim", "class": "sellsword",
            "level": 0, "abilities": abilities(), "hp": 2}}),
    );
    assert!(code.starts_with("zero_level_class"), "{code}");
    // 60 XP: still 0-level, no die rolled.
    let ev = adventure(&mut t, 60, &[]);
    assert!(event(&ev, "zero_level_converted").is_none());
    assert_eq!(creature(&t)["level"], 0);
    // 40 more: 100 XP, a 1st-level fighter.
    let ev = adventure(&mut t, 40, &[5]);
    let c = event(&ev, "zero_level_converted").expect("converted");
    assert_eq!(c["class"], "sellsword");
    assert_eq!(creature(&t)["level"], 1);
    t.assert_replays();
}

#[test]
fn ac_zero_02_conversion_gives_the_fighters_throws_and_rerolls_hp_keeping_the_higher() {
    // Old 3 hp, the d8 shows 7: 7 hp.
    let mut t = tam(3);
    let ev = adventure(&mut t, 100, &[7]);
    let c = event(&ev, "zero_level_converted").expect("converted");
    assert_eq!(
        (c["face"].clone(), c["old_hp"].clone()),
        (json!(7), json!(3))
    );
    assert_eq!(c["max_hp"], 7);
    let v = creature(&t);
    assert_eq!((v["hp"].clone(), v["max_hp"].clone()), (json!(7), json!(7)));
    assert_eq!(v["class"], "Sellsword (sample)");
    let s = sheet(&t);
    assert_eq!(s["attack_throw"], 10);
    assert_eq!(s["saves"]["paralysis"], 15);
    assert_eq!(s["zero_level"], false);
    // Its general proficiencies stay.
    assert_eq!(v["proficiencies"], json!(["farming", "mining", "fishing"]));
    t.assert_replays();

    // Old 6 hp, the d8 shows 2: the old 6 stay.
    let mut t = tam(6);
    let ev = adventure(&mut t, 100, &[2]);
    assert_eq!(event(&ev, "zero_level_converted").unwrap()["max_hp"], 6);
    assert_eq!(creature(&t)["max_hp"], 6);
}

#[test]
fn ac_zero_03_one_old_proficiency_lost_at_2nd_3rd_and_4th_and_adventuring_at_4th() {
    let mut t = tam(4);
    t.judge(
        json!({"set_xp_table": {"class": "sellsword", "thresholds": [2000, 4000, 8000, 16000]}}),
        &[],
    );
    adventure(&mut t, 100, &[4]);
    assert_eq!(creature(&t)["proficiency_drops_due"], 0);
    let code = t.refused(
        &player("ann"),
        json!({"drop_proficiency": {"character": "tam", "proficiency": "farming"}}),
    );
    assert!(code.starts_with("no_drop_due"), "{code}");
    // 2nd level (hit die 1d8): one old proficiency to drop, the player's pick.
    let ev = adventure(&mut t, 1900, &[3]);
    let due = event(&ev, "proficiency_drop_due").expect("drop due");
    assert_eq!(
        (due["level"].clone(), due["due"].clone()),
        (json!(2), json!(1))
    );
    assert_eq!(creature(&t)["proficiency_drops_due"], 1);
    // Bob may not choose for Ann's character; a proficiency it never had is refused.
    assert!(
        t.run(
            &player("bob"),
            json!({"rules": {"drop_proficiency": {"character": "tam", "proficiency": "farming"}}}),
            &[],
        )
        .is_err()
    );
    let code = t.refused(
        &player("ann"),
        json!({"drop_proficiency": {"character": "tam", "proficiency": "sailing"}}),
    );
    assert!(code.starts_with("not_an_old_proficiency"), "{code}");
    t.as_player(
        "ann",
        json!({"drop_proficiency": {"character": "tam", "proficiency": "farming"}}),
        &[],
    );
    assert_eq!(creature(&t)["proficiency_drops_due"], 0);
    assert_eq!(creature(&t)["proficiencies"], json!(["mining", "fishing"]));
    // 3rd level: the Judge picks this time.
    adventure(&mut t, 2000, &[5]);
    assert_eq!(creature(&t)["proficiency_drops_due"], 1);
    t.judge(
        json!({"drop_proficiency": {"character": "tam", "proficiency": "mining"}}),
        &[],
    );
    // 4th level: Adventuring gained, the last old one owed.
    let ev = adventure(&mut t, 4000, &[6]);
    assert_eq!(
        event(&ev, "proficiency_gained").unwrap()["proficiency"],
        "adventuring"
    );
    assert_eq!(creature(&t)["level"], 4);
    assert_eq!(creature(&t)["proficiency_drops_due"], 1);
    t.as_player(
        "ann",
        json!({"drop_proficiency": {"character": "tam", "proficiency": "fishing"}}),
        &[],
    );
    let v = creature(&t);
    assert_eq!(v["proficiencies"], json!(["adventuring"]));
    assert_eq!(v["old_proficiencies"], json!([]));
    assert_eq!(v["proficiency_drops_due"], 0);
    t.assert_replays();
}

#[test]
fn ac_zero_04_zero_level_characters_advance_only_into_the_fighter_class() {
    // A pack with no fighter class: the award is refused before any die, naming the rule.
    let mut t = T::empty();
    let pack = json!({"classes": [{"id": "hedge_mage", "name": "Hedge mage", "attack": "mage",
        "saves": "mage", "hit_die": 4}]});
    t.judge(
        json!({"load_pack": {"files": [{"name": "m.json", "text": pack.to_string()}]}}),
        &[],
    );
    t.judge(
        json!({"add_character": {"id": "tam", "name": "Tam", "level": 0,
            "abilities": abilities(), "hp": 3, "player": "ann"}}),
        &[],
    );
    t.judge(json!({"treasure": {"gp": 100, "kind": "treasure"}}), &[]);
    let code = t.refused(&judge(), json!({"return_to_civilization": {}}));
    assert!(code.starts_with("no_fighter_class"), "{code}");
    // A class named `fighter` is the one taken, ahead of other fighter-like classes.
    let pack = json!({"classes": [{"id": "fighter", "name": "Fighter", "attack": "fighter",
        "saves": "fighter", "hit_die": 8}, {"id": "brawler", "name": "Brawler",
        "attack": "fighter", "saves": "fighter", "hit_die": 8}]});
    t.judge(
        json!({"load_pack": {"files": [{"name": "f.json", "text": pack.to_string()}]}}),
        &[],
    );
    let ev = t.faces(
        &judge(),
        json!({"rules": {"return_to_civilization": {}}}),
        &[8],
    );
    assert_eq!(
        event(&ev, "zero_level_converted").unwrap()["class"],
        "fighter"
    );
    assert_eq!(
        t.state()["creatures"]["tam"]["kind"]["character"]["class"],
        "fighter"
    );
}

/// AC-ZERO-02: the new fighter gains its class card's powers and picks one class proficiency
/// from the card's list (its player or the Judge); a name off the list, or a second pick, is
/// refused naming the rule.
#[test]
fn ac_zero_02_the_new_fighter_gains_the_class_powers_and_picks_a_class_proficiency() {
    let mut t = tam(3);
    let ev = adventure(&mut t, 100, &[6]);
    let conv = event(&ev, "zero_level_converted").expect("converted");
    assert_eq!(conv["powers"], json!(["shield-wall drill (sample)"]));
    assert_eq!(conv["class_proficiency_due"], true);
    let c = creature(&t);
    assert_eq!(c["powers"], json!(["shield-wall drill (sample)"]), "{c}");
    assert_eq!(c["class_proficiency_due"], true, "{c}");
    // The sheet names the progressions by their names (the saves' once read as a debug dump).
    assert_eq!(sheet(&t)["save_progression"], "fighter");
    assert_eq!(sheet(&t)["attack_progression"], "fighter");
    // Bob's player runs no Tam; a proficiency off the sellsword's list is refused.
    let code = t.refused(
        &player("bob"),
        json!({"choose_class_proficiency": {"character": "tam", "proficiency": "riding"}}),
    );
    assert!(!code.starts_with("not_a_class_proficiency"), "{code}");
    let code = t.refused(
        &player("ann"),
        json!({"choose_class_proficiency": {"character": "tam", "proficiency": "farming"}}),
    );
    assert!(code.starts_with("not_a_class_proficiency"), "{code}");
    let ev = t.as_player(
        "ann",
        json!({"choose_class_proficiency": {"character": "tam", "proficiency": "riding"}}),
        &[],
    );
    assert!(event(&ev, "class_proficiency_chosen").is_some());
    let c = creature(&t);
    assert_eq!(
        c["proficiencies"],
        json!(["farming", "mining", "fishing", "riding"]),
        "{c}"
    );
    assert_eq!(c["class_proficiency_due"], false, "{c}");
    let code = t.refused(
        &player("ann"),
        json!({"choose_class_proficiency": {"character": "tam", "proficiency": "command"}}),
    );
    assert!(code.starts_with("no_class_proficiency_due"), "{code}");
    // A 1st-level sellsword added by the Judge has the card's powers from the start.
    t.judge(
        json!({"add_character": {"id": "ida", "name": "Ida", "class": "sellsword", "level": 1,
            "abilities": abilities(), "hp": 6}}),
        &[],
    );
    assert_eq!(
        t.state()["creatures"]["ida"]["kind"]["character"]["powers"],
        json!(["shield-wall drill (sample)"])
    );
    t.assert_replays();
}
