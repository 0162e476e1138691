//! SRD 5.2 Counterspell: a `spell_cast` reaction spell with a `save` has the caster make the
//! saving throw against the stopper's spell save DC. A failure stops the spell, its action
//! wasted but its slot kept; a success lets it take effect.

use super::grid::decisions;
use super::*;

fn alice() -> Actor {
    Actor::Player("alice".into())
}

/// A hostile shaman (Wisdom 16, PB 2: spell save DC 13) with SRD Counterspell and one
/// 3rd-level slot at (6, 0); Vera (Con 14, proficient: +4) at (0, 0) on her turn.
fn fight(orders: &str) -> T {
    let mut t = party();
    let mut shaman = monster("shaman");
    shaman["abilities"]["wisdom"] = json!(16);
    shaman["proficiency_bonus"] = json!(2);
    shaman["spell_slots"] = json!([0, 0, 1]);
    shaman["reaction_spells"] = json!([{"name": "Counterspell", "level": 3, "trigger":
        {"spell_cast": {"range_ft": 60, "save": {"ability": "constitution", "spellcasting": "wisdom"}}}}]);
    t.dm(json!({"add_creature": {"creature": shaman}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "shaman", "bram"]}}),
        &[15, 10, 5],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "shaman", "bram"]}}),
        &[],
    );
    for (id, x, y) in [("vera", 0, 0), ("shaman", 6, 0), ("bram", -5, 0)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": y}}), &[]);
    }
    t.dm(
        json!({"standing_orders": {"creature": "shaman", "reaction_spells": orders}}),
        &[],
    );
    t
}

fn bless() -> Value {
    json!({"rules": {"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1,
        "casting_time": "action", "concentration": true}}})
}

fn blessed(t: &T) -> bool {
    t.creature("vera")["concentration"]
        .to_string()
        .contains("Bless")
}

/// The Referee answers the shaman's prompt with Counterspell; Vera's save uses `face`.
fn counter_with(t: &mut T, face: i64) -> Vec<Envelope> {
    t.ok(&alice(), bless(), &[]);
    let id = decisions(t, &Viewer::Referee, "counter_spell")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    t.ok(
        &referee(),
        json!({"answer": {"decision": id, "option": "cast:0"}}),
        &[face],
    )
}

#[test]
fn dd_mag_05_a_counterspell_failed_save_stops_the_spell_and_keeps_its_slot() {
    let mut t = fight("ask");
    // 5 + 4 = 9 < DC 13: Bless dissipates.
    let ev = counter_with(&mut t, 5);
    let save = rules_events(&ev, "test_rolled");
    assert_eq!(save[0]["creature"], json!("vera"));
    assert_eq!(save[0]["dc"], json!(13));
    assert_eq!(save[0]["success"], json!(false));
    let stopped = rules_events(&ev, "spell_stopped");
    assert_eq!(stopped[0]["slot_kept"], json!(1));
    assert!(!blessed(&t));
    // Her slot is not expended, her action is wasted; the shaman's slot and Reaction are spent.
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(0));
    assert_eq!(t.creature("vera")["turn"]["action_used"], json!(true));
    assert_eq!(t.creature("shaman")["slots"]["spent"][2], json!(1));
    assert_eq!(
        t.creature("shaman")["turn"]["reaction_available"],
        json!(false)
    );
    // No slot was spent this turn after all: a Bonus Action spell may still spend one.
    t.act(
        &alice(),
        json!({"cast_spell": {"creature": "vera", "spell": "Healing Word", "level": 1,
            "casting_time": "bonus_action"}}),
        &[],
    );
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(1));
    t.assert_replays();
}

#[test]
fn dd_mag_05_a_counterspell_made_save_lets_the_spell_take_effect_with_its_slot_spent() {
    let mut t = fight("ask");
    // 9 + 4 = 13 ≥ DC 13: Bless takes hold; the shaman spent its casting all the same.
    let ev = counter_with(&mut t, 9);
    assert_eq!(rules_events(&ev, "test_rolled")[0]["success"], json!(true));
    assert!(rules_events(&ev, "spell_stopped").is_empty());
    assert!(blessed(&t));
    assert_eq!(t.creature("vera")["slots"]["spent"][0], json!(1));
    assert_eq!(t.creature("shaman")["slots"]["spent"][2], json!(1));
    // By standing order (at once, in the casting's own command): the caster's dice roll the
    // save there; a success takes effect in that command.
    let mut t = fight("always");
    let ev = t.ok(&alice(), bless(), &[17]);
    assert_eq!(rules_events(&ev, "test_rolled")[0]["success"], json!(true));
    assert!(blessed(&t));
    let mut t = fight("always");
    let ev = t.ok(&alice(), bless(), &[2]);
    assert_eq!(rules_events(&ev, "spell_stopped")[0]["slot_kept"], json!(1));
    assert!(!blessed(&t));
    t.assert_replays();
}

#[test]
fn dd_mag_05_a_a_hidden_casters_counterspell_save_is_the_referees() {
    // Vera counters a hidden hexer the Referee put into the fight; its save stays his.
    let mut t = party();
    let mut vera_counter = character("vera2", 20);
    vera_counter["spell_slots"] = json!([0, 0, 1]);
    vera_counter["abilities"]["intelligence"] = json!(16);
    vera_counter["reaction_spells"] = json!([{"name": "Counterspell", "level": 3, "trigger":
        {"spell_cast": {"range_ft": 60, "save": {"ability": "constitution", "spellcasting": "intelligence"}}}}]);
    t.dm(
        json!({"add_creature": {"creature": vera_counter, "player": "alice"}}),
        &[],
    );
    let mut hexer = monster("hexer");
    hexer["spell_slots"] = json!([2]);
    t.dm(json!({"add_creature": {"creature": hexer}}), &[]);
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera2", "bram", "hexer"]}}),
        &[15, 5, 10],
    );
    t.dm(
        json!({"start_combat": {"combatants": ["vera2", "bram"]}}),
        &[],
    );
    t.clock(json!({"insert_combatant": {"who": "hexer", "place": "next"}}));
    for (id, x) in [("vera2", 0), ("hexer", 4), ("bram", -5)] {
        t.dm(json!({"place": {"creature": id, "x": x, "y": 0}}), &[]);
    }
    t.clock(json!("end_turn"));
    assert_eq!(t.table.core().clock.acting(), Some("hexer"));
    let before = t.log.len();
    t.dm(
        json!({"cast_spell": {"creature": "hexer", "spell": "Hex", "level": 1,
            "casting_time": "bonus_action"}}),
        &[],
    );
    let id = decisions(&t, &Viewer::Player("alice".into()), "counter_spell")[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let ev = t.ok(
        &alice(),
        json!({"answer": {"decision": id, "option": "cast:0"}}),
        &[3],
    );
    // DC 8 + 3 + 2 = 13; the goblin-like hexer's Con 10 save: 3 fails.
    assert_eq!(rules_events(&ev, "test_rolled")[0]["dc"], json!(13));
    assert_eq!(rules_events(&ev, "spell_stopped")[0]["slot_kept"], json!(1));
    assert_eq!(t.creature("hexer")["slots"]["spent"][0], json!(0));
    let alice_log = engine::project_log(&t.log[before..], &Viewer::Player("alice".into()));
    let seen = serde_json::to_string(&alice_log).unwrap();
    assert!(
        !seen.contains("test_rolled"),
        "the save is the Referee's: {seen}"
    );
    assert!(
        !seen.contains("\"rolled\""),
        "the save's die is the Referee's: {seen}"
    );
    assert!(!seen.contains("hexer"), "{seen}");
    t.assert_replays();
}
