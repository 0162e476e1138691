//! The core commands of the Crows ruleset (creatures, tests, inventory, damage, conditions,
//! light, hazards, house rules): [`CoreCommand`], [`CoreEvent`], [`CrowsState`]. Like the rest
//! of [`super`], this module holds no rule of its own: it rolls through `ctx` (every die is a recorded `rolled` event), calls
//! the pure modules, records their results as events and opens a pending decision wherever a
//! person must choose.
//!
//! # State
//!
//! [`CrowsState`]: the creatures (each a [`crate::creature::Creature`] with its hunger and
//! suffocation counters and a `hidden` flag), the items lying on the ground, the loaded
//! content (pack sources and the item, creature and table cards) and the last test of every
//! creature; the retry ledger ([`crate::test_roll::retry::RetryLedger`]), the pending assists,
//! who is hidden from whom ([`crate::hiding::HiddenFrom`]), the light level per creature, and
//! the corpses (a creature that dies leaves [`crate::creature::Creature::into_corpse`]'s object
//! with its gear; its record stays, dead), the known positions, the placed lights and the
//! ambient light, and the assist costs charged in combat. Characters are bound to players with the engine's own `bind` command (the
//! character id is the creature id).
//!
//! # Creature events
//!
//! A new creature is logged whole (`creature_set`, its public part `creature_seen` for those
//! who do not control it). Every later change is logged as what changed: `creature_changed`
//! carries a JSON merge patch (RFC 7396, [`super::patch`]) of the record, `creature_seen_changed`
//! a merge patch of the public part only (`{}` when nothing public changed), so a player never
//! receives more of another's creature than its public part. The whole record is logged again
//! only when a merge patch cannot write the change (a member becoming `null`, such as an
//! ancestry cleared) or when the public part is shown or withheld anew (`hidden`,
//! `unrevealed`). Replay applies the patch to the record it has; logs of whole records still
//! replay (`tests/fixtures/creature_set_log.jsonl`). Screens read the state from the view;
//! the log's events say what happened. Measured on that fixture's game (23 creature events:
//! items, armor, damage into wounds, conditions, an effect, hiding, a ration, a death): 33 382
//! → 14 241 bytes stored (1 451 → 619 per event, envelope included), 12 429 → 5 117 bytes
//! sent to one player (Bob, who plays one of the three creatures).
//!
//! # Commands
//!
//! Ruleset commands travel as `{"rules": {<command>: {…}}}`. Slots are written
//! `{"kind": "hand"|"belt"|"backpack", "number": n}` (the capitalised `"Hand"` of older
//! commands and logs is still read); item ids are the numbers the state shows.
//!
//! Each rulebook section has its module, and its module docs list its commands with JSON
//! examples: `creatures` (`create_creature`, `edit_creature`, `set_ancestry`), `packs`
//! (`load_pack`), `testing` (`test`, `sneak`, `assist`, `circumstances_changed`,
//! `waive_test`, `warn_certain_death`), `hiding` (`hide`, `reveal`), `inventory` (items,
//! slots, armor, magic items, usage dice, rations, item cards, `carry_corpse`), `damage`
//! (`damage` and death), `conditions` (conditions and effects), `light` (light levels,
//! positions, placed and carried lights, `guess_square`), `hazards` (`fall`, `suffocate`,
//! `breathe`), `time` (`rest_halfway`, the end of a dungeon turn, a rest and a day),
//! `house_rules` (`set_house_rules`, `set_rule_overrides`) and `requests`
//! (`request_character`). Shared by the sections: `records` (the creature record and who
//! sees it) and `adapter` (errors, names, dice).
//!
//! Objects are played by [`objects`]:
//! - `{"place_object": {"id": "door-1", "name": "oak door", "size": "large", "stamina": 8,
//!   "magic": false, "hidden": false}}` (Referee) — an object in play (CR-DMG-09); without
//!   `stamina` a structure that takes no damage (CR-CORE-07); `hidden` objects are the
//!   Referee's until placed again unhidden. `{"damage_object": {"object": "door-1",
//!   "amount": 3}}` (Referee) — its Stamina goes down, destroyed at 0; objects take no
//!   conditions (see [`objects`]).
//!
//! # Visibility
//!
//! Every creature change is seen in full by the Referee and the creature's players; others see
//! its public part (name, kind, size, conditions, alive; for creatures that are not hidden also
//! wounds and what is in hand). Hidden creatures' rolls and tests are Referee-only.
//!
//! The Referee's view (`delve table show`) adds to each creature `derived` ([`derived_view`]):
//! `speed` (its speed for a move now, after wounds and conditions), `light` (the level at its
//! square) and `next_test.{agility,mind,strength}` (`edges`, `banes`, the `net` result and the
//! `modifiers` its own state puts on its next ordinary test), computed by the functions the
//! commands use.
//!
//! A player sees a creature unless it is unrevealed or hidden from all of their characters
//! ([`viewer_sees`]); a player without a character sees what spectators see. For a player, a
//! creature they may not see answers every command exactly like one that does not exist.

pub(in crate::ruleset) mod commands;
mod conditions;
mod creatures;
mod damage;
pub(in crate::ruleset) mod events;
mod hazards;
mod hiding;
mod house_rules;
pub(in crate::ruleset) mod inventory;
pub(in crate::ruleset) mod light;
pub(in crate::ruleset) mod objects;
mod packs;
pub(in crate::ruleset) mod records;
mod requests;
pub(in crate::ruleset) mod testing;
mod time;

pub use super::state::{
    AssistCharge, AssistCost, AssistRecord, Content, CreatureRecord, CrowsState, GroundItem,
    PackSource, Ruling, TestMeta,
};

use std::collections::BTreeMap;

use engine::{Acting, Answer, Boundary, Ctx, Decision, RuleError, TableState, TurnLength, Viewer};
use serde_json::{Value, json};

use crate::conditions::ConditionSet;
use crate::test_roll::{Characteristic, ResolvedTest, TestKind};

use crate::ruleset::adapter::{Crows, decoded};
use crate::ruleset::request::TestRequest;
use crate::ruleset::state::RefusedRequest;

pub(super) use crate::ruleset::adapter::{roll_d6s, roll_die};
pub use commands::{ArmorSpec, AssistedNeeds, CharacteristicValues, CoreCommand, CustomItem};
pub use damage::MAX_ARMOR_ORDER_ITEMS;
pub use events::CoreEvent;
use house_rules::Settings;
pub use inventory::{MAX_ITEM_NAME, MAX_ITEM_NOTES};
pub(super) use inventory::{drop_to_ground, fresh_id};
pub use light::{
    MAX_COORDINATE, ambient_level, light_level_of, light_modifier_for, lit_sources,
    lit_sources_carried_by, perceived_by, square_light,
};
pub use packs::MAX_PACK_FILES;
use records::next_item_after;
pub(super) use records::{
    audience, corpse_view_with, full_view, living, no_creature, record, set_creature_only,
};
pub use records::{blind_players, public_sees, public_view, sight, viewer_sees};
pub use requests::{CHARACTER_REQUEST, MAX_REQUEST_STAMINA};
pub use testing::CALLED_TEST;
pub use testing::{
    LAPSING_RULINGS, MAX_TASK_TEXT, assist_charges, assist_cost, standing_test_modifiers,
};
use testing::{lapse_test_rulings, waive_test, warn_certain_death};

/// The default real-time length of a dungeon turn, in minutes (CR-DT-02).
pub const DEFAULT_DUNGEON_TURN_MINUTES: i64 = 30;

/// What the rules make of a creature now, for the Referee's view (`derived`): its speed for a
/// move (wounds, conditions, squeezing, holding), the light level at its square, and per
/// characteristic the edges and banes its own state puts on its next ordinary test — each
/// computed by the function the game itself uses.
pub fn derived_view(rules: &CrowsState, id: &str) -> Value {
    let next_test: BTreeMap<String, Value> = [
        Characteristic::Agility,
        Characteristic::Mind,
        Characteristic::Strength,
    ]
    .into_iter()
    .map(|ch| {
        let mods = standing_test_modifiers(rules, id, &TestKind::Ordinary, ch, &[]);
        let edges: u32 = mods.iter().map(|m| m.effect.edges()).sum();
        let banes: u32 = mods.iter().map(|m| m.effect.banes()).sum();
        (
            ch.to_string().to_lowercase(),
            json!({
                "edges": edges,
                "banes": banes,
                "net": crate::edges::net_of(&mods),
                "modifiers": mods,
            }),
        )
    })
    .collect();
    json!({
        "speed": crate::ruleset::combat::board::speed_in(rules, id),
        "light": light_level_of(rules, id),
        "next_test": next_test,
    })
}

impl Crows {
    pub(super) fn core_init(&self, config: &Value) -> Result<CrowsState, RuleError> {
        let mut state = CrowsState {
            dungeon_turn_minutes: DEFAULT_DUNGEON_TURN_MINUTES,
            next_item: 1,
            next_ground: 1,
            ..CrowsState::default()
        };
        // The table's settings at creation: the same keys, merged the same way, as the house
        // rules the Referee may change later.
        let settings = Settings::merged(&state, config, "bad_config")?;
        settings.set(&mut state);
        Ok(state)
    }

    pub(super) fn core_exploration_turn(&self, state: &TableState<CrowsState>) -> TurnLength {
        match state.rules.dungeon_turn_minutes {
            0 => TurnLength::Manual,
            m => TurnLength::RealTime { ms: m * 60_000 },
        }
    }

    pub(super) fn core_acting(
        &self,
        _state: &TableState<CrowsState>,
        command: &CoreCommand,
    ) -> Acting {
        use CoreCommand as C;
        match command {
            C::LoadPack { .. }
            | C::CreateCreature { .. }
            | C::EditCreature { .. }
            | C::Test { .. }
            | C::CallTest { .. }
            | C::WarnCertainDeath { .. }
            | C::WaiveTest { .. }
            | C::PlaceObject { .. }
            | C::DamageObject { .. }
            | C::CircumstancesChanged { .. }
            | C::Hide { .. }
            | C::Reveal { .. }
            | C::SetLightLevel { .. }
            | C::PlaceItem { .. }
            | C::Damage { .. }
            | C::AddCondition { .. }
            | C::RemoveCondition { .. }
            | C::AddEffect { .. }
            | C::Fall { .. }
            | C::Suffocate { .. }
            | C::Breathe { .. }
            | C::RestHalfway {}
            | C::SetHouseRules { .. }
            | C::SetRuleOverrides { .. }
            | C::Sneak { .. }
            | C::Assist { .. }
            | C::SetPosition { .. }
            | C::PlaceLight { .. }
            | C::RemoveLight { .. }
            | C::SetAmbientLight { .. }
            | C::SetAncestry { .. }
            | C::AddMaintainedEffect { .. } => Acting::RefereeOnly,
            C::GuessSquare { attacker, .. } => Acting::Characters(vec![attacker.clone()]),
            C::MoveItems { creature, .. }
            | C::DrawFromBackpack { creature, .. }
            | C::DumpBackpack { creature, .. }
            | C::PickUp { creature, .. }
            | C::CarryCorpse { creature, .. }
            | C::DeclareWornArmor { creature, .. }
            | C::TakeOffArmor { creature }
            | C::WearMagicItem { creature, .. }
            | C::TakeOffMagicItem { creature, .. }
            | C::UseItem { creature, .. }
            | C::Refuel { creature, .. }
            | C::Light { creature, .. }
            | C::Douse { creature, .. }
            | C::EatRation { creature, .. }
            | C::EditItem { creature, .. }
            | C::SetRivals { creature, .. } => Acting::Characters(vec![creature.clone()]),
            C::RequestCharacter { .. } => Acting::AnyParticipant,
        }
    }

    pub(super) fn core_decide(
        &self,
        command: &CoreCommand,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        use CoreCommand as C;
        match command {
            C::LoadPack { files } => self.load_pack(ctx, files),
            C::CreateCreature { .. } => self.create(ctx, command),
            C::EditCreature { .. } => self.edit(ctx, command),
            C::Test { .. } => self.test(ctx, command),
            C::CallTest { .. } => self.call_test(ctx, command),
            C::WarnCertainDeath { creature, task } => warn_certain_death(ctx, creature, task),
            C::WaiveTest {
                creature,
                expertise,
                task,
            } => waive_test(ctx, creature, *expertise, task),
            C::PlaceObject {
                id,
                name,
                size,
                stamina,
                magic,
                hidden,
            } => objects::place_object(ctx, id, name, *size, *stamina, *magic, *hidden),
            C::DamageObject { object, amount } => objects::damage_object(ctx, object, *amount),
            C::Hide {
                creature,
                from,
                watching,
            } => self.hide(ctx, creature, from, watching),
            C::Reveal { creature, to } => self.reveal_command(ctx, creature, to),
            C::SetLightLevel { creature, level } => self.set_light_level(ctx, creature, level),
            C::CircumstancesChanged { creature, task } => {
                self.circumstances_changed(ctx, creature, task)
            }
            C::PlaceItem {
                creature,
                card,
                custom,
                slots,
            } => self.place_item(ctx, creature, card, custom, slots),
            C::MoveItems {
                creature,
                moves,
                drops,
            } => self.move_items(ctx, creature, moves, drops),
            C::DrawFromBackpack {
                creature,
                item,
                hands,
                choice,
            } => self.draw_from_backpack(ctx, creature, item, hands, choice),
            C::DumpBackpack { creature, items } => self.dump_backpack(ctx, creature, items),
            C::PickUp {
                creature,
                ground,
                slots,
            } => self.pick_up(ctx, creature, ground, slots),
            C::CarryCorpse {
                creature,
                corpse,
                slots,
            } => self.carry_corpse(ctx, creature, corpse, slots),
            C::DeclareWornArmor { creature, item } => self.declare_worn_armor(ctx, creature, item),
            C::TakeOffArmor { creature } => self.take_off_armor(ctx, creature),
            C::WearMagicItem {
                creature,
                item,
                slot,
            } => self.wear_magic_item(ctx, creature, item, slot),
            C::TakeOffMagicItem {
                creature,
                item,
                slots,
            } => self.take_off_magic_item(ctx, creature, item, slots),
            C::Damage {
                creature,
                amount,
                piercing,
                doubled,
                by_player,
            } => self.deal_damage(ctx, creature, amount, piercing, doubled, by_player),
            C::AddCondition {
                creature,
                condition,
                grabbed_by,
                range,
            } => self.add_condition(ctx, creature, condition, grabbed_by, range),
            C::RemoveCondition {
                creature,
                condition,
            } => self.remove_condition_command(ctx, creature, condition),
            C::AddEffect {
                creature,
                effect,
                dice,
            } => self.add_effect(ctx, creature, effect, dice),
            C::UseItem { creature, item } => self.use_item(ctx, creature, item),
            C::Refuel {
                creature,
                item,
                with,
            } => self.refuel(ctx, creature, item, with),
            C::Light { creature, item } => self.light(ctx, creature, item),
            C::Douse { creature, item } => self.douse(ctx, creature, item),
            C::EatRation { creature, item } => self.eat_ration(ctx, creature, item),
            C::Fall {
                creature,
                feet,
                resist,
            } => self.fall(ctx, creature, feet, resist),
            C::Suffocate { creature } => self.suffocate(ctx, creature),
            C::Breathe { creature } => self.breathe(ctx, creature),
            C::SetHouseRules {
                options,
                test_rules,
                assist_lapse,
                dungeon_turn_minutes,
            } => self.set_house_rules(ctx, options, test_rules, assist_lapse, dungeon_turn_minutes),
            C::SetRuleOverrides {
                creature,
                add,
                remove,
            } => self.set_rule_overrides(ctx, creature, add, remove),
            C::SetRivals { creature, rivals } => self.set_rivals(ctx, creature, rivals),
            C::Sneak {
                creature,
                past,
                squares_moved,
                group,
                edges,
                banes,
                bonus,
            } => self.sneak(
                ctx,
                past,
                *squares_moved,
                TestRequest::new(creature, Characteristic::Agility)
                    .edges_banes_bonus((*edges, *banes, *bonus))
                    .group(*group),
            ),
            C::Assist {
                creature,
                assisted,
                characteristic,
                needs,
                edges,
                banes,
                bonus,
                approved_expertises,
            } => self.assist(
                ctx,
                assisted,
                *needs,
                TestRequest::new(creature, *characteristic)
                    .edges_banes_bonus((*edges, *banes, *bonus))
                    .approved(approved_expertises.clone()),
            ),
            C::SetPosition { creature, at } => self.set_position(ctx, creature, at),
            C::PlaceLight {
                id,
                at,
                light,
                campfire,
            } => self.place_light(ctx, id, at, light, campfire),
            C::RemoveLight { id } => self.remove_light(ctx, id),
            C::SetAmbientLight { level } => ctx.emit(CoreEvent::AmbientLightSet { level: *level }),
            C::GuessSquare {
                attacker,
                target,
                square,
            } => self.guess_square(ctx, attacker, target, *square),
            C::SetAncestry { creature, ancestry } => self.set_ancestry(ctx, creature, ancestry),
            C::EditItem {
                creature,
                item,
                name,
                notes,
            } => self.edit_item(ctx, creature, *item, name.as_deref(), notes.as_deref()),
            C::RequestCharacter { .. } => self.request_character(ctx, command),
            C::AddMaintainedEffect {
                creature,
                effect,
                dice,
                source,
            } => self.add_maintained_effect(ctx, creature, effect, dice, source),
            C::RestHalfway {} => self.rest_halfway_command(ctx),
        }
    }

    pub(super) fn core_apply(&self, state: &mut CrowsState, event: &CoreEvent) {
        match event {
            CoreEvent::HouseRulesSet {
                options,
                test_rules,
                assist_lapse,
                dungeon_turn_minutes,
                ..
            } => Settings {
                options: *options,
                test_rules: *test_rules,
                assist_lapse: *assist_lapse,
                dungeon_turn_minutes: *dungeon_turn_minutes,
                changed: Vec::new(),
            }
            .set(state),
            CoreEvent::PackLoaded {
                files,
                items,
                creatures,
                tables,
            } => {
                let content = std::sync::Arc::make_mut(&mut state.content);
                content.sources.extend(files.iter().cloned());
                for i in items {
                    content.items.insert(i.id.clone(), i.clone());
                }
                for c in creatures {
                    content.creatures.insert(c.id.clone(), c.clone());
                }
                for t in tables {
                    content.tables.insert(t.id.clone(), t.clone());
                }
            }
            CoreEvent::CreatureSet { id, record, .. } => {
                state.next_item = state.next_item.max(next_item_after(record));
                state
                    .creatures
                    .insert(id.clone(), std::sync::Arc::new((**record).clone()));
            }
            CoreEvent::CreatureChanged { id, patch, .. } => {
                let Some(r) = state.creatures.get_mut(id) else {
                    return;
                };
                // `set_creature` emits a patch only after checking that it turns this very
                // record into the new one (`patch::diff_exact`) and that the result reads
                // back, so neither step below fails on a log it wrote.
                let Ok(mut v) = serde_json::to_value(&*r) else {
                    return;
                };
                super::patch::apply(&mut v, patch);
                if let Ok(new) = serde_json::from_value::<CreatureRecord>(v) {
                    state.next_item = state.next_item.max(next_item_after(&new));
                    *r = std::sync::Arc::new(new);
                }
            }
            CoreEvent::CreatureSeen { .. } | CoreEvent::CreatureSeenChanged { .. } => {}
            CoreEvent::CharacterRequestRefused {
                player,
                name,
                reason,
            } => {
                state.refused_requests.insert(
                    player.clone(),
                    RefusedRequest {
                        name: name.clone(),
                        reason: reason.clone(),
                    },
                );
            }
            CoreEvent::Died { id } => {
                // The body becomes an object with the gear still on it (CR-CORE-05, CR-DMG-15);
                // the dead creature's record keeps its wounds but no longer lists that gear,
                // and an object takes no conditions (CR-DMG-09).
                if let Some(r) = state.creatures.get_mut(id).map(std::sync::Arc::make_mut) {
                    let gear = r.creature.inventory.take_gear();
                    let mut body = r.creature.clone();
                    body.inventory = gear;
                    state.corpses.insert(id.clone(), body.into_corpse());
                    r.creature.alive = false;
                    r.creature.conditions = ConditionSet::default();
                }
                state.pending_assists.remove(id);
            }
            CoreEvent::LightSet { creature, level } => {
                state.light.insert(creature.clone(), *level);
            }
            CoreEvent::CorpseCarried { corpse, item } => {
                if let Some(body) = state.corpses.remove(corpse) {
                    state.carried_corpses.insert(*item, body);
                }
            }
            CoreEvent::TestRolled { .. } | CoreEvent::TestWaived { .. } => {}
            CoreEvent::ObjectPlaced { id, placed } => {
                state.objects.insert(id.clone(), (**placed).clone());
            }
            CoreEvent::ObjectDamaged {
                id,
                stamina,
                destroyed,
                ..
            } => {
                if let Some(placed) = state.objects.get_mut(id) {
                    placed.object.stamina = Some(*stamina);
                    placed.object.destroyed = *destroyed;
                }
            }
            CoreEvent::TestResolved {
                creature,
                resolved,
                task,
            } => {
                if let Some(task) = task {
                    state.retries.record(creature, task, resolved.final_tier);
                }
                state
                    .last_tests
                    .insert(creature.clone(), (**resolved).clone());
            }
            CoreEvent::CircumstancesChanged { creature, task } => {
                state.retries.mark_changed(creature, task);
            }
            CoreEvent::AssistPending { assisted, record } => state
                .pending_assists
                .entry(assisted.clone())
                .or_default()
                .push((**record).clone()),
            CoreEvent::AssistsUsed { creature } => {
                state.pending_assists.remove(creature);
            }
            CoreEvent::Hidden { creature, from } => {
                for o in from {
                    state.hiding.hide(creature, o);
                }
            }
            CoreEvent::Revealed { creature, to } => {
                for o in to {
                    state.hiding.reveal(creature, o);
                }
            }
            CoreEvent::AssistTurnPassed {} => {
                let lapse = state.assist_lapse;
                for list in state.pending_assists.values_mut() {
                    for a in list.iter_mut() {
                        if a.pending.made_on_turn.is_some() {
                            a.turns_passed = a.turns_passed.saturating_add(1);
                        }
                    }
                    list.retain(|a| {
                        a.pending
                            .applies(a.pending.made_on_turn.map(|_| a.turns_passed), lapse)
                            .is_some()
                    });
                }
                state.pending_assists.retain(|_, list| !list.is_empty());
            }
            CoreEvent::Ruled { ruling } => state.rulings.push(ruling.clone()),
            CoreEvent::OnGround { items } => {
                for g in items {
                    state.next_ground = state.next_ground.max(g.id.saturating_add(1));
                    state.ground.push(g.clone());
                }
            }
            CoreEvent::PickedUp { ground } => state.ground.retain(|g| g.id != *ground),
            CoreEvent::Positioned { creature, at } => match at {
                Some(at) => {
                    state.positions.insert(creature.clone(), *at);
                }
                None => {
                    state.positions.remove(creature);
                }
            },
            CoreEvent::LightPlaced { id, light } => {
                state.placed_lights.insert(id.clone(), *light);
            }
            CoreEvent::LightRemoved { id } => {
                state.placed_lights.remove(id);
            }
            CoreEvent::AmbientLightSet { level } => state.ambient_light = Some(*level),
            CoreEvent::AssistCharged { charge } => state.assist_charges.push(charge.clone()),
            CoreEvent::SquareGuessed { .. }
            | CoreEvent::GuessRuled { .. }
            | CoreEvent::CreatureUnseen { .. } => {}
        }
    }

    pub(super) fn core_project(&self, state: &TableState<CrowsState>, viewer: &Viewer) -> Value {
        let rules = &state.rules;
        if *viewer == Viewer::Referee {
            let creatures: BTreeMap<&String, Value> = rules
                .creatures
                .iter()
                .map(|(id, r)| {
                    let mut v = full_view(id, r);
                    if let Some(obj) = v.as_object_mut() {
                        obj.insert("derived".into(), derived_view(rules, id));
                    }
                    (id, v)
                })
                .collect();
            return json!({
                "options": rules.options,
                "test_rules": rules.test_rules,
                "dungeon_turn_minutes": rules.dungeon_turn_minutes,
                "creatures": creatures,
                "ground": rules.ground,
                "content": {
                    "packs": rules.content.sources.iter().map(|s| &s.name).collect::<Vec<_>>(),
                    "items": rules.content.items,
                    "creatures": rules.content.creatures,
                    "tables": rules.content.tables,
                },
                "last_tests": rules.last_tests,
                "rulings": rules.rulings,
                "corpses": rules.corpses.iter().map(|(id, o)| (id, corpse_view_with(o, &rules.options))).collect::<BTreeMap<_, _>>(),
                "carried_corpses": rules.carried_corpses,
                "objects": rules.objects,
                "hiding": rules.hiding,
                "pending_assists": rules.pending_assists,
                "positions": rules.positions,
                "placed_lights": rules.placed_lights,
                "ambient_light": rules.ambient_light,
                "assist_charges": rules.assist_charges,
            });
        }
        let player = match viewer {
            Viewer::Player(p) => Some(p.as_str()),
            _ => None,
        };
        let own = |id: &str| player.is_some_and(|p| state.core.participants.controls(p, id));
        // A creature hidden from this viewer's characters is not there for it (CR-HIDE-05).
        let sees = |id: &str| viewer_sees(&state.core.participants, rules, viewer, id);
        let creatures: BTreeMap<&String, Value> = rules
            .creatures
            .iter()
            .filter(|(id, _)| sees(id))
            .map(|(id, r)| {
                let v = if own(id) {
                    full_view(id, r)
                } else {
                    public_view(id, r)
                };
                (id, v)
            })
            .collect();
        let tests: BTreeMap<&String, &ResolvedTest> = rules
            .last_tests
            .iter()
            .filter(|(id, _)| {
                own(id) || (sees(id) && rules.creatures.get(*id).is_some_and(|r| !r.hidden))
            })
            .collect();
        // Where the creatures it sees stand; hidden-stat creatures' squares stay the
        // Referee's (a silent one's square is guessed, CR-LIGHT-05).
        let positions: BTreeMap<&String, &(i32, i32)> = rules
            .positions
            .iter()
            .filter(|(id, _)| {
                own(id) || (sees(id) && rules.creatures.get(*id).is_some_and(|r| !r.hidden))
            })
            .collect();
        json!({
            "dungeon_turn_minutes": rules.dungeon_turn_minutes,
            "positions": positions,
            "placed_lights": rules.placed_lights,
            "ambient_light": rules.ambient_light,
            "creatures": creatures,
            "ground": rules.ground,
            "content": { "items": rules.content.items },
            "last_tests": tests,
            "corpses": rules
                .corpses
                .iter()
                .filter(|(id, _)| sees(id))
                .map(|(id, o)| (id, corpse_view_with(o, &rules.options)))
                .collect::<BTreeMap<_, _>>(),
            "objects": rules
                .objects
                .iter()
                .filter(|(_, o)| !o.hidden)
                .collect::<BTreeMap<_, _>>(),
            // This player's own refused request only (its event went to them alone).
            "request_refused": player.and_then(|p| rules.refused_requests.get(p)),
        })
    }

    pub(super) fn core_on_answer(
        &self,
        decision: &Decision,
        answer: &Answer,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        let creature: String = decoded(&decision.context, "creature").unwrap_or_default();
        match CoreDecision::of(&decision.kind) {
            CoreDecision::Expertise => self.answer_expertise(ctx, decision, answer, creature),
            CoreDecision::ArmorOrder => self.answer_armor_order(ctx, decision, answer, creature),
            CoreDecision::WoundSlot => self.answer_wound_slot(ctx, decision, answer, creature),
            CoreDecision::KnockOut => self.answer_knock_out(ctx, answer, creature),
            CoreDecision::SquareGuess => self.answer_square_guess(ctx, decision, answer, creature),
            CoreDecision::CharacterRequest => self.answer_character_request(decision, answer, ctx),
            CoreDecision::CalledTest => self.answer_called_test(ctx, decision, answer),
            CoreDecision::Ruling(kind) => self.record_ruling(ctx, decision, answer, creature, kind),
            CoreDecision::Other => Ok(()),
        }
    }

    pub(super) fn core_on_boundary(
        &self,
        boundary: &Boundary,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        if matches!(
            boundary,
            Boundary::RoundEnd
                | Boundary::ExplorationTurnEnd
                | Boundary::RestEnd
                | Boundary::DayEnd
        ) {
            lapse_test_rulings(ctx)?;
        }
        match boundary {
            Boundary::ExplorationTurnEnd => self.end_of_dungeon_turn(ctx),
            Boundary::TurnEnd { .. } => {
                let waiting = ctx
                    .rules()
                    .pending_assists
                    .values()
                    .flatten()
                    .any(|a| a.pending.made_on_turn.is_some());
                if waiting {
                    ctx.emit(CoreEvent::AssistTurnPassed {})
                } else {
                    Ok(())
                }
            }
            Boundary::RestEnd => self.rest_end(ctx),
            Boundary::DayEnd => self.day_end(ctx),
            Boundary::Custom { name } if name == "rest_halfway" => self.rest_halfway(ctx),
            _ => Ok(()),
        }
    }
}

/// A decision core answers, parsed once from its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CoreDecision<'k> {
    /// `crows.expertise`: spend an expertise or commit (CR-EXP-01).
    Expertise,
    /// `crows.armor_order`: the order armor takes a hit in.
    ArmorOrder,
    /// `crows.wound_slot`: where a wound goes.
    WoundSlot,
    /// `crows.knock_out`: knocked out or killed.
    KnockOut,
    /// `crows.square_guess`: the Referee rules a guessed square (CR-LIGHT-05, CR-REF-24).
    SquareGuess,
    /// [`CHARACTER_REQUEST`]: a player's character awaits the Referee.
    CharacterRequest,
    /// [`CALLED_TEST`]: a test the Referee called, for its player to roll.
    CalledTest,
    /// Any other `crows.<name>` kind core is handed: the Referee's ruling on a test's outcome
    /// (`tier_1_setback`, `tier_2_outcome`, `crit_benefit`, `doom_setback`,
    /// `certain_death`), recorded under `<name>`.
    Ruling(&'k str),
    /// Not a Crows decision: nothing to do.
    Other,
}

impl<'k> CoreDecision<'k> {
    fn of(kind: &'k str) -> Self {
        match kind {
            "crows.expertise" => CoreDecision::Expertise,
            "crows.armor_order" => CoreDecision::ArmorOrder,
            "crows.wound_slot" => CoreDecision::WoundSlot,
            "crows.knock_out" => CoreDecision::KnockOut,
            "crows.square_guess" => CoreDecision::SquareGuess,
            CHARACTER_REQUEST => CoreDecision::CharacterRequest,
            CALLED_TEST => CoreDecision::CalledTest,
            _ => match kind.strip_prefix("crows.") {
                // As recorded since rulings were first made: every leading `crows.` off.
                Some(_) => CoreDecision::Ruling(kind.trim_start_matches("crows.")),
                None => CoreDecision::Other,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_decision_kinds_parse() {
        assert_eq!(CoreDecision::of("crows.expertise"), CoreDecision::Expertise);
        assert_eq!(
            CoreDecision::of(CHARACTER_REQUEST),
            CoreDecision::CharacterRequest
        );
        assert_eq!(
            CoreDecision::of("crows.tier_2_outcome"),
            CoreDecision::Ruling("tier_2_outcome")
        );
        assert_eq!(
            CoreDecision::of("crows.travel"),
            CoreDecision::Ruling("travel")
        );
        assert_eq!(CoreDecision::of("dnd.expertise"), CoreDecision::Other);
    }
}
