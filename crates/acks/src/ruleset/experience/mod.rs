//! Experience (checklist §13, AC-XP-*, AC-ADV-*, AC-HEIR-*): monster XP by Hit Dice and
//! asterisks (T-21), treasure XP once back in civilization, the shares of the survivors and
//! henchmen, the prime-requisite adjustment (T-25), the cap of one level per adventure,
//! advancement with its hit die, and heirs with the reserve XP fund.
//!
//! XP thresholds: T-25 gives levels 2 and 3 of the four core progressions, read for a class by
//! its attack progression; the Judge enters a class's whole table with `set_xp_table` (a class
//! card carries none). An award that needs a threshold nobody entered is refused, naming T-25.
//!
//! Secrecy: monster XP tells a monster's Hit Dice, so `monsters_counted` and the pool's monster
//! part are the Judge's; the shares, the new XP and levels are everyone's (characters are).
//!
//! Commands (JSON inside `{"rules": …}`, all the Judge's):
//!
//! - `{"set_xp": {"character": "brena", "xp": 1200, "prime_requisite": 16, "henchman":
//!   false}}` — a character's XP, the lowest of its prime requisites (optional) and whether it
//!   is a henchman (half share).
//! - `{"set_xp_table": {"class": "wood_warden", "thresholds": [4000, 8000, 16000]}}` — XP to
//!   reach level 2, 3, … of a class.
//! - `{"monsters_defeated": {"card": "gloom_rat", "count": 3}}` — monsters slain, captured or
//!   tricked: base XP plus the bonus per asterisk of the card's Hit Dice (AC-XP-06/07).
//! - `{"treasure": {"gp": 500, "kind": "treasure"}}` — gold brought back; `kind` is
//!   `treasure`, `equipment_sold_at_once`, `unused_magic_sold` (earn XP), `used_magic_sold`,
//!   `wages`, `business_income` or `monster_parts` (earn none, AC-XP-02…05).
//! - `{"return_to_civilization": {}}` — the adventure's XP divided among the characters alive
//!   (henchmen half), adjusted, capped and awarded; a character reaching its next level rolls
//!   its hit die (AC-XP-08…10, AC-ADV-01/02).
//! - `{"leave_inheritance": {"character": "odo", "gp": 1000}}` — through a bank, less 10 %;
//!   once per player (AC-HEIR-02/03).
//! - `{"reserve_xp": {"character": "odo", "gp": 500}}` — gold spent for no lasting benefit adds
//!   90 % as reserve XP for the player's next character (AC-HEIR-04).
//! - `{"choose_class_proficiency": {"character": "tam", "proficiency": "riding"}}` — the
//!   player's or the Judge's: the fighter class proficiency a former 0-level character gains,
//!   from its class card's `class_proficiencies` (AC-ZERO-02; the card's `powers` come with
//!   the conversion).
//! - `{"drop_proficiency": {"character": "tam", "proficiency": "farming"}}` — the player's or
//!   the Judge's: a former 0-level character forgets one of the general proficiencies it kept
//!   from 0 level; one is owed at each of 2nd, 3rd and 4th level (`proficiency_drop_due`,
//!   the character's `proficiency_drops_due`), AC-ZERO-03.
//!
//! 0-level characters (AC-ZERO-01…04): they share the adventure's XP like anyone; at 100 XP
//! `return_to_civilization` makes them 1st-level fighters of the loaded class `fighter` (else
//! the first class with the fighter's attack and saves and a d8): the class's attack throw and
//! saves, their general proficiencies kept, hit points rerolled on 1d8 (public) keeping the
//! higher; at 4th level they gain Adventuring. The cap of one level per adventure reads the
//! fighter class's 2nd level.
//! - `{"name_heir": {"character": "tam"}}` — the player's new character takes the inheritance
//!   and the reserve XP; it starts at 1st level unless it is a henchman (AC-HEIR-01/03), and
//!   the reserve XP advance it at once through every level they reach, each with its hit die
//!   (AC-HEIR-04, AC-EX-15).

pub mod state;

use engine::{Acting, Ctx, RuleError, TableState, Viewer, Visibility};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::{Acks, acks_err, refuse};
use super::core::packs::{ClassCard, Progression, split_asterisks};
use super::state::AcksState;
use crate::experience::{self as rules, Member};
use crate::tables::XpClass;
use state::{IncomeKind, XpEvent};

/// Largest XP, gp and monster count a command takes; most levels in a class's table.
pub const MAX_XP: u64 = 1_000_000_000_000;
pub const MAX_GP: u64 = 1_000_000_000_000;
pub const MAX_MONSTERS: u32 = 10_000;
pub const MAX_TABLE_LEVELS: usize = 40;

/// Experience commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksXpCommand")]
pub enum XpCommand {
    SetXp {
        character: String,
        xp: u64,
        #[serde(default)]
        prime_requisite: Option<i32>,
        #[serde(default)]
        henchman: bool,
    },
    SetXpTable {
        class: String,
        thresholds: Vec<u64>,
    },
    MonstersDefeated {
        card: String,
        #[serde(default = "one")]
        count: u32,
    },
    Treasure {
        gp: u64,
        kind: IncomeKind,
    },
    ReturnToCivilization {},
    LeaveInheritance {
        character: String,
        gp: u64,
    },
    ReserveXp {
        character: String,
        gp: u64,
    },
    NameHeir {
        character: String,
    },
    /// The player or the Judge drops one old proficiency of a former 0-level character
    /// (AC-ZERO-03).
    DropProficiency {
        character: String,
        proficiency: String,
    },
    /// The player or the Judge picks the class proficiency a former 0-level character gains
    /// as a fighter, from its class card's list (AC-ZERO-02).
    ChooseClassProficiency {
        character: String,
        proficiency: String,
    },
}

fn one() -> u32 {
    1
}

pub(super) fn acting(_state: &TableState<AcksState>, command: &XpCommand) -> Acting {
    match command {
        XpCommand::DropProficiency { character, .. }
        | XpCommand::ChooseClassProficiency { character, .. } => {
            Acting::Characters(vec![character.clone()])
        }
        _ => Acting::RefereeOnly,
    }
}

fn character<'a>(state: &'a AcksState, id: &str) -> Result<&'a super::state::Character, RuleError> {
    state.character(id).ok_or_else(|| {
        refuse(
            "not_a_character",
            "characters",
            format!("no character `{id}`"),
        )
    })
}

fn check_gp(gp: u64) -> Result<(), RuleError> {
    if gp > MAX_GP {
        return Err(refuse(
            "bad_gp",
            "MAX_GP",
            format!("at most {MAX_GP} gp at a time"),
        ));
    }
    Ok(())
}

/// The player a character is bound to.
fn player_of(ctx: &Ctx<'_, Acks>, id: &str) -> Result<String, RuleError> {
    ctx.core()
        .participants
        .controllers(id)
        .next()
        .cloned()
        .ok_or_else(|| {
            refuse(
                "no_player",
                "AC-HEIR-01",
                format!("`{id}` is bound to no player"),
            )
        })
}

/// XP to reach `level` for character `id`: the Judge's table for its class, else T-25's
/// levels 2 and 3 by the class's attack progression; `None` past the class's last level.
pub fn threshold(state: &AcksState, id: &str, level: u32) -> Result<Option<u64>, RuleError> {
    let ch = character(state, id)?;
    if ch.zero_level() {
        // AC-ZERO-01/04: 100 XP make a 1st-level fighter; beyond, the fighter class's table.
        return match level {
            0 => Ok(Some(0)),
            1 => Ok(Some(rules::ZERO_LEVEL_XP)),
            _ => {
                let class = fighter_class(state)?.id.clone();
                class_threshold(state, &class, level)
            }
        };
    }
    if level <= 1 {
        return Ok(Some(0));
    }
    class_threshold(state, &ch.class, level)
}

/// The class a 0-level character becomes (AC-ZERO-04), or a refusal naming the rule.
fn fighter_class(state: &AcksState) -> Result<&ClassCard, RuleError> {
    state.zero_level_class().ok_or_else(|| {
        refuse(
            "no_fighter_class",
            "AC-ZERO-04",
            "a 0-level character becomes a fighter: load a class `fighter` (or a human one with the fighter's attack and saves and a d8 hit die)",
        )
    })
}

/// XP to reach `level` (2 or more) of class `class_id`.
fn class_threshold(
    state: &AcksState,
    class_id: &str,
    level: u32,
) -> Result<Option<u64>, RuleError> {
    let card = state.content.classes.get(class_id);
    if card.is_some_and(|c| level > c.max_level) {
        return Ok(None);
    }
    let index = usize::try_from(level.saturating_sub(2)).unwrap_or(usize::MAX);
    if let Some(t) = state.experience.tables.get(class_id) {
        if let Some(x) = t.get(index) {
            return Ok(Some(*x));
        }
    } else if level <= 3
        && let Some(c) = card
    {
        let class = match c.attack {
            Progression::Fighter => XpClass::Fighter,
            Progression::Cleric => XpClass::Cleric,
            Progression::Mage => XpClass::Mage,
            Progression::Thief => XpClass::Thief,
        };
        let (l2, l3) =
            rules::thresholds(&state.tables()?, class).map_err(|e| acks_err("no_xp_table", e))?;
        return Ok(Some(u64::from(if level == 2 { l2 } else { l3 })));
    }
    Err(refuse(
        "no_xp_table",
        "T-25",
        format!(
            "the XP needed for level {level} of class `{class_id}` is not entered: the Judge sets the class's XP table"
        ),
    ))
}

pub(super) fn decide(command: &XpCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    use XpCommand as C;
    match command {
        C::SetXp {
            character: id,
            xp,
            prime_requisite,
            henchman,
        } => {
            character(ctx.rules(), id)?;
            if *xp > MAX_XP {
                return Err(refuse("bad_xp", "MAX_XP", format!("XP runs 0–{MAX_XP}")));
            }
            if let Some(p) = prime_requisite {
                rules::prime_requisite_percent(&ctx.rules().tables()?, *p)
                    .map_err(|e| acks_err("bad_ability", e))?;
            }
            ctx.emit(XpEvent::XpSet {
                character: id.clone(),
                xp: *xp,
                prime_requisite: *prime_requisite,
                henchman: *henchman,
            })
        }
        C::SetXpTable { class, thresholds } => {
            if !ctx.rules().content.classes.contains_key(class) {
                return Err(refuse(
                    "unknown_class",
                    "packs",
                    format!("no class `{class}` in the loaded packs"),
                ));
            }
            if thresholds.is_empty()
                || thresholds.len() > MAX_TABLE_LEVELS
                || thresholds.windows(2).any(|w| w[0] >= w[1])
                || thresholds.iter().any(|x| *x == 0 || *x > MAX_XP)
            {
                return Err(refuse(
                    "bad_xp_table",
                    "T-25",
                    format!(
                        "an XP table lists 1–{MAX_TABLE_LEVELS} thresholds from level 2 up, each above the one before and at most {MAX_XP}"
                    ),
                ));
            }
            ctx.emit(XpEvent::XpTableSet {
                class: class.clone(),
                thresholds: thresholds.clone(),
            })
        }
        C::MonstersDefeated { card, count } => {
            let c = ctx
                .rules()
                .content
                .monsters
                .get(card)
                .cloned()
                .ok_or_else(|| {
                    refuse(
                        "unknown_card",
                        "packs",
                        format!("no monster `{card}` in the loaded packs"),
                    )
                })?;
            if !(1..=MAX_MONSTERS).contains(count) {
                return Err(refuse(
                    "bad_count",
                    "MAX_MONSTERS",
                    format!("1–{MAX_MONSTERS} monsters at a time"),
                ));
            }
            let (_, asterisks) = split_asterisks(&c.hit_dice);
            let hd = c.hd().map_err(|e| acks_err("bad_card", e))?;
            let each = rules::monster_xp(&ctx.rules().tables()?, hd, asterisks)
                .map_err(|e| acks_err("bad_card", e))?;
            ctx.emit_for(
                XpEvent::MonstersCounted {
                    card: card.clone(),
                    count: *count,
                    hit_dice: c.hit_dice.clone(),
                    asterisks,
                    each,
                    total: each.saturating_mul(u64::from(*count)),
                },
                Visibility::Referee,
            )
        }
        C::Treasure { gp, kind } => {
            check_gp(*gp)?;
            ctx.emit(XpEvent::TreasureCounted {
                gp: *gp,
                kind: *kind,
                earns_xp: rules::earns_xp((*kind).into()),
            })
        }
        C::ReturnToCivilization {} => return_to_civilization(ctx),
        C::LeaveInheritance { character: id, gp } => {
            character(ctx.rules(), id)?;
            check_gp(*gp)?;
            let player = player_of(ctx, id)?;
            rules::leave_inheritance(ctx.rules().experience.inheritances_left.contains(&player))
                .map_err(|e| acks_err("inheritance_left", e))?;
            ctx.emit(XpEvent::InheritanceLeft {
                character: id.clone(),
                player,
                gp: *gp,
                after_fee: rules::inheritance_after_fee(*gp),
            })
        }
        C::ReserveXp { character: id, gp } => {
            character(ctx.rules(), id)?;
            check_gp(*gp)?;
            let player = player_of(ctx, id)?;
            ctx.emit(XpEvent::ReserveAdded {
                character: id.clone(),
                player,
                gp: *gp,
                reserve_xp: rules::reserve_xp(*gp),
            })
        }
        C::NameHeir { character: id } => name_heir(ctx, id),
        C::DropProficiency {
            character: id,
            proficiency,
        } => drop_proficiency(ctx, id, proficiency),
        C::ChooseClassProficiency {
            character: id,
            proficiency,
        } => choose_class_proficiency(ctx, id, proficiency),
    }
}

/// The most XP a character may hold after this adventure (AC-ADV-02): 1 below the level after
/// next; `None` when no such level exists (no cap).
fn cap_of(state: &AcksState, id: &str, level: u32) -> Result<Option<u64>, RuleError> {
    Ok(threshold(state, id, level.saturating_add(2))?.map(|t| t.saturating_sub(1)))
}

/// AC-XP-01, 08…10, AC-ADV-01/02: the adventure's XP shared out.
fn return_to_civilization(ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    let state = ctx.rules();
    let x = &state.experience;
    let pool = rules::adventure_xp(
        &rules::Haul {
            treasure_gp: x.treasure_gp,
            equipment_sold_gp: 0,
            unused_magic_sold_gp: 0,
            monster_xp: x.monster_xp,
        },
        true,
    );
    let ids: Vec<String> = state.characters().map(|(id, _)| id.clone()).collect();
    let members: Vec<Member> = ids
        .iter()
        .map(|id| Member {
            alive_at_return: state
                .creatures
                .get(id)
                .is_some_and(|c| c.hp > 0 && !c.slain),
            henchman: x.characters.get(id).is_some_and(|r| r.henchman),
        })
        .collect();
    let shares = rules::award(pool, &members).map_err(|e| acks_err("nobody_alive", e))?;
    let tables = state.tables()?;
    // Every threshold first, so a missing table refuses before any die.
    let mut plan = Vec::new();
    for ((id, m), share) in ids.iter().zip(&members).zip(shares) {
        if !m.alive_at_return {
            continue;
        }
        let ch = character(state, id)?;
        let rec = x.characters.get(id).copied().unwrap_or_default();
        let percent = match rec.prime_requisite {
            Some(p) => rules::prime_requisite_percent(&tables, p)
                .map_err(|e| acks_err("bad_ability", e))?,
            None => 0,
        };
        let adjusted = rules::adjust(share, percent);
        let cap = cap_of(state, id, ch.level)?;
        // An award never lowers what the character already holds.
        let xp = cap
            .map_or(rec.xp.saturating_add(adjusted), |c| {
                rules::cap_award(rec.xp, adjusted, c.saturating_add(1))
            })
            .max(rec.xp);
        let next = threshold(state, id, ch.level.saturating_add(1))?;
        let con = crate::tables::ability_modifier(&tables, ch.abilities.constitution)
            .map_err(|e| acks_err("bad_ability", e))?;
        let die = state.class_of(id).map_or(8, |c| c.hit_die);
        let level_up = next.is_some_and(|t| xp >= t).then(|| {
            if ch.zero_level() {
                // AC-ZERO-01: the cap above needed the fighter class, so it is loaded.
                LevelUp::Convert(
                    state
                        .zero_level_class()
                        .map(|k| k.id.clone())
                        .unwrap_or_default(),
                    u32::try_from(c_max_hp(state, id)).unwrap_or(0),
                )
            } else {
                LevelUp::Advance(ch.level + 1, die, con)
            }
        });
        plan.push(Award {
            id: id.clone(),
            share,
            percent,
            adjusted,
            before: rec.xp,
            xp,
            capped: xp < rec.xp.saturating_add(adjusted),
            level_up,
        });
    }
    for a in plan {
        ctx.emit(XpEvent::XpAwarded {
            character: a.id.clone(),
            share: a.share,
            percent: a.percent,
            adjusted: a.adjusted,
            xp_before: a.before,
            xp: a.xp,
            capped: a.capped,
        })?;
        match a.level_up {
            Some(LevelUp::Advance(level, die, con)) => advance(ctx, &a.id, level, die, con)?,
            Some(LevelUp::Convert(class, old_hp)) => convert(ctx, &a.id, &class, old_hp)?,
            None => {}
        }
    }
    ctx.emit(XpEvent::AdventureClosed { pool })
}

struct Award {
    id: String,
    share: u64,
    percent: i32,
    adjusted: u64,
    before: u64,
    xp: u64,
    capped: bool,
    level_up: Option<LevelUp>,
}

/// What an award's new level brings.
enum LevelUp {
    /// The new level, the class's hit die and the CON modifier (AC-ADV-01).
    Advance(u32, u32, i32),
    /// A 0-level character becomes a 1st-level fighter of this class; its old maximum hit
    /// points (AC-ZERO-01/02).
    Convert(String, u32),
}

fn c_max_hp(state: &AcksState, id: &str) -> i32 {
    state.creatures.get(id).map_or(0, |c| c.max_hp)
}

/// AC-ZERO-01…03: the 0-level character becomes a 1st-level fighter: the class's attack and
/// saves, its general proficiencies kept, and its hit points rerolled on 1d8, the higher of the
/// old and the new kept.
fn convert(ctx: &mut Ctx<'_, Acks>, id: &str, class: &str, old_hp: u32) -> Result<(), RuleError> {
    let r = ctx.roll(
        &format!("{id}'s hit points as a 1st-level fighter"),
        "1d8",
        Visibility::Public,
    )?;
    let face = u32::try_from(r.total).unwrap_or(1);
    let max_hp = rules::zero_level_hp(old_hp, face).map_err(|e| acks_err("bad_face", e))?;
    let proficiencies = ctx
        .rules()
        .character(id)
        .map(|c| c.proficiencies.clone())
        .unwrap_or_default();
    let card = ctx.rules().content.classes.get(class);
    let powers = card.map(|c| c.powers.clone()).unwrap_or_default();
    let class_proficiency_due = card.is_some_and(|c| !c.class_proficiencies.is_empty());
    ctx.emit(XpEvent::ZeroLevelConverted {
        character: id.to_string(),
        class: class.to_string(),
        face,
        old_hp,
        max_hp,
        proficiencies,
        powers,
        class_proficiency_due,
    })
}

/// `choose_class_proficiency`: the fighter class proficiency a former 0-level character gains
/// (AC-ZERO-02), one of its class card's.
fn choose_class_proficiency(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    proficiency: &str,
) -> Result<(), RuleError> {
    let ch = character(ctx.rules(), id)?;
    if !ch.class_proficiency_due {
        return Err(refuse(
            "no_class_proficiency_due",
            "AC-ZERO-02",
            format!("`{id}` has no class proficiency to pick"),
        ));
    }
    let listed = ctx
        .rules()
        .content
        .classes
        .get(&ch.class)
        .is_some_and(|c| c.class_proficiencies.iter().any(|p| p == proficiency));
    if !listed {
        return Err(refuse(
            "not_a_class_proficiency",
            "AC-ZERO-02",
            format!(
                "`{proficiency}` is not on the class proficiency list of `{}`",
                ch.class
            ),
        ));
    }
    ctx.emit(XpEvent::ClassProficiencyChosen {
        character: id.to_string(),
        proficiency: proficiency.to_string(),
    })
}

/// AC-ADV-01: a new level and its hit die + CON modifier, at least 1 hit point.
fn advance(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    level: u32,
    die: u32,
    con: i32,
) -> Result<(), RuleError> {
    let r = ctx.roll(
        &format!("{id}'s hit points for level {level}"),
        &format!("1d{die}"),
        Visibility::Public,
    )?;
    let face = u32::try_from(r.total).unwrap_or(1);
    ctx.emit(XpEvent::Advanced {
        character: id.to_string(),
        level,
        face,
        hp_gain: rules::level_hp_gain(face, con),
    })?;
    let Some(ch) = ctx.rules().character(id).cloned() else {
        return Ok(());
    };
    if ch.from_zero_level.is_none() {
        return Ok(());
    }
    // AC-ZERO-03: at 4th level the former 0-level character gains Adventuring.
    if level == ZERO_LEVEL_ADVENTURING_AT && !ch.proficiencies.iter().any(|p| p == ADVENTURING) {
        ctx.emit(XpEvent::ProficiencyGained {
            character: id.to_string(),
            proficiency: ADVENTURING.to_string(),
        })?;
    }
    // AC-ZERO-03: one old proficiency to drop at each of 2nd, 3rd and 4th: a pending choice.
    let due = ch.proficiency_drops_due();
    if due > 0 {
        ctx.emit(XpEvent::ProficiencyDropDue {
            character: id.to_string(),
            level,
            due,
            old_proficiencies: ch.old_proficiencies.clone(),
        })?;
    }
    Ok(())
}

/// The level at which a former 0-level character gains Adventuring (AC-ZERO-03), and its name.
pub const ZERO_LEVEL_ADVENTURING_AT: u32 = 4;
pub const ADVENTURING: &str = "adventuring";

/// `drop_proficiency`: the player or the Judge picks which old proficiency a former 0-level
/// character forgets (AC-ZERO-03).
fn drop_proficiency(ctx: &mut Ctx<'_, Acks>, id: &str, proficiency: &str) -> Result<(), RuleError> {
    let ch = character(ctx.rules(), id)?;
    if ch.proficiency_drops_due() == 0 {
        return Err(refuse(
            "no_drop_due",
            "AC-ZERO-03",
            format!("`{id}` owes no old proficiency to drop at its level"),
        ));
    }
    if !ch.old_proficiencies.iter().any(|p| p == proficiency) {
        return Err(refuse(
            "not_an_old_proficiency",
            "AC-ZERO-03",
            format!("`{proficiency}` is not one of the proficiencies `{id}` kept from 0 level"),
        ));
    }
    ctx.emit(XpEvent::ProficiencyDropped {
        character: id.to_string(),
        proficiency: proficiency.to_string(),
    })
}

/// AC-HEIR-01…04: the player's new character takes what was left for it.
fn name_heir(ctx: &mut Ctx<'_, Acks>, id: &str) -> Result<(), RuleError> {
    let ch = character(ctx.rules(), id)?;
    let level = ch.level;
    let player = player_of(ctx, id)?;
    let x = &ctx.rules().experience;
    let henchman = x.characters.get(id).is_some_and(|r| r.henchman);
    let expected = rules::heir_level(henchman.then_some(level));
    if level != expected {
        return Err(refuse(
            "heir_level",
            "AC-HEIR-03",
            format!(
                "an heir starts at 1st level unless it continues as a henchman; `{id}` is level {level}"
            ),
        ));
    }
    let gp = x.inheritances.get(&player).copied().unwrap_or(0);
    let reserve_xp = x.reserve.get(&player).copied().unwrap_or(0);
    if gp == 0 && reserve_xp == 0 {
        return Err(refuse(
            "nothing_to_inherit",
            "AC-HEIR-01",
            format!("player `{player}` has left no inheritance and no reserve XP"),
        ));
    }
    // AC-HEIR-04: the reserve XP count toward advancement at once — the heir rises through
    // every level they reach (no adventure's cap applies), each with its hit die. Every
    // threshold first, so a missing XP table refuses before any die.
    let state = ctx.rules();
    let xp = x
        .characters
        .get(id)
        .map_or(0, |r| r.xp)
        .saturating_add(reserve_xp);
    let mut levels = Vec::new();
    if !ch.zero_level() {
        let mut at = level;
        while let Some(t) = threshold(state, id, at.saturating_add(1))? {
            if xp < t || levels.len() >= MAX_TABLE_LEVELS {
                break;
            }
            at += 1;
            levels.push(at);
        }
    }
    let tables = state.tables()?;
    let con = crate::tables::ability_modifier(&tables, ch.abilities.constitution)
        .map_err(|e| acks_err("bad_ability", e))?;
    let die = state.class_of(id).map_or(8, |c| c.hit_die);
    ctx.emit(XpEvent::HeirNamed {
        character: id.to_string(),
        player,
        gp,
        reserve_xp,
    })?;
    for l in levels {
        advance(ctx, id, l, die, con)?;
    }
    Ok(())
}

pub(super) fn apply(state: &mut AcksState, event: &XpEvent) {
    use XpEvent as E;
    let x = &mut state.experience;
    match event {
        E::XpSet {
            character,
            xp,
            prime_requisite,
            henchman,
        } => {
            let r = x.characters.entry(character.clone()).or_default();
            r.xp = *xp;
            r.prime_requisite = *prime_requisite;
            r.henchman = *henchman;
        }
        E::XpTableSet { class, thresholds } => {
            x.tables.insert(class.clone(), thresholds.clone());
        }
        E::MonstersCounted { total, .. } => x.monster_xp = x.monster_xp.saturating_add(*total),
        E::TreasureCounted { gp, earns_xp, .. } => {
            if *earns_xp {
                x.treasure_gp = x.treasure_gp.saturating_add(*gp);
            }
        }
        E::XpAwarded { character, xp, .. } => {
            x.characters.entry(character.clone()).or_default().xp = *xp;
        }
        E::AdventureClosed { .. } => {
            x.monster_xp = 0;
            x.treasure_gp = 0;
        }
        E::Advanced {
            character,
            level,
            hp_gain,
            ..
        } => {
            if let Some(c) = state.creatures.get_mut(character) {
                let gain = i32::try_from(*hp_gain).unwrap_or(0);
                c.max_hp = c.max_hp.saturating_add(gain);
                c.hp = c.hp.saturating_add(gain);
                if let Some(ch) = c.character_mut() {
                    ch.level = *level;
                }
            }
        }
        E::ZeroLevelConverted {
            character,
            class,
            old_hp,
            max_hp,
            proficiencies,
            powers,
            class_proficiency_due,
            ..
        } => {
            if let Some(c) = state.creatures.get_mut(character) {
                let gain = i32::try_from(max_hp.saturating_sub(*old_hp)).unwrap_or(0);
                c.max_hp = c.max_hp.saturating_add(gain);
                c.hp = c.hp.saturating_add(gain);
                if let Some(ch) = c.character_mut() {
                    ch.class = class.clone();
                    ch.level = 1;
                    ch.from_zero_level = Some(u32::try_from(proficiencies.len()).unwrap_or(0));
                    ch.old_proficiencies = proficiencies.clone();
                    for p in powers {
                        if !ch.powers.contains(p) {
                            ch.powers.push(p.clone());
                        }
                    }
                    ch.class_proficiency_due = *class_proficiency_due;
                }
            }
        }
        E::ClassProficiencyChosen {
            character,
            proficiency,
        } => {
            if let Some(ch) = state
                .creatures
                .get_mut(character)
                .and_then(|c| c.character_mut())
            {
                ch.class_proficiency_due = false;
                if !ch.proficiencies.contains(proficiency) {
                    ch.proficiencies.push(proficiency.clone());
                }
            }
        }
        E::ProficiencyGained {
            character,
            proficiency,
        } => {
            if let Some(ch) = state
                .creatures
                .get_mut(character)
                .and_then(|c| c.character_mut())
                && !ch.proficiencies.contains(proficiency)
            {
                ch.proficiencies.push(proficiency.clone());
            }
        }
        E::ProficiencyDropped {
            character,
            proficiency,
        } => {
            if let Some(ch) = state
                .creatures
                .get_mut(character)
                .and_then(|c| c.character_mut())
            {
                ch.old_proficiencies.retain(|p| p != proficiency);
                ch.proficiencies.retain(|p| p != proficiency);
            }
        }
        E::ProficiencyDropDue { .. } => {}
        E::InheritanceLeft {
            player, after_fee, ..
        } => {
            x.inheritances_left.insert(player.clone());
            x.inheritances.insert(player.clone(), *after_fee);
        }
        E::ReserveAdded {
            player, reserve_xp, ..
        } => {
            let r = x.reserve.entry(player.clone()).or_default();
            *r = r.saturating_add(*reserve_xp);
        }
        E::HeirNamed {
            character,
            player,
            gp,
            reserve_xp,
        } => {
            x.inheritances.remove(player);
            x.reserve.remove(player);
            let r = x.characters.entry(character.clone()).or_default();
            r.inherited_gp = r.inherited_gp.saturating_add(*gp);
            r.xp = r.xp.saturating_add(*reserve_xp);
        }
    }
}

/// Each character's XP, the XP of its next level and the most this adventure may bring it
/// (everyone's); the pool's monster XP only for the Judge.
pub(super) fn project(state: &TableState<AcksState>, viewer: &Viewer) -> Value {
    let rules = &state.rules;
    let x = &rules.experience;
    let characters: serde_json::Map<String, Value> = rules
        .characters()
        .map(|(id, ch)| {
            let rec = x.characters.get(id).copied().unwrap_or_default();
            let next = threshold(rules, id, ch.level + 1).ok().flatten();
            let cap = cap_of(rules, id, ch.level).ok().flatten();
            (
                id.clone(),
                json!({
                    "xp": rec.xp,
                    "level": ch.level,
                    "next_level_xp": next,
                    "cap": cap,
                    "henchman": rec.henchman,
                    "prime_requisite": rec.prime_requisite,
                    "inherited_gp": rec.inherited_gp,
                }),
            )
        })
        .collect();
    let mut v = json!({
        "characters": characters,
        "treasure_gp": x.treasure_gp,
        "inheritances": x.inheritances,
        "reserve": x.reserve,
        "tables": x.tables,
    });
    if *viewer == Viewer::Referee {
        v["monster_xp"] = json!(x.monster_xp);
    }
    v
}
