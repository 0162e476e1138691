//! Crafting: CR-CRAFT-01…14, CR-ERR-72…74.

use std::collections::BTreeMap;

use crows::crafting::{
    CraftError, Crafter, Project, Recipe, TOWN_HOURS, UsesReading, check_requirements,
    copies_available, crafting_roll, tools_for,
};
use crows::expertise::ExpertiseName as X;
use crows::test_roll::{Modifier, ModifierEffect, ModifierSource, SourceKind};

fn src(name: &str) -> ModifierSource {
    ModifierSource::new(SourceKind::Rule, name)
}
fn edge() -> Modifier {
    Modifier::edge(src("e"))
}
fn bane() -> Modifier {
    Modifier::bane(src("b"))
}

fn recipe() -> Recipe {
    Recipe {
        item: "healing potion".into(),
        expertise: X::Alchemy,
        uses_required: 2,
        materials: BTreeMap::from([("troll blood".to_string(), 1), ("herbs".to_string(), 2)]),
        goal: 10,
    }
}

fn crafter(max: u8, avail: u8, tools: bool) -> Crafter {
    Crafter {
        name: "ann".into(),
        expertises: BTreeMap::from([(X::Alchemy, (max, avail))]),
        tools: if tools {
            vec!["alchemist's tools".into()]
        } else {
            vec![]
        },
    }
}

fn mats(blood: u32, herbs: u32) -> BTreeMap<String, u32> {
    BTreeMap::from([
        ("troll blood".to_string(), blood),
        ("herbs".to_string(), herbs),
    ])
}

#[test]
fn cr_craft_01_town_crafting_takes_two_hours() {
    assert_eq!(TOWN_HOURS, 2);
}

#[test]
// Covers CR-CRAFT-02, CR-ERR-72.
fn cr_craft_02_requirements_and_cr_err_72_reading() {
    let r = recipe();
    assert!(
        check_requirements(
            &r,
            &crafter(2, 0, true),
            &mats(1, 2),
            UsesReading::MaximumUses
        )
        .is_ok()
    );
    assert!(matches!(
        check_requirements(
            &r,
            &crafter(2, 0, true),
            &mats(1, 2),
            UsesReading::AvailableUses
        ),
        Err(CraftError::Expertise { has: 0, .. })
    ));
    assert!(matches!(
        check_requirements(
            &r,
            &crafter(1, 1, true),
            &mats(1, 2),
            UsesReading::MaximumUses
        ),
        Err(CraftError::Expertise { .. })
    ));
    assert_eq!(
        check_requirements(
            &r,
            &crafter(3, 3, true),
            &mats(1, 1),
            UsesReading::MaximumUses
        ),
        Err(CraftError::Material("herbs".into()))
    );
    assert_eq!(
        check_requirements(
            &r,
            &crafter(3, 3, false),
            &mats(1, 2),
            UsesReading::MaximumUses
        ),
        Err(CraftError::Tools("alchemist's tools"))
    );
}

#[test]
fn cr_craft_03_tools_by_expertise() {
    assert_eq!(tools_for(X::Alchemy), Ok("alchemist's tools"));
    assert_eq!(tools_for(X::Blacksmithing), Ok("blacksmith's tools"));
    assert_eq!(tools_for(X::Enchanting), Ok("enchanter's tools"));
    assert_eq!(
        tools_for(X::Stealth),
        Err(CraftError::NotCrafting(X::Stealth))
    );
}

#[test]
fn cr_craft_04_monster_parts_are_materials() {
    assert_eq!(copies_available(&recipe(), &mats(3, 10)), 3);
    assert_eq!(copies_available(&recipe(), &mats(0, 10)), 0);
}

#[test]
// Covers CR-CRAFT-05.
fn cr_craft_05_goal_at_least_1() {
    let mut r = recipe();
    r.goal = 0;
    assert_eq!(Project::new(r), Err(CraftError::ZeroGoal));
}

#[test]
// Covers CR-CRAFT-06, CR-CRAFT-07.
fn cr_craft_06_07_roll_is_total_and_points_persist() {
    let roll = crafting_roll([5, 6], 1, &[], &[], false, true).unwrap();
    assert_eq!((roll.total, roll.points), (12, 12));
    let mut r = recipe();
    r.goal = 30;
    let mut p = Project::new(r).unwrap();
    let mut m = mats(1, 2);
    p.add("ann", roll.points, &mut m);
    // A later rest: the project is kept (serialised between rests) and keeps counting.
    let mut p: Project = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
    let pr = p.add("ann", 12, &mut m);
    assert_eq!((pr.points_now, pr.finished_now), (24, 0));
}

#[test]
// Covers CR-CRAFT-08.
fn cr_craft_08_minimum_1_unless_doom() {
    let r = crafting_roll([2, 2], -2, &[bane()], &[], false, true).unwrap();
    assert_eq!((r.total, r.points), (0, 1));
    let r = crafting_roll([1, 2], 5, &[], &[], false, true).unwrap();
    assert!(r.doom);
    assert_eq!(r.points, 0);
}

#[test]
// Covers CR-CRAFT-09, CR-ERR-74.
fn cr_craft_09_crit_rolls_again_and_cr_err_74_chains() {
    let r = crafting_roll([10, 9], 0, &[], &[], false, true).unwrap();
    assert!(r.crit && r.another_roll);
    let again = crafting_roll([10, 10], 0, &[], &[], true, true).unwrap();
    assert!(again.another_roll);
    let strict = crafting_roll([10, 10], 0, &[], &[], true, false).unwrap();
    assert!(!strict.another_roll);
    assert!(
        !crafting_roll([5, 5], 0, &[], &[], false, true)
            .unwrap()
            .another_roll
    );
}

#[test]
// Covers CR-CRAFT-10.
fn cr_craft_10_double_edge_and_expertise_plus_4() {
    let r = crafting_roll([5, 5], 2, &[edge(), edge()], &[X::Alchemy], false, true).unwrap();
    assert_eq!(r.points, 20);
    let two = crafting_roll([5, 5], 0, &[], &[X::Alchemy, X::MagicLore], false, true).unwrap();
    assert_eq!(two.points, 18);
    assert_eq!(two.expertises.len(), 2, "one use each (CR-ERR-73)");
    assert_eq!(
        crafting_roll(
            [5, 5],
            0,
            &[],
            &[X::Alchemy, X::MagicLore, X::Enchanting],
            false,
            true
        ),
        Err(CraftError::TooManyExpertises(3))
    );
    assert_eq!(
        crafting_roll([5, 5], 0, &[], &[X::Alchemy, X::Alchemy], false, true),
        Err(CraftError::DuplicateExpertise(X::Alchemy))
    );
    assert_eq!(
        crafting_roll([5, 5], 0, &[bane(), bane()], &[], false, true)
            .unwrap()
            .total,
        6
    );
    assert_eq!(
        crafting_roll([5, 5], 0, &[edge()], &[], false, true)
            .unwrap()
            .total,
        12
    );
    assert_eq!(
        crafting_roll([5, 5], 0, &[bane()], &[], false, true)
            .unwrap()
            .total,
        8
    );
}

#[test]
fn cr_craft_11_finish_consumes_materials() {
    let mut p = Project::new(recipe()).unwrap();
    let mut m = mats(1, 2);
    let pr = p.add("ann", 10, &mut m);
    assert_eq!(pr.finished_now, 1);
    assert_eq!(m, mats(0, 0));
}

#[test]
fn cr_craft_12_overflow_into_more_copies() {
    let mut p = Project::new(recipe()).unwrap();
    let mut m = mats(3, 6);
    let pr = p.add("ann", 27, &mut m);
    assert_eq!((pr.finished_now, pr.points_now, pr.wasted), (2, 7, 0));
    assert_eq!(m, mats(1, 2));
    let mut p = Project::new(recipe()).unwrap();
    let mut m = mats(1, 2);
    let pr = p.add("ann", 27, &mut m);
    assert_eq!(
        (pr.finished_now, pr.wasted),
        (1, 17),
        "no materials: surplus unused"
    );
}

#[test]
fn cr_craft_13_several_crafters_one_item() {
    let helper = Crafter {
        name: "bob".into(),
        ..crafter(2, 2, true)
    };
    assert!(
        helper
            .check_skill(&recipe(), UsesReading::MaximumUses)
            .is_ok()
    );
    assert!(
        crafter(2, 2, false)
            .check_skill(&recipe(), UsesReading::MaximumUses)
            .is_err()
    );
    let mut p = Project::new(recipe()).unwrap();
    let mut m = mats(1, 2);
    p.add("ann", 6, &mut m);
    let pr = p.add("bob", 5, &mut m);
    assert_eq!(pr.finished_now, 1);
    assert_eq!(p.crafters, vec!["ann".to_string(), "bob".to_string()]);
}

#[test]
fn cr_craft_14_bonuses_from_elsewhere_add() {
    let camp = Modifier::new(src("make camp"), ModifierEffect::Bonus(4));
    let tools = Modifier::bonus(
        ModifierSource::new(SourceKind::Item, "masterwork blacksmith's tools"),
        2,
    );
    let prep = Modifier::bonus(
        ModifierSource::new(SourceKind::RestActivity, "prepare for task"),
        2,
    );
    assert_eq!(
        crafting_roll([5, 5], 0, &[camp, tools, prep], &[], false, true)
            .unwrap()
            .total,
        18
    );
}

#[test]
fn cr_craft_01_crafting_happens_at_a_rest_or_in_town_by_the_referees_word() {
    use crows::crafting::{Workplace, workplace};
    assert_eq!(workplace(true, true, false), Ok(Workplace::Town));
    assert_eq!(
        workplace(true, false, true),
        Err(CraftError::TownIsReferees)
    );
    assert_eq!(workplace(false, false, true), Ok(Workplace::Rest));
    assert_eq!(workplace(false, true, false), Err(CraftError::NotResting));
}

#[test]
fn cr_id_01_an_npc_reveals_only_properties_the_item_has() {
    use crows::identification::{IdentifyError, described, may_reveal};
    use crows::inventory::ItemId;
    let hidden = vec!["glows".to_string(), "hums".to_string()];
    assert_eq!(may_reveal(ItemId(4), &hidden, &["hums".into()]), Ok(()));
    assert_eq!(
        may_reveal(ItemId(4), &hidden, &["sings".into()]),
        Err(IdentifyError::UnknownProperty {
            property: "sings".into(),
            item: 4
        })
    );
    assert_eq!(
        described::<u8>(ItemId(9), None),
        Err(IdentifyError::NotDescribed { item: 9 })
    );
}
