//! The rest under way and interrupting it (DD-REST-01.d, DD-REST-04): what damage, Initiative
//! or a spell do to a rest, below every family's commands.

use engine::{Ctx, RuleError, Visibility};
use serde::{Deserialize, Serialize};

use super::super::{Dnd2024, DndEvent, set_record};
use crate::rest::{InterruptedRest, Interruption, LongRest, ShortRest};

/// The engine's rest kind names.
pub const SHORT: &str = "short";

pub const LONG: &str = "long";

/// The rest under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestUnderWay {
    pub kind: String,
    pub creatures: Vec<String>,
    /// Game second it started.
    pub started_second: u64,
    #[serde(default = "yes")]
    pub fed_and_watered: bool,
    /// Interruptions of a Long Rest that was resumed (DD-REST-04.c).
    #[serde(default)]
    pub interruptions: u32,
}

/// Most times one Long Rest is resumed (an input limit).
pub const MAX_INTERRUPTIONS: u32 = 24;

/// How a rest ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestFinished {
    pub kind: String,
    pub completed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupted_by: Option<Interruption>,
    pub minutes_rested: u64,
    /// An interrupted Long Rest of at least an hour: the Short Rest's benefits
    /// (DD-REST-04.b).
    pub short_rest_benefits: bool,
}

/// Interrupts the rest under way if `creature` takes part and `why` interrupts it.
pub fn interrupt_if_resting(
    ctx: &mut Ctx<'_, Dnd2024>,
    creature: &str,
    why: Interruption,
) -> Result<(), RuleError> {
    match ctx.rules().rest.clone() {
        Some(rest) if rest.creatures.iter().any(|c| c == creature) => {
            interrupt(ctx, &rest, why, false)
        }
        _ => Ok(()),
    }
}

pub(super) fn interrupt(
    ctx: &mut Ctx<'_, Dnd2024>,
    rest: &RestUnderWay,
    why: Interruption,
    refuse_if_not: bool,
) -> Result<(), RuleError> {
    let long = rest.kind == LONG;
    if !why.interrupts(long) {
        if refuse_if_not {
            return Err(RuleError::new(
                "not_an_interruption",
                format!("that does not interrupt a {} rest", rest.kind),
            )
            .rule(if long { "DD-REST-04.a" } else { "DD-REST-01.d" }));
        }
        return Ok(());
    }
    let now = ctx.core().clock.game_seconds();
    let minutes = now.saturating_sub(rest.started_second) / 60;
    let benefits = if long {
        let mut lr = LongRest {
            hours_rested: u32::try_from(minutes / 60).unwrap_or(u32::MAX),
            interruptions: 0,
        };
        lr.interrupt(why) == Some(InterruptedRest::ShortRestBenefits)
    } else {
        false
    };
    if ctx.core().clock.resting {
        ctx.end_rest(false)?;
    }
    ctx.emit_for(
        DndEvent::RestFinished(RestFinished {
            kind: rest.kind.clone(),
            completed: false,
            interrupted_by: Some(why),
            minutes_rested: minutes,
            short_rest_benefits: benefits,
        }),
        Visibility::Public,
    )?;
    for id in &rest.creatures {
        let Some(rec) = ctx.rules().creatures.get(id) else {
            continue;
        };
        let mut rec = rec.clone();
        rec.short_rest = if benefits {
            let mut sr = ShortRest::default();
            sr.rest_minutes(crate::rest::SHORT_REST_MINUTES);
            Some(sr)
        } else {
            // An interrupted Short Rest gives nothing (DD-REST-01.d).
            rec.short_rest.map(|mut sr| {
                sr.interrupt(why);
                sr
            })
        };
        set_record(ctx, rec)?;
    }
    Ok(())
}

pub(super) fn yes() -> bool {
    true
}
