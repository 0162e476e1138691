//! The sample content pack under `content/crows-sample/` loads, validates and turns into
//! rules objects; the schema describes the same fields as the loader.

use std::path::PathBuf;

use crows::content::{ContentLibrary, parse_pack};
use crows::creature::{CreatureKind, DeathRule, Size};
use crows::inventory::{Inventory, InventoryLayout, ItemId, SlotRef};
use crows::usage_dice::RollOccasion;

fn sample_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content/crows-sample")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(sample_dir().join(name)).expect("sample file readable")
}

fn library() -> ContentLibrary {
    let items = read("items.json");
    let bestiary = read("bestiary.json");
    match ContentLibrary::load(&[("items.json", &items), ("bestiary.json", &bestiary)]) {
        Ok(lib) => lib,
        Err(e) => panic!("sample pack invalid:\n{e}"),
    }
}

#[test]
fn sample_pack_loads_and_every_value_is_marked_sample() {
    let lib = library();
    assert!(
        lib.items.len() >= 20,
        "about twenty items, got {}",
        lib.items.len()
    );
    for id in [
        "torch",
        "lantern",
        "lantern-oil",
        "ration",
        "rope",
        "knife",
        "sword",
        "short-bow",
        "arrows",
        "round-shield",
        "leather-armor",
        "lockpicks",
        "ember-primer",
        "healing-draught",
    ] {
        assert!(lib.items.contains_key(id), "missing {id}");
    }
    assert!(lib.items.values().all(|i| i.sample));
    assert!(lib.creatures.values().all(|c| c.sample));
    assert!(lib.tables.values().all(|t| t.sample));
    assert!(lib.packs.iter().all(|p| p.sample));
}

#[test]
fn sample_cards_become_rules_objects() {
    let lib = library();
    // Lantern: refuelled with the oil card (CR-UD-05).
    let mut lantern = lib.items["lantern"]
        .usage()
        .expect("has dice")
        .expect("valid");
    assert!(lantern.light_source);
    assert_eq!(
        lantern.dice_to_roll(RollOccasion::EndOfDungeonTurn),
        0,
        "unlit"
    );
    lantern.light().expect("lit");
    assert_eq!(lantern.dice_to_roll(RollOccasion::EndOfDungeonTurn), 2);
    lantern
        .roll(RollOccasion::EndOfDungeonTurn, &[1, 2])
        .expect("rolled");
    lantern.refuel("lantern-oil").expect("oil card refuels it");
    assert_eq!(lantern.pool.current, 2);
    // Oil stacks two to a slot (CR-INV-04).
    let mut inv = Inventory::new(InventoryLayout::CROW);
    let oil = &lib.items["lantern-oil"];
    inv.add(oil.to_carried(ItemId(1)), &[SlotRef::belt(1)])
        .expect("first flask");
    inv.add(oil.to_carried(ItemId(2)), &[SlotRef::belt(1)])
        .expect("second flask");
    assert!(
        inv.add(oil.to_carried(ItemId(3)), &[SlotRef::belt(1)])
            .is_err()
    );
    // The 2-slot bow needs both hands.
    let bow = lib.items["short-bow"].to_carried(ItemId(4));
    assert!(inv.add(bow.clone(), &[SlotRef::hand(1)]).is_err());
    inv.add(bow, &[SlotRef::hand(1), SlotRef::hand(2)])
        .expect("two hands");
    // Armor card gives Armor Defense.
    let mail = lib.items["mail-hauberk"].to_carried(ItemId(5));
    assert_eq!(mail.armor.map(|a| a.current), Some(5));
    // Creatures.
    let spider = lib.creatures["cave-spider"].to_creature().expect("valid");
    assert_eq!(spider.kind, CreatureKind::Monster);
    assert!(spider.speeds.climb_upside_down);
    assert_eq!(spider.death_rule(), DeathRule::DiesAtZeroStamina);
    assert_eq!(spider.natural_armor.map(|a| a.current), Some(2));
    let mule = lib.creatures["mule"].to_creature().expect("valid");
    assert_eq!(mule.size, Size::Large);
    assert_eq!(mule.death_rule(), DeathRule::TakesWounds);
    assert_eq!(mule.inventory.layout().backpack, 6);
    // Tables cover their die.
    let t = &lib.tables["sample-pocket-finds"];
    for roll in 1..=10 {
        assert!(t.lookup(roll).is_some(), "row for {roll}");
    }
    // Piercing damage parsed from "1d6 P".
    let fang = &lib.creatures["cave-spider"].attacks[0];
    assert!(
        fang.tiers
            .tier_2
            .damage
            .as_ref()
            .is_some_and(|d| d.piercing)
    );
}

#[test]
fn broken_copy_reports_file_line_and_field() {
    let items = read("items.json").replacen("\"limit\": 2", "\"limit\": 0", 1);
    let e = parse_pack("items.json", &items).expect_err("limit 0 is refused");
    let issue = &e.0[0];
    assert_eq!(issue.file, "items.json");
    assert_eq!(issue.field, "items[2].stack.limit");
    let line = items
        .lines()
        .position(|l| l.contains("\"limit\": 0"))
        .expect("edited line")
        + 1;
    assert_eq!(issue.line, line);
    // A refuel item that no file defines.
    let items = read("items.json").replace(
        "\"refuel_with\": \"lantern-oil\"",
        "\"refuel_with\": \"whale-oil\"",
    );
    let bestiary = read("bestiary.json");
    let e = ContentLibrary::load(&[("items.json", &items), ("bestiary.json", &bestiary)])
        .expect_err("unknown refuel item");
    assert_eq!(e.0[0].field, "items[1].usage_dice.refuel_with");
    assert!(e.0[0].message.contains("whale-oil"));
    // The same file twice: duplicate ids across files.
    let e =
        ContentLibrary::load(&[("a.json", &bestiary), ("b.json", &bestiary)]).expect_err("dups");
    assert!(e.0.iter().all(|i| i.file == "b.json"));
}

/// Every key used by the sample files is declared in the schema, and the schema declares no
/// item field the loader does not know (checked by loading a card with every schema field).
#[test]
fn schema_matches_the_loader() {
    let schema: serde_json::Value =
        serde_json::from_str(&read("schema.json")).expect("schema is JSON");
    let defs = &schema["$defs"];
    let props = |def: &str| -> Vec<String> {
        defs[def]["properties"]
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    };
    let items: serde_json::Value = serde_json::from_str(&read("items.json")).expect("json");
    let item_props = props("item");
    for item in items["items"].as_array().expect("items") {
        for key in item.as_object().expect("object").keys() {
            assert!(item_props.contains(key), "schema lacks item field {key}");
        }
        if let Some(w) = item.get("weapon") {
            for key in w.as_object().expect("object").keys() {
                assert!(
                    props("weapon").contains(key),
                    "schema lacks weapon field {key}"
                );
            }
        }
    }
    // The loader accepts every item field the schema declares (deny_unknown_fields would refuse
    // a field it does not know).
    let full = r#"{"format":"delve-crows-pack","version":1,"pack":{"id":"f","name":"F"},
      "items":[{"id":"x","name":"X","sample":true,"description":"d","slots":1,
        "stack":{"kind":"k","limit":2},"magic":true,"magic_slot":"neck","requires_magic_slot":true,
        "usage_dice":{"dice":1,"keywords":["rest"]},"light":"1/1","armor":{"kind":"shield","defense":1},
        "price":"1 cp","ration":false,"works_from":["Belt"],
        "grants":[{"rule":"immune_to_condition","condition":"prone"},{"rule":"holds_breath","rounds":2},
          {"rule":"sees_in_darkness"}]}]}"#;
    parse_pack("full.json", full).expect("all schema item fields load");
    let want: std::collections::BTreeSet<&str> = [
        "id",
        "name",
        "sample",
        "description",
        "slots",
        "stack",
        "magic",
        "magic_slot",
        "requires_magic_slot",
        "usage_dice",
        "light",
        "armor",
        "weapon",
        "spellbook",
        "price",
        "ration",
        "works_from",
        "grants",
    ]
    .into_iter()
    .collect();
    let have: std::collections::BTreeSet<&str> = item_props.iter().map(String::as_str).collect();
    assert_eq!(have, want);
}

/// Monsters, items and tables are user content: a pack written by a user loads and becomes
/// rules objects with no built-in data involved (CR-CORE-12).
#[test]
fn cr_core_12_user_defined_content() {
    let text = r#"{
  "format": "delve-crows-pack", "version": 1,
  "pack": { "id": "my-campaign", "name": "My campaign" },
  "creatures": [
    { "id": "bog-thing", "name": "Bog thing", "kind": "monster", "size": "huge",
      "characteristics": { "agility": -1, "mind": -4, "strength": 5 },
      "stamina": 30, "speed": { "walk": 4, "swim": 8 } }
  ],
  "items": [
    { "id": "eel-charm", "name": "Eel charm", "slots": 1, "magic": true,
      "magic_slot": "neck", "requires_magic_slot": true }
  ]
}"#;
    let lib = ContentLibrary::load(&[("my.json", text)]).expect("valid");
    let bog = lib.creatures["bog-thing"].to_creature().expect("valid");
    assert_eq!(bog.size, Size::Huge);
    assert_eq!(bog.speeds.swim, Some(8));
    assert_eq!(bog.characteristics.strength, 5);
    let charm = lib.items["eel-charm"].to_carried(ItemId(1));
    assert_eq!(charm.magic_slot, Some(crows::inventory::MagicSlot::Neck));
    // A crow card may not go above 4 without magic (CR-CORE-09).
    let crow = text.replace("\"kind\": \"monster\"", "\"kind\": \"crow\"");
    let e = ContentLibrary::load(&[("my.json", &crow)]).expect_err("strength 5 crow");
    assert_eq!(e.0[0].field, "creatures[0].characteristics.strength");
    assert!(
        e.0[0].message.starts_with("CR-CORE-09"),
        "{}",
        e.0[0].message
    );
}

/// Covers CR-SPELL-02: the schema's spell rank is the loader's, 0–5.
#[test]
fn cr_spell_02_schema_spell_rank_is_zero_to_five_like_the_loader() {
    let schema: serde_json::Value =
        serde_json::from_str(&read("schema.json")).expect("schema is JSON");
    let rank = &schema["$defs"]["spellbook"]["properties"]["rank"];
    assert_eq!(
        (rank["minimum"].as_u64(), rank["maximum"].as_u64()),
        (Some(0), Some(5))
    );
    for r in 0..=5u8 {
        assert!(crows::spells::Rank::new(r).is_ok(), "rank {r}");
    }
    assert!(crows::spells::Rank::new(6).is_err());
}

/// Covers CR-INV-01: a card gives hands and a belt only within a crow's 2 and 4.
#[test]
fn cr_inv_01_card_hand_and_belt_slots_are_bounded() {
    let card = |extra: &str| {
        format!(
            r#"{{"format":"delve-crows-pack","version":1,"pack":{{"id":"p","name":"P"}},
          "creatures":[{{"id":"thug","name":"Thug","kind":"npc","size":"medium",
            "characteristics":{{"agility":0,"mind":0,"strength":1}},"stamina":5,
            "speed":{{"walk":6}},"backpack_slots":4{extra}}}]}}"#
        )
    };
    let lib = ContentLibrary::load(&[("ok.json", &card(r#","hand_slots":2,"belt_slots":1"#))])
        .expect("loads");
    let thug = lib.creatures["thug"].to_creature().expect("creature");
    assert_eq!(
        thug.inventory.layout(),
        InventoryLayout {
            hands: 2,
            belt: 1,
            backpack: 4
        }
    );
    let e = ContentLibrary::load(&[("bad.json", &card(r#","hand_slots":3"#))])
        .expect_err("three hands");
    let text = e.to_string();
    assert!(
        text.contains("hand_slots") && text.contains("CR-INV-01"),
        "{text}"
    );
}
