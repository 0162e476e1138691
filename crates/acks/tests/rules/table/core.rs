//! Core: packs, characters, monsters hidden until revealed, the Judge's table rows.
use super::*;

#[test]
fn ac_gen_02_pack_schema_names_monsters_and_classes() {
    let schema = serde_json::to_value(delve_acks::ruleset::core::packs::pack_schema()).unwrap();
    let text = schema.to_string();
    for field in [
        "monsters",
        "classes",
        "hit_dice",
        "armour_class",
        "morale",
        "save_as",
        "number_appearing",
        "special",
        "hit_die",
    ] {
        assert!(text.contains(field), "{field} missing from the schema");
    }
    // The sample pack says it is made up.
    let sample: Value = serde_json::from_str(SAMPLE).unwrap();
    assert_eq!(sample["sample"], true);
    let t = T::new();
    let cards = &t.state()["content"]["monsters"];
    assert_eq!(cards["lantern_moth"]["hit_dice"], "3+2**");
    assert_eq!(
        t.state()["content"]["classes"]["wood_warden"]["searcher"],
        "elf"
    );
}

#[test]
fn ac_gen_02_bad_packs_are_refused_naming_file_line_and_field() {
    let mut t = T::empty();
    let bad = SAMPLE.replace("\"hit_dice\": \"2\"", "\"hit_dice\": \"two\"");
    let before = t.table.state_json();
    let e = t
        .run(
            &judge(),
            json!({"rules": {"load_pack": {"files": [{"name": "mine.json", "text": bad}]}}}),
            &[],
        )
        .unwrap_err();
    let engine::EngineError::Rule(r) = e else {
        panic!("{e}")
    };
    assert_eq!(r.code, "bad_pack");
    let issue = &r.issues[0];
    assert_eq!(issue.file, "mine.json");
    assert_eq!(issue.field, "monsters[1].hit_dice");
    let line = bad.lines().position(|l| l.contains("\"two\"")).unwrap() + 1;
    assert_eq!(issue.line, line);
    // A type error names its JSON path and line too.
    let bad = SAMPLE.replace("\"armour_class\": 3", "\"armour_class\": \"three\"");
    let e = t
        .run(
            &judge(),
            json!({"rules": {"load_pack": {"files": [{"name": "b.json", "text": bad}]}}}),
            &[],
        )
        .unwrap_err();
    let engine::EngineError::Rule(r) = e else {
        panic!("{e}")
    };
    assert_eq!(r.issues[0].field, "monsters[1].armour_class");
    assert!(r.issues[0].line > 1);
    assert_eq!(
        t.table.state_json(),
        before,
        "a refused pack changed nothing"
    );
    // Loading the same ids twice is refused.
    t.judge(
        json!({"load_pack": {"files": [{"name": "s.json", "text": SAMPLE}]}}),
        &[],
    );
    let code = t.refused(
        &judge(),
        json!({"load_pack": {"files": [{"name": "again.json", "text": SAMPLE}]}}),
    );
    assert!(
        code.starts_with("bad_pack") && code.contains("already loaded"),
        "{code}"
    );
}

#[test]
fn ac_enc_11_monsters_are_hidden_from_players_until_revealed() {
    let mut t = T::new();
    // Hit points from the card's Hit Dice (1+1: 1d8+1), rolled for the Judge only.
    t.judge(
        json!({"add_monster": {"id": "rat1", "card": "gloom_rat"}}),
        &[6],
    );
    assert_eq!(t.state()["creatures"]["rat1"]["hp"], 6);
    for p in ["ann", "bob"] {
        assert!(t.player_view(p)["rules"]["creatures"].get("rat1").is_none());
        assert!(
            !t.log_of(&Viewer::Player(p.into()))
                .to_string()
                .contains("rat1")
        );
    }
    // A player naming the hidden monster gets the refusal of a missing one.
    let hidden = t.refused(&player("ann"), json!({"flee": {"characters": ["rat1"]}}));
    let missing = t.refused(&player("ann"), json!({"flee": {"characters": ["nobody"]}}));
    assert_eq!(hidden.replace("rat1", "X"), missing.replace("nobody", "X"));
    t.judge(json!({"reveal": {"creature": "rat1"}}), &[]);
    let seen = &t.player_view("ann")["rules"]["creatures"]["rat1"];
    assert_eq!(seen["what"], "Gloom rat (sample)");
    assert!(
        seen.get("hp").is_none(),
        "a revealed monster's hit points stay the Judge's"
    );
    assert!(
        t.refused(&judge(), json!({"reveal": {"creature": "rat1"}}))
            .starts_with("already_revealed")
    );
    t.assert_replays();
}

#[test]
fn characters_are_bound_to_their_players_and_refusals_change_nothing() {
    let mut t = T::new();
    assert!(t.table.core().participants.controls("ann", "brena"));
    assert!(t.table.core().participants.controls("bob", "odo"));
    assert_eq!(
        t.player_view("ann")["rules"]["creatures"]["brena"]["mine"],
        true
    );
    assert_eq!(
        t.player_view("bob")["rules"]["creatures"]["brena"]["mine"],
        false
    );
    // A player may not act for another's character, nor run the Judge's commands.
    let e = t
        .run(
            &player("bob"),
            json!({"rules": {"light": {"character": "brena", "kind": "torch"}}}),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, engine::EngineError::NotAllowed(_)), "{e}");
    let e = t
        .run(
            &player("bob"),
            json!({"rules": {"add_monster": {"id": "x", "card": "gloom_rat", "hp": 3}}}),
            &[],
        )
        .unwrap_err();
    assert!(matches!(e, engine::EngineError::NotAllowed(_)), "{e}");
    for (cmd, code) in [
        (
            json!({"add_character": {"id": "brena", "name": "B", "class": "sellsword", "level": 1,
            "abilities": {"strength": 10, "intelligence": 10, "wisdom": 10, "dexterity": 10,
            "constitution": 10, "charisma": 10}, "hp": 5}}),
            "duplicate_creature",
        ),
        (
            json!({"add_character": {"id": "zed", "name": "Z", "class": "wizard", "level": 1,
            "abilities": {"strength": 10, "intelligence": 10, "wisdom": 10, "dexterity": 10,
            "constitution": 10, "charisma": 10}, "hp": 5}}),
            "unknown_class",
        ),
        (
            json!({"add_character": {"id": "zed", "name": "Z", "class": "sellsword", "level": 1,
            "abilities": {"strength": 19, "intelligence": 10, "wisdom": 10, "dexterity": 10,
            "constitution": 10, "charisma": 10}, "hp": 5}}),
            "bad_ability",
        ),
        (
            json!({"add_character": {"id": "zed", "name": "Z", "class": "wood_warden", "level": 11,
            "abilities": {"strength": 10, "intelligence": 10, "wisdom": 10, "dexterity": 10,
            "constitution": 10, "charisma": 10}, "hp": 5}}),
            "bad_level",
        ),
        (
            json!({"add_monster": {"id": "x", "card": "dragon", "hp": 3}}),
            "unknown_card",
        ),
    ] {
        let got = t.refused(&judge(), cmd);
        assert!(got.starts_with(code), "{got}");
    }
}

#[test]
fn ac_gen_03_the_judges_row_is_logged_with_old_and_new_and_used_by_later_rolls() {
    let mut t = T::new();
    let ev = t.judge(
        json!({"override_row": {"table": "t09_surprise", "index": 0,
            "row": {"total": "..=3", "surprised": true}}}),
        &[],
    );
    let e = &T::rules_events(&ev)[0]["row_overridden"];
    assert_eq!(e["old"], json!({"total": "..=2", "surprised": true}));
    assert_eq!(e["new"], json!({"total": "..=3", "surprised": true}));
    assert!(
        !t.log_of(&Viewer::Player("ann".into()))
            .to_string()
            .contains("row_overridden")
    );
    // A party die of 3 now surprises (the book's row: 1–2 only).
    t.judge(
        json!({"add_monster": {"id": "rat1", "card": "gloom_rat", "hp": 4}}),
        &[],
    );
    t.judge(
        json!({"begin_encounter": {"monsters": ["rat1"], "origin": "planned", "distance_ft": 30}}),
        &[],
    );
    t.judge(json!({"roll_surprise": {}}), &[3, 6]);
    assert_eq!(t.state()["encounter"]["party_surprised"]["brena"], true);
    // A row that does not fit, or no such row, changes nothing.
    for cmd in [
        json!({"override_row": {"table": "t09_surprise", "index": 0, "row": {"total": 3}}}),
        json!({"override_row": {"table": "t09_surprise", "index": 9, "row": {"total": "3", "surprised": false}}}),
        json!({"override_row": {"table": "t77", "index": 0, "row": {}}}),
    ] {
        let got = t.refused(&judge(), cmd);
        assert!(got.starts_with("bad_row"), "{got}");
    }
    t.assert_replays();
}

/// The Judge's Tables panel reads every table as it stands in the campaign (`table_rows`):
/// the list with how many rows are changed, one table's columns and rows as the JSON
/// `override_row` takes, the overridden rows marked; players and spectators are refused.
#[test]
fn ac_gen_02_the_judge_reads_the_tables_as_they_stand() {
    let mut t = T::new();
    let q = |t: &T, viewer: &Viewer, args: Value| t.table.query(viewer, "table_rows", &args);
    let list = q(&t, &Viewer::Referee, json!({})).unwrap();
    let tables = list["tables"].as_array().unwrap();
    assert_eq!(tables.len(), delve_acks::tables::TABLE_KEYS.len());
    let surprise = tables.iter().find(|x| x["key"] == "t09_surprise").unwrap();
    assert_eq!(
        (surprise["id"].as_str(), surprise["overridden"].as_u64()),
        (Some("T-09"), Some(0))
    );
    // The lost rows the Judge must enter are marked so.
    let ram = tables.iter().find(|x| x["key"] == "t24_ram").unwrap();
    assert_eq!(ram["confidence"], "not_found");
    let before = q(&t, &Viewer::Referee, json!({"table": "t09_surprise"})).unwrap();
    assert_eq!(
        before["rows"][0],
        json!({"total": "..=2", "surprised": true})
    );
    assert_eq!(before["columns"], json!(["total", "surprised"]));
    assert_eq!(before["overridden"], json!([]));
    // What the query gives is what an override takes: the row sent back changed.
    let mut row = before["rows"][0].clone();
    row["total"] = json!("..=3");
    t.judge(
        json!({"override_row": {"table": "t09_surprise", "index": 0, "row": row}}),
        &[],
    );
    let after = q(&t, &Viewer::Referee, json!({"table": "t09_surprise"})).unwrap();
    assert_eq!(after["rows"][0]["total"], "..=3");
    assert_eq!(after["overridden"], json!([0]));
    let list = q(&t, &Viewer::Referee, json!({})).unwrap();
    let surprise = list["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["key"] == "t09_surprise")
        .unwrap()
        .clone();
    assert_eq!(surprise["overridden"], 1);
    // Players and spectators are refused alike, before the table is even looked up.
    for viewer in [
        Viewer::Player("ann".into()),
        Viewer::Spectator("sam".into()),
    ] {
        for args in [
            json!({}),
            json!({"table": "t09_surprise"}),
            json!({"table": "t77"}),
        ] {
            let e = q(&t, &viewer, args).unwrap_err();
            assert_eq!(e.code, "judges_tables", "{e}");
        }
    }
    // An unknown table, or an argument the query does not take, is refused for the Judge.
    assert_eq!(
        q(&t, &Viewer::Referee, json!({"table": "t77"}))
            .unwrap_err()
            .code,
        "unknown_table"
    );
    assert_eq!(
        q(&t, &Viewer::Referee, json!({"tabel": "t09_surprise"}))
            .unwrap_err()
            .code,
        "bad_query"
    );
}

/// The schema shipped next to the sample pack (`crates/acks/packs/schema.json`, for pack
/// authors and their editors) is the one the loader's types generate. Regenerate it with
/// `ACKS_WRITE_SCHEMA=1 cargo test -p delve-acks schema_file`.
#[test]
fn ac_gen_02_schema_file_is_current() {
    let generated = serde_json::to_string_pretty(&delve_acks::ruleset::core::packs::pack_schema())
        .unwrap()
        + "\n";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("packs/schema.json");
    if std::env::var_os("ACKS_WRITE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), generated);
}
