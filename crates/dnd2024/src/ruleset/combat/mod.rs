//! Combat on the engine's clock (DD-CBT, DD-ACT): Initiative rolled with its sources
//! (surprise gives Disadvantage), ties ordered by the Referee, the turn budget of each turn
//! (one action, one Bonus Action, one Reaction per round, movement split around actions, one
//! spell slot per turn), spells with Concentration, and attacks against AC with the Critical
//! Hit rules and their damage.

use engine::{Ctx, EffectSpec, Expiry, RuleError, Visibility};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub mod actions;
pub mod turn;
pub mod unseen;

use self::turn::{AttackRoll, AttackSourceName, UNSEEN, check_turn, in_combat};
use super::conditions::effects::{CONCENTRATION_EFFECT, end_concentration};
use super::creatures::CreatureRecord;
use super::d20::roll_d20s;
use super::{Dnd2024, DndEvent, check_list, check_name, no_creature, record, refusal, set_record};
use crate::actions::ActionKind;
use crate::combat::{
    AttackReach, AttackRequest, AttackSource, AttackTarget, attack_sources, initiative_mode,
    initiative_test, plan_attack, turn_order,
};
use crate::conditions::Condition;
use crate::core::{D20Outcome, DamageDice, RollMode};
use crate::exceptions::Exceptions;
use crate::magic::{Casting, CastingTime};
use crate::rest::Interruption;

/// Longest distance an attack names, in feet (an input limit).
pub const MAX_DISTANCE_FT: u32 = 10_000;

/// Rolls Initiative for these creatures (DD-CBT-01.a, DD-CBT-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RollInitiative {
    pub creatures: Vec<String>,
    /// Those surprised: Disadvantage on the roll (DD-CBT-02.a).
    #[serde(default)]
    pub surprised: Vec<String>,
}

/// One creature's Initiative roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeRoll {
    pub creature: String,
    pub mode: RollMode,
    pub advantage: Vec<String>,
    pub disadvantage: Vec<String>,
    pub outcome: D20Outcome,
    pub total: i32,
}

/// Starts combat with these creatures in Initiative order (DD-CBT-01.b); each must have rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartCombat {
    pub combatants: Vec<String>,
    /// The Referee's order among equal Initiatives (earlier acts first); every tie must be
    /// ordered here.
    #[serde(default)]
    pub tie_order: Vec<String>,
}

/// Takes the turn's action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TakeAction {
    pub creature: String,
    pub action: ActionKind,
    /// Help: the enemy within 5 ft whose next attacker among the helper's allies gains
    /// Advantage (DD-ACT-09.b; [`actions`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub against: Option<String>,
    /// Help: the ally whose next check with `skill` gains Advantage (DD-ACT-09.a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ally: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<crate::core::Skill>,
    /// Help off the grid: the distance to the enemy (default 5 ft).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance_ft: Option<u32>,
}

/// Moves part of the turn's movement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub creature: String,
    pub feet: u32,
}

/// Casts a spell (DD-MAG-03..05, DD-MAG-09).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CastSpell {
    pub creature: String,
    pub spell: String,
    /// The spell's level, 0 for a cantrip.
    pub level: u8,
    /// The slot spent (the spell's level or higher); absent for a cantrip or a Ritual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot_level: Option<u8>,
    pub casting_time: CastingTime,
    #[serde(default)]
    pub ritual: bool,
    #[serde(default)]
    pub has_ritual_tag: bool,
    /// The spell needs Concentration.
    #[serde(default)]
    pub concentration: bool,
}

/// Makes one attack with one of the attacker's attacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub attacker: String,
    pub target: String,
    /// The name of one of the attacker's attacks.
    pub attack: String,
    #[serde(default = "five")]
    pub distance_ft: u32,
    /// Named Advantage sources besides those the rules find (Help, a spell, a feature).
    #[serde(default)]
    pub advantage: Vec<String>,
    #[serde(default)]
    pub disadvantage: Vec<String>,
    #[serde(default = "yes")]
    pub attacker_sees_target: bool,
    #[serde(default = "yes")]
    pub target_sees_attacker: bool,
    /// An enemy within 5 ft sees the ranged attacker (DD-CBT-05.c).
    #[serde(default)]
    pub enemy_within_5ft: bool,
    /// A melee attack that would drop the target to 0 HP knocks it out instead (DD-DMG-17).
    #[serde(default)]
    pub knock_out: bool,
}

fn five() -> u32 {
    5
}
fn yes() -> bool {
    true
}

/// A creature's record for an action on its turn: alive, and its turn.
fn actor_on_turn(ctx: &Ctx<'_, Dnd2024>, id: &str) -> Result<CreatureRecord, RuleError> {
    let rec = record(ctx, id)?;
    rec.check_alive()?;
    check_turn(ctx, id)?;
    Ok(rec)
}

pub fn roll_initiative(ctx: &mut Ctx<'_, Dnd2024>, r: &RollInitiative) -> Result<(), RuleError> {
    check_list("creatures", &r.creatures)?;
    check_list("surprised", &r.surprised)?;
    for id in r.surprised.iter() {
        if !r.creatures.contains(id) {
            return Err(RuleError::new(
                "bad_initiative",
                format!("`{id}` is surprised but does not roll Initiative here"),
            ));
        }
    }
    let mut recs = Vec::new();
    for id in &r.creatures {
        let rec = record(ctx, id)?;
        rec.check_alive()?;
        recs.push(rec);
    }
    // Rolling Initiative interrupts a rest (DD-REST-01.d, DD-REST-04.a).
    for id in &r.creatures {
        super::rest::under_way::interrupt_if_resting(ctx, id, Interruption::RolledInitiative)?;
    }
    for rec in recs {
        let id = rec.spec.id.clone();
        let c = &rec.conditions;
        let surprised = r.surprised.contains(&id);
        let incapacitated = c.incapacitated();
        let invisible = c.has(Condition::Invisible);
        let mode = initiative_mode(surprised, incapacitated, invisible, 0, 0);
        let mut advantage = Vec::new();
        let mut disadvantage = Vec::new();
        if invisible {
            advantage.push(Condition::Invisible.name().to_string());
        }
        if surprised {
            disadvantage.push("surprised".to_string());
        }
        if incapacitated {
            disadvantage.push(Condition::Incapacitated.name().to_string());
        }
        let test = initiative_test(
            rec.spec.modifier(crate::core::Ability::Dexterity),
            mode,
            c.exhaustion.level(),
        );
        let faces = roll_d20s(ctx, &rec, mode, "initiative")?;
        let outcome = test.resolve(&faces).map_err(refusal)?;
        let total = outcome.total;
        let roll = InitiativeRoll {
            creature: id.clone(),
            mode,
            advantage,
            disadvantage,
            outcome,
            total,
        };
        super::emit_about(ctx, &id, DndEvent::InitiativeRolled(roll), None)?;
    }
    Ok(())
}

pub fn start_combat(ctx: &mut Ctx<'_, Dnd2024>, s: &StartCombat) -> Result<(), RuleError> {
    check_list("combatants", &s.combatants)?;
    check_list("tie_order", &s.tie_order)?;
    if s.combatants.is_empty() {
        return Err(RuleError::new(
            "no_initiative",
            "a combat needs at least one combatant",
        ));
    }
    let mut inits = Vec::new();
    for (i, id) in s.combatants.iter().enumerate() {
        let rec = record(ctx, id)?;
        rec.check_alive()?;
        if s.combatants[..i].contains(id) {
            return Err(RuleError::new(
                "bad_initiative",
                format!("`{id}` is named twice"),
            ));
        }
        let Some(init) = ctx.rules().initiative.get(id) else {
            return Err(RuleError::new(
                "no_initiative",
                format!("`{id}` has not rolled Initiative"),
            )
            .rule("DD-CBT-01.a"));
        };
        inits.push(*init);
    }
    let mut tie_idx = Vec::new();
    for id in &s.tie_order {
        let i = s
            .combatants
            .iter()
            .position(|c| c == id)
            .ok_or_else(|| no_creature(id))?;
        tie_idx.push(i);
    }
    // Equal Initiatives: the Referee orders them (DD-CBT-01.b); none is picked silently.
    for (i, init) in inits.iter().enumerate() {
        let tied: Vec<&str> = inits
            .iter()
            .enumerate()
            .filter(|(_, x)| *x == init)
            .map(|(j, _)| s.combatants[j].as_str())
            .collect();
        if tied.len() > 1 && !tied.iter().all(|t| s.tie_order.iter().any(|o| o == t)) {
            return Err(RuleError::new(
                "initiative_tie",
                format!(
                    "{} tie at Initiative {init}: give their order in tie_order",
                    tied.join(", ")
                ),
            )
            .rule("DD-CBT-01.b")
            .with_args(serde_json::json!({"tied": tied, "initiative": inits[i]})));
        }
    }
    let order: Vec<String> = turn_order(&inits, &tie_idx)
        .map_err(refusal)?
        .into_iter()
        .map(|i| s.combatants[i].clone())
        .collect();
    // Taking part in a fight puts a monster in view.
    for id in &order {
        let rec = record(ctx, id)?;
        if rec.hidden && !rec.out_of_sight {
            super::show_to_players(ctx, id)?;
        }
    }
    ctx.start_combat(order)
}

/// A combatant's turn starts: a fresh budget with its Reaction back (DD-ACT-04.b), the slot
/// limit reset (DD-MAG-04.a), its Speed after conditions.
pub fn turn_starts(ctx: &mut Ctx<'_, Dnd2024>, who: &str) -> Result<(), RuleError> {
    let Some(rec) = ctx.rules().creatures.get(who) else {
        return Ok(());
    };
    let mut rec = rec.clone();
    let (turn, _lapsed) = rec
        .turn
        .next_turn(rec.speed(), rec.conditions.incapacitated());
    rec.turn = turn;
    // An unused readied response lapses (DD-ACT-13.c).
    rec.readied = None;
    // Spent Legendary Actions come back at the start of its turn.
    rec.legendary_used = 0;
    rec.ac_bonus = 0;
    rec.slots.start_turn();
    rec.death_save_rolled = false;
    rec.short_rest = None;
    // Dodge lasts until its next turn starts; an unused Help lapses (DD-ACT-08, DD-ACT-09).
    rec.dodging = false;
    rec.helping = None;
    set_record(ctx, rec)
}

pub fn take_action(ctx: &mut Ctx<'_, Dnd2024>, a: &TakeAction) -> Result<(), RuleError> {
    actions::take_action(ctx, a)
}

pub fn take_bonus_action(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = actor_on_turn(ctx, id)?;
    rec.turn.take_bonus_action(true).map_err(refusal)?;
    set_record(ctx, rec)
}

/// A Reaction: on anyone's turn, once per round (DD-ACT-04).
pub fn take_reaction(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    rec.check_alive()?;
    if !in_combat(ctx, id) {
        return Err(RuleError::new(
            "no_combat",
            format!("`{id}` is not in a combat"),
        ));
    }
    rec.turn.incapacitated = rec.conditions.incapacitated();
    rec.turn.take_reaction().map_err(refusal)?;
    set_record(ctx, rec)
}

pub fn move_ft(ctx: &mut Ctx<'_, Dnd2024>, m: &Move) -> Result<(), RuleError> {
    let mut rec = actor_on_turn(ctx, &m.creature)?;
    rec.turn.move_ft(m.feet).map_err(refusal)?;
    set_record(ctx, rec)
}

pub fn cast_spell(ctx: &mut Ctx<'_, Dnd2024>, s: &CastSpell) -> Result<(), RuleError> {
    cast_spell_then(ctx, s, None).map(|_| ())
}

/// Casts `s` (DD-MAG-03..05, DD-MAG-09): the action or other casting time, the slot and the
/// one-slot-per-turn limit are spent, then the spell takes effect — unless a creature in range
/// answers the casting with a reaction spell that stops it (a `spell_cast` trigger): the
/// casting stays spent, and its effect waits in that window. `more`: what else the spell does
/// when it takes effect (an area's placement), carried by that window. Returns whether the
/// spell takes effect now.
pub fn cast_spell_then(
    ctx: &mut Ctx<'_, Dnd2024>,
    s: &CastSpell,
    more: Option<serde_json::Value>,
) -> Result<bool, RuleError> {
    check_name("a spell's name", &s.spell)?;
    let rec = record(ctx, &s.creature)?;
    rec.check_alive()?;
    let reaction = s.casting_time == CastingTime::Reaction;
    let on_turn = in_combat(ctx, &s.creature);
    if on_turn && !reaction {
        check_turn(ctx, &s.creature)?;
    }
    let casting = Casting {
        spell_level: s.level,
        slot_level: s.slot_level.unwrap_or(s.level),
        ritual: s.ritual,
        has_ritual_tag: s.has_ritual_tag,
    };
    let spend = |rec: &mut CreatureRecord| -> Result<(), RuleError> {
        if on_turn {
            rec.turn.incapacitated = rec.conditions.incapacitated();
            rec.turn
                .cast_spell(s.casting_time, &mut rec.slots, casting)
                .map(|_| ())
                .map_err(refusal)
        } else {
            // Out of combat every casting is its own moment: the per-turn limit starts afresh.
            rec.slots.start_turn();
            rec.slots.cast(casting).map(|_| ()).map_err(refusal)
        }
    };
    let concentrate = |rec: &mut CreatureRecord| -> Result<(), RuleError> {
        if s.concentration {
            rec.concentration
                .start(&s.spell, rec.conditions.incapacitated())
                .map_err(refusal)?;
        }
        Ok(())
    };
    // Everything is checked on a copy first, so a refusal changes nothing.
    let mut trial = rec.clone();
    spend(&mut trial)?;
    concentrate(&mut trial)?;
    if s.level > 0 {
        super::rest::under_way::interrupt_if_resting(
            ctx,
            &s.creature,
            Interruption::CastSpell { level: s.level },
        )?;
    }
    if let Some(counter) = super::reactions::spells::counterers(ctx, &s.creature) {
        // Spent now; the effect waits for the answer (or is stopped at once).
        let mut rec = record(ctx, &s.creature)?;
        spend(&mut rec)?;
        set_record(ctx, rec)?;
        let held = serde_json::json!({"cast_spell": s, "more": more});
        let slot = (s.level > 0 && !s.ritual).then(|| s.slot_level.unwrap_or(s.level));
        if super::reactions::spells::counter(ctx, counter, &s.creature, &s.spell, slot, held)? {
            return Ok(false);
        }
        // Not stopped (the caster made its save): it takes effect now.
        spell_takes_effect(ctx, s)?;
        return Ok(true);
    }
    if s.concentration {
        // A new Concentration spell ends the one before (DD-MAG-09.b).
        end_concentration(ctx, &s.creature)?;
    }
    let mut rec = record(ctx, &s.creature)?;
    spend(&mut rec)?;
    concentrate(&mut rec)?;
    let hidden = rec.hidden;
    set_record(ctx, rec)?;
    if s.concentration {
        start_concentration_effect(ctx, s, hidden)?;
    }
    Ok(true)
}

fn start_concentration_effect(
    ctx: &mut Ctx<'_, Dnd2024>,
    s: &CastSpell,
    hidden: bool,
) -> Result<(), RuleError> {
    let visibility = if hidden {
        Visibility::Referee
    } else {
        Visibility::Public
    };
    ctx.start_effect(
        EffectSpec::new(CONCENTRATION_EFFECT, Expiry::Never)
            .on(s.creature.clone())
            .in_group(format!("concentration:{}", s.creature))
            .visible(visibility)
            .data(serde_json::json!({"spell": s.spell})),
    )
    .map(|_| ())
}

/// A spell whose casting waited for reaction spells was not stopped: it takes effect now (its
/// Concentration starts, ending the one before; a caster that can no longer concentrate,
/// dead or Incapacitated meanwhile, loses it).
pub fn spell_takes_effect(ctx: &mut Ctx<'_, Dnd2024>, s: &CastSpell) -> Result<(), RuleError> {
    if !s.concentration {
        return Ok(());
    }
    let Ok(rec) = record(ctx, &s.creature) else {
        return Ok(());
    };
    let mut trial = rec.clone();
    if rec.dead
        || trial
            .concentration
            .start(&s.spell, rec.conditions.incapacitated())
            .is_err()
    {
        return Ok(());
    }
    end_concentration(ctx, &s.creature)?;
    let mut rec = record(ctx, &s.creature)?;
    rec.concentration
        .start(&s.spell, rec.conditions.incapacitated())
        .map_err(refusal)?;
    let hidden = rec.hidden;
    set_record(ctx, rec)?;
    start_concentration_effect(ctx, s, hidden)
}

pub fn attack(ctx: &mut Ctx<'_, Dnd2024>, a: &Attack) -> Result<(), RuleError> {
    attack_with(ctx, a, false, None).map(|_| ())
}

/// An attack made with a Reaction (an Opportunity Attack, a readied attack): off the
/// attacker's turn, outside its Attack action; the caller has spent the Reaction.
/// `then`: a move held by Opportunity Attacks, to go on once this attack has resolved
/// (`grid::continue_move`). Returns whether a reaction-spell window now holds the attack.
pub fn attack_as_reaction(
    ctx: &mut Ctx<'_, Dnd2024>,
    a: &Attack,
    then: Option<serde_json::Value>,
) -> Result<bool, RuleError> {
    attack_with(ctx, a, true, then)
}

fn attack_with(
    ctx: &mut Ctx<'_, Dnd2024>,
    a: &Attack,
    reaction: bool,
    then: Option<serde_json::Value>,
) -> Result<bool, RuleError> {
    check_list("advantage", &a.advantage)?;
    check_list("disadvantage", &a.disadvantage)?;
    for n in a.advantage.iter().chain(&a.disadvantage) {
        check_name("a source's name", n)?;
    }
    if a.distance_ft > MAX_DISTANCE_FT {
        return Err(RuleError::new(
            "out_of_range",
            format!("a distance is at most {MAX_DISTANCE_FT} ft"),
        )
        .rule("MAX_DISTANCE_FT"));
    }
    let mut atk = record(ctx, &a.attacker)?;
    atk.check_alive()?;
    let tgt = record(ctx, &a.target)?;
    tgt.check_alive()?;
    let Some(spec) = atk
        .spec
        .attacks
        .iter()
        .find(|x| x.name.eq_ignore_ascii_case(&a.attack))
        .cloned()
    else {
        let names: Vec<&str> = atk.spec.attacks.iter().map(|x| x.name.as_str()).collect();
        return Err(RuleError::new(
            "unknown_attack",
            format!(
                "{} has no attack `{}` (attacks: {})",
                atk.spec.name,
                a.attack,
                names.join(", ")
            ),
        ));
    };
    let ex = Exceptions::general();
    let on_turn = in_combat(ctx, &a.attacker) && !reaction;
    if on_turn {
        check_turn(ctx, &a.attacker)?;
        atk.turn.incapacitated = atk.conditions.incapacitated();
        if spec.bonus_action {
            // A bonus-action attack spends the turn's Bonus Action, not the Attack action.
            atk.turn.take_bonus_action(true).map_err(refusal)?;
        } else {
            atk.turn.attack(&ex).map_err(refusal)?;
        }
    }
    let parts: Vec<(DamageDice, crate::damage::DamageType)> = spec
        .damage
        .iter()
        .map(|d| Ok((DamageDice::parse(&d.dice).map_err(refusal)?, d.damage_type)))
        .collect::<Result<_, RuleError>>()?;
    let reach = match spec.reach_ft {
        Some(reach_ft) => AttackReach::Melee { reach_ft },
        None => AttackReach::Ranged {
            normal_ft: spec.range_ft.unwrap_or(0),
            long_ft: spec.long_range_ft,
        },
    };
    let melee = matches!(reach, AttackReach::Melee { .. });
    // On the grid the distance is measured and the map's cover found (DD-MOVE-02.b,
    // DD-COV-01); off it the command's distance stands.
    // Sight on the grid: the map's line of sight, light and obscurement, senses, Blinded
    // eyes, Invisible bodies
    // (DD-COND-03, DD-COND-09); off it the command's flags stand.
    let (distance_ft, cover, attacker_sees_target, target_sees_attacker) = match (
        super::grid::board::space_of(ctx, &a.attacker),
        super::grid::board::space_of(ctx, &a.target),
    ) {
        (Some(x), Some(y)) => {
            let map = super::grid::board::grid_map(&ctx.rules().map);
            let (_, cover) = crate::cover::grid_cover(&map, &x, &y);
            // The light, obscurement and senses too (DD-VIS-05..10).
            let sees = super::grid::light::sees_at;
            (
                super::grid::board::feet_apart(ctx.rules(), &a.attacker, &x, &a.target, &y),
                cover,
                a.attacker_sees_target && sees(ctx.rules(), &map, &atk, &x, &tgt, &y),
                a.target_sees_attacker && sees(ctx.rules(), &map, &tgt, &y, &atk, &x),
            )
        }
        _ => (
            a.distance_ft,
            crate::cover::Cover::None,
            a.attacker_sees_target,
            a.target_sees_attacker,
        ),
    };
    let count = |l: &[String]| u32::try_from(l.len()).unwrap_or(u32::MAX);
    let grappled_by_target = atk
        .conditions
        .holds()
        .iter()
        .any(|(c, src)| *c == Condition::Grappled && src == &a.target);
    // Dodge and Help, from the records (DD-ACT-08, DD-ACT-09).
    let (extra_adv, extra_dis, helpers) =
        actions::attack_extras(ctx.rules(), &atk, &tgt, target_sees_attacker);
    let extra = |l: &[AttackSource]| u32::try_from(l.len()).unwrap_or(u32::MAX);
    let req = AttackRequest {
        bonus: spec.bonus,
        reach,
        distance_ft,
        target: AttackTarget::Creature {
            // A reaction spell's bonus (Shield) lasts until the creature's next turn.
            armor_class: tgt.spec.armor_class + tgt.ac_bonus,
            conditions: &tgt.conditions,
        },
        cover,
        attacker: &atk.conditions,
        attacker_sees_target,
        target_sees_attacker,
        target_is_grappler: grappled_by_target,
        fear_source_in_sight: false,
        enemy_within_5ft: a.enemy_within_5ft,
        other_advantage: count(&a.advantage).saturating_add(extra(&extra_adv)),
        other_disadvantage: count(&a.disadvantage).saturating_add(extra(&extra_dis)),
        damage: parts.first().map(|p| p.0),
    };
    let plan = plan_attack(&req).map_err(refusal)?;
    let (mut rule_adv, mut rule_dis) = attack_sources(&req).map_err(refusal)?;
    rule_adv.extend(extra_adv);
    rule_dis.extend(extra_dis);
    let names = |rule: Vec<AttackSource>, named: &[String]| -> Vec<AttackSourceName> {
        rule.into_iter()
            .map(AttackSourceName::Rule)
            .chain(named.iter().cloned().map(AttackSourceName::Named))
            .collect()
    };
    let advantage = names(rule_adv, &a.advantage);
    let disadvantage = names(rule_dis, &a.disadvantage);
    if on_turn {
        set_record(ctx, atk.clone())?;
    }
    // The roll uses the Help it had.
    actions::use_help(ctx, &helpers)?;
    // An attack on a hidden creature (the Referee's) is the Referee's alone, dice included.
    let roller = if tgt.hidden {
        let mut r = atk.clone();
        r.hidden = true;
        r.spec.kind = super::creatures::CreatureKind::Monster;
        r
    } else {
        atk.clone()
    };
    let faces = roll_d20s(ctx, &roller, plan.test.mode, "attack roll")?;
    let outcome = plan.roll(&faces, &ex).map_err(refusal)?;
    let mut full = AttackRoll {
        attacker: a.attacker.clone(),
        target: a.target.clone(),
        attack: spec.name.clone(),
        advantage,
        disadvantage,
        mode: plan.test.mode,
        outcome: Some(outcome.roll.clone()),
        armor_class: Some(plan.test.target),
        hit: outcome.hit,
        critical: outcome.critical,
    };
    // A hit may be answered by a reaction spell of the target (Shield): the attack waits.
    // Attacking shows a hidden attacker, hit or miss (DD-ACT-10.d).
    super::grid::board::end_hiding(ctx, &a.attacker)?;
    if super::reactions::spells::offer_reaction_spell(
        ctx,
        &tgt,
        &mut full,
        melee && a.knock_out,
        then,
    )? {
        return Ok(true);
    }
    finish_attack(ctx, full, melee && a.knock_out)?;
    Ok(false)
}

/// Records an attack roll and, on a hit, rolls and deals its damage (a Critical Hit doubles
/// the dice).
pub fn finish_attack(
    ctx: &mut Ctx<'_, Dnd2024>,
    full: AttackRoll,
    knock_out: bool,
) -> Result<(), RuleError> {
    let atk = record(ctx, &full.attacker)?;
    let tgt = record(ctx, &full.target)?;
    let Some(spec) = atk
        .spec
        .attacks
        .iter()
        .find(|x| x.name.eq_ignore_ascii_case(&full.attack))
        .cloned()
    else {
        return Err(RuleError::new(
            "unknown_attack",
            format!("{} has no attack `{}`", atk.spec.name, full.attack),
        ));
    };
    let parts: Vec<(DamageDice, crate::damage::DamageType)> = spec
        .damage
        .iter()
        .map(|d| Ok((DamageDice::parse(&d.dice).map_err(refusal)?, d.damage_type)))
        .collect::<Result<_, RuleError>>()?;
    let roller = if tgt.hidden {
        let mut r = atk.clone();
        r.hidden = true;
        r.spec.kind = super::creatures::CreatureKind::Monster;
        r
    } else {
        atk.clone()
    };
    let (hit, critical) = (full.hit, full.critical);
    let target = full.target.clone();
    let both_characters = super::is_character(&atk) && super::is_character(&tgt);
    if both_characters {
        ctx.emit(DndEvent::AttackRolled(full))?;
    } else if tgt.hidden {
        ctx.emit_for(DndEvent::AttackRolled(full), Visibility::Referee)?;
    } else if atk.hidden {
        // An attacker the players may not see (DD-VIS-10): they see that the target was
        // attacked and whether it was hit, not by whom, with what or how.
        let masked = AttackRoll {
            attacker: UNSEEN.to_string(),
            attack: UNSEEN.to_string(),
            advantage: Vec::new(),
            disadvantage: Vec::new(),
            mode: RollMode::Normal,
            outcome: None,
            armor_class: None,
            ..full.clone()
        };
        ctx.emit_masked(
            DndEvent::AttackRolled(full),
            Visibility::Referee,
            DndEvent::AttackRolled(masked),
        )?;
    } else {
        let masked = AttackRoll {
            armor_class: None,
            outcome: if super::is_character(&atk) {
                full.outcome.clone()
            } else {
                None
            },
            ..full.clone()
        };
        ctx.emit_masked(
            DndEvent::AttackRolled(full),
            Visibility::Referee,
            DndEvent::AttackRolled(masked),
        )?;
    }
    if !hit {
        return Ok(());
    }
    for (dice, damage_type) in parts {
        // A Critical Hit doubles the dice, not the modifier (DD-CORE-19.b).
        let dice = if critical { dice.critical() } else { dice };
        let amount = super::damage::life::roll_damage(ctx, &roller, dice)?;
        super::damage::life::apply_instance(
            ctx,
            &target,
            super::damage::life::Instance {
                amount,
                damage_type,
            },
            critical,
            knock_out,
        )?;
    }
    Ok(())
}
