//! CR-EDGE, CR-BONUS: edges, banes, their cancellation, numeric bonuses and the shift order.

use crate::common::pure::{resolve, src};

use crows::edges::{self, NetEdge};
use crows::expertise::ExpertiseName;
use crows::test_roll::{
    self, Characteristic, Modifier, ModifierEffect, ModifierSource, ShiftCause, ShiftOrder,
    SourceKind, TestError, TestRules, TestSpec, Tier,
};

fn spec_with(edges: u32, banes: u32, value: i8) -> TestSpec {
    let mut s = TestSpec::new(Characteristic::Agility, value);
    for i in 0..edges {
        s = s.with_modifier(Modifier::edge(src(&format!("edge{i}"))));
    }
    for i in 0..banes {
        s = s.with_modifier(Modifier::bane(src(&format!("bane{i}"))));
    }
    s
}

#[test]
// Covers CR-EDGE-01.
fn cr_edge_01_one_edge_adds_2() {
    let r = resolve(&spec_with(1, 0, 0), [5, 5]);
    assert_eq!(r.rolled.net, NetEdge::Edge);
    assert_eq!(r.rolled.total, 12);
    assert_eq!(r.final_tier, Tier::Two);
    assert!(r.steps.is_empty());
}

#[test]
// Covers CR-EDGE-02.
fn cr_edge_02_double_edge_adds_nothing_and_raises_a_tier_max_3() {
    for n in 2..=5 {
        let r = resolve(&spec_with(n, 0, 0), [5, 5]);
        assert_eq!(r.rolled.net, NetEdge::DoubleEdge);
        assert_eq!(r.rolled.total, 10, "no +2 with a double edge (CR-ERR-07)");
        assert_eq!(r.rolled.base_tier, Tier::One);
        assert_eq!(r.final_tier, Tier::Two);
    }
    // Already tier 3: stays tier 3.
    let r = resolve(&spec_with(2, 0, 0), [9, 9]);
    assert_eq!(r.final_tier, Tier::Three);
    // One source giving a double edge by itself counts as two edges.
    let s = TestSpec::new(Characteristic::Mind, 0).with_modifier(Modifier::new(
        src("fight_the_miasma"),
        ModifierEffect::DoubleEdge,
    ));
    assert_eq!(resolve(&s, [7, 7]).final_tier, Tier::Three);
}

#[test]
// Covers CR-EDGE-03.
fn cr_edge_03_one_bane_subtracts_2() {
    let r = resolve(&spec_with(0, 1, 0), [6, 6]);
    assert_eq!(r.rolled.net, NetEdge::Bane);
    assert_eq!(r.rolled.total, 10);
    assert_eq!(r.final_tier, Tier::One);
}

#[test]
// Covers CR-EDGE-04.
fn cr_edge_04_double_bane_subtracts_nothing_and_lowers_a_tier_min_1() {
    for n in 2..=5 {
        let r = resolve(&spec_with(0, n, 0), [9, 8]);
        assert_eq!(r.rolled.net, NetEdge::DoubleBane);
        assert_eq!(r.rolled.total, 17);
        assert_eq!(r.rolled.base_tier, Tier::Three);
        assert_eq!(r.final_tier, Tier::Two);
    }
    let r = resolve(&spec_with(0, 2, 0), [4, 4]);
    assert_eq!(r.final_tier, Tier::One, "clamped at tier 1");
}

#[test]
fn cr_edge_05_cancellation_table_every_row() {
    // (edges, banes, expected) — the rows of the table, with several counts for "≥2".
    let rows: &[(&[u32], &[u32], NetEdge)] = &[
        (&[0], &[0], NetEdge::None),
        (&[1], &[0], NetEdge::Edge),
        (&[2, 3, 7], &[0], NetEdge::DoubleEdge),
        (&[0], &[1], NetEdge::Bane),
        (&[0], &[2, 3, 7], NetEdge::DoubleBane),
        (&[1], &[1], NetEdge::None),
        (&[2, 3, 7], &[2, 3, 7], NetEdge::None),
        (&[2, 3, 7], &[1], NetEdge::Edge),
        (&[1], &[2, 3, 7], NetEdge::Bane),
    ];
    for (es, bs, want) in rows {
        for &e in *es {
            for &b in *bs {
                assert_eq!(edges::net(e, b), *want, "{e} edges, {b} banes");
                assert_eq!(edges::net_of(&spec_with(e, b, 0).modifiers), *want);
            }
        }
    }
    // The checklist's cases, through a real test with natural 10 and characteristic 0.
    assert_eq!(resolve(&spec_with(3, 1, 0), [5, 5]).rolled.total, 12);
    assert_eq!(resolve(&spec_with(1, 4, 0), [5, 5]).rolled.total, 8);
    let r = resolve(&spec_with(2, 3, 0), [5, 5]);
    assert_eq!(r.rolled.total, 10);
    assert!(r.steps.is_empty());
}

#[test]
fn cr_edge_06_numbers_are_never_edges_or_banes() {
    let s = TestSpec::new(Characteristic::Mind, 0)
        .with_modifier(Modifier::bonus(src("a"), 2))
        .with_modifier(Modifier::bonus(src("b"), 2))
        .with_modifier(Modifier::bane(src("c")));
    let r = resolve(&s, [5, 5]);
    assert_eq!((r.rolled.edges, r.rolled.banes), (0, 1));
    assert_eq!(r.rolled.net, NetEdge::Bane);
    assert_eq!(r.rolled.total, 10 + 4 - 2);
}

#[test]
fn cr_edge_07_edges_and_banes_keep_their_sources() {
    let s = TestSpec::new(Characteristic::Mind, 0)
        .with_modifier(Modifier::edge(
            ModifierSource::new(SourceKind::Condition, "blessed").with_rule("CR-COND-02"),
        ))
        .with_modifier(Modifier::bane(ModifierSource::new(
            SourceKind::Light,
            "dim_light",
        )))
        .with_modifier(Modifier::new(
            ModifierSource::new(SourceKind::Light, "darkness"),
            ModifierEffect::DoubleBane,
        ));
    let (e, b) = edges::sources(&s.modifiers);
    assert_eq!(
        e.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
        ["blessed"]
    );
    assert_eq!(
        b.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
        ["dim_light", "darkness"]
    );
    assert_eq!(e[0].rule.as_deref(), Some("CR-COND-02"));
    // 1 edge vs 3 banes → one bane.
    assert_eq!(edges::net_of(&s.modifiers), NetEdge::Bane);
}

#[test]
fn cr_edge_08_pipeline_order() {
    // Natural 8 + 2 + 1 bonus = 11 (tier 1); double edge → 2; expertise → 3.
    let s = spec_with(2, 0, 2).with_modifier(Modifier::bonus(src("tools"), 1));
    let rolled = test_roll::roll_test(&s, [4, 4], TestRules::standard()).unwrap();
    assert_eq!(rolled.base_tier, Tier::One);
    assert_eq!(rolled.tier_before_expertise, Tier::Two);
    let r = rolled.commit(Some(ExpertiseName::Athletics)).unwrap();
    let causes: Vec<_> = r.steps.iter().map(|s| s.cause.clone()).collect();
    assert_eq!(
        causes,
        vec![
            ShiftCause::DoubleEdge,
            ShiftCause::Expertise {
                expertise: ExpertiseName::Athletics
            }
        ]
    );
    assert_eq!(r.final_tier, Tier::Three);
}

#[test]
fn cr_err_24_shift_order_is_configurable() {
    // Base tier 1 with a double bane, then an expertise.
    let s = spec_with(0, 2, 0);
    let standard = test_roll::roll_test(&s, [4, 4], TestRules::standard()).unwrap();
    assert_eq!(standard.tier_before_expertise, Tier::One);
    assert_eq!(
        standard
            .commit(Some(ExpertiseName::Search))
            .unwrap()
            .final_tier,
        Tier::Two
    );
    let rules = TestRules {
        shift_order: ShiftOrder::SumThenClampOnce,
        ..TestRules::standard()
    };
    let summed = test_roll::roll_test(&s, [4, 4], rules).unwrap();
    assert!(!summed.expertise_would_help());
    assert_eq!(
        summed.clone().commit(Some(ExpertiseName::Search)),
        Err(TestError::ExpertiseChangesNothing)
    );
    assert_eq!(summed.commit(None).unwrap().final_tier, Tier::One);
    // Base tier 3 with a double bane and an expertise: 3 either way.
    let top = test_roll::roll_test(&s, [9, 9], TestRules::standard()).unwrap();
    assert_eq!(
        top.commit(Some(ExpertiseName::Search)).unwrap().final_tier,
        Tier::Three
    );
}

#[test]
fn cr_bonus_01_numeric_bonuses_and_penalties_add_to_the_total() {
    let s = TestSpec::new(Characteristic::Mind, 1).with_modifier(Modifier::bonus(
        ModifierSource::new(SourceKind::Item, "masterwork_blacksmith_tools"),
        2,
    ));
    let r = resolve(&s, [5, 5]);
    assert_eq!(r.rolled.bonus_total, 2);
    assert_eq!(r.rolled.total, 13);
    let s =
        TestSpec::new(Characteristic::Mind, 1).with_modifier(Modifier::bonus(src("assist"), -1));
    assert_eq!(resolve(&s, [5, 5]).rolled.total, 10);
}

#[test]
fn cr_bonus_02_all_numeric_modifiers_stack_without_cap() {
    let mut s = TestSpec::new(Characteristic::Mind, 0);
    for _ in 0..10 {
        s = s.with_modifier(Modifier::bonus(src("same source"), 2));
    }
    let r = resolve(&s, [1, 3]);
    assert_eq!(r.rolled.bonus_total, 20);
    assert_eq!(r.rolled.total, 24);
}
