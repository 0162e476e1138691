//! The backlash table played at the table: rolling d100 + rank, the repeat and ground rules,
//! and every row's mechanics applied to the creatures (see [`super`]'s docs).

use super::state::RefereeCall;
use crate::ruleset::magic::state::BacklashRecord;
use crate::ruleset::magic::state::SavedForm;

use engine::{Answer, Boundary, Ctx, Decision, EffectSpec, Expiry, RuleError, Visibility};
use serde_json::{Value, json};

use super::super::adapter::Crows;
use super::super::adapter::{err, roll_d6s, roll_die};
use super::super::core::commands::CoreCommand;
use super::super::core::{CoreEvent, audience, drop_to_ground, record, set_creature_only};
use super::super::request::TestRequest;
use super::super::then::{BacklashResistance, MagicThen, Then};
use super::calls::{ask_referee, config};
use super::state::{
    AreaContext, BacklashEffectData, CallContext, DecisionContext, HotTemperContext,
    MAX_BACKLASH_REROLLS, MAX_LISTED, MagicEvent, OverlapContext, Remembered,
};
use crate::backlash::{
    ActiveBacklash, Affected, BacklashDuration, BacklashEffect, BacklashError, BacklashRow,
    BacklashStep, CasterSituation, ItemFate, OverlapRule, Resolution, Trigger, row_by_id,
};
use crate::conditions::{ConditionKind, Grab};
use crate::creature::Creature;
use crate::damage::gain_wounds;
use crate::inventory::{CarriedItem, Inventory, InventoryLayout, ItemId, SlotRef, WoundKind};
use crate::ruleset::travel::state::SiteKind;
use crate::standing::{Standing, StandingData};
use crate::test_roll::{Characteristic, ResolvedTest, TestKind, Tier};

/// What the view shows of a caster's backlashes.
pub(super) fn view(v: &[BacklashRecord]) -> Value {
    json!(
        v.iter()
            .filter_map(|b| row_by_id(b.active.id).ok().map(|r| (b, r)))
            .map(|(b, r)| json!({
                "row": r.id, "range": [r.low, r.high], "note": r.note, "stacks": b.active.stacks,
                "usage_dice": b.active.usage_dice, "duration": r.duration, "effects": r.effects,
                "effect": b.effect,
            }))
            .collect::<Vec<_>>()
    )
}

fn active_of(ctx: &Ctx<'_, Crows>, caster: &str) -> Vec<BacklashRecord> {
    ctx.rules()
        .magic
        .backlashes
        .get(caster)
        .cloned()
        .unwrap_or_default()
}

fn set_active(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    active: Vec<BacklashRecord>,
    what: &str,
) -> Result<(), RuleError> {
    let vis = audience(ctx, caster);
    ctx.emit_for(
        MagicEvent::BacklashesSet {
            caster: caster.to_string(),
            active,
            what: what.to_string(),
        },
        vis,
    )
}

/// Rolls d100 + rank and resolves (CR-SPELL-16/17/18).
pub(super) fn roll(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    rank: u8,
    situation: CasterSituation,
    targets: &[String],
    tries: usize,
) -> Result<(), RuleError> {
    if tries >= MAX_BACKLASH_REROLLS {
        // The cap on fresh rolls is reached after dice were rolled: refusing now would make
        // the casting's acceptance depend on its faces (secrecy). The Referee picks a row
        // that applies instead (as for two overlapping rows, CR-ERR-01).
        return referee_picks_after_rerolls(ctx, caster, rank, situation, targets);
    }
    let vis = audience(ctx, caster);
    let d100 = roll_die(ctx, "backlash d100", 100, vis.clone())?;
    let overlap: OverlapRule = config(ctx, "backlash_overlap");
    let active: Vec<ActiveBacklash> = active_of(ctx, caster)
        .into_iter()
        .map(|b| b.active)
        .collect();
    let step = crate::backlash::roll_backlash(d100, rank, overlap, &active, situation)
        .map_err(|e| err("bad_backlash", e))?;
    let total = d100 + rank;
    let result = match &step {
        BacklashStep::Resolved(Resolution::Apply { row, stacks, .. }) => {
            json!({"apply": row.id, "stacks": stacks})
        }
        BacklashStep::Resolved(Resolution::RollAnother { row, reason }) => {
            json!({"roll_another": row.id, "reason": reason})
        }
        BacklashStep::RefereePicks(rows) => {
            json!({"referee_picks": rows.iter().map(|r| r.id).collect::<Vec<_>>()})
        }
    };
    ctx.emit_for(
        MagicEvent::BacklashRolled {
            caster: caster.to_string(),
            d100,
            rank,
            total,
            result,
        },
        vis,
    )?;
    match step {
        BacklashStep::Resolved(Resolution::Apply {
            row,
            stacks,
            caster_is_target,
        }) => apply_row(
            rules,
            ctx,
            RowOnCaster {
                caster,
                row,
                stacks,
                caster_is_target,
                targets,
            },
            None,
        ),
        BacklashStep::Resolved(Resolution::RollAnother { .. }) => {
            roll(rules, ctx, caster, rank, situation, targets, tries + 1)
        }
        BacklashStep::RefereePicks(rows) => {
            let options: Vec<(String, String)> = rows
                .iter()
                .map(|r| {
                    (
                        format!("row_{}", r.id),
                        format!("{}–{}: {}", r.low, r.high, r.note),
                    )
                })
                .collect();
            let refs: Vec<(&str, &str)> = options
                .iter()
                .map(|(a, b)| (a.as_str(), b.as_str()))
                .collect();
            ask_referee(
                ctx,
                "backlash_overlap",
                format!("Backlash total {total} matches two rows: pick one (CR-ERR-01)"),
                &refs,
                OverlapContext {
                    caster,
                    rank,
                    situation,
                    targets,
                    total: Some(total),
                    reason: "overlap",
                }
                .to_value(),
            )
            .map(|_| ())
        }
    }
}

/// [`MAX_BACKLASH_REROLLS`] fresh rolls found no row that applies: the Referee picks one of
/// the rows that would apply now (the answer goes through `backlash_overlap`).
fn referee_picks_after_rerolls(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    rank: u8,
    situation: CasterSituation,
    targets: &[String],
) -> Result<(), RuleError> {
    let active: Vec<ActiveBacklash> = active_of(ctx, caster)
        .into_iter()
        .map(|b| b.active)
        .collect();
    let options: Vec<(String, String)> = crate::backlash::TABLE
        .iter()
        .filter(|r| {
            matches!(
                crate::backlash::resolve(r, &active, situation),
                Resolution::Apply { .. }
            )
        })
        .map(|r| {
            (
                format!("row_{}", r.id),
                format!("{}–{}: {}", r.low, r.high, r.note),
            )
        })
        .collect();
    if options.is_empty() {
        // No row could ever apply to this caster now: there is nothing to pick.
        return Ok(());
    }
    let refs: Vec<(&str, &str)> = options
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    ask_referee(
        ctx,
        "backlash_overlap",
        format!(
            "{MAX_BACKLASH_REROLLS} backlash rolls found no row that applies: pick one \
             (MAX_BACKLASH_REROLLS)"
        ),
        &refs,
        OverlapContext {
            caster,
            rank,
            situation,
            targets,
            total: None,
            reason: "no_row",
        }
        .to_value(),
    )
    .map(|_| ())
}

/// Who an area of the row touches, from the Referee's list of creatures near the caster.
fn affected(to: Affected, caster: &str, near: &[String]) -> Vec<String> {
    match to {
        Affected::Caster => vec![caster.to_string()],
        Affected::CasterAndWithin(_) | Affected::Within(_) | Affected::OnGround => {
            std::iter::once(caster.to_string())
                .chain(near.iter().filter(|n| *n != caster).cloned())
                .collect()
        }
        Affected::AlliesNearTarget(_) | Affected::Roller => near.to_vec(),
    }
}

fn needs_area(row: &BacklashRow) -> Option<u8> {
    row.effects.iter().find_map(|e| match e {
        BacklashEffect::Damage { to, .. }
        | BacklashEffect::ResistanceRoll { to, .. }
        | BacklashEffect::Push { to, .. } => match to {
            Affected::CasterAndWithin(n) | Affected::Within(n) | Affected::AlliesNearTarget(n) => {
                Some(*n)
            }
            Affected::OnGround => Some(1),
            _ => None,
        },
        _ => None,
    })
}

/// Damage to one creature through core's damage command: vulnerable dice, armor, and the
/// standing doublings of 15–16 and 57–58, which core applies to every damage (CR-BL-08/29).
pub(super) fn hurt(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    id: &str,
    amount: u16,
    piercing: bool,
) -> Result<(), RuleError> {
    if !record(ctx, id)?.creature.alive {
        return Ok(());
    }
    rules.core_decide(
        &CoreCommand::Damage {
            creature: id.to_string(),
            amount,
            piercing,
            doubled: false,
            by_player: false,
        },
        ctx,
    )
}

fn sum(faces: &[u8]) -> u16 {
    faces.iter().map(|f| u16::from(*f)).sum()
}

/// A backlash row as it falls on a caster: how many stacks, and the spell's targets (the
/// caster may be one, CR-SPELL-17).
#[derive(Debug, Clone, Copy)]
pub(super) struct RowOnCaster<'a> {
    pub caster: &'a str,
    pub row: &'static BacklashRow,
    pub stacks: u8,
    pub caster_is_target: bool,
    pub targets: &'a [String],
}

/// Applies a row to the caster (and to the creatures the Referee listed near it): asks for
/// the creatures near it first when the row needs them, then tallies the row's effects in the
/// row's order (its dice are rolled in that order), writes the caster once and follows up
/// with the damage, wounds, resistance rolls and Referee's calls the tally collected.
pub(super) fn apply_row(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    on: RowOnCaster<'_>,
    near: Option<Vec<String>>,
) -> Result<(), RuleError> {
    let near = match (needs_area(on.row), near) {
        (Some(squares), None) => return ask_for_area(ctx, on, squares),
        (_, n) => n.unwrap_or_default(),
    };
    let falling = Falling {
        caster: on.caster,
        row: on.row,
        stacks: on.stacks,
        near: &near,
        vis: audience(ctx, on.caster),
    };
    let mut c = record(ctx, on.caster)?.creature.clone();
    let mut active = active_of(ctx, on.caster);
    let mut rec = match active.iter().position(|b| b.active.id == on.row.id) {
        Some(i) if on.row.duration != BacklashDuration::Instant => {
            let mut b = active.remove(i);
            b.active.stacks = on.stacks;
            b
        }
        _ => BacklashRecord {
            active: ActiveBacklash::start(on.row),
            effect: None,
            speed: 0,
            lost: None,
            item: None,
            saved: None,
        },
    };
    let mut tally = Tally::default();
    // The speed of the whole row at this many stacks (CR-BL-06/19 slow more each time).
    let speed = i16::try_from(crate::backlash::speed_change(on.row, on.stacks)).unwrap_or(0);
    if speed != rec.speed {
        let walk = i16::from(c.speeds.walk) + speed - rec.speed;
        c.speeds.walk = u8::try_from(walk.max(0)).unwrap_or(u8::MAX);
        tally.report.insert("speed".into(), json!(speed));
        rec.speed = speed;
    }
    for effect in on.row.effects {
        tally_effect(ctx, &falling, &mut c, &mut rec, &mut tally, *effect)?;
    }
    write_row(
        ctx,
        &falling,
        c,
        rec,
        active,
        on.caster_is_target,
        &mut tally,
    )?;
    follow_up(rules, ctx, &falling, tally)
}

/// A row as it falls on its caster, with the creatures the Referee listed near it.
struct Falling<'a> {
    caster: &'a str,
    row: &'static BacklashRow,
    stacks: u8,
    near: &'a [String],
    vis: Visibility,
}

/// What a row's effects add up to before anything is written.
#[derive(Default)]
struct Tally {
    report: serde_json::Map<String, Value>,
    /// (creature, damage, piercing)
    hits: Vec<(String, u16, bool)>,
    wounds: Vec<(u16, WoundKind)>,
    rolls: Vec<(String, Characteristic)>,
    calls: Vec<RefereeCall>,
    /// The item a Referee's call moves to another creature.
    moving: Option<u32>,
    dropped: Vec<CarriedItem>,
    lost_forever: bool,
    standing: Vec<&'static str>,
    /// Standing effects this fall made besides the row's own (the weapon hand's item).
    extra_standing: Vec<Standing>,
}

impl Tally {
    fn call(&mut self, call: &str, prompt: impl Into<String>, options: &[(&str, &str)]) {
        self.calls.push((
            call.into(),
            prompt.into(),
            options
                .iter()
                .map(|(a, b)| ((*a).to_string(), (*b).to_string()))
                .collect(),
        ));
    }
}

/// The Referee lists the creatures within the row's area before it applies.
fn ask_for_area(
    ctx: &mut Ctx<'_, Crows>,
    on: RowOnCaster<'_>,
    squares: u8,
) -> Result<(), RuleError> {
    let RowOnCaster {
        caster,
        row,
        stacks,
        caster_is_target,
        targets,
    } = on;
    let around_target = row.needs_creature_target && !caster_is_target;
    let whose = if around_target {
        format!("the spell's target ({})", targets.join(", "))
    } else {
        "the caster".to_string()
    };
    let context = AreaContext {
        caster,
        row: row.id,
        stacks,
        caster_is_target,
        targets,
        squares,
        around_target,
    };
    ask_referee(
        ctx,
        "backlash_area",
        format!(
            "Backlash {}–{} ({}): list the creatures within {squares} squares of {whose}, \
             as ids separated by commas (CR-BL-{:02}{})",
            row.low,
            row.high,
            row.note,
            row.id,
            if caster_is_target {
                ", CR-SPELL-17: the caster is the target"
            } else {
                ""
            }
        ),
        &[("apply", "Apply to the caster and these creatures")],
        context.to_value(),
    )?;
    Ok(())
}

/// One effect of the row, tallied: the words it leaves standing, then its own mechanics.
fn tally_effect(
    ctx: &mut Ctx<'_, Crows>,
    f: &Falling<'_>,
    c: &mut Creature,
    rec: &mut BacklashRecord,
    t: &mut Tally,
    effect: BacklashEffect,
) -> Result<(), RuleError> {
    use BacklashEffect as E;
    match effect {
        E::Damage { .. }
        | E::Condition { .. }
        | E::ResistanceRoll { .. }
        | E::Wounds { .. }
        | E::SpecialWounds(_)
        | E::StaminaToZero
        | E::CharacteristicLoss(_) => on_the_body(ctx, f, c, rec, t, effect)?,
        E::DropOneHandSlot
        | E::DestroyNearestRations { .. }
        | E::CardDraw(_)
        | E::MeltTreasure { .. }
        | E::HandBecomesWeapon => on_what_it_carries(ctx, f, c, rec, t, effect)?,
        E::Push { .. } | E::Teleport { .. } => on_its_place(ctx, f, t, effect)?,
        E::Frog | E::SwapExpertise => on_its_form(ctx, f, c, rec, t, effect)?,
        E::SummonHostile {
            d6,
            creature,
            within,
        } => {
            let faces = roll_d6s(ctx, "hostile creatures", d6, &f.vis)?;
            t.report.insert(
                "summoned".into(),
                json!({"count": sum(&faces), "creature": creature, "within": within}),
            );
            t.call("summons", format!("{} {creature} appear within {within} squares, hostile to the caster: place and run them (CR-BL-23)", sum(&faces)), &[("done", "Placed")]);
        }
        E::Noise { heard_within } => t.call(
            "noise",
            format!("Heard by every creature within {heard_within}: place an encounter if the curious come (CR-BL-12)"),
            &[("encounter", "An encounter comes"), ("none", "Nobody comes")],
        ),
        E::MisdirectedSpell => t.call(
            "misdirected",
            format!("Is the spell beneficial (cast on the nearest enemy) or harmful (on the caster), ignoring range? Write the tier in the text (default tier {}) (CR-BL-36, CR-ERR-70)", crate::backlash::MISDIRECTED_DEFAULT_TIER.number()),
            &[("beneficial", "Beneficial: the nearest enemy"), ("harmful", "Harmful: the caster")],
        ),
        E::ViewingPortal => {
            // The caster's rivals as the campaign named them (CR-EXT-15), then anyone else.
            let mut options: Vec<(String, String)> = c
                .rivals
                .iter()
                .enumerate()
                .map(|(i, r)| (format!("rival_{}", i + 1), r.clone()))
                .collect();
            options.push(("done".into(), "Someone else (write who)".into()));
            t.calls.push((
                "portal".into(),
                "Choose the foe or rival by whom the portal opens (CR-BL-33)".into(),
                options,
            ));
        }
        E::Triggered { trigger, .. } => {
            t.report.insert("trigger".into(), json!(trigger));
        }
        E::RestBlockedUntilFed { pounds } => {
            t.report.insert("flesh_to_feed".into(), json!(pounds));
        }
        E::LostForever => t.lost_forever = true,
        // Resolved elsewhere: resistance outcomes and the row's speed (above); the rest are
        // only words standing while the row runs.
        E::FixedDamage { .. }
        | E::GrabbedUntilNextTurnEnd
        | E::MayMove(_)
        | E::Speed(_)
        | E::CannotStand
        | E::Bane(_)
        | E::AttacksAgainstBonus(_)
        | E::CannotHide
        | E::StealthAutoFails
        | E::CannotSpeak
        | E::CannotHear
        | E::BrightLightIsDarkness
        | E::DamageTakenMultiplier { .. }
        | E::FreedByAnothersAction
        | E::HandsUnusable
        | E::CastingTierPenalty
        | E::HeadgearBlocked
        | E::DonkeyHead => {}
    }
    // CR-ERR-68: a creature whose hands stop working drops what it holds (below, with every
    // standing effect's displaced items); the words say what stands while the row runs.
    if let Some(words) = effect.described() {
        t.standing.push(words);
    }
    Ok(())
}

/// Damage, conditions, resistance rolls, wounds and characteristics.
fn on_the_body(
    ctx: &mut Ctx<'_, Crows>,
    f: &Falling<'_>,
    c: &mut Creature,
    rec: &mut BacklashRecord,
    t: &mut Tally,
    effect: BacklashEffect,
) -> Result<(), RuleError> {
    match effect {
        BacklashEffect::Damage { to, piercing, .. } => {
            let n = crate::backlash::damage_dice(f.row, f.stacks);
            let faces = roll_d6s(ctx, &format!("backlash {} damage", f.row.id), n, &f.vis)?;
            for id in affected(to, f.caster, f.near) {
                t.hits.push((id, sum(&faces), piercing));
            }
            t.report.insert("damage".into(), json!(sum(&faces)));
        }
        BacklashEffect::Condition { kind, .. } => {
            add_condition(c, kind, f.row.id);
            t.report.insert("condition".into(), json!(kind));
        }
        BacklashEffect::ResistanceRoll {
            to, characteristic, ..
        } => {
            for id in affected(to, f.caster, f.near) {
                t.rolls.push((id, characteristic));
            }
        }
        BacklashEffect::Wounds { d6 } => {
            let faces = roll_d6s(ctx, "backlash wounds", d6, &f.vis)?;
            t.wounds.push((sum(&faces), WoundKind::Normal));
            t.report.insert("wounds".into(), json!(sum(&faces)));
        }
        BacklashEffect::SpecialWounds(n) => t.wounds.push((u16::from(n), WoundKind::Special)),
        BacklashEffect::StaminaToZero => c.stamina = 0,
        BacklashEffect::CharacteristicLoss(ch) => {
            let before = c.characteristics.get(ch);
            let after = c.characteristics.adjust_clamped(ch, -1);
            let prev = rec.lost.map_or(0, |(_, n)| n);
            rec.lost = Some((ch, prev + (before - after)));
            t.report
                .insert("characteristic".into(), json!({"which": ch, "now": after}));
        }
        _ => {}
    }
    Ok(())
}

/// Hand slots, rations, the card draw, melted treasure and the weapon hand.
fn on_what_it_carries(
    ctx: &mut Ctx<'_, Crows>,
    f: &Falling<'_>,
    c: &mut Creature,
    rec: &mut BacklashRecord,
    t: &mut Tally,
    effect: BacklashEffect,
) -> Result<(), RuleError> {
    match effect {
        BacklashEffect::DropOneHandSlot => {
            let hands = c.inventory.layout().hands;
            let options = (1..=hands)
                .map(|h| (format!("hand_{h}"), format!("Hand slot {h}")))
                .collect();
            t.calls.push(("hand_slot".into(), "Pick one of the caster's hand slots: its item falls and the slot is unusable until the end of the dungeon turn (CR-BL-10)".into(), options));
        }
        BacklashEffect::DestroyNearestRations { d6 } => {
            let faces = roll_d6s(ctx, "rations destroyed", d6, &f.vis)?;
            let mut left = sum(&faces);
            let rations: Vec<ItemId> = c
                .inventory
                .all_items()
                .filter(|i| {
                    i.card
                        .as_ref()
                        .and_then(|id| ctx.rules().content.items.get(id))
                        .is_some_and(|card| card.ration)
                })
                .map(|i| i.id)
                .collect();
            let mut gone = Vec::new();
            for id in rations {
                if left == 0 {
                    break;
                }
                if c.inventory.remove(id).is_ok() {
                    gone.push(id);
                    left -= 1;
                }
            }
            t.report.insert("rations_destroyed".into(), json!(gone));
        }
        BacklashEffect::CardDraw(fate) => card_draw(ctx, f, c, rec, t, fate)?,
        BacklashEffect::MeltTreasure { coins_per_pip } => {
            let d6 = roll_die(ctx, "melted coins d6", 6, f.vis.clone())?;
            let mut options: Vec<(String, String)> = vec![(
                "coins".into(),
                format!("{} coins", u32::from(d6) * u32::from(coins_per_pip)),
            )];
            options.extend(
                c.inventory
                    .all_items()
                    .map(|i| (format!("item_{}", i.id.0), i.name.clone())),
            );
            t.calls.push((
                "treasure".into(),
                "Pick at random the treasure that melts (CR-BL-38)".into(),
                options,
            ));
        }
        BacklashEffect::HandBecomesWeapon => {
            // The mundane one-handed weapons the table's item cards know (CR-EXT-15): one at
            // random becomes the hand; without any the Referee names one.
            let weapons = ctx.rules().content.mundane_one_handed_weapons();
            let n = u8::try_from(weapons.len()).unwrap_or(u8::MAX);
            if n == 0 {
                t.call(
                    "weapon",
                    "Pick at random a mundane one-handed weapon: write its name; hand slot 1 becomes it for ever (CR-BL-53)",
                    &[("weapon", "This weapon")],
                );
                return Ok(());
            }
            let pick = if n > 1 {
                roll_die(ctx, "mundane one-handed weapon", n, f.vis.clone())?
            } else {
                1
            };
            let Some(card) = weapons
                .get(usize::from(pick) - 1)
                .and_then(|w| ctx.rules().content.items.get(w))
                .cloned()
            else {
                return Ok(());
            };
            let id = super::super::core::fresh_id(ctx);
            let mut hand = card.to_carried(id);
            hand.name = format!("{} (hand)", card.name);
            // Hand slot 1 is the weapon for good: what it held falls, and core refuses
            // anything else there (or the weapon anywhere else).
            let weapon = Standing::HandReserved { hand: 1, item: id };
            t.dropped.extend(displace(c, &[weapon], f.row));
            c.inventory
                .add(hand, &[SlotRef::hand(1)])
                .map_err(|e| err("inventory", e))?;
            t.extra_standing.push(weapon);
            t.report
                .insert("weapon".into(), json!({"card": card.id, "item": id}));
        }
        _ => {}
    }
    Ok(())
}

/// The card draw: one of the caster's cards, drawn at random, meets the row's fate.
fn card_draw(
    ctx: &mut Ctx<'_, Crows>,
    f: &Falling<'_>,
    c: &mut Creature,
    rec: &mut BacklashRecord,
    t: &mut Tally,
    fate: ItemFate,
) -> Result<(), RuleError> {
    let deck: Vec<ItemId> = c.inventory.all_items().map(|i| i.id).collect();
    let d10 = roll_die(ctx, "card draw d10", 10, f.vis.clone())?;
    if deck.is_empty() {
        t.report.insert("card".into(), Value::Null);
        return Ok(());
    }
    // Drawing the d10-th card of a shuffled deck (or its last card, CR-ERR-66) picks one
    // card uniformly: the shuffle is one recorded die over the deck.
    let n = u8::try_from(deck.len()).unwrap_or(u8::MAX);
    let pick = if n > 1 {
        roll_die(ctx, "card shuffled into place", n, f.vis.clone())?
    } else {
        1
    };
    let id = deck[usize::from(pick) - 1];
    t.report
        .insert("card".into(), json!({"d10": d10, "item": id}));
    match fate {
        ItemFate::Goat | ItemFate::ToDungeon => {
            let it = c.inventory.remove(id).map_err(|e| err("inventory", e))?;
            t.report.insert("item_name".into(), json!(it.name));
            if fate == ItemFate::Goat {
                rec.item = Some(it);
                t.call(
                    "goat",
                    "The item is a goat you control; end the backlash when the goat dies (CR-BL-16)",
                    &[("done", "Noted")],
                );
            } else {
                // The campaign's dungeons on the travel map (CR-EXT-15), then any other.
                let mut options: Vec<(String, String)> = ctx
                    .rules()
                    .travel
                    .sites
                    .iter()
                    .filter(|(_, site)| site.kind == SiteKind::Dungeon)
                    .map(|(id, site)| (format!("site_{id}"), site.name.clone()))
                    .collect();
                options.push(("done".into(), "Another dungeon (write which)".into()));
                t.calls.push((
                    "dungeon".into(),
                    "Choose the dungeon the item vanished to (CR-BL-40)".into(),
                    options,
                ));
            }
        }
        ItemFate::ToCreatureWithin(n) => {
            t.call(
                "recipient",
                format!("Pick at random a creature within {n} squares: write its id; item {} goes to it (CR-BL-17)", id.0),
                &[("give", "Give the item")],
            );
            t.report.insert("moving_item".into(), json!(id));
            t.moving = Some(id.0);
        }
        ItemFate::FeatherDuster => {
            if let Some(it) = c.inventory.item_mut(id) {
                rec.item = Some(it.clone());
                it.name = "feather duster".into();
                it.armor = None;
                it.usage = None;
            }
        }
    }
    Ok(())
}

/// Pushes and teleports: the dice say how far, the Referee where.
fn on_its_place(
    ctx: &mut Ctx<'_, Crows>,
    f: &Falling<'_>,
    t: &mut Tally,
    effect: BacklashEffect,
) -> Result<(), RuleError> {
    match effect {
        BacklashEffect::Push { d6, to } => {
            let faces = roll_d6s(ctx, "pushed squares", d6, &f.vis)?;
            t.report.insert(
                "pushed".into(),
                json!({"squares": sum(&faces), "creatures": affected(to, f.caster, f.near)}),
            );
            t.call(
                "direction",
                format!(
                    "Set a random direction: everyone listed is pushed {} squares (CR-BL-13)",
                    sum(&faces)
                ),
                &[("done", "Moved")],
            );
        }
        BacklashEffect::Teleport { d6, up_to } => {
            let squares = if d6 > 0 {
                sum(&roll_d6s(ctx, "teleport squares", d6, &f.vis)?)
            } else {
                u16::from(up_to)
            };
            t.report.insert(
                "teleport".into(),
                json!({"squares": squares, "exact": d6 > 0}),
            );
            t.call(
                "direction",
                format!("Choose the direction: the caster teleports {}{squares} squares horizontally into an unoccupied space", if d6 > 0 { "" } else { "up to " }),
                &[("done", "Moved")],
            );
        }
        _ => {}
    }
    Ok(())
}

/// The frog and the swapped expertise: the caster's form changes, the old one is kept.
fn on_its_form(
    ctx: &mut Ctx<'_, Crows>,
    f: &Falling<'_>,
    c: &mut Creature,
    rec: &mut BacklashRecord,
    t: &mut Tally,
    effect: BacklashEffect,
) -> Result<(), RuleError> {
    match effect {
        BacklashEffect::Frog => {
            let frog = crate::backlash::FROG;
            let old = std::mem::replace(
                &mut c.inventory,
                Inventory::new(InventoryLayout {
                    hands: 0,
                    belt: 0,
                    backpack: 0,
                }),
            );
            let mut kept = old.clone();
            // CR-ERR-71: every carried item falls; the wounds wait for the slots.
            let ids: Vec<ItemId> = kept.all_items().map(|i| i.id).collect();
            for id in ids {
                if let Ok(it) = kept.remove(id) {
                    t.dropped.push(it);
                }
            }
            rec.saved = Some(Box::new(SavedForm {
                size: c.size,
                max_stamina: c.max_stamina,
                stamina: c.stamina,
                speeds: c.speeds,
                expertises: c.expertises.clone(),
                inventory: kept,
            }));
            c.size = frog.size;
            c.max_stamina = u16::from(frog.max_stamina);
            c.stamina = c.stamina.min(c.max_stamina);
            c.expertises = crate::expertise::Expertises::default();
            c.speeds.climb = Some(c.speeds.walk);
            c.speeds.swim = Some(c.speeds.walk);
        }
        BacklashEffect::SwapExpertise => {
            let owned: Vec<crate::expertise::ExpertiseName> =
                c.expertises.uses.keys().copied().collect();
            let missing: Vec<crate::expertise::ExpertiseName> = crate::expertise::EXPERTISES
                .iter()
                .map(|r| r.name)
                .filter(|n| !owned.contains(n))
                .collect();
            if owned.is_empty() || missing.is_empty() {
                return Ok(());
            }
            let a = roll_die(
                ctx,
                "expertise lost",
                u8::try_from(owned.len()).unwrap_or(u8::MAX),
                f.vis.clone(),
            )?;
            let b = roll_die(
                ctx,
                "expertise gained",
                u8::try_from(missing.len()).unwrap_or(u8::MAX),
                f.vis.clone(),
            )?;
            let from = owned[usize::from(a) - 1];
            let to = missing[usize::from(b) - 1];
            let uses = c.expertises.uses.remove(&from).map_or(0, |u| u.max);
            c.expertises.learn(to, uses);
            t.report.insert(
                "expertise".into(),
                json!({"lost": from, "gained": to, "uses": uses}),
            );
        }
        _ => {}
    }
    Ok(())
}

/// Writes the tallied caster, logs the row, drops what fell and keeps a lasting row running.
fn write_row(
    ctx: &mut Ctx<'_, Crows>,
    f: &Falling<'_>,
    mut c: Creature,
    mut rec: BacklashRecord,
    mut active: Vec<BacklashRecord>,
    caster_is_target: bool,
    t: &mut Tally,
) -> Result<(), RuleError> {
    let (caster, row) = (f.caster, f.row);
    if !t.standing.is_empty() {
        t.report.insert("standing".into(), json!(t.standing));
    }
    // What the row's standing effects forbid where it is falls now (the hands that become
    // feet, CR-ERR-68; a head item pushed off by the antlers, our reading of CR-BL-51).
    let mut dropped = std::mem::take(&mut t.dropped);
    dropped.extend(displace(&mut c, &row.standing(), row));
    if t.lost_forever {
        c.alive = false;
    }
    set_creature_only(
        ctx,
        caster,
        c,
        &format!("backlash {}–{}", row.low, row.high),
        Value::Object(t.report.clone()),
    )?;
    ctx.emit_for(
        MagicEvent::BacklashApplied {
            caster: caster.to_string(),
            row: row.id,
            stacks: f.stacks,
            caster_is_target,
            note: row.note.to_string(),
            narrative: row.narrative,
            report: Value::Object(std::mem::take(&mut t.report)),
        },
        f.vis.clone(),
    )?;
    if t.lost_forever {
        ctx.emit_for(
            CoreEvent::Died {
                id: caster.to_string(),
            },
            f.vis.clone(),
        )?;
        ctx.emit_for(
            MagicEvent::LostForever {
                creature: caster.to_string(),
            },
            f.vis.clone(),
        )?;
    }
    drop_to_ground(ctx, caster, dropped)?;
    if row.duration == BacklashDuration::Instant || t.lost_forever {
        return Ok(());
    }
    if rec.effect.is_none() {
        let expiry = match row.duration {
            BacklashDuration::EndOfDungeonTurn => Expiry::After {
                on: Boundary::ExplorationTurnEnd,
                remaining: 1,
            },
            _ => Expiry::Never,
        };
        let mut spec = EffectSpec::new("crows.backlash", expiry).on(caster);
        spec.visibility = f.vis.clone();
        // The standing effects live in the effect's data, where core's slot checks and
        // damage read them (crate::standing).
        spec.data = json!(BacklashEffectData {
            row: row.id,
            standing: StandingData {
                rule: row.rule(),
                note: row.note.to_string(),
                standing: [row.standing(), std::mem::take(&mut t.extra_standing)].concat(),
            },
        });
        rec.effect = Some(ctx.start_effect(spec)?);
    }
    active.push(rec);
    set_active(ctx, caster, active, "backlash applied")
}

/// The damage, wounds, resistance rolls and Referee's calls a row's tally collected.
fn follow_up(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    f: &Falling<'_>,
    t: Tally,
) -> Result<(), RuleError> {
    let (caster, row) = (f.caster, f.row);
    for (id, amount, piercing) in t.hits {
        hurt(rules, ctx, &id, amount, piercing)?;
    }
    for (n, kind) in t.wounds {
        let mut c = record(ctx, caster)?.creature.clone();
        if !c.alive || n == 0 {
            continue;
        }
        let outcome = gain_wounds(&mut c, n, kind);
        set_creature_only(ctx, caster, c, "backlash wounds", json!(n))?;
        rules.outcome(ctx, caster, outcome)?;
    }
    for (id, ch) in t.rolls {
        TestRequest::new(id, ch)
            .kind(TestKind::ResistanceRoll)
            .then(Then::Magic(MagicThen::Resistance {
                resistance: BacklashResistance {
                    caster: caster.to_string(),
                    row: row.id,
                },
            }))
            .roll(rules, ctx)?;
    }
    for (call, prompt, options) in t.calls {
        let refs: Vec<(&str, &str)> = options
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let context = CallContext {
            caster,
            row: row.id,
            call: &call,
            item: t.moving,
        };
        ask_referee(
            ctx,
            "backlash_call",
            format!("Backlash {}–{} on {caster}: {prompt}", row.low, row.high),
            &refs,
            context.to_value(),
        )?;
    }
    Ok(())
}

fn add_condition(c: &mut Creature, kind: ConditionKind, row: u8) {
    if kind == ConditionKind::Grabbed {
        // CR-ERR-03/04: the sand or the earth is the grabber.
        c.conditions.grab(Grab {
            by: format!("backlash {row}"),
            range: 0,
        });
    } else {
        let _ = c.conditions.apply(kind);
    }
}

/// Takes out of `c` what these standing effects of `row` forbid where it is (see
/// [`crate::standing::displaced`]): the items to drop.
fn displace(c: &mut Creature, standing: &[Standing], row: &BacklashRow) -> Vec<CarriedItem> {
    let active: Vec<crate::standing::Active> = standing
        .iter()
        .map(|s| crate::standing::Active {
            effect: String::new(),
            rule: row.rule(),
            note: row.note.to_string(),
            standing: *s,
        })
        .collect();
    crate::standing::displaced(&active, &c.inventory)
        .into_iter()
        .filter_map(|id| c.inventory.remove(id).ok())
        .collect()
}

/// Adds a standing effect the Referee's pick completed (the numb hand, the weapon hand) to the
/// running effect of `row` on `caster`.
fn add_standing(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    row: u8,
    standing: Standing,
) -> Result<(), RuleError> {
    let Some(id) = active_of(ctx, caster)
        .into_iter()
        .find(|b| b.active.id == row)
        .and_then(|b| b.effect)
    else {
        return Ok(());
    };
    let Some(mut data) = ctx
        .core()
        .effect(&id)
        .and_then(|e| serde_json::from_value::<BacklashEffectData>(e.data.clone()).ok())
    else {
        return Ok(());
    };
    data.standing.standing.push(standing);
    ctx.update_effect(&id, json!(data))
}

/// Puts an item into the first free slot of `c` (or returns it to be dropped).
fn give(c: &mut Creature, item: CarriedItem) -> Option<CarriedItem> {
    let layout = c.inventory.layout();
    let slots: Vec<SlotRef> = (1..=layout.backpack)
        .map(SlotRef::backpack)
        .chain((1..=layout.belt).map(SlotRef::belt))
        .chain((1..=layout.hands).map(SlotRef::hand))
        .collect();
    let need = usize::from(item.slots.max(1));
    for w in slots.windows(need) {
        if c.inventory.add(item.clone(), w).is_ok() {
            return None;
        }
    }
    Some(item)
}

/// A resistance roll of a backlash row is final: its tier's effects (CR-BL-26/28/32).
pub(super) fn resistance_done(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    roller: &str,
    resolved: &ResolvedTest,
    data: &BacklashResistance,
) -> Result<(), RuleError> {
    let row = row_by_id(data.row).map_err(|e| err("bad_backlash", e))?;
    let Some(BacklashEffect::ResistanceRoll {
        tier1,
        tier2,
        tier3,
        ..
    }) = row
        .effects
        .iter()
        .find(|e| matches!(e, BacklashEffect::ResistanceRoll { .. }))
    else {
        return Ok(());
    };
    let effects = match resolved.final_tier {
        Tier::One => tier1,
        Tier::Two => tier2,
        Tier::Three => tier3,
    };
    let mut c = record(ctx, roller)?.creature.clone();
    let mut notes: Vec<String> = Vec::new();
    // The same facts as data, for a log that words them itself.
    let mut may_move: Option<u8> = None;
    let mut held_damage = false;
    let mut damage = Vec::new();
    for e in effects.iter() {
        match *e {
            BacklashEffect::FixedDamage { amount, .. } => damage.push((u16::from(amount), false)),
            BacklashEffect::Condition { kind, .. } => add_condition(&mut c, kind, row.id),
            BacklashEffect::GrabbedUntilNextTurnEnd => {
                c.conditions.grab(Grab {
                    by: format!("backlash {} until its next turn ends", row.id),
                    range: 0,
                });
            }
            BacklashEffect::MayMove(n) => {
                may_move = Some(n);
                notes.push(format!("may move {n} squares"));
            }
            BacklashEffect::Triggered { .. } => {
                held_damage = true;
                notes.push("takes 1d6 piercing at the end of every round while held".into());
            }
            _ => {}
        }
    }
    set_creature_only(
        ctx,
        roller,
        c,
        &format!("backlash {}–{} resistance roll", row.low, row.high),
        json!({"tier": resolved.final_tier.number(), "notes": notes, "may_move": may_move,
            "held_damage": held_damage}),
    )?;
    for (amount, piercing) in damage {
        hurt(rules, ctx, roller, amount, piercing)?;
    }
    Ok(())
}

/// Fires a running row's trigger (CR-BL-04/05/06/22/35/49).
pub(super) fn fire(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    row_id: u8,
    near: &[String],
) -> Result<(), RuleError> {
    let active = active_of(ctx, caster);
    let running: Vec<u8> = active.iter().map(|b| b.active.id).collect();
    let (row, trigger, then) =
        crate::backlash::trigger_of(caster, row_id, &running).map_err(|e| match e {
            BacklashError::NotUnder { .. } => err("no_backlash", e),
            BacklashError::NoTrigger { .. } => err("no_trigger", e),
            _ => err("bad_backlash", e),
        })?;
    // The record is there: `trigger_of` found the row running.
    let Some(rec) = active.into_iter().find(|b| b.active.id == row_id) else {
        return Ok(());
    };
    let vis = audience(ctx, caster);
    if let Trigger::Speaking { d10_face } = trigger {
        let f = roll_die(ctx, "speaking d10", 10, vis.clone())?;
        if f != d10_face {
            return Ok(());
        }
    }
    if let Trigger::CombatTurnStartOddDie = trigger {
        let f = roll_die(ctx, "slug die", 6, vis.clone())?;
        let option = if f % 2 == 1 { "vomits_slugs" } else { "acts" };
        return ctx.emit_for(
            MagicEvent::Called {
                creature: caster.to_string(),
                call: "slugs".into(),
                option: option.into(),
                text: None,
            },
            vis,
        );
    }
    for e in then.iter() {
        if let BacklashEffect::Damage { to, piercing, .. } = *e {
            let n = crate::backlash::damage_dice(row, rec.active.stacks);
            let faces = roll_d6s(ctx, &format!("backlash {} damage", row.id), n, &vis)?;
            let who = match to {
                Affected::Within(_) => near.to_vec(),
                _ => vec![caster.to_string()],
            };
            for id in who {
                hurt(rules, ctx, &id, sum(&faces), piercing)?;
            }
        }
    }
    Ok(())
}

/// The Referee's `backlash_trigger`: for what the engine cannot see. Speaking (07–08) and
/// failing to rhyme (43–44) have no command (the rulebook does not make casting speech); a
/// soaked turn start off the battle grid and a magic item activated near an allergic creature
/// neither. The grid's water squares and castings within reach fire on their own
/// ([`turn_start`], [`magic_used_near`]).
pub(super) fn trigger(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    row: u8,
    near: &[String],
) -> Result<(), RuleError> {
    if near.len() > MAX_LISTED {
        return Err(RuleError::new(
            "too_many_creatures",
            format!("at most {MAX_LISTED} creatures"),
        )
        .rule("MAX_LISTED"));
    }
    for n in near {
        record(ctx, n)?;
    }
    fire(rules, ctx, caster, row, near)
}

/// Undoes what a record changed on its caster.
fn undo(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    rec: &BacklashRecord,
    why: &str,
) -> Result<(), RuleError> {
    let Ok(r) = record(ctx, caster).cloned() else {
        return Ok(());
    };
    let mut c = r.creature.clone();
    let mut dropped = Vec::new();
    if rec.speed != 0 {
        let walk = i16::from(c.speeds.walk) - rec.speed;
        c.speeds.walk = u8::try_from(walk.max(0)).unwrap_or(u8::MAX);
    }
    if let Some((ch, n)) = rec.lost {
        c.characteristics.adjust_clamped(ch, n);
    }
    if let Some(saved) = &rec.saved {
        c.size = saved.size;
        c.max_stamina = saved.max_stamina;
        c.stamina = saved
            .stamina
            .min(saved.max_stamina)
            .max(c.stamina.min(saved.max_stamina));
        c.speeds = saved.speeds;
        c.expertises = saved.expertises.clone();
        c.inventory = saved.inventory.clone();
    }
    if let Some(item) = &rec.item {
        if let Some(it) = c.inventory.item_mut(item.id) {
            // The feather duster is itself again.
            *it = item.clone();
        } else if rec.active.id == 16 {
            // The goat died: the item is back.
            if let Some(it) = give(&mut c, item.clone()) {
                dropped.push(it);
            }
        }
    }
    if c != r.creature {
        set_creature_only(ctx, caster, c, why, json!({"row": rec.active.id}))?;
    }
    drop_to_ground(ctx, caster, dropped)?;
    if rec.active.id == 32 {
        quicksand_gone(ctx, why)?;
    }
    if rec.active.id == 35 {
        // Freed from the earth (CR-ERR-04: the earth was the grabber).
        release_from(ctx, caster, "backlash 35", why)?;
    }
    if let Some(e) = &rec.effect
        && ctx.core().effect(e).is_some()
    {
        ctx.end_effect(e)?;
    }
    Ok(())
}

/// The quicksand is over (CR-ERR-69 default: it lasts until the end of the dungeon turn):
/// unless another caster's quicksand still runs, everyone it holds is free.
fn quicksand_gone(ctx: &mut Ctx<'_, Crows>, why: &str) -> Result<(), RuleError> {
    let still = ctx
        .rules()
        .magic
        .backlashes
        .values()
        .flatten()
        .any(|b| b.active.id == 32);
    if still {
        return Ok(());
    }
    let held: Vec<String> = ctx
        .rules()
        .creatures
        .iter()
        .filter(|(_, r)| {
            r.creature.conditions.get(ConditionKind::Grabbed).is_some_and(|g| {
                matches!(&g.detail, crate::conditions::ConditionDetail::Grab(gr) if gr.by == "backlash 32")
            })
        })
        .map(|(id, _)| id.clone())
        .collect();
    for id in held {
        release_from(ctx, &id, "backlash 32", why)?;
    }
    Ok(())
}

/// Ends `who`'s grab if its grabber is the backlash `by` (the earth of 69–70, the sand of 62–64).
fn release_from(ctx: &mut Ctx<'_, Crows>, who: &str, by: &str, why: &str) -> Result<(), RuleError> {
    let Ok(r) = record(ctx, who) else {
        return Ok(());
    };
    let mut c = r.creature.clone();
    let held = c.conditions.get(ConditionKind::Grabbed).is_some_and(
        |g| matches!(&g.detail, crate::conditions::ConditionDetail::Grab(gr) if gr.by == by),
    );
    if held
        && c.conditions
            .end_grab(crate::conditions::GrabEnd::EffectExpired)
    {
        set_creature_only(ctx, who, c, why, json!({"grabbed_by": by}))?;
    }
    Ok(())
}

/// Ends the records of `caster` that `ends` selects, undoing them.
fn end_where(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    why: &str,
    ends: impl Fn(&BacklashRecord) -> bool,
) -> Result<(), RuleError> {
    let all = active_of(ctx, caster);
    let (gone, kept): (Vec<_>, Vec<_>) = all.into_iter().partition(|b| ends(b));
    if gone.is_empty() {
        return Ok(());
    }
    set_active(ctx, caster, kept, why)?;
    for rec in gone {
        undo(ctx, caster, &rec, why)?;
    }
    Ok(())
}

pub(super) fn end_by_referee(
    _rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    row: u8,
) -> Result<(), RuleError> {
    let r = row_by_id(row).map_err(|e| err("bad_backlash", e))?;
    let running = ctx.rules().magic.running_rows(caster);
    crate::backlash::may_end_by_condition(caster, r, &running).map_err(|e| match e {
        BacklashError::NotUnder { .. } => err("no_backlash", e),
        _ => err("not_condition_bound", e),
    })?;
    end_where(ctx, caster, "its condition was met", |b| b.active.id == row)
}

/// The caster (or whoever reaches it) cuts one special wound away (CR-BL-27).
pub(super) fn cut_tentacle(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    bladed: bool,
) -> Result<(), RuleError> {
    let running = ctx.rules().magic.running_rows(caster);
    crate::backlash::may_cut_tentacle(caster, &running, bladed).map_err(|e| match e {
        BacklashError::NoTentacles { .. } => err("no_tentacles", e),
        _ => err("not_bladed", e),
    })?;
    let mut c = record(ctx, caster)?.creature.clone();
    let layout = c.inventory.layout();
    let slot = (1..=layout.backpack).find(|s| c.inventory.wound_at(*s) == Some(WoundKind::Special));
    if let Some(s) = slot {
        c.inventory
            .remove_wound(s)
            .map_err(|e| err("inventory", e))?;
    }
    let left = (1..=layout.backpack)
        .filter(|s| c.inventory.wound_at(*s) == Some(WoundKind::Special))
        .count();
    set_creature_only(
        ctx,
        caster,
        c,
        "tentacle cut away",
        json!({"special_wounds_left": left}),
    )?;
    if left == 0 {
        end_where(ctx, caster, "the tentacles are gone", |b| {
            b.active.id == crate::backlash::TENTACLES_ROW
        })?;
    }
    Ok(())
}

/// End of a dungeon turn: DT rows end, UD rows roll (CR-SPELL-19), the hot temper asks.
pub(super) fn end_of_turn(_rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    // A caster the rest does not count for (it did not sleep, CR-REST-01) keeps them.
    let magic = &ctx.rules().magic;
    let casters: Vec<String> = magic
        .backlashes
        .keys()
        .filter(|c| !magic.rest_not_counted.contains(*c))
        .cloned()
        .collect();
    for caster in casters {
        let vis = audience(ctx, &caster);
        let mut all = active_of(ctx, &caster);
        let mut ended = Vec::new();
        for b in &mut all {
            let row = row_by_id(b.active.id).map_err(|e| err("bad_backlash", e))?;
            let n = match row.duration {
                BacklashDuration::UsageDice(max) => b.active.usage_dice.unwrap_or(max),
                _ => 0,
            };
            let faces = roll_d6s(
                ctx,
                &format!("usage dice: backlash {}–{}", row.low, row.high),
                n,
                &vis,
            )?;
            if b.active
                .end_of_dungeon_turn(&faces)
                .map_err(|e| err("bad_usage", e))?
            {
                ended.push(b.active.id);
            }
            if b.active.id == 5 {
                ask_referee(
                    ctx,
                    "hot_temper",
                    format!(
                        "Did {caster} harm another creature this dungeon turn? If not it takes {}d6 piercing (CR-BL-05)",
                        crate::backlash::damage_dice(row, b.active.stacks)
                    ),
                    &[
                        ("harmed", "It harmed someone"),
                        ("not_harmed", "It did not"),
                    ],
                    HotTemperContext {
                        caster: &caster,
                        row: 5,
                        stacks: b.active.stacks,
                    }
                    .to_value(),
                )?;
            }
        }
        set_active(ctx, &caster, all, "usage dice rolled")?;
        end_where(ctx, &caster, "the backlash ran out", |b| {
            ended.contains(&b.active.id)
        })?;
    }
    Ok(())
}

/// A finished rest ends the until-rest rows (CR-BL-41/44/45/46).
pub(super) fn rest_end(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let casters: Vec<String> = ctx.rules().magic.backlashes.keys().cloned().collect();
    for caster in casters {
        end_where(ctx, &caster, "a rest was finished", |b| {
            b.active.ends_at_rest()
        })?;
    }
    Ok(())
}

/// The start of a creature's combat turn: the slug die (CR-BL-37) and the earth (CR-BL-35).
pub(super) fn turn_start(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    who: &str,
) -> Result<(), RuleError> {
    let rows: Vec<u8> = active_of(ctx, who).iter().map(|b| b.active.id).collect();
    if rows.contains(&37) {
        fire(rules, ctx, who, 37, &[])?;
    }
    // The chill of 11–12 bites a turn started in the water (CR-BL-06).
    for row in rows_triggered_by(&rows, |t| t == Trigger::TurnStartWetOrUnderwater) {
        if in_water(ctx.rules(), who) {
            fire(rules, ctx, who, row, &[])?;
        }
    }
    let buried = record(ctx, who).ok().is_some_and(|r| {
        r.creature.conditions.get(ConditionKind::Grabbed).is_some_and(|g| {
            matches!(&g.detail, crate::conditions::ConditionDetail::Grab(gr) if gr.by == "backlash 35")
        })
    });
    if rows.contains(&35) && buried {
        fire(rules, ctx, who, 35, &[])?;
    }
    Ok(())
}

/// The running rows among `rows` whose trigger `which` selects, with their ids.
fn rows_triggered_by(rows: &[u8], which: impl Fn(Trigger) -> bool) -> Vec<u8> {
    rows.iter()
        .copied()
        .filter(|id| {
            row_by_id(*id).is_ok_and(|r| {
                r.effects.iter().any(
                    |e| matches!(e, BacklashEffect::Triggered { trigger, .. } if which(*trigger)),
                )
            })
        })
        .collect()
}

/// Whether `who` stands in water (soaked) or under it on the battle grid. A creature off the
/// grid, or soaked some other way, is the Referee's `backlash_trigger`: the engine cannot see
/// it.
fn in_water(state: &crate::ruleset::state::CrowsState, who: &str) -> bool {
    let Some((space, _)) = crate::ruleset::combat::board::space_of(state, who) else {
        return false;
    };
    let grid = state.combat.grid();
    space.squares().any(|sq| {
        let cell = grid.cell(sq);
        cell.water || cell.submerging
    })
}

/// Squares between two creatures: their spaces on the battle grid, else their positions; `None`
/// when the engine does not know where one of them is.
fn squares_between(state: &crate::ruleset::state::CrowsState, a: &str, b: &str) -> Option<u32> {
    use crate::ruleset::combat::board::space_of;
    if let (Some((sa, _)), Some((sb, _))) = (space_of(state, a), space_of(state, b)) {
        return Some(sa.distance_to(&sb));
    }
    let (pa, pb) = (state.positions.get(a)?, state.positions.get(b)?);
    Some(crate::combat::grid::distance((*pa).into(), (*pb).into()))
}

/// `user` cast a spell: every creature whose running row reacts to magic used within N squares
/// (the allergy of 97–98, CR-BL-49) is stung if `user` is itself or known to be that near.
/// Activating a magic item, and casters the engine cannot place, stay the Referee's
/// `backlash_trigger`.
pub(super) fn magic_used_near(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    user: &str,
) -> Result<(), RuleError> {
    let running: Vec<(String, Vec<u8>)> = ctx
        .rules()
        .magic
        .backlashes
        .iter()
        .map(|(id, v)| (id.clone(), v.iter().map(|b| b.active.id).collect()))
        .collect();
    for (creature, rows) in running {
        for row in rows {
            let Ok(r) = row_by_id(row) else { continue };
            let Some(reach) = r.effects.iter().find_map(|e| match e {
                BacklashEffect::Triggered {
                    trigger: Trigger::MagicUsedWithin(n),
                    ..
                } => Some(u32::from(*n)),
                _ => None,
            }) else {
                continue;
            };
            let near = creature == user
                || squares_between(ctx.rules(), &creature, user).is_some_and(|d| d <= reach);
            if near && record(ctx, &creature)?.creature.alive {
                fire(rules, ctx, &creature, row, &[])?;
            }
        }
    }
    Ok(())
}

/// An engine effect ended. A running backlash whose effect another rule removed (the "next
/// damage" doubling of 15–16 used up by core's damage, or the Referee removing it) is over:
/// its record goes, undone. Expiries at a boundary are left to [`end_of_turn`].
pub(super) fn effect_ended(
    ctx: &mut Ctx<'_, Crows>,
    effect: &engine::Effect,
    reason: engine::EndReason,
) -> Result<(), RuleError> {
    if reason != engine::EndReason::Removed || effect.kind != "crows.backlash" {
        return Ok(());
    }
    let Some(caster) = effect.target.clone() else {
        return Ok(());
    };
    end_where(ctx, &caster, "its running effect ended", |b| {
        b.effect.as_deref() == Some(effect.id.as_str())
    })
}

/// The end of a round: the quicksand hurts those it holds (CR-BL-32 tier 1).
pub(super) fn round_end(rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let held: Vec<String> = ctx
        .rules()
        .creatures
        .iter()
        .filter(|(_, r)| {
            r.creature.alive
                && r.creature.conditions.get(ConditionKind::Grabbed).is_some_and(|g| {
                    matches!(&g.detail, crate::conditions::ConditionDetail::Grab(gr) if gr.by == "backlash 32")
                })
        })
        .map(|(id, _)| id.clone())
        .collect();
    for id in held {
        let vis = audience(ctx, &id);
        let f = roll_die(ctx, "quicksand damage", 6, vis)?;
        hurt(rules, ctx, &id, u16::from(f), true)?;
    }
    Ok(())
}

fn ids_in(text: Option<&str>) -> Vec<String> {
    text.unwrap_or_default()
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Answers to `crows.magic.*` decisions.
pub(super) fn on_answer(
    rules: &Crows,
    decision: &Decision,
    answer: &Answer,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    // Contexts this code wrote; an unreadable one (never written so) reads as empty.
    let cx: Remembered = serde_json::from_value(decision.context.clone()).unwrap_or_default();
    let caster = cx.caster.clone();
    let row_id = cx.row;
    let targets = cx.targets.clone();
    let kind = decision
        .kind
        .strip_prefix("crows.magic.")
        .unwrap_or_default();
    let vis = audience(ctx, &caster);
    ctx.emit_for(
        MagicEvent::Called {
            creature: caster.clone(),
            call: cx.call.clone().unwrap_or_else(|| kind.to_string()),
            option: answer.option.clone(),
            text: answer.text.clone(),
        },
        vis,
    )?;
    match kind {
        "backlash_overlap" => {
            let n: u8 = answer
                .option
                .trim_start_matches("row_")
                .parse()
                .unwrap_or(0);
            let row = row_by_id(n).map_err(|e| err("bad_backlash", e))?;
            let situation: CasterSituation = cx.situation.ok_or_else(|| {
                RuleError::new("bad_context", "the decision does not remember the caster")
            })?;
            let rank = cx.rank;
            let active: Vec<ActiveBacklash> = active_of(ctx, &caster)
                .into_iter()
                .map(|b| b.active)
                .collect();
            match crate::backlash::resolve(row, &active, situation) {
                Resolution::Apply {
                    row,
                    stacks,
                    caster_is_target,
                } => apply_row(
                    rules,
                    ctx,
                    RowOnCaster {
                        caster: &caster,
                        row,
                        stacks,
                        caster_is_target,
                        targets: &targets,
                    },
                    None,
                ),
                Resolution::RollAnother { .. } => {
                    roll(rules, ctx, &caster, rank, situation, &targets, 1)
                }
            }
        }
        "backlash_area" => {
            let near = ids_in(answer.text.as_deref());
            if near.len() > MAX_LISTED {
                return Err(RuleError::new(
                    "too_many_creatures",
                    format!("at most {MAX_LISTED} creatures"),
                )
                .rule("MAX_LISTED"));
            }
            for n in &near {
                record(ctx, n)?;
            }
            let row = row_by_id(row_id).map_err(|e| err("bad_backlash", e))?;
            let on = RowOnCaster {
                caster: &caster,
                row,
                stacks: cx.stacks.unwrap_or(1),
                caster_is_target: cx.caster_is_target,
                targets: &targets,
            };
            apply_row(rules, ctx, on, Some(near))
        }
        "hot_temper" => {
            if answer.option == "not_harmed" {
                let row = row_by_id(5).map_err(|e| err("bad_backlash", e))?;
                let stacks = cx.stacks.unwrap_or(1);
                let vis = audience(ctx, &caster);
                let faces = roll_d6s(
                    ctx,
                    "hot temper damage",
                    crate::backlash::damage_dice(row, stacks),
                    &vis,
                )?;
                hurt(rules, ctx, &caster, sum(&faces), true)?;
            }
            Ok(())
        }
        "backlash_call" => call_answered(ctx, &caster, row_id, &cx, answer),
        "harmful_activation" => Ok(()),
        _ => Ok(()),
    }
}

/// The Referee's call on a row that changes items.
fn call_answered(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    row: u8,
    cx: &Remembered,
    answer: &Answer,
) -> Result<(), RuleError> {
    let row = row_by_id(row).map_err(|e| err("bad_backlash", e))?;
    let call = cx.call.as_deref().unwrap_or_default();
    let mut c = record(ctx, caster)?.creature.clone();
    let before = c.clone();
    let mut dropped = Vec::new();
    match call {
        "hand_slot" => {
            let h: u8 = answer
                .option
                .trim_start_matches("hand_")
                .parse()
                .unwrap_or(1);
            // The slot stays unusable while the row runs: core refuses anything put there.
            let numb = Standing::HandBlocked { hand: Some(h) };
            add_standing(ctx, caster, row.id, numb)?;
            dropped = displace(&mut c, &[numb], row);
        }
        "treasure" => {
            if let Some(id) = answer
                .option
                .strip_prefix("item_")
                .and_then(|s| s.parse().ok())
            {
                c.inventory
                    .remove(ItemId(id))
                    .map_err(|e| err("inventory", e))?;
            }
        }
        "recipient" => {
            let written = ids_in(answer.text.as_deref());
            let to = crate::backlash::recipient(&written)
                .map_err(|e| err("missing_recipient", e))?
                .to_string();
            let mut other = record(ctx, &to)?.creature.clone();
            if let Some(id) = cx.item
                && let Ok(it) = c.inventory.remove(ItemId(id))
            {
                if let Some(back) = give(&mut other, it) {
                    drop_to_ground(ctx, &to, vec![back])?;
                }
                set_creature_only(ctx, &to, other, "an item appeared", json!({"from": caster}))?;
            }
        }
        "weapon" => {
            let name = answer.text.clone().unwrap_or_else(|| "weapon hand".into());
            let id = super::super::core::fresh_id(ctx);
            // Hand slot 1 is the weapon for good: what it held falls, and core refuses
            // anything else there (or the weapon anywhere else).
            let weapon = Standing::HandReserved { hand: 1, item: id };
            dropped = displace(&mut c, &[weapon], row);
            let hand = CarriedItem::new(id, format!("{name} (hand)"), 1);
            c.inventory
                .add(hand, &[SlotRef::hand(1)])
                .map_err(|e| err("inventory", e))?;
            add_standing(ctx, caster, row.id, weapon)?;
        }
        _ => {}
    }
    if c != before {
        set_creature_only(
            ctx,
            caster,
            c,
            &format!("backlash: {call}"),
            json!({"option": answer.option, "text": answer.text}),
        )?;
    }
    drop_to_ground(ctx, caster, dropped)
}
