//! CR-FORCE-01…09 (forced movement) and CR-TOPPLE-01…04 (toppling objects).

use crate::common::pure::sq;

use crows::combat::CombatError;
use crows::combat::forced_movement::{ForcedKind, ForcedMovement, validate_forced_path};
use crows::combat::grid::{BattleGrid, Obstacle, Occupant};
use crows::combat::toppling::{
    ToppleMethod, ToppleOutcome, topple_damage, topple_damage_dice, topple_method, topple_outcome,
    topple_self_damage, topple_test,
};
use crows::creature::{Magic, Size};
use crows::edges::{NetEdge, net_of};
use crows::test_roll::{ModifierEffect, TestRules, Tier, resolve_test};

fn push(x: u32) -> ForcedMovement {
    ForcedMovement {
        kind: ForcedKind::Push,
        distance: x,
        magic: Magic::Mundane,
        vertical: false,
    }
}

fn slide(x: u32) -> ForcedMovement {
    ForcedMovement {
        kind: ForcedKind::Slide,
        distance: x,
        magic: Magic::Mundane,
        vertical: false,
    }
}

fn setup() -> (Occupant, Occupant) {
    (
        Occupant::new(1, Size::Medium, sq(0, 0), 0),
        Occupant::new(2, Size::Medium, sq(1, 0), 9),
    )
}

#[test]
fn cr_force_01_push_is_straight_and_away() {
    let g = BattleGrid::new();
    let (me, foe) = setup();
    let occ = [me, foe];
    let r = validate_forced_path(
        &g,
        &occ,
        &me,
        &foe,
        false,
        push(3),
        &[sq(2, 0), sq(3, 0), sq(4, 0)],
    )
    .expect("push");
    assert_eq!(r.end.origin, sq(4, 0));
    assert_eq!(r.squares_moved, 3);
    // Diagonally away is fine too, as long as the line stays straight.
    assert!(
        validate_forced_path(&g, &occ, &me, &foe, false, push(2), &[sq(2, 1), sq(3, 2)]).is_ok()
    );
    assert_eq!(
        validate_forced_path(&g, &occ, &me, &foe, false, push(2), &[sq(2, 0), sq(3, 1)]),
        Err(CombatError::PushNotStraight)
    );
    // Sideways keeps the distance: not away.
    assert_eq!(
        validate_forced_path(&g, &occ, &me, &foe, false, push(1), &[sq(1, 1)]),
        Err(CombatError::PushNotAway)
    );
    assert!(matches!(
        validate_forced_path(&g, &occ, &me, &foe, false, push(1), &[sq(3, 0)]),
        Err(CombatError::NotAdjacent { .. })
    ));
}

#[test]
fn cr_force_02_slide_any_horizontal_path() {
    let g = BattleGrid::new();
    let (me, foe) = setup();
    let occ = [me, foe];
    let r = validate_forced_path(
        &g,
        &occ,
        &me,
        &foe,
        false,
        slide(3),
        &[sq(1, 1), sq(0, 1), sq(-1, 1)],
    )
    .expect("slide around");
    assert_eq!(r.end.origin, sq(-1, 1));
}

#[test]
fn cr_force_03_fewer_squares_allowed_never_more() {
    let g = BattleGrid::new();
    let (me, foe) = setup();
    let occ = [me, foe];
    assert!(validate_forced_path(&g, &occ, &me, &foe, false, push(3), &[sq(2, 0)]).is_ok());
    assert_eq!(
        validate_forced_path(&g, &occ, &me, &foe, false, push(3), &[]).map(|r| r.end.origin),
        Ok(sq(1, 0))
    );
    assert_eq!(
        validate_forced_path(&g, &occ, &me, &foe, false, slide(1), &[sq(2, 0), sq(3, 0)]),
        Err(CombatError::ForcedTooFar {
            moved: 2,
            allowed: 1
        })
    );
}

#[test]
fn cr_force_04_ignores_difficult_terrain_but_hazards_apply() {
    let mut g = BattleGrid::new();
    g.edit(sq(2, 0), |c| c.difficult = true);
    g.edit(sq(3, 0), |c| c.difficult = true);
    g.edit(sq(3, 0), |c| c.hazard = Some("brazier".into()));
    let (me, foe) = setup();
    let occ = [me, foe];
    let r = validate_forced_path(
        &g,
        &occ,
        &me,
        &foe,
        false,
        push(3),
        &[sq(2, 0), sq(3, 0), sq(4, 0)],
    )
    .expect("difficult is ignored");
    assert_eq!(r.squares_moved, 3);
    assert_eq!(r.hazards, vec![(sq(3, 0), "brazier".to_string())]);
}

#[test]
fn cr_force_05_never_into_a_creature_or_object() {
    let mut g = BattleGrid::new();
    g.edit(sq(3, 0), |c| c.obstacle = Some(Obstacle::Solid));
    let (me, foe) = setup();
    let other = Occupant::new(3, Size::Small, sq(1, 2), 0);
    let occ = [me, foe, other];
    assert_eq!(
        validate_forced_path(&g, &occ, &me, &foe, false, push(3), &[sq(2, 0), sq(3, 0)]),
        Err(CombatError::ForcedIntoOccupied(sq(3, 0)))
    );
    // Not even through a creature's square on the way.
    assert_eq!(
        validate_forced_path(
            &g,
            &occ,
            &me,
            &foe,
            false,
            slide(3),
            &[sq(1, 1), sq(1, 2), sq(1, 3)]
        ),
        Err(CombatError::ForcedIntoOccupied(sq(1, 2)))
    );
}

#[test]
fn cr_force_06_mundane_cannot_move_larger_creatures() {
    let g = BattleGrid::new();
    let me = Occupant::new(1, Size::Medium, sq(0, 0), 0);
    let ogre = Occupant::new(2, Size::Large, sq(1, 0), 9);
    let occ = [me, ogre];
    assert_eq!(
        validate_forced_path(&g, &occ, &me, &ogre, false, push(1), &[sq(2, 0)]),
        Err(CombatError::TargetTooLarge)
    );
    let magic = ForcedMovement {
        magic: Magic::Magic,
        ..push(1)
    };
    assert!(validate_forced_path(&g, &occ, &me, &ogre, false, magic, &[sq(2, 0)]).is_ok());
    // Same size or smaller: fine.
    let (me, foe) = setup();
    assert!(validate_forced_path(&g, &[me, foe], &me, &foe, false, push(1), &[sq(2, 0)]).is_ok());
}

#[test]
fn cr_force_08_slopes_of_one_square_per_square() {
    let mut g = BattleGrid::new();
    g.edit(sq(2, 0), |c| c.elevation = 1);
    g.edit(sq(3, 0), |c| c.elevation = 2);
    g.edit(sq(4, 0), |c| c.elevation = 4);
    let (me, foe) = setup();
    let occ = [me, foe];
    assert!(
        validate_forced_path(&g, &occ, &me, &foe, false, push(2), &[sq(2, 0), sq(3, 0)]).is_ok()
    );
    assert_eq!(
        validate_forced_path(
            &g,
            &occ,
            &me,
            &foe,
            false,
            push(3),
            &[sq(2, 0), sq(3, 0), sq(4, 0)]
        ),
        Err(CombatError::SlopeTooSteep {
            from: sq(3, 0),
            to: sq(4, 0)
        })
    );
    // A flying target is moved vertically anyway (CR-FORCE-07).
    assert!(
        validate_forced_path(
            &g,
            &occ,
            &me,
            &foe,
            true,
            push(3),
            &[sq(2, 0), sq(3, 0), sq(4, 0)]
        )
        .is_ok()
    );
}

#[test]
fn cr_force_09_falls_only_if_still_over_the_drop_at_the_end() {
    let mut g = BattleGrid::new();
    g.edit(sq(2, 0), |c| c.drop_feet = Some(30));
    g.edit(sq(3, 0), |c| c.drop_feet = Some(30));
    let (me, foe) = setup();
    let occ = [me, foe];
    // Across the chasm to solid ground: no fall.
    let r = validate_forced_path(
        &g,
        &occ,
        &me,
        &foe,
        false,
        push(3),
        &[sq(2, 0), sq(3, 0), sq(4, 0)],
    )
    .expect("across");
    assert_eq!(r.falls_feet, None);
    // Stopped over it: falls.
    let r = validate_forced_path(&g, &occ, &me, &foe, false, push(3), &[sq(2, 0), sq(3, 0)])
        .expect("over");
    assert_eq!(r.falls_feet, Some(30));
    // A flyer never falls.
    let r = validate_forced_path(&g, &occ, &me, &foe, true, push(3), &[sq(2, 0), sq(3, 0)])
        .expect("flyer");
    assert_eq!(r.falls_feet, None);
}

// ---- CR-TOPPLE ----

#[test]
fn cr_topple_01_damage_table_every_row() {
    // (object larger by, d10) as printed.
    let rows = [(0, 1), (1, 3), (2, 5), (3, 7), (4, 9), (5, 11)];
    for (larger, dice) in rows {
        let object = Size::ALL[larger];
        assert_eq!(
            topple_damage_dice(object, Size::Tiny),
            Some(dice),
            "{object:?}"
        );
    }
    // The book's example: a Huge object on a Medium creature deals 5d10.
    assert_eq!(topple_damage_dice(Size::Huge, Size::Medium), Some(5));
    let faces = [10, 1, 2, 3, 4];
    assert_eq!(
        topple_damage(Size::Huge, Size::Medium, &faces),
        Ok(Some(20))
    );
    assert!(topple_damage(Size::Huge, Size::Medium, &[10, 1]).is_err());
    assert!(topple_damage(Size::Medium, Size::Medium, &[11]).is_err());
    // Smaller object: no formula (CR-ERR-53, default none).
    assert_eq!(topple_damage_dice(Size::Small, Size::Medium), None);
    assert_eq!(topple_damage(Size::Small, Size::Medium, &[]), Ok(None));
}

#[test]
fn cr_topple_02_smaller_object_is_a_maneuver_without_test() {
    assert_eq!(
        topple_method(Size::Small, Size::Medium),
        ToppleMethod::Maneuver
    );
    assert_eq!(
        topple_test(2, Size::Small, Size::Medium),
        Err(CombatError::ToppleNeedsNoTest)
    );
}

#[test]
fn cr_topple_03_test_with_bane_by_size_and_table_every_row() {
    let rows = [
        (Size::Medium, 0u8, NetEdge::None),
        (Size::Large, 1, NetEdge::Bane),
        (Size::Huge, 2, NetEdge::DoubleBane),
    ];
    for (object, banes, net) in rows {
        assert_eq!(
            topple_method(object, Size::Medium),
            ToppleMethod::ActionTest { banes }
        );
        let spec = topple_test(1, object, Size::Medium).expect("test");
        assert_eq!(net_of(&spec.modifiers), net, "{object:?}");
    }
    let spec = topple_test(1, Size::Huge, Size::Medium).expect("test");
    assert_eq!(spec.modifiers[0].effect, ModifierEffect::DoubleBane);
    // Table rows.
    assert_eq!(topple_outcome(Tier::One), ToppleOutcome::DoesNotMove);
    assert_eq!(
        topple_outcome(Tier::Two),
        ToppleOutcome::MayToppleTakingDamage
    );
    assert_eq!(topple_outcome(Tier::Three), ToppleOutcome::Topples);
    // 9 + 8 + 1 = 18 with no bane: topples; one size larger: 18 − 2 = 16, tier 2.
    let same = topple_test(1, Size::Medium, Size::Medium).expect("test");
    let t = resolve_test(&same, [9, 8], TestRules::default()).expect("roll");
    assert_eq!(topple_outcome(t.final_tier), ToppleOutcome::Topples);
    let larger = topple_test(1, Size::Large, Size::Medium).expect("test");
    let t = resolve_test(&larger, [9, 8], TestRules::default()).expect("roll");
    assert_eq!(
        topple_outcome(t.final_tier),
        ToppleOutcome::MayToppleTakingDamage
    );
    assert_eq!(topple_self_damage(4), Ok(4));
    assert!(topple_self_damage(7).is_err());
}

#[test]
fn cr_topple_04_three_or_more_larger_needs_tools() {
    assert_eq!(
        topple_method(Size::HolyShit, Size::Medium),
        ToppleMethod::NeedsTools
    );
    assert_eq!(
        topple_method(Size::HolyShit, Size::Large),
        ToppleMethod::ActionTest { banes: 2 }
    );
    assert_eq!(
        topple_test(5, Size::Huge, Size::Small),
        Err(CombatError::ToppleNeedsTools)
    );
}

#[test]
fn cr_force_07_vertical_lifts_and_a_non_flyer_falls() {
    use crows::combat::forced_movement::validate_vertical_forced_path;
    let g = BattleGrid::new();
    let (me, foe) = setup();
    let occ = [me, foe];
    let up = ForcedMovement {
        vertical: true,
        ..slide(3)
    };
    // One square across and two up: three of X, then a 10-foot fall.
    let r = validate_vertical_forced_path(&g, &occ, &me, &foe, false, up, &[sq(2, 0)], 2)
        .expect("lift");
    assert!(r.vertical);
    assert_eq!(r.squares_moved, 3);
    assert_eq!(r.falls_feet, Some(10));
    // The lift counts toward X.
    assert!(matches!(
        validate_vertical_forced_path(&g, &occ, &me, &foe, false, up, &[sq(2, 0), sq(3, 0)], 2),
        Err(CombatError::ForcedTooFar { moved: 4, .. })
    ));
    // A flyer stays aloft; its forced movement is always vertical.
    let r = validate_vertical_forced_path(&g, &occ, &me, &foe, true, slide(3), &[sq(2, 0)], 2)
        .expect("flyer");
    assert!(r.vertical);
    assert_eq!(r.falls_feet, None);
    // Without "vertical" a walker cannot be lifted.
    assert_eq!(
        validate_vertical_forced_path(&g, &occ, &me, &foe, false, slide(3), &[sq(2, 0)], 1),
        Err(CombatError::NotVertical)
    );
    // Vertical movement ignores the slope limit.
    let mut cliff = BattleGrid::new();
    cliff.edit(sq(2, 0), |c| c.elevation = 3);
    assert!(validate_forced_path(&cliff, &occ, &me, &foe, false, up, &[sq(2, 0)]).is_ok());
    assert!(validate_forced_path(&cliff, &occ, &me, &foe, false, slide(3), &[sq(2, 0)]).is_err());
}
