//! Fight set-ups and looks the combat and magic engine tests share.

use super::*;

/// The party with the sample items and bestiary loaded, a ghoul with this Stamina (not yet
/// placed) the party has seen, and Vera holding a sword (item 1).
pub fn sword_and_ghoul(stamina: u64) -> T {
    let mut t = sample_party();
    t.referee_rules(
        json!({"create_creature": {"id": "ghoul", "name": "Ghoul", "kind": "monster",
            "characteristics": {"agility": 1, "mind": 0, "strength": 1}, "stamina": stamina,
            "revealed": true}}),
        &[],
    );
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "sword",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    t
}

/// The party with the sample items and bestiary loaded and two monsters, a ghoul and a rat
/// (Agility 1, Strength 1, Stamina 20), not yet placed.
pub fn ghoul_and_rat() -> T {
    let mut t = sample_party();
    for id in ["ghoul", "rat"] {
        t.referee_rules(
            json!({"create_creature": {"id": id, "name": id, "kind": "monster",
                "characteristics": {"agility": 1, "mind": 0, "strength": 1}, "stamina": 20,
                "revealed": true}}),
            &[],
        );
    }
    t
}

/// The party (Bram: Mind 2, Stamina 5; Vera: Stamina 3) and three monsters of Stamina 20 (a
/// ghoul, a rat and an imp) with the spell pack `pack` loaded. Nobody is placed.
pub fn spell_table(pack: &str) -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "spells.json", "text": pack}]}}),
        &[],
    );
    for id in ["ghoul", "rat", "imp"] {
        t.referee_rules(
            json!({"create_creature": {"id": id, "kind": "monster",
                "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 20,
                "revealed": true}}),
            &[],
        );
    }
    t
}

/// Places `id` at (x, y) on `side`, fighting as the bestiary entry `card` when one is given.
pub fn place_as(t: &mut T, id: &str, x: i32, y: i32, side: &str, card: Option<&str>) {
    let mut p = json!({"place": {"creature": id, "at": {"x": x, "y": y}, "side": side}});
    if let Some(card) = card {
        p["place"]["card"] = json!(card);
    }
    t.referee_rules(p, &[]);
}

/// Places `id` at (x, y) on `side`, with no bestiary entry.
pub fn place(t: &mut T, id: &str, x: i32, y: i32, side: &str) {
    place_as(t, id, x, y, side, None);
}

/// Places `id` at (x, y) on `side`; the ghoul fights as the sample cave spider.
pub fn place_ghoul_as_spider(t: &mut T, id: &str, x: i32, y: i32, side: &str) {
    place_as(t, id, x, y, side, (id == "ghoul").then_some("cave-spider"));
}

/// Vera at (0, 0) with a ghoul east of her and a rat south of her, both biting like the sample
/// cave spider; Bram far off at (0, 6).
pub fn place_vera_between_ghoul_and_rat(t: &mut T) {
    for (id, x, y, side) in [
        ("vera", 0, 0, "crows"),
        ("bram", 0, 6, "crows"),
        ("ghoul", 1, 0, "enemies"),
        ("rat", 0, 1, "enemies"),
    ] {
        let card = (id != "vera" && id != "bram").then_some("cave-spider");
        place_as(t, id, x, y, side, card);
    }
}

/// Answers the initiative decision as the player `roller` with this d10.
pub fn initiative(t: &mut T, roller: &str, d10: i64) {
    t.referee_rules(json!({"roll_initiative": {"roller": roller}}), &[]);
    let d = t.decision("crows.combat.initiative");
    t.run(
        &player(roller),
        json!({"answer": {"decision": d.id, "option": "roll"}}),
        &[d10],
    )
    .unwrap();
}

/// Starts the fight, then round 1 with the crows in this order and Alice rolling this
/// initiative d10.
pub fn start_with_initiative(t: &mut T, crows: &[&str], d10: i64) {
    t.referee_rules(json!({"start_combat": {}}), &[]);
    t.referee_rules(
        json!({"order_side": {"side": "crows", "order": crows}}),
        &[],
    );
    initiative(t, "alice", d10);
}

/// Starts the fight and round 1 with the crows first (initiative 9), in the order given.
pub fn start(t: &mut T, crows: &[&str]) {
    start_with_initiative(t, crows, 9);
}

pub fn stamina(t: &T, id: &str) -> u64 {
    t.creature(id)["stamina"].as_u64().unwrap()
}

/// Where `id` stands in the fight.
pub fn at(t: &T, id: &str) -> Value {
    t.state()["combat"]["placements"][id]["at"].clone()
}

/// The modifiers of `id`'s last test, as text.
pub fn modifiers(t: &T, id: &str) -> String {
    t.state()["last_tests"][id]["spec"]["modifiers"].to_string()
}

/// Puts the item `card` (a spellbook) in `who`'s hand slot `hand`; returns its item id.
pub fn book(t: &mut T, who: &str, card: &str, hand: u8) -> u64 {
    let id = t.state()["next_item"].as_u64().unwrap().max(1);
    t.referee_rules(
        json!({"place_item": {"creature": who, "card": card,
            "slots": [{"kind": "Hand", "number": hand}]}}),
        &[],
    );
    id
}

/// `who` casts from the spellbook `item` at these targets.
pub fn cast(who: &str, item: u64, targets: &[&str]) -> Value {
    r(json!({"cast": {"creature": who, "item": item, "targets": targets}}))
}
