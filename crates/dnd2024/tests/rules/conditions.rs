use delve_dnd2024::conditions::*;

#[test]
fn dd_cond_01_b_no_stacking() {
    let mut c = Conditions::default();
    assert!(c.apply(Condition::Poisoned, "spider").unwrap());
    assert!(!c.apply(Condition::Poisoned, "spider").unwrap());
    assert!(!c.apply(Condition::Poisoned, "trap").unwrap());
    assert_eq!(c.list(), vec![Condition::Poisoned]);
    // Per-source durations (C.9): ends only when every source ends.
    c.end(Condition::Poisoned, "spider");
    assert!(c.has(Condition::Poisoned));
    c.end(Condition::Poisoned, "trap");
    assert!(!c.has(Condition::Poisoned));
}

#[test]
fn dd_cond_01_d_immunity_refuses() {
    let mut c = Conditions::default();
    c.immune.push(Condition::Charmed);
    let err = c.apply(Condition::Charmed, "x").unwrap_err().to_string();
    assert!(err.contains("DD-COND-01.d"));
    assert!(!c.has(Condition::Charmed));
}

#[test]
fn dd_cond_01_e_included_conditions() {
    let mut c = Conditions::default();
    c.apply(Condition::Unconscious, "sleep").unwrap();
    assert!(c.has(Condition::Incapacitated) && c.has(Condition::Prone));
    c.end(Condition::Unconscious, "sleep");
    assert!(!c.has(Condition::Incapacitated));
    assert!(
        c.has(Condition::Prone),
        "DD-COND-16.a: still Prone after waking"
    );
    let mut c = Conditions::default();
    c.apply(Condition::Stunned, "s").unwrap();
    assert!(c.incapacitated());
    c.end(Condition::Stunned, "s");
    assert!(!c.incapacitated());
}

#[test]
fn dd_cond_05_a_b_c_e_test_exhaustion_levels() {
    let mut e = Exhaustion::default();
    for level in 1..=3 {
        assert!(!e.gain(ExhaustionSource::Other));
        assert_eq!(e.level(), level, "each gain adds one level");
    }
    assert_eq!(e.d20_penalty(), -6);
    assert_eq!(e.speed(30), 15);
    e.gain(ExhaustionSource::Other);
    e.gain(ExhaustionSource::Other);
    assert!(e.gain(ExhaustionSource::Other), "level 6 → dead");
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Other);
    assert!(e.finish_long_rest(true, true));
    assert_eq!(e.level(), 0);
}

#[test]
fn dd_cond_05_d_speed_floor_zero() {
    let e = Exhaustion::with_levels(vec![ExhaustionSource::Other; 5]).unwrap();
    assert_eq!(e.speed(20), 0);
    assert!(Exhaustion::with_levels(vec![ExhaustionSource::Other; 7]).is_err());
}

#[test]
fn dd_cond_05_f_sources_kept() {
    let mut e = Exhaustion::default();
    e.gain(ExhaustionSource::Dehydration);
    e.gain(ExhaustionSource::Malnutrition);
    assert!(!e.finish_long_rest(false, false));
    assert_eq!(e.level(), 2);
    assert!(e.finish_long_rest(false, true));
    assert_eq!(e.sources(), &[ExhaustionSource::Dehydration]);
}

#[test]
fn dd_cond_05_g_revived_one_level_fewer() {
    let mut e = Exhaustion::with_levels(vec![ExhaustionSource::Other; 3]).unwrap();
    e.revived();
    assert_eq!(e.level(), 2);
}

#[test]
fn dd_cond_07_a_grappled_speed_zero() {
    let mut c = Conditions::default();
    c.apply(Condition::Grappled, "ogre").unwrap();
    assert_eq!(c.speed(30), 0);
}

#[test]
fn dd_cond_08_e_incapacitated_can_move() {
    let mut c = Conditions::default();
    c.apply(Condition::Incapacitated, "x").unwrap();
    assert_eq!(c.speed(30), 30);
}

#[test]
fn dd_cond_10_a_b_c_d_e_paralyzed() {
    let mut c = Conditions::default();
    c.apply(Condition::Paralyzed, "hold").unwrap();
    assert_eq!(attack_sources_against(&c, 30, true), (1, 0));
    assert!(hit_is_critical(&c, 5));
    assert!(!hit_is_critical(&c, 10));
    assert!(c.auto_fails_str_dex_saves());
    assert_eq!(c.speed(30), 0);
    assert!(c.incapacitated());
    let mut t = delve_dnd2024::actions::Turn::start(c.speed(30), c.incapacitated());
    assert!(
        t.take_action(delve_dnd2024::actions::ActionKind::Dash)
            .is_err()
    );
}

#[test]
fn dd_cond_13_a_stand_up_half_speed() {
    let mut c = Conditions::default();
    c.apply(Condition::Prone, "shove").unwrap();
    assert_eq!(c.stand_up_cost(30).unwrap(), 15);
    assert_eq!(c.stand_up_cost(25).unwrap(), 12);
    c.apply(Condition::Restrained, "net").unwrap();
    assert!(c.stand_up_cost(30).is_err());
}

#[test]
fn dd_cond_13_c_prone_adv_near_dis_far() {
    let mut c = Conditions::default();
    c.apply(Condition::Prone, "x").unwrap();
    assert_eq!(attack_sources_against(&c, 5, true), (1, 0));
    assert_eq!(attack_sources_against(&c, 10, true), (0, 1));
}

#[test]
fn dd_cond_09_c_invisible_per_attacker() {
    let mut c = Conditions::default();
    c.apply(Condition::Invisible, "spell").unwrap();
    assert_eq!(attack_sources_against(&c, 5, false), (0, 1));
    assert_eq!(attack_sources_against(&c, 5, true), (0, 0));
}

#[test]
fn dd_cond_15_a_b_c_stunned_keeps_speed() {
    let mut c = Conditions::default();
    c.apply(Condition::Stunned, "x").unwrap();
    assert_eq!(c.speed(30), 30);
    assert!(c.incapacitated());
    assert!(c.auto_fails_str_dex_saves());
    assert_eq!(attack_sources_against(&c, 30, true), (1, 0));
}

#[test]
fn dd_cond_16_b_c_d_e_unconscious() {
    let mut c = Conditions::default();
    c.apply(Condition::Unconscious, "x").unwrap();
    assert!(hit_is_critical(&c, 5));
    assert!(!hit_is_critical(&c, 10));
    assert_eq!(c.speed(30), 0);
    // Advantage from Unconscious; Prone adds another within 5 ft and Disadvantage farther.
    assert_eq!(attack_sources_against(&c, 5, true), (2, 0));
    assert_eq!(attack_sources_against(&c, 30, true), (1, 1));
    assert!(c.auto_fails_str_dex_saves());
}

#[test]
fn dd_cond_descriptions_name_every_condition_with_ids() {
    for c in Condition::ALL {
        let d = c.description();
        assert!(!d.is_empty());
        for (id, text) in d {
            assert!(id.starts_with(c.id()), "{id} under {}", c.id());
            assert!(!text.is_empty());
        }
        assert_eq!(Condition::parse(c.name()).unwrap(), c);
    }
    assert!(Condition::parse("sleepy").is_err());
}

#[test]
fn dd_cond_02_a_b_blinded() {
    let mut c = Conditions::default();
    c.apply(Condition::Blinded, "dust").unwrap();
    assert!(check_auto_fails(&c, true, false));
    assert!(!check_auto_fails(&c, false, true));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
    assert_eq!(attack_sources_against(&c, 30, true), (1, 0));
}

#[test]
fn dd_cond_03_a_b_charmed() {
    let mut c = Conditions::default();
    c.apply(Condition::Charmed, "vampire").unwrap();
    assert!(!c.may_harm("vampire"));
    assert!(c.may_harm("goblin"));
    assert!(c.charmer_social_advantage("vampire"));
    assert!(!c.charmer_social_advantage("goblin"));
}

#[test]
fn dd_cond_04_a_deafened() {
    let mut c = Conditions::default();
    c.apply(Condition::Deafened, "bell").unwrap();
    assert!(check_auto_fails(&c, false, true));
    assert!(!check_auto_fails(&c, true, false));
}

#[test]
fn dd_cond_06_a_b_frightened() {
    let mut c = Conditions::default();
    c.apply(Condition::Frightened, "dragon").unwrap();
    assert_eq!(ability_check_disadvantage(&c, true), 1);
    assert_eq!(ability_check_disadvantage(&c, false), 0);
    assert_eq!(own_attack_sources(&c, false, true, true), (0, 1));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 0));
    assert!(!c.may_approach("dragon"));
    assert!(c.may_approach("goblin"));
}

#[test]
fn dd_cond_07_b_grappled_attacks_others_with_disadvantage() {
    let mut c = Conditions::default();
    c.apply(Condition::Grappled, "ogre").unwrap();
    assert_eq!(own_attack_sources(&c, true, false, true), (0, 0));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
}

#[test]
fn dd_cond_09_c_invisible_attacks_with_advantage() {
    let mut c = Conditions::default();
    c.apply(Condition::Invisible, "spell").unwrap();
    assert_eq!(own_attack_sources(&c, false, false, false), (1, 0));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 0));
}

#[test]
fn dd_cond_12_a_poisoned() {
    let mut c = Conditions::default();
    c.apply(Condition::Poisoned, "venom").unwrap();
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
    assert_eq!(ability_check_disadvantage(&c, false), 1);
}

#[test]
fn dd_cond_14_a_b_c_restrained() {
    let mut c = Conditions::default();
    c.apply(Condition::Restrained, "web").unwrap();
    assert_eq!(c.speed(30), 0);
    assert_eq!(attack_sources_against(&c, 30, true), (1, 0));
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
    assert!(dex_save_disadvantage(&c));
}

#[test]
fn dd_cond_01_a_effect_defines_it_other_rules_end_it() {
    use delve_dnd2024::creature::Creature;
    use delve_dnd2024::effects::{Effect, EffectKind, Origin};
    // Each condition's definition names its effects clause by clause.
    assert_eq!(Condition::Paralyzed.description().len(), 5);
    // Its end comes from the rule that imposed it: here a 1-minute spell.
    let mut c = Creature::new("human", 10);
    c.impose(
        Effect::new("hold", Origin::Spell, EffectKind::Ordinary, Some(60)),
        &[Condition::Paralyzed],
    )
    .unwrap();
    assert!(c.conditions.has(Condition::Paralyzed));
    c.elapse(54);
    assert!(c.conditions.has(Condition::Paralyzed));
    c.elapse(6);
    assert!(!c.conditions.has(Condition::Paralyzed));
}

#[test]
fn dd_cond_01_c_exhaustion_alone_has_levels() {
    let mut c = Conditions::default();
    assert!(c.apply(Condition::Exhaustion, "march").is_err());
    c.exhaustion.gain(ExhaustionSource::Other);
    c.exhaustion.gain(ExhaustionSource::Other);
    assert_eq!(c.exhaustion.level(), 2, "Exhaustion stacks by level");
    c.apply(Condition::Poisoned, "a").unwrap();
    c.apply(Condition::Poisoned, "b").unwrap();
    assert_eq!(
        c.list(),
        vec![Condition::Exhaustion, Condition::Poisoned],
        "others never stack"
    );
}

#[test]
fn dd_cond_07_d_escape_ends_the_grapple() {
    use delve_dnd2024::actions::Turn;
    use delve_dnd2024::combat::{escape_grapple, grapple_ends, unarmed_strike};
    let dc = unarmed_strike(3, 2).grapple_shove_dc;
    let mut c = Conditions::default();
    c.apply(Condition::Grappled, "ogre").unwrap();
    let mut t = Turn::start(c.speed(30), false);
    let escaped = escape_grapple(&mut t, 13, dc).unwrap();
    assert!(escaped && t.action_used, "the escape takes the action");
    if grapple_ends(escaped, false, 5, 5, false) {
        c.end(Condition::Grappled, "ogre");
    }
    assert!(!c.has(Condition::Grappled));
    let mut t = Turn::start(0, false);
    assert!(!escape_grapple(&mut t, 12, dc).unwrap());
}

#[test]
fn dd_cond_08_b_c_d_no_concentration_no_speech_initiative_disadvantage() {
    use delve_dnd2024::actions::{Communication, Turn};
    use delve_dnd2024::combat::initiative_mode;
    use delve_dnd2024::core::RollMode;
    use delve_dnd2024::magic::Concentration;
    let mut c = Conditions::default();
    c.apply(Condition::Incapacitated, "x").unwrap();
    let mut conc = Concentration {
        effect: Some("bless".into()),
    };
    assert!(conc.start("haste", c.incapacitated()).is_err());
    assert_eq!(conc.on_incapacitated_or_death().as_deref(), Some("bless"));
    let mut t = Turn::start(30, c.incapacitated());
    assert!(t.communicate(Communication::Brief).is_err());
    assert_eq!(
        initiative_mode(false, c.incapacitated(), false, 0, 0),
        RollMode::Disadvantage
    );
}

#[test]
fn dd_cond_09_a_b_invisible_initiative_and_sight_effects() {
    use delve_dnd2024::combat::initiative_mode;
    use delve_dnd2024::core::RollMode;
    use delve_dnd2024::effects::sight_targeted;
    use delve_dnd2024::vision::{Obscured, Senses, can_see};
    let mut c = Conditions::default();
    c.apply(Condition::Invisible, "spell").unwrap();
    assert_eq!(
        initiative_mode(false, false, c.has(Condition::Invisible), 0, 0),
        RollMode::Advantage
    );
    let plain = Senses::default();
    let ts = Senses {
        truesight_ft: 60,
        ..Default::default()
    };
    let invisible = c.has(Condition::Invisible);
    assert!(sight_targeted(can_see(&plain, 20, false, invisible, Obscured::Not, false)).is_err());
    assert!(sight_targeted(can_see(&ts, 20, false, invisible, Obscured::Not, false)).is_ok());
    assert!(!c.gear_visible());
}

#[test]
fn dd_cond_11_a_b_c_d_petrified() {
    let mut c = Conditions::default();
    c.apply(Condition::Petrified, "gaze").unwrap();
    assert!(c.incapacitated());
    assert_eq!(c.speed(30), 0);
    assert!(c.auto_fails_str_dex_saves());
    assert_eq!(attack_sources_against(&c, 30, true), (1, 0));
}

#[test]
fn dd_cond_11_e_petrified_resists_all_damage() {
    use delve_dnd2024::Interpretations;
    use delve_dnd2024::damage::{Defences, adjust_damage};
    let mut c = Conditions::default();
    let d = Defences::default().with_conditions(&c);
    assert_eq!(adjust_damage(21, &d, &Interpretations::default()), 21);
    c.apply(Condition::Petrified, "gaze").unwrap();
    let d = Defences::default().with_conditions(&c);
    assert_eq!(adjust_damage(21, &d, &Interpretations::default()), 10);
}

#[test]
fn dd_cond_11_f_petrified_immune_to_poisoned() {
    let mut c = Conditions::default();
    c.apply(Condition::Poisoned, "venom").unwrap();
    c.apply(Condition::Petrified, "gaze").unwrap();
    assert!(!c.has(Condition::Poisoned), "the old poison has no effect");
    let err = c.apply(Condition::Poisoned, "more venom").unwrap_err();
    assert!(err.to_string().contains("DD-COND-11.f"));
    c.end(Condition::Petrified, "gaze");
    assert!(
        c.has(Condition::Poisoned),
        "the first poison is back once unpetrified"
    );
}

#[test]
fn dd_cond_11_g_petrified_weight_times_ten_no_ageing() {
    let mut c = Conditions::default();
    assert_eq!(c.weight_lb(150), 150);
    assert!(c.ages());
    c.apply(Condition::Petrified, "gaze").unwrap();
    assert_eq!(c.weight_lb(150), 1500);
    assert!(!c.ages());
}

#[test]
fn dd_cond_13_b_d_prone_attacks_and_flyers_fall() {
    use delve_dnd2024::movement::flyer_falls;
    let mut c = Conditions::default();
    c.apply(Condition::Prone, "shove").unwrap();
    assert_eq!(own_attack_sources(&c, false, false, true), (0, 1));
    let prone = c.has(Condition::Prone);
    assert!(flyer_falls(c.incapacitated(), prone, 60, false));
    assert!(!flyer_falls(c.incapacitated(), prone, 60, true));
}

#[test]
fn dd_cond_16_a_f_unconscious_prone_drops_items_unaware() {
    use delve_dnd2024::combat::check_grapple_or_shove;
    use delve_dnd2024::movement::Size;
    use delve_dnd2024::vision::unseen_sources;
    let mut c = Conditions::default();
    c.apply(Condition::Unconscious, "sleep").unwrap();
    assert!(c.incapacitated() && c.has(Condition::Prone));
    assert!(!c.can_hold_items());
    assert!(check_grapple_or_shove(Size::Medium, Size::Medium, true, c.can_hold_items()).is_err());
    assert!(!c.aware());
    // Unaware: it sees no attacker, so attacks against it gain that Advantage too.
    assert_eq!(unseen_sources(true, c.aware()), (1, 0));
    c.end(Condition::Unconscious, "sleep");
    assert!(c.has(Condition::Prone) && c.can_hold_items() && c.aware());
}

#[test]
fn dd_cond_t_s15_named_sources_match_their_counts() {
    let mut c = Conditions::default();
    c.apply(Condition::Restrained, "net").unwrap();
    c.apply(Condition::Poisoned, "venom").unwrap();
    c.apply(Condition::Frightened, "dragon").unwrap();
    let (adv, dis) = attack_sources_against_named(&c, 5, true);
    assert_eq!(
        (adv.clone(), dis.clone()),
        (vec![Condition::Restrained], vec![])
    );
    assert_eq!(attack_sources_against(&c, 5, true), (1, 0));
    let (adv, dis) = own_attack_sources_named(&c, false, true, true);
    assert!(adv.is_empty());
    assert_eq!(
        dis,
        vec![
            Condition::Frightened,
            Condition::Poisoned,
            Condition::Restrained
        ]
    );
    assert_eq!(own_attack_sources(&c, false, true, true), (0, 3));
    assert_eq!(
        ability_check_disadvantage_named(&c, true),
        vec![Condition::Poisoned, Condition::Frightened]
    );
    assert_eq!(ability_check_disadvantage(&c, false), 1);
}
