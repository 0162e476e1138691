//! What a death ends (CR-DMG-15): the grabs it held or was held in, the effects it
//! maintained, and its gear moves to the corpse — driven through the engine.

use crate::common::*;

#[test]
// Covers CR-DMG-15, CR-COND-04, CR-CORE-05, CR-UD-03.
fn cr_dmg_15_death_ends_grabs_and_maintained_effects_and_moves_the_gear() {
    let mut t = party();
    goblin(&mut t);
    // The goblin holds Vera; Bram holds the goblin; the goblin keeps a curse on Bram, and
    // Vera keeps a blessing-like effect of her own on Bram.
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "grabbed",
            "grabbed_by": "goblin", "range": 1}}),
        &[],
    );
    t.referee_rules(
        json!({"add_condition": {"creature": "goblin", "condition": "grabbed",
            "grabbed_by": "bram", "range": 1}}),
        &[],
    );
    t.referee_rules(
        json!({"add_maintained_effect": {"creature": "bram", "effect": "Goblin curse",
            "dice": 2, "source": "goblin"}}),
        &[],
    );
    t.referee_rules(
        json!({"add_maintained_effect": {"creature": "bram", "effect": "Vera's ward",
            "dice": 2, "source": "vera"}}),
        &[],
    );
    assert_eq!(t.creature("bram")["effects"].as_array().unwrap().len(), 2);

    // A maintained effect needs a living source.
    let e = t.run(
        &referee(),
        json!({"rules": {"add_maintained_effect": {"creature": "bram", "effect": "x",
            "dice": 1, "source": "nobody"}}}),
        &[],
    );
    assert!(e.is_err());

    t.referee_rules(json!({"damage": {"creature": "goblin", "amount": 5}}), &[]);
    let goblin = t.creature("goblin");
    assert_eq!(goblin["alive"], false);
    // Vera is free; the goblin's own grab (it is an object now) is gone too.
    assert!(
        t.creature("vera")["conditions"]["active"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert!(
        goblin["conditions"]["active"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    // Only the effect the goblin maintained ended.
    let effects = t.creature("bram")["effects"].clone();
    assert_eq!(effects.as_array().unwrap().len(), 1);
    assert_eq!(effects[0]["effect"], "Vera's ward");
    // The knife is on the corpse, no longer on the dead creature's record.
    assert!(goblin["inventory"]["items"].as_array().unwrap().is_empty());
    let view = t.table.view(&Viewer::Referee);
    assert_eq!(view["rules"]["creatures"]["goblin"]["items"], json!([]));
    assert_eq!(
        view["rules"]["corpses"]["goblin"]["gear"],
        json!(["Rusty knife"])
    );
    t.assert_replays();
}

#[test]
// Covers CR-DMG-15, CR-COND-04, CR-REF-15.
fn cr_dmg_15_a_kill_ruled_by_the_referee_frees_the_grabbed_too() {
    let mut t = party();
    goblin(&mut t);
    t.referee_rules(
        json!({"add_condition": {"creature": "bram", "condition": "grabbed",
            "grabbed_by": "goblin", "range": 1}}),
        &[],
    );
    // A player's blow brings it to 0: the Referee is asked about a knock-out (CR-REF-15).
    t.referee_rules(
        json!({"damage": {"creature": "goblin", "amount": 2, "by_player": true}}),
        &[],
    );
    let d = t.decision("crows.knock_out");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    assert_eq!(
        t.creature("bram")["conditions"]["active"][0]["kind"],
        "grabbed"
    );
    t.answer(&referee(), &d.id, "kill", None).unwrap();
    assert_eq!(t.creature("goblin")["alive"], false);
    assert!(
        t.creature("bram")["conditions"]["active"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    t.assert_replays();
}

#[test]
// Covers CR-DMG-15, CR-SPELL-09.
fn cr_dmg_15_engine_effects_naming_the_dead_as_source_end() {
    let mut t = party();
    goblin(&mut t);
    // Two running engine effects, as a family starts them: the goblin's hex on Bram (its
    // data names the goblin as the caster) and an unrelated one of Vera's.
    let last = t.log.last().unwrap().clone();
    let push = |t: &mut T, id: &str, data: Value| {
        let env = Envelope {
            seq: t.log.last().unwrap().seq + 1,
            batch: t.log.last().unwrap().seq + 1,
            at_ms: last.at_ms,
            actor: referee(),
            visibility: engine::Visibility::Public,
            masked: None,
            body: EventBody::EffectStarted {
                effect: engine::Effect {
                    id: id.into(),
                    kind: "spell".into(),
                    target: Some("bram".into()),
                    expiry: engine::Expiry::Never,
                    ticks: Vec::new(),
                    visibility: engine::Visibility::Public,
                    data,
                },
            },
        };
        t.table.apply(&env).unwrap();
        t.log.push(env);
    };
    push(&mut t, "hex", json!({"caster": "goblin"}));
    push(&mut t, "ward", json!({"source": "vera"}));
    assert_eq!(t.table.core().effects.len(), 2);
    t.referee_rules(json!({"damage": {"creature": "goblin", "amount": 5}}), &[]);
    let left: Vec<&str> = t
        .table
        .core()
        .effects
        .iter()
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(left, ["ward"]);
    t.assert_replays();
}
