//! Naval combat (AC-NAVAL-*): ships with structural hit points and their speed lost to damage
//! and to lost rowers, repairs, giant monsters' and magic's damage to ships, ramming, ship
//! weapons and grappling for boarding, round by round. Ships fight in the open: their rolls
//! are public, but a ram against a sea monster is the Judge's (the monster's AC and hit points),
//! players seeing only `attack_seen`. The chapter lost its artillery table (T-23) and ram damage
//! (T-24): ramming and firing are refused naming the table until the Judge enters its row
//! (`override_row`).
//!
//! Commands (JSON inside `{"rules": …}`), all the Judge's:
//!
//! - `{"join_ship": {"ship": "gull", "name": "Grey Gull", "ac": 2, "shp": 20, "speed": 150,
//!   "rowers": 40, "pieces": [{"name": "bow", "kind": "ballista"}]}}` — a ship enters the fight.
//! - `{"damage_ship": {"ship": "gull", "shp": 3}}` — structural damage; or `{"damage_ship":
//!   {"ship": "gull", "hp_damage": 23}}` from a giant sea monster or magic, 1 shp per 5
//!   (AC-NAVAL-05). At 0 shp the ship sinks in 1d10 rounds (AC-NAVAL-02).
//! - `{"lose_rowers": {"ship": "gull", "lost": 4}}` — rowers lost or set to other work: the
//!   speed falls by their share, to the nearest 10 % (AC-NAVAL-03).
//! - `{"repair_ship": {"ship": "gull", "crew": 10, "turns": 2, "at_sea": true}}` — 1 shp per
//!   team of 5 per turn; at sea only half the damage suffered (AC-NAVAL-04).
//! - `{"ram": {"ship": "gull", "target": "wolf", "size": "small", "distance": 0,
//!   "attack_throw": 10}}` — a ram at 0 ft against the target's AC, T-24's damage; `target` a
//!   ship, or `monster` a sea monster instead (AC-NAVAL-13). The attack throw is the Judge's:
//!   the chapter gives none.
//! - `{"fire": {"ship": "gull", "piece": "bow", "target": "wolf", "ammunition": "shot",
//!   "distance": 300, "crew": 4}}` — a ship weapon shoots (AC-NAVAL-06…12, T-23).
//! - `{"grapple": {"ship": "gull", "target": "wolf", "distance": 0, "both_want": false,
//!   "judge_modifier": 0}}` — 13+ on 1d20 to grapple unless both crews want it (AC-NAVAL-14).
//! - `{"fight_fire": {"ship": "wolf", "crew": 10}}` — crew fight the pitch fires: 3 turns for
//!   5, one fewer for each further 5, at least 1 (AC-NAVAL-11).
//! - `{"burn_turn": {"ship": "wolf"}}` — a turn of burning: each fire's dice in shp
//!   (AC-NAVAL-10); the fires go out at the end of the last turn fought.
//! - `{"end_naval_round": {}}` — reloads and sinking count down (AC-NAVAL-02/06); in a fight
//!   under way the fight's own round end does it.
//! - `{"assign_crew": {"ship": "gull", "captain": "brena", "gunners": {"bow": "odo"},
//!   "marines": ["dain"]}}` — the Judge's: who commands the ship and who serves each piece
//!   (characters or revealed monsters). In a fight under way (AC-NAVAL-01) the ship moves,
//!   rams and grapples on its captain's initiative count, each piece shoots on its gunner's
//!   count and the marines fight on their own; the view's `order` lists the round's acts by
//!   count, and a ship's act out of its count is refused naming AC-NAVAL-01. A ship without a
//!   captain in the fight is the Judge's to run as before.
//! - `{"move_ship": {"ship": "gull", "feet": 90}}` — on the captain's count in a fight (the
//!   captain's player or the Judge): once a round, up to the ship's speed after damage and lost
//!   rowers (AC-NAVAL-01/03); a ship at 0 shp does not move (AC-NAVAL-02).
//! - `{"fire_at_creatures": {"ship": "gull", "piece": "bow", "targets": ["rat1", "rat2"]}}` — a
//!   ship weapon shot at creatures (AC-NAVAL-08/09): the ballista's 3d6 to every creature in a
//!   5-ft-wide line, a light catapult's 3d6 in a 5-ft area, a heavy one's 4d6 in a 10-ft area.
//!   Combat here has no positions, so the Judge names who stands in the line or area; the dice
//!   are rolled once, in the open, and every creature named takes that damage through the
//!   fight's damage path (mortal wounds, morale, a rider's saddle). No attack throw: the text
//!   gives creatures none. T-23's crew, rate and ranges are not needed; where the Judge entered
//!   them, the reload and (with `distance`) the ranges apply. With `"pitch": true` a catapult
//!   throws burning pitch (AC-NAVAL-10): 1d6 (light) or 2d6 (heavy) fire now, and a burning
//!   area `pitchN` that burns again at the end of each later round, its dice rolled once, to
//!   every creature the Judge says is still in it.
//! - `{"pitch_area": {"area": "pitch1", "creatures": ["rat2"]}}` — who is in a burning area now
//!   (an empty list: nobody; AC-NAVAL-10).
//! - `{"pitch_out": {"area": "pitch1"}}` — the pitch burns out or is put out. A fight's end
//!   puts every area out.

pub mod state;

use engine::{Acting, Boundary, Ctx, RuleError, TableState, Viewer, Visibility};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::{Acks, acks_err, no_creature, refuse};
use super::combat::state::CombatEvent;
use super::state::AcksState;
use super::steps::change_hp;
use crate::naval::{self as rules, Ammunition, Piece, Ram, Ship, Shot};
use crate::tables::RamSize;
use state::{BurningPitch, NavalEvent, NavalShip, PieceSpec};

/// Most ships in one fight, and pieces on one ship.
pub const MAX_SHIPS: usize = 100;
pub const MAX_PIECES: usize = 20;
/// Most crew or rowers a command names, and turns of repair.
pub const MAX_CREW: u32 = 10_000;
pub const MAX_TURNS: u32 = 1_000;
/// Most hit points of damage a monster or spell deals a ship at once.
pub const MAX_HP_DAMAGE: u32 = 100_000;
/// Most creatures a crew assignment or a shot at creatures names.
pub const MAX_NAMED: usize = 100;
/// Most dice a table row rolls.
const MAX_DICE: u32 = 100;

fn zero() -> u32 {
    0
}

/// Naval commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksNavalCommand")]
pub enum NavalCommand {
    JoinShip {
        ship: String,
        name: String,
        ac: i32,
        shp: u32,
        speed: u32,
        #[serde(default)]
        rowers: u32,
        #[serde(default)]
        pieces: Vec<PieceSpec>,
    },
    DamageShip {
        ship: String,
        #[serde(default)]
        shp: Option<u32>,
        #[serde(default)]
        hp_damage: Option<u32>,
    },
    LoseRowers {
        ship: String,
        lost: u32,
    },
    RepairShip {
        ship: String,
        crew: u32,
        turns: u32,
        #[serde(default)]
        at_sea: bool,
    },
    Ram {
        ship: String,
        #[serde(default)]
        target: Option<String>,
        #[serde(default)]
        monster: Option<String>,
        #[schemars(with = "String")]
        size: RamSize,
        #[serde(default = "zero")]
        distance: u32,
        attack_throw: i32,
        #[serde(default)]
        bonus: i32,
    },
    Fire {
        ship: String,
        piece: String,
        target: String,
        #[schemars(with = "String")]
        ammunition: Ammunition,
        distance: u32,
        crew: u32,
        #[serde(default)]
        bonus: i32,
    },
    Grapple {
        ship: String,
        target: String,
        #[serde(default = "zero")]
        distance: u32,
        #[serde(default)]
        both_want: bool,
        #[serde(default)]
        judge_modifier: i32,
    },
    FightFire {
        ship: String,
        crew: u32,
    },
    BurnTurn {
        ship: String,
    },
    EndNavalRound {},
    AssignCrew {
        ship: String,
        #[serde(default)]
        captain: Option<String>,
        #[serde(default)]
        gunners: std::collections::BTreeMap<String, String>,
        #[serde(default)]
        marines: Vec<String>,
    },
    MoveShip {
        ship: String,
        feet: u32,
    },
    FireAtCreatures {
        ship: String,
        piece: String,
        targets: Vec<String>,
        #[serde(default)]
        distance: Option<u32>,
        /// Burning pitch instead of stones (catapults only, AC-NAVAL-10).
        #[serde(default)]
        pitch: bool,
    },
    /// Who is in a burning pitch area now (AC-NAVAL-10).
    PitchArea {
        area: String,
        creatures: Vec<String>,
    },
    /// A burning pitch area burns out or is put out.
    PitchOut {
        area: String,
    },
}

pub(super) fn acting(state: &TableState<AcksState>, command: &NavalCommand) -> Acting {
    // AC-NAVAL-01: a character who captains a ship moves it on its own count.
    if let NavalCommand::MoveShip { ship, .. } = command
        && let Some(captain) = state
            .rules
            .naval
            .ships
            .get(ship)
            .and_then(|s| s.captain.clone())
        && state.rules.character(&captain).is_some()
    {
        return Acting::Characters(vec![captain]);
    }
    Acting::RefereeOnly
}

/// AC-NAVAL-01: in a fight under way, a ship whose captain fights acts on the counts of those
/// aboard: `who` (the captain for moving, ramming and grappling, a piece's gunner for its
/// shots). A ship with no captain in the fight is the Judge's to run freely.
fn on_count(
    ctx: &Ctx<'_, Acks>,
    id: &str,
    s: &NavalShip,
    who: Option<&str>,
    what: &str,
) -> Result<(), RuleError> {
    let Some(fight) = &ctx.rules().combat else {
        return Ok(());
    };
    let fighting =
        |c: &str| fight.combatants.contains_key(c) && !fight.fallen.iter().any(|f| f == c);
    if !s.captain.as_deref().is_some_and(fighting) {
        return Ok(());
    }
    if !fight.initiative_rolled {
        return Err(refuse(
            "not_your_count",
            "AC-NAVAL-01",
            format!("`{id}` acts on its crew's counts: roll initiative first"),
        ));
    }
    let Some(who) = who.filter(|w| fighting(w)) else {
        return Err(refuse(
            "no_station",
            "AC-NAVAL-01",
            format!("`{id}` {what} on a crewman's count, and none fights: assign_crew first"),
        ));
    };
    if ctx.core().clock.acting() != Some(who) {
        return Err(refuse(
            "not_your_count",
            "AC-NAVAL-01",
            format!("`{id}` {what} on `{who}`'s count, and it is not `{who}`'s turn"),
        ));
    }
    Ok(())
}

fn ship_of(ctx: &Ctx<'_, Acks>, id: &str) -> Result<NavalShip, RuleError> {
    ctx.rules().naval.ships.get(id).cloned().ok_or_else(|| {
        refuse(
            "no_such_ship",
            "AC-NAVAL-02",
            format!("no ship `{id}` in the fight"),
        )
    })
}

fn int(total: i64) -> i32 {
    i32::try_from(total).unwrap_or(0)
}

/// Rolls `dice` one die at a time (the pure rules take the faces).
fn roll_faces(
    ctx: &mut Ctx<'_, Acks>,
    label: &str,
    dice: crate::dice_spec::DiceSpec,
    vis: Visibility,
) -> Result<Vec<u32>, RuleError> {
    if dice.count > MAX_DICE {
        return Err(refuse(
            "bad_dice",
            "AC-NAVAL-06",
            format!("a row rolls at most {MAX_DICE} dice"),
        ));
    }
    let mut faces = Vec::new();
    for _ in 0..dice.count {
        let r = ctx.roll(label, &format!("1d{}", dice.sides), vis.clone())?;
        faces.push(u32::try_from(r.total.max(0)).unwrap_or(0));
    }
    Ok(faces)
}

pub(super) fn decide(command: &NavalCommand, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    use NavalCommand as C;
    match command {
        C::JoinShip {
            ship,
            name,
            ac,
            shp,
            speed,
            rowers,
            pieces,
        } => {
            if ctx.rules().naval.ships.contains_key(ship) {
                return Err(refuse(
                    "ship_exists",
                    "AC-NAVAL-02",
                    format!("`{ship}` is already in the fight"),
                ));
            }
            if ctx.rules().naval.ships.len() >= MAX_SHIPS
                || pieces.len() > MAX_PIECES
                || *rowers > MAX_CREW
                || ship.trim().is_empty()
                || ship.chars().count() > 64
                || name.chars().count() > 64
            {
                return Err(refuse(
                    "bad_ship",
                    "MAX_SHIPS",
                    format!(
                        "at most {MAX_SHIPS} ships, {MAX_PIECES} pieces a ship, {MAX_CREW} rowers, ids and names of 1–64 characters"
                    ),
                ));
            }
            Ship::new(name, *ac, *shp, *speed).map_err(|e| acks_err("bad_ship", e))?;
            ctx.emit(NavalEvent::ShipJoined {
                ship: ship.clone(),
                name: name.clone(),
                ac: *ac,
                shp: *shp,
                speed: *speed,
                rowers: *rowers,
                pieces: pieces.clone(),
            })
        }
        C::DamageShip {
            ship,
            shp,
            hp_damage,
        } => {
            let s = ship_of(ctx, ship)?;
            let amount = match (shp, hp_damage) {
                (Some(n), None) if *n <= MAX_HP_DAMAGE => *n,
                (None, Some(h)) if *h <= MAX_HP_DAMAGE => rules::shp_from_damage(*h),
                _ => {
                    return Err(refuse(
                        "bad_damage",
                        "AC-NAVAL-05",
                        format!("name `shp` or `hp_damage` (one of them, at most {MAX_HP_DAMAGE})"),
                    ));
                }
            };
            damage(ctx, ship, &s, amount, *hp_damage)
        }
        C::LoseRowers { ship, lost } => {
            let s = ship_of(ctx, ship)?;
            let after = s.rowers_lost.saturating_add(*lost);
            if *lost == 0 || after > s.rowers {
                return Err(refuse(
                    "bad_rowers",
                    "AC-NAVAL-03",
                    format!(
                        "`{ship}` has {} rowers at the oars",
                        s.rowers - s.rowers_lost
                    ),
                ));
            }
            let mut next = s.clone();
            next.rowers_lost = after;
            ctx.emit(NavalEvent::RowersLost {
                ship: ship.clone(),
                lost: *lost,
                speed_after: next.speed(),
            })
        }
        C::RepairShip {
            ship,
            crew,
            turns,
            at_sea,
        } => {
            let s = ship_of(ctx, ship)?;
            if *crew < 5 || *crew > MAX_CREW || *turns == 0 || *turns > MAX_TURNS {
                return Err(refuse(
                    "bad_repair",
                    "AC-NAVAL-04",
                    format!(
                        "repairs take teams of 5 crew (up to {MAX_CREW}) for 1–{MAX_TURNS} turns"
                    ),
                ));
            }
            if s.ship.sunk {
                return Err(refuse(
                    "ship_sunk",
                    "AC-NAVAL-02",
                    format!("`{ship}` has sunk"),
                ));
            }
            // What may still be mended here: half the damage at sea, all of it at a dock.
            let cap = rules::repair(u32::MAX, 1, s.damage_suffered, *at_sea);
            let left = cap.saturating_sub(s.repaired);
            let missing =
                u32::try_from(i64::from(s.ship.max_shp) - i64::from(s.ship.shp)).unwrap_or(0);
            let done = rules::repair(*crew, *turns, s.damage_suffered, *at_sea)
                .min(left)
                .min(missing);
            if done == 0 {
                return Err(refuse(
                    "nothing_to_repair",
                    "AC-NAVAL-04",
                    if *at_sea {
                        "at sea only half the damage suffered can be mended: the rest needs a dock"
                    } else {
                        "the ship has no damage to mend"
                    },
                ));
            }
            ctx.emit(NavalEvent::ShipRepaired {
                ship: ship.clone(),
                crew: *crew,
                turns: *turns,
                shp: done,
                shp_after: s.ship.shp.saturating_add(i32::try_from(done).unwrap_or(0)),
            })
        }
        C::Ram {
            ship,
            target,
            monster,
            size,
            distance,
            attack_throw,
            bonus,
        } => ram(
            ctx,
            ship,
            target.as_deref(),
            monster.as_deref(),
            *size,
            *distance,
            *attack_throw,
            *bonus,
        ),
        C::Fire {
            ship,
            piece,
            target,
            ammunition,
            distance,
            crew,
            bonus,
        } => fire(
            ctx,
            ship,
            piece,
            target,
            *ammunition,
            *distance,
            *crew,
            *bonus,
        ),
        C::Grapple {
            ship,
            target,
            distance,
            both_want,
            judge_modifier,
        } => {
            let s = ship_of(ctx, ship)?;
            let t = ship_of(ctx, target)?;
            on_count(ctx, ship, &s, s.captain.as_deref(), "grapples")?;
            if ship == target || s.ship.sunk || t.ship.sunk {
                return Err(refuse(
                    "bad_target",
                    "AC-NAVAL-14",
                    "a ship grapples another ship afloat",
                ));
            }
            // Checked with a face that cannot matter before any die is rolled.
            rules::grapple(*distance, true, *judge_modifier, 1)
                .map_err(|e| acks_err("cannot_grapple", e))?;
            let face = if *both_want {
                None
            } else {
                Some(int(ctx
                    .roll(
                        &format!("{ship} grapples {target}"),
                        "1d20",
                        Visibility::Public,
                    )?
                    .total))
            };
            let grappled =
                rules::grapple(*distance, *both_want, *judge_modifier, face.unwrap_or(1))
                    .map_err(|e| acks_err("bad_face", e))?;
            ctx.emit(NavalEvent::GrappleTried {
                ship: ship.clone(),
                target: target.clone(),
                face,
                judge_modifier: *judge_modifier,
                grappled,
            })
        }
        C::FightFire { ship, crew } => {
            let s = ship_of(ctx, ship)?;
            if s.ship.fires.is_empty() || s.ship.sunk {
                return Err(refuse(
                    "no_fire",
                    "AC-NAVAL-11",
                    format!("`{ship}` is not burning"),
                ));
            }
            if *crew > MAX_CREW {
                return Err(refuse(
                    "bad_crew",
                    "AC-NAVAL-11",
                    format!("at most {MAX_CREW} crew"),
                ));
            }
            let turns = rules::extinguish_turns(*crew).map_err(|e| acks_err("bad_crew", e))?;
            ctx.emit(NavalEvent::FireFought {
                ship: ship.clone(),
                crew: *crew,
                turns,
            })
        }
        C::BurnTurn { ship } => {
            let s = ship_of(ctx, ship)?;
            if s.ship.fires.is_empty() || s.ship.sunk {
                return Err(refuse(
                    "no_fire",
                    "AC-NAVAL-10",
                    format!("`{ship}` is not burning"),
                ));
            }
            let mut faces = Vec::new();
            for dice in s.ship.fires.clone() {
                faces.push(roll_faces(
                    ctx,
                    &format!("pitch fire on {ship}"),
                    dice,
                    Visibility::Public,
                )?);
            }
            let mut burnt = s.ship.clone();
            let shp = rules::burn_turn(&mut burnt, &faces).map_err(|e| acks_err("bad_face", e))?;
            ctx.emit(NavalEvent::ShipBurned {
                ship: ship.clone(),
                shp,
                fires_out: s.fire_turns_left == Some(1),
            })?;
            if shp > 0 {
                damage(ctx, ship, &s, shp, None)?;
            }
            Ok(())
        }
        C::EndNavalRound {} => {
            if ctx.rules().combat.is_some() {
                return Err(refuse(
                    "round_running",
                    "AC-NAVAL-06",
                    "in a fight the naval round ends with the fight's round",
                ));
            }
            let naval = &ctx.rules().naval;
            if naval.ships.is_empty() {
                return Err(refuse(
                    "no_such_ship",
                    "AC-NAVAL-06",
                    "no ships are fighting",
                ));
            }
            // The ships whose last round afloat this was.
            let ids: Vec<String> = naval
                .ships
                .iter()
                .filter(|(_, s)| s.ship.sinks_in == Some(1) && !s.ship.sunk)
                .map(|(id, _)| id.clone())
                .collect();
            ctx.emit(NavalEvent::NavalRoundEnded {
                round: naval.round + 1,
                sank: ids,
            })
        }
        C::AssignCrew {
            ship,
            captain,
            gunners,
            marines,
        } => assign_crew(ctx, ship, captain.as_deref(), gunners, marines),
        C::MoveShip { ship, feet } => move_ship(ctx, ship, *feet),
        C::FireAtCreatures {
            ship,
            piece,
            targets,
            distance,
            pitch,
        } => fire_at_creatures(ctx, ship, piece, targets, *distance, *pitch),
        C::PitchArea { area, creatures } => {
            burning_area(ctx, area)?;
            if creatures.len() > MAX_NAMED {
                return Err(refuse(
                    "bad_targets",
                    "AC-NAVAL-10",
                    format!("at most {MAX_NAMED} creatures in a burning area"),
                ));
            }
            named_creatures(ctx, creatures, "AC-NAVAL-10")?;
            ctx.emit(NavalEvent::PitchAreaSet {
                area: area.clone(),
                creatures: creatures.clone(),
            })
        }
        C::PitchOut { area } => {
            burning_area(ctx, area)?;
            ctx.emit(NavalEvent::PitchOut { area: area.clone() })
        }
    }
}

/// The burning pitch area `area`, or the refusal for a missing one.
fn burning_area(ctx: &Ctx<'_, Acks>, area: &str) -> Result<BurningPitch, RuleError> {
    ctx.rules().naval.burning.get(area).cloned().ok_or_else(|| {
        refuse(
            "no_such_area",
            "AC-NAVAL-10",
            format!("no burning pitch area `{area}`"),
        )
    })
}

/// Creatures named for a shot or a burning area: each one everyone may see, each named once.
fn named_creatures(ctx: &Ctx<'_, Acks>, names: &[String], rule: &str) -> Result<(), RuleError> {
    let mut seen = std::collections::BTreeSet::new();
    for t in names {
        // A hidden monster is no one's target yet.
        crewman(ctx, t)?;
        if !seen.insert(t) {
            return Err(refuse("bad_targets", rule, format!("`{t}` is named twice")));
        }
    }
    Ok(())
}

/// The round's end: each burning pitch area burns the creatures still in it (AC-NAVAL-10),
/// its dice rolled once, in the open — not in the round it was thrown (the shot's own damage
/// is that round's).
fn pitch_burns(ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    let round = ctx.rules().combat.as_ref().map_or(0, |c| c.round);
    let areas: Vec<(String, BurningPitch)> = ctx
        .rules()
        .naval
        .burning
        .iter()
        .filter(|(_, b)| b.round != round && !b.creatures.is_empty())
        .map(|(a, b)| (a.clone(), b.clone()))
        .collect();
    for (area, b) in areas {
        let dice: crate::dice_spec::DiceSpec =
            b.dice.parse().map_err(|e| acks_err("bad_dice", e))?;
        let faces = roll_faces(
            ctx,
            &format!("burning pitch {area}"),
            dice,
            Visibility::Public,
        )?;
        let damage = dice
            .total(&faces, "AC-NAVAL-10")
            .map_err(|e| acks_err("bad_face", e))?
            .max(0) as u32;
        ctx.emit(NavalEvent::PitchBurned {
            area: area.clone(),
            dice: b.dice.clone(),
            damage,
            creatures: b.creatures.clone(),
        })?;
        for t in &b.creatures {
            super::combat::damage_landed(ctx, t, damage, &format!("burning pitch {area}"))?;
        }
    }
    Ok(())
}

/// The round's end in a fight with ships: reloads and sinking count down (AC-NAVAL-02/06).
pub(super) fn on_boundary(boundary: &Boundary, ctx: &mut Ctx<'_, Acks>) -> Result<(), RuleError> {
    if *boundary != Boundary::RoundEnd || ctx.rules().naval.ships.is_empty() {
        return Ok(());
    }
    pitch_burns(ctx)?;
    let naval = &ctx.rules().naval;
    let sank: Vec<String> = naval
        .ships
        .iter()
        .filter(|(_, s)| s.ship.sinks_in == Some(1) && !s.ship.sunk)
        .map(|(id, _)| id.clone())
        .collect();
    ctx.emit(NavalEvent::NavalRoundEnded {
        round: naval.round + 1,
        sank,
    })
}

/// A creature everyone may see named aboard a ship (a hidden monster is no one's crew yet).
fn crewman(ctx: &Ctx<'_, Acks>, id: &str) -> Result<(), RuleError> {
    if ctx.rules().creatures.get(id).is_some_and(|c| c.public()) {
        Ok(())
    } else {
        Err(no_creature(id))
    }
}

fn assign_crew(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    captain: Option<&str>,
    gunners: &std::collections::BTreeMap<String, String>,
    marines: &[String],
) -> Result<(), RuleError> {
    let s = ship_of(ctx, id)?;
    if gunners.len() > MAX_PIECES || marines.len() > MAX_NAMED {
        return Err(refuse(
            "bad_post",
            "AC-NAVAL-01",
            format!(
                "at most {MAX_PIECES} gunners and {} marines a ship",
                MAX_NAMED
            ),
        ));
    }
    for c in captain
        .into_iter()
        .chain(gunners.values().map(String::as_str))
        .chain(marines.iter().map(String::as_str))
    {
        crewman(ctx, c)?;
    }
    if let Some(piece) = gunners
        .keys()
        .find(|p| !s.pieces.iter().any(|x| &x.name == *p))
    {
        return Err(refuse(
            "no_such_piece",
            "AC-NAVAL-01",
            format!("`{id}` carries no piece `{piece}`"),
        ));
    }
    // One post each: a captain, a gunner or a marine, on one ship.
    let mut posts: Vec<&str> = captain.into_iter().collect();
    posts.extend(gunners.values().map(String::as_str));
    posts.extend(marines.iter().map(String::as_str));
    let mut seen = std::collections::BTreeSet::new();
    for c in &posts {
        let elsewhere = ctx.rules().naval.ships.iter().any(|(other, o)| {
            other != id
                && (o.captain.as_deref() == Some(*c)
                    || o.gunners.values().any(|g| g == c)
                    || o.marines.iter().any(|m| m == c))
        });
        if !seen.insert(*c) || elsewhere {
            return Err(refuse(
                "bad_post",
                "AC-NAVAL-01",
                format!("`{c}` already has a post: one post on one ship each"),
            ));
        }
    }
    ctx.emit(NavalEvent::CrewAssigned {
        ship: id.to_string(),
        captain: captain.map(str::to_string),
        gunners: gunners.clone(),
        marines: marines.to_vec(),
    })
}

/// AC-NAVAL-01/03: the ship moves on its captain's count, up to its speed, once a round.
fn move_ship(ctx: &mut Ctx<'_, Acks>, id: &str, feet: u32) -> Result<(), RuleError> {
    let s = ship_of(ctx, id)?;
    let Some(fight) = ctx.rules().combat.clone() else {
        return Err(refuse(
            "no_fight",
            "AC-NAVAL-01",
            "a ship moves on its captain's count in a fight: begin_combat first",
        ));
    };
    if s.captain.is_none() {
        return Err(refuse(
            "no_station",
            "AC-NAVAL-01",
            format!("`{id}` has no captain: assign_crew first"),
        ));
    }
    on_count(ctx, id, &s, s.captain.as_deref(), "moves")?;
    if s.ship.disabled() || s.ship.sunk {
        return Err(refuse(
            "cannot_move",
            "AC-NAVAL-02",
            format!("`{id}` is at 0 shp: it no longer moves on its own"),
        ));
    }
    if s.moved.is_some_and(|(r, _)| r == fight.round) {
        return Err(refuse(
            "cannot_move",
            "AC-NAVAL-01",
            format!("`{id}` has moved this round"),
        ));
    }
    let speed = s.speed();
    if feet == 0 || feet > speed {
        return Err(refuse(
            "too_far",
            "AC-NAVAL-03",
            format!("`{id}` moves 1–{speed} ft this round"),
        ));
    }
    ctx.emit(NavalEvent::ShipMoved {
        ship: id.to_string(),
        feet,
        round: fight.round,
        speed,
    })
}

/// Structural damage; at 0 shp the 1d10 rounds to sinking (AC-NAVAL-02).
fn damage(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    s: &NavalShip,
    amount: u32,
    hp_damage: Option<u32>,
) -> Result<(), RuleError> {
    if s.ship.sunk {
        return Err(refuse(
            "ship_sunk",
            "AC-NAVAL-02",
            format!("`{id}` has sunk"),
        ));
    }
    let mut after = s.ship.clone();
    let disabled = after.take_shp(amount);
    ctx.emit(NavalEvent::ShipDamaged {
        ship: id.to_string(),
        shp: amount,
        hp_damage,
        shp_after: after.shp,
    })?;
    if disabled {
        let r = ctx.roll(&format!("{id} sinks in"), "1d10", Visibility::Public)?;
        ctx.emit(NavalEvent::ShipSinking {
            ship: id.to_string(),
            rounds: u32::try_from(r.total.clamp(1, 10)).unwrap_or(1),
        })?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn ram(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    target: Option<&str>,
    monster: Option<&str>,
    size: RamSize,
    distance: u32,
    attack_throw: i32,
    bonus: i32,
) -> Result<(), RuleError> {
    let s = ship_of(ctx, id)?;
    on_count(ctx, id, &s, s.captain.as_deref(), "rams")?;
    let tables = ctx.rules().tables()?;
    let (target_id, target_ac, vs_ship) = match (target, monster) {
        (Some(t), None) => {
            if t == id {
                return Err(refuse(
                    "bad_target",
                    "AC-NAVAL-13",
                    "a ship does not ram itself",
                ));
            }
            let ts = ship_of(ctx, t)?;
            if ts.ship.sunk {
                return Err(refuse(
                    "ship_sunk",
                    "AC-NAVAL-02",
                    format!("`{t}` has sunk"),
                ));
            }
            (t.to_string(), ts.ship.ac, true)
        }
        (None, Some(m)) => {
            // A hidden monster is no one's target yet, and a character is no sea monster.
            if !ctx
                .rules()
                .creatures
                .get(m)
                .is_some_and(|c| c.monster().is_some() && c.public())
            {
                return Err(no_creature(m));
            }
            let ac = ctx.rules().card_of(m).map_or(9, |card| card.armour_class);
            (m.to_string(), ac, false)
        }
        _ => {
            return Err(refuse(
                "bad_target",
                "AC-NAVAL-13",
                "a ram names a `target` ship or a `monster`",
            ));
        }
    };
    if !(-10..=30).contains(&attack_throw) || bonus.abs() > 20 {
        return Err(refuse(
            "bad_throw",
            "AC-NAVAL-13",
            "an attack throw within −10…30 and a bonus within ±20",
        ));
    }
    // Every refusal before a die: the ram's reach, the ship's state and T-24's row, checked
    // with a natural 1 (a miss needs no damage faces).
    let dry = Ram {
        size,
        distance,
        attack_throw,
        attack_bonus: bonus,
        d20: 1,
        damage_faces: Vec::new(),
    };
    rules::ram_monster(&tables, &s.ship, target_ac, &dry).map_err(|e| acks_err("cannot_ram", e))?;
    let dice: crate::dice_spec::DiceSpec = rules::ram_damage(&tables, size, vs_ship)
        .map_err(|e| acks_err("cannot_ram", e))?
        .parse()
        .map_err(|e| acks_err("bad_dice", e))?;
    let vis = if vs_ship {
        Visibility::Public
    } else {
        Visibility::Referee
    };
    let face = int(ctx
        .roll(&format!("{id} rams {target_id}"), "1d20", vis.clone())?
        .total);
    let roll = crate::attack::resolve_attack(attack_throw, target_ac, bonus, face)
        .map_err(|e| acks_err("bad_face", e))?;
    let faces = if roll.hit {
        roll_faces(ctx, &format!("ram damage by {id}"), dice, vis)?
    } else {
        Vec::new()
    };
    let ram = Ram {
        d20: face,
        damage_faces: faces,
        ..dry
    };
    let result = if vs_ship {
        let mut t = ship_of(ctx, &target_id)?.ship;
        rules::ram_ship(&tables, &s.ship, &mut t, &ram)
    } else {
        rules::ram_monster(&tables, &s.ship, target_ac, &ram)
    }
    .map_err(|e| acks_err("bad_face", e))?;
    let event = NavalEvent::Rammed {
        ship: id.to_string(),
        target: target_id.clone(),
        size,
        face,
        total: result.roll.total,
        needed: result.roll.needed,
        hit: result.roll.hit,
        damage: result.damage,
        vs_ship,
    };
    if vs_ship {
        ctx.emit(event)?;
        if result.damage > 0 {
            let t = ship_of(ctx, &target_id)?;
            damage(ctx, &target_id, &t, result.damage, None)?;
        }
    } else {
        ctx.emit_masked(
            event,
            Visibility::Referee,
            CombatEvent::AttackSeen {
                attacker: id.to_string(),
                target: target_id.clone(),
                face: None,
                hit: result.roll.hit,
                damage: result.damage,
            },
        )?;
        if result.damage > 0 {
            let hp = ctx.rules().creatures.get(&target_id).map_or(0, |c| c.hp);
            let after = hp.saturating_sub(i32::try_from(result.damage).unwrap_or(i32::MAX));
            change_hp(ctx, &target_id, after, &format!("ram by {id}"))?;
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn fire(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    piece_name: &str,
    target: &str,
    ammunition: Ammunition,
    distance: u32,
    crew: u32,
    bonus: i32,
) -> Result<(), RuleError> {
    let s = ship_of(ctx, id)?;
    if target == id {
        return Err(refuse(
            "bad_target",
            "AC-NAVAL-06",
            "a ship does not shoot itself",
        ));
    }
    let t = ship_of(ctx, target)?;
    let Some(piece) = s.pieces.iter().find(|p| p.name == piece_name).cloned() else {
        return Err(refuse(
            "no_such_piece",
            "AC-NAVAL-06",
            format!("`{id}` carries no piece `{piece_name}`"),
        ));
    };
    on_count(
        ctx,
        id,
        &s,
        s.gunners.get(piece_name).map(String::as_str),
        &format!("shoots its {piece_name}"),
    )?;
    if crew > MAX_CREW || bonus.abs() > 20 {
        return Err(refuse(
            "bad_shot",
            "AC-NAVAL-07",
            format!("at most {MAX_CREW} crew and a bonus within ±20"),
        ));
    }
    let tables = ctx.rules().tables()?;
    let shot = |d20: i32, damage_faces: Vec<u32>| Shot {
        ammunition,
        distance,
        crew,
        attack_bonus: bonus,
        d20,
        damage_faces,
    };
    // Every refusal before a die (T-23's row, range, reload, crew, ammunition), with a natural 1.
    rules::fire(
        &tables,
        &mut piece.clone(),
        &s.ship,
        &mut t.ship.clone(),
        &shot(1, Vec::new()),
    )
    .map_err(|e| acks_err("cannot_fire", e))?;
    let face = int(ctx
        .roll(
            &format!("{id}'s {piece_name} shoots at {target}"),
            "1d20",
            Visibility::Public,
        )?
        .total);
    let row = rules::artillery_ready(&tables, piece.kind, distance)
        .map_err(|e| acks_err("cannot_fire", e))?;
    let throw = row.attack_throw.unwrap_or(i32::MAX);
    let hit = crate::attack::resolve_attack(throw, t.ship.ac, bonus, face)
        .map_err(|e| acks_err("bad_face", e))?
        .hit;
    let faces = if hit && ammunition == Ammunition::Shot {
        let dice: crate::dice_spec::DiceSpec = row
            .damage_shp
            .parse()
            .map_err(|e| acks_err("bad_dice", e))?;
        roll_faces(
            ctx,
            &format!("damage by {id}'s {piece_name}"),
            dice,
            Visibility::Public,
        )?
    } else {
        Vec::new()
    };
    let mut target_ship = t.ship.clone();
    let mut fired = piece.clone();
    let result = rules::fire(
        &tables,
        &mut fired,
        &s.ship,
        &mut target_ship,
        &shot(face, faces),
    )
    .map_err(|e| acks_err("bad_face", e))?;
    ctx.emit(NavalEvent::ShotFired {
        ship: id.to_string(),
        piece: piece_name.to_string(),
        target: target.to_string(),
        ammunition,
        face,
        total: result.roll.total,
        needed: result.roll.needed,
        hit: result.roll.hit,
        shp_damage: result.shp_damage,
        set_afire: result.set_afire,
        reloading: fired.reloading,
        new_fire: if result.set_afire {
            target_ship.fires.last().cloned()
        } else {
            None
        },
    })?;
    if result.shp_damage > 0 {
        damage(ctx, target, &t, result.shp_damage, None)?;
    }
    Ok(())
}

/// AC-NAVAL-08/09: a ship weapon shot at the creatures the Judge names in its line or area.
fn fire_at_creatures(
    ctx: &mut Ctx<'_, Acks>,
    id: &str,
    piece_name: &str,
    targets: &[String],
    distance: Option<u32>,
    pitch: bool,
) -> Result<(), RuleError> {
    let s = ship_of(ctx, id)?;
    let Some(piece) = s.pieces.iter().find(|p| p.name == piece_name).cloned() else {
        return Err(refuse(
            "no_such_piece",
            "AC-NAVAL-06",
            format!("`{id}` carries no piece `{piece_name}`"),
        ));
    };
    on_count(
        ctx,
        id,
        &s,
        s.gunners.get(piece_name).map(String::as_str),
        &format!("shoots its {piece_name}"),
    )?;
    if s.ship.disabled() || s.ship.sunk {
        return Err(refuse(
            "cannot_fire",
            "AC-NAVAL-02",
            format!("`{id}` is at 0 shp: its ship weapons no longer shoot"),
        ));
    }
    if piece.reloading > 0 {
        return Err(refuse(
            "cannot_fire",
            "AC-NAVAL-07",
            format!(
                "{piece_name} is reloading: {} more round(s)",
                piece.reloading
            ),
        ));
    }
    if targets.is_empty() || targets.len() > MAX_NAMED {
        return Err(refuse(
            "bad_targets",
            "AC-NAVAL-08",
            format!("name the 1–{} creatures in the line or area", MAX_NAMED),
        ));
    }
    named_creatures(ctx, targets, "AC-NAVAL-08")?;
    // Burning pitch: a catapult's 1d6 (light) or 2d6 (heavy) fire, every round in its area.
    let pitch_dice = if pitch {
        Some(rules::pitch_dice(piece.kind).map_err(|e| acks_err("cannot_fire", e))?)
    } else {
        None
    };
    let tables = ctx.rules().tables()?;
    let row = tables
        .t23_artillery
        .find(format!("{:?}", piece.kind), |r| r.weapon == piece.kind)
        .map_err(|e| acks_err("cannot_fire", e))?
        .clone();
    // The Judge's T-23 ranges, where entered (AC-NAVAL-07); the minimum range binds catapults
    // (AC-NAVAL-12, «Катапульта»).
    let catapult = matches!(
        piece.kind,
        crate::tables::Artillery::LightCatapult | crate::tables::Artillery::HeavyCatapult
    );
    if let (Some(d), Some(min), true) = (distance, row.range_min, catapult)
        && d < min
    {
        return Err(refuse(
            "cannot_fire",
            "AC-NAVAL-12",
            format!("the target is inside the minimum range of {min}"),
        ));
    }
    if let (Some(d), Some(long)) = (distance, row.range_long)
        && d > long
    {
        return Err(refuse(
            "cannot_fire",
            "AC-NAVAL-07",
            format!("the target is beyond the range of {long}"),
        ));
    }
    let dice: crate::dice_spec::DiceSpec = match pitch_dice {
        Some(d) => d,
        None => row
            .damage_creatures
            .parse()
            .map_err(|e| acks_err("bad_dice", e))?,
    };
    let dice_text = pitch_dice.map_or_else(|| row.damage_creatures.clone(), |d| d.to_string());
    let area_ft = match piece.kind {
        crate::tables::Artillery::HeavyCatapult => 10,
        _ => 5,
    };
    let faces = roll_faces(
        ctx,
        &format!("{id}'s {piece_name} at creatures"),
        dice,
        Visibility::Public,
    )?;
    let damage = dice
        .total(&faces, "AC-NAVAL-08/09")
        .map_err(|e| acks_err("bad_face", e))?
        .max(0) as u32;
    ctx.emit(NavalEvent::ShotAtCreatures {
        ship: id.to_string(),
        piece: piece_name.to_string(),
        targets: targets.to_vec(),
        dice: dice_text.clone(),
        area: row.area.clone(),
        damage,
        reloading: row.rounds_per_shot.map_or(0, |r| r.saturating_sub(1)),
    })?;
    if pitch {
        if ctx.rules().naval.burning.len() >= MAX_NAMED {
            return Err(refuse(
                "bad_targets",
                "AC-NAVAL-10",
                format!("at most {MAX_NAMED} burning areas at once"),
            ));
        }
        let round = ctx.rules().combat.as_ref().map_or(0, |c| c.round);
        let mut n = ctx.rules().naval.burning.len() + 1;
        while ctx.rules().naval.burning.contains_key(&format!("pitch{n}")) {
            n += 1;
        }
        ctx.emit(NavalEvent::PitchBurning {
            area: format!("pitch{n}"),
            ship: id.to_string(),
            piece: piece_name.to_string(),
            dice: dice_text,
            area_ft,
            creatures: targets.to_vec(),
            round,
        })?;
    }
    for t in targets {
        super::combat::damage_landed(ctx, t, damage, &format!("{id}'s {piece_name}"))?;
    }
    Ok(())
}

/// A fight ended: no ship carries its "moved this round" into the next fight's rounds.
pub(super) fn fight_over(state: &mut AcksState) {
    for s in state.naval.ships.values_mut() {
        s.moved = None;
    }
    // Burning pitch among creatures belongs to the fight (AC-NAVAL-10).
    state.naval.burning.clear();
}

pub(super) fn apply(state: &mut AcksState, event: &NavalEvent) {
    let naval = &mut state.naval;
    match event {
        NavalEvent::ShipJoined {
            ship,
            name,
            ac,
            shp,
            speed,
            rowers,
            pieces,
        } => {
            if let Ok(s) = Ship::new(name, *ac, *shp, *speed) {
                naval.ships.insert(
                    ship.clone(),
                    NavalShip {
                        ship: s,
                        rowers: *rowers,
                        rowers_lost: 0,
                        damage_suffered: 0,
                        repaired: 0,
                        pieces: pieces
                            .iter()
                            .map(|p| Piece {
                                name: p.name.clone(),
                                kind: p.kind,
                                reloading: 0,
                            })
                            .collect(),
                        grappled: Vec::new(),
                        fire_turns_left: None,
                        captain: None,
                        gunners: Default::default(),
                        marines: Vec::new(),
                        moved: None,
                    },
                );
            }
        }
        NavalEvent::ShipDamaged {
            ship,
            shp,
            shp_after,
            ..
        } => {
            if let Some(s) = naval.ships.get_mut(ship) {
                s.ship.shp = *shp_after;
                s.damage_suffered = s.damage_suffered.saturating_add(*shp);
            }
        }
        NavalEvent::ShipSinking { ship, rounds } => {
            if let Some(s) = naval.ships.get_mut(ship) {
                s.ship.sinks_in.get_or_insert(*rounds);
            }
        }
        NavalEvent::RowersLost { ship, lost, .. } => {
            if let Some(s) = naval.ships.get_mut(ship) {
                s.rowers_lost = s.rowers_lost.saturating_add(*lost);
            }
        }
        NavalEvent::ShipRepaired {
            ship,
            shp,
            shp_after,
            ..
        } => {
            if let Some(s) = naval.ships.get_mut(ship) {
                s.ship.shp = *shp_after;
                s.repaired = s.repaired.saturating_add(*shp);
                if s.ship.shp > 0 {
                    s.ship.sinks_in = None;
                }
            }
        }
        NavalEvent::ShotFired {
            ship,
            piece,
            target,
            reloading,
            new_fire,
            ..
        } => {
            if let Some(p) = naval
                .ships
                .get_mut(ship)
                .and_then(|s| s.pieces.iter_mut().find(|p| &p.name == piece))
            {
                p.reloading = *reloading;
            }
            if let Some(t) = naval.ships.get_mut(target) {
                t.ship.fires.extend(new_fire.iter().cloned());
            }
        }
        NavalEvent::GrappleTried {
            ship,
            target,
            grappled: true,
            ..
        } => {
            for (a, b) in [(ship, target), (target, ship)] {
                if let Some(s) = naval.ships.get_mut(a)
                    && !s.grappled.contains(b)
                {
                    s.grappled.push(b.clone());
                }
            }
        }
        NavalEvent::NavalRoundEnded { round, .. } => {
            naval.round = *round;
            for s in naval.ships.values_mut() {
                s.moved = None;
                rules::end_round(std::slice::from_mut(&mut s.ship), &mut s.pieces);
            }
        }
        NavalEvent::FireFought { ship, turns, .. } => {
            if let Some(s) = naval.ships.get_mut(ship) {
                s.fire_turns_left = Some(*turns);
            }
        }
        NavalEvent::ShipBurned {
            ship, fires_out, ..
        } => {
            if let Some(s) = naval.ships.get_mut(ship) {
                if *fires_out {
                    rules::fires_out(&mut s.ship);
                    s.fire_turns_left = None;
                } else if let Some(n) = s.fire_turns_left.as_mut() {
                    *n = n.saturating_sub(1);
                }
            }
        }
        NavalEvent::CrewAssigned {
            ship,
            captain,
            gunners,
            marines,
        } => {
            if let Some(s) = naval.ships.get_mut(ship) {
                s.captain = captain.clone();
                s.gunners = gunners.clone();
                s.marines = marines.clone();
            }
        }
        NavalEvent::ShipMoved {
            ship, feet, round, ..
        } => {
            if let Some(s) = naval.ships.get_mut(ship) {
                s.moved = Some((*round, *feet));
            }
        }
        NavalEvent::PitchBurning {
            area,
            ship,
            piece,
            dice,
            area_ft,
            creatures,
            round,
        } => {
            naval.burning.insert(
                area.clone(),
                BurningPitch {
                    ship: ship.clone(),
                    piece: piece.clone(),
                    dice: dice.clone(),
                    area_ft: *area_ft,
                    creatures: creatures.clone(),
                    round: *round,
                },
            );
        }
        NavalEvent::PitchAreaSet { area, creatures } => {
            if let Some(b) = naval.burning.get_mut(area) {
                b.creatures = creatures.clone();
            }
        }
        NavalEvent::PitchOut { area } => {
            naval.burning.remove(area);
        }
        NavalEvent::PitchBurned { .. } => {}
        NavalEvent::ShotAtCreatures {
            ship,
            piece,
            reloading,
            ..
        } => {
            if let Some(p) = naval
                .ships
                .get_mut(ship)
                .and_then(|s| s.pieces.iter_mut().find(|p| &p.name == piece))
            {
                p.reloading = *reloading;
            }
        }
        NavalEvent::GrappleTried { .. } | NavalEvent::Rammed { .. } => {}
    }
}

/// AC-NAVAL-01: the round's acts by count, from the fight's initiative (open, as the combat
/// order is): each ship whose captain fights moves on the captain's count, its pieces on their
/// gunners' counts, its marines on their own. Empty before initiative.
pub(super) fn naval_order(state: &AcksState) -> Vec<Vec<rules::NavalTurn>> {
    let Some(fight) = state.combat.as_ref().filter(|f| f.initiative_rolled) else {
        return Vec::new();
    };
    let count = |id: &str| {
        fight
            .combatants
            .get(id)
            .filter(|_| !fight.fallen.iter().any(|f| f == id))
            .and_then(|c| c.count)
    };
    let ships: Vec<rules::ShipInitiative> = state
        .naval
        .ships
        .iter()
        .filter(|(_, s)| !s.ship.sunk)
        .filter_map(|(id, s)| {
            let captain_count = count(s.captain.as_deref()?)?;
            let mut stations: Vec<rules::Station> = s
                .gunners
                .iter()
                .filter_map(|(piece, g)| {
                    Some(rules::Station {
                        name: piece.clone(),
                        kind: rules::StationKind::Weapon,
                        count: count(g)?,
                    })
                })
                .collect();
            stations.extend(s.marines.iter().filter_map(|m| {
                Some(rules::Station {
                    name: m.clone(),
                    kind: rules::StationKind::Crew,
                    count: count(m)?,
                })
            }));
            Some(rules::ShipInitiative {
                ship: id.clone(),
                captain_count,
                disabled: s.ship.disabled(),
                stations,
            })
        })
        .collect();
    rules::naval_order(&ships)
}

/// The ships as everyone sees them: open at sea.
pub(super) fn project(state: &TableState<AcksState>, _viewer: &Viewer) -> Value {
    let naval = &state.rules.naval;
    if naval.ships.is_empty() {
        return Value::Null;
    }
    let ships: serde_json::Map<String, Value> = naval
        .ships
        .iter()
        .map(|(id, s)| {
            (
                id.clone(),
                json!({
                    "name": s.ship.name,
                    "shp": s.ship.shp,
                    "max_shp": s.ship.max_shp,
                    "speed": s.speed(),
                    "rowers": s.rowers.saturating_sub(s.rowers_lost),
                    "sinks_in": s.ship.sinks_in,
                    "sunk": s.ship.sunk,
                    "fires": s.ship.fires.len(),
                    "pieces": s.pieces.iter().map(|p| json!({"name": p.name, "kind": p.kind, "reloading": p.reloading})).collect::<Vec<_>>(),
                    "grappled": s.grappled,
                    "ac": s.ship.ac,
                    "captain": s.captain,
                    "gunners": s.gunners,
                    "marines": s.marines,
                    "moved_ft": s.moved.map(|(_, f)| f),
                }),
            )
        })
        .collect();
    json!({"round": naval.round, "ships": ships, "order": naval_order(&state.rules),
        "burning": naval.burning})
}
