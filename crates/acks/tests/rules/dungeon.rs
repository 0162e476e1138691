//! Dungeon adventures: time, movement, rest, light, doors, secret doors, listening, traps.
use delve_acks::dungeon::{self as dg, *};
use delve_acks::odds::Fraction;
use delve_acks::{AcksError, Tables};

fn f(n: i64, d: i64) -> Fraction {
    Fraction::new(n, d)
}

#[test]
fn ac_dungeon_01_default_pairs_and_narrow_single_file() {
    let party: Vec<(String, MarchRole)> = vec![
        ("a".into(), MarchRole::Fighter),
        ("b".into(), MarchRole::Thief),
        ("c".into(), MarchRole::Fighter),
    ];
    let o = dg::suggest_marching_order(&party, 2).unwrap();
    assert_eq!(
        o.ranks,
        vec![vec!["a".to_string(), "c".into()], vec!["b".into()]]
    );
    assert_eq!(
        dg::suggest_marching_order(&party, 1).unwrap().ranks.len(),
        3
    );
    assert!(dg::suggest_marching_order(&party, 0).is_err());
}

#[test]
fn ac_dungeon_03_advisory_order_fighters_thieves_mages_clerics() {
    let party: Vec<(String, MarchRole)> = vec![
        ("cleric".into(), MarchRole::DwarfOrCleric),
        ("mage".into(), MarchRole::ElfOrMage),
        ("thief".into(), MarchRole::Thief),
        ("fighter".into(), MarchRole::Fighter),
    ];
    let o = dg::suggest_marching_order(&party, 1).unwrap();
    let flat: Vec<String> = o.ranks.into_iter().flatten().collect();
    assert_eq!(flat, ["fighter", "thief", "mage", "cleric"]);
}

#[test]
fn ac_dungeon_05_mapping_passes_to_a_living_character() {
    let party = vec![("ann".to_string(), false), ("bo".to_string(), true)];
    assert_eq!(dg::next_mapper(&party, "ann"), Some("bo"));
    assert_eq!(dg::next_mapper(&party, "bo"), Some("bo"));
    assert_eq!(dg::next_mapper(&[("ann".to_string(), false)], "ann"), None);
}

#[test]
fn ac_dungeon_04_and_ac_dungeon_11_map_scales() {
    assert_eq!(dg::DUNGEON_MAP_FT_PER_SQUARE, 10);
    assert_eq!(dg::BATTLE_MAP_FT_PER_SQUARE, 5);
}

#[test]
fn ac_dungeon_06_turn_searches_one_area_or_explores_full_speed() {
    assert_eq!(dg::TURN_MINUTES, 10);
    assert_eq!(dg::feet_per_turn(TurnActivity::Explore, 120), 120);
    assert_eq!(dg::feet_per_turn(TurnActivity::Search, 120), 0);
}

#[test]
fn ac_dungeon_07_default_120() {
    assert_eq!(dg::DEFAULT_EXPLORATION_FT, 120);
}

#[test]
fn ac_dungeon_08_combat_movement_a_third() {
    assert_eq!(dg::combat_movement(120), 40);
    assert_eq!(dg::combat_movement(90), 30);
}

#[test]
fn ac_dungeon_09_rounds_and_turns() {
    assert_eq!(
        dg::ROUND_SECONDS * dg::ROUNDS_PER_TURN,
        dg::TURN_MINUTES * 60
    );
}

#[test]
fn ac_dungeon_10_running_full_exploration() {
    assert_eq!(dg::running_movement(120), 120);
}

#[test]
fn ac_dungeon_12_and_ac_dungeon_13_rest_one_turn_in_six_or_minus_1() {
    let mut c = RestClock::default();
    for _ in 0..5 {
        c.pass_turn(TurnActivity::Explore);
    }
    assert!(c.rest_due());
    assert_eq!(c.penalty(), 0);
    c.pass_turn(TurnActivity::Search);
    assert_eq!(c.penalty(), -1);
    c.pass_turn(TurnActivity::Rest);
    assert_eq!(c.penalty(), 0);
    assert!(!c.rest_due());
}

#[test]
fn ac_dungeon_14_light_30_bright_20_dim() {
    assert_eq!(dg::lighting_at(30), Lighting::Bright);
    assert_eq!(dg::lighting_at(50), Lighting::Dim);
    assert_eq!(dg::lighting_at(51), Lighting::Dark);
}

#[test]
fn ac_dungeon_15_torch_6_turns_lantern_24_per_flask() {
    let mut t = LightSource::lit(LightKind::Torch);
    assert!(t.burn(5));
    assert!(!t.burn(1));
    assert!(t.refill().is_err());
    let mut l = LightSource::lit(LightKind::Lantern);
    assert!(!l.burn(24));
    l.refill().unwrap();
    assert_eq!(l.turns_left, 24);
}

#[test]
fn ac_dungeon_17_infravision_only_in_darkness() {
    assert!(dg::infravision_sees(60, 50, false));
    assert!(!dg::infravision_sees(60, 50, true));
    assert!(!dg::infravision_sees(60, 70, false));
}

#[test]
fn ac_dungeon_19_door_states() {
    let s: Vec<DoorState> = serde_json::from_str(r#"["closed","locked","stuck","open"]"#).unwrap();
    assert_eq!(
        s,
        [
            DoorState::Closed,
            DoorState::Locked,
            DoorState::Stuck,
            DoorState::Open
        ]
    );
}

#[test]
fn ac_dungeon_20_locked_doors_key_picks_chop_bash() {
    assert_eq!(
        dg::unlock_turns(Unlock::OpenLocks, DoorMaterial::Metal).unwrap(),
        1
    );
    assert_eq!(
        dg::unlock_turns(Unlock::Chop, DoorMaterial::Wood).unwrap(),
        3
    );
    assert_eq!(
        dg::unlock_turns(Unlock::Bash, DoorMaterial::SimpleWood).unwrap(),
        1
    );
    assert!(dg::unlock_turns(Unlock::Bash, DoorMaterial::Wood).is_err());
    let e = dg::unlock_turns(Unlock::Chop, DoorMaterial::Stone).unwrap_err();
    assert!(e.to_string().contains("AC-DUNGEON-20"));
}

#[test]
fn ac_dungeon_21_stuck_door_18_plus_with_penalty() {
    assert_eq!(dg::force_door_throw(0, false, 0).unwrap(), 18);
    assert_eq!(dg::force_door_throw(0, false, 2).unwrap(), 20);
    assert_eq!(dg::force_door_odds(18), f(3, 20));
}

#[test]
fn ac_dungeon_22_and_ac_ex_16_str_18_opens_on_6() {
    assert_eq!(dg::force_door_throw(3, false, 0).unwrap(), 6);
    assert_eq!(dg::force_door_throw(-1, false, 0).unwrap(), 22);
    assert!(dg::force_door_throw(4, false, 0).is_err());
}

#[test]
fn ac_dungeon_23_two_characters_plus_4() {
    assert_eq!(dg::force_door_throw(1, true, 0).unwrap(), 10);
}

#[test]
fn ac_dungeon_24_natural_1_always_fails() {
    assert!(!dg::force_door(-2, 1).unwrap());
    assert!(dg::force_door(-2, 2).unwrap());
    assert_eq!(dg::force_door_odds(-2), f(19, 20));
}

#[test]
fn ac_dungeon_25_evil_doors() {
    assert!(dg::evil_door_slams(false));
    assert!(!dg::evil_door_slams(true));
    assert!(dg::evil_door_opens_for_monsters(false, false, false));
    assert!(!dg::evil_door_opens_for_monsters(true, false, false));
    assert!(!dg::evil_door_opens_for_monsters(false, false, true));
}

#[test]
fn ac_dungeon_26_secret_doors_18_elves_8_or_14() {
    assert_eq!(dg::secret_door_throw(Searcher::Other, true), Some(18));
    assert_eq!(dg::secret_door_throw(Searcher::Other, false), None);
    assert_eq!(dg::secret_door_throw(Searcher::Elf, true), Some(8));
    assert_eq!(dg::secret_door_throw(Searcher::Elf, false), Some(14));
    assert_eq!(dg::throw_odds(Some(8)), f(13, 20));
    assert_eq!(dg::throw_odds(None), f(0, 1));
}

#[test]
fn ac_dungeon_27_one_chance_per_character_per_door() {
    let mut log = SearchLog::default();
    log.record("ann", "d1").unwrap();
    log.record("bo", "d1").unwrap();
    log.record("ann", "d2").unwrap();
    let e = log.record("ann", "d1").unwrap_err();
    assert!(matches!(
        e,
        AcksError::OutOfRange {
            rule: "AC-DUNGEON-27",
            ..
        }
    ));
}

#[test]
fn ac_dungeon_28_listening_18_dwarves_elves_14_thieves_t22_silent_undead() {
    let t = Tables::acks_1e();
    assert_eq!(
        dg::listen_throw(&t, Searcher::Other, false).unwrap(),
        Some(18)
    );
    assert_eq!(
        dg::listen_throw(&t, Searcher::Dwarf, false).unwrap(),
        Some(14)
    );
    assert_eq!(
        dg::listen_throw(&t, Searcher::Thief(5), false).unwrap(),
        Some(10)
    );
    assert_eq!(dg::listen_throw(&t, Searcher::Elf, true).unwrap(), None);
    assert!(
        dg::listen_throw(&t, Searcher::Thief(15), false)
            .unwrap_err()
            .to_string()
            .contains("T-22")
    );
}

#[test]
fn ac_dungeon_29_trap_search_18_dwarves_14() {
    assert_eq!(dg::trap_search_throw(Searcher::Other), 18);
    assert_eq!(dg::trap_search_throw(Searcher::Dwarf), 14);
    let t = Tables::acks_1e();
    assert_eq!(
        dg::thief_skill(&t, 3, ThiefSkill::FindRemoveTraps).unwrap(),
        16
    );
    // A thief searching in secret throws the better of 18 and its own skill (T-22).
    use delve_acks::secrecy::{Hidden, SecretCheck, secret_roll};
    let throw = |who| {
        secret_roll(&t, SecretCheck::Traps, who, Hidden::Something, 10)
            .unwrap()
            .judge
            .throw
    };
    assert_eq!(throw(Searcher::Thief(3)), Some(16));
    assert_eq!(throw(Searcher::Thief(1)), Some(18));
    assert_eq!(throw(Searcher::Other), Some(18));
}

#[test]
fn ac_dungeon_30_trap_springs_on_1_or_2() {
    assert!(dg::trap_springs(2).unwrap());
    assert!(!dg::trap_springs(3).unwrap());
    assert!(dg::trap_springs(7).is_err());
}

#[test]
fn ac_dungeon_31_pit_1d6_per_10_ft() {
    assert_eq!(dg::falling_dice(30), 3);
    assert_eq!(dg::falling_dice(15), 1);
}

#[test]
fn ac_dungeon_20_open_locks_uses_t22() {
    let t = Tables::acks_1e();
    assert_eq!(dg::thief_skill(&t, 1, ThiefSkill::OpenLocks).unwrap(), 18);
    assert_eq!(
        dg::thief_skill(&t, 14, ThiefSkill::PickPockets).unwrap(),
        -5
    );
}

#[test]
fn ac_enc_01_wandering_schedule_is_the_judges() {
    let s = WanderingSchedule::new(2, 6, 1).unwrap();
    assert!(!s.due(0) && !s.due(1) && s.due(2) && !s.due(3) && s.due(4));
    assert!(s.monsters_come(1).unwrap());
    assert!(!s.monsters_come(2).unwrap());
    assert!(s.monsters_come(7).is_err());
    assert_eq!(s.odds(), f(1, 6));
    for (every, die, on) in [(0, 6, 1), (2, 1, 1), (2, 6, 0), (2, 6, 6), (200, 6, 1)] {
        assert!(WanderingSchedule::new(every, die, on).is_err());
    }
}
