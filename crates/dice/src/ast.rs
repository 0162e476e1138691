//! The syntax tree of a dice expression. Produced by [`crate::parse`], consumed by the roller
//! ([`crate::roll`]) and by the exact-odds engine ([`crate::odds`]).
//!
//! Semantics of one dice term `NdX<modifiers>` (documented in the crate docs too):
//! 1. each of the N dice is rolled;
//! 2. **reroll** (`r`, `ro`): while (or, for `ro`, once) the face matches, the die is rolled again;
//!    the replaced faces are kept in the result tree, marked rerolled;
//! 3. **explode** (`!`, `!>t`): a final face that matches adds one more die to the pool, which in
//!    turn goes through reroll and may explode again, up to [`crate::limits::MAX_EXPLODE_DEPTH`];
//! 4. **clamp** (`mi`, `ma`): every face in the pool is raised to at least / lowered to at most
//!    the bound (explosion is decided on the face before clamping);
//! 5. **keep/drop** (`kh`, `kl`, `dh`, `dl`): over the whole pool, extra dice included;
//! 6. the term's value is the sum of kept faces, or, with a success target (`>=8`), the number
//!    of kept faces that meet it.

use serde::{Deserialize, Serialize};

/// A parsed expression with its optional label (`2d10+2 [Agility]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expression {
    pub root: Expr,
    pub label: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Expr {
    /// An integer constant.
    Number { value: i64 },
    /// A dice term such as `4d6kh3` or `6d10>=8`.
    Dice(DiceTerm),
    /// Unary minus.
    Neg { expr: Box<Expr> },
    /// Binary arithmetic; `/` rounds down (towards negative infinity).
    Binary { op: BinOp, lhs: Box<Expr>, rhs: Box<Expr> },
    /// A parenthesised sub-expression (kept so the tree prints back as written).
    Group { expr: Box<Expr> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Integer division rounding down (floor).
    Div,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceTerm {
    /// Number of dice (`N` in `NdX`; 1 when omitted).
    pub count: u32,
    pub sides: Sides,
    /// At most one of each kind after parsing, in the order written.
    pub modifiers: Vec<Modifier>,
    /// Success counting for pools (`6d10>=8`): the term's value is the number of kept dice
    /// whose face satisfies the comparison.
    pub success: Option<Compare>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "sides", rename_all = "snake_case")]
pub enum Sides {
    /// `dX`: faces 1..=X.
    Faces(u32),
    /// `d%`: faces 1..=100.
    Percent,
    /// `dF`: Fate die, faces -1, 0, +1.
    Fate,
}

impl Sides {
    /// Lowest face.
    pub fn min_face(self) -> i64 {
        match self {
            Sides::Faces(_) | Sides::Percent => 1,
            Sides::Fate => -1,
        }
    }
    /// Highest face.
    pub fn max_face(self) -> i64 {
        match self {
            Sides::Faces(n) => i64::from(n),
            Sides::Percent => 100,
            Sides::Fate => 1,
        }
    }
    /// Number of faces.
    pub fn face_count(self) -> u32 {
        match self {
            Sides::Faces(n) => n,
            Sides::Percent => 100,
            Sides::Fate => 3,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CmpOp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compare {
    pub op: CmpOp,
    pub value: i64,
}

impl Compare {
    pub fn matches(self, face: i64) -> bool {
        match self.op {
            CmpOp::Eq => face == self.value,
            CmpOp::Lt => face < self.value,
            CmpOp::Le => face <= self.value,
            CmpOp::Gt => face > self.value,
            CmpOp::Ge => face >= self.value,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeepDrop {
    KeepHighest,
    KeepLowest,
    DropHighest,
    DropLowest,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Modifier {
    /// `kh3`, `kl`, `dh`, `dl2` (count defaults to 1).
    KeepDrop { which: KeepDrop, count: u32 },
    /// `r1` (= `r=1`), `r<3`, `ro>5`: reroll while (or once, `once`) the face matches.
    Reroll { cmp: Compare, once: bool },
    /// `!` (explode on the highest face) or `!>5`, `!=4`…
    Explode { cmp: Compare },
    /// `mi3`: faces below 3 count as 3.
    Min { value: i64 },
    /// `ma5`: faces above 5 count as 5.
    Max { value: i64 },
}
