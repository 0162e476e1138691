//! Overland travel: pace, roles, getting lost, Miasma, road encounters (CR-TRAVEL, CR-ROLE,
//! CR-LOST, CR-MIASMA, CR-ROAD, CR-POI).

use crows::edges::NetEdge;
use crows::test_roll::{Characteristic, Tier};
use crows::travel::hex::{Direction, Hex, HexInfo, HexMap};
use crows::travel::lost::{BackOnTrack, Position, back_on_track, drift_direction};
use crows::travel::miasma::{
    self, Duration, MiasmaEffect as M, MiasmaState, Outcome, Row, TableRoll, makes_roll,
    raise_other,
};
use crows::travel::pace::{Pace, Route, hexes_today, slowest, speed_adjustment};
use crows::travel::road::{encounter, turns_in};
use crows::travel::roles::{
    Assignment, Choice, Day, Finds, Pick, Role, Task, TaskEffect as E, Yield, picked,
    role_test_bonus, roster,
};
use crows::travel::{Step, TravelError};

// ---------- CR-TRAVEL ----------

// Covers CR-TRAVEL-01, CR-ERR-55.
#[test]
fn cr_travel_01_flat_topped_hexes_with_terrain_and_a_north_neighbour() {
    let o = Hex::new(0, 0);
    let n = o.neighbours();
    assert_eq!(n[0], Hex::new(0, -1), "first neighbour is due north");
    // Each neighbour is one hex away, all distinct, and opposite directions cancel.
    for (i, h) in n.iter().enumerate() {
        assert_eq!(o.distance(*h), 1);
        let opposite = n[(i + 3) % 6];
        assert_eq!(h.q + opposite.q, 0);
        assert_eq!(h.r + opposite.r, 0);
    }
    assert_eq!(Direction::CLOCKWISE[1], Direction::NorthEast);
    // North-east then south-east lands two hexes east of north-south line.
    assert_eq!(
        o.neighbour(Direction::NorthEast)
            .neighbour(Direction::SouthEast),
        Hex::new(2, -1)
    );
    let mut map = HexMap::default();
    map.set(o, HexInfo::open("forest"));
    assert_eq!(map.get(o).map(|i| i.terrain.as_str()), Some("forest"));
    assert!(map.get(Hex::new(5, 5)).is_none());
    assert_eq!(crows::travel::hex::HEX_MILES, 5);
}

// Covers CR-TRAVEL-02, CR-ERR-16.
#[test]
fn cr_travel_02_role_tests_run_supporters_guide_scouts_trackers() {
    let given = [
        Assignment {
            creature: 1,
            task: Task::Forage,
        },
        Assignment {
            creature: 2,
            task: Task::ScoutForDanger,
        },
        Assignment {
            creature: 3,
            task: Task::SafeRoute,
        },
        Assignment {
            creature: 4,
            task: Task::MakeCamp,
        },
    ];
    let order: Vec<u32> = roster(&given, true, &[])
        .unwrap()
        .iter()
        .map(|a| a.creature)
        .collect();
    assert_eq!(order, vec![4, 3, 2, 1]);
    assert_eq!(
        Role::ORDER,
        [Role::Supporter, Role::Guide, Role::Scout, Role::Tracker]
    );
    // The seven steps of the day.
    let mut step = Step::Pace;
    let mut seen = vec![step];
    while step != Step::NextDay {
        step = step.next(true, true, true);
        seen.push(step);
    }
    assert_eq!(
        seen,
        vec![
            Step::Pace,
            Step::Roles,
            Step::EncounterCheck,
            Step::Explore,
            Step::Rest,
            Step::Miasma,
            Step::NextDay
        ]
    );
    assert_eq!(Step::NextDay.next(false, false, false), Step::Pace);
    assert_eq!(Step::EncounterCheck.next(false, true, true), Step::Rest);
    assert_eq!(Step::EncounterCheck.next(false, false, true), Step::NextDay);
    assert_eq!(
        Step::Rest.next(false, true, false),
        Step::NextDay,
        "no Miasma roll"
    );
}

#[test]
fn cr_travel_03_pace_table_every_row() {
    let rows: Vec<(Pace, u8, u8, NetEdge)> = Pace::ALL
        .iter()
        .map(|p| (*p, p.row().hexes, p.row().threshold, p.row().role_tests))
        .collect();
    assert_eq!(
        rows,
        vec![
            (Pace::Slow, 1, 8, NetEdge::Edge),
            (Pace::Normal, 2, 7, NetEdge::None),
            (Pace::Fast, 3, 6, NetEdge::Bane),
        ]
    );
}

#[test]
fn cr_travel_04_slowest_speed_adjusts_hexes_every_band() {
    let expect = |s: u8| match s {
        0..=3 => -1,
        4..=6 => 0,
        7..=9 => 1,
        _ => 2,
    };
    for s in 0..=20u8 {
        assert_eq!(speed_adjustment(s), expect(s), "speed {s}");
    }
    for (s, adj) in [(3, -1), (4, 0), (6, 0), (7, 1), (9, 1), (10, 2)] {
        assert_eq!(speed_adjustment(s), adj);
    }
    // The mount's speed stands in for the rider: the slowest mover sets the pace.
    assert_eq!(slowest(&[6, 10, 3]), Some(3));
    assert_eq!(slowest(&[]), None);
    assert_eq!(hexes_today(Pace::Normal, 3, Route::default(), 0), 1);
    assert_eq!(hexes_today(Pace::Normal, 10, Route::default(), 0), 4);
}

#[test]
fn cr_travel_05_roads_and_rivers() {
    let road = Route {
        road_all_day: true,
        ..Route::default()
    };
    assert_eq!(
        (road.hex_adjustment(), road.threshold_adjustment()),
        (1, -1)
    );
    let cross = Route {
        crosses_water_without_vehicle: true,
        ..Route::default()
    };
    assert_eq!(
        (cross.hex_adjustment(), cross.threshold_adjustment()),
        (-1, 0)
    );
    let up = Route {
        upstream: true,
        ..Route::default()
    };
    assert_eq!(up.hex_adjustment(), -1);
    let down = Route {
        downstream: true,
        ..Route::default()
    };
    assert_eq!(down.hex_adjustment(), 1);
    assert_eq!(Route::default().hex_adjustment(), 0);
    let mut day = Day::new(Pace::Normal, 5, road);
    assert_eq!(
        (day.hexes(), day.travel_threshold(), day.rest_threshold()),
        (3, 6, 6)
    );
    day = Day::new(Pace::Normal, 5, down);
    assert_eq!((day.hexes(), day.travel_threshold()), (3, 7));
}

// Covers CR-TRAVEL-06, CR-ROAD-01, CR-ROAD-04.
#[test]
fn cr_travel_06_two_thresholds_kept_apart_and_capped_at_ten() {
    let mut day = Day::new(Pace::Slow, 5, Route::default());
    day.record(
        Assignment {
            creature: 1,
            task: Task::ScoutForDanger,
        },
        Tier::Three,
    );
    assert_eq!((day.travel_threshold(), day.rest_threshold()), (10, 8));
    day.record(
        Assignment {
            creature: 2,
            task: Task::SafeRoute,
        },
        Tier::Three,
    );
    assert_eq!(day.travel_threshold(), 10, "8 + 2 + 2 is capped at 10");
    day.record(
        Assignment {
            creature: 3,
            task: Task::ScoutForShelter,
        },
        Tier::Three,
    );
    day.record(
        Assignment {
            creature: 4,
            task: Task::MakeCamp,
        },
        Tier::Three,
    );
    day.answer(4, Pick::First).unwrap();
    assert_eq!(day.rest_threshold(), 10, "8 + 2 + 2 is capped at 10");
}

// Covers CR-TRAVEL-07, CR-ERR-56.
#[test]
fn cr_travel_07_hexes_sum_worked_example_and_floor() {
    let road = Route {
        road_all_day: true,
        ..Route::default()
    };
    let mut day = Day::new(Pace::Normal, 8, road);
    day.record(
        Assignment {
            creature: 1,
            task: Task::Shortcut,
        },
        Tier::Three,
    );
    assert_eq!(day.hexes(), 6);
    assert_eq!(day.travel_threshold(), 6);
    assert_eq!(day.rest_threshold(), 6);
    let river = Route {
        crosses_water_without_vehicle: true,
        ..Route::default()
    };
    assert_eq!(hexes_today(Pace::Slow, 2, river, -1), 0, "never below 0");
}

// ---------- CR-ROLE ----------

fn a(creature: u32, task: Task) -> Assignment {
    Assignment { creature, task }
}

#[test]
fn cr_role_01_role_capacities_and_one_role_each() {
    assert_eq!(Role::Guide.capacity(), 1);
    for r in [Role::Supporter, Role::Scout, Role::Tracker] {
        assert_eq!(r.capacity(), 3);
    }
    assert_eq!(
        roster(&[a(1, Task::NormalRoute), a(2, Task::Shortcut)], true, &[]),
        Err(TravelError::SecondGuide)
    );
    let four = [
        a(1, Task::Forage),
        a(2, Task::Hunt),
        a(3, Task::TrackCreature),
        a(4, Task::Forage),
    ];
    assert_eq!(
        roster(&four, false, &[]),
        Err(TravelError::RoleFull { role: "tracker" })
    );
    assert_eq!(
        roster(&[a(1, Task::Forage), a(2, Task::Forage)], true, &[]),
        Err(TravelError::TaskTaken { task: "Forage" })
    );
    // CR-ERR-57 is configurable: with the setting off two foragers are fine.
    assert!(roster(&[a(1, Task::Forage), a(2, Task::Forage)], false, &[]).is_ok());
    assert_eq!(
        roster(&[a(1, Task::Forage), a(1, Task::ScoutForDanger)], true, &[]),
        Err(TravelError::CreatureHasRole(1))
    );
    let full = [
        a(1, Task::FightTheMiasma),
        a(2, Task::MakeCamp),
        a(3, Task::SupportEveryone),
        a(4, Task::SafeRoute),
        a(5, Task::ScoutForDanger),
        a(6, Task::ScoutForShelter),
        a(7, Task::TreasureHunt),
        a(8, Task::Forage),
        a(9, Task::Hunt),
        a(10, Task::TrackCreature),
    ];
    assert_eq!(roster(&full, true, &[]).map(|v| v.len()), Ok(10));
}

#[test]
fn cr_role_02_empty_roles_give_nothing_and_risk_nothing() {
    let day = Day::new(Pace::Normal, 5, Route::default());
    assert_eq!(
        (day.hexes(), day.travel_threshold(), day.rest_threshold()),
        (2, 7, 7)
    );
    assert!(!day.gets_lost);
    assert!(roster(&[], true, &[]).unwrap().is_empty());
    // Every task belongs to exactly one role.
    for t in Task::ALL {
        assert!(Role::ORDER.contains(&t.role()));
    }
}

/// Walks a task's table: the effects per tier, in order.
fn walk(task: Task, expect: [Vec<E>; 3]) {
    let table = task.table();
    for (tier, want) in Tier::ALL.iter().zip(expect.iter()) {
        assert_eq!(table.get(*tier), want, "{} {tier}", task.name());
    }
}

#[test]
fn cr_role_03_fight_the_miasma_table() {
    assert_eq!(
        Task::FightTheMiasma.characteristics(),
        &[Characteristic::Mind]
    );
    walk(
        Task::FightTheMiasma,
        [
            vec![],
            vec![E::MiasmaEdge(NetEdge::Edge)],
            vec![E::MiasmaEdge(NetEdge::DoubleEdge)],
        ],
    );
    assert_eq!(
        picked(Task::FightTheMiasma, &[1, 2, 2, 3, 4]),
        Ok(vec![1, 2, 3, 4])
    );
    assert_eq!(
        picked(Task::FightTheMiasma, &[1, 2, 3, 4, 5]),
        Err(TravelError::TooManyBacked)
    );
    assert!(picked(Task::Hunt, &[1]).is_err());
}

#[test]
fn cr_role_04_make_camp_table_and_choice() {
    assert_eq!(
        Task::MakeCamp.characteristics(),
        &[Characteristic::Strength]
    );
    let c2 = Choice::RestThresholdOrCrafting {
        threshold: 1,
        crafting: 2,
    };
    let c3 = Choice::RestThresholdOrCrafting {
        threshold: 2,
        crafting: 4,
    };
    walk(
        Task::MakeCamp,
        [vec![], vec![E::Choose(c2)], vec![E::Choose(c3)]],
    );
    let mut day = Day::new(Pace::Normal, 5, Route::default());
    day.record(a(1, Task::MakeCamp), Tier::Two);
    assert_eq!(day.pending, vec![(1, c2)]);
    day.answer(1, Pick::Second).unwrap();
    assert_eq!((day.crafting_bonus, day.rest_threshold()), (2, 7));
    day.record(a(1, Task::MakeCamp), Tier::Three);
    day.answer(1, Pick::First).unwrap();
    assert_eq!(
        (
            day.crafting_bonus,
            day.rest_threshold(),
            day.travel_threshold()
        ),
        (2, 9, 7)
    );
    assert!(
        day.answer(1, Pick::First).is_err(),
        "nothing left to answer"
    );
}

#[test]
fn cr_role_05_support_everyone_table() {
    assert_eq!(
        Task::SupportEveryone.characteristics(),
        &[Characteristic::Mind, Characteristic::Strength]
    );
    walk(
        Task::SupportEveryone,
        [
            vec![E::RoleTestBonus(-1)],
            vec![E::RoleTestBonus(1)],
            vec![E::RoleTestBonus(2)],
        ],
    );
    assert_eq!(picked(Task::SupportEveryone, &[5, 6]), Ok(vec![5, 6]));
    assert_eq!(
        picked(Task::SupportEveryone, &[1, 2, 3, 4, 5]),
        Err(TravelError::TooManyAllies)
    );
}

#[test]
fn cr_role_06_normal_route_table_and_choices() {
    walk(
        Task::NormalRoute,
        [
            vec![E::Choose(Choice::HexOrTravelThreshold(-1))],
            vec![],
            vec![E::Choose(Choice::HexOrTravelThreshold(1))],
        ],
    );
    let mut day = Day::new(Pace::Normal, 5, Route::default());
    day.record(a(1, Task::NormalRoute), Tier::One);
    assert!(!day.gets_lost, "cannot get lost on the normal route");
    day.answer(1, Pick::First).unwrap();
    assert_eq!((day.hexes(), day.travel_threshold()), (1, 7));
    day.record(a(1, Task::NormalRoute), Tier::Three);
    day.answer(1, Pick::Second).unwrap();
    assert_eq!((day.hexes(), day.travel_threshold()), (1, 8));
}

#[test]
fn cr_role_07_safe_route_table() {
    walk(
        Task::SafeRoute,
        [
            vec![E::Lost],
            vec![E::TravelThreshold(1), E::Hexes(-1)],
            vec![E::TravelThreshold(2)],
        ],
    );
    let mut day = Day::new(Pace::Normal, 5, Route::default());
    day.record(a(1, Task::SafeRoute), Tier::One);
    assert!(day.gets_lost);
    let mut day = Day::new(Pace::Normal, 5, Route::default());
    day.record(a(1, Task::SafeRoute), Tier::Two);
    assert_eq!(
        (day.hexes(), day.travel_threshold(), day.rest_threshold()),
        (1, 8, 7)
    );
}

#[test]
fn cr_role_08_shortcut_table() {
    walk(
        Task::Shortcut,
        [
            vec![E::Lost],
            vec![E::Hexes(1), E::TravelThreshold(-1)],
            vec![E::Hexes(2)],
        ],
    );
    let mut day = Day::new(Pace::Fast, 5, Route::default());
    day.record(a(1, Task::Shortcut), Tier::Two);
    assert_eq!((day.hexes(), day.travel_threshold()), (4, 5));
}

#[test]
fn cr_role_09_scout_for_danger_table() {
    assert_eq!(
        Task::ScoutForDanger.characteristics(),
        &[Characteristic::Agility, Characteristic::Mind]
    );
    walk(
        Task::ScoutForDanger,
        [
            vec![],
            vec![E::TravelThreshold(1)],
            vec![E::TravelThreshold(2)],
        ],
    );
}

#[test]
fn cr_role_10_scout_for_shelter_table() {
    walk(
        Task::ScoutForShelter,
        [vec![], vec![E::RestThreshold(1)], vec![E::RestThreshold(2)]],
    );
    let mut day = Day::new(Pace::Normal, 5, Route::default());
    day.record(a(1, Task::ScoutForShelter), Tier::Two);
    assert_eq!((day.travel_threshold(), day.rest_threshold()), (7, 8));
}

#[test]
fn cr_role_11_treasure_hunt_table() {
    assert_eq!(
        Task::TreasureHunt.characteristics(),
        &[Characteristic::Strength]
    );
    walk(
        Task::TreasureHunt,
        [
            vec![],
            vec![E::RefereeRollsFinds(Finds::Minor)],
            vec![E::RefereeRollsFinds(Finds::Major)],
        ],
    );
}

#[test]
fn cr_role_12_forage_table_and_yields() {
    walk(
        Task::Forage,
        [
            vec![],
            vec![E::Rations(Yield::One)],
            vec![E::Rations(Yield::D6Plus1)],
        ],
    );
    assert_eq!(Yield::One.rations(&[]), Ok(1));
    assert_eq!(Yield::D6Plus1.rations(&[1]), Ok(2));
    assert_eq!(Yield::D6Plus1.rations(&[6]), Ok(7));
    assert_eq!(
        Yield::D6Plus1.rations(&[7]),
        Err(TravelError::BadFace { face: 7, sides: 6 })
    );
    assert!(Yield::D6Plus1.rations(&[]).is_err());
}

#[test]
fn cr_role_13_hunt_table() {
    assert_eq!(Task::Hunt.characteristics(), &[Characteristic::Agility]);
    walk(
        Task::Hunt,
        [
            vec![E::TravelThreshold(-1)],
            vec![],
            vec![E::Rations(Yield::ThreeD6), E::LargeAnimalHide],
        ],
    );
    assert_eq!(Yield::ThreeD6.rations(&[1, 2, 6]), Ok(9));
    let mut day = Day::new(Pace::Normal, 5, Route::default());
    day.record(a(9, Task::Hunt), Tier::Three);
    assert_eq!(
        day.other,
        vec![(9, E::Rations(Yield::ThreeD6)), (9, E::LargeAnimalHide)]
    );
}

#[test]
fn cr_role_14_track_specific_creature_table() {
    walk(
        Task::TrackCreature,
        [vec![E::TravelThreshold(-1)], vec![], vec![E::MeetCreature]],
    );
    let mut day = Day::new(Pace::Normal, 5, Route::default());
    day.record(a(1, Task::TrackCreature), Tier::One);
    assert_eq!(day.travel_threshold(), 6);
}

// Covers CR-ROLE-15, CR-ERR-17.
#[test]
fn cr_role_15_role_test_modifiers_and_refusal() {
    assert_eq!(role_test_bonus(Task::Forage, 1, true), 3);
    assert_eq!(
        role_test_bonus(Task::Hunt, 1, true),
        1,
        "ravenous helps Forage only"
    );
    assert_eq!(role_test_bonus(Task::Forage, -1, false), -1);
    assert_eq!(Pace::Fast.row().role_tests, NetEdge::Bane);
    assert_eq!(
        roster(&[a(3, Task::Hunt)], true, &[3]),
        Err(TravelError::RefusesRoles(3))
    );
}

// ---------- CR-LOST ----------

#[test]
fn cr_lost_01_players_see_only_the_believed_hex() {
    let mut p = Position::known(Hex::new(0, 0));
    p.get_lost();
    p.leave_hex(Direction::North, Some(4)).unwrap();
    assert_eq!(p.true_hex, Hex::new(0, 1));
    assert_eq!(p.believed_hex, Hex::new(0, -1));
    let view = serde_json::to_string(&p.player_view()).unwrap();
    assert!(!view.contains("\"r\":1"), "true hex leaked: {view}");
    assert_eq!(p.player_view().believed_hex, Hex::new(0, -1));
}

#[test]
fn cr_lost_02_drift_counts_clockwise_from_north_every_face() {
    let want = [
        Direction::North,
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::NorthWest,
    ];
    for (i, d) in want.iter().enumerate() {
        let f = u8::try_from(i + 1).unwrap();
        assert_eq!(drift_direction(f), Ok(*d));
        let mut p = Position::known(Hex::new(2, 2));
        p.get_lost();
        p.leave_hex(Direction::South, Some(f)).unwrap();
        assert_eq!(p.true_hex, Hex::new(2, 2).neighbour(*d));
    }
    assert!(drift_direction(0).is_err());
    assert!(drift_direction(7).is_err());
    let mut p = Position::known(Hex::new(0, 0));
    p.get_lost();
    assert!(
        p.leave_hex(Direction::North, None).is_err(),
        "a lost step needs the d6"
    );
    // Not lost: the face is ignored and both positions move as intended.
    let mut q = Position::known(Hex::new(0, 0));
    q.leave_hex(Direction::SouthEast, Some(1)).unwrap();
    assert_eq!(
        (q.true_hex, q.believed_hex),
        (Hex::new(1, 0), Hex::new(1, 0))
    );
}

// Covers CR-LOST-03, CR-ERR-58.
#[test]
fn cr_lost_03_back_on_track_table() {
    walk(
        Task::BackOnTrack,
        [
            vec![E::StillLost],
            vec![E::Found],
            vec![E::Found, E::Choose(Choice::HexOrTravelThreshold(1))],
        ],
    );
    assert_eq!(Task::BackOnTrack.role(), Role::Guide);
    for (tier, want, lost_after) in [
        (Tier::One, BackOnTrack::StillLost, true),
        (Tier::Two, BackOnTrack::Found, false),
        (Tier::Three, BackOnTrack::FoundAndChoose, false),
    ] {
        let mut p = Position::known(Hex::new(0, 0));
        p.get_lost();
        p.leave_hex(Direction::North, Some(3)).unwrap();
        assert_eq!(back_on_track(&mut p, tier), Ok(want));
        assert_eq!(p.lost, lost_after);
        if !lost_after {
            assert_eq!(p.believed_hex, p.true_hex);
        }
    }
    let mut p = Position::known(Hex::new(0, 0));
    assert_eq!(back_on_track(&mut p, Tier::Two), Err(TravelError::NotLost));
    // Back on Track is the guide's one test: it cannot sit beside a route task.
    assert_eq!(
        roster(
            &[a(1, Task::BackOnTrack), a(2, Task::NormalRoute)],
            true,
            &[]
        ),
        Err(TravelError::SecondGuide)
    );
}

#[test]
fn cr_lost_04_referee_ends_being_lost() {
    let mut p = Position::known(Hex::new(0, 0));
    p.get_lost();
    p.leave_hex(Direction::North, Some(2)).unwrap();
    assert_ne!(p.believed_hex, p.true_hex);
    p.found();
    assert!(!p.lost);
    assert_eq!(p.believed_hex, Hex::new(1, -1));
}

// ---------- CR-MIASMA ----------

#[test]
fn cr_miasma_01_hexes_carry_a_miasma_flag() {
    assert!(HexInfo::open("plains").in_miasma);
    let mut tower = HexInfo::open("ruins");
    tower.in_miasma = false;
    assert!(!tower.in_miasma);
}

#[test]
fn cr_miasma_02_rest_in_miasma_restores_no_expertise() {
    let mut s = MiasmaState::default();
    assert!(!s.rest_restores_expertise(true));
    assert!(s.rest_restores_expertise(false));
    s.cruelty = 9;
    assert_eq!(s.roll_table(4), Ok(TableRoll::Gained(Row::Turned)));
    assert!(s.rest_restores_expertise(true), "13+ second effect");
}

#[test]
fn cr_miasma_03_outcomes_and_tier_three_help() {
    assert_eq!(miasma::outcome(Tier::One), Outcome::CrueltyAndEffect);
    assert_eq!(miasma::outcome(Tier::Two), Outcome::Nothing);
    assert_eq!(miasma::outcome(Tier::Three), Outcome::Choose);
    let mut tiers = vec![(1, Tier::Three), (2, Tier::One), (3, Tier::Two)];
    raise_other(&mut tiers, 1, 2).unwrap();
    assert_eq!(tiers[1], (2, Tier::Two));
    assert!(
        raise_other(&mut tiers, 3, 2).is_err(),
        "helper must be tier 3"
    );
    assert!(raise_other(&mut tiers, 1, 1).is_err(), "not oneself");
    assert!(
        raise_other(&mut tiers, 1, 7).is_err(),
        "target must have rolled"
    );
    let mut s = MiasmaState {
        cruelty: 3,
        ..MiasmaState::default()
    };
    s.clear_cruelty();
    assert_eq!(s.cruelty, 0);
    s.gain_cruelty();
    assert_eq!(s.cruelty, 1);
    assert_eq!(s.apply_tier(Tier::One), Ok(Outcome::CrueltyAndEffect));
    assert_eq!(s.cruelty, 2);
    assert_eq!(s.apply_tier(Tier::Two), Ok(Outcome::Nothing));
    assert_eq!(s.apply_tier(Tier::Three), Ok(Outcome::Choose));
    assert_eq!(s.cruelty, 2, "the tier-3 choice is the roller's to make");
    s.turned = true;
    assert_eq!(s.apply_tier(Tier::One), Err(TravelError::Turned));
}

#[test]
fn cr_miasma_04_cruelty_penalty_worked_example() {
    assert_eq!(miasma::cruelty_penalty(3), -3);
}

#[test]
fn cr_miasma_05_rest_outside_clears_cruelty() {
    let mut s = MiasmaState {
        cruelty: 2,
        rows: vec![Row::Violent, Row::Lazy],
        turned: false,
    };
    s.rest_outside_miasma();
    assert_eq!(s.cruelty, 0);
    assert!(
        s.rows.is_empty(),
        "leaving ends 9–10, no cruelty ends 11–12"
    );
    let mut t = MiasmaState {
        cruelty: 2,
        rows: vec![Row::Violent, Row::Lazy],
        turned: false,
    };
    t.leave_miasma();
    assert_eq!(t.rows, vec![Row::Violent]);
}

// Covers CR-MIASMA-06, CR-ERR-61.
#[test]
fn cr_miasma_06_table_roll_adds_cruelty_and_rerolls_pairs_in_force() {
    let mut s = MiasmaState::default();
    s.gain_cruelty(); // the level just gained counts
    assert_eq!(s.roll_table(1), Ok(TableRoll::Gained(Row::Despondent)));
    assert_eq!(s.rows, vec![Row::Despondent]);
    assert_eq!(s.roll_table(1), Ok(TableRoll::RollAgain));
    assert_eq!(s.rows, vec![Row::Despondent]);
    assert_eq!(s.roll_table(8), Ok(TableRoll::Gained(Row::Lazy)));
    assert_eq!(
        s.roll_table(11),
        Err(TravelError::BadFace {
            face: 11,
            sides: 10
        })
    );
    // Every reachable row in force: no endless re-roll.
    let mut full = MiasmaState {
        cruelty: 2,
        rows: vec![Row::Ravenous, Row::Liar, Row::Lazy, Row::Violent],
        turned: false,
    };
    // d10+2 reaches 3..=12: rows 3–4 … 11–12 plus the instantaneous 5–6, so still free.
    assert_eq!(full.roll_table(3), Ok(TableRoll::Gained(Row::Rage)));
    assert_eq!(full.roll_table(1), Ok(TableRoll::RollAgain));
}

#[test]
fn cr_miasma_07_effects_table_every_row() {
    let want: [(u8, Row, [M; 2], Duration); 7] = [
        (
            1,
            Row::Despondent,
            [M::SpeaksOnlyWhenSpokenTo, M::EdgeOnSneakAndHide],
            Duration::UntilLeavesMiasma,
        ),
        (
            3,
            Row::Ravenous,
            [M::RationsPerRest(2), M::ForageBonus(2)],
            Duration::UntilLeavesMiasma,
        ),
        (
            5,
            Row::Rage,
            [M::DestroyRandomMundaneItem, M::StaminaOrWound(3)],
            Duration::Instant,
        ),
        (
            7,
            Row::Liar,
            [M::SaysOnlyUntruths, M::GainExpertise { uses: 1 }],
            Duration::UntilLeavesMiasma,
        ),
        (
            9,
            Row::Lazy,
            [M::RefusesRoles, M::WoundsHealedPerRest(2)],
            Duration::UntilLeavesMiasma,
        ),
        (
            11,
            Row::Violent,
            [M::MustPursueFoes, M::WeaponDamageBonus(1)],
            Duration::UntilNoCruelty,
        ),
        (
            13,
            Row::Turned,
            [M::BecomesRefereeNpc, M::RestInMiasmaRestoresExpertise],
            Duration::Permanent,
        ),
    ];
    for (low, row, effects, dur) in want {
        assert_eq!(Row::of(low), row);
        if row != Row::Turned {
            assert_eq!(Row::of(low + 1), row, "both totals of the band");
        }
        assert_eq!(row.effects(), effects);
        assert_eq!(row.duration(), dur);
    }
    assert_eq!(Row::of(20), Row::Turned);
    // Mechanical effects as the state reports them.
    let s = MiasmaState {
        cruelty: 1,
        rows: vec![Row::Ravenous, Row::Lazy, Row::Violent, Row::Despondent],
        turned: false,
    };
    assert_eq!(s.rations_per_rest(), 2);
    assert_eq!(s.wounds_healed_per_rest(), 2);
    assert_eq!(s.weapon_damage_bonus(), 1);
    assert!(s.refuses_roles() && s.ravenous() && s.sneak_edge());
    let plain = MiasmaState::default();
    assert_eq!(
        (plain.rations_per_rest(), plain.wounds_healed_per_rest()),
        (1, 1)
    );
    assert_eq!(plain.weapon_damage_bonus(), 0);
    assert!(!plain.refuses_roles());
    // The instantaneous row is not kept as "in force".
    let mut r = MiasmaState::default();
    assert_eq!(r.roll_table(5), Ok(TableRoll::Gained(Row::Rage)));
    assert!(r.rows.is_empty());
}

#[test]
fn cr_miasma_08_turned_character_goes_to_the_referee() {
    let mut s = MiasmaState {
        cruelty: 4,
        rows: vec![Row::Liar],
        turned: false,
    };
    assert_eq!(s.roll_table(10), Ok(TableRoll::Gained(Row::Turned)));
    assert!(s.turned);
    assert_eq!(s.cruelty, 0);
    assert_eq!(s.rows, vec![Row::Turned]);
    assert_eq!(s.roll_table(1), Err(TravelError::Turned));
    assert!(!makes_roll(true, &s, true));
}

#[test]
fn cr_miasma_09_humans_only_and_roll_modifiers() {
    let s = MiasmaState::default();
    assert!(makes_roll(true, &s, true));
    assert!(!makes_roll(false, &s, true), "animals do not roll");
    assert!(!makes_roll(true, &s, false), "no roll after a rest outside");
}

// ---------- CR-ROAD, CR-POI ----------

// Covers CR-ROAD-01, CR-POI-02.
#[test]
fn cr_road_01_encounter_check_at_the_days_threshold() {
    let mut day = Day::new(Pace::Fast, 5, Route::default());
    assert_eq!(encounter(6, day.travel_threshold()), Ok(true));
    assert_eq!(encounter(5, day.travel_threshold()), Ok(false));
    day.record(a(1, Task::ScoutForDanger), Tier::Three);
    assert_eq!(encounter(7, day.travel_threshold()), Ok(false));
    assert_eq!(encounter(10, 14), Ok(true), "a threshold never exceeds 10");
    assert!(encounter(0, 7).is_err());
}

#[test]
fn cr_road_04_rest_check_uses_the_rest_threshold() {
    let mut day = Day::new(Pace::Normal, 5, Route::default());
    day.record(a(1, Task::ScoutForShelter), Tier::Three);
    assert_eq!(encounter(8, day.rest_threshold()), Ok(false));
    assert_eq!(encounter(9, day.rest_threshold()), Ok(true));
    assert_eq!(encounter(8, day.travel_threshold()), Ok(true));
}

// Covers CR-UD-07, CR-DT-09.
#[test]
fn cr_ud_07_two_hours_outside_is_one_turn() {
    assert_eq!(turns_in(8), 4);
    assert_eq!(turns_in(3), 1);
    assert_eq!(turns_in(1), 0);
}
