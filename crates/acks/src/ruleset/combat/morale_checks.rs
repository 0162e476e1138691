//! The Judge's morale rolls and their odds (AC-MORALE-01…07).

use engine::{Ctx, RuleError, TableState, Viewer, Visibility};
use serde::Deserialize;
use serde_json::{Value, json};

use super::lookups::{frac, int};
use super::state::CombatEvent;
use crate::ruleset::adapter::{Acks, acks_err, no_creature, refuse};
use crate::ruleset::state::AcksState;
use crate::tables::MoraleResult;

pub(super) fn morale_check(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    judge_modifier: i32,
    both_triggers: bool,
) -> Result<(), RuleError> {
    let state = ctx.rules();
    let card = state.card_of(who).ok_or_else(|| {
        if state.creatures.contains_key(who) {
            refuse(
                "not_a_monster",
                "AC-MORALE-01",
                "players decide whether their characters fight on",
            )
        } else {
            no_creature(who)
        }
    })?;
    let score = card.morale;
    // AC-MORALE-06: after "victory or death" no more morale rolls this battle.
    if state
        .combat
        .as_ref()
        .and_then(|f| f.morale.get(who))
        .is_some_and(|r| crate::morale::conduct(*r).no_more_rolls)
    {
        return Err(refuse(
            "no_more_rolls",
            "AC-MORALE-06",
            format!("`{who}` fights to victory or death: no more morale rolls this battle"),
        ));
    }
    let tables = state.tables()?;
    // The faces are checked after rolling; a bad score or modifier refuses before any die.
    crate::morale::morale_odds(&tables, score, judge_modifier, both_triggers)
        .map_err(|e| acks_err("bad_morale", e))?;
    let no_roll = matches!(
        crate::morale::morale_odds(&tables, score, judge_modifier, both_triggers),
        Ok(crate::morale::MoraleOdds::NoRoll(_))
    );
    let (total, result, outcome) = if no_roll {
        let r =
            crate::morale::resolve_morale(&tables, score, judge_modifier, both_triggers, (1, 1))
                .map_err(|e| acks_err("bad_morale", e))?;
        let why = match r {
            Err(crate::morale::NoRoll::NeverFights) => "never_fights",
            Err(crate::morale::NoRoll::FightsToTheDeath) => "fights_to_the_death",
            Ok(_) => "",
        };
        (None, why.to_string(), None)
    } else {
        let a = int(ctx.roll_secret(&format!("morale of {who}"), "1d6")?.total);
        let b = int(ctx.roll_secret(&format!("morale of {who}"), "1d6")?.total);
        let r =
            crate::morale::resolve_morale(&tables, score, judge_modifier, both_triggers, (a, b))
                .map_err(|e| acks_err("bad_face", e))?;
        let total = a + b + score + judge_modifier + if both_triggers { -2 } else { 0 };
        (Some(total), morale_name(r.ok()), r.ok())
    };
    ctx.emit_for(
        CombatEvent::MoraleChecked {
            creature: who.to_string(),
            score,
            judge_modifier,
            total,
            result,
            outcome,
        },
        Visibility::Referee,
    )
}

pub(super) fn morale_name(r: Option<MoraleResult>) -> String {
    r.map_or_else(String::new, |r| {
        serde_json::to_value(r)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| format!("{r:?}"))
    })
}

/// `morale_odds`: the Judge's exact chances of each morale result (AC-MORALE-04).
pub(crate) fn morale_odds(
    state: &TableState<AcksState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Args {
        creature: String,
        #[serde(default)]
        judge_modifier: i32,
        #[serde(default)]
        both_triggers: bool,
    }
    if *viewer != Viewer::Referee {
        return Err(refuse(
            "judges_odds",
            "AC-MORALE-01",
            "morale odds are the Judge's",
        ));
    }
    let a: Args = serde_json::from_value(args.clone())
        .map_err(|e| refuse("bad_query", "morale_odds", format!("morale_odds: {e}")))?;
    let rules = &state.rules;
    let card = rules
        .card_of(&a.creature)
        .ok_or_else(|| no_creature(&a.creature))?;
    let tables = rules.tables()?;
    let odds = crate::morale::morale_odds(&tables, card.morale, a.judge_modifier, a.both_triggers)
        .map_err(|e| acks_err("bad_morale", e))?;
    Ok(match odds {
        crate::morale::MoraleOdds::NoRoll(n) => json!({"no_roll": n}),
        crate::morale::MoraleOdds::Odds(list) => json!({
            "score": card.morale,
            "results": list
                .into_iter()
                .map(|(r, p)| json!([r, frac(p)]))
                .collect::<Vec<_>>(),
        }),
    })
}
