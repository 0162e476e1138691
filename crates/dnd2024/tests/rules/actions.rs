use delve_dnd2024::actions::*;
use delve_dnd2024::exceptions::{Exceptions, RuleKey, RuleValue};
use delve_dnd2024::objects::GmAllows;

#[test]
fn dd_act_01_a_one_action_per_turn() {
    let mut t = Turn::start(30, false);
    t.take_action(ActionKind::Attack).unwrap();
    assert!(t.take_action(ActionKind::Dash).is_err());
    assert_eq!(ActionKind::ALL.len(), 12);
}

#[test]
fn dd_act_02_a_b_movement_split_around_action() {
    let mut t = Turn::start(30, false);
    t.move_ft(10).unwrap();
    t.take_action(ActionKind::Attack).unwrap();
    t.move_ft(20).unwrap();
    assert!(t.move_ft(1).is_err());
}

#[test]
fn dd_act_02_d_second_interaction_needs_utilize() {
    let mut t = Turn::start(30, false);
    assert!(!t.interact().unwrap());
    assert!(t.interact().unwrap());
    assert!(t.action_used);
    assert!(t.interact().is_err());
}

#[test]
fn dd_act_03_a_b_d_bonus_action_only_when_granted_once_not_incapacitated() {
    let mut t = Turn::start(30, false);
    assert!(t.take_bonus_action(false).is_err());
    t.take_bonus_action(true).unwrap();
    assert!(t.take_bonus_action(true).is_err());
    let mut t = Turn::start(30, true);
    assert!(t.take_bonus_action(true).is_err());
}

#[test]
fn dd_act_04_b_one_reaction_until_next_turn() {
    let mut t = Turn::start(30, false);
    t.take_reaction().unwrap();
    assert!(t.take_reaction().is_err());
    let t2 = Turn::start(30, false);
    assert!(t2.reaction_available);
}

#[test]
fn dd_act_05_c_test_extra_attack_move_between() {
    // Extra Attack, Speed 30: attack, move 15, attack, move 15 → legal.
    let ex = Exceptions::general()
        .specific(
            RuleKey::AttacksPerAttackAction,
            RuleValue::Number(2),
            "Extra Attack",
        )
        .unwrap();
    let mut t = Turn::start(30, false);
    assert_eq!(t.attack(&ex).unwrap(), 1);
    t.move_ft(15).unwrap();
    assert_eq!(t.attack(&ex).unwrap(), 2);
    t.move_ft(15).unwrap();
    assert_eq!(t.movement_left(), 0);
    assert!(t.move_ft(1).is_err());
}

#[test]
fn dd_act_06_a_test_dash_adds_current_speed() {
    assert_eq!(dash_total(30), 60);
    assert_eq!(dash_total(15), 30);
    let mut t = Turn::start(30, false);
    t.take_action(ActionKind::Dash).unwrap();
    assert_eq!(t.movement_left(), 60);
}

#[test]
fn dd_act_07_a_disengage_no_opportunity_attacks() {
    let mut t = Turn::start(30, false);
    t.take_action(ActionKind::Disengage).unwrap();
    assert!(!provokes_opportunity_attack(
        LeaveReach::OwnMovement,
        5,
        10,
        5,
        true,
        true,
        t.disengaged
    ));
}

#[test]
fn dd_act_08_b_dodge_ends() {
    assert!(dodge_holds(false, 30));
    assert!(!dodge_holds(true, 30));
    assert!(!dodge_holds(false, 0));
}

#[test]
fn dd_act_09_a_b_help_preconditions() {
    assert!(help_attack(5).is_ok());
    assert!(help_attack(10).is_err());
    assert!(help_check(false).is_err());
}

#[test]
fn dd_act_10_a_b_hide() {
    assert!(hide(false, true, 20).is_err());
    assert!(hide(true, false, 20).is_err());
    assert_eq!(hide(true, true, 17).unwrap(), Some(17));
    assert_eq!(hide(true, true, 14).unwrap(), None);
}

#[test]
fn dd_act_13_d_ready_spell_one_action_only() {
    assert!(ready_spell(true).is_ok());
    assert!(ready_spell(false).is_err());
}

#[test]
fn dd_act_17_a_c_test_opportunity_attack_triggers() {
    assert!(provokes_opportunity_attack(
        LeaveReach::OwnMovement,
        5,
        10,
        5,
        true,
        true,
        false
    ));
    assert!(!provokes_opportunity_attack(
        LeaveReach::ForcedMovement,
        5,
        10,
        5,
        true,
        true,
        false
    ));
    assert!(!provokes_opportunity_attack(
        LeaveReach::Teleport,
        5,
        30,
        5,
        true,
        true,
        false
    ));
    assert!(!provokes_opportunity_attack(
        LeaveReach::OwnMovement,
        5,
        10,
        5,
        false,
        true,
        false
    ));
    assert!(!provokes_opportunity_attack(
        LeaveReach::OwnMovement,
        5,
        10,
        5,
        true,
        false,
        false
    ));
}

#[test]
fn dd_cond_08_a_incapacitated_takes_no_actions() {
    let mut t = Turn::start(30, true);
    assert!(t.take_action(ActionKind::Dodge).is_err());
    assert!(t.take_reaction().is_err());
    assert!(
        t.move_ft(30).is_ok(),
        "DD-COND-08.e: movement still allowed"
    );
}

#[test]
fn dd_act_16_b_utilize_for_second_interaction() {
    let mut t = Turn::start(30, false);
    t.interact().unwrap();
    assert!(!t.action_used);
    t.interact().unwrap();
    assert!(t.action_used);
}

#[test]
fn dd_act_12_b_long_casting_needs_concentration() {
    assert!(
        delve_dnd2024::magic::long_casting(10, 3, true)
            .unwrap_err()
            .to_string()
            .contains("DD-ACT-12.b")
    );
}

#[test]
fn dd_act_14_a_b_search_skill_and_right_place() {
    use delve_dnd2024::core::Skill;
    assert_eq!(search_skill(SearchFor::StateOfMind), Skill::Insight);
    assert_eq!(
        search_skill(SearchFor::AilmentOrCauseOfDeath),
        Skill::Medicine
    );
    assert_eq!(
        search_skill(SearchFor::ConcealedCreatureOrObject),
        Skill::Perception
    );
    assert_eq!(search_skill(SearchFor::TracksOrFood), Skill::Survival);
    assert!(search_finds(true, 15, 15));
    assert!(!search_finds(false, 30, 15));
}

#[test]
fn dd_act_15_a_study_covers_every_creature_type_once() {
    use delve_dnd2024::core::{Ability, Skill};
    let skills: Vec<Skill> = CreatureType::ALL.iter().map(|t| t.study_skill()).collect();
    assert_eq!(skills.len(), 14);
    assert!(
        skills
            .iter()
            .all(|s| s.default_ability() == Ability::Intelligence)
    );
    assert_eq!(CreatureType::Undead.study_skill(), Skill::Religion);
    assert_eq!(CreatureType::Dragon.study_skill(), Skill::Nature);
    assert_eq!(CreatureType::Giant.study_skill(), Skill::History);
    assert_eq!(CreatureType::Fey.study_skill(), Skill::Arcana);
    assert!(!skills.contains(&Skill::Investigation));
}

#[test]
fn dd_act_02_c_brief_speech_free_extended_takes_the_action() {
    let mut t = Turn::start(30, false);
    assert!(!t.communicate(Communication::Brief).unwrap());
    assert!(!t.communicate(Communication::Brief).unwrap());
    assert!(!t.action_used, "brief speech is free");
    assert!(t.communicate(Communication::Extended).unwrap());
    assert!(t.action_used);
    // The action is gone: no second extended talk, no other action.
    assert!(t.communicate(Communication::Extended).is_err());
    assert!(t.take_action(ActionKind::Attack).is_err());
    // An Incapacitated creature cannot speak at all (DD-COND-08.c).
    let mut t = Turn::start(30, true);
    assert!(t.communicate(Communication::Brief).is_err());
}

#[test]
fn dd_act_02_e_doing_nothing_is_a_turn() {
    let t = Turn::start(30, false);
    let s = t.end();
    assert_eq!(
        s,
        TurnSummary {
            movement_unused: 30,
            action_unused: true,
            bonus_action_unused: true,
            reaction_available: true,
        }
    );
    let mut t = Turn::start(30, false);
    t.move_ft(10).unwrap();
    t.take_action(ActionKind::Dodge).unwrap();
    let s = t.end();
    assert_eq!((s.movement_unused, s.action_unused), (20, false));
}

#[test]
fn dd_act_13_a_ready_on_own_turn_uses_the_action_and_the_reaction() {
    let mut t = Turn::start(30, false);
    t.ready(true, ReadiedResponse::Action(ActionKind::Attack))
        .unwrap();
    assert!(t.action_used, "Ready is the turn's action");
    assert!(t.ready(true, ReadiedResponse::Move { feet: 5 }).is_err());
    // On another creature's turn the trigger comes: the response takes the Reaction.
    let r = t.trigger_readied(TriggerChoice::Respond).unwrap();
    assert_eq!(r, Some(ReadiedResponse::Action(ActionKind::Attack)));
    assert!(!t.reaction_available);
    // Already used: nothing left readied.
    assert!(t.trigger_readied(TriggerChoice::Respond).is_err());
    // With the Reaction already spent, a readied response cannot be taken.
    let mut t = Turn::start(30, false);
    t.ready(true, ReadiedResponse::Move { feet: 30 }).unwrap();
    t.take_reaction().unwrap();
    assert!(t.trigger_readied(TriggerChoice::Respond).is_err());
    assert!(t.readied.is_some(), "a refusal changes nothing");
}

#[test]
fn dd_act_13_b_trigger_perceivable_response_action_or_move_up_to_speed() {
    let mut t = Turn::start(30, false);
    assert!(
        t.ready(false, ReadiedResponse::Action(ActionKind::Attack))
            .is_err(),
        "a trigger it cannot perceive"
    );
    assert!(
        t.ready(true, ReadiedResponse::Move { feet: 35 }).is_err(),
        "more than its Speed"
    );
    assert!(
        t.ready(true, ReadiedResponse::Action(ActionKind::Ready))
            .is_err()
    );
    assert!(
        !t.action_used && t.readied.is_none(),
        "refusals spend nothing"
    );
    t.ready(true, ReadiedResponse::Move { feet: 30 }).unwrap();
    assert_eq!(t.readied, Some(ReadiedResponse::Move { feet: 30 }));
}

#[test]
fn dd_act_13_c_ignore_or_respond_lapses_at_next_turn() {
    let mut t = Turn::start(30, false);
    t.ready(true, ReadiedResponse::Action(ActionKind::Dash))
        .unwrap();
    // Ignoring a trigger spends nothing and keeps the response ready.
    assert_eq!(t.trigger_readied(TriggerChoice::Ignore).unwrap(), None);
    assert!(t.reaction_available);
    assert!(t.readied.is_some());
    // No trigger came again: at the start of its next turn the response lapses.
    let (next, lapsed) = t.next_turn(30, false);
    assert_eq!(lapsed, Some(ReadiedResponse::Action(ActionKind::Dash)));
    let mut next = next;
    assert!(next.readied.is_none());
    assert!(next.trigger_readied(TriggerChoice::Respond).is_err());
    assert!(next.reaction_available && !next.action_used);
}

#[test]
fn dd_act_13_d_readied_spell_lost_when_concentration_breaks() {
    use delve_dnd2024::magic::{Casting, CastingTime, Concentration, SpellSlots};
    let bolt = Casting {
        spell_level: 1,
        slot_level: 1,
        ritual: false,
        has_ritual_tag: false,
    };
    let mut slots = SpellSlots {
        max: [2, 0, 0, 0, 0, 0, 0, 0, 0],
        ..SpellSlots::default()
    };
    let mut conc = Concentration::default();
    let mut t = Turn::start(30, false);
    // The general `ready` does not hold spells: they go through ready_spell.
    assert!(t.ready(true, ReadiedResponse::Spell).is_err());
    // Only a spell cast with one action can be readied; a refusal spends nothing.
    assert!(
        t.ready_spell(
            true,
            CastingTime::BonusAction,
            &mut slots,
            bolt,
            &mut conc,
            "bolt"
        )
        .is_err()
    );
    assert_eq!(slots.spent[0], 0);
    assert!(!t.action_used);
    // Readied: cast now, the slot is spent now and Concentration holds it.
    t.ready_spell(
        true,
        CastingTime::Action,
        &mut slots,
        bolt,
        &mut conc,
        "bolt",
    )
    .unwrap();
    assert_eq!(slots.spent[0], 1, "the slot is spent on the ready turn");
    assert_eq!(conc.effect.as_deref(), Some("bolt"));
    assert!(t.action_used);
    // Concentration breaks before the trigger: the spell is lost, the slot stays spent.
    assert!(t.concentration_broken());
    assert!(t.trigger_readied(TriggerChoice::Respond).is_err());
    assert!(t.reaction_available);
    assert_eq!(slots.spent[0], 1);
    // A readied move is not held with Concentration.
    let mut t = Turn::start(30, false);
    t.ready(true, ReadiedResponse::Move { feet: 10 }).unwrap();
    assert!(!t.concentration_broken());
    assert!(t.readied.is_some());
}

#[test]
fn dd_act_13_d_readied_spell_released_by_the_reaction() {
    use delve_dnd2024::magic::{Casting, CastingTime, Concentration, SpellSlots};
    let mut slots = SpellSlots {
        max: [0, 1, 0, 0, 0, 0, 0, 0, 0],
        ..SpellSlots::default()
    };
    let mut conc = Concentration {
        effect: Some("bless".into()),
    };
    let c = Casting {
        spell_level: 1,
        slot_level: 2,
        ritual: false,
        has_ritual_tag: false,
    };
    let mut t = Turn::start(30, false);
    let (cast, ended) = t
        .ready_spell(true, CastingTime::Action, &mut slots, c, &mut conc, "bolt")
        .unwrap();
    assert_eq!(cast.slot_spent, Some(2));
    assert_eq!(
        ended.as_deref(),
        Some("bless"),
        "holding it replaces Concentration"
    );
    assert_eq!(
        t.trigger_readied(TriggerChoice::Respond).unwrap(),
        Some(ReadiedResponse::Spell)
    );
    assert!(!t.reaction_available);
    // No slot left: a second readied spell is refused and nothing is spent.
    let mut t = Turn::start(30, false);
    slots.start_turn();
    assert!(
        t.ready_spell(true, CastingTime::Action, &mut slots, c, &mut conc, "bolt")
            .is_err()
    );
    assert!(!t.action_used);
}

#[test]
fn dd_act_01_b_improvised_action_is_the_gms_call() {
    use delve_dnd2024::core::D20TestKind;
    let mut t = Turn::start(30, false);
    assert!(t.improvise(ImprovisedRuling::Impossible).is_err());
    assert!(!t.action_used, "a refused improvisation spends nothing");
    assert_eq!(
        t.improvise(ImprovisedRuling::Test(D20TestKind::AbilityCheck))
            .unwrap(),
        Some(D20TestKind::AbilityCheck)
    );
    assert!(t.action_used, "an improvised action is the turn's action");
    let mut t = Turn::start(30, false);
    assert_eq!(t.improvise(ImprovisedRuling::NoTest).unwrap(), None);
}

#[test]
fn dd_act_01_c_one_action_at_a_time_even_out_of_combat() {
    // Searching for traps and helping someone at once: the second is refused.
    let mut t = Turn::start(30, false);
    t.take_action(ActionKind::Search).unwrap();
    let err = t.take_action(ActionKind::Help).unwrap_err();
    assert!(err.to_string().contains("DD-ACT-01"));
    assert!(t.improvise(ImprovisedRuling::NoTest).is_err());
}

#[test]
fn dd_act_03_c_bonus_action_before_or_after_the_action() {
    let mut before = Turn::start(30, false);
    before.take_bonus_action(true).unwrap();
    before.take_action(ActionKind::Attack).unwrap();
    let mut after = Turn::start(30, false);
    after.take_action(ActionKind::Attack).unwrap();
    after.move_ft(10).unwrap();
    after.take_bonus_action(true).unwrap();
    assert!(before.bonus_action_used && before.action_used);
    assert!(after.bonus_action_used && after.action_used);
}

#[test]
fn dd_act_04_a_reaction_on_any_turn_and_after_own_action() {
    // On its own turn, after the action and the Bonus Action.
    let mut t = Turn::start(30, false);
    t.take_action(ActionKind::Attack).unwrap();
    t.take_bonus_action(true).unwrap();
    t.take_reaction().unwrap();
    // On another creature's turn (its own turn's record is still the one in force).
    let mut watcher = Turn::start(30, false);
    watcher.end();
    watcher.take_reaction().unwrap();
    assert!(!watcher.reaction_available);
}

#[test]
fn dd_act_04_c_interrupted_turn_resumes_after_the_reaction() {
    use delve_dnd2024::combat::Combat;
    let mut c = Combat::new(2).unwrap();
    c.positions_set().unwrap();
    let first = c.roll_initiative(&[15, 10], &[]).unwrap();
    assert_eq!(first.participant, 0);
    // Participant 0 moves and provokes participant 1, who reacts at once.
    let mut mover = Turn::start(30, false);
    mover.move_ft(5).unwrap();
    let mut reactor = Turn::start(30, false);
    let at =
        opportunity_attack(&mut reactor, LeaveReach::OwnMovement, 5, 10, 5, true, false).unwrap();
    assert_eq!(at, 5);
    // The mover's turn goes on: same participant, movement left intact.
    assert_eq!(c.current_turn().unwrap().participant, 0);
    mover.move_ft(25).unwrap();
    assert_eq!(mover.movement_left(), 0);
}

#[test]
fn dd_act_04_d_17_b_opportunity_attack_uses_the_reaction() {
    let mut t = Turn::start(30, false);
    assert!(t.reaction_available, "every creature has the Reaction");
    let at = opportunity_attack(&mut t, LeaveReach::OwnMovement, 5, 10, 5, true, false).unwrap();
    assert_eq!(at, 5, "resolved just before the target leaves reach");
    assert!(!t.reaction_available);
    // A second creature leaving reach this round: no Reaction left.
    assert!(opportunity_attack(&mut t, LeaveReach::OwnMovement, 5, 10, 5, true, false).is_err());
    // An Incapacitated creature takes none.
    let mut t = Turn::start(30, true);
    assert!(opportunity_attack(&mut t, LeaveReach::OwnMovement, 5, 10, 5, true, false).is_err());
}

#[test]
fn dd_act_17_b_c_no_opportunity_attack_without_provocation() {
    let mut t = Turn::start(30, false);
    for how in [LeaveReach::Teleport, LeaveReach::ForcedMovement] {
        assert!(opportunity_attack(&mut t, how, 5, 10, 5, true, false).is_err());
    }
    assert!(opportunity_attack(&mut t, LeaveReach::OwnMovement, 5, 10, 5, true, true).is_err());
    assert!(t.reaction_available, "refusals spend no Reaction");
}

#[test]
fn dd_act_05_a_one_attack_unless_a_feature_gives_more() {
    let mut t = Turn::start(30, false);
    assert_eq!(t.attack(&Exceptions::general()).unwrap(), 1);
    assert!(t.action_used);
    assert!(t.attack(&Exceptions::general()).is_err());
    let ex = Exceptions::general()
        .specific(
            RuleKey::AttacksPerAttackAction,
            RuleValue::Number(2),
            "Extra Attack",
        )
        .unwrap();
    let mut t = Turn::start(30, false);
    t.attack(&ex).unwrap();
    assert_eq!(t.attack(&ex).unwrap(), 2);
    assert!(t.attack(&ex).is_err());
}

#[test]
fn dd_act_05_b_one_weapon_handled_per_attack() {
    let general = Exceptions::general();
    let mut t = Turn::start(30, false);
    // Draw before the attack: this commits the action to Attack.
    t.handle_weapon(&general).unwrap();
    assert!(t.action_used && t.attack_action);
    t.attack(&general).unwrap();
    // One attack, one handling: a second needs the free object interaction.
    assert!(t.handle_weapon(&general).is_err());
    assert!(!t.interact().unwrap());
    // With two attacks, two handlings (draw, attack, sheathe, draw, attack).
    let ex = general
        .clone()
        .specific(
            RuleKey::AttacksPerAttackAction,
            RuleValue::Number(2),
            "Extra Attack",
        )
        .unwrap();
    let mut t = Turn::start(30, false);
    t.attack(&ex).unwrap();
    t.handle_weapon(&ex).unwrap();
    t.attack(&ex).unwrap();
    t.handle_weapon(&ex).unwrap();
    assert_eq!(t.weapon_handlings, 2);
    assert!(t.handle_weapon(&ex).is_err());
    // Another action taken: handling a weapon is not part of it.
    let mut t = Turn::start(30, false);
    t.take_action(ActionKind::Dodge).unwrap();
    assert!(t.handle_weapon(&general).is_err());
}

#[test]
fn dd_act_06_b_dash_with_a_special_speed() {
    use delve_dnd2024::movement::{SpeedKind, Speeds};
    let speeds = Speeds {
        walk: 30,
        fly: 60,
        ..Speeds::default()
    };
    let mut t = Turn::start(30, false);
    assert_eq!(t.dash_with(&speeds, SpeedKind::Fly).unwrap(), 60);
    assert_eq!(t.movement_left(), 90);
    let mut t = Turn::start(30, false);
    assert!(t.dash_with(&speeds, SpeedKind::Swim).is_err());
    assert!(!t.action_used, "refused: nothing spent");
    assert_eq!(t.dash_with(&speeds, SpeedKind::Walk).unwrap(), 30);
}

#[test]
fn dd_act_08_a_dodge_disadvantage_to_attackers_advantage_on_dex_saves() {
    assert_eq!(dodge_attack_disadvantage(true, false, 30), 1);
    assert_eq!(
        dodge_attack_disadvantage(false, false, 30),
        0,
        "only attackers it can see"
    );
    assert_eq!(dodge_dex_save_advantage(false, 30), 1);
    // DD-ACT-08.b: ends when Incapacitated or at Speed 0.
    assert_eq!(dodge_attack_disadvantage(true, true, 30), 0);
    assert_eq!(dodge_dex_save_advantage(false, 0), 0);
}

#[test]
fn dd_act_09_a_help_with_a_check_gives_advantage_once() {
    let mut t = Turn::start(30, false);
    assert!(HelpGiven::check(&mut t, "vera", "athletics", true, GmAllows::No).is_err());
    assert!(HelpGiven::check(&mut t, "vera", "athletics", false, GmAllows::Yes).is_err());
    assert!(!t.action_used);
    let mut h = HelpGiven::check(&mut t, "vera", "athletics", true, GmAllows::Yes).unwrap();
    assert!(t.action_used);
    assert_eq!(h.on_check("tom", "athletics"), 0, "another ally");
    assert_eq!(h.on_check("vera", "stealth"), 0, "another skill");
    assert_eq!(h.on_check("vera", "athletics"), 1);
    assert_eq!(h.on_check("vera", "athletics"), 0, "used up");
    // Unused by the start of the helper's next turn: lapses.
    let mut t = Turn::start(30, false);
    let mut h = HelpGiven::check(&mut t, "vera", "athletics", true, GmAllows::Yes).unwrap();
    h.helper_turn_starts();
    assert_eq!(h.on_check("vera", "athletics"), 0);
}

#[test]
fn dd_act_09_b_help_with_an_attack() {
    let mut t = Turn::start(30, false);
    assert!(HelpGiven::attack(&mut t, "ogre", 10).is_err());
    let mut h = HelpGiven::attack(&mut t, "ogre", 5).unwrap();
    assert_eq!(h.on_attack("goblin"), 0);
    assert_eq!(h.on_attack("ogre"), 1);
    assert_eq!(h.on_attack("ogre"), 0);
    let mut t = Turn::start(30, false);
    let mut h = HelpGiven::attack(&mut t, "ogre", 5).unwrap();
    h.helper_turn_starts();
    assert_eq!(h.on_attack("ogre"), 0, "lapsed at the helper's next turn");
}

#[test]
fn dd_act_09_c_help_action_stabilizes_and_gives_first_aid() {
    let mut t = Turn::start(30, false);
    assert!(t.help_medicine(10).unwrap());
    assert!(t.action_used, "it is the Help action");
    let mut t = Turn::start(30, false);
    assert!(!t.help_medicine(9).unwrap());
    let mut t = Turn::start(30, true);
    assert!(t.help_medicine(20).is_err());
}

#[test]
fn dd_act_10_c_d_hiding_ends_on_noise_finding_attack_and_verbal_spell() {
    let start = || {
        let mut t = Turn::start(30, false);
        Hiding::attempt(&mut t, GmAllows::Yes, true, true, 18)
            .unwrap()
            .unwrap()
    };
    let mut h = start();
    assert_eq!(h.find_dc, 18);
    assert_eq!(
        h.condition(),
        Some(delve_dnd2024::conditions::Condition::Invisible)
    );
    assert!(h.sound(Sound::Whisper), "a whisper keeps it hidden");
    assert!(!h.sound(Sound::LouderThanAWhisper));
    assert_eq!(h.condition(), None);
    let mut h = start();
    assert!(!h.search(17));
    assert!(h.search(18));
    assert!(!h.hidden);
    let mut h = start();
    assert!(h.cast(false), "no Verbal component: still hidden");
    assert!(!h.cast(true));
    // DD-ACT-10.d: attacking from hiding has Advantage, then the position is revealed.
    let mut h = start();
    assert_eq!(h.attack(false), 1);
    assert!(!h.hidden);
    assert_eq!(h.attack(false), 0);
}

#[test]
fn dd_act_10_e_seeing_a_creature_tells_whether_it_sees_you() {
    assert_eq!(knows_if_seen(true, true), Some(true));
    assert_eq!(knows_if_seen(true, false), Some(false));
    assert_eq!(knows_if_seen(false, true), None);
}

#[test]
fn dd_act_10_f_the_gm_rules_whether_hiding_is_possible() {
    let mut t = Turn::start(30, false);
    assert!(Hiding::attempt(&mut t, GmAllows::No, true, true, 25).is_err());
    assert!(!t.action_used);
    assert!(
        Hiding::attempt(&mut t, GmAllows::Yes, true, true, 10)
            .unwrap()
            .is_none(),
        "below DC 15"
    );
    assert!(t.action_used, "a failed check still took the Hide action");
}

#[test]
fn dd_act_12_a_magic_action_casts_one_action_spells_and_uses_items() {
    use delve_dnd2024::magic::{Casting, CastingTime, SpellSlots};
    let c = Casting {
        spell_level: 1,
        slot_level: 1,
        ritual: false,
        has_ritual_tag: false,
    };
    let mut slots = SpellSlots {
        max: [3, 0, 0, 0, 0, 0, 0, 0, 0],
        ..SpellSlots::default()
    };
    let mut t = Turn::start(30, false);
    t.cast_spell(CastingTime::Action, &mut slots, c).unwrap();
    assert!(t.action_used);
    assert!(t.use_magic_item().is_err(), "the action is spent");
    let mut t = Turn::start(30, false);
    t.use_magic_item().unwrap();
    assert!(t.action_used);
    // A 1-minute casting is not a single Magic action.
    let mut t = Turn::start(30, false);
    slots.start_turn();
    assert!(
        t.cast_spell(CastingTime::Minutes(1), &mut slots, c)
            .unwrap_err()
            .to_string()
            .contains("DD-ACT-12.b")
    );
    assert!(!t.action_used);
}

#[test]
fn dd_act_15_b_study_identifies_a_spell_at_dc_15() {
    let mut t = Turn::start(30, false);
    assert!(t.study_spell(15).unwrap());
    assert!(t.action_used);
    let mut t = Turn::start(30, false);
    assert!(!t.study_spell(14).unwrap());
}

#[test]
fn dd_act_16_a_utilize_for_objects_that_need_an_action() {
    let mut t = Turn::start(30, false);
    assert!(t.use_object(true).unwrap(), "a lever that needs an action");
    assert!(t.action_used);
    // Drawing a sword during the Attack action needs no Utilize.
    let mut t = Turn::start(30, false);
    t.handle_weapon(&Exceptions::general()).unwrap();
    t.attack(&Exceptions::general()).unwrap();
    assert!(!t.use_object(false).unwrap(), "the free interaction");
}
