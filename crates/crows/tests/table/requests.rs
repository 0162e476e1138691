//! Item cards written at the table (`edit_item`, CR-INV-08) and crows a player asks for
//! (`request_character` → the Referee's `crows.core.character_request`).

use crate::common::*;

fn torch_for_vera(t: &mut T) -> u64 {
    t.referee_rules(
        json!({"place_item": {"creature": "vera", "custom": {"name": "Torch", "slots": 1},
            "slots": [{"kind": "Hand", "number": 1}]}}),
        &[],
    );
    let items = t.creature("vera")["inventory"]["items"].clone();
    items
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["item"]["name"] == "Torch")
        .map(|s| s["item"]["id"].as_u64().unwrap())
        .unwrap()
}

fn item_of(t: &T, creature: &str, id: u64) -> Value {
    t.creature(creature)["inventory"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["item"]["id"] == id)
        .map(|s| s["item"].clone())
        .unwrap()
}

#[test]
// Covers CR-INV-08: a card's notes are written by its player, renamed only by the Referee.
fn cr_inv_08_item_card_notes_are_editable_and_only_the_referee_renames() {
    let mut t = party();
    let torch = torch_for_vera(&mut t);
    t.ok(
        &player("alice"),
        r(json!({"edit_item": {"creature": "vera", "item": torch, "notes": "  soaked in oil  "}})),
        &[],
    );
    let item = item_of(&t, "vera", torch);
    assert_eq!(item["notes"], "soaked in oil");
    assert_eq!(item["name"], "Torch");
    // Renaming is the Referee's; Bob may not touch Vera's cards at all.
    let rename = r(json!({"edit_item": {"creature": "vera", "item": torch, "name": "Sun"}}));
    assert_eq!(
        refusal(&mut t, &player("alice"), rename.clone(), &[]).as_deref(),
        Some("CR-INV-08")
    );
    let before = t.table.state_json();
    assert!(matches!(
        t.run(&player("bob"), rename.clone(), &[]),
        Err(EngineError::NotAllowed(_))
    ));
    assert_eq!(t.table.state_json(), before);
    t.ok(&referee(), rename, &[]);
    let item = item_of(&t, "vera", torch);
    assert_eq!(item["name"], "Sun");
    assert_eq!(item["notes"], "soaked in oil", "renaming keeps the notes");
    // Bad edits change nothing and name the rule or limit.
    for (cmd, rule) in [
        (json!({"creature": "vera", "item": torch}), "CR-INV-08"),
        (
            json!({"creature": "vera", "item": torch, "name": " "}),
            "CR-INV-08",
        ),
        (
            json!({"creature": "vera", "item": torch, "notes": "x".repeat(501)}),
            "MAX_ITEM_NOTES",
        ),
    ] {
        assert_eq!(
            refusal(&mut t, &referee(), r(json!({ "edit_item": cmd })), &[]).as_deref(),
            Some(rule)
        );
    }
    let e = t
        .run(
            &referee(),
            r(json!({"edit_item": {"creature": "vera", "item": 999, "notes": "x"}})),
            &[],
        )
        .unwrap_err();
    assert!(e.to_string().contains("no item 999"), "{e}");
    // Clearing the notes removes them from the card.
    t.ok(
        &player("alice"),
        r(json!({"edit_item": {"creature": "vera", "item": torch, "notes": ""}})),
        &[],
    );
    assert!(item_of(&t, "vera", torch).get("notes").is_none());
    t.assert_replays();
}

fn request(name: &str, agility: i64) -> Value {
    r(
        json!({"request_character": {"name": name, "ancestry": "dwarf",
        "characteristics": {"agility": agility, "mind": 0, "strength": -1}, "stamina": 5}}),
    )
}

fn carol_table() -> T {
    let mut t = party();
    t.ok(
        &referee(),
        json!({"join": {"name": "carol", "role": "player"}}),
        &[],
    );
    t
}

#[test]
// Covers CR-CORE-09, CR-CORE-13: a player's requested crow, approved by the Referee, is
// created as `create_creature` would and bound to that player.
fn cr_core_09_a_requested_crow_is_created_and_bound_when_the_referee_approves() {
    let mut t = carol_table();
    t.ok(&player("carol"), request("Corvin Ash", 2), &[]);
    let d = t.decision("crows.core.character_request");
    assert_eq!(d.answerer, engine::Answerer::Referee);
    // The player sees the request waiting; other players do not.
    let seen_by = |who: &str| {
        t.table.view(&Viewer::Player(who.into()))["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["id"] == d.id.as_str())
    };
    assert!(seen_by("carol"));
    assert!(!seen_by("alice"));
    // A second request while one waits is refused; a player cannot answer it.
    assert!(t.run(&player("carol"), request("Other", 0), &[]).is_err());
    assert!(t.answer(&player("carol"), &d.id, "approve", None).is_err());
    t.answer(&referee(), &d.id, "approve", None).unwrap();
    // The id is the name and a random suffix (it reveals no other creature's id).
    let bound: Vec<String> = t.table.core().participants.players["carol"]
        .iter()
        .cloned()
        .collect();
    assert_eq!(bound.len(), 1, "{bound:?}");
    let id = bound[0].clone();
    assert!(id.starts_with("corvin-ash-"), "{id}");
    let c = t.creature(&id);
    assert_eq!(c["name"], "Corvin Ash");
    assert_eq!(c["kind"], "crow");
    assert_eq!(c["ancestry"], "dwarf");
    assert_eq!(c["characteristics"]["agility"], 2);
    assert_eq!(c["characteristics"]["strength"], -1);
    assert_eq!(c["max_stamina"], 5);
    // Carol now acts for her crow, and may not ask for another while it lives.
    // (the command is hers to give: it fails on the rule, not on who gives it).
    let e = t
        .run(
            &player("carol"),
            r(json!({"take_off_armor": {"creature": id}})),
            &[],
        )
        .unwrap_err();
    assert_eq!(rule_of(e).1.as_deref(), Some("CR-INV-09"));
    assert!(t.run(&player("carol"), request("Spare", 0), &[]).is_err());
    // Alice already plays Vera.
    assert!(t.run(&player("alice"), request("Spare", 0), &[]).is_err());
    t.assert_replays();
}

#[test]
// Covers CR-CORE-09: a new crow's characteristics are −1…2; a refusal tells the player.
fn cr_core_09_a_request_out_of_range_is_refused_and_a_refusal_reaches_the_player() {
    let mut t = carol_table();
    assert_eq!(
        refusal(&mut t, &player("carol"), request("Corvin", 3), &[]).as_deref(),
        Some("CR-CORE-09")
    );
    assert!(refusal(&mut t, &referee(), request("Corvin", 1), &[]).is_none());
    assert!(t.run(&player("carol"), request("  ", 1), &[]).is_err());
    t.ok(&player("carol"), request("Corvin", 1), &[]);
    let d = t.decision("crows.core.character_request");
    let events = t
        .answer(
            &referee(),
            &d.id,
            "refuse",
            Some("one crow per table tonight"),
        )
        .unwrap();
    let refused = events
        .iter()
        .find(|e| {
            matches!(&e.body, EventBody::Rules { event } if event.get("character_request_refused").is_some())
        })
        .expect("a refusal event");
    assert!(refused.visibility.allows(&Viewer::Player("carol".into())));
    assert!(!refused.visibility.allows(&Viewer::Player("alice".into())));
    let EventBody::Rules { event } = &refused.body else {
        unreachable!()
    };
    assert_eq!(
        event["character_request_refused"]["reason"],
        "one crow per table tonight"
    );
    assert_eq!(t.state()["creatures"].as_object().unwrap().len(), 2);
    assert!(t.table.core().participants.players["carol"].is_empty());
    // Her screen shows the refusal from her view (whatever part of the log it loaded); nobody
    // else's view carries it.
    assert_eq!(
        t.table.view(&Viewer::Player("carol".into()))["rules"]["request_refused"],
        json!({"name": "Corvin", "reason": "one crow per table tonight"})
    );
    assert!(t.table.view(&alice())["rules"]["request_refused"].is_null());
    assert!(
        t.table.view(&Viewer::Referee)["rules"]
            .get("request_refused")
            .is_none()
    );
    // Refused, she may ask again.
    t.ok(&player("carol"), request("Corvin", 1), &[]);
    t.assert_replays();
}

#[test]
// Covers the names a player chooses: a requested crow's name is normalised, may
// hold no invisible or control character, and may not look like a player character's name.
fn sec_18_8_a_requested_crows_name_is_normal_and_no_look_alike() {
    let mut t = carol_table();
    for (name, rule) in [
        ("V\u{435}ra", "names.look_alike"),
        ("VERA", "names.look_alike"),
        ("Vera\u{200b}", "names.characters"),
        ("\u{202e}areV", "names.characters"),
    ] {
        assert_eq!(
            refusal(&mut t, &player("carol"), request(name, 1), &[]).as_deref(),
            Some(rule),
            "{name:?}"
        );
    }
    t.ok(&player("carol"), request(" Corvin \u{a0} Ash ", 1), &[]);
    let d = t.decision("crows.core.character_request");
    assert_eq!(d.context["request"]["name"], "Corvin Ash");
}
