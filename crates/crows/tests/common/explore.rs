//! Looks and set-ups the exploration, rest and travel engine tests share.

use super::*;
use engine::{FakeClock, WallClock};

/// Alice's view.
pub fn alice() -> Viewer {
    Viewer::Player("alice".into())
}

/// Runs a command at the fake clock's time.
pub fn run_at(
    t: &mut T,
    clock: &FakeClock,
    actor: &Actor,
    cmd: Value,
    dice: &[i64],
) -> Result<Vec<Envelope>, EngineError> {
    let mut roller = ScriptedRoller::totals(dice.iter().copied());
    let prepared = t
        .table
        .prepare_json(actor, &cmd, clock.now_ms(), &mut roller)?;
    assert_eq!(roller.remaining(), 0, "unused dice for {cmd}");
    let events = prepared.events.clone();
    t.table.commit(prepared)?;
    t.log.extend(events.iter().cloned());
    Ok(events)
}

/// Runs a ruleset command that must be refused; returns the rule named, if any.
pub fn refused(t: &mut T, actor: &Actor, cmd: Value, dice: &[i64]) -> Option<String> {
    rule_of(t.run(actor, json!({ "rules": cmd }), dice).unwrap_err()).1
}

/// Runs a ruleset command that must be refused with the state unchanged; returns the rule
/// named (there must be one).
pub fn refused_rule(t: &mut T, actor: &Actor, cmd: Value, dice: &[i64]) -> String {
    let before = t.table.state_json();
    let e = t.run(actor, json!({ "rules": cmd }), dice).unwrap_err();
    assert_eq!(t.table.state_json(), before, "a refusal changes nothing");
    let (msg, rule) = rule_of(e);
    rule.unwrap_or_else(|| panic!("no rule named: {msg}"))
}

/// The exploration part of the state as `viewer` sees it.
pub fn explore_view(t: &T, viewer: &Viewer) -> Value {
    t.table.view(viewer)["rules"]["explore"].clone()
}

/// The log as `viewer` sees it, as JSON text.
pub fn log_of(t: &T, viewer: &Viewer) -> String {
    serde_json::to_string(&project_log(&t.log, viewer)).unwrap()
}

/// The number of the current dungeon turn.
pub fn turn(t: &T) -> u64 {
    t.table
        .core()
        .clock
        .exploration
        .as_ref()
        .unwrap()
        .turn
        .into()
}

/// How many wounds `id` carries.
pub fn wounds(t: &T, id: &str) -> usize {
    t.creature(id)["inventory"]["wounds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| !w.is_null())
        .count()
}

/// Damage that leaves `id` at 0 Stamina with wounds in these backpack slots.
pub fn wound(t: &mut T, id: &str, amount: u16, slots: &[u8]) {
    t.referee_rules(
        json!({"damage": {"creature": id, "amount": amount, "piercing": true}}),
        &[],
    );
    for s in slots {
        let d = t.decision_for("crows.wound_slot", id);
        t.answer(&referee(), &d.id, &format!("slot_{s}"), None)
            .unwrap();
    }
}

/// Puts a ration in each of these backpack slots of `id`.
pub fn give_rations(t: &mut T, id: &str, slots: impl IntoIterator<Item = u8>) {
    for slot in slots {
        t.referee_rules(
            json!({"place_item": {"creature": id, "card": "ration",
                "slots": [{"kind": "Backpack", "number": slot}]}}),
            &[],
        );
    }
}

/// How many rations `id` carries.
pub fn rations(t: &T, id: &str) -> usize {
    t.creature(id)["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["item"]["card"] == "ration")
        .count()
}

/// The travel part of the state.
pub fn travel(t: &T) -> Value {
    t.state()["travel"].clone()
}

/// Everyone resting with the group sleeps the 4 hours a rest needs (CR-REST-01).
pub fn sleep_party(t: &mut T) {
    let party = explore_view(t, &Viewer::Referee)["rest"]["party"].clone();
    t.referee_rules(json!({"rest_sleep": {"creatures": party}}), &[]);
}

/// Ends the travel day.
pub fn end_day(t: &mut T) {
    t.referee_rules(json!({"end_travel_day": {}}), &[]);
}

/// The ruleset events among `events`, as JSON.
pub fn all_rules_events(events: &[Envelope]) -> Vec<Value> {
    events
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::Rules { event } => Some(event.clone()),
            _ => None,
        })
        .collect()
}

/// The bodies of the events called `name` among these ruleset events.
pub fn named<'a>(events: &'a [Value], name: &str) -> Vec<&'a Value> {
    events.iter().filter_map(|e| e.get(name)).collect()
}

/// Loads the sample items pack.
pub fn items_json(t: &mut T) {
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
}

/// The first item called `name` that `who` carries.
pub fn item_named(t: &T, who: &str, name: &str) -> Value {
    t.creature(who)["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["item"]["name"] == name)
        .unwrap_or_else(|| panic!("{who} carries no {name}"))["item"]
        .clone()
}

/// The ids of the rations `who` carries.
pub fn ration_ids(t: &T, who: &str) -> Vec<Value> {
    t.creature(who)["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["item"]["card"] == "ration")
        .map(|i| i["item"]["id"].clone())
        .collect()
}

/// The Miasma roll after a rest in it: tier 2 for both (nothing happens).
pub const MIASMA_TIER_2: [i64; 4] = [6, 7, 6, 6];

/// Vera and Bram travel, in the Miasma at (0, 0); after one rest in the open Vera is Ravenous
/// (tier 1 for her: a cruelty level and d10 2 + 1 = 3). The day is over.
pub fn ravenous_vera() -> T {
    let mut t = party();
    items_json(&mut t);
    t.referee_rules(
        json!({"set_hexes": {"hexes": [{"q": 0, "r": 0, "terrain": "plains"}]}}),
        &[],
    );
    t.referee_rules(json!({"set_party": {"members": ["vera", "bram"]}}), &[]);
    t.referee_rules(json!({"place_party": {"q": 0, "r": 0}}), &[]);
    t.referee_rules(json!({"begin_travel_day": {"pace": "normal"}}), &[]);
    t.referee_rules(json!({"travel_role_tests": {}}), &[]);
    t.referee_rules(json!({"travel_rest": {}}), &[1]);
    sleep_party(&mut t);
    give_rations(&mut t, "vera", [1]);
    give_rations(&mut t, "bram", [1]);
    let meals = json!({"vera": ration_ids(&t, "vera"), "bram": ration_ids(&t, "bram")});
    t.referee_rules(
        json!({"travel_rest_end": {"meals": meals}}),
        &[3, 3, 6, 6, 2],
    );
    assert_eq!(
        t.state()["travel"]["miasma"]["vera"]["rows"],
        json!(["ravenous"])
    );
    end_day(&mut t);
    t
}
