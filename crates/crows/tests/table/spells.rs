//! The magic family driven through the engine: casting from a spellbook, the chaos roll, the
//! book's usage dice, backlash rows applied to creatures, spell durations, crafting and
//! identification.

use std::collections::VecDeque;

use crate::common::*;

const PACK: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": {"id": "magic-test", "name": "Magic test", "sample": true, "notes": "test values"},
  "items": [
    {"id": "ember", "name": "Ember book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 2, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Ember", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "duration": "instant",
       "tiers": {"tier_1": {"effect": "fizzle"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "2d6"}}}},
    {"id": "doom", "name": "Doom book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Doom", "rank": 5, "discipline": "necromancy", "casting_time": "action",
       "duration": "instant",
       "tiers": {"tier_1": {"effect": "a"}, "tier_2": {"effect": "b"}, "tier_3": {"effect": "c"}}}},
    {"id": "glow", "name": "Glow book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Glow", "rank": 1, "discipline": "illusion", "casting_time": "out_of_combat",
       "duration": "dungeon_turn",
       "tiers": {"tier_1": {"effect": "dim"}, "tier_2": {"effect": "glow"}, "tier_3": {"effect": "bright"}}}},
    {"id": "ward", "name": "Ward book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Ward", "rank": 1, "discipline": "benefaction", "casting_time": "action",
       "duration": "usage_dice", "duration_usage_dice": 1,
       "tiers": {"tier_1": {"effect": "thin"}, "tier_2": {"effect": "ward"}, "tier_3": {"effect": "strong"}}}},
    {"id": "rope", "name": "Rope", "sample": true, "slots": 1},
    {"id": "ration", "name": "Ration", "sample": true, "slots": 1, "ration": true},
    {"id": "alchemists-tools", "name": "Alchemist's tools", "sample": true, "slots": 1},
    {"id": "herb", "name": "Herb", "sample": true, "slots": 1},
    {"id": "amulet", "name": "Odd amulet", "sample": true, "slots": 1, "magic": true}
  ]
}"#;

/// Alice's Vera and Bob's Bram (Mind 2) with the test pack loaded.
fn table() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "magic.json", "text": PACK}]}}),
        &[],
    );
    t
}

/// Places a card in a slot of `who` and returns the new item's id.
fn place(t: &mut T, who: &str, card: &str, kind: &str, number: u8) -> u64 {
    let id = t.state()["next_item"].as_u64().unwrap().max(1);
    t.referee_rules(
        json!({"place_item": {"creature": who, "card": card,
            "slots": [{"kind": kind, "number": number}]}}),
        &[],
    );
    id
}

fn cast(book: u64) -> Value {
    json!({"rules": {"cast": {"creature": "bram", "item": book}}})
}

fn book_dice(t: &T, who: &str, item: u64) -> u64 {
    let inv = &t.creature(who)["inventory"];
    let s = inv.to_string();
    // Find the item by id anywhere in the inventory record.
    fn find(v: &Value, id: u64) -> Option<Value> {
        match v {
            Value::Object(m) => {
                if m.get("id") == Some(&json!(id)) && m.contains_key("usage") {
                    return Some(v.clone());
                }
                m.values().find_map(|x| find(x, id))
            }
            Value::Array(a) => a.iter().find_map(|x| find(x, id)),
            _ => None,
        }
    }
    let it = find(inv, item).unwrap_or_else(|| panic!("no item {item} in {s}"));
    it["usage"]["pool"]["current"].as_u64().unwrap()
}

#[test]
// Covers CR-SPELL-01, CR-SPELL-12, CR-INV-10.
fn cr_spell_01_cr_spell_12_only_a_spellbook_in_hand_casts() {
    let mut t = table();
    let rope = place(&mut t, "bram", "rope", "Hand", 1);
    let book = place(&mut t, "bram", "ember", "Backpack", 1);
    let e = t.run(&player("bob"), cast(rope), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-01"));
    let before = t.table.state_json();
    let e = t.run(&player("bob"), cast(book), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-12"));
    assert_eq!(t.table.state_json(), before, "a refusal changes nothing");
    // Alice does not control Bram.
    let e = t.run(&player("alice"), cast(book), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
}

#[test]
// Covers CR-SPELL-15, CR-SPELL-14, CR-ERR-64, CR-UD-08, CR-SPELL-02, CR-SPELL-03.
fn cr_spell_15_tier_1_chaos_roll_and_book_dice_through_engine() {
    let mut t = table();
    let book = place(&mut t, "bram", "ember", "Hand", 1);
    // 7 + Mind 2 = 9: tier 1, no doom → chaos d6 (2: no backlash), then both book dice.
    let events = t.ok(&player("bob"), cast(book), &[3, 4, 2, 1, 5]);
    let r = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(r["report"]["chaos_face"], json!(2));
    assert_eq!(r["report"]["effect"], json!({"spell": {"tier": 1}}));
    assert_eq!(r["outcome"]["text"]["effect"], json!("fizzle"));
    assert_eq!(book_dice(&t, "bram", book), 1, "a 1 removes a book die");
    // The test was a casting of the book's discipline, on Mind.
    let last = &t.state()["last_tests"]["bram"];
    assert_eq!(last["spec"]["characteristic"], json!("mind"));
    assert_eq!(last["spec"]["kind"]["discipline"], json!("elemental"));

    // Chaos 1 → backlash: the d100 + rank is rolled; the book still rolls (1 die left).
    let events = t.ok(&player("bob"), cast(book), &[3, 4, 1, 6, 13]);
    let r = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(r["report"]["effect"], json!({"backlash": {"rank": 1}}));
    let b = &rules_events(&events, "backlash_rolled")[0];
    assert_eq!(b["total"], json!(14));
    assert_eq!(
        b["result"]["apply"],
        json!(7),
        "13 + 1 = 14 is row 13–14 (weakened)"
    );
    assert!(
        t.creature("bram")["conditions"]
            .to_string()
            .contains("weakened"),
        "{}",
        t.creature("bram")
    );
    t.assert_replays();
}

#[test]
// Covers CR-SPELL-11, CR-CRIT-03.
fn cr_spell_11_crit_skips_book_dice_doom_rolls_them_and_empty_book_cannot_cast() {
    let mut t = table();
    let book = place(&mut t, "bram", "ember", "Hand", 1);
    // Crit (10, 10): no book dice at all, no crit decision (the rule defines the benefit).
    let events = t.ok(&player("bob"), cast(book), &[10, 10]);
    assert_eq!(rolled_count(&events), 2);
    assert_eq!(book_dice(&t, "bram", book), 2);
    assert!(
        !t.table
            .core()
            .decisions
            .iter()
            .any(|d| d.kind == "crows.crit_benefit")
    );
    // Doom (1, 1): backlash, and the book's dice still roll (both 1s: empty).
    let events = t.ok(&player("bob"), cast(book), &[1, 1, 1, 2, 13]);
    assert_eq!(
        rules_events(&events, "cast_resolved")[0]["report"]["effect"],
        json!({"backlash": {"rank": 1}})
    );
    assert_eq!(book_dice(&t, "bram", book), 0);
    let e = t.run(&player("bob"), cast(book), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-11"));
    // A finished rest refills a carried book.
    t.ok(&referee(), json!({"clock": "start_rest"}), &[]);
    t.ok(
        &referee(),
        json!({"clock": {"end_rest": {"completed": true}}}),
        &[],
    );
    assert_eq!(book_dice(&t, "bram", book), 2);
}

#[test]
// Covers CR-SPELL-04, CR-SPELL-10, CR-ERR-18, CR-SPELL-09.
fn cr_spell_10_durations_as_engine_effects() {
    let mut t = table();
    let glow = place(&mut t, "bram", "glow", "Hand", 1);
    let ward = place(&mut t, "bram", "ward", "Hand", 2);
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    // Out of combat: 10 minutes pass; tier 3 (9 + 2 + … = 20 but not a crit: 9, 9).
    let minutes = t.table.core().clock.game_minutes;
    t.ok(&player("bob"), cast(glow), &[9, 9, 4]);
    assert_eq!(t.table.core().clock.game_minutes, minutes + 10);
    t.ok(&player("bob"), cast(ward), &[9, 9, 4]);
    let spells = t.state()["magic"]["spells"].as_array().unwrap().clone();
    assert_eq!(spells.len(), 2);
    assert_eq!(
        t.table
            .core()
            .effects
            .iter()
            .filter(|e| e.kind == "crows.spell")
            .count(),
        2
    );
    // End of the dungeon turn: the DT spell ends; the UD spell rolls its own die (4: stays).
    t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[4]);
    let spells = t.state()["magic"]["spells"].as_array().unwrap().clone();
    assert_eq!(spells.len(), 1);
    assert_eq!(spells[0]["spell"]["spell"], json!("Ward"));
    // The ward's dice are its own: the book still has its die.
    assert_eq!(book_dice(&t, "bram", ward), 1);
    // In combat an out-of-combat spell is refused.
    t.ok(
        &referee(),
        json!({"clock": {"start_combat": {"order": ["bram"]}}}),
        &[],
    );
    let e = t.run(&player("bob"), cast(glow), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-04"));
    t.ok(&referee(), json!({"clock": "end_combat"}), &[]);
    t.assert_replays();
}

#[test]
// Covers CR-SPELL-09.
fn cr_spell_09_caster_ends_spell_early_and_death_ends_it() {
    let mut t = table();
    let ward = place(&mut t, "bram", "ward", "Hand", 1);
    t.ok(&player("bob"), cast(ward), &[9, 9, 4]);
    let effect = t.state()["magic"]["spells"][0]["effect"]
        .as_str()
        .unwrap()
        .to_string();
    // Vera cannot end Bram's spell.
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"end_spell": {"creature": "vera", "effect": effect}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-09"));
    t.ok(&player("bob"), cast(ward), &[9, 9, 4]);
    t.ok(
        &player("bob"),
        json!({"rules": {"end_spell": {"creature": "bram", "effect": effect}}}),
        &[],
    );
    assert_eq!(t.state()["magic"]["spells"].as_array().unwrap().len(), 1);
    // Bram is swallowed by Hell (105): dead, and his spell ends with him (CR-DMG-15).
    backlash_at(&mut t, 105, "", &[]);
    assert_eq!(t.creature("bram")["alive"], json!(false));
    assert!(t.state()["magic"]["spells"].as_array().unwrap().is_empty());
    assert!(
        !t.table
            .core()
            .effects
            .iter()
            .any(|e| e.kind == "crows.spell")
    );
    t.assert_replays();
}

#[test]
// Covers CR-SPELL-13, CR-PET-05.
fn cr_spell_13_summoned_creature_is_a_pet_without_the_command_test() {
    let mut t = table();
    t.referee_rules(
        json!({"create_creature": {"id": "wisp", "kind": "animal",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 1}}),
        &[],
    );
    let e = t
        .run(
            &player("bob"),
            json!({"rules": {"summoned": {"creature": "wisp", "summoner": "bram"}}}),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)));
    t.referee_rules(
        json!({"summoned": {"creature": "wisp", "summoner": "bram"}}),
        &[],
    );
    let state: crows::ruleset::CrowsState =
        serde_json::from_value(t.state()).expect("state reads back");
    assert_eq!(state.magic.summoner_of("wisp"), Some("bram"));
}

/// A roller that plays the given faces, then 2 for every further die.
struct Lenient(VecDeque<i64>);
impl engine::Roller for Lenient {
    fn roll(
        &mut self,
        _expr: &str,
        _rng: &mut dice::DiceRng,
    ) -> Result<dice::RollResult, engine::RuleError> {
        Ok(engine::total_only(self.0.pop_front().unwrap_or(2)))
    }
}

fn run_lenient(t: &mut T, actor: &Actor, cmd: Value, dice: &[i64]) -> Vec<Envelope> {
    let mut roller = Lenient(dice.iter().copied().collect());
    let prepared = t
        .table
        .prepare_json(actor, &cmd, 1000, &mut roller)
        .unwrap_or_else(|e| panic!("{cmd}: {e}"));
    let events = prepared.events.clone();
    t.table.commit(prepared).unwrap();
    t.log.extend(events.iter().cloned());
    events
}

/// Casts a doomed spell whose backlash total is `total` and answers the area question with
/// `near` when it comes. Returns every event.
fn backlash_at(t: &mut T, total: u8, near: &str, extra: &[i64]) -> Vec<Envelope> {
    let (card, rank) = if total > 100 {
        ("doom", 5)
    } else {
        ("ember", 1)
    };
    // Whatever Bram holds is dropped first, so the fresh book goes to hand 1.
    let held: Vec<u64> = t.creature("bram")["inventory"]["items"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|s| s["at"]["kind"] == json!("hand"))
                .filter_map(|s| s["item"]["id"].as_u64())
                .collect()
        })
        .unwrap_or_default();
    if !held.is_empty() {
        t.referee_rules(
            json!({"move_items": {"creature": "bram", "drops": held}}),
            &[],
        );
    }
    let book = place(t, "bram", card, "Hand", 1);
    let d100 = i64::from(total) - rank;
    let mut dice = vec![1, 1];
    dice.extend(std::iter::repeat_n(4, if rank == 5 { 1 } else { 2 }));
    dice.push(d100);
    dice.extend_from_slice(extra);
    let mut events = run_lenient(t, &player("bob"), cast(book), &dice);
    let area: Vec<engine::Decision> = t
        .table
        .core()
        .decisions
        .iter()
        .filter(|d| d.kind == "crows.magic.backlash_area")
        .cloned()
        .collect();
    for d in area {
        events.extend(run_lenient(
            t,
            &referee(),
            json!({"answer": {"decision": d.id, "option": "apply", "text": near}}),
            &[],
        ));
    }
    // Resistance rolls that stop at the commit point are committed as rolled.
    let commits: Vec<engine::Decision> = t
        .table
        .core()
        .decisions
        .iter()
        .filter(|d| d.kind == "crows.expertise")
        .cloned()
        .collect();
    for d in commits {
        events.extend(run_lenient(
            t,
            &referee(),
            json!({"answer": {"decision": d.id, "option": "commit"}}),
            &[],
        ));
    }
    events
}

#[test]
// Covers CR-BL-01, CR-BL-02, CR-BL-03, CR-BL-04, CR-BL-05, CR-BL-06, CR-BL-07, CR-BL-08,
// CR-BL-09, CR-BL-10, CR-BL-11, CR-BL-12, CR-BL-13, CR-BL-14, CR-BL-15, CR-BL-16, CR-BL-17,
// CR-BL-18, CR-BL-19, CR-BL-20, CR-BL-21, CR-BL-22, CR-BL-23, CR-BL-24, CR-BL-25, CR-BL-26,
// CR-BL-27, CR-BL-28, CR-BL-29, CR-BL-30, CR-BL-31, CR-BL-32, CR-BL-33, CR-BL-34, CR-BL-35,
// CR-BL-36, CR-BL-37, CR-BL-38, CR-BL-39, CR-BL-40, CR-BL-41, CR-BL-42, CR-BL-43, CR-BL-44,
// CR-BL-45, CR-BL-46, CR-BL-47, CR-BL-48, CR-BL-49, CR-BL-50, CR-BL-51, CR-BL-52, CR-BL-53,
// CR-BL-54, CR-BL-55, CR-BL-56, CR-SPELL-16, CR-ERR-01, CR-ERR-02, CR-ERR-03, CR-ERR-04,
// CR-ERR-67, CR-ERR-68, CR-ERR-69, CR-ERR-70, CR-ERR-71.
fn cr_bl_every_row_applied_through_the_engine() {
    for row in crows::backlash::TABLE.iter() {
        let mut t = table();
        place(&mut t, "bram", "rope", "Backpack", 2);
        place(&mut t, "bram", "ration", "Backpack", 3);
        let events = backlash_at(&mut t, row.high, "vera", &[]);
        let applied = rules_events(&events, "backlash_applied");
        assert_eq!(
            applied.len(),
            1,
            "row {}: {:?}",
            row.id,
            rules_events(&events, "backlash_rolled")
        );
        assert_eq!(applied[0]["row"], json!(row.id));
        let bram = t.creature("bram");
        let running = t.state()["magic"]["backlashes"]["bram"].clone();
        let listed = running
            .as_array()
            .is_some_and(|a| a.iter().any(|b| b["active"]["id"] == json!(row.id)));
        let lasting = row.duration != crows::backlash::BacklashDuration::Instant && row.id != 55;
        assert_eq!(listed, lasting, "row {}: running {running}", row.id);
        // Each kind of mechanic leaves its mark on the creatures.
        for effect in row.effects {
            use crows::backlash::BacklashEffect as E;
            match effect {
                E::Condition {
                    to: crows::backlash::Affected::Caster,
                    kind: crows::conditions::ConditionKind::Grabbed,
                } => {
                    // CR-ERR-03/04: the earth holds it.
                    assert!(
                        bram["conditions"].to_string().contains("backlash"),
                        "{bram}"
                    );
                }
                E::Condition {
                    to: crows::backlash::Affected::Caster,
                    kind,
                } => assert!(
                    bram["conditions"]
                        .to_string()
                        .contains(&format!("{kind:?}").to_lowercase()),
                    "row {}: {bram}",
                    row.id
                ),
                E::Speed(s) => assert_eq!(
                    bram["speeds"]["walk"].as_i64().unwrap(),
                    6 + i64::from(*s),
                    "row {}",
                    row.id
                ),
                E::CharacteristicLoss(ch) => {
                    let name = format!("{ch:?}").to_lowercase();
                    let was = if name == "mind" {
                        2
                    } else if name == "agility" {
                        0
                    } else {
                        -1
                    };
                    assert_eq!(
                        bram["characteristics"][&name],
                        json!(was - 1),
                        "row {}",
                        row.id
                    );
                }
                E::StaminaToZero => assert_eq!(bram["stamina"], json!(0)),
                E::LostForever => {
                    assert_eq!(bram["alive"], json!(false));
                    assert!(
                        t.state()["corpses"].get("bram").is_none(),
                        "no corpse remains"
                    );
                }
                E::ResistanceRoll { characteristic, .. } => {
                    // Strength, never "Might" (CR-ERR-02); Vera near the caster rolls too.
                    let name = format!("{characteristic:?}").to_lowercase();
                    for who in ["bram", "vera"] {
                        assert_eq!(
                            t.state()["last_tests"][who]["spec"]["characteristic"],
                            json!(name),
                            "row {}",
                            row.id
                        );
                    }
                }
                E::SummonHostile { .. } => {
                    let r = &applied[0]["report"]["summoned"];
                    assert_eq!(r["count"], json!(2));
                    assert_eq!(row.low, 45, "CR-ERR-67: the translation's order");
                }
                E::MisdirectedSpell => assert!(
                    t.table
                        .core()
                        .decisions
                        .iter()
                        .any(|d| d.kind == "crows.magic.backlash_call"
                            && d.prompt.contains("default tier 2")),
                    "CR-ERR-70"
                ),
                E::Frog => {
                    // CR-ERR-71: what it carried falls to the ground.
                    assert!(t.state()["ground"].to_string().contains("Rope"));
                    assert_eq!(bram["max_stamina"], json!(1));
                    assert_eq!(bram["size"], json!("tiny"));
                }
                E::HandsUnusable => assert!(
                    t.state()["ground"].to_string().contains("Ember book"),
                    "the held book falls"
                ),
                E::Damage {
                    to: crows::backlash::Affected::Caster,
                    ..
                } => {
                    assert!(
                        bram["stamina"].as_u64().unwrap() < 5,
                        "row {}: {bram}",
                        row.id
                    )
                }
                _ => {}
            }
        }
        t.assert_replays();
    }
}

#[test]
// Covers CR-SPELL-18, CR-BL-19, CR-BL-56, CR-SPELL-19.
fn cr_spell_18_stacking_and_roll_another_and_durations() {
    let mut t = table();
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    // 37–38 sticky goo twice: speed −2, then −4 (it stacks).
    backlash_at(&mut t, 38, "", &[]);
    assert_eq!(t.creature("bram")["speeds"]["walk"], json!(4));
    backlash_at(&mut t, 38, "", &[]);
    assert_eq!(t.creature("bram")["speeds"]["walk"], json!(2));
    // 39–40 gas (1 UD), then 39–40 again: roll another (the next d100 25 + 1 = 26... use 13).
    backlash_at(&mut t, 40, "", &[]);
    let events = backlash_at(&mut t, 40, "", &[12]);
    let rolled = rules_events(&events, "backlash_rolled");
    assert_eq!(rolled.len(), 2);
    assert_eq!(rolled[0]["result"]["roll_another"], json!(20));
    assert_eq!(rolled[1]["result"]["apply"], json!(7));
    // End of the dungeon turn: the goo ends (speed back), the gas rolls its die (1: gone).
    t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[1]);
    assert_eq!(t.creature("bram")["speeds"]["walk"], json!(6));
    assert!(t.state()["magic"]["backlashes"].get("bram").is_none());
    assert!(
        !t.table
            .core()
            .effects
            .iter()
            .any(|e| e.kind == "crows.backlash")
    );
}

#[test]
// Covers CR-BL-44, CR-BL-46, CR-ERR-44.
fn cr_bl_46_characteristic_losses_stack_and_come_back_after_rest() {
    let mut t = table();
    for _ in 0..8 {
        backlash_at(&mut t, 92, "", &[]);
    }
    // Mind 2 − 8 would be −6: clamped at −5.
    assert_eq!(t.creature("bram")["characteristics"]["mind"], json!(-5));
    t.ok(&referee(), json!({"clock": "start_rest"}), &[]);
    t.ok(
        &referee(),
        json!({"clock": {"end_rest": {"completed": true}}}),
        &[],
    );
    assert_eq!(t.creature("bram")["characteristics"]["mind"], json!(2));
}

#[test]
// Covers CR-ERR-01, CR-BL-31, CR-BL-32, CR-ERR-68.
fn cr_err_01_total_62_is_hands_by_default_or_the_referee_picks() {
    let mut t = table();
    let events = backlash_at(&mut t, 62, "", &[]);
    assert_eq!(
        rules_events(&events, "backlash_applied")[0]["row"],
        json!(31)
    );
    // With feet for hands nothing can be held (CR-ERR-68): not even put in a hand, and a
    // spellbook carried elsewhere cannot be cast.
    let in_hand = json!({"rules": {"place_item": {"creature": "bram", "card": "ember",
        "slots": [{"kind": "Hand", "number": 1}]}}});
    let e = t.run(&referee(), in_hand, &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-BL-31"));
    let book = place(&mut t, "bram", "ember", "Belt", 1);
    let e = t.run(&player("bob"), cast(book), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-BL-31"));

    let mut t = T::with_config(json!({"backlash_overlap": "referee_picks"}));
    for p in ["alice", "bob"] {
        t.ok(
            &referee(),
            json!({"join": {"name": p, "role": "player"}}),
            &[],
        );
    }
    t.referee_rules(
        json!({"create_creature": {"id": "bram", "kind": "crow",
            "characteristics": {"agility": 0, "mind": 2, "strength": -1}, "stamina": 5}}),
        &[],
    );
    t.ok(
        &referee(),
        json!({"bind": {"player": "bob", "character": "bram"}}),
        &[],
    );
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "m.json", "text": PACK}]}}),
        &[],
    );
    backlash_at(&mut t, 62, "", &[]);
    let d = t.decision("crows.magic.backlash_overlap");
    let ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["row_31", "row_32"]);
    // The quicksand: a resistance roll for the caster (Agility 0: 5 + 5 = 10, tier 1).
    run_lenient(
        &mut t,
        &referee(),
        json!({"answer": {"decision": d.id, "option": "row_32"}}),
        &[],
    );
    let a = t.decision("crows.magic.backlash_area");
    run_lenient(
        &mut t,
        &referee(),
        json!({"answer": {"decision": a.id, "option": "apply", "text": ""}}),
        &[5, 5],
    );
    assert!(
        t.creature("bram")["conditions"]
            .to_string()
            .contains("grabbed")
    );
    // Off the ground, the quicksand rolls another backlash (CR-BL-32).
}

#[test]
// Covers CR-SPELL-17, CR-BL-21.
fn cr_spell_17_object_target_makes_the_caster_the_target() {
    let mut t = table();
    let book = place(&mut t, "bram", "ember", "Hand", 1);
    t.ok(
        &player("bob"),
        json!({"rules": {"cast": {"creature": "bram", "item": book, "target": "object"}}}),
        &[1, 1, 4, 4, 40],
    );
    let d = t.decision("crows.magic.backlash_area");
    assert_eq!(d.context["caster_is_target"], json!(true));
    assert!(d.prompt.contains("CR-SPELL-17"));
    let stamina = t.creature("vera")["stamina"].as_u64().unwrap();
    // The area answer rolls the fears' 1d6 piercing for each ally listed.
    let events = run_lenient(
        &mut t,
        &referee(),
        json!({"answer": {"decision": d.id, "option": "apply", "text": "vera"}}),
        &[2],
    );
    assert_eq!(
        rules_events(&events, "backlash_applied")[0]["caster_is_target"],
        json!(true)
    );
    assert_eq!(t.creature("vera")["stamina"].as_u64().unwrap(), stamina - 2);
}

#[test]
// Covers CR-BL-14, CR-BL-47, CR-BL-08, CR-DMG-14.
fn cr_bl_14_damage_and_wounds_go_through_core() {
    let mut t = table();
    // 15–16 first: the next damage this dungeon turn is doubled (CR-BL-08).
    backlash_at(&mut t, 16, "", &[]);
    // 27–28: 1d6 (1) damage to Bram through apply_hit, doubled: 2.
    let events = backlash_at(&mut t, 28, "", &[1]);
    assert_eq!(t.creature("bram")["stamina"], json!(3));
    assert!(
        t.state()["magic"]["backlashes"].get("bram").is_none(),
        "the doubling is used up"
    );
    assert!(
        rules_events(&events, "creature_changed")
            .iter()
            .any(|e| e["what"] == json!("damaged"))
    );
    // 93–94: 1d6 (2) wounds: Bob places them (crows.wound_slot).
    backlash_at(&mut t, 94, "", &[2]);
    let d = t.decision_for("crows.wound_slot", "bram");
    assert_eq!(d.context["remaining"], json!(2));
}

#[test]
// Covers CR-BL-16, CR-ERR-66, CR-BL-27, CR-ERR-65.
fn cr_bl_16_cr_err_66_goat_returns_the_item_and_tentacles_are_cut_away() {
    let mut t = table();
    let rope = place(&mut t, "bram", "rope", "Backpack", 1);
    // 31–32 with an empty deck but the book: the deck is rope + book; the shuffle die picks
    // the rope (1).
    let events = backlash_at(&mut t, 32, "", &[5, 1]);
    let report = &rules_events(&events, "backlash_applied")[0]["report"];
    assert_eq!(report["card"]["d10"], json!(5));
    assert_eq!(
        report["card"]["item"],
        json!(rope),
        "the shuffle die put the rope at the draw"
    );
    assert_eq!(report["item_name"], json!("Rope"));
    assert!(
        !t.creature("bram")["inventory"]
            .to_string()
            .contains("\"Rope\""),
        "a goat now"
    );
    // Only condition-bound rows are ended by the Referee (CR-BL-56).
    backlash_at(&mut t, 38, "", &[]);
    let e = t
        .run(
            &referee(),
            json!({"rules": {"end_backlash": {"creature": "bram", "row": 19}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-BL-56"));
    // The goat dies: the rope is back.
    t.referee_rules(
        json!({"end_backlash": {"creature": "bram", "row": 16}}),
        &[],
    );
    assert!(
        t.creature("bram")["inventory"]
            .to_string()
            .contains("\"Rope\"")
    );
    let _ = rope;
    // 53–54: 1d6 to Bram and 3 special wounds; cutting needs a blade.
    let mut t = table();
    backlash_at(&mut t, 54, "", &[1]);
    let e = t
        .run(
            &player("bob"),
            json!({"rules": {"cut_tentacle": {"creature": "bram", "bladed": false}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-BL-27"));
    let cut = json!({"rules": {"cut_tentacle": {"creature": "bram", "bladed": true}}});
    // Bob places the three special wounds first.
    for _ in 0..3 {
        let d = t.decision_for("crows.wound_slot", "bram");
        let slot = d.options.last().unwrap().id.clone();
        t.answer(&player("bob"), &d.id, &slot, None).unwrap();
    }
    let wounds = |t: &T| {
        t.creature("bram")["inventory"]["wounds"]
            .to_string()
            .matches("Special")
            .count()
    };
    assert_eq!(wounds(&t), 3);
    for left in [2, 1, 0] {
        t.ok(&player("bob"), cut.clone(), &[]);
        assert_eq!(wounds(&t), left);
    }
    assert!(
        t.state()["magic"]["backlashes"].get("bram").is_none(),
        "the tentacles are gone"
    );
    t.assert_replays();
}

#[test]
// Covers CR-BL-50.
fn cr_bl_50_castings_count_one_tier_lower() {
    let mut t = table();
    backlash_at(&mut t, 100, "", &[]);
    let book = place(&mut t, "bram", "ember", "Hand", 2);
    // 9 + 2 = 11 +… 6 + 6 + 2 = 14: tier 2 counts as tier 1 → chaos roll (3: the spell).
    let events = t.ok(&player("bob"), cast(book), &[6, 6, 3, 4, 4]);
    let r = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(r["report"]["counted_tier"], json!(1));
    assert_eq!(r["report"]["chaos_face"], json!(3));
}

const RECIPE: &str = r#"{"item": "Salve", "expertise": "alchemy", "uses_required": 1,
    "materials": {"herb": 1}, "goal": 10}"#;

fn crafter(t: &mut T, herbs: u8) {
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "expertises": {"alchemy": 2}}}),
        &[],
    );
    place(t, "bram", "alchemists-tools", "Backpack", 1);
    for n in 0..herbs {
        place(t, "bram", "herb", "Backpack", 2 + n);
    }
}

#[test]
// Covers CR-CRAFT-02, CR-CRAFT-03, CR-CRAFT-05, CR-ERR-72.
fn cr_craft_02_requirements_are_checked() {
    let mut t = table();
    let recipe: Value = serde_json::from_str(RECIPE).unwrap();
    let start = json!({"rules": {"start_craft": {"creature": "bram", "recipe": recipe}}});
    let e = t.run(&player("bob"), start.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CRAFT-02"));
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "expertises": {"alchemy": 2}}}),
        &[],
    );
    let e = t.run(&player("bob"), start.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CRAFT-03"), "no tools");
    place(&mut t, "bram", "alchemists-tools", "Backpack", 1);
    let e = t.run(&player("bob"), start.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CRAFT-02"), "no herb");
    place(&mut t, "bram", "herb", "Backpack", 2);
    t.ok(&player("bob"), start, &[]);
    assert_eq!(
        t.state()["magic"]["projects"]["1"]["project"]["recipe"]["goal"],
        json!(10)
    );
}

#[test]
// Covers CR-CRAFT-01, CR-CRAFT-04, CR-CRAFT-06, CR-CRAFT-07, CR-CRAFT-08, CR-CRAFT-11,
// CR-CRAFT-12, CR-RACT-03, CR-RACT-02.
fn cr_craft_07_rolls_at_rest_end_keep_points_and_overflow() {
    let mut t = table();
    crafter(&mut t, 3);
    let recipe: Value = serde_json::from_str(RECIPE).unwrap();
    t.ok(
        &player("bob"),
        json!({"rules": {"start_craft": {"creature": "bram", "recipe": recipe}}}),
        &[],
    );
    let craft = json!({"rules": {"craft": {"creature": "bram", "project": 1}}});
    // Not during a rest and not in town: refused.
    let e = t.run(&player("bob"), craft.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CRAFT-01"));
    t.ok(&referee(), json!({"clock": "start_rest"}), &[]);
    t.ok(&player("bob"), craft.clone(), &[]);
    let e = t.run(&player("bob"), craft.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-RACT-02"));
    // Natural 3 + Mind 2 − 2 (bane) … with banes 2: double bane −4 → 1 point at least.
    t.ok(
        &referee(),
        json!({"clock": {"end_rest": {"completed": true}}}),
        &[2, 2],
    );
    assert_eq!(
        t.state()["magic"]["projects"]["1"]["project"]["points"],
        json!(6)
    );
    // Next rest: 9 + 9 + 2 = 20 → 26 points: two salves (two herbs used), 6 left.
    t.ok(&referee(), json!({"clock": "start_rest"}), &[]);
    t.ok(&player("bob"), craft, &[]);
    t.ok(
        &referee(),
        json!({"clock": {"end_rest": {"completed": true}}}),
        &[9, 9],
    );
    let p = &t.state()["magic"]["projects"]["1"]["project"];
    assert_eq!(p["finished"], json!(2));
    assert_eq!(p["points"], json!(6));
    let salves = t.state()["ground"].to_string().matches("Salve").count();
    assert_eq!(salves, 2);
}

#[test]
// Covers CR-CRAFT-08, CR-CRAFT-09, CR-CRAFT-10, CR-ERR-73, CR-ERR-74, CR-CRAFT-13,
// CR-CRAFT-14, CR-TOWN-01, CR-EXP-01, CR-ROLE-04.
fn cr_craft_10_town_crafting_expertises_crit_chain_and_helpers() {
    let mut t = table();
    crafter(&mut t, 1);
    let recipe = json!({"item": "Bomb", "expertise": "alchemy", "uses_required": 1,
        "materials": {"herb": 1}, "goal": 100});
    t.ok(
        &player("bob"),
        json!({"rules": {"start_craft": {"creature": "bram", "recipe": recipe}}}),
        &[],
    );
    // A player may not declare the town.
    let town = json!({"rules": {"craft": {"creature": "bram", "project": 1, "town": true,
        "expertises": ["alchemy"], "edges": 2}}});
    let e = t.run(&player("bob"), town.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-TOWN-01"));
    t.referee_rules(json!({"enter_town": {}}), &[]);
    // At most two expertises on one crafting roll (CR-CRAFT-10, the exception to CR-EXP-01).
    let three = json!({"rules": {"craft": {"creature": "bram", "project": 1, "town": true,
        "expertises": ["alchemy", "blacksmithing", "enchanting"]}}});
    let e = t.run(&referee(), three, &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CRAFT-10"));
    // Town: 2 hours pass. 10 + 10 crit: 20 + 2 + 4 (double edge) + 4 (alchemy) = 30, then
    // the crit's extra roll (CR-ERR-74: it may chain): 1 + 1 is a doom → 0 points.
    let minutes = t.table.core().clock.game_minutes;
    let events = t.ok(&referee(), town, &[10, 10, 1, 1]);
    assert_eq!(t.table.core().clock.game_minutes, minutes + 120);
    let rolls = rules_events(&events, "craft_rolled");
    assert_eq!(rolls.len(), 2);
    assert_eq!(rolls[0]["roll"]["points"], json!(30));
    assert_eq!(rolls[1]["roll"]["points"], json!(0));
    assert_eq!(
        t.creature("bram")["expertises"]["uses"]["alchemy"]["left"],
        json!(1)
    );
    // Vera helps without tools: refused; with skill and tools she adds her own points.
    // Vera's roll gets Make Camp's +2 (CR-ROLE-04, CR-CRAFT-14) as a bonus.
    let help = json!({"rules": {"craft": {"creature": "vera", "project": 1, "town": true,
        "bonus": 2}}});
    let e = t.run(&referee(), help.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-CRAFT-02"));
    t.referee_rules(
        json!({"edit_creature": {"id": "vera", "expertises": {"alchemy": 1}}}),
        &[],
    );
    place(&mut t, "vera", "alchemists-tools", "Backpack", 1);
    t.ok(&referee(), help, &[4, 3]);
    let p = &t.state()["magic"]["projects"]["1"]["project"];
    assert_eq!(p["points"], json!(30 + 7 + 2));
    assert_eq!(p["crafters"], json!(["bram", "vera"]));
}

#[test]
// Covers CR-TOWN-01, CR-TOWN-03, CR-CRAFT-01.
fn cr_town_03_town_crafting_is_a_town_activity_of_two_hours_four_a_day() {
    let mut t = table();
    crafter(&mut t, 1);
    let recipe = json!({"item": "Bomb", "expertise": "alchemy", "uses_required": 1,
        "materials": {"herb": 1}, "goal": 100});
    t.ok(
        &player("bob"),
        json!({"rules": {"start_craft": {"creature": "bram", "recipe": recipe}}}),
        &[],
    );
    let town = json!({"rules": {"craft": {"creature": "bram", "project": 1, "town": true}}});
    // Not in town: refused, nothing changes.
    let before = t.table.state_json();
    let e = t.run(&referee(), town.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-TOWN-01"));
    assert_eq!(t.table.state_json(), before);
    t.referee_rules(json!({"enter_town": {}}), &[]);
    // A Craft started as a town activity, then rolled: two hours in all, not four.
    t.ok(
        &player("bob"),
        json!({"rules": {"start_town_activity": {"creature": "bram",
            "activity": {"kind": "craft", "item": "Bomb"}}}}),
        &[],
    );
    let minutes = t.table.core().clock.game_minutes;
    t.ok(&referee(), town.clone(), &[5, 5]);
    assert_eq!(t.table.core().clock.game_minutes, minutes + 120);
    assert_eq!(
        t.state()["magic"]["projects"]["1"]["project"]["points"],
        json!(12)
    );
    // Three more crafts make the day's four; a fifth is refused.
    for _ in 0..3 {
        t.ok(&referee(), town.clone(), &[5, 5]);
    }
    assert_eq!(t.table.core().clock.game_minutes, minutes + 4 * 120);
    let before = t.table.state_json();
    let e = t.run(&referee(), town, &[]).unwrap_err();
    let (msg, rule) = rule_of(e);
    assert_eq!(rule.as_deref(), Some("CR-TOWN-01"));
    assert!(msg.contains("4 activities"), "{msg}");
    assert_eq!(t.table.state_json(), before);
    t.assert_replays();
}

#[test]
// Covers CR-ERR-75.
fn cr_err_75_the_once_per_item_reading_refuses_a_second_identification_test() {
    let mut t = party_with(json!({"identify_repeat": "once_per_item"}));
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "magic.json", "text": PACK}]}}),
        &[],
    );
    let amulet = place(&mut t, "bram", "amulet", "Hand", 1);
    t.referee_rules(
        json!({"set_magic_item": {"creature": "bram", "item": amulet,
            "properties": ["wards off ghosts"]}}),
        &[],
    );
    let test = json!({"rules": {"identify_test": {"creature": "bram", "item": amulet}}});
    // 5 + 6 + Mind 2 = 13: tier 2, nothing learned.
    t.ok(&player("bob"), test.clone(), &[5, 6]);
    // Under this reading changed circumstances do not help: once per item and character.
    t.referee_rules(
        json!({"circumstances_changed": {"creature": "bram", "task": format!("identify item {amulet}")}}),
        &[],
    );
    let before = t.table.state_json();
    let e = t.run(&player("bob"), test, &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-ERR-75"));
    assert_eq!(t.table.state_json(), before);
}

#[test]
// Covers CR-ID-01, CR-ID-02, CR-ID-03, CR-RACT-05, CR-REF-35, CR-ERR-75, CR-RETRY-01.
fn cr_id_01_cr_id_02_cr_id_03_identification_by_test_rest_and_npc() {
    let mut t = table();
    let amulet = place(&mut t, "bram", "amulet", "Hand", 1);
    let rope = place(&mut t, "bram", "rope", "Hand", 2);
    let e = t
        .run(
            &referee(),
            json!({"rules": {"set_magic_item": {"creature": "bram", "item": rope}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-ID-01"));
    t.referee_rules(
        json!({"set_magic_item": {"creature": "bram", "item": amulet,
            "properties": ["wards off ghosts", "cursed"]}}),
        &[],
    );
    // Bob sees that it is magic, not what it does.
    let view = t.table.view(&Viewer::Player("bob".into()));
    let mine = view["rules"]["magic"]["items"][amulet.to_string()].clone();
    assert_eq!(mine["magic"], json!(true));
    assert_eq!(mine["properties"], Value::Null);
    assert!(!view.to_string().contains("wards off ghosts"));
    let log = project_log(&t.log, &Viewer::Player("bob".into()));
    let log = serde_json::to_string(&log).unwrap();
    assert!(log.contains("magic_item_sensed"), "players sense the magic");
    assert!(!log.contains("wards off ghosts"), "but not its properties");
    // The test: 5 + 4 + 2 = 11 → tier 1: the Referee decides the harm (CR-REF-35).
    let test = json!({"rules": {"identify_test": {"creature": "bram", "item": amulet}}});
    t.ok(&player("bob"), test.clone(), &[5, 4]);
    let d = t.decision("crows.magic.harmful_activation");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    // A repeat waits for changed circumstances (CR-RETRY-01, CR-ERR-75).
    let e = t.run(&player("bob"), test.clone(), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-RETRY-01"));
    t.referee_rules(
        json!({"circumstances_changed": {"creature": "bram", "task": format!("identify item {amulet}")}}),
        &[],
    );
    t.ok(&player("bob"), test, &[9, 8]);
    let view = t.table.view(&Viewer::Player("bob".into()));
    assert_eq!(
        view["rules"]["magic"]["items"][amulet.to_string()]["properties"],
        json!(["wards off ghosts", "cursed"])
    );
    let alice = t.table.view(&Viewer::Player("alice".into()));
    assert!(!alice.to_string().contains("wards off ghosts"));
    // Vera: the rest activity (learned only when the rest is finished) and the NPC.
    t.referee_rules(
        json!({"move_items": {"creature": "bram", "moves": [], "drops": []}}),
        &[],
    );
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"identify_rest": {"creature": "vera", "item": amulet}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-RACT-05"));
    t.referee_rules(
        json!({"npc_reveals": {"creature": "vera", "item": amulet, "npc": "alchemist",
            "properties": ["cursed"]}}),
        &[],
    );
    let events: Vec<Value> = rules_events(&t.log, "identified");
    assert_eq!(events.last().unwrap()["complete"], json!(false));
    // Bram learns it by resting too (a second way, CR-RACT-05).
    t.ok(&referee(), json!({"clock": "start_rest"}), &[]);
    t.ok(
        &player("bob"),
        json!({"rules": {"identify_rest": {"creature": "bram", "item": amulet}}}),
        &[],
    );
    assert_eq!(rules_events(&t.log, "identified").len(), 2);
    t.ok(
        &referee(),
        json!({"clock": {"end_rest": {"completed": true}}}),
        &[],
    );
    assert_eq!(rules_events(&t.log, "identified").len(), 3);
    t.assert_replays();
}

#[test]
// Covers CR-ERR-64, CR-EXP-06, CR-SPELL-03.
fn cr_err_64_discipline_expertise_at_the_commit_point_avoids_the_chaos_roll() {
    let mut t = table();
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "expertises": {"elemental": 1}}}),
        &[],
    );
    let book = place(&mut t, "bram", "ember", "Hand", 1);
    // 3 + 4 + 2 = 9: tier 1 before the commit point; nothing else rolls yet.
    let events = t.ok(&player("bob"), cast(book), &[3, 4]);
    assert_eq!(rolled_count(&events), 2);
    let d = t.decision("crows.expertise");
    assert!(
        d.options.iter().any(|o| o.id == "elemental"),
        "{:?}",
        d.options
    );
    // Spent: tier 2 is the final tier, so no chaos die; the two book dice roll.
    let mut roller = ScriptedRoller::totals([5, 6]);
    let prepared = t
        .table
        .prepare_json(
            &player("bob"),
            &json!({"answer": {"decision": d.id, "option": "elemental"}}),
            1000,
            &mut roller,
        )
        .unwrap();
    assert_eq!(roller.remaining(), 0);
    let events = prepared.events.clone();
    t.table.commit(prepared).unwrap();
    t.log.extend(events.iter().cloned());
    let r = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(r["report"]["chaos_face"], Value::Null);
    assert_eq!(r["report"]["effect"], json!({"spell": {"tier": 2}}));
    assert_eq!(r["outcome"]["text"]["damage"], json!("1d6"));
    t.assert_replays();
}

#[test]
// Covers CR-BL-04, CR-BL-05, CR-BL-37, CR-SPELL-18.
fn cr_bl_04_triggers_fire_with_their_stacks() {
    let mut t = table();
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    backlash_at(&mut t, 8, "", &[]);
    backlash_at(&mut t, 8, "", &[]);
    let trigger = json!({"rules": {"backlash_trigger": {"creature": "bram", "row": 4,
        "near": ["vera"]}}});
    // A 7 on the speaking d10: nothing.
    let e = t.ok(&referee(), trigger.clone(), &[7]);
    assert_eq!(rolled_count(&e), 1);
    // A 10: the thunderclap, now 2d6 (stacked) on Vera.
    t.ok(&referee(), trigger, &[10, 1, 1]);
    assert_eq!(t.creature("vera")["stamina"], json!(1));
    // Row 5 (hot temper) and the end of the turn: the Referee says Bram harmed nobody.
    backlash_at(&mut t, 10, "", &[]);
    t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[]);
    let d = t.decision("crows.magic.hot_temper");
    let mut roller = ScriptedRoller::totals([3]);
    let p = t
        .table
        .prepare_json(
            &referee(),
            &json!({"answer": {"decision": d.id, "option": "not_harmed"}}),
            1000,
            &mut roller,
        )
        .unwrap();
    t.table.commit(p).unwrap();
    assert_eq!(t.creature("bram")["stamina"], json!(2), "1d6 piercing: 3");
    // A trigger for a row that does not run is refused, naming the row.
    let e = t
        .run(
            &referee(),
            json!({"rules": {"backlash_trigger": {"creature": "bram", "row": 22}}}),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-BL-22"));
    // Slugs: at the start of Bram's combat turn a die; odd: he vomits.
    backlash_at(&mut t, 74, "", &[]);
    let e = t.ok(
        &referee(),
        json!({"clock": {"start_combat": {"order": ["bram"]}}}),
        &[3],
    );
    let called = rules_events(&e, "called");
    assert_eq!(called[0]["option"], json!("vomits_slugs"));
}

#[test]
// Covers CR-BL-10, CR-BL-17, CR-BL-53, CR-REF-01.
fn cr_bl_10_referee_calls_move_items() {
    let mut t = table();
    place(&mut t, "bram", "rope", "Hand", 2);
    backlash_at(&mut t, 20, "", &[]);
    let d = t.decision("crows.magic.backlash_call");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    t.answer(&referee(), &d.id, "hand_2", None).unwrap();
    assert!(t.state()["ground"].to_string().contains("Rope"));
    // 33–34: the drawn item goes to the creature the Referee names.
    let mut t = table();
    let rope = place(&mut t, "bram", "rope", "Backpack", 1);
    backlash_at(&mut t, 34, "", &[4, 1]);
    let d = t.decision("crows.magic.backlash_call");
    assert_eq!(d.context["item"], json!(rope));
    t.answer(&referee(), &d.id, "give", Some("vera")).unwrap();
    assert!(t.creature("vera")["inventory"].to_string().contains("Rope"));
    assert!(!t.creature("bram")["inventory"].to_string().contains("Rope"));
    // 103: a hand becomes a weapon for ever.
    let mut t = table();
    backlash_at(&mut t, 103, "", &[]);
    let d = t.decision("crows.magic.backlash_call");
    t.answer(&referee(), &d.id, "weapon", Some("Hand axe"))
        .unwrap();
    assert!(
        t.creature("bram")["inventory"]
            .to_string()
            .contains("Hand axe (hand)")
    );
    t.assert_replays();
}

fn candidate(id: &str, distance: u32, loe: bool) -> Value {
    json!({"id": id, "is_creature": true, "is_caster": false, "attended_by_other": false,
           "friendly": false, "distance": distance, "line_of_effect": loe})
}

#[test]
// Covers CR-SPELL-05, CR-SPELL-06, CR-SPELL-07, CR-SPELL-08, CR-ATK-07, CR-REF-28.
fn cr_spell_05_targets_range_and_areas_are_checked_before_rolling() {
    let mut t = table();
    let book = place(&mut t, "bram", "ward", "Hand", 1);
    let aim =
        |aim: Value| json!({"rules": {"cast": {"creature": "bram", "item": book, "aim": aim}}});
    let line = json!({"count": {"number": 1}, "kind": "enemy"});
    let before = t.table.state_json();
    // Two targets on a one-target line; the same creature twice.
    let e = t
        .run(
            &player("bob"),
            aim(json!({"line": line, "range": 6,
            "chosen": [candidate("a", 1, true), candidate("b", 1, true)]})),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-05"));
    // Out of range: refused, never a penalty as for attacks (CR-ATK-07).
    let e = t
        .run(
            &player("bob"),
            aim(json!({"line": line, "range": 6,
            "chosen": [candidate("a", 7, true)]})),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-06"));
    // No line of effect.
    let e = t
        .run(
            &player("bob"),
            aim(json!({"line": line, "range": 6,
            "chosen": [candidate("a", 2, false)]})),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-06"));
    // An "All" line cannot leave out an eligible enemy (friendliness is the Referee's word,
    // CR-REF-28: a friendly candidate is not an enemy).
    let all = json!({"count": "all", "kind": "enemy"});
    let mut friend = candidate("f", 1, true);
    friend["friendly"] = json!(true);
    let e = t
        .run(
            &player("bob"),
            aim(json!({"line": all, "range": 6,
            "chosen": [candidate("a", 1, true)],
            "eligible": [candidate("a", 1, true), candidate("b", 2, true), friend.clone()]})),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-05"));
    // An area's origin square out of range (CR-SPELL-07).
    let e = t
        .run(
            &player("bob"),
            aim(json!({"range": 6, "area": {"cube": 2},
            "origin": {"distance": 8, "line_of_effect": true}})),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-06"));
    assert_eq!(t.table.state_json(), before, "refusals change nothing");
    // An aura spell: accepted, and the spell in effect follows its caster (CR-SPELL-08).
    t.ok(
        &player("bob"),
        aim(
            json!({"line": all, "range": 6, "chosen": [candidate("a", 1, true)],
            "eligible": [candidate("a", 1, true), friend], "area": {"aura": 2}}),
        ),
        &[9, 9, 4],
    );
    let s = &t.state()["magic"]["spells"][0];
    assert_eq!(s["area"], json!({"aura": 2}));
    assert_eq!(s["follows_caster"], json!(true));
}

#[test]
// Covers CR-REF-14, CR-CORE-06.
fn cr_ref_14_an_attended_object_is_a_spells_target_only_by_the_referees_ruling() {
    let mut t = table();
    let book = place(&mut t, "bram", "ward", "Hand", 1);
    let cast_at = |held: bool| {
        json!({"rules": {"cast": {"creature": "bram", "item": book, "aim": {
            "line": {"count": {"number": 1}, "kind": "object"}, "range": 6,
            "chosen": [{"id": "lantern", "is_creature": false, "is_caster": false,
                "attended_by_other": held, "friendly": false, "distance": 2,
                "line_of_effect": true}]}}}})
    };
    // The book: an object rule takes unattended objects only (CR-CORE-06).
    let before = t.table.state_json();
    let e = t.run(&player("bob"), cast_at(true), &[]).unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-SPELL-05"));
    assert_eq!(t.table.state_json(), before, "refused before any roll");
    // Only the Referee rules otherwise (a house rule, CR-CORE-02).
    let change = json!({"rules": {"set_house_rules": {"options": {
        "object_rules_affect_attended": true}}}});
    assert!(t.run(&player("bob"), change.clone(), &[]).is_err());
    t.ok(&referee(), change, &[]);
    t.ok(&player("bob"), cast_at(true), &[9, 9, 4]);
    assert_eq!(
        t.state()["options"]["object_rules_affect_attended"],
        json!(true)
    );
    t.assert_replays();
}

#[test]
// Covers CR-LIGHT-08, CR-BL-42.
fn cr_light_08_light_sensitive_eyes_see_bright_light_as_darkness() {
    let mut t = table();
    let look = json!({"test": {"creature": "bram", "characteristic": "mind",
        "perception": true}});
    // In bright light a test to make out details has no light modifier.
    t.referee_rules(look.clone(), &[5, 5]);
    let spec = t.state()["last_tests"]["bram"]["spec"].to_string();
    assert!(!spec.contains("CR-LIGHT-05"), "{spec}");
    // Backlash 83–84: the same bright light is darkness to Bram (a double bane).
    backlash_at(&mut t, 83, "", &[]);
    t.referee_rules(look, &[5, 5]);
    let spec = t.state()["last_tests"]["bram"]["spec"].to_string();
    assert!(spec.contains("CR-LIGHT-05"), "{spec}");
}

#[test]
// Covers CR-LIGHT-08, CR-LIGHT-02.
fn cr_light_08_the_grid_view_shows_bright_squares_dark_to_light_sensitive_eyes() {
    let mut t = table();
    t.referee_rules(
        json!({"place": {"creature": "bram", "at": {"x": 1, "y": 1}, "side": "crows"}}),
        &[],
    );
    let combat =
        |t: &T, who: &str| t.table.view(&Viewer::Player(who.into()))["rules"]["combat"].clone();
    // Under the sun: every drawn square bright, no light map for anyone.
    assert!(combat(&t, "bob").get("light").is_none());
    backlash_at(&mut t, 83, "", &[]);
    // Backlash 83–84: to Bob (Bram's eyes) the same squares are darkness; Alice (Vera)
    // and the Referee still see them bright.
    let bob = combat(&t, "bob");
    let rows = bob["light"]["rows"]
        .as_array()
        .expect("a light map for Bob");
    assert_eq!(rows.len(), 7, "{bob}");
    assert!(rows.iter().all(|r| r == "----------"), "{bob}");
    assert!(combat(&t, "alice").get("light").is_none());
    let referee = t.table.view(&Viewer::Referee)["rules"]["combat"].clone();
    assert!(referee.get("light").is_none(), "{referee}");
}

#[test]
// Covers CR-BL-20, CR-MOD-01.
fn cr_bl_20_the_gas_bane_weighs_on_the_casting_test() {
    let mut t = table();
    backlash_at(&mut t, 40, "", &[]);
    let book = place(&mut t, "bram", "ember", "Hand", 2);
    // 6 + 6 + 2 − 2 (bane) = 12: tier 2, so no chaos die; the two book dice roll.
    let events = t.ok(&player("bob"), cast(book), &[6, 6, 4, 4]);
    let r = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(r["report"]["effect"], json!({"spell": {"tier": 2}}));
    let spec = t.state()["last_tests"]["bram"]["spec"].to_string();
    assert!(spec.contains("CR-BL-20"), "{spec}");
}

#[test]
// Covers CR-SPELL-18, CR-ERR-01: a backlash whose every fresh d100 lands on
// a row that says "roll another" ends, after MAX_BACKLASH_REROLLS rolls, in the Referee's
// pick among the rows that apply — never in a refusal of the casting the faces decided.
fn cr_spell_18_endless_roll_another_goes_to_the_referee_not_a_refusal() {
    let mut t = table();
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    // 39–40 gas, running: it says "roll another" while it lasts.
    backlash_at(&mut t, 40, "", &[]);
    let cap = crows::ruleset::magic::MAX_BACKLASH_REROLLS;
    let events = backlash_at(&mut t, 40, "", &vec![39; cap - 1]);
    assert_eq!(rules_events(&events, "backlash_rolled").len(), cap);
    let d = t.decision("crows.magic.backlash_overlap");
    let ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert!(!ids.contains(&"row_20"), "{ids:?}");
    assert!(ids.contains(&"row_7"), "{ids:?}");
    assert_eq!(d.visibility, engine::Visibility::Referee);
    let applied = t.answer(&referee(), &d.id, "row_7", None).unwrap();
    assert_eq!(
        rules_events(&applied, "backlash_applied")[0]["row"],
        json!(7)
    );
    t.assert_replays();
}

#[test]
// Covers CR-SPELL-15, CR-SPELL-11, CR-SPELL-14: a casting is accepted or
// refused before its first die, whatever the test, chaos, book and backlash dice show.
fn cr_spell_15_no_casting_refusal_depends_on_the_faces() {
    let mut t = table();
    let book = place(&mut t, "bram", "ember", "Hand", 1);
    let stored = place(&mut t, "bram", "doom", "Backpack", 1);
    let rope = place(&mut t, "bram", "rope", "Hand", 2);
    assert_eq!(face_free_answer(&t, &player("bob"), &cast(book)), None);
    for refused in [cast(stored), cast(rope)] {
        assert!(face_free_answer(&t, &player("bob"), &refused).is_some());
    }
    // With a backlash running that rolls another on a repeat, still nothing but the Referee.
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    backlash_at(&mut t, 40, "", &[]);
    // (backlash_at dropped what Bram held and put its own book in hand 1.)
    let book = place(&mut t, "bram", "ember", "Hand", 2);
    assert_eq!(face_free_answer(&t, &player("bob"), &cast(book)), None);
}
