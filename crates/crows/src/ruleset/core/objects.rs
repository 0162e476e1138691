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
use crate::ruleset::adapter::Crows;
use crate::ruleset::state::{CrowsState, PlacedObject};

/// Most objects one table holds (each is a few hundred bytes of state and view).
pub const MAX_OBJECTS: usize = 1_000;

/// The longest object id (characters).
pub const MAX_OBJECT_ID: usize = 64;

fn refuse(code: &str, message: String, rule: &str) -> RuleError {
    RuleError::new(code, message).rule(rule)
}

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
    let id = id.trim();
    if id.is_empty() || id.chars().count() > MAX_OBJECT_ID {
        return Err(refuse(
            "bad_object",
            format!("an object's id is 1…{MAX_OBJECT_ID} characters (CR-DMG-09)"),
            "CR-DMG-09",
        ));
    }
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_TASK_TEXT {
        return Err(refuse(
            "bad_object",
            format!("name the object in 1…{MAX_TASK_TEXT} characters (CR-DMG-09)"),
            "CR-DMG-09",
        ));
    }
    if rules.creatures.contains_key(id) || rules.corpses.contains_key(id) {
        return Err(refuse(
            "id_taken",
            format!("`{id}` is a creature's id: an object needs its own (CR-DMG-09)"),
            "CR-DMG-09",
        ));
    }
    if !rules.objects.contains_key(id) && rules.objects.len() >= MAX_OBJECTS {
        return Err(refuse(
            "too_many_objects",
            format!("a table holds at most {MAX_OBJECTS} objects (limits.objects)"),
            "limits.objects",
        ));
    }
    if stamina == Some(0) {
        return Err(refuse(
            "bad_object",
            "an object with Stamina starts above 0; leave `stamina` out for a structure \
             that takes no damage (CR-DMG-09, CR-CORE-07)"
                .into(),
            "CR-DMG-09",
        ));
    }
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
    let Some(placed) = ctx.rules().objects.get(id) else {
        return Err(refuse(
            "no_object",
            format!("no object `{id}` is in play (place_object first) (CR-DMG-09)"),
            "CR-DMG-09",
        ));
    };
    let mut placed = placed.clone();
    let name = placed.object.name.clone();
    if placed.object.destroyed {
        return Err(refuse(
            "destroyed",
            format!("{name} is already destroyed (CR-DMG-09)"),
            "CR-DMG-09",
        )
        .with_args(serde_json::json!({"item": name})));
    }
    if placed.object.stamina.is_none() {
        return Err(refuse(
            "no_stamina",
            format!(
                "{name} has no Stamina: a structure takes no damage unless a rule says so \
                 (CR-CORE-07)"
            ),
            "CR-CORE-07",
        ));
    }
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
    match rules.objects.get(id) {
        Some(placed) => Err(refuse(
            "condition_refused",
            format!(
                "{} is an object: objects take no conditions (CR-DMG-09)",
                placed.object.name
            ),
            "CR-DMG-09",
        )),
        None => Ok(()),
    }
}
