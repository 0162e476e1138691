//! Property tests for overland travel: thresholds stay within 1…10 whatever the task results,
//! and a lost step always lands on a neighbour of the true hex.

use crows::test_roll::Tier;
use crows::travel::hex::{Direction, Hex};
use crows::travel::lost::Position;
use crows::travel::pace::{Pace, Route};
use crows::travel::roles::{Assignment, Day, Pick, Task};
use proptest::prelude::*;

fn tier() -> impl Strategy<Value = Tier> {
    prop::sample::select(Tier::ALL.to_vec())
}

fn task() -> impl Strategy<Value = Task> {
    prop::sample::select(Task::ALL.to_vec())
}

proptest! {
    // Covers CR-TRAVEL-06, CR-ROAD-01, CR-ROAD-04.
    #[test]
    fn cr_travel_06_thresholds_never_exceed_ten(
        pace in prop::sample::select(Pace::ALL.to_vec()),
        road in any::<bool>(),
        speed in 0u8..15,
        results in prop::collection::vec((task(), tier(), any::<bool>()), 0..10),
    ) {
        let route = Route { road_all_day: road, ..Route::default() };
        let mut day = Day::new(pace, speed, route);
        for (i, (t, r, first)) in results.iter().enumerate() {
            let creature = u32::try_from(i).unwrap();
            day.record(Assignment { creature, task: *t }, *r);
            while day.pending.iter().any(|(c, _)| *c == creature) {
                day.answer(creature, if *first { Pick::First } else { Pick::Second }).unwrap();
            }
        }
        prop_assert!(day.pending.is_empty());
        prop_assert!((1..=10).contains(&day.travel_threshold()));
        prop_assert!((1..=10).contains(&day.rest_threshold()));
    }

    #[test]
    fn cr_lost_02_each_lost_step_enters_a_neighbour(
        faces in prop::collection::vec(1u8..=6, 1..20),
    ) {
        let mut p = Position::known(Hex::new(0, 0));
        p.get_lost();
        for f in faces {
            let before = p.true_hex;
            let believed = p.believed_hex;
            p.leave_hex(Direction::North, Some(f)).unwrap();
            prop_assert_eq!(before.distance(p.true_hex), 1);
            prop_assert_eq!(p.believed_hex, believed.neighbour(Direction::North));
        }
    }
}
