//! Readied actions (DD-ACT-13) through the engine's interrupt windows: on its turn a creature
//! takes the Ready action naming a trigger it can perceive and a response (an attack with one
//! of its attacks, another action, or a move of at most its Speed). When the Referee says the
//! trigger happened (`trigger_ready`), a window asks the creature's player (the Referee for a
//! monster; default: ignore, with the Referee-set timeout) whether it responds; responding
//! spends the Reaction and, for an attack, makes it at once. The readied response lapses when
//! the creature's next turn starts. Opportunity Attacks are in [`super::grid`].
//!
//! ```json
//! {"ready": {"creature": "vera", "trigger": "a goblin steps through the door",
//!   "response": {"attack": {"attack": "Rapier"}}}}
//! {"ready": {"creature": "vera", "trigger": "the bell rings", "response": {"move": {"feet": 15}}}}
//! {"trigger_ready": {"creature": "vera", "target": "gob"}}
//! ```

use engine::{Answerer, Ctx, DecisionRequest, RuleError, Visibility, Window, WindowRequest};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::combat::{Attack, check_turn};
use super::{Dnd2024, DndEvent, check_name, record, refusal, set_record};
use crate::actions::{ActionKind, ReadiedResponse, TriggerChoice};

/// The kind of the window a readied trigger opens, and of its decision.
pub const READY_WINDOW: &str = "readied_trigger";
pub const READY_RESPOND: &str = "respond";
pub const READY_IGNORE: &str = "ignore";

/// What a creature readies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Response {
    /// An attack with one of its attacks (one attack, with the Reaction).
    Attack { attack: String },
    /// Another action.
    Action { action: ActionKind },
    /// A move of up to this many feet.
    Move { feet: u32 },
}

/// The Ready action (DD-ACT-13.a/b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ready {
    pub creature: String,
    /// The perceivable circumstance, in the player's words.
    pub trigger: String,
    pub response: Response,
}

/// The Referee says a readied trigger happened; `target` is whom a readied attack strikes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerReady {
    pub creature: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// A readied response as the creature's record keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readied {
    pub trigger: String,
    pub response: Response,
}

/// A readied response taken (its attack, if any, follows as its own events).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadyTaken {
    pub creature: String,
    pub trigger: String,
    pub response: Response,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

pub fn ready(ctx: &mut Ctx<'_, Dnd2024>, r: &Ready) -> Result<(), RuleError> {
    check_name("a trigger", &r.trigger)?;
    let mut rec = record(ctx, &r.creature)?;
    rec.check_alive()?;
    check_turn(ctx, &r.creature)?;
    let pure = match &r.response {
        Response::Attack { attack } => {
            if !rec
                .spec
                .attacks
                .iter()
                .any(|a| a.name.eq_ignore_ascii_case(attack))
            {
                return Err(RuleError::new(
                    "unknown_attack",
                    format!("{} has no attack `{attack}`", rec.spec.name),
                ));
            }
            ReadiedResponse::Action(ActionKind::Attack)
        }
        Response::Action { action } => ReadiedResponse::Action(*action),
        Response::Move { feet } => ReadiedResponse::Move { feet: *feet },
    };
    rec.turn.incapacitated = rec.conditions.incapacitated();
    // The player names the trigger, so it is one the creature perceives; a Blinded creature
    // still hears, so the Referee judges sight-only triggers.
    rec.turn.ready(true, pure).map_err(refusal)?;
    rec.readied = Some(Readied {
        trigger: r.trigger.clone(),
        response: r.response.clone(),
    });
    set_record(ctx, rec)
}

pub fn trigger_ready(ctx: &mut Ctx<'_, Dnd2024>, t: &TriggerReady) -> Result<(), RuleError> {
    let rec = record(ctx, &t.creature)?;
    rec.check_alive()?;
    let Some(readied) = rec.readied.clone() else {
        return Err(RuleError::new(
            "nothing_readied",
            format!(
                "{} has nothing readied (a readied response lapses when its next turn starts)",
                rec.spec.name
            ),
        )
        .rule("DD-ACT-13.c"));
    };
    if let Some(target) = &t.target {
        record(ctx, target)?;
        if let (Response::Attack { attack }, Some(a), Some(b)) = (
            &readied.response,
            super::grid::space_of(ctx, &t.creature),
            super::grid::space_of(ctx, target),
        ) {
            let d = a.distance_to(&b).saturating_mul(super::grid::SQUARE_FT);
            let reach = rec
                .spec
                .attacks
                .iter()
                .find(|x| x.name.eq_ignore_ascii_case(attack))
                .map(|x| x.reach_ft.or(x.long_range_ft).or(x.range_ft).unwrap_or(0))
                .unwrap_or(0);
            if d > reach {
                return Err(RuleError::new(
                    "out_of_reach",
                    format!("the target is {d} ft away, beyond the readied {attack}'s {reach} ft"),
                )
                .rule("DD-MOVE-22.a"));
            }
        }
    }
    if matches!(readied.response, Response::Attack { .. }) && t.target.is_none() {
        return Err(
            RuleError::new("bad_trigger", "a readied attack needs its `target`")
                .rule("DD-ACT-13.c"),
        );
    }
    // Check now that the Reaction could be taken, so the prompt is not an empty promise.
    let mut trial = rec.turn;
    trial.incapacitated = rec.conditions.incapacitated();
    trial
        .trigger_readied(TriggerChoice::Respond)
        .map_err(refusal)?;
    let players: Vec<String> = ctx
        .core()
        .participants
        .controllers(&t.creature)
        .cloned()
        .collect();
    let (answerer, vis) = if players.is_empty() {
        (Answerer::Referee, Some(Visibility::Referee))
    } else {
        (Answerer::Controller(t.creature.clone()), None)
    };
    let mut ask = DecisionRequest::new(
        READY_WINDOW,
        format!(
            "{}'s trigger happened ({}): respond with the Reaction?",
            rec.spec.name, readied.trigger
        ),
        answerer,
        &[(READY_RESPOND, "Respond"), (READY_IGNORE, "Ignore")],
    )
    .with_default(READY_IGNORE)
    .with_context(json!({"by": t.creature, "target": t.target}));
    if let Some(v) = vis {
        ask = ask.with_visibility(v);
    }
    let hidden = rec.hidden
        || t.target
            .as_ref()
            .and_then(|id| ctx.rules().creatures.get(id))
            .is_some_and(|r| r.hidden);
    let mut request = WindowRequest::new(
        READY_WINDOW,
        json!({"creature": t.creature, "target": t.target}),
    )
    .ask(ask);
    if hidden {
        request = request.with_visibility(Visibility::Referee);
    }
    ctx.open_window(request).map(|_| ())
}

/// The trigger's window closed: a response spends the Reaction (DD-ACT-13.c) and a readied
/// attack is made at once.
pub fn window_closed(ctx: &mut Ctx<'_, Dnd2024>, window: &Window) -> Result<(), RuleError> {
    let by = window.context["creature"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let target = window.context["target"].as_str().map(str::to_string);
    if !window.answers.iter().any(|a| a.option == READY_RESPOND) {
        return Ok(());
    }
    let Ok(mut rec) = record(ctx, &by) else {
        return Ok(());
    };
    let Some(readied) = rec.readied.clone() else {
        return Ok(());
    };
    if rec.dead {
        return Ok(());
    }
    rec.turn.incapacitated = rec.conditions.incapacitated();
    // Things may have changed while the window was open: the rules decide again.
    if rec.turn.trigger_readied(TriggerChoice::Respond).is_err() {
        return Ok(());
    }
    rec.readied = None;
    set_record(ctx, rec)?;
    let taken = ReadyTaken {
        creature: by.clone(),
        trigger: readied.trigger.clone(),
        response: readied.response.clone(),
        target: target.clone(),
    };
    super::emit_about(
        ctx,
        &by,
        DndEvent::ReadyTaken(taken.clone()),
        Some(DndEvent::ReadyTaken(taken)),
    )?;
    if let (Response::Attack { attack }, Some(target)) = (&readied.response, target) {
        let Ok(t) = record(ctx, &target) else {
            return Ok(());
        };
        if t.dead {
            return Ok(());
        }
        // On the grid the distance is measured; off it the Referee's trigger puts the target
        // within the attack's reach or range.
        let distance_ft = match (
            super::grid::space_of(ctx, &by),
            super::grid::space_of(ctx, &target),
        ) {
            (Some(a), Some(b)) => a.distance_to(&b).saturating_mul(super::grid::SQUARE_FT),
            _ => super::grid::SQUARE_FT,
        };
        super::combat::attack_as_reaction(
            ctx,
            &Attack {
                attacker: by,
                target,
                attack: attack.clone(),
                distance_ft,
                advantage: Vec::new(),
                disadvantage: Vec::new(),
                attacker_sees_target: true,
                target_sees_attacker: true,
                enemy_within_5ft: false,
                knock_out: false,
            },
        )?;
    }
    Ok(())
}
