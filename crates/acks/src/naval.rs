//! Naval combat («Инициатива корабля», «Структурные хиты», «Бой между кораблями», «Баллиста»,
//! «Катапульта», «Таран», «Абордаж»): speed loss from damage, repairs, monster damage to ships,
//! artillery (T-23, Judge-entered), pitch fires, ramming (T-24, Judge-entered) and boarding;
//! the naval round's acting order (the ship on its captain's count, weapons and crew on their
//! own) and ship-to-ship combat rounds ([`Ship`], [`fire`], [`ram_ship`], [`grapple`],
//! [`end_round`]).
use crate::dice_spec::DiceSpec;
use crate::odds::{Fraction, d20_at_least};
use crate::tables::{Artillery, ArtilleryRow, RamSize};
use crate::{AcksError, Tables};
use serde::{Deserialize, Serialize};

/// AC-NAVAL-14: the grapple throw when only one crew wants to board.
pub const GRAPPLE_THROW: i32 = 13;

/// AC-NAVAL-03: speed after losing a share of shp (or of rowers), the loss rounded to the
/// nearest 10 %.
pub fn reduced_speed(speed: u32, lost: u32, total: u32) -> Result<u32, AcksError> {
    if total == 0 || lost > total {
        return Err(AcksError::range(
            "AC-NAVAL-03",
            format!("lost {lost} of {total} is not a share"),
        ));
    }
    // Nearest 10 %: round(10 × lost / total) tenths (halves up).
    let tenths = (20 * lost + total) / (2 * total);
    Ok(speed * (10 - tenths) / 10)
}

/// AC-NAVAL-04: shp restored by `crew` working `turns` (1 per team of 5 per turn), capped at
/// sea to half the damage suffered.
pub fn repair(crew: u32, turns: u32, damage: u32, at_sea: bool) -> u32 {
    let done = crew / 5 * turns;
    let cap = if at_sea { damage / 2 } else { damage };
    done.min(cap)
}

/// AC-NAVAL-05: giant monsters and magic deal 1 shp per 5 points of damage.
pub fn shp_from_damage(hp_damage: u32) -> u32 {
    hp_damage / 5
}

/// AC-NAVAL-07/12: a piece ready to fire: needs the Judge-entered T-23 row (crew, attack
/// throw, ranges); refuses naming T-23 until then, or when the target is inside the minimum
/// range.
pub fn artillery_ready(
    tables: &Tables,
    piece: Artillery,
    distance: u32,
) -> Result<&ArtilleryRow, AcksError> {
    let t = &tables.t23_artillery;
    let row = t.find(format!("{piece:?}"), |r| r.weapon == piece)?;
    let (Some(_), Some(_), Some(min), Some(long)) = (
        row.crew_full,
        row.attack_throw,
        row.range_min,
        row.range_long,
    ) else {
        return Err(t.missing(format!("the {piece:?}'s crew, attack throw and ranges")));
    };
    if distance < min {
        return Err(AcksError::range(
            "AC-NAVAL-12",
            format!("the target is inside the {piece:?}'s minimum range of {min}"),
        ));
    }
    if distance > long {
        return Err(AcksError::range(
            "AC-NAVAL-07",
            format!("the target is beyond the {piece:?}'s range of {long}"),
        ));
    }
    Ok(row)
}

/// AC-NAVAL-11: turns to put out a pitch fire: 3 for 5 crew, one fewer per extra 5, at least 1.
pub fn extinguish_turns(crew: u32) -> Result<u32, AcksError> {
    if crew < 5 {
        return Err(AcksError::range(
            "AC-NAVAL-11",
            "fighting a pitch fire takes at least 5 crew",
        ));
    }
    Ok(3u32.saturating_sub(crew / 5 - 1).max(1))
}

/// AC-NAVAL-13: ram damage dice (ships in shp, monsters in hp) from T-24; refuses naming T-24
/// until the Judge enters them.
pub fn ram_damage(tables: &Tables, size: RamSize, vs_ship: bool) -> Result<String, AcksError> {
    let t = &tables.t24_ram;
    let row = t.find(format!("{size:?} ram"), |r| r.size == size)?;
    let cell = if vs_ship {
        &row.vs_ship_shp
    } else {
        &row.vs_monster_hp
    };
    cell.clone()
        .ok_or_else(|| t.missing(format!("{size:?} ram damage")))
}

/// AC-NAVAL-14: P(grappling this round): certain when both crews want it, else 13+ with the
/// Judge's modifier for the opposing captain.
pub fn boarding_odds(both_want: bool, judge_modifier: i32) -> Fraction {
    if both_want {
        Fraction::from_integer(1)
    } else {
        d20_at_least(judge_modifier.into(), GRAPPLE_THROW.into())
    }
}

/// AC-NAVAL-01: who acts on which count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NavalActor {
    /// The ship moves on its captain's count.
    ShipMovement,
    /// Ship weapons and crew act on their own counts.
    CrewOrWeapon,
}

/// What acts on a ship (AC-NAVAL-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StationKind {
    /// A ship weapon (ballista, catapult) and its crew.
    Weapon,
    /// Crew fighting with their own weapons (marines, archers, boarders).
    Crew,
}

/// A weapon or a body of crew with its own initiative count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Station {
    pub name: String,
    pub kind: StationKind,
    pub count: i32,
}

/// One ship's initiative for a round: the captain's count moves the ship; each station acts on
/// its own count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipInitiative {
    pub ship: String,
    pub captain_count: i32,
    /// The ship is at 0 shp or below (AC-NAVAL-02): it neither moves nor fires its weapons,
    /// but its crew still fight.
    pub disabled: bool,
    pub stations: Vec<Station>,
}

/// One act in the naval round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NavalTurn {
    pub ship: String,
    pub actor: NavalActor,
    /// The station's name, or the ship's for its movement.
    pub name: String,
    pub count: i32,
}

/// AC-NAVAL-01 (with AC-NAVAL-02): the round's acting order, highest count first, equal counts
/// together. A ship moves on its captain's count; weapons and crew on their own.
pub fn naval_order(ships: &[ShipInitiative]) -> Vec<Vec<NavalTurn>> {
    let mut all: Vec<NavalTurn> = Vec::new();
    for s in ships {
        if !s.disabled {
            all.push(NavalTurn {
                ship: s.ship.clone(),
                actor: NavalActor::ShipMovement,
                name: s.ship.clone(),
                count: s.captain_count,
            });
        }
        for st in &s.stations {
            if s.disabled && st.kind == StationKind::Weapon {
                continue;
            }
            all.push(NavalTurn {
                ship: s.ship.clone(),
                actor: NavalActor::CrewOrWeapon,
                name: st.name.clone(),
                count: st.count,
            });
        }
    }
    all.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then_with(|| a.ship.cmp(&b.ship))
            .then_with(|| a.name.cmp(&b.name))
    });
    let mut groups: Vec<Vec<NavalTurn>> = Vec::new();
    for t in all {
        match groups.last_mut() {
            Some(g) if g[0].count == t.count => g.push(t),
            _ => groups.push(vec![t]),
        }
    }
    groups
}

/// The boarders' penalty in the round they board: −2 to attack throws and to AC (AC-NAVAL-15).
pub const BOARDING_PENALTY: i32 = -2;

/// A ship in combat (AC-NAVAL-02…06).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    pub name: String,
    pub ac: i32,
    pub max_shp: u32,
    pub shp: i32,
    /// Undamaged speed (any unit).
    pub speed: u32,
    /// Rounds until it goes under, once at 0 shp (1d10, AC-NAVAL-02).
    pub sinks_in: Option<u32>,
    pub sunk: bool,
    /// Burning pitch: the shp dice each fire deals per turn (AC-NAVAL-10).
    pub fires: Vec<DiceSpec>,
}

impl Ship {
    pub fn new(name: &str, ac: i32, max_shp: u32, speed: u32) -> Result<Ship, AcksError> {
        if max_shp == 0 || max_shp > 10_000 || !crate::attack::AC_RANGE.contains(&ac) {
            return Err(AcksError::range(
                "AC-NAVAL-02",
                "a ship has 1–10,000 shp and an AC within −10…30",
            ));
        }
        Ok(Ship {
            name: name.to_string(),
            ac,
            max_shp,
            shp: max_shp as i32,
            speed,
            sinks_in: None,
            sunk: false,
            fires: Vec::new(),
        })
    }

    /// At 0 shp or below a ship cannot move or fire its weapons (AC-NAVAL-02).
    pub fn disabled(&self) -> bool {
        self.shp <= 0
    }

    /// Speed after damage (AC-NAVAL-03).
    pub fn current_speed(&self) -> u32 {
        if self.disabled() {
            return 0;
        }
        let lost = self.max_shp - self.shp.max(0) as u32;
        reduced_speed(self.speed, lost, self.max_shp).unwrap_or(0)
    }

    /// Takes shp damage; returns true when this damage brought it to 0 or below (the caller
    /// then rolls the 1d10 rounds to sinking, [`Ship::start_sinking`]).
    pub fn take_shp(&mut self, shp: u32) -> bool {
        let was_afloat = !self.disabled();
        self.shp = self.shp.saturating_sub(shp.min(i32::MAX as u32) as i32);
        was_afloat && self.disabled()
    }

    /// AC-NAVAL-02: the ship goes under in `d10_face` rounds.
    pub fn start_sinking(&mut self, d10_face: u32) -> Result<(), AcksError> {
        if !(1..=10).contains(&d10_face) || !self.disabled() {
            return Err(AcksError::range(
                "AC-NAVAL-02",
                "a ship at 0 shp sinks in 1d10 rounds: give a d10 face 1–10",
            ));
        }
        self.sinks_in.get_or_insert(d10_face);
        Ok(())
    }

    fn check_able(&self, what: &str) -> Result<(), AcksError> {
        if self.disabled() || self.sunk {
            return Err(AcksError::range(
                "AC-NAVAL-02",
                format!(
                    "{} is at 0 shp: it cannot {what} (its crew can still fight with their own weapons)",
                    self.name
                ),
            ));
        }
        Ok(())
    }
}

/// An artillery piece on a ship, with its reload.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub name: String,
    pub kind: Artillery,
    /// Rounds before it can shoot again.
    pub reloading: u32,
}

/// What a piece shoots (AC-NAVAL-08…10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ammunition {
    /// Bolts (ballista) or stones (catapults): the T-23 shp damage.
    Shot,
    /// Burning pitch (catapults only): a fire dealing shp every turn.
    Pitch,
}

/// One shot at a ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    pub ammunition: Ammunition,
    pub distance: u32,
    pub crew: u32,
    pub attack_bonus: i32,
    pub d20: i32,
    /// The damage faces (shot only; may be empty on a miss).
    pub damage_faces: Vec<u32>,
}

/// What a shot did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShotResult {
    pub roll: crate::attack::AttackRoll,
    pub shp_damage: u32,
    pub set_afire: bool,
    /// The target dropped to 0 shp with this shot.
    pub disabled_target: bool,
}

/// AC-NAVAL-10: the dice burning pitch deals each turn (shp) or round (creatures): a light
/// catapult's 1d6, a heavy one's 2d6; a ballista throws none.
pub fn pitch_dice(piece: Artillery) -> Result<DiceSpec, AcksError> {
    match piece {
        Artillery::LightCatapult => DiceSpec::new(1, 6, 0),
        Artillery::HeavyCatapult => DiceSpec::new(2, 6, 0),
        Artillery::Ballista => Err(AcksError::range(
            "AC-NAVAL-10",
            "only catapults throw burning pitch",
        )),
    }
}

/// AC-NAVAL-06…10, 12: a piece fires at a ship. Crew, attack throw, rate of fire and ranges are
/// T-23 values the Judge enters (refused naming T-23 until then); the row gives the full crew's
/// figures, so a smaller crew is refused naming T-23 too (its rate and throw were not
/// recovered: the Judge enters them as the row). A disabled ship's weapons do not fire. A
/// refused shot changes nothing.
pub fn fire(
    tables: &Tables,
    piece: &mut Piece,
    from: &Ship,
    target: &mut Ship,
    shot: &Shot,
) -> Result<ShotResult, AcksError> {
    from.check_able("fire its ship weapons")?;
    if target.sunk {
        return Err(AcksError::range(
            "AC-NAVAL-06",
            format!("{} has sunk", target.name),
        ));
    }
    if piece.reloading > 0 {
        return Err(AcksError::range(
            "AC-NAVAL-07",
            format!(
                "{} is reloading: {} more round(s)",
                piece.name, piece.reloading
            ),
        ));
    }
    let row = artillery_ready(tables, piece.kind, shot.distance)?;
    let t = &tables.t23_artillery;
    let (Some(crew_full), Some(throw), Some(rate)) =
        (row.crew_full, row.attack_throw, row.rounds_per_shot)
    else {
        return Err(t.missing(format!("the {:?}'s rate of fire", piece.kind)));
    };
    if shot.crew < crew_full {
        return Err(t.missing(format!(
            "the {:?}'s rate of fire and attack throw with {} crew (the row is for {crew_full})",
            piece.kind, shot.crew
        )));
    }
    let pitch = match shot.ammunition {
        Ammunition::Pitch => Some(pitch_dice(piece.kind)?),
        Ammunition::Shot => None,
    };
    let roll = crate::attack::resolve_attack(throw, target.ac, shot.attack_bonus, shot.d20)?;
    let shot_dice: DiceSpec = row.damage_shp.parse()?;
    let mut shp_damage = 0;
    if pitch.is_none() && (roll.hit || !shot.damage_faces.is_empty()) {
        shp_damage = shot_dice
            .total(&shot.damage_faces, "AC-NAVAL-08/09")?
            .max(0) as u32;
    }
    if !roll.hit {
        shp_damage = 0;
    }
    piece.reloading = rate.saturating_sub(1);
    let set_afire = roll.hit && pitch.is_some();
    if let (true, Some(d)) = (roll.hit, pitch) {
        target.fires.push(d);
    }
    let disabled_target = roll.hit && shp_damage > 0 && target.take_shp(shp_damage);
    Ok(ShotResult {
        roll,
        shp_damage,
        set_afire,
        disabled_target,
    })
}

/// AC-NAVAL-10/11: a turn of burning: each fire deals its dice (one list of faces per fire, in
/// order). Fought by `crew`, the fires go out after [`extinguish_turns`]; this only deals the
/// damage. Returns the shp lost.
pub fn burn_turn(ship: &mut Ship, faces: &[Vec<u32>]) -> Result<u32, AcksError> {
    if faces.len() != ship.fires.len() {
        return Err(AcksError::range(
            "AC-NAVAL-10",
            format!(
                "{} fires need {} lists of faces, got {}",
                ship.fires.len(),
                ship.fires.len(),
                faces.len()
            ),
        ));
    }
    let mut total = 0u32;
    for (dice, f) in ship.fires.iter().zip(faces) {
        total += dice.total(f, "AC-NAVAL-10")?.max(0) as u32;
    }
    ship.take_shp(total);
    Ok(total)
}

/// AC-NAVAL-11: the fires are put out (after the crew spent [`extinguish_turns`] turns).
pub fn fires_out(ship: &mut Ship) {
    ship.fires.clear();
}

/// A ramming attempt (AC-NAVAL-13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ram {
    pub size: RamSize,
    pub distance: u32,
    /// The attack throw the ram uses (the Judge's: the chapter gives none).
    pub attack_throw: i32,
    pub attack_bonus: i32,
    pub d20: i32,
    pub damage_faces: Vec<u32>,
}

/// What a ram did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RamResult {
    pub roll: crate::attack::AttackRoll,
    pub damage: u32,
    pub disabled_target: bool,
}

fn ram_roll(
    tables: &Tables,
    rammer: &Ship,
    ram: &Ram,
    target_ac: i32,
    vs_ship: bool,
) -> Result<(crate::attack::AttackRoll, u32), AcksError> {
    rammer.check_able("move to ram")?;
    if ram.distance != 0 {
        return Err(AcksError::range(
            "AC-NAVAL-13",
            format!(
                "a ram needs the ships at 0 ft, they are {} apart",
                ram.distance
            ),
        ));
    }
    let dice: DiceSpec = ram_damage(tables, ram.size, vs_ship)?.parse()?;
    let roll =
        crate::attack::resolve_attack(ram.attack_throw, target_ac, ram.attack_bonus, ram.d20)?;
    let damage = if roll.hit || !ram.damage_faces.is_empty() {
        dice.total(&ram.damage_faces, "AC-NAVAL-13")?.max(0) as u32
    } else {
        0
    };
    let damage = if roll.hit { damage } else { 0 };
    Ok((roll, damage))
}

/// AC-NAVAL-13: a ship rams a ship: 0 ft, an attack against its AC, T-24 shp damage (the
/// Judge's values: refused naming T-24 until entered).
pub fn ram_ship(
    tables: &Tables,
    rammer: &Ship,
    target: &mut Ship,
    ram: &Ram,
) -> Result<RamResult, AcksError> {
    let (roll, damage) = ram_roll(tables, rammer, ram, target.ac, true)?;
    let disabled_target = damage > 0 && target.take_shp(damage);
    Ok(RamResult {
        roll,
        damage,
        disabled_target,
    })
}

/// AC-NAVAL-13: a ship rams a sea monster: T-24 hp damage, returned for the monster's hp.
pub fn ram_monster(
    tables: &Tables,
    rammer: &Ship,
    monster_ac: i32,
    ram: &Ram,
) -> Result<RamResult, AcksError> {
    let (roll, damage) = ram_roll(tables, rammer, ram, monster_ac, false)?;
    Ok(RamResult {
        roll,
        damage,
        disabled_target: false,
    })
}

/// AC-NAVAL-14: a grappling attempt this round: ships at 0 ft; certain if both crews want it,
/// else 13+ on the d20 with the Judge's modifier.
pub fn grapple(
    distance: u32,
    both_want: bool,
    judge_modifier: i32,
    d20: i32,
) -> Result<bool, AcksError> {
    if distance != 0 {
        return Err(AcksError::range(
            "AC-NAVAL-14",
            format!("boarding needs the ships at 0 ft, they are {distance} apart"),
        ));
    }
    if !(1..=20).contains(&d20) || judge_modifier.abs() > 10 {
        return Err(AcksError::range(
            "AC-NAVAL-14",
            "a d20 face 1–20 and a Judge's modifier within ±10",
        ));
    }
    Ok(both_want || d20 + judge_modifier >= GRAPPLE_THROW)
}

/// AC-NAVAL-15: a boarder's attack bonus and AC in the round it boards.
pub fn boarding_round(attack_bonus: i32, ac: i32) -> (i32, i32) {
    (attack_bonus + BOARDING_PENALTY, ac + BOARDING_PENALTY)
}

/// AC-NAVAL-02/06: the end of a combat round: reloading pieces come one round closer, sinking
/// ships one round closer to going under. Returns the names of ships that sank.
pub fn end_round(ships: &mut [Ship], pieces: &mut [Piece]) -> Vec<String> {
    for p in pieces.iter_mut() {
        p.reloading = p.reloading.saturating_sub(1);
    }
    let mut sank = Vec::new();
    for s in ships.iter_mut() {
        if let Some(n) = s.sinks_in.filter(|_| !s.sunk) {
            let left = n.saturating_sub(1);
            s.sinks_in = Some(left);
            if left == 0 {
                s.sunk = true;
                sank.push(s.name.clone());
            }
        }
    }
    sank
}
