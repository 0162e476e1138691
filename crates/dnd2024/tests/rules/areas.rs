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
fn dd_aoe_08_half_damage_round_down() {
    assert_eq!(area_damage(27, true), 13);
    assert_eq!(area_damage(27, false), 27);
}

#[test]
fn dd_cov_01_test_best_single_degree() {
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
fn dd_vis_07_test_darkvision() {
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
fn dd_vis_02_03_light_obscures() {
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
fn dd_vis_08_tremorsense() {
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
fn dd_vis_10_unseen_attackers() {
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
