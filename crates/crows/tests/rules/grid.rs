//! CR-CBT-02…07 (grid, scale, space, squeezing, reach) and CR-LOE-01…10 (line of effect,
//! cover, concealment).

use crate::common::pure::{one, sq};

use crows::combat::CombatError;
use crows::combat::grid::{
    self, BattleGrid, Cell, Concealment, Obstacle, Occupant, ReachUse, SPACE_AND_REACH, Space,
};
use crows::combat::line_of_effect::{
    self as loe, LineOfEffect, LoeOptions, attack_geometry, has_cover, line_of_effect,
};
use crows::conditions::{ConditionSet, effective_speed};
use crows::creature::{Size, WorldOptions};
use crows::edges::{NetEdge, net_of};
use crows::light::{GuessOutcome, LightLevel, light_modifier};
use crows::test_roll::{ModifierEffect, SourceKind};

fn wall(g: &mut BattleGrid, x: i32, y: i32) {
    g.edit(sq(x, y), |c| c.obstacle = Some(Obstacle::Solid));
}

// ---- CR-CBT ----

#[test]
fn cr_cbt_02_diagonals_count_as_one_square() {
    assert_eq!(grid::distance(sq(0, 0), sq(3, 2)), 3);
    assert_eq!(grid::distance(sq(0, 0), sq(2, 2)), 2);
    assert_eq!(grid::distance(sq(-1, 4), sq(2, 0)), 4);
    assert!(sq(0, 0).is_adjacent(sq(1, 1)));
    assert!(!sq(0, 0).is_adjacent(sq(0, 0)));
    assert!(!sq(0, 0).is_adjacent(sq(2, 1)));
}

#[test]
fn cr_cbt_03_five_feet_per_square() {
    assert_eq!(grid::FEET_PER_SQUARE, 5);
    assert_eq!(grid::squares_to_feet(3), 15);
}

#[test]
fn cr_cbt_04_space_and_reach_table_every_row() {
    // (size, side, squares, reach) as printed.
    let rows = [
        (Size::Tiny, 1, 1, 1),
        (Size::Small, 1, 1, 1),
        (Size::Medium, 1, 1, 1),
        (Size::Large, 2, 4, 2),
        (Size::Huge, 3, 9, 2),
        (Size::HolyShit, 4, 16, 3),
    ];
    assert_eq!(SPACE_AND_REACH.len(), rows.len());
    for (i, (size, side, squares, reach)) in rows.into_iter().enumerate() {
        assert_eq!(SPACE_AND_REACH[i].size, size);
        assert_eq!(grid::space_side(size), side, "{size:?}");
        assert_eq!(grid::natural_reach(size), reach, "{size:?}");
        let space = Space::of_size(sq(5, -2), size);
        assert_eq!(space.squares().count(), squares, "{size:?}");
        assert!(space.squares().all(|s| space.contains(s)));
    }
    // CR-SIZE-03: the Referee may make a Holy Shit! creature bigger.
    assert_eq!(Space::new(sq(0, 0), 6).squares().count(), 36);
}

#[test]
fn cr_cbt_05_space_overlap_and_distance_between_spaces() {
    let bear = Space::of_size(sq(0, 0), Size::Large); // (0,0)-(1,1)
    assert!(bear.overlaps(&one(1, 1)));
    assert!(!bear.overlaps(&one(2, 1)));
    assert_eq!(bear.distance_to(&one(2, 1)), 1);
    assert_eq!(bear.distance_to(&one(4, -2)), 3);
    assert_eq!(bear.distance_to(&one(1, 0)), 0);
}

#[test]
fn cr_cbt_06_squeezing_halves_speed_and_gives_plus_one() {
    let opts = WorldOptions::default();
    let none = ConditionSet::default();
    assert_eq!(
        effective_speed(5, 0, &none, grid::squeezing_halvings(true), &opts),
        2
    );
    assert_eq!(
        effective_speed(5, 0, &none, grid::squeezing_halvings(false), &opts),
        5
    );
    let m = loe::squeezing_modifier();
    assert_eq!(m.effect, ModifierEffect::Bonus(1));
    assert_eq!(m.source.rule.as_deref(), Some("CR-CBT-06"));
    // A squeezed Large creature fits one square per side less.
    assert_eq!(grid::squeezed_space(sq(0, 0), Size::Large).side, 1);
    assert_eq!(grid::squeezed_space(sq(0, 0), Size::Huge).side, 2);
    // Attacks against a squeezing target get the +1.
    let g = BattleGrid::new();
    let geo = attack_geometry(
        &g,
        &one(0, 0),
        &one(1, 0),
        false,
        true,
        LoeOptions::default(),
    )
    .expect("adjacent");
    assert!(geo.modifiers.contains(&m));
}

#[test]
fn cr_cbt_07_reach_by_size_and_weapon() {
    assert_eq!(grid::reach(Size::Medium, 0, ReachUse::AttackWithWeapon), 1);
    assert_eq!(grid::reach(Size::Medium, 1, ReachUse::AttackWithWeapon), 2);
    assert_eq!(grid::reach(Size::Medium, 1, ReachUse::CounterWithWeapon), 2);
    // Only attacks and counters with the weapon get its reach.
    assert_eq!(grid::reach(Size::Medium, 1, ReachUse::Other), 1);
    assert_eq!(grid::reach(Size::HolyShit, 0, ReachUse::Other), 3);
    let me = one(0, 0);
    assert!(me.within_reach(&one(1, 1), 1));
    assert!(!me.within_reach(&one(2, 1), 1));
    assert!(me.within_reach(&one(2, 1), 2));
    // A Large creature's reach 2 is counted from the edge of its space.
    let ogre = Space::of_size(sq(0, 0), Size::Large);
    assert!(ogre.within_reach(&one(3, 3), 2));
    assert!(!ogre.within_reach(&one(4, 0), 2));
}

// ---- CR-LOE ----

#[test]
fn cr_loe_01_a_wall_that_covers_the_target_blocks() {
    let mut g = BattleGrid::new();
    for y in -3..=3 {
        wall(&mut g, 2, y);
    }
    let l = line_of_effect(&g, &one(0, 0), &one(4, 0), LoeOptions::default());
    assert_eq!(l, LineOfEffect::Blocked);
    assert!(
        attack_geometry(
            &g,
            &one(0, 0),
            &one(4, 0),
            false,
            false,
            LoeOptions::default()
        )
        .is_none()
    );
    // Open ground: clear.
    let open = BattleGrid::new();
    assert_eq!(
        line_of_effect(&open, &one(0, 0), &one(4, 0), LoeOptions::default()),
        LineOfEffect::Clear
    );
}

#[test]
fn cr_loe_02_corner_to_corner_test() {
    let opts = LoeOptions::default();
    // A pillar straight between: the top corners still see each other along its edge.
    let mut g = BattleGrid::new();
    wall(&mut g, 2, 0);
    assert!(line_of_effect(&g, &one(0, 0), &one(4, 0), opts).exists());
    // A wall three squares high hides a target behind its middle.
    for y in -1..=1 {
        wall(&mut g, 2, y);
    }
    assert!(!line_of_effect(&g, &one(0, 0), &one(4, 0), opts).exists());
    // A Large attacker's wider space reaches around the end of that wall.
    let large = Space::of_size(sq(0, 1), Size::Large); // (0,1)-(1,2), corner (2,3)
    assert!(line_of_effect(&g, &large, &one(4, 0), opts).exists());
    // Segments through a square's inside block; along its edge or through its corner do not.
    assert!(loe::squares_crossed((0, 0), (2, 1)).contains(&sq(1, 0)));
    assert!(!loe::squares_crossed((0, 1), (3, 1)).contains(&sq(1, 0)));
    assert!(!loe::squares_crossed((0, 0), (2, 2)).contains(&sq(1, 0)));
    assert!(loe::squares_crossed((0, 0), (2, 2)).contains(&sq(0, 0)));
    assert_eq!(
        loe::squares_crossed((0, 0), (3, 3)),
        vec![sq(0, 0), sq(1, 1), sq(2, 2)]
    );
    // Running along the shared edge of two stacked walls is inside the wall they make.
    let mut two = BattleGrid::new();
    wall(&mut two, 2, -1);
    wall(&mut two, 2, 0);
    assert_eq!(loe::edges_followed((1, 0), (4, 0)).len(), 3);
    assert!(line_of_effect(&two, &one(0, 0), &one(4, 0), opts).exists()); // over the top edge
    two.edit(sq(2, 1), |c| c.obstacle = Some(Obstacle::Solid));
    assert!(!line_of_effect(&two, &one(0, 0), &one(4, 0), opts).exists());
    // Two obstacles meeting only at a corner leave a gap the line may pass.
    let mut diag = BattleGrid::new();
    wall(&mut diag, 1, 0);
    wall(&mut diag, 0, 1);
    assert!(line_of_effect(&diag, &one(0, 0), &one(1, 1), opts).exists());
}

#[test]
fn cr_loe_03_flimsy_barriers_per_referee() {
    let mut g = BattleGrid::new();
    for y in -3..=3 {
        g.edit(sq(2, y), |c| c.obstacle = Some(Obstacle::Flimsy));
    }
    let through = line_of_effect(&g, &one(0, 0), &one(4, 0), LoeOptions::default());
    match &through {
        LineOfEffect::ThroughFlimsy { barriers } => {
            assert!(!barriers.is_empty());
            assert!(barriers.iter().all(|b| b.x == 2));
        }
        other => panic!("expected through flimsy, got {other:?}"),
    }
    let strict = LoeOptions {
        flimsy_barriers_block: true,
    };
    assert_eq!(
        line_of_effect(&g, &one(0, 0), &one(4, 0), strict),
        LineOfEffect::Blocked
    );
    // A flimsy barrier gives no cover when it does not block.
    assert!(!has_cover(
        &g,
        &one(0, 0),
        &one(4, 0),
        LoeOptions::default()
    ));
}

#[test]
fn cr_loe_04_line_of_effect_to_a_square() {
    let mut g = BattleGrid::new();
    for y in -3..=3 {
        wall(&mut g, 2, y);
    }
    let opts = LoeOptions::default();
    assert!(!loe::line_of_effect_to_square(&g, &one(0, 0), sq(3, 0), opts).exists());
    assert!(loe::line_of_effect_to_square(&g, &one(0, 0), sq(1, 3), opts).exists());
}

#[test]
fn cr_loe_05_cover_when_half_hidden_is_a_bane() {
    let opts = LoeOptions::default();
    // Target right behind a one-square pillar: two of its four corners are reachable.
    let mut g = BattleGrid::new();
    wall(&mut g, 2, 0);
    assert!(has_cover(&g, &one(0, 0), &one(3, 0), opts));
    let geo = attack_geometry(&g, &one(0, 0), &one(3, 0), false, false, opts).expect("line");
    assert!(geo.cover);
    assert_eq!(net_of(&geo.modifiers), NetEdge::Bane);
    assert_eq!(geo.modifiers[0].source.rule.as_deref(), Some("CR-LOE-05"));
    // Open ground, and a target off to the side of the pillar: no cover.
    assert!(!has_cover(&BattleGrid::new(), &one(0, 0), &one(3, 0), opts));
    assert!(!has_cover(&g, &one(0, 0), &one(3, 3), opts));
    // No line of effect at all is not cover: it is no target.
    for y in -3..=3 {
        wall(&mut g, 2, y);
    }
    assert!(!has_cover(&g, &one(0, 0), &one(4, 0), opts));
}

#[test]
fn cr_loe_06_concealment_is_data_on_squares() {
    let mut g = BattleGrid::new();
    g.edit(sq(3, 0), |c| c.concealment = Concealment::Light);
    assert_eq!(
        loe::target_concealment(&g, &one(3, 0), false),
        Concealment::Light
    );
    assert_eq!(
        loe::target_concealment(&g, &one(4, 0), false),
        Concealment::None
    );
    // Concealment does not block line of effect nor give cover (no physical protection).
    assert_eq!(
        line_of_effect(&g, &one(0, 0), &one(5, 0), LoeOptions::default()),
        LineOfEffect::Clear
    );
    assert!(!has_cover(
        &g,
        &one(0, 0),
        &one(5, 0),
        LoeOptions::default()
    ));
    // A Large target half in fog: the attacker aims at the clear half.
    let bear = Space::of_size(sq(3, 0), Size::Large);
    assert_eq!(loe::target_concealment(&g, &bear, false), Concealment::None);
}

#[test]
fn cr_loe_07_light_concealment_bane() {
    let m = loe::concealment_modifier(Concealment::Light, false).expect("bane");
    assert_eq!(m.effect, ModifierEffect::Bane);
    assert_eq!(m.source.kind, SourceKind::Light);
    assert!(loe::concealment_modifier(Concealment::None, false).is_none());
}

#[test]
fn cr_loe_08_heavy_concealment_double_bane_and_guess() {
    let m = loe::concealment_modifier(Concealment::Heavy, false).expect("double bane");
    assert_eq!(m.effect, ModifierEffect::DoubleBane);
    let bear = Space::of_size(sq(3, 3), Size::Large);
    assert!(loe::must_guess_square(Concealment::Heavy, true));
    assert!(!loe::must_guess_square(Concealment::Heavy, false));
    assert!(!loe::must_guess_square(Concealment::Light, true));
    assert_eq!(
        loe::resolve_square_guess(Concealment::Heavy, true, sq(4, 4), &bear),
        Ok(GuessOutcome::Attack)
    );
    assert_eq!(
        loe::resolve_square_guess(Concealment::Heavy, true, sq(5, 4), &bear),
        Ok(GuessOutcome::AutomaticMiss)
    );
    assert_eq!(
        loe::resolve_square_guess(Concealment::Light, true, sq(4, 4), &bear),
        Err(CombatError::NoGuessNeeded)
    );
}

#[test]
fn cr_loe_09_invisible_counts_as_heavy_concealment() {
    let g = BattleGrid::new();
    assert_eq!(
        loe::target_concealment(&g, &one(2, 0), true),
        Concealment::Heavy
    );
    let geo = attack_geometry(
        &g,
        &one(0, 0),
        &one(2, 0),
        true,
        false,
        LoeOptions::default(),
    )
    .expect("line");
    assert_eq!(net_of(&geo.modifiers), NetEdge::DoubleBane);
    // Invisible inside heavy fog is still one heavy concealment, not two.
    let mut fog = BattleGrid::new();
    fog.edit(sq(2, 0), |c| c.concealment = Concealment::Heavy);
    let geo = attack_geometry(
        &fog,
        &one(0, 0),
        &one(2, 0),
        true,
        false,
        LoeOptions::default(),
    )
    .expect("line");
    assert_eq!(geo.modifiers.len(), 1);
    assert_eq!(geo.modifiers[0].source.rule.as_deref(), Some("CR-LOE-09"));
}

#[test]
fn cr_loe_10_cover_and_dim_light_make_a_double_bane() {
    let mut g = BattleGrid::new();
    wall(&mut g, 2, 0);
    let geo = attack_geometry(
        &g,
        &one(0, 0),
        &one(3, 0),
        false,
        false,
        LoeOptions::default(),
    )
    .expect("line");
    let mut mods = geo.modifiers.clone();
    mods.extend(light_modifier(LightLevel::Dim));
    assert_eq!(net_of(&mods), NetEdge::DoubleBane);
    // Cover, light concealment and dim light: still a double bane (banes cap at two).
    g.edit(sq(3, 0), |c| c.concealment = Concealment::Light);
    let geo = attack_geometry(
        &g,
        &one(0, 0),
        &one(3, 0),
        false,
        false,
        LoeOptions::default(),
    )
    .expect("line");
    assert_eq!(geo.modifiers.len(), 2);
}

#[test]
fn grid_cells_default_to_open_ground() {
    let mut g = BattleGrid::new();
    assert_eq!(g.cell(sq(9, 9)), &Cell::default());
    g.edit(sq(1, 1), |c| c.difficult = true);
    assert_eq!(g.features().count(), 1);
    g.edit(sq(1, 1), |c| c.difficult = false);
    assert_eq!(g.features().count(), 0);
    let o = Occupant::new(7, Size::Huge, sq(0, 0), 1);
    assert_eq!(o.space.side, 3);
}

#[test]
fn cr_loe_03_map_data_carries_the_flimsy_flag() {
    let json = r#"{"obstacle":"flimsy","concealment":"light","drop_feet":20}"#;
    let cell: Cell = serde_json::from_str(json).expect("valid cell");
    assert_eq!(cell.obstacle, Some(Obstacle::Flimsy));
    assert_eq!(cell.concealment, Concealment::Light);
    assert_eq!(cell.drop_feet, Some(20));
    let back: Cell =
        serde_json::from_str(&serde_json::to_string(&cell).expect("json")).expect("round trip");
    assert_eq!(back, cell);
    // Unknown fields are refused rather than silently dropped.
    assert!(serde_json::from_str::<Cell>(r#"{"glass":true}"#).is_err());
}
