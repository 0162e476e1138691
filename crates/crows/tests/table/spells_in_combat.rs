//! Spells in a fight, driven through the engine: the casting time spends the turn's action,
//! maneuver or reaction; an attack spell gets the modifiers of a weapon attack; the card's
//! target line, range and area are read at pack load and measured on the battle grid.

use crate::common::*;

const PACK: &str = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": {"id": "spell-fight", "name": "Spells in a fight", "sample": true, "notes": "test values"},
  "items": [
    {"id": "bolt", "name": "Bolt book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Bolt", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "target": "1 creature", "range": "6 squares", "duration": "instant", "attack": "ranged",
       "tiers": {"tier_1": {"effect": "fizzle"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "2d6"}}}},
    {"id": "volley", "name": "Volley book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Volley", "rank": 2, "discipline": "elemental", "casting_time": "action",
       "target": "Two enemies", "range": "8", "duration": "instant", "attack": "ranged",
       "tiers": {"tier_1": {"effect": "fizzle"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "2d6"}}}},
    {"id": "grasp", "name": "Grasp book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Grasp", "rank": 0, "discipline": "necromancy", "casting_time": "action",
       "target": "одно существо", "range": "касание", "duration": "instant", "attack": "melee",
       "tiers": {"tier_1": {"effect": "miss"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "1d10"}}}},
    {"id": "blink", "name": "Blink book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Blink", "rank": 0, "discipline": "conjuration", "casting_time": "maneuver",
       "duration": "instant",
       "tiers": {"tier_1": {"effect": "stay"}, "tier_2": {"effect": "blink"}, "tier_3": {"effect": "far"}}}},
    {"id": "shield", "name": "Shield book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Shield", "rank": 1, "discipline": "benefaction", "casting_time": "reaction",
       "target": "1 ally", "range": "6 squares", "duration": "instant",
       "tiers": {"tier_1": {"effect": "thin"}, "tier_2": {"effect": "ward"}, "tier_3": {"effect": "wall"}}}},
    {"id": "flare", "name": "Flare book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Flare", "rank": 1, "discipline": "elemental", "casting_time": "action",
       "target": "All enemies", "area": "Aura 2", "duration": "instant",
       "tiers": {"tier_1": {"effect": "spark"}, "tier_2": {"effect": "flare"}, "tier_3": {"effect": "blaze"}}}},
    {"id": "fireball", "name": "Fireball book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Fireball", "rank": 3, "discipline": "elemental", "casting_time": "action",
       "target": "All creatures", "range": "6 squares", "area": "Cube 2", "duration": "instant",
       "attack": "ranged",
       "tiers": {"tier_1": {"effect": "smoke"}, "tier_2": {"damage": "2d6"}, "tier_3": {"damage": "3d6"}}}},
    {"id": "ray", "name": "Ray book", "sample": true, "slots": 1, "magic": true,
     "usage_dice": {"dice": 1, "keywords": ["activate", "rest"]},
     "spellbook": {"spell": "Ray", "rank": 2, "discipline": "elemental", "casting_time": "action",
       "target": "All creatures", "area": "Line 4 × 1", "duration": "instant", "attack": "ranged",
       "tiers": {"tier_1": {"effect": "dim"}, "tier_2": {"damage": "1d6"}, "tier_3": {"damage": "2d6"}}}}
  ]
}"#;

fn walls(t: &mut T, squares: &[(i32, i32)]) {
    let cells: Vec<Value> = squares
        .iter()
        .map(|(x, y)| json!({"at": {"x": x, "y": y}, "obstacle": "solid"}))
        .collect();
    t.referee_rules(json!({"set_grid": {"cells": cells}}), &[]);
}

/// The creatures a casting affects, as recorded when it began.
fn cast_targets(events: &[Envelope]) -> Value {
    rules_events(events, "cast_begun")[0]["cast"]["targets"].clone()
}

#[test]
// Covers CR-SPELL-04, CR-CBT-10.
fn cr_spell_04_an_action_spell_spends_the_action_and_a_maneuver_spell_the_maneuver() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    let blink = book(&mut t, "bram", "blink", 2);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    start(&mut t, &["bram"]);
    // 6 + 6 + Mind 2 − 2 (adjacent) = 12: tier 2; the book's die shows 6; 1d6 damage.
    t.ok(
        &player("bob"),
        cast("bram", bolt, &["ghoul"]),
        &[6, 6, 6, 1],
    );
    assert_eq!(fight(&t)["budgets"]["bram"]["actions"], 1);
    // The action is gone: a second action spell and a weapon attack are refused alike.
    let rule = refusal(&mut t, &player("bob"), cast("bram", bolt, &["ghoul"]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
    let rule = refusal(
        &mut t,
        &player("bob"),
        r(json!({"attack": {"creature": "bram", "target": "ghoul"}})),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
    // A maneuver spell still fits beside the action, but only once.
    t.ok(&player("bob"), cast("bram", blink, &[]), &[6, 6, 6]);
    assert_eq!(fight(&t)["budgets"]["bram"]["maneuvers"], 1);
    let rule = refusal(&mut t, &player("bob"), cast("bram", blink, &[]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-CBT-10"));
    t.assert_replays();
}

#[test]
// Covers CR-CBT-11, CR-SPELL-04, CR-REACT-01.
fn cr_cbt_11_a_spell_off_turn_is_refused_unless_it_is_a_reaction_spell() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "vera", "bolt", 1);
    let shield = book(&mut t, "vera", "shield", 2);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "vera", 0, 2, "crows");
    place(&mut t, "ghoul", 4, 0, "enemies");
    start(&mut t, &["bram", "vera"]);
    assert_eq!(fight(&t)["current"], "bram");
    let rule = refusal(
        &mut t,
        &player("alice"),
        cast("vera", bolt, &["ghoul"]),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-CBT-11"));
    // A reaction spell is cast on Bram's turn with Vera's reaction.
    let events = t.ok(
        &player("alice"),
        cast("vera", shield, &["bram"]),
        &[6, 6, 6],
    );
    assert_eq!(rules_events(&events, "cast_resolved").len(), 1);
    let vera = fight(&t)["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["creature"] == "vera")
        .cloned()
        .unwrap();
    assert_eq!(vera["reaction_spent"], true);
    let rule = refusal(
        &mut t,
        &player("alice"),
        cast("vera", shield, &["bram"]),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-REACT-01"));
}

#[test]
// Covers CR-LOE-05, CR-LOE-01, CR-SPELL-06, CR-ATK-01.
fn cr_loe_05_a_spell_attack_at_a_covered_target_gets_the_cover_bane() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    walls(&mut t, &[(2, 0)]);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["bram"]);
    // 6 + 6 + 2 − 2 (cover) = 12: tier 2, not the 14 an open shot would make.
    let events = t.ok(
        &player("bob"),
        cast("bram", bolt, &["ghoul"]),
        &[6, 6, 6, 1],
    );
    let m = modifiers(&t, "bram");
    assert!(m.contains("\"cover\"") && m.contains("CR-LOE-05"), "{m}");
    assert_eq!(t.state()["last_tests"]["bram"]["total"], 12);
    let resolved = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(
        resolved["outcome"]["targets"],
        json!([{"target": "ghoul", "tier": 2, "hit": true, "damage": 1, "effect": null}])
    );
}

#[test]
// Covers CR-SPELL-06, CR-ATK-07, CR-LOE-01.
fn cr_spell_06_a_spell_never_reaches_past_its_range_or_through_a_wall() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 7, 0, "enemies");
    place(&mut t, "rat", 0, 3, "enemies");
    walls(&mut t, &[(-1, 2), (0, 2), (1, 2)]);
    start(&mut t, &["bram"]);
    // 7 squares away, range 6: refused, never −2 per square as a thrown knife would be.
    let rule = refusal(&mut t, &player("bob"), cast("bram", bolt, &["ghoul"]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-06"));
    // The rat is 3 squares away, behind a wall.
    let rule = refusal(&mut t, &player("bob"), cast("bram", bolt, &["rat"]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-06"));
    // An attack spell names what it attacks.
    let rule = refusal(&mut t, &player("bob"), cast("bram", bolt, &[]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-ATK-14"));
}

#[test]
// Covers CR-ATK-10, CR-CBT-08.
fn cr_atk_10_a_ranged_spell_at_an_adjacent_creature_has_a_bane() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 1, 0, "enemies");
    t.referee_rules(json!({"start_combat": {"surprised": ["ghoul"]}}), &[]);
    t.referee_rules(
        json!({"order_side": {"side": "crows", "order": ["bram"]}}),
        &[],
    );
    t.referee_rules(json!({"roll_initiative": {"roller": "alice"}}), &[]);
    let d = t.decision("crows.combat.initiative");
    t.run(
        &player("alice"),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[9],
    )
    .unwrap();
    t.ok(
        &player("bob"),
        cast("bram", bolt, &["ghoul"]),
        &[6, 6, 6, 1],
    );
    let m = modifiers(&t, "bram");
    assert!(
        m.contains("ranged_adjacent") && m.contains("CR-ATK-10"),
        "{m}"
    );
    // The surprised target's +1 (CR-CBT-08): 12 + 2 − 2 + 1.
    assert!(m.contains("CR-CBT-08"), "{m}");
    assert_eq!(t.state()["last_tests"]["bram"]["total"], 13);
}

#[test]
// Covers CR-ATK-15, CR-ATK-05, CR-SPELL-05.
fn cr_atk_15_a_melee_spell_gets_the_flanking_edge() {
    let mut t = spell_table(PACK);
    let grasp = book(&mut t, "bram", "grasp", 1);
    place(&mut t, "bram", 4, 5, "crows");
    place(&mut t, "ghoul", 5, 5, "enemies");
    place(&mut t, "vera", 6, 5, "crows");
    place(&mut t, "rat", 8, 5, "enemies");
    start(&mut t, &["bram", "vera"]);
    // A touch spell does not reach the rat 4 squares off.
    let rule = refusal(&mut t, &player("bob"), cast("bram", grasp, &["rat"]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-06"));
    t.ok(
        &player("bob"),
        cast("bram", grasp, &["ghoul"]),
        &[5, 5, 6, 1],
    );
    let m = modifiers(&t, "bram");
    assert!(m.contains("flanking") && m.contains("CR-ATK-15"), "{m}");
    // 5 + 5 + 2 + 2 (edge) = 14.
    assert_eq!(t.state()["last_tests"]["bram"]["total"], 14);
}

#[test]
// Covers CR-ATK-14, CR-SPELL-05.
fn cr_atk_14_one_spell_roll_is_read_against_each_target_with_its_own_modifiers() {
    let mut t = spell_table(PACK);
    let volley = book(&mut t, "bram", "volley", 1);
    walls(&mut t, &[(2, 0)]);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    place(&mut t, "rat", 0, 3, "enemies");
    place(&mut t, "vera", 0, 1, "crows");
    start(&mut t, &["bram", "vera"]);
    // An ally is no enemy; three targets are too many.
    let rule = refusal(
        &mut t,
        &player("bob"),
        cast("bram", volley, &["rat", "vera"]),
        &[],
    );
    assert_eq!(rule.as_deref(), Some("CR-SPELL-05"));
    // 8 + 7 + 2 = 17 against the open rat (tier 3); the ghoul behind the pillar reads 15.
    let events = t.ok(
        &player("bob"),
        cast("bram", volley, &["rat", "ghoul"]),
        &[8, 7, 6, 1, 1, 1],
    );
    let resolved = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(
        resolved["outcome"]["targets"],
        json!([{"target": "rat", "tier": 3, "hit": true, "damage": 2, "effect": null},
               {"target": "ghoul", "tier": 2, "hit": true, "damage": 1, "effect": null}])
    );
}

#[test]
// Covers CR-SPELL-08, CR-SPELL-07, CR-SPELL-05.
fn cr_spell_08_an_aura_takes_exactly_the_fitting_creatures_inside_it() {
    let mut t = spell_table(PACK);
    let flare = book(&mut t, "bram", "flare", 1);
    walls(&mut t, &[(-1, 1), (0, 1), (1, 1)]);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 2, 0, "enemies"); // inside, an enemy
    place(&mut t, "rat", 3, 0, "enemies"); // 3 squares: outside
    place(&mut t, "vera", 1, -1, "crows"); // inside, but an ally
    place(&mut t, "imp", 0, 2, "enemies"); // 2 squares, behind the wall
    start(&mut t, &["bram", "vera"]);
    let events = t.ok(&player("bob"), cast("bram", flare, &[]), &[6, 6, 6]);
    assert_eq!(cast_targets(&events), json!(["ghoul"]));
    // Naming a creature outside the aura is refused.
    let rule = refusal(&mut t, &player("bob"), cast("bram", flare, &["rat"]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-07"));
}

#[test]
// Covers CR-SPELL-07, CR-SPELL-08, CR-LOE-04.
fn cr_spell_07_a_cube_needs_its_origin_in_range_and_takes_what_is_inside() {
    let mut t = spell_table(PACK);
    let fireball = book(&mut t, "bram", "fireball", 1);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 6, 1, "enemies");
    place(&mut t, "rat", 7, 0, "enemies");
    place(&mut t, "vera", 5, 0, "crows");
    start(&mut t, &["bram", "vera"]);
    let at = |x: i32| {
        r(json!({"cast": {"creature": "bram", "item": fireball,
            "at": {"origin": {"x": x, "y": 0}, "toward": {"x": x + 1, "y": 1}}}}))
    };
    // The origin square 7 squares away: out of range 6.
    let rule = refusal(&mut t, &player("bob"), at(7), &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-06"));
    // No origin at all.
    let rule = refusal(&mut t, &player("bob"), cast("bram", fireball, &[]), &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-07"));
    // Squares (5,0), (6,0), (5,1), (6,1): Vera and the ghoul, not the rat; one roll, 14.
    let events = t.ok(&player("bob"), at(5), &[6, 6, 6, 1, 1, 1, 1]);
    assert_eq!(cast_targets(&events), json!(["ghoul", "vera"]));
    let resolved = &rules_events(&events, "cast_resolved")[0];
    assert_eq!(
        resolved["outcome"]["targets"],
        json!([{"target": "ghoul", "tier": 2, "hit": true, "damage": 2, "effect": null},
               {"target": "vera", "tier": 2, "hit": true, "damage": 2, "effect": null}])
    );
}

#[test]
// Covers CR-SPELL-08, CR-SPELL-07.
fn cr_spell_08_a_line_runs_from_next_to_its_caster_and_stops_at_a_wall() {
    let mut t = spell_table(PACK);
    let ray = book(&mut t, "bram", "ray", 1);
    walls(&mut t, &[(3, -1), (3, 0), (3, 1)]);
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 2, 0, "enemies");
    place(&mut t, "rat", 4, 0, "enemies");
    place(&mut t, "imp", 1, 1, "enemies");
    start(&mut t, &["bram"]);
    // Without a range the line starts next to its caster.
    let far = r(json!({"cast": {"creature": "bram", "item": ray,
        "at": {"origin": {"x": 2, "y": 0}, "toward": {"x": 3, "y": 0}}}}));
    let rule = refusal(&mut t, &player("bob"), far, &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-06"));
    // (1,0) to (4,0): the ghoul is hit; the wall at x 3 shields the rat; the imp is beside it.
    let events = t.ok(
        &player("bob"),
        r(json!({"cast": {"creature": "bram", "item": ray,
            "at": {"origin": {"x": 1, "y": 0}}}})),
        &[6, 6, 6, 1],
    );
    assert_eq!(cast_targets(&events), json!(["ghoul"]));
}

#[test]
// Covers CR-SPELL-05, CR-SPELL-06, CR-SPELL-08, CR-EXT-07.
fn cr_spell_05_card_strings_are_read_at_pack_load_and_bad_ones_named() {
    use crows::content::{ContentLibrary, spell_text};
    use crows::spells::{Area, TargetCount, TargetKind, TargetLine};
    assert_eq!(
        spell_text::target("All enemies"),
        Ok(TargetLine {
            count: TargetCount::All,
            kind: TargetKind::Enemy
        })
    );
    assert_eq!(
        spell_text::target("One creature or object"),
        Ok(TargetLine {
            count: TargetCount::Number(1),
            kind: TargetKind::Target
        })
    );
    assert_eq!(
        spell_text::target("2 цели"),
        Ok(TargetLine {
            count: TargetCount::Number(2),
            kind: TargetKind::Target
        })
    );
    assert_eq!(spell_text::range("6 squares"), Ok(6));
    assert_eq!(spell_text::range("10 клеток"), Ok(10));
    assert_eq!(spell_text::range("Touch"), Ok(1));
    assert_eq!(spell_text::area("Aura 2"), Ok(Area::Aura(2)));
    assert_eq!(spell_text::area("Куб 3"), Ok(Area::Cube(3)));
    assert_eq!(
        spell_text::area("Line 6 × 1"),
        Ok(Area::Line {
            length: 6,
            width: 1
        })
    );
    assert!(spell_text::area("Line 6").is_err());
    assert!(spell_text::range("far").is_err());
    // The sample spellbook's strings load; a bad string names the file and the field.
    let lib = ContentLibrary::load(&[("items.json", ITEMS)]).unwrap();
    let ember = lib
        .items
        .values()
        .find_map(|c| c.spellbook.clone())
        .unwrap();
    assert_eq!(ember.range.unwrap().squares, 6);
    assert_eq!(ember.target.unwrap().line.kind, TargetKind::Target);
    let bad = PACK.replace("\"Two enemies\"", "\"Two dragons\"");
    let e = ContentLibrary::load(&[("spells.json", bad.as_str())])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("spells.json:") && e.contains("items[1].spellbook.target"),
        "{e}"
    );
    assert!(e.contains("CR-SPELL-05"), "{e}");
    let bad = PACK.replace("\"Line 4 × 1\"", "\"Ring 4\"");
    let e = ContentLibrary::load(&[("spells.json", bad.as_str())])
        .unwrap_err()
        .to_string();
    assert!(e.contains("items[7].spellbook.area"), "{e}");
}

#[test]
// Covers CR-SPELL-06, CR-SPELL-05.
fn cr_spell_06_outside_a_fight_the_tables_aim_is_checked_against_the_cards_range() {
    let mut t = spell_table(PACK);
    let bolt = book(&mut t, "bram", "bolt", 1);
    let aim = |d: u32| {
        r(
            json!({"cast": {"creature": "bram", "item": bolt, "aim": {"chosen": [
            {"id": "ghoul", "is_creature": true, "is_caster": false, "attended_by_other": false,
             "friendly": false, "distance": d, "line_of_effect": true}]}}}),
        )
    };
    // The card says 6 squares: 7 is refused, 6 is cast.
    let rule = refusal(&mut t, &player("bob"), aim(7), &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-06"));
    t.ok(&player("bob"), aim(6), &[6, 6, 6]);
    // In a fight the grid measures: a hand-measured aim is refused.
    place(&mut t, "bram", 0, 0, "crows");
    place(&mut t, "ghoul", 3, 0, "enemies");
    start(&mut t, &["bram"]);
    let rule = refusal(&mut t, &player("bob"), aim(3), &[]);
    assert_eq!(rule.as_deref(), Some("CR-SPELL-05"));
}
