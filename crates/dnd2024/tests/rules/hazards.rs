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
fn dd_haz_03_b_test_malnutrition_half() {
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

#[test]
fn dd_haz_01_b_c_putting_the_fire_out() {
    use delve_dnd2024::actions::Turn;
    use delve_dnd2024::conditions::{Condition, Conditions};
    let mut b = Burning { burning: true };
    assert_eq!(b.start_of_turn().unwrap().to_string(), "1d4");
    let mut t = Turn::start(30, false);
    let mut c = Conditions::default();
    b.roll_out(&mut t, &mut c).unwrap();
    assert!(!b.burning && t.action_used && c.has(Condition::Prone));
    assert_eq!(b.start_of_turn(), None);
    let mut t = Turn::start(30, false);
    assert!(b.roll_out(&mut t, &mut c).is_err());
    for how in [
        Extinguish::Doused,
        Extinguish::Submerged,
        Extinguish::Smothered,
    ] {
        let mut b = Burning { burning: true };
        b.put_out(how);
        assert!(!b.burning);
    }
}

#[test]
fn dd_haz_02_a_03_a_daily_needs_by_size() {
    // T-05 food 1 lb and T-06 water 1 gallon for Small and Medium, in quarters.
    assert_eq!(daily_need_quarters(Size::Medium), 4);
    assert_eq!(daily_need_quarters(Size::Tiny), 1);
    assert_eq!(daily_need_quarters(Size::Large), 16);
    assert_eq!(dehydration(Size::Large, 7), DayOutcome::Exhaustion);
    assert_eq!(dehydration(Size::Large, 8), DayOutcome::Fine);
}

#[test]
fn dd_haz_03_a_food_need_by_size() {
    let o = Interpretations::default();
    assert_eq!(
        malnutrition(Size::Huge, 31, 0, &o),
        DayOutcome::Save { dc: 10 }
    );
    assert_eq!(malnutrition(Size::Huge, 32, 0, &o), DayOutcome::Fine);
}

#[test]
fn dd_haz_02_c_03_d_exhaustion_stays_until_the_need_is_met() {
    use delve_dnd2024::conditions::{Exhaustion, ExhaustionSource};
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Dehydration);
    assert!(!e.finish_long_rest(false, true));
    assert!(e.finish_long_rest(true, true));
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Malnutrition);
    assert!(!e.finish_long_rest(true, false));
    assert_eq!(e.level(), 1);
    assert!(e.finish_long_rest(true, true));
}

#[test]
fn dd_haz_02_c_dehydration_level_needs_full_water() {
    use delve_dnd2024::conditions::{Exhaustion, ExhaustionSource};
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Dehydration);
    e.finish_long_rest(false, false);
    assert_eq!(e.level(), 1);
}

#[test]
fn dd_haz_03_d_malnutrition_level_needs_full_food() {
    use delve_dnd2024::conditions::{Exhaustion, ExhaustionSource};
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Malnutrition);
    e.finish_long_rest(true, false);
    assert_eq!(e.level(), 1);
}

#[test]
fn dd_haz_04_b_out_of_breath_one_level_each_turn() {
    use delve_dnd2024::conditions::{Exhaustion, ExhaustionSource};
    let mut e = Exhaustion::default();
    let mut b = HeldBreath::start(-1);
    assert_eq!(b.rounds_left, 5);
    for _ in 0..5 {
        assert_eq!(b.end_of_turn(&mut e, false), None);
    }
    assert_eq!(b.end_of_turn(&mut e, false), Some(false));
    assert_eq!(b.end_of_turn(&mut e, false), Some(false));
    assert_eq!(e.level(), 2);
    assert!(
        e.sources()
            .iter()
            .all(|s| *s == ExhaustionSource::Suffocation)
    );
    // Choking: a level at once, whatever breath was left.
    let mut e = Exhaustion::default();
    let mut b = HeldBreath::start(2);
    assert_eq!(b.end_of_turn(&mut e, true), Some(false));
    assert_eq!(e.level(), 1);
}
