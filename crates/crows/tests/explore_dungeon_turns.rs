//! CR-DT and CR-ENC: dungeon turns, the end-of-turn pipeline, encounter checks, greed.

mod common;

use common::pure::crow;

use std::collections::BTreeSet;

use crows::conditions::ConditionKind;
use crows::creature::{Creature, EndOfTurnFaces, WorldOptions};
use crows::damage::DamageOutcome;
use crows::dungeon_turns::{
    Actor, DungeonClock, DungeonTurnError, EndOfTurnEvent, EndOfTurnInput, GREED_TABLE,
    GreedLedger, OutsideClock, Remaining, TurnEffect, TurnLength, greed_percent, greed_value,
    outside_turn_end,
};
use crows::encounters::{
    self, CheckOutcome, CheckReason, DUNGEON_THRESHOLDS, EncounterDecision, EncounterError,
    EncounterOptions, LevelState, SecludeCampSign,
};
use crows::inventory::{CarriedItem, ItemId, MagicSlot, SlotRef};
use crows::usage_dice::{EffectUsage, ItemUsage, UsageKeyword, UsageLine};

const MIN: u64 = 60_000;

fn torch(id: u32, dice: u8) -> CarriedItem {
    let mut t = CarriedItem::new(ItemId(id), "torch", 1);
    let mut u = ItemUsage::new(
        "torch",
        UsageLine {
            dice,
            keywords: vec![UsageKeyword::DungeonTurn, UsageKeyword::Useless],
            refuel_with: None,
        },
    )
    .unwrap()
    .as_light_source();
    u.light().unwrap();
    t.usage = Some(u);
    t
}

fn input(faces: Vec<EndOfTurnFaces>, d10: u8) -> EndOfTurnInput {
    EndOfTurnInput {
        faces,
        encounter_face: d10,
        level: LevelState::default(),
        threshold_modifier: 0,
        encounter_options: EncounterOptions::default(),
        world: WorldOptions::default(),
        tables: vec!["goblins".into()],
        rooms_face: None,
    }
}

#[test]
fn cr_dt_01_entering_starts_turn_one_and_turns_count_per_visit() {
    let mut c = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    assert_eq!(c.turn, 1);
    let mut party: Vec<Creature> = vec![];
    c.end_turn(&mut party, &mut vec![], &input(vec![], 1))
        .unwrap();
    assert_eq!(c.turn, 2);
    let again = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    assert_eq!(again.turn, 1, "a new visit numbers its turns from 1");
}

#[test]
fn cr_dt_02_thirty_minutes_by_default_and_status_shared() {
    assert_eq!(
        TurnLength::default(),
        TurnLength::RealMinutes { minutes: 30 }
    );
    let mut c = DungeonClock::enter("crypt", TurnLength::default(), None).unwrap();
    assert!(!c.tick(29 * MIN));
    assert_eq!(c.status().remaining, Remaining::RealTime { ms: MIN });
    assert_eq!(c.status().turn, 1);
    assert!(c.tick(MIN));
    assert_eq!(c.status().remaining, Remaining::RealTime { ms: 0 });
}

#[test]
fn cr_dt_03_only_the_referee_pauses_and_pause_stops_the_timer() {
    let mut c = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    let player = Actor::Player { id: "p1".into() };
    assert_eq!(c.pause(&player), Err(DungeonTurnError::NotReferee));
    c.tick(10 * MIN);
    c.pause(&Actor::Referee).unwrap();
    assert!(c.status().paused);
    assert!(!c.tick(60 * MIN), "a paused timer does not run");
    assert_eq!(c.resume(&player), Err(DungeonTurnError::NotReferee));
    c.resume(&Actor::Referee).unwrap();
    assert_eq!(
        c.resume(&Actor::Referee),
        Err(DungeonTurnError::AlreadyInState("running"))
    );
    assert!(!c.tick(19 * MIN));
    assert!(c.tick(MIN));
}

#[test]
fn cr_dt_04_turns_carry_no_fictional_time() {
    // The clock only counts real time or rooms; the status never states in-game minutes.
    let c = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    let json = serde_json::to_value(c.status()).unwrap();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 3);
    assert!(json.get("game_minutes").is_none());
    assert_eq!(json["remaining"]["ms"], 30 * MIN);
}

#[test]
// Covers CR-DT-05.
fn cr_dt_05_length_variants_20_60_and_rooms() {
    for (len, minutes) in [
        (TurnLength::INTENSE, 20u64),
        (TurnLength::STANDARD, 30),
        (TurnLength::RELAXED, 60),
    ] {
        let mut c = DungeonClock::enter("crypt", len, None).unwrap();
        assert!(!c.tick(minutes * MIN - 1));
        assert!(c.tick(1), "{minutes}-minute turn");
        assert_eq!(
            DungeonClock::enter("crypt", len, Some(3)),
            Err(DungeonTurnError::UnexpectedRoomsRoll)
        );
    }
    assert_eq!(
        DungeonClock::enter("crypt", TurnLength::RealMinutes { minutes: 0 }, None),
        Err(DungeonTurnError::BadLength(0))
    );
    // Rooms: 1d6 rolled at the start of each turn.
    assert_eq!(
        DungeonClock::enter("crypt", TurnLength::Rooms, None),
        Err(DungeonTurnError::MissingRoomsRoll)
    );
    assert_eq!(
        DungeonClock::enter("crypt", TurnLength::Rooms, Some(7)),
        Err(DungeonTurnError::BadRoomsRoll(7))
    );
    let mut c = DungeonClock::enter("crypt", TurnLength::Rooms, Some(2)).unwrap();
    assert!(
        !c.tick(120 * MIN),
        "real time does not end a room-based turn"
    );
    assert!(!c.room_explored().unwrap());
    assert_eq!(c.status().remaining, Remaining::Rooms { rooms: 1 });
    assert!(c.room_explored().unwrap());
    let mut party: Vec<Creature> = vec![];
    let mut i = input(vec![], 1);
    assert_eq!(
        c.end_turn(&mut party, &mut vec![], &i),
        Err(DungeonTurnError::MissingRoomsRoll)
    );
    i.rooms_face = Some(5);
    c.end_turn(&mut party, &mut vec![], &i).unwrap();
    assert_eq!(c.status().remaining, Remaining::Rooms { rooms: 5 });
    let mut timed = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    assert_eq!(timed.room_explored(), Err(DungeonTurnError::NotRoomBased));
}

#[test]
fn cr_dt_06_end_of_turn_pipeline_in_order() {
    let mut anna = crow("anna");
    anna.inventory
        .add(torch(1, 3), &[SlotRef::hand(1)])
        .unwrap();
    anna.effects.push(EffectUsage::new("shield spell", 1));
    anna.conditions.apply(ConditionKind::Blessed).unwrap();
    let ring1 = CarriedItem::new(ItemId(2), "ring a", 1).magical(Some(MagicSlot::Finger));
    let ring2 = CarriedItem::new(ItemId(3), "ring b", 1).magical(Some(MagicSlot::Finger));
    anna.inventory.add(ring1, &[SlotRef::belt(1)]).unwrap();
    anna.inventory.add(ring2, &[SlotRef::belt(2)]).unwrap();
    anna.inventory
        .wear_magic_item(ItemId(2), MagicSlot::Finger)
        .unwrap();
    anna.inventory
        .wear_magic_item(ItemId(3), MagicSlot::Finger)
        .unwrap();
    let mut ogre = crow("ogre");
    ogre.conditions.knock_out();
    let mut party = vec![anna, ogre];
    let want = party[0].end_of_turn_dice();
    assert_eq!(want.items, vec![(ItemId(1), 3)]);
    assert!(want.overload_d6);
    let faces = vec![
        EndOfTurnFaces {
            items: vec![(ItemId(1), vec![1, 5, 6])],
            effects: vec![(0, vec![2])],
            overload_d6: Some(3),
        },
        EndOfTurnFaces::default(),
    ];
    let mut turn_effects = vec![TurnEffect {
        creature: 0,
        name: "darkvision (DT)".into(),
    }];
    let mut clock = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    let s = clock
        .end_turn(&mut party, &mut turn_effects, &input(faces, 9))
        .unwrap();
    let steps: Vec<&str> = s.creatures[0]
        .events
        .iter()
        .map(|e| match e {
            EndOfTurnEvent::ItemUsage { .. } => "item",
            EndOfTurnEvent::EffectUsage { .. } => "effect",
            EndOfTurnEvent::ConditionEnded { .. } => "condition",
            EndOfTurnEvent::TurnEffectEnded { .. } => "turn effect",
            EndOfTurnEvent::OverloadWounds { .. } => "overload",
            EndOfTurnEvent::Woke => "woke",
        })
        .collect();
    assert_eq!(
        steps,
        ["item", "effect", "condition", "turn effect", "overload"]
    );
    assert!(matches!(
        &s.creatures[0].events[4],
        EndOfTurnEvent::OverloadWounds {
            outcome: DamageOutcome::PlaceWounds(_)
        }
    ));
    assert_eq!(s.creatures[1].events, vec![EndOfTurnEvent::Woke]);
    assert!(!party[1].conditions.has(ConditionKind::Unconscious));
    assert_eq!(
        party[0]
            .inventory
            .item(ItemId(1))
            .unwrap()
            .usage
            .as_ref()
            .unwrap()
            .pool
            .current,
        2
    );
    assert!(party[0].effects.is_empty(), "the effect's pool hit 0");
    assert!(!party[0].conditions.has(ConditionKind::Blessed));
    assert!(turn_effects.is_empty());
    // Encounter check after the creatures, then the new turn.
    assert_eq!(s.encounter.outcome, CheckOutcome::Sign { due_turn: 2 });
    assert_eq!(s.ended_turn, 1);
    assert_eq!(s.new_turn, 2);
    assert_eq!(s.due_this_turn.len(), 1);
    // Bad faces change nothing.
    let before = party.clone();
    let bad = vec![EndOfTurnFaces::default(), EndOfTurnFaces::default()];
    assert!(
        clock
            .end_turn(&mut party, &mut vec![], &input(bad, 1))
            .is_err()
    );
    assert_eq!(party, before);
    assert_eq!(clock.turn, 2);
}

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
    assert_eq!(o.carried_minutes(), 30);
    // A torch carried through a night forest: each 2 hours rolls its dice once.
    let mut anna = crow("anna");
    anna.inventory
        .add(torch(1, 2), &[SlotRef::hand(1)])
        .unwrap();
    anna.conditions.apply(ConditionKind::Vulnerable).unwrap();
    let mut party = vec![anna];
    let turns = OutsideClock::default().advance(4 * 60);
    assert_eq!(turns, 2);
    let face_sets = [vec![1, 6], vec![2]];
    for f in face_sets.iter().take(turns as usize) {
        let faces = vec![EndOfTurnFaces {
            items: vec![(ItemId(1), f.clone())],
            ..EndOfTurnFaces::default()
        }];
        outside_turn_end(&mut party, &mut vec![], &faces, &WorldOptions::default()).unwrap();
        assert!(!party[0].conditions.has(ConditionKind::Vulnerable));
    }
    let u = party[0]
        .inventory
        .item(ItemId(1))
        .unwrap()
        .usage
        .clone()
        .unwrap();
    assert_eq!(u.pool.current, 0);
    assert!(u.useless, "the torch burned out");
}

#[test]
fn cr_dt_10_starting_a_rest_ends_the_turn_without_a_check() {
    let mut c = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    c.tick(12 * MIN);
    assert_eq!(c.start_rest(), Ok(1));
    assert_eq!(c.status().remaining, Remaining::Resting);
    assert!(!c.tick(600 * MIN), "no turn runs during a rest");
    assert!(c.pending.is_empty(), "no encounter check was made");
    let mut party: Vec<Creature> = vec![];
    assert_eq!(
        c.end_turn(&mut party, &mut vec![], &input(vec![], 10)),
        Err(DungeonTurnError::Resting)
    );
    let (turn, due) = c.end_rest(None).unwrap();
    assert_eq!(turn, 2);
    assert!(due.is_empty());
    assert_eq!(c.status().remaining, Remaining::RealTime { ms: 30 * MIN });
}

#[test]
fn cr_enc_01_extra_check_for_a_loud_action() {
    let mut c = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    let chk = c.loud_action_check("door smashed", 9, 9).unwrap();
    assert_eq!(
        chk.reason,
        CheckReason::LoudAction {
            what: "door smashed".into()
        }
    );
    assert_eq!(chk.outcome, CheckOutcome::Sign { due_turn: 2 });
    assert_eq!(c.pending.len(), 1);
    assert_eq!(
        c.loud_action_check("x", 11, 9),
        Err(DungeonTurnError::Encounter(EncounterError::BadFace(11)))
    );
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
    // Through the pipeline: a crowded level with a trail of chaos triggers on a 7.
    let mut c = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    let mut i = input(vec![], 7);
    i.level = LevelState {
        crowded: true,
        chaos_trail: true,
    };
    let s = c.end_turn(&mut [], &mut vec![], &i).unwrap();
    assert_eq!(s.encounter.threshold, 7);
    assert_eq!(s.encounter.outcome, CheckOutcome::Sign { due_turn: 2 });
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
    assert_eq!(
        encounters::pick_table(&two, "undead"),
        Ok(EncounterDecision::RollOnTable {
            table: "undead".into()
        })
    );
    assert_eq!(
        encounters::pick_table(&two, "dragons"),
        Err(EncounterError::UnknownTable("dragons".into()))
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
    // The clock keeps it pending and reminds the Referee when its turn starts.
    let mut clock = DungeonClock::enter("crypt", TurnLength::STANDARD, None).unwrap();
    let s = clock
        .end_turn(&mut [], &mut vec![], &input(vec![], 9))
        .unwrap();
    assert_eq!(s.due_this_turn[0].due_turn, 2);
    assert_eq!(clock.resolve_pending(0).map(|p| p.due_turn), Some(2));
    assert!(clock.pending.is_empty());
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
