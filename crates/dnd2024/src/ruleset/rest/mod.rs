//! Short and Long Rests (DD-REST) on the engine's named rests: `start_rest` starts the
//! engine's rest of that kind for the creatures named; the engine's `end_rest` with
//! `completed` finishes it (the clock moves 1 or 8 hours) and the benefits follow at its
//! `named_rest_end` boundary. Rolling Initiative, taking damage or casting a leveled spell
//! interrupts it for the creature concerned (as `interrupt_rest` does for any reason):
//! an interrupted Short Rest gives nothing; a Long Rest interrupted after at least an hour
//! gives a Short Rest's benefits. After a Short Rest each creature spends Hit Point Dice one
//! at a time.

use engine::{Ctx, RuleError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub mod under_way;

use self::under_way::{LONG, MAX_INTERRUPTIONS, RestFinished, RestUnderWay, SHORT, interrupt, yes};
use super::{Dnd2024, DndEvent, check_list, record, refusal, set_record};
use crate::rest::{Interruption, LongRest, ShortRest, may_start_rest};

/// A Long Rest lasts 8 hours (DD-REST-03.a).
pub const LONG_REST_HOURS: u64 = 8;

/// Starts a rest for these creatures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartRest {
    /// `short` or `long`.
    pub kind: String,
    pub creatures: Vec<String>,
    /// The creatures drank and ate their fill during a Long Rest (levels of Exhaustion from
    /// dehydration or malnutrition leave only then, DD-HAZ-02.c, DD-HAZ-03.d). The Referee
    /// says so when the rest starts.
    #[serde(default = "yes")]
    pub fed_and_watered: bool,
}

/// Interrupts the rest under way (DD-REST-01.d, DD-REST-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InterruptRest {
    pub why: Interruption,
    /// Resume a Long Rest at once: it goes on, 1 hour longer for each interruption
    /// (DD-REST-04.c).
    #[serde(default)]
    pub resume: bool,
}

pub fn start_rest(ctx: &mut Ctx<'_, Dnd2024>, r: &StartRest) -> Result<(), RuleError> {
    check_list("creatures", &r.creatures)?;
    let long = match r.kind.as_str() {
        SHORT => false,
        LONG => true,
        other => {
            return Err(RuleError::new(
                "unknown_rest_kind",
                format!("`{other}` is not a rest (short, long)"),
            ));
        }
    };
    if ctx.rules().rest.is_some() || ctx.core().clock.resting {
        return Err(RuleError::new("resting", "a rest is already under way"));
    }
    if r.creatures.is_empty() {
        return Err(RuleError::new("rest_refused", "a rest needs a creature"));
    }
    let now = ctx.core().clock.game_seconds();
    let mut recs = Vec::new();
    for id in &r.creatures {
        let rec = record(ctx, id)?;
        rec.check_alive()?;
        let hours_since = rec
            .last_long_rest_end
            .map(|end| u32::try_from(now.saturating_sub(end) / 3600).unwrap_or(u32::MAX));
        may_start_rest(rec.hp.current, long, hours_since).map_err(refusal)?;
        recs.push(rec);
    }
    ctx.start_named_rest(&r.kind)?;
    ctx.emit(DndEvent::RestStarted(RestUnderWay {
        kind: r.kind.clone(),
        creatures: r.creatures.clone(),
        started_second: now,
        fed_and_watered: r.fed_and_watered,
        interruptions: 0,
    }))?;
    for mut rec in recs {
        rec.short_rest = if long {
            None
        } else {
            Some(ShortRest::start(rec.hp.current).map_err(refusal)?)
        };
        set_record(ctx, rec)?;
    }
    Ok(())
}

/// The engine finished a rest of kind `kind`: the benefits (DD-REST-01.b, DD-REST-03.c).
pub fn rest_completed(ctx: &mut Ctx<'_, Dnd2024>, kind: &str) -> Result<(), RuleError> {
    let Some(rest) = ctx.rules().rest.clone() else {
        return Ok(());
    };
    if kind == LONG && rest.interruptions > 0 {
        // The engine moved the clock by the 8 hours; each resumed interruption adds one
        // (DD-REST-04.c: `LongRest::hours_needed`).
        let needed = LongRest {
            hours_rested: 0,
            interruptions: rest.interruptions,
        }
        .hours_needed();
        let extra = u64::from(needed).saturating_sub(LONG_REST_HOURS);
        ctx.advance_seconds(extra * 3600)?;
    }
    let now = ctx.core().clock.game_seconds();
    let minutes = now.saturating_sub(rest.started_second) / 60;
    for id in &rest.creatures {
        let Some(rec) = ctx.rules().creatures.get(id) else {
            continue;
        };
        if rec.dead {
            continue;
        }
        let mut rec = rec.clone();
        if kind == LONG {
            rec.hp.finish_long_rest();
            if let Some(d) = rec.hit_dice.as_mut() {
                d.finish_long_rest();
            }
            rec.slots.finish_long_rest();
            let fed = rest.fed_and_watered;
            rec.conditions.exhaustion.finish_long_rest(fed, fed);
            rec.short_rest = None;
            rec.last_long_rest_end = Some(now);
            rec.dying = None;
        } else {
            let mut sr = rec.short_rest.unwrap_or_default();
            sr.rest_minutes(crate::rest::SHORT_REST_MINUTES);
            rec.short_rest = Some(sr);
        }
        // A knocked-out creature wakes when its Short Rest ends (DD-DMG-17.b).
        if rec.knocked_out && crate::damage::knocked_out_wakes(false, None, true) {
            super::damage::life::wake(&mut rec);
        }
        set_record(ctx, rec)?;
    }
    ctx.emit(DndEvent::RestFinished(RestFinished {
        kind: kind.to_string(),
        completed: true,
        interrupted_by: None,
        minutes_rested: minutes,
        short_rest_benefits: kind == SHORT,
    }))
}

pub fn interrupt_rest(ctx: &mut Ctx<'_, Dnd2024>, r: &InterruptRest) -> Result<(), RuleError> {
    let Some(mut rest) = ctx.rules().rest.clone() else {
        return Err(RuleError::new("not_resting", "no rest is under way"));
    };
    if !r.resume {
        return interrupt(ctx, &rest, r.why, true);
    }
    if rest.kind != LONG {
        return Err(RuleError::new(
            "rest_refused",
            "only a Long Rest is resumed after an interruption; a Short Rest gives nothing",
        )
        .rule("DD-REST-04.c"));
    }
    let mut lr = LongRest {
        hours_rested: 0,
        interruptions: rest.interruptions,
    };
    if lr.interrupt(r.why).is_none() {
        return Err(
            RuleError::new("not_an_interruption", "that does not interrupt a long rest")
                .rule("DD-REST-04.a"),
        );
    }
    if lr.interruptions > MAX_INTERRUPTIONS {
        return Err(RuleError::new(
            "rest_refused",
            format!("a Long Rest is resumed at most {MAX_INTERRUPTIONS} times"),
        )
        .rule("MAX_INTERRUPTIONS"));
    }
    rest.interruptions = lr.interruptions;
    ctx.emit(DndEvent::RestResumed(rest))
}

/// Spends one Hit Point Die after a finished Short Rest (DD-REST-01.b).
pub fn spend_hit_die(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let mut rec = record(ctx, id)?;
    rec.check_alive()?;
    let Some(sr) = rec.short_rest.filter(ShortRest::finished) else {
        return Err(RuleError::new(
            "no_short_rest",
            format!("{} has not just finished a Short Rest", rec.spec.name),
        )
        .rule("DD-REST-01.b"));
    };
    let Some(mut dice) = rec.hit_dice else {
        return Err(RuleError::new(
            "no_hit_dice",
            format!("{} has no Hit Point Dice", rec.spec.name),
        )
        .rule("DD-REST-01.b"));
    };
    // No die left is refused before anything is rolled.
    let mut probe = dice;
    probe.spend().map_err(refusal)?;
    let expr = format!("1d{}", dice.sides);
    let r = super::roll_for(ctx, &rec, "hit point die", &expr)?;
    let roll = u32::try_from(r.total).unwrap_or(0);
    let con = rec.spec.modifier(crate::core::Ability::Constitution);
    sr.spend_hit_die(&mut dice, &mut rec.hp, roll, con)
        .map_err(refusal)?;
    rec.hit_dice = Some(dice);
    set_record(ctx, rec)
}
