use delve_dnd2024::Interpretations;
use delve_dnd2024::movement::*;

#[test]
fn dd_move_08_a_long_jump() {
    let j = jump(15, true).unwrap();
    assert_eq!(j.long_jump_ft, 15);
    assert_eq!(jump(15, false).unwrap().long_jump_ft, 7);
}

#[test]
fn dd_move_09_a_high_jump() {
    // Str mod +2 (score 14): 5 running, 2 standing; mod −4 (score 3): 0.
    assert_eq!(jump(14, true).unwrap().high_jump_ft, 5);
    assert_eq!(jump(14, false).unwrap().high_jump_ft, 2);
    assert_eq!(jump(3, true).unwrap().high_jump_ft, 0);
    assert!(jump(0, true).is_err());
}

#[test]
fn dd_move_09_c_reach_during_jump() {
    assert_eq!(high_jump_reach(5, 6), 14);
}

#[test]
fn dd_move_21_test_carrying_capacity() {
    let c = carrying_capacity(15, Size::Medium).unwrap();
    assert_eq!((c.carry_lb, c.drag_lift_push_lb), (225, 450));
    let c = carrying_capacity(10, Size::Tiny).unwrap();
    assert_eq!((c.carry_lb, c.drag_lift_push_lb), (75, 150));
    // T-07: rounded down, Tiny Str 9 → 67 lb.
    assert_eq!(carrying_capacity(9, Size::Tiny).unwrap().carry_lb, 67);
    assert_eq!(
        carrying_capacity(10, Size::Gargantuan).unwrap().carry_lb,
        1200
    );
}

#[test]
fn dd_move_21_b_over_carry_speed_5() {
    let c = carrying_capacity(10, Size::Medium).unwrap();
    assert_eq!(speed_with_load(30, 150, c).unwrap(), 30);
    assert_eq!(speed_with_load(30, 151, c).unwrap(), 5);
    assert!(speed_with_load(30, 301, c).is_err());
}

#[test]
fn dd_move_18_a_size_order_and_space() {
    assert!(Size::Tiny < Size::Gargantuan);
    assert_eq!(Size::Huge.steps_from(Size::Medium), 2);
    assert_eq!(Size::Tiny.space_tenths_ft(), 25);
    assert_eq!(Size::Large.space_tenths_ft(), 100);
    assert!(Size::parse("colossal").is_err());
}

#[test]
fn dd_move_01_b_switching_speeds() {
    let s = Speeds {
        walk: 30,
        fly: 40,
        ..Default::default()
    };
    use SpeedKind::*;
    assert_eq!(
        s.check_move(&[(Fly, 10), (Walk, 10), (Fly, 20)]).unwrap(),
        40
    );
    assert!(
        s.check_move(&[(Fly, 10), (Walk, 10), (Fly, 20), (Walk, 1)])
            .is_err()
    );
}

#[test]
fn dd_move_01_c_changes_apply_to_every_speed() {
    let s = Speeds {
        walk: 30,
        climb: 30,
        fly: 60,
        ..Default::default()
    };
    assert_eq!(s.map(|_| 0).climb, 0);
    assert_eq!(s.map(|v| v / 2).fly, 30);
}

#[test]
fn dd_move_03_a_04_05_06_costs() {
    let o = Interpretations::default();
    assert_eq!(cost_per_foot(MoveMode::Walk, true, false, &o), 2);
    assert_eq!(cost_per_foot(MoveMode::Climb, false, false, &o), 2);
    assert_eq!(cost_per_foot(MoveMode::Climb, false, true, &o), 1);
    assert_eq!(cost_per_foot(MoveMode::Swim, true, false, &o), 3);
    assert_eq!(cost_per_foot(MoveMode::Crawl, true, false, &o), 3);
    let four = Interpretations {
        special_movement_in_difficult_terrain_costs_3: false,
        ..o
    };
    assert_eq!(cost_per_foot(MoveMode::Crawl, true, false, &four), 4);
}

#[test]
fn dd_move_19_a_b_c_other_creatures() {
    let o = Interpretations::default();
    assert!(can_move_through(
        Size::Medium,
        Size::Gargantuan,
        false,
        false,
        &o
    ));
    assert!(!can_move_through(
        Size::Medium,
        Size::Large,
        false,
        false,
        &o
    ));
    assert!(can_move_through(Size::Medium, Size::Large, true, false, &o));
    let exact = Interpretations {
        two_sizes_means_at_least_two: false,
        ..o
    };
    assert!(!can_move_through(
        Size::Medium,
        Size::Gargantuan,
        false,
        false,
        &exact
    ));
    assert!(other_space_is_difficult(Size::Medium, false));
    assert!(!other_space_is_difficult(Size::Tiny, false));
    assert!(ends_turn_in_space_prone(Size::Medium, Size::Medium));
    assert!(!ends_turn_in_space_prone(Size::Large, Size::Medium));
}

#[test]
fn dd_move_10_a_flyer_falls_unless_hovering() {
    assert!(flyer_falls(false, true, 60, false));
    assert!(!flyer_falls(false, true, 60, true));
    assert!(flyer_falls(false, false, 0, false));
}

#[test]
fn dd_move_20_a_drop_prone_not_at_speed_0() {
    assert!(may_drop_prone(30));
    assert!(!may_drop_prone(0));
}

#[test]
fn dd_move_02_b_grid() {
    assert_eq!(grid_squares(30), 6);
    assert_eq!(grid_path_cost(&[false, false, true]), 4);
}

#[test]
fn dd_move_04_a_b_climbing() {
    let o = Interpretations::default();
    assert_eq!(cost_per_foot(MoveMode::Climb, false, false, &o), 2);
    assert_eq!(cost_per_foot(MoveMode::Climb, true, false, &o), 3);
    assert_eq!(cost_per_foot(MoveMode::Climb, false, true, &o), 1);
}

#[test]
fn dd_move_05_a_b_swimming() {
    let o = Interpretations::default();
    assert_eq!(cost_per_foot(MoveMode::Swim, false, false, &o), 2);
    assert_eq!(cost_per_foot(MoveMode::Swim, true, false, &o), 3);
    assert_eq!(cost_per_foot(MoveMode::Swim, false, true, &o), 1);
}

#[test]
fn dd_move_06_a_crawling() {
    let o = Interpretations::default();
    assert_eq!(cost_per_foot(MoveMode::Crawl, false, false, &o), 2);
    assert_eq!(cost_per_foot(MoveMode::Crawl, true, false, &o), 3);
    // A Climb or Swim Speed does not help crawling.
    assert_eq!(cost_per_foot(MoveMode::Crawl, false, true, &o), 2);
}

#[test]
fn dd_move_07_a_two_kinds_of_jump() {
    let j = jump(16, true).unwrap();
    assert_eq!((j.long_jump_ft, j.high_jump_ft), (16, 6));
}

#[test]
fn dd_move_11_a_flyer_stays_aloft() {
    assert!(!flyer_falls(false, false, 60, false));
}

#[test]
fn dd_move_12_a_hover_prevents_fall() {
    assert!(!flyer_falls(true, false, 0, true));
    assert!(flyer_falls(true, false, 60, false));
}

#[test]
fn dd_move_13_a_burrow() {
    assert!(can_burrow_through(false, false));
    assert!(!can_burrow_through(true, false));
    assert!(can_burrow_through(true, true));
}

#[test]
fn dd_move_14_a_15_a_special_speeds_skip_surcharge() {
    let o = Interpretations::default();
    assert_eq!(cost_per_foot(MoveMode::Climb, false, true, &o), 1);
    assert_eq!(cost_per_foot(MoveMode::Swim, false, true, &o), 1);
}

#[test]
fn dd_move_15_a_swim_speed() {
    let o = Interpretations::default();
    assert_eq!(cost_per_foot(MoveMode::Swim, true, true, &o), 2);
}

#[test]
fn dd_move_16_teleportation() {
    assert_eq!(teleport_cost(None), 0);
    assert_eq!(teleport_cost(Some(10)), 10);
    assert_eq!(teleport_destination("chosen", false, "nearest"), "nearest");
    assert_eq!(teleport_destination("chosen", true, "nearest"), "chosen");
    use delve_dnd2024::actions::{LeaveReach, provokes_opportunity_attack};
    assert!(!provokes_opportunity_attack(
        LeaveReach::Teleport,
        5,
        60,
        5,
        true,
        true,
        false
    ));
}

#[test]
fn dd_move_17_a_occupied() {
    assert!(occupied(true, false));
    assert!(occupied(false, true));
    assert!(!occupied(false, false));
}

#[test]
fn dd_move_22_a_reach() {
    assert_eq!(DEFAULT_REACH_FT, 5);
    assert!(delve_dnd2024::combat::melee_in_reach(5, DEFAULT_REACH_FT).is_ok());
    assert!(delve_dnd2024::combat::melee_in_reach(10, DEFAULT_REACH_FT).is_err());
}
