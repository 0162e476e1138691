//! Content overriding general rules (CR-CORE-03): exceptions carried by creature cards, by
//! items in use, and the Referee's ruling that beats both — driven through the engine.

use crate::common::*;

fn conditions(t: &T, id: &str) -> Value {
    t.creature(id)["conditions"]["active"].clone()
}

#[test]
// Covers CR-CORE-03, CR-COND-01, CR-EXT-05.
fn cr_core_03_a_creature_card_immune_to_a_condition_beats_the_general_rule() {
    let mut t = sample_party();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "spider", "card": "cave-spider"}}),
        &[],
    );
    let spider = t.creature("spider");
    assert!(
        spider["overrides"]
            .as_array()
            .unwrap()
            .contains(&json!({"rule": "immune_to_condition", "condition": "prone"}))
    );
    // The card's `sees_in_darkness` flag is the same exception.
    assert!(
        spider["overrides"]
            .as_array()
            .unwrap()
            .contains(&json!({"rule": "sees_in_darkness"}))
    );
    let before = t.table.state_json();
    let e = t
        .run(
            &referee(),
            json!({"rules": {"add_condition": {"creature": "spider", "condition": "prone"}}}),
            &[],
        )
        .unwrap_err();
    let (msg, rule) = rule_of(e);
    assert_eq!(rule.as_deref(), Some("CR-CORE-03"), "{msg}");
    assert!(msg.contains("immune"), "{msg}");
    assert_eq!(t.table.state_json(), before, "a refusal changes nothing");
    // The general rule still holds for what the card does not name.
    t.referee_rules(
        json!({"add_condition": {"creature": "spider", "condition": "weakened"}}),
        &[],
    );
    assert_eq!(conditions(&t, "spider").as_array().unwrap().len(), 1);
    // A crow without the exception is knocked prone as usual.
    t.referee_rules(
        json!({"add_condition": {"creature": "vera", "condition": "prone"}}),
        &[],
    );
    assert_eq!(conditions(&t, "vera")[0]["kind"], "prone");
    t.assert_replays();
}

#[test]
// Covers CR-CORE-03, CR-REF-01, CR-INV-06, CR-INV-10.
fn cr_core_03_an_item_in_use_grants_an_exception_and_the_referee_ruling_wins() {
    let mut t = sample_party();
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "ring-of-warmth",
            "slots": [{"kind": "Backpack", "number": 1}]}}),
        &[],
    );
    let grab = json!({"rules": {"add_condition": {"creature": "vera", "condition": "grabbed",
        "grabbed_by": "bram", "range": 1}}});
    // In the backpack the ring does nothing: an item works only in use (CR-INV-10).
    t.ok(&referee(), grab.clone(), &[]);
    t.referee_rules(
        json!({"remove_condition": {"creature": "vera", "condition": "grabbed"}}),
        &[],
    );
    let item = t.creature("vera")["inventory"]["items"][0]["item"]["id"].clone();
    t.ok(
        &player("alice"),
        json!({"rules": {"wear_magic_item": {"creature": "vera", "item": item,
            "slot": "Finger"}}}),
        &[],
    );
    // Worn in its slot, it makes Vera immune to being grabbed.
    let before = t.table.state_json();
    let (msg, rule) = rule_of(t.run(&referee(), grab.clone(), &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-CORE-03"), "{msg}");
    assert_eq!(t.table.state_json(), before);

    // The Referee rules the ring does not help here: the ruling beats the card (CR-REF-01).
    let bad = json!({"rules": {"set_rule_overrides": {"creature": "vera"}}});
    assert!(t.run(&referee(), bad, &[]).is_err(), "an empty ruling");
    let ruling = json!({"rules": {"set_rule_overrides": {"creature": "vera",
        "remove": [{"rule": "immune_to_condition", "condition": "grabbed"}]}}});
    let e = t.run(&player("alice"), ruling.clone(), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&referee(), ruling, &[]);
    t.ok(&referee(), grab, &[]);
    assert_eq!(conditions(&t, "vera")[0]["kind"], "grabbed");
    t.assert_replays();
}

#[test]
// Covers CR-CORE-03, CR-HAZ-04.
fn cr_core_03_breath_exceptions_beat_three_plus_strength() {
    let mut t = party();
    let suffocate = |who: &str| json!({"rules": {"suffocate": {"creature": who}}});
    // Bram (Strength −1) holds his breath 2 rounds by the general rule; the Referee gives
    // him an exception of 4.
    t.referee_rules(
        json!({"set_rule_overrides": {"creature": "bram",
            "add": [{"rule": "holds_breath", "rounds": 4}]}}),
        &[],
    );
    for _ in 0..4 {
        t.ok(&referee(), suffocate("bram"), &[]);
    }
    // Round 5 hurts: 1d6 (a 3 against Stamina 5).
    t.ok(&referee(), suffocate("bram"), &[3]);
    assert_eq!(t.creature("bram")["stamina"], 2);
    // A creature that needs no air never takes the die.
    t.referee_rules(
        json!({"set_rule_overrides": {"creature": "vera", "add": [{"rule": "needs_no_air"}]}}),
        &[],
    );
    for _ in 0..12 {
        t.ok(&referee(), suffocate("vera"), &[]);
    }
    assert_eq!(t.creature("vera")["stamina"], 3);
    t.assert_replays();
}

#[test]
// Covers CR-CORE-03, CR-HAZ-01.
fn cr_core_03_no_falling_damage_rolls_nothing() {
    let mut t = party();
    t.referee_rules(
        json!({"set_rule_overrides": {"creature": "vera",
            "add": [{"rule": "no_falling_damage"}]}}),
        &[],
    );
    // 30 feet would be 3d6 piercing; the exception needs no die at all.
    let events = t.referee_rules(
        json!({"fall": {"creature": "vera", "feet": 30, "resist": false}}),
        &[],
    );
    assert_eq!(rolled_count(&events), 0);
    assert_eq!(t.creature("vera")["stamina"], 3);
    // Bram has no such exception: 3d6.
    t.referee_rules(
        json!({"fall": {"creature": "bram", "feet": 30, "resist": false}}),
        &[1, 1, 1],
    );
    assert_eq!(t.creature("bram")["stamina"], 2);
}

#[test]
// Covers CR-CORE-03, CR-LIGHT-05, CR-EXT-05.
fn cr_core_03_a_monster_that_sees_in_darkness_takes_no_light_bane() {
    let mut t = sample_party();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "spider", "card": "cave-spider"}}),
        &[],
    );
    for who in ["spider", "bram"] {
        t.referee_rules(
            json!({"set_light_level": {"creature": who, "level": "darkness"}}),
            &[],
        );
    }
    let search = |who: &str| json!({"test": {"creature": who, "characteristic": "mind", "perception": true}});
    // Raw 16 + Mind 2 = 18: tier 3, but darkness takes a tier off Bram's search.
    t.referee_rules(search("bram"), &[8, 8]);
    assert_eq!(t.state()["last_tests"]["bram"]["banes"], 2);
    assert_eq!(t.state()["last_tests"]["bram"]["final_tier"], 2);
    // Raw 17 + Mind 0 = 17: the spider sees in the dark, no bane.
    t.referee_rules(search("spider"), &[9, 8]);
    assert_eq!(t.state()["last_tests"]["spider"]["banes"], 0);
    assert_eq!(t.state()["last_tests"]["spider"]["final_tier"], 3);
}

#[test]
// Covers CR-CORE-03, CR-HAZ-03.
fn cr_core_03_needs_no_food_skips_starvation() {
    let mut t = party();
    t.referee_rules(
        json!({"set_rule_overrides": {"creature": "vera", "add": [{"rule": "needs_no_food"}]}}),
        &[],
    );
    // A day passes with nobody eating: Bram starves (a wound to place), Vera does not.
    t.ok(
        &referee(),
        json!({"clock": {"advance": {"minutes": 1440}}}),
        &[],
    );
    assert_eq!(
        t.creature("vera")["inventory"]["wounds"],
        json!(vec![Value::Null; 10])
    );
    let d = t.decision_for("crows.wound_slot", "bram");
    assert_eq!(d.answerer, engine::Answerer::Controller("bram".into()));
}

#[test]
// Covers CR-CORE-03, CR-DMG-12.
fn cr_core_03_wounds_do_not_slow_an_exception_holder() {
    use crows::creature::{Creature, RuleOverride, WorldOptions};
    use crows::inventory::{CarriedItem, ItemId, SlotRef, WoundKind};
    let mut c = Creature::new_crow("Vera", 0, 0, 0, 5, 6).unwrap();
    c.inventory
        .add(
            CarriedItem::new(ItemId(1), "rope", 1),
            &[SlotRef::backpack(1)],
        )
        .unwrap();
    c.inventory.place_wound(1, WoundKind::Normal).unwrap();
    let options = WorldOptions::default();
    assert_eq!(
        c.speed(0, 0, &options),
        5,
        "a wound on an item slows (CR-DMG-12)"
    );
    assert_eq!(c.combat_speed(false, 0, None, &options), 5);
    assert_eq!(c.speed_standing(&options), 5);
    c.overrides.push(RuleOverride::WoundsDoNotSlow);
    assert_eq!(c.speed(0, 0, &options), 6);
    // In a fight and when standing up too (one wound rule for every speed).
    assert_eq!(c.combat_speed(false, 0, None, &options), 6);
    assert_eq!(c.speed_standing(&options), 6);
    // The Referee can rule it out again.
    c.suppressed.push(RuleOverride::WoundsDoNotSlow);
    assert_eq!(c.speed(0, 0, &options), 5);
    assert_eq!(c.combat_speed(false, 0, None, &options), 5);
}

#[test]
// Covers CR-CORE-03, CR-EXT-06.
fn cr_core_03_pack_exceptions_are_validated_with_file_line_and_field() {
    use crows::content::ContentLibrary;
    let lib = ContentLibrary::load(&[("items.json", ITEMS), ("bestiary.json", BESTIARY)])
        .expect("the sample pack loads");
    assert_eq!(lib.items["lantern"].works_from.len(), 1);
    let twice = BESTIARY.replacen(
        "{ \"rule\": \"ignores_difficult_terrain\" },",
        "{ \"rule\": \"ignores_difficult_terrain\" }, { \"rule\": \"ignores_difficult_terrain\" },",
        1,
    );
    let e = ContentLibrary::load(&[("beasts.json", &twice)]).unwrap_err();
    let text = e.to_string();
    assert!(text.starts_with("beasts.json:"), "{text}");
    assert!(text.contains("creatures[1].overrides[1]"), "{text}");
    assert!(text.contains("CR-CORE-03"), "{text}");
    let unknown = BESTIARY.replacen("ignores_difficult_terrain", "flies_through_walls", 1);
    let e = ContentLibrary::load(&[("beasts.json", &unknown)]).unwrap_err();
    assert!(e.to_string().contains("beasts.json:"), "{e}");
    let hands = ITEMS.replacen(
        "\"works_from\": [\"belt\"]",
        "\"works_from\": [\"hand\"]",
        1,
    );
    let e = ContentLibrary::load(&[("items.json", &hands)]).unwrap_err();
    assert!(e.to_string().contains("works_from"), "{e}");
}

#[test]
// Covers CR-CORE-03, CR-EXT-05.
fn cr_core_03_the_schema_lists_every_exception_the_engine_knows() {
    use crows::conditions::ConditionKind;
    use crows::creature::RuleOverride;
    let schema: Value =
        serde_json::from_str(include_str!("../../../../content/crows-sample/schema.json")).unwrap();
    let def = &schema["$defs"]["rule_override"]["oneOf"];
    let mut in_schema: Vec<String> = Vec::new();
    for v in def.as_array().unwrap() {
        let rule = &v["properties"]["rule"];
        if let Some(c) = rule["const"].as_str() {
            in_schema.push(c.to_string());
        }
        for e in rule["enum"].as_array().into_iter().flatten() {
            in_schema.push(e.as_str().unwrap().to_string());
        }
    }
    in_schema.sort();
    let all = [
        RuleOverride::ImmuneToCondition {
            condition: ConditionKind::Prone,
        },
        RuleOverride::SeesInDarkness,
        RuleOverride::HoldsBreath { rounds: 1 },
        RuleOverride::NeedsNoAir,
        RuleOverride::NeedsNoFood,
        RuleOverride::NoFallingDamage,
        RuleOverride::WoundsDoNotSlow,
        RuleOverride::IgnoresDifficultTerrain,
    ];
    let mut known: Vec<String> = all
        .iter()
        .map(|o| {
            serde_json::to_value(o).unwrap()["rule"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    known.sort();
    assert_eq!(in_schema, known);
    // Each names the general rule it beats.
    for o in &all {
        assert!(o.beats().starts_with("CR-"), "{o:?}");
    }
}
