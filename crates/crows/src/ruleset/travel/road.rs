//! Road encounters (CR-ROAD-*): the check on the road or during a rest in the open, and the
//! Referee asked what comes and when.

use engine::{Answerer, Ctx, DecisionRequest, RuleError, Visibility};
use serde_json::{Value, json};

use super::party::{position_of, refused, stage};
use super::state::TravelEvent;
use crate::ruleset::adapter::{Crows, err, roll_die};
use crate::ruleset::travel::party::day_of;

pub(in crate::ruleset) fn encounter_check(
    ctx: &mut Ctx<'_, Crows>,
    during_rest: bool,
) -> Result<(), RuleError> {
    crate::travel::day::may_check_road(stage(ctx), during_rest).map_err(refused)?;
    let d = day_of(ctx)?.clone();
    let threshold = if during_rest {
        d.tally.rest_threshold()
    } else {
        d.tally.travel_threshold()
    };
    let label = if during_rest {
        "rest encounter check"
    } else {
        "travel encounter check"
    };
    let d10 = roll_die(ctx, label, 10, Visibility::Public)?;
    let encounter =
        crate::travel::road::encounter(d10, threshold).map_err(|e| err("bad_face", e))?;
    ctx.emit(TravelEvent::RoadChecked {
        d10,
        threshold,
        encounter,
        during_rest,
    })?;
    if encounter {
        ask_encounter(ctx, Some(d10), during_rest)?;
    }
    Ok(())
}

/// Asks the Referee for an encounter: what it is (the terrain's table, rolled in secret when a
/// content table `encounters-<terrain>` is loaded) and when it happens (CR-ROAD-02, CR-ERR-46).
pub(in crate::ruleset) fn ask_encounter(
    ctx: &mut Ctx<'_, Crows>,
    d10: Option<u8>,
    during_rest: bool,
) -> Result<(), RuleError> {
    let p = position_of(ctx)?;
    let terrain = ctx
        .rules()
        .travel
        .map
        .get(p.true_hex)
        .map_or_else(|| "unknown".to_string(), |i| i.terrain.clone());
    let table = ctx
        .rules()
        .content
        .tables
        .get(&format!("encounters-{}", terrain.to_lowercase()))
        .cloned();
    let rolled = match table {
        Some(t) => {
            let r = ctx.roll_secret("encounter table", &t.die)?;
            let row = u32::try_from(r.total)
                .ok()
                .and_then(|n| t.lookup(n))
                .map(|row| row.result.clone());
            json!({"table": t.id, "roll": r.total, "result": row})
        }
        None => Value::Null,
    };
    let options: &[(&str, &str)] = match d10 {
        Some(10) => &[("now", "It happens at once (a 10)")],
        Some(_) => &[
            ("later", "Later today, when the Referee says"),
            ("later_with_sign", "Later today, after a sign"),
        ],
        None => &[
            ("now", "Now"),
            ("later", "Later today"),
            ("later_with_sign", "Later today, after a sign"),
        ],
    };
    let request = DecisionRequest::new(
        "crows.travel.encounter",
        format!(
            "{} encounter in {terrain}: roll on the terrain's encounter table and say when it \
             happens (CR-ROAD-02)",
            if during_rest { "A rest" } else { "A travel" }
        ),
        Answerer::Referee,
        options,
    )
    .with_free_text()
    .with_visibility(Visibility::Referee)
    .with_args(json!({"terrain": terrain, "during_rest": during_rest}))
    .with_context(
        json!({"terrain": terrain, "d10": d10, "during_rest": during_rest,
        "table_roll": rolled}),
    );
    ctx.ask(request).map(|_| ())
}
