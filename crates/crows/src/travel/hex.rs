//! The travel map («Гексы»): 5-mile flat-topped hexes in axial coordinates, each with a
//! terrain, roads and rivers (CR-TRAVEL-01, CR-ERR-55).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Miles across one hex (CR-TRAVEL-01).
pub const HEX_MILES: u8 = 5;

pub use tabletop::hex::{Direction, Hex};

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
