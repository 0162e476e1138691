//! The end of a dungeon turn, the middle and end of a rest, and the end of a day.
//!
//! Commands (the Referee's):
//! - `{"rest_halfway": {}}` — the middle of a rest (conditions and effects end).
//!
//! # Time
//!
//! The dungeon turn is the engine's exploration turn (real time, 30 minutes unless the config
//! says `{"dungeon_turn_minutes": n}`, or `0` for manual turns). At its end
//! (`on_boundary(ExplorationTurnEnd)`) every creature's usage dice of items and effects are
//! rolled, conditions expire and knocked-out creatures come to, and an overloaded magic-item
//! slot brings 1d6 wounds ([`crate::creature::Creature::end_of_dungeon_turn`], in `crate::dungeon_turns`). A completed
//! rest restores expertise uses and "Rest" usage dice; each day's end checks hunger.

use engine::{Boundary, Ctx, RuleError};
use serde_json::json;

use crate::creature::{CreatureKind, RuleOverride};
use crate::usage_dice::RollOccasion;

use crate::ruleset::adapter::Crows;

use super::inventory::item_usage_faces;
use super::records::{audience, record, set_creature, set_creature_only};
use crate::ruleset::adapter::{err, roll_d6s, roll_die};

impl Crows {
    pub(in crate::ruleset) fn end_of_dungeon_turn(
        &self,
        ctx: &mut Ctx<'_, Crows>,
    ) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx
            .rules()
            .creatures
            .iter()
            .filter(|(_, r)| r.creature.alive)
            .map(|(id, _)| id.clone())
            .collect();
        let options = ctx.rules().options;
        for id in ids {
            let r = record(ctx, &id)?.clone();
            let want = r.creature.end_of_turn_dice();
            let vis = audience(ctx, &id);
            let mut faces = crate::dungeon_turns::EndOfTurnFaces {
                items: item_usage_faces(ctx, &r.creature, &want.items, &vis)?,
                ..Default::default()
            };
            for (idx, n) in &want.effects {
                let name = r
                    .creature
                    .effects
                    .get(*idx)
                    .map_or_else(String::new, |e| e.effect.clone());
                let f = roll_d6s(ctx, &format!("usage dice: {name}"), *n, &vis)?;
                faces.effects.push((*idx, f));
            }
            if want.overload_d6 {
                faces.overload_d6 = Some(roll_die(ctx, "magic-slot overload", 6, vis.clone())?);
            }
            let mut c = r.creature.clone();
            let report = c
                .end_of_dungeon_turn(&faces, &options)
                .map_err(|e| err("end_of_turn", e))?;
            // CR-INV-07: the overload's wounds are acted on even when nothing else about the
            // creature changed (the wounds may wait for a slot decision).
            let overload = report.overload_wounds.clone();
            if c != r.creature {
                set_creature_only(ctx, &id, c, "end of the dungeon turn", json!(report))?;
            }
            if let Some(outcome) = overload {
                self.outcome(ctx, &id, outcome)?;
            }
        }
        Ok(())
    }

    /// Rolls, for every living creature, the usage dice of the items that roll at the end of a
    /// dungeon turn (lit light sources, other "Dungeon turn" items) and nothing else: no
    /// effects, expiries or overload. For game time that counts as a turn for items only, e.g.
    /// every 2 hours of a rest (CR-ERR-34, CR-UD-07). `why` labels the record.
    pub(in crate::ruleset) fn roll_turn_item_dice(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        why: &str,
    ) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx
            .rules()
            .creatures
            .iter()
            .filter(|(_, r)| r.creature.alive)
            .map(|(id, _)| id.clone())
            .collect();
        for id in ids {
            let r = record(ctx, &id)?.clone();
            let want = r.creature.end_of_turn_dice().items;
            if want.is_empty() {
                continue;
            }
            let vis = audience(ctx, &id);
            let faces = item_usage_faces(ctx, &r.creature, &want, &vis)?;
            let mut c = r.creature.clone();
            let mut rolls = Vec::new();
            for (item, f) in &faces {
                if let Some(roll) = Self::item_usage(&mut c, *item)?
                    .roll(RollOccasion::EndOfDungeonTurn, f)
                    .map_err(|e| err("usage_refused", e))?
                {
                    rolls.push((*item, roll));
                }
            }
            set_creature_only(ctx, &id, c, why, json!({"item_rolls": rolls}))?;
        }
        Ok(())
    }

    pub(in crate::ruleset) fn rest_end(&self, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx.rules().creatures.keys().cloned().collect();
        for id in ids {
            let r = record(ctx, &id)?.clone();
            if !r.creature.alive {
                continue;
            }
            let mut c = r.creature.clone();
            // CR-INV-07: an overloaded magic-item slot prevents the rest's benefits.
            match c.finish_rest_items() {
                Ok(items) => {
                    // A rest in the Miasma restores no expertise (CR-MIASMA-02), wherever the
                    // rest was started.
                    c.expertises
                        .finish_rest(crate::ruleset::state::rest_place(ctx.rules(), &id));
                    if c != r.creature {
                        set_creature_only(ctx, &id, c, "rested", json!({"restored": items}))?;
                    }
                }
                Err(e) => {
                    set_creature_only(ctx, &id, c, "could not rest", json!(e.to_string()))?;
                }
            }
        }
        Ok(())
    }

    pub(in crate::ruleset) fn rest_halfway(
        &self,
        ctx: &mut Ctx<'_, Crows>,
    ) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx.rules().creatures.keys().cloned().collect();
        let options = ctx.rules().options;
        for id in ids {
            let r = record(ctx, &id)?.clone();
            let mut c = r.creature.clone();
            let ended = c.middle_of_rest(&options);
            if c != r.creature {
                set_creature_only(ctx, &id, c, "middle of the rest", json!(ended))?;
            }
        }
        Ok(())
    }

    /// The end of an in-game day: each character who ate no ration that day gains a
    /// starvation wound (CR-HAZ-03). The rule is the characters' — people who carry and eat
    /// rations (crows, hirelings, anyone else the wounds rule applies to) — not the party's
    /// animals: a pet or mount carries no rations of its own to eat (none unless the
    /// Referee gives it backpack slots, CR-ERR-10), so the hunger check would wound, and
    /// with no slot for the wound kill, every animal after its first night. What an animal
    /// eats is the Referee's to rule (a wound by hand when it goes hungry).
    pub(in crate::ruleset) fn day_end(&self, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx.rules().creatures.keys().cloned().collect();
        for id in ids {
            let mut r = record(ctx, &id)?.clone();
            if !r.creature.alive
                || r.creature.kind == CreatureKind::Animal
                || r.creature.death_rule() != crate::creature::DeathRule::TakesWounds
                || r.creature.has_override(&RuleOverride::NeedsNoFood)
            {
                continue;
            }
            let outcome = r.hunger.end_of_day(&mut r.creature);
            set_creature(ctx, &id, r, "end of the day", json!(outcome))?;
            if let Some(o) = outcome {
                self.outcome(ctx, &id, o)?;
            }
        }
        Ok(())
    }

    /// `rest_halfway`: the middle of a rest (conditions and effects end).
    pub(super) fn rest_halfway_command(&self, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        if !ctx.core().clock.resting {
            return Err(RuleError::new("not_resting", "no rest is under way"));
        }
        ctx.pass(Boundary::Custom {
            name: "rest_halfway".into(),
        })
    }
}
