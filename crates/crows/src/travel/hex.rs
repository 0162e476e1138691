//! The travel map («Гексы»): 5-mile flat-topped hexes in axial coordinates, each with a
//! terrain, roads and rivers (CR-TRAVEL-01, CR-ERR-55).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Miles across one hex (CR-TRAVEL-01).
pub const HEX_MILES: u8 = 5;

/// A hex in axial coordinates for flat-topped hexes: `q` grows toward the east (north-east and
/// south-east neighbours), `r` grows toward the south.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// The six neighbours of a flat-topped hex, in clockwise order from due north (CR-ERR-55).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    North,
    NorthEast,
    SouthEast,
    South,
    SouthWest,
    NorthWest,
}

impl Direction {
    /// Clockwise from due north.
    pub const CLOCKWISE: [Direction; 6] = [
        Direction::North,
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// The axial step to the neighbour in this direction.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, -1),
            Direction::NorthEast => (1, -1),
            Direction::SouthEast => (1, 0),
            Direction::South => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::NorthWest => (-1, 0),
        }
    }
}

impl Hex {
    pub fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    pub fn neighbour(self, d: Direction) -> Hex {
        let (dq, dr) = d.delta();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// The six neighbours, clockwise from due north.
    pub fn neighbours(self) -> [Hex; 6] {
        Direction::CLOCKWISE.map(|d| self.neighbour(d))
    }

    /// Distance in hexes.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        let ds = -dq - dr;
        (dq.unsigned_abs() + dr.unsigned_abs() + ds.unsigned_abs()) / 2
    }
}

/// What a hex holds: its terrain (habitat, drives which encounters can happen), whether a road
/// runs through it and whether a river crosses it, and the Miasma flag (CR-MIASMA-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexInfo {
    /// Free text chosen by the Referee: forest, mountains, plains…
    pub terrain: String,
    pub road: bool,
    pub river: bool,
    /// Open ground is in the Miasma; default yes.
    pub in_miasma: bool,
}

impl HexInfo {
    pub fn open(terrain: impl Into<String>) -> Self {
        HexInfo {
            terrain: terrain.into(),
            road: false,
            river: false,
            in_miasma: true,
        }
    }
}

/// The Referee's map: drawn hex by hex or imported. Serialised as a list of
/// `{"hex": {"q", "r"}, "info": {…}}` entries (JSON object keys must be strings).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexMap {
    #[serde(with = "hex_list")]
    pub hexes: BTreeMap<Hex, HexInfo>,
}

mod hex_list {
    use super::{BTreeMap, Hex, HexInfo};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Entry {
        hex: Hex,
        info: HexInfo,
    }

    pub fn serialize<S: Serializer>(map: &BTreeMap<Hex, HexInfo>, s: S) -> Result<S::Ok, S::Error> {
        let list: Vec<Entry> = map
            .iter()
            .map(|(h, i)| Entry {
                hex: *h,
                info: i.clone(),
            })
            .collect();
        list.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<Hex, HexInfo>, D::Error> {
        let list = Vec::<Entry>::deserialize(d)?;
        Ok(list.into_iter().map(|e| (e.hex, e.info)).collect())
    }
}

impl HexMap {
    pub fn set(&mut self, hex: Hex, info: HexInfo) {
        self.hexes.insert(hex, info);
    }

    pub fn get(&self, hex: Hex) -> Option<&HexInfo> {
        self.hexes.get(&hex)
    }

    pub fn remove(&mut self, hex: Hex) -> Option<HexInfo> {
        self.hexes.remove(&hex)
    }

    /// Whether a hex lies in the Miasma: its flag, or yes for a hex not on the map (open
    /// ground by default, CR-MIASMA-01).
    pub fn in_miasma(&self, hex: Hex) -> bool {
        self.get(hex).is_none_or(|i| i.in_miasma)
    }
}
