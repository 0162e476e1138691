//! The hex map's geometry: flat-topped hexes in axial coordinates, their six neighbours
//! clockwise from due north, distance in hexes, a walk of several steps one way (a scout's
//! ride), a drift step by step (a lost party's wandering) and the hexes within a radius.

use serde::{Deserialize, Serialize};

/// A hex in axial coordinates for flat-topped hexes: `q` grows toward the east (north-east and
/// south-east neighbours), `r` grows toward the south.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// The six neighbours of a flat-topped hex, in clockwise order from due north (CR-ERR-55).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
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

    /// The `n`-th direction counting clockwise from due north (0 is north; counts past 5 wrap
    /// around): a die face picks a drift this way.
    pub fn nth_clockwise(n: usize) -> Direction {
        Direction::CLOCKWISE[n % 6]
    }

    /// Its place in [`Direction::CLOCKWISE`].
    pub fn index(self) -> usize {
        match self {
            Direction::North => 0,
            Direction::NorthEast => 1,
            Direction::SouthEast => 2,
            Direction::South => 3,
            Direction::SouthWest => 4,
            Direction::NorthWest => 5,
        }
    }

    /// Turned `sixths` sixths of a turn clockwise (negative: counter-clockwise).
    pub fn turned(self, sixths: i32) -> Direction {
        // rem_euclid(6) is 0..6.
        let i = (self.index() as i32 + sixths.rem_euclid(6)).rem_euclid(6);
        Direction::CLOCKWISE[i as usize]
    }

    pub fn opposite(self) -> Direction {
        self.turned(3)
    }

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

impl Hex {
    /// The hex `steps` hexes away in direction `d`.
    pub fn toward(self, d: Direction, steps: u32) -> Hex {
        let (dq, dr) = d.delta();
        // Axial coordinates of any hex a table can name fit i32; a walk past them saturates.
        let n = i32::try_from(steps).unwrap_or(i32::MAX);
        Hex::new(
            self.q.saturating_add(dq.saturating_mul(n)),
            self.r.saturating_add(dr.saturating_mul(n)),
        )
    }
}

impl Hex {
    /// Where a drift of one step per direction ends.
    pub fn drift(self, steps: impl IntoIterator<Item = Direction>) -> Hex {
        steps.into_iter().fold(self, Hex::neighbour)
    }

    /// Every hex within `radius` hexes (this one included), by rows of `q` then `r`: 1, 7,
    /// 19… hexes (3r(r + 1) + 1).
    pub fn within(self, radius: u16) -> Vec<Hex> {
        let n = i32::from(radius);
        let mut out = Vec::new();
        for dq in -n..=n {
            for dr in (-n).max(-dq - n)..=n.min(-dq + n) {
                out.push(Hex::new(
                    self.q.saturating_add(dq),
                    self.r.saturating_add(dr),
                ));
            }
        }
        out
    }
}
