//! CR-EXP and the expertise limits of CR-SPEC-02/03.

use crows::expertise::{
    self, Discipline, EXPERTISES, Eligibility, ExpertiseCategory, ExpertiseError, ExpertiseName,
    Expertises, RestPlace, WeaponCategory,
};
use crows::test_roll::{
    self, AttackRange, Characteristic, TestError, TestKind, TestRules, TestSpec, Tier,
};

fn rolled(kind: TestKind, faces: [u8; 2]) -> test_roll::RolledTest {
    test_roll::roll_test(
        &TestSpec::new(Characteristic::Mind, 0).with_kind(kind),
        faces,
        TestRules::standard(),
    )
    .unwrap()
}

#[test]
// Covers CR-EXP-01.
fn cr_exp_01_one_expertise_raises_one_tier_max_3() {
    let mut ex = Expertises::default();
    ex.learn(ExpertiseName::MagicLore, 2);
    let r = expertise::commit_with_expertise(
        rolled(TestKind::Ordinary, [5, 5]),
        &mut ex,
        ExpertiseName::MagicLore,
        true,
    )
    .unwrap();
    assert_eq!(r.rolled.base_tier, Tier::One);
    assert_eq!(r.final_tier, Tier::Two);
    assert_eq!(
        ex.uses_left(ExpertiseName::MagicLore),
        1,
        "one use per test"
    );
    // On tier 3 it changes nothing and is refused without spending a use.
    let e = expertise::commit_with_expertise(
        rolled(TestKind::Ordinary, [9, 9]),
        &mut ex,
        ExpertiseName::MagicLore,
        true,
    );
    assert_eq!(e, Err(TestError::ExpertiseChangesNothing));
    assert_eq!(ex.uses_left(ExpertiseName::MagicLore), 1);
    // The record holds exactly one expertise.
    assert_eq!(r.expertise, Some(ExpertiseName::MagicLore));
}

#[test]
fn cr_exp_02_uses_are_spent_and_run_out() {
    let mut ex = Expertises::default();
    ex.learn(ExpertiseName::PickLock, 1);
    assert_eq!(ex.spend(ExpertiseName::PickLock), Ok(()));
    assert_eq!(
        ex.spend(ExpertiseName::PickLock),
        Err(ExpertiseError::NoUsesLeft(ExpertiseName::PickLock))
    );
    assert_eq!(
        ex.spend(ExpertiseName::Stealth),
        Err(ExpertiseError::NotKnown(ExpertiseName::Stealth))
    );
    let e = expertise::commit_with_expertise(
        rolled(TestKind::Ordinary, [5, 5]),
        &mut ex,
        ExpertiseName::PickLock,
        true,
    );
    assert_eq!(
        e,
        Err(TestError::Expertise(ExpertiseError::NoUsesLeft(
            ExpertiseName::PickLock
        )))
    );
}

#[test]
fn cr_exp_03_rest_restores_all_uses_except_in_the_miasma() {
    let mut ex = Expertises::default();
    ex.learn(ExpertiseName::Search, 3);
    ex.learn(ExpertiseName::Bow, 1);
    ex.spend(ExpertiseName::Search).unwrap();
    ex.spend(ExpertiseName::Search).unwrap();
    ex.spend(ExpertiseName::Bow).unwrap();
    ex.finish_rest(RestPlace::InMiasma);
    assert_eq!(ex.uses_left(ExpertiseName::Search), 1);
    assert_eq!(ex.uses_left(ExpertiseName::Bow), 0);
    ex.finish_rest(RestPlace::Ordinary);
    assert_eq!(ex.uses_left(ExpertiseName::Search), 3);
    assert_eq!(ex.uses_left(ExpertiseName::Bow), 1);
}

#[test]
fn cr_exp_04_three_categories_with_their_limits() {
    let cats: Vec<_> = EXPERTISES.iter().map(|r| r.category).collect();
    assert_eq!(
        cats.iter()
            .filter(|c| **c == ExpertiseCategory::General)
            .count(),
        18
    );
    assert_eq!(
        cats.iter()
            .filter(|c| **c == ExpertiseCategory::Spellcasting)
            .count(),
        6
    );
    assert_eq!(
        cats.iter()
            .filter(|c| **c == ExpertiseCategory::Weapon)
            .count(),
        6
    );
    // Ordinary test: any expertise with the Referee's approval (general ones usually).
    assert_eq!(
        expertise::eligibility(&TestKind::Ordinary, ExpertiseName::Search),
        Eligibility::RefereeApproval
    );
    assert_eq!(
        expertise::eligibility(&TestKind::Ordinary, ExpertiseName::Illusion),
        Eligibility::RefereeApproval
    );
    let mut ex = Expertises::default();
    ex.learn(ExpertiseName::Illusion, 1);
    let refused = expertise::commit_with_expertise(
        rolled(TestKind::Ordinary, [5, 5]),
        &mut ex,
        ExpertiseName::Illusion,
        false,
    );
    assert_eq!(
        refused,
        Err(TestError::Expertise(ExpertiseError::RejectedByReferee(
            ExpertiseName::Illusion
        )))
    );
    assert_eq!(ex.uses_left(ExpertiseName::Illusion), 1);
}

#[test]
// Covers CR-EXP-05, CR-EXP-06, CR-EXP-07.
fn cr_exp_05_06_07_every_name_finds_its_own_row() {
    assert_eq!(EXPERTISES.len(), 30);
    for row in &EXPERTISES {
        assert_eq!(row.name.row(), row);
        assert_eq!(row.name.category(), row.category);
    }
}

#[test]
fn cr_exp_05_general_expertises_every_row() {
    let want = [
        (ExpertiseName::Alchemy, "Алхимия"),
        (ExpertiseName::Athletics, "Атлетика"),
        (ExpertiseName::Blacksmithing, "Кузнечное дело"),
        (ExpertiseName::Enchanting, "Зачарование"),
        (ExpertiseName::Endurance, "Стойкость"),
        (ExpertiseName::Gymnastics, "Гимнастика"),
        (ExpertiseName::HandlePet, "Обращение с питомцами"),
        (ExpertiseName::HistoricalLore, "Знание истории"),
        (ExpertiseName::Lift, "Подъём тяжестей"),
        (ExpertiseName::MagicLore, "Знание магии"),
        (ExpertiseName::MonsterLore, "Знание монстров"),
        (ExpertiseName::NatureLore, "Знание природы"),
        (ExpertiseName::Navigate, "Ориентирование"),
        (ExpertiseName::PickLock, "Взлом замков"),
        (ExpertiseName::ReligiousLore, "Знание религии"),
        (ExpertiseName::Search, "Поиск"),
        (ExpertiseName::Stealth, "Скрытность"),
        (ExpertiseName::Thievery, "Воровство"),
    ];
    for (i, (name, ru)) in want.iter().enumerate() {
        let row = &EXPERTISES[i];
        assert_eq!(row.name, *name);
        assert_eq!(row.russian, *ru);
        assert_eq!(row.category, ExpertiseCategory::General);
        assert_eq!(name.row(), row);
        assert!(!row.covers.is_empty());
    }
}

#[test]
fn cr_exp_06_spellcasting_expertises_every_row() {
    let want = [
        (
            ExpertiseName::Alteration,
            "Преобразование",
            Discipline::Alteration,
        ),
        (
            ExpertiseName::Benefaction,
            "Благодеяние",
            Discipline::Benefaction,
        ),
        (
            ExpertiseName::Conjuration,
            "Призыв",
            Discipline::Conjuration,
        ),
        (ExpertiseName::Elemental, "Стихии", Discipline::Elemental),
        (ExpertiseName::Illusion, "Иллюзии", Discipline::Illusion),
        (
            ExpertiseName::Necromancy,
            "Некромантия",
            Discipline::Necromancy,
        ),
    ];
    for (i, (name, ru, d)) in want.iter().enumerate() {
        let row = &EXPERTISES[18 + i];
        assert_eq!(
            (row.name, row.russian, row.category),
            (*name, *ru, ExpertiseCategory::Spellcasting)
        );
        assert_eq!(name.discipline(), Some(*d));
        let kind = TestKind::Casting {
            discipline: *d,
            attack: None,
        };
        assert_eq!(expertise::eligibility(&kind, *name), Eligibility::Allowed);
    }
}

#[test]
fn cr_exp_07_weapon_expertises_every_row() {
    let want = [
        (ExpertiseName::Bashing, "Дробящее", WeaponCategory::Bashing),
        (ExpertiseName::Bow, "Лук", WeaponCategory::Bow),
        (ExpertiseName::Chopping, "Рубящее", WeaponCategory::Chopping),
        (ExpertiseName::Slashing, "Режущее", WeaponCategory::Slashing),
        (ExpertiseName::Stabbing, "Колющее", WeaponCategory::Stabbing),
        (
            ExpertiseName::Unarmed,
            "Без оружия",
            WeaponCategory::Unarmed,
        ),
    ];
    for (i, (name, ru, w)) in want.iter().enumerate() {
        let row = &EXPERTISES[24 + i];
        assert_eq!(
            (row.name, row.russian, row.category),
            (*name, *ru, ExpertiseCategory::Weapon)
        );
        assert_eq!(name.weapon_category(), Some(*w));
        let kind = TestKind::Attack {
            range: AttackRange::Melee,
            weapon: Some(*w),
        };
        assert_eq!(expertise::eligibility(&kind, *name), Eligibility::Allowed);
    }
}

#[test]
fn cr_exp_08_overlapping_expertises_still_one_per_test() {
    let mut ex = Expertises::default();
    for n in [
        ExpertiseName::Blacksmithing,
        ExpertiseName::Enchanting,
        ExpertiseName::MagicLore,
    ] {
        ex.learn(n, 1);
    }
    let r = expertise::commit_with_expertise(
        rolled(TestKind::Ordinary, [6, 6]),
        &mut ex,
        ExpertiseName::Enchanting,
        true,
    )
    .unwrap();
    assert_eq!(r.final_tier, Tier::Three);
    assert_eq!(
        r.steps
            .iter()
            .filter(|s| matches!(s.cause, test_roll::ShiftCause::Expertise { .. }))
            .count(),
        1
    );
    assert_eq!(
        ex.uses_left(ExpertiseName::Blacksmithing) + ex.uses_left(ExpertiseName::MagicLore),
        2
    );
    // The resolved test has no second commit point: `commit` consumed the rolled test.
}

#[test]
fn cr_exp_09_player_names_it_referee_approves() {
    let mut ex = Expertises::default();
    ex.learn(ExpertiseName::Gymnastics, 2);
    let ok = expertise::commit_with_expertise(
        rolled(TestKind::Ordinary, [5, 5]),
        &mut ex,
        ExpertiseName::Gymnastics,
        true,
    );
    assert!(ok.is_ok());
    let no = expertise::commit_with_expertise(
        rolled(TestKind::Ordinary, [5, 5]),
        &mut ex,
        ExpertiseName::Gymnastics,
        false,
    );
    assert!(no.is_err());
    assert_eq!(ex.uses_left(ExpertiseName::Gymnastics), 1);
}

#[test]
fn cr_exp_10_there_is_no_climb_expertise() {
    assert!(EXPERTISES.iter().all(|r| !r.covers.is_empty()));
    let json =
        serde_json::to_string(&EXPERTISES.iter().map(|r| r.name).collect::<Vec<_>>()).unwrap();
    assert!(!json.contains("climb\""));
    assert!(serde_json::from_str::<ExpertiseName>("\"climb\"").is_err());
    assert!(ExpertiseName::Athletics.row().covers.contains("climbing"));
}

#[test]
fn cr_exp_11_an_expert_may_skip_the_test_without_spending_a_use() {
    let mut ex = Expertises::default();
    ex.learn(ExpertiseName::MonsterLore, 1);
    ex.spend(ExpertiseName::MonsterLore).unwrap();
    let w = ex.waive_test(ExpertiseName::MonsterLore).unwrap();
    assert_eq!(w.expertise, ExpertiseName::MonsterLore);
    assert_eq!(ex.uses_left(ExpertiseName::MonsterLore), 0);
    assert_eq!(
        ex.waive_test(ExpertiseName::NatureLore),
        Err(ExpertiseError::NotKnown(ExpertiseName::NatureLore))
    );
}

#[test]
fn cr_spec_02_attacks_take_only_weapon_and_spellcasting_expertises() {
    let kind = TestKind::Attack {
        range: AttackRange::Ranged,
        weapon: Some(WeaponCategory::Bow),
    };
    assert!(matches!(
        expertise::eligibility(&kind, ExpertiseName::Athletics),
        Eligibility::Forbidden {
            rule: "CR-SPEC-02",
            ..
        }
    ));
    assert_eq!(
        expertise::eligibility(&kind, ExpertiseName::Bow),
        Eligibility::Allowed
    );
    assert_eq!(
        expertise::eligibility(&kind, ExpertiseName::Stabbing),
        Eligibility::RefereeApproval
    );
    assert_eq!(
        expertise::eligibility(&kind, ExpertiseName::Elemental),
        Eligibility::RefereeApproval
    );
    let mut ex = Expertises::default();
    ex.learn(ExpertiseName::Athletics, 1);
    let e = expertise::commit_with_expertise(
        rolled(kind, [5, 5]),
        &mut ex,
        ExpertiseName::Athletics,
        true,
    );
    assert!(matches!(
        e,
        Err(TestError::ExpertiseNotApplicable {
            rule: "CR-SPEC-02",
            ..
        })
    ));
    assert_eq!(ex.uses_left(ExpertiseName::Athletics), 1);
}

#[test]
fn cr_spec_03_castings_take_only_spellcasting_expertises() {
    let kind = TestKind::Casting {
        discipline: Discipline::Necromancy,
        attack: Some(AttackRange::Ranged),
    };
    assert_eq!(
        expertise::eligibility(&kind, ExpertiseName::Necromancy),
        Eligibility::Allowed
    );
    assert_eq!(
        expertise::eligibility(&kind, ExpertiseName::Illusion),
        Eligibility::RefereeApproval
    );
    for n in [ExpertiseName::Bow, ExpertiseName::MagicLore] {
        assert!(matches!(
            expertise::eligibility(&kind, n),
            Eligibility::Forbidden {
                rule: "CR-SPEC-03",
                ..
            }
        ));
    }
    // A casting that is also an attack is still an attack for the modifiers (CR-ERR-60).
    assert_eq!(kind.attack_range(), Some(AttackRange::Ranged));
}
