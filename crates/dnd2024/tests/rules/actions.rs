use delve_dnd2024::actions::*;

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
fn dd_act_03_bonus_action_rules() {
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
fn dd_act_05_test_extra_attack_move_between() {
    // Extra Attack, Speed 30: attack, move 15, attack, move 15 → legal.
    let mut t = Turn::start(30, false);
    t.take_action(ActionKind::Attack).unwrap();
    t.move_ft(15).unwrap();
    t.move_ft(15).unwrap();
    assert_eq!(t.movement_left(), 0);
}

#[test]
fn dd_act_06_test_dash() {
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
fn dd_act_09_help_preconditions() {
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
fn dd_act_10_c_hiding_ends() {
    for e in [
        HideBreaker::LoudSound,
        HideBreaker::Found,
        HideBreaker::AttackRoll,
        HideBreaker::VerbalSpell,
    ] {
        assert!(ends_hiding(e));
    }
}

#[test]
fn dd_act_13_d_ready_spell_one_action_only() {
    assert!(ready_spell(true).is_ok());
    assert!(ready_spell(false).is_err());
}

#[test]
fn dd_act_17_test_opportunity_attack() {
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
fn dd_act_14_search() {
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
    t.ready(true, ReadiedResponse::Action(ActionKind::Attack), false)
        .unwrap();
    assert!(t.action_used, "Ready is the turn's action");
    assert!(
        t.ready(true, ReadiedResponse::Move { feet: 5 }, false)
            .is_err()
    );
    // On another creature's turn the trigger comes: the response takes the Reaction.
    let r = t.trigger_readied(TriggerChoice::Respond).unwrap();
    assert_eq!(r, Some(ReadiedResponse::Action(ActionKind::Attack)));
    assert!(!t.reaction_available);
    // Already used: nothing left readied.
    assert!(t.trigger_readied(TriggerChoice::Respond).is_err());
    // With the Reaction already spent, a readied response cannot be taken.
    let mut t = Turn::start(30, false);
    t.ready(true, ReadiedResponse::Move { feet: 30 }, false)
        .unwrap();
    t.take_reaction().unwrap();
    assert!(t.trigger_readied(TriggerChoice::Respond).is_err());
    assert!(t.readied.is_some(), "a refusal changes nothing");
}

#[test]
fn dd_act_13_b_trigger_perceivable_response_action_or_move_up_to_speed() {
    let mut t = Turn::start(30, false);
    assert!(
        t.ready(false, ReadiedResponse::Action(ActionKind::Attack), false)
            .is_err(),
        "a trigger it cannot perceive"
    );
    assert!(
        t.ready(true, ReadiedResponse::Move { feet: 35 }, false)
            .is_err(),
        "more than its Speed"
    );
    assert!(
        t.ready(true, ReadiedResponse::Action(ActionKind::Ready), false)
            .is_err()
    );
    assert!(
        !t.action_used && t.readied.is_none(),
        "refusals spend nothing"
    );
    t.ready(true, ReadiedResponse::Move { feet: 30 }, false)
        .unwrap();
    assert_eq!(t.readied, Some(ReadiedResponse::Move { feet: 30 }));
}

#[test]
fn dd_act_13_c_ignore_or_respond_lapses_at_next_turn() {
    let mut t = Turn::start(30, false);
    t.ready(true, ReadiedResponse::Action(ActionKind::Dash), false)
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
    let mut t = Turn::start(30, false);
    assert!(t.ready(true, ReadiedResponse::Spell, false).is_err());
    t.ready(true, ReadiedResponse::Spell, true).unwrap();
    assert!(t.concentration_broken());
    assert!(t.trigger_readied(TriggerChoice::Respond).is_err());
    assert!(t.reaction_available);
    // A readied move is not held with Concentration.
    let mut t = Turn::start(30, false);
    t.ready(true, ReadiedResponse::Move { feet: 10 }, false)
        .unwrap();
    assert!(!t.concentration_broken());
    assert!(t.readied.is_some());
}
