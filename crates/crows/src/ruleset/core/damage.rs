//! Damage and death (CR-DMG): a hit through the damage pipeline, with the armor order, the
//! wound slot and the knock-out asked of whoever chooses; a creature's death and its clean-up.
//!
//! Commands (the Referee's):
//! - `{"damage": {"creature": "vera", "amount": 8, "piercing": false, "by_player": false}}` —
//!   vulnerable d6 rolled; `crows.armor_order` (the owner picks which AD item loses AD first,
//!   when two or more could), `crows.wound_slot` (the character's player picks a backpack slot,
//!   one wound at a time), `crows.knock_out` (Referee: knock out instead of kill, when a
//!   player's creature brought a Referee creature to 0).
//!
//! # Death
//!
//! When a creature dies (`died`, CR-DMG-15) its gear goes to its corpse object (the dead
//! creature's record keeps its wounds and lists no items), it loses its conditions (an object
//! takes none), whoever it grabbed is freed (CR-COND-04), the usage-dice effects it maintained
//! on others end, and so do the engine effects whose data names it as `source` or `caster`
//! (families starting an effect a creature maintains put its id there).

use engine::{Answer, Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::{Value, json};

use crate::conditions::{ConditionDetail, ConditionKind};
use crate::damage::{DamageOutcome, DamageStep, Hit, WorldDecision, take_damage, wounds_arrive};
use crate::inventory::{ItemId, WoundKind};

use crate::ruleset::adapter::Crows;

use super::events::CoreEvent;
use super::records::{audience, living, record, set_creature_only, standing_on};
use crate::ruleset::adapter::{bad_context, decoded, err, roll_d6s};

/// Most AD items whose every order is offered as a decision (4! = 24 options); with more,
/// the decision asks which item goes first.
pub const MAX_ARMOR_ORDER_ITEMS: usize = 4;

/// Every order of `items` (at most [`MAX_ARMOR_ORDER_ITEMS`], checked by the caller).
pub(in crate::ruleset) fn permutations(items: &[ItemId]) -> Vec<Vec<ItemId>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (i, first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, *first);
            out.push(p);
        }
    }
    out
}

impl Crows {
    pub(in crate::ruleset) fn damage(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        hit: Hit,
    ) -> Result<(), RuleError> {
        self.apply_hit(ctx, id, hit, None)
    }

    pub(in crate::ruleset) fn apply_hit(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        hit: Hit,
        order: Option<Vec<ItemId>>,
    ) -> Result<(), RuleError> {
        let r = record(ctx, id)?.clone();
        let mut c = r.creature.clone();
        let options = ctx.rules().options;
        // The one place damage to a creature is computed: standing effects that double it
        // apply to every source (CR-BL-08, CR-BL-29).
        let doubling = crate::standing::doubling(&standing_on(ctx, id), &hit);
        let mut hit = hit;
        if doubling.is_some() {
            hit.doubled = true;
        }
        match take_damage(&mut c, &hit, order.as_deref(), &options)
            .map_err(|e| err("damage_refused", e))?
        {
            DamageStep::NeedsDecision(WorldDecision::ArmorOrder { items, .. }) => {
                let name = |i: &ItemId| {
                    if *i == crate::creature::NATURAL_ARMOR {
                        "natural armor".to_string()
                    } else {
                        r.creature
                            .inventory
                            .item(*i)
                            .map_or_else(|| format!("item {}", i.0), |it| it.name.clone())
                    }
                };
                // Every order of a few items; beyond MAX_ARMOR_ORDER_ITEMS, which item goes
                // first (the rest as listed). Never a refusal: the damage dice are rolled by
                // now, and a refusal here would follow their faces (secrecy).
                let orders = if items.len() > MAX_ARMOR_ORDER_ITEMS {
                    (0..items.len())
                        .map(|first| {
                            let mut o = vec![items[first]];
                            o.extend(
                                items
                                    .iter()
                                    .enumerate()
                                    .filter(|(n, _)| *n != first)
                                    .map(|(_, i)| *i),
                            );
                            o
                        })
                        .collect()
                } else {
                    permutations(&items)
                };
                let labels: Vec<(String, String)> = orders
                    .iter()
                    .enumerate()
                    .map(|(n, o)| {
                        let names: Vec<String> = o.iter().map(name).collect();
                        (format!("order_{}", n + 1), names.join(" → "))
                    })
                    .collect();
                let refs: Vec<(&str, &str)> = labels
                    .iter()
                    .map(|(a, b)| (a.as_str(), b.as_str()))
                    .collect();
                let mut request = DecisionRequest::new(
                    "crows.armor_order",
                    format!(
                        "{} is hit: which item loses its Armor Defense first? (CR-DMG-03)",
                        r.creature.name
                    ),
                    Answerer::Controller(id.to_string()),
                    &refs,
                )
                .with_visibility(audience(ctx, id))
                .with_args(json!({"creature": id}))
                .with_context(json!({"creature": id, "hit": hit}));
                for (opt, o) in request.options.iter_mut().zip(&orders) {
                    opt.data = json!(o);
                }
                ctx.ask(request).map(|_| ())
            }
            DamageStep::NeedsDecision(other) => Err(RuleError::new(
                "unexpected_decision",
                format!("damage asked for {other:?}"),
            )),
            DamageStep::Applied(report) => {
                let outcome = report.outcome.clone();
                let mut details = json!(report);
                if let (Some(d), Some(map)) = (&doubling, details.as_object_mut()) {
                    map.insert("doubled_by".into(), json!(d.rules));
                }
                set_creature_only(ctx, id, c, "damaged", details)?;
                // A "next damage" doubling is used up by this hit.
                for e in doubling.map(|d| d.used_up).unwrap_or_default() {
                    if ctx.core().effect(&e).is_some() {
                        ctx.end_effect(&e)?;
                    }
                }
                self.outcome(ctx, id, outcome)
            }
        }
    }

    pub(in crate::ruleset) fn outcome(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        outcome: DamageOutcome,
    ) -> Result<(), RuleError> {
        match outcome {
            DamageOutcome::Alive => Ok(()),
            DamageOutcome::Died => self.die(ctx, id),
            DamageOutcome::PlaceWounds(WorldDecision::WoundSlots { count, kind, .. }) => {
                self.ask_wound(ctx, id, count, kind)
            }
            DamageOutcome::PlaceWounds(_) => Ok(()),
            DamageOutcome::KnockOutOffered(_) => {
                let name = record(ctx, id)?.creature.name.clone();
                let request = DecisionRequest::new(
                    "crows.knock_out",
                    format!(
                        "{name} is at 0 Stamina: knock it out instead of killing it? (CR-DMG-08)"
                    ),
                    Answerer::Referee,
                    &[
                        ("knock_out", "Knock out (Stamina 1, unconscious)"),
                        ("kill", "It dies"),
                    ],
                )
                .with_visibility(Visibility::Public)
                .with_args(json!({"creature": id}))
                .with_context(json!({"creature": id}));
                ctx.ask(request).map(|_| ())
            }
        }
    }

    pub(in crate::ruleset) fn ask_wound(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        remaining: u16,
        kind: WoundKind,
    ) -> Result<(), RuleError> {
        let r = record(ctx, id)?;
        let c = &r.creature;
        let free = crate::damage::wound_slots(c).map_err(|e| err("no_wound_slot", e))?;
        let labels: Vec<(String, String)> = free
            .iter()
            .map(|s| (format!("slot_{s}"), format!("Backpack slot {s}")))
            .collect();
        let refs: Vec<(&str, &str)> = labels
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let request = DecisionRequest::new(
            "crows.wound_slot",
            format!(
                "{}: choose a backpack slot for a wound ({remaining} to place) (CR-DMG-11)",
                c.name
            ),
            Answerer::Controller(id.to_string()),
            &refs,
        )
        .with_visibility(audience(ctx, id))
        .with_args(json!({"creature": id, "remaining": remaining}))
        .with_context(json!({"creature": id, "remaining": remaining, "kind": kind}));
        ctx.ask(request).map(|_| ())
    }

    /// A creature dies (CR-DMG-15): `died` (its body becomes a corpse object carrying its gear,
    /// CR-CORE-05), then whoever it grabbed is freed (CR-COND-04), and the effects it
    /// maintained end: usage-dice effects naming it as their source on any creature, and the
    /// engine effects whose data names it as `source` or `caster` (CR-SPELL-09).
    pub(in crate::ruleset) fn die(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
    ) -> Result<(), RuleError> {
        let vis = audience(ctx, id);
        ctx.emit_for(CoreEvent::Died { id: id.to_string() }, vis)?;
        let others: Vec<String> = ctx
            .rules()
            .creatures
            .iter()
            .filter(|(other, r)| other.as_str() != id && r.creature.alive)
            .map(|(other, _)| other.clone())
            .collect();
        for other in others {
            let mut c = record(ctx, &other)?.creature.clone();
            let held = matches!(
                c.conditions.get(ConditionKind::Grabbed),
                Some(crate::conditions::ActiveCondition {
                    detail: ConditionDetail::Grab(g),
                    ..
                }) if g.by == id
            );
            if held {
                c.conditions
                    .end_grab(crate::conditions::GrabEnd::GrabberDied);
            }
            let before = c.effects.len();
            let mut ended = Vec::new();
            c.effects.retain(|e| {
                let keep = e.source.as_deref() != Some(id);
                if !keep {
                    ended.push(e.effect.clone());
                }
                keep
            });
            if held || c.effects.len() != before {
                set_creature_only(
                    ctx,
                    &other,
                    c,
                    "freed by a death",
                    json!({"died": id, "grab_ended": held, "effects_ended": ended}),
                )?;
            }
        }
        let maintained: Vec<String> = ctx
            .core()
            .effects
            .iter()
            .filter(|e| {
                ["source", "caster"]
                    .iter()
                    .any(|k| e.data.get(*k).and_then(Value::as_str) == Some(id))
            })
            .map(|e| e.id.clone())
            .collect();
        for e in maintained {
            ctx.end_effect(&e)?;
        }
        Ok(())
    }

    /// `damage`: the Referee's hit, with the vulnerable d6 rolled, through the damage pipeline.
    pub(super) fn deal_damage(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        amount: &u16,
        piercing: &bool,
        doubled: &bool,
        by_player: &bool,
    ) -> Result<(), RuleError> {
        let r = record(ctx, creature)?.clone();
        let n = r.creature.conditions.extra_damage_dice();
        let vis = audience(ctx, creature);
        let faces = roll_d6s(ctx, "vulnerable", n, &vis)?;
        let hit = Hit {
            damage: crate::damage::Damage {
                amount: *amount,
                piercing: *piercing,
            },
            vulnerable_faces: faces,
            doubled: *doubled,
            by_player: *by_player,
        };
        self.damage(ctx, creature, hit)
    }
}

impl Crows {
    /// `crows.armor_order`: the hit goes on in the order the owner picked.
    pub(super) fn answer_armor_order(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        decision: &Decision,
        answer: &Answer,
        creature: String,
    ) -> Result<(), RuleError> {
        let hit: Hit = decoded(&decision.context, "hit").ok_or_else(bad_context)?;
        let order: Vec<ItemId> = decision
            .options
            .iter()
            .find(|o| o.id == answer.option)
            .and_then(|o| serde_json::from_value(o.data.clone()).ok())
            .ok_or_else(bad_context)?;
        self.apply_hit(ctx, &creature, hit, Some(order))
    }

    /// `crows.wound_slot`: one wound goes into the backpack slot the player picked; the rest
    /// follow.
    pub(super) fn answer_wound_slot(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        decision: &Decision,
        answer: &Answer,
        creature: String,
    ) -> Result<(), RuleError> {
        let remaining: u16 = decoded(&decision.context, "remaining").ok_or_else(bad_context)?;
        let kind: WoundKind = decoded(&decision.context, "kind").ok_or_else(bad_context)?;
        let slot: u8 = answer
            .option
            .strip_prefix("slot_")
            .and_then(|s| s.parse().ok())
            .ok_or_else(bad_context)?;
        let mut c = living(ctx, &creature)?.creature;
        let died = crate::damage::place_wounds(&mut c, 1, &[slot], kind)
            .map_err(|e| err("wound_refused", e))?;
        let outcome = if died {
            DamageOutcome::Died
        } else {
            wounds_arrive(&mut c, remaining.saturating_sub(1), kind)
        };
        set_creature_only(ctx, &creature, c, "wound placed", json!({"slot": slot}))?;
        self.outcome(ctx, &creature, outcome)
    }

    /// `crows.knock_out`: the Referee knocks the creature out instead of killing it, or not.
    pub(super) fn answer_knock_out(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        answer: &Answer,
        creature: String,
    ) -> Result<(), RuleError> {
        let mut c = record(ctx, &creature)?.creature.clone();
        let alive = crate::damage::resolve_knock_out(&mut c, answer.option == "knock_out")
            .map_err(|e| err("knock_out_refused", e))?;
        set_creature_only(ctx, &creature, c, "knock-out ruled", json!(answer.option))?;
        if alive {
            Ok(())
        } else {
            self.die(ctx, &creature)
        }
    }
}
