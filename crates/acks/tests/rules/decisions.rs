//! Who decides (morale, surrender, heirs) and secret rolls: the rules that are about the
//! Judge and the players rather than dice.
use delve_acks::decisions::{
    AfterDeath, Conduct, Continuation, Controller, Decider, Question, Successor, SurrenderBy,
    conduct_decider, conduct_decision, continue_after_death, monsters_offer_surrender,
    morale_roll_allowed, surrender_decision,
};
use delve_acks::dungeon::{SearchLog, Searcher};
use delve_acks::experience;
use delve_acks::secrecy::{Hidden, PlayerView, SecretCheck, search_area, secret_roll};
use delve_acks::tables::MoraleResult;
use delve_acks::{AcksError, Tables};

fn rule_of(e: AcksError) -> &'static str {
    match e {
        AcksError::OutOfRange { rule, .. } => rule,
        other => panic!("expected a range refusal, got {other:?}"),
    }
}

#[test]
fn ac_morale_01_players_decide_for_characters_the_judge_for_monsters() {
    assert_eq!(
        conduct_decider(Controller::PlayerCharacter),
        Decider::Player
    );
    assert_eq!(conduct_decider(Controller::Monster), Decider::Judge);
    // Characters never roll morale.
    assert_eq!(
        rule_of(morale_roll_allowed(Controller::PlayerCharacter).unwrap_err()),
        "AC-MORALE-01"
    );
    assert!(morale_roll_allowed(Controller::Monster).is_ok());
    // A character's decision waits on its player, with no default from any roll.
    let pc = conduct_decision("Marcus", Controller::PlayerCharacter, None, true);
    assert_eq!((pc.decider, pc.suggestion), (Decider::Player, None));
    assert_eq!(
        rule_of(pc.answer(Decider::Judge, Conduct::Flee).unwrap_err()),
        "AC-MORALE-01"
    );
    assert_eq!(
        pc.answer(Decider::Player, Conduct::Fight).unwrap(),
        Conduct::Fight
    );
    // A monster's decision waits on the Judge; the morale result is only a suggestion.
    let orcs = conduct_decision(
        "orcs",
        Controller::Monster,
        Some(MoraleResult::Retreat),
        true,
    );
    assert_eq!(orcs.decider, Decider::Judge);
    assert_eq!(orcs.suggestion, Some(Conduct::Flee));
    assert_eq!(
        orcs.question,
        Question::Conduct {
            combatant: "orcs".into()
        }
    );
    assert!(orcs.answer(Decider::Player, Conduct::Fight).is_err());
    // The Judge may answer against the suggestion: it is offered, not imposed.
    assert_eq!(
        orcs.answer(Decider::Judge, Conduct::Fight).unwrap(),
        Conduct::Fight
    );
    let bold = conduct_decision(
        "orcs",
        Controller::Monster,
        Some(MoraleResult::FightOn),
        true,
    );
    assert_eq!(bold.suggestion, Some(Conduct::Fight));
}

#[test]
fn ac_morale_08_surrender_terms_belong_to_the_judge_treatment_to_the_players() {
    let pc = surrender_decision(SurrenderBy::Character, "Kreven");
    assert_eq!(pc.decider, Decider::Judge);
    assert_eq!(
        pc.question,
        Question::AcceptSurrender {
            character: "Kreven".into()
        }
    );
    assert_eq!(
        rule_of(pc.answer(Decider::Player, "accepted").unwrap_err()),
        "AC-MORALE-08"
    );
    assert_eq!(
        pc.answer(Decider::Judge, "ransom of 100 gp").unwrap(),
        "ransom of 100 gp"
    );
    let gob = surrender_decision(SurrenderBy::Monsters, "goblins");
    assert_eq!(gob.decider, Decider::Player);
    assert!(gob.answer(Decider::Judge, "spared").is_err());
    // Monsters offer surrender only when routed with nowhere to run.
    for r in MoraleResult::ALL {
        let routed = matches!(r, MoraleResult::Retreat | MoraleResult::FightingWithdrawal);
        assert_eq!(monsters_offer_surrender(r, false), routed, "{r:?}");
        assert!(!monsters_offer_surrender(r, true), "{r:?}");
    }
    let cornered = conduct_decision(
        "goblins",
        Controller::Monster,
        Some(MoraleResult::FightingWithdrawal),
        false,
    );
    assert_eq!(cornered.suggestion, Some(Conduct::Surrender));
}

#[test]
fn ac_heir_01_continue_with_a_henchman_a_backup_or_a_new_character_heirs_need_the_judge() {
    let reserve = experience::reserve_xp(3_400);
    // A henchman keeps its level; a backup its own level and experience.
    assert_eq!(
        continue_after_death(
            "Amargein",
            &Successor::Henchman {
                name: "Bran".into(),
                level: 4,
                heir: false
            },
            None,
            reserve
        )
        .unwrap(),
        AfterDeath::Ready(Continuation {
            level: Some(4),
            reserve_xp: 0,
            inherits: false
        })
    );
    assert_eq!(
        continue_after_death(
            "Amargein",
            &Successor::Backup { name: "Ys".into() },
            None,
            reserve
        )
        .unwrap(),
        AfterDeath::Ready(Continuation {
            level: None,
            reserve_xp: 0,
            inherits: false
        })
    );
    // A new character starts at 1st level with the reserve (AC-EX-15: 3,060 XP).
    assert_eq!(
        continue_after_death(
            "Amargein",
            &Successor::NewCharacter { heir: false },
            None,
            reserve
        )
        .unwrap(),
        AfterDeath::Ready(Continuation {
            level: Some(1),
            reserve_xp: 3_060,
            inherits: false
        })
    );
    // An heir waits on the Judge; only the Judge can answer.
    let heir = Successor::NewCharacter { heir: true };
    let AfterDeath::AwaitingJudge(pending) =
        continue_after_death("Amargein", &heir, None, reserve).unwrap()
    else {
        panic!("an heir needs the Judge's permission");
    };
    assert_eq!(pending.decider, Decider::Judge);
    assert_eq!(
        pending.question,
        Question::HeirPermission {
            dead: "Amargein".into()
        }
    );
    assert_eq!(
        rule_of(pending.answer(Decider::Player, true).unwrap_err()),
        "AC-HEIR-01"
    );
    let permitted = pending.answer(Decider::Judge, true).unwrap();
    assert_eq!(
        continue_after_death("Amargein", &heir, Some(permitted), reserve).unwrap(),
        AfterDeath::Ready(Continuation {
            level: Some(1),
            reserve_xp: 3_060,
            inherits: true
        })
    );
    assert_eq!(
        rule_of(continue_after_death("Amargein", &heir, Some(false), reserve).unwrap_err()),
        "AC-HEIR-01"
    );
    // A henchman named heir also needs the permission, and keeps its level.
    let h = Successor::Henchman {
        name: "Bran".into(),
        level: 3,
        heir: true,
    };
    assert!(matches!(
        continue_after_death("Amargein", &h, None, 0).unwrap(),
        AfterDeath::AwaitingJudge(_)
    ));
    assert_eq!(
        continue_after_death("Amargein", &h, Some(true), 0).unwrap(),
        AfterDeath::Ready(Continuation {
            level: Some(3),
            reserve_xp: 0,
            inherits: true
        })
    );
}

const SEARCHERS: [Searcher; 5] = [
    Searcher::Other,
    Searcher::Elf,
    Searcher::Dwarf,
    Searcher::Thief(1),
    Searcher::Thief(14),
];

const CHECKS: [SecretCheck; 4] = [
    SecretCheck::SecretDoor {
        actively_searching: true,
    },
    SecretCheck::SecretDoor {
        actively_searching: false,
    },
    SecretCheck::Listen,
    SecretCheck::Traps,
];

#[test]
fn ac_gen_04_a_failed_secret_roll_looks_exactly_like_nothing_there() {
    let t = Tables::acks_1e();
    for who in SEARCHERS {
        for check in CHECKS {
            for face in 1..=20 {
                let empty = secret_roll(&t, check, who, Hidden::Nothing, face).unwrap();
                let there = secret_roll(&t, check, who, Hidden::Something, face).unwrap();
                // Nothing there is never "found".
                assert_eq!(empty.player, PlayerView::NothingFound);
                // The Judge's part always has the truth and the same throw and face.
                assert_eq!(there.judge.hidden, Hidden::Something);
                assert_eq!(
                    (empty.judge.throw, empty.judge.throw_succeeded),
                    (there.judge.throw, there.judge.throw_succeeded)
                );
                if there.judge.throw_succeeded {
                    assert_eq!(there.player, PlayerView::Found);
                } else {
                    // Byte for byte the same for the player.
                    assert_eq!(there.player, empty.player);
                    assert_eq!(
                        serde_json::to_string(&there.player).unwrap(),
                        serde_json::to_string(&empty.player).unwrap()
                    );
                }
            }
        }
    }
    // The player's part carries no throw, face or truth.
    let r = secret_roll(&t, CHECKS[0], Searcher::Other, Hidden::Something, 3).unwrap();
    assert_eq!(
        serde_json::to_string(&r.player).unwrap(),
        "\"nothing_found\""
    );
    // Elves find a searched-for door on 8+, others on 18+.
    let elf = secret_roll(&t, CHECKS[0], Searcher::Elf, Hidden::Something, 8).unwrap();
    assert_eq!(elf.player, PlayerView::Found);
    // Refusals depend on the searcher and the face only.
    for hidden in [Hidden::Nothing, Hidden::Something] {
        assert_eq!(
            secret_roll(&t, SecretCheck::Listen, Searcher::Thief(15), hidden, 10)
                .unwrap_err()
                .to_string(),
            secret_roll(
                &t,
                SecretCheck::Listen,
                Searcher::Thief(15),
                Hidden::Nothing,
                10
            )
            .unwrap_err()
            .to_string()
        );
        assert_eq!(
            rule_of(secret_roll(&t, CHECKS[3], Searcher::Other, hidden, 21).unwrap_err()),
            "AC-GEN-04"
        );
    }
}

#[test]
fn ac_gen_04_a_second_search_is_refused_alike_with_or_without_a_door() {
    let t = Tables::acks_1e();
    let mut errors = Vec::new();
    for hidden in [Hidden::Nothing, Hidden::Something] {
        let mut log = SearchLog::default();
        search_area(
            &t,
            &mut log,
            "Kreven",
            "room 4 north wall",
            Searcher::Other,
            hidden,
            5,
        )
        .unwrap();
        let before = log.clone();
        let e = search_area(
            &t,
            &mut log,
            "Kreven",
            "room 4 north wall",
            Searcher::Other,
            hidden,
            19,
        )
        .unwrap_err();
        assert_eq!(log, before);
        errors.push(e.to_string());
        // Another character still has its own chance; a bad face records nothing.
        assert!(
            search_area(
                &t,
                &mut log,
                "Marcus",
                "room 4 north wall",
                Searcher::Other,
                hidden,
                0
            )
            .is_err()
        );
        assert!(
            search_area(
                &t,
                &mut log,
                "Marcus",
                "room 4 north wall",
                Searcher::Other,
                hidden,
                2
            )
            .is_ok()
        );
    }
    assert_eq!(errors[0], errors[1]);
    assert!(errors[0].contains("AC-DUNGEON-27"));
    assert!(!errors[0].contains("door"), "{}", errors[0]);
}
