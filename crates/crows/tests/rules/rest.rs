//! CR-REST, CR-RACT and CR-TOWN: rest, rest activities and town days.

use crate::common::pure::crow;

use crows::conditions::ConditionKind;
use crows::creature::{Creature, Size, WorldOptions};
use crows::dungeon_turns::TurnEffect;
use crows::encounters::{CheckOutcome, EncounterOptions};
use crows::expertise::{ExpertiseName, RestPlace};
use crows::inventory::{ArmorKind, CarriedItem, ItemId, MagicSlot, SlotRef, WoundKind};
use crows::rest::{
    FinishInput, RestEncounter, RestError, RestHindrances, RestSession, RestSetting, RoadOutcome,
    check_can_rest, finish_rest, wounds_to_choose,
};
use crows::rest_activities::{
    ActivityError, ActivityOutcome, HARVEST_TABLE, RestActivity, harvest_dice, harvest_parts,
};
use crows::town::{ACTIVITIES_PER_DAY, TownDay, TownError};
use crows::usage_dice::{EffectUsage, ItemUsage, UsageKeyword, UsageLine};

fn wounded(name: &str, wounds: u8) -> Creature {
    let mut c = crow(name);
    for s in 1..=wounds {
        c.inventory.place_wound(s, WoundKind::Normal).unwrap();
    }
    c
}

fn usage(dice: u8, keywords: Vec<UsageKeyword>) -> ItemUsage {
    ItemUsage::new(
        "x",
        UsageLine {
            dice,
            keywords,
            refuel_with: None,
        },
    )
    .unwrap()
}

fn full_session() -> RestSession {
    let mut s = RestSession::start(RestSetting::Dungeon {
        threshold: 9,
        turn: 1,
    });
    s.pass_time(360);
    s
}

fn finish(wounds: Vec<u8>) -> FinishInput {
    FinishInput {
        minutes_asleep: 240,
        rations_eaten: 1,
        rations_needed: 1,
        place: RestPlace::Ordinary,
        tended: false,
        wounds_to_remove: wounds,
        spellbooks: vec![],
    }
}

#[test]
fn cr_rest_01_six_hours_four_asleep_one_ration() {
    let mut s = RestSession::start(RestSetting::NoEncounters);
    s.pass_time(359);
    let mut c = crow("anna");
    assert_eq!(
        finish_rest(&s, &mut c, &finish(vec![])),
        Err(RestError::TooShort {
            needed: 360,
            had: 359
        })
    );
    s.pass_time(1);
    let mut i = finish(vec![]);
    i.minutes_asleep = 239;
    assert!(matches!(
        finish_rest(&s, &mut c, &i),
        Err(RestError::TooLittleSleep { needed: 240, .. })
    ));
    i.minutes_asleep = 240;
    i.rations_eaten = 0;
    assert!(matches!(
        finish_rest(&s, &mut c, &i),
        Err(RestError::NotEnoughFood { needed: 1, .. })
    ));
    i.rations_eaten = 1;
    assert!(finish_rest(&s, &mut c, &i).is_ok());
}

#[test]
fn cr_rest_02_benefits_at_the_end() {
    let mut c = wounded("anna", 3);
    c.stamina = 2;
    c.expertises.learn(ExpertiseName::Athletics, 2);
    c.expertises.spend(ExpertiseName::Athletics).unwrap();
    let mut lamp = CarriedItem::new(ItemId(1), "rest lamp", 1);
    let mut u = usage(3, vec![UsageKeyword::Rest]);
    u.pool.current = 0;
    lamp.usage = Some(u);
    let mut book = CarriedItem::new(ItemId(2), "spellbook", 1);
    let mut u = usage(4, vec![UsageKeyword::Activate]);
    u.pool.current = 1;
    book.usage = Some(u);
    c.inventory.add(lamp, &[SlotRef::belt(1)]).unwrap();
    c.inventory.add(book, &[SlotRef::belt(2)]).unwrap();
    let s = full_session();
    assert_eq!(wounds_to_choose(&c, false), 1);
    let mut bad = c.clone();
    assert!(matches!(
        finish_rest(&s, &mut bad, &finish(vec![])),
        Err(RestError::WrongWoundCount { needed: 1, .. })
    ));
    let mut i = finish(vec![2]);
    i.spellbooks = vec![ItemId(2)];
    let b = finish_rest(&s, &mut c, &i).unwrap();
    assert_eq!(c.stamina, 10);
    assert_eq!(b.wounds_removed, vec![(2, WoundKind::Normal)]);
    assert_eq!(c.inventory.wound_at(2), None, "the chosen wound went");
    assert_eq!(c.inventory.wound_count(), 2);
    assert_eq!(c.expertises.uses_left(ExpertiseName::Athletics), 2);
    let pool = |c: &Creature, id| {
        c.inventory
            .item(ItemId(id))
            .unwrap()
            .usage
            .as_ref()
            .unwrap()
            .pool
    };
    assert_eq!(pool(&c, 1).current, 3);
    assert_eq!(pool(&c, 2).current, 4);
    // In the Miasma, expertise uses stay spent.
    c.expertises.spend(ExpertiseName::Athletics).unwrap();
    let mut i = finish(vec![1]);
    i.place = RestPlace::InMiasma;
    let b = finish_rest(&s, &mut c, &i).unwrap();
    assert!(!b.expertise_restored);
    assert_eq!(c.expertises.uses_left(ExpertiseName::Athletics), 1);
}

#[test]
fn cr_rest_03_rest_ends_the_turn_without_check() {
    let s = RestSession::start(RestSetting::Dungeon {
        threshold: 9,
        turn: 1,
    });
    assert_eq!(s.threshold(&EncounterOptions::default()), Ok(9));
}

#[test]
fn cr_rest_04_halfway_ends_turn_effects() {
    let mut c = crow("anna");
    c.conditions.apply(ConditionKind::Weakened).unwrap();
    c.conditions.apply(ConditionKind::Prone).unwrap();
    c.effects.push(EffectUsage::new("haste", 3));
    let mut torch = CarriedItem::new(ItemId(1), "torch", 1);
    let mut u = usage(3, vec![UsageKeyword::DungeonTurn]).as_light_source();
    u.light().unwrap();
    torch.usage = Some(u);
    c.inventory.add(torch, &[SlotRef::hand(1)]).unwrap();
    let mut party = vec![c];
    let mut te = vec![TurnEffect {
        creature: 0,
        name: "light spell".into(),
    }];
    let mut s = RestSession::start(RestSetting::NoEncounters);
    assert!(!s.pass_time(179));
    assert!(s.pass_time(1));
    let r = s
        .halfway(&mut party, &mut te, &WorldOptions::default())
        .unwrap();
    assert_eq!(r.creatures[0].1, vec![ConditionKind::Weakened]);
    assert_eq!(r.creatures[0].2, vec!["haste".to_string()]);
    assert_eq!(r.turn_effects_ended.len(), 1);
    assert!(te.is_empty());
    assert!(party[0].effects.is_empty());
    assert!(party[0].conditions.has(ConditionKind::Prone));
    // CR-ERR-34 default: the torch keeps burning.
    assert!(
        party[0]
            .inventory
            .item(ItemId(1))
            .unwrap()
            .usage
            .as_ref()
            .unwrap()
            .lit
    );
    assert_eq!(
        s.halfway(&mut party, &mut vec![], &WorldOptions::default()),
        Err(RestError::HalfwayDone)
    );
    assert!(!s.pass_time(60));
}

#[test]
fn cr_rest_06_overloaded_slot_or_unfed_insects_forbid_rest() {
    let mut c = crow("anna");
    assert!(check_can_rest(&c, &RestHindrances::default()).is_ok());
    assert!(matches!(
        check_can_rest(
            &c,
            &RestHindrances {
                unfed_insects: true
            }
        ),
        Err(RestError::CannotRest { .. })
    ));
    for id in [1, 2] {
        let r = CarriedItem::new(ItemId(id), "ring", 1).magical(Some(MagicSlot::Finger));
        c.inventory.add(r, &[SlotRef::belt(id as u8)]).unwrap();
        c.inventory
            .wear_magic_item(ItemId(id), MagicSlot::Finger)
            .unwrap();
    }
    assert!(matches!(
        check_can_rest(&c, &RestHindrances::default()),
        Err(RestError::CannotRest { .. })
    ));
    assert!(matches!(
        finish_rest(&full_session(), &mut c, &finish(vec![])),
        Err(RestError::CannotRest { .. })
    ));
    // Miasma 3–4: two rations.
    let mut d = crow("bo");
    let mut i = finish(vec![]);
    i.rations_needed = 2;
    assert!(matches!(
        finish_rest(&full_session(), &mut d, &i),
        Err(RestError::NotEnoughFood {
            needed: 2,
            had: 1,
            ..
        })
    ));
    i.rations_eaten = 2;
    assert!(finish_rest(&full_session(), &mut d, &i).is_ok());
}

#[test]
fn cr_rest_07_sleepers_are_unconscious_and_wake_on_noise() {
    // The sleeping part of a rest is the unconscious condition (read-only module use).
    let mut c = crow("anna");
    c.conditions.apply(ConditionKind::Unconscious).unwrap();
    assert!(c.conditions.wake(&WorldOptions::default()));
    assert!(!c.conditions.has(ConditionKind::Unconscious));
}

#[test]
fn cr_rest_08_rest_encounter_checks_by_place() {
    let o = EncounterOptions::default();
    let d = RestSession::start(RestSetting::Dungeon {
        threshold: 8,
        turn: 3,
    });
    match d.encounter_check(8, &o).unwrap() {
        RestEncounter::Dungeon { check } => {
            assert_eq!(check.outcome, CheckOutcome::Sign { due_turn: 4 })
        }
        other => panic!("{other:?}"),
    }
    match d.encounter_check(7, &o).unwrap() {
        RestEncounter::Dungeon { check } => assert_eq!(check.outcome, CheckOutcome::Nothing),
        other => panic!("{other:?}"),
    }
    let road = RestSession::start(RestSetting::Road { threshold: 9 });
    let outcome = |f| match road.encounter_check(f, &o).unwrap() {
        RestEncounter::Road { outcome, .. } => outcome,
        other => panic!("{other:?}"),
    };
    assert_eq!(outcome(8), RoadOutcome::Nothing);
    assert_eq!(outcome(9), RoadOutcome::RefereeSchedules);
    assert_eq!(outcome(10), RoadOutcome::Now);
    let town = RestSession::start(RestSetting::NoEncounters);
    assert_eq!(
        town.encounter_check(10, &o),
        Err(RestError::NoEncountersHere)
    );
}

#[test]
fn cr_rest_09_interrupted_rest_must_restart() {
    let mut s = full_session();
    s.camp_secluded = true;
    s.interrupt();
    let mut c = wounded("anna", 1);
    assert_eq!(
        finish_rest(&s, &mut c, &finish(vec![1])),
        Err(RestError::Interrupted)
    );
    assert_eq!(c.inventory.wound_count(), 1);
    s.restart();
    assert_eq!(s.minutes, 0);
    assert!(!s.camp_secluded && !s.interrupted && !s.halfway_done);
    s.pass_time(360);
    assert!(finish_rest(&s, &mut c, &finish(vec![1])).is_ok());
}

#[test]
fn cr_ract_04_harvest_table_rows() {
    let rows: Vec<(Size, u8)> = HARVEST_TABLE.iter().map(|r| (r.size, r.d6)).collect();
    assert_eq!(
        rows,
        [
            (Size::Tiny, 1),
            (Size::Small, 1),
            (Size::Medium, 1),
            (Size::Large, 2),
            (Size::Huge, 3),
            (Size::HolyShit, 4)
        ]
    );
    for r in HARVEST_TABLE {
        assert_eq!(harvest_dice(r.size), r.d6);
        let faces = vec![4; usize::from(r.d6)];
        assert_eq!(harvest_parts(r.size, &faces), Ok(4 * u32::from(r.d6)));
        assert!(harvest_parts(r.size, &faces[1..]).is_err());
    }
    assert_eq!(
        harvest_parts(Size::Tiny, &[7]),
        Err(ActivityError::BadFace(7))
    );
    // Played (the corpse destroyed, the parts rolled at the rest's end):
    // `cr_ract_04_harvest_rolls_parts_by_corpse_size_and_destroys_it` in table/rest.rs.
}

#[test]
fn cr_ract_08_seclude_camp_immediate_and_one_per_group() {
    // The session's side of it; one per group is the played rest's
    // (`cr_ract_08_cr_err_45_seclude_camp_raises_the_en_at_once_one_per_group`).
    let mut s = RestSession::start(RestSetting::Dungeon {
        threshold: 9,
        turn: 1,
    });
    let o = EncounterOptions::default();
    s.camp_secluded = true;
    assert_eq!(s.threshold(&o), Ok(10), "EN 9 raised to 10 at once");
    // A 9 no longer triggers, although the rest is not finished.
    match s.encounter_check(9, &o).unwrap() {
        RestEncounter::Dungeon { check } => assert_eq!(check.outcome, CheckOutcome::Nothing),
        other => panic!("{other:?}"),
    }
}

#[test]
fn cr_town_01_four_two_hour_activities_a_day() {
    let mut c = crow("anna");
    let mut mail = CarriedItem::new(ItemId(1), "mail", 1).with_armor(ArmorKind::Armor, 3);
    mail.armor.as_mut().unwrap().current = 0;
    c.inventory.add(mail, &[SlotRef::backpack(1)]).unwrap();
    let mut party = vec![c];
    let mut day = TownDay::new(1);
    for n in 0..ACTIVITIES_PER_DAY {
        day.start(
            "anna",
            RestActivity::RepairArmor { item: ItemId(1) },
            &party,
        )
        .unwrap();
        assert!(matches!(
            day.start("anna", RestActivity::SecludeCamp, &party),
            Err(TownError::Busy(_))
        ));
        assert!(!day.work("anna", 119).unwrap());
        assert_eq!(
            day.complete("anna", &mut party, &[]),
            Err(TownError::NotDone { done: 119 })
        );
        assert!(day.work("anna", 1).unwrap());
        let out = day.complete("anna", &mut party, &[]).unwrap();
        assert!(matches!(
            out,
            ActivityOutcome::ArmorRepaired { defense: 3, .. }
        ));
        assert_eq!(day.activities_today("anna"), n + 1);
        party[0]
            .inventory
            .item_mut(ItemId(1))
            .unwrap()
            .armor
            .as_mut()
            .unwrap()
            .current = 0;
    }
    assert_eq!(
        day.start(
            "anna",
            RestActivity::Craft {
                item: "rope".into()
            },
            &party
        ),
        Err(TownError::DailyLimit("anna".into()))
    );
    day.next_day();
    assert!(
        day.start(
            "anna",
            RestActivity::Craft {
                item: "rope".into()
            },
            &party
        )
        .is_ok()
    );
    // A refused task does not count.
    day.cancel("anna").unwrap();
    assert_eq!(day.activities_today("anna"), 0);
    assert_eq!(
        day.start("anna", RestActivity::SecludeCamp, &party),
        Err(TownError::NoCampToSeclude)
    );
}

#[test]
fn cr_town_02_tend_wounds_after_four_hours_sleep_once_a_day() {
    let mut party = vec![crow("anna"), crow("di"), wounded("bo", 4)];
    let mut day = TownDay::new(1);
    let tend = |t: &str| RestActivity::TendWounds { target: t.into() };
    for tender in ["anna", "di"] {
        day.start(tender, tend("bo"), &party).unwrap();
        day.work(tender, 120).unwrap();
    }
    day.complete("anna", &mut party, &[]).unwrap();
    assert_eq!(party[2].inventory.wound_count(), 4, "nothing before sleep");
    let mut bo = party[2].clone();
    assert_eq!(day.sleep(&mut bo, 3, &[1, 2]), Ok(None));
    let b = day.sleep(&mut bo, 1, &[1, 2]).unwrap().unwrap();
    assert_eq!(b.wounds_removed.len(), 2);
    assert_eq!(bo.inventory.wound_count(), 2);
    // A second tending the same day waits for the next day.
    day.complete("di", &mut party, &[]).unwrap();
    assert_eq!(day.sleep(&mut bo, 8, &[3, 4]), Ok(None));
    assert_eq!(bo.inventory.wound_count(), 2);
    day.next_day();
    assert!(day.sleep(&mut bo, 0, &[3, 4]).unwrap().is_some());
    assert_eq!(bo.inventory.wound_count(), 0);
}

#[test]
fn cr_town_03_town_activities_restore_nothing_else() {
    let mut c = wounded("anna", 1);
    c.stamina = 3;
    c.expertises.learn(ExpertiseName::Athletics, 1);
    c.expertises.spend(ExpertiseName::Athletics).unwrap();
    let mut party = vec![c];
    let mut day = TownDay::new(1);
    day.start(
        "anna",
        RestActivity::Craft {
            item: "rope".into(),
        },
        &party,
    )
    .unwrap();
    day.work("anna", 120).unwrap();
    day.complete("anna", &mut party, &[]).unwrap();
    assert_eq!(party[0].stamina, 3);
    assert_eq!(party[0].inventory.wound_count(), 1);
    assert_eq!(party[0].expertises.uses_left(ExpertiseName::Athletics), 0);
}

#[test]
fn cr_rest_08_scenario_dungeon_rest_interrupted_then_restarted() {
    let o = EncounterOptions::default();
    let mut party = vec![wounded("anna", 2), crow("bo")];
    party[0].conditions.apply(ConditionKind::Blessed).unwrap();
    let mut s = RestSession::start(RestSetting::Dungeon {
        threshold: 9,
        turn: 1,
    });
    // Bo secludes the camp.
    s.camp_secluded = true;
    assert!(s.pass_time(200));
    s.halfway(&mut party, &mut vec![], &WorldOptions::default())
        .unwrap();
    assert!(!party[0].conditions.has(ConditionKind::Blessed));
    // EN 10 after Seclude Camp: only a 10 — and it is immediate.
    let RestEncounter::Dungeon { check } = s.encounter_check(10, &o).unwrap() else {
        panic!("dungeon rules expected")
    };
    assert_eq!(check.outcome, CheckOutcome::Immediate);
    s.interrupt();
    assert_eq!(
        finish_rest(&s, &mut party[0], &finish(vec![1])),
        Err(RestError::Interrupted)
    );
    // After the fight: start over.
    s = RestSession::start(RestSetting::Dungeon {
        threshold: 9,
        turn: 2,
    });
    // Bo tends Anna's wounds this time.
    s.pass_time(360);
    let mut i = finish(vec![1, 2]);
    i.tended = true;
    finish_rest(&s, &mut party[0], &i).unwrap();
    assert_eq!(party[0].inventory.wound_count(), 0);
}
