use delve_dnd2024::Interpretations;
use delve_dnd2024::hazards::*;
use delve_dnd2024::movement::Size;

#[test]
fn dd_haz_05_a_fall_dice() {
    assert_eq!(fall_damage(9).unwrap().count, 0);
    assert_eq!(fall_damage(35).unwrap().to_string(), "3d6");
    assert_eq!(fall_damage(500).unwrap().count, 20);
}

#[test]
fn dd_haz_05_b_prone_only_with_damage() {
    assert!(!lands_prone(0));
    assert!(lands_prone(1));
}

#[test]
fn dd_haz_05_c_water_halves() {
    assert_eq!(water_fall_damage(11, true), 5);
    assert_eq!(water_fall_damage(11, false), 11);
}

#[test]
fn dd_haz_04_a_breath() {
    assert_eq!(breath_rounds(2), 30);
    assert_eq!(breath_rounds(-1), 5);
    assert_eq!(breath_rounds(-3), 5);
}

#[test]
fn dd_haz_03_test_malnutrition_half() {
    let o = Interpretations::default();
    assert_eq!(
        malnutrition_lb(Size::Medium, 0.4, 0, &o).unwrap(),
        DayOutcome::Save { dc: 10 }
    );
    assert_eq!(
        malnutrition_lb(Size::Medium, 0.5, 0, &o).unwrap(),
        DayOutcome::Fine
    );
    let strict = Interpretations {
        malnutrition_exactly_half_is_enough: false,
        ..o
    };
    assert_eq!(
        malnutrition_lb(Size::Medium, 0.5, 0, &strict).unwrap(),
        DayOutcome::Save { dc: 10 }
    );
    assert!(malnutrition_lb(Size::Medium, -1.0, 0, &o).is_err());
}

#[test]
fn dd_haz_03_c_five_days_without_food() {
    let o = Interpretations::default();
    assert_eq!(malnutrition(Size::Medium, 0, 4, &o), DayOutcome::Fine);
    assert_eq!(malnutrition(Size::Medium, 0, 5, &o), DayOutcome::Exhaustion);
    assert_eq!(malnutrition(Size::Medium, 0, 6, &o), DayOutcome::Exhaustion);
}

#[test]
fn dd_haz_02_b_dehydration() {
    // Medium needs 1 gallon = 4 quarters; 1 quarter is less than half.
    assert_eq!(dehydration(Size::Medium, 1), DayOutcome::Exhaustion);
    assert_eq!(dehydration(Size::Medium, 2), DayOutcome::Fine);
    assert_eq!(daily_need_quarters(Size::Gargantuan), 256);
}

#[test]
fn dd_haz_01_a_burning_1d4() {
    assert_eq!(BURNING_DAMAGE.to_string(), "1d4");
}

#[test]
fn dd_haz_04_c_breathing_removes_only_suffocation_levels() {
    use delve_dnd2024::conditions::{Exhaustion, ExhaustionSource};
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Other);
    e.gain(ExhaustionSource::Suffocation);
    e.gain(ExhaustionSource::Suffocation);
    assert_eq!(e.breathe_again(), 2);
    assert_eq!(e.sources(), &[ExhaustionSource::Other]);
}
