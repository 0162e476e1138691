//! The `dnd2024` ruleset behind the engine: [`Dnd2024`] implements [`engine::Ruleset`], so
//! the server and the CLI drive the pure rules of this crate with JSON commands. No module
//! here holds a rule of its own: each rolls through `ctx` (every die is a recorded `rolled`
//! event), calls the pure modules ([`crate::core`], [`crate::combat`], [`crate::damage`],
//! [`crate::conditions`], [`crate::magic`], [`crate::rest`], [`crate::actions`]), and records
//! the result as events.
//!
//! Families, one folder each: [`creatures`] (sheets from packs, binding, revealing),
//! [`d20`] (D20 Tests and their odds), [`combat`] (Initiative, the turn budget, attacks),
//! [`damage`] (damage, healing, Temporary HP, death saves, Concentration), [`conditions`]
//! (conditions as engine effects, Exhaustion), [`rest`] (Short and Long Rests, Hit Point Dice),
//! [`grid`] (the map, placing and moving, Prone, Opportunity Attacks), [`reactions`] (readied
//! actions), [`areas`] (areas of effect on the grid), [`grid::air`] (jumping, flying heights,
//! flyers falling), [`hazards`] (falling, breath).
//!
//! A round lasts 6 seconds ([`crate::combat::ROUND_SECONDS`]); `short` (1 hour) and `long`
//! (8 hours) are the engine's named rest kinds.
//!
//! # Commands
//!
//! Every command is one object `{<command>: {…}}` inside the engine's `{"rules": …}`:
//!
//! ```json
//! {"add_creature": {"creature": {"id": "vera", "name": "Vera", "kind": "character",
//!   "abilities": {"strength": 10, "dexterity": 14, "constitution": 12, "intelligence": 10,
//!   "wisdom": 13, "charisma": 8}, "proficiency_bonus": 2, "saving_throws": ["dexterity"],
//!   "skills": ["stealth"], "armor_class": 14, "hit_points": 12,
//!   "hit_dice": {"count": 2, "sides": 8}, "speed": {"walk": 30},
//!   "attacks": [{"name": "Rapier", "bonus": 4, "reach_ft": 5,
//!     "damage": [{"dice": "1d8+2", "damage_type": "piercing"}]}]},
//!   "player": "alice"}}
//! {"add_pack_creature": {"id": "gob1", "creature": {"id": "goblin-minion",
//!   "name": "Goblin Minion", "size": "small", "creature_type": "fey", "armor_class": 12,
//!   "hit_points": 5, "hit_dice": "2d6-2", "speed": {"walk": 30}, "abilities": {"strength": 8,
//!   "dexterity": 15, "constitution": 8, "intelligence": 10, "wisdom": 8, "charisma": 8},
//!   "challenge_rating": "1/8", "xp": 25, "proficiency_bonus": 2, "actions": [{"name": "Dagger",
//!   "kind": "action", "attacks": [{"bonus": 4, "reach_ft": 5}],
//!   "damage": [{"dice": "1d4+2", "damage_type": "piercing"}]}]}}}
//! {"reveal_creature": {"creature": "gob1"}}
//! {"d20_test": {"creature": "vera", "test": {"ability_check": {"ability": "dexterity",
//!   "skill": "stealth"}}, "dc": 15, "advantage": ["Help"], "modifiers": [{"name": "Guidance",
//!   "value": 2}]}}
//! {"roll_initiative": {"creatures": ["vera", "gob1"], "surprised": ["gob1"]}}
//! {"start_combat": {"combatants": ["vera", "gob1"], "tie_order": ["gob1", "vera"]}}
//! {"take_action": {"creature": "vera", "action": "dash"}}
//! {"take_bonus_action": {"creature": "vera"}}
//! {"take_reaction": {"creature": "vera"}}
//! {"move": {"creature": "vera", "feet": 15}}
//! {"cast_spell": {"creature": "vera", "spell": "Bless", "level": 1, "slot_level": 1,
//!   "casting_time": "action", "concentration": true}}
//! {"attack": {"attacker": "vera", "target": "gob1", "attack": "Rapier", "distance_ft": 5,
//!   "knock_out": false}}
//! {"damage": {"creature": "vera", "instances": [{"amount": 7, "damage_type": "fire"}]}}
//! {"heal": {"creature": "vera", "amount": 4}}
//! {"grant_temp_hp": {"creature": "vera", "amount": 5, "take_new": true}}
//! {"death_save": {"creature": "vera"}}
//! {"stabilize": {"creature": "vera", "helper": "bram"}}
//! {"apply_condition": {"creature": "vera", "condition": "grappled", "source": "gob1",
//!   "rounds": 10}}
//! {"end_condition": {"creature": "vera", "condition": "grappled", "source": "gob1"}}
//! {"escape_grapple": {"creature": "vera", "grappler": "gob1", "ability": "dexterity"}}
//! {"gain_exhaustion": {"creature": "vera", "source": "suffocation"}}
//! {"breathe_again": {"creature": "vera"}}
//! {"start_rest": {"kind": "long", "creatures": ["vera", "bram"], "fed_and_watered": true}}
//! {"interrupt_rest": {"why": "took_damage"}}
//! {"interrupt_rest": {"why": "hour_of_exertion", "resume": true}}
//! {"spend_hit_die": {"creature": "vera"}}
//! {"set_map": {"cells": [{"x": 3, "y": 0, "obstacle": "wall"}, {"x": 1, "y": 1, "difficult": true}]}}
//! {"place": {"creature": "vera", "x": 0, "y": 0}}
//! {"move_path": {"creature": "vera", "path": [[1, 0], [2, 1]]}}
//! {"stand_up": {"creature": "vera"}}
//! {"drop_prone": {"creature": "vera"}}
//! {"ready": {"creature": "vera", "trigger": "a goblin steps through the door",
//!   "response": {"attack": {"attack": "Rapier"}}}}
//! {"trigger_ready": {"creature": "vera", "target": "gob1"}}
//! {"finish_turn": {"creature": "vera"}}
//! {"standing_orders": {"creature": "gob1", "opportunity_attacks": "always"}}
//! {"hide": {"creature": "vera", "heavily_obscured": false}}
//! {"set_light": {"ambient": "darkness", "squares": [{"x": 2, "y": 2, "obscured": "heavily"},
//!   {"x": 5, "y": 5, "magical_darkness": true}],
//!   "sources": [{"carried_by": "vera", "bright_ft": 20, "dim_ft": 20}],
//!   "darkness": [{"at": [8, 2], "radius_ft": 15}]}}
//! {"search": {"creature": "vera", "x": 3, "y": 1}}
//! {"area_effect": {"caster": "vera", "name": "Fireball", "shape": "sphere", "size_ft": 20,
//!   "origin": {"x2": 10, "y2": 4}, "save": {"ability": "dexterity", "dc": 13},
//!   "damage": [{"dice": "8d6", "damage_type": "fire"}], "half_on_success": true}}
//! {"jump": {"creature": "vera", "long": {"to": [4, 0], "obstacle_ft": 2, "athletics": true}}}
//! {"fly": {"creature": "vera", "height_ft": 30}}
//! {"fall": {"creature": "vera", "feet": 40, "into_water": true, "water_check": "dexterity"}}
//! {"hold_breath": {"creature": "vera", "choking": false}}
//! {"set_burning": {"creature": "gob", "burning": true}}
//! {"roll_out_fire": {"creature": "vera"}}
//! {"end_of_day": {"creatures": [{"creature": "vera", "food_lb": 1, "water_gal": 0.5}]}}
//! {"take_action": {"creature": "vera", "action": "help", "against": "gob1"}}
//! {"unarmed_strike": {"attacker": "vera", "target": "gob1", "option": "shove", "shove": "prone"}}
//! ```
//!
//! Dodge, Help, Grapple and Shove do what the glossary says ([`combat::actions`]).
//!
//! Leaving a hostile creature's reach on the grid, and a readied trigger, open the engine's
//! interrupt windows ([`grid`], [`reactions`]); the `area_preview` query shows an area's
//! squares and targets before `area_effect` rolls ([`areas`]).
//!
//! A rest ends with the engine's `{"end_rest": {"completed": true}}`; a turn with its
//! `end_turn`.
//!
//! # Secrecy
//!
//! The Referee sees everything. A player sees the whole sheet of the characters they control;
//! of every other creature they see only what is in plain view ([`creatures::PublicView`]: name,
//! conditions, Bloodied, dying or dead), and a monster not at all until the Referee reveals it
//! (joining a combat reveals it), while it hides, or while no character of the party sees it on
//! the grid ([`sight`]: what any character sees, the whole table sees). A monster's rolls are secret rolls; its attack and damage
//! events reach players without its numbers. A player's command naming a creature they may not
//! see is refused exactly as one naming no creature. A creature the Referee runs reacts by its
//! standing orders, inside the command that triggers it ([`reactions::standing`]), so no
//! player's command waits to tell them it is there or what its sheet allows.

pub mod areas;
pub mod combat;
pub mod conditions;
pub mod creatures;
pub mod d20;
pub mod damage;
pub mod forecast;
pub mod grid;
pub mod hazards;
pub mod queries;
pub mod reactions;
pub mod rest;
pub mod sight;

use std::collections::BTreeMap;

use engine::{
    Acting, Boundary, Ctx, EndReason, RestKind, RuleError, Ruleset, TableState, Viewer, Visibility,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{Interpretations, RulesError};

use self::creatures::{CreatureKind, CreatureRecord, PublicView};

/// The registry name.
pub const NAME: &str = "dnd2024";
/// Longest id of a creature (and of a condition's source).
pub const MAX_ID_LEN: usize = 64;
/// Longest name (a creature's, an attack's, a spell's, a listed source's).
pub const MAX_NAME_LEN: usize = 100;
/// Most creatures at one table.
pub const MAX_CREATURES: usize = 500;
/// Most named items in one list of a command (sources, modifiers, damage instances,
/// combatants, resting creatures).
pub const MAX_LIST: usize = 100;

/// Every refusal code this ruleset gives (besides the engine's).
pub const REFUSAL_CODES: &[&str] = &[
    "unknown_creature",
    "creature_exists",
    "too_many_creatures",
    "bad_id",
    "bad_name",
    "list_too_long",
    "bad_pack_creature",
    "already_revealed",
    "not_your_turn",
    "no_combat",
    "bad_initiative",
    "bad_creature",
    "bad_face",
    "bad_config",
    "bad_query",
    // The Referee's forecasts (`forecast`).
    "forecast_no_fight",
    "forecast_args",
    "not_a_player",
    "unknown_rest_kind",
    "no_initiative",
    "initiative_tie",
    "action_spent",
    "bonus_action_spent",
    "reaction_spent",
    "movement_spent",
    "attacks_spent",
    "slot_spent_this_turn",
    "no_slot",
    "incapacitated",
    "unknown_attack",
    "out_of_reach",
    "total_cover",
    "dead",
    "not_dying",
    "stable",
    "death_save_rolled",
    "no_such_condition",
    "bad_escape",
    "condition_immune",
    "resting",
    "not_resting",
    "rest_refused",
    "not_an_interruption",
    "no_short_rest",
    "no_hit_dice",
    "out_of_range",
    "unknown_term",
    "forbidden",
    "bad_map",
    "bad_light",
    "bad_move",
    "not_placed",
    "bad_area",
    "nothing_readied",
    "bad_trigger",
    // Breath (`hazards`).
    "bad_breath",
    "already_burning",
    "not_burning",
    "bad_day",
    // Help (`combat::actions`).
    "bad_help",
];

/// The ruleset (stateless: everything lives in [`DndState`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Dnd2024;

/// The ruleset's part of a table's state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DndState {
    pub creatures: BTreeMap<String, CreatureRecord>,
    /// Initiative rolled and not yet used by `start_combat`, then the combat's Initiatives.
    #[serde(default)]
    pub initiative: BTreeMap<String, i32>,
    /// The rest under way (started with `start_rest`).
    #[serde(default)]
    pub rest: Option<rest::under_way::RestUnderWay>,
    /// The Appendix C readings in force (the table's `config.interpretations`).
    #[serde(default)]
    pub interpretations: Interpretations,
    /// The Referee's battle map (`set_map`).
    #[serde(default)]
    pub map: tabletop::map::MapFile,
    /// Where each creature on the grid stands (its space's top-left square).
    #[serde(default)]
    pub positions: BTreeMap<String, tabletop::square::Square>,
    /// The Referee's standing orders for creatures the players may not see
    /// ([`reactions::standing`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub standing_orders: BTreeMap<String, reactions::standing::StandingOrders>,
    /// The Referee's alone: for a creature hiding, the enemies its side could not see whose
    /// sight its Hide did not escape ([`grid::hide`]); they still see it. Gone when its hiding
    /// ends.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub seen_through: BTreeMap<String, std::collections::BTreeSet<String>>,
    /// The Referee's lighting of the map (`set_light`, [`grid::light`]).
    #[serde(default)]
    pub lighting: grid::light::Lighting,
    /// Creatures in the air: feet above the ground of their square ([`grid::air`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub heights: BTreeMap<String, u32>,
    /// The feet each creature just walked in a row, for a running jump ([`grid::air::RunUp`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub run_ups: BTreeMap<String, grid::air::RunUp>,
}

/// Every command, one key each (see the module docs for a JSON example of each).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DndCommand {
    AddCreature(creatures::AddCreature),
    AddPackCreature(creatures::AddPackCreature),
    RevealCreature(creatures::CreatureRef),
    D20Test(d20::D20TestRequest),
    RollInitiative(combat::RollInitiative),
    StartCombat(combat::StartCombat),
    TakeAction(combat::TakeAction),
    TakeBonusAction(creatures::CreatureRef),
    TakeReaction(creatures::CreatureRef),
    Move(combat::Move),
    CastSpell(combat::CastSpell),
    Attack(combat::Attack),
    Damage(damage::DamageCommand),
    Heal(damage::Amount),
    GrantTempHp(damage::TempHp),
    DeathSave(creatures::CreatureRef),
    Stabilize(damage::Stabilize),
    ApplyCondition(conditions::ApplyCondition),
    EndCondition(conditions::EndCondition),
    EscapeGrapple(conditions::EscapeGrapple),
    GainExhaustion(conditions::GainExhaustion),
    BreatheAgain(creatures::CreatureRef),
    StartRest(rest::StartRest),
    InterruptRest(rest::InterruptRest),
    SpendHitDie(creatures::CreatureRef),
    SetMap(grid::SetMap),
    Place(grid::Place),
    MovePath(grid::MovePath),
    StandUp(creatures::CreatureRef),
    DropProne(creatures::CreatureRef),
    Ready(reactions::Ready),
    TriggerReady(reactions::TriggerReady),
    AreaEffect(areas::AreaEffect),
    FinishTurn(creatures::CreatureRef),
    Hide(grid::Hide),
    StandingOrders(reactions::standing::SetStandingOrders),
    SetLight(grid::light::Lighting),
    Search(grid::Search),
    Jump(grid::air::Jump),
    Fly(grid::air::Fly),
    Fall(hazards::FallCommand),
    HoldBreath(hazards::HoldBreath),
    SetBurning(hazards::SetBurning),
    RollOutFire(creatures::CreatureRef),
    EndOfDay(hazards::EndOfDay),
    UnarmedStrike(combat::actions::UnarmedStrike),
}

/// Every event, one key each.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DndEvent {
    /// A creature's whole record, new or changed (the one event that changes a creature).
    CreatureSet {
        record: Box<CreatureRecord>,
    },
    /// What everyone may see of a creature now (players' copy of a `creature_set`).
    CreatureSeen {
        creature: String,
        view: PublicView,
    },
    /// The Referee showed a monster to the players.
    CreatureRevealed {
        creature: String,
        view: PublicView,
    },
    InitiativeRolled(combat::InitiativeRoll),
    TestRolled(d20::TestRoll),
    AttackRolled(combat::turn::AttackRoll),
    DamageTaken(damage::life::DamageTaken),
    ConcentrationSave(damage::life::ConcentrationSave),
    DeathSaveRolled(damage::DeathSaveRoll),
    Died {
        creature: String,
        cause: String,
    },
    RestStarted(rest::under_way::RestUnderWay),
    /// A Long Rest interrupted and resumed at once: one more interruption counted.
    RestResumed(rest::under_way::RestUnderWay),
    RestFinished(rest::under_way::RestFinished),
    MapSet(tabletop::map::MapFile),
    Placed(grid::Placed),
    Moved(grid::Moved),
    ReadyTaken(reactions::ReadyTaken),
    AreaPlaced(areas::AreaPlaced),
    LegendaryTaken(reactions::LegendaryTaken),
    ReactionSpellCast(reactions::spells::ReactionSpellCast),
    StandingOrdersSet(reactions::standing::StandingOrdersSet),
    SpellStopped(reactions::spells::SpellStopped),
    HideSeenThrough(grid::HideSeenThrough),
    LightSet(grid::light::Lighting),
    Searched(grid::Searched),
    /// Players' copy of a monster's record when the party comes to perceive it ([`sight`]).
    CreatureInView(sight::InView),
    /// Players' copy of a monster's record when no character perceives it any more.
    CreatureOutOfView(sight::OutOfView),
    Jumped(grid::air::Jumped),
    Flew(grid::air::Flew),
    Fell(hazards::Fell),
    BreathHeld(hazards::BreathEvent),
    OutOfBreath(hazards::BreathEvent),
    Fire(hazards::FireEvent),
    DayEnded(hazards::DayEnded),
    Dodged(combat::actions::Dodged),
    Helped(combat::actions::Helped),
    UnarmedStrikeResolved(combat::actions::UnarmedStrikeResolved),
}

/// A pure rule's refusal as the table's: the code names the spent resource or the kind of
/// problem, the rule is the checklist ID.
pub fn refusal(e: RulesError) -> RuleError {
    let rule = match &e {
        RulesError::OutOfRange { rule, .. }
        | RulesError::Forbidden { rule, .. }
        | RulesError::Unknown { rule, .. } => *rule,
    };
    let code = match rule {
        "DD-ACT-01.a" | "DD-ACT-01.c" => "action_spent",
        "DD-ACT-03.b" => "bonus_action_spent",
        "DD-ACT-04.b" => "reaction_spent",
        "DD-ACT-02.a" => "movement_spent",
        "DD-ACT-05.a" => "attacks_spent",
        "DD-MAG-04.a" => "slot_spent_this_turn",
        "DD-MAG-03.a" => "no_slot",
        "DD-COND-08.a" | "DD-ACT-03.d" | "DD-COND-08.b" => "incapacitated",
        "DD-COND-01.d" | "DD-COND-11.f" => "condition_immune",
        "DD-MOVE-15.a" | "DD-CBT-05.a" | "DD-CBT-06.a" | "DD-CBT-07.a" => "out_of_reach",
        "DD-COV-01.c" => "total_cover",
        "DD-DMG-16.a" => "stable",
        "DD-REST-01.a" | "DD-REST-03.b" => "rest_refused",
        "DD-REST-01.b" => "no_hit_dice",
        _ => match e {
            RulesError::OutOfRange { .. } => "out_of_range",
            RulesError::Unknown { .. } => "unknown_term",
            RulesError::Forbidden { .. } => "forbidden",
        },
    };
    RuleError::new(code, e.to_string()).rule(rule)
}

/// The refusal for a creature that does not exist, or that the asking player may not see
/// (the same words either way).
pub fn no_creature(id: &str) -> RuleError {
    RuleError::new("unknown_creature", format!("there is no creature `{id}`"))
}

/// Refuses a list longer than [`MAX_LIST`].
pub fn check_list<T>(what: &str, list: &[T]) -> Result<(), RuleError> {
    if list.len() > MAX_LIST {
        return Err(RuleError::new(
            "list_too_long",
            format!(
                "{what} lists {} items, at most {MAX_LIST} are allowed",
                list.len()
            ),
        )
        .rule("MAX_LIST"));
    }
    Ok(())
}

/// Refuses a name that is empty or longer than [`MAX_NAME_LEN`].
pub fn check_name(what: &str, name: &str) -> Result<(), RuleError> {
    if name.trim().is_empty() || name.chars().count() > MAX_NAME_LEN {
        return Err(RuleError::new(
            "bad_name",
            format!("{what} must have 1…{MAX_NAME_LEN} characters"),
        )
        .rule("MAX_NAME_LEN"));
    }
    Ok(())
}

/// Whether `viewer` may see creature `id` at all.
pub fn viewer_sees(state: &TableState<DndState>, viewer: &Viewer, id: &str) -> bool {
    let Some(rec) = state.rules.creatures.get(id) else {
        return false;
    };
    match viewer {
        Viewer::Referee => true,
        Viewer::Player(p) => !rec.hidden || state.core.participants.controls(p, id),
        Viewer::Spectator(_) => !rec.hidden,
    }
}

/// Whether `viewer` sees creature `id`'s whole sheet (the Referee, or its player).
pub fn viewer_owns(state: &TableState<DndState>, viewer: &Viewer, id: &str) -> bool {
    match viewer {
        Viewer::Referee => state.rules.creatures.contains_key(id),
        Viewer::Player(p) => {
            state.rules.creatures.contains_key(id) && state.core.participants.controls(p, id)
        }
        Viewer::Spectator(_) => false,
    }
}

/// The creature's record, or the refusal for a missing one.
pub fn record(ctx: &Ctx<'_, Dnd2024>, id: &str) -> Result<CreatureRecord, RuleError> {
    ctx.rules()
        .creatures
        .get(id)
        .cloned()
        .ok_or_else(|| no_creature(id))
}

/// Who sees a creature's whole sheet: its players (and the Referee), or the Referee alone.
pub fn owners(ctx: &Ctx<'_, Dnd2024>, id: &str) -> Visibility {
    let players: std::collections::BTreeSet<String> =
        ctx.core().participants.controllers(id).cloned().collect();
    if players.is_empty() {
        Visibility::Referee
    } else {
        Visibility::Players(players)
    }
}

/// Emits an event about creature `id`: about a character, everyone sees `full`; about a
/// monster, the Referee sees `full` and everyone else `masked` while it is in their view
/// (nothing while it is hidden; of a move, only the squares the party sees it on).
pub fn emit_about(
    ctx: &mut Ctx<'_, Dnd2024>,
    id: &str,
    full: DndEvent,
    masked: Option<DndEvent>,
) -> Result<(), RuleError> {
    let Some(rec) = ctx.rules().creatures.get(id) else {
        return ctx.emit_for(full, Visibility::Referee);
    };
    if is_character(rec) {
        // What happens to a character happens in plain view of the table.
        return ctx.emit(full);
    }
    let hidden = rec.hidden;
    let vis = owners(ctx, id);
    // A monster in view moving or placed: players see it only where the party perceives it.
    match masked.and_then(|m| (!hidden).then(|| sight::players_copy(ctx.state(), id, &m))) {
        Some(Some(m)) => ctx.emit_masked(full, vis, m),
        _ => ctx.emit_for(full, vis),
    }
}

/// Rolls `expr` for creature `rec`: in the open for a character; for a monster in view, as
/// the Referee's secret roll (players see that it rolled, not what); for a hidden one, for the
/// Referee alone (players see nothing, not even that a roll happened).
pub fn roll_for(
    ctx: &mut Ctx<'_, Dnd2024>,
    rec: &CreatureRecord,
    label: &str,
    expr: &str,
) -> Result<dice::RollResult, RuleError> {
    if is_character(rec) {
        ctx.roll(label, expr, Visibility::Public)
    } else if rec.hidden {
        ctx.roll(label, expr, Visibility::Referee)
    } else {
        ctx.roll_secret(label, expr)
    }
}

/// Stores a creature's changed record; others see its [`PublicView`].
pub fn set_record(ctx: &mut Ctx<'_, Dnd2024>, mut rec: CreatureRecord) -> Result<(), RuleError> {
    // A Dodge ends at once when its creature is Incapacitated or its Speed is 0 (DD-ACT-08.b).
    combat::actions::settle_dodge(&mut rec);
    let id = rec.spec.id.clone();
    let seen = DndEvent::CreatureSeen {
        creature: id.clone(),
        view: rec.public_view(),
    };
    // The record's visibility follows the record as it is after this change.
    let hidden = rec.hidden;
    let vis = owners(ctx, &id);
    let full = DndEvent::CreatureSet {
        record: Box::new(rec),
    };
    if hidden {
        ctx.emit_for(full, vis)
    } else {
        ctx.emit_masked(full, vis, seen)
    }
}

/// The Referee's flag (or Hiding) no longer hides monster `id`: the players see it now if
/// the party perceives it (`creature_revealed`); else it stays out of their view, for sight
/// alone, and shows when a character sees it (no event reaches them).
pub fn show_to_players(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    if sight::unseen_now(ctx.state(), id) == Some(true) {
        rec.hidden = true;
        rec.out_of_sight = true;
        let vis = owners(ctx, id);
        return ctx.emit_for(
            DndEvent::CreatureSet {
                record: Box::new(rec),
            },
            vis,
        );
    }
    ctx.emit(DndEvent::CreatureRevealed {
        creature: id.to_string(),
        view: rec.public_view(),
    })
}

/// Refuses a player's command that names a creature the player may not see, with the words
/// of a missing one (checked before anything else, so the refusal reveals nothing).
fn sight_guard(command: &DndCommand, ctx: &Ctx<'_, Dnd2024>) -> Result<(), RuleError> {
    let viewer = match ctx.actor() {
        engine::Actor::Player(p) => Viewer::Player(p.clone()),
        _ => return Ok(()),
    };
    for id in creature_refs(command) {
        if !viewer_sees(ctx.state(), &viewer, id) {
            return Err(no_creature(id));
        }
    }
    Ok(())
}

/// Every creature a command names.
fn creature_refs(command: &DndCommand) -> Vec<&str> {
    use DndCommand as C;
    match command {
        C::AddCreature(_) | C::AddPackCreature(_) | C::StartCombat(_) | C::InterruptRest(_) => {
            vec![]
        }
        C::RevealCreature(c)
        | C::TakeBonusAction(c)
        | C::TakeReaction(c)
        | C::DeathSave(c)
        | C::BreatheAgain(c)
        | C::SpendHitDie(c)
        | C::StandUp(c)
        | C::DropProne(c)
        | C::FinishTurn(c) => vec![c.creature.as_str()],
        C::SetMap(_) => vec![],
        C::Place(p) => vec![p.creature.as_str()],
        C::MovePath(m) => vec![m.creature.as_str()],
        C::Ready(r) => vec![r.creature.as_str()],
        C::TriggerReady(t) => std::iter::once(t.creature.as_str())
            .chain(t.target.as_deref())
            .collect(),
        C::AreaEffect(a) => vec![a.caster.as_str()],
        C::Hide(h) => vec![h.creature.as_str()],
        C::Search(h) => vec![h.creature.as_str()],
        C::Jump(j) => vec![j.creature.as_str()],
        C::Fly(f) => vec![f.creature.as_str()],
        C::Fall(f) => vec![f.creature.as_str()],
        C::HoldBreath(h) => vec![h.creature.as_str()],
        C::SetBurning(b) => vec![b.creature.as_str()],
        C::RollOutFire(c) => vec![c.creature.as_str()],
        C::EndOfDay(d) => d.creatures.iter().map(|n| n.creature.as_str()).collect(),
        C::SetLight(l) => l
            .sources
            .iter()
            .filter_map(|s| s.carried_by.as_deref())
            .collect(),
        C::StandingOrders(s) => vec![s.creature.as_str()],
        C::D20Test(t) => vec![t.creature.as_str()],
        C::RollInitiative(r) => r
            .creatures
            .iter()
            .chain(&r.surprised)
            .map(String::as_str)
            .collect(),
        C::TakeAction(a) => std::iter::once(a.creature.as_str())
            .chain(a.against.as_deref())
            .chain(a.ally.as_deref())
            .collect(),
        C::UnarmedStrike(u) => vec![u.attacker.as_str(), u.target.as_str()],
        C::Move(m) => vec![m.creature.as_str()],
        C::CastSpell(s) => vec![s.creature.as_str()],
        C::Attack(a) => vec![a.attacker.as_str(), a.target.as_str()],
        C::Damage(d) => vec![d.creature.as_str()],
        C::Heal(h) => vec![h.creature.as_str()],
        C::GrantTempHp(t) => vec![t.creature.as_str()],
        C::Stabilize(s) => vec![s.creature.as_str(), s.helper.as_str()],
        C::ApplyCondition(a) => vec![a.creature.as_str()],
        C::EndCondition(e) => vec![e.creature.as_str()],
        C::EscapeGrapple(e) => vec![e.creature.as_str()],
        C::GainExhaustion(g) => vec![g.creature.as_str()],
        C::StartRest(r) => r.creatures.iter().map(String::as_str).collect(),
    }
}

/// The table's configuration: `{"interpretations": {…}}` (Appendix C; every key optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    #[serde(default)]
    interpretations: Interpretations,
}

impl Ruleset for Dnd2024 {
    type State = DndState;
    type Command = DndCommand;
    type Event = DndEvent;

    fn name(&self) -> &'static str {
        NAME
    }

    fn command_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<DndCommand>()
    }

    fn init(&self, config: &Value) -> Result<DndState, RuleError> {
        let config: Config = if config.is_null() {
            Config::default()
        } else {
            serde_json::from_value(config.clone())
                .map_err(|e| RuleError::new("bad_config", format!("table config: {e}")))?
        };
        Ok(DndState {
            interpretations: config.interpretations,
            ..DndState::default()
        })
    }

    fn round_seconds(&self, _state: &TableState<DndState>) -> u64 {
        crate::combat::ROUND_SECONDS
    }

    fn rest_kinds(&self, _state: &TableState<DndState>) -> Vec<RestKind> {
        vec![
            RestKind::new(
                rest::under_way::SHORT,
                u64::from(crate::rest::SHORT_REST_MINUTES) * 60,
            ),
            RestKind::new(rest::under_way::LONG, rest::LONG_REST_HOURS * 3600),
        ]
    }

    fn acting(&self, _state: &TableState<DndState>, command: &DndCommand) -> Acting {
        use DndCommand as C;
        let one = |id: &str| Acting::Characters(vec![id.to_string()]);
        match command {
            C::D20Test(t) => one(&t.creature),
            C::TakeAction(a) => one(&a.creature),
            C::TakeBonusAction(c) | C::TakeReaction(c) | C::DeathSave(c) | C::SpendHitDie(c) => {
                one(&c.creature)
            }
            C::Move(m) => one(&m.creature),
            C::CastSpell(s) => one(&s.creature),
            C::Attack(a) => one(&a.attacker),
            C::UnarmedStrike(u) => one(&u.attacker),
            C::Stabilize(s) => one(&s.helper),
            C::EscapeGrapple(e) => one(&e.creature),
            C::MovePath(m) => one(&m.creature),
            C::StandUp(c) | C::DropProne(c) | C::FinishTurn(c) => one(&c.creature),
            C::Ready(r) => one(&r.creature),
            C::AreaEffect(a) => one(&a.caster),
            C::Hide(h) => one(&h.creature),
            C::Search(h) => one(&h.creature),
            C::Jump(j) => one(&j.creature),
            C::Fly(f) => one(&f.creature),
            C::RollOutFire(c) => one(&c.creature),
            C::Fall(_) | C::HoldBreath(_) | C::SetBurning(_) | C::EndOfDay(_) => {
                Acting::RefereeOnly
            }
            C::SetLight(_)
            | C::SetMap(_)
            | C::Place(_)
            | C::TriggerReady(_)
            | C::StandingOrders(_) => Acting::RefereeOnly,
            C::AddCreature(_)
            | C::AddPackCreature(_)
            | C::RevealCreature(_)
            | C::RollInitiative(_)
            | C::StartCombat(_)
            | C::Damage(_)
            | C::Heal(_)
            | C::GrantTempHp(_)
            | C::ApplyCondition(_)
            | C::EndCondition(_)
            | C::GainExhaustion(_)
            | C::BreatheAgain(_)
            | C::StartRest(_)
            | C::InterruptRest(_) => Acting::RefereeOnly,
        }
    }

    fn decide(&self, command: &DndCommand, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        sight_guard(command, ctx)?;
        decide_command(command, ctx)?;
        grid::air::settle_falls(ctx)?;
        grid::board::grapples_end_if_apart(ctx)?;
        // What the players see follows the party's sight after every accepted command.
        sight::refresh(ctx)
    }

    fn apply(&self, state: &mut DndState, event: &DndEvent) {
        match event {
            DndEvent::CreatureSet { record } => {
                if record.hiding_dc.is_none() {
                    // Its hiding ended (or never began): nobody sees through it any more.
                    state.seen_through.remove(&record.spec.id);
                }
                state
                    .creatures
                    .insert(record.spec.id.clone(), record.as_ref().clone());
            }
            DndEvent::CreatureRevealed { creature, .. } => {
                if let Some(r) = state.creatures.get_mut(creature) {
                    r.hidden = false;
                    r.out_of_sight = false;
                }
            }
            DndEvent::InitiativeRolled(roll) => {
                state.initiative.insert(roll.creature.clone(), roll.total);
            }
            DndEvent::RestStarted(r) | DndEvent::RestResumed(r) => state.rest = Some(r.clone()),
            DndEvent::RestFinished(_) => state.rest = None,
            DndEvent::MapSet(m) => state.map = m.clone(),
            DndEvent::LightSet(l) => state.lighting = l.clone(),
            DndEvent::Placed(p) => {
                state.positions.insert(p.creature.clone(), p.at);
            }
            DndEvent::Moved(m) => {
                grid::air::note_run_up(state, m);
                if let Some(last) = m.path.last() {
                    state.positions.insert(m.creature.clone(), *last);
                }
            }
            DndEvent::Jumped(j) => grid::air::apply_jumped(state, j),
            DndEvent::Flew(f) => grid::air::apply_flew(state, f),
            DndEvent::Fell(f) => {
                state.run_ups.remove(&f.creature);
                grid::air::set_height(state, &f.creature, 0);
            }
            DndEvent::StandingOrdersSet(s) => {
                state.standing_orders.insert(s.creature.clone(), s.orders);
            }
            DndEvent::HideSeenThrough(h) => {
                if h.by.is_empty() {
                    state.seen_through.remove(&h.creature);
                } else {
                    state
                        .seen_through
                        .insert(h.creature.clone(), h.by.iter().cloned().collect());
                }
            }
            // The rest describe what happened; the records they change come as
            // `creature_set`.
            DndEvent::CreatureSeen { .. }
            | DndEvent::TestRolled(_)
            | DndEvent::AttackRolled(_)
            | DndEvent::DamageTaken(_)
            | DndEvent::ConcentrationSave(_)
            | DndEvent::DeathSaveRolled(_)
            | DndEvent::Died { .. }
            | DndEvent::ReadyTaken(_)
            | DndEvent::AreaPlaced(_)
            | DndEvent::LegendaryTaken(_)
            | DndEvent::ReactionSpellCast(_)
            | DndEvent::SpellStopped(_)
            | DndEvent::Searched(_)
            | DndEvent::CreatureInView(_)
            | DndEvent::CreatureOutOfView(_)
            | DndEvent::BreathHeld(_)
            | DndEvent::OutOfBreath(_)
            | DndEvent::Fire(_)
            | DndEvent::DayEnded(_)
            | DndEvent::Dodged(_)
            | DndEvent::Helped(_)
            | DndEvent::UnarmedStrikeResolved(_) => {}
        }
    }

    fn project(&self, state: &TableState<DndState>, viewer: &Viewer) -> Value {
        if *viewer == Viewer::Referee {
            let mut all = serde_json::to_value(&state.rules).unwrap_or(Value::Null);
            // The light each square has, for the Referee's battle grid.
            if let Some(o) = all.as_object_mut() {
                o.insert("grid_light".into(), grid::light::project(state, viewer));
            }
            return all;
        }
        let mut creatures = serde_json::Map::new();
        for (id, rec) in &state.rules.creatures {
            if !viewer_sees(state, viewer, id) {
                continue;
            }
            let view = if viewer_owns(state, viewer, id) {
                serde_json::to_value(rec).unwrap_or(Value::Null)
            } else {
                serde_json::to_value(rec.public_view()).unwrap_or(Value::Null)
            };
            creatures.insert(id.clone(), view);
        }
        let initiative: BTreeMap<&String, &i32> = state
            .rules
            .initiative
            .iter()
            // A monster's Initiative number is its Referee's; the order shows where it acts.
            .filter(|(id, _)| {
                viewer_owns(state, viewer, id)
                    || state.rules.creatures.get(*id).is_some_and(is_character)
            })
            .collect();
        serde_json::json!({
            "creatures": creatures,
            "initiative": initiative,
            "rest": state.rules.rest,
            "grid": grid::project(state, viewer),
            "heights": grid::air::project(state, viewer),
        })
    }

    fn query(
        &self,
        state: &TableState<DndState>,
        viewer: &Viewer,
        name: &str,
        args: &Value,
    ) -> Result<Value, RuleError> {
        match name {
            "d20_odds" => d20::odds_query(state, viewer, args),
            "area_preview" => areas::preview_query(state, viewer, args),
            "attack_odds" => queries::attack_odds::attack_odds_query(state, viewer, args),
            "move_preview" => queries::move_preview::move_preview_query(state, viewer, args),
            "creature_schema" => Ok(serde_json::to_value(schemars::schema_for!(
                creatures::CreatureSpec
            ))
            .unwrap_or(Value::Null)),
            _ => Err(engine::ruleset::no_such_query(NAME, name)),
        }
    }

    fn forecast_kinds(&self) -> Vec<&'static str> {
        forecast::KINDS.to_vec()
    }

    fn forecast(
        &self,
        state: &TableState<DndState>,
        kind: &str,
        args: &Value,
        options: &engine::forecast::ForecastOptions,
        now_ms: engine::WallMs,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<Value, RuleError> {
        forecast::forecast(*self, state, kind, args, options, now_ms, progress)
    }

    fn combatant_visibility(&self, state: &TableState<DndState>, who: &str) -> Visibility {
        combat::unseen::combatant_visibility(state, who)
    }

    fn on_boundary(&self, boundary: &Boundary, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        match boundary {
            Boundary::TurnStart { who } => {
                combat::turn_starts(ctx, who)?;
                grid::air::turn_starts(ctx, who)?;
                hazards::turn_starts(ctx, who)?;
            }
            Boundary::TurnEnd { who } => hazards::turn_ended(ctx, who)?,
            Boundary::NamedRestEnd { rest } => rest::rest_completed(ctx, rest)?,
            _ => {}
        }
        sight::refresh(ctx)
    }

    /// Other creatures' Legendary Actions come right after a turn, whichever command ends it
    /// (`end_turn` or `finish_turn`).
    fn before_turn_end(&self, who: &str, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        reactions::offer_legendary(ctx, who)
    }

    fn on_effect_ended(
        &self,
        effect: &engine::Effect,
        reason: EndReason,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        conditions::effect_ended(ctx, effect)?;
        hazards::effect_ended(ctx, effect, reason)?;
        // A condition's end (Blinded, Invisible) may change what the party sees.
        sight::refresh(ctx)
    }

    fn on_window_closed(
        &self,
        window: &engine::Window,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        window_closed(window, ctx)?;
        grid::air::settle_falls(ctx)?;
        grid::board::grapples_end_if_apart(ctx)?;
        // The rest of a held move, the attacks made: what the party sees now.
        sight::refresh(ctx)
    }
}

/// A window closed: its family resolves what waited on it.
fn window_closed(window: &engine::Window, ctx: &mut Ctx<'_, Dnd2024>) -> Result<(), RuleError> {
    {
        match window.kind.as_str() {
            grid::OA_WINDOW => grid::oa_window_closed(ctx, window),
            reactions::READY_WINDOW => reactions::window_closed(ctx, window),
            reactions::LEGENDARY_WINDOW => reactions::legendary_closed(ctx, window),
            reactions::spells::SPELL_WINDOW => reactions::spell_window_closed(ctx, window),
            reactions::spells::COUNTER_WINDOW => {
                // Not stopped: the held spell takes effect, then what else it does (an area).
                let Some(held) = reactions::counter_closed(ctx, window)? else {
                    return Ok(());
                };
                if let Ok(s) =
                    serde_json::from_value::<combat::CastSpell>(held["cast_spell"].clone())
                {
                    combat::spell_takes_effect(ctx, &s)?;
                }
                match serde_json::from_value::<areas::AreaEffect>(
                    held["more"]["area_effect"].clone(),
                ) {
                    Ok(a) => areas::place_area(ctx, &a),
                    Err(_) => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }
}

/// Whether a creature is a player character (for the 0-HP rules and what others see).
pub fn is_character(rec: &CreatureRecord) -> bool {
    rec.spec.kind == CreatureKind::Character
}

/// Runs one command (its family's function).
fn decide_command(command: &DndCommand, ctx: &mut Ctx<'_, Dnd2024>) -> Result<(), RuleError> {
    use DndCommand as C;
    match command {
        C::AddCreature(c) => creatures::add_creature(ctx, c),
        C::AddPackCreature(c) => creatures::add_pack_creature(ctx, c),
        C::RevealCreature(c) => creatures::reveal(ctx, &c.creature),
        C::D20Test(t) => d20::d20_test(ctx, t).map(|_| ()),
        C::RollInitiative(r) => combat::roll_initiative(ctx, r),
        C::StartCombat(s) => combat::start_combat(ctx, s),
        C::TakeAction(a) => combat::take_action(ctx, a),
        C::TakeBonusAction(c) => combat::take_bonus_action(ctx, &c.creature),
        C::TakeReaction(c) => combat::take_reaction(ctx, &c.creature),
        C::Move(m) => combat::move_ft(ctx, m),
        C::CastSpell(s) => combat::cast_spell(ctx, s),
        C::Attack(a) => combat::attack(ctx, a),
        C::Damage(d) => damage::damage(ctx, d),
        C::Heal(h) => damage::heal(ctx, h),
        C::GrantTempHp(t) => damage::grant_temp_hp(ctx, t),
        C::DeathSave(c) => damage::death_save(ctx, &c.creature),
        C::Stabilize(s) => damage::stabilize(ctx, s),
        C::ApplyCondition(a) => conditions::apply_condition(ctx, a),
        C::EndCondition(e) => conditions::end_condition(ctx, e),
        C::EscapeGrapple(e) => conditions::escape_grapple(ctx, e),
        C::GainExhaustion(g) => conditions::gain_exhaustion(ctx, g),
        C::BreatheAgain(c) => hazards::breathe_again(ctx, &c.creature),
        C::StartRest(r) => rest::start_rest(ctx, r),
        C::InterruptRest(r) => rest::interrupt_rest(ctx, r),
        C::SpendHitDie(c) => rest::spend_hit_die(ctx, &c.creature),
        C::SetMap(m) => grid::set_map(ctx, m),
        C::Place(p) => grid::place(ctx, p),
        C::MovePath(m) => grid::move_path(ctx, m),
        C::StandUp(c) => grid::stand_up(ctx, &c.creature),
        C::DropProne(c) => grid::drop_prone(ctx, &c.creature),
        C::Ready(r) => reactions::ready(ctx, r),
        C::TriggerReady(t) => reactions::trigger_ready(ctx, t),
        C::AreaEffect(a) => areas::area_effect(ctx, a),
        C::FinishTurn(c) => reactions::finish_turn(ctx, &c.creature),
        C::Hide(h) => grid::hide(ctx, h),
        C::Search(h) => grid::search(ctx, h),
        C::SetLight(l) => grid::light::set_light(ctx, l),
        C::StandingOrders(s) => reactions::standing::set_standing_orders(ctx, s),
        C::Jump(j) => grid::air::jump_command(ctx, j),
        C::Fly(f) => grid::air::fly_command(ctx, f),
        C::Fall(f) => hazards::fall_command(ctx, f),
        C::HoldBreath(h) => hazards::hold_breath(ctx, h),
        C::SetBurning(b) => hazards::set_burning(ctx, b),
        C::RollOutFire(c) => hazards::roll_out_fire(ctx, &c.creature),
        C::EndOfDay(d) => hazards::end_of_day(ctx, d),
        C::UnarmedStrike(u) => combat::actions::unarmed_strike(ctx, u),
    }
}
