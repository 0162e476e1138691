//! Readied actions (DD-ACT-13) through the engine's interrupt windows: on its turn a creature
//! takes the Ready action naming a trigger it can perceive and a response (an attack with one
//! of its attacks, another action, or a move of at most its Speed). When the Referee says the
//! trigger happened (`trigger_ready`), a window asks the creature's player (default: ignore,
//! with the Referee-set timeout) whether it responds — a creature the Referee runs responds at
//! once, its Referee's word being the answer; responding spends the Reaction and, for an
//! attack, makes it at once. Players' copy of the response taken (`ready_taken`) of a creature
//! that is not a character leaves out the trigger (the Referee's words) and names a creature
//! they may not see `unseen` — and reaches them only when they perceive what it does (an
//! attack on a creature they see). The readied response lapses when the creature's next turn
//! starts. Opportunity Attacks are in [`super::grid`].
//!
//! Legendary Actions (DD-MON-04.c): a creature whose sheet has `legendary` may take one right
//! after another creature's turn. The engine's `before_turn_end` hook (the clock's `end_turn`,
//! or `finish_turn`) offers them: a creature whose standing order is `ask` (and that the
//! players see) gets a `legendary_actions` window holding the turn change, with one
//! Referee decision per such creature that has uses left (options: each action it can afford,
//! an attack once per hostile combatant it can reach, or pass — the default); when it closes,
//! the actions taken spend their cost and an attack is made, then the turn ends. Uses come
//! back at the start of the creature's own turn.
//!
//! Reaction spells (a sheet's `reaction_spells`, DD-MAG-05.a), by their trigger: `hit` (Shield:
//! +5 AC) — an attack that hits such a creature (not on a natural 20) waits in a
//! `reaction_spell` window asking its player (the Referee for a monster ordered `ask`;
//! default: no spell);
//! casting spends the Reaction and the slot, the bonus counts against the triggering attack,
//! which may now miss, and lasts until the creature's next turn. `spell_cast` (Counterspell,
//! with a range) — a hostile creature in the combat that sees a caster within range is asked
//! in a `counter_spell` window when the caster's spell is cast (the casting already spent);
//! casting it spends its Reaction and slot and stops the spell (`spell_stopped`), otherwise
//! the spell takes effect when the window closes.
//!
//! Every prompt carries structured `args` (who is asked, the trigger, each option's id with
//! its cost, spell or target) for the web to word in either language.
//!
//! Creatures the Referee runs are prompted only on the order `ask` while the players see
//! them: by default their standing orders settle their reactions at once ([`standing`]), so
//! no player's command waits on them.
//!
//! ```json
//! {"ready": {"creature": "vera", "trigger": "a goblin steps through the door",
//!   "response": {"attack": {"attack": "Rapier"}}}}
//! {"ready": {"creature": "vera", "trigger": "the bell rings", "response": {"move": {"feet": 15}}}}
//! {"trigger_ready": {"creature": "vera", "target": "gob"}}
//! {"finish_turn": {"creature": "vera"}}
//! {"standing_orders": {"creature": "gob", "opportunity_attacks": "always"}}
//! ```

use engine::{Answerer, Ctx, DecisionRequest, RuleError, Visibility, Window, WindowRequest};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

pub mod sheet;
pub mod spells;
pub mod standing;

use self::sheet::{MAX_LEGENDARY_OPTIONS, Readied, Response};
use self::spells::cast_against_hit;
use self::standing::{ReactionKind, Settle, referee_run, settle};
use super::combat::Attack;
use super::combat::turn::check_turn;
use super::grid::board::{SQUARE_FT, feet_between};
use super::{Dnd2024, DndEvent, check_name, record, refusal, set_record};
use crate::actions::{ActionKind, ReadiedResponse, TriggerChoice};

/// The kind of the window a readied trigger opens, and of its decision.
pub const READY_WINDOW: &str = "readied_trigger";
pub const READY_RESPOND: &str = "respond";
pub const READY_IGNORE: &str = "ignore";

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

/// A readied response taken (its attack, if any, follows as its own events). Players' copy
/// of a creature that is not a character has no `trigger`, and names a creature they may not
/// see (and its attack) `unseen`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadyTaken {
    pub creature: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
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
    let players: Vec<String> = ctx
        .core()
        .participants
        .controllers(&t.creature)
        .cloned()
        .collect();
    if let Some(target) = &t.target {
        let tr = record(ctx, target)?;
        // The trigger is one the creature perceives (DD-ACT-13.b): its players see the target.
        if tr.hidden && !players.is_empty() {
            return Err(RuleError::new(
                "bad_trigger",
                format!(
                    "{}'s players may not see the target: reveal it first",
                    rec.spec.name
                ),
            )
            .rule("DD-ACT-13.b"));
        }
        if let (Response::Attack { attack }, Some(d)) =
            (&readied.response, feet_between(ctx, &t.creature, target))
        {
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
    if referee_run(ctx, &t.creature) {
        // The Referee who says the trigger happened answers for it: no window, no wait (a
        // window would show players that it had readied something, answered or not).
        return respond(ctx, &t.creature, t.target.clone());
    }
    // Its player answers.
    let ask = DecisionRequest::new(
        READY_WINDOW,
        format!(
            "{}'s trigger happened ({}): respond with the Reaction?",
            rec.spec.name, readied.trigger
        ),
        Answerer::Controller(t.creature.clone()),
        &[(READY_RESPOND, "Respond"), (READY_IGNORE, "Ignore")],
    )
    .with_default(READY_IGNORE)
    .with_context(json!({"by": t.creature, "target": t.target}))
    .with_args(json!({
        "creature": t.creature,
        "trigger": readied.trigger,
        "response": readied.response,
        "target": t.target,
        "options": [
            {"id": READY_RESPOND, "cost": "reaction"},
            {"id": READY_IGNORE},
        ],
    }));
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
    respond(ctx, &by, target)
}

/// `by` responds to its readied trigger: the Reaction is spent and a readied attack is made
/// at `target` at once (nothing happens if the rules no longer allow it).
fn respond(ctx: &mut Ctx<'_, Dnd2024>, by: &str, target: Option<String>) -> Result<(), RuleError> {
    let by = by.to_string();
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
    emit_ready_taken(
        ctx,
        ReadyTaken {
            creature: by.clone(),
            trigger: readied.trigger.clone(),
            response: readied.response.clone(),
            target: target.clone(),
        },
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
        let distance_ft = feet_between(ctx, &by, &target).unwrap_or(SQUARE_FT);
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
            None,
        )?;
    }
    Ok(())
}

/// Records a readied response taken. A character's is in plain view (its trigger is its
/// player's words). Of any other creature, those who see its whole sheet get the event as it
/// is and the other players a copy without the trigger (the Referee's words, which would tell
/// them what it waited for); a creature they may not see is `unseen` there, and its copy
/// reaches them only when they perceive what it does — an attack on a creature they see —
/// so an unseen creature's readied move or action adds nothing to their log.
fn emit_ready_taken(ctx: &mut Ctx<'_, Dnd2024>, full: ReadyTaken) -> Result<(), RuleError> {
    use super::combat::turn::UNSEEN;
    let Some(rec) = ctx.rules().creatures.get(&full.creature) else {
        return ctx.emit_for(DndEvent::ReadyTaken(full), Visibility::Referee);
    };
    if super::is_character(rec) {
        return ctx.emit(DndEvent::ReadyTaken(full));
    }
    let by_hidden = rec.hidden;
    let seen_target = full
        .target
        .as_ref()
        .and_then(|t| ctx.rules().creatures.get(t))
        .filter(|t| !t.hidden && !t.dead)
        .map(|t| t.spec.id.clone());
    let perceived =
        !by_hidden || (matches!(full.response, Response::Attack { .. }) && seen_target.is_some());
    let vis = super::owners(ctx, &full.creature);
    if !perceived {
        return ctx.emit_for(DndEvent::ReadyTaken(full), vis);
    }
    let masked = ReadyTaken {
        creature: if by_hidden {
            UNSEEN.to_string()
        } else {
            full.creature.clone()
        },
        trigger: String::new(),
        response: match &full.response {
            Response::Attack { .. } if by_hidden => Response::Attack {
                attack: UNSEEN.to_string(),
            },
            r => r.clone(),
        },
        target: seen_target,
    };
    ctx.emit_masked(
        DndEvent::ReadyTaken(full),
        vis,
        DndEvent::ReadyTaken(masked),
    )
}

/// The kind of the window `finish_turn` opens for Legendary Actions, and of its decisions.
pub const LEGENDARY_WINDOW: &str = "legendary_actions";
pub const LEGENDARY_PASS: &str = "pass";
/// A Legendary Action taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegendaryTaken {
    pub creature: String,
    pub action: String,
    pub cost: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// The acting creature ends its turn, after other creatures' Legendary Actions (the same as
/// the clock's `end_turn`, whose hook offers them too).
pub fn finish_turn(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    record(ctx, id)?;
    check_turn(ctx, id)?;
    ctx.end_turn()
}

/// One Legendary Action a creature may take now: the action's index on its sheet, its
/// target (an attack's), and the option's id and label.
struct LegendaryOption {
    index: usize,
    target: Option<String>,
    id: String,
    label: String,
}

/// The Legendary Actions creature `oid` may take right after `after`'s turn (none while it is
/// dead, Incapacitated or out of uses), at most [`MAX_LEGENDARY_OPTIONS`].
fn legendary_options(ctx: &Ctx<'_, Dnd2024>, oid: &str, order: &[String]) -> Vec<LegendaryOption> {
    let Some(rec) = ctx.rules().creatures.get(oid) else {
        return Vec::new();
    };
    let Some(spec) = &rec.spec.legendary else {
        return Vec::new();
    };
    let left = spec.uses.saturating_sub(rec.legendary_used);
    if rec.dead || rec.conditions.incapacitated() || left == 0 {
        return Vec::new();
    }
    let mut options = Vec::new();
    for (i, a) in spec.actions.iter().enumerate() {
        if a.cost > left {
            continue;
        }
        match &a.attack {
            None => options.push(LegendaryOption {
                index: i,
                target: None,
                id: i.to_string(),
                label: a.name.clone(),
            }),
            Some(atk) => {
                for tid in order {
                    let Some(t) = ctx.rules().creatures.get(tid) else {
                        continue;
                    };
                    if tid == oid
                        || t.dead
                        || super::is_character(t) == super::is_character(rec)
                        || !in_reach(ctx, rec, atk, oid, tid)
                    {
                        continue;
                    }
                    options.push(LegendaryOption {
                        index: i,
                        target: Some(tid.clone()),
                        id: format!("{i}:{tid}"),
                        label: format!("{} → {}", a.name, t.spec.name),
                    });
                }
            }
        }
    }
    options.truncate(MAX_LEGENDARY_OPTIONS);
    options
}

/// Right before `id`'s turn ends: other creatures' Legendary Actions (DD-MON-04.c). Those
/// settled by standing orders act at once; the others are asked in a `legendary_actions`
/// window that holds the turn change. The engine's `before_turn_end` hook calls this.
pub fn offer_legendary(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let order: Vec<String> = ctx
        .core()
        .clock
        .combat
        .as_ref()
        .map(|c| c.order.clone())
        .unwrap_or_default();
    let mut request = WindowRequest::new(LEGENDARY_WINDOW, json!({"after": id})).holding_turn_end();
    let mut asked = 0;
    let mut hidden = false;
    for oid in &order {
        if oid == id {
            continue;
        }
        let options = legendary_options(ctx, oid, &order);
        if options.is_empty() {
            continue;
        }
        match settle(ctx, oid, ReactionKind::LegendaryAction) {
            Settle::Prompt => {}
            // No prompt: the turn change must not wait on a creature the Referee runs (the
            // wait would show it has uses left, or that it is there at all). `always`: the
            // first affordable action, an attack only at `id`.
            Settle::Always => {
                if let Some(o) = options
                    .iter()
                    .find(|o| o.target.as_deref().is_none_or(|t| t == id))
                {
                    take_legendary(ctx, oid, o.index, o.target.clone())?;
                }
                continue;
            }
            Settle::Never => continue,
        }
        let Some(rec) = ctx.rules().creatures.get(oid) else {
            continue;
        };
        let Some(spec) = &rec.spec.legendary else {
            continue;
        };
        hidden |= rec.hidden;
        let left = spec.uses.saturating_sub(rec.legendary_used);
        let args_options: Vec<serde_json::Value> = options
            .iter()
            .filter_map(|o| {
                let a = spec.actions.get(o.index)?;
                Some(json!({"id": o.id, "action": a.name, "cost": a.cost,
                    "attack": a.attack, "target": o.target}))
            })
            .collect();
        let mut pairs: Vec<(&str, &str)> = vec![(LEGENDARY_PASS, "Pass")];
        pairs.extend(options.iter().map(|o| (o.id.as_str(), o.label.as_str())));
        request = request.ask(
            DecisionRequest::new(
                LEGENDARY_WINDOW,
                format!(
                    "{}'s turn ends: a Legendary Action for {}?",
                    id, rec.spec.name
                ),
                Answerer::Referee,
                &pairs,
            )
            .with_default(LEGENDARY_PASS)
            .with_visibility(Visibility::Referee)
            .with_context(json!({"by": oid}))
            .with_args(json!({
                "creature": oid,
                "after": id,
                "uses_left": left,
                "options": args_options,
                "decline": LEGENDARY_PASS,
            })),
        );
        asked += 1;
    }
    if asked == 0 {
        return Ok(());
    }
    if hidden {
        request = request.with_visibility(Visibility::Referee);
    }
    ctx.open_window(request).map(|_| ())
}

/// Whether `by`'s attack `attack` reaches `target` (off the grid: the Referee's to judge, yes).
fn in_reach(
    ctx: &Ctx<'_, Dnd2024>,
    rec: &super::creatures::CreatureRecord,
    attack: &str,
    by: &str,
    target: &str,
) -> bool {
    let Some(d) = feet_between(ctx, by, target) else {
        return true;
    };
    rec.spec
        .attacks
        .iter()
        .find(|x| x.name.eq_ignore_ascii_case(attack))
        .map(|x| x.reach_ft.or(x.long_range_ft).or(x.range_ft).unwrap_or(0))
        .is_some_and(|r| d <= r)
}

/// The Legendary Actions window closed: each action taken spends its cost and makes its
/// attack; the engine then ends the turn.
pub fn legendary_closed(ctx: &mut Ctx<'_, Dnd2024>, window: &Window) -> Result<(), RuleError> {
    for answer in window.answers.iter().filter(|a| a.option != LEGENDARY_PASS) {
        let by = answer.context["by"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let (idx, target) = match answer.option.split_once(':') {
            Some((i, t)) => (i, Some(t.to_string())),
            None => (answer.option.as_str(), None),
        };
        let Ok(idx) = idx.parse::<usize>() else {
            continue;
        };
        take_legendary(ctx, &by, idx, target)?;
    }
    Ok(())
}

/// `by` takes its Legendary Action number `idx` (at `target`, for an attack): the cost is
/// spent and the attack made. Nothing happens if the rules no longer allow it.
fn take_legendary(
    ctx: &mut Ctx<'_, Dnd2024>,
    by: &str,
    idx: usize,
    target: Option<String>,
) -> Result<(), RuleError> {
    let Ok(mut rec) = record(ctx, by) else {
        return Ok(());
    };
    let Some(spec) = rec.spec.legendary.clone() else {
        return Ok(());
    };
    let Some(action) = spec.actions.get(idx) else {
        return Ok(());
    };
    if rec.dead
        || rec.conditions.incapacitated()
        || rec.legendary_used.saturating_add(action.cost) > spec.uses
    {
        return Ok(());
    }
    rec.legendary_used += action.cost;
    set_record(ctx, rec)?;
    let taken = LegendaryTaken {
        creature: by.to_string(),
        action: action.name.clone(),
        cost: action.cost,
        target: target.clone(),
    };
    super::emit_about(
        ctx,
        by,
        DndEvent::LegendaryTaken(taken.clone()),
        Some(DndEvent::LegendaryTaken(taken)),
    )?;
    if let (Some(atk), Some(target)) = (&action.attack, target) {
        let Ok(t) = record(ctx, &target) else {
            return Ok(());
        };
        if t.dead {
            return Ok(());
        }
        let distance_ft = feet_between(ctx, by, &target).unwrap_or(SQUARE_FT);
        super::combat::attack_as_reaction(
            ctx,
            &Attack {
                attacker: by.to_string(),
                target,
                attack: atk.clone(),
                distance_ft,
                advantage: Vec::new(),
                disadvantage: Vec::new(),
                attacker_sees_target: true,
                target_sees_attacker: true,
                enemy_within_5ft: false,
                knock_out: false,
            },
            None,
        )?;
    }
    Ok(())
}

/// The reaction-spell window closed: a spell cast raises AC against the held attack, which
/// then resolves.
pub fn spell_window_closed(ctx: &mut Ctx<'_, Dnd2024>, window: &Window) -> Result<(), RuleError> {
    let Ok(mut full) =
        serde_json::from_value::<super::combat::turn::AttackRoll>(window.context["attack"].clone())
    else {
        return Ok(());
    };
    let knock_out = window.context["knock_out"].as_bool().unwrap_or(false);
    let chosen = window
        .answers
        .iter()
        .find_map(|a| a.option.strip_prefix("cast:"))
        .and_then(|i| i.parse::<usize>().ok());
    if let Some(i) = chosen {
        cast_against_hit(ctx, &mut full, i)?;
    }
    super::combat::finish_attack(ctx, full, knock_out)?;
    // An Opportunity Attack's move waits for this attack: it goes on now.
    let then = &window.context["then_move"];
    if then.is_object() {
        super::grid::continue_move(ctx, then)?;
    }
    Ok(())
}

/// The window of reaction spells that stop a spell closed: the first answer that casts one
/// (and still may) stops the spell. Returns what the casting held (its effect) when nobody
/// stopped it.
pub fn counter_closed(
    ctx: &mut Ctx<'_, Dnd2024>,
    window: &Window,
) -> Result<Option<serde_json::Value>, RuleError> {
    let caster = window.context["caster"].as_str().unwrap_or_default();
    let spell = window.context["spell"].as_str().unwrap_or_default();
    let slot = window.context["slot"]
        .as_u64()
        .and_then(|l| u8::try_from(l).ok());
    for answer in &window.answers {
        let Some(i) = answer
            .option
            .strip_prefix("cast:")
            .and_then(|i| i.parse::<usize>().ok())
        else {
            continue;
        };
        let by = answer.context["by"].as_str().unwrap_or_default();
        if spells::stop_spell(ctx, by, i, caster, spell, slot)? {
            return Ok(None);
        }
    }
    Ok(Some(window.context["held"].clone()))
}
