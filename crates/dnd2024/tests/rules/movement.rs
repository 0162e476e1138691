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
fn dd_move_21_a_test_carrying_capacity() {
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
fn dd_move_18_a_b_size_order_and_space() {
    assert!(Size::Tiny < Size::Gargantuan);
    assert_eq!(Size::Huge.steps_from(Size::Medium), 2);
    assert_eq!(Size::Tiny.space_tenths_ft(), 25);
    assert_eq!(Size::Large.space_tenths_ft(), 100);
    assert_eq!(Size::Medium.space_tenths_ft(), 50);
    assert_eq!(Size::Gargantuan.space_tenths_ft(), 200);
    assert!(Size::parse("colossal").is_err());
    // An object's size sets its HP (T-10).
    use delve_dnd2024::objects::object_hit_points;
    assert!(
        object_hit_points(Size::Small, false).unwrap().0
            < object_hit_points(Size::Large, false).unwrap().0
    );
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
fn dd_move_16_a_c_teleportation() {
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

#[test]
fn dd_move_01_a_speed_is_feet_per_turn() {
    use delve_dnd2024::actions::Turn;
    let mut t = Turn::start(25, false);
    t.move_ft(25).unwrap();
    assert!(t.move_ft(5).is_err());
    assert_eq!(check_speed(30).unwrap(), 30);
    assert!(check_speed(-5).is_err());
}

#[test]
fn dd_move_02_a_one_budget_for_walking_climbing_swimming() {
    use delve_dnd2024::actions::Turn;
    let o = Interpretations::default();
    let mut t = Turn::start(30, false);
    assert_eq!(t.move_as(10, MoveMode::Walk, false, false, &o).unwrap(), 10);
    assert_eq!(t.move_as(5, MoveMode::Climb, false, false, &o).unwrap(), 10);
    assert_eq!(t.move_as(5, MoveMode::Swim, false, true, &o).unwrap(), 5);
    assert_eq!(t.movement_left(), 5);
    assert!(t.move_as(5, MoveMode::Crawl, false, false, &o).is_err());
    assert_eq!(t.movement_left(), 5, "a refusal spends nothing");
}

#[test]
fn dd_move_03_b_c_d_causes_not_cumulative() {
    let m = Size::Medium;
    assert!(
        TerrainFeature::Creature {
            size: Size::Medium,
            ally: false
        }
        .difficult_for(m)
    );
    assert!(
        !TerrainFeature::Creature {
            size: Size::Tiny,
            ally: false
        }
        .difficult_for(m)
    );
    assert!(
        !TerrainFeature::Creature {
            size: Size::Large,
            ally: true
        }
        .difficult_for(m)
    );
    assert!(
        TerrainFeature::Furniture {
            sized_for: Size::Medium
        }
        .difficult_for(m)
    );
    assert!(
        !TerrainFeature::Furniture {
            sized_for: Size::Small
        }
        .difficult_for(m)
    );
    for f in [
        TerrainFeature::HeavySnow,
        TerrainFeature::Ice,
        TerrainFeature::Rubble,
        TerrainFeature::Undergrowth,
    ] {
        assert!(f.difficult_for(m));
    }
    assert!(
        TerrainFeature::NarrowOpening {
            sized_for: Size::Small
        }
        .difficult_for(m)
    );
    assert!(
        !TerrainFeature::NarrowOpening {
            sized_for: Size::Medium
        }
        .difficult_for(m)
    );
    assert!(TerrainFeature::Slope { degrees: 20 }.difficult_for(m));
    assert!(!TerrainFeature::Slope { degrees: 19 }.difficult_for(m));
    let shin = TerrainFeature::Liquid {
        depth: LiquidDepth::ShinToWaist,
        gm_difficult: None,
    };
    assert!(shin.difficult_for(m));
    // d) Ankle-deep: not by SRD, but the GM may rule it difficult.
    let ankle = TerrainFeature::Liquid {
        depth: LiquidDepth::BelowShin,
        gm_difficult: None,
    };
    assert!(!ankle.difficult_for(m));
    let ankle_gm = TerrainFeature::Liquid {
        depth: LiquidDepth::BelowShin,
        gm_difficult: Some(true),
    };
    assert!(ankle_gm.difficult_for(m));
    // b) Three causes cost what one does.
    assert_eq!(
        space_cost_per_foot(&[TerrainFeature::Rubble, TerrainFeature::Ice, shin], m),
        2
    );
    assert_eq!(space_cost_per_foot(&[ankle], m), 1);
}

#[test]
fn dd_move_04_c_05_c_gm_may_call_for_athletics() {
    assert!(climb_or_swim_allowed(false, None).unwrap());
    assert!(climb_or_swim_allowed(true, None).is_err());
    assert!(climb_or_swim_allowed(true, Some(15)).unwrap());
    assert!(!climb_or_swim_allowed(true, Some(14)).unwrap());
}

#[test]
fn dd_move_05_c_rough_water_check() {
    assert_eq!(CLIMB_SWIM_DC, 15);
    assert!(!climb_or_swim_allowed(true, Some(9)).unwrap());
}

#[test]
fn dd_move_08_b_09_b_jumps_spend_movement() {
    use delve_dnd2024::actions::Turn;
    let j = jump(15, true).unwrap();
    let mut t = Turn::start(30, false);
    t.jump_ft(15, j.long_jump_ft).unwrap();
    assert_eq!(t.movement_left(), 15);
    assert!(t.jump_ft(16, j.long_jump_ft).is_err());
    t.jump_ft(j.high_jump_ft, j.high_jump_ft).unwrap();
    assert_eq!(t.movement_left(), 10);
}

#[test]
fn dd_move_09_b_high_jump_costs_movement() {
    use delve_dnd2024::actions::Turn;
    let j = jump(14, true).unwrap();
    assert_eq!(j.high_jump_ft, 5);
    let mut t = Turn::start(5, false);
    t.jump_ft(5, j.high_jump_ft).unwrap();
    assert_eq!(t.movement_left(), 0);
}

#[test]
fn dd_move_08_c_d_landing_and_low_obstacles() {
    assert!(long_jump_lands_prone(true, 9));
    assert!(!long_jump_lands_prone(true, 10));
    assert!(!long_jump_lands_prone(false, 1));
    assert!(clears_obstacle(3, 15, None).unwrap());
    assert!(!clears_obstacle(3, 15, Some(9)).unwrap());
    assert!(clears_obstacle(3, 15, Some(10)).unwrap());
    assert!(clears_obstacle(4, 15, None).is_err());
}

#[test]
fn dd_move_16_b_d_what_comes_along_and_sight() {
    assert!(teleport_brings(true, false));
    assert!(!teleport_brings(false, false), "a touched creature stays");
    assert!(teleport_brings(false, true));
    assert!(teleport_allowed(true, false).is_err());
    assert!(teleport_allowed(true, true).is_ok());
    assert!(teleport_allowed(false, false).is_ok());
}

#[test]
fn dd_move_21_c_weight_only_when_the_gm_tracks_it() {
    let cap = carrying_capacity(10, Size::Medium).unwrap();
    assert_eq!(speed_if_tracked(false, 30, 250, cap).unwrap(), 30);
    assert_eq!(speed_if_tracked(true, 30, 250, cap).unwrap(), 5);
    assert!(speed_if_tracked(true, 30, 400, cap).is_err());
}

#[test]
fn dd_move_02_b_a_diagonal_move_cannot_cut_a_walls_corner() {
    use tabletop::map::{Cell, GridMap, Obstacle};
    use tabletop::square::Square;
    let s = |x, y| Square::new(x, y);
    let mut map = GridMap::new();
    map.set(
        s(1, 0),
        Cell {
            obstacle: Some(Obstacle::Wall),
            ..Cell::default()
        },
    );
    map.set(
        s(0, 2),
        Cell {
            difficult: true,
            ..Cell::default()
        },
    );
    // Cutting the wall's corner is refused, naming the rule.
    let err = grid_path_cost_on(&map, &[s(0, 0), s(1, 1)]).unwrap_err();
    assert!(err.to_string().contains("DD-MOVE-02.b"), "{err}");
    // Around it: one square per step, two into Difficult Terrain, diagonals one each.
    assert_eq!(grid_path_cost_on(&map, &[s(0, 0), s(0, 1), s(1, 1)]), Ok(2));
    assert_eq!(grid_path_cost_on(&map, &[s(0, 0), s(0, 1), s(0, 2)]), Ok(3));
    assert_eq!(grid_path_cost_on(&map, &[s(1, 1), s(2, 2), s(3, 3)]), Ok(2));
    // Into the wall itself: refused too.
    assert!(grid_path_cost_on(&map, &[s(0, 0), s(1, 0)]).is_err());
}
