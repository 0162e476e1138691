//! Spellcasting: CR-SPELL-01…15 (backlash rows: backlash.rs).

use crows::expertise::{Discipline, ExpertiseName};
use crows::spells::{
    ActiveSpell, Area, Candidate, CastEffect, CastingTime, Rank, Spell, SpellDuration, SpellError,
    Spellbook, TargetCount, TargetKind, TargetLine, cast, casting_minutes, needs_chaos_roll,
    validate_origin, validate_targets,
};
use crows::test_roll::{
    Characteristic, Outcome, TestRules, TestSpec, Tier, resolve_test, roll_test,
};

fn spell(rank: u8, duration: SpellDuration) -> Spell {
    Spell {
        name: "Firebolt".into(),
        rank: Rank::new(rank).unwrap(),
        discipline: Discipline::Elemental,
        casting_time: CastingTime::Action,
        target: Some(TargetLine {
            count: TargetCount::Number(1),
            kind: TargetKind::Creature,
        }),
        range: Some(10),
        area: None,
        duration,
    }
}

fn book(dice: u8) -> Spellbook {
    Spellbook::new(spell(3, SpellDuration::Instant), dice).unwrap()
}

fn out(tier: Tier, crit: bool, doom: bool) -> Outcome {
    Outcome {
        final_tier: tier,
        crit,
        doom,
    }
}

fn mind_test(faces: [u8; 2], mind: i8) -> Outcome {
    let t = resolve_test(
        &TestSpec::new(Characteristic::Mind, mind),
        faces,
        TestRules::standard(),
    )
    .unwrap();
    Outcome {
        final_tier: t.final_tier,
        crit: t.crit,
        doom: t.doom,
    }
}

#[test]
fn cr_spell_01_spellbook_in_hand_holds_one_spell() {
    let mut b = book(2);
    assert_eq!(b.spell.name, "Firebolt");
    assert_eq!(
        cast(
            &mut b,
            false,
            out(Tier::Three, false, false),
            false,
            None,
            &[4, 4]
        ),
        Err(SpellError::NotInHand)
    );
    assert!(
        cast(
            &mut b,
            true,
            out(Tier::Three, false, false),
            false,
            None,
            &[4, 4]
        )
        .is_ok()
    );
}

#[test]
// Covers CR-SPELL-02.
fn cr_spell_02_rank_0_to_5() {
    for r in 0..=5 {
        assert_eq!(Rank::new(r).unwrap().value(), r);
    }
    assert_eq!(Rank::new(6), Err(SpellError::BadRank(6)));
    assert!(serde_json::from_str::<Rank>("7").is_err());
}

#[test]
fn cr_spell_03_disciplines_name_their_expertise() {
    let pairs = [
        (Discipline::Alteration, ExpertiseName::Alteration),
        (Discipline::Benefaction, ExpertiseName::Benefaction),
        (Discipline::Conjuration, ExpertiseName::Conjuration),
        (Discipline::Elemental, ExpertiseName::Elemental),
        (Discipline::Illusion, ExpertiseName::Illusion),
        (Discipline::Necromancy, ExpertiseName::Necromancy),
    ];
    // The casting test's expertise is the one whose discipline is the spell's (the casting
    // path's eligibility reads `ExpertiseName::discipline`).
    for (d, e) in pairs {
        assert_eq!(e.discipline(), Some(d));
    }
}

#[test]
fn cr_spell_04_casting_times() {
    assert_eq!(
        casting_minutes(&CastingTime::OutOfCombat, true),
        Err(SpellError::OutOfCombatOnly)
    );
    assert_eq!(
        casting_minutes(&CastingTime::OutOfCombat, false),
        Ok(Some(10))
    );
    assert_eq!(casting_minutes(&CastingTime::Action, true), Ok(None));
    assert_eq!(casting_minutes(&CastingTime::Maneuver, true), Ok(None));
    assert_eq!(
        casting_minutes(
            &CastingTime::Reaction {
                trigger: "hit".into()
            },
            true
        ),
        Ok(None)
    );
}

fn cand(id: &str, creature: bool, caster: bool, friendly: bool, dist: u32) -> Candidate {
    Candidate {
        id: id.into(),
        is_creature: creature,
        is_caster: caster,
        attended_by_other: false,
        friendly,
        distance: dist,
        line_of_effect: true,
    }
}

#[test]
fn cr_spell_05_target_lines() {
    let me = cand("me", true, true, true, 0);
    let pal = cand("pal", true, false, true, 2);
    let orc = cand("orc", true, false, false, 3);
    let rock = cand("rock", false, false, false, 1);
    let mut held = cand("held", false, false, false, 1);
    held.attended_by_other = true;
    let line = |n, kind| TargetLine {
        count: TargetCount::Number(n),
        kind,
    };
    assert!(
        validate_targets(
            line(2, TargetKind::Allies),
            5,
            &[me.clone(), pal.clone()],
            &[],
            false
        )
        .is_ok()
    );
    assert!(
        validate_targets(
            line(1, TargetKind::Allies),
            5,
            std::slice::from_ref(&orc),
            &[],
            false
        )
        .is_err()
    );
    assert!(
        validate_targets(
            line(1, TargetKind::Enemy),
            5,
            std::slice::from_ref(&orc),
            &[],
            false
        )
        .is_ok()
    );
    assert!(
        validate_targets(
            line(1, TargetKind::Creature),
            5,
            std::slice::from_ref(&me),
            &[],
            false
        )
        .is_err()
    );
    assert!(
        validate_targets(
            line(1, TargetKind::Object),
            5,
            std::slice::from_ref(&rock),
            &[],
            false
        )
        .is_ok()
    );
    assert!(validate_targets(line(1, TargetKind::Object), 5, &[held.clone()], &[], false).is_err());
    assert!(
        validate_targets(
            line(2, TargetKind::Target),
            5,
            &[rock.clone(), orc.clone()],
            &[],
            false
        )
        .is_ok()
    );
    assert!(
        validate_targets(
            line(2, TargetKind::Target),
            5,
            &[orc.clone(), orc.clone()],
            &[],
            false
        )
        .is_err(),
        "no creature twice"
    );
    assert!(
        validate_targets(
            line(1, TargetKind::Target),
            5,
            &[rock.clone(), orc.clone()],
            &[],
            false
        )
        .is_err(),
        "too many"
    );
    assert!(
        validate_targets(
            line(3, TargetKind::Target),
            5,
            std::slice::from_ref(&orc),
            &[],
            false
        )
        .is_ok(),
        "fewer allowed"
    );
    let all = TargetLine {
        count: TargetCount::All,
        kind: TargetKind::Creature,
    };
    let eligible = [me.clone(), pal.clone(), orc.clone()];
    assert!(
        validate_targets(all, 5, std::slice::from_ref(&pal), &eligible, false).is_err(),
        "All excludes nobody"
    );
    assert!(validate_targets(all, 5, &[pal, orc], &eligible, false).is_ok());
}

#[test]
fn cr_spell_06_range_and_line_of_effect() {
    let l = TargetLine {
        count: TargetCount::Number(1),
        kind: TargetKind::Creature,
    };
    let far = cand("orc", true, false, false, 11);
    assert!(matches!(
        validate_targets(l, 10, &[far], &[], false),
        Err(SpellError::Range(_))
    ));
    let mut hidden = cand("orc", true, false, false, 4);
    hidden.line_of_effect = false;
    assert!(matches!(
        validate_targets(l, 10, &[hidden], &[], false),
        Err(SpellError::Range(_))
    ));
}

#[test]
fn cr_spell_07_origin_square_in_range_and_line_of_effect() {
    assert!(validate_origin(6, 6, true).is_ok());
    assert!(validate_origin(6, 7, true).is_err());
    assert!(validate_origin(6, 3, false).is_err());
}

#[test]
fn cr_spell_08_area_shapes() {
    assert!(Area::Aura(2).follows_caster());
    assert!(!Area::Cube(3).follows_caster());
    assert!(
        !Area::Line {
            length: 6,
            width: 1
        }
        .follows_caster()
    );
}

#[test]
// Covers CR-SPELL-10, CR-ERR-18.
fn cr_spell_10_durations_and_cr_err_18_separate_pools() {
    let mut dt = ActiveSpell::new("ann", &spell(1, SpellDuration::DungeonTurn));
    assert_eq!(dt.end_of_dungeon_turn(&[]), Ok(true));
    let s = spell(1, SpellDuration::UsageDice(2));
    let mut ud = ActiveSpell::new("ann", &s);
    assert_eq!(ud.end_of_dungeon_turn(&[3, 2]), Ok(false));
    assert_eq!(ud.end_of_dungeon_turn(&[1]), Ok(true));
    // The book's own pool is untouched by the spell's duration dice.
    let b = Spellbook::new(s, 3).unwrap();
    assert_eq!(b.usage.current, 3);
}

#[test]
fn cr_spell_11_book_usage_dice_crit_skips_empty_book_rest_restores() {
    let mut b = book(2);
    let r = cast(
        &mut b,
        true,
        out(Tier::Three, true, false),
        false,
        None,
        &[],
    )
    .unwrap();
    assert!(r.book_roll.is_none());
    assert_eq!(b.usage.current, 2, "crit: pool unchanged");
    assert_eq!(
        cast(
            &mut b,
            true,
            out(Tier::Three, true, false),
            false,
            None,
            &[1]
        ),
        Err(SpellError::CritSkipsUsageDice)
    );
    cast(
        &mut b,
        true,
        out(Tier::Two, false, false),
        false,
        None,
        &[1, 2],
    )
    .unwrap();
    assert_eq!(b.usage.current, 0);
    assert_eq!(
        cast(
            &mut b,
            true,
            out(Tier::Three, false, false),
            false,
            None,
            &[]
        ),
        Err(SpellError::EmptyBook)
    );
    b.on_rest_finished(false);
    assert_eq!(b.usage.current, 0, "only carried books restore");
    b.on_rest_finished(true);
    assert_eq!(b.usage.current, 2);
    assert_eq!(
        Spellbook::new(spell(0, SpellDuration::Instant), 0),
        Err(SpellError::NoUsageDice)
    );
}

#[test]
fn cr_spell_12_casting_is_a_mind_test() {
    let mut b = book(1);
    let r = cast(&mut b, true, mind_test([9, 8], 1), false, None, &[5]).unwrap();
    assert_eq!(r.effect, CastEffect::Spell { tier: Tier::Three });
    let mut b = book(1);
    let r = cast(&mut b, true, mind_test([6, 6], 1), false, None, &[5]).unwrap();
    assert_eq!(r.effect, CastEffect::Spell { tier: Tier::Two });
}

#[test]
fn cr_spell_14_doom_means_backlash_and_book_still_rolls() {
    let mut b = book(2);
    let doom = mind_test([1, 2], 5);
    assert!(doom.doom);
    assert!(!needs_chaos_roll(doom, false));
    let r = cast(&mut b, true, doom, false, None, &[1, 6]).unwrap();
    assert_eq!(r.effect, CastEffect::Backlash { rank: 3 });
    assert_eq!(
        b.usage.current, 1,
        "book UD rolled on a backlash (CR-SPELL-16)"
    );
}

#[test]
// Covers CR-SPELL-15.
fn cr_spell_15_chaos_roll_on_final_tier_1() {
    // natural 8 + Mind 1 = 9 → tier 1 → chaos roll.
    let o = mind_test([4, 4], 1);
    assert_eq!(o.final_tier, Tier::One);
    assert!(needs_chaos_roll(o, false));
    assert_eq!(
        cast(&mut book(1), true, o, false, None, &[4]),
        Err(SpellError::ChaosRollNeeded)
    );
    let r = cast(&mut book(1), true, o, false, Some(1), &[4]).unwrap();
    assert_eq!(r.effect, CastEffect::Backlash { rank: 3 });
    for f in 2..=6 {
        let r = cast(&mut book(1), true, o, false, Some(f), &[4]).unwrap();
        assert_eq!(r.effect, CastEffect::Spell { tier: Tier::One });
    }
    assert_eq!(
        cast(&mut book(1), true, o, false, Some(7), &[4]),
        Err(SpellError::BadChaosFace(7))
    );
    assert_eq!(
        cast(
            &mut book(1),
            true,
            out(Tier::Two, false, false),
            false,
            Some(3),
            &[4]
        ),
        Err(SpellError::NoChaosRoll)
    );
}

#[test]
// Covers CR-ERR-64.
fn cr_err_64_expertise_lifting_tier_1_avoids_chaos() {
    let rolled = roll_test(
        &TestSpec::new(Characteristic::Mind, 1),
        [4, 4],
        TestRules::standard(),
    )
    .unwrap();
    let t = rolled.commit(Some(ExpertiseName::Elemental)).unwrap();
    let o = Outcome {
        final_tier: t.final_tier,
        crit: t.crit,
        doom: t.doom,
    };
    assert_eq!(o.final_tier, Tier::Two);
    assert!(!needs_chaos_roll(o, false));
}

#[test]
// Covers CR-BL-50.
fn cr_bl_50_tier_penalty_makes_tier_1_a_doom() {
    assert!(!needs_chaos_roll(out(Tier::One, false, false), true));
    let r = cast(
        &mut book(1),
        true,
        out(Tier::One, false, false),
        true,
        None,
        &[4],
    )
    .unwrap();
    assert_eq!(r.effect, CastEffect::Backlash { rank: 3 });
    let r = cast(
        &mut book(1),
        true,
        out(Tier::Three, false, false),
        true,
        None,
        &[4],
    )
    .unwrap();
    assert_eq!(r.effect, CastEffect::Spell { tier: Tier::Two });
    assert!(needs_chaos_roll(out(Tier::Two, false, false), true));
}

#[test]
fn cr_spell_05_07_a_fight_aims_on_the_grid_and_elsewhere_by_measurement() {
    use crows::spells::may_aim;
    assert_eq!(may_aim(true, true, false), Err(SpellError::AimInFight));
    assert_eq!(may_aim(true, false, true), Ok(()));
    assert_eq!(may_aim(false, false, true), Err(SpellError::AtOutsideFight));
    assert_eq!(may_aim(false, true, false), Ok(()));
}

#[test]
fn cr_spell_01_09_only_spellbooks_cast_and_only_the_caster_ends_early() {
    use crows::spells::{may_end_spell, spellbook_of};
    assert_eq!(
        spellbook_of::<u8>("Lantern", None),
        Err(SpellError::NotASpellbook {
            item: "Lantern".into()
        })
    );
    assert_eq!(spellbook_of("Grimoire", Some(7)), Ok(7));
    assert!(may_end_spell("bob", "e1", false).is_err());
    assert_eq!(may_end_spell("vera", "e1", true), Ok(()));
}
