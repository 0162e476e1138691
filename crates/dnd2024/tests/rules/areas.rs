use delve_dnd2024::aoe::*;
use delve_dnd2024::cover::*;
use delve_dnd2024::vision::*;

#[test]
fn dd_aoe_01_a_six_shapes_and_origins() {
    assert_eq!(Shape::ALL.len(), 6);
    assert!(Shape::Sphere.origin_included(false));
    assert!(Shape::Cylinder.origin_included(false));
    for s in [Shape::Cone, Shape::Cube, Shape::Emanation, Shape::Line] {
        assert!(!s.origin_included(false), "{s:?}");
        assert!(s.origin_included(true), "{s:?}");
    }
}

#[test]
fn dd_aoe_01_b_total_cover_blocks() {
    assert!(reaches(&[true, false]));
    assert!(!reaches(&[true, true]));
}

#[test]
fn dd_aoe_01_c_unseen_point_moves_to_near_side() {
    assert_eq!(origin_point(60, false, Some(30)), 30);
    assert_eq!(origin_point(60, true, Some(30)), 60);
    assert_eq!(origin_point(60, false, None), 60);
}

#[test]
fn dd_aoe_02_a_cone_width() {
    assert_eq!(cone_width_at(15, 30), Some(15));
    assert_eq!(cone_width_at(31, 30), None);
}

#[test]
fn dd_aoe_05_b_emanation_moves() {
    assert!(emanation_moves(false, false));
    assert!(!emanation_moves(true, false));
}

#[test]
fn dd_aoe_08_b_half_damage_round_down() {
    assert_eq!(area_damage(27, true), 13);
    assert_eq!(area_damage(27, false), 27);
}

#[test]
fn dd_cov_01_b_c_d_e_test_best_single_degree() {
    assert_eq!(
        effective_cover(&[(Cover::Half, true), (Cover::ThreeQuarters, true)]).bonus(),
        Some(5)
    );
    assert_eq!(Cover::Half.bonus(), Some(2));
    assert!(!Cover::Total.targetable());
    assert_eq!(Cover::Total.bonus(), None);
    // Cover behind the attacker does not count (DD-COV-01.e).
    assert_eq!(
        effective_cover(&[(Cover::ThreeQuarters, false)]),
        Cover::None
    );
}

#[test]
fn dd_vis_07_a_test_darkvision() {
    let s = Senses {
        darkvision_ft: 60,
        ..Default::default()
    };
    assert_eq!(
        obscurement(Light::Darkness, 40, &s, false),
        Obscured::Lightly
    );
    assert_eq!(
        perception_mode(Obscured::Lightly),
        Some(delve_dnd2024::core::RollMode::Disadvantage)
    );
    assert_eq!(
        obscurement(Light::Darkness, 70, &s, false),
        Obscured::Heavily
    );
    assert_eq!(obscurement(Light::Dim, 40, &s, false), Obscured::Not);
}

#[test]
fn dd_vis_02_a_dim_light_lightly_darkness_heavily_obscured() {
    let s = Senses::default();
    assert_eq!(obscurement(Light::Dim, 10, &s, false), Obscured::Lightly);
    assert_eq!(
        obscurement(Light::Darkness, 10, &s, false),
        Obscured::Heavily
    );
    assert_eq!(obscurement(Light::Bright, 10, &s, false), Obscured::Not);
    assert_eq!(perception_mode(Obscured::Heavily), None);
}

#[test]
fn dd_vis_09_a_truesight_magical_darkness() {
    let dv = Senses {
        darkvision_ft: 60,
        ..Default::default()
    };
    assert_eq!(
        obscurement(Light::Darkness, 10, &dv, true),
        Obscured::Heavily
    );
    let ts = Senses {
        truesight_ft: 60,
        ..Default::default()
    };
    assert_eq!(obscurement(Light::Darkness, 10, &ts, true), Obscured::Not);
}

#[test]
fn dd_vis_06_a_blindsight_and_09_b_truesight_see_invisible() {
    let bs = Senses {
        blindsight_ft: 30,
        ..Default::default()
    };
    assert!(can_see(&bs, 10, true, true, Obscured::Heavily, false));
    assert!(!can_see(&bs, 10, true, true, Obscured::Heavily, true));
    let ts = Senses {
        truesight_ft: 30,
        ..Default::default()
    };
    assert!(can_see(&ts, 10, false, true, Obscured::Not, false));
    assert!(!can_see(
        &Senses::default(),
        10,
        false,
        true,
        Obscured::Not,
        false
    ));
}

#[test]
fn dd_vis_08_a_b_tremorsense_same_surface_not_air_not_sight() {
    let t = Senses {
        tremorsense_ft: 30,
        ..Default::default()
    };
    assert!(tremorsense_detects(&t, 20, true, false));
    assert!(!tremorsense_detects(&t, 20, true, true));
    assert!(!tremorsense_detects(&t, 20, false, false));
    // Not sight: a blinded creature with only tremorsense cannot "see".
    assert!(!can_see(&t, 20, true, false, Obscured::Not, false));
}

#[test]
fn dd_vis_10_b_unseen_attackers() {
    assert_eq!(unseen_sources(false, true), (0, 1));
    assert_eq!(unseen_sources(true, false), (1, 0));
}

#[test]
fn dd_aoe_03_b_cube_origin_excluded() {
    assert!(!Shape::Cube.origin_included(false));
}

#[test]
fn dd_aoe_04_b_cylinder_origin_included() {
    assert!(Shape::Cylinder.origin_included(false));
}

#[test]
fn dd_aoe_06_b_line_origin_excluded() {
    assert!(!Shape::Line.origin_included(false));
    assert!(Shape::Line.origin_included(true));
}

#[test]
fn dd_aoe_07_b_sphere_origin_included() {
    assert!(Shape::Sphere.origin_included(false));
}

#[test]
fn dd_vis_01_a_bright_light() {
    assert_eq!(
        obscurement(Light::Bright, 100, &Senses::default(), false),
        Obscured::Not
    );
}

#[test]
fn dd_vis_03_a_darkness_heavily_obscured() {
    assert_eq!(
        obscurement(Light::Darkness, 5, &Senses::default(), false),
        Obscured::Heavily
    );
}

#[test]
fn dd_vis_04_a_lightly_obscured_perception_disadvantage() {
    assert_eq!(
        perception_mode(Obscured::Lightly),
        Some(delve_dnd2024::core::RollMode::Disadvantage)
    );
}

#[test]
fn dd_vis_05_a_heavily_obscured_blinds_sight() {
    assert_eq!(perception_mode(Obscured::Heavily), None);
    assert!(!can_see(
        &Senses::default(),
        10,
        false,
        false,
        Obscured::Heavily,
        false
    ));
}

fn east() -> Point {
    Point::new(1.0, 0.0, 0.0)
}

#[test]
fn dd_aoe_01_d_the_area_decides_the_targets() {
    let ball = Area::Sphere { radius_ft: 20.0 };
    let open: &[bool] = &[false];
    let walled: &[bool] = &[true];
    let t = ball.targets(
        &[
            ("near", Point::new(10.0, 0.0, 0.0), open),
            ("far", Point::new(25.0, 0.0, 0.0), open),
            ("behind wall", Point::new(5.0, 5.0, 0.0), walled),
        ],
        false,
    );
    assert_eq!(t, vec!["near"]);
}

#[test]
fn dd_aoe_02_a_b_cone_widens_origin_excluded() {
    let cone = Area::Cone {
        length_ft: 30.0,
        direction: east(),
    };
    assert_eq!(cone.shape(), Shape::Cone);
    // 15 ft out it is 15 ft wide: 7.5 ft either side of the axis.
    assert!(cone.contains(Point::new(15.0, 7.5, 0.0), false));
    assert!(!cone.contains(Point::new(15.0, 8.0, 0.0), false));
    assert!(!cone.contains(Point::new(31.0, 0.0, 0.0), false));
    assert!(!cone.contains(Point::new(-5.0, 0.0, 0.0), false));
    assert!(!cone.contains(Point::ORIGIN, false));
    assert!(cone.contains(Point::ORIGIN, true));
}

#[test]
fn dd_aoe_03_a_b_cube_from_a_face_with_its_side() {
    let cube = Area::Cube {
        side_ft: 15.0,
        direction: east(),
    };
    assert!(cube.contains(Point::new(15.0, 7.5, -7.5), false));
    assert!(!cube.contains(Point::new(16.0, 0.0, 0.0), false));
    assert!(!cube.contains(Point::new(5.0, 8.0, 0.0), false));
    assert!(!cube.contains(Point::new(-1.0, 0.0, 0.0), false));
    assert!(!cube.contains(Point::ORIGIN, false));
    assert!(cube.contains(Point::ORIGIN, true));
}

#[test]
fn dd_aoe_04_a_cylinder_from_top_or_bottom_face() {
    let up = Area::Cylinder {
        radius_ft: 10.0,
        height_ft: 40.0,
        face: CylinderFace::Bottom,
    };
    assert!(up.contains(Point::new(6.0, 8.0, 40.0), false));
    assert!(!up.contains(Point::new(0.0, 0.0, -1.0), false));
    assert!(!up.contains(Point::new(8.0, 8.0, 5.0), false));
    let down = Area::Cylinder {
        radius_ft: 10.0,
        height_ft: 40.0,
        face: CylinderFace::Top,
    };
    assert!(down.contains(Point::new(0.0, 0.0, -40.0), false));
    assert!(!down.contains(Point::new(0.0, 0.0, 1.0), false));
    assert!(down.contains(Point::ORIGIN, false), "DD-AOE-04.b");
}

#[test]
fn dd_aoe_05_a_c_emanation_around_its_creature() {
    // A Medium creature (2.5 ft to the edge of its space) with a 10-ft emanation.
    let aura = Area::Emanation {
        distance_ft: 10.0,
        origin_half_width_ft: 2.5,
    };
    assert!(aura.contains(Point::new(0.0, 12.5, 0.0), false));
    assert!(
        aura.contains(Point::new(0.0, 0.0, 12.0), false),
        "every direction"
    );
    assert!(!aura.contains(Point::new(13.0, 0.0, 0.0), false));
    // The origin creature is not in it unless the creator chooses.
    assert!(!aura.contains(Point::ORIGIN, false));
    assert!(!aura.contains(Point::new(1.0, 0.0, 0.0), false));
    assert!(aura.contains(Point::ORIGIN, true));
}

#[test]
fn dd_aoe_06_a_line_length_and_width() {
    let line = Area::Line {
        length_ft: 100.0,
        width_ft: 5.0,
        direction: east(),
    };
    assert!(line.contains(Point::new(100.0, 2.5, 0.0), false));
    assert!(!line.contains(Point::new(101.0, 0.0, 0.0), false));
    assert!(!line.contains(Point::new(50.0, 3.0, 0.0), false));
    assert!(!line.contains(Point::ORIGIN, false));
}

#[test]
fn dd_aoe_07_a_sphere_radius_every_direction() {
    let ball = Area::Sphere { radius_ft: 20.0 };
    assert!(ball.contains(Point::new(0.0, -20.0, 0.0), false));
    assert!(ball.contains(Point::new(12.0, 0.0, 16.0), false));
    assert!(!ball.contains(Point::new(15.0, 15.0, 0.0), false));
    assert!(ball.contains(Point::ORIGIN, false));
}

#[test]
fn dd_aoe_08_a_one_roll_for_every_target() {
    assert_eq!(
        area_damage_for_all(27, &[false, true, true]),
        vec![27, 13, 13]
    );
}

#[test]
fn dd_cov_01_a_half_cover_plus_2_to_ac_and_dex_saves() {
    use delve_dnd2024::combat::{AttackReach, AttackRequest, AttackTarget, plan_attack};
    use delve_dnd2024::conditions::Conditions;
    let none = Conditions::default();
    let req = |cover| AttackRequest {
        bonus: 5,
        reach: AttackReach::Melee { reach_ft: 5 },
        distance_ft: 5,
        target: AttackTarget::Creature {
            armor_class: 13,
            conditions: &none,
        },
        cover,
        attacker: &none,
        attacker_sees_target: true,
        target_sees_attacker: true,
        target_is_grappler: false,
        fear_source_in_sight: false,
        enemy_within_5ft: false,
        other_advantage: 0,
        other_disadvantage: 0,
        damage: None,
    };
    assert_eq!(plan_attack(&req(Cover::Half)).unwrap().test.target, 15);
    assert_eq!(
        plan_attack(&req(Cover::ThreeQuarters)).unwrap().test.target,
        18
    );
    assert!(plan_attack(&req(Cover::Total)).is_err());
    // The same bonus goes on Dexterity saves.
    assert_eq!(Cover::Half.bonus(), Some(2));
}

#[test]
fn dd_cov_01_f_spells_need_a_clear_path() {
    use delve_dnd2024::magic::{SpellRange, check_spell_target};
    assert!(
        check_spell_target(
            SpellRange::Feet(60),
            30,
            5,
            false,
            !Cover::Total.targetable()
        )
        .is_err()
    );
    assert!(
        check_spell_target(
            SpellRange::Feet(60),
            30,
            5,
            false,
            !Cover::ThreeQuarters.targetable()
        )
        .is_ok()
    );
}

#[test]
fn dd_vis_05_b_heavily_obscured_lets_a_creature_hide() {
    use delve_dnd2024::actions::hide;
    assert!(conceals_for_hiding(Obscured::Heavily, Cover::None));
    assert!(conceals_for_hiding(Obscured::Not, Cover::ThreeQuarters));
    assert!(!conceals_for_hiding(Obscured::Lightly, Cover::Half));
    assert_eq!(
        hide(
            true,
            conceals_for_hiding(Obscured::Heavily, Cover::None),
            16
        )
        .unwrap(),
        Some(16)
    );
    assert!(
        hide(
            true,
            conceals_for_hiding(Obscured::Lightly, Cover::None),
            16
        )
        .is_err()
    );
}

#[test]
fn dd_vis_07_b_darkvision_sees_grey_in_darkness() {
    let dv = Senses {
        darkvision_ft: 60,
        ..Default::default()
    };
    assert_eq!(sees_colour(Light::Darkness, 30, &dv, false), Some(false));
    assert_eq!(sees_colour(Light::Dim, 30, &dv, false), Some(true));
    assert_eq!(sees_colour(Light::Darkness, 70, &dv, false), None);
}

#[test]
fn dd_vis_09_b_truesight_sees_invisible_in_range() {
    let ts = Senses {
        truesight_ft: 30,
        ..Default::default()
    };
    assert!(can_see(&ts, 30, false, true, Obscured::Not, false));
    assert!(!can_see(&ts, 35, false, true, Obscured::Not, false));
}

#[test]
fn dd_vis_09_c_truesight_against_visual_illusions() {
    use delve_dnd2024::effects::{Faculty, Illusion, IllusionPerceived};
    use delve_dnd2024::exceptions::Exceptions;
    let image = Illusion {
        deceives: vec![Faculty::Sight],
        in_space: true,
        overrides: Exceptions::general(),
    };
    assert_eq!(
        image.perceived(Faculty::Sight, true),
        IllusionPerceived::SeenThrough
    );
    assert_eq!(
        image.perceived(Faculty::Sight, false),
        IllusionPerceived::Real
    );
    assert!(image.save_auto_succeeds(true));
    assert!(!image.save_auto_succeeds(false));
}

#[test]
fn dd_vis_09_d_e_truesight_true_forms_and_the_ethereal_plane() {
    let ts = Senses {
        truesight_ft: 60,
        ..Default::default()
    };
    assert_eq!(perceived_form(&ts, 30, "hag", "old woman", true), "hag");
    assert_eq!(
        perceived_form(&ts, 90, "hag", "old woman", true),
        "old woman"
    );
    assert_eq!(
        perceived_form(&Senses::default(), 5, "hag", "old woman", true),
        "old woman"
    );
    assert!(sees_ethereal(&ts, 60));
    assert!(!sees_ethereal(&ts, 61));
    assert!(!sees_ethereal(
        &Senses {
            darkvision_ft: 120,
            ..Default::default()
        },
        10
    ));
}

#[test]
fn dd_vis_10_a_unseen_target_disadvantage_wrong_guess_misses() {
    use delve_dnd2024::combat::{AttackReach, AttackRequest, AttackTarget, plan_attack};
    use delve_dnd2024::conditions::Conditions;
    use delve_dnd2024::core::RollMode;
    use delve_dnd2024::exceptions::Exceptions;
    let none = Conditions::default();
    let req = |occupant| AttackRequest {
        bonus: 5,
        reach: AttackReach::Ranged {
            normal_ft: 80,
            long_ft: Some(320),
        },
        distance_ft: 30,
        target: AttackTarget::Location { occupant },
        cover: Cover::None,
        attacker: &none,
        attacker_sees_target: false,
        target_sees_attacker: true,
        target_is_grappler: false,
        fear_source_in_sight: false,
        enemy_within_5ft: false,
        other_advantage: 0,
        other_disadvantage: 0,
        damage: None,
    };
    let there = plan_attack(&req(Some((12, &none)))).unwrap();
    assert_eq!(there.test.mode, RollMode::Disadvantage);
    assert!(there.roll(&[20, 20], &Exceptions::general()).unwrap().hit);
    let empty = plan_attack(&req(None)).unwrap();
    assert!(!empty.roll(&[20, 20], &Exceptions::general()).unwrap().hit);
}
