//! Rules that lean on tables from other chapters (the Judge supplies them), encounters,
//! monsters sneaking past the party, restoring the wounded and the dead, and the recorded
//! marching order.
use delve_acks::dice_spec::DiceSpec;
use delve_acks::dungeon::{self, MarchRole, MarchingOrder, ThiefSkill, Token};
use delve_acks::encounters::{
    self, DungeonLevelRow, DungeonLevelTable, EncounterOrigin, EncounterStep, HiringRow,
    HiringTable, NumberAppearing, Place,
};
use delve_acks::odds::Fraction;
use delve_acks::surprise::{self, Watch, Watcher};
use delve_acks::tables::{Band, Frac, Reaction};
use delve_acks::wounds::{
    self, LastingHarm, Revival, RevivalOutcome, Tampering, TamperingRoll, WoundCure,
};
use delve_acks::{AcksError, TableId, Tables};

fn dice(s: &str) -> DiceSpec {
    s.parse().unwrap()
}

fn rule_of(e: AcksError) -> &'static str {
    match e {
        AcksError::OutOfRange { rule, .. } => rule,
        AcksError::JudgeTable { rule, .. } => rule,
        other => panic!("expected a refusal naming a rule, got {other:?}"),
    }
}

#[test]
fn ac_enc_01_planned_and_random_encounters_run_the_same_sequence() {
    for origin in [EncounterOrigin::Planned, EncounterOrigin::Random] {
        let e = encounters::begin_encounter(origin, "goblins", 6, false).unwrap();
        assert_eq!(
            (e.origin, e.number, e.step),
            (origin, 6, EncounterStep::Distance)
        );
        // The Judge already knows the distance: straight to surprise (AC-ENC-03).
        let known = encounters::begin_encounter(origin, "goblins", 6, true).unwrap();
        assert_eq!(known.step, EncounterStep::Surprise);
        assert_eq!(
            encounters::next_step(known.step, true, false),
            EncounterStep::Reaction
        );
        // No potential enemies, no encounter.
        assert_eq!(
            rule_of(encounters::begin_encounter(origin, "goblins", 0, false).unwrap_err()),
            "AC-ENC-01"
        );
        assert!(encounters::begin_encounter(origin, " ", 3, false).is_err());
    }
}

fn goblin_entry() -> NumberAppearing {
    // A pack's goblin entry (content written for this test, not a book's numbers).
    NumberAppearing {
        dungeon_wandering: dice("2d4"),
        dungeon_lair: None,
        wilderness_wandering: dice("1d6"),
        wilderness_lair: Some(dice("3d6")),
    }
}

#[test]
fn ac_enc_11_number_appearing_from_the_entry_scaled_by_the_judges_dungeon_level_table() {
    let entry = goblin_entry();
    let empty = DungeonLevelTable::default();
    // Wilderness numbers come straight from the entry, wandering or lair.
    assert_eq!(
        encounters::number_appearing(&entry, Place::Wilderness, false, 1, &empty, &[4]).unwrap(),
        4
    );
    assert_eq!(
        encounters::number_appearing(&entry, Place::Wilderness, true, 1, &empty, &[6, 6, 5])
            .unwrap(),
        17
    );
    // The dungeon needs the chapter-10 table, which ships empty: refused, naming it.
    let e = encounters::number_appearing(
        &entry,
        Place::Dungeon { level: 2 },
        false,
        1,
        &empty,
        &[3, 3],
    )
    .unwrap_err();
    assert_eq!(rule_of(e.clone()), "AC-ENC-11");
    assert!(e.to_string().contains("chapter 10"), "{e}");
    // With the Judge's rows (test values): half as many of a level-1 monster on level 2, twice
    // as many on level 1 → rounded down, at least 1.
    let judge = DungeonLevelTable {
        rows: vec![
            DungeonLevelRow {
                dungeon_level: 2,
                monster_level: 1,
                multiplier: Frac::new(1, 2),
            },
            DungeonLevelRow {
                dungeon_level: 1,
                monster_level: 1,
                multiplier: Frac::new(2, 1),
            },
        ],
    };
    let n = |level, faces: &[u32]| {
        encounters::number_appearing(&entry, Place::Dungeon { level }, false, 1, &judge, faces)
    };
    assert_eq!(n(2, &[3, 2]).unwrap(), 2);
    assert_eq!(n(2, &[1, 1]).unwrap(), 1);
    assert_eq!(n(1, &[4, 4]).unwrap(), 16);
    assert!(n(3, &[1, 1]).is_err());
    // Faces that do not fit the entry's dice, and a lair the entry lacks, are refused.
    assert_eq!(rule_of(n(2, &[5, 1]).unwrap_err()), "AC-ENC-11");
    assert!(
        encounters::number_appearing(&entry, Place::Dungeon { level: 2 }, true, 1, &judge, &[1])
            .is_err()
    );
}

fn judge_hiring() -> HiringTable {
    // Rows a Judge typed in for this test (the henchmen chapter's table is not shipped).
    let row = |total, result: &str, accepts| HiringRow {
        total,
        result: result.into(),
        accepts,
    };
    HiringTable {
        rows: vec![
            row(Band::up_to(5), "no", false),
            row(Band::range(6, 8), "maybe later", false),
            row(Band::from(9), "yes", true),
        ],
    }
}

#[test]
fn ac_react_04_friendly_monsters_are_recruited_on_the_judges_hiring_table() {
    let table = judge_hiring();
    let joins = encounters::recruit(&table, Reaction::Friendly, 0, (4, 5)).unwrap();
    assert_eq!(
        (joins.total, joins.result.as_str(), joins.joins),
        (9, "yes", true)
    );
    let no = encounters::recruit(&table, Reaction::Friendly, -1, (4, 5)).unwrap();
    assert!(!no.joins);
    // P(2d6 ≥ 9) = 10/36; +2 makes it P(2d6 ≥ 7) = 21/36.
    assert_eq!(
        encounters::recruit_odds(&table, Reaction::Friendly, 0).unwrap(),
        Fraction::new(10, 36)
    );
    assert_eq!(
        encounters::recruit_odds(&table, Reaction::Friendly, 2).unwrap(),
        Fraction::new(21, 36)
    );
    // Only friendly monsters; the empty shipped table is refused by name.
    for r in Reaction::ALL {
        if r != Reaction::Friendly {
            assert_eq!(
                rule_of(encounters::recruit(&table, r, 0, (6, 6)).unwrap_err()),
                "AC-REACT-04"
            );
        }
    }
    let e =
        encounters::recruit(&HiringTable::default(), Reaction::Friendly, 0, (3, 3)).unwrap_err();
    assert!(e.to_string().contains("Reaction to Hiring Offer"), "{e}");
    assert!(encounters::recruit_odds(&HiringTable::default(), Reaction::Friendly, 0).is_err());
    assert!(encounters::recruit(&table, Reaction::Friendly, 0, (0, 3)).is_err());
}

#[test]
fn ac_stealth_08_monsters_sneak_past_the_party_by_the_same_procedure_reversed() {
    let t = Tables::acks_1e();
    // Ordinary watchers: exactly the odds of characters sneaking past as many monsters.
    for watch in [Watch::Active, Watch::Passive, Watch::Distracted] {
        for n in 1..=4usize {
            for alertness in [false, true] {
                let w = Watcher {
                    alertness,
                    ..Watcher::ORDINARY
                };
                assert_eq!(
                    surprise::monsters_sneak_past_odds(&t, watch, &vec![w; n]).unwrap(),
                    surprise::sneak_past_odds(&t, watch, n as u32, alertness).unwrap(),
                    "{watch:?} {n} {alertness}"
                );
            }
        }
    }
    // One passive party die: Kreven's +1 means only a 1 surprises both (AC-EX-04).
    let marcus = Watcher::ORDINARY;
    let kreven = Watcher {
        surprise_modifier: 1,
        ..Watcher::ORDINARY
    };
    assert_eq!(
        surprise::monsters_sneak_past_odds(&t, Watch::Passive, &[marcus, kreven]).unwrap(),
        Fraction::new(1, 6)
    );
    // A thief's Hear Noise makes a distracted party harder to slip past.
    let thief = Watcher {
        hear_throw: dungeon::thief_skill(&t, 10, ThiefSkill::HearNoise).unwrap(),
        ..Watcher::ORDINARY
    };
    assert!(
        surprise::monsters_sneak_past_odds(&t, Watch::Distracted, &[thief]).unwrap()
            < surprise::monsters_sneak_past_odds(&t, Watch::Distracted, &[marcus]).unwrap()
    );
    // Resolved from faces: nobody hears → unnoticed; someone hears → the party's die decides.
    let party = [marcus, kreven];
    let go = |watch, hear: &[i32], d6| {
        surprise::resolve_monsters_sneak(&t, watch, &party, hear, d6).unwrap()
    };
    assert!(go(Watch::Distracted, &[5, 17], 6));
    assert!(go(Watch::Distracted, &[18, 2], 1));
    assert!(!go(Watch::Distracted, &[18, 2], 2));
    assert!(go(Watch::Passive, &[], 1));
    assert!(!go(Watch::Passive, &[], 2));
    assert!(!go(Watch::Active, &[], 1));
    assert!(surprise::resolve_monsters_sneak(&t, Watch::Distracted, &party, &[5], 1).is_err());
    assert!(surprise::monsters_sneak_past_odds(&t, Watch::Passive, &[]).is_err());
}

fn harm() -> LastingHarm {
    LastingHarm {
        permanent_wounds: vec!["lost two fingers".into(), "limp".into()],
        tampering_side_effects: vec!["hair turned white".into()],
    }
}

#[test]
fn ac_wound_06_magic_removes_permanent_wound_penalties_but_not_tampering_effects() {
    for cure in [
        WoundCure::RestoreLifeAndLimb,
        WoundCure::Regenerate,
        WoundCure::RingOfRegeneration,
        WoundCure::Similar("a Judge's healing relic".into()),
    ] {
        let mut h = harm();
        let removed = wounds::cure_lasting_harm(&mut h, &cure);
        assert_eq!(removed.permanent_wounds, ["lost two fingers", "limp"]);
        assert!(removed.tampering_side_effects.is_empty());
        assert!(h.permanent_wounds.is_empty());
        assert_eq!(h.tampering_side_effects, ["hair turned white"]);
    }
    // Only a wish removes the side effects of Tampering with Mortality.
    let mut h = harm();
    wounds::cure_lasting_harm(&mut h, &WoundCure::Wish);
    assert_eq!(h, LastingHarm::default());
}

#[test]
fn ac_wound_07_the_dead_return_by_magic_restore_life_and_limb_rolls_tampering() {
    let mut t = Tables::acks_1e();
    let facts = Tampering {
        caster_level: 10,
        ..Tampering::default()
    };
    let roll = TamperingRoll {
        facts,
        d20: 8,
        d6: 4,
    };
    let rll = Revival::RestoreLifeAndLimb;
    // Restore life and limb without its roll is refused.
    let mut h = harm();
    assert_eq!(
        rule_of(wounds::revive(&t, &mut h, &rll, false, false, None).unwrap_err()),
        "AC-WOUND-07"
    );
    // The shipped T-18 has no side effects: refused naming T-18, nothing changes.
    match wounds::revive(&t, &mut h, &rll, false, false, Some(roll)).unwrap_err() {
        AcksError::MissingTable { table, .. } => assert_eq!(table, TableId(18)),
        other => panic!("{other:?}"),
    }
    assert_eq!(h, harm());
    // The Judge enters the row the total (8 + 5 = 13) lands on.
    let i = t
        .t18_tampering
        .rows
        .iter()
        .position(|r| r.d20.contains(13))
        .unwrap();
    let mut row = t.t18_tampering.rows[i].clone();
    row.side_effects = std::array::from_fn(|k| Some(format!("effect {}", k + 1)));
    t.t18_tampering.replace_row(i, row).unwrap();
    let RevivalOutcome::Tampering(r) =
        wounds::revive(&t, &mut h, &rll, false, false, Some(roll)).unwrap()
    else {
        panic!("restore life and limb rolls Tampering");
    };
    assert_eq!(
        (r.total, r.restored, r.side_effect.as_str()),
        (13, true, "effect 4")
    );
    assert_eq!(h.tampering_side_effects, ["hair turned white", "effect 4"]);
    // Reincarnation and similar magic return the dead without the roll.
    for m in [
        Revival::Reincarnation,
        Revival::Similar("a god's favour".into()),
    ] {
        assert_eq!(
            wounds::revive(&t, &mut harm(), &m, false, false, None).unwrap(),
            RevivalOutcome::Returned
        );
        // Killed again during bed rest: only ritual magic (AC-HEAL-04).
        assert_eq!(
            rule_of(wounds::revive(&t, &mut harm(), &m, true, false, None).unwrap_err()),
            "AC-HEAL-04"
        );
        assert!(wounds::revive(&t, &mut harm(), &m, true, true, None).is_ok());
    }
}

#[test]
fn ac_dungeon_02_the_marching_order_is_recorded_and_shown_as_battle_map_tokens() {
    let party: Vec<(String, MarchRole)> = vec![
        ("Marcus".into(), MarchRole::Fighter),
        ("Ys".into(), MarchRole::ElfOrMage),
        ("Kreven".into(), MarchRole::Thief),
        ("Bran".into(), MarchRole::DwarfOrCleric),
        ("Tor".into(), MarchRole::Fighter),
    ];
    let mut order = dungeon::suggest_marching_order(&party, 2).unwrap();
    let tok = |name: &str, rank, file| Token {
        name: name.into(),
        rank,
        file,
    };
    assert_eq!(
        order.tokens(),
        [
            tok("Marcus", 0, 0),
            tok("Tor", 0, 1),
            tok("Kreven", 1, 0),
            tok("Ys", 1, 1),
            tok("Bran", 2, 0),
        ]
    );
    // Recorded: it survives the round trip through the log unchanged.
    let json = serde_json::to_string(&order).unwrap();
    assert_eq!(serde_json::from_str::<MarchingOrder>(&json).unwrap(), order);
    // A character who leaves is taken out and the ranks close up.
    order.remove("Kreven").unwrap();
    order.remove("Ys").unwrap();
    assert_eq!(order.position("Bran"), Some((1, 0)));
    assert_eq!(
        rule_of(order.remove("Kreven").unwrap_err()),
        "AC-DUNGEON-02"
    );
    // The players may set their own order; duplicates and empty ranks are refused.
    let own = MarchingOrder::new(vec![
        vec!["Tor".into()],
        vec!["Bran".into(), "Marcus".into()],
    ])
    .unwrap();
    assert_eq!(own.position("Marcus"), Some((1, 1)));
    assert!(MarchingOrder::new(vec![vec!["Tor".into()], vec!["Tor".into()]]).is_err());
    assert!(MarchingOrder::new(vec![vec![]]).is_err());
    assert!(MarchingOrder::new(vec![]).is_err());
}

#[test]
fn ac_stealth_02_to_07_characters_sneak_past_resolved_from_the_judges_faces() {
    let t = Tables::acks_1e();
    let rat = Watcher::ORDINARY;
    let alert = Watcher {
        alertness: true,
        ..Watcher::ORDINARY
    };
    let go = |watch, w: &[Watcher], hid, silent, hear: &[i32], d6| {
        surprise::resolve_sneak_past(&t, watch, w, hid, silent, hear, d6).unwrap()
    };
    // Actively watching: always seen (AC-STEALTH-02), even by a hidden thief.
    assert!(!go(Watch::Active, &[rat], false, false, &[], 1));
    // Passive: the monsters' surprise die; 1–2 lets the sneakers through (AC-STEALTH-03).
    assert!(go(Watch::Passive, &[rat], false, false, &[], 2));
    assert!(!go(Watch::Passive, &[rat], false, false, &[], 3));
    // Alertness: surprised only on 1 (AC-STEALTH-06).
    assert!(!go(Watch::Passive, &[alert], false, false, &[], 2));
    // Distracted: nobody hears (18+) → through; one hears → the die decides (AC-STEALTH-04);
    // Alertness hears on 14 (AC-STEALTH-06).
    assert!(go(
        Watch::Distracted,
        &[rat, rat],
        false,
        false,
        &[17, 3],
        6
    ));
    assert!(!go(
        Watch::Distracted,
        &[rat, rat],
        false,
        false,
        &[18, 3],
        6
    ));
    assert!(go(
        Watch::Distracted,
        &[rat, rat],
        false,
        false,
        &[18, 3],
        1
    ));
    assert!(!go(Watch::Distracted, &[alert], false, false, &[14], 3));
    // A thief in the shadows makes watchers distracted; moving silently too, unheard
    // (AC-STEALTH-07).
    assert!(go(Watch::Passive, &[rat], true, false, &[5], 6));
    assert!(go(Watch::Active, &[rat], true, true, &[20], 6));
    // The odds agree with the resolution over every face.
    let mut through = 0;
    for h in 1..=20 {
        for d in 1..=6 {
            through += i64::from(go(Watch::Distracted, &[rat], false, false, &[h], d));
        }
    }
    assert_eq!(
        Fraction::new(through, 120),
        surprise::sneak_past_odds(&t, Watch::Distracted, 1, false).unwrap()
    );
    // Faces that do not fit are refused.
    assert!(
        surprise::resolve_sneak_past(&t, Watch::Distracted, &[rat], false, false, &[], 1).is_err()
    );
}
