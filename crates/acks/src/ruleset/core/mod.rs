//! Core: content packs, characters and monsters, revealing monsters, and the Judge's table
//! rows.
//!
//! Commands (JSON inside `{"rules": …}`):
//!
//! - `{"load_pack": {"files": [{"name": "sample.json", "text": "{}"}]}}` — the Judge's (each
//!   file's JSON as a string); validated with the packs loaded before; a bad pack is refused whole, its problems as
//!   issues naming file, line and field ([`packs`]).
//! - `{"add_character": {"id": "brena", "name": "Brena", "class": "sellsword", "level": 2,
//!   "abilities": {"strength": 16, "intelligence": 9, "wisdom": 10, "dexterity": 12,
//!   "constitution": 13, "charisma": 11}, "hp": 12, "player": "ann"}}` — the Judge's; the
//!   character is bound to the player (optional `surprise_modifier`, `speed_ft`,
//!   `armour_class`, `proficiencies`). A 0-level character has `"level": 0` and no `class`
//!   (AC-ZERO-01): it attacks and saves on the fighter rows' level 0 and becomes a 1st-level
//!   fighter at 100 adventuring XP (`experience`).
//! - `{"add_monster": {"id": "rat1", "card": "gloom_rat"}}` — the Judge's; hidden from players
//!   until revealed; hit points rolled from the card's Hit Dice where `hp` is not given (the
//!   roll the Judge's alone).
//! - `{"reveal": {"creature": "rat1"}}` — the Judge shows a monster to the players.
//! - `{"override_row": {"table": "t09_surprise", "index": 0, "row": {"total": "..=3",
//!   "surprised": true}}}` — the Judge replaces a table row for this campaign
//!   (AC-GEN-02/03): recorded with the old and new row; every later roll reads the new one.

pub mod events;
pub mod limits;
pub mod packs;
mod sheet;

use std::collections::BTreeMap;

use engine::{Acting, Ctx, RuleError, TableState, Viewer, Visibility};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::{Acks, acks_err, no_creature, refuse};
use super::state::{
    Abilities, AcksState, Character, Creature, CreatureKind, Monster, PackSource, RowOverride,
};
use events::CoreEvent;
use limits::{
    MAX_CREATURES, MAX_HP, MAX_ID, MAX_NAME, MAX_OVERRIDES, MAX_PACK_BYTES, MAX_PROFICIENCIES,
};
use packs::{ClassCard, MonsterCard, PackFile};

/// Core commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksCoreCommand")]
pub enum CoreCommand {
    LoadPack {
        files: Vec<PackSource>,
    },
    AddCharacter {
        id: String,
        name: String,
        /// The class card's id; none for a 0-level character (AC-ZERO-01).
        #[serde(default)]
        class: String,
        level: u32,
        abilities: Abilities,
        hp: i32,
        /// General proficiencies (AC-ZERO-03), at most `MAX_PROFICIENCIES`.
        #[serde(default)]
        proficiencies: Vec<String>,
        #[serde(default)]
        player: Option<String>,
        #[serde(default)]
        surprise_modifier: i32,
        #[serde(default)]
        speed_ft: Option<u32>,
        /// Armour class from armour and shield (AC-ATK-03); 0 unarmoured.
        #[serde(default)]
        armour_class: i32,
    },
    AddMonster {
        id: String,
        card: String,
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        hp: Option<i32>,
    },
    Reveal {
        creature: String,
    },
    OverrideRow {
        table: String,
        index: usize,
        row: Value,
    },
}

pub(super) fn acting(_state: &TableState<AcksState>, _command: &CoreCommand) -> Acting {
    Acting::RefereeOnly
}

fn check_new_id(state: &AcksState, id: &str, name: &str) -> Result<(), RuleError> {
    if id.trim().is_empty() || id.chars().count() > MAX_ID || name.chars().count() > MAX_NAME {
        return Err(refuse(
            "bad_id",
            "MAX_ID",
            format!("an id is 1–{MAX_ID} characters and a name at most {MAX_NAME}"),
        ));
    }
    if state.creatures.contains_key(id) {
        return Err(refuse(
            "duplicate_creature",
            "creatures",
            format!("a creature `{id}` is already at the table"),
        ));
    }
    if state.creatures.len() >= MAX_CREATURES {
        return Err(refuse(
            "too_many_creatures",
            "MAX_CREATURES",
            format!("at most {MAX_CREATURES} creatures per table"),
        ));
    }
    Ok(())
}

fn check_hp(hp: i32) -> Result<(), RuleError> {
    if !(1..=MAX_HP).contains(&hp) {
        return Err(refuse(
            "bad_hp",
            "MAX_HP",
            format!("hit points run 1–{MAX_HP}, got {hp}"),
        ));
    }
    Ok(())
}

/// A list of general proficiencies: at most `MAX_PROFICIENCIES`, each named once in
/// 1–`MAX_NAME` characters.
pub(super) fn check_proficiencies(list: &[String]) -> Result<(), RuleError> {
    let distinct: std::collections::BTreeSet<&String> = list.iter().collect();
    if list.len() > MAX_PROFICIENCIES
        || distinct.len() != list.len()
        || list
            .iter()
            .any(|p| p.trim().is_empty() || p.chars().count() > MAX_NAME)
    {
        return Err(refuse(
            "bad_proficiencies",
            "MAX_PROFICIENCIES",
            format!(
                "at most {MAX_PROFICIENCIES} proficiencies, each named once in 1–{MAX_NAME} characters"
            ),
        ));
    }
    Ok(())
}

pub(super) fn decide(command: &CoreCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    match command {
        CoreCommand::LoadPack { files } => load_pack(ctx, files),
        CoreCommand::AddCharacter {
            id,
            name,
            class,
            level,
            abilities,
            hp,
            proficiencies,
            player,
            surprise_modifier,
            speed_ft,
            armour_class,
        } => {
            let state = ctx.rules();
            check_new_id(state, id, name)?;
            if *level == 0 {
                // AC-ZERO-01/04: a 0-level character has no class until it becomes a fighter.
                if !class.is_empty() {
                    return Err(refuse(
                        "zero_level_class",
                        "AC-ZERO-04",
                        "a 0-level character has no class: leave the class empty",
                    ));
                }
            } else {
                let card = state.content.classes.get(class).ok_or_else(|| {
                    refuse(
                        "unknown_class",
                        "packs",
                        format!("no class `{class}` in the loaded packs"),
                    )
                })?;
                if !(1..=card.max_level).contains(level) {
                    return Err(refuse(
                        "bad_level",
                        "T-13",
                        format!(
                            "{} levels run 1–{} (0 for a character without a class), got {level}",
                            card.name, card.max_level
                        ),
                    ));
                }
            }
            check_proficiencies(proficiencies)?;
            if abilities.all().iter().any(|s| !(3..=18).contains(s)) {
                return Err(refuse("bad_ability", "T-25", "ability scores run 3–18"));
            }
            check_hp(*hp)?;
            if !crate::attack::AC_RANGE.contains(armour_class) {
                return Err(refuse(
                    "bad_armour_class",
                    "AC-ATK-03",
                    format!(
                        "armour class runs {}…{}",
                        crate::attack::AC_RANGE.start(),
                        crate::attack::AC_RANGE.end()
                    ),
                ));
            }
            if surprise_modifier.abs() > crate::surprise::MAX_MODIFIER {
                return Err(refuse(
                    "bad_modifier",
                    "AC-SURP-02",
                    format!(
                        "a surprise modifier is within ±{}",
                        crate::surprise::MAX_MODIFIER
                    ),
                ));
            }
            let speed = speed_ft.unwrap_or(crate::dungeon::DEFAULT_EXPLORATION_FT);
            if !(1..=1000).contains(&speed) {
                return Err(refuse(
                    "bad_speed",
                    "AC-DUNGEON-07",
                    "speed runs 1–1000 ft per turn",
                ));
            }
            if let Some(p) = player
                && !ctx.core().participants.players.contains_key(p)
            {
                return Err(refuse(
                    "unknown_player",
                    "participants",
                    format!("no player `{p}` is seated"),
                ));
            }
            // A character of a class has its card's powers (none at 0 level, no class yet).
            let powers = ctx
                .rules()
                .content
                .classes
                .get(class)
                .map(|c| c.powers.clone())
                .unwrap_or_default();
            let creature = Creature {
                id: id.clone(),
                name: name.clone(),
                hp: *hp,
                max_hp: *hp,
                kind: CreatureKind::Character(Character {
                    class: class.clone(),
                    level: *level,
                    abilities: *abilities,
                    rest: Default::default(),
                    light: None,
                    surprise_modifier: *surprise_modifier,
                    speed_ft: speed,
                    wounds: Vec::new(),
                    bed_rest_days: 0,
                    armour_class: *armour_class,
                    side_effects: Vec::new(),
                    proficiencies: proficiencies.clone(),
                    from_zero_level: None,
                    old_proficiencies: Vec::new(),
                    powers,
                    class_proficiency_due: false,
                }),
                nonlethal: Default::default(),
                slain: false,
            };
            ctx.emit(CoreEvent::CharacterAdded { creature })?;
            if let Some(p) = player {
                ctx.bind_character(p, id)?;
            }
            Ok(())
        }
        CoreCommand::AddMonster { id, card, name, hp } => {
            let state = ctx.rules();
            let name = name.clone().unwrap_or_else(|| id.clone());
            check_new_id(state, id, &name)?;
            let c = state.content.monsters.get(card).cloned().ok_or_else(|| {
                refuse(
                    "unknown_card",
                    "packs",
                    format!("no monster `{card}` in the loaded packs"),
                )
            })?;
            let hp = match hp {
                Some(hp) => *hp,
                None => {
                    let dice = c.hp_dice().map_err(|e| acks_err("bad_card", e))?;
                    let r = ctx.roll(&format!("hit points of {id}"), &dice, Visibility::Referee)?;
                    i32::try_from(r.total).unwrap_or(1).max(1)
                }
            };
            check_hp(hp)?;
            ctx.emit_for(
                CoreEvent::MonsterAdded {
                    creature: Creature {
                        id: id.clone(),
                        name,
                        hp,
                        max_hp: hp,
                        kind: CreatureKind::Monster(Monster {
                            card: card.clone(),
                            revealed: false,
                        }),
                        nonlethal: Default::default(),
                        slain: false,
                    },
                },
                Visibility::Referee,
            )
        }
        CoreCommand::Reveal { creature } => {
            let state = ctx.rules();
            let c = state
                .creatures
                .get(creature)
                .ok_or_else(|| no_creature(creature))?;
            let Some(m) = c.monster() else {
                return Err(refuse(
                    "not_a_monster",
                    "reveal",
                    format!("`{creature}` is a character; characters are always seen"),
                ));
            };
            if m.revealed {
                return Err(refuse(
                    "already_revealed",
                    "reveal",
                    format!("`{creature}` is already revealed"),
                ));
            }
            let kind = state
                .content
                .monsters
                .get(&m.card)
                .map_or_else(|| m.card.clone(), |c| c.name.clone());
            let name = c.name.clone();
            ctx.emit(CoreEvent::Revealed {
                creature: creature.clone(),
                name,
                kind,
            })
        }
        CoreCommand::OverrideRow { table, index, row } => {
            if ctx.rules().table_overrides.len() >= MAX_OVERRIDES {
                return Err(refuse(
                    "too_many_overrides",
                    "MAX_OVERRIDES",
                    format!("at most {MAX_OVERRIDES} row overrides per table"),
                ));
            }
            let mut tables = ctx.rules().tables()?;
            let done = tables
                .replace_row_json(table, *index, row.clone())
                .map_err(|e| acks_err("bad_row", e))?;
            ctx.emit_for(
                CoreEvent::RowOverridden {
                    table: done.table,
                    index: done.index,
                    old: done.old,
                    new: done.new,
                },
                Visibility::Referee,
            )
        }
    }
}

/// `load_pack`: the new files parsed and validated with those loaded before (ids unique
/// across all of them).
fn load_pack(ctx: &mut Ctx<'_, Acks>, files: &[PackSource]) -> Result<(), RuleError> {
    let content = &ctx.rules().content;
    if files.is_empty() || content.sources.len() + files.len() > packs::MAX_PACK_FILES {
        return Err(refuse(
            "bad_pack_count",
            "MAX_PACK_FILES",
            format!("1…{} pack files per table", packs::MAX_PACK_FILES),
        ));
    }
    let mut issues = Vec::new();
    let mut monsters: Vec<MonsterCard> = Vec::new();
    let mut classes: Vec<ClassCard> = Vec::new();
    let issue =
        |file: &str, (line, column): (usize, usize), field: &str, message: String| engine::Issue {
            file: file.to_string(),
            line,
            column,
            field: field.to_string(),
            message,
        };
    for f in files {
        if f.text.len() > MAX_PACK_BYTES || f.name.chars().count() > MAX_NAME {
            issues.push(issue(
                &f.name,
                (0, 0),
                "",
                format!("a pack file is at most {MAX_PACK_BYTES} bytes (MAX_PACK_BYTES), its name at most {MAX_NAME} characters"),
            ));
            continue;
        }
        let mut de = serde_json::Deserializer::from_str(&f.text);
        let parsed: Result<PackFile, _> = serde_path_to_error::deserialize(&mut de);
        let pack = match parsed {
            Ok(p) => p,
            Err(e) => {
                let field = e.path().to_string();
                let inner = e.inner();
                issues.push(issue(
                    &f.name,
                    (inner.line(), inner.column()),
                    if field == "." { "" } else { &field },
                    inner.to_string(),
                ));
                continue;
            }
        };
        if let Err(e) = de.end() {
            issues.push(issue(&f.name, (e.line(), e.column()), "", e.to_string()));
            continue;
        }
        for p in packs::validate(&pack) {
            issues.push(issue(
                &f.name,
                packs::locate(&f.text, &p.id, p.field),
                &format!("{}[{}].{}", p.list, p.index, p.field),
                p.message,
            ));
        }
        for (i, m) in pack.monsters.iter().enumerate() {
            if content.monsters.contains_key(&m.id) || monsters.iter().any(|o| o.id == m.id) {
                issues.push(issue(
                    &f.name,
                    packs::locate(&f.text, &m.id, "id"),
                    &format!("monsters[{i}].id"),
                    format!("monster id `{}` is already loaded", m.id),
                ));
            }
        }
        for (i, c) in pack.classes.iter().enumerate() {
            if content.classes.contains_key(&c.id) || classes.iter().any(|o| o.id == c.id) {
                issues.push(issue(
                    &f.name,
                    packs::locate(&f.text, &c.id, "id"),
                    &format!("classes[{i}].id"),
                    format!("class id `{}` is already loaded", c.id),
                ));
            }
        }
        monsters.extend(pack.monsters);
        classes.extend(pack.classes);
    }
    if !issues.is_empty() {
        let lines: Vec<String> = issues
            .iter()
            .map(|i| {
                format!(
                    "{}:{}:{} {}: {}",
                    i.file, i.line, i.column, i.field, i.message
                )
            })
            .collect();
        return Err(refuse(
            "bad_pack",
            "packs",
            format!("the pack is refused: {}", lines.join("; ")),
        )
        .with_issues(issues));
    }
    ctx.emit_for(
        CoreEvent::PackLoaded {
            files: files.to_vec(),
            monsters,
            classes,
        },
        Visibility::Referee,
    )
}

pub(super) fn apply(state: &mut AcksState, event: &CoreEvent) {
    match event {
        CoreEvent::PackLoaded {
            files,
            monsters,
            classes,
        } => {
            state.content.sources.extend(files.iter().cloned());
            for m in monsters {
                state.content.monsters.insert(m.id.clone(), m.clone());
            }
            for c in classes {
                state.content.classes.insert(c.id.clone(), c.clone());
            }
        }
        CoreEvent::CharacterAdded { creature } | CoreEvent::MonsterAdded { creature } => {
            state
                .creatures
                .insert(creature.id.clone(), creature.clone());
        }
        CoreEvent::Revealed { creature, .. } => {
            if let Some(CreatureKind::Monster(m)) =
                state.creatures.get_mut(creature).map(|c| &mut c.kind)
            {
                m.revealed = true;
            }
        }
        CoreEvent::RowOverridden {
            table,
            index,
            old,
            new,
        } => state.table_overrides.push(RowOverride {
            table: table.clone(),
            index: *index,
            old: old.clone(),
            new: new.clone(),
        }),
        CoreEvent::HpChanged { creature, hp, .. } => {
            if let Some(c) = state.creatures.get_mut(creature) {
                c.hp = *hp;
            }
        }
    }
}

/// The class proficiencies a character may pick now (AC-ZERO-02): its class card's list while
/// a pick is due, else none.
fn class_proficiency_choices<'a>(
    rules: &'a AcksState,
    ch: &super::state::Character,
) -> &'a [String] {
    match rules.content.classes.get(&ch.class) {
        Some(card) if ch.class_proficiency_due => &card.class_proficiencies,
        _ => &[],
    }
}

/// A creature as `viewer` sees it (`None`: not at all).
fn creature_view(state: &TableState<AcksState>, viewer: &Viewer, c: &Creature) -> Option<Value> {
    let rules = &state.rules;
    match (&c.kind, viewer) {
        (_, Viewer::Referee) => {
            let mut v = serde_json::to_value(c).unwrap_or(Value::Null);
            if let Some(ch) = c.character() {
                v["fatigue_penalty"] = json!(ch.rest.penalty());
                v["proficiency_drops_due"] = json!(ch.proficiency_drops_due());
                v["class_proficiency_choices"] = json!(class_proficiency_choices(rules, ch));
                v["sheet"] = sheet::sheet(rules, c);
            }
            Some(v)
        }
        (CreatureKind::Character(ch), _) => {
            let mine =
                matches!(viewer, Viewer::Player(p) if state.core.participants.controls(p, &c.id));
            Some(json!({
                "id": c.id,
                "name": c.name,
                "kind": "character",
                "class": rules.content.classes.get(&ch.class).map_or(ch.class.as_str(), |k| k.name.as_str()),
                "level": ch.level,
                "hp": c.hp,
                "max_hp": c.max_hp,
                "abilities": ch.abilities,
                "rest": ch.rest,
                "rest_due": ch.rest.rest_due(),
                // AC-DUNGEON-13: −1 to attack throws and damage while a rest is missed.
                "fatigue_penalty": ch.rest.penalty(),
                "light": ch.light,
                "speed_ft": ch.speed_ft,
                "armour_class": ch.armour_class,
                "nonlethal": c.nonlethal.tally,
                "wounds": ch.wounds,
                "bed_rest_days": ch.bed_rest_days,
                "side_effects": ch.side_effects,
                "proficiencies": ch.proficiencies,
                "old_proficiencies": ch.old_proficiencies,
                // AC-ZERO-03: the old proficiencies its player or the Judge must still drop.
                "proficiency_drops_due": ch.proficiency_drops_due(),
                // AC-ZERO-02: its class powers, and whether a class proficiency is still to pick.
                "powers": ch.powers,
                "class_proficiency_due": ch.class_proficiency_due,
                "class_proficiency_choices": class_proficiency_choices(rules, ch),
                "sheet": sheet::sheet(rules, c),
                "mine": mine,
            }))
        }
        (CreatureKind::Monster(m), _) if m.revealed => Some(json!({
            "id": c.id,
            "name": c.name,
            "kind": "monster",
            "what": rules.content.monsters.get(&m.card).map_or(m.card.as_str(), |k| k.name.as_str()),
        })),
        _ => None,
    }
}

pub(super) fn project(state: &TableState<AcksState>, viewer: &Viewer) -> Value {
    let rules = &state.rules;
    let creatures: BTreeMap<&String, Value> = rules
        .creatures
        .iter()
        .filter_map(|(id, c)| creature_view(state, viewer, c).map(|v| (id, v)))
        .collect();
    let mut view = json!({ "creatures": creatures });
    if *viewer == Viewer::Referee {
        view["content"] = json!({
            "monsters": rules.content.monsters,
            "classes": rules.content.classes,
            "files": rules.content.sources.iter().map(|s| &s.name).collect::<Vec<_>>(),
        });
        view["table_overrides"] = json!(rules.table_overrides);
    }
    view
}
