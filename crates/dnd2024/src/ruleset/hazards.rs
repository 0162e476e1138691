//! Hazards at the table (DD-HAZ-01…05): burning, a day's food and water, falling and running
//! out of breath.
//!
//! ```json
//! {"set_burning": {"creature": "gob", "burning": true}}
//! {"set_burning": {"creature": "gob", "burning": false, "how": "doused"}}
//! {"roll_out_fire": {"creature": "vera"}}
//! {"end_of_day": {"creatures": [{"creature": "vera", "food_lb": 0.5, "water_gal": 1}]}}
//! {"fall": {"creature": "vera", "feet": 30}}
//! {"fall": {"creature": "vera", "feet": 60, "into_water": true, "water_check": "dexterity"}}
//! {"hold_breath": {"creature": "vera"}}
//! {"hold_breath": {"creature": "vera", "choking": true}}
//! {"breathe_again": {"creature": "vera"}}
//! ```
//!
//! A fall (the Referee's `fall`: a pit, a trapdoor; or a flyer that cannot stay up,
//! [`super::grid::air::settle_falls`]) ends on the ground: 1d6 Bludgeoning per full 10 ft, at
//! most 20d6 ([`crate::hazards::fall_damage`]), rolled die by die (physical dice too) and dealt
//! through the table's damage path — Immunity, Resistance, Vulnerability, Temporary HP,
//! massive damage, 0 HP, the Concentration save. The creature lands Prone unless the fall did
//! it no damage at all (DD-HAZ-05.b). Into water, the creature may spend its Reaction on a
//! DC 15 Strength (Athletics) or Dexterity (Acrobatics) check (`water_check`, the ability its
//! player chose); a success halves the damage (DD-HAZ-05.c).
//!
//! Burning (DD-HAZ-01) is an engine effect `burning` on the creature (the Referee's
//! `set_burning`): at the start of each of its turns it takes 1d4 Fire through the damage
//! path; it puts itself out with its action by dropping Prone and rolling (`roll_out_fire`, on
//! its turn), or the Referee ends it (doused, submerged, smothered).
//!
//! A day's food and water (DD-HAZ-02/03): the Referee's `end_of_day` gives what each creature
//! ate (lb) and drank (gallons). Less than half its water (T-06 by size) → one Exhaustion level
//! from dehydration, no save; some food but less than half (T-05) → a DC 10 Constitution save
//! (rolled as any save, physical dice too), a failure one level from malnutrition; no food at
//! all → a level at the end of the fifth day without food and every day after (the count is
//! kept on the creature, reset by a day with food). Those levels leave only with the full
//! amount (the rest's `fed_and_watered`).
//!
//! Breath runs on the engine's game clock: `hold_breath` starts a `held_breath` effect lasting
//! (1 + Constitution modifier) minutes, at least 30 seconds (DD-HAZ-04.a), which keeps running
//! through combat rounds and exploration time alike. When it runs out (or at once, `choking`)
//! a `suffocating` effect begins, and at the end of each of the creature's turns it gains an
//! Exhaustion level from suffocation (DD-HAZ-04.b). `breathe_again` ends both effects and
//! takes away every suffocation level (DD-HAZ-04.c).

use engine::{Ctx, EffectSpec, EndReason, Expiry, RuleError, Visibility};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::damage::life::{Instance, apply_instance, roll_damage};
use super::{Dnd2024, DndEvent, emit_about, record, refusal, set_record};
use crate::conditions::Condition;
use crate::core::{Ability, Skill};
use crate::damage::DamageType;
use crate::hazards::{
    HeldBreath, WATER_DIVE_DC, breath_rounds, fall_damage, lands_prone, water_fall_damage,
};

/// The effect of a creature holding its breath (ends when its breath runs out).
pub const HELD_BREATH_EFFECT: &str = "held_breath";
/// The effect of a creature out of breath or choking.
pub const SUFFOCATING_EFFECT: &str = "suffocating";
/// The condition source of landing Prone from a fall.
pub const FALL_SOURCE: &str = "fall";

/// The Referee drops a creature `feet` (a pit, a trapdoor, a ledge).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FallCommand {
    pub creature: String,
    pub feet: u32,
    /// It lands in water or another liquid (DD-HAZ-05.c).
    #[serde(default)]
    pub into_water: bool,
    /// Into water: the creature spends its Reaction on this check (`strength`: Athletics,
    /// `dexterity`: Acrobatics) to enter head- or feet-first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub water_check: Option<Ability>,
}

/// A creature starts holding its breath (or, `choking`, has no breath to hold).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HoldBreath {
    pub creature: String,
    #[serde(default)]
    pub choking: bool,
}

/// A creature fell: from how high, the damage dice, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fell {
    pub creature: String,
    pub feet: u32,
    /// d6s of fall damage (0: none, and no Prone).
    pub dice: u32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub into_water: bool,
    /// `referee` (the `fall` command), `cannot_fly` (a flyer down), `dead`.
    pub cause: String,
}

/// The water-entry check's outcome is the `test_rolled` event; this one says what it did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreathEvent {
    pub creature: String,
    /// Holding its breath: the rounds it lasts (absent: choking or out of breath).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
}

pub fn fall_command(ctx: &mut Ctx<'_, Dnd2024>, f: &FallCommand) -> Result<(), RuleError> {
    let rec = record(ctx, &f.creature)?;
    rec.check_alive()?;
    fall_damage(u64::from(f.feet)).map_err(refusal)?;
    if f.water_check.is_some() && !f.into_water {
        return Err(RuleError::new(
            "bad_move",
            "the head- or feet-first check is for a fall into water",
        )
        .rule("DD-HAZ-05.c"));
    }
    if let Some(a) = f.water_check
        && !matches!(a, Ability::Strength | Ability::Dexterity)
    {
        return Err(RuleError::new(
            "bad_move",
            "entering water is a Strength (Athletics) or Dexterity (Acrobatics) check",
        )
        .rule("DD-HAZ-05.c"));
    }
    // The Reaction it would spend (refused before anything rolls).
    let fighting = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .is_some_and(|c| c.order.iter().any(|o| o == &f.creature));
    if f.water_check.is_some() && fighting {
        let mut trial = rec.turn;
        trial.incapacitated = rec.conditions.incapacitated();
        trial.take_reaction().map_err(refusal)?;
    }
    fall_with(
        ctx,
        &f.creature,
        f.feet,
        f.into_water,
        f.water_check,
        "referee",
    )
}

/// A creature falls `feet` (see the module docs); `cause` names why for the log.
pub fn fall(
    ctx: &mut Ctx<'_, Dnd2024>,
    id: &str,
    feet: u32,
    into_water: bool,
    cause: &str,
) -> Result<(), RuleError> {
    fall_with(ctx, id, feet, into_water, None, cause)
}

fn fall_with(
    ctx: &mut Ctx<'_, Dnd2024>,
    id: &str,
    feet: u32,
    into_water: bool,
    water_check: Option<Ability>,
    cause: &str,
) -> Result<(), RuleError> {
    let rec = record(ctx, id)?;
    let dice = fall_damage(u64::from(feet)).map_err(refusal)?;
    let ev = DndEvent::Fell(Fell {
        creature: id.to_string(),
        feet,
        dice: if rec.dead { 0 } else { dice.count },
        into_water,
        cause: cause.to_string(),
    });
    emit_about(ctx, id, ev.clone(), Some(ev))?;
    if rec.dead || dice.count == 0 {
        return Ok(());
    }
    // Into water: the Reaction and the check first (DD-HAZ-05.c).
    let mut halved = false;
    if let Some(ability) = water_check {
        let mut r = record(ctx, id)?;
        if ctx.core().clock.combat.is_some() {
            r.turn.incapacitated = r.conditions.incapacitated();
            if r.turn.take_reaction().is_ok() {
                set_record(ctx, r)?;
            }
        }
        let skill = if ability == Ability::Strength {
            Skill::Athletics
        } else {
            Skill::Acrobatics
        };
        let (ok, _) = super::d20::run_test(
            ctx,
            &super::d20::D20TestRequest {
                creature: id.to_string(),
                test: super::d20::TestKind::AbilityCheck {
                    ability,
                    skill: Some(skill),
                },
                dc: WATER_DIVE_DC,
                advantage: Vec::new(),
                disadvantage: Vec::new(),
                modifiers: Vec::new(),
                fear_source_in_sight: false,
            },
        )?;
        halved = ok;
    }
    let roller = record(ctx, id)?;
    let rolled = roll_damage(ctx, &roller, dice)?;
    let amount = if into_water {
        water_fall_damage(rolled, halved)
    } else {
        rolled
    };
    let before = roller.hp.current.saturating_add(roller.hp.temp);
    apply_instance(
        ctx,
        id,
        Instance {
            amount,
            damage_type: DamageType::Bludgeoning,
        },
        false,
        false,
    )?;
    let after = record(ctx, id)?;
    let taken = before.saturating_sub(after.hp.current.saturating_add(after.hp.temp));
    // Prone on landing, unless the fall did no damage at all (DD-HAZ-05.b).
    if after.dead
        || !lands_prone(taken)
        || after.conditions.has(Condition::Prone)
        || after.conditions.immune.contains(&Condition::Prone)
    {
        return Ok(());
    }
    super::conditions::apply_condition(
        ctx,
        &super::conditions::ApplyCondition {
            creature: id.to_string(),
            condition: Condition::Prone,
            source: FALL_SOURCE.into(),
            rounds: None,
        },
    )
}

/// The effects of kind `kind` on creature `id`.
fn effects_on(ctx: &Ctx<'_, Dnd2024>, id: &str, kind: &str) -> Vec<String> {
    ctx.core()
        .effects
        .iter()
        .filter(|e| e.kind == kind && e.target.as_deref() == Some(id))
        .map(|e| e.id.clone())
        .collect()
}

fn visibility(ctx: &Ctx<'_, Dnd2024>, id: &str) -> Visibility {
    if ctx.rules().creatures.get(id).is_some_and(|r| r.hidden) {
        Visibility::Referee
    } else {
        Visibility::Public
    }
}

pub fn hold_breath(ctx: &mut Ctx<'_, Dnd2024>, h: &HoldBreath) -> Result<(), RuleError> {
    let rec = record(ctx, &h.creature)?;
    rec.check_alive()?;
    if !effects_on(ctx, &h.creature, HELD_BREATH_EFFECT).is_empty()
        || !effects_on(ctx, &h.creature, SUFFOCATING_EFFECT).is_empty()
    {
        return Err(RuleError::new(
            "bad_breath",
            format!("{} is already without air", rec.spec.name),
        )
        .rule("DD-HAZ-04.a"));
    }
    if h.choking {
        return start_suffocating(ctx, &h.creature);
    }
    let rounds = breath_rounds(rec.spec.modifier(Ability::Constitution));
    let seconds = u64::from(rounds) * crate::combat::ROUND_SECONDS;
    let vis = visibility(ctx, &h.creature);
    let expiry = Expiry::game_seconds(&ctx.core().clock, seconds);
    ctx.start_effect(
        EffectSpec::new(HELD_BREATH_EFFECT, expiry)
            .on(h.creature.clone())
            .visible(vis)
            .data(json!({"rounds": rounds})),
    )?;
    let ev = DndEvent::BreathHeld(BreathEvent {
        creature: h.creature.clone(),
        rounds: Some(rounds),
    });
    emit_about(ctx, &h.creature, ev.clone(), Some(ev))
}

fn start_suffocating(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let vis = visibility(ctx, id);
    ctx.start_effect(
        EffectSpec::new(SUFFOCATING_EFFECT, Expiry::Never)
            .on(id.to_string())
            .visible(vis)
            .data(json!({})),
    )?;
    let ev = DndEvent::OutOfBreath(BreathEvent {
        creature: id.to_string(),
        rounds: None,
    });
    emit_about(ctx, id, ev.clone(), Some(ev))
}

/// An effect ended: a held breath that ran out leaves the creature suffocating.
pub fn effect_ended(
    ctx: &mut Ctx<'_, Dnd2024>,
    effect: &engine::Effect,
    reason: EndReason,
) -> Result<(), RuleError> {
    if effect.kind != HELD_BREATH_EFFECT || reason != EndReason::Expired {
        return Ok(());
    }
    let Some(id) = effect.target.clone() else {
        return Ok(());
    };
    if ctx.rules().creatures.get(&id).is_none_or(|r| r.dead) {
        return Ok(());
    }
    start_suffocating(ctx, &id)
}

/// The end of a creature's turn: out of breath, it gains an Exhaustion level from suffocation
/// (DD-HAZ-04.b; the sixth kills it).
pub fn turn_ended(ctx: &mut Ctx<'_, Dnd2024>, who: &str) -> Result<(), RuleError> {
    if effects_on(ctx, who, SUFFOCATING_EFFECT).is_empty() {
        return Ok(());
    }
    let Some(mut rec) = ctx.rules().creatures.get(who).cloned() else {
        return Ok(());
    };
    if rec.dead || rec.conditions.immune.contains(&Condition::Exhaustion) {
        return Ok(());
    }
    let mut out = HeldBreath { rounds_left: 0 };
    if out.end_of_turn(&mut rec.conditions.exhaustion, true) == Some(true) {
        return super::damage::life::kill(ctx, rec, "suffocation");
    }
    set_record(ctx, rec)
}

/// Breathing again (DD-HAZ-04.c): the breath clock stops and every suffocation level goes.
pub fn breathe_again(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    record(ctx, id)?.check_alive()?;
    for kind in [HELD_BREATH_EFFECT, SUFFOCATING_EFFECT] {
        for e in effects_on(ctx, id, kind) {
            ctx.end_effect(&e)?;
        }
    }
    super::conditions::breathe_again(ctx, id)
}

/// The effect of a burning creature (DD-HAZ-01).
pub const BURNING_EFFECT: &str = "burning";
/// The condition source of dropping Prone to roll out a fire.
pub const ROLL_OUT_SOURCE: &str = "rolling out a fire";
/// The most creatures one `end_of_day` lists.
pub const MAX_DAY_CREATURES: usize = 64;

/// The Referee sets a creature on fire or puts its fire out (DD-HAZ-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetBurning {
    pub creature: String,
    pub burning: bool,
    /// How the fire ends (DD-HAZ-01.c); for the log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub how: Option<crate::hazards::Extinguish>,
}

/// A creature's day of food and water (DD-HAZ-02/03).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DayNeeds {
    pub creature: String,
    /// Pounds of food eaten this day.
    pub food_lb: f64,
    /// Gallons of water drunk this day.
    pub water_gal: f64,
}

/// The Referee ends a day: what each creature ate and drank.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EndOfDay {
    pub creatures: Vec<DayNeeds>,
}

/// A fire starts on a creature or goes out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FireEvent {
    pub creature: String,
    pub burning: bool,
    /// How it went out: `rolled` (its action), or the Referee's `doused`/`submerged`/`smothered`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub how: Option<String>,
}

/// What a creature's day of food and water did (DD-HAZ-02/03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DayEnded {
    pub creature: String,
    /// Less than half its water: a level from dehydration.
    pub dehydrated: bool,
    /// `fine`, `save` (some food, less than half) or `exhaustion` (the fifth day on).
    pub hunger: String,
    /// The Constitution save's success, when one was rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved: Option<bool>,
    /// Days in a row without any food.
    pub days_without_food: u32,
}

/// `set_burning` (the Referee's).
pub fn set_burning(ctx: &mut Ctx<'_, Dnd2024>, b: &SetBurning) -> Result<(), RuleError> {
    let rec = record(ctx, &b.creature)?;
    let burning = effects_on(ctx, &b.creature, BURNING_EFFECT);
    if b.burning {
        rec.check_alive()?;
        if !burning.is_empty() {
            return Err(RuleError::new(
                "already_burning",
                format!("{} is already burning", rec.spec.name),
            )
            .rule("DD-HAZ-01.a"));
        }
        let vis = visibility(ctx, &b.creature);
        ctx.start_effect(
            EffectSpec::new(BURNING_EFFECT, Expiry::Never)
                .on(b.creature.clone())
                .visible(vis)
                .data(json!({})),
        )?;
    } else {
        if burning.is_empty() {
            return Err(not_burning(&rec.spec.name));
        }
        for e in burning {
            ctx.end_effect(&e)?;
        }
    }
    let how = b.how.map(|h| {
        serde_json::to_value(h)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    });
    let ev = DndEvent::Fire(FireEvent {
        creature: b.creature.clone(),
        burning: b.burning,
        how,
    });
    emit_about(ctx, &b.creature, ev.clone(), Some(ev))
}

fn not_burning(name: &str) -> RuleError {
    RuleError::new("not_burning", format!("{name} is not burning")).rule("DD-HAZ-01.b")
}

/// `roll_out_fire`: on its turn the creature spends its action, drops Prone and rolls the
/// fire out (DD-HAZ-01.b).
pub fn roll_out_fire(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    rec.check_alive()?;
    let burning = effects_on(ctx, id, BURNING_EFFECT);
    if burning.is_empty() {
        return Err(not_burning(&rec.spec.name));
    }
    if ctx.core().clock.combat.is_some() {
        super::combat::turn::check_turn(ctx, id)?;
        rec.turn.incapacitated = rec.conditions.incapacitated();
        rec.turn.take_other_action().map_err(refusal)?;
        set_record(ctx, rec.clone())?;
    }
    for e in burning {
        ctx.end_effect(&e)?;
    }
    let ev = DndEvent::Fire(FireEvent {
        creature: id.to_string(),
        burning: false,
        how: Some("rolled".into()),
    });
    emit_about(ctx, id, ev.clone(), Some(ev))?;
    let rec = record(ctx, id)?;
    if rec.conditions.has(Condition::Prone) || rec.conditions.immune.contains(&Condition::Prone) {
        return Ok(());
    }
    super::conditions::apply_condition(
        ctx,
        &super::conditions::ApplyCondition {
            creature: id.to_string(),
            condition: Condition::Prone,
            source: ROLL_OUT_SOURCE.into(),
            rounds: None,
        },
    )
}

/// The start of a burning creature's turn: 1d4 Fire (DD-HAZ-01.a).
pub fn turn_starts(ctx: &mut Ctx<'_, Dnd2024>, who: &str) -> Result<(), RuleError> {
    if effects_on(ctx, who, BURNING_EFFECT).is_empty() {
        return Ok(());
    }
    let rec = record(ctx, who)?;
    if rec.dead {
        return Ok(());
    }
    let dice = crate::hazards::Burning { burning: true }
        .start_of_turn()
        .unwrap_or(crate::hazards::BURNING_DAMAGE);
    let amount = roll_damage(ctx, &rec, dice)?;
    apply_instance(
        ctx,
        who,
        Instance {
            amount,
            damage_type: DamageType::Fire,
        },
        false,
        false,
    )
}

/// `end_of_day` (the Referee's): each creature's food and water (DD-HAZ-02/03). Every entry
/// is checked before any die.
pub fn end_of_day(ctx: &mut Ctx<'_, Dnd2024>, d: &EndOfDay) -> Result<(), RuleError> {
    super::check_list("end_of_day creatures", &d.creatures)?;
    if d.creatures.is_empty() || d.creatures.len() > MAX_DAY_CREATURES {
        return Err(RuleError::new(
            "bad_day",
            format!("a day lists 1…{MAX_DAY_CREATURES} creatures"),
        )
        .rule("DD-HAZ-02"));
    }
    let mut seen = std::collections::BTreeSet::new();
    for n in &d.creatures {
        record(ctx, &n.creature)?;
        if !seen.insert(&n.creature) {
            return Err(
                RuleError::new("bad_day", format!("`{}` is listed twice", n.creature))
                    .rule("DD-HAZ-02"),
            );
        }
        if !(0.0..=10_000.0).contains(&n.water_gal) || !(0.0..=10_000.0).contains(&n.food_lb) {
            return Err(
                RuleError::new("bad_day", "food (lb) and water (gallons) run 0…10,000")
                    .rule("DD-HAZ-02"),
            );
        }
    }
    for n in &d.creatures {
        let rec = record(ctx, &n.creature)?;
        if rec.dead {
            continue;
        }
        let size = rec.spec.size;
        // Quarter gallons drunk, rounded down (a sip is not a quarter).
        let drunk = (n.water_gal * 4.0).floor() as u32;
        let dehydrated =
            crate::hazards::dehydration(size, drunk) == crate::hazards::DayOutcome::Exhaustion;
        let days = if n.food_lb > 0.0 {
            0
        } else {
            rec.days_without_food.saturating_add(1)
        };
        let opts = ctx.rules().interpretations;
        let hunger =
            crate::hazards::malnutrition_lb(size, n.food_lb, days, &opts).map_err(refusal)?;
        let saved = match hunger {
            crate::hazards::DayOutcome::Save { dc } => {
                let (ok, _) = super::d20::run_test(
                    ctx,
                    &super::d20::D20TestRequest {
                        creature: n.creature.clone(),
                        test: super::d20::TestKind::SavingThrow {
                            ability: Ability::Constitution,
                        },
                        dc,
                        advantage: Vec::new(),
                        disadvantage: Vec::new(),
                        modifiers: Vec::new(),
                        fear_source_in_sight: false,
                    },
                )?;
                Some(ok)
            }
            _ => None,
        };
        let ev = DndEvent::DayEnded(DayEnded {
            creature: n.creature.clone(),
            dehydrated,
            hunger: match hunger {
                crate::hazards::DayOutcome::Fine => "fine",
                crate::hazards::DayOutcome::Save { .. } => "save",
                crate::hazards::DayOutcome::Exhaustion => "exhaustion",
            }
            .into(),
            saved,
            days_without_food: days,
        });
        emit_about(ctx, &n.creature, ev.clone(), Some(ev))?;
        let mut rec = record(ctx, &n.creature)?;
        rec.days_without_food = days;
        let mut died = false;
        if !rec.conditions.immune.contains(&Condition::Exhaustion) {
            use crate::conditions::ExhaustionSource as S;
            if dehydrated {
                died |= rec.conditions.exhaustion.gain(S::Dehydration);
            }
            let starving = hunger == crate::hazards::DayOutcome::Exhaustion || saved == Some(false);
            if starving && !died {
                died |= rec.conditions.exhaustion.gain(S::Malnutrition);
            }
        }
        if died {
            super::damage::life::kill(ctx, rec, "exhaustion")?;
        } else {
            set_record(ctx, rec)?;
        }
    }
    Ok(())
}
