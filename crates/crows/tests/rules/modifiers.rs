//! CR-MOD-01: every row of the modifier registry, walked one by one, applied to a real test.

use crows::expertise::WeaponCategory;
use crows::modifiers::{self, Context, DamageEffect, PartEffect, REGISTRY, Whose};
use crows::test_roll::{
    self, Activity, AttackRange, Characteristic, ModifierEffect, TestKind, TestRules, TestSpec,
    Tier,
};

fn ordinary(c: Characteristic) -> TestSpec {
    TestSpec::new(c, 0)
}
fn act(a: Activity) -> TestSpec {
    TestSpec::new(Characteristic::Agility, 0).with_activity(a)
}
fn melee() -> TestSpec {
    TestSpec::new(Characteristic::Strength, 0).with_kind(TestKind::Attack {
        range: AttackRange::Melee,
        weapon: Some(WeaponCategory::Slashing),
    })
}
fn ranged() -> TestSpec {
    TestSpec::new(Characteristic::Agility, 0).with_kind(TestKind::Attack {
        range: AttackRange::Ranged,
        weapon: Some(WeaponCategory::Bow),
    })
}
fn spell_attack() -> TestSpec {
    TestSpec::new(Characteristic::Mind, 0).with_kind(TestKind::Casting {
        discipline: crows::expertise::Discipline::Elemental,
        attack: Some(AttackRange::Ranged),
    })
}
fn rr(c: Characteristic) -> TestSpec {
    TestSpec::new(c, 0).with_kind(TestKind::ResistanceRoll)
}

/// The effects of row `key` on `spec` for `whose` under `ctx`.
fn effects(key: &str, spec: &TestSpec, whose: Whose, ctx: Context) -> Vec<ModifierEffect> {
    let row = modifiers::row(key).unwrap_or_else(|| panic!("registry row {key} missing"));
    row.modifiers_for(spec, whose, &ctx)
        .into_iter()
        .map(|m| {
            assert_eq!(m.source.name, key);
            assert_eq!(m.source.rule.as_deref(), Some(row.requirement));
            m.effect
        })
        .collect()
}

/// The final tier and total of a natural-10 test with the row's modifiers added.
fn applied(key: &str, spec: &TestSpec, whose: Whose, ctx: Context) -> (i32, Tier) {
    let row = modifiers::row(key).unwrap();
    let mut s = spec.clone();
    s.modifiers.extend(row.modifiers_for(spec, whose, &ctx));
    let r = test_roll::resolve_test(&s, [5, 5], TestRules::standard()).unwrap();
    (r.rolled.total, r.final_tier)
}

const NONE: Context = Context {
    granting_tier: None,
    units: None,
    includes_source: false,
};
use ModifierEffect::{AutomaticDoom, AutomaticTier, Bane, Bonus, DoubleBane, DoubleEdge, Edge};

#[test]
fn cr_mod_01_registry_has_every_checklist_row_with_its_requirement() {
    let want = [
        ("blessed", "CR-COND-02"),
        ("grabbed", "CR-COND-03"),
        ("prone", "CR-COND-05"),
        ("hidden_from_target", "CR-HIDE-03"),
        ("hidden_attacker_forces_rr", "CR-HIDE-03"),
        ("flanking", "CR-ATK-15"),
        ("high_ground", "CR-ATK-18"),
        ("jump_after_moving", "CR-MOVE-07"),
        ("slow_pace", "CR-TRAVEL-03"),
        ("fight_the_miasma", "CR-ROLE-03"),
        ("miasma_effect_1_2", "CR-MIASMA-07"),
        ("weakened", "CR-COND-09"),
        ("dim_light", "CR-LIGHT-04"),
        ("light_concealment", "CR-LOE-07"),
        ("darkness", "CR-LIGHT-05"),
        ("heavy_concealment", "CR-LOE-08"),
        ("invisible", "CR-LOE-09"),
        ("cover", "CR-LOE-05"),
        ("sneaking_too_fast", "CR-HIDE-02"),
        ("taunted", "CR-ACT-01"),
        ("unconscious", "CR-COND-07"),
        ("submerged_without_swim_speed", "CR-MOVE-04"),
        ("ranged_attack_adjacent", "CR-ATK-10"),
        ("fast_pace", "CR-TRAVEL-03"),
        ("toppling_one_size_larger", "CR-TOPPLE-03"),
        ("toppling_two_sizes_larger", "CR-TOPPLE-03"),
        ("weapon_like_improvised_weapon", "CR-ATK-12"),
        ("backlash_03_04", "CR-BL-02"),
        ("backlash_39_40", "CR-BL-20"),
        ("assist", "CR-ASSIST-01"),
        ("surprised", "CR-CBT-08"),
        ("squeezing", "CR-CBT-06"),
        ("backlash_47_48", "CR-BL-24"),
        ("beyond_range", "CR-ATK-07"),
        ("prepare_for_task", "CR-RACT-06"),
        ("support_everyone", "CR-ROLE-05"),
        ("make_camp", "CR-ROLE-04"),
        ("cruelty", "CR-MIASMA-04"),
        ("miasma_effect_3_4", "CR-MIASMA-07"),
        ("masterwork_blacksmith_tools", "CR-BONUS-01"),
        ("crafting_double_edge", "CR-CRAFT-10"),
        ("crafting_expertise", "CR-CRAFT-10"),
        ("crafting_double_bane", "CR-CRAFT-10"),
        ("vulnerable", "CR-COND-06"),
        ("miasma_effect_11_12", "CR-MIASMA-07"),
        ("backlash_15_16", "CR-BL-08"),
        ("backlash_57_58", "CR-BL-29"),
    ];
    assert_eq!(REGISTRY.len(), want.len());
    for (key, req) in want {
        let row = modifiers::row(key).unwrap_or_else(|| panic!("{key}"));
        assert_eq!(row.requirement, req, "{key}");
    }
    // Keys are unique.
    let mut keys: Vec<_> = REGISTRY.iter().map(|r| r.key).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), REGISTRY.len());
}

#[test]
fn cr_mod_01_blessed_edge_on_all_tests_and_damage() {
    for s in [
        ordinary(Characteristic::Mind),
        melee(),
        rr(Characteristic::Agility),
    ] {
        assert_eq!(effects("blessed", &s, Whose::Bearer, NONE), [Edge]);
    }
    assert_eq!(
        applied(
            "blessed",
            &ordinary(Characteristic::Mind),
            Whose::Bearer,
            NONE
        )
        .0,
        12
    );
    let dmg = &modifiers::row("blessed").unwrap().parts[1];
    assert_eq!(
        dmg.effect,
        PartEffect::Damage(DamageEffect::PlusCharacteristic)
    );
}

#[test]
fn cr_mod_01_grabbed_target_edge_on_attacks_against_it() {
    assert_eq!(
        effects("grabbed", &melee(), Whose::AgainstBearer, NONE),
        [Edge]
    );
    assert_eq!(
        effects("grabbed", &ranged(), Whose::AgainstBearer, NONE),
        [Edge]
    );
    assert!(
        effects(
            "grabbed",
            &ordinary(Characteristic::Mind),
            Whose::AgainstBearer,
            NONE
        )
        .is_empty()
    );
    assert!(effects("grabbed", &melee(), Whose::Bearer, NONE).is_empty());
}

#[test]
fn cr_mod_01_prone_target_and_prone_attacker() {
    assert_eq!(
        effects("prone", &melee(), Whose::AgainstBearer, NONE),
        [Edge]
    );
    assert_eq!(
        effects("prone", &ranged(), Whose::AgainstBearer, NONE),
        [Bane]
    );
    assert_eq!(effects("prone", &melee(), Whose::Bearer, NONE), [Bane]);
    assert!(effects("prone", &ranged(), Whose::Bearer, NONE).is_empty());
    assert_eq!(applied("prone", &ranged(), Whose::AgainstBearer, NONE).0, 8);
}

#[test]
fn cr_mod_01_hidden_rows() {
    assert_eq!(
        effects("hidden_from_target", &ranged(), Whose::Bearer, NONE),
        [Edge]
    );
    assert!(
        effects(
            "hidden_from_target",
            &ordinary(Characteristic::Agility),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
    assert_eq!(
        effects(
            "hidden_attacker_forces_rr",
            &rr(Characteristic::Mind),
            Whose::ForcedByBearer,
            NONE
        ),
        [Bane]
    );
    assert!(
        effects(
            "hidden_attacker_forces_rr",
            &ordinary(Characteristic::Mind),
            Whose::ForcedByBearer,
            NONE
        )
        .is_empty()
    );
}

#[test]
fn cr_mod_01_flanking_and_high_ground() {
    assert_eq!(effects("flanking", &melee(), Whose::Bearer, NONE), [Edge]);
    assert!(effects("flanking", &ranged(), Whose::Bearer, NONE).is_empty());
    assert_eq!(
        effects("high_ground", &ranged(), Whose::Bearer, NONE),
        [Edge]
    );
    assert_eq!(
        effects("high_ground", &spell_attack(), Whose::Bearer, NONE),
        [Edge]
    );
    assert!(
        effects(
            "high_ground",
            &ordinary(Characteristic::Strength),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
}

#[test]
fn cr_mod_01_jump_pace_and_miasma_edges() {
    assert_eq!(
        effects(
            "jump_after_moving",
            &act(Activity::Jump),
            Whose::Bearer,
            NONE
        ),
        [Edge]
    );
    assert!(
        effects(
            "jump_after_moving",
            &act(Activity::Climb),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
    assert_eq!(
        effects("slow_pace", &act(Activity::TravelRole), Whose::Bearer, NONE),
        [Edge]
    );
    assert_eq!(
        effects("fast_pace", &act(Activity::TravelRole), Whose::Bearer, NONE),
        [Bane]
    );
    assert!(effects("fast_pace", &act(Activity::Forage), Whose::Bearer, NONE).is_empty());
    let miasma_rr = rr(Characteristic::Mind).with_activity(Activity::MiasmaResistance);
    for (tier, want) in [
        (Tier::One, vec![]),
        (Tier::Two, vec![Edge]),
        (Tier::Three, vec![DoubleEdge]),
    ] {
        let ctx = Context {
            granting_tier: Some(tier),
            ..NONE
        };
        assert_eq!(
            effects("fight_the_miasma", &miasma_rr, Whose::Supported, ctx),
            want
        );
    }
    for a in [Activity::Sneak, Activity::Hide] {
        assert_eq!(
            effects("miasma_effect_1_2", &act(a), Whose::Bearer, NONE),
            [Edge]
        );
    }
    assert!(
        effects(
            "miasma_effect_1_2",
            &act(Activity::Swim),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
}

#[test]
fn cr_mod_01_weakened_bane_on_all_tests() {
    for s in [
        ordinary(Characteristic::Strength),
        ranged(),
        rr(Characteristic::Mind),
    ] {
        assert_eq!(effects("weakened", &s, Whose::Bearer, NONE), [Bane]);
    }
    assert_eq!(
        applied(
            "weakened",
            &ordinary(Characteristic::Mind),
            Whose::Bearer,
            NONE
        ),
        (8, Tier::One)
    );
}

#[test]
fn cr_mod_01_light_and_concealment() {
    let search = act(Activity::Search);
    let discern = act(Activity::Discern);
    for key in ["dim_light", "light_concealment", "cover"] {
        assert_eq!(
            effects(key, &ranged(), Whose::AgainstBearer, NONE),
            [Bane],
            "{key}"
        );
    }
    for key in ["dim_light", "light_concealment"] {
        assert_eq!(effects(key, &search, Whose::AgainstBearer, NONE), [Bane]);
        assert_eq!(effects(key, &discern, Whose::AgainstBearer, NONE), [Bane]);
    }
    assert!(effects("cover", &search, Whose::AgainstBearer, NONE).is_empty());
    for key in ["darkness", "heavy_concealment", "invisible"] {
        assert_eq!(
            effects(key, &melee(), Whose::AgainstBearer, NONE),
            [DoubleBane],
            "{key}"
        );
        assert_eq!(
            effects(key, &search, Whose::AgainstBearer, NONE),
            [DoubleBane]
        );
        assert!(effects(key, &act(Activity::Climb), Whose::AgainstBearer, NONE).is_empty());
        // Natural 10 + 7 = 17 → tier 3, then the double bane → tier 2.
        let s = melee().with_modifier(crows::test_roll::Modifier::bonus(
            crows::test_roll::ModifierSource::new(crows::test_roll::SourceKind::Rule, "x"),
            7,
        ));
        assert_eq!(
            applied(key, &s, Whose::AgainstBearer, NONE),
            (17, Tier::Two)
        );
    }
}

#[test]
fn cr_mod_01_sneak_taunt_submerged_adjacent() {
    assert_eq!(
        effects(
            "sneaking_too_fast",
            &act(Activity::Sneak),
            Whose::Bearer,
            NONE
        ),
        [Bane]
    );
    assert!(
        effects(
            "sneaking_too_fast",
            &act(Activity::Hide),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
    assert_eq!(effects("taunted", &melee(), Whose::Bearer, NONE), [Bane]);
    let at_taunter = Context {
        includes_source: true,
        ..NONE
    };
    assert!(effects("taunted", &melee(), Whose::Bearer, at_taunter).is_empty());
    for c in [Characteristic::Agility, Characteristic::Strength] {
        assert_eq!(
            effects(
                "submerged_without_swim_speed",
                &ordinary(c),
                Whose::Bearer,
                NONE
            ),
            [Bane]
        );
    }
    assert!(
        effects(
            "submerged_without_swim_speed",
            &ordinary(Characteristic::Mind),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
    assert_eq!(
        effects("ranged_attack_adjacent", &ranged(), Whose::Bearer, NONE),
        [Bane]
    );
    assert!(effects("ranged_attack_adjacent", &melee(), Whose::Bearer, NONE).is_empty());
}

#[test]
fn cr_mod_01_unconscious_noticing_auto_doom_and_attacks_against() {
    let notice = ordinary(Characteristic::Mind).with_activity(Activity::Notice);
    assert_eq!(
        effects("unconscious", &notice, Whose::Bearer, NONE),
        [DoubleBane]
    );
    assert!(
        effects(
            "unconscious",
            &ordinary(Characteristic::Mind),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
    for c in [Characteristic::Agility, Characteristic::Strength] {
        assert_eq!(
            effects("unconscious", &rr(c), Whose::Bearer, NONE),
            [AutomaticDoom]
        );
        // Even natural 20 is a doom.
        let mut s = rr(c);
        s.modifiers
            .extend(modifiers::row("unconscious").unwrap().modifiers_for(
                &rr(c),
                Whose::Bearer,
                &NONE,
            ));
        let r = test_roll::resolve_test(&s, [10, 10], TestRules::standard()).unwrap();
        assert!(r.doom && !r.crit);
        assert_eq!(r.final_tier, Tier::One);
    }
    assert_eq!(
        effects("unconscious", &melee(), Whose::AgainstBearer, NONE),
        [AutomaticTier(Tier::Three)]
    );
    // CR-ERR-28: tier 3 even on a doom by default; a crit still counts.
    let mut s = melee();
    s.modifiers
        .extend(modifiers::row("unconscious").unwrap().modifiers_for(
            &melee(),
            Whose::AgainstBearer,
            &NONE,
        ));
    let doom = test_roll::resolve_test(&s, [1, 1], TestRules::standard()).unwrap();
    assert_eq!(doom.final_tier, Tier::Three);
    let strict = TestRules {
        automatic_tier_beats_doom: false,
        ..TestRules::standard()
    };
    assert_eq!(
        test_roll::resolve_test(&s, [1, 1], strict)
            .unwrap()
            .final_tier,
        Tier::One
    );
    assert!(
        test_roll::resolve_test(&s, [10, 9], TestRules::standard())
            .unwrap()
            .crit
    );
    assert_eq!(
        test_roll::resolve_test(&s, [2, 4], TestRules::standard())
            .unwrap()
            .final_tier,
        Tier::Three
    );
}

#[test]
fn cr_mod_01_toppling_improvised_backlash_banes() {
    let topple = act(Activity::Toppling);
    assert_eq!(
        effects("toppling_one_size_larger", &topple, Whose::Bearer, NONE),
        [Bane]
    );
    assert_eq!(
        effects("toppling_two_sizes_larger", &topple, Whose::Bearer, NONE),
        [DoubleBane]
    );
    assert_eq!(
        effects(
            "weapon_like_improvised_weapon",
            &melee(),
            Whose::Bearer,
            NONE
        ),
        [Bane]
    );
    assert!(
        effects(
            "weapon_like_improvised_weapon",
            &spell_attack(),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
    for a in [
        Activity::Climb,
        Activity::Hide,
        Activity::Sneak,
        Activity::Swim,
    ] {
        assert_eq!(
            effects("backlash_03_04", &act(a), Whose::Bearer, NONE),
            [Bane]
        );
    }
    assert!(effects("backlash_03_04", &act(Activity::Jump), Whose::Bearer, NONE).is_empty());
    assert_eq!(
        effects(
            "backlash_39_40",
            &ordinary(Characteristic::Mind),
            Whose::Bearer,
            NONE
        ),
        [Bane]
    );
}

#[test]
fn cr_mod_01_numeric_rows() {
    for (tier, v) in [(Tier::One, -1), (Tier::Two, 1), (Tier::Three, 2)] {
        let ctx = Context {
            granting_tier: Some(tier),
            ..NONE
        };
        assert_eq!(
            effects(
                "assist",
                &ordinary(Characteristic::Mind),
                Whose::Supported,
                ctx
            ),
            [Bonus(v)]
        );
        assert_eq!(
            effects(
                "support_everyone",
                &act(Activity::TravelRole),
                Whose::Supported,
                ctx
            ),
            [Bonus(v)]
        );
        assert!(
            effects(
                "support_everyone",
                &act(Activity::Forage),
                Whose::Supported,
                ctx
            )
            .is_empty()
        );
    }
    for (tier, want) in [
        (Tier::One, vec![]),
        (Tier::Two, vec![Bonus(2)]),
        (Tier::Three, vec![Bonus(4)]),
    ] {
        let ctx = Context {
            granting_tier: Some(tier),
            ..NONE
        };
        assert_eq!(
            effects("make_camp", &act(Activity::Crafting), Whose::Supported, ctx),
            want
        );
    }
    for key in ["surprised", "squeezing"] {
        assert_eq!(
            effects(key, &melee(), Whose::AgainstBearer, NONE),
            [Bonus(1)]
        );
        assert!(
            effects(
                key,
                &ordinary(Characteristic::Mind),
                Whose::AgainstBearer,
                NONE
            )
            .is_empty()
        );
    }
    assert_eq!(
        effects("backlash_47_48", &ranged(), Whose::AgainstBearer, NONE),
        [Bonus(2)]
    );
    // Range 6, target at 8 → 2 squares beyond → −4; spells never.
    let two = Context {
        units: Some(2),
        ..NONE
    };
    assert_eq!(
        effects("beyond_range", &ranged(), Whose::Bearer, two),
        [Bonus(-4)]
    );
    assert!(effects("beyond_range", &spell_attack(), Whose::Bearer, two).is_empty());
    assert_eq!(
        effects(
            "prepare_for_task",
            &act(Activity::Other("pick the north door lock".into())),
            Whose::Bearer,
            NONE
        ),
        [Bonus(2)]
    );
    assert!(
        effects(
            "prepare_for_task",
            &act(Activity::Climb),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
    // CR-MIASMA-04: cruelty 3, Mind 1, natural 14 → 12 → tier 2.
    let miasma = TestSpec::new(Characteristic::Mind, 1)
        .with_kind(TestKind::ResistanceRoll)
        .with_activity(Activity::MiasmaResistance);
    let three = Context {
        units: Some(3),
        ..NONE
    };
    let mut s = miasma.clone();
    s.modifiers
        .extend(
            modifiers::row("cruelty")
                .unwrap()
                .modifiers_for(&miasma, Whose::Bearer, &three),
        );
    let r = test_roll::resolve_test(&s, [7, 7], TestRules::standard()).unwrap();
    assert_eq!((r.rolled.total, r.final_tier), (12, Tier::Two));
    assert_eq!(
        effects(
            "miasma_effect_3_4",
            &act(Activity::Forage),
            Whose::Bearer,
            NONE
        ),
        [Bonus(2)]
    );
    assert_eq!(
        effects(
            "masterwork_blacksmith_tools",
            &act(Activity::CraftWeaponOrArmor),
            Whose::Bearer,
            NONE
        ),
        [Bonus(2)]
    );
    assert!(
        effects(
            "masterwork_blacksmith_tools",
            &act(Activity::Crafting),
            Whose::Bearer,
            NONE
        )
        .is_empty()
    );
    let craft = act(Activity::Crafting);
    assert_eq!(
        effects("crafting_double_edge", &craft, Whose::Bearer, NONE),
        [Bonus(4)]
    );
    assert_eq!(
        effects(
            "crafting_expertise",
            &craft,
            Whose::Bearer,
            Context {
                units: Some(2),
                ..NONE
            }
        ),
        [Bonus(8)]
    );
    assert_eq!(
        effects("crafting_double_bane", &craft, Whose::Bearer, NONE),
        [Bonus(-4)]
    );
}

#[test]
fn cr_mod_01_damage_rows_are_not_test_modifiers() {
    let want = [
        ("vulnerable", DamageEffect::ExtraDice("1d6")),
        ("miasma_effect_11_12", DamageEffect::Plus(1)),
        ("backlash_15_16", DamageEffect::Times(2)),
        ("backlash_57_58", DamageEffect::Times(2)),
    ];
    for (key, d) in want {
        let row = modifiers::row(key).unwrap();
        assert_eq!(row.parts[0].effect, PartEffect::Damage(d));
        assert!(effects(key, &melee(), Whose::Bearer, NONE).is_empty());
    }
}
