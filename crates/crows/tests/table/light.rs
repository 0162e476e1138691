//! Light from sources and positions (CR-LIGHT-01/02/05/06) and guessing the square of an
//! unseen silent creature (CR-LIGHT-05, CR-REF-24), driven through the engine.

use crate::common::*;
use crows::light::LightLevel;
use crows::ruleset::{CrowsState, light_level_of};

fn state(t: &T) -> CrowsState {
    serde_json::from_value(t.state()).expect("the state reads back")
}

fn level(t: &T, id: &str) -> LightLevel {
    light_level_of(&state(t), id)
}

fn at(t: &mut T, who: &str, x: i32, y: i32) {
    t.referee_rules(
        json!({"set_position": {"creature": who, "at": [x, y]}}),
        &[],
    );
}

fn item_id(t: &T, who: &str, name: &str) -> Value {
    t.creature(who)["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["item"]["name"] == name)
        .map(|i| i["item"]["id"].clone())
        .expect("carried")
}

/// Vera holds a lit torch (2/2) at (0, 0) in a dark dungeon; a goblin lurks.
fn torchlit() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS}]}}),
        &[],
    );
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "goblin", "name": "Goblin", "kind": "monster",
            "characteristics": {"agility": 1, "mind": 0, "strength": 0}, "stamina": 3}}),
        &[],
    );
    t.referee_rules(json!({"set_ambient_light": {"level": "darkness"}}), &[]);
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "card": "torch",
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    let torch = item_id(&t, "vera", "Torch");
    t.ok(
        &player("alice"),
        json!({"rules": {"light": {"creature": "vera", "item": torch}}}),
        &[],
    );
    at(&mut t, "vera", 0, 0);
    t
}

#[test]
// Covers CR-LIGHT-01, CR-LIGHT-02, CR-LIGHT-03, CR-INV-10.
fn cr_light_02_a_carried_lit_source_lights_the_squares_around_its_bearer() {
    let mut t = torchlit();
    assert_eq!(level(&t, "vera"), LightLevel::Bright);
    // Without a position the Referee's level (or the ambient light) applies.
    assert_eq!(level(&t, "bram"), LightLevel::Darkness);
    t.referee_rules(
        json!({"set_light_level": {"creature": "goblin", "level": "dim"}}),
        &[],
    );
    assert_eq!(level(&t, "goblin"), LightLevel::Dim);
    // 2/2: distance 0–2 bright, 3–4 dim, 5+ dark (diagonals count as straight lines).
    for (x, y, want) in [
        (2, 2, LightLevel::Bright),
        (3, -1, LightLevel::Dim),
        (4, 4, LightLevel::Dim),
        (5, 0, LightLevel::Darkness),
    ] {
        at(&mut t, "bram", x, y);
        assert_eq!(level(&t, "bram"), want, "at ({x}, {y})");
    }
    // A source's light overrides a dimmer level the Referee set for the creature.
    at(&mut t, "goblin", 1, 0);
    assert_eq!(level(&t, "goblin"), LightLevel::Bright);
    // In the backpack the torch lights nothing (only items in hand work, CR-INV-10).
    let torch = item_id(&t, "vera", "Torch");
    t.ok(
        &player("alice"),
        json!({"rules": {"move_items": {"creature": "vera", "moves": [{"item": torch,
            "to": [{"kind": "Backpack", "number": 1}]}]}}}),
        &[],
    );
    assert_eq!(level(&t, "vera"), LightLevel::Darkness);
    // Unknown position again: back to the ambient light.
    t.referee_rules(
        json!({"set_position": {"creature": "vera", "at": null}}),
        &[],
    );
    assert!(!state(&t).positions.contains_key("vera"));
    t.assert_replays();
}

#[test]
// Covers CR-LIGHT-02, CR-CORE-03, CR-INV-10.
fn cr_light_02_a_lantern_whose_card_allows_the_belt_lights_from_there() {
    let mut t = torchlit();
    t.referee_rules(
        json!({"place_item": {"creature": "bram", "card": "lantern",
            "slots": [{"kind": "Belt", "number": 1}]}}),
        &[],
    );
    let lantern = item_id(&t, "bram", "Hooded lantern");
    t.ok(
        &player("bob"),
        json!({"rules": {"light": {"creature": "bram", "item": lantern}}}),
        &[],
    );
    at(&mut t, "bram", 20, 0);
    at(&mut t, "goblin", 23, 0);
    // 3/3 from Bram's belt (its card's exception to CR-INV-10): 3 away is bright.
    assert_eq!(level(&t, "goblin"), LightLevel::Bright);
    // An attack on a target in light gets no bane; in dim light one bane (CR-LIGHT-04).
    at(&mut t, "goblin", 25, 0);
    assert_eq!(level(&t, "goblin"), LightLevel::Dim);
    t.referee_rules(
        json!({"test": {"creature": "bram", "characteristic": "strength",
            "kind": {"kind": "attack", "range": "melee"}, "target": "goblin"}}),
        &[9, 8],
    );
    assert_eq!(t.state()["last_tests"]["bram"]["banes"], 1);
}

#[test]
// Covers CR-LIGHT-06, CR-REF-34, CR-CORE-02, CR-ERR-21.
fn cr_light_06_placed_campfires_light_by_size_and_holy_shit_waits_for_the_referee() {
    let mut t = torchlit();
    t.referee_rules(
        json!({"place_light": {"id": "fire", "at": [40, 0], "campfire": "small"}}),
        &[],
    );
    at(&mut t, "bram", 45, 0);
    assert_eq!(level(&t, "bram"), LightLevel::Bright);
    at(&mut t, "bram", 50, 0);
    assert_eq!(level(&t, "bram"), LightLevel::Dim);
    at(&mut t, "bram", 51, 0);
    assert_eq!(level(&t, "bram"), LightLevel::Darkness);
    // "X/Y" sources too; one of the two forms, not both.
    let both = json!({"rules": {"place_light": {"id": "x", "at": [0, 0], "light": "1/1",
        "campfire": "tiny"}}});
    assert!(t.run(&referee(), both, &[]).is_err());
    // The table has no Holy Shit! row: the Referee must set one first (CR-REF-34).
    let huge = json!({"rules": {"place_light": {"id": "pyre", "at": [100, 0],
        "campfire": "holy_shit"}}});
    let (msg, rule) = rule_of(t.run(&referee(), huge.clone(), &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-REF-34"), "{msg}");
    t.referee_rules(
        json!({"set_house_rules": {"options": {"holy_shit_campfire": {"bright": 30, "dim": 30}}}}),
        &[],
    );
    t.ok(&referee(), huge, &[]);
    at(&mut t, "bram", 130, 0);
    assert_eq!(level(&t, "bram"), LightLevel::Bright);
    t.referee_rules(json!({"remove_light": {"id": "pyre"}}), &[]);
    assert_eq!(level(&t, "bram"), LightLevel::Darkness);
    assert!(
        t.run(
            &referee(),
            json!({"rules": {"remove_light": {"id": "pyre"}}}),
            &[]
        )
        .is_err()
    );
    t.assert_replays();
}

#[test]
// Covers CR-LIGHT-05, CR-REF-24.
fn cr_light_05_guessing_an_unseen_silent_creatures_square_keeps_its_position_secret() {
    let mut t = torchlit();
    at(&mut t, "goblin", 9, 3);
    let guess = |sq: [i32; 2]| {
        json!({"rules": {"guess_square": {"attacker": "vera", "target": "goblin",
            "square": sq}}})
    };
    // Bob does not control Vera.
    let e = t.run(&player("bob"), guess([9, 2]), &[]).unwrap_err();
    assert!(matches!(e, EngineError::NotAllowed(_)), "{e}");
    t.ok(&player("alice"), guess([9, 2]), &[]);
    let d = t.decision("crows.square_guess");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    assert_eq!(d.context["right"], false);
    assert_eq!(d.context["true_square"], json!([9, 3]));
    // Alice never learns where the goblin stands.
    let alice = project_log(&t.log, &Viewer::Player("alice".into()));
    let text = serde_json::to_string(&alice).unwrap();
    assert!(!text.contains("true_square"), "{text}");
    assert!(!text.contains("[9,3]"), "{text}");
    assert!(text.contains("square_guessed"));
    let view = t.table.view(&Viewer::Player("alice".into()));
    assert!(view["rules"]["positions"].get("goblin").is_none(), "{view}");
    assert_eq!(view["rules"]["positions"]["vera"], json!([0, 0]));
    assert_eq!(
        t.table.view(&Viewer::Referee)["rules"]["positions"]["goblin"],
        json!([9, 3])
    );
    // The Referee rules (whether it moves silently is theirs to say, CR-REF-24).
    t.answer(&referee(), &d.id, "automatic_miss", None).unwrap();
    let alice = project_log(&t.log, &Viewer::Player("alice".into()));
    let text = serde_json::to_string(&alice).unwrap();
    assert!(text.contains("automatic_miss"), "{text}");
    // In light there is nothing to guess (CR-LIGHT-05).
    at(&mut t, "goblin", 1, 1);
    let (msg, rule) = rule_of(t.run(&player("alice"), guess([1, 1]), &[]).unwrap_err());
    assert_eq!(rule.as_deref(), Some("CR-LIGHT-05"), "{msg}");
    t.assert_replays();
}

#[test]
// Covers CR-UD-05 (a torch's pool rolls at the end of a dungeon turn, not on use).
fn cr_ud_05_using_a_torch_rolls_nothing_and_says_when_it_rolls() {
    let mut t = torchlit();
    let torch = item_id(&t, "vera", "Torch");
    let before = item_named(&t, "vera", "Torch")["usage"].clone();
    let e = t
        .run(
            &player("alice"),
            json!({"rules": {"use_item": {"creature": "vera", "item": torch}}}),
            &[],
        )
        .unwrap_err();
    let text = format!("{e:?}");
    assert!(text.contains("not_on_activation"), "{text}");
    assert!(text.contains("end of each dungeon turn"), "{text}");
    let (_, rule) = rule_of(e);
    assert_eq!(rule.as_deref(), Some("CR-UD-05"));
    assert_eq!(item_named(&t, "vera", "Torch")["usage"], before);
    t.assert_replays();
}

#[test]
// Covers CR-UD-05, CR-UD-03, CR-LIGHT-02.
fn cr_ud_05_a_burnt_out_torch_gives_no_light() {
    let mut t = torchlit();
    t.referee_rules(
        json!({"enter_dungeon": {"dungeon": "crypt", "length": "manual"}}),
        &[],
    );
    assert_eq!(level(&t, "vera"), LightLevel::Bright);
    // The turn ends: the torch's three usage dice all come up 1 (the pool is spent: useless
    // for good), then the encounter check (1).
    t.ok(
        &referee(),
        json!({"clock": "end_exploration_turn"}),
        &[1, 1, 1, 1],
    );
    let torch = item_named(&t, "vera", "Torch");
    assert_eq!(torch["usage"]["useless"], true, "{torch}");
    assert_eq!(
        level(&t, "vera"),
        LightLevel::Darkness,
        "a useless torch sheds no light"
    );
    // Nothing rolls for it any more.
    t.ok(&referee(), json!({"clock": "end_exploration_turn"}), &[1]);
    t.assert_replays();
}

// ---- the battle grid's light map in the view (CR-LIGHT-01/02/08, CR-HIDE) ----

/// A pack with one torch that sheds 2/3 (the rulebook's worked example).
const LONG_TORCH: &str = r#"{"format": "delve-crows-pack", "version": 1,
    "pack": {"id": "grid-light-test", "name": "Grid light test"},
    "items": [{"id": "long-torch", "name": "Long torch", "slots": 1, "light": "2/3",
        "usage_dice": {"dice": 3, "keywords": ["dungeon_turn", "useless"]}}]}"#;

/// Gives `who` a lit `card` in hand 1 (lit by its controller `by`, or the Referee).
fn lit_in_hand(t: &mut T, who: &str, card: &str, name: &str, by: &Actor) {
    t.referee_rules(
        json!({"place_item": {"creature": who, "card": card,
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    let id = item_id(t, who, name);
    t.ok(
        by,
        json!({"rules": {"light": {"creature": who, "item": id}}}),
        &[],
    );
}

fn place_on_grid(t: &mut T, who: &str, x: i32, y: i32, side: &str) {
    t.referee_rules(
        json!({"place": {"creature": who, "at": {"x": x, "y": y}, "side": side}}),
        &[],
    );
}

/// A dark dungeon: Vera (Alice's) stands at (1, 1) with a lit 2/3 torch; a 1/1 lantern is
/// placed at (8, 1).
fn dark_grid() -> T {
    let mut t = party();
    t.referee_rules(
        json!({"load_pack": {"files": [{"name": "items.json", "text": ITEMS},
            {"name": "long.json", "text": LONG_TORCH}]}}),
        &[],
    );
    t.referee_rules(json!({"set_ambient_light": {"level": "darkness"}}), &[]);
    lit_in_hand(&mut t, "vera", "long-torch", "Long torch", &player("alice"));
    place_on_grid(&mut t, "vera", 1, 1, "crows");
    t.referee_rules(
        json!({"place_light": {"id": "lantern", "at": [8, 1], "light": "1/1"}}),
        &[],
    );
    t
}

fn combat_view(t: &T, viewer: &Viewer) -> Value {
    t.table.view(viewer)["rules"]["combat"].clone()
}

fn rows(combat: &Value) -> Vec<String> {
    combat["light"]["rows"]
        .as_array()
        .expect("a light map")
        .iter()
        .map(|r| r.as_str().expect("a row").to_string())
        .collect()
}

#[test]
// Covers CR-LIGHT-01, CR-LIGHT-02, CR-LIGHT-03.
fn cr_light_01_02_the_grid_view_lights_squares_from_a_carried_torch_and_a_placed_lantern() {
    let t = dark_grid();
    for viewer in [Viewer::Referee, Viewer::Player("alice".into())] {
        let combat = combat_view(&t, &viewer);
        // The drawn area: (0, 0) to two squares past the furthest thing, at least 10 × 7.
        assert_eq!(combat["light"]["width"], 10, "{combat}");
        assert_eq!(combat["light"]["height"], 7, "{combat}");
        let rows = rows(&combat);
        assert_eq!(rows.len(), 7);
        // Row 1: the torch at x = 1 is bright out to 2 squares (x 0–3), dim 3 more (x 4–6);
        // the lantern at x = 8 bright out to 1 (x 7–9).
        assert_eq!(rows[1], "bbbbdddbbb", "{rows:?}");
        // Row 3: 2 squares from the torch; 2 from the lantern (its dim ring).
        assert_eq!(rows[3], "bbbbdddddd", "{rows:?}");
        // Row 6: 5 from the torch (its last dim ring) and out of the lantern's reach.
        assert_eq!(rows[6], "ddddddd---", "{rows:?}");
        // The same rule as the attack banes: Vera's square is bright.
        assert_eq!(level(&t, "vera"), LightLevel::Bright);
    }
}

#[test]
fn cr_light_02_an_all_bright_grid_sends_no_light_map() {
    let mut t = party();
    place_on_grid(&mut t, "vera", 1, 1, "crows");
    let combat = combat_view(&t, &Viewer::Player("alice".into()));
    assert!(combat["creatures"].get("vera").is_some(), "{combat}");
    assert!(combat.get("light").is_none(), "{combat}");
}

#[test]
// Covers CR-HIDE-01, CR-LIGHT-02, CR-CBT-02.
/// A hireling in the Referee's service (it has hands for a torch) hidden from Vera.
fn cr_light_02_a_players_grid_omits_a_hidden_creature_and_its_light_the_referee_marks_it() {
    let mut t = dark_grid();
    t.referee_rules(
        json!({"create_creature": {"revealed": true, "id": "lurker-7q3x", "name": "SECRET-LURKER",
            "kind": "hireling", "characteristics": {"agility": 1, "mind": 0, "strength": 0},
            "stamina": 3}}),
        &[],
    );
    t.referee_rules(
        json!({"hide": {"creature": "lurker-7q3x", "from": ["vera"]}}),
        &[],
    );
    lit_in_hand(&mut t, "lurker-7q3x", "torch", "Torch", &referee());
    place_on_grid(&mut t, "lurker-7q3x", 12, 5, "enemies");

    // The Referee: the lurker, marked as unseen by Alice, its torch lighting the far corner,
    // and the drawn area reaching past it.
    let seen = combat_view(&t, &Viewer::Referee);
    assert_eq!(
        seen["creatures"]["lurker-7q3x"]["hidden_from"],
        json!(["alice"]),
        "{seen}"
    );
    assert!(
        seen["creatures"]["vera"].get("hidden_from").is_none(),
        "{seen}"
    );
    assert_eq!(seen["light"]["width"], 15, "{seen}");
    let referee_rows = rows(&seen);
    assert_eq!(&referee_rows[5][10..15], "bbbbb", "{referee_rows:?}");

    // Alice: no lurker, no torchlight around it, the area as if it were not there; nothing
    // in her combat view names it or marks anything hidden.
    let alice = combat_view(&t, &Viewer::Player("alice".into()));
    assert!(alice["creatures"].get("lurker-7q3x").is_none(), "{alice}");
    assert_eq!(alice["light"]["width"], 10, "{alice}");
    let alice_rows = rows(&alice);
    assert_eq!(alice_rows[5], "ddddddd---", "{alice_rows:?}");
    let text = alice.to_string();
    for secret in ["lurker", "SECRET-LURKER", "hidden_from"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    // Bob (Bram was not hidden from) sees it, unmarked, with its light.
    let bob = combat_view(&t, &Viewer::Player("bob".into()));
    assert!(bob["creatures"].get("lurker-7q3x").is_some(), "{bob}");
    assert!(!bob.to_string().contains("hidden_from"), "{bob}");
    assert_eq!(rows(&bob)[5], referee_rows[5]);
}
