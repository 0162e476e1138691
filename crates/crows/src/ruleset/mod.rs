//! The Crows ruleset behind the engine: [`Crows`] implements [`engine::Ruleset`], so the
//! server and the CLI drive the pure rules of this crate with JSON commands. None of these
//! modules holds a rule of its own: they roll through `ctx` (every die is a recorded `rolled`
//! event), call the pure modules of the crate, record their results as events and open a pending
//! decision wherever a person must choose.
//!
//! The commands come in families, one module each, so a command, its events, its part of the
//! state and its view live together:
//!
//! - [`core`]: creatures, tests, inventory, damage, conditions, light, hazards, house rules
//!   (most of the state: [`CrowsState`]);
//! - [`explore`]: dungeon turns, encounters, greed, rest and rest activities, town;
//! - [`magic`]: spells, chaos and backlash, crafting, identification;
//! - [`combat`]: the grid, initiative, turns, maneuvers, actions, attacks, reactions;
//! - [`travel`]: the hex map and the daily procedure.
//!
//! On the wire every command is one object `{<command>: {…}}` (inside the engine's
//! `{"rules": …}`) and every event one object `{<event>: {…}}`, whatever its family:
//! [`CrowsCommand`] and [`CrowsEvent`] find the family by the key, so command and event names
//! are unique across families. A decision's kind names its family (`crows.combat.…`,
//! `crows.explore.…`, `crows.magic.…`, `crows.travel.…`; anything else is core's). At a clock boundary the
//! families run in the order core, explore, magic, combat, travel (so the end of a dungeon turn rolls
//! usage dice and expires conditions before the encounter check).

mod adapter;
pub mod combat;
pub mod core;
pub mod explore;
pub mod forecast;
pub mod magic;
mod patch;
mod queries_area;
mod refusals;
pub mod request;
pub mod state;
pub mod then;
pub mod travel;

pub use self::adapter::Crows;
pub use self::core::*;
pub use self::refusals::REFUSAL_CODES;

use engine::{
    Acting, Answer, Boundary, Ctx, Decision, RuleError, Ruleset, TableState, Timer, TurnLength,
    Viewer,
};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::test_roll::{Characteristic, Modifier, ModifierSource, SourceKind, TestSpec};

use self::adapter::{err, variant_names};
use self::combat::{CombatCommand, CombatEvent};
use self::explore::{ExploreCommand, ExploreEvent};
use self::magic::{MagicCommand, MagicEvent};
use self::then::Then;
use self::travel::{TravelCommand, TravelEvent};

/// Every command of the ruleset, by family.
// One command lives briefly per request; boxing the families would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum CrowsCommand {
    Core(CoreCommand),
    Explore(ExploreCommand),
    Magic(MagicCommand),
    Combat(CombatCommand),
    Travel(TravelCommand),
}

/// The name of every event this ruleset emits (`{"<name>": {…}}` on the wire), for a client
/// that words each one (the web's log lines are checked against this list).
pub fn event_names() -> Vec<&'static str> {
    [
        variant_names::<CoreEvent>(),
        variant_names::<ExploreEvent>(),
        variant_names::<MagicEvent>(),
        variant_names::<CombatEvent>(),
        variant_names::<TravelEvent>(),
    ]
    .concat()
}

/// Every kind of decision this ruleset opens (`Decision::kind`), for a client that words each
/// prompt; a unit test reads the sources and fails on a kind missing here.
pub const DECISION_KINDS: &[&str] = &[
    "crows.tier_1_setback",
    "crows.tier_2_outcome",
    "crows.crit_benefit",
    "crows.doom_setback",
    "crows.certain_death",
    "crows.expertise",
    "crows.knock_out",
    "crows.wound_slot",
    "crows.armor_order",
    "crows.square_guess",
    "crows.core.character_request",
    "crows.called_test",
    "crows.combat.initiative",
    "crows.combat.opportunity_attack",
    "crows.combat.counter",
    "crows.combat.grab_choice",
    "crows.combat.escape_square",
    "crows.combat.break_free",
    "crows.combat.topple_anyway",
    "crows.combat.stray_shot",
    "crows.combat.unseen_blocker",
    "crows.combat.movement_test",
    "crows.combat.pet_command",
    "crows.combat.thrown_lands",
    "crows.explore.task",
    "crows.explore.remove_wound",
    "crows.explore.sign",
    "crows.explore.encounter_moment",
    "crows.explore.encounter_table",
    "crows.travel.track_allowed",
    "crows.travel.choice",
    "crows.travel.finds",
    "crows.travel.meet_creature",
    "crows.travel.encounter",
    "crows.travel.site_reached",
    "crows.travel.miasma_choice",
    "crows.travel.miasma_expertise",
    "crows.magic.backlash_overlap",
    "crows.magic.backlash_area",
    "crows.magic.backlash_call",
    "crows.magic.hot_temper",
    "crows.magic.harmful_activation",
];

/// Every event of the ruleset, by family.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CrowsEvent {
    Core(CoreEvent),
    Explore(ExploreEvent),
    Magic(MagicEvent),
    Combat(CombatEvent),
    Travel(TravelEvent),
}

impl From<CoreEvent> for CrowsEvent {
    fn from(e: CoreEvent) -> Self {
        CrowsEvent::Core(e)
    }
}
impl From<ExploreEvent> for CrowsEvent {
    fn from(e: ExploreEvent) -> Self {
        CrowsEvent::Explore(e)
    }
}
impl From<MagicEvent> for CrowsEvent {
    fn from(e: MagicEvent) -> Self {
        CrowsEvent::Magic(e)
    }
}
impl From<CombatEvent> for CrowsEvent {
    fn from(e: CombatEvent) -> Self {
        CrowsEvent::Combat(e)
    }
}
impl From<TravelEvent> for CrowsEvent {
    fn from(e: TravelEvent) -> Self {
        CrowsEvent::Travel(e)
    }
}

/// Old command names still read as the one kept (near-twins merged; clients and scripts
/// written against the old name keep working).
const COMMAND_ALIASES: [(&str, &str); 2] = [
    ("draw_from_pack", "draw_from_backpack"),
    ("dump_pack", "dump_backpack"),
];

/// `{<old name>: …}` becomes `{<kept name>: …}`.
fn unalias(value: Value) -> Value {
    match value {
        Value::Object(mut m) if m.len() == 1 => {
            let renamed = m.keys().next().and_then(|k| {
                COMMAND_ALIASES
                    .iter()
                    .find(|(old, _)| old == k)
                    .map(|(old, new)| (*old, *new))
            });
            if let Some((old, new)) = renamed
                && let Some(body) = m.remove(old)
            {
                m.insert(new.to_string(), body);
            }
            Value::Object(m)
        }
        Value::String(s) => Value::String(
            COMMAND_ALIASES
                .iter()
                .find(|(old, _)| *old == s)
                .map_or(s.clone(), |(_, new)| (*new).to_string()),
        ),
        other => other,
    }
}

impl<'de> Deserialize<'de> for CrowsCommand {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = unalias(Value::deserialize(deserializer)?);
        engine::decode_by_family!(value, "Crows", "command", variant_names;
            Core(CoreCommand),
            Explore(ExploreCommand),
            Magic(MagicCommand),
            Combat(CombatCommand),
            Travel(TravelCommand),
        )
        .map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for CrowsEvent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        engine::decode_by_family!(value, "Crows", "event", variant_names;
            Core(CoreEvent),
            Explore(ExploreEvent),
            Magic(MagicEvent),
            Combat(CombatEvent),
            Travel(TravelEvent),
        )
        .map_err(de::Error::custom)
    }
}

/// A test another family started (its `then` set) is resolved: hand the result to the
/// family its continuation names ([`Then`]: explore, magic, combat, travel, or core for its
/// own, e.g. a fall's resistance roll). Runs after the core recorded the result. Such a test
/// opens no Referee outcome decision (tier 1 setback, tier 2 outcome, crit benefit, doom
/// setback): the family's rules define the consequences, unless its `then` carries
/// `"referee_outcome": true`. A stored continuation this version does not know is a
/// `bad_continuation` rule error.
impl self::then::HandBack for Crows {
    fn hand_back(
        &self,
        creature: &str,
        resolved: &crate::test_roll::ResolvedTest,
        then: &self::then::StoredThen,
        ctx: &mut Ctx<'_, Crows>,
    ) -> Result<(), RuleError> {
        match then.then()? {
            Then::Explore(step) => explore::after_test(self, creature, resolved, &step, ctx),
            Then::Magic(step) => magic::after_test(self, creature, resolved, step, ctx),
            Then::Combat(step) => combat::after_test(self, creature, resolved, step, ctx),
            Then::Travel(step) => travel::after_test(self, creature, resolved, step, ctx),
            Then::Core(step) => self.core_after_test(creature, resolved, step, ctx),
        }
    }
}

/// During a fight, a player's inventory maneuvers go through the combat commands, which spend
/// the maneuver from the turn's budget (CR-MAN-04…07); sent as core commands they would skip
/// it. The Referee may still correct an inventory mid-fight.
fn fight_maneuver_guard(command: &CoreCommand, ctx: &Ctx<'_, Crows>) -> Result<(), RuleError> {
    use crate::combat::maneuvers::InventoryChange;
    let change = match command {
        CoreCommand::MoveItems { .. } => Some(InventoryChange::BetweenSlots),
        CoreCommand::PickUp { .. } => Some(InventoryChange::PickUp),
        _ => None,
    };
    crate::combat::maneuvers::may_change_inventory_directly(
        ctx.rules().combat.fight.is_some(),
        *ctx.actor() == engine::Actor::Referee,
        change,
    )
    .map_err(|e| err("use_the_maneuver", e))
}

/// In a fight, drawing from the backpack and dumping it are maneuvers (CR-MAN-04, CR-MAN-07):
/// the creature whose command it is, if it fights, spends its maneuver first — unless the
/// Referee sends it out of that creature's turn, which is a correction, free as outside a
/// fight. Returns the creature when the command is such a maneuver.
fn backpack_maneuver<'c>(command: &'c CoreCommand, ctx: &Ctx<'_, Crows>) -> Option<&'c str> {
    let creature = match command {
        CoreCommand::DrawFromBackpack { creature, .. }
        | CoreCommand::DumpBackpack { creature, .. } => creature.as_str(),
        _ => return None,
    };
    let fight = ctx.rules().combat.fight.as_ref()?;
    if !fight.ids.iter().any(|id| id == creature) {
        return None;
    }
    let acting = fight.current() == Some(creature);
    (*ctx.actor() != engine::Actor::Referee || acting).then_some(creature)
}

/// The fields of a command body that name creatures (a string or a list of strings; `mounts`
/// is a map whose keys and values are creature ids), in every family. Other values under
/// these names (a square under `to`) are left alone.
const CREATURE_FIELDS: &[&str] = &[
    "creature",
    "target",
    "targets",
    "attacker",
    "assisted",
    "assist_for",
    "forced_by",
    "grabbed_by",
    "corpse",
    "from",
    "to",
    "past",
    "watching",
    "by",
    "onto",
    "pet",
    "surprised",
    "order",
    "summoner",
    "npc",
    "near",
    "members",
    "mounts",
    "humans",
    "helper",
    "holder",
    "picks",
    "party",
    "creatures",
];

/// Fields of [`CREATURE_FIELDS`] that mean something else in one command (a spell's `target`
/// is the kind of target).
const NOT_CREATURE_FIELDS: &[(&str, &str)] = &[("cast", "target")];

/// The creature ids a command names, read from its fields by [`CREATURE_FIELDS`].
fn creature_refs(command: &CrowsCommand) -> Vec<String> {
    let Ok(Value::Object(outer)) = serde_json::to_value(command) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, body) in &outer {
        let Value::Object(fields) = body else {
            continue;
        };
        for (key, value) in fields {
            if !CREATURE_FIELDS.contains(&key.as_str())
                || NOT_CREATURE_FIELDS.contains(&(name.as_str(), key.as_str()))
            {
                continue;
            }
            match value {
                Value::String(s) => out.push(s.clone()),
                Value::Array(items) => {
                    out.extend(items.iter().filter_map(Value::as_str).map(str::to_string));
                }
                // A square (`{"x": …, "y": …}` under `to`) is no creature; a map of
                // creatures to creatures is only `mounts`.
                Value::Object(map) if key == "mounts" => {
                    for (k, v) in map {
                        out.push(k.clone());
                        out.extend(v.as_str().map(str::to_string));
                    }
                }
                _ => {}
            }
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// For a player, a creature they may not see is a creature that does not exist (invariant 5):
/// every creature a player's command names is looked up here, once, before any family rule
/// runs or any die is rolled, and a missing and an unseen one get the same refusal
/// (`unknown_creature`, "no creature `id`") after the same work.
fn sight_guard(command: &CrowsCommand, ctx: &Ctx<'_, Crows>) -> Result<(), RuleError> {
    let engine::Actor::Player(p) = ctx.actor() else {
        return Ok(());
    };
    let viewer = Viewer::Player(p.clone());
    let participants = &ctx.core().participants;
    for id in creature_refs(command) {
        let exists = ctx.rules().creatures.contains_key(&id);
        let sees = viewer_sees(participants, ctx.rules(), &viewer, &id);
        if !(exists && sees) {
            return Err(no_creature(&id));
        }
    }
    Ok(())
}

/// A character the Miasma turned is the Referee's now (CR-MIASMA-08): its player can no longer
/// act for it, whatever the command.
fn turned_guard(
    rules: &Crows,
    command: &CrowsCommand,
    ctx: &Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    if !matches!(ctx.actor(), engine::Actor::Player(_)) {
        return Ok(());
    }
    let Acting::Characters(ids) = rules.acting(ctx.state(), command) else {
        return Ok(());
    };
    let miasma = &ctx.rules().travel.miasma;
    crate::creature::may_act_for(
        ids.iter()
            .filter(|id| miasma.get(*id).is_some_and(|m| m.turned))
            .map(String::as_str),
    )
    .map_err(|e| err("turned", e))
}

/// What follows every step of any family (a command, an answer, a boundary's part, a timer),
/// whichever family's rule caused it: a prone or unconscious grabber lets go (CR-COND-04), a
/// flyer knocked prone or brought to speed 0 falls (CR-MOVE-05), then a caster that died — in the step or in that fall — loses its spells at
/// once (CR-SPELL-09, CR-DMG-15).
///
/// The pass reads only the state and rolls only when something falls, so on a state it already
/// found settled it would do nothing again: while no event has come since it last did nothing
/// in this command (`Ctx::settled_at`), it is skipped.
fn settle(rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    if ctx.settled_at() == Some(ctx.emitted()) {
        return Ok(());
    }
    let before = ctx.emitted();
    combat::settle(rules, ctx)?;
    magic::end_spells_of_the_dead(ctx)?;
    if ctx.emitted() == before {
        ctx.mark_settled();
    }
    Ok(())
}

/// The family that answers a decision, named by its kind: `crows.<family>.<name>` for
/// explore, magic, combat and travel; any other kind is core's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DecisionFamily {
    Core,
    Explore,
    Magic,
    Combat,
    Travel,
}

impl DecisionFamily {
    /// The family's name in a decision kind.
    fn as_str(self) -> &'static str {
        match self {
            DecisionFamily::Core => "core",
            DecisionFamily::Explore => "explore",
            DecisionFamily::Magic => "magic",
            DecisionFamily::Combat => "combat",
            DecisionFamily::Travel => "travel",
        }
    }
}

impl PartialEq<&str> for DecisionFamily {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Which family a decision kind belongs to.
fn family_of(kind: &str) -> DecisionFamily {
    let named = kind
        .strip_prefix("crows.")
        .and_then(|rest| rest.split_once('.'))
        .map(|(family, _)| family);
    match named {
        Some("explore") => DecisionFamily::Explore,
        Some("magic") => DecisionFamily::Magic,
        Some("combat") => DecisionFamily::Combat,
        Some("travel") => DecisionFamily::Travel,
        _ => DecisionFamily::Core,
    }
}

impl Crows {
    /// Hands a command to its family.
    fn decide_family(
        &self,
        command: &CrowsCommand,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        match command {
            CrowsCommand::Core(c) => {
                if let Some(creature) = backpack_maneuver(c, ctx) {
                    let creature = creature.to_string();
                    return combat::inventory_maneuver(self, ctx, &creature, c.clone(), None);
                }
                fight_maneuver_guard(c, ctx)?;
                self.core_decide(c, ctx)
            }
            CrowsCommand::Explore(c) => explore::decide(self, c, ctx),
            CrowsCommand::Magic(c) => magic::decide(self, c, ctx),
            CrowsCommand::Combat(c) => combat::decide(self, c, ctx),
            CrowsCommand::Travel(c) => travel::decide(self, c, ctx),
        }
    }
}

impl Ruleset for Crows {
    type State = CrowsState;
    type Command = CrowsCommand;
    type Event = CrowsEvent;

    fn name(&self) -> &'static str {
        "crows"
    }

    fn init(&self, config: &Value) -> Result<CrowsState, RuleError> {
        self.core_init(config)
    }

    fn exploration_turn(&self, state: &TableState<CrowsState>) -> TurnLength {
        self.core_exploration_turn(state)
    }

    fn acting(&self, state: &TableState<CrowsState>, command: &CrowsCommand) -> Acting {
        match command {
            CrowsCommand::Core(c) => self.core_acting(state, c),
            CrowsCommand::Explore(c) => explore::acting(state, c),
            CrowsCommand::Magic(c) => magic::acting(state, c),
            CrowsCommand::Combat(c) => combat::acting(state, c),
            CrowsCommand::Travel(c) => travel::acting(state, c),
        }
    }

    fn decide(&self, command: &CrowsCommand, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        sight_guard(command, ctx)?;
        turned_guard(self, command, ctx)?;
        self.decide_family(command, ctx)?;
        settle(self, ctx)
    }

    fn apply(&self, state: &mut CrowsState, event: &CrowsEvent) {
        match event {
            CrowsEvent::Core(e) => self.core_apply(state, e),
            CrowsEvent::Explore(e) => explore::apply(state, e),
            CrowsEvent::Magic(e) => magic::apply(state, e),
            CrowsEvent::Combat(e) => combat::apply(state, e),
            CrowsEvent::Travel(e) => travel::apply(state, e),
        }
    }

    /// `odds`: the exact odds of a test before it is rolled ([`crate::odds`]) and the net
    /// edge ([`crate::edges::net_of`]), for the test panel. Args: `edges`, `banes` (0–4), `bonus` (−20…20) and either `creature` +
    /// `characteristic` (read from what `viewer` is shown of that creature: a creature hidden
    /// from a player is refused like a missing one) or a bare `value` (−10…10).
    fn command_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<CrowsCommand>()
    }

    fn forecast_kinds(&self) -> Vec<&'static str> {
        forecast::KINDS.to_vec()
    }

    fn forecast(
        &self,
        state: &TableState<CrowsState>,
        kind: &str,
        args: &Value,
        options: &engine::forecast::ForecastOptions,
        now_ms: engine::WallMs,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<Value, RuleError> {
        let start = engine::forecast::Sim::new(
            std::sync::Arc::new(*self),
            state.clone(),
            options.seed,
            now_ms,
        );
        forecast::forecast(&start, kind, args, options, progress)
    }

    fn query(
        &self,
        state: &TableState<CrowsState>,
        viewer: &Viewer,
        name: &str,
        args: &Value,
    ) -> Result<Value, RuleError> {
        match name {
            "odds" => {}
            "spell_area" => return queries_area::spell_area(self, state, viewer, args),
            _ => return Err(engine::ruleset::no_such_query(self.name(), name)),
        }
        let int = |key: &str, lo: i64, hi: i64| -> Result<i64, RuleError> {
            let v = args.get(key).map_or(Some(0), Value::as_i64);
            v.filter(|v| (lo..=hi).contains(v)).ok_or_else(|| {
                RuleError::new(
                    "bad_query",
                    format!("odds: `{key}` is a whole number from {lo} to {hi}"),
                )
                .rule("query.odds")
            })
        };
        let (edges, banes, bonus) = (
            int("edges", 0, 4)?,
            int("banes", 0, 4)?,
            int("bonus", -20, 20)?,
        );
        let characteristic: Characteristic = args
            .get("characteristic")
            .map_or(Ok(Characteristic::Agility), Characteristic::deserialize)
            .map_err(|_| {
                RuleError::new(
                    "bad_query",
                    "odds: `characteristic` is agility, mind or strength",
                )
                .rule("query.odds")
            })?;
        let value = match args.get("creature") {
            None => int("value", -10, 10)?,
            Some(id) => {
                // Through the viewer's own projection, so nothing hidden can be asked about.
                let id = id.as_str().unwrap_or("");
                let key = serde_json::to_value(characteristic).unwrap_or(Value::Null);
                let view = self.core_project(state, viewer);
                view["creatures"][id]["creature"]["characteristics"][key.as_str().unwrap_or("")]
                    .as_i64()
                    .ok_or_else(|| self::core::no_creature(id))?
            }
        };
        let source = |what: &str| ModifierSource::new(SourceKind::Referee, what);
        let mut spec = TestSpec::new(characteristic, i8::try_from(value).unwrap_or(0));
        for _ in 0..edges {
            spec = spec.with_modifier(Modifier::edge(source("odds edge")));
        }
        for _ in 0..banes {
            spec = spec.with_modifier(Modifier::bane(source("odds bane")));
        }
        if bonus != 0 {
            // In −20…20 (checked above), so it fits.
            spec = spec.with_modifier(Modifier::bonus(source("odds bonus"), bonus as i32));
        }
        let odds = crate::odds::odds_with_expertise(&spec, state.rules.test_rules)
            .map_err(|e| RuleError::new("bad_query", format!("odds: {e}")))?;
        // Edges and banes after cancellation, for the panel's hint.
        let net = crate::edges::net_of(&spec.modifiers);
        let mut answer =
            serde_json::to_value(odds).map_err(|e| RuleError::new("bad_query", e.to_string()))?;
        if let Value::Object(map) = &mut answer {
            map.insert(
                "net".into(),
                serde_json::to_value(net).unwrap_or(Value::Null),
            );
        }
        Ok(answer)
    }

    fn project(&self, state: &TableState<CrowsState>, viewer: &Viewer) -> Value {
        let mut view = self.core_project(state, viewer);
        let families = [
            ("explore", explore::project(state, viewer)),
            ("magic", magic::project(state, viewer)),
            ("combat", combat::project(state, viewer)),
            ("travel", travel::project(state, viewer)),
        ];
        if let Value::Object(map) = &mut view {
            for (name, part) in families {
                if !part.is_null() {
                    map.insert(name.to_string(), part);
                }
            }
        }
        view
    }

    fn on_answer(
        &self,
        decision: &Decision,
        answer: &Answer,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        match family_of(&decision.kind) {
            DecisionFamily::Explore => explore::on_answer(self, decision, answer, ctx),
            DecisionFamily::Magic => magic::on_answer(self, decision, answer, ctx),
            DecisionFamily::Combat => combat::on_answer(self, decision, answer, ctx),
            DecisionFamily::Travel => travel::on_answer(self, decision, answer, ctx),
            DecisionFamily::Core => self.core_on_answer(decision, answer, ctx),
        }?;
        settle(self, ctx)
    }

    fn on_boundary(&self, boundary: &Boundary, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        type Step = fn(&Crows, &Boundary, &mut Ctx<'_, Crows>) -> Result<(), RuleError>;
        let families: [Step; 5] = [
            Crows::core_on_boundary,
            explore::on_boundary,
            magic::on_boundary,
            combat::on_boundary,
            travel::on_boundary,
        ];
        for family in families {
            family(self, boundary, ctx)?;
            settle(self, ctx)?;
        }
        Ok(())
    }

    fn on_timer(&self, timer: &Timer, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        explore::on_timer(self, timer, ctx)?;
        settle(self, ctx)
    }

    fn on_effect_ended(
        &self,
        effect: &engine::Effect,
        reason: engine::EndReason,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        magic::on_effect_ended(self, effect, reason, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_find_their_family_by_name() {
        let cmd: CrowsCommand =
            serde_json::from_value(serde_json::json!({"rest_halfway": {}})).unwrap();
        assert!(matches!(
            cmd,
            CrowsCommand::Core(CoreCommand::RestHalfway {})
        ));
        // Serialised back, the family wrapper is invisible.
        assert_eq!(
            serde_json::to_value(&cmd).unwrap(),
            serde_json::json!({"rest_halfway": {}})
        );
    }

    #[test]
    fn unknown_command_names_the_known_ones() {
        let err = serde_json::from_value::<CrowsCommand>(serde_json::json!({"fly_away": {}}))
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown command `fly_away`"), "{err}");
        assert!(err.contains("rest_halfway"), "{err}");
    }

    #[test]
    fn a_bad_field_is_reported_by_its_family() {
        let err = serde_json::from_value::<CrowsCommand>(
            serde_json::json!({"rest_halfway": {"minutes": 3}}),
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("unknown field `minutes`"), "{err}");
    }

    #[test]
    fn old_near_twin_names_read_as_the_kept_command() {
        let cmd: CrowsCommand = serde_json::from_value(serde_json::json!(
            {"draw_from_pack": {"creature": "vera", "item": 2, "hands": [{"kind": "hand", "number": 1}]}}
        ))
        .unwrap();
        assert!(matches!(
            cmd,
            CrowsCommand::Core(CoreCommand::DrawFromBackpack { .. })
        ));
        let cmd: CrowsCommand = serde_json::from_value(serde_json::json!(
            {"dump_pack": {"creature": "vera", "items": [2]}}
        ))
        .unwrap();
        assert_eq!(
            serde_json::to_value(&cmd).unwrap(),
            serde_json::json!({"dump_backpack": {"creature": "vera", "items": [2]}})
        );
    }

    #[test]
    fn variant_names_are_read_from_the_impl() {
        assert!(variant_names::<CoreCommand>().contains(&"load_pack"));
        assert!(variant_names::<CoreEvent>().contains(&"test_rolled"));
    }

    /// Every kind the sources open is listed in [`DECISION_KINDS`]: literal kinds given to
    /// `DecisionRequest::new`, the reactions' kinds (`ask_with_weapons`), magic's calls
    /// (`ask_referee`, `crows.magic.` + name) and the test outcomes (`decision_kind_name`); a
    /// site that builds its kind some other way must be added to the count below.
    #[test]
    fn every_decision_kind_the_sources_open_is_listed() {
        fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    files(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
        let mut paths = Vec::new();
        files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruleset"),
            &mut paths,
        );
        let listed: std::collections::BTreeSet<&str> = DECISION_KINDS.iter().copied().collect();
        let after = |text: &str, call: &str, skip_ctx: bool| -> Vec<String> {
            let mut out = Vec::new();
            for (i, _) in text.match_indices(call) {
                // Not this test's own mention of the call, inside a string.
                if text[..i].ends_with('"') {
                    continue;
                }
                let mut rest = text[i + call.len()..].trim_start();
                if skip_ctx {
                    let Some(r) = rest.strip_prefix("ctx,") else {
                        continue;
                    };
                    rest = r.trim_start();
                }
                out.push(match rest.strip_prefix('"') {
                    Some(r) => r[..r.find('"').unwrap()].to_string(),
                    None => String::new(),
                });
            }
            out
        };
        let mut built_otherwise = 0;
        let mut found = 0;
        for p in &paths {
            let text = std::fs::read_to_string(p).unwrap();
            for kind in after(&text, "DecisionRequest::new(", false) {
                if kind.is_empty() {
                    built_otherwise += 1;
                } else {
                    found += 1;
                    assert!(listed.contains(kind.as_str()), "{kind} ({})", p.display());
                }
            }
            for kind in after(&text, "ask_with_weapons(", true) {
                found += 1;
                assert!(listed.contains(kind.as_str()), "{kind} ({})", p.display());
            }
            for name in after(&text, "ask_referee(", true) {
                found += 1;
                let kind = format!("crows.magic.{name}");
                assert!(listed.contains(kind.as_str()), "{kind} ({})", p.display());
            }
        }
        for k in [
            crate::test_roll::DecisionKind::Tier1Setback,
            crate::test_roll::DecisionKind::Tier2Outcome,
            crate::test_roll::DecisionKind::CritBenefit,
            crate::test_roll::DecisionKind::DoomSetback,
            crate::test_roll::DecisionKind::CertainDeath,
        ] {
            let kind = format!("crows.{}", self::core::testing::decision_kind_name(k));
            assert!(listed.contains(kind.as_str()), "{kind}");
        }
        assert!(listed.contains(self::core::CHARACTER_REQUEST));
        assert!(listed.contains(self::core::CALLED_TEST));
        // `kind` parameters (reactions, magic calls, test outcomes ×2), the character
        // request's and the called test's constants.
        assert_eq!(built_otherwise, 6, "a new way of naming a decision kind");
        assert!(found >= 30, "only {found} decision sites found");
    }

    #[test]
    fn decision_kinds_name_their_family() {
        assert_eq!(family_of("crows.combat.counterattack"), "combat");
        assert_eq!(family_of("crows.explore.encounter"), "explore");
        assert_eq!(family_of("crows.expertise"), "core");
        assert_eq!(family_of("crows.travel"), "core");
    }
}
