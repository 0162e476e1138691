//! Magic errata played through the engine: backlash rows (the buried caster, the quicksand,
//! the frog, the 99–100 tier-1 doom) and crafting's expertises.

use std::collections::VecDeque;

use super::common::*;

const PACK: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": {"id": "errata-magic", "name": "Errata magic", "sample": true, "notes": "test values"},
  "items": [
    {"id": "ember", "name": "Ember book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 2, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Ember", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "duration": "instant",
       "tiers": {"tier_1": {"effect": "fizzle"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "2d6"}}}},
    {"id": "rope", "name": "Rope", "sample": true, "slots": 1},
    {"id": "alchemists-tools", "name": "Alchemist's tools", "sample": true, "slots": 1},
    {"id": "herb", "name": "Herb", "sample": true, "slots": 1},
    {"id": "amulet", "name": "Odd amulet", "sample": true, "slots": 1, "magic": true}
  ]
}"#;

/// Alice's Vera and Bob's Bram (Mind 2) with the pack loaded.
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

/// Dice in order, then 2s: for set-ups whose later dice do not matter.
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

/// Bram casts a doomed Ember (rank 1) whose backlash total is `total`; area questions are
/// answered with nobody near, resistance rolls committed as rolled.
fn backlash_at(t: &mut T, total: u8) -> Vec<Envelope> {
    let book = place(t, "bram", "ember", "Hand", 1);
    let mut events = run_lenient(
        t,
        &player("bob"),
        cast(book),
        &[1, 1, 4, 4, i64::from(total) - 1],
    );
    let open: Vec<engine::Decision> = t.table.core().decisions.clone();
    for d in open {
        let answer = match d.kind.as_str() {
            "crows.magic.backlash_area" => {
                json!({"answer": {"decision": d.id, "option": "apply", "text": ""}})
            }
            "crows.expertise" => json!({"answer": {"decision": d.id, "option": "commit"}}),
            _ => continue,
        };
        events.extend(run_lenient(t, &referee(), answer, &[]));
    }
    events
}

fn grabbed_by(t: &T, who: &str) -> String {
    t.creature(who)["conditions"].to_string()
}

#[test]
fn cr_err_69_the_quicksand_lasts_until_the_end_of_the_dungeon_turn() {
    let mut t = table();
    let ev = backlash_at(&mut t, 63);
    assert_eq!(rules_events(&ev, "backlash_applied")[0]["row"], 32);
    let running = t.state()["magic"]["backlashes"]["bram"].to_string();
    assert!(running.contains("\"id\":32"), "{running}");
    assert!(
        grabbed_by(&t, "bram").contains("backlash 32"),
        "tier 1: held"
    );
    // Outside a dungeon two hours are one turn end: the quicksand goes, and its grab with it.
    run_lenient(
        &mut t,
        &referee(),
        json!({"rules": {"pass_time": {"minutes": 120}}}),
        &[],
    );
    let running = t.state()["magic"]["backlashes"]["bram"].to_string();
    assert!(!running.contains("\"id\":32"), "{running}");
    assert!(!grabbed_by(&t, "bram").contains("backlash 32"));
}

#[test]
fn cr_err_71_a_frogs_items_fall_and_any_wound_kills() {
    let mut t = table();
    place(&mut t, "bram", "rope", "Backpack", 2);
    backlash_at(&mut t, 78);
    let bram = t.creature("bram");
    assert_eq!(bram["size"], "tiny");
    assert!(
        t.state()["ground"].to_string().contains("Rope"),
        "items fall"
    );
    assert!(!bram["inventory"].to_string().contains("Rope"));
    // A frog has no slot for a wound: the first wound kills.
    t.referee_rules(json!({"damage": {"creature": "bram", "amount": 3}}), &[]);
    assert_eq!(t.creature("bram")["alive"], false);
}

#[test]
fn cr_err_77_under_99_100_a_tier_1_casting_is_a_doom_and_backlashes() {
    let mut t = table();
    backlash_at(&mut t, 100);
    let book = place(&mut t, "bram", "ember", "Hand", 2);
    // 3 + 3 + Mind 2 = 8: tier 1, counted as a doom: the book's dice, then the backlash d100
    // (9: total 10), and no chaos d6.
    let events = run_lenient(&mut t, &player("bob"), cast(book), &[3, 3, 4, 4, 9]);
    let r = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(r["report"]["counted_doom"], json!(true), "{r}");
    assert_eq!(r["report"]["chaos_face"], Value::Null);
    assert_eq!(rules_events(&events, "backlash_rolled").len(), 1);
}

#[test]
fn cr_err_73_each_crafting_expertise_adds_four_and_spends_a_use() {
    let mut t = table();
    t.referee_rules(
        json!({"edit_creature": {"id": "bram", "expertises": {"alchemy": 2, "enchanting": 1}}}),
        &[],
    );
    place(&mut t, "bram", "alchemists-tools", "Backpack", 1);
    place(&mut t, "bram", "herb", "Backpack", 2);
    let recipe = json!({"item": "Bomb", "expertise": "alchemy", "uses_required": 1,
        "materials": {"herb": 1}, "goal": 100});
    t.ok(
        &player("bob"),
        json!({"rules": {"start_craft": {"creature": "bram", "recipe": recipe}}}),
        &[],
    );
    t.referee_rules(json!({"enter_town": {}}), &[]);
    // 5 + 4 + Mind 2 + 4 + 4 (two expertises) + 4 (double edge) = 23.
    let events = t.ok(
        &referee(),
        json!({"rules": {"craft": {"creature": "bram", "project": 1, "town": true,
            "expertises": ["alchemy", "enchanting"], "edges": 2}}}),
        &[5, 4],
    );
    let rolls = rules_events(&events, "craft_rolled");
    assert_eq!(rolls[0]["roll"]["points"], json!(23), "{rolls:?}");
    let uses = &t.creature("bram")["expertises"]["uses"];
    assert_eq!(uses["alchemy"]["left"], json!(1));
    assert_eq!(uses["enchanting"]["left"], json!(0));
}

#[test]
fn cr_ref_35_a_tier_1_identification_asks_the_referee_for_the_harm() {
    let mut t = table();
    let amulet = place(&mut t, "bram", "amulet", "Hand", 1);
    t.referee_rules(
        json!({"set_magic_item": {"creature": "bram", "item": amulet,
            "properties": ["wards off ghosts"]}}),
        &[],
    );
    // 5 + 4 + Mind 2 = 11: tier 1.
    t.ok(
        &player("bob"),
        json!({"rules": {"identify_test": {"creature": "bram", "item": amulet}}}),
        &[5, 4],
    );
    let d = t.decision("crows.magic.harmful_activation");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    // What a knowledgeable NPC reveals is the Referee's command, not a player's.
    let reveal = json!({"rules": {"npc_reveals": {"creature": "bram", "item": amulet,
        "npc": "alchemist", "properties": ["wards off ghosts"]}}});
    let e = t.run(&player("bob"), reveal.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&referee(), reveal, &[]);
    assert_eq!(rules_events(&t.log, "identified").len(), 1);
}

#[test]
fn cr_ref_43_a_rows_own_choice_waits_for_the_referee() {
    // 71–72: the misdirected spell; beneficial or harmful is the Referee's call.
    let mut t = table();
    backlash_at(&mut t, 72);
    let d = t.decision("crows.magic.backlash_call");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    let ids: Vec<&str> = d.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["beneficial", "harmful"]);
    // Bob cannot answer it (to him it does not even exist); it stays open.
    let e = t.run(
        &player("bob"),
        json!({"answer": {"decision": d.id, "option": "harmful"}}),
        &[],
    );
    assert!(e.is_err());
    assert_eq!(t.decision("crows.magic.backlash_call").id, d.id);
    // The Referee answers (tier 2 on the caster); whatever it rolls is the spell's.
    run_lenient(
        &mut t,
        &referee(),
        json!({"answer": {"decision": d.id, "option": "harmful", "text": "2"}}),
        &[],
    );
    assert!(
        t.table.core().decisions.iter().all(|x| x.id != d.id),
        "answered"
    );
}

#[test]
fn cr_ref_42_the_backlash_roll_is_public_and_a_repeat_rolls_another() {
    let mut t = table();
    t.ok(&referee(), json!({"clock": {"start_exploration": {}}}), &[]);
    // 39–40 gas (1 UD), then 39–40 again while it runs: another row is rolled (12 + 1 = 13).
    backlash_at(&mut t, 40);
    let book = place(&mut t, "bram", "ember", "Hand", 2);
    let events = run_lenient(&mut t, &player("bob"), cast(book), &[1, 1, 4, 4, 39, 12]);
    let rolled = rules_events(&events, "backlash_rolled");
    assert_eq!(rolled.len(), 2, "{rolled:?}");
    assert_eq!(rolled[0]["result"]["roll_another"], json!(20));
    // Every d100 is an open roll the players see.
    let bob = serde_json::to_string(&project_log(&t.log, &Viewer::Player("bob".into()))).unwrap();
    assert!(
        bob.contains("backlash_rolled"),
        "the players see the backlash roll"
    );
}

#[test]
fn cr_err_04_the_buried_caster_is_held_by_the_earth_until_freed() {
    let mut t = table();
    backlash_at(&mut t, 70);
    assert!(
        grabbed_by(&t, "bram").contains("backlash 35"),
        "the earth is the grabber: {}",
        grabbed_by(&t, "bram")
    );
    // Another creature's action frees it: the Referee ends the row (`end_backlash`).
    let free = json!({"rules": {"end_backlash": {"creature": "bram", "row": 35}}});
    let e = t.run(&player("bob"), free.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&referee(), free, &[]);
    assert!(
        !grabbed_by(&t, "bram").contains("grabbed"),
        "{}",
        grabbed_by(&t, "bram")
    );
    t.assert_replays();
}
