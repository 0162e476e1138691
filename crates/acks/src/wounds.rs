//! Consequences of damage («Последствия урона», «Смертельные ранения», «Лечение», «Нелетальный
//! урон», «Игра со смертью»): the Mortal Wounds roll (1d20 + 1d6 on T-16 with the T-17
//! modifiers), nonlethal damage, healing and Tampering with Mortality (T-18); removing
//! permanent wounds by magic and returning the dead (restore life and limb with its Tampering
//! roll, reincarnation, similar magic the Judge admits by name).
use crate::odds::Fraction;
use crate::options::AfterFight;
use crate::tables::{Condition, Deadline, MortalWoundRow, Recovery, WoundFactor};
use crate::{AcksError, Options, Tables};
use serde::{Deserialize, Serialize};

/// Largest maximum hit points accepted.
pub const MAX_HP: i32 = 10_000;
/// Highest spell level of healing magic.
pub const MAX_SPELL_LEVEL: u32 = 9;

/// When the treatment happens (T-17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// Within 1 round of the wound.
    Round,
    /// Right after the fight, within 1 turn.
    Turn,
    Hour,
    Day,
    /// More than a day.
    Later,
}

/// The facts of one Mortal Wounds roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treatment {
    pub max_hp: i32,
    /// Current hit points, 0 or less.
    pub hp: i32,
    pub con_modifier: i32,
    /// Spell level of the healing magic used in the treatment (0 = none).
    pub healing_spell_level: u32,
    /// Treated by a character with the Healing proficiency.
    pub healer: bool,
    pub timing: Timing,
    /// Nonlethal damage taken before falling (AC-NONLETHAL-02).
    pub nonlethal: u32,
    /// Nobody treated the character within 24 hours (AC-WOUND-03): no treatment bonuses, −10.
    pub untreated: bool,
}

fn factor(tables: &Tables, f: WoundFactor) -> Result<i32, AcksError> {
    tables
        .t17_wound_modifiers
        .find(format!("{f:?}"), |r| r.factor == f)
        .map(|r| r.modifier)
}

/// AC-WOUND-04: the hit-point factor: exactly 0 → +5; below ¼ of max → 0; ¼ up to ½ → −2;
/// ½ or more → −5 (exact comparisons).
pub fn hp_modifier(tables: &Tables, max_hp: i32, hp: i32) -> Result<i32, AcksError> {
    check_hp(max_hp, hp)?;
    let below = -hp;
    let f = if hp == 0 {
        WoundFactor::HpExactlyZero
    } else if 4 * below < max_hp {
        WoundFactor::HpBelowQuarter
    } else if 2 * below < max_hp {
        WoundFactor::HpQuarterToHalf
    } else {
        WoundFactor::HpHalfOrMore
    };
    factor(tables, f)
}

fn check_hp(max_hp: i32, hp: i32) -> Result<(), AcksError> {
    if !(1..=MAX_HP).contains(&max_hp) {
        return Err(AcksError::range(
            "AC-WOUND-04",
            format!("maximum hit points must be 1…{MAX_HP}, got {max_hp}"),
        ));
    }
    if hp > 0 {
        return Err(AcksError::range(
            "AC-WOUND-01",
            format!("only a creature at 0 hp or less rolls Mortal Wounds, got {hp} hp"),
        ));
    }
    if hp < -MAX_HP {
        return Err(AcksError::range(
            "AC-WOUND-04",
            format!("hit points below −{MAX_HP} are not accepted, got {hp}"),
        ));
    }
    Ok(())
}

/// AC-WOUND-03/04, AC-NONLETHAL-02: the total d20 modifier.
pub fn wound_modifier(tables: &Tables, options: &Options, t: &Treatment) -> Result<i32, AcksError> {
    if !(-3..=3).contains(&t.con_modifier) {
        return Err(AcksError::range(
            "T-25",
            format!("a CON modifier is −3…+3, got {}", t.con_modifier),
        ));
    }
    if t.healing_spell_level > MAX_SPELL_LEVEL {
        return Err(AcksError::range(
            "AC-WOUND-04",
            format!(
                "healing spell level must be 0…{MAX_SPELL_LEVEL}, got {}",
                t.healing_spell_level
            ),
        ));
    }
    if t.nonlethal > MAX_HP as u32 {
        return Err(AcksError::range(
            "AC-NONLETHAL-02",
            format!(
                "nonlethal damage must be at most {MAX_HP}, got {}",
                t.nonlethal
            ),
        ));
    }
    let mut m = hp_modifier(tables, t.max_hp, t.hp)?
        + t.con_modifier
        + t.nonlethal as i32 * factor(tables, WoundFactor::PerNonlethalPoint)?;
    if t.untreated {
        return Ok(m + factor(tables, WoundFactor::Later)?);
    }
    m += t.healing_spell_level as i32 * factor(tables, WoundFactor::PerHealingSpellLevel)?;
    if t.healer {
        m += factor(tables, WoundFactor::HealingProficiency)?;
    }
    m += match t.timing {
        Timing::Round => factor(tables, WoundFactor::WithinOneRound)?,
        Timing::Turn => match options.after_fight {
            AfterFight::ModifierList => factor(tables, WoundFactor::AfterTheFight)?,
            AfterFight::WorkedExample => -2,
        },
        Timing::Hour => factor(tables, WoundFactor::WithinOneHour)?,
        Timing::Day => factor(tables, WoundFactor::WithinOneDay)?,
        Timing::Later => factor(tables, WoundFactor::Later)?,
    };
    Ok(m)
}

/// The T-16 row for a modified d20 total.
pub fn band(tables: &Tables, total: i32) -> Result<&MortalWoundRow, AcksError> {
    tables
        .t16_mortal_wounds
        .find(format!("total {total}"), |r| r.d20.contains(total.into()))
}

/// Exact P(each condition) for a modifier (both "killed" rows count as `killed`).
pub fn wound_odds(tables: &Tables, modifier: i32) -> Result<Vec<(Condition, Fraction)>, AcksError> {
    let mut out: Vec<(Condition, Fraction)> = Condition::ALL
        .iter()
        .map(|c| (*c, Fraction::new(0, 1)))
        .collect();
    for face in 1..=20 {
        let c = band(tables, modifier.saturating_add(face))?.condition;
        if let Some(slot) = out.iter_mut().find(|(k, _)| *k == c) {
            slot.1 += Fraction::new(1, 20);
        }
    }
    Ok(out)
}

/// A resolved Mortal Wounds roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WoundResult {
    pub total: i32,
    pub condition: Condition,
    pub recovery: Recovery,
    /// The d6 permanent wound (AC-WOUND-05).
    pub wound: String,
    /// Recovery in words.
    pub recovery_text: String,
    /// Hit points after recovering (1), or `None` when dead.
    pub recovers_at_hp: Option<i32>,
}

/// Resolves a roll from the d20 and d6 faces (AC-WOUND-02).
pub fn resolve_wound(
    tables: &Tables,
    modifier: i32,
    d20: i32,
    d6: i32,
) -> Result<WoundResult, AcksError> {
    if !(1..=20).contains(&d20) || !(1..=6).contains(&d6) {
        return Err(AcksError::range(
            "AC-WOUND-02",
            format!("faces must be d20 1–20 and d6 1–6, got {d20} and {d6}"),
        ));
    }
    let total = d20.saturating_add(modifier);
    let row = band(tables, total)?;
    Ok(WoundResult {
        total,
        condition: row.condition,
        recovery: row.recovery.clone(),
        wound: row.wounds[(d6 - 1) as usize].clone(),
        recovery_text: recovery_text(&row.recovery),
        recovers_at_hp: (row.recovery != Recovery::None).then_some(1),
    })
}

/// Recovery in our words.
pub fn recovery_text(r: &Recovery) -> String {
    match r {
        Recovery::None => "dead".into(),
        Recovery::HealWithin {
            deadline,
            bed_rest_days,
        } => {
            let d = match deadline {
                Deadline::Round => "1 round",
                Deadline::Turn => "1 turn",
                Deadline::Day => "1 day",
            };
            format!(
                "dies unless healed to 1 hp or more within {d}; then {bed_rest_days} days of bed rest"
            )
        }
        Recovery::MagicAndNightOrWeek => {
            "back at 1 hp; needs magical healing and a night of bed rest, or a week of bed rest"
                .into()
        }
        Recovery::MagicOrNight => {
            "back at 1 hp; needs magical healing or a night of bed rest".into()
        }
        Recovery::AtOnce => "back at once with 1 hp; no bed rest".into(),
    }
}

/// AC-HEAL-01: natural healing for a day: the d3 face after a full day of complete rest in
/// reasonably clean conditions, nothing otherwise; nothing during mandated bed rest
/// (AC-HEAL-03) or while starving (AC-WILD-14).
pub fn natural_healing(
    d3_face: u32,
    full_day_of_rest: bool,
    in_bed_rest: bool,
    starving: bool,
) -> Result<u32, AcksError> {
    if !(1..=3).contains(&d3_face) {
        return Err(AcksError::range(
            "AC-HEAL-01",
            format!("a d3 face is 1–3, got {d3_face}"),
        ));
    }
    Ok(if full_day_of_rest && !in_bed_rest && !starving {
        d3_face
    } else {
        0
    })
}

/// AC-HEAL-03: magical healing restores nothing during mandated bed rest.
pub fn magical_healing(amount: u32, in_bed_rest: bool) -> u32 {
    if in_bed_rest { 0 } else { amount }
}

/// Nonlethal damage bookkeeping (AC-NONLETHAL-01…03).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nonlethal {
    /// Nonlethal damage tallied (also counted in lost hit points).
    pub tally: u32,
    /// Nonlethal damage taken before falling to 0 hp (the Mortal Wounds bonus).
    pub before_falling: u32,
    pub fallen: bool,
}

impl Nonlethal {
    /// Records damage; `hp_after` is the hit points after it.
    pub fn take(&mut self, amount: u32, nonlethal: bool, hp_after: i32) {
        if nonlethal {
            self.tally += amount;
            if !self.fallen {
                // The blow that drops the creature still counts: it was taken before falling.
                self.before_falling += amount;
            }
        }
        if hp_after <= 0 {
            self.fallen = true;
        }
    }
    /// Hours of rest heal 1 nonlethal point each (AC-NONLETHAL-03).
    pub fn heal_hours(&mut self, hours: u32) {
        self.tally = self.tally.saturating_sub(hours);
    }
    /// Once the Mortal Wounds result's conditions are met, all nonlethal damage goes.
    pub fn clear(&mut self) {
        *self = Nonlethal::default();
    }
}

/// Tampering with Mortality modifiers (AC-WOUND-09).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tampering {
    pub wis_modifier: i32,
    pub days_dead: u32,
    pub existing_side_effects: u32,
    pub killed_outright: bool,
    pub severed_spine: bool,
    pub limbs_destroyed: u32,
    /// Hands, feet, ears, eyes or tongue destroyed.
    pub small_parts_destroyed: u32,
    pub caster_level: u32,
    pub outside_temple: bool,
}

/// AC-WOUND-09: the d20 modifier (half the caster's level rounded up: a 7th-level caster
/// gives +4, as the designer's answer implies).
pub fn tampering_modifier(t: &Tampering) -> Result<i32, AcksError> {
    if t.days_dead > 10_000
        || t.caster_level > 40
        || t.limbs_destroyed > 4
        || t.small_parts_destroyed > 20
        || t.existing_side_effects > 100
        || t.wis_modifier.abs() > 3
    {
        return Err(AcksError::range(
            "AC-WOUND-09",
            "tampering inputs out of range (WIS ±3, ≤4 limbs, ≤20 parts, caster level ≤40)",
        ));
    }
    let mut m = t.wis_modifier - t.days_dead as i32 - t.existing_side_effects as i32;
    if t.killed_outright {
        m -= 10;
    }
    if t.severed_spine {
        m -= 5;
    }
    m -= 2 * t.limbs_destroyed as i32 + t.small_parts_destroyed as i32;
    m += t.caster_level.div_ceil(2) as i32;
    if t.outside_temple {
        m -= 2;
    }
    Ok(m)
}

/// A Tampering result: restored or not, bed rest, and the side effect (Judge-entered).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TamperingResult {
    pub total: i32,
    pub restored: bool,
    pub bed_rest_days: Option<u32>,
    pub side_effect: String,
    /// The row is an ACKS II placeholder.
    pub placeholder: bool,
}

/// AC-WOUND-08: resolves a Tampering roll. The side-effect cells were not recovered: until the
/// Judge enters the cell the roll lands on, this refuses naming T-18.
pub fn resolve_tampering(
    tables: &Tables,
    modifier: i32,
    d20: i32,
    d6: i32,
) -> Result<TamperingResult, AcksError> {
    if !(1..=20).contains(&d20) || !(1..=6).contains(&d6) {
        return Err(AcksError::range(
            "AC-WOUND-08",
            format!("faces must be d20 1–20 and d6 1–6, got {d20} and {d6}"),
        ));
    }
    let total = d20.saturating_add(modifier);
    let t = &tables.t18_tampering;
    let row = t.find(format!("total {total}"), |r| r.d20.contains(total.into()))?;
    let side_effect = row.side_effects[(d6 - 1) as usize]
        .clone()
        .ok_or_else(|| t.missing(format!("the side effect for total {total}, d6 {d6}")))?;
    Ok(TamperingResult {
        total,
        restored: row.restored,
        bed_rest_days: row.bed_rest_days,
        side_effect,
        placeholder: row.placeholder,
    })
}

/// AC-HEAL-05: days of bed rest left when magical healing is used, shortened only where the
/// T-16 result allows (in shock: magic and a night; knocked out: magic instead of the night).
/// `None` = no recovery (dead).
pub fn bed_rest_days(recovery: &Recovery, magical_healing: bool) -> Option<u32> {
    match recovery {
        Recovery::None => None,
        Recovery::HealWithin { bed_rest_days, .. } => Some(*bed_rest_days),
        Recovery::MagicAndNightOrWeek => Some(if magical_healing { 1 } else { 7 }),
        Recovery::MagicOrNight => Some(if magical_healing { 0 } else { 1 }),
        Recovery::AtOnce => Some(0),
    }
}

/// AC-HEAL-04: a character killed again before finishing bed rest can only be healed or
/// restored by ritual magic.
pub fn restorable(killed_during_bed_rest: bool, ritual_magic: bool) -> bool {
    !killed_during_bed_rest || ritual_magic
}

/// AC-HEAL-02: magical healing is instantaneous and adds to natural healing; hit points never
/// exceed the maximum.
pub fn heal(hp: i32, max_hp: i32, natural: u32, magical: u32) -> i32 {
    (hp + natural as i32 + magical as i32).min(max_hp)
}

/// Lasting harm on a character: permanent wound penalties (T-16's d6 results) and the side
/// effects of Tampering with Mortality (T-18), kept apart because different magic removes them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastingHarm {
    pub permanent_wounds: Vec<String>,
    pub tampering_side_effects: Vec<String>,
}

/// Magic that removes permanent wound penalties (AC-WOUND-06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundCure {
    RestoreLifeAndLimb,
    Regenerate,
    RingOfRegeneration,
    /// Similar magic the Judge admits, by name.
    Similar(String),
    /// A wish: the only magic that also removes Tampering side effects (AC-WOUND-07).
    Wish,
}

/// AC-WOUND-06/07: applies the magic and returns what it removed. Restore life and limb,
/// regenerate, a ring of regeneration and similar magic remove every permanent wound penalty;
/// Tampering side effects stay until a wish removes them.
pub fn cure_lasting_harm(harm: &mut LastingHarm, magic: &WoundCure) -> LastingHarm {
    let wounds = std::mem::take(&mut harm.permanent_wounds);
    let side_effects = if *magic == WoundCure::Wish {
        std::mem::take(&mut harm.tampering_side_effects)
    } else {
        Vec::new()
    };
    LastingHarm {
        permanent_wounds: wounds,
        tampering_side_effects: side_effects,
    }
}

/// Magic that returns the dead (AC-WOUND-07).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Revival {
    /// Followed by the Tampering with Mortality roll (T-18).
    RestoreLifeAndLimb,
    Reincarnation,
    /// Other magic the Judge admits that returns the dead, by name.
    Similar(String),
}

/// What follows a revival.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RevivalOutcome {
    /// Restore life and limb: the Tampering roll decided; a side effect it gives is lasting
    /// and was added to the character's harm.
    Tampering(TamperingResult),
    /// Returned by other magic (no Tampering roll in this chapter).
    Returned,
}

/// The Tampering roll that follows restore life and limb.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TamperingRoll {
    pub facts: Tampering,
    pub d20: i32,
    pub d6: i32,
}

/// AC-WOUND-07 (with AC-WOUND-08/09, AC-HEAL-04): returns a killed character by `magic`.
/// Restore life and limb needs its Tampering roll (refused without one; T-18's missing cells
/// refuse naming T-18); the side effect of a successful roll joins `harm`. A character killed
/// again during bed rest comes back only by ritual magic. A refused call changes nothing.
pub fn revive(
    tables: &Tables,
    harm: &mut LastingHarm,
    magic: &Revival,
    killed_during_bed_rest: bool,
    ritual_magic: bool,
    roll: Option<TamperingRoll>,
) -> Result<RevivalOutcome, AcksError> {
    if !restorable(killed_during_bed_rest, ritual_magic) {
        return Err(AcksError::range(
            "AC-HEAL-04",
            "killed again before the bed rest was over: only ritual magic can bring this character back",
        ));
    }
    match magic {
        Revival::RestoreLifeAndLimb => {
            let roll = roll.ok_or_else(|| {
                AcksError::range(
                    "AC-WOUND-07",
                    "restore life and limb is followed by the Tampering with Mortality roll (1d20 + 1d6, T-18)",
                )
            })?;
            let modifier = tampering_modifier(&roll.facts)?;
            let result = resolve_tampering(tables, modifier, roll.d20, roll.d6)?;
            if result.restored {
                harm.tampering_side_effects.push(result.side_effect.clone());
            }
            Ok(RevivalOutcome::Tampering(result))
        }
        Revival::Reincarnation | Revival::Similar(_) => Ok(RevivalOutcome::Returned),
    }
}
