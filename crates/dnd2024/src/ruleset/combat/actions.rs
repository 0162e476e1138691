//! The actions of the glossary that change what follows (DD-ACT-08, DD-ACT-09, DD-CBT-07,
//! DD-CBT-08): Dodge, Help, and the Grapple and Shove options of an Unarmed Strike.
//!
//! ```json
//! {"take_action": {"creature": "vera", "action": "dodge"}}
//! {"take_action": {"creature": "vera", "action": "help", "against": "gob1"}}
//! {"take_action": {"creature": "vera", "action": "help", "ally": "bram", "skill": "stealth"}}
//! {"unarmed_strike": {"attacker": "vera", "target": "gob1", "option": "grapple"}}
//! {"unarmed_strike": {"attacker": "vera", "target": "gob1", "option": "shove",
//!   "shove": "push", "target_save": "dexterity"}}
//! ```
//!
//! - **Dodge**: the record's `dodging` holds until the dodger's next turn starts
//!   ([`super::turn_starts`]) and ends at once when it is Incapacitated or its Speed is 0
//!   ([`super::super::set_record`] clears it). While it holds, an attack roll against it by
//!   an attacker it sees has Disadvantage ([`AttackSource::Dodging`], in `attack` and
//!   `attack_odds`), and its Dexterity saves have Advantage ("Dodge", in every save the table
//!   rolls through [`super::super::d20::plan`]).
//! - **Help**: against an enemy within 5 ft of the helper, the next attack roll by any of the
//!   helper's allies against it has Advantage ([`AttackSource::Helped`]); or, for an ally and a
//!   skill the helper is proficient in, the ally's next ability check with that skill has
//!   Advantage ("Help"). Allies are the forecast's sides: characters with characters, monsters
//!   with monsters. The benefit is used by that roll, or lapses when the helper's next turn
//!   starts. `attack_odds` and `d20_odds` show it without using it.
//! - **Grapple, Shove**: one attack of the Attack action (the attack budget as `attack`
//!   spends it), no attack roll: the target makes a Strength or Dexterity save against
//!   8 + the attacker's Strength modifier + PB; a target more than one size larger, or beyond
//!   the 5 ft an Unarmed Strike reaches, is refused; Grapple needs a free hand (`free_hand`,
//!   default true: the sheet does not tell, the command is trusted). A failed save: Grappled
//!   (held by the attacker, [`super::super::conditions`]), or Prone, or pushed 5 ft to the
//!   square directly away (refused before any roll when a wall or a creature the actor sees
//!   fills it; a creature the actor may not see stops the push without a refusal, so nothing
//!   leaks). The save's ability is the target's choice: `target_save` for a character (its
//!   player's choice), else the one with the higher save bonus (Strength on a tie); a
//!   monster always takes the higher.

use engine::{Ctx, RuleError, Visibility};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tabletop::map::Obstacle;
use tabletop::square::{Space, Square};

use super::super::conditions::{ApplyCondition, apply_condition};
use super::super::creatures::CreatureRecord;
use super::super::d20::{D20TestRequest, TestKind};
use super::super::grid::board::{feet_between, grid_map, space_of};
use super::super::{Dnd2024, DndEvent, is_character, no_creature, record, refusal};
use super::turn::{UNSEEN, check_turn, in_combat};
use super::{MAX_DISTANCE_FT, TakeAction, actor_on_turn};
use crate::actions::{ActionKind, HelpGiven};
use crate::combat::{UnarmedOption, UnarmedResolution, unarmed_strike_use};
use crate::conditions::Condition;
use crate::core::{Ability, Skill, save_bonus};
use crate::exceptions::Exceptions;

pub use super::super::d20::aid::{
    DODGE_SOURCE, HELP_SOURCE, allies, attack_extras, attack_helpers, check_helpers, dodge_active,
    settle_dodge, skill_name, use_help,
};

/// A creature took the Dodge action (in plain view).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dodged {
    pub creature: String,
}

/// A creature took the Help action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Helped {
    pub helper: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub against: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ally: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<Skill>,
}

/// The `take_action` command: Dodge and Help do what they say; every other action spends the
/// action only.
pub fn take_action(ctx: &mut Ctx<'_, Dnd2024>, a: &TakeAction) -> Result<(), RuleError> {
    let mut rec = actor_on_turn(ctx, &a.creature)?;
    let help_fields = a.against.is_some() || a.ally.is_some() || a.skill.is_some();
    if help_fields && a.action != ActionKind::Help {
        return Err(RuleError::new(
            "bad_help",
            "`against`, `ally` and `skill` belong to the Help action",
        )
        .rule("DD-ACT-09"));
    }
    match a.action {
        ActionKind::Dodge => {
            rec.turn.take_action(ActionKind::Dodge).map_err(refusal)?;
            rec.dodging = true;
            super::super::set_record(ctx, rec)?;
            let ev = DndEvent::Dodged(Dodged {
                creature: a.creature.clone(),
            });
            super::super::emit_about(ctx, &a.creature, ev.clone(), Some(ev))
        }
        ActionKind::Help => help(ctx, rec, a),
        other => {
            rec.turn.take_action(other).map_err(refusal)?;
            super::super::set_record(ctx, rec)
        }
    }
}

fn help(
    ctx: &mut Ctx<'_, Dnd2024>,
    mut rec: CreatureRecord,
    a: &TakeAction,
) -> Result<(), RuleError> {
    rec.turn.incapacitated = rec.conditions.incapacitated();
    let given = match (&a.against, &a.ally, a.skill) {
        (Some(enemy), None, None) => {
            let tgt = record(ctx, enemy)?;
            if enemy == &a.creature || allies(&tgt, &rec) {
                return Err(RuleError::new(
                    "bad_help",
                    format!("{} is not an enemy of {}", tgt.spec.name, rec.spec.name),
                )
                .rule("DD-ACT-09.b"));
            }
            let distance = match feet_between(ctx, &a.creature, enemy) {
                Some(d) => d,
                None => a.distance_ft.unwrap_or(5),
            };
            if distance > MAX_DISTANCE_FT {
                return Err(RuleError::new(
                    "out_of_range",
                    format!("a distance is at most {MAX_DISTANCE_FT} ft"),
                )
                .rule("MAX_DISTANCE_FT"));
            }
            HelpGiven::attack(&mut rec.turn, enemy, distance).map_err(refusal)?
        }
        (None, Some(ally), Some(skill)) => {
            let friend = record(ctx, ally)?;
            if ally == &a.creature || !allies(&friend, &rec) {
                return Err(RuleError::new(
                    "bad_help",
                    format!("{} is not an ally of {}", friend.spec.name, rec.spec.name),
                )
                .rule("DD-ACT-09.a"));
            }
            let proficient =
                rec.spec.skills.contains(&skill) || rec.spec.expertise.contains(&skill);
            HelpGiven::check(
                &mut rec.turn,
                ally,
                &skill_name(skill),
                proficient,
                crate::GmAllows::Yes,
            )
            .map_err(refusal)?
        }
        _ => {
            return Err(RuleError::new(
                "bad_help",
                "Help names an enemy within 5 ft (`against`), or an `ally` and a `skill`",
            )
            .rule("DD-ACT-09"));
        }
    };
    rec.helping = Some(given);
    super::super::set_record(ctx, rec)?;
    let ev = DndEvent::Helped(Helped {
        helper: a.creature.clone(),
        against: a.against.clone(),
        ally: a.ally.clone(),
        skill: a.skill,
    });
    super::super::emit_about(ctx, &a.creature, ev.clone(), Some(ev))
}

/// Grapple or Shove.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GrappleOrShove {
    Grapple,
    Shove,
}

/// What a Shove does (DD-CBT-07.d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShoveEffect {
    /// 5 ft straight away from the attacker.
    Push,
    /// Knocked Prone.
    Prone,
}

fn yes() -> bool {
    true
}
fn five() -> u32 {
    5
}

/// The `unarmed_strike` command: Grapple or Shove (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnarmedStrike {
    pub attacker: String,
    pub target: String,
    pub option: GrappleOrShove,
    /// For a Shove: push or Prone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shove: Option<ShoveEffect>,
    /// The save a character target chooses (`strength` or `dexterity`); absent: the higher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_save: Option<Ability>,
    /// The attacker has a free hand (Grapple needs one).
    #[serde(default = "yes")]
    pub free_hand: bool,
    /// Off the grid, the distance to the target.
    #[serde(default = "five")]
    pub distance_ft: u32,
}

/// What a Grapple or Shove did. Players' copy of an unseen attacker's names it `unseen`;
/// of a monster's leaves out the DC.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnarmedStrikeResolved {
    pub attacker: String,
    pub target: String,
    pub option: GrappleOrShove,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shove: Option<ShoveEffect>,
    pub save: Ability,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dc: Option<i32>,
    /// The target made its save: nothing happens.
    pub saved: bool,
    /// Where a push left it (none: not pushed, off the grid, or stopped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pushed_to: Option<Square>,
}

/// The save bonus of `rec` for `ability` (0 for a score the sheet checked already).
fn save_of(rec: &CreatureRecord, ability: Ability) -> i32 {
    save_bonus(
        rec.spec.abilities.score(ability),
        rec.spec.proficiency_bonus,
        rec.spec.saving_throws.contains(&ability),
    )
    .unwrap_or(0)
}

/// Where a push 5 ft straight away from `from` takes a creature in `space`: the one square
/// step whose direction is the sign of the centres' difference on each axis.
fn push_space(from: &Space, space: &Space) -> Space {
    let centre = |s: &Space| {
        (
            2 * s.origin.x + i32::from(s.side),
            2 * s.origin.y + i32::from(s.side),
        )
    };
    let (a, b) = (centre(from), centre(space));
    let step = |d: i32| d.signum();
    Space::new(
        Square::new(
            space.origin.x + step(b.0 - a.0),
            space.origin.y + step(b.1 - a.1),
        ),
        space.side,
    )
}

/// Whether the acting player may see creature `id` (the Referee sees all).
fn actor_sees(ctx: &Ctx<'_, Dnd2024>, id: &str) -> bool {
    match ctx.actor() {
        engine::Actor::Player(p) => {
            super::super::viewer_sees(ctx.state(), &engine::Viewer::Player(p.clone()), id)
        }
        _ => true,
    }
}

/// The push's landing space: `Ok(Some)` free, `Ok(None)` stopped by a creature the actor may
/// not see, a refusal when a wall or a creature the actor sees fills it.
fn push_target(ctx: &Ctx<'_, Dnd2024>, s: &UnarmedStrike) -> Result<Option<Space>, RuleError> {
    let (Some(from), Some(space)) = (space_of(ctx, &s.attacker), space_of(ctx, &s.target)) else {
        return Ok(None);
    };
    let to = push_space(&from, &space);
    let map = grid_map(&ctx.rules().map);
    let none = || {
        RuleError::new(
            "bad_move",
            "no free square straight away from the attacker to push the target into",
        )
        .rule("DD-CBT-07.d")
    };
    if to
        .squares()
        .any(|q| map.cell(q).obstacle.is_some_and(Obstacle::blocks_movement))
    {
        return Err(none());
    }
    let occupant = ctx
        .rules()
        .positions
        .keys()
        .find(|id| *id != &s.target && space_of(ctx, id).is_some_and(|o| o.overlaps(&to)));
    match occupant {
        Some(id) if actor_sees(ctx, id) => Err(none()),
        Some(_) => Ok(None),
        None => Ok(Some(to)),
    }
}

pub fn unarmed_strike(ctx: &mut Ctx<'_, Dnd2024>, s: &UnarmedStrike) -> Result<(), RuleError> {
    if s.distance_ft > MAX_DISTANCE_FT {
        return Err(RuleError::new(
            "out_of_range",
            format!("a distance is at most {MAX_DISTANCE_FT} ft"),
        )
        .rule("MAX_DISTANCE_FT"));
    }
    let mut atk = record(ctx, &s.attacker)?;
    atk.check_alive()?;
    let tgt = record(ctx, &s.target)?;
    tgt.check_alive()?;
    if s.attacker == s.target {
        return Err(no_creature(&s.target));
    }
    let shove = match (s.option, s.shove) {
        (GrappleOrShove::Grapple, None) => None,
        (GrappleOrShove::Shove, Some(e)) => Some(e),
        (GrappleOrShove::Grapple, Some(_)) => {
            return Err(
                RuleError::new("bad_move", "a Grapple neither pushes nor knocks Prone")
                    .rule("DD-CBT-07.c"),
            );
        }
        (GrappleOrShove::Shove, None) => {
            return Err(RuleError::new(
                "bad_move",
                "a Shove pushes or knocks Prone: give `shove` (push or prone)",
            )
            .rule("DD-CBT-07.d"));
        }
    };
    // The target's choice of save: a character's player may name it; a monster takes the
    // higher bonus.
    let ability = match s.target_save {
        Some(a) if !matches!(a, Ability::Strength | Ability::Dexterity) => {
            return Err(RuleError::new(
                "bad_move",
                "the save against a Grapple or Shove is Strength or Dexterity",
            )
            .rule("DD-CBT-07.b"));
        }
        Some(a) if is_character(&tgt) => a,
        _ => {
            if save_of(&tgt, Ability::Dexterity) > save_of(&tgt, Ability::Strength) {
                Ability::Dexterity
            } else {
                Ability::Strength
            }
        }
    };
    let ex = Exceptions::general();
    let on_turn = in_combat(ctx, &s.attacker);
    if on_turn {
        check_turn(ctx, &s.attacker)?;
        atk.turn.incapacitated = atk.conditions.incapacitated();
        atk.turn.attack(&ex).map_err(refusal)?;
    } else if atk.conditions.incapacitated() {
        return Err(RuleError::new(
            "incapacitated",
            format!("{} is Incapacitated", atk.spec.name),
        )
        .rule("DD-COND-08.a"));
    }
    let distance = feet_between(ctx, &s.attacker, &s.target).unwrap_or(s.distance_ft);
    let option = match s.option {
        GrappleOrShove::Grapple => UnarmedOption::Grapple,
        GrappleOrShove::Shove => UnarmedOption::Shove,
    };
    let UnarmedResolution::TargetSaves { dc } = unarmed_strike_use(
        option,
        atk.spec.modifier(Ability::Strength),
        atk.spec.proficiency_bonus,
        distance,
        atk.spec.size,
        tgt.spec.size,
        s.free_hand,
    )
    .map_err(refusal)?
    else {
        // Grapple and Shove always call for a save (`unarmed_strike_use`).
        return Err(RuleError::new(
            "bad_move",
            "an Unarmed Strike option without a save",
        ));
    };
    let push = if shove == Some(ShoveEffect::Push) {
        push_target(ctx, s)?
    } else {
        None
    };
    // Everything is checked: the attack is spent, hiding ends (it attacks), the save rolls.
    if on_turn {
        super::super::set_record(ctx, atk.clone())?;
    }
    super::super::grid::board::end_hiding(ctx, &s.attacker)?;
    let (saved, _) = super::super::d20::run_test(
        ctx,
        &D20TestRequest {
            creature: s.target.clone(),
            test: TestKind::SavingThrow { ability },
            dc,
            advantage: Vec::new(),
            disadvantage: Vec::new(),
            modifiers: Vec::new(),
            fear_source_in_sight: false,
        },
    )?;
    let mut pushed_to = None;
    if !saved {
        match (s.option, shove) {
            (GrappleOrShove::Grapple, _) => apply_condition(
                ctx,
                &ApplyCondition {
                    creature: s.target.clone(),
                    condition: Condition::Grappled,
                    source: s.attacker.clone(),
                    rounds: None,
                },
            )?,
            (_, Some(ShoveEffect::Prone)) => {
                if !record(ctx, &s.target)?.conditions.has(Condition::Prone) {
                    apply_condition(
                        ctx,
                        &ApplyCondition {
                            creature: s.target.clone(),
                            condition: Condition::Prone,
                            source: s.attacker.clone(),
                            rounds: None,
                        },
                    )?;
                }
            }
            _ => {
                if let Some(to) = push {
                    pushed_to = Some(to.origin);
                }
            }
        }
    }
    let full = UnarmedStrikeResolved {
        attacker: s.attacker.clone(),
        target: s.target.clone(),
        option: s.option,
        shove,
        save: ability,
        dc: Some(dc),
        saved,
        pushed_to,
    };
    emit_resolved(ctx, full)?;
    if let Some(to) = pushed_to {
        // A push is no move of the target's own: no movement spent, no Opportunity Attack.
        let ev = DndEvent::Moved(super::super::grid::board::Moved {
            creature: s.target.clone(),
            path: vec![to],
            spent_ft: 0,
            held: false,
            seen_only: false,
        });
        super::super::emit_about(ctx, &s.target, ev.clone(), Some(ev))?;
    }
    Ok(())
}

/// Records the outcome as the attack roll's rules say who sees it: a hidden target's is the
/// Referee's; an unseen attacker is named `unseen`; a monster's DC stays the Referee's.
fn emit_resolved(ctx: &mut Ctx<'_, Dnd2024>, full: UnarmedStrikeResolved) -> Result<(), RuleError> {
    let atk = record(ctx, &full.attacker)?;
    let tgt = record(ctx, &full.target)?;
    if tgt.hidden {
        return ctx.emit_for(DndEvent::UnarmedStrikeResolved(full), Visibility::Referee);
    }
    if is_character(&atk) {
        return ctx.emit(DndEvent::UnarmedStrikeResolved(full));
    }
    let masked = UnarmedStrikeResolved {
        attacker: if atk.hidden {
            UNSEEN.to_string()
        } else {
            full.attacker.clone()
        },
        dc: None,
        ..full.clone()
    };
    ctx.emit_masked(
        DndEvent::UnarmedStrikeResolved(full),
        Visibility::Referee,
        DndEvent::UnarmedStrikeResolved(masked),
    )
}
