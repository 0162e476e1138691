use delve_dnd2024::combat::*;
use delve_dnd2024::core::RollMode;
use delve_dnd2024::movement::Size;

#[test]
fn dd_cbt_01_test_static_initiative() {
    assert_eq!(initiative_score(3, RollMode::Normal), 13);
    assert_eq!(initiative_score(3, RollMode::Advantage), 18);
    assert_eq!(initiative_score(3, RollMode::Disadvantage), 8);
}

#[test]
fn dd_cbt_01_b_turn_order_highest_first_ties_by_choice() {
    assert_eq!(
        turn_order(&[12, 18, 12, 5], &[2, 0]).unwrap(),
        vec![1, 2, 0, 3]
    );
    assert!(turn_order(&[1], &[4]).is_err());
}

#[test]
fn dd_cbt_02_a_b_surprise_and_combinations() {
    assert_eq!(
        initiative_mode(true, false, false, 0, 0),
        RollMode::Disadvantage
    );
    assert_eq!(initiative_mode(true, false, true, 0, 0), RollMode::Normal);
    assert_eq!(
        initiative_mode(false, false, true, 0, 0),
        RollMode::Advantage
    );
    assert_eq!(
        initiative_mode(false, true, false, 0, 0),
        RollMode::Disadvantage
    );
}

#[test]
fn dd_cbt_05_ranged_ranges() {
    assert_eq!(ranged_attack(80, 80, Some(320), false).unwrap(), 0);
    assert_eq!(ranged_attack(100, 80, Some(320), false).unwrap(), 1);
    assert!(ranged_attack(321, 80, Some(320), false).is_err());
    assert!(ranged_attack(31, 30, None, false).is_err());
    assert_eq!(ranged_attack(30, 80, Some(320), true).unwrap(), 1);
}

#[test]
fn dd_cbt_06_a_melee_reach() {
    assert!(melee_in_reach(5, 5).is_ok());
    assert!(melee_in_reach(10, 5).is_err());
    assert!(melee_in_reach(10, 10).is_ok());
}

#[test]
fn dd_cbt_07_test_unarmed_strike() {
    let u = unarmed_strike(3, 2);
    assert_eq!((u.attack_bonus, u.damage, u.grapple_shove_dc), (5, 4, 13));
    assert_eq!(unarmed_strike(-3, 2).damage, 0);
    assert!(check_grapple_or_shove(Size::Medium, Size::Huge, true, true).is_err());
    assert!(check_grapple_or_shove(Size::Medium, Size::Large, true, true).is_ok());
    assert!(check_grapple_or_shove(Size::Medium, Size::Large, true, false).is_err());
    assert!(check_grapple_or_shove(Size::Medium, Size::Large, false, false).is_ok());
}

#[test]
fn dd_cbt_08_d_grapple_ends() {
    assert!(!grapple_ends(false, false, 5, 5, false));
    assert!(grapple_ends(true, false, 5, 5, false));
    assert!(grapple_ends(false, true, 5, 5, false));
    assert!(grapple_ends(false, false, 10, 5, false));
    assert!(grapple_ends(false, false, 5, 5, true));
}

#[test]
fn dd_cond_07_c_drag_cost() {
    assert_eq!(drag_cost_per_foot(Size::Medium, Size::Medium), 2);
    assert_eq!(drag_cost_per_foot(Size::Medium, Size::Tiny), 1);
    assert_eq!(drag_cost_per_foot(Size::Huge, Size::Medium), 1);
}

#[test]
fn dd_cbt_09_improvised() {
    assert_eq!(improvised_attack_bonus(3, 2), 3);
    assert_eq!(IMPROVISED_DAMAGE.to_string(), "1d4");
    assert_eq!(IMPROVISED_THROWN_RANGE, (20, 60));
}

#[test]
fn dd_cbt_11_armor_training() {
    assert_eq!(
        armor_training_effects(ArmorCategory::Heavy, false),
        (true, false, true)
    );
    assert_eq!(
        armor_training_effects(ArmorCategory::Shield, false),
        (false, true, false)
    );
    assert_eq!(
        armor_training_effects(ArmorCategory::Light, true),
        (false, true, true)
    );
}

#[test]
fn dd_cbt_12_a_mounting() {
    assert_eq!(mount_cost(Size::Medium, Size::Large, 30, true).unwrap(), 15);
    assert!(mount_cost(Size::Medium, Size::Medium, 30, true).is_err());
    assert!(mount_cost(Size::Medium, Size::Large, 30, false).is_err());
}

#[test]
fn dd_cbt_13_underwater() {
    assert_eq!(underwater_attack(false, false, false, 5, 5).unwrap(), 1);
    assert_eq!(underwater_attack(false, true, false, 5, 5).unwrap(), 0);
    assert_eq!(underwater_attack(false, false, true, 5, 5).unwrap(), 0);
    assert!(underwater_attack(true, true, false, 90, 80).is_err());
    assert_eq!(underwater_attack(true, true, false, 30, 80).unwrap(), 1);
}

#[test]
fn dd_cbt_10_b_weapon_damage_uses_attack_ability() {
    use delve_dnd2024::core::DamageDice;
    let rapier = DamageDice {
        count: 1,
        sides: 8,
        modifier: 0,
    };
    let (bonus, dmg) = weapon_attack(1, 4, false, true, 2, true, rapier);
    assert_eq!((bonus, dmg.to_string()), (6, "1d8 + 4".to_string()));
    let (bonus, dmg) = weapon_attack(3, 1, false, false, 2, false, rapier);
    assert_eq!((bonus, dmg.modifier), (3, 3));
    let (bonus, _) = weapon_attack(3, 1, true, false, 2, true, rapier);
    assert_eq!(bonus, 3);
}
