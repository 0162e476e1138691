//! Reactions as the table offers them (CR-REACT-*): the weapons a creature could react with,
//! whether it still may, spending the reaction and asking its controller.

use engine::{Answerer, Ctx, DecisionRequest, RuleError, Visibility};
use serde_json::{Value, json};

use crate::combat::attacks::AttackTool;
use crate::combat::grid::{Square, natural_reach};
use crate::combat::reactions::ReactionKind;
use crate::conditions::ConditionKind;
use crate::expertise::WeaponCategory;
use crate::inventory::SlotKind;
use crate::test_roll::AttackRange;

use super::board::{fight_err, grid_audience};
use super::state::{CombatEvent, Fight, WeaponUse};
use crate::ruleset::adapter::{Crows, decoded};
use crate::ruleset::core::records::living;

pub(crate) fn unarmed() -> WeaponUse {
    WeaponUse {
        name: "unarmed strike".into(),
        item: None,
        natural: None,
        tool: AttackTool {
            name: "unarmed strike".into(),
            category: Some(WeaponCategory::Unarmed),
            spell: false,
            melee: true,
            extra_reach: 0,
            range: 0,
            thrown: false,
            ammunition: false,
            fragile: false,
            properties: Vec::new(),
        },
        characteristics: crate::combat::attacks::UNARMED_CHARACTERISTICS.to_vec(),
        tiers: None,
        ammunition: None,
    }
}

/// Every weapon `id` may attack with now: weapons held in hand and its card's natural
/// attacks (CR-ATK-01, CR-CBT-12).
pub(in crate::ruleset) fn weapons(ctx: &Ctx<'_, Crows>, id: &str) -> Vec<WeaponUse> {
    weapons_in(ctx.rules(), id)
}

/// [`weapons`] read from a state (the forecast's policy chooses among the same weapons).
pub(in crate::ruleset) fn weapons_in(
    state: &crate::ruleset::state::CrowsState,
    id: &str,
) -> Vec<WeaponUse> {
    let Some(r) = state.creatures.get(id) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (item, at) in r.creature.inventory.items() {
        if at.kind != SlotKind::Hand || out.iter().any(|w: &WeaponUse| w.item == Some(item.id)) {
            continue;
        }
        let Some(w) = item
            .card
            .as_ref()
            .and_then(|c| state.content.items.get(c))
            .and_then(|c| c.weapon.as_ref())
        else {
            continue;
        };
        let range = u32::from(w.range.unwrap_or(0));
        out.push(WeaponUse {
            name: item.name.clone(),
            item: Some(item.id),
            natural: None,
            tool: AttackTool {
                name: item.name.clone(),
                category: Some(w.category),
                spell: false,
                melee: w.attack == AttackRange::Melee,
                extra_reach: w.reach_bonus,
                range: if w.attack == AttackRange::Ranged || w.thrown {
                    range
                } else {
                    0
                },
                thrown: w.thrown,
                ammunition: w.ammunition.is_some(),
                fragile: w.fragile,
                properties: Vec::new(),
            },
            characteristics: w.characteristics.clone(),
            tiers: Some(w.tiers.clone()),
            ammunition: w.ammunition.clone(),
        });
    }
    let card = state
        .combat
        .placements
        .get(id)
        .and_then(|p| p.card.as_ref())
        .and_then(|c| state.content.creatures.get(c));
    if let Some(card) = card {
        let natural = natural_reach(r.creature.size);
        for a in &card.attacks {
            out.push(WeaponUse {
                name: a.name.clone(),
                item: None,
                natural: Some(a.name.clone()),
                tool: AttackTool {
                    name: a.name.clone(),
                    category: None,
                    spell: false,
                    melee: a.attack == AttackRange::Melee,
                    extra_reach: a.reach.unwrap_or(natural).saturating_sub(natural),
                    range: u32::from(a.range.unwrap_or(0)),
                    thrown: false,
                    ammunition: false,
                    fragile: false,
                    properties: Vec::new(),
                },
                characteristics: vec![a.characteristic],
                tiers: Some(a.tiers.clone()),
                ammunition: None,
            });
        }
    }
    out
}

/// The melee weapons `id` holds (counters and opportunity attacks, CR-REACT-03/05).
pub(in crate::ruleset) fn melee_weapons(ctx: &Ctx<'_, Crows>, id: &str) -> Vec<WeaponUse> {
    weapons(ctx, id)
        .into_iter()
        .filter(|w| w.tool.melee)
        .collect()
}

/// Whether `id` could take a reaction in `round` (CR-REACT-01/07, CR-ERR-42).
pub(in crate::ruleset) fn can_react(ctx: &Ctx<'_, Crows>, f: &Fight, id: &str, round: u32) -> bool {
    let Some(r) = ctx.rules().creatures.get(id) else {
        return false;
    };
    let conscious = r.creature.alive && !r.creature.conditions.has(ConditionKind::Unconscious);
    let surprise = f
        .number(id)
        .and_then(|n| f.combat.surprise_allows_reaction(n).ok())
        .unwrap_or(true);
    conscious && surprise && f.reactions.get(id).is_none_or(|s| s.available(round))
}

/// Spends `id`'s reaction of this round (CR-REACT-01/07).
pub(in crate::ruleset) fn use_reaction(
    ctx: &mut Ctx<'_, Crows>,
    f: &Fight,
    id: &str,
    kind: ReactionKind,
) -> Result<(), RuleError> {
    let r = living(ctx, id)?;
    let conscious = !r.creature.conditions.has(ConditionKind::Unconscious);
    let surprise = f
        .number(id)
        .and_then(|n| f.combat.surprise_allows_reaction(n).ok())
        .unwrap_or(true);
    let round = f.round();
    let mut state = f.reactions.get(id).copied().unwrap_or_default();
    state.spend(round, conscious, surprise).map_err(fight_err)?;
    let vis = grid_audience(ctx, id);
    ctx.emit_for(
        CombatEvent::ReactionUsed {
            creature: id.to_string(),
            round,
            kind,
        },
        vis,
    )
}

pub(in crate::ruleset) fn field<T: serde::de::DeserializeOwned>(
    v: &Value,
    key: &str,
) -> Result<T, RuleError> {
    decoded(v, key)
        .ok_or_else(|| RuleError::new("bad_continuation", format!("the combat step lacks `{key}`")))
}

pub(in crate::ruleset) fn weapon_options(ws: &[WeaponUse]) -> Vec<(String, String, Value)> {
    ws.iter()
        .enumerate()
        .map(|(n, w)| {
            (
                format!("weapon_{}", n + 1),
                format!("With {}", w.name),
                json!(w),
            )
        })
        .collect()
}

pub(in crate::ruleset) fn ask_with_weapons(
    ctx: &mut Ctx<'_, Crows>,
    kind: &str,
    prompt: String,
    reactor: &str,
    options: Vec<(String, String, Value)>,
    context: Value,
) -> Result<(), RuleError> {
    let mut labels: Vec<(String, String)> = options
        .iter()
        .map(|(a, b, _)| (a.clone(), b.clone()))
        .collect();
    labels.push(("pass".into(), "Let it go".into()));
    let refs: Vec<(&str, &str)> = labels
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let mut vis = grid_audience(ctx, reactor);
    if ctx.rules().creatures.get(reactor).is_some_and(|r| r.hidden) {
        vis = Visibility::Referee;
    }
    let mut request = DecisionRequest::new(
        kind,
        prompt,
        Answerer::Controller(reactor.to_string()),
        &refs,
    )
    .with_default("pass")
    .with_visibility(vis)
    // The prompt's words come from the same ids and numbers the context names.
    .with_args(context.clone())
    .with_context(context);
    for (opt, (_, _, data)) in request.options.iter_mut().zip(options) {
        opt.data = data;
    }
    ctx.ask(request).map(|_| ())
}

/// Offers `watcher` an opportunity attack on `mover`, still at `at` (CR-REACT-05, CR-ERR-41).
pub(in crate::ruleset) fn offer_opportunity(
    ctx: &mut Ctx<'_, Crows>,
    watcher: &str,
    mover: &str,
    at: Square,
    remaining: &[Square],
) -> Result<(), RuleError> {
    let ws = melee_weapons(ctx, watcher);
    ask_with_weapons(
        ctx,
        "crows.combat.opportunity_attack",
        format!("{mover} is leaving {watcher}'s reach: make an opportunity attack? (CR-REACT-05)"),
        watcher,
        weapon_options(&ws),
        json!({"creature": watcher, "watcher": watcher, "mover": mover, "at": at, "remaining": remaining}),
    )
}
