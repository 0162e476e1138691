use delve_dnd2024::Interpretations;
use delve_dnd2024::magic::*;

#[test]
fn dd_mag_09_c_concentration_dc() {
    for (d, dc) in [(1, 10), (22, 11), (25, 12), (60, 30), (100, 30)] {
        assert_eq!(concentration_dc(d).unwrap(), dc, "damage {d}");
    }
}

#[test]
fn dd_mag_09_c_one_save_per_instance() {
    let c = Concentration {
        effect: Some("bless".into()),
    };
    let o = Interpretations::default();
    assert_eq!(c.saves_for(&[(22, 22), (4, 0)], &o).unwrap(), vec![11, 10]);
    let no_temp = Interpretations {
        concentration_save_when_temp_hp_absorb_all: false,
        ..o
    };
    assert_eq!(
        c.saves_for(&[(22, 22), (4, 0)], &no_temp).unwrap(),
        vec![11]
    );
    let summed = Interpretations {
        concentration_save_per_instance: false,
        ..o
    };
    assert_eq!(c.saves_for(&[(22, 22), (4, 4)], &summed).unwrap(), vec![13]);
    assert!(
        Concentration::default()
            .saves_for(&[(22, 22)], &o)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn dd_mag_09_b_one_concentration_at_a_time() {
    let mut c = Concentration::default();
    assert_eq!(c.start("bless", false).unwrap(), None);
    assert_eq!(c.start("fly", false).unwrap(), Some("bless".into()));
    assert_eq!(c.on_incapacitated_or_death(), Some("fly".into()));
    assert!(c.start("fly", true).is_err());
}

#[test]
fn dd_mag_10_a_b_spell_dc_and_attack() {
    assert_eq!(spell_save_dc(3, 2), 13);
    assert_eq!(spell_attack_bonus(3, 2), 5);
}

#[test]
fn dd_mag_03_a_upcast_and_04_a_one_slot_per_turn() {
    let mut s = SpellSlots {
        max: [2, 1, 0, 0, 0, 0, 0, 0, 0],
        ..Default::default()
    };
    let c = s
        .cast(Casting {
            spell_level: 1,
            slot_level: 2,
            ritual: false,
            has_ritual_tag: false,
        })
        .unwrap();
    assert_eq!(c.cast_level, 2);
    let before = s.clone();
    assert!(
        s.cast(Casting {
            spell_level: 1,
            slot_level: 1,
            ritual: false,
            has_ritual_tag: false
        })
        .is_err()
    );
    assert_eq!(s, before);
    // Cantrips are not limited.
    assert!(
        s.cast(Casting {
            spell_level: 0,
            slot_level: 0,
            ritual: false,
            has_ritual_tag: false
        })
        .is_ok()
    );
    s.start_turn();
    assert!(
        s.cast(Casting {
            spell_level: 2,
            slot_level: 1,
            ritual: false,
            has_ritual_tag: false
        })
        .is_err()
    );
    assert!(
        s.cast(Casting {
            spell_level: 2,
            slot_level: 2,
            ritual: false,
            has_ritual_tag: false
        })
        .is_err()
    );
}

#[test]
fn dd_mag_03_b_long_rest_restores_slots() {
    let mut s = SpellSlots {
        max: [1, 0, 0, 0, 0, 0, 0, 0, 0],
        ..Default::default()
    };
    s.cast(Casting {
        spell_level: 1,
        slot_level: 1,
        ritual: false,
        has_ritual_tag: false,
    })
    .unwrap();
    s.start_turn();
    s.finish_long_rest();
    assert!(
        s.cast(Casting {
            spell_level: 1,
            slot_level: 1,
            ritual: false,
            has_ritual_tag: false
        })
        .is_ok()
    );
}

#[test]
fn dd_mag_08_a_ritual() {
    let mut s = SpellSlots::default();
    let c = s
        .cast(Casting {
            spell_level: 1,
            slot_level: 0,
            ritual: true,
            has_ritual_tag: true,
        })
        .unwrap();
    assert_eq!((c.slot_spent, c.extra_minutes, c.cast_level), (None, 10, 1));
    assert!(
        s.cast(Casting {
            spell_level: 1,
            slot_level: 0,
            ritual: true,
            has_ritual_tag: false
        })
        .is_err()
    );
}

#[test]
fn dd_mag_06_a_b_c_d_components() {
    let ok = CasterState {
        can_speak: true,
        free_hands: 1,
        has_materials: true,
        ..Default::default()
    };
    let vsm = Components {
        verbal: true,
        somatic: true,
        material: true,
        ..Default::default()
    };
    assert!(check_components(vsm, ok).is_ok());
    assert!(
        check_components(
            vsm,
            CasterState {
                can_speak: false,
                ..ok
            }
        )
        .is_err()
    );
    assert!(
        check_components(
            vsm,
            CasterState {
                free_hands: 0,
                ..ok
            }
        )
        .is_err()
    );
    // c) One free hand serves both S and M; d) a missing material (no focus) stops the casting.
    assert!(
        check_components(
            vsm,
            CasterState {
                has_materials: false,
                ..ok
            }
        )
        .unwrap_err()
        .to_string()
        .contains("DD-MAG-07.a")
    );
    // a) Casting a Verbal spell ends hiding.
    use delve_dnd2024::actions::Hiding;
    let mut h = Hiding {
        find_dc: 15,
        hidden: true,
    };
    assert!(!h.cast(vsm.verbal));
}

#[test]
fn dd_mag_07_a_focus_replaces_free_materials_only() {
    let s = CasterState {
        can_speak: true,
        free_hands: 1,
        has_usable_focus: true,
        ..Default::default()
    };
    let m = Components {
        material: true,
        ..Default::default()
    };
    assert!(check_components(m, s).is_ok());
    let costly = Components {
        material: true,
        material_consumed_or_costly: true,
        ..Default::default()
    };
    assert!(
        check_components(costly, s)
            .unwrap_err()
            .to_string()
            .contains("DD-MAG-07.a")
    );
}

#[test]
fn dd_mag_14_a_no_casting_in_untrained_armor() {
    let s = CasterState {
        can_speak: true,
        free_hands: 1,
        untrained_armor: true,
        ..Default::default()
    };
    assert!(check_components(Components::default(), s).is_err());
}

#[test]
fn dd_mag_15_a_three_attuned() {
    let mut a = Attunement::default();
    for i in ["ring", "cloak", "staff"] {
        a.attune(i).unwrap();
    }
    assert!(a.attune("boots").is_err());
    a.on_death();
    assert!(a.items.is_empty());
}

#[test]
fn dd_mag_13_a_strongest_casting_applies() {
    assert_eq!(applying_casting(&[(3, 1), (5, 2), (5, 3), (2, 4)]), Some(2));
}

#[test]
fn dd_mag_01_a_spell_levels_0_to_9() {
    let mut s = SpellSlots {
        max: [0, 0, 0, 0, 0, 0, 0, 0, 1],
        ..Default::default()
    };
    assert!(
        s.cast(Casting {
            spell_level: 10,
            slot_level: 9,
            ritual: false,
            has_ritual_tag: false
        })
        .is_err()
    );
    assert_eq!(
        s.cast(Casting {
            spell_level: 9,
            slot_level: 9,
            ritual: false,
            has_ritual_tag: false
        })
        .unwrap()
        .cast_level,
        9
    );
}

#[test]
fn dd_mag_02_a_cantrip_no_slot() {
    let mut s = SpellSlots::default();
    let c = s
        .cast(Casting {
            spell_level: 0,
            slot_level: 0,
            ritual: false,
            has_ritual_tag: false,
        })
        .unwrap();
    assert_eq!(c.slot_spent, None);
    assert!(!s.spent_this_turn);
}

#[test]
fn dd_mag_04_a_one_slot_per_turn() {
    let mut s = SpellSlots {
        max: [3, 0, 0, 0, 0, 0, 0, 0, 0],
        ..Default::default()
    };
    let c = Casting {
        spell_level: 1,
        slot_level: 1,
        ritual: false,
        has_ritual_tag: false,
    };
    s.cast(c).unwrap();
    assert!(s.cast(c).unwrap_err().to_string().contains("DD-MAG-04.a"));
    s.start_turn();
    s.cast(c).unwrap();
}

#[test]
fn dd_mag_05_b_long_casting() {
    assert!(!long_casting(10, 5, false).unwrap());
    assert!(long_casting(10, 10, false).unwrap());
    assert!(long_casting(10, 5, true).is_err());
}

#[test]
fn dd_mag_12_a_dismiss() {
    assert!(may_dismiss(false));
    assert!(!may_dismiss(true));
}

#[test]
fn dd_mag_21_a_c_telepathy_contact() {
    assert!(telepathy_contact(100, 120, false, true));
    assert!(!telepathy_contact(130, 120, false, true));
    assert!(!telepathy_contact(100, 120, true, true));
    assert!(!telepathy_contact(100, 120, false, false));
}

#[test]
fn dd_mag_11_a_b_targets_and_range() {
    assert!(check_spell_target(SpellRange::Feet(60), 60, 5, false, false).is_ok());
    assert!(check_spell_target(SpellRange::Feet(60), 65, 5, false, false).is_err());
    assert!(check_spell_target(SpellRange::Touch, 10, 10, false, false).is_ok());
    assert!(check_spell_target(SpellRange::Touch, 10, 5, false, false).is_err());
    assert!(check_spell_target(SpellRange::SelfOnly, 0, 5, true, false).is_ok());
    assert!(check_spell_target(SpellRange::SelfOnly, 0, 5, false, false).is_err());
    assert!(
        check_spell_target(SpellRange::Feet(60), 10, 5, false, true)
            .unwrap_err()
            .to_string()
            .contains("DD-MAG-11.b")
    );
}

#[test]
fn dd_mag_01_b_prepared_or_from_an_item() {
    assert!(may_cast(true, false).is_ok());
    assert!(may_cast(false, true).is_ok());
    assert!(may_cast(false, false).is_err());
}

#[test]
fn dd_mag_03_c_casting_without_a_slot() {
    use delve_dnd2024::core::PerDayUse;
    let mut slots = SpellSlots::default();
    // A cantrip and a Ritual need no slot even with none at all.
    let cantrip = Casting {
        spell_level: 0,
        slot_level: 0,
        ritual: false,
        has_ritual_tag: false,
    };
    assert_eq!(slots.cast(cantrip).unwrap().slot_spent, None);
    let ritual = Casting {
        spell_level: 1,
        slot_level: 0,
        ritual: true,
        has_ritual_tag: true,
    };
    assert_eq!(slots.cast(ritual).unwrap().slot_spent, None);
    assert_eq!(
        cast_without_slot(3, SlotFree::MagicItem, None)
            .unwrap()
            .cast_level,
        3
    );
    let mut per_day = PerDayUse { max: 1, used: 0 };
    cast_without_slot(2, SlotFree::Ability, Some(&mut per_day)).unwrap();
    assert!(cast_without_slot(2, SlotFree::Ability, Some(&mut per_day)).is_err());
    assert!(cast_without_slot(2, SlotFree::Ability, None).is_err());
    assert!(!slots.spent_this_turn);
}

#[test]
fn dd_mag_05_a_casting_time_decides_what_is_spent() {
    use delve_dnd2024::actions::Turn;
    let c = Casting {
        spell_level: 1,
        slot_level: 1,
        ritual: false,
        has_ritual_tag: false,
    };
    let slots = || SpellSlots {
        max: [4, 0, 0, 0, 0, 0, 0, 0, 0],
        ..SpellSlots::default()
    };
    let mut t = Turn::start(30, false);
    t.cast_spell(CastingTime::BonusAction, &mut slots(), c)
        .unwrap();
    assert!(t.bonus_action_used && !t.action_used);
    let mut t = Turn::start(30, false);
    t.cast_spell(CastingTime::Reaction, &mut slots(), c)
        .unwrap();
    assert!(!t.reaction_available && !t.action_used);
    let mut t = Turn::start(30, false);
    t.cast_spell(CastingTime::Action, &mut slots(), c).unwrap();
    assert!(t.action_used);
    // The one-slot-per-turn rule still holds across them (DD-MAG-04.a).
    let mut s = slots();
    let mut t = Turn::start(30, false);
    t.cast_spell(CastingTime::BonusAction, &mut s, c).unwrap();
    assert!(t.cast_spell(CastingTime::Action, &mut s, c).is_err());
    assert!(!t.action_used, "refused: the action is not spent");
}

#[test]
fn dd_mag_07_b_component_pouch_like_a_focus() {
    let pouch = CasterState {
        can_speak: true,
        free_hands: 1,
        has_materials: false,
        has_usable_focus: true,
        untrained_armor: false,
    };
    let m = Components {
        material: true,
        ..Default::default()
    };
    assert!(check_components(m, pouch).is_ok());
    let costly = Components {
        material: true,
        material_consumed_or_costly: true,
        ..Default::default()
    };
    assert!(check_components(costly, pouch).is_err());
    // Not held: no hand for it.
    assert!(
        check_components(
            m,
            CasterState {
                free_hands: 0,
                ..pouch
            }
        )
        .is_err()
    );
}

#[test]
fn dd_mag_08_b_ritual_adds_ten_minutes_of_long_casting() {
    let mut slots = SpellSlots::default();
    let cast = slots
        .cast(Casting {
            spell_level: 1,
            slot_level: 0,
            ritual: true,
            has_ritual_tag: true,
        })
        .unwrap();
    assert_eq!(cast.extra_minutes, 10);
    // 10 minutes = 100 rounds of the Magic action, with Concentration held throughout.
    let turns = cast.extra_minutes * 10;
    assert!(!long_casting(turns, turns - 1, false).unwrap());
    assert!(long_casting(turns, turns, false).unwrap());
    assert!(long_casting(turns, 50, true).is_err());
}

#[test]
fn dd_mag_09_a_ending_concentration_ends_the_effect() {
    use delve_dnd2024::conditions::Condition;
    use delve_dnd2024::creature::Creature;
    use delve_dnd2024::effects::{Effect, EffectKind, Origin};
    let mut caster = Concentration::default();
    caster.start("hold", false).unwrap();
    let mut target = Creature::new("orc", 15);
    target
        .impose(
            Effect::new("hold", Origin::Spell, EffectKind::Ordinary, Some(60)),
            &[Condition::Paralyzed],
        )
        .unwrap();
    // Free, at any time; the effect and its conditions end with it.
    let ended = caster.end().unwrap();
    target.effects.remove(&ended);
    target.conditions.end_all_from(&ended);
    assert!(!target.conditions.has(Condition::Paralyzed));
    assert_eq!(caster.effect, None);
}

#[test]
fn dd_mag_09_d_e_incapacitated_or_dead_ends_concentration() {
    use delve_dnd2024::conditions::{Condition, Conditions};
    use delve_dnd2024::creature::Creature;
    let mut conc = Concentration::default();
    conc.start("bless", false).unwrap();
    let mut c = Conditions::default();
    c.apply(Condition::Poisoned, "venom").unwrap();
    assert_eq!(conc.check_conditions(&c), None);
    // Stunned is Incapacitated without being Unconscious: it still ends it (SRD over RU).
    c.apply(Condition::Stunned, "blow").unwrap();
    assert_eq!(conc.check_conditions(&c).as_deref(), Some("bless"));
    let mut cr = Creature::new("cleric", 10);
    cr.concentration.start("bless", false).unwrap();
    cr.die();
    assert_eq!(cr.concentration.effect, None);
}

#[test]
fn dd_mag_11_c_d_e_self_targets_notice_invalid_targets() {
    assert!(may_target_self(false));
    assert!(!may_target_self(true));
    assert!(target_knows(true));
    assert!(!target_knows(false));
    assert_eq!(invalid_target(true), InvalidTarget::AppearsToSave);
    assert_eq!(invalid_target(false), InvalidTarget::NothingHappens);
    // The slot is spent all the same.
    let mut slots = SpellSlots {
        max: [1, 0, 0, 0, 0, 0, 0, 0, 0],
        ..SpellSlots::default()
    };
    slots
        .cast(Casting {
            spell_level: 1,
            slot_level: 1,
            ritual: false,
            has_ritual_tag: false,
        })
        .unwrap();
    assert_eq!(slots.spent[0], 1);
}

#[test]
fn dd_mag_15_b_monster_class_tag_meets_the_requirement() {
    assert!(meets_class_requirement("Wizard", &["Humanoid", "wizard"]));
    assert!(!meets_class_requirement("Cleric", &["Humanoid", "Wizard"]));
}

#[test]
fn dd_mag_21_b_c_d_one_contact_no_action_replies_only() {
    let mut t = Telepathy {
        range_ft: 120,
        contact: None,
    };
    // No action, no sight: just the call.
    assert_eq!(t.contact("vera", 100, false, true).unwrap(), None);
    assert_eq!(
        t.contact("tom", 60, false, true).unwrap().as_deref(),
        Some("vera"),
        "one contact at a time"
    );
    assert!(t.may_send(false, "tom"), "the recipient replies");
    assert!(
        !t.may_send(false, "vera"),
        "a non-telepath cannot start one"
    );
    assert!(t.check(120, false));
    assert!(!t.check(121, false), "out of range: broken");
    t.contact("tom", 10, false, true).unwrap();
    assert!(!t.check(10, true), "Incapacitated: broken");
    assert!(t.contact("ogre", 10, false, false).is_err());
}
