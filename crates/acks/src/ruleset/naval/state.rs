//! Naval combat's part of the table state, its events and the small types its commands carry.
//! Below the aggregate state: it imports pure modules only.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice_spec::DiceSpec;
use crate::naval::{Ammunition, Piece, Ship};
use crate::tables::{Artillery, RamSize};

/// A ship in a naval fight (AC-NAVAL-02…05).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalShip {
    pub ship: Ship,
    /// Rowers aboard (0 for a sailing ship), and how many are lost or set to other work.
    #[serde(default)]
    pub rowers: u32,
    #[serde(default)]
    pub rowers_lost: u32,
    /// Structural hit points lost since the last dock, and repaired since (AC-NAVAL-04).
    #[serde(default)]
    pub damage_suffered: u32,
    #[serde(default)]
    pub repaired: u32,
    /// Its ship weapons (AC-NAVAL-06…12).
    #[serde(default)]
    pub pieces: Vec<Piece>,
    /// Ships it is grappled to (AC-NAVAL-14).
    #[serde(default)]
    pub grappled: Vec<String>,
    /// Turns of fire-fighting left before its pitch fires go out (AC-NAVAL-11).
    #[serde(default)]
    pub fire_turns_left: Option<u32>,
    /// The combatant whose initiative count moves the ship, rams and grapples (AC-NAVAL-01).
    #[serde(default)]
    pub captain: Option<String>,
    /// Each piece's crew: the combatant on whose count the piece shoots (AC-NAVAL-01).
    #[serde(default)]
    pub gunners: BTreeMap<String, String>,
    /// Crew aboard fighting with their own weapons, each on its own count (AC-NAVAL-01).
    #[serde(default)]
    pub marines: Vec<String>,
    /// The combat round it last moved in, and how far (once a round, up to its speed).
    #[serde(default)]
    pub moved: Option<(u32, u32)>,
}

impl NavalShip {
    /// Speed after structural damage and lost rowers, each rounded to the nearest 10 %
    /// (AC-NAVAL-03).
    pub fn speed(&self) -> u32 {
        let after_shp = self.ship.current_speed();
        if self.rowers == 0 {
            return after_shp;
        }
        crate::naval::reduced_speed(after_shp, self.rowers_lost.min(self.rowers), self.rowers)
            .unwrap_or(0)
    }
}

/// The ships at sea in a fight.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct NavalState {
    pub ships: BTreeMap<String, NavalShip>,
    pub round: u32,
    /// Burning pitch on the creatures' field, by area id (AC-NAVAL-10).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub burning: BTreeMap<String, BurningPitch>,
}

/// A catapult's burning pitch among creatures (AC-NAVAL-10): its dice each round to every
/// creature the Judge says is still in its 5-ft (light) or 10-ft (heavy) area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BurningPitch {
    pub ship: String,
    pub piece: String,
    pub dice: String,
    pub area_ft: u32,
    /// The creatures in the area now.
    pub creatures: Vec<String>,
    /// The fight's round it was thrown in (its own damage is that round's).
    pub round: u32,
}

/// A piece as a command names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "AcksShipPiece")]
pub struct PieceSpec {
    pub name: String,
    #[schemars(with = "String")]
    pub kind: Artillery,
}

/// Naval events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum NavalEvent {
    ShipJoined {
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
    /// Structural damage; from a giant monster or magic, `hp_damage` is the damage in hit
    /// points, 1 shp per 5 (AC-NAVAL-05).
    ShipDamaged {
        ship: String,
        shp: u32,
        #[serde(default)]
        hp_damage: Option<u32>,
        shp_after: i32,
    },
    /// At 0 shp: it goes under in this many rounds (1d10, AC-NAVAL-02).
    ShipSinking { ship: String, rounds: u32 },
    /// Rowers lost or set to other work (AC-NAVAL-03).
    RowersLost {
        ship: String,
        lost: u32,
        speed_after: u32,
    },
    /// A team of 5 crew restores 1 shp a turn; at sea only half the damage (AC-NAVAL-04).
    ShipRepaired {
        ship: String,
        crew: u32,
        turns: u32,
        shp: u32,
        shp_after: i32,
    },
    /// A ram against a ship's AC (AC-NAVAL-13).
    Rammed {
        ship: String,
        target: String,
        size: RamSize,
        face: i32,
        total: i32,
        needed: i32,
        hit: bool,
        damage: u32,
        /// Against a sea monster, the damage is hit points.
        vs_ship: bool,
    },
    /// A ship weapon's shot (AC-NAVAL-06…10).
    ShotFired {
        ship: String,
        piece: String,
        target: String,
        ammunition: Ammunition,
        face: i32,
        total: i32,
        needed: i32,
        hit: bool,
        shp_damage: u32,
        set_afire: bool,
        /// Rounds before the piece shoots again (T-23's rate of fire).
        #[serde(default)]
        reloading: u32,
        /// The pitch fire it started: shp dice per turn (AC-NAVAL-10).
        #[serde(default)]
        new_fire: Option<DiceSpec>,
    },
    /// A grappling attempt (AC-NAVAL-14): no roll when both crews want it.
    GrappleTried {
        ship: String,
        target: String,
        #[serde(default)]
        face: Option<i32>,
        judge_modifier: i32,
        grappled: bool,
    },
    /// Crew set to fight the pitch fires: out after this many turns (AC-NAVAL-11).
    FireFought { ship: String, crew: u32, turns: u32 },
    /// A turn of burning pitch (AC-NAVAL-10); the fires went out at its end when fought long
    /// enough (AC-NAVAL-11).
    ShipBurned {
        ship: String,
        shp: u32,
        fires_out: bool,
    },
    /// The Judge names who commands a ship and who serves its pieces (AC-NAVAL-01).
    CrewAssigned {
        ship: String,
        #[serde(default)]
        captain: Option<String>,
        #[serde(default)]
        gunners: BTreeMap<String, String>,
        #[serde(default)]
        marines: Vec<String>,
    },
    /// The ship moves on its captain's count, up to its speed (AC-NAVAL-01/03).
    ShipMoved {
        ship: String,
        feet: u32,
        round: u32,
        speed: u32,
    },
    /// A ship weapon shot at creatures (AC-NAVAL-08/09): one damage roll for every creature
    /// the Judge named in the line or area.
    ShotAtCreatures {
        ship: String,
        piece: String,
        targets: Vec<String>,
        dice: String,
        area: String,
        damage: u32,
        #[serde(default)]
        reloading: u32,
    },
    /// Burning pitch lands among creatures and keeps burning (AC-NAVAL-10).
    PitchBurning {
        area: String,
        ship: String,
        piece: String,
        dice: String,
        area_ft: u32,
        creatures: Vec<String>,
        round: u32,
    },
    /// The Judge says who is in a burning area now (AC-NAVAL-10).
    PitchAreaSet {
        area: String,
        creatures: Vec<String>,
    },
    /// A round of burning: the dice rolled once, to every creature in the area.
    PitchBurned {
        area: String,
        dice: String,
        damage: u32,
        creatures: Vec<String>,
    },
    /// The pitch burns out or is put out.
    PitchOut { area: String },
    /// Reloads come one round closer and sinking ships go under (AC-NAVAL-02/06).
    NavalRoundEnded {
        round: u32,
        #[serde(default)]
        sank: Vec<String>,
    },
}
