//! Exact odds of a test (odds.rs), checked against hand counts and a brute-force recount.

use crows::odds::{self, Fraction};
use crows::test_roll::{
    self, Characteristic, Modifier, ModifierEffect, ModifierSource, SourceKind, TestRules,
    TestSpec, Tier,
};

fn f(n: u32, d: u32) -> Fraction {
    Fraction::new(n, d)
}

fn spec(stat: i8, edges: u32, banes: u32, bonus: i32) -> TestSpec {
    let mut s = TestSpec::new(Characteristic::Agility, stat);
    for i in 0..edges {
        s = s.with_modifier(Modifier::edge(ModifierSource::new(
            SourceKind::Situation,
            format!("e{i}"),
        )));
    }
    for i in 0..banes {
        s = s.with_modifier(Modifier::bane(ModifierSource::new(
            SourceKind::Situation,
            format!("b{i}"),
        )));
    }
    if bonus != 0 {
        s = s.with_modifier(Modifier::bonus(
            ModifierSource::new(SourceKind::Rule, "bonus"),
            bonus,
        ));
    }
    s
}

#[test]
fn odds_plain_test_matches_hand_count() {
    // Sums 2–11: 55 outcomes; 12–16: 35; 17–20: 10. Crit 19–20: 3; doom 2–3: 3.
    let o = odds::test_odds(&spec(0, 0, 0, 0), TestRules::standard(), false).unwrap();
    assert_eq!(o.tier_1, f(55, 100));
    assert_eq!(o.tier_2, f(35, 100));
    assert_eq!(o.tier_3, f(10, 100));
    assert_eq!(o.crit, f(3, 100));
    assert_eq!(o.doom, f(3, 100));
    assert_eq!(
        o.tier_1,
        Fraction {
            numerator: 11,
            denominator: 20
        }
    );
}

#[test]
fn odds_stat_5_doom_still_tier_1() {
    // +5: tier 1 needs natural ≤ 6 (15 outcomes, dooms included); tier 2 natural 7–11 (40).
    let o = odds::test_odds(&spec(5, 0, 0, 0), TestRules::standard(), false).unwrap();
    assert_eq!(
        (o.tier_1, o.tier_2, o.tier_3),
        (f(15, 100), f(40, 100), f(45, 100))
    );
    // −5 with −20: only crits reach tier 3; nothing is tier 2.
    let o = odds::test_odds(&spec(-5, 0, 0, -20), TestRules::standard(), false).unwrap();
    assert_eq!(
        (o.tier_1, o.tier_2, o.tier_3),
        (f(97, 100), f(0, 1), f(3, 100))
    );
    // +5 with +20: only dooms are tier 1.
    let o = odds::test_odds(&spec(5, 0, 0, 20), TestRules::standard(), false).unwrap();
    assert_eq!(
        (o.tier_1, o.tier_2, o.tier_3),
        (f(3, 100), f(0, 1), f(97, 100))
    );
}

#[test]
fn odds_expertise_lifts_every_non_doom_tier() {
    let o = odds::test_odds(&spec(0, 0, 0, 0), TestRules::standard(), true).unwrap();
    assert_eq!(
        (o.tier_1, o.tier_2, o.tier_3),
        (f(3, 100), f(52, 100), f(45, 100))
    );
    let both = odds::odds_with_expertise(&spec(0, 0, 0, 0), TestRules::standard()).unwrap();
    assert_eq!(both.without.tier_3, f(10, 100));
    assert_eq!(both.with_expertise.tier_3, f(45, 100));
}

#[test]
fn odds_double_edge_and_double_bane() {
    // Double edge: tier 1 only on doom (natural 2–3, 3 outcomes)… plus no other tier-1 base
    // can stay tier 1, since every base tier 1 rises to 2.
    let o = odds::test_odds(&spec(0, 2, 0, 0), TestRules::standard(), false).unwrap();
    assert_eq!(
        (o.tier_1, o.tier_2, o.tier_3),
        (f(3, 100), f(52, 100), f(45, 100))
    );
    // Double bane: tier 3 only on crit; base tier 3 (10) drops to 2 except crits (3).
    let o = odds::test_odds(&spec(0, 0, 2, 0), TestRules::standard(), false).unwrap();
    assert_eq!(
        (o.tier_1, o.tier_2, o.tier_3),
        (f(90, 100), f(7, 100), f(3, 100))
    );
}

#[test]
fn odds_sum_to_one_and_agree_with_a_recount() {
    for stat in -5..=5i8 {
        for (e, b) in [
            (0, 0),
            (1, 0),
            (0, 1),
            (2, 0),
            (0, 2),
            (2, 1),
            (1, 2),
            (3, 3),
        ] {
            for bonus in [-3, 0, 4] {
                for expertise in [false, true] {
                    let s = spec(stat, e, b, bonus);
                    let o = odds::test_odds(&s, TestRules::standard(), expertise).unwrap();
                    let total = o.tier_1.numerator * (100 / o.tier_1.denominator)
                        + o.tier_2.numerator * (100 / o.tier_2.denominator)
                        + o.tier_3.numerator * (100 / o.tier_3.denominator);
                    assert_eq!(total, 100);
                    let p = o.tier_1.to_f64() + o.tier_2.to_f64() + o.tier_3.to_f64();
                    assert!((p - 1.0).abs() < 1e-12);
                    // Recount by hand from the rules.
                    let mut count = [0u32; 3];
                    for a in 1..=10u8 {
                        for c in 1..=10u8 {
                            let r =
                                test_roll::roll_test(&s, [a, c], TestRules::standard()).unwrap();
                            let tier = if expertise && r.expertise_would_help() {
                                r.final_tier_with_expertise()
                            } else {
                                r.final_tier_without_expertise()
                            };
                            count[usize::from(tier.number() - 1)] += 1;
                        }
                    }
                    for t in Tier::ALL {
                        assert_eq!(o.tier(t), f(count[usize::from(t.number() - 1)], 100));
                    }
                }
            }
        }
    }
}

#[test]
fn odds_automatic_doom_is_all_doom() {
    let s = spec(3, 0, 0, 0).with_modifier(Modifier::new(
        ModifierSource::new(SourceKind::Condition, "unconscious"),
        ModifierEffect::AutomaticDoom,
    ));
    let o = odds::test_odds(&s, TestRules::standard(), true).unwrap();
    assert_eq!((o.tier_1, o.doom, o.crit), (f(1, 1), f(1, 1), f(0, 1)));
}
