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
