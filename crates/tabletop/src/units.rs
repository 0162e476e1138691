//! Distance units: feet, yards, miles, squares and hexes, exact on whole feet.
//!
//! A square's side and a hex's width are the ruleset's ([`Scale`]); feet, yards and miles are
//! fixed (3 feet to the yard, 5,280 to the mile).

use serde::{Deserialize, Serialize};

use crate::GeometryError;

/// Feet per yard.
pub const FEET_PER_YARD: u64 = 3;
/// Feet per mile.
pub const FEET_PER_MILE: u64 = 5280;

/// A unit of length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Feet,
    Yards,
    Miles,
    Squares,
    Hexes,
}

impl Unit {
    pub const ALL: [Unit; 5] = [
        Unit::Feet,
        Unit::Yards,
        Unit::Miles,
        Unit::Squares,
        Unit::Hexes,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Unit::Feet => "feet",
            Unit::Yards => "yards",
            Unit::Miles => "miles",
            Unit::Squares => "squares",
            Unit::Hexes => "hexes",
        }
    }

    /// Parses a unit name or its short form (`ft`, `yd`, `mi`, `sq`, `hex`).
    pub fn parse(text: &str) -> Result<Unit, GeometryError> {
        let t = text.trim().to_ascii_lowercase();
        let unit = match t.as_str() {
            "feet" | "foot" | "ft" => Unit::Feet,
            "yards" | "yard" | "yd" => Unit::Yards,
            "miles" | "mile" | "mi" => Unit::Miles,
            "squares" | "square" | "sq" => Unit::Squares,
            "hexes" | "hex" => Unit::Hexes,
            _ => return Err(GeometryError::UnknownUnit(text.to_string())),
        };
        Ok(unit)
    }
}

/// The ruleset's scale: how long a square's side and a hex's width are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct Scale {
    pub feet_per_square: u32,
    pub miles_per_hex: u32,
}

impl Default for Scale {
    /// 5-foot squares and 6-mile hexes.
    fn default() -> Self {
        Scale {
            feet_per_square: 5,
            miles_per_hex: 6,
        }
    }
}

impl Scale {
    /// Feet in one `unit`; refuses a scale of 0.
    pub fn feet_per(&self, unit: Unit) -> Result<u64, GeometryError> {
        let f = match unit {
            Unit::Feet => 1,
            Unit::Yards => FEET_PER_YARD,
            Unit::Miles => FEET_PER_MILE,
            Unit::Squares => u64::from(self.feet_per_square),
            Unit::Hexes => u64::from(self.miles_per_hex) * FEET_PER_MILE,
        };
        if f == 0 {
            return Err(GeometryError::ZeroScale(unit.name()));
        }
        Ok(f)
    }

    /// `value` `unit`s in feet; refuses an overflow.
    pub fn to_feet(&self, value: u64, unit: Unit) -> Result<u64, GeometryError> {
        value
            .checked_mul(self.feet_per(unit)?)
            .ok_or(GeometryError::TooLong)
    }

    /// `feet` in whole `unit`s and the feet left over: 22 feet are 4 squares and 2 feet.
    pub fn from_feet(&self, feet: u64, unit: Unit) -> Result<(u64, u64), GeometryError> {
        let per = self.feet_per(unit)?;
        Ok((feet / per, feet % per))
    }

    /// `value` `from`s in whole `to`s and the feet left over.
    pub fn convert(&self, value: u64, from: Unit, to: Unit) -> Result<(u64, u64), GeometryError> {
        self.from_feet(self.to_feet(value, from)?, to)
    }
}
