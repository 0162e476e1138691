//! One attack from the plan to the damage: throws, modifiers, maneuvers, cleaves, spell
//! disruption, and the `attack_odds` query (AC-ATK-*, AC-MELEE-*, AC-CLEAVE-*, AC-MANEUVER-*).

use engine::{Ctx, RuleError, TableState, Viewer, Visibility};
use serde::Deserialize;
use serde_json::{Value, json};

use super::commands::CombatCommand;
use super::lookups::{
    MAX_DISTANCE, MAX_SITUATIONS, ability, acting_now, armour_class, combat_state, creature, frac,
    in_fight, int, is_monster, save_value, throw_of,
};
use super::state::{CombatEvent, CombatState, Declaration, Interrupt, MissileShot, NamedModifier};
use crate::attack::{self, Situation};
use crate::damage::{self, MissileCleave};
use crate::dice_spec::DiceSpec;
use crate::maneuvers::{BrawlDamageTo, Maneuver, SizeGap};
use crate::missile::{self, RangeBand};
use crate::movement::{self, Withdrawal};
use crate::ruleset::adapter::{Acks, acks_err, no_creature, refuse};
use crate::ruleset::state::{AcksState, sees};
use crate::tables::MissileWeapon;

fn situation_name(s: Situation) -> String {
    match serde_json::to_value(s) {
        Ok(Value::String(n)) => n,
        _ => format!("{s:?}"),
    }
}

/// Everything an attack needs, worked out before any die is rolled.
pub(super) struct Plan {
    /// The named modifiers that make up `bonus` and `damage_bonus` (zeros left out).
    modifiers: Vec<NamedModifier>,
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
pub(super) fn plan_attack(
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
    let mut modifiers: Vec<NamedModifier> = Vec::new();
    let mut add = |name: &str, attack: i32, damage: i32| {
        if attack != 0 || damage != 0 {
            modifiers.push(NamedModifier {
                name: name.to_string(),
                attack,
                damage,
            });
        }
    };
    add("bonus", bonus, damage_bonus);
    for s in situations {
        add(&situation_name(*s), s.modifier(), 0);
    }
    // AC-DUNGEON-13: a skipped dungeon rest turn; AC-WILD-08: −1 per travel day past the
    // sixth without a rest day, for every character of the party. Both to attack and damage.
    let fatigue = a.character().map_or(0, |c| c.rest.penalty());
    add("skipped_rest", fatigue, fatigue);
    let missed_rest = if a.character().is_some() {
        crate::wilderness::missed_rest_penalty(state.wilderness.travel_days)
    } else {
        0
    };
    add("missed_rest_days", missed_rest, missed_rest);
    let mut total_bonus = bonus + attack::situational_modifier(situations) + fatigue + missed_rest;
    let mut dmg_bonus = damage_bonus + fatigue + missed_rest;
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
            let dex = ability(state, a, |x| x.dexterity)?;
            add("range", band.modifier(), 0);
            add("dexterity", dex, 0);
            total_bonus += band.modifier() + dex;
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
            add("strength", str_mod, str_mod);
            total_bonus += str_mod;
            dmg_bonus += str_mod;
        }
    }
    if let Some(m) = maneuver {
        add("maneuver", m.attack_modifier(), 0);
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
    // AC-NAVAL-15: a boarder has −2 AC and −2 to its throws in the round it boards.
    if theirs.is_some_and(|c| c.boarding) {
        ac += crate::naval::BOARDING_PENALTY;
    }
    if own.is_some_and(|c| c.boarding) && !situations.contains(&Situation::Boarding) {
        let m = Situation::Boarding.modifier();
        add(&situation_name(Situation::Boarding), m, 0);
        total_bonus += m;
    }
    if theirs.is_some_and(|c| c.withdrawal == Some(Withdrawal::FullRetreat))
        && !situations.contains(&Situation::TargetInFullRetreat)
    {
        let m = Situation::TargetInFullRetreat.modifier();
        add(&situation_name(Situation::TargetInFullRetreat), m, 0);
        total_bonus += m;
    }
    if own.is_some_and(|c| c.charging.is_some()) && !situations.contains(&Situation::Charging) {
        add(
            &situation_name(Situation::Charging),
            Situation::Charging.modifier(),
            0,
        );
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
            add(&situation_name(situation), situation.modifier(), 0);
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
        modifiers,
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

pub(super) fn attack_command(
    ctx: &mut Ctx<'_, Acks>,
    command: &CombatCommand,
) -> Result<(), RuleError> {
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
    super::mounted::check_attack(&fight, attacker)?;
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
            None => super::mounted::acting_pair(ctx, &fight, attacker)?,
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
        modifiers: plan.modifiers.clone(),
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
    after_damage(
        ctx,
        &fight,
        target,
        &t,
        (amount, hp_after, downed),
        &format!("attack by {attacker}"),
    )
}

/// Damage dealt outside an attack throw (a ship weapon's, AC-NAVAL-08/09) taken through the
/// same steps as an attack's: hit points, a spell spoiled, a lone monster's morale at half its
/// hit points, dropping on the count, a rider's saddle. Returns nothing; a creature out of
/// every fight only loses the hit points.
pub(in crate::ruleset) fn damage_landed(
    ctx: &mut Ctx<'_, Acks>,
    target: &str,
    amount: u32,
    cause: &str,
) -> Result<(), RuleError> {
    let t = creature(ctx.rules(), target)?.clone();
    let hp_after =
        t.hp.saturating_sub(i32::try_from(amount).unwrap_or(i32::MAX));
    let Some(fight) = ctx.rules().combat.clone() else {
        if amount > 0 {
            crate::ruleset::steps::change_hp(ctx, target, hp_after, cause)?;
        }
        return Ok(());
    };
    let fighting = in_fight(&fight, target).is_ok();
    let downed = fighting && t.hp > 0 && hp_after <= 0;
    after_damage(ctx, &fight, target, &t, (amount, hp_after, downed), cause)
}

/// The steps after an attack's or a shot's event: `hit` is (damage, hp after, dropped).
fn after_damage(
    ctx: &mut Ctx<'_, Acks>,
    fight: &CombatState,
    target: &str,
    t: &crate::ruleset::state::Creature,
    hit: (u32, i32, bool),
    cause: &str,
) -> Result<(), RuleError> {
    let (amount, hp_after, downed) = hit;
    if amount > 0 {
        crate::ruleset::steps::change_hp(ctx, target, hp_after, cause)?;
        disrupt_spell(ctx, target)?;
    }
    // AC-MORALE-03: a lone monster rolls on dropping to half its hit points.
    let lone = is_monster(ctx.rules(), target)
        && fight.combatants.contains_key(target)
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
            creature: target.to_string(),
        })?;
    }
    super::mounted::after_damage(ctx, target, t.hp, hp_after, t.max_hp)
}

/// AC-SPELL-02: a caster damaged before its count loses the spell it declared.
pub(super) fn disrupt_spell(ctx: &mut Ctx<'_, Acks>, target: &str) -> Result<(), RuleError> {
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

/// `attack_odds`: the exact chance to hit and the damage spread before the roll (AC-ATK-03/05).
pub(crate) fn attack_odds(
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
        "damage_bonus": plan.damage_bonus,
        "modifiers": plan.modifiers,
        "hit": frac(odds.hit),
        "expected_damage": frac(odds.expected_damage),
        "damage": odds.damage.iter().map(|(d, p)| json!([d, frac(*p)])).collect::<Vec<_>>(),
    }))
}
