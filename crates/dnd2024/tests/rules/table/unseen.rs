//! A hidden monster in the combat order (the engine's `combatant_visibility`): the players'
//! logs and views of the fight are those of a table without it, but for the time its turns
//! take; the Referee runs it as any other; revealed, it shows in its place.

use super::*;

fn alice() -> Viewer {
    Viewer::Player("alice".into())
}
fn bob() -> Viewer {
    Viewer::Player("bob".into())
}

/// Vera and Bram fight; the hidden goblin has rolled Initiative (in secret) in both tables.
fn duel() -> T {
    let mut t = party();
    t.dm(
        json!({"roll_initiative": {"creatures": ["vera", "bram"]}}),
        &[15, 5],
    );
    t.dm(json!({"roll_initiative": {"creatures": ["gob"]}}), &[10]);
    t.dm(
        json!({"start_combat": {"combatants": ["vera", "bram"]}}),
        &[],
    );
    t
}

/// What a viewer has of the table: its whole log and its whole view.
fn seen(t: &T, v: &Viewer) -> (Value, Value) {
    (t.log_for(v), t.table.view(v))
}

#[test]
fn dd_cbt_03_a_hidden_monster_put_into_the_combat_takes_its_turns_unseen_by_the_players() {
    let mut plain = duel();
    let mut lurk = duel();
    // The goblin joins the fight after Vera, unseen.
    lurk.clock(json!({"insert_combatant": {"who": "gob", "place": "next"}}));
    for v in [alice(), bob()] {
        assert_eq!(seen(&plain, &v), seen(&lurk, &v), "{v:?}, inserted");
    }
    assert_eq!(
        lurk.table.view(&Viewer::Referee)["clock"]["combat"]["order"],
        json!(["vera", "gob", "bram"])
    );
    // Vera's turn ends: the goblin acts (moving is its own business), then Bram. Meanwhile
    // the players' log has Vera's turn end and nothing of the goblin; their view still shows
    // Vera's turn as it stood when it ended.
    plain.clock(json!("end_turn"));
    lurk.clock(json!("end_turn"));
    assert_eq!(lurk.table.core().clock.acting(), Some("gob"));
    lurk.dm(json!({"move": {"creature": "gob", "feet": 20}}), &[]);
    for v in [alice(), bob()] {
        let (log, view) = seen(&lurk, &v);
        assert!(
            !log.to_string().contains("gob"),
            "{v:?} learns of the goblin"
        );
        assert!(
            !view.to_string().contains("gob"),
            "{v:?} learns of the goblin"
        );
        let combat = &view["clock"]["combat"];
        assert_eq!(combat["order"], json!(["vera", "bram"]));
        assert_eq!(combat["current"], json!(0));
        let plain_log = plain.log_for(&v);
        let n = log.as_array().unwrap().len();
        assert_eq!(
            plain_log.as_array().unwrap()[..n],
            log.as_array().unwrap()[..],
            "{v:?}: the same log so far"
        );
    }
    // Bram refused an action during the goblin's turn hears nothing of it.
    let code = lurk.refused(
        &player("bob"),
        json!({"take_action": {"creature": "bram", "action": "dodge"}}),
        &[],
    );
    assert_eq!(code, "not_your_turn");
    lurk.clock(json!("end_turn"));
    for v in [alice(), bob()] {
        assert_eq!(seen(&plain, &v), seen(&lurk, &v), "{v:?}, Bram's turn");
    }
    // A round on, the goblin's turn comes again, unseen; then the Referee shows it.
    plain.clock(json!("end_turn"));
    lurk.clock(json!("end_turn"));
    for v in [alice(), bob()] {
        assert_eq!(
            seen(&plain, &v),
            seen(&lurk, &v),
            "{v:?}, Vera's turn of round 2"
        );
    }
    lurk.clock(json!("end_turn"));
    assert_eq!(lurk.table.core().clock.acting(), Some("gob"));
    for v in [alice(), bob()] {
        assert_eq!(seen(&plain, &v).1, seen(&lurk, &v).1, "{v:?}, round 2");
    }
    lurk.dm(json!({"reveal_creature": {"creature": "gob"}}), &[]);
    let combat = lurk.table.view(&alice())["clock"]["combat"].clone();
    assert_eq!(combat["order"], json!(["vera", "gob", "bram"]));
    assert_eq!(combat["current"], json!(1), "revealed on its turn: it acts");
    lurk.assert_replays();
}
