//! Objects at the table («Выносливость», CR-DMG-09, CR-CORE-07): a door, a chest, a rope
//! bridge the Referee puts into play with `place_object`, and damage to it with
//! `damage_object`. An object's Stamina goes down and it is destroyed at 0
//! ([`crate::damage::damage_object`]); a structure entered without Stamina takes no damage
//! unless a rule says so; an object never takes a condition (`add_condition` on an object's
//! id is refused, CR-DMG-09). Corpses are objects too, but they are the dead creature's
//! (`corpses` in [`super::CrowsState`]).

use engine::{Ctx, RuleError, Visibility};

use super::events::CoreEvent;
use super::testing::MAX_TASK_TEXT;
use crate::creature::{Magic, Object, Size};
use crate::damage::DamageError;
use crate::ruleset::adapter::{Crows, err};
use crate::ruleset::state::{CrowsState, PlacedObject};

/// Who hears of an object's events.
fn audience(placed: &PlacedObject) -> Visibility {
    if placed.hidden {
        Visibility::Referee
    } else {
        Visibility::Public
    }
}

/// `place_object`: puts `id` into play, or replaces what the Referee said of it (its damage
/// with it). Its id may not be a creature's or a corpse's: conditions and damage name one
/// thing by an id.
pub(super) fn place_object(
    ctx: &mut Ctx<'_, Crows>,
    id: &str,
    name: &str,
    size: Size,
    stamina: Option<u16>,
    magic: bool,
    hidden: bool,
) -> Result<(), RuleError> {
    let rules: &CrowsState = ctx.rules();
    let (id, name) = (id.trim(), name.trim());
    crate::damage::may_place_object(
        id,
        name,
        MAX_TASK_TEXT,
        rules.creatures.contains_key(id) || rules.corpses.contains_key(id),
        !rules.objects.contains_key(id),
        rules.objects.len(),
        stamina,
    )
    .map_err(|e| match e {
        DamageError::ObjectIdTaken { .. } => err("id_taken", e),
        DamageError::TooManyObjects { .. } => err("too_many_objects", e),
        _ => err("bad_object", e),
    })?;
    let placed = PlacedObject {
        object: Object {
            name: name.to_string(),
            size,
            magic: if magic { Magic::Magic } else { Magic::Mundane },
            stamina,
            destroyed: false,
            corpse: None,
        },
        hidden,
    };
    // A hidden object that was shown before stays known by what the players last heard.
    let visibility = match rules.objects.get(id) {
        Some(before) if !before.hidden => Visibility::Public,
        _ => audience(&placed),
    };
    ctx.emit_for(
        CoreEvent::ObjectPlaced {
            id: id.to_string(),
            placed: Box::new(placed),
        },
        visibility,
    )
}

/// `damage_object`: `amount` damage to object `id` (CR-DMG-09). Refused for a structure
/// without Stamina (CR-CORE-07) and for an object already destroyed.
pub(super) fn damage_object(
    ctx: &mut Ctx<'_, Crows>,
    id: &str,
    amount: u16,
) -> Result<(), RuleError> {
    let placed = ctx.rules().objects.get(id);
    crate::damage::damageable(id, placed.map(|p| &p.object)).map_err(|e| match e {
        DamageError::NoObject { .. } => err("no_object", e),
        DamageError::Destroyed { .. } => err("destroyed", e),
        _ => err("no_stamina", e),
    })?;
    let Some(mut placed) = placed.cloned() else {
        return Ok(());
    };
    let destroyed = crate::damage::damage_object(&mut placed.object, amount);
    let visibility = audience(&placed);
    ctx.emit_for(
        CoreEvent::ObjectDamaged {
            id: id.to_string(),
            amount,
            stamina: placed.object.stamina.unwrap_or(0),
            destroyed,
        },
        visibility,
    )
}

/// The refusal of a condition on an object (CR-DMG-09), if `id` names one.
pub(super) fn no_conditions(rules: &CrowsState, id: &str) -> Result<(), RuleError> {
    crate::damage::no_conditions(rules.objects.get(id).map(|p| &p.object))
        .map_err(|e| err("condition_refused", e))
}
