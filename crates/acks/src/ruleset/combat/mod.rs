//! Combat: declarations, initiative by count on the engine's combat clock, attack throws,
//! damage and hit points, cleaves, special maneuvers, spell disruption, missile ranges, morale
//! and mortal wounds.
//!
//! A fight runs on the engine's combat clock in tie groups, one group per initiative count:
//! every round the Judge gathers declarations, then rolls initiative (the clock waits for the
//! next round's order after each round). A creature dropped to 0 hp or less on a count still
//! acts on that count; at the count's end (`GroupEnd`) everyone who fell on it leaves the
//! order together, and the monsters' morale triggers are checked.
//!
//! Commands (JSON inside `{"rules": …}`):
//!
//! - `{"begin_combat": {"combatants": ["brena", "rat1"]}}` — the Judge's; every monster in it
//!   must have been revealed (the combat order is public).
//! - `{"declare": {"creature": "sefa", "declaration": {"spell": "sleep"}}}` — before
//!   initiative (AC-INIT-03): `"none"`, `"fighting_withdrawal"`, `"full_retreat"` or a spell;
//!   `"two_handed": true` marks a large two-handed weapon (−1 to initiative, AC-INIT-07). A
//!   player declares for its own characters, the Judge for monsters (the Judge's alone).
//! - `{"roll_initiative": {}}` — the Judge's: 1d6 + DEX modifier per combatant (AC-INIT-01),
//!   highest count first, equal counts one tie group (AC-INIT-02).
//! - `{"delay": {"creature": "odo", "to_count": 2}}` — the acting combatant delays to a lower
//!   count, or `{"delay": {"creature": "odo", "until": "rat1"}}` acts together with that
//!   combatant (AC-INIT-04).
//! - `{"move": {"creature": "brena", "kind": "charge", "feet": 30, "weapon": "spear"}}` — the
//!   acting combatant moves before attacking (AC-MOVE-01…12): `advance` up to its combat
//!   movement (a third of its exploration speed) when not `engaged`; `run` (3×, no attack but
//!   a charge); `charge` (20 ft or more along a `path_clear` line: +2 to hit, −2 AC until its
//!   next count, double damage with a spear, lance, polearm or horns); `stand` from prone
//!   (the round's movement; prone, only a 5-ft crawl); `withdraw` as declared —
//!   up to half its combat movement a fighting withdrawal, beyond that a full retreat (no
//!   attack; foes +2 to hit it).
//! - `{"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8"}}` — the acting
//!   combatant attacks (optional `situations` such as `["target_prone"]`, `bonus` and
//!   `damage_bonus` for magic, `double_damage` for a backstab, `nonlethal`, `maneuver` such as
//!   `"knock_down"`, `missile` with `weapon`, `distance` and `outdoors`, `attack_index` for a
//!   monster's listed attack, `set_vs_charge` with a spear or polearm on the charger's count:
//!   double damage, AC-MOVE-09; `interrupt` — `"long_weapon"` or `"ready_missile"` — to strike
//!   an enemy approaching on its count, AC-INIT-05/06; `helpless` with `engaged_with_others`,
//!   AC-ATK-06; `size_gap` for a maneuver's save; `brawl`, `"punch"` or `"kick"`, with
//!   `against_metal_armour`, AC-MANEUVER-02/03). A charge, a full retreat, a prone or held
//!   combatant add their modifiers by themselves.
//! - `{"end_fight": {}}` — the Judge's: the combat ends.
//! - `{"morale_check": {"creature": "rat1", "judge_modifier": 0}}` — the Judge's secret 2d6 on
//!   T-20 (AC-MORALE-04); optional `both_triggers`.
//! - `{"treat_wound": {"character": "brena", "timing": "round", "healing_spell_level": 0,
//!   "healer": false}}` — the Judge's: the Mortal Wounds roll (AC-WOUND-02/04/05), recorded
//!   on the character with its bed rest and lasting wound; optional `untreated`.
//! - `{"restore_life": {"character": "odo", "magic": "restore_life_and_limb", "days_dead": 1,
//!   "caster_level": 9}}` — the Judge's: a killed character returned (AC-WOUND-07); restore
//!   life and limb is followed by the Tampering with Mortality roll, 1d20 + 1d6 on T-18 with
//!   the modifiers of AC-WOUND-09 (WIS, days dead, side effects suffered, slain outright,
//!   `severed_spine`, `limbs_destroyed`, `small_parts_destroyed`, half the caster's level,
//!   `outside_temple`); its side effect is recorded on the character. T-18's side effects
//!   are not in the book we have: the Judge enters the row first (`override_row`).
//!   `killed_during_bed_rest` needs `ritual_magic` (AC-HEAL-04).
//!
//! Queries: `attack_odds` (`{"attacker": "brena", "target": "odo", "weapon": "1d8"}`) gives
//! the exact chance to hit and the damage spread before the roll; a player may not ask it
//! about a monster (its armour class is the Judge's). `morale_odds` (`{"creature": "rat1",
//! "judge_modifier": 0, "both_triggers": false}`) gives the Judge the chance of each T-20
//! result; anyone else is refused before the creature is looked up.

use std::collections::BTreeMap;

use engine::{Acting, Boundary, Ctx, Place, RuleError, TableState, Viewer, Visibility};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::state::{AcksState, Creature, WoundRecord};
use super::{Acks, acks_err, no_creature, refuse, sees};
use crate::attack::{self, AttackProgression, Situation};
use crate::damage::{self, MissileCleave};
use crate::dice_spec::DiceSpec;
use crate::maneuvers::{Brawl, BrawlDamageTo, Maneuver, SizeGap};
use crate::missile::{self, RangeBand};
use crate::movement::{self, ChargeWeapon, Withdrawal};
use crate::tables::{Condition, MissileWeapon, MoraleResult, Recovery};
use crate::wounds::{self, Timing, Treatment};

/// Most combatants in one fight; most situations named on one attack; longest spell name.
pub const MAX_COMBATANTS: usize = 100;
pub const MAX_SITUATIONS: usize = 16;
pub const MAX_SPELL_NAME: usize = 64;
/// Largest missile distance accepted (feet or yards).
pub const MAX_DISTANCE: u32 = 10_000;

/// What a combatant declares before initiative (AC-INIT-03, AC-MOVE-10, AC-SPELL-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksDeclaration")]
pub enum Declaration {
    None,
    FightingWithdrawal,
    FullRetreat,
    /// Casting this spell this round.
    Spell(String),
}

/// A missile shot: the weapon of T-15 and the distance, in feet underground and yards outdoors
/// (AC-RANGED-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "AcksMissileShot")]
pub struct MissileShot {
    #[schemars(with = "String")]
    pub weapon: MissileWeapon,
    pub distance: u32,
    #[serde(default)]
    pub outdoors: bool,
}

/// How a combatant moves on its count (AC-MOVE-01…12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksMoveKind")]
pub enum MoveKind {
    Advance,
    Run,
    Charge,
    Withdraw,
    /// A prone combatant stands up instead of moving (AC-MANEUVER-09).
    Stand,
}

/// Striking an approaching enemy on its count (AC-INIT-05/06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksInterrupt")]
pub enum Interrupt {
    /// A spear or other long weapon.
    LongWeapon,
    /// A missile weapon held ready since the round began, not engaged.
    ReadyMissile,
}

fn yes() -> bool {
    true
}

/// Combat commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksCombatCommand")]
pub enum CombatCommand {
    BeginCombat {
        combatants: Vec<String>,
    },
    Declare {
        creature: String,
        declaration: Declaration,
        #[serde(default)]
        two_handed: bool,
    },
    RollInitiative {},
    Move {
        creature: String,
        kind: MoveKind,
        feet: u32,
        /// Within 5 ft of a foe (AC-MOVE-02).
        #[serde(default)]
        engaged: bool,
        /// The way is clear (and straight, for a charge).
        #[serde(default = "yes")]
        path_clear: bool,
        /// The weapon a charge is made with.
        #[serde(default)]
        #[schemars(with = "Option<String>")]
        weapon: Option<ChargeWeapon>,
    },
    Delay {
        creature: String,
        #[serde(default)]
        to_count: Option<i32>,
        #[serde(default)]
        until: Option<String>,
    },
    Attack {
        attacker: String,
        target: String,
        /// A character's weapon damage dice (`1d8`); a monster uses its card.
        #[serde(default)]
        weapon: Option<String>,
        #[serde(default)]
        attack_index: Option<usize>,
        #[serde(default)]
        #[schemars(with = "Vec<String>")]
        situations: Vec<Situation>,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        damage_bonus: i32,
        #[serde(default)]
        double_damage: bool,
        #[serde(default)]
        nonlethal: bool,
        #[serde(default)]
        #[schemars(with = "Option<String>")]
        maneuver: Option<Maneuver>,
        #[serde(default)]
        missile: Option<MissileShot>,
        /// A spear or polearm set against the target's charge (AC-MOVE-09).
        #[serde(default)]
        #[schemars(with = "Option<String>")]
        set_vs_charge: Option<ChargeWeapon>,
        /// The sizes of attacker and target, for a maneuver's save (AC-MANEUVER-15/16):
        /// `"similar"` unless given.
        #[serde(default)]
        #[schemars(with = "Option<Value>")]
        size_gap: Option<SizeGap>,
        /// The target is helpless (asleep, paralysed): hit without a throw (AC-ATK-06).
        #[serde(default)]
        helpless: bool,
        /// The attacker is engaged with other foes (a helpless target then takes double
        /// damage instead of being slain).
        #[serde(default)]
        engaged_with_others: bool,
        /// Strike the target as it approaches, on its count (AC-INIT-05/06).
        #[serde(default)]
        interrupt: Option<Interrupt>,
        /// A punch or a kick instead of a weapon (AC-MANEUVER-02/03): nonlethal, STR applies.
        #[serde(default)]
        #[schemars(with = "Option<String>")]
        brawl: Option<Brawl>,
        /// For a brawl: the attacker wears light or no armour and the target metal armour,
        /// so the blow hurts the attacker (AC-MANEUVER-03).
        #[serde(default)]
        against_metal_armour: bool,
    },
    EndFight {},
    MoraleCheck {
        creature: String,
        #[serde(default)]
        judge_modifier: i32,
        #[serde(default)]
        both_triggers: bool,
    },
    RestoreLife {
        character: String,
        #[schemars(with = "Value")]
        magic: wounds::Revival,
        #[serde(default)]
        days_dead: u32,
        #[serde(default)]
        severed_spine: bool,
        #[serde(default)]
        limbs_destroyed: u32,
        #[serde(default)]
        small_parts_destroyed: u32,
        #[serde(default)]
        caster_level: u32,
        #[serde(default)]
        outside_temple: bool,
        #[serde(default)]
        killed_during_bed_rest: bool,
        #[serde(default)]
        ritual_magic: bool,
    },
    TreatWound {
        character: String,
        #[schemars(with = "String")]
        timing: Timing,
        #[serde(default)]
        healing_spell_level: u32,
        #[serde(default)]
        healer: bool,
        #[serde(default)]
        untreated: bool,
    },
}

/// One combatant's round.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Combatant {
    #[serde(default)]
    pub declaration: Option<Declaration>,
    #[serde(default)]
    pub two_handed: bool,
    #[serde(default)]
    pub count: Option<i32>,
    #[serde(default)]
    pub attacks_made: u32,
    /// Cleaves earned this round (AC-CLEAVE-01), within the cap (AC-CLEAVE-04/05).
    #[serde(default)]
    pub cleaves: u32,
    /// Feet moved this round.
    #[serde(default)]
    pub moved_ft: u32,
    /// Ran this round: no attack but a charge (AC-MOVE-04).
    #[serde(default)]
    pub ran: bool,
    /// Charging this round, with this weapon (AC-MOVE-06…08).
    #[serde(default)]
    pub charging: Option<ChargeWeapon>,
    /// The round of its last charge: −2 AC until its next count (AC-MOVE-07).
    #[serde(default)]
    pub charge_round: Option<u32>,
    /// Its defensive movement this round (AC-MOVE-11/12).
    #[serde(default)]
    pub withdrawal: Option<Withdrawal>,
    /// Knocked down and not yet up (AC-MANEUVER-08/09); lasts across rounds.
    #[serde(default)]
    pub prone: bool,
    /// Held by this wrestler (AC-MANEUVER-13); lasts across rounds.
    #[serde(default)]
    pub held_by: Option<String>,
}

/// The fight under way.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CombatState {
    pub combatants: BTreeMap<String, Combatant>,
    pub round: u32,
    pub initiative_rolled: bool,
    /// Dropped on the count being resolved: they still act on it (AC-INIT-02).
    pub downed_this_count: Vec<String>,
    /// Out of the fight, in the order they fell.
    pub fallen: Vec<String>,
    /// The last morale result of each monster that rolled (AC-MORALE-05/06), the Judge's.
    #[serde(default)]
    pub morale: BTreeMap<String, MoraleResult>,
    /// The round the monsters' first death came in (AC-MORALE-03).
    #[serde(default)]
    pub first_death_round: Option<u32>,
}

/// AC-MORALE-05: the defensive movement a morale result imposes on the next action.
fn morale_declaration(r: MoraleResult) -> Option<Declaration> {
    let c = crate::morale::conduct(r);
    if c.retreats {
        Some(Declaration::FullRetreat)
    } else if c.fighting_withdrawal {
        Some(Declaration::FightingWithdrawal)
    } else {
        None
    }
}

/// The breakdown of a Mortal Wounds modifier (AC-WOUND-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoundBreakdown {
    pub hit_points: i32,
    pub constitution: i32,
    pub nonlethal: i32,
    pub healing_magic: i32,
    /// Timing and the Healing proficiency (or the untreated penalty).
    pub care: i32,
    pub total: i32,
}

/// Combat events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum CombatEvent {
    CombatBegun {
        combatants: Vec<String>,
    },
    Declared {
        creature: String,
        declaration: Declaration,
        two_handed: bool,
    },
    /// Counts of the round, highest first.
    InitiativeRolled {
        round: u32,
        counts: Vec<(String, i32)>,
    },
    Delayed {
        creature: String,
        count: i32,
    },
    Moved {
        creature: String,
        kind: MoveKind,
        feet: u32,
        #[serde(default)]
        charge_weapon: Option<ChargeWeapon>,
        #[serde(default)]
        withdrawal: Option<Withdrawal>,
    },
    /// The charger's next count came: its AC penalty ends (AC-MOVE-07).
    ChargeSpent {
        creature: String,
    },
    /// The full attack (the Judge's when a monster is in it; players see `attack_seen`).
    Attacked {
        attacker: String,
        target: String,
        face: i32,
        total: i32,
        needed: i32,
        hit: bool,
        natural: bool,
        damage: u32,
        nonlethal: bool,
        hp_after: i32,
        /// The attack was a cleave (AC-CLEAVE-01).
        cleave: bool,
        /// Felling the target earned a cleave.
        cleave_earned: bool,
        #[serde(default)]
        range: Option<String>,
        #[serde(default)]
        maneuver: Option<Maneuver>,
        /// Against a helpless target: no throw (AC-ATK-06).
        #[serde(default)]
        helpless: bool,
        /// A helpless target slain outright.
        #[serde(default)]
        slain: bool,
    },
    /// What players see of an attack a monster is in.
    AttackSeen {
        attacker: String,
        target: String,
        #[serde(default)]
        face: Option<i32>,
        hit: bool,
        damage: u32,
    },
    /// A special maneuver hit and the target saved or not vs Paralysis (AC-MELEE-05).
    ManeuverResolved {
        attacker: String,
        target: String,
        maneuver: Maneuver,
        saved: bool,
        /// Force back: feet pushed, the attacker's normal damage roll (AC-MANEUVER-05).
        #[serde(default)]
        pushed_ft: Option<u32>,
    },

    /// Damage before casting spoils the spell (AC-SPELL-02).
    SpellDisrupted {
        creature: String,
        spell: String,
    },
    /// Dropped to 0 hp or less on this count.
    Downed {
        creature: String,
    },
    /// Leaves the fight at the end of the count it fell on.
    Fell {
        creature: String,
    },
    /// The Judge's: the monsters' side has a morale roll due (AC-MORALE-03).
    MoraleDue {
        first_death: bool,
        half_down: bool,
        /// A lone monster dropped to half its hit points.
        #[serde(default)]
        lone_at_half_hp: bool,
        modifier: i32,
    },
    /// The Judge's secret morale roll (AC-MORALE-04/05/06).
    MoraleChecked {
        creature: String,
        score: i32,
        judge_modifier: i32,
        total: Option<i32>,
        result: String,
        /// What the result makes the monster do (AC-MORALE-05/06), when it rolled.
        #[serde(default)]
        outcome: Option<MoraleResult>,
    },
    WoundTreated {
        character: String,
        breakdown: WoundBreakdown,
        d20: i32,
        d6: i32,
        total: i32,
        condition: Condition,
        wound: String,
        recovery: String,
        bed_rest_days: Option<u32>,
        hp_after: Option<i32>,
    },
    /// A killed character returned, or a Tampering roll that failed (AC-WOUND-07/08).
    LifeRestored {
        character: String,
        magic: wounds::Revival,
        #[serde(default)]
        modifier: Option<i32>,
        #[serde(default)]
        d20: Option<i32>,
        #[serde(default)]
        d6: Option<i32>,
        #[serde(default)]
        total: Option<i32>,
        restored: bool,
        #[serde(default)]
        bed_rest_days: Option<u32>,
        #[serde(default)]
        side_effect: Option<String>,
    },
    RoundEnded {
        round: u32,
    },
    CombatOver {},
}

pub(super) fn acting(_state: &TableState<AcksState>, command: &CombatCommand) -> Acting {
    use CombatCommand as C;
    match command {
        C::Declare { creature, .. } | C::Delay { creature, .. } | C::Move { creature, .. } => {
            Acting::Characters(vec![creature.clone()])
        }
        C::Attack { attacker, .. } => Acting::Characters(vec![attacker.clone()]),
        C::BeginCombat { .. }
        | C::RollInitiative {}
        | C::EndFight {}
        | C::MoraleCheck { .. }
        | C::RestoreLife { .. }
        | C::TreatWound { .. } => Acting::RefereeOnly,
    }
}

fn combat_state(ctx: &Ctx<'_, Acks>) -> Result<CombatState, RuleError> {
    ctx.rules().combat.clone().ok_or_else(|| {
        refuse(
            "no_fight",
            "AC-INIT-01",
            "there is no fight: begin_combat first",
        )
    })
}

fn creature<'a>(state: &'a AcksState, id: &str) -> Result<&'a Creature, RuleError> {
    state.creatures.get(id).ok_or_else(|| no_creature(id))
}

fn int(total: i64) -> i32 {
    i32::try_from(total).unwrap_or(0)
}

/// The T-25 modifier of a character's ability (0 for monsters).
fn ability(
    state: &AcksState,
    c: &Creature,
    pick: fn(&super::state::Abilities) -> i32,
) -> Result<i32, RuleError> {
    match c.character() {
        Some(ch) => crate::tables::ability_modifier(&state.tables()?, pick(&ch.abilities))
            .map_err(|e| acks_err("bad_ability", e)),
        None => Ok(0),
    }
}

/// The attack throw (T-13/T-14), attack progression and level or Hit Dice of a creature.
fn throw_of(
    state: &AcksState,
    c: &Creature,
) -> Result<(i32, Option<AttackProgression>, u32), RuleError> {
    let tables = state.tables()?;
    if let Some(ch) = c.character() {
        let class = state.class_of(&c.id).ok_or_else(|| {
            refuse(
                "unknown_class",
                "packs",
                "the character's class is not loaded",
            )
        })?;
        let p: AttackProgression = class.attack.into();
        let t = attack::character_attack_throw(&tables, p, ch.level)
            .map_err(|e| acks_err("bad_level", e))?;
        return Ok((t, Some(p), ch.level));
    }
    let card = state
        .card_of(&c.id)
        .ok_or_else(|| refuse("unknown_card", "packs", "the monster's card is not loaded"))?;
    let hd = card.hd().map_err(|e| acks_err("bad_card", e))?;
    let t = attack::monster_attack_throw(&tables, hd).map_err(|e| acks_err("bad_card", e))?;
    Ok((t, None, hd.dice))
}

/// A creature's armour class: a monster's from its card, a character's from its sheet.
fn armour_class(state: &AcksState, c: &Creature) -> i32 {
    match c.character() {
        Some(ch) => ch.armour_class,
        None => state.card_of(&c.id).map_or(0, |card| card.armour_class),
    }
}

fn is_monster(state: &AcksState, id: &str) -> bool {
    state
        .creatures
        .get(id)
        .is_some_and(|c| c.monster().is_some())
}

fn in_fight(fight: &CombatState, id: &str) -> Result<(), RuleError> {
    if fight.combatants.contains_key(id) && !fight.fallen.iter().any(|f| f == id) {
        Ok(())
    } else {
        Err(refuse(
            "not_in_fight",
            "AC-INIT-01",
            format!("`{id}` is not fighting"),
        ))
    }
}

pub(super) fn decide(command: &CombatCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    match command {
        CombatCommand::BeginCombat { combatants } => begin(ctx, combatants),
        CombatCommand::Declare {
            creature: who,
            declaration,
            two_handed,
        } => {
            let fight = combat_state(ctx)?;
            in_fight(&fight, who)?;
            crate::initiative::change_declaration(fight.initiative_rolled)
                .map_err(|e| acks_err("declarations_closed", e))?;
            if let Declaration::Spell(s) = declaration
                && (s.trim().is_empty() || s.chars().count() > MAX_SPELL_NAME)
            {
                return Err(refuse(
                    "bad_spell",
                    "MAX_SPELL_NAME",
                    format!("a spell name is 1–{MAX_SPELL_NAME} characters"),
                ));
            }
            let event = CombatEvent::Declared {
                creature: who.clone(),
                declaration: declaration.clone(),
                two_handed: *two_handed,
            };
            if is_monster(ctx.rules(), who) {
                ctx.emit_for(event, Visibility::Referee)
            } else {
                ctx.emit(event)
            }
        }
        CombatCommand::RollInitiative {} => roll_initiative(ctx),
        CombatCommand::Move {
            creature: who,
            kind,
            feet,
            engaged,
            path_clear,
            weapon,
        } => move_command(ctx, who, *kind, *feet, *engaged, *path_clear, *weapon),
        CombatCommand::Delay {
            creature: who,
            to_count,
            until,
        } => delay(ctx, who, *to_count, until.as_deref()),
        CombatCommand::Attack { .. } => attack_command(ctx, command),
        CombatCommand::EndFight {} => {
            combat_state(ctx)?;
            if ctx.core().clock.combat.is_some() {
                ctx.end_combat()?;
            }
            ctx.emit(CombatEvent::CombatOver {})
        }
        CombatCommand::MoraleCheck {
            creature: who,
            judge_modifier,
            both_triggers,
        } => morale_check(ctx, who, *judge_modifier, *both_triggers),
        CombatCommand::RestoreLife { .. } => restore_life(ctx, command),
        CombatCommand::TreatWound {
            character,
            timing,
            healing_spell_level,
            healer,
            untreated,
        } => treat_wound(
            ctx,
            character,
            *timing,
            *healing_spell_level,
            *healer,
            *untreated,
        ),
    }
}

fn begin(ctx: &mut Ctx<'_, Acks>, combatants: &[String]) -> Result<(), RuleError> {
    if ctx.rules().combat.is_some() {
        return Err(refuse(
            "fight_running",
            "AC-INIT-01",
            "a fight is already under way",
        ));
    }
    if combatants.is_empty() || combatants.len() > MAX_COMBATANTS {
        return Err(refuse(
            "bad_combatants",
            "MAX_COMBATANTS",
            format!("a fight has 1–{MAX_COMBATANTS} combatants"),
        ));
    }
    let mut seen = std::collections::BTreeSet::new();
    for id in combatants {
        let c = creature(ctx.rules(), id)?;
        if !c.public() {
            return Err(refuse(
                "unrevealed_monster",
                "AC-INIT-01",
                format!("reveal `{id}` before it fights: the combat order is public"),
            ));
        }
        if c.hp <= 0 {
            return Err(refuse(
                "down",
                "AC-WOUND-01",
                format!("`{id}` is at {} hp and cannot fight", c.hp),
            ));
        }
        if !seen.insert(id) {
            return Err(refuse(
                "bad_combatants",
                "AC-INIT-01",
                format!("`{id}` is named twice"),
            ));
        }
    }
    ctx.emit(CombatEvent::CombatBegun {
        combatants: combatants.to_vec(),
    })
}

fn roll_initiative(ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    if fight.initiative_rolled {
        return Err(refuse(
            "round_running",
            "AC-INIT-01",
            "initiative is rolled once a round: finish this round first",
        ));
    }
    let mut counts = Vec::new();
    for (id, c) in &fight.combatants {
        if fight.fallen.contains(id) {
            continue;
        }
        let cr = creature(ctx.rules(), id)?;
        let dex = ability(ctx.rules(), cr, |a| a.dexterity)?;
        let r = ctx.roll(&format!("initiative of {id}"), "1d6", Visibility::Public)?;
        let count = crate::initiative::count(int(r.total), dex, c.two_handed)
            .map_err(|e| acks_err("bad_face", e))?;
        counts.push(crate::initiative::Initiative {
            combatant: id.clone(),
            count,
        });
    }
    if counts.is_empty() {
        return Err(refuse(
            "no_combatants",
            "AC-INIT-01",
            "no one is left to fight",
        ));
    }
    let groups = crate::initiative::order(counts.clone());
    let mut ordered: Vec<(String, i32)> =
        counts.into_iter().map(|i| (i.combatant, i.count)).collect();
    ordered.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ctx.emit(CombatEvent::InitiativeRolled {
        round: fight.round + 1,
        counts: ordered,
    })?;
    match &ctx.core().clock.combat {
        None => ctx.start_combat_grouped(&groups, true),
        Some(c) if c.between_rounds() => ctx.reorder_combat_grouped(&groups),
        Some(_) => Err(refuse(
            "round_running",
            "AC-INIT-01",
            "the round is still being fought",
        )),
    }
}

fn acting_now(ctx: &Ctx<'_, Acks>, who: &str) -> Result<(), RuleError> {
    if ctx.core().clock.acting() == Some(who) {
        Ok(())
    } else {
        Err(refuse(
            "not_your_count",
            "AC-INIT-02",
            format!("`{who}` does not act now"),
        ))
    }
}

fn delay(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    to_count: Option<i32>,
    until: Option<&str>,
) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    acting_now(ctx, who)?;
    let own = fight.combatants.get(who).and_then(|c| c.count).unwrap_or(0);
    let count_of = |id: &str| fight.combatants.get(id).and_then(|c| c.count);
    let (count, place) = match (to_count, until) {
        (None, Some(other)) => {
            if !sees(ctx.rules(), &viewer_of(ctx), other) {
                return Err(no_creature(other));
            }
            in_fight(&fight, other)?;
            let c = count_of(other).unwrap_or(own);
            (c, Place::With(other.to_string()))
        }
        (Some(to), None) => {
            // The first later combatant with this count or a lower one places the delay.
            let order = ctx
                .core()
                .clock
                .combat
                .as_ref()
                .map(|c| c.order[c.current.saturating_add(1).min(c.order.len())..].to_vec())
                .unwrap_or_default();
            let same = order.iter().rev().find(|id| count_of(id) == Some(to));
            let lower = order.iter().find(|id| count_of(id).is_some_and(|c| c < to));
            let place = match (same, lower) {
                (Some(s), _) => Place::With(s.clone()),
                (None, Some(l)) => Place::Before(l.clone()),
                (None, None) => Place::Last,
            };
            (to, place)
        }
        _ => {
            return Err(refuse(
                "bad_delay",
                "AC-INIT-04",
                "delay names either `to_count` or `until`",
            ));
        }
    };
    let count = crate::initiative::delay(own, count).map_err(|e| acks_err("bad_delay", e))?;
    ctx.emit(CombatEvent::Delayed {
        creature: who.to_string(),
        count,
    })?;
    ctx.delay_turn(&place)
}

/// A creature's combat movement per round: a third of its exploration speed.
fn combat_ft(state: &AcksState, id: &str) -> u32 {
    match (state.character(id), state.card_of(id)) {
        (Some(ch), _) => ch.speed_ft / 3,
        (None, Some(card)) => card.speed_ft / 3,
        (None, None) => 0,
    }
}

fn move_command(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    kind: MoveKind,
    feet: u32,
    engaged: bool,
    path_clear: bool,
    weapon: Option<ChargeWeapon>,
) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    in_fight(&fight, who)?;
    acting_now(ctx, who)?;
    let c = fight.combatants.get(who).cloned().unwrap_or_default();
    let casting = matches!(c.declaration, Some(Declaration::Spell(_)));
    if !movement::may_move(c.attacks_made > 0, casting) {
        return Err(refuse(
            "cannot_move",
            if casting { "AC-MOVE-03" } else { "AC-MOVE-01" },
            if casting {
                "a caster does not move in the round it casts"
            } else {
                "after attacking a combatant moves no more this round"
            },
        ));
    }
    let combat = combat_ft(ctx.rules(), who);
    let left = combat.saturating_sub(c.moved_ft);
    if (feet == 0 && kind != MoveKind::Stand) || feet > MAX_DISTANCE {
        return Err(refuse(
            "bad_distance",
            "AC-MOVE-01",
            format!("a move covers 1–{MAX_DISTANCE} ft"),
        ));
    }
    let defensive = matches!(
        c.declaration,
        Some(Declaration::FightingWithdrawal | Declaration::FullRetreat)
    );
    if engaged && kind != MoveKind::Withdraw {
        return Err(refuse(
            "engaged",
            "AC-MOVE-02",
            "an engaged combatant only withdraws or retreats, as declared",
        ));
    }
    let mut withdrawal = None;
    let mut charge_weapon = None;
    // AC-MANEUVER-09: a prone combatant stands instead of moving, or crawls 5 ft.
    if c.prone && !matches!(kind, MoveKind::Stand | MoveKind::Advance) {
        return Err(refuse(
            "prone",
            "AC-MANEUVER-09",
            "a prone combatant stands up or crawls first",
        ));
    }
    if c.prone && kind == MoveKind::Advance && feet > crate::maneuvers::PRONE_CRAWL_FT {
        return Err(refuse(
            "prone",
            "AC-MANEUVER-09",
            format!(
                "a prone combatant crawls {} ft a round",
                crate::maneuvers::PRONE_CRAWL_FT
            ),
        ));
    }
    let mut feet = feet;
    match kind {
        MoveKind::Stand => {
            if !c.prone {
                return Err(refuse(
                    "not_prone",
                    "AC-MANEUVER-09",
                    format!("`{who}` is on its feet"),
                ));
            }
            if c.moved_ft > 0 {
                return Err(refuse(
                    "cannot_move",
                    "AC-MANEUVER-09",
                    "standing up takes the round's movement",
                ));
            }
            // Standing takes the whole movement of the round.
            feet = combat;
        }
        MoveKind::Advance => {
            if feet > left {
                return Err(refuse(
                    "too_far",
                    "AC-MOVE-01",
                    format!("{left} ft of combat movement are left this round"),
                ));
            }
        }
        MoveKind::Run => {
            if feet > movement::running_ft(combat) {
                return Err(refuse(
                    "too_far",
                    "AC-MOVE-04",
                    format!("running covers at most {} ft", movement::running_ft(combat)),
                ));
            }
        }
        MoveKind::Charge => {
            movement::charge(movement::Charge {
                distance_ft: feet,
                combat_ft: combat,
                straight_and_clear: path_clear,
                target_visible: true,
                engaged,
            })
            .map_err(|e| acks_err("cannot_charge", e))?;
            charge_weapon = Some(weapon.unwrap_or(ChargeWeapon::Other));
        }
        MoveKind::Withdraw => {
            if !defensive {
                return Err(refuse(
                    "not_declared",
                    "AC-MOVE-10",
                    "defensive movement is declared before initiative",
                ));
            }
            let w = movement::withdrawal(feet, combat, path_clear)
                .map_err(|e| acks_err("cannot_withdraw", e))?;
            let declared = match c.declaration {
                Some(Declaration::FullRetreat) => Withdrawal::FullRetreat,
                _ => Withdrawal::FightingWithdrawal,
            };
            if w != declared {
                return Err(refuse(
                    "not_declared",
                    "AC-MOVE-10",
                    format!(
                        "{feet} ft back is a {}; the declaration stands for the round",
                        if w == Withdrawal::FullRetreat {
                            "full retreat"
                        } else {
                            "fighting withdrawal"
                        }
                    ),
                ));
            }
            withdrawal = Some(w);
        }
    }
    ctx.emit(CombatEvent::Moved {
        creature: who.to_string(),
        kind,
        feet,
        charge_weapon,
        withdrawal,
    })
}

fn viewer_of(ctx: &Ctx<'_, Acks>) -> Viewer {
    match ctx.actor() {
        engine::Actor::Player(p) => Viewer::Player(p.clone()),
        _ => Viewer::Referee,
    }
}

/// Everything an attack needs, worked out before any die is rolled.
struct Plan {
    throw: i32,
    ac: i32,
    bonus: i32,
    dice: DiceSpec,
    damage_bonus: i32,
    range: Option<(RangeBand, String)>,
    cleave_cap: u32,
    allowed: u32,
    cleave: bool,
}

#[allow(clippy::too_many_arguments)]
fn plan_attack(
    state: &AcksState,
    fight: Option<&CombatState>,
    attacker: &str,
    target: &str,
    weapon: Option<&str>,
    attack_index: Option<usize>,
    situations: &[Situation],
    bonus: i32,
    damage_bonus: i32,
    maneuver: Option<Maneuver>,
    missile_shot: Option<&MissileShot>,
) -> Result<Plan, RuleError> {
    let a = creature(state, attacker)?;
    let t = creature(state, target)?;
    if situations.len() > MAX_SITUATIONS {
        return Err(refuse(
            "too_many_situations",
            "MAX_SITUATIONS",
            format!("at most {MAX_SITUATIONS} situations per attack"),
        ));
    }
    if bonus.abs() > attack::MAX_BONUS || damage_bonus.abs() > attack::MAX_BONUS {
        return Err(refuse(
            "bad_bonus",
            "AC-ATK-03",
            format!("bonuses are within ±{}", attack::MAX_BONUS),
        ));
    }
    let (throw, progression, level) = throw_of(state, a)?;
    let tables = state.tables()?;
    let dice: DiceSpec = match (a.monster(), weapon) {
        (_, Some(w)) => w.parse().map_err(|e| acks_err("bad_weapon", e))?,
        (Some(_), None) => {
            let card = state.card_of(attacker).ok_or_else(|| {
                refuse("unknown_card", "packs", "the monster's card is not loaded")
            })?;
            let n = card.attacks.len().max(1);
            let made = fight
                .and_then(|f| f.combatants.get(attacker))
                .map_or(0, |c| c.attacks_made as usize);
            let i = attack_index.unwrap_or(made % n);
            let listed = card.attacks.get(i).ok_or_else(|| {
                refuse(
                    "bad_attack_index",
                    "AC-DMG-05",
                    format!("the routine lists {} attacks", card.attacks.len()),
                )
            })?;
            listed.damage.parse().map_err(|e| acks_err("bad_card", e))?
        }
        (None, None) => {
            return Err(refuse(
                "no_weapon",
                "AC-ATK-05",
                "a character's attack names its weapon's damage dice (`weapon`)",
            ));
        }
    };
    let fatigue = a.character().map_or(0, |c| c.rest.penalty());
    let mut total_bonus = bonus + attack::situational_modifier(situations) + fatigue;
    let mut dmg_bonus = damage_bonus + fatigue;
    let mut range = None;
    let class_cleaves = damage::cleaves_per_round(progression, level);
    let mut cleave_cap = class_cleaves;
    match missile_shot {
        Some(shot) => {
            if shot.distance > MAX_DISTANCE {
                return Err(refuse(
                    "bad_distance",
                    "AC-RANGED-04",
                    format!("distances run up to {MAX_DISTANCE}"),
                ));
            }
            let band = missile::range_band(&tables, shot.weapon, shot.distance)
                .map_err(|e| acks_err("out_of_range", e))?;
            total_bonus += band.modifier() + ability(state, a, |x| x.dexterity)?;
            let unit = if shot.outdoors { "yd" } else { "ft" };
            range = Some((band, format!("{} {unit}", shot.distance)));
            let kind = match shot.weapon {
                MissileWeapon::Crossbow | MissileWeapon::Arbalest => {
                    MissileCleave::CrossbowOrArbalest
                }
                MissileWeapon::Longbow => MissileCleave::Longbow,
                _ => MissileCleave::Other,
            };
            cleave_cap = damage::missile_cleaves(kind, class_cleaves);
        }
        None => {
            let str_mod = ability(state, a, |x| x.strength)?;
            total_bonus += str_mod;
            dmg_bonus += str_mod;
        }
    }
    if let Some(m) = maneuver {
        total_bonus += m.attack_modifier();
    }
    let base = match state.card_of(attacker) {
        Some(card) => attack::attacks_per_round(Some(card.attacks.len().max(1) as u32)),
        None => attack::attacks_per_round(None),
    };
    let (made, cleaves) = fight
        .and_then(|f| f.combatants.get(attacker))
        .map_or((0, 0), |c| (c.attacks_made, c.cleaves));
    let cleave = made >= base;
    if let Some(c) = fight.and_then(|f| f.combatants.get(attacker)) {
        if c.withdrawal == Some(Withdrawal::FullRetreat)
            || c.declaration == Some(Declaration::FullRetreat)
        {
            return Err(refuse(
                "retreating",
                "AC-MOVE-12",
                "a combatant in full retreat makes no attack this round",
            ));
        }
        if c.ran && c.charging.is_none() {
            return Err(refuse(
                "ran",
                "AC-MOVE-04",
                "a combatant who ran this round attacks only by charging",
            ));
        }
    }
    if cleave && maneuver.is_some() {
        return Err(refuse(
            "no_maneuver_while_cleaving",
            "AC-CLEAVE-03",
            "a cleave is an attack: no special maneuvers while cleaving",
        ));
    }
    let mut ac = armour_class(state, t);
    let own = fight.and_then(|f| f.combatants.get(attacker));
    let theirs = fight.and_then(|f| f.combatants.get(target));
    // AC-MOVE-07: a charger has −2 AC until its next count; AC-MOVE-12: foes get +2 against
    // a full retreat.
    if theirs.is_some_and(|c| c.charge_round.is_some()) {
        ac -= 2;
    }
    if theirs.is_some_and(|c| c.withdrawal == Some(Withdrawal::FullRetreat))
        && !situations.contains(&Situation::TargetInFullRetreat)
    {
        total_bonus += Situation::TargetInFullRetreat.modifier();
    }
    if own.is_some_and(|c| c.charging.is_some()) && !situations.contains(&Situation::Charging) {
        total_bonus += Situation::Charging.modifier();
    }
    // AC-MANEUVER-09/14: prone and held combatants, as the fight left them.
    for (applies, situation) in [
        (theirs.is_some_and(|c| c.prone), Situation::TargetProne),
        (own.is_some_and(|c| c.prone), Situation::AttackerProne),
        (
            theirs.is_some_and(|c| c.held_by.is_some()),
            Situation::TargetHeld,
        ),
    ] {
        if applies && !situations.contains(&situation) {
            total_bonus += situation.modifier();
        }
    }
    if !attack::AC_RANGE.contains(&ac) || total_bonus.abs() > attack::MAX_BONUS {
        return Err(refuse(
            "bad_bonus",
            "AC-ATK-03",
            format!("bonuses are within ±{}", attack::MAX_BONUS),
        ));
    }
    Ok(Plan {
        throw,
        ac,
        bonus: total_bonus,
        dice,
        damage_bonus: dmg_bonus,
        range,
        cleave_cap,
        allowed: base + cleaves,
        cleave,
    })
}

fn attack_command(ctx: &mut Ctx<'_, Acks>, command: &CombatCommand) -> Result<(), RuleError> {
    let CombatCommand::Attack {
        attacker,
        target,
        weapon,
        attack_index,
        situations,
        bonus,
        damage_bonus,
        double_damage,
        nonlethal,
        maneuver,
        missile: shot,
        set_vs_charge,
        size_gap,
        helpless,
        engaged_with_others,
        interrupt,
        brawl,
        against_metal_armour,
    } = command
    else {
        return Ok(());
    };
    let fight = combat_state(ctx)?;
    in_fight(&fight, attacker)?;
    in_fight(&fight, target)?;
    if attacker == target {
        return Err(refuse(
            "bad_target",
            "AC-ATK-03",
            "a creature does not attack itself",
        ));
    }
    let count_of = |id: &str| fight.combatants.get(id).and_then(|c| c.count).unwrap_or(0);
    let mut doubled = *double_damage;
    match set_vs_charge {
        // AC-MOVE-09: a set weapon strikes the charger on the charger's count.
        Some(w) => {
            if fight
                .combatants
                .get(target)
                .is_none_or(|c| c.charging.is_none())
            {
                return Err(refuse(
                    "not_charging",
                    "AC-MOVE-09",
                    format!("`{target}` is not charging"),
                ));
            }
            acting_now(ctx, target)?;
            movement::set_vs_charge(*w, count_of(attacker), count_of(target))
                .map_err(|e| acks_err("cannot_set", e))?;
            doubled = true;
        }
        None => match interrupt {
            Some(kind) => {
                let approaching = fight
                    .combatants
                    .get(target)
                    .is_some_and(|c| c.moved_ft > 0 && c.attacks_made == 0);
                if !approaching {
                    return Err(refuse(
                        "not_approaching",
                        "AC-INIT-05",
                        format!("`{target}` is not approaching on its count"),
                    ));
                }
                acting_now(ctx, target)?;
                let ok = crate::initiative::may_interrupt(
                    *kind == Interrupt::LongWeapon,
                    *kind == Interrupt::ReadyMissile && shot.is_some(),
                    *engaged_with_others,
                );
                if !ok {
                    return Err(refuse(
                        "cannot_interrupt",
                        "AC-INIT-06",
                        "only a long weapon, or a missile weapon held ready by a combatant not \
                         engaged, strikes on the enemy's count",
                    ));
                }
            }
            None => acting_now(ctx, attacker)?,
        },
    }
    // AC-MOVE-08: the charge's own attack deals double damage with a spear, lance, polearm or
    // horns.
    if let Some(c) = fight.combatants.get(attacker)
        && c.attacks_made == 0
        && c.charging.is_some_and(movement::charge_doubles)
    {
        doubled = true;
    }
    let state = ctx.rules();
    let a = creature(state, attacker)?;
    if a.hp <= 0 && !fight.downed_this_count.contains(attacker) {
        return Err(refuse(
            "down",
            "AC-WOUND-01",
            format!("`{attacker}` is down"),
        ));
    }
    // AC-MANEUVER-02/03: a brawl is a punch (1d3) or a kick (1d4 at −2), nonlethal; monsters
    // never brawl; against metal armour from light or none the blow hurts the brawler.
    let mut brawl_weapon = None;
    let mut brawl_bonus = 0;
    let mut hurts_self = false;
    if let Some(b) = brawl {
        if weapon.is_some() || shot.is_some() || maneuver.is_some() {
            return Err(refuse(
                "bad_brawl",
                "AC-MANEUVER-02",
                "a brawl uses no weapon, missile or maneuver",
            ));
        }
        let to = crate::maneuvers::brawl_damage_to(
            *against_metal_armour,
            *against_metal_armour,
            is_monster(state, attacker),
        )
        .map_err(|e| acks_err("bad_brawl", e))?;
        hurts_self = to == BrawlDamageTo::Attacker;
        let (sides, modifier) = crate::maneuvers::brawl(*b);
        brawl_weapon = Some(format!("1d{sides}"));
        brawl_bonus = modifier;
    }
    let plan = plan_attack(
        state,
        Some(&fight),
        attacker,
        target,
        brawl_weapon.as_deref().or(weapon.as_deref()),
        *attack_index,
        situations,
        bonus.saturating_add(brawl_bonus),
        *damage_bonus,
        *maneuver,
        shot.as_ref(),
    )?;
    let made = fight.combatants.get(attacker).map_or(0, |c| c.attacks_made);
    if made >= plan.allowed {
        return Err(refuse(
            "no_attacks_left",
            "AC-ATK-02",
            format!("`{attacker}` has made every attack it has this round"),
        ));
    }
    let secret = is_monster(state, attacker) || is_monster(state, target);
    let attacker_monster = is_monster(state, attacker);
    let t = creature(state, target)?.clone();
    let roll_vis = if attacker_monster {
        Visibility::Referee
    } else {
        Visibility::Public
    };
    // The save's size modifier is checked before any die is rolled.
    let save_mod = maneuver
        .map(|m| crate::maneuvers::save_modifier(m, size_gap.unwrap_or(SizeGap::Similar)))
        .transpose()
        .map_err(|e| acks_err("bad_maneuver", e))?
        .unwrap_or(0);
    let outcome = helpless.then(|| attack::attack_helpless(*engaged_with_others));
    if outcome == Some(attack::HelplessOutcome::DoubleDamage) {
        doubled = true;
    }
    let roll = if *helpless {
        if maneuver.is_some() {
            return Err(refuse(
                "helpless_target",
                "AC-ATK-06",
                "a helpless target is simply hit: no maneuver needed",
            ));
        }
        attack::AttackRoll {
            face: 0,
            total: 0,
            needed: attack::needed(plan.throw, plan.ac),
            hit: true,
            natural: false,
        }
    } else {
        let face = int(ctx
            .roll(
                &format!("attack throw of {attacker}"),
                "1d20",
                roll_vis.clone(),
            )?
            .total);
        attack::resolve_attack(plan.throw, plan.ac, plan.bonus, face)
            .map_err(|e| acks_err("bad_face", e))?
    };
    let face = roll.face;
    let slain = outcome == Some(attack::HelplessOutcome::KilledOutright);
    let mut amount = 0;
    let mut saved = None;
    let lands_damage = roll.hit && maneuver.is_none_or(|m| !m.target_saves());
    if roll.hit && maneuver.is_some_and(|m| m.target_saves()) {
        let value = save_value(ctx.rules(), &t)?;
        let modifier = save_mod;
        let vis = if is_monster(ctx.rules(), target) {
            Visibility::Referee
        } else {
            Visibility::Public
        };
        let f = int(ctx
            .roll(&format!("{target} saves vs paralysis"), "1d20", vis)?
            .total);
        saved = Some(
            crate::saves::resolve_save(value, modifier, f).map_err(|e| acks_err("bad_face", e))?,
        );
    }
    let mut pushed_ft = None;
    if saved == Some(false) && *maneuver == Some(Maneuver::ForceBack) {
        let expr = format!("{}d{}", plan.dice.count, plan.dice.sides);
        let r = ctx.roll(
            &format!("force back by {attacker}"),
            &expr,
            roll_vis.clone(),
        )?;
        let base = (int(r.total) + plan.dice.bonus).max(0) as u32;
        pushed_ft = Some(crate::maneuvers::force_back_feet(base));
    }
    if slain {
        amount = u32::try_from(t.hp.max(0)).unwrap_or(0);
    } else if lands_damage {
        let expr = format!("{}d{}", plan.dice.count, plan.dice.sides);
        let r = ctx.roll(&format!("damage by {attacker}"), &expr, roll_vis)?;
        let base = (int(r.total) + plan.dice.bonus).max(0) as u32;
        amount = damage::total_damage(base, doubled, plan.damage_bonus);
    }
    let nonlethal_hit = *nonlethal || *maneuver == Some(Maneuver::KnockOut) || brawl.is_some();
    // The brawler who strikes metal armour takes the blow itself.
    let (target, t) = if hurts_self && amount > 0 {
        (attacker, creature(ctx.rules(), attacker)?.clone())
    } else {
        (target, t)
    };
    let hp_after =
        t.hp.saturating_sub(i32::try_from(amount).unwrap_or(i32::MAX));
    let downed = t.hp > 0 && (hp_after <= 0 || slain);
    let cleaves_had = fight.combatants.get(attacker).map_or(0, |c| c.cleaves);
    let cleave_earned = downed && target != attacker && cleaves_had < plan.cleave_cap;
    let full = CombatEvent::Attacked {
        attacker: attacker.clone(),
        target: target.clone(),
        face,
        total: roll.total,
        needed: roll.needed,
        hit: roll.hit,
        natural: roll.natural,
        damage: amount,
        nonlethal: nonlethal_hit,
        hp_after,
        cleave: plan.cleave,
        cleave_earned,
        range: plan
            .range
            .as_ref()
            .map(|(b, d)| format!("{b:?} at {d}").to_lowercase()),
        maneuver: *maneuver,
        helpless: *helpless,
        slain,
    };
    if secret {
        let seen = CombatEvent::AttackSeen {
            attacker: attacker.clone(),
            target: target.clone(),
            face: (!attacker_monster && !*helpless).then_some(face),
            hit: roll.hit,
            damage: amount,
        };
        ctx.emit_masked(full, Visibility::Referee, seen)?;
    } else {
        ctx.emit(full)?;
    }
    if let (Some(m), Some(saved)) = (maneuver, saved) {
        ctx.emit(CombatEvent::ManeuverResolved {
            attacker: attacker.clone(),
            target: target.clone(),
            maneuver: *m,
            saved,
            pushed_ft,
        })?;
    }
    if amount > 0 {
        super::core::change_hp(ctx, target, hp_after, &format!("attack by {attacker}"))?;
        disrupt_spell(ctx, target)?;
    }
    // AC-MORALE-03: a lone monster rolls on dropping to half its hit points.
    let lone = is_monster(ctx.rules(), target)
        && fight
            .combatants
            .keys()
            .filter(|id| is_monster(ctx.rules(), id))
            .count()
            == 1;
    let half = t.max_hp / 2;
    if lone && t.hp > half && hp_after <= half && hp_after > 0 {
        let triggers = crate::morale::MoraleTriggers {
            first_death: false,
            half_down: false,
            lone_at_half_hp: true,
        };
        ctx.emit_for(
            CombatEvent::MoraleDue {
                first_death: false,
                half_down: false,
                lone_at_half_hp: true,
                modifier: triggers.roll_due().unwrap_or(0),
            },
            Visibility::Referee,
        )?;
    }
    if downed {
        ctx.emit(CombatEvent::Downed {
            creature: target.clone(),
        })?;
    }
    Ok(())
}

/// AC-SPELL-02: a caster damaged before its count loses the spell it declared.
fn disrupt_spell(ctx: &mut Ctx<'_, Acks>, target: &str) -> Result<(), RuleError> {
    let Some(Declaration::Spell(spell)) = ctx
        .rules()
        .combat
        .as_ref()
        .and_then(|f| f.combatants.get(target))
        .and_then(|c| c.declaration.clone())
    else {
        return Ok(());
    };
    let acted = ctx.core().clock.combat.as_ref().is_some_and(|c| {
        c.order
            .iter()
            .position(|id| id == target)
            .is_none_or(|slot| slot < c.current)
    });
    if acted {
        return Ok(());
    }
    let event = CombatEvent::SpellDisrupted {
        creature: target.to_string(),
        spell,
    };
    if is_monster(ctx.rules(), target) {
        ctx.emit_for(event, Visibility::Referee)
    } else {
        ctx.emit(event)
    }
}

/// The target's save vs Paralysis (T-19).
fn save_value(state: &AcksState, c: &Creature) -> Result<i32, RuleError> {
    let tables = state.tables()?;
    let (p, level) = match (c.character(), state.card_of(&c.id)) {
        (Some(ch), _) => (
            state
                .class_of(&c.id)
                .map(|k| AttackProgression::from(k.saves))
                .ok_or_else(|| refuse("unknown_class", "packs", "the class is not loaded"))?,
            ch.level,
        ),
        (None, Some(card)) => (card.save_as.class.into(), card.save_as.level),
        (None, None) => return Err(no_creature(&c.id)),
    };
    crate::saves::save_value(&tables, p, level, crate::saves::SaveCategory::Paralysis)
        .map_err(|e| acks_err("bad_save", e))
}

fn morale_check(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    judge_modifier: i32,
    both_triggers: bool,
) -> Result<(), RuleError> {
    let state = ctx.rules();
    let card = state.card_of(who).ok_or_else(|| {
        if state.creatures.contains_key(who) {
            refuse(
                "not_a_monster",
                "AC-MORALE-01",
                "players decide whether their characters fight on",
            )
        } else {
            no_creature(who)
        }
    })?;
    let score = card.morale;
    // AC-MORALE-06: after "victory or death" no more morale rolls this battle.
    if state
        .combat
        .as_ref()
        .and_then(|f| f.morale.get(who))
        .is_some_and(|r| crate::morale::conduct(*r).no_more_rolls)
    {
        return Err(refuse(
            "no_more_rolls",
            "AC-MORALE-06",
            format!("`{who}` fights to victory or death: no more morale rolls this battle"),
        ));
    }
    let tables = state.tables()?;
    // The faces are checked after rolling; a bad score or modifier refuses before any die.
    crate::morale::morale_odds(&tables, score, judge_modifier, both_triggers)
        .map_err(|e| acks_err("bad_morale", e))?;
    let no_roll = matches!(
        crate::morale::morale_odds(&tables, score, judge_modifier, both_triggers),
        Ok(crate::morale::MoraleOdds::NoRoll(_))
    );
    let (total, result, outcome) = if no_roll {
        let r =
            crate::morale::resolve_morale(&tables, score, judge_modifier, both_triggers, (1, 1))
                .map_err(|e| acks_err("bad_morale", e))?;
        let why = match r {
            Err(crate::morale::NoRoll::NeverFights) => "never_fights",
            Err(crate::morale::NoRoll::FightsToTheDeath) => "fights_to_the_death",
            Ok(_) => "",
        };
        (None, why.to_string(), None)
    } else {
        let a = int(ctx.roll_secret(&format!("morale of {who}"), "1d6")?.total);
        let b = int(ctx.roll_secret(&format!("morale of {who}"), "1d6")?.total);
        let r =
            crate::morale::resolve_morale(&tables, score, judge_modifier, both_triggers, (a, b))
                .map_err(|e| acks_err("bad_face", e))?;
        let total = a + b + score + judge_modifier + if both_triggers { -2 } else { 0 };
        (Some(total), morale_name(r.ok()), r.ok())
    };
    ctx.emit_for(
        CombatEvent::MoraleChecked {
            creature: who.to_string(),
            score,
            judge_modifier,
            total,
            result,
            outcome,
        },
        Visibility::Referee,
    )
}

fn morale_name(r: Option<MoraleResult>) -> String {
    r.map_or_else(String::new, |r| {
        serde_json::to_value(r)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| format!("{r:?}"))
    })
}

fn treat_wound(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    timing: Timing,
    healing_spell_level: u32,
    healer: bool,
    untreated: bool,
) -> Result<(), RuleError> {
    let state = ctx.rules();
    let c = creature(state, who)?.clone();
    let Some(ch) = c.character() else {
        return Err(refuse(
            "not_a_character",
            "AC-WOUND-02",
            "the Mortal Wounds table is rolled for characters",
        ));
    };
    if c.slain {
        return Err(refuse(
            "slain",
            "AC-ATK-06",
            format!("`{who}` was slain outright: there is no mortal wound to treat"),
        ));
    }
    if c.hp > 0 {
        return Err(refuse(
            "not_wounded",
            "AC-WOUND-01",
            format!("`{who}` is at {} hp: no mortal wound to treat", c.hp),
        ));
    }
    let tables = state.tables()?;
    let options = crate::Options::default();
    let con = crate::tables::ability_modifier(&tables, ch.abilities.constitution)
        .map_err(|e| acks_err("bad_ability", e))?;
    let t = Treatment {
        max_hp: c.max_hp,
        hp: c.hp,
        con_modifier: con,
        healing_spell_level,
        healer,
        timing,
        nonlethal: c.nonlethal.before_falling,
        untreated,
    };
    let m = |t: &Treatment| {
        wounds::wound_modifier(&tables, &options, t).map_err(|e| acks_err("bad_treatment", e))
    };
    let total = m(&t)?;
    let hit_points =
        wounds::hp_modifier(&tables, c.max_hp, c.hp).map_err(|e| acks_err("bad_treatment", e))?;
    let without_nonlethal = m(&Treatment { nonlethal: 0, ..t })?;
    let without_magic = m(&Treatment {
        healing_spell_level: 0,
        ..t
    })?;
    let nonlethal = total - without_nonlethal;
    let healing_magic = total - without_magic;
    let breakdown = WoundBreakdown {
        hit_points,
        constitution: con,
        nonlethal,
        healing_magic,
        care: total - hit_points - con - nonlethal - healing_magic,
        total,
    };
    let d20 = int(ctx
        .roll(
            &format!("mortal wounds of {who}"),
            "1d20",
            Visibility::Public,
        )?
        .total);
    let d6 = int(ctx
        .roll(
            &format!("lasting wound of {who}"),
            "1d6",
            Visibility::Public,
        )?
        .total);
    let r = wounds::resolve_wound(&tables, total, d20, d6).map_err(|e| acks_err("bad_face", e))?;
    let bed_rest_days = wounds::bed_rest_days(&r.recovery, healing_spell_level > 0);
    let hp_after = match r.recovery {
        Recovery::None | Recovery::HealWithin { .. } => None,
        _ => r.recovers_at_hp,
    };
    ctx.emit(CombatEvent::WoundTreated {
        character: who.to_string(),
        breakdown,
        d20,
        d6,
        total: r.total,
        condition: r.condition,
        wound: r.wound,
        recovery: r.recovery_text,
        bed_rest_days,
        hp_after,
    })
}

fn restore_life(ctx: &mut Ctx<'_, Acks>, command: &CombatCommand) -> Result<(), RuleError> {
    let CombatCommand::RestoreLife {
        character: who,
        magic,
        days_dead,
        severed_spine,
        limbs_destroyed,
        small_parts_destroyed,
        caster_level,
        outside_temple,
        killed_during_bed_rest,
        ritual_magic,
    } = command
    else {
        return Ok(());
    };
    if let wounds::Revival::Similar(name) = magic
        && (name.trim().is_empty() || name.chars().count() > MAX_SPELL_NAME)
    {
        return Err(refuse(
            "bad_spell",
            "MAX_SPELL_NAME",
            format!("a spell name is 1–{MAX_SPELL_NAME} characters"),
        ));
    }
    let state = ctx.rules();
    let c = creature(state, who)?.clone();
    let Some(ch) = c.character() else {
        return Err(refuse(
            "not_a_character",
            "AC-WOUND-07",
            "only characters are returned from death here",
        ));
    };
    // Slain outright, or killed on the Mortal Wounds table and not yet returned.
    let killed = c.slain
        || (c.hp <= 0
            && ch
                .wounds
                .last()
                .is_some_and(|w| w.condition == Condition::Killed));
    if !killed {
        return Err(refuse(
            "not_dead",
            "AC-WOUND-07",
            format!("`{who}` is not dead"),
        ));
    }
    let tables = state.tables()?;
    let wis = crate::tables::ability_modifier(&tables, ch.abilities.wisdom)
        .map_err(|e| acks_err("bad_ability", e))?;
    let facts = wounds::Tampering {
        wis_modifier: wis,
        days_dead: *days_dead,
        existing_side_effects: u32::try_from(ch.side_effects.len()).unwrap_or(u32::MAX),
        killed_outright: c.slain,
        severed_spine: *severed_spine,
        limbs_destroyed: *limbs_destroyed,
        small_parts_destroyed: *small_parts_destroyed,
        caster_level: *caster_level,
        outside_temple: *outside_temple,
    };
    let mut harm = wounds::LastingHarm {
        permanent_wounds: ch.wounds.iter().map(|w| w.wound.clone()).collect(),
        tampering_side_effects: ch.side_effects.clone(),
    };
    // Checked before any die: the modifier's inputs and who may be brought back.
    let modifier = wounds::tampering_modifier(&facts).map_err(|e| acks_err("bad_tampering", e))?;
    if !wounds::restorable(*killed_during_bed_rest, *ritual_magic) {
        return Err(refuse(
            "ritual_magic_only",
            "AC-HEAL-04",
            "killed again before the bed rest was over: only ritual magic brings this character back",
        ));
    }
    let roll = if *magic == wounds::Revival::RestoreLifeAndLimb {
        let d20 = int(ctx
            .roll(
                &format!("tampering with mortality for {who}"),
                "1d20",
                Visibility::Public,
            )?
            .total);
        let d6 = int(ctx
            .roll(&format!("side effect for {who}"), "1d6", Visibility::Public)?
            .total);
        Some(wounds::TamperingRoll { facts, d20, d6 })
    } else {
        None
    };
    let outcome = wounds::revive(
        &tables,
        &mut harm,
        magic,
        *killed_during_bed_rest,
        *ritual_magic,
        roll,
    )
    .map_err(|e| acks_err("bad_tampering", e))?;
    let event = match outcome {
        wounds::RevivalOutcome::Tampering(r) => CombatEvent::LifeRestored {
            character: who.to_string(),
            magic: magic.clone(),
            modifier: Some(modifier),
            d20: roll.map(|r| r.d20),
            d6: roll.map(|r| r.d6),
            total: Some(r.total),
            restored: r.restored,
            bed_rest_days: r.bed_rest_days,
            side_effect: r.restored.then_some(r.side_effect),
        },
        wounds::RevivalOutcome::Returned => CombatEvent::LifeRestored {
            character: who.to_string(),
            magic: magic.clone(),
            modifier: None,
            d20: None,
            d6: None,
            total: None,
            restored: true,
            bed_rest_days: None,
            side_effect: None,
        },
    };
    ctx.emit(event)
}

pub(super) fn apply(state: &mut AcksState, event: &CombatEvent) {
    match event {
        CombatEvent::LifeRestored {
            character,
            restored: true,
            bed_rest_days,
            side_effect,
            ..
        } => {
            if let Some(c) = state.creatures.get_mut(character) {
                c.hp = 1;
                c.slain = false;
                c.nonlethal = Default::default();
                if let Some(ch) = c.character_mut() {
                    ch.bed_rest_days = bed_rest_days.unwrap_or(0);
                    ch.side_effects.extend(side_effect.iter().cloned());
                }
            }
        }
        CombatEvent::CombatBegun { combatants } => {
            state.combat = Some(CombatState {
                combatants: combatants
                    .iter()
                    .map(|c| (c.clone(), Combatant::default()))
                    .collect(),
                ..Default::default()
            });
        }
        CombatEvent::CombatOver {} => state.combat = None,
        CombatEvent::WoundTreated {
            character,
            condition,
            wound,
            bed_rest_days,
            hp_after,
            ..
        } => {
            if let Some(c) = state.creatures.get_mut(character) {
                if let Some(hp) = hp_after {
                    c.hp = *hp;
                    c.nonlethal = Default::default();
                }
                if let Some(ch) = c.character_mut() {
                    ch.wounds.push(WoundRecord {
                        condition: *condition,
                        wound: wound.clone(),
                        bed_rest_days: *bed_rest_days,
                    });
                    ch.bed_rest_days = bed_rest_days.unwrap_or(0);
                }
            }
        }
        CombatEvent::Attacked {
            target,
            damage,
            nonlethal,
            hp_after,
            ..
        } => {
            if let Some(c) = state.creatures.get_mut(target) {
                c.nonlethal.take(*damage, *nonlethal, *hp_after);
                if let CombatEvent::Attacked { slain: true, .. } = event {
                    c.slain = true;
                }
            }
            apply_fight(state, event);
        }
        _ => apply_fight(state, event),
    }
}

fn apply_fight(state: &mut AcksState, event: &CombatEvent) {
    let Some(fight) = state.combat.as_mut() else {
        return;
    };
    match event {
        CombatEvent::Declared {
            creature,
            declaration,
            two_handed,
        } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.declaration = Some(declaration.clone());
                c.two_handed = *two_handed;
            }
        }
        CombatEvent::InitiativeRolled { round, counts } => {
            fight.round = *round;
            fight.initiative_rolled = true;
            for (id, count) in counts {
                if let Some(c) = fight.combatants.get_mut(id) {
                    c.count = Some(*count);
                }
            }
        }
        CombatEvent::Delayed { creature, count } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.count = Some(*count);
            }
        }
        CombatEvent::Moved {
            creature,
            kind,
            feet,
            charge_weapon,
            withdrawal,
        } => {
            let round = fight.round;
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.moved_ft = c.moved_ft.saturating_add(*feet);
                c.ran |= *kind == MoveKind::Run;
                if *kind == MoveKind::Stand {
                    c.prone = false;
                }
                if charge_weapon.is_some() {
                    c.charging = *charge_weapon;
                    c.charge_round = Some(round);
                }
                if withdrawal.is_some() {
                    c.withdrawal = *withdrawal;
                }
            }
        }
        CombatEvent::ManeuverResolved {
            attacker,
            target,
            maneuver,
            saved: false,
            ..
        } => {
            if let Some(c) = fight.combatants.get_mut(target) {
                match maneuver {
                    Maneuver::KnockDown => c.prone = true,
                    Maneuver::Wrestle => c.held_by = Some(attacker.clone()),
                    _ => {}
                }
            }
        }
        CombatEvent::ChargeSpent { creature } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.charge_round = None;
            }
        }
        CombatEvent::Attacked {
            attacker,
            cleave_earned,
            ..
        } => {
            if let Some(c) = fight.combatants.get_mut(attacker) {
                c.attacks_made += 1;
                if *cleave_earned {
                    c.cleaves += 1;
                }
            }
        }
        CombatEvent::MoraleChecked {
            creature,
            outcome: Some(r),
            ..
        } => {
            fight.morale.insert(creature.clone(), *r);
            // Before this round's initiative the result already binds this round's action.
            if !fight.initiative_rolled
                && let (Some(d), Some(c)) =
                    (morale_declaration(*r), fight.combatants.get_mut(creature))
            {
                c.declaration = Some(d);
            }
        }
        CombatEvent::MoraleDue {
            first_death: true, ..
        } => {
            fight.first_death_round.get_or_insert(fight.round);
        }
        CombatEvent::SpellDisrupted { creature, .. } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.declaration = Some(Declaration::None);
            }
        }
        CombatEvent::Downed { creature } => fight.downed_this_count.push(creature.clone()),
        CombatEvent::Fell { creature } => {
            fight.downed_this_count.retain(|c| c != creature);
            fight.fallen.push(creature.clone());
            // A fallen wrestler holds no one.
            for c in fight.combatants.values_mut() {
                if c.held_by.as_deref() == Some(creature.as_str()) {
                    c.held_by = None;
                }
            }
        }
        CombatEvent::RoundEnded { .. } => {
            fight.initiative_rolled = false;
            for (id, c) in fight.combatants.iter_mut() {
                *c = Combatant {
                    two_handed: c.two_handed,
                    charge_round: c.charge_round,
                    prone: c.prone,
                    held_by: c.held_by.clone(),
                    // AC-MORALE-05: a retreat or withdrawal goes on into the next rounds.
                    declaration: fight.morale.get(id).copied().and_then(morale_declaration),
                    ..Default::default()
                };
            }
        }
        _ => {}
    }
}

/// `GroupEnd`: everyone who fell on the count leaves together, then the monsters' morale
/// triggers (AC-MORALE-03); `RoundEnd`: declarations and counts clear for the next round.
pub(super) fn on_boundary(boundary: &Boundary, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    let Some(fight) = ctx.rules().combat.clone() else {
        return Ok(());
    };
    match boundary {
        Boundary::GroupEnd => {
            if fight.downed_this_count.is_empty() {
                return Ok(());
            }
            let state = ctx.rules();
            let monsters: Vec<&String> = fight
                .combatants
                .keys()
                .filter(|id| is_monster(state, id))
                .collect();
            let fallen_before = fight
                .fallen
                .iter()
                .filter(|id| is_monster(state, id))
                .count();
            let falling = fight
                .downed_this_count
                .iter()
                .filter(|id| is_monster(state, id))
                .count();
            for id in &fight.downed_this_count {
                ctx.emit(CombatEvent::Fell {
                    creature: id.clone(),
                })?;
                if ctx
                    .core()
                    .clock
                    .combat
                    .as_ref()
                    .is_some_and(|c| c.order.contains(id))
                {
                    ctx.remove_combatant(id)?;
                }
            }
            if falling > 0 {
                let after = fallen_before + falling;
                // Both triggers in one round make one roll at −2: a half-down on a later
                // count of the round of the first death counts both.
                let first_this_round = fight.first_death_round == Some(fight.round);
                let half_down = after * 2 >= monsters.len() && fallen_before * 2 < monsters.len();
                let triggers = crate::morale::MoraleTriggers {
                    first_death: fallen_before == 0 || (half_down && first_this_round),
                    half_down,
                    lone_at_half_hp: false,
                };
                if let Some(modifier) = triggers.roll_due()
                    && after < monsters.len()
                {
                    ctx.emit_for(
                        CombatEvent::MoraleDue {
                            first_death: triggers.first_death,
                            half_down: triggers.half_down,
                            lone_at_half_hp: false,
                            modifier,
                        },
                        Visibility::Referee,
                    )?;
                }
            }
            Ok(())
        }
        Boundary::RoundEnd => ctx.emit(CombatEvent::RoundEnded { round: fight.round }),
        Boundary::TurnStart { who } => {
            let spent = fight
                .combatants
                .get(who)
                .and_then(|c| c.charge_round)
                .is_some_and(|r| r < fight.round);
            if spent {
                ctx.emit(CombatEvent::ChargeSpent {
                    creature: who.clone(),
                })?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn frac(f: crate::odds::Fraction) -> String {
    f.to_string()
}

/// `attack_odds`: the exact chance to hit and the damage spread before the roll (AC-ATK-03/05).
pub(super) fn attack_odds(
    state: &TableState<AcksState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Args {
        attacker: String,
        target: String,
        #[serde(default)]
        weapon: Option<String>,
        #[serde(default)]
        attack_index: Option<usize>,
        #[serde(default)]
        situations: Vec<Situation>,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        damage_bonus: i32,
        #[serde(default)]
        missile: Option<MissileShot>,
    }
    let a: Args = serde_json::from_value(args.clone())
        .map_err(|e| refuse("bad_query", "attack_odds", format!("attack_odds: {e}")))?;
    let rules = &state.rules;
    for id in [&a.attacker, &a.target] {
        if !sees(rules, viewer, id) {
            return Err(no_creature(id));
        }
    }
    if *viewer != Viewer::Referee
        && (is_monster(rules, &a.attacker) || is_monster(rules, &a.target))
    {
        return Err(refuse(
            "judges_odds",
            "secrecy",
            "a monster's attack throw and armour class are the Judge's: ask about characters",
        ));
    }
    let plan = plan_attack(
        rules,
        rules.combat.as_ref(),
        &a.attacker,
        &a.target,
        a.weapon.as_deref(),
        a.attack_index,
        &a.situations,
        a.bonus,
        a.damage_bonus,
        None,
        a.missile.as_ref(),
    )?;
    let odds = crate::routine::strike_odds(
        plan.throw,
        plan.ac,
        plan.bonus,
        plan.dice,
        plan.damage_bonus,
    )
    .map_err(|e| acks_err("bad_odds", e))?;
    Ok(json!({
        "needed": attack::needed(plan.throw, plan.ac),
        "bonus": plan.bonus,
        "hit": frac(odds.hit),
        "expected_damage": frac(odds.expected_damage),
        "damage": odds.damage.iter().map(|(d, p)| json!([d, frac(*p)])).collect::<Vec<_>>(),
    }))
}

/// `morale_odds`: the Judge's exact chances of each morale result (AC-MORALE-04).
pub(super) fn morale_odds(
    state: &TableState<AcksState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Args {
        creature: String,
        #[serde(default)]
        judge_modifier: i32,
        #[serde(default)]
        both_triggers: bool,
    }
    if *viewer != Viewer::Referee {
        return Err(refuse(
            "judges_odds",
            "AC-MORALE-01",
            "morale odds are the Judge's",
        ));
    }
    let a: Args = serde_json::from_value(args.clone())
        .map_err(|e| refuse("bad_query", "morale_odds", format!("morale_odds: {e}")))?;
    let rules = &state.rules;
    let card = rules
        .card_of(&a.creature)
        .ok_or_else(|| no_creature(&a.creature))?;
    let tables = rules.tables()?;
    let odds = crate::morale::morale_odds(&tables, card.morale, a.judge_modifier, a.both_triggers)
        .map_err(|e| acks_err("bad_morale", e))?;
    Ok(match odds {
        crate::morale::MoraleOdds::NoRoll(n) => json!({"no_roll": n}),
        crate::morale::MoraleOdds::Odds(list) => json!({
            "score": card.morale,
            "results": list
                .into_iter()
                .map(|(r, p)| json!([r, frac(p)]))
                .collect::<Vec<_>>(),
        }),
    })
}

/// The fight as `viewer` sees it: counts, declarations of characters (a monster's are the
/// Judge's), who fell.
pub(super) fn project(state: &TableState<AcksState>, viewer: &Viewer) -> Value {
    let rules = &state.rules;
    let Some(fight) = &rules.combat else {
        return Value::Null;
    };
    let judge = *viewer == Viewer::Referee;
    let combatants: BTreeMap<&String, Value> = fight
        .combatants
        .iter()
        .filter(|(id, _)| sees(rules, viewer, id))
        .map(|(id, c)| {
            let open = judge || !is_monster(rules, id);
            (
                id,
                json!({
                    "count": c.count,
                    "declaration": if open { json!(c.declaration) } else { Value::Null },
                    "attacks_made": c.attacks_made,
                    "cleaves": if open { json!(c.cleaves) } else { Value::Null },
                }),
            )
        })
        .collect();
    json!({
        "round": fight.round,
        "initiative_rolled": fight.initiative_rolled,
        "combatants": combatants,
        "fallen": fight.fallen,
    })
}
