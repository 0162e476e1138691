//! CR-DT and CR-ENC: the pure parts of dungeon turns (greed, turns outside a dungeon) and of
//! encounter checks. The turn itself is played by the explore family (table/dungeon_turns.rs).

use std::collections::BTreeSet;

use crows::dungeon_turns::{GREED_TABLE, GreedLedger, OutsideClock, greed_percent, greed_value};
use crows::encounters::{
    self, CheckOutcome, CheckReason, DUNGEON_THRESHOLDS, EncounterDecision, EncounterError,
    EncounterOptions, LevelState, SecludeCampSign,
};

#[test]
fn cr_dt_07_greed_reward_rows() {
    let rows: Vec<(u32, u32)> = GREED_TABLE.iter().map(|r| (r.turn, r.percent)).collect();
    assert_eq!(rows, [(1, 30), (2, 20), (3, 10)]);
    for r in GREED_TABLE {
        assert_eq!(greed_percent(r.turn), r.percent);
        assert_eq!(greed_value(100, r.turn), 100 + u64::from(r.percent));
    }
    assert_eq!(greed_percent(4), 0);
    assert_eq!(greed_value(200, 2), 240);
    assert_eq!(greed_value(15, 1), 19, "19.5 rounds down");
    assert_eq!(greed_value(200, 4), 200);
}

#[test]
fn cr_dt_08_greed_once_per_dungeon_per_player_set() {
    let mut ledger = GreedLedger::default();
    let players: BTreeSet<String> = ["p1", "p2"].into_iter().map(String::from).collect();
    let mut first = ledger.enter("crypt", &players);
    assert_eq!(first.value(200, 1), 260);
    first.close();
    assert_eq!(first.value(200, 1), 200, "leaving ends the window");
    // Same players, new characters or not: no second reward in this dungeon.
    let second = ledger.enter("crypt", &players);
    assert!(!second.open);
    assert_eq!(second.value(200, 1), 200);
    // Another dungeon, or other players: a fresh window.
    assert!(ledger.enter("tower", &players).open);
    let others: BTreeSet<String> = ["p3"].into_iter().map(String::from).collect();
    assert!(ledger.enter("crypt", &others).open);
}

#[test]
fn cr_dt_09_two_hours_outside_is_one_turn() {
    let mut o = OutsideClock::default();
    assert_eq!(o.advance(119), 0);
    assert_eq!(o.advance(1), 1);
    assert_eq!(o.advance(8 * 60), 4);
    assert_eq!(o.advance(150), 1);
}

#[test]
fn cr_enc_02_roll_at_least_the_threshold() {
    for face in 1..=10u8 {
        let c = encounters::check(CheckReason::EndOfTurn, face, 9, 1).unwrap();
        assert_eq!(c.outcome != CheckOutcome::Nothing, face >= 9, "face {face}");
        let c = encounters::check(CheckReason::EndOfTurn, face, 7, 1).unwrap();
        assert_eq!(c.outcome != CheckOutcome::Nothing, face >= 7, "face {face}");
    }
    assert_eq!(
        encounters::check(CheckReason::EndOfTurn, 0, 9, 1),
        Err(EncounterError::BadFace(0))
    );
}

#[test]
fn cr_enc_03_threshold_table_rows() {
    let rows: Vec<(bool, bool, u8)> = DUNGEON_THRESHOLDS
        .iter()
        .map(|r| (r.crowded, r.chaos_trail, r.threshold))
        .collect();
    assert_eq!(
        rows,
        [
            (false, false, 9),
            (true, false, 8),
            (false, true, 8),
            (true, true, 7)
        ]
    );
    for r in DUNGEON_THRESHOLDS {
        let level = LevelState {
            crowded: r.crowded,
            chaos_trail: r.chaos_trail,
        };
        assert_eq!(encounters::dungeon_threshold(level), r.threshold);
    }
}

#[test]
fn cr_enc_04_table_choice_is_the_referees() {
    let one = vec!["goblins".to_string()];
    let two = vec!["goblins".to_string(), "undead".to_string()];
    assert_eq!(
        encounters::table_decision(&one),
        Ok(EncounterDecision::RollOnTable {
            table: "goblins".into()
        })
    );
    assert_eq!(
        encounters::table_decision(&two),
        Ok(EncounterDecision::ChooseTable {
            tables: two.clone()
        })
    );
    assert_eq!(
        encounters::table_decision(&[]),
        Err(EncounterError::NoTable)
    );
}

#[test]
fn cr_enc_05_a_ten_is_immediate() {
    let c = encounters::check(CheckReason::EndOfTurn, 10, 9, 4).unwrap();
    assert_eq!(c.outcome, CheckOutcome::Immediate);
    assert_eq!(c.pending(), None);
    assert_eq!(
        c.decisions(&["goblins".into()]).unwrap(),
        vec![EncounterDecision::RollOnTable {
            table: "goblins".into()
        }]
    );
}

#[test]
fn cr_enc_06_sign_now_encounter_next_turn() {
    let c = encounters::check(CheckReason::EndOfTurn, 9, 9, 4).unwrap();
    assert_eq!(c.outcome, CheckOutcome::Sign { due_turn: 5 });
    assert_eq!(
        c.decisions(&["goblins".into()]).unwrap(),
        vec![
            EncounterDecision::GiveSign,
            EncounterDecision::ChooseMoment { turn: 5 },
            EncounterDecision::RollOnTable {
                table: "goblins".into()
            }
        ]
    );
}

#[test]
fn cr_enc_07_modifiers_and_cap() {
    let o = EncounterOptions::default();
    assert_eq!(encounters::modified_threshold(9, true, 0, &o), 10);
    assert_eq!(
        encounters::modified_threshold(10, true, 0, &o),
        10,
        "cap 10"
    );
    assert_eq!(encounters::modified_threshold(9, false, 3, &o), 10);
    assert_eq!(encounters::modified_threshold(2, false, -5, &o), 1);
    let lower = EncounterOptions {
        seclude_camp: SecludeCampSign::Lower,
        ..o
    };
    assert_eq!(encounters::modified_threshold(9, true, 0, &lower), 8);
    let uncapped = EncounterOptions {
        cap_at_ten: false,
        ..o
    };
    assert_eq!(encounters::modified_threshold(10, true, 0, &uncapped), 11);
    // Capped: a 10 always triggers; uncapped EN 11 never does.
    let c = encounters::check(CheckReason::DungeonRest, 10, 11, 1).unwrap();
    assert_eq!(c.outcome, CheckOutcome::Nothing);
}
