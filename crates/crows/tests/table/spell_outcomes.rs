//! A spell's outcome made real, driven through the engine: each target's tier picks the
//! card's result, its damage is rolled and dealt through core's damage pipeline (armor,
//! wounds), and an attack spell's miss and crit follow the weapon attack rules (the counter,
//! the stray shot, the extra action). A backlash replaces the spell.

use crate::common::*;

const PACK: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": {"id": "spell-outcomes", "name": "Spell outcomes", "sample": true, "notes": "test values"},
  "items": [
    {"id": "bolt", "name": "Bolt book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Bolt", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "target": "1 creature", "range": "6 squares", "duration": "instant", "attack": "ranged",
       "tiers": {"tier_1": {"effect": "fizzle"}, "tier_2": {"damage": "1d6"},
                 "tier_3": {"damage": "2d6", "effect": "sets the target alight"}}}},
    {"id": "grasp", "name": "Grasp book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Grasp", "rank": 0, "discipline": "necromancy", "casting_time": "action",
       "target": "1 creature", "range": "touch", "duration": "instant", "attack": "melee",
       "tiers": {"tier_1": {"effect": "miss"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "1d10"}}}},
    {"id": "club", "name": "Club", "sample": true, "slots": 1,
     "weapon": {"attack": "melee", "characteristics": ["strength"], "category": "bashing", "hands": 1,
       "tiers": {"tier_1": {"effect": "miss"}, "tier_2": {"damage": "1 + stat"}, "tier_3": {"damage": "2 + stat"}}}},
    {"id": "nova", "name": "Nova book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Nova", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "target": "All creatures", "area": "Aura 2", "duration": "instant",
       "tiers": {"tier_1": {"effect": "spark"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "2d6"}}}}
  ]
}"#;

fn open(t: &T, kind: &str) -> usize {
    t.table
        .core()
        .decisions
        .iter()
        .filter(|d| d.kind == kind)
        .count()
}

#[test]
// Covers CR-SPELL-12: the tier's damage is rolled and dealt to the target.
// Covers CR-DMG-03: the target's armor takes its share first.
// Covers CR-DMG-11: damage past Stamina becomes wounds the target's player places.
fn cr_spell_12_a_tier_2_spell_hit_deals_its_rolled_damage_through_armor_into_wounds() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    // Vera holds a shield (Armor Defense 1).
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Buckler", "slots": 1,
            "armor": {"kind": "Shield", "defense": 1}}, "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "vera", 3, 0, "crows");
    place(&mut t, "ghoul", 8, 8, "enemies");
    start(&mut t, &["bram", "vera"]);
    // 6 + 6 + Mind 2 = 14: tier 2; the book's die 6; the card's 1d6 shows 6.
    let events = t.ok(&player("bob"), cast("bram", bolt, &["vera"]), &[6, 6, 6, 6]);
    let resolved = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(
        resolved["outcome"]["targets"],
        json!([{"target": "vera", "tier": 2, "hit": true, "damage": 6, "effect": null}])
    );
    // The damage roll is recorded and labelled with the spell.
    assert!(
        events
            .iter()
            .any(|e| matches!(&e.body, EventBody::Rolled { .. })
                && serde_json::to_string(&e.body)
                    .unwrap()
                    .contains("Bolt damage")),
        "no labelled damage roll"
    );
    // 6 − 1 (shield) − 3 Stamina = 2 wounds, placed one at a time by Vera's player.
    let v = t.creature("vera");
    assert_eq!(v["stamina"], 0);
    let shield = v["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["item"]["name"] == "Buckler")
        .cloned()
        .unwrap();
    assert_eq!(shield["item"]["armor"]["current"], 0);
    let d = t.decision_for("crows.wound_slot", "vera");
    assert_eq!(d.context["remaining"], 2);
    t.assert_replays();
}

#[test]
// Covers CR-SPELL-07: an area spell affects every fitting creature inside it, no other.
// Covers CR-SPELL-12: each target inside takes the tier's rolled damage.
fn cr_spell_12_an_area_spell_damages_exactly_the_creatures_inside() {
    let mut t = spell_table(PACK);
    let nova = book(&mut t, "bram", "nova", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 2, 0, "enemies"); // inside the aura
    place(&mut t, "imp", 0, -2, "enemies"); // inside the aura
    place(&mut t, "rat", 3, 0, "enemies"); // 3 squares: outside
    place(&mut t, "vera", 0, 4, "crows"); // outside
    start(&mut t, &["bram", "vera"]);
    // 14: tier 2 for every target (no attack: the casting's tier); each rolls its own 1d6.
    let events = t.ok(&player("bob"), cast("bram", nova, &[]), &[6, 6, 6, 4, 5]);
    let resolved = &rules_events(&events, "cast_resolved")[0];
    let targets = resolved["outcome"]["targets"].as_array().unwrap().clone();
    let mut hit: Vec<(String, i64)> = targets
        .iter()
        .map(|x| {
            (
                x["target"].as_str().unwrap().to_string(),
                x["damage"].as_i64().unwrap(),
            )
        })
        .collect();
    hit.sort();
    assert_eq!(hit.len(), 2, "{targets:?}");
    assert_eq!(hit[0].0, "ghoul");
    assert_eq!(hit[1].0, "imp");
    // Each took the damage recorded for it; nothing touched the ones outside or the caster.
    assert_eq!(i64::try_from(stamina(&t, "ghoul")).unwrap(), 20 - hit[0].1);
    assert_eq!(i64::try_from(stamina(&t, "imp")).unwrap(), 20 - hit[1].1);
    assert_eq!(hit[0].1 + hit[1].1, 9);
    assert_eq!(stamina(&t, "rat"), 20);
    assert_eq!(stamina(&t, "vera"), 3);
    assert_eq!(stamina(&t, "bram"), 5);
    t.assert_replays();
}

#[test]
// Covers CR-ATK-08: a ranged spell's miss rolls the stray-shot parity die at the caster's
// allies next to the target; an odd face hits one for the card's tier-2 damage.
// Covers CR-ATK-03: the missed target takes nothing.
fn cr_atk_08_cr_atk_09_a_ranged_spell_miss_makes_the_stray_roll() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    place(&mut t, "vera", 3, 1, "crows"); // next to the ghoul
    start(&mut t, &["bram", "vera"]);
    // 4 + 4 + 2 = 10: tier 1; chaos 2 (no backlash); the book's die 6; the stray die 3: odd.
    let events = t.ok(
        &player("bob"),
        cast("bram", bolt, &["ghoul"]),
        &[4, 4, 2, 6, 3],
    );
    let resolved = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(
        resolved["outcome"]["targets"],
        json!([{"target": "ghoul", "tier": 1, "hit": false, "damage": null, "effect": null}])
    );
    assert_eq!(stamina(&t, "ghoul"), 20);
    // The Referee picks the ally at random; the spell's tier 2 (1d6: 2) lands on Vera.
    let d = t.decision("crows.combat.stray_shot");
    assert!(d.options.iter().any(|o| o.id == "vera"));
    let events = t
        .run(
            &referee(),
            json!({"answer": {"decision": d.id, "option": "vera"}}),
            &[2],
        )
        .unwrap();
    let hit = &rules_events(&events, "attack_resolved")[0];
    assert_eq!(hit["target"], "vera");
    assert_eq!(hit["kind"], "stray");
    assert_eq!(hit["damage"], 2);
    assert_eq!(stamina(&t, "vera"), 1);
    t.assert_replays();

    // An even face: the stray shot hits nobody.
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    place(&mut t, "vera", 3, 1, "crows");
    start(&mut t, &["bram", "vera"]);
    t.ok(
        &player("bob"),
        cast("bram", bolt, &["ghoul"]),
        &[4, 4, 2, 6, 4],
    );
    assert_eq!(open(&t, "crows.combat.stray_shot"), 0);
    assert_eq!(stamina(&t, "vera"), 3);
}

#[test]
// Covers CR-ATK-05: a melee spell's miss lets the target counter.
// Covers CR-REACT-03: the counter is offered to the missed target.
fn cr_atk_05_a_melee_spell_miss_opens_the_targets_counter() {
    let mut t = spell_table(PACK);
    let grasp = book(&mut t, "bram", "grasp", 1);
    // A turncoat hireling holding a melee weapon: a counter needs one (CR-REACT-03).
    t.referee_rules(
        json!({"create_creature": {"id": "bandit", "kind": "hireling",
            "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 20}}),
        &[],
    );
    book(&mut t, "bandit", "club", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "bandit", 1, 0, "enemies");
    start(&mut t, &["bram"]);
    // 4 + 4 + 2 = 10: tier 1; chaos 2; the book's die 6.
    t.ok(
        &player("bob"),
        cast("bram", grasp, &["bandit"]),
        &[4, 4, 2, 6],
    );
    let d = t.decision_for("crows.combat.counter", "bandit");
    assert_eq!(d.context["triggerer"], "bram");
    assert_eq!(stamina(&t, "bandit"), 20);
    // The counter lands the club's tier 2 on the caster: 1 + Strength 0.
    let club = d
        .options
        .iter()
        .find(|o| o.id != "pass")
        .unwrap()
        .id
        .clone();
    t.answer(&referee(), &d.id, &club, None).unwrap();
    assert_eq!(stamina(&t, "bram"), 4);
    t.assert_replays();
}

#[test]
// Covers CR-ATK-13: a crit on an attack spell grants the extra action, like a weapon's.
// Covers CR-SPELL-11: the crit also spares the book's dice.
// Covers CR-SPELL-12: tier 3's damage is dealt and its effect text recorded.
fn cr_atk_13_a_spell_attack_crit_grants_the_extra_action() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["bram"]);
    // 10 + 9 = 19: a crit, tier 3; no book dice; the card's 2d6 shows 3 and 4.
    let events = t.ok(
        &player("bob"),
        cast("bram", bolt, &["ghoul"]),
        &[10, 9, 3, 4],
    );
    let resolved = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(
        resolved["outcome"]["targets"],
        json!([{"target": "ghoul", "tier": 3, "hit": true, "damage": 7,
                "effect": "sets the target alight"}])
    );
    assert_eq!(stamina(&t, "ghoul"), 13);
    assert_eq!(fight(&t)["budgets"]["bram"]["extra_actions"], 1);
    // The extra action pays for a second action spell this turn: 14, tier 2, 1d6 = 5.
    t.ok(
        &player("bob"),
        cast("bram", bolt, &["ghoul"]),
        &[6, 6, 6, 5],
    );
    assert_eq!(stamina(&t, "ghoul"), 8);
    // A plain hit grants nothing more: a third action is refused.
    let rule = refusal(&mut t, &player("bob"), cast("bram", bolt, &["ghoul"]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
    t.assert_replays();
}

#[test]
// Covers CR-SPELL-16: a backlash happens instead of the spell: no spell damage.
// Covers CR-SPELL-14: a doom on the casting is a backlash (not the ranged doom's stray hit).
fn cr_spell_16_a_backlash_deals_no_spell_damage() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    place(&mut t, "vera", 3, 1, "crows"); // next to the ghoul
    start(&mut t, &["bram", "vera"]);
    // Doom (1, 1): the book's die 6, then d100 13 + rank 1 = 14: weakened.
    let events = t.ok(
        &player("bob"),
        cast("bram", bolt, &["ghoul"]),
        &[1, 1, 6, 13],
    );
    let resolved = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(resolved["outcome"], Value::Null);
    assert!(rules_events(&events, "attack_resolved").is_empty());
    assert_eq!(stamina(&t, "ghoul"), 20);
    assert_eq!(stamina(&t, "vera"), 3);
    assert_eq!(open(&t, "crows.combat.stray_shot"), 0);
    assert!(
        t.creature("bram")["conditions"]
            .to_string()
            .contains("weakened")
    );
    t.assert_replays();
}
