//! Combat: declarations, initiative by count on the engine's combat clock, attack throws,
//! damage and hit points, cleaves, special maneuvers, spell disruption, missile ranges, morale
//! and mortal wounds.
//!
//! A fight runs on the engine's combat clock in tie groups, one group per initiative count:
//! every round the Judge gathers declarations, then rolls initiative (the clock waits for the
//! next round's order after each round). A creature dropped to 0 hp or less on a count still
//! acts on that count; at the count's end (`GroupEnd`) everyone who fell on it leaves the
//! order together, and the monsters' morale triggers are checked.
//!
//! Commands (JSON inside `{"rules": …}`):
//!
//! - `{"begin_combat": {"combatants": ["brena", "rat1", "rat2"], "groups": [["rat1",
//!   "rat2"]]}}` — the Judge's; every monster in it must have been revealed (the combat order
//!   is public); each of the optional `groups` of identical monsters rolls one initiative.
//! - `{"declare": {"creature": "sefa", "declaration": {"spell": "sleep"}}}` — before
//!   initiative (AC-INIT-03): `"none"`, `"fighting_withdrawal"`, `"full_retreat"` or a spell;
//!   `"two_handed": true` marks a large two-handed weapon (−1 to initiative, AC-INIT-07). A
//!   player declares for its own characters, the Judge for monsters (the Judge's alone).
//! - `{"roll_initiative": {}}` — the Judge's: 1d6 + DEX modifier per combatant (AC-INIT-01),
//!   highest count first, equal counts one tie group (AC-INIT-02).
//! - `{"delay": {"creature": "odo", "to_count": 2}}` — the acting combatant delays to a lower
//!   count, or `{"delay": {"creature": "odo", "until": "rat1"}}` acts together with that
//!   combatant (AC-INIT-04).
//! - `{"move": {"creature": "brena", "kind": "charge", "feet": 30, "weapon": "spear"}}` — the
//!   acting combatant moves before attacking (AC-MOVE-01…12): `advance` up to its combat
//!   movement (a third of its exploration speed) when not `engaged`; `run` (3×, no attack but
//!   a charge); `charge` (20 ft or more along a `path_clear` line: +2 to hit, −2 AC until its
//!   next count, double damage with a spear, lance, polearm or horns); `stand` from prone
//!   (the round's movement; prone, only a 5-ft crawl); `withdraw` as declared —
//!   up to half its combat movement a fighting withdrawal, beyond that a full retreat (no
//!   attack; foes +2 to hit it).
//! - `{"attack": {"attacker": "brena", "target": "rat1", "weapon": "1d8"}}` — the acting
//!   combatant attacks (optional `situations` such as `["target_prone"]`, `bonus` and
//!   `damage_bonus` for magic, `double_damage` for a backstab, `nonlethal`, `maneuver` such as
//!   `"knock_down"`, `missile` with `weapon`, `distance` and `outdoors`, `attack_index` for a
//!   monster's listed attack, `set_vs_charge` with a spear or polearm on the charger's count:
//!   double damage, AC-MOVE-09; `interrupt` — `"long_weapon"` or `"ready_missile"` — to strike
//!   an enemy approaching on its count, AC-INIT-05/06; `helpless` with `engaged_with_others`,
//!   AC-ATK-06; `size_gap` for a maneuver's save; `brawl`, `"punch"` or `"kick"`, with
//!   `against_metal_armour`, AC-MANEUVER-02/03). A charge, a full retreat, a prone or held
//!   combatant add their modifiers by themselves.
//! - `{"mount": {"rider": "brena", "mount": "horse", "war_mount": true, "war_saddle": false,
//!   "riding": true}}` — the Judge's: seats a rider on a mount of the fight (`mounted.rs`,
//!   AC-MOUNT-01…08). The mount takes the rider's count and moves only with it, at its own
//!   combat movement; after the pair moves the rider or the mount attacks, standing still both,
//!   after a run neither; the rider's attack needs `riding`; a mounted charge needs a
//!   `war_mount` and gives both +2 to hit and −2 AC; a rider hurt without a `war_saddle` saves
//!   vs Paralysis or is unhorsed; a rider or mount at 0 hp throws the rider for 1d6; a mount at
//!   half its hp owes the Judge a morale roll (`mount_morale_due`, the Judge's).
//! - `{"dismount": {"rider": "brena"}}` — on the pair's count, in place of the round's movement
//!   or, having moved, of its attack (AC-MOUNT-03).
//! - `{"set_flying_height": {"creature": "horse", "height_ft": 30}}` — the Judge's: how high a
//!   flying combatant is (0 landed, at most `MAX_FLYING_FT`); a rider thrown from a flying
//!   mount — rider or mount at 0 hp, or a failed saddle save in the air — falls 1d6 per 10 ft
//!   (at least 1d6) instead of 1d6 (AC-MOUNT-08).
//! - `{"board": {"creatures": ["brena", "odo"], "from": "gull", "onto": "wolf"}}` — the
//!   Judge's: once the ships are grappled (naval `grapple`), these combatants board this round
//!   at −2 to their attack throws and AC (`boarding.rs`, AC-NAVAL-15).
//! - `{"end_fight": {}}` — the Judge's: the combat ends.
//! - `{"morale_check": {"creature": "rat1", "judge_modifier": 0}}` — the Judge's secret 2d6 on
//!   T-20 (AC-MORALE-04); optional `both_triggers`.
//! - `{"treat_wound": {"character": "brena", "timing": "round", "healing_spell_level": 0,
//!   "healer": false}}` — the Judge's: the Mortal Wounds roll (AC-WOUND-02/04/05), recorded
//!   on the character with its bed rest and lasting wound; optional `untreated`.
//! - `{"restore_life": {"character": "odo", "magic": "restore_life_and_limb", "days_dead": 1,
//!   "caster_level": 9}}` — the Judge's: a killed character returned (AC-WOUND-07); restore
//!   life and limb is followed by the Tampering with Mortality roll, 1d20 + 1d6 on T-18 with
//!   the modifiers of AC-WOUND-09 (WIS, days dead, side effects suffered, slain outright,
//!   `severed_spine`, `limbs_destroyed`, `small_parts_destroyed`, half the caster's level,
//!   `outside_temple`); its side effect is recorded on the character. T-18's side effects
//!   are not in the book we have: the Judge enters the row first (`override_row`).
//!   `killed_during_bed_rest` needs `ritual_magic` (AC-HEAL-04).
//!
//! Queries: `attack_odds` (`{"attacker": "brena", "target": "odo", "weapon": "1d8"}`) gives
//! the exact chance to hit and the damage spread before the roll; a player may not ask it
//! about a monster (its armour class is the Judge's). `morale_odds` (`{"creature": "rat1",
//! "judge_modifier": 0, "both_triggers": false}`) gives the Judge the chance of each T-20
//! result; anyone else is refused before the creature is looked up.

mod attacks;
mod boarding;
pub mod commands;
mod lookups;
mod morale_checks;
mod mortal;
mod mounted;
mod moves;
pub mod state;

use std::collections::BTreeMap;

use engine::{Acting, Boundary, Ctx, Place, RuleError, TableState, Viewer, Visibility};
use serde_json::{Value, json};

use super::adapter::{Acks, acks_err, no_creature, refuse};
use super::state::{AcksState, WoundRecord, sees};
use crate::maneuvers::Maneuver;
use crate::tables::MoraleResult;
use attacks::attack_command;
pub(super) use attacks::attack_odds;
pub(super) use attacks::damage_landed;
use commands::CombatCommand;
use lookups::{
    MAX_COMBATANTS, MAX_SPELL_NAME, ability, acting_now, combat_state, creature, in_fight, int,
    is_monster,
};
use morale_checks::morale_check;
pub(super) use morale_checks::morale_odds;
use mortal::{restore_life, treat_wound};
use moves::move_command;
use state::{CombatEvent, CombatState, Combatant, Declaration, MoveKind};

/// AC-MORALE-05: the defensive movement a morale result imposes on the next action.
fn morale_declaration(r: MoraleResult) -> Option<Declaration> {
    let c = crate::morale::conduct(r);
    if c.retreats {
        Some(Declaration::FullRetreat)
    } else if c.fighting_withdrawal {
        Some(Declaration::FightingWithdrawal)
    } else {
        None
    }
}

pub(super) fn acting(_state: &TableState<AcksState>, command: &CombatCommand) -> Acting {
    use CombatCommand as C;
    match command {
        C::Declare { creature, .. } | C::Delay { creature, .. } | C::Move { creature, .. } => {
            Acting::Characters(vec![creature.clone()])
        }
        C::Attack { attacker, .. } => Acting::Characters(vec![attacker.clone()]),
        C::Dismount { rider } => Acting::Characters(vec![rider.clone()]),
        C::BeginCombat { .. }
        | C::RollInitiative {}
        | C::EndFight {}
        | C::Mount { .. }
        | C::SetFlyingHeight { .. }
        | C::Board { .. }
        | C::MoraleCheck { .. }
        | C::RestoreLife { .. }
        | C::TreatWound { .. } => Acting::RefereeOnly,
    }
}

pub(super) fn decide(command: &CombatCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    match command {
        CombatCommand::BeginCombat { combatants, groups } => begin(ctx, combatants, groups),
        CombatCommand::Declare {
            creature: who,
            declaration,
            two_handed,
        } => {
            let fight = combat_state(ctx)?;
            in_fight(&fight, who)?;
            crate::initiative::change_declaration(fight.initiative_rolled)
                .map_err(|e| acks_err("declarations_closed", e))?;
            if let Declaration::Spell(s) = declaration
                && (s.trim().is_empty() || s.chars().count() > MAX_SPELL_NAME)
            {
                return Err(refuse(
                    "bad_spell",
                    "MAX_SPELL_NAME",
                    format!("a spell name is 1–{MAX_SPELL_NAME} characters"),
                ));
            }
            let event = CombatEvent::Declared {
                creature: who.clone(),
                declaration: declaration.clone(),
                two_handed: *two_handed,
            };
            if is_monster(ctx.rules(), who) {
                ctx.emit_for(event, Visibility::Referee)
            } else {
                ctx.emit(event)
            }
        }
        CombatCommand::RollInitiative {} => roll_initiative(ctx),
        CombatCommand::Move {
            creature: who,
            kind,
            feet,
            engaged,
            path_clear,
            weapon,
        } => move_command(ctx, who, *kind, *feet, *engaged, *path_clear, *weapon),
        CombatCommand::Delay {
            creature: who,
            to_count,
            until,
        } => delay(ctx, who, *to_count, until.as_deref()),
        CombatCommand::Attack { .. } => attack_command(ctx, command),
        CombatCommand::Mount {
            rider,
            mount,
            war_mount,
            war_saddle,
            riding,
        } => mounted::mount_command(
            ctx,
            rider,
            &state::Mounting {
                mount: mount.clone(),
                war_mount: *war_mount,
                war_saddle: *war_saddle,
                riding: *riding,
            },
        ),
        CombatCommand::Dismount { rider } => mounted::dismount_command(ctx, rider),
        CombatCommand::SetFlyingHeight {
            creature: who,
            height_ft,
        } => mounted::flying_height_command(ctx, who, *height_ft),
        CombatCommand::Board {
            creatures,
            from,
            onto,
        } => boarding::board_command(ctx, creatures, from, onto),
        CombatCommand::EndFight {} => {
            combat_state(ctx)?;
            if ctx.core().clock.combat.is_some() {
                ctx.end_combat()?;
            }
            ctx.emit(CombatEvent::CombatOver {})
        }
        CombatCommand::MoraleCheck {
            creature: who,
            judge_modifier,
            both_triggers,
        } => morale_check(ctx, who, *judge_modifier, *both_triggers),
        CombatCommand::RestoreLife { .. } => restore_life(ctx, command),
        CombatCommand::TreatWound {
            character,
            timing,
            healing_spell_level,
            healer,
            untreated,
        } => treat_wound(
            ctx,
            character,
            *timing,
            *healing_spell_level,
            *healer,
            *untreated,
        ),
    }
}

fn begin(
    ctx: &mut Ctx<'_, Acks>,
    combatants: &[String],
    groups: &[Vec<String>],
) -> Result<(), RuleError> {
    if ctx.rules().combat.is_some() {
        return Err(refuse(
            "fight_running",
            "AC-INIT-01",
            "a fight is already under way",
        ));
    }
    if combatants.is_empty() || combatants.len() > MAX_COMBATANTS {
        return Err(refuse(
            "bad_combatants",
            "MAX_COMBATANTS",
            format!("a fight has 1–{MAX_COMBATANTS} combatants"),
        ));
    }
    let mut seen = std::collections::BTreeSet::new();
    for id in combatants {
        let c = creature(ctx.rules(), id)?;
        if !c.public() {
            return Err(refuse(
                "unrevealed_monster",
                "AC-INIT-01",
                format!("reveal `{id}` before it fights: the combat order is public"),
            ));
        }
        if c.hp <= 0 {
            return Err(refuse(
                "down",
                "AC-WOUND-01",
                format!("`{id}` is at {} hp and cannot fight", c.hp),
            ));
        }
        if !seen.insert(id) {
            return Err(refuse(
                "bad_combatants",
                "AC-INIT-01",
                format!("`{id}` is named twice"),
            ));
        }
    }
    // AC-INIT-01: a group is identical monsters of the fight, each in one group at most.
    if groups.len() > MAX_COMBATANTS {
        return Err(refuse(
            "bad_group",
            "MAX_COMBATANTS",
            format!("at most {MAX_COMBATANTS} initiative groups"),
        ));
    }
    let mut grouped = std::collections::BTreeSet::new();
    for g in groups {
        let first_card = g
            .first()
            .and_then(|id| ctx.rules().card_of(id))
            .map(|c| &c.id);
        for id in g {
            let same = ctx.rules().card_of(id).map(|c| &c.id) == first_card && first_card.is_some();
            if !combatants.contains(id) || !same || !grouped.insert(id) {
                return Err(refuse(
                    "bad_group",
                    "AC-INIT-01",
                    format!(
                        "`{id}`: an initiative group is monsters of one kind in this fight, each in one group"
                    ),
                ));
            }
        }
    }
    ctx.emit(CombatEvent::CombatBegun {
        combatants: combatants.to_vec(),
        groups: groups.iter().filter(|g| g.len() > 1).cloned().collect(),
    })
}

fn roll_initiative(ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    if fight.initiative_rolled {
        return Err(refuse(
            "round_running",
            "AC-INIT-01",
            "initiative is rolled once a round: finish this round first",
        ));
    }
    let mut counts = Vec::new();
    // A group's one roll, by its first member.
    let mut group_rolls: BTreeMap<usize, i32> = BTreeMap::new();
    for (id, c) in &fight.combatants {
        // AC-MOUNT-01: a ridden mount takes its rider's count.
        if fight.fallen.contains(id) || mounted::rider_of(&fight, id).is_some() {
            continue;
        }
        let cr = creature(ctx.rules(), id)?;
        let dex = ability(ctx.rules(), cr, |a| a.dexterity)?;
        let group = fight.groups.iter().position(|g| g.contains(id));
        let face = match group.and_then(|g| group_rolls.get(&g)) {
            Some(face) => *face,
            None => {
                let label = match group {
                    Some(g) => format!("initiative of {}", fight.groups[g].join(", ")),
                    None => format!("initiative of {id}"),
                };
                let face = int(ctx.roll(&label, "1d6", Visibility::Public)?.total);
                if let Some(g) = group {
                    group_rolls.insert(g, face);
                }
                face
            }
        };
        let count = crate::initiative::count(face, dex, c.two_handed)
            .map_err(|e| acks_err("bad_face", e))?;
        counts.push(crate::initiative::Initiative {
            combatant: id.clone(),
            count,
        });
    }
    mounted::pair_counts(&fight, &mut counts);
    if counts.is_empty() {
        return Err(refuse(
            "no_combatants",
            "AC-INIT-01",
            "no one is left to fight",
        ));
    }
    let groups = crate::initiative::order(counts.clone());
    let mut ordered: Vec<(String, i32)> =
        counts.into_iter().map(|i| (i.combatant, i.count)).collect();
    ordered.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ctx.emit(CombatEvent::InitiativeRolled {
        round: fight.round + 1,
        counts: ordered,
    })?;
    match &ctx.core().clock.combat {
        None => ctx.start_combat_grouped(&groups, true),
        Some(c) if c.between_rounds() => ctx.reorder_combat_grouped(&groups),
        Some(_) => Err(refuse(
            "round_running",
            "AC-INIT-01",
            "the round is still being fought",
        )),
    }
}

fn delay(
    ctx: &mut Ctx<'_, Acks>,
    who: &str,
    to_count: Option<i32>,
    until: Option<&str>,
) -> Result<(), RuleError> {
    let fight = combat_state(ctx)?;
    acting_now(ctx, who)?;
    let own = fight.combatants.get(who).and_then(|c| c.count).unwrap_or(0);
    let count_of = |id: &str| fight.combatants.get(id).and_then(|c| c.count);
    let (count, place) = match (to_count, until) {
        (None, Some(other)) => {
            if !sees(ctx.rules(), &viewer_of(ctx), other) {
                return Err(no_creature(other));
            }
            in_fight(&fight, other)?;
            let c = count_of(other).unwrap_or(own);
            (c, Place::With(other.to_string()))
        }
        (Some(to), None) => {
            // The first later combatant with this count or a lower one places the delay.
            let order = ctx
                .core()
                .clock
                .combat
                .as_ref()
                .map(|c| c.order[c.current.saturating_add(1).min(c.order.len())..].to_vec())
                .unwrap_or_default();
            let same = order.iter().rev().find(|id| count_of(id) == Some(to));
            let lower = order.iter().find(|id| count_of(id).is_some_and(|c| c < to));
            let place = match (same, lower) {
                (Some(s), _) => Place::With(s.clone()),
                (None, Some(l)) => Place::Before(l.clone()),
                (None, None) => Place::Last,
            };
            (to, place)
        }
        _ => {
            return Err(refuse(
                "bad_delay",
                "AC-INIT-04",
                "delay names either `to_count` or `until`",
            ));
        }
    };
    let count = crate::initiative::delay(own, count).map_err(|e| acks_err("bad_delay", e))?;
    ctx.emit(CombatEvent::Delayed {
        creature: who.to_string(),
        count,
    })?;
    ctx.delay_turn(&place)
}

fn viewer_of(ctx: &Ctx<'_, Acks>) -> Viewer {
    match ctx.actor() {
        engine::Actor::Player(p) => Viewer::Player(p.clone()),
        _ => Viewer::Referee,
    }
}

pub(super) fn apply(state: &mut AcksState, event: &CombatEvent) {
    match event {
        CombatEvent::LifeRestored {
            character,
            restored: true,
            bed_rest_days,
            side_effect,
            ..
        } => {
            if let Some(c) = state.creatures.get_mut(character) {
                c.hp = 1;
                c.slain = false;
                c.nonlethal = Default::default();
                if let Some(ch) = c.character_mut() {
                    ch.bed_rest_days = bed_rest_days.unwrap_or(0);
                    ch.side_effects.extend(side_effect.iter().cloned());
                }
            }
        }
        CombatEvent::CombatBegun { combatants, groups } => {
            state.combat = Some(CombatState {
                combatants: combatants
                    .iter()
                    .map(|c| (c.clone(), Combatant::default()))
                    .collect(),
                groups: groups.clone(),
                ..Default::default()
            });
        }
        CombatEvent::CombatOver {} => state.combat = None,
        CombatEvent::WoundTreated {
            character,
            condition,
            wound,
            bed_rest_days,
            hp_after,
            ..
        } => {
            if let Some(c) = state.creatures.get_mut(character) {
                if let Some(hp) = hp_after {
                    c.hp = *hp;
                    c.nonlethal = Default::default();
                }
                if let Some(ch) = c.character_mut() {
                    ch.wounds.push(WoundRecord {
                        condition: *condition,
                        wound: wound.clone(),
                        bed_rest_days: *bed_rest_days,
                    });
                    ch.bed_rest_days = bed_rest_days.unwrap_or(0);
                }
            }
        }
        CombatEvent::Attacked {
            target,
            damage,
            nonlethal,
            hp_after,
            ..
        } => {
            if let Some(c) = state.creatures.get_mut(target) {
                c.nonlethal.take(*damage, *nonlethal, *hp_after);
                if let CombatEvent::Attacked { slain: true, .. } = event {
                    c.slain = true;
                }
            }
            apply_fight(state, event);
        }
        _ => apply_fight(state, event),
    }
}

fn apply_fight(state: &mut AcksState, event: &CombatEvent) {
    let Some(fight) = state.combat.as_mut() else {
        return;
    };
    match event {
        CombatEvent::Declared {
            creature,
            declaration,
            two_handed,
        } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.declaration = Some(declaration.clone());
                c.two_handed = *two_handed;
            }
        }
        CombatEvent::InitiativeRolled { round, counts } => {
            fight.round = *round;
            fight.initiative_rolled = true;
            for (id, count) in counts {
                if let Some(c) = fight.combatants.get_mut(id) {
                    c.count = Some(*count);
                }
            }
        }
        CombatEvent::Delayed { creature, count } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.count = Some(*count);
            }
        }
        CombatEvent::Moved {
            creature,
            kind,
            feet,
            charge_weapon,
            withdrawal,
        } => {
            let round = fight.round;
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.moved_ft = c.moved_ft.saturating_add(*feet);
                c.ran |= *kind == MoveKind::Run;
                if *kind == MoveKind::Stand {
                    c.prone = false;
                }
                if charge_weapon.is_some() {
                    c.charging = *charge_weapon;
                    c.charge_round = Some(round);
                }
                if withdrawal.is_some() {
                    c.withdrawal = *withdrawal;
                }
            }
        }
        CombatEvent::ManeuverResolved {
            attacker,
            target,
            maneuver,
            saved: false,
            ..
        } => {
            if let Some(c) = fight.combatants.get_mut(target) {
                match maneuver {
                    Maneuver::KnockDown => c.prone = true,
                    Maneuver::Wrestle => c.held_by = Some(attacker.clone()),
                    _ => {}
                }
            }
        }
        CombatEvent::ChargeSpent { creature } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.charge_round = None;
            }
        }
        CombatEvent::Attacked {
            attacker,
            cleave_earned,
            ..
        } => {
            if let Some(c) = fight.combatants.get_mut(attacker) {
                c.attacks_made += 1;
                if *cleave_earned {
                    c.cleaves += 1;
                }
            }
        }
        CombatEvent::MoraleChecked {
            creature,
            outcome: Some(r),
            ..
        } => {
            fight.morale.insert(creature.clone(), *r);
            // Before this round's initiative the result already binds this round's action.
            if !fight.initiative_rolled
                && let (Some(d), Some(c)) =
                    (morale_declaration(*r), fight.combatants.get_mut(creature))
            {
                c.declaration = Some(d);
            }
        }
        CombatEvent::MoraleDue {
            first_death: true, ..
        } => {
            fight.first_death_round.get_or_insert(fight.round);
        }
        CombatEvent::SpellDisrupted { creature, .. } => {
            if let Some(c) = fight.combatants.get_mut(creature) {
                c.declaration = Some(Declaration::None);
            }
        }
        CombatEvent::Downed { creature } => fight.downed_this_count.push(creature.clone()),
        CombatEvent::Fell { creature } => {
            fight.downed_this_count.retain(|c| c != creature);
            fight.fallen.push(creature.clone());
            // A fallen wrestler holds no one.
            for c in fight.combatants.values_mut() {
                if c.held_by.as_deref() == Some(creature.as_str()) {
                    c.held_by = None;
                }
            }
        }
        CombatEvent::RoundEnded { .. } => {
            fight.initiative_rolled = false;
            for (id, c) in fight.combatants.iter_mut() {
                *c = Combatant {
                    two_handed: c.two_handed,
                    charge_round: c.charge_round,
                    prone: c.prone,
                    held_by: c.held_by.clone(),
                    mount: c.mount.clone(),
                    flying_ft: c.flying_ft,
                    // AC-MORALE-05: a retreat or withdrawal goes on into the next rounds.
                    declaration: fight.morale.get(id).copied().and_then(morale_declaration),
                    ..Default::default()
                };
            }
        }
        _ => {}
    }
    // After the rider's own record: the mount follows it (AC-MOUNT-01/05).
    mounted::apply(fight, event);
    boarding::apply(fight, event);
}

/// `GroupEnd`: everyone who fell on the count leaves together, then the monsters' morale
/// triggers (AC-MORALE-03); `RoundEnd`: declarations and counts clear for the next round.
pub(super) fn on_boundary(boundary: &Boundary, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    let Some(fight) = ctx.rules().combat.clone() else {
        return Ok(());
    };
    match boundary {
        Boundary::GroupEnd => {
            if fight.downed_this_count.is_empty() {
                return Ok(());
            }
            let state = ctx.rules();
            let monsters: Vec<&String> = fight
                .combatants
                .keys()
                .filter(|id| is_monster(state, id))
                .collect();
            let fallen_before = fight
                .fallen
                .iter()
                .filter(|id| is_monster(state, id))
                .count();
            let falling = fight
                .downed_this_count
                .iter()
                .filter(|id| is_monster(state, id))
                .count();
            for id in &fight.downed_this_count {
                ctx.emit(CombatEvent::Fell {
                    creature: id.clone(),
                })?;
                if ctx
                    .core()
                    .clock
                    .combat
                    .as_ref()
                    .is_some_and(|c| c.order.contains(id))
                {
                    ctx.remove_combatant(id)?;
                }
            }
            if falling > 0 {
                let after = fallen_before + falling;
                // Both triggers in one round make one roll at −2: a half-down on a later
                // count of the round of the first death counts both.
                let first_this_round = fight.first_death_round == Some(fight.round);
                let half_down = after * 2 >= monsters.len() && fallen_before * 2 < monsters.len();
                let triggers = crate::morale::MoraleTriggers {
                    first_death: fallen_before == 0 || (half_down && first_this_round),
                    half_down,
                    lone_at_half_hp: false,
                };
                if let Some(modifier) = triggers.roll_due()
                    && after < monsters.len()
                {
                    ctx.emit_for(
                        CombatEvent::MoraleDue {
                            first_death: triggers.first_death,
                            half_down: triggers.half_down,
                            lone_at_half_hp: false,
                            modifier,
                        },
                        Visibility::Referee,
                    )?;
                }
            }
            Ok(())
        }
        Boundary::RoundEnd => ctx.emit(CombatEvent::RoundEnded { round: fight.round }),
        Boundary::TurnStart { who } => {
            let spent = fight
                .combatants
                .get(who)
                .and_then(|c| c.charge_round)
                .is_some_and(|r| r < fight.round);
            if spent {
                ctx.emit(CombatEvent::ChargeSpent {
                    creature: who.clone(),
                })?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The fight as `viewer` sees it: counts, declarations of characters (a monster's are the
/// Judge's), who fell.
pub(super) fn project(state: &TableState<AcksState>, viewer: &Viewer) -> Value {
    let rules = &state.rules;
    let Some(fight) = &rules.combat else {
        return Value::Null;
    };
    let judge = *viewer == Viewer::Referee;
    let combatants: BTreeMap<&String, Value> = fight
        .combatants
        .iter()
        .filter(|(id, _)| sees(rules, viewer, id))
        .map(|(id, c)| {
            let open = judge || !is_monster(rules, id);
            (
                id,
                json!({
                    "count": c.count,
                    "declaration": if open { json!(c.declaration) } else { Value::Null },
                    "attacks_made": c.attacks_made,
                    "cleaves": if open { json!(c.cleaves) } else { Value::Null },
                    "mount": c.mount.as_ref().map(|m| &m.mount),
                    "flying_ft": c.flying_ft,
                }),
            )
        })
        .collect();
    json!({
        "round": fight.round,
        "initiative_rolled": fight.initiative_rolled,
        "combatants": combatants,
        "fallen": fight.fallen,
    })
}
