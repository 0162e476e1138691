//! DD-MAG-16..20 and DD-DMG-18.a/b: magical effects, illusions, curses, possession,
//! shape-shifting, death and revival, on one creature's state.

use delve_dnd2024::conditions::{Condition, ExhaustionSource};
use delve_dnd2024::creature::*;
use delve_dnd2024::effects::*;
use delve_dnd2024::exceptions::{Exceptions, RuleKey, RuleValue};

const HOUR: u64 = 3600;

fn revival(spirit: SpiritChoice) -> Revival {
    Revival {
        caster: "the cleric".into(),
        origin: Origin::Spell,
        hit_points: 1,
        spirit,
        overrides: Exceptions::general(),
        ends_conditions: vec![],
    }
}

fn curse(id: &str, secs: Option<u64>) -> Effect {
    Effect::new(id, Origin::Spell, EffectKind::Curse, secs)
}

#[test]
fn dd_mag_16_a_magical_tag_drives_antimagic_and_magic_resistance() {
    for o in [Origin::Spell, Origin::MagicItem, Origin::MagicalPhenomenon] {
        assert!(o.is_magical() && suppressed_by_antimagic(o));
        assert_eq!(magic_resistance_advantage(true, o), 1);
    }
    assert!(!Origin::Nonmagical.is_magical());
    assert!(!suppressed_by_antimagic(Origin::Nonmagical));
    assert_eq!(magic_resistance_advantage(true, Origin::Nonmagical), 0);
    assert_eq!(magic_resistance_advantage(false, Origin::Spell), 0);
    // On a creature: antimagic suppresses the Restrained of a spell, not the Poisoned of venom.
    let mut c = Creature::new("human", 20);
    c.impose(
        Effect::new("web", Origin::Spell, EffectKind::Ordinary, Some(60)),
        &[Condition::Restrained],
    )
    .unwrap();
    c.impose(
        Effect::new("venom", Origin::Nonmagical, EffectKind::Ordinary, Some(60)),
        &[Condition::Poisoned],
    )
    .unwrap();
    assert_eq!(c.effects.suppressed_in_antimagic(), vec!["web"]);
    let inside = c.effective_conditions(true);
    assert!(!inside.has(Condition::Restrained));
    assert!(inside.has(Condition::Poisoned));
    let outside = c.effective_conditions(false);
    assert!(outside.has(Condition::Restrained) && outside.has(Condition::Poisoned));
    // Suppressed, not ended: the state itself is unchanged.
    assert!(c.conditions.has(Condition::Restrained));
}

fn image() -> Illusion {
    Illusion {
        deceives: vec![Faculty::Sight],
        in_space: true,
        overrides: Exceptions::general(),
    }
}

#[test]
fn dd_mag_17_a_deceives_only_the_senses_it_names() {
    let img = image();
    assert_eq!(
        img.perceived(Faculty::Sight, false),
        IllusionPerceived::Real
    );
    assert_eq!(
        img.perceived(Faculty::Hearing, false),
        IllusionPerceived::Nothing
    );
    let sound = Illusion {
        deceives: vec![Faculty::Hearing],
        in_space: true,
        overrides: Exceptions::general(),
    };
    assert_eq!(
        sound.perceived(Faculty::Hearing, false),
        IllusionPerceived::Real
    );
    assert_eq!(
        sound.perceived(Faculty::Sight, false),
        IllusionPerceived::Nothing
    );
    let dream = Illusion {
        deceives: vec![Faculty::Mind],
        in_space: false,
        overrides: Exceptions::general(),
    };
    assert_eq!(
        dream.perceived(Faculty::Mind, false),
        IllusionPerceived::Real
    );
    assert_eq!(
        dream.perceived(Faculty::Touch, false),
        IllusionPerceived::Nothing
    );
}

#[test]
fn dd_mag_17_b_no_substance_but_reacts_to_surroundings_unless_it_says_otherwise() {
    let img = image();
    assert!(!img.has_substance());
    assert_eq!(img.weight_lb(), 0);
    // Touching an image in space finds nothing there.
    assert_eq!(
        img.perceived(Faculty::Touch, false),
        IllusionPerceived::SeenThrough
    );
    assert!(img.reacts_to_surroundings().unwrap());
    let flat = Illusion {
        overrides: Exceptions::general()
            .specific(
                RuleKey::IllusionReactsToSurroundings,
                RuleValue::Yes(false),
                "a spell that says its image casts no shadow",
            )
            .unwrap(),
        ..image()
    };
    assert!(!flat.reacts_to_surroundings().unwrap());
    // One only in a mind does not manifest in space at all.
    let dream = Illusion {
        deceives: vec![Faculty::Mind],
        in_space: false,
        overrides: Exceptions::general(),
    };
    assert!(!dream.reacts_to_surroundings().unwrap());
}

#[test]
fn dd_mag_17_c_truesight_sees_through_visual_illusions() {
    let img = image();
    assert_eq!(
        img.perceived(Faculty::Sight, true),
        IllusionPerceived::SeenThrough
    );
    assert!(img.save_auto_succeeds(true));
    assert!(!img.save_auto_succeeds(false));
    let sound = Illusion {
        deceives: vec![Faculty::Hearing],
        in_space: true,
        overrides: Exceptions::general(),
    };
    assert!(!sound.save_auto_succeeds(true), "Truesight is sight only");
    assert_eq!(
        sound.perceived(Faculty::Hearing, true),
        IllusionPerceived::Real
    );
}

#[test]
fn dd_mag_18_a_only_curse_ending_magic_removes_a_curse() {
    let mut c = Creature::new("human", 20);
    c.impose(curse("hex", None), &[]).unwrap();
    for bad in [
        CurseRemedy::Nonmagical,
        CurseRemedy::OtherMagic {
            says_it_ends_curses: false,
        },
    ] {
        assert!(c.effects.remove_curse("hex", bad).is_err());
        assert!(c.effects.get("hex").is_some(), "a refusal changes nothing");
    }
    c.effects
        .remove_curse("hex", CurseRemedy::RemoveCurse)
        .unwrap();
    assert!(c.effects.get("hex").is_none());
    for good in [
        CurseRemedy::GreaterRestoration,
        CurseRemedy::OtherMagic {
            says_it_ends_curses: true,
        },
    ] {
        c.impose(curse("doom", None), &[Condition::Frightened])
            .unwrap();
        let ended = c.effects.remove_curse("doom", good).unwrap();
        c.conditions.end_all_from(&ended.id);
        assert!(!c.conditions.has(Condition::Frightened));
    }
    // Remove Curse on something that is not a curse does nothing.
    c.impose(
        Effect::new("bless", Origin::Spell, EffectKind::Ordinary, Some(60)),
        &[],
    )
    .unwrap();
    assert!(
        c.effects
            .remove_curse("bless", CurseRemedy::RemoveCurse)
            .is_err()
    );
}

#[test]
fn dd_mag_18_b_curses_persist_through_death_and_revival_while_they_run() {
    let mut c = Creature::new("human", 20);
    c.impose(curse("lasting", None), &[Condition::Blinded])
        .unwrap();
    c.impose(curse("short", Some(HOUR)), &[Condition::Deafened])
        .unwrap();
    c.die();
    assert!(
        c.effects.get("lasting").is_some(),
        "a curse stays on the dead"
    );
    c.elapse(2 * HOUR);
    c.revive(&revival(SpiritChoice::Accepts)).unwrap();
    assert!(c.effects.get("lasting").is_some());
    assert!(c.conditions.has(Condition::Blinded));
    assert!(
        c.effects.get("short").is_none(),
        "its duration ran out while dead"
    );
    assert!(!c.conditions.has(Condition::Deafened));
}

#[test]
fn dd_dmg_18_a_dead_no_hp_no_healing_only_magic_and_a_willing_spirit() {
    let mut c = Creature::new("human", 20);
    c.hp.temp = 5;
    c.die();
    assert!(c.is_dead());
    assert_eq!((c.hp.current, c.hp.temp), (0, 0));
    assert!(c.heal(10).is_err());
    assert_eq!(c.hp.current, 0);
    let mundane = Revival {
        origin: Origin::Nonmagical,
        ..revival(SpiritChoice::Accepts)
    };
    assert!(c.revive(&mundane).is_err());
    let err = c.revive(&revival(SpiritChoice::Refuses)).unwrap_err();
    assert!(err.to_string().contains("the cleric"), "{err}");
    assert!(c.is_dead(), "refusals change nothing");
    c.revive(&revival(SpiritChoice::Accepts)).unwrap();
    assert!(!c.is_dead());
    assert_eq!(c.heal(4).unwrap(), 4);
    assert!(
        c.revive(&revival(SpiritChoice::Accepts)).is_err(),
        "not dead any more"
    );
}

#[test]
fn dd_dmg_18_b_revival_sets_hp_and_brings_back_running_effects() {
    let mut c = Creature::new("human", 30);
    c.impose(
        Effect::new(
            "rot",
            Origin::MagicalPhenomenon,
            EffectKind::MagicalContagion,
            None,
        ),
        &[Condition::Poisoned],
    )
    .unwrap();
    c.impose(
        Effect::new("ray", Origin::Spell, EffectKind::Ordinary, Some(60)),
        &[Condition::Paralyzed],
    )
    .unwrap();
    c.conditions.exhaustion.gain(ExhaustionSource::Other);
    c.conditions.exhaustion.gain(ExhaustionSource::Other);
    c.attunement.attune("ring").unwrap();
    c.concentration.start("bless", false).unwrap();
    c.die();
    assert!(c.concentration.effect.is_none() && c.attunement.items.is_empty());
    c.elapse(6);
    let too_much = Revival {
        hit_points: 31,
        ..revival(SpiritChoice::Accepts)
    };
    assert!(c.revive(&too_much).is_err());
    let r = c
        .revive(&Revival {
            hit_points: 12,
            ..revival(SpiritChoice::Accepts)
        })
        .unwrap();
    assert_eq!(c.hp.current, 12);
    assert!(r.conditions.contains(&Condition::Poisoned));
    assert!(r.conditions.contains(&Condition::Paralyzed));
    assert_eq!(r.effects, vec!["rot".to_string(), "ray".to_string()]);
    assert_eq!(r.exhaustion, 1, "one level fewer (DD-DMG-18.c)");
    // A reviving effect that says otherwise (through the override layer) clears them.
    let mut d = Creature::new("human", 30);
    d.impose(curse("hex", None), &[Condition::Blinded]).unwrap();
    d.die();
    let cleansing = Revival {
        overrides: Exceptions::general()
            .specific(
                RuleKey::RevivalKeepsOngoingEffects,
                RuleValue::Yes(false),
                "a revival that says it ends curses",
            )
            .unwrap(),
        ..revival(SpiritChoice::Accepts)
    };
    let r = d.revive(&cleansing).unwrap();
    assert!(r.conditions.is_empty() && r.effects.is_empty());
    assert!(!d.conditions.has(Condition::Blinded));
}

fn possession(by: &str, also: &[&str]) -> Effect {
    Effect::new(
        &format!("possessed-by-{by}"),
        Origin::MagicalPhenomenon,
        EffectKind::Possession {
            by: by.into(),
            also_ended_by: also.iter().map(|s| s.to_string()).collect(),
        },
        None,
    )
}

#[test]
fn dd_mag_19_a_protection_prevents_dispel_ends_possession() {
    let mut warded = Creature::new("human", 10);
    warded
        .impose(
            Effect::new(
                "pfeg",
                Origin::Spell,
                EffectKind::ProtectionFromEvilAndGood,
                Some(600),
            ),
            &[],
        )
        .unwrap();
    let err = warded
        .effects
        .possess(possession("ghost", &[]))
        .unwrap_err();
    assert!(err.to_string().contains("DD-MAG-19.a"), "{err}");
    assert!(warded.effects.possession().is_none());
    // When the ward runs out, the possession can take hold.
    warded.elapse(600);
    warded.effects.possess(possession("ghost", &[])).unwrap();
    assert!(warded.effects.possess(possession("wraith", &[])).is_err());
    // Only Dispel Evil and Good, or what the possessing effect names, ends it.
    assert!(
        warded
            .effects
            .end_possession(&PossessionRemedy::Other("Remove Curse".into()))
            .is_err()
    );
    assert!(warded.effects.possession().is_some());
    warded
        .effects
        .end_possession(&PossessionRemedy::DispelEvilAndGood)
        .unwrap();
    assert!(warded.effects.possession().is_none());
    let mut c = Creature::new("human", 10);
    c.effects
        .possess(possession("ghost", &["holy water"]))
        .unwrap();
    c.effects
        .end_possession(&PossessionRemedy::Other("holy water".into()))
        .unwrap();
    assert!(
        c.effects
            .end_possession(&PossessionRemedy::DispelEvilAndGood)
            .is_err(),
        "nothing to end"
    );
    assert!(c.effects.possess(curse("not-a-possession", None)).is_err());
}

fn wolf_shape(overrides: Exceptions) -> ShapeShift {
    ShapeShift {
        effect: Effect::new(
            "wild-shape",
            Origin::MagicalPhenomenon,
            EffectKind::ShapeShift {
                form: "wolf".into(),
            },
            Some(HOUR),
        ),
        overrides,
    }
}

#[test]
fn dd_mag_20_a_ongoing_effects_carry_over_unless_the_effect_says_otherwise() {
    let mut c = Creature::new("druid", 20);
    c.impose(curse("hex", None), &[Condition::Frightened])
        .unwrap();
    c.shape_shift(wolf_shape(Exceptions::general())).unwrap();
    assert_eq!(c.form(), "wolf");
    assert!(c.conditions.has(Condition::Frightened), "carries over");
    assert!(c.effects.get("hex").is_some());
    assert!(c.shape_shift(wolf_shape(Exceptions::general())).is_err());
    c.return_to_true_form().unwrap();
    assert_eq!(c.form(), "druid");
    assert!(c.return_to_true_form().is_err());
    // A shape-shift that says otherwise sets them aside until the true form returns.
    let fresh = Exceptions::general()
        .specific(
            RuleKey::ShapeShiftKeepsOngoingEffects,
            RuleValue::Yes(false),
            "a form that sheds its afflictions",
        )
        .unwrap();
    c.shape_shift(wolf_shape(fresh.clone())).unwrap();
    assert!(!c.conditions.has(Condition::Frightened));
    assert!(c.effects.get("hex").is_none());
    // The form runs out after its hour: back to the true form, with the curse.
    c.elapse(HOUR);
    assert_eq!(c.form(), "druid");
    assert!(c.conditions.has(Condition::Frightened));
    assert!(c.effects.get("hex").is_some());
    // A set-aside effect still runs down while away.
    c.impose(
        Effect::new("slow", Origin::Spell, EffectKind::Ordinary, Some(60)),
        &[Condition::Restrained],
    )
    .unwrap();
    c.shape_shift(wolf_shape(fresh)).unwrap();
    c.elapse(60);
    c.return_to_true_form().unwrap();
    assert!(c.effects.get("slow").is_none());
    assert!(!c.conditions.has(Condition::Restrained));
    assert!(c.conditions.has(Condition::Frightened));
}

#[test]
fn dd_mag_20_b_true_form_on_death() {
    let mut c = Creature::new("druid", 20);
    let fresh = Exceptions::general()
        .specific(
            RuleKey::ShapeShiftKeepsOngoingEffects,
            RuleValue::Yes(false),
            "shed",
        )
        .unwrap();
    c.impose(curse("hex", None), &[Condition::Blinded]).unwrap();
    c.shape_shift(wolf_shape(fresh)).unwrap();
    assert_eq!(c.form(), "wolf");
    c.die();
    assert_eq!(c.form(), "druid");
    assert!(c.effects.get("wild-shape").is_none());
    // The true form's curse is back on the body, and persists (DD-MAG-18.b).
    assert!(c.conditions.has(Condition::Blinded));
    assert!(c.shape_shift(wolf_shape(Exceptions::general())).is_err());
}

#[test]
fn dd_dmg_18_b_revival_may_end_named_conditions_only() {
    use delve_dnd2024::conditions::Condition;
    let mut c = Creature::new("human", 20);
    c.impose(
        Effect::new(
            "venom",
            Origin::Nonmagical,
            EffectKind::Ordinary,
            Some(3600),
        ),
        &[Condition::Poisoned],
    )
    .unwrap();
    c.impose(
        Effect::new("dust", Origin::Nonmagical, EffectKind::Ordinary, Some(3600)),
        &[Condition::Blinded],
    )
    .unwrap();
    c.die();
    let bad = Revival {
        ends_conditions: vec![Condition::Exhaustion],
        ..revival(SpiritChoice::Accepts)
    };
    assert!(c.revive(&bad).is_err());
    assert!(c.is_dead(), "a refusal changes nothing");
    let cure = Revival {
        ends_conditions: vec![Condition::Poisoned],
        ..revival(SpiritChoice::Accepts)
    };
    let back = c.revive(&cure).unwrap();
    assert_eq!(back.conditions, vec![Condition::Blinded]);
    assert!(!c.conditions.has(Condition::Poisoned));
    assert!(c.conditions.has(Condition::Blinded));
}

#[test]
fn dd_mag_16_a_19_a_antimagic_suppresses_the_ward_and_magical_possession() {
    let ward = Effect::new(
        "pfeg",
        Origin::Spell,
        EffectKind::ProtectionFromEvilAndGood,
        Some(600),
    );
    let ghost = |origin| {
        Effect::new(
            "ghost",
            origin,
            EffectKind::Possession {
                by: "ghost".into(),
                also_ended_by: vec![],
            },
            None,
        )
    };
    let mut c = Creature::new("human", 20);
    c.effects.add(ward).unwrap();
    // Outside antimagic the ward holds.
    assert!(c.possess(ghost(Origin::Nonmagical), false).is_err());
    // Inside, the ward is suppressed: a nonmagical possession takes hold…
    c.possess(ghost(Origin::Nonmagical), true).unwrap();
    assert!(c.effects.possession().is_some());
    // …and a magical one is itself suppressed.
    let mut d = Creature::new("human", 20);
    let err = d
        .possess(ghost(Origin::MagicalPhenomenon), true)
        .unwrap_err();
    assert!(err.to_string().contains("DD-MAG-16.a"));
    assert!(d.effects.possession().is_none());
}
