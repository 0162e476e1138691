//! Attacks, reactions (counter, opportunity attack, stray shots), the contested maneuvers
//! (grab, escape, knockback) and toppling objects.

use super::board::fight_err;

use engine::{Answer, Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::{Value, json};

use super::super::adapter::Crows;
use super::super::adapter::{err, roll_die};
use super::super::core::commands::CoreCommand;
use super::super::core::records::{audience, living, record, set_creature_only};
use super::super::request::TestRequest;
use super::super::then::{AttackThen, CombatThen, OtherTarget, Then};
use super::board::{core_target_modifiers, grid_audience, occupants};
use super::reacting::{
    ask_with_weapons, can_react, field, melee_weapons, unarmed, use_reaction, weapon_options,
    weapons,
};
use super::rounds_and_moves::{
    fight, finish_move, first_unseen_in_path, free_square, holding, id_of, placed, seen_occupants,
    space, spend, unseen_blocker, unseen_by_actor,
};
use super::state::{AttackKind, CombatEvent, Fight, WeaponUse};
use crate::combat::attacks::{
    AttackOptions, AttackTool, Flanker, StrayShot, distance_modifiers, flanking, flanking_modifier,
    high_ground, high_ground_modifier, improvised_weapon_bane, stray_shot, unarmed_damage,
};
use crate::combat::fight::FightError;
use crate::combat::forced_movement::{ForcedKind, ForcedMovement, validate_forced_path};
use crate::combat::grid::{ReachUse, Space, Square, reach};
use crate::combat::initiative::surprised_target_modifier;
use crate::combat::line_of_effect::{LoeOptions, attack_geometry, line_of_effect};
use crate::combat::maneuvers::{
    Contest, EscapeOutcome, GrabOutcome, KnockbackOutcome, escape_outcome, escape_spec,
    grab_outcome, grab_spec, knockback_outcome, knockback_spec,
};
use crate::combat::movement::{MoveManeuver, MoveOptions, Mover, PathStep, validate_path};
use crate::combat::reactions::{CounterTrigger, CounterWeapon, Movement, ReactionKind, counter};
use crate::combat::toppling::{
    ToppleMethod, ToppleOutcome, topple_damage, topple_damage_dice, topple_method, topple_outcome,
    topple_self_damage, topple_test,
};
use crate::combat::turn::{Cost, ExtraActionTiming, crit_extra_action};
use crate::conditions::{ConditionDetail, ConditionKind, Grab, GrabEnd};
use crate::content::{DamageSpec, TierOutcomes};
use crate::creature::{Characteristics, Size};
use crate::inventory::{ItemId, SlotKind};
use crate::test_roll::{
    AttackRange, Characteristic, Modifier, ResolvedTest, TestKind, Tier, choose_characteristic,
};

/// An attack as ordered.
pub(super) struct AttackOrder {
    pub attacker: String,
    pub target: String,
    pub weapon: Option<ItemId>,
    pub natural: Option<String>,
    pub characteristic: Option<Characteristic>,
    pub ranged: bool,
    pub guess: Option<Square>,
    pub kind: AttackKind,
    /// Further targets of one roll (CR-ATK-14).
    pub also: Vec<String>,
    /// The weapon card a held non-weapon object is used like (CR-ATK-12, Referee only).
    pub like: Option<String>,
}

/// A held object that is no weapon, used like the weapon card `like` at the Referee's word:
/// that weapon's damage, none of its special properties (CR-ATK-12).
fn improvised(ctx: &Ctx<'_, Crows>, o: &AttackOrder, like: &str) -> Result<WeaponUse, RuleError> {
    let refused = |e| err("bad_improvised", e);
    let item = crate::combat::attacks::improvised_object(o.weapon, o.natural.is_some())
        .map_err(refused)?;
    let state = ctx.rules();
    let r = record(ctx, &o.attacker)?;
    let held = r
        .creature
        .inventory
        .items()
        .find(|(i, at)| i.id == item && at.kind == SlotKind::Hand)
        .map(|(i, _)| i.clone())
        .ok_or_else(|| fight_err(FightError::NotInHand))?;
    let held_is_weapon = held
        .card
        .as_ref()
        .and_then(|c| state.content.items.get(c))
        .is_some_and(|c| c.weapon.is_some());
    let card = state
        .content
        .items
        .get(like)
        .and_then(|c| c.weapon.as_ref().map(|w| (c.name.clone(), w.clone())));
    let card = card.map(|(name, w)| {
        let tool = AttackTool {
            name: held.name.clone(),
            category: Some(w.category),
            spell: false,
            melee: w.attack == AttackRange::Melee,
            extra_reach: w.reach_bonus,
            range: u32::from(w.range.unwrap_or(0)),
            thrown: w.thrown,
            ammunition: false,
            fragile: false,
            properties: Vec::new(),
        };
        ((name, w), tool)
    });
    let ((card_name, w), tool) =
        crate::combat::attacks::improvised_tool(&held.name, held_is_weapon, like, card)
            .map_err(refused)?;
    Ok(WeaponUse {
        name: format!("{} (as {card_name})", held.name),
        item: Some(item),
        natural: None,
        tool,
        characteristics: w.characteristics.clone(),
        tiers: Some(w.tiers.clone()),
        ammunition: None,
    })
}

fn pick_weapon(ctx: &Ctx<'_, Crows>, o: &AttackOrder) -> Result<WeaponUse, RuleError> {
    if let Some(like) = &o.like {
        return improvised(ctx, o, like);
    }
    crate::combat::attacks::one_way_to_attack(o.weapon.is_some(), o.natural.is_some())
        .map_err(|e| err("bad_attack", e))?;
    let all = weapons(ctx, &o.attacker);
    match (o.weapon, &o.natural) {
        (None, None) => Ok(unarmed()),
        // A weapon and a natural attack at once is refused above (CR-ATK-01).
        (Some(item), _) => all
            .into_iter()
            .find(|w| w.item == Some(item))
            .ok_or_else(|| fight_err(FightError::NotInHand)),
        (None, Some(n)) => crate::combat::attacks::natural_attack(
            &o.attacker,
            n,
            all.into_iter()
                .find(|w| w.natural.as_deref() == Some(n.as_str())),
        )
        .map_err(|e| err("unknown_attack", e)),
    }
}

/// The characteristic: the one asked for (offered by the weapon), else the best offered.
fn pick_characteristic(
    w: &WeaponUse,
    c: &Characteristics,
    asked: Option<Characteristic>,
) -> Result<Characteristic, RuleError> {
    match asked {
        Some(ch) => choose_characteristic(&w.characteristics, ch).map_err(|e| err("bad_attack", e)),
        None => w
            .characteristics
            .iter()
            .copied()
            .max_by_key(|ch| c.get(*ch))
            .ok_or_else(|| RuleError::new("bad_attack", "the weapon names no characteristic")),
    }
}

/// Makes an attack: checks, modifiers, what it uses up, then core's test (CR-ATK-*).
pub(super) fn attack(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    o: &AttackOrder,
) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    let a = living(ctx, &o.attacker)?;
    let by_referee = *ctx.actor() == engine::Actor::Referee;
    let named: Vec<&str> = std::iter::once(o.target.as_str())
        .chain(o.also.iter().map(String::as_str))
        .collect();
    let all = crate::combat::attacks::attack_targets(
        &o.attacker,
        &named,
        o.kind == AttackKind::Attack && by_referee,
        o.like.is_some() && !by_referee,
    )
    .map_err(|e| match e {
        FightError::SeveralTargets => err("multi_target_refused", e),
        FightError::ImprovisedByPlayer => err("improvised_refused", e),
        e => err("bad_target", e),
    })?;
    for t in &all {
        living(ctx, t)?;
    }
    let weapon = pick_weapon(ctx, o)?;
    let delivery = if weapon.tool.melee && !o.ranged {
        AttackRange::Melee
    } else {
        AttackRange::Ranged
    };
    let characteristic =
        pick_characteristic(&weapon, &a.creature.characteristics, o.characteristic)?;
    let value = a.creature.characteristics.get(characteristic);
    let (asp, asize) = space(ctx, &o.attacker)?;
    // What concerns the attack as a whole: a taunt's bane (CR-ACT-01), weapon-like
    // improvised weapons (CR-ATK-12).
    let mut modifiers = shared_modifiers(&f, &o.attacker, &all);
    if o.like.is_some() {
        modifiers.push(improvised_weapon_bane());
    }
    // What concerns each target only (CR-ATK-14): distance, geometry, its conditions…
    let aimed = Aimed {
        attacker: &o.attacker,
        tool: &weapon.tool,
        delivery,
        from: (&asp, asize),
        area_source: None,
    };
    let mut per_target: Vec<(String, Vec<Modifier>)> = Vec::new();
    for (n, t) in all.iter().enumerate() {
        let guess = if n == 0 { o.guess } else { None };
        let own = target_modifiers(ctx, &f, &aimed, t, guess)?;
        per_target.push((t.clone(), own));
    }
    let (primary, primary_own) = per_target.remove(0);
    let tsp = space(ctx, &primary)?.0;
    modifiers.extend(primary_own.iter().cloned());
    let own_turn = f.current() == Some(o.attacker.as_str());
    if o.kind == AttackKind::Attack {
        spend(ctx, &o.attacker, Cost::Action)?;
    }
    // What the attack uses up (CR-ATK-11, CR-ATK-06).
    let mut c = living(ctx, &o.attacker)?.creature;
    let mut spent = json!({});
    let mut dropped = Vec::new();
    if delivery == AttackRange::Ranged
        && let Some(ammo) = &weapon.ammunition
    {
        let piece = crate::combat::attacks::ammunition(
            &o.attacker,
            ammo,
            c.inventory
                .all_items()
                .find(|i| i.card.as_deref() == Some(ammo.as_str()))
                .map(|i| i.id),
        )
        .map_err(|e| err("no_ammunition", e))?;
        c.inventory
            .remove(piece)
            .map_err(|e| err("inventory_refused", e))?;
        spent["ammunition"] = json!(piece);
    }
    if let Some(item) = weapon.item {
        if delivery == AttackRange::Ranged && weapon.tool.thrown {
            dropped.push(
                c.inventory
                    .remove(item)
                    .map_err(|e| err("inventory_refused", e))?,
            );
            spent["thrown"] = json!(item);
        } else if weapon.tool.fragile {
            c.inventory
                .remove(item)
                .map_err(|e| err("inventory_refused", e))?;
            spent["broken"] = json!(item);
        }
    }
    if spent != json!({}) {
        set_creature_only(ctx, &o.attacker, c, "attack used up", spent.clone())?;
    }
    if !dropped.is_empty() {
        let ground = ctx.rules().next_ground.max(1);
        crate::ruleset::core::inventory::drop_to_ground(ctx, &o.attacker, dropped)?;
        // Where it lands is the Referee's call; by default the target's square (CR-ATK-11).
        super::rounds_and_moves::thrown_lands(ctx, ground, &weapon.name, tsp.origin)?;
    }
    // Core reads its own per-target modifiers (glow, hiding, light) for the first target;
    // each other target gets its own from the same state (CR-ATK-14), and notices an attacker
    // hidden from it (CR-HIDE-04), as core makes the first target notice.
    let primary_core = core_target_modifiers(ctx.rules(), &o.attacker, &primary);
    for (t, own) in &mut per_target {
        own.extend(core_target_modifiers(ctx.rules(), &o.attacker, t));
    }
    let noticing: Vec<String> = per_target
        .iter()
        .filter(|(t, _)| ctx.rules().hiding.is_hidden(&o.attacker, t))
        .map(|(t, _)| t.clone())
        .collect();
    if !noticing.is_empty() {
        rules.reveal(ctx, &o.attacker, noticing)?;
    }
    let vis = grid_audience(ctx, &o.attacker);
    ctx.emit_for(
        CombatEvent::AttackMade {
            attacker: o.attacker.clone(),
            target: primary.clone(),
            also: per_target.iter().map(|(t, _)| t.clone()).collect(),
            weapon: weapon.name.clone(),
            delivery,
            kind: o.kind,
            spent,
        },
        vis,
    )?;
    let kind = TestKind::Attack {
        range: delivery,
        weapon: weapon.tool.category,
    };
    let then = AttackThen {
        attacker: o.attacker.clone(),
        target: primary.clone(),
        primary_own,
        primary_core,
        others: per_target
            .into_iter()
            .map(|(target, modifiers)| OtherTarget { target, modifiers })
            .collect(),
        weapon,
        delivery,
        characteristic,
        value,
        kind: o.kind,
        own_turn,
    };
    TestRequest::new(&o.attacker, characteristic)
        .kind(kind)
        .modifiers(modifiers)
        .crit_and_doom_defined_by_rule(true)
        .target(primary)
        .then(Then::Combat(CombatThen::Attack(Box::new(then))))
        .roll(rules, ctx)
}

/// The modifiers of one attack that concern the attack as a whole, whatever it is made with
/// (weapon or spell): a taunt's bane on attacks that leave the taunter out (CR-ACT-01).
fn shared_modifiers(f: &Fight, attacker: &str, targets: &[String]) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if let Some(me) = f.number(attacker) {
        let targets: Vec<u32> = targets.iter().filter_map(|t| f.number(t)).collect();
        for taunt in &f.taunts {
            let (Some(taunter), Some(target)) = (f.number(&taunt.taunter), f.number(&taunt.target))
            else {
                continue;
            };
            let taunt = crate::combat::actions::Taunt { taunter, target };
            modifiers.extend(taunt.modifier_for(me, &targets));
        }
    }
    modifiers
}

/// An attack as its per-target modifiers see it: a weapon attack or a spell attack
/// (CR-ATK-01).
struct Aimed<'a> {
    attacker: &'a str,
    tool: &'a AttackTool,
    delivery: AttackRange,
    from: (&'a Space, Size),
    /// An area spell's target (CR-SPELL-07): range was checked at the area's origin square, so
    /// no range or reach here, and line of effect, cover and concealment are read from this
    /// space (the origin square; the caster's space for an aura).
    area_source: Option<Space>,
}

/// The modifiers of an attack that concern one target only (CR-ATK-14), for weapon and spell
/// attacks alike: range and the adjacent bane (CR-ATK-07/10; a spell never beyond its range),
/// line of effect, cover and concealment (CR-LOE-*), a named square (CR-LOE-08), the target's
/// conditions, surprise (CR-CBT-08), flanking (CR-ATK-15) and high ground (CR-ATK-18).
/// Refuses a target out of reach or range, or without line of effect.
fn target_modifiers(
    ctx: &Ctx<'_, Crows>,
    f: &Fight,
    a: &Aimed<'_>,
    target: &str,
    guess: Option<Square>,
) -> Result<Vec<Modifier>, RuleError> {
    let (asp, asize) = a.from;
    let delivery = a.delivery;
    let t = living(ctx, target)?;
    let (tsp, _) = space(ctx, target)?;
    let tp = placed(ctx, target)?;
    let mut modifiers: Vec<Modifier> = if a.area_source.is_some() {
        Vec::new()
    } else {
        distance_modifiers(
            a.tool,
            true,
            delivery,
            (asp, asize),
            &tsp,
            AttackOptions::default(),
        )
        .map_err(fight_err)?
    };
    let grid = ctx.rules().combat.grid();
    let geometry = attack_geometry(
        &grid,
        a.area_source.as_ref().unwrap_or(asp),
        &tsp,
        tp.invisible,
        tp.squeezing,
        LoeOptions::default(),
    );
    // Inside an area the effect spreads from its origin; nothing more to read.
    let geometry = crate::combat::line_of_effect::attack_line(
        geometry,
        a.area_source.is_some(),
        a.attacker,
        target,
    )
    .map_err(|e| err("no_line_of_effect", e))?;
    // Naming a square in heavy concealment: a wrong one is an automatic miss (CR-LOE-08).
    if let Some(g) = guess {
        let outcome = crate::combat::line_of_effect::resolve_square_guess(
            geometry.concealment,
            true,
            g,
            &tsp,
        )
        .map_err(|e| err("bad_guess", e))?;
        if outcome == crate::light::GuessOutcome::AutomaticMiss {
            modifiers.push(Modifier::new(
                crate::test_roll::ModifierSource::new(
                    crate::test_roll::SourceKind::Situation,
                    "wrong_square",
                )
                .with_rule("CR-LOE-08"),
                crate::test_roll::ModifierEffect::AutomaticTier(Tier::One),
            ));
        }
    }
    modifiers.extend(geometry.modifiers);
    modifiers.extend(crate::conditions::attack_modifiers_against(
        &t.creature.conditions,
        delivery,
    ));
    if let Some(n) = f.number(target)
        && f.combat.is_surprised(n).unwrap_or(false)
    {
        modifiers.push(surprised_target_modifier());
    }
    if delivery == AttackRange::Melee {
        let (_, ids) = occupants(ctx.rules());
        let num = |id: &str| {
            ids.iter()
                .position(|i| i == id)
                .and_then(|n| u32::try_from(n).ok())
        };
        let flanker = |id: &str| -> Option<Flanker> {
            let (sp, _) = super::space_of(ctx.rules(), id)?;
            let c = &ctx.rules().creatures.get(id)?.creature;
            Some(Flanker::new(
                sp,
                &c.conditions,
                holding(ctx, id).and_then(|h| num(&h)),
            ))
        };
        let side = placed(ctx, a.attacker)?.side;
        let allies: Vec<Flanker> = ids
            .iter()
            .filter(|i| i.as_str() != a.attacker && *i != target)
            .filter(|i| {
                ctx.rules()
                    .combat
                    .placements
                    .get(*i)
                    .is_some_and(|p| p.side == side)
            })
            .filter(|i| {
                ctx.rules()
                    .creatures
                    .get(*i)
                    .is_some_and(|r| !r.creature.conditions.has(ConditionKind::Unconscious))
            })
            .filter_map(|i| flanker(i))
            .collect();
        if let (Some(me), Some(tn)) = (flanker(a.attacker), num(target))
            && flanking(&me, &allies, tn, &tsp)
        {
            modifiers.push(flanking_modifier());
        }
    }
    if high_ground(
        grid.cell(asp.origin).elevation,
        grid.cell(tsp.origin).elevation,
    ) {
        modifiers.push(high_ground_modifier());
    }
    Ok(modifiers)
}

/// Rolls a weapon's result for a tier: damage (recorded dice) and its other effect.
fn roll_damage(
    ctx: &mut Ctx<'_, Crows>,
    attacker: &str,
    weapon: &WeaponUse,
    tier: Tier,
    characteristic: Characteristic,
) -> Result<(Option<i32>, Option<String>, bool), RuleError> {
    let c = record(ctx, attacker)?.creature.characteristics;
    let used = c.get(characteristic);
    // Blessed: every attack deals extra damage equal to the characteristic it is made with
    // (CR-COND-02; CR-ERR-44 for a negative one).
    let blessed = i32::from(
        record(ctx, attacker)?
            .creature
            .conditions
            .attack_damage_bonus(used, &ctx.rules().options),
    );
    let Some(tiers) = &weapon.tiers else {
        // CR-ERR-44 default: never below 0.
        return Ok((
            unarmed_damage(tier, used, true).map(|d| (d + blessed).max(0)),
            None,
            false,
        ));
    };
    let outcome = match tier {
        Tier::One => &tiers.tier_1,
        Tier::Two => &tiers.tier_2,
        Tier::Three => &tiers.tier_3,
    };
    let Some(spec) = outcome.damage.clone() else {
        return Ok((None, outcome.effect.clone(), false));
    };
    let DamageSpec {
        dice,
        flat,
        characteristics,
        attack_stat,
        piercing,
    } = spec;
    let vis = audience(ctx, attacker);
    let mut total = i32::from(flat);
    for (n, sides) in dice {
        for _ in 0..n {
            total += i32::from(roll_die(
                ctx,
                &format!("{} damage", weapon.name),
                sides,
                vis.clone(),
            )?);
        }
    }
    for ch in characteristics {
        total += i32::from(c.get(ch));
    }
    if attack_stat {
        total += i32::from(used);
    }
    total += blessed;
    // Violent in the Miasma: +1 on weapon damage (CR-MIASMA-07); a spell attack is no
    // weapon attack.
    if !weapon.tool.spell {
        total += i32::from(crate::ruleset::state::weapon_damage_bonus(
            ctx.rules(),
            attacker,
        ));
    }
    Ok((Some(total.max(0)), outcome.effect.clone(), piercing))
}

/// Applies damage through core's pipeline (armor, wounds, death, knock-out).
fn deal(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    source: &str,
    target: &str,
    amount: i32,
    piercing: bool,
) -> Result<(), RuleError> {
    if amount <= 0
        || !ctx
            .rules()
            .creatures
            .get(target)
            .is_some_and(|r| r.creature.alive)
    {
        return Ok(());
    }
    let by_player = ctx.core().participants.controllers(source).next().is_some();
    rules.core_decide(
        &CoreCommand::Damage {
            creature: target.to_string(),
            amount: u16::try_from(amount).unwrap_or(u16::MAX),
            piercing,
            doubled: false,
            by_player,
        },
        ctx,
    )
}

/// The attack's test is resolved: damage, a crit's extra action, or a miss's consequence —
/// per target when the one roll had several (CR-ATK-14).
pub(super) fn attack_resolved(
    rules: &Crows,
    attacker: &str,
    resolved: &ResolvedTest,
    then: AttackThen,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let AttackThen {
        target,
        weapon,
        delivery,
        characteristic,
        kind,
        own_turn,
        mut primary_own,
        primary_core,
        others,
        ..
    } = then;
    // What core added for the first target comes out too (CR-ATK-14).
    primary_own.extend(primary_core);
    let mut results = vec![(target, resolved.final_tier, resolved.doom)];
    for other in others {
        let r = reread(resolved, &primary_own, &other.modifiers)?;
        results.push((other.target, r.final_tier, r.doom));
    }
    let one = OneResult {
        attacker,
        weapon: &weapon,
        delivery,
        characteristic,
        kind,
        crit: resolved.crit,
    };
    // Crit and doom come from the one natural roll: one extra action for the attack, with
    // the first hit (CR-ATK-13).
    let mut extra = resolved.crit;
    for (target, tier, doom) in results {
        let grant = extra && tier != Tier::One;
        extra &= !grant;
        resolve_against(
            rules,
            ctx,
            &one,
            &target,
            tier,
            doom,
            crit_extra_action(grant, own_turn),
        )?;
    }
    Ok(())
}

/// Reads the same roll (the faces and the expertise spent) against another target: the
/// primary target's own modifiers out, this target's in (CR-ATK-14).
fn reread(
    resolved: &ResolvedTest,
    primary_own: &[Modifier],
    own: &[Modifier],
) -> Result<ResolvedTest, RuleError> {
    let mut spec = resolved.rolled.spec.clone();
    for m in primary_own {
        if let Some(i) = spec.modifiers.iter().position(|x| x == m) {
            spec.modifiers.remove(i);
        }
    }
    spec.modifiers.extend(own.iter().cloned());
    let rolled = crate::test_roll::roll_test(&spec, resolved.rolled.faces, resolved.rolled.rules)
        .map_err(|e| err("bad_attack", e))?;
    // The expertise was spent on the roll; it counts wherever it changes the result.
    match resolved.expertise {
        Some(e) => rolled
            .clone()
            .commit(Some(e))
            .or_else(|_| rolled.commit(None)),
        None => rolled.commit(None),
    }
    .map_err(|e| err("bad_attack", e))
}

/// What one attack result needs to know beyond its target.
struct OneResult<'a> {
    attacker: &'a str,
    weapon: &'a WeaponUse,
    delivery: AttackRange,
    characteristic: Characteristic,
    kind: AttackKind,
    crit: bool,
}

/// One target's result: damage on a hit, the miss's consequence on tier 1.
fn resolve_against(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    one: &OneResult<'_>,
    target: &str,
    tier: Tier,
    doom: bool,
    extra: Option<ExtraActionTiming>,
) -> Result<(), RuleError> {
    let attacker = one.attacker;
    let hit = tier != Tier::One;
    let vis = grid_audience(ctx, attacker);
    if hit {
        let (damage, effect, piercing) =
            roll_damage(ctx, attacker, one.weapon, tier, one.characteristic)?;
        ctx.emit_for(
            CombatEvent::AttackResolved {
                attacker: attacker.to_string(),
                target: target.to_string(),
                kind: one.kind,
                tier,
                hit,
                damage,
                effect,
                crit: one.crit,
                doom,
            },
            vis,
        )?;
        if let Some(timing) = extra {
            extra_action(ctx, attacker, timing)?;
        }
        return deal(rules, ctx, attacker, target, damage.unwrap_or(0), piercing);
    }
    ctx.emit_for(
        CombatEvent::AttackResolved {
            attacker: attacker.to_string(),
            target: target.to_string(),
            kind: one.kind,
            tier,
            hit,
            damage: None,
            effect: None,
            crit: false,
            doom,
        },
        vis,
    )?;
    missed(ctx, one, target, doom)
}

/// A miss's consequence (tier 1), for weapon and spell attacks alike: a melee miss opens
/// the target's counter (CR-REACT-03), a ranged one may stray into the attacker's allies
/// next to the target (CR-ATK-08/09).
fn missed(
    ctx: &mut Ctx<'_, Crows>,
    one: &OneResult<'_>,
    target: &str,
    doom: bool,
) -> Result<(), RuleError> {
    match (one.delivery, one.kind) {
        (AttackRange::Melee, AttackKind::Attack) => offer_counter(
            ctx,
            target,
            one.attacker,
            CounterTrigger::MeleeAttack { opportunity: false },
            doom,
        ),
        // CR-REACT-04: an opportunity attack's miss opens no counter.
        (AttackRange::Melee, _) => Ok(()),
        (AttackRange::Ranged, _) => stray(
            ctx,
            one.attacker,
            target,
            one.weapon,
            one.characteristic,
            doom,
        ),
    }
}

/// A crit's extra action: on the attacker's own turn into its budget, else an allowance to
/// use right away (CR-ATK-13).
/// The crit's extra action (CR-ATK-13): on the attacker's own turn it joins the turn's
/// budget; outside it, it is an allowance to be used at once.
fn extra_action(
    ctx: &mut Ctx<'_, Crows>,
    attacker: &str,
    timing: ExtraActionTiming,
) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    let vis = grid_audience(ctx, attacker);
    match (timing, f.budgets.get(attacker)) {
        (ExtraActionTiming::ThisTurn, Some(b)) => {
            let mut b = *b;
            b.grant_extra_action();
            ctx.emit_for(
                CombatEvent::BudgetSet {
                    creature: attacker.to_string(),
                    budget: b,
                },
                vis,
            )
        }
        _ => ctx.emit_for(
            CombatEvent::AllowanceSet {
                creature: attacker.to_string(),
                cost: Some(Cost::Action),
            },
            vis,
        ),
    }
}

/// Offers `counterer` a counter against `triggerer` when the rules open one (CR-REACT-03,
/// CR-ERR-52): a reaction left and a held melee weapon reaching the triggerer.
pub(super) fn offer_counter(
    ctx: &mut Ctx<'_, Crows>,
    counterer: &str,
    triggerer: &str,
    trigger: CounterTrigger,
    doom: bool,
) -> Result<(), RuleError> {
    let f = fight(ctx)?;
    if !can_react(ctx, &f, counterer, f.round()) {
        return Ok(());
    }
    let (Ok((csp, csize)), Ok((tsp, _))) = (space(ctx, counterer), space(ctx, triggerer)) else {
        return Ok(());
    };
    let trigger_tier = if trigger == CounterTrigger::EscapeGrabReleased {
        Tier::Two
    } else {
        Tier::One
    };
    let mut tier = Tier::Two;
    let usable: Vec<WeaponUse> = melee_weapons(ctx, counterer)
        .into_iter()
        .filter(|w| {
            let held = if w.item.is_some() {
                CounterWeapon::HeldMelee {
                    extra_reach: w.tool.extra_reach,
                }
            } else {
                CounterWeapon::Natural {
                    extra_reach: w.tool.extra_reach,
                }
            };
            match counter(trigger, trigger_tier, doom, held, (&csp, csize), &tsp) {
                Ok(c) => {
                    tier = c.tier;
                    true
                }
                Err(_) => false,
            }
        })
        .collect();
    if usable.is_empty() {
        return Ok(());
    }
    ask_with_weapons(
        ctx,
        "crows.combat.counter",
        format!(
            "{triggerer} got tier 1 against {counterer}: counter for the weapon's tier {} result? (CR-REACT-03)",
            tier.number()
        ),
        counterer,
        weapon_options(&usable),
        json!({"creature": counterer, "counterer": counterer, "triggerer": triggerer, "tier": tier}),
    )
}

pub(super) fn counter_answered(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &Answer,
) -> Result<(), RuleError> {
    if answer.option == "pass" {
        return Ok(());
    }
    let counterer: String = field(&decision.context, "counterer")?;
    let triggerer: String = field(&decision.context, "triggerer")?;
    let tier: Tier = field(&decision.context, "tier")?;
    let weapon: WeaponUse = chosen(decision, answer)?;
    let f = fight(ctx)?;
    use_reaction(ctx, &f, &counterer, ReactionKind::Counter)?;
    let characteristic = pick_characteristic(
        &weapon,
        &record(ctx, &counterer)?.creature.characteristics,
        None,
    )?;
    let vis = grid_audience(ctx, &counterer);
    automatic_hit(
        rules,
        ctx,
        (&counterer, &triggerer),
        AttackKind::Counter,
        (&weapon, tier, characteristic),
        vis,
    )
}

/// A hit whose tier a rule fixed (a counter, a stray shot): its damage rolled, recorded and
/// dealt through core.
fn automatic_hit(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    (attacker, target): (&str, &str),
    kind: AttackKind,
    (weapon, tier, characteristic): (&WeaponUse, Tier, Characteristic),
    vis: Visibility,
) -> Result<(), RuleError> {
    let (damage, effect, piercing) = roll_damage(ctx, attacker, weapon, tier, characteristic)?;
    ctx.emit_for(
        CombatEvent::AttackResolved {
            attacker: attacker.to_string(),
            target: target.to_string(),
            kind,
            tier,
            hit: true,
            damage,
            effect,
            crit: false,
            doom: false,
        },
        vis,
    )?;
    deal(rules, ctx, attacker, target, damage.unwrap_or(0), piercing)
}

fn chosen(decision: &Decision, answer: &Answer) -> Result<WeaponUse, RuleError> {
    decision
        .options
        .iter()
        .find(|o| o.id == answer.option)
        .and_then(|o| serde_json::from_value(o.data.clone()).ok())
        .ok_or_else(|| RuleError::new("bad_decision", "the chosen weapon is not an option"))
}

pub(super) fn opportunity_answered(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &Answer,
) -> Result<(), RuleError> {
    let watcher: String = field(&decision.context, "watcher")?;
    let mover: String = field(&decision.context, "mover")?;
    let f = fight(ctx)?;
    if answer.option == "pass" {
        let vis = grid_audience(ctx, &watcher);
        return ctx.emit_for(CombatEvent::OpportunityDeclined { watcher, mover }, vis);
    }
    let weapon = chosen(decision, answer)?;
    use_reaction(ctx, &f, &watcher, ReactionKind::OpportunityAttack)?;
    attack(
        rules,
        ctx,
        &AttackOrder {
            attacker: watcher,
            target: mover,
            weapon: weapon.item,
            natural: weapon.natural,
            characteristic: None,
            ranged: false,
            guess: None,
            kind: AttackKind::Opportunity,
            also: Vec::new(),
            like: None,
        },
    )
}

/// A ranged miss next to the attacker's allies (CR-ATK-08/09, CR-ERR-49).
fn stray(
    ctx: &mut Ctx<'_, Crows>,
    attacker: &str,
    target: &str,
    weapon: &WeaponUse,
    characteristic: Characteristic,
    doom: bool,
) -> Result<(), RuleError> {
    let side = placed(ctx, attacker)?.side;
    let (tsp, _) = space(ctx, target)?;
    let allies: Vec<String> = ctx
        .rules()
        .combat
        .placements
        .iter()
        .filter(|(id, p)| *id != attacker && *id != target && p.side == side)
        .filter(|(id, _)| {
            ctx.rules()
                .creatures
                .get(*id)
                .is_some_and(|r| r.creature.alive)
        })
        .filter(|(id, _)| {
            super::space_of(ctx.rules(), id).is_some_and(|(s, _)| s.distance_to(&tsp) == 1)
        })
        .map(|(id, _)| id.clone())
        .collect();
    if allies.is_empty() {
        return Ok(());
    }
    let nums: Vec<u32> = (0..u32::try_from(allies.len()).unwrap_or(0)).collect();
    let parity = if doom {
        None
    } else {
        Some((
            roll_die(ctx, "stray shot: odd hits an ally", 6, Visibility::Public)?,
            6,
        ))
    };
    let StrayShot::HitsAlly { tier, .. } =
        stray_shot(Tier::One, doom, &nums, parity).map_err(fight_err)?
    else {
        return Ok(());
    };
    let labels: Vec<(String, String)> = allies
        .iter()
        .map(|a| (a.clone(), format!("{a} is hit")))
        .collect();
    let refs: Vec<(&str, &str)> = labels
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let request = DecisionRequest::new(
        "crows.combat.stray_shot",
        format!(
            "{attacker}'s missed shot strikes one of these allies at random for tier {} (CR-ATK-08/09, CR-REF-22)",
            tier.number()
        ),
        Answerer::Referee,
        &refs,
    )
    .with_visibility(Visibility::Public)
    .with_args(json!({"attacker": attacker, "tier": tier.number()}))
    .with_context(json!({"creature": attacker, "attacker": attacker, "weapon": weapon,
        "characteristic": characteristic, "tier": tier, "target": target}));
    ctx.ask(request).map(|_| ())
}

pub(super) fn stray_answered(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &Answer,
) -> Result<(), RuleError> {
    let attacker: String = field(&decision.context, "attacker")?;
    let weapon: WeaponUse = field(&decision.context, "weapon")?;
    let characteristic: Characteristic = field(&decision.context, "characteristic")?;
    let tier: Tier = field(&decision.context, "tier")?;
    let victim = answer.option.clone();
    let vis = grid_audience(ctx, &victim);
    automatic_hit(
        rules,
        ctx,
        (&attacker, &victim),
        AttackKind::Stray,
        (&weapon, tier, characteristic),
        vis,
    )
}

type Placed = (crate::combat::grid::Space, Size);

fn contest(ctx: &Ctx<'_, Crows>, user: &str, target: &str) -> Result<(Placed, Placed), RuleError> {
    Ok((space(ctx, user)?, space(ctx, target)?))
}

/// Grab (CR-MAN-09): a maneuver and a Strength test.
pub(super) fn grab(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    target: &str,
) -> Result<(), RuleError> {
    fight(ctx)?;
    let a = living(ctx, creature)?;
    living(ctx, target)?;
    let ((us, usz), (ts, tsz)) = contest(ctx, creature, target)?;
    let holding_now = holding(ctx, creature).is_some();
    let spec = grab_spec(
        Contest {
            user: (&us, usz),
            target: (&ts, tsz),
        },
        holding_now,
        a.creature.characteristics.strength,
    )
    .map_err(fight_err)?;
    spend(ctx, creature, Cost::Maneuver)?;
    TestRequest::new(creature, spec.characteristic)
        .then(Then::Combat(CombatThen::Grab {
            target: target.to_string(),
        }))
        .roll(rules, ctx)
}

pub(super) fn grab_resolved(
    grabber: &str,
    resolved: &ResolvedTest,
    target: String,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match grab_outcome(resolved.final_tier) {
        GrabOutcome::TargetMayCounter => {
            offer_counter(ctx, &target, grabber, CounterTrigger::Grab, resolved.doom)
        }
        GrabOutcome::Grabbed => {
            let (_, size) = space(ctx, grabber)?;
            let mut c = living(ctx, &target)?.creature;
            c.conditions.grab(Grab {
                by: grabber.to_string(),
                range: reach(size, 0, ReachUse::Other),
            });
            set_creature_only(
                ctx,
                &target,
                c,
                "grabbed",
                json!({"by": grabber, "rule": "CR-MAN-09"}),
            )
        }
        GrabOutcome::PushOneOrShift => {
            let mut options: Vec<(String, String, Value)> = Vec::new();
            let (all, ids) = occupants(ctx.rules());
            let find = |id: &str| ids.iter().position(|i| i == id).map(|n| all[n]);
            let (Some(me), Some(them)) = (find(grabber), find(&target)) else {
                return Ok(());
            };
            // The squares offered are those of the grid the player sees (secrecy).
            let occ = seen_occupants(&all, &unseen_by_actor(ctx, &ids));
            let grid = ctx.rules().combat.grid();
            let push = ForcedMovement {
                kind: ForcedKind::Push,
                distance: 1,
                magic: crate::creature::Magic::Mundane,
                vertical: false,
            };
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let to = Square::new(them.space.origin.x + dx, them.space.origin.y + dy);
                    if to != them.space.origin
                        && validate_forced_path(&grid, &occ, &me, &them, false, push, &[to]).is_ok()
                    {
                        options.push((
                            format!("push_{}_{}", to.x, to.y),
                            format!("Push {target} to {},{}", to.x, to.y),
                            json!({"push": to}),
                        ));
                    }
                }
            }
            let r = record(ctx, grabber)?;
            let mover = Mover {
                id: me.id,
                speeds: r.creature.speeds,
                speed: u8::MAX,
                flying: false,
            };
            for to in one_square_moves(&grid, &occ, &mover, me.space.origin, MoveManeuver::Shift) {
                options.push((
                    format!("shift_{}_{}", to.x, to.y),
                    format!("Shift to {},{}", to.x, to.y),
                    json!({"shift": to}),
                ));
            }
            ask_with_weapons(
                ctx,
                "crows.combat.grab_choice",
                format!(
                    "{grabber}'s grab got tier 2: push {target} 1 square or take a free Shift (CR-MAN-09)"
                ),
                grabber,
                options,
                json!({"creature": grabber, "grabber": grabber, "target": target}),
            )
        }
    }
}

pub(super) fn grab_choice_answered(
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &Answer,
) -> Result<(), RuleError> {
    if answer.option == "pass" {
        return Ok(());
    }
    let grabber: String = field(&decision.context, "grabber")?;
    let target: String = field(&decision.context, "target")?;
    let data = decision
        .options
        .iter()
        .find(|o| o.id == answer.option)
        .map(|o| o.data.clone())
        .unwrap_or_default();
    if let Ok(to) = field::<Square>(&data, "push") {
        push_along(ctx, &grabber, &target, 1, &[to])
    } else {
        let to: Square = field(&data, "shift")?;
        let movement = if serde_json::from_value::<GrabMoveChoice>(data.clone())
            .is_ok_and(|c| c.escape.is_some())
        {
            Movement::EscapeGrabSquare
        } else {
            Movement::GrabShift
        };
        free_square(ctx, &grabber, to, movement)
    }
}

/// The data of a grab's square option, as far as the answer reads it: an escape's square
/// (`{"shift": …, "escape": true}`) rather than the grabber's shift.
#[derive(Debug, Default, serde::Deserialize)]
struct GrabMoveChoice {
    #[serde(default, deserialize_with = "present")]
    escape: Option<Value>,
}

/// A key that is present, whatever its value (even `null`), as `Some`.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    <Value as serde::Deserialize>::deserialize(d).map(Some)
}

/// A mundane push of `target` by `pusher` along `path` (CR-FORCE-01).
fn push_along(
    ctx: &mut Ctx<'_, Crows>,
    pusher: &str,
    target: &str,
    distance: u32,
    path: &[Square],
) -> Result<(), RuleError> {
    if path.is_empty() {
        return Ok(());
    }
    let (occ, ids) = occupants(ctx.rules());
    let find = |id: &str| ids.iter().position(|i| i == id).map(|n| occ[n]);
    let (Some(me), Some(them)) = (find(pusher), find(target)) else {
        return Ok(());
    };
    let grid = ctx.rules().combat.grid();
    let effect = ForcedMovement {
        kind: ForcedKind::Push,
        distance,
        magic: crate::creature::Magic::Mundane,
        vertical: false,
    };
    // A player pushes on the grid they see (secrecy): someone unseen in the way stops the
    // push where it began, and the Referee is told.
    let unseen = unseen_by_actor(ctx, &ids);
    let report = validate_forced_path(
        &grid,
        &seen_occupants(&occ, &unseen),
        &me,
        &them,
        false,
        effect,
        path,
    )
    .map_err(|e| err("forced_move_refused", e))?;
    if let Some((_, blocker)) = first_unseen_in_path(&occ, &unseen, them.space, path) {
        return unseen_blocker(ctx, target, &id_of(&ids, blocker), them.space.origin);
    }
    finish_move(
        ctx,
        target,
        them.space.origin,
        report.end.origin,
        report.squares_moved,
        Movement::Forced,
        json!(report),
    )
}

/// Escape Grab (CR-MAN-10): a maneuver and an Agility or Strength test.
pub(super) fn escape_grab(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    characteristic: Characteristic,
) -> Result<(), RuleError> {
    fight(ctx)?;
    let c = living(ctx, creature)?.creature;
    let grabbed = c.conditions.has(ConditionKind::Grabbed);
    let spec = escape_spec(
        grabbed,
        characteristic,
        c.characteristics.get(characteristic),
    )
    .map_err(fight_err)?;
    spend(ctx, creature, Cost::Maneuver)?;
    TestRequest::new(creature, spec.characteristic)
        .then(Then::Combat(CombatThen::Escape))
        .roll(rules, ctx)
}

fn grabber_of(ctx: &Ctx<'_, Crows>, id: &str) -> Option<String> {
    match ctx
        .rules()
        .creatures
        .get(id)?
        .creature
        .conditions
        .get(ConditionKind::Grabbed)
        .map(|c| &c.detail)
    {
        Some(ConditionDetail::Grab(g)) => Some(g.by.clone()),
        _ => None,
    }
}

fn release(ctx: &mut Ctx<'_, Crows>, id: &str, why: GrabEnd) -> Result<(), RuleError> {
    let mut c = living(ctx, id)?.creature;
    if c.conditions.end_grab(why) {
        set_creature_only(ctx, id, c, "grab ended", json!({"why": why}))?;
    }
    Ok(())
}

pub(super) fn escape_resolved(
    escaper: &str,
    resolved: &ResolvedTest,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let Some(grabber) = grabber_of(ctx, escaper) else {
        return Ok(());
    };
    match escape_outcome(resolved.final_tier) {
        EscapeOutcome::GrabberMayCounter => offer_counter(
            ctx,
            &grabber,
            escaper,
            CounterTrigger::EscapeGrab,
            resolved.doom,
        ),
        EscapeOutcome::MayBreakFreeOpeningCounter => {
            let request = DecisionRequest::new(
                "crows.combat.break_free",
                format!("{escaper} may break free of {grabber}, who may then counter (CR-MAN-10)"),
                Answerer::Controller(escaper.to_string()),
                &[("break_free", "Break free"), ("stay", "Stay grabbed")],
            )
            .with_default("stay")
            .with_visibility(grid_audience(ctx, escaper))
            .with_args(json!({"creature": escaper, "grabber": grabber}))
            .with_context(json!({"creature": escaper, "grabber": grabber}));
            ctx.ask(request).map(|_| ())
        }
        EscapeOutcome::FreeWithSafeSquare => {
            release(ctx, escaper, GrabEnd::EscapeGrab)?;
            // One square that provokes nothing (CR-MAN-10, CR-REACT-06), of the grid the
            // player sees (secrecy).
            let (all, ids) = occupants(ctx.rules());
            let Some(me) = ids.iter().position(|i| i == escaper).map(|n| all[n]) else {
                return Ok(());
            };
            let occ = seen_occupants(&all, &unseen_by_actor(ctx, &ids));
            let r = record(ctx, escaper)?;
            let mover = Mover {
                id: me.id,
                speeds: r.creature.speeds,
                speed: u8::MAX,
                flying: false,
            };
            let grid = ctx.rules().combat.grid();
            let mut options = Vec::new();
            for to in one_square_moves(&grid, &occ, &mover, me.space.origin, MoveManeuver::Move) {
                options.push((
                    format!("shift_{}_{}", to.x, to.y),
                    format!("Step to {},{}", to.x, to.y),
                    json!({"shift": to, "escape": true}),
                ));
            }
            if options.is_empty() {
                return Ok(());
            }
            ask_with_weapons(
                ctx,
                "crows.combat.escape_square",
                format!("{escaper} broke free: move 1 square without provoking (CR-MAN-10)"),
                escaper,
                options,
                json!({"creature": escaper, "grabber": escaper, "target": escaper}),
            )
        }
    }
}

pub(super) fn break_free_answered(
    _rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &Answer,
) -> Result<(), RuleError> {
    if answer.option != "break_free" {
        return Ok(());
    }
    let escaper: String = field(&decision.context, "creature")?;
    let grabber: String = field(&decision.context, "grabber")?;
    release(ctx, &escaper, GrabEnd::EscapeGrab)?;
    offer_counter(
        ctx,
        &grabber,
        &escaper,
        CounterTrigger::EscapeGrabReleased,
        false,
    )
}

/// Knockback (CR-MAN-11): a maneuver and a Strength test; `push` is the path the target would
/// take. Every push a tier can give (its first square at tier 2, the whole path at tier 3)
/// is checked now, before the test is rolled, so no face can turn the command into a
/// refusal (secrecy: refusals never depend on unrevealed faces); [`knockback_resolved`]
/// never refuses.
pub(super) fn knockback(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    target: &str,
    push: &[Square],
) -> Result<(), RuleError> {
    fight(ctx)?;
    let a = living(ctx, creature)?;
    living(ctx, target)?;
    let ((us, usz), (ts, tsz)) = contest(ctx, creature, target)?;
    let spec = knockback_spec(
        Contest {
            user: (&us, usz),
            target: (&ts, tsz),
        },
        a.creature.characteristics.strength,
    )
    .map_err(fight_err)?;
    if !push.is_empty() {
        let (occ, ids) = occupants(ctx.rules());
        let find = |id: &str| ids.iter().position(|i| i == id).map(|n| occ[n]);
        if let (Some(me), Some(them)) = (find(creature), find(target)) {
            let grid = ctx.rules().combat.grid();
            let effect = ForcedMovement {
                kind: ForcedKind::Push,
                distance: 2,
                magic: crate::creature::Magic::Mundane,
                vertical: false,
            };
            // A forced path is checked square by square, so the one-square push of tier 2
            // is legal whenever the whole path is; a player's path is judged on the grid
            // they see (secrecy).
            let seen = seen_occupants(&occ, &unseen_by_actor(ctx, &ids));
            validate_forced_path(&grid, &seen, &me, &them, false, effect, push)
                .map_err(|e| err("forced_move_refused", e))?;
        }
    }
    spend(ctx, creature, Cost::Maneuver)?;
    TestRequest::new(creature, spec.characteristic)
        .then(Then::Combat(CombatThen::Knockback {
            target: target.to_string(),
            push: push.to_vec(),
        }))
        .roll(rules, ctx)
}

pub(super) fn knockback_resolved(
    creature: &str,
    resolved: &ResolvedTest,
    target: String,
    push: Vec<Square>,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match knockback_outcome(resolved.final_tier) {
        KnockbackOutcome::TargetMayCounter => offer_counter(
            ctx,
            &target,
            creature,
            CounterTrigger::Knockback,
            resolved.doom,
        ),
        KnockbackOutcome::Push(n) => {
            // Checked before the roll on the grid the player sees; someone unseen in the way
            // (or a grid changed since) stops the push where the path is still legal — the
            // result never turns into a refusal.
            let n = usize::from(n).min(push.len());
            let (occ, ids) = occupants(ctx.rules());
            let find = |id: &str| ids.iter().position(|i| i == id).map(|k| occ[k]);
            let (Some(me), Some(them)) = (find(creature), find(&target)) else {
                return Ok(());
            };
            let grid = ctx.rules().combat.grid();
            let legal = (1..=n).rev().find(|len| {
                let effect = ForcedMovement {
                    kind: ForcedKind::Push,
                    distance: u32::try_from(*len).unwrap_or(u32::MAX),
                    magic: crate::creature::Magic::Mundane,
                    vertical: false,
                };
                validate_forced_path(&grid, &occ, &me, &them, false, effect, &push[..*len]).is_ok()
            });
            if let Some(len) = legal {
                push_along(
                    ctx,
                    creature,
                    &target,
                    u32::try_from(len).unwrap_or(u32::MAX),
                    &push[..len],
                )?;
            }
            // Stopped by someone the player does not see: the Referee is told.
            let unseen = unseen_by_actor(ctx, &ids);
            if legal != Some(n)
                && let Some((_, blocker)) =
                    first_unseen_in_path(&occ, &unseen, them.space, &push[..n])
            {
                let at = placed(ctx, &target)?.at;
                unseen_blocker(ctx, &target, &id_of(&ids, blocker), at)?;
            }
            Ok(())
        }
    }
}

/// Topples an object onto creatures (CR-TOPPLE-01…04).
pub(super) fn topple(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    object: Size,
    onto: &[String],
) -> Result<(), RuleError> {
    fight(ctx)?;
    let c = living(ctx, creature)?.creature;
    for o in onto {
        record(ctx, o)?;
    }
    match topple_method(object, c.size) {
        ToppleMethod::Maneuver => {
            spend(ctx, creature, Cost::Maneuver)?;
            drop_object(rules, ctx, creature, object, onto)
        }
        ToppleMethod::ActionTest { .. } => {
            let spec = topple_test(c.characteristics.strength, object, c.size)
                .map_err(|e| err("topple_refused", e))?;
            spend(ctx, creature, Cost::Action)?;
            TestRequest::new(creature, spec.characteristic)
                .modifiers(spec.modifiers)
                .then(Then::Combat(CombatThen::Topple {
                    object,
                    onto: onto.to_vec(),
                }))
                .roll(rules, ctx)
        }
        ToppleMethod::NeedsTools => Err(err(
            "topple_refused",
            crate::combat::CombatError::ToppleNeedsTools,
        )),
    }
}

pub(super) fn topple_resolved(
    rules: &Crows,
    creature: &str,
    resolved: &ResolvedTest,
    object: Size,
    onto: Vec<String>,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match topple_outcome(resolved.final_tier) {
        ToppleOutcome::DoesNotMove => Ok(()),
        ToppleOutcome::Topples => drop_object(rules, ctx, creature, object, &onto),
        ToppleOutcome::MayToppleTakingDamage => {
            let request = DecisionRequest::new(
                "crows.combat.topple_anyway",
                format!(
                    "{creature} may topple it anyway and take 1d6 piercing damage (CR-TOPPLE-03)"
                ),
                Answerer::Controller(creature.to_string()),
                &[
                    ("topple", "Topple it and take 1d6 piercing"),
                    ("leave", "Leave it standing"),
                ],
            )
            .with_default("leave")
            .with_visibility(grid_audience(ctx, creature))
            .with_args(json!({"creature": creature}))
            .with_context(json!({"creature": creature, "object": object, "onto": onto}));
            ctx.ask(request).map(|_| ())
        }
    }
}

pub(super) fn topple_anyway_answered(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    decision: &Decision,
    answer: &Answer,
) -> Result<(), RuleError> {
    if answer.option != "topple" {
        return Ok(());
    }
    let creature: String = field(&decision.context, "creature")?;
    let object: Size = field(&decision.context, "object")?;
    let onto: Vec<String> = field(&decision.context, "onto")?;
    let vis = audience(ctx, &creature);
    let d6 = roll_die(ctx, "toppling: piercing damage", 6, vis)?;
    let damage = topple_self_damage(d6).map_err(|e| err("bad_face", e))?;
    deal(
        rules,
        ctx,
        "",
        &creature,
        i32::try_from(damage).unwrap_or(i32::MAX),
        true,
    )?;
    drop_object(rules, ctx, &creature, object, &onto)
}

fn drop_object(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    toppler: &str,
    object: Size,
    onto: &[String],
) -> Result<(), RuleError> {
    let vis = grid_audience(ctx, toppler);
    ctx.emit_for(
        CombatEvent::Toppled {
            creature: toppler.to_string(),
            object,
            onto: onto.to_vec(),
        },
        vis,
    )?;
    for o in onto {
        let Some(size) = ctx.rules().creatures.get(o).map(|r| r.creature.size) else {
            continue;
        };
        // CR-ERR-53 default: an object smaller than the creature deals no damage.
        let Some(n) = topple_damage_dice(object, size) else {
            continue;
        };
        let v = audience(ctx, o);
        let mut faces = Vec::new();
        for _ in 0..n {
            faces.push(roll_die(ctx, "toppled object", 10, v.clone())?);
        }
        let total = topple_damage(object, size, &faces)
            .map_err(|e| err("bad_face", e))?
            .unwrap_or(0);
        deal(
            rules,
            ctx,
            toppler,
            o,
            i32::try_from(total).unwrap_or(i32::MAX),
            false,
        )?;
    }
    Ok(())
}

/// The squares next to `origin` that a one-square `maneuver` of `mover` can reach.
fn one_square_moves(
    grid: &crate::combat::grid::BattleGrid,
    occupants: &[crate::combat::grid::Occupant],
    mover: &Mover,
    origin: Square,
    maneuver: MoveManeuver,
) -> Vec<Square> {
    let mut out = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            let to = Square::new(origin.x + dx, origin.y + dy);
            if to != origin
                && validate_path(
                    grid,
                    occupants,
                    mover,
                    maneuver,
                    &[PathStep::Walk { to }],
                    MoveOptions::default(),
                )
                .is_ok()
            {
                out.push(to);
            }
        }
    }
    out
}

// ---- Spells cast in a fight (CR-SPELL-04…08, CR-ATK-01) ----

/// Spends what casting costs in a fight (CR-SPELL-04): an action or a maneuver from the
/// caster's turn (or an off-turn allowance; otherwise refused, CR-CBT-11), or its reaction
/// of the round, usable off its turn (CR-REACT-01). Out-of-combat spells never get here.
pub(in crate::ruleset) fn pay_for_cast(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    time: crate::content::CastingTime,
) -> Result<(), RuleError> {
    use crate::combat::turn::CastPayment;
    match crate::combat::turn::cast_payment(time).map_err(|e| err("cannot_cast", e))? {
        CastPayment::Turn(cost) => spend(ctx, caster, cost),
        CastPayment::Reaction => {
            let f = fight(ctx)?;
            use_reaction(ctx, &f, caster, ReactionKind::Other("spell".into()))
        }
    }
}

/// A spell aimed on the battle grid: the card's target line, range, area and attack, the
/// area's placement and the creatures named.
pub(in crate::ruleset) struct SpellOnGrid<'a> {
    pub caster: &'a str,
    pub line: Option<crate::spells::TargetLine>,
    pub range: Option<u32>,
    pub area: Option<crate::spells::Area>,
    pub at: Option<crate::spells::AreaAt>,
    pub attack: Option<AttackRange>,
    pub named: &'a [String],
}

/// What the grid made of a spell's aim.
#[derive(Debug, Clone, Default)]
pub(in crate::ruleset) struct SpellAimed {
    /// The creatures the spell affects: the ones named, or every fitting one in the area or
    /// (an "All" line) in range.
    pub targets: Vec<String>,
    /// The area's squares, walls taken out (CR-SPELL-07).
    pub squares: Vec<Square>,
    /// An attack spell's modifiers for the whole attack (CR-ACT-01)…
    pub shared: Vec<Modifier>,
    /// …and each target's own (CR-ATK-14), in the order of `targets`.
    pub per_target: Vec<(String, Vec<Modifier>)>,
}

/// Checks a spell's targets and area against the battle grid (CR-SPELL-05…08, CR-LOE-01)
/// and, for an attack spell, collects the same modifiers a weapon attack gets (CR-ATK-*,
/// CR-LOE-*): range is never exceeded (CR-SPELL-06), an area's targets are whatever fits in
/// it. Without a target line an attack spell takes one creature other than the caster
/// (CR-SPELL-05, CR-ATK-14); a spell that is neither checks range and line of effect only.
pub(in crate::ruleset) fn aim_spell(
    ctx: &Ctx<'_, Crows>,
    s: &SpellOnGrid<'_>,
) -> Result<SpellAimed, RuleError> {
    use crate::spells::{Area, Candidate, TargetCount, TargetKind, TargetLine};
    let f = fight(ctx)?;
    let (csp, csize) = space(ctx, s.caster)?;
    let side = placed(ctx, s.caster)?.side;
    let grid = ctx.rules().combat.grid();
    let (_, ids) = occupants(ctx.rules());
    let candidate = |id: &str| -> Result<Candidate, RuleError> {
        let (sp, _) = space(ctx, id)?;
        Ok(Candidate {
            id: id.to_string(),
            is_creature: true,
            is_caster: id == s.caster,
            attended_by_other: false,
            // Who is friendly is the Referee's word (CR-REF-28): the side it was placed on.
            friendly: id == s.caster || placed(ctx, id)?.side == side,
            distance: csp.distance_to(&sp),
            line_of_effect: line_of_effect(&grid, &csp, &sp, LoeOptions::default()).exists(),
        })
    };
    let line = s.line.unwrap_or(TargetLine {
        count: TargetCount::Number(1),
        kind: TargetKind::Target,
    });
    let mut out = SpellAimed::default();
    let mut area_source = None;
    match s.area {
        Some(area) => {
            let from_caster = crate::combat::grid::spell_area_from_caster(
                matches!(area, Area::Aura(_)),
                s.at.is_some(),
            )
            .map_err(|e| err("bad_area", e))?;
            // An aura spreads from its caster (CR-SPELL-08), any other area from its origin.
            let source = match s.at {
                Some(at) if !from_caster => {
                    let o = Space::new(at.origin, 1);
                    // A card without a range puts the area next to its caster.
                    crate::spells::validate_origin(
                        s.range.unwrap_or(1),
                        csp.distance_to(&o),
                        line_of_effect(&grid, &csp, &o, LoeOptions::default()).exists(),
                    )
                    .map_err(|e| err("bad_aim", e))?;
                    o
                }
                _ => csp,
            };
            let shape = crate::combat::grid::spell_area_shape(area.squares(&csp, s.at))
                .map_err(|e| err("bad_area", e))?;
            out.squares = crate::combat::line_of_effect::area_reached(&grid, &source, shape);
            let mut inside = Vec::new();
            for id in &ids {
                let (sp, _) = space(ctx, id)?;
                if out.squares.iter().any(|q| sp.contains(*q)) {
                    let mut c = candidate(id)?;
                    c.distance = 0;
                    c.line_of_effect = true;
                    if line.kind.accepts(&c) {
                        inside.push(c);
                    }
                }
            }
            let inside_ids: Vec<&str> = inside.iter().map(|c| c.id.as_str()).collect();
            crate::combat::grid::all_named_inside(s.named, &inside_ids)
                .map_err(|e| err("bad_aim", e))?;
            out.targets = match line.count {
                // Every fitting creature in the area, none left out (CR-SPELL-05/07).
                TargetCount::All => inside.into_iter().map(|c| c.id).collect(),
                TargetCount::Number(_) => {
                    let chosen: Vec<Candidate> = inside
                        .into_iter()
                        .filter(|c| s.named.contains(&c.id))
                        .collect();
                    crate::spells::validate_targets(line, u32::MAX, &chosen, &[], false)
                        .map_err(|e| err("bad_aim", e))?;
                    s.named.to_vec()
                }
            };
            area_source = Some(source);
        }
        None => {
            let range = s.range.unwrap_or(u32::MAX);
            let chosen = s
                .named
                .iter()
                .map(|n| candidate(n))
                .collect::<Result<Vec<_>, _>>()?;
            let eligible = if line.count == TargetCount::All {
                ids.iter()
                    .map(|n| candidate(n))
                    .collect::<Result<Vec<_>, _>>()?
                    .into_iter()
                    .filter(|c| line.kind.accepts(c) && c.distance <= range && c.line_of_effect)
                    .collect()
            } else {
                Vec::new()
            };
            if s.line.is_some() || s.attack.is_some() {
                crate::spells::validate_targets(line, range, &chosen, &eligible, false)
                    .map_err(|e| err("bad_aim", e))?;
            } else if let Some(c) = chosen
                .iter()
                .find(|c| c.distance > range || !c.line_of_effect)
            {
                let e = crate::spells::SpellError::Range(format!(
                    "{} is {} squares away (range {range}) or out of line of effect",
                    c.id, c.distance
                ));
                return Err(err("bad_aim", e));
            }
            out.targets = if line.count == TargetCount::All && chosen.is_empty() {
                eligible.into_iter().map(|c| c.id).collect()
            } else {
                s.named.to_vec()
            };
            crate::combat::grid::attack_spell_has_target(s.attack.is_some(), out.targets.len())
                .map_err(|e| err("bad_target", e))?;
        }
    }
    if let Some(delivery) = s.attack {
        let tool = spell_tool("spell", delivery, s.range);
        let aimed = Aimed {
            attacker: s.caster,
            tool: &tool,
            delivery,
            from: (&csp, csize),
            area_source,
        };
        out.shared = shared_modifiers(&f, s.caster, &out.targets);
        for t in &out.targets {
            let own = target_modifiers(ctx, &f, &aimed, t, None)?;
            out.per_target.push((t.clone(), own));
        }
    }
    Ok(out)
}

/// The tier of one more target of a spell attack's single roll (CR-ATK-14): the same faces
/// read with that target's own modifiers instead of the first target's.
pub(in crate::ruleset) fn spell_tier_against(
    resolved: &ResolvedTest,
    primary_own: &[Modifier],
    own: &[Modifier],
) -> Result<(Tier, bool), RuleError> {
    let r = reread(resolved, primary_own, own)?;
    Ok((r.final_tier, r.doom))
}

/// A spellbook as an attack tool (CR-ATK-01): melee or ranged as its card says, its range
/// never exceeded (CR-SPELL-06).
fn spell_tool(name: &str, delivery: AttackRange, range: Option<u32>) -> AttackTool {
    AttackTool {
        name: name.into(),
        category: None,
        spell: true,
        melee: delivery == AttackRange::Melee,
        extra_reach: 0,
        range: if delivery == AttackRange::Ranged {
            range.unwrap_or(u32::MAX)
        } else {
            0
        },
        thrown: false,
        ammunition: false,
        fragile: false,
        properties: Vec::new(),
    }
}

/// A spell's card as combat's damage and miss rules read it (CR-SPELL-12, CR-ATK-01): its
/// tiers are rolled like a weapon's, with Mind (the casting test's characteristic) for a
/// `stat` term; an attack spell's miss, stray shot and crit are a weapon attack's.
pub(in crate::ruleset) struct SpellStrike<'a> {
    pub caster: &'a str,
    pub spell: &'a str,
    pub tiers: &'a TierOutcomes,
    /// `Some` for an attack spell.
    pub attack: Option<AttackRange>,
    pub range: Option<u32>,
}

impl SpellStrike<'_> {
    /// The spellbook as the weapon combat's helpers take.
    fn weapon(&self) -> WeaponUse {
        let delivery = self.attack.unwrap_or(AttackRange::Ranged);
        WeaponUse {
            name: self.spell.to_string(),
            item: None,
            natural: None,
            tool: spell_tool(self.spell, delivery, self.range),
            characteristics: vec![Characteristic::Mind],
            tiers: Some(std::sync::Arc::new(self.tiers.clone())),
            ammunition: None,
        }
    }

    /// The card's result for `tier` on one target: damage rolled (recorded dice, labelled
    /// with the spell), the other effect's text, and whether the damage pierces armor.
    pub fn roll(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        tier: Tier,
    ) -> Result<(Option<i32>, Option<String>, bool), RuleError> {
        roll_damage(ctx, self.caster, &self.weapon(), tier, Characteristic::Mind)
    }

    /// Deals rolled damage to `target` through core's pipeline, as a weapon hit does
    /// (armor, wounds, death).
    pub fn deal(
        &self,
        rules: &Crows,
        ctx: &mut Ctx<'_, Crows>,
        target: &str,
        amount: i32,
        piercing: bool,
    ) -> Result<(), RuleError> {
        deal(rules, ctx, self.caster, target, amount, piercing)
    }

    /// An attack spell's tier 1 against `target` in a fight: the melee counter or the
    /// ranged stray shot, as for a weapon (CR-REACT-03, CR-ATK-08/09).
    pub fn missed(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        target: &str,
        doom: bool,
    ) -> Result<(), RuleError> {
        let Some(delivery) = self.attack else {
            return Ok(());
        };
        let weapon = self.weapon();
        let one = OneResult {
            attacker: self.caster,
            weapon: &weapon,
            delivery,
            characteristic: Characteristic::Mind,
            kind: AttackKind::Attack,
            crit: false,
        };
        missed(ctx, &one, target, doom)
    }

    /// An attack spell's crit in a fight: the extra action (CR-ATK-13), into the caster's
    /// turn or to use right away off it.
    pub fn crit(&self, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        let own_turn = fight(ctx)?.current() == Some(self.caster);
        match crit_extra_action(true, own_turn) {
            Some(timing) => extra_action(ctx, self.caster, timing),
            None => Ok(()),
        }
    }
}
