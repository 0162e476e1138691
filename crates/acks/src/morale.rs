//! Morale («Броски морального духа», «Моральный дух монстров», T-20): 2d6 + morale score +
//! Judge modifiers, except at the −6 and +4 extremes, which never roll.
use crate::odds::{Fraction, two_d6};
use crate::tables::MoraleResult;
use crate::{AcksError, Tables};
use serde::Serialize;

/// Morale scores run −6…+4 (AC-MORALE-02).
pub const SCORE_RANGE: std::ops::RangeInclusive<i32> = -6..=4;
/// The Judge's situational modifier runs −2…+2 (AC-MORALE-07).
pub const JUDGE_RANGE: std::ops::RangeInclusive<i32> = -2..=2;
/// Both triggers in one round: one roll at −2 (AC-MORALE-03).
pub const BOTH_TRIGGERS: i32 = -2;

/// The extremes that never roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoRoll {
    /// −6: never fights unless cornered.
    NeverFights,
    /// +4: fights to the death.
    FightsToTheDeath,
}

/// Morale odds, or why there is no roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum MoraleOdds {
    NoRoll(NoRoll),
    Odds(Vec<(MoraleResult, Fraction)>),
}

/// Why morale is rolled (AC-MORALE-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoraleTriggers {
    pub first_death: bool,
    pub half_down: bool,
    /// A lone monster at half its hit points.
    pub lone_at_half_hp: bool,
}

impl MoraleTriggers {
    /// Whether a roll is due, and its modifier (−2 when both side triggers fall together).
    pub fn roll_due(self) -> Option<i32> {
        match (self.first_death, self.half_down, self.lone_at_half_hp) {
            (true, true, _) => Some(BOTH_TRIGGERS),
            (true, false, _) | (false, true, _) | (_, _, true) => Some(0),
            _ => None,
        }
    }
}

fn check(score: i32, judge: i32) -> Result<Option<NoRoll>, AcksError> {
    if !SCORE_RANGE.contains(&score) {
        return Err(AcksError::range(
            "AC-MORALE-02",
            format!("morale scores run −6…+4, got {score}"),
        ));
    }
    if !JUDGE_RANGE.contains(&judge) {
        return Err(AcksError::range(
            "AC-MORALE-07",
            format!("the Judge's morale modifier runs −2…+2, got {judge}"),
        ));
    }
    Ok(match score {
        -6 => Some(NoRoll::NeverFights),
        4 => Some(NoRoll::FightsToTheDeath),
        _ => None,
    })
}

fn result_of(tables: &Tables, total: i64) -> Result<MoraleResult, AcksError> {
    tables
        .t20_morale
        .find(format!("total {total}"), |r| r.total.contains(total))
        .map(|r| r.result)
}

/// Exact odds of each T-20 result. `both_triggers` applies the −2 of AC-MORALE-03.
pub fn morale_odds(
    tables: &Tables,
    score: i32,
    judge_modifier: i32,
    both_triggers: bool,
) -> Result<MoraleOdds, AcksError> {
    if let Some(n) = check(score, judge_modifier)? {
        return Ok(MoraleOdds::NoRoll(n));
    }
    let m = i64::from(score + judge_modifier + if both_triggers { BOTH_TRIGGERS } else { 0 });
    let mut out: Vec<(MoraleResult, Fraction)> = MoraleResult::ALL
        .iter()
        .map(|r| (*r, Fraction::new(0, 1)))
        .collect();
    for (t, w) in two_d6() {
        let r = result_of(tables, t + m)?;
        if let Some(slot) = out.iter_mut().find(|(k, _)| *k == r) {
            slot.1 += Fraction::new(w, 36);
        }
    }
    Ok(MoraleOdds::Odds(out))
}

/// Resolves a morale roll from two d6 faces.
pub fn resolve_morale(
    tables: &Tables,
    score: i32,
    judge_modifier: i32,
    both_triggers: bool,
    faces: (i32, i32),
) -> Result<Result<MoraleResult, NoRoll>, AcksError> {
    if let Some(n) = check(score, judge_modifier)? {
        return Ok(Err(n));
    }
    for f in [faces.0, faces.1] {
        if !(1..=6).contains(&f) {
            return Err(AcksError::range(
                "AC-MORALE-04",
                format!("a d6 face is 1–6, got {f}"),
            ));
        }
    }
    let total =
        faces.0 + faces.1 + score + judge_modifier + if both_triggers { BOTH_TRIGGERS } else { 0 };
    result_of(tables, total.into()).map(Ok)
}

/// What a morale result makes the monsters do (AC-MORALE-05/06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoraleConduct {
    pub retreats: bool,
    pub fighting_withdrawal: bool,
    pub pursues: bool,
    /// No more morale rolls this battle.
    pub no_more_rolls: bool,
}

pub fn conduct(result: MoraleResult) -> MoraleConduct {
    let c = |retreats, fighting_withdrawal, pursues, no_more_rolls| MoraleConduct {
        retreats,
        fighting_withdrawal,
        pursues,
        no_more_rolls,
    };
    match result {
        MoraleResult::Retreat => c(true, false, false, false),
        MoraleResult::FightingWithdrawal => c(false, true, false, false),
        MoraleResult::FightOn => c(false, false, false, false),
        MoraleResult::AdvanceAndPursue => c(false, false, true, false),
        MoraleResult::VictoryOrDeath => c(false, false, true, true),
    }
}
