//! Creature records: reading them, writing every change as events (the whole record once,
//! then merge patches), the public and full views, and who sees a creature.

use std::collections::BTreeSet;

use engine::{Ctx, Participants, RuleError, Viewer, Visibility};
use serde_json::{Value, json};

use crate::creature::{Creature, Object, Size, WorldOptions};
use crate::hiding::HiddenFrom;
use crate::inventory::SlotKind;

use crate::ruleset::adapter::Crows;

use super::events::CoreEvent;
use crate::ruleset::adapter::err;
use crate::ruleset::state::{CreatureRecord, CrowsState};

pub(in crate::ruleset) fn record<'a>(
    ctx: &'a Ctx<'_, Crows>,
    id: &str,
) -> Result<&'a CreatureRecord, RuleError> {
    ctx.rules()
        .creatures
        .get(id)
        .map(|r| &**r)
        .ok_or_else(|| no_creature(id))
}

/// The one refusal for a creature that is not there — or that the actor may not see: both
/// answer alike, so a refusal never tells a player that a hidden creature exists.
pub(in crate::ruleset) fn no_creature(id: &str) -> RuleError {
    RuleError::new("unknown_creature", format!("no creature `{id}`"))
}

pub(in crate::ruleset) fn living(
    ctx: &Ctx<'_, Crows>,
    id: &str,
) -> Result<CreatureRecord, RuleError> {
    let r = record(ctx, id)?;
    if !r.creature.alive {
        return Err(err(
            "dead",
            crate::creature::CreatureError::Dead(r.creature.name.clone()),
        ));
    }
    Ok(r.clone())
}

/// The players who cannot see creature `id`: those who do not control it and, while the
/// Referee has not revealed it, everyone else; once revealed, those every one of whose
/// characters it is hidden from (CR-HIDE-05). A player without characters sees what the
/// public sees: nothing that is hidden from any seated character.
pub fn blind_players(
    participants: &Participants,
    rules: &CrowsState,
    id: &str,
) -> BTreeSet<String> {
    let unrevealed = rules.creatures.get(id).is_some_and(|r| r.unrevealed);
    blind_players_if(participants, &rules.hiding, id, unrevealed)
}

/// [`blind_players`] with the creature's `unrevealed` flag given (a record being written).
pub(super) fn blind_players_if(
    participants: &Participants,
    hiding: &HiddenFrom,
    id: &str,
    unrevealed: bool,
) -> BTreeSet<String> {
    let hidden_from = |chars: &BTreeSet<String>| {
        !chars.is_empty() && chars.iter().all(|c| hiding.is_hidden(id, c))
    };
    let hidden_from_someone = unrevealed
        || participants
            .players
            .values()
            .any(|chars| !chars.contains(id) && hidden_from(chars));
    participants
        .players
        .iter()
        .filter(|(_, chars)| {
            !chars.contains(id)
                && (unrevealed || hidden_from(chars) || (chars.is_empty() && hidden_from_someone))
        })
        .map(|(p, _)| p.clone())
        .collect()
}

/// Whether the public (spectators) sees creature `id`: revealed and hidden from no seated
/// character.
pub fn public_sees(participants: &Participants, rules: &CrowsState, id: &str) -> bool {
    let unrevealed = rules.creatures.get(id).is_some_and(|r| r.unrevealed);
    !unrevealed && blind_players_if(participants, &rules.hiding, id, false).is_empty()
}

/// Whether `viewer` sees creature `id` at all — the one test behind every projection and
/// every player's creature reference.
pub fn viewer_sees(
    participants: &Participants,
    rules: &CrowsState,
    viewer: &Viewer,
    id: &str,
) -> bool {
    match viewer {
        Viewer::Referee => true,
        Viewer::Player(p) => !blind_players(participants, rules, id).contains(p),
        Viewer::Spectator(_) => public_sees(participants, rules, id),
    }
}

/// Who sees a creature's rolls, tests and the decisions about them: the whole table, except
/// for creatures with hidden stats (the Referee's only; a decision is then also seen by its
/// answerer) and for creatures hidden from some players (everyone else; spectators not).
pub fn sight(participants: &Participants, rules: &CrowsState, id: &str) -> Visibility {
    if rules.creatures.get(id).is_some_and(|r| r.hidden) {
        return Visibility::Referee;
    }
    let blind = blind_players(participants, rules, id);
    if blind.is_empty() && public_sees(participants, rules, id) {
        Visibility::Public
    } else {
        Visibility::Players(
            participants
                .players
                .keys()
                .filter(|p| !blind.contains(*p))
                .cloned()
                .collect(),
        )
    }
}

/// A corpse as shown: its name, size, and the slots it takes with its gear (CR-CORPSE-01).
// Part of the API the sibling families call; core itself shows corpses under house rules.
#[allow(dead_code)]
pub(in crate::ruleset) fn corpse_view(o: &Object) -> Value {
    corpse_view_with(o, &WorldOptions::default())
}

/// A corpse as shown under the table's house rules (a Holy Shit! corpse's slots, CR-SIZE-03).
pub(in crate::ruleset) fn corpse_view_with(o: &Object, options: &WorldOptions) -> Value {
    let gear = o.corpse.as_ref().map_or(0, |c| c.inventory.gear_slots());
    let referee_slots = if o.size == Size::HolyShit {
        options.corpse_slots_override()
    } else {
        None
    };
    let slots = crate::corpses::corpse_total_slots(o.size, gear, referee_slots).ok();
    let items: Vec<&str> = o
        .corpse
        .as_ref()
        .map(|c| c.inventory.items().map(|(i, _)| i.name.as_str()).collect())
        .unwrap_or_default();
    json!({"name": o.name, "size": o.size, "gear_slots": gear, "slots": slots, "gear": items})
}

pub(in crate::ruleset) fn audience(ctx: &Ctx<'_, Crows>, id: &str) -> Visibility {
    sight(&ctx.core().participants, ctx.rules(), id)
}

/// The part of a creature everyone may see.
pub fn public_view(id: &str, r: &CreatureRecord) -> Value {
    let c = &r.creature;
    let mut v = json!({
        "id": id,
        "name": c.name,
        "kind": c.kind,
        "size": c.size,
        "alive": c.alive,
        "conditions": c.conditions.kinds(),
    });
    if !r.hidden
        && let Some(obj) = v.as_object_mut()
    {
        let hands: Vec<&str> = c
            .inventory
            .items()
            .filter(|(_, p)| p.kind == SlotKind::Hand)
            .map(|(i, _)| i.name.as_str())
            .collect();
        obj.insert("wounds".into(), json!(c.inventory.wound_count()));
        obj.insert("in_hands".into(), json!(hands));
    }
    v
}

pub(in crate::ruleset) fn full_view(id: &str, r: &CreatureRecord) -> Value {
    let mut v = serde_json::to_value(r).unwrap_or(Value::Null);
    if let Some(obj) = v.as_object_mut() {
        obj.insert("id".into(), json!(id));
        obj.insert("items".into(), items_view(&r.creature));
    }
    v
}

pub(in crate::ruleset) fn items_view(c: &Creature) -> Value {
    let items: Vec<Value> = c
        .inventory
        .items()
        .map(|(i, p)| json!({"id": i.id, "name": i.name, "at": p}))
        .collect();
    json!(items)
}

/// The next free item id once `record`'s items exist.
pub(super) fn next_item_after(record: &CreatureRecord) -> u32 {
    record
        .creature
        .inventory
        .all_items()
        .map(|i| i.id.0)
        .filter(|i| *i != crate::creature::NATURAL_ARMOR.0)
        .max()
        .unwrap_or(0)
        .saturating_add(1)
}

/// The events that record `record` as creature `id`'s new state: for a creature that exists,
/// `creature_changed` with a merge patch of its record and `creature_seen_changed` with a
/// merge patch of its public part, when both patches write the new state exactly; otherwise
/// (a new creature, a member becoming `null`, the public part shown or withheld anew: its
/// `hidden` or `unrevealed` flag changed) `creature_set` with the whole record and
/// `creature_seen` with the whole public part.
pub(super) fn creature_events(
    before: Option<&CreatureRecord>,
    id: &str,
    record: CreatureRecord,
    what: &str,
    report: Value,
) -> (CoreEvent, CoreEvent) {
    let (id, what) = (id.to_string(), what.to_string());
    let patches = before.and_then(|b| {
        let old = serde_json::to_value(b).ok()?;
        let new = serde_json::to_value(&record).ok()?;
        let patch = crate::ruleset::patch::diff_exact(&old, &new)?;
        // The patched record must read back as the record (what `core_apply` does).
        serde_json::from_value::<CreatureRecord>(new).ok()?;
        let seen = if b.hidden == record.hidden && b.unrevealed == record.unrevealed {
            crate::ruleset::patch::diff_exact(&public_view(&id, b), &public_view(&id, &record))?
        } else {
            return None;
        };
        Some((patch, seen))
    });
    match patches {
        Some((patch, seen)) => (
            CoreEvent::CreatureChanged {
                id: id.clone(),
                what: what.clone(),
                report,
                patch,
            },
            CoreEvent::CreatureSeenChanged {
                id,
                what,
                patch: seen,
            },
        ),
        None => {
            let public = public_view(&id, &record);
            (
                CoreEvent::CreatureSet {
                    id: id.clone(),
                    record: Box::new(record),
                    what: what.clone(),
                    report,
                },
                CoreEvent::CreatureSeen { id, what, public },
            )
        }
    }
}

/// Emits a creature's new state: the record (or what changed in it) for the Referee and its
/// players, the public part (or what changed in it) for others ([`creature_events`]).
pub(in crate::ruleset) fn set_creature(
    ctx: &mut Ctx<'_, Crows>,
    id: &str,
    record: CreatureRecord,
    what: &str,
    report: Value,
) -> Result<(), RuleError> {
    if !ctx.keeps_log() {
        // A forecast's copy stores and shows nothing: the whole record is the change, with
        // no patch to compute (the state is the same; tested against the JSON path).
        return ctx.emit(CoreEvent::CreatureSet {
            id: id.to_string(),
            record: Box::new(record),
            what: what.to_string(),
            report,
        });
    }
    let players: BTreeSet<String> = ctx.core().participants.controllers(id).cloned().collect();
    let visibility = if players.is_empty() {
        Visibility::Referee
    } else {
        Visibility::Players(players.clone())
    };
    let unrevealed = record.unrevealed;
    let (full, masked) = creature_events(
        ctx.rules().creatures.get(id).map(|r| &**r),
        id,
        record,
        what,
        report,
    );
    let blind = blind_players_if(
        &ctx.core().participants,
        &ctx.rules().hiding,
        id,
        unrevealed,
    );
    let public = !unrevealed
        && blind_players_if(&ctx.core().participants, &ctx.rules().hiding, id, false).is_empty();
    if !blind.is_empty() || !public {
        // Hidden from some players (CR-HIDE-05) or not yet revealed: they (and spectators)
        // get no event at all.
        let seers: BTreeSet<String> = ctx
            .core()
            .participants
            .players
            .keys()
            .filter(|p| !blind.contains(*p) && !players.contains(*p))
            .cloned()
            .collect();
        ctx.emit_for(full, visibility)?;
        if seers.is_empty() {
            return Ok(());
        }
        return ctx.emit_for(masked, Visibility::Players(seers));
    }
    ctx.emit_masked(full, visibility, masked)
}

pub(in crate::ruleset) fn set_creature_only(
    ctx: &mut Ctx<'_, Crows>,
    id: &str,
    creature: Creature,
    what: &str,
    report: Value,
) -> Result<(), RuleError> {
    let mut r = record(ctx, id)?.clone();
    r.creature = creature;
    set_creature(ctx, id, r, what, report)
}

/// The standing effects on creature `id`: those the data of the running engine effects on it
/// list (see [`crate::standing`]; the backlash rows are the first to use them).
pub(in crate::ruleset) fn standing_on(
    ctx: &Ctx<'_, Crows>,
    id: &str,
) -> Vec<crate::standing::Active> {
    ctx.core()
        .effects
        .iter()
        .filter(|e| e.target.as_deref() == Some(id))
        .flat_map(|e| crate::standing::read(&e.id, &e.data))
        .collect()
}
