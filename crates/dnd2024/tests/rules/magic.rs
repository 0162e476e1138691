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
fn dd_mag_06_components() {
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
fn dd_mag_21_telepathy() {
    assert!(telepathy_contact(100, 120, false, true));
    assert!(!telepathy_contact(130, 120, false, true));
    assert!(!telepathy_contact(100, 120, true, true));
    assert!(!telepathy_contact(100, 120, false, false));
}

#[test]
fn dd_mag_11_targets_and_range() {
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
