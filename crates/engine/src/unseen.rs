//! Combatants some viewers do not know about (a hidden monster in the combat order).
//!
//! The ruleset says who knows a combatant is in the fight
//! ([`crate::Ruleset::combatant_visibility`]; everyone by default). The engine then keeps
//! such a combatant out of what the others get of the combat:
//!
//! - **Its own events** (its `TurnStart`/`TurnEnd` boundaries, the `combat_turn` that makes it
//!   act, its insertion, delay or removal) go only to those who know it: the others get
//!   nothing. Its turn passes silently for them — the rules' view: no one knows an unseen
//!   creature is there, so nothing announces it acting. The Referee's time running its turn
//!   still passes (a timing no table can hide).
//! - **Events that list or count the order** (combat started, a new order, a turn or a place
//!   given by slot) go in full to those who know every unseen combatant in it; the others get
//!   a masked form written over the order without the unseen ones (its slots counted there),
//!   so it reads as at a table without them. A viewer who knows some unseen combatants but not
//!   all gets that public form in the log; its view of the state is exact.
//! - **The state view** ([`view_combat`]) lists for each viewer only the combatants it knows;
//!   while one it does not know acts, the view still points at the one before it (first in
//!   its round: at the first one it knows), and the public `combat_turn` waits until a known
//!   combatant acts, so the log reads exactly as at a table without the unseen one.

use crate::core::{CharacterId, Viewer, Visibility};
use crate::event::EventBody;
use crate::time::{Boundary, Combat};

/// What viewers who do not know every combatant may know: the intersection of two
/// visibilities (the Referee always knows).
pub fn both(a: &Visibility, b: &Visibility) -> Visibility {
    match (a, b) {
        (Visibility::Public, v) | (v, Visibility::Public) => v.clone(),
        (Visibility::Referee, _) | (_, Visibility::Referee) => Visibility::Referee,
        (Visibility::Players(x), Visibility::Players(y)) => {
            Visibility::Players(x.intersection(y).cloned().collect())
        }
    }
}

/// Applies a combat-order event to a combat (the clock's part of `apply_body`).
pub(crate) fn apply_combat(combat: &mut Option<Combat>, body: &EventBody) {
    match body {
        EventBody::CombatStarted {
            order,
            waits_for_order,
        } => {
            *combat = Some(Combat {
                order: order.clone(),
                round: 1,
                current: 0,
                next_order: None,
                waits_for_order: *waits_for_order,
                groups: Vec::new(),
                next_groups: None,
            })
        }
        EventBody::GroupedCombatStarted {
            order,
            groups,
            waits_for_order,
        } => {
            *combat = Some(Combat {
                order: order.clone(),
                round: 1,
                current: 0,
                next_order: None,
                waits_for_order: *waits_for_order,
                groups: groups.clone(),
                next_groups: None,
            })
        }
        EventBody::CombatTurn { round, current } => {
            if let Some(c) = combat {
                if *round != c.round
                    && let Some(next) = c.next_order.take()
                {
                    c.order = next;
                    // A plain next order in a combat with groups: each combatant alone.
                    c.groups = match c.next_groups.take() {
                        Some(groups) => groups,
                        None if c.grouped() => (0..).take(c.order.len()).collect(),
                        None => Vec::new(),
                    };
                }
                c.round = *round;
                c.current = *current;
            }
        }
        EventBody::CombatReordered { order } => {
            if let Some(c) = combat {
                c.next_order = Some(order.clone());
                c.next_groups = None;
            }
        }
        EventBody::CombatReorderedGrouped { order, groups } => {
            if let Some(c) = combat {
                c.next_order = Some(order.clone());
                c.next_groups = Some(groups.clone());
            }
        }
        EventBody::CombatantInserted { who, slot, group } => {
            if let Some(c) = combat {
                c.insert(who, *slot, *group);
            }
        }
        EventBody::CombatantRemoved { who } => {
            if let Some(c) = combat {
                c.remove(who);
            }
        }
        EventBody::CombatantDelayed { who, slot, group } => {
            if let Some(c) = combat {
                c.remove(who);
                c.insert(who, *slot, *group);
            }
        }
        EventBody::CombatRoundOver { round } => {
            if let Some(c) = combat {
                c.round = *round;
                c.current = c.order.len();
            }
        }
        EventBody::CombatEnded => *combat = None,
        _ => {}
    }
}

/// Slots of `order` (with their tie groups, if any) everyone knows.
fn public_part(
    order: &[CharacterId],
    groups: &[u32],
    known: &impl Fn(&str) -> Visibility,
) -> (Vec<CharacterId>, Vec<u32>) {
    let mut out = Vec::new();
    let mut out_groups = Vec::new();
    for (i, who) in order.iter().enumerate() {
        if known(who) == Visibility::Public {
            out.push(who.clone());
            if let Some(g) = groups.get(i) {
                out_groups.push(*g);
            }
        }
    }
    (out, out_groups)
}

/// How many of the first `slot` slots of `order` everyone knows (a slot in the public order).
fn public_slot(order: &[CharacterId], slot: usize, known: &impl Fn(&str) -> Visibility) -> usize {
    order
        .iter()
        .take(slot)
        .filter(|who| known(who) == Visibility::Public)
        .count()
}

/// Who gets `body` (a combat-order event or a boundary, emitted when the combat was `before`
/// and makes it `after`) in full, and the masked form the others get (`None`: nothing).
/// `known` is each combatant's visibility. Every other event: public, no mask.
pub fn order_secrecy(
    before: Option<&Combat>,
    after: Option<&Combat>,
    body: &EventBody,
    known: impl Fn(&str) -> Visibility,
) -> (Visibility, Option<EventBody>) {
    // Those who know every unseen combatant the event could count.
    let everyone_in = || {
        let mut vis = Visibility::Public;
        for c in before.into_iter().chain(after) {
            let next = c.next_order.iter().flatten();
            for who in c.order.iter().chain(next) {
                vis = both(&vis, &known(who));
            }
        }
        vis
    };
    let alone = |who: &str| (known(who), None);
    match body {
        EventBody::BoundaryPassed {
            boundary: Boundary::TurnStart { who } | Boundary::TurnEnd { who },
        } => alone(who),
        EventBody::CombatantInserted { who, slot, group } => {
            let vis = known(who);
            if vis != Visibility::Public {
                return (vis, None);
            }
            let order = after.map(|c| c.order.as_slice()).unwrap_or_default();
            let masked = EventBody::CombatantInserted {
                who: who.clone(),
                slot: public_slot(order, *slot, &known),
                group: *group,
            };
            masked_unless_same(everyone_in(), body, masked)
        }
        EventBody::CombatantDelayed { who, slot, group } => {
            let vis = known(who);
            if vis != Visibility::Public {
                return (vis, None);
            }
            // `slot` counts the order without `who`.
            let mut order = after.map(|c| c.order.clone()).unwrap_or_default();
            order.retain(|c| c != who);
            let masked = EventBody::CombatantDelayed {
                who: who.clone(),
                slot: public_slot(&order, *slot, &known),
                group: *group,
            };
            masked_unless_same(everyone_in(), body, masked)
        }
        EventBody::CombatantRemoved { who } => alone(who),
        EventBody::CombatTurn { round, .. } => {
            let vis = everyone_in();
            let (Some(c), false) = (after, vis == Visibility::Public) else {
                return (Visibility::Public, None);
            };
            // What the turn change looks like over the public order: nothing at all when it
            // moves only among unseen combatants (the public form moved on already).
            let public = |c: &Combat| visible_part(c, |who| known(who) == Visibility::Public);
            let now = public(c);
            let unchanged = before.map(public).is_some_and(|was| {
                (was.round, was.current, &was.order) == (now.round, now.current, &now.order)
            });
            if unchanged {
                return (vis, None);
            }
            let masked = EventBody::CombatTurn {
                round: *round,
                current: now.current,
            };
            masked_unless_same(vis, body, masked)
        }
        EventBody::CombatStarted {
            order,
            waits_for_order,
        } => {
            let (public, _) = public_part(order, &[], &known);
            if public.is_empty() {
                return (everyone_in(), None);
            }
            let masked = EventBody::CombatStarted {
                order: public,
                waits_for_order: *waits_for_order,
            };
            masked_unless_same(everyone_in(), body, masked)
        }
        EventBody::GroupedCombatStarted {
            order,
            groups,
            waits_for_order,
        } => {
            let (public, groups) = public_part(order, groups, &known);
            if public.is_empty() {
                return (everyone_in(), None);
            }
            let masked = EventBody::GroupedCombatStarted {
                order: public,
                groups,
                waits_for_order: *waits_for_order,
            };
            masked_unless_same(everyone_in(), body, masked)
        }
        EventBody::CombatReordered { order } => {
            let (public, _) = public_part(order, &[], &known);
            let masked = EventBody::CombatReordered { order: public };
            masked_unless_same(everyone_in(), body, masked)
        }
        EventBody::CombatReorderedGrouped { order, groups } => {
            let (public, groups) = public_part(order, groups, &known);
            let masked = EventBody::CombatReorderedGrouped {
                order: public,
                groups,
            };
            masked_unless_same(everyone_in(), body, masked)
        }
        _ => (Visibility::Public, None),
    }
}

/// `body` in full to `vis` and `masked` to the others — or to everyone when no one is left
/// out or the masked form says the same.
fn masked_unless_same(
    vis: Visibility,
    body: &EventBody,
    masked: EventBody,
) -> (Visibility, Option<EventBody>) {
    if vis == Visibility::Public || &masked == body {
        (Visibility::Public, None)
    } else {
        (vis, Some(masked))
    }
}

/// The combat as `viewer` knows it: only the combatants it knows (`known`), their slots,
/// groups and the acting slot counted among them (while one it does not know acts, the one
/// before it; first in its round, the first one it knows).
pub fn view_combat(combat: &Combat, viewer: &Viewer, known: impl Fn(&str) -> Visibility) -> Combat {
    visible_part(combat, |who| known(who).allows(viewer))
}

/// The combat over the combatants `sees` keeps (see [`view_combat`]).
fn visible_part(combat: &Combat, sees: impl Fn(&str) -> bool) -> Combat {
    let mut order = Vec::new();
    let mut groups = Vec::new();
    let mut current: usize = 0;
    for (i, who) in combat.order.iter().enumerate() {
        if sees(who) {
            if i < combat.current {
                current += 1;
            }
            order.push(who.clone());
            if let Some(g) = combat.groups.get(i) {
                groups.push(*g);
            }
        }
    }
    let mut next_groups = combat.next_groups.as_ref().map(|_| Vec::new());
    let next_order = combat.next_order.as_ref().map(|next| {
        let mut out = Vec::new();
        for (i, who) in next.iter().enumerate() {
            if sees(who) {
                out.push(who.clone());
                if let (Some(ng), Some(g)) = (
                    next_groups.as_mut(),
                    combat.next_groups.as_ref().and_then(|gs| gs.get(i)),
                ) {
                    ng.push(*g);
                }
            }
        }
        out
    });
    // An unseen combatant acting: the turn before it still shows (its own passes unseen);
    // first in its round, the first combatant the viewer knows.
    let acting_unseen = combat
        .order
        .get(combat.current)
        .is_some_and(|who| !sees(who));
    if acting_unseen {
        current = current.saturating_sub(1);
    }
    Combat {
        order,
        round: combat.round,
        current,
        next_order,
        waits_for_order: combat.waits_for_order,
        groups,
        next_groups,
    }
}
