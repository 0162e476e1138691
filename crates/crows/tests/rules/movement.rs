//! CR-MOVE-01…04, CR-MOVE-07, CR-CBT-05, CR-MAN-02 (Shift), CR-ERR-13: the path validator.

use crate::common::pure::sq;

use crows::combat::CombatError;
use crows::combat::grid::{BattleGrid, Climb, Obstacle, Occupant};
use crows::combat::movement::{
    EndInSpace, JumpReach, MoveManeuver, MoveOptions, Mover, PathStep, PathTest, jump_reach,
    jump_test, validate_path,
};
use crows::creature::{Size, Speeds};
use crows::test_roll::{Characteristic, ModifierEffect, TestRules, Tier, resolve_test};

fn walk(points: &[(i32, i32)]) -> Vec<PathStep> {
    points
        .iter()
        .map(|&(x, y)| PathStep::Walk { to: sq(x, y) })
        .collect()
}

fn mover(speed: u8) -> Mover {
    Mover {
        id: 1,
        speeds: Speeds {
            walk: speed,
            ..Speeds::default()
        },
        speed,
        flying: false,
    }
}

fn me() -> Occupant {
    Occupant::new(1, Size::Medium, sq(0, 0), 0)
}

fn go(
    g: &BattleGrid,
    occ: &[Occupant],
    m: &Mover,
    man: MoveManeuver,
    path: &[PathStep],
) -> Result<crows::combat::movement::PathReport, CombatError> {
    validate_path(g, occ, m, man, path, MoveOptions::default())
}

#[test]
fn cr_move_01_distance_cannot_exceed_speed() {
    let g = BattleGrid::new();
    let occ = [me()];
    let path = walk(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
    let r = go(&g, &occ, &mover(5), MoveManeuver::Move, &path).expect("five squares");
    assert_eq!(r.cost, 5);
    assert_eq!(r.end.origin, sq(5, 5));
    let longer = walk(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 5)]);
    assert_eq!(
        go(&g, &occ, &mover(5), MoveManeuver::Move, &longer),
        Err(CombatError::ExceedsSpeed { cost: 6, speed: 5 })
    );
    // Steps must be to neighbouring squares; obstacles stop movement.
    assert_eq!(
        go(&g, &occ, &mover(5), MoveManeuver::Move, &walk(&[(2, 0)])),
        Err(CombatError::NotAdjacent {
            from: sq(0, 0),
            to: sq(2, 0)
        })
    );
    let mut walled = BattleGrid::new();
    walled.edit(sq(1, 0), |c| c.obstacle = Some(Obstacle::Flimsy));
    assert_eq!(
        go(
            &walled,
            &occ,
            &mover(5),
            MoveManeuver::Move,
            &walk(&[(1, 0)])
        ),
        Err(CombatError::Obstacle(sq(1, 0)))
    );
}

#[test]
fn cr_move_02_difficult_terrain_costs_one_extra() {
    // The checklist's case: speed 5 through 2 difficult squares and 1 normal → 5 spent.
    let mut g = BattleGrid::new();
    g.edit(sq(1, 0), |c| c.difficult = true);
    g.edit(sq(2, 0), |c| c.difficult = true);
    let occ = [me()];
    let r = go(
        &g,
        &occ,
        &mover(5),
        MoveManeuver::Move,
        &walk(&[(1, 0), (2, 0), (3, 0)]),
    )
    .expect("five");
    assert_eq!(r.cost, 5);
    assert_eq!(r.distance, 3);
    // One more square is over the speed.
    assert!(matches!(
        go(
            &g,
            &occ,
            &mover(5),
            MoveManeuver::Move,
            &walk(&[(1, 0), (2, 0), (3, 0), (4, 0)])
        ),
        Err(CombatError::ExceedsSpeed { cost: 6, .. })
    ));
    // Leaving difficult terrain into open ground costs nothing extra.
    let start_in = [Occupant::new(1, Size::Medium, sq(2, 0), 0)];
    let r = go(
        &g,
        &start_in,
        &mover(5),
        MoveManeuver::Move,
        &walk(&[(3, 0)]),
    )
    .expect("one");
    assert_eq!(r.cost, 1);
}

#[test]
fn cr_move_02_no_shift_into_or_within_difficult_terrain() {
    let mut g = BattleGrid::new();
    g.edit(sq(1, 0), |c| c.difficult = true);
    let occ = [me()];
    assert_eq!(
        go(&g, &occ, &mover(5), MoveManeuver::Shift, &walk(&[(1, 0)])),
        Err(CombatError::ShiftInDifficultTerrain)
    );
    let inside = [Occupant::new(1, Size::Medium, sq(1, 0), 0)];
    assert_eq!(
        go(
            &g,
            &inside,
            &mover(5),
            MoveManeuver::Shift,
            &walk(&[(2, 0)])
        ),
        Err(CombatError::ShiftInDifficultTerrain)
    );
    // On open ground a Shift is one square, never two, never a jump.
    let r = go(&g, &occ, &mover(5), MoveManeuver::Shift, &walk(&[(0, 1)])).expect("shift");
    assert_eq!(r.cost, 1);
    assert_eq!(
        go(
            &g,
            &occ,
            &mover(5),
            MoveManeuver::Shift,
            &walk(&[(0, 1), (0, 2)])
        ),
        Err(CombatError::ShiftIsOneSquare)
    );
    let jump = [PathStep::Jump {
        to: sq(0, 2),
        reach: JumpReach { long: 2, high: 1 },
    }];
    assert_eq!(
        go(&g, &occ, &mover(5), MoveManeuver::Shift, &jump),
        Err(CombatError::ShiftCannotJump)
    );
}

#[test]
fn cr_move_02_no_jumping_out_of_difficult_terrain() {
    let mut g = BattleGrid::new();
    g.edit(sq(0, 0), |c| c.difficult = true);
    let occ = [me()];
    let jump = [PathStep::Jump {
        to: sq(2, 0),
        reach: JumpReach { long: 2, high: 1 },
    }];
    assert_eq!(
        go(&g, &occ, &mover(5), MoveManeuver::Move, &jump),
        Err(CombatError::JumpFromDifficultTerrain)
    );
    // From open ground the same jump is fine and costs its length.
    let open = BattleGrid::new();
    let r = go(&open, &occ, &mover(5), MoveManeuver::Move, &jump).expect("jump");
    assert_eq!(r.cost, 2);
}

#[test]
fn cr_move_03_swimming_and_climbing_cost_one_extra_without_the_speed() {
    let mut g = BattleGrid::new();
    g.edit(sq(1, 0), |c| c.water = true);
    g.edit(sq(2, 0), |c| c.water = true);
    g.edit(sq(0, 1), |c| c.climb = Some(Climb::Wall));
    let occ = [me()];
    let r = go(
        &g,
        &occ,
        &mover(6),
        MoveManeuver::Move,
        &walk(&[(1, 0), (2, 0)]),
    )
    .expect("swim");
    assert_eq!(r.cost, 4);
    assert_eq!(
        r.tests,
        vec![
            PathTest::RefereeMayTest { at: sq(1, 0) },
            PathTest::RefereeMayTest { at: sq(2, 0) }
        ]
    );
    let r = go(&g, &occ, &mover(6), MoveManeuver::Move, &walk(&[(0, 1)])).expect("climb");
    assert_eq!(r.cost, 2);
    // With a swim or climb speed: no extra cost and no test.
    let mut fish = mover(6);
    fish.speeds.swim = Some(6);
    let r = go(
        &g,
        &occ,
        &fish,
        MoveManeuver::Move,
        &walk(&[(1, 0), (2, 0)]),
    )
    .expect("swim");
    assert_eq!(r.cost, 2);
    assert!(r.tests.is_empty());
    let mut spider = mover(6);
    spider.speeds.climb = Some(6);
    let r = go(&g, &occ, &spider, MoveManeuver::Move, &walk(&[(0, 1)])).expect("climb");
    assert_eq!((r.cost, r.tests.len()), (1, 0));
    // Difficult water: both extras.
    g.edit(sq(1, 0), |c| c.difficult = true);
    let r = go(&g, &occ, &mover(6), MoveManeuver::Move, &walk(&[(1, 0)])).expect("both");
    assert_eq!(r.cost, 3);
}

#[test]
fn cr_move_03_ceiling_needs_a_test_unless_u() {
    let mut g = BattleGrid::new();
    g.edit(sq(1, 0), |c| c.climb = Some(Climb::Ceiling));
    let occ = [me()];
    let mut climber = mover(6);
    climber.speeds.climb = Some(6);
    let r = go(&g, &occ, &climber, MoveManeuver::Move, &walk(&[(1, 0)])).expect("ceiling");
    assert_eq!(r.tests, vec![PathTest::CeilingClimb { at: sq(1, 0) }]);
    assert_eq!(r.cost, 1);
    climber.speeds.climb_upside_down = true;
    let r = go(&g, &occ, &climber, MoveManeuver::Move, &walk(&[(1, 0)])).expect("(U)");
    assert!(r.tests.is_empty());
    // Without any climb speed: the test and the extra square.
    let r = go(&g, &occ, &mover(6), MoveManeuver::Move, &walk(&[(1, 0)])).expect("plain");
    assert_eq!(r.tests, vec![PathTest::CeilingClimb { at: sq(1, 0) }]);
    assert_eq!(r.cost, 2);
    // A flyer pays nothing extra and needs no test.
    let mut bird = mover(6);
    bird.flying = true;
    let r = go(&g, &occ, &bird, MoveManeuver::Move, &walk(&[(1, 0)])).expect("fly");
    assert_eq!((r.cost, r.tests.len()), (1, 0));
}

#[test]
fn cr_move_04_fully_submerged_without_swim_speed() {
    let mut g = BattleGrid::new();
    g.edit(sq(1, 0), |c| {
        c.water = true;
        c.submerging = true;
    });
    let occ = [me()];
    let r = go(&g, &occ, &mover(6), MoveManeuver::Move, &walk(&[(1, 0)])).expect("dive");
    assert!(r.submerged_without_swim_speed);
    let mut fish = mover(6);
    fish.speeds.swim = Some(4);
    let r = go(&g, &occ, &fish, MoveManeuver::Move, &walk(&[(1, 0)])).expect("dive");
    assert!(!r.submerged_without_swim_speed);
}

#[test]
fn cr_move_07_jump_table_every_row() {
    // (tier, characteristic, long, high)
    let rows = [
        (Tier::One, 3, 0, 0),
        (Tier::Two, 0, 2, 1),
        (Tier::Two, 4, 2, 1),
        (Tier::Three, 0, 3, 1),  // 2 + 0, minimum 3
        (Tier::Three, -2, 3, 1), // minimum 3
        (Tier::Three, 1, 3, 1),
        (Tier::Three, 2, 4, 1),
        (Tier::Three, 5, 7, 1),
    ];
    for (tier, ch, long, high) in rows {
        assert_eq!(
            jump_reach(tier, ch),
            JumpReach { long, high },
            "{tier:?} {ch}"
        );
    }
}

#[test]
fn cr_move_07_jump_test_with_run_up_edge() {
    let spec = jump_test(Characteristic::Strength, 2, 2).expect("spec");
    assert_eq!(spec.modifiers.len(), 1);
    assert_eq!(spec.modifiers[0].effect, ModifierEffect::Edge);
    assert!(
        jump_test(Characteristic::Agility, 2, 1)
            .expect("spec")
            .modifiers
            .is_empty()
    );
    assert!(jump_test(Characteristic::Mind, 2, 5).is_err());
    // 6 + 5 + 2 (Strength) + 2 (edge) = 15: tier 2.
    let t = resolve_test(&spec, [6, 5], TestRules::default()).expect("roll");
    assert_eq!(t.final_tier, Tier::Two);
    assert_eq!(jump_reach(t.final_tier, 2), JumpReach { long: 2, high: 1 });
}

#[test]
fn cr_move_07_jump_is_part_of_the_move_and_limited_by_the_result() {
    let g = BattleGrid::new();
    let occ = [me()];
    let reach = jump_reach(Tier::Two, 0);
    // Two squares of run-up, then a 2-square jump: 4 of speed 5.
    let mut path = walk(&[(1, 0), (2, 0)]);
    path.push(PathStep::Jump {
        to: sq(4, 0),
        reach,
    });
    let r = go(&g, &occ, &mover(5), MoveManeuver::Move, &path).expect("jump");
    assert_eq!((r.cost, r.distance), (4, 4));
    // Total including the jump cannot exceed speed.
    assert!(matches!(
        go(&g, &occ, &mover(3), MoveManeuver::Move, &path),
        Err(CombatError::ExceedsSpeed { .. })
    ));
    // Too long, too high, or a failed jump.
    let far = [PathStep::Jump {
        to: sq(3, 0),
        reach,
    }];
    assert!(matches!(
        go(&g, &occ, &mover(5), MoveManeuver::Move, &far),
        Err(CombatError::JumpTooFar { distance: 3, .. })
    ));
    let mut ledge = BattleGrid::new();
    ledge.edit(sq(2, 0), |c| c.elevation = 2);
    let up = [PathStep::Jump {
        to: sq(2, 0),
        reach,
    }];
    assert!(matches!(
        go(&ledge, &occ, &mover(5), MoveManeuver::Move, &up),
        Err(CombatError::JumpTooFar { height: 2, .. })
    ));
    let fail = [PathStep::Jump {
        to: sq(1, 0),
        reach: jump_reach(Tier::One, 5),
    }];
    assert!(go(&g, &occ, &mover(5), MoveManeuver::Move, &fail).is_err());
}

#[test]
fn cr_cbt_05_move_through_but_never_stop_in_another_space() {
    let g = BattleGrid::new();
    let ally = Occupant::new(2, Size::Medium, sq(1, 0), 0);
    let enemy = Occupant::new(3, Size::Medium, sq(1, 1), 9);
    let occ = [me(), ally, enemy];
    // Through an ally: normal cost.
    let r = go(
        &g,
        &occ,
        &mover(5),
        MoveManeuver::Move,
        &walk(&[(1, 0), (2, 0)]),
    )
    .expect("ally");
    assert_eq!(r.cost, 2);
    // Through an enemy: difficult terrain.
    let r = go(
        &g,
        &occ,
        &mover(5),
        MoveManeuver::Move,
        &walk(&[(1, 1), (2, 2)]),
    )
    .expect("foe");
    assert_eq!(r.cost, 3);
    // No Shift into an enemy's square (it is difficult terrain).
    assert_eq!(
        go(&g, &occ, &mover(5), MoveManeuver::Shift, &walk(&[(1, 1)])),
        Err(CombatError::ShiftInDifficultTerrain)
    );
    // Stopping there is refused, whatever the sizes, by default (CR-ERR-13).
    assert_eq!(
        go(&g, &occ, &mover(5), MoveManeuver::Move, &walk(&[(1, 0)])),
        Err(CombatError::EndsInOccupiedSpace(2))
    );
}

#[test]
fn cr_err_13_option_lets_a_creature_stop_in_a_much_larger_space() {
    let g = BattleGrid::new();
    let giant = Occupant::new(2, Size::Huge, sq(1, 0), 0);
    let dog = Occupant::new(3, Size::Small, sq(-1, 0), 0);
    let occ = [me(), giant, dog];
    let alt = MoveOptions {
        end_in_space: EndInSpace::TwoOrMoreSizesApart,
    };
    let m = mover(5);
    assert!(validate_path(&g, &occ, &m, MoveManeuver::Move, &walk(&[(1, 0)]), alt).is_ok());
    assert_eq!(
        validate_path(&g, &occ, &m, MoveManeuver::Move, &walk(&[(-1, 0)]), alt),
        Err(CombatError::EndsInOccupiedSpace(3))
    );
    assert_eq!(
        validate_path(
            &g,
            &occ,
            &m,
            MoveManeuver::Move,
            &walk(&[(1, 0)]),
            MoveOptions::default()
        ),
        Err(CombatError::EndsInOccupiedSpace(2))
    );
}

#[test]
fn large_creature_moves_its_whole_space() {
    // A Large creature stepping east enters two new squares; either being difficult costs 1.
    let mut g = BattleGrid::new();
    g.edit(sq(2, 1), |c| c.difficult = true);
    let bear = Occupant::new(1, Size::Large, sq(0, 0), 0);
    let r = go(&g, &[bear], &mover(4), MoveManeuver::Move, &walk(&[(1, 0)])).expect("step");
    assert_eq!(r.cost, 2);
    g.edit(sq(2, 2), |c| c.obstacle = Some(Obstacle::Solid));
    assert_eq!(
        go(&g, &[bear], &mover(4), MoveManeuver::Move, &walk(&[(1, 1)])),
        Err(CombatError::Obstacle(sq(2, 2)))
    );
}

#[test]
fn hazards_and_drops_along_a_path_are_reported() {
    let mut g = BattleGrid::new();
    g.edit(sq(1, 0), |c| c.hazard = Some("fire".into()));
    g.edit(sq(2, 0), |c| c.drop_feet = Some(20));
    let occ = [me()];
    let r = go(
        &g,
        &occ,
        &mover(5),
        MoveManeuver::Move,
        &walk(&[(1, 0), (2, 0)]),
    )
    .expect("ok");
    assert_eq!(r.hazards, vec![(sq(1, 0), "fire".to_string())]);
    assert_eq!(r.falls_feet, Some(20));
    let mut bird = mover(5);
    bird.flying = true;
    let r = go(
        &g,
        &occ,
        &bird,
        MoveManeuver::Move,
        &walk(&[(1, 0), (2, 0)]),
    )
    .expect("ok");
    assert_eq!(r.falls_feet, None);
}

#[test]
fn unknown_mover_is_refused() {
    let g = BattleGrid::new();
    assert_eq!(
        go(&g, &[], &mover(5), MoveManeuver::Move, &walk(&[(1, 0)])),
        Err(CombatError::UnknownMover)
    );
}

#[test]
fn cr_move_05_flyer_falls_when_prone_or_at_speed_zero() {
    use crows::combat::movement::flyer_falls;
    assert!(flyer_falls(true, true, 6));
    assert!(flyer_falls(true, false, 0));
    assert!(!flyer_falls(true, false, 6));
    assert!(!flyer_falls(false, true, 0));
}

#[test]
fn cr_move_06_teleportation() {
    use crows::combat::line_of_effect::LoeOptions;
    use crows::combat::movement::{TeleportState, Teleported, validate_teleport};
    let mut g = BattleGrid::new();
    for y in -5..=5 {
        g.edit(sq(3, y), |c| c.obstacle = Some(Obstacle::Solid));
    }
    g.edit(sq(0, 4), |c| c.obstacle = Some(Obstacle::Solid));
    let ally = Occupant::new(2, Size::Medium, sq(1, 2), 0);
    let occ = [me(), ally];
    let opts = LoeOptions::default();
    let state = TeleportState {
        prone: true,
        grabbed: true,
        grabbing: false,
    };
    // (4) farther than speed is fine if the effect allows it; (5) prone stays; (6) grab ends.
    let r = validate_teleport(
        &g,
        &occ,
        &me(),
        Teleported::Self_,
        sq(2, -4),
        10,
        state,
        opts,
    )
    .expect("teleport");
    assert_eq!(r.end.origin, sq(2, -4));
    assert!(r.still_prone && r.escapes_grab && !r.releases_grab);
    assert_eq!(
        validate_teleport(
            &g,
            &occ,
            &me(),
            Teleported::Self_,
            sq(2, -4),
            3,
            state,
            opts
        ),
        Err(CombatError::TeleportTooFar {
            distance: 4,
            allowed: 3
        })
    );
    // (2) line of effect to the destination: not through the wall.
    assert_eq!(
        validate_teleport(
            &g,
            &occ,
            &me(),
            Teleported::Self_,
            sq(5, 0),
            10,
            state,
            opts
        ),
        Err(CombatError::TeleportNoLineOfEffect)
    );
    // (3) not onto a creature or an object.
    assert_eq!(
        validate_teleport(
            &g,
            &occ,
            &me(),
            Teleported::Self_,
            sq(1, 2),
            10,
            state,
            opts
        ),
        Err(CombatError::TeleportIntoOccupied(sq(1, 2)))
    );
    assert_eq!(
        validate_teleport(
            &g,
            &occ,
            &me(),
            Teleported::Self_,
            sq(0, 4),
            10,
            state,
            opts
        ),
        Err(CombatError::TeleportIntoOccupied(sq(0, 4)))
    );
    // Teleporting another creature: the caster needs line of effect to where it is and to
    // where it goes.
    let caster = crows::combat::grid::Space::new(sq(5, 0), 1);
    let other = Teleported::Other { caster };
    assert_eq!(
        validate_teleport(
            &g,
            &occ,
            &me(),
            other,
            sq(5, 2),
            10,
            TeleportState::default(),
            opts
        ),
        Err(CombatError::TeleportNoLineOfEffect)
    );
    let near = Teleported::Other {
        caster: crows::combat::grid::Space::new(sq(2, 0), 1),
    };
    let r = validate_teleport(
        &g,
        &occ,
        &me(),
        near,
        sq(2, 3),
        10,
        TeleportState {
            grabbing: true,
            ..TeleportState::default()
        },
        opts,
    )
    .expect("other");
    assert!(r.releases_grab && !r.still_prone);
}
