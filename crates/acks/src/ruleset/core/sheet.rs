//! The character sheet's figures (issue 20): the attack throw, the five saving throws, the
//! thief skills of a class that has them, and hit points with the nonlethal tally — each
//! worked out from the pure rules and the table's rows (the Judge's overrides in place), never
//! stored on the character.

use serde_json::{Value, json};

use super::packs::SearcherKind;
use crate::attack::{self, AttackProgression};
use crate::dungeon::{ThiefSkill, thief_skill};
use crate::ruleset::state::{AcksState, Creature};
use crate::saves::{SaveCategory, save_value};
use crate::tables::ability_modifier;

const THIEF_SKILLS: [ThiefSkill; 7] = [
    ThiefSkill::OpenLocks,
    ThiefSkill::FindRemoveTraps,
    ThiefSkill::PickPockets,
    ThiefSkill::MoveSilently,
    ThiefSkill::ClimbWalls,
    ThiefSkill::HideInShadows,
    ThiefSkill::HearNoise,
];

fn name_of<T: serde::Serialize + std::fmt::Debug>(x: T) -> String {
    match serde_json::to_value(&x) {
        Ok(Value::String(s)) => s,
        _ => format!("{x:?}"),
    }
}

/// The sheet of character `c`, or `Value::Null` while its class is not loaded or a table it
/// needs has no row for its level.
pub(super) fn sheet(state: &AcksState, c: &Creature) -> Value {
    let Some(ch) = c.character() else {
        return Value::Null;
    };
    // A 0-level character (AC-ZERO-01) has no class: the fighter rows' level 0.
    let Some((attack, saves)) = state.progressions(&c.id) else {
        return Value::Null;
    };
    let searcher = state
        .class_of(&c.id)
        .map_or(SearcherKind::Other, |k| k.searcher);
    let Ok(tables) = state.tables() else {
        return Value::Null;
    };
    let attack_progression: AttackProgression = attack.into();
    let save_progression: AttackProgression = saves.into();
    let Ok(throw) = attack::character_attack_throw(&tables, attack_progression, ch.level) else {
        return Value::Null;
    };
    let mut save_values = serde_json::Map::new();
    for category in SaveCategory::PRECEDENCE {
        match save_value(&tables, save_progression, ch.level, category) {
            Ok(v) => {
                save_values.insert(name_of(category), json!(v));
            }
            Err(_) => return Value::Null,
        }
    }
    // T-22 runs levels 1–14: a thief-skilled class outside them shows none.
    let thief_skills = (searcher == SearcherKind::Thief)
        .then(|| {
            THIEF_SKILLS
                .iter()
                .map(|s| thief_skill(&tables, ch.level, *s).map(|v| (name_of(*s), json!(v))))
                .collect::<Result<serde_json::Map<_, _>, _>>()
                .ok()
        })
        .flatten();
    let modifier = |score: i32| ability_modifier(&tables, score).unwrap_or(0);
    // AC-DUNGEON-13 and AC-WILD-08: what the attack throw and damage carry today.
    let fatigue = ch.rest.penalty();
    let missed_rest = crate::wilderness::missed_rest_penalty(state.wilderness.travel_days);
    json!({
        "attack_throw": throw,
        "attack_progression": name_of(attack),
        "zero_level": ch.zero_level(),
        "melee_modifier": modifier(ch.abilities.strength),
        "missile_modifier": modifier(ch.abilities.dexterity),
        "skipped_rest": fatigue,
        "missed_rest_days": missed_rest,
        "saves": save_values,
        "save_progression": name_of(saves),
        "thief_skills": thief_skills,
        "hp": c.hp,
        "max_hp": c.max_hp,
        "nonlethal": c.nonlethal.tally,
        // Hit points lost to lethal blows: the nonlethal tally is counted in the lost hp.
        "lethal_lost": (c.max_hp - c.hp).max(0).saturating_sub(i32::try_from(c.nonlethal.tally).unwrap_or(i32::MAX)).max(0),
    })
}
